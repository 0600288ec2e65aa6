/* test-dakon.c — Dakon rules from hand-built positions, and invariants over many random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"

#define N_RANDOM_MATCHES 10000
#define MAX_PLIES        1000  /* every ply feeds a store, so 126 seeds bound a match far below this */

/* ---- helpers ------------------------------------------------------------ */

/* One line per action: drops in a row are joined ("drop 1,2,3"). */
static char *
render_events (const KzEventLog *log)
{
  GString *s = g_string_new (NULL);

  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];

      if (ev->type == KZ_EVENT_DROP && i > 0 && log->events[i - 1].type == KZ_EVENT_DROP)
        {
          g_string_append_printf (s, ",%d", ev->pit);
          continue;
        }
      if (s->len > 0)
        g_string_append (s, "; ");
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
          g_string_append_printf (s, "lift %d %d", ev->pit, ev->count);
          break;
        case KZ_EVENT_DROP:
          g_string_append_printf (s, "drop %d", ev->pit);
          break;
        case KZ_EVENT_RELAY:
          g_string_append_printf (s, "relay %d %d", ev->pit, ev->count);
          break;
        case KZ_EVENT_STORE:
          g_string_append_printf (s, "store %d", ev->player);
          break;
        case KZ_EVENT_CAPTURE:
          g_string_append_printf (s, "capture %d %d %d", ev->pit, ev->player, ev->count);
          break;
        case KZ_EVENT_EXTRA_TURN:
          g_string_append_printf (s, "extra %d", ev->player);
          break;
        case KZ_EVENT_ROUND_END:
          g_string_append_printf (s, "rend %d %d", ev->round, ev->player);
          break;
        case KZ_EVENT_ROUND_START:
          g_string_append_printf (s, "rstart %d %d", ev->round, ev->player);
          break;
        case KZ_EVENT_MATCH_END:
          g_string_append_printf (s, "end %d %s", ev->player,
                                  kz_end_reason_to_string ((KzEndReason) ev->reason));
          break;
        case KZ_EVENT_TRIPLE:
        case KZ_EVENT_LUCKY:
        case KZ_EVENT_MARK:
        case KZ_N_EVENT_TYPES:
        default:
          g_string_append (s, kz_event_type_to_string ((KzEventType) ev->type));
          break;
        }
    }
  return g_string_free (s, FALSE);
}

/* Replays the events of one action on a copy of the board: what a view
 * animating them would end up showing must be the engine's result. */
static void
replay_events (const KzPosition *before, const KzEventLog *log, int mover,
               int pits[KZ_MAX_PITS], int stores[2])
{
  int hand = 0;

  for (int i = 0; i < before->n_pits; i++)
    pits[i] = before->pits[i];
  stores[0] = before->stores[0];
  stores[1] = before->stores[1];
  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
        case KZ_EVENT_RELAY:
          g_assert_cmpint (pits[ev->pit], ==, ev->count);
          g_assert_cmpint (hand, ==, 0);
          hand = pits[ev->pit];
          pits[ev->pit] = 0;
          break;
        case KZ_EVENT_DROP:
          g_assert_cmpint (hand, >, 0);
          hand--;
          pits[ev->pit]++;
          break;
        case KZ_EVENT_STORE:
          g_assert_cmpint (hand, >, 0);
          g_assert_cmpint (ev->player, ==, mover);
          hand--;
          stores[ev->player]++;
          break;
        case KZ_EVENT_CAPTURE:
          g_assert_cmpint (pits[ev->pit], >=, ev->count);
          g_assert_cmpint (ev->count, >, 0);
          pits[ev->pit] -= ev->count;
          stores[ev->player] += ev->count;
          break;
        default:
          break;
        }
    }
  g_assert_cmpint (hand, ==, 0);
}

/* ---- rule cases --------------------------------------------------------- */

