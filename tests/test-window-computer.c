/* test-window-computer.c — the computer players and the Hint through the window under Xvfb: moves by themselves, whole demo matches, cancelling, hints. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-test-window.h"
#include "kuzhi-book.h"
#include "kuzhi-test-util.h"
#include "kuzhi-window-test.h"
#include "kuzhi-history-panel-private.h"
#include "kuzhi-computer-player.h"
#include "kuzhi-computer-player-private.h"
#include "kuzhi-new-match-dialog-private.h"
#include "kuzhi-game-text.h"

typedef KzTestWindow Fixture;

typedef gboolean (*Condition) (Fixture *f);

/* Spins the main loop until the condition holds; FALSE after timeout_ms. */
static gboolean
spin_until (Fixture   *f,
            Condition  condition,
            guint      timeout_ms)
{
  return kz_test_spin_until ((gboolean (*) (gpointer)) condition, f, timeout_ms);
}

static gboolean
nothing_choosing (Fixture *f)
{
  return kuzhi_computer_player_get_n_choosing () == 0;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  speed)
{
  f->settings = kz_test_settings (speed);
  g_settings_set_int (f->settings, "computer-time", 1000);
  kz_test_window_open (f);
  kz_test_window_show (f->window);
}

/* The next test starts once every search of this one has ended. */
static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  kz_test_window_teardown (f, data);
  g_assert_true (spin_until (f, nothing_choosing, 10000));
}

static size_t
n_actions (Fixture *f)
{
  return kuzhi_game_model_get_match (f->model)->n_history;
}

static gboolean
hint_enabled (Fixture *f)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "hint");
}

/* What the window's hint line shows before its own advice. */
static const char *
hint_line (Fixture *f)
{
  return kuzhi_window_computer_get_hint_text (f->window);
}

static gboolean
person_to_move (Fixture *f)
{
  return !kuzhi_game_model_get_over (f->model) && !kuzhi_window_computer_to_move (f->window)
         && !kuzhi_board_view_get_animating (f->board);
}

static gboolean
human_to_move_again (Fixture *f)
{
  return kuzhi_game_model_get_over (f->model)
         || (kuzhi_game_model_get_to_move (f->model) == 0 && !kuzhi_board_view_get_animating (f->board)
             && !kuzhi_window_computer_to_move (f->window));
}

static gboolean
is_thinking (Fixture *f)
{
  return kuzhi_window_computer_is_thinking (f->window);
}

static gboolean
is_over (Fixture *f)
{
  return kuzhi_game_model_get_over (f->model) && !kuzhi_board_view_get_animating (f->board);
}

static gboolean
has_hint (Fixture *f)
{
  return kuzhi_window_computer_get_hint (f->window, NULL) != KZ_ACTION_NONE;
}

/* Sows the first legal pit of the person to move. */
static KzAction
sow_first_legal (Fixture *f)
{
  KzAction legal[KZ_MAX_ACTIONS];
  int n = kuzhi_game_model_get_legal (f->model, legal);

  for (int i = 0; i < n; i++)
    if (KZ_ACTION_IS_PIT (legal[i]))
      {
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", (int) legal[i]);
        return legal[i];
      }
  g_assert_not_reached ();
}

/* The action played last, or NONE. */
static KzAction
last_action (Fixture *f)
{
  const KzMatch *m = kuzhi_game_model_get_match (f->model);

  return m->n_history > 0 ? m->history[m->n_history - 1].action : KZ_ACTION_NONE;
}

/* The window waits for a cup to be marked lucky. */
static gboolean
marking (Fixture *f)
{
  gboolean marking;

  g_object_get (f->window, "marking", &marking, NULL);
  return marking;
}

static gboolean
focused_ring_drawn (Fixture *f)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  return focus != NULL && (!KUZHI_IS_CUP (focus) || kuzhi_cup_get_ring_drawn (KUZHI_CUP (focus)));
}

/* Enter, through the key binding of whatever has the keyboard focus, once
 * the player can see what that is (H, a key, turned the focus ring on). */
static void
press_enter (Fixture *f)
{
  gboolean cup;

  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  g_assert_true (spin_until (f, focused_ring_drawn, 2000));
  cup = KUZHI_IS_CUP (gtk_root_get_focus (GTK_ROOT (f->window)));
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->window), GDK_KEY_Return));
  /* A button shows itself pressed for a moment (GTK's 250 ms) before it
   * is clicked. */
  kz_test_spin (cup ? 20 : 400);
}

/* A person against Easy: after the person's turn the computer moves by
 * itself, legally (the model refuses anything else), and the person's
 * controls wait meanwhile. */
static void
test_human_vs_easy (Fixture       *f,
                    gconstpointer  data)
{
  const KzMatch *match;
  size_t before;

  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Arul"));
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 1), ==, KZ_LEVEL_EASY);
  g_assert_false (kuzhi_window_computer_to_move (f->window));
  g_assert_true (hint_enabled (f));

  for (int turn = 0; turn < 3 && !kuzhi_game_model_get_over (f->model); turn++)
    {
      /* Sow until the turn passes (Kalah's extra moves keep it). */
      while (kuzhi_game_model_get_to_move (f->model) == 0 && !kuzhi_game_model_get_over (f->model))
        sow_first_legal (f);
      if (kuzhi_game_model_get_over (f->model))
        break;
      before = n_actions (f);

      /* The computer's turn: no cup answers, no hint, the line says so. */
      g_assert_true (kuzhi_window_computer_to_move (f->window));
      g_assert_true (kuzhi_board_view_get_waiting (f->board));
      g_assert_false (hint_enabled (f));
      g_assert_nonnull (hint_line (f));
      g_assert_nonnull (strstr (hint_line (f), "Arul (Easy) is thinking"));
      for (int pit = 0; pit < 12; pit++)
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", pit);
      g_assert_cmpuint (n_actions (f), ==, before);

      g_assert_true (spin_until (f, human_to_move_again, 5000));
      match = kuzhi_game_model_get_match (f->model);
      g_assert_cmpuint (match->n_history, >, before);
      /* Every action since was the computer's, from its own row. */
      for (size_t i = before; i < match->n_history; i++)
        {
          g_assert_cmpint (match->history[i].before.to_move, ==, 1);
          g_assert_cmpint (match->history[i].action, >=, 6);
          g_assert_cmpint (match->history[i].action, <, 12);
        }
      g_assert_false (kuzhi_board_view_get_waiting (f->board));
      g_assert_true (kuzhi_game_model_get_over (f->model) || hint_enabled (f));
      /* The computer plays on: its table is kept from move to move. */
      g_assert_cmpuint (kuzhi_window_computer_get_table_bytes (f->window), >, 0);
    }
}

/* Computer against computer: a whole Kalah match with 3 seeds to its end. */
static void
test_demo (Fixture       *f,
           gconstpointer  data)
{
  gint64 start = g_get_monotonic_time ();

  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 3, NULL, NULL));
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_NORMAL);
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
  g_assert_true (kuzhi_window_computer_to_move (f->window));
  g_assert_true (spin_until (f, is_over, 120000));
  g_assert_cmpuint (n_actions (f), >=, 4);
  g_assert_nonnull (kuzhi_window_get_banner_text (f->window));
  g_test_message ("demo match: %zu actions in %.1f s, winner %d", n_actions (f),
                  (g_get_monotonic_time () - start) / 1e6, kuzhi_game_model_get_winner (f->model));
  g_assert_false (kuzhi_window_computer_to_move (f->window));
  g_assert_false (kuzhi_window_computer_is_thinking (f->window));
}

static gboolean
turn_passed (Fixture *f)
{
  return n_actions (f) >= 2 && !kuzhi_board_view_get_animating (f->board);
}

/* The Constitution: when the computer's search marks a lucky cup, the window
 * plays the mark and then the sowing the search chose with it, as one turn. */
static void
test_constitution_mark (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  GRand *rand = g_rand_new_with_seed (6);
  KzMatch match;
  KzSearchResult result = { 0 };
  KzAction best = KZ_ACTION_NONE;
  int mover = 0;

  /* A position from seeded random play where Normal's search (deterministic) marks first. */
  for (int attempt = 0; attempt < 400 && !KZ_ACTION_IS_MARK (best); attempt++)
    {
      kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = g_rand_int_range (rand, 0, 40); ply > 0 && !match.pos.over; ply--)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal), sows = 0;

          for (int i = 0; i < n; i++)
            if (!KZ_ACTION_IS_MARK (legal[i]))
              legal[sows++] = legal[i];
          kz_match_play (&match, legal[g_rand_int_range (rand, 0, sows)], NULL);
        }
      if (!match.pos.over && kz_constitution_may_mark (&match.pos))
        best = kuzhi_computer_player_choose (player, &match, KZ_LEVEL_NORMAL, 0, NULL, NULL, &result, NULL);
      if (!KZ_ACTION_IS_MARK (best))
        kz_match_clear (&match);
    }
  g_rand_free (rand);
  if (!KZ_ACTION_IS_MARK (best))
    {
      g_test_skip ("no position found where the search marks first");
      return;
    }
  g_assert_cmpint (result.pv_len, >=, 2);
  g_test_message ("the search plays %d then %d", best, result.pv[1]);

  /* Only the history from here on: the match starts at this position. */
  match.start = match.pos;
  match.n_history = 0;
  mover = match.pos.to_move;
  kuzhi_game_model_set_match (f->model, &match);
  kz_match_clear (&match);
  kuzhi_window_set_player_level (f->window, mover, KZ_LEVEL_NORMAL);
  g_assert_true (spin_until (f, turn_passed, 10000));
  kuzhi_window_set_player_level (f->window, mover, KZ_LEVEL_NONE);
  {
    const KzMatch *m = kuzhi_game_model_get_match (f->model);

    g_assert_true (KZ_ACTION_IS_MARK (m->history[0].action));
    g_assert_false (KZ_ACTION_IS_MARK (m->history[1].action));
    g_assert_cmpint (m->history[0].before.to_move, ==, mover);
    g_assert_cmpint (m->history[1].before.to_move, ==, mover);
  }
}

