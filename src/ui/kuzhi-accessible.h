/* kuzhi-accessible.h — the accessible names GTK 4.8 gets wrong by itself: buttons with a mnemonic read twice, controls named after a label beside them as well as their own name. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Every button below root (root too) whose label has a mnemonic gets the
 * label's text, without the underscore, as its whole name. */
void kuzhi_accessible_fix_mnemonics     (GtkWidget *root);
/* The widget's own accessible label (set in its .ui file or in code) is
 * its whole name: the labels it was labelled by are dropped. */
void kuzhi_accessible_drop_labelled_by  (GtkWidget *widget);
/* Fixes the mnemonics of every window of the program when it is shown. */
void kuzhi_accessible_watch_windows     (void);

G_END_DECLS
