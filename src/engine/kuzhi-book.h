/* kuzhi-book.h — the opening book: positions near a game's start whose
 * every move's exact value was computed once by Kuzhi's own solver
 * (scripts/build-book.py) and built into the program. Kalah with four
 * seeds only (docs/computer-opponent.md, "The opening book"). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"

#define KZ_BOOK_PV 12   /* the first actions of each move's line */

typedef struct {
  int8_t  action;
  int8_t  margin;          /* the exact final margin, from the mover's side */
  uint8_t pv_len;
  int8_t  pv[KZ_BOOK_PV];  /* starts with `action` */
} KzBookMove;

typedef struct {
  uint8_t    pits[12];
  uint8_t    stores[2];
  uint8_t    to_move;
  uint8_t    n_moves;
  KzBookMove moves[6];     /* every legal move, best first; ties in the legal order */
} KzBookEntry;

/* The book's entry for pos, or NULL when the book does not hold it. */
const KzBookEntry *kz_book_probe (const KzPosition *pos);
