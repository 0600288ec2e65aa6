/* kuzhi-test-fuzz.h — what the fuzz targets share: a GLib warning or critical is a crash, so that libFuzzer keeps the input. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

/* A warning or critical is a bug too (a GError set twice, a failed
 * precondition). */
static void
kz_fuzz_trap_on_log (const char     *domain,
                     GLogLevelFlags  level,
                     const char     *message,
                     gpointer        data)
{
  g_printerr ("%s: %s: %s\n", (const char *) data, domain ? domain : "", message);
  __builtin_trap ();
}

/* Call from LLVMFuzzerInitialize with the target's name. */
static inline void
kz_fuzz_trap_warnings (const char *target)
{
  static const char *const domains[] = { "GLib", "GLib-GObject", "GLib-GIO", "Json",
                                       "Kuzhi-Model", "Kuzhi-Engine", "Kuzhi-Protocol", NULL };
  GLogLevelFlags levels = G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION;

  for (int i = 0; domains[i] != NULL; i++)
    g_log_set_handler (domains[i], levels, kz_fuzz_trap_on_log, (gpointer) target);
  g_log_set_handler (NULL, levels, kz_fuzz_trap_on_log, (gpointer) target);
}
