/* kuzhi-wrap-box.h — a row of widgets that becomes a column when the row does not fit: the bars and buttons around the board in a narrow window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_WRAP_BOX (kuzhi_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWrapBox, kuzhi_wrap_box, KUZHI, WRAP_BOX, GtkWidget)

/* Children are added in .ui files (<child>) or with
 * kuzhi_wrap_box_append (). They stand side by side when every one gets
 * its natural width, one above the other otherwise, each as wide as the
 * box. "spacing" (pixels) is kept between them either way. */
GtkWidget *kuzhi_wrap_box_new        (int           spacing);
void       kuzhi_wrap_box_append     (KuzhiWrapBox *self,
                                      GtkWidget    *child);
/* Whether the children stand one above the other now. */
gboolean   kuzhi_wrap_box_is_column  (KuzhiWrapBox *self);

G_END_DECLS
