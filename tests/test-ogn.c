/* test-ogn.c — Aualé's OGN: records in Aualé's exact layout are read and written back byte for byte, random matches survive a round trip, and every kind of hostile record is refused with a message naming what is wrong. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kuzhi-match-file.h"
#include "kuzhi-ogn.h"
#include "kuzhi-test-util.h"

/* The folder of the records (tests/ogn), the test's argument. */
static const char *records_dir;

static char *
read_record (const char *name, gsize *length)
{
  g_autofree char *path = g_build_filename (records_dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, length, &error));
  g_assert_no_error (error);
  return data;
}

/* Records as Aualé writes them (its tag roster, escapes, move numbers,
 * `+N`, comments, 80-column wrapping, the result at the end), each with
 * what Kuzhi must make of it. */
typedef struct {
  const char *file;
  const char *south;      /* NULL: "?" */
  const char *north;
  guint       moves;
  const char *result;
  gboolean    over;       /* over under Kuzhi's rules */
  gboolean    repetition; /* Aualé ended it at a repeated position */
  guint       comment_at; /* a move with a comment (0: none checked) */
  const char *comment;
  const char *tag;        /* another tag kept, and its value */
  const char *tag_value;
} LayoutCase;

static const LayoutCase layout_cases[] = {
  { "majority.ogn", "Ama Serwaa", "Kofi \"Mighty\" Mensah", 19, "29-2", TRUE, FALSE,
    3, "South opens the right flank", "Event", "Accra club night" },
  { "no-feed.ogn", NULL, NULL, 54, "24-24", TRUE, FALSE,
    10, "both sides run low", "Annotator", "C:\\games" },
  { "repetition.ogn", "Joan", "Aalina", 55, "21-27", FALSE, TRUE,
    0, NULL, "Site", "?" },
  { "unfinished.ogn", NULL, NULL, 12, "*", FALSE, FALSE,
    12, "adjourned", "Event", "Practice" },
  /* From a set-up position (FEN), North to move: numbered from North's move. */
  { "set-up.ogn", "Ama", "Kofi", 9, "*", FALSE, FALSE,
    9, "North must keep South fed", "Event", "Endgame study" },
};

static void
test_layout (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (layout_cases); i++)
    {
      const LayoutCase *c = &layout_cases[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(KuzhiOgnRecord) record = NULL;
      g_autofree char *data = NULL;
      g_autofree char *written = NULL;
      gsize length = 0;

      g_test_message ("%s", c->file);
      data = read_record (c->file, &length);
      g_assert_true (kuzhi_ogn_looks_like (data, length));
      record = kuzhi_ogn_from_data (data, length, &error);
      g_assert_no_error (error);
      g_assert_nonnull (record);
      g_assert_cmpstr (record->names[0], ==, c->south);
      g_assert_cmpstr (record->names[1], ==, c->north);
      g_assert_cmpuint (record->match.n_history, ==, c->moves);
      g_assert_cmpuint (record->comments->len, ==, c->moves + 1);
      g_assert_cmpstr (record->result, ==, c->result);
      g_assert_cmpint (record->match.pos.over, ==, c->over);
      g_assert_cmpint (record->repetition, ==, c->repetition);
      g_assert_cmpint (record->match.pos.variant, ==, KZ_VARIANT_OWARE);
      if (strcmp (c->file, "set-up.ogn") == 0)
        {
          static const uint8_t pits[12] = { 3, 0, 5, 2, 1, 6, 4, 1, 0, 7, 2, 3 };

          g_assert_cmpmem (record->match.start.pits, 12, pits, 12);
          g_assert_cmpint (record->match.start.stores[0], ==, 6);
          g_assert_cmpint (record->match.start.stores[1], ==, 8);
          g_assert_cmpint (record->match.start.to_move, ==, 1);
        }
      if (c->comment_at > 0)
        g_assert_cmpstr (g_ptr_array_index (record->comments, c->comment_at), ==, c->comment);
      g_assert_cmpstr (kuzhi_ogn_record_get_tag (record, c->tag), ==, c->tag_value);
      if (c->over)
        {
          g_autofree char *count = g_strdup_printf ("%d-%d", record->match.pos.stores[0],
                                                    record->match.pos.stores[1]);

          /* Kuzhi's board shows the end as Kuzhi counts it; after a
           * majority Aualé's Result leaves the row seeds uncounted. */
          if (record->match.pos.end != KZ_END_MAJORITY)
            g_assert_cmpstr (count, ==, c->result);
        }

      /* Written back, byte for byte. */
      written = kuzhi_ogn_to_data (&record->match, (const char *const *) record->names, NULL, record, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (written, ==, data);
    }
}

/* What Aualé reads besides what it writes: variations skipped, moves
 * joined to their numbers, other line ends and spacing, a byte-order mark. */
static void
test_lenient (void)
{
  static const char *const texts[] = {
    "\xef\xbb\xbf[Variant \"Oware Abapa\"]\r\n[South \"Ama\"]\r\n\r\n1.C b 2.E (2... a 3. A) f 3. C b\r\n",
    "  [ Variant   \"Oware Abapa\" ]  [South  \"  Ama \"]\n1. C {a\n  comment} b (1... c (nested) d) 2. E f\n3. C b *\n",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KuzhiOgnRecord) record = kuzhi_ogn_from_data (texts[i], strlen (texts[i]), &error);

      g_assert_no_error (error);
      g_assert_cmpstr (record->names[0], ==, "Ama");
      g_assert_cmpuint (record->match.n_history, ==, 6);
      g_assert_cmpint (record->match.history[0].action, ==, 2);
      g_assert_cmpint (record->match.history[1].action, ==, 7);
      g_assert_cmpint (record->match.history[3].action, ==, 11);
    }
}

