/* kuzhi-learn-window.c — Learn to Play: a game's course of lessons, and a lesson tried on a board of its own. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-learn-window-private.h"
#include "kuzhi-lesson.h"
#include "kuzhi-game-text.h"
#include "kuzhi-sound.h"
#include "kuzhi-layout-box.h"
#include "kuzhi-wrap-layout.h"

struct _KuzhiLearnWindow
{
  AdwWindow         parent_instance;

  /* template children */
  AdwWindowTitle   *window_title;
  GtkWidget        *back_button;
  GtkStack         *stack;
  AdwComboRow      *game_row;
  GtkListBox       *lesson_list;
  GtkWidget        *done_box;
  GtkLabel         *next_step_label;
  GtkLabel         *title_label;
  GtkLabel         *goal_label;
  GtkLabel         *cups_label;
  GtkLabel         *account_label;
  KuzhiBoardView   *board;
  GtkBox           *messages;
  GtkLabel         *hint_label;
  GtkLabel         *result_label;
  GtkToggleButton  *mark_button;
  GtkWidget        *refill_button;
  GtkWidget        *retry_button;
  GtkWidget        *next_button;

  /* owned */
  GSettings        *settings;
  KuzhiSound       *sound;
  KuzhiGameModel   *model;       /* the lesson's match: never the main window's */
  GPtrArray        *course;      /* KuzhiLesson, NULL when the file could not be read */
  char             *progress_path;
  char             *result;      /* the judged turn's sentence, NULL before */
  KzMatch           turn;        /* the turn replayed by the engine from the lesson's position */
  KzEventLog        log;         /* every event of that turn */
  guint             step_id;     /* Show Me's next action, or the check after an action */

  KzVariantId       variant;
  int               lesson;      /* the lesson open, -1: the list */
  gboolean          turn_set_up; /* `turn` holds a match */
  gboolean          turn_over;   /* judged: the board waits for Try Again or Next */
  gboolean          met;
  gboolean          showing;     /* Show Me plays the answer */
  guint             shown_steps; /* actions of the answer Show Me has played */
  gboolean          marking;
  gboolean          may_mark;    /* the lesson's position allows a mark */
  gboolean          may_refill;  /* … the refill shell */
};

G_DEFINE_FINAL_TYPE (KuzhiLearnWindow, kuzhi_learn_window, ADW_TYPE_WINDOW)

