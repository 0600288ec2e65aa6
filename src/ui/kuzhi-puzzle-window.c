/* kuzhi-puzzle-window.c — Puzzles: a position with one proven best move, played on a board of its own; the solution's line or the refutation played out move by move. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifdef __linux__
#define _GNU_SOURCE   /* SCHED_BATCH */
#endif
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kuzhi-puzzle-window.h"
#include "kuzhi-puzzle-window-private.h"
#include "kuzhi-board-view.h"
#include "kuzhi-game-text.h"
#include "kuzhi-scroll.h"
#include "kuzhi-thread-private.h"

/* The nodes that prove a puzzle at any level (docs/computer-opponent.md,
 * "Puzzles": 100 000 or 150 000): the analysis of the puzzle found, from
 * a cleared searcher, gives every move's exact value and line again, as
 * the finder proved them. */
#define PROOF_NODES 150000
/* A short pause between the moves played out, so each can be followed;
 * none at the Instant animation speed. */
#define LINE_PAUSE_MS 450

/* The goals in the app's own words, by kind (the engine's sentences are
 * the protocol's, in English). */
static const char *const goal_texts[KZ_N_PUZZLE_GOALS] = {
  [KZ_PUZZLE_GOAL_WIN]   = N_("Win the game: find the only move that wins."),
  [KZ_PUZZLE_GOAL_DRAW]  = N_("Save the game: find the only move that draws."),
  [KZ_PUZZLE_GOAL_MOST]  = N_("Win by as many seeds as you can: find the only best move."),
  [KZ_PUZZLE_GOAL_LEAST] = N_("Lose by as few seeds as you can: find the only best move."),
};

typedef enum {
  STATE_FINDING,
  STATE_NONE,       /* no puzzle: the game has none at that level, or none was found */
  STATE_MOVE,       /* waiting for the player's move */
  STATE_PLAYING,    /* a line is played out */
  STATE_SOLVED,
  STATE_REFUTED,
  STATE_SHOWN,      /* the solution was shown */
} State;

struct _KuzhiPuzzleWindow
{
  AdwWindow        parent_instance;

  /* template children */
  AdwWindowTitle  *window_title;
  GtkWidget       *new_button;
  GtkWidget       *new_icon_button;
  AdwSqueezer     *new_squeezer;   /* shows one of the two */
  AdwComboRow     *game_row;
  AdwComboRow     *level_row;
  GtkStack        *stack;
  GtkSpinner      *spinner;
  GtkLabel        *none_label;
  GtkLabel        *goal_label;
  KuzhiBoardView  *board;
  GtkLabel        *result_label;
  GtkWidget       *retry_button;
  GtkWidget       *solution_button;
  GtkListBox      *moves_list;

  /* owned */
  KuzhiGameModel  *model;
  KuzhiStatistics *statistics;     /* nullable */
  GCancellable    *cancellable;    /* the find under way */
  KzAnalysis      *analysis;       /* the puzzle's every move, proven */
  char            *subtitle;
  GDate            day;
  KzVariantId      games[KZ_N_VARIANTS];   /* the game row's items */
  guint            n_games;
  guint            play_source;

  /* the puzzle */
  KzVariantId      variant;
  int              level;
  guint64          seed;
  KzPuzzle         puzzle;
  State            state;
  State            end_state;      /* what the line being played out ends in */
  gboolean         tried;          /* the first try was recorded */
  gboolean         choosing;       /* the rows are being set from code */
  KzAction         queue[KZ_SEARCH_MAX_PV];
  int              queue_len;
  int              queue_at;
  GtkWidget       *focus_after;    /* borrowed: where the keyboard goes when the line ends */

  /* what the move being played did, from the model's signals */
  int              captured;
  gboolean         extra_turn;
  gboolean         ended;
};

G_DEFINE_FINAL_TYPE (KuzhiPuzzleWindow, kuzhi_puzzle_window, ADW_TYPE_WINDOW)

