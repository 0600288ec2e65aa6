/* kuzhi-trace.h — the trace an outside test reads (KUZHI_TRACE_FILE): where each cup is on the screen, and every position played and shown. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-window.h"

G_BEGIN_DECLS

/* Writes to `path`, for as long as `window` lives:
 *   mapped                      once the window is on screen
 *   notice TEXT                 then, the notice above the board if one shows (on one line)
 *   cup P X Y                   cup P's centre in the surface's coordinates, whenever the layout moves it
 *   ring P                      after a frame that drew cup P's focus ring (-1: none), when that changes
 *   played A to_move=… pits=…   after each action (after its autosave)
 *   shown to_move=… pits=…      when the board has finished showing a move
 *   welcome shown, welcome closed  when the first start's welcome opens and closes
 *   learn shown GAME            Learn to Play's window shows, on GAME's course (protocol name)
 *   learn lesson ID             a lesson's position is set out (again)
 *   learn focus P               the keyboard's focus went to cup P of the lesson's board
 *   learn cup P X Y | hidden    whenever it changes: where a tap reaches cup P of the lesson's
 *                               board (its centre, in the surface's coordinates), or that none can
 *   learn met|missed|shown-me SENTENCE   a turn judged (shown-me: Show Me's) */
void kuzhi_trace_attach (KuzhiWindow *window,
                         const char  *path);

G_END_DECLS
