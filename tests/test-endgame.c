/* test-endgame.c — the Kalah and Mangala endgame databases: ranking, values against minimax and the solver, the file refused when damaged, the search's values unchanged by them. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "kuzhi-endgame.h"
#include "kuzhi-endgame-file.h"
#include "kuzhi-kalah-solve.h"
#include "kuzhi-search.h"
#include "kuzhi-test-util.h"

/* Built once for the whole run: 13 seeds, so that a pit can go round the
 * board (13 seeds make a lap) — 5.2 million entries, a second or two. */
#define TEST_SEEDS 13

static int8_t *values;
static KzEndgame *endgame;
static KzSearcher *searcher;

/* Mangala's: 10 seeds, 0.65 million entries. */
#define MANGALA_SEEDS 10
static int8_t *mangala_values;
static KzEndgame *mangala;

static KzPosition
kalah_position (const uint8_t pits[12], int store0, int store1, int to_move)
{
  uint8_t stores[2] = { (uint8_t) store0, (uint8_t) store1 };
  return kz_test_make_position (KZ_VARIANT_KALAH, NULL, pits, stores, to_move);
}

/* A random position of `game` with `on_board` seeds in the pits and the
 * rest of 48 in the stores, not over; `heap` seeds go to one pit first. */
static gboolean
random_game_position (KzVariantId game, guint64 *rng, int on_board, int heap, KzPosition *out)
{
  uint8_t pits[12] = { 0 };

  pits[kz_test_rand_range (rng, 0, 12)] = (uint8_t) heap;
  for (int i = heap; i < on_board; i++)
    pits[kz_test_rand_range (rng, 0, 12)]++;
  int store0 = kz_test_rand_range (rng, 0, 48 - on_board + 1);
  uint8_t stores[2] = { (uint8_t) store0, (uint8_t) (48 - on_board - store0) };
  *out = kz_test_make_position (game, NULL, pits, stores, kz_test_rand_range (rng, 0, 2));
  return kz_position_row_sum (out, 0) != 0 && kz_position_row_sum (out, 1) != 0;
}

static gboolean
random_position (guint64 *rng, int on_board, int heap, KzPosition *out)
{
  return random_game_position (KZ_VARIANT_KALAH, rng, on_board, heap, out);
}

/* Ranking: unrank then rank gives the index back, over every position of
 * up to 8 seeds; each layer starts where the one below ends, so the
 * ranks of k seeds are a bijection onto their C(k + 11, 11) places. */
