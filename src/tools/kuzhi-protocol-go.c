/* kuzhi-protocol-go.c — the `go` and `analyse` commands: the computer opponent's search on the session's match, and the value of every move. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"
#include "kuzhi-search.h"
#include "kuzhi-endgame-file.h"

#include <stdlib.h>
#include <string.h>

/* The table is made on the first `go` and kept for the process, so that
 * `kuzhi-engine` costs no memory for it until a search is asked for.
 * KUZHI_HASH_MB sets its size. */
#define DEFAULT_TABLE_MB 256

static int n_threads = 1;
static gboolean use_book = TRUE;
static KzEvalWeights weights[KZ_N_VARIANTS];
static gboolean      weights_set[KZ_N_VARIANTS];

void
kz_protocol_set_threads (int threads)
{
  n_threads = threads;
}

void
kz_protocol_set_book (gboolean book)
{
  use_book = book;
}

void
kz_protocol_set_weights (KzVariantId variant, const KzEvalWeights *w)
{
  weights[variant] = *w;
  weights_set[variant] = TRUE;
}

static KzSearcher *
get_searcher (void)
{
  static KzSearcher *searcher;

  if (searcher == NULL)
    {
      const char *env = g_getenv ("KUZHI_HASH_MB");
      gint64 mb = env ? g_ascii_strtoll (env, NULL, 10) : DEFAULT_TABLE_MB;
      if (mb < 1 || mb > 16384)
        mb = DEFAULT_TABLE_MB;
      searcher = kz_searcher_new ((size_t) mb);
      if (searcher != NULL && !kz_searcher_set_threads (searcher, n_threads))
        g_printerr ("kuzhi-engine: searching with one thread: no memory for %d\n", n_threads);
      for (int v = 0; searcher != NULL && v < KZ_N_VARIANTS; v++)
        if (weights_set[v])
          kz_searcher_set_weights (searcher, v, &weights[v]);
    }
  return searcher;
}

static gboolean       endgame_on;
static char          *endgame_dir;
static int            endgame_seeds;
static KzEndgameFile *endgame_files[KZ_N_VARIANTS];
static gboolean       endgame_tried[KZ_N_VARIANTS];

void
kz_protocol_set_endgame (const char *dir, int seeds)
{
  g_free (endgame_dir);
  endgame_dir = g_strdup (dir);
  endgame_seeds = seeds;
  endgame_on = TRUE;
  memset (endgame_tried, 0, sizeof endgame_tried);
}

/* A game's database is opened when a search of that game first needs it,
 * so that a session never reads one it does not play; a file that is not
 * there is no database, one that is damaged is said once. */
static void
use_endgame (KzSearcher *searcher, const KzMatch *match)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  KzVariantId game = match->pos.variant;
  int seeds;

  /* Cut short while in use (its values now read as 0): dropped, and the
   * file is looked at again, as at the first search. */
  if (endgame_files[game] != NULL && kz_endgame_file_lost (endgame_files[game]))
    {
      g_printerr ("kuzhi-engine: the endgame database is not used any more: %s was cut short while in use\n",
                  kz_endgame_file_path (endgame_files[game]));
      endgame_tried[game] = FALSE;
      kz_searcher_clear (searcher);   /* nothing it worked out from the zeros stays */
    }
  if (!kz_endgame_has_game (game) || endgame_tried[game])
    return;
  endgame_tried[game] = TRUE;
  kz_searcher_set_endgame (searcher, game, NULL);
  g_clear_pointer (&endgame_files[game], kz_endgame_file_free);
  if (!endgame_on)
    return;
  seeds = endgame_seeds != 0 ? MIN (endgame_seeds, kz_endgame_game_max_seeds (game)) : kz_endgame_default_seeds (game);
  path = kz_endgame_file_default_path (endgame_dir, game, seeds);
  endgame_files[game] = kz_endgame_file_open (path, game, &error);
  if (endgame_files[game] != NULL)
    kz_searcher_set_endgame (searcher, game, kz_endgame_file_get (endgame_files[game]));
  else if (g_error_matches (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER))
    g_printerr ("kuzhi-engine: the endgame database is not used: %s\n"
                "(move or remove that folder; kuzhi-engine --build-endgame=%s builds the database there)\n",
                error->message, kz_variant_get (game)->key);
  else if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    g_printerr ("kuzhi-engine: the endgame database is not used: %s\n"
                "(kuzhi-engine --build-endgame=%s builds it again)\n", error->message, kz_variant_get (game)->key);
}

/* Reads the KEY=VALUE options of `go` and `analyse`: depth and time, and
 * for `go` the level. `usage` ends the message on an argument that is not
 * an option. */
static gboolean
parse_limits (int             argc,
              char          **argv,
              gboolean        with_level,
              const char     *usage,
              KzSearchLimits *limits,
              GError        **error)
{
  static const char *const keys[] = { "depth", "time", "level" };
  const char *values[G_N_ELEMENTS (keys)];
  gint64 depth = 0, time_ms = 0;
  KzLevel level = KZ_LEVEL_NONE;

  if (!kz_protocol_read_options (argc, argv, 1, keys, with_level ? 3 : 2, values, usage, error)
      || !kz_protocol_parse_int ("depth", values[0], 1, 200, &depth, error)
      || !kz_protocol_parse_int ("time", values[1], 1, 3600000, &time_ms, error))
    return FALSE;
  if (with_level && values[2] != NULL && !kz_level_parse (values[2], &level))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "level must be easy, normal or hard (got '%s')", values[2]);
      return FALSE;
    }
  memset (limits, 0, sizeof *limits);
  limits->depth = (int) depth;
  limits->time_ms = (int) time_ms;
  limits->level = level;
  return TRUE;
}

