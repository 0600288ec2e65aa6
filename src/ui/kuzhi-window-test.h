/* kuzhi-window-test.h — what the tests (and the benchmarks and screenshots) drive and read in the window besides its actions: not for the program's own code. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-window.h"
#include "kuzhi-history-panel.h"
#include "kuzhi-search.h"
#include "kuzhi-sound.h"

G_BEGIN_DECLS

/* --- kuzhi-window.c --------------------------------------------------------- */

/* Starts a match without the dialog. */
gboolean        kuzhi_window_start_match    (KuzhiWindow    *self,
                                             KzVariantId     variant,
                                             int             seeds,
                                             const char     *name1,
                                             const char     *name2);
/* The texts shown above and around the board. */
const char     *kuzhi_window_get_header_text (KuzhiWindow   *self);
/* The warning of what will end the match (one player alone, a move that
 * repeats a position a third time), or NULL when none is shown. */
const char     *kuzhi_window_get_warning_text (KuzhiWindow  *self);
const char     *kuzhi_window_get_caption_text (KuzhiWindow  *self,
                                               int           player);
const char     *kuzhi_window_get_banner_text (KuzhiWindow   *self);
/* The line under the board: what to do now, or why not. */
const char     *kuzhi_window_get_hint_text  (KuzhiWindow    *self);
/* The analysis's best line under the hint, NULL when none is shown. */
const char     *kuzhi_window_get_analysis_line_text (KuzhiWindow *self);
/* The last toast's title, or NULL. */
const char     *kuzhi_window_get_last_toast (KuzhiWindow    *self);
void            kuzhi_window_dismiss_toast  (KuzhiWindow    *self);
gboolean        kuzhi_window_get_toast_shown (KuzhiWindow   *self);
gboolean        kuzhi_window_get_autosave   (KuzhiWindow    *self);
/* The message dialog (prompt, error or confirmation) on screen. */
AdwMessageDialog *kuzhi_window_get_message_dialog (KuzhiWindow *self);

/* --- kuzhi-window-files.c ---------------------------------------------------- */

/* Saves to `file` (".kuzhi" added when missing), which becomes the window's
 * file. Reports nothing itself. */
gboolean        kuzhi_window_save_to_file   (KuzhiWindow    *self,
                                             GFile          *file,
                                             GError        **error);
GFile          *kuzhi_window_get_file       (KuzhiWindow    *self);
/* Whether closing or replacing the match would lose something: changes
 * since the file was opened or saved, or any turn in a never-saved match. */
gboolean        kuzhi_window_get_unsaved    (KuzhiWindow    *self);
/* The file chooser while it is open. */
GtkFileChooser *kuzhi_window_get_file_chooser (KuzhiWindow  *self);

/* --- kuzhi-window-history.c -------------------------------------------------- */

/* Browsing the history: the turn shown (0 = the start), or -1 when the
 * board shows the current position. Browsing the last turn returns to the
 * current position, unless the review marked that turn: then the browse
 * bar shows over it with Show Better Move (docs/ui.md, "Review Match"). */
int             kuzhi_window_get_browsing_turn (KuzhiWindow *self);
void            kuzhi_window_browse_turn    (KuzhiWindow    *self,
                                             guint           turn);
KuzhiHistoryPanel *kuzhi_window_get_history_panel (KuzhiWindow *self);
/* Whether Show Better Move's variation is on the board. */
gboolean        kuzhi_window_files_in_variation (KuzhiWindow *self);

/* --- kuzhi-window-computer.c ------------------------------------------------- */

/* Who plays a side: KZ_LEVEL_NONE for a person (the default), or the
 * computer at KZ_LEVEL_EASY, _NORMAL or _HARD. Kept by the model with the
 * names (kuzhi_game_model_set_player_level), so that the match file and
 * the autosave keep it; these are the same. Changing it takes effect at
 * once. */
void            kuzhi_window_set_player_level (KuzhiWindow  *self,
                                               int           player,
                                               KzLevel       level);
KzLevel         kuzhi_window_get_player_level (KuzhiWindow  *self,
                                               int           player);
/* Whether the side to move is a computer, and whether a search (its own
 * or a hint's) runs right now. */
gboolean        kuzhi_window_computer_to_move     (KuzhiWindow *self);
gboolean        kuzhi_window_computer_is_thinking (KuzhiWindow *self);
/* What the hint line says instead of the window's own advice (thinking,
 * or a hint's result), or NULL. */
const char     *kuzhi_window_computer_get_hint_text (KuzhiWindow *self);
/* The action the last hint suggested (a mark's sowing after it in
 * `then`), KZ_ACTION_NONE while there is none. */
KzAction        kuzhi_window_computer_get_hint (KuzhiWindow *self,
                                                KzAction    *then);
/* The bytes the computer's search table holds now (0 when given back). */
gsize           kuzhi_window_computer_get_table_bytes (KuzhiWindow *self);

/* --- kuzhi-window-analysis.c ------------------------------------------------- */

/* The hint line's analysis text for the position shown ("Analysis, 12
 * turns deep: best cup 3, +2 — cup 3, then Arul's cup 5 …"), or NULL when
 * the analysis is off or has nothing yet. */
const char       *kuzhi_window_analysis_get_line (KuzhiWindow *self);
/* The values found so far for the position in play, or NULL. */
const KzAnalysis *kuzhi_window_analysis_get      (KuzhiWindow *self);

/* --- kuzhi-window-statistics.c ----------------------------------------------- */

KuzhiStatistics *kuzhi_window_get_statistics        (KuzhiWindow *self);
/* The Statistics window while it is open (win.statistics), or NULL. */
GtkWindow       *kuzhi_window_get_statistics_window (KuzhiWindow *self);

G_END_DECLS
