/* test-oware.c — Oware (Abapa) rules: hand-built positions the rules page decides, and invariants over random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-2x6.h"

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
    "L2:4 D3 D4 D5 D6" },
  /* 12 seeds: the lap passes over the emptied origin house. */
  { "origin-skipped-with-12",
    { 12, 1, 1, 1, 1, 1,  2, 2, 2, 2, 2, 2 }, { 10, 9 }, 0, 0, 0,
    { 0, 3, 2, 2, 2, 2,  3, 3, 3, 3, 3, 3 }, { 10, 9 }, 1, false, -1, KZ_END_NONE,
    "L0:12 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D1" },
  /* 13 seeds from house 11: the lap skips 11 and the captures run back
   * from house 1 to house 0, then stop at the mover's own row. */
  { "origin-skipped-then-capture",
    { 0, 0, 1, 1, 1, 1,  1, 1, 1, 1, 1, 13 }, { 12, 14 }, 1, 0, 11,
    { 0, 0, 2, 2, 2, 2,  2, 2, 2, 2, 2, 0 }, { 12, 18 }, 0, false, -1, KZ_END_NONE,
    "L11:13 D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D0 D1 C1:2>1 C0:2>1" },
  /* Houses 8, 7, 6 are taken; house 5 also holds 2 but is the mover's. */
  { "backward-capture-stops-at-own-row",
    { 1, 0, 0, 0, 4, 1,  1, 2, 1, 3, 3, 3 }, { 14, 15 }, 0, 0, 4,
    { 1, 0, 0, 0, 0, 2,  0, 0, 0, 3, 3, 3 }, { 21, 15 }, 1, false, -1, KZ_END_NONE,
    "L4:4 D5 D6 D7 D8 C8:2>0 C7:3>0 C6:2>0" },
  /* Player 2's captures wrap the other way: after house 0 comes house 11,
   * their own, which holds 2 and stays. */
  { "player2-backward-capture-stops-at-own-row",
    { 1, 2, 1, 3, 3, 3,  0, 0, 0, 0, 4, 1 }, { 16, 14 }, 1, 0, 10,
    { 0, 0, 0, 3, 3, 3,  0, 0, 0, 0, 0, 2 }, { 16, 21 }, 0, false, -1, KZ_END_NONE,
    "L10:4 D11 D0 D1 D2 C2:2>1 C1:3>1 C0:2>1" },
  { "backward-capture-stops-at-a-house-of-4",
    { 1, 0, 0, 0, 0, 4,  1, 3, 1, 1, 3, 3 }, { 15, 15 }, 0, 0, 5,
    { 1, 0, 0, 0, 0, 0,  2, 4, 0, 0, 3, 3 }, { 19, 15 }, 1, false, -1, KZ_END_NONE,
    "L5:4 D6 D7 D8 D9 C9:2>0 C8:2>0" },
  { "last-seed-making-4-captures-nothing",
    { 1, 0, 0, 0, 0, 1,  3, 3, 1, 1, 3, 3 }, { 15, 17 }, 0, 0, 5,
    { 1, 0, 0, 0, 0, 0,  4, 3, 1, 1, 3, 3 }, { 15, 17 }, 1, false, -1, KZ_END_NONE,
    "L5:1 D6" },
  /* Grand slam: houses 6, 7, 8 would be the whole row: nothing is taken. */
  { "grand-slam-captures-nothing",
    { 2, 0, 0, 0, 0, 3,  1, 2, 1, 0, 0, 0 }, { 20, 19 }, 0, 0, 5,
    { 2, 0, 0, 0, 0, 0,  2, 3, 2, 0, 0, 0 }, { 20, 19 }, 1, false, -1, KZ_END_NONE,
    "L5:3 D6 D7 D8" },
  { "feeding-move-when-opponent-is-empty",
    { 6, 1, 0, 2, 2, 1,  0, 0, 0, 0, 0, 0 }, { 20, 16 }, 0, 0, 4,
    { 6, 1, 0, 2, 0, 2,  1, 0, 0, 0, 0, 0 }, { 20, 16 }, 1, false, -1, KZ_END_NONE,
    "L4:2 D5 D6" },
  /* Player 2 sows their last seed away; player 1 cannot reach player 2's
   * row, so the game ends and player 1 keeps their two seeds. */
  { "no-feed-ends-and-mover-keeps-own-seeds",
    { 0, 1, 0, 0, 0, 0,  0, 0, 0, 0, 0, 1 }, { 23, 23 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 25, 23 }, 0, true, 0, KZ_END_NO_FEED,
    "L11:1 D0 C0:1>0 C1:1>0 E0:no_feed" },
  /* 24–24 once the kept seeds are counted: a draw. */
  { "no-feed-24-24-is-a-draw",
    { 0, 1, 0, 0, 0, 0,  0, 0, 0, 0, 0, 1 }, { 22, 24 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 0, true, -1, KZ_END_NO_FEED,
    "L11:1 D0 C0:1>0 C1:1>0 E-1:no_feed" },
  /* 25 captured ends the game at once; the seeds left go to their row's
   * owner, which cannot change the result. */
  { "25-captured-wins-at-once",
    { 1, 0, 0, 0, 0, 1,  2, 4, 0, 0, 0, 3 }, { 22, 15 }, 0, 0, 5,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_MAJORITY,
    "L5:1 D6 C6:3>0 C0:1>0 C7:4>1 C11:3>1 E0:majority" },
  { "player2-25-captured-wins-at-once",
    { 3, 2, 0, 0, 0, 0,  0, 0, 0, 0, 0, 2 }, { 17, 24 }, 1, 0, 11,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 21, 27 }, 0, true, 1, KZ_END_MAJORITY,
    "L11:2 D0 D1 C1:3>1 C0:4>0 E1:majority" },
  { "ply-399-plays-on",
    { 0, 0, 0, 0, 1, 5,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 0, 398, 4,
    { 0, 0, 0, 0, 0, 6,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 1, false, -1, KZ_END_NONE,
    "L4:1 D5" },
  { "ply-400-stops-each-keeps-own-row",
    { 0, 0, 0, 0, 1, 5,  1, 1, 1, 1, 1, 1 }, { 20, 16 }, 0, 399, 4,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 26, 22 }, 1, true, 0, KZ_END_LIMIT,
    "L4:1 D5 C5:6>0 C6:1>1 C7:1>1 C8:1>1 C9:1>1 C10:1>1 C11:1>1 E0:limit" },
  { "ply-400-24-24-is-a-draw",
    { 4, 4, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 }, { 0, 0 }, 0, 399, 0,
    { 0, 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0 }, { 24, 24 }, 1, true, -1, KZ_END_LIMIT,
    "L0:4 D1 D2 D3 D4 C1:5>0 C2:5>0 C3:5>0 C4:5>0 C5:4>0 "
    "C6:4>1 C7:4>1 C8:4>1 C9:4>1 C10:4>1 C11:4>1 E-1:limit" },
};

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_OWARE);
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, tc->pits, tc->stores, tc->to_move, tc->plies);
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
  g_assert_cmpint (pos.plies, ==, tc->plies + 1);
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
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, tc->pits, stores, tc->to_move, 0);
  KzAction actions[KZ_MAX_ACTIONS];
  GString *got = g_string_new (NULL);
  int n = kz_position_variant (&pos)->legal (&pos, actions);

  for (int i = 0; i < n; i++)
    g_string_append_printf (got, i ? " %d" : "%d", actions[i]);
  g_assert_cmpstr (got->str, ==, tc->want);
  g_string_free (got, TRUE);
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

  pos = kz_test_make_position (KZ_VARIANT_OWARE, slam, stores, 0, 0);
  g_assert_false (kz_position_must_feed (&pos));
  v->apply (&pos, 5, &log);
  g_assert_cmpint (log.events[log.len - 1].type, ==, KZ_EVENT_DROP);
  g_assert_cmpint (log.events[log.len - 1].detail, ==, KZ_DETAIL_GRAND_SLAM);
  for (size_t i = 0; i + 1 < log.len; i++)
    g_assert_cmpint (log.events[i].detail, ==, KZ_DETAIL_NONE);

  kz_event_log_clear (&log);
  pos = kz_test_make_position (KZ_VARIANT_OWARE, feed, stores, 0, 0);
  g_assert_true (kz_position_must_feed (&pos));
  v->apply (&pos, 4, &log);
  g_assert_cmpint (log.events[0].type, ==, KZ_EVENT_LIFT);
  g_assert_cmpint (log.events[0].detail, ==, KZ_DETAIL_MUST_FEED);

  kz_event_log_clear (&log);
  pos = kz_test_make_position (KZ_VARIANT_OWARE, plain, (uint8_t[2]) { 0, 0 }, 0, 0);
  g_assert_false (kz_position_must_feed (&pos));
  v->apply (&pos, 2, &log);
  for (size_t i = 0; i < log.len; i++)
    g_assert_cmpint (log.events[i].detail, ==, KZ_DETAIL_NONE);
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
    { 3, 0, false, "seeds must be 4 for Oware (got 3)" },
    { 5, 0, false, "seeds must be 4 for Oware (got 5)" },
    { 0, 4, false, "Oware has no option pasu" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzOptions options = { .seeds = cases[i].seeds, .pasu = cases[i].pasu };
      KzMatch match;
      char error[256] = "";
      bool ok = kz_match_init (&match, KZ_VARIANT_OWARE, &options, error, sizeof error);

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
      g_assert_cmpint (pos->variant, ==, KZ_VARIANT_OWARE);
      g_assert_cmpint (pos->stores[0] + pos->stores[1], ==, 0);
      g_assert_cmpint (pos->to_move, ==, 0);
      g_assert_cmpint (pos->over, ==, 0);
      g_assert_cmpint (pos->winner, ==, -1);
      g_assert_cmpint (kz_position_total (pos), ==, 48);
      kz_match_clear (&match);
    }
  g_assert_true (kz_variant_lookup ("oware") == kz_variant_get (KZ_VARIANT_OWARE));
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

