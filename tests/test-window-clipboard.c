/* test-window-clipboard.c — copy and paste of positions and records (issue #32) through the window's actions and the real clipboard under Xvfb: Ctrl+C, Ctrl+Shift+C, Ctrl+V, refused text, the save prompt and the autosave. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-test-window.h"
#include "kuzhi-test-util.h"
#include "kuzhi-window-test.h"
#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"

static char *data_home;

typedef struct {
  GMainLoop *loop;
  char      *text;
} ReadText;

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  ReadText *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  g_main_loop_quit (read->loop);
}

/* What the clipboard holds, read as another program would ask for it. */
static char *
clipboard_text (KzTestWindow *w)
{
  ReadText read = { g_main_loop_new (NULL, FALSE), NULL };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (w->window)), NULL, on_read, &read);
  g_main_loop_run (read.loop);
  g_main_loop_unref (read.loop);
  return read.text;
}

static void
activate (KzTestWindow *w, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w->window), action, NULL));
}

static gboolean
toast_is (gpointer data)
{
  KzTestWindow *w = ((gpointer *) data)[0];
  const char *prefix = ((gpointer *) data)[1];

  return kuzhi_window_get_toast_shown (w->window) &&
         g_str_has_prefix (kuzhi_window_get_last_toast (w->window), prefix);
}

/* Pastes and waits for the toast that says how it went. */
static void
paste_and_wait (KzTestWindow *w, const char *toast)
{
  gpointer data[2] = { w, (gpointer) toast };

  kuzhi_window_dismiss_toast (w->window);
  activate (w, "win.paste");
  if (!kz_test_spin_until (toast_is, data, 5000))
    g_error ("no toast “%s…” (the last: “%s”)", toast, kuzhi_window_get_last_toast (w->window));
}

static void
play_first (KzTestWindow *w, int turns)
{
  for (int t = 0; t < turns; t++)
    {
      KzAction legal[KZ_MAX_ACTIONS];

      g_assert_cmpint (kuzhi_game_model_get_legal (w->model, legal), >, 0);
      g_assert_true (kuzhi_game_model_play (w->model, legal[0], NULL));
    }
  kz_test_spin (50);
}

/* Ctrl+Shift+C copies the record; Ctrl+V in another match brings it
 * back whole, names included, as a new match that is autosaved. */
static void
test_record_round_trip (KzTestWindow *w, gconstpointer data)
{
  g_autofree char *copied = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *autosave = NULL;
  g_autofree char *autosave_path = NULL;
  const char *names[2] = { "Ama", "Kofi" };
  KzMatch before, loaded = { 0 };
  GDateTime *created;

  kuzhi_window_set_autosave (w->window, TRUE);
  g_assert_true (kuzhi_window_get_autosave (w->window));
  g_assert_true (kuzhi_game_model_new_match (w->model, KZ_VARIANT_OWARE, NULL, NULL));
  kuzhi_game_model_set_player_name (w->model, 0, names[0]);
  kuzhi_game_model_set_player_name (w->model, 1, names[1]);
  play_first (w, 5);
  kz_match_copy (&before, kuzhi_game_model_get_match (w->model));

  activate (w, "win.copy-record");
  g_assert_cmpstr (kuzhi_window_get_last_toast (w->window), ==, "Match record copied");
  copied = clipboard_text (w);
  expected = kuzhi_notation_match_to_string (&before, names);
  g_assert_cmpstr (copied, ==, expected);
  g_assert_nonnull (strstr (copied, "[South \"Ama\"]\n[North \"Kofi\"]\noware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. "));

  /* Another match with nothing played: no prompt, the paste replaces it. */
  g_assert_true (kuzhi_game_model_new_match (w->model, KZ_VARIANT_KALAH, NULL, NULL));
  kuzhi_game_model_set_player_name (w->model, 0, "Someone");
  created = g_date_time_ref (kuzhi_game_model_get_created (w->model));
  kz_test_spin (1100);   /* the pasted match's date is a later second */
  paste_and_wait (w, "Match record pasted");
  kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &before);
  g_assert_cmpstr (kuzhi_game_model_get_player_name (w->model, 0), ==, "Ama");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (w->model, 1), ==, "Kofi");
  /* A new match, as New Match makes one: dated now, in no file. */
  g_assert_false (g_date_time_equal (created, kuzhi_game_model_get_created (w->model)));
  g_date_time_unref (created);
  g_assert_null (kuzhi_window_get_file (w->window));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (w->board), &before.pos));

  /* And autosaved, as every new match is. */
  autosave_path = kuzhi_match_file_get_autosave_path ();
  g_assert_true (g_file_get_contents (autosave_path, &autosave, NULL, NULL));
  g_assert_true (kuzhi_match_file_from_data (autosave, strlen (autosave), &loaded, NULL, NULL, NULL, NULL, NULL));
  kz_test_assert_same_match (&loaded, &before);
  kz_match_clear (&loaded);
  kz_match_clear (&before);
}

/* Ctrl+C copies the position the board shows; pasting it starts a match
 * there (a set-up start: undo stops at it), which plays on. */
