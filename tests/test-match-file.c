/* test-match-file.c — KuzhiMatchFile: random matches of every game survive the file, every kind of broken file is refused with the match untouched, and an autosave survives kill -9. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kuzhi-game-model.h"
#include "kuzhi-match-file.h"
#include "kuzhi-protocol.h"

static const char *engine_path;

/* Plays random legal actions until the end or `limit` actions. */
static void
play_random (KzMatch *match, GRand *rand, guint limit)
{
  for (guint i = 0; i < limit && !match->pos.over; i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      int n = kz_position_variant (&match->pos)->legal (&match->pos, actions);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kz_match_play (match, actions[g_rand_int_range (rand, 0, n)], NULL));
    }
}

/* A random match of `variant` with random options the game accepts. */
static void
random_match (KzMatch *match, KzVariantId variant, GRand *rand)
{
  for (;;)
    {
      KzOptions options = { 0 };

      options.seeds = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 1, 13);
      options.pasu = g_rand_int_range (rand, 0, 4) == 0 ? (g_rand_boolean (rand) ? 4 : 6) : 0;
      if (kz_match_init (match, variant, &options, NULL, 0))
        break;
    }
  /* Short, middling and whole matches. */
  switch (g_rand_int_range (rand, 0, 3))
    {
    case 0: play_random (match, rand, g_rand_int_range (rand, 0, 10)); break;
    case 1: play_random (match, rand, g_rand_int_range (rand, 10, 200)); break;
    default: play_random (match, rand, 100000); break;
    }
}

static void
assert_same_match (const KzMatch *a, const KzMatch *b)
{
  g_assert_true (kz_position_equal (&a->pos, &b->pos));
  g_assert_true (kz_position_equal (&a->start, &b->start));
  g_assert_cmpuint (a->n_history, ==, b->n_history);
  for (gsize i = 0; i < a->n_history; i++)
    {
      g_assert_cmpint (a->history[i].action, ==, b->history[i].action);
      g_assert_true (kz_position_equal (&a->history[i].before, &b->history[i].before));
    }
}

static void
test_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  g_autoptr(GDateTime) created = g_date_time_new_utc (2026, 11, 29, 20, 15, 7);
  static const char *const names[2] = { "Meena = “Kuzhi” ; queen\nof\\cups\t\r\\s", " Arul [P2] # not a comment " };
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
          g_autoptr(GDateTime) created_out = NULL;
          g_autoptr(GError) error = NULL;
          gsize length;

          random_match (&match, (KzVariantId) v, rand);
          longest = MAX (longest, match.n_history);
          data = kuzhi_match_file_to_data (&match, names, created, &length);
          g_assert_nonnull (data);
          g_assert_cmpuint (length, ==, strlen (data));

          if (!kuzhi_match_file_from_data (data, length, &loaded, names_out, &created_out, &error))
            g_error ("%s refused its own file: %s\n%s", kz_variant_get ((KzVariantId) v)->key, error->message, data);
          assert_same_match (&loaded, &match);
          g_assert_cmpstr (names_out[0], ==, names[0]);
          g_assert_cmpstr (names_out[1], ==, names[1]);
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
  data = kuzhi_match_file_to_data (&match, NULL, created, NULL);
  g_assert_nonnull (strstr (data, "Created=0684-11-29T20:49:34Z"));
  g_assert_true (kuzhi_match_file_from_data (data, strlen (data), &loaded, NULL, &created_out, NULL));
  g_assert_true (g_date_time_equal (created, created_out));
  kz_match_clear (&loaded);
  kz_match_clear (&match);
}

