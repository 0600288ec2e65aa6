/* kuzhi-protocol-private.h — what the files implementing protocol commands share. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "kuzhi-engine.h"
#include "kuzhi-ogn.h"
#include "kuzhi-protocol.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

struct _KzSession
{
  KzMatch    match;
  /* From the last `load` (NULL: the defaults), so that a loaded match is
   * saved again with its players' names and creation time. */
  char      *names[2];
  /* Who played each side in the loaded file (KZ_LEVEL_NONE: a person),
   * kept for `save` like the names; `new` makes both people again, as
   * the protocol's own matches are. */
  KzLevel    levels[2];
  GDateTime *created;
  /* The match's identity (the file's Id): new with `new`, kept from
   * `load`, so that every save of one match carries the same. */
  char      *id;
  /* From a `load` of an Aualé record (NULL otherwise): its tags and
   * comments, kept for a `save` as OGN. */
  KuzhiOgnRecord *ogn;
};

/* A command handler adds its reply members to `reply` (an open object)
 * and returns TRUE, or sets `error` and returns FALSE having changed
 * nothing. argv[0] is the command name. */
typedef gboolean (*KzCommandFunc) (KzSession   *session,
                                   int          argc,
                                   char       **argv,
                                   JsonBuilder *reply,
                                   GError     **error);

/* A member `name` of the open object, with its value. */
void kz_protocol_add_int     (JsonBuilder *builder, const char *name, gint64 value);
void kz_protocol_add_string  (JsonBuilder *builder, const char *name, const char *value);
void kz_protocol_add_boolean (JsonBuilder *builder, const char *name, gboolean value);

void kz_protocol_add_state  (JsonBuilder *builder, const KzMatch *match);
void kz_protocol_add_legal  (JsonBuilder *builder, const KzPosition *pos);
void kz_protocol_add_events (JsonBuilder *builder, const KzEventLog *log);

/* The game of `name` (`new`, `position`), or FALSE with the games named. */
gboolean kz_protocol_lookup_variant (const char *name, KzVariantId *out, GError **error);

/* The start of game `id` with the options `seeds` and `pasu`, as given
 * (NULL: the game's default), or FALSE with the reason (`new`, `position`). */
gboolean kz_protocol_init_match (KzMatch *match, KzVariantId id, const char *seeds, const char *pasu, GError **error);

/* Makes `match` (taken: it is cleared) the session's, as a new match:
 * dated now, with a new identity, both sides people (`new`, `position`). */
void kz_protocol_start_match (KzSession *session, KzMatch *match);

/* "constitution, kalah, … or bohnenspiel": the games, for messages. */
char *kz_protocol_variant_list (void);

/* Parses a whole decimal number in [min, max], with a message naming `what`.
 * An option not given (`text` NULL) is no error, and leaves *out as it is. */
gboolean kz_protocol_parse_int (const char *what, const char *text, gint64 min, gint64 max, gint64 *out, GError **error);

/* Reads the options KEY=VALUE of argv[first …]: values[k] (NULL when not
 * given) points into argv at the value of keys[k], for each of the n_keys
 * keys (a NULL key is not taken). Refuses, naming the options taken, an
 * argument without '=' (`usage` ends that message), an unknown key and a
 * key given twice. */
gboolean kz_protocol_read_options (int argc, char **argv, int first, const char *const *keys, int n_keys,
                                   const char **values, const char *usage, GError **error);

/* kuzhi-protocol-file.c: `save PATH` and `load PATH`. */
gboolean kz_protocol_cmd_save (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);
gboolean kz_protocol_cmd_load (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);
/* kuzhi-protocol-position.c: `position VARIANT … pits=… stores=… to_move=P …`. */
gboolean kz_protocol_cmd_position (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);
/* kuzhi-protocol-puzzle.c: `puzzle VARIANT [level=1|2|3] [seed=N]`. */
gboolean kz_protocol_cmd_puzzle (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);
/* kuzhi-protocol-go.c: `go [depth=N] [time=MS] [level=…]`. */
gboolean kz_protocol_cmd_go (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);
/* `analyse [depth=N] [time=MS]`. */
gboolean kz_protocol_cmd_analyse (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error);

G_END_DECLS
