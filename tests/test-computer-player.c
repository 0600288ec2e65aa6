/* test-computer-player.c — KuzhiComputerPlayer without a display: legal choices, async with a main loop, cancel and stale results. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE   /* SCHED_BATCH, for kuzhi-thread-private.h */
#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <utime.h>
#include <unistd.h>
#endif

#include "kuzhi-computer-player.h"
#include "kuzhi-endgame-store.h"
#include "kuzhi-thread-private.h"
#include <glib/gstdio.h>
#include "kuzhi-test-threads.h"
#include "kuzhi-test-util.h"

typedef struct
{
  GMainLoop *loop;
  KzAction   action;
  int        score;
  GError    *error;
  gint64     done_at;
} Reply;

static void
on_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Reply *reply = user_data;

  reply->action = kuzhi_computer_player_choose_finish (KUZHI_COMPUTER_PLAYER (source), result,
                                                       &reply->score, NULL, &reply->error);
  reply->done_at = g_get_monotonic_time ();
  g_main_loop_quit (reply->loop);
}

static void
new_match (KzMatch *m, KzVariantId id)
{
  g_assert_true (kz_match_init (m, id, NULL, NULL, 0));
}

/* Every level of every game gives a legal action, synchronously. */
static void
test_sync_levels (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    for (int level = KZ_LEVEL_EASY; level <= KZ_LEVEL_HARD; level++)
      {
        g_autoptr(GError) error = NULL;
        KzMatch m;
        KzSearchResult r;
        int score = 1000;

        if (kz_variant_get (id) == NULL)
          continue;
        new_match (&m, id);
        KzAction a = kuzhi_computer_player_choose (player, &m, level, 50, NULL, &score, &r, &error);
        g_assert_no_error (error);
        g_assert_true (kz_position_is_legal (&m.pos, a));
        g_assert_cmpint (a, ==, r.best);
        g_assert_cmpint (score, >, -100);
        g_assert_cmpint (score, <, 100);
        kz_match_clear (&m);
      }
}

/* Async: the callback runs in the main loop with a legal action, and the
 * caller's match may change meanwhile (the player copied it). */
static void
test_async_legal (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Reply reply = { .loop = loop, .action = KZ_ACTION_NONE };
  KzMatch m, copy;

  new_match (&m, KZ_VARIANT_KALAH);
  kz_match_copy (&copy, &m);
  kuzhi_computer_player_choose_async (player, &m, KZ_LEVEL_HARD, 200, NULL, on_chosen, &reply);
  kz_match_clear (&m);   /* the player holds its own copy */
  g_main_loop_run (loop);
  g_assert_no_error (reply.error);
  g_assert_true (kz_position_is_legal (&copy.pos, reply.action));
  kz_match_clear (&copy);
}

static gboolean
cancel_now (gpointer data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
  return G_SOURCE_REMOVE;
}

