/* bench-ui.c — the window's speed and memory: time to the first frame, resident memory at the start, after hot-seat matches and through a match against Hard with hints, one board frame while sowing. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <stdio.h>
#include <string.h>

#include "kuzhi-application.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-window.h"

static gint64 t_main;
static gint64 t_first_frame;

/* A field of /proc/self/status in KiB: VmRSS (resident now) or VmHWM
 * (the most it was resident). */
static long
status_kib (const char *field)
{
  g_autofree char *status = NULL;
  g_autofree char *format = g_strdup_printf ("%s: %%ld", field);
  const char *line;
  long kib = -1;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, field);
  if (line != NULL)
    sscanf (line, format, &kib);
  return kib;
}

static long
rss_kib (void)
{
  return status_kib ("VmRSS");
}

/* Kalah against Hard (1 s a move), Player 1 asking for a hint before each
 * of their turns and playing it. Returns the most resident memory seen
 * between moves. */
static long
play_against_hard (KuzhiWindow *window)
{
  KuzhiGameModel *model = kuzhi_window_get_model (window);
  long most = rss_kib ();
  int hints = 0, turns = 0;

  kuzhi_window_start_match (window, KZ_VARIANT_KALAH, 4, NULL, NULL);
  kuzhi_window_set_player_level (window, 1, KZ_LEVEL_HARD);
  while (!kuzhi_game_model_get_over (model))
    {
      KzAction hint = KZ_ACTION_NONE;
      gint64 until;

      if (kuzhi_window_computer_to_move (window))
        {
          kz_test_spin (20);
          continue;
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
      until = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
      while ((hint = kuzhi_window_computer_get_hint (window, NULL)) == KZ_ACTION_NONE &&
             g_get_monotonic_time () < until)
        g_main_context_iteration (NULL, TRUE);
      if (hint == KZ_ACTION_NONE)
        {
          g_printerr ("warning: no hint came within 10 s\n");
          break;
        }
      hints++;
      most = MAX (most, rss_kib ());
      gtk_widget_activate_action (GTK_WIDGET (window), "win.sow", "i", (int) hint);
      turns++;
      kz_test_spin (20);
      most = MAX (most, rss_kib ());
    }
  kuzhi_window_set_player_level (window, 1, KZ_LEVEL_NONE);
  g_print ("against Hard: %d turns with %d hints, %s\n", turns, hints,
           kuzhi_game_model_get_over (model) ? "to the end" : "stopped early");
  return MAX (most, rss_kib ());
}

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (t_first_frame == 0)
    t_first_frame = g_get_monotonic_time ();
}

static void
play_match (KuzhiWindow *window,
            guint32      seed)
{
  KuzhiGameModel *model = kuzhi_window_get_model (window);
  GRand *rand = g_rand_new_with_seed (seed);

  kuzhi_window_start_match (window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL);
  for (int ply = 0; ply < 5000 && !kuzhi_game_model_get_over (model); ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (model, legal);
      KzAction a = legal[g_rand_int_range (rand, 0, n)];

      if (KZ_ACTION_IS_MARK (a))
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-lucky", NULL);
          g_signal_emit_by_name (kuzhi_board_view_get_cup (kuzhi_window_get_board_view (window),
                                                           KZ_ACTION_MARK_CUP (a)), "activate");
        }
      else if (a == KZ_ACTION_REFILL)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.refill", NULL);
      else
        gtk_widget_activate_action (GTK_WIDGET (window), "win.sow", "i", (int) a);
      if (ply % 16 == 0)
        while (g_main_context_iteration (NULL, FALSE));
    }
  g_rand_free (rand);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Draws the board the way the frame clock does in the middle of a sowing:
 * the board itself and one cup changed ("typical"), or every cup redrawn
 * as after a resize ("full"). */
