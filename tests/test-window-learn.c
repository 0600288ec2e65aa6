/* test-window-learn.c — Learn to Play through the window, under Xvfb: opened from the menu's action on the game on the board, a lesson met and marked done, a lesson missed and tried again, Show Me, the main window's match untouched; it renders learn-*.png. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-test-window.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-learn-window-private.h"
#include "kuzhi-lesson.h"
#include "kuzhi-new-match-dialog-private.h"
#include "kuzhi-game-chooser.h"
#include "kuzhi-board-layout.h"

/* The lessons this file plays, in data/lessons/constitution.lessons.desktop. */
#define SOWING 0   /* Answer=2: cup 3's shells end in cup 6 */
#define LUCKY  8   /* Answer=m1 0: mark cup 2, sow cup 1 */

static char *data_dir;   /* XDG_DATA_HOME for the whole run: the progress file goes there */

typedef struct {
  KzTestWindow      w;
  KzMatch           before;   /* the main window's match when the test began */
  KuzhiLearnWindow *learn;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *progress = kuzhi_lesson_progress_get_default_path ();

  /* Every test starts with no lesson done. */
  g_remove (progress);
  kz_test_window_setup (&f->w, data);
  /* A match under way in the main window, which the lessons must leave be. */
  g_signal_emit_by_name (kuzhi_board_view_get_cup (f->w.board, 1), "activate");
  g_assert_true (kuzhi_game_model_can_undo (f->w.model));
  kz_match_copy (&f->before, kuzhi_game_model_get_match (f->w.model));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  /* The main window's match is as it was, whatever the lessons did. */
  if (f->w.window != NULL)
    {
      const KzMatch *now = kuzhi_game_model_get_match (f->w.model);

      g_assert_true (kz_position_equal (&now->pos, &f->before.pos));
      g_assert_cmpuint (now->n_history, ==, f->before.n_history);
    }
  kz_match_clear (&f->before);
  kz_test_window_destroy_others (&f->w);
  kz_test_window_teardown (&f->w, data);
}

static gboolean
is_idle (gpointer data)
{
  Fixture *f = data;

  return kuzhi_learn_window_get_result (f->learn) != NULL
         && !kuzhi_board_view_get_animating (kuzhi_learn_window_get_board (f->learn));
}

/* Opens Learn to Play as the main menu's item does. */
static KuzhiLearnWindow *
open_learn (Fixture *f)
{
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.learn", NULL);
  f->learn = kuzhi_window_get_learn_window (f->w.window);
  g_assert_nonnull (f->learn);
  while (!gtk_widget_get_mapped (GTK_WIDGET (f->learn)))
    g_main_context_iteration (NULL, TRUE);
  kz_test_spin (50);
  return f->learn;
}

static void
activate_cup (Fixture *f,
              int      pit)
{
  g_signal_emit_by_name (kuzhi_board_view_get_cup (kuzhi_learn_window_get_board (f->learn), pit), "activate");
}

/* Waits for the judged turn's sentence under the board. */
static const char *
wait_result (Fixture *f)
{
  g_assert_true (kz_test_spin_until (is_idle, f, 10000));
  return kuzhi_learn_window_get_result (f->learn);
}

static GtkListBox *
lesson_list (KuzhiLearnWindow *learn)
{
  GtkWidget *label = GTK_WIDGET (kz_test_find_label (GTK_WIDGET (learn), "1. Sowing"));
  GtkWidget *w = label;

  g_assert_nonnull (label);
  while (w != NULL && !GTK_IS_LIST_BOX (w))
    w = gtk_widget_get_parent (w);
  g_assert_nonnull (w);
  return GTK_LIST_BOX (w);
}

/* The menu's action opens the course of the game the main window plays,
 * over it, with every lesson listed by title; another game's match opens
 * its own course, and a second activation brings the same window forward. */
