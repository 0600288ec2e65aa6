/* test-window.c — the window under Xvfb: sowing, refill, lucky-cup marking, the header line, captions and cup labels. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-window.h"
#include "kuzhi-board-paint.h"
#include "kuzhi-cup.h"
#include "kuzhi-new-match-dialog-private.h"
#include "kuzhi-notation.h"

typedef KzTestWindow Fixture;

static char *
pits_string (const KzPosition *pos)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < pos->n_pits; i++)
    g_string_append_printf (s, "%s%d", i == 0 ? "" : i == pos->n_pits / 2 ? " | " : " ", pos->pits[i]);
  return g_string_free (s, FALSE);
}

static const char *
cup_label (Fixture *f,
           int      pit)
{
  /* The tooltip repeats the accessible label word for word. */
  return gtk_widget_get_tooltip_text (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, pit)));
}

static void
sow (Fixture *f,
     int      pit)
{
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", pit);
}

/* Plays seeded random matches with the engine until one reaches a position
 * the predicate accepts; the match is left there. */
typedef gboolean (*PositionPredicate) (const KzPosition *pos);

static void
find_match (KzMatch           *match,
            PositionPredicate  accept)
{
  GRand *rand = g_rand_new_with_seed (2024);

  for (int attempt = 0; attempt < 50000; attempt++)
    {
      kz_match_init (match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = 0; ply < 800 && !match->pos.over; ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n, sows = 0;

          if (accept (&match->pos))
            {
              g_rand_free (rand);
              return;
            }
          n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match->pos, legal);
          for (int i = 0; i < n; i++)
            if (!KZ_ACTION_IS_MARK (legal[i]))
              legal[sows++] = legal[i];
          kz_match_play (match, legal[g_rand_int_range (rand, 0, sows)], NULL);
        }
      kz_match_clear (match);
    }
  g_rand_free (rand);
  g_assert_not_reached ();
}

static gboolean
can_mark (const KzPosition *pos)
{
  return kz_constitution_may_mark (pos) && !pos->over;
}

static gboolean
can_refill (const KzPosition *pos)
{
  return !pos->over && kz_position_is_legal (pos, KZ_ACTION_REFILL);
}

/* --- tests ---------------------------------------------------------------- */

static void
test_start (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *title = NULL;

  g_object_get (f->window, "title", &title, NULL);
  g_assert_nonnull (strstr (title, "Kuzhi"));
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 1 to move · Player 1 35 · Player 2 35");
  g_assert_cmpstr (kuzhi_window_get_caption_text (f->window, 0), ==,
                   "Player 1: account 35 = 35 in cups + 0 in drawer + 0 refill left · reserve 0 = 35 − 35, half the shells");
  g_assert_cmpstr (cup_label (f, 2), ==, "Player 1, cup 3, 5 shells, can be sown");
  g_assert_cmpstr (cup_label (f, 9), ==, "Player 2, cup 3, 5 shells");
  g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, 0)), ==, KUZHI_CUP_LEGAL);
  g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, 7)), ==, KUZHI_CUP_PLAIN);
  g_assert_null (kuzhi_window_get_banner_text (f->window));
  /* Each cup is focusable, with a label for screen readers. */
  for (int p = 0; p < 14; p++)
    g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, p))));
  gtk_test_accessible_assert_role (kuzhi_board_view_get_cup (f->board, 0), GTK_ACCESSIBLE_ROLE_BUTTON);
  gtk_test_accessible_assert_property (kuzhi_board_view_get_cup (f->board, 2), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Player 1, cup 3, 5 shells, can be sown");
}

/* The rules' worked example, through the window's actions. */
static void
test_worked_example (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *after1 = NULL;
  g_autofree char *after2 = NULL;

  sow (f, 0);
  after1 = pits_string (kuzhi_game_model_get_position (f->model));
  g_assert_cmpstr (after1, ==, "2 8 8 1 7 1 7 | 7 7 7 0 1 7 7");
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 2 to move · Player 1 34 · Player 2 36");
  /* The cup just sown says so, as the pip on its rim shows. */
  g_assert_cmpstr (cup_label (f, 0), ==, "Player 1, cup 1, 2 shells, sown last");
  g_assert_cmpstr (cup_label (f, 10), ==, "Player 2, cup 4, 0 shells");
  g_assert_cmpstr (cup_label (f, 11), ==, "Player 2, cup 5, 1 shell, can be sown");
  gtk_test_accessible_assert_property (kuzhi_board_view_get_cup (f->board, 11), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Player 2, cup 5, 1 shell, can be sown");

  /* Player 2's last shell makes a triple on Player 1's row: the mover's. */
  sow (f, 7);
  after2 = pits_string (kuzhi_game_model_get_position (f->model));
  g_assert_cmpstr (after2, ==, "0 8 8 1 7 1 7 | 0 8 8 1 2 8 8");
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->stores[1], ==, 3);
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 1 to move · Player 1 32 · Player 2 38");
  g_assert_cmpstr (kuzhi_window_get_caption_text (f->window, 1), ==,
                   "Player 2: account 38 = 35 in cups + 3 in drawer + 0 refill left · reserve 3 = 38 − 35, half the shells");
}

static void
test_illegal_and_undo (Fixture       *f,
                       gconstpointer  data)
{
  /* Player 2's cup on Player 1's turn: nothing happens. */
  sow (f, 9);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 0);
  sow (f, 3);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 0);
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 1 to move · Player 1 35 · Player 2 35");
  g_assert_cmpstr (cup_label (f, 3), ==, "Player 1, cup 4, 5 shells, can be sown");
}

/* With an animation speed the header follows the shells, and a click on a
 * cup during the sowing finishes it without playing anything. */
static void
test_animation (Fixture       *f,
                gconstpointer  data)
{
  gint64 start;

  sow (f, 0);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  /* The model has moved on; the screen has not yet. */
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 1 to move · Player 1 35 · Player 2 35");
  kz_test_spin (200);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  g_assert_cmpint (kuzhi_board_view_get_displayed (f->board)->pits[0], ==, 0);

  start = g_get_monotonic_time ();
  while (kuzhi_board_view_get_animating (f->board) && g_get_monotonic_time () - start < 20 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (kuzhi_board_view_get_animating (f->board));
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Player 2 to move · Player 1 34 · Player 2 36");
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board),
                                    kuzhi_game_model_get_position (f->model)));

  /* Cut short by activating a cup. */
  sow (f, 8);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  g_signal_emit_by_name (kuzhi_board_view_get_cup (f->board, 1), "activate");
  g_assert_false (kuzhi_board_view_get_animating (f->board));
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 2);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board),
                                    kuzhi_game_model_get_position (f->model)));
}

static void
test_refill (Fixture       *f,
             gconstpointer  data)
{
  KzMatch match;
  int p;

  /* Not legal at the start: the action leaves the match alone. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.refill", NULL);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 0);

  find_match (&match, can_refill);
  kuzhi_game_model_set_match (f->model, &match);
  p = match.pos.to_move;
  g_assert_cmpint (kuzhi_game_model_get_refill_left (f->model, p), ==, 1);
  g_assert_nonnull (strstr (kuzhi_window_get_caption_text (f->window, p), "1 refill left"));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.refill", NULL);
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, match.pos.plies + 1);
  /* The same as the engine playing the refill shell itself. */
  g_assert_true (kz_match_play (&match, KZ_ACTION_REFILL, NULL));
  g_assert_true (kz_position_equal (&match.pos, kuzhi_game_model_get_position (f->model)));
  g_assert_true (kz_position_equal (&match.pos, kuzhi_board_view_get_displayed (f->board)));
  kz_match_clear (&match);
}

static void
test_mark_lucky (Fixture       *f,
                 gconstpointer  data)
{
  KzMatch match;
  gboolean marking;
  int p, target = -1;
  char expect[64];

  find_match (&match, can_mark);
  kuzhi_game_model_set_match (f->model, &match);
  p = match.pos.to_move;

  /* L, then Escape: nothing marked. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-lucky", NULL);
  g_object_get (f->window, "marking", &marking, NULL);
  g_assert_true (marking);
  for (int c = p * 7; c < p * 7 + 7; c++)
    if (kuzhi_game_model_is_legal (f->model, KZ_ACTION_MARK (c)))
      {
        g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, c)), ==, KUZHI_CUP_MARKABLE);
        g_assert_nonnull (strstr (cup_label (f, c), "can be marked lucky"));
        target = c;
      }
  g_assert_cmpint (target, >=, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.cancel", NULL);
  g_object_get (f->window, "marking", &marking, NULL);
  g_assert_false (marking);
  g_assert_cmpint (kuzhi_game_model_get_lucky (f->model, p), ==, match.pos.lucky[p]);
  g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, target)), !=, KUZHI_CUP_MARKABLE);

  /* L, then the cup: marked, and the turn is still the same player's. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-lucky", NULL);
  g_signal_emit_by_name (kuzhi_board_view_get_cup (f->board, target), "activate");
  g_assert_cmpint (kuzhi_game_model_get_lucky (f->model, p), ==, target);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, p);
  g_object_get (f->window, "marking", &marking, NULL);
  g_assert_false (marking);
  g_assert_cmpint (kuzhi_cup_get_lucky (kuzhi_board_view_get_cup (f->board, target)), ==, p);
  g_snprintf (expect, sizeof expect, "Player %d, cup %d, ", p + 1, target % 7 + 1);
  g_assert_true (g_str_has_prefix (cup_label (f, target), expect));
  g_assert_nonnull (strstr (cup_label (f, target), "lucky cup"));
  /* At most one mark a turn: the control is off now. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-lucky", NULL);
  g_object_get (f->window, "marking", &marking, NULL);
  g_assert_false (marking);
  kz_match_clear (&match);
}

static void
test_view_switch (Fixture       *f,
                  gconstpointer  data)
{
  double x0, y0, x7, y7;
  g_autofree char *view = NULL;

  kuzhi_board_view_get_cup_center (f->board, 0, &x0, &y0);
  kuzhi_board_view_get_cup_center (f->board, 7, &x7, &y7);
  g_assert_cmpfloat (y0, >, y7);          /* Player 1 nearest */
  g_assert_cmpfloat (x0, <, x7);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.switch-view", NULL);
  kz_test_spin (50);
  g_object_get (f->window, "view", &view, NULL);
  g_assert_cmpstr (view, ==, "player2");
  kuzhi_board_view_get_cup_center (f->board, 0, &x0, &y0);
  kuzhi_board_view_get_cup_center (f->board, 7, &x7, &y7);
  g_assert_cmpfloat (y7, >, y0);          /* Player 2 nearest, cup 7 bottom left */
  g_assert_cmpfloat (x7, <, x0);
  /* Cups keep their labels and the rules keep working. */
  g_assert_cmpstr (cup_label (f, 0), ==, "Player 1, cup 1, 5 shells, can be sown");
  sow (f, 0);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
}