/* Cancelling a long search delivers CANCELLED at once, not a move. */
static void
test_async_cancel (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Reply reply = { .loop = loop, .action = 7 };
  KzMatch m;

  new_match (&m, KZ_VARIANT_CONSTITUTION);
  kuzhi_computer_player_choose_async (player, &m, KZ_LEVEL_HARD, 20000, cancellable, on_chosen, &reply);
  g_timeout_add (100, cancel_now, cancellable);
  gint64 start = g_get_monotonic_time ();
  g_main_loop_run (loop);
  g_assert_error (reply.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (reply.action, ==, KZ_ACTION_NONE);
  /* Well before the 20 s the search had. */
  g_assert_cmpint ((reply.done_at - start) / 1000, <, 2000);
  g_clear_error (&reply.error);

  /* The player is usable again right away. */
  g_autoptr(GError) error = NULL;
  KzAction a = kuzhi_computer_player_choose (player, &m, KZ_LEVEL_NORMAL, 100, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kz_position_is_legal (&m.pos, a));
  kz_match_clear (&m);
}

typedef struct
{
  GMainLoop  *loop;
  int         progress;      /* calls so far */
  int         last_depth;
  gboolean    in_main;       /* every call ran in the main thread */
  KzAnalysis *analysis;
  GError     *error;
  GThread    *main_thread;
} Analysis;

static void
on_progress (const KzAnalysis *analysis, gpointer user_data)
{
  Analysis *a = user_data;

  a->progress++;
  a->in_main = a->in_main && g_thread_self () == a->main_thread;
  /* Deeper each time, every legal move valued. */
  g_assert_cmpint (analysis->depth, >, a->last_depth);
  a->last_depth = analysis->depth;
  g_assert_cmpint (analysis->n_moves, >, 0);
}

static void
on_analysed (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Analysis *a = user_data;

  a->analysis = kuzhi_computer_player_analyse_finish (KUZHI_COMPUTER_PLAYER (source), result, &a->error);
  g_main_loop_quit (a->loop);
}

/* An analysis reports each iteration in the main thread, ends with every
 * legal action valued, and once cancelled reports nothing more. */
static void
test_analyse (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Analysis a = { .loop = loop, .in_main = TRUE, .main_thread = g_thread_self () };
  KzMatch m;
  KzAction legal[KZ_MAX_ACTIONS];
  int n;

  new_match (&m, KZ_VARIANT_OWARE);
  n = kz_position_variant (&m.pos)->legal (&m.pos, legal);
  kuzhi_computer_player_analyse_async (player, &m, 300, on_progress, &a, NULL, on_analysed, &a);
  /* The main context is free meanwhile: progress must still wait for the
   * main thread to dispatch it, never run in the search thread. */
  g_usleep (200 * 1000);
  g_main_loop_run (loop);
  g_assert_no_error (a.error);
  g_assert_nonnull (a.analysis);
  g_assert_cmpint (a.analysis->n_moves, ==, n);
  g_assert_cmpint (a.progress, >=, 3);
  g_assert_true (a.in_main);
  g_clear_pointer (&a.analysis, g_free);

  /* Finished: no iteration's values come after the final ones, even when
   * the main thread was busy until the search had ended (so every
   * iteration's values and the result wait at once). */
  a.progress = 0;
  a.last_depth = 0;
  kuzhi_computer_player_analyse_async (player, &m, 100, on_progress, &a, NULL, on_analysed, &a);
  g_usleep (600 * 1000);
  g_main_loop_run (loop);
  g_assert_no_error (a.error);
  g_assert_nonnull (a.analysis);
  g_clear_pointer (&a.analysis, g_free);
  {
    int seen = a.progress;
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_cmpint (a.progress, ==, seen);
  }

  /* Cancelled: CANCELLED, and no progress after the cancel. */
  a.progress = 0;
  a.last_depth = 0;
  kuzhi_computer_player_analyse_async (player, &m, 20000, on_progress, &a, cancellable, on_analysed, &a);
  g_timeout_add (200, cancel_now, cancellable);
  g_main_loop_run (loop);
  g_assert_error (a.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (a.analysis);
  {
    int seen = a.progress;
    for (int i = 0; i < 20; i++)
      g_main_context_iteration (NULL, FALSE);
    g_assert_cmpint (a.progress, ==, seen);
  }
  g_clear_error (&a.error);
  kz_match_clear (&m);
}

/* The review of a Kalah endgame whose turns alternate between the worst
 * and the best move: each turn's best, played value and loss are the
 * ones full minimax gives, proven. */
static void
test_review (void)
{
  static const uint8_t pits[12] = { 1, 0, 1, 0, 2, 0,  1, 0, 1, 0, 0, 1 };
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) reviews = NULL;
  int best[8], played[8], n = 0;
  KzMatch m;

  new_match (&m, KZ_VARIANT_KALAH);
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 20;
  m.pos.stores[1] = 48 - 20 - 7;
  m.start = m.pos;
  while (!m.pos.over && n < 8)
    {
      KzAction actions[KZ_MAX_ACTIONS], pick = KZ_ACTION_NONE;
      int k = kz_position_variant (&m.pos)->legal (&m.pos, actions), pick_value = 0;

      best[n] = kz_test_minimax (&m.pos);
      for (int i = 0; i < k; i++)
        {
          int value = kz_test_action_minimax (&m.pos, actions[i]);
          /* The worst on even turns, the best on odd ones. */
          if (pick == KZ_ACTION_NONE || (n % 2 == 0 ? value < pick_value : value > pick_value))
            {
              pick = actions[i];
              pick_value = value;
            }
        }
      played[n++] = pick_value;
      g_assert_true (kz_match_play (&m, pick, NULL));
    }

  g_assert_cmpint (n, >=, 3);
  reviews = kuzhi_computer_player_review (player, &m, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reviews->len, ==, n);
  for (int i = 0; i < n; i++)
    {
      const KuzhiReviewTurn *r = &g_array_index (reviews, KuzhiReviewTurn, i);
      g_assert_true (r->exact);
      g_assert_cmpint (r->best, ==, best[i]);
      g_assert_cmpint (r->played, ==, played[i]);
      g_assert_cmpint (r->loss, ==, best[i] - played[i]);
    }
  kz_match_clear (&m);
}

/* Plays whole turns from the match's position until it is over or
 * `max` turns are played, each a single action (no mark): the worst
 * for the mover on even turns, the best on odd ones, by full minimax.
 * Fills each turn's best value (marks included) and played value from
 * `n` on; returns the new count. */
static int
play_worst_then_best (KzMatch *m, int n, int max, int *best, int *played)
{
  while (!m->pos.over && n < max)
    {
      KzAction actions[KZ_MAX_ACTIONS], pick = KZ_ACTION_NONE;
      int k = kz_position_variant (&m->pos)->legal (&m->pos, actions), pick_value = 0;

      best[n] = kz_test_minimax (&m->pos);
      for (int i = 0; i < k; i++)
        {
          int value;

          if (KZ_ACTION_IS_MARK (actions[i]))
            continue;
          value = kz_test_action_minimax (&m->pos, actions[i]);
          if (pick == KZ_ACTION_NONE || (n % 2 == 0 ? value < pick_value : value > pick_value))
            {
              pick = actions[i];
              pick_value = value;
            }
        }
      g_assert_true (pick != KZ_ACTION_NONE);
      played[n++] = pick_value;
      g_assert_true (kz_match_play (m, pick, NULL));
    }
  return n;
}

/* The review of the match gives every turn the best, played value and
 * loss full minimax gives, proven. */
static void
assert_review_exact (const KzMatch *m, int n, const int *best, const int *played)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) reviews = kuzhi_computer_player_review (player, m, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (reviews->len, ==, n);
  for (int i = 0; i < n; i++)
    {
      const KuzhiReviewTurn *r = &g_array_index (reviews, KuzhiReviewTurn, i);
      g_test_message ("turn %d: best %d (minimax %d), played %d (minimax %d)", i, r->best, best[i], r->played, played[i]);
      g_assert_true (r->exact);
      g_assert_cmpint (r->best, ==, best[i]);
      g_assert_cmpint (r->played, ==, played[i]);
      g_assert_cmpint (r->loss, ==, best[i] - played[i]);
    }
}

