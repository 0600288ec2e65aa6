/* kuzhi-accessible.c — the accessible names GTK 4.8 gets wrong by itself: buttons with a mnemonic read twice, controls named after a label beside them as well as their own name. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-accessible.h"

/* GTK 4.8 names a widget after its accessible label *and* the labels it is
 * labelled by, one after the other. A GtkButton keeps its raw label as its
 * accessible label, underscore and all, and with use-underline its label
 * child is its mnemonic label, which labels it too: a screen reader reads
 * "_New Match New Match". The label's own text is the name. */
static void
fix_mnemonic_button (GtkButton *button)
{
  GtkWidget *child = gtk_button_get_child (button);

  if (!gtk_button_get_use_underline (button) || !GTK_IS_LABEL (child))
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_label_get_text (GTK_LABEL (child)),
                                  -1);
  kuzhi_accessible_drop_labelled_by (GTK_WIDGET (button));
}

void
kuzhi_accessible_fix_mnemonics (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root))
    fix_mnemonic_button (GTK_BUTTON (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL; child = gtk_widget_get_next_sibling (child))
    kuzhi_accessible_fix_mnemonics (child);
}

void
kuzhi_accessible_drop_labelled_by (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget),
                                 GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* At map, once the window has what it shows: a message dialog adds its
 * response buttons ("_Cancel", "_Save") after it is made. */
static void
on_window_map (GtkWidget *window)
{
  kuzhi_accessible_fix_mnemonics (window);
}

static void
on_toplevels_changed (GListModel *toplevels,
                      guint       position,
                      guint       removed,
                      guint       added)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (g_object_get_data (G_OBJECT (window), "kuzhi-accessible-watched") != NULL)
        continue;
      g_object_set_data (G_OBJECT (window), "kuzhi-accessible-watched", GINT_TO_POINTER (1));
      g_signal_connect (window, "map", G_CALLBACK (on_window_map), NULL);
      if (gtk_widget_get_mapped (window))
        on_window_map (window);
    }
}

void
kuzhi_accessible_watch_windows (void)
{
  static gboolean watching;
  GListModel *toplevels;

  if (watching)
    return;
  watching = TRUE;
  toplevels = gtk_window_get_toplevels ();
  g_signal_connect (toplevels, "items-changed", G_CALLBACK (on_toplevels_changed), NULL);
  on_toplevels_changed (toplevels, 0, 0, g_list_model_get_n_items (toplevels));
}
