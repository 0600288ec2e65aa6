/* kuzhi-endgame-oware.h — the Oware endgame database: the exact value of every position with few seeds on the board, and within how many plies it is forced. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"
#include "kuzhi-endgame.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every Oware position with 1 … N seeds on the board, in the mover's
 * frame (the mover's six houses first), and k = the seeds the mover
 * still needs for a majority (25 − the mover's store). In a game not over
 * both stores hold at most 24 and sum to 48 − n, so k lies in [1, n + 1]
 * and the opponent needs n + 2 − k.
 *
 * An entry holds V = the mover's final margin minus the store difference
 * (the margin of the seeds still on the board) with best play and no ply
 * limit, endless play worth 0; and d = within how many plies that value
 * is forced: with at least d plies left before the 400-ply limit the
 * game's final margin is exactly the store difference plus V. d is 255
 * where it is not forced within 254 plies (endless play, or too long).
 *
 * Index: the n-seed layers one after another, 1 seed first; within a
 * layer, (the distribution's colex rank among those of n seeds, as
 * kz_endgame_rank() ranks them) × (n + 1) + (k − 1). */

#define KZ_ENDGAME_OWARE_MAX_SEEDS 14    /* the largest N: 134 M entries, 269 MB */
#define KZ_ENDGAME_OWARE_UNFORCED  255   /* d of a value not forced within 254 plies */
/* The N the app and kuzhi-engine build: 65 MB, built in about half a
 * minute of CPU (194 MB while building). Hard, the hints and the analysis
 * are exact two seeds further from the end than with 10, as Aualé's engine
 * is (docs/computer-opponent.md has the figures and the matches). */
#define KZ_ENDGAME_OWARE_DEFAULT_SEEDS 12

typedef struct {
  int8_t  value;   /* V */
  uint8_t plies;   /* d */
} KzOwareEntry;

/* The entries of 1 … N seeds; 0 when N is outside 1 … KZ_ENDGAME_OWARE_MAX_SEEDS. */
uint64_t kz_endgame_oware_entries (int max_seeds);
/* The index of a distribution (mover's frame, 1 … KZ_ENDGAME_OWARE_MAX_SEEDS
 * seeds) with the mover needing `need` (1 … n + 1) seeds. */
uint64_t kz_endgame_oware_index   (const uint8_t *pits, int need);
/* The distribution and the need of an index below
 * kz_endgame_oware_entries (KZ_ENDGAME_OWARE_MAX_SEEDS). */
void     kz_endgame_oware_unindex (uint64_t index, uint8_t *pits, int *need);

/* The entry of an Oware position not over with 1 … N seeds on the board
 * and stores a game can have, in Oware's database (kz_endgame_new
 * (KZ_VARIANT_OWARE, …)); NULL for any other. kz_endgame_probe() gives
 * its margin where d is at most the plies left before the limit, and
 * kz_endgame_best() a move that keeps it with a child forced sooner. */
const KzOwareEntry *kz_endgame_oware_entry (const KzEndgame *endgame, const KzPosition *pos);

#ifdef __cplusplus
}
#endif
