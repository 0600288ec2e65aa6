/* test-window-help.c — F1 and the main menu's Help open the manual (help:kuzhi) in the desktop's help viewer, and a missing viewer is told in a toast; About's debugging information; under Xvfb. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "kuzhi-application.h"
#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-util.h"
#include "kuzhi-test-window.h"

/* A private desktop: XDG_DATA_HOME and XDG_CONFIG_HOME below it, with a
 * "help viewer" of its own that writes the URI it is given to `record`. */
static char *work;
static char *record;
static char *viewer;

typedef void (*AppTest) (GtkApplication *app,
                         KuzhiWindow    *window);

static void
write_file (const char *path,
            const char *text,
            int         mode)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

/* The handler of help: URIs, the way a help viewer is one: a desktop file
 * with the x-scheme-handler/help type, the default in mimeapps.list. */
static void
install_viewer (void)
{
  g_autofree char *apps = g_build_filename (work, "data", "applications", NULL);
  g_autofree char *config = g_build_filename (work, "config", NULL);
  g_autofree char *desktop = g_build_filename (apps, "kuzhi-test-help-viewer.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (config, "mimeapps.list", NULL);
  g_autofree char *script = NULL;
  g_autofree char *entry = NULL;

  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  /* Written under another name and moved, so the test never reads half. */
  script = g_strdup_printf ("#!/bin/sh\nprintf '%%s' \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                            record, record, record);
  write_file (viewer, script, 0755);
  entry = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Test Help Viewer\n"
                           "Exec=%s %%u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n", viewer);
  write_file (desktop, entry, 0644);
  write_file (mimeapps, "[Default Applications]\nx-scheme-handler/help=kuzhi-test-help-viewer.desktop\n", 0644);
}

/* What the viewer was asked to open, waiting for it up to 20 s (a slow,
 * shared machine), or NULL. */
static char *
wait_for_record (void)
{
  for (int i = 0; i < 200; i++)
    {
      char *text = NULL;

      if (g_file_get_contents (record, &text, NULL, NULL))
        return text;
      kz_test_spin (100);
    }
  return NULL;
}

static void
on_activate (GApplication *application,
             gpointer      data)
{
  GtkApplication *app = GTK_APPLICATION (application);
  KuzhiWindow *window = KUZHI_WINDOW (gtk_application_get_active_window (app));
  AppTest test = (AppTest) data;

  kz_test_window_show (window);
  test (app, window);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs `test` in a real application, started as `kuzhi` is, with its
 * actions and accelerators and its window. */
static void
run_in_app (AppTest test)
{
  g_autoptr(KuzhiApplication) app = kuzhi_application_new ();
  char *argv[] = { (char *) "kuzhi", NULL };

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), (gpointer) test);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

static gboolean
has_shortcut_for (GtkWidget  *root,
                  const char *action)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_SHORTCUTS_SHORTCUT (child))
        {
          g_autofree char *name = NULL;
          g_object_get (child, "action-name", &name, NULL);
          if (g_strcmp0 (name, action) == 0)
            return TRUE;
        }
      if (has_shortcut_for (child, action))
        return TRUE;
    }
  return FALSE;
}

/* Whether `token` of a shortcut's accelerator ("F8", "<Control>h", a
 * range "1...7") shows the key `keyval` with `mods`. */
static gboolean
token_shows (const char      *token,
             guint            keyval,
             GdkModifierType  mods)
{
  g_auto(GStrv) ends = g_strsplit (token, "...", 2);
  guint first, last;
  GdkModifierType first_mods, last_mods;

  if (!gtk_accelerator_parse (ends[0], &first, &first_mods))
    return FALSE;
  last = first;
  last_mods = first_mods;
  if (ends[1] != NULL && !gtk_accelerator_parse (ends[1], &last, &last_mods))
    return FALSE;
  return first_mods == mods && last_mods == mods && keyval >= first && keyval <= last;
}

/* Whether a shortcut of the window shows the key `accel` in its
 * accelerator, alone or in a range ("1...7"). The keypad's digits are
 * the main keyboard's to a player: where 1 is shown, KP_1 is. */
static gboolean
shows_key (GtkWidget  *root,
           const char *accel)
{
  guint keyval;
  GdkModifierType mods;

  g_assert_true (gtk_accelerator_parse (accel, &keyval, &mods));
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    keyval = GDK_KEY_0 + (keyval - GDK_KEY_KP_0);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_SHORTCUTS_SHORTCUT (child))
        {
          g_autofree char *text = NULL;
          g_auto(GStrv) tokens = NULL;

          g_object_get (child, "accelerator", &text, NULL);
          tokens = g_strsplit (text != NULL ? text : "", " ", -1);
          for (guint i = 0; tokens[i] != NULL; i++)
            if (token_shows (tokens[i], keyval, mods))
              return TRUE;
        }
      if (shows_key (child, accel))
        return TRUE;
    }
  return FALSE;
}

