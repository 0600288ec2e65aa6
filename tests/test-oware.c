/* test-oware.c — Oware (Abapa) rules: hand-built positions the rules page decides, and invariants over random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-search.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define PLY_LIMIT        400

typedef struct {
  const char *name;
  uint8_t     pits[12];
  uint8_t     stores[2];
  int         to_move;
  int         plies;
  KzAction    action;
  uint8_t     want_pits[12];
  uint8_t     want_stores[2];
  int         want_to_move;
  bool        want_over;
  int         want_winner;   /* -1: draw, or not over */
  KzEndReason want_end;
  const char *want_events;
} RuleCase;

static const RuleCase rule_cases[] = {
  { "plain-sowing",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 0, 2,
    { 4, 4, 0, 5, 5, 5,  5, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, false, -1, KZ_END_NONE,
    "L2x4 D3 D4 D5 D6" },
  /* 12 seeds: the lap passes over the emptied origin house. */
  { "origin-skipped-with-12",
    { 12, 1, 1, 1, 1, 1,  2, 2, 2, 2, 2, 2 }, { 10, 9 }, 0, 0, 0,
    { 0, 3, 2, 2, 2, 2,  3, 3, 3, 3, 3, 3 }, { 10, 9 }, 1, false, -1, KZ_END_NONE,
    "L0x12 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D1" },
  /* 13 seeds from house 11: the lap skips 11 and the captures run back
   * from house 1 to house 0, then stop at the mover's own row. */
  { "origin-skipped-then-capture",
    { 0, 0, 1, 1, 1, 1,  1, 1, 1, 1, 1, 13 }, { 12, 14 }, 1, 0, 11,
    { 0, 0, 2, 2, 2, 2,  2, 2, 2, 2, 2, 0 }, { 12, 18 }, 0, false, -1, KZ_END_NONE,
    "L11x13 D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D0 D1 C1>1x2 C0>1x2" },
  /* Houses 8, 7, 6 are taken; house 5 also holds 2 but is the mover's. */
  { "backward-capture-stops-at-own-row",
    { 1, 0, 0, 0, 4, 1,  1, 2, 1, 3, 3, 3 }, { 14, 15 }, 0, 0, 4,
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 3, 3, 3 }, { 21, 15 }, 1, false, -1, KZ_END_NONE,
    "L4x4 D5 D6 D7 D8 C8>0x2 C7>0x3 C6>0x2" },
  /* Player 2's captures wrap the other way: after house 0 comes house 11,
   * their own, which holds 2 and stays. */
  { "player2-backward-capture-stops-at-own-row",
    { 1, 2, 1, 3, 3, 3,  0, 0, 0, 0, 4, 1 }, { 16, 14 }, 1, 0, 10,
    { 0, 0, 0, 3, 3, 3,  0, 0, 0, 0, 0, 2 }, { 16, 21 }, 0, false, -1, KZ_END_NONE,
    "L10x4 D11 D0 D1 D2 C2>1x2 C1>1x3 C0>1x2" },
  { "backward-capture-stops-at-a-house-of-4",
    { 1, 0, 0, 0, 0, 4,  1, 3, 1, 1, 3, 3 }, { 15, 15 }, 0, 0, 5,
    { 1, 0, 0, 0, 0, 0,  2, 4, 0, 0, 3, 3 }, { 19, 15 }, 1, false, -1, KZ_END_NONE,
    "L5x4 D6 D7 D8 D9 C9>0x2 C8>0x2" },
  { "last-seed-making-4-captures-nothing",
    { 1, 0, 0, 0, 0, 1,  3, 3, 1, 1, 3, 3 }, { 15, 17 }, 0, 0, 5,
    { 1, 0, 0, 0, 0, 0,  4, 3, 1, 1, 3, 3 }, { 15, 17 }, 1, false, -1, KZ_END_NONE,
    "L5x1 D6" },
  /* Grand slam: houses 6, 7, 8 would be the whole row: nothing is taken. */
  { "grand-slam-captures-nothing",
    { 2, 0, 0, 0, 0, 3,  1, 2, 1, 0, 0, 0 }, { 20, 19 }, 0, 0, 5,
    { 2, 0, 0, 0, 0, 0,  2, 3, 2, 0, 0, 0 }, { 20, 19 }, 1, false, -1, KZ_END_NONE,
    "L5x3 D6 D7 D8" },
  { "feeding-move-when-opponent-is-empty",
    { 6, 1, 0, 2, 2, 1,  0, 0, 0, 0, 0, 0 }, { 20, 16 }, 0, 0, 4,
    { 6, 1, 0, 2, 0, 2,  1, 0, 0, 0, 0, 0 }, { 20, 16 }, 1, false, -1, KZ_END_NONE,
    "L4x2 D5 D6" },
  /* Player 2 sows their last seed away; player 1 cannot reach player 2's
   * row, so the game ends and player 1 keeps their two seeds. */
  { "no-feed-ends-and-mover-keeps-own-seeds",
    { 0, 1, 0, 0, 0, 0,  0, 0, 0, 0, 0, 1 }, { 23, 23 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 25, 23 }, 0, true, 0, KZ_END_NO_FEED,
    "L11x1 D0 C0>0x1 C1>0x1 W0:no_feed" },
  /* 24–24 once the kept seeds are counted: a draw. */
  { "no-feed-24-24-is-a-draw",
    { 0, 1, 0, 0, 0, 0,  0, 0, 0, 0, 0, 1 }, { 22, 24 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 0, true, -1, KZ_END_NO_FEED,
    "L11x1 D0 C0>0x1 C1>0x1 W-1:no_feed" },
  /* 25 captured ends the game at once; the seeds left go to their row's
   * owner, which cannot change the result. */
  { "25-captured-wins-at-once",
    { 1, 0, 0, 0, 0, 1,  2, 4, 0, 0, 0, 3 }, { 22, 15 }, 0, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_MAJORITY,
    "L5x1 D6 C6>0x3 C0>0x1 C7>1x4 C11>1x3 W0:majority" },
  { "player2-25-captured-wins-at-once",
    { 3, 2, 0, 0, 0, 0,  0, 0, 0, 0, 0, 2 }, { 17, 24 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 21, 27 }, 0, true, 1, KZ_END_MAJORITY,
    "L11x2 D0 D1 C1>1x3 C0>0x4 W1:majority" },
  { "ply-399-plays-on",
    { 0, 0, 0, 0, 1, 5,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 0, 398, 4,
    { 0, 0, 0, 0, 0, 6,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 1, false, -1, KZ_END_NONE,
    "L4x1 D5" },
  { "ply-400-stops-each-keeps-own-row",
    { 0, 0, 0, 0, 1, 5,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 0, 399, 4,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_LIMIT,
    "L4x1 D5 C5>0x6 C6>1x1 C7>1x1 C8>1x1 C9>1x1 C10>1x1 C11>1x1 W0:limit" },
  { "ply-400-24-24-is-a-draw",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 399, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 1, true, -1, KZ_END_LIMIT,
    "L0x4 D1 D2 D3 D4 C1>0x5 C2>0x5 C3>0x5 C4>0x5 C5>0x4 "
    "C6>1x4 C7>1x4 C8>1x4 C9>1x4 C10>1x4 C11>1x4 W-1:limit" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, tc->pits, tc->stores, tc->to_move);

  pos.plies = (uint16_t) tc->plies;
  kz_test_apply_case (&pos, tc->action, tc->want_events);
  kz_test_assert_outcome (&pos, tc->want_pits, tc->want_stores, tc->want_to_move,
                          tc->want_over, tc->want_winner, tc->want_end);
}

typedef struct {
  const char *name;
  uint8_t     pits[12];
  int         to_move;
  const char *want;    /* the legal actions, space-separated */
} LegalCase;

static const LegalCase legal_cases[] = {
  { "any-non-empty-house",
    { 6, 1, 0, 2, 2, 1,  1, 0, 0, 0, 0, 0 }, 0, "0 1 3 4 5" },
  /* Must feed: house 0 (6 seeds) reaches house 6, 4 (2) and 5 (1) too;
   * houses 1 and 3 fall short. */
  { "must-feed-player1",
    { 6, 1, 0, 2, 2, 1,  0, 0, 0, 0, 0, 0 }, 0, "0 4 5" },
  { "must-feed-player2",
    { 0, 0, 0, 0, 0, 0,  1, 0, 3, 0, 2, 5 }, 1, "10 11" },
  /* What the engine looks at to end a game by no_feed. */
  { "must-feed-none-reaches",
    { 1, 1, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, 0, "" },
};

static void
test_legal_case (gconstpointer data)
{
  const LegalCase *tc = data;
  uint8_t stores[2] = { 10, 10 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, tc->pits, stores, tc->to_move);
  g_autofree char *got = kz_test_legal_to_string (&pos);

  g_assert_cmpstr (got, ==, tc->want);
}

/* The engine names what the rules single out, so no reader works it out
 * again: a move that had to feed, a grand slam that took nothing. */
static void
test_details (void)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_OWARE);
  static const uint8_t slam[12] = { 2, 0, 0, 0, 0, 3,  1, 2, 1, 0, 0, 0 };
  static const uint8_t feed[12] = { 6, 1, 0, 2, 2, 1,  0, 0, 0, 0, 0, 0 };
  static const uint8_t plain[12] = { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 };
  uint8_t stores[2] = { 20, 19 };
  KzPosition pos;
  KzEventLog log;

  kz_event_log_init (&log);

  pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, slam, stores, 0);
  g_assert_false (kz_position_must_feed (&pos));
  v->apply (&pos, 5, &log);
  g_assert_cmpint (log.events[log.len - 1].type, ==, KZ_EVENT_DROP);
  g_assert_cmpint (log.events[log.len - 1].detail, ==, KZ_DETAIL_GRAND_SLAM);
  for (size_t i = 0; i + 1 < log.len; i++)
    g_assert_cmpint (log.events[i].detail, ==, KZ_DETAIL_NONE);

  kz_event_log_clear (&log);
  pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, feed, stores, 0);
  g_assert_true (kz_position_must_feed (&pos));
  v->apply (&pos, 4, &log);
  g_assert_cmpint (log.events[0].type, ==, KZ_EVENT_LIFT);
  g_assert_cmpint (log.events[0].detail, ==, KZ_DETAIL_MUST_FEED);

  kz_event_log_clear (&log);
  pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, plain, (uint8_t[2]) { 0, 0 }, 0);
  g_assert_false (kz_position_must_feed (&pos));
  v->apply (&pos, 2, &log);
  for (size_t i = 0; i < log.len; i++)
    g_assert_cmpint (log.events[i].detail, ==, KZ_DETAIL_NONE);
  kz_event_log_free (&log);
}