/* Through a real file too, and saving twice replaces the first file. */
static void
test_save_load_file (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.kuzhi", NULL);

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      KzMatch match, loaded = { 0 };
      char *names[2] = { NULL, NULL };
      g_autoptr(GError) error = NULL;

      if (kz_variant_get ((KzVariantId) v) == NULL)
        continue;
      random_match (&match, (KzVariantId) v, rand);
      g_assert_true (kuzhi_match_file_save (&match, NULL, path, &error));
      g_assert_no_error (error);
      g_assert_true (kuzhi_match_file_load (path, &loaded, names, &error));
      g_assert_no_error (error);
      assert_same_match (&loaded, &match);
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

/* The worked example with a mark: the good file the broken ones start from. */
static char *
good_file (KzMatch *match_out)
{
  static const char *const actions[] = { "0", "m7", "7", "3" };
  static const char *const names[2] = { "Meena", "Arul" };
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
  data = kuzhi_match_file_to_data (&match, names, created, NULL);
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
  GDateTime *created = NULL;
  g_autoptr(GError) error = NULL;

  /* A match in progress, as the app would hold while a file is opened. */
  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 6, NULL));
  kz_match_copy (&before, &match);

  g_assert_false (kuzhi_match_file_from_data (data, length, &match, names, &created, &error));
  g_assert_nonnull (error);
  if (code < 0)
    code = error->code;
  g_assert_error (error, KUZHI_MATCH_FILE_ERROR, code);
  g_assert_cmpstr (error->message, !=, "");
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("the message “%s” should mention “%s”", error->message, fragment);
  assert_same_match (&match, &before);
  g_assert_null (names[0]);
  g_assert_null (names[1]);
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
    { "Version=", "Version=2", KUZHI_MATCH_FILE_ERROR_VERSION, "version 2" },
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
    { "Player1=", "Player1[ta]=Meena", KUZHI_MATCH_FILE_ERROR_MISSING, "Player1" },
    { "Player1=", "this line is not a key", KUZHI_MATCH_FILE_ERROR_SYNTAX, NULL },
  };
  g_autofree char *good = good_file (NULL);

  /* The starting point itself loads. */
  {
    KzMatch match = { 0 };
    g_autoptr(GError) error = NULL;
    g_assert_true (kuzhi_match_file_from_data (good, strlen (good), &match, NULL, NULL, &error));
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
      if (kuzhi_match_file_from_data (good, cut, &match, NULL, NULL, &error))
        g_error ("a file cut after %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes was accepted", cut, len);
      g_assert_error (error, KUZHI_MATCH_FILE_ERROR, error->code);
      assert_same_match (&match, &before);
      kz_match_clear (&match);
      kz_match_clear (&before);
    }
}

static void
test_binary (void)
{
  g_autofree char *good = good_file (NULL);
  gsize len = strlen (good);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

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
      gsize n = g_rand_int_range (rand, 1, 2000);
      g_autofree char *junk = g_malloc (n);

      for (gsize j = 0; j < n; j++)
        junk[j] = (char) g_rand_int_range (rand, 1, 256);
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
  assert_same_match (kuzhi_game_model_get_match (model), &before);
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
  assert_same_match (kuzhi_game_model_get_match (other), kuzhi_game_model_get_match (model));
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
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

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

      g_assert_true (kuzhi_game_model_play (model, actions[g_rand_int_range (rand, 0, n)], NULL));
      g_assert_true (kuzhi_game_model_autosave (model, &error));
      g_assert_no_error (error);
    }

  g_assert_true (kuzhi_game_model_restore_autosave (restored, &error));
  g_assert_no_error (error);
  assert_same_match (kuzhi_game_model_get_match (restored), kuzhi_game_model_get_match (model));
  g_assert_cmpstr (kuzhi_game_model_get_player_name (restored, 1), ==, "Arul");

  g_assert_true (kuzhi_match_file_discard_autosave (&error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (kuzhi_match_file_discard_autosave (&error));
  g_assert_no_error (error);
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
  g_autoptr(GRand) rand = g_rand_new_with_seed (1729);

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
      int kill_after = g_rand_int_range (rand, 1, 60);

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
          KzAction a = actions[g_rand_int_range (rand, 0, n)];
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
  g_test_add_func ("/match-file/save-load-file", test_save_load_file);
  g_test_add_func ("/match-file/broken-lines", test_broken_lines);
  g_test_add_func ("/match-file/truncated", test_truncated);
  g_test_add_func ("/match-file/binary", test_binary);
  g_test_add_func ("/match-file/enormous", test_enormous);
  g_test_add_func ("/match-file/read-errors", test_read_errors);
  g_test_add_func ("/match-file/write-errors", test_write_errors);
  g_test_add_func ("/match-file/model-load", test_model_load);
  g_test_add_func ("/match-file/model-autosave", test_model_autosave);
  g_test_add_func ("/match-file/protocol", test_protocol);
  g_test_add_func ("/match-file/autosave-survives-kill", test_autosave_survives_kill);

  return g_test_run ();
}
