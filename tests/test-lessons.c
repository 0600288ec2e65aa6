/* test-lessons.c — every game's lessons: answers meet their goals, wrong turns do not, broken files are refused, progress round-trips. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>

#include "kuzhi-file-lock.h"
#include "kuzhi-lesson.h"
#include "kuzhi-test-asan.h"   /* G_TEST_OPTION_ISOLATE_DIRS: GLib keeps the folders it sets */

/* Every game has a course; the Constitution's is the deepest (its nine
 * topics, docs/lessons.md). */
static const struct {
  KzVariantId variant;
  guint       min_lessons;
} courses[] = {
  { KZ_VARIANT_CONSTITUTION, 9 },
  { KZ_VARIANT_KALAH, 2 },
  { KZ_VARIANT_OWARE, 3 },
  { KZ_VARIANT_MANGALA, 2 },
  { KZ_VARIANT_DAKON, 2 },
  { KZ_VARIANT_PALLANGUZHI, 3 },
  { KZ_VARIANT_BOHNENSPIEL, 2 },
};

/* Plays a turn from the lesson's start and judges it. */
static gboolean
judge_turn (KuzhiLesson *lesson, const KzAction *actions, guint n, char **sentence)
{
  KzMatch match;
  KzEventLog log;
  gboolean met;

  kuzhi_lesson_start_match (lesson, &match);
  kz_event_log_init (&log);
  for (guint i = 0; i < n; i++)
    g_assert_true (kz_match_play (&match, actions[i], &log));
  g_assert_true (kuzhi_lesson_turn_is_over (kuzhi_lesson_get_position (lesson), &log, &match.pos));
  met = kuzhi_lesson_judge (lesson, kuzhi_lesson_get_position (lesson), &log, &match.pos, sentence);
  kz_event_log_free (&log);
  kz_match_clear (&match);
  return met;
}

static void
check_sentence (KuzhiLesson *lesson, const char *sentence)
{
  g_assert_nonnull (sentence);
  g_assert_cmpuint (strlen (sentence), >, 10);
  /* Every placeholder was filled in. */
  if (strchr (sentence, '{') != NULL)
    g_error ("lesson %s: a placeholder is left in “%s”", kuzhi_lesson_get_id (lesson), sentence);
}

/* Every turn the player can take: a playing action, or (the Constitution)
 * a mark followed by one. */
static guint
all_turns (const KzPosition *pos, KzAction turns[][2], guint *lengths)
{
  KzAction first[KZ_MAX_ACTIONS];
  int n = kz_position_variant (pos)->legal (pos, first);
  guint count = 0;

  for (int i = 0; i < n; i++)
    {
      if (KZ_ACTION_IS_MARK (first[i]))
        {
          KzPosition after = *pos;
          KzAction second[KZ_MAX_ACTIONS];
          int n2;
          kz_position_variant (pos)->apply (&after, first[i], NULL);
          n2 = kz_position_variant (&after)->legal (&after, second);
          for (int j = 0; j < n2; j++)
            if (!KZ_ACTION_IS_MARK (second[j]))
              {
                turns[count][0] = first[i];
                turns[count][1] = second[j];
                lengths[count++] = 2;
              }
        }
      else
        {
          turns[count][0] = first[i];
          lengths[count++] = 1;
        }
    }
  return count;
}

