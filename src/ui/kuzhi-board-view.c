/* kuzhi-board-view.c — the wooden board: cups, drawers and the sowing animation driven by the model's signals. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "kuzhi-board-view.h"
#include "kuzhi-board-layout.h"
#include "kuzhi-board-paint.h"
#include "kuzhi-game-text.h"
#include "kuzhi-scroll.h"
#include "kuzhi-sowing.h"
#include "kuzhi-texture.h"

/* Where the shells in hand hover when they are not over a cup. */
#define HAND_AT_DRAWER(p) KUZHI_SOWING_AT_STORE (p)

struct _KuzhiBoardView
{
  GtkWidget       parent_instance;

  /* owned */
  KuzhiGameModel *model;
  GtkWidget      *cups[KZ_MAX_PITS];
  guint           tick_id;

  /* the move being shown: the position on screen, the events still to
   * animate and their timing (kuzhi-sowing.c) */
  KuzhiSowing     sowing;
  gboolean        collecting;     /* between action-started and action-finished */
  gboolean        have_position;
  gboolean        marking;
  gboolean        interactive;
  gboolean        waiting;        /* the computer is to move: no input */
  gboolean        variation;      /* the displayed position is played, not the model's */

  /* a phone's play area scrolls: where the last move's last shell
   * landed, brought into sight again while the window settles */
  int             sight_at;       /* a pit, a drawer, or NO_SIGHT */
  int             sight_height;   /* the play area's height at the last look */
  GdkFrameClock  *sight_clock;
  gulong          sight_paint_id;
  guint           sight_timeout_id;

  int             hint_pit;       /* the suggested cup, or -1 */
  guint           hint_tick_id;   /* pulses the hint's ring */
  guint           unit_idle_id;   /* notifies "unit" after an allocation */

  /* the sowing preview of the cup under the pointer, or focused by the
   * keyboard: worked out by the engine on a copy (kz_position_preview) */
  gboolean        preview_enabled;
  gboolean        high_contrast;
  gboolean        still;          /* the desktop's animations are off */
  int             hover_pit;
  int             focus_pit;
  /* a key turned the focus ring on, and no pointer pressed the board
   * since: the focused cup keeps its ring and its preview */
  gboolean        keyboard_in_use;
  int             preview_pit;    /* the cup previewed now, or -1 */
  KzPreview       preview;

  /* the analysis: each cup's value, written on it, and the best cup */
  char           *values[KZ_MAX_PITS];
  int             best_pit;
  double          notified_unit;
  gboolean        notified_upright;
  gboolean        may_stand;      /* upright when narrow: not a diagram */

  int             n_pits;
  int             view_player;

  /* drawings kept from frame to frame: the wood changes only with the
   * size, a drawer only with its count (and Oware's "n/25" with the
   * match's end, when it becomes the final count) */
  GskRenderNode  *background;
  GskRenderNode  *drawer_nodes[2];
  int             drawer_counts[2];
  gboolean        drawer_over[2];

  /* recomputed on allocation and when the view turns */
  KuzhiBoardLayout layout;
};

G_DEFINE_FINAL_TYPE (KuzhiBoardView, kuzhi_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANIMATING,
  PROP_VIEW_PLAYER,
  PROP_STEP_MS,
  PROP_UNIT,
  PROP_UPRIGHT,
  PROP_PREVIEW,
  PROP_HIGH_CONTRAST,
  N_PROPS
};

enum {
  CUP_ACTIVATED,
  DISPLAYED_CHANGED,
  EVENT_REACHED,
  EVENT_SHOWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static int
row_length (KuzhiBoardView *self)
{
  return self->n_pits / 2;
}

static gboolean
is_animating (KuzhiBoardView *self)
{
  return self->tick_id != 0;
}

/* Keyboard users land on a cup the player to move may sow: the focus moves
 * there when it was on a cup that is no longer playable. */
static void
focus_playable_cup (KuzhiBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  int n = row_length (self);
  int mover = self->sowing.displayed.to_move;

  if (focus != NULL && !KUZHI_IS_CUP (focus))
    return;
  if (focus != NULL && kuzhi_cup_get_state (KUZHI_CUP (focus)) != KUZHI_CUP_PLAIN)
    return;
  for (int k = 0; k < n; k++)
    {
      int p = mover * n + k;
      if (kuzhi_cup_get_state (KUZHI_CUP (self->cups[p])) != KUZHI_CUP_PLAIN)
        {
          gtk_widget_grab_focus (self->cups[p]);
          return;
        }
    }
}

/* The position whose moves the board offers: the model's, or in a
 * variation the one on screen (the window plays it on its own copy). */
static const KzPosition *
played_position (KuzhiBoardView *self)
{
  if (self->variation)
    return &self->sowing.displayed;
  return self->model != NULL ? kuzhi_game_model_get_position (self->model) : NULL;
}

/* The cup to preview: the one under the pointer, else the one the
 * keyboard has focused with its ring shown; only a cup that may be sown,
 * and never during a sowing. */
static void
update_preview (KuzhiBoardView *self)
{
  int pit = self->hover_pit >= 0 ? self->hover_pit : self->keyboard_in_use ? self->focus_pit : -1;

  if (!self->preview_enabled || self->model == NULL || is_animating (self) || pit < 0 || pit >= self->n_pits
      || kuzhi_cup_get_state (KUZHI_CUP (self->cups[pit])) != KUZHI_CUP_LEGAL
      || !kz_position_preview (played_position (self), pit, &self->preview))
    pit = -1;
  if (pit != self->preview_pit)
    {
      self->preview_pit = pit;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_cup_hover (GtkEventControllerMotion *motion,
              double                    x,
              double                    y,
              KuzhiBoardView           *self)
{
  self->hover_pit = kuzhi_cup_get_pit (KUZHI_CUP (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion))));
  update_preview (self);
}

static void
on_cup_unhover (GtkEventControllerMotion *motion,
                KuzhiBoardView           *self)
{
  if (self->hover_pit == kuzhi_cup_get_pit (KUZHI_CUP (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion)))))
    self->hover_pit = -1;
  update_preview (self);
}

static void
on_cup_focus_in (GtkEventControllerFocus *focus,
                 KuzhiBoardView          *self)
{
  self->focus_pit = kuzhi_cup_get_pit (KUZHI_CUP (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus))));
  update_preview (self);
}

static void
on_cup_focus_out (GtkEventControllerFocus *focus,
                  KuzhiBoardView          *self)
{
  if (self->focus_pit == kuzhi_cup_get_pit (KUZHI_CUP (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)))))
    self->focus_pit = -1;
  update_preview (self);
}