static void
test_setup (void)
{
  static const KzTestSetupCase cases[] = {
    { 0, 0, true, NULL },
    { 4, 0, true, NULL },
    { 3, 0, false, "seeds must be 4 for Oware (got 3)" },
    { 5, 0, false, "seeds must be 4 for Oware (got 5)" },
    { 0, 4, false, "Oware has no option pasu" },
  };

  kz_test_check_setup (KZ_VARIANT_OWARE, cases, G_N_ELEMENTS (cases), 4, 0);
  g_assert_true (kz_variant_lookup ("oware") == kz_variant_get (KZ_VARIANT_OWARE));
}

static bool
drops_on_row (const KzEventLog *log, int player)
{
  for (size_t i = 0; i < log->len; i++)
    if (log->events[i].type == KZ_EVENT_DROP && log->events[i].pit / 6 == player)
      return true;
  return false;
}

typedef struct {
  KzEventLog probe;
  int        must_feed_seen;
} OwareTally;

static void
oware_after_ply (const KzPosition *before, const KzMatch *match, const KzEventLog *log, gpointer data)
{
  OwareTally *t = data;
  const KzVariant *v = kz_position_variant (before);
  KzAction actions[KZ_MAX_ACTIONS];
  int n = v->legal (before, actions);
  int total = kz_position_total (before);
  int p = before->to_move;
  bool must_feed = kz_position_row_sum (before, !p) == 0;
  int listed = 0;

  t->must_feed_seen += must_feed;
  /* Every non-empty house is listed, unless the opponent is empty and it
   * does not reach them; listed moves apply cleanly. */
  for (int c = p * 6; c < p * 6 + 6; c++)
    {
      KzPosition copy = *before;
      bool is_listed = listed < n && actions[listed] == c;

      if (before->pits[c] == 0)
        {
          g_assert_false (is_listed);
          continue;
        }
      kz_event_log_clear (&t->probe);
      v->apply (&copy, (KzAction) c, &t->probe);
      g_assert_cmpint (kz_position_total (&copy), ==, total);
      g_assert_cmpint (is_listed, ==, !must_feed || drops_on_row (&t->probe, !p));
      listed += is_listed;
    }
  g_assert_cmpint (listed, ==, n);

  /* Captures before the end are the mover's and never the whole opponent
   * row (grand slam). */
  if (!match->pos.over)
    g_assert_cmpint (kz_position_row_sum (&match->pos, !p), >, 0);
}