enum {
  LESSON_STARTED,
  JUDGED,
  PLAY_EASY,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static KuzhiLesson *
current (KuzhiLearnWindow *self)
{
  if (self->course == NULL || self->lesson < 0 || (guint) self->lesson >= self->course->len)
    return NULL;
  return g_ptr_array_index (self->course, self->lesson);
}

/* A lucky cup may be marked now. */
static gboolean
may_mark (KuzhiLearnWindow *self)
{
  KzAction legal[KZ_MAX_ACTIONS];
  int n = kuzhi_game_model_get_legal (self->model, legal);

  while (n-- > 0)
    if (KZ_ACTION_IS_MARK (legal[n]))
      return TRUE;
  return FALSE;
}

/* The refill shell may be sown now. */
static gboolean
may_refill (KuzhiLearnWindow *self)
{
  return kuzhi_game_model_is_legal (self->model, KZ_ACTION_REFILL);
}

/* The player may move on the board now. */
static gboolean
playing (KuzhiLearnWindow *self)
{
  return current (self) != NULL && !self->turn_over && !self->showing
         && !kuzhi_board_view_get_animating (self->board);
}

static void
set_marking (KuzhiLearnWindow *self,
             gboolean          marking)
{
  marking = marking && playing (self) && may_mark (self);
  self->marking = marking;
  kuzhi_board_view_set_marking (self->board, marking);
  if (gtk_toggle_button_get_active (self->mark_button) != marking)
    gtk_toggle_button_set_active (self->mark_button, marking);
}

static void
update_controls (KuzhiLearnWindow *self)
{
  KuzhiLesson *lesson = current (self);
  gboolean constitution = self->variant == KZ_VARIANT_CONSTITUTION;
  gboolean can_play = playing (self);
  gboolean done = lesson != NULL && kuzhi_lesson_progress_is_done (self->progress_path, self->variant,
                                                                   kuzhi_lesson_get_id (lesson));

  /* Cups stay focusable through a sowing (the keyboard keeps its place
   * after a mark); a cup pressed while one is shown is refused. */
  kuzhi_board_view_set_interactive (self->board, lesson != NULL && !self->turn_over && !self->showing);
  /* Marking and the refill shell only where the lesson's position allows
   * them: a newcomer's first lessons are not crowded with grey buttons. */
  gtk_widget_set_visible (GTK_WIDGET (self->mark_button), constitution && self->may_mark);
  gtk_widget_set_visible (self->refill_button, constitution && self->may_refill);
  gtk_widget_set_sensitive (GTK_WIDGET (self->mark_button),
                            can_play && (self->marking || may_mark (self)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "learn.refill",
                                 can_play && may_refill (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "learn.show-me", !self->showing || self->turn_over);
  /* Next once the lesson is done, now or before: a lesson known need not
   * be played again to go on. */
  gtk_widget_set_visible (self->next_button, done && !(self->showing && !self->turn_over));
  gtk_button_set_label (GTK_BUTTON (self->next_button),
                        self->course != NULL && (guint) self->lesson + 1 < self->course->len
                        ? _("_Next Lesson") : _("_All Lessons"));
  gtk_widget_set_tooltip_text (self->next_button,
                               self->course != NULL && (guint) self->lesson + 1 < self->course->len
                               ? _("Go on to the next lesson of the course")
                               : _("Back to the course's lessons: this was the last"));
}

/* --- the course's list ------------------------------------------------------- */

static void
fill_list (KuzhiLearnWindow *self)
{
  GtkWidget *child;
  gboolean all_done;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lesson_list))) != NULL)
    gtk_list_box_remove (self->lesson_list, child);
  if (self->course == NULL)
    {
      gtk_widget_set_visible (self->done_box, FALSE);
      return;
    }
  for (guint i = 0; i < self->course->len; i++)
    {
      KuzhiLesson *lesson = g_ptr_array_index (self->course, i);
      GtkWidget *row = adw_action_row_new ();
      gboolean done = kuzhi_lesson_progress_is_done (self->progress_path, self->variant, kuzhi_lesson_get_id (lesson));
      /* Translators: a lesson's place in its course: "3. The triple" */
      g_autofree char *title = g_strdup_printf (_("%u. %s"), i + 1, kuzhi_lesson_get_title (lesson));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      if (done)
        {
          GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

          /* Said in words too, for a screen reader and at a glance. */
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Done"));
          gtk_widget_add_css_class (check, "success");
          gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Done"), -1);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_append (self->lesson_list, row);
    }
  all_done = self->course->len > 0 && kuzhi_lesson_progress_course_done (self->progress_path, self->course);
  gtk_widget_set_visible (self->done_box, all_done);
  if (all_done)
    gtk_label_set_text (self->next_step_label,
                        kuzhi_lesson_get_next_step (g_ptr_array_index (self->course, 0)));
}

static void
stop_steps (KuzhiLearnWindow *self)
{
  g_clear_handle_id (&self->step_id, g_source_remove);
}

static void
show_list (KuzhiLearnWindow *self)
{
  stop_steps (self);
  self->showing = FALSE;
  self->lesson = -1;
  set_marking (self, FALSE);
  fill_list (self);
  kuzhi_board_view_set_interactive (self->board, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "course");
  /* The keyboard starts on the first lesson not done yet. */
  if (self->course != NULL)
    for (guint i = 0; i < self->course->len; i++)
      if (i + 1 == self->course->len
          || !kuzhi_lesson_progress_is_done (self->progress_path, self->variant,
                                             kuzhi_lesson_get_id (g_ptr_array_index (self->course, i))))
        {
          gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (self->lesson_list, (int) i)));
          break;
        }
  gtk_widget_set_visible (self->back_button, FALSE);
  adw_window_title_set_title (self->window_title, _("Learn to Play"));
  adw_window_title_set_subtitle (self->window_title, kuzhi_game_title (self->variant));
}

/* --- a lesson ------------------------------------------------------------------ */

/* The hint and the turn's sentence, under the board. While the board lies
 * across they keep the room of a line each, so that the board, centred
 * above them, stays still as they come and go (docs/ui.md, "A lesson's
 * board stays still"); upright, on a phone, the page scrolls with the
 * board at its top, and the room goes to the board. */