/* A Constitution endgame whose first turn marks a lucky cup and then
 * sows, the mark and its sowing valued apart: Player 1's account is 36,
 * a reserve of 1, so a mark is allowed. Marking cup 7 and sowing cup 6
 * banks the relay's shells and wins by 2 — the mark's value — but the
 * turn sows cup 7 after that mark, which the review must value as the
 * sowing played, not as the mark's best. Four shells on the board: a
 * round end empties it and ends the match, so full minimax decides
 * every turn. */
static void
test_review_constitution (void)
{
  static const uint8_t pits[14] = { 0, 0, 0, 0, 0, 1, 1,  1, 1, 0, 0, 0, 0, 0 };
  int best[8], played[8], n = 0;
  KzMatch m;

  new_match (&m, KZ_VARIANT_CONSTITUTION);
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 34;
  m.pos.stores[1] = 32;
  m.start = m.pos;
  g_assert_true (kz_constitution_may_mark (&m.pos));

  best[n] = kz_test_minimax (&m.pos);
  g_assert_true (kz_match_play (&m, KZ_ACTION_MARK (6), NULL));
  g_assert_cmpint (kz_test_minimax (&m.pos), ==, best[0]);
  played[n++] = kz_test_action_minimax (&m.pos, 6);
  g_assert_true (kz_match_play (&m, 6, NULL));
  g_assert_cmpint (best[0], >, played[0]);

  n = play_worst_then_best (&m, n, 8, best, played);
  g_assert_cmpint (n, >=, 2);
  assert_review_exact (&m, n, best, played);
  kz_match_clear (&m);
}

