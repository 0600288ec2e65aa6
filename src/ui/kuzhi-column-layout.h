/* kuzhi-column-layout.h — a layout manager that stands its widget's children one under the other: the play area's header line, captions, board, controls and hint. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-spaced-layout.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_COLUMN_LAYOUT (kuzhi_column_layout_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiColumnLayout, kuzhi_column_layout, KUZHI, COLUMN_LAYOUT, KuzhiSpacedLayout)

/* The children stand one under the other, "spacing" (pixels) apart, each
 * as wide as the widget, as a vertical GtkBoxLayout lays them out. Unlike
 * a GtkBoxLayout, the column asks for the same width whatever height it is
 * given: see kuzhi-column-layout.c.
 * Set on a KuzhiLayoutBox, in a .ui file or as
 * g_object_new (KUZHI_TYPE_COLUMN_LAYOUT, "spacing", 6, NULL). */

G_END_DECLS