static void
update_messages (KuzhiLearnWindow *self)
{
  int height = -1;

  if (!kuzhi_board_view_get_upright (self->board))
    {
      PangoLayout *two = gtk_widget_create_pango_layout (GTK_WIDGET (self->result_label), "Ag\nAg");

      pango_layout_get_pixel_size (two, NULL, &height);
      height += gtk_box_get_spacing (self->messages);
      g_object_unref (two);
    }
  gtk_widget_set_size_request (GTK_WIDGET (self->messages), -1, height);
  gtk_widget_set_visible (GTK_WIDGET (self->messages),
                          height > 0 ||
                          gtk_widget_get_visible (GTK_WIDGET (self->hint_label)) ||
                          gtk_widget_get_visible (GTK_WIDGET (self->result_label)));
}

static void
set_result (KuzhiLearnWindow *self,
            const char       *text)
{
  gtk_label_set_text (self->result_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), text != NULL);
  update_messages (self);
}

static void update_cups_label (KuzhiLearnWindow *self);
static void update_account_label (KuzhiLearnWindow *self);

/* Sets the lesson's position out: on the board, and as the start of the
 * turn the engine replays to judge it. */
static void
start_position (KuzhiLearnWindow *self)
{
  KuzhiLesson *lesson = current (self);
  const KzPosition *pos;

  g_return_if_fail (lesson != NULL);
  stop_steps (self);
  self->turn_over = FALSE;
  self->met = FALSE;
  self->showing = FALSE;
  self->shown_steps = 0;
  g_clear_pointer (&self->result, g_free);
  if (self->turn_set_up)
    kz_match_clear (&self->turn);
  kuzhi_lesson_start_match (lesson, &self->turn);
  self->turn_set_up = TRUE;
  kz_event_log_clear (&self->log);

  kuzhi_board_view_finish_animation (self->board);
  kuzhi_game_model_set_match (self->model, &self->turn);
  pos = kuzhi_lesson_get_position (lesson);
  self->may_mark = may_mark (self);
  self->may_refill = may_refill (self);
  /* The learner's row nearest. */
  kuzhi_board_view_set_view_player (self->board, pos->to_move);
  kuzhi_board_view_set_hint (self->board, -1);
  update_cups_label (self);
  update_account_label (self);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->result_label), "success");
  set_result (self, NULL);
  set_marking (self, FALSE);
  update_controls (self);
  g_signal_emit (self, signals[LESSON_STARTED], 0, kuzhi_lesson_get_id (lesson));
}

/* A newcomer does not know yet how cups are counted: "your cup 6" is
 * the sixth from the left of the bottom row (from the top of the left
 * column when the board stands upright). */
static void
update_cups_label (KuzhiLearnWindow *self)
{
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);
  int n = pos->n_pits / 2;
  gboolean upright = kuzhi_board_view_get_upright (self->board);
  const char *format;
  g_autofree char *text = NULL;

  /* In the game's own word for a pit, as the lessons' sentences. */
  switch (kz_position_variant (pos)->pit_word)
    {
    case KZ_PIT_WORD_HOUSE:
      format = upright
               /* Translators: under an Oware lesson's goal, when the board stands upright; %d is 6 */
               ? _("Your houses are the left column, numbered 1 to %d from the top.")
               /* Translators: under an Oware lesson's goal; %d is 6 */
               : _("Your houses are the bottom row, numbered 1 to %d from the left.");
      break;
    case KZ_PIT_WORD_PIT:
      format = upright
               /* Translators: under a lesson's goal, when the board stands upright; %d is 6 or 7 */
               ? _("Your pits are the left column, numbered 1 to %d from the top.")
               /* Translators: under a lesson's goal; %d is 6 or 7 */
               : _("Your pits are the bottom row, numbered 1 to %d from the left.");
      break;
    case KZ_PIT_WORD_CUP:
    default:
      format = upright
               /* Translators: under a lesson's goal, when the board stands upright; %d is 6 or 7 */
               ? _("Your cups are the left column, numbered 1 to %d from the top.")
               /* Translators: under a lesson's goal; %d is 6 or 7 */
               : _("Your cups are the bottom row, numbered 1 to %d from the left.");
      break;
    }
  text = g_strdup_printf (format, n);
  gtk_label_set_text (self->cups_label, text);
}

/* The accounts as the board shows them, sowing by sowing: "make your
 * account grow" needs them in sight. */