static char *
item_string (GMenuModel *section,
             int         item,
             const char *attribute)
{
  char *value = NULL;

  g_menu_model_get_item_attribute (section, item, attribute, "s", &value);
  return value;
}

/* The main menu's section with Keyboard Shortcuts, or NULL. */
static GMenuModel *
shortcuts_section (GMenuModel *menu)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section == NULL)
        continue;
      for (int j = 0; j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *action = item_string (section, j, G_MENU_ATTRIBUTE_ACTION);
          if (g_strcmp0 (action, "win.show-help-overlay") == 0)
            return g_steal_pointer (&section);
        }
    }
  return NULL;
}

/* F1 is the manual's, Shift+F1 the Rules window's; the menu's Help sits
 * with Keyboard Shortcuts, before About; the shortcuts window lists it. */
static void
check_keys_and_menu (GtkApplication *app,
                     KuzhiWindow    *window)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, "app.help");
  g_auto(GStrv) on_f1 = gtk_application_get_actions_for_accel (app, "F1");
  g_auto(GStrv) on_shift_f1 = gtk_application_get_actions_for_accel (app, "<Shift>F1");
  GtkWidget *button = kz_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  g_autoptr(GMenuModel) section = NULL;
  GtkShortcutsWindow *overlay;
  int help = -1;

  g_assert_true (g_strv_contains ((const char *const *) accels, "F1"));
  g_assert_cmpuint (g_strv_length (on_f1), ==, 1);
  g_assert_cmpstr (on_f1[0], ==, "app.help");
  g_assert_true (g_strv_contains ((const char *const *) on_shift_f1, "win.rules"));

  g_assert_nonnull (button);
  section = shortcuts_section (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)));
  g_assert_nonnull (section);
  for (int j = 0; j < g_menu_model_get_n_items (section); j++)
    {
      g_autofree char *action = item_string (section, j, G_MENU_ATTRIBUTE_ACTION);
      if (g_strcmp0 (action, "app.help") == 0)
        help = j;
    }
  g_assert_cmpint (help, >=, 0);
  {
    g_autofree char *label = item_string (section, help, G_MENU_ATTRIBUTE_LABEL);
    g_autofree char *next = item_string (section, help + 1, G_MENU_ATTRIBUTE_ACTION);
    g_assert_cmpstr (label, ==, "_Help");
    g_assert_cmpstr (next, ==, "app.about");
  }

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (has_shortcut_for (GTK_WIDGET (overlay), "app.help"));

  /* Shown as Ctrl+? shows it, and drawn: GTK warned here once (the page
   * buttons' labels measured below zero, style.css), and in a test a
   * warning is fatal. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  for (int i = 0; i < 100 && !gtk_widget_get_mapped (GTK_WIDGET (overlay)); i++)
    kz_test_spin (50);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (overlay)));
  kz_test_spin (300);
  gtk_widget_set_visible (GTK_WIDGET (overlay), FALSE);
}

static void
test_keys_and_menu (void)
{
  run_in_app (check_keys_and_menu);
}

/* Every key the program binds is in the Keyboard Shortcuts window, so a
 * player who looks there finds them all: F11 and Ctrl+W too, and the
 * digits that choose a cup. */
static void
check_every_key_listed (GtkApplication *app,
                        KuzhiWindow    *window)
{
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (app);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  guint bound = 0;

  g_assert_nonnull (overlay);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, actions[i]);

      if (accels[0] == NULL)
        continue;
      bound++;
      if (has_shortcut_for (GTK_WIDGET (overlay), actions[i]))
        continue;
      /* Or each of its keys is shown, as 1–7 choose a cup ("1...7"). */
      for (guint k = 0; accels[k] != NULL; k++)
        if (!shows_key (GTK_WIDGET (overlay), accels[k]))
          g_error ("%s (%s) is not in the Keyboard Shortcuts window", actions[i], accels[k]);
    }
  /* F11's and Ctrl+W's among them. */
  g_assert_true (has_shortcut_for (GTK_WIDGET (overlay), "win.fullscreen"));
  g_assert_true (has_shortcut_for (GTK_WIDGET (overlay), "window.close"));
  g_assert_cmpuint (bound, >=, 20);
}

