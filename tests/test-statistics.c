/* test-statistics.c — the statistics without a display: results per level and per hot-seat name, margins, streaks across sessions, a match counted once, broken files set aside, atomic writes, reset. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>

#include "kuzhi-game-model.h"
#include "kuzhi-file-lock.h"
#include "kuzhi-statistics.h"
#include "kuzhi-test-util.h"
#include "kuzhi-test-asan.h"

/* Ids made from a number, so that each test names its matches. */
static char *
match_id (guint n)
{
  return g_strdup_printf ("00000000-0000-4000-8000-%012x", n);
}

/* A temporary folder for one test, and the statistics file in it. */
typedef struct {
  char *dir;
  char *path;
} Folder;

static void
folder_init (Folder *f)
{
  f->dir = g_dir_make_tmp ("kuzhi-stats-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "statistics.ini", NULL);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The names in the folder, sorted, joined by spaces. */
static char *
folder_list (Folder *f)
{
  g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
folder_clear (Folder *f)
{
  kz_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static KuzhiStatistics *
open_statistics (const char *path)
{
  KuzhiStatistics *stats = kuzhi_statistics_new (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (kuzhi_statistics_load (stats, &error));
  g_assert_no_error (error);
  return stats;
}

/* Records a match of `variant`: `levels` who plays each side, `winner`
 * (-1 a draw) and the scores. */
static void
record (KuzhiStatistics *stats,
        guint            n,
        KzVariantId      variant,
        const char      *name1,
        KzLevel          level1,
        const char      *name2,
        KzLevel          level2,
        int              winner,
        int              score1,
        int              score2)
{
  g_autofree char *id = match_id (n);
  g_autoptr(GError) error = NULL;
  KuzhiMatchResult result = {
    .id = id,
    .variant = variant,
    .names = { name1, name2 },
    .levels = { level1, level2 },
    .winner = winner,
    .scores = { score1, score2 },
  };

  g_assert_true (kuzhi_statistics_record (stats, &result, &error));
  g_assert_no_error (error);
}

/* A person (Meena, on either side) against the computer at `level`:
 * `outcome` from her side, 1 a win, -1 a loss, 0 a draw, by `margin`. */
static void
against (KuzhiStatistics *stats, guint n, KzVariantId variant, int side, KzLevel level, int outcome, int margin)
{
  int winner = outcome == 0 ? -1 : outcome > 0 ? side : !side;
  int scores[2] = { 20, 20 };

  if (winner >= 0)
    scores[winner] += margin;
  if (side == 0)
    record (stats, n, variant, "Meena", KZ_LEVEL_NONE, "Arul", level, winner, scores[0], scores[1]);
  else
    record (stats, n, variant, "Arul", level, "Meena", KZ_LEVEL_NONE, winner, scores[0], scores[1]);
}

static void
assert_tally (const KuzhiTally *t, guint played, guint won, guint lost, guint drawn, int best)
{
  g_assert_cmpuint (t->played, ==, played);
  g_assert_cmpuint (t->won, ==, won);
  g_assert_cmpuint (t->lost, ==, lost);
  g_assert_cmpuint (t->drawn, ==, drawn);
  g_assert_cmpint (t->best_margin, ==, best);
}

static const KuzhiTally *
person (const KuzhiGameStatistics *g, const char *name)
{
  for (guint i = 0; i < g->n_people; i++)
    if (g_str_equal (g->people[i].name, name))
      return &g->people[i].tally;
  return NULL;
}

/* No file yet: no statistics, and nothing written by reading. */
static void
test_empty (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiGameStatistics) game = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *path = kuzhi_statistics_get_default_path ();
  g_autoptr(KuzhiStatistics) by_default = kuzhi_statistics_new (NULL);

  /* G_TEST_OPTION_ISOLATE_DIRS: the default is in a fresh folder, not the user's. */
  g_assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));
  g_assert_true (g_str_has_suffix (path, "/kuzhi/statistics.ini"));
  g_assert_cmpstr (kuzhi_statistics_get_path (by_default), ==, path);

  folder_init (&f);
  stats = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 0);
  g_assert_cmpint (kuzhi_statistics_get_latest_variant (stats), ==, -1);
  game = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
  g_assert_cmpuint (game->n_matches, ==, 0);
  g_assert_cmpuint (game->n_people, ==, 0);
  g_assert_cmpint (game->best_margin_level, ==, KZ_LEVEL_NONE);
  for (int level = KZ_LEVEL_NONE; level <= KZ_LEVEL_HARD; level++)
    assert_tally (&game->computer[level], 0, 0, 0, 0, 0);
  listed = folder_list (&f);
  g_assert_cmpstr (listed, ==, "");
  folder_clear (&f);
}

/* Against the computer, from the person's side, on either side of the
 * board: each level apart and the three together, with the widest win and
 * where it was won. */
static void
test_levels (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiGameStatistics) oware = NULL;
  g_autoptr(KuzhiGameStatistics) kalah = NULL;

  folder_init (&f);
  stats = open_statistics (f.path);
  against (stats, 1, KZ_VARIANT_OWARE, 0, KZ_LEVEL_EASY, 1, 10);
  against (stats, 2, KZ_VARIANT_OWARE, 1, KZ_LEVEL_EASY, 1, 4);
  against (stats, 3, KZ_VARIANT_OWARE, 1, KZ_LEVEL_EASY, -1, 2);
  against (stats, 4, KZ_VARIANT_OWARE, 0, KZ_LEVEL_NORMAL, 0, 0);
  against (stats, 5, KZ_VARIANT_OWARE, 1, KZ_LEVEL_HARD, 1, 12);
  against (stats, 6, KZ_VARIANT_OWARE, 0, KZ_LEVEL_HARD, -1, 30);
  against (stats, 7, KZ_VARIANT_OWARE, 0, KZ_LEVEL_HARD, 1, 7);
  /* Another game is counted apart. */
  against (stats, 8, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, -1, 3);

  oware = kuzhi_statistics_get_game (stats, KZ_VARIANT_OWARE);
  g_assert_cmpuint (oware->n_matches, ==, 7);
  g_assert_cmpuint (oware->n_hot_seat, ==, 0);
  assert_tally (&oware->computer[KZ_LEVEL_EASY], 3, 2, 1, 0, 10);
  assert_tally (&oware->computer[KZ_LEVEL_NORMAL], 1, 0, 0, 1, 0);
  assert_tally (&oware->computer[KZ_LEVEL_HARD], 3, 2, 1, 0, 12);
  assert_tally (&oware->computer[KZ_LEVEL_NONE], 7, 4, 2, 1, 12);
  g_assert_cmpint (oware->best_margin_level, ==, KZ_LEVEL_HARD);
  g_assert_cmpuint (oware->n_people, ==, 0);

  kalah = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
  assert_tally (&kalah->computer[KZ_LEVEL_HARD], 1, 0, 1, 0, 0);
  g_assert_cmpint (kalah->best_margin_level, ==, KZ_LEVEL_NONE);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, KZ_VARIANT_OWARE), ==, 7);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 8);
  g_assert_cmpint (kuzhi_statistics_get_latest_variant (stats), ==, KZ_VARIANT_KALAH);
  folder_clear (&f);
}