static void
set_keyboard_in_use (KuzhiBoardView *self,
                     gboolean        keyboard)
{
  self->keyboard_in_use = keyboard;
  for (int p = 0; p < self->n_pits; p++)
    if (self->cups[p] != NULL)
      kuzhi_cup_set_keyboard (KUZHI_CUP (self->cups[p]), keyboard);
  update_preview (self);
}

/* The keyboard is in use from a key pressed on the board (any key: an
 * arrow at the end of a row moves nothing, and GTK then shows no focus),
 * or from the focus ring GTK turns on, as Tab into the board does. It
 * stays in use until the pointer presses the board, never 3 s after the
 * last key as GTK's ring does: a player may think as long as they like
 * with the chosen cup's ring, and Enter, still there. */
static gboolean
on_board_key (GtkEventControllerKey *key,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              KuzhiBoardView        *self)
{
  if (!self->keyboard_in_use)
    set_keyboard_in_use (self, TRUE);
  return GDK_EVENT_PROPAGATE;
}

static void
on_focus_visible (GtkWindow      *window,
                  GParamSpec     *pspec,
                  KuzhiBoardView *self)
{
  if (gtk_window_get_focus_visible (window) && !self->keyboard_in_use)
    set_keyboard_in_use (self, TRUE);
}


/* On a phone the play area scrolls rather than shrink the cups (docs/ui.md,
 * "The sowing stays in sight"). As a move plays, the place it has reached
 * (the cup a shell is flying to, the drawer it goes into) is scrolled into
 * sight. At its end, the place its last shell landed, at once; and for a
 * second after, while what the end brings (a lesson's sentence, news under
 * the board) is laid out and takes some of the play area's room, again
 * whenever the play area changes size. Scrolling alone never brings it
 * back: after that second, where to look is the player's. */
#define NO_SIGHT G_MININT

static void
scroll_into_sight (KuzhiBoardView *self,
                   int             at)
{
  graphene_rect_t area;

  if (at == NO_SIGHT)
    return;
  /* A little of what is around it too: the cup's rim and its count. */
  graphene_rect_inset_r (kuzhi_board_layout_place (&self->layout, at), -self->layout.unit / 8, -self->layout.unit / 8, &area);
  kuzhi_scroll_into_sight (GTK_WIDGET (self), &area);
}

/* Where an event's shells go on the board, or NO_SIGHT: a drawer for
 * those a capture, a triple or a lucky cup takes there. */
static int
place_of (KuzhiBoardView *self,
          const KzEvent  *ev)
{
  switch (ev->type)
    {
    case KZ_EVENT_STORE:
    case KZ_EVENT_CAPTURE:
    case KZ_EVENT_TRIPLE:
    case KZ_EVENT_LUCKY:
      return KUZHI_SOWING_AT_STORE (ev->player ? 1 : 0);
    default:
      return ev->pit >= 0 && ev->pit < self->n_pits ? ev->pit : NO_SIGHT;
    }
}

/* As the move plays: where it has got to. */
static void
keep_in_sight (KuzhiBoardView *self)
{
  const KzEvent *ev = kuzhi_sowing_current (&self->sowing);
  int at;

  if (ev == NULL)
    return;
  at = place_of (self, ev);
  scroll_into_sight (self, at != NO_SIGHT ? at : self->sowing.hand_at);
}

static void
forget_sight (KuzhiBoardView *self)
{
  /* A window's frame clock drops its handlers when its surface goes. */
  if (self->sight_clock != NULL && g_signal_handler_is_connected (self->sight_clock, self->sight_paint_id))
    g_signal_handler_disconnect (self->sight_clock, self->sight_paint_id);
  self->sight_paint_id = 0;
  g_clear_object (&self->sight_clock);
  g_clear_handle_id (&self->sight_timeout_id, g_source_remove);
  self->sight_at = NO_SIGHT;
}

static int
play_area_height (KuzhiBoardView *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

  return scroller != NULL ? gtk_widget_get_height (scroller) : -1;
}

static void
on_sight_laid_out (GdkFrameClock  *clock,
                   KuzhiBoardView *self)
{
  int height = play_area_height (self);

  if (height != self->sight_height)
    {
      self->sight_height = height;
      scroll_into_sight (self, self->sight_at);
    }
}

static gboolean
on_sight_settled (gpointer data)
{
  KuzhiBoardView *self = data;

  self->sight_timeout_id = 0;
  forget_sight (self);
  return G_SOURCE_REMOVE;
}

/* The move's end, shown at once, skipped to or played out (its events
 * still queued): where its last shells landed. */
static void
keep_end_in_sight (KuzhiBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  forget_sight (self);
  for (guint i = self->sowing.queue->len; i > 0 && self->sight_at == NO_SIGHT; i--)
    {
      const KzEvent *ev = &g_array_index (self->sowing.queue, KzEvent, i - 1);

      if (ev->type == KZ_EVENT_DROP || ev->type == KZ_EVENT_STORE || ev->type == KZ_EVENT_CAPTURE ||
          ev->type == KZ_EVENT_TRIPLE || ev->type == KZ_EVENT_LUCKY)
        self->sight_at = place_of (self, ev);
    }
  scroll_into_sight (self, self->sight_at);
  if (self->sight_at != NO_SIGHT && clock != NULL && play_area_height (self) >= 0)
    {
      self->sight_height = play_area_height (self);
      self->sight_clock = g_object_ref (clock);
      self->sight_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_sight_laid_out), self);
      self->sight_timeout_id = g_timeout_add (1000, on_sight_settled, self);
    }
}

static void
kuzhi_board_view_root (GtkWidget *widget)
{
  GtkRoot *root;

  GTK_WIDGET_CLASS (kuzhi_board_view_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (root))
    g_signal_connect_object (root, "notify::focus-visible", G_CALLBACK (on_focus_visible), widget, 0);
}

static void
kuzhi_board_view_unroot (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), on_focus_visible, widget);
  forget_sight (KUZHI_BOARD_VIEW (widget));
  GTK_WIDGET_CLASS (kuzhi_board_view_parent_class)->unroot (widget);
}

