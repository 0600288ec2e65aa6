/* test-notation.c — the text notation (docs/notation.md): positions and records of every game survive the text, the lines are as the page shows them, and text that is not a position or record is refused with what and where, the match untouched. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-notation.h"
#include "kuzhi-test-util.h"

/* A position random play reaches at a turn's start (after at least one
 * ply), and the match it came from. */
static void
random_start (KzVariantId variant, guint64 *rng, KzPosition *out)
{
  const KzVariant *v = kz_variant_get (variant);

  for (;;)
    {
      KzOptions options = { 0 };
      KzMatch match;
      int k = 0;

      while (k < KZ_MAX_CHOICES && v->seeds_choices[k] != 0)
        k++;
      options.seeds = v->seeds_choices[kz_test_rand_range (rng, 0, k)];
      if (v->pasu_choices[0] != 0 && options.seeds != v->seeds_default)
        options.pasu = 4;
      g_assert_true (kz_match_init (&match, variant, &options, NULL, 0));
      kz_test_play_random (&match, rng, kz_test_rand_range (rng, 1, 300));
      while (match.n_history > 0 && (match.pos.over || match.pos.marked))
        g_assert_true (kz_match_undo (&match));
      *out = match.pos;
      kz_match_clear (&match);
      if (!out->over && !out->marked && out->plies > 0)
        return;
    }
}

/* Every game: a position's line reads back to the same position, and a
 * record (names, a set-up start, the moves) to the same match. */
static void
test_round_trip (void)
{
  guint64 rng = 3232;
  static const char *const names[2] = { "Meena \"the\" \\ queen", "Arul" };

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    for (int i = 0; i < 300; i++)
      {
        KzPosition pos, back = { 0 };
        KzMatch match, loaded = { 0 };
        g_autofree char *line = NULL;
        g_autofree char *record = NULL;
        g_autoptr(GError) error = NULL;
        char *names_out[2] = { NULL, NULL };

        random_start ((KzVariantId) v, &rng, &pos);
        line = kuzhi_notation_position_to_string (&pos);
        g_assert_null (strchr (line, '\n'));
        if (!kuzhi_notation_position_parse (line, &back, &error))
          g_error ("%s: %s", line, error->message);
        if (!kz_position_equal (&pos, &back))
          g_error ("%s read back as another position", line);

        g_assert_true (kz_match_init_at (&match, &pos, NULL, 0));
        kz_test_play_random (&match, &rng, kz_test_rand_range (&rng, 0, 60));
        record = kuzhi_notation_match_to_string (&match, i % 2 ? names : NULL);
        if (!kuzhi_notation_match_parse (record, &loaded, names_out, &error))
          g_error ("%s: %s", record, error->message);
        kz_test_assert_same_match (&loaded, &match);
        g_assert_cmpstr (names_out[0], ==, i % 2 ? names[0] : NULL);
        g_assert_cmpstr (names_out[1], ==, i % 2 ? names[1] : NULL);
        g_free (names_out[0]);
        g_free (names_out[1]);
        kz_match_clear (&loaded);
        kz_match_clear (&match);
      }
}