static void
test_rank_bijection (void)
{
  uint64_t entries = kz_endgame_entries (8);
  int layer = 0;

  g_assert_cmpuint (entries, ==, 125970);     /* C(20, 12) */
  g_assert_cmpuint (kz_endgame_entries (16), ==, 30421755);
  g_assert_cmpuint (kz_endgame_entries (KZ_ENDGAME_MAX_SEEDS + 1), ==, 0);
  for (uint64_t i = 0; i < entries; i++)
    {
      uint8_t pits[12];
      int seeds = 0;

      kz_endgame_unrank (i, pits);
      for (int j = 0; j < 12; j++)
        seeds += pits[j];
      /* Layers in order, each one whole. */
      if (seeds != layer)
        {
          g_assert_cmpint (seeds, ==, layer + 1);
          g_assert_cmpuint (i, ==, kz_endgame_entries (layer));
          layer = seeds;
        }
      g_assert_cmpuint (kz_endgame_rank (pits), ==, i);
    }
  g_assert_cmpint (layer, ==, 8);

  /* The first and the last of a layer, by hand. */
  static const struct { uint8_t pits[12]; uint64_t rank; } cases[] = {
    { { 0 }, 0 },
    /* Colex: the last pit's seeds come first within a layer. */
    { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 }, 1 },
    { { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 12 },
    { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 }, 13 },
    { { 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 90 },   /* C(14, 12) − 1 */
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (kz_endgame_rank (cases[i].pits), ==, cases[i].rank);
}

/* Hand-made positions, one rule each, with the margin worked out. */
static void
test_rules_by_hand (void)
{
  static const struct {
    const char *name;
    uint8_t     pits[12];
    int         to_move;
    int         margin;   /* the mover's, stores 0–0 */
  } cases[] = {
    /* Pit 5's seed is banked and the mover goes on: the other's seed
     * stays theirs when the row empties. */
    { "extra-turn-then-row-empty", { 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1 }, 0, 0 },
    /* 4 → 5 lands in an empty pit with 3 opposite: a capture of 4, then
     * the other's row is empty. */
    { "capture", { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3 }, 0, 1 + 3 - 0 },
    /* Opposite empty: no capture, the seed stays. */
    { "no-capture-opposite-empty", { 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0 }, 0, 0 },
    /* Player 2 to move, same board seen from their side. */
    { "second-player", { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0 }, 1, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos = kalah_position (cases[i].pits, 0, 0, cases[i].to_move);
      int margin;

      g_test_message ("%s", cases[i].name);
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_cmpint (margin, ==, kz_test_minimax (&pos));
    }
}

/* Every value against plain minimax: many random positions of up to 8
 * seeds, and against the solver up to 13 with laps (a heap of 13). */
static void
test_against_minimax (void)
{
  guint64 rng = 1234;
  int checked = 0;

  for (int round = 0; round < 600; round++)
    {
      KzPosition pos;
      int margin;

      if (!random_position (&rng, kz_test_rand_range (&rng, 2, 9), 0, &pos))
        continue;
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_cmpint (margin, ==, kz_test_minimax (&pos));

      /* The best action it names keeps the value. */
      KzAction a;
      int best;
      g_assert_true (kz_endgame_best (endgame, &pos, &a, &best));
      g_assert_cmpint (best, ==, margin);
      g_assert_cmpint (kz_test_action_minimax (&pos, a), ==, margin);
      checked++;
    }
  g_assert_cmpint (checked, >, 400);
}

static void
test_against_solver (void)
{
  guint64 rng = 99;
  void *table = g_aligned_alloc (1 << 14, 64, 64);
  int checked = 0;

  for (int round = 0; round < 300; round++)
    {
      KzPosition pos;
      KzKalahSolution sol;
      int seeds = kz_test_rand_range (&rng, 9, TEST_SEEDS + 1);
      int heap = round % 3 == 0 ? 13 : round % 3 == 1 ? kz_test_rand_range (&rng, 6, 13) : 0;
      int margin;

      if (heap > seeds)
        heap = seeds;
      if (!random_position (&rng, seeds, heap, &pos))
        continue;
      g_assert_true (kz_kalah_solve (&pos, table, (1 << 14) * 64, NULL, 0, 0, &sol));
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_cmpint (margin, ==, sol.value);
      checked++;
    }
  g_assert_cmpint (checked, >, 120);
  g_aligned_free (table);
}

/* Kalah under a time limit: where the solver proves the position within
 * its share of the move's time (here a generous one, so that a loaded
 * machine changes nothing), `go time=…` plays a legal move with the exact
 * margin the solver gives without limits; Normal searches (it is meant to
 * err) and gives no proof from so far out. Positions with 26 to 34 seeds
 * on the board, beyond the database's 13. How much sooner the solver
 * proves than the search: docs/computer-opponent.md, "Against CMancala". */
static void
test_search_quick_solve (void)
{
  guint64 rng = 31;
  int checked = 0;

  kz_searcher_set_endgame (searcher, KZ_VARIANT_KALAH, endgame);
  for (int round = 0; round < 40 && checked < 12; round++)
    {
      KzMatch m;
      KzSearchLimits timed = { .time_ms = 20000 }, solve = { 0 };
      KzSearchLimits normal = { .time_ms = 20000, .level = KZ_LEVEL_NORMAL };
      KzSearchResult r, exact, n;
      KzPosition pos;
      KzOptions options = { 0 };

      if (!random_position (&rng, kz_test_rand_range (&rng, 26, 35), 0, &pos))
        continue;
      g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, &options, NULL, 0));
      m.pos = m.start = pos;
      g_assert_true (kz_search (searcher, &m, &solve, NULL, &exact));
      g_assert_true (exact.exact);
      g_assert_true (kz_search (searcher, &m, &timed, NULL, &r));
      g_assert_true (r.exact);
      g_assert_cmpint (kz_score_margin (r.score), ==, kz_score_margin (exact.score));
      g_assert_true (kz_position_is_legal (&pos, r.best));
      g_assert_true (kz_search (searcher, &m, &normal, NULL, &n));
      g_assert_false (n.exact);
      kz_match_clear (&m);
      checked++;
    }
  g_assert_cmpint (checked, ==, 12);
}

