/* kuzhi-oware.c — Oware with the Abapa rules, as docs/rules-kalah-oware-mangala.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_HOUSES  12
#define ROW       6
#define HALF      24    /* half of the 48 seeds: more wins, exactly is a draw */
#define PLY_LIMIT KZ_OWARE_PLY_LIMIT

static bool
oware_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  return kz_position_setup_seeds (pos, KZ_VARIANT_OWARE, "Oware", options, error, error_len);
}

/* The moves of the player to move: every non-empty house, or, when the
 * opponent's row is empty, only the houses whose seeds reach it. A house c
 * of player p reaches the opponent's first house when it holds at least
 * (p * ROW + ROW) - c seeds; skipping the origin only matters from 12
 * seeds on, and those always reach it. */
static int
moves_of (const KzPosition *pos, KzAction *out)
{
  int n = 0;
  int p = pos->to_move;
  int first = p * ROW;
  bool must_feed = kz_row_sum_6 (pos, !p) == 0;

  for (int c = first; c < first + ROW; c++)
    if (pos->pits[c] != 0 && (!must_feed || pos->pits[c] >= first + ROW - c))
      out[n++] = (KzAction) c;
  return n;
}

static int
oware_legal (const KzPosition *pos, KzAction *out)
{
  if (pos->over)
    return 0;
  return moves_of (pos, out);
}

static inline bool
capturable (int seeds)
{
  return seeds == 2 || seeds == 3;
}

static void
oware_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int q = !p;
  int hand = pos->pits[action];
  int c = action;

  pos->plies++;
  pos->pits[action] = 0;
  if (log)
    {
      kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);
      if (kz_row_sum_6 (pos, q) == 0)
        kz_event_log_set_detail (log, KZ_DETAIL_MUST_FEED);
    }

  /* The origin house is skipped on every lap; with fewer than 12 seeds
   * the sowing never gets back to it anyway. */
  while (hand > 0)
    {
      c = c == N_HOUSES - 1 ? 0 : c + 1;
      if (c == action)
        continue;
      pos->pits[c]++;
      hand--;
      if (log)
        kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
    }

  /* Captures run backwards from the last house while it stays on the
   * opponent's row and holds 2 or 3. */
  int lo = q * ROW;
  if (c >= lo && c < lo + ROW && capturable (pos->pits[c]))
    {
      int taken = 0;
      int stop = c;
      while (stop >= lo && capturable (pos->pits[stop]))
        taken += pos->pits[stop--];

      /* Grand slam: taking the whole row is allowed but takes nothing. */
      if (taken == kz_row_sum_6 (pos, q))
        kz_event_log_set_detail (log, KZ_DETAIL_GRAND_SLAM);
      else
        for (int h = c; h > stop; h--)
          {
            int count = pos->pits[h];
            pos->stores[p] += pos->pits[h];
            pos->pits[h] = 0;
            if (log)
              kz_event_log_push (log, KZ_EVENT_CAPTURE, h, p, count);
          }
    }

  pos->to_move = (uint8_t) q;

  KzAction replies[KZ_MAX_ACTIONS];
  /* Both players at 24 captured cannot happen: the board would be empty,
   * so the last capture took the opponent's whole row, a grand slam that
   * takes nothing. A 24–24 draw comes from the final count instead.
   * At the end each player keeps the seeds on their own row, gathered
   * into their store so that the stores show the final score. */
  if (pos->stores[p] > HALF)
    kz_gather_and_end (pos, -1, KZ_END_MAJORITY, log);
  else if (moves_of (pos, replies) == 0)
    kz_gather_and_end (pos, -1, KZ_END_NO_FEED, log);
  else if (pos->plies >= PLY_LIMIT)
    kz_gather_and_end (pos, -1, KZ_END_LIMIT, log);
}

/* The opponent's row is empty: only the houses that reach it may be sown. */
static bool
oware_must_feed (const KzPosition *pos)
{
  return kz_row_sum_6 (pos, !pos->to_move) == 0;
}

/* Captured seeds plus the seeds on the player's own row, which they keep
 * when the game stops. */
static int
oware_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + kz_row_sum_6 (pos, player);
}

