/* kuzhi-window-analysis.c — learning from the computer: the Analysis mode (every legal move valued in the background, the values on the cups, the best line on the hint line) and Review Match. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-application.h"
#include "kuzhi-game-text.h"

/* An analysis deepens until every value is proven or this long has
 * passed: long enough for a deep look, short enough not to keep a core
 * busy for a position nobody is looking at any more. */
#define ANALYSIS_TIME_MS (30 * 1000)
/* Steps of the best line written out. */
#define LINE_STEPS 6

typedef KuzhiWindowAnalysis Analysis;

static void
stop (Analysis *a)
{
  if (a->cancellable != NULL)
    {
      g_cancellable_cancel (a->cancellable);
      g_clear_object (&a->cancellable);
    }
}

/* Writes the values on the cups (the marks' values while a lucky cup is
 * being chosen) and the best line for the hint line. */
static void
display (Analysis *a)
{
  const KzPosition *pos = kuzhi_game_model_get_position (a->model);
  char *texts[KZ_MAX_PITS] = { NULL };
  int best = -1;

  g_clear_pointer (&a->line, g_free);
  if (!a->on || a->values == NULL || a->values->n_moves == 0 || a->window->browsing >= 0)
    {
      kuzhi_board_view_set_values (a->board, NULL, -1);
      _kuzhi_window_refresh_hint_line (a->window);
      return;
    }

  for (int i = 0; i < a->values->n_moves; i++)
    {
      const KzMoveValue *mv = &a->values->moves[i];
      int pit = a->window->marking ? (KZ_ACTION_IS_MARK (mv->action) ? KZ_ACTION_MARK_CUP (mv->action) : -1)
                                   : (KZ_ACTION_IS_PIT (mv->action) ? mv->action : -1);
      if (pit < 0 || pit >= pos->n_pits || texts[pit] != NULL)
        continue;
      texts[pit] = kuzhi_game_value_text (mv);
      if (best < 0)
        best = pit;   /* the moves come best first */
    }
  kuzhi_board_view_set_values (a->board, (const char *const *) texts, best);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    g_free (texts[p]);

  {
    const KzMoveValue *top = &a->values->moves[0];
    g_autofree char *name = kuzhi_game_action_name (pos, top->action);
    /* The value in the hint's words, which say what the number on the
     * cup means: how the match ends with best play. */
    g_autofree char *value = kuzhi_game_outcome_text (kz_score_to_seeds (top->score), top->exact);
    g_autofree char *line = kuzhi_game_line_text (pos, top->pv, top->pv_len, LINE_STEPS,
                                                  kuzhi_game_model_get_player_name (a->model, 0),
                                                  kuzhi_game_model_get_player_name (a->model, 1));
    gboolean proven = TRUE;

    for (int i = 0; i < a->values->n_moves; i++)
      proven = proven && a->values->moves[i].exact;
    if (proven)
      /* Translators: the analysis line when every value is proven: "Analysis, proven: best cup 3, wins by 2 — cup 3, then Arul's cup 5" (or "ends in a draw") */
      a->line = g_strdup_printf (_("Analysis, proven: best %s, %s — %s"), name, value, line);
    else
      /* Translators: the analysis line: "Analysis, 12 turns deep: best cup 3, ends about 2 ahead — cup 3, then Arul's cup 5 …" */
      a->line = g_strdup_printf (ngettext ("Analysis, %d turn deep: best %s, %s — %s",
                                           "Analysis, %d turns deep: best %s, %s — %s", a->values->depth),
                                 a->values->depth, name, value, line);
  }
  _kuzhi_window_refresh_hint_line (a->window);
}

static void
on_progress (const KzAnalysis *values, gpointer user_data)
{
  Analysis *a = user_data;

  if (a->values == NULL)
    a->values = g_new (KzAnalysis, 1);
  *a->values = *values;
  display (a);
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(KuzhiWindow) window = user_data;
  g_autoptr(GError) error = NULL;
  KzAnalysis *values = kuzhi_computer_player_analyse_finish (KUZHI_COMPUTER_PLAYER (source), result, &error);
  Analysis *a = &window->analysis;

  if (values == NULL)
    return;   /* cancelled: a newer position, or the analysis is off */
  g_free (a->values);
  a->values = values;
  display (a);
}

/* Whether the side to move is a computer's (the model's players). */
static gboolean
computer_to_move (Analysis *a)
{
  return kuzhi_game_model_get_player_level (a->model, kuzhi_game_model_get_to_move (a->model)) != KZ_LEVEL_NONE;
}

/* Starts again from the position in play: only for a person to move, as
 * the computer's own search has the core while it thinks. */
static void
restart (Analysis *a)
{
  stop (a);
  g_clear_pointer (&a->values, g_free);

  if (a->on && !kuzhi_game_model_get_over (a->model) && !computer_to_move (a))
    {
      if (a->player == NULL)
        a->player = kuzhi_computer_player_new ();
      a->cancellable = g_cancellable_new ();
      kuzhi_computer_player_analyse_async (a->player, kuzhi_game_model_get_match (a->model), ANALYSIS_TIME_MS,
                                           on_progress, a, a->cancellable, on_done, g_object_ref (a->window));
    }
  else if (!a->on)
    /* Off costs nothing: the table goes with the player. */
    g_clear_object (&a->player);
  display (a);
}

/* --- Review Match ------------------------------------------------------------ */

