/* test-mangala.c — Turkish Mangala rules: hand-built positions the rules page decides, and invariants over random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-2x6.h"

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
    "L0:4 D0 D1 D2 D3" },
  { "player2-first-stone-back-then-treasure-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 9,
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 1, 5, 5 }, { 0, 1 }, 1, false, -1, KZ_END_NONE,
    "L9:4 D9 D10 D11 S1 X1" },
  { "two-stones-in-last-pit-one-back-one-to-treasure",
    { 4, 4, 4, 4, 4, 2,  4, 4, 4, 4, 4, 4 }, { 1, 1 }, 0, 5,
    { 4, 4, 4, 4, 4, 1,  4, 4, 4, 4, 4, 4 }, { 2, 1 }, 0, false, -1, KZ_END_NONE,
    "L5:2 D5 S0 X0" },
  { "single-stone-moves-to-next-pit",
    { 4, 1, 3, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 2, 2 }, 0, 1,
    { 4, 0, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 2, 2 }, 1, false, -1, KZ_END_NONE,
    "L1:1 D2" },
  { "single-stone-in-last-pit-goes-to-treasure",
    { 4, 4, 4, 4, 4, 1,  4, 4, 4, 4, 4, 4 }, { 2, 1 }, 0, 5,
    { 4, 4, 4, 4, 4, 0,  4, 4, 4, 4, 4, 4 }, { 3, 1 }, 0, false, -1, KZ_END_NONE,
    "L5:1 S0 X0" },
  { "player2-single-stone-in-last-pit-goes-to-treasure",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 1 }, { 1, 2 }, 1, 11,
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 0 }, { 1, 3 }, 1, false, -1, KZ_END_NONE,
    "L11:1 S1 X1" },
  { "even-capture-on-opponent-side",
    { 4, 4, 4, 4, 4, 4,  3, 4, 4, 4, 4, 4 }, { 1, 0 }, 0, 4,
    { 4, 4, 4, 4, 1, 5,  0, 4, 4, 4, 4, 4 }, { 6, 0 }, 1, false, -1, KZ_END_NONE,
    "L4:4 D4 D5 S0 D6 C6:4>0" },
  { "odd-on-opponent-side-captures-nothing",
    { 4, 4, 4, 4, 4, 4,  2, 4, 4, 4, 4, 4 }, { 2, 0 }, 0, 4,
    { 4, 4, 4, 4, 1, 5,  3, 4, 4, 4, 4, 4 }, { 3, 0 }, 1, false, -1, KZ_END_NONE,
    "L4:4 D4 D5 S0 D6" },
  { "player2-even-capture",
    { 4, 4, 1, 4, 4, 4,  4, 4, 4, 4, 4, 5 }, { 1, 1 }, 1, 11,
    { 5, 5, 0, 4, 4, 4,  4, 4, 4, 4, 4, 1 }, { 1, 4 }, 0, false, -1, KZ_END_NONE,
    "L11:5 D11 S1 D0 D1 D2 C2:2>1" },
  { "own-empty-capture-with-stones-opposite",
    { 3, 0, 0, 4, 4, 4,  4, 4, 4, 5, 4, 4 }, { 4, 4 }, 0, 0,
    { 1, 1, 0, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 10, 4 }, 1, false, -1, KZ_END_NONE,
    "L0:3 D0 D1 D2 C9:5>0 C2:1>0" },
  { "own-empty-no-capture-with-empty-opposite",
    { 3, 0, 0, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 7, 6 }, 0, 0,
    { 1, 1, 1, 4, 4, 4,  4, 4, 4, 0, 4, 4 }, { 7, 6 }, 1, false, -1, KZ_END_NONE,
    "L0:3 D0 D1 D2" },
  { "single-stone-into-empty-own-pit-captures",
    { 0, 1, 0, 4, 4, 4,  4, 4, 3, 4, 4, 4 }, { 6, 6 }, 0, 1,
    { 0, 0, 0, 4, 4, 4,  4, 4, 3, 0, 4, 4 }, { 11, 6 }, 1, false, -1, KZ_END_NONE,
    "L1:1 D2 C9:4>0 C2:1>0" },
  /* 14 stones: one back, a lap through the own treasure and past the
   * opponent's, and the last into the lifted pit, which is not empty. */
  { "lifted-pit-is-never-empty",
    { 14, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1 }, { 11, 12 }, 0, 0,
    { 2, 2, 2, 2, 2, 2,  2, 2, 2, 2, 2, 2 }, { 12, 12 }, 1, false, -1, KZ_END_NONE,
    "L0:14 D0 D1 D2 D3 D4 D5 S0 D6 D7 D8 D9 D10 D11 D0" },
  /* The mover's row empties on a move that earns another: the game ends,
   * and the mover, whose row is empty, takes the other row. */
  { "row-empty-end-empty-row-takes-the-rest",
    { 0, 0, 0, 0, 0, 1,  2, 3, 0, 0, 1, 0 }, { 20, 21 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 27, 21 }, 0, true, 0, KZ_END_SIDE_EMPTY,
    "L5:1 S0 C6:2>0 C7:3>0 C10:1>0 E0:side_empty" },
  /* An even capture empties the opponent's row: the opponent takes the
   * mover's row, and wins with it. */
  { "row-empty-end-opponent-row-emptied-by-capture",
    { 2, 0, 0, 0, 0, 3,  1, 0, 0, 0, 0, 0 }, { 20, 22 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 23, 25 }, 1, true, 1, KZ_END_SIDE_EMPTY,
    "L5:3 D5 S0 D6 C6:2>0 C0:2>1 C5:1>1 E1:side_empty" },
  { "row-empty-end-equal-is-a-draw",
    { 0, 0, 0, 0, 0, 1,  2, 3, 0, 0, 1, 0 }, { 17, 24 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 0, true, -1, KZ_END_SIDE_EMPTY,
    "L5:1 S0 C6:2>0 C7:3>0 C10:1>0 E-1:side_empty" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_MANGALA);
  KzPosition pos = kz_test_make_position (KZ_VARIANT_MANGALA, tc->pits, tc->stores, tc->to_move, 10);
  KzPosition fast, replayed;
  KzEventLog log;
  g_autofree char *events = NULL;
  int total = kz_position_total (&pos);

  g_assert_true (kz_position_is_legal (&pos, tc->action));

  kz_event_log_init (&log);
  fast = pos;
  replayed = pos;
  v->apply (&pos, tc->action, &log);
  v->apply (&fast, tc->action, NULL);
  events = kz_test_format_events (&log);

  g_assert_cmpstr (events, ==, tc->want_events);
  g_assert_cmpmem (pos.pits, 12, tc->want_pits, 12);
  g_assert_cmpmem (pos.stores, 2, tc->want_stores, 2);
  g_assert_cmpint (pos.to_move, ==, tc->want_to_move);
  g_assert_cmpint (pos.over, ==, tc->want_over);
  g_assert_cmpint (pos.winner, ==, tc->want_winner);
  g_assert_cmpint (pos.end, ==, tc->want_end);
  g_assert_cmpint (pos.plies, ==, 11);
  g_assert_cmpint (kz_position_total (&pos), ==, total);
  g_assert_true (kz_position_equal (&pos, &fast));
  kz_test_replay_events (&replayed, &log);
  g_assert_cmpmem (replayed.pits, 12, pos.pits, 12);
  g_assert_cmpmem (replayed.stores, 2, pos.stores, 2);

  KzAction actions[KZ_MAX_ACTIONS];
  if (tc->want_over)
    g_assert_cmpint (v->legal (&pos, actions), ==, 0);
  else
    g_assert_cmpint (v->legal (&pos, actions), >, 0);
  kz_event_log_free (&log);
}

