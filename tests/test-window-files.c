/* test-window-files.c — the window's files, title, save prompts, redo button and move history, under Xvfb through the window's actions. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>
#include <string.h>

#include "kuzhi-application.h"
#include "kuzhi-window.h"
#include "kuzhi-test-util.h"
#include "kuzhi-test-window.h"
#include "kuzhi-test-asan.h"
#include "kuzhi-window-test.h"
#include "kuzhi-history-panel-private.h"
#include "kuzhi-match-file.h"
#include "kuzhi-ogn.h"
#include "kuzhi-match-history.h"
#include "kuzhi-new-match-dialog-private.h"

typedef struct {
  KzTestWindow  w;
  char         *dir;
} Fixture;

static char *data_home;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("kuzhi-files-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  kz_test_window_setup (&f->w, NULL);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  /* Dialogs left by a failing step go too. */
  kz_test_window_destroy_others (&f->w);
  kz_test_window_teardown (&f->w, data);
  kz_test_remove_tree (f->dir);
  g_free (f->dir);
}

static const char *
title (Fixture *f)
{
  return gtk_window_get_title (GTK_WINDOW (f->w.window));
}

/* Plays `n` turns: the first legal sowing (rotating through the legal ones
 * by `seed`), never a mark, through win.sow / win.refill. */
static void
play_turns (Fixture *f,
            int      n,
            int      seed)
{
  for (int t = 0; t < n; t++)
    {
      KzAction legal[KZ_MAX_ACTIONS], sows[KZ_MAX_ACTIONS];
      int count = kuzhi_game_model_get_legal (f->w.model, legal), n_sows = 0;
      KzAction pick;

      g_assert_false (kuzhi_game_model_get_over (f->w.model));
      for (int i = 0; i < count; i++)
        if (!KZ_ACTION_IS_MARK (legal[i]))
          sows[n_sows++] = legal[i];
      g_assert_cmpint (n_sows, >, 0);
      pick = sows[(seed + t * 7) % n_sows];
      if (pick == KZ_ACTION_REFILL)
        gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.refill", NULL);
      else
        gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", (int) pick);
    }
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label,
             const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c)
          && ((label != NULL && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), label) == 0)
              || (action != NULL && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), action) == 0)))
        return c;
      if ((found = find_button (c, label, action)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_LABEL (c) && gtk_widget_get_visible (c) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (c)), text) == 0)
        return c;
      if ((found = find_label (c, text)) != NULL)
        return found;
    }
  return NULL;
}

/* Answers the message dialog on screen as a click on its button would. */
static void
respond (Fixture    *f,
         const char *label)
{
  AdwMessageDialog *dialog = kuzhi_window_get_message_dialog (f->w.window);
  GtkWidget *button;

  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  button = find_button (GTK_WIDGET (dialog), label, NULL);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  kz_test_spin (50);
  /* What the answer set off runs from an idle: let it run even when a
   * busy machine kept it waiting. */
  for (int i = 0; i < 1000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Chooses `folder`/`name` in the chooser; the fallback dialog takes the
 * folder in asynchronously, so wait until it answers with that file. */
static void
choose (GtkFileChooser *chooser,
        GFile          *folder,
        const char     *name)
{
  g_autoptr(GFile) want = g_file_get_child (folder, name);

  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  gtk_file_chooser_set_current_name (chooser, name);
  for (int i = 0; i < 300; i++)
    {
      g_autoptr(GFile) got = gtk_file_chooser_get_file (chooser);

      if (got != NULL && g_file_equal (got, want))
        return;
      kz_test_spin (10);
      /* The fallback chooser takes what it was opened on asynchronously
       * and may put its own folder and name back: choose ours again. */
      if (i % 10 == 9)
        {
          gtk_file_chooser_set_current_folder (chooser, folder, NULL);
          gtk_file_chooser_set_current_name (chooser, name);
        }
    }
  g_assert_not_reached ();
}

static gboolean
panel_shown (KuzhiHistoryPanel *panel)
{
  return gtk_widget_get_child_visible (GTK_WIDGET (panel)) && gtk_widget_get_mapped (GTK_WIDGET (panel));
}

/* The flap slides: wait (a slow sanitizer build takes its time) until the
 * panel is shown or hidden, and has finished sliding, so that the play
 * area beside it has its width. */
static void
wait_panel (KuzhiHistoryPanel *panel,
            gboolean           shown)
{
  kz_test_wait_flap (GTK_WIDGET (panel), shown);
  g_assert_cmpint (panel_shown (panel), ==, shown);
}

static KuzhiNewMatchDialog *
find_new_match_dialog (void)
{
  GList *toplevels = gtk_window_list_toplevels ();
  KuzhiNewMatchDialog *found = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (KUZHI_IS_NEW_MATCH_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

static GArray *
actions_of (KuzhiGameModel *model)
{
  const KzMatch *m = kuzhi_game_model_get_match (model);
  GArray *a = g_array_new (FALSE, FALSE, sizeof (KzAction));

  for (size_t i = 0; i < m->n_history; i++)
    g_array_append_val (a, m->history[i].action);
  return a;
}

static void
assert_same_actions (GArray *a,
                     GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpint (g_array_index (a, KzAction, i), ==, g_array_index (b, KzAction, i));
}

/* --- tests ---------------------------------------------------------------- */

/* Save to a file without the extension, change, reload: the same match. */
static void
test_save_and_open (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *base = g_build_filename (f->dir, "evening", NULL);
  g_autofree char *path = g_strconcat (base, ".kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (base);
  g_autoptr(GFile) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) line = NULL;
  g_autoptr(GArray) reloaded = NULL;
  KzPosition pos;

  kuzhi_game_model_set_player_name (f->w.model, 0, "Meena");
  kuzhi_game_model_set_player_name (f->w.model, 1, "Arul");
  play_turns (f, 9, 1);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (base, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (title (f), ==, "evening.kuzhi — Kuzhi");
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));

  line = actions_of (f->w.model);
  pos = *kuzhi_game_model_get_position (f->w.model);

  /* A turn more is an unsaved change; undoing it is back to the file. */
  play_turns (f, 1, 3);
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "• evening.kuzhi — Kuzhi");
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "evening.kuzhi — Kuzhi");
  /* Renaming a player is a change too. */
  kuzhi_game_model_set_player_name (f->w.model, 1, "Ben");
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  kuzhi_game_model_set_player_name (f->w.model, 1, "Arul");
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));

  /* A new match has no file. */
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_CONSTITUTION, 4, NULL, NULL));
  g_assert_null (kuzhi_window_get_file (f->w.window));
  g_assert_cmpstr (title (f), ==, "Unsaved Match — Kuzhi");

  /* Opening it gives back every field. */
  saved = g_file_new_for_path (path);
  kuzhi_window_open_file (f->w.window, saved);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_true (g_file_equal (kuzhi_window_get_file (f->w.window), saved));
  reloaded = actions_of (f->w.model);
  assert_same_actions (line, reloaded);
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->w.model), &pos));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board), &pos));
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->w.model, 0), ==, "Meena");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->w.model, 1), ==, "Arul");
  g_assert_cmpstr (title (f), ==, "evening.kuzhi — Kuzhi");
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (kuzhi_window_get_history_panel (f->w.window)), ==, 9);

  /* Save (Ctrl+S) on a match with a file writes it there, no questions. */
  play_turns (f, 2, 5);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  g_assert_null (kuzhi_window_get_file_chooser (f->w.window));
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  {
    KzMatch m = { 0 };
    g_assert_true (kuzhi_match_file_load (path, &m, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (kz_position_equal (&m.pos, kuzhi_game_model_get_position (f->w.model)));
    g_assert_cmpuint (m.n_history, ==, kuzhi_game_model_get_match (f->w.model)->n_history);
    kz_match_clear (&m);
  }
}

/* Save on a never-saved match is Save As: the chooser, then the file. */
static void
test_save_as_chooser (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *path = g_build_filename (f->dir, "chosen.kuzhi", NULL);
  GtkFileChooser *chooser;
  g_autoptr(GListModel) filters = NULL;
  GtkFileFilter *filter;

  play_turns (f, 3, 2);
  g_assert_cmpstr (title (f), ==, "• Unsaved Match — Kuzhi");
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (100);
  chooser = kuzhi_window_get_file_chooser (f->w.window);
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  filters = gtk_file_chooser_get_filters (chooser);
  /* Each kind Kuzhi writes, a match file first. */
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 2);
  filter = g_list_model_get_item (filters, 0);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "Kuzhi matches");
  g_object_unref (filter);
  filter = g_list_model_get_item (filters, 1);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "Aualé records (OGN)");
  g_object_unref (filter);

  /* No extension typed: Save adds it. */
  choose (chooser, folder, "chosen");
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  kz_test_spin (50);
  g_assert_null (kuzhi_window_get_file_chooser (f->w.window));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (title (f), ==, "chosen.kuzhi — Kuzhi");

  /* A name typed without the extension that is another file once it is
   * added: asked about, and kept on Cancel. */
  {
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
    play_turns (f, 1, 3);
    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save-as", NULL);
    /* It opens on the match's own file. */
    {
      g_autoptr(GFile) saved = g_file_new_for_path (path);
      g_autoptr(GFile) shown = NULL;

      for (int i = 0; i < 300 && shown == NULL; i++)
        {
          g_autoptr(GFile) got = gtk_file_chooser_get_file (kuzhi_window_get_file_chooser (f->w.window));
          if (got != NULL && g_file_equal (got, saved))
            shown = g_steal_pointer (&got);
          else
            kz_test_spin (10);
        }
      g_assert_nonnull (shown);
    }
    choose (kuzhi_window_get_file_chooser (f->w.window), folder, "chosen");
    g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_ACCEPT);
    g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                     "Replace “chosen.kuzhi”?");
    respond (f, "_Cancel");
    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (before, ==, after);
    g_assert_true (kuzhi_window_get_unsaved (f->w.window));

    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save-as", NULL);
    choose (kuzhi_window_get_file_chooser (f->w.window), folder, "chosen");
    g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_ACCEPT);
    respond (f, "_Replace");
    g_free (after);
    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (before, !=, after);
    g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  }

  /* Save As always asks; cancelling changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save-as", NULL);
  kz_test_spin (50);
  chooser = kuzhi_window_get_file_chooser (f->w.window);
  g_assert_nonnull (chooser);
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  g_assert_cmpstr (title (f), ==, "chosen.kuzhi — Kuzhi");
}

/* A broken file is refused with the model's own message, before any
 * question about the unsaved match; the match stays. */
