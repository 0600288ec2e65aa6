/* test-pallanguzhi.c — Pallanguzhi rules from hand-built positions, repetition, and invariants over many random matches. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define N_RANDOM_MATCHES 10000
#define MAX_PLIES        20000  /* a bound to report endless matches, far above what matches take */

#define R(c)      (1u << (c))
#define R_RANGE(a, b) ((uint16_t) (((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1)))

/* ---- helpers ------------------------------------------------------------ */

/* A position written by hand (kz_test_make_position) with its rubbish cups
 * and its round (0: 1), whose number tells who opened it. */
static KzPosition
make_position (int seeds, int pasu, const uint8_t pits[KZ_MAX_PITS],
               const uint8_t stores[2], unsigned rubbish, int to_move, int round)
{
  KzOptions options = { .seeds = seeds, .pasu = pasu };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_PALLANGUZHI, &options, pits, stores, to_move);

  pos.rubbish = (uint16_t) rubbish;
  pos.round = (uint16_t) (round ? round : 1);
  pos.opener = (uint8_t) (pos.round % 2 == 1 ? 0 : 1);
  return pos;
}

/* ---- rule cases --------------------------------------------------------- */

typedef struct {
  const char *name;
  int         seeds, pasu;           /* setup options; 0 = default */
  uint8_t     pits[KZ_MAX_PITS];
  uint8_t     stores[2];
  unsigned    rubbish;
  int         to_move;
  int         round;                 /* 0 = 1 */
  KzAction    action;
  uint8_t     exp_pits[KZ_MAX_PITS];
  uint8_t     exp_stores[2];
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
    .exp_events = "L0x2 D1 D2 R3x3 D4 D5 D6 C8>0x5",
  },
  {
    .name = "two-empty-cups-end-turn",
    .pits = { 2, 0, 0, 0, 0, 0, 0,   0, 0, 0, 4, 0, 0, 0 },
    .stores = { 60, 82 },
    .action = 0,
    .exp_pits = { 0, 1, 1, 0, 0, 0, 0,   0, 0, 0, 4, 0, 0, 0 },
    .exp_stores = { 60, 82 }, .exp_to_move = 1,
    .exp_events = "L0x2 D1 D2",
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
    .exp_events = "L0x14 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13 D0 R1x1 D2 "
                  "R3x1 D4 R5x1 D6 R7x1 D8 R9x1 "
                  "D10 R11x1 D12 R13x1 D0 C2>0x2",
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
    .exp_events = "L0x3 D1 C1>0x4 D2 D3 C3>0x4 R4x2 D5 D6",
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
    .exp_events = "L12x3 D13 D0 C0>1x4 D1 R2x2 D3 D4 C6>1x3",
  },
  {
    /* With pasu 6 a cup of 4 is not taken. */
    .name = "pasu-6-default-layout",
    .pits = { 3, 5, 3, 0, 0, 7, 0,   0, 0, 0, 1, 0, 0, 0 },
    .stores = { 60, 69 },
    .action = 0,
    .exp_pits = { 0, 0, 4, 1, 0, 0, 0,   0, 0, 0, 1, 0, 0, 0 },
    .exp_stores = { 73, 69 }, .exp_to_move = 1,
    .exp_events = "L0x3 D1 C1>0x6 D2 D3 C5>0x7",
  },
  {
    .name = "pasu-4-option-with-default-layout",
    .pasu = 4,
    .pits = { 3, 5, 3, 0, 0, 7, 0,   0, 0, 0, 1, 0, 0, 0 },
    .stores = { 60, 69 },
    .action = 0,
    .exp_pits = { 0, 6, 0, 1, 0, 0, 0,   0, 0, 0, 1, 0, 0, 0 },
    .exp_stores = { 71, 69 }, .exp_to_move = 1,
    .exp_events = "L0x3 D1 D2 C2>0x4 D3 C5>0x7",
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
    .exp_events = "L4x3 D7 D8 D9 C0>0x4",
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
    .exp_events = "L9x1 D10 R0x2 D1 D2 C4>1x5",
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
    .exp_events = "L0x1 D1 C1>0x1 C5>0x3 E1>0 B2>1",
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
    .exp_events = "L12x1 D13 C13>1x1 E2>0 B3>0",
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
    .exp_events = "L4x1 D5 C5>0x1 E1>0 B2>1",
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
    .exp_events = "L4x1 D5 C5>0x1 E1>-1 B2>1",
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
    .exp_events = "L5x1 D6 C6>0x1 E3>0 W0:cannot_fill",
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
    .exp_events = "L12x1 D13 C13>1x1 E2>1 W1:cannot_fill",
  },
};

