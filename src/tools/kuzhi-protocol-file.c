/* kuzhi-protocol-file.c — the protocol's `save PATH` and `load PATH`, through the same KuzhiMatchFile and OGN code the app uses. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"

#include "kuzhi-match-file.h"
#include "kuzhi-ogn.h"

#include <string.h>

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

/* An Aualé record, recognised by content whatever its name: its match
 * played by two people from now on, its tags and comments kept. */
static gboolean
load_ogn (KzSession *session, const char *path, GError **error)
{
  KuzhiOgnRecord *record = kuzhi_ogn_load (path, error);

  if (record == NULL)
    return FALSE;
  kz_match_clear (&session->match);
  session->match = record->match;
  memset (&record->match, 0, sizeof record->match);
  for (int i = 0; i < 2; i++)
    {
      g_free (session->names[i]);
      session->names[i] = g_steal_pointer (&record->names[i]);
      session->levels[i] = KZ_LEVEL_NONE;
    }
  g_clear_pointer (&session->created, g_date_time_unref);
  session->created = g_date_time_new_now_utc ();
  g_free (session->id);
  session->id = g_uuid_string_random ();
  g_clear_pointer (&session->ogn, kuzhi_ogn_record_free);
  /* The record keeps the moves it was read with, for its comments. */
  kz_match_copy (&record->match, &session->match);
  session->ogn = record;
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
  /* Aualé's record for a name that ends in .ogn (Oware only: the writer
   * refuses any other game, and writes nothing). */
  if (kuzhi_ogn_path_is_record (argv[1]))
    {
      if (!kuzhi_ogn_save (&session->match, names, session->created, session->ogn, argv[1], error))
        return FALSE;
      kz_protocol_add_state (reply, &session->match);
      return TRUE;
    }
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

  {
    g_autofree char *text = NULL;
    gsize length = 0;

    text = kuzhi_match_file_read_text (argv[1], &length, NULL);
    /* A file that cannot be read is left to the match-file loader, which
     * says why in the same words as before. */
    if (text != NULL && kuzhi_ogn_looks_like (text, length))
      {
        if (!load_ogn (session, argv[1], error))
          return FALSE;
        kz_protocol_add_state (reply, &session->match);
        return TRUE;
      }
  }

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
  g_clear_pointer (&session->ogn, kuzhi_ogn_record_free);

  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}
