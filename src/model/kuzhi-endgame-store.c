/* kuzhi-endgame-store.c — opens or builds a game's endgame database off the main thread and tells how far the build has got. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifdef __linux__
#define _GNU_SOURCE   /* SCHED_BATCH */
#endif

#include <gio/gio.h>
#include <stdlib.h>

#include "kuzhi-endgame-store.h"
#include "kuzhi-thread-private.h"

struct _KuzhiEndgameStore
{
  GObject        parent_instance;

  char          *path;
  KzVariantId    game;
  int            seeds;
  gboolean       started;
  gboolean       building;
  double         progress;
  GError        *failure;     /* why there is none, once the start ended */
  KzEndgameFile *file;       /* owned once ready */
  KzEndgame     *endgame;    /* borrowed from file; read from any thread */
};

G_DEFINE_FINAL_TYPE (KuzhiEndgameStore, kuzhi_endgame_store, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUILDING,
  PROP_PROGRESS,
  PROP_READY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The build's progress, in the thread: what it hands to the task's
 * main context, and the last percent posted. */
typedef struct
{
  GTask *task;
  int    percent;
} Job;

typedef struct
{
  KuzhiEndgameStore *self;
  double             progress;
  gboolean           building;
} Progress;

static gboolean
progress_in_main (gpointer user_data)
{
  Progress *p = user_data;
  KuzhiEndgameStore *self = p->self;

  /* A late report never undoes the end. */
  if (self->endgame == NULL && self->failure == NULL)
    {
      if (self->building != p->building)
        {
          self->building = p->building;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILDING]);
        }
      self->progress = p->progress;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer user_data)
{
  Progress *p = user_data;
  g_object_unref (p->self);
  g_free (p);
}

static void
post_progress (Job *job, double fraction, gboolean building)
{
  Progress *p = g_new0 (Progress, 1);

  p->self = g_object_ref (g_task_get_source_object (job->task));
  p->progress = fraction;
  p->building = building;
  /* The completion (on_started()) comes at the task's priority, and a
   * report at the same one is never overtaken by it: the first report,
   * posted before the build, always shows that there was a build. */
  kuzhi_thread_post (g_task_get_context (job->task), G_PRIORITY_DEFAULT, "[kuzhi] endgame progress",
                     progress_in_main, p, progress_free);
}

/* Whole percents only: a hundred notifications for the whole build. */
static void
on_progress (double fraction, void *user_data)
{
  Job *job = user_data;
  int percent = (int) (fraction * 100);

  if (percent > job->percent && percent < 100)
    {
      job->percent = percent;
      post_progress (job, fraction, TRUE);
    }
}

/* The build must not slow the game down: it runs at the search's low
 * priority, in a thread of its own that ends with the build. */
static void
build_thread (GTask *task)
{
  KuzhiEndgameStore *self = g_task_get_source_object (task);
  Job job = { task, 0 };
  g_autoptr(GError) error = NULL;
  KzEndgameFile *file;

  /* What killed builds of earlier runs left, once in the folder. */
  {
    g_autofree char *dir = g_path_get_dirname (self->path);
    guint removed = kz_endgame_file_remove_stale_temporaries (dir);

    if (removed > 0)
      g_message ("Removed %u unfinished endgame database files from %s", removed, dir);
  }
  file = kz_endgame_file_open (self->path, self->game, &error);
  /* A folder in its place is not ours to remove: said, not built over. */
  if (file == NULL && !g_error_matches (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER))
    {
      /* Missing, damaged or made by other rules: built again. */
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_message ("Rebuilding the %s endgame database: %s", kz_variant_get (self->game)->key, error->message);
      g_clear_error (&error);
      kuzhi_thread_lower_priority ();
      post_progress (&job, 0.0, TRUE);
      file = kz_endgame_file_build (self->path, self->game, self->seeds, on_progress, &job, NULL, &error);
    }
  if (file == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, file, (GDestroyNotify) kz_endgame_file_free);
}

