/* kuzhi-trace.c — the trace an outside test reads (KUZHI_TRACE_FILE), kept out of the window: it only listens to the window, its board and its model. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-trace.h"

#include <stdio.h>

#include "kuzhi-cup.h"
#include "kuzhi-learn-window-private.h"

typedef struct {
  KuzhiWindow    *window;   /* borrowed: the trace goes with it */
  KuzhiGameModel *model;    /* owned, to disconnect */
  KuzhiBoardView *board;    /* owned, to disconnect */
  GdkFrameClock  *clock;    /* owned while the window is realized */
  gulong          paint_id;
  FILE           *file;
  int             cups[KZ_MAX_PITS][2];
  int             ring;     /* the cup whose focus ring the last frame drew, or -1 */
  int             switch_at[2];  /* where the notice's Switch button is, or -1 */
  gboolean        welcome;  /* the welcome is open (kuzhi-welcome.c) */
  GtkWidget      *learn;    /* Learn to Play's window while it is realized, borrowed */
  GdkFrameClock  *learn_clock;  /* its frame clock, owned */
  gulong          learn_paint_id;
  int             learn_cups[KZ_MAX_PITS][2];  /* as written: X Y, or -1 -1 hidden, -2 -2 not yet */
} Trace;

/* A window's surface goes: GDK disposes of its frame clock, and with
 * it every handler, so the trace lets go of it first. */
static void
let_go (GdkFrameClock **clock,
        gulong         *paint_id)
{
  if (*clock != NULL)
    g_clear_signal_handler (paint_id, *clock);
  g_clear_object (clock);
}

static void
forget_clock (Trace *trace)
{
  let_go (&trace->clock, &trace->paint_id);
}

static void
forget_learn_clock (Trace *trace)
{
  let_go (&trace->learn_clock, &trace->learn_paint_id);
  trace->learn = NULL;
}

/* The window is gone. */
static void
trace_free (gpointer  data,
            GObject  *window)
{
  Trace *trace = data;

  g_signal_handlers_disconnect_by_data (gtk_window_get_toplevels (), trace);
  for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (gtk_window_get_toplevels (), i);
      g_signal_handlers_disconnect_by_data (w, trace);
    }
  g_signal_handlers_disconnect_by_data (trace->model, trace);
  g_signal_handlers_disconnect_by_data (trace->board, trace);
  g_clear_object (&trace->model);
  g_clear_object (&trace->board);
  forget_clock (trace);
  forget_learn_clock (trace);
  fclose (trace->file);
  g_free (trace);
}

static void
write_position (Trace      *trace,
                const char *what)
{
  const KzPosition *p = kuzhi_game_model_get_position (kuzhi_window_get_model (trace->window));

  fprintf (trace->file, "%s to_move=%d round=%d over=%d pits=", what, p->to_move, p->round, p->over);
  for (int i = 0; i < p->n_pits; i++)
    fprintf (trace->file, "%s%d", i ? "," : "", p->pits[i]);
  fprintf (trace->file, " stores=%d,%d\n", p->stores[0], p->stores[1]);
  fflush (trace->file);
}

static void
on_action_finished (KuzhiGameModel *model,
                    int             action,
                    Trace          *trace)
{
  char buf[8];
  g_autofree char *what = g_strdup_printf ("played %s", kz_action_to_string (action, buf));

  write_position (trace, what);
}

static void
on_animating (KuzhiBoardView *board,
              GParamSpec     *pspec,
              Trace          *trace)
{
  if (!kuzhi_board_view_get_animating (board))
    write_position (trace, "shown");
}

/* Undo, redo, a new match, a loaded match: the position without a sowing. */
static void
on_position_reset (KuzhiGameModel *model,
                   Trace          *trace)
{
  write_position (trace, "reset");
}

/* Whose row is nearest: F9, the view buttons, a turn of the board. */
static void
on_view_player (KuzhiBoardView *board,
                GParamSpec     *pspec,
                Trace          *trace)
{
  fprintf (trace->file, "view %d\n", kuzhi_board_view_get_view_player (board));
  fflush (trace->file);
}

/* Where the centre of `board`'s cup `pit` is in `window`'s surface (the
 * coordinates an X pointer is moved to), in `at`, and in the window's own
 * in `wx`, `wy`; FALSE where the board has no such cup or is not shown. */
static gboolean
cup_at (KuzhiBoardView *board,
        GtkWidget      *window,
        int             pit,
        double         *wx,
        double         *wy,
        int             at[2])
{
  double x, y, sx, sy;

  if (!kuzhi_board_view_get_cup_center (board, pit, &x, &y) ||
      !gtk_widget_translate_coordinates (GTK_WIDGET (board), window, x, y, wx, wy))
    return FALSE;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  at[0] = (int) (*wx + sx);
  at[1] = (int) (*wy + sy);
  return TRUE;
}

/* Writes "WHAT X Y", or "WHAT ABSENT" where `at` is -1 (given an ABSENT),
 * when `at` is not `last`, which then becomes `at`; whether it wrote. */