/* The search: the same exact values with the database as without, for
 * positions above its N (it is then met inside the tree), by solving,
 * by Hard's depth-limited search and by the analysis. */
static void
test_search_same_values (void)
{
  guint64 rng = 7;

  for (int round = 0; round < 24; round++)
    {
      KzMatch m;
      KzSearchLimits solve = { 0 };
      KzSearchResult with, without;
      KzPosition pos;
      KzOptions options = { 0 };
      int seeds = kz_test_rand_range (&rng, 10, 17);

      if (!random_position (&rng, seeds, 0, &pos))
        continue;
      g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, &options, NULL, 0));
      m.pos = pos;

      kz_searcher_set_endgame (searcher, KZ_VARIANT_KALAH, NULL);
      g_assert_true (kz_search (searcher, &m, &solve, NULL, &without));
      kz_searcher_clear (searcher);
      kz_searcher_set_endgame (searcher, KZ_VARIANT_KALAH, endgame);
      g_assert_true (kz_search (searcher, &m, &solve, NULL, &with));
      kz_searcher_clear (searcher);
      g_assert_true (without.exact);
      g_assert_true (with.exact);
      g_assert_cmpint (kz_score_margin (with.score), ==, kz_score_margin (without.score));
      g_assert_true (kz_position_is_legal (&m.pos, with.best));

      /* The line it names keeps the value. */
      KzPosition c = m.pos;
      kz_position_variant (&c)->apply (&c, with.best, NULL);
      int after;
      if (c.over)
        after = kz_eval_final_margin (&c, m.pos.to_move);
      else
        {
          KzMatch cm;
          KzSearchResult cr;
          kz_match_init (&cm, KZ_VARIANT_KALAH, &options, NULL, 0);
          cm.pos = c;
          g_assert_true (kz_search (searcher, &cm, &solve, NULL, &cr));
          kz_searcher_clear (searcher);
          after = c.to_move == m.pos.to_move ? kz_score_margin (cr.score) : -kz_score_margin (cr.score);
          kz_match_clear (&cm);
        }
      g_assert_cmpint (after, ==, kz_score_margin (without.score));

      /* Within the database's reach Hard (a depth of 2 here) is exact:
       * every leaf is looked up. */
      if (seeds <= TEST_SEEDS)
        {
          KzSearchLimits hard = { .depth = 2 };
          KzSearchResult r;
          g_assert_true (kz_search (searcher, &m, &hard, NULL, &r));
          kz_searcher_clear (searcher);
          g_assert_true (r.exact);
          g_assert_cmpint (kz_score_margin (r.score), ==, kz_score_margin (without.score));
        }

      /* The analysis gives every move the value it had without. */
      KzAnalysis an_with, an_without;
      KzSearchLimits none = { 0 };
      g_assert_true (kz_search_analyse (searcher, &m, &none, NULL, NULL, NULL, &an_with));
      kz_searcher_clear (searcher);
      kz_searcher_set_endgame (searcher, KZ_VARIANT_KALAH, NULL);
      g_assert_true (kz_search_analyse (searcher, &m, &none, NULL, NULL, NULL, &an_without));
      kz_searcher_clear (searcher);
      g_assert_cmpint (an_with.n_moves, ==, an_without.n_moves);
      for (int i = 0; i < an_with.n_moves; i++)
        {
          g_assert_true (an_with.moves[i].exact);
          g_assert_cmpint (kz_score_margin (an_with.moves[i].score), ==,
                           kz_score_margin (an_without.moves[i].score));
        }
      kz_match_clear (&m);
    }
  kz_searcher_set_endgame (searcher, KZ_VARIANT_KALAH, endgame);
}