/* --- the puzzle of the day ------------------------------------------------- */

void
kuzhi_puzzle_window_day_puzzle (const GDate *day,
                                KzVariantId *variant,
                                int         *level,
                                guint64     *seed)
{
  g_autoptr(GDate) epoch = g_date_new_dmy (1, G_DATE_JANUARY, 2026);
  KzVariantId with_puzzles[KZ_N_VARIANTS];
  int n = 0;
  gint64 days = g_date_days_between (epoch, day);
  guint64 d = (guint64) (days < 0 ? -days : days);

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    if (kz_variant_get ((KzVariantId) v) != NULL && kz_puzzle_levels ((KzVariantId) v, NULL, 0) > 0)
      with_puzzles[n++] = (KzVariantId) v;
  g_return_if_fail (n > 0);
  *variant = with_puzzles[d % (guint64) n];
  *level = 1 + (int) (d % (guint64) kz_puzzle_levels (*variant, NULL, 0));
  *seed = d;
}

static gboolean
is_day_puzzle (KuzhiPuzzleWindow *self)
{
  KzVariantId variant;
  int level;
  guint64 seed;

  kuzhi_puzzle_window_day_puzzle (&self->day, &variant, &level, &seed);
  return variant == self->variant && level == self->level && seed == self->seed;
}

/* --- text ------------------------------------------------------------------ */

static void
set_subtitle (KuzhiPuzzleWindow *self)
{
  g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);

  /* The game and the level are in their rows just under it. */
  g_free (self->subtitle);
  if (is_day_puzzle (self))
    self->subtitle = g_strdup (_("Puzzle of the Day"));
  else
    /* Translators: the Puzzles window's subtitle: "Puzzle No. 341" (the puzzle's number, its seed) */
    self->subtitle = g_strdup_printf (_("Puzzle No. %s"), number);
  adw_window_title_set_subtitle (self->window_title, self->subtitle);
}

/* Why `variant` has no puzzles, in the app's words: the games without
 * them are those played in rounds; every other game has all three levels
 * (kz_puzzle_levels()). */
static char *
none_text (KzVariantId variant)
{
  return g_strdup_printf (_("%s has no puzzles: its matches go on for rounds, and no search reaches their end in time to prove a move best."),
                          kuzhi_game_title (variant));
}

/* What a move of the line did, in one sentence: "You sow cup 3,
 * captures 4, moves again". */
static char *
move_text (KuzhiPuzzleWindow *self,
           const KzPosition  *before,
           KzAction           action)
{
  g_autofree char *name = kuzhi_game_action_name (before, action);
  char *text;

  if (before->to_move == self->puzzle.position.to_move)
    /* Translators: a move played out in a puzzle, by the player: "You sow cup 3" */
    text = g_strdup_printf (_("You sow %s"), name);
  else
    /* Translators: a move played out in a puzzle, by the other side: "Your opponent sows cup 5" */
    text = g_strdup_printf (_("Your opponent sows %s"), name);

#define ADD(piece) G_STMT_START { \
    g_autofree char *old = text; \
    /* Translators: a move's sentence and what it did: "You sow cup 3, captures 4" */ \
    text = g_strdup_printf (C_("puzzle move", "%s, %s"), old, (piece)); \
  } G_STMT_END
  if (self->captured > 0)
    {
      /* Translators: what a move in a puzzle did: the seeds it took */
      g_autofree char *piece = g_strdup_printf (ngettext ("captures %d", "captures %d", self->captured),
                                                self->captured);
      ADD (piece);
    }
  if (self->extra_turn && !self->ended)
    /* Translators: what a move in a puzzle did: its sower plays again */
    ADD (_("moves again"));
  if (self->ended)
    /* Translators: what a move in a puzzle did */
    ADD (_("the game ends"));
#undef ADD
  return text;
}

/* --- playing out ------------------------------------------------------------ */

