/* test-window-editor.c — Set Up Position in the window under Xvfb: a position set through the editor's widgets, refused ones keeping Start insensitive with their reason, the match started there and played on; the editor at a phone's size; its screenshots. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-test-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-position-editor-private.h"
#include "kuzhi-game-text.h"
#include "kuzhi-game-chooser.h"

typedef KzTestWindow Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->settings = kz_test_settings (NULL);
  kz_test_window_open (f);
  kz_test_load_style ();
  kz_test_window_show (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window != NULL)
    kz_test_window_destroy_others (f);
  kz_test_window_teardown (f, data);
}

static gboolean
editor_mapped (gpointer data)
{
  KuzhiPositionEditor *editor = kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR);

  return editor != NULL && gtk_widget_get_mapped (GTK_WIDGET (editor));
}

static gboolean
has_hint (gpointer data)
{
  Fixture *f = data;

  return kuzhi_window_computer_get_hint (f->window, NULL) != KZ_ACTION_NONE;
}

static gboolean
editor_gone (gpointer data)
{
  return kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR) == NULL;
}

/* Opens the editor as the main menu's item does, and waits until it shows. */
static KuzhiPositionEditor *
open_editor (Fixture *f)
{
  g_assert_null (kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "set-up-position"));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "set-up-position", NULL);
  g_assert_true (kz_test_spin_until (editor_mapped, NULL, 5000));
  return kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR);
}

/* Chooses a game in the editor's Game row, by its title as the row shows it. */
static void
choose_game (KuzhiPositionEditor *editor,
             KzVariantId          variant)
{
  AdwComboRow *row = kuzhi_position_editor_get_game_row (editor);
  GListModel *items = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (items), i), kuzhi_game_title (variant)) == 0)
      {
        adw_combo_row_set_selected (row, i);
        g_assert_cmpint (kuzhi_position_editor_get_position (editor)->variant, ==, variant);
        return;
      }
  g_assert_not_reached ();
}

static void
set_count (GtkSpinButton *spin,
           int            count)
{
  gtk_spin_button_set_value (spin, count);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, count);
}

/* The editor's line and Start agree with kz_position_check() on what the
 * widgets make: refused with a reason (the engine's, or the totals said in
 * the person's language), or ready. */
static void
assert_checked (KuzhiPositionEditor *editor,
                gboolean             allowed)
{
  char reason[256] = "";
  gboolean ok = kz_position_check (kuzhi_position_editor_get_position (editor), reason, sizeof reason);
  const char *status = kuzhi_position_editor_get_status (editor);

  g_assert_cmpint (ok, ==, allowed);
  g_assert_cmpint (gtk_widget_get_sensitive (kuzhi_position_editor_get_start_button (editor)), ==, allowed);
  g_assert_nonnull (status);
  if (allowed)
    g_assert_true (g_str_has_prefix (status, "Ready: "));
  else
    {
      g_assert_cmpstr (reason, !=, "");
      g_assert_false (g_str_has_prefix (status, "Ready"));
      if (!g_str_has_prefix (status, "The cups and stores hold "))
        g_assert_cmpstr (status, ==, reason);
    }
}

/* Oware from the editor: a mid-game position set cup by cup, refused while
 * its seeds do not add up to 48, started with Player 2 to move, played on
 * from there, and undone back to it but not past it. */