/* Between two people: each name's results, widest win, the most played
 * first; two computers, one name on both sides, or a match from a
 * position set up by hand are not counted. */
static void
test_hot_seat (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiGameStatistics) game = NULL;
  const KuzhiMatchResult demo = {
    .id = "00000000-0000-4000-8000-0000000000aa", .variant = KZ_VARIANT_DAKON,
    .names = { "A", "B" }, .levels = { KZ_LEVEL_EASY, KZ_LEVEL_HARD }, .winner = 0,
  };
  const KuzhiMatchResult alone = {
    .id = "00000000-0000-4000-8000-0000000000ab", .variant = KZ_VARIANT_DAKON,
    .names = { "Meena", " Meena\t" }, .winner = 1,
  };
  /* Started from a position set up by hand: a study, not a match won. */
  const KuzhiMatchResult set_up = {
    .id = "00000000-0000-4000-8000-0000000000ac", .variant = KZ_VARIANT_DAKON,
    .names = { "Meena", "Arul" }, .winner = 0, .set_up = TRUE,
  };

  folder_init (&f);
  stats = open_statistics (f.path);
  record (stats, 1, KZ_VARIANT_DAKON, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, 0, 40, 30);
  record (stats, 2, KZ_VARIANT_DAKON, "Arul", KZ_LEVEL_NONE, "Meena", KZ_LEVEL_NONE, 0, 51, 19);
  record (stats, 3, KZ_VARIANT_DAKON, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, -1, 35, 35);
  record (stats, 4, KZ_VARIANT_DAKON, "Kavya", KZ_LEVEL_NONE, "Meena", KZ_LEVEL_NONE, 1, 34, 36);
  /* A match against the computer does not count among the names. */
  against (stats, 5, KZ_VARIANT_DAKON, 0, KZ_LEVEL_EASY, 1, 5);

  g_assert_false (kuzhi_statistics_counts (&demo));
  g_assert_false (kuzhi_statistics_counts (&alone));
  g_assert_false (kuzhi_statistics_counts (&set_up));
  g_assert_true (kuzhi_statistics_record (stats, &demo, NULL));
  g_assert_true (kuzhi_statistics_record (stats, &alone, NULL));
  g_assert_true (kuzhi_statistics_record (stats, &set_up, NULL));

  game = kuzhi_statistics_get_game (stats, KZ_VARIANT_DAKON);
  g_assert_cmpuint (game->n_matches, ==, 5);
  g_assert_cmpuint (game->n_hot_seat, ==, 4);
  g_assert_cmpuint (game->n_people, ==, 3);
  g_assert_cmpstr (game->people[0].name, ==, "Meena");
  g_assert_cmpstr (game->people[1].name, ==, "Arul");
  g_assert_cmpstr (game->people[2].name, ==, "Kavya");
  assert_tally (person (game, "Meena"), 4, 2, 1, 1, 10);
  assert_tally (person (game, "Arul"), 3, 1, 1, 1, 32);
  assert_tally (person (game, "Kavya"), 1, 0, 1, 0, 0);
  assert_tally (&game->computer[KZ_LEVEL_NONE], 1, 1, 0, 0, 5);
  folder_clear (&f);
}

/* Wins in a row against the computer, at any level: a loss or a draw ends
 * one, hot-seat matches and other games do not; and they carry on across
 * sessions, from the file. */
