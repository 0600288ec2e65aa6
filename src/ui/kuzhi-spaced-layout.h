/* kuzhi-spaced-layout.h — what Kuzhi's layout managers share: the spacing between their children. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_SPACED_LAYOUT (kuzhi_spaced_layout_get_type ())
G_DECLARE_DERIVABLE_TYPE (KuzhiSpacedLayout, kuzhi_spaced_layout, KUZHI, SPACED_LAYOUT, GtkLayoutManager)

/* An abstract layout manager with a "spacing" (pixels, 0 by default) kept
 * between its children, which it measures height-for-width;
 * KuzhiWrapLayout and KuzhiColumnLayout place them. */
struct _KuzhiSpacedLayoutClass
{
  GtkLayoutManagerClass parent_class;
};

int  kuzhi_spaced_layout_get_spacing (KuzhiSpacedLayout *self);
void kuzhi_spaced_layout_set_spacing (KuzhiSpacedLayout *self,
                                      int                spacing);

G_END_DECLS
