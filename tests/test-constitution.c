/* test-constitution.c — the Constitution game's rules, case by case, from positions docs/rules-constitution.md decides. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <stdlib.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

/* A case: a position written by hand, the actions played in order, and what
 * the rules page says must follow. Rows are written "P1 cups 0…6 | P2 cups
 * 7…13"; lucky cups as "C C" with "-" for none (NULL: none). */
typedef struct {
  const char *name;
  int         seeds;         /* 0: 5 */
  const char *pits;
  int         stores[2];
  int         refill[2];
  const char *lucky;
  int         to_move;
  int         opener;
  const char *actions;       /* space-separated actions, played in order */

  const char *x_pits;
  int         x_stores[2];
  int         x_refill[2];
  const char *x_lucky;
  int         x_to_move;
  int         x_round;       /* 0: still round 1 */
  gboolean    x_over;
  int         x_winner;
  KzEndReason x_end;
  const char *x_events;      /* events of all actions (kz_event_log_to_string), " | " between actions */
} Case;

static const Case cases[] = {
  /* Triples: who receives them (rule 6). */
  { "triple/last-shell-own-row-to-mover",
    .pits = "0 0 0 2 0 2 0 | 0 0 0 4 0 0 0", .actions = "3",
    .x_pits = "0 0 0 0 1 0 0 | 0 0 0 4 0 0 0", .x_stores = { 3, 0 }, .x_to_move = 1,
    .x_events = "L3x2 D4 D5 T5>0" },
  { "triple/last-shell-opponent-row-to-mover",
    .pits = "0 0 0 0 0 3 0 | 1 2 0 0 0 0 0", .actions = "5",
    .x_pits = "0 0 0 0 0 0 1 | 2 0 0 0 0 0 0", .x_stores = { 3, 0 }, .x_to_move = 1,
    .x_events = "L5x3 D6 D7 D8 T8>0" },
  { "triple/middle-drop-opponent-row-to-owner",
    .pits = "0 0 0 0 0 4 0 | 2 0 0 0 0 5 0", .actions = "5",
    .x_pits = "0 0 0 0 0 0 1 | 0 1 1 0 0 5 0", .x_stores = { 0, 3 }, .x_to_move = 1,
    .x_events = "L5x4 D6 D7 T7>1 D8 D9" },
  { "triple/middle-drop-own-row-to-owner",
    .pits = "3 2 0 0 0 0 0 | 0 0 4 0 0 0 0", .actions = "0",
    .x_pits = "0 0 1 1 0 0 0 | 0 0 4 0 0 0 0", .x_stores = { 3, 0 }, .x_to_move = 1,
    .x_events = "L0x3 D1 T1>0 D2 D3" },
  { "triple/p2-middle-drop-on-p1-row-to-p1",
    .pits = "2 0 0 0 1 0 0 | 0 0 1 0 0 4 0", .to_move = 1, .actions = "12",
    .x_pits = "0 1 1 0 1 0 0 | 0 0 1 0 0 0 1", .x_stores = { 3, 0 }, .x_to_move = 0,
    .x_events = "L12x4 D13 D0 T0>0 D1 D2" },

  /* The worked example of the rules page: relay chains, and a triple
   * taken by the mover on the opponent's row. */
  { "worked-example/relay-chain-then-mover-triple",
    .pits = "5 5 5 5 5 5 5 | 5 5 5 5 5 5 5", .actions = "0 7",
    .x_pits = "0 8 8 1 7 1 7 | 0 8 8 1 2 8 8", .x_stores = { 0, 3 }, .x_to_move = 0,
    .x_events = "L0x5 D1 D2 D3 D4 D5 R5x6 D6 D7 D8 D9 D10 D11 R11x6 D12 D13 D0 D1 D2 D3 "
                "R3x7 D4 D5 D6 D7 D8 D9 D10 R10x7 D11 D12 D13 D0 D1 D2 D3"
                " | L7x7 D8 D9 D10 D11 D12 D13 D0 T0>1" },
  { "worked-example/second-opening-owner-then-mover-triple",
    .pits = "5 5 5 5 5 5 5 | 5 5 5 5 5 5 5", .actions = "6 7",
    .x_pits = "8 0 1 2 8 8 0 | 1 10 0 8 2 8 8", .x_stores = { 3, 3 }, .x_to_move = 0,
    .x_events = "L6x5 D7 D8 D9 D10 D11 R11x6 D12 D13 D0 D1 D2 D3 R3x6 D4 D5 D6 D7 D8 D9 R9x7 "
                "D10 D11 D12 D13 D0 D1 D2 R2x7 D3 D4 D5 D6 D7 D8 D9"
                " | L7x8 D8 D9 D10 D11 D12 D13 D0 D1 R1x8 D2 D3 D4 D5 D6 T6>0 D7 D8 D9 T9>1" },

  /* Decision: the source cup is not skipped on later laps. */
  { "sowing/lap-of-14-drops-into-source",
    .pits = "14 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .actions = "0",
    .x_pits = "1 1 1 1 1 1 1 | 1 1 1 1 1 1 1", .x_to_move = 1,
    .x_events = "L0x14 D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 D13 D0" },

  /* Lucky cups (rule 9). */
  { "lucky/banked-by-owner-sowing",
    .pits = "0 0 3 0 4 0 0 | 0 0 0 2 0 0 0", .lucky = "4 -", .actions = "2",
    .x_pits = "0 0 0 1 0 1 0 | 0 0 0 2 0 0 0", .x_lucky = "4 -", .x_stores = { 5, 0 }, .x_to_move = 1,
    .x_events = "L2x3 D3 D4 K4>0x5 D5" },
  { "lucky/banked-by-opponent-sowing-before-triple",
    .pits = "0 2 0 0 0 1 0 | 0 1 0 0 0 4 0", .lucky = "1 -", .to_move = 1, .actions = "12",
    .x_pits = "1 0 1 0 0 1 0 | 0 1 0 0 0 0 1", .x_lucky = "1 -", .x_stores = { 3, 0 }, .x_to_move = 0,
    .x_events = "L12x4 D13 D0 D1 K1>0x3 D2" },
  { "lucky/last-shell-into-lucky-cup-ends-turn",
    .pits = "0 0 2 0 3 0 1 | 0 0 1 0 0 0 0", .lucky = "4 -", .actions = "2",
    .x_pits = "0 0 0 1 0 0 1 | 0 0 1 0 0 0 0", .x_lucky = "4 -", .x_stores = { 4, 0 }, .x_to_move = 1,
    .x_events = "L2x2 D3 D4 K4>0x4" },
  { "lucky/last-shell-into-opponent-lucky-cup",
    .pits = "0 0 0 0 0 2 5 | 5 0 0 0 0 0 0", .stores = { 29, 29 }, .lucky = "- 7", .actions = "5",
    /* P2's row is empty after the bank: the round ends and P1, with 6
     * shells, gets one cup of 5 and 1 refill left, and opens round 2. */
    .x_pits = "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_lucky = "- 7", .x_stores = { 29, 35 }, .x_refill = { 1, 0 },
    .x_to_move = 0, .x_round = 2,
    .x_events = "L5x2 D6 D7 K7>1x6 E1>0 B2>0" },

  /* Marking (rule 9): reserve 1, 6, 11 … allow it; 0, 2, 5 do not. */
  { "mark/reserve-1-marks-a-cup",
    .pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .stores = { 26, 30 }, .actions = "m3",
    .x_pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .x_stores = { 26, 30 }, .x_lucky = "3 -", .x_to_move = 0,
    .x_events = "M3>0" },
  { "mark/re-marking-moves-the-lucky-cup",
    .pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .stores = { 31, 25 }, .lucky = "3 -", .actions = "m6",
    .x_pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .x_stores = { 31, 25 }, .x_lucky = "6 -", .x_to_move = 0,
    .x_events = "M6>0" },
  { "mark/then-sow-is-one-turn",
    .pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .stores = { 36, 20 }, .actions = "m5 0",
    .x_pits = "0 6 1 1 1 0 0 | 0 0 0 0 0 0 4", .x_stores = { 37, 20 }, .x_lucky = "5 -", .x_to_move = 1,
    .x_events = "M5>0 | L0x5 D1 D2 D3 D4 D5 K5>0x1" },

  /* Round end: gather and distribute (rules 7, 8, 2). */
  { "refill/lucky-cup-with-31",
    .pits = "0 10 10 10 0 0 0 | 0 0 0 0 0 0 1", .stores = { 20, 19 }, .lucky = "3 -", .to_move = 1, .actions = "13",
    .x_pits = "5 5 5 1 5 5 5 | 0 0 0 0 0 0 0", .x_stores = { 20, 19 }, .x_lucky = "3 -", .x_to_move = 0, .x_round = 2,
    .x_events = "L13x1 D0 E1>0 B2>0" },
  { "refill/lucky-cup-with-30-is-usual",
    .pits = "0 10 10 9 0 0 0 | 0 0 0 0 0 0 1", .stores = { 21, 19 }, .lucky = "3 -", .to_move = 1, .actions = "13",
    .x_pits = "5 5 5 5 5 5 0 | 0 0 0 0 0 0 0", .x_stores = { 21, 19 }, .x_lucky = "3 -", .x_to_move = 0, .x_round = 2,
    .x_events = "L13x1 D0 E1>0 B2>0" },
  { "refill/lucky-cup-with-61",
    .pits = "0 20 20 20 0 0 0 | 0 0 0 0 0 0 1", .stores = { 4, 5 }, .lucky = "3 -", .to_move = 1, .actions = "13",
    .x_pits = "5 5 5 1 5 5 5 | 0 0 0 0 0 0 0", .x_stores = { 4, 5 }, .x_refill = { 30, 0 }, .x_lucky = "3 -",
    .x_to_move = 0, .x_round = 2,
    .x_events = "L13x1 D0 E1>0 B2>0" },
  { "refill/player-2-lucky-cup-with-31",
    .pits = "0 0 0 0 0 0 1 | 0 10 10 10 0 0 0", .stores = { 19, 20 }, .lucky = "- 10", .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 5 5 5 1 5 5 5", .x_stores = { 19, 20 }, .x_lucky = "- 10", .x_to_move = 1, .x_round = 2,
    .x_events = "L6x1 D7 E1>1 B2>1" },
  { "refill/usual-9-gives-5-and-4-left",
    .pits = "0 4 4 0 0 0 0 | 0 0 0 0 0 0 1", .stores = { 30, 31 }, .to_move = 1, .actions = "13",
    .x_pits = "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_stores = { 30, 31 }, .x_refill = { 4, 0 }, .x_to_move = 0, .x_round = 2,
    .x_events = "L13x1 D0 E1>0 B2>0" },
  { "refill/remainder-added-to-stock",
    .pits = "0 4 4 0 0 0 0 | 0 0 0 0 0 0 1", .stores = { 27, 31 }, .refill = { 3, 0 }, .to_move = 1, .actions = "13",
    .x_pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_stores = { 27, 31 }, .x_refill = { 2, 0 }, .x_to_move = 0, .x_round = 2,
    .x_events = "L13x1 D0 E1>0 B2>0" },

  /* The refill-shell sow (rule 8). */
  { "refill-shell/into-empty-start-cup",
    .pits = "0 0 5 0 0 0 0 | 0 0 5 0 0 0 0", .refill = { 1, 0 }, .actions = "r",
    .x_pits = "1 0 5 0 0 0 0 | 0 0 5 0 0 0 0", .x_to_move = 1,
    .x_events = "D0" },
  { "refill-shell/into-two-makes-mover-triple",
    .pits = "2 0 5 0 0 0 0 | 0 0 5 0 0 0 0", .refill = { 1, 0 }, .actions = "r",
    .x_pits = "0 0 5 0 0 0 0 | 0 0 5 0 0 0 0", .x_stores = { 3, 0 }, .x_to_move = 1,
    .x_events = "D0 T0>0" },
  { "refill-shell/into-four-relays",
    .pits = "4 0 0 0 0 0 0 | 0 0 5 0 0 0 0", .refill = { 1, 0 }, .actions = "r",
    .x_pits = "0 1 1 1 1 1 0 | 0 0 5 0 0 0 0", .x_to_move = 1,
    .x_events = "D0 R0x5 D1 D2 D3 D4 D5" },
  { "refill-shell/player-2-start-cup-7",
    .pits = "0 0 5 0 0 0 0 | 0 0 5 0 0 0 0", .refill = { 0, 1 }, .to_move = 1, .actions = "r",
    .x_pits = "0 0 5 0 0 0 0 | 1 0 5 0 0 0 0", .x_to_move = 0,
    .x_events = "D7" },

  /* The round winner in each case. */
  { "round-winner/player-2-row-holds-shells",
    .pits = "0 0 0 0 0 0 1 | 0 0 0 0 0 0 9", .stores = { 30, 30 }, .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 5 5 0 0 0 0 0", .x_stores = { 30, 30 }, .x_to_move = 1, .x_round = 2,
    .x_events = "L6x1 D7 E1>1 B2>1" },
  { "round-winner/both-empty-equal-accounts-non-opener",
    .pits = "0 0 0 0 0 0 1 | 2 0 0 0 0 0 0", .stores = { 32, 25 }, .refill = { 0, 10 }, .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 5 5 0 0 0 0 0", .x_stores = { 35, 25 }, .x_to_move = 1, .x_round = 2,
    .x_events = "L6x1 D7 T7>0 E1>1 B2>1" },
  { "round-winner/both-empty-larger-account-then-stuck-opener",
    .pits = "0 0 0 0 0 0 1 | 2 0 0 0 0 0 0", .stores = { 33, 24 }, .refill = { 0, 10 }, .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 5 5 0 0 0 0 0", .x_stores = { 36, 24 }, .x_to_move = 1, .x_round = 3,
    .x_events = "L6x1 D7 T7>0 E1>0 B2>0 E2>1 B3>1" },
  { "round-winner/opener-with-only-refill-shell-may-sow-it",
    .pits = "0 0 0 0 0 0 1 | 2 0 0 0 0 0 0", .stores = { 33, 23 }, .refill = { 1, 10 }, .actions = "6 r",
    /* After the round P1 opens with 1 refill-left shell and an empty row:
     * sowing it puts one shell in cup 0, and the round goes on. */
    .x_pits = "1 0 0 0 0 0 0 | 5 5 0 0 0 0 0", .x_stores = { 36, 23 }, .x_refill = { 0, 0 }, .x_to_move = 1, .x_round = 2,
    .x_events = "L6x1 D7 T7>0 E1>0 B2>0 | D0" },

  /* Match end (rule 10) and the repetition rule. */
  { "match-end/board-empty-larger-account-wins",
    .pits = "0 0 0 0 0 0 1 | 0 0 0 0 0 0 3", .stores = { 30, 36 }, .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_stores = { 30, 36 }, .x_refill = { 0, 4 },
    .x_to_move = 0, .x_over = TRUE, .x_winner = 1, .x_end = KZ_END_BOARD_EMPTY,
    .x_events = "L6x1 D7 E1>1 W1:board_empty" },
  { "match-end/board-empty-equal-accounts-draw",
    .pits = "0 0 0 0 0 0 1 | 0 0 0 0 0 0 3", .stores = { 35, 31 }, .actions = "6",
    .x_pits = "0 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_stores = { 35, 31 }, .x_refill = { 0, 4 },
    .x_to_move = 0, .x_over = TRUE, .x_winner = -1, .x_end = KZ_END_BOARD_EMPTY,
    .x_events = "L6x1 D7 E1>1 W-1:board_empty" },
  { "match-end/third-repetition",
    .pits = "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .stores = { 29, 36 }, .actions = "0 0",
    .x_pits = "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", .x_stores = { 29, 36 },
    .x_to_move = 0, .x_round = 3, .x_over = TRUE, .x_winner = 1, .x_end = KZ_END_REPETITION,
    .x_events = "L0x5 D1 D2 D3 D4 D5 E1>0 B2>0 | L0x5 D1 D2 D3 D4 D5 E2>0 B3>0 W1:repetition" },

  /* Start counts 4 and 6, from the start position. */
  { "start-count/4",
    .seeds = 4, .pits = "4 4 4 4 4 4 4 | 4 4 4 4 4 4 4", .actions = "0",
    .x_pits = "1 5 5 5 0 5 5 | 5 5 0 5 5 5 5", .x_to_move = 1,
    .x_events = "L0x4 D1 D2 D3 D4 R4x5 D5 D6 D7 D8 D9 R9x5 D10 D11 D12 D13 D0" },
  { "start-count/6",
    .seeds = 6, .pits = "6 6 6 6 6 6 6 | 6 6 6 6 6 6 6", .actions = "0",
    .x_pits = "1 8 8 8 8 8 1 | 7 7 7 7 7 7 0", .x_to_move = 1,
    .x_events = "L0x6 D1 D2 D3 D4 D5 D6 R6x7 D7 D8 D9 D10 D11 D12 D13 R13x7 D0 D1 D2 D3 D4 D5 D6" },
};

