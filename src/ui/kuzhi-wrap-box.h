/* kuzhi-wrap-box.h — a row of widgets that wraps into lines when the row does not fit: the bars and buttons around the board in a narrow window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_WRAP_BOX (kuzhi_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWrapBox, kuzhi_wrap_box, KUZHI, WRAP_BOX, GtkWidget)

/* Children are added in .ui files (<child>) or with
 * kuzhi_wrap_box_append (). They stand side by side when every one gets
 * its natural width, or when those that expand (a label that wraps) still
 * get half the width; otherwise they wrap into lines of as many as fit,
 * one wider than the box alone on its line. "spacing" (pixels) is kept
 * between them, across and down. */
GtkWidget *kuzhi_wrap_box_new        (int           spacing);
void       kuzhi_wrap_box_append     (KuzhiWrapBox *self,
                                      GtkWidget    *child);

G_END_DECLS
