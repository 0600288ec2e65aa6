/* kuzhi-book-private.h — what tests ask the opening book and the program does not: every entry. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-book.h"

/* Every entry; *n is how many. */
const KzBookEntry *kz_book_entries (size_t *n);
