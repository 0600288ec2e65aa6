/* kuzhi-key-file.h — what Kuzhi's own files share: writing one whole or not at all, setting a broken one aside, one set of parsers for reading them. */
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
 * in a circle), G_IO_ERROR_IS_DIRECTORY, G_IO_ERROR_NOT_REGULAR_FILE (a
 * device, a pipe, a socket) and G_IO_ERROR_READ_ONLY (a file that may not
 * be written, even where the folder would let it be replaced); a failed
 * write is a G_FILE_ERROR with GLib's message:
 * kuzhi_key_file_write_reason() says it for people.
 */
gboolean  kuzhi_key_file_replace         (const char   *path,
                                          const char   *data,
                                          gsize         length,
                                          GError      **error);
/* Why kuzhi_key_file_replace() failed, as the end of a sentence ("the disk
 * is full", "the folder “…” does not exist"). */
char     *kuzhi_key_file_write_reason    (const char   *path,
                                          const GError *error);
/* Saves a match, in whichever format `data` holds (a match file, an
 * Aualé record), with kuzhi_key_file_replace(); a failure is `domain` and
 * `code` with "Could not save the match to “PATH”: …", saying why for
 * people. */
gboolean  kuzhi_key_file_save_match      (const char   *path,
                                          const char   *data,
                                          gsize         length,
                                          GQuark        domain,
                                          int           code,
                                          GError      **error);

/* Reads all of a file of Kuzhi's own (the statistics, the lessons'
 * progress) that is a regular file of at most `max_size` bytes; NULL
 * otherwise, with a G_FILE_ERROR whose message ends "… cannot be read:
 * REASON" ("it is not a regular file", "it is too large: …"). None is
 * G_FILE_ERROR_NOENT or _NOTDIR. A pipe is never opened: it would wait
 * for a writer for ever. */
char     *kuzhi_key_file_read_small      (const char   *path,
                                          gsize         max_size,
                                          gsize        *length,
                                          GError      **error);

/* Moves a file that cannot be read out of the way, to
 * STEM-broken-YYYY-MM-DD-HHMMSS.EXTENSION beside it (a number added when
 * that is taken), so that the next write does not overwrite what it may
 * still hold. Returns the new path, or NULL when it could not be moved. */
char     *kuzhi_key_file_set_aside       (const char   *path,
                                          const char   *stem,
                                          const char   *extension);

/* The lock file that guards PATH (docs/match-file.md, "Two Kuzhis on one
 * data folder"): beside it, EXTENSION replaced by .lock
 * (statistics.ini → statistics.lock). */
char     *kuzhi_key_file_lock_path       (const char   *path,
                                          const char   *extension);

/* Removes the temporary files (.NAME.XXXXXX.tmp beside PATH, the current
 * user's regular files) that a write killed before its rename leaves;
 * returns how many. Call it only while holding PATH's lock
 * (docs/match-file.md): then no other run is writing PATH, and every
 * temporary of it is a killed write's. */
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

/* One kind of Kuzhi file as the shared parsers below report on it: the
 * GError domain and codes its errors carry, the newest format version this
 * Kuzhi reads, and the reader's own messages. Each file keeps the wording
 * its users know (a match file's messages are whole sentences, the
 * statistics' the end of "… cannot be read: REASON"); the checks are one.
 * The messages are marked for translation where they are written and
 * translated here; the arguments each takes, in order, are given beside
 * it. */
typedef struct
{
  GQuark    (*domain) (void);   /* the domain's quark function */
  int         code_missing;     /* a key that must be there is not */
  int         code_unknown;     /* a key the format does not have */
  int         code_version;     /* a version this Kuzhi cannot read */
  int         code_value;       /* a value that is not what its key needs */
  int         version;          /* the newest version this Kuzhi reads */
  const char *key_missing;      /* key, group */
  const char *key_unknown;      /* key (cut to 40 characters), group */
  const char *key_later;        /* key (cut), group, the file's version; NULL: key_unknown */
  const char *version_unknown;  /* the text (cut to 20 characters), version */
  const char *version_newer;    /* the file's version, version */
  const char *name_unreadable;  /* key, group */
} KuzhiKeyFileFormat;

/* A whole decimal number, optionally negative, within [min, max]: digits
 * only, no '+', no spaces, no leading "0x". */
gboolean  kuzhi_key_file_parse_int       (const char   *text,
                                          int           min,
                                          int           max,
                                          int          *out);

/* Refuses the first key of `group` that is not in `known`
 * (format->code_unknown); `later` (nullable) are keys of a version after
 * the file's `version`, named as such, since the file is then more likely
 * mislabelled than made up. Messages name the group cut to 60
 * characters. */
gboolean  kuzhi_key_file_check_keys      (const KuzhiKeyFileFormat *format,
                                          GKeyFile                 *kf,
                                          const char               *group,
                                          const char *const        *known,
                                          const char *const        *later,
                                          int                       version,
                                          GError                  **error);

/* The raw value of a key that must be there, trimmed
 * (format->code_missing when it is not). */
char     *kuzhi_key_file_get_required    (const KuzhiKeyFileFormat *format,
                                          GKeyFile                 *kf,
                                          const char               *group,
                                          const char               *key,
                                          GError                  **error);

/* The key Version of `group`: from 1 to format->version
 * (format->code_version otherwise). */
gboolean  kuzhi_key_file_read_version    (const KuzhiKeyFileFormat *format,
                                          GKeyFile                 *kf,
                                          const char               *group,
                                          int                      *out,
                                          GError                  **error);

/* A player's name as written with g_key_file_set_string(), unescaped but
 * not yet cleaned (kuzhi_player_name_clean()); a missing key is
 * format->code_missing, a bad escape format->code_value. */
char     *kuzhi_key_file_read_name       (const KuzhiKeyFileFormat *format,
                                          GKeyFile                 *kf,
                                          const char               *group,
                                          const char               *key,
                                          GError                  **error);

G_END_DECLS
