/* kuzhi-history-panel.c — the move-history panel: the turns of the line of play, one row each, with round separators. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>

#include "kuzhi-history-panel.h"
#include "kuzhi-history-panel-private.h"
#include "kuzhi-game-text.h"
#include "kuzhi-match-history.h"
#include "kuzhi-colors.h"
#include "kuzhi-layout-box.h"
#include "kuzhi-scroll.h"
#include "kuzhi-wrap-layout.h"

struct _KuzhiHistoryPanel
{
  GtkBox          parent_instance;

  /* borrowed: children */
  GtkListBox     *list;
  GtkScrolledWindow *scroller;
  GtkWidget      *graph;     /* the review's evaluation over the match */

  /* owned */
  KuzhiGameModel *model;
  GArray         *turns;     /* KuzhiHistoryTurn */
  GArray         *review;    /* KuzhiReviewTurn per turn, or NULL */
  GArray         *comment_moves; /* KzAction: the moves the comments belong to, or NULL */
  GPtrArray      *comments;  /* char * or NULL per position of comment_moves, or NULL */
  guint           n_commented;   /* turns of the line of play that are comment_moves' */
  KzPosition      start;
  gboolean        rounds;    /* the game is played in rounds */
  gboolean        rows_stale; /* turns changed while the panel was hidden */
  guint           selected;
};

G_DEFINE_FINAL_TYPE (KuzhiHistoryPanel, kuzhi_history_panel, GTK_TYPE_BOX)

enum {
  TURN_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const KuzhiHistoryTurn *
turn_at (KuzhiHistoryPanel *self,
         guint              turn)
{
  if (turn == 0 || self->turns == NULL || turn > self->turns->len)
    return NULL;
  return &g_array_index (self->turns, KuzhiHistoryTurn, turn - 1);
}

/* "3. Meena: lucky cup 4, cup 2", in the players' names and the numbers
 * the board shows (the file and the protocol keep their own notation). */
static char *
describe_turn (KuzhiHistoryPanel      *self,
               const KuzhiHistoryTurn *t)
{
  g_autofree char *first = kuzhi_game_action_name (&t->after, t->actions[0]);
  g_autofree char *second = t->n_actions > 1 ? kuzhi_game_action_name (&t->after, t->actions[1]) : NULL;
  const char *name = kuzhi_game_model_get_player_name (self->model, t->player);

  if (second != NULL)
    /* Translators: a turn of the move history that marked a lucky cup, then sowed: "3. Meena: lucky cup 4, cup 2" */
    return g_strdup_printf (_("%u. %s: %s, %s"), t->number, name, first, second);
  /* Translators: a turn of the move history: "2. Arul: cup 3" */
  return g_strdup_printf (_("%u. %s: %s"), t->number, name, first);
}

/* The row's labels, as they read, one after the other. */
static char *
row_text (GtkListBoxRow *row,
          const char    *separator)
{
  GString *text = g_string_new (NULL);

  for (GtkWidget *c = gtk_widget_get_first_child (gtk_list_box_row_get_child (row));
       c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (text->len > 0)
        g_string_append (text, separator);
      g_string_append (text, gtk_label_get_text (GTK_LABEL (c)));
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
make_row (KuzhiHistoryPanel *self,
          guint              turn)
{
  const KuzhiHistoryTurn *t = turn_at (self, turn);
  GtkWidget *row = gtk_list_box_row_new ();
  /* The row's parts wrap into lines, and its text too, rather than run
   * out of a narrow panel or under its scrollbar. */
  GtkWidget *box = kuzhi_layout_box_new (g_object_new (KUZHI_TYPE_WRAP_LAYOUT, "spacing", 8, NULL));
  GtkWidget *label;
  g_autofree char *text = NULL;
  g_autofree char *marks = NULL;

  if (t == NULL)
    text = g_strdup (_("Start of the match"));
  else
    {
      text = describe_turn (self, t);
      marks = kuzhi_history_turn_describe_marks (t);
    }

  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
  gtk_widget_add_css_class (label, "numeric");
  kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), label);
  if (marks != NULL)
    {
      GtkWidget *extra = gtk_label_new (marks);
      gtk_label_set_xalign (GTK_LABEL (extra), 0);
      gtk_widget_add_css_class (extra, "accent");
      kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), extra);
    }
  if (t != NULL && self->review != NULL && turn <= self->review->len)
    {
      const KuzhiReviewTurn *r = &g_array_index (self->review, KuzhiReviewTurn, turn - 1);
      const KzVariant *v = kz_position_variant (&self->start);
      GtkWidget *loss;

      if (r->loss == 0)
        {
          /* Translators: a turn of the review that played the best move */
          loss = gtk_label_new (_("best"));
          gtk_widget_add_css_class (loss, "dim-label");
        }
      else
        {
          g_autofree char *given = NULL;
          if (r->loss >= v->review_blunder)
            /* Translators: a reviewed turn that gave away 6 seeds: "−6 blunder" */
            given = g_strdup_printf (_("−%d blunder"), r->loss);
          else if (r->loss >= v->review_mistake)
            /* Translators: a reviewed turn that gave away 3 seeds: "−3 mistake" */
            given = g_strdup_printf (_("−%d mistake"), r->loss);
          else
            given = g_strdup_printf ("−%d", r->loss);
          loss = gtk_label_new (given);
          gtk_widget_add_css_class (loss, r->loss >= v->review_blunder ? "error"
                                          : r->loss >= v->review_mistake ? "warning" : "dim-label");
        }
      gtk_label_set_xalign (GTK_LABEL (loss), 0);
      kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), loss);
    }
  if (t != NULL && (t->ends_round || t->ends_match))
    {
      GtkWidget *end = gtk_label_new (t->ends_match ? _("match over") : _("round over"));
      gtk_widget_add_css_class (end, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (end), 0);
      kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), end);
    }
  if (self->comments != NULL && turn <= self->n_commented && turn < self->comments->len &&
      g_ptr_array_index (self->comments, turn) != NULL)
    {
      /* Translators: a comment read with a record, quoted in the move history */
      g_autofree char *quoted = g_strdup_printf (_("“%s”"), (const char *) g_ptr_array_index (self->comments, turn));
      GtkWidget *comment = gtk_label_new (quoted);

      gtk_label_set_xalign (GTK_LABEL (comment), 0);
      gtk_label_set_wrap (GTK_LABEL (comment), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (comment), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (comment, "dim-label");
      kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), comment);
    }
  /* What is left of a line goes after the last part, not between them. */
  gtk_widget_set_hexpand (gtk_widget_get_last_child (box), TRUE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "kuzhi-turn", GUINT_TO_POINTER (turn));
  /* A screen reader reads the row as it is seen: the turn, its marks and
   * whether it ended a round (GTK 4.8 names a row after nothing in it). */
  {
    g_autofree char *name = row_text (GTK_LIST_BOX_ROW (row), ", ");

    gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);
  }
  return row;
}

