/* bench-endgame.c — the endgame databases' figures: build time and size for each N; the guarded mapping against a copy read into memory (start-up, memory, look-ups); Kalah solved from the start with and without its database; Oware and Bohnenspiel endgames searched 1 s with and without theirs. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <glib/gstdio.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "kuzhi-endgame-file.h"
#include "kuzhi-endgame-oware.h"
#include "kuzhi-search.h"

static char   *opt_game = "kalah";
static char   *opt_seeds = NULL;         /* the game's own list when not given */
static int     opt_solve_seeds = 4;      /* Kalah(6, this) solved from the start */
static int     opt_solve_mb = 1024;
static int     opt_solve_seconds = 900;
static int     opt_search_ms = 1000;    /* each Oware endgame's search */
static gboolean opt_skip_solve, opt_skip_plain;

static GOptionEntry entries[] = {
  { "game", 0, 0, G_OPTION_ARG_STRING, &opt_game, "The game whose database is built (kalah, oware, mangala, bohnenspiel)", "GAME" },
  { "seeds", 0, 0, G_OPTION_ARG_STRING, &opt_seeds,
    "The databases built (seeds on the board; default 12,14,16,18, Oware and Bohnenspiel 8,10,12)", "N1,N2,..." },
  { "search-ms", 0, 0, G_OPTION_ARG_INT, &opt_search_ms, "Oware and Bohnenspiel: each endgame's search with and without it", "MS" },
  { "solve-seeds", 0, 0, G_OPTION_ARG_INT, &opt_solve_seeds, "Seeds per pit of the Kalah solved from the start", "S" },
  { "solve-mb", 0, 0, G_OPTION_ARG_INT, &opt_solve_mb, "The solver's table, in MB", "MB" },
  { "solve-seconds", 0, 0, G_OPTION_ARG_INT, &opt_solve_seconds, "Time given to each solve", "S" },
  { "skip-solve", 0, 0, G_OPTION_ARG_NONE, &opt_skip_solve, "Only build the databases (no solve, no searches)", NULL },
  { "skip-plain", 0, 0, G_OPTION_ARG_NONE, &opt_skip_plain, "Skip the solve without a database", NULL },
  { NULL },
};

/* Peak memory since the last reset: VmHWM, which "5" into clear_refs
 * resets (Linux), so that each figure is its own phase's. */
static void
reset_peak (void)
{
  FILE *f = fopen ("/proc/self/clear_refs", "w");
  if (f != NULL)
    {
      fputs ("5", f);
      fclose (f);
    }
}

static long
peak_mb (void)
{
  g_autofree char *status = NULL;
  const char *hwm;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (hwm = strstr (status, "VmHWM:")) != NULL)
    return atol (hwm + 6) / 1024;
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