static void
test_course (gconstpointer data)
{
  guint c = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (courses[c].variant, &error);

  g_assert_no_error (error);
  g_assert_nonnull (course);
  g_assert_cmpuint (course->len, >=, courses[c].min_lessons);

  for (guint l = 0; l < course->len; l++)
    {
      KuzhiLesson *lesson = g_ptr_array_index (course, l);
      const KzPosition *pos = kuzhi_lesson_get_position (lesson);
      char reason[256];
      guint n_answer, n_turns, n_right = 0;
      const KzAction *answer = kuzhi_lesson_get_answer (lesson, &n_answer);
      g_autofree char *sentence = NULL;
      KzAction turns[KZ_MAX_ACTIONS * KZ_MAX_ACTIONS][2];
      guint lengths[KZ_MAX_ACTIONS * KZ_MAX_ACTIONS];

      g_test_message ("%s: %s", kz_variant_get (courses[c].variant)->key, kuzhi_lesson_get_id (lesson));
      g_assert_cmpint (kuzhi_lesson_get_variant (lesson), ==, courses[c].variant);
      g_assert_true (kz_position_check (pos, reason, sizeof reason));
      g_assert_cmpstr (kuzhi_lesson_get_title (lesson), !=, "");
      g_assert_cmpstr (kuzhi_lesson_get_goal (lesson), !=, "");
      g_assert_cmpstr (kuzhi_lesson_get_hint (lesson), !=, "");
      g_assert_cmpstr (kuzhi_lesson_get_next_step (lesson), !=, "");

      /* Show Me's answer meets the goal. */
      if (!judge_turn (lesson, answer, n_answer, &sentence))
        g_error ("%s: the answer does not meet the goal: %s", kuzhi_lesson_get_id (lesson), sentence);
      check_sentence (lesson, sentence);

      /* Any other turn is not taken for a right one, unless listed. */
      n_turns = all_turns (pos, turns, lengths);
      for (guint t = 0; t < n_turns; t++)
        {
          g_autofree char *said = NULL;
          gboolean listed = kuzhi_lesson_is_listed_answer (lesson, turns[t], lengths[t]);
          gboolean met = judge_turn (lesson, turns[t], lengths[t], &said);
          char b1[8], b2[8];

          check_sentence (lesson, said);
          if (met != listed)
            g_error ("%s: the turn %s %s is %s but the lesson %s it (“%s”)", kuzhi_lesson_get_id (lesson),
                     kz_action_to_string (turns[t][0], b1), lengths[t] > 1 ? kz_action_to_string (turns[t][1], b2) : "",
                     met ? "judged right" : "judged wrong", listed ? "lists" : "does not list", said);
          n_right += met;
        }
      /* A lesson teaches a choice: some turn must be wrong, but where the
       * rule itself leaves one move (must-feed). */
      g_assert_cmpuint (n_right, >=, 1);
      if (n_turns > 1)
        g_assert_cmpuint (n_right, <, n_turns);
    }
}

static const char good_lesson[] =
  "[Course]\nGame=kalah\nNext=Play!\n"
  "[Lesson a]\nTitle=T\nGoal=G\nHint=H\nMet=M\nMissed=N\n"
  "Position=kalah 4 4 5 3 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\nCheck=extra_turn=1\nAnswer=3\n";

/* A broken lesson file is refused with a message naming what is wrong. */
static const struct {
  const char *from, *to;    /* the change made to good_lesson */
  const char *message;      /* a piece of the message */
} broken[] = {
  { "[Course]\nGame=kalah\n", "[Course]\n", "no [Course] group with a Game key" },
  { "Game=kalah", "Game=chess", "“chess” is not a game" },
  { "Next=Play!\n", "", "the key Next is missing" },
  { "Title=T\n", "", "in [Lesson a], the key Title is missing" },
  { "Hint=H\n", "Hint=H\nHints=X\n", "the key Hints is not one a lesson has" },
  { "stores 0 0", "stores 0 1", "the Position is refused: This position cannot start a match: The pits and stores hold 49 seeds" },
  { "Position=kalah", "Position=oware", "the Position is of another game" },
  { "Check=extra_turn=1", "Check=extra_turns=1", "“extra_turns=1” in Check is not a goal" },
  { "Check=extra_turn=1", "Check=extra_turn=x", "“extra_turn=x” in Check is not a goal" },
  { "Check=extra_turn=1", "Check=", "the Check is empty" },
  { "Answer=3", "Answer=9", "the Answer is not one legal turn from the Position" },
  { "Answer=3", "Answer=3 0", "the Answer is not one legal turn from the Position" },
  { "Answer=3", "Answer=three", "the Answer is missing or not a list of actions" },
  { "Answer=3", "Answer=3\nAlso=7", "“7” in Also is not one legal turn" },
  { "[Lesson a]", "[Lessen a]", "the group [Lessen a] is neither" },
  { "[Course]", "Course]", "cannot be used" },
  { "Position=kalah 4 4 5 3 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n", "", "the key Position is missing" },
  { "Check=extra_turn=1\n", "", "the key Check is missing" },
  { "[Lesson a]\nTitle=T\nGoal=G\nHint=H\nMet=M\nMissed=N\n"
    "Position=kalah 4 4 5 3 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\nCheck=extra_turn=1\nAnswer=3\n", "",
    "it has no lesson" },
};

