/* kuzhi-dakon.c — Javanese Dakon: multi-lap sowing through your own store, as docs/rules-dakon-pallanguzhi.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_PITS        14
#define ROW           7
#define STORE         14    /* the mover's own store, as a slot in the sowing ring */
#define QUIET_LIMIT   100   /* plies in a row with no capture end the game */
#define DEFAULT_SEEDS 7
#define MIN_SEEDS     3
#define MAX_SEEDS     9     /* 14 × 9 = 126 keeps every count inside uint8_t */

static bool
dakon_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  int seeds = options->seeds ? options->seeds : DEFAULT_SEEDS;

  if (seeds < MIN_SEEDS || seeds > MAX_SEEDS)
    {
      snprintf (error, error_len, "seeds must be from %d to %d for Dakon (got %d)",
                MIN_SEEDS, MAX_SEEDS, seeds);
      return false;
    }
  if (kz_options_refuse_pasu (options, "Dakon", error, error_len))
    return false;

  kz_position_start (pos, KZ_VARIANT_DAKON, N_PITS, seeds);
  pos->round = 1;
  return true;
}

/* Where the seed after slot c goes when player p sows: their own store
 * (slot 14) follows their last pit, the opponent's store is never in the
 * ring. A table keeps the sowing loop free of branches. */
static const int8_t next_slot[2][N_PITS + 1] = {
  { 1, 2, 3, 4, 5, 6, STORE, 8, 9, 10, 11, 12, 13, 0, 7 },
  { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, STORE, 0 },
};

/* Sweeps a pit's seeds into a store at the end of the game; the event is a
 * capture, so that the view has one way to show seeds leaving a pit for a
 * store. */
static inline void
take_pit (KzPosition *pos, int pit, int player, KzEventLog *log)
{
  int count = pos->pits[pit];

  if (count == 0)
    return;
  pos->stores[player] += (uint8_t) count;
  pos->pits[pit] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_CAPTURE, pit, player, count);
}

static void
dakon_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int c = action;
  int drops = 0;
  bool again = false;
  bool captured = false;
  const int8_t *next = next_slot[p];
  uint8_t board[N_PITS + 1];   /* the pits, and the mover's store in slot 14 */

  memcpy (board, pos->pits, N_PITS);
  board[STORE] = pos->stores[p];

  int hand = board[c];
  board[c] = 0;
  pos->plies++;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, c, -1, hand);

  for (;;)
    {
      /* One lap: the seeds in hand, one per slot. */
      drops += hand;
      if (log)
        while (hand > 0)
          {
            c = next[c];
            board[c]++;
            hand--;
            if (c == STORE)
              kz_event_log_push (log, KZ_EVENT_STORE, -1, p, 0);
            else
              kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
          }
      else
        while (hand > 0)
          {
            c = next[c];
            board[c]++;
            hand--;
          }

      if (c == STORE)
        {
          again = true;
          break;
        }
      if (board[c] == 1)
        {
          /* The pit was empty. On your own side the seed and the opposite
           * pit go to your store, even when the opposite pit is empty. */
          if (c / ROW == p)
            {
              int opposite = N_PITS - 1 - c;
              board[STORE] += 1 + board[opposite];
              if (log)
                {
                  kz_event_log_push (log, KZ_EVENT_CAPTURE, c, p, 1);
                  if (board[opposite] != 0)
                    kz_event_log_push (log, KZ_EVENT_CAPTURE, opposite, p, board[opposite]);
                }
              board[c] = 0;
              board[opposite] = 0;
              captured = true;
            }
          break;
        }
      /* The safety limit ends the turn at the end of the lap that reached
       * it (a turn cannot in fact relay that long: every 15 drops feed the
       * mover's store). */
      if (drops >= KZ_DROP_LIMIT)
        break;
      hand = board[c];
      board[c] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_RELAY, c, -1, hand);
    }

  memcpy (pos->pits, board, N_PITS);
  pos->stores[p] = board[STORE];
  pos->quiet_plies = captured ? 0 : (uint16_t) (pos->quiet_plies + 1);

  int rows[2] = { kz_row_sum_7 (pos, 0), kz_row_sum_7 (pos, 1) };
  if (rows[0] == 0 || rows[1] == 0)
    {
      /* The player who still has seeds sweeps them into their own store. */
      int sweeper = rows[0] == 0;
      for (int i = sweeper * ROW; i < sweeper * ROW + ROW; i++)
        if (pos->pits[i] != 0)
          {
            take_pit (pos, i, sweeper, log);
            kz_event_log_set_detail (log, KZ_DETAIL_GATHER);
          }
      kz_position_adjudicate (pos, KZ_END_SIDE_EMPTY);
      if (log)
        kz_event_log_push_end (log, pos->winner, KZ_END_SIDE_EMPTY);
      return;
    }
  if (pos->quiet_plies >= QUIET_LIMIT)
    {
      /* Scored where it stands: the seeds stay on their rows and count
       * for the row's owner (see dakon_score). */
      kz_position_adjudicate (pos, KZ_END_NO_CAPTURE);
      if (log)
        kz_event_log_push_end (log, pos->winner, KZ_END_NO_CAPTURE);
      return;
    }

  if (again)
    {
      if (log)
        kz_event_log_push (log, KZ_EVENT_EXTRA_TURN, -1, p, 0);
    }
  else
    pos->to_move = (uint8_t) !p;
}

/* A player's store plus the seeds on their own row: the sweep makes this
 * the store alone at a side-empty end, and it is the no-capture score. */
static int
dakon_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + kz_row_sum_7 (pos, player);
}

/* The 100-ply rule makes the plies since the last capture count. */
static uint64_t
dakon_key_extra (const KzPosition *pos)
{
  return pos->quiet_plies;
}

/* Set-up positions: a row empty at a turn's start has ended the game,
 * and so have 100 plies without a capture. */
static bool
dakon_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  if (kz_row_sum_7 (pos, 0) == 0 || kz_row_sum_7 (pos, 1) == 0)
    return KZ_REFUSE_OVER (reason, reason_len, "A row is empty");
  if (pos->quiet_plies >= QUIET_LIMIT)
    return KZ_REFUSE_OVER (reason, reason_len, "100 plies have passed without a capture");
  return true;
}

const KzVariant kz_variant_dakon = {
  .key = "dakon",
  .name = "Dakon",
  .seed_word = "seeds",
  .check = dakon_check,
  .n_pits = N_PITS,
  .has_stores = true,
  .stores_at_ends = true,
  .has_repetition = false,
  .setup = dakon_setup,
  .legal = kz_legal_nonempty_pits,
  .apply = dakon_apply,
  .score = dakon_score,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_PIT,
  .seeds_choices = { 3, 4, 5, 6, 7, 8, 9 },
  .seeds_default = DEFAULT_SEEDS,
  .eval = kz_eval_store_game,
  .eval_weights = { { 100, 20, 40, 20, -10, 5, 0 } },
  .eval_weight_names = { KZ_EVAL_STORE_GAME_WEIGHTS },
  .key_extra = dakon_key_extra,
  /* A turn chains laps and extra moves, so a random move can win a row
   * back: Easy strays less than the others (docs/computer-opponent.md,
   * Levels), and Normal keeps the level's own depth. */
  .easy_stray = 15,
  /* At 4 deeper per move at equal time, and even (50%, 40 games at
   * 100 ms) against every depth. */
  .table_min_depth = 4,
  /* Dakon: 98 seeds and laps that capture whole cups. */
  .review_mistake = 4,
  .review_blunder = 8,
  .review_time_ms = 300,
};