static void
test_round_trip (void)
{
  guint64 rng = 3232;
  g_autoptr(GDateTime) date = g_date_time_new_utc (2026, 12, 5, 20, 0, 0);

  for (int n = 0; n < 200; n++)
    {
      static const char *const names[2] = { "Meena \"M\" \\ Arul", "Aalina" };
      g_autoptr(GError) error = NULL;
      g_autoptr(KuzhiOgnRecord) record = NULL;
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;
      KzMatch match;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_OWARE, NULL, NULL, 0));
      kz_test_play_random (&match, &rng, kz_test_rand_range (&rng, 0, 3) == 0 ? 1000 : kz_test_rand_range (&rng, 0, 80));
      text = kuzhi_ogn_to_data (&match, names, date, NULL, &error);
      if (text == NULL)
        {
          /* Only a repetition before the end, which Aualé could not read. */
          g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_REPETITION);
          kz_match_clear (&match);
          continue;
        }
      g_assert_true (g_str_has_prefix (text, "[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.12.05\"]\n"));
      record = kuzhi_ogn_from_data (text, strlen (text), &error);
      g_assert_no_error (error);
      g_assert_true (kz_position_equal (&record->match.pos, &match.pos));
      g_assert_cmpuint (record->match.n_history, ==, match.n_history);
      for (size_t i = 0; i < match.n_history; i++)
        g_assert_cmpint (record->match.history[i].action, ==, match.history[i].action);
      g_assert_cmpstr (record->names[0], ==, names[0]);
      g_assert_cmpstr (record->names[1], ==, names[1]);
      for (const char *line = text; *line != '\0'; line = strchr (line, '\n') + 1)
        g_assert_cmpint (strchr (line, '\n') - line, <, 80);
      again = kuzhi_ogn_to_data (&record->match, (const char *const *) record->names, NULL, record, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (again, ==, text);
      kz_match_clear (&match);
    }
}

/* Hostile and broken records: each refused with its error and a message
 * naming the place. */
typedef struct {
  const char *name;
  const char *text;
  int         code;
  const char *message;   /* a part of the message */
} BadCase;

#define HEAD "[Variant \"Oware Abapa\"]\n[South \"?\"]\n[North \"?\"]\n"

