/* kuzhi-ogn.h — Aualé's Oware Game Notation (OGN, docs/match-file.md "Aualé's OGN"): reading a record by replaying and verifying it, and writing one in Aualé's own layout. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_OGN_EXTENSION ".ogn"
/* The MIME type a file manager gives .ogn files (data/, Aualé's own name). */
#define KUZHI_OGN_MIME_TYPE "text/x-oware-ogn"
/* Larger records are refused before they are parsed, as match files are. */
#define KUZHI_OGN_MAX_SIZE  (4 * 1024 * 1024)

#define KUZHI_OGN_ERROR (kuzhi_ogn_error_quark ())
typedef enum {
  KUZHI_OGN_ERROR_TOO_LARGE,   /* over KUZHI_OGN_MAX_SIZE */
  KUZHI_OGN_ERROR_NOT_TEXT,    /* empty, NUL bytes, not UTF-8 */
  KUZHI_OGN_ERROR_SYNTAX,      /* a tag, comment or word that does not parse */
  KUZHI_OGN_ERROR_VARIANT,     /* a game other than Oware Abapa (reading), or a match of another game (writing) */
  KUZHI_OGN_ERROR_POSITION,    /* a FEN that is no position, or one no match can start from */
  KUZHI_OGN_ERROR_MOVE,        /* an illegal move, or moves after the end */
  KUZHI_OGN_ERROR_CAPTURE,     /* a `+N` that differs from the move's capture */
  KUZHI_OGN_ERROR_RESULT,      /* a result the moves do not give */
  KUZHI_OGN_ERROR_NAME,        /* a player's name over KUZHI_PLAYER_NAME_MAX_CHARS */
  KUZHI_OGN_ERROR_REPETITION,  /* writing: a position repeats before the end, where Aualé stops */
  KUZHI_OGN_ERROR_WRITE,       /* the file cannot be written */
} KuzhiOgnError;

GQuark kuzhi_ogn_error_quark (void);

/* A record as read: the replayed match, the players' names (NULL for "?"),
 * a comment per position (`comments->len == match.n_history + 1`; entry 0
 * before the first move, entry i after move i; NULL where there is none)
 * and the tags other than those Kuzhi works out itself (Variant, South,
 * North, Result, FEN), in the order read. `result` is the Result tag ("*"
 * when the record has none). `repetition` says that the last move repeated
 * an earlier position, where Aualé ends the match (Kuzhi's Oware does not:
 * the match goes on). */
typedef struct {
  KzMatch    match;
  char      *names[2];
  GPtrArray *comments;   /* char * (owned) or NULL */
  GPtrArray *tag_names;  /* char *, beside tag_values */
  GPtrArray *tag_values;
  char      *result;
  gboolean   repetition;
} KuzhiOgnRecord;

KuzhiOgnRecord *kuzhi_ogn_record_new  (void);
void            kuzhi_ogn_record_free (KuzhiOgnRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KuzhiOgnRecord, kuzhi_ogn_record_free)

/* A tag's value, or NULL. Setting replaces a tag of that name. */
const char *kuzhi_ogn_record_get_tag (const KuzhiOgnRecord *record, const char *name);
void        kuzhi_ogn_record_set_tag (KuzhiOgnRecord *record, const char *name, const char *value);

/* Whether a file of this name is saved as a record: it ends in .ogn, in
 * any case. */
gboolean kuzhi_ogn_path_is_record (const char *path);

/* Whether `data` is an OGN record rather than a match file, by its content
 * alone: its first line (after a byte-order mark and blank lines) is a tag
 * `[Name "value"]`, where a match file has a comment or `[Match]`. */
gboolean kuzhi_ogn_looks_like (const char *data, gsize length);

/* Reads a record: NULL with an error naming the line on anything that is
 * not a record Kuzhi can replay exactly (docs/match-file.md). */
KuzhiOgnRecord *kuzhi_ogn_from_data (const char *data, gsize length, GError **error);
KuzhiOgnRecord *kuzhi_ogn_load      (const char *path, GError **error);

/* Writes `match` (Oware only) as Aualé writes a record. `names` (nullable,
 * or either NULL) become South and North; `date` (nullable) the Date tag as
 * YYYY.MM.DD where `extra` has no Date tag (a record's own, even "?", is kept); `extra` (nullable) gives the other
 * tags, and the comments and a Result that no end gives while the match's
 * moves begin with its moves (a record read, then written back or played on). A match of another game, or one that repeats a
 * position before its last move (Aualé would stop there), is refused. */
char    *kuzhi_ogn_to_data (const KzMatch         *match,
                            const char *const      names[2],
                            GDateTime             *date,
                            const KuzhiOgnRecord  *extra,
                            GError               **error);
/* Written as match files are (kuzhi_key_file_replace()): through a link,
 * keeping the file's permissions, synced and renamed over it. */
gboolean kuzhi_ogn_save    (const KzMatch         *match,
                            const char *const      names[2],
                            GDateTime             *date,
                            const KuzhiOgnRecord  *extra,
                            const char            *path,
                            GError               **error);

G_END_DECLS
