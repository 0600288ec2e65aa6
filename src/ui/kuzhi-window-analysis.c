/* kuzhi-window-analysis.c — learning from the computer: the Analysis mode (every legal move valued in the background, the values on the cups, the best line on the hint line) and Review Match. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-game-text.h"

/* An analysis deepens until every value is proven or this long has
 * passed: long enough for a deep look, short enough not to keep a core
 * busy for a position nobody is looking at any more. */
#define ANALYSIS_TIME_MS (30 * 1000)
/* Steps of the best line written out. */
#define LINE_STEPS 6

struct _KuzhiWindowAnalysis
{
  GObject               parent_instance;

  /* owned */
  KuzhiGameModel       *model;
  KuzhiBoardView       *board;
  GSettings            *settings;    /* the window's, for the analysis switch */
  KuzhiComputerPlayer  *player;      /* its own search table, only while on */
  GCancellable         *cancellable; /* the analysis running now */
  KzAnalysis           *values;      /* for the position in play, or NULL */
  char                 *line;        /* the hint line's text, or NULL */
  gboolean              on;

  /* given by the window */
  gboolean              marking;        /* the cups carry the marks' values */
  gboolean              showing_match;  /* FALSE over a past turn or a variation */

  /* Review Match: its own player, so the analysis never waits for it */
  KuzhiComputerPlayer  *reviewer;
  GCancellable         *review_cancellable;
  guint                 review_done;
  guint                 review_total;
};

G_DEFINE_FINAL_TYPE (KuzhiWindowAnalysis, kuzhi_window_analysis, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ON,
  PROP_LINE,
  PROP_VALUES,
  PROP_MARKING,
  PROP_SHOWING_MATCH,
  PROP_REVIEWING,
  PROP_REVIEW_DONE,
  PROP_REVIEW_TOTAL,
  N_PROPS
};

enum {
  REVIEWED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

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
 * being chosen) and the best line for the hint line, and says so (the
 * line and the values are notified each time, whether or not they
 * changed: the hint line is written again). */
static void
display (Analysis *a)
{
  const KzPosition *pos = kuzhi_game_model_get_position (a->model);
  char *texts[KZ_MAX_PITS] = { NULL };
  int best = -1;

  g_clear_pointer (&a->line, g_free);
  if (!a->on || a->values == NULL || a->values->n_moves == 0 || !a->showing_match)
    {
      kuzhi_board_view_set_values (a->board, NULL, -1);
      g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_LINE]);
      return;
    }

  for (int i = 0; i < a->values->n_moves; i++)
    {
      const KzMoveValue *mv = &a->values->moves[i];
      int pit = a->marking ? (KZ_ACTION_IS_MARK (mv->action) ? KZ_ACTION_MARK_CUP (mv->action) : -1)
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
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_LINE]);
}

/* New values: the computer's hint may be valued by them, then the line. */
static void
set_values (Analysis   *a,
            KzAnalysis *values)
{
  g_free (a->values);
  a->values = values;
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_VALUES]);
  display (a);
}

static void
on_progress (const KzAnalysis *values, gpointer user_data)
{
  Analysis *a = user_data;

  set_values (a, g_memdup2 (values, sizeof *values));
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(KuzhiWindowAnalysis) a = user_data;
  g_autoptr(GError) error = NULL;
  KzAnalysis *values = kuzhi_computer_player_analyse_finish (KUZHI_COMPUTER_PLAYER (source), result, &error);

  if (values == NULL)
    return;   /* cancelled: a newer position, or the analysis is off */
  set_values (a, values);
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
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_VALUES]);

  if (a->on && !kuzhi_game_model_get_over (a->model) && !computer_to_move (a))
    {
      if (a->player == NULL)
        a->player = kuzhi_computer_player_new ();
      a->cancellable = g_cancellable_new ();
      kuzhi_computer_player_analyse_async (a->player, kuzhi_game_model_get_match (a->model), ANALYSIS_TIME_MS,
                                           on_progress, a, a->cancellable, on_done, g_object_ref (a));
    }
  else if (!a->on)
    /* Off costs nothing: the table goes with the player. */
    g_clear_object (&a->player);
  display (a);
}

