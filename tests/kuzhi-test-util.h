/* kuzhi-test-util.h — what the engine and model tests share: the one generator of random matches, hand-built positions and setup tables, an action's events checked in the engine's notation (kz_event_log_to_string) and replayed on the board, random matches with every ply checked. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-search.h"

/* ---- random numbers ------------------------------------------------------ */

/* The one generator of the tests' random matches: a 64-bit LCG, small,
 * fast and seedable, so that a fixed seed plays the same matches on every
 * machine. */
static inline guint32
kz_test_rand (guint64 *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (guint32) (*state >> 33);
}

/* A number from lo to hi - 1. */
static inline int
kz_test_rand_range (guint64 *state, int lo, int hi)
{
  g_assert_cmpint (lo, <, hi);
  return lo + (int) (kz_test_rand (state) % (guint32) (hi - lo));
}

/* ---- registering table-driven cases ------------------------------------- */

/* Adds one test per entry of `table` (an array whose entries have a
 * `name`), at "PREFIX/NAME", each given its entry. */
#define KZ_TEST_ADD_CASES(prefix, table, func)                                \
  G_STMT_START {                                                              \
    for (gsize kz_i_ = 0; kz_i_ < G_N_ELEMENTS (table); kz_i_++)              \
      {                                                                       \
        g_autofree char *kz_path_ = g_strdup_printf ("%s/%s", (prefix),       \
                                                     (table)[kz_i_].name);    \
        g_test_add_data_func (kz_path_, &(table)[kz_i_], (func));             \
      }                                                                       \
  } G_STMT_END

/* ---- full minimax, for checking the search ----------------------------- */

/* A plain negamax over whole turns, with no table and no pruning, of a
 * position with a handful of seeds in a game without the repetition rule:
 * the final margin for the player to move. */
static inline int kz_test_action_minimax (const KzPosition *pos, KzAction action);

static inline int
kz_test_minimax (const KzPosition *pos)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n = kz_position_variant (pos)->legal (pos, actions);
  int best = G_MININT;

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      int value = kz_test_action_minimax (pos, actions[i]);   /* not inside MAX(), which would search twice */
      best = MAX (best, value);
    }
  return best;
}

/* The same for one action of the position, for its mover. */
static inline int
kz_test_action_minimax (const KzPosition *pos, KzAction action)
{
  KzPosition c = *pos;

  kz_position_variant (pos)->apply (&c, action, NULL);
  if (c.over)
    return kz_eval_final_margin (&c, pos->to_move);
  return c.to_move == pos->to_move ? kz_test_minimax (&c) : -kz_test_minimax (&c);
}

/* ---- positions and actions written by hand ------------------------------ */

/* A position of `variant` as setup() makes it with `options` (NULL: the
 * defaults), then given the pits (as many as the board has) and the stores
 * written by hand, and the player to move. */
static inline KzPosition
kz_test_make_position (KzVariantId variant, const KzOptions *options,
                       const uint8_t *pits, const uint8_t stores[2], int to_move)
{
  const KzVariant *v = kz_variant_get (variant);
  KzOptions defaults = { 0 };
  char error[128] = "";
  KzPosition pos;

  g_assert_nonnull (v);
  if (!v->setup (&pos, options != NULL ? options : &defaults, error, sizeof error))
    g_error ("%s: %s", v->key, error);
  memcpy (pos.pits, pits, pos.n_pits);
  pos.stores[0] = stores[0];
  pos.stores[1] = stores[1];
  pos.to_move = (uint8_t) to_move;
  return pos;
}

/* One row of a game's setup table: the options asked for, whether setup()
 * takes them, and the error it gives when it does not (NULL: any). */
typedef struct {
  int         seeds, pasu;
  gboolean    ok;
  const char *message;
} KzTestSetupCase;

/* Starts a match of `variant` with each row's options. A refused row gives
 * an error, its message; an accepted one the start position of a game with
 * the same count in every pit: the seeds asked for (0: `default_seeds`),
 * empty stores, no lucky cup, Player 1 to move, nothing over, and the
 * round number `start_round`. */
