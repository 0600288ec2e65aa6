/* kuzhi-thread-private.h — the low priority of the model's work threads (the computer's search, the endgame build): one place for what both need. */
#pragma once

#include <errno.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib.h>

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
