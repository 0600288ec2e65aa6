/* test-search.c — the computer opponent's search: exact values against plain minimax, tactics, legality, limits, cancel. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-search.h"
#include "kuzhi-book-private.h"
#include "kuzhi-kalah-solve.h"
#include "kuzhi-protocol.h"
#include "kuzhi-test-util.h"

#include <json-glib/json-glib.h>

static KzSearcher *searcher;

static void
new_match (KzMatch *m, KzVariantId id, int seeds)
{
  KzOptions options = { .seeds = seeds };
  g_assert_true (kz_match_init (m, id, &options, NULL, 0));
}

/* A random Kalah endgame: `on_board` seeds spread over the pits, the rest
 * in the stores, either player to move. False when a row came out empty
 * (the game would already be over). */
static gboolean
random_kalah_endgame (guint64 *rng, KzMatch *m, int on_board)
{
  new_match (m, KZ_VARIANT_KALAH, 4);
  memset (m->pos.pits, 0, sizeof m->pos.pits);
  for (int i = 0; i < on_board; i++)
    m->pos.pits[kz_test_rand_range (rng, 0, 12)]++;
  if (kz_position_row_sum (&m->pos, 0) == 0 || kz_position_row_sum (&m->pos, 1) == 0)
    {
      kz_match_clear (m);
      return FALSE;
    }
  m->pos.stores[0] = (uint8_t) kz_test_rand_range (rng, 0, 48 - on_board + 1);
  m->pos.stores[1] = (uint8_t) (48 - on_board - m->pos.stores[0]);
  m->pos.to_move = (uint8_t) kz_test_rand_range (rng, 0, 2);
  return TRUE;
}

/* Random Kalah endgames: the search without limits must find the minimax
 * value. */
static void
test_kalah_endgames_exact (void)
{
  guint64 rng = 6;

  for (int round = 0; round < 60; round++)
    {
      KzMatch m;
      KzSearchLimits limits = { 0 };
      KzSearchResult r;

      if (!random_kalah_endgame (&rng, &m, kz_test_rand_range (&rng, 3, 9)))
        continue;

      int expected = kz_test_minimax (&m.pos);
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
      g_assert_true (r.exact);
      g_assert_true (kz_score_is_final (r.score) || r.score == 0);
      g_assert_cmpint (kz_score_margin (r.score), ==, expected);
      g_assert_true (kz_position_is_legal (&m.pos, r.best));

      /* The move it names must keep that value. */
      KzPosition c = m.pos;
      kz_position_variant (&c)->apply (&c, r.best, NULL);
      int after = c.over ? kz_eval_final_margin (&c, m.pos.to_move)
                         : c.to_move == m.pos.to_move ? kz_test_minimax (&c) : -kz_test_minimax (&c);
      g_assert_cmpint (after, ==, expected);
      kz_match_clear (&m);
    }
}

/* The Kalah solver itself with a table of 16 buckets, so that entries are
 * replaced all the time: the value is minimax's, and the first moves of
 * the line it gives keep that value. */
static void
test_kalah_solver_small_table (void)
{
  guint64 rng = 61;
  void *table = g_aligned_alloc (16, 64, 64);

  for (int round = 0; round < 40; round++)
    {
      KzMatch m;
      KzKalahSolution sol;

      if (!random_kalah_endgame (&rng, &m, kz_test_rand_range (&rng, 6, 10)))
        continue;

      int expected = kz_test_minimax (&m.pos);
      g_assert_true (kz_kalah_solve (&m.pos, table, 16 * 64, NULL, 0, kz_test_rand_range (&rng, -6, 7), &sol));
      g_assert_cmpint (sol.value, ==, expected);
      g_assert_cmpint (sol.pv_len, >, 0);

      /* Along the line, each move keeps the value for whoever plays it. */
      KzPosition pos = m.pos;
      int value = expected;
      for (int i = 0; i < sol.pv_len && i < 4; i++)
        {
          int mover = pos.to_move;
          g_assert_true (kz_position_is_legal (&pos, sol.pv[i]));
          kz_position_variant (&pos)->apply (&pos, sol.pv[i], NULL);
          int after = pos.over ? kz_eval_final_margin (&pos, mover)
                               : pos.to_move == mover ? kz_test_minimax (&pos) : -kz_test_minimax (&pos);
          g_assert_cmpint (after, ==, value);
          if (pos.over)
            break;
          value = pos.to_move == mover ? value : -value;
        }
      kz_match_clear (&m);
    }
  g_aligned_free (table);
}

/* Kalah with 3 seeds from the start: the first player wins by 2. */
static void
test_kalah_3_solved (void)
{
  KzMatch m;
  KzSearchLimits limits = { 0 };
  KzSearchResult r;

  new_match (&m, KZ_VARIANT_KALAH, 3);
  g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_true (r.exact);
  g_assert_cmpint (kz_score_margin (r.score), ==, 2);
  g_assert_cmpint (kz_score_to_seeds (r.score), ==, 2);
  g_assert_true (kz_position_is_legal (&m.pos, r.best));
  g_assert_cmpint (r.pv_len, >, 10);
  g_test_message ("Kalah(6,3) = +2 in %d ms, %" G_GUINT64_FORMAT " nodes", r.time_ms, r.nodes);
  kz_match_clear (&m);
}

/* The book's position of an entry, as a Kalah(6,4) match would hold it. */
static void
book_match (KzMatch *m, const KzBookEntry *e)
{
  new_match (m, KZ_VARIANT_KALAH, 4);
  memcpy (m->pos.pits, e->pits, 12);
  memcpy (m->pos.stores, e->stores, 2);
  m->pos.to_move = e->to_move;
}

