/* kuzhi-book.c — looks positions up in the opening book. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-book.h"
#include "kuzhi-book-private.h"

#include <string.h>

#include "kuzhi-book-kalah.h"

#define N_ENTRIES (sizeof kz_book_kalah / sizeof kz_book_kalah[0])

const KzBookEntry *
kz_book_entries (size_t *n)
{
  *n = N_ENTRIES;
  return kz_book_kalah;
}

const KzBookEntry *
kz_book_probe (const KzPosition *pos)
{
  if (pos->variant != KZ_VARIANT_KALAH || pos->seeds != 4 || pos->over)
    return NULL;
  /* A few hundred entries, looked up once a search: a scan is enough. */
  for (size_t i = 0; i < N_ENTRIES; i++)
    {
      const KzBookEntry *e = &kz_book_kalah[i];
      if (e->to_move == pos->to_move && memcmp (e->pits, pos->pits, 12) == 0 &&
          memcmp (e->stores, pos->stores, 2) == 0)
        return e;
    }
  return NULL;
}
