/* kuzhi-window-statistics.h — the window's statistics: every match that ends in it recorded, the Statistics window (kuzhi-window-statistics.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
#include "kuzhi-statistics.h"

G_BEGIN_DECLS

/* Loads `statistics` and records into it, from now on, every match that
 * ends in this window (played to its end: a match undone and ended again
 * replaces its result); NULL, the default, records nothing and leaves
 * win.statistics off. A broken file, which loading set aside, and a write
 * that fails are said in the notice above the board; the game goes on. */
void              kuzhi_window_set_statistics        (KuzhiWindow     *self,
                                                      KuzhiStatistics *statistics);
KuzhiStatistics  *kuzhi_window_get_statistics        (KuzhiWindow     *self);
/* The Statistics window while it is open (win.statistics), or NULL. */
GtkWindow        *kuzhi_window_get_statistics_window (KuzhiWindow     *self);

G_END_DECLS