/* The pause the window keeps between a change on the board and the
 * computer's move (PAUSE_USEC in kuzhi-window-computer.c). */
#define COMPUTER_PAUSE_MS 400

/* Waits until a move the computer was asked for just now would have
 * landed: its search has been delivered to the window (cancelled or not),
 * and the window's pause after the change it follows has passed. A
 * cancelled search ends at once; one that was not cancelled would run its
 * whole time (3 s here), and its move would land a pause later. */
static void
wait_until_stale_move_due (Fixture *f)
{
  gint64 due = g_get_monotonic_time () + COMPUTER_PAUSE_MS * G_TIME_SPAN_MILLISECOND;

  g_assert_true (spin_until (f, nothing_choosing, 10000));
  if (g_get_monotonic_time () < due)
    kz_test_spin ((guint) ((due - g_get_monotonic_time ()) / G_TIME_SPAN_MILLISECOND) + 50);
}

/* Undo while Hard thinks: the search stops at once and its move never lands. */
static void
test_undo_cancels (Fixture       *f,
                   gconstpointer  data)
{
  g_settings_set_int (f->settings, "computer-time", 3000);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, "Ana", "Arul"));
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_HARD);
  sow_first_legal (f);
  g_assert_cmpuint (n_actions (f), ==, 1);
  g_assert_true (spin_until (f, is_thinking, 2000));
  g_assert_nonnull (strstr (hint_line (f), "Arul (Hard) is thinking"));
  kz_test_capture (GTK_WIDGET (f->window), "computer-thinking.png");

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_false (kuzhi_window_computer_is_thinking (f->window));
  g_assert_cmpuint (n_actions (f), ==, 0);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 0);
  /* The cancelled search has been delivered and the window's pause has
   * passed: still nothing played. */
  wait_until_stale_move_due (f);
  g_assert_cmpuint (n_actions (f), ==, 0);
  g_assert_false (kuzhi_window_computer_to_move (f->window));

  /* A new match while it thinks: the old match's move never lands in it. */
  sow_first_legal (f);
  g_assert_true (spin_until (f, is_thinking, 2000));
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, "Ana", "Arul"));
  g_assert_false (kuzhi_window_computer_is_thinking (f->window));
  wait_until_stale_move_due (f);
  g_assert_cmpuint (n_actions (f), ==, 0);
}

/* Undo against the computer goes back to the person's own last turn. */
static void
test_undo_to_person (Fixture       *f,
                     gconstpointer  data)
{
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, "Ana", "Arul"));
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
  sow_first_legal (f);
  g_assert_true (spin_until (f, human_to_move_again, 5000));
  g_assert_cmpuint (n_actions (f), >=, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (n_actions (f), ==, 0);
  g_assert_false (kuzhi_window_computer_to_move (f->window));
}

/* Oware, Ama against Kofi on Easy: three turns each played. */
static void
oware_against_easy (Fixture *f)
{
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_OWARE, 4, "Ama", "Kofi"));
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
  for (int turn = 0; turn < 3; turn++)
    {
      sow_first_legal (f);
      g_assert_true (spin_until (f, human_to_move_again, 5000));
    }
  g_assert_cmpuint (n_actions (f), ==, 6);
}

/* Redo against the computer brings back the person's turn and the reply
 * the computer played to it, as Undo took both: the computer is not left
 * to choose again, and the rest of the line stays there to redo. */
static void
test_redo_with_reply (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (KzAction));
  const KzMatch *m;

  oware_against_easy (f);
  m = kuzhi_game_model_get_match (f->model);
  for (size_t i = 0; i < m->n_history; i++)
    g_array_append_val (line, m->history[i].action);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (n_actions (f), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  g_assert_cmpuint (n_actions (f), ==, 4);
  g_assert_false (kuzhi_window_computer_to_move (f->window));
  /* A person's turn: nothing moves on its own, Redo still has a turn. */
  kz_test_spin (500);
  g_assert_cmpuint (n_actions (f), ==, 4);
  g_assert_true (kuzhi_game_model_can_redo (f->model));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.redo", NULL);
  g_assert_cmpuint (n_actions (f), ==, 6);
  g_assert_false (kuzhi_game_model_can_redo (f->model));
  m = kuzhi_game_model_get_match (f->model);
  for (size_t i = 0; i < m->n_history; i++)
    g_assert_cmpint (m->history[i].action, ==, g_array_index (line, KzAction, i));
}

static void
answer_dialog (Fixture    *f,
               const char *label)
{
  AdwMessageDialog *dialog = kuzhi_window_get_message_dialog (f->window);
  GtkWidget *button;

  g_assert_nonnull (dialog);
  button = kz_test_find_button (GTK_WIDGET (dialog), label);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  kz_test_spin (50);
}

/* Browsing the history against the computer: the hint's ring does not
 * stay on a past board; Play From Here says when the computer moves at
 * once, and otherwise keeps its promise that Redo brings the turns back;
 * its question goes when the browsing ends under it. */
static void
test_browse_with_computer (Fixture       *f,
                           gconstpointer  data)
{
  g_settings_set_int (f->settings, "computer-time", 300);
  oware_against_easy (f);

  /* The hint is for the match's board, not the past one. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), >=, 0);
  kuzhi_window_browse_turn (f->window, 1);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
  g_assert_false (has_hint (f));

  /* After Ama's first turn Kofi moves next: said so. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play-from-here", NULL);
  g_assert_nonnull (kuzhi_window_get_message_dialog (f->window));
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (kuzhi_window_get_message_dialog (f->window)),
                                   "Kofi plays next, so a new line starts at once"));
  /* Back to the match under the open question: it goes. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.return-to-current", NULL);
  kz_test_spin (50);
  g_assert_null (kuzhi_window_get_message_dialog (f->window));
  g_assert_cmpuint (n_actions (f), ==, 6);

  /* After Kofi's reply Ama moves: Redo keeps the rest until she plays. */
  kuzhi_window_browse_turn (f->window, 2);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play-from-here", NULL);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (kuzhi_window_get_message_dialog (f->window)),
                                   "The next turn you play starts a new line"));
  answer_dialog (f, "_Play From Here");
  g_assert_cmpuint (n_actions (f), ==, 2);
  kz_test_spin (500);
  g_assert_cmpuint (n_actions (f), ==, 2);
  g_assert_true (kuzhi_game_model_can_redo (f->model));
}

static gboolean
second_to_move (Fixture *f)
{
  return kuzhi_game_model_get_to_move (f->model) == 1 && !kuzhi_board_view_get_animating (f->board)
         && !kuzhi_window_computer_to_move (f->window);
}

static gboolean
undo_enabled (Fixture *f)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "undo");
}

/* The computer opened the match and nothing else is played: Undo is grey,
 * since taking its move back would only make it play again. Once the
 * person has played, Undo takes their turn back. */
static void
test_undo_computer_opened (Fixture       *f,
                           gconstpointer  data)
{
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_OWARE, 4, "Kofi", "Ama"));
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_EASY);
  g_assert_true (spin_until (f, second_to_move, 5000));
  g_assert_cmpuint (n_actions (f), ==, 1);
  g_assert_true (kuzhi_game_model_can_undo (f->model));
  g_assert_false (undo_enabled (f));

  sow_first_legal (f);
  g_assert_true (spin_until (f, second_to_move, 5000));
  g_assert_cmpuint (n_actions (f), ==, 3);
  g_assert_true (undo_enabled (f));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (n_actions (f), ==, 1);
  g_assert_false (undo_enabled (f));
}

/* Whether a label under `root` shows a text that starts with `prefix`. */
static gboolean
has_label_starting (GtkWidget  *root,
                    const char *prefix)
{
  if (GTK_IS_LABEL (root) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (root)), prefix))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (has_label_starting (child, prefix))
      return TRUE;
  return FALSE;
}

/* Closing the window while the computer thinks: nothing is left behind to fire. */
static void
test_close_while_thinking (Fixture       *f,
                           gconstpointer  data)
{
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, NULL, NULL));
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_HARD);
  g_assert_true (spin_until (f, is_thinking, 2000));
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  kz_test_spin (1500);
}

