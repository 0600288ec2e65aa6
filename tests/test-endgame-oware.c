/* test-endgame-oware.c — the Oware endgame database: its index, its values and plies against the real game with its ply limit, a deterministic build, and the search's values with it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-endgame.h"
#include "kuzhi-endgame-oware.h"
#include "kuzhi-endgame-file.h"
#include "kuzhi-search.h"
#include "kuzhi-test-util.h"

/* Built once for the whole run: 8 seeds, a million entries, a second. */
#define TEST_SEEDS 8

static KzOwareEntry *entries;
static KzEndgame *endgame;
static KzSearcher *searcher;

/* A random Oware position with `n` seeds on the board, stores that a game
 * can have (48 in all, neither over 24), either player to move, `plies`
 * played; false when the mover has no move (the game would be over). */
static gboolean
random_position (guint64 *rng, int n, int plies, KzPosition *out)
{
  uint8_t pits[12] = { 0 };
  uint8_t stores[2];
  KzAction actions[KZ_MAX_ACTIONS];

  for (int i = 0; i < n; i++)
    pits[kz_test_rand_range (rng, 0, 12)]++;
  stores[0] = (uint8_t) kz_test_rand_range (rng, 24 - n, 25);
  stores[1] = (uint8_t) (48 - n - stores[0]);
  *out = kz_test_make_position (KZ_VARIANT_OWARE, NULL, pits, stores, kz_test_rand_range (rng, 0, 2));
  out->plies = (uint16_t) plies;
  return kz_position_variant (out)->legal (out, actions) > 0;
}

static int
store_difference (const KzPosition *pos)
{
  return pos->stores[pos->to_move] - pos->stores[!pos->to_move];
}

/* A position as a key: 4 bits a house (at most 15 seeds), Player 1's
 * store (at most 24), the mover, and `extra` (plies or depth), under a
 * bit that marks a slot of the memo as taken. */
static guint64
pack (const KzPosition *pos, int extra)
{
  guint64 k = 1;

  for (int i = 0; i < 12; i++)
    k = k << 4 | pos->pits[i];
  k = k << 5 | pos->stores[0];
  k = k << 1 | pos->to_move;
  return k << 9 | (guint64) extra;
}

/* The minimaxes' memo: open addressing, emptied when it fills up (a
 * GHashTable's allocation per key made the tests several times slower). */
#define MEMO_SLOTS (1u << 21)

typedef struct {
  guint64 *keys;
  int     *values;
  guint    used;
} Memo;

static Memo *
memo_new (void)
{
  Memo *memo = g_new0 (Memo, 1);
  memo->keys = g_new0 (guint64, MEMO_SLOTS);
  memo->values = g_new (int, MEMO_SLOTS);
  return memo;
}

static void
memo_free (Memo *memo)
{
  g_free (memo->keys);
  g_free (memo->values);
  g_free (memo);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Memo, memo_free)

static guint
memo_slot (const Memo *memo, guint64 key)
{
  guint i = (guint) ((key * 0x9e3779b97f4a7c15ULL) >> 43) & (MEMO_SLOTS - 1);

  while (memo->keys[i] != 0 && memo->keys[i] != key)
    i = (i + 1) & (MEMO_SLOTS - 1);
  return i;
}

static gboolean
memo_get (const Memo *memo, guint64 key, int *value)
{
  guint i = memo_slot (memo, key);

  if (memo->keys[i] == 0)
    return FALSE;
  *value = memo->values[i];
  return TRUE;
}

static void
memo_put (Memo *memo, guint64 key, int value)
{
  if (memo->used >= MEMO_SLOTS / 4 * 3)
    {
      memset (memo->keys, 0, MEMO_SLOTS * sizeof *memo->keys);
      memo->used = 0;
    }
  guint i = memo_slot (memo, key);
  if (memo->keys[i] == 0)
    memo->used++;
  memo->keys[i] = key;
  memo->values[i] = value;
}

/* The real game's final margin for the mover, with its 400-ply limit:
 * full minimax with the engine's apply, each position once. */
