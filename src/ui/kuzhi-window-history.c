/* kuzhi-window-history.c — browsing the window's move history (the panel in the flap, the browse bar, Play From Here) and Show Better Move's variations. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-confirm.h"
#include "kuzhi-game-text.h"

/* --- browsing the history ------------------------------------------------ */

/* The browse bar's buttons follow what is shown: Play From Here only for
 * a past turn of the match itself (a variation is no turn to play on
 * from, and the last turn is where play goes on anyway). */
static void
update_browse_buttons (KuzhiWindow *self)
{
  gboolean past = self->browsing >= 0 && (guint) self->browsing < kuzhi_history_panel_get_n_turns (self->history_panel);

  gtk_widget_set_visible (self->play_from_here_button, past && !self->in_variation);
  _kuzhi_window_set_action_enabled (self, "play-from-here", past && !self->in_variation);
  gtk_widget_set_visible (self->variation_back_button, self->in_variation);
  _kuzhi_window_set_action_enabled (self, "variation-back", self->in_variation && self->history.variation_back->len > 0);
}

static void
leave_variation (KuzhiWindow *self)
{
  self->in_variation = FALSE;
  g_array_set_size (self->history.variation_back, 0);
  kuzhi_board_view_set_variation (self->board_view, FALSE);
}

static void
end_browsing (KuzhiWindow *self)
{
  if (self->browsing < 0)
    return;
  self->browsing = -1;
  /* A Play From Here question asked about the turn browsed has nothing
   * left to answer (the computer moved, the match changed). */
  if (self->dialog != NULL && g_object_get_data (G_OBJECT (self->dialog), "kuzhi-play-from-here") != NULL)
    gtk_window_close (GTK_WINDOW (self->dialog));
  leave_variation (self);
  gtk_revealer_set_reveal_child (self->browse_revealer, FALSE);
  kuzhi_board_view_set_interactive (self->board_view, TRUE);
  kuzhi_history_panel_select_turn (self->history_panel, kuzhi_history_panel_get_n_turns (self->history_panel));
  update_browse_buttons (self);
  /* The analysis was for the position in play all along: its values go
   * back on the cups. */
  _kuzhi_window_board_changed (self);
}

/* Back to the position in play, from a past turn or a variation. */
static void
return_to_current (KuzhiWindow *self)
{
  if (self->browsing < 0)
    return;
  kuzhi_board_view_finish_animation (self->board_view);
  end_browsing (self);
  kuzhi_board_view_set_position (self->board_view, kuzhi_game_model_get_position (self->model));
}

/* Whether the review marked turn N a mistake (or worse): its better move
 * can be shown. */
static gboolean
has_better (KuzhiWindow *self,
            guint        turn)
{
  const KuzhiReviewTurn *r = kuzhi_history_panel_get_review_turn (self->history_panel, turn);
  const KzPosition *before = turn > 0 ? kuzhi_history_panel_get_position (self->history_panel, turn - 1) : NULL;

  return r != NULL && before != NULL && r->loss >= kz_position_variant (before)->review_mistake;
}

void
kuzhi_window_browse_turn (KuzhiWindow *self,
                          guint        turn)
{
  const KzPosition *pos;
  g_autofree char *text = NULL;
  guint n_turns;

  g_return_if_fail (KUZHI_IS_WINDOW (self));

  n_turns = kuzhi_history_panel_get_n_turns (self->history_panel);
  pos = kuzhi_history_panel_get_position (self->history_panel, turn);
  /* The last turn is the current position: nothing to browse, unless the
   * review marked it, when the bar offers its better move (see
   * docs/ui.md, "Review Match"). */
  if (pos == NULL || (turn == n_turns && !has_better (self, turn)))
    {
      return_to_current (self);
      return;
    }

  kuzhi_board_view_finish_animation (self->board_view);
  /* A lucky cup being chosen, and a hint, were for the match's board. */
  g_object_set (self, "marking", FALSE, NULL);
  _kuzhi_window_computer_forget_hint (self);
  leave_variation (self);
  self->browsing = (int) turn;
  kuzhi_board_view_set_interactive (self->board_view, FALSE);
  kuzhi_board_view_set_position (self->board_view, pos);
  kuzhi_history_panel_select_turn (self->history_panel, turn);
  if (turn == 0)
    text = g_strdup (_("Viewing the start of the match"));
  else if (turn == n_turns)
    /* Translators: shown above the board when the last turn's row is chosen after a review: "Turn 24 is the current position" */
    text = g_strdup_printf (_("Turn %u is the current position"), turn);
  else
    /* Translators: shown above the board while browsing the history */
    text = g_strdup_printf (_("Viewing turn %u"), turn);
  gtk_label_set_text (self->browse_label, text);
  gtk_revealer_set_reveal_child (self->browse_revealer, TRUE);
  /* A turn the review marked as a mistake can show what was better. */
  gtk_widget_set_visible (self->better_button, has_better (self, turn));
  update_browse_buttons (self);
  /* The analysis's values are for the position in play, not this one. */
  _kuzhi_window_board_changed (self);
}

