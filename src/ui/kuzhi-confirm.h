/* kuzhi-confirm.h — the one way Kuzhi asks before something that cannot be undone. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Gives `dialog` Cancel and the destructive `response` (its `label`, with
 * a mnemonic): Cancel is the default and what Escape or closing give, so
 * only a deliberate choice destroys anything. `on_response` gets the
 * response while `object` lives. The caller presents the dialog. */
void kuzhi_confirm_add_responses (AdwMessageDialog *dialog,
                                  const char       *response,
                                  const char       *label,
                                  GCallback         on_response,
                                  gpointer          object);

G_END_DECLS
