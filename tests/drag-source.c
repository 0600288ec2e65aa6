/* drag-source.c — another program's window to drag from, for ui-drop.sh: it offers a file (as a file manager does) or a text (as a text editor does), copy or move, and when the drag ends prints what the target chose ("drag-end copy", "drag-end move" or "drag-end none": a file manager deletes the file after a move) and ends. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gtk/gtk.h>

static void
on_drag_end (GtkDragSource *source,
             GdkDrag       *drag,
             gboolean       delete_data,
             gboolean      *done)
{
  GdkDragAction action = gdk_drag_get_selected_action (drag);

  g_print ("drag-end %s\n", delete_data || action == GDK_ACTION_MOVE ? "move" : action == GDK_ACTION_COPY ? "copy" : "none");
  *done = TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GdkContentProvider) content = NULL;
  GtkDragSource *source;
  GtkWidget *window, *label;
  gboolean done = FALSE;

  if (argc != 3 || (g_strcmp0 (argv[1], "--file") != 0 && g_strcmp0 (argv[1], "--text") != 0))
    {
      g_printerr ("Usage: drag-source --file PATH | --text TEXT\n");
      return 2;
    }
  gtk_init ();
  if (g_strcmp0 (argv[1], "--file") == 0)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[2]);

      content = gdk_content_provider_new_typed (G_TYPE_FILE, file);
    }
  else
    content = gdk_content_provider_new_typed (G_TYPE_STRING, argv[2]);

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Drag source");
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 150);
  label = gtk_label_new ("Drag me");
  gtk_window_set_child (GTK_WINDOW (window), label);
  source = gtk_drag_source_new ();
  gtk_drag_source_set_content (source, content);
  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "drag-end", G_CALLBACK (on_drag_end), &done);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (source));
  gtk_window_present (GTK_WINDOW (window));

  while (!done && g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    g_main_context_iteration (NULL, TRUE);
  return 0;
}