/* An Oware endgame six plies before the 400-ply limit, so that full
 * minimax decides it, its turns alternating between the worst and the
 * best move. */
static void
test_review_oware (void)
{
  static const uint8_t pits[12] = { 0, 0, 0, 1, 2, 1,  1, 0, 2, 0, 1, 0 };
  int best[8], played[8], n;
  KzMatch m;

  new_match (&m, KZ_VARIANT_OWARE);
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 20;
  m.pos.stores[1] = 48 - 20 - 8;
  m.pos.plies = 394;
  m.start = m.pos;
  n = play_worst_then_best (&m, 0, 8, best, played);
  g_assert_cmpint (n, >=, 3);
  assert_review_exact (&m, n, best, played);
  kz_match_clear (&m);
}

/* Blocks until a source of `context` is ready, without dispatching it:
 * the same steps as g_main_context_pending(), but waiting in poll. */
static void
wait_until_ready (GMainContext *context)
{
  gboolean ready = FALSE;

  g_assert_true (g_main_context_acquire (context));
  while (!ready)
    {
      GPollFD fds[16];
      int max_priority = G_MAXINT;
      int timeout = -1;
      int n;

      g_main_context_prepare (context, &max_priority);
      n = g_main_context_query (context, max_priority, &timeout, fds, G_N_ELEMENTS (fds));
      g_assert_cmpint (n, <=, (int) G_N_ELEMENTS (fds));
      g_poll (fds, (guint) n, timeout);
      ready = g_main_context_check (context, max_priority, fds, n);
    }
  g_main_context_release (context);
}

typedef struct {
  int      callback_done;   /* atomic */
  gpointer finalized_in;    /* atomic: the thread the source object died in */
} Release;

static void
release_work (GTask *task)
{
  Release *r = g_task_get_task_data (task);

  g_task_return_boolean (task, TRUE);
  /* The thread is slow to end: the callback runs, and lets go of its
   * reference, before the thread is done. */
  for (int i = 0; i < 5000 && !g_atomic_int_get (&r->callback_done); i++)
    g_usleep (1000);
}

static void
on_release_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Release *r = data;

  g_assert_true (g_task_propagate_boolean (G_TASK (result), NULL));
  g_atomic_int_set (&r->callback_done, 1);
}

static void
on_source_finalized (gpointer  data,
                     GObject  *where)
{
  Release *r = data;

  g_atomic_pointer_set (&r->finalized_in, g_thread_self ());
}

/* What a work thread was started for, let go of by its owner while it
 * works (the Puzzles window closed while it finds, a player dropped
 * while it thinks), is finalized in the main thread, never in the work
 * thread beside GTK: even when the thread ends after the callback. */