static void
update_account_label (KuzhiLearnWindow *self)
{
  KuzhiLesson *lesson = current (self);
  const KzPosition *shown = kuzhi_board_view_get_displayed (self->board);
  g_autofree char *text = NULL;
  int me;

  gtk_widget_set_visible (GTK_WIDGET (self->account_label),
                          lesson != NULL && self->variant == KZ_VARIANT_CONSTITUTION);
  if (lesson == NULL || self->variant != KZ_VARIANT_CONSTITUTION)
    return;
  me = kuzhi_lesson_get_position (lesson)->to_move;
  /* Translators: over a Constitution lesson's board: the learner's account, then the other player's */
  text = g_strdup_printf (_("Your account: %d · North's account: %d"),
                          kz_position_account (shown, me), kz_position_account (shown, !me));
  gtk_label_set_text (self->account_label, text);
}

/* The keyboard starts on the first cup the learner may sow. */
static void
focus_board (KuzhiLearnWindow *self)
{
  KzAction legal[KZ_MAX_ACTIONS];
  int n = kuzhi_game_model_get_legal (self->model, legal);

  for (int i = 0; i < n; i++)
    if (KZ_ACTION_IS_PIT (legal[i]))
      {
        gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (self->board, legal[i])));
        return;
      }
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* The judged turn, once the board has shown it: the sentence, said to a
 * screen reader as the description of the button that takes the focus. */
static void
show_result (KuzhiLearnWindow *self)
{
  g_autofree char *text = NULL;
  GtkWidget *focus;

  if (self->showing)
    /* Translators: after Show Me played a lesson's answer; %s is what happened ("Your last shell made …") */
    text = g_strdup_printf (_("%s That meets the goal. Now try it yourself: Try Again sets the position out again."),
                            self->result);
  else
    text = g_strdup (self->result);
  set_result (self, text);
  if (self->met && !self->showing)
    gtk_widget_add_css_class (GTK_WIDGET (self->result_label), "success");
  kuzhi_board_view_set_hint (self->board, -1);
  update_controls (self);
  focus = self->met && !self->showing ? self->next_button : self->retry_button;
  gtk_accessible_update_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  gtk_widget_grab_focus (focus);
  g_signal_emit (self, signals[JUDGED], 0, self->met, text, self->showing);
}

static void play_answer_step (KuzhiLearnWindow *self);

/* After an action, once the board has shown it: the result, or Show Me's
 * next action a moment later. */
static gboolean
after_action (gpointer data)
{
  KuzhiLearnWindow *self = data;

  self->step_id = 0;
  if (kuzhi_board_view_get_animating (self->board))
    return G_SOURCE_REMOVE;   /* notify::animating calls again */
  if (self->turn_over)
    show_result (self);
  else if (self->showing)
    play_answer_step (self);
  else
    update_controls (self);
  return G_SOURCE_REMOVE;
}

static void
on_animating (KuzhiLearnWindow *self)
{
  if (kuzhi_board_view_get_animating (self->board) || current (self) == NULL)
    return;
  /* Show Me pauses between its mark and its sowing, as a player would. */
  stop_steps (self);
  self->step_id = g_timeout_add (self->showing && !self->turn_over ? 500 : 0, after_action, self);
}

static void
on_action_started (KuzhiGameModel   *model,
                   int               action,
                   const KzPosition *before,
                   KuzhiLearnWindow *self)
{
  if (current (self) == NULL || self->turn_over)
    return;
  if (!kz_match_play (&self->turn, (KzAction) action, &self->log))
    g_warn_if_reached ();
}

static void
on_action_finished (KuzhiGameModel   *model,
                    int               action,
                    KuzhiLearnWindow *self)
{
  KuzhiLesson *lesson = current (self);
  const KzPosition *start;

  if (lesson == NULL || self->turn_over)
    return;
  start = kuzhi_lesson_get_position (lesson);
  if (kuzhi_lesson_turn_is_over (start, &self->log, &self->turn.pos))
    {
      g_clear_pointer (&self->result, g_free);
      self->turn_over = TRUE;
      self->met = kuzhi_lesson_judge (lesson, start, &self->log, &self->turn.pos, &self->result);
      /* Show Me's turn is the lesson's, not the player's. */
      if (self->met && !self->showing)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *kept_aside = NULL;
          char *with = NULL;

          if (!kuzhi_lesson_progress_mark_done (self->progress_path, self->variant, kuzhi_lesson_get_id (lesson),
                                                &kept_aside, &error))
            /* Translators: after a lesson's sentence, when its progress could not be written; %s is why */
            with = g_strdup_printf (_("%s (This lesson could not be kept as done: %s)"), self->result, error->message);
          else if (kept_aside != NULL)
            /* Translators: after a lesson's sentence (the first %s), when the file of lessons done was damaged; the second %s is where it is kept */
            with = g_strdup_printf (_("%s (The lessons done before could not be read, so they start afresh; "
                                      "their file was kept as “%s”.)"), self->result, kept_aside);
          if (with != NULL)
            {
              g_free (self->result);
              self->result = with;
            }
        }
    }
  set_marking (self, FALSE);
  update_controls (self);
  stop_steps (self);
  self->step_id = g_idle_add (after_action, self);
}

