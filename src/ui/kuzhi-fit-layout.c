/* kuzhi-fit-layout.c — a layout manager for a scrolled window that asks for as much height as its content needs at the width it is given.
 *
 * GTK 4.8's GtkScrolledWindow, asked for its natural height at a width,
 * gives its content's natural height at no width at all: for wrapping
 * text, one long line's. With "propagate-natural-height" it then asks for
 * too little, and text that would fit is scrolled in a strip; without
 * it, the window around gets no say in its height. This layout asks the
 * content itself, at the width given, and leaves the least height to the
 * scrolled window, so that a window as short as a phone's still fits
 * (the first start's welcome, kuzhi-welcome.c; what a lesson says and
 * its buttons, kuzhi-learn-window.ui). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-fit-layout.h"

struct _KuzhiFitLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (KuzhiFitLayout, kuzhi_fit_layout, GTK_TYPE_LAYOUT_MANAGER)

static GtkSizeRequestMode
kuzhi_fit_layout_get_request_mode (GtkLayoutManager *layout,
                                   GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
kuzhi_fit_layout_measure (GtkLayoutManager *layout,
                          GtkWidget        *widget,
                          GtkOrientation    orientation,
                          int               for_size,
                          int              *minimum,
                          int              *natural,
                          int              *minimum_baseline,
                          int              *natural_baseline)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (widget);
  GtkWidget *content;
  int content_natural = 0;

  *minimum = *natural = 0;
  if (scrolled == NULL || !gtk_widget_should_layout (scrolled))
    return;
  gtk_widget_measure (scrolled, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation != GTK_ORIENTATION_VERTICAL || !GTK_IS_SCROLLED_WINDOW (scrolled))
    return;
  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  if (content != NULL)
    gtk_widget_measure (content, orientation, for_size, NULL, &content_natural, NULL, NULL);
  *natural = MAX (*minimum, content_natural);
}

static void
kuzhi_fit_layout_allocate (GtkLayoutManager *layout,
                           GtkWidget        *widget,
                           int               width,
                           int               height,
                           int               baseline)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (widget);

  if (scrolled != NULL && gtk_widget_should_layout (scrolled))
    gtk_widget_allocate (scrolled, width, height, baseline, NULL);
}

static void
kuzhi_fit_layout_class_init (KuzhiFitLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = kuzhi_fit_layout_get_request_mode;
  layout_class->measure = kuzhi_fit_layout_measure;
  layout_class->allocate = kuzhi_fit_layout_allocate;
}

static void
kuzhi_fit_layout_init (KuzhiFitLayout *self)
{
}