static void
add_move_row (KuzhiPuzzleWindow *self,
              const char        *text)
{
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_append (self->moves_list, row);
  gtk_widget_set_visible (GTK_WIDGET (self->moves_list), TRUE);
}

static void
play_move (KuzhiPuzzleWindow *self,
           KzAction           action)
{
  KzPosition before = *kuzhi_game_model_get_position (self->model);
  g_autofree char *text = NULL;

  self->captured = 0;
  self->extra_turn = FALSE;
  self->ended = FALSE;
  if (!kuzhi_game_model_play (self->model, action, NULL))
    return;
  text = move_text (self, &before, action);
  add_move_row (self, text);
}

static void
finish_line (KuzhiPuzzleWindow *self)
{
  const char *result = gtk_label_get_label (self->result_label);

  self->state = self->end_state;
  gtk_widget_set_visible (self->retry_button, self->state == STATE_REFUTED || self->state == STATE_SHOWN);
  gtk_widget_set_visible (self->solution_button, self->state == STATE_REFUTED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.retry", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.solution", TRUE);
  /* A screen reader hears the result with the control the keyboard goes
   * to: GTK 4.8 has no other way to say it. */
  if (self->focus_after != NULL)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->focus_after),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, result, -1);
      gtk_widget_grab_focus (self->focus_after);
    }
  /* On a phone the page scrolls: to the result, then to the button under
   * it (New Puzzle, once solved, is in the header bar). */
  kuzhi_scroll_into_sight_later (GTK_WIDGET (self->result_label));
  if (self->focus_after != NULL)
    kuzhi_scroll_into_sight_later (self->focus_after);
}

static void schedule_next (KuzhiPuzzleWindow *self);

static gboolean
on_play_timeout (gpointer data)
{
  KuzhiPuzzleWindow *self = data;

  self->play_source = 0;
  if (self->state != STATE_PLAYING)
    return G_SOURCE_REMOVE;
  if (self->queue_at < self->queue_len)
    play_move (self, self->queue[self->queue_at++]);
  schedule_next (self);
  return G_SOURCE_REMOVE;
}

/* The next move of the line once the board has shown the last one. */
static void
schedule_next (KuzhiPuzzleWindow *self)
{
  guint step_ms = 0;

  if (self->state != STATE_PLAYING || self->play_source != 0 || kuzhi_board_view_get_animating (self->board))
    return;
  if (self->queue_at >= self->queue_len || kuzhi_game_model_get_over (self->model))
    {
      finish_line (self);
      return;
    }
  g_object_get (self->board, "step-ms", &step_ms, NULL);
  self->play_source = g_timeout_add (step_ms > 0 ? LINE_PAUSE_MS : 0, on_play_timeout, self);
}

static void
on_animating_changed (KuzhiPuzzleWindow *self)
{
  schedule_next (self);
}

static void
stop_line (KuzhiPuzzleWindow *self)
{
  g_clear_handle_id (&self->play_source, g_source_remove);
  self->queue_len = self->queue_at = 0;
}

/* Plays `line` (n actions) out after what was just played, ending in `end`. */
static void
start_line (KuzhiPuzzleWindow *self,
            const KzAction    *line,
            int                n,
            State              end,
            GtkWidget         *focus_after)
{
  stop_line (self);
  memcpy (self->queue, line, (size_t) MIN (n, KZ_SEARCH_MAX_PV) * sizeof *line);
  self->queue_len = MIN (n, KZ_SEARCH_MAX_PV);
  self->state = STATE_PLAYING;
  self->end_state = end;
  self->focus_after = focus_after;
  kuzhi_board_view_set_waiting (self->board, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.retry", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.solution", FALSE);
  schedule_next (self);
}

static void
on_captured (KuzhiPuzzleWindow *self,
             int                pit,
             int                player,
             int                count)
{
  self->captured += count;
}

static void
on_extra_turn (KuzhiPuzzleWindow *self)
{
  self->extra_turn = TRUE;
}