static void
test_broken_file (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "broken.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  g_autoptr(GError) expected = NULL;
  KzMatch scratch = { 0 };
  KzPosition pos;
  AdwMessageDialog *dialog;

  g_assert_true (g_file_set_contents (path, "[Match]\nVersion=1\nVariant=constitution\nActions=0;0;0\n", -1, NULL));
  g_assert_false (kuzhi_match_file_load (path, &scratch, NULL, &expected));
  g_assert_nonnull (expected);

  play_turns (f, 4, 0);
  before = actions_of (f->w.model);
  pos = *kuzhi_game_model_get_position (f->w.model);

  /* Unsaved turns, but the file would not replace them: it is refused at
   * once, with no question about the match first. */
  kuzhi_window_open_file (f->w.window, file);
  dialog = kuzhi_window_get_message_dialog (f->w.window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open “broken.kuzhi”");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, expected->message);
  after = actions_of (f->w.model);
  assert_same_actions (before, after);
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->w.model), &pos));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board), &pos));
  g_assert_null (kuzhi_window_get_file (f->w.window));
  g_assert_cmpstr (title (f), ==, "• Unsaved Match — Kuzhi");
  respond (f, "_Close");
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));

  /* A failed write (a read-only folder) says so and keeps the match. */
  if (geteuid () != 0)
    {
      g_autofree char *ro = g_build_filename (f->dir, "ro", NULL);
      g_autofree char *target = g_build_filename (ro, "x.kuzhi", NULL);
      g_autoptr(GFile) ro_file = g_file_new_for_path (target);
      g_autoptr(GError) error = NULL;

      g_mkdir (ro, 0500);
      g_assert_false (kuzhi_window_save_to_file (f->w.window, ro_file, &error));
      g_assert_nonnull (error);
      g_assert_null (kuzhi_window_get_file (f->w.window));
      g_rmdir (ro);
    }
  else
    {
      /* root writes anywhere: a path under a regular file cannot be written. */
      g_autofree char *target = g_build_filename (path, "x.kuzhi", NULL);
      g_autoptr(GFile) bad = g_file_new_for_path (target);
      g_autoptr(GError) error = NULL;

      g_assert_false (kuzhi_window_save_to_file (f->w.window, bad, &error));
      g_assert_nonnull (error);
      g_assert_null (kuzhi_window_get_file (f->w.window));
    }
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->w.model), &pos));
}

/* The title names the match and marks unsaved changes. */
static void
test_title (Fixture       *f,
            gconstpointer  data)
{
  g_assert_cmpstr (title (f), ==, "Unsaved Match — Kuzhi");
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  play_turns (f, 1, 0);
  g_assert_cmpstr (title (f), ==, "• Unsaved Match — Kuzhi");
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  g_assert_cmpstr (title (f), ==, "Unsaved Match — Kuzhi");
}

/* Closing and New Match with unsaved changes ask: Cancel, Discard, Save. */
static void
test_prompts (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "kept.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  KzMatch m = { 0 };

  /* Nothing played: no question. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-match", NULL);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_nonnull (find_new_match_dialog ());
  gtk_window_destroy (GTK_WINDOW (find_new_match_dialog ()));

  play_turns (f, 2, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-match", NULL);
  g_assert_nonnull (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_null (find_new_match_dialog ());
  respond (f, "_Cancel");
  g_assert_null (find_new_match_dialog ());
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-match", NULL);
  respond (f, "_Discard");
  g_assert_nonnull (find_new_match_dialog ());
  gtk_window_destroy (GTK_WINDOW (find_new_match_dialog ()));

  /* Closing: Cancel keeps the window. */
  gtk_window_close (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  g_assert_nonnull (f->w.window);
  g_assert_nonnull (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "Save This Match?");
  respond (f, "_Cancel");
  g_assert_nonnull (f->w.window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->w.window)));

  /* With a file, Save writes it and then closes. */
  g_assert_true (kuzhi_window_save_to_file (f->w.window, file, NULL));
  play_turns (f, 1, 4);
  gtk_window_close (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  g_assert_nonnull (f->w.window);
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "Save Changes to “kept.kuzhi”?");
  respond (f, "_Save");
  kz_test_spin (50);
  g_assert_null (f->w.window);
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 3);
  kz_match_clear (&m);
}