static void
parse_row (const char *text, uint8_t *pits)
{
  g_auto(GStrv) words = g_strsplit_set (text, " |", -1);
  int n = 0;

  for (int i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      {
        g_assert_cmpint (n, <, 14);
        pits[n++] = (uint8_t) atoi (words[i]);
      }
  g_assert_cmpint (n, ==, 14);
}

static void
parse_lucky (const char *text, int8_t *lucky)
{
  g_auto(GStrv) words = NULL;

  lucky[0] = lucky[1] = -1;
  if (text == NULL)
    return;
  words = g_strsplit (text, " ", 2);
  for (int p = 0; p < 2; p++)
    lucky[p] = (int8_t) (g_str_equal (words[p], "-") ? -1 : atoi (words[p]));
}

static void
setup_case (const Case *c, KzMatch *match)
{
  KzOptions options = { .seeds = c->seeds };
  KzPosition *pos = &match->pos;

  g_assert_true (kz_match_init (match, KZ_VARIANT_CONSTITUTION, &options, NULL, 0));
  parse_row (c->pits, pos->pits);
  parse_lucky (c->lucky, pos->lucky);
  for (int p = 0; p < 2; p++)
    {
      pos->stores[p] = (uint8_t) c->stores[p];
      pos->refill_left[p] = (uint8_t) c->refill[p];
    }
  pos->to_move = (uint8_t) c->to_move;
  pos->opener = (uint8_t) c->opener;
  match->start = *pos;
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  KzMatch match;
  KzEventLog log;
  g_auto(GStrv) actions = g_strsplit (c->actions, " ", -1);
  g_autoptr(GString) events = g_string_new (NULL);
  uint8_t x_pits[14];
  int8_t x_lucky[2];
  int total;

  setup_case (c, &match);
  total = kz_position_total (&match.pos);
  kz_event_log_init (&log);
  for (int i = 0; actions[i] != NULL; i++)
    {
      KzAction action;
      char *text;

      g_assert_true (kz_action_parse (actions[i], &action));
      kz_event_log_clear (&log);
      g_assert_true (kz_match_play (&match, action, &log));
      text = kz_event_log_to_string (&log);
      if (i > 0)
        g_string_append (events, " | ");
      g_string_append (events, text);
      free (text);
      g_assert_cmpint (kz_position_total (&match.pos), ==, total);
    }
  kz_event_log_free (&log);

  parse_row (c->x_pits, x_pits);
  parse_lucky (c->x_lucky, x_lucky);
  g_assert_cmpstr (events->str, ==, c->x_events);
  g_assert_cmpmem (match.pos.pits, 14, x_pits, 14);
  for (int p = 0; p < 2; p++)
    {
      g_assert_cmpint (match.pos.stores[p], ==, c->x_stores[p]);
      g_assert_cmpint (match.pos.refill_left[p], ==, c->x_refill[p]);
      g_assert_cmpint (match.pos.lucky[p], ==, x_lucky[p]);
    }
  g_assert_cmpint (match.pos.to_move, ==, c->x_to_move);
  g_assert_cmpint (match.pos.round, ==, c->x_round ? c->x_round : 1);
  g_assert_cmpint (match.pos.over, ==, c->x_over);
  if (c->x_over)
    {
      g_assert_cmpint (match.pos.winner, ==, c->x_winner);
      g_assert_cmpint (match.pos.end, ==, c->x_end);
    }
  kz_match_clear (&match);
}

/* Which actions are legal: marking only at reserve 1, 6, 11, … */
typedef struct {
  const char *name;
  const char *pits;
  int         stores[2];
  int         refill[2];
  const char *lucky;
  const char *x_legal;
} LegalCase;

static const LegalCase legal_cases[] = {
  { "legal/reserve-0-no-mark", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 25, 31 }, .x_legal = "0 1" },
  { "legal/reserve-1-marks", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 26, 30 }, .x_legal = "0 1 m0 m1 m2 m3 m4 m5 m6" },
  { "legal/reserve-2-no-mark", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 27, 29 }, .x_legal = "0 1" },
  { "legal/reserve-5-no-mark", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 30, 26 }, .x_legal = "0 1" },
  { "legal/reserve-6-marks", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 31, 25 }, .x_legal = "0 1 m0 m1 m2 m3 m4 m5 m6" },
  { "legal/reserve-11-marks-not-own-lucky", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 36, 20 }, .lucky = "2 -",
    .x_legal = "0 1 m0 m1 m3 m4 m5 m6" },
  { "legal/reserve-counts-refill-left", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 25, 30 }, { 1, 0 },
    .x_legal = "0 1 r m0 m1 m2 m3 m4 m5 m6" },
  { "legal/refill-shell-only-when-exactly-one", "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", { 23, 31 }, { 2, 0 },
    .x_legal = "0 1" },
};