/* Mangala's database against plain minimax on the game's own rules, by
 * hand where a rule of its own decides, and on random positions of up to
 * 8 seeds; and the search, whose leaves it decides within its reach. */
static void
test_mangala (void)
{
  static const struct {
    const char *name;
    uint8_t     pits[12];
    int         margin;   /* the mover's (Player 1), stores 0–0 */
  } cases[] = {
    /* One stone in the last pit goes into the treasure, and the mover's
     * row is empty: the mover takes the stones on the other row too. */
    { "last-pit-single-stone", { 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0 }, 1 + 2 },
    /* Pit 4's 2 stones: one back, one into pit 5 (the row keeps its
     * stones and the other moves); the minimax decides the rest. */
    { "one-back", { 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 3 }, G_MININT },
    /* The last stone makes the other's pit even (1 + 1): captured,
     * their row is empty, and they take the mover's stones. */
    { "even-capture-empties-their-row", { 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0 }, G_MININT },
  };
  guint64 rng = 4321;
  int checked = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      uint8_t stores[2] = { 0, 0 };
      KzPosition pos = kz_test_make_position (KZ_VARIANT_MANGALA, NULL, cases[i].pits, stores, 0);
      int margin;

      g_test_message ("%s", cases[i].name);
      g_assert_true (kz_endgame_probe (mangala, &pos, &margin));
      g_assert_cmpint (margin, ==, kz_test_minimax (&pos));
      if (cases[i].margin != G_MININT)
        g_assert_cmpint (margin, ==, cases[i].margin);
    }

  /* A Kalah position is not Mangala's to decide. */
  {
    KzPosition pos;
    int margin;
    g_assert_true (random_position (&rng, 3, 0, &pos) || random_position (&rng, 4, 0, &pos));
    g_assert_false (kz_endgame_probe (mangala, &pos, &margin));
  }

  for (int round = 0; round < 600; round++)
    {
      KzPosition pos;
      KzAction a;
      int margin, best;

      if (!random_game_position (KZ_VARIANT_MANGALA, &rng, kz_test_rand_range (&rng, 2, 9), 0, &pos))
        continue;
      g_assert_true (kz_endgame_probe (mangala, &pos, &margin));
      g_assert_cmpint (margin, ==, kz_test_minimax (&pos));
      g_assert_true (kz_endgame_best (mangala, &pos, &a, &best));
      g_assert_cmpint (best, ==, margin);
      g_assert_cmpint (kz_test_action_minimax (&pos, a), ==, margin);
      checked++;
    }
  g_assert_cmpint (checked, >, 400);

  /* Positions of 11 and 12 seeds, one or two moves above the database:
   * a depth of 2 meets it at every leaf, so the search is exact, with the
   * value its own exact search finds without it. */
  for (int round = 0, done = 0; done < 8 && round < 200; round++)
    {
      KzMatch m;
      KzOptions options = { 0 };
      KzSearchLimits two = { .depth = 2 }, deep = { .depth = 40 };
      KzSearchResult with, without;
      KzPosition pos;

      if (!random_game_position (KZ_VARIANT_MANGALA, &rng, kz_test_rand_range (&rng, MANGALA_SEEDS + 1, MANGALA_SEEDS + 2), 0, &pos))
        continue;
      g_assert_true (kz_match_init (&m, KZ_VARIANT_MANGALA, &options, NULL, 0));
      m.pos = pos;
      kz_searcher_set_endgame (searcher, KZ_VARIANT_MANGALA, NULL);
      g_assert_true (kz_search (searcher, &m, &deep, NULL, &without));
      kz_searcher_clear (searcher);
      kz_searcher_set_endgame (searcher, KZ_VARIANT_MANGALA, mangala);
      g_assert_true (kz_search (searcher, &m, &two, NULL, &with));
      kz_searcher_clear (searcher);
      kz_searcher_set_endgame (searcher, KZ_VARIANT_MANGALA, NULL);
      if (without.exact && with.exact)
        {
          g_assert_cmpint (kz_score_margin (with.score), ==, kz_score_margin (without.score));
          done++;
        }
      kz_match_clear (&m);
    }
}

