/* kuzhi-protocol.h — the kuzhi-engine text protocol (docs/protocol.md), one command line in, one JSON line out. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _KzSession KzSession;

KzSession *kz_session_new    (void);
void       kz_session_free   (KzSession *session);

/* Handles one command line of `len` bytes (no newline; it may hold any
 * bytes). Returns one line of JSON without the newline. Sets *quit when the
 * command was `quit`. A rejected command changes nothing. */
char      *kz_session_handle (KzSession  *session,
                              const char *line,
                              gsize       len,
                              gboolean   *quit);

/* The Kalah endgame database file (kuzhi-endgame-file.h) that `go` and
 * `analyse` use: opened at the first Kalah search, used when it verifies,
 * ignored (with a word on standard error when it is damaged) when not.
 * NULL: none. For the whole process, before the first search. */
void       kz_protocol_set_endgame_path (const char *path);

/* The longest command line accepted, in bytes. */
#define KZ_PROTOCOL_MAX_LINE 4096

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzSession, kz_session_free)

G_END_DECLS