static void
test_set_up_and_play (Fixture       *f,
                      gconstpointer  data)
{
  static const uint8_t pits[12] = { 0, 0, 3, 0, 0, 1, 2, 0, 0, 1, 0, 4 };
  KuzhiPositionEditor *editor = open_editor (f);
  const KzPosition *pos;

  /* It opens at the position on the board. */
  g_assert_cmpint (kuzhi_position_editor_get_position (editor)->variant, ==, KZ_VARIANT_CONSTITUTION);
  assert_checked (editor, TRUE);

  choose_game (editor, KZ_VARIANT_OWARE);
  assert_checked (editor, TRUE);
  for (int p = 0; p < 12; p++)
    set_count (kuzhi_position_editor_get_pit_spin (editor, p), pits[p]);
  /* 11 seeds on the board and none in the stores: refused, with why. */
  assert_checked (editor, FALSE);
  g_assert_cmpstr (kuzhi_position_editor_get_status (editor), ==, "The cups and stores hold 11; the game has 48.");
  g_assert_false (kuzhi_position_editor_start (editor));
  g_assert_nonnull (kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR));
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->variant, ==, KZ_VARIANT_CONSTITUTION);

  set_count (kuzhi_position_editor_get_store_spin (editor, 0), 20);
  assert_checked (editor, FALSE);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 18);
  assert_checked (editor, FALSE);
  g_assert_cmpstr (kuzhi_position_editor_get_status (editor), ==, "The cups and stores hold 49; the game has 48.");
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 17);
  assert_checked (editor, TRUE);
  adw_combo_row_set_selected (kuzhi_position_editor_get_to_move_row (editor), 1);
  assert_checked (editor, TRUE);
  g_assert_cmpint (kuzhi_position_editor_get_position (editor)->to_move, ==, 1);

  /* Start, as a click or Enter reaches it (a button's activation shows it
   * pressed for a moment before it clicks). */
  gtk_widget_activate (kuzhi_position_editor_get_start_button (editor));
  g_assert_true (kz_test_spin_until (editor_gone, NULL, 5000));

  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos->variant, ==, KZ_VARIANT_OWARE);
  g_assert_cmpmem (pos->pits, 12, pits, 12);
  g_assert_cmpint (pos->stores[0], ==, 20);
  g_assert_cmpint (pos->stores[1], ==, 17);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_false (pos->over);
  g_assert_false (kuzhi_game_model_can_undo (f->model));
  g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), "Player 2"));

  /* The hint works from it: one of Player 2's houses that hold seeds. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (kz_test_spin_until (has_hint, f, 10000));
  {
    KzAction hint = kuzhi_window_computer_get_hint (f->window, NULL);

    g_assert_true (kuzhi_game_model_is_legal (f->model, hint));
    g_assert_true (hint == 6 || hint == 9 || hint == 11);
  }

  /* Player 2 plays on from it: house 6 (the engine's 11) sows 4 seeds into
   * Player 1's first houses. */
  g_assert_true (kuzhi_game_model_is_legal (f->model, 11));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", 11);
  kz_test_spin (100);
  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos->pits[11], ==, 0);
  g_assert_cmpint (pos->pits[0], ==, 1);
  g_assert_cmpint (pos->pits[3], ==, 1);
  g_assert_cmpint (pos->to_move, ==, 0);

  /* Undo goes back to the set-up position, and no further. */
  g_assert_true (kuzhi_game_model_can_undo (f->model));
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "undo", NULL);
  kz_test_spin (50);
  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpmem (pos->pits, 12, pits, 12);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_false (kuzhi_game_model_can_undo (f->model));
}

/* The Constitution's own fields through their widgets: a second round
 * opened by Player 2, Player 1's lucky cup, Player 2's refill left; a
 * drawer that only triples could fill refused until a lucky cup explains
 * it; the match starts with every field as set. */
static void
test_constitution_fields (Fixture       *f,
                          gconstpointer  data)
{
  static const uint8_t pits[14] = { 5, 5, 5, 0, 3, 2, 4, 1, 0, 6, 5, 5, 5, 2 };
  KuzhiPositionEditor *editor = open_editor (f);
  const KzPosition *pos;

  choose_game (editor, KZ_VARIANT_CONSTITUTION);
  g_assert_null (kuzhi_position_editor_get_rubbish_toggle (editor, 0));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (kuzhi_position_editor_get_opener_row (editor))));
  for (int p = 0; p < 14; p++)
    set_count (kuzhi_position_editor_get_pit_spin (editor, p), pits[p]);
  set_count (kuzhi_position_editor_get_store_spin (editor, 0), 10);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 9);
  set_count (kuzhi_position_editor_get_refill_spin (editor, 1), 3);
  /* Refill left in the first round: refused. */
  assert_checked (editor, FALSE);
  set_count (kuzhi_position_editor_get_round_spin (editor), 2);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (kuzhi_position_editor_get_opener_row (editor))));
  adw_combo_row_set_selected (kuzhi_position_editor_get_opener_row (editor), 1);
  /* A drawer of 10 without a lucky cup: refused. */
  assert_checked (editor, FALSE);
  adw_combo_row_set_selected (kuzhi_position_editor_get_lucky_row (editor, 0), 3);
  assert_checked (editor, TRUE);
  /* Tall enough for the whole page, the Constitution's rows at its end. */
  gtk_window_set_default_size (GTK_WINDOW (editor), 600, 1000);
  kz_test_spin (200);
  kz_test_capture (GTK_WIDGET (editor), "position-editor-constitution.png");

  g_assert_true (kuzhi_position_editor_start (editor));
  kz_test_spin (50);
  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos->variant, ==, KZ_VARIANT_CONSTITUTION);
  g_assert_cmpmem (pos->pits, 14, pits, 14);
  g_assert_cmpint (pos->round, ==, 2);
  g_assert_cmpint (pos->opener, ==, 1);
  g_assert_cmpint (pos->to_move, ==, 0);
  g_assert_cmpint (pos->lucky[0], ==, 2);
  g_assert_cmpint (pos->lucky[1], ==, -1);
  g_assert_cmpint (pos->refill_left[0], ==, 0);
  g_assert_cmpint (pos->refill_left[1], ==, 3);
  g_assert_cmpint (pos->stores[0], ==, 10);
  g_assert_cmpint (pos->stores[1], ==, 9);
}

