/* kuzhi-variant-private.h — the variant tables, one per game file; only kuzhi-position.c lists them. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"

#include <stdlib.h>

extern const KzVariant kz_variant_constitution;
extern const KzVariant kz_variant_dakon;
extern const KzVariant kz_variant_pallanguzhi;
extern const KzVariant kz_variant_kalah;
extern const KzVariant kz_variant_oware;
extern const KzVariant kz_variant_mangala;
extern const KzVariant kz_variant_bohnenspiel;

/* What several games share. */

/* Room for one more item in a growable array whose `*cap` items are all
 * used (the match's history, an event log): the capacity doubles, from
 * `first`. Without the memory the engine cannot go on, so it aborts.
 * Returns the array, perhaps moved. */
static inline void *
kz_grow (void *items, size_t *cap, size_t first, size_t item_size)
{
  size_t n = *cap ? *cap * 2 : first;
  void *grown = realloc (items, n * item_size);

  if (grown == NULL)
    abort ();
  *cap = n;
  return grown;
}

/* The seeds on a player's row of a 2×6 or a 2×7 board, unrolled: the
 * search reaches these at every node. */
static inline int
kz_row_sum_6 (const KzPosition *pos, int player)
{
  const uint8_t *p = pos->pits + player * 6;
  return p[0] + p[1] + p[2] + p[3] + p[4] + p[5];
}

static inline int
kz_row_sum_7 (const KzPosition *pos, int player)
{
  const uint8_t *p = pos->pits + player * 7;
  return p[0] + p[1] + p[2] + p[3] + p[4] + p[5] + p[6];
}

/* Fills a start position: `seeds` in each of `n_pits` pits, empty stores,
 * no lucky cups, Player 1 to move. */
void kz_position_start (KzPosition *pos, KzVariantId variant, int n_pits, int seeds);

/* The usual setup: `seeds` in each pit, one of the game's seeds_choices
 * (by default its seeds_default), and no pasu; otherwise says why not,
 * naming the game as `game`. */
bool kz_position_setup_seeds (KzPosition *pos, KzVariantId variant, const char *game, const KzOptions *options,
                              char *error, size_t error_len);

/* The usual legal list: every non-empty pit of the mover's row, ascending;
 * none when the match is over. */
int  kz_legal_nonempty_pits (const KzPosition *pos, KzAction *out);

/* Refuses a set-up position: writes the reason (printf-style, the format
 * translated by kz_set_translate_func()'s function; `reason` may be NULL)
 * and returns false, for the games' check(). The formats are extracted
 * for translation as its third argument (po/meson.build). */
bool kz_refuse (char *reason, size_t reason_len, const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

/* The English words through the installed translation (kz_set_translate_func()). */
const char *kz_translate (const char *english);

/* The reason every game gives for a set-up position where it is already
 * over, `why` saying what ended it (extracted as the third argument too). */
#define KZ_REFUSE_OVER(reason, reason_len, why) \
  kz_refuse ((reason), (reason_len), "%s, so the game is already over: there is nothing to play.", kz_translate (why))

/* Refuses the pasu option in a game that has none. */
bool kz_options_refuse_pasu (const KzOptions *options, const char *game, char *error, size_t error_len);

/* An evaluation's value: each feature (the player to move's count less
 * the opponent's) times its weight, summed. */
static inline int
kz_eval_weigh (const int *weights, const int features[KZ_EVAL_N_WEIGHTS])
{
  int v = 0;
  for (int k = 0; k < KZ_EVAL_N_WEIGHTS; k++)
    v += weights[k] * features[k];
  return v;
}

/* The evaluation of the games whose stores take part in the sowing
 * (Kalah, Mangala, Dakon; kuzhi-eval.c), and its weights' names. */
int  kz_eval_store_game (const KzPosition *pos, const int *weights);
#define KZ_EVAL_STORE_GAME_WEIGHTS "store", "row", "extra", "capture", "exposed", "mobility", "hoard"

#define KZ_SOW_STORE (-1)   /* "the last seed fell into the mover's store" */

/* Sows `hand` seeds for player p from the pit after c on a 2×6 board whose
 * stores take part in the sowing (Kalah, Mangala): the mover's store
 * follows the last pit of their row, the opponent's is never visited.
 * Returns the pit the last seed fell into, or KZ_SOW_STORE. */
static inline int
kz_sow_with_own_store (KzPosition *pos, int p, int c, int hand, KzEventLog *log)
{
  const int row = 6;
  const int own_last = p * row + row - 1;
  const int after_store = p ? 0 : row;

  while (hand-- > 0)
    {
      if (c == own_last)
        {
          pos->stores[p]++;
          c = KZ_SOW_STORE;
          if (log)
            kz_event_log_push (log, KZ_EVENT_STORE, -1, p, 0);
        }
      else
        {
          c = c == KZ_SOW_STORE ? after_store : c == 2 * row - 1 ? 0 : c + 1;
          pos->pits[c]++;
          if (log)
            kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
        }
    }
  return c;
}

/* The match ends on a 2×6 board (Kalah, Oware, Bohnenspiel): every seed
 * left goes to a store — each row to its owner's, or all to `receiver`'s
 * when it is 0 or 1 — one gathering capture event per pit; then the
 * winner is decided and the end logged. */
static inline void
kz_gather_and_end (KzPosition *pos, int receiver, KzEndReason reason, KzEventLog *log)
{
  const int row = 6;

  for (int c = 0; c < 2 * row; c++)
    if (pos->pits[c] != 0)
      {
        int to = receiver >= 0 ? receiver : c >= row;
        int count = pos->pits[c];

        pos->stores[to] += count;
        pos->pits[c] = 0;
        if (log)
          {
            kz_event_log_push (log, KZ_EVENT_CAPTURE, c, to, count);
            kz_event_log_set_detail (log, KZ_DETAIL_GATHER);
          }
      }
  kz_position_adjudicate (pos, reason);
  if (log)
    kz_event_log_push_end (log, pos->winner, reason);
}