/* Save in the prompt for a never-saved match: Save As first, then the step. */
static void
test_prompt_save_as (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autofree char *path = g_build_filename (f->dir, "before-new.kuzhi", NULL);
  GtkFileChooser *chooser;

  play_turns (f, 2, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-match", NULL);
  respond (f, "_Save");
  chooser = kuzhi_window_get_file_chooser (f->w.window);
  g_assert_nonnull (chooser);
  g_assert_null (find_new_match_dialog ());
  choose (chooser, folder, "before-new.kuzhi");
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  kz_test_spin (50);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  /* The step the save was for follows (slowly under the sanitizers). */
  for (int i = 0; i < 40 && find_new_match_dialog () == NULL; i++)
    kz_test_spin (50);
  g_assert_nonnull (find_new_match_dialog ());
  gtk_window_destroy (GTK_WINDOW (find_new_match_dialog ()));

  /* Cancelling the chooser cancels the step. */
  play_turns (f, 1, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-match", NULL);
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "Save Changes to “before-new.kuzhi”?");
  respond (f, "_Cancel");
  g_assert_null (find_new_match_dialog ());
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
}

/* A new window on the autosave, as at the next start of the program. */
static void
restart (Fixture *f)
{
  kuzhi_window_set_autosave (f->w.window, FALSE);
  gtk_window_destroy (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  g_assert_null (f->w.window);
  f->w.window = kuzhi_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (f->w.window), (gpointer *) &f->w.window);
  f->w.model = kuzhi_window_get_model (f->w.window);
  f->w.board = kuzhi_window_get_board_view (f->w.window);
  kz_test_window_show (f->w.window);
  kuzhi_window_set_autosave (f->w.window, TRUE);
  kz_test_spin (20);
}

/* The body of the prompt that `action` (or closing, for NULL) brings,
 * which is then cancelled. */
static char *
prompt_body (Fixture    *f,
             const char *action)
{
  AdwMessageDialog *dialog;
  char *body;

  if (action != NULL)
    gtk_widget_activate_action (GTK_WIDGET (f->w.window), action, NULL);
  else
    gtk_window_close (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  g_assert_nonnull (f->w.window);
  dialog = kuzhi_window_get_message_dialog (f->w.window);
  g_assert_nonnull (dialog);
  body = g_strdup (adw_message_dialog_get_body (dialog));
  g_test_message ("%s: %s — %s", action ? action : "close", adw_message_dialog_get_heading (dialog), body);
  respond (f, "_Cancel");
  return body;
}

/* After a restart the match is its file's again: the title names it, "•"
 * only for what was played since the save, Save writes there, and no
 * prompt says anything untrue; a file gone or changed between runs is
 * said so (docs/ui.md, "After a restart"). */
static void
test_restored_file (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "restart.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  KzMatch m = { 0 };

  g_assert_true (kuzhi_match_file_discard_autosave (NULL));
  kuzhi_window_set_autosave (f->w.window, TRUE);
  play_turns (f, 1, 3);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, file, NULL));

  /* Everything saved: the file's name, no mark, nothing to ask. */
  restart (f);
  g_assert_nonnull (kuzhi_window_get_file (f->w.window));
  g_assert_cmpstr (g_file_peek_path (kuzhi_window_get_file (f->w.window)), ==, path);
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "restart.kuzhi — Kuzhi");
  g_assert_null (kuzhi_window_get_notice_text (f->w.window));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.open", NULL);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_nonnull (kuzhi_window_get_file_chooser (f->w.window));
  g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_CANCEL);
  kz_test_spin (20);

  /* A turn after the save, autosaved: marked, and the prompts say it is
   * not in the file, never that the match was never saved. */
  play_turns (f, 1, 1);
  restart (f);
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 2);
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "• restart.kuzhi — Kuzhi");
  {
    g_autofree char *on_close = prompt_body (f, NULL);
    g_autofree char *on_open = prompt_body (f, "win.open");

    g_assert_cmpstr (on_close, ==, "The changes since the match was last saved are not in “restart.kuzhi”. "
                                   "Kuzhi brings the match back when it starts again, but only Save keeps it in a file.");
    g_assert_cmpstr (on_open, ==, "The changes since the match was last saved are not in “restart.kuzhi”. "
                                  "If you discard them, they are lost.");
  }
  /* Save writes to the file, without a chooser. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_file_chooser (f->w.window));
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "restart.kuzhi — Kuzhi");
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 2);
  kz_match_clear (&m);

  /* Deleted between runs: its name stays, all of it unsaved, and Save
   * writes it again. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  restart (f);
  g_assert_cmpstr (g_file_peek_path (kuzhi_window_get_file (f->w.window)), ==, path);
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "• restart.kuzhi — Kuzhi");
  g_assert_nonnull (strstr (kuzhi_window_get_notice_text (f->w.window), "“restart.kuzhi” is no longer in "));
  {
    g_autofree char *on_close = prompt_body (f, NULL);
    g_autofree char *on_new = prompt_body (f, "win.new-match");

    g_assert_true (g_str_has_prefix (on_close, "“restart.kuzhi” is no longer where the match was saved, so the match is not in any file. Kuzhi brings"));
    g_assert_true (g_str_has_suffix (on_new, "is not in any file. If you discard it, it is lost."));
  }
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_file_chooser (f->w.window));
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 2);
  kz_match_clear (&m);

  /* Changed by another program: the match is in no file, Save asks for a
   * name (suggesting that one) and leaves the other program's file be. */
  g_assert_true (g_file_set_contents (path, "written by another program\n", -1, NULL));
  restart (f);
  g_assert_null (kuzhi_window_get_file (f->w.window));
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "• Unsaved Match — Kuzhi");
  g_assert_nonnull (strstr (kuzhi_window_get_notice_text (f->w.window), "has changed since this match was saved to it"));
  {
    g_autofree char *on_close = prompt_body (f, NULL);

    g_assert_true (g_str_has_prefix (on_close, "The match is not saved in any file. "));
    g_assert_null (strstr (on_close, "never"));
  }
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_nonnull (kuzhi_window_get_file_chooser (f->w.window));
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (kuzhi_window_get_file_chooser (f->w.window));

    g_assert_cmpstr (name, ==, "restart.kuzhi");
  }
  g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_CANCEL);
  kz_test_spin (20);
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "written by another program\n");
  }
  /* The next start no longer ties the match to that file. */
  restart (f);
  g_assert_null (kuzhi_window_get_file (f->w.window));
  g_assert_null (kuzhi_window_get_notice_text (f->w.window));
  kuzhi_window_set_autosave (f->w.window, FALSE);
}

static char *
file_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Save onto a file that another program saved over since: the player is
 * asked, and Cancel and Save As leave the other program's file as it is;
 * Replace writes the match. The same from the prompt on closing. A file
 * that is gone is written again without a question. */
static void
test_save_over_changes (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "shared.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  static const char other[] = "written by another program\n";
  KzMatch m = { 0 };

  play_turns (f, 1, 2);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, file, NULL));
  play_turns (f, 1, 3);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_nonnull (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "“shared.kuzhi” Has Changed");
  respond (f, "_Cancel");
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  {
    g_autofree char *text = file_text (path);
    g_assert_cmpstr (text, ==, other);
  }

  /* Save As: the chooser; cancelled, nothing is written. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  respond (f, "Save _As…");
  g_assert_nonnull (kuzhi_window_get_file_chooser (f->w.window));
  g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_CANCEL);
  kz_test_spin (20);
  {
    g_autofree char *text = file_text (path);
    g_assert_cmpstr (text, ==, other);
  }

  /* Replace writes the match over it. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  respond (f, "_Replace");
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 2);
  kz_match_clear (&m);

  /* What the match wrote itself is no change: Save asks nothing. */
  play_turns (f, 1, 4);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));

  /* Gone: written again, no question. */
  play_turns (f, 1, 5);
  g_assert_cmpint (g_unlink (path), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 4);
  kz_match_clear (&m);

  /* Closing: Save in the prompt asks the same, and Replace then closes. */
  play_turns (f, 1, 6);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));
  gtk_window_close (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  respond (f, "_Save");
  g_assert_nonnull (f->w.window);
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "“shared.kuzhi” Has Changed");
  respond (f, "_Replace");
  kz_test_spin (50);
  g_assert_null (f->w.window);
  g_assert_true (kuzhi_match_file_load (path, &m, NULL, NULL));
  g_assert_cmpuint (m.n_history, ==, 5);
  kz_match_clear (&m);
}

/* A match file opened under another name (Open knows it by its content):
 * Save lets the player choose the name, as Save As does, rather than
 * writing NAME.kuzhi beside it unasked, over whatever that holds. */
static void
test_save_other_name (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "notes.txt", NULL);
  g_autofree char *beside = g_build_filename (f->dir, "notes.txt.kuzhi", NULL);
  g_autofree char *kuzhi_path = g_build_filename (f->dir, "first.kuzhi", NULL);
  g_autoptr(GFile) kuzhi_file = g_file_new_for_path (kuzhi_path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;

  play_turns (f, 1, 2);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, kuzhi_file, NULL));
  g_assert_true (g_file_get_contents (kuzhi_path, &saved, NULL, NULL));
  g_assert_true (g_file_set_contents (path, saved, -1, NULL));
  g_assert_true (g_file_set_contents (beside, "kept\n", -1, NULL));
  kuzhi_window_open_file (f->w.window, file);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_true (g_file_equal (kuzhi_window_get_file (f->w.window), file));

  play_turns (f, 1, 3);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_nonnull (kuzhi_window_get_file_chooser (f->w.window));
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (kuzhi_window_get_file_chooser (f->w.window));
    g_assert_cmpstr (name, ==, "notes.txt");
  }
  g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_CANCEL);
  kz_test_spin (20);
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  {
    g_autofree char *text = file_text (beside);
    g_assert_cmpstr (text, ==, "kept\n");
  }
  {
    g_autofree char *text = file_text (path);
    g_assert_cmpstr (text, ==, saved);
  }
}

/* The autosave opened by hand, to take up its match: the match is in no
 * file, so Save asks for one rather than writing where the next autosave
 * would write over it. */
static void
test_open_autosave (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (kuzhi_match_file_discard_autosave (NULL));
  kuzhi_window_set_autosave (f->w.window, TRUE);
  play_turns (f, 2, 1);
  kuzhi_window_set_autosave (f->w.window, FALSE);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 4, NULL, NULL));

  kuzhi_window_open_file (f->w.window, file);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 2);
  g_assert_null (kuzhi_window_get_file (f->w.window));
  g_assert_null (kuzhi_game_model_get_file (f->w.model));
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_assert_cmpstr (title (f), ==, "• Unsaved Match — Kuzhi");
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  kz_test_spin (20);
  g_assert_nonnull (kuzhi_window_get_file_chooser (f->w.window));
  g_signal_emit_by_name (kuzhi_window_get_file_chooser (f->w.window), "response", GTK_RESPONSE_CANCEL);
  kz_test_spin (20);
  g_assert_true (kuzhi_match_file_discard_autosave (NULL));
}

/* A finished match is not brought back at the next start (docs/ui.md):
 * the prompt on closing does not promise it. */
static void
test_close_finished (Fixture       *f,
                     gconstpointer  data)
{
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 3, NULL, NULL));
  play_turns (f, 1, 0);
  {
    g_autofree char *body = prompt_body (f, NULL);
    g_assert_nonnull (strstr (body, "brings the match back"));
  }
  for (int ply = 0; ply < 500 && !kuzhi_game_model_get_over (f->w.model); ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];

      g_assert_cmpint (kuzhi_game_model_get_legal (f->w.model, legal), >, 0);
      gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", (int) legal[0]);
    }
  g_assert_true (kuzhi_game_model_get_over (f->w.model));
  {
    g_autofree char *body = prompt_body (f, NULL);
    g_assert_cmpstr (body, ==, "The match is not saved in any file. If you discard it, it is lost.");
  }
}