/* The file: built, opened, and refused whenever anything is off. */
static void
write_damaged (const char *from, const char *to, void (*damage) (GByteArray *))
{
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (from, &contents, &len, &error));
  GByteArray *bytes = g_byte_array_new ();
  g_byte_array_append (bytes, (guint8 *) contents, (guint) len);
  damage (bytes);
  g_assert_true (g_file_set_contents (to, (char *) bytes->data, bytes->len, &error));
  g_byte_array_unref (bytes);
}

static void flip_payload (GByteArray *b) { b->data[KZ_ENDGAME_HEADER_BYTES + b->len / 3] ^= 0x01; }
static void truncate_end (GByteArray *b) { g_byte_array_set_size (b, b->len - 1); }
static void truncate_header (GByteArray *b) { g_byte_array_set_size (b, 20); }
static void longer (GByteArray *b) { guint8 z = 0; g_byte_array_append (b, &z, 1); }
static void wrong_magic (GByteArray *b) { b->data[0] = 'X'; }
static void wrong_format (GByteArray *b) { b->data[8] = 9; }
static void wrong_game (GByteArray *b) { b->data[12] = KZ_VARIANT_OWARE; }
static void wrong_rules (GByteArray *b) { b->data[16] ^= 0x40; }
static void wrong_seeds (GByteArray *b) { b->data[20] = 9; }
static void wrong_entries (GByteArray *b) { b->data[24] ^= 1; }
static void wrong_checksum (GByteArray *b) { b->data[32] ^= 0x80; }
static void unknown_field (GByteArray *b) { b->data[50] = 1; }
static void empty (GByteArray *b) { g_byte_array_set_size (b, 0); }

/* The file-backed pages resident in this process (RssFile of
 * /proc/self/status), in kB; −1 where there is none. */
static long
resident_file_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "RssFile:")) == NULL)
    return -1;
  return atol (line + strlen ("RssFile:"));
}

static void
test_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 8);
  g_autofree char *bad = g_build_filename (dir, "bad.db", NULL);
  g_autoptr(GError) error = NULL;
  static const struct {
    const char *name;
    void (*damage) (GByteArray *);
  } cases[] = {
    { "payload-byte-flipped", flip_payload },
    { "truncated", truncate_end },
    { "header-cut", truncate_header },
    { "longer", longer },
    { "magic", wrong_magic },
    { "format", wrong_format },
    { "game", wrong_game },
    { "rules", wrong_rules },
    { "seeds", wrong_seeds },
    { "entries", wrong_entries },
    { "checksum", wrong_checksum },
    { "unknown-field", unknown_field },
    { "empty", empty },
  };

  g_assert_nonnull (dir);
  g_assert_true (g_str_has_suffix (path, "endgame-kalah-8.db"));

  /* Not there yet: NOENT, so the caller builds it. */
  g_assert_null (kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_autoptr(KzEndgameFile) file = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_cmpint (kz_endgame_max_seeds (kz_endgame_file_get (file)), ==, 8);

  /* What it holds is what was computed in memory. */
  for (uint64_t i = 0; i < kz_endgame_entries (8); i += 97)
    {
      uint8_t pits[12];
      kz_endgame_unrank (i, pits);
      g_assert_cmpint (kz_endgame_pits_value (kz_endgame_file_get (file), pits), ==, values[i]);
    }

  /* Opened again, verified, and not kept resident whole: the pages the
   * check read are let go (only the first is read again, above). */
  long file_kb = resident_file_kb ();
  g_autoptr(KzEndgameFile) again = kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  if (file_kb >= 0)
    g_assert_cmpint (resident_file_kb () - file_kb, <, (long) (kz_endgame_entries (8) / 1024 / 4));
  /* Kalah's file is not another game's, whatever its name. */
  g_assert_null (kz_endgame_file_open (path, KZ_VARIANT_MANGALA, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "another game"));
  g_clear_error (&error);
  g_assert_null (kz_endgame_file_build (path, KZ_VARIANT_DAKON, 8, NULL, NULL, NULL, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_clear_error (&error);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].name);
      write_damaged (path, bad, cases[i].damage);
      g_assert_null (kz_endgame_file_open (bad, KZ_VARIANT_KALAH, &error));
      g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
      g_clear_error (&error);
    }

  /* Rebuilt over a damaged file, it is good again. */
  write_damaged (path, path, flip_payload);
  g_assert_null (kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error));
  g_clear_error (&error);
  g_autoptr(KzEndgameFile) rebuilt = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rebuilt);

  g_remove (bad);
  g_remove (path);
  g_rmdir (dir);
}

