/* kuzhi-protocol.h — the kuzhi-engine text protocol (docs/protocol.md), one command line in, one JSON line out. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

typedef struct _KzSession KzSession;

KzSession *kz_session_new    (void);
void       kz_session_free   (KzSession *session);

/* Handles one command line of `len` bytes (no newline; it may hold any
 * bytes; NULL when `len` is 0 or over the limit). Returns one line of
 * JSON without the newline. Sets *quit when the command was `quit`. A
 * rejected command changes nothing. */
char      *kz_session_handle (KzSession  *session,
                              const char *line,
                              gsize       len,
                              gboolean   *quit);

/* Where the endgame databases (kuzhi-endgame-file.h) that `go` and
 * `analyse` use are: each game's is opened at the game's first search,
 * from kz_endgame_file_default_path (dir, game, N) with N = `seeds`
 * (0: the game's default), used when it verifies, ignored (with a word
 * on standard error when it is damaged) when not. Without a call, none.
 * For the whole process, before the first search. */
void       kz_protocol_set_endgame (const char *dir, int seeds);
/* Threads of each `go` (kz_searcher_set_threads()); 1 unless set. */
void       kz_protocol_set_threads (int n_threads);
/* Whether `go` plays from the opening book where it holds the position
 * (TRUE unless set): the benchmarks turn it off to measure the search. */
void       kz_protocol_set_book    (gboolean book);
/* The evaluation weights of `variant` in every search of `go` and
 * `analyse` (kz_searcher_set_weights()), to tune them by matches against
 * other engines; each game's defaults unless set. */
void       kz_protocol_set_weights (KzVariantId variant, const KzEvalWeights *weights);

/* The longest command line accepted, in bytes. */
#define KZ_PROTOCOL_MAX_LINE 4096

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzSession, kz_session_free)

G_END_DECLS