static void
on_match_ended (KuzhiPuzzleWindow *self)
{
  self->ended = TRUE;
}

/* --- the puzzle on the board --------------------------------------------- */

static void
clear_moves (KuzhiPuzzleWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list))) != NULL)
    gtk_list_box_remove (self->moves_list, child);
  gtk_widget_set_visible (GTK_WIDGET (self->moves_list), FALSE);
}

/* The puzzle's position on the board, waiting for the player's move. */
static void
set_up_board (KuzhiPuzzleWindow *self)
{
  const char *names[2];
  KzMatch match;

  stop_line (self);
  if (!kz_match_init_at (&match, &self->puzzle.position, NULL, 0))
    return;
  names[self->puzzle.position.to_move] = _("You");
  names[!self->puzzle.position.to_move] = _("Opponent");
  kuzhi_game_model_start_match (self->model, &match, names);
  kz_match_clear (&match);
  /* The player's row nearest them, as in the main window. */
  kuzhi_board_view_set_view_player (self->board, self->puzzle.position.to_move);
  kuzhi_board_view_set_waiting (self->board, FALSE);
  clear_moves (self);
  gtk_label_set_label (self->result_label, "");
  /* The last result no longer applies. */
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->retry_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->new_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->new_icon_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_widget_set_visible (self->retry_button, FALSE);
  gtk_widget_set_visible (self->solution_button, FALSE);
  self->state = STATE_MOVE;
}

/* The goal, and where the player's row is: nearest them, or the left
 * column when the board stands upright. */
static void
update_goal (KuzhiPuzzleWindow *self)
{
  const char *where = kuzhi_board_view_get_upright (self->board)
                      /* Translators: under a puzzle's goal, when the board stands upright: the player's row is its left column */
                      ? _("You are to move, from the left column.")
                      /* Translators: under a puzzle's goal: the board is turned so that the player's row is at the bottom */
                      : _("You are to move, from the row nearest you.");
  g_autofree char *goal = g_strdup_printf ("%s\n%s", _(goal_texts[self->puzzle.goal]), where);

  gtk_label_set_label (self->goal_label, goal);
}

static void
show_puzzle (KuzhiPuzzleWindow *self)
{
  update_goal (self);
  set_up_board (self);
  gtk_stack_set_visible_child_name (self->stack, "puzzle");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.new", TRUE);
}

static const KzMoveValue *
move_value (KuzhiPuzzleWindow *self,
            KzAction           action)
{
  for (int i = 0; self->analysis != NULL && i < self->analysis->n_moves; i++)
    if (self->analysis->moves[i].action == action)
      return &self->analysis->moves[i];
  return NULL;
}