/* The bar over a variation: where it started, and the last move in it. */
static void
label_variation (KuzhiWindow *self,
                 const char  *last)
{
  guint moves = self->history.variation_back->len;
  /* Translators: shown above the board while a variation is explored: "Variation from turn 5, 2 moves in: Ben's pit 3" */
  g_autofree char *text = g_strdup_printf (ngettext ("Variation from turn %d, %u move in: %s",
                                                     "Variation from turn %d, %u moves in: %s", moves),
                                           self->browsing, moves, last);

  gtk_label_set_text (self->browse_label, text);
}

/* The bar over a better move, before any move of the variation: "Better
 * than turn 5: pit 3 (+2, not −1)". */
static void
label_better (KuzhiWindow           *self,
              const KuzhiReviewTurn *r,
              const KzPosition      *before)
{
  g_autofree char *best = NULL, *played = NULL, *text = NULL, *name = NULL;
  KzMoveValue value = { 0 };

  name = kuzhi_game_action_name (before, KZ_ACTION_IS_MARK (r->best_action) && r->best_then != KZ_ACTION_NONE
                                         ? r->best_then : r->best_action);
  /* Written as the analysis writes values: "+2", "−1". */
  value.score = r->best * 100;
  best = kuzhi_game_value_text (&value);
  value.score = r->played * 100;
  played = kuzhi_game_value_text (&value);
  /* Translators: shown above the board over a variation: "Better than turn 5: pit 3 (+2, not −1)" */
  text = g_strdup_printf (_("Better than turn %d: %s (%s, not %s)"),
                          self->browsing, name, best, played);
  gtk_label_set_text (self->browse_label, text);
}

/* The reviewed turn being browsed, and the position before it; FALSE
 * when there is no better move to show. */
static gboolean
browsed_review (KuzhiWindow            *self,
                const KuzhiReviewTurn **r,
                const KzPosition      **before)
{
  if (self->browsing <= 0)
    return FALSE;
  *r = kuzhi_history_panel_get_review_turn (self->history_panel, (guint) self->browsing);
  *before = kuzhi_history_panel_get_position (self->history_panel, (guint) self->browsing - 1);
  return *r != NULL && *before != NULL && kz_position_is_legal (*before, (*r)->best_action);
}

/* The better move of a reviewed turn, shown on the board as a variation:
 * the position before the turn with the best turn played on a copy (the
 * match is not touched). The board then plays on that copy (see
 * _kuzhi_window_history_variation_sow()); Escape or Return to the Current
 * Position leave. */
static void
show_better (KuzhiWindow *self)
{
  const KuzhiReviewTurn *r;
  const KzPosition *before;
  KzPosition variation;

  if (self->in_variation || !browsed_review (self, &r, &before))
    return;
  variation = *before;
  kz_position_variant (before)->apply (&variation, r->best_action, NULL);
  if (KZ_ACTION_IS_MARK (r->best_action) && r->best_then != KZ_ACTION_NONE && kz_position_is_legal (&variation, r->best_then))
    kz_position_variant (before)->apply (&variation, r->best_then, NULL);
  kuzhi_board_view_finish_animation (self->board_view);
  self->in_variation = TRUE;
  self->history.variation = variation;
  g_array_set_size (self->history.variation_back, 0);
  kuzhi_board_view_set_position (self->board_view, &self->history.variation);
  /* The board plays on in the variation, both sides. */
  kuzhi_board_view_set_variation (self->board_view, TRUE);
  kuzhi_board_view_set_interactive (self->board_view, TRUE);
  label_better (self, r, before);
  gtk_widget_set_visible (self->better_button, FALSE);
  update_browse_buttons (self);
  _kuzhi_window_refresh_hint_line (self);
}

