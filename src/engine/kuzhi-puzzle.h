/* kuzhi-puzzle.h — puzzles with proven answers: a position where exactly one move gives the best exact result. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"
#include "kuzhi-endgame.h"
#include "kuzhi-search.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_PUZZLE_MIN_LEVEL 1
#define KZ_PUZZLE_MAX_LEVEL 3

/* The table a puzzle's proofs count on: kz_puzzle_find() gives the same
 * puzzle for the same (variant, level, seed) from a searcher of this
 * size with no endgame database, on every machine (a larger table, or a
 * database, may prove a candidate the finder would have passed over). */
#define KZ_PUZZLE_TABLE_MB 16

/* The seeds on the board the endgame databases reach that the finder
 * builds in memory for Oware and Bohnenspiel (kz_puzzle_endgame()). */
#define KZ_PUZZLE_DB_SEEDS 8

/* What the solver of a puzzle is asked to do, from the best exact value
 * and those of the other moves (the sentences are kz_puzzle_goal_text()). */
typedef enum {
  KZ_PUZZLE_GOAL_WIN,    /* the best move wins; every other draws or loses */
  KZ_PUZZLE_GOAL_DRAW,   /* the best move draws; every other loses */
  KZ_PUZZLE_GOAL_MOST,   /* every move wins; the best wins by the most seeds */
  KZ_PUZZLE_GOAL_LEAST,  /* every move loses; the best loses by the fewest seeds */
  KZ_N_PUZZLE_GOALS
} KzPuzzleGoal;

typedef struct {
  KzPosition   position;   /* passes kz_position_check(); a match's start (kz_match_init_at()) */
  KzAction     solution;   /* the one legal action with the best exact value */
  int          value;      /* its exact value: the final margin in seeds for the mover, best play by both */
  int          next_value; /* the exact value of the second-best action (seeds, mover's side) */
  KzPuzzleGoal goal;
  int          level;      /* 1 … 3 */
  KzAction     line[KZ_SEARCH_MAX_PV];   /* the best line of play, from `solution` on */
  int          line_len;
} KzPuzzle;

/* The highest level at which `variant` has puzzles (levels 1 … that one),
 * 0 for none. Below 3, `reason` (nullable) gets one English sentence
 * saying why not more: a game played in rounds, whose matches no search
 * reaches the end of in time, has none; every other game has all three. */
int kz_puzzle_levels (KzVariantId variant, char *reason, size_t reason_len);

/* Finds the puzzle of (variant, level, seed): positions reached by
 * seeded random play from the game's start (default layout), with the
 * level's seeds left on the board, are tried,
 * in an order that only the seed decides, until one's every legal move
 * is proven by `searcher` (cleared before each try, one thread, with
 * kz_puzzle_endgame()'s database lent to it during the proof) within a
 * node budget and it fits the level (docs/computer-opponent.md,
 * "Puzzles"). Takes under a second. False, with the reason and `out`
 * untouched, for a game without puzzles at that level, a level out of
 * range, or (not seen in practice) no puzzle within the tries; also
 * when `cancel` (nullable) becomes non-zero, which stops the find at its
 * next few thousand nodes. */
bool kz_puzzle_find (KzVariantId   variant,
                     int           level,
                     uint64_t      seed,
                     KzSearcher   *searcher,
                     volatile int *cancel,
                     KzPuzzle     *out,
                     char         *reason,
                     size_t        reason_len);

/* The endgame database the finder proves `variant`'s puzzles with, built
 * in memory the first time it is asked for (Oware's and Bohnenspiel's, of
 * KZ_PUZZLE_DB_SEEDS seeds: under a second each); NULL for the games
 * whose puzzles need none. Kept until the process ends. */
const KzEndgame *kz_puzzle_endgame (KzVariantId variant);

/* The goal as one English sentence, for the protocol and to be
 * translated by the app (the same strings, marked there). */
const char *kz_puzzle_goal_text (KzPuzzleGoal goal);
/* "win", "draw", "most", "least": the goal's name in the protocol. */
const char *kz_puzzle_goal_to_string (KzPuzzleGoal goal);

#ifdef __cplusplus
}
#endif
