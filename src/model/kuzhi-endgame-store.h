/* kuzhi-endgame-store.h — the app's endgame database of one game: opened at its first use when it verifies, else built in a thread of its own without holding up play. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kuzhi-endgame-file.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_ENDGAME_STORE (kuzhi_endgame_store_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiEndgameStore, kuzhi_endgame_store, KUZHI, ENDGAME_STORE, GObject)

/* A store of `game`'s database (a game kz_endgame_has_game() knows) of
 * up to `seeds` seeds (0: none, never built) in `dir` (NULL:
 * kz_endgame_file_default_path()'s folder). */
KuzhiEndgameStore *kuzhi_endgame_store_new         (const char *dir, KzVariantId game, int seeds);
/* The program's store of `game`, NULL for a game without a database:
 * kz_endgame_default_seeds(), or $KUZHI_ENDGAME_SEEDS for every game (at
 * most each one's largest; 0 turns them off: the tests' setting). */
KuzhiEndgameStore *kuzhi_endgame_store_get_for     (KzVariantId game);

/* Opens the file, or builds it when it is missing or fails to verify (a
 * damaged file, or a FIFO, socket or device in its place, is built
 * again; a folder in its place is left, and is the failure), in a thread
 * of its own at low priority; first removes the stale temporaries that
 * killed builds left in the folder.
 * Once; later calls do nothing. Progress and the end are notified in the
 * main context of the first call. */
void               kuzhi_endgame_store_start       (KuzhiEndgameStore *self);

/* TRUE while the database is being built (not while only opened). */
gboolean           kuzhi_endgame_store_get_building (KuzhiEndgameStore *self);
/* The build's progress, 0 … 1 (1 once the database is ready). */
double             kuzhi_endgame_store_get_progress (KuzhiEndgameStore *self);
/* The database once ready, else NULL; from any thread. It stays valid as
 * long as the store. NULL again once the file was cut short under its
 * mapping (kz_endgame_file_lost()). */
const KzEndgame   *kuzhi_endgame_store_peek         (KuzhiEndgameStore *self);
/* Why there is none after the start ended (a build failed), or NULL. */
const char        *kuzhi_endgame_store_get_error    (KuzhiEndgameStore *self);
/* The same as an error (KZ_ENDGAME_ERROR_FOLDER: a folder in its place),
 * or NULL; notify::progress tells when the start ended. */
const GError      *kuzhi_endgame_store_get_failure  (KuzhiEndgameStore *self);
/* Where the file is kept. */
const char        *kuzhi_endgame_store_get_path     (KuzhiEndgameStore *self);

G_END_DECLS