static inline void
kz_test_check_setup (KzVariantId variant, const KzTestSetupCase *cases, gsize n_cases,
                     int default_seeds, int start_round)
{
  const KzVariant *v = kz_variant_get (variant);

  g_assert_nonnull (v);
  for (gsize i = 0; i < n_cases; i++)
    {
      KzOptions options = { .seeds = cases[i].seeds, .pasu = cases[i].pasu };
      int seeds = cases[i].seeds ? cases[i].seeds : default_seeds;
      KzMatch match;
      char error[256] = "";
      gboolean ok = kz_match_init (&match, variant, &options, error, sizeof error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_cmpstr (error, !=, "");
          if (cases[i].message != NULL)
            g_assert_cmpstr (error, ==, cases[i].message);
          continue;
        }
      const KzPosition *pos = &match.pos;
      g_assert_cmpint (pos->n_pits, ==, v->n_pits);
      for (int c = 0; c < pos->n_pits; c++)
        g_assert_cmpint (pos->pits[c], ==, seeds);
      g_assert_cmpint (pos->seeds, ==, seeds);
      g_assert_cmpint (pos->variant, ==, variant);
      g_assert_cmpint (pos->stores[0] + pos->stores[1], ==, 0);
      g_assert_cmpint (pos->to_move, ==, 0);
      g_assert_cmpint (pos->over, ==, 0);
      g_assert_cmpint (pos->winner, ==, -1);
      g_assert_cmpint (pos->lucky[0], ==, -1);
      g_assert_cmpint (pos->lucky[1], ==, -1);
      g_assert_cmpint (pos->round, ==, start_round);
      g_assert_cmpint (kz_position_total (pos), ==, pos->n_pits * seeds);
      kz_match_clear (&match);
    }
}

/* Writes a legal-action list as "0 1 r m3". */
static inline char *
kz_test_legal_to_string (const KzPosition *pos)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n = kz_position_variant (pos)->legal (pos, actions);
  GString *s = g_string_new (NULL);
  char buf[8];

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, kz_action_to_string (actions[i], buf));
    }
  return g_string_free (s, FALSE);
}

/* What each player may play in a position written by hand, as
 * kz_test_legal_to_string writes it. */
static inline void
kz_test_assert_legal (KzVariantId variant, const uint8_t *pits, const uint8_t stores[2],
                      const char *player1, const char *player2)
{
  KzPosition pos = kz_test_make_position (variant, NULL, pits, stores, 0);
  char *legal = kz_test_legal_to_string (&pos);

  g_assert_cmpstr (legal, ==, player1);
  g_free (legal);
  pos.to_move = 1;
  legal = kz_test_legal_to_string (&pos);
  g_assert_cmpstr (legal, ==, player2);
  g_free (legal);
}

/* ---- events ------------------------------------------------------------- */

/* The events of `log` must read `want` in the engine's notation
 * (kz_event_log_to_string, documented in kuzhi-engine.h). */
static inline void
kz_test_assert_events (const KzEventLog *log, const char *want)
{
  char *got = kz_event_log_to_string (log);

  g_assert_cmpstr (got, ==, want);
  free (got);
}

/* Replays the seed movements of one action's events on `pos`, as the
 * board view does when it animates them, and checks each against the
 * board: a lift or a relay takes a whole pit into an empty hand, drops and
 * stores spend the hand (stores and extra turns only in games that sow
 * into the stores, and only the mover's), a capture takes a whole pit; no
 * seed moves from or into a rubbish cup; a drop that makes the pasu is
 * followed by the mover's capture of that cup; a round ends with the board
 * empty. The refill between rounds has no events (the view takes the new
 * round's board from the position): the replay stops at round_start and
 * returns FALSE then. */
