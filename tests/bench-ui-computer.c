/* bench-ui-computer.c — the window stays responsive while Hard thinks: board frames, the board's snapshot and main-loop latency during the search. */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

#include "kuzhi-window.h"
#include "kuzhi-window-computer.h"

#define SEARCH_MS 3000

typedef struct {
  GArray *work;        /* ms from the frame's update to its after-paint */
  GArray *intervals;   /* ms between after-paints */
  gint64  update_at;
  gint64  last_paint;
  gboolean recording;
} Frames;

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, on_timeout, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        GArray     *values,
        const char *target)
{
  double *v = (double *) values->data;
  double sum = 0;
  guint n = values->len;

  if (n == 0)
    {
      g_print ("%s: no samples\n", what);
      return;
    }
  qsort (v, n, sizeof *v, compare_double);
  for (guint i = 0; i < n; i++)
    sum += v[i];
  g_print ("%s (%u samples): mean %.2f ms, median %.2f ms, 99th percentile %.2f ms, max %.2f ms%s\n",
           what, n, sum / n, v[n / 2], v[MIN (n - 1, n * 99 / 100)], v[n - 1], target);
}

static void
on_update (GdkFrameClock *clock,
           Frames        *frames)
{
  frames->update_at = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock,
                Frames        *frames)
{
  gint64 now = g_get_monotonic_time ();

  if (frames->recording && frames->update_at != 0)
    {
      double work = (now - frames->update_at) / 1000.0;
      g_array_append_val (frames->work, work);
      if (frames->last_paint != 0)
        {
          double interval = (now - frames->last_paint) / 1000.0;
          g_array_append_val (frames->intervals, interval);
        }
    }
  frames->last_paint = now;
  frames->update_at = 0;
}

/* Something on the board changes every frame, as in a sowing: one cup's count. */
static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  KuzhiBoardView *board = KUZHI_BOARD_VIEW (widget);
  guint *frame = data;
  int p = (*frame)++ % 12;
  KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);
  int count = kuzhi_board_view_get_displayed (board)->pits[p];

  kuzhi_cup_set_count (cup, kuzhi_cup_get_count (cup) == count ? count + 1 : count);
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
is_thinking (KuzhiWindow *window)
{
  return kuzhi_window_computer_is_thinking (window);
}

static void
wait_thinking (KuzhiWindow *window)
{
  gint64 start = g_get_monotonic_time ();

  while (!is_thinking (window) && g_get_monotonic_time () - start < 5 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  if (!is_thinking (window))
    g_printerr ("warning: the computer did not start thinking\n");
}

static void
start_hard (KuzhiWindow *window)
{
  kuzhi_window_set_player_level (window, 0, KZ_LEVEL_NONE);
  kuzhi_window_start_match (window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL);
  kuzhi_window_set_player_level (window, 0, KZ_LEVEL_HARD);
  wait_thinking (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettings) settings = NULL;
  KuzhiWindow *window;
  KuzhiBoardView *board;
  GdkFrameClock *clock;
  Frames frames = { 0 };
  guint frame = 0, tick;
  g_autoptr(GArray) snapshots = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) latency = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 start;
  int w, h;

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();
  settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  g_settings_set_string (settings, "animation-speed", "instant");
  g_settings_set_int (settings, "computer-time", SEARCH_MS);

  window = kuzhi_window_new (NULL);
  board = kuzhi_window_get_board_view (window);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (board)) || gtk_widget_get_width (GTK_WIDGET (board)) == 0)
    g_main_context_iteration (NULL, TRUE);
  spin (300);
  w = gtk_widget_get_width (GTK_WIDGET (board));
  h = gtk_widget_get_height (GTK_WIDGET (board));
  g_print ("Hard searching %d ms (Constitution, 5 shells) in its thread; board %d×%d px, %s, %u CPUs\n",
           SEARCH_MS, w, h, g_getenv ("GSK_RENDERER"), g_get_num_processors ());

  /* 1. Real frames: the frame clock paints the window every frame while
   * the board changes, and the search runs. */
  frames.work = g_array_new (FALSE, FALSE, sizeof (double));
  frames.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "update", G_CALLBACK (on_update), &frames);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &frames);
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (board), on_tick, &frame, NULL);

  /* The same frames with no search, for comparison: the machine is shared,
   * and what the search adds is the difference. */
  frames.recording = TRUE;
  spin (SEARCH_MS);
  frames.recording = FALSE;
  report ("BASELINE, no search: window frame, update to after-paint", frames.work, "");
  report ("BASELINE, no search: interval between frames", frames.intervals, "");
  g_array_set_size (frames.work, 0);
  g_array_set_size (frames.intervals, 0);
  frames.last_paint = 0;

  start_hard (window);
  frames.recording = TRUE;
  start = g_get_monotonic_time ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    g_main_context_iteration (NULL, TRUE);
  frames.recording = FALSE;
  gtk_widget_remove_tick_callback (GTK_WIDGET (board), tick);
  report ("window frame during the search, update to after-paint", frames.work, " (target: max < 16 ms)");
  report ("interval between frames during the search", frames.intervals, " (the frame clock's pace, ~16.7 ms)");

  /* 2. The board's own snapshot and render, back to back, during the search. */
  start_hard (window);
  start = g_get_monotonic_time ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      gint64 t0;
      double ms;
      int p = frame++ % 12;
      KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);
      int count = kuzhi_board_view_get_displayed (board)->pits[p];

      kuzhi_cup_set_count (cup, kuzhi_cup_get_count (cup) == count ? count + 1 : count);
      t0 = g_get_monotonic_time ();
      GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)),
                                             node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      ms = (g_get_monotonic_time () - t0) / 1000.0;
      g_array_append_val (snapshots, ms);
      g_object_unref (texture);
      gsk_render_node_unref (node);
      g_main_context_iteration (NULL, FALSE);
    }
  report ("board snapshot + render during the search", snapshots, " (target: max < 16 ms)");

  /* 3. The main loop answers: how late a 5 ms timeout fires during the search. */
  start_hard (window);
  start = g_get_monotonic_time ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    {
      gint64 t0 = g_get_monotonic_time ();
      double late;

      spin (5);
      late = (g_get_monotonic_time () - t0) / 1000.0 - 5.0;
      g_array_append_val (latency, late);
    }
  report ("lateness of a 5 ms main-loop timeout during the search", latency, "");

  /* The move was played, and undo during a search stops it at once. */
  {
    gint64 t0;

    start_hard (window);
    t0 = g_get_monotonic_time ();
    kuzhi_window_set_player_level (window, 0, KZ_LEVEL_NONE);
    g_print ("cancelling a Hard search from the window: %.3f ms until the window is free\n",
             (g_get_monotonic_time () - t0) / 1000.0);
  }

  g_array_unref (frames.work);
  g_array_unref (frames.intervals);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (100);
  return 0;
}