static int
limited_value (Memo *memo, const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  guint64 key = pack (pos, pos->plies);
  int n = v->legal (pos, actions);
  int best = G_MININT;

  if (memo_get (memo, key, &best))
    return best;
  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      KzPosition c = *pos;
      v->apply (&c, actions[i], NULL);
      int x = c.over ? kz_eval_final_margin (&c, pos->to_move) : -limited_value (memo, &c);
      best = MAX (best, x);
    }
  memo_put (memo, key, best);
  return best;
}

/* Bounds on the final margin from `depth` plies of minimax, no ply limit
 * near: at the horizon the seeds on the board may go to either side. */
static void
bounded_value (Memo *memo, const KzPosition *pos, int depth, int *lo, int *hi)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  guint64 key = pack (pos, depth);
  int on_board = kz_position_row_sum (pos, 0) + kz_position_row_sum (pos, 1);
  int found;

  if (memo_get (memo, key, &found))
    {
      *lo = (found >> 8) - 64;
      *hi = (found & 0xff) - 64;
      return;
    }
  if (depth == 0)
    {
      *lo = store_difference (pos) - on_board;
      *hi = store_difference (pos) + on_board;
    }
  else
    {
      int n = v->legal (pos, actions);
      *lo = *hi = G_MININT;
      for (int i = 0; i < n; i++)
        {
          KzPosition c = *pos;
          int clo, chi;
          v->apply (&c, actions[i], NULL);
          if (c.over)
            clo = chi = -kz_eval_final_margin (&c, pos->to_move);
          else
            bounded_value (memo, &c, depth - 1, &clo, &chi);
          *lo = MAX (*lo, -chi);
          *hi = MAX (*hi, -clo);
        }
    }
  memo_put (memo, key, (*lo + 64) << 8 | (*hi + 64));
}

/* The index: every entry of up to 6 seeds unindexed and indexed back,
 * layer after layer, each need from 1 to n + 1 in turn. */
static void
test_index_bijection (void)
{
  uint64_t total = kz_endgame_oware_entries (6);
  int layer = 1, need = 0;

  g_assert_cmpuint (kz_endgame_oware_entries (1), ==, 12 * 2);
  g_assert_cmpuint (kz_endgame_oware_entries (8), ==, 1056209);
  g_assert_cmpuint (kz_endgame_oware_entries (10), ==, 6615685);
  g_assert_cmpuint (kz_endgame_oware_entries (12), ==, 32657883);
  g_assert_cmpuint (kz_endgame_oware_entries (0), ==, 0);
  g_assert_cmpuint (kz_endgame_oware_entries (KZ_ENDGAME_OWARE_MAX_SEEDS + 1), ==, 0);
  for (uint64_t i = 0; i < total; i++)
    {
      uint8_t pits[12];
      int seeds = 0, k;

      kz_endgame_oware_unindex (i, pits, &k);
      for (int j = 0; j < 12; j++)
        seeds += pits[j];
      if (seeds != layer)
        {
          g_assert_cmpint (seeds, ==, layer + 1);
          g_assert_cmpuint (i, ==, kz_endgame_oware_entries (layer));
          g_assert_cmpint (need, ==, layer + 1);
          layer = seeds;
          need = 0;
        }
      /* The needs of one distribution side by side, 1 first. */
      g_assert_cmpint (k, ==, need % (seeds + 1) + 1);
      need = k;
      g_assert_cmpuint (kz_endgame_oware_index (pits, k), ==, i);
    }
  g_assert_cmpint (layer, ==, 6);
}

/* The same entries every time, and a layer's entries do not depend on N. */
static void
test_deterministic (void)
{
  uint64_t n = kz_endgame_oware_entries (6);
  g_autofree KzOwareEntry *a = g_new (KzOwareEntry, n);
  g_autofree KzOwareEntry *b = g_new (KzOwareEntry, n);

  g_assert_true (kz_endgame_compute (KZ_VARIANT_OWARE, (uint8_t *) a, 6, NULL, NULL, NULL));
  g_assert_true (kz_endgame_compute (KZ_VARIANT_OWARE, (uint8_t *) b, 6, NULL, NULL, NULL));
  g_assert_cmpmem (a, n * sizeof *a, b, n * sizeof *b);
  g_assert_cmpmem (a, n * sizeof *a, entries, n * sizeof *a);
}