static void
test_released_in_main_thread (void)
{
  Release r = { 0 };
  GObject *source = g_object_new (G_TYPE_OBJECT, NULL);
  GTask *task = g_task_new (source, NULL, on_release_done, &r);
  gint64 start = g_get_monotonic_time ();

  g_task_set_task_data (task, &r, NULL);
  g_object_weak_ref (source, on_source_finalized, &r);
  g_object_unref (source);
  kuzhi_thread_run_task (task, "kuzhi-test", release_work);
  g_object_unref (task);
  while (g_atomic_pointer_get (&r.finalized_in) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  g_assert_true (g_atomic_pointer_get (&r.finalized_in) == (gpointer) g_thread_self ());
  g_assert_true (g_atomic_int_get (&r.callback_done));
}

/* A search that finished before the cancel still delivers CANCELLED: the
 * result is stale once its caller gave up on it. The test waits until the
 * search thread has handed its result back (the task's completion is then
 * ready in the caller's context), and cancels only then. Dakon has no
 * endgame database, whose build would also report to that context. */
static void
test_stale_result_dropped (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (context, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Reply reply = { .loop = loop, .action = 7 };
  KzMatch m;

  new_match (&m, KZ_VARIANT_DAKON);
  g_main_context_push_thread_default (context);
  kuzhi_computer_player_choose_async (player, &m, KZ_LEVEL_EASY, 10, cancellable, on_chosen, &reply);
  wait_until_ready (context);     /* the search is over and returned a move */
  g_assert_cmpint (reply.action, ==, 7);   /* not yet delivered */
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  g_main_context_pop_thread_default (context);
  g_assert_error (reply.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (reply.action, ==, KZ_ACTION_NONE);
  g_clear_error (&reply.error);
  kz_match_clear (&m);
}

/* Already cancelled: no search at all, and the synchronous call says so. */
static void
test_sync_cancelled (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  KzMatch m;

  new_match (&m, KZ_VARIANT_DAKON);
  g_cancellable_cancel (cancellable);
  KzAction a = kuzhi_computer_player_choose (player, &m, KZ_LEVEL_HARD, 0, cancellable, NULL, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (a, ==, KZ_ACTION_NONE);
  kz_match_clear (&m);
}

static void
test_finished_match (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GError) error = NULL;
  KzMatch m;

  new_match (&m, KZ_VARIANT_KALAH);
  m.pos.over = 1;
  KzAction a = kuzhi_computer_player_choose (player, &m, KZ_LEVEL_EASY, 0, NULL, NULL, NULL, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (a, ==, KZ_ACTION_NONE);
  kz_match_clear (&m);
}

#ifdef __linux__
static void
report_nice (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  errno = 0;
  g_task_return_int (task, getpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid)));
}
#endif

/* Hard searches with a thread a core (up to the cap), Easy and Normal with
 * one (the engine's /search/threads tests prove the values it finds). */
static void
test_hard_threads (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  int cores = g_get_num_processors ();

  g_assert_cmpint (kuzhi_computer_player_hard_threads (), ==, MIN (cores, KUZHI_COMPUTER_PLAYER_HARD_MAX_THREADS));
  for (int level = KZ_LEVEL_EASY; level <= KZ_LEVEL_HARD; level++)
    {
      g_autoptr(GError) error = NULL;
      KzSearchResult r;
      KzMatch m;

      new_match (&m, KZ_VARIANT_OWARE);
      kuzhi_computer_player_choose (player, &m, level, 100, NULL, NULL, &r, &error);
      g_assert_no_error (error);
      g_assert_cmpint (r.threads, ==, level == KZ_LEVEL_HARD ? kuzhi_computer_player_hard_threads () : 1);
      kz_match_clear (&m);
    }
}

#ifdef __linux__
/* Asserts that a thread runs at the nice value and policy of `data`. */
static gboolean
thread_runs_as (int nice, int policy, gpointer data)
{
  const KzTestThread *want = data;

  g_assert_cmpint (nice, ==, want->nice);
  g_assert_cmpint (policy, ==, want->policy);
  return TRUE;
}
#endif

/* The search runs in a thread of its own at a lower priority than the UI
 * (nicer, SCHED_BATCH), and so do Hard's helpers, which it starts; the
 * lower priority goes with those threads: the caller and GLib's pool
 * threads keep theirs. */
static void
test_search_thread_priority (void)
{
#ifdef __linux__
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Reply reply = { .loop = loop, .action = KZ_ACTION_NONE };
  int before = getpriority (PRIO_PROCESS, 0), nice = 0, policy = -1;
  gint64 start = g_get_monotonic_time ();
  KzMatch m;

  new_match (&m, KZ_VARIANT_CONSTITUTION);
  kuzhi_computer_player_choose_async (player, &m, KZ_LEVEL_HARD, 20000, cancellable, on_chosen, &reply);
  /* Waits for the lowered thread itself, not for a change of niceness: a
   * test run under `nice -n 19` has nothing lower to go to. */
  while (!kz_test_find_thread ("kuzhi-search", &nice, &policy) || nice != MIN (before + 10, 19) || policy != 3)
    {
      if (g_get_monotonic_time () - start > 5 * G_USEC_PER_SEC)
        {
          g_assert_cmpint (nice, ==, MIN (before + 10, 19));
          g_assert_cmpint (policy, ==, 3);   /* SCHED_BATCH */
        }
      g_usleep (1000);
    }
  /* Hard's helpers, started by the search thread, run as low as it. */
  {
    KzTestThread lowered = { MIN (before + 10, 19), 3 };
    int n;

    while ((n = kz_test_foreach_thread ("kuzhi-search", thread_runs_as, &lowered)) != kuzhi_computer_player_hard_threads ())
      {
        g_assert_cmpint (n, <, kuzhi_computer_player_hard_threads ());
        g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
        g_usleep (1000);
      }
  }
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  g_assert_error (reply.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&reply.error);

  /* The caller and the pool are as they were. */
  g_assert_cmpint (getpriority (PRIO_PROCESS, 0), ==, before);
  for (int i = 0; i < 4; i++)
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);
      g_autoptr(GError) error = NULL;

      g_task_run_in_thread_sync (task, report_nice);
      g_assert_cmpint (g_task_propagate_int (task, &error), ==, before);
      g_assert_no_error (error);
    }
  /* The thread ends with its search. */
  start = g_get_monotonic_time ();
  while (kz_test_find_thread ("kuzhi-search", &nice, &policy))
    {
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
      g_usleep (1000);
    }
  kz_match_clear (&m);
#else
  g_test_skip ("thread priorities are only lowered on Linux");
#endif
}

