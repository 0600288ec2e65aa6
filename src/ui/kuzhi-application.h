/* kuzhi-application.h — the application: app-wide actions, accelerators and the main window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_APPLICATION (kuzhi_application_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiApplication, kuzhi_application, KUZHI, APPLICATION, AdwApplication)

KuzhiApplication *kuzhi_application_new (void);

/* Whether the settings schema (io.github.kuzhi.Kuzhi) is installed, or
 * where GSETTINGS_SCHEMA_DIR points (`meson devenv`): the program needs
 * it, and main() says so and stops without it. */
gboolean          kuzhi_application_check_schema (GError **error);

/* The application's GSettings on that schema, never NULL. */
GSettings        *kuzhi_application_get_settings (KuzhiApplication *self);

G_END_DECLS
