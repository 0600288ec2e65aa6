/* kuzhi-puzzle.c — puzzles with proven answers, found by seeded random play and proven by the search to the end. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-puzzle.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kuzhi-endgame.h"

/* What each level asks (docs/computer-opponent.md, "Puzzles"): how much
 * better than the next the best move must be (seeds of final margin: a
 * wide gap is easy to see, a narrow one is not), the least actions in its
 * best line, the least legal moves, and the nodes a candidate's proof may
 * take before it is passed over. */
typedef struct {
  int      gap_min, gap_max;
  int      line_min;
  int      moves_min;
  uint64_t nodes;
} LevelSpec;

static const LevelSpec levels[KZ_PUZZLE_MAX_LEVEL + 1] = {
  [1] = { .gap_min = 4, .gap_max = 1000, .line_min = 1, .moves_min = 2, .nodes = 100000 },
  [2] = { .gap_min = 2, .gap_max = 1000, .line_min = 3, .moves_min = 3, .nodes = 150000 },
  [3] = { .gap_min = 1, .gap_max = 2,    .line_min = 5, .moves_min = 3, .nodes = 150000 },
};

/* Each game's levels: the seeds left on the board (fewer: a shorter proof
 * and a plainer position), and the highest level it has, with why not
 * higher. In Oware and Bohnenspiel the seeds leave the board only by a
 * capture, so play can go round until the 400-ply limit or the 100-ply
 * rule ends it: the search alone reaches the end only in the smallest
 * endgames, and their proofs stand on an endgame database of the
 * finder's own (below). */
typedef struct {
  int         max_level;   /* 0: no puzzles */
  int         board[KZ_PUZZLE_MAX_LEVEL + 1][2];   /* least, most seeds on the board */
  int         narrow;      /* level 3's widest gap: 2, or more where captures come in pairs */
  int         tries;       /* positions tried along each random game (0: TRIES_PER_GAME) */
  uint64_t    nodes;       /* the most nodes a proof may take (0: the level's) */
  const char *why;         /* why not the levels above max_level */
} GameSpec;

#define SOWN_AWAY { { 0, 0 }, { 4, 10 }, { 8, 16 }, { 10, 18 } }, 2, 0, 0
#define ROUNDS "its matches go on for rounds, and no search reaches their end in time to prove a move best"

static const GameSpec games[KZ_N_VARIANTS] = {
  [KZ_VARIANT_CONSTITUTION] = { 0, { { 0 } }, 0, 0, 0, ROUNDS },
  [KZ_VARIANT_PALLANGUZHI]  = { 0, { { 0 } }, 0, 0, 0, ROUNDS },
  [KZ_VARIANT_KALAH]        = { 3, SOWN_AWAY, NULL },
  [KZ_VARIANT_MANGALA]      = { 3, SOWN_AWAY, NULL },
  [KZ_VARIANT_DAKON]        = { 3, SOWN_AWAY, NULL },
  /* Oware's boards are all in its database: a move's value is proven at
   * once or, where play could go round past the 400 plies, never, so a
   * proof gets few nodes and a game many tries. */
  [KZ_VARIANT_OWARE]        = { 3, { { 0, 0 }, { 4, 7 }, { 6, 8 }, { 5, 8 } }, 4, 16, 20000, NULL },
  [KZ_VARIANT_BOHNENSPIEL]  = { 3, { { 0, 0 }, { 4, 8 }, { 6, 10 }, { 8, 12 } }, 4, 0, 0, NULL },
};

/* Oware's and Bohnenspiel's puzzles are proven with an endgame database
 * the finder builds for itself, once a process, in memory
 * (KZ_PUZZLE_DB_SEEDS seeds: Oware's about 2 MB, Bohnenspiel's 13 MB,
 * each well under a second), so that a puzzle never depends on a file
 * that may not be there and the same seed gives the same puzzle on every
 * machine. Their values are exact: Bohnenspiel's count the 100-ply
 * rule's plies, and an Oware value is taken only where the plies left
 * before the 400-ply limit are enough. */
typedef struct {
  pthread_once_t once;
  KzVariantId    variant;
  uint8_t       *values;
  KzEndgame     *endgame;
} PuzzleDb;

static PuzzleDb oware_db = { PTHREAD_ONCE_INIT, KZ_VARIANT_OWARE, NULL, NULL };
static PuzzleDb bohnenspiel_db = { PTHREAD_ONCE_INIT, KZ_VARIANT_BOHNENSPIEL, NULL, NULL };

static void
db_build (PuzzleDb *db)
{
  uint64_t size = kz_endgame_size (db->variant, KZ_PUZZLE_DB_SEEDS);
  uint8_t *values = malloc (size);

  if (values == NULL)
    return;
  if (!kz_endgame_compute (db->variant, values, KZ_PUZZLE_DB_SEEDS, NULL, NULL, NULL))
    {
      free (values);
      return;
    }
  db->values = values;
  db->endgame = kz_endgame_new (db->variant, values, KZ_PUZZLE_DB_SEEDS);
}

