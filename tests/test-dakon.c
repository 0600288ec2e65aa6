/* test-dakon.c — Dakon rules from hand-built positions, and invariants over many random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define MAX_PLIES        1000  /* every ply feeds a store, so 126 seeds bound a match far below this */

/* ---- rule cases --------------------------------------------------------- */

typedef struct {
  const char *name;
  int         seeds;                 /* setup option; 0 = default */
  uint8_t     pits[KZ_MAX_PITS];
  uint8_t     stores[2];
  int         to_move;
  int         quiet;
  KzAction    action;
  uint8_t     exp_pits[KZ_MAX_PITS];
  uint8_t     exp_stores[2];
  int         exp_to_move;
  bool        exp_over;
  int         exp_winner;            /* only read when exp_over */
  KzEndReason exp_end;
  int         exp_quiet;
  const char *exp_events;
} DakonCase;

/* Pits 0–6 are Player 1's row, 7–13 Player 2's; pit i faces pit 13 - i.
 * Player 1's store follows pit 6, Player 2's follows pit 13. */
static const DakonCase dakon_cases[] = {
  {
    .name = "own-store-extra-turn",
    .pits = { 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7 },
    .action = 0,
    .exp_pits = { 0, 8, 8, 8, 8, 8, 8, 7, 7, 7, 7, 7, 7, 7 },
    .exp_stores = { 1, 0 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_events = "L0x7 D1 D2 D3 D4 D5 D6 S>0 X>0",
  },
  {
    /* Relays on both rows; the lifted pit 6 is sown into again; pit 11,
     * emptied by a relay, counts as empty and ends the turn there. */
    .name = "multi-lap-ends-on-opponent-side",
    .pits = { 1, 6, 0, 0, 0, 0, 3,   0, 2, 0, 0, 3, 0, 0 },
    .action = 6,
    .exp_pits = { 2, 0, 1, 1, 1, 1, 1,   0, 1, 0, 2, 1, 1, 1 },
    .exp_stores = { 2, 0 }, .exp_to_move = 1, .exp_quiet = 1,
    .exp_events = "L6x3 S>0 D7 D8 R8x3 D9 D10 D11 R11x4 "
                  "D12 D13 D0 D1 R1x7 D2 D3 D4 D5 D6 S>0 D7 R7x2 "
                  "D8 D9 R9x2 D10 D11",
  },
  {
    .name = "player2-relay-then-own-store",
    .pits = { 3, 4, 0, 0, 0, 0, 0,   0, 0, 0, 2, 0, 1, 0 },
    .to_move = 1,
    .action = 10,
    .exp_pits = { 3, 4, 0, 0, 0, 0, 0,   0, 0, 0, 0, 1, 0, 1 },
    .exp_stores = { 0, 1 }, .exp_to_move = 1, .exp_quiet = 1,
    .exp_events = "L10x2 D11 D12 R12x2 D13 S>1 X>1",
  },
  {
    .name = "own-empty-capture",
    .pits = { 0, 0, 2, 0, 0, 0, 1,   1, 0, 5, 0, 0, 0, 0 },
    .quiet = 50,
    .action = 2,
    .exp_pits = { 0, 0, 0, 1, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .exp_stores = { 6, 0 }, .exp_to_move = 1, .exp_quiet = 0,
    .exp_events = "L2x2 D3 D4 C4>0x1 C9>0x5",
  },
  {
    /* The one seed still goes to the store, and it counts as a capture. */
    .name = "own-empty-capture-opposite-empty",
    .pits = { 0, 0, 2, 0, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .quiet = 50,
    .action = 2,
    .exp_pits = { 0, 0, 0, 1, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .exp_stores = { 1, 0 }, .exp_to_move = 1, .exp_quiet = 0,
    .exp_events = "L2x2 D3 D4 C4>0x1",
  },
  {
    /* Player 2 sows past their store, across Player 1's row, skips
     * Player 1's store and captures on their own row after a relay. */
    .name = "player2-skips-opponent-store-and-captures",
    .pits = { 0, 6, 0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 0, 3 },
    .to_move = 1,
    .action = 13,
    .exp_pits = { 1, 0, 1, 1, 1, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .exp_stores = { 0, 3 }, .exp_to_move = 0, .exp_quiet = 0,
    .exp_events = "L13x3 S>1 D0 D1 R1x7 D2 D3 D4 D5 D6 D7 D8 "
                  "C8>1x1 C5>1x1",
  },
  {
    /* The move earns another turn but empties the mover's row: the game
     * ends, the opponent sweeps, and no extra turn is announced. */
    .name = "row-empty-after-extra-turn-sweep",
    .pits = { 0, 0, 0, 0, 0, 0, 1,   2, 0, 0, 0, 0, 0, 3 },
    .stores = { 10, 8 },
    .action = 6,
    .exp_pits = { 0 },
    .exp_stores = { 11, 13 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_over = true, .exp_winner = 1, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "L6x1 S>0 C7>1x2 C13>1x3 W1:side_empty",
  },
  {
    .name = "capture-empties-opponent-row-sweep",
    .pits = { 0, 0, 2, 0, 0, 0, 4,   0, 0, 2, 0, 0, 0, 0 },
    .stores = { 5, 5 },
    .action = 2,
    .exp_pits = { 0 },
    .exp_stores = { 13, 5 }, .exp_to_move = 0, .exp_quiet = 0,
    .exp_over = true, .exp_winner = 0, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "L2x2 D3 D4 C4>0x1 C9>0x2 "
                  "C3>0x1 C6>0x4 W0:side_empty",
  },
  {
    .name = "row-empty-mover-loses",
    .pits = { 0, 0, 0, 0, 0, 0, 1,   0, 0, 0, 0, 0, 0, 1 },
    .stores = { 9, 10 },
    .action = 6,
    .exp_pits = { 0 },
    .exp_stores = { 10, 11 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_over = true, .exp_winner = 1, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "L6x1 S>0 C13>1x1 W1:side_empty",
  },
  {
    .name = "row-empty-equal-is-draw",
    .pits = { 0, 0, 0, 0, 0, 0, 1,   0, 0, 0, 0, 0, 0, 1 },
    .stores = { 10, 10 },
    .action = 6,
    .exp_pits = { 0 },
    .exp_stores = { 11, 11 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_over = true, .exp_winner = -1, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "L6x1 S>0 C13>1x1 W-1:side_empty",
  },
  {
    /* The 100th ply with no capture: scored where it stands, the seeds
     * on each row counting for its owner (24 against 16). */
    .name = "no-capture-100th-ply",
    .seeds = 9,
    .pits = { 3, 0, 0, 0, 0, 0, 2,   0, 0, 0, 0, 0, 0, 5 },
    .stores = { 20, 10 },
    .quiet = 99,
    .action = 6,
    .exp_pits = { 3, 0, 0, 0, 0, 0, 0,   1, 0, 0, 0, 0, 0, 5 },
    .exp_stores = { 21, 10 }, .exp_to_move = 0, .exp_quiet = 100,
    .exp_over = true, .exp_winner = 0, .exp_end = KZ_END_NO_CAPTURE,
    .exp_events = "L6x2 S>0 D7 W0:no_capture",
  },
  {
    .name = "no-capture-100th-ply-draw",
    .seeds = 9,
    .pits = { 3, 0, 0, 0, 0, 0, 2,   0, 0, 0, 0, 0, 0, 5 },
    .stores = { 12, 10 },
    .quiet = 99,
    .action = 6,
    .exp_pits = { 3, 0, 0, 0, 0, 0, 0,   1, 0, 0, 0, 0, 0, 5 },
    .exp_stores = { 13, 10 }, .exp_to_move = 0, .exp_quiet = 100,
    .exp_over = true, .exp_winner = -1, .exp_end = KZ_END_NO_CAPTURE,
    .exp_events = "L6x2 S>0 D7 W-1:no_capture",
  },
  {
    /* An extra turn does not stop the count. */
    .name = "no-capture-100th-ply-extra-turn",
    .seeds = 8,
    .pits = { 3, 0, 0, 0, 0, 0, 1,   0, 0, 0, 0, 0, 0, 5 },
    .stores = { 20, 10 },
    .quiet = 99,
    .action = 6,
    .exp_pits = { 3, 0, 0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 0, 5 },
    .exp_stores = { 21, 10 }, .exp_to_move = 0, .exp_quiet = 100,
    .exp_over = true, .exp_winner = 0, .exp_end = KZ_END_NO_CAPTURE,
    .exp_events = "L6x1 S>0 W0:no_capture",
  },
  {
    .name = "99th-quiet-ply-plays-on",
    .seeds = 9,
    .pits = { 3, 0, 0, 0, 0, 0, 2,   0, 0, 0, 0, 0, 0, 5 },
    .stores = { 20, 10 },
    .quiet = 98,
    .action = 6,
    .exp_pits = { 3, 0, 0, 0, 0, 0, 0,   1, 0, 0, 0, 0, 0, 5 },
    .exp_stores = { 21, 10 }, .exp_to_move = 1, .exp_quiet = 99,
    .exp_events = "L6x2 S>0 D7",
  },
  {
    /* A capture on the 100th ply resets the count instead. */
    .name = "capture-on-100th-ply-resets",
    .seeds = 9,
    .pits = { 1, 0, 0, 0, 0, 0, 2,   0, 0, 0, 0, 0, 4, 5 },
    .stores = { 20, 10 },
    .quiet = 99,
    .action = 0,
    .exp_pits = { 0, 0, 0, 0, 0, 0, 2,   0, 0, 0, 0, 0, 0, 5 },
    .exp_stores = { 25, 10 }, .exp_to_move = 1, .exp_quiet = 0,
    .exp_events = "L0x1 D1 C1>0x1 C12>0x4",
  },
};

static void
test_dakon_case (gconstpointer data)
{
  const DakonCase *tc = data;
  KzOptions options = { .seeds = tc->seeds };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_DAKON, &options, tc->pits, tc->stores, tc->to_move);

  pos.quiet_plies = (uint16_t) tc->quiet;
  kz_test_apply_case (&pos, tc->action, tc->exp_events);
  kz_test_assert_outcome (&pos, tc->exp_pits, tc->exp_stores, tc->exp_to_move,
                          tc->exp_over, tc->exp_winner, tc->exp_end);
  g_assert_cmpint (pos.quiet_plies, ==, tc->exp_quiet);
}

/* ---- setup and options -------------------------------------------------- */

static void
test_dakon_setup (void)
{
  static const KzTestSetupCase cases[] = {
    { 0, 0, true, NULL },
    { 3, 0, true, NULL }, { 4, 0, true, NULL }, { 5, 0, true, NULL }, { 6, 0, true, NULL },
    { 7, 0, true, NULL }, { 8, 0, true, NULL }, { 9, 0, true, NULL },
    { 2, 0, false, NULL }, { 10, 0, false, NULL }, { 19, 0, false, NULL }, { 0, 4, false, NULL },
  };
  KzMatch match;
  g_autofree char *legal = NULL;

  kz_test_check_setup (KZ_VARIANT_DAKON, cases, G_N_ELEMENTS (cases), 7, 1);
  g_assert_true (kz_match_init (&match, KZ_VARIANT_DAKON, NULL, NULL, 0));
  legal = kz_test_legal_to_string (&match.pos);
  g_assert_cmpstr (legal, ==, "0 1 2 3 4 5 6");
  kz_match_clear (&match);

  g_assert_true (kz_variant_lookup ("dakon") == kz_variant_get (KZ_VARIANT_DAKON));
}

/* ---- random matches ----------------------------------------------------- */

/* Random matches of every start count: every ply keeps the shared
 * invariants (kz_test_play_checked_ply), and every match ends, with a row
 * emptied or after 100 plies without a capture. */
static void
test_dakon_random_matches (void)
{
  static const KzOptions layouts[] = {
    { .seeds = 3 }, { .seeds = 4 }, { .seeds = 5 }, { .seeds = 6 },
    { .seeds = 7 }, { .seeds = 8 }, { .seeds = 9 },
  };
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_DAKON, .n_matches = N_RANDOM_MATCHES,
    .layouts = layouts, .n_layouts = G_N_ELEMENTS (layouts), .seed = 0x64616b6f6eULL,
    .ply_bound = MAX_PLIES + 1,
  };
  KzTestTally tally = kz_test_play_random_matches (&spec);

  g_test_message ("%d matches: %d side_empty, %d no_capture; P1 %d, P2 %d, draws %d; longest %d plies",
                  N_RANDOM_MATCHES, tally.ends[KZ_END_SIDE_EMPTY], tally.ends[KZ_END_NO_CAPTURE],
                  tally.wins[1], tally.wins[2], tally.wins[0], tally.longest);
  g_assert_cmpint (tally.ends[KZ_END_SIDE_EMPTY] + tally.ends[KZ_END_NO_CAPTURE], ==, N_RANDOM_MATCHES);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dakon/setup", test_dakon_setup);
  KZ_TEST_ADD_CASES ("/dakon/rules", dakon_cases, test_dakon_case);
  g_test_add_func ("/dakon/random-matches", test_dakon_random_matches);

  return g_test_run ();
}
