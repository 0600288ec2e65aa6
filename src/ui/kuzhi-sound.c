/* kuzhi-sound.c — the board's events as short sounds through GSound (libcanberra): quiet where there is nothing to play on. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gsound.h>
#include <gtk/gtk.h>

#include "kuzhi-sound.h"

struct _KuzhiSound
{
  GObject        parent_instance;

  /* owned */
  GSoundContext *context;       /* NULL: nothing plays, requests are only emitted */
  char          *dir;           /* where the .oga files are */

  gboolean       enabled;
  gboolean       heard_drop;    /* a drop has been heard, at last_drop */
  gint64         last_drop;
};

G_DEFINE_FINAL_TYPE (KuzhiSound, kuzhi_sound, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  N_PROPS
};

enum {
  REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

const char *
kuzhi_sound_name_for_event (const KzEvent *event)
{
  g_return_val_if_fail (event != NULL, NULL);

  switch (event->type)
    {
    case KZ_EVENT_DROP:
    case KZ_EVENT_STORE:     return "drop";
    case KZ_EVENT_TRIPLE:    return "triple";
    case KZ_EVENT_CAPTURE:   return "capture";
    case KZ_EVENT_LUCKY:     return "lucky";
    case KZ_EVENT_ROUND_END: return "round-end";
    case KZ_EVENT_MATCH_END: return "match-end";
    default:                 return NULL;
    }
}

/* The sounds' folder: KUZHI_SOUND_DIR when set (`meson devenv` and the
 * tests point it at data/sounds in the sources), else the installed
 * PACKAGE_DATADIR/sounds. */
static char *
find_sound_dir (void)
{
  const char *env = g_getenv ("KUZHI_SOUND_DIR");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_build_filename (PACKAGE_DATADIR, "sounds", NULL);
}

/* A PulseAudio (or PipeWire) server to play on. */
static gboolean
server_present (void)
{
  g_autofree char *pulse = g_build_filename (g_get_user_runtime_dir (), "pulse", "native", NULL);

  return g_getenv ("PULSE_SERVER") != NULL || g_file_test (pulse, G_FILE_TEST_EXISTS);
}

static gboolean
card_present (void)
{
  return g_file_test ("/dev/snd", G_FILE_TEST_IS_DIR);
}

static GSoundContext *
open_context (const char *dir)
{
  GSoundContext *context;   /* GSound 1.0 has no g_autoptr for it */
  g_autoptr(GError) error = NULL;
  g_autofree char *probe = g_build_filename (dir, "drop.oga", NULL);

  if (!g_file_test (probe, G_FILE_TEST_EXISTS))
    {
      g_debug ("No sounds in %s: silent", dir);
      return NULL;
    }
  /* Without a card, libcanberra's ALSA backend has ALSA print its errors
   * on stderr at every sound, which nothing here can silence: with
   * neither a server nor a card nothing is asked of it, and with a server
   * alone only the server's own backend is (a Flatpak sees no card). */
  if (!server_present () && !card_present ())
    {
      g_debug ("No sound server or card: silent");
      return NULL;
    }
  context = gsound_context_new (NULL, &error);
  if (context != NULL)
    {
      gsound_context_set_attributes (context, NULL,
                                     GSOUND_ATTR_APPLICATION_ID, APPLICATION_ID,
                                     GSOUND_ATTR_APPLICATION_ICON_NAME, APPLICATION_ID,
                                     NULL);
      if (!card_present () && g_getenv ("CANBERRA_DRIVER") == NULL)
        gsound_context_set_driver (context, "pulse", NULL);
    }
  if (context == NULL || !gsound_context_open (context, &error))
    {
      g_debug ("No sound: %s", error != NULL ? error->message : "?");
      g_clear_object (&context);
    }
  return context;
}

/* The desktop's "event sounds" switch, which GTK reads from the desktop
 * (org.gnome.desktop.sound event-sounds, through XSETTINGS or the
 * settings portal). */
static gboolean
desktop_allows (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  gboolean allowed = TRUE;

  if (settings != NULL)
    g_object_get (settings, "gtk-enable-event-sounds", &allowed, NULL);
  return allowed;
}

static void
play (KuzhiSound *self,
      const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  g_autofree char *file_name = NULL;
  g_autofree char *id = NULL;

  g_signal_emit (self, signals[REQUESTED], 0, name);
  if (self->context == NULL)
    return;

  file_name = g_strconcat (name, ".oga", NULL);
  file = g_build_filename (self->dir, file_name, NULL);
  /* The event id names the sample the sound server keeps after the first
   * time, so that the next drop plays from its cache. */
  id = g_strconcat ("io.github.kuzhi.Kuzhi-", name, NULL);
  if (!gsound_context_play_simple (self->context, NULL, &error,
                                   GSOUND_ATTR_EVENT_ID, id,
                                   GSOUND_ATTR_MEDIA_FILENAME, file,
                                   GSOUND_ATTR_MEDIA_ROLE, "event",
                                   GSOUND_ATTR_CANBERRA_CACHE_CONTROL, "volatile",
                                   NULL))
    {
      /* A server gone or a file unreadable: quiet from now on rather than
       * a failure at every shell. */
      g_debug ("Sound %s failed, silent from now on: %s", name, error->message);
      g_clear_object (&self->context);
    }
}

void
kuzhi_sound_event_shown (KuzhiSound    *self,
                         const KzEvent *event,
                         gint64         time)
{
  const char *name;

  g_return_if_fail (KUZHI_IS_SOUND (self));
  g_return_if_fail (event != NULL);

  name = kuzhi_sound_name_for_event (event);
  if (name == NULL || !self->enabled || !desktop_allows ())
    return;
  if (event->type == KZ_EVENT_DROP || event->type == KZ_EVENT_STORE)
    {
      /* Clicks closer than the interval would run together into a rattle
       * at Fast; only the drops heard count, so every other one is. */
      if (self->heard_drop && time >= self->last_drop && time - self->last_drop < KUZHI_SOUND_DROP_INTERVAL_US)
        return;
      self->heard_drop = TRUE;
      self->last_drop = time;
    }
  play (self, name);
}

gboolean
kuzhi_sound_get_has_output (KuzhiSound *self)
{
  g_return_val_if_fail (KUZHI_IS_SOUND (self), FALSE);
  return self->context != NULL;
}

void
kuzhi_sound_set_enabled (KuzhiSound *self,
                         gboolean    enabled)
{
  g_return_if_fail (KUZHI_IS_SOUND (self));
  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

gboolean
kuzhi_sound_get_enabled (KuzhiSound *self)
{
  g_return_val_if_fail (KUZHI_IS_SOUND (self), FALSE);
  return self->enabled;
}

static void
kuzhi_sound_finalize (GObject *object)
{
  KuzhiSound *self = KUZHI_SOUND (object);

  g_clear_object (&self->context);
  g_clear_pointer (&self->dir, g_free);

  G_OBJECT_CLASS (kuzhi_sound_parent_class)->finalize (object);
}

static void
kuzhi_sound_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  KuzhiSound *self = KUZHI_SOUND (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_sound_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  KuzhiSound *self = KUZHI_SOUND (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      kuzhi_sound_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_sound_class_init (KuzhiSoundClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kuzhi_sound_finalize;
  object_class->get_property = kuzhi_sound_get_property;
  object_class->set_property = kuzhi_sound_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A sound asked for, by name ("drop" …), whether or not a device
   * plays it: what the tests check. */
  signals[REQUESTED] =
    g_signal_new ("requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kuzhi_sound_init (KuzhiSound *self)
{
  self->enabled = TRUE;
  self->dir = find_sound_dir ();
  self->context = open_context (self->dir);
}

KuzhiSound *
kuzhi_sound_new (void)
{
  return g_object_new (KUZHI_TYPE_SOUND, NULL);
}
