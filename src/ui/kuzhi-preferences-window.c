/* kuzhi-preferences-window.c — Preferences: animation speed and default view, stored in GSettings. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-preferences-window.h"

struct _KuzhiPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* template children */
  AdwComboRow          *speed_row;
  GtkWidget            *face_row;
  GtkWidget            *face_switch;
  GtkWidget            *preview_row;
  GtkWidget            *preview_switch;
  GtkWidget            *sound_row;
  GtkWidget            *sound_switch;
  AdwComboRow          *view_row;
  GtkWidget            *time_row;
  GtkSpinButton        *time_spin;

  /* owned */
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (KuzhiPreferencesWindow, kuzhi_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The combo rows list an enum key's choices in the schema's order, so
 * the row's index is the enum's value: the key's nicks, in that order. */
static GVariant *
enum_nicks (const char *key)
{
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                                      APPLICATION_ID, TRUE);
  g_autoptr(GSettingsSchemaKey) schema_key = g_settings_schema_get_key (schema, key);
  g_autoptr(GVariant) range = g_settings_schema_key_get_range (schema_key);
  GVariant *nicks = NULL;

  g_variant_get (range, "(&sv)", NULL, &nicks);
  return nicks;
}

static gboolean
enum_to_index (GValue   *value,
               GVariant *variant,
               gpointer  key)
{
  g_autoptr(GVariant) nicks = enum_nicks (key);
  const char *nick = g_variant_get_string (variant, NULL);

  for (gsize i = 0; i < g_variant_n_children (nicks); i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (nicks, i);

      if (g_strcmp0 (g_variant_get_string (child, NULL), nick) == 0)
        {
          g_value_set_uint (value, i);
          return TRUE;
        }
    }
  return FALSE;
}

static GVariant *
index_to_enum (const GValue       *value,
               const GVariantType *expected_type,
               gpointer            key)
{
  g_autoptr(GVariant) nicks = enum_nicks (key);
  guint i = g_value_get_uint (value);

  if (i >= g_variant_n_children (nicks))
    return NULL;
  return g_variant_get_child_value (nicks, i);
}

/* computer-time is in milliseconds; the row shows seconds. */
static gboolean
ms_to_seconds (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  g_value_set_double (value, g_variant_get_int32 (variant) / 1000.0);
  return TRUE;
}

static GVariant *
seconds_to_ms (const GValue       *value,
               const GVariantType *expected_type,
               gpointer            user_data)
{
  return g_variant_new_int32 ((gint32) (g_value_get_double (value) * 1000.0 + 0.5));
}

static void
kuzhi_preferences_window_dispose (GObject *object)
{
  KuzhiPreferencesWindow *self = KUZHI_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (kuzhi_preferences_window_parent_class)->dispose (object);
}

static void
kuzhi_preferences_window_class_init (KuzhiPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, face_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, face_switch);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, preview_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, preview_switch);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, sound_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, sound_switch);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, view_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, time_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPreferencesWindow, time_spin);
}

/* The window's own search entry (hidden: search is off) is named after
 * its class otherwise. */
static void
name_search_entries (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search Preferences"),
                                    -1);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL; child = gtk_widget_get_next_sibling (child))
    name_search_entries (child);
}

static void
kuzhi_preferences_window_init (KuzhiPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  name_search_entries (GTK_WIDGET (self));

  /* Its own GSettings, as each window has: the same backend under all. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind_with_mapping (self->settings, "animation-speed",
                                self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                enum_to_index, index_to_enum,
                                (gpointer) "animation-speed", NULL);
  g_settings_bind_with_mapping (self->settings, "default-view",
                                self->view_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                enum_to_index, index_to_enum,
                                (gpointer) "default-view", NULL);
  g_settings_bind (self->settings, "face-player-to-move", self->face_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sowing-preview", self->preview_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "sound", self->sound_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "computer-time",
                                gtk_spin_button_get_adjustment (self->time_spin), "value",
                                G_SETTINGS_BIND_DEFAULT,
                                ms_to_seconds, seconds_to_ms, NULL, NULL);
}

KuzhiPreferencesWindow *
kuzhi_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (KUZHI_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
