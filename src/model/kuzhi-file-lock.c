/* kuzhi-file-lock.c — flock(2) on a lock file: held by one open file at a time, gone when its process ends. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-file-lock.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

struct _KuzhiFileLock
{
  int fd;
};

static int
open_lock_file (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create the folder “%s”: %s"), dir, g_strerror (saved_errno));
      return -1;
    }
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not open the lock file “%s”: %s"), path, g_strerror (saved_errno));
    }
  return fd;
}

static KuzhiFileLock *
lock_fd (const char *path, int fd, guint timeout_ms, GError **error)
{
  gint64 until = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  KuzhiFileLock *lock;

  while (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == EINTR)
        continue;
      if (saved_errno != EWOULDBLOCK || g_get_monotonic_time () >= until)
        {
          if (saved_errno == EWOULDBLOCK)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                         _("Another Kuzhi holds the lock “%s”"), path);
          else
            g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                         _("Could not lock “%s”: %s"), path, g_strerror (saved_errno));
          close (fd);
          return NULL;
        }
      /* Others hold it for the few milliseconds of a write. */
      g_usleep (5000);
    }
  lock = g_new0 (KuzhiFileLock, 1);
  lock->fd = fd;
  return lock;
}

KuzhiFileLock *
kuzhi_file_lock_try (const char  *path,
                     GError     **error)
{
  /* Trying is waiting for no time at all. */
  return kuzhi_file_lock_wait (path, 0, error);
}

KuzhiFileLock *
kuzhi_file_lock_wait (const char  *path,
                      guint        timeout_ms,
                      GError     **error)
{
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = open_lock_file (path, error);
  if (fd < 0)
    return NULL;
  return lock_fd (path, fd, timeout_ms, error);
}

void
kuzhi_file_lock_release (KuzhiFileLock *lock)
{
  if (lock == NULL)
    return;
  /* Closing the last descriptor of the open file lets go of the lock. */
  close (lock->fd);
  g_free (lock);
}
