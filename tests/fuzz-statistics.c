/* fuzz-statistics.c — libFuzzer target: any statistics file, found at the start or written by another Kuzhi since, is either set aside whole with a reason, or read to figures that Kuzhi writes back (merged with its own) and reads again unchanged. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <glib/gstdio.h>

#include "kuzhi-statistics.h"
#include "kuzhi-test-fuzz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* One folder for the whole run, emptied after each input; run-fuzz.sh
 * gives it a TMPDIR in memory, as Kuzhi syncs every write of the file. */
static char *folder;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  kz_fuzz_trap_warnings ("fuzz-statistics");
  folder = g_dir_make_tmp ("kuzhi-fuzz-statistics-XXXXXX", NULL);
  if (folder == NULL)
    __builtin_trap ();
  return 0;
}

static void
empty_folder (void)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      /* A set-aside folder is not made here: every entry is a file. */
      if (g_unlink (path) != 0)
        __builtin_trap ();
    }
}

static void
append_tally (GString *out, const KuzhiTally *t)
{
  g_string_append_printf (out, " %u/%u/%u/%u/%d", t->played, t->won, t->lost, t->drawn, t->best_margin);
}

/* Every figure the Statistics window can show, as one line a game. */
static char *
figures (KuzhiStatistics *stats)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "all %u %u latest %d\n",
                          kuzhi_statistics_get_n_matches (stats, -1),
                          kuzhi_statistics_get_n_puzzles (stats, -1),
                          kuzhi_statistics_get_latest_variant (stats));
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      g_autoptr(KuzhiGameStatistics) game = kuzhi_statistics_get_game (stats, (KzVariantId) v);

      g_string_append_printf (out, "%d: %u %u", v, game->n_matches,
                              kuzhi_statistics_get_n_puzzles (stats, v));
      for (int level = 0; level <= KZ_LEVEL_HARD; level++)
        append_tally (out, &game->computer[level]);
      g_string_append_printf (out, " best at %d streaks %u %u hot-seat %u puzzles %u %u",
                              (int) game->best_margin_level, game->current_streak, game->best_streak,
                              game->n_hot_seat, game->puzzles_tried, game->puzzles_solved);
      for (guint i = 0; i < game->n_people; i++)
        {
          g_string_append_printf (out, " [%s]", game->people[i].name);
          append_tally (out, &game->people[i].tally);
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* The one file the folder holds besides the statistics and their lock,
 * which must be the set-aside statistics-broken-….ini. */
static char *
set_aside_path (void)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *found = NULL;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_equal (name, "statistics.lock") || g_str_equal (name, "statistics.ini"))
        continue;
      if (found != NULL || !g_str_has_prefix (name, "statistics-broken-") || !g_str_has_suffix (name, ".ini"))
        __builtin_trap ();
      found = g_build_filename (folder, name, NULL);
    }
  return found;
}

/* The file another Kuzhi on the same data folder had written when this
 * one read it: a match against the computer, one hot-seat, a puzzle. */
static const char base_text[] =
  "[Statistics]\nVersion=2\n\n"
  "[Match 0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14]\nGame=kalah\nEnded=2026-11-29T20:41:07Z\n"
  "Player1=Meena\nPlayer2=Arul\nPlayer1Plays=person\nPlayer2Plays=hard\nWinner=0\nScore=30;18\n\n"
  "[Match 1d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b15]\nGame=oware\nEnded=2026-11-30T10:00:00Z\n"
  "Player1=Ama\nPlayer2=Kofi\nPlayer1Plays=person\nPlayer2Plays=person\nWinner=-1\nScore=24;24\n\n"
  "[Puzzle kalah 2 145]\nSolved=true\nTried=2026-12-05T18:02:44Z\n";

/* Nothing is lost: the file set aside holds every byte. */
static void
check_kept (const uint8_t *data, size_t size)
{
  g_autofree char *kept_path = set_aside_path ();
  g_autofree char *kept = NULL;
  gsize kept_size = 0;

  if (kept_path == NULL || !g_file_get_contents (kept_path, &kept, &kept_size, NULL))
    __builtin_trap ();
  if (kept_size != size || (size > 0 && memcmp (kept, data, size) != 0))
    __builtin_trap ();
}

