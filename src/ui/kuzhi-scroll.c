/* kuzhi-scroll.c — part of a widget brought into sight in the scrolled window around it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-scroll.h"

void
kuzhi_scroll_into_sight (GtkWidget             *widget,
                         const graphene_rect_t *area)
{
  GtkWidget *scroller, *viewport;
  GtkAdjustment *adj;
  graphene_rect_t box;
  double x, y, top, bottom, page;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return;
  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (viewport == NULL)
    return;
  if (area == NULL)
    {
      /* Its border box: a widget's own coordinates begin inside it. */
      if (!gtk_widget_compute_bounds (widget, viewport, &box))
        return;
      top = box.origin.y;
      bottom = top + box.size.height;
    }
  else
    {
      if (!gtk_widget_translate_coordinates (widget, viewport, area->origin.x, area->origin.y, &x, &y))
        return;
      top = y;
      bottom = y + area->size.height;
    }
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  page = gtk_adjustment_get_page_size (adj);
  if (top < 0 || bottom - top > page)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + top);
  else if (bottom > page)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + bottom - page);
}

static void
on_after_paint (GdkFrameClock *clock,
                GtkWidget     *widget)
{
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, widget);
  kuzhi_scroll_into_sight (widget, NULL);
}

void
kuzhi_scroll_into_sight_later (GtkWidget *widget)
{
  GdkFrameClock *clock;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL)
    return;
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, widget);
  /* Gone with the widget, and with the clock if the window goes first. */
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (on_after_paint), widget, 0);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}