static void
measure_frames (KuzhiBoardView *board,
                GskRenderer    *renderer,
                gboolean        all_cups,
                const char     *what)
{
  GtkWidget *widget = GTK_WIDGET (board);
  enum { N = 300 };
  double times[N];
  double sum = 0;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  for (int i = 0; i < N; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      gint64 t0;

      /* A cup is redrawn when what it shows changes: nudge its count. */
      gtk_widget_queue_draw (widget);
      for (int p = 0; p < 14; p++)
        if (all_cups || p == i % 14)
          {
            KuzhiCup *cup = kuzhi_board_view_get_cup (board, p);
            int count = kuzhi_board_view_get_displayed (board)->pits[p];
            kuzhi_cup_set_count (cup, kuzhi_cup_get_count (cup) == count ? count + 1 : count);
          }
      t0 = g_get_monotonic_time ();
      /* What the frame clock runs for this widget: its snapshot(), which
       * reuses each cup's node unless that cup was queued for drawing. */
      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
      times[i] = (g_get_monotonic_time () - t0) / 1000.0;
      sum += times[i];
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }
  qsort (times, N, sizeof times[0], compare_double);
  g_print ("board frame while sowing, %s (%s, %d×%d px, %d frames): mean %.2f ms, median %.2f ms, 95th percentile %.2f ms (target < 8 ms)\n",
           what, G_OBJECT_TYPE_NAME (renderer), w, h, N, sum / N, times[N / 2], times[N * 95 / 100]);
}

static void
bench_frames (KuzhiWindow *window,
              GSettings   *settings)
{
  KuzhiBoardView *board = kuzhi_window_get_board_view (window);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));

  g_settings_set_string (settings, "animation-speed", "slow");
  kuzhi_window_start_match (window, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.sow", "i", 0);
  kz_test_spin (700);
  if (!kuzhi_board_view_get_animating (board))
    g_printerr ("warning: the animation ended before the frames were drawn\n");
  measure_frames (board, renderer, FALSE, "typical: the board and one cup");
  measure_frames (board, renderer, TRUE, "full: every cup redrawn");
  kuzhi_board_view_finish_animation (board);
}

static void
on_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  KuzhiWindow *kw = KUZHI_WINDOW (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  GdkFrameClock *clock;
  gint64 start;
  long rss_start, rss_end, rss_hard, rss_after_hard;

  /* The first frame: the frame clock's first paint of the window. */
  gtk_widget_realize (GTK_WIDGET (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  start = g_get_monotonic_time ();
  while (t_first_frame == 0 && g_get_monotonic_time () - start < 10 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_print ("time from main() to the first frame: %.1f ms (target < 500 ms)\n",
           (t_first_frame - t_main) / 1000.0);

  kz_test_spin (200);
  rss_start = rss_kib ();
  g_settings_set_string (settings, "animation-speed", "instant");
  for (guint32 seed = 1; seed <= 3; seed++)
    play_match (kw, seed);
  kz_test_spin (200);
  rss_end = rss_kib ();
  rss_hard = play_against_hard (kw);
  kz_test_spin (200);
  rss_after_hard = rss_kib ();
  g_print ("resident memory (target < 100 MB each): %.1f MB at the start, %.1f MB after three whole hot-seat matches, "
           "%.1f MB at most through a match against Hard with hints, %.1f MB after it (search table then %" G_GSIZE_FORMAT " bytes); "
           "peak of the whole run %.1f MB\n",
           rss_start / 1024.0, rss_end / 1024.0, rss_hard / 1024.0, rss_after_hard / 1024.0,
           kuzhi_window_computer_get_table_bytes (kw), status_kib ("VmHWM") / 1024.0);

  bench_frames (kw, settings);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KuzhiApplication) app = NULL;
  g_autofree char *data_home = NULL;

  t_main = g_get_monotonic_time ();
  data_home = g_dir_make_tmp ("kuzhi-bench-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  kz_test_keep_icons ();
  app = kuzhi_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), 1, argv);
}
