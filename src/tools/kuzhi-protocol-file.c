/* kuzhi-protocol-file.c — the protocol's `save PATH` and `load PATH`, through the same KuzhiMatchFile code the app uses. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"

#include "kuzhi-match-file.h"

/* The protocol splits a command at spaces, so a path is one word: a path
 * with spaces arrives as several arguments and is refused with a usage
 * message rather than guessed at. */
static gboolean
expect_path (int argc, char **argv, GError **error)
{
  if (argc != 2)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "usage: %s PATH (one word: the path may not contain spaces)", argv[0]);
      return FALSE;
    }
  return TRUE;
}

gboolean
kz_protocol_cmd_save (KzSession   *session,
                      int          argc,
                      char       **argv,
                      JsonBuilder *reply,
                      GError     **error)
{
  const char *names[2];

  if (!expect_path (argc, argv, error))
    return FALSE;

  names[0] = session->names[0];
  names[1] = session->names[1];
  if (!kuzhi_match_file_save_full (&session->match, names, session->levels, session->created, session->id,
                                   argv[1], NULL, error))
    return FALSE;
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}

gboolean
kz_protocol_cmd_load (KzSession   *session,
                      int          argc,
                      char       **argv,
                      JsonBuilder *reply,
                      GError     **error)
{
  KzMatch match = { 0 };
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  GDateTime *created = NULL;
  char *id = NULL;

  if (!expect_path (argc, argv, error))
    return FALSE;

  /* Loaded aside: the session's match changes only once the whole file
   * has been replayed and checked. */
  if (!kuzhi_match_file_load_full (argv[1], &match, names, levels, &created, &id, NULL, error))
    return FALSE;

  kz_match_clear (&session->match);
  session->match = match;
  for (int i = 0; i < 2; i++)
    {
      g_free (session->names[i]);
      session->names[i] = names[i];
      session->levels[i] = levels[i];
    }
  g_clear_pointer (&session->created, g_date_time_unref);
  session->created = created;
  g_free (session->id);
  session->id = id;

  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}
