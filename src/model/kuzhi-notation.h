/* kuzhi-notation.h — positions and records as text a person can read, paste into a chat and paste back (docs/notation.md). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_NOTATION_ERROR (kuzhi_notation_error_quark ())
typedef enum {
  KUZHI_NOTATION_ERROR_SYNTAX,    /* the text is not in the notation; the message says what and where */
  KUZHI_NOTATION_ERROR_POSITION,  /* a position the rules refuse (kz_position_check()) */
  KUZHI_NOTATION_ERROR_MOVE,      /* a move that is not legal where it stands */
} KuzhiNotationError;

GQuark    kuzhi_notation_error_quark (void);

/* Longer texts are refused before they are read: no record comes near. */
#define KUZHI_NOTATION_MAX_LENGTH (256 * 1024)

/* One line a person can read and paste, e.g.
 *   "oware 4 4 4 4 4 4 / 4 4 4 4 4 4 stores 0 0 south to move"  (exact syntax: docs/notation.md) */
char     *kuzhi_notation_position_to_string (const KzPosition *pos);
/* A position the rules allow at a match's start (kz_position_check());
 * `out` untouched on failure. */
gboolean  kuzhi_notation_position_parse     (const char *text, KzPosition *out, GError **error);
/* A whole record: the players' names as tags (NULL: none), the start
 * position's line, then the moves, numbered by turns as the move history
 * numbers them. */
char     *kuzhi_notation_match_to_string    (const KzMatch *match, const char *const names[2]);
/* Appends the tag line `[name "value"]`, with '"' and '\\' in the value
 * escaped by a '\\', as PGN writes them: the record's South and North, and
 * every tag of an Aualé record (kuzhi-ogn.c). */
void      kuzhi_notation_append_tag         (GString *out, const char *name, const char *value);
/* Reads the tag `[Name "value"]` at p (a '[') and before end, as the
 * above writes it: white space allowed between the parts, a name of
 * letters, digits and '_', the escapes undone, the value's ends trimmed.
 * Returns what follows the ']', or NULL (nothing set) when p holds no
 * such tag. */
const char *kuzhi_notation_read_tag         (const char *p, const char *end, char **name, char **value);
/* A record, or a position alone (a record without moves). `out` must hold
 * a match or be zeroed; only on success is it cleared and replaced, and
 * `names_out` (nullable) given two names (NULL where the record has none). */
gboolean  kuzhi_notation_match_parse        (const char *text, KzMatch *out, char **names_out /*[2], nullable*/,
                                             GError **error);   /* `out` untouched on failure */

G_END_DECLS