static void
test_open (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  KuzhiLearnWindow *learn;
  GtkListBox *list;
  guint rows = 0;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "learn"));
  learn = open_learn (f);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (learn)) == GTK_WINDOW (f->w.window));
  g_assert_cmpint (kuzhi_learn_window_get_variant (learn), ==, KZ_VARIANT_CONSTITUTION);
  g_assert_cmpint (kuzhi_learn_window_get_lesson (learn), ==, -1);
  list = lesson_list (learn);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    rows++;
  g_assert_cmpuint (rows, ==, course->len);
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "3. An empty cup ends the turn"));
  kz_test_capture (GTK_WIDGET (learn), "learn-course.png");

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.learn", NULL);
  g_assert_true (kuzhi_window_get_learn_window (f->w.window) == learn);

  /* Another game on the board: its course. */
  gtk_window_destroy (GTK_WINDOW (learn));
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_learn_window (f->w.window));
  kz_match_clear (&f->before);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_OWARE, 4, NULL, NULL));
  kz_match_copy (&f->before, kuzhi_game_model_get_match (f->w.model));
  learn = open_learn (f);
  g_assert_cmpint (kuzhi_learn_window_get_variant (learn), ==, KZ_VARIANT_OWARE);
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "1. The capture"));
  /* Its lessons count houses, in Oware's own word. */
  g_assert_true (kuzhi_learn_window_open_lesson (learn, 0));
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "Your houses are the bottom row, numbered 1 to 6 from the left."));
  kz_test_capture (GTK_WIDGET (learn), "learn-oware.png");
}

/* The first lesson played right by activating its cup: the Met sentence,
 * the lesson done in the progress file, Next Lesson offered and the board
 * no longer taking moves; the course's list checks it. */
static void
test_met (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  KuzhiLesson *sowing = g_ptr_array_index (course, SOWING);
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiGameModel *model = kuzhi_learn_window_get_model (learn);
  g_autofree char *progress = kuzhi_lesson_progress_get_default_path ();
  GtkWidget *next;
  guint n = 0;
  const KzAction *answer = kuzhi_lesson_get_answer (sowing, &n);

  g_assert_true (kuzhi_learn_window_open_lesson (learn, SOWING));
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), kuzhi_lesson_get_goal (sowing)));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (model), kuzhi_lesson_get_position (sowing)));
  g_assert_null (kuzhi_learn_window_get_result (learn));
  /* How the goal's "your cup 6" is counted. */
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "Your cups are the bottom row, numbered 1 to 7 from the left."));
  g_assert_cmpuint (n, ==, 1);
  g_assert_false (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "sowing"));

  activate_cup (f, answer[0]);
  g_assert_cmpstr (wait_result (f), ==,
                   "Cup 3's three shells went into cups 4, 5 and 6, one each: that is sowing.");
  g_assert_true (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "sowing"));
  g_assert_true (g_file_test (progress, G_FILE_TEST_EXISTS));
  /* The accounts the lessons speak of are in sight: 6 shells in South's
   * cups and 27 in the drawer; 7 and 30 for North. */
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "Your account: 33 · North's account: 37"));
  next = kz_test_find_button (GTK_WIDGET (learn), "_Next Lesson");
  g_assert_nonnull (next);
  g_assert_true (gtk_widget_get_visible (next));
  g_assert_true (gtk_widget_has_focus (next));
  kz_test_capture (GTK_WIDGET (learn), "learn-met.png");

  /* The board waits for Try Again or Next: a cup does nothing now. */
  {
    KzPosition after = *kuzhi_game_model_get_position (model);

    activate_cup (f, 0);
    kz_test_spin (50);
    g_assert_true (kz_position_equal (kuzhi_game_model_get_position (model), &after));
  }

  /* Next: the relay lesson, then back to the list, where Sowing is checked. */
  g_signal_emit_by_name (next, "clicked");
  g_assert_cmpint (kuzhi_learn_window_get_lesson (learn), ==, SOWING + 1);
  g_assert_null (kuzhi_learn_window_get_result (learn));
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.lessons", NULL);
  g_assert_cmpint (kuzhi_learn_window_get_lesson (learn), ==, -1);
  {
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (lesson_list (learn), SOWING);
    GtkListBoxRow *other = gtk_list_box_get_row_at_index (lesson_list (learn), SOWING + 1);

    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Done");
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (other)), !=, "Done");
  }
}

/* A damaged file of lessons done: the lesson met says, under its
 * sentence, that the earlier progress could not be read and where its
 * file was kept, whole; the lesson is done in the new file. */
