/* kuzhi-history-panel.h — the move-history panel: the turns of the line of play, one row each, with round separators. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-game-model.h"
#include "kuzhi-computer-player.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_HISTORY_PANEL (kuzhi_history_panel_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiHistoryPanel, kuzhi_history_panel, KUZHI, HISTORY_PANEL, GtkBox)

/*
 * Row 0 is the start of the match, row N the position after turn N.
 * "turn-activated" (guint turn) is emitted when a row is clicked or
 * activated with the keyboard; the panel itself changes nothing.
 */
GtkWidget *kuzhi_history_panel_new          (KuzhiGameModel    *model);
guint      kuzhi_history_panel_get_n_turns  (KuzhiHistoryPanel *self);
/* Highlights the row shown on the board (the last one when not browsing). */
void       kuzhi_history_panel_select_turn  (KuzhiHistoryPanel *self,
                                             guint              turn);
/* The position after turn N (turn 0: the start); NULL beyond the last turn. */
const KzPosition *kuzhi_history_panel_get_position (KuzhiHistoryPanel *self,
                                                    guint              turn);

/* The match's review (kuzhi_computer_player_review_finish(), one entry
 * per turn): each row says what its turn gave away ("−3 mistake"), and a
 * graph of who was ahead shows above the rows (a click on it activates
 * that turn). NULL, or a new line of play, takes it away. */
void       kuzhi_history_panel_set_review   (KuzhiHistoryPanel *self,
                                             GArray            *review);
/* Comments read with a record (Aualé's OGN): `comments` holds one per
 * position of `moves` (entry 0 the start's, entry N the one after move N,
 * NULL where none), and a row shows its comment while the line of play
 * begins with the same moves up to it. NULL takes them away. */
void       kuzhi_history_panel_set_comments (KuzhiHistoryPanel *self,
                                             const KzMatch     *moves,
                                             GPtrArray         *comments);
/* Turn N's review (N from 1), or NULL. */
const KuzhiReviewTurn *kuzhi_history_panel_get_review_turn (KuzhiHistoryPanel *self,
                                                            guint              turn);
G_END_DECLS
