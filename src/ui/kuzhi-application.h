/* kuzhi-application.h — the application: app-wide actions, accelerators and the main window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_APPLICATION (kuzhi_application_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiApplication, kuzhi_application, KUZHI, APPLICATION, AdwApplication)

KuzhiApplication *kuzhi_application_new (void);

/* The program's one GSettings (io.github.kuzhi.Kuzhi), held for the whole
 * process, or NULL when the schema is not installed (a build run from
 * the tree without it: the defaults apply and nothing is kept; said once).
 * Windows, dialogs and the computer player all bind to this one. */
GSettings        *kuzhi_application_get_settings (void);

G_END_DECLS
