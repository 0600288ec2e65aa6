/* kuzhi-mangala.c — Turkish Mangala, as docs/rules-kalah-oware-mangala.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_PITS 12
#define ROW    6
#define STORE  KZ_SOW_STORE

static bool
mangala_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  return kz_position_setup_seeds (pos, KZ_VARIANT_MANGALA, "Mangala", options, error, error_len);
}

static inline void
capture (KzPosition *pos, int pit, int player, KzEventLog *log)
{
  int count = pos->pits[pit];

  pos->stores[player] += pos->pits[pit];
  pos->pits[pit] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_CAPTURE, pit, player, count);
}

/* A row is empty: its owner takes every stone left on the other row. */
static void
finish (KzPosition *pos, KzEventLog *log)
{
  int empty = kz_row_sum_6 (pos, 0) == 0 ? 0 : 1;
  int other = !empty;

  for (int c = other * ROW; c < other * ROW + ROW; c++)
    if (pos->pits[c] != 0)
      {
        capture (pos, c, empty, log);
        kz_event_log_set_detail (log, KZ_DETAIL_GATHER);
      }
  kz_position_adjudicate (pos, KZ_END_SIDE_EMPTY);
  if (log)
    kz_event_log_push_end (log, pos->winner, KZ_END_SIDE_EMPTY);
}

static void
mangala_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int hand = pos->pits[action];
  bool again = false;

  pos->plies++;
  pos->pits[action] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);

  /* The first stone goes back where it came from; a lone stone simply
   * moves on (into the treasure when it sits in the row's last pit). */
  if (hand > 1)
    {
      pos->pits[action] = 1;
      hand--;
      if (log)
        kz_event_log_push (log, KZ_EVENT_DROP, action, -1, 0);
    }
  int last = kz_sow_with_own_store (pos, p, action, hand, log);

  if (last == STORE)
    again = true;
  else if (last / ROW != p)
    {
      if (pos->pits[last] % 2 == 0)
        capture (pos, last, p, log);
    }
  else if (pos->pits[last] == 1)
    {
      /* The pit was empty before the last stone; the lifted pit never is,
       * as it got its first stone back. */
      int opposite = N_PITS - 1 - last;
      if (pos->pits[opposite] > 0)
        {
          capture (pos, opposite, p, log);
          capture (pos, last, p, log);
        }
    }

  if (!again)
    pos->to_move = (uint8_t) !p;

  if (kz_row_sum_6 (pos, 0) == 0 || kz_row_sum_6 (pos, 1) == 0)
    finish (pos, log);
  else if (again && log)
    kz_event_log_push (log, KZ_EVENT_EXTRA_TURN, -1, p, 0);
}

/* Treasure plus the stones that would come to the player: the other row
 * when their own row is empty, else their own row (for a match stopped
 * before a row empties). */
static int
mangala_score (const KzPosition *pos, int player)
{
  int own = kz_row_sum_6 (pos, player);
  int other = kz_row_sum_6 (pos, !player);

  if (own == 0)
    return pos->stores[player] + other;
  if (other == 0)
    return pos->stores[player];
  return pos->stores[player] + own;
}


/* Set-up positions: a row empty at a turn's start has ended the game. */
static bool
mangala_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  if (kz_row_sum_6 (pos, 0) == 0 || kz_row_sum_6 (pos, 1) == 0)
    return KZ_REFUSE_OVER (reason, reason_len, "A row is empty");
  return true;
}

const KzVariant kz_variant_mangala = {
  .key = "mangala",
  .name = "Mangala",
  .seed_word = "stones",
  .check = mangala_check,
  .n_pits = N_PITS,
  .has_stores = true,
  .stores_at_ends = true,
  .has_repetition = false,
  .setup = mangala_setup,
  .legal = kz_legal_nonempty_pits,
  .apply = mangala_apply,
  .score = mangala_score,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_PIT,
  .seeds_choices = { 4 },
  .seeds_default = 4,
  .eval = kz_eval_store_game,
  .eval_weights = { { 100, 40, 40, 30, -20, 5, 0 } },
  .eval_weight_names = { KZ_EVAL_STORE_GAME_WEIGHTS },
  /* As in the Constitution, Easy looks 3 turns ahead and Normal 6 to stay
   * well above it; a careless move costs more here, so Easy strays less. */
  .level_depths = { [1] = 3, [2] = 6 },
  .easy_stray = 15,
  /* Mangala: as Kalah, with even-count captures of 2–6 seeds. */
  .review_mistake = 3,
  .review_blunder = 6,
  .review_time_ms = 250,
};