/* The table's memory is held only while it is wanted: after a release it
 * is gone, even when the release came while a search was running. */
static void
test_release_table (void)
{
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Reply reply = { loop, KZ_ACTION_NONE, 0, NULL, 0 };
  KzMatch m;
  gsize held;

  new_match (&m, KZ_VARIANT_OWARE);
  g_assert_cmpuint (kuzhi_computer_player_get_table_bytes (player), ==, 0);
  g_assert_cmpint (kuzhi_computer_player_choose (player, &m, KZ_LEVEL_EASY, 0, NULL, NULL, NULL, NULL), !=, KZ_ACTION_NONE);
  held = kuzhi_computer_player_get_table_bytes (player);
  g_test_message ("the searcher holds %" G_GSIZE_FORMAT " bytes", held);
  g_assert_cmpuint (held, >=, 8 << 20);
  g_assert_cmpuint (held, <=, 24 << 20);
  kuzhi_computer_player_release_table (player);
  g_assert_cmpuint (kuzhi_computer_player_get_table_bytes (player), ==, 0);

  /* Released while Hard thinks: the move still comes, then the memory goes. */
  kuzhi_computer_player_choose_async (player, &m, KZ_LEVEL_HARD, 300, NULL, on_chosen, &reply);
  g_usleep (100 * 1000);
  kuzhi_computer_player_release_table (player);
  g_main_loop_run (loop);
  g_assert_no_error (reply.error);
  g_assert_true (kz_position_is_legal (&m.pos, reply.action));
  g_assert_cmpuint (kuzhi_computer_player_get_table_bytes (player), ==, 0);

  /* And the next search makes a new table. */
  g_assert_cmpint (kuzhi_computer_player_choose (player, &m, KZ_LEVEL_EASY, 0, NULL, NULL, NULL, NULL), !=, KZ_ACTION_NONE);
  g_assert_cmpuint (kuzhi_computer_player_get_table_bytes (player), ==, held);
  kz_match_clear (&m);
}

/* The endgame store: what it notified while it ran, once it ended. Every
 * notification comes in the thread that started it, the one a window
 * would be drawn in. */
typedef struct
{
  GThread *main_thread;
  gboolean ended;
  gboolean was_building;
  double   last_progress;
  int      progress_notes;
} StoreWatch;

static void
on_store_building (KuzhiEndgameStore *store, GParamSpec *pspec, StoreWatch *w)
{
  (void) pspec;
  g_assert_true (g_thread_self () == w->main_thread);
  if (kuzhi_endgame_store_get_building (store))
    w->was_building = TRUE;
}

static void
on_store_progress (KuzhiEndgameStore *store, GParamSpec *pspec, StoreWatch *w)
{
  (void) pspec;
  g_assert_true (g_thread_self () == w->main_thread);
  g_assert_cmpfloat (kuzhi_endgame_store_get_progress (store), >=, w->last_progress);
  w->last_progress = kuzhi_endgame_store_get_progress (store);
  w->progress_notes++;
  if (!kuzhi_endgame_store_get_building (store))
    w->ended = TRUE;
}

/* With busy, the main thread does not look at its queue until the
 * database is on disk (and a while after): a window drawing its first
 * frames while a small build ends. */