/* Every entry of the opening book holds every legal move once, best
 * first, with a margin the stores allow and a line of legal actions; and
 * where a move leads to another entry, the two values, proved apart,
 * agree. */
static void
test_book_consistent (void)
{
  size_t n;
  const KzBookEntry *book = kz_book_entries (&n);
  int links = 0;

  g_assert_cmpuint (n, >, 1);
  for (size_t i = 0; i < n; i++)
    {
      const KzBookEntry *e = &book[i];
      KzMatch m;
      KzAction legal[KZ_MAX_ACTIONS];

      book_match (&m, e);
      g_assert_cmpint (kz_position_total (&m.pos), ==, 48);
      g_assert_false (m.pos.over);
      g_assert_true (kz_book_probe (&m.pos) == e);
      g_assert_cmpint (kz_position_variant (&m.pos)->legal (&m.pos, legal), ==, e->n_moves);
      for (int k = 0; k < e->n_moves; k++)
        {
          const KzBookMove *bm = &e->moves[k];
          KzPosition p = m.pos;
          int me = m.pos.to_move;

          if (k > 0)
            g_assert_cmpint (bm->margin, <=, e->moves[k - 1].margin);
          for (int j = 0; j < k; j++)
            g_assert_cmpint (bm->action, !=, e->moves[j].action);
          g_assert_cmpint (bm->margin, >=, 2 * m.pos.stores[me] - 48);
          g_assert_cmpint (bm->margin, <=, 48 - 2 * m.pos.stores[!me]);
          g_assert_cmpint (bm->pv_len, >=, 1);
          g_assert_cmpint (bm->pv[0], ==, bm->action);
          for (int j = 0; j < bm->pv_len && !p.over; j++)
            {
              g_assert_true (kz_position_is_legal (&p, bm->pv[j]));
              kz_position_variant (&p)->apply (&p, bm->pv[j], NULL);
            }

          KzPosition child = m.pos;
          kz_position_variant (&child)->apply (&child, bm->action, NULL);
          const KzBookEntry *next = kz_book_probe (&child);
          if (next != NULL)
            {
              int v = next->moves[0].margin;
              g_assert_cmpint (bm->margin, ==, child.to_move == me ? v : -v);
              links++;
            }
        }
      kz_match_clear (&m);
    }
  g_test_message ("%zu book positions, %d moves into another", n, links);
  g_assert_cmpint (links, >, 0);
}

/* Hard plays from the book, at once and proven; a search without a level
 * does not unless asked to; Hard's analysis values every move from it. */
static void
test_book_used_at_hard (void)
{
  KzMatch m;
  KzSearchLimits hard = { .level = KZ_LEVEL_HARD };
  KzSearchLimits timed = { .time_ms = 100 };
  KzSearchResult r;
  KzAnalysis *an = g_new0 (KzAnalysis, 1);
  const KzBookEntry *e;

  new_match (&m, KZ_VARIANT_KALAH, 4);
  e = kz_book_probe (&m.pos);
  g_assert_nonnull (e);

  g_assert_true (kz_search (searcher, &m, &hard, NULL, &r));
  g_assert_cmpint (r.best, ==, e->moves[0].action);
  g_assert_true (r.exact);
  g_assert_cmpint (kz_score_margin (r.score), ==, e->moves[0].margin);
  g_assert_cmpint (r.nodes, ==, 0);
  g_assert_cmpint (r.pv_len, ==, e->moves[0].pv_len);

  g_assert_true (kz_search (searcher, &m, &timed, NULL, &r));
  g_assert_cmpint (r.nodes, >, 0);
  g_assert_false (r.exact);

  /* Asked for (as the protocol's `go` does), the book answers at any limits. */
  timed.book = true;
  g_assert_true (kz_search (searcher, &m, &timed, NULL, &r));
  g_assert_cmpint (r.best, ==, e->moves[0].action);
  g_assert_true (r.exact);
  g_assert_cmpint (r.nodes, ==, 0);
  timed.book = false;

  hard.time_ms = 100;
  g_assert_true (kz_search_analyse (searcher, &m, &hard, NULL, NULL, NULL, an));
  g_assert_cmpint (an->n_moves, ==, e->n_moves);
  for (int k = 0; k < an->n_moves; k++)
    {
      g_assert_cmpint (an->moves[k].action, ==, e->moves[k].action);
      g_assert_true (an->moves[k].exact);
      g_assert_cmpint (kz_score_margin (an->moves[k].score), ==, e->moves[k].margin);
    }
  g_assert_true (kz_search_analyse (searcher, &m, &timed, NULL, NULL, NULL, an));
  g_assert_cmpuint (an->nodes, >, 0);

  /* Kalah with another count of seeds has no book. */
  kz_match_clear (&m);
  new_match (&m, KZ_VARIANT_KALAH, 5);
  g_assert_null (kz_book_probe (&m.pos));
  g_assert_true (kz_search (searcher, &m, &hard, NULL, &r));
  g_assert_cmpint (r.nodes, >, 0);
  kz_match_clear (&m);
  g_free (an);
}

/* One entry, three turns in, against the solver without a database:
 * the book's value is the game's. */
static void
test_book_solved (void)
{
  static const KzAction line[] = { 2, 5, 7, 11 };
  KzMatch m;
  KzSearchLimits limits = { 0 };
  KzSearchResult r;
  const KzBookEntry *e;

  new_match (&m, KZ_VARIANT_KALAH, 4);
  for (size_t i = 0; i < G_N_ELEMENTS (line); i++)
    g_assert_true (kz_match_play (&m, line[i], NULL));
  e = kz_book_probe (&m.pos);
  g_assert_nonnull (e);
  g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_true (r.exact);
  g_assert_cmpint (kz_score_margin (r.score), ==, e->moves[0].margin);
  g_test_message ("solved in %d ms: %+d, as the book says", r.time_ms, kz_score_margin (r.score));
  kz_match_clear (&m);
}