static double
cpu_s (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static double
now_s (void)
{
  return g_get_monotonic_time () / 1e6;
}

typedef struct {
  int           seconds;
  volatile int  cancel;
  volatile int  done;
} Watch;

static gpointer
watch_clock (gpointer data)
{
  Watch *w = data;
  for (int tenths = 0; tenths < w->seconds * 10 && !w->done; tenths++)
    g_usleep (100 * 1000);
  w->cancel = 1;
  return NULL;
}

static void
solve (const KzEndgame *endgame)
{
  KzSearcher *s = kz_searcher_new ((size_t) opt_solve_mb);
  KzMatch m;
  KzOptions options = { .seeds = opt_solve_seeds };
  KzSearchLimits limits = { 0 };
  KzSearchResult r;
  Watch watch = { .seconds = opt_solve_seconds };

  reset_peak ();
  if (!kz_match_init (&m, KZ_VARIANT_KALAH, &options, NULL, 0))
    g_error ("cannot set up Kalah with %d seeds", opt_solve_seeds);
  kz_searcher_set_endgame (s, KZ_VARIANT_KALAH, endgame);
  GThread *thread = g_thread_new ("watch", watch_clock, &watch);
  double t0 = now_s (), c0 = cpu_s ();
  kz_search (s, &m, &limits, &watch.cancel, &r);
  double t = now_s () - t0, c = cpu_s () - c0;
  watch.done = 1;
  g_thread_join (thread);
  if (r.exact)
    g_print ("kalah(6,%d) from the start %s: value %+d, best %d, %.1f s (cpu %.1f s), %" G_GUINT64_FORMAT
             " nodes, table %d MB, peak memory %ld MB\n",
             opt_solve_seeds, endgame != NULL ? "with the database" : "without a database",
             kz_score_to_seeds (r.score), r.best, t, c, r.nodes, opt_solve_mb, peak_mb ());
  else
    g_print ("kalah(6,%d) from the start %s: NOT solved in %d s\n", opt_solve_seeds,
             endgame != NULL ? "with the database" : "without a database", opt_solve_seconds);
  kz_match_clear (&m);
  kz_searcher_free (s);
}

/* Oware's or Bohnenspiel's endgames with 2 to 8 seeds more on the
 * board than the database holds, each reached by random play from the
 * start (the same every run), searched for opt_search_ms without and with
 * the database: its depth, its value and whether that is exact. */
static void
endgame_searches (KzVariantId game, const KzEndgame *endgame)
{
  const int above[] = { 2, 4, 6, 8 };
  KzSearcher *s = kz_searcher_new (64);
  guint64 rng = 2026;

  for (gsize t = 0; t < G_N_ELEMENTS (above); t++)
    for (int round = 0; round < 3; round++)
      {
        KzMatch m;
        int on_board, target = kz_endgame_max_seeds (endgame) + above[t];

        if (!kz_match_init (&m, game, NULL, NULL, 0))
          g_error ("cannot set up %s", opt_game);
        on_board = kz_position_row_sum (&m.pos, 0) + kz_position_row_sum (&m.pos, 1);
        while (!m.pos.over && on_board > target)
          {
            KzAction actions[KZ_MAX_ACTIONS];
            int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            kz_match_play (&m, actions[(rng >> 33) % (guint64) n], NULL);
            on_board = kz_position_row_sum (&m.pos, 0) + kz_position_row_sum (&m.pos, 1);
          }
        if (m.pos.over)
          {
            kz_match_clear (&m);
            round--;
            continue;
          }
        g_print ("%s, %d seeds on the board, stores %d-%d, ply %d:", opt_game, on_board,
                 m.pos.stores[m.pos.to_move], m.pos.stores[!m.pos.to_move], m.pos.plies);
        for (int with = 0; with < 2; with++)
          {
            KzSearchLimits limits = { .time_ms = opt_search_ms };
            KzSearchResult r;
            kz_searcher_clear (s);
            kz_searcher_set_endgame (s, game, with ? endgame : NULL);
            kz_search (s, &m, &limits, NULL, &r);
            g_print ("  %s: depth %d, %s %+d, best %d, %.2f M nodes", with ? "with" : "without",
                     r.depth, r.exact ? "exact" : "score", kz_score_to_seeds (r.score), r.best, r.nodes / 1e6);
          }
        g_print ("\n");
        kz_match_clear (&m);
      }
  kz_searcher_free (s);
}

/* This process's resident memory, anonymous (the heap) and file pages
 * (a mapping), in MB; -1 where /proc does not say. */
static double
rss_mb (const char *field)
{
  g_autofree char *status = NULL;
  const char *at;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) && (at = strstr (status, field)) != NULL)
    return atol (at + strlen (field)) / 1024.0;
  return -1;
}

/* A million look-ups at random places of the values, as a search's
 * probes land (the sum keeps them). */
static double
random_lookups_s (const KzEndgame *endgame, uint64_t size, int *sum)
{
  const int8_t *values = kz_endgame_values (endgame);
  guint64 rng = 7;
  double t0 = now_s ();

  for (int i = 0; i < 1000000; i++)
    {
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      *sum += values[(rng >> 11) % size];
    }
  return now_s () - t0;
}

/* The two ways of holding a database that never crashes its reader when
 * the file is cut short: the guarded mapping (what the program does) and
 * a copy read into memory. Start-up (open and verify), the memory it
 * holds after the start and after a million look-ups, and their time. */
