/* kuzhi-key-file.h — what Kuzhi's own files share: writing one whole or not at all, setting a broken one aside, reading an escaped string. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Writes `data` to `path` the way docs/match-file.md ("Writing") says: only
 * onto a regular file or a new name; through a symbolic link to the file it
 * names (the link stays a link); keeping an existing file's permissions and,
 * when root writes, its owner; to a synced temporary file in the same folder
 * renamed over the old one, so that a crash leaves the old file or the new
 * one, never a mixture. A file with several names (hard links) is rewritten
 * in place instead, so that all its names keep showing the same contents.
 *
 * Refusals before anything is written are G_IO_ERROR_TOO_MANY_LINKS (links
 * in a circle), G_IO_ERROR_IS_DIRECTORY and G_IO_ERROR_NOT_REGULAR_FILE (a
 * device, a pipe, a socket); a failed write is a G_FILE_ERROR. The messages
 * are GLib's: kuzhi_key_file_write_reason() says it for people.
 */
gboolean  kuzhi_key_file_replace         (const char   *path,
                                          const char   *data,
                                          gsize         length,
                                          GError      **error);
/* Why kuzhi_key_file_replace() failed, as the end of a sentence ("the disk
 * is full", "the folder “…” does not exist"). */
char     *kuzhi_key_file_write_reason    (const char   *path,
                                          const GError *error);

/* Moves a file that cannot be read out of the way, to
 * STEM-broken-YYYY-MM-DD-HHMMSS.EXTENSION beside it (a number added when
 * that is taken), so that the next write does not overwrite what it may
 * still hold. Returns the new path, or NULL when it could not be moved. */
char     *kuzhi_key_file_set_aside       (const char   *path,
                                          const char   *stem,
                                          const char   *extension);

/* Removes the temporary files (PATH.XXXXXX, the current user's) that a
 * write killed before its rename leaves; returns how many. Call it only
 * while holding PATH's lock (docs/match-file.md): then no other run is
 * writing PATH, and every temporary of it is a killed write's. */
guint     kuzhi_key_file_remove_stale_temporaries (const char *path);

/* Undoes the escapes g_key_file_set_string() writes (\s \n \t \r \\);
 * NULL for an unknown escape or a backslash that ends the value. Used
 * rather than g_key_file_get_string(), which in GLib 2.74 sets its GError
 * twice (and warns) for a bad escape followed by a backslash at the end of
 * the line. */
char     *kuzhi_key_file_unescape        (const char   *raw);

/* A date as the files hold it: ISO 8601 in UTC, "2026-11-29T20:41:07Z",
 * every year with four digits. A date without a UTC form gives now. */
char     *kuzhi_key_file_format_time     (GDateTime    *time);

/* Whether an ISO 8601 date as a file holds it is one the files keep
 * exactly: not a leap second (23:59:60, which GLib reads as 23:59:59) nor
 * a fraction of a second (dropped on writing). Refused on loading, since
 * saving would change it. */
gboolean  kuzhi_key_file_time_is_exact   (const char   *text);

/* A user's text quoted in a message: at most `max` characters, cut between
 * characters (never inside one) and marked with an ellipsis. */
char     *kuzhi_key_file_excerpt         (const char   *text,
                                          glong         max);

G_END_DECLS