static void
test_broken (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) good = kuzhi_lesson_load_course_data (good_lesson, "good.lessons", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (good->len, ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr(GString) text = g_string_new (good_lesson);
      g_autoptr(GPtrArray) course = NULL;

      g_clear_error (&error);
      g_assert_cmpuint (g_string_replace (text, broken[i].from, broken[i].to, 1), ==, 1);
      course = kuzhi_lesson_load_course_data (text->str, "broken.lessons", &error);
      g_assert_null (course);
      g_assert_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_BROKEN);
      if (strstr (error->message, broken[i].message) == NULL || strstr (error->message, "broken.lessons") == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, broken[i].message);
    }
}

/* A Constitution answer of two actions (a mark, then the sowing) is one
 * turn; the mark alone is not. */
static void
test_mark_is_not_a_turn (void)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  KuzhiLesson *lucky = NULL;
  KzMatch match;
  KzEventLog log;
  guint n;
  const KzAction *answer;

  for (guint i = 0; i < course->len; i++)
    if (strcmp (kuzhi_lesson_get_id (g_ptr_array_index (course, i)), "lucky") == 0)
      lucky = g_ptr_array_index (course, i);
  g_assert_nonnull (lucky);
  answer = kuzhi_lesson_get_answer (lucky, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_true (KZ_ACTION_IS_MARK (answer[0]));

  kuzhi_lesson_start_match (lucky, &match);
  kz_event_log_init (&log);
  g_assert_true (kz_match_play (&match, answer[0], &log));
  g_assert_false (kuzhi_lesson_turn_is_over (kuzhi_lesson_get_position (lucky), &log, &match.pos));
  g_assert_true (kz_match_play (&match, answer[1], &log));
  g_assert_true (kuzhi_lesson_turn_is_over (kuzhi_lesson_get_position (lucky), &log, &match.pos));
  kz_event_log_free (&log);
  kz_match_clear (&match);
}

static void
test_progress (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-lessons-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "lessons.ini", NULL);
  g_autofree char *default_path = kuzhi_lesson_progress_get_default_path ();
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_KALAH, NULL);
  g_autoptr(GError) error = NULL;

  /* G_TEST_OPTION_ISOLATE_DIRS: the default is in a fresh folder. */
  g_assert_true (g_str_has_prefix (default_path, g_get_user_data_dir ()));
  g_assert_true (g_str_has_suffix (default_path, "/kuzhi/lessons.ini"));

  g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));
  g_assert_false (kuzhi_lesson_progress_course_done (path, course));
  g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_KALAH, "capture", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));
  /* Another game's lesson of the same name is not done. */
  g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "capture"));
  g_assert_false (kuzhi_lesson_progress_course_done (path, course));
  for (guint i = 0; i < course->len; i++)
    g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_KALAH,
                                                    kuzhi_lesson_get_id (g_ptr_array_index (course, i)), NULL, NULL));
  g_assert_true (kuzhi_lesson_progress_course_done (path, course));
  g_assert_cmpstr (kuzhi_lesson_get_next_step (g_ptr_array_index (course, 0)), ==,
                   "You know Kalah's two tricks now. Try a whole match against Easy!");

  /* The default path works too, and a file that is not a key file is no progress. */
  g_assert_true (kuzhi_lesson_progress_mark_done (NULL, KZ_VARIANT_DAKON, "extra-turn", NULL, NULL));
  g_assert_true (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_DAKON, "extra-turn"));
  g_assert_true (g_file_set_contents (path, "not a key file\n", -1, NULL));
  g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));

  /* A place that cannot be written: a clear error. */
  {
    g_autofree char *blocked = g_build_filename (path, "lessons.ini", NULL);
    g_assert_false (kuzhi_lesson_progress_mark_done (blocked, KZ_VARIANT_KALAH, "capture", NULL, &error));
    g_assert_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "Could not save your progress in the lessons"));
  }
  g_unlink (path);
  {
    g_autofree char *parent = g_path_get_dirname (path);
    g_autofree char *lock_path = g_build_filename (parent, "lessons.lock", NULL);
    g_unlink (lock_path);
    g_rmdir (parent);
  }
  g_rmdir (dir);
}

/* Progress that cannot be read is never written over: the next lesson
 * done moves it aside whole and says where; a readable file keeps every
 * lesson in it and moves nothing. */
