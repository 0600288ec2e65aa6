/* kuzhi-kalah-solve.h — Kalah solved exactly: a dedicated solver behind `go` without limits. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-search.h"
#include "kuzhi-endgame.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  int      value;          /* the mover's final margin (seeds) with best play */
  KzAction pv[KZ_SEARCH_MAX_PV];
  int      pv_len;
  uint64_t nodes;
  size_t   memory;         /* bytes of the table used */
} KzKalahSolution;

/* Solves the Kalah position `pos` (not over). `table` is scratch memory of
 * `table_bytes` (at least 128, 64-byte aligned) that the solver overwrites;
 * `guess`, a guess at the mover's final margin, is where its tests start.
 * Returns false when `cancel` became non-zero or `time_ms` (0: no cap)
 * ran out. */
bool kz_kalah_solve (const KzPosition *pos,
                     void             *table,
                     size_t            table_bytes,
                     volatile int     *cancel,
                     int               time_ms,
                     int               guess,
                     KzKalahSolution  *out);

/* The same with the endgame database (nullable): a position with at most
 * its N seeds in the pits is not searched but looked up, and the line of
 * play goes on through it. `zeroed`: the table holds only zeros already
 * (fresh memory, or cleared), so it is not cleared again. */
bool kz_kalah_solve_endgame (const KzPosition *pos,
                             void             *table,
                             size_t            table_bytes,
                             bool              zeroed,
                             volatile int     *cancel,
                             int               time_ms,
                             int               guess,
                             const KzEndgame  *endgame,
                             KzKalahSolution  *out);

#ifdef __cplusplus
}
#endif