static void
test_legal (gconstpointer data)
{
  const LegalCase *c = data;
  Case setup = { .pits = c->pits, .stores = { c->stores[0], c->stores[1] },
                 .refill = { c->refill[0], c->refill[1] }, .lucky = c->lucky };
  KzMatch match;
  g_autofree char *legal = NULL;

  setup_case (&setup, &match);
  legal = kz_test_legal_to_string (&match.pos);
  g_assert_cmpstr (legal, ==, c->x_legal);
  kz_match_clear (&match);
}

/* After a mark, the same player plays on and may not mark again. */
static void
test_mark_once_per_turn (void)
{
  Case setup = { .pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .stores = { 26, 30 } };
  KzMatch match;
  g_autofree char *legal = NULL;

  setup_case (&setup, &match);
  g_assert_true (kz_match_play (&match, KZ_ACTION_MARK (4), NULL));
  g_assert_cmpint (match.pos.to_move, ==, 0);
  g_assert_cmpint (match.pos.plies, ==, 0);
  legal = kz_test_legal_to_string (&match.pos);
  g_assert_cmpstr (legal, ==, "0 1");
  g_assert_false (kz_match_play (&match, KZ_ACTION_MARK (5), NULL));
  kz_match_clear (&match);
}

/* Illegal actions are refused and change nothing. */
static void
test_illegal (void)
{
  static const char *const illegal[] = { "2", "7", "13", "r", "m3", "m9" };
  Case setup = { .pits = "5 5 0 0 0 0 0 | 0 0 0 0 0 0 4", .stores = { 25, 31 } };
  KzMatch match;

  setup_case (&setup, &match);
  for (gsize i = 0; i < G_N_ELEMENTS (illegal); i++)
    {
      KzPosition before = match.pos;
      KzAction action;

      g_assert_true (kz_action_parse (illegal[i], &action));
      g_assert_false (kz_match_play (&match, action, NULL));
      g_assert_true (kz_position_equal (&before, &match.pos));
      g_assert_cmpuint (match.n_history, ==, 0);
    }
  kz_match_clear (&match);
}

