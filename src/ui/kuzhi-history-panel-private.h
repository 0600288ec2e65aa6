/* kuzhi-history-panel-private.h — what tests ask the move-history panel and the program does not: its rows and their text, and the review's graph. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-history-panel.h"

G_BEGIN_DECLS

/* The turn's row, or NULL; row 0 is the start. */
GtkListBoxRow *kuzhi_history_panel_get_row  (KuzhiHistoryPanel *self,
                                             guint              turn);
/* The text of turn N's row ("5. P1 m3 7 ×2 triples"). */
char      *kuzhi_history_panel_get_row_text (KuzhiHistoryPanel *self,
                                             guint              turn);
gboolean   kuzhi_history_panel_has_review   (KuzhiHistoryPanel *self);
/* The review's graph: the turn a click at x (in the graph's own
 * coordinates) goes to, or -1 without a review; a click there (what the
 * graph's click gesture calls). */
GtkWidget *kuzhi_history_panel_get_graph    (KuzhiHistoryPanel *self);
int        kuzhi_history_panel_get_graph_turn_at (KuzhiHistoryPanel *self,
                                                  double             x);
void       kuzhi_history_panel_activate_graph_at (KuzhiHistoryPanel *self,
                                                  double             x);

G_END_DECLS