/* Kalah: sowing pit 0 (one seed) into the empty pit 1 takes the 8 opposite. */
static void
test_kalah_capture (void)
{
  static const uint8_t pits[12] = { 1, 0, 0, 0, 0, 2, 3, 1, 1, 1, 8, 1 };
  KzMatch m;

  for (int depth = 1; depth <= 7; depth += 2)
    {
      KzSearchLimits limits = { .depth = depth };
      KzSearchResult r;

      new_match (&m, KZ_VARIANT_KALAH, 4);
      memcpy (m.pos.pits, pits, sizeof pits);
      m.pos.stores[0] = 15;
      m.pos.stores[1] = 48 - 15 - 18;
      kz_searcher_clear (searcher);
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
      g_assert_cmpint (r.best, ==, 0);
      g_assert_cmpint (r.pv[0], ==, 0);
      kz_match_clear (&m);
    }
}

/* Kalah: an extra move keeps the sign. Pit 5 with 1 seed ends in the store
 * (move again), then pit 4 with 1 seed lands in the empty pit 5 and takes
 * the 9 opposite (pit 6): 31 to 17. */
static void
test_kalah_extra_move (void)
{
  static const uint8_t pits[12] = { 0, 0, 0, 0, 1, 1, 9, 1, 0, 0, 0, 1 };
  KzMatch m;
  KzSearchLimits limits = { .depth = 4 };
  KzSearchResult r;

  new_match (&m, KZ_VARIANT_KALAH, 4);
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 20;
  m.pos.stores[1] = 48 - 20 - 13;
  kz_searcher_clear (searcher);
  g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_cmpint (r.best, ==, 5);
  g_assert_cmpint (r.pv_len, >=, 2);
  g_assert_cmpint (r.pv[1], ==, 4);

  KzSearchLimits none = { 0 };
  g_assert_true (kz_search (searcher, &m, &none, NULL, &r));
  g_assert_true (r.exact);
  /* 5 then 4 ends the game 31 to 17; nothing does better. */
  g_assert_cmpint (kz_score_margin (r.score), ==, 14);
  kz_match_clear (&m);
}

/* The Constitution: P1's cup 4 holds 3 shells that end in cup 7, which
 * holds 2: a triple for the mover. The search takes it. */
static void
test_constitution_triple (void)
{
  static const uint8_t pits[14] = { 1, 0, 4, 0, 3, 0, 0, 2, 1, 4, 4, 4, 1, 4 };
  KzMatch m;
  KzSearchLimits limits = { .depth = 1 };
  KzSearchResult r;

  new_match (&m, KZ_VARIANT_CONSTITUTION, 5);
  memcpy (m.pos.pits, pits, sizeof pits);
  /* Accounts: P1 row 8 + drawer 27 = 35; P2 row 20 + drawer 15 = 35. */
  m.pos.stores[0] = 27;
  m.pos.stores[1] = 15;
  g_assert_cmpint (kz_position_total (&m.pos), ==, 70);
  kz_searcher_clear (searcher);
  g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_cmpint (r.best, ==, 4);
  kz_match_clear (&m);
}

/* Marks are part of a turn: when the best turn marks a cup, best is the
 * mark and the PV goes on with a sowing that is legal after it. */
static void
test_constitution_marks (void)
{
  KzMatch m;
  int marks_seen = 0;

  for (int trial = 0; trial < 40; trial++)
    {
      guint64 rng = 100 + trial;
      new_match (&m, KZ_VARIANT_CONSTITUTION, 5);
      /* Play random turns until the player to move may mark. */
      for (int ply = 0; ply < 300 && !m.pos.over && !kz_constitution_may_mark (&m.pos); ply++)
        {
          KzAction actions[KZ_MAX_ACTIONS];
          int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
          kz_match_play (&m, actions[kz_test_rand_range (&rng, 0, n)], NULL);
        }
      if (m.pos.over)
        {
          kz_match_clear (&m);
          continue;
        }

      KzSearchLimits limits = { .depth = 3 };
      KzSearchResult r;
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
      g_assert_true (kz_position_is_legal (&m.pos, r.best));
      g_assert_cmpint (r.pv[0], ==, r.best);
      if (KZ_ACTION_IS_MARK (r.best))
        {
          marks_seen++;
          g_assert_cmpint (r.pv_len, >=, 2);
          KzPosition after = m.pos;
          kz_position_variant (&after)->apply (&after, r.best, NULL);
          g_assert_false (KZ_ACTION_IS_MARK (r.pv[1]));
          g_assert_true (kz_position_is_legal (&after, r.pv[1]));
        }
      kz_match_clear (&m);
    }
  g_test_message ("%d of the searches chose to mark", marks_seen);
}

/* Every game: along random matches, every search gives a legal action and
 * a PV that plays out legally; the same search twice gives the same answer. */
static void
test_legal_and_deterministic (void)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      if (kz_variant_get (id) == NULL)
        continue;
      guint64 rng = id + 1;
      KzMatch m;

      new_match (&m, id, 0);
      for (int ply = 0; ply < 200 && !m.pos.over; ply++)
        {
          KzSearchLimits limits = { .nodes = 3000, .seed = 9 };
          KzSearchResult r, again;
          KzAction actions[KZ_MAX_ACTIONS];

          if (ply % 7 == 0)
            {
              g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
              g_assert_true (kz_position_is_legal (&m.pos, r.best));
              KzPosition p = m.pos;
              for (int i = 0; i < r.pv_len && !p.over; i++)
                {
                  g_assert_true (kz_position_is_legal (&p, r.pv[i]));
                  kz_position_variant (&p)->apply (&p, r.pv[i], NULL);
                }
              /* A fresh table: the answer depends on nothing else. */
              KzSearcher *other = kz_searcher_new (4);
              KzSearcher *one = kz_searcher_new (4);
              g_assert_true (kz_search (one, &m, &limits, NULL, &r));
              g_assert_true (kz_search (other, &m, &limits, NULL, &again));
              g_assert_cmpint (r.best, ==, again.best);
              g_assert_cmpint (r.score, ==, again.score);
              g_assert_cmpuint (r.nodes, ==, again.nodes);
              kz_searcher_free (one);
              kz_searcher_free (other);
            }
          int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
          kz_match_play (&m, actions[kz_test_rand_range (&rng, 0, n)], NULL);
        }
      kz_match_clear (&m);
    }
}

