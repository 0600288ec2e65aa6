/* kuzhi-window.h — the main window: a hot-seat match on the board, its header line and controls. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-game-model.h"
#include "kuzhi-board-view.h"
#include "kuzhi-statistics.h"
#include "kuzhi-sound.h"

G_BEGIN_DECLS

/* What the application and the trace need. The window's other files
 * share kuzhi-window-private.h; what only the tests drive or read is in
 * kuzhi-window-test.h. */

#define KUZHI_TYPE_WINDOW (kuzhi_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWindow, kuzhi_window, KUZHI, WINDOW, AdwApplicationWindow)

KuzhiWindow    *kuzhi_window_new            (GtkApplication *application);
KuzhiGameModel *kuzhi_window_get_model      (KuzhiWindow    *self);
KuzhiBoardView *kuzhi_window_get_board_view (KuzhiWindow    *self);
/* The sounds of what the board shows; the puzzles' board is heard through it too. */
KuzhiSound     *kuzhi_window_get_sound      (KuzhiWindow    *self);
/* Restores the last run's match now, and saves the match after every action. */
void            kuzhi_window_set_autosave   (KuzhiWindow    *self,
                                             gboolean        autosave);
/* Opens a match file in the window, asking first about unsaved changes;
 * a refused file is reported in a dialog and the match stays as it was. */
void            kuzhi_window_open_file      (KuzhiWindow    *self,
                                             GFile          *file);
/* Loads `statistics` and records into it, from now on, every match that
 * ends in this window (played to its end: a match undone and ended again
 * replaces its result); NULL, the default, records nothing and leaves
 * win.statistics off. A broken file, which loading set aside, and a write
 * that fails are said in the notice above the board; the game goes on. */
void            kuzhi_window_set_statistics (KuzhiWindow     *self,
                                             KuzhiStatistics *statistics);
void            kuzhi_window_show_toast     (KuzhiWindow    *self,
                                             const char     *text);
/* The notice about the autosave (or the match's file) above the board, or NULL when none shows. */
const char     *kuzhi_window_get_notice_text (KuzhiWindow   *self);
/* The notice's Switch button, shown when it offers a match another Kuzhi left (for the trace and tests). */
GtkWidget      *kuzhi_window_get_notice_switch_button (KuzhiWindow *self);

/* Learn to Play's window while open over this one (win.learn), or NULL. */
typedef struct _KuzhiLearnWindow KuzhiLearnWindow;
KuzhiLearnWindow *kuzhi_window_get_learn_window (KuzhiWindow *self);

G_END_DECLS
