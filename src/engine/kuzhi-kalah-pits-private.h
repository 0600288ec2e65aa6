/* kuzhi-kalah-pits-private.h — one Kalah sowing in the "pits-only" frame, shared by the solver and the endgame database. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* In Kalah the stores never change what a move does, so the mover's final
 * margin is the store difference plus a value V of the pits alone: V is
 * what the mover banks from here on minus what the other banks, with best
 * play. In this frame pits 0–5 are the mover's (sowing towards their
 * store after pit 5), 6–11 the other's, in the same order from their
 * side. V lies within ±(seeds in the pits). kalah_apply() in kuzhi-kalah.c
 * is the rule; this is the same rule without the stores and the events. */

#define KZ_PITS_ROW    6
#define KZ_PITS_N      12
#define KZ_PITS_SLOTS  13          /* the pits and the mover's store, on one lap */

typedef struct {
  uint8_t c[16];            /* 12 pits; the rest stays zero */
} KzPitsBoard;

typedef struct {
  KzPitsBoard c;            /* the next mover's frame */
  int         gain;         /* seeds the mover banked by the move */
  int         seeds;        /* left in the pits */
  int         value;        /* when final: the move's value for the mover */
  int         pit;
  bool        final;
  bool        again;        /* the mover moves again */
} KzPitsChild;

static inline int
kz_pits_row_sum (const uint8_t *p)
{
  return p[0] + p[1] + p[2] + p[3] + p[4] + p[5];
}

static inline int
kz_pits_seeds (const KzPitsBoard *b)
{
  return kz_pits_row_sum (b->c) + kz_pits_row_sum (b->c + KZ_PITS_ROW);
}

/* Plays the mover's pit `pit` of `b` (not empty) into `ch`. */
static inline void
kz_pits_play (const KzPitsBoard *b, int pit, KzPitsChild *ch)
{
  KzPitsBoard c = *b;
  int hand = c.c[pit];
  int laps = hand / KZ_PITS_SLOTS, rest = hand % KZ_PITS_SLOTS;
  int gain = laps;
  int slot = pit;

  c.c[pit] = 0;
  if (laps > 0)
    for (int i = 0; i < KZ_PITS_N; i++)
      c.c[i] += (uint8_t) laps;
  for (int k = 0; k < rest; k++)
    {
      if (++slot == KZ_PITS_SLOTS)
        slot = 0;
      if (slot == KZ_PITS_ROW)
        gain++;
      else
        c.c[slot < KZ_PITS_ROW ? slot : slot - 1]++;
    }

  /* The last seed in an empty pit of the mover's row takes the opposite
   * pit when it holds seeds (after a whole lap the lifted pit counts). */
  if (slot < KZ_PITS_ROW && c.c[slot] == 1 && c.c[KZ_PITS_N - 1 - slot] > 0)
    {
      gain += 1 + c.c[KZ_PITS_N - 1 - slot];
      c.c[slot] = 0;
      c.c[KZ_PITS_N - 1 - slot] = 0;
    }

  int own = kz_pits_row_sum (c.c), other = kz_pits_row_sum (c.c + KZ_PITS_ROW);
  ch->pit = pit;
  ch->gain = gain;
  ch->seeds = own + other;
  ch->again = slot == KZ_PITS_ROW;
  /* A row empty: each player banks their own row. */
  ch->final = own == 0 || other == 0;
  ch->value = gain + own - other;
  if (ch->again || ch->final)
    ch->c = c;
  else
    {
      memcpy (ch->c.c, c.c + KZ_PITS_ROW, KZ_PITS_ROW);
      memcpy (ch->c.c + KZ_PITS_ROW, c.c, KZ_PITS_ROW);
      memset (ch->c.c + KZ_PITS_N, 0, sizeof ch->c.c - KZ_PITS_N);
    }
}
