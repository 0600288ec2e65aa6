/* kuzhi-key-file.c — what Kuzhi's own files share: writing one whole or not at all, setting a broken one aside, one set of parsers for reading them. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-key-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The end of a temporary file's name (write_and_rename()). */
#define TEMPORARY_SUFFIX ".tmp"

/* Where writing to `path` goes: the final target of a symbolic link (a
 * dangling link names the file to create), or `path` itself. */
static char *
resolve_target (const char *path, GError **error)
{
  g_autofree char *target = g_strdup (path);

  for (int hops = 0; hops < 40; hops++)
    {
      g_autofree char *link = NULL;
      struct stat st;

      if (g_lstat (target, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&target);
      link = g_file_read_link (target, NULL);
      if (link == NULL)
        return g_steal_pointer (&target);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (target);
          g_free (target);
          target = g_build_filename (dir, link, NULL);
        }
      else
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
    }
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                       _("it is a symbolic link that leads round in a circle"));
  return NULL;
}

/* Writes all of `data` to `fd`, just opened (-1 if that failed), from its
 * start, cuts the file there, syncs and closes it; 0, or the errno of
 * what failed. */
static int
write_whole (int fd, const char *data, gsize length)
{
  gsize done = 0;
  int saved_errno = 0;

  if (fd < 0)
    return errno;
  while (saved_errno == 0 && done < length)
    {
      gssize n = pwrite (fd, data + done, length - done, (off_t) done);

      if (n < 0 && errno != EINTR)
        saved_errno = errno;
      else if (n == 0)
        saved_errno = ENOSPC;   /* nothing written: never loop on it */
      else if (n > 0)
        done += (gsize) n;
    }
  if (saved_errno == 0 && (ftruncate (fd, (off_t) length) != 0 || fsync (fd) != 0))
    saved_errno = errno;
  if (close (fd) != 0 && saved_errno == 0)
    saved_errno = errno;
  return saved_errno;
}

static gboolean
set_errno_error (int saved_errno, GError **error)
{
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), g_strerror (saved_errno));
  return FALSE;
}

/* A file with more than one name (hard links) is rewritten in place, so
 * that every name still shows the same contents. */
static gboolean
write_in_place (const char *target, const char *data, gsize length, GError **error)
{
  int saved_errno = write_whole (g_open (target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0), data, length);

  return saved_errno == 0 || set_errno_error (saved_errno, error);
}

/* Whether `name` is a temporary file of `base` (write_and_rename()). */
static gboolean
is_temporary_of (const char *name, const char *base)
{
  gsize n = strlen (base);

  return name[0] == '.' && strncmp (name + 1, base, n) == 0 && name[1 + n] == '.' &&
         strlen (name + 1 + n + 1) == 6 + strlen (TEMPORARY_SUFFIX) &&
         g_str_has_suffix (name, TEMPORARY_SUFFIX);
}

/* Writes `data` to a temporary file beside `target`, syncs it and renames
 * it over `target`, so that a kill or a power cut leaves the old file or
 * the new one, never half of one. The temporary is .NAME.XXXXXX.tmp, a
 * name of its own: GLib's g_file_set_contents_full() names it NAME.XXXXXX,
 * which a clean-up cannot tell from a player's NAME.backup. */
static gboolean
write_and_rename (const char *target, const char *data, gsize length, int mode, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = g_strconcat (".", base, ".XXXXXX" TEMPORARY_SUFFIX, NULL);
  g_autofree char *temporary = g_build_filename (dir, name, NULL);
  int saved_errno = write_whole (g_mkstemp_full (temporary, O_WRONLY | O_CLOEXEC | O_NOCTTY, mode), data, length);

  if (saved_errno == 0 && g_rename (temporary, target) != 0)
    saved_errno = errno;
  if (saved_errno == 0)
    return TRUE;
  g_unlink (temporary);
  return set_errno_error (saved_errno, error);
}

