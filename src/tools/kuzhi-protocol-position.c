/* kuzhi-protocol-position.c — `position VARIANT … pits=… stores=… to_move=P [KEY=VALUE …]`: a set-up position as the session's match's start. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"

#include <string.h>

#define USAGE "position VARIANT [seeds=N] pits=N,N,… stores=N,N to_move=P [KEY=VALUE …]"

/* The keys of `position`, and which games take each (docs/protocol.md,
 * "position"): a key of another game is refused, not ignored. */
typedef enum {
  KEY_SEEDS,
  KEY_PASU,
  KEY_PITS,
  KEY_STORES,
  KEY_TO_MOVE,
  KEY_PLIES,
  KEY_ROUND,
  KEY_OPENER,
  KEY_REFILL_LEFT,
  KEY_LUCKY,
  KEY_RUBBISH,
  KEY_QUIET,
  N_KEYS
} Key;

static const char *const key_names[N_KEYS] = {
  "seeds", "pasu", "pits", "stores", "to_move", "plies", "round", "opener",
  "refill_left", "lucky", "rubbish", "quiet",
};

/* The field each key sets (kz_variant_has_field()). */
static const KzField key_fields[N_KEYS] = {
  [KEY_PASU] = KZ_FIELD_PASU, [KEY_ROUND] = KZ_FIELD_ROUND, [KEY_OPENER] = KZ_FIELD_OPENER,
  [KEY_REFILL_LEFT] = KZ_FIELD_REFILL, [KEY_LUCKY] = KZ_FIELD_LUCKY, [KEY_RUBBISH] = KZ_FIELD_RUBBISH,
  [KEY_QUIET] = KZ_FIELD_QUIET,
};

/* A list of numbers separated by commas, each from min to max (-1 allowed
 * where min is -1); `n` of them, or any number up to `n` when !exact. */
static gboolean
parse_list (const char *what, const char *text, int n, gboolean exact, int min, int max,
            int *out, int *n_out, GError **error)
{
  g_auto(GStrv) items = *text != '\0' ? g_strsplit (text, ",", -1) : g_new0 (char *, 1);
  int count = (int) g_strv_length (items);

  /* "1,,2" or "1,2,": not a number too many, a number missing. */
  for (int i = 0; i < count; i++)
    if (*items[i] == '\0')
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     "%s has an empty place: write its numbers with one comma between each two, none at either end",
                     what);
        return FALSE;
      }
  if (exact ? count != n : count > n)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   exact ? "%s needs %d numbers separated by commas (got %d)"
                         : "%s takes at most %d numbers separated by commas (got %d)",
                   what, n, count);
      return FALSE;
    }
  for (int i = 0; i < count; i++)
    {
      gint64 value;

      if (min < 0 && g_str_equal (items[i], "-1"))
        value = -1;
      else if (!kz_protocol_parse_int (what, items[i], MAX (min, 0), max, &value, error))
        return FALSE;
      out[i] = (int) value;
    }
  if (n_out != NULL)
    *n_out = count;
  return TRUE;
}

gboolean
kz_protocol_cmd_position (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  const char *keys[N_KEYS], *values[N_KEYS];
  KzVariantId id;
  KzMatch usual, match;
  KzPosition pos;
  int list[KZ_MAX_PITS], n;
  gint64 to_move, plies, quiet, round_no, opener;
  char message[256] = "";

  if (argc < 2)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "usage: %s", USAGE);
      return FALSE;
    }
  if (!kz_protocol_lookup_variant (argv[1], &id, error))
    return FALSE;

  /* Only the game's own keys are taken. */
  for (int k = 0; k < N_KEYS; k++)
    keys[k] = kz_variant_has_field (id, key_fields[k]) ? key_names[k] : NULL;
  if (!kz_protocol_read_options (argc, argv, 2, keys, N_KEYS, values, USAGE, error))
    return FALSE;
  for (int k = KEY_PITS; k <= KEY_TO_MOVE; k++)
    if (values[k] == NULL)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                     "%s is missing: usage: %s", key_names[k], USAGE);
        return FALSE;
      }

  /* The layout, as `new` takes it: its key and total are the game's. */
  if (!kz_protocol_init_match (&usual, id, values[KEY_SEEDS], values[KEY_PASU], error))
    return FALSE;
  pos = usual.pos;
  kz_match_clear (&usual);

  if (!parse_list ("pits", values[KEY_PITS], pos.n_pits, TRUE, 0, 255, list, NULL, error))
    return FALSE;
  for (int i = 0; i < pos.n_pits; i++)
    pos.pits[i] = (uint8_t) list[i];
  if (!parse_list ("stores", values[KEY_STORES], 2, TRUE, 0, 255, list, NULL, error))
    return FALSE;
  pos.stores[0] = (uint8_t) list[0];
  pos.stores[1] = (uint8_t) list[1];
  /* Each count not given keeps the start's. */
  to_move = pos.to_move;
  plies = pos.plies;
  quiet = pos.quiet_plies;
  round_no = pos.round;
  if (!kz_protocol_parse_int ("to_move", values[KEY_TO_MOVE], 0, 1, &to_move, error)
      || !kz_protocol_parse_int ("plies", values[KEY_PLIES], 0, G_MAXUINT16, &plies, error)
      || !kz_protocol_parse_int ("quiet", values[KEY_QUIET], 0, G_MAXUINT16, &quiet, error)
      || !kz_protocol_parse_int ("round", values[KEY_ROUND], 1, G_MAXUINT16, &round_no, error))
    return FALSE;
  pos.to_move = (uint8_t) to_move;
  pos.plies = (uint16_t) plies;
  pos.quiet_plies = (uint16_t) quiet;
  pos.round = (uint16_t) round_no;
  /* Who opened the round: the rules' opener where they name one, else the
   * player to move, as at a round's start; a key in a game whose positions
   * say (the Constitution), which kz_position_check() holds to the rules. */
  opener = kz_position_rule_opener (&pos);
  if (opener < 0)
    opener = pos.to_move;
  if (!kz_protocol_parse_int ("opener", values[KEY_OPENER], 0, 1, &opener, error))
    return FALSE;
  pos.opener = (uint8_t) opener;
  if (values[KEY_REFILL_LEFT] != NULL)
    {
      if (!parse_list ("refill_left", values[KEY_REFILL_LEFT], 2, TRUE, 0, 255, list, NULL, error))
        return FALSE;
      pos.refill_left[0] = (uint8_t) list[0];
      pos.refill_left[1] = (uint8_t) list[1];
    }
  if (values[KEY_LUCKY] != NULL)
    {
      if (!parse_list ("lucky", values[KEY_LUCKY], 2, TRUE, -1, pos.n_pits - 1, list, NULL, error))
        return FALSE;
      pos.lucky[0] = (int8_t) list[0];
      pos.lucky[1] = (int8_t) list[1];
    }
  if (values[KEY_RUBBISH] != NULL)
    {
      if (!parse_list ("rubbish", values[KEY_RUBBISH], pos.n_pits, FALSE, 0, pos.n_pits - 1, list, &n, error))
        return FALSE;
      for (int i = 0; i < n; i++)
        {
          if (pos.rubbish & (1u << list[i]))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "rubbish lists cup %d twice", list[i]);
              return FALSE;
            }
          pos.rubbish |= (uint16_t) (1u << list[i]);
        }
    }

  if (!kz_match_init_at (&match, &pos, message, sizeof message))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", message);
      return FALSE;
    }
  kz_protocol_start_match (session, &match);
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}