static void
test_streaks (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiStatistics) again = NULL;
  g_autoptr(KuzhiGameStatistics) game = NULL;
  g_autoptr(KuzhiGameStatistics) later = NULL;
  g_autoptr(KuzhiGameStatistics) last = NULL;

  folder_init (&f);
  stats = open_statistics (f.path);
  against (stats, 1, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_EASY, 1, 1);
  against (stats, 2, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_HARD, 1, 1);
  against (stats, 3, KZ_VARIANT_MANGALA, 1, KZ_LEVEL_NORMAL, 1, 1);
  against (stats, 4, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_EASY, -1, 1);
  against (stats, 5, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_EASY, 1, 1);
  record (stats, 6, KZ_VARIANT_MANGALA, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, 1, 10, 38);
  against (stats, 7, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, -1, 1);
  against (stats, 8, KZ_VARIANT_MANGALA, 1, KZ_LEVEL_HARD, 1, 1);
  game = kuzhi_statistics_get_game (stats, KZ_VARIANT_MANGALA);
  g_assert_cmpuint (game->current_streak, ==, 2);
  g_assert_cmpuint (game->best_streak, ==, 3);

  /* The next session reads the same, and goes on from there. */
  again = open_statistics (f.path);
  later = kuzhi_statistics_get_game (again, KZ_VARIANT_MANGALA);
  g_assert_cmpuint (later->current_streak, ==, 2);
  g_assert_cmpuint (later->best_streak, ==, 3);
  assert_tally (&later->computer[KZ_LEVEL_NONE], 6, 5, 1, 0, 1);
  against (again, 9, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_NORMAL, 1, 1);
  against (again, 10, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_NORMAL, 1, 1);
  against (again, 11, KZ_VARIANT_MANGALA, 0, KZ_LEVEL_NORMAL, 0, 0);
  g_clear_object (&stats);
  stats = open_statistics (f.path);
  last = kuzhi_statistics_get_game (stats, KZ_VARIANT_MANGALA);
  g_assert_cmpuint (last->current_streak, ==, 0);
  g_assert_cmpuint (last->best_streak, ==, 4);
  folder_clear (&f);
}

/* Everything written comes back the same, names with odd characters too. */
static void
test_reload (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiStatistics) again = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GDateTime) ended = g_date_time_new_utc (2026, 11, 29, 20, 41, 7);
  g_autofree char *id = match_id (99);
  const KuzhiMatchResult dated = {
    .id = id, .variant = KZ_VARIANT_BOHNENSPIEL, .names = { "Ana\\Maria;[x]", "Jörg  Ü" },
    .winner = 0, .scores = { 40, 32 }, .ended = ended,
  };

  folder_init (&f);
  stats = open_statistics (f.path);
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      against (stats, (guint) (10 + v), (KzVariantId) v, v % 2, (KzLevel) (KZ_LEVEL_EASY + v % 3), v % 3 - 1, v + 1);
      record (stats, (guint) (20 + v), (KzVariantId) v, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, v % 2, 30 + v, 20);
    }
  g_assert_true (kuzhi_statistics_record (stats, &dated, NULL));
  g_assert_true (g_file_get_contents (f.path, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "# Kuzhi's statistics"));
  g_assert_nonnull (strstr (text, "\n[Statistics]\nVersion=1\n"));
  g_assert_nonnull (strstr (text, "\n[Match 00000000-0000-4000-8000-000000000063]\nGame=bohnenspiel\n"
                                  "Ended=2026-11-29T20:41:07Z\n"));
  g_assert_nonnull (strstr (text, "\nPlayer1Plays=person\nPlayer2Plays=person\nWinner=0\nScore=40;32\n"));

  again = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 2 * KZ_N_VARIANTS + 1);
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      g_autoptr(KuzhiGameStatistics) a = kuzhi_statistics_get_game (stats, (KzVariantId) v);
      g_autoptr(KuzhiGameStatistics) b = kuzhi_statistics_get_game (again, (KzVariantId) v);

      g_assert_cmpuint (a->n_matches, ==, b->n_matches);
      g_assert_cmpmem (a->computer, sizeof a->computer, b->computer, sizeof b->computer);
      g_assert_cmpint (a->best_margin_level, ==, b->best_margin_level);
      g_assert_cmpuint (a->current_streak, ==, b->current_streak);
      g_assert_cmpuint (a->best_streak, ==, b->best_streak);
      g_assert_cmpuint (a->n_people, ==, b->n_people);
      for (guint i = 0; i < a->n_people; i++)
        {
          g_assert_cmpstr (a->people[i].name, ==, b->people[i].name);
          g_assert_cmpmem (&a->people[i].tally, sizeof (KuzhiTally), &b->people[i].tally, sizeof (KuzhiTally));
        }
    }
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (again, KZ_VARIANT_BOHNENSPIEL);

    assert_tally (person (g, "Ana\\Maria;[x]"), 1, 1, 0, 0, 8);
    /* Names are kept as a match file keeps them. */
    assert_tally (person (g, "Jörg  Ü"), 1, 0, 1, 0, 0);
  }
  folder_clear (&f);
}

static void
on_changed (KuzhiStatistics *stats, guint *count)
{
  (*count)++;
}

/* A match ends, is undone and ends again: it is counted once, as it ended
 * last (and in the place of the match that ended last); the same end
 * again changes nothing; ending as a match that is not counted takes it
 * out. */