static void
test_node_limit (void)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      KzMatch m;
      KzSearchLimits limits = { .nodes = 20000 };
      KzSearchResult r;

      if (kz_variant_get (id) == NULL)
        continue;
      new_match (&m, id, 0);
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
      /* The limit is looked at every 2048 nodes. */
      g_assert_cmpuint (r.nodes, <=, 20000 + 2048);
      g_assert_cmpuint (r.nodes, >=, 1000);
      g_assert_true (kz_position_is_legal (&m.pos, r.best));
      kz_match_clear (&m);
    }
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (100 * 1000);
  *(volatile int *) data = 1;
  return NULL;
}

/* A search without limits on the Constitution would run for a minute; the
 * flag stops it within moments, with a legal answer. */
/* A search cancelled partway through, and one cancelled before it
 * starts, still answer with a legal move, soon. */
static void
check_cancel (KzSearcher *s)
{
  KzMatch m;
  KzSearchLimits limits = { 0 };
  KzSearchResult r;
  volatile int cancel = 0;

  new_match (&m, KZ_VARIANT_CONSTITUTION, 5);
  GThread *thread = g_thread_new ("cancel", cancel_later, (gpointer) &cancel);
  gint64 start = g_get_monotonic_time ();
  g_assert_true (kz_search (s, &m, &limits, &cancel, &r));
  gint64 took = (g_get_monotonic_time () - start) / 1000;
  g_thread_join (thread);
  g_assert_true (r.cancelled);
  g_assert_cmpint (took, <, 2000);
  g_assert_true (kz_position_is_legal (&m.pos, r.best));

  /* Cancelled before it starts: still an answer at once. */
  cancel = 1;
  g_assert_true (kz_search (s, &m, &limits, &cancel, &r));
  g_assert_true (r.cancelled);
  g_assert_true (kz_position_is_legal (&m.pos, r.best));
  kz_match_clear (&m);
}

static void
test_cancel (void)
{
  check_cancel (searcher);
}

static void
test_finished_match (void)
{
  KzMatch m;
  KzSearchLimits limits = { .depth = 3 };
  KzSearchResult r;

  new_match (&m, KZ_VARIANT_KALAH, 4);
  m.pos.over = 1;
  g_assert_false (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_cmpint (r.best, ==, KZ_ACTION_NONE);
  kz_match_clear (&m);
}

/* The Constitution's repetition rule: a position that already stood twice
 * in the match ends it when it comes back, and the search knows. */
static void
test_repetition_seen (void)
{
  KzMatch m;
  KzSearchLimits limits = { .depth = 2 };
  KzSearchResult r;

  new_match (&m, KZ_VARIANT_CONSTITUTION, 5);
  /* Play a few turns, then check a search from there is consistent with
   * the history given (it must not crash or play illegally). */
  for (int i = 0; i < 6 && !m.pos.over; i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      kz_position_variant (&m.pos)->legal (&m.pos, actions);
      kz_match_play (&m, actions[0], NULL);
    }
  g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
  g_assert_true (kz_position_is_legal (&m.pos, r.best));
  kz_match_clear (&m);
}

/* One protocol command, its reply parsed. */
static JsonObject *
command (KzSession *session, const char *line, JsonNode **keep)
{
  gboolean quit;
  g_autofree char *out = kz_session_handle (session, line, strlen (line), &quit);
  g_autoptr(GError) error = NULL;

  *keep = json_from_string (out, &error);
  g_assert_no_error (error);
  return json_node_get_object (*keep);
}

/* `go` as engine-protocol.md says: the reply's fields, errors that change
 * nothing, and the exact Kalah value without limits. */
static void
test_protocol_go (void)
{
  g_autoptr(KzSession) session = kz_session_new ();
  JsonNode *node;
  JsonObject *o;

  json_node_unref ((command (session, "new kalah seeds=3", &node), node));
  o = command (session, "go depth=5", &node);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  g_assert_cmpint (json_object_get_int_member (o, "depth"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  g_assert_true (json_object_has_member (o, "time_ms"));
  g_assert_true (json_object_has_member (o, "score"));
  JsonArray *pv = json_object_get_array_member (o, "pv");
  g_assert_cmpuint (json_array_get_length (pv), >=, 1);
  g_assert_cmpstr (json_array_get_string_element (pv, 0), ==, json_object_get_string_member (o, "best"));
  json_node_unref (node);

  static const char *const bad[] = {
    "go depth=0", "go depth=x", "go time=-5", "go level=impossible", "go nodes=5",
    "go depth=3 depth=4", "go depth", "go time=99999999999999999999",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      o = command (session, bad[i], &node);
      g_assert_false (json_object_get_boolean_member (o, "ok"));
      g_assert_nonnull (json_object_get_string_member (o, "error"));
      json_node_unref (node);
    }

  /* `go` plays from the opening book at any limits, as the app's Hard
   * does; Normal (meant to err) searches. */
  json_node_unref ((command (session, "new kalah", &node), node));
  o = command (session, "go time=100", &node);
  g_assert_true (json_object_get_boolean_member (o, "exact"));
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (o, "score"), ==, 8);
  json_node_unref (node);
  o = command (session, "go time=100 level=normal", &node);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  json_node_unref (node);
  /* kuzhi-engine --no-book: the search itself, for the benchmarks. */
  kz_protocol_set_book (FALSE);
  o = command (session, "go time=100", &node);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  g_assert_false (json_object_get_boolean_member (o, "exact"));
  json_node_unref (node);
  kz_protocol_set_book (TRUE);
  json_node_unref ((command (session, "new kalah seeds=3", &node), node));

  /* The position is unchanged by go, good or bad. */
  o = command (session, "state", &node);
  JsonObject *state = json_object_get_object_member (o, "state");
  g_assert_cmpint (json_object_get_int_member (state, "plies"), ==, 0);
  json_node_unref (node);

  o = command (session, "go level=easy", &node);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  json_node_unref (node);

  /* Without limits: Kalah with 3 seeds is a win by 2 for the mover. */
  o = command (session, "go", &node);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  g_assert_cmpint (json_object_get_int_member (o, "score"), ==, 2);
  g_assert_true (json_object_get_boolean_member (o, "exact"));
  json_node_unref (node);

  /* A finished match has nothing to search. */
  json_node_unref ((command (session, "new kalah seeds=3", &node), node));
  KzMatch m;
  new_match (&m, KZ_VARIANT_KALAH, 3);
  guint64 rng = 3;
  while (!m.pos.over)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      char buf[8], line[32];
      int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
      KzAction a = actions[kz_test_rand_range (&rng, 0, n)];
      kz_match_play (&m, a, NULL);
      g_snprintf (line, sizeof line, "play %s", kz_action_to_string (a, buf));
      o = command (session, line, &node);
      g_assert_true (json_object_get_boolean_member (o, "ok"));
      json_node_unref (node);
    }
  kz_match_clear (&m);
  o = command (session, "go depth=2", &node);
  g_assert_false (json_object_get_boolean_member (o, "ok"));
  json_node_unref (node);
}

/* Full minimax over the match itself, with every rule the match applies
 * (repetition included): the final margin for the player to move, or
 * FALSE when the tree has more than *budget nodes. */
static gboolean
match_minimax (KzMatch *m, int *budget, int *value)
{
  const KzVariant *v = kz_position_variant (&m->pos);
  KzAction actions[KZ_MAX_ACTIONS];
  int n = v->legal (&m->pos, actions);
  int mover = m->pos.to_move;
  int best = G_MININT;

  if (--*budget < 0)
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      int after;
      g_assert_true (kz_match_play (m, actions[i], NULL));
      if (m->pos.over)
        after = kz_eval_final_margin (&m->pos, mover);
      else if (!match_minimax (m, budget, &after))
        {
          kz_match_undo (m);
          return FALSE;
        }
      else if (m->pos.to_move != mover)
        after = -after;
      kz_match_undo (m);
      best = MAX (best, after);
    }
  *value = best;
  return TRUE;
}