static void
test_start_position (void)
{
  for (int seeds = 4; seeds <= 6; seeds++)
    {
      KzOptions options = { .seeds = seeds };
      KzMatch match;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &options, NULL, 0));
      for (int c = 0; c < 14; c++)
        g_assert_cmpint (match.pos.pits[c], ==, seeds);
      g_assert_cmpint (kz_constitution_account (&match.pos, 0), ==, 7 * seeds);
      g_assert_cmpint (kz_constitution_account (&match.pos, 1), ==, 7 * seeds);
      g_assert_cmpint (match.pos.to_move, ==, 0);
      g_assert_cmpint (match.pos.round, ==, 1);
      g_assert_cmpint (match.pos.lucky[0], ==, -1);
      kz_match_clear (&match);
    }

  for (int seeds = 0; seeds < 10; seeds++)
    {
      KzOptions options = { .seeds = seeds };
      KzMatch match;
      char error[128] = "";
      gboolean ok = kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &options, error, sizeof error);

      g_assert_cmpint (ok, ==, seeds == 0 || (seeds >= 4 && seeds <= 6));
      if (!ok)
        g_assert_nonnull (strstr (error, "seeds"));
    }
}

/* The account (docs/rules-constitution.md: cups on your row + drawer +
 * refill left) and the reserve (account − the start's row), as the header
 * shows them: kz_position_account() reads the game's own account. */