static void
on_cup_activated (KuzhiBoardView    *board,
                  int                pit,
                  KuzhiPuzzleWindow *self)
{
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);
  KzAction action = (KzAction) pit;
  const KzMoveValue *value;
  g_autofree char *outcome = NULL;
  g_autofree char *result = NULL;

  if (self->state != STATE_MOVE || !kuzhi_game_model_is_legal (self->model, action))
    {
      g_autofree char *why = NULL;

      if (self->state == STATE_MOVE)
        why = kuzhi_game_explain_refusal (pos, pit, kuzhi_game_model_get_player_name (self->model, 0),
                                          kuzhi_game_model_get_player_name (self->model, 1));
      if (why != NULL)
        gtk_label_set_label (self->result_label, why);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  value = move_value (self, action);
  outcome = kuzhi_game_outcome_text (value != NULL ? kz_score_margin (value->score) : 0, TRUE);

  /* Only the first try of a puzzle counts (the statistics also keep
   * each puzzle once, so the puzzle of the day is counted once). */
  if (!self->tried && self->statistics != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!kuzhi_statistics_record_puzzle (self->statistics, self->variant, self->level, self->seed,
                                           action == self->puzzle.solution, &error))
        g_warning ("%s", error->message);
    }
  self->tried = TRUE;

  if (action == self->puzzle.solution)
    {
      /* Translators: a puzzle solved: "Right: with best play from both, this move wins by 4." */
      result = g_strdup_printf (_("Right: with best play from both, this move %s."), outcome);
      gtk_label_set_label (self->result_label, result);
      play_move (self, action);
      start_line (self, self->puzzle.line + 1, self->puzzle.line_len - 1, STATE_SOLVED,
                  adw_squeezer_get_visible_child (self->new_squeezer));
    }
  else
    {
      g_autofree char *best = kuzhi_game_outcome_text (self->puzzle.value, TRUE);
      KzAction refutation[KZ_SEARCH_MAX_PV];
      int n = 0;
      KzPosition at = *pos;

      /* Translators: a puzzle's wrong try: "Not the best: with best play from both, this move loses by 2, and the best move wins by 4." */
      result = g_strdup_printf (_("Not the best: with best play from both, this move %s, and the best move %s."),
                                outcome, best);
      gtk_label_set_label (self->result_label, result);
      /* The refutation: the line of this move through the opponent's
       * whole reply (their extra turns too), until the player is to move
       * again; the player's own extra turns on the way are part of it. */
      kz_position_variant (&at)->apply (&at, action, NULL);
      for (int i = 1, replied = FALSE; value != NULL && i < value->pv_len && !at.over; i++)
        {
          if (at.to_move == pos->to_move && replied)
            break;
          replied |= at.to_move != pos->to_move;
          if (!kz_position_is_legal (&at, value->pv[i]))
            break;
          refutation[n++] = value->pv[i];
          kz_position_variant (&at)->apply (&at, value->pv[i], NULL);
        }
      play_move (self, action);
      start_line (self, refutation, n, STATE_REFUTED, self->retry_button);
    }
}

/* --- finding ------------------------------------------------------------- */

typedef struct {
  KzVariantId variant;
  int         level;
  guint64     seed;
  gboolean    found;
  KzPuzzle    puzzle;
  KzAnalysis  analysis;
  volatile int cancel;  /* set from the task's GCancellable: the engine stops */
} FindData;

static void
on_find_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  FindData *d = data;

  g_atomic_int_set (&d->cancel, 1);
}

static void
find_thread (GTask *task)
{
  FindData *d = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  KzSearcher *searcher;
  gulong id;

  kuzhi_thread_lower_priority ();
  /* Another puzzle chosen, or the window closed, stops the engine too. */
  id = g_cancellable_connect (cancellable, G_CALLBACK (on_find_cancelled), d, NULL);
  /* Its own table of the size puzzles count on, with no endgame
   * database file, so that a seed is the same puzzle as in the protocol;
   * the finder lends Oware and Bohnenspiel their own small database, and
   * so does the analysis of every move below. */
  searcher = kz_searcher_new (KZ_PUZZLE_TABLE_MB);
  if (searcher != NULL && kz_puzzle_find (d->variant, d->level, d->seed, searcher, &d->cancel, &d->puzzle, NULL, 0))
    {
      KzSearchLimits limits = { .nodes = PROOF_NODES };
      KzMatch match;

      if (kz_match_init_at (&match, &d->puzzle.position, NULL, 0))
        {
          kz_searcher_clear (searcher);
          kz_searcher_set_endgame (searcher, d->variant, kz_puzzle_endgame (d->variant));
          d->found = kz_search_analyse (searcher, &match, &limits, &d->cancel, NULL, NULL, &d->analysis) &&
                     !d->analysis.cancelled;
          kz_match_clear (&match);
        }
    }
  if (searcher != NULL)
    kz_searcher_free (searcher);
  g_cancellable_disconnect (cancellable, id);
  g_task_return_boolean (task, TRUE);
}

