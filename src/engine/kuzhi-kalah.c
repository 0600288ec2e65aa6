/* kuzhi-kalah.c — Kalah, as docs/rules-kalah-oware-mangala.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_PITS 12
#define ROW    6
#define STORE  KZ_SOW_STORE

static bool
kalah_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  return kz_position_setup_seeds (pos, KZ_VARIANT_KALAH, "Kalah", options, error, error_len);
}

static void
kalah_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int hand = pos->pits[action];
  bool again;

  pos->plies++;
  pos->pits[action] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);

  int last = kz_sow_with_own_store (pos, p, action, hand, log);
  again = last == STORE;

  /* A pit of the mover's row that holds 1 now was empty before the last
   * seed (the lifted pit included, reached again after a full lap). */
  if (!again && last / ROW == p && pos->pits[last] == 1)
    {
      int opposite = N_PITS - 1 - last;
      int taken = pos->pits[opposite];
      if (taken > 0)
        {
          pos->stores[p] += taken + 1;
          pos->pits[opposite] = 0;
          pos->pits[last] = 0;
          if (log)
            {
              kz_event_log_push (log, KZ_EVENT_CAPTURE, opposite, p, taken);
              kz_event_log_push (log, KZ_EVENT_CAPTURE, last, p, 1);
            }
        }
    }

  if (!again)
    pos->to_move = (uint8_t) !p;

  if (kz_row_sum_6 (pos, 0) == 0 || kz_row_sum_6 (pos, 1) == 0)
    /* A row is empty: each player sweeps their own row into their
     * store, so that the stores show the final score. */
    kz_gather_and_end (pos, -1, KZ_END_SIDE_EMPTY, log);
  else if (again && log)
    kz_event_log_push (log, KZ_EVENT_EXTRA_TURN, -1, p, 0);
}

/* Each player owns the seeds left on their own row, as the end sweep says. */
static int
kalah_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + kz_row_sum_6 (pos, player);
}


/* Set-up positions: a row empty at a turn's start has ended the game. */
static bool
kalah_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  if (kz_row_sum_6 (pos, 0) == 0 || kz_row_sum_6 (pos, 1) == 0)
    return KZ_REFUSE_OVER (reason, reason_len, "A row is empty");
  return true;
}

const KzVariant kz_variant_kalah = {
  .key = "kalah",
  .name = "Kalah",
  .seed_word = "seeds",
  .check = kalah_check,
  .n_pits = N_PITS,
  .has_stores = true,
  .stores_at_ends = true,
  .has_repetition = false,
  .setup = kalah_setup,
  .legal = kz_legal_nonempty_pits,
  .apply = kalah_apply,
  .score = kalah_score,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_PIT,
  .seeds_choices = { 3, 4, 5, 6 },
  .seeds_default = 4,
  .eval = kz_eval_store_game,
  .eval_weights = { { 100, 20, 40, 30, -20, 5, 0 } },
  .eval_weight_names = { KZ_EVAL_STORE_GAME_WEIGHTS },
  .easy_stray = 30,
  /* At 6 a 23-ply search from the start needs 0.6 times the nodes and
   * 0.4 times the time, with the same move and score, and Hard held its
   * own at equal time against every depth (50.0% over 60 games at 1 s). */
  .table_min_depth = 6,
  /* Kalah: a capture or a lost extra move swings 3–6 seeds of 48. */
  .review_mistake = 3,
  .review_blunder = 6,
  .review_time_ms = 250,
};
