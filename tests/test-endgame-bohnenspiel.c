/* test-endgame-bohnenspiel.c — the Bohnenspiel endgame database against the real game played to its end, the 100-ply rule included, by hand and on every small position; its moves, and the search with it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-endgame.h"
#include "kuzhi-search.h"
#include "kuzhi-test-util.h"

/* Built once for the whole run: 7 beans, 5 million entries, a fraction of
 * a second. The minimax reaches 9, for the search's positions above it. */
#define TEST_SEEDS   7
#define MEMO_SEEDS   9
#define QUIET        KZ_BOHNENSPIEL_QUIET_LIMIT
#define UNKNOWN      (-128)

static int8_t *values;
static KzEndgame *endgame;
static int8_t *memo;

static int
store_difference (const KzPosition *pos)
{
  return pos->stores[pos->to_move] - pos->stores[!pos->to_move];
}

/* The mover's final margin of the beans on the board, by plain minimax
 * with the game's own apply(), which counts the plies since the last
 * capture and ends the game at the 100th: no rule of the database's
 * written again, only a memo of what was worked out (the pits in the
 * mover's frame and the count, like the database's, but filled from the
 * top down, one line of play at a time). */
static int
minimax (const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  uint8_t pits[12];
  int me = pos->to_move, best = G_MININT, n;
  uint64_t slot;

  for (int i = 0; i < 6; i++)
    {
      pits[i] = pos->pits[me * 6 + i];
      pits[6 + i] = pos->pits[!me * 6 + i];
    }
  slot = kz_endgame_rank (pits) * QUIET + pos->quiet_plies;
  g_assert_cmpuint (slot, <, kz_endgame_entries (MEMO_SEEDS) * QUIET);
  if (memo[slot] != UNKNOWN)
    return memo[slot];
  n = v->legal (pos, actions);
  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      KzPosition c = *pos;
      int x;

      v->apply (&c, actions[i], NULL);
      if (c.over)
        x = kz_eval_final_margin (&c, me) - store_difference (pos);
      else
        x = store_difference (&c) * (c.to_move == me ? 1 : -1) - store_difference (pos) - minimax (&c);
      best = MAX (best, x);
    }
  memo[slot] = (int8_t) best;
  return best;
}

static KzPosition
position (const uint8_t pits[12], int to_move, int quiet)
{
  uint8_t stores[2] = { 0, 0 };
  int on_board = 0;

  for (int i = 0; i < 12; i++)
    on_board += pits[i];
  /* The rest of the 72 beans in the stores, as a game would have them. */
  stores[0] = (uint8_t) ((72 - on_board) / 2);
  stores[1] = (uint8_t) (72 - on_board - stores[0]);
  KzPosition pos = kz_test_make_position (KZ_VARIANT_BOHNENSPIEL, NULL, pits, stores, to_move);
  pos.quiet_plies = (uint16_t) quiet;
  pos.plies = 200;
  return pos;
}

/* The rules' own cases, worked out by hand: the 100th ply without a
 * capture gives each row to its owner, a capture that leaves the other
 * row empty gives the mover the rest, and a chain runs back across the
 * rows. */
static void
test_by_hand (void)
{
  static const struct {
    const char *name;
    uint8_t     pits[12];   /* Player 1's row, then Player 2's; Player 1 to move */
    int         quiet;
    int         margin;     /* V: Player 1's final margin of the beans on the board */
  } cases[] = {
    /* One bean from pit 0 into pit 1 takes nothing: the 100th such ply,
     * so Player 1 keeps the bean of their row and Player 2 their five. */
    { "hundredth-quiet-ply", { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5 }, 99, 1 - 5 },
    /* The last bean makes Player 2's only pit 2: taken, their row is
     * empty and the game is over with nothing left. */
    { "capture-empties-their-row", { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0 }, 0, 2 },
    /* The same at the 99th quiet ply: a capture sets the count back, and
     * rule 4 comes first anyway. */
    { "capture-at-99", { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0 }, 99, 2 },
    /* Pit 4's two beans make pits 5 and 6 hold 2 each: both taken, back
     * across the rows, and pit 4, now empty, stops the chain. Player 2's
     * three beans in pit 11 go to Player 1's row, where they stay: on
     * Player 2's next turn their row is empty and all 7 are Player 1's. */
    { "chain-of-two", { 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 3 }, 0, 7 },
    /* Pit 5's bean makes pit 6 hold 2, then pit 5 (now empty) stops the
     * chain; the minimax decides the rest. */
    { "chain-stops-at-empty", { 0, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0 }, 0, G_MININT },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos = position (cases[i].pits, 0, cases[i].quiet);
      KzPosition mirror;
      uint8_t mirrored[12];
      int margin;

      g_test_message ("%s", cases[i].name);
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_cmpint (margin - store_difference (&pos), ==, minimax (&pos));
      if (cases[i].margin != G_MININT)
        g_assert_cmpint (margin - store_difference (&pos), ==, cases[i].margin);
      /* The same pits seen from Player 2 to move: one entry. */
      memcpy (mirrored, cases[i].pits + 6, 6);
      memcpy (mirrored + 6, cases[i].pits, 6);
      mirror = position (mirrored, 1, cases[i].quiet);
      g_assert_true (kz_endgame_probe (endgame, &mirror, &margin));
      g_assert_cmpint (margin - store_difference (&mirror), ==, minimax (&pos));
    }
}

/* Every position of up to 7 beans whose mover has a move, at counts of
 * plies from 0 to 99, as the real game plays it. */
