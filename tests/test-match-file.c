/* test-match-file.c — KuzhiMatchFile: random matches of every game survive the file, every kind of broken file is refused with the match untouched, and an autosave survives kill -9. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <utime.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kuzhi-file-lock.h"
#include "kuzhi-game-model.h"
#include "kuzhi-match-file-private.h"
#include "kuzhi-protocol.h"
#include "kuzhi-test-util.h"
#include "kuzhi-test-asan.h"

static const char *engine_path;

/* A random match of `variant` with random options the game accepts. */
static void
random_match (KzMatch *match, KzVariantId variant, guint64 *rng)
{
  for (;;)
    {
      KzOptions options = { 0 };

      options.seeds = kz_test_rand_range (rng, 0, 2) ? 0 : kz_test_rand_range (rng, 1, 13);
      options.pasu = kz_test_rand_range (rng, 0, 4) == 0 ? (kz_test_rand_range (rng, 0, 2) ? 4 : 6) : 0;
      if (kz_match_init (match, variant, &options, NULL, 0))
        break;
    }
  /* Short, middling and whole matches. */
  switch (kz_test_rand_range (rng, 0, 3))
    {
    case 0: kz_test_play_random (match, rng, kz_test_rand_range (rng, 0, 10)); break;
    case 1: kz_test_play_random (match, rng, kz_test_rand_range (rng, 10, 200)); break;
    default: kz_test_play_random (match, rng, 100000); break;
    }
}

static void
test_round_trip (void)
{
  guint64 rng = 4242;
  g_autoptr(GDateTime) created = g_date_time_new_utc (2026, 11, 29, 20, 15, 7);
  /* What the file's syntax must escape or not take as syntax; control
   * characters are not kept in names (see /match-file/names). */
  static const char *const names[2] = { "Meena = “Kuzhi” ; queen of\\cups \\s", "Arul [P2] # not a comment  \\" };
  guint n_variants = 0;
  gsize longest = 0;

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      if (kz_variant_get ((KzVariantId) v) == NULL)
        continue;
      n_variants++;
      for (int i = 0; i < 1000; i++)
        {
          KzMatch match, loaded = { 0 };
          g_autofree char *data = NULL;
          char *names_out[2] = { NULL, NULL };
          /* Every kind of player on either side. */
          const KzLevel levels[2] = { (KzLevel) kz_test_rand_range (&rng, KZ_LEVEL_NONE, KZ_LEVEL_HARD + 1),
                                      (KzLevel) kz_test_rand_range (&rng, KZ_LEVEL_NONE, KZ_LEVEL_HARD + 1) };
          KzLevel levels_out[2] = { -1, -1 };
          g_autoptr(GDateTime) created_out = NULL;
          g_autoptr(GError) error = NULL;
          gsize length;

          random_match (&match, (KzVariantId) v, &rng);
          longest = MAX (longest, match.n_history);
          data = kuzhi_match_file_to_data (&match, names, levels, created, NULL, &length);
          g_assert_nonnull (data);
          g_assert_cmpuint (length, ==, strlen (data));

          if (!kuzhi_match_file_from_data (data, length, &loaded, names_out, levels_out, &created_out, NULL, &error))
            g_error ("%s refused its own file: %s\n%s", kz_variant_get ((KzVariantId) v)->key, error->message, data);
          kz_test_assert_same_match (&loaded, &match);
          g_assert_cmpstr (names_out[0], ==, names[0]);
          g_assert_cmpstr (names_out[1], ==, names[1]);
          g_assert_cmpint (levels_out[0], ==, levels[0]);
          g_assert_cmpint (levels_out[1], ==, levels[1]);
          g_assert_true (g_date_time_equal (created_out, created));

          g_free (names_out[0]);
          g_free (names_out[1]);
          kz_match_clear (&loaded);
          kz_match_clear (&match);
        }
    }
  g_assert_cmpuint (n_variants, >=, 1);
  g_test_message ("%u games, longest match %" G_GSIZE_FORMAT " actions", n_variants, longest);
  g_assert_cmpuint (longest, <, KUZHI_MATCH_FILE_MAX_ACTIONS / 4);
}

/* A match from a set-up position: a position random play reaches at a
 * turn's start, taken as a new match's start (kz_match_init_at), then
 * played on. */
static void
set_up_match (KzMatch *match, KzVariantId variant, guint64 *rng)
{
  for (;;)
    {
      KzMatch played;
      KzPosition start;
      char reason[256];

      random_match (&played, variant, rng);
      /* Back to a turn's start somewhere in the match. */
      while (played.n_history > 0 &&
             (played.pos.over || played.pos.marked || kz_test_rand_range (rng, 0, 3) == 0))
        g_assert_true (kz_match_undo (&played));
      start = played.pos;
      kz_match_clear (&played);
      if (start.over || start.marked || start.plies == 0)
        continue;
      if (!kz_match_init_at (match, &start, reason, sizeof reason))
        g_error ("%s: a position play reached is refused: %s", kz_variant_get (variant)->key, reason);
      kz_test_play_random (match, rng, kz_test_rand_range (rng, 0, 30));
      return;
    }
}

/* Every game: a match from a set-up position is saved as version 4 with
 * its start in [Start], and loads back the same, replayed and checked;
 * a match from the game's own start stays version 3. */
static void
test_set_up_round_trip (void)
{
  guint64 rng = 3232;

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    for (int i = 0; i < 200; i++)
      {
        KzMatch match, loaded = { 0 };
        g_autofree char *data = NULL;
        g_autoptr(GError) error = NULL;

        set_up_match (&match, (KzVariantId) v, &rng);
        data = kuzhi_match_file_to_data (&match, NULL, NULL, NULL, NULL, NULL);
        g_assert_nonnull (strstr (data, "\nVersion=4\n"));
        g_assert_nonnull (strstr (data, "\n[Start]\n"));
        if (!kuzhi_match_file_from_data (data, strlen (data), &loaded, NULL, NULL, NULL, NULL, &error))
          g_error ("%s refused its own file: %s\n%s", kz_variant_get ((KzVariantId) v)->key, error->message, data);
        kz_test_assert_same_match (&loaded, &match);
        /* Undo stops at the set-up start, in the loaded match too. */
        while (kz_match_undo (&loaded))
          ;
        g_assert_true (kz_position_equal (&loaded.pos, &match.start));
        kz_match_clear (&loaded);
        kz_match_clear (&match);
      }

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      KzMatch match;
      g_autofree char *data = NULL;

      g_assert_true (kz_match_init (&match, (KzVariantId) v, NULL, NULL, 0));
      data = kuzhi_match_file_to_data (&match, NULL, NULL, NULL, NULL, NULL);
      g_assert_nonnull (strstr (data, "\nVersion=3\n"));
      g_assert_null (strstr (data, "[Start]"));
      kz_match_clear (&match);
    }
}

/* Found by the fuzzer: a year before 1000 must keep its leading zeros, or
 * the file Kuzhi wrote would not load again. */
static void
test_old_date (void)
{
  g_autoptr(GDateTime) created = g_date_time_new_utc (684, 11, 29, 20, 49, 34);
  g_autoptr(GDateTime) created_out = NULL;
  g_autofree char *data = NULL;
  KzMatch match, loaded = { 0 };

  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  data = kuzhi_match_file_to_data (&match, NULL, NULL, created, NULL, NULL);
  g_assert_nonnull (strstr (data, "Created=0684-11-29T20:49:34Z"));
  g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &loaded, NULL, NULL, &created_out, NULL, NULL));
  g_assert_true (g_date_time_equal (created, created_out));
  kz_match_clear (&loaded);
  kz_match_clear (&match);
}

/* Through a real file too, and saving twice replaces the first file. */
static void
test_save_load_file (void)
{
  guint64 rng = 7;
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.kuzhi", NULL);

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      KzMatch match, loaded = { 0 };
      char *names[2] = { NULL, NULL };
      g_autoptr(GError) error = NULL;

      if (kz_variant_get ((KzVariantId) v) == NULL)
        continue;
      random_match (&match, (KzVariantId) v, &rng);
      g_assert_true (kuzhi_match_file_save (&match, NULL, path, &error));
      g_assert_no_error (error);
      g_assert_true (kuzhi_match_file_load (path, &loaded, names, &error));
      g_assert_no_error (error);
      kz_test_assert_same_match (&loaded, &match);
      g_assert_cmpstr (names[0], ==, "Player 1");
      g_assert_cmpstr (names[1], ==, "Player 2");
      g_free (names[0]);
      g_free (names[1]);
      kz_match_clear (&loaded);
      kz_match_clear (&match);
    }

  /* Nothing is left behind but the file itself (no temporary files). */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n = 0;
    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_assert_cmpstr (name, ==, "match.kuzhi");
        n++;
      }
    g_assert_cmpuint (n, ==, 1);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* The worked example with a mark, Arul being the computer at Hard: the
 * good file the broken ones start from. */
static char *
good_file (KzMatch *match_out)
{
  static const char *const actions[] = { "0", "m7", "7", "3" };
  static const char *const names[2] = { "Meena", "Arul" };
  static const KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_HARD };
  g_autoptr(GDateTime) created = g_date_time_new_utc (2026, 11, 29, 20, 0, 0);
  KzMatch match;
  char *data;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      KzAction a;
      g_assert_true (kz_action_parse (actions[i], &a));
      g_assert_true (kz_match_play (&match, a, NULL));
    }
  data = kuzhi_match_file_to_data (&match, names, levels, created, NULL, NULL);
  if (match_out != NULL)
    *match_out = match;
  else
    kz_match_clear (&match);
  return data;
}

/* Replaces the whole line that starts with `prefix` (e.g. "Seeds=") by
 * `line`, or removes it when `line` is NULL. */
static char *
edit_line (const char *data, const char *prefix, const char *line)
{
  g_auto(GStrv) lines = g_strsplit (data, "\n", -1);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  gboolean found = FALSE;

  for (gsize i = 0; lines[i] != NULL; i++)
    {
      if (!found && g_str_has_prefix (lines[i], prefix))
        {
          found = TRUE;
          if (line != NULL)
            g_ptr_array_add (kept, (gpointer) line);
          continue;
        }
      g_ptr_array_add (kept, lines[i]);
    }
  g_assert_true (found);
  g_ptr_array_add (kept, NULL);
  return g_strjoinv ("\n", (char **) kept->pdata);
}

/* Asserts that `data` is refused with `code` (-1: any) and a message
 * holding `fragment`, and that the match, names and date given are untouched. */
static void
assert_refused (const char *data, gsize length, int code, const char *fragment)
{
  KzMatch match, before;
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_EASY, KZ_LEVEL_NORMAL };
  GDateTime *created = NULL;
  g_autoptr(GError) error = NULL;

  /* A match in progress, as the app would hold while a file is opened. */
  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 6, NULL));
  kz_match_copy (&before, &match);

  g_assert_false (kuzhi_match_file_from_data (data, length, &match, names, levels, &created, NULL, &error));
  g_assert_nonnull (error);
  if (code < 0)
    code = error->code;
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, code);
  g_assert_cmpstr (error->message, !=, "");
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("the message “%s” should mention “%s”", error->message, fragment);
  kz_test_assert_same_match (&match, &before);
  g_assert_null (names[0]);
  g_assert_null (names[1]);
  g_assert_cmpint (levels[0], ==, KZ_LEVEL_EASY);
  g_assert_cmpint (levels[1], ==, KZ_LEVEL_NORMAL);
  g_assert_null (created);

  kz_match_clear (&before);
  kz_match_clear (&match);
}

typedef struct {
  const char *prefix;
  const char *line;    /* NULL: remove the line */
  int         code;
  const char *fragment;
} LineEdit;

