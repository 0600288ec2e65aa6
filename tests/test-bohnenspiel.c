/* test-bohnenspiel.c — Bohnenspiel's rules: hand-built positions that docs/rules-bohnenspiel.md decides, and invariants over random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define QUIET_LIMIT      100

typedef struct {
  const char *name;
  uint8_t     pits[12];
  uint8_t     stores[2];
  int         to_move;
  int         quiet;        /* plies since the last capture */
  KzAction    action;
  uint8_t     want_pits[12];
  uint8_t     want_stores[2];
  int         want_to_move;
  int         want_quiet;
  bool        want_over;
  int         want_winner;   /* -1: draw, or not over */
  KzEndReason want_end;
  const char *want_events;
} RuleCase;

static const RuleCase rule_cases[] = {
  { "plain-sowing-over-both-rows",
    { 6, 6, 6, 6, 6, 6,  6, 6, 6, 6, 6, 6 }, { 0, 0 }, 0, 0, 2,
    { 6, 6, 0, 7, 7, 7,  7, 7, 7, 6, 6, 6 }, { 0, 0 }, 1, 1, false, -1, KZ_END_NONE,
    "L2x6 D3 D4 D5 D6 D7 D8" },
  /* 6, then 4, then 2 are taken, clockwise from the last pit; the lifted
   * pit, empty now, stops the chain. */
  { "chain-of-2-4-6-backwards",
    { 1, 0, 0, 0, 0, 3,  1, 3, 5, 2, 2, 2 }, { 10, 12 }, 0, 7, 5,
    { 1, 0, 0, 0, 0, 0,  0, 0, 0, 2, 2, 2 }, { 22, 12 }, 1, 0, false, -1, KZ_END_NONE,
    "L5x3 D6 D7 D8 C8>0x6 C7>0x4 C6>0x2" },
  /* The chain runs on from the other row onto the mover's own. */
  { "chain-crosses-onto-own-row",
    { 2, 0, 0, 0, 2, 1,  3, 1, 1, 1, 1, 1 }, { 5, 5 }, 0, 0, 4,
    { 2, 0, 0, 0, 0, 0,  0, 1, 1, 1, 1, 1 }, { 11, 5 }, 1, 0, false, -1, KZ_END_NONE,
    "L4x2 D5 D6 C6>0x4 C5>0x2" },
  /* Player 2's sowing goes round the end of the board; the chain comes
   * back over pit 0 to pit 11 and stops at the emptied pit 10. */
  { "chain-goes-round-the-end",
    { 1, 3, 5, 5, 5, 5,  1, 1, 1, 1, 3, 1 }, { 0, 0 }, 1, 0, 10,
    { 0, 0, 5, 5, 5, 5,  1, 1, 1, 1, 0, 0 }, { 0, 8 }, 0, 0, false, -1, KZ_END_NONE,
    "L10x3 D11 D0 D1 C1>1x4 C0>1x2 C11>1x2" },
  /* A last pit of 3 takes nothing, though the pit before holds 2. */
  { "odd-last-pit-takes-nothing",
    { 1, 2, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 3, 0,
    { 0, 3, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 4, false, -1, KZ_END_NONE,
    "L0x1 D1" },
  /* The chain stops at the first pit of another number (3 in pit 5),
   * and pit 4's 2 beyond it stays. */
  { "chain-stops-at-first-other-number",
    { 1, 1, 1, 3, 1, 2,  1, 0, 0, 0, 0, 1 }, { 30, 30 }, 0, 0, 3,
    { 1, 1, 1, 0, 2, 3,  0, 0, 0, 0, 0, 1 }, { 32, 30 }, 1, 0, false, -1, KZ_END_NONE,
    "L3x3 D4 D5 D6 C6>0x2" },
  /* 12 beans: the lap comes back to the lifted pit, which is not skipped. */
  { "lifted-pit-receives-on-the-next-lap",
    { 12, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 0 }, { 0, 0 }, 0, 0, 0,
    { 1, 2, 2, 2, 2, 2,  2, 2, 2, 2, 2, 1 }, { 0, 0 }, 1, 1, false, -1, KZ_END_NONE,
    "L0x12 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D0" },
  /* 13 beans end on pit 1 (2 now) past the lifted pit, which holds 1 and
   * stops the chain. */
  { "thirteen-beans-capture-past-the-lifted-pit",
    { 13, 0, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1 }, { 0, 0 }, 0, 0, 0,
    { 1, 0, 2, 2, 2, 2,  2, 2, 2, 2, 2, 2 }, { 2, 0 }, 1, 0, false, -1, KZ_END_NONE,
    "L0x13 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D0 D1 C1>0x2" },
  /* Player 2 is left without beans: the rest (pit 5) goes to Player 1. */
  { "opponent-without-beans-mover-takes-the-rest",
    { 0, 0, 0, 0, 2, 4,  1, 0, 0, 0, 0, 0 }, { 30, 35 }, 0, 0, 4,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 37, 35 }, 1, 0, true, 0, KZ_END_SIDE_EMPTY,
    "L4x2 D5 D6 C6>0x2 C5>0x5 W0:side_empty" },
  /* Player 1, to move next, has nothing: the game ends after the capture. */
  { "player1-without-beans",
    { 0, 0, 0, 0, 0, 0,  1, 3, 0, 0, 0, 0 }, { 30, 38 }, 1, 0, 6,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 30, 42 }, 0, 0, true, 1, KZ_END_SIDE_EMPTY,
    "L6x1 D7 C7>1x4 W1:side_empty" },
  /* Sowing onto an empty row gives it beans: play goes on. */
  { "sowing-feeds-an-empty-row",
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 1, 3 }, { 34, 34 }, 1, 0, 11,
    { 1, 1, 1, 0, 0, 0,  0, 0, 0, 0, 1, 0 }, { 34, 34 }, 0, 1, false, -1, KZ_END_NONE,
    "L11x3 D0 D1 D2" },
  { "99-quiet-plies-play-on",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 0, 98, 0,
    { 0, 1, 1, 1, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 1, 99, false, -1, KZ_END_NONE,
    "L0x3 D1 D2 D3" },
  /* The hundredth ply without a capture: each row goes to its owner. */
  { "100-quiet-plies-end-each-keeps-own-row",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 34, 38 }, 1, 100, true, 1, KZ_END_NO_CAPTURE,
    "L0x3 D1 D2 D3 C1>0x1 C2>0x1 C3>0x1 C6>1x1 C7>1x1 C8>1x1 C9>1x1 C10>1x1 C11>1x1 W1:no_capture" },
  { "100-quiet-plies-36-36-is-a-draw",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 33, 30 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 36, 36 }, 1, 100, true, -1, KZ_END_NO_CAPTURE,
    "L0x3 D1 D2 D3 C1>0x1 C2>0x1 C3>0x1 C6>1x1 C7>1x1 C8>1x1 C9>1x1 C10>1x1 C11>1x1 W-1:no_capture" },
  /* A capture on the hundredth ply sets the count back instead. */
  { "capture-on-the-hundredth-ply-plays-on",
    { 1, 1, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 33 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 33, 33 }, 1, 0, false, -1, KZ_END_NONE,
    "L0x1 D1 C1>0x2" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  KzPosition pos = kz_test_make_position (KZ_VARIANT_BOHNENSPIEL, NULL, tc->pits, tc->stores, tc->to_move);

  pos.plies = 10;
  pos.quiet_plies = (uint16_t) tc->quiet;
  kz_test_apply_case (&pos, tc->action, tc->want_events);
  kz_test_assert_outcome (&pos, tc->want_pits, tc->want_stores, tc->want_to_move,
                          tc->want_over, tc->want_winner, tc->want_end);
  g_assert_cmpint (pos.quiet_plies, ==, tc->want_quiet);
}