/* The header bar's view button for `target` ("player1", "player2"). */
static GtkWidget *
find_view_button (GtkWidget  *widget,
                  const char *target)
{
  if (GTK_IS_TOGGLE_BUTTON (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.view") == 0)
    {
      GVariant *value = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
      if (value != NULL && g_strcmp0 (g_variant_get_string (value, NULL), target) == 0)
        return widget;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_view_button (c, target);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The view buttons say whose row comes nearest by the players' names, in
 * their tooltips and so to a screen reader, as their labels do. */
static void
test_view_tooltips (Fixture       *f,
                    gconstpointer  data)
{
  static const struct { const char *target; const char *tip; } views[] = {
    { "player1", "Meena’s row nearest (F9 switches)" },
    { "player2", "Arul’s row nearest (F9 switches)" },
  };

  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Meena", "Arul"));
  kz_test_spin (50);
  for (size_t i = 0; i < G_N_ELEMENTS (views); i++)
    {
      GtkWidget *button = find_view_button (GTK_WIDGET (f->window), views[i].target);
      char *wrong;

      g_assert_nonnull (button);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, views[i].tip);
      wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                  views[i].tip);
      if (wrong != NULL)
        g_error ("%s: %s", views[i].target, wrong);
    }
}

static GtkWidget *
find_list_box (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_list_box (c);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The move history's "Round 1" comes before the round's first turn in
 * the order a screen reader reads the list (GTK 4.8 gives the
 * accessibility bus a widget's children in their order), as it does on
 * screen; GtkListBox put it after the row. */
static void
test_history_heading_order (Fixture       *f,
                            gconstpointer  data)
{
  GtkWidget *list, *first_turn, *heading = NULL;
  int index = 0, heading_index = -1, turn_index = -1;

  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, "Meena", "Arul"));
  sow (f, 0);
  sow (f, 7);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL);
  kz_test_spin (300);
  list = find_list_box (GTK_WIDGET (kuzhi_window_get_history_panel (f->window)));
  g_assert_nonnull (list);
  first_turn = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  g_assert_nonnull (first_turn);
  heading = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (first_turn));
  g_assert_nonnull (heading);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (heading)), ==, "Round 1");
  for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL; c = gtk_widget_get_next_sibling (c), index++)
    {
      if (c == heading)
        heading_index = index;
      if (c == first_turn)
        turn_index = index;
    }
  g_assert_cmpint (heading_index, >=, 0);
  g_assert_cmpint (heading_index, ==, turn_index - 1);

  /* Still so after another turn is added to the list. */
  sow (f, 1);
  kz_test_spin (100);
  first_turn = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  heading = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (first_turn));
  g_assert_nonnull (heading);
  g_assert_true (gtk_widget_get_next_sibling (heading) == first_turn);
}

static void
test_keyboard_focus (Fixture       *f,
                     gconstpointer  data)
{
  GtkWidget *cup0 = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 0));
  GtkWidget *cup1 = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 1));
  GtkWidget *cup7 = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 7));

  gtk_widget_grab_focus (cup0);
  g_assert_true (gtk_widget_has_focus (cup0));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->board), GTK_DIR_RIGHT));
  g_assert_true (gtk_widget_has_focus (cup1));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->board), GTK_DIR_LEFT));
  g_assert_true (gtk_widget_has_focus (cup0));
  /* Up from Player 1's first cup is Player 2's last (cup 14, at the top left). */
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->board), GTK_DIR_UP));
  g_assert_false (gtk_widget_has_focus (cup0));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 13))));
  g_assert_false (gtk_widget_has_focus (cup7));

  /* Enter on a focused cup is the cup's activate signal. */
  gtk_widget_grab_focus (cup1);
  gtk_widget_activate (cup1);
  {
    KzMatch match;
    kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
    kz_match_play (&match, 1, NULL);
    g_assert_true (kz_position_equal (&match.pos, kuzhi_game_model_get_position (f->model)));
    kz_match_clear (&match);
  }
}

/* After Mark Lucky Cup (L), as after a turn played with the mouse, the
 * first arrow key draws the ring on the cup it moves to: the ring is what
 * Enter asks for, so a stale picture would leave Enter doing nothing. */
static void
test_ring_after_mark (Fixture       *f,
                      gconstpointer  data)
{
  /* Ana's reserve is 16: a lucky cup may be marked. */
  static const uint8_t pits[14] = { 5, 5, 5, 5, 5, 5, 5,  0, 0, 1, 1, 1, 1, 1 };
  GtkWidget *focus;

  kz_test_set_constitution (f->model, pits, 13, 14, 3, 0);
  g_assert_cmpint (kuzhi_game_model_get_reserve (f->model, 0), ==, 16);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 2)));
  kz_test_spin (100);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-lucky", NULL);
  g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, 3)), ==, KUZHI_CUP_MARKABLE);
  kz_test_spin (100);
  /* A key press first makes the focus visible (GtkWindow does so for any
   * key), then the arrow's binding moves the focus. */
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->window), GDK_KEY_Right));
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (KUZHI_IS_CUP (focus));
  g_assert_true (focus == GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 3)));
  for (int i = 0; i < 100 && !kuzhi_cup_get_ring_drawn (KUZHI_CUP (focus)); i++)
    kz_test_spin (20);
  g_assert_true (kuzhi_cup_get_ring_drawn (KUZHI_CUP (focus)));
}

static void
test_new_match (Fixture       *f,
                gconstpointer  data)
{
  KuzhiNewMatchDialog *dialog;

  sow (f, 2);
  dialog = kuzhi_new_match_dialog_new (GTK_WINDOW (f->window), f->model);
  gtk_window_present (GTK_WINDOW (dialog));
  kz_test_spin (50);
  kuzhi_new_match_dialog_set_choices (dialog, 4, "Ana", "Ben");
  g_assert_true (kuzhi_new_match_dialog_start (dialog));
  g_assert_cmpuint (kuzhi_game_model_get_position (f->model)->plies, ==, 0);
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==,
                   "Round 1 · Ana to move · Ana 28 · Ben 28");
  g_assert_cmpstr (cup_label (f, 0), ==, "Ana, cup 1, 4 shells, can be sown");
  g_assert_cmpstr (cup_label (f, 13), ==, "Ben, cup 7, 4 shells");
}

static void
test_match_end (Fixture       *f,
                gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (5);
  const char *banner;

  for (int ply = 0; ply < 5000 && !kuzhi_game_model_get_over (f->model); ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (f->model, legal);
      KzAction a = legal[g_rand_int_range (rand, 0, n)];

      if (KZ_ACTION_IS_MARK (a))
        {
          gtk_widget_activate_action (GTK_WIDGET (f->window), "win.mark-lucky", NULL);
          g_signal_emit_by_name (kuzhi_board_view_get_cup (f->board, KZ_ACTION_MARK_CUP (a)), "activate");
        }
      else if (a == KZ_ACTION_REFILL)
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.refill", NULL);
      else
        sow (f, a);
    }
  g_rand_free (rand);

  g_assert_true (kuzhi_game_model_get_over (f->model));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Match over · "));
  banner = kuzhi_window_get_banner_text (f->window);
  g_assert_nonnull (banner);
  g_assert_true (strstr (banner, "wins the match") != NULL || strstr (banner, "drawn") != NULL);
  g_assert_true (strstr (banner, "enough shells left to fill a cup") != NULL || strstr (banner, "third time") != NULL);
  /* No toast names a round "winner" beside the banner. */
  g_assert_false (kuzhi_window_get_toast_shown (f->window));
  for (int p = 0; p < 14; p++)
    g_assert_cmpint (kuzhi_cup_get_state (kuzhi_board_view_get_cup (f->board, p)), ==, KUZHI_CUP_PLAIN);
}

/* The Constitution: Ben's stock (3 refill left) cannot fill a cup, so Ana
 * plays on alone and each of her turns ends a round. The warning line
 * says so for as long as it lasts, not a toast once a round; the last
 * round's end says nothing beside the match banner, whose reason agrees
 * with the refill left on show. */
static void
test_playing_on_alone (Fixture       *f,
                       gconstpointer  data)
{
  static const uint8_t pits[14] = { 1, 0, 1, 0, 1, 0, 1,  0, 0, 0, 0, 0, 0, 0 };
  int round;

  kz_test_set_constitution (f->model, pits, 31, 31, 1, 3);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");

  round = kuzhi_game_model_get_round (f->model);
  sow (f, 0);
  kz_test_spin (50);
  g_assert_cmpint (kuzhi_game_model_get_round (f->model), >, round);
  g_assert_false (kuzhi_window_get_toast_shown (f->window));
  g_assert_nonnull (kuzhi_window_get_warning_text (f->window));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_warning_text (f->window),
                                   "Ben has too few shells to fill a cup: Ana plays on alone"));

  /* The next forced rounds pass without a toast each. */
  for (int turn = 0; turn < 3 && !kuzhi_game_model_get_over (f->model); turn++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      const KzPosition *pos = kuzhi_game_model_get_position (f->model);
      if (pos->to_move != 0 || kz_position_row_sum (pos, 1) > 0)
        break;
      round = kuzhi_game_model_get_round (f->model);
      g_assert_cmpint (kuzhi_game_model_get_legal (f->model, legal), >, 0);
      sow (f, legal[0]);
      kz_test_spin (50);
      if (kz_position_row_sum (kuzhi_game_model_get_position (f->model), 1) == 0 && !kuzhi_game_model_get_over (f->model))
        {
          g_assert_cmpint (kuzhi_game_model_get_round (f->model), >, round);
          g_assert_false (kuzhi_window_get_toast_shown (f->window));
        }
    }
}

