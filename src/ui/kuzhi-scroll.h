/* kuzhi-scroll.h — part of a widget brought into sight in the scrolled window around it: at once, or once the window has been laid out. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Scrolls the nearest GtkScrolledWindow around `widget`, as little as it
 * can, so that `area` (in the widget's own coordinates; NULL: all of the
 * widget, its border box) is in sight. An area taller than the view shows its top. Only
 * the vertical scroll moves: no scrolled window of Kuzhi scrolls sideways. */
void kuzhi_scroll_into_sight       (GtkWidget             *widget,
                                    const graphene_rect_t *area);

/* The same for all of `widget`, once the window has been laid out next.
 * For a widget just shown and focused: GTK's own scrolling to the focus
 * measures it before it has its place, and left Puzzles' Try Again half
 * out of sight on a phone. */
void kuzhi_scroll_into_sight_later (GtkWidget             *widget);

G_END_DECLS