gboolean
kuzhi_key_file_replace (const char  *path,
                        const char  *data,
                        gsize        length,
                        GError     **error)
{
  g_autofree char *target = NULL;
  struct stat st;
  gboolean exists;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  target = resolve_target (path, error);
  if (target == NULL)
    return FALSE;
  exists = g_stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, _("that is a folder"));
      return FALSE;
    }
  /* A device, a pipe or a socket would be replaced by a regular file. */
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           _("it is not a regular file (a device, a pipe or a socket)"));
      return FALSE;
    }

  /* A file its owner made read-only stays as it is: renaming over it
   * needs only the folder's permission, but the player said "keep". */
  if (exists && ((st.st_mode & 0222) == 0 || g_access (target, W_OK) != 0))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY, _("the file is read-only"));
      return FALSE;
    }

  if (exists && st.st_nlink > 1)
    return write_in_place (target, data, length, error);

  if (!write_and_rename (target, data, length, exists ? (int) (st.st_mode & 0777) : 0666, error))
    return FALSE;

  /* The new file keeps the old one's owner and permissions exactly (the
   * umask narrowed the mode above; the owner matters when root writes). */
  if (exists)
    {
      if (geteuid () == 0 && (st.st_uid != geteuid () || st.st_gid != getegid ()) &&
          chown (target, st.st_uid, st.st_gid) != 0)
        g_debug ("Could not keep the owner of %s: %s", target, g_strerror (errno));
      if (g_chmod (target, (int) (st.st_mode & 07777)) != 0)
        g_debug ("Could not keep the permissions of %s: %s", target, g_strerror (errno));
    }
  return TRUE;
}

char *
kuzhi_key_file_write_reason (const char   *path,
                             const GError *error)
{
  g_autofree char *folder = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error != NULL, NULL);

  folder = g_path_get_dirname (path);
  dir = g_filename_display_name (folder);
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) ||
      g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR))
    return g_strdup_printf (_("the folder “%s” does not exist"), dir);
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_ACCES) ||
      g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_PERM) ||
      g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_ROFS))
    return g_strdup_printf (_("the folder “%s” is read-only or you may not write there"), dir);
  if (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC))
    return g_strdup (_("the disk is full"));
  return g_strdup (error->message);
}

gboolean
kuzhi_key_file_save_match (const char  *path,
                           const char  *data,
                           gsize        length,
                           GQuark       domain,
                           int          code,
                           GError     **error)
{
  g_autoptr(GError) cause = NULL;
  g_autofree char *reason = NULL;
  g_autofree char *shown = NULL;

  if (kuzhi_key_file_replace (path, data, length, &cause))
    return TRUE;
  /* A name that is not UTF-8 is shown with U+FFFD where its bytes are not. */
  shown = g_filename_display_name (path);
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS))
    g_set_error (error, domain, code,
                 _("Could not save the match to “%s”: it is a symbolic link that leads round in a circle"), shown);
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
    g_set_error (error, domain, code, _("Could not save the match to “%s”: that is a folder"), shown);
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE))
    g_set_error (error, domain, code,
                 _("Could not save the match to “%s”: it is not a regular file (a device, a pipe or a socket); choose a file or a new name"),
                 shown);
  else
    {
      reason = kuzhi_key_file_write_reason (path, cause);
      g_set_error (error, domain, code, _("Could not save the match to “%s”: %s"), shown, reason);
    }
  return FALSE;
}

char *
kuzhi_key_file_read_small (const char  *path,
                           gsize        max_size,
                           gsize       *length,
                           GError     **error)
{
  char *data = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (length != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), g_strerror (saved_errno));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("it is not a regular file"));
      return NULL;
    }
  if ((guint64) st.st_size > max_size)
    {
      g_autofree char *size = g_format_size_full ((guint64) st.st_size, G_FORMAT_SIZE_LONG_FORMAT);
      g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_LONG_FORMAT);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, _("it is too large: %s, at most %s"), size, limit);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, length, error))
    return NULL;
  return data;
}