static void
test_replace (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiStatistics) again = NULL;
  guint changes = 0;
  struct stat before, after;

  folder_init (&f);
  stats = open_statistics (f.path);
  g_signal_connect (stats, "changed", G_CALLBACK (on_changed), &changes);
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, 1, 6);
  against (stats, 2, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, -1, 6);
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
    g_assert_cmpuint (g->current_streak, ==, 0);
  }
  g_assert_cmpuint (changes, ==, 2);

  /* Match 2 undone and won: one match, the new result. */
  against (stats, 2, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, 1, 2);
  g_assert_cmpuint (changes, ==, 3);
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
    assert_tally (&g->computer[KZ_LEVEL_HARD], 2, 2, 0, 0, 6);
    g_assert_cmpuint (g->current_streak, ==, 2);
  }

  /* Match 1 reopened, undone and lost: it moves to the end, where it
   * breaks the streak. */
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, -1, 1);
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
    assert_tally (&g->computer[KZ_LEVEL_HARD], 2, 1, 1, 0, 2);
    g_assert_cmpuint (g->current_streak, ==, 0);
    g_assert_cmpuint (g->best_streak, ==, 1);
  }

  /* The same end again (redone): nothing changes, not even the file. */
  g_assert_cmpint (g_stat (f.path, &before), ==, 0);
  g_usleep (20 * 1000);
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, -1, 1);
  g_assert_cmpint (g_stat (f.path, &after), ==, 0);
  g_assert_cmpuint (changes, ==, 4);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
  g_assert_cmpint (before.st_mtim.tv_nsec, ==, after.st_mtim.tv_nsec);

  /* Ended last with the computer on both sides: no longer counted. */
  record (stats, 1, KZ_VARIANT_KALAH, "A", KZ_LEVEL_EASY, "B", KZ_LEVEL_EASY, 0, 30, 18);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 1);
  g_assert_cmpuint (changes, ==, 5);

  /* And the file says the same. */
  again = open_statistics (f.path);
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (again, KZ_VARIANT_KALAH);
    assert_tally (&g->computer[KZ_LEVEL_HARD], 1, 1, 0, 0, 2);
  }
  folder_clear (&f);
}

/* Plays random legal actions until the match is over. */
static void
play_to_end (KuzhiGameModel *model, guint64 *rng)
{
  while (!kuzhi_game_model_get_over (model))
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (model, legal);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kuzhi_game_model_play (model, legal[kz_test_rand_range (rng, 0, n)], NULL));
    }
}

/* From a model: a match against Easy played to its end, undone and played
 * to an end again, is one match with the last result; the winner's margin
 * is the engine's final margin. */
static void
test_model (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
  g_autoptr(GError) error = NULL;
  guint64 rng = 11;

  folder_init (&f);
  stats = open_statistics (f.path);
  kuzhi_game_model_set_player_name (model, 0, "Meena");
  kuzhi_game_model_set_player_level (model, 1, KZ_LEVEL_EASY);
  for (int round = 0; round < 6; round++)
    {
      g_autoptr(KuzhiGameStatistics) g = NULL;
      int winner, margin;

      g_assert_true (kuzhi_game_model_new_match (model, KZ_VARIANT_KALAH, NULL, NULL));
      play_to_end (model, &rng);
      g_assert_true (kuzhi_statistics_record_match (stats, model, &error));
      g_assert_no_error (error);
      /* Undone a few turns and played to an end again, perhaps another. */
      for (int t = 0; t < 3 && kuzhi_game_model_can_undo (model); t++)
        kuzhi_game_model_undo (model);
      play_to_end (model, &rng);
      g_assert_true (kuzhi_statistics_record_match (stats, model, &error));
      g_assert_no_error (error);

      g = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);
      g_assert_cmpuint (g->n_matches, ==, (guint) round + 1);
      g_assert_cmpuint (g->computer[KZ_LEVEL_EASY].played, ==, (guint) round + 1);
      winner = kuzhi_game_model_get_winner (model);
      margin = winner >= 0 ? kz_eval_final_margin (kuzhi_game_model_get_position (model), winner) : 0;
      if (winner == 0)
        g_assert_cmpint (g->computer[KZ_LEVEL_EASY].best_margin, >=, margin);
      g_assert_cmpint (kuzhi_game_model_get_score (model, 0) - kuzhi_game_model_get_score (model, 1), ==,
                       winner >= 0 ? (winner == 0 ? margin : -margin) : 0);
    }
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 6);
  folder_clear (&f);
}

typedef struct {
  const char *name;
  const char *text;        /* the file; NULL: see the test */
  const char *fragment;    /* in the message */
} BrokenCase;

#define GOOD_MATCH "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n" \
                   "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\n"
#define HEAD "[Statistics]\nVersion=1\n\n"
#define PUZZLE_HEAD "[Statistics]\nVersion=2\n\n"