static gboolean
write_place (Trace      *trace,
             int         last[2],
             const int   at[2],
             const char *what,
             const char *absent)
{
  if (at[0] == last[0] && at[1] == last[1])
    return FALSE;
  last[0] = at[0];
  last[1] = at[1];
  if (absent != NULL && at[0] < 0)
    fprintf (trace->file, "%s %s\n", what, absent);
  else
    fprintf (trace->file, "%s %d %d\n", what, at[0], at[1]);
  return TRUE;
}

/* After every frame: the cups that moved since the last one. */
static void
on_after_paint (GdkFrameClock *clock,
                Trace         *trace)
{
  KuzhiBoardView *board = kuzhi_window_get_board_view (trace->window);
  gboolean wrote = FALSE;
  double sx, sy;

  gtk_native_get_surface_transform (GTK_NATIVE (trace->window), &sx, &sy);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    {
      double wx, wy;
      int at[2];
      char what[16];

      g_snprintf (what, sizeof what, "cup %d", p);
      if (cup_at (board, GTK_WIDGET (trace->window), p, &wx, &wy, at))
        wrote |= write_place (trace, trace->cups[p], at, what, NULL);
    }
  /* Where Enter would sow: the cup with its ring on screen. */
  {
    int ring = -1;

    for (int p = 0; p < KZ_MAX_PITS; p++)
      {
        KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);

        if (cup != NULL && kuzhi_cup_get_ring_drawn (cup))
          ring = p;
      }
    if (ring != trace->ring)
      {
        trace->ring = ring;
        fprintf (trace->file, "ring %d\n", ring);
        wrote = TRUE;
      }
  }
  /* The notice's Switch (a match another Kuzhi left): "switch X Y" where
   * it shows, "switch none" once it goes. */
  {
    GtkWidget *button = kuzhi_window_get_notice_switch_button (trace->window);
    int at[2] = { -1, -1 };
    graphene_rect_t box;

    /* Its border box's centre: a widget's own coordinates begin inside
     * its padding. */
    if (gtk_widget_get_mapped (button) && gtk_widget_get_child_visible (gtk_widget_get_parent (button)) &&
        gtk_widget_compute_bounds (button, GTK_WIDGET (trace->window), &box))
      {
        at[0] = (int) (box.origin.x + box.size.width / 2 + sx);
        at[1] = (int) (box.origin.y + box.size.height / 2 + sy);
      }
    wrote |= write_place (trace, trace->switch_at, at, "switch", "none");
  }
  if (wrote)
    fflush (trace->file);
}

static void
on_map (GtkWidget *widget,
        Trace     *trace)
{
  const char *notice = kuzhi_window_get_notice_text (trace->window);

  fprintf (trace->file, "mapped\n");
  /* The position the window comes with: a tap's test reads whose turn
   * it is and which cups may be sown. */
  write_position (trace, "start");
  /* What the notice above the board says as the window comes (a match that
   * could not be restored, its file gone or changed), on one line. */
  if (notice != NULL)
    {
      g_autofree char *line = g_strdelimit (g_strdup (notice), "\n", ' ');

      fprintf (trace->file, "notice %s\n", line);
    }
  fflush (trace->file);
  if (trace->clock == NULL)
    {
      trace->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
      trace->paint_id = g_signal_connect (trace->clock, "after-paint", G_CALLBACK (on_after_paint), trace);
    }
}

/* The welcome of a first start is a window of its own, named "welcome":
 * open while it is shown. A window joins the toplevels before it is
 * named or shown, so each one's showing is watched too. */
static void
check_welcome (Trace *trace)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  gboolean open = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);
      open |= g_strcmp0 (gtk_widget_get_name (w), "welcome") == 0 && gtk_widget_get_visible (w);
    }
  if (open == trace->welcome)
    return;
  trace->welcome = open;
  fprintf (trace->file, open ? "welcome shown\n" : "welcome closed\n");
  fflush (trace->file);
}

/* After every frame of Learn to Play's window: each cup of the lesson's
 * board that a tap at its centre reaches, where it is, and each that none
 * does, hidden (scrolled away, covered, or the course's list showing). */
static void
on_learn_after_paint (GdkFrameClock *clock,
                      Trace         *trace)
{
  KuzhiBoardView *board = kuzhi_learn_window_get_board (KUZHI_LEARN_WINDOW (trace->learn));
  gboolean wrote = FALSE;

  for (int p = 0; p < KZ_MAX_PITS; p++)
    {
      KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);
      double wx, wy;
      int at[2] = { -1, -1 };
      char what[24];

      if (cup == NULL)
        continue;
      if (gtk_widget_is_drawable (GTK_WIDGET (cup)) && cup_at (board, trace->learn, p, &wx, &wy, at))
        {
          /* What is drawn on top there, whether or not it takes clicks. */
          GtkWidget *top = gtk_widget_pick (trace->learn, wx, wy, GTK_PICK_INSENSITIVE | GTK_PICK_NON_TARGETABLE);

          if (top == NULL || (top != GTK_WIDGET (cup) && !gtk_widget_is_ancestor (top, GTK_WIDGET (cup))))
            at[0] = at[1] = -1;
        }
      g_snprintf (what, sizeof what, "learn cup %d", p);
      wrote |= write_place (trace, trace->learn_cups[p], at, what, "hidden");
    }
  if (wrote)
    fflush (trace->file);
}

