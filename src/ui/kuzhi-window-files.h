/* kuzhi-window-files.h — the window's files, title, save prompts, redo and move history (kuzhi-window-files.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
#include "kuzhi-history-panel.h"

G_BEGIN_DECLS

/* Called by KuzhiWindow before it closes or starts a new match. The two
 * guards return FALSE when they asked the player to
 * save, discard or cancel first (the step is taken again after Save or
 * Discard). */
gboolean   kuzhi_window_files_may_close         (KuzhiWindow *self);
gboolean   kuzhi_window_files_may_start_new_match (KuzhiWindow *self);
gboolean   kuzhi_window_files_may_play_again    (KuzhiWindow *self);

/* Opens a match file in the window, asking first about unsaved changes;
 * a refused file is reported in a dialog and the match stays as it was. */
void       kuzhi_window_open_file               (KuzhiWindow *self,
                                                 GFile       *file);
/* Saves to `file` (".kuzhi" added when missing), which becomes the window's
 * file. Reports nothing itself. */
gboolean   kuzhi_window_save_to_file            (KuzhiWindow *self,
                                                 GFile       *file,
                                                 GError     **error);

/* Restores the autosave (kuzhi_game_model_restore_autosave()) with the
 * file the match belongs to, if the autosave names one: the file still
 * holding what was saved becomes the window's file again, and what was
 * played since is unsaved; a file gone or changed by another program is
 * said in `notice` (NULL otherwise), see docs/ui.md. */
gboolean   kuzhi_window_files_restore_autosave  (KuzhiWindow  *self,
                                                 char        **notice,
                                                 GError      **error);

GFile     *kuzhi_window_get_file                (KuzhiWindow *self);
/* Whether closing or replacing the match would lose something: changes
 * since the file was opened or saved, or any turn in a never-saved match. */
gboolean   kuzhi_window_get_unsaved             (KuzhiWindow *self);

/* Browsing the history: the turn shown (0 = the start), or -1 when the
 * board shows the current position. Browsing the last turn returns to the
 * current position, unless the review marked that turn: then the browse
 * bar shows over it with Show Better Move (docs/ui.md, "Review Match"). */
int        kuzhi_window_get_browsing_turn       (KuzhiWindow *self);
void       kuzhi_window_browse_turn             (KuzhiWindow *self,
                                                 guint        turn);
KuzhiHistoryPanel *kuzhi_window_get_history_panel (KuzhiWindow *self);
/* Show Better Move leaves a variation on the board that the player
 * explores: a sowing there is played on the variation's own copy through
 * the engine (TRUE: the cup was the variation's, legal or not), never on
 * the match. */
gboolean   kuzhi_window_files_in_variation      (KuzhiWindow *self);
gboolean   kuzhi_window_files_variation_sow     (KuzhiWindow *self,
                                                 int          pit);

/* For tests: the message dialog (prompt, error or confirmation) on screen,
 * and the file chooser while it is open. */
AdwMessageDialog  *kuzhi_window_get_message_dialog (KuzhiWindow *self);
GtkFileChooser    *kuzhi_window_get_file_chooser   (KuzhiWindow *self);

G_END_DECLS
