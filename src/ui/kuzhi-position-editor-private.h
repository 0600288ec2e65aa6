/* kuzhi-position-editor-private.h — what tests reach in Set Up Position and the program does not: its widgets and the position they make. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-position-editor.h"

G_BEGIN_DECLS

/* The position as the widgets set it now. */
const KzPosition *kuzhi_position_editor_get_position    (KuzhiPositionEditor *self);
/* The spin button of a cup (0 … n_pits - 1, the engine's numbering) or
 * of a player's store. */
GtkSpinButton    *kuzhi_position_editor_get_pit_spin    (KuzhiPositionEditor *self,
                                                         int                  pit);
GtkSpinButton    *kuzhi_position_editor_get_store_spin  (KuzhiPositionEditor *self,
                                                         int                  player);
/* The game row (its items are the games' titles) and the To Move row
 * (0: Player 1). */
AdwComboRow      *kuzhi_position_editor_get_game_row    (KuzhiPositionEditor *self);
AdwComboRow      *kuzhi_position_editor_get_to_move_row (KuzhiPositionEditor *self);
/* The game's shells (seeds) per cup, as New Match's: its items are the
 * game's choices in order. */
AdwComboRow      *kuzhi_position_editor_get_seeds_row   (KuzhiPositionEditor *self);
/* Who plays a side: the row's item is a KzLevel (0: a person). */
AdwComboRow      *kuzhi_position_editor_get_kind_row    (KuzhiPositionEditor *self,
                                                         int                  player);
/* The round, who opened it (the Constitution after round 1), and each
 * player's refill left and lucky cup (the Constitution: item 0 none, item
 * i their cup i) and a cup's rubbish toggle (Pallanguzhi); NULL where the
 * game shown has none. */
GtkSpinButton    *kuzhi_position_editor_get_round_spin  (KuzhiPositionEditor *self);
AdwComboRow      *kuzhi_position_editor_get_opener_row  (KuzhiPositionEditor *self);
GtkSpinButton    *kuzhi_position_editor_get_refill_spin (KuzhiPositionEditor *self,
                                                         int                  player);
AdwComboRow      *kuzhi_position_editor_get_lucky_row   (KuzhiPositionEditor *self,
                                                         int                  player);
GtkToggleButton  *kuzhi_position_editor_get_rubbish_toggle (KuzhiPositionEditor *self,
                                                            int                  pit);
/* The line under the board: the reason the position is refused, or its
 * total. */
const char       *kuzhi_position_editor_get_status      (KuzhiPositionEditor *self);
GtkWidget        *kuzhi_position_editor_get_start_button (KuzhiPositionEditor *self);

G_END_DECLS