static void
oware_match_end (const KzPosition *end, gpointer data)
{
  g_assert_true (end->end == KZ_END_MAJORITY || end->end == KZ_END_NO_FEED ||
                 end->end == KZ_END_LIMIT);
  if (end->end == KZ_END_MAJORITY)
    g_assert_cmpint (MAX (end->stores[0], end->stores[1]), >, 24);
  if (end->end == KZ_END_LIMIT)
    g_assert_cmpint (end->plies, ==, PLY_LIMIT);
  kz_test_assert_won_on_stores (end);
}

static void
test_random_matches (void)
{
  OwareTally t = { 0 };
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_OWARE, .n_matches = N_RANDOM_MATCHES, .seed = 0x4f77617265ULL,
    .ply_bound = PLY_LIMIT + 1, .after_ply = oware_after_ply, .at_end = oware_match_end, .data = &t,
  };
  KzTestTally tally;

  kz_event_log_init (&t.probe);
  tally = kz_test_play_random_matches (&spec);
  kz_event_log_free (&t.probe);
  g_test_message ("random Oware matches: %ld plies, %d must-feed turns; ends: %d majority, %d no_feed, %d limit",
                  tally.plies, t.must_feed_seen, tally.ends[KZ_END_MAJORITY], tally.ends[KZ_END_NO_FEED],
                  tally.ends[KZ_END_LIMIT]);
  g_assert_cmpint (tally.ends[KZ_END_MAJORITY], >, 0);
  g_assert_cmpint (t.must_feed_seen, >, 0);
}

