/* kuzhi-layout-box.c — a widget that only holds children, for a layout manager to place.
 *
 * A GtkBox cannot take another layout manager: it reads and sets its
 * spacing and orientation on a GtkBoxLayout. This widget has no layout of
 * its own; what it adds to GtkWidget is what a container needs: children
 * unparented when it goes, and expanding as they do. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-layout-box.h"

#include "kuzhi-column-layout.h"
#include "kuzhi-fit-layout.h"
#include "kuzhi-wrap-layout.h"

struct _KuzhiLayoutBox
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (KuzhiLayoutBox, kuzhi_layout_box, GTK_TYPE_WIDGET)

/* Expands as its children do, like a GtkBox. */
static void
kuzhi_layout_box_compute_expand (GtkWidget *widget,
                                 gboolean  *hexpand,
                                 gboolean  *vexpand)
{
  *hexpand = *vexpand = FALSE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      *hexpand |= gtk_widget_compute_expand (c, GTK_ORIENTATION_HORIZONTAL);
      *vexpand |= gtk_widget_compute_expand (c, GTK_ORIENTATION_VERTICAL);
    }
}

static void
kuzhi_layout_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (kuzhi_layout_box_parent_class)->dispose (object);
}

static void
kuzhi_layout_box_class_init (KuzhiLayoutBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_layout_box_dispose;
  widget_class->compute_expand = kuzhi_layout_box_compute_expand;
  gtk_widget_class_set_css_name (widget_class, "box");

  /* The layouts .ui files give a box by name. */
  g_type_ensure (KUZHI_TYPE_WRAP_LAYOUT);
  g_type_ensure (KUZHI_TYPE_COLUMN_LAYOUT);
  g_type_ensure (KUZHI_TYPE_FIT_LAYOUT);
}

static void
kuzhi_layout_box_init (KuzhiLayoutBox *self)
{
}

GtkWidget *
kuzhi_layout_box_new (GtkLayoutManager *layout)
{
  GtkWidget *self;

  g_return_val_if_fail (GTK_IS_LAYOUT_MANAGER (layout), NULL);
  self = g_object_new (KUZHI_TYPE_LAYOUT_BOX, NULL);
  gtk_widget_set_layout_manager (self, layout);
  return self;
}

void
kuzhi_layout_box_append (KuzhiLayoutBox *self,
                         GtkWidget      *child)
{
  g_return_if_fail (KUZHI_IS_LAYOUT_BOX (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
