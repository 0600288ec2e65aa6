/* test-preview.c — the sowing preview (kz_position_preview): where the last shell falls, the relays, triples, captures, an extra move and the end of a round or the match, from positions the rules pages decide. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

typedef struct {
  const char *name;
  KzVariantId variant;
  uint8_t     pits[KZ_MAX_PITS];
  int         to_move;
  KzAction    action;

  int         x_last_pit;     /* -1: a store */
  int         x_last_store;   /* -1: a pit */
  const char *x_relays;       /* the relay cups, space-separated */
  uint32_t    x_triples;
  uint32_t    x_captures;
  int         x_taken[2];
  gboolean    x_extra_turn;

  /* After the positional fields, by name where a case needs them: */
  uint8_t     stores[2];
  KzOptions   options;        /* 0: the game's defaults */
  gboolean    x_round_ends;
  gboolean    x_match_ends;
} Case;

#define BIT(p) (1u << (p))

static const Case cases[] = {
  /* docs/rules-constitution.md, the worked example: cup 0 relays from 5,
   * 11, 3 and 10 and its last shell falls in cup 3. */
  { "constitution/worked-example", KZ_VARIANT_CONSTITUTION,
    { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 }, 0, 0,
    3, -1, "5 11 3 10", 0, 0, { 0, 0 }, FALSE },
  /* A last shell making three on the opponent's row: a triple for the mover. */
  { "constitution/triple-to-mover", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0, 0 }, 0, 5,
    8, -1, "", BIT (8), 0, { 3, 0 }, FALSE },
  /* A middle drop making three on the opponent's row: the owner's. */
  { "constitution/triple-to-owner", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0, 5, 0 }, 0, 5,
    9, -1, "", BIT (7), 0, { 0, 3 }, FALSE },
  /* Kalah: the last seed in the store moves again. */
  { "kalah/extra-move", KZ_VARIANT_KALAH,
    { 0, 0, 0, 0, 1, 1, 9, 1, 0, 0, 0, 1 }, 0, 5,
    -1, 0, "", 0, 0, { 1, 0 }, TRUE },
  /* Kalah: the last seed in an own empty pit takes it and the 8 opposite. */
  { "kalah/capture", KZ_VARIANT_KALAH,
    { 1, 0, 0, 0, 0, 2, 3, 1, 1, 1, 8, 1 }, 0, 0,
    1, -1, "", 0, BIT (1) | BIT (10), { 9, 0 }, FALSE },
  /* Oware: the last seed makes 2 on the opponent's row and 3 before it:
   * both are captured. */
  { "oware/capture-chain", KZ_VARIANT_OWARE,
    { 0, 0, 0, 0, 0, 2, 2, 1, 4, 4, 4, 4 }, 0, 5,
    7, -1, "", 0, BIT (6) | BIT (7), { 5, 0 }, FALSE },

  /* docs/rules-dakon-pallanguzhi.md, Dakon step 3: pit 0's 2 seeds end in
   * pit 2, which held 1: relay its 2 to pits 3 and 4. Pit 4 was empty and
   * is on the mover's row: its seed and the 3 opposite (pit 9) are taken. */
  { "dakon/relay-capture", KZ_VARIANT_DAKON,
    { 2, 0, 1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0 }, 0, 0,
    4, -1, "2", 0, BIT (4) | BIT (9), { 4, 0 }, FALSE },
  /* Dakon: pit 6's one seed falls into the store, but the mover's row is
   * empty now: the game ends (no extra turn), and Player 2's pits 7 and
   * 10 are swept into Player 2's store, which is no capture. */
  { "dakon/side-empty", KZ_VARIANT_DAKON,
    { 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 0, 0, 0 }, 0, 6,
    -1, 0, "", 0, 0, { 1, 0 }, FALSE, .x_match_ends = TRUE },
  /* Pallanguzhi with 5 a cup, pasu 4: cup 0's 2 counters make cup 1 hold
   * 4, a pasu taken at once, and end in cup 2. The next cup, 3, holds 2:
   * relay them to cups 4 and 5. Cup 6 after it is empty: the cup beyond,
   * 7, with 3, is captured. */
  { "pallanguzhi/pasu-relay-capture", KZ_VARIANT_PALLANGUZHI,
    { 2, 3, 0, 2, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0 }, 0, 0,
    5, -1, "3", 0, BIT (1) | BIT (7), { 7, 0 }, FALSE,
    .options = { .seeds = 5 } },
  /* Mangala rule 1 and 4: pit 5's 3 stones go back to 5, into the store
   * and to pit 6, which held 3: 4 is even, the mover takes the pit. */
  { "mangala/even-capture", KZ_VARIANT_MANGALA,
    { 0, 0, 0, 0, 0, 3, 3, 0, 2, 0, 0, 0 }, 0, 5,
    6, -1, "", 0, BIT (6), { 5, 0 }, FALSE },
  /* Bohnenspiel rule 2: pit 4's 3 beans end in pit 7, now 2: taken; pit
   * 6 before it holds 4: taken; pit 5 holds 1 and stops the chain. */
  { "bohnenspiel/capture-chain", KZ_VARIANT_BOHNENSPIEL,
    { 0, 0, 0, 0, 3, 0, 3, 1, 0, 0, 5, 0 }, 0, 4,
    7, -1, "", 0, BIT (6) | BIT (7), { 6, 0 }, FALSE },

  /* Moves that end the game: the seeds gathered to the stores at the end
   * are not captures. Kalah rule 3, then 4: the last seed in empty pit 1
   * takes the 4 opposite (pit 10) and itself; Player 1's row is empty, so
   * Player 2 sweeps pit 8 into their own store. */
  { "kalah/capture-ends-match", KZ_VARIANT_KALAH,
    { 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 4, 0 }, 0, 0,
    1, -1, "", 0, BIT (1) | BIT (10), { 5, 0 }, FALSE, .x_match_ends = TRUE },
  /* Kalah: the last seed in the store empties the mover's row: the end
   * beats the extra turn, and Player 2's row goes to Player 2. */
  { "kalah/store-ends-match", KZ_VARIANT_KALAH,
    { 0, 0, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0 }, 0, 5,
    -1, 0, "", 0, 0, { 1, 0 }, FALSE, .x_match_ends = TRUE },
  /* Oware rules 3 and 6: houses 7 (now 2) and 6 (now 3) are captured,
   * 23 + 5 is a majority: each row's rest (houses 0 and 9) is kept by
   * its owner, not captured. */
  { "oware/majority-ends-match", KZ_VARIANT_OWARE,
    { 3, 0, 0, 0, 0, 2, 2, 1, 0, 4, 0, 0 }, 0, 5,
    7, -1, "", 0, BIT (6) | BIT (7), { 5, 0 }, FALSE,
    .stores = { 23, 0 }, .x_match_ends = TRUE },
  /* Bohnenspiel rule 4: pit 4's 2 beans end in pit 6, now 2: taken, and
   * pit 5 (1) stops the chain. Player 2 has no bean left: the mover gets
   * pits 0 and 5, which is no capture. */
  { "bohnenspiel/side-empty", KZ_VARIANT_BOHNENSPIEL,
    { 3, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0 }, 0, 4,
    6, -1, "", 0, BIT (6), { 2, 0 }, FALSE, .x_match_ends = TRUE },
  /* Pallanguzhi, the default layout: cup 5's counter falls into cup 6;
   * cup 7 after it is empty, so cup 8's 3 are captured. Player 2's row is
   * empty: the round ends and cups 0 and 6 go back to Player 1, which is
   * no capture. Both stores fill a first cup: a new round, not the end. */
  { "pallanguzhi/round-ends", KZ_VARIANT_PALLANGUZHI,
    { 2, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0 }, 0, 5,
    6, -1, "", 0, BIT (8), { 3, 0 }, FALSE,
    .stores = { 40, 40 }, .x_round_ends = TRUE },
  /* The same move with 5 in Player 2's store: fewer than the first cup's
   * 12, so the match ends (cannot_fill) with the round. */
  { "pallanguzhi/match-ends", KZ_VARIANT_PALLANGUZHI,
    { 2, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0 }, 0, 5,
    6, -1, "", 0, BIT (8), { 3, 0 }, FALSE,
    .stores = { 40, 5 }, .x_round_ends = TRUE, .x_match_ends = TRUE },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  KzPosition pos = kz_test_make_position (c->variant, &c->options, c->pits, c->stores, c->to_move);
  KzPreview preview;
  GString *relays = g_string_new (NULL);

  g_assert_true (kz_position_preview (&pos, c->action, &preview));
  for (int i = 0; i < MIN (preview.n_relays, KZ_PREVIEW_MAX_RELAYS); i++)
    g_string_append_printf (relays, "%s%d", i ? " " : "", preview.relays[i]);

  g_assert_cmpint (preview.last_pit, ==, c->x_last_pit);
  g_assert_cmpint (preview.last_store, ==, c->x_last_store);
  g_assert_cmpstr (relays->str, ==, c->x_relays);
  g_assert_cmphex (preview.triples, ==, c->x_triples);
  g_assert_cmphex (preview.captures, ==, c->x_captures);
  g_assert_cmpint (preview.taken[0], ==, c->x_taken[0]);
  g_assert_cmpint (preview.taken[1], ==, c->x_taken[1]);
  g_assert_cmpint (preview.extra_turn, ==, c->x_extra_turn);
  /* What is taken, by kind: no lucky cup here, so the Constitution's
   * taking is triples, the other games' captures and stores. */
  for (int p = 0; p < 2; p++)
    {
      g_assert_cmpint (preview.taken[p], ==, 3 * preview.n_triples[p] + preview.banked[p]
                                             + preview.captured[p] + preview.stored[p]);
      g_assert_cmpint (preview.banked[p], ==, 0);
    }
  g_assert_cmpint (preview.n_triples[0] + preview.n_triples[1], ==, __builtin_popcount (c->x_triples));
  g_assert_cmpint (preview.round_ends, ==, c->x_round_ends);
  g_assert_cmpint (preview.match_ends, ==, c->x_match_ends);
  g_string_free (relays, TRUE);
}

/* An illegal action has no preview, and the position is never changed. */
static void
test_illegal (void)
{
  KzMatch m;
  KzPosition before;
  KzPreview preview;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, NULL, NULL, 0));
  before = m.pos;
  g_assert_false (kz_position_preview (&m.pos, 7, &preview));   /* the other row */
  g_assert_cmpint (preview.last_pit, ==, -1);
  g_assert_true (kz_position_preview (&m.pos, 2, &preview));
  g_assert_true (kz_position_equal (&m.pos, &before));
  kz_match_clear (&m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  KZ_TEST_ADD_CASES ("/preview", cases, test_case);
  g_test_add_func ("/preview/illegal", test_illegal);
  return g_test_run ();
}