static void
on_found (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (source);
  FindData *d = g_task_get_task_data (G_TASK (result));

  /* A find given up (another chosen, or the window closed). */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  if (!d->found)
    {
      self->state = STATE_NONE;
      gtk_label_set_label (self->none_label, _("No puzzle was found for this number. Try New Puzzle."));
      gtk_stack_set_visible_child_name (self->stack, "none");
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.new", TRUE);
      return;
    }
  self->puzzle = d->puzzle;
  g_free (self->analysis);
  self->analysis = g_memdup2 (&d->analysis, sizeof d->analysis);
  show_puzzle (self);
}

static void
select_rows (KuzhiPuzzleWindow *self)
{
  self->choosing = TRUE;
  for (guint i = 0; i < self->n_games; i++)
    if (self->games[i] == self->variant)
      adw_combo_row_set_selected (self->game_row, i);
  adw_combo_row_set_selected (self->level_row, (guint) (self->level - 1));
  self->choosing = FALSE;
}

void
kuzhi_puzzle_window_choose (KuzhiPuzzleWindow *self,
                            KzVariantId        variant,
                            int                level,
                            guint64            seed)
{
  g_autoptr(GTask) task = NULL;
  FindData *d;

  g_return_if_fail (KUZHI_IS_PUZZLE_WINDOW (self));
  g_return_if_fail (kz_variant_get (variant) != NULL);
  g_return_if_fail (level >= KZ_PUZZLE_MIN_LEVEL && level <= KZ_PUZZLE_MAX_LEVEL);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  stop_line (self);
  g_clear_pointer (&self->analysis, g_free);
  self->variant = variant;
  self->level = level;
  self->seed = seed;
  self->tried = FALSE;
  select_rows (self);
  set_subtitle (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.retry", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.solution", FALSE);

  if (level > kz_puzzle_levels (variant, NULL, 0))
    {
      g_autofree char *text = none_text (variant);

      self->state = STATE_NONE;
      gtk_label_set_label (self->none_label, text);
      gtk_stack_set_visible_child_name (self->stack, "none");
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.new", FALSE);
      return;
    }

  self->state = STATE_FINDING;
  gtk_stack_set_visible_child_name (self->stack, "finding");
  gtk_spinner_start (self->spinner);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "puzzle.new", FALSE);
  self->cancellable = g_cancellable_new ();
  d = g_new0 (FindData, 1);
  d->variant = variant;
  d->level = level;
  d->seed = seed;
  task = g_task_new (self, self->cancellable, on_found, NULL);
  g_task_set_task_data (task, d, g_free);
  g_task_set_name (task, "kuzhi-puzzle-find");
  kuzhi_thread_run_task (task, "kuzhi-puzzle", find_thread);
}

static void
on_game_selected (KuzhiPuzzleWindow *self)
{
  guint i = adw_combo_row_get_selected (self->game_row);

  if (self->choosing || i >= self->n_games)
    return;
  kuzhi_puzzle_window_choose (self, self->games[i], self->level, self->seed);
}

static void
on_level_selected (KuzhiPuzzleWindow *self)
{
  guint i = adw_combo_row_get_selected (self->level_row);

  if (self->choosing || i >= KZ_PUZZLE_MAX_LEVEL)
    return;
  kuzhi_puzzle_window_choose (self, self->variant, (int) i + 1, self->seed);
}

/* --- actions --------------------------------------------------------------- */

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *param)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (widget);

  kuzhi_puzzle_window_choose (self, self->variant, self->level, self->seed + 1);
}

/* 1–7: that cup of the solver's row is chosen (Enter sows it). */
static void
choose_cup_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *param)
{
  kuzhi_board_view_focus_cup (KUZHI_PUZZLE_WINDOW (widget)->board, g_variant_get_int32 (param));
}

static void
retry_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (widget);

  if (self->state != STATE_REFUTED && self->state != STATE_SHOWN && self->state != STATE_SOLVED)
    return;
  set_up_board (self);
  /* The keyboard back on the board, on the first cup that may be sown. */
  {
    KzAction legal[KZ_MAX_ACTIONS];

    if (kuzhi_game_model_get_legal (self->model, legal) > 0)
      gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (self->board, legal[0])));
  }
}

