/* test-window-pointer.c — the X server's own pointer (xdotool): a cup clicked plays, even when GTK makes up a motion event with the button already up before the click's release reaches it; a match file or a record dragged from another window onto Kuzhi's opens, as Open and Paste do. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include <glib/gstdio.h>

#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-util.h"
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

/* Moves the X server's pointer to (`x`, `y`) in `widget`'s coordinates. */
static void
move_pointer_to (GtkWidget *widget,
                 double     x,
                 double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y), in_native;
  g_autofree char *move = NULL;
  double dx, dy;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &point, &in_native));
  gtk_native_get_surface_transform (native, &dx, &dy);
  move = g_strdup_printf ("mousemove --window %lu %d %d",
                          (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                          (int) (in_native.x + dx), (int) (in_native.y + dy));
  xdotool (move);
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
  GtkWidget *cup = GTK_WIDGET (kuzhi_board_view_get_cup (w->board, 0));
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  gpointer hovered[] = { cup, GUINT_TO_POINTER (GTK_STATE_FLAG_PRELIGHT) };
  gpointer pressed[] = { cup, GUINT_TO_POINTER (GTK_STATE_FLAG_ACTIVE) };
  double x, y;
  guint resumed = 0, stale_motion = 0;
  gulong id;

  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (on_window_event), &stale_motion);
  gtk_widget_add_controller (window, legacy);

  /* The pointer over the first cup, which the player to move may sow. */
  g_assert_false (has_moved (w->model));
  g_assert_true (kuzhi_board_view_get_cup_center (w->board, 0, &x, &y));
  move_pointer_to (GTK_WIDGET (w->board), x, y);
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

/* --- dragged onto the window ----------------------------------------------- */

/* Another program's window offering `content` to drag, as a file manager
 * offers a file or a text editor a selection (copy or move), at the
 * screen's right, clear of Kuzhi's window. */
static GtkDragSource *
new_drag_source (GdkContentProvider *content)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("Drag me");
  GtkDragSource *source = gtk_drag_source_new ();
  g_autofree char *move = NULL;

  gtk_drag_source_set_content (source, content);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 150);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (label) || gtk_widget_get_width (label) == 0)
    g_main_context_iteration (NULL, TRUE);
  move = g_strdup_printf ("windowmove %lu 1060 0",
                          (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
  xdotool (move);
  kz_test_spin (200);
  return source;
}

/* A player's drag: the button pressed on `from`, the pointer moved past
 * GTK's drag threshold and across to the middle of Kuzhi's board, where
 * the window is marked as the drop's target (its board ringed: `shot`,
 * when given, pictures it) and the button comes up. */
static void
drag_to_board (GtkDragSource *source,
               KzTestWindow  *w,
               const char    *shot)
{
  GtkWidget *from = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *board = GTK_WIDGET (w->board);
  double x = gtk_widget_get_width (board) / 2.0, y = gtk_widget_get_height (board) / 2.0;

  move_pointer_to (from, 40, 40);
  kz_test_spin (100);
  xdotool ("mousedown 1");
  kz_test_spin (100);
  for (int step = 1; step <= 4; step++)
    {
      move_pointer_to (from, 40 + 10 * step, 40);
      kz_test_spin (100);
    }
  for (int step = 0; step < 4; step++)
    {
      move_pointer_to (board, x + 5 * step, y);
      kz_test_spin (150);
    }
  g_assert_true (gtk_widget_get_state_flags (GTK_WIDGET (w->window)) & GTK_STATE_FLAG_DROP_ACTIVE);
  if (shot != NULL)
    kz_test_capture (GTK_WIDGET (w->window), shot);
  xdotool ("mouseup 1");
}

static gboolean
has_file (gpointer data)
{
  KzTestWindow *w = data;

  return kuzhi_window_get_file (w->window) != NULL;
}

static gboolean
has_dialog (gpointer data)
{
  KzTestWindow *w = data;

  return kuzhi_window_get_message_dialog (w->window) != NULL;
}

static gboolean
has_toast (gpointer data)
{
  KzTestWindow *w = data;

  return kuzhi_window_get_toast_shown (w->window);
}

/* Answers the message dialog on screen with `label`'s button. */
static void
answer_dialog (KzTestWindow *w,
               const char   *heading,
               const char   *label)
{
  AdwMessageDialog *dialog;
  GtkWidget *button;

  g_assert_true (kz_test_spin_until (has_dialog, w, 5000));
  dialog = kuzhi_window_get_message_dialog (w->window);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  button = kz_test_find_button (GTK_WIDGET (dialog), label);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  kz_test_spin (200);
}

/* A saved match dragged from the file manager onto a match with a turn
 * played: asked first, as Open asks; Discard, and the file is open. A
 * file that is no match is refused with the reason, and changes
 * nothing. */
static void
test_drop_file (KzTestWindow  *w,
                gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-drop-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "dropped.kuzhi", NULL);
  g_autofree char *junk_path = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) junk = g_file_new_for_path (junk_path);
  g_autoptr(GdkContentProvider) content = NULL;
  GFile *opened;
  KzMatch saved = { 0 }, before;
  KzAction legal[KZ_MAX_ACTIONS];
  GtkDragSource *source;

  g_assert_true (kz_match_init (&saved, KZ_VARIANT_KALAH, NULL, NULL, 0));
  for (int t = 0; t < 3; t++)
    {
      g_assert_cmpint (kz_position_variant (&saved.pos)->legal (&saved.pos, legal), >, 0);
      g_assert_true (kz_match_play (&saved, legal[0], NULL));
    }
  g_assert_true (kuzhi_match_file_save (&saved, NULL, path, NULL));
  g_assert_true (g_file_set_contents (junk_path, "Shopping: rice, lentils\n", -1, NULL));

  g_assert_cmpint (kuzhi_game_model_get_legal (w->model, legal), >, 0);
  g_assert_true (kuzhi_game_model_play (w->model, legal[0], NULL));
  kz_test_spin (50);

  content = gdk_content_provider_new_typed (G_TYPE_FILE, file);
  source = new_drag_source (content);
  drag_to_board (source, w, "drop-file.png");
  answer_dialog (w, "Save This Match?", "_Discard");
  g_assert_true (kz_test_spin_until (has_file, w, 5000));
  opened = kuzhi_window_get_file (w->window);
  g_assert_true (g_file_equal (opened, file));
  kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &saved);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));   /* copied, never moved */

  /* Not a match: "Could Not Open", and the match stays. */
  kz_match_copy (&before, kuzhi_game_model_get_match (w->model));
  g_clear_object (&content);
  content = gdk_content_provider_new_typed (G_TYPE_FILE, junk);
  gtk_drag_source_set_content (source, content);
  drag_to_board (source, w, NULL);
  answer_dialog (w, "Could Not Open “notes.txt”", "_Close");
  kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &before);
  opened = kuzhi_window_get_file (w->window);
  g_assert_true (g_file_equal (opened, file));
  g_assert_true (g_file_test (junk_path, G_FILE_TEST_EXISTS));

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)))));
  kz_match_clear (&before);
  kz_match_clear (&saved);
  g_unlink (path);
  g_unlink (junk_path);
  g_rmdir (dir);
}