static void
test_progress_unreadable (Fixture       *f,
                          gconstpointer  data)
{
  static const char damaged[] = "[constitution]\nrelay=true\nsomething typed by hand\n";
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  g_autofree char *progress = kuzhi_lesson_progress_get_default_path ();
  g_autofree char *folder = g_path_get_dirname (progress);
  g_autofree char *kept_path = NULL;
  g_autofree char *kept = NULL;
  const KzAction *answer;
  const char *result;
  const char *quoted;
  guint n = 0;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (progress, damaged, -1, NULL));
  open_learn (f);
  g_assert_true (kuzhi_learn_window_open_lesson (f->learn, SOWING));
  answer = kuzhi_lesson_get_answer (g_ptr_array_index (course, SOWING), &n);
  activate_cup (f, answer[0]);
  result = wait_result (f);
  g_test_message ("%s", result);
  g_assert_true (g_str_has_prefix (result, "Cup 3's three shells went into cups 4, 5 and 6, one each: that is sowing. "
                                           "(The lessons done before could not be read, so they start afresh; "
                                           "their file was kept as “"));
  quoted = strstr (result, "“");
  kept_path = g_strndup (quoted + strlen ("“"), strstr (quoted, "”") - quoted - strlen ("“"));
  g_assert_true (g_str_has_prefix (kept_path, folder));
  g_assert_true (g_file_get_contents (kept_path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, damaged);
  g_assert_true (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "sowing"));
  kz_test_capture (GTK_WIDGET (f->learn), "learn-progress-unreadable.png");
  g_assert_cmpint (g_unlink (kept_path), ==, 0);
}

/* A wrong cup: the Missed sentence, nothing marked done, and Try Again
 * sets the lesson's position out again, ready to play. */
static void
test_missed (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  KuzhiLesson *sowing = g_ptr_array_index (course, SOWING);
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiGameModel *model = kuzhi_learn_window_get_model (learn);
  GtkWidget *retry;

  g_assert_true (kuzhi_learn_window_open_lesson (learn, SOWING));
  /* Cup 1's one shell falls in cup 2. */
  activate_cup (f, 0);
  g_assert_cmpstr (wait_result (f), ==,
                   "That sowing did not end in your cup 6. Sowing drops one shell in each cup after the one you lift.");
  g_assert_false (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "sowing"));
  g_assert_false (kz_position_equal (kuzhi_game_model_get_position (model), kuzhi_lesson_get_position (sowing)));
  g_assert_false (gtk_widget_get_visible (kz_test_find_button (GTK_WIDGET (learn), "_Next Lesson")));
  retry = kz_test_find_button (GTK_WIDGET (learn), "_Try Again");
  g_assert_true (gtk_widget_has_focus (retry));
  kz_test_capture (GTK_WIDGET (learn), "learn-missed.png");

  g_signal_emit_by_name (retry, "clicked");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (model), kuzhi_lesson_get_position (sowing)));
  g_assert_null (kuzhi_learn_window_get_result (learn));
  /* And now right. */
  activate_cup (f, 2);
  g_assert_nonnull (wait_result (f));
  g_assert_true (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "sowing"));
}

/* The keys 1–7, as in the main window: the keypad's 1 chooses the
 * learner's cup 1, then 3 their cup 3, which is not judged until Enter
 * sows it. */
static void
test_number_keys (Fixture       *f,
                  gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiBoardView *board = kuzhi_learn_window_get_board (learn);
  KzPosition start;

  g_assert_true (kuzhi_learn_window_open_lesson (learn, SOWING));
  kz_test_spin (50);
  start = *kuzhi_game_model_get_position (kuzhi_learn_window_get_model (learn));
  g_assert_true (kz_test_press_key (GTK_WINDOW (learn), GDK_KEY_KP_1));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (learn)) == GTK_WIDGET (kuzhi_board_view_get_cup (board, 0)));
  g_assert_true (kz_test_press_key (GTK_WINDOW (learn), GDK_KEY_3));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (learn)) == GTK_WIDGET (kuzhi_board_view_get_cup (board, 2)));
  kz_test_spin (50);
  g_assert_null (kuzhi_learn_window_get_result (learn));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (kuzhi_learn_window_get_model (learn)), &start));
  g_assert_true (kz_test_press_key (GTK_WINDOW (learn), GDK_KEY_Return));
  g_assert_cmpstr (wait_result (f), ==,
                   "Cup 3's three shells went into cups 4, 5 and 6, one each: that is sowing.");
}

/* The lucky cup's lesson by its buttons, as in the main window: Mark
 * Lucky Cup, a cup to mark, then a cup to sow; a mark alone is not
 * judged. */