static void
test_position_round_trip (KzTestWindow *w, gconstpointer data)
{
  KzPosition start;
  KzMatch set_up;
  g_autofree char *line = NULL;
  g_autofree char *copied = NULL;

  g_assert_true (kuzhi_notation_position_parse ("constitution 5 5 1 5 5 5 5 / 0 0 0 0 0 0 0 stores 15 15 round 3 "
                                                "refill 5 4 lucky 2 - south to move", &start, NULL));
  g_assert_true (kz_match_init_at (&set_up, &start, NULL, 0));
  kuzhi_game_model_start_match (w->model, &set_up, NULL);
  kz_match_clear (&set_up);
  kz_test_spin (50);

  activate (w, "win.copy-position");
  g_assert_cmpstr (kuzhi_window_get_last_toast (w->window), ==, "Position copied");
  copied = clipboard_text (w);
  line = kuzhi_notation_position_to_string (&start);
  g_assert_cmpstr (copied, ==, line);

  /* Elsewhere, then pasted back: the match starts there. */
  g_assert_true (kuzhi_game_model_new_match (w->model, KZ_VARIANT_DAKON, NULL, NULL));
  paste_and_wait (w, "Position pasted");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (w->model), &start));
  g_assert_true (kz_position_equal (&kuzhi_game_model_get_match (w->model)->start, &start));
  kz_test_capture (GTK_WIDGET (w->window), "paste-position.png");
  play_first (w, 2);
  g_assert_true (kuzhi_game_model_undo (w->model));
  g_assert_true (kuzhi_game_model_undo (w->model));
  g_assert_false (kuzhi_game_model_can_undo (w->model));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (w->model), &start));
}

/* Text that is not a position, or one the rules refuse: a toast says
 * what and where, and the match stays as it was. */
static void
test_refused (KzTestWindow *w, gconstpointer data)
{
  static const struct { const char *text, *toast; } bad[] = {
    { "hello", "Cannot paste: Word 1, “hello”: expected constitution, kalah, oware, mangala, dakon, pallanguzhi, bohnenspiel" },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 1 south to move",
      "Cannot paste: This position cannot start a match: The houses and stores hold 49 seeds; Oware needs 48." },
    { "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move\n1. 2 2. 3", "Cannot paste: Turn 2, “3”, is not legal there (north to move)" },
  };
  KzMatch before;

  g_assert_true (kuzhi_game_model_new_match (w->model, KZ_VARIANT_KALAH, NULL, NULL));
  play_first (w, 3);
  kz_match_copy (&before, kuzhi_game_model_get_match (w->model));
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (w->window)), bad[i].text);
      paste_and_wait (w, "Cannot paste: ");
      g_assert_cmpstr (kuzhi_window_get_last_toast (w->window), ==, bad[i].toast);
      g_assert_null (kuzhi_window_get_message_dialog (w->window));
      kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &before);
      if (i == 1)
        kz_test_capture (GTK_WIDGET (w->window), "paste-refused.png");
    }
  kz_match_clear (&before);
}

/* Turns not in any file: asked first, as Open asks; Cancel keeps the
 * match, Discard lets the paste replace it. */
static void
test_prompt (KzTestWindow *w, gconstpointer data)
{
  const char *line = "mangala 5 5 5 5 5 5 / 3 3 3 3 3 3 stores 0 0 north to move";
  KzMatch before;
  AdwMessageDialog *dialog;
  GtkWidget *button;

  g_assert_true (kuzhi_game_model_new_match (w->model, KZ_VARIANT_KALAH, NULL, NULL));
  play_first (w, 2);
  kz_match_copy (&before, kuzhi_game_model_get_match (w->model));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (w->window)), line);

  for (int round = 0; round < 2; round++)
    {
      activate (w, "win.paste");
      for (int i = 0; i < 200 && kuzhi_window_get_message_dialog (w->window) == NULL; i++)
        kz_test_spin (10);
      dialog = kuzhi_window_get_message_dialog (w->window);
      g_assert_nonnull (dialog);
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save This Match?");
      button = kz_test_find_button (GTK_WIDGET (dialog), round == 0 ? "_Cancel" : "_Discard");
      g_assert_nonnull (button);
      g_signal_emit_by_name (button, "clicked");
      kz_test_spin (100);
      for (int i = 0; i < 1000 && g_main_context_pending (NULL); i++)
        g_main_context_iteration (NULL, FALSE);
      if (round == 0)
        kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &before);
    }
  g_assert_cmpint (kuzhi_game_model_get_variant (w->model), ==, KZ_VARIANT_MANGALA);
  g_assert_cmpint (kuzhi_game_model_get_position (w->model)->to_move, ==, 1);
  g_assert_cmpstr (kuzhi_window_get_last_toast (w->window), ==, "Position pasted");
  kz_match_clear (&before);
}

int
main (int argc, char *argv[])
{
  int status;

  /* A private autosave folder, set before GLib caches the user's. */
  data_home = g_dir_make_tmp ("kuzhi-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, fn) \
  g_test_add (path, KzTestWindow, NULL, kz_test_window_setup, fn, kz_test_window_teardown)
  ADD ("/clipboard/record-round-trip", test_record_round_trip);
  ADD ("/clipboard/position-round-trip", test_position_round_trip);
  ADD ("/clipboard/refused", test_refused);
  ADD ("/clipboard/prompt", test_prompt);
#undef ADD

  status = g_test_run ();
  kz_test_remove_tree (data_home);
  g_free (data_home);
  return status;
}
