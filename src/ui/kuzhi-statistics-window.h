/* kuzhi-statistics-window.h — Statistics: each game's results against the computer and between people, and Reset. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-statistics.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_STATISTICS_WINDOW (kuzhi_statistics_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiStatisticsWindow, kuzhi_statistics_window, KUZHI, STATISTICS_WINDOW, AdwWindow)

/* Shows `statistics`, opened on `variant`'s figures, and follows every
 * change of them while open. */
KuzhiStatisticsWindow *kuzhi_statistics_window_new        (GtkWindow             *parent,
                                                           KuzhiStatistics       *statistics,
                                                           KzVariantId            variant);
KzVariantId            kuzhi_statistics_window_get_variant (KuzhiStatisticsWindow *self);
void                   kuzhi_statistics_window_set_variant (KuzhiStatisticsWindow *self,
                                                            KzVariantId            variant);

G_END_DECLS