/* Progress only goes up and ends at 1; a cancel stops the build. */
static void
test_progress_and_cancel (void)
{
  g_autofree KzOwareEntry *e = g_new (KzOwareEntry, kz_endgame_oware_entries (6));
  double last = 0;
  volatile int cancel = 0;

  g_assert_true (kz_endgame_compute (KZ_VARIANT_OWARE, (uint8_t *) e, 6, kz_test_progress_rises, &last, NULL));
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_false (kz_endgame_compute (KZ_VARIANT_OWARE, (uint8_t *) e, 6, kz_test_progress_cancel,
                                      (void *) &cancel, &cancel));
}

/* The claim: with d or more plies left before the limit the real game's
 * final margin is the store difference plus V, by full minimax with the
 * engine's apply to the limit; the probe answers then and only then, and
 * the line kz_endgame_best() plays ends within d plies with that
 * margin. */
static void
test_against_limited_game (void)
{
  g_autoptr(Memo) memo = memo_new ();
  guint64 rng = 16;
  int checked = 0, unforced = 0, max_plies = 0;

  for (int round = 0; round < 1500 && checked < 300; round++)
    {
      KzPosition pos;
      int n = kz_test_rand_range (&rng, 1, round % 4 == 0 ? TEST_SEEDS + 1 : 7);

      if (!random_position (&rng, n, 0, &pos))
        continue;
      const KzOwareEntry *e = kz_endgame_oware_entry (endgame, &pos);
      g_assert_nonnull (e);
      g_assert_cmpint (e->value, >=, -n);
      g_assert_cmpint (e->value, <=, n);
      if (e->plies == KZ_ENDGAME_OWARE_UNFORCED)
        {
          int margin;
          g_assert_false (kz_endgame_probe (endgame, &pos, &margin));
          unforced++;
          continue;
        }
      /* Long lines cost the minimax too much. */
      if (e->plies > (n <= 6 ? 32 : 16))
        continue;

      int d = e->plies, margin;
      g_assert_cmpint (d, >=, 1);
      max_plies = MAX (max_plies, d);
      for (int r = d; r <= d + (d <= 16 ? 3 : 1); r++)
        {
          pos.plies = (uint16_t) (KZ_OWARE_PLY_LIMIT - r);
          g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
          g_assert_cmpint (margin, ==, store_difference (&pos) + e->value);
          g_assert_cmpint (limited_value (memo, &pos), ==, margin);
        }
      pos.plies = (uint16_t) (KZ_OWARE_PLY_LIMIT - d + 1);
      g_assert_false (kz_endgame_probe (endgame, &pos, &margin));

      /* Best play from d plies before the limit, for both sides. */
      KzPosition line = pos;
      int mover = pos.to_move, want = store_difference (&pos) + e->value;
      line.plies = (uint16_t) (KZ_OWARE_PLY_LIMIT - d);
      while (!line.over)
        {
          KzAction a;
          int m;
          g_assert_true (kz_endgame_best (endgame, &line, &a, &m));
          g_assert_cmpint (line.to_move == mover ? m : -m, ==, want);
          g_assert_true (kz_position_is_legal (&line, a));
          kz_position_variant (&line)->apply (&line, a, NULL);
        }
      g_assert_cmpint (line.plies, <=, KZ_OWARE_PLY_LIMIT);
      g_assert_cmpint (kz_eval_final_margin (&line, mover), ==, want);
      checked++;
    }
  g_test_message ("%d positions checked to the limit (d up to %d), %d unforced skipped",
                  checked, max_plies, unforced);
  g_assert_cmpint (checked, >=, 300);
}