/* The lines as docs/notation.md shows them. */
static void
test_lines (void)
{
  static const struct { const char *game; int seeds; const char *line; } starts[] = {
    { "oware", 0, "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move" },
    { "kalah", 6, "kalah 6 6 6 6 6 6 / 6 6 6 6 6 6 stores 0 0 seeds 6 south to move" },
    { "constitution", 0, "constitution 5 5 5 5 5 5 5 / 5 5 5 5 5 5 5 stores 0 0 round 1 south to move" },
    { "pallanguzhi", 0, "pallanguzhi 12 12 12 2 12 12 12 / 12 12 12 2 12 12 12 stores 0 0 round 1 south to move" },
    { "pallanguzhi", 5, "pallanguzhi 5 5 5 5 5 5 5 / 5 5 5 5 5 5 5 stores 0 0 seeds 5 round 1 south to move" },
  };
  static const char record_text[] =
    "[South \"Ama\"]\n"
    "[North \"Kofi\"]\n"
    "oware 0 0 0 0 1 2 / 1 1 0 1 2 0 stores 20 20 south to move\n"
    "1. 5 2. 9\n";

  for (gsize i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      const KzVariant *v = kz_variant_lookup (starts[i].game);
      KzOptions options = { .seeds = starts[i].seeds };
      KzMatch match;
      g_autofree char *line = NULL;

      for (int id = 0; id < KZ_N_VARIANTS; id++)
        if (kz_variant_get ((KzVariantId) id) == v)
          g_assert_true (kz_match_init (&match, (KzVariantId) id, &options, NULL, 0));
      line = kuzhi_notation_position_to_string (&match.pos);
      g_assert_cmpstr (line, ==, starts[i].line);
      kz_match_clear (&match);
    }

  /* A record: read, then written back the same. */
  {
    KzMatch match = { 0 };
    char *names[2] = { NULL, NULL };
    g_autofree char *again = NULL;
    g_autoptr(GError) error = NULL;
    const char *const names_in[2] = { "Ama", "Kofi" };

    if (!kuzhi_notation_match_parse (record_text, &match, names, &error))
      g_error ("%s", error->message);
    g_assert_cmpuint (match.n_history, ==, 2);
    g_assert_cmpint (match.pos.stores[0], ==, 24);
    g_assert_cmpstr (names[0], ==, "Ama");
    again = kuzhi_notation_match_to_string (&match, names_in);
    g_assert_cmpstr (again, ==, record_text);
    g_free (names[0]);
    g_free (names[1]);
    kz_match_clear (&match);
  }

  /* A name with the two escaped characters, '"' and '\\', comes back as
   * it was written, and so does one tag spaced out by hand. */
  {
    KzMatch match = { 0 }, again = { 0 };
    char *names[2] = { NULL, NULL };
    const char *const names_in[2] = { "Ama \"the Great\" \\ of Kumasi", "Kofi" };
    g_autofree char *text = NULL;

    g_assert_true (kz_match_init (&match, KZ_VARIANT_OWARE, NULL, NULL, 0));
    text = kuzhi_notation_match_to_string (&match, names_in);
    g_assert_nonnull (strstr (text, "[South \"Ama \\\"the Great\\\" \\\\ of Kumasi\"]\n"));
    g_assert_true (kuzhi_notation_match_parse (text, &again, names, NULL));
    g_assert_cmpstr (names[0], ==, names_in[0]);
    g_assert_cmpstr (names[1], ==, "Kofi");
    g_free (names[0]);
    g_free (names[1]);
    kz_match_clear (&again);
    g_assert_true (kuzhi_notation_match_parse ("[ North   \"Kofi\" ]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move",
                                               &again, names, NULL));
    g_assert_null (names[0]);
    g_assert_cmpstr (names[1], ==, "Kofi");
    g_free (names[1]);
    kz_match_clear (&again);
    kz_match_clear (&match);
  }

  /* Found by the fuzzer: an empty name is no name, as the writer leaves
   * out a name that is empty. */
  {
    KzMatch match = { 0 };
    char *names[2] = { (char *) "unset", (char *) "unset" };

    g_assert_true (kuzhi_notation_match_parse ("[South \"\"]\n[North \" \t \"]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move",
                                               &match, names, NULL));
    g_assert_null (names[0]);
    g_assert_null (names[1]);
    kz_match_clear (&match);
  }

  /* The Constitution's keys: a lucky cup, refill left, round 3. */
  {
    KzPosition pos = { 0 };
    g_autofree char *line = NULL;
    const char *text = "constitution 5 5 1 5 5 5 5 / 0 0 0 0 0 0 0 stores 15 15 round 3 refill 5 4 lucky 2 - south to move";

    g_assert_true (kuzhi_notation_position_parse (text, &pos, NULL));
    g_assert_cmpint (pos.lucky[0], ==, 2);
    g_assert_cmpint (pos.refill_left[1], ==, 4);
    line = kuzhi_notation_position_to_string (&pos);
    g_assert_cmpstr (line, ==, text);
  }
}

/* Text that is not a position or a record, or a position the rules
 * refuse, says what is wrong and where, and changes nothing. */
