/* kuzhi-endgame-file.c — an endgame database's file: atomic write, GMappedFile, verification. */
#include "kuzhi-endgame-file.h"

#include <errno.h>
#include <glib/gstdio.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

struct _KzEndgameFile {
  GMappedFile *mapped;
  KzEndgame   *endgame;
  char        *path;
};

G_DEFINE_QUARK (kz-endgame-error-quark, kz_endgame_error)

void
kz_endgame_file_free (KzEndgameFile *file)
{
  if (file == NULL)
    return;
  kz_endgame_free (file->endgame);
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

KzEndgameFile *
kz_endgame_file_open (const char *path, KzVariantId game, GError **error)
{
  g_autoptr(GMappedFile) mapped = NULL;
  char reason[160] = "";
  int max_seeds = 0;
  KzEndgameFile *file;

  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;
  if (!kz_endgame_check ((const uint8_t *) g_mapped_file_get_contents (mapped),
                         g_mapped_file_get_length (mapped), game, &max_seeds, reason, sizeof reason))
    {
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