/* Discard on close closes. */
static void
test_close_discard (Fixture       *f,
                    gconstpointer  data)
{
  play_turns (f, 1, 0);
  gtk_window_close (GTK_WINDOW (f->w.window));
  kz_test_spin (20);
  g_assert_nonnull (f->w.window);
  respond (f, "_Discard");
  kz_test_spin (50);
  g_assert_null (f->w.window);
}

/* The Redo button next to Undo follows the model. */
static void
test_redo_button (Fixture       *f,
                  gconstpointer  data)
{
  GtkWidget *undo = find_button (GTK_WIDGET (f->w.window), NULL, "win.undo");
  GtkWidget *redo = find_button (GTK_WIDGET (f->w.window), NULL, "win.redo");

  g_assert_nonnull (undo);
  g_assert_nonnull (redo);
  g_assert_false (gtk_widget_is_sensitive (undo));
  g_assert_false (gtk_widget_is_sensitive (redo));
  play_turns (f, 2, 0);
  g_assert_true (gtk_widget_is_sensitive (undo));
  g_assert_false (gtk_widget_is_sensitive (redo));
  g_signal_emit_by_name (undo, "clicked");
  g_assert_true (gtk_widget_is_sensitive (redo));
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 1);
  g_signal_emit_by_name (redo, "clicked");
  g_assert_false (gtk_widget_is_sensitive (redo));
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.undo", NULL);
  g_assert_false (gtk_widget_is_sensitive (undo));
  g_assert_true (gtk_widget_is_sensitive (redo));
}


/* The move history's scrollbar lies over no row's text: on a phone
 * (360 × 640), with 30 turns of a player with a long name, each marked
 * "−17 blunder" by a review, scrolled to the last, the scrollbar is
 * shown and the last row's labels end before it, in the window. Writes
 * history-scrollbar.png. */
static void
test_history_scrollbar (Fixture       *f,
                        gconstpointer  data)
{
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);
  GtkWidget *w = GTK_WIDGET (f->w.window);
  g_autoptr(GArray) review = g_array_new (FALSE, TRUE, sizeof (KuzhiReviewTurn));
  GtkListBoxRow *last;
  GtkScrolledWindow *scroller;
  GtkAdjustment *adj;
  GtkWidget *bar;
  graphene_rect_t bar_rect;
  guint n;
  int n_labels = 0;

  /* The second player's rows, the last among them, are the widest, and
   * wider than a phone's panel. */
  kuzhi_game_model_set_player_name (f->w.model, 1, "Bartholomew Fitzwilliam-Ashcombe");
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w));
    int bx = gdk_surface_get_width (surface) - gtk_widget_get_width (w);
    int by = gdk_surface_get_height (surface) - gtk_widget_get_height (w);

    gtk_window_set_default_size (GTK_WINDOW (w), 360 + bx, 640 + by);
    for (int tries = 0; tries < 100 && gtk_widget_get_width (w) != 360; tries++)
      kz_test_spin (20);
    kz_test_spin (300);
    g_assert_cmpint (gtk_widget_get_width (w), ==, 360);
  }
  gtk_widget_activate_action (w, "win.history", NULL);
  wait_panel (panel, TRUE);
  play_turns (f, 30, 1);
  kz_test_spin (300);
  n = kuzhi_history_panel_get_n_turns (panel);
  g_assert_cmpuint (n, >=, 30);
  for (guint i = 0; i < n; i++)
    {
      KuzhiReviewTurn r = { .best = 17, .played = 0, .loss = 17, .exact = TRUE,
                            .best_action = 0, .best_then = KZ_ACTION_NONE };
      g_array_append_val (review, r);
    }
  kuzhi_history_panel_set_review (panel, review);
  kz_test_spin (300);

  last = kuzhi_history_panel_get_row (panel, n);
  g_assert_nonnull (last);
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (last), GTK_TYPE_SCROLLED_WINDOW));
  adj = gtk_scrolled_window_get_vadjustment (scroller);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  kz_test_spin (300);

  /* Still a phone's window: no row holds it wider. */
  g_assert_cmpint (gtk_widget_get_width (w), ==, 360);
  bar = gtk_scrolled_window_get_vscrollbar (scroller);
  g_assert_true (gtk_widget_get_mapped (bar) && gtk_widget_get_child_visible (bar));
  g_assert_true (gtk_widget_compute_bounds (bar, w, &bar_rect));
  g_test_message ("scrollbar %g,%g %g×%g", bar_rect.origin.x, bar_rect.origin.y, bar_rect.size.width, bar_rect.size.height);
  for (GtkWidget *label = gtk_widget_get_first_child (gtk_list_box_row_get_child (last)); label != NULL;
       label = gtk_widget_get_next_sibling (label))
    {
      graphene_rect_t r, both;

      if (!GTK_IS_LABEL (label))
        continue;
      g_assert_true (gtk_widget_compute_bounds (label, w, &r));
      g_test_message ("\"%s\" %g,%g %g×%g", gtk_label_get_text (GTK_LABEL (label)),
                      r.origin.x, r.origin.y, r.size.width, r.size.height);
      g_assert_false (graphene_rect_intersection (&r, &bar_rect, &both)
                      && both.size.width >= 1 && both.size.height >= 1);
      /* Whole in the window and before the scrollbar. */
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, bar_rect.origin.x);
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, gtk_widget_get_width (w));
      n_labels++;
    }
  g_assert_cmpint (n_labels, >=, 2);
  kz_test_capture (w, "history-scrollbar.png");
}

