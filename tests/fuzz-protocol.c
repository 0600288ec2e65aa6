/* fuzz-protocol.c — libFuzzer target: random kuzhi-engine command lines, each answered by one line of valid UTF-8 JSON, and a refused command leaves the state as it was. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "kuzhi-protocol.h"
#include "kuzhi-puzzle.h"
#include "kuzhi-test-fuzz.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The session works in a folder of its own, with the odd things a path can
 * name: a folder, a pipe, links (to a file, dangling, in a circle), a
 * read-only file and one with several names. */
static void
make_playground (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-fuzz-protocol-XXXXXX", NULL);
  KzSession *session;
  gboolean quit;

  if (dir == NULL || g_chdir (dir) != 0)
    __builtin_trap ();
  session = kz_session_new ();
  g_free (kz_session_handle (session, "new kalah", 9, &quit));
  g_free (kz_session_handle (session, "save good.kuzhi", 15, &quit));
  kz_session_free (session);
  g_mkdir ("folder", 0700);
  mkfifo ("fifo", 0600);
  if (symlink ("good.kuzhi", "link") != 0 || symlink ("nowhere/x.kuzhi", "dangling") != 0 ||
      symlink ("loop", "loop") != 0 || link ("good.kuzhi", "hard.kuzhi") != 0)
    __builtin_trap ();
  g_file_set_contents ("readonly.kuzhi", "", 0, NULL);
  g_chmod ("readonly.kuzhi", 0400);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  kz_fuzz_trap_warnings ("fuzz-protocol");
  make_playground ();
  /* `puzzle oware` and `puzzle bohnenspiel` build their databases once a
   * process (about half a second, much more with the fuzzer's
   * instrumentation): built here, so that no input is timed with it. */
  if (kz_puzzle_endgame (KZ_VARIANT_OWARE) == NULL || kz_puzzle_endgame (KZ_VARIANT_BOHNENSPIEL) == NULL)
    __builtin_trap ();
  return 0;
}

/* Commands that could leave the playground or run long are not sent:
 * `save` and `load` of an absolute path or one that climbs out, every
 * `go` or `analyse` but the shallowest (a deep one takes seconds, by
 * design), and every `puzzle` of an input after its first (a find takes
 * up to 5 s with the fuzzer's instrumentation; *puzzle_sent says one
 * was). */
static gboolean
is_safe (const char *line, gsize len, gboolean *puzzle_sent)
{
  g_autofree char *text = g_strndup (line, len);
  g_auto(GStrv) words = NULL;
  const char *first = NULL;
  gboolean shallow = FALSE;

  g_strdelimit (text, "\t\r", ' ');
  words = g_strsplit (text, " ", -1);
  for (int i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (first == NULL)
        {
          first = words[i];
          continue;
        }
      if (g_str_equal (words[i], "depth=1") || g_str_equal (words[i], "depth=2"))
        shallow = TRUE;
      if ((g_str_equal (first, "save") || g_str_equal (first, "load")) &&
          (words[i][0] == '/' || strstr (words[i], "..") != NULL))
        return FALSE;
    }
  /* A search without a small depth runs for up to its cap: too slow for
   * the fuzzer's time limit. `analyse` searches like `go`. */
  if (first != NULL && (g_str_equal (first, "go") || g_str_equal (first, "analyse")))
    return shallow;
  if (first != NULL && g_str_equal (first, "puzzle"))
    {
      if (*puzzle_sent)
        return FALSE;
      *puzzle_sent = TRUE;
    }
  return TRUE;
}

/* One line of JSON, valid UTF-8, an object with "ok"; returns "ok". */
static gboolean
check_reply (const char *reply)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object;

  if (reply == NULL || strchr (reply, '\n') != NULL || !g_utf8_validate (reply, -1, NULL))
    __builtin_trap ();
  if (!json_parser_load_from_data (parser, reply, -1, NULL))
    __builtin_trap ();
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    __builtin_trap ();
  object = json_node_get_object (json_parser_get_root (parser));
  if (!json_object_has_member (object, "ok"))
    __builtin_trap ();
  if (json_object_get_boolean_member (object, "ok"))
    return TRUE;
  if (!json_object_has_member (object, "error") ||
      *json_object_get_string_member (object, "error") == '\0')
    __builtin_trap ();
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(KzSession) session = kz_session_new ();
  const char *p = (const char *) data, *end = p + size;
  gboolean puzzle_sent = FALSE;

  /* Lines as kuzhi-engine reads them from its input. */
  while (p < end)
    {
      const char *eol = memchr (p, '\n', (size_t) (end - p));
      gsize len = (gsize) ((eol != NULL ? eol : end) - p);
      g_autofree char *before = NULL;
      g_autofree char *reply = NULL;
      gboolean quit = FALSE;

      if (is_safe (p, len, &puzzle_sent))
        {
          before = kz_session_handle (session, "state", 5, &quit);
          reply = kz_session_handle (session, p, len, &quit);
          if (!check_reply (reply))
            {
              g_autofree char *after = kz_session_handle (session, "state", 5, &quit);

              /* A refusal changes nothing. */
              if (strcmp (before, after) != 0)
                __builtin_trap ();
            }
          if (quit)
            break;
        }
      p += len + 1;
    }
  return 0;
}
