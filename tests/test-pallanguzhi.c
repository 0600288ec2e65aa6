/* test-pallanguzhi.c — Pallanguzhi rules from hand-built positions, repetition, and invariants over many random matches. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"

#define N_RANDOM_MATCHES 10000
#define MAX_PLIES        20000  /* a bound to report endless matches, far above what matches take */

#define R(c)      (1u << (c))
#define R_RANGE(a, b) ((uint16_t) (((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1)))

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
        case KZ_EVENT_CAPTURE:
          g_string_append_printf (s, "capture %d %d %d", ev->pit, ev->player, ev->count);
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
        case KZ_EVENT_STORE:
        case KZ_EVENT_EXTRA_TURN:
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

/* Replays the events of one action on a copy of the board, as a view
 * animating them would. The refill between rounds has no events (the view
 * takes the new round's board from the position), so the replay stops at
 * round_start and returns false then. */
static bool
replay_events (const KzPosition *before, const KzEventLog *log,
               int pits[KZ_MAX_PITS], int stores[2])
{
  int hand = 0;
  int pasu = before->option;
  int mover = before->to_move;

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
          g_assert_false (before->rubbish & R (ev->pit));
          hand = pits[ev->pit];
          pits[ev->pit] = 0;
          break;
        case KZ_EVENT_DROP:
          g_assert_cmpint (hand, >, 0);
          g_assert_false (before->rubbish & R (ev->pit));
          hand--;
          pits[ev->pit]++;
          /* A cup that reaches the pasu is captured right after the drop. */
          if (pits[ev->pit] == pasu)
            {
              g_assert_cmpuint (i + 1, <, log->len);
              g_assert_cmpint (log->events[i + 1].type, ==, KZ_EVENT_CAPTURE);
              g_assert_cmpint (log->events[i + 1].pit, ==, ev->pit);
              g_assert_cmpint (log->events[i + 1].player, ==, mover);
            }
          break;
        case KZ_EVENT_CAPTURE:
          g_assert_cmpint (pits[ev->pit], ==, ev->count);
          g_assert_cmpint (ev->count, >, 0);
          pits[ev->pit] = 0;
          stores[ev->player] += ev->count;
          break;
        case KZ_EVENT_ROUND_END:
          g_assert_cmpint (hand, ==, 0);
          for (int c = 0; c < before->n_pits; c++)
            g_assert_cmpint (pits[c], ==, 0);
          break;
        case KZ_EVENT_ROUND_START:
          return false;
        case KZ_EVENT_STORE:
        case KZ_EVENT_EXTRA_TURN:
          g_assert_not_reached ();
          break;
        default:
          break;
        }
    }
  g_assert_cmpint (hand, ==, 0);
  return true;
}

static void
build_position (KzPosition *pos, int seeds, int pasu, const int pits[KZ_MAX_PITS],
                const int stores[2], unsigned rubbish, int to_move, int round)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzOptions options = { .seeds = seeds, .pasu = pasu };
  char error[128];

  g_assert_nonnull (v);
  g_assert_true (v->setup (pos, &options, error, sizeof error));
  for (int i = 0; i < KZ_MAX_PITS; i++)
    pos->pits[i] = (uint8_t) pits[i];
  pos->stores[0] = (uint8_t) stores[0];
  pos->stores[1] = (uint8_t) stores[1];
  pos->rubbish = (uint16_t) rubbish;
  pos->to_move = (uint8_t) to_move;
  pos->round = (uint16_t) (round ? round : 1);
  pos->opener = (uint8_t) (pos->round % 2 == 1 ? 0 : 1);
}

/* ---- rule cases --------------------------------------------------------- */