/* Hint: Hard's move for the person to move, ringed on the board, not played. */
static void
test_hint (Fixture       *f,
           gconstpointer  data)
{
  KzAction hint, then;
  const char *line;

  g_settings_set_int (f->settings, "computer-time", 300);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Ben"));
  sow_first_legal (f);   /* a less obvious position than the start */
  while (kuzhi_game_model_get_to_move (f->model) == 0)
    sow_first_legal (f);
  g_assert_true (hint_enabled (f));
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_false (hint_enabled (f));
  g_assert_true (spin_until (f, has_hint, 5000));
  hint = kuzhi_window_computer_get_hint (f->window, &then);
  g_assert_true (kuzhi_game_model_is_legal (f->model, hint));
  g_assert_true (KZ_ACTION_IS_PIT (hint));
  g_assert_cmpint (hint, >=, 6);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, hint);
  /* The focus moved to the hinted cup, so Enter sows what the hint says. */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, hint))));
  line = hint_line (f);
  g_assert_nonnull (line);
  g_test_message ("%s", line);
  /* In Kalah's words and the board's numbers, from the player's side. */
  {
    g_autofree char *best = g_strdup_printf ("Best: pit %d — you ", hint % 6 + 1);
    g_assert_true (g_str_has_prefix (line, best) || (g_str_has_prefix (line, "Best: pit ")
                   && strstr (line, "it ends in a draw") != NULL));
    g_assert_null (strstr (line, "gain"));
  }
  /* Not played: the position waits for the person. */
  kz_test_spin (600);
  g_assert_cmpuint (n_actions (f), >=, 1);
  {
    size_t n = n_actions (f);
    kz_test_spin (300);
    g_assert_cmpuint (n_actions (f), ==, n);
    g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  }
  g_assert_true (hint_enabled (f));
  kz_test_capture (GTK_WIDGET (f->window), "hint.png");
  /* Two people play: the search table's memory went back with the hint. */
  g_assert_cmpuint (kuzhi_window_computer_get_table_bytes (f->window), ==, 0);

  /* Enter sows the hinted cup, and playing removes the hint. */
  {
    size_t n = n_actions (f);

    press_enter (f);
    g_assert_cmpuint (n_actions (f), ==, n + 1);
    g_assert_cmpint (last_action (f), ==, hint);
  }
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
  g_assert_cmpint (kuzhi_window_computer_get_hint (f->window, NULL), ==, KZ_ACTION_NONE);

  /* Not for a past position shown from the history. */
  kuzhi_window_browse_turn (f->window, 0);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_false (kuzhi_window_computer_is_thinking (f->window));
  kz_test_spin (500);
  g_assert_cmpint (kuzhi_window_computer_get_hint (f->window, NULL), ==, KZ_ACTION_NONE);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
}

/* Oware's hint speaks of houses, as its board and rules do, and Enter
 * sows the house it names. */
static void
test_hint_oware (Fixture       *f,
                 gconstpointer  data)
{
  KzAction hint;
  const char *line;
  g_autofree char *best = NULL;

  g_settings_set_int (f->settings, "computer-time", 300);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_OWARE, 4, "Ana", "Ben"));
  sow_first_legal (f);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  hint = kuzhi_window_computer_get_hint (f->window, NULL);
  g_assert_true (KZ_ACTION_IS_PIT (hint));
  line = hint_line (f);
  g_test_message ("%s", line);
  best = g_strdup_printf ("Best: house %d — ", hint % 6 + 1);
  g_assert_true (g_str_has_prefix (line, best));
  g_assert_null (strstr (line, "pit"));
  g_assert_null (strstr (line, "cup"));

  press_enter (f);
  g_assert_cmpuint (n_actions (f), ==, 2);
  g_assert_cmpint (last_action (f), ==, hint);
}

/* Loads a Constitution position with Ana to move (5 shells a cup), two
 * people playing. */
static void
set_constitution (Fixture       *f,
                  const uint8_t  pits[14],
                  int            store0,
                  int            store1,
                  int            refill0)
{
  kz_test_set_constitution (f->model, pits, store0, store1, refill0, 0);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");
}

/* A hint "mark cup X as lucky, then sow cup Y": the board waits for the
 * mark with the ring on X, so Enter marks X; then the ring and the focus
 * go to Y, and Enter sows Y. Escape would leave the marking. */
static void
test_hint_mark_enter (Fixture       *f,
                      gconstpointer  data)
{
  /* Ana's account is 9 in cups + 27 in drawer = 36, reserve 1: marking
   * cup 4 and then sowing cup 2 wins the match, and nothing else comes
   * near it at any depth of the search. */
  static const uint8_t pits[14] = { 2, 3, 0, 0, 3, 1, 0,  6, 6, 4, 4, 0, 5, 1 };
  KzAction hint, then;
  const char *line;

  g_settings_set_int (f->settings, "computer-time", 300);
  set_constitution (f, pits, 27, 8, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  hint = kuzhi_window_computer_get_hint (f->window, &then);
  line = kuzhi_window_get_hint_text (f->window);
  g_test_message ("%s", line);
  g_assert_true (KZ_ACTION_IS_MARK (hint));
  g_assert_true (KZ_ACTION_IS_PIT (then));
  g_assert_nonnull (strstr (line, "as lucky, then sow"));
  /* Waiting for the mark, as after Mark Lucky Cup, and saying so. */
  g_assert_true (marking (f));
  g_assert_nonnull (strstr (line, "Escape cancels"));
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, KZ_ACTION_MARK_CUP (hint));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, KZ_ACTION_MARK_CUP (hint)))));

  /* Enter marks the hinted cup; nothing is sown yet. */
  press_enter (f);
  g_assert_cmpuint (n_actions (f), ==, 1);
  g_assert_cmpint (last_action (f), ==, hint);
  g_assert_false (marking (f));
  /* The ring and the focus are on the sowing the hint named. */
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, then);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, then))));
  {
    g_autofree char *next = g_strdup_printf ("Now sow cup %d, as the hint said.", then % 7 + 1);
    g_assert_cmpstr (kuzhi_window_computer_get_hint_text (f->window), ==, next);
  }

  /* Enter sows it. */
  press_enter (f);
  g_assert_cmpuint (n_actions (f), ==, 2);
  g_assert_cmpint (last_action (f), ==, then);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
}

/* A hint to sow the refill shell moves the keyboard focus to its button:
 * Enter sows the refill shell, not a cup. */
static void
test_hint_refill_enter (Fixture       *f,
                        gconstpointer  data)
{
  /* Ana (account 8 + 10 + 1 = 19, no mark) does best, at any depth of
   * the search, with her one refill-left shell. */
  static const uint8_t pits[14] = { 1, 0, 1, 2, 1, 2, 1,  6, 3, 0, 5, 5, 6, 5 };
  KzAction hint;

  g_settings_set_int (f->settings, "computer-time", 300);
  set_constitution (f, pits, 10, 21, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  hint = kuzhi_window_computer_get_hint (f->window, NULL);
  g_test_message ("%s", kuzhi_window_get_hint_text (f->window));
  g_assert_cmpint (hint, ==, KZ_ACTION_REFILL);
  g_assert_true (g_str_has_prefix (kuzhi_window_get_hint_text (f->window), "Best: the refill shell — "));
  g_assert_false (KUZHI_IS_CUP (gtk_root_get_focus (GTK_ROOT (f->window))));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (gtk_root_get_focus (GTK_ROOT (f->window)))), ==,
                   "Sow _Refill Shell");

  press_enter (f);
  g_assert_cmpuint (n_actions (f), ==, 1);
  g_assert_cmpint (last_action (f), ==, KZ_ACTION_REFILL);
}

/* In the Constitution the hint may mark first: then it names the sowing too. */
static void
test_hint_constitution (Fixture       *f,
                        gconstpointer  data)
{
  KzAction hint, then;
  const char *line;

  g_settings_set_int (f->settings, "computer-time", 300);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  hint = kuzhi_window_computer_get_hint (f->window, &then);
  line = hint_line (f);
  g_test_message ("%s", line);
  g_assert_true (kuzhi_game_model_is_legal (f->model, hint));
  if (KZ_ACTION_IS_MARK (hint))
    {
      g_assert_nonnull (strstr (line, "as lucky, then sow"));
      g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, KZ_ACTION_MARK_CUP (hint));
    }
  else
    g_assert_true (g_str_has_prefix (line, "Best: cup ") || g_str_has_prefix (line, "Best: the refill shell"));
  g_assert_cmpuint (n_actions (f), ==, 0);
}

/* The hint is not for the computer's turn, nor a finished match. */
static void
test_hint_insensitive (Fixture       *f,
                       gconstpointer  data)
{
  g_settings_set_int (f->settings, "computer-time", 250);
  g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Arul"));
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_HARD);
  g_assert_true (kuzhi_window_computer_to_move (f->window));
  g_assert_false (hint_enabled (f));
  /* Asked anyway (the shortcut), it does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
  g_assert_true (spin_until (f, is_thinking, 2000));
  g_assert_false (hint_enabled (f));
  /* Once the computer has played (Kalah may give it extra moves) it is the person's. */
  g_assert_true (spin_until (f, person_to_move, 15000));
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  g_assert_true (hint_enabled (f));

  /* A finished match: hint off. */
  kuzhi_window_set_player_level (f->window, 0, KZ_LEVEL_NONE);
  while (!kuzhi_game_model_get_over (f->model))
    sow_first_legal (f);
  g_assert_false (hint_enabled (f));
}

