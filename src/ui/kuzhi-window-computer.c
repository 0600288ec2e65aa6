/* kuzhi-window-computer.c — the window's computer players (who plays each side, their moves after a pause) and the Hint. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-game-text.h"
#include "kuzhi-computer-player.h"

/* The computer's move comes this long after the last move stopped moving,
 * so that the player sees it coming. */
#define PAUSE_USEC (400 * 1000)

struct _KuzhiWindowComputer
{
  GObject               parent_instance;

  /* owned */
  KuzhiGameModel       *model;      /* the window's; kept until this goes, */
  KuzhiBoardView       *board;      /* as the window disposes its children before "destroy" */
  KuzhiComputerPlayer  *player;
  GSettings            *settings;   /* the window's, for computer-time */
  GCancellable         *cancellable; /* the search running now, the computer's or a hint's */
  char                 *text;       /* the hint line's text, or NULL */
  const KzAnalysis     *values;     /* borrowed: the analysis's, or NULL ("analysis-values") */

  /* Who plays each side is the model's (kuzhi_game_model_get_player_level). */
  guint                 serial;     /* bumps whenever the position changes */
  gboolean              thinking;   /* the computer's search runs */
  gboolean              hinting;    /* a hint's search runs */
  gboolean              dead;       /* the window is going away */
  guint                 idle_id;
  guint                 play_id;
  gint64                ready_at;   /* when the pause after the last move ends */
  KzAction              chosen;     /* to play when play_id fires */
  KzAction              chosen_then; /* after a mark: the sowing the search saw */
  KzAction              pending;    /* the sowing to play after our mark */
  size_t                pending_n;  /* … at this count of actions */
  KzAction              hint;
  KzAction              hint_then;
  char                 *hint_what;  /* the hint's move in words, "house 2", while it stands */
  int                   hint_seeds; /* its value as the hint's search found it (kz_score_to_seeds()) */
  gboolean              hint_exact;
  /* The hint's mark was made: its sowing is ringed next, once the mark
   * is on screen, if the match is still at this count of actions. */
  KzAction              hint_next;
  size_t                hint_next_n;
};

G_DEFINE_FINAL_TYPE (KuzhiWindowComputer, kuzhi_window_computer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_THINKING,
  PROP_CAN_HINT,
  PROP_HINT_TEXT,
  PROP_ANALYSIS_VALUES,
  N_PROPS
};

