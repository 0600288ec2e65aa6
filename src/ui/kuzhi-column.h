/* kuzhi-column.h — a column of widgets, one under the other: the play area's header line, captions, board, controls and hint. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_COLUMN (kuzhi_column_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiColumn, kuzhi_column, KUZHI, COLUMN, GtkWidget)

/* Children are added in .ui files (<child>) or with kuzhi_column_append ().
 * They stand one under the other, "spacing" (pixels) apart, each as wide
 * as the column, as a vertical GtkBox lays them out. Unlike a GtkBox, the
 * column asks for the same width whatever height it is given: see
 * kuzhi-column.c. */
GtkWidget *kuzhi_column_new    (int          spacing);
void       kuzhi_column_append (KuzhiColumn *self,
                                GtkWidget   *child);

G_END_DECLS