/* Each cup that may be sown tells screen readers what sowing it does. */
static void
describe_previews (KuzhiBoardView *self,
                   const KuzhiCupState *states)
{
  const KzPosition *pos = played_position (self);

  for (int p = 0; p < self->n_pits; p++)
    {
      KzPreview preview;
      g_autofree char *text = NULL;

      if (pos != NULL && self->preview_enabled && states[p] == KUZHI_CUP_LEGAL && kz_position_preview (pos, p, &preview))
        text = kuzhi_game_preview_text (pos, &preview, kuzhi_game_model_get_player_name (self->model, 0),
                                        kuzhi_game_model_get_player_name (self->model, 1));
      if (self->values[p] != NULL && self->interactive)
        {
          /* Translators: a cup's value in the analysis, for screen readers: "Analysis: +3, the best move" */
          g_autofree char *value = g_strdup_printf (p == self->best_pit ? _("Analysis: %s, the best move") : _("Analysis: %s"),
                                                    self->values[p]);
          char *both = text != NULL && text[0] != '\0' ? g_strconcat (text, " ", value, NULL) : g_strdup (value);
          g_free (text);
          text = both;
        }
      if (text != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (self->cups[p]), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (self->cups[p]), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

static void
update_cups (KuzhiBoardView *self)
{
  KzAction legal[KZ_MAX_ACTIONS];
  KuzhiCupState states[KZ_MAX_PITS] = { 0 };
  const KzVariant *variant = kz_position_variant (&self->sowing.displayed);
  int n = 0;
  int sown, landed, mover = 0;

  /* In a variation both sides are the viewer's, whoever plays the match. */
  if (self->variation && self->interactive && !is_animating (self) && variant != NULL && !self->sowing.displayed.over)
    n = variant->legal (&self->sowing.displayed, legal);
  else if (self->model != NULL && self->interactive && !self->waiting && !is_animating (self))
    n = kuzhi_game_model_get_legal (self->model, legal);

  for (int i = 0; i < n; i++)
    {
      if (!self->marking && KZ_ACTION_IS_PIT (legal[i]) && legal[i] < self->n_pits)
        states[legal[i]] = KUZHI_CUP_LEGAL;
      else if (self->marking && KZ_ACTION_IS_MARK (legal[i]))
        states[KZ_ACTION_MARK_CUP (legal[i])] = KUZHI_CUP_MARKABLE;
    }

  /* The last move stays marked until the next one is sown, as the model
   * has it: after undo the move before, in a loaded match its own. Only
   * over the match's own position at rest (not a past turn, a variation
   * or a sowing under way), and not once the move ended a round, whose
   * next board is set out anew. */
  {
    KzAction last;
    KzPreview what;

    sown = landed = -1;
    if (self->model != NULL && !self->variation && !is_animating (self) && !self->collecting
        && kz_position_equal (&self->sowing.displayed, kuzhi_game_model_get_position (self->model))
        && kuzhi_game_model_get_last_move (self->model, &last, &mover, &what) && !what.round_ends)
      {
        sown = KZ_ACTION_IS_PIT (last) ? (int) last : -1;
        landed = what.last_pit;
      }
  }

  for (int p = 0; p < self->n_pits; p++)
    {
      KuzhiCup *cup = KUZHI_CUP (self->cups[p]);
      int count = self->sowing.displayed.pits[p];
      int lucky = -1;

      if (variant != NULL)
        kuzhi_cup_set_pit_word (cup, variant->pit_word);

      /* Shells lifted or flying away have left the cup already. */
      for (int o = 0; o < 2; o++)
        if (self->sowing.displayed.lucky[o] == p)
          lucky = o;
      kuzhi_cup_set_count (cup, count);
      kuzhi_cup_set_lucky (cup, lucky);
      kuzhi_cup_set_out_of_play (cup, (self->sowing.displayed.rubbish >> p) & 1);
      kuzhi_cup_set_state (cup, states[p]);
      kuzhi_cup_set_last_move (cup, p == sown ? KUZHI_CUP_LAST_SOWN : p == landed ? KUZHI_CUP_LAST_LANDED
                                    : KUZHI_CUP_LAST_NONE, mover);
      if (self->model != NULL)
        kuzhi_cup_set_owner_name (cup, kuzhi_game_model_get_player_name (self->model, p / row_length (self)));
    }
  if (n > 0)
    focus_playable_cup (self);
  describe_previews (self, states);
  update_preview (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void on_cup_activate (KuzhiCup *cup, KuzhiBoardView *self);

static void
rebuild_cups (KuzhiBoardView *self,
              int             n_pits)
{
  GtkWidget *old[KZ_MAX_PITS];
  GtkRoot *root;
  GtkWidget *focused;

  if (n_pits == self->n_pits && self->cups[0] != NULL)
    return;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focused = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* The old cups go once the new ones are in: had the focus been on one as
   * it went, GTK would later give it to the board's first child, an empty
   * cup or one of the other side's, whatever update_cups() chose. */
  memcpy (old, self->cups, sizeof old);
  memset (self->cups, 0, sizeof self->cups);
  self->hover_pit = self->focus_pit = self->preview_pit = -1;

  self->n_pits = n_pits;
  /* Children in sowing order from the viewer's row, so that Tab walks the
   * nearest row first. */
  for (int k = 0; k < n_pits; k++)
    {
      int p = (k + self->view_player * (n_pits / 2)) % n_pits;
      char name[32];

      self->cups[p] = kuzhi_cup_new (p, p / (n_pits / 2), p % (n_pits / 2) + 1);
      g_snprintf (name, sizeof name, "cup%d", p);
      gtk_widget_set_name (self->cups[p], name);
      g_signal_connect (self->cups[p], "activate", G_CALLBACK (on_cup_activate), self);
      {
        GtkEventController *motion = gtk_event_controller_motion_new ();
        GtkEventController *focus = gtk_event_controller_focus_new ();
        g_signal_connect (motion, "enter", G_CALLBACK (on_cup_hover), self);
        g_signal_connect (motion, "leave", G_CALLBACK (on_cup_unhover), self);
        g_signal_connect (focus, "enter", G_CALLBACK (on_cup_focus_in), self);
        g_signal_connect (focus, "leave", G_CALLBACK (on_cup_focus_out), self);
        gtk_widget_add_controller (self->cups[p], motion);
        gtk_widget_add_controller (self->cups[p], focus);
      }
      kuzhi_cup_set_keyboard (KUZHI_CUP (self->cups[p]), self->keyboard_in_use);
      kuzhi_cup_set_high_contrast (KUZHI_CUP (self->cups[p]), self->high_contrast);
      gtk_widget_set_parent (self->cups[p], GTK_WIDGET (self));
    }
  /* The keyboard stays on the board: on the first cup, which
   * update_cups() moves on to one the player to move may sow. */
  if (focused != NULL && gtk_widget_is_ancestor (focused, GTK_WIDGET (self)))
    gtk_widget_grab_focus (self->cups[0]);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    g_clear_pointer (&old[p], gtk_widget_unparent);
}

static void
set_displayed (KuzhiBoardView   *self,
               const KzPosition *pos)
{
  int old_n = self->n_pits;

  /* A drawer's drawing depends on the game too (Oware's "n/25"). */
  if (pos->variant != self->sowing.displayed.variant)
    {
      g_clear_pointer (&self->drawer_nodes[0], gsk_render_node_unref);
      g_clear_pointer (&self->drawer_nodes[1], gsk_render_node_unref);
    }
  self->sowing.displayed = *pos;
  self->have_position = TRUE;
  if (pos->n_pits != old_n || self->cups[0] == NULL)
    {
      rebuild_cups (self, pos->n_pits ? pos->n_pits : 14);
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  update_cups (self);
  g_signal_emit (self, signals[DISPLAYED_CHANGED], 0);
}

/* --- the animation ------------------------------------------------------ */

/* The sowing changed what is on screen. */
static void
on_sowing_changed (gpointer data)
{
  KuzhiBoardView *self = data;

  keep_in_sight (self);
  update_cups (self);
  g_signal_emit (self, signals[DISPLAYED_CHANGED], 0);
}

static void
on_sowing_reached (const KzEvent *ev,
                   gpointer       data)
{
  g_signal_emit (data, signals[EVENT_REACHED], 0, ev);
}

static void
on_sowing_shown (const KzEvent *ev,
                 gint64         at,
                 gpointer       data)
{
  g_signal_emit (data, signals[EVENT_SHOWN], 0, ev, at);
}

static void
stop_animation (KuzhiBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  kuzhi_sowing_stop (&self->sowing);
}

void
kuzhi_board_view_finish_animation (KuzhiBoardView *self)
{
  gboolean was_animating;

  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));

  was_animating = is_animating (self);
  if (was_animating)
    keep_end_in_sight (self);
  kuzhi_sowing_skip_rest (&self->sowing);
  stop_animation (self);
  set_displayed (self, &self->sowing.target);
  if (was_animating)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (widget);

  if (kuzhi_sowing_advance (&self->sowing, gdk_frame_clock_get_frame_time (clock)))
    {
      gtk_widget_queue_draw (widget);
      return G_SOURCE_CONTINUE;
    }

  self->tick_id = 0;
  keep_end_in_sight (self);
  stop_animation (self);
  set_displayed (self, &self->sowing.target);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
  return G_SOURCE_REMOVE;
}

static void
push_event (KuzhiBoardView *self,
            KzEventType     type,
            int             pit,
            int             player,
            int             count,
            int             round)
{
  KzEvent ev = { 0 };

  if (!self->collecting)
    return;
  ev.type = type;
  ev.pit = pit;
  ev.player = player;
  ev.count = count;
  ev.round = round;
  if (type == KZ_EVENT_MATCH_END)
    ev.reason = count;
  kuzhi_sowing_push (&self->sowing, &ev);
}

/* A move begins from `pos`: its events are pushed next, then
 * end_move() starts showing them. */
static void
begin_move (KuzhiBoardView   *self,
            const KzPosition *pos,
            int               action)
{
  kuzhi_board_view_finish_animation (self);
  self->sowing.displayed = *pos;
  self->sowing.hand = 0;
  self->sowing.hand_at = pos->to_move * row_length (self);
  if (action == KZ_ACTION_REFILL)
    {
      /* The refill shell comes from beside the player's drawer. */
      self->sowing.displayed.refill_left[pos->to_move] = 0;
      self->sowing.hand = 1;
      self->sowing.hand_at = HAND_AT_DRAWER (pos->to_move);
    }
}

static void
on_action_started (KuzhiGameModel   *model,
                   int               action,
                   gpointer          before,
                   KuzhiBoardView   *self)
{
  begin_move (self, before, action);
  self->collecting = TRUE;
}

static void
on_lifted (KuzhiGameModel *m, int pit, int count, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_LIFT, pit, -1, count, 0);
}

static void
on_sown (KuzhiGameModel *m, int pit, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_DROP, pit, -1, 0, 0);
}

static void
on_relayed (KuzhiGameModel *m, int pit, int count, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_RELAY, pit, -1, count, 0);
}

static void
on_stored (KuzhiGameModel *m, int player, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_STORE, -1, player, 1, 0);
}