/* A build reports progress up to 1 and stops when cancelled. */
static void
test_progress_and_cancel (void)
{
  g_autofree int8_t *v = g_malloc (kz_endgame_entries (12));
  double last = 0;
  int cancel = 0;

  g_assert_true (kz_endgame_compute (KZ_VARIANT_KALAH, (uint8_t *) v, 12, kz_test_progress_rises, &last, NULL));
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_false (kz_endgame_compute (KZ_VARIANT_KALAH, (uint8_t *) v, 12, kz_test_progress_cancel, &cancel, &cancel));

  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 12);
  g_autoptr(GError) error = NULL;
  cancel = 0;
  g_assert_null (kz_endgame_file_build (path, KZ_VARIANT_KALAH, 12, kz_test_progress_cancel, &cancel, &cancel, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_CANCELLED);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* Where it is kept: KUZHI_ENDGAME_DIR, else the cache folder. */
static void
test_default_path (void)
{
  g_autofree char *with_dir = kz_endgame_file_default_path ("/some/dir", KZ_VARIANT_KALAH, 16);
  g_assert_cmpstr (with_dir, ==, "/some/dir/endgame-kalah-16.db");
  g_autofree char *mangala_path = kz_endgame_file_default_path ("/some/dir", KZ_VARIANT_MANGALA, 12);
  g_assert_cmpstr (mangala_path, ==, "/some/dir/endgame-mangala-12.db");

  g_setenv ("KUZHI_ENDGAME_DIR", "/env/dir", TRUE);
  g_autofree char *with_env = kz_endgame_file_default_path (NULL, KZ_VARIANT_KALAH, 16);
  g_assert_cmpstr (with_env, ==, "/env/dir/endgame-kalah-16.db");
  g_unsetenv ("KUZHI_ENDGAME_DIR");

  g_autofree char *cache = kz_endgame_file_default_path (NULL, KZ_VARIANT_KALAH, 16);
  g_autofree char *want = g_build_filename (g_get_user_cache_dir (), "kuzhi", "endgame-kalah-16.db", NULL);
  g_assert_cmpstr (cache, ==, want);
}

typedef struct {
  char          *path;
  KzEndgameFile *file;
  GError        *error;
  int            done;
} OpenJob;

static gpointer
open_thread (gpointer data)
{
  OpenJob *job = data;

  job->file = kz_endgame_file_open (job->path, KZ_VARIANT_KALAH, &job->error);
  g_atomic_int_set (&job->done, 1);
  return NULL;
}

/* Opens in a thread: an open that blocks fails the test after 10 s, where
 * it would hang it for ever. */
static KzEndgameFile *
open_within_10_s (const char *path, GError **error)
{
  OpenJob job = { .path = (char *) path };
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GThread *thread = g_thread_new ("open", open_thread, &job);

  while (!g_atomic_int_get (&job.done) && g_get_monotonic_time () < end)
    g_usleep (10 * 1000);
  if (!g_atomic_int_get (&job.done))
    g_error ("opening %s has not returned after 10 s", path);
  g_thread_join (thread);
  g_propagate_error (error, job.error);
  return job.file;
}

/* What stands in the file's place is not always a file: a FIFO is
 * refused at once (never waited on) as not a database, so it is built
 * over; a folder is named as one, and a build over it is refused before
 * it starts. */
static void
test_file_not_a_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 8);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_null (open_within_10_s (path, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "named pipe"));
  g_clear_error (&error);
  {
    g_autoptr(KzEndgameFile) built = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  }
  g_assert_cmpint (g_remove (path), ==, 0);

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_null (open_within_10_s (path, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER);
  g_assert_nonnull (strstr (error->message, "is a folder, not a database file"));
  g_clear_error (&error);
  g_assert_null (kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER);
  g_clear_error (&error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));

  g_rmdir (path);
  g_rmdir (dir);
}

