/* test-bohnenspiel.c — Bohnenspiel's rules: hand-built positions that docs/rules-bohnenspiel.md decides, and invariants over random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-2x6.h"
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
    "L2:6 D3 D4 D5 D6 D7 D8" },
  /* 6, then 4, then 2 are taken, clockwise from the last pit; the lifted
   * pit, empty now, stops the chain. */
  { "chain-of-2-4-6-backwards",
    { 1, 0, 0, 0, 0, 3,  1, 3, 5, 2, 2, 2 }, { 10, 12 }, 0, 7, 5,
    { 1, 0, 0, 0, 0, 0,  0, 0, 0, 2, 2, 2 }, { 22, 12 }, 1, 0, false, -1, KZ_END_NONE,
    "L5:3 D6 D7 D8 C8:6>0 C7:4>0 C6:2>0" },
  /* The chain runs on from the other row onto the mover's own. */
  { "chain-crosses-onto-own-row",
    { 2, 0, 0, 0, 2, 1,  3, 1, 1, 1, 1, 1 }, { 5, 5 }, 0, 0, 4,
    { 2, 0, 0, 0, 0, 0,  0, 1, 1, 1, 1, 1 }, { 11, 5 }, 1, 0, false, -1, KZ_END_NONE,
    "L4:2 D5 D6 C6:4>0 C5:2>0" },
  /* Player 2's sowing goes round the end of the board; the chain comes
   * back over pit 0 to pit 11 and stops at the emptied pit 10. */
  { "chain-goes-round-the-end",
    { 1, 3, 5, 5, 5, 5,  1, 1, 1, 1, 3, 1 }, { 0, 0 }, 1, 0, 10,
    { 0, 0, 5, 5, 5, 5,  1, 1, 1, 1, 0, 0 }, { 0, 8 }, 0, 0, false, -1, KZ_END_NONE,
    "L10:3 D11 D0 D1 C1:4>1 C0:2>1 C11:2>1" },
  /* A last pit of 3 takes nothing, though the pit before holds 2. */
  { "odd-last-pit-takes-nothing",
    { 1, 2, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 3, 0,
    { 0, 3, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 1, 4, false, -1, KZ_END_NONE,
    "L0:1 D1" },
  /* The chain stops at the first pit of another number (3 in pit 5),
   * and pit 4's 2 beyond it stays. */
  { "chain-stops-at-first-other-number",
    { 1, 1, 1, 3, 1, 2,  1, 0, 0, 0, 0, 1 }, { 30, 30 }, 0, 0, 3,
    { 1, 1, 1, 0, 2, 3,  0, 0, 0, 0, 0, 1 }, { 32, 30 }, 1, 0, false, -1, KZ_END_NONE,
    "L3:3 D4 D5 D6 C6:2>0" },
  /* 12 beans: the lap comes back to the lifted pit, which is not skipped. */
  { "lifted-pit-receives-on-the-next-lap",
    { 12, 1, 1, 1, 1, 1,  1, 1, 1, 1, 1, 0 }, { 0, 0 }, 0, 0, 0,
    { 1, 2, 2, 2, 2, 2,  2, 2, 2, 2, 2, 1 }, { 0, 0 }, 1, 1, false, -1, KZ_END_NONE,
    "L0:12 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D0" },
  /* 13 beans end on pit 1 (2 now) past the lifted pit, which holds 1 and
   * stops the chain. */
  { "thirteen-beans-capture-past-the-lifted-pit",
    { 13, 0, 1, 1, 1, 1,  1, 1, 1, 1, 1, 1 }, { 0, 0 }, 0, 0, 0,
    { 1, 0, 2, 2, 2, 2,  2, 2, 2, 2, 2, 2 }, { 2, 0 }, 1, 0, false, -1, KZ_END_NONE,
    "L0:13 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D0 D1 C1:2>0" },
  /* Player 2 is left without beans: the rest (pit 5) goes to Player 1. */
  { "opponent-without-beans-mover-takes-the-rest",
    { 0, 0, 0, 0, 2, 4,  1, 0, 0, 0, 0, 0 }, { 30, 35 }, 0, 0, 4,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 37, 35 }, 1, 0, true, 0, KZ_END_SIDE_EMPTY,
    "L4:2 D5 D6 C6:2>0 C5:5>0 E0:side_empty" },
  /* Player 1, to move next, has nothing: the game ends after the capture. */
  { "player1-without-beans",
    { 0, 0, 0, 0, 0, 0,  1, 3, 0, 0, 0, 0 }, { 30, 38 }, 1, 0, 6,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 30, 42 }, 0, 0, true, 1, KZ_END_SIDE_EMPTY,
    "L6:1 D7 C7:4>1 E1:side_empty" },
  /* Sowing onto an empty row gives it beans: play goes on. */
  { "sowing-feeds-an-empty-row",
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 1, 3 }, { 34, 34 }, 1, 0, 11,
    { 1, 1, 1, 0, 0, 0,  0, 0, 0, 0, 1, 0 }, { 34, 34 }, 0, 1, false, -1, KZ_END_NONE,
    "L11:3 D0 D1 D2" },
  { "99-quiet-plies-play-on",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 0, 98, 0,
    { 0, 1, 1, 1, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 1, 99, false, -1, KZ_END_NONE,
    "L0:3 D1 D2 D3" },
  /* The hundredth ply without a capture: each row goes to its owner. */
  { "100-quiet-plies-end-each-keeps-own-row",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 32 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 34, 38 }, 1, 100, true, 1, KZ_END_NO_CAPTURE,
    "L0:3 D1 D2 D3 C1:1>0 C2:1>0 C3:1>0 C6:1>1 C7:1>1 C8:1>1 C9:1>1 C10:1>1 C11:1>1 E1:no_capture" },
  { "100-quiet-plies-36-36-is-a-draw",
    { 3, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 33, 30 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 36, 36 }, 1, 100, true, -1, KZ_END_NO_CAPTURE,
    "L0:3 D1 D2 D3 C1:1>0 C2:1>0 C3:1>0 C6:1>1 C7:1>1 C8:1>1 C9:1>1 C10:1>1 C11:1>1 E-1:no_capture" },
  /* A capture on the hundredth ply sets the count back instead. */
  { "capture-on-the-hundredth-ply-plays-on",
    { 1, 1, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 31, 33 }, 0, 99, 0,
    { 0, 0, 0, 0, 0, 0,  1, 1, 1, 1, 1, 1 }, { 33, 33 }, 1, 0, false, -1, KZ_END_NONE,
    "L0:1 D1 C1:2>0" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_BOHNENSPIEL);
  KzPosition pos = kz_test_make_position (KZ_VARIANT_BOHNENSPIEL, tc->pits, tc->stores, tc->to_move, 10);
  KzPosition fast, replayed;
  KzEventLog log;
  g_autofree char *events = NULL;
  int total;

  pos.quiet_plies = (uint16_t) tc->quiet;
  total = kz_position_total (&pos);
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
  g_assert_cmpint (pos.quiet_plies, ==, tc->want_quiet);
  g_assert_cmpint (pos.over, ==, tc->want_over);
  g_assert_cmpint (pos.winner, ==, tc->want_winner);
  g_assert_cmpint (pos.end, ==, tc->want_end);
  g_assert_cmpint (pos.plies, ==, 11);
  g_assert_cmpint (kz_position_total (&pos), ==, total);
  g_assert_true (kz_position_equal (&pos, &fast));
  kz_test_replay_events (&replayed, &log);
  g_assert_cmpmem (replayed.pits, 12, pos.pits, 12);
  g_assert_cmpmem (replayed.stores, 2, pos.stores, 2);

  {
    KzAction actions[KZ_MAX_ACTIONS];
    if (tc->want_over)
      g_assert_cmpint (v->legal (&pos, actions), ==, 0);
    else
      g_assert_cmpint (v->legal (&pos, actions), >, 0);
  }
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
    { 5, 0, true, NULL },
    { 6, 0, true, NULL },
    { 3, 0, false, "seeds must be 4, 5 or 6 for Bohnenspiel (got 3)" },
    { 7, 0, false, "seeds must be 4, 5 or 6 for Bohnenspiel (got 7)" },
    { 0, 4, false, "Bohnenspiel has no option pasu" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzOptions options = { .seeds = cases[i].seeds, .pasu = cases[i].pasu };
      int want = cases[i].seeds ? cases[i].seeds : 6;
      KzMatch match;
      char error[256] = "";
      bool ok = kz_match_init (&match, KZ_VARIANT_BOHNENSPIEL, &options, error, sizeof error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_cmpstr (error, ==, cases[i].message);
          continue;
        }
      for (int c = 0; c < 12; c++)
        g_assert_cmpint (match.pos.pits[c], ==, want);
      g_assert_cmpint (match.pos.n_pits, ==, 12);
      g_assert_cmpint (match.pos.seeds, ==, want);
      g_assert_cmpint (match.pos.stores[0] + match.pos.stores[1], ==, 0);
      g_assert_cmpint (match.pos.to_move, ==, 0);
      g_assert_cmpint (match.pos.round, ==, 0);
      g_assert_cmpint (kz_position_total (&match.pos), ==, 12 * want);
      kz_match_clear (&match);
    }
  g_assert_true (kz_variant_lookup ("bohnenspiel") == kz_variant_get (KZ_VARIANT_BOHNENSPIEL));
}