static void
solution_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (widget);
  g_autofree char *name = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *result = NULL;

  if (self->state != STATE_REFUTED && self->state != STATE_MOVE)
    return;
  set_up_board (self);
  name = kuzhi_game_action_name (&self->puzzle.position, self->puzzle.solution);
  outcome = kuzhi_game_outcome_text (self->puzzle.value, TRUE);
  /* Translators: Show Solution: "The best move is cup 3: with best play from both, it wins by 4." */
  result = g_strdup_printf (_("The best move is %s: with best play from both, it %s."), name, outcome);
  gtk_label_set_label (self->result_label, result);
  start_line (self, self->puzzle.line, self->puzzle.line_len, STATE_SHOWN, self->retry_button);
}

/* --- life cycle ------------------------------------------------------------ */

static void
kuzhi_puzzle_window_dispose (GObject *object)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (object);

  /* Closing gives up a find under way: its result is not waited for. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->play_source, g_source_remove);
  if (self->board != NULL)
    kuzhi_board_view_set_model (self->board, NULL);
  g_clear_object (&self->model);
  g_clear_object (&self->statistics);
  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_PUZZLE_WINDOW);

  G_OBJECT_CLASS (kuzhi_puzzle_window_parent_class)->dispose (object);
}

static void
kuzhi_puzzle_window_finalize (GObject *object)
{
  KuzhiPuzzleWindow *self = KUZHI_PUZZLE_WINDOW (object);

  g_free (self->analysis);
  g_free (self->subtitle);

  G_OBJECT_CLASS (kuzhi_puzzle_window_parent_class)->finalize (object);
}

static void
kuzhi_puzzle_window_class_init (KuzhiPuzzleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_puzzle_window_dispose;
  object_class->finalize = kuzhi_puzzle_window_finalize;

  g_type_ensure (KUZHI_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-puzzle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, new_icon_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, new_squeezer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, level_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, none_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, goal_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, board);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, retry_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, solution_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPuzzleWindow, moves_list);
  gtk_widget_class_bind_template_callback (widget_class, on_cup_activated);

  gtk_widget_class_install_action (widget_class, "puzzle.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "puzzle.retry", NULL, retry_action);
  gtk_widget_class_install_action (widget_class, "puzzle.solution", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "puzzle.choose-cup", "i", choose_cup_action);
  kuzhi_board_view_class_bind_cup_keys (widget_class, "puzzle.choose-cup");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kuzhi_puzzle_window_init (KuzhiPuzzleWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) levels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Every game, in the engine's order; one without puzzles says so, and
   * chosen, says why. */
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    if (kz_variant_get ((KzVariantId) v) != NULL)
      {
        self->games[self->n_games++] = (KzVariantId) v;
        if (kz_puzzle_levels ((KzVariantId) v, NULL, 0) > 0)
          gtk_string_list_append (games, kuzhi_game_title ((KzVariantId) v));
        else
          {
            /* Translators: a game in Puzzles' list that has none: "Pallanguzhi — no puzzles" */
            g_autofree char *item = g_strdup_printf (_("%s — no puzzles"), kuzhi_game_title ((KzVariantId) v));

            gtk_string_list_append (games, item);
          }
      }
  for (int level = KZ_PUZZLE_MIN_LEVEL; level <= KZ_PUZZLE_MAX_LEVEL; level++)
    {
      g_autofree char *item = g_strdup_printf (_("Level %d"), level);

      gtk_string_list_append (levels, item);
    }
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (levels));
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (on_game_selected), self);
  g_signal_connect_swapped (self->level_row, "notify::selected", G_CALLBACK (on_level_selected), self);

  self->model = kuzhi_game_model_new ();
  kuzhi_board_view_set_model (self->board, self->model);
  /* Narrow, the board stands upright as the main one does, so that its
   * cups keep the touch size; the page scrolls to the result and moves. */
  g_signal_connect_swapped (self->model, "captured", G_CALLBACK (on_captured), self);
  g_signal_connect_swapped (self->model, "extra-turn", G_CALLBACK (on_extra_turn), self);
  g_signal_connect_swapped (self->model, "match-ended", G_CALLBACK (on_match_ended), self);
  g_signal_connect_swapped (self->board, "notify::animating", G_CALLBACK (on_animating_changed), self);
  g_signal_connect_swapped (self->board, "notify::upright", G_CALLBACK (update_goal), self);
}