/* The New Match dialog chooses who plays each side; a person is the default. */
static void
test_dialog_levels (Fixture       *f,
                    gconstpointer  data)
{
  KuzhiNewMatchDialog *dialog = kuzhi_new_match_dialog_new (GTK_WINDOW (f->window), f->model);

  g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 0), ==, KZ_LEVEL_NONE);
  g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 1), ==, KZ_LEVEL_NONE);
  kuzhi_new_match_dialog_set_player_level (dialog, 1, KZ_LEVEL_NORMAL);
  g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (dialog, 1), ==, KZ_LEVEL_NORMAL);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Through the window's action: the dialog opens with the window's players. */
  kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_HARD);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  kz_test_spin (100);
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    KuzhiNewMatchDialog *found = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
        if (KUZHI_IS_NEW_MATCH_DIALOG (w))
          found = KUZHI_NEW_MATCH_DIALOG (w);
      }
    g_assert_nonnull (found);
    g_assert_cmpint (kuzhi_new_match_dialog_get_player_level (found, 1), ==, KZ_LEVEL_HARD);
    /* Said in so many words, not only in a row one may not look at. */
    g_assert_cmpstr (kuzhi_new_match_dialog_get_description (found), ==,
                     "Player 1 plays against the computer (Hard).");
    kuzhi_new_match_dialog_set_player_level (found, 0, KZ_LEVEL_EASY);
    kuzhi_new_match_dialog_set_player_level (found, 1, KZ_LEVEL_NONE);
    g_assert_true (kuzhi_new_match_dialog_start (found));
  }
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 0), ==, KZ_LEVEL_EASY);
  g_assert_cmpint (kuzhi_window_get_player_level (f->window, 1), ==, KZ_LEVEL_NONE);
  /* The match keeps them, for its file and the next New Match. */
  g_assert_cmpint (kuzhi_game_model_get_player_level (f->model, 0), ==, KZ_LEVEL_EASY);
  g_assert_cmpint (kuzhi_game_model_get_player_level (f->model, 1), ==, KZ_LEVEL_NONE);
  g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (f->window, 0), "Player 1 — computer, Easy: "));
  /* The person (player 2) sees their own row nearest. */
  g_assert_cmpint (kuzhi_board_view_get_view_player (f->board), ==, 1);
}

static gboolean
analysis_proven (Fixture *f)
{
  const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
  if (an == NULL || an->n_moves == 0)
    return FALSE;
  for (int i = 0; i < an->n_moves; i++)
    if (!an->moves[i].exact)
      return FALSE;
  return kuzhi_board_view_get_best_pit (f->board) >= 0;
}

static gboolean
analysis_shown (Fixture *f)
{
  return kuzhi_window_analysis_get (f->window) != NULL && kuzhi_board_view_get_best_pit (f->board) >= 0;
}

/* The cup an analysed action is written on (the mark's cup while a
 * lucky cup is being chosen), or -1. */
static int
analysis_cup (KzAction action,
              gboolean marking)
{
  if (marking)
    return KZ_ACTION_IS_MARK (action) ? KZ_ACTION_MARK_CUP (action) : -1;
  return KZ_ACTION_IS_PIT (action) ? (int) action : -1;
}

/* Every cup carries what the analysis says of its action, written as
 * kuzhi_game_value_text() writes it; cups without an action carry
 * nothing. Returns how many cups carry one. */
static int
assert_cup_values (Fixture  *f,
                   gboolean  marking)
{
  const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
  const KzPosition *pos = kuzhi_game_model_get_position (f->model);
  gboolean seen[KZ_MAX_PITS] = { FALSE };
  int n = 0;

  g_assert_nonnull (an);
  for (int i = 0; i < an->n_moves; i++)
    {
      int cup = analysis_cup (an->moves[i].action, marking);
      g_autofree char *want = NULL;

      if (cup < 0 || seen[cup])
        continue;
      seen[cup] = TRUE;
      want = kuzhi_game_value_text (&an->moves[i]);
      g_assert_cmpstr (kuzhi_board_view_get_value (f->board, cup), ==, want);
      n++;
    }
  for (int p = 0; p < pos->n_pits; p++)
    if (!seen[p])
      g_assert_null (kuzhi_board_view_get_value (f->board, p));
  return n;
}

/* The same, and the best (the first) is marked. */
static int
assert_cups_carry_analysis (Fixture  *f,
                            gboolean  marking)
{
  const KzAnalysis *an = kuzhi_window_analysis_get (f->window);

  g_assert_nonnull (an);
  g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, analysis_cup (an->moves[0].action, marking));
  return assert_cup_values (f, marking);
}

static gboolean
analysis_deep (Fixture *f)
{
  const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
  return analysis_shown (f) && an->depth >= 4;
}

static int seen_depth;

/* The analysis has gone deeper than seen_depth, or is over. */
static gboolean
analysis_deeper (Fixture *f)
{
  const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
  return analysis_proven (f) || (analysis_shown (f) && an->depth > seen_depth);
}

/* Analysis on, in a Kalah endgame whose moves are worth different
 * amounts: every cup that may be sown carries its proven value (checked
 * against full minimax), the best is marked and its line is on the hint
 * line; screen readers hear the value in the cup's description; Player
 * 2's view shows each cup's own value; browsing the history takes the
 * values away and returning brings them back; a move starts it again for
 * the new position; switched off, nothing is shown or searched. */
static void
test_analysis (Fixture       *f,
               gconstpointer  data)
{
  /* Cups 2, 4 and 5 lose by 2, 4 and 6: one best. */
  static const uint8_t pits[12] = { 0, 0, 2, 0, 1, 2,  2, 0, 2, 0, 1, 0 };
  KzMatch m;
  KzOptions options = { .seeds = 4 };
  const KzPosition *pos;
  int best_value = G_MININT, worst_value = G_MAXINT;
  char *shown[KZ_MAX_PITS] = { NULL };

  g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, &options, NULL, 0));
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 19;
  m.pos.stores[1] = 48 - 19 - 10;
  kuzhi_game_model_set_match (f->model, &m);
  kz_match_clear (&m);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");
  /* The description is then the analysis's alone. */
  g_settings_set_boolean (f->settings, "sowing-preview", FALSE);
  g_assert_null (kuzhi_window_analysis_get (f->window));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "analysis"));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_true (g_settings_get_boolean (f->settings, "analysis"));
  g_assert_true (spin_until (f, analysis_proven, 10000));

  pos = kuzhi_game_model_get_position (f->model);
  for (int p = 0; p < 6; p++)
    {
      int value;
      g_autofree char *want = NULL;

      if (pos->pits[p] == 0)
        {
          g_assert_null (kuzhi_board_view_get_value (f->board, p));
          continue;
        }
      value = kz_test_action_minimax (pos, p);
      want = value > 0 ? g_strdup_printf ("wins by %d", value)
             : value < 0 ? g_strdup_printf ("loses by %d", -value) : g_strdup ("draw");
      g_assert_cmpstr (kuzhi_board_view_get_value (f->board, p), ==, want);
      best_value = MAX (best_value, value);
      worst_value = MIN (worst_value, value);
    }
  /* The moves differ, so a wrong cup marked best would be seen: the best
   * marked is one of the best. */
  g_assert_cmpint (best_value, >, worst_value);
  g_assert_cmpint (kz_test_action_minimax (pos, kuzhi_board_view_get_best_pit (f->board)), ==, best_value);
  assert_cups_carry_analysis (f, FALSE);
  g_test_message ("%s", kuzhi_window_analysis_get_line (f->window));
  g_assert_true (g_str_has_prefix (kuzhi_window_analysis_get_line (f->window), "Analysis, proven: best pit "));
  g_assert_cmpstr (kuzhi_window_get_analysis_line_text (f->window), ==, kuzhi_window_analysis_get_line (f->window));

  /* Screen readers: each valued cup says its value, the best says so. */
  for (int p = 0; p < 6; p++)
    {
      GtkAccessible *cup = GTK_ACCESSIBLE (kuzhi_board_view_get_cup (f->board, p));
      const char *value = kuzhi_board_view_get_value (f->board, p);
      g_autofree char *want = NULL;
      char *wrong;

      if (value == NULL)
        {
          g_assert_false (gtk_test_accessible_has_property (cup, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
          continue;
        }
      want = g_strdup_printf (p == kuzhi_board_view_get_best_pit (f->board) ? "Analysis: %s, the best move" : "Analysis: %s", value);
      wrong = gtk_test_accessible_check_property (cup, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, want);
      if (wrong != NULL)
        g_error ("cup %d: %s", p, wrong);
    }

  /* Player 2's view: each cup shows the value it showed in Player 1's. */
  for (int p = 0; p < pos->n_pits; p++)
    shown[p] = g_strdup (kuzhi_board_view_get_value (f->board, p));
  {
    int best = kuzhi_board_view_get_best_pit (f->board);

    kuzhi_board_view_set_view_player (f->board, 1);
    kz_test_spin (400);
    for (int p = 0; p < pos->n_pits; p++)
      g_assert_cmpstr (kuzhi_board_view_get_value (f->board, p), ==, shown[p]);
    g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, best);
    g_assert_nonnull (shown[5]);
  }
  kz_test_capture (GTK_WIDGET (f->window), "analysis.png");
  kuzhi_board_view_set_view_player (f->board, 0);

  /* A move: the old values go at once, the next person's come. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", kuzhi_board_view_get_best_pit (f->board));
  if (!kuzhi_game_model_get_over (f->model))
    {
      g_assert_null (kuzhi_window_analysis_get (f->window));
      g_assert_true (spin_until (f, analysis_shown, 10000));
      g_assert_true (kuzhi_game_model_is_legal (f->model, kuzhi_window_analysis_get (f->window)->moves[0].action));

      /* Browsing: the values are not the past position's; back, they are
       * on the cups again. */
      g_assert_true (spin_until (f, analysis_proven, 10000));
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.browse-turn", "u", 0);
      g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, 0);
      g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, -1);
      for (int p = 0; p < pos->n_pits; p++)
        g_assert_null (kuzhi_board_view_get_value (f->board, p));
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.return-to-current", NULL);
      g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, -1);
      g_assert_cmpint (assert_cups_carry_analysis (f, FALSE), >, 0);
      /* Escape too. */
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.browse-turn", "u", 0);
      g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, -1);
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.cancel", NULL);
      g_assert_cmpint (assert_cups_carry_analysis (f, FALSE), >, 0);
    }
  for (int p = 0; p < KZ_MAX_PITS; p++)
    g_free (shown[p]);

  /* Off: nothing on the cups, no search. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_false (g_settings_get_boolean (f->settings, "analysis"));
  g_assert_null (kuzhi_window_analysis_get (f->window));
  g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, -1);
  for (int p = 0; p < 12; p++)
    g_assert_null (kuzhi_board_view_get_value (f->board, p));
  g_assert_null (kuzhi_window_analysis_get_line (f->window));
}

/* What a value on a cup says in the hint's and the analysis line's
 * words: "−15" is "ends about 15 behind", "wins by 4" stays so. */
