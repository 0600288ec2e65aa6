/* kuzhi-layout-box.h — a widget that only holds children, for a layout manager (KuzhiWrapLayout, KuzhiColumnLayout) to place. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_LAYOUT_BOX (kuzhi_layout_box_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiLayoutBox, kuzhi_layout_box, KUZHI, LAYOUT_BOX, GtkWidget)

/* Children are added in .ui files (<child>) or with
 * kuzhi_layout_box_append (); the box's "layout-manager" places them:
 *
 *   <object class="KuzhiLayoutBox">
 *     <property name="layout-manager">
 *       <object class="KuzhiWrapLayout">
 *         <property name="spacing">6</property>
 *       </object>
 *     </property>
 *     <child>…</child>
 *   </object>
 *
 * It expands as its children do, like a GtkBox, and is a "box" in CSS.
 * Making one registers the layouts, so that .ui files can name them. */
/* Takes `layout` (transfer full), as gtk_widget_set_layout_manager (). */
GtkWidget *kuzhi_layout_box_new    (GtkLayoutManager *layout);
void       kuzhi_layout_box_append (KuzhiLayoutBox   *self,
                                    GtkWidget        *child);

G_END_DECLS