/* Pallanguzhi's round and rubbish cups through their toggles: a second
 * round (Player 2 opened it) with Player 1's last two cups out of play. */
static void
test_pallanguzhi_rubbish (Fixture       *f,
                          gconstpointer  data)
{
  static const uint8_t pits[14] = { 10, 10, 10, 10, 10, 0, 0, 10, 10, 10, 10, 10, 10, 8 };
  KuzhiPositionEditor *editor = open_editor (f);
  const KzPosition *pos;

  choose_game (editor, KZ_VARIANT_PALLANGUZHI);
  g_assert_null (kuzhi_position_editor_get_lucky_row (editor, 0));
  for (int p = 0; p < 14; p++)
    set_count (kuzhi_position_editor_get_pit_spin (editor, p), pits[p]);
  set_count (kuzhi_position_editor_get_store_spin (editor, 0), 10);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 20);
  adw_combo_row_set_selected (kuzhi_position_editor_get_to_move_row (editor), 1);
  gtk_toggle_button_set_active (kuzhi_position_editor_get_rubbish_toggle (editor, 5), TRUE);
  gtk_toggle_button_set_active (kuzhi_position_editor_get_rubbish_toggle (editor, 6), TRUE);
  /* No rubbish cups in the first round. */
  assert_checked (editor, FALSE);
  set_count (kuzhi_position_editor_get_round_spin (editor), 2);
  assert_checked (editor, TRUE);
  /* A rubbish cup that holds counters: refused. */
  set_count (kuzhi_position_editor_get_pit_spin (editor, 6), 1);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 19);
  assert_checked (editor, FALSE);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 20);
  set_count (kuzhi_position_editor_get_pit_spin (editor, 6), 0);
  assert_checked (editor, TRUE);

  g_assert_true (kuzhi_position_editor_start (editor));
  kz_test_spin (50);
  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos->variant, ==, KZ_VARIANT_PALLANGUZHI);
  g_assert_cmpint (pos->round, ==, 2);
  g_assert_cmpint (pos->opener, ==, 1);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpuint (pos->rubbish, ==, (1u << 5) | (1u << 6));
  g_assert_cmpmem (pos->pits, 14, pits, 14);
}

/* A match from a set-up position is saved and opened again whole: its
 * start, the move played from it, undo back to the start and no further. */
static void
test_save_and_open (Fixture       *f,
                    gconstpointer  data)
{
  static const uint8_t pits[12] = { 0, 0, 3, 0, 0, 1, 2, 0, 0, 1, 0, 4 };
  KuzhiPositionEditor *editor = open_editor (f);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "study.kuzhi", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  KzPosition after;
  const KzPosition *pos;

  choose_game (editor, KZ_VARIANT_OWARE);
  for (int p = 0; p < 12; p++)
    set_count (kuzhi_position_editor_get_pit_spin (editor, p), pits[p]);
  set_count (kuzhi_position_editor_get_store_spin (editor, 0), 20);
  set_count (kuzhi_position_editor_get_store_spin (editor, 1), 17);
  adw_combo_row_set_selected (kuzhi_position_editor_get_to_move_row (editor), 1);
  g_assert_true (kuzhi_position_editor_start (editor));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", 11);
  kz_test_spin (100);
  after = *kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (after.to_move, ==, 0);

  g_assert_true (kuzhi_window_save_to_file (f->window, file, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 0, NULL, NULL));
  kuzhi_window_open_file (f->window, file);
  kz_test_spin (100);
  g_assert_null (kuzhi_window_get_message_dialog (f->window));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->model), &after));

  g_action_group_activate_action (G_ACTION_GROUP (f->window), "undo", NULL);
  kz_test_spin (50);
  pos = kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos->variant, ==, KZ_VARIANT_OWARE);
  g_assert_cmpmem (pos->pits, 12, pits, 12);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_false (kuzhi_game_model_can_undo (f->model));

  g_unlink (path);
  g_rmdir (dir);
}