static void
on_triple (KuzhiGameModel *m, int pit, int receiver, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_TRIPLE, pit, receiver, 3, 0);
}

static void
on_lucky_banked (KuzhiGameModel *m, int pit, int owner, int count, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_LUCKY, pit, owner, count, 0);
}

static void
on_lucky_marked (KuzhiGameModel *m, int pit, int player, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_MARK, pit, player, 0, 0);
}

static void
on_captured (KuzhiGameModel *m, int pit, int player, int count, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_CAPTURE, pit, player, count, 0);
}

/* The engine singled out the event just queued. */
static void
on_special (KuzhiGameModel *m, int detail, int pit, int player, int count, KuzhiBoardView *self)
{
  KzEvent *last = self->collecting ? kuzhi_sowing_last (&self->sowing) : NULL;

  if (last != NULL)
    last->detail = (uint8_t) detail;
}

static void
on_round_ended (KuzhiGameModel *m, int round, int winner, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_ROUND_END, -1, winner, 0, round);
}

static void
on_match_ended (KuzhiGameModel *m, int winner, int reason, KuzhiBoardView *self)
{
  push_event (self, KZ_EVENT_MATCH_END, -1, winner, reason, 0);
}

static void
end_move (KuzhiBoardView   *self,
          const KzPosition *target)
{
  kuzhi_sowing_start (&self->sowing, target);

  if (self->sowing.step_ms == 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      /* Instant: every event is reached at once. */
      keep_end_in_sight (self);
      kuzhi_sowing_skip_rest (&self->sowing);
      stop_animation (self);
      set_displayed (self, &self->sowing.target);
      return;
    }

  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_tick, NULL, NULL);
  update_cups (self);
  g_signal_emit (self, signals[DISPLAYED_CHANGED], 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static void
on_action_finished (KuzhiGameModel *model,
                    int             action,
                    KuzhiBoardView *self)
{
  self->collecting = FALSE;
  end_move (self, kuzhi_game_model_get_position (model));
}

static void
on_position_reset (KuzhiGameModel *model,
                   KuzhiBoardView *self)
{
  gboolean was = is_animating (self);

  stop_animation (self);
  self->collecting = FALSE;
  forget_sight (self);
  self->sowing.target = *kuzhi_game_model_get_position (model);
  set_displayed (self, &self->sowing.target);
  if (was)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static void
on_model_notify (KuzhiBoardView *self)
{
  if (!is_animating (self) && !self->collecting)
    update_cups (self);
}

static void
on_cup_activate (KuzhiCup       *cup,
                 KuzhiBoardView *self)
{
  if (is_animating (self))
    {
      kuzhi_board_view_finish_animation (self);
      return;
    }
  if (self->interactive && (!self->waiting || self->variation))
    g_signal_emit (self, signals[CUP_ACTIVATED], 0, kuzhi_cup_get_pit (cup));
}

static void
on_board_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  KuzhiBoardView  *self)
{
  /* The pointer is in use now: the focused cup's ring goes, as GTK's
   * focus rings do, until the next key. */
  if (self->keyboard_in_use)
    set_keyboard_in_use (self, FALSE);
  /* A click anywhere during the animation finishes it, and does nothing else. */
  if (is_animating (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      kuzhi_board_view_finish_animation (self);
    }
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

/* --- layout and drawing --------------------------------------------------- */

static gboolean
notify_unit (gpointer data)
{
  KuzhiBoardView *self = data;

  self->unit_idle_id = 0;
  if (self->notified_unit != self->layout.unit)
    {
      self->notified_unit = self->layout.unit;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNIT]);
    }
  if (self->notified_upright != self->layout.upright)
    {
      self->notified_upright = self->layout.upright;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPRIGHT]);
    }
  return G_SOURCE_REMOVE;
}

