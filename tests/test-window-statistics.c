/* test-window-statistics.c — the statistics through the window, under Xvfb: matches that end are recorded once, the Statistics window from the menu shows them, Reset asks first, a broken file is said in the notice. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-test-util.h"
#include "kuzhi-test-window.h"
#include "kuzhi-test-asan.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-statistics-window-private.h"

typedef struct {
  KzTestWindow     w;
  KuzhiStatistics *statistics;
  char            *dir;
  char            *path;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->w.settings = kz_test_settings (NULL);
  g_settings_set_int (f->w.settings, "computer-time", 250);
  f->dir = g_dir_make_tmp ("kuzhi-window-stats-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "statistics.ini", NULL);
  kz_test_window_open (&f->w);
  kz_test_window_show (f->w.window);
  /* The broken-file test writes its file first. */
  if (data == NULL)
    {
      f->statistics = kuzhi_statistics_new (f->path);
      kuzhi_window_set_statistics (f->w.window, f->statistics);
    }
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  /* Dialogs left by a failing step go too. */
  kz_test_window_destroy_others (&f->w);
  kz_test_window_teardown (&f->w, data);
  g_clear_object (&f->statistics);
  kz_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static gboolean
person_to_move (KuzhiWindow *window)
{
  return kuzhi_game_model_get_over (kuzhi_window_get_model (window))
         || (!kuzhi_window_computer_to_move (window) && !kuzhi_window_computer_is_thinking (window));
}

/* Plays through the window's actions to the end: the person's turns by
 * `seed` among the legal sowings, the computer's by itself. */
static void
play_to_end (Fixture *f,
             guint64  seed)
{
  for (int guard = 0; !kuzhi_game_model_get_over (f->w.model); guard++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n;

      g_assert_cmpint (guard, <, 2000);
      /* The computer's turns, or a whole match between two computers. */
      for (int i = 0; i < 6000 && !person_to_move (f->w.window); i++)
        kz_test_spin (10);
      if (kuzhi_game_model_get_over (f->w.model))
        break;
      g_assert_true (person_to_move (f->w.window));
      n = kuzhi_game_model_get_legal (f->w.model, legal);
      g_assert_cmpint (n, >, 0);
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", (int) legal[(seed >> 33) % (guint64) n]);
    }
}

/* What the statistics say of `name` in Kalah, or NULL. */
static KuzhiNamedTally *
named (KuzhiGameStatistics *g,
       const char          *name)
{
  for (guint i = 0; i < g->n_people; i++)
    if (g_str_equal (g->people[i].name, name))
      return &g->people[i];
  return NULL;
}

/* Each name's results agree with how the match on the board ended. */
static void
assert_hot_seat_result (Fixture *f)
{
  g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (f->statistics, KZ_VARIANT_KALAH);
  int winner = kuzhi_game_model_get_winner (f->w.model);
  KuzhiNamedTally *meena = named (g, "Meena");
  KuzhiNamedTally *arul = named (g, "Arul");

  g_assert_cmpuint (g->n_matches, ==, 1);
  g_assert_cmpuint (g->n_hot_seat, ==, 1);
  g_assert_nonnull (meena);
  g_assert_nonnull (arul);
  g_assert_cmpuint (meena->tally.played, ==, 1);
  g_assert_cmpuint (meena->tally.won, ==, winner == 0);
  g_assert_cmpuint (meena->tally.lost, ==, winner == 1);
  g_assert_cmpuint (meena->tally.drawn, ==, winner == -1);
  g_assert_cmpuint (arul->tally.won, ==, winner == 1);
}

/* A hot-seat match played to its end in the window is recorded; undone
 * and played to an end again it is still one match, with the new result;
 * redone to its end, the same. */
static void
test_hot_seat (Fixture       *f,
               gconstpointer  data)
{
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 0);
  play_to_end (f, 1);
  assert_hot_seat_result (f);

  /* Undone: the result stays until the match ends again. */
  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  g_assert_false (kuzhi_game_model_get_over (f->w.model));
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 1);
  play_to_end (f, 77);
  assert_hot_seat_result (f);

  /* Undone and redone to the same end. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.redo", NULL);
  g_assert_true (kuzhi_game_model_get_over (f->w.model));
  assert_hot_seat_result (f);

  /* The next match is another. */
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  play_to_end (f, 5);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, KZ_VARIANT_KALAH), ==, 2);

  /* And the file holds both, for the next run. */
  {
    g_autoptr(KuzhiStatistics) again = kuzhi_statistics_new (f->path);

    g_assert_true (kuzhi_statistics_load (again, NULL));
    g_assert_cmpuint (kuzhi_statistics_get_n_matches (again, -1), ==, 2);
  }
}

/* Against the computer, from the person's side; two computers are not
 * counted. */
