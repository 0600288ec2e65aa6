/* kuzhi-puzzle-window-private.h — what tests ask Puzzles and the program does not: a given day, the puzzle shown, its state. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-puzzle.h"
#include "kuzhi-puzzle-window.h"

G_BEGIN_DECLS

/* The puzzle of `day` (docs/ui.md, "Puzzles"): the same for everyone. */
void               kuzhi_puzzle_window_day_puzzle     (const GDate       *day,
                                                       KzVariantId       *variant,
                                                       int               *level,
                                                       guint64           *seed);
/* As kuzhi_puzzle_window_new(), with `day` for today. */
KuzhiPuzzleWindow *kuzhi_puzzle_window_new_on_day     (KuzhiWindow       *parent,
                                                       KuzhiStatistics   *statistics,
                                                       const GDate       *day);
/* Finds and shows the puzzle (variant, level, seed), as the game and
 * level rows and New Puzzle do. */
void               kuzhi_puzzle_window_choose         (KuzhiPuzzleWindow *self,
                                                       KzVariantId        variant,
                                                       int                level,
                                                       guint64            seed);
/* The puzzle shown, or NULL while none is (finding, or none). */
const KzPuzzle    *kuzhi_puzzle_window_get_puzzle     (KuzhiPuzzleWindow *self);
guint64            kuzhi_puzzle_window_get_seed       (KuzhiPuzzleWindow *self);
/* Whether the puzzle waits for the player's move. */
gboolean           kuzhi_puzzle_window_get_waiting_for_move (KuzhiPuzzleWindow *self);
/* Whether a line is still being played out (or a puzzle found). */
gboolean           kuzhi_puzzle_window_get_busy       (KuzhiPuzzleWindow *self);
KuzhiBoardView    *kuzhi_puzzle_window_get_board_view (KuzhiPuzzleWindow *self);
/* The goal and the result sentences as shown ("" for none), the
 * sentences of the moves played out, and the window's subtitle. */
const char        *kuzhi_puzzle_window_get_goal       (KuzhiPuzzleWindow *self);
const char        *kuzhi_puzzle_window_get_result     (KuzhiPuzzleWindow *self);
GStrv              kuzhi_puzzle_window_dup_moves      (KuzhiPuzzleWindow *self);
const char        *kuzhi_puzzle_window_get_subtitle   (KuzhiPuzzleWindow *self);

G_END_DECLS