/* Whether the board stands upright at `width`. */
static gboolean
stands_upright (KuzhiBoardView *self,
                int             width)
{
  return self->may_stand && kuzhi_board_layout_is_upright (self->n_pits, width);
}

static void
kuzhi_board_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (widget);
  double u;

  if (kuzhi_board_layout_compute (&self->layout, width, height, self->n_pits, self->view_player,
                                  stands_upright (self, width)))
    {
      g_clear_pointer (&self->background, gsk_render_node_unref);
      g_clear_pointer (&self->drawer_nodes[0], gsk_render_node_unref);
      g_clear_pointer (&self->drawer_nodes[1], gsk_render_node_unref);
    }
  u = self->layout.unit;
  if ((u != self->notified_unit || self->layout.upright != self->notified_upright) && self->unit_idle_id == 0)
    self->unit_idle_id = g_idle_add (notify_unit, self);

  for (int p = 0; p < self->n_pits; p++)
    {
      GtkAllocation alloc;

      kuzhi_board_layout_cup_box (&self->layout, p, &alloc.x, &alloc.y, &alloc.width);
      alloc.height = alloc.width;
      if (self->cups[p] != NULL)
        gtk_widget_size_allocate (self->cups[p], &alloc, -1);
    }
}

static void
kuzhi_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (widget);
  double cols, rows;

  kuzhi_board_layout_cells (self->n_pits, &cols, &rows);

  /* A cup has no size of its own (the layout gives each its square), but
   * GTK wants a child measured before it is allocated. */
  for (int p = 0; p < self->n_pits; p++)
    gtk_widget_measure (self->cups[p], orientation, -1, NULL, NULL, NULL, NULL);

  /* The board keeps its shape: as tall as its width allows, so that the
   * captions above and below hug it. Narrower than cups of
   * KUZHI_BOARD_UPRIGHT_BELOW pixels would allow, it stands upright, as
   * tall as it can be and never shorter than cups of that size need: a
   * finger must hit them (on a phone the play area scrolls the rest). */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = self->may_stand ? (int) ceil (rows * KUZHI_BOARD_UPRIGHT_BELOW) : (int) (cols * 24);
      *natural = (int) (cols * 90);
    }
  else if (for_size > 0 && stands_upright (self, for_size))
    {
      *minimum = (int) ceil (cols * KUZHI_BOARD_UPRIGHT_BELOW);
      *natural = MAX (*minimum, (int) (for_size * cols / rows));
    }
  else
    {
      /* Lying across in a short window (a phone turned on its side), a
       * board that may be played never gets shorter than 44 px cups need
       * either; a diagram may. */
      *minimum = (int) ceil (rows * (self->may_stand ? KUZHI_BOARD_UPRIGHT_BELOW : 36));
      *natural = for_size > 0 ? MAX (*minimum, (int) (for_size * rows / cols)) : (int) (rows * 90);
    }
}

static GtkSizeRequestMode
kuzhi_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

typedef struct {
  const KuzhiBoardScene *scene;
  int                    player;
  double                 dx, dy;
} DrawerJob;

static void
draw_board_cb (cairo_t  *cr,
               gpointer  data)
{
  kuzhi_board_paint_wood (data, cr);
}

static void
draw_drawer_cb (cairo_t  *cr,
                gpointer  data)
{
  DrawerJob *job = data;

  cairo_translate (cr, -job->dx, -job->dy);
  kuzhi_board_paint_drawer (job->scene, cr, job->player);
}

/* What the painting reads this frame. */
static gboolean
has_values (KuzhiBoardView *self)
{
  for (int p = 0; p < self->n_pits; p++)
    if (self->values[p] != NULL)
      return TRUE;
  return FALSE;
}

static KuzhiBoardScene
scene_of (KuzhiBoardView *self)
{
  KuzhiBoardScene scene = {
    .layout = &self->layout,
    .sowing = &self->sowing,
    .pango = gtk_widget_get_pango_context (GTK_WIDGET (self)),
    .hint_pit = self->hint_pit,
    .preview_pit = is_animating (self) ? -1 : self->preview_pit,
    .preview = &self->preview,
    .time = g_get_monotonic_time () / (double) G_USEC_PER_SEC,
    .still = self->still,
    /* Not over a past position (browsing makes the board not interactive). */
    .values = !is_animating (self) && self->interactive && has_values (self)
              ? (const char *const *) self->values : NULL,
  };
  return scene;
}