typedef struct {
  const char *name;
  int         seeds;         /* 0: 5 */
  const char *pits;
  int         stores[2];
  int         refill[2];
  int         x_account[2];
  int         x_reserve[2];
} AccountCase;

static const AccountCase account_cases[] = {
  { "account/start",
    .pits = "5 5 5 5 5 5 5 | 5 5 5 5 5 5 5",
    .x_account = { 35, 35 }, .x_reserve = { 0, 0 } },
  { "account/drawer-and-refill-left-count",
    .pits = "5 5 5 5 5 5 5 | 1 0 0 0 0 0 0", .stores = { 20, 11 }, .refill = { 0, 3 },
    .x_account = { 55, 15 }, .x_reserve = { 20, 0 } },
  { "account/other-row-does-not-count",
    .pits = "0 0 0 0 0 0 0 | 9 9 9 9 9 9 9", .stores = { 4, 3 },
    .x_account = { 4, 66 }, .x_reserve = { 0, 31 } },
  { "account/start-count-4",
    .seeds = 4, .pits = "4 4 4 4 4 4 4 | 3 0 0 0 0 0 0", .stores = { 1, 24 },
    .x_account = { 29, 27 }, .x_reserve = { 1, 0 } },
};

static void
test_account (gconstpointer data)
{
  const AccountCase *a = data;
  Case c = { .seeds = a->seeds, .pits = a->pits,
             .stores = { a->stores[0], a->stores[1] }, .refill = { a->refill[0], a->refill[1] } };
  KzMatch match;

  setup_case (&c, &match);
  for (int p = 0; p < 2; p++)
    {
      g_assert_cmpint (kz_position_account (&match.pos, p), ==, a->x_account[p]);
      g_assert_cmpint (kz_constitution_account (&match.pos, p), ==, a->x_account[p]);
      g_assert_cmpint (kz_constitution_reserve (&match.pos, p), ==, a->x_reserve[p]);
    }
  kz_match_clear (&match);
}