static bool
drops_on_row (const KzEventLog *log, int player)
{
  for (size_t i = 0; i < log->len; i++)
    if (log->events[i].type == KZ_EVENT_DROP && log->events[i].pit / 6 == player)
      return true;
  return false;
}

static void
test_random_matches (void)
{
  guint64 rng = 0x4f77617265ULL;
  KzEventLog log, probe;
  int reasons[KZ_N_END_REASONS] = { 0 };
  long all_plies = 0;
  int must_feed_seen = 0;

  kz_event_log_init (&log);
  kz_event_log_init (&probe);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzMatch match;
      char error[128];

      g_assert_true (kz_match_init (&match, KZ_VARIANT_OWARE, NULL, error, sizeof error));
      const KzVariant *v = kz_position_variant (&match.pos);
      int total = kz_position_total (&match.pos);

      while (!match.pos.over)
        {
          KzAction actions[KZ_MAX_ACTIONS];
          int n = v->legal (&match.pos, actions);
          KzPosition before = match.pos;
          int p = before.to_move;
          bool must_feed = kz_position_row_sum (&before, !p) == 0;
          int listed = 0;

          g_assert_cmpint (n, >, 0);
          must_feed_seen += must_feed;
          /* Every non-empty house is listed, unless the opponent is empty
           * and it does not reach them; listed moves apply cleanly. */
          for (int c = p * 6; c < p * 6 + 6; c++)
            {
              KzPosition copy = before;
              bool is_listed = listed < n && actions[listed] == c;

              if (before.pits[c] == 0)
                {
                  g_assert_false (is_listed);
                  continue;
                }
              kz_event_log_clear (&probe);
              v->apply (&copy, (KzAction) c, &probe);
              g_assert_cmpint (kz_position_total (&copy), ==, total);
              g_assert_cmpint (is_listed, ==, !must_feed || drops_on_row (&probe, !p));
              listed += is_listed;
            }
          g_assert_cmpint (listed, ==, n);

          KzAction a = actions[next_random (&rng) % (guint64) n];
          kz_event_log_clear (&log);
          g_assert_true (kz_match_play (&match, a, &log));
          KzPosition after = match.pos;
          g_assert_cmpint (kz_position_total (&after), ==, total);
          g_assert_cmpint (after.plies, ==, before.plies + 1);
          g_assert_cmpint (after.plies, <=, PLY_LIMIT);

          KzPosition replayed = before;
          kz_test_replay_events (&replayed, &log);
          g_assert_cmpmem (replayed.pits, 12, after.pits, 12);
          g_assert_cmpmem (replayed.stores, 2, after.stores, 2);
          g_assert_cmpint (log.events[log.len - 1].type == KZ_EVENT_MATCH_END, ==, after.over);
          /* Captures before the end are the mover's and never the whole
           * opponent row (grand slam). */
          if (!after.over)
            g_assert_cmpint (kz_position_row_sum (&after, !p), >, 0);

          g_assert_true (kz_match_undo (&match));
          g_assert_true (kz_position_equal (&match.pos, &before));
          g_assert_true (kz_match_play (&match, a, NULL));
          g_assert_true (kz_position_equal (&match.pos, &after));
          all_plies++;
        }

      const KzPosition *end = &match.pos;
      g_assert_true (end->end == KZ_END_MAJORITY || end->end == KZ_END_NO_FEED ||
                     end->end == KZ_END_LIMIT);
      if (end->end == KZ_END_MAJORITY)
        g_assert_cmpint (MAX (end->stores[0], end->stores[1]), >, 24);
      if (end->end == KZ_END_LIMIT)
        g_assert_cmpint (end->plies, ==, PLY_LIMIT);
      for (int c = 0; c < 12; c++)
        g_assert_cmpint (end->pits[c], ==, 0);
      g_assert_cmpint (end->winner, ==,
                       end->stores[0] > end->stores[1] ? 0 : end->stores[1] > end->stores[0] ? 1 : -1);
      reasons[end->end]++;
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);
  kz_event_log_free (&probe);
  g_test_message ("random Oware matches: %ld plies, %d must-feed turns; ends: %d majority, %d no_feed, %d limit",
                  all_plies, must_feed_seen, reasons[KZ_END_MAJORITY], reasons[KZ_END_NO_FEED],
                  reasons[KZ_END_LIMIT]);
  g_assert_cmpint (reasons[KZ_END_MAJORITY], >, 0);
  g_assert_cmpint (must_feed_seen, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/oware/setup", test_setup);
  g_test_add_func ("/oware/details", test_details);
  for (size_t i = 0; i < G_N_ELEMENTS (legal_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/oware/legal/%s", legal_cases[i].name);
      g_test_add_data_func (path, &legal_cases[i], test_legal_case);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/oware/rule/%s", rule_cases[i].name);
      g_test_add_data_func (path, &rule_cases[i], test_rule_case);
    }
  g_test_add_func ("/oware/random-matches", test_random_matches);

  return g_test_run ();
}
