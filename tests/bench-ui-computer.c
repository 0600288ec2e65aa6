/* bench-ui-computer.c — the window stays responsive while Hard thinks: board frames, the board's snapshot and main-loop latency during the search. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include "kuzhi-window.h"
#include "kuzhi-test-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-threads.h"

#define SEARCH_MS 3000
#define FRAME_MS  16.0

typedef struct {
  GArray *work;        /* ms from the frame's update to its after-paint */
  GArray *cpu;         /* ms of the main thread's CPU time in that span */
  GArray *waited;      /* ms the main thread was ready but had no core */
  GArray *intervals;   /* ms between after-paints */
  gint64  update_at;
  gint64  update_cpu;
  gint64  update_wait;
  gint64  last_paint;
  gint64  recording_since;
  gboolean recording;
} Frames;

/* What one figure came to, for the summary at the end. */
typedef struct {
  double   p99, max;
  guint    n, over;
} Figure;

/* The main thread's CPU time: a frame whose wall time is much longer than
 * this waited for a core, it did not work longer. */
static gint64
thread_cpu_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return 0;
}

/* How long the calling thread has waited, ready to run, for a core
 * (schedstat's second field), in µs; 0 where it cannot be read. */
static gint64
thread_wait_us (void)
{
  char buf[128] = "";
  FILE *f = fopen ("/proc/thread-self/schedstat", "r");
  unsigned long long run = 0, wait = 0;

  if (f == NULL)
    return 0;
  if (fgets (buf, sizeof buf, f) == NULL || sscanf (buf, "%llu %llu", &run, &wait) != 2)
    wait = 0;
  fclose (f);
  return wait / 1000;
}

/* The whole process's CPU time (the search thread's share is most of it). */
static gint64
process_cpu_us (void)
{
  struct rusage ru;

  if (getrusage (RUSAGE_SELF, &ru) != 0)
    return 0;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * G_USEC_PER_SEC
         + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

/* The machine's load average (1, 5, 15 min): the machine is shared, and
 * long frames come with load. */
static char *
load_average (void)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return g_strdup ("unknown");
  fields = g_strsplit (g_strstrip (text), " ", 4);
  if (g_strv_length (fields) < 3)
    return g_strdup ("unknown");
  return g_strdup_printf ("%s %s %s", fields[0], fields[1], fields[2]);
}