/* The value minimax gives one action of the position, for its mover. */
static gboolean
action_minimax (KzMatch *m, KzAction action, int *budget, int *value)
{
  int mover = m->pos.to_move;
  gboolean ok = TRUE;

  g_assert_true (kz_match_play (m, action, NULL));
  if (m->pos.over)
    *value = kz_eval_final_margin (&m->pos, mover);
  else if ((ok = match_minimax (m, budget, value)) && m->pos.to_move != mover)
    *value = -*value;
  kz_match_undo (m);
  return ok;
}

/* An endgame reached by random play in game `id`, with few shells left
 * on the board, whose every action minimax decides: the actions and their
 * values in actions[] and values[] (n of them). False, and m cleared,
 * when this try did not give one. */
static gboolean
random_decided_endgame (KzVariantId id, guint64 *rng, KzMatch *m, KzAction *actions, int *values, int *n)
{
  int on_board_max = kz_test_rand_range (rng, 3, 13);
  int budget = 20000;
  gboolean decided = TRUE;

  g_assert_true (kz_match_init (m, id, NULL, NULL, 0));
  while (!m->pos.over)
    {
      int on_board = kz_position_row_sum (&m->pos, 0) + kz_position_row_sum (&m->pos, 1);
      if (on_board <= on_board_max && m->n_history > 0)
        break;
      kz_test_play_random (m, rng, 1);
    }
  if (m->pos.over)
    {
      kz_match_clear (m);
      return FALSE;
    }
  /* In Pallanguzhi few counters on the board only end a round, and the
   * next is set out again: with Player 1's store given to Player 2,
   * Player 1 cannot fill a first cup, so this round is the last. */
  if (id == KZ_VARIANT_PALLANGUZHI)
    {
      m->pos.stores[1] += m->pos.stores[0];
      m->pos.stores[0] = 0;
    }

  /* Decide every action by minimax first; skip positions too big. */
  *n = kz_position_variant (&m->pos)->legal (&m->pos, actions);
  for (int i = 0; i < *n && decided; i++)
    decided = action_minimax (m, actions[i], &budget, &values[i]);
  if (!decided)
    kz_match_clear (m);
  return decided;
}

/* Endgames reached by random play in every game, with few shells left on
 * the board: analysing without limits proves every move, and each value
 * is the one full minimax gives it. */