enum {
  HINT_SHOWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef KuzhiWindowComputer Computer;

static const char *get_hint_text (Computer *c);

/* One search asked for: the callback finds the computer, if it is still
 * there, and whether the position is still the one asked about. */
typedef struct
{
  GWeakRef  computer;
  guint     serial;
} Request;

static void
request_free (Request *request)
{
  g_weak_ref_clear (&request->computer);
  g_free (request);
}

static Request *
request_new (Computer *c)
{
  Request *request = g_new0 (Request, 1);

  g_weak_ref_init (&request->computer, c);
  request->serial = c->serial;
  return request;
}

/* The computer found in a callback, or NULL when the answer is stale. */
static Computer *
request_computer (Request *request)
{
  /* Its owner, the window, keeps it while the callback runs. */
  g_autoptr(KuzhiWindowComputer) c = g_weak_ref_get (&request->computer);

  if (c == NULL || c->dead || c->serial != request->serial)
    return NULL;
  return c;
}

/* Who plays a side is the model's, kept and saved with the names. */
static KzLevel
level_of (Computer *c,
          int       player)
{
  return kuzhi_game_model_get_player_level (c->model, player);
}

static int
hard_time_ms (Computer *c)
{
  return g_settings_get_int (c->settings, "computer-time");
}

static gboolean
computer_to_move (Computer *c)
{
  const KzPosition *pos = kuzhi_game_model_get_position (c->model);

  return !pos->over && level_of (c, pos->to_move) != KZ_LEVEL_NONE;
}

static void
set_text (Computer   *c,
          const char *text)
{
  g_free (c->text);
  c->text = g_strdup (text);
}

/* Whether Hint can search now. */
static gboolean
can_hint (Computer *c)
{
  return !computer_to_move (c) && !c->hinting && !c->thinking && !kuzhi_game_model_get_over (c->model);
}

/* The board follows whose turn it is, and the window (the Hint action,
 * its own controls, the hint line) through the notifications, sent at
 * every change of state whether or not the values changed. */
static void
update_state (Computer *c)
{
  gboolean computer = computer_to_move (c);

  kuzhi_board_view_set_waiting (c->board, computer);
  g_object_notify_by_pspec (G_OBJECT (c), properties[PROP_THINKING]);
  g_object_notify_by_pspec (G_OBJECT (c), properties[PROP_CAN_HINT]);
  g_object_notify_by_pspec (G_OBJECT (c), properties[PROP_HINT_TEXT]);
  /* Two people playing need the search table only while a hint is
   * looked for: its memory goes back in between. */
  if (level_of (c, 0) == KZ_LEVEL_NONE && level_of (c, 1) == KZ_LEVEL_NONE && !c->hinting)
    kuzhi_computer_player_release_table (c->player);
}

/* Forgets every search, pause and hint about the position that was. */
static void
invalidate (Computer *c)
{
  c->serial++;
  if (c->cancellable != NULL)
    {
      g_cancellable_cancel (c->cancellable);
      g_clear_object (&c->cancellable);
    }
  g_clear_handle_id (&c->play_id, g_source_remove);
  c->thinking = FALSE;
  c->hinting = FALSE;
  c->hint = KZ_ACTION_NONE;
  c->hint_then = KZ_ACTION_NONE;
  c->hint_next = KZ_ACTION_NONE;
  g_clear_pointer (&c->hint_what, g_free);
  g_clear_pointer (&c->text, g_free);
  kuzhi_board_view_set_hint (c->board, -1);
}

static void schedule (Computer *c);

/* --- the computer's move ----------------------------------------------------- */

static gboolean
on_play (gpointer data)
{
  Computer *c = data;
  KzAction action = c->chosen;
  KzAction then = c->chosen_then;
  g_autoptr(GError) error = NULL;

  c->play_id = 0;
  if (!computer_to_move (c))
    return G_SOURCE_REMOVE;
  /* Through the model like a person's move, so that it animates the same. */
  if (!kuzhi_game_model_play (c->model, action, &error))
    {
      g_warning ("The computer's move was refused: %s", error->message);
      return G_SOURCE_REMOVE;
    }
  /* A mark is half a turn: the search already chose the sowing after it. */
  if (KZ_ACTION_IS_MARK (action) && then != KZ_ACTION_NONE)
    {
      c->pending = then;
      c->pending_n = kuzhi_game_model_get_match (c->model)->n_history;
    }
  schedule (c);
  return G_SOURCE_REMOVE;
}

static void
play_after_pause (Computer *c,
                  KzAction  action,
                  KzAction  then)
{
  gint64 wait = c->ready_at - g_get_monotonic_time ();

  c->chosen = action;
  c->chosen_then = then;
  g_clear_handle_id (&c->play_id, g_source_remove);
  c->play_id = g_timeout_add (wait > 0 ? (guint) (wait / 1000) : 0, on_play, c);
}

static void
on_chosen (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Request *request = data;
  KzSearchResult search;
  g_autoptr(GError) error = NULL;
  KzAction action;
  Computer *c;

  action = kuzhi_computer_player_choose_finish (KUZHI_COMPUTER_PLAYER (source), result,
                                                NULL, &search, &error);
  c = request_computer (request);
  request_free (request);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("The computer could not choose a move: %s", error->message);
  if (c == NULL || error != NULL)
    return;

  c->thinking = FALSE;
  g_clear_object (&c->cancellable);
  if (action == KZ_ACTION_NONE || !kuzhi_game_model_is_legal (c->model, action))
    {
      update_state (c);
      return;
    }
  play_after_pause (c, action,
                    KZ_ACTION_IS_MARK (action) && search.pv_len >= 2 ? search.pv[1] : KZ_ACTION_NONE);
  update_state (c);
}

static void
start_thinking (Computer *c)
{
  const KzPosition *pos = kuzhi_game_model_get_position (c->model);
  KzLevel level = level_of (c, pos->to_move);

  c->cancellable = g_cancellable_new ();
  c->thinking = TRUE;
  kuzhi_computer_player_choose_async (c->player, kuzhi_game_model_get_match (c->model), level,
                                      level == KZ_LEVEL_HARD ? hard_time_ms (c) : 0,
                                      c->cancellable, on_chosen, request_new (c));
}

static gboolean
on_idle (gpointer data)
{
  Computer *c = data;
  size_t n_actions = kuzhi_game_model_get_match (c->model)->n_history;

  c->idle_id = 0;
  if (computer_to_move (c) && !c->thinking && c->play_id == 0
      && !kuzhi_board_view_get_animating (c->board))
    {
      if (c->pending != KZ_ACTION_NONE && c->pending_n == n_actions
          && kuzhi_game_model_is_legal (c->model, c->pending))
        play_after_pause (c, c->pending, KZ_ACTION_NONE);
      else
        start_thinking (c);
      c->pending = KZ_ACTION_NONE;
    }
  update_state (c);
  return G_SOURCE_REMOVE;
}

/* Looks again at whose turn it is, once the signals of this change are over. */
static void
schedule (Computer *c)
{
  if (c->dead)
    return;
  if (c->idle_id == 0)
    c->idle_id = g_idle_add (on_idle, c);
  update_state (c);
}

/* --- the hint ------------------------------------------------------------------ */

/* The hint line: the hinted move's value is the analysis's for that move
 * while the analysis is on and has valued it (so that the hint and the
 * value on the cup are one number), the hint's own search's otherwise;
 * both mean the same (kuzhi_game_outcome_text()). */
static void
describe_hint (Computer *c)
{
  const KzPosition *pos = kuzhi_game_model_get_position (c->model);
  const KzAnalysis *values = c->values;
  int seeds = c->hint_seeds;
  gboolean exact = c->hint_exact;
  g_autofree char *text = NULL;

  if (c->hint == KZ_ACTION_NONE || c->hint_what == NULL)
    return;
  for (int i = 0; values != NULL && i < values->n_moves; i++)
    if (values->moves[i].action == c->hint)
      {
        seeds = kz_score_to_seeds (values->moves[i].score);
        exact = values->moves[i].exact;
        break;
      }
  text = kuzhi_game_hint_text (pos, c->hint_what, seeds, exact);
  set_text (c, text);
}

static void
on_hint_found (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Request *request = data;
  KzSearchResult search;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  const KzPosition *pos;
  KzAction action;
  int score = 0;
  Computer *c;

  action = kuzhi_computer_player_choose_finish (KUZHI_COMPUTER_PLAYER (source), result,
                                                &score, &search, &error);
  c = request_computer (request);
  request_free (request);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("No hint could be found: %s", error->message);
  if (c == NULL || error != NULL)
    return;

  c->hinting = FALSE;
  g_clear_object (&c->cancellable);
  pos = kuzhi_game_model_get_position (c->model);
  if (action == KZ_ACTION_NONE)
    {
      update_state (c);
      return;
    }

  c->hint = action;
  c->hint_then = KZ_ACTION_NONE;
  if (KZ_ACTION_IS_MARK (action))
    {
      int cup = KZ_ACTION_MARK_CUP (action);
      g_autofree char *marked = kuzhi_game_action_name (pos, (KzAction) cup);

      c->hint_then = search.pv_len >= 2 ? search.pv[1] : KZ_ACTION_NONE;
      /* Enter does what the hint says: the board waits for the mark, as
       * after Mark Lucky Cup (Escape leaves it), with the ring on the
       * cup to mark; once marked, the sowing is ringed
       * (show_hint_next). */
      g_signal_emit (c, signals[HINT_SHOWN], 0, (int) action);
      kuzhi_board_view_set_hint (c->board, cup);
      if (c->hint_then != KZ_ACTION_NONE)
        {
          g_autofree char *then = kuzhi_game_action_name (pos, c->hint_then);
          /* Translators: part of a hint, "mark cup 5 as lucky, then sow cup 2" */
          what = g_strdup_printf (_("mark %s as lucky, then sow %s"), marked, then);
        }
      else
        /* Translators: part of a hint, "mark cup 5 as lucky" */
        what = g_strdup_printf (_("mark %s as lucky"), marked);
    }
  else
    {
      kuzhi_board_view_set_hint (c->board, KZ_ACTION_IS_PIT (action) ? action : -1);
      /* The refill shell is no cup: Enter presses its button. */
      if (action == KZ_ACTION_REFILL)
        g_signal_emit (c, signals[HINT_SHOWN], 0, (int) action);
      what = kuzhi_game_action_name (pos, action);
    }

  c->hint_what = g_steal_pointer (&what);
  c->hint_seeds = score;
  c->hint_exact = search.exact;
  describe_hint (c);
  update_state (c);
}

/* Looks for the best move for the person to move. */
static void
start_hint (Computer *c)
{
  kuzhi_board_view_finish_animation (c->board);
  invalidate (c);
  c->hinting = TRUE;
  c->cancellable = g_cancellable_new ();
  set_text (c, _("Looking for the best move…"));
  kuzhi_computer_player_choose_async (c->player, kuzhi_game_model_get_match (c->model),
                                      KZ_LEVEL_HARD, hard_time_ms (c),
                                      c->cancellable, on_hint_found, request_new (c));
  update_state (c);
}

/* --- the model and the board ------------------------------------------------- */

/* After the hint's mark, the hint's sowing: ringed and focused, so that
 * the next Enter sows it. */
static void
show_hint_next (Computer *c)
{
  KzAction next = c->hint_next;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (next == KZ_ACTION_NONE || kuzhi_board_view_get_animating (c->board))
    return;
  c->hint_next = KZ_ACTION_NONE;
  if (c->hint_next_n != kuzhi_game_model_get_match (c->model)->n_history
      || computer_to_move (c) || !kuzhi_game_model_is_legal (c->model, next))
    return;
  c->hint = next;
  kuzhi_board_view_set_hint (c->board, next);
  name = kuzhi_game_action_name (kuzhi_game_model_get_position (c->model), next);
  /* Translators: the hint line once the hinted lucky cup is marked: "Now sow cup 2, as the hint said." */
  text = g_strdup_printf (_("Now sow %s, as the hint said."), name);
  set_text (c, text);
  update_state (c);
}

static void
on_action_started (Computer *c,
                   int       action)
{
  KzAction hint = c->hint, then = c->hint_then;

  invalidate (c);
  /* The hint's own mark: its sowing comes next. */
  if (KZ_ACTION_IS_MARK (hint) && action == (int) hint && KZ_ACTION_IS_PIT (then))
    c->hint_next = then;
  update_state (c);
}

static void
on_action_finished (Computer *c)
{
  c->hint_next_n = kuzhi_game_model_get_match (c->model)->n_history;
  /* With instant sowing nothing animates: the pause starts now. */
  if (!kuzhi_board_view_get_animating (c->board))
    {
      c->ready_at = g_get_monotonic_time () + PAUSE_USEC;
      schedule (c);
      show_hint_next (c);
    }
}

static void
on_position_reset (Computer *c)
{
  invalidate (c);
  c->pending = KZ_ACTION_NONE;
  c->ready_at = g_get_monotonic_time () + PAUSE_USEC;
  schedule (c);
}

/* A side changed hands (New Match, an opened file, a restored autosave,
 * or a caller): whatever was searched for the old players no longer
 * applies. */
static void
on_level_changed (Computer *c)
{
  invalidate (c);
  c->ready_at = g_get_monotonic_time () + PAUSE_USEC;
  schedule (c);
}

static void
on_animating_changed (Computer *c)
{
  if (kuzhi_board_view_get_animating (c->board))
    return;
  c->ready_at = g_get_monotonic_time () + PAUSE_USEC;
  schedule (c);
  show_hint_next (c);
}

void
_kuzhi_window_computer_stop (KuzhiWindowComputer *c)
{
  if (c->dead)
    return;
  invalidate (c);
  c->dead = TRUE;
  g_clear_handle_id (&c->idle_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (c->model, c);
  g_signal_handlers_disconnect_by_data (c->board, c);
}

/* --- the object ---------------------------------------------------------------- */

static void
kuzhi_window_computer_dispose (GObject *object)
{
  Computer *c = KUZHI_WINDOW_COMPUTER (object);

  if (c->model != NULL)
    _kuzhi_window_computer_stop (c);
  g_clear_object (&c->model);
  g_clear_object (&c->board);
  g_clear_object (&c->player);
  g_clear_object (&c->settings);

  G_OBJECT_CLASS (kuzhi_window_computer_parent_class)->dispose (object);
}

static void
kuzhi_window_computer_finalize (GObject *object)
{
  Computer *c = KUZHI_WINDOW_COMPUTER (object);

  g_clear_pointer (&c->hint_what, g_free);
  g_clear_pointer (&c->text, g_free);

  G_OBJECT_CLASS (kuzhi_window_computer_parent_class)->finalize (object);
}

static void
kuzhi_window_computer_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  Computer *c = KUZHI_WINDOW_COMPUTER (object);

  switch (prop_id)
    {
    case PROP_THINKING:
      g_value_set_boolean (value, c->thinking || c->hinting);
      break;
    case PROP_CAN_HINT:
      g_value_set_boolean (value, can_hint (c));
      break;
    case PROP_HINT_TEXT:
      g_value_set_string (value, get_hint_text (c));
      break;
    case PROP_ANALYSIS_VALUES:
      g_value_set_pointer (value, (gpointer) c->values);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_window_computer_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  Computer *c = KUZHI_WINDOW_COMPUTER (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS_VALUES:
      c->values = g_value_get_pointer (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_window_computer_class_init (KuzhiWindowComputerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = kuzhi_window_computer_dispose;
  object_class->finalize = kuzhi_window_computer_finalize;
  object_class->get_property = kuzhi_window_computer_get_property;
  object_class->set_property = kuzhi_window_computer_set_property;

  /* The computer's search, or a hint's, runs. */
  properties[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_HINT] = g_param_spec_boolean ("can-hint", NULL, NULL, FALSE, ro);
  properties[PROP_HINT_TEXT] = g_param_spec_string ("hint-text", NULL, NULL, NULL, ro);
  /* A KzAnalysis, the analysis's: borrowed, valid until it is set again. */
  properties[PROP_ANALYSIS_VALUES] =
    g_param_spec_pointer ("analysis-values", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A hint that needs the window: a mark to choose first, or the refill
   * shell (a KzAction). */
  signals[HINT_SHOWN] = g_signal_new ("hint-shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
kuzhi_window_computer_init (KuzhiWindowComputer *c)
{
  c->chosen = c->chosen_then = c->pending = KZ_ACTION_NONE;
  c->hint = c->hint_then = c->hint_next = KZ_ACTION_NONE;
}

/* Plays `model`'s computer sides on `board` and gives hints, at the
 * strength `settings` ask. It starts with the
 * model's next position-reset. */
KuzhiWindowComputer *
_kuzhi_window_computer_new (KuzhiGameModel *model,
                            KuzhiBoardView *board,
                            GSettings      *settings)
{
  Computer *c = g_object_new (KUZHI_TYPE_WINDOW_COMPUTER, NULL);

  c->model = g_object_ref (model);
  c->board = g_object_ref (board);
  c->player = kuzhi_computer_player_new ();
  c->settings = g_object_ref (settings);

  g_signal_connect_swapped (c->model, "action-started", G_CALLBACK (on_action_started), c);
  g_signal_connect_swapped (c->model, "action-finished", G_CALLBACK (on_action_finished), c);
  g_signal_connect_swapped (c->model, "position-reset", G_CALLBACK (on_position_reset), c);
  g_signal_connect_swapped (c->model, "notify::player1-level", G_CALLBACK (on_level_changed), c);
  g_signal_connect_swapped (c->model, "notify::player2-level", G_CALLBACK (on_level_changed), c);
  g_signal_connect_swapped (c->board, "notify::animating", G_CALLBACK (on_animating_changed), c);
  return c;
}

/* What the hint line says instead of the window's own advice: who is
 * thinking, or the hint (valued again: the analysis may have valued the
 * move since), or NULL. */
static const char *
get_hint_text (Computer *c)
{
  if (c->dead)
    return NULL;
  if (computer_to_move (c))
    {
      int p = kuzhi_game_model_get_position (c->model)->to_move;
      /* Translators: "Arul (Hard) is thinking…" */
      g_autofree char *text = g_strdup_printf (_("%s (%s) is thinking…"),
                                               kuzhi_game_model_get_player_name (c->model, p),
                                               kuzhi_game_level_title (level_of (c, p)));
      set_text (c, text);
    }
  else if (c->hint != KZ_ACTION_NONE && c->hint_what != NULL)
    describe_hint (c);
  return c->text;
}

/* --- the window's side -------------------------------------------------------- */

static void
on_can_hint_changed (KuzhiWindow *self)
{
  _kuzhi_window_set_action_enabled (self, "hint", can_hint (self->computer));
}

static void
on_hint_text_changed (KuzhiWindow *self)
{
  _kuzhi_window_refresh_hint_line (self);
}

static void
on_hint_shown (KuzhiWindow *self,
               int          action)
{
  /* Enter does what the hint says: the board waits for the mark, as
   * after Mark Lucky Cup (Escape leaves it). */
  if (KZ_ACTION_IS_MARK (action))
    g_object_set (self, "marking", TRUE, NULL);
  /* The refill shell is no cup: Enter presses its button. */
  else if (action == KZ_ACTION_REFILL && gtk_widget_is_sensitive (self->refill_button))
    gtk_widget_grab_focus (self->refill_button);
}

static void
hint_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  if (!can_hint (self->computer))
    return;
  /* A past position is on screen: the hint would be for another board. */
  if (self->browsing >= 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  start_hint (self->computer);
}

const GActionEntry _kuzhi_window_computer_actions[] = {
  { "hint", hint_action },
};
const gsize _kuzhi_window_computer_n_actions = G_N_ELEMENTS (_kuzhi_window_computer_actions);

static void
on_window_destroy (KuzhiWindow *self)
{
  _kuzhi_window_computer_stop (self->computer);
}

void
_kuzhi_window_computer_init (KuzhiWindow *self)
{
  GdkDisplay *display = gdk_display_get_default ();

  self->computer = _kuzhi_window_computer_new (kuzhi_window_get_model (self), kuzhi_window_get_board_view (self),
                                               self->settings);
  /* The Hint button's lightbulb, also when no GtkApplication adds the path. */
  if (display != NULL)
    {
      GtkIconTheme *theme = gtk_icon_theme_get_for_display (display);
      if (!gtk_icon_theme_has_icon (theme, "kuzhi-hint-symbolic"))
        gtk_icon_theme_add_resource_path (theme, "/io/github/kuzhi/Kuzhi/icons");
    }
  g_signal_connect_swapped (self->computer, "notify::can-hint", G_CALLBACK (on_can_hint_changed), self);
  g_signal_connect_swapped (self->computer, "notify::hint-text", G_CALLBACK (on_hint_text_changed), self);
  g_signal_connect_swapped (self->computer, "hint-shown", G_CALLBACK (on_hint_shown), self);
  g_signal_connect_swapped (self, "destroy", G_CALLBACK (on_window_destroy), self);
  /* The first match's position-reset sets the board and the Hint. */
}

void
_kuzhi_window_computer_clear (KuzhiWindow *self)
{
  if (self->computer != NULL)
    {
      _kuzhi_window_computer_stop (self->computer);
      g_signal_handlers_disconnect_by_data (self->computer, self);
    }
  g_clear_object (&self->computer);
}

void
kuzhi_window_set_player_level (KuzhiWindow *self,
                               int          player,
                               KzLevel      level)
{
  g_return_if_fail (KUZHI_IS_WINDOW (self));
  g_return_if_fail (player == 0 || player == 1);
  /* The model notifies, and on_level_changed() starts again from there. */
  kuzhi_game_model_set_player_level (self->computer->model, player, level);
}

KzLevel
kuzhi_window_get_player_level (KuzhiWindow *self,
                               int          player)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), KZ_LEVEL_NONE);
  g_return_val_if_fail (player == 0 || player == 1, KZ_LEVEL_NONE);
  return level_of (self->computer, player);
}

gsize
kuzhi_window_computer_get_table_bytes (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), 0);
  return kuzhi_computer_player_get_table_bytes (self->computer->player);
}

gboolean
kuzhi_window_computer_to_move (KuzhiWindow *self)
{
  return !self->computer->dead && computer_to_move (self->computer);
}

gboolean
kuzhi_window_computer_is_thinking (KuzhiWindow *self)
{
  return self->computer->thinking || self->computer->hinting;
}

const char *
_kuzhi_window_computer_get_hint_text (KuzhiWindow *self)
{
  return get_hint_text (self->computer);
}

/* Undo and Redo as a person means them: against the computer, the
 * computer's reply goes back (or comes back) with the person's turn, to
 * the person's turn. Otherwise the computer would replay at once after an
 * undo, and after a redo choose again, perhaps another move, which would
 * end the redo. */
static void
step_turns (Computer  *c,
            gboolean (*step) (KuzhiGameModel *),
            gboolean (*can_step) (KuzhiGameModel *))
{
  if (!step (c->model))
    return;
  while (computer_to_move (c)
         && level_of (c, !kuzhi_game_model_get_to_move (c->model)) == KZ_LEVEL_NONE
         && can_step (c->model))
    step (c->model);
}

/* Whether Undo has a turn to take back that is not only the computer's:
 * when the computer opened the match and nothing else was played, undoing
 * its move would only make it play again. */
gboolean
_kuzhi_window_computer_can_undo (KuzhiWindow *self)
{
  Computer *c = self->computer;
  const KzMatch *m = kuzhi_game_model_get_match (c->model);

  if (!kuzhi_game_model_can_undo (c->model))
    return FALSE;
  for (size_t i = 0; i < m->n_history; i++)
    if (level_of (c, m->history[i].before.to_move) == KZ_LEVEL_NONE)
      return TRUE;
  /* No person plays: each turn is the computer's, and Undo takes one. */
  return level_of (c, 0) != KZ_LEVEL_NONE && level_of (c, 1) != KZ_LEVEL_NONE;
}

void
_kuzhi_window_computer_undo (KuzhiWindow *self)
{
  step_turns (self->computer, kuzhi_game_model_undo, kuzhi_game_model_can_undo);
}

void
_kuzhi_window_computer_redo (KuzhiWindow *self)
{
  step_turns (self->computer, kuzhi_game_model_redo, kuzhi_game_model_can_redo);
}

/* A hint is for the board as the match stands: forgotten, with its
 * search, when the board shows a past turn (or a variation from one).
 * Only a person to move has one, so no search of the computer's own is
 * cancelled with it. */
void
_kuzhi_window_computer_forget_hint (KuzhiWindow *self)
{
  Computer *c = self->computer;

  if (!c->hinting && c->hint == KZ_ACTION_NONE)
    return;
  invalidate (c);
  update_state (c);
}

KzAction
kuzhi_window_computer_get_hint (KuzhiWindow *self,
                                KzAction    *then)
{
  if (then != NULL)
    *then = self->computer->hint_then;
  return self->computer->hint;
}