static const BadCase bad_cases[] = {
  { "empty", "", KUZHI_OGN_ERROR_NOT_TEXT, "empty" },
  { "truncated tag", HEAD "[Result \"25-", KUZHI_OGN_ERROR_SYNTAX, "Line 4" },
  { "tag without quotes", "[Variant Oware]\n", KUZHI_OGN_ERROR_SYNTAX, "Line 1" },
  { "tag without name", HEAD "[ \"x\"]\n", KUZHI_OGN_ERROR_SYNTAX, "Line 4" },
  { "other game", "[Variant \"Awale\"]\n\n1. A\n", KUZHI_OGN_ERROR_VARIANT, "Awale" },
  { "illegal move", HEAD "\n1. C D\n", KUZHI_OGN_ERROR_MOVE, "Line 5: move 2, D," },
  { "empty house", HEAD "\n1. C b 2. C\n", KUZHI_OGN_ERROR_MOVE, "move 3, C," },
  { "wrong capture", HEAD "\n1. C b 2. E f 3. C b 4. F e+3\n", KUZHI_OGN_ERROR_CAPTURE, "takes 2 seeds, but the record says 3" },
  { "capture not written", HEAD "\n1. C b 2. E f 3. C b 4. F e\n", KUZHI_OGN_ERROR_CAPTURE, "takes 2 seeds, but the record says 0" },
  { "capture made up", HEAD "\n1. C+2 b\n", KUZHI_OGN_ERROR_CAPTURE, "move 1, C," },
  { "huge capture", HEAD "\n1. C+99999999999999999999 b\n", KUZHI_OGN_ERROR_CAPTURE, "move 1, C," },
  { "unknown word", HEAD "\n1. C draw\n", KUZHI_OGN_ERROR_SYNTAX, "“draw”" },
  { "house G", HEAD "\n1. G\n", KUZHI_OGN_ERROR_SYNTAX, "“G”" },
  { "unclosed comment", HEAD "\n1. C { good\n", KUZHI_OGN_ERROR_SYNTAX, "Line 5" },
  { "unclosed variation", HEAD "\n1. C (1... b\n", KUZHI_OGN_ERROR_SYNTAX, "Line 5" },
  { "words after result", HEAD "\n1. C b 25-20 A\n", KUZHI_OGN_ERROR_SYNTAX, "after the result" },
  { "result and tag differ", "[Result \"25-20\"]\n\n1. C b 20-25\n", KUZHI_OGN_ERROR_RESULT, "“20-25”" },
  { "bad fen", "[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-S\"]\n", KUZHI_OGN_ERROR_POSITION, "Line 1" },
  { "fen with 50", "[FEN \"50-4-4-4-4-4-4-4-4-4-4-4-0-0-S\"]\n", KUZHI_OGN_ERROR_POSITION, "Line 1" },
  { "fen with 49 seeds", "[FEN \"5-4-4-4-4-4-4-4-4-4-4-4-0-0-S\"]\n", KUZHI_OGN_ERROR_POSITION, "no match can start" },
  { "fen over", "[FEN \"0-0-0-0-0-0-4-4-4-4-4-3-25-0-N\"]\n", KUZHI_OGN_ERROR_POSITION, "no match can start" },
  { "fen letters", "[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-W\"]\n", KUZHI_OGN_ERROR_POSITION, "Line 1" },
  { "long name", "[South \"Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama Ama\"]\n",
    KUZHI_OGN_ERROR_NAME, "longer than 64" },
  { "NUL", "[Variant \"Oware Abapa\"]\0\n1. C\n", KUZHI_OGN_ERROR_NOT_TEXT, "NUL" },
  { "not UTF-8", "[South \"Zo\xeb\"]\n", KUZHI_OGN_ERROR_NOT_TEXT, "UTF-8" },
};

static void
test_refused (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      const BadCase *c = &bad_cases[i];
      g_autoptr(GError) error = NULL;
      gsize length = strlen (c->text);
      KuzhiOgnRecord *record;

      /* The NUL case holds one in the middle. */
      if (strcmp (c->name, "NUL") == 0)
        length = sizeof "[Variant \"Oware Abapa\"]\0\n1. C\n" - 1;
      g_test_message ("%s", c->name);
      record = kuzhi_ogn_from_data (c->text, length, &error);
      g_assert_null (record);
      g_assert_error (error, KUZHI_OGN_ERROR, c->code);
      if (strstr (error->message, c->message) == NULL)
        g_error ("%s: “%s” does not say “%s”", c->name, error->message, c->message);
    }
}

/* A result the moves do not give, moves after Aualé's end, and a record too
 * large to read, built rather than written out. */
static void
test_refused_built (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GString) text = NULL;
  KuzhiOgnRecord *record;
  gsize length = 0;
  char *result;

  /* The majority record with another count. */
  data = read_record ("majority.ogn", &length);
  result = strstr (data, "29-2\n");
  g_assert_nonnull (result);
  result[0] = '2';
  result[1] = '8';
  record = kuzhi_ogn_from_data (data, length, &error);
  g_assert_null (record);
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_RESULT);
  g_clear_error (&error);
  g_clear_pointer (&data, g_free);

  /* A move after the repetition that ended the match. */
  data = read_record ("repetition.ogn", &length);
  text = g_string_new_len (data, length);
  g_string_replace (text, " 21-27\n", " C\n", 1);
  record = kuzhi_ogn_from_data (text->str, text->len, &error);
  g_assert_null (record);
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_MOVE);
  g_assert_nonnull (strstr (error->message, "after the end of the match"));
  g_clear_error (&error);

  /* Over the size limit. */
  g_string_truncate (text, 0);
  g_string_append (text, "[Variant \"Oware Abapa\"]\n");
  while (text->len <= KUZHI_OGN_MAX_SIZE)
    g_string_append (text, "{ padding padding padding padding padding padding padding padding }\n");
  record = kuzhi_ogn_from_data (text->str, text->len, &error);
  g_assert_null (record);
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_TOO_LARGE);
}

