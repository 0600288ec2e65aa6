/* kuzhi-engine-main.c — kuzhi-engine: reads protocol commands from standard input or -c, writes one JSON line each. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol.h"
#include "kuzhi-endgame-file.h"
#include "kuzhi-search.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static gboolean
reply (KzSession *session, const char *line, gsize len)
{
  gboolean quit = FALSE;
  g_autofree char *out = kz_session_handle (session, line, len, &quit);

  fputs (out, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
  return !quit;
}

/* Reads lines from fd 0 in blocks; a line longer than the protocol allows
 * is swallowed up to its newline and answered with one error. */
static int
run_stdin (KzSession *session)
{
  char block[65536];
  GByteArray *line = g_byte_array_new ();
  gboolean overlong = FALSE;
  gboolean running = TRUE;
  ssize_t n;

  while (running && (n = read (STDIN_FILENO, block, sizeof block)) != 0)
    {
      if (n < 0)
        break;
      for (ssize_t i = 0; running && i < n; i++)
        {
          if (block[i] == '\n')
            {
              if (overlong)
                running = reply (session, NULL, KZ_PROTOCOL_MAX_LINE + 1);
              else
                running = reply (session, (const char *) line->data, line->len);
              g_byte_array_set_size (line, 0);
              overlong = FALSE;
            }
          else if (line->len >= KZ_PROTOCOL_MAX_LINE)
            overlong = TRUE;
          else
            g_byte_array_append (line, (const guint8 *) &block[i], 1);
        }
    }
  if (running && (line->len > 0 || overlong))
    reply (session, overlong ? NULL : (const char *) line->data, overlong ? KZ_PROTOCOL_MAX_LINE + 1 : line->len);
  g_byte_array_unref (line);
  return 0;
}

static int
run_commands (KzSession *session, const char *commands)
{
  g_auto(GStrv) parts = g_strsplit (commands, ";", -1);

  for (int i = 0; parts[i] != NULL; i++)
    {
      const char *cmd = g_strstrip (parts[i]);
      /* "a; b;" ends with an empty part: that is punctuation, not a command. */
      if (*cmd == '\0')
        continue;
      if (!reply (session, cmd, strlen (cmd)))
        break;
    }
  return 0;
}

/* Progress of --build-endgame on standard error, every tenth. */
static void
on_build_progress (double fraction, void *user_data)
{
  int *shown = user_data;
  int tenth = (int) (fraction * 10);

  if (tenth > *shown)
    {
      *shown = tenth;
      g_printerr ("kuzhi-engine: building the endgame database: %d%%\n", tenth * 10);
    }
}

static int
build_endgame (const char *path, KzVariantId game, int seeds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KzEndgameFile) file = NULL;
  int shown = 0;
  gint64 t0 = g_get_monotonic_time ();

  g_printerr ("kuzhi-engine: building the %s endgame database of up to %d seeds on the board "
              "(%" G_GUINT64_FORMAT " bytes) into %s\n",
              kz_variant_get (game)->key, seeds, kz_endgame_size (game, seeds), path);
  file = kz_endgame_file_build (path, game, seeds, on_build_progress, &shown, NULL, &error);
  if (file == NULL)
    {
      g_printerr ("kuzhi-engine: %s\n", error->message);
      return 1;
    }
  g_printerr ("kuzhi-engine: built in %.1f s\n", (g_get_monotonic_time () - t0) / 1e6);
  g_print ("%s\n", path);
  return 0;
}

/* The games with a database, for the messages: "kalah, oware, mangala, bohnenspiel". */
static char *
endgame_games (void)
{
  GString *names = g_string_new (NULL);

  for (int g = 0; g < KZ_N_VARIANTS; g++)
    if (kz_endgame_has_game (g))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", kz_variant_get (g)->key);
  return g_string_free (names, FALSE);
}

/* --endgame-seeds' help, from each game's own range and default, so that
 * it cannot fall behind them: "kalah 1–24, default 16; oware …". */
static char *
endgame_seeds_help (void)
{
  GString *help = g_string_new ("Seeds on the board the endgame databases reach (");

  for (int g = 0, n = 0; g < KZ_N_VARIANTS; g++)
    if (kz_endgame_has_game (g))
      g_string_append_printf (help, "%s%s 1–%d, default %d", n++ > 0 ? "; " : "", kz_variant_get (g)->key,
                              kz_endgame_game_max_seeds (g), kz_endgame_default_seeds (g));
  g_string_append_c (help, ')');
  return g_string_free (help, FALSE);
}

/* The game an option names, which must have a database; -1 for none
 * given, -2 (after the message) for a bad one. */
