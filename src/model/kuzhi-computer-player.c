/* kuzhi-computer-player.c — runs the engine's search off the main thread, bridging a GCancellable to the search's cancel flag. */
#include "kuzhi-computer-player.h"

/* 64 MB of table: Hard's second fills a fraction of it in every game. */
#define TABLE_MB 64

struct _KuzhiComputerPlayer
{
  GObject     parent_instance;

  /* One search at a time uses the table: a search that was just
   * cancelled is still unwinding when the next one is asked for. */
  GMutex      lock;
  KzSearcher *searcher;   /* owned, made on first use (under lock) */
  guint64     seed;       /* varies Easy's choices from move to move */
};

G_DEFINE_FINAL_TYPE (KuzhiComputerPlayer, kuzhi_computer_player, G_TYPE_OBJECT)

typedef struct
{
  KzMatch  match;
  KzLevel  level;
  int      time_ms;
  guint64  seed;
  int      cancel;        /* the search's flag, set from any thread */
} ChooseData;

static void
choose_data_free (gpointer p)
{
  ChooseData *data = p;
  kz_match_clear (&data->match);
  g_free (data);
}

static ChooseData *
choose_data_new (KuzhiComputerPlayer *self, const KzMatch *match, KzLevel level, int time_ms)
{
  ChooseData *data = g_new0 (ChooseData, 1);
  kz_match_copy (&data->match, match);
  data->level = level;
  data->time_ms = time_ms;
  data->seed = ++self->seed;
  return data;
}

static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  ChooseData *data = user_data;
  g_atomic_int_set (&data->cancel, 1);
}

/* Runs the search in the calling thread. Returns FALSE with `error` set
 * when cancelled or when there is nothing to choose. */
static gboolean
run_search (KuzhiComputerPlayer *self,
            ChooseData          *data,
            GCancellable        *cancellable,
            KzSearchResult      *result,
            GError             **error)
{
  KzSearchLimits limits = { 0 };
  gulong handler = 0;
  gboolean found = FALSE;

  if (data->match.pos.over)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "the match is over");
      return FALSE;
    }
  kz_search_limits_for_level (&limits, data->level, data->time_ms);
  limits.seed = data->seed;

  /* Connecting to a cancellable that is cancelled already calls the
   * handler at once, so no cancel is ever missed. */
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), data, NULL);

  g_mutex_lock (&self->lock);
  if (self->searcher == NULL)
    self->searcher = kz_searcher_new (TABLE_MB);
  if (self->searcher != NULL && !g_atomic_int_get (&data->cancel))
    found = kz_search (self->searcher, &data->match, &limits, (volatile int *) &data->cancel, result);
  g_mutex_unlock (&self->lock);

  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   self->searcher == NULL ? "not enough memory for the search table"
                                          : "there is no legal action to choose");
      return FALSE;
    }
  return TRUE;
}

static void
choose_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  KuzhiComputerPlayer *self = source_object;
  KzSearchResult result;
  GError *error = NULL;

  if (!run_search (self, task_data, cancellable, &result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&result, sizeof result), g_free);
}

void
kuzhi_computer_player_choose_async (KuzhiComputerPlayer *self,
                                    const KzMatch       *match,
                                    KzLevel              level,
                                    int                  time_ms,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KUZHI_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (match != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, kuzhi_computer_player_choose_async);
  /* A result that arrives after a cancel is dropped in favour of
   * G_IO_ERROR_CANCELLED: the window never applies a stale move. */
  g_task_set_check_cancellable (task, TRUE);
  g_task_set_task_data (task, choose_data_new (self, match, level, time_ms), choose_data_free);
  g_task_run_in_thread (task, choose_thread);
}

static KzAction
take_result (KzSearchResult *result, int *score, KzSearchResult *search_result)
{
  if (score != NULL)
    *score = kz_score_to_seeds (result->score);
  if (search_result != NULL)
    *search_result = *result;
  return result->best;
}

KzAction
kuzhi_computer_player_choose_finish (KuzhiComputerPlayer *self,
                                     GAsyncResult        *result,
                                     int                 *score,
                                     KzSearchResult      *search_result,
                                     GError             **error)
{
  g_autofree KzSearchResult *r = NULL;

  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), KZ_ACTION_NONE);
  g_return_val_if_fail (g_task_is_valid (result, self), KZ_ACTION_NONE);

  r = g_task_propagate_pointer (G_TASK (result), error);
  if (r == NULL)
    return KZ_ACTION_NONE;
  return take_result (r, score, search_result);
}

KzAction
kuzhi_computer_player_choose (KuzhiComputerPlayer *self,
                              const KzMatch       *match,
                              KzLevel              level,
                              int                  time_ms,
                              GCancellable        *cancellable,
                              int                 *score,
                              KzSearchResult      *search_result,
                              GError             **error)
{
  ChooseData *data;
  KzSearchResult r;
  KzAction action = KZ_ACTION_NONE;

  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), KZ_ACTION_NONE);
  g_return_val_if_fail (match != NULL, KZ_ACTION_NONE);

  data = choose_data_new (self, match, level, time_ms);
  if (run_search (self, data, cancellable, &r, error))
    action = take_result (&r, score, search_result);
  choose_data_free (data);
  return action;
}

static void
kuzhi_computer_player_finalize (GObject *object)
{
  KuzhiComputerPlayer *self = KUZHI_COMPUTER_PLAYER (object);

  kz_searcher_free (self->searcher);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (kuzhi_computer_player_parent_class)->finalize (object);
}

static void
kuzhi_computer_player_class_init (KuzhiComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kuzhi_computer_player_finalize;
}

static void
kuzhi_computer_player_init (KuzhiComputerPlayer *self)
{
  g_mutex_init (&self->lock);
}

KuzhiComputerPlayer *
kuzhi_computer_player_new (void)
{
  return g_object_new (KUZHI_TYPE_COMPUTER_PLAYER, NULL);
}
