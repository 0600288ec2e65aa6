/* fuzz-statistics.c — libFuzzer target: any statistics file is either set aside whole with a reason, the statistics starting afresh, or read to figures that Kuzhi writes back and reads again unchanged. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <glib/gstdio.h>

#include "kuzhi-statistics.h"
#include "kuzhi-test-fuzz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* One folder for the whole run, emptied after each input. */
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

/* The one file the folder holds besides the lock, which must be the
 * set-aside statistics-broken-….ini. */
static char *
set_aside_path (void)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *found = NULL;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_equal (name, "statistics.lock"))
        continue;
      if (found != NULL || !g_str_has_prefix (name, "statistics-broken-") || !g_str_has_suffix (name, ".ini"))
        __builtin_trap ();
      found = g_build_filename (folder, name, NULL);
    }
  return found;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *path = g_build_filename (folder, "statistics.ini", NULL);
  g_autoptr(KuzhiStatistics) stats = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    __builtin_trap ();
  stats = kuzhi_statistics_new (path);

  if (!kuzhi_statistics_load (stats, &error))
    {
      g_autofree char *kept_path = NULL;
      g_autofree char *kept = NULL;
      gsize kept_size = 0;

      /* Refused with a reason, started afresh, and nothing the player
       * had is lost: the file is beside, byte for byte. */
      if (!g_error_matches (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN) ||
          *error->message == '\0')
        __builtin_trap ();
      if (kuzhi_statistics_get_n_matches (stats, -1) != 0 || kuzhi_statistics_get_n_puzzles (stats, -1) != 0)
        __builtin_trap ();
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        __builtin_trap ();
      kept_path = set_aside_path ();
      if (kept_path == NULL || !g_file_get_contents (kept_path, &kept, &kept_size, NULL))
        __builtin_trap ();
      if (kept_size != size || (size > 0 && memcmp (kept, data, size) != 0))
        __builtin_trap ();
    }
  else
    {
      g_autoptr(KuzhiStatistics) again = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      guint64 seed = 0;

      /* A puzzle not in the file yet makes Kuzhi write it whole: what it
       * accepted, it must write in a form it reads back to the same
       * figures. */
      while (kuzhi_statistics_get_puzzle (stats, KZ_VARIANT_KALAH, 1, seed, NULL))
        seed++;
      if (!kuzhi_statistics_record_puzzle (stats, KZ_VARIANT_KALAH, 1, seed, TRUE, NULL))
        __builtin_trap ();
      before = figures (stats);

      again = kuzhi_statistics_new (path);
      if (!kuzhi_statistics_load (again, NULL))
        __builtin_trap ();
      after = figures (again);
      if (strcmp (before, after) != 0)
        {
          g_printerr ("fuzz-statistics: figures before writing:\n%sand after reading back:\n%s", before, after);
          __builtin_trap ();
        }
    }

  empty_folder ();
  return 0;
}