static void
test_mark (Fixture       *f,
           gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  GtkWidget *mark;

  g_assert_true (kuzhi_learn_window_open_lesson (learn, LUCKY));
  mark = kz_test_find_button (GTK_WIDGET (learn), "Mark _Lucky Cup");
  g_assert_nonnull (mark);
  g_assert_true (gtk_widget_get_visible (mark) && gtk_widget_get_sensitive (mark));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (mark), TRUE);
  activate_cup (f, 1);
  kz_test_spin (100);
  g_assert_cmpint (kuzhi_game_model_get_lucky (kuzhi_learn_window_get_model (learn), 0), ==, 1);
  g_assert_null (kuzhi_learn_window_get_result (learn));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (mark)));
  activate_cup (f, 0);
  g_assert_nonnull (wait_result (f));
  g_assert_true (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "lucky"));

  /* Escape takes back a mark being chosen first, then closes the window. */
  g_signal_emit_by_name (kz_test_find_button (GTK_WIDGET (learn), "_Try Again"), "clicked");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (mark), TRUE);
  g_assert_true (kz_test_press_key (GTK_WINDOW (learn), GDK_KEY_Escape));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (mark)));
  g_assert_true (kuzhi_window_get_learn_window (f->w.window) == learn);
  g_assert_true (kz_test_press_key (GTK_WINDOW (learn), GDK_KEY_Escape));
  kz_test_spin (50);
  g_assert_null (kuzhi_window_get_learn_window (f->w.window));
}

static gboolean
show_me_done (gpointer data)
{
  Fixture *f = data;

  return is_idle (f) && g_strcmp0 (kuzhi_learn_window_get_result (f->learn), "Watch: this is the answer.") != 0;
}

/* Show Me plays the answer on the board (the mark, then the sowing) and
 * says it met the goal, without marking the lesson done. */
static void
test_show_me (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_CONSTITUTION, NULL);
  KuzhiLesson *lucky = g_ptr_array_index (course, LUCKY);
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiGameModel *model = kuzhi_learn_window_get_model (learn);
  KzMatch m;
  const KzAction *answer;
  guint n = 0;
  const char *said;

  g_assert_true (kuzhi_learn_window_open_lesson (learn, LUCKY));
  /* A wrong cup first: Show Me starts from the lesson's position anyway. */
  activate_cup (f, 6);
  wait_result (f);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.show-me", NULL);
  g_assert_cmpstr (kuzhi_learn_window_get_result (learn), ==, "Watch: this is the answer.");
  g_assert_true (kz_test_spin_until (show_me_done, f, 20000));
  said = kuzhi_learn_window_get_result (learn);
  g_assert_true (g_str_has_suffix (said, "That meets the goal. Now try it yourself: Try Again sets the position out again."));
  g_assert_false (kuzhi_lesson_progress_is_done (NULL, KZ_VARIANT_CONSTITUTION, "lucky"));
  g_assert_false (gtk_widget_get_visible (kz_test_find_button (GTK_WIDGET (learn), "_Next Lesson")));

  /* The board is where the answer leads. */
  answer = kuzhi_lesson_get_answer (lucky, &n);
  kuzhi_lesson_start_match (lucky, &m);
  for (guint i = 0; i < n; i++)
    g_assert_true (kz_match_play (&m, answer[i], NULL));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (model), &m.pos));
  kz_match_clear (&m);
}

/* Every lesson of every game through the window: Show Me's turn, played
 * on the lesson's own board, is judged met, and the board ends where the
 * answer leads. */
static void
test_every_answer (Fixture       *f,
                   gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);

  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    {
      g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (v, NULL);

      g_assert_nonnull (course);
      kuzhi_learn_window_set_variant (learn, v);
      for (guint i = 0; i < course->len; i++)
        {
          KuzhiLesson *lesson = g_ptr_array_index (course, i);
          const KzAction *answer;
          guint n = 0;
          KzMatch m;

          g_test_message ("%s: %s", kz_variant_get (v)->key, kuzhi_lesson_get_id (lesson));
          g_assert_true (kuzhi_learn_window_open_lesson (learn, i));
          gtk_widget_activate_action (GTK_WIDGET (learn), "learn.show-me", NULL);
          g_assert_true (kz_test_spin_until (show_me_done, f, 20000));
          g_assert_true (g_str_has_suffix (kuzhi_learn_window_get_result (learn),
                                           "That meets the goal. Now try it yourself: Try Again sets the position out again."));
          answer = kuzhi_lesson_get_answer (lesson, &n);
          kuzhi_lesson_start_match (lesson, &m);
          for (guint a = 0; a < n; a++)
            g_assert_true (kz_match_play (&m, answer[a], NULL));
          g_assert_true (kz_position_equal (kuzhi_game_model_get_position (kuzhi_learn_window_get_model (learn)), &m.pos));
          kz_match_clear (&m);
          g_assert_false (kuzhi_lesson_progress_is_done (NULL, v, kuzhi_lesson_get_id (lesson)));
        }
    }
}