static void
test_pallanguzhi_case (gconstpointer data)
{
  const PallanguzhiCase *tc = data;
  KzPosition pos = make_position (tc->seeds, tc->pasu, tc->pits, tc->stores, tc->rubbish,
                                  tc->to_move, tc->round);
  int round = pos.round;

  kz_test_apply_case (&pos, tc->action, tc->exp_events);
  kz_test_assert_outcome (&pos, tc->exp_pits, tc->exp_stores, tc->exp_to_move,
                          tc->exp_over, tc->exp_winner, tc->exp_end);
  g_assert_cmphex (pos.rubbish, ==, tc->exp_rubbish);
  g_assert_cmpint (pos.round, ==, tc->exp_round ? tc->exp_round : round);
  g_assert_cmpint (pos.opener, ==, pos.round % 2 == 1 ? 0 : 1);
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
  static const KzTestSetupCase refused[] = {
    { 4, 0, false, NULL }, { 7, 0, false, NULL }, { 13, 0, false, NULL },
    { 0, 5, false, NULL }, { 0, 3, false, NULL },
    { 5, 6, false, NULL }, { 6, 6, false, NULL },
  };
  KzMatch match;
  char error[160];

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
      g_autofree char *legal = kz_test_legal_to_string (pos);
      g_assert_cmpstr (legal, ==, "0 1 2 3 4 5 6");
      kz_match_clear (&match);
    }

  kz_test_check_setup (KZ_VARIANT_PALLANGUZHI, refused, G_N_ELEMENTS (refused), 0, 1);
}

/* Rubbish cups and empty cups are never offered. */
static void
test_pallanguzhi_legal_skips_rubbish (void)
{
  const uint8_t pits[KZ_MAX_PITS] = { 3, 0, 2, 0, 0, 0, 0,   12, 12, 12, 2, 12, 12, 0 };
  const uint8_t stores[2] = { 60, 5 };
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzPosition pos = make_position (0, 0, pits, stores, R_RANGE (3, 6) | R (13), 0, 2);
  KzAction legal[KZ_MAX_ACTIONS];

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
  const uint8_t pits[KZ_MAX_PITS] = { 1, 0, 0, 0, 0, 0, 0,   1, 0, 0, 0, 0, 0, 0 };
  const uint8_t stores[2] = { 80, 66 };
  KzMatch match;
  KzEventLog log;
  char error[128];

  g_assert_true (kz_match_init (&match, KZ_VARIANT_PALLANGUZHI, NULL, error, sizeof error));
  match.pos = make_position (0, 0, pits, stores, R_RANGE (4, 6) | R_RANGE (11, 13), 0, 1);
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
  kz_test_assert_events (&log, "L10x1 D0 W0:repetition");
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
  const uint8_t pits[KZ_MAX_PITS] = { 1, 0, 1, 0, 1, 0, 0,   0, 1, 0, 1, 2, 1, 0 };
  const uint8_t stores[2] = { 38, 24 };
  const KzVariant *v = kz_variant_get (KZ_VARIANT_PALLANGUZHI);
  KzPosition pos = make_position (5, 0, pits, stores, R (5) | R (6), 1, 2);
  KzPosition fast = pos;
  KzEventLog log;
  KzAction legal[KZ_MAX_ACTIONS];

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

typedef struct {
  long pasu_marked;
  int  limited_turns;
  int  most_rounds;
} PallanguzhiTally;

static void
pallanguzhi_after_ply (const KzPosition *before, const KzMatch *match, const KzEventLog *log, gpointer data)
{
  PallanguzhiTally *t = data;
  const KzPosition *pos = &match->pos;
  size_t drops = 0;

  for (int c = 0; c < 14; c++)
    if (pos->rubbish & R (c))
      g_assert_cmpint (pos->pits[c], ==, 0);
  /* Each row's first cup stays in play. */
  g_assert_false (pos->rubbish & (R (0) | R (7)));
  g_assert_cmpint (pos->opener, ==, pos->round % 2 == 1 ? 0 : 1);

  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];

      drops += ev->type == KZ_EVENT_DROP;
      /* A pasu is marked: a capture of the pasu count right after the drop
       * that made it, and only that. */
      if (ev->detail == KZ_DETAIL_PASU)
        {
          g_assert_cmpint (ev->type, ==, KZ_EVENT_CAPTURE);
          g_assert_cmpint (ev->count, ==, before->option);
          g_assert_cmpint (i, >, 0);
          g_assert_cmpint (log->events[i - 1].type, ==, KZ_EVENT_DROP);
          g_assert_cmpint (log->events[i - 1].pit, ==, ev->pit);
          t->pasu_marked++;
        }
      /* The round's end gathers each row to its owner, marked as such,
       * and only that: every capture from there to the round's end. */
      else if (ev->detail == KZ_DETAIL_GATHER)
        {
          g_assert_cmpint (ev->type, ==, KZ_EVENT_CAPTURE);
          g_assert_cmpint (ev->player, ==, ev->pit / 7);
          for (size_t j = i + 1; j < log->len && log->events[j].type != KZ_EVENT_ROUND_END; j++)
            {
              g_assert_cmpint (log->events[j].type, ==, KZ_EVENT_CAPTURE);
              g_assert_cmpint (log->events[j].detail, ==, KZ_DETAIL_GATHER);
            }
        }
      else
        g_assert_cmpint (ev->detail, ==, KZ_DETAIL_NONE);
    }
  if (drops >= KZ_DROP_LIMIT)
    t->limited_turns++;
}