typedef struct {
  const char *name;
  int         seeds;                 /* setup option; 0 = default */
  int         pits[KZ_MAX_PITS];
  int         stores[2];
  int         to_move;
  int         quiet;
  KzAction    action;
  int         exp_pits[KZ_MAX_PITS];
  int         exp_stores[2];
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
    .exp_events = "lift 0 7; drop 1,2,3,4,5,6; store 0; extra 0",
  },
  {
    /* Relays on both rows; the lifted pit 6 is sown into again; pit 11,
     * emptied by a relay, counts as empty and ends the turn there. */
    .name = "multi-lap-ends-on-opponent-side",
    .pits = { 1, 6, 0, 0, 0, 0, 3,   0, 2, 0, 0, 3, 0, 0 },
    .action = 6,
    .exp_pits = { 2, 0, 1, 1, 1, 1, 1,   0, 1, 0, 2, 1, 1, 1 },
    .exp_stores = { 2, 0 }, .exp_to_move = 1, .exp_quiet = 1,
    .exp_events = "lift 6 3; store 0; drop 7,8; relay 8 3; drop 9,10,11; relay 11 4; "
                  "drop 12,13,0,1; relay 1 7; drop 2,3,4,5,6; store 0; drop 7; relay 7 2; "
                  "drop 8,9; relay 9 2; drop 10,11",
  },
  {
    .name = "player2-relay-then-own-store",
    .pits = { 3, 4, 0, 0, 0, 0, 0,   0, 0, 0, 2, 0, 1, 0 },
    .to_move = 1,
    .action = 10,
    .exp_pits = { 3, 4, 0, 0, 0, 0, 0,   0, 0, 0, 0, 1, 0, 1 },
    .exp_stores = { 0, 1 }, .exp_to_move = 1, .exp_quiet = 1,
    .exp_events = "lift 10 2; drop 11,12; relay 12 2; drop 13; store 1; extra 1",
  },
  {
    .name = "own-empty-capture",
    .pits = { 0, 0, 2, 0, 0, 0, 1,   1, 0, 5, 0, 0, 0, 0 },
    .quiet = 50,
    .action = 2,
    .exp_pits = { 0, 0, 0, 1, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .exp_stores = { 6, 0 }, .exp_to_move = 1, .exp_quiet = 0,
    .exp_events = "lift 2 2; drop 3,4; capture 4 0 1; capture 9 0 5",
  },
  {
    /* The one seed still goes to the store, and it counts as a capture. */
    .name = "own-empty-capture-opposite-empty",
    .pits = { 0, 0, 2, 0, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .quiet = 50,
    .action = 2,
    .exp_pits = { 0, 0, 0, 1, 0, 0, 1,   1, 0, 0, 0, 0, 0, 0 },
    .exp_stores = { 1, 0 }, .exp_to_move = 1, .exp_quiet = 0,
    .exp_events = "lift 2 2; drop 3,4; capture 4 0 1",
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
    .exp_events = "lift 13 3; store 1; drop 0,1; relay 1 7; drop 2,3,4,5,6,7,8; "
                  "capture 8 1 1; capture 5 1 1",
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
    .exp_events = "lift 6 1; store 0; capture 7 1 2; capture 13 1 3; end 1 side_empty",
  },
  {
    .name = "capture-empties-opponent-row-sweep",
    .pits = { 0, 0, 2, 0, 0, 0, 4,   0, 0, 2, 0, 0, 0, 0 },
    .stores = { 5, 5 },
    .action = 2,
    .exp_pits = { 0 },
    .exp_stores = { 13, 5 }, .exp_to_move = 0, .exp_quiet = 0,
    .exp_over = true, .exp_winner = 0, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "lift 2 2; drop 3,4; capture 4 0 1; capture 9 0 2; "
                  "capture 3 0 1; capture 6 0 4; end 0 side_empty",
  },
  {
    .name = "row-empty-mover-loses",
    .pits = { 0, 0, 0, 0, 0, 0, 1,   0, 0, 0, 0, 0, 0, 1 },
    .stores = { 9, 10 },
    .action = 6,
    .exp_pits = { 0 },
    .exp_stores = { 10, 11 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_over = true, .exp_winner = 1, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "lift 6 1; store 0; capture 13 1 1; end 1 side_empty",
  },
  {
    .name = "row-empty-equal-is-draw",
    .pits = { 0, 0, 0, 0, 0, 0, 1,   0, 0, 0, 0, 0, 0, 1 },
    .stores = { 10, 10 },
    .action = 6,
    .exp_pits = { 0 },
    .exp_stores = { 11, 11 }, .exp_to_move = 0, .exp_quiet = 1,
    .exp_over = true, .exp_winner = -1, .exp_end = KZ_END_SIDE_EMPTY,
    .exp_events = "lift 6 1; store 0; capture 13 1 1; end -1 side_empty",
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
    .exp_events = "lift 6 2; store 0; drop 7; end 0 no_capture",
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
    .exp_events = "lift 6 2; store 0; drop 7; end -1 no_capture",
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
    .exp_events = "lift 6 1; store 0; end 0 no_capture",
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
    .exp_events = "lift 6 2; store 0; drop 7",
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
    .exp_events = "lift 0 1; drop 1; capture 1 0 1; capture 12 0 4",
  },
};

static void
build_position (KzPosition *pos, int seeds, const int pits[KZ_MAX_PITS],
                const int stores[2], int to_move, int quiet)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_DAKON);
  KzOptions options = { .seeds = seeds };
  char error[128];

  g_assert_nonnull (v);
  g_assert_true (v->setup (pos, &options, error, sizeof error));
  for (int i = 0; i < KZ_MAX_PITS; i++)
    pos->pits[i] = (uint8_t) pits[i];
  pos->stores[0] = (uint8_t) stores[0];
  pos->stores[1] = (uint8_t) stores[1];
  pos->to_move = (uint8_t) to_move;
  pos->quiet_plies = (uint16_t) quiet;
}