static void
test_refused (void)
{
  static const struct { const char *text; int code; const char *fragment; } bad[] = {
    { "", KUZHI_NOTATION_ERROR_SYNTAX, "There is no position in the text" },
    { "  \n\t\n", KUZHI_NOTATION_ERROR_SYNTAX, "There is no position in the text" },
    { "chess e4", KUZHI_NOTATION_ERROR_SYNTAX, "Word 1, “chess”: expected constitution, kalah, oware" },
    { "oware 4 4 4 4 4 4 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 8, “4”: expected “/” between the two rows" },
    { "oware 4 4 4 4 4 x / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 7, “x”: expected a count from 0 to 255" },
    { "oware 4 4 4 4 4 256 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 7, “256”: expected a count from 0 to 255" },
    { "oware 4 4 4 4 4 -4 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 7, “-4”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4", KUZHI_NOTATION_ERROR_SYNTAX, "The position ends after word 14: expected “stores” and the two stores" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0", KUZHI_NOTATION_ERROR_SYNTAX, "The position ends after word 17: expected “south to move”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 east to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 18, “east”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south moves", KUZHI_NOTATION_ERROR_SYNTAX, "Word 19, “moves”: expected “to move”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move now", KUZHI_NOTATION_ERROR_SYNTAX, "Word 21, “now”: expected nothing more" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 round 2 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 18, “round”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 plies 3 plies 4 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Word 20, “plies”, is given twice" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 1 south to move", KUZHI_NOTATION_ERROR_POSITION, "This position cannot start a match: The houses and stores hold 49 seeds; Oware needs 48." },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 seeds 5 south to move", KUZHI_NOTATION_ERROR_POSITION, "Seeds must be 4 for Oware (got 5)" },
    { "kalah 0 0 0 0 0 0 / 4 4 4 4 4 4 stores 24 0 north to move", KUZHI_NOTATION_ERROR_POSITION, "already over" },
    { "constitution 5 5 5 5 5 5 5 / 5 5 5 5 5 5 5 stores 0 0 round 1 lucky 9 - south to move", KUZHI_NOTATION_ERROR_POSITION, "lucky cup must be one of their own cups" },
    { "constitution 5 5 5 5 5 5 5 / 5 5 5 5 5 5 5 stores 0 0 lucky x - south to move", KUZHI_NOTATION_ERROR_SYNTAX, "expected a cup number or “-” for none" },
    { "pallanguzhi 12 12 12 2 12 12 12 / 12 12 12 2 12 0 0 stores 0 24 round 2 rubbish 12,12 north to move", KUZHI_NOTATION_ERROR_SYNTAX, "expected cup numbers separated by commas" },
    { "pallanguzhi 12 12 12 2 12 12 12 / 12 12 12 2 12 0 0 stores 0 24 round 2 rubbish 12 north to move", KUZHI_NOTATION_ERROR_POSITION, "Cup 13 is in play after a rubbish cup" },
    /* Records. */
    { "[Event \"Cup\"]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Line 1, “[Event \"Cup\"]”, is not a tag Kuzhi reads" },
    { "[South \"A\"]\n[South \"B\"]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Line 2" },
    { "[South \"A\"\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "Line 1" },
    { "[North \"12345678901234567890123456789012345678901234567890123456789012345\"]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move", KUZHI_NOTATION_ERROR_SYNTAX, "is 65 characters long" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n5 9", KUZHI_NOTATION_ERROR_SYNTAX, "Turn number 1. was expected, not “5”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 5 3. 9", KUZHI_NOTATION_ERROR_SYNTAX, "Turn number 2. was expected, not “3.”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 5 2. 3. 9", KUZHI_NOTATION_ERROR_SYNTAX, "Turn 2 has no move before “3.”" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 5 2.", KUZHI_NOTATION_ERROR_SYNTAX, "Turn 2 has no move" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 5 2. e4", KUZHI_NOTATION_ERROR_SYNTAX, "Turn 2, “e4”, is not a move" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 5 2. 4", KUZHI_NOTATION_ERROR_MOVE, "Turn 2, “4”, is not legal there (north to move)" },
    /* Five captured make 25 of 48: the match is over after turn 1. */
    { "oware 0 0 0 0 1 2 / 1 1 0 1 2 0 stores 21 19 south to move\n1. 5 2. 9", KUZHI_NOTATION_ERROR_MOVE, "Turn 2, “9”, comes after the end of the match" },
    { "\xff\xfe", KUZHI_NOTATION_ERROR_SYNTAX, "not valid UTF-8" },
  };
  g_autofree char *huge = g_strnfill (KUZHI_NOTATION_MAX_LENGTH + 1, ' ');

  for (gsize i = 0; i <= G_N_ELEMENTS (bad); i++)
    {
      const char *text = i < G_N_ELEMENTS (bad) ? bad[i].text : huge;
      int code = i < G_N_ELEMENTS (bad) ? bad[i].code : KUZHI_NOTATION_ERROR_SYNTAX;
      const char *fragment = i < G_N_ELEMENTS (bad) ? bad[i].fragment : "too long";
      KzMatch match, before;
      KzPosition pos, pos_before;
      char *names[2] = { NULL, NULL };
      g_autoptr(GError) error = NULL;

      g_test_message ("%.200s", text);
      g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, NULL, NULL, 0));
      g_assert_true (kz_match_play (&match, 2, NULL));
      kz_match_copy (&before, &match);
      g_assert_false (kuzhi_notation_match_parse (text, &match, names, &error));
      g_assert_error (error, KUZHI_NOTATION_ERROR, code);
      if (fragment != NULL && strstr (error->message, fragment) == NULL)
        g_error ("“%s”: the message “%s” lacks “%s”", text, error->message, fragment);
      kz_test_assert_same_match (&match, &before);
      g_assert_null (names[0]);
      g_assert_null (names[1]);

      /* A position alone: the same answer where the text is one line. */
      pos = match.pos;
      pos_before = pos;
      if (strchr (text, '\n') == NULL && text[0] != '[')
        {
          g_autoptr(GError) line_error = NULL;

          g_assert_false (kuzhi_notation_position_parse (text, &pos, &line_error));
          g_assert_cmpstr (line_error->message, ==, error->message);
          g_assert_true (kz_position_equal (&pos, &pos_before));
        }
      kz_match_clear (&before);
      kz_match_clear (&match);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/notation/round-trip", test_round_trip);
  g_test_add_func ("/notation/lines", test_lines);
  g_test_add_func ("/notation/refused", test_refused);
  return g_test_run ();
}
