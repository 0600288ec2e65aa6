/* kuzhi-wrap-layout.h — a layout manager that sets a widget's children in a row, wrapped into lines when the row does not fit: the bars and buttons around the board in a narrow window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-spaced-layout.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_WRAP_LAYOUT (kuzhi_wrap_layout_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWrapLayout, kuzhi_wrap_layout, KUZHI, WRAP_LAYOUT, KuzhiSpacedLayout)

/* The children stand side by side when every one gets its natural width,
 * or when those that expand (a label that wraps) still get half the
 * width; otherwise they wrap into lines of as many as fit, one wider than
 * the widget alone on its line. "spacing" (pixels) is kept between them,
 * across and down.
 * Set on a KuzhiLayoutBox, in a .ui file or as
 * g_object_new (KUZHI_TYPE_WRAP_LAYOUT, "spacing", 8, NULL). */

G_END_DECLS