/* Random matches: shells conserved, legal never empty while not over,
 * every match ends, undo restores the exact previous position. */
static void
test_random_matches (void)
{
  guint64 rng = 20261129;
  int n_matches = g_test_slow () ? 100000 : 10000;
  guint64 total_actions = 0;

  for (int m = 0; m < n_matches; m++)
    {
      KzOptions options = { .seeds = 4 + m % 3 };
      KzMatch match;
      int actions_played = 0;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &options, NULL, 0));
      while (!match.pos.over)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal);
          KzPosition before = match.pos;
          KzAction action;

          g_assert_cmpint (n, >, 0);
          action = legal[kz_test_rand (&rng) % n];
          g_assert_true (kz_match_play (&match, action, NULL));
          g_assert_cmpint (kz_position_total (&match.pos), ==, 14 * options.seeds);

          if (kz_test_rand (&rng) % 8 == 0)
            {
              KzPosition after = match.pos;
              g_assert_true (kz_match_undo (&match));
              g_assert_true (kz_position_equal (&match.pos, &before));
              g_assert_true (kz_match_play (&match, action, NULL));
              g_assert_true (kz_position_equal (&match.pos, &after));
            }
          actions_played++;
          g_assert_cmpint (actions_played, <, 100000);
        }
      g_assert_cmpint (kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, (KzAction[KZ_MAX_ACTIONS]) { 0 }), ==, 0);
      total_actions += actions_played;
      kz_match_clear (&match);
    }
  g_test_message ("%d random matches, %" G_GUINT64_FORMAT " actions", n_matches, total_actions);
}