/* The nice value of the computer's search thread, found by its name. */
static char *
search_thread_nice (void)
{
  int nice, policy;

  if (!kz_test_find_thread ("kuzhi-search", &nice, &policy))
    return g_strdup ("not found (no thread named kuzhi-search)");
  return g_strdup_printf ("nice %d", nice);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static Figure
report (const char *what,
        GArray     *values,
        const char *target)
{
  double *v = (double *) values->data;
  double sum = 0;
  guint n = values->len;
  Figure f = { 0 };

  if (n == 0)
    {
      g_print ("%s: no samples\n", what);
      return f;
    }
  qsort (v, n, sizeof *v, compare_double);
  for (guint i = 0; i < n; i++)
    {
      sum += v[i];
      f.over += v[i] > FRAME_MS;
    }
  f.n = n;
  f.p99 = v[MIN (n - 1, n * 99 / 100)];
  f.max = v[n - 1];
  g_print ("%s (%u samples): mean %.2f ms, median %.2f ms, 99th percentile %.2f ms, max %.2f ms, over %.0f ms: %u%s\n",
           what, n, sum / n, v[n / 2], f.p99, f.max, FRAME_MS, f.over, target);
  return f;
}

static void
on_update (GdkFrameClock *clock,
           Frames        *frames)
{
  frames->update_at = g_get_monotonic_time ();
  frames->update_cpu = thread_cpu_us ();
  frames->update_wait = thread_wait_us ();
}

static void
on_after_paint (GdkFrameClock *clock,
                Frames        *frames)
{
  gint64 now = g_get_monotonic_time ();

  if (frames->recording && frames->update_at != 0)
    {
      double work = (now - frames->update_at) / 1000.0;
      double cpu = (thread_cpu_us () - frames->update_cpu) / 1000.0;
      double waited = (thread_wait_us () - frames->update_wait) / 1000.0;
      g_array_append_val (frames->work, work);
      g_array_append_val (frames->cpu, cpu);
      g_array_append_val (frames->waited, waited);
      if (work > FRAME_MS / 2)
        g_print ("  long frame %u, %.0f ms in: %.2f ms, of which the main thread ran %.2f ms, "
                 "waited for a core %.2f ms, and slept (on the X server) the rest\n",
                 frames->work->len, (frames->update_at - frames->recording_since) / 1000.0, work, cpu, waited);
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

/* The share of a core the search had since wall0: the process's CPU time
 * less the main thread's, over the wall time (a whole core would be 1).
 * The other threads (GLib's, the X connection's) use next to nothing. */
static double
search_cores (gint64 wall0,
              gint64 process0,
              gint64 main0)
{
  gint64 wall = g_get_monotonic_time () - wall0;

  return wall > 0 ? (double) ((process_cpu_us () - process0) - (thread_cpu_us () - main0)) / wall : 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *load_start = NULL, *load_end = NULL, *nice = NULL;
  KuzhiWindow *window;
  KuzhiBoardView *board;
  GdkFrameClock *clock;
  Frames frames = { 0 };
  guint frame = 0, tick;
  g_autoptr(GArray) snapshots = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) snapshots_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) latency = g_array_new (FALSE, FALSE, sizeof (double));
  Figure base_work, work, work_cpu, work_wait, snap, snap_cpu, late;
  double cores_frames, cores_snap;
  gint64 start, start_cpu, start_main;
  int w, h;

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();
  kz_test_keep_icons ();
  settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  g_settings_set_string (settings, "animation-speed", "instant");
  g_settings_set_int (settings, "computer-time", SEARCH_MS);

  window = kuzhi_window_new (NULL);
  board = kuzhi_window_get_board_view (window);
  kz_test_window_show (window);
  kz_test_spin (250);
  w = gtk_widget_get_width (GTK_WIDGET (board));
  h = gtk_widget_get_height (GTK_WIDGET (board));
  load_start = load_average ();
  g_print ("Hard searching %d ms (Constitution, 5 shells) in its thread; board %d×%d px, %s, %u CPUs; load average %s\n",
           SEARCH_MS, w, h, g_getenv ("GSK_RENDERER"), g_get_num_processors (), load_start);

  /* 1. Real frames: the frame clock paints the window every frame while
   * the board changes, and the search runs. */
  frames.work = g_array_new (FALSE, FALSE, sizeof (double));
  frames.cpu = g_array_new (FALSE, FALSE, sizeof (double));
  frames.waited = g_array_new (FALSE, FALSE, sizeof (double));
  frames.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "update", G_CALLBACK (on_update), &frames);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &frames);
  tick = gtk_widget_add_tick_callback (GTK_WIDGET (board), on_tick, &frame, NULL);

  /* The same frames with no search, for comparison: the machine is shared,
   * and what the search adds is the difference. */
  frames.recording = TRUE;
  frames.recording_since = g_get_monotonic_time ();
  kz_test_spin (SEARCH_MS);
  frames.recording = FALSE;
  base_work = report ("BASELINE, no search: window frame, update to after-paint", frames.work, "");
  report ("BASELINE, no search: main thread's CPU time in a frame", frames.cpu, "");
  report ("BASELINE, no search: main thread's wait for a core in a frame", frames.waited, "");
  report ("BASELINE, no search: interval between frames", frames.intervals, "");
  g_array_set_size (frames.work, 0);
  g_array_set_size (frames.cpu, 0);
  g_array_set_size (frames.waited, 0);
  g_array_set_size (frames.intervals, 0);
  frames.last_paint = 0;

  start_hard (window);
  frames.recording = TRUE;
  start = frames.recording_since = g_get_monotonic_time ();
  start_cpu = process_cpu_us ();
  start_main = thread_cpu_us ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    {
      g_main_context_iteration (NULL, TRUE);
      if (nice == NULL && g_get_monotonic_time () - start > 500 * 1000)
        nice = search_thread_nice ();
    }
  g_print ("the search thread: %s\n", nice);
  cores_frames = search_cores (start, start_cpu, start_main);
  frames.recording = FALSE;
  gtk_widget_remove_tick_callback (GTK_WIDGET (board), tick);
  work = report ("window frame during the search, update to after-paint", frames.work, " (target: max < 16 ms)");
  work_cpu = report ("main thread's CPU time in a frame during the search", frames.cpu, " (the frame's own work)");
  work_wait = report ("main thread's wait for a core in a frame during the search", frames.waited, "");
  report ("interval between frames during the search", frames.intervals, " (the frame clock's pace, ~16.7 ms)");

  /* 2. The board's own snapshot and render, back to back, during the search. */
  start_hard (window);
  start = g_get_monotonic_time ();
  start_cpu = process_cpu_us ();
  start_main = thread_cpu_us ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      gint64 t0, c0;
      double ms;
      int p = frame++ % 12;
      KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);
      int count = kuzhi_board_view_get_displayed (board)->pits[p];

      kuzhi_cup_set_count (cup, kuzhi_cup_get_count (cup) == count ? count + 1 : count);
      t0 = g_get_monotonic_time ();
      c0 = thread_cpu_us ();
      GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)),
                                             node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      ms = (g_get_monotonic_time () - t0) / 1000.0;
      g_array_append_val (snapshots, ms);
      ms = (thread_cpu_us () - c0) / 1000.0;
      g_array_append_val (snapshots_cpu, ms);
      g_object_unref (texture);
      gsk_render_node_unref (node);
      g_main_context_iteration (NULL, FALSE);
    }
  cores_snap = search_cores (start, start_cpu, start_main);
  snap = report ("board snapshot + render during the search", snapshots, " (target: max < 16 ms)");
  snap_cpu = report ("main thread's CPU time in a board snapshot + render", snapshots_cpu, "");

  /* 3. The main loop answers: how late a 5 ms timeout fires during the search. */
  start_hard (window);
  start = g_get_monotonic_time ();
  while (is_thinking (window) && g_get_monotonic_time () - start < (SEARCH_MS + 2000) * 1000)
    {
      gint64 t0 = g_get_monotonic_time ();
      double late_ms;

      kz_test_spin (5);
      late_ms = (g_get_monotonic_time () - t0) / 1000.0 - 5.0;
      g_array_append_val (latency, late_ms);
    }
  late = report ("lateness of a 5 ms main-loop timeout during the search", latency, "");

  /* The move was played, and undo during a search stops it at once. */
  {
    gint64 t0;

    start_hard (window);
    t0 = g_get_monotonic_time ();
    kuzhi_window_set_player_level (window, 0, KZ_LEVEL_NONE);
    g_print ("cancelling a Hard search from the window: %.3f ms until the window is free\n",
             (g_get_monotonic_time () - t0) / 1000.0);
  }

  /* 4. The Analysis mode: real frames while every move is valued in the
   * background and the cups are rewritten after each iteration. */
  {
    Figure analysis, analysis_cpu;
    guint updates = 0;
    const KzAnalysis *last = NULL;
    int last_depth = 0;

    kuzhi_window_set_player_level (window, 0, KZ_LEVEL_NONE);
    kuzhi_window_start_match (window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL);
    g_array_set_size (frames.work, 0);
    g_array_set_size (frames.cpu, 0);
    g_array_set_size (frames.waited, 0);
    frames.last_paint = 0;
    tick = gtk_widget_add_tick_callback (GTK_WIDGET (board), on_tick, &frame, NULL);
    g_settings_set_boolean (settings, "analysis", TRUE);
    frames.recording = TRUE;
    start = frames.recording_since = g_get_monotonic_time ();
    while (g_get_monotonic_time () - start < SEARCH_MS * 1000)
      {
        g_main_context_iteration (NULL, TRUE);
        last = kuzhi_window_analysis_get (window);
        if (last != NULL && last->depth != last_depth)
          {
            updates++;
            last_depth = last->depth;
          }
      }
    frames.recording = FALSE;
    gtk_widget_remove_tick_callback (GTK_WIDGET (board), tick);
    analysis = report ("window frame during the analysis, update to after-paint", frames.work, " (target: max < 16 ms)");
    analysis_cpu = report ("main thread's CPU time in a frame during the analysis", frames.cpu, " (the frame's own work)");
    report ("main thread's wait for a core in a frame during the analysis", frames.waited, "");
    g_print ("the analysis reached %d turns deep in %d ms, the cups rewritten %u times\n", last_depth, SEARCH_MS, updates);
    g_settings_set_boolean (settings, "analysis", FALSE);
    g_print ("SUMMARY during the analysis: window frame max %.2f ms, p99 %.2f ms, over %.0f ms %u/%u (its CPU max %.2f ms, p99 %.2f ms)\n",
             analysis.max, analysis.p99, FRAME_MS, analysis.over, analysis.n, analysis_cpu.max, analysis_cpu.p99);
  }

  /* One line to compare runs by. */
  load_end = load_average ();
  g_print ("\nSUMMARY during the Hard search: window frame max %.2f ms, p99 %.2f ms, over %.0f ms %u/%u "
           "(its CPU max %.2f ms, p99 %.2f ms; waiting for a core max %.2f ms); board snapshot+render max %.2f ms, p99 %.2f ms, over %.0f ms %u/%u "
           "(CPU max %.2f ms, p99 %.2f ms); 5 ms timeout late max %.2f ms, p99 %.2f ms; "
           "baseline frame max %.2f ms, over %.0f ms %u/%u; the search had %.2f / %.2f of a core; search thread %s; "
           "load average %s at start, %s at end\n",
           work.max, work.p99, FRAME_MS, work.over, work.n, work_cpu.max, work_cpu.p99, work_wait.max,
           snap.max, snap.p99, FRAME_MS, snap.over, snap.n, snap_cpu.max, snap_cpu.p99,
           late.max, late.p99, base_work.max, FRAME_MS, base_work.over, base_work.n,
           cores_frames, cores_snap, nice, load_start, load_end);

  g_array_unref (frames.work);
  g_array_unref (frames.cpu);
  g_array_unref (frames.waited);
  g_array_unref (frames.intervals);
  gtk_window_destroy (GTK_WINDOW (window));
  kz_test_spin (100);
  return 0;
}
