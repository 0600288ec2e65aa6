/* test-puzzle.c — puzzles with proven answers (issue #33): for every game that has them, at every level and for several seeds, the same seed gives the same puzzle, its position is a legal start, and an independent proof (the analysis without limits; in Kalah the solver) confirms that its solution alone is best by the value it says (in Oware and Bohnenspiel with the test's own endgame database); games played in rounds are refused. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-endgame.h"
#include "kuzhi-engine.h"
#include "kuzhi-puzzle.h"
#include "kuzhi-search.h"

/* What each level promises (docs/computer-opponent.md, "Puzzles"): the
 * best move's lead over the next, in seeds (level 3's widest is the
 * game's own, puzzle_games' `narrow`). */
static const struct {
  int gap_min, gap_max;
} level_promise[4] = {
  [1] = { 4, 1000 },
  [2] = { 2, 1000 },
  [3] = { 1, 2 },
};

/* The games with puzzles, their levels and the seeds on the board at each. */
static const struct {
  KzVariantId variant;
  int         max_level;
  int         board[4][2];
  int         narrow;
} puzzle_games[] = {
  { KZ_VARIANT_KALAH,       3, { { 0 }, { 4, 10 }, { 8, 16 }, { 10, 18 } }, 2 },
  { KZ_VARIANT_MANGALA,     3, { { 0 }, { 4, 10 }, { 8, 16 }, { 10, 18 } }, 2 },
  { KZ_VARIANT_DAKON,       3, { { 0 }, { 4, 10 }, { 8, 16 }, { 10, 18 } }, 2 },
  { KZ_VARIANT_BOHNENSPIEL, 3, { { 0 }, { 4, 8 }, { 6, 10 }, { 8, 12 } }, 4 },
  { KZ_VARIANT_OWARE,       3, { { 0 }, { 4, 7 }, { 6, 8 }, { 5, 8 } }, 4 },
};

static const uint64_t seeds[] = { 1, 2, 20261205 };

static KzSearcher *finder;   /* KZ_PUZZLE_TABLE_MB, as the protocol's */
static KzSearcher *prover;   /* another table, for the independent proof */
/* Oware's and Bohnenspiel's proofs stand on an endgame database: the
 * prover's is the test's own, built here, not the finder's
 * (kz_puzzle_endgame()). */
static uint8_t   *db_values[KZ_N_VARIANTS];
static KzEndgame *dbs[KZ_N_VARIANTS];

static void
prover_set_endgame (KzVariantId variant)
{
  if (variant != KZ_VARIANT_OWARE && variant != KZ_VARIANT_BOHNENSPIEL)
    return;
  if (dbs[variant] == NULL)
    {
      db_values[variant] = g_malloc (kz_endgame_size (variant, KZ_PUZZLE_DB_SEEDS));
      g_assert_true (kz_endgame_compute (variant, db_values[variant], KZ_PUZZLE_DB_SEEDS, NULL, NULL, NULL));
      dbs[variant] = kz_endgame_new (variant, db_values[variant], KZ_PUZZLE_DB_SEEDS);
    }
  kz_searcher_set_endgame (prover, variant, dbs[variant]);
}

