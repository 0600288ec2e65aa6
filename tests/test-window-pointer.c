/* test-window-pointer.c — a cup clicked with the X server's own pointer (xdotool) plays, even when GTK makes up a motion event with the button already up before the click's release reaches it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-window.h"

/* Runs xdotool with `args` and waits for it: once it has exited, the X
 * server has done what it asked. */
static void
xdotool (const char *args)
{
  g_autofree char *command = g_strdup_printf ("xdotool %s", args);
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
}

static gboolean
cup_has_state (gpointer data)
{
  GtkWidget *cup = ((gpointer *) data)[0];
  GtkStateFlags state = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return (gtk_widget_get_state_flags (cup) & state) != 0;
}

static gboolean
has_moved (gpointer data)
{
  return kuzhi_game_model_get_last_move (data, NULL, NULL, NULL);
}

static gboolean
is_nonzero (gpointer data)
{
  return *(guint *) data != 0;
}

static void
on_resume_events (GdkFrameClock *clock,
                  guint         *resumed)
{
  (*resumed)++;
}

/* Counts, ahead of every widget, the motion events GDK makes up
 * (GDK_CURRENT_TIME) that say button 1 is up. */
static gboolean
on_window_event (GtkEventControllerLegacy *legacy,
                 GdkEvent                 *event,
                 guint                    *stale_motion)
{
  if (gdk_event_get_event_type (event) == GDK_MOTION_NOTIFY &&
      gdk_event_get_time (event) == GDK_CURRENT_TIME &&
      !(gdk_event_get_modifier_state (event) & GDK_BUTTON1_MASK))
    (*stale_motion)++;
  return GDK_EVENT_PROPAGATE;
}

/* The race of a quick click (xdotool's, an accessibility tool's, a
 * remote desktop's: press and release sent together) on a busy machine,
 * set up step by step. After a change of layout GDK makes up a motion
 * event at the next frame, with the buttons the X server says are down
 * then; when the server has already taken the release and GTK has not
 * read it yet, that motion says the button is up while the cup's click
 * is under way, and GTK 4.8 cancels the click: the release then comes
 * unpaired and the move is lost (seen in ui-two-instances under load). */
static void
test_quick_click (KzTestWindow  *w,
                  gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (w->window);
  GtkNative *native = GTK_NATIVE (window);
  GtkWidget *cup = GTK_WIDGET (kuzhi_board_view_get_cup (w->board, 0));
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gpointer hovered[] = { cup, GUINT_TO_POINTER (GTK_STATE_FLAG_PRELIGHT) };
  gpointer pressed[] = { cup, GUINT_TO_POINTER (GTK_STATE_FLAG_ACTIVE) };
  graphene_point_t centre, in_window;
  double dx, dy;
  g_autofree char *move = NULL;
  guint resumed = 0, stale_motion = 0;
  gulong id;

  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (on_window_event), &stale_motion);
  gtk_widget_add_controller (window, legacy);

  /* The pointer over the first cup, which the player to move may sow. */
  g_assert_false (has_moved (w->model));
  g_assert_true (kuzhi_board_view_get_cup_center (w->board, 0, &dx, &dy));
  centre = GRAPHENE_POINT_INIT (dx, dy);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (w->board), window, &centre, &in_window));
  gtk_native_get_surface_transform (native, &dx, &dy);
  move = g_strdup_printf ("mousemove --window %lu %d %d",
                          (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                          (int) (in_window.x + dx), (int) (in_window.y + dy));
  xdotool (move);
  g_assert_true (kz_test_spin_until (cup_has_state, hovered, 5000));

  /* The button goes down: the cup's click begins. */
  xdotool ("mousedown 1");
  g_assert_true (kz_test_spin_until (cup_has_state, pressed, 5000));

  /* A frame ends: GDK's events flow. */
  id = g_signal_connect_after (clock, "resume-events", G_CALLBACK (on_resume_events), &resumed);
  gtk_widget_queue_draw (window);
  g_assert_true (kz_test_spin_until (is_nonzero, &resumed, 5000));
  g_signal_handler_disconnect (clock, id);

  /* The next frame, its phases run here in turn with the main loop held,
   * as a loaded machine can hold it: its layout changes (a label's new
   * text would do), so GDK is to make up a motion event at the frame
   * after; the button comes up at the X server, and before GTK reads
   * that, the next frame's first phase delivers the made-up motion; its
   * last phase lets GDK's events flow again. */
  stale_motion = 0;
  gtk_widget_queue_resize (window);
  g_signal_emit_by_name (clock, "layout");
  xdotool ("mouseup 1");
  g_signal_emit_by_name (clock, "flush-events");
  g_signal_emit_by_name (clock, "resume-events");
  g_assert_cmpuint (stale_motion, >, 0);

  /* The release is read: the click plays the cup. */
  g_assert_true (kz_test_spin_until (has_moved, w->model, 5000));
  gtk_widget_remove_controller (window, legacy);
}

int
main (int   argc,
      char *argv[])
{
  kz_test_gtk_init (&argc, &argv);

  g_test_add ("/pointer/quick-click", KzTestWindow, NULL, kz_test_window_setup, test_quick_click, kz_test_window_teardown);

  return g_test_run ();
}
