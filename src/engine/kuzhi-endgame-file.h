/* kuzhi-endgame-file.h — a game's endgame database kept in a file: built once, written atomically, mapped and verified before use. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kuzhi-endgame.h"

G_BEGIN_DECLS

#define KZ_ENDGAME_ERROR (kz_endgame_error_quark ())
typedef enum {
  KZ_ENDGAME_ERROR_INVALID,    /* the file is damaged, or made by other rules or another program */
  KZ_ENDGAME_ERROR_CANCELLED,
  KZ_ENDGAME_ERROR_NO_MEMORY,
  KZ_ENDGAME_ERROR_FOLDER,     /* a folder stands where the file goes: neither used nor replaced */
} KzEndgameError;
GQuark kz_endgame_error_quark (void);

typedef struct _KzEndgameFile KzEndgameFile;

/* Maps the file and checks that it is `game`'s, its header, checksum and
 * values; a file that does not exist gives G_FILE_ERROR_NOENT, a damaged
 * or mismatched one KZ_ENDGAME_ERROR_INVALID: never trusted, build it
 * again. Never blocks: a FIFO, socket or device in its place is
 * KZ_ENDGAME_ERROR_INVALID too (a build renames the file over it), a
 * folder KZ_ENDGAME_ERROR_FOLDER. The mapping is guarded: a file cut
 * short while it is mapped never crashes its reader (see
 * kz_endgame_file_lost()). */
KzEndgameFile   *kz_endgame_file_open  (const char *path, KzVariantId game, GError **error);
/* Builds `game`'s database of up to `max_seeds` seeds (1 … its largest;
 * kz_endgame_default_seeds() is the one the app uses), writes it to `path`
 * (a temporary file renamed over it; the folder is made), and opens it.
 * A folder at `path` is KZ_ENDGAME_ERROR_FOLDER at once, before the
 * build. Stale temporaries of earlier builds in the folder are removed
 * (kz_endgame_file_remove_stale_temporaries()).
 * `progress` (nullable) is called in this thread. */
KzEndgameFile   *kz_endgame_file_build (const char            *path,
                                        KzVariantId            game,
                                        int                    max_seeds,
                                        KzEndgameProgressFunc  progress,
                                        void                  *user_data,
                                        volatile int          *cancel,
                                        GError               **error);
void             kz_endgame_file_free  (KzEndgameFile *file);
/* TRUE once the file was cut short while mapped (truncated, or copied
 * over in place): its values then all read as 0, so the database must
 * not be used any more; open the file again (it is then refused, or is
 * the new one). */
gboolean         kz_endgame_file_lost  (KzEndgameFile *file);
/* Valid as long as the file object. */
const KzEndgame *kz_endgame_file_get   (KzEndgameFile *file);
const char      *kz_endgame_file_path  (KzEndgameFile *file);

/* Where `game`'s database of N seeds is kept: $KUZHI_ENDGAME_DIR, else
 * the user's cache folder (honouring XDG_CACHE_HOME) /kuzhi, then
 * endgame-GAME-N.db with the game's protocol name (endgame-kalah-16.db).
 * `dir` (nullable) overrides both. */
char            *kz_endgame_file_default_path (const char *dir, KzVariantId game, int max_seeds);

/* A temporary file (endgame-GAME-N.db.XXXXXX, the current user's) not
 * changed for KZ_ENDGAME_STALE_SECONDS is what a build killed between
 * writing and renaming left; removes those in `dir`, returns how many. */
#define KZ_ENDGAME_STALE_SECONDS (10 * 60)
guint            kz_endgame_file_remove_stale_temporaries (const char *dir);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzEndgameFile, kz_endgame_file_free)

G_END_DECLS