static void
test_every_key_listed (void)
{
  run_in_app (check_every_key_listed);
}

/* Activates what the main menu's Help item names, through the window as
 * the menu does, then what F1 is bound to: each asks the viewer for
 * help:kuzhi, and nothing is said in the window. */
static void
check_launch (GtkApplication *app,
              KuzhiWindow    *window)
{
  GtkWidget *button = kz_test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  g_autoptr(GMenuModel) section = shortcuts_section (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)));
  g_auto(GStrv) on_f1 = gtk_application_get_actions_for_accel (app, "F1");
  g_autofree char *menu_action = NULL;

  g_assert_nonnull (section);
  for (int j = 0; j < g_menu_model_get_n_items (section) && menu_action == NULL; j++)
    {
      g_autofree char *label = item_string (section, j, G_MENU_ATTRIBUTE_LABEL);
      if (g_strcmp0 (label, "_Help") == 0)
        menu_action = item_string (section, j, G_MENU_ATTRIBUTE_ACTION);
    }
  g_assert_nonnull (menu_action);
  g_assert_cmpuint (g_strv_length (on_f1), ==, 1);

  for (int way = 0; way < 2; way++)
    {
      g_autofree char *asked = NULL;

      g_remove (record);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), way == 0 ? menu_action : on_f1[0], NULL));
      asked = wait_for_record ();
      g_assert_cmpstr (asked, ==, "help:kuzhi");
      g_assert_false (kuzhi_window_get_toast_shown (window));
    }
}

static void
test_launch (void)
{
  install_viewer ();
  run_in_app (check_launch);
}

/* No program takes help: URIs (the viewer is not executable, so GLib does
 * not offer it): the window says so in a toast, and nothing crashes. */
static void
check_no_viewer (GtkApplication *app,
                 KuzhiWindow    *window)
{
  g_remove (record);
  g_assert_false (kuzhi_window_get_toast_shown (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  for (int i = 0; i < 200 && !kuzhi_window_get_toast_shown (window); i++)
    kz_test_spin (100);
  g_assert_true (kuzhi_window_get_toast_shown (window));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_last_toast (window), "The manual could not be opened"));
  g_test_message ("toast: %s", kuzhi_window_get_last_toast (window));
  g_assert_false (g_file_test (record, G_FILE_TEST_EXISTS));
}

static void
test_no_viewer (void)
{
  install_viewer ();
  g_assert_cmpint (g_chmod (viewer, 0644), ==, 0);
  run_in_app (check_no_viewer);
}

/* The system's data folders (XDG_DATA_DIRS, or its default) merged into
 * one folder of the test's own by symbolic links, leaving out their
 * applications: GTK still finds the MIME database and the icons, and no
 * installed program is offered help: URIs. */
static char *
system_data_without_applications (void)
{
  const char *dirs = g_getenv ("XDG_DATA_DIRS");
  g_auto(GStrv) each = g_strsplit (dirs != NULL && *dirs != '\0' ? dirs : "/usr/local/share:/usr/share", ":", -1);
  char *merged = g_build_filename (work, "system-data", NULL);

  g_assert_cmpint (g_mkdir_with_parents (merged, 0700), ==, 0);
  for (int i = 0; each[i] != NULL; i++)
    {
      GDir *dir = g_dir_open (each[i], 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *target = g_build_filename (each[i], name, NULL);
          g_autofree char *link = g_build_filename (merged, name, NULL);

          /* The first folder that has a name wins, as in XDG_DATA_DIRS. */
          if (strcmp (name, "applications") != 0 && !g_file_test (link, G_FILE_TEST_EXISTS))
            g_assert_cmpint (symlink (target, link), ==, 0);
        }
      if (dir != NULL)
        g_dir_close (dir);
    }
  return merged;
}

/* About's Troubleshooting page holds what a bug report needs: the
 * versions, the settings as they are now, where the files are, and the
 * match on the board as a record that pastes back into Kuzhi. */