static void
play_answer_step (KuzhiLearnWindow *self)
{
  guint n = 0;
  const KzAction *answer = kuzhi_lesson_get_answer (current (self), &n);

  if (self->shown_steps >= n)
    return;
  kuzhi_game_model_play (self->model, answer[self->shown_steps++], NULL);
}

static void
on_cup_activated (KuzhiBoardView   *view,
                  int               pit,
                  KuzhiLearnWindow *self)
{
  KzAction action = self->marking ? KZ_ACTION_MARK (pit) : (KzAction) pit;

  if (!playing (self))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (!kuzhi_game_model_is_legal (self->model, action))
    {
      g_autofree char *why = NULL;

      if (!self->marking)
        why = kuzhi_game_explain_refusal (kuzhi_game_model_get_position (self->model), pit,
                                          kuzhi_game_model_get_player_name (self->model, 0),
                                          kuzhi_game_model_get_player_name (self->model, 1));
      if (why != NULL)
        set_result (self, why);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  set_marking (self, FALSE);
  kuzhi_game_model_play (self->model, action, NULL);
}

static void
on_mark_toggled (KuzhiLearnWindow *self)
{
  KzAction legal[KZ_MAX_ACTIONS];
  int n;

  if (gtk_toggle_button_get_active (self->mark_button) == self->marking)
    return;
  set_marking (self, gtk_toggle_button_get_active (self->mark_button));
  if (!self->marking)
    return;
  /* The keyboard goes to the cups to mark (Alt+L took it to the button). */
  n = kuzhi_game_model_get_legal (self->model, legal);
  for (int i = 0; i < n; i++)
    if (KZ_ACTION_IS_MARK (legal[i]))
      {
        gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (self->board, KZ_ACTION_MARK_CUP (legal[i]))));
        break;
      }
}

static void
on_row_activated (KuzhiLearnWindow *self,
                  GtkListBoxRow    *row)
{
  kuzhi_learn_window_open_lesson (self, (guint) gtk_list_box_row_get_index (row));
}

/* --- actions --------------------------------------------------------------------- */

static void
hint_action (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);
  KuzhiLesson *lesson = current (self);
  const KzAction *answer;
  guint n = 0;

  if (lesson == NULL)
    return;
  gtk_label_set_text (self->hint_label, kuzhi_lesson_get_hint (lesson));
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
  update_messages (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  kuzhi_lesson_get_hint (lesson), -1);
  /* The cup the answer sows, ringed while the player may still sow it. */
  answer = kuzhi_lesson_get_answer (lesson, &n);
  for (guint i = 0; i < n; i++)
    if (KZ_ACTION_IS_PIT (answer[i]) && answer[i] < kuzhi_game_model_get_position (self->model)->n_pits)
      {
        if (playing (self))
          kuzhi_board_view_set_hint (self->board, answer[i]);
        break;
      }
}

/* Try Again and Show Me both set the lesson's position out again; Show Me
 * then plays the answer, a moment later. */
static void
restart_action (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);

  if (current (self) == NULL)
    return;
  start_position (self);
  if (g_strcmp0 (name, "learn.show-me") != 0)
    {
      focus_board (self);
      return;
    }
  self->showing = TRUE;
  /* Translators: while Show Me plays a lesson's answer on the board */
  set_result (self, _("Watch: this is the answer."));
  update_controls (self);
  self->step_id = g_timeout_add (400, after_action, self);
}

static void
next_action (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);

  if (!kuzhi_learn_window_open_lesson (self, (guint) (self->lesson + 1)))
    show_list (self);
}

