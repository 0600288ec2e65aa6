/* test-window-players.c — what players of board games expect: the board turning to the player to move, the last move marked, Play Again at the match's end. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-window.h"
#include "kuzhi-cup.h"
#include "kuzhi-preferences-window.h"

typedef KzTestWindow Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  speed)
{
  f->settings = kz_test_settings (speed);
  g_settings_set_boolean (f->settings, "face-player-to-move", FALSE);
  kz_test_window_open (f);
  kz_test_window_show (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_settings_set_boolean (f->settings, "face-player-to-move", FALSE);
  kz_test_window_teardown (f, data);
}

static void
sow (Fixture *f,
     int      pit)
{
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", pit);
}

/* Waits, as a player watches, until the sowing on the board has ended. */
static void
wait_for_rest (Fixture *f)
{
  gint64 start = g_get_monotonic_time ();

  while (kuzhi_board_view_get_animating (f->board) && g_get_monotonic_time () - start < 20 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (kuzhi_board_view_get_animating (f->board));
  kz_test_spin (50);
}

static KuzhiCupLastMove
last_move (Fixture *f,
           int      pit)
{
  return kuzhi_cup_get_last_move (kuzhi_board_view_get_cup (f->board, pit));
}

/* The cups the last move marks: the one sown and where its last shell fell
 * (-1 for none); every other cup unmarked. */
static void
assert_marks (Fixture *f,
              int      sown,
              int      landed)
{
  for (int p = 0; p < kuzhi_game_model_get_position (f->model)->n_pits; p++)
    g_assert_cmpint (last_move (f, p), ==,
                     p == sown ? KUZHI_CUP_LAST_SOWN : p == landed ? KUZHI_CUP_LAST_LANDED : KUZHI_CUP_LAST_NONE);
}

/* Where the last shell of `action` from `before` falls, as the engine says. */
static int
landing (const KzPosition *before,
         KzAction          action)
{
  KzPreview preview;

  g_assert_true (kz_position_preview (before, action, &preview));
  return preview.last_pit;
}

/* --- a: the board faces the player to move ------------------------------- */

/* Two people at one computer: with Face the Player to Move on, the board
 * turns to the next player once the sowing has been shown (never during
 * it), stays as F9 leaves it until the next move, and turns back after
 * undo to whoever is to move. */
static void
test_face_player_to_move (Fixture       *f,
                          gconstpointer  data)
{
  g_settings_set_boolean (f->settings, "face-player-to-move", TRUE);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);

  sow (f, 0);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  kz_test_spin (150);
  /* The sowing is watched from where it was played. */
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);
  wait_for_rest (f);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);
  /* The nearest caption is the player to move's. */
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (f->window, 1), "Player 2: "));

  /* F9 by hand: the board stays turned until the next move. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.switch-view", NULL);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);
  kz_test_spin (300);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.switch-view", NULL);

  sow (f, 8);
  wait_for_rest (f);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 0);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);

  /* Undo gives the turn back to Player 2, and the board turns to them. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  wait_for_rest (f);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);

  /* Off: the board stays where it is. */
  g_settings_set_boolean (f->settings, "face-player-to-move", FALSE);
  sow (f, 8);
  wait_for_rest (f);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 0);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);
}

/* Against the computer the person's row stays nearest: the board never
 * turns to the computer. */
static void
test_face_not_the_computer (Fixture       *f,
                            gconstpointer  data)
{
  gint64 start;

  g_settings_set_boolean (f->settings, "face-player-to-move", TRUE);
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
  sow (f, 0);
  /* Until the computer has answered and its sowing has been shown. */
  start = g_get_monotonic_time ();
  while ((kuzhi_game_model_get_to_move (f->model) != 0 || kuzhi_board_view_get_animating (f->board))
         && g_get_monotonic_time () - start < 30 * G_USEC_PER_SEC)
    {
      g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 0);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, >=, 2);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 0);
}