static void
check_debug_info (GtkApplication *app,
                  KuzhiWindow    *window)
{
  GSettings *settings = kuzhi_application_get_settings (KUZHI_APPLICATION (app));
  KuzhiGameModel *model = kuzhi_window_get_model (window);
  GListModel *toplevels = gtk_window_get_toplevels ();
  KzAction legal[KZ_MAX_ACTIONS];
  GtkWindow *about = NULL;
  g_autofree char *info = NULL;
  g_autofree char *filename = NULL;
  g_autofree char *gtk_version = NULL;
  g_autofree char *autosave = kuzhi_match_file_get_autosave_path ();
  g_autofree char *autosave_line = g_strdup_printf ("\n- Autosave: %s\n", autosave);
  g_autoptr(GError) error = NULL;
  char *names[2] = { NULL, NULL };
  KzMatch parsed = { 0 };
  const char *text;

  g_settings_set_boolean (settings, "sound", FALSE);
  kuzhi_game_model_set_player_name (model, 0, "Meena");
  /* Three sowings (no lucky cup marked: a mark is half a turn). */
  for (int turn = 0; turn < 3; turn++)
    {
      int n = kuzhi_game_model_get_legal (model, legal);
      int i = 0;

      while (i < n && KZ_ACTION_IS_MARK (legal[i]))
        i++;
      g_assert_cmpint (i, <, n);
      g_assert_true (kuzhi_game_model_play (model, legal[i], &error));
      g_assert_no_error (error);
    }

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  for (int i = 0; i < 100 && about == NULL; i++)
    {
      kz_test_spin (50);
      for (guint w = 0; w < g_list_model_get_n_items (toplevels); w++)
        {
          g_autoptr(GtkWindow) shown = g_list_model_get_item (toplevels, w);
          if (ADW_IS_ABOUT_WINDOW (shown) && gtk_window_get_transient_for (shown) == GTK_WINDOW (window))
            about = shown;
        }
    }
  g_assert_nonnull (about);
  g_object_get (about, "debug-info", &info, "debug-info-filename", &filename, NULL);
  g_assert_nonnull (info);
  g_test_message ("%s", info);
  g_assert_cmpstr (filename, ==, "kuzhi-debug-info.txt");

  g_assert_true (g_str_has_prefix (info, "Kuzhi "));
  g_assert_nonnull (strstr (info, "(io.github.kuzhi.Kuzhi)\n"));
  gtk_version = g_strdup_printf ("\n- GTK %u.%u.%u (", gtk_get_major_version (), gtk_get_minor_version (),
                                 gtk_get_micro_version ());
  g_assert_nonnull (strstr (info, gtk_version));
  g_assert_nonnull (strstr (info, "\n- sound: false\n"));
  g_assert_nonnull (strstr (info, autosave_line));

  text = strstr (info, "\nThe match on the board (its file: none):\n");
  g_assert_nonnull (text);
  text = strchr (text + 1, '\n') + 1;
  g_assert_true (kuzhi_notation_match_parse (text, &parsed, names, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (names[0], ==, "Meena");
  g_assert_cmpuint (parsed.n_history, ==, kuzhi_game_model_get_match (model)->n_history);
  g_assert_true (kz_position_equal (&parsed.pos, kuzhi_game_model_get_position (model)));
  kz_match_clear (&parsed);
  g_free (names[0]);
  g_free (names[1]);

  gtk_window_destroy (about);
  g_settings_reset (settings, "sound");
}

static void
test_debug_info (void)
{
  run_in_app (check_debug_info);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Set before GLib caches the user's folders: the autosave, the
   * desktop files and mimeapps.list are all this test's own. The
   * system's folders are the test's too (empty), so that a help viewer
   * the machine has installed (yelp, on any GNOME desktop) is not
   * offered help: URIs: the test decides whether there is a viewer. */
  work = g_dir_make_tmp ("kuzhi-help-XXXXXX", NULL);
  g_assert_nonnull (work);
  {
    g_autofree char *data = g_build_filename (work, "data", NULL);
    g_autofree char *config = g_build_filename (work, "config", NULL);
    g_autofree char *system_data = system_data_without_applications ();
    g_autofree char *system_config = g_build_filename (work, "system-config", NULL);
    g_setenv ("XDG_DATA_HOME", data, TRUE);
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
    g_setenv ("XDG_DATA_DIRS", system_data, TRUE);
    g_setenv ("XDG_CONFIG_DIRS", system_config, TRUE);
  }
  record = g_build_filename (work, "asked", NULL);
  viewer = g_build_filename (work, "help-viewer.sh", NULL);
  kz_test_gtk_init (&argc, &argv);

  g_test_add_func ("/help/keys-and-menu", test_keys_and_menu);
  g_test_add_func ("/help/every-key-listed", test_every_key_listed);
  g_test_add_func ("/help/launch", test_launch);
  g_test_add_func ("/help/no-viewer", test_no_viewer);
  g_test_add_func ("/help/about-debug-info", test_debug_info);
  status = g_test_run ();

  kz_test_remove_tree (work);
  g_free (work);
  g_free (record);
  g_free (viewer);
  return status;
}