/* A separator with the round's number above each round's first turn. */
static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  KuzhiHistoryPanel *self = user_data;
  guint turn = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "kuzhi-turn"));
  guint prev = before ? GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (before), "kuzhi-turn")) : 0;
  const KuzhiHistoryTurn *t = turn_at (self, turn);
  const KuzhiHistoryTurn *p = turn_at (self, prev);
  int prev_round = p != NULL ? p->round : self->start.round;

  if (t != NULL && self->rounds && (t->round != prev_round || turn == 1))
    {
      g_autofree char *text = g_strdup_printf (_("Round %d"), t->round);
      GtkWidget *label = gtk_list_box_row_get_header (row);

      /* A header kept stays where ensure_rows() put it. */
      if (label != NULL && GTK_IS_LABEL (label))
        {
          gtk_label_set_text (GTK_LABEL (label), text);
          return;
        }
      label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_bottom (label, 2);
      gtk_list_box_row_set_header (row, label);
    }
  else
    gtk_list_box_row_set_header (row, NULL);
}

/* The rows are made only while the panel is on screen (or asked for): a
 * hidden panel costs nothing during a long match. */
static void
ensure_rows (KuzhiHistoryPanel *self)
{
  GtkWidget *child;

  if (!self->rows_stale)
    return;
  self->rows_stale = FALSE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint t = 0; t <= self->turns->len; t++)
    gtk_list_box_append (self->list, make_row (self, t));
  /* GtkListBox adds a header as its last child, after the row it heads,
   * and a screen reader reads the children in that order: "Round 1"
   * came after the round's first turn. Each goes before its row. */
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *header;

      if (!GTK_IS_LIST_BOX_ROW (row))
        continue;
      header = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (row));
      if (header != NULL && gtk_widget_get_next_sibling (header) != row)
        gtk_widget_insert_before (header, GTK_WIDGET (self->list), row);
    }
  kuzhi_history_panel_select_turn (self, self->selected);
}