static char *
value_in_words (const char *value)
{
  if (g_str_has_prefix (value, "−"))
    return g_strdup_printf ("ends about %s behind", value + strlen ("−"));
  if (g_str_has_prefix (value, "+"))
    return g_strdup_printf ("ends about %s ahead", value + 1);
  if (g_strcmp0 (value, "0") == 0)
    return g_strdup ("ends about level");
  if (g_strcmp0 (value, "draw") == 0)
    return g_strdup ("ends in a draw");
  return g_strdup (value);   /* "wins by 4", "loses by 2" */
}

/* Oware against Hard, the person 5 behind: the header, the hint and the
 * analysis say one thing. The hint says where the player stands as the
 * header does ("you are 5 behind" beside "Meena 3/25 · Arul 8/25") and
 * apart from it how the match ends with best play, in the same number
 * the analysis writes on the hinted house; the analysis line says its
 * best house's value in the same words. */
static void
test_hint_agrees (Fixture       *f,
                  gconstpointer  data)
{
  static const uint8_t pits[12] = { 4, 3, 5, 2, 4, 1,  3, 4, 2, 5, 1, 3 };
  KzMatch m;
  KzOptions options = { 0 };
  KzAction hint;
  int best;
  const char *header, *line, *analysis, *value, *best_value;
  g_autofree char *want_hint = NULL;
  g_autofree char *words = NULL;
  g_autofree char *best_words = NULL;
  g_autofree char *want_line = NULL;

  g_settings_set_int (f->settings, "computer-time", 300);
  g_assert_true (kz_match_init (&m, KZ_VARIANT_OWARE, &options, NULL, 0));
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 3;
  m.pos.stores[1] = 8;
  m.start = m.pos;
  kuzhi_game_model_set_match (f->model, &m);
  kz_match_clear (&m);
  kuzhi_game_model_set_player_name (f->model, 0, "Meena");
  kuzhi_game_model_set_player_name (f->model, 1, "Arul");
  kuzhi_game_model_set_player_level (f->model, 1, KZ_LEVEL_HARD);
  g_assert_true (spin_until (f, person_to_move, 2000));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_true (spin_until (f, analysis_shown, 10000));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  g_assert_true (spin_until (f, has_hint, 5000));
  g_assert_true (spin_until (f, analysis_deep, 10000));
  kz_test_spin (100);   /* the hint line drawn as it now reads */

  /* All read at one moment: the analysis deepens meanwhile. */
  hint = kuzhi_window_computer_get_hint (f->window, NULL);
  best = kuzhi_board_view_get_best_pit (f->board);
  header = kuzhi_window_get_header_text (f->window);
  line = kuzhi_window_get_hint_text (f->window);
  analysis = kuzhi_window_get_analysis_line_text (f->window);
  value = kuzhi_board_view_get_value (f->board, hint);
  best_value = kuzhi_board_view_get_value (f->board, best);
  g_test_message ("%s\n%s\n%s\nhouse %d: %s", header, line, analysis, hint % 6 + 1, value);

  g_assert_true (g_str_has_prefix (header, "Meena to move · Meena 3/25 · Arul 8/25"));
  g_assert_nonnull (value);
  words = value_in_words (value);
  want_hint = g_strdup_printf ("Best: house %d — you are 5 behind; best play %s", hint % 6 + 1, words);
  g_assert_cmpstr (line, ==, want_hint);
  best_words = value_in_words (best_value);
  want_line = g_strdup_printf (": best house %d, %s — ", best % 6 + 1, best_words);
  g_assert_nonnull (strstr (analysis, want_line));
  kz_test_capture (GTK_WIDGET (f->window), "hint-agrees.png");

  /* The analysis deepens: the hint follows the value on its house. */
  seen_depth = kuzhi_window_analysis_get (f->window)->depth;
  g_assert_true (spin_until (f, analysis_deeper, 30000));
  {
    g_autofree char *later = value_in_words (kuzhi_board_view_get_value (f->board, hint));
    g_autofree char *want = g_strdup_printf ("Best: house %d — you are 5 behind; best play %s", hint % 6 + 1, later);
    g_assert_cmpstr (kuzhi_window_get_hint_text (f->window), ==, want);
  }
}

/* Values not proven yet (a Kalah opening with five seeds, far from any
 * end and outside the opening book) are written "+2", "−1", "0", each the
 * analysis's own for that cup; the line says how deep it has looked. */
static void
test_analysis_unproven (Fixture       *f,
                        gconstpointer  data)
{
  const KzAnalysis *an;
  int n;

  kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 5, "Ana", "Ben");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_true (spin_until (f, analysis_deep, 10000));
  an = kuzhi_window_analysis_get (f->window);
  n = assert_cups_carry_analysis (f, FALSE);
  g_assert_cmpint (n, ==, 6);
  for (int p = 0; p < 6; p++)
    {
      const char *text = kuzhi_board_view_get_value (f->board, p);
      g_test_message ("cup %d: %s", p, text);
      g_assert_true (g_regex_match_simple ("^(\\+[1-9][0-9]*|−[1-9][0-9]*|0)$", text, 0, 0));
    }
  for (int i = 0; i < an->n_moves; i++)
    g_assert_false (an->moves[i].exact);
  g_assert_true (g_str_has_prefix (kuzhi_window_analysis_get_line (f->window), "Analysis, "));
  g_assert_nonnull (strstr (kuzhi_window_analysis_get_line (f->window), " turns deep: best pit "));
}

/* At the start of Kalah with four seeds the analysis comes from the
 * opening book: every cup's value proven at once, the book's best ringed. */
static void
test_analysis_book (Fixture       *f,
                    gconstpointer  data)
{
  const KzBookEntry *e;
  const KzAnalysis *an;

  kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Ben");
  e = kz_book_probe (kuzhi_game_model_get_position (f->model));
  g_assert_nonnull (e);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_true (spin_until (f, analysis_proven, 5000));
  an = kuzhi_window_analysis_get (f->window);
  g_assert_cmpint (assert_cups_carry_analysis (f, FALSE), ==, e->n_moves);
  g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, e->moves[0].action);
  for (int i = 0; i < an->n_moves; i++)
    {
      g_assert_cmpint (an->moves[i].action, ==, e->moves[i].action);
      g_assert_cmpint (kz_score_margin (an->moves[i].score), ==, e->moves[i].margin);
    }
  g_assert_true (g_str_has_prefix (kuzhi_window_analysis_get_line (f->window), "Analysis, proven: best pit 3, "));
  kz_test_capture (GTK_WIDGET (f->window), "analysis-book.png");

  /* Closed with its analysis finished, the window is gone for good: the
   * setting's next change once reached it, freed, through its action. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  kz_test_spin (100);
  g_settings_set_boolean (f->settings, "analysis", FALSE);
  kz_test_spin (100);
}

/* The Constitution, a lucky cup being chosen: the cups carry the marks'
 * values (a mark valued with the best sowing after it), and back to
 * sowing they carry the sowings'. */