/* The mapped label below `root` whose text holds `needle`, or NULL: what
 * a player can read on screen. */
static GtkLabel *
find_shown_label (GtkWidget  *root,
                  const char *needle)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;
      if (GTK_IS_LABEL (child) && gtk_widget_get_mapped (child) && gtk_widget_get_height (child) > 0
          && strstr (gtk_label_get_text (GTK_LABEL (child)), needle) != NULL)
        return GTK_LABEL (child);
      if ((found = find_shown_label (child, needle)) != NULL)
        return found;
    }
  return NULL;
}

/* Waits (2 s at most) until a label holding `needle` is on screen, or,
 * with `shown` FALSE, until none is: the warning slides in and out. */
static GtkLabel *
wait_shown_label (Fixture    *f,
                  const char *needle,
                  gboolean    shown)
{
  GtkLabel *label = NULL;

  for (int i = 0; i < 100; i++)
    {
      label = find_shown_label (GTK_WIDGET (f->window), needle);
      if ((label != NULL) == shown)
        break;
      kz_test_spin (20);
    }
  return label;
}

/* The Constitution ends without warning no more: while Ben's row is empty
 * and Ana plays on alone, the window says what will end the match; once
 * her next sowing would bring a position back a third time, it says that
 * this ends the match, before she sows (docs/rules-constitution.md: the
 * round end refills her row with the same 5 shells each time). */
static void
test_alone_warning (Fixture       *f,
                    gconstpointer  data)
{
  static const uint8_t pits[14] = { 5, 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0 };
  const char *ends = "The match ends when a round ends with fewer than 5 shells on Ana’s row and refill";
  const char *repeats = "brings a position back for the third time: that ends the match";
  GtkLabel *label;
  graphene_rect_t bounds;

  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");
  kz_test_set_constitution (f->model, pits, 29, 36, 0, 0);
  kz_test_spin (50);

  /* Before the first lonely turn: who plays alone, and what ends it. */
  label = wait_shown_label (f, ends, TRUE);
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (label), "Ben has too few shells to fill a cup: Ana plays on alone"));
  g_assert_nonnull (strstr (gtk_label_get_text (label), "or when a position comes up for the third time"));
  g_assert_null (strstr (gtk_label_get_text (label), repeats));
  bounds = kz_test_settled_bounds (GTK_WIDGET (label));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (f->window)));
  kz_test_load_style ();
  kz_test_capture (GTK_WIDGET (f->window), "alone-warning-start.png");

  /* On a phone the warning wraps and stays inside the window, and so
   * does the game's name. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 720);
  for (int i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET (f->window)) != 360; i++)
    kz_test_spin (20);
  kz_test_spin (200);
  {
    GtkWidget *shown[] = { GTK_WIDGET (wait_shown_label (f, ends, TRUE)),
                           GTK_WIDGET (kz_test_find_label (GTK_WIDGET (f->window), "Constitution")) };
    for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
      {
        g_assert_nonnull (shown[i]);
        bounds = kz_test_settled_bounds (shown[i]);
        g_assert_cmpfloat (bounds.origin.x, >=, 0);
        g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 360);
        g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (f->window)));
      }
  }
  kz_test_capture (GTK_WIDGET (f->window), "alone-warning-narrow.png");
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 660);
  for (int i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET (f->window)) != 1000; i++)
    kz_test_spin (20);

  /* The position comes back a second time: the next sowing ends it. */
  sow (f, 0);
  kz_test_spin (50);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  g_assert_cmpuint (kuzhi_game_model_get_occurrences (f->model), ==, 2);
  label = wait_shown_label (f, repeats, TRUE);
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (label), "Sowing cup 1 brings a position back"));
  kz_test_capture (GTK_WIDGET (f->window), "alone-warning.png");

  /* And it does: the banner says why, the warning has gone (once it
   * has slid away). */
  sow (f, 0);
  kz_test_spin (50);
  g_assert_true (kuzhi_game_model_get_over (f->model));
  g_assert_nonnull (strstr (kuzhi_window_get_banner_text (f->window), "third time"));
  g_assert_null (wait_shown_label (f, repeats, FALSE));
  g_assert_null (wait_shown_label (f, ends, FALSE));
  g_assert_null (kuzhi_window_get_warning_text (f->window));
}

/* The last round: the banner alone tells the result, and "no shell left"
 * is not said while refill shells are on show. */
static void
test_last_round (Fixture       *f,
                 gconstpointer  data)
{
  /* Ana's last shell in cup 6 drops into Ben's empty cup 7: her row is
   * empty, and neither stock (0, and 1 + 3 refill left) fills a cup of 5. */
  static const uint8_t pits[14] = { 0, 0, 0, 0, 0, 0, 1,  0, 0, 0, 0, 0, 0, 0 };
  const char *banner;
  graphene_rect_t before, after;

  kz_test_set_constitution (f->model, pits, 36, 30, 0, 3);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");

  /* Where the board settles once the window has laid the new match out. */
  before = kz_test_settled_bounds (GTK_WIDGET (f->board));
  sow (f, 6);
  kz_test_wait_banner (f->window);
  g_assert_true (kuzhi_game_model_get_over (f->model));
  /* The banner floats over the play area: the board has not moved. */
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->board), GTK_WIDGET (f->window), &after));
  g_assert_cmpfloat (after.origin.y, ==, before.origin.y);
  g_assert_cmpfloat (after.size.height, ==, before.size.height);
  banner = kuzhi_window_get_banner_text (f->window);
  g_assert_nonnull (banner);
  g_test_message ("%s", banner);
  g_assert_cmpstr (banner, ==, "Ana wins the match, 36 to 34: neither player has enough shells left to fill a cup.");
  g_assert_false (kuzhi_window_get_toast_shown (f->window));
  /* At the window's usual size the sentence wraps beside its buttons, so
   * the banner leaves the header line below it in view. */
  {
    GtkWidget *label = GTK_WIDGET (kz_test_find_label (GTK_WIDGET (f->window), banner));
    GtkWidget *header = GTK_WIDGET (kz_test_find_label (GTK_WIDGET (f->window), kuzhi_window_get_header_text (f->window)));
    GtkWidget *button = GTK_WIDGET (kz_test_find_button (GTK_WIDGET (f->window), "Review Match"));
    graphene_rect_t rl, rh, rb;

    g_assert_nonnull (label);
    g_assert_nonnull (header);
    g_assert_nonnull (button);
    g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (f->window), &rl));
    g_assert_true (gtk_widget_compute_bounds (header, GTK_WIDGET (f->window), &rh));
    g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (f->window), &rb));
    g_test_message ("window %d wide: banner label %g,%g %g×%g, button at %g,%g, header at y %g",
                    gtk_widget_get_width (GTK_WIDGET (f->window)), rl.origin.x, rl.origin.y,
                    rl.size.width, rl.size.height, rb.origin.x, rb.origin.y, rh.origin.y);
    g_assert_cmpfloat (rb.origin.x, >=, rl.origin.x + rl.size.width);
    g_assert_cmpfloat (rb.origin.y, <, rl.origin.y + rl.size.height);
    g_assert_cmpfloat (MAX (rl.origin.y + rl.size.height, rb.origin.y + rb.size.height), <=, rh.origin.y);
  }

  /* Nor when the banner goes (undo, here): the board stays where it was. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  g_assert_null (kuzhi_window_get_banner_text (f->window));
  after = kz_test_settled_bounds (GTK_WIDGET (f->board));
  g_assert_cmpfloat (after.origin.y, ==, before.origin.y);
  g_assert_cmpfloat (after.size.height, ==, before.size.height);
}

/* A round's end in the Constitution says the accounts in the captions'
 * words and what the 35 is, not "38/35". */
static void
test_round_toast (Fixture       *f,
                  gconstpointer  data)
{
  /* Ana's last shell drops into Ben's empty cup 7: her row is empty, the
   * round ends, and Ben, whose row still holds shells, opens the next.
   * Accounts: Ana 0 + 33 + 5 = 38, Ben 5 + 27 = 32. */
  static const uint8_t pits[14] = { 0, 0, 0, 0, 0, 0, 1,  0, 4, 0, 0, 0, 0, 0 };

  /* Ana's 5 refill left set out one cup of her new row. */
  kz_test_set_constitution (f->model, pits, 33, 27, 5, 0);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");

  sow (f, 6);
  kz_test_spin (50);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  g_assert_true (kuzhi_window_get_toast_shown (f->window));
  g_assert_cmpstr (kuzhi_window_get_last_toast (f->window), ==,
                   "Round 1 is over: Ben opens round 2 — accounts: Ana 38, Ben 32 (half the shells: 35)");
  g_assert_null (strstr (kuzhi_window_get_last_toast (f->window), "/35"));
}

/* The buttons of `action` below `root` (at most 2: win.hint's in the
 * header bar, and its narrow form). */
static void
find_action_buttons (GtkWidget   *root,
                     const char  *action,
                     GtkWidget  **found,
                     int         *n)
{
  if (root == GTK_WIDGET (gtk_widget_get_root (root)))
    *n = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action) == 0
          && *n < 2)
        found[(*n)++] = child;
      find_action_buttons (child, action, found, n);
    }
}

/* Grey buttons say why: Mark Lucky Cup at reserve 14, Sow Refill Shell
 * with 3 refill-left shells; the hint line says the same. During the
 * computer's turn, a sowing or after the match, the grey buttons say
 * that instead, and when they will not be grey. */
