/* kuzhi-window-analysis.h — the window's Analysis mode: the value of every move, written on the cups, and the best line. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-window.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

/* The hint line's analysis text for the position shown ("Analysis, 12
 * turns deep: best cup 3, +2 — cup 3, then Arul's cup 5 …"), or NULL when
 * the analysis is off or has nothing yet. */
const char       *kuzhi_window_analysis_get_line  (KuzhiWindow *self);
/* Whether Analysis is switched on (the setting), whatever it has found. */
gboolean          kuzhi_window_analysis_get_on    (KuzhiWindow *self);
/* The values found so far for the position in play, or NULL. */
const KzAnalysis *kuzhi_window_analysis_get       (KuzhiWindow *self);
/* Shows the values again, e.g. when marking a lucky cup starts or stops
 * (the cups then carry the marks' values). */
void              kuzhi_window_analysis_redisplay (KuzhiWindow *self);

G_END_DECLS
