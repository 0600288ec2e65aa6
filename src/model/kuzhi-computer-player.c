/* kuzhi-computer-player.c — runs the engine's search off the main thread, bridging a GCancellable to the search's cancel flag. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifdef __linux__
#define _GNU_SOURCE   /* SCHED_BATCH */
#endif

#include "kuzhi-computer-player.h"
#include "kuzhi-computer-player-private.h"
#include "kuzhi-match-history.h"
#include "kuzhi-endgame-store.h"
#include "kuzhi-thread-private.h"

/* 16 MB of table, a million entries, for the app's searches of 0.25–10 s:
 * the size the strength table (bench-search) measures the levels with,
 * and it keeps the whole program under 100 MB against Hard with hints
 * (bench-ui; 64 MB took it past that). */
#define TABLE_MB 16


struct _KuzhiComputerPlayer
{
  GObject     parent_instance;

  /* One search at a time uses the table: a search that was just
   * cancelled is still unwinding when the next one is asked for. */
  GMutex      lock;
  KzSearcher *searcher;   /* owned, made on first use (under lock) */
  int         release;    /* set: free the searcher once the search ends */
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

  /* An analysis instead of a choice: each iteration's values go to
   * `progress` in the caller's main context. */
  gboolean           analyse;
  gboolean           review;
  KuzhiReviewFunc    review_progress;
  KuzhiAnalysisFunc  progress;
  gpointer           progress_data;
  GMainContext      *context;
  GCancellable      *cancellable;
  GTask             *task;          /* not owned: the task owns this data */
  gboolean           choosing;      /* counted in n_choosing */
} ChooseData;

/* kuzhi_computer_player_choose_async() calls not yet finished: a task's
 * data is freed with the task, after its callback has returned. */
static int n_choosing;

guint
kuzhi_computer_player_get_n_choosing (void)
{
  return (guint) g_atomic_int_get (&n_choosing);
}

static void
choose_data_free (gpointer p)
{
  ChooseData *data = p;
  if (data->choosing)
    g_atomic_int_add (&n_choosing, -1);
  kz_match_clear (&data->match);
  g_clear_pointer (&data->context, g_main_context_unref);
  g_clear_object (&data->cancellable);
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

/* Frees the table if a release was asked for, once; call holding the
 * lock. */
static void
release_if_asked (KuzhiComputerPlayer *self)
{
  if (g_atomic_int_compare_and_exchange (&self->release, TRUE, FALSE))
    g_clear_pointer (&self->searcher, kz_searcher_free);
}

/* Ends a search's hold on the table. A release asked for while it held
 * the lock (even while it made the table) is honoured now; one asked for
 * as it lets go is seen after, since kuzhi_computer_player_release_table()
 * asks before it tries the lock. */
static void
unlock_and_release (KuzhiComputerPlayer *self)
{
  release_if_asked (self);
  g_mutex_unlock (&self->lock);
  if (g_atomic_int_get (&self->release) && g_mutex_trylock (&self->lock))
    {
      release_if_asked (self);
      g_mutex_unlock (&self->lock);
    }
}

static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  ChooseData *data = user_data;
  g_atomic_int_set (&data->cancel, 1);
}

/* Progress from the search thread for the caller's main context: an
 * analysis's values after an iteration, or how far a review has come. */
typedef struct
{
  KzAnalysis  analysis;
  guint       done, total;
  ChooseData *data;       /* kept alive by the task, which owns it */
  GTask      *task;
} Progress;

