/* kuzhi-file-lock.h — a lock on a file in the data folder that says who may write what it guards (docs/match-file.md, "Two Kuzhis on one data folder"). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * An flock(2) lock on the file `path` (created, mode 0600, when it is not
 * there; never removed: removing it would let a second holder lock a new
 * file of the same name). The lock belongs to the open file, so two locks
 * on one path conflict even within one process, and the system lets go of
 * it when the process ends however it ends: a killed Kuzhi never blocks the
 * next one.
 */
typedef struct _KuzhiFileLock KuzhiFileLock;

/* Takes the lock if it is free: NULL with G_IO_ERROR_BUSY when someone
 * holds it, another G_IO_ERROR when the file cannot be opened. */
KuzhiFileLock *kuzhi_file_lock_try     (const char     *path,
                                        GError        **error);
/* Waits up to `timeout_ms` for the lock (G_IO_ERROR_BUSY after that). */
KuzhiFileLock *kuzhi_file_lock_wait    (const char     *path,
                                        guint           timeout_ms,
                                        GError        **error);
/* Lets go of the lock. */
void           kuzhi_file_lock_release (KuzhiFileLock  *lock);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KuzhiFileLock, kuzhi_file_lock_release)

G_END_DECLS
