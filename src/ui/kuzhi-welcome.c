/* kuzhi-welcome.c — the welcome on a first start: the games Kuzhi plays and how to move, shown once. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-welcome.h"
#include "kuzhi-engine.h"
#include "kuzhi-fit-layout.h"
#include "kuzhi-game-text.h"
#include "kuzhi-layout-box.h"

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             GSettings        *settings)
{
  /* Seen, however it was closed: Start Playing, Escape or the window's
   * close button. Written at once, so that a program killed later still
   * remembers. */
  g_settings_set_boolean (settings, "welcome-seen", TRUE);
  g_settings_sync ();
  /* Learn to Play opens over the main window, on the game it plays. */
  if (g_strcmp0 (response, "learn") == 0)
    {
      GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

      if (parent != NULL)
        gtk_widget_activate_action (GTK_WIDGET (parent), "win.learn", NULL);
    }
}

/* A backend that forgets everything at exit would show the welcome at
 * every start: "once" cannot be kept there. */
static gboolean
can_remember (GSettings *settings)
{
  g_autoptr(GSettingsBackend) backend = NULL;

  g_object_get (settings, "backend", &backend, NULL);
  return backend != NULL && g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "GMemorySettingsBackend") != 0;
}

GtkWindow *
kuzhi_welcome_show_once (GtkWindow *parent,
                         GSettings *settings)
{
  g_autoptr(GString) games = g_string_new (NULL);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  GtkWidget *text, *scrolled, *fit;

  if (g_settings_get_boolean (settings, "welcome-seen") || !can_remember (settings))
    return NULL;

  /* The games, in the engine's order: the Constitution, which a new
   * window starts with, first. */
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    g_string_append_printf (games, "%s%s", id > 0 ? ", " : "", kuzhi_game_title (id));

  /* Translators: the welcome on a first start; %s lists the games ("Constitution, Kalah, Oware, …") */
  body = g_strdup_printf (_("Seven mancala games to play: %s. A match of the Constitution is set out; "
                            "New Match (Ctrl+N) chooses another game, and who plays.\n\n"
                            "• Click one of your highlighted cups, or choose one with the arrow keys and press Enter.\n"
                            "• Its shells are sown one by one into the cups after it, counter-clockwise.\n"
                            "• What each game takes, and what ends it: Rules (Shift+F1)."),
                          games->str);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("Welcome to Kuzhi"), NULL));
  /* The body scrolls where the window is shorter than the text (a phone,
   * a long language, large text), so that the buttons stay in sight: the
   * dialog's own body would stretch it past the screen's foot. Set out as
   * the dialog sets out its body. */
  text = gtk_label_new (body);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (text), 40);
  gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
  gtk_widget_set_valign (text, GTK_ALIGN_START);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text);
  gtk_widget_set_vexpand (scrolled, TRUE);
  fit = kuzhi_layout_box_new (g_object_new (KUZHI_TYPE_FIT_LAYOUT, NULL));
  kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (fit), scrolled);
  adw_message_dialog_set_extra_child (dialog, fit);
  /* The name outside tests look for (tests/ui-welcome.sh). */
  gtk_window_set_title (GTK_WINDOW (dialog), _("Welcome to Kuzhi"));
  gtk_widget_set_name (GTK_WIDGET (dialog), "welcome");
  adw_message_dialog_add_response (dialog, "learn", _("_Learn to Play"));
  adw_message_dialog_add_response (dialog, "start", _("_Start Playing"));
  adw_message_dialog_set_response_appearance (dialog, "start", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "start");
  adw_message_dialog_set_close_response (dialog, "start");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), settings, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}