/* The switch in Preferences is the setting. */
static void
test_face_preference (Fixture       *f,
                      gconstpointer  data)
{
  KuzhiPreferencesWindow *prefs = kuzhi_preferences_window_new (GTK_WINDOW (f->window));
  GtkLabel *title;
  GtkWidget *row, *suffix = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  kz_test_spin (100);
  title = kz_test_find_label (GTK_WIDGET (prefs), "_Face the Player to Move");
  if (title == NULL)
    title = kz_test_find_label (GTK_WIDGET (prefs), "Face the Player to Move");
  g_assert_nonnull (title);
  row = gtk_widget_get_ancestor (GTK_WIDGET (title), ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_mapped (row));
  g_assert_true (gtk_widget_is_sensitive (row));
  /* Its switch, as a click or Space on it does, turns it on. */
  suffix = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));
  g_assert_true (GTK_IS_SWITCH (suffix));
  g_assert_true (gtk_widget_get_mapped (suffix));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (suffix)));
  g_assert_false (g_settings_get_boolean (f->settings, "face-player-to-move"));
  gtk_widget_activate (suffix);
  /* The switch slides over before it is on. */
  for (int i = 0; i < 100 && !g_settings_get_boolean (f->settings, "face-player-to-move"); i++)
    kz_test_spin (20);
  g_assert_true (g_settings_get_boolean (f->settings, "face-player-to-move"));
  kz_test_capture (GTK_WIDGET (prefs), "preferences-face.png");
  gtk_window_destroy (GTK_WINDOW (prefs));
}

/* --- b: the last move marked --------------------------------------------- */

/* Renders `widget` as the screen shows it and says whether the ring at
 * `radius` around (x, y) is cream anywhere (the mark's rim): the best of
 * sixteen pixels on it, so that antialiasing does not decide. */
static gboolean
cream_ring_at (GtkWidget *widget,
               double     x,
               double     y,
               double     radius)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autofree guchar *data = g_malloc (w * h * 4);

  /* A frame first, as the player sees it: a widget changed since the
   * last one has nothing to give yet. */
  kz_test_spin (100);
  for (int tries = 0; node == NULL && tries < 50; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        kz_test_spin (100);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node, NULL);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, w);
  gdk_texture_download (texture, data, w * 4);
  for (int i = 0; i < 16; i++)
    {
      int px = (int) floor (x + radius * cos (i * G_PI / 8));
      int py = (int) floor (y + radius * sin (i * G_PI / 8));
      /* GDK_MEMORY_DEFAULT: B, G, R, A, premultiplied; the cup is opaque there */
      guchar *p = data + (py * w + px) * 4;

      if (p[2] > 0.85 * 255 && p[1] > 0.8 * 255 && p[0] > 0.65 * 255)
        return TRUE;
    }
  return FALSE;
}

/* The mark is seen, and clear of what else a cup shows: its count, the
 * keyboard's ring (the cup's edge) and the hint's ring (outside the cup). */
static void
assert_mark_drawn (Fixture *f,
                   int      pit)
{
  KuzhiCup *cup = kuzhi_board_view_get_cup (f->board, pit);
  GtkWidget *w = GTK_WIDGET (cup);
  int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
  double cx = width / 2.0, cy = height / 2.0, ring = MIN (width, height) / 2.0 - 2 - 1.25;
  graphene_rect_t mark, pill;

  g_assert_true (kuzhi_cup_last_move_mark (cup, &mark));
  /* Its cream rim, just inside the mark's edge, on the cup's wood. */
  g_assert_true (cream_ring_at (w, mark.origin.x + mark.size.width / 2, mark.origin.y + mark.size.height / 2,
                                mark.size.width * 0.41));
  /* Inside the focus ring, all of it. */
  g_assert_cmpfloat (hypot (mark.origin.x + mark.size.width / 2 - cx, mark.origin.y + mark.size.height / 2 - cy)
                     + mark.size.width / 2, <, ring);
  /* Not on the count. */
  kuzhi_cup_count_pill (gtk_widget_get_pango_context (w), width, height, kuzhi_cup_get_count (cup), &pill);
  g_assert_false (graphene_rect_intersection (&mark, &pill, NULL));
}