static void
compare_holding (const char *path, KzVariantId game, int n)
{
  g_autoptr(GError) error = NULL;
  uint64_t size = kz_endgame_size (game, n);
  int sum = 0;

  {
    double anon0, file0;

    malloc_trim (0);   /* the build's freed heap out of the figures */
    anon0 = rss_mb ("RssAnon:");
    file0 = rss_mb ("RssFile:");
    double t0 = now_s ();
    g_autoptr(KzEndgameFile) file = kz_endgame_file_open (path, game, &error);
    double open_s = now_s () - t0;
    g_assert_no_error (error);
    double anon1 = rss_mb ("RssAnon:") - anon0, file1 = rss_mb ("RssFile:") - file0;
    double look = random_lookups_s (kz_endgame_file_get (file), size, &sum);
    g_print ("%s endgame N=%d, guarded mapping: started in %.3f s, then %.1f MB heap + %.1f MB file pages; "
             "1 M look-ups in %.3f s, then %.1f MB + %.1f MB\n",
             opt_game, n, open_s, anon1, file1, look,
             rss_mb ("RssAnon:") - anon0, rss_mb ("RssFile:") - file0);
  }
  {
    double anon0, file0;

    malloc_trim (0);   /* the build's freed heap out of the figures */
    anon0 = rss_mb ("RssAnon:");
    file0 = rss_mb ("RssFile:");
    double t0 = now_s ();
    g_autofree char *data = NULL;
    gsize len = 0;
    int max_seeds = 0;
    char reason[160];
    KzEndgame *endgame;

    g_assert_true (g_file_get_contents (path, &data, &len, &error));
    g_assert_true (kz_endgame_check ((const uint8_t *) data, len, game, &max_seeds, reason, sizeof reason));
    endgame = kz_endgame_new (game, (const uint8_t *) data + KZ_ENDGAME_HEADER_BYTES, max_seeds);
    double open_s = now_s () - t0;
    double anon1 = rss_mb ("RssAnon:") - anon0, file1 = rss_mb ("RssFile:") - file0;
    double look = random_lookups_s (endgame, size, &sum);
    g_print ("%s endgame N=%d, read into memory: started in %.3f s, then %.1f MB heap + %.1f MB file pages; "
             "1 M look-ups in %.3f s, then %.1f MB + %.1f MB\n",
             opt_game, n, open_s, anon1, file1, look,
             rss_mb ("RssAnon:") - anon0, rss_mb ("RssFile:") - file0);
    kz_endgame_free (endgame);
  }
  if (sum == 42424242)
    g_print ("\n");
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— the endgame database's figures");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(KzEndgameFile) largest = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  const KzVariant *variant = kz_variant_lookup (opt_game);
  KzVariantId game = KZ_N_VARIANTS;
  for (int g = 0; variant != NULL && g < KZ_N_VARIANTS; g++)
    if (kz_variant_get (g) == variant && kz_endgame_has_game (g))
      game = g;
  if (game == KZ_N_VARIANTS)
    {
      g_printerr ("bench-endgame: %s has no endgame database\n", opt_game);
      return 2;
    }
  dir = g_dir_make_tmp ("kuzhi-bench-endgame-XXXXXX", &error);
  g_assert_no_error (error);

  if (game == KZ_VARIANT_KALAH && !opt_skip_solve && !opt_skip_plain)
    solve (NULL);

  g_auto(GStrv) list = g_strsplit (opt_seeds != NULL ? opt_seeds :
                                   game == KZ_VARIANT_OWARE || game == KZ_VARIANT_BOHNENSPIEL ? "8,10,12" : "12,14,16,18",
                                   ",", -1);
  for (int i = 0; list[i] != NULL; i++)
    {
      int n = atoi (list[i]);
      g_autofree char *path = kz_endgame_file_default_path (dir, game, n);

      reset_peak ();
      double t0 = now_s (), c0 = cpu_s ();
      KzEndgameFile *file = kz_endgame_file_build (path, game, n, NULL, NULL, NULL, &error);
      double t = now_s () - t0, c = cpu_s () - c0;
      if (file == NULL)
        {
          g_print ("endgame N=%d: %s\n", n, error->message);
          g_clear_error (&error);
          continue;
        }
      long build_peak = peak_mb ();
      t0 = now_s ();
      kz_endgame_file_free (kz_endgame_file_open (path, game, &error));
      double verify = now_s () - t0;
      g_assert_no_error (error);
      uint64_t size = kz_endgame_size (game, n);
      g_print ("%s endgame N=%d: %" G_GUINT64_FORMAT " entries, file %.1f MB, built and written in %.1f s (cpu %.1f s), "
               "opened and verified in %.2f s, peak memory %ld MB\n",
               opt_game, n, game == KZ_VARIANT_OWARE ? kz_endgame_oware_entries (n) : size,
               (KZ_ENDGAME_HEADER_BYTES + size) / 1e6, t, c, verify, build_peak);
      compare_holding (path, game, n);
      g_clear_pointer (&largest, kz_endgame_file_free);
      largest = file;
    }

  if ((game == KZ_VARIANT_OWARE || game == KZ_VARIANT_BOHNENSPIEL) && !opt_skip_solve && largest != NULL)
    {
      g_print ("with N=%d:\n", kz_endgame_max_seeds (kz_endgame_file_get (largest)));
      endgame_searches (game, kz_endgame_file_get (largest));
    }
  if (game == KZ_VARIANT_KALAH && !opt_skip_solve && largest != NULL)
    {
      g_print ("with N=%d:\n", kz_endgame_max_seeds (kz_endgame_file_get (largest)));
      solve (kz_endgame_file_get (largest));
    }

  /* Leave nothing behind. */
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_remove (p);
    }
  g_rmdir (dir);
  return 0;
}
