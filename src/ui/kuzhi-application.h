/* kuzhi-application.h — the application: app-wide actions, accelerators and the main window. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_APPLICATION (kuzhi_application_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiApplication, kuzhi_application, KUZHI, APPLICATION, AdwApplication)

KuzhiApplication *kuzhi_application_new (void);

G_END_DECLS
