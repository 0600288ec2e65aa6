/* kuzhi-engine-main.c — kuzhi-engine: reads protocol commands from standard input or -c, writes one JSON line each. */
#include "kuzhi-protocol.h"
#include "kuzhi-endgame-file.h"

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
      g_printerr ("kuzhi-engine: building the Kalah endgame database: %d%%\n", tenth * 10);
    }
}

static int
build_endgame (const char *path, int seeds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KzEndgameFile) file = NULL;
  int shown = 0;
  gint64 t0 = g_get_monotonic_time ();

  g_printerr ("kuzhi-engine: building the Kalah endgame database of up to %d seeds in the pits "
              "(%" G_GUINT64_FORMAT " positions) into %s\n", seeds, kz_endgame_entries (seeds), path);
  file = kz_endgame_file_build (path, seeds, on_build_progress, &shown, NULL, &error);
  if (file == NULL)
    {
      g_printerr ("kuzhi-engine: %s\n", error->message);
      return 1;
    }
  g_printerr ("kuzhi-engine: built in %.1f s\n", (g_get_monotonic_time () - t0) / 1e6);
  g_print ("%s\n", path);
  return 0;
}

/* Only Kalah has a database: its stores never change what a move does. */
static gboolean
check_game (const char *option, const char *game)
{
  if (game == NULL || g_strcmp0 (game, "kalah") == 0)
    return TRUE;
  g_printerr ("kuzhi-engine: %s: there is an endgame database for kalah only, not '%s'\n"
              "Try 'kuzhi-engine --help'.\n", option, game);
  return FALSE;
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
  int seeds = KZ_ENDGAME_DEFAULT_SEEDS;
  GOptionEntry entries[] = {
    { "commands", 'c', 0, G_OPTION_ARG_STRING, &commands,
      "Run the commands given, separated by ';', then exit", "\"CMD1; CMD2; …\"" },
    { "build-endgame", 0, 0, G_OPTION_ARG_STRING, &build,
      "Build the endgame database of GAME (kalah), print its path, then exit", "GAME" },
    { "endgame-path", 0, 0, G_OPTION_ARG_STRING, &where,
      "Print where the endgame database of GAME (kalah) is kept, then exit", "GAME" },
    { "endgame-seeds", 0, 0, G_OPTION_ARG_INT, &seeds,
      "Seeds in the pits the endgame database reaches (1–24; default 16)", "N" },
    { "endgame-dir", 0, 0, G_OPTION_ARG_FILENAME, &dir,
      "Folder of the endgame database (default: $KUZHI_ENDGAME_DIR, else the user's cache folder/kuzhi)", "DIR" },
    { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— the Kuzhi rules engine over a text protocol");
  g_option_context_set_summary (context,
    "Reads one command per line from standard input (new, state, legal, play,\n"
    "undo, go, save, load, quit) and writes one line of JSON for each.\n"
    "Kalah searches use the endgame database when it is built and verifies.");
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

  if (seeds < 1 || seeds > KZ_ENDGAME_MAX_SEEDS)
    {
      g_printerr ("kuzhi-engine: --endgame-seeds: %d is not between 1 and %d\n"
                  "Try 'kuzhi-engine --help'.\n", seeds, KZ_ENDGAME_MAX_SEEDS);
      return 2;
    }
  if (!check_game ("--build-endgame", build) || !check_game ("--endgame-path", where))
    return 2;
  if ((build != NULL || where != NULL) && commands != NULL)
    {
      g_printerr ("kuzhi-engine: -c runs a session; --build-endgame and --endgame-path do not\n"
                  "Try 'kuzhi-engine --help'.\n");
      return 2;
    }

  path = kz_endgame_file_default_path (dir, seeds);
  if (build != NULL)
    return build_endgame (path, seeds);
  if (where != NULL)
    {
      g_autoptr(GError) open_error = NULL;
      g_autoptr(KzEndgameFile) file = kz_endgame_file_open (path, &open_error);

      g_print ("%s\n", path);
      if (file == NULL)
        g_printerr ("kuzhi-engine: %s\n",
                    g_error_matches (open_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
                      ? "not built yet (kuzhi-engine --build-endgame=kalah builds it)" : open_error->message);
      return 0;
    }

  /* A session uses the database where it is there and verifies. */
  kz_protocol_set_endgame_path (path);
  session = kz_session_new ();
  if (commands != NULL)
    return run_commands (session, commands);
  return run_stdin (session);
}