static gboolean
progress_in_main (gpointer user_data)
{
  Progress *p = user_data;
  ChooseData *data = p->data;

  /* Nothing after a cancel, nor after the finish callback: progress waits
   * at idle priority, the task's result does not, so an iteration's values
   * can still be queued when the caller has the final ones (and has maybe
   * started another analysis that must not see them). */
  if (g_cancellable_is_cancelled (data->cancellable) || g_task_get_completed (p->task))
    return G_SOURCE_REMOVE;
  if (data->review)
    data->review_progress (p->done, p->total, data->progress_data);
  else
    data->progress (&p->analysis, data->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer user_data)
{
  Progress *p = user_data;
  g_object_unref (p->task);
  g_free (p);
}

/* In the search thread. */
static void
post_progress (ChooseData       *data,
               const KzAnalysis *analysis,
               guint             done,
               guint             total)
{
  gboolean wanted = data->review ? data->review_progress != NULL : data->progress != NULL;
  Progress *p;

  if (!wanted || data->context == NULL || data->task == NULL)
    return;
  p = g_new0 (Progress, 1);
  if (analysis != NULL)
    p->analysis = *analysis;
  p->done = done;
  p->total = total;
  p->data = data;
  p->task = g_object_ref (data->task);
  kuzhi_thread_post (data->context, G_PRIORITY_DEFAULT_IDLE, "[kuzhi] search progress",
                     progress_in_main, p, progress_free);
}

/* The analysis's callback after each iteration. */
static void
deliver_progress (const KzAnalysis *analysis, void *user_data)
{
  post_progress (user_data, analysis, 0, 0);
}

/* The game's endgame database once it is ready (from the search's
 * thread: the store is read atomically). */
static void
use_endgame (KzSearcher *searcher, KzVariantId game)
{
  KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (game);

  kz_searcher_set_endgame (searcher, game, store != NULL ? kuzhi_endgame_store_peek (store) : NULL);
}

/* Runs the search in the calling thread. Returns FALSE with `error` set
 * when cancelled or when there is nothing to choose. */
static gboolean
run_search (KuzhiComputerPlayer *self,
            ChooseData          *data,
            GCancellable        *cancellable,
            KzSearchResult      *result,
            KzAnalysis          *analysis,
            GError             **error)
{
  KzSearchLimits limits = { 0 };
  gulong handler = 0;
  gboolean found = FALSE;
  gboolean no_memory;

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
  if (self->searcher != NULL)
    use_endgame (self->searcher, data->match.pos.variant);
  if (self->searcher != NULL && !g_atomic_int_get (&data->cancel) && data->analyse)
    {
      /* At Hard: the opening book's values where it has them, as Hard plays. */
      KzSearchLimits analysis_limits = { .time_ms = data->time_ms, .level = KZ_LEVEL_HARD };
      found = kz_search_analyse (self->searcher, &data->match, &analysis_limits, (volatile int *) &data->cancel,
                                 deliver_progress, data, analysis);
    }
  else if (self->searcher != NULL && !g_atomic_int_get (&data->cancel))
    {
      /* Short of memory for the helpers' stacks, it searches alone. */
      kz_searcher_set_threads (self->searcher, data->level == KZ_LEVEL_HARD
                                               ? kuzhi_computer_player_hard_threads () : 1);
      found = kz_search (self->searcher, &data->match, &limits, (volatile int *) &data->cancel, result);
    }
  no_memory = self->searcher == NULL;
  unlock_and_release (self);

  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   no_memory ? "not enough memory for the search table"
                             : "there is no legal action to choose");
      return FALSE;
    }
  return TRUE;
}

/* The value of `action` in the analysis, or FALSE. */
static gboolean
value_of (const KzAnalysis *an, KzAction action, const KzMoveValue **out)
{
  for (int i = 0; i < an->n_moves; i++)
    if (an->moves[i].action == action)
      {
        *out = &an->moves[i];
        return TRUE;
      }
  return FALSE;
}

/* Reviews the turns from the last to the first, taking the match back a
 * turn at a time: each position is searched with the repetition history
 * it really had. */