typedef struct {
  const char *name;
  int         seeds, pasu;           /* setup options; 0 = default */
  int         pits[KZ_MAX_PITS];
  int         stores[2];
  unsigned    rubbish;
  int         to_move;
  int         round;                 /* 0 = 1 */
  KzAction    action;
  int         exp_pits[KZ_MAX_PITS];
  int         exp_stores[2];
  unsigned    exp_rubbish;
  int         exp_to_move;
  int         exp_round;             /* 0 = unchanged */
  bool        exp_over;
  int         exp_winner;            /* only read when exp_over */
  KzEndReason exp_end;
  const char *exp_events;
} PallanguzhiCase;

/* Cups 0–6 are Player 1's row, 7–13 Player 2's, sown counter-clockwise
 * (13 is followed by 0). The default layout (seeds 12) has pasu 6, the
 * uniform ones (5, 6) pasu 4. */
static const PallanguzhiCase cases[] = {
  {
    .name = "next-cup-relay-then-capture-beyond-empty",
    .pits = { 2, 0, 0, 3, 0, 0, 0,   0, 5, 0, 4, 0, 0, 0 },
    .stores = { 60, 74 },
    .action = 0,
    .exp_pits = { 0, 1, 1, 0, 1, 1, 1,   0, 0, 0, 4, 0, 0, 0 },
    .exp_stores = { 65, 74 }, .exp_to_move = 1,
    .exp_events = "lift 0 2; drop 1,2; relay 3 3; drop 4,5,6; capture 8 0 5",
  },
  {
    .name = "two-empty-cups-end-turn",
    .pits = { 2, 0, 0, 0, 0, 0, 0,   0, 0, 0, 4, 0, 0, 0 },
    .stores = { 60, 82 },
    .action = 0,
    .exp_pits = { 0, 1, 1, 0, 0, 0, 0,   0, 0, 0, 4, 0, 0, 0 },
    .exp_stores = { 60, 82 }, .exp_to_move = 1,
    .exp_events = "lift 0 2; drop 1,2",
  },
  {
    /* Sowing 14 goes round to the lifted cup, which is not skipped: it
     * receives the last counter and the chain of relays goes on. */
    .name = "lifted-cup-not-skipped",
    .pits = { 14, 0, 0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 0, 0 },
    .stores = { 60, 74 },
    .action = 0,
    .exp_pits = { 2, 0, 0, 0, 2, 0, 2,   0, 2, 0, 2, 0, 2, 0 },
    .exp_stores = { 62, 74 }, .exp_to_move = 1,
    .exp_events = "lift 0 14; drop 1,2,3,4,5,6,7,8,9,10,11,12,13,0; relay 1 1; drop 2; "
                  "relay 3 1; drop 4; relay 5 1; drop 6; relay 7 1; drop 8; relay 9 1; "
                  "drop 10; relay 11 1; drop 12; relay 13 1; drop 0; capture 2 0 2",
  },
  {
    /* Pasu 4 in the middle of a sowing and on the last drop; after the
     * last drop the next-cup rule still applies. */
    .name = "pasu-4-mid-sowing-and-last-drop",
    .seeds = 5,
    .pits = { 3, 3, 0, 3, 2, 0, 0,   0, 0, 0, 1, 0, 0, 0 },
    .stores = { 20, 38 },
    .action = 0,
    .exp_pits = { 0, 0, 1, 0, 0, 1, 1,   0, 0, 0, 1, 0, 0, 0 },
    .exp_stores = { 28, 38 }, .exp_to_move = 1,
    .exp_events = "lift 0 3; drop 1; capture 1 0 4; drop 2,3; capture 3 0 4; relay 4 2; drop 5,6",
  },
  {
    /* Player 2 sows round from cup 13 to cup 0 and takes a pasu on
     * Player 1's row. */
    .name = "player2-pasu-on-opponent-row",
    .seeds = 6,
    .pits = { 3, 0, 2, 0, 0, 0, 3,   0, 1, 0, 0, 0, 3, 0 },
    .stores = { 30, 42 },
    .to_move = 1,
    .action = 12,
    .exp_pits = { 0, 1, 0, 1, 1, 0, 0,   0, 1, 0, 0, 0, 0, 1 },
    .exp_stores = { 30, 49 }, .exp_to_move = 0,
    .exp_events = "lift 12 3; drop 13,0; capture 0 1 4; drop 1; relay 2 2; drop 3,4; capture 6 1 3",
  },
  {
    /* With pasu 6 a cup of 4 is not taken. */
    .name = "pasu-6-default-layout",
    .pits = { 3, 5, 3, 0, 0, 7, 0,   0, 0, 0, 1, 0, 0, 0 },
    .stores = { 60, 69 },
    .action = 0,
    .exp_pits = { 0, 0, 4, 1, 0, 0, 0,   0, 0, 0, 1, 0, 0, 0 },
    .exp_stores = { 73, 69 }, .exp_to_move = 1,
    .exp_events = "lift 0 3; drop 1; capture 1 0 6; drop 2,3; capture 5 0 7",
  },
  {
    .name = "pasu-4-option-with-default-layout",
    .pasu = 4,
    .pits = { 3, 5, 3, 0, 0, 7, 0,   0, 0, 0, 1, 0, 0, 0 },
    .stores = { 60, 69 },
    .action = 0,
    .exp_pits = { 0, 6, 0, 1, 0, 0, 0,   0, 0, 0, 1, 0, 0, 0 },
    .exp_stores = { 71, 69 }, .exp_to_move = 1,
    .exp_events = "lift 0 3; drop 1,2; capture 2 0 4; drop 3; capture 5 0 7",
  },
  {
    /* The sowing and the cup-beyond look-up both pass over rubbish cups;
     * the mover's row is left empty but the opponent has counters, so
     * the round goes on. */
    .name = "rubbish-skipped-in-sowing-and-cup-beyond",
    .pits = { 4, 0, 0, 0, 3, 0, 0,   1, 0, 0, 0, 0, 0, 0 },
    .stores = { 80, 60 },
    .rubbish = R (5) | R (6) | R (11) | R (12) | R (13),
    .round = 2,
    .action = 4,
    .exp_pits = { 0, 0, 0, 0, 0, 0, 0,   2, 1, 1, 0, 0, 0, 0 },
    .exp_stores = { 84, 60 }, .exp_to_move = 1,
    .exp_rubbish = R (5) | R (6) | R (11) | R (12) | R (13),
    .exp_events = "lift 4 3; drop 7,8,9; capture 0 0 4",
  },
  {
    .name = "rubbish-skipped-in-next-cup",
    .pits = { 2, 0, 0, 0, 5, 0, 0,   1, 0, 1, 2, 0, 0, 0 },
    .stores = { 70, 67 },
    .rubbish = R (5) | R (6) | R (11) | R (12) | R (13),
    .to_move = 1,
    .round = 2,
    .action = 9,
    .exp_pits = { 0, 1, 1, 0, 0, 0, 0,   1, 0, 0, 3, 0, 0, 0 },
    .exp_stores = { 70, 72 }, .exp_to_move = 0,
    .exp_rubbish = R (5) | R (6) | R (11) | R (12) | R (13),
    .exp_events = "lift 9 1; drop 10; relay 0 2; drop 1,2; capture 4 1 5",
  },
  {
    /* The turn passes to Player 2 with an empty row: the round ends, the
     * counters left go to their row's owner, then both rows are refilled;
     * Player 2's 73 cover all but the last cup, which becomes rubbish. */
    .name = "round-end-counters-to-owners-and-refill",
    .pits = { 1, 0, 0, 0, 0, 3, 0,   0, 0, 0, 0, 0, 0, 0 },
    .stores = { 71, 73 },
    .action = 0,
    .exp_pits = { 12, 12, 12, 2, 12, 12, 12,   12, 12, 12, 2, 12, 12, 0 },
    .exp_stores = { 1, 11 }, .exp_to_move = 1, .exp_round = 2,
    .exp_rubbish = R (13),
    .exp_events = "lift 0 1; drop 1; capture 1 0 1; capture 5 0 3; rend 1 0; rstart 2 1",
  },
  {
    /* Refill in sowing order: 32 fill cups 7 and 8, then cup 9 (12) is
     * not covered, so 9–13 are rubbish although cup 10 needs only 2; the 8
     * left stay in the store. Player 1's rubbish cups 5 and 6 come back
     * into play. Round 3 is Player 1's to open. */
    .name = "refill-in-order-and-rubbish-refilled",
    .pits = { 0, 0, 0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 1, 0 },
    .stores = { 116, 31 },
    .rubbish = R (5) | R (6),
    .to_move = 1,
    .round = 2,
    .action = 12,
    .exp_pits = { 12, 12, 12, 2, 12, 12, 12,   12, 12, 0, 0, 0, 0, 0 },
    .exp_stores = { 42, 8 }, .exp_to_move = 0, .exp_round = 3,
    .exp_rubbish = R_RANGE (9, 13),
    .exp_events = "lift 12 1; drop 13; capture 13 1 1; rend 2 0; rstart 3 0",
  },
  {
    .name = "round-end-uniform-layout-refill",
    .seeds = 6,
    .pits = { 0, 0, 0, 0, 1, 0, 0,   0, 0, 0, 0, 0, 0, 0 },
    .stores = { 48, 20 },
    .action = 4,
    .exp_pits = { 6, 6, 6, 6, 6, 6, 6,   6, 6, 6, 0, 0, 0, 0 },
    .exp_stores = { 7, 2 }, .exp_to_move = 1, .exp_round = 2,
    .exp_rubbish = R_RANGE (10, 13),
    .exp_events = "lift 4 1; drop 5; capture 5 0 1; rend 1 0; rstart 2 1",
  },
  {
    /* Equal counters after the round: the round_end event names no winner. */
    .name = "round-end-equal-no-round-winner",
    .seeds = 5,
    .pits = { 0, 0, 0, 0, 1, 0, 0,   0, 0, 0, 0, 0, 0, 0 },
    .stores = { 34, 35 },
    .action = 4,
    .exp_pits = { 5, 5, 5, 5, 5, 5, 5,   5, 5, 5, 5, 5, 5, 5 },
    .exp_stores = { 0, 0 }, .exp_to_move = 1, .exp_round = 2,
    .exp_events = "lift 4 1; drop 5; capture 5 0 1; rend 1 -1; rstart 2 1",
  },
  {
    /* Player 2 has 11 after the round and cannot fill a first cup of 12. */
    .name = "match-end-second-player-cannot-fill",
    .pits = { 0, 0, 0, 0, 0, 1, 0,   0, 0, 0, 0, 0, 0, 0 },
    .stores = { 136, 11 },
    .rubbish = R_RANGE (8, 13),
    .round = 3,
    .action = 5,
    .exp_pits = { 0 },
    .exp_stores = { 137, 11 }, .exp_to_move = 1,
    .exp_rubbish = R_RANGE (8, 13),
    .exp_over = true, .exp_winner = 0, .exp_end = KZ_END_CANNOT_FILL,
    .exp_events = "lift 5 1; drop 6; capture 6 0 1; rend 3 0; end 0 cannot_fill",
  },
  {
    .name = "match-end-first-player-cannot-fill",
    .seeds = 5,
    .pits = { 0, 0, 0, 0, 0, 0, 0,   0, 0, 0, 0, 0, 1, 0 },
    .stores = { 4, 65 },
    .rubbish = R_RANGE (1, 6),
    .to_move = 1,
    .round = 2,
    .action = 12,
    .exp_pits = { 0 },
    .exp_stores = { 4, 66 }, .exp_to_move = 0,
    .exp_rubbish = R_RANGE (1, 6),
    .exp_over = true, .exp_winner = 1, .exp_end = KZ_END_CANNOT_FILL,
    .exp_events = "lift 12 1; drop 13; capture 13 1 1; rend 2 1; end 1 cannot_fill",
  },
};