static inline gboolean
kz_test_replay_events (KzPosition *pos, const KzEventLog *log)
{
  const KzVariant *v = kz_position_variant (pos);
  int mover = pos->to_move;
  int pasu = v->pasu_choices[0] != 0 ? pos->option : 0;
  int hand = 0;

  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
        case KZ_EVENT_RELAY:
          g_assert_cmpint (hand, ==, 0);
          g_assert_false (pos->rubbish & (1u << ev->pit));
          g_assert_cmpint (pos->pits[ev->pit], ==, ev->count);
          hand = ev->count;
          pos->pits[ev->pit] = 0;
          break;
        case KZ_EVENT_DROP:
          g_assert_cmpint (hand, >, 0);
          g_assert_false (pos->rubbish & (1u << ev->pit));
          hand--;
          pos->pits[ev->pit]++;
          if (pasu != 0 && pos->pits[ev->pit] == pasu)
            {
              g_assert_cmpuint (i + 1, <, log->len);
              g_assert_cmpint (log->events[i + 1].type, ==, KZ_EVENT_CAPTURE);
              g_assert_cmpint (log->events[i + 1].pit, ==, ev->pit);
              g_assert_cmpint (log->events[i + 1].player, ==, mover);
            }
          break;
        case KZ_EVENT_STORE:
          g_assert_true (v->has_stores);
          g_assert_cmpint (hand, >, 0);
          g_assert_cmpint (ev->player, ==, mover);
          hand--;
          pos->stores[ev->player]++;
          break;
        case KZ_EVENT_EXTRA_TURN:
          g_assert_true (v->has_stores);
          g_assert_cmpint (ev->player, ==, mover);
          break;
        case KZ_EVENT_CAPTURE:
          g_assert_cmpint (ev->count, >, 0);
          g_assert_cmpint (pos->pits[ev->pit], ==, ev->count);
          pos->pits[ev->pit] = 0;
          pos->stores[ev->player] += ev->count;
          break;
        case KZ_EVENT_ROUND_END:
          g_assert_cmpint (hand, ==, 0);
          for (int c = 0; c < pos->n_pits; c++)
            g_assert_cmpint (pos->pits[c], ==, 0);
          break;
        case KZ_EVENT_ROUND_START:
          return FALSE;
        case KZ_EVENT_TRIPLE:
        case KZ_EVENT_LUCKY:
        case KZ_EVENT_MARK:
        case KZ_EVENT_MATCH_END:
        case KZ_N_EVENT_TYPES:
        default:
          break;
        }
    }
  g_assert_cmpint (hand, ==, 0);
  return TRUE;
}

/* The events of the action that led from `before` to `after` replay to its
 * board (up to a new round, whose board only the position tells). */
static inline void
kz_test_assert_replays (const KzPosition *before, const KzEventLog *log, const KzPosition *after)
{
  KzPosition replayed = *before;

  if (!kz_test_replay_events (&replayed, log))
    {
      g_assert_true (kz_position_variant (before)->has_rounds);
      return;
    }
  g_assert_cmpmem (replayed.pits, KZ_MAX_PITS, after->pits, KZ_MAX_PITS);
  g_assert_cmpmem (replayed.stores, 2, after->stores, 2);
}

/* ---- rule cases ---------------------------------------------------------- */

/* Applies a rule case's `action` to `pos` and checks what every action
 * must keep: it is legal; its events read `want_events`; it counts one
 * ply, keeps every seed and the game's option; the search's fast path (no
 * log) gives the same position; the events replay to it; and the game is
 * over exactly when nothing is legal. */