static void
kuzhi_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (widget);
  KuzhiBoardScene scene = scene_of (self);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  cairo_t *cr;

  if (self->layout.unit < 4)
    return;

  /* The wood and the drawers are drawn once into images (kuzhi-texture.h)
   * and only composited on later frames. */
  if (self->background == NULL)
    {
      GtkSnapshot *s = gtk_snapshot_new ();
      cairo_surface_t *image = kuzhi_image_draw (w, h, scale, draw_board_cb, &scene);

      kuzhi_snapshot_append_image (s, image, &GRAPHENE_RECT_INIT (0, 0, w, h));
      cairo_surface_destroy (image);
      self->background = gtk_snapshot_free_to_node (s);
    }
  gtk_snapshot_append_node (snapshot, self->background);

  for (int p = 0; p < 2; p++)
    {
      if (self->drawer_nodes[p] == NULL || self->drawer_counts[p] != self->sowing.displayed.stores[p]
          || self->drawer_over[p] != self->sowing.displayed.over)
        {
          GtkSnapshot *s = gtk_snapshot_new ();
          cairo_surface_t *image;
          graphene_rect_t bounds;
          DrawerJob job = { &scene, p, 0, 0 };

          g_clear_pointer (&self->drawer_nodes[p], gsk_render_node_unref);
          graphene_rect_inset_r (&self->layout.drawers[p], -4, -4, &bounds);
          bounds.origin.x = floor (bounds.origin.x);
          bounds.origin.y = floor (bounds.origin.y);
          bounds.size.width = ceil (bounds.size.width);
          bounds.size.height = ceil (bounds.size.height);
          job.dx = bounds.origin.x;
          job.dy = bounds.origin.y;
          image = kuzhi_image_draw (bounds.size.width, bounds.size.height, scale, draw_drawer_cb, &job);
          kuzhi_snapshot_append_image (s, image, &bounds);
          cairo_surface_destroy (image);
          self->drawer_nodes[p] = gtk_snapshot_free_to_node (s);
          self->drawer_counts[p] = self->sowing.displayed.stores[p];
          self->drawer_over[p] = self->sowing.displayed.over;
        }
      gtk_snapshot_append_node (snapshot, self->drawer_nodes[p]);
    }

  for (int p = 0; p < self->n_pits; p++)
    gtk_widget_snapshot_child (widget, self->cups[p], snapshot);

  if (scene.preview_pit >= 0)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      kuzhi_board_paint_preview (&scene, cr);
      cairo_destroy (cr);
    }

  if (scene.values != NULL)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      kuzhi_board_paint_values (&scene, cr, scene.values, self->best_pit);
      cairo_destroy (cr);
    }

  if (self->sowing.hand > 0 || self->sowing.flying > 0 || is_animating (self))
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      kuzhi_board_paint_hand (&scene, cr);
      cairo_destroy (cr);
    }

  if (self->hint_pit >= 0 && self->hint_pit < self->n_pits)
    kuzhi_board_paint_hint (&scene, snapshot);
}

/* --- life cycle ------------------------------------------------------------ */

static void
disconnect_model (KuzhiBoardView *self)
{
  if (self->model == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
}

static void
kuzhi_board_view_dispose (GObject *object)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (object);

  stop_animation (self);
  disconnect_model (self);
  forget_sight (self);
  g_clear_handle_id (&self->unit_idle_id, g_source_remove);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    g_clear_pointer (&self->values[p], g_free);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    g_clear_pointer (&self->cups[p], gtk_widget_unparent);

  G_OBJECT_CLASS (kuzhi_board_view_parent_class)->dispose (object);
}

static void
kuzhi_board_view_finalize (GObject *object)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (object);

  kuzhi_sowing_clear (&self->sowing);
  g_clear_pointer (&self->background, gsk_render_node_unref);
  g_clear_pointer (&self->drawer_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->drawer_nodes[1], gsk_render_node_unref);

  G_OBJECT_CLASS (kuzhi_board_view_parent_class)->finalize (object);
}