/* What `go` and `analyse` start with: their limits read, a search of a
 * finished match refused, and the searcher. */
static KzSearcher *
start_search (KzSession      *session,
              int             argc,
              char          **argv,
              gboolean        with_level,
              const char     *usage,
              KzSearchLimits *limits,
              GError        **error)
{
  KzSearcher *searcher;

  if (!parse_limits (argc, argv, with_level, usage, limits, error))
    return NULL;
  if (session->match.pos.over)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "the match is over: there is no move to search for ('new' starts another, 'undo' takes one back)");
      return NULL;
    }
  searcher = get_searcher ();
  if (searcher == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 "not enough memory for the search table: set KUZHI_HASH_MB lower");
  else
    use_endgame (searcher, &session->match);
  return searcher;
}

static int
score_cs (int score)
{
  return kz_score_is_final (score) ? 100 * kz_score_margin (score) : score;
}

static void
add_line (JsonBuilder *reply, const KzAction *pv, int pv_len)
{
  char buf[8];

  json_builder_set_member_name (reply, "pv");
  json_builder_begin_array (reply);
  for (int i = 0; i < pv_len; i++)
    json_builder_add_string_value (reply, kz_action_to_string (pv[i], buf));
  json_builder_end_array (reply);
}

gboolean
kz_protocol_cmd_go (KzSession   *session,
                    int          argc,
                    char       **argv,
                    JsonBuilder *reply,
                    GError     **error)
{
  KzSearchLimits limits;
  KzSearchResult result;
  KzSearcher *searcher;
  char buf[8];

  searcher = start_search (session, argc, argv, TRUE, "go takes depth=N, time=MS and level=easy|normal|hard",
                           &limits, error);
  if (searcher == NULL)
    return FALSE;
  /* Easy's random choices follow the position, so replies repeat. */
  limits.seed = 1;
  /* An outside program gets the strength of the app's Hard: the opening
   * book wherever it holds the position, whatever the limits (but for
   * Easy and Normal, which are meant to err). */
  limits.book = use_book && limits.level != KZ_LEVEL_EASY && limits.level != KZ_LEVEL_NORMAL;
  if (!kz_search (searcher, &session->match, &limits, NULL, &result))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "there is no legal action to search");
      return FALSE;
    }

  kz_protocol_add_string (reply, "best", kz_action_to_string (result.best, buf));
  kz_protocol_add_int (reply, "score", kz_score_to_seeds (result.score));
  kz_protocol_add_int (reply, "depth", result.depth);
  kz_protocol_add_int (reply, "nodes", (gint64) result.nodes);
  kz_protocol_add_int (reply, "time_ms", result.time_ms);
  add_line (reply, result.pv, result.pv_len);
  /* Beyond the protocol's fields: whether the score is the game's proven
   * value, and the score in hundredths of a seed. */
  kz_protocol_add_boolean (reply, "exact", result.exact);
  kz_protocol_add_int (reply, "score_cs", score_cs (result.score));
  return TRUE;
}

gboolean
kz_protocol_cmd_analyse (KzSession   *session,
                         int          argc,
                         char       **argv,
                         JsonBuilder *reply,
                         GError     **error)
{
  KzSearchLimits limits;
  KzSearcher *searcher;
  g_autofree KzAnalysis *analysis = g_new0 (KzAnalysis, 1);
  char buf[8];

  searcher = start_search (session, argc, argv, FALSE, "analyse takes depth=N and time=MS", &limits, error);
  if (searcher == NULL)
    return FALSE;
  if (!kz_search_analyse (searcher, &session->match, &limits, NULL, NULL, NULL, analysis))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "there is no legal action to analyse");
      return FALSE;
    }

  json_builder_set_member_name (reply, "moves");
  json_builder_begin_array (reply);
  for (int i = 0; i < analysis->n_moves; i++)
    {
      const KzMoveValue *mv = &analysis->moves[i];
      json_builder_begin_object (reply);
      kz_protocol_add_string (reply, "move", kz_action_to_string (mv->action, buf));
      kz_protocol_add_int (reply, "score", kz_score_to_seeds (mv->score));
      kz_protocol_add_int (reply, "score_cs", score_cs (mv->score));
      kz_protocol_add_boolean (reply, "exact", mv->exact);
      kz_protocol_add_int (reply, "depth", mv->depth);
      add_line (reply, mv->pv, mv->pv_len);
      json_builder_end_object (reply);
    }
  json_builder_end_array (reply);
  /* Beyond the protocol's fields, as for `go`. */
  kz_protocol_add_int (reply, "nodes", (gint64) analysis->nodes);
  kz_protocol_add_int (reply, "time_ms", analysis->time_ms);
  return TRUE;
}
