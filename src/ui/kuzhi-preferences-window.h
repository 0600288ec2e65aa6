/* kuzhi-preferences-window.h — Preferences: animation speed and default view, stored in GSettings. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_PREFERENCES_WINDOW (kuzhi_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiPreferencesWindow, kuzhi_preferences_window, KUZHI, PREFERENCES_WINDOW, AdwPreferencesWindow)

KuzhiPreferencesWindow *kuzhi_preferences_window_new (GtkWindow *parent);

G_END_DECLS