char *
kuzhi_key_file_set_aside (const char *path,
                          const char *stem,
                          const char *extension)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *dir = NULL;
  g_autofree char *stamp = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (stem != NULL, NULL);
  g_return_val_if_fail (extension != NULL, NULL);

  dir = g_path_get_dirname (path);
  stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  for (int i = 1; i < 100; i++)
    {
      g_autofree char *name = i == 1 ? g_strdup_printf ("%s-broken-%s%s", stem, stamp, extension)
                                     : g_strdup_printf ("%s-broken-%s-%d%s", stem, stamp, i, extension);
      g_autofree char *aside = g_build_filename (dir, name, NULL);

      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) != 0)
        return NULL;
      return g_steal_pointer (&aside);
    }
  return NULL;
}

char *
kuzhi_key_file_lock_path (const char *path,
                          const char *extension)
{
  g_autofree char *stem = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (extension != NULL, NULL);

  stem = g_str_has_suffix (path, extension) ? g_strndup (path, strlen (path) - strlen (extension)) : g_strdup (path);
  return g_strconcat (stem, ".lock", NULL);
}

guint
kuzhi_key_file_remove_stale_temporaries (const char *path)
{
  g_autofree char *dir = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (path != NULL, 0);

  dir = g_path_get_dirname (path);
  prefix = g_path_get_basename (path);
  d = g_dir_open (dir, 0, NULL);
  /* A kill between writing the temporary and renaming it leaves one
   * behind. The caller holds PATH's lock, so none is another run's write
   * under way, however fresh. */
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *file = NULL;
      struct stat st;

      if (!is_temporary_of (name, prefix))
        continue;
      file = g_build_filename (dir, name, NULL);
      if (g_lstat (file, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid () &&
          g_unlink (file) == 0)
        removed++;
    }
  return removed;
}

char *
kuzhi_key_file_unescape (const char *raw)
{
  GString *out;

  g_return_val_if_fail (raw != NULL, NULL);

  out = g_string_sized_new (strlen (raw));
  for (const char *p = raw; *p != '\0'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      switch (*++p)
        {
        case 's': g_string_append_c (out, ' '); break;
        case 'n': g_string_append_c (out, '\n'); break;
        case 't': g_string_append_c (out, '\t'); break;
        case 'r': g_string_append_c (out, '\r'); break;
        case '\\': g_string_append_c (out, '\\'); break;
        default:
          /* An unknown escape, or a backslash that ends the value. */
          g_string_free (out, TRUE);
          return NULL;
        }
    }
  return g_string_free (out, FALSE);
}

gboolean
kuzhi_key_file_time_is_exact (const char *text)
{
  const char *t;
  int seconds;

  g_return_val_if_fail (text != NULL, FALSE);

  /* The time after the date: hh:mm:ss or hhmmss, then an optional
   * fraction (. or ,), then the zone. */
  t = strpbrk (text, "Tt ");
  if (t == NULL)
    return TRUE;
  t++;
  for (int part = 0; part < 2; part++)
    {
      if (!g_ascii_isdigit (t[0]) || !g_ascii_isdigit (t[1]))
        return TRUE;
      t += 2;
      if (*t == ':')
        t++;
    }
  if (!g_ascii_isdigit (t[0]) || !g_ascii_isdigit (t[1]))
    return TRUE;
  seconds = (t[0] - '0') * 10 + (t[1] - '0');
  if (seconds >= 60)
    return FALSE;
  t += 2;
  if (*t == '.' || *t == ',')
    for (t++; g_ascii_isdigit (*t); t++)
      if (*t != '0')
        return FALSE;
  return TRUE;
}

char *
kuzhi_key_file_format_time (GDateTime *time)
{
  g_autoptr(GDateTime) utc = NULL;

  g_return_val_if_fail (time != NULL, NULL);

  /* Loading refuses a date that has no UTC form (near the years 1 and
   * 9999), so this only guards a caller's own date: the file still gets a
   * date it can read back. */
  utc = g_date_time_to_utc (time);
  if (utc == NULL)
    utc = g_date_time_new_now_utc ();
  /* By hand, not with %Y: that drops the zeros of a year before 1000,
   * which ISO 8601 parsing then refuses. */
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ",
                          g_date_time_get_year (utc), g_date_time_get_month (utc),
                          g_date_time_get_day_of_month (utc), g_date_time_get_hour (utc),
                          g_date_time_get_minute (utc), g_date_time_get_second (utc));
}

