/* kuzhi-test-threads.h — finding the process's threads by name, for the tests and benchmarks that check the computer's search threads. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>

/* Calls `func` with the nice value (field 19 of /proc/self/task/TID/stat)
 * and scheduling policy (field 41) of each thread named `name`, until it
 * returns FALSE. Returns how many threads it was called for. */
static inline int
kz_test_foreach_thread (const char *name,
                        gboolean  (*func) (int nice, int policy, gpointer data),
                        gpointer    data)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;
  int n = 0;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *comm_path = g_build_filename ("/proc/self/task", tid, "comm", NULL);
      g_autofree char *stat_path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
      g_autofree char *comm = NULL, *stat = NULL;
      g_auto(GStrv) fields = NULL;
      const char *after;

      if (!g_file_get_contents (comm_path, &comm, NULL, NULL)
          || strcmp (g_strstrip (comm), name) != 0
          || !g_file_get_contents (stat_path, &stat, NULL, NULL)
          || (after = strrchr (stat, ')')) == NULL)
        continue;
      fields = g_strsplit (after + 2, " ", -1);   /* fields[0] is field 3 */
      if (g_strv_length (fields) < 39)
        continue;
      n++;
      if (!func (atoi (fields[16]), atoi (fields[38]), data))
        break;
    }
  return n;
}

typedef struct
{
  int nice;
  int policy;
} KzTestThread;

static inline gboolean
kz_test_thread_take_first (int nice, int policy, gpointer data)
{
  *(KzTestThread *) data = (KzTestThread) { nice, policy };
  return FALSE;
}

/* The nice value and scheduling policy of the first thread named `name`;
 * FALSE if there is none. */
static inline gboolean
kz_test_find_thread (const char *name,
                     int        *nice,
                     int        *policy)
{
  KzTestThread t;

  if (kz_test_foreach_thread (name, kz_test_thread_take_first, &t) == 0)
    return FALSE;
  *nice = t.nice;
  *policy = t.policy;
  return TRUE;
}