static void
test_progress_unreadable (void)
{
  static const struct {
    const char *name;
    const char *text;
  } cases[] = {
    { "a line that is no key", "[kalah]\ncapture=true\nextra-turn=true\nsomething typed by hand\n" },
    { "a game's group never closed", "[oware]\ncapture=true\n[kalah\ncapture=true\n" },
    { "a key before any game", "capture=true\n[kalah]\nextra-turn=true\n" },
  };
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-lessons-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lessons.ini", NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *kept_aside = NULL;
      g_autofree char *kept = NULL;
      g_autofree char *again = NULL;

      g_test_message ("%s", cases[i].name);
      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));

      g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_OWARE, "capture", &kept_aside, &error));
      g_assert_no_error (error);
      g_assert_nonnull (kept_aside);
      g_assert_true (g_str_has_prefix (kept_aside, dir));
      g_assert_nonnull (strstr (kept_aside, "/lessons-broken-"));
      g_assert_true (g_str_has_suffix (kept_aside, ".ini"));
      g_assert_true (g_file_get_contents (kept_aside, &kept, NULL, NULL));
      g_assert_cmpstr (kept, ==, cases[i].text);
      /* The new file holds the lesson just done, and reads. */
      g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "capture"));
      g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));

      /* Readable now: the next lesson keeps it and moves nothing. */
      g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_OWARE, "grand-slam", &again, &error));
      g_assert_no_error (error);
      g_assert_null (again);
      g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "capture"));
      g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "grand-slam"));

      g_assert_cmpint (g_unlink (kept_aside), ==, 0);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  {
    g_autofree char *lock_path = g_build_filename (dir, "lessons.lock", NULL);
    g_assert_cmpint (g_unlink (lock_path), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* What is no file of progress at all stands where it goes: a pipe is not
 * opened (that would wait for a writer for ever), a folder or a file over
 * a mebibyte is not read; each is no progress, and is moved aside whole
 * when a lesson is met. */
static void
test_progress_not_a_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-lessons-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lessons.ini", NULL);
  g_autofree char *lock_path = g_build_filename (dir, "lessons.lock", NULL);

  for (int kind = 0; kind < 3; kind++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *kept_aside = NULL;
      GStatBuf st;

      if (kind == 0)
        g_assert_cmpint (mkfifo (path, 0600), ==, 0);
      else if (kind == 1)
        g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      else
        {
          g_autoptr(GString) big = g_string_new ("[kalah]\ncapture=true\n");

          while (big->len <= 1024 * 1024)
            g_string_append (big, "# a comment to make the file large\n");
          g_assert_true (g_file_set_contents (path, big->str, (gssize) big->len, NULL));
        }
      g_assert_false (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));
      g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_OWARE, "capture", &kept_aside, &error));
      g_assert_no_error (error);
      g_assert_nonnull (kept_aside);
      g_assert_cmpint (g_lstat (kept_aside, &st), ==, 0);
      g_assert_true (kind == 0 ? S_ISFIFO (st.st_mode) : kind == 1 ? S_ISDIR (st.st_mode) : st.st_size > 1024 * 1024);
      g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "capture"));
      g_assert_cmpint (kind == 1 ? g_rmdir (kept_aside) : g_unlink (kept_aside), ==, 0);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_unlink (lock_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Two Kuzhis on one data folder: while the other holds lessons.lock (it
 * is writing the file), a lesson met here waits, and after five seconds
 * says so and writes nothing; once the lock is free, the lesson is kept
 * beside the other's, and a temporary a killed write left is gone. */
static void
test_progress_locked (void)
{
  static const char others[] = "[kalah]\ncapture=true\n";
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-lessons-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lessons.ini", NULL);
  g_autofree char *lock_path = g_build_filename (dir, "lessons.lock", NULL);
  g_autofree char *stale = g_build_filename (dir, ".lessons.ini.Ab12Cd.tmp", NULL);
  g_autofree char *now = NULL;
  g_autoptr(GError) error = NULL;
  KuzhiFileLock *lock;

  g_assert_true (g_file_set_contents (path, others, -1, NULL));
  lock = kuzhi_file_lock_try (lock_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (lock);

  g_assert_false (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_OWARE, "capture", NULL, &error));
  g_assert_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "another Kuzhi is writing it"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, others);

  g_assert_true (g_file_set_contents (stale, "half a write", -1, NULL));
  kuzhi_file_lock_release (lock);
  g_assert_true (kuzhi_lesson_progress_mark_done (path, KZ_VARIANT_OWARE, "capture", NULL, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_KALAH, "capture"));
  g_assert_true (kuzhi_lesson_progress_is_done (path, KZ_VARIANT_OWARE, "capture"));
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_unlink (lock_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* glibc's way to make gettext read LANGUAGE again (the gettext manual,
 * "Changing the language at run time"). */
extern int _nl_msg_cat_cntr;

static char **
course_texts (KzVariantId variant)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (variant, NULL);
  GStrvBuilder *texts = g_strv_builder_new ();
  char **out;

  g_assert_nonnull (course);
  for (guint i = 0; i < course->len; i++)
    {
      KuzhiLesson *lesson = g_ptr_array_index (course, i);
      g_strv_builder_add_many (texts, kuzhi_lesson_get_title (lesson), kuzhi_lesson_get_goal (lesson),
                               kuzhi_lesson_get_hint (lesson), NULL);
    }
  g_strv_builder_add (texts, kuzhi_lesson_get_next_step (g_ptr_array_index (course, 0)));
  out = g_strv_builder_end (texts);
  g_strv_builder_unref (texts);
  return out;
}