static const BrokenCase broken_cases[] = {
  { "syntax", HEAD "this is not a key file\n", "not a key file" },
  { "binary", "[Statistics]\nVersion=1\n\0\1\2", "UTF-8" },
  { "latin1", "[Statistics]\nVersion=1\n[Match 00000000-0000-4000-8000-000000000001]\nPlayer1=J\xf6rg\n", "UTF-8" },
  { "no-group", "[Other]\nVersion=1\n", "[Statistics] is missing" },
  { "no-version", "[Statistics]\n", "“Version” is missing" },
  { "newer-version", "[Statistics]\nVersion=3\n", "version 3, from a newer Kuzhi" },
  { "version-word", "[Statistics]\nVersion=one\n", "“one”" },
  { "unknown-key", "[Statistics]\nVersion=1\nColour=red\n", "“Colour”" },
  { "unknown-group", HEAD "[Totals]\nWon=3\n", "[Totals] is not part" },
  { "bad-id", HEAD "[Match 42]\nGame=kalah\n", "[Match 42] is not part" },
  { "missing-key", HEAD GOOD_MATCH "Winner=0\n", "“Score” is missing" },
  { "unknown-game", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=chess\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "“chess”" },
  { "bad-date", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=yesterday\n"
    "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "“Ended”" },
  /* A leap second would be written back as 23:59:59. */
  { "leap-second", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-12-31T23:59:60Z\n"
    "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "“Ended”" },
  { "winner-word", HEAD GOOD_MATCH "Winner=Meena\nScore=1;0\n", "“Winner”" },
  { "winner-range", HEAD GOOD_MATCH "Winner=2\nScore=1;0\n", "“Winner”" },
  { "negative-score", HEAD GOOD_MATCH "Winner=0\nScore=-4;0\n", "“Score”" },
  { "huge-score", HEAD GOOD_MATCH "Winner=0\nScore=100000;0\n", "“Score”" },
  { "one-score", HEAD GOOD_MATCH "Winner=0\nScore=4\n", "“Score”" },
  { "plays-word", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=expert\nWinner=0\nScore=1;0\n", "“Player2Plays”" },
  { "two-computers", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=easy\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "two computers" },
  { "same-name", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\nPlayer2=Meena\nPlayer1Plays=person\nPlayer2Plays=person\nWinner=0\nScore=1;0\n", "same name" },
  { "bad-escape", HEAD "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\\q\\\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "“Player1”" },
  { "translated-key", HEAD GOOD_MATCH "Winner=0\nScore=1;0\nPlayer1[de]=Mina\n", "“Player1[de]”" },
  { "twice", HEAD GOOD_MATCH "Winner=0\nScore=1;0\n\n[Match 00000000-0000-4000-8000-00000000000A]\nGame=kalah\n"
    "Ended=2026-11-29T20:41:07Z\nPlayer1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n"
    "[Match 00000000-0000-4000-8000-00000000000a]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\nPlayer1=Meena\nPlayer2=Arul\n"
    "Player1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=1;0\n", "appears twice" },
  /* Puzzles came with version 2: a version 1 file has none. */
  { "puzzle-in-version-1", HEAD "[Puzzle kalah 1 5]\nSolved=true\nTried=2026-12-05T10:00:00Z\n", "[Puzzle kalah 1 5] is not part" },
  { "puzzle-level", PUZZLE_HEAD "[Puzzle kalah 4 5]\nSolved=true\nTried=2026-12-05T10:00:00Z\n", "a level from 1 to 3" },
  { "puzzle-game", PUZZLE_HEAD "[Puzzle chess 1 5]\nSolved=true\nTried=2026-12-05T10:00:00Z\n", "must name a game" },
  { "puzzle-seed", PUZZLE_HEAD "[Puzzle kalah 1 -5]\nSolved=true\nTried=2026-12-05T10:00:00Z\n", "and a seed" },
  { "puzzle-solved", PUZZLE_HEAD "[Puzzle kalah 1 5]\nSolved=yes\nTried=2026-12-05T10:00:00Z\n", "“Solved”" },
  { "puzzle-tried", PUZZLE_HEAD "[Puzzle kalah 1 5]\nSolved=true\nTried=today\n", "“Tried”" },
  { "puzzle-missing", PUZZLE_HEAD "[Puzzle kalah 1 5]\nSolved=true\n", "“Tried” is missing" },
  { "puzzle-unknown-key", PUZZLE_HEAD "[Puzzle kalah 1 5]\nSolved=true\nTried=2026-12-05T10:00:00Z\nHints=2\n", "“Hints”" },
  { "folder", NULL, "regular file" },
  { "enormous", NULL, "too large" },
};

/* A broken file is moved aside, the statistics start afresh and say so,
 * and the next match writes a good file beside the kept one. */
static void
test_broken (gconstpointer data)
{
  const BrokenCase *c = data;
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL;
  g_auto(GStrv) names = NULL;
  guint changes = 0;

  folder_init (&f);
  if (g_str_equal (c->name, "folder"))
    g_assert_cmpint (g_mkdir (f.path, 0700), ==, 0);
  else if (g_str_equal (c->name, "enormous"))
    {
      FILE *file = fopen (f.path, "w");

      /* Sparse: the size counts, not the disk it takes. */
      g_assert_nonnull (file);
      g_assert_cmpint (ftruncate (fileno (file), KUZHI_STATISTICS_MAX_SIZE + 1), ==, 0);
      fclose (file);
    }
  else
    {
      /* The binary case holds NUL bytes: its length is that of the literal. */
      gsize length = g_str_equal (c->name, "binary") ? sizeof "[Statistics]\nVersion=1\n\0\1\2" - 1 : strlen (c->text);

      g_assert_true (g_file_set_contents (f.path, c->text, (gssize) length, NULL));
    }

  stats = kuzhi_statistics_new (f.path);
  g_signal_connect (stats, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_false (kuzhi_statistics_load (stats, &error));
  g_assert_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN);
  g_test_message ("%s", error->message);
  if (strstr (error->message, c->fragment) == NULL)
    g_error ("the message “%s” should mention “%s”", error->message, c->fragment);
  g_assert_nonnull (strstr (error->message, "statistics-broken-"));
  g_assert_nonnull (strstr (error->message, "start afresh"));
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 0);
  g_assert_false (g_file_test (f.path, G_FILE_TEST_EXISTS));

  /* Kept beside, whole. */
  listed = folder_list (&f);
  names = g_strsplit (listed, " ", -1);
  /* And the lock that guarded the reading (docs/match-file.md). */
  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[1], ==, "statistics.lock");
  g_assert_true (g_str_has_prefix (names[0], "statistics-broken-"));
  g_assert_true (g_str_has_suffix (names[0], ".ini"));
  if (c->text != NULL && !g_str_equal (c->name, "binary"))
    {
      g_autofree char *kept_path = g_build_filename (f.dir, names[0], NULL);
      g_autofree char *kept = NULL;

      g_assert_true (g_file_get_contents (kept_path, &kept, NULL, NULL));
      g_assert_cmpstr (kept, ==, c->text);
    }
  else if (g_str_equal (c->name, "folder"))
    {
      g_autofree char *kept_path = g_build_filename (f.dir, names[0], NULL);

      g_assert_true (g_file_test (kept_path, G_FILE_TEST_IS_DIR));
    }

  /* A fresh start: the next match is written. */
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 3);
  {
    g_autoptr(KuzhiStatistics) again = open_statistics (f.path);

    g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 1);
  }
  folder_clear (&f);
}

/* Every write replaces the whole file through a temporary one, which it
 * leaves nowhere; what a write killed before its rename left is removed
 * at the next load; a failed write says why and keeps the result, which a
 * later write saves. */
static void
test_atomic (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL;
  g_autofree char *stale = NULL;
  g_autofree char *blocked_dir = NULL;
  g_autofree char *blocked = NULL;

  folder_init (&f);
  stats = open_statistics (f.path);
  for (guint n = 1; n <= 30; n++)
    against (stats, n, KZ_VARIANT_OWARE, n % 2, KZ_LEVEL_NORMAL, n % 3 == 0 ? -1 : 1, (int) n);
  listed = folder_list (&f);
  g_assert_cmpstr (listed, ==, "statistics.ini statistics.lock");

  /* A private file stays private. */
  g_assert_cmpint (g_chmod (f.path, 0600), ==, 0);
  against (stats, 31, KZ_VARIANT_OWARE, 0, KZ_LEVEL_NORMAL, 1, 1);
  {
    struct stat st;
    g_assert_cmpint (g_stat (f.path, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  }

  /* A killed write's temporary is gone after the next load. */
  {
    g_autofree char *folder = g_path_get_dirname (f.path);
    stale = g_build_filename (folder, ".statistics.ini.Ab3xYz.tmp", NULL);
  }
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  {
    /* Killed a quarter of an hour ago: a younger one may still be written. */
    struct utimbuf old = { .actime = time (NULL) - 15 * 60, .modtime = time (NULL) - 15 * 60 };
    g_assert_cmpint (g_utime (stale, &old), ==, 0);
  }
  g_clear_object (&stats);
  stats = open_statistics (f.path);
  g_clear_pointer (&listed, g_free);
  listed = folder_list (&f);
  g_assert_cmpstr (listed, ==, "statistics.ini statistics.lock");
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 31);

  /* Where nothing can be written: the error says where and why, and the
   * result is kept, in memory. */
  blocked_dir = g_build_filename (f.dir, "not-a-folder", NULL);
  g_assert_true (g_file_set_contents (blocked_dir, "", -1, NULL));
  blocked = g_build_filename (blocked_dir, "kuzhi", "statistics.ini", NULL);
  {
    g_autoptr(KuzhiStatistics) nowhere = open_statistics (blocked);
    g_autofree char *id = match_id (1);
    KuzhiMatchResult result = {
      .id = id, .variant = KZ_VARIANT_KALAH, .names = { "Meena", "Arul" },
      .levels = { KZ_LEVEL_NONE, KZ_LEVEL_HARD }, .winner = 0, .scores = { 30, 18 },
    };

    g_assert_false (kuzhi_statistics_record (nowhere, &result, &error));
    g_assert_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "not-a-folder"));
    g_assert_cmpuint (kuzhi_statistics_get_n_matches (nowhere, -1), ==, 1);
    g_clear_error (&error);
    g_assert_false (kuzhi_statistics_reset (nowhere, &error));
    g_assert_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE);
    g_clear_error (&error);
    /* A failed reset changes nothing. */
    g_assert_cmpuint (kuzhi_statistics_get_n_matches (nowhere, -1), ==, 1);

    /* Once the folder can be made, the next write saves both matches. */
    g_assert_cmpint (g_unlink (blocked_dir), ==, 0);
    result.id = "00000000-0000-4000-8000-000000000002";
    g_assert_true (kuzhi_statistics_record (nowhere, &result, &error));
    g_assert_no_error (error);
    {
      g_autoptr(KuzhiStatistics) again = open_statistics (blocked);
      g_autofree char *kuzhi_dir = g_path_get_dirname (blocked);

      g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 2);
      g_unlink (blocked);
      g_rmdir (kuzhi_dir);
      g_rmdir (blocked_dir);
    }
  }

  /* Quit before another match ends: the result a failed write kept is
   * written as the statistics go. */
  {
    g_autofree char *later_dir = g_build_filename (f.dir, "not-a-folder-yet", NULL);
    g_autofree char *later = g_build_filename (later_dir, "kuzhi", "statistics.ini", NULL);
    KuzhiStatistics *quitting;
    g_autofree char *id = match_id (3);
    KuzhiMatchResult result = {
      .id = id, .variant = KZ_VARIANT_OWARE, .names = { "Ama", "Kofi" },
      .levels = { KZ_LEVEL_NONE, KZ_LEVEL_NONE }, .winner = 1, .scores = { 20, 28 },
    };

    g_assert_true (g_file_set_contents (later_dir, "", -1, NULL));
    quitting = open_statistics (later);
    g_assert_false (kuzhi_statistics_record (quitting, &result, &error));
    g_clear_error (&error);
    g_assert_cmpint (g_unlink (later_dir), ==, 0);
    g_object_unref (quitting);
    {
      g_autoptr(KuzhiStatistics) again = open_statistics (later);
      g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, KZ_VARIANT_OWARE), ==, 1);
    }
  }
  folder_clear (&f);
}


