/* kuzhi-new-match-dialog-private.h — what tests do with New Match and the program does not: choose without the widgets, read the Players line, reach the game list. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-new-match-dialog.h"

G_BEGIN_DECLS

/* Chooses the start count (4, 5 or 6) and the names. */
void                 kuzhi_new_match_dialog_set_choices (KuzhiNewMatchDialog *self,
                                                         int                  seeds,
                                                         const char          *name1,
                                                         const char          *name2);

/* The Players group's line, the match the choice makes ("Meena plays
 * against the computer (Hard)."). */
const char          *kuzhi_new_match_dialog_get_description (KuzhiNewMatchDialog *self);

/* The game list and options (a KuzhiGameChooser). */
GtkWidget           *kuzhi_new_match_dialog_get_game_chooser (KuzhiNewMatchDialog *self);

G_END_DECLS