/* A finished course says its Next sentence and offers a match against
 * Easy: the lessons close and New Match opens on that game, the second
 * player the computer at Easy, for the player to start. */
static void
test_course_done (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) course = kuzhi_lesson_load_course (KZ_VARIANT_KALAH, NULL);
  KuzhiLearnWindow *learn;
  GtkWidget *play;
  GList *toplevels;
  KuzhiNewMatchDialog *dialog = NULL;

  /* A match with no turn played: New Match asks nothing first. */
  kz_match_clear (&f->before);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL));
  kz_match_copy (&f->before, kuzhi_game_model_get_match (f->w.model));
  for (guint i = 0; i < course->len; i++)
    g_assert_true (kuzhi_lesson_progress_mark_done (NULL, KZ_VARIANT_KALAH,
                                                    kuzhi_lesson_get_id (g_ptr_array_index (course, i)), NULL, NULL));
  learn = open_learn (f);
  /* The course of the Constitution on the board is not done. */
  g_assert_null (kz_test_find_label (GTK_WIDGET (learn), kuzhi_lesson_get_next_step (g_ptr_array_index (course, 0))));
  kuzhi_learn_window_set_variant (learn, KZ_VARIANT_KALAH);
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "You know Kalah's two tricks now. Try a whole match against Easy!"));
  play = kz_test_find_button (GTK_WIDGET (learn), "_Play Against Easy");
  g_assert_nonnull (play);
  g_assert_true (gtk_widget_is_visible (play));
  kz_test_capture (GTK_WIDGET (learn), "learn-course-done.png");

  g_signal_emit_by_name (play, "clicked");
  kz_test_spin (100);
  g_assert_null (kuzhi_window_get_learn_window (f->w.window));
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (KUZHI_IS_NEW_MATCH_DIALOG (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  g_assert_cmpint (kuzhi_game_chooser_get_variant (KUZHI_GAME_CHOOSER (kuzhi_new_match_dialog_get_game_chooser (dialog))),
                   ==, KZ_VARIANT_KALAH);
  g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 0), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 1), ==, KZ_LEVEL_EASY);
  /* Nothing started until the player says Start. */
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
is_phone_size (gpointer data)
{
  return gtk_widget_get_width (data) <= 360 && gtk_widget_get_height (data) <= 640;
}

/* A phone's 360 × 640: the lesson page fits, its buttons wrapping. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  int w, h;

  gtk_window_set_default_size (GTK_WINDOW (learn), 360, 640);
  g_assert_true (kuzhi_learn_window_open_lesson (learn, LUCKY));
  /* The X server's resize, which a loaded machine may be slow with; a
   * page that cannot fit never gets there. */
  kz_test_spin_until (is_phone_size, learn, 10000);
  kz_test_spin (300);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.hint", NULL);
  kz_test_spin (300);
  kz_test_capture (GTK_WIDGET (learn), "learn-narrow.png");
  w = gtk_widget_get_width (GTK_WIDGET (learn));
  h = gtk_widget_get_height (GTK_WIDGET (learn));
  g_assert_cmpint (w, <=, 360);
  g_assert_cmpint (h, <=, 640);
  /* The board stands upright, and the cups are counted as it stands. */
  g_assert_true (kuzhi_board_view_get_upright (kuzhi_learn_window_get_board (learn)));
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "Your cups are the left column, numbered 1 to 7 from the top."));
  /* The hint's sentence is in sight, and it rings the cup the answer sows. */
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn),
                                        "Your reserve is 1, so you may mark a lucky cup. "
                                        "Mark cup 2, which holds five, then sow cup 1 into it."));
  g_assert_cmpint (kuzhi_board_view_get_hint (kuzhi_learn_window_get_board (learn)), ==, 0);
}

/* Where the board stands in the lesson's window. */
static graphene_rect_t
board_bounds (KuzhiLearnWindow *learn)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_learn_window_get_board (learn)), GTK_WIDGET (learn), &r));
  return r;
}