static void
test_setup (void)
{
  static const KzTestSetupCase cases[] = {
    { 0, 0, true, NULL },
    { 4, 0, true, NULL },
    { 5, 0, true, NULL },
    { 6, 0, true, NULL },
    { 3, 0, false, "seeds must be 4, 5 or 6 for Bohnenspiel (got 3)" },
    { 7, 0, false, "seeds must be 4, 5 or 6 for Bohnenspiel (got 7)" },
    { 0, 4, false, "Bohnenspiel has no option pasu" },
  };

  kz_test_check_setup (KZ_VARIANT_BOHNENSPIEL, cases, G_N_ELEMENTS (cases), 6, 0);
  g_assert_true (kz_variant_lookup ("bohnenspiel") == kz_variant_get (KZ_VARIANT_BOHNENSPIEL));
}

static void
bohnenspiel_after_ply (const KzPosition *before, const KzMatch *match, const KzEventLog *log, gpointer data)
{
  const KzPosition *pos = &match->pos;
  int mover = before->to_move;

  g_assert_cmpint (pos->over || pos->to_move != mover, ==, TRUE);
  for (size_t i = 0; i < log->len; i++)
    if (log->events[i].type == KZ_EVENT_CAPTURE && !pos->over)
      {
        g_assert_cmpint (log->events[i].player, ==, mover);
        g_assert_true (log->events[i].count == 2 || log->events[i].count == 4 || log->events[i].count == 6);
      }
  if (!pos->over)
    g_assert_true (pos->quiet_plies == 0 || pos->quiet_plies == before->quiet_plies + 1);
  g_assert_cmpint (pos->quiet_plies, <=, QUIET_LIMIT);
}

static void
bohnenspiel_match_end (const KzPosition *end, gpointer data)
{
  g_assert_cmpint (end->stores[0] + end->stores[1], ==, 12 * end->seeds);
  kz_test_assert_won_on_stores (end);
}

/* Random matches of every size: each ply keeps the shared invariants (own
 * non-empty pits listed, beans kept, events that replay, undo), captures
 * only take 2, 4 or 6, the turn always passes, and every match ends. */
static void
test_random_matches (void)
{
  static const KzOptions layouts[] = { { .seeds = 4 }, { .seeds = 5 }, { .seeds = 6 } };
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_BOHNENSPIEL, .n_matches = N_RANDOM_MATCHES,
    .layouts = layouts, .n_layouts = G_N_ELEMENTS (layouts), .seed = 0x426f686e656eULL,
    .after_ply = bohnenspiel_after_ply, .at_end = bohnenspiel_match_end,
  };
  KzTestTally tally = kz_test_play_random_matches (&spec);

  g_test_message ("%d matches, %.1f plies on average; side_empty %d, no_capture %d",
                  N_RANDOM_MATCHES, (double) tally.plies / N_RANDOM_MATCHES,
                  tally.ends[KZ_END_SIDE_EMPTY], tally.ends[KZ_END_NO_CAPTURE]);
  g_assert_cmpint (tally.ends[KZ_END_SIDE_EMPTY] + tally.ends[KZ_END_NO_CAPTURE], ==, N_RANDOM_MATCHES);
  g_assert_cmpint (tally.ends[KZ_END_SIDE_EMPTY], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bohnenspiel/setup", test_setup);
  KZ_TEST_ADD_CASES ("/bohnenspiel/rules", rule_cases, test_rule_case);
  g_test_add_func ("/bohnenspiel/random-matches", test_random_matches);
  return g_test_run ();
}
