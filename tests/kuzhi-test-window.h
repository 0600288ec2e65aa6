/* kuzhi-test-window.h — what the window tests and UI benchmarks share: running the main loop for a while or until something holds, and a window ready to draw as the tests' fixture. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-colors.h"

/* GTK 4.8 loads an icon in a worker thread, which can hold the icon's
 * last reference: the icon is then finalized in that thread, and until it
 * has left the icon theme's cache the main thread can still find it there
 * and g_object_ref() it, a fatal critical in a test (seen once in CI when
 * a test's window was destroyed with icon loads under way and the next
 * test's window asked for the same icons; the program itself would crash
 * there). A test process opens and closes windows far faster than a
 * player, so the tests, the screenshots and the UI benchmarks keep every
 * icon, a few dozen, for their whole run: none is ever finalized. */
static GPtrArray *kz_test_icons;
static GMutex kz_test_icons_lock;
static void (*kz_test_icon_constructed) (GObject *object);

static inline void
kz_test_keep_icon (GObject *icon)
{
  kz_test_icon_constructed (icon);
  g_mutex_lock (&kz_test_icons_lock);
  g_ptr_array_add (kz_test_icons, g_object_ref (icon));
  g_mutex_unlock (&kz_test_icons_lock);
}

/* From now on every icon GTK makes is kept (above). Before any window. */
static inline void
kz_test_keep_icons (void)
{
  GObjectClass *icon_class;

  if (kz_test_icons != NULL)
    return;
  kz_test_icons = g_ptr_array_new ();
  icon_class = g_type_class_ref (GTK_TYPE_ICON_PAINTABLE);
  kz_test_icon_constructed = icon_class->constructed;
  icon_class->constructed = kz_test_keep_icon;
}

/* gtk_test_init() and adw_init() for a window test, with every icon kept. */
static inline void
kz_test_gtk_init (int    *argc,
                  char ***argv)
{
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  kz_test_keep_icons ();
}

static inline gboolean
kz_test_on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for `ms` milliseconds. */
static inline void
kz_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, kz_test_on_timeout, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Runs the main loop until condition (data) holds; FALSE when it still
 * does not after timeout_ms. */