static void oware_db_build (void) { db_build (&oware_db); }
static void bohnenspiel_db_build (void) { db_build (&bohnenspiel_db); }

const KzEndgame *
kz_puzzle_endgame (KzVariantId variant)
{
  if (variant == KZ_VARIANT_OWARE)
    {
      pthread_once (&oware_db.once, oware_db_build);
      return oware_db.endgame;
    }
  if (variant == KZ_VARIANT_BOHNENSPIEL)
    {
      pthread_once (&bohnenspiel_db.once, bohnenspiel_db_build);
      return bohnenspiel_db.endgame;
    }
  return NULL;
}

/* Games played out from their start per find, and positions tried in
 * each: with these, every (game, level, seed) the tests try finds one. */
#define MAX_GAMES      64
#define TRIES_PER_GAME 4

static int
board_seeds (const KzPosition *pos)
{
  return kz_position_row_sum (pos, 0) + kz_position_row_sum (pos, 1);
}

static bool
play_random (KzMatch *match, uint64_t *rng)
{
  const KzVariant *v = kz_position_variant (&match->pos);
  KzAction actions[KZ_MAX_ACTIONS];
  int n = v->legal (&match->pos, actions);

  if (n == 0)
    return false;
  return kz_match_play (match, actions[kz_random_next (rng) % (uint64_t) n], NULL);
}

/* "The Constitution" at a sentence's start. */
static void
say_game (char *buf, size_t len, const KzVariant *v)
{
  snprintf (buf, len, "%c%s", v->name[0] == 't' ? 'T' : v->name[0], v->name + 1);
}

int
kz_puzzle_levels (KzVariantId variant, char *reason, size_t reason_len)
{
  const KzVariant *v = kz_variant_get (variant);
  char game[64];

  if (v == NULL || variant >= KZ_N_VARIANTS)
    {
      if (reason != NULL)
        snprintf (reason, reason_len, "There is no such game.");
      return 0;
    }
  say_game (game, sizeof game, v);
  if (reason != NULL && games[variant].max_level == 0)
    snprintf (reason, reason_len, "%s has no puzzles: %s.", game, games[variant].why);
  else if (reason != NULL && games[variant].max_level < KZ_PUZZLE_MAX_LEVEL)
    snprintf (reason, reason_len, "%s has puzzles at %s only: %s.", game,
              games[variant].max_level == 1 ? "level 1" : "levels 1 and 2", games[variant].why);
  else if (reason != NULL && reason_len > 0)
    reason[0] = '\0';
  return games[variant].max_level;
}

/* The candidate as a puzzle of `spec`, proven: true and `out` filled when
 * every legal move's value is exact and the best is alone and fits. */
static bool
try_candidate (const KzPosition *pos, int level, const LevelSpec *spec, KzSearcher *searcher,
               volatile int *cancel, KzPuzzle *out)
{
  const GameSpec *game = &games[pos->variant];
  KzSearchLimits limits = { .nodes = game->nodes != 0 ? game->nodes : spec->nodes };
  KzAnalysis *an;
  KzMatch match;
  bool found = false, analysed;
  int gap;

  /* kz_match_init_at() checks the position with kz_position_check(). */
  if (!kz_match_init_at (&match, pos, NULL, 0))
    return false;
  an = calloc (1, sizeof *an);
  if (an == NULL)
    {
      kz_match_clear (&match);
      return false;
    }
  kz_searcher_clear (searcher);
  /* Oware's database is lent for the proof only: the searcher is the
   * caller's, and is left with none. */
  kz_searcher_set_endgame (searcher, pos->variant, kz_puzzle_endgame (pos->variant));
  analysed = kz_search_analyse (searcher, &match, &limits, cancel, NULL, NULL, an);
  kz_searcher_set_endgame (searcher, pos->variant, NULL);
  if (!analysed || an->cancelled || an->n_moves < spec->moves_min)
    goto out;
  for (int i = 0; i < an->n_moves; i++)
    if (!an->moves[i].exact || !kz_score_is_final (an->moves[i].score))
      goto out;

  /* Best first by score; by margin, the best must stand alone. */
  int best = 0;
  for (int i = 1; i < an->n_moves; i++)
    if (kz_score_margin (an->moves[i].score) > kz_score_margin (an->moves[best].score))
      best = i;
  int value = kz_score_margin (an->moves[best].score);
  int next = -1000;
  for (int i = 0; i < an->n_moves; i++)
    if (i != best && kz_score_margin (an->moves[i].score) > next)
      next = kz_score_margin (an->moves[i].score);
  gap = value - next;
  /* Level 3's narrowest gap is the game's: Oware's and Bohnenspiel's
   * captures come in twos, so their margins seldom differ by only 2. */
  int gap_max = spec->gap_max > game->narrow ? spec->gap_max : game->narrow;
  if (gap < spec->gap_min || gap > gap_max || an->moves[best].pv_len < spec->line_min)
    goto out;

  memset (out, 0, sizeof *out);
  out->position = *pos;
  out->solution = an->moves[best].action;
  out->value = value;
  out->next_value = next;
  out->level = level;
  out->goal = value > 0 && next <= 0 ? KZ_PUZZLE_GOAL_WIN
            : value == 0 ? KZ_PUZZLE_GOAL_DRAW
            : value > 0 ? KZ_PUZZLE_GOAL_MOST
            : KZ_PUZZLE_GOAL_LEAST;
  memcpy (out->line, an->moves[best].pv, sizeof out->line);
  out->line_len = an->moves[best].pv_len;
  found = true;

out:
  free (an);
  kz_match_clear (&match);
  return found;
}