typedef struct {
  const char *text;
  gboolean    ogn;
} LooksCase;

static const LooksCase looks_cases[] = {
  { "[Variant \"Oware Abapa\"]\n", TRUE },
  { "\xef\xbb\xbf\n\n  [South \"x\"]", TRUE },
  { "[Match]\nVersion=3\n", FALSE },
  { "# A Kuzhi match\n[Match]\n", FALSE },
  { "1. A b 2. C d\n", FALSE },
  { "[Variant]\n", FALSE },
  { "", FALSE },
};

static void
test_looks_like (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (looks_cases); i++)
    g_assert_cmpint (kuzhi_ogn_looks_like (looks_cases[i].text, strlen (looks_cases[i].text)), ==,
                     looks_cases[i].ogn);
}

/* The record at `path` is `match`'s. */
static void
assert_holds_record (const char *path, const KzMatch *match)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(KuzhiOgnRecord) record = NULL;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  record = kuzhi_ogn_from_data (data, length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->match.n_history, ==, match->n_history);
  g_assert_true (kz_position_equal (&record->match.pos, &match->pos));
}

/* A record is saved as a match file is: a pipe or a folder is refused and
 * stays, a link is written through, a private file stays private, a file
 * with two names shows the record under both. */
static void
test_save_targets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-ogn-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.ogn", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.ogn", NULL);
  g_autofree char *target = g_build_filename (dir, "target.ogn", NULL);
  g_autofree char *symlink_path = g_build_filename (dir, "link.ogn", NULL);
  g_autofree char *other_name = g_build_filename (dir, "other-name.ogn", NULL);
  g_autoptr(GError) error = NULL;
  KzMatch match;
  struct stat st;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_OWARE, NULL, NULL, 0));
  g_assert_true (kz_match_play (&match, 2, NULL));

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (kuzhi_ogn_save (&match, NULL, NULL, NULL, fifo, &error));
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (kuzhi_ogn_save (&match, NULL, NULL, NULL, folder, &error));
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "that is a folder"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("target.ogn", symlink_path), ==, 0);
  g_assert_cmpint (link (target, other_name), ==, 0);
  g_assert_true (kuzhi_ogn_save (&match, NULL, NULL, NULL, symlink_path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (symlink_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  assert_holds_record (target, &match);
  assert_holds_record (other_name, &match);

  kz_match_clear (&match);
  for (const char *const *p = (const char *const[]) { fifo, target, symlink_path, other_name, NULL }; *p != NULL; p++)
    g_assert_cmpint (g_unlink (*p), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Writing refuses what Aualé could not read, and writes nothing. */
static void
test_write_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-ogn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "kalah.ogn", NULL);
  KzMatch match;
  KzAction legal[KZ_MAX_ACTIONS];

  g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
  g_assert_false (kuzhi_ogn_save (&match, NULL, NULL, NULL, path, &error));
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_VARIANT);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  kz_match_clear (&match);

  /* An Oware match that repeats a position (as Aualé ended it) and goes on. */
  {
    g_autoptr(KuzhiOgnRecord) record = NULL;
    g_autofree char *data = NULL;
    gsize length = 0;

    data = read_record ("repetition.ogn", &length);
    record = kuzhi_ogn_from_data (data, length, &error);
    g_assert_no_error (error);
    kz_match_copy (&match, &record->match);
  }
  /* Aualé ended it there; Kuzhi's Oware plays on. */
  g_assert_false (match.pos.over);
  g_assert_cmpint (kz_position_variant (&match.pos)->legal (&match.pos, legal), >, 0);
  g_assert_true (kz_match_play (&match, legal[0], NULL));
  g_assert_null (kuzhi_ogn_to_data (&match, NULL, NULL, NULL, &error));
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_REPETITION);
  g_assert_nonnull (strstr (error->message, "Move 55"));
  kz_match_clear (&match);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  records_dir = argv[1];
  g_test_add_func ("/ogn/layout", test_layout);
  g_test_add_func ("/ogn/lenient", test_lenient);
  g_test_add_func ("/ogn/round-trip", test_round_trip);
  g_test_add_func ("/ogn/refused", test_refused);
  g_test_add_func ("/ogn/refused-built", test_refused_built);
  g_test_add_func ("/ogn/looks-like", test_looks_like);
  g_test_add_func ("/ogn/write-refused", test_write_refused);
  g_test_add_func ("/ogn/save-targets", test_save_targets);
  return g_test_run ();
}
