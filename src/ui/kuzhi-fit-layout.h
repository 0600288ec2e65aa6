/* kuzhi-fit-layout.h — a layout manager for a scrolled window that asks for as much height as its content needs at the width it is given, and scrolls when given less. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_FIT_LAYOUT (kuzhi_fit_layout_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiFitLayout, kuzhi_fit_layout, KUZHI, FIT_LAYOUT, GtkLayoutManager)

/* Set on a KuzhiLayoutBox whose one child is a GtkScrolledWindow that
 * never scrolls sideways:
 *
 *   box = kuzhi_layout_box_new (g_object_new (KUZHI_TYPE_FIT_LAYOUT, NULL));
 *   kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (box), scrolled);
 *
 * The box's natural height is its content's at the width it is given; its
 * least height is the scrolled window's, so a window too short for the
 * content shrinks it and the content scrolls. See kuzhi-fit-layout.c. */

G_END_DECLS