static void
test_pallanguzhi_case (gconstpointer data)
{
  const PallanguzhiCase *tc = data;
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzPosition pos, fast;
  KzEventLog log;
  KzAction legal[KZ_MAX_ACTIONS];
  g_autofree char *events = NULL;

  build_position (&pos, tc->seeds, tc->pasu, tc->pits, tc->stores, tc->rubbish,
                  tc->to_move, tc->round);
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
  g_assert_cmphex (pos.rubbish, ==, tc->exp_rubbish);
  g_assert_cmpint (pos.to_move, ==, tc->exp_to_move);
  g_assert_cmpint (pos.round, ==, tc->exp_round ? tc->exp_round : before.round);
  g_assert_cmpint (pos.opener, ==, pos.round % 2 == 1 ? 0 : 1);
  g_assert_cmpint (pos.over, ==, tc->exp_over);
  if (tc->exp_over)
    g_assert_cmpint (pos.winner, ==, tc->exp_winner);
  g_assert_cmpint (pos.end, ==, tc->exp_over ? tc->exp_end : KZ_END_NONE);
  g_assert_cmpint (pos.plies, ==, before.plies + 1);
  g_assert_cmpint (pos.option, ==, before.option);
  g_assert_cmpstr (events, ==, tc->exp_events);

  g_assert_cmpint (kz_position_total (&pos), ==, total);
  g_assert_true (kz_position_equal (&pos, &fast));
  g_assert_cmpint (v->legal (&pos, legal) == 0, ==, pos.over);

  int pits[KZ_MAX_PITS], stores[2];
  if (replay_events (&before, &log, pits, stores))
    {
      for (int i = 0; i < KZ_MAX_PITS; i++)
        g_assert_cmpint (pits[i], ==, pos.pits[i]);
      g_assert_cmpint (stores[0], ==, pos.stores[0]);
      g_assert_cmpint (stores[1], ==, pos.stores[1]);
    }

  kz_event_log_free (&log);
}