char *
kuzhi_key_file_excerpt (const char *text,
                        glong       max)
{
  g_autofree char *cut = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if (g_utf8_strlen (text, -1) <= max)
    return g_strdup (text);
  cut = g_utf8_substring (text, 0, max);
  return g_strconcat (cut, "…", NULL);
}

/* Reading */

gboolean
kuzhi_key_file_parse_int (const char *text,
                          int         min,
                          int         max,
                          int        *out)
{
  const char *p = text;
  gboolean negative = FALSE;
  gint64 value = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (*p == '\0')
    return FALSE;
  for (; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      value = value * 10 + (*p - '0');
      if (value > G_MAXINT)
        return FALSE;
    }
  if (negative)
    value = -value;
  if (value < min || value > max)
    return FALSE;
  *out = (int) value;
  return TRUE;
}

gboolean
kuzhi_key_file_check_keys (const KuzhiKeyFileFormat *format,
                           GKeyFile                 *kf,
                           const char               *group,
                           const char *const        *known,
                           const char *const        *later,
                           int                       version,
                           GError                  **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys (kf, group, NULL, NULL);

  for (gsize i = 0; keys != NULL && keys[i] != NULL; i++)
    if (!g_strv_contains (known, keys[i]))
      {
        g_autofree char *shown = kuzhi_key_file_excerpt (keys[i], 40);
        g_autofree char *shown_group = kuzhi_key_file_excerpt (group, 60);

        if (later != NULL && format->key_later != NULL && g_strv_contains (later, keys[i]))
          g_set_error (error, format->domain (), format->code_unknown,
                       _(format->key_later), shown, shown_group, version);
        else
          g_set_error (error, format->domain (), format->code_unknown,
                       _(format->key_unknown), shown, shown_group);
        return FALSE;
      }
  return TRUE;
}

char *
kuzhi_key_file_get_required (const KuzhiKeyFileFormat *format,
                             GKeyFile                 *kf,
                             const char               *group,
                             const char               *key,
                             GError                  **error)
{
  char *value = g_key_file_get_value (kf, group, key, NULL);

  if (value == NULL)
    {
      g_autofree char *shown_group = kuzhi_key_file_excerpt (group, 60);

      g_set_error (error, format->domain (), format->code_missing,
                   _(format->key_missing), key, shown_group);
      return NULL;
    }
  return g_strstrip (value);
}

gboolean
kuzhi_key_file_read_version (const KuzhiKeyFileFormat *format,
                             GKeyFile                 *kf,
                             const char               *group,
                             int                      *out,
                             GError                  **error)
{
  g_autofree char *text = kuzhi_key_file_get_required (format, kf, group, "Version", error);
  int version;

  if (text == NULL)
    return FALSE;
  if (!kuzhi_key_file_parse_int (text, 1, G_MAXINT, &version))
    {
      g_autofree char *shown = kuzhi_key_file_excerpt (text, 20);

      g_set_error (error, format->domain (), format->code_version,
                   _(format->version_unknown), shown, format->version);
      return FALSE;
    }
  if (version > format->version)
    {
      g_set_error (error, format->domain (), format->code_version,
                   _(format->version_newer), version, format->version);
      return FALSE;
    }
  *out = version;
  return TRUE;
}

char *
kuzhi_key_file_read_name (const KuzhiKeyFileFormat *format,
                          GKeyFile                 *kf,
                          const char               *group,
                          const char               *key,
                          GError                  **error)
{
  /* Trimming changes no name: a cleaned name is trimmed too. */
  g_autofree char *raw = kuzhi_key_file_get_required (format, kf, group, key, error);
  char *unescaped;

  if (raw == NULL)
    return NULL;
  unescaped = kuzhi_key_file_unescape (raw);
  if (unescaped == NULL)
    {
      g_autofree char *shown_group = kuzhi_key_file_excerpt (group, 60);

      g_set_error (error, format->domain (), format->code_value,
                   _(format->name_unreadable), key, shown_group);
    }
  return unescaped;
}