static void
kuzhi_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_ANIMATING:
      g_value_set_boolean (value, is_animating (self));
      break;
    case PROP_VIEW_PLAYER:
      g_value_set_int (value, self->view_player);
      break;
    case PROP_STEP_MS:
      g_value_set_uint (value, self->sowing.step_ms);
      break;
    case PROP_UNIT:
      g_value_set_double (value, self->layout.unit);
      break;
    case PROP_UPRIGHT:
      g_value_set_boolean (value, self->notified_upright);
      break;
    case PROP_PREVIEW:
      g_value_set_boolean (value, self->preview_enabled);
      break;
    case PROP_HIGH_CONTRAST:
      g_value_set_boolean (value, self->high_contrast);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KuzhiBoardView *self = KUZHI_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_VIEW_PLAYER:
      kuzhi_board_view_set_view_player (self, g_value_get_int (value));
      break;
    case PROP_STEP_MS:
      kuzhi_board_view_set_step_ms (self, g_value_get_uint (value));
      break;
    case PROP_PREVIEW:
      kuzhi_board_view_set_preview_enabled (self, g_value_get_boolean (value));
      break;
    case PROP_HIGH_CONTRAST:
      kuzhi_board_view_set_high_contrast (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_board_view_class_init (KuzhiBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_board_view_dispose;
  object_class->finalize = kuzhi_board_view_finalize;
  object_class->get_property = kuzhi_board_view_get_property;
  object_class->set_property = kuzhi_board_view_set_property;

  widget_class->snapshot = kuzhi_board_view_snapshot;
  widget_class->measure = kuzhi_board_view_measure;
  widget_class->size_allocate = kuzhi_board_view_size_allocate;
  widget_class->get_request_mode = kuzhi_board_view_get_request_mode;
  widget_class->root = kuzhi_board_view_root;
  widget_class->unroot = kuzhi_board_view_unroot;

  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEW_PLAYER] =
    g_param_spec_int ("view-player", NULL, NULL, 0, 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The time one shell takes to sow, in ms; 0 shows every move at once. */
  properties[PROP_STEP_MS] =
    g_param_spec_uint ("step-ms", NULL, NULL, 0, 5000, 150,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* One cup's cell in pixels, as last allocated: the text around the
   * board grows with it. Notified from an idle, after the allocation. */
  properties[PROP_UNIT] =
    g_param_spec_double ("unit", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the board stands upright (narrow windows), as last allocated;
   * notified with "unit". */
  properties[PROP_UPRIGHT] =
    g_param_spec_boolean ("upright", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether hovering or focusing a cup previews its sowing. */
  properties[PROP_PREVIEW] =
    g_param_spec_boolean ("preview", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether the cups' rings are drawn for the desktop's high contrast. */
  properties[PROP_HIGH_CONTRAST] =
    g_param_spec_boolean ("high-contrast", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CUP_ACTIVATED] =
    g_signal_new ("cup-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);
  signals[DISPLAYED_CHANGED] =
    g_signal_new ("displayed-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* A round's or the match's end, when the animation reaches it: the
   * argument is a const KzEvent *. */
  signals[EVENT_REACHED] =
    g_signal_new ("event-reached",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* Each event as the animation shows it (a drop when its shell lands,
   * anything else as it begins), with its time on the animation's own
   * schedule in µs of the frame clock: a const KzEvent * and a gint64.
   * Not emitted for what Instant or finishing early passes over. */
  signals[EVENT_SHOWN] =
    g_signal_new ("event-shown",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_INT64);

  gtk_widget_class_set_css_name (widget_class, "kuzhi-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static gboolean
on_hint_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

/* The hint's ring breathes, redrawn every frame, only while the desktop
 * animates; otherwise it stands still and costs nothing. */
static void
update_hint_tick (KuzhiBoardView *self)
{
  gboolean breathe = self->hint_pit >= 0 && !self->still;

  if (breathe && self->hint_tick_id == 0)
    self->hint_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), on_hint_tick, NULL, NULL);
  else if (!breathe && self->hint_tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->hint_tick_id);
      self->hint_tick_id = 0;
    }
}

/* Whether the desktop animates: off with GNOME's Reduce Animation (and
 * its older Animations switch), which GTK reads into its settings. Kept
 * here as it changes, rather than asked at every frame. */
static void
on_animations_changed (KuzhiBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  self->still = !enabled;
  update_hint_tick (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
kuzhi_board_view_init (KuzhiBoardView *self)
{
  GtkGesture *click;
  GtkEventController *key;
  KzPosition empty = { 0 };

  kuzhi_sowing_init (&self->sowing);
  self->sowing.changed = on_sowing_changed;
  self->sowing.reached = on_sowing_reached;
  self->sowing.shown = on_sowing_shown;
  self->sowing.data = self;
  self->interactive = TRUE;
  self->may_stand = TRUE;
  self->hint_pit = -1;
  self->sight_at = NO_SIGHT;
  self->preview_enabled = TRUE;
  self->hover_pit = self->focus_pit = self->preview_pit = -1;
  self->best_pit = -1;

  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-enable-animations",
                           G_CALLBACK (on_animations_changed), self, G_CONNECT_SWAPPED);
  on_animations_changed (self);
  g_object_bind_property (adw_style_manager_get_default (), "high-contrast", self, "high-contrast",
                          G_BINDING_SYNC_CREATE);

  empty.n_pits = 14;
  empty.lucky[0] = empty.lucky[1] = -1;
  set_displayed (self, &empty);
  self->sowing.target = empty;

  key = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_board_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  click = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_board_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
}

GtkWidget *
kuzhi_board_view_new (void)
{
  return g_object_new (KUZHI_TYPE_BOARD_VIEW, NULL);
}

void
kuzhi_board_view_set_model (KuzhiBoardView *self,
                            KuzhiGameModel *model)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));

  if (self->model == model)
    return;
  stop_animation (self);
  disconnect_model (self);
  if (model == NULL)
    return;

  self->model = g_object_ref (model);
  g_signal_connect (model, "action-started", G_CALLBACK (on_action_started), self);
  g_signal_connect (model, "lifted", G_CALLBACK (on_lifted), self);
  g_signal_connect (model, "sown", G_CALLBACK (on_sown), self);
  g_signal_connect (model, "relayed", G_CALLBACK (on_relayed), self);
  g_signal_connect (model, "stored", G_CALLBACK (on_stored), self);
  g_signal_connect (model, "triple", G_CALLBACK (on_triple), self);
  g_signal_connect (model, "lucky-banked", G_CALLBACK (on_lucky_banked), self);
  g_signal_connect (model, "lucky-marked", G_CALLBACK (on_lucky_marked), self);
  g_signal_connect (model, "captured", G_CALLBACK (on_captured), self);
  g_signal_connect (model, "special", G_CALLBACK (on_special), self);
  g_signal_connect (model, "round-ended", G_CALLBACK (on_round_ended), self);
  g_signal_connect (model, "match-ended", G_CALLBACK (on_match_ended), self);
  g_signal_connect (model, "action-finished", G_CALLBACK (on_action_finished), self);
  g_signal_connect (model, "position-reset", G_CALLBACK (on_position_reset), self);
  g_signal_connect_swapped (model, "notify::player1-name", G_CALLBACK (on_model_notify), self);
  g_signal_connect_swapped (model, "notify::player2-name", G_CALLBACK (on_model_notify), self);
  on_position_reset (model, self);
}

KuzhiGameModel *
kuzhi_board_view_get_model (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), NULL);
  return self->model;
}

void
kuzhi_board_view_set_position (KuzhiBoardView   *self,
                               const KzPosition *position)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  stop_animation (self);
  self->sowing.target = *position;
  set_displayed (self, position);
}

const KzPosition *
kuzhi_board_view_get_displayed (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), NULL);
  return &self->sowing.displayed;
}

void
kuzhi_board_view_set_view_player (KuzhiBoardView *self,
                                  int             player)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));

  player = player ? 1 : 0;
  if (self->view_player == player)
    return;
  self->view_player = player;
  g_clear_pointer (&self->drawer_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->drawer_nodes[1], gsk_render_node_unref);
  /* Rebuild so that Tab still starts on the nearest row. */
  {
    int n = self->n_pits;
    self->n_pits = 0;
    rebuild_cups (self, n);
    kuzhi_board_layout_compute (&self->layout, self->layout.width, self->layout.height,
                                self->n_pits, self->view_player, self->layout.upright);
    update_cups (self);
  }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_PLAYER]);
}

int
kuzhi_board_view_get_view_player (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), 0);
  return self->view_player;
}

void
kuzhi_board_view_set_step_ms (KuzhiBoardView *self,
                              guint           step_ms)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  if (self->sowing.step_ms == step_ms)
    return;
  self->sowing.step_ms = step_ms;
  if (step_ms == 0)
    kuzhi_board_view_finish_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP_MS]);
}

gboolean
kuzhi_board_view_get_animating (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  return is_animating (self);
}

void
kuzhi_board_view_set_marking (KuzhiBoardView *self,
                              gboolean        marking)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  self->marking = !!marking;
  update_cups (self);
}

/* The animation-speed setting, as the time a shell takes in ms: the
 * schema's enum values are the index. */
static gboolean
speed_to_step_ms (GValue   *value,
                  GVariant *variant,
                  gpointer  settings)
{
  static const guint ms[] = { 0, 70, 160, 320 };   /* instant, fast, normal, slow */
  int speed = g_settings_get_enum (settings, "animation-speed");

  g_value_set_uint (value, ms[CLAMP (speed, 0, (int) G_N_ELEMENTS (ms) - 1)]);
  return TRUE;
}