/* How many turns of the line of play are the commented record's moves. */
static void
count_commented (KuzhiHistoryPanel *self, const KzMatch *match)
{
  self->n_commented = 0;
  if (self->comment_moves == NULL)
    return;
  while (self->n_commented < match->n_history && self->n_commented < self->comment_moves->len &&
         match->history[self->n_commented].action == g_array_index (self->comment_moves, KzAction, self->n_commented))
    self->n_commented++;
}

static void
rebuild (KuzhiHistoryPanel *self)
{
  const KzMatch *match = kuzhi_game_model_get_match (self->model);

  count_commented (self, match);

  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_pointer (&self->review, g_array_unref);
  if (self->graph != NULL)
    gtk_widget_set_visible (self->graph, FALSE);
  self->turns = kuzhi_match_history_new (match);
  self->start = match->start;
  self->rounds = kz_position_variant (&self->start)->has_rounds;
  self->selected = self->turns->len;
  self->rows_stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ensure_rows (self);
}

static void
kuzhi_history_panel_map (GtkWidget *widget)
{
  ensure_rows (KUZHI_HISTORY_PANEL (widget));
  GTK_WIDGET_CLASS (kuzhi_history_panel_parent_class)->map (widget);
}

static gboolean
scroll_to_selected (gpointer data)
{
  KuzhiHistoryPanel *self = data;
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);

  if (row != NULL)
    kuzhi_scroll_into_sight (GTK_WIDGET (row), NULL);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static void
on_row_activated (GtkListBox        *list,
                  GtkListBoxRow     *row,
                  KuzhiHistoryPanel *self)
{
  guint turn = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "kuzhi-turn"));

  g_signal_emit (self, signals[TURN_ACTIVATED], 0, turn);
}

/* The review's evaluation from Player 1's side: before each turn, the
 * best its mover could have (turned to Player 1's side), and at the end
 * the last turn's value. */
static int
graph_value (KuzhiHistoryPanel *self,
             guint              k)
{
  const KuzhiHistoryTurn *t;
  const KuzhiReviewTurn *r;

  if (k < self->review->len)
    {
      t = &g_array_index (self->turns, KuzhiHistoryTurn, k);
      r = &g_array_index (self->review, KuzhiReviewTurn, k);
      return t->player == 0 ? r->best : -r->best;
    }
  t = &g_array_index (self->turns, KuzhiHistoryTurn, self->review->len - 1);
  r = &g_array_index (self->review, KuzhiReviewTurn, self->review->len - 1);
  return t->player == 0 ? r->played : -r->played;
}

static void
draw_graph (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  KuzhiHistoryPanel *self = data;
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (area));
  GdkRGBA fg;
  guint n;
  int top = 4;
  double mid = height / 2.0, scale, step;

  if (self->review == NULL || self->review->len == 0)
    return;
  n = self->review->len;
  for (guint k = 0; k <= n; k++)
    top = MAX (top, ABS (graph_value (self, k)));
  scale = (height / 2.0 - 3) / top;
  step = (double) width / n;
  gtk_style_context_get_color (style, &fg);

  /* Who was ahead, in their colour: Player 1 above the line, 2 below. */
  for (int p = 0; p < 2; p++)
    {
      const GdkRGBA *c = kuzhi_player_color (p);
      cairo_save (cr);
      cairo_rectangle (cr, 0, p == 0 ? 0 : mid, width, mid);
      cairo_clip (cr);
      cairo_move_to (cr, 0, mid);
      for (guint k = 0; k <= n; k++)
        cairo_line_to (cr, k * step, mid - graph_value (self, k) * scale);
      cairo_line_to (cr, width, mid);
      cairo_close_path (cr);
      /* Stronger on a dark background, where the colours at 0.45 sink
       * into the panel. */
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, adw_style_manager_get_dark (adw_style_manager_get_default ()) ? 0.7 : 0.45);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, mid);
  cairo_line_to (cr, width, mid);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.9);
  cairo_set_line_width (cr, 1.5);
  for (guint k = 0; k <= n; k++)
    {
      if (k == 0)
        cairo_move_to (cr, 0, mid - graph_value (self, k) * scale);
      else
        cairo_line_to (cr, k * step, mid - graph_value (self, k) * scale);
    }
  cairo_stroke (cr);
  /* Each mistake and blunder, a dot where its turn ends, in the colours
   * its row gives it (the style's, light or dark). */
  {
    const KzVariant *v = kz_position_variant (&self->start);
    GdkRGBA warning, error;

    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (!gtk_style_context_lookup_color (style, "warning_color", &warning))
      warning = fg;
    if (!gtk_style_context_lookup_color (style, "error_color", &error))
      error = fg;
    G_GNUC_END_IGNORE_DEPRECATIONS
    for (guint t = 1; t <= n; t++)
      {
        const KuzhiReviewTurn *r = &g_array_index (self->review, KuzhiReviewTurn, t - 1);
        const GdkRGBA *c = r->loss >= v->review_blunder ? &error : r->loss >= v->review_mistake ? &warning : NULL;

        if (c == NULL)
          continue;
        cairo_new_path (cr);
        cairo_arc (cr, t * step, mid - graph_value (self, t) * scale, r->loss >= v->review_blunder ? 3.5 : 2.5, 0, 2 * G_PI);
        gdk_cairo_set_source_rgba (cr, c);
        cairo_fill (cr);
      }
  }
  /* The turn shown on the board. */
  if (self->selected <= n)
    {
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      cairo_rectangle (cr, self->selected * step - 1, 0, 2, height);
      cairo_fill (cr);
    }
}

