/* kuzhi-application.c — the application: app-wide actions, accelerators and the main window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "kuzhi-accessible.h"
#include "kuzhi-application.h"
#include "kuzhi-colors.h"
#include "kuzhi-endgame-file.h"
#include "kuzhi-lesson.h"
#include "kuzhi-match-file.h"
#include "kuzhi-trace.h"
#include "kuzhi-welcome.h"
#include "kuzhi-preferences-window.h"
#include "kuzhi-window.h"

struct _KuzhiApplication
{
  AdwApplication parent_instance;

  /* owned */
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (KuzhiApplication, kuzhi_application, ADW_TYPE_APPLICATION)

GSettings *
kuzhi_application_get_settings (KuzhiApplication *self)
{
  g_return_val_if_fail (KUZHI_IS_APPLICATION (self), NULL);

  return self->settings;
}

gboolean
kuzhi_application_check_schema (GError **error)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema != NULL)
    return TRUE;
  /* Not translated: only a broken install or an uninstalled build meets
   * it, and it is for whoever built Kuzhi, like GLib's own message. */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               "Kuzhi cannot start: its settings schema %s is not installed. "
               "Install Kuzhi, or run it from its build folder with “meson devenv -C BUILD ./src/kuzhi”.",
               APPLICATION_ID);
  return FALSE;
}

static void
quit_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (app);

  /* Close rather than quit, so each window remembers its size. */
  for (GList *l = windows; l != NULL; )
    {
      GList *next = l->next;
      gtk_window_close (GTK_WINDOW (l->data));
      l = next;
    }
}

static int
compare_keys (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* About's Troubleshooting page: what a bug report needs and a player
 * cannot easily look up: the versions built against and running, what
 * the desktop asks of the board, the settings, where the files are, and
 * the match on the board as a record (docs/notation.md), which pastes
 * back into Kuzhi. Not translated: it is read by whoever fixes the bug. */
static char *
debug_info (KuzhiApplication *self,
            GtkWindow        *active)
{
  GString *out = g_string_new (NULL);
  GtkSettings *gtk_settings = gtk_settings_get_default ();
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  g_autofree char *autosave = kuzhi_match_file_get_autosave_path ();
  g_autofree char *statistics = kuzhi_statistics_get_default_path ();
  g_autofree char *lessons = kuzhi_lesson_progress_get_default_path ();
  g_autofree char *endgame = kz_endgame_file_default_path (NULL, KZ_VARIANT_KALAH, 0);
  g_autofree char *endgame_folder = g_path_get_dirname (endgame);
  gboolean animations = TRUE;

  g_string_append_printf (out, "Kuzhi %s (%s)\n\n", PACKAGE_VERSION, APPLICATION_ID);

  g_string_append (out, "Libraries, running (built against):\n");
  g_string_append_printf (out, "- GLib %u.%u.%u (%d.%d.%d)\n", glib_major_version, glib_minor_version,
                          glib_micro_version, GLIB_MAJOR_VERSION, GLIB_MINOR_VERSION, GLIB_MICRO_VERSION);
  g_string_append_printf (out, "- GTK %u.%u.%u (%d.%d.%d)\n", gtk_get_major_version (), gtk_get_minor_version (),
                          gtk_get_micro_version (), GTK_MAJOR_VERSION, GTK_MINOR_VERSION, GTK_MICRO_VERSION);
  g_string_append_printf (out, "- libadwaita %u.%u.%u (%d.%d.%d)\n\n", adw_get_major_version (),
                          adw_get_minor_version (), adw_get_micro_version (), ADW_MAJOR_VERSION, ADW_MINOR_VERSION,
                          ADW_MICRO_VERSION);

  if (gtk_settings != NULL)
    g_object_get (gtk_settings, "gtk-enable-animations", &animations, NULL);
  g_string_append (out, "System:\n");
  g_string_append_printf (out, "- Display: %s\n",
                          gdk_display_get_default () != NULL ? G_OBJECT_TYPE_NAME (gdk_display_get_default ())
                                                             : "none");
  g_string_append_printf (out, "- Flatpak: %s\n", g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS) ? "yes" : "no");
  g_string_append_printf (out, "- Language: %s (messages: %s)\n", g_get_language_names ()[0],
                          setlocale (LC_MESSAGES, NULL));
  g_string_append_printf (out, "- Animations: %s; high contrast: %s; dark: %s\n\n", animations ? "on" : "off",
                          adw_style_manager_get_high_contrast (style) ? "on" : "off",
                          adw_style_manager_get_dark (style) ? "yes" : "no");

  g_string_append (out, "Settings:\n");
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  g_qsort_with_data (keys, (gint) g_strv_length (keys), sizeof *keys, compare_keys, NULL);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GVariant) value = g_settings_get_value (self->settings, keys[i]);
      g_autofree char *text = g_variant_print (value, FALSE);

      g_string_append_printf (out, "- %s: %s\n", keys[i], text);
    }

  g_string_append (out, "\nFiles:\n");
  g_string_append_printf (out, "- Autosave: %s\n", autosave);
  g_string_append_printf (out, "- Statistics: %s\n", statistics);
  g_string_append_printf (out, "- Lessons: %s\n", lessons);
  g_string_append_printf (out, "- Endgame databases: %s\n", endgame_folder);

  if (KUZHI_IS_WINDOW (active))
    {
      KuzhiGameModel *model = kuzhi_window_get_model (KUZHI_WINDOW (active));
      g_autofree char *record = kuzhi_game_model_to_record (model);
      const char *file = kuzhi_game_model_get_file (model);

      g_string_append_printf (out, "\nThe match on the board (its file: %s):\n%s", file != NULL ? file : "none",
                              record);
      if (!g_str_has_suffix (record, "\n"))
        g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
about_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *active = gtk_application_get_active_window (app);
  static const char *developers[] = { "The Kuzhi developers", NULL };
  g_autofree char *debug = debug_info (KUZHI_APPLICATION (app), active);

  adw_show_about_window (active,
                         "application-name", _("Kuzhi"),
                         "application-icon", APPLICATION_ID,
                         "developer-name", _("The Kuzhi developers"),
                         "version", PACKAGE_VERSION,
                         "comments", _("Play pallanguzhi, the South Indian shell-and-cup game, and other mancala games"),
                         "website", "https://github.com/kuzhi/kuzhi",
                         "issue-url", "https://github.com/kuzhi/kuzhi/issues",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         "translator-credits", _("translator-credits"),
                         "debug-info", debug,
                         "debug-info-filename", "kuzhi-debug-info.txt",
                         NULL);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  KuzhiPreferencesWindow *prefs;

  prefs = kuzhi_preferences_window_new (gtk_application_get_active_window (app));
  gtk_window_present (GTK_WINDOW (prefs));
}