static void
test_computer (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(KuzhiGameStatistics) g = NULL;
  int winner;

  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  kuzhi_window_set_player_level (f->w.window, 1, KZ_LEVEL_EASY);
  play_to_end (f, 3);
  winner = kuzhi_game_model_get_winner (f->w.model);
  g = kuzhi_statistics_get_game (f->statistics, KZ_VARIANT_KALAH);
  g_assert_cmpuint (g->computer[KZ_LEVEL_EASY].played, ==, 1);
  g_assert_cmpuint (g->computer[KZ_LEVEL_EASY].won, ==, winner == 0);
  g_assert_cmpuint (g->computer[KZ_LEVEL_EASY].lost, ==, winner == 1);
  g_assert_cmpuint (g->n_people, ==, 0);

  /* A demo: the computer on both sides. */
  kuzhi_window_set_player_level (f->w.window, 0, KZ_LEVEL_EASY);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  play_to_end (f, 3);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 1);
  kuzhi_window_set_player_level (f->w.window, 0, KZ_LEVEL_NONE);
  kuzhi_window_set_player_level (f->w.window, 1, KZ_LEVEL_NONE);
}

static void
add_result (KuzhiStatistics *statistics,
            guint            n,
            const char      *name1,
            KzLevel          level1,
            const char      *name2,
            KzLevel          level2,
            int              winner,
            int              score1,
            int              score2)
{
  g_autofree char *id = g_strdup_printf ("00000000-0000-4000-8000-%012x", n);
  KuzhiMatchResult result = {
    .id = id, .variant = KZ_VARIANT_KALAH, .names = { name1, name2 },
    .levels = { level1, level2 }, .winner = winner, .scores = { score1, score2 },
  };

  g_assert_true (kuzhi_statistics_record (statistics, &result, NULL));
}

static GtkWidget *
find_menu_button (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_MENU_BUTTON (c) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (c)) != NULL)
        return c;
      if ((found = find_menu_button (c)) != NULL)
        return found;
    }
  return NULL;
}

/* The label of the main menu's item for `action`, or NULL; `before` gets
 * the action of the item after it. */
static char *
menu_label (GMenuModel *menu,
            const char *action,
            char      **after)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      char *found;

      if (section != NULL && (found = menu_label (section, action, after)) != NULL)
        return found;
      {
        g_autofree char *name = NULL;

        if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
            g_str_equal (name, action))
          {
            char *label = NULL;

            g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
            if (after != NULL && i + 1 < g_menu_model_get_n_items (menu))
              g_menu_model_get_item_attribute (menu, i + 1, G_MENU_ATTRIBUTE_ACTION, "s", after);
            return label;
          }
      }
    }
  return NULL;
}

/* The label showing `text` is on screen (its stack page shown). */
static gboolean
shows (GtkWidget  *root,
       const char *text)
{
  GtkLabel *label = kz_test_find_label (root, text);

  return label != NULL && gtk_widget_get_mapped (GTK_WIDGET (label));
}

/* The Statistics window opens from the main menu's item, on the game on
 * the board, and shows its figures; it follows a match that ends while it
 * is open; Reset asks, Cancel keeps everything, Reset empties it all. */