/* A file cut short while it is mapped (truncated, or `cp` over it, which
 * truncates in place) never crashes its reader: every look-up still
 * returns, the file says it is lost, and opened again it is refused. */
static void
test_file_cut_short (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 8);
  g_autoptr(GError) error = NULL;
  g_autoptr(KzEndgameFile) built = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, &error);
  g_autoptr(KzEndgameFile) file = NULL;
  uint8_t pits[12];

  g_assert_no_error (error);
  file = kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error);
  g_assert_no_error (error);
  g_assert_false (kz_endgame_file_lost (file));
  kz_endgame_unrank (kz_endgame_entries (8) - 1, pits);
  g_assert_cmpint (kz_endgame_pits_value (kz_endgame_file_get (file), pits), ==,
                   values[kz_endgame_entries (8) - 1]);

  /* Half of it, in place, as `cp` of a shorter file would leave it. */
  g_assert_cmpint (truncate (path, (off_t) (kz_endgame_entries (8) / 2)), ==, 0);
  for (uint64_t i = 0; i < kz_endgame_entries (8); i += 61)
    {
      kz_endgame_unrank (i, pits);
      (void) kz_endgame_pits_value (kz_endgame_file_get (file), pits);
    }
  g_assert_true (kz_endgame_file_lost (file));
  g_assert_null (kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_clear_error (&error);

  g_remove (path);
  g_rmdir (dir);
}

/* A fault that is none of the databases' is still a crash: the guard
 * keeps to its own pages (checked in a child, which must die of SIGBUS). */
static void
test_sigbus_elsewhere (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 8);
  g_autofree char *other = g_build_filename (dir, "other", NULL);
  g_autoptr(KzEndgameFile) file = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, NULL);
  g_autoptr(GMappedFile) mapped = NULL;
  int status = 0;
  pid_t child;

  g_assert_nonnull (file);   /* the guard is in place */
  g_assert_true (g_file_set_contents (other, "0123456789", 10, NULL));
  mapped = g_mapped_file_new (other, FALSE, NULL);
  g_assert_nonnull (mapped);
  g_assert_cmpint (truncate (other, 0), ==, 0);
  child = fork ();
  if (child == 0)
    {
      volatile const char *p = g_mapped_file_get_contents (mapped);
      (void) p[0];   /* not a database's page: SIGBUS as ever */
      _exit (0);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
#ifdef __SANITIZE_ADDRESS__
  /* Under AddressSanitizer its own SIGBUS handler came before the guard:
   * it reports the fault and aborts, which is the fault passed on too. */
  g_assert_true (WTERMSIG (status) == SIGBUS || WTERMSIG (status) == SIGABRT);
#else
  g_assert_cmpint (WTERMSIG (status), ==, SIGBUS);
#endif
  g_remove (other);
  g_remove (path);
  g_rmdir (dir);
}

/* A build killed between writing its temporary and renaming it leaves
 * endgame-GAME-N.db.XXXXXX: those of this program, a while old, are
 * removed; one being written now by another run, and anything else, is
 * left. */
