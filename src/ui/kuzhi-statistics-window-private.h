/* kuzhi-statistics-window-private.h — what tests ask Statistics and the program does not: the Reset confirmation. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-statistics-window.h"

G_BEGIN_DECLS

/* The Reset confirmation (or its failure) while it is open. */
AdwMessageDialog      *kuzhi_statistics_window_get_dialog  (KuzhiStatisticsWindow *self);

G_END_DECLS