/* Learn to Play's window (kuzhi-learn-window.c): its game when it shows,
 * each lesson set out, the cup the keyboard is on, each judged turn. */
static void
on_learn_map (GtkWidget *learn,
              Trace     *trace)
{
  KzVariantId v = kuzhi_learn_window_get_variant (KUZHI_LEARN_WINDOW (learn));

  fprintf (trace->file, "learn shown %s\n", kz_variant_get (v)->key);
  fflush (trace->file);
  if (trace->learn_clock == NULL)
    {
      trace->learn = learn;
      for (int p = 0; p < KZ_MAX_PITS; p++)
        trace->learn_cups[p][0] = trace->learn_cups[p][1] = -2;
      trace->learn_clock = g_object_ref (gtk_widget_get_frame_clock (learn));
      trace->learn_paint_id = g_signal_connect (trace->learn_clock, "after-paint", G_CALLBACK (on_learn_after_paint), trace);
    }
}

static void
on_learn_lesson (KuzhiLearnWindow *learn,
                 const char       *id,
                 Trace            *trace)
{
  fprintf (trace->file, "learn lesson %s\n", id);
  fflush (trace->file);
}

static void
on_learn_focus (GtkWindow  *learn,
                GParamSpec *pspec,
                Trace      *trace)
{
  GtkWidget *focus = gtk_window_get_focus (learn);

  if (KUZHI_IS_CUP (focus))
    {
      fprintf (trace->file, "learn focus %d\n", kuzhi_cup_get_pit (KUZHI_CUP (focus)));
      fflush (trace->file);
    }
}

static void
on_learn_judged (KuzhiLearnWindow *learn,
                 gboolean          met,
                 const char       *sentence,
                 gboolean          shown,
                 Trace            *trace)
{
  fprintf (trace->file, "learn %s %s\n", shown ? "shown-me" : met ? "met" : "missed", sentence);
  fflush (trace->file);
}

static void
on_toplevels_changed (GListModel *toplevels,
                      guint       position,
                      guint       removed,
                      guint       added,
                      Trace      *trace)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);
      if (w != GTK_WIDGET (trace->window))
        g_signal_connect_swapped (w, "notify::visible", G_CALLBACK (check_welcome), trace);
      if (KUZHI_IS_LEARN_WINDOW (w))
        {
          g_signal_connect (w, "map", G_CALLBACK (on_learn_map), trace);
          g_signal_connect_swapped (w, "unrealize", G_CALLBACK (forget_learn_clock), trace);
          g_signal_connect (w, "lesson-started", G_CALLBACK (on_learn_lesson), trace);
          g_signal_connect (w, "notify::focus-widget", G_CALLBACK (on_learn_focus), trace);
          g_signal_connect (w, "judged", G_CALLBACK (on_learn_judged), trace);
        }
    }
  check_welcome (trace);
}

void
kuzhi_trace_attach (KuzhiWindow *window,
                    const char  *path)
{
  Trace *trace;
  FILE *file;

  g_return_if_fail (KUZHI_IS_WINDOW (window));
  g_return_if_fail (path != NULL);

  file = fopen (path, "w");
  if (file == NULL)
    {
      g_warning ("Cannot write the trace file %s", path);
      return;
    }
  trace = g_new0 (Trace, 1);
  trace->window = window;
  trace->model = g_object_ref (kuzhi_window_get_model (window));
  trace->board = g_object_ref (kuzhi_window_get_board_view (window));
  trace->file = file;
  for (int p = 0; p < KZ_MAX_PITS; p++)
    trace->cups[p][0] = trace->cups[p][1] = -1;
  trace->ring = -1;
  trace->switch_at[0] = trace->switch_at[1] = -1;
  g_object_weak_ref (G_OBJECT (window), trace_free, trace);

  g_signal_connect (window, "map", G_CALLBACK (on_map), trace);
  g_signal_connect_swapped (window, "unrealize", G_CALLBACK (forget_clock), trace);
  g_signal_connect (gtk_window_get_toplevels (), "items-changed", G_CALLBACK (on_toplevels_changed), trace);
  g_signal_connect (trace->model, "action-finished", G_CALLBACK (on_action_finished), trace);
  g_signal_connect (trace->board, "notify::animating", G_CALLBACK (on_animating), trace);
  g_signal_connect (trace->model, "position-reset", G_CALLBACK (on_position_reset), trace);
  g_signal_connect (trace->board, "notify::view-player", G_CALLBACK (on_view_player), trace);
}