static void
test_stale_temporaries (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-XXXXXX", NULL);
  struct utimbuf old = { .actime = time (NULL) - 15 * 60, .modtime = time (NULL) - 15 * 60 };
  static const struct { const char *name; gboolean old, removed; } files[] = {
    { "endgame-oware-10.db.Ab3dE9", TRUE, TRUE },
    { "endgame-kalah-16.db.zzzzzz", TRUE, TRUE },
    { "endgame-kalah-16.db.Live01", FALSE, FALSE },   /* another run writing it now */
    { "endgame-kalah-16.db", TRUE, FALSE },
    { "endgame-kalah-16.db.old", TRUE, FALSE },
    { "endgame-kalah-16.db.Ab3dE9x", TRUE, FALSE },
    { "statistics.ini.Ab3dE9", TRUE, FALSE },
    { "my-endgame.db.Ab3dE9", TRUE, FALSE },
  };
  g_autofree char *folder = g_build_filename (dir, "endgame-kalah-14.db.Folder", NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *file = g_build_filename (dir, files[i].name, NULL);
      g_assert_true (g_file_set_contents (file, "half", -1, NULL));
      if (files[i].old)
        g_assert_cmpint (g_utime (file, &old), ==, 0);
    }
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_cmpint (g_utime (folder, &old), ==, 0);

  g_assert_cmpuint (kz_endgame_file_remove_stale_temporaries (dir), ==, 2);
  for (gsize i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *file = g_build_filename (dir, files[i].name, NULL);
      g_test_message ("%s", files[i].name);
      g_assert_cmpint (g_file_test (file, G_FILE_TEST_EXISTS), ==, !files[i].removed);
      g_remove (file);
    }
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_rmdir (folder);

  /* A build removes them too: the engine's --build-endgame. */
  {
    g_autofree char *stale = g_build_filename (dir, "endgame-kalah-8.db.Ab3dE9", NULL);
    g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_KALAH, 8);
    g_autoptr(KzEndgameFile) built = NULL;

    g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
    g_assert_cmpint (g_utime (stale, &old), ==, 0);
    built = kz_endgame_file_build (path, KZ_VARIANT_KALAH, 8, NULL, NULL, NULL, NULL);
    g_assert_nonnull (built);
    g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
    g_remove (path);
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  values = g_malloc (kz_endgame_entries (TEST_SEEDS));
  g_assert_true (kz_endgame_compute (KZ_VARIANT_KALAH, (uint8_t *) values, TEST_SEEDS, NULL, NULL, NULL));
  endgame = kz_endgame_new (KZ_VARIANT_KALAH, (const uint8_t *) values, TEST_SEEDS);
  mangala_values = g_malloc (kz_endgame_size (KZ_VARIANT_MANGALA, MANGALA_SEEDS));
  g_assert_true (kz_endgame_compute (KZ_VARIANT_MANGALA, (uint8_t *) mangala_values, MANGALA_SEEDS, NULL, NULL, NULL));
  mangala = kz_endgame_new (KZ_VARIANT_MANGALA, (const uint8_t *) mangala_values, MANGALA_SEEDS);
  searcher = kz_searcher_new (16);

  g_test_add_func ("/endgame/rank-bijection", test_rank_bijection);
  g_test_add_func ("/endgame/rules-by-hand", test_rules_by_hand);
  g_test_add_func ("/endgame/against-minimax", test_against_minimax);
  g_test_add_func ("/endgame/against-solver", test_against_solver);
  g_test_add_func ("/endgame/search-quick-solve", test_search_quick_solve);
  g_test_add_func ("/endgame/search-same-values", test_search_same_values);
  g_test_add_func ("/endgame/mangala", test_mangala);
  g_test_add_func ("/endgame/file", test_file);
  g_test_add_func ("/endgame/file-not-a-file", test_file_not_a_file);
  g_test_add_func ("/endgame/file-cut-short", test_file_cut_short);
  g_test_add_func ("/endgame/sigbus-elsewhere", test_sigbus_elsewhere);
  g_test_add_func ("/endgame/stale-temporaries", test_stale_temporaries);
  g_test_add_func ("/endgame/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/endgame/default-path", test_default_path);
  ret = g_test_run ();

  kz_searcher_free (searcher);
  kz_endgame_free (endgame);
  g_free (values);
  kz_endgame_free (mangala);
  g_free (mangala_values);
  return ret;
}
