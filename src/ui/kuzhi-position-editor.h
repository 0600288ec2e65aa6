/* kuzhi-position-editor.h — Set Up Position: a match from any position the rules allow, set cup by cup. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-game-model.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_POSITION_EDITOR (kuzhi_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiPositionEditor, kuzhi_position_editor, KUZHI, POSITION_EDITOR, AdwWindow)

/* Opens at `from` (NULL: the model's current position), in its game,
 * with the model's players. */
KuzhiPositionEditor *kuzhi_position_editor_new   (GtkWindow           *parent,
                                                  KuzhiGameModel      *model,
                                                  const KzPosition    *from);
/* Starts a match at the position set up and closes; what Start does.
 * FALSE, and nothing changes, while the position is refused. */
gboolean             kuzhi_position_editor_start (KuzhiPositionEditor *self);

G_END_DECLS