static void
test_analyse_endgames_exact (gconstpointer data)
{
  KzVariantId id = GPOINTER_TO_INT (data);
  g_autofree KzAnalysis *an = g_new0 (KzAnalysis, 1);
  guint64 rng = 900 + id;
  int checked = 0, moves_checked = 0;

  for (int trial = 0; trial < 400 && checked < 12; trial++)
    {
      KzMatch m;
      KzSearchLimits none = { 0 };
      KzAction actions[KZ_MAX_ACTIONS];
      int values[KZ_MAX_ACTIONS];
      int n;

      if (!random_decided_endgame (id, &rng, &m, actions, values, &n))
        continue;
      kz_searcher_clear (searcher);
      g_assert_true (kz_search_analyse (searcher, &m, &none, NULL, NULL, NULL, an));
      g_assert_cmpint (an->n_moves, ==, n);
      for (int i = 0; i < an->n_moves; i++)
        {
          const KzMoveValue *mv = &an->moves[i];
          int j = 0;
          while (j < n && actions[j] != mv->action)
            j++;
          g_assert_cmpint (j, <, n);
          if (!mv->exact)
            {
              GString *p = g_string_new (NULL);
              for (int k = 0; k < kz_position_variant (&m.pos)->n_pits; k++)
                g_string_append_printf (p, "%d ", m.pos.pits[k]);
              g_test_message ("not proven: pits %s stores %d %d plies %d quiet %d history %zu, move %d depth %d score %d, minimax %d",
                              p->str, m.pos.stores[0], m.pos.stores[1], m.pos.plies, m.pos.quiet_plies, m.n_history, mv->action, mv->depth, mv->score, values[j]);
              g_string_free (p, TRUE);
            }
          g_assert_true (mv->exact);
          g_assert_cmpint (kz_score_margin (mv->score), ==, values[j]);
          g_assert_cmpint (mv->pv_len, >=, 1);
          g_assert_cmpint (mv->pv[0], ==, mv->action);
          if (i > 0)
            g_assert_cmpint (kz_score_margin (an->moves[i - 1].score), >=, kz_score_margin (mv->score));
          moves_checked++;
        }
      checked++;
      kz_match_clear (&m);
    }
  g_test_message ("%s: %d endgames, %d moves checked against minimax",
                  kz_variant_get (id)->key, checked, moves_checked);
  g_assert_cmpint (checked, >=, 8);
}

static void
count_progress (const KzAnalysis *analysis, void *user_data)
{
  int *calls = user_data;
  (*calls)++;
  g_assert_cmpint (analysis->depth, ==, *calls);
}

/* With limits the values are not proven, but every legal action gets one
 * and a depth, and the mover's best is first. */
static void
test_analyse_limits (void)
{
  g_autofree KzAnalysis *an = g_new0 (KzAnalysis, 1);

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      KzMatch m;
      KzSearchLimits limits = { .depth = 3 };
      KzSearchResult r;
      int calls = 0;
      guint64 rng = 70 + id;

      g_assert_true (kz_match_init (&m, (KzVariantId) id, NULL, NULL, 0));
      kz_test_play_random (&m, &rng, 6);
      if (m.pos.over)
        {
          kz_match_clear (&m);
          continue;
        }
      KzAction actions[KZ_MAX_ACTIONS];
      int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
      kz_searcher_clear (searcher);
      g_assert_true (kz_search_analyse (searcher, &m, &limits, NULL, count_progress, &calls, an));
      g_assert_cmpint (an->n_moves, ==, n);
      g_assert_cmpint (an->depth, ==, 3);
      g_assert_cmpint (calls, ==, 3);
      for (int i = 0; i < n; i++)
        {
          g_assert_true (kz_position_is_legal (&m.pos, an->moves[i].action));
          g_assert_cmpint (an->moves[i].depth, >=, 1);
          if (i > 0)
            g_assert_cmpint (an->moves[i - 1].score, >=, an->moves[i].score);
        }
      /* The same depth in a plain search finds a move of the best value. */
      kz_searcher_clear (searcher);
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &r));
      g_assert_cmpint (r.score, ==, an->moves[0].score);
      kz_match_clear (&m);
    }
}

/* The value an analysis gives `action`, or NULL. */
static const KzMoveValue *
analysis_value (const KzAnalysis *an, KzAction action)
{
  for (int i = 0; i < an->n_moves; i++)
    if (an->moves[i].action == action)
      return &an->moves[i];
  return NULL;
}

/* An analysis that its limit stops partway through an iteration (a node
 * limit here, so that the stop falls in the same place every time) gives
 * every move the value of the last iteration that completed: all of one
 * depth, the depth it reports, and the very values an analysis limited
 * to that depth finds; only a proven value may come from the stopped
 * iteration. Stopped at a quarter, half and three quarters of the first
 * iteration that takes some 20,000 nodes (the search looks at its limits
 * every 2,048), so that some moves have been searched one depth deeper
 * and some not. */