/* The panel's rows, browsing a past turn and coming back. */
static void
test_history_browse (Fixture       *f,
                     gconstpointer  data)
{
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);
  g_autoptr(GArray) line = NULL;
  g_autofree char *row1 = NULL;
  g_autofree char *row3 = NULL;
  KzMatch replay;
  int turns_seen = 0;
  gboolean mark_before, refill_before;

  g_assert_nonnull (panel);
  g_assert_false (panel_shown (panel));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.history", NULL);
  wait_panel (panel, TRUE);

  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 0);
  g_assert_nonnull (kuzhi_history_panel_get_row (panel, 0));
  g_assert_null (kuzhi_history_panel_get_row (panel, 1));

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 0);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 9);
  play_turns (f, 6, 2);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 8);
  g_assert_nonnull (kuzhi_history_panel_get_row (panel, 8));
  g_assert_null (kuzhi_history_panel_get_row (panel, 9));
  row1 = kuzhi_history_panel_get_row_text (panel, 1);
  /* The players' names and the board's numbers: Player 2's pit 9 is
   * their cup 3. */
  g_assert_cmpstr (row1, ==, "1. Player 1: cup 1");
  {
    g_autofree char *row2 = kuzhi_history_panel_get_row_text (panel, 2);
    g_assert_true (g_str_has_prefix (row2, "2. Player 2: cup 3 "));
  }
  row3 = kuzhi_history_panel_get_row_text (panel, 3);
  g_assert_true (g_str_has_prefix (row3, "3. Player 1: "));

  /* Clicking turn 3 shows the position after it, read-only. */
  line = actions_of (f->w.model);
  kz_match_init (&replay, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
  for (guint i = 0; i < line->len; i++)
    {
      KzAction a = g_array_index (line, KzAction, i);
      g_assert_true (kz_match_play (&replay, a, NULL));
      if (!KZ_ACTION_IS_MARK (a))
        turns_seen++;
      if (turns_seen == 3)
        break;
    }
  {
    const KzHistoryEntry *last = &replay.history[replay.n_history - 1];
    g_autofree char *want = g_strdup_printf ("3. Player %d: cup %d", last->before.to_move + 1,
                                             last->action % 7 + 1);
    g_assert_true (g_str_has_prefix (row3, want));
  }
  mark_before = g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "mark-lucky");
  refill_before = g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "refill");
  {
    /* The browse bar floats over the play area: the board stays still
     * when it comes. */
    graphene_rect_t before = kz_test_settled_bounds (GTK_WIDGET (f->w.board)), after;

    gtk_widget_activate (GTK_WIDGET (kuzhi_history_panel_get_row (panel, 3)));
    after = kz_test_settled_bounds (GTK_WIDGET (f->w.board));
    g_assert_cmpfloat (after.origin.y, ==, before.origin.y);
    g_assert_cmpfloat (after.size.height, ==, before.size.height);
  }
  {
    /* Nor does it hide the header line, with the history open beside. */
    GtkWidget *back = find_button (GTK_WIDGET (f->w.window), "_Return to the Current Position", NULL);
    GtkWidget *header = GTK_WIDGET (kz_test_find_label (GTK_WIDGET (f->w.window), kuzhi_window_get_header_text (f->w.window)));
    graphene_rect_t rb, rh;

    g_assert_nonnull (back);
    g_assert_nonnull (header);
    g_assert_true (gtk_widget_compute_bounds (back, GTK_WIDGET (f->w.window), &rb));
    g_assert_true (gtk_widget_compute_bounds (header, GTK_WIDGET (f->w.window), &rh));
    g_test_message ("browse bar's last button ends at y %g, the header starts at %g", rb.origin.y + rb.size.height, rh.origin.y);
    g_assert_cmpfloat (rb.origin.y + rb.size.height, <=, rh.origin.y);
  }
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, 3);
  /* The lucky cup and the refill shell would play on the match, unseen. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "mark-lucky"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "refill"));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board), &replay.pos));
  g_assert_false (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board),
                                     kuzhi_game_model_get_position (f->w.model)));
  for (int p = 0; p < 14; p++)
    g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->w.board, p)), ==, KUZHI_CUP_PLAIN);
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, line->len);
  g_assert_nonnull (find_button (GTK_WIDGET (f->w.window), "_Return to the Current Position", NULL));
  g_assert_nonnull (find_label (GTK_WIDGET (f->w.window), "This is a past position: Escape returns to the match."));
  kz_test_spin (300);
  kz_test_capture (GTK_WIDGET (f->w.window), "history.png");

  /* Turn 0 is the start. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.browse-turn", "u", 0);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board), &replay.start));

  /* Escape (win.cancel, the one place it is handled) returns; then browse
   * again for the button. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.cancel", NULL);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, -1);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board),
                                    kuzhi_game_model_get_position (f->w.model)));
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.browse-turn", "u", 5);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, 5);

  /* Return: the current position, playable again. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.return-to-current", NULL);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, -1);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board),
                                    kuzhi_game_model_get_position (f->w.model)));
  g_assert_null (find_label (GTK_WIDGET (f->w.window), "This is a past position: Escape returns to the match."));
  g_assert_cmpint (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "mark-lucky"), ==, mark_before);
  g_assert_cmpint (g_action_group_get_action_enabled (G_ACTION_GROUP (f->w.window), "refill"), ==, refill_before);
  {
    gboolean any_legal = FALSE;
    for (int p = 0; p < 14; p++)
      any_legal |= kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->w.board, p)) == KUZHI_CUP_LEGAL;
    g_assert_true (any_legal);
  }
  kz_match_clear (&replay);

  /* The toggle hides the panel again. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.history", NULL);
  wait_panel (panel, FALSE);
}

/* Playing on from a past turn: confirmed, through undo, then a new line. */
static void
test_play_from_past (Fixture       *f,
                     gconstpointer  data)
{
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);
  g_autoptr(GArray) line = NULL;
  g_autoptr(GArray) now = NULL;
  guint first_two;

  play_turns (f, 6, 1);
  line = actions_of (f->w.model);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 6);

  kuzhi_window_browse_turn (f->w.window, 2);
  first_two = kuzhi_history_panel_get_position (panel, 2)->plies;

  /* Cancel changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.play-from-here", NULL);
  g_assert_cmpstr (adw_message_dialog_get_heading (kuzhi_window_get_message_dialog (f->w.window)), ==,
                   "Play On From Turn 2?");
  respond (f, "_Cancel");
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, 2);
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, line->len);

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.play-from-here", NULL);
  respond (f, "_Play From Here");
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->w.window), ==, -1);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 2);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->w.model)->plies, ==, first_two);
  g_assert_true (kuzhi_game_model_can_redo (f->w.model));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board),
                                    kuzhi_game_model_get_position (f->w.model)));

  /* A turn different from the old third one: the old line is gone. */
  {
    KzAction legal[KZ_MAX_ACTIONS];
    KzAction old_third = g_array_index (line, KzAction, 2);
    int n = kuzhi_game_model_get_legal (f->w.model, legal);
    KzAction pick = KZ_ACTION_NONE;

    for (int i = 0; i < n && pick == KZ_ACTION_NONE; i++)
      if (KZ_ACTION_IS_PIT (legal[i]) && legal[i] != old_third)
        pick = legal[i];
    g_assert_cmpint (pick, !=, KZ_ACTION_NONE);
    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", (int) pick);
  }
  g_assert_false (kuzhi_game_model_can_redo (f->w.model));
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 3);
  now = actions_of (f->w.model);
  g_assert_cmpuint (now->len, ==, 3);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (g_array_index (now, KzAction, i), ==, g_array_index (line, KzAction, i));
}

/* Triples and lucky banks are marked in the rows; round separators. */
/* The history speaks of the players by the names they were given and of
 * the cups in the game's own word, numbered as the board numbers them
 * along each owner's row. */
/* An Aualé record opens by its content, whatever its name: the match, the
 * players' names and the comments in the history; Save writes it back as
 * Aualé wrote it; a match of another game is not saved as OGN. */
static const char club_record[] =
  "[Variant \"Oware Abapa\"]\n[Event \"Practice\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n"
  "[South \"Ama\"]\n[North \"Kofi\"]\n[Result \"*\"]\n\n"
  "1. C { the usual start } b 2. E f 3. C b 4. F e+2 5. C d 6. A+2 c+3 { adjourned\n}\n";

static void
test_open_ogn (Fixture       *f,
               gconstpointer  data)
{
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);
  g_autofree char *path = g_build_filename (f->dir, "club.ogn", NULL);
  g_autofree char *txt = g_build_filename (f->dir, "club record.txt", NULL);
  g_autofree char *kalah = g_build_filename (f->dir, "kalah.ogn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) txt_file = g_file_new_for_path (txt);
  g_autoptr(GFile) kalah_file = g_file_new_for_path (kalah);
  g_autoptr(GError) error = NULL;
  g_autofree char *row1 = NULL;
  g_autofree char *row12 = NULL;
  g_autofree char *written = NULL;

  g_assert_true (g_file_set_contents (path, club_record, -1, NULL));
  g_assert_true (g_file_set_contents (txt, club_record, -1, NULL));

  /* Open offers both kinds, then each. */
  {
    static const char *const names[] = { "All supported files", "Kuzhi matches", "Aualé records (OGN)" };
    g_autoptr(GListModel) filters = NULL;
    GtkFileChooser *chooser;

    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.open", NULL);
    kz_test_spin (100);
    chooser = kuzhi_window_get_file_chooser (f->w.window);
    g_assert_nonnull (chooser);
    g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
    filters = gtk_file_chooser_get_filters (chooser);
    g_assert_cmpuint (g_list_model_get_n_items (filters), ==, G_N_ELEMENTS (names));
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);
        g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, names[i]);
      }
    /* The fallback chooser (no portal under the tests) is a window of its
     * own: its picture shows the filter chosen at first. */
    {
      GList *toplevels = gtk_window_list_toplevels ();
      g_autoptr(GFile) folder = g_file_new_for_path (f->dir);

      for (GList *l = toplevels; l != NULL; l = l->next)
        if (GTK_IS_FILE_CHOOSER (l->data) && gtk_widget_get_visible (l->data))
          {
            gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (l->data), folder, NULL);
            kz_test_spin (500);
            kz_test_capture (GTK_WIDGET (l->data), "open-ogn-chooser.png");
          }
      g_list_free (toplevels);
    }
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
    kz_test_spin (50);
  }

  /* By content: a record named .txt opens too. */
  kuzhi_window_open_file (f->w.window, txt_file);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 12);

  kuzhi_window_open_file (f->w.window, file);
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_cmpint (kuzhi_game_model_get_position (f->w.model)->variant, ==, KZ_VARIANT_OWARE);
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 12);
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->w.model, 0), ==, "Ama");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->w.model, 1), ==, "Kofi");
  g_assert_cmpint (kuzhi_game_model_get_player_level (f->w.model, 0), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_game_model_get_player_level (f->w.model, 1), ==, KZ_LEVEL_NONE);
  g_assert_cmpstr (title (f), ==, "club.ogn — Kuzhi");
  g_assert_false (kuzhi_window_get_unsaved (f->w.window));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->w.board),
                                    kuzhi_game_model_get_position (f->w.model)));

  /* The comments, in the history where they were written. */
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.history", NULL);
  wait_panel (panel, TRUE);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 12);
  row1 = kuzhi_history_panel_get_row_text (panel, 1);
  row12 = kuzhi_history_panel_get_row_text (panel, 12);
  g_test_message ("%s | %s", row1, row12);
  g_assert_true (g_str_has_prefix (row1, "1. Ama: house 3"));
  g_assert_nonnull (strstr (row1, "“the usual start”"));
  g_assert_nonnull (strstr (row12, "“adjourned”"));
  kz_test_spin (300);
  kz_test_capture (GTK_WIDGET (f->w.window), "ogn-record.png");

  /* Save writes the record back as it was. */
  g_assert_cmpint (g_remove (path), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save", NULL);
  g_assert_null (kuzhi_window_get_file_chooser (f->w.window));
  g_assert_null (kuzhi_window_get_message_dialog (f->w.window));
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, club_record);

  /* Save As: the OGN kind chosen, a name typed without extension. */
  {
    g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
    g_autofree char *copy = g_build_filename (f->dir, "copy.ogn", NULL);
    g_autofree char *copied = NULL;
    g_autoptr(GListModel) filters = NULL;
    g_autoptr(GtkFileFilter) ogn = NULL;
    GtkFileChooser *chooser;

    gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.save-as", NULL);
    kz_test_spin (100);
    chooser = kuzhi_window_get_file_chooser (f->w.window);
    g_assert_nonnull (chooser);
    filters = gtk_file_chooser_get_filters (chooser);
    ogn = g_list_model_get_item (filters, 1);
    gtk_file_chooser_set_filter (chooser, ogn);
    choose (chooser, folder, "copy");
    g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
    kz_test_spin (50);
    g_assert_true (g_file_get_contents (copy, &copied, NULL, NULL));
    g_assert_cmpstr (copied, ==, club_record);
    g_assert_cmpstr (title (f), ==, "copy.ogn — Kuzhi");
  }

  /* Played on: the earlier comments stay; undone past them, they go with
   * their moves. */
  play_turns (f, 1, 0);
  g_assert_true (kuzhi_window_get_unsaved (f->w.window));
  g_clear_pointer (&row12, g_free);
  row12 = kuzhi_history_panel_get_row_text (panel, 12);
  g_assert_nonnull (strstr (row12, "“adjourned”"));

  /* Another game is not written as OGN: a reason, and no file. */
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 4, NULL, NULL));
  g_clear_pointer (&row1, g_free);
  play_turns (f, 1, 0);
  row1 = kuzhi_history_panel_get_row_text (panel, 1);
  g_assert_null (strstr (row1, "“"));
  g_assert_false (kuzhi_window_save_to_file (f->w.window, kalah_file, &error));
  g_assert_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_VARIANT);
  g_assert_false (g_file_test (kalah, G_FILE_TEST_EXISTS));
}