/* A record or position in Kuzhi's notation, selected in a text editor and
 * dragged onto the window, replaces the match as pasting it does; text
 * that is no position says why, and changes nothing. */
static void
test_drop_text (KzTestWindow  *w,
                gconstpointer  data)
{
  const char *line = "mangala 5 5 5 5 5 5 / 3 3 3 3 3 3 stores 0 0 north to move";
  g_autoptr(GdkContentProvider) content = gdk_content_provider_new_typed (G_TYPE_STRING, line);
  GtkDragSource *source = new_drag_source (content);
  KzMatch before;

  drag_to_board (source, w, NULL);
  g_assert_true (kz_test_spin_until (has_toast, w, 5000));
  g_assert_cmpstr (kuzhi_window_get_last_toast (w->window), ==, "Position opened");
  g_assert_cmpint (kuzhi_game_model_get_variant (w->model), ==, KZ_VARIANT_MANGALA);
  g_assert_cmpint (kuzhi_game_model_get_position (w->model)->to_move, ==, 1);

  kz_match_copy (&before, kuzhi_game_model_get_match (w->model));
  kuzhi_window_dismiss_toast (w->window);
  g_clear_object (&content);
  content = gdk_content_provider_new_typed (G_TYPE_STRING, "Shopping: rice, lentils");
  gtk_drag_source_set_content (source, content);
  drag_to_board (source, w, NULL);
  g_assert_true (kz_test_spin_until (has_toast, w, 5000));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_last_toast (w->window), "Cannot open the dropped text: "));
  kz_test_assert_same_match (kuzhi_game_model_get_match (w->model), &before);

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)))));
  kz_match_clear (&before);
}

int
main (int   argc,
      char *argv[])
{
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

  g_test_add ("/pointer/quick-click", KzTestWindow, NULL, kz_test_window_setup, test_quick_click, kz_test_window_teardown);
  g_test_add ("/pointer/drop-file", KzTestWindow, NULL, kz_test_window_setup, test_drop_file, kz_test_window_teardown);
  g_test_add ("/pointer/drop-text", KzTestWindow, NULL, kz_test_window_setup, test_drop_text, kz_test_window_teardown);

  return g_test_run ();
}
