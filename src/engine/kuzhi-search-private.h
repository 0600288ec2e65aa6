/* kuzhi-search-private.h — what tests may change in the search and callers may not: the cap on a search without a time limit. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-search.h"

/* Sets the cap on a search without a time limit (KZ_SEARCH_SOLVE_TIME_MS,
 * not Kalah's solving cap) to `ms`; 0 or less restores it. For tests,
 * which check that such a search stops at its cap without waiting a
 * minute. Call it while no search runs. */
void kz_search_set_solve_time_ms (int ms);
