/* kuzhi-window.h — the main window: a hot-seat match on the board, its header line and controls. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-game-model.h"
#include "kuzhi-board-view.h"
#include "kuzhi-sound.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_WINDOW (kuzhi_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWindow, kuzhi_window, KUZHI, WINDOW, AdwApplicationWindow)

KuzhiWindow    *kuzhi_window_new            (GtkApplication *application);
KuzhiGameModel *kuzhi_window_get_model      (KuzhiWindow    *self);
KuzhiBoardView *kuzhi_window_get_board_view (KuzhiWindow    *self);
/* The sounds of what the board shows. */
KuzhiSound     *kuzhi_window_get_sound      (KuzhiWindow    *self);
/* The texts shown above and around the board, for tests. */
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
/* The notice about the autosave (or the match's file) above the board, or NULL when none shows. */
const char     *kuzhi_window_get_notice_text (KuzhiWindow   *self);
/* The notice's Switch button, shown when it offers a match another Kuzhi left (for the trace and tests). */
GtkWidget      *kuzhi_window_get_notice_switch_button (KuzhiWindow *self);
/* The last toast's title, or NULL. */
const char     *kuzhi_window_get_last_toast (KuzhiWindow    *self);
void            kuzhi_window_dismiss_toast  (KuzhiWindow    *self);
void            kuzhi_window_show_toast     (KuzhiWindow    *self,
                                             const char     *text);
gboolean        kuzhi_window_get_toast_shown (KuzhiWindow   *self);
/* Restores the last run's match now, and saves the match after every action. */
void            kuzhi_window_set_autosave   (KuzhiWindow    *self,
                                             gboolean        autosave);
gboolean        kuzhi_window_get_autosave   (KuzhiWindow    *self);
/* Saves the match to the autosave now, when autosave is on; a failure
 * shows a notice until a later autosave works. */
void            kuzhi_window_autosave       (KuzhiWindow    *self);
/* Starts a match without the dialog. */
gboolean        kuzhi_window_start_match    (KuzhiWindow    *self,
                                             KzVariantId     variant,
                                             int             seeds,
                                             const char     *name1,
                                             const char     *name2);

G_END_DECLS
