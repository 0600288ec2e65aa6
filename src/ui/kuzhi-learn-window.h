/* kuzhi-learn-window.h — Learn to Play: a game's course of lessons, and a lesson tried on a board of its own. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_LEARN_WINDOW (kuzhi_learn_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiLearnWindow, kuzhi_learn_window, KUZHI, LEARN_WINDOW, AdwWindow)

/* Opens on `variant`'s course, over `parent` (whose match it never
 * touches); `progress_path` (nullable: the user's data folder) is where
 * lessons done are kept (kuzhi_lesson_progress_mark_done()).
 *
 * Signals:
 *   lesson-started (const char *id)        a lesson's position is set out (again)
 *   judged (gboolean met, const char *sentence, gboolean shown)
 *                                          a turn was judged once its sowing is shown;
 *                                          `shown` for Show Me's turn
 *   play-easy (KzVariantId variant)        the finished course's button: the window
 *                                          closes after it */
KuzhiLearnWindow *kuzhi_learn_window_new         (GtkWindow        *parent,
                                                  KzVariantId       variant,
                                                  const char       *progress_path);
KzVariantId       kuzhi_learn_window_get_variant (KuzhiLearnWindow *self);
void              kuzhi_learn_window_set_variant (KuzhiLearnWindow *self,
                                                  KzVariantId       variant);
/* Opens lesson `index` of the course (0 …); FALSE past its end. */
gboolean          kuzhi_learn_window_open_lesson (KuzhiLearnWindow *self,
                                                  guint             index);

G_END_DECLS
