/* kuzhi-learn-window-private.h — what tests and the trace ask Learn to Play and the program does not: the lesson open, its board and model, the sentence under the board. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-board-view.h"
#include "kuzhi-learn-window.h"

G_BEGIN_DECLS

/* The lesson open, or -1 on the course's list. */
int               kuzhi_learn_window_get_lesson  (KuzhiLearnWindow *self);
KuzhiBoardView   *kuzhi_learn_window_get_board   (KuzhiLearnWindow *self);
KuzhiGameModel   *kuzhi_learn_window_get_model   (KuzhiLearnWindow *self);
/* The sentence shown under the board (the judged turn), or NULL. */
const char       *kuzhi_learn_window_get_result  (KuzhiLearnWindow *self);

G_END_DECLS
