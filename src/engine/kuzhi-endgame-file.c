/* kuzhi-endgame-file.c — an endgame database's file: atomic write, GMappedFile guarded against being cut short, verification. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-endgame-file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <glib/gstdio.h>
#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

struct _KzEndgameFile {
  GMappedFile *mapped;
  KzEndgame   *endgame;
  char        *path;
  int          guard;      /* its slot in guards[], or -1 */
};

/* --- the guard against a file cut short under its mapping -------------
 *
 * A mapped file that another program truncates (`cp` over it, a disk
 * tool) turns every later read of the pages past its new end into SIGBUS,
 * which kills the reader. The database is looked up in the search's
 * innermost loop, so a check per read is too dear: instead a SIGBUS
 * handler knows the mapped ranges, puts zero pages over the whole range
 * of a file whose page faulted (the read then goes on, and reads 0), and
 * marks the file lost; its owner stops using it before the next search
 * (kz_endgame_file_lost()). A fault anywhere else is left to what handled
 * SIGBUS before. The ranges live in a static table, so the handler reads
 * no memory that could be freed under it. */

#define N_GUARDS 64

typedef struct {
  gpointer start;   /* NULL: a free slot */
  gsize    length;
  int      lost;
} Guard;

static Guard guards[N_GUARDS];
static GMutex guards_lock;   /* taking and freeing slots; the handler only reads */

#ifdef G_OS_UNIX
static struct sigaction previous_sigbus;

static void
on_sigbus (int sig, siginfo_t *info, void *context)
{
  char *addr = info->si_addr;

  /* A fault (si_code > 0), not a kill -BUS, in one of the files. */
  for (int i = 0; info->si_code > 0 && i < N_GUARDS; i++)
    {
      char *start = g_atomic_pointer_get (&guards[i].start);

      if (start != NULL && addr >= start && addr < start + guards[i].length &&
          mmap (start, guards[i].length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED)
        {
          g_atomic_int_set (&guards[i].lost, 1);
          return;   /* the read is made again, from the zero pages */
        }
    }
  /* Not ours: what was there before handles it, as if this were not. */
  sigaction (SIGBUS, &previous_sigbus, NULL);
  if (info->si_code <= 0 || (previous_sigbus.sa_flags & SA_SIGINFO) == 0)
    raise (sig);
  else if (previous_sigbus.sa_sigaction != NULL)
    previous_sigbus.sa_sigaction (sig, info, context);
}

static void
install_sigbus_handler (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      struct sigaction action;

      memset (&action, 0, sizeof action);
      action.sa_sigaction = on_sigbus;
      action.sa_flags = SA_SIGINFO | SA_RESTART;
      sigemptyset (&action.sa_mask);
      sigaction (SIGBUS, &action, &previous_sigbus);
      g_once_init_leave (&installed, 1);
    }
}
#endif

/* A slot guarding `start` … `start + length`, or -1 when all are taken. */
static int
guard_take (gpointer start, gsize length)
{
  int slot = -1;

#ifdef G_OS_UNIX
  install_sigbus_handler ();
#endif
  g_mutex_lock (&guards_lock);
  for (int i = 0; i < N_GUARDS && slot < 0; i++)
    if (guards[i].start == NULL)
      {
        slot = i;
        guards[i].length = length;
        g_atomic_int_set (&guards[i].lost, 0);
        g_atomic_pointer_set (&guards[i].start, start);   /* last: the handler sees a whole slot */
      }
  g_mutex_unlock (&guards_lock);
  return slot;
}

static void
guard_give_back (int slot)
{
  if (slot < 0)
    return;
  g_mutex_lock (&guards_lock);
  g_atomic_pointer_set (&guards[slot].start, NULL);
  g_mutex_unlock (&guards_lock);
}

G_DEFINE_QUARK (kz-endgame-error-quark, kz_endgame_error)

void
kz_endgame_file_free (KzEndgameFile *file)
{
  if (file == NULL)
    return;
  kz_endgame_free (file->endgame);
  guard_give_back (file->guard);
  g_clear_pointer (&file->mapped, g_mapped_file_unref);
  g_free (file->path);
  g_free (file);
}

const KzEndgame *
kz_endgame_file_get (KzEndgameFile *file)
{
  return file->endgame;
}

const char *
kz_endgame_file_path (KzEndgameFile *file)
{
  return file->path;
}

gboolean
kz_endgame_file_lost (KzEndgameFile *file)
{
  return file->guard >= 0 && g_atomic_int_get (&guards[file->guard].lost);
}

/* What stands at `path` when it is not a file, for the messages; NULL for
 * a regular file. */
static const char *
not_a_file (mode_t mode)
{
  if (S_ISREG (mode))
    return NULL;
  if (S_ISDIR (mode))
    return "a folder";
#ifdef S_ISFIFO
  if (S_ISFIFO (mode))
    return "a named pipe (FIFO)";
#endif
#ifdef S_ISSOCK
  if (S_ISSOCK (mode))
    return "a socket";
#endif
  return "a device";
}

/* The error for a folder, which no build can replace (a rename does not
 * go over a folder, and a folder is not this program's to remove). */
static void
set_folder_error (GError **error, const char *path)
{
  g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER,
               "%s is a folder, not a database file", path);
}

