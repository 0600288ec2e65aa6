/* test-mangala.c — Turkish Mangala rules: hand-built positions the rules page decides, and invariants over random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define MAX_MATCH_PLIES  2000   /* far above any real Mangala game: it must end */

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
  { "first-stone-goes-back",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 0,
    { 1, 5, 5, 5, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, false, -1, KZ_END_NONE,
    "L0x4 D0 D1 D2 D3" },
  { "player2-first-stone-back-then-treasure-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 9,
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 1, 5, 5 }, { 0, 1 }, 1, false, -1, KZ_END_NONE,
    "L9x4 D9 D10 D11 S>1 X>1" },
  { "two-stones-in-last-pit-one-back-one-to-treasure",
    { 4, 4, 4, 4, 4, 2,  4, 4, 4, 4, 4, 4 }, { 1, 1 }, 0, 5,
    { 4, 4, 4, 4, 4, 1,  4, 4, 4, 4, 4, 4 }, { 2, 1 }, 0, false, -1, KZ_END_NONE,
    "L5x2 D5 S>0 X>0" },
  { "single-stone-moves-to-next-pit",
    { 4, 1, 3, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 2, 2 }, 0, 1,
    { 4, 0, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 2, 2 }, 1, false, -1, KZ_END_NONE,
    "L1x1 D2" },
  { "single-stone-in-last-pit-goes-to-treasure",
    { 4, 4, 4, 4, 4, 1,  4, 4, 4, 4, 4, 4 }, { 2, 1 }, 0, 5,
    { 4, 4, 4, 4, 4, 0,  4, 4, 4, 4, 4, 4 }, { 3, 1 }, 0, false, -1, KZ_END_NONE,
    "L5x1 S>0 X>0" },
  { "player2-single-stone-in-last-pit-goes-to-treasure",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 1 }, { 1, 2 }, 1, 11,
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 0 }, { 1, 3 }, 1, false, -1, KZ_END_NONE,
    "L11x1 S>1 X>1" },
  { "even-capture-on-opponent-side",
    { 4, 4, 4, 4, 4, 4,  3, 4, 4, 4, 4, 4 }, { 1, 0 }, 0, 4,
    { 4, 4, 4, 4, 1, 5,  0, 4, 4, 4, 4, 4 }, { 6, 0 }, 1, false, -1, KZ_END_NONE,
    "L4x4 D4 D5 S>0 D6 C6>0x4" },
  { "odd-on-opponent-side-captures-nothing",
    { 4, 4, 4, 4, 4, 4,  2, 4, 4, 4, 4, 4 }, { 2, 0 }, 0, 4,
    { 4, 4, 4, 4, 1, 5,  3, 4, 4, 4, 4, 4 }, { 3, 0 }, 1, false, -1, KZ_END_NONE,
    "L4x4 D4 D5 S>0 D6" },
  { "player2-even-capture",
    { 4, 4, 1, 4, 4, 4,  4, 4, 4, 4, 4, 5 }, { 1, 1 }, 1, 11,
    { 5, 5, 0, 4, 4, 4,  4, 4, 4, 4, 4, 1 }, { 1, 4 }, 0, false, -1, KZ_END_NONE,
    "L11x5 D11 S>1 D0 D1 D2 C2>1x2" },
  { "own-empty-capture-with-stones-opposite",
    { 3, 0, 0, 4, 4, 4,  4, 4, 4, 5, 4, 4 }, { 4, 4 }, 0, 0,
    { 1, 1, 0, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 10, 4 }, 1, false, -1, KZ_END_NONE,
    "L0x3 D0 D1 D2 C9>0x5 C2>0x1" },
  { "own-empty-no-capture-with-empty-opposite",
    { 3, 0, 0, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 7, 6 }, 0, 0,
    { 1, 1, 1, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 7, 6 }, 1, false, -1, KZ_END_NONE,
    "L0x3 D0 D1 D2" },
  { "single-stone-into-empty-own-pit-captures",
    { 0, 1, 0, 4, 4, 4,  4, 4, 3, 4, 4, 4 }, { 6, 6 }, 0, 1,
    { 0, 0, 0, 4, 4, 4,  4, 4, 3, 0, 4, 4 }, { 11, 6 }, 1, false, -1, KZ_END_NONE,
    "L1x1 D2 C9>0x4 C2>0x1" },
  /* 14 stones: one back, a lap through the own treasure and past the
   * opponent's, and the last into the lifted pit, which is not empty. */
  { "lifted-pit-is-never-empty",
    { 14, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1 }, { 11, 12 }, 0, 0,
    { 2, 2, 2, 2, 2, 2,  2, 2, 2, 2, 2, 2 }, { 12, 12 }, 1, false, -1, KZ_END_NONE,
    "L0x14 D0 D1 D2 D3 D4 D5 S>0 D6 D7 D8 D9 D10 D11 D0" },
  /* The mover's row empties on a move that earns another: the game ends,
   * and the mover, whose row is empty, takes the other row. */
  { "row-empty-end-empty-row-takes-the-rest",
    { 0, 0, 0, 0, 0, 1,  2, 3, 0, 0, 1, 0 }, { 20, 21 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 27, 21 }, 0, true, 0, KZ_END_SIDE_EMPTY,
    "L5x1 S>0 C6>0x2 C7>0x3 C10>0x1 W0:side_empty" },
  /* An even capture empties the opponent's row: the opponent takes the
   * mover's row, and wins with it. */
  { "row-empty-end-opponent-row-emptied-by-capture",
    { 2, 0, 0, 0, 0, 3,  1, 0, 0, 0, 0, 0 }, { 20, 22 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 23, 25 }, 1, true, 1, KZ_END_SIDE_EMPTY,
    "L5x3 D5 S>0 D6 C6>0x2 C0>1x2 C5>1x1 W1:side_empty" },
  { "row-empty-end-equal-is-a-draw",
    { 0, 0, 0, 0, 0, 1,  2, 3, 0, 0, 1, 0 }, { 17, 24 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 0, true, -1, KZ_END_SIDE_EMPTY,
    "L5x1 S>0 C6>0x2 C7>0x3 C10>0x1 W-1:side_empty" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  KzPosition pos = kz_test_make_position (KZ_VARIANT_MANGALA, NULL, tc->pits, tc->stores, tc->to_move);

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
    { 4, 0, true, NULL },
    { 3, 0, false, "seeds must be 4 for Mangala (got 3)" },
    { 6, 0, false, "seeds must be 4 for Mangala (got 6)" },
    { 0, 6, false, "Mangala has no option pasu" },
  };

  kz_test_check_setup (KZ_VARIANT_MANGALA, cases, G_N_ELEMENTS (cases), 4, 0);
  g_assert_true (kz_variant_lookup ("mangala") == kz_variant_get (KZ_VARIANT_MANGALA));
}