static gboolean
run_review (KuzhiComputerPlayer *self,
            ChooseData          *data,
            GCancellable        *cancellable,
            GArray             **out,
            GError             **error)
{
  g_autoptr(GArray) turns = kuzhi_match_history_new (&data->match);
  g_autoptr(GArray) reviews = g_array_sized_new (FALSE, TRUE, sizeof (KuzhiReviewTurn), turns->len);
  const KzVariant *v = kz_position_variant (&data->match.start);
  KzAnalysis *before = g_new0 (KzAnalysis, 1), *after = g_new0 (KzAnalysis, 1);
  gulong handler = 0;
  gboolean ok = TRUE;

  g_array_set_size (reviews, turns->len);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), data, NULL);

  g_mutex_lock (&self->lock);
  if (self->searcher == NULL)
    self->searcher = kz_searcher_new (TABLE_MB);
  if (self->searcher == NULL)
    ok = FALSE;
  else
    use_endgame (self->searcher, data->match.pos.variant);
  for (guint k = turns->len; ok && k-- > 0;)
    {
      const KuzhiHistoryTurn *t = &g_array_index (turns, KuzhiHistoryTurn, k);
      KuzhiReviewTurn *r = &g_array_index (reviews, KuzhiReviewTurn, k);
      KzSearchLimits limits = { .time_ms = t->n_actions > 1 ? v->review_time_ms / 2 : v->review_time_ms,
                                .level = KZ_LEVEL_HARD };
      const KzMoveValue *best, *played;

      while (data->match.n_history > t->first_action)
        kz_match_undo (&data->match);
      if (g_atomic_int_get (&data->cancel)
          || !kz_search_analyse (self->searcher, &data->match, &limits, (volatile int *) &data->cancel, NULL, NULL, before)
          || g_atomic_int_get (&data->cancel))
        {
          ok = FALSE;
          break;
        }
      best = &before->moves[0];
      r->best = kz_score_to_seeds (best->score);
      r->best_action = best->action;
      r->best_then = KZ_ACTION_IS_MARK (best->action) && best->pv_len > 1 ? best->pv[1] : KZ_ACTION_NONE;
      r->exact = best->exact;
      if (t->n_actions > 1)
        {
          /* A mark and a sowing: the sowing is valued after the mark. */
          kz_match_play (&data->match, t->actions[0], NULL);
          ok = kz_search_analyse (self->searcher, &data->match, &limits, (volatile int *) &data->cancel, NULL, NULL, after)
               && !g_atomic_int_get (&data->cancel) && value_of (after, t->actions[1], &played);
          kz_match_undo (&data->match);
        }
      else
        ok = value_of (before, t->actions[0], &played);
      if (!ok)
        break;
      r->played = MIN (kz_score_to_seeds (played->score), r->best);
      r->loss = r->best - r->played;
      r->exact = r->exact && played->exact;
      post_progress (data, NULL, turns->len - k, turns->len);
    }
  unlock_and_release (self);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  g_free (before);
  g_free (after);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (!ok)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the match could not be reviewed");
      return FALSE;
    }
  *out = g_steal_pointer (&reviews);
  return TRUE;
}

/* The search's own thread, at low priority, ending with the search. */
static void
choose_thread (GTask *task)
{
  KuzhiComputerPlayer *self = g_task_get_source_object (task);
  KzSearchResult result;
  GError *error = NULL;

  ChooseData *data = g_task_get_task_data (task);

  kuzhi_thread_lower_priority ();
  if (data->review)
    {
      GArray *reviews = NULL;
      if (!run_review (self, data, g_task_get_cancellable (task), &reviews, &error))
        g_task_return_error (task, error);
      else
        g_task_return_pointer (task, reviews, (GDestroyNotify) g_array_unref);
      return;
    }
  if (data->analyse)
    {
      KzAnalysis *analysis = g_new0 (KzAnalysis, 1);
      if (!run_search (self, data, g_task_get_cancellable (task), NULL, analysis, &error))
        {
          g_free (analysis);
          g_task_return_error (task, error);
        }
      else
        g_task_return_pointer (task, analysis, g_free);
      return;
    }
  if (!run_search (self, data, g_task_get_cancellable (task), &result, NULL, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&result, sizeof result), g_free);
}

/* Starts `data`'s work (taken) in a task of its own thread. A watched
 * task — an analysis, a review — reports its progress in the caller's
 * main context and stops at a cancel. */