void
kuzhi_board_view_bind_settings (KuzhiBoardView *self,
                                GSettings      *settings)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  /* The mapping's data is the settings, which the binding keeps alive. */
  g_settings_bind_with_mapping (settings, "animation-speed", self, "step-ms",
                                G_SETTINGS_BIND_GET, speed_to_step_ms, NULL, settings, NULL);
  g_settings_bind (settings, "sowing-preview", self, "preview", G_SETTINGS_BIND_GET);
}

void
kuzhi_board_view_set_interactive (KuzhiBoardView *self,
                                  gboolean        interactive)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  self->interactive = !!interactive;
  for (int p = 0; p < self->n_pits; p++)
    gtk_widget_set_focusable (self->cups[p], interactive);
  update_cups (self);
}

void
kuzhi_board_view_set_may_stand (KuzhiBoardView *self,
                                gboolean        may_stand)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  self->may_stand = !!may_stand;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

int
kuzhi_board_view_get_hand (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), 0);
  return self->sowing.hand + self->sowing.flying;
}

KuzhiCup *
kuzhi_board_view_get_cup (KuzhiBoardView *self,
                          int             pit)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), NULL);
  if (pit < 0 || pit >= self->n_pits)
    return NULL;
  return KUZHI_CUP (self->cups[pit]);
}

gboolean
kuzhi_board_view_focus_cup (KuzhiBoardView *self,
                            int             number)
{
  const KzPosition *pos;
  int n;

  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  pos = played_position (self);
  n = row_length (self);
  /* A past position's cups take no focus. Once the cup has it, its ring
   * shows at once, as after an arrow key; a refusal changes nothing. */
  if (pos == NULL || pos->over || number < 1 || number > n || is_animating (self)
      || (self->waiting && !self->variation)
      || !gtk_widget_grab_focus (self->cups[pos->to_move * n + number - 1]))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  if (!self->keyboard_in_use)
    set_keyboard_in_use (self, TRUE);
  return TRUE;
}

void
kuzhi_board_view_class_bind_cup_keys (GtkWidgetClass *widget_class,
                                      const char     *action)
{
  for (int n = 1; n <= KZ_MAX_PITS / 2; n++)
    {
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + n - 1, 0, action, "i", n);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_1 + n - 1, 0, action, "i", n);
    }
}

gboolean
kuzhi_board_view_get_cup_center (KuzhiBoardView *self,
                                 int             pit,
                                 double         *x,
                                 double         *y)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  if (pit < 0 || pit >= self->n_pits || self->layout.unit < 1)
    return FALSE;
  kuzhi_board_layout_center (&self->layout, pit, x, y);
  return TRUE;
}

void
kuzhi_board_view_set_hint (KuzhiBoardView *self,
                           int             pit)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  if (pit < 0 || pit >= KZ_MAX_PITS)
    pit = -1;
  if (self->hint_pit == pit)
    return;
  self->hint_pit = pit;
  /* Enter then plays the cup the hint names (sows it, or marks it while
   * the window waits for a mark), not the one focused before. */
  if (pit >= 0 && pit < self->n_pits && gtk_widget_get_focusable (self->cups[pit]))
    gtk_widget_grab_focus (self->cups[pit]);
  /* On a phone the cup is brought into sight, once the hint's own words
   * (which may come under the play area) are laid out. */
  if (pit >= 0 && pit < self->n_pits)
    kuzhi_scroll_into_sight_later (self->cups[pit]);
  update_hint_tick (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kuzhi_board_view_set_values (KuzhiBoardView    *self,
                             const char *const *values,
                             int                best_pit)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  for (int p = 0; p < KZ_MAX_PITS; p++)
    {
      g_clear_pointer (&self->values[p], g_free);
      if (values != NULL && p < self->n_pits)
        self->values[p] = g_strdup (values[p]);
    }
  self->best_pit = values != NULL && best_pit < self->n_pits ? best_pit : -1;
  update_cups (self);
}

const char *
kuzhi_board_view_get_value (KuzhiBoardView *self,
                            int             pit)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (pit >= 0 && pit < KZ_MAX_PITS, NULL);
  return self->values[pit];
}

int
kuzhi_board_view_get_best_pit (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), -1);
  return self->best_pit;
}

void
kuzhi_board_view_set_high_contrast (KuzhiBoardView *self,
                                    gboolean        high_contrast)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  high_contrast = !!high_contrast;
  if (self->high_contrast == high_contrast)
    return;
  self->high_contrast = high_contrast;
  for (int p = 0; p < self->n_pits; p++)
    kuzhi_cup_set_high_contrast (KUZHI_CUP (self->cups[p]), high_contrast);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGH_CONTRAST]);
}

gboolean
kuzhi_board_view_get_high_contrast (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  return self->high_contrast;
}

void
kuzhi_board_view_set_preview_enabled (KuzhiBoardView *self,
                                      gboolean        enabled)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  enabled = !!enabled;
  if (self->preview_enabled == enabled)
    return;
  self->preview_enabled = enabled;
  update_cups (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIEW]);
}

int
kuzhi_board_view_get_preview_pit (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), -1);
  return self->preview_pit;
}

double
kuzhi_board_view_get_unit (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), 0);
  return self->notified_unit;
}

gboolean
kuzhi_board_view_get_upright (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  return self->notified_upright;
}

int
kuzhi_board_view_get_hint (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), -1);
  return self->hint_pit;
}

void
kuzhi_board_view_set_waiting (KuzhiBoardView *self,
                              gboolean        waiting)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  waiting = !!waiting;
  if (self->waiting == waiting)
    return;
  self->waiting = waiting;
  update_cups (self);
}

gboolean
kuzhi_board_view_get_waiting (KuzhiBoardView *self)
{
  g_return_val_if_fail (KUZHI_IS_BOARD_VIEW (self), FALSE);
  return self->waiting;
}

void
kuzhi_board_view_set_variation (KuzhiBoardView *self,
                                gboolean        variation)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  variation = !!variation;
  if (self->variation == variation)
    return;
  self->variation = variation;
  update_cups (self);
}

void
kuzhi_board_view_show_move (KuzhiBoardView   *self,
                            const KzPosition *before,
                            int               action,
                            const KzEventLog *log,
                            const KzPosition *after)
{
  g_return_if_fail (KUZHI_IS_BOARD_VIEW (self));
  g_return_if_fail (!self->collecting);

  begin_move (self, before, action);
  for (size_t i = 0; i < log->len; i++)
    {
      KzEvent ev = log->events[i];

      /* The events the model's signals bring the board, no others. */
      if (ev.type == KZ_EVENT_EXTRA_TURN || ev.type == KZ_EVENT_ROUND_START)
        continue;
      kuzhi_sowing_push (&self->sowing, &ev);
    }
  end_move (self, after);
}