gboolean
_kuzhi_window_history_variation_sow (KuzhiWindow *self,
                                     int          pit)
{
  KzPosition before;
  KzEventLog log;
  g_autofree char *name = NULL;

  if (!self->in_variation)
    return FALSE;
  /* Legal by the engine, on the variation's own position. */
  if (pit < 0 || !kz_position_is_legal (&self->history.variation, (KzAction) pit))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return TRUE;
    }
  before = self->history.variation;
  name = kuzhi_game_action_name (&before, (KzAction) pit);
  g_array_append_val (self->history.variation_back, before);
  /* Animated from the engine's events, as the match's moves are. */
  kz_event_log_init (&log);
  kz_position_variant (&before)->apply (&self->history.variation, (KzAction) pit, &log);
  kuzhi_board_view_show_move (self->board_view, &before, pit, &log, &self->history.variation);
  kz_event_log_free (&log);
  {
    /* Translators: a move in a variation, with its player: "Ben's pit 3" */
    g_autofree char *last = g_strdup_printf (_("%s’s %s"),
                                             kuzhi_game_model_get_player_name (self->model, before.to_move), name);
    label_variation (self, last);
  }
  update_browse_buttons (self);
  _kuzhi_window_refresh_hint_line (self);
  return TRUE;
}

gboolean
kuzhi_window_files_in_variation (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);
  return self->in_variation;
}

static void
variation_back_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  GArray *back = self->history.variation_back;

  if (!self->in_variation || back->len == 0)
    return;
  kuzhi_board_view_finish_animation (self->board_view);
  self->history.variation = g_array_index (back, KzPosition, back->len - 1);
  g_array_set_size (back, back->len - 1);
  kuzhi_board_view_set_position (self->board_view, &self->history.variation);
  /* Every move taken back: the bar says again what the better move was. */
  if (back->len == 0)
    {
      const KuzhiReviewTurn *r;
      const KzPosition *before;

      if (browsed_review (self, &r, &before))
        label_better (self, r, before);
    }
  else
    /* Translators: the last move taken back in a variation, on the browse bar: "Variation from turn 5, 1 move in: taken back" */
    label_variation (self, _("taken back"));
  update_browse_buttons (self);
  _kuzhi_window_refresh_hint_line (self);
}

static void
show_better_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  show_better (user_data);
}

static void
on_turn_activated (KuzhiHistoryPanel *panel,
                   guint              turn,
                   KuzhiWindow       *self)
{
  kuzhi_window_browse_turn (self, turn);
}

static void
on_play_from_here_response (AdwMessageDialog *dialog,
                            const char       *response,
                            KuzhiWindow      *self)
{
  guint n_turns = kuzhi_history_panel_get_n_turns (self->history_panel);
  int turn = self->browsing;

  /* Answered: end_browsing() has nothing to close. */
  g_object_set_data (G_OBJECT (dialog), "kuzhi-play-from-here", NULL);
  if (g_strcmp0 (response, "play") != 0 || turn < 0)
    return;
  /* Through the model, which stays the only owner of the match: the turns
   * after this one become redoable until the next turn replaces them. */
  for (guint i = (guint) turn; i < n_turns; i++)
    if (!kuzhi_game_model_undo (self->model))
      break;
  end_browsing (self);
}

static void
play_from_here (KuzhiWindow *self)
{
  AdwMessageDialog *dialog;
  const KzPosition *pos;
  guint later;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  if (self->browsing < 0 || self->dialog != NULL)
    return;
  later = kuzhi_history_panel_get_n_turns (self->history_panel) - (guint) self->browsing;
  pos = kuzhi_history_panel_get_position (self->history_panel, (guint) self->browsing);
  if (self->browsing == 0)
    heading = g_strdup (_("Play On From the Start?"));
  else
    heading = g_strdup_printf (_("Play On From Turn %d?"), self->browsing);
  /* The computer to move there moves at once: the new line starts then. */
  if (pos != NULL && !pos->over && kuzhi_game_model_get_player_level (self->model, pos->to_move) != KZ_LEVEL_NONE)
    /* Translators: the body of "Play On From Turn 5?" when the computer moves next: "Arul plays next, …" */
    body = g_strdup_printf (_("%s plays next, so a new line starts at once and the turns after this point are discarded."),
                            kuzhi_game_model_get_player_name (self->model, pos->to_move));
  else
    body = g_strdup_printf (ngettext ("The next turn you play starts a new line, and the %u turn after this point is discarded. Until then, Redo brings it back.",
                                      "The next turn you play starts a new line, and the %u turns after this point are discarded. Until then, Redo brings them back.",
                                      later), later);
  dialog = _kuzhi_window_new_dialog (self, heading, body);
  g_object_set_data (G_OBJECT (dialog), "kuzhi-play-from-here", GINT_TO_POINTER (TRUE));
  kuzhi_confirm_add_responses (dialog, "play", _("_Play From Here"),
                               G_CALLBACK (on_play_from_here_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
history_action (GSimpleAction *action,
                GVariant      *state,
                gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  g_simple_action_set_state (action, state);
  adw_flap_set_reveal_flap (self->history_flap, g_variant_get_boolean (state));
}

static void
browse_turn_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  kuzhi_window_browse_turn (user_data, g_variant_get_uint32 (param));
}

static void
return_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  return_to_current (user_data);
}

static void
play_from_here_action (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  play_from_here (user_data);
}

static void
on_flap_revealed (AdwFlap     *flap,
                  GParamSpec  *pspec,
                  KuzhiWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "history");

  g_simple_action_set_state (G_SIMPLE_ACTION (action),
                             g_variant_new_boolean (adw_flap_get_reveal_flap (flap)));
}

