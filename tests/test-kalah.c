/* test-kalah.c — Kalah rules: hand-built positions the rules page decides, and invariants over random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-2x6.h"

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
    "L2:1 D3 C8:4>0 C3:1>0" },
  { "no-capture-with-empty-opposite",
    { 2, 2, 1, 0, 4, 4,  4, 4, 0, 4, 4, 4 }, { 8, 7 }, 0, 2,
    { 2, 2, 0, 1, 4, 4,  4, 4, 0, 4, 4, 4 }, { 8, 7 }, 1, false, -1, KZ_END_NONE,
    "L2:1 D3" },
  { "player2-no-capture-with-empty-opposite",
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 1, 0, 4 }, { 8, 7 }, 1, 9,
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 0, 1, 4 }, { 8, 7 }, 0, false, -1, KZ_END_NONE,
    "L9:1 D10" },
  { "player2-capture-opposite-has-seeds",
    { 4, 3, 4, 4, 4, 4,  4, 4, 0, 1, 0, 4 }, { 4, 8 }, 1, 9,
    { 4, 0, 4, 4, 4, 4,  4, 4, 0, 0, 0, 4 }, { 4, 12 }, 0, false, -1, KZ_END_NONE,
    "L9:1 D10 C1:3>1 C10:1>1" },
  { "last-seed-in-store-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 2,
    { 4, 4, 0, 5, 5, 5,  4, 4, 4, 4, 4, 4 }, { 1, 0 }, 0, false, -1, KZ_END_NONE,
    "L2:4 D3 D4 D5 S0 X0" },
  { "player2-last-seed-in-store-moves-again",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 8,
    { 4, 4, 4, 4, 4, 4,  4, 4, 0, 5, 5, 5 }, { 0, 1 }, 1, false, -1, KZ_END_NONE,
    "L8:4 D9 D10 D11 S1 X1" },
  { "passing-own-store-is-no-extra-turn",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 3,
    { 4, 4, 4, 0, 5, 5,  5, 4, 4, 4, 4, 4 }, { 1, 0 }, 1, false, -1, KZ_END_NONE,
    "L3:4 D4 D5 S0 D6" },
  /* 13 seeds: a full lap skips the opponent's store and ends in the
   * emptied origin pit, which captures like any empty pit. */
  { "lap-of-13-ends-in-origin-and-captures",
    { 13, 1, 1, 1, 1, 1,  2, 2, 2, 2, 2, 2 }, { 10, 8 }, 0, 0,
    { 0, 2, 2, 2, 2, 2,  3, 3, 3, 3, 3, 0 }, { 15, 8 }, 1, false, -1, KZ_END_NONE,
    "L0:13 D1 D2 D3 D4 D5 S0 D6 D7 D8 D9 D10 D11 D0 C11:3>0 C0:1>0" },
  { "player2-lap-of-14-skips-player1-store",
    { 1, 1, 1, 1, 1, 1,  0, 14, 0, 0, 0, 0 }, { 14, 14 }, 1, 7,
    { 2, 2, 2, 2, 2, 2,  1, 1, 2, 1, 1, 1 }, { 14, 15 }, 0, false, -1, KZ_END_NONE,
    "L7:14 D8 D9 D10 D11 S1 D0 D1 D2 D3 D4 D5 D6 D7 D8" },
  /* The mover empties their own row with a seed into the store: the game
   * ends at once (no extra turn), the opponent sweeps their row. */
  { "end-sweep-after-own-row-empties",
    { 0, 0, 0, 0, 0, 1,  3, 0, 2, 0, 0, 1 }, { 20, 21 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 21, 27 }, 0, true, 1, KZ_END_SIDE_EMPTY,
    "L5:1 S0 C6:3>1 C8:2>1 C11:1>1 E1:side_empty" },
  /* A capture empties the opponent's row: the mover sweeps their own. */
  { "end-after-capture-empties-opponent-row-win",
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 0, 3, 0 }, { 20, 22 }, 0, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_SIDE_EMPTY,
    "L0:1 D1 C10:3>0 C1:1>0 C5:2>0 E0:side_empty" },
  { "end-with-equal-stores-is-a-draw",
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 0, 3, 0 }, { 18, 24 }, 0, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 1, true, -1, KZ_END_SIDE_EMPTY,
    "L0:1 D1 C10:3>0 C1:1>0 C5:2>0 E-1:side_empty" },
  /* The mover's last seeds pass the store and leave the row: no extra
   * turn, the game ends, the opponent sweeps their row. */
  { "end-when-last-seeds-leave-own-row",
    { 0, 0, 0, 0, 0, 2,  1, 0, 0, 0, 0, 0 }, { 22, 23 }, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 23, 25 }, 1, true, 1, KZ_END_SIDE_EMPTY,
    "L5:2 S0 D6 C6:2>1 E1:side_empty" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_KALAH);
  KzPosition pos = kz_test_make_position (KZ_VARIANT_KALAH, tc->pits, tc->stores, tc->to_move, 10);
  KzPosition fast;
  KzEventLog log;
  g_autofree char *events = NULL;
  int total = kz_position_total (&pos);

  g_assert_true (kz_position_is_legal (&pos, tc->action));

  kz_event_log_init (&log);
  fast = pos;
  KzPosition replayed = pos;
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
  /* The search's fast path (no log) plays the same game. */
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
    { 3, 0, true, NULL },
    { 4, 0, true, NULL },
    { 5, 0, true, NULL },
    { 6, 0, true, NULL },
    { 2, 0, false, "seeds must be 3, 4, 5 or 6 for Kalah (got 2)" },
    { 7, 0, false, "seeds must be 3, 4, 5 or 6 for Kalah (got 7)" },
    { 4, 6, false, "Kalah has no option pasu" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzOptions options = { .seeds = cases[i].seeds, .pasu = cases[i].pasu };
      KzMatch match;
      char error[256] = "";
      bool ok = kz_match_init (&match, KZ_VARIANT_KALAH, &options, error, sizeof error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_cmpstr (error, ==, cases[i].message);
          continue;
        }
      int seeds = cases[i].seeds ? cases[i].seeds : 4;
      const KzPosition *pos = &match.pos;
      for (int c = 0; c < 12; c++)
        g_assert_cmpint (pos->pits[c], ==, seeds);
      g_assert_cmpint (pos->n_pits, ==, 12);
      g_assert_cmpint (pos->seeds, ==, seeds);
      g_assert_cmpint (pos->variant, ==, KZ_VARIANT_KALAH);
      g_assert_cmpint (pos->stores[0] + pos->stores[1], ==, 0);
      g_assert_cmpint (pos->to_move, ==, 0);
      g_assert_cmpint (pos->over, ==, 0);
      g_assert_cmpint (pos->winner, ==, -1);
      g_assert_cmpint (pos->lucky[0], ==, -1);
      g_assert_cmpint (pos->lucky[1], ==, -1);
      g_assert_cmpint (kz_position_total (pos), ==, 12 * seeds);
      kz_match_clear (&match);
    }
  g_assert_true (kz_variant_lookup ("kalah") == kz_variant_get (KZ_VARIANT_KALAH));
}