static void
test_dakon_case (gconstpointer data)
{
  const DakonCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_DAKON);
  KzPosition pos, fast;
  KzEventLog log;
  KzAction legal[KZ_MAX_ACTIONS];
  g_autofree char *events = NULL;

  build_position (&pos, tc->seeds, tc->pits, tc->stores, tc->to_move, tc->quiet);
  g_assert_true (kz_position_is_legal (&pos, tc->action));
  int total = kz_position_total (&pos);
  KzPosition before = pos;

  fast = pos;
  kz_event_log_init (&log);
  v->apply (&pos, tc->action, &log);
  v->apply (&fast, tc->action, NULL);
  events = render_events (&log);

  for (int i = 0; i < KZ_MAX_PITS; i++)
    g_assert_cmpint (pos.pits[i], ==, tc->exp_pits[i]);
  g_assert_cmpint (pos.stores[0], ==, tc->exp_stores[0]);
  g_assert_cmpint (pos.stores[1], ==, tc->exp_stores[1]);
  g_assert_cmpint (pos.to_move, ==, tc->exp_to_move);
  g_assert_cmpint (pos.over, ==, tc->exp_over);
  if (tc->exp_over)
    g_assert_cmpint (pos.winner, ==, tc->exp_winner);
  g_assert_cmpint (pos.end, ==, tc->exp_over ? tc->exp_end : KZ_END_NONE);
  g_assert_cmpint (pos.quiet_plies, ==, tc->exp_quiet);
  g_assert_cmpint (pos.plies, ==, before.plies + 1);
  g_assert_cmpstr (events, ==, tc->exp_events);

  g_assert_cmpint (kz_position_total (&pos), ==, total);
  g_assert_true (kz_position_equal (&pos, &fast));
  g_assert_cmpint (v->legal (&pos, legal) == 0, ==, pos.over);

  int pits[KZ_MAX_PITS], stores[2];
  replay_events (&before, &log, before.to_move, pits, stores);
  for (int i = 0; i < KZ_MAX_PITS; i++)
    g_assert_cmpint (pits[i], ==, pos.pits[i]);
  g_assert_cmpint (stores[0], ==, pos.stores[0]);
  g_assert_cmpint (stores[1], ==, pos.stores[1]);

  kz_event_log_free (&log);
}

/* ---- setup and options -------------------------------------------------- */