/* Over a past turn of the history the editor opens at that turn, the
 * position being studied, once the save prompt has been answered. */
static void
test_from_history (Fixture       *f,
                   gconstpointer  data)
{
  KzPosition turn1;
  KuzhiPositionEditor *editor;
  AdwMessageDialog *prompt;

  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 0, NULL, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", 0);
  kz_test_spin (100);
  turn1 = *kuzhi_game_model_get_position (f->model);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", turn1.to_move ? 7 : 1);
  kz_test_spin (100);
  g_assert_false (kz_position_equal (kuzhi_game_model_get_position (f->model), &turn1));
  kuzhi_window_browse_turn (f->window, 1);
  kz_test_spin (50);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &turn1));

  /* Turns never saved: the window asks first, as before New Match. */
  g_action_group_activate_action (G_ACTION_GROUP (f->window), "set-up-position", NULL);
  kz_test_spin (50);
  g_assert_null (kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR));
  prompt = kuzhi_window_get_message_dialog (f->window);
  g_assert_nonnull (prompt);
  adw_message_dialog_response (prompt, "discard");
  g_assert_true (kz_test_spin_until (editor_mapped, NULL, 5000));
  editor = kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR);
  g_assert_cmpmem (kuzhi_position_editor_get_position (editor)->pits, KZ_MAX_PITS, turn1.pits, KZ_MAX_PITS);
  g_assert_cmpint (kuzhi_position_editor_get_position (editor)->to_move, ==, turn1.to_move);
  g_assert_cmpint (kuzhi_position_editor_get_position (editor)->variant, ==, KZ_VARIANT_KALAH);
}

/* Cancel and Escape change nothing. */
static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  KuzhiPositionEditor *editor = open_editor (f);
  KzPosition before = *kuzhi_game_model_get_position (f->model);

  choose_game (editor, KZ_VARIANT_KALAH);
  set_count (kuzhi_position_editor_get_pit_spin (editor, 0), 0);
  gtk_window_close (GTK_WINDOW (editor));
  kz_test_spin (50);
  g_assert_null (kz_test_find_window (KUZHI_TYPE_POSITION_EDITOR));
  g_assert_cmpmem (kuzhi_game_model_get_position (f->model), sizeof before, &before, sizeof before);
}

/* A count typed into a cup and not yet entered when the editor closes:
 * the spin button takes it on the way out, and the editor, half taken
 * apart, must not answer it (random play once found a critical here). */
static void
test_close_while_typing (Fixture       *f,
                         gconstpointer  data)
{
  KuzhiPositionEditor *editor = open_editor (f);
  GtkSpinButton *spin = kuzhi_position_editor_get_pit_spin (editor, 3);
  KzPosition before = *kuzhi_game_model_get_position (f->model);

  gtk_widget_grab_focus (GTK_WIDGET (spin));
  gtk_editable_set_text (GTK_EDITABLE (spin), "7");
  kz_test_spin (50);
  gtk_window_close (GTK_WINDOW (editor));
  g_assert_true (kz_test_spin_until (editor_gone, NULL, 5000));
  g_assert_cmpmem (kuzhi_game_model_get_position (f->model), sizeof before, &before, sizeof before);
}

/* Who plays each side is set with the position: the computer then plays
 * from it. */
static void
test_computer_from_position (Fixture       *f,
                             gconstpointer  data)
{
  KuzhiPositionEditor *editor = open_editor (f);

  choose_game (editor, KZ_VARIANT_KALAH);
  adw_combo_row_set_selected (kuzhi_position_editor_get_kind_row (editor, 1), KZ_LEVEL_EASY);
  adw_combo_row_set_selected (kuzhi_position_editor_get_to_move_row (editor), 1);
  assert_checked (editor, TRUE);
  g_assert_true (kuzhi_position_editor_start (editor));
  kz_test_spin (50);
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 1), ==, KZ_LEVEL_EASY);
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 0), ==, KZ_LEVEL_NONE);
  /* The computer, to move, plays its move from the set-up position. */
  for (int i = 0; i < 200 && kuzhi_game_model_get_position (f->model)->to_move == 1
                          && !kuzhi_game_model_can_undo (f->model); i++)
    kz_test_spin (50);
  g_assert_true (kuzhi_game_model_can_undo (f->model));
}