static void
test_analyse_interrupted (void)
{
  g_autofree KzAnalysis *shallow = g_new0 (KzAnalysis, 1);
  g_autofree KzAnalysis *deep = g_new0 (KzAnalysis, 1);
  g_autofree KzAnalysis *an = g_new0 (KzAnalysis, 1);
  int checked = 0;

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      KzMatch m;
      guint64 rng = 90 + id;
      int depth;

      g_assert_true (kz_match_init (&m, (KzVariantId) id, NULL, NULL, 0));
      kz_test_play_random (&m, &rng, 6);
      if (m.pos.over)
        {
          kz_match_clear (&m);
          continue;
        }
      for (depth = 1; depth <= 20; depth++)
        {
          KzSearchLimits to_depth = { .depth = depth }, one_more = { .depth = depth + 1 };

          kz_searcher_clear (searcher);
          g_assert_true (kz_search_analyse (searcher, &m, &to_depth, NULL, NULL, NULL, shallow));
          kz_searcher_clear (searcher);
          g_assert_true (kz_search_analyse (searcher, &m, &one_more, NULL, NULL, NULL, deep));
          if (deep->depth != depth + 1 || deep->nodes >= shallow->nodes + 20000)
            break;
        }
      if (shallow->depth != depth || deep->depth != depth + 1)
        {
          g_test_message ("%s: depth %d nodes %" G_GUINT64_FORMAT ", depth %d nodes %" G_GUINT64_FORMAT,
                          kz_variant_get (id)->key, shallow->depth, shallow->nodes, deep->depth, deep->nodes);
          kz_match_clear (&m);
          continue;
        }
      for (int quarter = 1; quarter <= 3; quarter++)
        {
          KzSearchLimits limits = { .nodes = shallow->nodes + (deep->nodes - shallow->nodes) * (uint64_t) quarter / 4 };

          kz_searcher_clear (searcher);
          g_assert_true (kz_search_analyse (searcher, &m, &limits, NULL, NULL, NULL, an));
          g_assert_cmpint (an->depth, ==, depth);
          g_assert_cmpint (an->n_moves, ==, shallow->n_moves);
          for (int i = 0; i < an->n_moves; i++)
            {
              const KzMoveValue *mv = &an->moves[i];
              const KzMoveValue *two_mv = analysis_value (shallow, mv->action);

              g_assert_nonnull (two_mv);
              if (mv->exact)
                continue;
              g_assert_cmpint (mv->depth, ==, depth);
              g_assert_cmpint (mv->score, ==, two_mv->score);
              g_assert_cmpint (mv->pv_len, ==, two_mv->pv_len);
            }
          /* Best first, as ever. */
          for (int i = 1; i < an->n_moves; i++)
            g_assert_cmpint (an->moves[i - 1].score, >=, an->moves[i].score);
        }
      checked++;
      kz_match_clear (&m);
    }
  g_assert_cmpint (checked, >=, 4);
}

static void
test_protocol_analyse (void)
{
  g_autoptr(KzSession) session = kz_session_new ();
  JsonNode *node;
  JsonObject *o;

  /* Kalah(6,3): small enough to prove every move from the start. */
  json_node_unref ((command (session, "new kalah seeds=3", &node), node));
  o = command (session, "analyse", &node);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  JsonArray *moves = json_object_get_array_member (o, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 6);
  int last = G_MAXINT;
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *mv = json_array_get_object_element (moves, i);
      int score = (int) json_object_get_int_member (mv, "score");
      g_assert_true (json_object_get_boolean_member (mv, "exact"));
      g_assert_cmpint (json_object_get_int_member (mv, "score_cs"), ==, 100 * score);
      g_assert_cmpint (score, <=, last);
      last = score;
      JsonArray *pv = json_object_get_array_member (mv, "pv");
      g_assert_cmpstr (json_array_get_string_element (pv, 0), ==, json_object_get_string_member (mv, "move"));
      g_assert_cmpint (json_object_get_int_member (mv, "depth"), >=, 1);
    }
  /* The best move's value is the game's, as `go` proves it. */
  int best = (int) json_object_get_int_member (json_array_get_object_element (moves, 0), "score");
  json_node_unref (node);
  o = command (session, "go", &node);
  g_assert_cmpint (json_object_get_int_member (o, "score"), ==, best);
  json_node_unref (node);

  static const char *const bad[] = {
    "analyse depth=0", "analyse time=x", "analyse level=hard", "analyse depth=3 depth=4",
    "analyse 5", "analyse nodes=10",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      o = command (session, bad[i], &node);
      g_assert_false (json_object_get_boolean_member (o, "ok"));
      g_assert_nonnull (json_object_get_string_member (o, "error"));
      json_node_unref (node);
    }

  /* Nothing it does changes the match. */
  o = command (session, "state", &node);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "state"), "plies"), ==, 0);
  json_node_unref (node);

  /* The Constitution: marks are listed and valued with their sowing. */
  json_node_unref ((command (session, "new constitution", &node), node));
  o = command (session, "analyse depth=2", &node);
  g_assert_true (json_object_get_boolean_member (o, "ok"));
  moves = json_object_get_array_member (o, "moves");
  JsonNode *state_node;
  JsonObject *state = json_object_get_object_member (command (session, "state", &state_node), "state");
  JsonArray *legal = json_object_get_array_member (state, "legal");
  g_assert_cmpuint (json_array_get_length (moves), ==, json_array_get_length (legal));
  for (guint i = 0; i < json_array_get_length (legal); i++)
    {
      const char *action = json_array_get_string_element (legal, i);
      gboolean found = FALSE;
      for (guint j = 0; j < json_array_get_length (moves); j++)
        {
          JsonObject *mv = json_array_get_object_element (moves, j);
          JsonArray *pv = json_object_get_array_member (mv, "pv");
          if (!g_str_equal (json_object_get_string_member (mv, "move"), action))
            continue;
          found = TRUE;
          /* A mark's line goes on with the same player's sowing. */
          if (action[0] == 'm')
            g_assert_cmpuint (json_array_get_length (pv), >=, 2);
        }
      g_assert_true (found);
    }
  json_node_unref (state_node);
  json_node_unref (node);

  /* A finished match is refused. */
  json_node_unref ((command (session, "new kalah seeds=3", &node), node));
  for (int i = 0; i < 200; i++)
    {
      o = command (session, "go depth=1", &node);
      if (!json_object_get_boolean_member (o, "ok"))
        {
          json_node_unref (node);
          break;
        }
      char line[32];
      g_snprintf (line, sizeof line, "play %s", json_object_get_string_member (o, "best"));
      json_node_unref (node);
      json_node_unref ((command (session, line, &node), node));
    }
  o = command (session, "analyse", &node);
  g_assert_false (json_object_get_boolean_member (o, "ok"));
  g_assert_nonnull (strstr (json_object_get_string_member (o, "error"), "over"));
  json_node_unref (node);
}