/* --- Review Match ------------------------------------------------------------ */

/* Notified whenever the review starts or ends, and at each new position:
 * Review Match is possible once a turn has been played. */
static void
notify_reviewing (Analysis *a)
{
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_REVIEWING]);
}

static void
end_review (Analysis *a)
{
  if (a->review_cancellable != NULL)
    {
      g_cancellable_cancel (a->review_cancellable);
      g_clear_object (&a->review_cancellable);
    }
  notify_reviewing (a);
}

static void
on_review_progress (guint    done,
                    guint    total,
                    gpointer user_data)
{
  Analysis *a = user_data;

  a->review_done = done;
  a->review_total = total;
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_REVIEW_TOTAL]);
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_REVIEW_DONE]);
}

static void
on_reviewed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(KuzhiWindowAnalysis) a = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) review = kuzhi_computer_player_review_finish (KUZHI_COMPUTER_PLAYER (source), result, &error);

  if (review == NULL)
    return;   /* cancelled */
  g_clear_object (&a->review_cancellable);
  end_review (a);
  g_signal_emit (a, signals[REVIEWED], 0, review);
}

/* --- the object ---------------------------------------------------------------- */

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
  g_object_notify_by_pspec (G_OBJECT (a), properties[PROP_ON]);
  restart (a);
}

static void
kuzhi_window_analysis_dispose (GObject *object)
{
  Analysis *a = KUZHI_WINDOW_ANALYSIS (object);

  _kuzhi_window_analysis_stop (a);
  g_clear_object (&a->model);
  g_clear_object (&a->board);
  g_clear_object (&a->settings);
  g_clear_object (&a->player);
  g_clear_object (&a->reviewer);

  G_OBJECT_CLASS (kuzhi_window_analysis_parent_class)->dispose (object);
}

static void
kuzhi_window_analysis_finalize (GObject *object)
{
  Analysis *a = KUZHI_WINDOW_ANALYSIS (object);

  g_clear_pointer (&a->values, g_free);
  g_clear_pointer (&a->line, g_free);

  G_OBJECT_CLASS (kuzhi_window_analysis_parent_class)->finalize (object);
}

static void
kuzhi_window_analysis_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  Analysis *a = KUZHI_WINDOW_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_ON:
      g_value_set_boolean (value, a->on);
      break;
    case PROP_LINE:
      g_value_set_string (value, a->line);
      break;
    case PROP_VALUES:
      g_value_set_pointer (value, a->values);
      break;
    case PROP_MARKING:
      g_value_set_boolean (value, a->marking);
      break;
    case PROP_SHOWING_MATCH:
      g_value_set_boolean (value, a->showing_match);
      break;
    case PROP_REVIEWING:
      g_value_set_boolean (value, a->review_cancellable != NULL);
      break;
    case PROP_REVIEW_DONE:
      g_value_set_uint (value, a->review_done);
      break;
    case PROP_REVIEW_TOTAL:
      g_value_set_uint (value, a->review_total);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_window_analysis_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  Analysis *a = KUZHI_WINDOW_ANALYSIS (object);

  switch (prop_id)
    {
    case PROP_MARKING:
      a->marking = g_value_get_boolean (value);
      break;
    case PROP_SHOWING_MATCH:
      a->showing_match = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  /* The cups show the values again, as the window asked. */
  display (a);
  g_object_notify_by_pspec (object, pspec);
}