static void
lessons_action (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  show_list (KUZHI_LEARN_WINDOW (widget));
}

/* 1–7: that cup of the learner's row is chosen (Enter sows it). */
static void
choose_cup_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  kuzhi_board_view_focus_cup (KUZHI_LEARN_WINDOW (widget)->board, g_variant_get_int32 (param));
}

static void
refill_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);

  if (playing (self) && may_refill (self))
    {
      set_marking (self, FALSE);
      kuzhi_game_model_play (self->model, KZ_ACTION_REFILL, NULL);
    }
}

static void
play_easy_action (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);

  g_signal_emit (self, signals[PLAY_EASY], 0, self->variant);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Escape takes back a lucky cup being chosen first, as in the main window. */
static void
escape_action (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (widget);

  if (self->marking)
    set_marking (self, FALSE);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* --- the game ---------------------------------------------------------------------- */

static void
on_game_selected (KuzhiLearnWindow *self)
{
  guint i = adw_combo_row_get_selected (self->game_row);

  if (i < KZ_N_VARIANTS && (KzVariantId) i != self->variant)
    kuzhi_learn_window_set_variant (self, (KzVariantId) i);
}

void
kuzhi_learn_window_set_variant (KuzhiLearnWindow *self,
                                KzVariantId       variant)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KUZHI_IS_LEARN_WINDOW (self));
  g_return_if_fail (variant < KZ_N_VARIANTS);

  self->lesson = -1;
  self->variant = variant;
  g_clear_pointer (&self->course, g_ptr_array_unref);
  self->course = kuzhi_lesson_load_course (variant, &error);
  if (self->course == NULL)
    g_warning ("%s", error->message);
  if (adw_combo_row_get_selected (self->game_row) != (guint) variant)
    adw_combo_row_set_selected (self->game_row, (guint) variant);
  show_list (self);
}

KzVariantId
kuzhi_learn_window_get_variant (KuzhiLearnWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), KZ_VARIANT_CONSTITUTION);
  return self->variant;
}

gboolean
kuzhi_learn_window_open_lesson (KuzhiLearnWindow *self,
                                guint             index)
{
  KuzhiLesson *lesson;

  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), FALSE);
  if (self->course == NULL || index >= self->course->len)
    return FALSE;
  self->lesson = (int) index;
  lesson = current (self);
  /* The header keeps to short words (a lesson's title wraps above its goal). */
  {
    /* Translators: the header's subtitle on a lesson: "Lesson 3 of 10" */
    g_autofree char *place = g_strdup_printf (_("Lesson %u of %u"), index + 1, self->course->len);

    adw_window_title_set_title (self->window_title, kuzhi_game_title (self->variant));
    adw_window_title_set_subtitle (self->window_title, place);
  }
  gtk_label_set_text (self->title_label, kuzhi_lesson_get_title (lesson));
  gtk_label_set_text (self->goal_label, kuzhi_lesson_get_goal (lesson));
  gtk_stack_set_visible_child_name (self->stack, "lesson");
  gtk_widget_set_visible (self->back_button, TRUE);
  start_position (self);
  /* The goal is what a screen reader says first on the board. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  kuzhi_lesson_get_goal (lesson), -1);
  focus_board (self);
  return TRUE;
}

int
kuzhi_learn_window_get_lesson (KuzhiLearnWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), -1);
  return self->lesson;
}

KuzhiBoardView *
kuzhi_learn_window_get_board (KuzhiLearnWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), NULL);
  return self->board;
}

KuzhiGameModel *
kuzhi_learn_window_get_model (KuzhiLearnWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), NULL);
  return self->model;
}

const char *
kuzhi_learn_window_get_result (KuzhiLearnWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_LEARN_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->result_label)) ? gtk_label_get_text (self->result_label) : NULL;
}

/* --- the object ------------------------------------------------------------------ */

static void
kuzhi_learn_window_dispose (GObject *object)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (object);

  stop_steps (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_LEARN_WINDOW);
  g_clear_object (&self->model);
  g_clear_object (&self->sound);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->course, g_ptr_array_unref);

  G_OBJECT_CLASS (kuzhi_learn_window_parent_class)->dispose (object);
}

