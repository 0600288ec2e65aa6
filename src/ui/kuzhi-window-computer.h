/* kuzhi-window-computer.h — the window's computer players and Hint (kuzhi-window-computer.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

/* Who plays a side: KZ_LEVEL_NONE for a person (the default), or the
 * computer at KZ_LEVEL_EASY, _NORMAL or _HARD. Kept by the model with the
 * names (kuzhi_game_model_set_player_level), so that the match file and
 * the autosave keep it; these are the same. Changing it takes effect at
 * once. */
void        kuzhi_window_set_player_level         (KuzhiWindow *self,
                                                   int          player,
                                                   KzLevel      level);
KzLevel     kuzhi_window_get_player_level         (KuzhiWindow *self,
                                                   int          player);

/* Whether the side to move is a computer (then cups and controls are not
 * for people), and whether it is searching right now. */
gboolean    kuzhi_window_computer_to_move         (KuzhiWindow *self);
gboolean    kuzhi_window_computer_is_thinking     (KuzhiWindow *self);
/* What the hint line should say instead of the window's own advice
 * (thinking, or a hint's result), or NULL. */
const char *kuzhi_window_computer_get_hint_text   (KuzhiWindow *self);
/* Undo as a person means it: back to the last turn a person played when
 * the other side is a computer. */
void        kuzhi_window_computer_undo            (KuzhiWindow *self);

/* The action the last hint suggested (a mark's sowing after it in
 * `then`), KZ_ACTION_NONE while there is none; for tests. */
KzAction    kuzhi_window_computer_get_hint        (KuzhiWindow *self,
                                                   KzAction    *then);

/* The bytes the computer's search table holds now (0 when given back);
 * for tests and benchmarks. */
gsize       kuzhi_window_computer_get_table_bytes (KuzhiWindow *self);

/* Defined in kuzhi-window.c: says again what the player can do. */
void        kuzhi_window_refresh_hint_line        (KuzhiWindow *self);

G_END_DECLS