/* With the build's catalogues (KUZHI_LOCALEDIR, KUZHI_LINGUAS): every
 * title, goal, hint and next step of every course comes out in each
 * language, not in English. */
static void
test_translated (void)
{
  const char *linguas = g_getenv ("KUZHI_LINGUAS");
  g_auto(GStrv) langs = NULL;

  if (linguas == NULL || g_getenv ("KUZHI_LOCALEDIR") == NULL)
    {
      g_test_skip ("KUZHI_LOCALEDIR and KUZHI_LINGUAS are not set");
      return;
    }
  langs = g_strsplit (linguas, " ", -1);
  for (guint c = 0; c < G_N_ELEMENTS (courses); c++)
    {
      g_auto(GStrv) english = NULL;

      g_setenv ("LANGUAGE", "C", TRUE);
      ++_nl_msg_cat_cntr;
      english = course_texts (courses[c].variant);
      for (guint l = 0; langs[l] != NULL; l++)
        {
          g_auto(GStrv) texts = NULL;
          if (*langs[l] == '\0')
            continue;
          g_setenv ("LANGUAGE", langs[l], TRUE);
          ++_nl_msg_cat_cntr;
          texts = course_texts (courses[c].variant);
          for (guint i = 0; english[i] != NULL; i++)
            if (strcmp (texts[i], english[i]) == 0)
              g_error ("%s: “%s” is not translated", langs[l], english[i]);
        }
    }
  g_setenv ("LANGUAGE", "C", TRUE);
  ++_nl_msg_cat_cntr;
}

/* {cup} is the number as the board shows it on its owner's row, and the
 * sentence says whose row: Oware's capture is made on North's house 1. */
static void
test_cup_placeholder (void)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_OWARE, NULL);
  static const KzAction answer[] = { 5 };
  g_autofree char *sentence = NULL;
  KuzhiLesson *capture = NULL;

  for (guint i = 0; i < course->len; i++)
    if (g_str_equal (kuzhi_lesson_get_id (g_ptr_array_index (course, i)), "capture"))
      capture = g_ptr_array_index (course, i);
  g_assert_nonnull (capture);
  g_assert_true (judge_turn (capture, answer, 1, &sentence));
  g_assert_cmpstr (sentence, ==, "Your last seed made North's house 1 hold two: you captured 2 seeds.");
}

int
main (int argc, char **argv)
{
  const char *localedir = g_getenv ("KUZHI_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir != NULL)
    {
      bindtextdomain ("kuzhi", localedir);
      bind_textdomain_codeset ("kuzhi", "UTF-8");
    }
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  for (guint c = 0; c < G_N_ELEMENTS (courses); c++)
    {
      g_autofree char *name = g_strdup_printf ("/lessons/course/%s", kz_variant_get (courses[c].variant)->key);
      g_test_add_data_func (name, GUINT_TO_POINTER (c), test_course);
    }
  g_test_add_func ("/lessons/broken", test_broken);
  g_test_add_func ("/lessons/cup-placeholder", test_cup_placeholder);
  g_test_add_func ("/lessons/mark-is-not-a-turn", test_mark_is_not_a_turn);
  g_test_add_func ("/lessons/progress", test_progress);
  g_test_add_func ("/lessons/progress-unreadable", test_progress_unreadable);
  g_test_add_func ("/lessons/progress-not-a-file", test_progress_not_a_file);
  g_test_add_func ("/lessons/progress-locked", test_progress_locked);
  g_test_add_func ("/lessons/translated", test_translated);
  return g_test_run ();
}