/* Lets go of a lock 300 ms from now, as another Kuzhi's write would. */
static gpointer
release_later (gpointer lock)
{
  g_usleep (300 * 1000);
  kuzhi_file_lock_release (lock);
  return NULL;
}

/* Two Kuzhis on one data folder (two sessions of one user), each with the
 * file read at its start: every match either records is kept, whichever
 * writes last; a result recorded again replaces its own record only; a
 * reset in one is not undone by the other's next write; a write that
 * waits for the other's lock gets it as soon as it is free. */
static void
test_two_instances (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) a = NULL;
  g_autoptr(KuzhiStatistics) b = NULL;
  g_autoptr(KuzhiStatistics) later = NULL;
  g_autoptr(KuzhiStatistics) after_reset = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  folder_init (&f);
  a = open_statistics (f.path);
  b = open_statistics (f.path);

  against (a, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 3);
  against (a, 2, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, -1, 2);
  /* B has not read them: its write keeps them all the same. */
  against (b, 3, KZ_VARIANT_OWARE, 1, KZ_LEVEL_HARD, 1, 5);
  against (a, 4, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 1);
  record (b, 5, KZ_VARIANT_OWARE, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, 1, 10, 38);
  /* A's match 2, undone and ended again in A: only its record changes. */
  against (a, 2, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 4);

  later = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (later, -1), ==, 5);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (later, KZ_VARIANT_KALAH), ==, 3);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (later, KZ_VARIANT_OWARE), ==, 2);
  {
    g_autoptr(KuzhiGameStatistics) kalah = kuzhi_statistics_get_game (later, KZ_VARIANT_KALAH);
    g_autoptr(KuzhiGameStatistics) oware = kuzhi_statistics_get_game (later, KZ_VARIANT_OWARE);

    /* Match 2 counts once, as it ended last: a win by 4. */
    assert_tally (&kalah->computer[KZ_LEVEL_EASY], 3, 3, 0, 0, 4);
    assert_tally (&oware->computer[KZ_LEVEL_HARD], 1, 1, 0, 0, 5);
    g_assert_cmpuint (oware->n_hot_seat, ==, 1);
  }
  /* What each holds now is the whole file, the other's records too. */
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (a, -1), ==, 5);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (b, -1), ==, 5);
  g_assert_true (g_file_get_contents (f.path, &text, NULL, NULL));
  for (guint n = 1; n <= 5; n++)
    {
      g_autofree char *id = match_id (n);
      g_autofree char *group = g_strdup_printf ("[Match %s]", id);

      g_assert_nonnull (strstr (text, group));
    }

  /* B sees A's last result once it reads the file again (the Statistics
   * window does as it opens), without writing. */
  {
    g_autoptr(KuzhiGameStatistics) kalah = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (f.path, &before, NULL, NULL));
    kuzhi_statistics_refresh (b);
    kalah = kuzhi_statistics_get_game (b, KZ_VARIANT_KALAH);
    assert_tally (&kalah->computer[KZ_LEVEL_EASY], 3, 3, 0, 0, 4);
    g_assert_true (g_file_get_contents (f.path, &after, NULL, NULL));
    g_assert_cmpstr (before, ==, after);
  }

  /* Reset in A: B's next write does not bring the old records back. */
  g_assert_true (kuzhi_statistics_reset (a, &error));
  g_assert_no_error (error);
  against (b, 6, KZ_VARIANT_OWARE, 0, KZ_LEVEL_NORMAL, 1, 2);
  after_reset = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (after_reset, -1), ==, 1);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (b, -1), ==, 1);

  /* The other Kuzhi writing (its lock held for a moment): the write waits
   * for it and then goes in. */
  {
    g_autofree char *dir = g_path_get_dirname (f.path);
    g_autofree char *lock_path = g_build_filename (dir, "statistics.lock", NULL);
    KuzhiFileLock *held = kuzhi_file_lock_try (lock_path, &error);
    GThread *releaser;

    g_assert_no_error (error);
    g_assert_nonnull (held);
    releaser = g_thread_new ("releaser", release_later, held);
    against (a, 7, KZ_VARIANT_KALAH, 0, KZ_LEVEL_HARD, 1, 1);
    g_thread_join (releaser);
    g_clear_object (&later);
    later = open_statistics (f.path);
    g_assert_cmpuint (kuzhi_statistics_get_n_matches (later, -1), ==, 2);
  }
  folder_clear (&f);
}