/* What ends the match, asked before it does (for the window's warning):
 * who plays on alone, how often the position has come up, and which of
 * the legal actions would end the match by the third repetition. */
typedef struct {
  const char *name;
  const char *pits;
  int         stores[2];
  int         refill[2];
  int         to_move;
  const char *actions;       /* played first; NULL: none */

  int         x_alone;       /* the player who plays on alone, or -1 */
  int         x_occurrences;
  const char *x_repeat;      /* the actions that would end the match by repetition, "" none */
} WarningCase;

static const WarningCase warning_cases[] = {
  { "warning/start-nobody-alone", "5 5 5 5 5 5 5 | 5 5 5 5 5 5 5",
    .x_alone = -1, .x_occurrences = 1, .x_repeat = "" },
  /* Rules 7 and 8: a round end left Player 2 no shell on the row (a
   * stock below 5 fills no cup); Player 1 plays on alone. */
  { "warning/p2-row-empty-p1-alone", "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", { 29, 36 },
    .x_alone = 0, .x_occurrences = 1, .x_repeat = "" },
  { "warning/p1-row-empty-p2-alone", "0 0 0 0 0 0 0 | 0 0 5 0 0 0 0", { 32, 30 }, { 3, 0 }, .to_move = 1,
    .x_alone = 1, .x_occurrences = 1, .x_repeat = "" },
  /* Sowing cup 0 ends the round and brings the same position back: the
   * second time, the next sowing would be its third (rule 10). */
  { "warning/alone-second-occurrence-next-repeats", "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", { 29, 36 },
    .actions = "0", .x_alone = 0, .x_occurrences = 2, .x_repeat = "0" },
  /* A sowing that reaches the other row gives them shells to play: not
   * alone any more, and nothing repeats. */
  { "warning/alone-sowing-reaches-other-row", "0 0 0 0 0 5 0 | 0 0 0 0 0 0 0", { 29, 36 },
    .actions = "5", .x_alone = -1, .x_occurrences = 1, .x_repeat = "" },
  /* Within a round a row holds shells: the mover's own empty row with a
   * refill shell is no one playing alone. */
  { "warning/own-row-empty-refill-not-alone", "0 0 0 0 0 0 0 | 0 0 0 0 0 0 5", { 32, 27 }, { 1, 0 },
    .x_alone = -1, .x_occurrences = 1, .x_repeat = "" },
  /* The board emptied by a distribution ends the match otherwise. */
  { "warning/board-empty-is-no-repetition", "0 0 0 0 0 0 1 | 0 0 0 0 0 0 3", { 30, 36 },
    .x_alone = -1, .x_occurrences = 1, .x_repeat = "" },
  /* Over: nothing is counted, nothing can be played. */
  { "warning/over-nothing", "5 0 0 0 0 0 0 | 0 0 0 0 0 0 0", { 29, 36 },
    .actions = "0 0", .x_alone = -1, .x_occurrences = 0, .x_repeat = "" },
};