static void
test_analysis_marking (Fixture       *f,
                       gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (11);
  KzMatch match;
  gboolean found = FALSE;

  for (int attempt = 0; attempt < 400 && !found; attempt++)
    {
      kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = g_rand_int_range (rand, 4, 40); ply > 0 && !match.pos.over; ply--)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal), sows = 0;

          for (int i = 0; i < n; i++)
            if (!KZ_ACTION_IS_MARK (legal[i]))
              legal[sows++] = legal[i];
          kz_match_play (&match, legal[g_rand_int_range (rand, 0, sows)], NULL);
        }
      found = !match.pos.over && kz_constitution_may_mark (&match.pos);
      if (!found)
        kz_match_clear (&match);
    }
  g_rand_free (rand);
  g_assert_true (found);
  match.start = match.pos;
  match.n_history = 0;
  kuzhi_game_model_set_match (f->model, &match);
  kz_match_clear (&match);

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_object_set (f->window, "marking", TRUE, NULL);
  g_assert_true (spin_until (f, analysis_shown, 10000));
  {
    const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
    int marks = 0;

    for (int i = 0; i < an->n_moves; i++)
      marks += KZ_ACTION_IS_MARK (an->moves[i].action);
    g_assert_cmpint (marks, >, 0);
    /* The best cup is the best mark's, though a sowing may be worth more. */
    for (int i = 0; i < an->n_moves; i++)
      if (KZ_ACTION_IS_MARK (an->moves[i].action))
        {
          g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, KZ_ACTION_MARK_CUP (an->moves[i].action));
          break;
        }
  }
  /* The best cup is the first entry's only when the best action is a
   * mark, so only the values are checked here. */
  assert_cup_values (f, TRUE);
  kz_test_capture (GTK_WIDGET (f->window), "analysis-marking.png");
  /* The window redraws the values itself as marking ends. */
  g_object_set (f->window, "marking", FALSE, NULL);
  {
    const KzAnalysis *an = kuzhi_window_analysis_get (f->window);
    for (int i = 0; i < an->n_moves; i++)
      {
        int cup = analysis_cup (an->moves[i].action, FALSE);
        if (cup >= 0)
          {
            g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, cup);
            break;
          }
      }
  }
}

/* Bohnenspiel: its own moves are valued the same way. */
static void
test_analysis_bohnenspiel (Fixture       *f,
                           gconstpointer  data)
{
  KzMatch match;
  guint64 rng = 7;

  kz_match_init (&match, KZ_VARIANT_BOHNENSPIEL, NULL, NULL, 0);
  kz_test_play_random (&match, &rng, 10);
  g_assert_false (match.pos.over);
  match.start = match.pos;
  match.n_history = 0;
  kuzhi_game_model_set_match (f->model, &match);
  kz_match_clear (&match);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
  g_assert_true (spin_until (f, analysis_shown, 10000));
  g_assert_cmpint (assert_cups_carry_analysis (f, FALSE), >, 0);
  g_assert_true (kuzhi_game_model_is_legal (f->model, kuzhi_board_view_get_best_pit (f->board)));
}

static gboolean
reviewed (Fixture *f)
{
  return kuzhi_history_panel_has_review (kuzhi_window_get_history_panel (f->window));
}

/* The board's place and size in the window, settled. */
static graphene_rect_t
board_bounds (Fixture *f)
{
  return kz_test_settled_bounds (GTK_WIDGET (f->board));
}

/* Where the board is laid out in the play area, whatever the play area
 * is scrolled to: on a phone it scrolls to keep the sowing in sight
 * (docs/ui.md, "The sowing stays in sight"), which is not the board
 * moving. */
static graphene_rect_t
board_in_play_area (Fixture *f)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (f->board), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = gtk_viewport_get_child (GTK_VIEWPORT (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller))));
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->board), content, &r));
  return r;
}

static void
assert_same_rect (const graphene_rect_t *want,
                  const graphene_rect_t *got,
                  const char            *when)
{
  g_test_message ("%s: board at %g,%g %g×%g", when, got->origin.x, got->origin.y, got->size.width, got->size.height);
  g_assert_cmpfloat (got->origin.x, ==, want->origin.x);
  g_assert_cmpfloat (got->origin.y, ==, want->origin.y);
  g_assert_cmpfloat (got->size.width, ==, want->size.width);
  g_assert_cmpfloat (got->size.height, ==, want->size.height);
}

static gboolean
reviewing (Fixture *f)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "cancel-review");
}

/* Only the window's size moves the board. With Analysis on against the
 * computer, the analysis line comes on the person's turns and goes on
 * the computer's; while Review Match runs, its bar is over the play area.
 * Neither moves the board, and the header line stays in view (nothing
 * lies over it) — at the default size and on a phone; and on a phone
 * the header line's "· 5 shells in hand" moves it no more, until the
 * match's end brings its banner under the play area. Writes
 * analysis-steady.png, review-steady.png, review-phone.png and
 * match-end-phone.png. */
static void
test_steady_board (Fixture       *f,
                   gconstpointer  data)
{
  static const struct { int width, height; } sizes[] = { { 0, 0 }, { 360, 640 } };
  GtkWidget *w = GTK_WIDGET (f->window);

  g_settings_set_boolean (f->settings, "analysis", TRUE);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      graphene_rect_t want, header, bar;
      GtkLabel *header_label;
      GtkWidget *review_bar;

      g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Arul"));
      kuzhi_window_set_player_level (f->window, 1, KZ_LEVEL_EASY);
      if (sizes[s].width > 0)
        {
          /* The content that size, as on a phone, borders aside. */
          GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w));
          int bx = gdk_surface_get_width (surface) - gtk_widget_get_width (w);
          int by = gdk_surface_get_height (surface) - gtk_widget_get_height (w);

          gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[s].width + bx, sizes[s].height + by);
          for (int tries = 0; tries < 100 && gtk_widget_get_width (w) != sizes[s].width; tries++)
            kz_test_spin (20);
          kz_test_spin (300);
          g_assert_cmpint (gtk_widget_get_width (w), ==, sizes[s].width);
          g_assert_cmpint (gtk_widget_get_height (w), ==, sizes[s].height);
        }
      g_assert_true (spin_until (f, analysis_shown, 10000));
      want = board_bounds (f);
      assert_same_rect (&want, &want, "analysis shown");
      g_assert_nonnull (kuzhi_window_get_analysis_line_text (f->window));
      for (int turn = 0; turn < 3 && !kuzhi_game_model_get_over (f->model); turn++)
        {
          graphene_rect_t got;

          while (kuzhi_game_model_get_to_move (f->model) == 0 && !kuzhi_game_model_get_over (f->model))
            {
              g_assert_true (spin_until (f, person_to_move, 5000));
              sow_first_legal (f);
              kuzhi_board_view_finish_animation (f->board);
              kz_test_spin (50);
            }
          if (kuzhi_game_model_get_over (f->model))
            break;
          /* The computer's turn: no analysis line. */
          g_assert_true (kuzhi_window_computer_to_move (f->window));
          g_assert_null (kuzhi_window_get_analysis_line_text (f->window));
          got = board_bounds (f);
          assert_same_rect (&want, &got, "the computer's turn");
          g_assert_true (spin_until (f, human_to_move_again, 5000));
          if (kuzhi_game_model_get_over (f->model))
            break;
          g_assert_true (spin_until (f, analysis_shown, 10000));
          got = board_bounds (f);
          assert_same_rect (&want, &got, "the person's turn, analysed");
          g_assert_nonnull (kuzhi_window_get_analysis_line_text (f->window));
        }
      if (s == 0)
        kz_test_capture (w, "analysis-steady.png");

      /* Review Match: its bar comes, the board stays, the header is seen. */
      gtk_widget_activate_action (w, "win.review", NULL);
      g_assert_true (reviewing (f));
      kz_test_spin (500);
      g_assert_true (reviewing (f));
      {
        graphene_rect_t got;
        g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->board), w, &got));
        assert_same_rect (&want, &got, "reviewing");
      }
      header_label = kz_test_find_label (w, kuzhi_window_get_header_text (f->window));
      g_assert_nonnull (header_label);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (header_label)));
      review_bar = gtk_widget_get_ancestor (GTK_WIDGET (kz_test_find_button (w, "Cancel")), GTK_TYPE_REVEALER);
      g_assert_nonnull (review_bar);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (header_label), w, &header));
      g_assert_true (gtk_widget_compute_bounds (review_bar, w, &bar));
      g_test_message ("header %g,%g %g×%g; review bar %g,%g %g×%g", header.origin.x, header.origin.y,
                      header.size.width, header.size.height, bar.origin.x, bar.origin.y, bar.size.width, bar.size.height);
      g_assert_cmpfloat (header.size.height, >, 0);
      g_assert_false (graphene_rect_intersection (&header, &bar, NULL));
      /* In the play area's view, under the header bar. */
      {
        graphene_rect_t view;
        GtkWidget *play = gtk_widget_get_ancestor (GTK_WIDGET (header_label), GTK_TYPE_SCROLLED_WINDOW);
        g_assert_true (gtk_widget_compute_bounds (play, w, &view));
        g_assert_true (graphene_rect_contains_rect (&view, &header));
      }
      kz_test_capture (w, s == 0 ? "review-steady.png" : "review-phone.png");
      gtk_widget_activate_action (w, "win.cancel-review", NULL);
      kz_test_spin (300);
    }

  /* Still on the phone: the Constitution between two people, whose
   * header line says "· 5 shells in hand" while shells are in the air and
   * names whoever is to move; the board stays where it is laid out in the
   * play area through every sowing (the play area may scroll to follow
   * it). */
  {
    graphene_rect_t want;

    g_assert_true (kuzhi_window_start_match (f->window, KZ_VARIANT_CONSTITUTION, 5, "Meena", "Arulmozhi"));
    kz_test_spin (300);
    want = board_in_play_area (f);
    for (int turn = 0; turn < 6; turn++)
      {
        graphene_rect_t got;
        gboolean seen_hand = FALSE;

        g_assert_true (spin_until (f, person_to_move, 5000));
        sow_first_legal (f);
        for (int i = 0; i < 200 && kuzhi_board_view_get_animating (f->board); i++)
          {
            kz_test_spin (10);
            if (kuzhi_board_view_get_hand (f->board) > 0)
              {
                seen_hand = TRUE;
                got = board_in_play_area (f);
                if (!graphene_rect_equal (&got, &want))
                  assert_same_rect (&want, &got, kuzhi_window_get_header_text (f->window));
              }
          }
        g_assert_true (seen_hand);
        if (kuzhi_game_model_get_over (f->model))
          {
            /* The match's end: on a phone its banner comes under the play
             * area, covering none of it (the far store and its final
             * count were under it), and the play area scrolls to keep
             * the last shell's place in sight. */
            GtkWidget *banner = gtk_widget_get_ancestor (GTK_WIDGET (kz_test_find_button (w, "Play Again")), GTK_TYPE_REVEALER);
            GtkWidget *play = gtk_widget_get_ancestor (GTK_WIDGET (f->board), GTK_TYPE_SCROLLED_WINDOW);
            graphene_rect_t banner_at, view, window_at;

            kz_test_wait_banner (f->window);
            g_assert_true (gtk_widget_compute_bounds (banner, w, &banner_at));
            g_assert_true (gtk_widget_compute_bounds (play, w, &view));
            g_assert_true (gtk_widget_compute_bounds (w, w, &window_at));
            g_assert_cmpfloat (banner_at.size.height, >, 0);
            g_assert_false (graphene_rect_intersection (&banner_at, &view, NULL));
            g_assert_true (graphene_rect_contains_rect (&window_at, &banner_at));
            kz_test_capture (w, "match-end-phone.png");
            /* News that comes and goes meanwhile takes its room over
             * the banner: Play Again stays under the finger. */
            {
              GtkWidget *again = GTK_WIDGET (kz_test_find_button (w, "Play Again"));
              graphene_rect_t before, with_news, after;

              g_assert_true (gtk_widget_compute_bounds (again, w, &before));
              kuzhi_window_show_toast (f->window, "Round news");
              kz_test_wait_revealer (GTK_WIDGET (kz_test_find_label (w, "Round news")), TRUE);
              g_assert_true (kuzhi_window_get_toast_shown (f->window));
              g_assert_true (gtk_widget_compute_bounds (again, w, &with_news));
              assert_same_rect (&before, &with_news, "news shown");
              kuzhi_window_dismiss_toast (f->window);
              kz_test_wait_revealer (GTK_WIDGET (kz_test_find_label (w, "Round news")), FALSE);
              g_assert_true (gtk_widget_compute_bounds (again, w, &after));
              assert_same_rect (&before, &after, "news gone");
            }
            break;
          }
        kz_test_spin (300);
        got = board_in_play_area (f);
        assert_same_rect (&want, &got, kuzhi_window_get_header_text (f->window));
      }
    g_assert_true (kuzhi_game_model_get_over (f->model));
  }
}