static void
update_review_action (Analysis *a)
{
  const KzMatch *match = kuzhi_game_model_get_match (a->model);
  gboolean reviewing = a->review_cancellable != NULL;

  _kuzhi_window_set_action_enabled (a->window, "review", !reviewing && match->n_history > 0);
  _kuzhi_window_set_action_enabled (a->window, "cancel-review", reviewing);
}

static void
end_review (Analysis *a)
{
  if (a->review_cancellable != NULL)
    {
      g_cancellable_cancel (a->review_cancellable);
      g_clear_object (&a->review_cancellable);
    }
  gtk_revealer_set_reveal_child (a->window->review_revealer, FALSE);
  update_review_action (a);
}

static void
on_review_progress (guint    done,
                    guint    total,
                    gpointer user_data)
{
  Analysis *a = user_data;
  /* Translators: the review's progress: "Reviewing turn 12 of 40…" */
  g_autofree char *text = g_strdup_printf (_("Reviewing: %u of %u turns…"), done, total);

  gtk_label_set_text (a->window->review_label, text);
  gtk_progress_bar_set_fraction (a->window->review_progress, total > 0 ? (double) done / total : 0);
}

static void
on_reviewed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(KuzhiWindow) window = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) review = kuzhi_computer_player_review_finish (KUZHI_COMPUTER_PLAYER (source), result, &error);
  Analysis *a = &window->analysis;

  if (review == NULL)
    return;   /* cancelled */
  g_clear_object (&a->review_cancellable);
  end_review (a);
  kuzhi_history_panel_set_review (window->history_panel, review);
  /* The review is read in the move history. */
  if (!adw_flap_get_reveal_flap (window->history_flap))
    g_action_group_activate_action (G_ACTION_GROUP (window), "history", NULL);
}

static void
review_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer      user_data)
{
  Analysis *a = &KUZHI_WINDOW (user_data)->analysis;

  end_review (a);
  if (a->reviewer == NULL)
    a->reviewer = kuzhi_computer_player_new ();
  a->review_cancellable = g_cancellable_new ();
  on_review_progress (0, kuzhi_history_panel_get_n_turns (a->window->history_panel), a);
  gtk_revealer_set_reveal_child (a->window->review_revealer, TRUE);
  kuzhi_computer_player_review_async (a->reviewer, kuzhi_game_model_get_match (a->model),
                                      on_review_progress, a, a->review_cancellable,
                                      on_reviewed, g_object_ref (a->window));
  update_review_action (a);
}

static void
cancel_review_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer      user_data)
{
  end_review (&KUZHI_WINDOW (user_data)->analysis);
}

const GActionEntry _kuzhi_window_analysis_actions[] = {
  { "review", review_action },
  { "cancel-review", cancel_review_action },
};
const gsize _kuzhi_window_analysis_n_actions = G_N_ELEMENTS (_kuzhi_window_analysis_actions);

/* A new line of play: a review running for the old one stops. */
static void
on_position_changed (Analysis *a)
{
  end_review (a);
  restart (a);
}

static void
on_setting_changed (Analysis *a)
{
  a->on = g_settings_get_boolean (a->settings, "analysis");
  restart (a);
}

static void
on_destroy (Analysis *a)
{
  stop (a);
  if (a->review_cancellable != NULL)
    g_cancellable_cancel (a->review_cancellable);
  g_clear_object (&a->review_cancellable);
  g_signal_handlers_disconnect_by_data (a->model, a);
  if (a->settings != NULL)
    g_signal_handlers_disconnect_by_data (a->settings, a);
}

void
_kuzhi_window_analysis_init (KuzhiWindow *self)
{
  Analysis *a = &self->analysis;

  a->window = self;
  a->model = g_object_ref (kuzhi_window_get_model (self));
  a->board = g_object_ref (kuzhi_window_get_board_view (self));
  if (kuzhi_application_get_settings () != NULL)
    {
      /* win.analysis is the setting's own action (kuzhi-window.c). */
      a->settings = g_object_ref (kuzhi_application_get_settings ());
      g_signal_connect_swapped (a->settings, "changed::analysis", G_CALLBACK (on_setting_changed), a);
      a->on = g_settings_get_boolean (a->settings, "analysis");
    }

  g_signal_connect_swapped (a->model, "action-finished", G_CALLBACK (on_position_changed), a);
  g_signal_connect_swapped (a->model, "position-reset", G_CALLBACK (on_position_changed), a);
  g_signal_connect_swapped (a->model, "notify::player1-level", G_CALLBACK (restart), a);
  g_signal_connect_swapped (a->model, "notify::player2-level", G_CALLBACK (restart), a);
  g_signal_connect_swapped (self, "destroy", G_CALLBACK (on_destroy), a);
  /* The first match's position-reset starts the analysis. */
  update_review_action (a);
}

void
_kuzhi_window_analysis_clear (KuzhiWindow *self)
{
  Analysis *a = &self->analysis;

  on_destroy (a);
  g_clear_object (&a->model);
  g_clear_object (&a->board);
  g_clear_object (&a->settings);
  g_clear_object (&a->player);
  g_clear_object (&a->reviewer);
  g_clear_pointer (&a->values, g_free);
  g_clear_pointer (&a->line, g_free);
}

const char *
kuzhi_window_analysis_get_line (KuzhiWindow *self)
{
  return self->analysis.line;
}

gboolean
_kuzhi_window_analysis_get_on (KuzhiWindow *self)
{
  return self->analysis.on;
}

const KzAnalysis *
kuzhi_window_analysis_get (KuzhiWindow *self)
{
  return self->analysis.values;
}

void
_kuzhi_window_analysis_redisplay (KuzhiWindow *self)
{
  display (&self->analysis);
}