static void
test_why_not (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *hint_buttons[2];
  int n_hint_buttons = 0;
  static const uint8_t pits[14] = { 5, 5, 5, 5, 5, 5, 5,  1, 1, 1, 1, 1, 1, 1 };
  GtkWidget *mark_button, *refill_button;
  const char *hint;

  /* Ana: 35 in cups + 11 in drawer + 3 refill left = 49, reserve 14. */
  kz_test_set_constitution (f->model, pits, 11, 14, 3, 0);
  g_assert_cmpint (kuzhi_game_model_get_reserve (f->model, 0), ==, 14);

  /* Undo and Redo, grey with no turn played or undone, say when they
   * will not be. */
  {
    GtkWidget *undo_button, *redo_button;
    int n;

    find_action_buttons (GTK_WIDGET (f->window), "win.undo", &undo_button, &n);
    g_assert_cmpint (n, ==, 1);
    find_action_buttons (GTK_WIDGET (f->window), "win.redo", &redo_button, &n);
    g_assert_cmpint (n, ==, 1);
    g_assert_false (gtk_widget_is_sensitive (undo_button));
    g_assert_false (gtk_widget_is_sensitive (redo_button));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==,
                     "Nothing to undo yet: each turn, once played, can be undone (Ctrl+Z).");
    g_assert_cmpstr (gtk_widget_get_tooltip_text (redo_button), ==,
                     "Nothing to redo: a turn you undo can be redone until another is played (Shift+Ctrl+Z).");
    sow (f, 0);
    g_assert_true (gtk_widget_is_sensitive (undo_button));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (undo_button), ==, "Undo the last turn (Ctrl+Z)");
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
    g_assert_true (gtk_widget_is_sensitive (redo_button));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (redo_button), ==, "Redo the turn undone last (Shift+Ctrl+Z)");
    g_assert_cmpint (kuzhi_game_model_get_reserve (f->model, 0), ==, 14);
  }

  mark_button = kz_test_find_button (GTK_WIDGET (f->window), "Mark _Lucky Cup");
  refill_button = kz_test_find_button (GTK_WIDGET (f->window), "Sow _Refill Shell");
  g_assert_false (gtk_widget_is_sensitive (mark_button));
  g_assert_false (gtk_widget_is_sensitive (refill_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==,
                   "A lucky cup may be marked at a reserve of 1, 6, 11, 16 … 61; yours is 14.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (refill_button), ==,
                   "You have 3 refill-left shells: only a single one can be sown; they go back on your row at the next round end.");
  hint = kuzhi_window_get_hint_text (f->window);
  g_assert_nonnull (strstr (hint, "yours is 14"));
  g_assert_nonnull (strstr (hint, "You have 3 refill-left shells"));

  /* At reserve 16 (two more in the drawer, two fewer on Ben's row) the
   * lucky cup is allowed, and the tooltip says what the button does. */
  {
    uint8_t fewer[14];

    memcpy (fewer, pits, sizeof fewer);
    fewer[7] = fewer[8] = 0;
    kz_test_set_constitution (f->model, fewer, 13, 14, 3, 0);
  }
  g_assert_cmpint (kuzhi_game_model_get_reserve (f->model, 0), ==, 16);
  g_assert_true (gtk_widget_is_sensitive (mark_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==,
                   "Choose one of your cups as your lucky cup (L, then a cup; Escape cancels)");
  g_assert_null (strstr (kuzhi_window_get_hint_text (f->window), "yours is"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (refill_button), ==,
                   "You have 3 refill-left shells: only a single one can be sown; they go back on your row at the next round end.");
  find_action_buttons (GTK_WIDGET (f->window), "win.hint", hint_buttons, &n_hint_buttons);
  g_assert_cmpint (n_hint_buttons, ==, 2);
  for (int i = 0; i < 2; i++)
    g_assert_cmpstr (gtk_widget_get_tooltip_text (hint_buttons[i]), ==, "Hint: the move the computer would play (H)");

  /* What holds every move back is said before the rules, and when it
   * ends: the computer to move, whatever the reserve allows … */
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_HARD);
  g_assert_true (kuzhi_window_computer_to_move (f->window));
  g_assert_false (gtk_widget_is_sensitive (mark_button));
  g_assert_false (gtk_widget_is_sensitive (hint_buttons[0]));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==,
                   "Player 1 (Hard) is thinking… This is possible again once it has moved.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (refill_button), ==,
                   "Player 1 (Hard) is thinking… This is possible again once it has moved.");
  for (int i = 0; i < 2; i++)
    g_assert_cmpstr (gtk_widget_get_tooltip_text (hint_buttons[i]), ==,
                     "Player 1 (Hard) is thinking… This is possible again once it has moved.");
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_NONE);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==,
                   "Choose one of your cups as your lucky cup (L, then a cup; Escape cancels)");

  /* … a sowing on screen (the hint is not held back by it) … */
  g_settings_set_string (f->settings, "animation-speed", "slow");
  sow (f, 0);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  g_assert_false (gtk_widget_is_sensitive (mark_button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==,
                   "Wait for the sowing to finish, or click the board to finish it now.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (refill_button), ==,
                   "Wait for the sowing to finish, or click the board to finish it now.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (hint_buttons[0]), ==, "Hint: the move the computer would play (H)");
  kuzhi_board_view_finish_animation (f->board);
  g_settings_set_string (f->settings, "animation-speed", "instant");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), !=,
                   "Wait for the sowing to finish, or click the board to finish it now.");

  /* … and the match's end (Ana's last shell empties her row; neither
   * stock fills a cup). */
  {
    static const uint8_t last[14] = { 0, 0, 0, 0, 0, 0, 1,  0, 0, 0, 0, 0, 0, 0 };

    kz_test_set_constitution (f->model, last, 36, 30, 0, 3);
    sow (f, 6);
    g_assert_true (kuzhi_game_model_get_over (f->model));
  }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (mark_button), ==, "The match is over: start a new one with Ctrl+N.");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (refill_button), ==, "The match is over: start a new one with Ctrl+N.");
  for (int i = 0; i < 2; i++)
    {
      g_assert_false (gtk_widget_is_sensitive (hint_buttons[i]));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (hint_buttons[i]), ==, "The match is over: start a new one with Ctrl+N.");
    }
}

/* The sowing preview: the cup focused with the ring shown is previewed,
 * its accessible description says what sowing it does (the rules page's
 * worked example: relays from four cups, named in order, the last shell
 * in cup 4), and the
 * preference turns it off. */
static void
test_preview (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *cup0 = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 0));
  const char *expected = "The last shell falls in Player 1's cup 4; it goes on from cup 6, Player 2's cup 5, cup 4 "
                         "and Player 2's cup 4.";
  char *wrong;

  gtk_widget_grab_focus (cup0);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  kz_test_spin (20);
  g_assert_cmpint (kuzhi_board_view_get_preview_pit (f->board), ==, 0);
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (cup0), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  g_assert_null (wrong);
  /* A cup of the other row may not be sown: nothing to preview. */
  gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 9)));
  g_assert_cmpint (kuzhi_board_view_get_preview_pit (f->board), ==, -1);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (kuzhi_board_view_get_cup (f->board, 9)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  g_settings_set_boolean (f->settings, "sowing-preview", FALSE);
  gtk_widget_grab_focus (cup0);
  kz_test_spin (20);
  g_assert_cmpint (kuzhi_board_view_get_preview_pit (f->board), ==, -1);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cup0), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_settings_set_boolean (f->settings, "sowing-preview", TRUE);
  g_assert_cmpint (kuzhi_board_view_get_preview_pit (f->board), ==, 0);
}

/* Whether `a` lies within `b` (graphene 1.10's contains_rect says no to
 * some that do). */
static gboolean
rect_inside (const graphene_rect_t *a,
             const graphene_rect_t *b)
{
  return a->origin.x >= b->origin.x && a->origin.y >= b->origin.y
         && a->origin.x + a->size.width <= b->origin.x + b->size.width
         && a->origin.y + a->size.height <= b->origin.y + b->size.height;
}

/* Lays out `pos` at width × height as the board would, with `view`'s
 * row nearest, and a scene of it shown still. */
static void
scene_init (KuzhiBoardScene  *scene,
            KuzhiBoardLayout *layout,
            KuzhiSowing      *sowing,
            PangoContext     *pango,
            const KzPosition *pos,
            int               width,
            int               height,
            int               view,
            gboolean          upright)
{
  kuzhi_board_layout_compute (layout, width, height, pos->n_pits, view, upright);
  kuzhi_sowing_init (sowing);
  sowing->displayed = sowing->target = *pos;
  *scene = (KuzhiBoardScene) { .layout = layout, .sowing = sowing, .pango = pango,
                               .hint_pit = -1, .preview_pit = -1 };
}

static const struct { int width, height; gboolean upright; } board_sizes[] = {
  { 1000, 420, FALSE }, { 700, 520, FALSE }, { 360, 700, TRUE },
};

/* The refill-left tray: a drawer with 3 refill left draws 3 shells in a
 * tray at its own drawer's foot, clear of every cup; with 0 none; with 5
 * still 3 (its count says the rest). */