bool
kz_puzzle_find (KzVariantId   variant,
                int           level,
                uint64_t      seed,
                KzSearcher   *searcher,
                volatile int *cancel,
                KzPuzzle     *out,
                char         *reason,
                size_t        reason_len)
{
  const LevelSpec *spec;
  int max_level, board_min, board_max;

  max_level = kz_puzzle_levels (variant, reason, reason_len);
  if (max_level == 0)
    return false;
  if (level < KZ_PUZZLE_MIN_LEVEL || level > KZ_PUZZLE_MAX_LEVEL)
    {
      if (reason != NULL)
        snprintf (reason, reason_len, "The level must be 1, 2 or 3, not %d.", level);
      return false;
    }
  if (level > max_level)
    return false;   /* the reason is kz_puzzle_levels()' */
  if (reason != NULL && reason_len > 0)
    reason[0] = '\0';
  if (searcher == NULL)
    {
      if (reason != NULL)
        snprintf (reason, reason_len, "There is no searcher to prove a puzzle.");
      return false;
    }
  spec = &levels[level];
  if ((variant == KZ_VARIANT_OWARE || variant == KZ_VARIANT_BOHNENSPIEL) && kz_puzzle_endgame (variant) == NULL)
    {
      if (reason != NULL)
        snprintf (reason, reason_len, "There is no memory for the endgame database that proves this game's puzzles.");
      return false;
    }
  board_min = games[variant].board[level][0];
  board_max = games[variant].board[level][1];

  for (int game = 0; game < MAX_GAMES; game++)
    {
      /* Each game's moves come from the seed and the game's number alone. */
      uint64_t rng = seed ^ ((uint64_t) (game + 1) * 0xD1B54A32D192ED03ull) ^ ((uint64_t) level << 56);
      KzMatch match;
      int tries = 0;

      if (!kz_match_init (&match, variant, &(KzOptions) { 0 }, NULL, 0))
        break;
      while (!match.pos.over && board_seeds (&match.pos) > board_max)
        if (!play_random (&match, &rng))
          break;
      while (!match.pos.over && tries < (games[variant].tries != 0 ? games[variant].tries : TRIES_PER_GAME) && board_seeds (&match.pos) >= board_min)
        {
          KzPosition pos = match.pos;
          tries++;
          if (try_candidate (&pos, level, spec, searcher, cancel, out))
            {
              kz_match_clear (&match);
              return true;
            }
          if (cancel != NULL && __atomic_load_n (cancel, __ATOMIC_RELAXED))
            {
              kz_match_clear (&match);
              if (reason != NULL)
                snprintf (reason, reason_len, "The find was cancelled.");
              return false;
            }
          if (!play_random (&match, &rng))
            break;
        }
      kz_match_clear (&match);
    }
  if (reason != NULL)
    snprintf (reason, reason_len, "No puzzle was found for this seed; try another.");
  return false;
}

static const char *const goal_texts[KZ_N_PUZZLE_GOALS] = {
  [KZ_PUZZLE_GOAL_WIN]   = "Win the game: find the only move that wins.",
  [KZ_PUZZLE_GOAL_DRAW]  = "Save the game: find the only move that draws.",
  [KZ_PUZZLE_GOAL_MOST]  = "Win by as many seeds as you can: find the only best move.",
  [KZ_PUZZLE_GOAL_LEAST] = "Lose by as few seeds as you can: find the only best move.",
};

static const char *const goal_names[KZ_N_PUZZLE_GOALS] = {
  [KZ_PUZZLE_GOAL_WIN]   = "win",
  [KZ_PUZZLE_GOAL_DRAW]  = "draw",
  [KZ_PUZZLE_GOAL_MOST]  = "most",
  [KZ_PUZZLE_GOAL_LEAST] = "least",
};

const char *
kz_puzzle_goal_text (KzPuzzleGoal goal)
{
  return goal >= 0 && goal < KZ_N_PUZZLE_GOALS ? goal_texts[goal] : "";
}

const char *
kz_puzzle_goal_to_string (KzPuzzleGoal goal)
{
  return goal >= 0 && goal < KZ_N_PUZZLE_GOALS ? goal_names[goal] : "";
}
