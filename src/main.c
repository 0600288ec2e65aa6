/* main.c — starts KuzhiApplication, and nothing else. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

#include "kuzhi-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KuzhiApplication) app = NULL;
  g_autoptr(GError) error = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Kuzhi"));
  if (!kuzhi_application_check_schema (&error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  app = kuzhi_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