static void
test_refill_tray (Fixture       *f,
                  gconstpointer  data)
{
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (f->board));
  KzMatch m;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  m.pos.refill_left[0] = 3;
  m.pos.refill_left[1] = 0;
  for (guint s = 0; s < G_N_ELEMENTS (board_sizes); s++)
    for (int view = 0; view < 2; view++)
      for (int refill = 0; refill <= 5; refill++)
        {
          KuzhiBoardLayout layout;
          KuzhiSowing sowing;
          KuzhiBoardScene scene;
          graphene_rect_t tray, other;
          graphene_point_t shells[3], other_shells[3];
          int n = -1, n_other = -1;

          m.pos.refill_left[0] = refill;
          scene_init (&scene, &layout, &sowing, pango, &m.pos, board_sizes[s].width, board_sizes[s].height,
                      view, board_sizes[s].upright);
          g_assert_false (kuzhi_board_paint_refill_tray (&scene, 1, &other, other_shells, &n_other));
          g_assert_cmpint (n_other, ==, 0);
          g_assert_cmpint (kuzhi_board_paint_refill_tray (&scene, 0, &tray, shells, &n), ==, refill > 0);
          g_assert_cmpint (n, ==, MIN (refill, 3));
          if (refill == 0)
            continue;
          /* Beside its own drawer, at its foot, not over any cup. */
          if (!rect_inside (&tray, &layout.drawers[0]))
            g_error ("%d × %d, view %d: the tray (%.1f, %.1f, %.1f × %.1f) is not in its drawer (%.1f, %.1f, %.1f × %.1f)",
                     board_sizes[s].width, board_sizes[s].height, view,
                     tray.origin.x, tray.origin.y, tray.size.width, tray.size.height,
                     layout.drawers[0].origin.x, layout.drawers[0].origin.y,
                     layout.drawers[0].size.width, layout.drawers[0].size.height);
          for (int p = 0; p < layout.n_pits; p++)
            g_assert_false (graphene_rect_intersection (&tray, &layout.cups[p], NULL));
          for (int i = 0; i < n; i++)
            g_assert_true (graphene_rect_contains_point (&tray, &shells[i]));
          kuzhi_sowing_clear (&sowing);
        }
  kz_match_clear (&m);
}

/* How many pixels a drawing leaves painted inside `rect` (only pixels
 * wholly inside count), drawn by `draw` onto a transparent image. */
typedef void (*DrawFunc) (const KuzhiBoardScene *scene, cairo_t *cr);

static int
painted_inside (const KuzhiBoardScene *scene,
                DrawFunc               draw,
                GskRenderNode         *node,
                const graphene_rect_t *rect)
{
  int x0 = (int) floor (rect->origin.x), y0 = (int) floor (rect->origin.y);
  int w = (int) ceil (rect->origin.x + rect->size.width) - x0;
  int h = (int) ceil (rect->origin.y + rect->size.height) - y0;
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (w, 1), MAX (h, 1));
  cairo_t *cr = cairo_create (image);
  int n = 0;

  cairo_translate (cr, -x0, -y0);
  if (draw != NULL)
    draw (scene, cr);
  else
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      {
        const guint32 *px = (const guint32 *) (cairo_image_surface_get_data (image) + j * cairo_image_surface_get_stride (image)) + i;

        if (x0 + i >= rect->origin.x && x0 + i + 1 <= rect->origin.x + rect->size.width
            && y0 + j >= rect->origin.y && y0 + j + 1 <= rect->origin.y + rect->size.height
            && (*px >> 24) != 0)
          n++;
      }
  cairo_surface_destroy (image);
  return n;
}

/* Rings give way to the words on them, in every game, both views, lying
 * and upright, on every cup: the hint's breathing gold ring leaves the
 * cup's analysis value ("+3", "loses by 36") unpainted at every moment
 * of its breath, and the preview's ring where the last shell falls
 * leaves the relays' numbers, a triple's "3" and the value on that cup
 * unpainted.
 * Both are rendered alone and their pixels read inside the rectangles
 * the painting puts the words in. */
static void
test_rings_give_way (Fixture       *f,
                     gconstpointer  data)
{
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (f->board));
  static const char *texts[] = { "+3", "−12", "loses by 36", "draw" };
  static const double times[] = { 0, 0.125, 0.25, 0.5, 0.75 };
  int rings_seen = 0;

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    for (guint s = 0; s < G_N_ELEMENTS (board_sizes); s++)
      for (int view = 0; view < 2; view++)
        {
          KzMatch m;
          KuzhiBoardLayout layout;
          KuzhiSowing sowing;
          KuzhiBoardScene scene;

          g_assert_true (kz_match_init (&m, v, NULL, NULL, 0));
          scene_init (&scene, &layout, &sowing, pango, &m.pos, board_sizes[s].width, board_sizes[s].height,
                      view, board_sizes[s].upright);
          for (int p = 0; p < layout.n_pits; p++)
            {
              const char *values[KZ_MAX_PITS] = { NULL };
              KzPreview pv = { .last_pit = p, .last_store = -1, .n_relays = 2,
                               .relays = { p, (p + 1) % layout.n_pits }, .triples = 1u << p };
              graphene_rect_t marks[8];
              int n_marks;

              /* The hint over the value. */
              scene.hint_pit = p;
              scene.values = values;
              for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
                for (guint k = 0; k < G_N_ELEMENTS (times); k++)
                  {
                    GtkSnapshot *snapshot = gtk_snapshot_new ();
                    g_autoptr(GskRenderNode) node = NULL;
                    graphene_rect_t pill, ring;

                    values[p] = texts[t];
                    scene.time = times[k];
                    kuzhi_board_paint_hint (&scene, snapshot);
                    node = gtk_snapshot_free_to_node (snapshot);
                    kuzhi_board_paint_value_place (&scene, p, texts[t], &pill);
                    if (painted_inside (&scene, NULL, node, &pill) != 0)
                      g_error ("game %d, %d × %d, view %d: the hint's ring at %.3f s over cup %d's \"%s\" at %g,%g %g×%g",
                               v, board_sizes[s].width, board_sizes[s].height, view,
                               times[k], p, texts[t], pill.origin.x, pill.origin.y, pill.size.width, pill.size.height);
                    if (t == 0 && k == 0)
                      {
                        gsk_render_node_get_bounds (node, &ring);
                        rings_seen += painted_inside (&scene, NULL, node, &ring) > 0;
                      }
                  }
              scene.hint_pit = -1;
              scene.values = NULL;

              /* The preview's ring over its marks and the cup's value. */
              scene.preview = &pv;
              scene.preview_pit = p;
              values[p] = "loses by 36";
              scene.values = values;
              n_marks = kuzhi_board_paint_preview_marks (&scene, marks, G_N_ELEMENTS (marks));
              g_assert_cmpint (n_marks, ==, 3);
              kuzhi_board_paint_value_place (&scene, p, values[p], &marks[n_marks++]);
              for (int i = 0; i < n_marks; i++)
                if (painted_inside (&scene, kuzhi_board_paint_preview_ring, NULL, &marks[i]) != 0)
                  g_error ("game %d, %d × %d, view %d: the preview's ring over cup %d's mark %d at %g,%g %g×%g",
                           v, board_sizes[s].width, board_sizes[s].height, view,
                           p, i, marks[i].origin.x, marks[i].origin.y, marks[i].size.width, marks[i].size.height);
              {
                graphene_rect_t all = GRAPHENE_RECT_INIT (0, 0, layout.width, layout.height);
                rings_seen += painted_inside (&scene, kuzhi_board_paint_preview_ring, NULL, &all) > 0;
              }
              scene.preview = NULL;
              scene.preview_pit = -1;
              scene.values = NULL;
            }
          kz_match_clear (&m);
        }
  /* The rings were drawn at all. */
  g_assert_cmpint (rings_seen, >, 100);

  /* rings-give-way.png: Kalah, the hint's ring round "loses by 36" on
   * pit 4, the preview of pit 2 ending on pit 6 with its relays. */
  if (g_getenv ("KUZHI_SCREENSHOT_DIR") != NULL)
    {
      KzMatch m;
      KuzhiBoardLayout layout;
      KuzhiSowing sowing;
      KuzhiBoardScene scene;
      const char *values[KZ_MAX_PITS] = { [1] = "+2", [3] = "loses by 36", [5] = "−12" };
      KzPreview pv = { .last_pit = 5, .last_store = -1, .n_relays = 2, .relays = { 5, 4 } };
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autofree char *path = g_build_filename (g_getenv ("KUZHI_SCREENSHOT_DIR"), "rings-give-way.png", NULL);
      cairo_surface_t *image;
      cairo_t *cr;

      g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, NULL, NULL, 0));
      scene_init (&scene, &layout, &sowing, pango, &m.pos, 700, 260, 0, FALSE);
      scene.values = values;
      scene.hint_pit = 3;
      scene.time = 0.25;
      scene.preview = &pv;
      scene.preview_pit = 1;
      image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 700, 260);
      cr = cairo_create (image);
      kuzhi_board_paint_wood (&scene, cr);
      kuzhi_board_paint_preview (&scene, cr);
      kuzhi_board_paint_values (&scene, cr, values, 3);
      kuzhi_board_paint_hint (&scene, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      g_assert_cmpint (cairo_surface_write_to_png (image, path), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (image);
      kz_match_clear (&m);
    }
}

/* The hand's count pill stays on the wood over every cup (the far row's
 * above all), in every game, both views, lying and upright; the word
 * said over a cup ("Triple!") covers no other cup's count. */