static void
on_graph_pressed (GtkGestureClick   *click,
                  int                n_press,
                  double             x,
                  double             y,
                  KuzhiHistoryPanel *self)
{
  kuzhi_history_panel_activate_graph_at (self, x);
}

static void
kuzhi_history_panel_dispose (GObject *object)
{
  KuzhiHistoryPanel *self = KUZHI_HISTORY_PANEL (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_pointer (&self->review, g_array_unref);
  g_clear_pointer (&self->comment_moves, g_array_unref);
  g_clear_pointer (&self->comments, g_ptr_array_unref);

  G_OBJECT_CLASS (kuzhi_history_panel_parent_class)->dispose (object);
}

static void
kuzhi_history_panel_class_init (KuzhiHistoryPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kuzhi_history_panel_dispose;
  GTK_WIDGET_CLASS (klass)->map = kuzhi_history_panel_map;

  signals[TURN_ACTIVATED] =
    g_signal_new ("turn-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "kuzhi-history-panel");
}

static void
kuzhi_history_panel_init (KuzhiHistoryPanel *self)
{
  GtkWidget *title = gtk_label_new (_("Moves"));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (GTK_WIDGET (self), 220, -1);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-4");
  gtk_widget_set_margin_top (title, 12);
  gtk_widget_set_margin_start (title, 12);
  gtk_widget_set_margin_bottom (title, 6);
  gtk_box_append (GTK_BOX (self), title);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  /* The scrollbar beside the rows, not over the end of their text. */
  gtk_scrolled_window_set_overlay_scrolling (self->scroller, FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"),
                                  -1);
  gtk_list_box_set_header_func (self->list, update_header, self, NULL);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->list));

  /* Shown once the match has been reviewed. */
  self->graph = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->graph, -1, 72);
  gtk_widget_set_margin_start (self->graph, 12);
  gtk_widget_set_margin_end (self->graph, 12);
  gtk_widget_set_margin_bottom (self->graph, 6);
  gtk_widget_set_visible (self->graph, FALSE);
  gtk_widget_set_tooltip_text (self->graph, _("Who was ahead, turn by turn: click to see a turn"));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->graph), draw_graph, self, NULL);
  {
    GtkGesture *click = gtk_gesture_click_new ();
    g_signal_connect (click, "pressed", G_CALLBACK (on_graph_pressed), self);
    gtk_widget_add_controller (self->graph, GTK_EVENT_CONTROLLER (click));
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->graph), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation over the match"), -1);
  gtk_box_append (GTK_BOX (self), self->graph);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->scroller));
}

GtkWidget *
kuzhi_history_panel_new (KuzhiGameModel *model)
{
  KuzhiHistoryPanel *self;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (model), NULL);

  self = g_object_new (KUZHI_TYPE_HISTORY_PANEL, NULL);
  self->model = g_object_ref (model);
  g_signal_connect_swapped (model, "position-reset", G_CALLBACK (rebuild), self);
  g_signal_connect_swapped (model, "action-finished", G_CALLBACK (rebuild), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

guint
kuzhi_history_panel_get_n_turns (KuzhiHistoryPanel *self)
{
  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), 0);
  return self->turns ? self->turns->len : 0;
}