/* Seeds on one's own row are kept at the 400-ply limit: the evaluation
 * counts them for more as it comes, and not at all differently far
 * from it, so the search plans for the limit beyond its horizon. */
static void
test_eval_limit (void)
{
  const uint8_t pits[12] = { 3, 4, 2, 5, 1, 3, 1, 0, 0, 1, 0, 0 };
  const uint8_t stores[2] = { 12, 16 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, pits, stores, 0);
  int early, later, near, last;

  pos.plies = 100;
  early = kz_eval (&pos, NULL);
  pos.plies = 300;
  later = kz_eval (&pos, NULL);
  pos.plies = 370;
  near = kz_eval (&pos, NULL);
  pos.plies = 399;
  last = kz_eval (&pos, NULL);
  g_assert_cmpint (early, ==, later);
  g_assert_cmpint (near, >, later);
  g_assert_cmpint (last, >, near);
  /* At the last ply a seed on the row is worth about a captured one:
   * 18 seeds on the mover's row against 2, 12 captured against 16. */
  g_assert_cmpint (last, >, (12 + 18 - 16 - 2) * 100 * 3 / 4);

  /* Seen from the other side, the same with the sign turned. */
  pos.to_move = 1;
  g_assert_cmpint (kz_eval (&pos, NULL), ==, -last);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/oware/setup", test_setup);
  g_test_add_func ("/oware/details", test_details);
  KZ_TEST_ADD_CASES ("/oware/legal", legal_cases, test_legal_case);
  KZ_TEST_ADD_CASES ("/oware/rule", rule_cases, test_rule_case);
  g_test_add_func ("/oware/random-matches", test_random_matches);
  g_test_add_func ("/oware/eval-limit", test_eval_limit);

  return g_test_run ();
}