static void
test_hand_and_said (Fixture       *f,
                    gconstpointer  data)
{
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (f->board));
  static const struct { KzEventType type; KzEventDetail detail; } said[] = {
    { KZ_EVENT_TRIPLE, 0 }, { KZ_EVENT_LUCKY, 0 }, { KZ_EVENT_CAPTURE, KZ_DETAIL_PASU },
  };

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    for (guint s = 0; s < G_N_ELEMENTS (board_sizes); s++)
      for (int view = 0; view < 2; view++)
        {
          KzMatch m;
          KuzhiBoardLayout layout;
          KuzhiSowing sowing;
          KuzhiBoardScene scene;
          double u;

          g_assert_true (kz_match_init (&m, v, NULL, NULL, 0));
          scene_init (&scene, &layout, &sowing, pango, &m.pos, board_sizes[s].width, board_sizes[s].height,
                      view, board_sizes[s].upright);
          u = layout.unit;
          for (int p = 0; p < layout.n_pits; p++)
            {
              double hx, hy;

              kuzhi_board_layout_center (&layout, p, &hx, &hy);
              for (int count = 1; count <= 48; count += 47)
                for (int lift = 0; lift < 2; lift++)
                  {
                    graphene_rect_t pill;
                    double shells_y;

                    kuzhi_board_paint_hand_place (&scene, hx, hy, lift * u * 0.55, count, &shells_y, &pill);
                    if (!rect_inside (&pill, &layout.board))
                      g_error ("%s, %d × %d, view %d: the hand's pill over pit %d (%.1f, %.1f, %.1f × %.1f) leaves the board (%.1f, %.1f, %.1f × %.1f)",
                               kz_variant_get (v)->key, board_sizes[s].width, board_sizes[s].height, view, p,
                               pill.origin.x, pill.origin.y, pill.size.width, pill.size.height,
                               layout.board.origin.x, layout.board.origin.y,
                               layout.board.size.width, layout.board.size.height);
                  }

              for (guint w = 0; w < G_N_ELEMENTS (said); w++)
                for (int step = 0; step <= 4; step++)
                  {
                    KzEvent ev = { .type = said[w].type, .pit = p, .player = p * 2 / layout.n_pits,
                                   .count = 3, .detail = said[w].detail };
                    graphene_rect_t rect;

                    g_array_set_size (sowing.queue, 0);
                    kuzhi_sowing_push (&sowing, &ev);
                    sowing.pos = 0;
                    sowing.slot_begun = TRUE;
                    sowing.flying = 3;
                    sowing.progress = step / 4.0;
                    g_assert_true (kuzhi_board_paint_said (&scene, &rect));
                    for (int q = 0; q < layout.n_pits; q++)
                      {
                        graphene_rect_t pill;
                        int x, y, size;

                        if (q == p)
                          continue;
                        kuzhi_board_layout_cup_box (&layout, q, &x, &y, &size);
                        kuzhi_cup_count_pill (pango, size, size, 48, &pill);
                        graphene_rect_offset (&pill, x, y);
                        if (graphene_rect_intersection (&rect, &pill, NULL))
                          g_error ("%s, %d × %d, view %d: the word over pit %d covers pit %d's count",
                                   kz_variant_get (v)->key, board_sizes[s].width, board_sizes[s].height, view, p, q);
                      }
                  }
            }
          kuzhi_sowing_clear (&sowing);
          kz_match_clear (&m);
        }
}

/* Draws `scene`'s hand, flying shells and word onto an image of the
 * layout's size. */
static cairo_surface_t *
hand_picture (const KuzhiBoardScene *scene)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) scene->layout->width,
                                                       (int) scene->layout->height);
  cairo_t *cr = cairo_create (image);

  kuzhi_board_paint_hand (scene, cr);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

/* Draws a render node onto an image `width` × `height`. */
static cairo_surface_t *
node_picture (GskRenderNode *node,
              int            width,
              int            height)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (image);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

static gboolean
same_picture (cairo_surface_t *a,
              cairo_surface_t *b)
{
  return cairo_image_surface_get_height (a) == cairo_image_surface_get_height (b)
         && cairo_image_surface_get_stride (a) == cairo_image_surface_get_stride (b)
         && memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                    (size_t) cairo_image_surface_get_stride (a) * cairo_image_surface_get_height (a)) == 0;
}

static int
painted_pixels (cairo_surface_t *image)
{
  int n = 0;

  for (int j = 0; j < cairo_image_surface_get_height (image); j++)
    for (int i = 0; i < cairo_image_surface_get_width (image); i++)
      n += (((const guint32 *) (cairo_image_surface_get_data (image)
                                + j * cairo_image_surface_get_stride (image)))[i] >> 24) != 0;
  return n;
}

/* The board as it is on screen now. */
static cairo_surface_t *
board_picture (KuzhiBoardView *board)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (board));
  g_autoptr(GdkPaintable) image = gdk_paintable_get_current_image (paintable);
  int w = gtk_widget_get_width (GTK_WIDGET (board)), h = gtk_widget_get_height (GTK_WIDGET (board));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;

  gdk_paintable_snapshot (image, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return node_picture (node, w, h);
}

static void
count_frame (GdkFrameClock *clock,
             int           *frames)
{
  (*frames)++;
}

/* How many frames the board draws in `ms`. */
static int
frames_in (KuzhiBoardView *board,
           guint           ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (board));
  int frames = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);

  kz_test_spin (ms);
  g_signal_handler_disconnect (clock, id);
  return frames;
}

/* With the desktop's animations off (GNOME's Reduce Animation), nothing
 * on the board moves within a step: each event of a sowing is drawn the
 * same at every moment of it, and still shows what it shows (the hand,
 * the shells taken, the word, the ring of a marked cup); the hint's ring
 * stands still and the board stops redrawing for it. With animations on
 * the same moments differ, so each comparison can fail. */
static void
test_animations_off (Fixture       *f,
                     gconstpointer  data)
{
  static const struct { KzEvent ev; int hand, hand_at, flying; } steps[] = {
    { { .type = KZ_EVENT_LIFT, .pit = 2, .count = 5 }, 5, 2, 0 },
    { { .type = KZ_EVENT_RELAY, .pit = 9, .count = 4 }, 4, 9, 0 },
    { { .type = KZ_EVENT_DROP, .pit = 3 }, 4, 2, 0 },
    { { .type = KZ_EVENT_STORE, .player = 0 }, 2, 6, 0 },
    { { .type = KZ_EVENT_TRIPLE, .pit = 4, .player = 0, .count = 3 }, 0, 3, 3 },
    { { .type = KZ_EVENT_LUCKY, .pit = 11, .player = 1, .count = 4 }, 0, 3, 4 },
    { { .type = KZ_EVENT_CAPTURE, .pit = 5, .player = 0, .count = 4, .detail = KZ_DETAIL_PASU }, 0, 3, 4 },
    { { .type = KZ_EVENT_MARK, .pit = 1, .player = 0 }, 0, 3, 0 },
  };
  static const double moments[] = { 0.15, 0.5, 0.85 };
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (f->board));
  GtkSettings *desktop = gtk_widget_get_settings (GTK_WIDGET (f->board));
  KzMatch m;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  for (guint e = 0; e < G_N_ELEMENTS (steps); e++)
    for (int still = 0; still < 2; still++)
      {
        KuzhiBoardLayout layout;
        KuzhiSowing sowing;
        KuzhiBoardScene scene;
        cairo_surface_t *first = NULL;
        gboolean all_same = TRUE;

        scene_init (&scene, &layout, &sowing, pango, &m.pos, 1000, 420, 0, FALSE);
        scene.still = still;
        kuzhi_sowing_push (&sowing, &steps[e].ev);
        sowing.slot_begun = TRUE;
        sowing.hand = steps[e].hand;
        sowing.hand_at = steps[e].hand_at;
        sowing.flying = steps[e].flying;
        for (guint t = 0; t < G_N_ELEMENTS (moments); t++)
          {
            cairo_surface_t *image;

            sowing.progress = moments[t];
            image = hand_picture (&scene);
            if (still)
              g_assert_cmpint (painted_pixels (image), >, 100);
            if (first == NULL)
              first = image;
            else
              {
                all_same = all_same && same_picture (first, image);
                cairo_surface_destroy (image);
              }
          }
        if (all_same != still)
          g_error ("event %u, animations %s: the step is drawn %s at every moment", e,
                   still ? "off" : "on", all_same ? "the same" : "differently");
        cairo_surface_destroy (first);
        kuzhi_sowing_clear (&sowing);
      }
  kz_match_clear (&m);

  /* The hint on the board itself: breathing, redrawn every frame, while
   * the desktop animates; still, and not redrawn, once it stops. */
  kuzhi_board_view_set_hint (f->board, 2);
  for (int still = 0; still < 2; still++)
    {
      cairo_surface_t *pictures[3];
      gboolean all_same;
      int frames;

      g_object_set (desktop, "gtk-enable-animations", !still, NULL);
      kz_test_spin (100);
      frames = frames_in (f->board, 500);
      g_test_message ("animations %s: %d frames in 500 ms", still ? "off" : "on", frames);
      /* Drawn again (by the pointer, say) a third of a second apart: a
       * breath of a second cannot look the same at all three. */
      for (int i = 0; i < 3; i++)
        {
          if (i > 0)
            {
              kz_test_spin (250);
              gtk_widget_queue_draw (GTK_WIDGET (f->board));
              kz_test_spin (100);
            }
          pictures[i] = board_picture (f->board);
        }
      all_same = same_picture (pictures[0], pictures[1]) && same_picture (pictures[1], pictures[2]);
      if (still)
        {
          g_assert_cmpint (frames, <=, 1);
          g_assert_true (all_same);
        }
      else
        {
          g_assert_cmpint (frames, >=, 5);
          g_assert_false (all_same);
        }
      for (int i = 0; i < 3; i++)
        cairo_surface_destroy (pictures[i]);
    }
  g_object_set (desktop, "gtk-enable-animations", TRUE, NULL);
  kuzhi_board_view_set_hint (f->board, -1);
}

/* The sRGB relative luminance of an opaque pixel of an ARGB32 image. */
static double
pixel_luminance (cairo_surface_t *image,
                 int              x,
                 int              y)
{
  guint32 px = ((const guint32 *) (cairo_image_surface_get_data (image)
                                   + y * cairo_image_surface_get_stride (image)))[x];
  double c[3] = { ((px >> 16) & 0xff) / 255.0, ((px >> 8) & 0xff) / 255.0, (px & 0xff) / 255.0 };

  for (int i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* The strongest contrast ratio (WCAG's) between two pixels at most 3 px
 * apart on the row through the cup's centre, from `from` to `to` times
 * the cup's half size out to the right of its centre: how well a ring
 * drawn there stands out from what is next to it. */
static double
ring_contrast (cairo_surface_t *picture,
               KuzhiBoardView  *board,
               int              pit,
               double           from,
               double           to)
{
  graphene_rect_t b;
  double cx, half, best = 1;
  int cy;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (board, pit)),
                                            GTK_WIDGET (board), &b));
  cx = b.origin.x + b.size.width / 2;
  cy = (int) (b.origin.y + b.size.height / 2);
  half = MIN (b.size.width, b.size.height) / 2;
  for (int x = (int) (cx + from * half); x <= (int) (cx + to * half); x++)
    for (int d = 1; d <= 3; d++)
      {
        double l1 = pixel_luminance (picture, x, cy), l2 = pixel_luminance (picture, x + d, cy);

        best = MAX (best, (MAX (l1, l2) + 0.05) / (MIN (l1, l2) + 0.05));
      }
  return best;
}