static void
test_every_position (void)
{
  static const int counts[] = { 0, 1, 2, 37, 90, 98, 99 };
  int checked = 0;

  for (uint64_t r = 0; r < kz_endgame_entries (TEST_SEEDS); r++)
    {
      uint8_t pits[12];

      kz_endgame_unrank (r, pits);
      if (pits[0] + pits[1] + pits[2] + pits[3] + pits[4] + pits[5] == 0)
        continue;   /* over: never asked */
      for (gsize q = 0; q < G_N_ELEMENTS (counts); q++)
        {
          KzPosition pos = position (pits, 0, counts[q]);
          int margin;

          g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
          if (margin - store_difference (&pos) != minimax (&pos))
            g_error ("rank %llu, %d quiet plies: the database says %d, the game %d", (unsigned long long) r,
                     counts[q], margin - store_difference (&pos), minimax (&pos));
          checked++;
        }
    }
  g_assert_cmpint (checked, >, 300000);
}

/* What it does not decide: other games, games over, more beans, a count
 * the game never reaches. */
static void
test_refusals (void)
{
  uint8_t pits[12] = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5 };
  KzPosition pos = position (pits, 0, 0);
  int margin;

  g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
  pos.variant = KZ_VARIANT_OWARE;
  g_assert_false (kz_endgame_probe (endgame, &pos, &margin));
  pos = position (pits, 0, QUIET);
  g_assert_false (kz_endgame_probe (endgame, &pos, &margin));
  pos = position (pits, 0, 0);
  pos.over = 1;
  g_assert_false (kz_endgame_probe (endgame, &pos, &margin));
  pits[11] = 5 + 2;   /* 8 beans */
  pos = position (pits, 0, 0);
  g_assert_false (kz_endgame_probe (endgame, &pos, &margin));
}

/* The move kz_endgame_best() gives keeps the value, and random positions
 * of 8 and 9 beans, one or two captures above the database: the search
 * meets it wherever a line takes something, and where it can prove its
 * value, that value is the real game's. */
static void
test_moves_and_search (void)
{
  KzSearcher *searcher = kz_searcher_new (4);
  guint64 rng = 2026;
  int best_checked = 0, searched = 0;

  for (int round = 0; round < 400; round++)
    {
      uint8_t pits[12] = { 0 };
      int n = kz_test_rand_range (&rng, 2, TEST_SEEDS + 1);
      KzAction a;
      int margin, best;

      for (int i = 0; i < n; i++)
        pits[kz_test_rand_range (&rng, 0, 12)]++;
      KzPosition pos = position (pits, kz_test_rand_range (&rng, 0, 2), kz_test_rand_range (&rng, 0, QUIET));
      if (kz_position_row_sum (&pos, pos.to_move) == 0)
        continue;
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_true (kz_endgame_best (endgame, &pos, &a, &best));
      g_assert_cmpint (best, ==, margin);
      {
        KzPosition c = pos;
        int x;
        kz_position_variant (&pos)->apply (&c, a, NULL);
        x = c.over ? kz_eval_final_margin (&c, pos.to_move)
                   : store_difference (&c) * (c.to_move == pos.to_move ? 1 : -1) - minimax (&c);
        g_assert_cmpint (x, ==, margin);
      }
      best_checked++;
    }
  g_assert_cmpint (best_checked, >, 300);

  kz_searcher_set_endgame (searcher, KZ_VARIANT_BOHNENSPIEL, endgame);
  for (int round = 0; round < 300 && searched < 20; round++)
    {
      uint8_t pits[12] = { 0 };
      int n = kz_test_rand_range (&rng, TEST_SEEDS + 1, MEMO_SEEDS + 1);
      KzOptions options = { 0 };
      KzSearchLimits limits = { .depth = 12 };
      KzSearchResult result;
      KzMatch m;

      for (int i = 0; i < n; i++)
        pits[kz_test_rand_range (&rng, 0, 12)]++;
      KzPosition pos = position (pits, kz_test_rand_range (&rng, 0, 2), kz_test_rand_range (&rng, 0, 20));
      if (kz_position_row_sum (&pos, pos.to_move) == 0)
        continue;
      g_assert_true (kz_match_init (&m, KZ_VARIANT_BOHNENSPIEL, &options, NULL, 0));
      m.pos = pos;
      g_assert_true (kz_search (searcher, &m, &limits, NULL, &result));
      kz_searcher_clear (searcher);
      if (result.exact)
        {
          g_assert_cmpint (kz_score_margin (result.score), ==, store_difference (&pos) + minimax (&pos));
          searched++;
        }
      kz_match_clear (&m);
    }
  kz_searcher_free (searcher);
  g_assert_cmpint (searched, >=, 10);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);

  memo = g_malloc (kz_endgame_entries (MEMO_SEEDS) * QUIET);
  memset (memo, UNKNOWN & 0xff, kz_endgame_entries (MEMO_SEEDS) * QUIET);
  values = g_malloc (kz_endgame_size (KZ_VARIANT_BOHNENSPIEL, TEST_SEEDS));
  g_assert_true (kz_endgame_compute (KZ_VARIANT_BOHNENSPIEL, (uint8_t *) values, TEST_SEEDS, NULL, NULL, NULL));
  endgame = kz_endgame_new (KZ_VARIANT_BOHNENSPIEL, (const uint8_t *) values, TEST_SEEDS);

  g_test_add_func ("/endgame-bohnenspiel/by-hand", test_by_hand);
  g_test_add_func ("/endgame-bohnenspiel/every-position", test_every_position);
  g_test_add_func ("/endgame-bohnenspiel/refusals", test_refusals);
  g_test_add_func ("/endgame-bohnenspiel/moves-and-search", test_moves_and_search);
  ret = g_test_run ();

  kz_endgame_free (endgame);
  g_free (values);
  g_free (memo);
  return ret;
}