/* A cup with no mark shows none where the mark would be. */
static void
assert_no_mark_drawn (Fixture *f,
                      int      pit,
                      const graphene_rect_t *mark)
{
  GtkWidget *w = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, pit));

  g_assert_false (cream_ring_at (w, mark->origin.x + mark->size.width / 2, mark->origin.y + mark->size.height / 2,
                                 mark->size.width * 0.41));
}

static void
test_last_move (Fixture       *f,
                gconstpointer  data)
{
  KzPosition start = *kuzhi_game_model_get_position (f->model);
  KzPosition after0;
  graphene_rect_t mark;
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-last-move-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "match.kuzhi", NULL);
  int land0, land8;
  g_autoptr(GError) error = NULL;

  /* Nothing is marked before the first move. */
  assert_marks (f, -1, -1);

  land0 = landing (&start, 0);
  sow (f, 0);
  after0 = *kuzhi_game_model_get_position (f->model);
  assert_marks (f, 0, land0);
  /* Screen readers and the pointer's tooltip say what the pips mean. */
  gtk_test_accessible_assert_property (kuzhi_board_view_get_cup (f->board, 0), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Player 1, cup 1, 2 shells, sown last");
  g_assert_true (g_str_has_suffix (gtk_widget_get_tooltip_text (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, land0))),
                                   ", the last move ended here"));
  assert_mark_drawn (f, 0);
  assert_mark_drawn (f, land0);
  g_assert_true (kuzhi_cup_last_move_mark (kuzhi_board_view_get_cup (f->board, 0), &mark));
  assert_no_mark_drawn (f, 1 == land0 ? 2 : 1, &mark);

  /* The next move takes the mark: only one move is marked. */
  land8 = landing (&after0, 8);
  sow (f, 8);
  assert_marks (f, 8, land8);

  /* Undo shows the move before as the last one, and at the start none. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  assert_marks (f, 0, land0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  assert_marks (f, 8, land8);

  /* A match opened from its file shows its own last move. */
  g_assert_true (kuzhi_game_model_save (f->model, path, &error));
  g_assert_no_error (error);
  g_assert_true (kuzhi_game_model_new_match (f->model, KZ_VARIANT_CONSTITUTION, NULL, NULL));
  assert_marks (f, -1, -1);
  g_assert_true (kuzhi_game_model_load (f->model, path, &error));
  g_assert_no_error (error);
  assert_marks (f, 8, land8);

  /* The whole board, for the documentation: the last move, the hint's
   * ring and the keyboard's ring together. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  for (int i = 0; i < 100 && kuzhi_board_view_get_hint (f->board) < 0; i++)
    kz_test_spin (100);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), >=, 0);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 8)));
  kz_test_capture (GTK_WIDGET (f->board), "last-move.png");

  /* In the smallest window the mark still keeps inside the focus ring. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 400);
  kz_test_settled_bounds (GTK_WIDGET (f->board));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 8))), <, 60);
  assert_mark_drawn (f, 8);

  g_unlink (path);
  g_rmdir (dir);
}

/* During a sowing the old mark is gone and the new one comes when the
 * shells have landed. */
static void
test_last_move_after_sowing (Fixture       *f,
                             gconstpointer  data)
{
  KzPosition start = *kuzhi_game_model_get_position (f->model);
  int land0 = landing (&start, 0);

  sow (f, 0);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  assert_marks (f, -1, -1);
  wait_for_rest (f);
  assert_marks (f, 0, land0);
}

/* --- c: Play Again --------------------------------------------------------- */

static void
play_to_the_end (Fixture *f)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (int ply = 0; ply < 5000 && !kuzhi_game_model_get_over (f->model); ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (f->model, legal);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kuzhi_game_model_play (f->model, legal[g_rand_int_range (rand, 0, n)], NULL));
    }
  g_rand_free (rand);
  g_assert_true (kuzhi_game_model_get_over (f->model));
}