/* With the desktop's high contrast, the rings of the cups stand out from
 * what is next to them by WCAG's measure for non-text (3:1): the ring of
 * a cup that may be sown (1.4 without: blue on brown) or marked lucky
 * (2.1 without: gold on the rim), and the focus ring by far more (7:1).
 * The board follows the desktop's setting as it changes. */
static void
test_high_contrast (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                                       "org.gnome.desktop.a11y.interface", TRUE);
  AdwStyleManager *style = adw_style_manager_get_default ();
  double sown[2][7];
  KuzhiCup *focused = kuzhi_board_view_get_cup (f->board, 3);

  /* The desktop's switch, as GNOME Settings turns it (read by libadwaita
   * through GSettings when no settings portal answers). */
  g_assert_cmpint (kuzhi_board_view_get_high_contrast (f->board), ==, adw_style_manager_get_high_contrast (style));
  if (schema != NULL)
    {
      g_autoptr(GSettings) a11y = g_settings_new ("org.gnome.desktop.a11y.interface");

      g_settings_set_boolean (a11y, "high-contrast", TRUE);
      kz_test_spin (100);
      if (adw_style_manager_get_high_contrast (style))
        {
          g_assert_true (kuzhi_board_view_get_high_contrast (f->board));
          g_settings_set_boolean (a11y, "high-contrast", FALSE);
          kz_test_spin (100);
          g_assert_false (kuzhi_board_view_get_high_contrast (f->board));
        }
      else
        g_test_message ("the desktop's high contrast comes from a settings portal here: not switched");
      g_settings_reset (a11y, "high-contrast");
    }

  /* Player 1's seven cups may be sown; cup 3 has the focus, with its
   * ring shown (the preview it would draw is turned off). */
  kuzhi_board_view_set_preview_enabled (f->board, FALSE);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (focused));
  for (int i = 0; i < 100 && !kuzhi_cup_get_ring_drawn (focused); i++)
    kz_test_spin (20);
  g_assert_true (kuzhi_cup_get_ring_drawn (focused));
  for (int hc = 0; hc < 2; hc++)
    {
      cairo_surface_t *picture;
      double focus;

      kuzhi_board_view_set_high_contrast (f->board, hc);
      /* Cup 0 as Mark Lucky Cup shows it: dashed gold. */
      kuzhi_cup_set_state (kuzhi_board_view_get_cup (f->board, 0), KUZHI_CUP_MARKABLE);
      kz_test_spin (100);
      picture = board_picture (f->board);
      for (int p = 0; p < 7; p++)
        if (p != 3)
          sown[hc][p] = ring_contrast (picture, f->board, p, 0.8, 0.94);
      focus = ring_contrast (picture, f->board, 3, 0.9, 1.0);
      g_test_message ("high contrast %s: focus ring %.1f, marked ring %.1f, sown rings %.1f %.1f %.1f %.1f %.1f",
                      hc ? "on" : "off", focus, sown[hc][0], sown[hc][1], sown[hc][2], sown[hc][4], sown[hc][5],
                      sown[hc][6]);
      if (hc)
        g_assert_cmpfloat (focus, >=, 7);
      for (int p = 0; p < 7; p++)
        if (p != 3)
          {
            if (hc)
              g_assert_cmpfloat (sown[hc][p], >=, 3);
            else
              g_assert_cmpfloat (sown[hc][p], <, 3);
          }
      cairo_surface_destroy (picture);
      if (hc)
        kz_test_capture (GTK_WIDGET (f->board), "high-contrast.png");
    }
  kuzhi_board_view_set_preview_enabled (f->board, TRUE);
}

static GtkWidget *
focused (Fixture *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

/* The keyboard stays on a cup the player to move may sow when the board
 * is set out for another game (its cups made anew): a pasted Kalah
 * position whose first pits are empty, then a new Oware match. Before,
 * GTK gave the focus to the new board's first cup once the old one had
 * gone, and Enter there said "That pit is empty". */
static void
test_focus_after_game_change (Fixture       *f,
                              gconstpointer  data)
{
  KzPosition kalah;
  KzMatch match;
  GtkWidget *focus;

  gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 0)));
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  kz_test_spin (100);
  g_assert_true (kuzhi_notation_position_parse ("kalah 0 0 0 0 2 1 / 1 1 0 0 0 0 stores 22 21 south to move", &kalah, NULL));
  g_assert_true (kz_match_init_at (&match, &kalah, NULL, 0));
  kuzhi_game_model_start_match (f->model, &match, NULL);
  kz_match_clear (&match);
  kz_test_spin (200);
  focus = focused (f);
  g_assert_true (KUZHI_IS_CUP (focus));
  g_assert_cmpint (kuzhi_cup_get_pit (KUZHI_CUP (focus)), ==, 4);
  g_assert_cmpint (kuzhi_cup_get_state (KUZHI_CUP (focus)), ==, KUZHI_CUP_LEGAL);
  /* Enter sows it: two seeds, the last into the store, and Player 1's
   * row, now one seed, moves again. */
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->window), GDK_KEY_Return));
  kz_test_spin (50);
  kuzhi_board_view_finish_animation (f->board);
  kz_test_spin (50);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->stores[0], ==, 23);

  g_assert_true (kuzhi_game_model_new_match (f->model, KZ_VARIANT_OWARE, NULL, NULL));
  kz_test_spin (200);
  focus = focused (f);
  g_assert_true (KUZHI_IS_CUP (focus));
  g_assert_cmpint (kuzhi_cup_get_state (KUZHI_CUP (focus)), ==, KUZHI_CUP_LEGAL);
}

/* The keys 1–7 (win.choose-cup, the application's accelerators): cup n
 * of the row to move gets the focus and its ring, and nothing is sown
 * until Enter; a number the row does not have, a past position and the
 * computer's turn refuse it, leaving the focus where it was.
 * (ui-keyboard-pauses presses the real keys.) */
static void
test_choose_cup (Fixture       *f,
                 gconstpointer  data)
{
  KzPosition start = *kuzhi_game_model_get_position (f->model);
  GtkWidget *cup;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 3);
  cup = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 2));
  g_assert_true (focused (f) == cup);
  for (int i = 0; i < 100 && !kuzhi_cup_get_ring_drawn (KUZHI_CUP (cup)); i++)
    kz_test_spin (20);
  g_assert_true (kuzhi_cup_get_ring_drawn (KUZHI_CUP (cup)));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->model), &start));
  g_assert_cmpint (kuzhi_board_view_get_preview_pit (f->board), ==, 2);
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->window), GDK_KEY_Return));
  kz_test_spin (50);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (kuzhi_window_get_history_panel (f->window)), ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->to_move, ==, 1);

  /* Player 2's row: cup 1 is pit 7; there is no cup 8. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 1);
  cup = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 7));
  g_assert_true (focused (f) == cup);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 8);
  g_assert_true (focused (f) == cup);

  /* A past position is only looked at. */
  kuzhi_window_browse_turn (f->window, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 2);
  g_assert_true (focused (f) == cup);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.return-to-current", NULL);

  /* Kalah has six pits a row. */
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, NULL, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 6);
  cup = GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 5));
  g_assert_true (focused (f) == cup);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 7);
  g_assert_true (focused (f) == cup);

  /* The computer's turn. */
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_EASY);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.choose-cup", "i", 2);
  g_assert_true (focused (f) == cup);
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_NONE);
}

/* The animation speed comes from GSettings, and changes while running. */
static void
test_speed_setting (Fixture       *f,
                    gconstpointer  data)
{
  sow (f, 0);
  g_assert_false (kuzhi_board_view_get_animating (f->board));
  g_settings_set_string (f->settings, "animation-speed", "slow");
  sow (f, 7);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  /* Switching to instant finishes the sowing at once. */
  g_settings_set_string (f->settings, "animation-speed", "instant");
  g_assert_false (kuzhi_board_view_get_animating (f->board));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board),
                                    kuzhi_game_model_get_position (f->model)));
}

/* A new match takes the default view from the preferences. */
static void
test_default_view (Fixture       *f,
                   gconstpointer  data)
{
  KuzhiNewMatchDialog *dialog;
  g_autofree char *view = NULL;

  g_settings_set_string (f->settings, "default-view", "player2");
  /* Through the window's action, which opens the dialog. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  dialog = kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (f->window));
  g_assert_true (kuzhi_new_match_dialog_start (dialog));
  g_assert_null (kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG));
  g_object_get (f->window, "view", &view, NULL);
  g_assert_cmpstr (view, ==, "player2");
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);
  /* The nearest caption is Player 2's. */
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (f->window, 1), "Player 2: "));
}

/* The board, header and captions work for every other game the engine
 * has: 2×6 and 2×7, with stores or without. */
