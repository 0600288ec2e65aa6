/* kuzhi-welcome.h — the welcome on a first start: the games Kuzhi plays and how to move, shown once. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows the welcome over `parent` unless `settings` say it was seen
 * ("welcome-seen"); closing it in any way marks it seen for good. Not
 * shown where the settings cannot keep that (the memory
 * backend of the tests), as it would then come back at every start.
 * Returns the dialog, or NULL when none was shown. */
GtkWindow *kuzhi_welcome_show_once (GtkWindow *parent,
                                    GSettings *settings);

G_END_DECLS