static inline gboolean
kz_test_spin_until (gboolean (*condition) (gpointer data),
                    gpointer   data,
                    guint      timeout_ms)
{
  gboolean expired = FALSE;
  guint id = g_timeout_add (timeout_ms, kz_test_on_timeout, &expired);

  while (!condition (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (id);
  return condition (data);
}

static inline gboolean
kz_test_flap_open (gpointer flap)
{
  return adw_flap_get_reveal_progress (flap) == 1.0;
}

static inline gboolean
kz_test_flap_shut (gpointer flap)
{
  return adw_flap_get_reveal_progress (flap) == 0.0;
}

/* Waits until the AdwFlap that holds `inside` (the move history's) has
 * finished sliding open or shut, so that the play area beside it has its
 * width: mapped, the panel has only begun to slide. */
static inline void
kz_test_wait_flap (GtkWidget *inside,
                   gboolean   open)
{
  GtkWidget *flap = gtk_widget_get_ancestor (inside, ADW_TYPE_FLAP);

  g_assert_nonnull (flap);
  g_assert_true (kz_test_spin_until (open ? kz_test_flap_open : kz_test_flap_shut, flap, 5000));
}

static inline gboolean
kz_test_revealer_in (gpointer revealer)
{
  return gtk_revealer_get_reveal_child (revealer) && gtk_revealer_get_child_revealed (revealer);
}

static inline gboolean
kz_test_revealer_out (gpointer revealer)
{
  return !gtk_revealer_get_reveal_child (revealer) && !gtk_revealer_get_child_revealed (revealer);
}

/* Waits until the GtkRevealer that holds `inside` (a banner, the round
 * news) has been asked to show (or hide) its child and has finished
 * sliding it in (or out). */
static inline void
kz_test_wait_revealer (GtkWidget *inside,
                       gboolean   revealed)
{
  GtkWidget *revealer = GTK_IS_REVEALER (inside) ? inside : gtk_widget_get_ancestor (inside, GTK_TYPE_REVEALER);

  g_assert_nonnull (revealer);
  g_assert_true (kz_test_spin_until (revealed ? kz_test_revealer_in : kz_test_revealer_out, revealer, 5000));
}

/* The app's settings as the window tests want them: the given animation
 * speed (NULL: instant), the board seen from player 1, the history shut. */
static inline GSettings *
kz_test_settings (const char *speed)
{
  GSettings *settings = g_settings_new ("io.github.kuzhi.Kuzhi");

  g_settings_set_string (settings, "animation-speed", speed != NULL ? speed : "instant");
  g_settings_set_string (settings, "default-view", "player1");
  g_settings_set_boolean (settings, "analysis", FALSE);
  g_settings_set_boolean (settings, "sowing-preview", TRUE);
  g_settings_set_boolean (settings, "sound", TRUE);
  g_settings_set_boolean (settings, "history-shown", FALSE);
  return settings;
}

/* Presents the window and waits until its board is mapped and allocated,
 * so that animations have a frame clock. */
static inline void
kz_test_window_show (KuzhiWindow *window)
{
  GtkWidget *board = GTK_WIDGET (kuzhi_window_get_board_view (window));

  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (board) || gtk_widget_get_width (board) == 0)
    g_main_context_iteration (NULL, TRUE);
  kz_test_spin (50);
}

/* The window tests' fixture: a window with the test settings. A test
 * file with more to hold puts it first in its own fixture. */
typedef struct
{
  KuzhiWindow    *window;     /* NULL once a test closed it */
  KuzhiGameModel *model;
  KuzhiBoardView *board;
  GSettings      *settings;
} KzTestWindow;

/* A new window for the fixture, not yet shown: for a test file that
 * changes the settings or the window before it shows. */
static inline void
kz_test_window_open (KzTestWindow *w)
{
  w->window = kuzhi_window_new (NULL);
  g_object_add_weak_pointer (G_OBJECT (w->window), (gpointer *) &w->window);
  w->model = kuzhi_window_get_model (w->window);
  w->board = kuzhi_window_get_board_view (w->window);
}

/* g_test_add()'s setup: the settings at the animation speed `speed` (a
 * string, NULL: instant), then the window, shown. */
static inline void
kz_test_window_setup (KzTestWindow  *w,
                      gconstpointer  speed)
{
  w->settings = kz_test_settings (speed);
  kz_test_window_open (w);
  kz_test_window_show (w->window);
}

/* Destroys every window but the fixture's: the dialogs a failing step
 * left open, for the tests that open files and dialogs. */
static inline void
kz_test_window_destroy_others (KzTestWindow *w)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != w->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
}

/* g_test_add()'s teardown: the window goes, and its last frames are let
 * run. Its weak pointer goes first: work still under way (an analysis)
 * may hold the window past the end of the test, whose fixture is freed
 * by then. */
static inline void
kz_test_window_teardown (KzTestWindow  *w,
                         gconstpointer  data)
{
  if (w->window != NULL)
    {
      GtkWindow *window = GTK_WINDOW (w->window);

      g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &w->window);
      w->window = NULL;
      gtk_window_destroy (window);
    }
  g_clear_object (&w->settings);
  kz_test_spin (20);
}

static inline gboolean
kz_test_count_frame (GtkWidget     *widget,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static inline gboolean
kz_test_frames_passed (gpointer data)
{
  return *(guint *) data >= 3;
}

/* The widget's bounds in the window once the layout has settled: on a
 * slow machine (the sanitizer build) a new match, a banner or a sliding
 * panel takes several frames to lay out, and a single look could catch it
 * halfway. Settled means the same bounds after three more frames and at
 * least 100 ms: counted in frames drawn, not in time alone, since on a
 * loaded machine 100 ms can pass with no frame at all and an animation
 * that has not yet moved looks still (an unmapped widget has no frames:
 * time alone). */
static inline graphene_rect_t
kz_test_settled_bounds (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  graphene_rect_t before, now;
  guint frames = 0;
  guint tick = gtk_widget_add_tick_callback (widget, kz_test_count_frame, &frames, NULL);

  kz_test_spin (50);
  g_assert_true (gtk_widget_compute_bounds (widget, root, &before));
  for (int tries = 0; tries < 50; tries++)
    {
      frames = 0;
      kz_test_spin (100);
      if (gtk_widget_get_mapped (widget))
        kz_test_spin_until (kz_test_frames_passed, &frames, 5000);
      g_assert_true (gtk_widget_compute_bounds (widget, root, &now));
      if (graphene_rect_equal (&now, &before))
        break;
      before = now;
    }
  gtk_widget_remove_tick_callback (widget, tick);
  return before;
}

/* Presses `keyval` (no modifier) as the keyboard would reach the widget
 * with the window's focus: the first key binding for it on that widget or
 * an ancestor is run, with its own checks (a cup's Enter only shows the
 * ring while none is drawn). FALSE when no widget binds the key. */
static inline gboolean
kz_test_press_key (GtkWindow *window,
                   guint      keyval)
{
  for (GtkWidget *w = gtk_root_get_focus (GTK_ROOT (window)); w != NULL; w = gtk_widget_get_parent (w))
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              if (GTK_IS_KEYVAL_TRIGGER (trigger)
                  && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
                  && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0
                  && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, w,
                                                   gtk_shortcut_get_arguments (shortcut)))
                return TRUE;
            }
        }
    }
  return FALSE;
}