static void
test_warning (gconstpointer data)
{
  const WarningCase *w = data;
  const Case c = { .pits = w->pits, .stores = { w->stores[0], w->stores[1] },
                   .refill = { w->refill[0], w->refill[1] }, .to_move = w->to_move };
  g_auto(GStrv) actions = g_strsplit (w->actions ? w->actions : "", " ", -1);
  g_autoptr(GString) repeat = g_string_new (NULL);
  KzAction legal[KZ_MAX_ACTIONS];
  KzMatch match;
  int n;

  setup_case (&c, &match);
  for (int i = 0; actions[i] != NULL && *actions[i] != '\0'; i++)
    {
      KzAction action;
      g_assert_true (kz_action_parse (actions[i], &action));
      g_assert_true (kz_match_play (&match, action, NULL));
    }
  g_assert_cmpint (kz_constitution_alone (&match.pos), ==, w->x_alone);
  g_assert_cmpuint (kz_match_occurrences (&match), ==, w->x_occurrences);
  n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal);
  for (int i = 0; i < n; i++)
    if (kz_match_would_repeat (&match, legal[i]))
      {
        char buf[8];
        g_string_append_printf (repeat, "%s%s", repeat->len ? " " : "", kz_action_to_string (legal[i], buf));
      }
  g_assert_cmpstr (repeat->str, ==, w->x_repeat);
  kz_match_clear (&match);
}

/* The warning never lies: over random matches, an action would repeat
 * exactly when playing it ends the match by repetition. */
static void
test_would_repeat_agrees (void)
{
  guint64 rng = 0x5eed0fa10e;
  int repeats = 0;

  for (int m = 0; m < 300; m++)
    {
      KzOptions options = { .seeds = 4 + m % 3 };
      KzMatch match;

      g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &options, NULL, 0));
      while (!match.pos.over)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal);

          for (int i = 0; i < n; i++)
            {
              KzMatch copy;
              gboolean ends;

              kz_match_copy (&copy, &match);
              g_assert_true (kz_match_play (&copy, legal[i], NULL));
              ends = copy.pos.over && copy.pos.end == KZ_END_REPETITION;
              g_assert_cmpint (kz_match_would_repeat (&match, legal[i]), ==, ends);
              repeats += ends;
              kz_match_clear (&copy);
            }
          g_assert_true (kz_match_play (&match, legal[kz_test_rand (&rng) % n], NULL));
        }
      kz_match_clear (&match);
    }
  /* Random play reaches the rule now and then: the check saw some. */
  g_assert_cmpint (repeats, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  KZ_TEST_ADD_CASES ("/constitution", cases, test_case);
  KZ_TEST_ADD_CASES ("/constitution", legal_cases, test_legal);
  KZ_TEST_ADD_CASES ("/constitution", account_cases, test_account);
  g_test_add_func ("/constitution/mark/once-per-turn", test_mark_once_per_turn);
  g_test_add_func ("/constitution/illegal-actions-change-nothing", test_illegal);
  g_test_add_func ("/constitution/start-position", test_start_position);
  g_test_add_func ("/constitution/random-matches", test_random_matches);
  KZ_TEST_ADD_CASES ("/constitution", warning_cases, test_warning);
  g_test_add_func ("/constitution/warning/would-repeat-agrees-with-play", test_would_repeat_agrees);

  return g_test_run ();
}
