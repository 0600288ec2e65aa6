/* kuzhi-puzzle-window.h — Puzzles: a position with one proven best move, played on a board of its own, the puzzle of the day first. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-statistics.h"
#include "kuzhi-window.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_PUZZLE_WINDOW (kuzhi_puzzle_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiPuzzleWindow, kuzhi_puzzle_window, KUZHI, PUZZLE_WINDOW, AdwWindow)

/* Opens on today's puzzle (the local date), transient for `parent`,
 * whose match it never touches; its board follows the parent's animation
 * speed. Puzzles tried are recorded in `statistics` (nullable: none). */
KuzhiPuzzleWindow *kuzhi_puzzle_window_new (KuzhiWindow     *parent,
                                            KuzhiStatistics *statistics);

G_END_DECLS