/* The game window a problem is told in: the active window, or the game
 * window behind it (Rules, Preferences), or else the first one there is. */
static KuzhiWindow *
game_window_of (GtkApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  if (window != NULL && !KUZHI_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  if (window != NULL && KUZHI_IS_WINDOW (window))
    return KUZHI_WINDOW (window);
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    if (KUZHI_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static void
help_shown (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GWeakRef *told = user_data;
  g_autoptr(KuzhiWindow) window = g_weak_ref_get (told);
  g_autoptr(GError) error = NULL;

  g_weak_ref_clear (told);
  g_free (told);
  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;
  /* A window closed meanwhile is told nothing. */
  if (window == NULL || !gtk_widget_get_visible (GTK_WIDGET (window)))
    return;
  /* GLib finds no program for help: URIs as "not supported". */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    kuzhi_window_show_toast (window, _("The manual could not be opened: no help viewer is installed"));
  else
    {
      /* Translators: %s is the system's reason */
      g_autofree char *text = g_strdup_printf (_("The manual could not be opened: %s"), error->message);
      kuzhi_window_show_toast (window, text);
    }
}

/* The manual (help/C), in the desktop's help viewer, as GNOME's games open
 * theirs. A failure, such as no help viewer, is said in the window rather
 * than only on the terminal. */
static void
help_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (app);
  GWeakRef *told = g_new0 (GWeakRef, 1);

  g_weak_ref_init (told, game_window_of (app));
  gtk_show_uri_full (parent, "help:kuzhi", GDK_CURRENT_TIME, NULL, help_shown, told);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "about", about_action },
  { "preferences", preferences_action },
  { "help", help_action },
};

static void
kuzhi_application_startup (GApplication *application)
{
  GtkApplication *app = GTK_APPLICATION (application);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new-match", { "<Control>n", NULL } },
    { "win.set-up-position", { "<Control>e", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.switch-view", { "F9", NULL } },
    { "win.refill", { "r", NULL } },
    { "win.mark-lucky", { "l", NULL } },
    { "win.hint", { "h", NULL } },
    { "win.analysis", { "a", NULL } },
    { "win.cancel", { "Escape", NULL } },
    { "app.help", { "F1", NULL } },
    { "win.rules", { "<Shift>F1", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.copy-position", { "<Control>c", NULL } },
    { "win.copy-record", { "<Control><Shift>c", NULL } },
    { "win.paste", { "<Control>v", NULL } },
    { "win.history", { "F8", "<Control>h", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };

  G_APPLICATION_CLASS (kuzhi_application_parent_class)->startup (application);
  kuzhi_colors_install (gdk_display_get_default ());
  kuzhi_accessible_watch_windows ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
  /* 1–7 choose that cup of the row to move (no game has more a row). */
  for (int n = 1; n <= KZ_MAX_PITS / 2; n++)
    {
      g_autofree char *action = g_strdup_printf ("win.choose-cup(%d)", n);
      g_autofree char *key = g_strdup_printf ("%d", n);
      g_autofree char *pad = g_strdup_printf ("KP_%d", n);
      const char *keys[] = { key, pad, NULL };

      gtk_application_set_accels_for_action (app, action, keys);
    }
  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
kuzhi_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      const char *trace = g_getenv ("KUZHI_TRACE_FILE");

      window = GTK_WINDOW (kuzhi_window_new (GTK_APPLICATION (application)));
      /* The outside tests' view of the window (tests/ui-*.sh). */
      if (trace != NULL && *trace != '\0')
        kuzhi_trace_attach (KUZHI_WINDOW (window), trace);
      kuzhi_window_set_autosave (KUZHI_WINDOW (window), TRUE);
      /* Every match that ends is counted, in the user data folder. */
      {
        g_autoptr(KuzhiStatistics) statistics = kuzhi_statistics_new (NULL);

        kuzhi_window_set_statistics (KUZHI_WINDOW (window), statistics);
      }
      gtk_window_present (window);
      /* On the first start, the games and how to move, over the board. */
      kuzhi_welcome_show_once (window, KUZHI_APPLICATION (application)->settings);
      return;
    }
  gtk_window_present (window);
}

/* `kuzhi FILE` and the file manager: one window, the first file in it
 * (asking first when the match on screen has unsaved changes). */
static void
kuzhi_application_open (GApplication  *application,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  GtkWindow *window;

  kuzhi_application_activate (application);
  window = gtk_application_get_active_window (GTK_APPLICATION (application));
  if (n_files > 0 && KUZHI_IS_WINDOW (window))
    kuzhi_window_open_file (KUZHI_WINDOW (window), files[0]);
}

/* `kuzhi --version`: the command and its version, as GNU tools say it,
 * then nothing else. */
static int
kuzhi_application_handle_local_options (GApplication *application,
                                        GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("kuzhi %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  return -1;
}

static void
kuzhi_application_finalize (GObject *object)
{
  KuzhiApplication *self = KUZHI_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (kuzhi_application_parent_class)->finalize (object);
}

static void
kuzhi_application_class_init (KuzhiApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = kuzhi_application_finalize;
  app_class->startup = kuzhi_application_startup;
  app_class->activate = kuzhi_application_activate;
  app_class->open = kuzhi_application_open;
  app_class->handle_local_options = kuzhi_application_handle_local_options;
}

/* The schema must be there (kuzhi_application_check_schema()): GSettings
 * aborts on a schema it does not know. */
static void
kuzhi_application_init (KuzhiApplication *self)
{
  /* Translated here, at run time: the text domain is bound by then. */
  const GOptionEntry options[] = {
    { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL, _("Show the version and quit"), NULL },
    { NULL }
  };

  self->settings = g_settings_new (APPLICATION_ID);
  g_application_add_main_option_entries (G_APPLICATION (self), options);
  /* TRANSLATORS: in `kuzhi --help`, what may follow the command. */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play mancala games: the Constitution, Kalah, Oware, Mangala, "
                                              "Dakon, Pallanguzhi and Bohnenspiel."));
  g_application_set_option_context_description (G_APPLICATION (self),
                                                _("FILE is a match saved by Kuzhi (.kuzhi) or an Oware record "
                                                  "from Aualé (.ogn); it opens in the window."));
}

KuzhiApplication *
kuzhi_application_new (void)
{
  return g_object_new (KUZHI_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/kuzhi/Kuzhi",
                       NULL);
}