static void
test_history_names (Fixture       *f,
                    gconstpointer  data)
{
  static const struct {
    KzVariantId variant;
    const char *first, *second;   /* the rows of pit 0, then of pit 9 */
  } games[] = {
    { KZ_VARIANT_KALAH, "1. Meena: pit 1", "2. Arul: pit 4" },
    { KZ_VARIANT_OWARE, "1. Meena: house 1", "2. Arul: house 4" },
  };
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autofree char *row1 = NULL;
      g_autofree char *row2 = NULL;

      g_assert_true (kuzhi_window_start_match (f->w.window, games[g].variant, 4, "Meena", "Arul"));
      gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 0);
      gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 9);
      g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 2);
      row1 = kuzhi_history_panel_get_row_text (panel, 1);
      row2 = kuzhi_history_panel_get_row_text (panel, 2);
      g_test_message ("%s | %s", row1, row2);
      g_assert_true (g_str_has_prefix (row1, games[g].first));
      g_assert_true (g_str_has_prefix (row2, games[g].second));
      g_assert_null (strstr (row1, "Player"));
      g_assert_null (strstr (row2, "cup"));
    }
}

static void
test_history_marks (Fixture       *f,
                    gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (11);
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->w.window);
  gboolean triple_seen = FALSE, lucky_seen = FALSE;

  for (int attempt = 0; attempt < 400 && !(triple_seen && lucky_seen); attempt++)
    {
      KzMatch match;
      g_autoptr(GArray) turns = NULL;

      kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = 0; ply < 300 && !match.pos.over; ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal);
          kz_match_play (&match, legal[g_rand_int_range (rand, 0, n)], NULL);
        }
      turns = kuzhi_match_history_new (&match);
      for (guint t = 0; t < turns->len; t++)
        {
          const KuzhiHistoryTurn *turn = &g_array_index (turns, KuzhiHistoryTurn, t);
          if ((turn->triples > 0 && !triple_seen) || (turn->lucky_banks > 0 && !lucky_seen))
            {
              g_autofree char *text = NULL;

              kuzhi_game_model_set_match (f->w.model, &match);
              g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, turns->len);
              text = kuzhi_history_panel_get_row_text (panel, t + 1);
              if (turn->triples > 0)
                {
                  g_autofree char *want = g_strdup_printf ("×%d triple", turn->triples);
                  g_assert_nonnull (strstr (text, want));
                  triple_seen = TRUE;
                }
              if (turn->lucky_banks > 0)
                {
                  g_autofree char *want = g_strdup_printf ("+%d", turn->lucky_shells);
                  g_assert_nonnull (strstr (text, "lucky bank"));
                  g_assert_nonnull (strstr (text, want));
                  lucky_seen = TRUE;
                }
              /* Who played, and the cups as the board numbers them (a
               * mark first, as "lucky cup N"). */
              {
                const KzHistoryEntry *first = &match.history[turn->first_action];
                GString *want = g_string_new (NULL);

                g_string_append_printf (want, "%u. Player %d: ", turn->number, turn->player + 1);
                if (KZ_ACTION_IS_MARK (first->action))
                  g_string_append_printf (want, "lucky cup %d, ", KZ_ACTION_MARK_CUP (first->action) % 7 + 1);
                if (turn->n_actions == 2 || !KZ_ACTION_IS_MARK (first->action))
                  {
                    KzAction sow = match.history[turn->first_action + turn->n_actions - 1].action;
                    if (sow == KZ_ACTION_REFILL)
                      g_string_append (want, "the refill shell");
                    else
                      g_string_append_printf (want, "cup %d", sow % 7 + 1);
                  }
                else
                  g_string_truncate (want, want->len - 2);
                g_assert_true (g_str_has_prefix (text, want->str));
                g_string_free (want, TRUE);
              }
              /* The position after the row's turn is the match's own. */
              g_assert_true (kz_position_equal (kuzhi_history_panel_get_position (panel, t + 1), &turn->after));
            }
        }
      /* Turns cover every action, marks inside their turn. */
      {
        guint total = 0;
        for (guint t = 0; t < turns->len; t++)
          total += g_array_index (turns, KuzhiHistoryTurn, t).n_actions;
        g_assert_cmpuint (total, ==, match.n_history);
      }
      kz_match_clear (&match);
    }
  g_rand_free (rand);
  g_assert_true (triple_seen);
  g_assert_true (lucky_seen);
}

/* The autosave folder cannot be made (a file stands where it should be,
 * which stops root too): the window says so at once and offers Save As…,
 * keeps the match, tries again after every move, and the notice goes once
 * saving works again, with every move in the file. */
static void
test_autosave_failing (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (data_home, "kuzhi", NULL);
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  GtkWidget *save_as;
  KzMatch saved = { 0 };

  kz_test_remove_tree (folder);
  kuzhi_window_set_autosave (f->w.window, TRUE);
  g_assert_null (kuzhi_window_get_notice_text (f->w.window));
  g_assert_true (g_file_set_contents (folder, "in the way", -1, NULL));

  play_turns (f, 1, 0);
  kz_test_spin (50);
  g_assert_nonnull (kuzhi_window_get_notice_text (f->w.window));
  g_assert_nonnull (strstr (kuzhi_window_get_notice_text (f->w.window), "cannot save this match"));
  save_as = find_button (GTK_WIDGET (f->w.window), "Save As…", NULL);
  g_assert_nonnull (save_as);
  g_assert_true (gtk_widget_is_visible (save_as));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (save_as)), ==, "win.save-as");
  kz_test_spin (400);   /* the notice slides in */
  kz_test_capture (GTK_WIDGET (f->w.window), "autosave-failing.png");

  play_turns (f, 2, 1);
  g_assert_nonnull (kuzhi_window_get_notice_text (f->w.window));
  g_assert_cmpuint (kuzhi_game_model_get_match (f->w.model)->n_history, ==, 3);

  /* Room again: the next move saves all three and more. */
  g_assert_cmpint (g_unlink (folder), ==, 0);
  play_turns (f, 1, 2);
  kz_test_spin (50);
  g_assert_null (kuzhi_window_get_notice_text (f->w.window));
  g_assert_true (kuzhi_match_file_load (path, &saved, NULL, NULL));
  g_assert_cmpuint (saved.n_history, ==, 4);
  kz_match_clear (&saved);
}

/* At start-up: an autosave that cannot be read is moved aside and the
 * window says where; what a killed save left behind is removed. */