static void
on_started (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  KuzhiEndgameStore *self = KUZHI_ENDGAME_STORE (source);
  g_autoptr(GError) error = NULL;
  KzEndgameFile *file = g_task_propagate_pointer (G_TASK (result), &error);
  gboolean was_building = self->building;

  (void) user_data;
  if (file == NULL)
    {
      /* The window says so where the player looks (a notice). */
      g_message ("No %s endgame database: %s", kz_variant_get (self->game)->key, error->message);
      self->failure = g_steal_pointer (&error);
    }
  else
    {
      self->file = file;
      g_atomic_pointer_set (&self->endgame, (KzEndgame *) kz_endgame_file_get (file));
      self->progress = 1.0;
    }
  self->building = FALSE;
  g_object_freeze_notify (G_OBJECT (self));
  if (was_building)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUILDING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  if (file != NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
kuzhi_endgame_store_start (KuzhiEndgameStore *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KUZHI_IS_ENDGAME_STORE (self));

  if (self->started || self->seeds <= 0)
    return;
  self->started = TRUE;
  task = g_task_new (self, NULL, on_started, NULL);
  g_task_set_source_tag (task, kuzhi_endgame_store_start);
  /* Not a pool thread: the lowered priority must end with the build. */
  kuzhi_thread_run_task (task, "kuzhi-endgame", build_thread);
}

gboolean
kuzhi_endgame_store_get_building (KuzhiEndgameStore *self)
{
  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), FALSE);
  return self->building;
}

double
kuzhi_endgame_store_get_progress (KuzhiEndgameStore *self)
{
  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), 0.0);
  return self->progress;
}

const KzEndgame *
kuzhi_endgame_store_peek (KuzhiEndgameStore *self)
{
  const KzEndgame *endgame;

  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), NULL);
  endgame = g_atomic_pointer_get (&self->endgame);
  /* Cut short under its mapping: its values read as 0 now, never used. */
  if (endgame != NULL && kz_endgame_file_lost (self->file))
    return NULL;
  return endgame;
}

const char *
kuzhi_endgame_store_get_error (KuzhiEndgameStore *self)
{
  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), NULL);
  return self->failure != NULL ? self->failure->message : NULL;
}

const GError *
kuzhi_endgame_store_get_failure (KuzhiEndgameStore *self)
{
  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), NULL);
  return self->failure;
}

const char *
kuzhi_endgame_store_get_path (KuzhiEndgameStore *self)
{
  g_return_val_if_fail (KUZHI_IS_ENDGAME_STORE (self), NULL);
  return self->path;
}

static void
kuzhi_endgame_store_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  KuzhiEndgameStore *self = KUZHI_ENDGAME_STORE (object);

  switch (prop_id)
    {
    case PROP_BUILDING:
      g_value_set_boolean (value, self->building);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    case PROP_READY:
      g_value_set_boolean (value, self->endgame != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_endgame_store_finalize (GObject *object)
{
  KuzhiEndgameStore *self = KUZHI_ENDGAME_STORE (object);

  g_clear_pointer (&self->file, kz_endgame_file_free);
  g_free (self->path);
  g_clear_error (&self->failure);

  G_OBJECT_CLASS (kuzhi_endgame_store_parent_class)->finalize (object);
}

static void
kuzhi_endgame_store_class_init (KuzhiEndgameStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kuzhi_endgame_store_get_property;
  object_class->finalize = kuzhi_endgame_store_finalize;

  properties[PROP_BUILDING] =
    g_param_spec_boolean ("building", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kuzhi_endgame_store_init (KuzhiEndgameStore *self)
{
  (void) self;
}

KuzhiEndgameStore *
kuzhi_endgame_store_new (const char *dir, KzVariantId game, int seeds)
{
  KuzhiEndgameStore *self;

  g_return_val_if_fail (kz_endgame_has_game (game), NULL);

  self = g_object_new (KUZHI_TYPE_ENDGAME_STORE, NULL);
  self->game = game;
  self->seeds = seeds >= 0 && seeds <= kz_endgame_game_max_seeds (game) ? seeds : 0;
  self->path = kz_endgame_file_default_path (dir, game, self->seeds);
  return self;
}

KuzhiEndgameStore *
kuzhi_endgame_store_get_for (KzVariantId game)
{
  static KuzhiEndgameStore *stores[KZ_N_VARIANTS];
  static gsize made;

  if ((unsigned) game >= KZ_N_VARIANTS)
    return NULL;
  if (g_once_init_enter (&made))
    {
      const char *env = g_getenv ("KUZHI_ENDGAME_SEEDS");

      for (int g = 0; g < KZ_N_VARIANTS; g++)
        if (kz_endgame_has_game (g))
          {
            int seeds = env != NULL && *env != '\0' ? MIN (atoi (env), kz_endgame_game_max_seeds (g))
                                                    : kz_endgame_default_seeds (g);
            stores[g] = kuzhi_endgame_store_new (NULL, g, seeds);
          }
      g_once_init_leave (&made, 1);
    }
  return stores[game];
}