/* Reset forgets everything and writes the empty file. */
static void
test_reset (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiStatistics) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *listed = NULL;
  guint changes = 0;

  folder_init (&f);
  stats = open_statistics (f.path);
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 3);
  record (stats, 2, KZ_VARIANT_OWARE, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_NONE, 1, 10, 38);
  g_signal_connect (stats, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_true (kuzhi_statistics_reset (stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 0);
  g_assert_true (g_file_get_contents (f.path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[Statistics]\nVersion=1\n"));
  g_assert_null (strstr (text, "[Match"));
  listed = folder_list (&f);
  g_assert_cmpstr (listed, ==, "statistics.ini statistics.lock");
  again = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 0);
  /* A match counted before the reset and ending again counts anew. */
  against (stats, 1, KZ_VARIANT_KALAH, 0, KZ_LEVEL_EASY, 1, 3);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 1);
  folder_clear (&f);
}

/* Puzzles count once each, at the first try, per game; they are written
 * as version 2 and read back; a version 1 file (before puzzles) loads
 * with none, and gets its first puzzle beside its matches. */
static void
test_puzzles (void)
{
  Folder f;
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(KuzhiStatistics) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gboolean solved = FALSE;
  const char *old =
    "# An older Kuzhi's file\n[Statistics]\nVersion=1\n\n"
    "[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
    "Player1=Meena\nPlayer2=Computer\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=30;18\n";

  folder_init (&f);
  g_assert_true (g_file_set_contents (f.path, old, -1, NULL));
  stats = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (stats, -1), ==, 1);
  {
    g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (stats, KZ_VARIANT_KALAH);

    g_assert_cmpuint (g->puzzles_tried, ==, 0);
    g_assert_cmpuint (g->puzzles_solved, ==, 0);
  }
  g_assert_false (kuzhi_statistics_get_puzzle (stats, KZ_VARIANT_KALAH, 1, 336, NULL));

  g_assert_true (kuzhi_statistics_record_puzzle (stats, KZ_VARIANT_KALAH, 1, 336, TRUE, &error));
  g_assert_no_error (error);
  /* Tried again (the puzzle of the day reopened), wrong this time: still
   * solved at its first try, counted once. */
  g_assert_true (kuzhi_statistics_record_puzzle (stats, KZ_VARIANT_KALAH, 1, 336, FALSE, &error));
  g_assert_true (kuzhi_statistics_record_puzzle (stats, KZ_VARIANT_KALAH, 2, 336, FALSE, &error));
  g_assert_true (kuzhi_statistics_record_puzzle (stats, KZ_VARIANT_DAKON, 3, G_GUINT64_CONSTANT (9007199254740991), TRUE, &error));
  g_assert_true (kuzhi_statistics_get_puzzle (stats, KZ_VARIANT_KALAH, 1, 336, &solved));
  g_assert_true (solved);
  g_assert_true (kuzhi_statistics_get_puzzle (stats, KZ_VARIANT_KALAH, 2, 336, &solved));
  g_assert_false (solved);

  g_assert_true (g_file_get_contents (f.path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\n[Statistics]\nVersion=2\n"));
  g_assert_nonnull (strstr (text, "\n[Match 00000000-0000-4000-8000-000000000001]\nGame=kalah\n"));
  g_assert_nonnull (strstr (text, "\n[Puzzle kalah 1 336]\nSolved=true\nTried="));
  g_assert_nonnull (strstr (text, "\n[Puzzle kalah 2 336]\nSolved=false\nTried="));
  g_assert_nonnull (strstr (text, "\n[Puzzle dakon 3 9007199254740991]\nSolved=true\nTried="));

  again = open_statistics (f.path);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 1);
  for (int i = 0; i < 2; i++)
    {
      KuzhiStatistics *s = i == 0 ? stats : again;
      g_autoptr(KuzhiGameStatistics) kalah = kuzhi_statistics_get_game (s, KZ_VARIANT_KALAH);
      g_autoptr(KuzhiGameStatistics) dakon = kuzhi_statistics_get_game (s, KZ_VARIANT_DAKON);
      g_autoptr(KuzhiGameStatistics) oware = kuzhi_statistics_get_game (s, KZ_VARIANT_OWARE);

      g_assert_cmpuint (kalah->puzzles_tried, ==, 2);
      g_assert_cmpuint (kalah->puzzles_solved, ==, 1);
      g_assert_cmpuint (kalah->n_matches, ==, 1);
      g_assert_cmpuint (dakon->puzzles_tried, ==, 1);
      g_assert_cmpuint (dakon->puzzles_solved, ==, 1);
      g_assert_cmpuint (oware->puzzles_tried, ==, 0);
    }
  /* Reset forgets the puzzles too, and the file is version 1's again. */
  g_assert_true (kuzhi_statistics_reset (again, &error));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (f.path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "[Statistics]\nVersion=1\n"));
  g_assert_null (strstr (text, "[Puzzle"));
  g_assert_false (kuzhi_statistics_get_puzzle (again, KZ_VARIANT_KALAH, 1, 336, NULL));
  folder_clear (&f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/statistics/empty", test_empty);
  g_test_add_func ("/statistics/levels", test_levels);
  g_test_add_func ("/statistics/hot-seat", test_hot_seat);
  g_test_add_func ("/statistics/streaks", test_streaks);
  g_test_add_func ("/statistics/reload", test_reload);
  g_test_add_func ("/statistics/replace", test_replace);
  g_test_add_func ("/statistics/model", test_model);
  KZ_TEST_ADD_CASES ("/statistics/broken", broken_cases, test_broken);
  g_test_add_func ("/statistics/atomic", test_atomic);
  g_test_add_func ("/statistics/reset", test_reset);
  g_test_add_func ("/statistics/two-instances", test_two_instances);
  g_test_add_func ("/statistics/puzzles", test_puzzles);
  return g_test_run ();
}