static void
test_autosave_unreadable (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (data_home, "kuzhi", NULL);
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *stale = g_build_filename (folder, ".autosave.kuzhi.x1Y2z3.tmp", NULL);
  const char *text;
  GtkWidget *close;

  kz_test_remove_tree (folder);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "[Match]\nVersion=1\nVariant=kalah\n", -1, NULL));
  g_assert_true (g_file_set_contents (stale, "[Match]\n", -1, NULL));
  {
    /* Killed a quarter of an hour ago: a younger one may still be written. */
    struct utimbuf old = { .actime = time (NULL) - 15 * 60, .modtime = time (NULL) - 15 * 60 };
    g_assert_cmpint (g_utime (stale, &old), ==, 0);
  }

  kuzhi_window_set_autosave (f->w.window, TRUE);
  kz_test_spin (50);
  text = kuzhi_window_get_notice_text (f->w.window);
  g_assert_nonnull (text);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "could not be restored"));
  g_assert_nonnull (strstr (text, "autosave-broken-"));
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  kz_test_spin (400);
  kz_test_capture (GTK_WIDGET (f->w.window), "autosave-unreadable.png");

  /* Playing on does not touch the file set aside. */
  play_turns (f, 1, 0);
  {
    g_autoptr(GDir) d = g_dir_open (folder, 0, NULL);
    const char *name;
    guint aside = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      if (g_str_has_prefix (name, "autosave-broken-"))
        {
          g_autofree char *file = g_build_filename (folder, name, NULL);
          g_autofree char *kept = NULL;

          g_assert_true (g_file_get_contents (file, &kept, NULL, NULL));
          g_assert_cmpstr (kept, ==, "[Match]\nVersion=1\nVariant=kalah\n");
          aside++;
        }
    g_assert_cmpuint (aside, ==, 1);
  }

  /* This notice is dismissed by the player, with the button at its end. */
  {
    GtkWidget *label = find_label (GTK_WIDGET (f->w.window), text);

    g_assert_nonnull (label);
    close = gtk_widget_get_last_child (gtk_widget_get_parent (label));
  }
  g_assert_true (GTK_IS_BUTTON (close));
  g_assert_true (gtk_widget_is_visible (close));
  g_signal_emit_by_name (close, "clicked");
  g_assert_null (kuzhi_window_get_notice_text (f->w.window));
  kz_test_remove_tree (folder);
}

/* The person's turn again: the computer, if it was to move, has played
 * and its move has stopped moving. */
static gboolean
person_to_move (KuzhiWindow *window)
{
  KuzhiGameModel *model = kuzhi_window_get_model (window);

  return kuzhi_game_model_get_over (model)
         || (!kuzhi_window_computer_to_move (window) && !kuzhi_window_computer_is_thinking (window)
             && !kuzhi_board_view_get_animating (kuzhi_window_get_board_view (window)));
}

static void
wait_for_person (KuzhiWindow *window)
{
  for (int i = 0; i < 1000 && !person_to_move (window); i++)
    kz_test_spin (10);
  g_assert_true (person_to_move (window));
}

/* Meena sows (on through Kalah's extra turns) until the computer has
 * answered; returns how many actions the computer played. */
static size_t
play_against_computer (KuzhiWindow *window)
{
  KuzhiGameModel *model = kuzhi_window_get_model (window);
  const KzMatch *m = kuzhi_game_model_get_match (model);
  size_t before, after;

  while (kuzhi_game_model_get_to_move (model) == 0 && !kuzhi_game_model_get_over (model))
    {
      KzAction legal[KZ_MAX_ACTIONS];

      g_assert_cmpint (kuzhi_game_model_get_legal (model, legal), >, 0);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.sow", "i", (int) legal[0]);
    }
  before = m->n_history;
  wait_for_person (window);
  after = kuzhi_game_model_get_match (model)->n_history;
  for (size_t i = before; i < after; i++)
    g_assert_cmpint (kuzhi_game_model_get_match (model)->history[i].before.to_move, ==, 1);
  return after - before;
}

static KuzhiWindow *
new_window (void)
{
  KuzhiWindow *window = kuzhi_window_new (NULL);

  kz_test_window_show (window);
  return window;
}

/* A version 1 file of the match in `v3`, as an older Kuzhi wrote it. */
static char *
as_version_1 (const char *v3)
{
  g_auto(GStrv) lines = g_strsplit (v3, "\n", -1);
  GString *out = g_string_new (NULL);

  for (gsize i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "Player1Plays=") || g_str_has_prefix (lines[i], "Player2Plays=") ||
          g_str_has_prefix (lines[i], "Id="))
        continue;
      g_string_append (out, g_str_equal (lines[i], "Version=3") ? "Version=1" : lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Issue 13, item 10: a match against the computer, saved and autosaved,
 * comes back with the computer on its side and at its level, in a fresh
 * window — which says so where the names are, lets the computer move on
 * its turn, and offers that choice again in New Match. A version 1 file
 * is two people, as before. */
static void
test_computer_side (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (data_home, "kuzhi", NULL);
  g_autofree char *path = g_build_filename (f->dir, "against-hard.kuzhi", NULL);
  g_autofree char *old_path = g_build_filename (f->dir, "old.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) old_file = g_file_new_for_path (old_path);
  g_autofree char *text = NULL;
  g_autofree char *old_text = NULL;
  g_autoptr(GError) error = NULL;
  KuzhiWindow *fresh, *restored;
  KuzhiGameModel *model;
  size_t n_saved;

  g_settings_set_int (f->w.settings, "computer-time", 250);
  kz_test_remove_tree (folder);
  kuzhi_window_set_autosave (f->w.window, TRUE);
  g_assert_true (kuzhi_window_start_match (f->w.window, KZ_VARIANT_KALAH, 4, "Meena", "Arul"));
  kuzhi_window_set_player_level (f->w.window, 1, KZ_LEVEL_HARD);
  g_assert_cmpuint (play_against_computer (f->w.window), >, 0);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, file, &error));
  g_assert_no_error (error);
  n_saved = kuzhi_game_model_get_match (f->w.model)->n_history;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\nVersion=3\n"));
  g_assert_nonnull (strstr (text, "\nPlayer1Plays=person\nPlayer2Plays=hard\n"));
  {
    KzMatch m = { 0 };
    KzLevel levels[2] = { -1, -1 };

    /* The autosave says so too. */
    g_assert_true (kuzhi_match_file_restore_autosave (&m, NULL, levels, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpint (levels[0], ==, KZ_LEVEL_NONE);
    g_assert_cmpint (levels[1], ==, KZ_LEVEL_HARD);
    g_assert_cmpuint (m.n_history, ==, n_saved);
    kz_match_clear (&m);
  }

  /* A fresh window opens it: Arul is the computer at Hard again, and says so. */
  fresh = new_window ();
  model = kuzhi_window_get_model (fresh);
  g_assert_cmpint (kuzhi_window_get_player_level (fresh, 1), ==, KZ_LEVEL_NONE);
  kuzhi_window_open_file (fresh, file);
  g_assert_null (kuzhi_window_get_message_dialog (fresh));
  g_assert_cmpuint (kuzhi_game_model_get_match (model)->n_history, ==, n_saved);
  g_assert_cmpint (kuzhi_window_get_player_level (fresh, 0), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_window_get_player_level (fresh, 1), ==, KZ_LEVEL_HARD);
  g_assert_false (kuzhi_window_get_unsaved (fresh));
  g_test_message ("%s / %s", kuzhi_window_get_caption_text (fresh, 0), kuzhi_window_get_caption_text (fresh, 1));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (fresh, 1), "Arul — computer, Hard: "));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (fresh, 0), "Meena: "));
  g_assert_null (strstr (kuzhi_window_get_caption_text (fresh, 0), "computer"));
  kz_test_spin (200);
  kz_test_capture (GTK_WIDGET (fresh), "computer-side.png");

  /* New Match offers this match's players, and says what they make. */
  gtk_widget_activate_action (GTK_WIDGET (fresh), "win.new-match", NULL);
  kz_test_spin (100);
  {
    KuzhiNewMatchDialog *dialog = find_new_match_dialog ();

    g_assert_nonnull (dialog);
    g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 0), ==, KZ_LEVEL_NONE);
    g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 1), ==, KZ_LEVEL_HARD);
    g_assert_cmpstr (kuzhi_new_match_dialog_get_description (dialog), ==,
                     "Meena plays against the computer (Hard).");
    kz_test_capture (GTK_WIDGET (dialog), "new-match-computer.png");
    /* It follows the choice as it changes. */
    kuzhi_new_match_dialog_set_player_level (dialog, 1, KZ_LEVEL_NONE);
    g_assert_cmpstr (kuzhi_new_match_dialog_get_description (dialog), ==,
                     "Meena and Arul take turns at this computer.");
    kuzhi_new_match_dialog_set_player_level (dialog, 0, KZ_LEVEL_EASY);
    kuzhi_new_match_dialog_set_choices (dialog, 5, NULL, "Kavya");
    g_assert_cmpstr (kuzhi_new_match_dialog_get_description (dialog), ==,
                     "Kavya plays against the computer (Easy).");
    kuzhi_new_match_dialog_set_player_level (dialog, 1, KZ_LEVEL_HARD);
    g_assert_cmpstr (kuzhi_new_match_dialog_get_description (dialog), ==,
                     "The computer plays both sides: Meena (Easy) against Kavya (Hard).");
    /* Cancelled: the match keeps its players. */
    gtk_window_destroy (GTK_WINDOW (dialog));
    g_assert_cmpint (kuzhi_window_get_player_level (fresh, 0), ==, KZ_LEVEL_NONE);
    g_assert_cmpint (kuzhi_window_get_player_level (fresh, 1), ==, KZ_LEVEL_HARD);
  }

  /* A version 1 file is two people, as it always was. */
  old_text = as_version_1 (text);
  g_assert_null (strstr (old_text, "Plays"));
  g_assert_true (g_file_set_contents (old_path, old_text, -1, NULL));
  kuzhi_window_open_file (fresh, old_file);
  g_assert_null (kuzhi_window_get_message_dialog (fresh));
  g_assert_cmpint (kuzhi_window_get_player_level (fresh, 1), ==, KZ_LEVEL_NONE);
  g_assert_false (kuzhi_window_computer_to_move (fresh));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (fresh, 1), "Arul: "));

  /* Back to the match against Hard: the computer moves on its turn. */
  kuzhi_window_open_file (fresh, file);
  g_assert_cmpint (kuzhi_window_get_player_level (fresh, 1), ==, KZ_LEVEL_HARD);
  if (!kuzhi_game_model_get_over (model))
    g_assert_cmpuint (play_against_computer (fresh), >, 0);
  gtk_window_destroy (GTK_WINDOW (fresh));

  /* The autosave at the next start: the computer is back too. */
  restored = new_window ();
  kuzhi_window_set_autosave (restored, TRUE);
  g_assert_null (kuzhi_window_get_notice_text (restored));
  g_assert_cmpint (kuzhi_window_get_player_level (restored, 0), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_window_get_player_level (restored, 1), ==, KZ_LEVEL_HARD);
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (restored, 1), "Arul — computer, Hard: "));
  kuzhi_window_set_autosave (restored, FALSE);
  gtk_window_destroy (GTK_WINDOW (restored));
  kuzhi_window_set_autosave (f->w.window, FALSE);
  kz_test_remove_tree (folder);
}