/* What a fresh Kuzhi reads from the file now: it must read it. */
static char *
figures_read (const char *path)
{
  g_autoptr(KuzhiStatistics) stats = kuzhi_statistics_new (path);

  if (!kuzhi_statistics_load (stats, NULL))
    __builtin_trap ();
  return figures (stats);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *path = g_build_filename (folder, "statistics.ini", NULL);
  g_autoptr(KuzhiStatistics) alone = NULL;
  g_autoptr(KuzhiStatistics) other = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *merged = NULL;
  g_autofree char *read_back = NULL;
  gboolean accepted;
  guint64 seed = 0;

  /* The file as Kuzhi finds it at its start. */
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    __builtin_trap ();
  alone = kuzhi_statistics_new (path);
  accepted = kuzhi_statistics_load (alone, &error);
  if (!accepted)
    {
      /* Refused with a reason, started afresh, the file beside. */
      if (!g_error_matches (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN) ||
          *error->message == '\0' || g_file_test (path, G_FILE_TEST_EXISTS))
        __builtin_trap ();
      if (kuzhi_statistics_get_n_matches (alone, -1) != 0 || kuzhi_statistics_get_n_puzzles (alone, -1) != 0)
        __builtin_trap ();
      check_kept (data, size);
    }

  /* A puzzle tried makes Kuzhi write the file whole: what it accepted,
   * it writes in a form it reads back to the same figures. The seed is
   * one neither that file nor base_text has. */
  while (kuzhi_statistics_get_puzzle (alone, KZ_VARIANT_KALAH, 1, seed, NULL))
    seed++;
  if (!kuzhi_statistics_record_puzzle (alone, KZ_VARIANT_KALAH, 1, seed, TRUE, NULL))
    __builtin_trap ();
  expected = figures (alone);
  read_back = figures_read (path);
  if (strcmp (expected, read_back) != 0)
    {
      g_printerr ("fuzz-statistics: figures written:\n%sand read back:\n%s", expected, read_back);
      __builtin_trap ();
    }
  empty_folder ();
  g_clear_pointer (&expected, g_free);
  g_clear_pointer (&read_back, g_free);

  /* The same file written by another Kuzhi after this one read
   * base_text: this one's next write merges with it when it can be read
   * (every record is the file's, the new puzzle this one's: what the
   * file alone gave above), or sets it aside whole and writes what this
   * one holds. */
  if (!g_file_set_contents (path, base_text, -1, NULL))
    __builtin_trap ();
  other = kuzhi_statistics_new (path);
  if (!kuzhi_statistics_load (other, NULL))
    __builtin_trap ();
  if (!accepted)
    {
      if (!kuzhi_statistics_record_puzzle (other, KZ_VARIANT_KALAH, 1, seed, TRUE, NULL))
        __builtin_trap ();
      expected = figures (other);
      empty_folder ();
      if (!g_file_set_contents (path, base_text, -1, NULL))
        __builtin_trap ();
      g_clear_object (&other);
      other = kuzhi_statistics_new (path);
      if (!kuzhi_statistics_load (other, NULL))
        __builtin_trap ();
    }
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    __builtin_trap ();
  if (!kuzhi_statistics_record_puzzle (other, KZ_VARIANT_KALAH, 1, seed, TRUE, NULL))
    __builtin_trap ();
  if (accepted)
    expected = figures (alone);
  merged = figures (other);
  read_back = figures_read (path);
  if (strcmp (expected, merged) != 0 || strcmp (merged, read_back) != 0)
    {
      g_printerr ("fuzz-statistics: figures expected:\n%smerged:\n%sread back:\n%s", expected, merged, read_back);
      __builtin_trap ();
    }
  if (!accepted)
    check_kept (data, size);

  empty_folder ();
  return 0;
}