static void
test_window (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *stats_window;
  AdwMessageDialog *dialog;
  g_autofree char *label = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  GtkWidget *menu_button = find_menu_button (GTK_WIDGET (f->w.window));

  /* In the main menu, just before Preferences. */
  g_assert_nonnull (menu_button);
  label = menu_label (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)), "win.statistics", &after);
  g_assert_cmpstr (label, ==, "_Statistics");
  g_assert_cmpstr (after, ==, "app.preferences");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "statistics"));

  add_result (f->statistics, 1, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_HARD, 0, 30, 18);
  add_result (f->statistics, 2, "Arul", KZ_LEVEL_HARD, "Meena", KZ_LEVEL_NONE, 1, 20, 28);
  add_result (f->statistics, 3, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_HARD, 1, 10, 38);
  add_result (f->statistics, 4, "Meena", KZ_LEVEL_NONE, "Arul", KZ_LEVEL_EASY, 0, 40, 8);
  add_result (f->statistics, 5, "Meena", KZ_LEVEL_NONE, "Kavya", KZ_LEVEL_NONE, -1, 24, 24);

  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.statistics", NULL);
  stats_window = GTK_WIDGET (kuzhi_window_get_statistics_window (f->w.window));
  g_assert_nonnull (stats_window);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (stats_window)) == GTK_WINDOW (f->w.window));
  g_assert_cmpint (kuzhi_statistics_window_get_variant (KUZHI_STATISTICS_WINDOW (stats_window)), ==, KZ_VARIANT_KALAH);
  kz_test_spin (300);

  g_assert_true (shows (stats_window, "Against the Computer"));
  g_assert_true (shows (stats_window, "Your results, at every level"));
  for (const char *const *caption = (const char *const[]) { "Played", "Won", "Lost", "Drawn", NULL }; *caption; caption++)
    g_assert_true (shows (stats_window, *caption));
  g_assert_true (shows (stats_window, "4"));
  g_assert_true (shows (stats_window, "Hard"));
  g_assert_true (shows (stats_window, "3 matches"));
  g_assert_true (shows (stats_window, "2 won · 1 lost · 0 drawn · widest win by 12"));
  g_assert_true (shows (stats_window, "1 won · 0 lost · 0 drawn · widest win by 32"));
  g_assert_true (shows (stats_window, "Not played yet"));
  g_assert_true (shows (stats_window, "by 32"));
  g_assert_true (shows (stats_window, "Against Easy"));
  g_assert_true (shows (stats_window, "2 wins"));
  g_assert_true (shows (stats_window, "Two Players"));
  g_assert_true (shows (stats_window, "Kavya"));
  g_assert_true (shows (stats_window, "0 won · 0 lost · 1 drawn"));
  g_assert_true (shows (stats_window, "1 match"));
  /* Tall enough to show it all, down to Reset. */
  gtk_window_set_default_size (GTK_WINDOW (stats_window), 560, 900);
  kz_test_spin (300);
  kz_test_capture (stats_window, "statistics.png");

  /* A match that ends meanwhile shows at once: a second hot-seat match. */
  play_to_end (f, 9);
  kz_test_spin (100);
  g_assert_true (shows (stats_window, "2 matches at this computer, by each player’s name"));

  /* Another game, with nothing yet. */
  kuzhi_statistics_window_set_variant (KUZHI_STATISTICS_WINDOW (stats_window), KZ_VARIANT_OWARE);
  kz_test_spin (100);
  g_assert_true (shows (stats_window, "No match of Oware has finished yet."));
  g_assert_false (shows (stats_window, "Against the Computer"));

  /* Reset asks first; Cancel keeps everything. */
  gtk_widget_activate_action (stats_window, "statistics.reset", NULL);
  dialog = kuzhi_statistics_window_get_dialog (KUZHI_STATISTICS_WINDOW (stats_window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Reset Statistics?");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "reset"), ==, ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  kz_test_spin (300);
  kz_test_capture (GTK_WIDGET (dialog), "statistics-reset.png");
  adw_message_dialog_response (dialog, "cancel");
  kz_test_spin (100);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 6);

  /* Reset: everything goes, in the file too, and the window says so. */
  gtk_widget_activate_action (stats_window, "statistics.reset", NULL);
  dialog = kuzhi_statistics_window_get_dialog (KUZHI_STATISTICS_WINDOW (stats_window));
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "reset");
  kz_test_spin (100);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 0);
  g_assert_true (g_file_get_contents (f->path, &text, NULL, NULL));
  g_assert_null (strstr (text, "[Match"));
  g_assert_true (shows (stats_window, "No Matches Finished Yet"));
  /* Nothing left to reset. */
  g_assert_false (gtk_widget_is_sensitive (kz_test_find_button (stats_window, "_Reset Statistics…")));
  kz_test_capture (stats_window, "statistics-empty.png");

  /* The menu item again brings the same window forward. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.statistics", NULL);
  g_assert_true (GTK_WIDGET (kuzhi_window_get_statistics_window (f->w.window)) == stats_window);
}

/* Without statistics (the tests' windows, and before the application
 * gives its own) nothing is recorded and the menu item is off. */
static void
test_without (Fixture       *f,
              gconstpointer  data)
{
  kuzhi_window_set_statistics (f->w.window, NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "statistics"));
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  play_to_end (f, 2);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 0);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.statistics", NULL);
  g_assert_null (kuzhi_window_get_statistics_window (f->w.window));
}

/* A broken file is set aside and said in the notice above the board; the
 * game goes on, and the next match is counted afresh. */
static void
test_broken_file (Fixture       *f,
                  gconstpointer  data)
{
  const char *notice;
  g_autofree char *kept = NULL;

  g_assert_true (g_file_set_contents (f->path, "[Statistics]\nVersion=1\n\n[Match 1]\nWinner=yes\n", -1, NULL));
  f->statistics = kuzhi_statistics_new (f->path);
  kuzhi_window_set_statistics (f->w.window, f->statistics);
  notice = kuzhi_window_get_notice_text (f->w.window);
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "cannot be read"));
  g_assert_nonnull (strstr (notice, "[Match 1]"));
  g_assert_nonnull (strstr (notice, "statistics-broken-"));
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  kz_test_capture (GTK_WIDGET (f->w.window), "statistics-broken.png");

  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, "Meena", "Arul"));
  play_to_end (f, 4);
  g_assert_cmpuint (kuzhi_statistics_get_n_matches (f->statistics, -1), ==, 1);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, fn, data) \
  g_test_add (path, Fixture, data, fixture_setup, fn, fixture_teardown)
  ADD ("/window-statistics/hot-seat", test_hot_seat, NULL);
  ADD ("/window-statistics/computer", test_computer, NULL);
  ADD ("/window-statistics/window", test_window, NULL);
  ADD ("/window-statistics/without", test_without, NULL);
  ADD ("/window-statistics/broken-file", test_broken_file, "broken");
#undef ADD

  return g_test_run ();
}
