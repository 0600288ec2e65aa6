/* kuzhi-endgame.h — endgame databases: the exact value of every position with few seeds left, in the games whose rules allow one. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A game's database holds every position with at most N seeds on its 12
 * pits, one file per game and N (kuzhi-endgame-file.h). Kalah and Mangala
 * store, in the "pits-only" frame of kuzhi-kalah-pits-private.h (the
 * mover's six pits first), one signed byte each: V = the mover's best
 * final margin of the seeds still in the pits, in [−k, k] for k seeds.
 * Their stores never change what a move does, so the final margin of a
 * position is its store difference plus V. Oware's stores decide when a
 * capture wins, and its ply limit when play stops: its entries are two
 * bytes, for each need of a majority (kuzhi-endgame-oware.h).
 * Bohnenspiel's 100-ply rule makes the plies since the last capture count:
 * its entries are 100 signed bytes, V for each count from 0 to 99
 * (kuzhi-endgame-bohnenspiel.c). docs/computer-opponent.md describes each game's database.
 *
 * A distribution of k seeds is ranked by the combinatorial number system:
 * with s_j = c_0 + … + c_j + j (j = 0 … 10) and s_11 = k + 11, the set
 * {s_0 < … < s_11} has the colex rank Σ C(s_j, j + 1). The positions with
 * k seeds take C(k + 11, 11) ranks after all C(k + 11, 12) with fewer, so
 * those with at most N take C(N + 12, 12). */

#define KZ_ENDGAME_PITS        12
#define KZ_ENDGAME_MAX_SEEDS   24   /* the largest N of any game: Kalah's 1.25 GB */
/* Bumped whenever the game's apply() changes what a move does: a file
 * made under other rules is refused and built again. */
#define KZ_ENDGAME_KALAH_RULES   1
#define KZ_ENDGAME_MANGALA_RULES 1
#define KZ_ENDGAME_OWARE_RULES   1
#define KZ_ENDGAME_BOHNENSPIEL_RULES 1
/* Bohnenspiel's: 100 bytes a distribution, so a smaller N. The default:
 * 65 MB, built in about 4 s of CPU (docs/computer-opponent.md has the
 * figures). */
#define KZ_ENDGAME_BOHNENSPIEL_MAX_SEEDS     12
#define KZ_ENDGAME_BOHNENSPIEL_DEFAULT_SEEDS 10

/* The file: a header of KZ_ENDGAME_HEADER_BYTES, then the entries.
 * Little-endian fields at these offsets:
 *   0 magic "KUZHIEGD"   8 format version (u32)   12 game (u32, KzVariantId)
 *  16 rules version (u32)  20 N (u32)   24 entries (u64)
 *  32 FNV-1a 64 of the payload (u64)   40 header bytes (u32)   44 zero */
#define KZ_ENDGAME_HEADER_BYTES 64
#define KZ_ENDGAME_FORMAT       1

/* C(N + 12, 12), the distributions of at most N seeds over 12 pits; 0
 * when N is outside 0 … KZ_ENDGAME_MAX_SEEDS. */
uint64_t kz_endgame_entries   (int max_seeds);
/* The index of a distribution (pits-only frame, 12 pits, at most
 * KZ_ENDGAME_MAX_SEEDS seeds in all). */
uint64_t kz_endgame_rank      (const uint8_t *pits);
/* The distribution of an index below kz_endgame_entries (KZ_ENDGAME_MAX_SEEDS). */
void     kz_endgame_unrank    (uint64_t index, uint8_t *pits);

/* Progress of a build, 0 … 1; called now and then in the building thread. */
typedef void (*KzEndgameProgressFunc) (double fraction, void *user_data);

/* The games with a database, and each one's largest and default N
 * (0 for a game without one). */
bool     kz_endgame_has_game       (KzVariantId game);
int      kz_endgame_game_max_seeds (KzVariantId game);
int      kz_endgame_default_seeds  (KzVariantId game);
/* The bytes of a game's values for N (after the file's header); 0 when
 * the game has no database or N is outside 1 … its largest. */
uint64_t kz_endgame_size      (KzVariantId game, int max_seeds);

/* Fills `values` (kz_endgame_size() bytes) layer by layer. False when
 * `cancel` (nullable) became non-zero; `values` is then incomplete. */
bool     kz_endgame_compute   (KzVariantId            game,
                               uint8_t               *values,
                               int                    max_seeds,
                               KzEndgameProgressFunc  progress,
                               void                  *user_data,
                               volatile int          *cancel);

/* FNV-1a, 64 bits. */
uint64_t kz_endgame_checksum  (const void *data, size_t len);
void     kz_endgame_header_write (uint8_t *header, KzVariantId game, int max_seeds, uint64_t checksum);
/* Checks a whole file's bytes: the header's every field against what
 * this program makes for `game`, the length, the checksum and every
 * value's range. False with the reason in `error` (nullable) otherwise;
 * *max_seeds gets N. */
bool     kz_endgame_check     (const uint8_t *data, size_t len, KzVariantId game, int *max_seeds,
                               char *error, size_t error_len);

/* A database in memory, borrowed from its owner (the values outlive it). */
typedef struct _KzEndgame KzEndgame;

KzEndgame  *kz_endgame_new     (KzVariantId game, const uint8_t *values, int max_seeds);
void        kz_endgame_free    (KzEndgame *endgame);
KzVariantId kz_endgame_game    (const KzEndgame *endgame);
int         kz_endgame_max_seeds (const KzEndgame *endgame);
/* Kalah's values, one byte per index (kz_endgame_rank()): a solver that
 * ranks a child early can prefetch its byte and read it later. */
const int8_t *kz_endgame_values (const KzEndgame *endgame);
/* Kalah's V of a distribution (pits-only frame) with at most N seeds. */
int         kz_endgame_pits_value (const KzEndgame *endgame, const uint8_t *pits);
/* A position of the database's game, not over, that it decides: true,
 * and *margin = the mover's final margin with best play (stores
 * included). */
bool        kz_endgame_probe   (const KzEndgame *endgame, const KzPosition *pos, int *margin);
/* The first action of best play in such a position (the lowest pit of
 * the best), and its margin. */
bool       kz_endgame_best    (const KzEndgame *endgame, const KzPosition *pos,
                               KzAction *action, int *margin);

#ifdef __cplusplus
}
#endif