/* In a window where the board lies across, centred in the room it has,
 * the hint and the turn's sentence come under it without moving it: the
 * learner's eyes are on the cups as they appear. */
static void
test_board_still (Fixture       *f,
                  gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiBoardView *board = kuzhi_learn_window_get_board (learn);
  graphene_rect_t before, now;

  g_assert_true (kuzhi_learn_window_open_lesson (learn, SOWING));
  kz_test_spin (300);
  g_assert_false (kuzhi_board_view_get_upright (board));
  before = board_bounds (learn);

  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.hint", NULL);
  kz_test_spin (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (kz_test_find_label (GTK_WIDGET (learn), "A cup is sown one shell a cup, starting with the next cup: count the shells of cup 3."))));
  now = board_bounds (learn);
  g_assert_true (graphene_rect_equal (&now, &before));

  activate_cup (f, 2);
  g_assert_nonnull (wait_result (f));
  kz_test_spin (300);
  g_assert_true (gtk_widget_get_mapped (kz_test_find_button (GTK_WIDGET (learn), "_Next Lesson")));
  now = board_bounds (learn);
  g_assert_true (graphene_rect_equal (&now, &before));

  /* Try Again takes both lines away. */
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.try-again", NULL);
  kz_test_spin (300);
  g_assert_null (kuzhi_learn_window_get_result (learn));
  now = board_bounds (learn);
  g_assert_true (graphene_rect_equal (&now, &before));
}

/* How the lesson's page scrolls: its part the board is in, and whether a
 * cup is all in the part of it shown. */
static GtkAdjustment *
page_scroll (KuzhiBoardView *board)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (board), GTK_TYPE_SCROLLED_WINDOW);

  g_assert_nonnull (scroller);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
}

static gboolean
cup_in_sight (KuzhiBoardView *board,
              int             pit)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (board), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (board, pit)), viewport, &r));
  return r.origin.y >= 0 && r.origin.y + r.size.height <= gtk_widget_get_height (viewport);
}

/* On a phone the lesson's page scrolls, and the sentence that comes under
 * it after the turn takes some of its room: the cup the sowing ended in,
 * which the goal and the sentence speak of, is still in sight, whether
 * the move was shown at once or sown shell by shell. Once the window has
 * settled, the page stays where the player scrolls it when the hint's
 * line comes. */
static void
test_sowing_in_sight (Fixture       *f,
                      gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiBoardView *board = kuzhi_learn_window_get_board (learn);
  GtkAdjustment *adj = page_scroll (board);

  gtk_window_set_default_size (GTK_WINDOW (learn), 360, 640);
  g_assert_true (kuzhi_learn_window_open_lesson (learn, SOWING));
  kz_test_spin_until (is_phone_size, learn, 10000);
  kz_test_spin (300);
  /* The page is longer than the phone shows: it scrolls. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);

  activate_cup (f, 2);
  g_assert_cmpstr (wait_result (f), ==,
                   "Cup 3's three shells went into cups 4, 5 and 6, one each: that is sowing.");
  kz_test_spin (300);
  g_assert_true (gtk_widget_get_mapped (kz_test_find_button (GTK_WIDGET (learn), "_Next Lesson")));
  g_assert_true (cup_in_sight (board, 5));

  /* Once the window has settled, the player scrolls back to the goal and
   * asks for the hint. */
  kz_test_spin (1200);
  gtk_adjustment_set_value (adj, 0);
  kz_test_spin (100);
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.hint", NULL);
  kz_test_spin (300);
  g_assert_nonnull (kz_test_find_label (GTK_WIDGET (learn), "A cup is sown one shell a cup, starting with the next cup: count the shells of cup 3."));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
}

/* On a phone, the relay lesson's hint rings cup 7, at the board's foot,
 * while the hint's own lines come under the page and take some of its
 * room: the ringed cup is in sight. */
static void
test_hint_in_sight (Fixture       *f,
                    gconstpointer  data)
{
  KuzhiLearnWindow *learn = open_learn (f);
  KuzhiBoardView *board = kuzhi_learn_window_get_board (learn);

  gtk_window_set_default_size (GTK_WINDOW (learn), 360, 640);
  g_assert_true (kuzhi_learn_window_open_lesson (learn, 1));   /* Answer=6: cup 7 */
  kz_test_spin_until (is_phone_size, learn, 10000);
  kz_test_spin (300);
  g_assert_true (kuzhi_board_view_get_upright (board));
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.hint", NULL);
  kz_test_spin (500);
  g_assert_cmpint (kuzhi_board_view_get_hint (board), ==, 6);
  g_assert_true (cup_in_sight (board, 6));
}