/* ---- setup and options -------------------------------------------------- */

static void
test_pallanguzhi_setup (void)
{
  static const struct {
    int seeds, pasu;
    int exp_pasu, exp_total, exp_middle;
  } accepted[] = {
    { 0, 0, 6, 148, 2 },
    { 12, 0, 6, 148, 2 },
    { 12, 6, 6, 148, 2 },
    { 0, 4, 4, 148, 2 },
    { 5, 0, 4, 70, 5 },
    { 6, 0, 4, 84, 6 },
    { 6, 4, 4, 84, 6 },
  };
  static const KzOptions refused[] = {
    { .seeds = 4 }, { .seeds = 7 }, { .seeds = 13 },
    { .pasu = 5 }, { .pasu = 3 },
    { .seeds = 5, .pasu = 6 }, { .seeds = 6, .pasu = 6 },
  };
  KzMatch match;
  char error[160];
  KzAction legal[KZ_MAX_ACTIONS];

  g_assert_true (kz_variant_lookup ("pallanguzhi") == kz_variant_get (KZ_VARIANT_PALLANGUZHI));

  for (size_t i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      KzOptions options = { .seeds = accepted[i].seeds, .pasu = accepted[i].pasu };
      g_assert_true (kz_match_init (&match, KZ_VARIANT_PALLANGUZHI, &options, error, sizeof error));
      const KzPosition *pos = &match.pos;
      g_assert_cmpint (pos->option, ==, accepted[i].exp_pasu);
      g_assert_cmpint (kz_position_total (pos), ==, accepted[i].exp_total);
      g_assert_cmpint (pos->pits[3], ==, accepted[i].exp_middle);
      g_assert_cmpint (pos->pits[10], ==, accepted[i].exp_middle);
      g_assert_cmpint (pos->rubbish, ==, 0);
      g_assert_cmpint (pos->round, ==, 1);
      g_assert_cmpint (pos->opener, ==, 0);
      g_assert_cmpint (pos->to_move, ==, 0);
      g_assert_cmpint (pos->stores[0] + pos->stores[1], ==, 0);
      int n = kz_position_variant (pos)->legal (pos, legal);
      g_assert_cmpint (n, ==, 7);
      for (int c = 0; c < n; c++)
        g_assert_cmpint (legal[c], ==, c);
      kz_match_clear (&match);
    }

  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      error[0] = '\0';
      g_assert_false (kz_match_init (&match, KZ_VARIANT_PALLANGUZHI, &refused[i], error, sizeof error));
      g_assert_cmpstr (error, !=, "");
    }
}