static inline void
kz_test_apply_case (KzPosition *pos, KzAction action, const char *want_events)
{
  const KzVariant *v = kz_position_variant (pos);
  KzPosition before = *pos, fast = *pos;
  int total = kz_position_total (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  KzEventLog log;

  g_assert_true (kz_position_is_legal (pos, action));
  kz_event_log_init (&log);
  v->apply (pos, action, &log);
  v->apply (&fast, action, NULL);

  kz_test_assert_events (&log, want_events);
  g_assert_cmpint (pos->plies, ==, before.plies + 1);
  g_assert_cmpint (kz_position_total (pos), ==, total);
  g_assert_cmpint (pos->option, ==, before.option);
  g_assert_true (kz_position_equal (pos, &fast));
  kz_test_assert_replays (&before, &log, pos);
  g_assert_cmpint (v->legal (pos, actions) == 0, ==, pos->over);
  kz_event_log_free (&log);
}

/* The board, the player to move and the result that a rule case expects
 * (`winner` and `end` are read only when `over`). */
static inline void
kz_test_assert_outcome (const KzPosition *pos, const uint8_t *pits, const uint8_t stores[2],
                        int to_move, gboolean over, int winner, KzEndReason end)
{
  g_assert_cmpmem (pos->pits, pos->n_pits, pits, pos->n_pits);
  g_assert_cmpmem (pos->stores, 2, stores, 2);
  g_assert_cmpint (pos->to_move, ==, to_move);
  g_assert_cmpint (pos->over, ==, over);
  g_assert_cmpint (pos->winner, ==, over ? winner : -1);
  g_assert_cmpint (pos->end, ==, over ? end : KZ_END_NONE);
}

/* ---- random matches ------------------------------------------------------ */

/* Plays the legal action `random` picks (modulo their number) in a game
 * whose actions all sow a pit, and checks what every ply must keep: each
 * legal action sows an own non-empty pit in play, in ascending order,
 * keeps every seed and counts one ply; the ply keeps every seed on the
 * board or in the stores, its events replay to the new position and end
 * with match_end exactly when the match is over, when nothing is legal;
 * the search's fast path (no log) gives the same position (but for the
 * repetition rule, which is the match's); undo restores the exact previous
 * position, and playing again gives the same one. `log` keeps the ply's
 * events. */
static inline void
kz_test_play_checked_ply (KzMatch *match, KzEventLog *log, guint64 random)
{
  const KzVariant *v = kz_position_variant (&match->pos);
  const KzPosition before = match->pos;
  int total = kz_position_total (&before);
  int half = before.n_pits / 2;
  KzAction actions[KZ_MAX_ACTIONS];
  int n = v->legal (&before, actions);

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      KzPosition copy = before;
      g_assert_true (KZ_ACTION_IS_PIT (actions[i]));
      g_assert_cmpint (actions[i] / half, ==, before.to_move);
      g_assert_cmpint (before.pits[actions[i]], >, 0);
      g_assert_false (before.rubbish & (1u << actions[i]));
      if (i > 0)
        g_assert_cmpint (actions[i - 1], <, actions[i]);
      v->apply (&copy, actions[i], NULL);
      g_assert_cmpint (kz_position_total (&copy), ==, total);
      g_assert_cmpint (copy.plies, ==, before.plies + 1);
    }

  KzAction a = actions[random % (guint64) n];
  kz_event_log_clear (log);
  g_assert_true (kz_match_play (match, a, log));
  const KzPosition after = match->pos;
  g_assert_cmpint (kz_position_total (&after), ==, total);
  g_assert_cmpint (after.refill_left[0] + after.refill_left[1], ==, 0);
  g_assert_cmpint (after.plies, ==, before.plies + 1);
  kz_test_assert_replays (&before, log, &after);
  g_assert_cmpint (log->events[log->len - 1].type == KZ_EVENT_MATCH_END, ==, after.over);
  g_assert_cmpint (v->legal (&after, actions) == 0, ==, after.over);

  KzPosition fast = before;
  v->apply (&fast, a, NULL);
  if (after.end != KZ_END_REPETITION)
    g_assert_true (kz_position_equal (&fast, &after));
  g_assert_true (kz_match_undo (match));
  g_assert_true (kz_position_equal (&match->pos, &before));
  g_assert_true (kz_match_play (match, a, NULL));
  g_assert_true (kz_position_equal (&match->pos, &after));
}

/* A finished match of a game whose stores hold the score: the board is
 * empty and the larger store won (equal stores: a draw). */
static inline void
kz_test_assert_won_on_stores (const KzPosition *end)
{
  g_assert_true (end->over);
  for (int c = 0; c < end->n_pits; c++)
    g_assert_cmpint (end->pits[c], ==, 0);
  g_assert_cmpint (end->winner, ==,
                   end->stores[0] > end->stores[1] ? 0 : end->stores[1] > end->stores[0] ? 1 : -1);
}

/* What a test's random matches came to: how each ended and who won. */
typedef struct {
  int  ends[KZ_N_END_REASONS];
  int  wins[3];                 /* draws, Player 1, Player 2 */
  long plies;
  int  longest;
} KzTestTally;

static inline void
kz_test_tally_add (KzTestTally *tally, const KzPosition *end)
{
  g_assert_true (end->over);
  tally->ends[end->end]++;
  tally->wins[end->winner + 1]++;
  tally->plies += end->plies;
  tally->longest = MAX (tally->longest, end->plies);
}

