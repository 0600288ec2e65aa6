/* kuzhi-confirm.c — the one way Kuzhi asks before something that cannot be undone: Cancel by default, the action in red. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-confirm.h"

void
kuzhi_confirm_add_responses (AdwMessageDialog *dialog,
                             const char       *response,
                             const char       *label,
                             GCallback         on_response,
                             gpointer          object)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog));
  g_return_if_fail (response != NULL && g_strcmp0 (response, "cancel") != 0);

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    response, label,
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, response, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", on_response, object, 0);
}