/* Rubbish cups and empty cups are never offered. */
static void
test_pallanguzhi_legal_skips_rubbish (void)
{
  const int pits[KZ_MAX_PITS] = { 3, 0, 2, 0, 0, 0, 0,   12, 12, 12, 2, 12, 12, 0 };
  const int stores[2] = { 60, 5 };
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzPosition pos;
  KzAction legal[KZ_MAX_ACTIONS];

  build_position (&pos, 0, 0, pits, stores, R_RANGE (3, 6) | R (13), 0, 2);
  g_assert_cmpint (v->legal (&pos, legal), ==, 2);
  g_assert_cmpint (legal[0], ==, 0);
  g_assert_cmpint (legal[1], ==, 2);
  pos.to_move = 1;
  g_assert_cmpint (v->legal (&pos, legal), ==, 6);
  for (int i = 0; i < 6; i++)
    g_assert_cmpint (legal[i], ==, 7 + i);
}

/* Two counters chase each other round a ring of eight cups in play; after
 * eight plies the start comes back, and its third occurrence ends the
 * match, each side scoring its store plus its own row (81 against 67). */
static void
test_pallanguzhi_repetition (void)
{
  static const KzAction cycle[] = { 0, 7, 1, 8, 2, 9, 3, 10 };
  const int pits[KZ_MAX_PITS] = { 1, 0, 0, 0, 0, 0, 0,   1, 0, 0, 0, 0, 0, 0 };
  const int stores[2] = { 80, 66 };
  KzMatch match;
  KzEventLog log;
  char error[128];
  g_autofree char *events = NULL;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_PALLANGUZHI, NULL, error, sizeof error));
  build_position (&match.pos, 0, 0, pits, stores,
                  R_RANGE (4, 6) | R_RANGE (11, 13), 0, 1);
  match.start = match.pos;
  KzPosition start = match.pos;
  kz_event_log_init (&log);

  for (int ply = 0; ply < 16; ply++)
    {
      kz_event_log_clear (&log);
      g_assert_false (match.pos.over);
      g_assert_true (kz_match_play (&match, cycle[ply % 8], &log));
      g_assert_cmpint (kz_position_total (&match.pos), ==, 148);
      if (ply == 7)
        {
          /* The start again (second occurrence): play goes on. */
          g_assert_true (kz_position_same_for_repetition (&match.pos, &start));
          g_assert_false (match.pos.over);
        }
    }
  events = render_events (&log);
  g_assert_cmpstr (events, ==, "lift 10 1; drop 0; end 0 repetition");
  g_assert_true (match.pos.over);
  g_assert_cmpint (match.pos.end, ==, KZ_END_REPETITION);
  g_assert_cmpint (match.pos.winner, ==, 0);
  g_assert_cmpint (kz_position_variant (&match.pos)->score (&match.pos, 0), ==, 81);
  g_assert_cmpint (kz_position_variant (&match.pos)->score (&match.pos, 1), ==, 67);

  /* Undo takes the ending back. */
  g_assert_true (kz_match_undo (&match));
  g_assert_false (match.pos.over);
  g_assert_cmpint (match.pos.to_move, ==, 1);

  kz_event_log_free (&log);
  kz_match_clear (&match);
}

