/* kuzhi-engine-main.c — kuzhi-engine: reads protocol commands from standard input or -c, writes one JSON line each. */
#include "kuzhi-protocol.h"

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

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KzSession) session = NULL;
  g_autofree char *commands = NULL;
  GOptionEntry entries[] = {
    { "commands", 'c', 0, G_OPTION_ARG_STRING, &commands,
      "Run the commands given, separated by ';', then exit", "\"CMD1; CMD2; …\"" },
    { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— the Kuzhi rules engine over a text protocol");
  g_option_context_set_summary (context,
    "Reads one command per line from standard input (new, state, legal, play,\n"
    "undo, go, save, load, quit) and writes one line of JSON for each.");
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

  session = kz_session_new ();
  if (commands != NULL)
    return run_commands (session, commands);
  return run_stdin (session);
}
