/* kuzhi-game-chooser.h — the New Match dialog's game list (name, one line, a small picture of the board) and each game's options. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_GAME_CHOOSER (kuzhi_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiGameChooser, kuzhi_game_chooser, KUZHI, GAME_CHOOSER, GtkWidget)

GtkWidget   *kuzhi_game_chooser_new         (void);
KzVariantId  kuzhi_game_chooser_get_variant (KuzhiGameChooser *self);
void         kuzhi_game_chooser_set_variant (KuzhiGameChooser *self,
                                             KzVariantId       variant);
/* The chosen game's options (0 where the game has none). */
void         kuzhi_game_chooser_get_options (KuzhiGameChooser *self,
                                             KzOptions        *options);
/* Chooses the options of a game; 0 leaves an option as it is. */
void         kuzhi_game_chooser_set_options (KuzhiGameChooser *self,
                                             KzVariantId       variant,
                                             int               seeds,
                                             int               pasu);

/* How many values an engine's list of choices (seeds_choices,
 * pasu_choices: 0-terminated, at most KZ_MAX_CHOICES) has, and where
 * `value` is in it (-1: not there); for every dialog that offers them. */
int          kuzhi_game_chooser_n_choices     (const uint8_t *choices);
int          kuzhi_game_chooser_choice_index  (const uint8_t *choices,
                                               int            value);

G_END_DECLS