/* V and d against minimax to a depth D with the seeds left at the
 * horizon counted for either side (no ply limit near): V lies within
 * those bounds (endless play is worth 0, between them), and once d ≤ D
 * they meet at the store difference plus V — the positions that end
 * quickly have plain minimax's value. Positions with more than d plies
 * of play in other lines are included, so are the unforced ones. */
static void
test_against_bounded_minimax (void)
{
  g_autoptr(Memo) memo = memo_new ();
  guint64 rng = 61;
  int met = 0, checked = 0;

  for (int round = 0; round < 400; round++)
    {
      KzPosition pos;
      int n = kz_test_rand_range (&rng, 1, TEST_SEEDS + 1);

      if (!random_position (&rng, n, 0, &pos))
        continue;
      const KzOwareEntry *e = kz_endgame_oware_entry (endgame, &pos);
      int margin = store_difference (&pos) + e->value;
      for (int depth = 0; depth <= (n <= 5 ? 14 : 10); depth++)
        {
          int lo, hi;
          bounded_value (memo, &pos, depth, &lo, &hi);
          g_assert_cmpint (lo, <=, margin);
          g_assert_cmpint (margin, <=, hi);
          if (e->plies <= depth)
            {
              g_assert_cmpint (lo, ==, hi);
              met++;
            }
          checked++;
        }
    }
  g_test_message ("%d bounds checked, %d met by d", checked, met);
  g_assert_cmpint (met, >, 100);
}

/* Hand-made positions, one rule each, Player 1 to move with one move:
 * house 5's seed makes house 6 hold 2. */
static void
test_rules_by_hand (void)
{
  static const struct {
    const char *name;
    uint8_t     pits[12];
    uint8_t     stores[2];
    int         margin;   /* the mover's final margin */
  } cases[] = {
    /* The capture would take the whole row: a grand slam takes nothing,
     * and Player 2 cannot feed (no_feed) and keeps the 2. */
    { "grand-slam-then-no-feed", { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0 }, { 22, 24 }, 22 - 26 },
    /* 2 captured, 25 in all: majority; Player 2 keeps house 7's seed. */
    { "capture-majority", { 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0 }, { 23, 22 }, 25 - 23 },
    /* 2 captured, 23 in all; Player 2's single seed cannot feed. */
    { "capture-then-no-feed", { 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0 }, { 21, 24 }, 23 - 25 },
  };
  g_autoptr(Memo) memo = memo_new ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, cases[i].pits, cases[i].stores, 0);
      int margin;

      g_test_message ("%s", cases[i].name);
      g_assert_true (kz_endgame_probe (endgame, &pos, &margin));
      g_assert_cmpint (margin, ==, cases[i].margin);
      g_assert_cmpint (limited_value (memo, &pos), ==, cases[i].margin);
      g_assert_cmpint (kz_endgame_oware_entry (endgame, &pos)->plies, ==, 1);
    }
}

/* Searches `pos` as a match's position. */
static KzSearchResult
search_position (const KzPosition *pos, const KzSearchLimits *limits, const KzEndgame *with)
{
  KzMatch m;
  KzSearchResult r;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_OWARE, NULL, NULL, 0));
  m.pos = *pos;
  kz_searcher_set_endgame (searcher, KZ_VARIANT_OWARE, with);
  kz_searcher_clear (searcher);
  g_assert_true (kz_search (searcher, &m, limits, NULL, &r));
  kz_match_clear (&m);
  return r;
}

/* The search near the limit, where it is exact without the database
 * too: the same margins with it, by solving and by the analysis, for
 * positions within its N and above it (met inside the tree); the line
 * the search names is legal and keeps the value to the end. */