static void
start_task (KuzhiComputerPlayer *self,
            ChooseData          *data,
            gboolean             watched,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data,
            gpointer             source_tag)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (data->match.pos.variant);

  g_task_set_source_tag (task, source_tag);
  if (watched)
    {
      data->context = g_main_context_ref_thread_default ();
      data->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
      data->task = task;
    }
  g_task_set_task_data (task, data, choose_data_free);

  /* The game's endgame database is opened, or built in the background,
   * at its first search (once for the whole program); the searches take
   * it as soon as it is ready. */
  if (store != NULL)
    kuzhi_endgame_store_start (store);

  /* A result that arrives after a cancel is dropped in favour of
   * G_IO_ERROR_CANCELLED: the window never applies a stale move. */
  g_task_set_check_cancellable (task, TRUE);
  kuzhi_thread_run_task (task, "kuzhi-search", choose_thread);
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
  ChooseData *data;

  g_return_if_fail (KUZHI_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (match != NULL);

  data = choose_data_new (self, match, level, time_ms);
  data->choosing = TRUE;
  g_atomic_int_inc (&n_choosing);
  start_task (self, data, FALSE, cancellable, callback, user_data, kuzhi_computer_player_choose_async);
}

void
kuzhi_computer_player_analyse_async (KuzhiComputerPlayer *self,
                                     const KzMatch       *match,
                                     int                  time_ms,
                                     KuzhiAnalysisFunc    progress,
                                     gpointer             progress_data,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  ChooseData *data;

  g_return_if_fail (KUZHI_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (match != NULL);

  data = choose_data_new (self, match, KZ_LEVEL_NONE, time_ms);
  data->analyse = TRUE;
  data->progress = progress;
  data->progress_data = progress_data;
  start_task (self, data, TRUE, cancellable, callback, user_data, kuzhi_computer_player_analyse_async);
}

void
kuzhi_computer_player_review_async (KuzhiComputerPlayer *self,
                                    const KzMatch       *match,
                                    KuzhiReviewFunc      progress,
                                    gpointer             progress_data,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  ChooseData *data;

  g_return_if_fail (KUZHI_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (match != NULL);

  data = choose_data_new (self, match, KZ_LEVEL_NONE, 0);
  data->review = TRUE;
  data->review_progress = progress;
  data->progress_data = progress_data;
  start_task (self, data, TRUE, cancellable, callback, user_data, kuzhi_computer_player_review_async);
}

GArray *
kuzhi_computer_player_review_finish (KuzhiComputerPlayer *self,
                                     GAsyncResult        *result,
                                     GError             **error)
{
  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

GArray *
kuzhi_computer_player_review (KuzhiComputerPlayer *self,
                              const KzMatch       *match,
                              GCancellable        *cancellable,
                              GError             **error)
{
  ChooseData *data;
  GArray *reviews = NULL;

  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), NULL);
  data = choose_data_new (self, match, KZ_LEVEL_NONE, 0);
  if (!run_review (self, data, cancellable, &reviews, error))
    reviews = NULL;
  choose_data_free (data);
  return reviews;
}

KzAnalysis *
kuzhi_computer_player_analyse_finish (KuzhiComputerPlayer *self,
                                      GAsyncResult        *result,
                                      GError             **error)
{
  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
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
  if (run_search (self, data, cancellable, &r, NULL, error))
    action = take_result (&r, score, search_result);
  choose_data_free (data);
  return action;
}

int
kuzhi_computer_player_hard_threads (void)
{
  return CLAMP (g_get_num_processors (), 1, KUZHI_COMPUTER_PLAYER_HARD_MAX_THREADS);
}

void
kuzhi_computer_player_release_table (KuzhiComputerPlayer *self)
{
  g_return_if_fail (KUZHI_IS_COMPUTER_PLAYER (self));

  /* A search that is running keeps the table until it ends, and frees
   * it then (unlock_and_release()). */
  g_atomic_int_set (&self->release, TRUE);
  if (!g_mutex_trylock (&self->lock))
    return;
  release_if_asked (self);
  g_mutex_unlock (&self->lock);
}

gsize
kuzhi_computer_player_get_table_bytes (KuzhiComputerPlayer *self)
{
  gsize bytes = 0;

  g_return_val_if_fail (KUZHI_IS_COMPUTER_PLAYER (self), 0);

  g_mutex_lock (&self->lock);
  if (self->searcher != NULL)
    bytes = kz_searcher_memory (self->searcher);
  g_mutex_unlock (&self->lock);
  return bytes;
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