/* Endgames of every game searched with two threads, a helper beside the
 * search sharing its table (a small one, so that the two write over each
 * other's entries all the time): the value is still proven and minimax's,
 * and the move played has it. An entry read while the other thread wrote
 * it, or a helper's iteration taken wrongly, would show here. */
static void
test_threads_exact (gconstpointer data)
{
  KzVariantId id = GPOINTER_TO_INT (data);
  KzSearcher *two = kz_searcher_new (1);
  guint64 rng = 1900 + id;
  int checked = 0;

  g_assert_true (kz_searcher_set_threads (two, 2));
  for (int trial = 0; trial < 400 && checked < 12; trial++)
    {
      KzMatch m;
      /* Deep enough for Oware's 400 plies, short of solving outright
       * (which for Kalah is one thread's work). */
      KzSearchLimits limits = { .depth = 450 };
      KzSearchResult r;
      KzAction actions[KZ_MAX_ACTIONS];
      int values[KZ_MAX_ACTIONS];
      int n, best = G_MININT, j = 0;

      if (!random_decided_endgame (id, &rng, &m, actions, values, &n))
        continue;
      for (int i = 0; i < n; i++)
        best = MAX (best, values[i]);
      kz_searcher_clear (two);
      g_assert_true (kz_search (two, &m, &limits, NULL, &r));
      g_assert_true (r.exact);
      g_assert_cmpint (kz_score_margin (r.score), ==, best);
      while (j < n && actions[j] != r.best)
        j++;
      g_assert_cmpint (j, <, n);
      g_assert_cmpint (values[j], ==, best);
      checked++;
      kz_match_clear (&m);
    }
  g_assert_cmpint (checked, >=, 8);
  kz_searcher_free (two);
}

/* Threads: 1 to KZ_SEARCH_MAX_THREADS, and back to one; the helpers'
 * stacks count in the searcher's memory; a search with helpers is
 * cancelled as one without. */
static void
test_threads_set (void)
{
  KzSearcher *s = kz_searcher_new (4);
  size_t one = kz_searcher_memory (s);

  g_assert_false (kz_searcher_set_threads (s, 0));
  g_assert_false (kz_searcher_set_threads (s, KZ_SEARCH_MAX_THREADS + 1));
  g_assert_cmpuint (kz_searcher_memory (s), ==, one);
  g_assert_true (kz_searcher_set_threads (s, 3));
  g_assert_cmpuint (kz_searcher_memory (s), >, one);
  check_cancel (s);
  g_assert_true (kz_searcher_set_threads (s, 1));
  g_assert_cmpuint (kz_searcher_memory (s), ==, one);
  kz_searcher_free (s);
}

static void
test_score_helpers (void)
{
  g_assert_cmpint (kz_score_margin (KZ_SCORE_WIN + 2 * KZ_SCORE_MARGIN_MUL), ==, 2);
  g_assert_cmpint (kz_score_margin (KZ_SCORE_WIN + 2 * KZ_SCORE_MARGIN_MUL - 63), ==, 2);
  g_assert_cmpint (kz_score_margin (-(KZ_SCORE_WIN + 3 * KZ_SCORE_MARGIN_MUL)), ==, -3);
  g_assert_cmpint (kz_score_margin (-(KZ_SCORE_WIN + 3 * KZ_SCORE_MARGIN_MUL - 63)), ==, -3);
  g_assert_cmpint (kz_score_to_seeds (249), ==, 2);
  g_assert_cmpint (kz_score_to_seeds (-251), ==, -3);
  g_assert_false (kz_score_is_final (KZ_SCORE_EVAL_MAX));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  searcher = kz_searcher_new (64);

  g_test_add_func ("/search/score-helpers", test_score_helpers);
  g_test_add_func ("/search/kalah/endgames-exact", test_kalah_endgames_exact);
  g_test_add_func ("/search/kalah/capture", test_kalah_capture);
  g_test_add_func ("/search/kalah/extra-move", test_kalah_extra_move);
  g_test_add_func ("/search/kalah/solver-small-table", test_kalah_solver_small_table);
  g_test_add_func ("/search/kalah/solve-3-seeds", test_kalah_3_solved);
  g_test_add_func ("/search/book/consistent", test_book_consistent);
  g_test_add_func ("/search/book/used-at-hard", test_book_used_at_hard);
  g_test_add_func ("/search/book/solved", test_book_solved);
  g_test_add_func ("/search/constitution/triple", test_constitution_triple);
  g_test_add_func ("/search/constitution/marks", test_constitution_marks);
  g_test_add_func ("/search/constitution/repetition", test_repetition_seen);
  g_test_add_func ("/search/legal-and-deterministic", test_legal_and_deterministic);
  g_test_add_func ("/search/node-limit", test_node_limit);
  g_test_add_func ("/search/cancel", test_cancel);
  g_test_add_func ("/search/finished-match", test_finished_match);
  g_test_add_func ("/search/protocol-go", test_protocol_go);
  g_test_add_func ("/search/protocol-analyse", test_protocol_analyse);
  g_test_add_func ("/search/analyse/limits", test_analyse_limits);
  g_test_add_func ("/search/analyse/interrupted", test_analyse_interrupted);
  g_test_add_func ("/search/threads/set", test_threads_set);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      g_autofree char *path = g_strdup_printf ("/search/analyse/exact/%s", kz_variant_get ((KzVariantId) id)->key);
      g_autofree char *threads = g_strdup_printf ("/search/threads/exact/%s", kz_variant_get ((KzVariantId) id)->key);
      g_test_add_data_func (path, GINT_TO_POINTER (id), test_analyse_endgames_exact);
      g_test_add_data_func (threads, GINT_TO_POINTER (id), test_threads_exact);
    }

  status = g_test_run ();
  kz_searcher_free (searcher);
  return status;
}