static void
kuzhi_window_analysis_class_init (KuzhiWindowAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = kuzhi_window_analysis_dispose;
  object_class->finalize = kuzhi_window_analysis_finalize;
  object_class->get_property = kuzhi_window_analysis_get_property;
  object_class->set_property = kuzhi_window_analysis_set_property;

  properties[PROP_ON] = g_param_spec_boolean ("on", NULL, NULL, FALSE, ro);
  properties[PROP_LINE] = g_param_spec_string ("line", NULL, NULL, NULL, ro);
  /* A KzAnalysis, the analysis's own: valid until the next notify. */
  properties[PROP_VALUES] = g_param_spec_pointer ("values", NULL, NULL, ro);
  properties[PROP_MARKING] = g_param_spec_boolean ("marking", NULL, NULL, FALSE, rw);
  properties[PROP_SHOWING_MATCH] = g_param_spec_boolean ("showing-match", NULL, NULL, TRUE, rw);
  properties[PROP_REVIEWING] = g_param_spec_boolean ("reviewing", NULL, NULL, FALSE, ro);
  properties[PROP_REVIEW_DONE] = g_param_spec_uint ("review-done", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_REVIEW_TOTAL] = g_param_spec_uint ("review-total", NULL, NULL, 0, G_MAXUINT, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The review of the match, a GArray of KuzhiReviewTurn. */
  signals[REVIEWED] = g_signal_new ("reviewed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
}

static void
kuzhi_window_analysis_init (KuzhiWindowAnalysis *a)
{
  a->showing_match = TRUE;
}

/* Follows `model` on `board`, switched on and off by `settings`. It starts with the model's next position-reset. */
KuzhiWindowAnalysis *
_kuzhi_window_analysis_new (KuzhiGameModel *model,
                            KuzhiBoardView *board,
                            GSettings      *settings)
{
  Analysis *a = g_object_new (KUZHI_TYPE_WINDOW_ANALYSIS, NULL);

  a->model = g_object_ref (model);
  a->board = g_object_ref (board);
  a->settings = g_object_ref (settings);
  g_signal_connect_swapped (a->settings, "changed::analysis", G_CALLBACK (on_setting_changed), a);
  a->on = g_settings_get_boolean (a->settings, "analysis");
  g_signal_connect_swapped (a->model, "action-finished", G_CALLBACK (on_position_changed), a);
  g_signal_connect_swapped (a->model, "position-reset", G_CALLBACK (on_position_changed), a);
  g_signal_connect_swapped (a->model, "notify::player1-level", G_CALLBACK (restart), a);
  g_signal_connect_swapped (a->model, "notify::player2-level", G_CALLBACK (restart), a);
  return a;
}

/* Stops every search and follows nothing any more: the window is closing. */
void
_kuzhi_window_analysis_stop (KuzhiWindowAnalysis *a)
{
  stop (a);
  if (a->review_cancellable != NULL)
    g_cancellable_cancel (a->review_cancellable);
  g_clear_object (&a->review_cancellable);
  if (a->model != NULL)
    g_signal_handlers_disconnect_by_data (a->model, a);
  if (a->settings != NULL)   /* NULL once disposed */
    g_signal_handlers_disconnect_by_data (a->settings, a);
}

/* Reviews the match in play, of `n_turns` turns: "review-done" and
 * "review-total" follow it, "reviewed" gives the result. */
void
_kuzhi_window_analysis_review (KuzhiWindowAnalysis *a,
                               guint                n_turns)
{
  end_review (a);
  if (a->reviewer == NULL)
    a->reviewer = kuzhi_computer_player_new ();
  a->review_cancellable = g_cancellable_new ();
  on_review_progress (0, n_turns, a);
  kuzhi_computer_player_review_async (a->reviewer, kuzhi_game_model_get_match (a->model),
                                      on_review_progress, a, a->review_cancellable,
                                      on_reviewed, g_object_ref (a));
  notify_reviewing (a);
}

/* --- the window's side -------------------------------------------------------- */

static void
on_line_changed (KuzhiWindow *self)
{
  _kuzhi_window_refresh_hint_line (self);
}

static void
on_reviewing_changed (KuzhiWindow *self)
{
  const KzMatch *match = kuzhi_game_model_get_match (kuzhi_window_get_model (self));
  gboolean reviewing;

  g_object_get (self->analysis, "reviewing", &reviewing, NULL);
  _kuzhi_window_set_action_enabled (self, "review", !reviewing && match->n_history > 0);
  _kuzhi_window_set_action_enabled (self, "cancel-review", reviewing);
  gtk_revealer_set_reveal_child (self->review_revealer, reviewing);
}

static void
on_review_progressed (KuzhiWindow *self)
{
  guint done, total;
  g_autofree char *text = NULL;

  g_object_get (self->analysis, "review-done", &done, "review-total", &total, NULL);
  /* Translators: the review's progress: "Reviewing turn 12 of 40…" */
  text = g_strdup_printf (_("Reviewing: %u of %u turns…"), done, total);
  gtk_label_set_text (self->review_label, text);
  gtk_progress_bar_set_fraction (self->review_progress, total > 0 ? (double) done / total : 0);
}

static void
on_reviewed_window (KuzhiWindow *self,
                    GArray      *review)
{
  kuzhi_history_panel_set_review (self->history_panel, review);
  /* A turn browsed as the review ends may now show its better move. */
  if (self->browsing >= 0 && !self->in_variation)
    kuzhi_window_browse_turn (self, (guint) self->browsing);
  /* The review is read in the move history. */
  if (!adw_flap_get_reveal_flap (self->history_flap))
    g_action_group_activate_action (G_ACTION_GROUP (self), "history", NULL);
}

static void
review_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer      user_data)
{
  KuzhiWindow *self = user_data;

  _kuzhi_window_analysis_review (self->analysis, kuzhi_history_panel_get_n_turns (self->history_panel));
}

static void
cancel_review_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer      user_data)
{
  end_review (KUZHI_WINDOW (user_data)->analysis);
}