static void
test_other_games (Fixture       *f,
                  gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (9);
  int played = 0;

  for (KzVariantId id = KZ_VARIANT_KALAH; id < KZ_N_VARIANTS; id++)
    {
      const KzVariant *v = kz_variant_get (id);
      int half;

      if (v == NULL)
        continue;
      g_test_message ("playing %s", v->key);
      g_assert_true (kuzhi_window_start_match (f->window, id, 0, NULL, NULL));
      half = v->n_pits / 2;
      g_assert_cmpint (kuzhi_board_view_get_displayed (f->board)->n_pits, ==, v->n_pits);
      g_assert_null (kuzhi_board_view_get_cup (f->board, v->n_pits));
      /* Pallanguzhi's header starts with the round (test-window-games.c). */
      g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), "Player 1 to move · "));
      /* The cups' labels in the game's word for a pit and its counters. */
      g_assert_true (g_str_has_prefix (cup_label (f, half),
                                       v->pit_word == KZ_PIT_WORD_HOUSE ? "Player 2, house 1, "
                                       : v->pit_word == KZ_PIT_WORD_PIT ? "Player 2, pit 1, "
                                       : "Player 2, cup 1, "));
      g_assert_nonnull (strstr (cup_label (f, half), v->pit_word == KZ_PIT_WORD_CUP ? " shell" : " seed"));
      /* Oware counts captures, Mangala has a treasure (test-window-games.c). */
      g_assert_true (strstr (kuzhi_window_get_caption_text (f->window, 0), "in the store")
                     || strstr (kuzhi_window_get_caption_text (f->window, 0), "captured")
                     || strstr (kuzhi_window_get_caption_text (f->window, 0), "in the treasure"));
      for (int ply = 0; ply < 3000 && !kuzhi_game_model_get_over (f->model); ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kuzhi_game_model_get_legal (f->model, legal);

          g_assert_cmpint (n, >, 0);
          sow (f, legal[g_rand_int_range (rand, 0, n)]);
          g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board),
                                            kuzhi_game_model_get_position (f->model)));
        }
      if (kuzhi_game_model_get_over (f->model))
        g_assert_nonnull (kuzhi_window_get_banner_text (f->window));
      played++;
    }
  g_rand_free (rand);
  if (played == 0)
    g_test_skip ("no other game in the engine yet");
}

/* The window's size is kept when it closes, and used by the next one. */
static void
test_window_size (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  KuzhiWindow *window;
  int width, height;

  g_settings_set_int (settings, "window-width", 900);
  g_settings_set_int (settings, "window-height", 640);
  window = kuzhi_window_new (NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);

  gtk_window_set_default_size (GTK_WINDOW (window), 812, 603);
  gtk_window_present (GTK_WINDOW (window));
  kz_test_spin (100);
  gtk_window_close (GTK_WINDOW (window));
  kz_test_spin (50);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 812);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 603);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

/* The text grows with the board: at a larger window the header line is
 * drawn larger; at the default size it keeps the theme's size. */
static gboolean
history_shown (KuzhiWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "history");

  return g_variant_get_boolean (state);
}

/* A window `width` wide, shown, and left time for its first frames (the
 * history opens after the first). */
static KuzhiWindow *
window_of_width (int width)
{
  KuzhiWindow *window = kuzhi_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, 640);
  kz_test_window_show (window);
  kz_test_spin (500);
  return window;
}

/* The move history is open at the next start when it was open beside the
 * board as the window closed, and shut when it was shut; on a window too
 * narrow for it beside the board it is not opened over the board, and a
 * look at it there is not taken for the player's choice. */
static void
test_history_remembered (void)
{
  g_autoptr(GSettings) settings = kz_test_settings (NULL);
  KuzhiWindow *window;

  window = window_of_width (1000);
  g_assert_false (history_shown (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  g_assert_true (history_shown (window));
  gtk_window_close (GTK_WINDOW (window));
  kz_test_spin (50);
  g_assert_true (g_settings_get_boolean (settings, "history-shown"));

  window = window_of_width (1000);
  g_assert_true (history_shown (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  gtk_window_close (GTK_WINDOW (window));
  kz_test_spin (50);
  g_assert_false (g_settings_get_boolean (settings, "history-shown"));

  /* A phone: the history would cover the board. */
  g_settings_set_boolean (settings, "history-shown", TRUE);
  window = window_of_width (360);
  g_assert_false (history_shown (window));
  gtk_window_close (GTK_WINDOW (window));
  kz_test_spin (50);
  g_assert_true (g_settings_get_boolean (settings, "history-shown"));
  g_settings_set_boolean (settings, "history-shown", FALSE);
  window = window_of_width (360);
  g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
  g_assert_true (history_shown (window));
  gtk_window_close (GTK_WINDOW (window));
  kz_test_spin (50);
  g_assert_false (g_settings_get_boolean (settings, "history-shown"));
}

static void
test_text_grows (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  int heights[2];
  const int widths[2] = { 1000, 1270 };

  for (int i = 0; i < 2; i++)
    {
      KuzhiWindow *window;
      PangoLayout *layout;

      g_settings_set_int (settings, "window-width", widths[i]);
      g_settings_set_int (settings, "window-height", 1000);
      window = kuzhi_window_new (NULL);
      kz_test_window_show (window);
      kz_test_spin (200);
      layout = gtk_label_get_layout (kz_test_find_label (GTK_WIDGET (window), kuzhi_window_get_header_text (window)));
      pango_layout_get_pixel_size (layout, NULL, &heights[i]);
      g_test_message ("window %d wide: cup cell %.0f px, header line %d px high",
                      widths[i], kuzhi_board_view_get_unit (kuzhi_window_get_board_view (window)), heights[i]);
      gtk_window_destroy (GTK_WINDOW (window));
      kz_test_spin (50);
    }
  g_assert_cmpint (heights[1], >, heights[0] * 1.1);
}

/* The Constitution's buttons grow with the board: at 1920 × 1080 Sow
 * Refill Shell and Mark Lucky Cup are larger than at 1280 × 800, where
 * the board is smaller. Writes wide-buttons.png. */
static void
test_wide_buttons (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  static const char *labels[2] = { "Sow _Refill Shell", "Mark _Lucky Cup" };
  const int widths[2] = { 1280, 1920 }, heights[2] = { 800, 1080 };
  graphene_rect_t bounds[2][2];
  double units[2];

  for (int i = 0; i < 2; i++)
    {
      KuzhiWindow *window;
      GtkWidget *w;

      g_settings_set_int (settings, "window-width", widths[i]);
      g_settings_set_int (settings, "window-height", heights[i]);
      window = kuzhi_window_new (NULL);
      w = GTK_WIDGET (window);
      kz_test_window_show (window);
      for (int tries = 0; tries < 100 && gtk_widget_get_width (w) < widths[i] - 60; tries++)
        kz_test_spin (20);
      kz_test_spin (300);
      g_test_message ("window %d × %d", gtk_widget_get_width (w), gtk_widget_get_height (w));
      g_assert_cmpint (gtk_widget_get_width (w), >=, widths[i] - 60);
      for (int b = 0; b < 2; b++)
        {
          GtkWidget *button = kz_test_find_button (w, labels[b]);

          g_assert_nonnull (button);
          bounds[i][b] = kz_test_settled_bounds (button);
        }
      units[i] = kuzhi_board_view_get_unit (kuzhi_window_get_board_view (window));
      g_test_message ("window %d wide: cup cell %.0f px; buttons %g × %g and %g × %g", widths[i], units[i],
                      bounds[i][0].size.width, bounds[i][0].size.height, bounds[i][1].size.width, bounds[i][1].size.height);
      if (i == 1)
        kz_test_capture (w, "wide-buttons.png");
      gtk_window_destroy (GTK_WINDOW (window));
      kz_test_spin (50);
    }
  g_assert_cmpfloat (units[1], >, units[0] * 1.2);
  for (int b = 0; b < 2; b++)
    {
      g_assert_cmpfloat (bounds[1][b].size.width, >, bounds[0][b].size.width * 1.15);
      g_assert_cmpfloat (bounds[1][b].size.height, >, bounds[0][b].size.height * 1.15);
    }
}

int
main (int   argc,
      char *argv[])
{
  /* GTK's test accessibility backend keeps every accessible property where
   * the test can read it, and needs no accessibility bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  kz_test_gtk_init (&argc, &argv);

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, speed, kz_test_window_setup, fn, kz_test_window_teardown)
  ADD ("/window/start", NULL, test_start);
  ADD ("/window/worked-example", NULL, test_worked_example);
  ADD ("/window/illegal-and-undo", NULL, test_illegal_and_undo);
  ADD ("/window/animation", "fast", test_animation);
  ADD ("/window/refill", NULL, test_refill);
  ADD ("/window/mark-lucky", NULL, test_mark_lucky);
  ADD ("/window/view-switch", NULL, test_view_switch);
  ADD ("/window/view-tooltips", NULL, test_view_tooltips);
  ADD ("/window/history-heading-order", NULL, test_history_heading_order);
  ADD ("/window/keyboard-focus", NULL, test_keyboard_focus);
  ADD ("/window/ring-after-mark", NULL, test_ring_after_mark);
  ADD ("/window/new-match", NULL, test_new_match);
  ADD ("/window/match-end", NULL, test_match_end);
  ADD ("/window/playing-on-alone", NULL, test_playing_on_alone);
  ADD ("/window/alone-warning", NULL, test_alone_warning);
  ADD ("/window/last-round", NULL, test_last_round);
  ADD ("/window/round-toast", NULL, test_round_toast);
  ADD ("/window/why-not", NULL, test_why_not);
  ADD ("/window/preview", NULL, test_preview);
  ADD ("/window/refill-tray", NULL, test_refill_tray);
  ADD ("/window/hand-and-said", NULL, test_hand_and_said);
  ADD ("/window/rings-give-way", NULL, test_rings_give_way);
  ADD ("/window/speed-setting", NULL, test_speed_setting);
  ADD ("/window/animations-off", NULL, test_animations_off);
  ADD ("/window/high-contrast", NULL, test_high_contrast);
  ADD ("/window/choose-cup", NULL, test_choose_cup);
  ADD ("/window/focus-after-game-change", NULL, test_focus_after_game_change);
  ADD ("/window/default-view", NULL, test_default_view);
  ADD ("/window/other-games", NULL, test_other_games);
#undef ADD
  g_test_add_func ("/window/size-remembered", test_window_size);
  g_test_add_func ("/window/history-remembered", test_history_remembered);
  g_test_add_func ("/window/text-grows", test_text_grows);
  g_test_add_func ("/window/wide-buttons", test_wide_buttons);

  return g_test_run ();
}