static int
parse_game (const char *option, const char *key)
{
  const KzVariant *v;
  g_autofree char *games = NULL;

  if (key == NULL)
    return -1;
  v = kz_variant_lookup (key);
  for (int g = 0; v != NULL && g < KZ_N_VARIANTS; g++)
    if (kz_variant_get (g) == v && kz_endgame_has_game (g))
      return g;
  games = endgame_games ();
  g_printerr ("kuzhi-engine: %s: there is an endgame database for %s only, not '%s'\n"
              "Try 'kuzhi-engine --help'.\n", option, games, key);
  return -2;
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KzSession) session = NULL;
  g_autofree char *commands = NULL;
  g_autofree char *build = NULL;
  g_autofree char *where = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  int seeds = G_MININT;    /* not given: each game's default */
  int threads = 1;
  gboolean no_book = FALSE;
  g_auto(GStrv) weights = NULL;
  int build_game, where_game;
  g_autofree char *games = endgame_games ();
  g_autofree char *build_help = g_strdup_printf ("Build the endgame database of GAME (%s), print its path, then exit", games);
  g_autofree char *path_help = g_strdup_printf ("Print where the endgame database of GAME (%s) is kept, then exit", games);
  g_autofree char *seeds_help = endgame_seeds_help ();
  GOptionEntry entries[] = {
    { "commands", 'c', 0, G_OPTION_ARG_STRING, &commands,
      "Run the commands given, separated by ';', then exit", "\"CMD1; CMD2; …\"" },
    { "build-endgame", 0, 0, G_OPTION_ARG_STRING, &build, build_help, "GAME" },
    { "endgame-path", 0, 0, G_OPTION_ARG_STRING, &where, path_help, "GAME" },
    { "endgame-seeds", 0, 0, G_OPTION_ARG_INT, &seeds, seeds_help, "N" },
    { "endgame-dir", 0, 0, G_OPTION_ARG_FILENAME, &dir,
      "Folder of the endgame database (default: $KUZHI_ENDGAME_DIR, else the user's cache folder/kuzhi)", "DIR" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads,
      "Threads a search of `go` uses (1–64, default 1); with more than one, its moves differ from run to run", "N" },
    { "no-book", 0, 0, G_OPTION_ARG_NONE, &no_book,
      "`go` never answers from the opening book (to measure the search itself)", NULL },
    { "eval-weights", 0, 0, G_OPTION_ARG_STRING_ARRAY, &weights,
      "The evaluation weights of GAME's searches, in the order of tests/bench-search's tuning; those not given keep their defaults (to tune them by matches; may be repeated)", "GAME:W0,W1,…" },
    { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— the Kuzhi rules engine over a text protocol");
  g_option_context_set_summary (context,
    "Reads one command per line from standard input (new, state, legal, play,\n"
    "undo, go, save, load, quit) and writes one line of JSON for each.\n"
    "Searches use the game's endgame database when it is built and verifies.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("kuzhi-engine: %s\nTry 'kuzhi-engine --help'.\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      g_printerr ("kuzhi-engine: unexpected argument '%s'\nTry 'kuzhi-engine --help'.\n", argv[1]);
      return 2;
    }

  if (seeds == G_MININT)
    seeds = 0;
  else if (seeds < 1 || seeds > KZ_ENDGAME_MAX_SEEDS)
    {
      g_printerr ("kuzhi-engine: --endgame-seeds: %d is not between 1 and %d\n"
                  "Try 'kuzhi-engine --help'.\n", seeds, KZ_ENDGAME_MAX_SEEDS);
      return 2;
    }
  if (threads < 1 || threads > KZ_SEARCH_MAX_THREADS)
    {
      g_printerr ("kuzhi-engine: --threads: %d is not between 1 and %d\n"
                  "Try 'kuzhi-engine --help'.\n", threads, KZ_SEARCH_MAX_THREADS);
      return 2;
    }
  for (int i = 0; weights != NULL && weights[i] != NULL; i++)
    {
      KzVariantId game;
      KzEvalWeights w;
      char reason[160];

      if (!kz_eval_weights_parse (weights[i], &game, &w, reason, sizeof reason))
        {
          g_printerr ("kuzhi-engine: --eval-weights: %s\nTry 'kuzhi-engine --help'.\n", reason);
          return 2;
        }
      kz_protocol_set_weights (game, &w);
    }
  build_game = parse_game ("--build-endgame", build);
  where_game = parse_game ("--endgame-path", where);
  if (build_game == -2 || where_game == -2)
    return 2;
  if ((build != NULL || where != NULL) && commands != NULL)
    {
      g_printerr ("kuzhi-engine: -c runs a session; --build-endgame and --endgame-path do not\n"
                  "Try 'kuzhi-engine --help'.\n");
      return 2;
    }

  if (build_game >= 0 || where_game >= 0)
    {
      KzVariantId game = build_game >= 0 ? build_game : where_game;
      int n = seeds != 0 ? MIN (seeds, kz_endgame_game_max_seeds (game)) : kz_endgame_default_seeds (game);

      path = kz_endgame_file_default_path (dir, game, n);
      if (build_game >= 0)
        return build_endgame (path, game, n);
      g_autoptr(GError) open_error = NULL;
      g_autoptr(KzEndgameFile) file = kz_endgame_file_open (path, game, &open_error);

      g_print ("%s\n", path);
      if (file == NULL && g_error_matches (open_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_printerr ("kuzhi-engine: not built yet (kuzhi-engine --build-endgame=%s builds it)\n",
                    kz_variant_get (game)->key);
      else if (g_error_matches (open_error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER))
        g_printerr ("kuzhi-engine: %s (move or remove that folder; kuzhi-engine --build-endgame=%s builds the database there)\n",
                    open_error->message, kz_variant_get (game)->key);
      else if (file == NULL)
        g_printerr ("kuzhi-engine: %s\n", open_error->message);
      return 0;
    }

  /* A session uses each game's database where it is there and verifies. */
  kz_protocol_set_endgame (dir, seeds);
  kz_protocol_set_threads (threads);
  kz_protocol_set_book (!no_book);
  session = kz_session_new ();
  if (commands != NULL)
    return run_commands (session, commands);
  return run_stdin (session);
}
