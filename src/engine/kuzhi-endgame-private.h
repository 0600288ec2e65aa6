/* kuzhi-endgame-private.h — what each game's endgame database gives kuzhi-endgame.c: its size, its build, the check of its values and its look-up. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-endgame.h"

#define KZ_ENDGAME_MAX_N (KZ_ENDGAME_MAX_SEEDS + KZ_ENDGAME_PITS)

/* C(n, r) for n ≤ KZ_ENDGAME_MAX_N and r ≤ 12, made by kz_endgame_entries(). */
extern uint64_t kz_endgame_binom[KZ_ENDGAME_MAX_N + 1][KZ_ENDGAME_PITS + 1];

/* kz_endgame_rank() without the once-check, for inner loops that have
 * called kz_endgame_entries() before. */
static inline uint64_t
kz_endgame_rank_fast (const uint8_t *p)
{
  uint64_t r = 0;
  int sum = 0;

  for (int j = 0; j < KZ_ENDGAME_PITS - 1; j++)
    {
      sum += p[j];
      r += kz_endgame_binom[sum + j][j + 1];
    }
  sum += p[KZ_ENDGAME_PITS - 1];
  return r + kz_endgame_binom[sum + KZ_ENDGAME_PITS - 1][KZ_ENDGAME_PITS];
}

/* The 12 pits of `pos` in the mover's frame (the mover's six first) and
 * how many seeds they hold. */
static inline int
kz_endgame_mover_frame (const KzPosition *pos, uint8_t *pits)
{
  int me = pos->to_move, seeds = 0;

  for (int i = 0; i < KZ_ENDGAME_PITS / 2; i++)
    {
      pits[i] = pos->pits[me * (KZ_ENDGAME_PITS / 2) + i];
      pits[KZ_ENDGAME_PITS / 2 + i] = pos->pits[!me * (KZ_ENDGAME_PITS / 2) + i];
      seeds += pits[i] + pits[KZ_ENDGAME_PITS / 2 + i];
    }
  return seeds;
}

/* Each signed byte lies within the seeds of its position: a cheap last
 * check that the values are what the header says, for the databases
 * whose entries are `per_rank` bytes for each rank, in rank order. */
bool kz_endgame_check_layers (const uint8_t *data, int max_seeds, int per_rank, char *error, size_t error_len);

/* A build's progress and cancel, shared by the games' builders. */
typedef struct {
  uint64_t               done;
  uint64_t               total;     /* positions in all */
  KzEndgameProgressFunc  progress;
  void                  *user_data;
  volatile int          *cancel;
  bool                   stop;
} KzEndgameBuild;

/* Counts one position worked out; now and then reports the progress and
 * looks at the cancel. False once the build is to stop. */
bool kz_endgame_build_step (KzEndgameBuild *build);

typedef struct _KzEndgameGame KzEndgameGame;

struct _KzEndgame {
  const KzEndgameGame *game;
  const uint8_t       *values;
  int                  max_seeds;
};

struct _KzEndgameGame {
  KzVariantId game;
  uint32_t    rules;           /* the rules' version, in the file's header */
  int         max_seeds;       /* the largest N */
  int         default_seeds;   /* the N the app and kuzhi-engine build */
  uint64_t  (*size)    (int max_seeds);
  /* Positions the build works out, for its progress. */
  uint64_t  (*positions) (int max_seeds);
  bool      (*compute) (uint8_t *values, int max_seeds, KzEndgameBuild *build);
  /* Every value within what its position allows. */
  bool      (*check)   (const uint8_t *values, int max_seeds, char *error, size_t error_len);
  bool      (*probe)   (const KzEndgame *endgame, const KzPosition *pos, int *margin);
  /* The game's own kz_endgame_best(), NULL for the one that takes the
   * best child: Oware's must also get nearer to the end. */
  bool      (*best)    (const KzEndgame *endgame, const KzPosition *pos, KzAction *action, int *margin);
};

/* Oware's (kuzhi-endgame-oware.c) and Bohnenspiel's (kuzhi-endgame-bohnenspiel.c). */
extern const KzEndgameGame kz_endgame_oware_game;
extern const KzEndgameGame kz_endgame_bohnenspiel_game;