/* The features of oware_eval, in the weights' order. */
enum { OW_STORE, OW_ROW, OW_VULNERABLE, OW_KROO, OW_MOBILITY, OW_EMPTY, OW_LIMIT };

/* Plies before the limit from which the seeds on each row start to count
 * as that row's owner's, as they will at the limit. */
#define LIMIT_RAMP 64

static int
oware_eval (const KzPosition *pos, const int *w)
{
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };
  /* 0 far from the limit, rising to 16 at it: the weight times 16 is
   * what a seed on one's row is worth more when the game stops there. */
  int near = pos->plies + LIMIT_RAMP > PLY_LIMIT ? (pos->plies + LIMIT_RAMP - PLY_LIMIT) / 4 : 0;

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? pos->to_move : !pos->to_move;
      int sign = side == 0 ? 1 : -1;
      const uint8_t *row = pos->pits + player * 6;

      f[OW_STORE] += sign * pos->stores[player];
      for (int i = 0; i < 6; i++)
        {
          f[OW_ROW] += sign * row[i];
          /* Houses of 1 or 2 are what the other player captures; the
           * minus makes "the other side's weak houses" a plus. */
          if (row[i] == 1 || row[i] == 2)
            f[OW_VULNERABLE] -= sign;
          if (row[i] >= 12)
            f[OW_KROO] += sign;
          if (row[i] > 0)
            f[OW_MOBILITY] += sign;
          else
            f[OW_EMPTY] += sign;
          f[OW_LIMIT] += sign * near * row[i];
        }
    }

  return kz_eval_weigh (w, f);
}

/* The 400-ply limit makes the ply count part of the position. */
static uint64_t
oware_key_extra (const KzPosition *pos)
{
  return pos->plies;
}

/* Set-up positions: the game goes on while no one has captured more than
 * half the seeds, the mover has a move (one that feeds an empty row), and
 * the ply limit is not reached. */
static bool
oware_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  KzAction moves[KZ_MAX_ACTIONS];

  if (pos->stores[0] > HALF || pos->stores[1] > HALF)
    return KZ_REFUSE_OVER (reason, reason_len, "A player has captured more than half the seeds");
  if (pos->plies >= PLY_LIMIT)
    return KZ_REFUSE_OVER (reason, reason_len, "The 400-ply limit is reached");
  /* Two calls, not a ?: in one: xgettext extracts only the first string
   * of a call's argument. */
  if (moves_of (pos, moves) == 0)
    {
      if (kz_row_sum_6 (pos, pos->to_move) == 0)
        return KZ_REFUSE_OVER (reason, reason_len, "The player to move has no seeds");
      return KZ_REFUSE_OVER (reason, reason_len, "The player to move cannot feed the empty row");
    }
  return true;
}

const KzVariant kz_variant_oware = {
  .key = "oware",
  .name = "Oware",
  .seed_word = "seeds",
  .check = oware_check,
  .n_pits = N_HOUSES,
  .has_stores = false,
  .stores_at_ends = false,
  .has_repetition = false,
  .setup = oware_setup,
  .legal = oware_legal,
  .apply = oware_apply,
  .score = oware_score,
  .must_feed = oware_must_feed,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_HOUSE,
  .seeds_choices = { 4 },
  .seeds_default = 4,
  .win_target = HALF + 1,
  .eval = oware_eval,
  /* Tuned by matches against Aualé's engine Aalina and against the weights
   * before (docs/computer-opponent.md, "Oware's evaluation"): an empty
   * house costs more than two seeds, a house of 1 or 2 nearly one and a
   * half, a kroo is worth a seed; the seeds on the rows count only near
   * the limit. */
  .eval_weights = { { 100, 0, 144, 112, 0, -216, 6 } },
  .eval_weight_names = { "store", "row", "vulnerable", "kroo", "mobility", "empty", "limit" },
  .key_extra = oware_key_extra,
  .easy_stray = 30,
  /* At 4 a third less time for the same depth, and 56% at equal time
   * against every depth (40 games at 100 ms). */
  .table_min_depth = 4,
  /* Oware: captures are of 2 or 3 seeds, so 2 lost is already a real mistake. */
  .review_mistake = 2,
  .review_blunder = 4,
  .review_time_ms = 250,
};