/* On a phone, Kalah's capture lesson: the seeds the capture takes go to
 * the learner's store at the foot of the board, and the page scrolls so
 * that it is in sight with the pit the last seed fell in, under the
 * lesson's long sentence. */
static void
test_capture_in_sight (Fixture       *f,
                       gconstpointer  data)
{
  KuzhiLearnWindow *learn;
  KuzhiBoardView *board;
  GtkWidget *viewport;
  KuzhiBoardLayout layout;
  graphene_rect_t r;
  double x, y;

  kz_match_clear (&f->before);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 4, NULL, NULL));
  kz_match_copy (&f->before, kuzhi_game_model_get_match (f->w.model));
  learn = open_learn (f);
  board = kuzhi_learn_window_get_board (learn);
  gtk_window_set_default_size (GTK_WINDOW (learn), 360, 640);
  g_assert_true (kuzhi_learn_window_open_lesson (learn, 1));   /* Answer=0: pit 1 ends in empty pit 2 */
  kz_test_spin_until (is_phone_size, learn, 10000);
  kz_test_spin (300);
  g_assert_true (kuzhi_board_view_get_upright (board));

  activate_cup (f, 0);
  g_assert_true (g_str_has_prefix (wait_result (f), "Your last seed fell in your empty pit 2: you captured"));
  kz_test_spin (300);
  g_assert_true (cup_in_sight (board, 1));
  /* The learner's store, at the board's foot, is in sight too: where
   * the board's own layout puts it. */
  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (board), GTK_TYPE_SCROLLED_WINDOW)));
  kuzhi_board_layout_compute (&layout, gtk_widget_get_width (GTK_WIDGET (board)), gtk_widget_get_height (GTK_WIDGET (board)),
                              12, kuzhi_board_view_get_view_player (board), TRUE);
  r = layout.drawers[kuzhi_board_view_get_view_player (board)];
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (board), viewport, r.origin.x, r.origin.y, &x, &y));
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (y + r.size.height, <=, gtk_widget_get_height (viewport));
  kz_test_capture (GTK_WIDGET (learn), "learn-capture-phone.png");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before GLib reads it: the progress file in a folder of the test's own. */
  data_dir = g_dir_make_tmp ("kuzhi-window-learn-XXXXXX", NULL);
  g_assert_nonnull (data_dir);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);

  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, fn, speed) \
  g_test_add (path, Fixture, speed, fixture_setup, fn, fixture_teardown)
  ADD ("/window-learn/open", test_open, NULL);
  ADD ("/window-learn/met", test_met, NULL);
  ADD ("/window-learn/missed", test_missed, NULL);
  ADD ("/window-learn/progress-unreadable", test_progress_unreadable, NULL);
  ADD ("/window-learn/mark", test_mark, NULL);
  ADD ("/window-learn/number-keys", test_number_keys, NULL);
  ADD ("/window-learn/show-me", test_show_me, "fast");
  ADD ("/window-learn/every-answer", test_every_answer, NULL);
  ADD ("/window-learn/course-done", test_course_done, NULL);
  ADD ("/window-learn/narrow", test_narrow, NULL);
  ADD ("/window-learn/board-still", test_board_still, NULL);
  ADD ("/window-learn/sowing-in-sight", test_sowing_in_sight, NULL);
  ADD ("/window-learn/sowing-in-sight-animated", test_sowing_in_sight, "fast");
  ADD ("/window-learn/capture-in-sight", test_capture_in_sight, NULL);
  ADD ("/window-learn/hint-in-sight", test_hint_in_sight, NULL);
#undef ADD

  status = g_test_run ();
  {
    g_autofree char *progress = kuzhi_lesson_progress_get_default_path ();
    g_autofree char *kuzhi_dir = g_path_get_dirname (progress);
    g_autofree char *lock = g_build_filename (kuzhi_dir, "lessons.lock", NULL);

    g_remove (progress);
    g_remove (lock);
    g_rmdir (kuzhi_dir);
    g_rmdir (data_dir);
  }
  g_free (data_dir);
  return status;
}