/* Random matches of every size: each ply keeps the shared invariants (own
 * non-empty pits listed, beans kept, events that replay, undo), captures
 * only take 2, 4 or 6, the turn always passes, and every match ends. */
static void
test_random_matches (void)
{
  guint64 rng = 0x426f686e656eULL;
  KzEventLog log;
  int reasons[KZ_N_END_REASONS] = { 0 };
  long all_plies = 0;

  kz_event_log_init (&log);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzOptions options = { .seeds = 4 + m % 3 };
      KzMatch match;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_BOHNENSPIEL, &options, NULL, 0));
      while (!match.pos.over)
        {
          int mover = match.pos.to_move;
          int quiet = match.pos.quiet_plies;

          kz_test_play_checked_ply (&match, &log, kz_test_rand (&rng));
          g_assert_cmpint (match.pos.over || match.pos.to_move != mover, ==, TRUE);
          for (size_t i = 0; i < log.len; i++)
            if (log.events[i].type == KZ_EVENT_CAPTURE && !match.pos.over)
              {
                g_assert_cmpint (log.events[i].player, ==, mover);
                g_assert_true (log.events[i].count == 2 || log.events[i].count == 4 || log.events[i].count == 6);
              }
          if (!match.pos.over)
            g_assert_true (match.pos.quiet_plies == 0 || match.pos.quiet_plies == quiet + 1);
          g_assert_cmpint (match.pos.quiet_plies, <=, QUIET_LIMIT);
        }
      g_assert_cmpint (match.pos.stores[0] + match.pos.stores[1], ==, 12 * options.seeds);
      g_assert_cmpint (match.pos.winner, ==,
                       match.pos.stores[0] > match.pos.stores[1] ? 0 : match.pos.stores[1] > match.pos.stores[0] ? 1 : -1);
      reasons[match.pos.end]++;
      all_plies += match.pos.plies;
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);
  g_test_message ("%d matches, %.1f plies on average; side_empty %d, no_capture %d",
                  N_RANDOM_MATCHES, (double) all_plies / N_RANDOM_MATCHES,
                  reasons[KZ_END_SIDE_EMPTY], reasons[KZ_END_NO_CAPTURE]);
  g_assert_cmpint (reasons[KZ_END_SIDE_EMPTY] + reasons[KZ_END_NO_CAPTURE], ==, N_RANDOM_MATCHES);
  g_assert_cmpint (reasons[KZ_END_SIDE_EMPTY], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bohnenspiel/setup", test_setup);
  for (size_t i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/bohnenspiel/rules/%s", rule_cases[i].name);
      g_test_add_data_func (path, &rule_cases[i], test_rule_case);
    }
  g_test_add_func ("/bohnenspiel/random-matches", test_random_matches);
  return g_test_run ();
}