static StoreWatch
run_store (KuzhiEndgameStore *store, gboolean busy)
{
  StoreWatch w = { .main_thread = g_thread_self () };

  g_signal_connect (store, "notify::building", G_CALLBACK (on_store_building), &w);
  g_signal_connect (store, "notify::progress", G_CALLBACK (on_store_progress), &w);
  kuzhi_endgame_store_start (store);
  kuzhi_endgame_store_start (store);   /* once only */
  if (busy)
    {
      while (!g_file_test (kuzhi_endgame_store_get_path (store), G_FILE_TEST_EXISTS))
        g_usleep (10 * 1000);
      g_usleep (300 * 1000);
    }
  while (!w.ended)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_data (store, &w);
  return w;
}

/* The app's endgame database in a folder of the test's own (never the
 * real cache), with 10 seeds: built in a thread with progress the first
 * time, opened without building the next, built again when damaged, and
 * no database at all for 0 seeds (the tests' default). */
static void
test_endgame_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-store-XXXXXX", NULL);
  g_autofree char *path = NULL;

  {
    KuzhiEndgameStore *off = kuzhi_endgame_store_get_for (KZ_VARIANT_KALAH);   /* KUZHI_ENDGAME_SEEDS=0 */
    kuzhi_endgame_store_start (off);
    g_assert_false (kuzhi_endgame_store_get_building (off));
    g_assert_null (kuzhi_endgame_store_peek (off));
  }
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 10);
    StoreWatch w = run_store (store, FALSE);
    g_assert_true (w.was_building);
    g_assert_cmpint (w.progress_notes, >=, 2);
    g_assert_cmpfloat (kuzhi_endgame_store_get_progress (store), ==, 1.0);
    g_assert_false (kuzhi_endgame_store_get_building (store));
    g_assert_null (kuzhi_endgame_store_get_error (store));
    g_assert_nonnull (kuzhi_endgame_store_peek (store));
    g_assert_cmpint (kz_endgame_max_seeds (kuzhi_endgame_store_peek (store)), ==, 10);
    path = g_strdup (kuzhi_endgame_store_get_path (store));
    g_assert_true (g_str_has_prefix (path, dir));
  }
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 10);
    StoreWatch w = run_store (store, FALSE);
    g_assert_false (w.was_building);
    g_assert_nonnull (kuzhi_endgame_store_peek (store));
  }
  {
    g_autofree char *contents = NULL;
    gsize len;
    g_autoptr(GError) error = NULL;
    g_assert_true (g_file_get_contents (path, &contents, &len, &error));
    g_assert_true (g_file_set_contents (path, contents, (gssize) len - 100, &error));
  }
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 10);
    StoreWatch w;
    g_test_expect_message ("Kuzhi-Model", G_LOG_LEVEL_MESSAGE, "Rebuilding the kalah endgame database*");
    w = run_store (store, FALSE);
    g_test_assert_expected_messages ();
    g_assert_true (w.was_building);
    g_assert_nonnull (kuzhi_endgame_store_peek (store));
  }
  /* A build that ends before the main thread has looked: still shown as a
   * build (a hint line says so at least once), and over. */
  g_remove (path);
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 10);
    StoreWatch w = run_store (store, TRUE);
    g_assert_true (w.was_building);
    g_assert_false (kuzhi_endgame_store_get_building (store));
    g_assert_nonnull (kuzhi_endgame_store_peek (store));
  }
  g_autoptr(KzEndgameFile) file = kz_endgame_file_open (path, KZ_VARIANT_KALAH, NULL);
  g_assert_nonnull (file);

  g_remove (path);
  g_rmdir (dir);
}

static gboolean
store_hung (gpointer data)
{
  g_error ("the endgame store has not ended its start after 60 s (%s)", (const char *) data);
  return G_SOURCE_REMOVE;
}

/* run_store(), failing the test after a minute where it would hang. */
static StoreWatch
run_store_within_a_minute (KuzhiEndgameStore *store, const char *what)
{
  guint watchdog = g_timeout_add_seconds (60, store_hung, (gpointer) what);
  StoreWatch w = run_store (store, FALSE);

  g_source_remove (watchdog);
  return w;
}