/* A test's random matches: which game, how many, from which layouts and
 * seed, and what it checks besides the shared checks of every ply. */
typedef struct {
  KzVariantId      variant;
  int              n_matches;
  const KzOptions *layouts;      /* match m starts with layouts[m % n_layouts]; NULL: the defaults */
  gsize            n_layouts;
  guint64          seed;         /* of kz_test_rand */
  int              ply_bound;    /* every match ends in fewer plies than this; 0: no bound */
  /* After each ply, with the position before it and the ply's events. */
  void           (*after_ply) (const KzPosition *before, const KzMatch *match,
                               const KzEventLog *log, gpointer data);
  /* On each finished match. */
  void           (*at_end) (const KzPosition *end, gpointer data);
  gpointer         data;
} KzTestRandomMatches;

/* Plays the random matches `spec` asks for, every ply checked by
 * kz_test_play_checked_ply, and tells how they ended. */
static inline KzTestTally
kz_test_play_random_matches (const KzTestRandomMatches *spec)
{
  guint64 rng = spec->seed;
  KzTestTally tally = { 0 };
  KzEventLog log;

  kz_event_log_init (&log);
  for (int m = 0; m < spec->n_matches; m++)
    {
      const KzOptions *options = spec->layouts != NULL ? &spec->layouts[m % spec->n_layouts] : NULL;
      char error[128] = "";
      KzMatch match;

      if (!kz_match_init (&match, spec->variant, options, error, sizeof error))
        g_error ("%s", error);
      while (!match.pos.over)
        {
          const KzPosition before = match.pos;

          kz_test_play_checked_ply (&match, &log, kz_test_rand (&rng));
          if (spec->ply_bound > 0)
            g_assert_cmpint (match.pos.plies, <, spec->ply_bound);
          if (spec->after_ply != NULL)
            spec->after_ply (&before, &match, &log, spec->data);
        }
      if (spec->at_end != NULL)
        spec->at_end (&match.pos, spec->data);
      kz_test_tally_add (&tally, &match.pos);
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);
  return tally;
}

/* Plays random legal actions until the end or `limit` actions. */
static inline void
kz_test_play_random (KzMatch *match, guint64 *rng, guint limit)
{
  for (guint i = 0; i < limit && !match->pos.over; i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      int n = kz_position_variant (&match->pos)->legal (&match->pos, actions);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kz_match_play (match, actions[kz_test_rand_range (rng, 0, n)], NULL));
    }
}

/* Two matches are the same: position, start and every history entry. */
static inline void
kz_test_assert_same_match (const KzMatch *a, const KzMatch *b)
{
  g_assert_true (kz_position_equal (&a->pos, &b->pos));
  g_assert_true (kz_position_equal (&a->start, &b->start));
  g_assert_cmpuint (a->n_history, ==, b->n_history);
  for (gsize i = 0; i < a->n_history; i++)
    {
      g_assert_cmpint (a->history[i].action, ==, b->history[i].action);
      g_assert_true (kz_position_equal (&a->history[i].before, &b->history[i].before));
    }
}

/* ---- endgame database builds --------------------------------------------- */

/* A build's progress callback that checks the progress only goes up and
 * stays within 1; `user_data` is a double holding the last one. */
static inline void
kz_test_progress_rises (double fraction, void *user_data)
{
  double *last = user_data;

  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  *last = fraction;
}

/* One that cancels the build at its first report; `user_data` is the
 * build's cancel flag (an int). */
static inline void
kz_test_progress_cancel (double fraction, void *user_data)
{
  (void) fraction;
  g_atomic_int_set ((int *) user_data, 1);
}

/* ---- temporary folders ---------------------------------------------------- */

/* Removes `path` and everything below it, as a test leaves it: a link is
 * removed, never followed (one may point into the system's folders), and
 * a folder a test made unreadable or read-only is opened up first. */
static inline void
kz_test_remove_tree (const char *path)
{
  GDir *dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK) && g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_chmod (path, 0700);
      dir = g_dir_open (path, 0, NULL);
    }
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      kz_test_remove_tree (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_remove (path);
}
