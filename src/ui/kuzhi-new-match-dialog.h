/* kuzhi-new-match-dialog.h — choose the game, its start count, the players' names and who plays each side, then start. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-game-model.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_NEW_MATCH_DIALOG (kuzhi_new_match_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiNewMatchDialog, kuzhi_new_match_dialog, KUZHI, NEW_MATCH_DIALOG, AdwWindow)

KuzhiNewMatchDialog *kuzhi_new_match_dialog_new   (GtkWindow           *parent,
                                                   KuzhiGameModel      *model);
/* Starts the match as chosen and closes; what the Start button does. */
gboolean             kuzhi_new_match_dialog_start (KuzhiNewMatchDialog *self);

/* Chooses the game (Learn to Play's suggestion); the options stay as
 * the chooser has them for that game. */
void                 kuzhi_new_match_dialog_set_variant (KuzhiNewMatchDialog *self,
                                                         KzVariantId          variant);

/* Who plays a side: KZ_LEVEL_NONE for a person, or the computer's level.
 * The dialog opens with the model's (the current match's). */
void                 kuzhi_new_match_dialog_set_player_level (KuzhiNewMatchDialog *self,
                                                              int                  player,
                                                              KzLevel              level);
KzLevel              kuzhi_new_match_dialog_get_player_level (KuzhiNewMatchDialog *self,
                                                              int                  player);

G_END_DECLS