/* What AdwApplication would load for a window made without one: the
 * palette and style.css, so that pictures are true. */
static inline void
kz_test_load_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  kuzhi_colors_install (gdk_display_get_default ());
  gtk_css_provider_load_from_resource (css, "/io/github/kuzhi/Kuzhi/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* The label below `root` showing `text`, or NULL. */
static inline GtkLabel *
kz_test_find_label (GtkWidget  *root,
                    const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;
      if (GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), text) == 0)
        return GTK_LABEL (child);
      if ((found = kz_test_find_label (child, text)) != NULL)
        return found;
    }
  return NULL;
}

static inline gboolean
kz_test_has_banner (gpointer window)
{
  return kuzhi_window_get_banner_text (window) != NULL;
}

/* Waits until the match's end has its banner, slid in whole. */
static inline void
kz_test_wait_banner (KuzhiWindow *window)
{
  g_assert_true (kz_test_spin_until (kz_test_has_banner, window, 5000));
  kz_test_wait_revealer (GTK_WIDGET (kz_test_find_label (GTK_WIDGET (window), kuzhi_window_get_banner_text (window))), TRUE);
}

/* The first open window of `type` (GTK's list of toplevels), or NULL. */
static inline gpointer
kz_test_find_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
    }
  return NULL;
}

/* The first widget of `type` at or below `root` (depth first), or NULL. */
static inline GtkWidget *
kz_test_find_widget (GtkWidget *root,
                     GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = kz_test_find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button below `root` whose label is `label` (with its mnemonic), or NULL. */
static inline GtkWidget *
kz_test_find_button (GtkWidget  *root,
                     const char *label)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;
      GtkWidget *own;

      if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), label) == 0)
        return child;
      /* A button with a label of its own (one that wraps). */
      own = GTK_IS_BUTTON (child) ? gtk_button_get_child (GTK_BUTTON (child)) : NULL;
      if (GTK_IS_LABEL (own) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (own)), label) == 0)
        return child;
      if ((found = kz_test_find_button (child, label)) != NULL)
        return found;
    }
  return NULL;
}

/* Writes the widget as it looks now to KUZHI_SCREENSHOT_DIR/name (nothing
 * when that is unset), waiting for a frame on a slow machine. */
static inline void
kz_test_capture (GtkWidget  *widget,
                 const char *name)
{
  const char *dir = g_getenv ("KUZHI_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL || *dir == '\0')
    return;
  kz_test_spin (300);
  paintable = gtk_widget_paintable_new (widget);
  for (int tries = 0; node == NULL && tries < 50; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        kz_test_spin (100);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node, NULL);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s", path);
}

/* Gives the model a Constitution match (5 shells a cup) at this position:
 * Player 1 to move, no lucky cup marked, the stores and refill left as
 * given; the 70 shells must all be there. */
static inline void
kz_test_set_constitution (KuzhiGameModel *model,
                          const uint8_t   pits[14],
                          int             store0,
                          int             store1,
                          int             refill0,
                          int             refill1)
{
  KzOptions options = { .seeds = 5 };
  KzMatch m;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_CONSTITUTION, &options, NULL, 0));
  memcpy (m.pos.pits, pits, 14);
  m.pos.stores[0] = store0;
  m.pos.stores[1] = store1;
  m.pos.refill_left[0] = refill0;
  m.pos.refill_left[1] = refill1;
  m.pos.lucky[0] = m.pos.lucky[1] = -1;
  g_assert_cmpint (kz_position_total (&m.pos), ==, 70);
  kuzhi_game_model_set_match (model, &m);
  kz_match_clear (&m);
}