static void
test_broken_lines (void)
{
  static const LineEdit edits[] = {
    { "Version=", "Version=5", KUZHI_MATCH_FILE_ERROR_VERSION, "version 5" },
    /* Version 1 had no Id nor Player1Plays, version 2 no Id: such a file
     * is mislabelled. */
    { "Version=", "Version=1", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "“Id” in [Match] is not part of format version 1" },
    { "Version=", "Version=2", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "“Id” in [Match] is not part of format version 2" },
    { "Id=", "Id=", KUZHI_MATCH_FILE_ERROR_VALUE, "“Id” in [Match] must be a UUID" },
    { "Id=", "Id=match-1", KUZHI_MATCH_FILE_ERROR_VALUE, "not “match-1”" },
    { "Id=", "Id=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b1", KUZHI_MATCH_FILE_ERROR_VALUE, "Id" },
    { "Id=", "Id=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14x", KUZHI_MATCH_FILE_ERROR_VALUE, "Id" },
    { "Id=", "Id=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14\nId=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b15", KUZHI_MATCH_FILE_ERROR_SYNTAX, "“Id” appears twice in [Match]" },
    { "Id=", "Id=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14\nId[de]=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b15", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Id[de]" },
    { "Id=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Id" },
    { "Version=", "Version=0", KUZHI_MATCH_FILE_ERROR_VERSION, "“0”" },
    { "Version=", "Version=one", KUZHI_MATCH_FILE_ERROR_VERSION, "“one”" },
    { "Version=", "Version=99999999999999999999", KUZHI_MATCH_FILE_ERROR_VERSION, NULL },
    { "Version=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Version" },
    { "Variant=", "Variant=chess", KUZHI_MATCH_FILE_ERROR_VARIANT, "chess" },
    { "Variant=", "Variant=", KUZHI_MATCH_FILE_ERROR_VARIANT, NULL },
    { "Variant=", "Variant=kalah", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 2" },
    { "Variant=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Variant" },
    { "Seeds=", "Seeds=9", KUZHI_MATCH_FILE_ERROR_OPTION, "seeds" },
    { "Seeds=", "Seeds=4", -1, NULL },
    { "Seeds=", "Seeds=-5", KUZHI_MATCH_FILE_ERROR_VALUE, "Seeds" },
    { "Seeds=", "Seeds=5x", KUZHI_MATCH_FILE_ERROR_VALUE, "Seeds" },
    { "Seeds=", "Seeds=5\nPasu=4", KUZHI_MATCH_FILE_ERROR_OPTION, "pasu" },
    { "Seeds=", "Seeds=5\nColour=red", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Colour" },
    { "Seeds=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Seeds" },
    { "Player1=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Player1" },
    { "Player2=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Player2" },
    { "Player2=", "Player2=bad\\escape\\q", KUZHI_MATCH_FILE_ERROR_VALUE, "Player2" },
    /* Found by the fuzzer: GLib's own unescaping warns on this one. */
    { "Player1=", "Player1=a\\qb\\", KUZHI_MATCH_FILE_ERROR_VALUE, "Player1" },
    { "Player2=", "Player2=ends with a backslash\\", KUZHI_MATCH_FILE_ERROR_VALUE, "Player2" },
    { "Player1Plays=", "Player1Plays=expert", KUZHI_MATCH_FILE_ERROR_VALUE, "“Player1Plays” in [Match] must be person, easy, normal or hard, not “expert”" },
    { "Player2Plays=", "Player2Plays=Hard", KUZHI_MATCH_FILE_ERROR_VALUE, "not “Hard”" },
    { "Player2Plays=", "Player2Plays=computer", KUZHI_MATCH_FILE_ERROR_VALUE, "Player2Plays" },
    { "Player1Plays=", "Player1Plays=", KUZHI_MATCH_FILE_ERROR_VALUE, "Player1Plays" },
    { "Player1Plays=", "Player1Plays=3", KUZHI_MATCH_FILE_ERROR_VALUE, "Player1Plays" },
    { "Player1Plays=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Player1Plays" },
    { "Player2Plays=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Player2Plays" },
    { "Player1Plays=", "Player1Plays=person\nPlayer1Plays=hard", KUZHI_MATCH_FILE_ERROR_SYNTAX, "“Player1Plays” appears twice in [Match]" },
    { "Player2Plays=", "Player2Plays=hard\nPlayer2Plays[de]=easy", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player2Plays[de]" },
    { "Player1Plays=", "Player1Plays[de]=hard", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player1Plays[de]" },
    { "Player1Plays=", "Player3Plays=hard", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player3Plays" },
    { "Actions=", "Actions=0;0", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 2, “0”" },
    { "Actions=", "Actions=0;m7;m8;7", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 3, “m8”" },
    { "Actions=", "Actions=0;x;7", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 2, “x”" },
    { "Actions=", "Actions=0;;7", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 2" },
    { "Actions=", "Actions=0;m7;7", KUZHI_MATCH_FILE_ERROR_POSITION, NULL },
    { "Actions=", "Actions=", KUZHI_MATCH_FILE_ERROR_POSITION, "Pits" },
    { "Actions=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Actions" },
    { "Created=", "Created=yesterday", KUZHI_MATCH_FILE_ERROR_VALUE, "Created" },
    { "Created=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Created" },
    { "Modified=", "Modified=2026-13-45T99:00:00Z", KUZHI_MATCH_FILE_ERROR_VALUE, "Modified" },
    { "Modified=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Modified" },
    { "[Match]", "[Matchh]", KUZHI_MATCH_FILE_ERROR_MISSING, "[Match]" },
    { "[Position]", "[Board]", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "[Board]" },
    { "[Position]", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "[Position]" },
    { "Pits=", "Pits=0;8;8;1;7;1;7;0;8;8;1;2;8;9", KUZHI_MATCH_FILE_ERROR_POSITION, "Pits" },
    { "Pits=", "Pits=0;8;8;1;7;1;7", KUZHI_MATCH_FILE_ERROR_POSITION, "Pits" },
    { "Pits=", "Pits=a;b", KUZHI_MATCH_FILE_ERROR_VALUE, "Pits" },
    { "Pits=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Pits" },
    { "Stores=", "Stores=3;0", KUZHI_MATCH_FILE_ERROR_POSITION, "Stores" },
    { "Stores=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Stores" },
    { "ToMove=", "ToMove=0", KUZHI_MATCH_FILE_ERROR_POSITION, "ToMove" },
    { "ToMove=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "ToMove" },
    { "Over=", "Over=true", KUZHI_MATCH_FILE_ERROR_POSITION, "Over" },
    { "Over=", "Over=maybe", KUZHI_MATCH_FILE_ERROR_VALUE, "Over" },
    { "Over=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Over" },
    { "Winner=", "Winner=1", KUZHI_MATCH_FILE_ERROR_POSITION, "Winner" },
    { "Winner=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Winner" },
    { "End=", "End=repetition", KUZHI_MATCH_FILE_ERROR_POSITION, "End" },
    { "End=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "End" },
    { "Round=", "Round=2", KUZHI_MATCH_FILE_ERROR_POSITION, "Round" },
    { "Round=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Round" },
    { "RefillLeft=", "RefillLeft=1;0", KUZHI_MATCH_FILE_ERROR_POSITION, "RefillLeft" },
    { "RefillLeft=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "RefillLeft" },
    { "Lucky=", "Lucky=-1;-1", KUZHI_MATCH_FILE_ERROR_POSITION, "Lucky" },
    { "Lucky=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Lucky" },
    { "Rubbish=", "Rubbish=3", KUZHI_MATCH_FILE_ERROR_POSITION, "Rubbish" },
    { "Rubbish=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Rubbish" },
    { "Plies=", "Plies=4", KUZHI_MATCH_FILE_ERROR_POSITION, "Plies" },
    { "Plies=", "Plies=", KUZHI_MATCH_FILE_ERROR_POSITION, "Plies" },
    { "Plies=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "Plies" },
    { "Player1=", "Player1[ta]=Meena", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player1[ta]" },
    { "Player1=", "Player1=Meena\nPlayer1[de]=B", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player1[de]" },
    /* GKeyFile keeps the last of repeated keys and groups without a word. */
    { "Player2=", "Player2=Arul\nPlayer2=B", KUZHI_MATCH_FILE_ERROR_SYNTAX, "“Player2” appears twice in [Match]" },
    { "Seeds=", "Seeds = 5\nSeeds=5", KUZHI_MATCH_FILE_ERROR_SYNTAX, "“Seeds” appears twice" },
    { "Plies=", "Plies=3\n[Match]\nVersion=1", KUZHI_MATCH_FILE_ERROR_SYNTAX, "[Match] appears twice" },
    { "Plies=", "Plies=3\n  [Position]", KUZHI_MATCH_FILE_ERROR_SYNTAX, "[Position] appears twice" },
    /* Dates GLib reads but cannot turn into UTC, so that saving would fail. */
    { "Created=", "Created=9999-12-31T23:59:59-01:00", KUZHI_MATCH_FILE_ERROR_VALUE, "Created" },
    { "Created=", "Created=0001-01-01T00:30:00+01:00", KUZHI_MATCH_FILE_ERROR_VALUE, "Created" },
    { "Modified=", "Modified=9999-12-31T23:00:00-02:00", KUZHI_MATCH_FILE_ERROR_VALUE, "Modified" },
    /* Dates GLib reads as another time, or that the file would not keep:
     * a leap second (read as 23:59:59) and a fraction of a second (dropped
     * on saving) would be saved back changed (docs/match-file.md). */
    { "Created=", "Created=2026-12-31T23:59:60Z", KUZHI_MATCH_FILE_ERROR_VALUE, "“Created” in [Match] holds a leap second" },
    { "Created=", "Created=20261231T235960Z", KUZHI_MATCH_FILE_ERROR_VALUE, "leap second" },
    { "Created=", "Created=2026-12-31T23:59:61+05:30", KUZHI_MATCH_FILE_ERROR_VALUE, "leap second" },
    { "Modified=", "Modified=2026-12-31T23:59:60.5Z", KUZHI_MATCH_FILE_ERROR_VALUE, "“Modified” in [Match] holds a leap second" },
    { "Created=", "Created=2026-11-29T20:00:00.25Z", KUZHI_MATCH_FILE_ERROR_VALUE, "fraction of a second" },
    { "Player1=", "this line is not a key", KUZHI_MATCH_FILE_ERROR_SYNTAX, NULL },
  };
  g_autofree char *good = good_file (NULL);

  /* The starting point itself loads. */
  {
    KzMatch match = { 0 };
    g_autoptr(GError) error = NULL;
    g_assert_true (kuzhi_match_file_from_data (good, strlen (good), &match, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    kz_match_clear (&match);
  }

  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *data = edit_line (good, edits[i].prefix, edits[i].line);

      g_test_message ("edit %" G_GSIZE_FORMAT ": %s → %s", i, edits[i].prefix, edits[i].line ? edits[i].line : "(removed)");
      assert_refused (data, strlen (data), edits[i].code, edits[i].fragment);
    }
}

/* Every prefix of a good file is refused: a file cut short anywhere, as a
 * full disk or a crash of a writer that is not atomic would leave it.
 * (Only the cut of the final line break leaves the file whole.) */
static void
test_truncated (void)
{
  g_autofree char *good = good_file (NULL);
  gsize len = strlen (good);

  g_assert_true (good[len - 1] == '\n');
  for (gsize cut = 0; cut < len - 1; cut++)
    {
      KzMatch match, before;
      g_autoptr(GError) error = NULL;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
      kz_match_copy (&before, &match);
      if (kuzhi_match_file_from_data (good, cut, &match, NULL, NULL, NULL, NULL, &error))
        g_error ("a file cut after %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes was accepted", cut, len);
      g_assert_error (error, KUZHI_MATCH_FILE_ERROR, error->code);
      kz_test_assert_same_match (&match, &before);
      kz_match_clear (&match);
      kz_match_clear (&before);
    }
}

static void
test_binary (void)
{
  g_autofree char *good = good_file (NULL);
  gsize len = strlen (good);
  guint64 rng = 99;

  /* A NUL byte anywhere. */
  {
    g_autofree char *data = g_strdup (good);
    data[len / 2] = '\0';
    assert_refused (data, len, KUZHI_MATCH_FILE_ERROR_NOT_TEXT, "NUL");
  }
  /* Not UTF-8. */
  {
    g_autofree char *data = edit_line (good, "Player1=", "Player1=M\xe9\xe9na");
    assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_NOT_TEXT, "UTF-8");
  }
  /* Empty. */
  assert_refused ("", 0, KUZHI_MATCH_FILE_ERROR_NOT_TEXT, "empty");
  /* Random junk, and a PNG header. */
  for (int i = 0; i < 200; i++)
    {
      gsize n = kz_test_rand_range (&rng, 1, 2000);
      g_autofree char *junk = g_malloc (n);

      for (gsize j = 0; j < n; j++)
        junk[j] = (char) kz_test_rand_range (&rng, 1, 256);
      assert_refused (junk, n, -1, NULL);
    }
  {
    static const char png[] = "\x89PNG\r\n\x1a\n";
    assert_refused (png, sizeof png - 1, KUZHI_MATCH_FILE_ERROR_NOT_TEXT, NULL);
  }
  /* Text, but not a key file. */
  {
    static const char text[] = "Dear diary,\nI played Pallanguzhi today.\n";
    assert_refused (text, sizeof text - 1, KUZHI_MATCH_FILE_ERROR_SYNTAX, "not a Kuzhi match file");
  }
}

static char *
enormous_file (gsize size)
{
  g_autofree char *good = good_file (NULL);
  GString *s = g_string_new (good);

  /* Still a valid key file: a giant comment, so only the size is wrong. */
  while (s->len < size)
    g_string_append (s, "# padding padding padding padding padding padding padding padding\n");
  return g_string_free (s, FALSE);
}

static void
test_enormous (void)
{
  g_autofree char *data = enormous_file (5 * 1024 * 1024);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.kuzhi", NULL);
  g_autoptr(GError) error = NULL;
  KzMatch match = { 0 };

  assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_TOO_LARGE, "too large");

  /* From disk the size is refused before the file is read. */
  g_assert_true (g_file_set_contents (path, data, -1, NULL));
  g_assert_false (kuzhi_match_file_load (path, &match, NULL, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_null (match.history);
  g_unlink (path);

  /* Too many actions, in a file of a fine size. */
  {
    g_autofree char *good = good_file (NULL);
    GString *line = g_string_new ("Actions=0");
    g_autofree char *many = NULL;

    for (int i = 0; i < KUZHI_MATCH_FILE_MAX_ACTIONS; i++)
      g_string_append (line, ";7");
    many = edit_line (good, "Actions=", line->str);
    g_string_free (line, TRUE);
    assert_refused (many, strlen (many), KUZHI_MATCH_FILE_ERROR_TOO_LARGE, "actions");
  }
  g_rmdir (dir);
}

static void
test_read_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.kuzhi", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.kuzhi", NULL);
  g_autoptr(GError) error = NULL;
  KzMatch match = { 0 };

  g_assert_false (kuzhi_match_file_load (missing, &match, NULL, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ);
  g_assert_nonnull (strstr (error->message, "no such file"));
  g_clear_error (&error);

  g_assert_false (kuzhi_match_file_load (dir, &match, NULL, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ);
  g_assert_nonnull (strstr (error->message, "folder"));
  g_clear_error (&error);

  /* A FIFO would block a reader forever: refused without reading. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (kuzhi_match_file_load (fifo, &match, NULL, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ);
  g_clear_error (&error);
  g_unlink (fifo);

  g_assert_null (match.history);
  g_rmdir (dir);
}

static gboolean
folder_is_writable (const char *dir)
{
  g_autofree char *probe = g_build_filename (dir, "probe", NULL);
  gboolean ok = g_file_set_contents (probe, "x", 1, NULL);

  if (ok)
    g_unlink (probe);
  return ok;
}

static void
test_write_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "folder", "m.kuzhi", NULL);
  g_autofree char *readonly = g_build_filename (dir, "readonly", NULL);
  g_autofree char *ro_path = g_build_filename (readonly, "m.kuzhi", NULL);
  g_autoptr(GError) error = NULL;
  KzMatch match;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 2, NULL));

  g_assert_false (kuzhi_match_file_save (&match, NULL, missing, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "does not exist"));
  g_clear_error (&error);

  g_assert_false (kuzhi_match_file_save (&match, NULL, dir, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "folder"));
  g_clear_error (&error);

  /* A read-only folder. root may write in it all the same, so then try
   * /sys, where not even root may create a file, and skip if that fails. */
  g_assert_cmpint (g_mkdir (readonly, 0755), ==, 0);
  g_assert_cmpint (g_chmod (readonly, 0555), ==, 0);
  if (folder_is_writable (readonly))
    {
      g_free (ro_path);
      ro_path = NULL;
      if (g_file_test ("/sys/kernel", G_FILE_TEST_IS_DIR) && !folder_is_writable ("/sys"))
        ro_path = g_strdup ("/sys/kuzhi-test.kuzhi");
    }
  if (ro_path != NULL)
    {
      g_assert_false (kuzhi_match_file_save (&match, NULL, ro_path, &error));
      g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
      g_assert_nonnull (strstr (error->message, "read-only"));
      g_clear_error (&error);
      g_assert_false (g_file_test (ro_path, G_FILE_TEST_EXISTS));
    }
  else
    g_test_message ("no read-only folder to try as root");

  g_chmod (readonly, 0755);
  g_rmdir (readonly);
  g_rmdir (dir);
  kz_match_clear (&match);
}

/* Every date a file may hold saves again to a file that loads: the edges
 * of what GLib can turn into UTC load, and a date past them given by a
 * caller still makes a file that loads. */
static void
test_dates (void)
{
  static const char *const accepted[] = {
    "Created=0001-01-01T00:00:00Z",
    "Created=0001-01-01T00:30:00-01:00",
    "Created=9999-12-31T23:59:59Z",
    "Created=9999-12-31T23:59:59+01:00",
    /* The same time, written another way: saved back as the same time. */
    "Created=2026-12-31T23:59:59.000Z",
    "Created=20261231T235959Z",
  };
  g_autofree char *good = good_file (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autofree char *data = edit_line (good, "Created=", accepted[i]);
      g_autofree char *again = NULL;
      g_autoptr(GDateTime) created = NULL;
      g_autoptr(GDateTime) created_again = NULL;
      g_autoptr(GError) error = NULL;
      KzMatch match = { 0 }, reloaded = { 0 };
      gsize length;

      g_test_message ("%s", accepted[i]);
      g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &match, NULL, NULL, &created, NULL, &error));
      g_assert_no_error (error);
      again = kuzhi_match_file_to_data (&match, NULL, NULL, created, NULL, &length);
      g_assert_true (kuzhi_match_file_from_data (again, length, &reloaded, NULL, NULL, &created_again, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_date_time_equal (created, created_again));
      kz_match_clear (&match);
      kz_match_clear (&reloaded);
    }

  /* A caller's date with no UTC form: the file gets a date it can read. */
  {
    g_autoptr(GTimeZone) tz = g_time_zone_new_offset (-3600);
    g_autoptr(GDateTime) late = g_date_time_new (tz, 9999, 12, 31, 23, 59, 59);
    g_autofree char *data = NULL;
    g_autoptr(GError) error = NULL;
    KzMatch match, loaded = { 0 };
    gsize length;

    g_assert_nonnull (late);
    g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
    data = kuzhi_match_file_to_data (&match, NULL, NULL, late, NULL, &length);
    g_assert_null (strstr (data, "Created=0000"));
    g_assert_true (kuzhi_match_file_from_data (data, length, &loaded, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    kz_match_clear (&match);
    kz_match_clear (&loaded);
  }
}

/* One file, one answer: a translated key is refused in every locale. */
static void
test_locales (void)
{
  static const char *const languages[] = { "C", "de", "ta", "ar" };
  g_autofree char *good = good_file (NULL);
  g_autofree char *data = edit_line (good, "Player1=", "Player1=Meena\nPlayer1[de]=B");
  g_autofree char *saved = g_strdup (g_getenv ("LANGUAGE"));

  for (gsize i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_setenv ("LANGUAGE", languages[i], TRUE);
      assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Player1[de]");
    }
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

static char *
name_line (const char *key, const char *fill, int n)
{
  GString *s = g_string_new (key);

  g_string_append_c (s, '=');
  for (int i = 0; i < n; i++)
    g_string_append (s, fill);
  return g_string_free (s, FALSE);
}

/* Names: at most KUZHI_PLAYER_NAME_MAX_CHARS characters (not bytes), and
 * control characters are not kept. */
static void
test_names (void)
{
  g_autofree char *good = good_file (NULL);
  g_autofree char *longest = name_line ("Player1", "é", KUZHI_PLAYER_NAME_MAX_CHARS);
  g_autofree char *too_long = name_line ("Player2", "é", KUZHI_PLAYER_NAME_MAX_CHARS + 1);
  g_autofree char *huge = name_line ("Player1", "Meena", 600000);
  g_autofree char *data = NULL;
  char *names[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  KzMatch match = { 0 };

  data = edit_line (good, "Player1=", longest);
  g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &match, names, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_utf8_strlen (names[0], -1), ==, KUZHI_PLAYER_NAME_MAX_CHARS);
  g_clear_pointer (&names[0], g_free);
  g_clear_pointer (&names[1], g_free);
  g_clear_pointer (&data, g_free);

  data = edit_line (good, "Player2=", too_long);
  assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_VALUE, "65 characters long");
  g_clear_pointer (&data, g_free);
  data = edit_line (good, "Player1=", huge);
  assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_VALUE, "Player1");
  g_clear_pointer (&data, g_free);

  /* Escaped and raw control characters: each run one space, ends trimmed. */
  data = edit_line (good, "Player1=", "Player1=\\tMee\\n\\nna\x01\x7f!\\r");
  g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &match, names, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (names[0], ==, "Mee na !");
  g_clear_pointer (&names[0], g_free);
  g_clear_pointer (&names[1], g_free);

  /* The writer keeps to the same limits, so what it writes loads. */
  {
    g_autofree char *name = g_strnfill (3000, 'x');
    const char *const given[2] = { name, "A\tB" };
    g_autofree char *text = kuzhi_match_file_to_data (&match, given, NULL, NULL, NULL, NULL);
    KzMatch again = { 0 };

    g_assert_true (kuzhi_match_file_from_data (text, strlen (text), &again, names, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (strlen (names[0]), ==, KUZHI_PLAYER_NAME_MAX_CHARS);
    g_assert_cmpstr (names[1], ==, "A B");
    g_clear_pointer (&names[0], g_free);
    g_clear_pointer (&names[1], g_free);
    kz_match_clear (&again);
  }
  kz_match_clear (&match);

  /* The model holds names the same way. */
  {
    g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
    g_autofree char *name = g_strnfill (200, 'y');

    kuzhi_game_model_set_player_name (model, 0, name);
    g_assert_cmpint (strlen (kuzhi_game_model_get_player_name (model, 0)), ==, KUZHI_PLAYER_NAME_MAX_CHARS);
    kuzhi_game_model_set_player_name (model, 1, "\n\t");
    g_assert_cmpstr (kuzhi_game_model_get_player_name (model, 1), ==, "Player 2");
  }
}

/* Quoted text in a message is cut between characters, never inside one. */
static void
test_quotes_cut_by_characters (void)
{
  g_autofree char *good = good_file (NULL);
  g_autofree char *variant = name_line ("Variant", "é", 60);
  g_autofree char *action = name_line ("Actions", "é", 60);
  g_autofree char *group = name_line ("[", "é", 60);
  g_autofree char *key = name_line ("ééééééééééééééééééééééééééééééééééééééééééééééééééééé", "x", 1);
  g_autofree char *pits = name_line ("Pits", "1;", 100);
  struct {
    const char *prefix;
    const char *line;
  } edits[] = {
    { "Variant=", variant },
    { "Actions=", action },
    { "[Position]", NULL },
    { "Seeds=", key },
    { "Pits=", pits },
  };
  g_autofree char *group_line = g_strconcat (group + 1, "]", NULL);

  group_line[0] = '[';
  edits[2].line = group_line;
  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *data = edit_line (good, edits[i].prefix, edits[i].line);
      KzMatch match = { 0 };
      g_autoptr(GError) error = NULL;

      g_assert_false (kuzhi_match_file_from_data (data, strlen (data), &match, NULL, NULL, NULL, NULL, &error));
      g_test_message ("%s", error->message);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_nonnull (strstr (error->message, "…"));
      g_assert_cmpint (strlen (error->message), <, 400);
    }
}

/* What a byte-order mark, old Mac line endings and a file one byte too
 * large get: a mark is accepted, the others are named. */
static void
test_unclear_refusals (void)
{
  g_autofree char *good = good_file (NULL);

  {
    g_autofree char *data = g_strconcat ("\xef\xbb\xbf", good, NULL);
    g_autoptr(GError) error = NULL;
    KzMatch match = { 0 };

    g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &match, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    kz_match_clear (&match);
  }
  {
    g_autofree char *data = g_strdup (good);
    g_strdelimit (data, "\n", '\r');
    assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_SYNTAX, "carriage return");
  }
  {
    g_auto(GStrv) lines = g_strsplit (good, "\n", -1);
    g_autofree char *data = g_strjoinv ("\r\n", lines);
    g_autoptr(GError) error = NULL;
    KzMatch match = { 0 };

    g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &match, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    kz_match_clear (&match);
  }
  {
    g_autofree char *data = enormous_file (KUZHI_MATCH_FILE_MAX_SIZE + 1);
    g_autofree char *size = g_format_size_full (KUZHI_MATCH_FILE_MAX_SIZE + 1, G_FORMAT_SIZE_LONG_FORMAT);
    g_autofree char *limit = g_format_size_full (KUZHI_MATCH_FILE_MAX_SIZE, G_FORMAT_SIZE_LONG_FORMAT);
    g_autofree char *want = g_strdup_printf ("%s, at most %s", size, limit);

    data[KUZHI_MATCH_FILE_MAX_SIZE + 1] = '\0';
    g_assert_cmpstr (size, !=, limit);
    assert_refused (data, KUZHI_MATCH_FILE_MAX_SIZE + 1, KUZHI_MATCH_FILE_ERROR_TOO_LARGE, want);
  }
}

static KzMatch
kalah_after (const char *const *actions)
{
  KzMatch match;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
  for (; *actions != NULL; actions++)
    {
      KzAction a;
      g_assert_true (kz_action_parse (*actions, &a));
      g_assert_true (kz_match_play (&match, a, NULL));
    }
  return match;
}

static void
assert_holds_match (const char *path, const KzMatch *want)
{
  g_autoptr(GError) error = NULL;
  KzMatch loaded = { 0 };

  g_assert_true (kuzhi_match_file_load (path, &loaded, NULL, &error));
  g_assert_no_error (error);
  kz_test_assert_same_match (&loaded, want);
  kz_match_clear (&loaded);
}

/* Saving writes onto a regular file or a new name and nothing else: a
 * pipe, a socket or a device stays what it was; a link is written
 * through; permissions and other names of the file are kept. */
static void
test_save_targets (void)
{
  static const char *const moves[] = { "2", "5", NULL };
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *target = g_build_filename (dir, "target.kuzhi", NULL);
  g_autofree char *symlink_path = g_build_filename (dir, "link.kuzhi", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.kuzhi", NULL);
  g_autofree char *created = g_build_filename (dir, "created.kuzhi", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.kuzhi", NULL);
  g_autofree char *private_file = g_build_filename (dir, "private.kuzhi", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.kuzhi", NULL);
  g_autofree char *device = g_build_filename (dir, "null", NULL);
  KzMatch match = kalah_after (moves);
  g_autoptr(GError) error = NULL;
  struct stat st;

  /* A pipe: refused at once (writing would block until a reader came). */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (kuzhi_match_file_save (&match, NULL, fifo, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  /* A device of our own (root only), as /dev/null would be. */
  if (mknod (device, S_IFCHR | 0666, makedev (1, 3)) == 0)
    {
      g_assert_false (kuzhi_match_file_save (&match, NULL, device, &error));
      g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
      g_clear_error (&error);
      g_assert_cmpint (g_lstat (device, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      g_unlink (device);
    }
  else
    g_test_message ("no device could be made here: not root");

  /* Through a symbolic link: the link stays, its target gets the match. */
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (symlink ("target.kuzhi", symlink_path), ==, 0);
  g_assert_true (kuzhi_match_file_save (&match, NULL, symlink_path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (symlink_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_holds_match (target, &match);

  /* A dangling link names the file to create; a circle is refused. */
  g_assert_cmpint (symlink ("created.kuzhi", dangling), ==, 0);
  g_assert_true (kuzhi_match_file_save (&match, NULL, dangling, &error));
  g_assert_no_error (error);
  assert_holds_match (created, &match);
  g_assert_cmpint (symlink ("loop.kuzhi", loop), ==, 0);
  g_assert_false (kuzhi_match_file_save (&match, NULL, loop, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
  g_clear_error (&error);

  /* A private file stays private, whatever the umask. */
  g_assert_true (g_file_set_contents (private_file, "old", -1, NULL));
  g_assert_cmpint (g_chmod (private_file, 0600), ==, 0);
  g_assert_true (kuzhi_match_file_save (&match, NULL, private_file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (private_file, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  g_assert_cmpint (g_chmod (private_file, 0664), ==, 0);
  g_assert_true (kuzhi_match_file_save (&match, NULL, private_file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (private_file, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0664);

  /* A read-only file stays as it is, whoever saves (root too): renaming
   * over it would need only the folder's permission. */
  {
    g_autofree char *readonly = g_build_filename (dir, "kept.kuzhi", NULL);
    g_autofree char *held = NULL;

    g_assert_true (g_file_set_contents (readonly, "keep me", -1, NULL));
    g_assert_cmpint (g_chmod (readonly, 0444), ==, 0);
    g_assert_false (kuzhi_match_file_save (&match, NULL, readonly, &error));
    g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "read-only"));
    g_assert_nonnull (strstr (error->message, readonly));
    g_clear_error (&error);
    g_assert_true (g_file_get_contents (readonly, &held, NULL, NULL));
    g_assert_cmpstr (held, ==, "keep me");
    g_assert_cmpint (g_stat (readonly, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 07777, ==, 0444);
  }

  /* A file with two names: both show the new match. */
  g_assert_cmpint (link (private_file, hard), ==, 0);
  {
    static const char *const more[] = { "2", "5", "8", NULL };
    KzMatch longer = kalah_after (more);

    g_assert_true (kuzhi_match_file_save (&longer, NULL, hard, &error));
    g_assert_no_error (error);
    assert_holds_match (private_file, &longer);
    assert_holds_match (hard, &longer);
    g_assert_cmpint (g_stat (hard, &st), ==, 0);
    g_assert_cmpint (st.st_nlink, ==, 2);
    /* Shorter than before: nothing of the old text is left at the end. */
    g_assert_true (kuzhi_match_file_save (&match, NULL, hard, &error));
    g_assert_no_error (error);
    assert_holds_match (private_file, &match);
    kz_match_clear (&longer);
  }

  /* Every save renamed its temporary into place or wrote in place. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_assert_false (g_str_has_suffix (name, ".tmp"));
        g_unlink (path);
      }
  }
  g_rmdir (dir);
  kz_match_clear (&match);
}

/* The model: a failed load changes nothing and emits nothing; a good one
 * brings the names, the date and a position-reset. */
static void
count_cb (GObject *object, gpointer data)
{
  (*(guint *) data)++;
}

static void
count_notify_cb (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_model_load (void)
{
  g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
  g_autoptr(KuzhiGameModel) other = kuzhi_game_model_new ();
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *good_path = g_build_filename (dir, "good.kuzhi", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.kuzhi", NULL);
  g_autofree char *good = good_file (NULL);
  g_autofree char *bad = edit_line (good, "Pits=", "Pits=1;2;3");
  g_autoptr(GError) error = NULL;
  KzMatch before;
  guint resets = 0, notifies = 0;

  g_assert_true (g_file_set_contents (good_path, good, -1, NULL));
  g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));

  g_assert_true (kuzhi_game_model_play (model, 4, NULL));
  kuzhi_game_model_set_player_name (model, 0, "Kavya");
  g_assert_true (kuzhi_game_model_undo (model));
  kz_match_copy (&before, kuzhi_game_model_get_match (model));
  g_signal_connect (model, "position-reset", G_CALLBACK (count_cb), &resets);
  g_signal_connect (model, "notify", G_CALLBACK (count_notify_cb), &notifies);

  g_assert_false (kuzhi_game_model_load (model, bad_path, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_POSITION);
  g_assert_nonnull (strstr (error->message, bad_path));
  g_clear_error (&error);
  g_assert_cmpuint (resets, ==, 0);
  g_assert_cmpuint (notifies, ==, 0);
  kz_test_assert_same_match (kuzhi_game_model_get_match (model), &before);
  g_assert_cmpstr (kuzhi_game_model_get_player_name (model, 0), ==, "Kavya");
  g_assert_true (kuzhi_game_model_can_redo (model));

  g_assert_true (kuzhi_game_model_load (model, good_path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (resets, ==, 1);
  g_assert_cmpstr (kuzhi_game_model_get_player_name (model, 0), ==, "Meena");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (model, 1), ==, "Arul");
  g_assert_cmpuint (kuzhi_game_model_get_match (model)->n_history, ==, 4);
  g_assert_cmpint (kuzhi_game_model_get_lucky (model, 1), ==, 7);
  g_assert_false (kuzhi_game_model_can_redo (model));
  {
    g_autoptr(GDateTime) want = g_date_time_new_utc (2026, 11, 29, 20, 0, 0);
    g_assert_true (g_date_time_equal (kuzhi_game_model_get_created (model), want));
  }

  /* Save and load into another model: the same match, names and date. */
  g_assert_true (kuzhi_game_model_save (model, bad_path, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_game_model_load (other, bad_path, &error));
  g_assert_no_error (error);
  kz_test_assert_same_match (kuzhi_game_model_get_match (other), kuzhi_game_model_get_match (model));
  g_assert_cmpstr (kuzhi_game_model_get_player_name (other, 1), ==, "Arul");
  g_assert_true (g_date_time_equal (kuzhi_game_model_get_created (other),
                                    kuzhi_game_model_get_created (model)));

  kz_match_clear (&before);
  g_unlink (good_path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

static void
test_model_autosave (void)
{
  g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
  g_autoptr(KuzhiGameModel) restored = kuzhi_game_model_new ();
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autoptr(GError) error = NULL;
  guint64 rng = 5;

  /* G_TEST_OPTION_ISOLATE_DIRS: this is a fresh folder, not the user's. */
  g_assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));
  g_assert_false (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  kuzhi_game_model_set_player_name (model, 1, "Arul");
  for (int i = 0; i < 30 && !kuzhi_game_model_get_over (model); i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (model, actions);

      g_assert_true (kuzhi_game_model_play (model, actions[kz_test_rand_range (&rng, 0, n)], NULL));
      g_assert_true (kuzhi_game_model_autosave (model, &error));
      g_assert_no_error (error);
    }

  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_no_error (error);
  kz_test_assert_same_match (kuzhi_game_model_get_match (restored), kuzhi_game_model_get_match (model));
  g_assert_cmpstr (kuzhi_game_model_get_player_name (restored, 1), ==, "Arul");

  g_assert_true (kuzhi_match_file_discard_autosave (&error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (kuzhi_match_file_discard_autosave (&error));
  g_assert_no_error (error);
}

/* Writes `text` as the autosave. */
static void
write_autosave (const char *text)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
}

static void
play_first_legal (KuzhiGameModel *model)
{
  KzAction actions[KZ_MAX_ACTIONS];

  g_assert_cmpint (kuzhi_game_model_get_legal (model, actions), >, 0);
  g_assert_true (kuzhi_game_model_play (model, actions[0], NULL));
}

/* The autosave names the match's file and the SHA-256 of what it held
 * ([Autosave]), so that a restart knows the file and what of the match is
 * in it; an autosave from before the group still loads, with no file. */
static void
test_autosave_link (void)
{
  g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
  g_autoptr(KuzhiGameModel) restored = kuzhi_game_model_new ();
  g_autofree char *autosave = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "matches", NULL);
  g_autofree char *file = g_build_filename (dir, "Ana-vs-Ben.kuzhi", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  kuzhi_game_model_set_player_name (model, 0, "Ana");
  kuzhi_game_model_set_player_name (model, 1, "Ben");
  play_first_legal (model);

  /* A match in no file: no [Autosave], as every autosave before it. */
  g_assert_true (kuzhi_game_model_autosave (model, &error));
  g_assert_no_error (error);
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (autosave, &text, NULL, NULL));
    g_assert_null (strstr (text, "[Autosave]"));
  }
  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_no_error (error);
  g_assert_null (kuzhi_game_model_get_file (restored));
  g_assert_null (kuzhi_game_model_get_file_sha256 (restored));

  /* Saved: the file and the checksum of what was written. */
  g_assert_true (kuzhi_game_model_save (model, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kuzhi_game_model_get_file (model), ==, file);
  {
    g_autofree char *text = NULL;
    gsize length = 0;
    g_autofree char *sum = NULL;

    g_assert_true (g_file_get_contents (file, &text, &length, NULL));
    sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) text, length);
    g_assert_cmpstr (kuzhi_game_model_get_file_sha256 (model), ==, sum);
  }
  /* A move after the save, autosaved: the autosave names the file, and
   * the file holds one move less than the autosave. */
  play_first_legal (model);
  g_assert_true (kuzhi_game_model_autosave (model, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_no_error (error);
  kz_test_assert_same_match (kuzhi_game_model_get_match (restored), kuzhi_game_model_get_match (model));
  g_assert_cmpstr (kuzhi_game_model_get_file (restored), ==, file);
  g_assert_cmpstr (kuzhi_game_model_get_file_sha256 (restored), ==, kuzhi_game_model_get_file_sha256 (model));
  {
    KzMatch saved = { 0 };
    char *names[2] = { NULL, NULL };
    KzLevel levels[2] = { KZ_LEVEL_HARD, KZ_LEVEL_HARD };

    g_assert_cmpint (kuzhi_match_file_check_link (file, kuzhi_game_model_get_file_sha256 (restored), &saved, names, levels),
                     ==, KUZHI_MATCH_FILE_LINK_SAME);
    g_assert_cmpuint (saved.n_history, ==, 1);
    g_assert_cmpuint (kuzhi_game_model_get_match (restored)->n_history, ==, 2);
    g_assert_cmpstr (names[0], ==, "Ana");
    g_assert_cmpstr (names[1], ==, "Ben");
    g_assert_cmpint (levels[0], ==, KZ_LEVEL_NONE);
    kz_match_clear (&saved);
    g_free (names[0]);
    g_free (names[1]);
  }
  /* A file opened is the match's file too, with what it held. */
  g_assert_true (kuzhi_game_model_load (restored, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kuzhi_game_model_get_file (restored), ==, file);
  g_assert_cmpstr (kuzhi_game_model_get_file_sha256 (restored), ==, kuzhi_game_model_get_file_sha256 (model));
  kuzhi_game_model_forget_file (restored);
  g_assert_null (kuzhi_game_model_get_file (restored));

  /* Changed by another program, not a match at all, or gone. */
  {
    const char *sum = kuzhi_game_model_get_file_sha256 (model);
    g_autofree char *other = g_build_filename (dir, "other.kuzhi", NULL);
    KzMatch saved = { 0 };

    g_assert_true (kuzhi_match_file_save (kuzhi_game_model_get_match (model), NULL, file, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kuzhi_match_file_check_link (file, sum, &saved, NULL, NULL), ==, KUZHI_MATCH_FILE_LINK_CHANGED);
    g_assert_true (g_file_set_contents (file, "not a match\n", -1, NULL));
    g_assert_cmpint (kuzhi_match_file_check_link (file, sum, &saved, NULL, NULL), ==, KUZHI_MATCH_FILE_LINK_CHANGED);
    g_assert_cmpint (g_unlink (file), ==, 0);
    g_assert_cmpint (kuzhi_match_file_check_link (file, sum, &saved, NULL, NULL), ==, KUZHI_MATCH_FILE_LINK_GONE);
    /* A link that names nothing: gone, Save creates what it names. */
    g_assert_cmpint (symlink (other, file), ==, 0);
    g_assert_cmpint (kuzhi_match_file_check_link (file, sum, &saved, NULL, NULL), ==, KUZHI_MATCH_FILE_LINK_GONE);
    g_assert_cmpuint (saved.n_history, ==, 0);
    g_unlink (file);
  }
  g_unlink (autosave);
  g_rmdir (dir);
}

/* What the [Autosave] group may hold: anything else is refused with a
 * message naming the key, and the autosave is set aside as broken (the
 * match on screen untouched). Opening such a file as a match ignores the
 * group, so that a set-aside autosave still opens. */
static void
test_autosave_link_refused (void)
{
  static const char *sum = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  g_autofree char *autosave = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (autosave);
  g_autofree char *self_line = g_strdup_printf ("File=%s\nFileSha256=%s\n", autosave, sum);
  g_autofree char *sum_line = g_strdup_printf ("FileSha256=%s\n", sum);
  g_autofree char *relative = g_strconcat ("File=Ana-vs-Ben.kuzhi\n", sum_line, NULL);
  g_autofree char *dotted = g_strconcat ("File=../Ana-vs-Ben.kuzhi\n", sum_line, NULL);
  g_autofree char *line_break = g_strconcat ("File=/home/ana/a\\nb.kuzhi\n", sum_line, NULL);
  g_autofree char *empty = g_strconcat ("File=\n", sum_line, NULL);
  g_autofree char *extra = g_strconcat ("File=/home/ana/a.kuzhi\n", sum_line, "Saved=yes\n", NULL);
  g_autofree char *translated = g_strconcat ("File=/home/ana/a.kuzhi\n", sum_line, "File[de]=/home/ana/b.kuzhi\n", NULL);
  g_autofree char *upper = g_ascii_strup (sum_line, -1);
  g_autofree char *upper_line = g_strconcat ("File=/home/ana/a.kuzhi\n", "FileSha256=", upper + strlen ("FILESHA256="), NULL);
  const struct {
    const char *group;
    int         code;
    const char *says;
  } cases[] = {
    { relative, KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave] must be the full path" },
    { dotted, KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave] must be the full path" },
    { line_break, KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave]" },
    { empty, KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave]" },
    { "File=/home/ana/a\\q.kuzhi\nFileSha256=0\n", KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave]" },
    { self_line, KUZHI_MATCH_FILE_ERROR_VALUE, "“File” in [Autosave]" },
    { "File=/home/ana/a.kuzhi\nFileSha256=garbage\n", KUZHI_MATCH_FILE_ERROR_VALUE, "“FileSha256” in [Autosave] must be a SHA-256" },
    { "File=/home/ana/a.kuzhi\nFileSha256=9f86d0\n", KUZHI_MATCH_FILE_ERROR_VALUE, "“FileSha256”" },
    { upper_line, KUZHI_MATCH_FILE_ERROR_VALUE, "“FileSha256”" },
    { "File=/home/ana/a.kuzhi\n", KUZHI_MATCH_FILE_ERROR_MISSING, "“FileSha256” is missing from [Autosave]" },
    { sum_line, KUZHI_MATCH_FILE_ERROR_MISSING, "“File” is missing from [Autosave]" },
    { extra, KUZHI_MATCH_FILE_ERROR_UNKNOWN, "“Saved” in [Autosave]" },
    { translated, KUZHI_MATCH_FILE_ERROR_UNKNOWN, "“File[de]” in [Autosave]" },
  };
  KzMatch match;
  g_autofree char *base = NULL;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 2, NULL));
  base = kuzhi_match_file_to_data (&match, NULL, NULL, NULL, NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strconcat (base, "\n[Autosave]\n", cases[i].group, NULL);
      KzMatch before = *kuzhi_game_model_get_match (model);
      KzMatch opened = { 0 };
      g_autoptr(GDir) folder = NULL;
      const char *entry;

      g_test_message ("[Autosave] holding: %s", cases[i].group);
      write_autosave (text);
      g_assert_false (kuzhi_game_model_restore_autosave (model, &error));
      g_assert_error (error, KUZHI_MATCH_FILE_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      /* Set aside, the model's match as it was. */
      g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));
      g_assert_null (kuzhi_game_model_get_file (model));
      g_assert_cmpuint (kuzhi_game_model_get_match (model)->n_history, ==, before.n_history);
      g_clear_error (&error);
      /* The set-aside file opens as a match. */
      folder = g_dir_open (dir, 0, NULL);
      while ((entry = g_dir_read_name (folder)) != NULL)
        if (g_str_has_prefix (entry, "autosave-broken-"))
          {
            g_autofree char *aside = g_build_filename (dir, entry, NULL);

            g_assert_true (kuzhi_match_file_load (aside, &opened, NULL, &error));
            g_assert_no_error (error);
            g_unlink (aside);
          }
      g_assert_cmpuint (opened.n_history, ==, 1);
      kz_match_clear (&opened);
    }
  kz_match_clear (&match);
}

/* A version 1 file: the worked example as Kuzhi wrote it before who plays
 * each side was saved. */
static char *
version_1_file (void)
{
  g_autofree char *good = good_file (NULL);
  g_autofree char *v1 = edit_line (good, "Version=", "Version=1");
  g_autofree char *without_id = edit_line (v1, "Id=", NULL);
  g_autofree char *without1 = edit_line (without_id, "Player1Plays=", NULL);

  return edit_line (without1, "Player2Plays=", NULL);
}

/* The good file as version 2 wrote it: without Id. */
static char *
version_2_file (void)
{
  g_autofree char *good = good_file (NULL);
  g_autofree char *v2 = edit_line (good, "Version=", "Version=2");

  return edit_line (v2, "Id=", NULL);
}

/* Version 3 keeps the match's identity: written, read back, kept by the
 * model and by kuzhi-engine through save and load; a file from before
 * gets a new one each time it is read, which its next save keeps. */
static void
test_match_id (void)
{
  static const char *id = "0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14";
  g_autoptr(GDateTime) created = g_date_time_new_utc (2026, 11, 29, 20, 0, 0);
  KzMatch match;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_OWARE, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 2, NULL));
  {
    g_autofree char *data = kuzhi_match_file_to_data (&match, NULL, NULL, created, id, NULL);
    g_autofree char *upper = g_ascii_strup (id, -1);
    g_autofree char *upper_line = g_strconcat ("Id=", upper, NULL);
    g_autofree char *shouted = edit_line (data, "Id=", upper_line);
    g_autofree char *fresh = kuzhi_match_file_to_data (&match, NULL, NULL, created, NULL, NULL);
    g_autofree char *got = NULL;
    g_autofree char *got_upper = NULL;
    g_autofree char *got_fresh = NULL;
    KzMatch loaded = { 0 };

    g_assert_nonnull (strstr (data, "\nVersion=3\nId=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14\n"));
    g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &loaded, NULL, NULL, NULL, &got, NULL));
    g_assert_cmpstr (got, ==, id);
    /* Read in any case, kept in lower case. */
    g_assert_true (kuzhi_match_file_from_data (shouted, strlen (shouted), &loaded, NULL, NULL, NULL, &got_upper, NULL));
    g_assert_cmpstr (got_upper, ==, id);
    /* No id given: a new one, every time. */
    g_assert_true (kuzhi_match_file_from_data (fresh, strlen (fresh), &loaded, NULL, NULL, NULL, &got_fresh, NULL));
    g_assert_true (g_uuid_string_is_valid (got_fresh));
    g_assert_cmpstr (got_fresh, !=, id);
    kz_match_clear (&loaded);
  }
  kz_match_clear (&match);

  /* Versions 1 and 2 have none: a new one each time they are read. */
  {
    g_autofree char *v1 = version_1_file ();
    g_autofree char *v2 = version_2_file ();
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;
    g_autofree char *c = NULL;
    g_autoptr(GError) error = NULL;
    KzMatch loaded = { 0 };

    g_assert_true (kuzhi_match_file_from_data (v2, strlen (v2), &loaded, NULL, NULL, NULL, &a, &error));
    g_assert_no_error (error);
    g_assert_true (kuzhi_match_file_from_data (v2, strlen (v2), &loaded, NULL, NULL, NULL, &b, &error));
    g_assert_true (kuzhi_match_file_from_data (v1, strlen (v1), &loaded, NULL, NULL, NULL, &c, &error));
    g_assert_no_error (error);
    g_assert_true (g_uuid_string_is_valid (a));
    g_assert_true (g_uuid_string_is_valid (b));
    g_assert_true (g_uuid_string_is_valid (c));
    g_assert_cmpstr (a, !=, b);
    kz_match_clear (&loaded);
  }

  /* The model: a new match, a new id; saved and loaded, the same. */
  {
    g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
    g_autoptr(KuzhiGameModel) other = kuzhi_game_model_new ();
    g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "id.kuzhi", NULL);
    g_autofree char *first = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_true (g_uuid_string_is_valid (kuzhi_game_model_get_match_id (model)));
    first = g_strdup (kuzhi_game_model_get_match_id (model));
    g_assert_true (kuzhi_game_model_new_match (model, KZ_VARIANT_KALAH, NULL, NULL));
    g_assert_cmpstr (kuzhi_game_model_get_match_id (model), !=, first);
    g_assert_true (kuzhi_game_model_play (model, 2, NULL));
    g_assert_true (kuzhi_game_model_save (model, path, &error));
    g_assert_no_error (error);
    g_assert_true (kuzhi_game_model_load (other, path, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (kuzhi_game_model_get_match_id (other), ==, kuzhi_game_model_get_match_id (model));
    /* Undo keeps it: the same match. */
    g_assert_true (kuzhi_game_model_undo (other));
    g_assert_cmpstr (kuzhi_game_model_get_match_id (other), ==, kuzhi_game_model_get_match_id (model));
    g_unlink (path);
    g_rmdir (dir);
  }
}

/* Version 2 keeps who plays each side, person or computer and its level;
 * version 1 is read as it always was, as two people. */
static void
test_players (void)
{
  static const char *const values[] = { "person", "easy", "normal", "hard" };
  static const char *const names[2] = { "Meena", "Arul" };
  g_autoptr(GDateTime) created = g_date_time_new_utc (2026, 11, 29, 20, 0, 0);
  KzMatch match;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 2, NULL));

  /* Every pair, written by name and read back. */
  for (int a = KZ_LEVEL_NONE; a <= KZ_LEVEL_HARD; a++)
    for (int b = KZ_LEVEL_NONE; b <= KZ_LEVEL_HARD; b++)
      {
        const KzLevel levels[2] = { (KzLevel) a, (KzLevel) b };
        KzLevel out[2] = { -1, -1 };
        g_autofree char *data = kuzhi_match_file_to_data (&match, names, levels, created, NULL, NULL);
        g_autofree char *line1 = g_strdup_printf ("\nPlayer1Plays=%s\n", values[a]);
        g_autofree char *line2 = g_strdup_printf ("\nPlayer2Plays=%s\n", values[b]);
        g_autoptr(GError) error = NULL;
        KzMatch loaded = { 0 };

        g_assert_nonnull (strstr (data, "\nVersion=3\n"));
        g_assert_nonnull (strstr (data, line1));
        g_assert_nonnull (strstr (data, line2));
        g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &loaded, NULL, out, NULL, NULL, &error));
        g_assert_no_error (error);
        g_assert_cmpint (out[0], ==, a);
        g_assert_cmpint (out[1], ==, b);
        kz_test_assert_same_match (&loaded, &match);
        kz_match_clear (&loaded);
      }

  /* No levels, or no level the computer plays at, is two people. */
  {
    const KzLevel odd[2] = { KZ_N_LEVELS, (KzLevel) -3 };
    g_autofree char *none = kuzhi_match_file_to_data (&match, names, NULL, created, NULL, NULL);
    g_autofree char *bad = kuzhi_match_file_to_data (&match, names, odd, created, NULL, NULL);

    g_assert_nonnull (strstr (none, "\nPlayer1Plays=person\nPlayer2Plays=person\n"));
    g_assert_nonnull (strstr (bad, "\nPlayer1Plays=person\nPlayer2Plays=person\n"));
  }
  kz_match_clear (&match);

  /* A version 1 file loads as before, both sides people, whatever the
   * caller's levels held. */
  {
    g_autofree char *v1 = version_1_file ();
    KzLevel out[2] = { KZ_LEVEL_HARD, KZ_LEVEL_EASY };
    char *names_out[2] = { NULL, NULL };
    g_autoptr(GError) error = NULL;
    KzMatch want, loaded = { 0 };

    g_free (good_file (&want));
    g_assert_null (strstr (v1, "Plays"));
    g_assert_true (kuzhi_match_file_from_data (v1, strlen (v1), &loaded, names_out, out, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (out[0], ==, KZ_LEVEL_NONE);
    g_assert_cmpint (out[1], ==, KZ_LEVEL_NONE);
    g_assert_cmpstr (names_out[0], ==, "Meena");
    g_assert_cmpstr (names_out[1], ==, "Arul");
    kz_test_assert_same_match (&loaded, &want);
    g_free (names_out[0]);
    g_free (names_out[1]);
    kz_match_clear (&loaded);
    kz_match_clear (&want);
  }

  /* The model keeps who plays like the names: saved, loaded into another
   * model, and two people again from a version 1 file. */
  {
    g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
    g_autoptr(KuzhiGameModel) other = kuzhi_game_model_new ();
    g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "vs-computer.kuzhi", NULL);
    g_autofree char *v1_path = g_build_filename (dir, "old.kuzhi", NULL);
    g_autofree char *v1 = version_1_file ();
    g_autoptr(GError) error = NULL;
    guint notifies = 0;

    g_assert_cmpint (kuzhi_game_model_get_player_level (model, 0), ==, KZ_LEVEL_NONE);
    g_assert_cmpint (kuzhi_game_model_get_player_level (model, 1), ==, KZ_LEVEL_NONE);
    g_signal_connect (model, "notify::player2-level", G_CALLBACK (count_notify_cb), &notifies);
    kuzhi_game_model_set_player_level (model, 1, KZ_LEVEL_NORMAL);
    kuzhi_game_model_set_player_level (model, 1, KZ_LEVEL_NORMAL);
    g_assert_cmpuint (notifies, ==, 1);
    kuzhi_game_model_set_player_level (model, 0, KZ_N_LEVELS);
    g_assert_cmpint (kuzhi_game_model_get_player_level (model, 0), ==, KZ_LEVEL_NONE);
    /* A new match keeps the players, as it keeps the names. */
    g_assert_true (kuzhi_game_model_new_match (model, KZ_VARIANT_OWARE, NULL, NULL));
    g_assert_cmpint (kuzhi_game_model_get_player_level (model, 1), ==, KZ_LEVEL_NORMAL);
    g_assert_true (kuzhi_game_model_play (model, 3, NULL));

    g_assert_true (kuzhi_game_model_save (model, path, &error));
    g_assert_no_error (error);
    g_assert_true (kuzhi_game_model_load (other, path, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kuzhi_game_model_get_player_level (other, 0), ==, KZ_LEVEL_NONE);
    g_assert_cmpint (kuzhi_game_model_get_player_level (other, 1), ==, KZ_LEVEL_NORMAL);
    {
      gint level = -1;
      g_object_get (other, "player2-level", &level, NULL);
      g_assert_cmpint (level, ==, KZ_LEVEL_NORMAL);
    }

    g_assert_true (g_file_set_contents (v1_path, v1, -1, NULL));
    g_assert_true (kuzhi_game_model_load (other, v1_path, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kuzhi_game_model_get_player_level (other, 1), ==, KZ_LEVEL_NONE);

    /* The autosave too. */
    kuzhi_game_model_set_player_level (model, 0, KZ_LEVEL_EASY);
    g_assert_true (kuzhi_game_model_autosave (model, &error));
    g_assert_no_error (error);
    g_assert_true (kuzhi_game_model_restore_autosave (other, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kuzhi_game_model_get_player_level (other, 0), ==, KZ_LEVEL_EASY);
    g_assert_cmpint (kuzhi_game_model_get_player_level (other, 1), ==, KZ_LEVEL_NORMAL);
    g_assert_true (kuzhi_match_file_discard_autosave (NULL));

    g_unlink (path);
    g_unlink (v1_path);
    g_rmdir (dir);
  }
}

/* An autosave that cannot be restored is moved aside whole, never left
 * for the next autosave to overwrite, and the message says where. */
static void
test_autosave_broken (void)
{
  g_autoptr(KuzhiGameModel) model = kuzhi_game_model_new ();
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *good = good_file (NULL);
  g_autofree char *broken = edit_line (good, "Version=", "Version=7");
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint aside = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  g_assert_false (kuzhi_game_model_restore_autosave (model, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VERSION);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "autosave-broken-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "autosave-broken-") && g_str_has_suffix (name, ".kuzhi"))
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);
        g_autofree char *kept = NULL;

        g_assert_nonnull (strstr (error->message, file));
        g_assert_true (g_file_get_contents (file, &kept, NULL, NULL));
        g_assert_cmpstr (kept, ==, broken);
        aside++;
      }
  g_assert_cmpuint (aside, ==, 1);

  /* The next autosave has the name to itself. */
  g_assert_true (kuzhi_game_model_autosave (model, NULL));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

/* What a save killed between writing and renaming leaves is removed, and
 * nothing else: not a temporary another run is writing now. */
static void
test_stale_temporaries (void)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *stale1 = g_build_filename (dir, ".autosave.kuzhi.Ab3dE9.tmp", NULL);
  g_autofree char *stale2 = g_build_filename (dir, ".autosave.kuzhi.zzzzzz.tmp", NULL);
  g_autofree char *live = g_build_filename (dir, ".autosave.kuzhi.Live01.tmp", NULL);
  g_autofree char *other = g_strconcat (path, ".old", NULL);
  /* A copy the player made, whose name has the length GLib's own
   * temporaries have: it is not Kuzhi's to remove. */
  g_autofree char *backup = g_strconcat (path, ".backup", NULL);
  g_autofree char *mine = g_build_filename (dir, ".my-match.kuzhi.Ab3dE9.tmp", NULL);
  g_autofree char *good = good_file (NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, good, -1, NULL));
  g_assert_true (g_file_set_contents (stale1, good, -1, NULL));
  g_assert_true (g_file_set_contents (stale2, "half", -1, NULL));
  g_assert_true (g_file_set_contents (other, good, -1, NULL));
  g_assert_true (g_file_set_contents (backup, good, -1, NULL));
  g_assert_true (g_file_set_contents (mine, good, -1, NULL));
  g_assert_true (g_file_set_contents (live, "killed just now", -1, NULL));
  /* Killed a quarter of an hour ago, and `live` a moment ago: the clean-up
   * runs under the autosave's lock, so no other run writes it, and both
   * are killed writes'. */
  {
    struct utimbuf old = { .actime = time (NULL) - 15 * 60, .modtime = time (NULL) - 15 * 60 };
    g_assert_cmpint (g_utime (stale1, &old), ==, 0);
    g_assert_cmpint (g_utime (stale2, &old), ==, 0);
    g_assert_cmpint (g_utime (other, &old), ==, 0);
    g_assert_cmpint (g_utime (backup, &old), ==, 0);
    g_assert_cmpint (g_utime (mine, &old), ==, 0);
  }

  g_assert_cmpuint (kuzhi_match_file_remove_stale_temporaries (), ==, 3);
  g_assert_false (g_file_test (stale1, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (stale2, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (live, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (mine, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (kuzhi_match_file_remove_stale_temporaries (), ==, 0);
}

/* Which paths are Kuzhi's autosaves: its own folder's autosave.kuzhi and
 * autosave-N.kuzhi as they are written, however the path is spelled. */
static void
test_is_autosave (void)
{
  g_autofree char *own = kuzhi_match_file_get_autosave_path ();
  g_autofree char *folder = g_path_get_dirname (own);
  g_autofree char *spelled = g_build_filename (folder, "..", "kuzhi", ".", "autosave.kuzhi", NULL);
  static const struct { const char *name; gboolean is; } names[] = {
    { "autosave.kuzhi", TRUE }, { "autosave-2.kuzhi", TRUE }, { "autosave-10.kuzhi", TRUE },
    { "autosave-1.kuzhi", FALSE }, { "autosave-02.kuzhi", FALSE }, { "autosave-.kuzhi", FALSE },
    { "autosave-2x.kuzhi", FALSE }, { "autosave.kuzhi.backup", FALSE }, { "my-autosave.kuzhi", FALSE },
    { "autosave-broken-2026-12-08-101500.kuzhi", FALSE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (folder, names[i].name, NULL);
      g_test_message ("%s", names[i].name);
      g_assert_cmpint (kuzhi_match_file_is_autosave (path), ==, names[i].is);
    }
  g_assert_true (kuzhi_match_file_is_autosave (spelled));
  g_assert_false (kuzhi_match_file_is_autosave ("/tmp/autosave.kuzhi"));
}

/* A file name that is not UTF-8 (a Latin-1 "café" on a UTF-8 system) is
 * shown in the messages with U+FFFD for its stray byte: the message stays
 * text that a label can show. */
static void
test_names_not_utf8 (void)
{
  static const char *const moves[] = { "2", NULL };
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "caf\xe9.kuzhi", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "d\xe9j\xe0", "x.kuzhi", NULL);
  g_autofree char *broken = g_build_filename (dir, "br\xfbl\xe9.kuzhi", NULL);
  KzMatch match = kalah_after (moves);
  KzMatch out = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_false (kuzhi_match_file_load (missing, &out, NULL, &error));
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "caf\uFFFD.kuzhi"));
  g_clear_error (&error);

  g_assert_false (kuzhi_match_file_save (&match, NULL, nowhere, &error));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "d\uFFFDj\uFFFD"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (broken, "not a match\n", -1, NULL));
  g_assert_false (kuzhi_match_file_load (broken, &out, NULL, &error));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "br\uFFFDl\uFFFD.kuzhi"));
  g_clear_error (&error);

  g_assert_cmpint (g_unlink (broken), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  kz_match_clear (&match);
}

/* The protocol's save and load: the same refusals, and a refused load
 * leaves the session's match as it was. */
static char *
session_do (KzSession *session, const char *command)
{
  gboolean quit;
  return kz_session_handle (session, command, strlen (command), &quit);
}

static void
test_protocol (void)
{
  g_autoptr(KzSession) session = kz_session_new ();
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *good_path = g_build_filename (dir, "good.kuzhi", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.kuzhi", NULL);
  g_autofree char *good = good_file (NULL);
  g_autofree char *bad = edit_line (good, "Actions=", "Actions=0;m7;7;7");
  g_autofree char *state_before = NULL;
  g_autofree char *state_after = NULL;
  g_autofree char *cmd = NULL;
  g_autofree char *reply = NULL;

  g_assert_true (g_file_set_contents (good_path, good, -1, NULL));
  g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));

  g_free (session_do (session, "new kalah"));
  g_free (session_do (session, "play 2"));
  state_before = session_do (session, "state");

  cmd = g_strconcat ("load ", bad_path, NULL);
  reply = session_do (session, cmd);
  g_assert_true (g_str_has_prefix (reply, "{\"ok\":false"));
  g_assert_nonnull (strstr (reply, "Action 4"));
  state_after = session_do (session, "state");
  g_assert_cmpstr (state_after, ==, state_before);

  g_clear_pointer (&reply, g_free);
  reply = session_do (session, "load /no/such/file.kuzhi");
  g_assert_nonnull (strstr (reply, "no such file"));
  g_clear_pointer (&reply, g_free);
  reply = session_do (session, "save /no/such/folder/m.kuzhi");
  g_assert_nonnull (strstr (reply, "does not exist"));
  g_clear_pointer (&reply, g_free);
  reply = session_do (session, "load two words");
  g_assert_nonnull (strstr (reply, "spaces"));
  g_clear_pointer (&state_after, g_free);
  state_after = session_do (session, "state");
  g_assert_cmpstr (state_after, ==, state_before);

  /* A good load, then a save: the names and the creation date are kept. */
  g_clear_pointer (&cmd, g_free);
  g_clear_pointer (&reply, g_free);
  cmd = g_strconcat ("load ", good_path, NULL);
  reply = session_do (session, cmd);
  g_assert_true (g_str_has_prefix (reply, "{\"ok\":true,\"state\":{\"variant\":\"constitution\""));
  g_clear_pointer (&cmd, g_free);
  g_clear_pointer (&reply, g_free);
  cmd = g_strconcat ("save ", bad_path, NULL);
  reply = session_do (session, cmd);
  g_assert_true (g_str_has_prefix (reply, "{\"ok\":true"));
  {
    g_autofree char *saved = NULL;
    g_assert_true (g_file_get_contents (bad_path, &saved, NULL, NULL));
    g_assert_nonnull (strstr (saved, "Player1=Meena\n"));
    g_assert_nonnull (strstr (saved, "Created=2026-11-29T20:00:00Z\n"));
    g_assert_nonnull (strstr (saved, "Actions=0;m7;7;3\n"));
    /* Who played each side is kept like the names, and so is the id. */
    g_assert_nonnull (strstr (saved, "\nPlayer1Plays=person\nPlayer2Plays=hard\n"));
    {
      const char *id_line = strstr (good, "\nId=");

      g_assert_nonnull (id_line);
      g_assert_true (strncmp (strstr (saved, "\nId="), id_line, strlen ("\nId=") + 36 + 1) == 0);
    }
  }

  /* A version 1 file of the same match loads too, with the very reply of
   * the version 2 file (the JSON does not change); saved again, it is
   * version 2 with two people. */
  {
    g_autofree char *v1_path = g_build_filename (dir, "old.kuzhi", NULL);
    g_autofree char *v1 = version_1_file ();
    g_autofree char *saved = NULL;
    g_autofree char *reply_v2 = NULL;

    g_assert_true (g_file_set_contents (v1_path, v1, -1, NULL));
    g_clear_pointer (&cmd, g_free);
    cmd = g_strconcat ("load ", good_path, NULL);
    reply_v2 = session_do (session, cmd);
    g_clear_pointer (&cmd, g_free);
    g_clear_pointer (&reply, g_free);
    cmd = g_strconcat ("load ", v1_path, NULL);
    reply = session_do (session, cmd);
    g_assert_true (g_str_has_prefix (reply, "{\"ok\":true,\"state\":{\"variant\":\"constitution\""));
    g_assert_cmpstr (reply, ==, reply_v2);
    g_clear_pointer (&cmd, g_free);
    g_clear_pointer (&reply, g_free);
    cmd = g_strconcat ("save ", v1_path, NULL);
    reply = session_do (session, cmd);
    g_assert_true (g_str_has_prefix (reply, "{\"ok\":true"));
    g_assert_true (g_file_get_contents (v1_path, &saved, NULL, NULL));
    g_assert_nonnull (strstr (saved, "\nVersion=3\n"));
    g_assert_nonnull (strstr (saved, "\nPlayer1Plays=person\nPlayer2Plays=person\n"));
    g_unlink (v1_path);

    /* Back to the version 2 file, whose computer side a `new` forgets. */
    g_clear_pointer (&cmd, g_free);
    g_clear_pointer (&reply, g_free);
    cmd = g_strconcat ("load ", good_path, NULL);
    reply = session_do (session, cmd);
    g_assert_true (g_str_has_prefix (reply, "{\"ok\":true"));
  }

  /* A match begun with `new` keeps its date through every save. */
  {
    g_autofree char *first = NULL;
    g_autofree char *second = NULL;
    g_autofree char *created1 = NULL;
    g_autofree char *created2 = NULL;

    g_free (session_do (session, "new oware"));
    g_clear_pointer (&cmd, g_free);
    g_clear_pointer (&reply, g_free);
    cmd = g_strconcat ("save ", bad_path, NULL);
    reply = session_do (session, cmd);
    g_assert_true (g_file_get_contents (bad_path, &first, NULL, NULL));
    /* The protocol's own match is played by people. */
    g_assert_nonnull (strstr (first, "\nPlayer1Plays=person\nPlayer2Plays=person\n"));
    /* Dates are written to the second. */
    g_usleep (1100 * 1000);
    g_free (session_do (session, "play 3"));
    g_clear_pointer (&reply, g_free);
    reply = session_do (session, cmd);
    g_assert_true (g_str_has_prefix (reply, "{\"ok\":true"));
    g_assert_true (g_file_get_contents (bad_path, &second, NULL, NULL));
    created1 = g_strndup (strstr (first, "Created="), strlen ("Created=2026-11-29T20:00:00Z"));
    created2 = g_strndup (strstr (second, "Created="), strlen ("Created=2026-11-29T20:00:00Z"));
    g_assert_cmpstr (created1, ==, created2);
    g_assert_cmpstr (strstr (first, "Modified="), !=, strstr (second, "Modified="));
  }

  g_unlink (good_path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* kuzhi-engine saves after every move, like the app's autosave, and is
 * killed with SIGKILL in the middle of a match, mid-command: the file on
 * disk is always a whole match, at least as far as the last confirmed save. */
static char *
send_and_read (GOutputStream *in, GDataInputStream *out, const char *command)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  char *reply;

  g_assert_true (g_output_stream_write_all (in, line, strlen (line), NULL, NULL, &error));
  g_assert_no_error (error);
  reply = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reply);
  return reply;
}

static void
test_autosave_survives_kill (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.kuzhi", NULL);
  g_autofree char *save_cmd = g_strconcat ("save ", path, NULL);
  guint64 rng = 1729;

  if (engine_path == NULL)
    {
      g_test_skip ("the path of kuzhi-engine was not given");
      return;
    }

  for (int run = 0; run < 8; run++)
    {
      g_autoptr(GSubprocess) proc = NULL;
      g_autoptr(GDataInputStream) out = NULL;
      g_autoptr(GError) error = NULL;
      GOutputStream *in;
      KzMatch played, loaded = { 0 };
      int confirmed = 0, sent = 0;
      int kill_after = kz_test_rand_range (&rng, 1, 60);

      proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                               &error, engine_path, NULL);
      g_assert_no_error (error);
      in = g_subprocess_get_stdin_pipe (proc);
      out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));

      g_assert_true (kz_match_init (&played, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
      g_free (send_and_read (in, out, "new constitution"));

      /* The process mirrors `played`: the same actions, checked by the
       * engine's own replies. */
      while (!played.pos.over && sent < kill_after + 20)
        {
          KzAction actions[KZ_MAX_ACTIONS];
          int n = kz_position_variant (&played.pos)->legal (&played.pos, actions);
          KzAction a = actions[kz_test_rand_range (&rng, 0, n)];
          char buf[8];
          g_autofree char *play = g_strconcat ("play ", kz_action_to_string (a, buf), "\n", save_cmd, "\n", NULL);

          g_assert_true (kz_match_play (&played, a, NULL));
          sent++;
          if (sent < kill_after)
            {
              g_autofree char *r1 = NULL;
              g_autofree char *r2 = NULL;

              g_assert_true (g_output_stream_write_all (in, play, strlen (play), NULL, NULL, &error));
              r1 = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
              r2 = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
              g_assert_no_error (error);
              g_assert_true (g_str_has_prefix (r1, "{\"ok\":true"));
              g_assert_true (g_str_has_prefix (r2, "{\"ok\":true"));
              confirmed = sent;
            }
          else
            {
              /* From here on, commands go out without waiting: the kill
               * lands in the middle of the work. */
              g_output_stream_write_all (in, play, strlen (play), NULL, NULL, NULL);
            }
        }

      g_subprocess_send_signal (proc, SIGKILL);
      g_assert_true (g_subprocess_wait (proc, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_signaled (proc));
      g_assert_cmpint (g_subprocess_get_term_sig (proc), ==, SIGKILL);

      if (confirmed == 0)
        {
          kz_match_clear (&played);
          continue;
        }

      /* Whole, and a stretch of the played line no shorter than the last
       * confirmed save. */
      if (!kuzhi_match_file_load (path, &loaded, NULL, &error))
        g_error ("the autosave was damaged by kill -9: %s", error->message);
      g_assert_cmpuint (loaded.n_history, >=, (guint) confirmed);
      g_assert_cmpuint (loaded.n_history, <=, played.n_history);
      for (gsize i = 0; i < loaded.n_history; i++)
        g_assert_cmpint (loaded.history[i].action, ==, played.history[i].action);
      if (loaded.n_history < played.n_history)
        g_assert_true (kz_position_equal (&loaded.pos, &played.history[loaded.n_history].before));
      else
        g_assert_true (kz_position_equal (&loaded.pos, &played.pos));

      kz_match_clear (&loaded);
      kz_match_clear (&played);
    }

  /* Only the match file: no temporary file left to clutter the folder
   * beyond one that a kill may interrupt. */
  g_unlink (path);
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);
        g_unlink (p);
      }
  }
  g_rmdir (dir);
}

/* The lock that says whose a file is: one holder at a time, even within
 * one process; free again when let go, and when its holder is killed
 * (flock locks go with the process), so a killed Kuzhi never blocks the
 * next. */
static void
test_file_lock (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "kuzhi", NULL);
  g_autofree char *path = g_build_filename (dir, "autosave.lock", NULL);
  g_autoptr(GError) error = NULL;
  KuzhiFileLock *lock;
  KuzhiFileLock *second;
  int ready[2];
  pid_t child;
  char byte;

  lock = kuzhi_file_lock_try (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lock);
  second = kuzhi_file_lock_try (path, &error);
  g_assert_null (second);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  /* Waiting gives up after its time. */
  second = kuzhi_file_lock_wait (path, 100, &error);
  g_assert_null (second);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  kuzhi_file_lock_release (lock);
  lock = kuzhi_file_lock_try (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lock);
  kuzhi_file_lock_release (lock);

  /* Another process holds it, and is killed. */
  g_assert_cmpint (pipe (ready), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      KuzhiFileLock *held = kuzhi_file_lock_try (path, NULL);

      if (held == NULL || write (ready[1], "x", 1) != 1)
        _exit (1);
      for (;;)
        pause ();
    }
  close (ready[1]);
  g_assert_cmpint (read (ready[0], &byte, 1), ==, 1);
  close (ready[0]);
  g_assert_null (kuzhi_file_lock_try (path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_cmpuint (kuzhi_match_file_claim_autosave (&error), ==, 2);
  g_assert_no_error (error);
  kuzhi_match_file_release_autosave ();
  kill (child, SIGKILL);
  g_assert_cmpint (waitpid (child, NULL, 0), ==, child);
  lock = kuzhi_file_lock_try (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lock);
  kuzhi_file_lock_release (lock);
}

/* A second Kuzhi on the same data folder writes an autosave of its own,
 * so neither overwrites the other's match; an autosave whose Kuzhi has
 * ended is found, and taken up in exchange for one's own, so both
 * matches are always kept. */
static void
test_autosave_claim (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "kuzhi", NULL);
  g_autofree char *first_lock_path = g_build_filename (dir, "autosave.lock", NULL);
  g_autofree char *first = g_build_filename (dir, "autosave.kuzhi", NULL);
  g_autofree char *second = g_build_filename (dir, "autosave-2.kuzhi", NULL);
  g_autofree char *third = g_build_filename (dir, "autosave-3.kuzhi", NULL);
  g_autofree char *path = NULL;
  g_autoptr(KuzhiGameModel) a = kuzhi_game_model_new ();
  g_autoptr(KuzhiGameModel) b = kuzhi_game_model_new ();
  g_autoptr(KuzhiGameModel) restored = kuzhi_game_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) left = NULL;
  KuzhiFileLock *first_lock;
  KzAction actions[KZ_MAX_ACTIONS];

  /* Alone: the usual autosave. */
  g_assert_cmpuint (kuzhi_match_file_claim_autosave (&error), ==, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (kuzhi_match_file_claim_autosave (&error), ==, 1);
  path = kuzhi_match_file_get_autosave_path ();
  g_assert_cmpstr (path, ==, first);
  kuzhi_game_model_get_legal (a, actions);
  g_assert_true (kuzhi_game_model_play (a, actions[0], NULL));
  g_assert_true (kuzhi_game_model_autosave (a, &error));
  g_assert_no_error (error);
  kuzhi_match_file_release_autosave ();

  /* Another Kuzhi holds it: the second autosave. */
  first_lock = kuzhi_file_lock_try (first_lock_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kuzhi_match_file_claim_autosave (&error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (kuzhi_match_file_get_autosave_number (), ==, 2);
  g_clear_pointer (&path, g_free);
  path = kuzhi_match_file_get_autosave_path ();
  g_assert_cmpstr (path, ==, second);
  /* Its own match, not the first's. */
  g_assert_false (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  for (int i = 0; i < 2; i++)
    {
      kuzhi_game_model_get_legal (b, actions);
      g_assert_true (kuzhi_game_model_play (b, actions[0], NULL));
      g_assert_true (kuzhi_game_model_autosave (b, &error));
      g_assert_no_error (error);
    }
  /* The first is held: it is not left over. */
  left = kuzhi_match_file_list_left_autosaves ();
  g_assert_cmpuint (left->len, ==, 0);
  g_clear_pointer (&left, g_ptr_array_unref);
  kuzhi_match_file_release_autosave ();
  kuzhi_file_lock_release (first_lock);

  /* Both ended; started alone again, the first restores its match and
   * finds the second's left over. */
  g_assert_cmpuint (kuzhi_match_file_claim_autosave (&error), ==, 1);
  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kuzhi_game_model_get_match_id (restored), ==, kuzhi_game_model_get_match_id (a));
  left = kuzhi_match_file_list_left_autosaves ();
  g_assert_cmpuint (left->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (left, 0), ==, second);

  /* Taking it up exchanges the two: the first match is now left over. */
  g_assert_true (kuzhi_match_file_take_left_autosave (second, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_cmpstr (kuzhi_game_model_get_match_id (restored), ==, kuzhi_game_model_get_match_id (b));
  g_assert_cmpuint (kuzhi_game_model_get_match (restored)->n_history, ==, 2);
  {
    g_autoptr(KuzhiGameModel) other = kuzhi_game_model_new ();

    g_assert_true (kuzhi_game_model_load (other, second, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (kuzhi_game_model_get_match_id (other), ==, kuzhi_game_model_get_match_id (a));
  }

  /* One that a running Kuzhi holds is not taken. */
  g_assert_true (g_rename (second, third) == 0);
  {
    g_autofree char *third_lock_path = g_build_filename (dir, "autosave-3.lock", NULL);
    KuzhiFileLock *third_lock = kuzhi_file_lock_try (third_lock_path, &error);

    g_assert_no_error (error);
    g_clear_pointer (&left, g_ptr_array_unref);
    left = kuzhi_match_file_list_left_autosaves ();
    g_assert_cmpuint (left->len, ==, 0);
    g_assert_false (kuzhi_match_file_take_left_autosave (third, &error));
    g_assert_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE);
    g_clear_error (&error);
    kuzhi_file_lock_release (third_lock);
  }
  kuzhi_match_file_release_autosave ();
}

/* The worked example of docs/match-file.md, "A set-up start". */
static const char set_up_file[] =
  "[Match]\n"
  "Version=4\n"
  "Id=7b0e4c1a-2f5d-4c3b-8a9e-1d2c3b4a5f60\n"
  "Variant=oware\n"
  "Seeds=4\n"
  "Player1=Ama\n"
  "Player2=Kofi\n"
  "Player1Plays=person\n"
  "Player2Plays=person\n"
  "Actions=5\n"
  "Created=2026-12-05T20:00:00Z\n"
  "Modified=2026-12-05T20:01:00Z\n"
  "\n"
  "[Start]\n"
  "Pits=0;0;0;0;1;2;1;1;0;1;2;0\n"
  "Stores=20;20\n"
  "ToMove=0\n"
  "Round=0\n"
  "Opener=0\n"
  "RefillLeft=0;0\n"
  "Lucky=-1;-1\n"
  "Rubbish=\n"
  "Plies=0\n"
  "QuietPlies=0\n"
  "\n"
  "[Position]\n"
  "Pits=0;0;0;0;1;0;0;0;0;1;2;0\n"
  "Stores=24;20\n"
  "ToMove=1\n"
  "Over=false\n"
  "Winner=-1\n"
  "End=\n"
  "Round=0\n"
  "RefillLeft=0;0\n"
  "Lucky=-1;-1\n"
  "Rubbish=\n"
  "Plies=1\n";

/* A set-up start that is broken, or in a file that may not have one, is
 * refused with a clear message, and the match held stays as it was. */
static void
test_set_up_refused (void)
{
  static const LineEdit edits[] = {
    { "Pits=0;0;0;0;1;2", "Pits=0;0;0;0;1;2;1;1;0;1;2", KUZHI_MATCH_FILE_ERROR_VALUE,
      "“Pits” in [Start] must be 12 whole numbers from 0 to 255" },
    { "Pits=0;0;0;0;1;2", "Pits=0;0;0;0;1;2;1;1;0;1;2;256", KUZHI_MATCH_FILE_ERROR_VALUE, "from 0 to 255" },
    { "Pits=0;0;0;0;1;2", "Pits=0;0;0;0;1;2;1;1;0;1;2;-1", KUZHI_MATCH_FILE_ERROR_VALUE, "Pits" },
    { "Pits=0;0;0;0;1;2", "Pits=0;0;0;0;1;2;1;1;0;1;2;1", KUZHI_MATCH_FILE_ERROR_POSITION,
      "The starting position in [Start] is refused: The houses and stores hold 49 seeds; Oware needs 48." },
    { "Stores=20;20", "Stores=25;15", KUZHI_MATCH_FILE_ERROR_POSITION, "more than half the seeds" },
    { "Stores=20;20", "Stores=20", KUZHI_MATCH_FILE_ERROR_VALUE, "“Stores” in [Start]" },
    { "ToMove=0", "ToMove=2", KUZHI_MATCH_FILE_ERROR_VALUE, "“ToMove” in [Start] must be a whole number from 0 to 1" },
    { "Lucky=-1;-1", "Lucky=3;-1", KUZHI_MATCH_FILE_ERROR_POSITION, "Oware has no lucky cups" },
    { "Rubbish=", "Rubbish=12", KUZHI_MATCH_FILE_ERROR_VALUE, "must list cups from 0 to 11" },
    { "Rubbish=", "Rubbish=3;3", KUZHI_MATCH_FILE_ERROR_VALUE, "each once" },
    { "Plies=0", "Plies=400", KUZHI_MATCH_FILE_ERROR_POSITION, "400-ply limit" },
    { "QuietPlies=", NULL, KUZHI_MATCH_FILE_ERROR_MISSING, "“QuietPlies” is missing from [Start]" },
    { "QuietPlies=", "QuietPlies=0\nColour=red", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "Colour" },
    { "Version=", "Version=3", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "The group [Start] is not part of format version 3" },
    { "[Start]", "[Begin]", KUZHI_MATCH_FILE_ERROR_UNKNOWN, "[Begin]" },
    /* The replay from the start is checked as ever. */
    { "Actions=", "Actions=4", KUZHI_MATCH_FILE_ERROR_POSITION, "Pits" },
    { "Actions=", "Actions=0", KUZHI_MATCH_FILE_ERROR_ACTION, "Action 1, “0”, is not legal" },
  };
  KzMatch loaded = { 0 };
  g_autoptr(GError) error = NULL;
  char *names[2] = { NULL, NULL };

  /* The example itself loads, from its start. */
  if (!kuzhi_match_file_from_data (set_up_file, strlen (set_up_file), &loaded, names, NULL, NULL, NULL, &error))
    g_error ("%s", error->message);
  g_assert_cmpint (loaded.start.stores[1], ==, 20);
  g_assert_cmpint (loaded.pos.stores[0], ==, 24);
  g_assert_cmpuint (loaded.n_history, ==, 1);
  g_assert_cmpstr (names[0], ==, "Ama");
  g_free (names[0]);
  g_free (names[1]);
  kz_match_clear (&loaded);

  for (gsize i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      g_autofree char *data = edit_line (set_up_file, edits[i].prefix, edits[i].line);

      g_test_message ("edit %" G_GSIZE_FORMAT ": %s", i, edits[i].line ? edits[i].line : "(removed)");
      assert_refused (data, strlen (data), edits[i].code, edits[i].fragment);
    }

  /* Version 4 comes only with a start. */
  {
    g_autofree char *data = g_strdup (set_up_file);
    char *start = strstr (data, "[Start]");
    char *position = strstr (data, "[Position]");

    memmove (start, position, strlen (position) + 1);
    assert_refused (data, strlen (data), KUZHI_MATCH_FILE_ERROR_MISSING, "The group [Start] is missing");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  /* tests/meson.build passes the engine's path. */
  if (argc > 1)
    engine_path = argv[1];
  else
    engine_path = g_getenv ("KUZHI_ENGINE");

  g_test_add_func ("/match-file/round-trip", test_round_trip);
  g_test_add_func ("/match-file/old-date", test_old_date);
  g_test_add_func ("/match-file/set-up-round-trip", test_set_up_round_trip);
  g_test_add_func ("/match-file/set-up-refused", test_set_up_refused);
  g_test_add_func ("/match-file/save-load-file", test_save_load_file);
  g_test_add_func ("/match-file/broken-lines", test_broken_lines);
  g_test_add_func ("/match-file/truncated", test_truncated);
  g_test_add_func ("/match-file/binary", test_binary);
  g_test_add_func ("/match-file/enormous", test_enormous);
  g_test_add_func ("/match-file/read-errors", test_read_errors);
  g_test_add_func ("/match-file/write-errors", test_write_errors);
  g_test_add_func ("/match-file/dates", test_dates);
  g_test_add_func ("/match-file/locales", test_locales);
  g_test_add_func ("/match-file/names", test_names);
  g_test_add_func ("/match-file/players", test_players);
  g_test_add_func ("/match-file/match-id", test_match_id);
  g_test_add_func ("/match-file/quotes-cut-by-characters", test_quotes_cut_by_characters);
  g_test_add_func ("/match-file/unclear-refusals", test_unclear_refusals);
  g_test_add_func ("/match-file/save-targets", test_save_targets);
  g_test_add_func ("/match-file/model-load", test_model_load);
  g_test_add_func ("/match-file/model-autosave", test_model_autosave);
  g_test_add_func ("/match-file/autosave-broken", test_autosave_broken);
  g_test_add_func ("/match-file/autosave-link", test_autosave_link);
  g_test_add_func ("/match-file/autosave-link-refused", test_autosave_link_refused);
  g_test_add_func ("/match-file/stale-temporaries", test_stale_temporaries);
  g_test_add_func ("/match-file/names-not-utf8", test_names_not_utf8);
  g_test_add_func ("/match-file/is-autosave", test_is_autosave);
  g_test_add_func ("/match-file/protocol", test_protocol);
  g_test_add_func ("/match-file/autosave-survives-kill", test_autosave_survives_kill);
  g_test_add_func ("/match-file/file-lock", test_file_lock);
  g_test_add_func ("/match-file/autosave-claim", test_autosave_claim);

  return g_test_run ();
}
