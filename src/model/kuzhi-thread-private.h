/* kuzhi-thread-private.h — what the work threads (the computer's search, the endgame build, the puzzles' find) share: a thread of their own at a low priority, their task let go of in the main thread, and a way to hand reports to the main thread. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <errno.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <gio/gio.h>

/* How many steps nicer than the UI thread such a thread runs: at +10 it
 * weighs a tenth of the UI thread, so a frame that needs its core gets it
 * at once. Where the kernel groups each program's threads (autogroups,
 * the desktop's cgroups per app) this costs nothing against other
 * programs; it only yields to its own UI. */
#define KUZHI_THREAD_NICE 10

/* Makes the calling thread a CPU-bound batch thread KUZHI_THREAD_NICE
 * steps below the UI thread, so that a frame never waits behind it for a
 * core. An unprivileged thread cannot raise its priority back again: call
 * it only in a thread of its own that ends with its work, never in a
 * GTask pool thread, which would carry the lowered priority to other
 * tasks. Both settings are per thread on Linux; a failure leaves the
 * thread as it was. Not SCHED_IDLE: on a busy machine that would starve
 * the thread for good. Needs _GNU_SOURCE (SCHED_BATCH). */
static inline void
kuzhi_thread_lower_priority (void)
{
#ifdef __linux__
  pid_t tid = (pid_t) syscall (SYS_gettid);
  struct sched_param param = { 0 };
  int nice;

  (void) sched_setscheduler (tid, SCHED_BATCH, &param);
  errno = 0;
  nice = getpriority (PRIO_PROCESS, tid);
  if (errno == 0)
    (void) setpriority (PRIO_PROCESS, tid, MIN (nice + KUZHI_THREAD_NICE, 19));
#endif
}

/* Calls func (data) in the thread that runs context, at priority, and
 * then notify (data). Never g_main_context_invoke() for that from a work
 * thread: whenever nobody holds the context at that moment, it calls
 * func right there, in the work thread. */
static inline void
kuzhi_thread_post (GMainContext   *context,
                   int             priority,
                   const char     *name,
                   GSourceFunc     func,
                   gpointer        data,
                   GDestroyNotify  notify)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, priority);
  g_source_set_callback (source, func, data, notify);
  g_source_set_static_name (source, name);
  g_source_attach (source, context);
  g_source_unref (source);
}

/* What runs in such a thread: it borrows the task, and returns it
 * (g_task_return_*()) before it ends. */
typedef void (*KuzhiThreadFunc) (GTask *task);

typedef struct {
  GTask           *task;
  KuzhiThreadFunc  func;
} KuzhiThreadJob;

static inline gboolean
kuzhi_thread_done (gpointer task)
{
  return G_SOURCE_REMOVE;
}

static inline gpointer
kuzhi_thread_job_run (gpointer data)
{
  KuzhiThreadJob *job = data;

  job->func (job->task);
  /* The thread's reference is let go of in the task's own context, not
   * here: the callback there may already have let go of its own, and
   * the last reference takes the source object with it. A window closed
   * while its work ran would be finalized in this thread, beside the
   * main thread's GTK (a crash seen once in /puzzles/sound after
   * /puzzles/menu; /computer-player/released-in-main-thread). */
  kuzhi_thread_post (g_task_get_context (job->task), G_PRIORITY_DEFAULT, "kuzhi-thread-release",
                     kuzhi_thread_done, job->task, g_object_unref);
  g_free (job);
  return NULL;
}

/* Runs func (task) in a thread of its own named `name`; the callback
 * runs in the task's main context, as with g_task_run_in_thread(), and
 * so does the last unreference of the task and its source object. Not a
 * pool thread, so that kuzhi_thread_lower_priority() ends with the work.
 * A thread that cannot start fails the task. */
static inline void
kuzhi_thread_run_task (GTask           *task,
                       const char      *name,
                       KuzhiThreadFunc  func)
{
  GError *error = NULL;
  KuzhiThreadJob *job = g_new (KuzhiThreadJob, 1);
  GThread *thread;

  job->task = g_object_ref (task);
  job->func = func;
  thread = g_thread_try_new (name, kuzhi_thread_job_run, job, &error);
  if (thread == NULL)
    {
      g_object_unref (job->task);
      g_free (job);
      g_task_return_error (task, error);
      return;
    }
  g_thread_unref (thread);
}