static void
check_puzzle (gsize game, int level, uint64_t seed)
{
  KzVariantId variant = puzzle_games[game].variant;
  KzPuzzle p, again;
  char reason[256] = "";
  char reason2[256] = "";
  KzAnalysis *an = g_new0 (KzAnalysis, 1);
  KzSearchLimits none = { 0 };
  KzMatch match;
  int board, next = -1000, n_best = 0;

  g_test_message ("%s level %d seed %" G_GUINT64_FORMAT, kz_variant_get (variant)->key, level, seed);
  g_assert_true (kz_puzzle_find (variant, level, seed, finder, NULL, &p, reason, sizeof reason));
  g_assert_cmpint (p.level, ==, level);

  /* Reproducible: the same seed, the same puzzle, whatever the searcher
   * held before (it is cleared for each try). */
  g_assert_true (kz_puzzle_find (variant, level, seed, finder, NULL, &again, reason2, sizeof reason2));
  g_assert_true (kz_position_equal (&p.position, &again.position));
  g_assert_cmpint (p.solution, ==, again.solution);
  g_assert_cmpint (p.value, ==, again.value);
  g_assert_cmpint (p.goal, ==, again.goal);

  /* A position the rules allow as a match's start, in the game asked for. */
  g_assert_cmpint (p.position.variant, ==, variant);
  g_assert_true (kz_position_check (&p.position, reason, sizeof reason));
  g_assert_true (kz_match_init_at (&match, &p.position, reason, sizeof reason));
  g_assert_true (kz_position_is_legal (&match.pos, p.solution));
  board = kz_position_row_sum (&p.position, 0) + kz_position_row_sum (&p.position, 1);
  g_assert_cmpint (board, >=, puzzle_games[game].board[level][0]);
  g_assert_cmpint (board, <=, puzzle_games[game].board[level][1]);
  g_assert_cmpint (p.line_len, >=, 1);
  g_assert_cmpint (p.line[0], ==, p.solution);

  /* The independent proof: every legal move valued to the end (in Oware
   * and Bohnenspiel, to the end or the database). */
  kz_searcher_clear (prover);
  prover_set_endgame (variant);
  g_assert_true (kz_search_analyse (prover, &match, &none, NULL, NULL, NULL, an));
  kz_searcher_set_endgame (prover, variant, NULL);
  g_assert_cmpint (an->n_moves, >=, 2);
  for (int i = 0; i < an->n_moves; i++)
    {
      const KzMoveValue *mv = &an->moves[i];
      int margin = kz_score_margin (mv->score);

      g_assert_true (mv->exact);
      g_assert_true (kz_score_is_final (mv->score));
      if (mv->action == p.solution)
        {
          g_assert_cmpint (margin, ==, p.value);
          n_best++;
        }
      else
        {
          g_assert_cmpint (margin, <, p.value);
          next = MAX (next, margin);
        }
    }
  g_assert_cmpint (n_best, ==, 1);
  g_assert_cmpint (next, ==, p.next_value);
  g_assert_cmpint (p.value - next, >=, level_promise[level].gap_min);
  g_assert_cmpint (p.value - next, <=, MAX (level_promise[level].gap_max, puzzle_games[game].narrow));

  /* The goal says what the values are. */
  if (p.value > 0 && next <= 0)
    g_assert_cmpint (p.goal, ==, KZ_PUZZLE_GOAL_WIN);
  else if (p.value == 0)
    g_assert_cmpint (p.goal, ==, KZ_PUZZLE_GOAL_DRAW);
  else if (p.value > 0)
    g_assert_cmpint (p.goal, ==, KZ_PUZZLE_GOAL_MOST);
  else
    g_assert_cmpint (p.goal, ==, KZ_PUZZLE_GOAL_LEAST);
  g_assert_cmpstr (kz_puzzle_goal_text (p.goal), !=, "");

  kz_match_clear (&match);
  g_free (an);
}

static void
test_found_and_proven (gconstpointer data)
{
  gsize game = GPOINTER_TO_SIZE (data);

  g_assert_cmpint (kz_puzzle_levels (puzzle_games[game].variant, NULL, 0), ==, puzzle_games[game].max_level);
  for (int level = KZ_PUZZLE_MIN_LEVEL; level <= puzzle_games[game].max_level; level++)
    for (gsize i = 0; i < G_N_ELEMENTS (seeds); i++)
      check_puzzle (game, level, seeds[i]);
}

/* Different seeds give different puzzles (not one position for all). */
static void
test_seeds_differ (void)
{
  KzPuzzle a, b;

  g_assert_true (kz_puzzle_find (KZ_VARIANT_KALAH, 1, 1, finder, NULL, &a, NULL, 0));
  g_assert_true (kz_puzzle_find (KZ_VARIANT_KALAH, 1, 2, finder, NULL, &b, NULL, 0));
  g_assert_false (kz_position_equal (&a.position, &b.position));
}