KzEndgameFile *
kz_endgame_file_open (const char *path, KzVariantId game, GError **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  char reason[160] = "";
  int max_seeds = 0;
  int guard = -1;
  KzEndgameFile *file;
  struct stat st;
  const char *what;
  int fd;

  /* Never blocks: a FIFO put in its place opens at once (and is then
   * refused), where a plain open() would wait for a writer for ever. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      close (fd);
      return NULL;
    }
  if ((what = not_a_file (st.st_mode)) != NULL)
    {
      if (S_ISDIR (st.st_mode))
        set_folder_error (error, path);
      else
        g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID,
                     "%s is %s, not a database file", path, what);
      close (fd);
      return NULL;
    }
  mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
  close (fd);   /* the mapping keeps the file */
  if (mapped == NULL)
    return NULL;
  /* Guarded from here: the check reads every page. */
  if (g_mapped_file_get_length (mapped) > 0)
    {
      guard = guard_take (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped));
      if (guard < 0)
        {
          g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID,
                       "%s: more than %d databases are open", path, N_GUARDS);
          return NULL;
        }
    }
  if (!kz_endgame_check ((const uint8_t *) g_mapped_file_get_contents (mapped),
                         g_mapped_file_get_length (mapped), game, &max_seeds, reason, sizeof reason) ||
      (guard >= 0 && g_atomic_int_get (&guards[guard].lost)))
    {
      if (guard >= 0 && g_atomic_int_get (&guards[guard].lost))
        g_strlcpy (reason, "it was cut short while being read", sizeof reason);
      guard_give_back (guard);
      g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID,
                   "%s: %s", path, reason);
      return NULL;
    }
#if defined (__linux__) && defined (MADV_DONTNEED)
  /* The check read every page: let them go from this process (not from
   * the page cache, so the next read of one is cheap). Otherwise a 65 MB
   * file would stay resident whole, where a game's searches touch only
   * the pages of the positions they meet. */
  madvise (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped), MADV_DONTNEED);
#endif
  file = g_new0 (KzEndgameFile, 1);
  file->endgame = kz_endgame_new (game, (const uint8_t *) g_mapped_file_get_contents (mapped) + KZ_ENDGAME_HEADER_BYTES,
                                  max_seeds);
  file->mapped = g_steal_pointer (&mapped);
  file->path = g_strdup (path);
  file->guard = guard;
  return file;
}

KzEndgameFile *
kz_endgame_file_build (const char            *path,
                       KzVariantId            game,
                       int                    max_seeds,
                       KzEndgameProgressFunc  progress,
                       void                  *user_data,
                       volatile int          *cancel,
                       GError               **error)
{
  uint64_t size = kz_endgame_size (game, max_seeds);
  g_autofree char *dir = NULL;
  g_autofree uint8_t *data = NULL;
  gsize len;
  GStatBuf st;

  /* Said before the build, not after it: nothing can be written there. */
  if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      set_folder_error (error, path);
      return NULL;
    }
  if (size == 0)
    {
      g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID,
                   kz_endgame_has_game (game) ? "%d seeds: the database holds 1 to %d"
                                              : "%d seeds: this game has no endgame database",
                   max_seeds, kz_endgame_game_max_seeds (game));
      return NULL;
    }
  len = KZ_ENDGAME_HEADER_BYTES + (gsize) size;
  data = g_try_malloc (len);
  if (data == NULL)
    {
      g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_NO_MEMORY,
                   "no memory for the %" G_GSIZE_FORMAT " bytes of the database", len);
      return NULL;
    }
  if (!kz_endgame_compute (game, data + KZ_ENDGAME_HEADER_BYTES, max_seeds, progress, user_data, cancel))
    {
      g_set_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_CANCELLED, "building the database was cancelled");
      return NULL;
    }
  kz_endgame_header_write (data, game, max_seeds, kz_endgame_checksum (data + KZ_ENDGAME_HEADER_BYTES, size));

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return NULL;
    }
  kz_endgame_file_remove_stale_temporaries (dir);
  /* A temporary file renamed over the old one: a reader sees either the
   * whole old file or the whole new one, never half of either. */
  if (!g_file_set_contents_full (path, (const char *) data, (gssize) len,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    return NULL;
  g_clear_pointer (&data, g_free);

  /* Mapped rather than kept on the heap: the pages are the file's, shared
   * and given back under pressure; and what was written is checked. */
  return kz_endgame_file_open (path, game, error);
}

guint
kz_endgame_file_remove_stale_temporaries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;
  guint removed = 0;

  /* g_file_set_contents_full() writes endgame-GAME-N.db.XXXXXX and
   * renames it: a kill between the two leaves up to 1.25 GB behind. One
   * that changed in the last minutes may be another run's, still being
   * written: it is left alone. */
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      const char *dot = strrchr (name, '.');
      g_autofree char *file = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, "endgame-") || dot == NULL || dot - name < 3 ||
          strncmp (dot - 3, ".db", 3) != 0 || strlen (dot + 1) != 6)
        continue;
      file = g_build_filename (dir, name, NULL);
      if (g_lstat (file, &st) == 0 && S_ISREG (st.st_mode)
#ifdef G_OS_UNIX
          && st.st_uid == geteuid ()
#endif
          && now - (gint64) st.st_mtime >= KZ_ENDGAME_STALE_SECONDS && g_unlink (file) == 0)
        removed++;
    }
  return removed;
}

char *
kz_endgame_file_default_path (const char *dir, KzVariantId game, int max_seeds)
{
  g_autofree char *name = g_strdup_printf ("endgame-%s-%d.db", kz_variant_get (game)->key, max_seeds);
  const char *env = g_getenv ("KUZHI_ENDGAME_DIR");

  if (dir != NULL && *dir != '\0')
    return g_build_filename (dir, name, NULL);
  if (env != NULL && *env != '\0')
    return g_build_filename (env, name, NULL);
  return g_build_filename (g_get_user_cache_dir (), "kuzhi", name, NULL);
}
