/* kuzhi-bohnenspiel.c — Bohnenspiel, the German bean game, as docs/rules-bohnenspiel.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>

#define N_PITS      12
#define ROW         6
#define QUIET_LIMIT KZ_BOHNENSPIEL_QUIET_LIMIT

static bool
bohnenspiel_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  return kz_position_setup_seeds (pos, KZ_VARIANT_BOHNENSPIEL, "Bohnenspiel", options, error, error_len);
}

static inline bool
takes (int beans)
{
  return beans == 2 || beans == 4 || beans == 6;
}

static void
bohnenspiel_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int hand = pos->pits[action];
  int c = action;
  bool captured = false;

  pos->plies++;
  pos->pits[action] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);

  /* Over both rows; the emptied pit is not skipped on a later lap. */
  while (hand-- > 0)
    {
      c = c == N_PITS - 1 ? 0 : c + 1;
      pos->pits[c]++;
      if (log)
        kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
    }

  /* From the last pit backwards (clockwise, round the end of the board),
   * on either row, while a pit holds 2, 4 or 6. A pit taken is empty, so
   * the chain stops at the latest when it comes round to its start. */
  while (takes (pos->pits[c]))
    {
      int count = pos->pits[c];

      pos->stores[p] += pos->pits[c];
      pos->pits[c] = 0;
      captured = true;
      if (log)
        kz_event_log_push (log, KZ_EVENT_CAPTURE, c, p, count);
      c = c == 0 ? N_PITS - 1 : c - 1;
    }

  pos->quiet_plies = captured ? 0 : (uint16_t) (pos->quiet_plies + 1);
  pos->to_move = (uint8_t) !p;

  /* The player to move has no beans: the rest go to the other player. */
  if (kz_row_sum_6 (pos, !p) == 0)
    kz_gather_and_end (pos, p, KZ_END_SIDE_EMPTY, log);
  else if (pos->quiet_plies >= QUIET_LIMIT)
    kz_gather_and_end (pos, -1, KZ_END_NO_CAPTURE, log);
}

/* What a player has when the game stops: the store, and the beans on their
 * own row, which the 100-ply rule gives them. */
static int
bohnenspiel_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + kz_row_sum_6 (pos, player);
}

/* The features of bohnenspiel_eval, in the weights' order. */
enum { BO_STORE, BO_ROW, BO_HITS, BO_THREATS, BO_MOBILITY, BO_ODD };

/* Captures are made on either row, wherever the last bean turns a pit of
 * 1, 3 or 5 into 2, 4 or 6: a pit whose beans end on such a pit (before
 * a whole lap) is a capture on offer, for the mover a hit and for the
 * other player a threat. Beans in one's own pits of 1, 3 or 5 are what
 * the other player can take. */
static int
bohnenspiel_eval (const KzPosition *pos, const int *w)
{
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? pos->to_move : !pos->to_move;
      int sign = side == 0 ? 1 : -1;
      int hits = 0;

      f[BO_STORE] += sign * pos->stores[player];
      for (int c = player * ROW; c < player * ROW + ROW; c++)
        {
          int beans = pos->pits[c];

          f[BO_ROW] += sign * beans;
          if (beans == 0)
            continue;
          f[BO_MOBILITY] += sign;
          if (beans & 1)
            f[BO_ODD] += sign * beans;
          if (beans < N_PITS && (pos->pits[(c + beans) % N_PITS] & 1) && pos->pits[(c + beans) % N_PITS] <= 5)
            hits++;
        }
      if (side == 0)
        f[BO_HITS] += hits;
      else
        f[BO_THREATS] += hits;
    }

  return kz_eval_weigh (w, f);
}

/* The 100-ply rule makes the plies since the last capture count. */
static uint64_t
bohnenspiel_key_extra (const KzPosition *pos)
{
  return pos->quiet_plies;
}

/* Set-up positions: the player to move has beans (the other row may be
 * empty: a sowing can leave its own row so), and fewer than 100 plies
 * have passed without a capture. */
static bool
bohnenspiel_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  if (kz_row_sum_6 (pos, pos->to_move) == 0)
    return KZ_REFUSE_OVER (reason, reason_len, "The player to move has no beans");
  if (pos->quiet_plies >= QUIET_LIMIT)
    return KZ_REFUSE_OVER (reason, reason_len, "100 plies have passed without a capture");
  return true;
}

const KzVariant kz_variant_bohnenspiel = {
  .key = "bohnenspiel",
  .name = "Bohnenspiel",
  .seed_word = "beans",
  .check = bohnenspiel_check,
  .n_pits = N_PITS,
  .has_stores = false,
  .stores_at_ends = true,
  .has_repetition = false,
  .setup = bohnenspiel_setup,
  .legal = kz_legal_nonempty_pits,
  .apply = bohnenspiel_apply,
  .score = bohnenspiel_score,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_PIT,
  .seeds_choices = { 4, 5, 6 },
  .seeds_default = 6,
  .eval = bohnenspiel_eval,
  .eval_weights = { { 100, 10, 60, -60, 5, -10 } },
  .eval_weight_names = { "store", "row", "hits", "threats", "mobility", "odd" },
  .key_extra = bohnenspiel_key_extra,
  .easy_stray = 30,
  /* At 4 deeper per move, and 61% at equal time against every depth
   * (40 games at 100 ms). Mangala (46%) and Pallanguzhi (35%) lost at 4,
   * and the Constitution needs 3 times the nodes there: they keep 0. */
  .table_min_depth = 4,
  /* Bohnenspiel: captures of 2, 4 or 6 beans, chained along the row. */
  .review_mistake = 3,
  .review_blunder = 6,
  .review_time_ms = 250,
};