/* The editor fits a phone: at 360 × 640 nothing is wider than the window
 * (the page scrolls down); and its screenshots, wide and narrow. */
static void
test_phone_size (Fixture       *f,
                 gconstpointer  data)
{
  static const KzVariantId games[] = { KZ_VARIANT_CONSTITUTION, KZ_VARIANT_PALLANGUZHI, KZ_VARIANT_OWARE };
  KuzhiPositionEditor *editor = open_editor (f);
  int minimum, natural;

  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    {
      choose_game (editor, games[g]);
      kz_test_spin (50);
      gtk_widget_measure (GTK_WIDGET (editor), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
      g_assert_cmpint (minimum, <=, 360);
    }

  choose_game (editor, KZ_VARIANT_CONSTITUTION);
  gtk_window_set_default_size (GTK_WINDOW (editor), 600, 780);
  kz_test_spin (200);
  kz_test_capture (GTK_WIDGET (editor), "position-editor.png");
  set_count (kuzhi_position_editor_get_pit_spin (editor, 0), 9);
  assert_checked (editor, FALSE);
  gtk_window_set_default_size (GTK_WINDOW (editor), 360, 640);
  kz_test_spin (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (editor)), <=, 360);
  kz_test_capture (GTK_WIDGET (editor), "position-editor-phone.png");
  /* Tall enough to show the whole page: the rubbish cups are near its end. */
  choose_game (editor, KZ_VARIANT_PALLANGUZHI);
  gtk_window_set_default_size (GTK_WINDOW (editor), 360, 1000);
  kz_test_spin (200);
  kz_test_capture (GTK_WIDGET (editor), "position-editor-pallanguzhi.png");
}

/* Shells per Cup chosen in its row, in every game that has a choice and
 * after another game was shown: the board is set out again with that many
 * in each cup (the row's list was once replaced while it told of the
 * choice, and the program died on it). */
static void
test_shells_per_cup (Fixture       *f,
                     gconstpointer  data)
{
  KuzhiPositionEditor *editor = open_editor (f);
  AdwComboRow *row = kuzhi_position_editor_get_seeds_row (editor);

  for (int round = 0; round < 2; round++)
    for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
      {
        const KzVariant *variant = kz_variant_get (v);
        int n = kuzhi_game_chooser_n_choices (variant->seeds_choices);

        choose_game (editor, v);
        kz_test_spin (20);
        g_assert_cmpint (gtk_widget_get_visible (GTK_WIDGET (row)), ==, n > 1);
        if (n < 2)
          continue;
        g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, (guint) n);
        /* Every choice, then back to the first: from the last, a choice
         * the row did not have before. */
        for (int i = n - 1; i >= -1; i--)
          {
            int c = i < 0 ? 0 : i;
            const KzPosition *pos;

            adw_combo_row_set_selected (row, (guint) c);
            kz_test_spin (20);
            pos = kuzhi_position_editor_get_position (editor);
            g_assert_cmpint (pos->variant, ==, v);
            g_assert_cmpint (pos->seeds, ==, variant->seeds_choices[c]);
            g_assert_cmpint (adw_combo_row_get_selected (row), ==, (guint) c);
            g_assert_cmpint (pos->pits[0], ==, variant->seeds_choices[c]);
            assert_checked (editor, TRUE);
          }
      }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  kz_test_gtk_init (&argc, &argv);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/editor/set-up-and-play", test_set_up_and_play);
  ADD ("/editor/constitution-fields", test_constitution_fields);
  ADD ("/editor/pallanguzhi-rubbish", test_pallanguzhi_rubbish);
  ADD ("/editor/save-and-open", test_save_and_open);
  ADD ("/editor/from-history", test_from_history);
  ADD ("/editor/cancel", test_cancel);
  ADD ("/editor/close-while-typing", test_close_while_typing);
  ADD ("/editor/computer-from-position", test_computer_from_position);
  ADD ("/editor/phone-size", test_phone_size);
  ADD ("/editor/shells-per-cup", test_shells_per_cup);
#undef ADD

  return g_test_run ();
}