static void
pallanguzhi_match_end (const KzPosition *end, gpointer data)
{
  PallanguzhiTally *t = data;

  t->most_rounds = MAX (t->most_rounds, end->round);
}

/* Random matches of every layout: every ply keeps the shared invariants
 * (kz_test_play_checked_ply) and the game's own: rubbish cups stay empty,
 * each row's first cup stays in play, the round's number tells who opened
 * it, and a capture is marked as a pasu exactly when it is one. Every
 * match ends within MAX_PLIES. */
static void
test_pallanguzhi_random_matches (void)
{
  static const KzOptions layouts[] = {
    { 0, 0 }, { 0, 4 }, { 5, 0 }, { 6, 0 },
  };
  PallanguzhiTally t = { 0 };
  const KzTestRandomMatches spec = {
    .variant = KZ_VARIANT_PALLANGUZHI, .n_matches = N_RANDOM_MATCHES,
    .layouts = layouts, .n_layouts = G_N_ELEMENTS (layouts), .seed = 0x70616c6c616eULL,
    .ply_bound = MAX_PLIES + 1, .after_ply = pallanguzhi_after_ply,
    .at_end = pallanguzhi_match_end, .data = &t,
  };
  KzTestTally tally = kz_test_play_random_matches (&spec);

  g_test_message ("%d matches: %d cannot_fill, %d repetition, all within %d plies; "
                  "P1 %d, P2 %d, draws %d; mean %ld plies, longest %d, most rounds %d; "
                  "%d turns stopped by the drop limit",
                  N_RANDOM_MATCHES, tally.ends[KZ_END_CANNOT_FILL], tally.ends[KZ_END_REPETITION],
                  MAX_PLIES, tally.wins[1], tally.wins[2], tally.wins[0],
                  tally.plies / N_RANDOM_MATCHES, tally.longest, t.most_rounds, t.limited_turns);
  g_test_message ("%ld captures marked as pasu", t.pasu_marked);
  g_assert_cmpint (t.pasu_marked, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pallanguzhi/setup", test_pallanguzhi_setup);
  g_test_add_func ("/pallanguzhi/legal-skips-rubbish", test_pallanguzhi_legal_skips_rubbish);
  KZ_TEST_ADD_CASES ("/pallanguzhi/rules", cases, test_pallanguzhi_case);
  g_test_add_func ("/pallanguzhi/repetition", test_pallanguzhi_repetition);
  g_test_add_func ("/pallanguzhi/drop-limit", test_pallanguzhi_drop_limit);
  g_test_add_func ("/pallanguzhi/random-matches", test_pallanguzhi_random_matches);

  return g_test_run ();
}