static void
test_legal (void)
{
  uint8_t pits[12] = { 0, 3, 0, 1, 0, 2,  5, 0, 0, 0, 0, 7 };
  uint8_t stores[2] = { 10, 20 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_KALAH, pits, stores, 0, 0);
  const KzVariant *v = kz_position_variant (&pos);
  KzAction actions[KZ_MAX_ACTIONS];

  g_assert_cmpint (v->legal (&pos, actions), ==, 3);
  g_assert_cmpint (actions[0], ==, 1);
  g_assert_cmpint (actions[1], ==, 3);
  g_assert_cmpint (actions[2], ==, 5);
  pos.to_move = 1;
  g_assert_cmpint (v->legal (&pos, actions), ==, 2);
  g_assert_cmpint (actions[0], ==, 6);
  g_assert_cmpint (actions[1], ==, 11);
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
  guint64 rng = 0x4b616c6168ULL;
  KzEventLog log;
  int ends[2 + 1] = { 0, 0, 0 };
  long all_plies = 0;

  kz_event_log_init (&log);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzOptions options = { .seeds = 3 + m % 4 };
      KzMatch match;
      char error[128];
      int plies = 0;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, &options, error, sizeof error));
      int total = kz_position_total (&match.pos);
      g_assert_cmpint (total, ==, 12 * options.seeds);

      while (!match.pos.over)
        {
          kz_test_play_checked_ply (&match, &log, next_random (&rng));
          plies++;
          all_plies++;
          g_assert_cmpint (plies, <, MAX_MATCH_PLIES);
        }

      /* The sweep leaves the board empty and the stores hold the score. */
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
  g_test_message ("random Kalah matches: %ld plies, %d draws, %d won by P1, %d by P2",
                  all_plies, ends[0], ends[1], ends[2]);
  g_assert_cmpint (ends[1], >, 0);
  g_assert_cmpint (ends[2], >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/kalah/setup", test_setup);
  g_test_add_func ("/kalah/legal", test_legal);
  for (size_t i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/kalah/rule/%s", rule_cases[i].name);
      g_test_add_data_func (path, &rule_cases[i], test_rule_case);
    }
  g_test_add_func ("/kalah/random-matches", test_random_matches);

  return g_test_run ();
}