const GActionEntry _kuzhi_window_analysis_actions[] = {
  { "review", review_action },
  { "cancel-review", cancel_review_action },
};
const gsize _kuzhi_window_analysis_n_actions = G_N_ELEMENTS (_kuzhi_window_analysis_actions);

static void
on_window_destroy (KuzhiWindow *self)
{
  _kuzhi_window_analysis_stop (self->analysis);
}

void
_kuzhi_window_analysis_init (KuzhiWindow *self)
{
  /* win.analysis is the setting's own action (kuzhi-window.c). */
  self->analysis = _kuzhi_window_analysis_new (kuzhi_window_get_model (self), kuzhi_window_get_board_view (self),
                                               self->settings);
  g_object_bind_property (self, "marking", self->analysis, "marking", G_BINDING_DEFAULT);
  g_signal_connect_swapped (self->analysis, "notify::line", G_CALLBACK (on_line_changed), self);
  g_signal_connect_swapped (self->analysis, "notify::reviewing", G_CALLBACK (on_reviewing_changed), self);
  g_signal_connect_swapped (self->analysis, "notify::review-done", G_CALLBACK (on_review_progressed), self);
  g_signal_connect_swapped (self->analysis, "reviewed", G_CALLBACK (on_reviewed_window), self);
  g_signal_connect_swapped (self, "destroy", G_CALLBACK (on_window_destroy), self);
  /* The first match's position-reset starts the analysis. */
  on_reviewing_changed (self);
}

void
_kuzhi_window_analysis_clear (KuzhiWindow *self)
{
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_clear_object (&self->analysis);
}

const char *
kuzhi_window_analysis_get_line (KuzhiWindow *self)
{
  return self->analysis->line;
}

gboolean
_kuzhi_window_analysis_get_on (KuzhiWindow *self)
{
  return self->analysis->on;
}

const KzAnalysis *
kuzhi_window_analysis_get (KuzhiWindow *self)
{
  return self->analysis->values;
}

void
_kuzhi_window_analysis_redisplay (KuzhiWindow *self)
{
  g_object_set (self->analysis, "showing-match", self->browsing < 0, NULL);
}