/* Review Match on a Kalah endgame whose first turn was the worst: the
 * row of that turn says how much it gave (proven, as full minimax says)
 * and whether that was a mistake or a blunder. While it is the last turn,
 * its row still offers the better move (the board shows the current
 * position). A review can be cancelled, and a new move takes an old
 * review away. */
static void
test_review (Fixture       *f,
             gconstpointer  data)
{
  static const uint8_t pits[12] = { 1, 0, 1, 0, 2, 0,  1, 0, 1, 0, 0, 1 };
  KzMatch m;
  KzOptions options = { .seeds = 4 };
  KzAction actions[KZ_MAX_ACTIONS], worst = KZ_ACTION_NONE;
  int worst_value = G_MAXINT, best_value, n;
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->window);
  GtkWidget *better = kz_test_find_button (GTK_WIDGET (f->window), "Show _Better Move");
  g_autofree char *row = NULL;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, &options, NULL, 0));
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 20;
  m.pos.stores[1] = 48 - 20 - 7;
  m.start = m.pos;
  best_value = kz_test_minimax (&m.pos);
  n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
  for (int i = 0; i < n; i++)
    {
      int v = kz_test_action_minimax (&m.pos, actions[i]);
      if (v < worst_value)
        {
          worst_value = v;
          worst = actions[i];
        }
    }
  /* At least a mistake by Kalah's thresholds (3 and 6 seeds). */
  g_assert_cmpint (best_value - worst_value, >=, kz_variant_get (KZ_VARIANT_KALAH)->review_mistake);
  kuzhi_game_model_set_match (f->model, &m);
  kz_match_clear (&m);
  kuzhi_game_model_set_player_name (f->model, 0, "Ana");
  kuzhi_game_model_set_player_name (f->model, 1, "Ben");
  g_assert_true (kuzhi_game_model_play (f->model, worst, NULL));
  kz_test_spin (50);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "review"));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "review"));
  g_assert_true (spin_until (f, reviewed, 20000));
  row = kuzhi_history_panel_get_row_text (panel, 1);
  g_test_message ("%s", row);
  {
    int loss = best_value - worst_value;
    g_autofree char *want = g_strdup_printf (loss >= kz_variant_get (KZ_VARIANT_KALAH)->review_blunder ? "−%d blunder" : "−%d mistake", loss);
    g_assert_nonnull (strstr (row, want));
  }

  /* The last turn is the current position, yet its row offers its
   * better move. */
  g_assert_nonnull (better);
  g_assert_cmpuint (kuzhi_history_panel_get_n_turns (panel), ==, 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.browse-turn", "u", 1);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, 1);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), kuzhi_game_model_get_position (f->model)));
  g_assert_true (gtk_widget_get_visible (better));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "play-from-here"));
  g_assert_false (gtk_widget_get_visible (kz_test_find_button (GTK_WIDGET (f->window), "_Play From Here…")));
  g_assert_cmpstr (kuzhi_window_get_hint_text (f->window), ==, "This is the current position: Escape returns to play.");
  {
    KzPosition want = kuzhi_game_model_get_match (f->model)->start;
    const KuzhiReviewTurn *r = kuzhi_history_panel_get_review_turn (panel, 1);

    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-better", NULL);
    kz_position_variant (&want)->apply (&want, r->best_action, NULL);
    g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &want));
  }
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.return-to-current", NULL);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, -1);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), kuzhi_game_model_get_position (f->model)));
  /* A last turn the review did not mark is only the current position. */
  g_assert_cmpuint (kuzhi_game_model_get_match (f->model)->n_history, ==, 1);

  /* A move: the review no longer matches the line of play. */
  if (!kuzhi_game_model_get_over (f->model))
    {
      KzAction legal[KZ_MAX_ACTIONS];
      g_assert_cmpint (kuzhi_game_model_get_legal (f->model, legal), >, 0);
      g_assert_true (kuzhi_game_model_play (f->model, legal[0], NULL));
      g_assert_false (reviewed (f));
    }

  /* Cancel: nothing comes of it. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.cancel-review", NULL);
  kz_test_spin (1500);
  g_assert_false (reviewed (f));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "review"));
}

static gboolean
not_animating (Fixture *f)
{
  return !kuzhi_board_view_get_animating (f->board);
}

/* The first reviewed turn before the last whose loss is at least
 * `threshold`, or 0. */
static guint
marked_turn (KuzhiHistoryPanel *panel,
             int                threshold,
             int                below)
{
  for (guint t = 1; t < kuzhi_history_panel_get_n_turns (panel); t++)
    {
      const KuzhiReviewTurn *r = kuzhi_history_panel_get_review_turn (panel, t);
      if (r->loss >= threshold && r->loss < below)
        return t;
    }
  return 0;
}

/* Review Match over a longer Kalah match played at random (24 turns):
 * mistakes and blunders are marked; a click on the graph at a turn's x
 * browses that turn; Show Better Move leaves a variation the board plays
 * on, both sides, through the engine on a copy, with Back, while Play From
 * Here, the hint and the analysis stay off; Escape leaves it and the match
 * has not changed. The pictures of docs/ui.md come from here, the light
 * and the dark style. */