static void
test_legal (void)
{
  static const uint8_t pits[12] = { 1, 0, 0, 5, 0, 1,  0, 2, 0, 0, 9, 0 };
  static const uint8_t stores[2] = { 15, 15 };

  kz_test_assert_legal (KZ_VARIANT_MANGALA, pits, stores, "0 3 5", "7 10");
}

static void
mangala_match_end (const KzPosition *end, gpointer data)
{
  g_assert_cmpint (kz_position_total (end), ==, 48);
  g_assert_cmpint (end->end, ==, KZ_END_SIDE_EMPTY);
  kz_test_assert_won_on_stores (end);
}

static void
test_random_matches (void)
{
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_MANGALA, .n_matches = N_RANDOM_MATCHES, .seed = 0x4d616e67616c61ULL,
    .ply_bound = MAX_MATCH_PLIES, .at_end = mangala_match_end,
  };
  KzTestTally tally = kz_test_play_random_matches (&spec);

  g_test_message ("random Mangala matches: %ld plies, %d draws, %d won by P1, %d by P2",
                  tally.plies, tally.wins[0], tally.wins[1], tally.wins[2]);
  g_assert_cmpint (tally.wins[1], >, 0);
  g_assert_cmpint (tally.wins[2], >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mangala/setup", test_setup);
  g_test_add_func ("/mangala/legal", test_legal);
  KZ_TEST_ADD_CASES ("/mangala/rule", rule_cases, test_rule_case);
  g_test_add_func ("/mangala/random-matches", test_random_matches);

  return g_test_run ();
}