static void
test_search_same_values (void)
{
  g_autoptr(Memo) memo = memo_new ();
  g_autofree KzAnalysis *with = g_new0 (KzAnalysis, 1);
  g_autofree KzAnalysis *without = g_new0 (KzAnalysis, 1);
  guint64 rng = 5;
  int checked = 0;

  for (int round = 0; round < 200 && checked < 30; round++)
    {
      KzSearchLimits solve = { 0 };
      KzPosition pos;
      int n = kz_test_rand_range (&rng, TEST_SEEDS - 2, TEST_SEEDS + 4);

      if (!random_position (&rng, n, KZ_OWARE_PLY_LIMIT - kz_test_rand_range (&rng, 6, 13), &pos))
        continue;
      KzSearchResult a = search_position (&pos, &solve, NULL);
      KzSearchResult b = search_position (&pos, &solve, endgame);
      int value = limited_value (memo, &pos);
      g_assert_true (a.exact);
      g_assert_true (b.exact);
      g_assert_cmpint (kz_score_margin (a.score), ==, value);
      g_assert_cmpint (kz_score_margin (b.score), ==, value);

      /* The line: legal, and best play for both to the end. */
      KzPosition line = pos;
      for (int i = 0; i < b.pv_len; i++)
        {
          g_assert_false (line.over);
          g_assert_true (kz_position_is_legal (&line, b.pv[i]));
          int mover = line.to_move;
          int v = limited_value (memo, &line);
          kz_position_variant (&line)->apply (&line, b.pv[i], NULL);
          g_assert_cmpint (line.over ? kz_eval_final_margin (&line, mover) : -limited_value (memo, &line), ==, v);
        }

      KzMatch m;
      KzSearchLimits none = { 0 };
      g_assert_true (kz_match_init (&m, KZ_VARIANT_OWARE, NULL, NULL, 0));
      m.pos = pos;
      kz_searcher_set_endgame (searcher, KZ_VARIANT_OWARE, endgame);
      kz_searcher_clear (searcher);
      g_assert_true (kz_search_analyse (searcher, &m, &none, NULL, NULL, NULL, with));
      kz_searcher_set_endgame (searcher, KZ_VARIANT_OWARE, NULL);
      kz_searcher_clear (searcher);
      g_assert_true (kz_search_analyse (searcher, &m, &none, NULL, NULL, NULL, without));
      g_assert_cmpint (with->n_moves, ==, without->n_moves);
      for (int i = 0; i < with->n_moves; i++)
        {
          g_assert_true (with->moves[i].exact);
          g_assert_cmpint (kz_score_margin (with->moves[i].score), ==, kz_score_margin (without->moves[i].score));
        }
      kz_match_clear (&m);
      checked++;
    }
  g_assert_cmpint (checked, ==, 30);
}

/* Far from the limit, where the search alone proves little: one turn of
 * search is exact once every child is over or in the database, with the
 * best child's margin, and its line goes on through the database to
 * the end of the game. */
static void
test_search_far_from_limit (void)
{
  guint64 rng = 77;
  int checked = 0;

  for (int round = 0; round < 400 && checked < 40; round++)
    {
      KzSearchLimits one = { .depth = 1 };
      KzPosition pos;
      KzAction actions[KZ_MAX_ACTIONS];
      int best = G_MININT;
      gboolean known = TRUE;

      if (!random_position (&rng, kz_test_rand_range (&rng, 2, TEST_SEEDS + 1), 0, &pos))
        continue;
      int n = kz_position_variant (&pos)->legal (&pos, actions);
      for (int i = 0; i < n && known; i++)
        {
          KzPosition c = pos;
          int margin;
          kz_position_variant (&pos)->apply (&c, actions[i], NULL);
          if (c.over)
            margin = kz_eval_final_margin (&c, pos.to_move);
          else if ((known = kz_endgame_probe (endgame, &c, &margin)))
            margin = -margin;
          best = MAX (best, margin);
        }
      if (!known)
        continue;

      KzSearchResult r = search_position (&pos, &one, endgame);
      g_assert_true (r.exact);
      g_assert_cmpint (kz_score_margin (r.score), ==, best);
      KzPosition line = pos;
      for (int i = 0; i < r.pv_len; i++)
        {
          g_assert_true (kz_position_is_legal (&line, r.pv[i]));
          kz_position_variant (&line)->apply (&line, r.pv[i], NULL);
        }
      /* The line is cut only by its length. */
      if (!line.over)
        g_assert_cmpint (r.pv_len, ==, KZ_SEARCH_MAX_PV - 1);
      else
        g_assert_cmpint (kz_eval_final_margin (&line, pos.to_move), ==, best);
      checked++;
    }
  g_assert_cmpint (checked, ==, 40);
}