static void
test_review_explore (Fixture       *f,
                     gconstpointer  data)
{
  KuzhiHistoryPanel *panel = kuzhi_window_get_history_panel (f->window);
  const KzVariant *kalah = kz_variant_get (KZ_VARIANT_KALAH);
  KzMatch m, saved;
  guint64 rng = 2026;
  guint mistake, blunder, n_turns;
  GtkWidget *play_from_here = kz_test_find_button (GTK_WIDGET (f->window), "_Play From Here…");
  GtkWidget *back = kz_test_find_button (GTK_WIDGET (f->window), "_Back");

  /* The review searches each turn for a time, so on a loaded machine a
   * turn's loss can fall on either side of a threshold: another random
   * match, up to four, until one has both a mistake and a blunder. */
  for (int attempt = 0; attempt < 4; attempt++)
    {
      kuzhi_window_start_match (f->window, KZ_VARIANT_KALAH, 4, "Ana", "Ben");
      kz_match_copy (&m, kuzhi_game_model_get_match (f->model));
      kz_test_play_random (&m, &rng, 24);
      g_assert_false (m.pos.over);
      kuzhi_game_model_set_match (f->model, &m);
      kz_match_clear (&m);
      n_turns = kuzhi_history_panel_get_n_turns (panel);
      g_assert_cmpuint (n_turns, >=, 20);

      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review", NULL);
      g_assert_true (spin_until (f, reviewed, 60000));
      mistake = marked_turn (panel, kalah->review_mistake, kalah->review_blunder);
      blunder = marked_turn (panel, kalah->review_blunder, G_MAXINT);
      g_test_message ("match %d: turn %u a mistake, turn %u a blunder", attempt + 1, mistake, blunder);
      if (mistake > 0 && blunder > 0)
        break;
    }
  g_assert_cmpuint (mistake, >, 0);
  g_assert_cmpuint (blunder, >, 0);
  {
    g_autofree char *row = kuzhi_history_panel_get_row_text (panel, blunder);
    g_assert_nonnull (strstr (row, "blunder"));
  }
  kz_test_wait_flap (GTK_WIDGET (panel), TRUE);

  /* The graph: turn k's point is at k × width / n; a click there browses it. */
  {
    GtkWidget *graph = kuzhi_history_panel_get_graph (panel);
    int width = gtk_widget_get_width (graph);

    g_assert_true (gtk_widget_get_mapped (graph));
    g_assert_cmpint (width, >, 0);
    g_assert_cmpint (kuzhi_history_panel_get_graph_turn_at (panel, 0), ==, 0);
    g_assert_cmpint (kuzhi_history_panel_get_graph_turn_at (panel, width), ==, (int) n_turns);
    kuzhi_history_panel_activate_graph_at (panel, (double) blunder * width / n_turns + 1);
    g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, (int) blunder);
    g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board),
                                      kuzhi_history_panel_get_position (panel, blunder)));
  }
  kz_test_capture (GTK_WIDGET (f->window), "review.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  kz_test_spin (300);
  kz_test_capture (GTK_WIDGET (f->window), "review-dark.png");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  /* Show Better Move on the blunder, then explore. */
  kz_match_copy (&saved, kuzhi_game_model_get_match (f->model));
  g_assert_true (gtk_widget_get_visible (play_from_here));
  g_assert_false (gtk_widget_get_visible (back));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-better", NULL);
  g_assert_true (kuzhi_window_files_in_variation (f->window));
  g_assert_false (gtk_widget_get_visible (play_from_here));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "play-from-here"));
  g_assert_true (gtk_widget_get_visible (back));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "variation-back"));
  kz_test_spin (400);   /* the browse bar's new text */
  kz_test_capture (GTK_WIDGET (f->window), "review-better.png");
  {
    KzPosition at = *kuzhi_board_view_get_displayed (f->board);
    KzPosition before = at;
    KzAction last = KZ_ACTION_NONE;
    int moves = 0;

    g_assert_false (at.over);
    for (int k = 0; k < 3 && !at.over; k++)
      {
        KzAction legal[KZ_MAX_ACTIONS];
        int n = kz_position_variant (&at)->legal (&at, legal);
        KzAction pick = legal[n - 1];   /* not the analysis's, nor the match's */

        before = at;
        /* The first move animated, as the match's are: it lands on the
         * engine's result. */
        g_settings_set_string (f->settings, "animation-speed", k == 0 ? "fast" : "instant");
        /* Both sides are played in the variation. */
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", (int) pick);
        if (k == 0)
          {
            g_assert_true (kuzhi_board_view_get_animating (f->board));
            g_assert_true (spin_until (f, not_animating, 10000));
          }
        kz_position_variant (&at)->apply (&at, pick, NULL);
        last = pick;
        moves++;
        g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &at));
        g_assert_true (kuzhi_window_files_in_variation (f->window));
        g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, (int) blunder);
        /* The match is never touched. */
        kz_test_assert_same_match (kuzhi_game_model_get_match (f->model), &saved);
      }
    /* The bar says it is a variation, and the last move in it. */
    {
      g_autofree char *name = kuzhi_game_action_name (&before, last);
      g_autofree char *want = g_strdup_printf ("Variation from turn %u, %d move%s in: %s’s %s", blunder, moves,
                                               moves == 1 ? "" : "s",
                                               kuzhi_game_model_get_player_name (f->model, before.to_move), name);
      g_assert_nonnull (kz_test_find_label (GTK_WIDGET (f->window), want));
      g_assert_true (g_str_has_prefix (kuzhi_window_get_hint_text (f->window), "A variation: "));
    }
    /* No hint and no analysis for a board that is not the match's. */
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
    kz_test_spin (300);
    g_assert_cmpint (kuzhi_window_computer_get_hint (f->window, NULL), ==, KZ_ACTION_NONE);
    g_assert_cmpint (kuzhi_board_view_get_hint (f->board), ==, -1);
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
    kz_test_spin (500);
    g_assert_cmpint (kuzhi_board_view_get_best_pit (f->board), ==, -1);
    g_assert_null (kuzhi_window_analysis_get_line (f->window));
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.analysis", NULL);
    /* Back takes the last move back. */
    g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "variation-back"));
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-back", NULL);
    g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &before));
    kz_test_assert_same_match (kuzhi_game_model_get_match (f->model), &saved);
    /* Every move taken back: the bar says again what the better move was,
     * not "0 moves in". */
    while (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "variation-back"))
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.variation-back", NULL);
    {
      g_autofree char *better = g_strdup_printf ("Better than turn %u: ", blunder);
      g_autofree char *none = g_strdup_printf ("Variation from turn %u, 0 moves in: taken back", blunder);

      g_assert_null (kz_test_find_label (GTK_WIDGET (f->window), none));
      g_assert_true (has_label_starting (GTK_WIDGET (f->window), better));
    }
  }
  /* Escape leaves: the position in play, the match as it was. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.cancel", NULL);
  g_assert_cmpint (kuzhi_window_get_browsing_turn (f->window), ==, -1);
  g_assert_false (kuzhi_window_files_in_variation (f->window));
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), kuzhi_game_model_get_position (f->model)));
  kz_test_assert_same_match (kuzhi_game_model_get_match (f->model), &saved);
  g_assert_true (reviewed (f));
  /* Browsed again, the turn can be played on from once more. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.browse-turn", "u", blunder);
  g_assert_true (gtk_widget_get_visible (play_from_here));
  g_assert_false (gtk_widget_get_visible (back));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "play-from-here"));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.cancel", NULL);
  kz_match_clear (&saved);
}

int
main (int   argc,
      char *argv[])
{
  /* GTK's test accessibility backend keeps every accessible property where
   * /computer/analysis can read a cup's description; it needs no bus. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, speed, fixture_setup, fn, fixture_teardown)
  ADD ("/computer/human-vs-easy", "fast", test_human_vs_easy);
  ADD ("/computer/demo", NULL, test_demo);
  ADD ("/computer/constitution-mark", NULL, test_constitution_mark);
  ADD ("/computer/undo-cancels", NULL, test_undo_cancels);
  ADD ("/computer/undo-to-person", NULL, test_undo_to_person);
  ADD ("/computer/redo-with-reply", NULL, test_redo_with_reply);
  ADD ("/computer/browse-with-computer", NULL, test_browse_with_computer);
  ADD ("/computer/undo-computer-opened", NULL, test_undo_computer_opened);
  ADD ("/computer/close-while-thinking", NULL, test_close_while_thinking);
  ADD ("/computer/hint", NULL, test_hint);
  ADD ("/computer/hint-constitution", NULL, test_hint_constitution);
  ADD ("/computer/hint-oware", NULL, test_hint_oware);
  ADD ("/computer/hint-agrees", NULL, test_hint_agrees);
  ADD ("/computer/hint-mark-enter", NULL, test_hint_mark_enter);
  ADD ("/computer/hint-refill-enter", NULL, test_hint_refill_enter);
  ADD ("/computer/hint-insensitive", NULL, test_hint_insensitive);
  ADD ("/computer/analysis", NULL, test_analysis);
  ADD ("/computer/analysis-unproven", NULL, test_analysis_unproven);
  ADD ("/computer/analysis-book", NULL, test_analysis_book);
  ADD ("/computer/analysis-marking", NULL, test_analysis_marking);
  ADD ("/computer/analysis-bohnenspiel", NULL, test_analysis_bohnenspiel);
  ADD ("/computer/review", NULL, test_review);
  ADD ("/computer/steady-board", "fast", test_steady_board);
  ADD ("/computer/review-explore", NULL, test_review_explore);
  ADD ("/computer/dialog-levels", NULL, test_dialog_levels);
#undef ADD

  return g_test_run ();
}