static void
kuzhi_learn_window_finalize (GObject *object)
{
  KuzhiLearnWindow *self = KUZHI_LEARN_WINDOW (object);

  if (self->turn_set_up)
    kz_match_clear (&self->turn);
  kz_event_log_free (&self->log);
  g_free (self->progress_path);
  g_free (self->result);

  G_OBJECT_CLASS (kuzhi_learn_window_parent_class)->finalize (object);
}

static void
kuzhi_learn_window_class_init (KuzhiLearnWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_learn_window_dispose;
  object_class->finalize = kuzhi_learn_window_finalize;

  signals[LESSON_STARTED] = g_signal_new ("lesson-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[JUDGED] = g_signal_new ("judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_BOOLEAN, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[PLAY_EASY] = g_signal_new ("play-easy", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  g_type_ensure (KUZHI_TYPE_BOARD_VIEW);
  g_type_ensure (KUZHI_TYPE_LAYOUT_BOX);
  g_type_ensure (KUZHI_TYPE_WRAP_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-learn-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, lesson_list);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, done_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, next_step_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, goal_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, cups_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, account_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, board);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, messages);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, hint_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, mark_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, refill_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, retry_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiLearnWindow, next_button);

  gtk_widget_class_install_action (widget_class, "learn.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "learn.show-me", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "learn.try-again", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "learn.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "learn.lessons", NULL, lessons_action);
  gtk_widget_class_install_action (widget_class, "learn.refill", NULL, refill_action);
  gtk_widget_class_install_action (widget_class, "learn.play-easy", NULL, play_easy_action);
  gtk_widget_class_install_action (widget_class, "learn.escape", NULL, escape_action);
  gtk_widget_class_install_action (widget_class, "learn.choose-cup", "i", choose_cup_action);
  kuzhi_board_view_class_bind_cup_keys (widget_class, "learn.choose-cup");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "learn.escape", NULL);
  /* Back to the list, as GNOME's back buttons go. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "learn.lessons", NULL);
}

static void
kuzhi_learn_window_init (KuzhiLearnWindow *self)
{
  GtkStringList *titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->lesson = -1;
  self->variant = KZ_N_VARIANTS;
  kz_event_log_init (&self->log);

  /* Its own match, named for the lessons' words ("the turn passed to North"). */
  self->model = kuzhi_game_model_new ();
  kuzhi_game_model_set_player_name (self->model, 0, _("South"));
  kuzhi_game_model_set_player_name (self->model, 1, _("North"));
  kuzhi_board_view_set_model (self->board, self->model);
  /* After the board's own handlers: the board has its animation by then. */
  g_signal_connect (self->model, "action-started", G_CALLBACK (on_action_started), self);
  g_signal_connect (self->model, "action-finished", G_CALLBACK (on_action_finished), self);
  g_signal_connect (self->board, "cup-activated", G_CALLBACK (on_cup_activated), self);
  g_signal_connect_swapped (self->board, "notify::animating", G_CALLBACK (on_animating), self);
  g_signal_connect_swapped (self->board, "notify::upright", G_CALLBACK (update_cups_label), self);
  g_signal_connect_swapped (self->board, "notify::upright", G_CALLBACK (update_messages), self);
  g_signal_connect_swapped (self->board, "displayed-changed", G_CALLBACK (update_account_label), self);
  g_signal_connect_swapped (self->mark_button, "toggled", G_CALLBACK (on_mark_toggled), self);
  g_signal_connect_swapped (self->lesson_list, "row-activated", G_CALLBACK (on_row_activated), self);

  /* The board animates and sounds as the main window's does. */
  self->settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  kuzhi_board_view_bind_settings (self->board, self->settings);
  self->sound = kuzhi_sound_new ();
  g_signal_connect_object (self->board, "event-shown", G_CALLBACK (kuzhi_sound_event_shown),
                           self->sound, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "sound", self->sound, "enabled", G_SETTINGS_BIND_GET);

  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    gtk_string_list_append (titles, kuzhi_game_title (v));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (titles));
  g_object_unref (titles);
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (on_game_selected), self);
}

KuzhiLearnWindow *
kuzhi_learn_window_new (GtkWindow   *parent,
                        KzVariantId  variant,
                        const char  *progress_path)
{
  KuzhiLearnWindow *self = g_object_new (KUZHI_TYPE_LEARN_WINDOW, "transient-for", parent, NULL);

  self->progress_path = g_strdup (progress_path);
  kuzhi_learn_window_set_variant (self, variant);
  return self;
}