KuzhiPuzzleWindow *
kuzhi_puzzle_window_new_on_day (KuzhiWindow     *parent,
                                KuzhiStatistics *statistics,
                                const GDate     *day)
{
  KuzhiPuzzleWindow *self;
  KzVariantId variant;
  int level;
  guint64 seed;

  g_return_val_if_fail (parent == NULL || KUZHI_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (statistics == NULL || KUZHI_IS_STATISTICS (statistics), NULL);
  g_return_val_if_fail (day != NULL && g_date_valid (day), NULL);

  self = g_object_new (KUZHI_TYPE_PUZZLE_WINDOW, "transient-for", parent, NULL);
  self->statistics = statistics != NULL ? g_object_ref (statistics) : NULL;
  self->day = *day;
  /* The animation as the player set it for the main board. */
  if (parent != NULL)
    {
      g_object_bind_property (kuzhi_window_get_board_view (parent), "step-ms", self->board, "step-ms",
                              G_BINDING_SYNC_CREATE);
      g_object_bind_property (kuzhi_window_get_board_view (parent), "preview", self->board, "preview",
                              G_BINDING_SYNC_CREATE);
      /* And heard through the main window's sounds, with its switch and
       * its pace for the drops. */
      g_signal_connect_object (self->board, "event-shown", G_CALLBACK (kuzhi_sound_event_shown),
                               kuzhi_window_get_sound (parent), G_CONNECT_SWAPPED);
    }
  kuzhi_puzzle_window_day_puzzle (day, &variant, &level, &seed);
  kuzhi_puzzle_window_choose (self, variant, level, seed);
  return self;
}

KuzhiPuzzleWindow *
kuzhi_puzzle_window_new (KuzhiWindow     *parent,
                         KuzhiStatistics *statistics)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDate) today = g_date_new_dmy ((GDateDay) g_date_time_get_day_of_month (now),
                                           (GDateMonth) g_date_time_get_month (now),
                                           (GDateYear) g_date_time_get_year (now));

  return kuzhi_puzzle_window_new_on_day (parent, statistics, today);
}

/* --- for tests ------------------------------------------------------------- */

const KzPuzzle *
kuzhi_puzzle_window_get_puzzle (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  return self->state >= STATE_MOVE ? &self->puzzle : NULL;
}

guint64
kuzhi_puzzle_window_get_seed (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), 0);
  return self->seed;
}

gboolean
kuzhi_puzzle_window_get_waiting_for_move (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), FALSE);
  return self->state == STATE_MOVE;
}

gboolean
kuzhi_puzzle_window_get_busy (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), FALSE);
  return self->state == STATE_FINDING || self->state == STATE_PLAYING ||
         kuzhi_board_view_get_animating (self->board);
}

KuzhiBoardView *
kuzhi_puzzle_window_get_board_view (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  return self->board;
}

const char *
kuzhi_puzzle_window_get_goal (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_label_get_label (self->goal_label);
}

const char *
kuzhi_puzzle_window_get_result (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  return gtk_label_get_label (self->result_label);
}

GStrv
kuzhi_puzzle_window_dup_moves (KuzhiPuzzleWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row))
      g_strv_builder_add (builder, gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)))));
  return g_strv_builder_end (builder);
}

const char *
kuzhi_puzzle_window_get_subtitle (KuzhiPuzzleWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_PUZZLE_WINDOW (self), NULL);
  return self->subtitle;
}
