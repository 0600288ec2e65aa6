/* kuzhi-protocol-puzzle.c — `puzzle VARIANT [level=1|2|3] [seed=N]`: a puzzle with a proven answer as the session's match's start. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"
#include "kuzhi-puzzle.h"

#include <string.h>

#define USAGE "puzzle VARIANT [level=1|2|3] [seed=N]"
/* Seeds are whole numbers that every JSON reader keeps exact: up to 2^53 − 1. */
#define MAX_SEED G_GINT64_CONSTANT (9007199254740991)

/* The finder's own searcher, of the size its puzzles count on
 * (KZ_PUZZLE_TABLE_MB) and with no endgame database, so that a seed is
 * the same puzzle here as in the app and on every machine; `go`'s table
 * is left as it was. Made on the first `puzzle`. */
static KzSearcher *
get_puzzle_searcher (void)
{
  static KzSearcher *searcher;

  if (searcher == NULL)
    searcher = kz_searcher_new (KZ_PUZZLE_TABLE_MB);
  return searcher;
}

/* Reads `level=` and `seed=` from argv[first …]: each at most once, in
 * range; 0 and -1 stand for "not given". */
static gboolean
parse_options (int first, int argc, char **argv, gint64 *level, gint64 *seed, GError **error)
{
  static const char *const keys[] = { "level", "seed" };
  const char *values[G_N_ELEMENTS (keys)];

  *level = 0;
  *seed = -1;
  return kz_protocol_read_options (argc, argv, first, keys, G_N_ELEMENTS (keys), values, USAGE, error)
         && kz_protocol_parse_int ("level", values[0], KZ_PUZZLE_MIN_LEVEL, KZ_PUZZLE_MAX_LEVEL, level, error)
         && kz_protocol_parse_int ("seed", values[1], 0, MAX_SEED, seed, error);
}

gboolean
kz_protocol_cmd_puzzle (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  KzVariantId id;
  gint64 level, seed;
  KzPuzzle puzzle;
  KzMatch match;
  KzSearcher *searcher;
  char reason[256] = "";
  char buf[8];

  if (argc < 2)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "usage: %s", USAGE);
      return FALSE;
    }
  if (!kz_protocol_lookup_variant (argv[1], &id, error) || !parse_options (2, argc, argv, &level, &seed, error))
    return FALSE;
  /* Level 1 by default; without a seed, a new puzzle each time, whose
   * seed the reply gives so that it can be asked for again. */
  if (level == 0)
    level = KZ_PUZZLE_MIN_LEVEL;
  if (seed == -1)
    seed = (gint64) ((((guint64) g_random_int () << 32) | g_random_int ()) & (guint64) MAX_SEED);

  searcher = get_puzzle_searcher ();
  if (searcher == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no memory for the puzzle's search");
      return FALSE;
    }
  if (!kz_puzzle_find (id, (int) level, (uint64_t) seed, searcher, NULL, &puzzle, reason, sizeof reason))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", reason);
      return FALSE;
    }
  if (!kz_match_init_at (&match, &puzzle.position, reason, sizeof reason))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", reason);
      return FALSE;
    }

  kz_protocol_start_match (session, &match);
  kz_protocol_add_state (reply, &session->match);
  kz_protocol_add_string (reply, "solution", kz_action_to_string (puzzle.solution, buf));
  kz_protocol_add_int (reply, "value", puzzle.value);
  kz_protocol_add_string (reply, "goal", kz_puzzle_goal_text (puzzle.goal));
  kz_protocol_add_string (reply, "goal_kind", kz_puzzle_goal_to_string (puzzle.goal));
  kz_protocol_add_int (reply, "next_value", puzzle.next_value);
  json_builder_set_member_name (reply, "line");
  json_builder_begin_array (reply);
  for (int i = 0; i < puzzle.line_len; i++)
    json_builder_add_string_value (reply, kz_action_to_string (puzzle.line[i], buf));
  json_builder_end_array (reply);
  kz_protocol_add_int (reply, "level", level);
  kz_protocol_add_int (reply, "seed", seed);
  return TRUE;
}