/* The file: built, opened with the same entries, and refused when made
 * for another game or rules, or when a value is out of its layer's range
 * even with a checksum that matches. */
static void
test_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-endgame-oware-XXXXXX", NULL);
  g_autofree char *path = kz_endgame_file_default_path (dir, KZ_VARIANT_OWARE, 6);
  g_autofree char *bad = g_build_filename (dir, "bad.db", NULL);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  uint64_t size = kz_endgame_size (KZ_VARIANT_OWARE, 6);

  g_assert_cmpstr (name, ==, "endgame-oware-6.db");
  g_assert_cmpuint (size, ==, 2 * kz_endgame_oware_entries (6));
  g_autoptr(KzEndgameFile) file = kz_endgame_file_build (path, KZ_VARIANT_OWARE, 6, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  const KzEndgame *eg = kz_endgame_file_get (file);
  g_assert_cmpint (kz_endgame_game (eg), ==, KZ_VARIANT_OWARE);
  g_assert_cmpint (kz_endgame_max_seeds (eg), ==, 6);

  g_autofree char *contents = NULL;
  gsize len;
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_cmpuint (len, ==, KZ_ENDGAME_HEADER_BYTES + size);
  g_assert_cmpmem (contents + KZ_ENDGAME_HEADER_BYTES, size, entries, size);
  g_assert_null (kz_endgame_file_open (path, KZ_VARIANT_KALAH, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_clear_error (&error);

  /* Another rules version. */
  contents[16] ^= 1;
  g_assert_true (g_file_set_contents (bad, contents, (gssize) len, &error));
  g_assert_null (kz_endgame_file_open (bad, KZ_VARIANT_OWARE, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_clear_error (&error);
  contents[16] ^= 1;

  /* A value of 7 in the 6-seed layer's last entry, checksum made good. */
  contents[len - 2] = 7;
  uint64_t sum = kz_endgame_checksum (contents + KZ_ENDGAME_HEADER_BYTES, size);
  for (int i = 0; i < 8; i++)
    contents[32 + i] = (char) (sum >> (8 * i));
  g_assert_true (g_file_set_contents (bad, contents, (gssize) len, &error));
  g_assert_null (kz_endgame_file_open (bad, KZ_VARIANT_OWARE, &error));
  g_assert_error (error, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "out of range"));
  g_clear_error (&error);

  g_autoptr(KzEndgameFile) again = kz_endgame_file_open (path, KZ_VARIANT_OWARE, &error);
  g_assert_no_error (error);
  g_remove (bad);
  g_remove (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  entries = g_new (KzOwareEntry, kz_endgame_oware_entries (TEST_SEEDS));
  g_assert_true (kz_endgame_compute (KZ_VARIANT_OWARE, (uint8_t *) entries, TEST_SEEDS, NULL, NULL, NULL));
  endgame = kz_endgame_new (KZ_VARIANT_OWARE, (const uint8_t *) entries, TEST_SEEDS);
  searcher = kz_searcher_new (16);

  g_test_add_func ("/endgame-oware/index-bijection", test_index_bijection);
  g_test_add_func ("/endgame-oware/deterministic", test_deterministic);
  g_test_add_func ("/endgame-oware/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/endgame-oware/rules-by-hand", test_rules_by_hand);
  g_test_add_func ("/endgame-oware/against-limited-game", test_against_limited_game);
  g_test_add_func ("/endgame-oware/against-bounded-minimax", test_against_bounded_minimax);
  g_test_add_func ("/endgame-oware/file", test_file);
  g_test_add_func ("/endgame-oware/search-same-values", test_search_same_values);
  g_test_add_func ("/endgame-oware/search-far-from-limit", test_search_far_from_limit);
  ret = g_test_run ();

  kz_searcher_free (searcher);
  kz_endgame_free (endgame);
  g_free (entries);
  return ret;
}