/* A position found by random play where eight counters relay round the
 * board for ever: the 10,000-drop limit must end the turn by refusing the
 * next relay, and play goes on from there. */
static void
test_pallanguzhi_drop_limit (void)
{
  const int pits[KZ_MAX_PITS] = { 1, 0, 1, 0, 1, 0, 0,   0, 1, 0, 1, 2, 1, 0 };
  const int stores[2] = { 38, 24 };
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzPosition pos, fast;
  KzEventLog log;
  KzAction legal[KZ_MAX_ACTIONS];

  build_position (&pos, 5, 0, pits, stores, R (5) | R (6), 1, 2);
  fast = pos;
  kz_event_log_init (&log);
  v->apply (&pos, 11, &log);
  v->apply (&fast, 11, NULL);
  g_assert_true (kz_position_equal (&pos, &fast));

  size_t drops = 0;
  for (size_t i = 0; i < log.len; i++)
    drops += log.events[i].type == KZ_EVENT_DROP;
  g_assert_cmpuint (drops, >=, KZ_DROP_LIMIT);
  g_assert_cmpuint (drops, <, KZ_DROP_LIMIT + 8);

  /* The turn stopped after a sowing although the next cup in play holds
   * counters: the relay was refused. */
  const KzEvent *last = &log.events[log.len - 1];
  g_assert_true (last->type == KZ_EVENT_DROP || last->type == KZ_EVENT_CAPTURE);
  int next = last->pit;
  do
    next = (next + 1) % KZ_MAX_PITS;
  while (pos.rubbish & R (next));
  g_assert_cmpint (pos.pits[next], >, 0);

  g_assert_cmpint (kz_position_total (&pos), ==, 8 + 38 + 24);
  g_assert_false (pos.over);
  g_assert_cmpint (pos.to_move, ==, 0);
  g_assert_cmpint (v->legal (&pos, legal), >, 0);
  kz_event_log_free (&log);
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
test_pallanguzhi_random_matches (void)
{
  long pasu_marked = 0;
  static const KzOptions layouts[] = {
    { 0, 0 }, { 0, 4 }, { 5, 0 }, { 6, 0 },
  };
  uint64_t rng = 0x70616c6c616eULL;
  KzEventLog log;
  int ends[KZ_N_END_REASONS] = { 0 };
  int wins[3] = { 0 };
  int longest = 0, most_rounds = 0, limited_turns = 0, unfinished = 0;
  long total_plies = 0;

  kz_event_log_init (&log);
  for (int m = 0; m < N_RANDOM_MATCHES; m++)
    {
      KzMatch match;
      char error[128];
      const KzOptions *options = &layouts[m % G_N_ELEMENTS (layouts)];

      g_assert_true (kz_match_init (&match, KZ_VARIANT_PALLANGUZHI, options, error, sizeof error));
      const KzVariant *v = kz_position_variant (&match.pos);
      int total = kz_position_total (&match.pos);

      while (!match.pos.over && match.pos.plies < MAX_PLIES)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = v->legal (&match.pos, legal);
          g_assert_cmpint (n, >, 0);
          for (int i = 0; i < n; i++)
            {
              g_assert_false (match.pos.rubbish & R (legal[i]));
              g_assert_cmpint (match.pos.pits[legal[i]], >, 0);
              g_assert_cmpint (legal[i] / 7, ==, match.pos.to_move);
            }

          KzAction action = legal[next_random (&rng) % (uint64_t) n];
          KzPosition before = match.pos;
          kz_event_log_clear (&log);
          g_assert_true (kz_match_play (&match, action, &log));
          const KzPosition *pos = &match.pos;
          g_assert_cmpint (kz_position_total (pos), ==, total);
          g_assert_cmpint (pos->refill_left[0] + pos->refill_left[1], ==, 0);
          for (int c = 0; c < 14; c++)
            if (pos->rubbish & R (c))
              g_assert_cmpint (pos->pits[c], ==, 0);
          /* Each row's first cup stays in play. */
          g_assert_false (pos->rubbish & (R (0) | R (7)));
          g_assert_cmpint (pos->opener, ==, pos->round % 2 == 1 ? 0 : 1);

          size_t drops = 0;
          for (size_t i = 0; i < log.len; i++)
            {
              const KzEvent *ev = &log.events[i];

              drops += ev->type == KZ_EVENT_DROP;
              /* A pasu is marked: a capture of the pasu count right after
               * the drop that made it, and only that. */
              if (ev->detail == KZ_DETAIL_PASU)
                {
                  g_assert_cmpint (ev->type, ==, KZ_EVENT_CAPTURE);
                  g_assert_cmpint (ev->count, ==, before.option);
                  g_assert_cmpint (i, >, 0);
                  g_assert_cmpint (log.events[i - 1].type, ==, KZ_EVENT_DROP);
                  g_assert_cmpint (log.events[i - 1].pit, ==, ev->pit);
                  pasu_marked++;
                }
              else
                g_assert_cmpint (ev->detail, ==, KZ_DETAIL_NONE);
            }
          if (drops >= KZ_DROP_LIMIT)
            limited_turns++;

          int pits[KZ_MAX_PITS], stores[2];
          if (replay_events (&before, &log, pits, stores))
            {
              for (int i = 0; i < KZ_MAX_PITS; i++)
                g_assert_cmpint (pits[i], ==, pos->pits[i]);
              g_assert_cmpint (stores[0], ==, pos->stores[0]);
              g_assert_cmpint (stores[1], ==, pos->stores[1]);
            }

          /* Undo gives back the exact position; the search's fast path
           * (no event log) gives the same result as the logged one. */
          KzPosition after = match.pos;
          g_assert_true (kz_match_undo (&match));
          g_assert_true (kz_position_equal (&match.pos, &before));
          KzPosition fast = before;
          v->apply (&fast, action, NULL);
          if (after.end != KZ_END_REPETITION)
            g_assert_true (kz_position_equal (&fast, &after));
          g_assert_true (kz_match_play (&match, action, NULL));
          g_assert_true (kz_position_equal (&match.pos, &after));
        }
      if (!match.pos.over)
        unfinished++;
      else
        {
          KzAction legal[KZ_MAX_ACTIONS];
          g_assert_cmpint (v->legal (&match.pos, legal), ==, 0);
          ends[match.pos.end]++;
          wins[match.pos.winner + 1]++;
        }
      longest = MAX (longest, match.pos.plies);
      most_rounds = MAX (most_rounds, match.pos.round);
      total_plies += match.pos.plies;
      kz_match_clear (&match);
    }
  kz_event_log_free (&log);

  g_test_message ("%d matches: %d cannot_fill, %d repetition, %d unfinished after %d plies; "
                  "P1 %d, P2 %d, draws %d; mean %ld plies, longest %d, most rounds %d; "
                  "%d turns stopped by the drop limit",
                  N_RANDOM_MATCHES, ends[KZ_END_CANNOT_FILL], ends[KZ_END_REPETITION],
                  unfinished, MAX_PLIES, wins[1], wins[2], wins[0],
                  total_plies / N_RANDOM_MATCHES, longest, most_rounds, limited_turns);
  g_test_message ("%ld captures marked as pasu", pasu_marked);
  g_assert_cmpint (unfinished, ==, 0);
  g_assert_cmpint (pasu_marked, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pallanguzhi/setup", test_pallanguzhi_setup);
  g_test_add_func ("/pallanguzhi/legal-skips-rubbish", test_pallanguzhi_legal_skips_rubbish);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/pallanguzhi/rules/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_pallanguzhi_case);
    }
  g_test_add_func ("/pallanguzhi/repetition", test_pallanguzhi_repetition);
  g_test_add_func ("/pallanguzhi/drop-limit", test_pallanguzhi_drop_limit);
  g_test_add_func ("/pallanguzhi/random-matches", test_pallanguzhi_random_matches);

  return g_test_run ();
}
