/* test-kalah.c — Kalah rules: hand-built positions the rules page decides, and invariants over random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define MAX_MATCH_PLIES  2000   /* far above any real Kalah game: it must end */

typedef struct {
  const char *name;
  uint8_t     pits[12];
  uint8_t     stores[2];
  int         to_move;
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
  { "capture-with-seeds-opposite",
    { 2, 2, 1, 0, 4, 4,  4, 4, 4, 4, 4, 4 }, { 5, 6 }, 0, 2,
    { 2, 2, 0, 0, 4, 4,  4, 4, 0, 4, 4, 4 }, { 10, 6 }, 1, false, -1, KZ_END_NONE,
    "L2x1 D3 C8>0x4 C3>0x1" },
  { "no-capture-with-empty-opposite",
    { 2, 2, 1, 0, 4, 4,  4, 4, 0, 4, 4, 4 }, { 8, 7 }, 0, 2,
    { 2, 2, 0, 1, 4, 4,  4, 4, 0, 4, 4, 4 }, { 8, 7 }, 1, false, -1, KZ_END_NONE,
    "L2x1 D3" },
  { "player2-no-capture-with-empty-opposite",
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 1, 0, 4 }, { 8, 7 }, 1, 9,
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 0, 1, 4 }, { 8, 7 }, 0, false, -1, KZ_END_NONE,
    "L9x1 D10" },
  { "player2-capture-opposite-has-seeds",
    { 4, 3, 4, 4, 4, 4,  4, 4, 0, 1, 0, 4 }, { 4, 8 }, 1, 9,
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 0, 0, 4 }, { 4, 12 }, 0, false, -1, KZ_END_NONE,
    "L9x1 D10 C1>1x3 C10>1x1" },
  { "last-seed-in-store-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 2,
    { 4, 4, 0, 5, 5, 5,  4, 4, 4, 4, 4, 4 }, { 1, 0 }, 0, false, -1, KZ_END_NONE,
    "L2x4 D3 D4 D5 S>0 X>0" },
  { "player2-last-seed-in-store-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 8,
    { 4, 4, 4, 4, 4, 4,  4, 4, 0, 5, 5, 5 }, { 0, 1 }, 1, false, -1, KZ_END_NONE,
    "L8x4 D9 D10 D11 S>1 X>1" },
  { "passing-own-store-is-no-extra-turn",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 3,
    { 4, 4, 4, 0, 5, 5,  5, 4, 4, 4, 4, 4 }, { 1, 0 }, 1, false, -1, KZ_END_NONE,
    "L3x4 D4 D5 S>0 D6" },
  /* 13 seeds: a full lap skips the opponent's store and ends in the
   * emptied origin pit, which captures like any empty pit. */
  { "lap-of-13-ends-in-origin-and-captures",
    { 13, 1, 1, 1, 1, 1,  2, 2, 2, 2, 2, 2 }, { 10, 8 }, 0, 0,
    { 0, 2, 2, 2, 2, 2,  3, 3, 3, 3, 3, 0 }, { 15, 8 }, 1, false, -1, KZ_END_NONE,
    "L0x13 D1 D2 D3 D4 D5 S>0 D6 D7 D8 D9 D10 D11 D0 C11>0x3 C0>0x1" },
  { "player2-lap-of-14-skips-player1-store",
    { 1, 1, 1, 1, 1, 1,  0, 14, 0, 0, 0, 0 }, { 14, 14 }, 1, 7,
    { 2, 2, 2, 2, 2, 2,  1, 1, 2, 1, 1, 1 }, { 14, 15 }, 0, false, -1, KZ_END_NONE,
    "L7x14 D8 D9 D10 D11 S>1 D0 D1 D2 D3 D4 D5 D6 D7 D8" },
  /* The mover empties their own row with a seed into the store: the game
   * ends at once (no extra turn), the opponent sweeps their row. */
  { "end-sweep-after-own-row-empties",
    { 0, 0, 0, 0, 0, 1,  3, 0, 2, 0, 0, 1 }, { 20, 21 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 21, 27 }, 0, true, 1, KZ_END_SIDE_EMPTY,
    "L5x1 S>0 C6>1x3 C8>1x2 C11>1x1 W1:side_empty" },
  /* A capture empties the opponent's row: the mover sweeps their own. */
  { "end-after-capture-empties-opponent-row-win",
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 0, 3, 0 }, { 20, 22 }, 0, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_SIDE_EMPTY,
    "L0x1 D1 C10>0x3 C1>0x1 C5>0x2 W0:side_empty" },
  { "end-with-equal-stores-is-a-draw",
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 0, 3, 0 }, { 18, 24 }, 0, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 1, true, -1, KZ_END_SIDE_EMPTY,
    "L0x1 D1 C10>0x3 C1>0x1 C5>0x2 W-1:side_empty" },
  /* The mover's last seeds pass the store and leave the row: no extra
   * turn, the game ends, the opponent sweeps their row. */
  { "end-when-last-seeds-leave-own-row",
    { 0, 0, 0, 0, 0, 2,  1, 0, 0, 0, 0, 0 }, { 22, 23 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 23, 25 }, 1, true, 1, KZ_END_SIDE_EMPTY,
    "L5x2 S>0 D6 C6>1x2 W1:side_empty" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  KzPosition pos = kz_test_make_position (KZ_VARIANT_KALAH, NULL, tc->pits, tc->stores, tc->to_move);

  pos.plies = 10;
  kz_test_apply_case (&pos, tc->action, tc->want_events);
  kz_test_assert_outcome (&pos, tc->want_pits, tc->want_stores, tc->want_to_move,
                          tc->want_over, tc->want_winner, tc->want_end);
}