static void
test_setup (void)
{
  static const struct {
    int seeds, pasu;
    bool ok;
    const char *message;
  } cases[] = {
    { 0, 0, true, NULL },
    { 4, 0, true, NULL },
    { 3, 0, false, "seeds must be 4 for Mangala (got 3)" },
    { 6, 0, false, "seeds must be 4 for Mangala (got 6)" },
    { 0, 6, false, "Mangala has no option pasu" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzOptions options = { .seeds = cases[i].seeds, .pasu = cases[i].pasu };
      KzMatch match;
      char error[256] = "";
      bool ok = kz_match_init (&match, KZ_VARIANT_MANGALA, &options, error, sizeof error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_cmpstr (error, ==, cases[i].message);
          continue;
        }
      const KzPosition *pos = &match.pos;
      for (int c = 0; c < 12; c++)
        g_assert_cmpint (pos->pits[c], ==, 4);
      g_assert_cmpint (pos->n_pits, ==, 12);
      g_assert_cmpint (pos->seeds, ==, 4);
      g_assert_cmpint (pos->variant, ==, KZ_VARIANT_MANGALA);
      g_assert_cmpint (pos->stores[0] + pos->stores[1], ==, 0);
      g_assert_cmpint (pos->to_move, ==, 0);
      g_assert_cmpint (pos->over, ==, 0);
      g_assert_cmpint (pos->winner, ==, -1);
      g_assert_cmpint (kz_position_total (pos), ==, 48);
      kz_match_clear (&match);
    }
  g_assert_true (kz_variant_lookup ("mangala") == kz_variant_get (KZ_VARIANT_MANGALA));
}

static void
test_legal (void)
{
  uint8_t pits[12] = { 1, 0, 0, 5, 0, 1,  0, 2, 0, 0, 9, 0 };
  uint8_t stores[2] = { 15, 15 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_MANGALA, pits, stores, 0, 0);
  const KzVariant *v = kz_position_variant (&pos);
  KzAction actions[KZ_MAX_ACTIONS];

  g_assert_cmpint (v->legal (&pos, actions), ==, 3);
  g_assert_cmpint (actions[0], ==, 0);
  g_assert_cmpint (actions[1], ==, 3);
  g_assert_cmpint (actions[2], ==, 5);
  pos.to_move = 1;
  g_assert_cmpint (v->legal (&pos, actions), ==, 2);
  g_assert_cmpint (actions[0], ==, 7);
  g_assert_cmpint (actions[1], ==, 10);
}

static guint64
next_random (guint64 *state)
{
  /* xorshift64*: a fixed, portable sequence for reproducible matches. */
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545F4914F6CDD1DULL;
}

static void
test_random_matches (void)
{
  guint64 rng = 0x4d616e67616c61ULL;
  KzEventLog log;
  int ends[2 + 1] = { 0, 0, 0 };
  long all_plies = 0;

  kz_event_log_init (&log);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzMatch match;
      char error[128];
      int plies = 0;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_MANGALA, NULL, error, sizeof error));
      g_assert_cmpint (kz_position_total (&match.pos), ==, 48);

      while (!match.pos.over)
        {
          kz_test_play_checked_ply (&match, &log, next_random (&rng));
          plies++;
          all_plies++;
          g_assert_cmpint (plies, <, MAX_MATCH_PLIES);
        }

      const KzPosition *end = &match.pos;
      g_assert_cmpint (end->end, ==, KZ_END_SIDE_EMPTY);
      for (int c = 0; c < 12; c++)
        g_assert_cmpint (end->pits[c], ==, 0);
      g_assert_cmpint (end->winner, ==,
                       end->stores[0] > end->stores[1] ? 0 : end->stores[1] > end->stores[0] ? 1 : -1);
      ends[end->winner + 1]++;
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);
  g_test_message ("random Mangala matches: %ld plies, %d draws, %d won by P1, %d by P2",
                  all_plies, ends[0], ends[1], ends[2]);
  g_assert_cmpint (ends[1], >, 0);
  g_assert_cmpint (ends[2], >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mangala/setup", test_setup);
  g_test_add_func ("/mangala/legal", test_legal);
  for (size_t i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mangala/rule/%s", rule_cases[i].name);
      g_test_add_data_func (path, &rule_cases[i], test_rule_case);
    }
  g_test_add_func ("/mangala/random-matches", test_random_matches);

  return g_test_run ();
}