char *
_kuzhi_window_history_get_hint_text (KuzhiWindow *self)
{
  if (self->in_variation)
    return kuzhi_game_variation_prompt (kuzhi_board_view_get_displayed (self->board_view));
  if (self->browsing >= 0 && (guint) self->browsing == kuzhi_history_panel_get_n_turns (self->history_panel))
    /* The last turn's row, chosen for its better move (docs/ui.md, "Review Match").
     * Translators: the hint line when the board shows the current position from the move history */
    return g_strdup (_("This is the current position: Escape returns to play."));
  if (self->browsing >= 0)
    return g_strdup (_("This is a past position: Escape returns to the match."));
  return NULL;
}

/* Escape while browsing returns to the position in play (otherwise it is
 * win.cancel's, which stops marking and animations). */
void
_kuzhi_window_history_return (KuzhiWindow *self)
{
  return_to_current (self);
}

const GActionEntry _kuzhi_window_history_actions[] = {
  { "history", NULL, NULL, "false", history_action },
  { "browse-turn", browse_turn_action, "u" },
  { "return-to-current", return_action },
  { "play-from-here", play_from_here_action },
  { "show-better", show_better_action },
  { "variation-back", variation_back_action },
};
const gsize _kuzhi_window_history_n_actions = G_N_ELEMENTS (_kuzhi_window_history_actions);

/* Connected with g_signal_connect_object() on the window: the model can
 * outlive this window's history. Playing, a new match, undo and redo show
 * the current position again. */
static void
on_match_moved (KuzhiWindow *window)
{
  end_browsing (window);
}

/* The window's first frame is laid out: the flap knows whether it folds
 * over the board. Opened beside it, as it was left; never over it, where
 * the history would hide the board the player came back to. */
static void
on_first_frame (GdkFrameClock *clock,
                KuzhiWindow   *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_first_frame, self);
  if (g_settings_get_boolean (self->settings, "history-shown") && !adw_flap_get_folded (self->history_flap))
    g_action_group_change_action_state (G_ACTION_GROUP (self), "history", g_variant_new_boolean (TRUE));
}

static void
on_mapped (KuzhiWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, on_mapped, NULL);
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (on_first_frame), self, 0);
}

void
_kuzhi_window_history_remember (KuzhiWindow *self)
{
  /* Opened over the board on a narrow window, it was a glance: that is
   * not the player's choice for the next time. */
  if (!adw_flap_get_folded (self->history_flap))
    g_settings_set_boolean (self->settings, "history-shown", adw_flap_get_reveal_flap (self->history_flap));
}

/* The history panel goes into the window's flap (the template's
 * history_flap), with the model it lists. */
void
_kuzhi_window_history_init (KuzhiWindow *self)
{
  self->history.variation_back = g_array_new (FALSE, FALSE, sizeof (KzPosition));
  self->browsing = -1;

  self->history_panel = KUZHI_HISTORY_PANEL (kuzhi_history_panel_new (self->model));
  g_signal_connect (self->history_panel, "turn-activated", G_CALLBACK (on_turn_activated), self);
  gtk_widget_add_css_class (GTK_WIDGET (self->history_panel), "background");
  adw_flap_set_flap (self->history_flap, GTK_WIDGET (self->history_panel));
  g_signal_connect (self->history_flap, "notify::reveal-flap", G_CALLBACK (on_flap_revealed), self);
  g_signal_connect (self, "map", G_CALLBACK (on_mapped), NULL);

  g_signal_connect_object (self->model, "position-reset", G_CALLBACK (on_match_moved), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "action-started", G_CALLBACK (on_match_moved), self, G_CONNECT_SWAPPED);
  update_browse_buttons (self);
}

void
_kuzhi_window_history_clear (KuzhiWindow *self)
{
  g_clear_pointer (&self->history.variation_back, g_array_unref);
}

int
kuzhi_window_get_browsing_turn (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), -1);
  return self->browsing;
}

KuzhiHistoryPanel *
kuzhi_window_get_history_panel (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->history_panel;
}