/* What is in the database's place is hostile: a FIFO never holds the
 * start up (it is built over), a folder is left and told as the failure
 * (nothing built, no wait), a file cut short under its mapping is no
 * longer handed out (and never crashes), and what killed builds left is
 * removed at the start when it is old. */
static void
test_endgame_store_hostile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-store-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "endgame-kalah-8.db", NULL);
  g_autofree char *stale = g_build_filename (dir, "endgame-kalah-8.db.Ab3dE9", NULL);
  g_autofree char *live = g_build_filename (dir, "endgame-oware-10.db.Live01", NULL);
  struct utimbuf old = { .actime = time (NULL) - 15 * 60, .modtime = time (NULL) - 15 * 60 };

  /* A FIFO, and a killed build's temporary of a quarter of an hour ago
   * beside one being written now. */
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_cmpint (g_utime (stale, &old), ==, 0);
  g_assert_true (g_file_set_contents (live, "half", -1, NULL));
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 8);
    StoreWatch w;

    g_test_expect_message ("Kuzhi-Model", G_LOG_LEVEL_MESSAGE, "Removed 1 unfinished endgame database files*");
    g_test_expect_message ("Kuzhi-Model", G_LOG_LEVEL_MESSAGE, "Rebuilding the kalah endgame database: *named pipe*");
    w = run_store_within_a_minute (store, "a FIFO");
    g_test_assert_expected_messages ();
    g_assert_true (w.was_building);
    g_assert_null (kuzhi_endgame_store_get_failure (store));
    g_assert_nonnull (kuzhi_endgame_store_peek (store));
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (live, G_FILE_TEST_EXISTS));

    /* Cut short in place while handed out: the next look-ups return,
     * and the store no longer hands it out. */
    {
      const KzEndgame *endgame = kuzhi_endgame_store_peek (store);
      uint8_t pits[KZ_ENDGAME_PITS];

      g_assert_cmpint (truncate (path, 1000), ==, 0);
      for (uint64_t i = 0; i < kz_endgame_entries (8); i += 61)
        {
          kz_endgame_unrank (i, pits);
          (void) kz_endgame_pits_value (endgame, pits);
        }
      g_assert_null (kuzhi_endgame_store_peek (store));
    }
  }
  g_remove (live);
  g_remove (path);

  /* A folder: the failure, at once, and the folder as it was. */
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  {
    g_autoptr(KuzhiEndgameStore) store = kuzhi_endgame_store_new (dir, KZ_VARIANT_KALAH, 8);
    StoreWatch w;

    g_test_expect_message ("Kuzhi-Model", G_LOG_LEVEL_MESSAGE, "No kalah endgame database: *is a folder, not a database file*");
    w = run_store_within_a_minute (store, "a folder");
    g_test_assert_expected_messages ();
    g_assert_false (w.was_building);
    g_assert_null (kuzhi_endgame_store_peek (store));
    g_assert_error ((GError *) kuzhi_endgame_store_get_failure (store), KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  }
  g_rmdir (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/computer-player/sync-levels", test_sync_levels);
  g_test_add_func ("/computer-player/async-legal", test_async_legal);
  g_test_add_func ("/computer-player/async-cancel", test_async_cancel);
  g_test_add_func ("/computer-player/stale-result-dropped", test_stale_result_dropped);
  g_test_add_func ("/computer-player/released-in-main-thread", test_released_in_main_thread);
  g_test_add_func ("/computer-player/sync-cancelled", test_sync_cancelled);
  g_test_add_func ("/computer-player/finished-match", test_finished_match);
  g_test_add_func ("/computer-player/search-thread-priority", test_search_thread_priority);
  g_test_add_func ("/computer-player/hard-threads", test_hard_threads);
  g_test_add_func ("/computer-player/release-table", test_release_table);
  g_test_add_func ("/computer-player/analyse", test_analyse);
  g_test_add_func ("/computer-player/review", test_review);
  g_test_add_func ("/computer-player/review/constitution", test_review_constitution);
  g_test_add_func ("/computer-player/review/oware", test_review_oware);
  g_test_add_func ("/computer-player/endgame-store", test_endgame_store);
  g_test_add_func ("/computer-player/endgame-store-hostile", test_endgame_store_hostile);

  return g_test_run ();
}