/* A cancelled find (the window's, when another puzzle is chosen) stops,
 * says so and writes nothing; the searcher then finds as before. */
static void
test_cancelled (void)
{
  volatile int cancel = 1;
  char reason[256] = "";
  KzPuzzle p, before, after;

  g_assert_true (kz_puzzle_find (KZ_VARIANT_OWARE, 3, 7, finder, NULL, &before, NULL, 0));
  memset (&p, 0x5a, sizeof p);
  g_assert_false (kz_puzzle_find (KZ_VARIANT_OWARE, 3, 7, finder, &cancel, &p, reason, sizeof reason));
  g_assert_cmpstr (reason, ==, "The find was cancelled.");
  g_assert_cmpint (p.position.pits[0], ==, 0x5a);
  cancel = 0;
  g_assert_true (kz_puzzle_find (KZ_VARIANT_OWARE, 3, 7, finder, &cancel, &after, NULL, 0));
  g_assert_true (kz_position_equal (&before.position, &after.position));
  g_assert_cmpint (before.solution, ==, after.solution);
  g_assert_cmpint (before.value, ==, after.value);
}

static const struct {
  KzVariantId variant;
  int         level;
  const char *reason;   /* words the reason has */
} refused[] = {
  { KZ_VARIANT_CONSTITUTION, 1, "rounds" },
  { KZ_VARIANT_CONSTITUTION, 3, "The Constitution has no puzzles" },
  { KZ_VARIANT_PALLANGUZHI,  2, "Pallanguzhi has no puzzles" },
  { KZ_VARIANT_KALAH,        0, "level must be 1, 2 or 3, not 0" },
  { KZ_VARIANT_MANGALA,      4, "level must be 1, 2 or 3, not 4" },
  { KZ_VARIANT_DAKON,       -1, "level must be 1, 2 or 3, not -1" },
};

static void
test_refused (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      KzPuzzle p;
      char reason[256] = "";

      memset (&p, 0x5a, sizeof p);
      g_assert_false (kz_puzzle_find (refused[i].variant, refused[i].level, 1, finder, NULL, &p, reason, sizeof reason));
      g_assert_nonnull (strstr (reason, refused[i].reason));
      /* Nothing written on a refusal. */
      g_assert_cmpint (p.position.pits[0], ==, 0x5a);
    }
  g_assert_cmpint (kz_puzzle_levels (KZ_VARIANT_CONSTITUTION, NULL, 0), ==, 0);
  g_assert_cmpint (kz_puzzle_levels (KZ_VARIANT_PALLANGUZHI, NULL, 0), ==, 0);
  /* The games whose puzzles need no database of the finder's own. */
  g_assert_null (kz_puzzle_endgame (KZ_VARIANT_KALAH));
  g_assert_null (kz_puzzle_endgame (KZ_VARIANT_CONSTITUTION));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  finder = kz_searcher_new (KZ_PUZZLE_TABLE_MB);
  prover = kz_searcher_new (64);
  g_test_add_func ("/puzzle/refused", test_refused);
  g_test_add_func ("/puzzle/seeds-differ", test_seeds_differ);
  g_test_add_func ("/puzzle/cancelled", test_cancelled);
  for (gsize i = 0; i < G_N_ELEMENTS (puzzle_games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/puzzle/found-and-proven/%s", kz_variant_get (puzzle_games[i].variant)->key);
      g_test_add_data_func (path, GSIZE_TO_POINTER (i), test_found_and_proven);
    }
  status = g_test_run ();
  kz_searcher_free (finder);
  kz_searcher_free (prover);
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      if (dbs[v] != NULL)
        kz_endgame_free (dbs[v]);
      g_free (db_values[v]);
    }
  return status;
}