static void
test_dakon_setup (void)
{
  KzMatch match;
  KzOptions options = { 0 };
  char error[128];
  KzAction legal[KZ_MAX_ACTIONS];

  g_assert_true (kz_match_init (&match, KZ_VARIANT_DAKON, &options, error, sizeof error));
  for (int i = 0; i < 14; i++)
    g_assert_cmpint (match.pos.pits[i], ==, 7);
  g_assert_cmpint (kz_position_total (&match.pos), ==, 98);
  g_assert_cmpint (match.pos.to_move, ==, 0);
  g_assert_false (match.pos.over);
  int n = kz_position_variant (&match.pos)->legal (&match.pos, legal);
  g_assert_cmpint (n, ==, 7);
  for (int i = 0; i < n; i++)
    g_assert_cmpint (legal[i], ==, i);
  kz_match_clear (&match);

  g_assert_true (kz_variant_lookup ("dakon") == kz_variant_get (KZ_VARIANT_DAKON));

  for (int seeds = 3; seeds <= 9; seeds++)
    {
      options.seeds = seeds;
      g_assert_true (kz_match_init (&match, KZ_VARIANT_DAKON, &options, error, sizeof error));
      g_assert_cmpint (kz_position_total (&match.pos), ==, 14 * seeds);
      kz_match_clear (&match);
    }

  const KzOptions refused[] = { { .seeds = 2 }, { .seeds = 10 }, { .seeds = 19 }, { .pasu = 4 } };
  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      error[0] = '\0';
      g_assert_false (kz_match_init (&match, KZ_VARIANT_DAKON, &refused[i], error, sizeof error));
      g_assert_cmpstr (error, !=, "");
    }
}

/* ---- random matches ----------------------------------------------------- */

static uint64_t
next_random (uint64_t *state)
{
  /* xorshift64*: a fixed seed makes every run play the same matches. */
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

static void
test_dakon_random_matches (void)
{
  uint64_t rng = 0x64616b6f6eULL;
  KzEventLog log;
  int ends[KZ_N_END_REASONS] = { 0 };
  int wins[3] = { 0 };
  int longest = 0;

  kz_event_log_init (&log);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzMatch match;
      KzOptions options = { .seeds = 3 + m % 7 };
      char error[128];

      g_assert_true (kz_match_init (&match, KZ_VARIANT_DAKON, &options, error, sizeof error));
      const KzVariant *v = kz_position_variant (&match.pos);
      int total = kz_position_total (&match.pos);

      while (!match.pos.over)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = v->legal (&match.pos, legal);
          g_assert_cmpint (n, >, 0);
          g_assert_cmpint (match.pos.plies, <, MAX_PLIES);

          KzAction action = legal[next_random (&rng) % (uint64_t) n];
          KzPosition before = match.pos;
          kz_event_log_clear (&log);
          g_assert_true (kz_match_play (&match, action, &log));
          g_assert_cmpint (kz_position_total (&match.pos), ==, total);
          g_assert_cmpint (match.pos.refill_left[0] + match.pos.refill_left[1], ==, 0);

          int pits[KZ_MAX_PITS], stores[2];
          replay_events (&before, &log, before.to_move, pits, stores);
          for (int i = 0; i < KZ_MAX_PITS; i++)
            g_assert_cmpint (pits[i], ==, match.pos.pits[i]);
          g_assert_cmpint (stores[0], ==, match.pos.stores[0]);
          g_assert_cmpint (stores[1], ==, match.pos.stores[1]);

          /* Undo gives back the exact position; playing again gives the
           * same result, with or without an event log. */
          KzPosition after = match.pos;
          g_assert_true (kz_match_undo (&match));
          g_assert_true (kz_position_equal (&match.pos, &before));
          KzPosition fast = before;
          v->apply (&fast, action, NULL);
          g_assert_true (kz_position_equal (&fast, &after));
          g_assert_true (kz_match_play (&match, action, NULL));
          g_assert_true (kz_position_equal (&match.pos, &after));
        }
      KzAction legal[KZ_MAX_ACTIONS];
      g_assert_cmpint (v->legal (&match.pos, legal), ==, 0);
      ends[match.pos.end]++;
      wins[match.pos.winner + 1]++;
      longest = MAX (longest, match.pos.plies);
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);

  g_test_message ("%d matches: %d side_empty, %d no_capture; P1 %d, P2 %d, draws %d; longest %d plies",
                  N_RANDOM_MATCHES, ends[KZ_END_SIDE_EMPTY], ends[KZ_END_NO_CAPTURE],
                  wins[1], wins[2], wins[0], longest);
  g_assert_cmpint (ends[KZ_END_SIDE_EMPTY] + ends[KZ_END_NO_CAPTURE], ==, N_RANDOM_MATCHES);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dakon/setup", test_dakon_setup);
  for (size_t i = 0; i < G_N_ELEMENTS (dakon_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/dakon/rules/%s", dakon_cases[i].name);
      g_test_add_data_func (path, &dakon_cases[i], test_dakon_case);
    }
  g_test_add_func ("/dakon/random-matches", test_dakon_random_matches);

  return g_test_run ();
}