GtkListBoxRow *
kuzhi_history_panel_get_row (KuzhiHistoryPanel *self,
                             guint              turn)
{
  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), NULL);
  ensure_rows (self);
  return gtk_list_box_get_row_at_index (self->list, (int) turn);
}

char *
kuzhi_history_panel_get_row_text (KuzhiHistoryPanel *self,
                                  guint              turn)
{
  GtkListBoxRow *row = kuzhi_history_panel_get_row (self, turn);

  return row != NULL ? row_text (row, " ") : NULL;
}

void
kuzhi_history_panel_select_turn (KuzhiHistoryPanel *self,
                                 guint              turn)
{
  GtkListBoxRow *row;

  g_return_if_fail (KUZHI_IS_HISTORY_PANEL (self));

  self->selected = turn;
  if (self->graph != NULL)
    gtk_widget_queue_draw (self->graph);
  if (self->rows_stale)
    return;
  row = gtk_list_box_get_row_at_index (self->list, (int) turn);
  gtk_list_box_select_row (self->list, row);
  if (row != NULL)
    g_idle_add (scroll_to_selected, g_object_ref (self));
}

const KzPosition *
kuzhi_history_panel_get_position (KuzhiHistoryPanel *self,
                                  guint              turn)
{
  const KuzhiHistoryTurn *t;

  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), NULL);

  if (turn == 0)
    return &self->start;
  t = turn_at (self, turn);
  return t ? &t->after : NULL;
}

void
kuzhi_history_panel_set_review (KuzhiHistoryPanel *self,
                                GArray            *review)
{
  g_return_if_fail (KUZHI_IS_HISTORY_PANEL (self));
  g_clear_pointer (&self->review, g_array_unref);
  if (review != NULL && self->turns != NULL && review->len == self->turns->len && review->len > 0)
    self->review = g_array_ref (review);
  gtk_widget_set_visible (self->graph, self->review != NULL);
  gtk_widget_queue_draw (self->graph);
  self->rows_stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ensure_rows (self);
}

void
kuzhi_history_panel_set_comments (KuzhiHistoryPanel *self,
                                  const KzMatch     *moves,
                                  GPtrArray         *comments)
{
  g_return_if_fail (KUZHI_IS_HISTORY_PANEL (self));
  g_clear_pointer (&self->comment_moves, g_array_unref);
  g_clear_pointer (&self->comments, g_ptr_array_unref);
  if (moves != NULL && comments != NULL)
    {
      self->comment_moves = g_array_sized_new (FALSE, FALSE, sizeof (KzAction), moves->n_history);
      for (size_t i = 0; i < moves->n_history; i++)
        g_array_append_val (self->comment_moves, moves->history[i].action);
      self->comments = g_ptr_array_ref (comments);
    }
  count_commented (self, kuzhi_game_model_get_match (self->model));
  self->rows_stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ensure_rows (self);
}

gboolean
kuzhi_history_panel_has_review (KuzhiHistoryPanel *self)
{
  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), FALSE);
  return self->review != NULL;
}

const KuzhiReviewTurn *
kuzhi_history_panel_get_review_turn (KuzhiHistoryPanel *self,
                                     guint              turn)
{
  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), NULL);
  if (self->review == NULL || turn == 0 || turn > self->review->len)
    return NULL;
  return &g_array_index (self->review, KuzhiReviewTurn, turn - 1);
}

/* The graph draws turn k's point at k × width / n: a click goes to the
 * nearest point's turn. */
int
kuzhi_history_panel_get_graph_turn_at (KuzhiHistoryPanel *self,
                                       double             x)
{
  int width;

  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), -1);
  width = gtk_widget_get_width (self->graph);
  if (self->review == NULL || width <= 0)
    return -1;
  return CLAMP ((int) (x / width * self->review->len + 0.5), 0, (int) self->review->len);
}

void
kuzhi_history_panel_activate_graph_at (KuzhiHistoryPanel *self,
                                       double             x)
{
  int turn = kuzhi_history_panel_get_graph_turn_at (self, x);

  if (turn >= 0)
    g_signal_emit (self, signals[TURN_ACTIVATED], 0, (guint) turn);
}

GtkWidget *
kuzhi_history_panel_get_graph (KuzhiHistoryPanel *self)
{
  g_return_val_if_fail (KUZHI_IS_HISTORY_PANEL (self), NULL);
  return self->graph;
}