/* The match-end banner offers Play Again: the same game with the same
 * options, names and players, started at once. */
static void
test_play_again (Fixture       *f,
                 gconstpointer  data)
{
  KzOptions options = { .seeds = 3 };
  GtkWidget *button;
  g_autofree char *match_id = NULL;

  g_assert_true (kuzhi_game_model_new_match (f->model, KZ_VARIANT_KALAH, &options, NULL));
  kuzhi_game_model_set_player_name (f->model, 0, "Meena");
  kuzhi_game_model_set_player_name (f->model, 1, "Arul");
  play_to_the_end (f);
  match_id = g_strdup (kuzhi_game_model_get_match_id (f->model));
  g_assert_nonnull (kuzhi_window_get_banner_text (f->window));

  button = kz_test_find_button (GTK_WIDGET (f->window), "Play Again");
  g_assert_nonnull (button);
  kz_test_settled_bounds (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  /* It is the banner's main choice. */
  g_assert_true (gtk_widget_has_css_class (button, "suggested-action"));
  kz_test_capture (GTK_WIDGET (f->window), "play-again.png");

  /* A button pressed from the keyboard shows itself pressed for a moment. */
  gtk_widget_activate (button);
  for (int i = 0; i < 100 && kuzhi_window_get_message_dialog (f->window) == NULL; i++)
    kz_test_spin (10);
  /* The match was never saved: the window asks first, as New Match does. */
  g_assert_nonnull (kuzhi_window_get_message_dialog (f->window));
  if (kuzhi_window_get_message_dialog (f->window) != NULL)
    adw_message_dialog_response (kuzhi_window_get_message_dialog (f->window), "discard");
  for (int i = 0; i < 100 && kuzhi_game_model_get_over (f->model); i++)
    kz_test_spin (10);

  g_assert_false (kuzhi_game_model_get_over (f->model));
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 0);
  g_assert_cmpint (kuzhi_game_model_get_variant (f->model), ==, KZ_VARIANT_KALAH);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->seeds, ==, 3);
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->model, 0), ==, "Meena");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (f->model, 1), ==, "Arul");
  g_assert_cmpstr (kuzhi_game_model_get_match_id (f->model), !=, match_id);
  kz_test_spin (300);
  g_assert_null (kuzhi_window_get_banner_text (f->window));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Meena to move"));
}

/* Against the computer, Play Again keeps who plays each side, and the
 * person's row nearest. */
static void
test_play_again_computer (Fixture       *f,
                          gconstpointer  data)
{
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_HARD);
  kuzhi_board_view_set_view_player (f->board, 1);
  play_to_the_end (f);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play-again", NULL);
  if (kuzhi_window_get_message_dialog (f->window) != NULL)
    adw_message_dialog_response (kuzhi_window_get_message_dialog (f->window), "discard");
  for (int i = 0; i < 100 && kuzhi_game_model_get_over (f->model); i++)
    kz_test_spin (10);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 0), ==, KZ_LEVEL_HARD);
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 1), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_variant (f->model), ==, KZ_VARIANT_CONSTITUTION);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->seeds, ==, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GTK_A11Y", "test", TRUE);
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, speed, fixture_setup, fn, fixture_teardown)
  ADD ("/players/face-player-to-move", "fast", test_face_player_to_move);
  ADD ("/players/face-not-the-computer", "fast", test_face_not_the_computer);
  ADD ("/players/face-preference", NULL, test_face_preference);
  ADD ("/players/last-move", NULL, test_last_move);
  ADD ("/players/last-move-after-sowing", "fast", test_last_move_after_sowing);
  ADD ("/players/play-again", NULL, test_play_again);
  ADD ("/players/play-again-computer", NULL, test_play_again_computer);
#undef ADD

  return g_test_run ();
}