/* `kuzhi FILE`: the application handles open, and the window shows the file. */
static gboolean
check_opened (gpointer data)
{
  GApplication *app = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  const char *path = g_object_get_data (G_OBJECT (app), "path");

  g_assert_nonnull (window);
  g_assert_nonnull (kuzhi_window_get_file (KUZHI_WINDOW (window)));
  g_assert_cmpstr (g_file_peek_path (kuzhi_window_get_file (KUZHI_WINDOW (window))), ==, path);
  g_assert_cmpuint (kuzhi_game_model_get_match (kuzhi_window_get_model (KUZHI_WINDOW (window)))->n_history, ==, 3);
  g_assert_cmpstr (gtk_window_get_title (window), ==, "opened.kuzhi — Kuzhi");
  /* The opened match is autosaved at once: the next start finds it. */
  {
    KzMatch m = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (kuzhi_match_file_restore_autosave (&m, NULL, NULL, NULL, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (m.n_history, ==, 3);
    kz_match_clear (&m);
  }
  /* Escape is win.cancel's, and nothing else's. */
  {
    g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.cancel");
    g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "Escape");

    g_assert_true (g_strv_contains ((const char *const *) accels, "Escape"));
    g_assert_cmpuint (g_strv_length (actions), ==, 1);
  }
  g_object_set_data (G_OBJECT (app), "checked", GINT_TO_POINTER (1));
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

static void
on_app_activated (GApplication *app)
{
  g_timeout_add (300, check_opened, app);
}

static void
test_command_line_open (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "opened.kuzhi", NULL);
  g_autoptr(KuzhiApplication) app = NULL;
  char *argv[] = { (char *) "kuzhi", path, NULL };
  KzMatch m;
  int status;

  kz_match_init (&m, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
  g_assert_true (kz_match_play (&m, 0, NULL));
  g_assert_true (kz_match_play (&m, 9, NULL));
  g_assert_true (kz_match_play (&m, 1, NULL));
  g_assert_true (kuzhi_match_file_save (&m, NULL, path, NULL));
  kz_match_clear (&m);

  app = kuzhi_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_get_flags (G_APPLICATION (app)) & G_APPLICATION_HANDLES_OPEN);
  g_object_set_data (G_OBJECT (app), "path", path);
  g_signal_connect (app, "open", G_CALLBACK (on_app_activated), NULL);
  status = g_application_run (G_APPLICATION (app), 2, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (g_object_get_data (G_OBJECT (app), "checked"));
  kz_test_remove_tree (dir);
}

static gboolean
is_recent (gpointer data)
{
  GtkRecentInfo *info = gtk_recent_manager_lookup_item (gtk_recent_manager_get_default (), data, NULL);

  if (info == NULL)
    return FALSE;
  gtk_recent_info_unref (info);
  return TRUE;
}

static gboolean
xbel_lists (gpointer data)
{
  g_autofree char *xbel = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  g_autofree char *text = NULL;

  return g_file_get_contents (xbel, &text, NULL, NULL) && strstr (text, data) != NULL;
}

/* A match saved, and one opened, are in the desktop's recent files, on
 * disk where the file chooser and the file manager read them; not when
 * the user has turned recent files off. */
static void
test_recent (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *saved_path = g_build_filename (f->dir, "saved.kuzhi", NULL);
  g_autofree char *opened_path = g_build_filename (f->dir, "opened.kuzhi", NULL);
  g_autofree char *private_path = g_build_filename (f->dir, "private.kuzhi", NULL);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autoptr(GFile) opened = g_file_new_for_path (opened_path);
  g_autoptr(GFile) private = g_file_new_for_path (private_path);
  g_autofree char *saved_uri = g_file_get_uri (saved);
  g_autofree char *opened_uri = g_file_get_uri (opened);
  g_autofree char *private_uri = g_file_get_uri (private);
  KzMatch m;

  play_turns (f, 2, 1);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, saved, NULL));
  g_assert_true (kz_test_spin_until (is_recent, saved_uri, 5000));
  g_assert_true (kz_test_spin_until (xbel_lists, saved_uri, 5000));

  g_assert_true (kz_match_init (&m, KZ_VARIANT_OWARE, NULL, NULL, 0));
  g_assert_true (kuzhi_match_file_save (&m, NULL, opened_path, NULL));
  kz_match_clear (&m);
  g_assert_false (is_recent (opened_uri));
  kuzhi_window_open_file (f->w.window, opened);
  g_assert_true (g_file_equal (kuzhi_window_get_file (f->w.window), opened));
  g_assert_true (kz_test_spin_until (is_recent, opened_uri, 5000));

  g_object_set (gtk_settings_get_default (), "gtk-recent-files-enabled", FALSE, NULL);
  g_assert_true (kuzhi_window_save_to_file (f->w.window, private, NULL));
  kz_test_spin (500);
  g_assert_false (is_recent (private_uri));
  g_assert_false (xbel_lists (private_uri));
  g_object_set (gtk_settings_get_default (), "gtk-recent-files-enabled", TRUE, NULL);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* A private autosave folder, set before GLib caches the user's: the
   * application in /files/command-line-open restores and writes one. */
  data_home = g_dir_make_tmp ("kuzhi-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, fn) \
  g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/files/save-and-open", test_save_and_open);
  ADD ("/files/save-as-chooser", test_save_as_chooser);
  ADD ("/files/broken-file", test_broken_file);
  ADD ("/files/title", test_title);
  ADD ("/files/prompts", test_prompts);
  ADD ("/files/close-discard", test_close_discard);
  ADD ("/files/prompt-save-as", test_prompt_save_as);
  ADD ("/files/restored-file", test_restored_file);
  ADD ("/files/save-over-changes", test_save_over_changes);
  ADD ("/files/save-other-name", test_save_other_name);
  ADD ("/files/close-finished", test_close_finished);
  ADD ("/files/open-autosave", test_open_autosave);
  ADD ("/files/redo-button", test_redo_button);
  ADD ("/files/history-browse", test_history_browse);
  ADD ("/files/history-scrollbar", test_history_scrollbar);
  ADD ("/files/play-from-past", test_play_from_past);
  ADD ("/files/history-marks", test_history_marks);
  ADD ("/files/history-names", test_history_names);
  ADD ("/files/open-ogn", test_open_ogn);
  ADD ("/files/autosave-failing", test_autosave_failing);
  ADD ("/files/autosave-unreadable", test_autosave_unreadable);
  ADD ("/files/computer-side", test_computer_side);
  ADD ("/files/recent", test_recent);
#undef ADD
  g_test_add_func ("/files/command-line-open", test_command_line_open);

  status = g_test_run ();
  {
    g_autofree char *kuzhi_dir = g_build_filename (data_home, "kuzhi", NULL);
    kz_test_remove_tree (kuzhi_dir);
    kz_test_remove_tree (data_home);
  }
  g_free (data_home);
  return status;
}