static void
test_setup (void)
{
  static const KzTestSetupCase cases[] = {
    { 0, 0, true, NULL },
    { 3, 0, true, NULL },
    { 4, 0, true, NULL },
    { 5, 0, true, NULL },
    { 6, 0, true, NULL },
    { 2, 0, false, "seeds must be 3, 4, 5 or 6 for Kalah (got 2)" },
    { 7, 0, false, "seeds must be 3, 4, 5 or 6 for Kalah (got 7)" },
    { 4, 6, false, "Kalah has no option pasu" },
  };

  kz_test_check_setup (KZ_VARIANT_KALAH, cases, G_N_ELEMENTS (cases), 4, 0);
  g_assert_true (kz_variant_lookup ("kalah") == kz_variant_get (KZ_VARIANT_KALAH));
}

static void
test_legal (void)
{
  static const uint8_t pits[12] = { 0, 3, 0, 1, 0, 2,  5, 0, 0, 0, 0, 7 };
  static const uint8_t stores[2] = { 10, 20 };

  kz_test_assert_legal (KZ_VARIANT_KALAH, pits, stores, "1 3 5", "6 11");
}

static void
kalah_match_end (const KzPosition *end, gpointer data)
{
  /* The sweep leaves the board empty and the stores hold the score. */
  g_assert_cmpint (kz_position_total (end), ==, 12 * end->seeds);
  g_assert_cmpint (end->end, ==, KZ_END_SIDE_EMPTY);
  kz_test_assert_won_on_stores (end);
}

static void
test_random_matches (void)
{
  static const KzOptions layouts[] = { { .seeds = 3 }, { .seeds = 4 }, { .seeds = 5 }, { .seeds = 6 } };
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_KALAH, .n_matches = N_RANDOM_MATCHES,
    .layouts = layouts, .n_layouts = G_N_ELEMENTS (layouts), .seed = 0x4b616c6168ULL,
    .ply_bound = MAX_MATCH_PLIES, .at_end = kalah_match_end,
  };
  KzTestTally tally = kz_test_play_random_matches (&spec);

  g_test_message ("random Kalah matches: %ld plies, %d draws, %d won by P1, %d by P2",
                  tally.plies, tally.wins[0], tally.wins[1], tally.wins[2]);
  g_assert_cmpint (tally.wins[1], >, 0);
  g_assert_cmpint (tally.wins[2], >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/kalah/setup", test_setup);
  g_test_add_func ("/kalah/legal", test_legal);
  KZ_TEST_ADD_CASES ("/kalah/rule", rule_cases, test_rule_case);
  g_test_add_func ("/kalah/random-matches", test_random_matches);

  return g_test_run ();
}
