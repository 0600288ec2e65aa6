/* kuzhi-kalah-solve.c — Kalah solved exactly: null-window tests on the value of the pits alone, with a table of proven bounds. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-kalah-solve.h"
#include "kuzhi-kalah-pits-private.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The frame and the sowing: kuzhi-kalah-pits-private.h. */

#define ROW     KZ_PITS_ROW
#define N_PITS  KZ_PITS_N
#define CHECK   0xffff      /* nodes between looks at the cancel flag */

typedef KzPitsBoard Board;

/* 16 bytes, four to a cache line. The whole board is the key, so two
 * positions never share an entry by a hash collision. */
typedef struct {
  uint8_t c[N_PITS];
  int8_t  lo, hi;           /* bounds on V, proven */
  uint8_t move;             /* pit that reached lo, plus one; 0 none */
  uint8_t work;             /* 0: empty, else 1 + log2 of the nodes below */
} Entry;

typedef struct {
  Entry e[4];
} Bucket;

typedef struct {
  Bucket       *table;
  size_t        n_buckets;
  int           shift;
  uint64_t      nodes;
  volatile int *cancel;
  int64_t       deadline_ns;  /* CLOCK_MONOTONIC; 0: none */
  bool          stop;
  const KzEndgame *endgame;
  const int8_t *endgame_values;
  int           endgame_seeds;  /* positions with at most this many are looked up; -1: none */
} Solver;

static int64_t
now_ns (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

typedef KzPitsChild Child;


static inline Bucket *
bucket_of (const Solver *s, const Board *b)
{
  uint64_t w0, w1 = 0;

  memcpy (&w0, b->c, 8);
  memcpy (&w1, b->c + 8, 4);
  uint64_t h = w0 * 0x9e3779b97f4a7c15u ^ (w1 + 0x632be59bd9b4e019u) * 0xc2b2ae3d27d4eb4fu;
  h ^= h >> 31;
  h *= 0xd6e8feb86659fd93u;
  return &s->table[h >> s->shift];
}

static inline Entry *
probe (const Solver *s, const Board *b)
{
  Bucket *bk = bucket_of (s, b);

  for (int i = 0; i < 4; i++)
    if (bk->e[i].work != 0 && memcmp (bk->e[i].c, b->c, N_PITS) == 0)
      return &bk->e[i];
  return NULL;
}

/* Keeps the new bounds with what the table knew; a full bucket gives up
 * the entry with the least work below it. */
static void
store (Solver *s, const Board *b, int lo, int hi, int pit, uint64_t nodes)
{
  Bucket *bk = bucket_of (s, b);
  Entry *e = NULL;
  uint8_t work = (uint8_t) (64 - __builtin_clzll (nodes | 1));   /* 1 + log2: never 0, an empty entry's */

  for (int i = 0; i < 4; i++)
    if (bk->e[i].work != 0 && memcmp (bk->e[i].c, b->c, N_PITS) == 0)
      {
        e = &bk->e[i];
        /* The move stays the one that reached the higher lower bound. */
        if (e->lo >= lo)
          {
            lo = e->lo;
            pit = -1;
          }
        if (e->hi < hi)
          hi = e->hi;
        if (e->work > work)
          work = e->work;
        break;
      }
  if (e == NULL)
    {
      e = &bk->e[0];
      for (int i = 1; i < 4; i++)
        if (bk->e[i].work < e->work)
          e = &bk->e[i];
      memcpy (e->c, b->c, N_PITS);
      e->move = 0;
    }
  e->lo = (int8_t) lo;
  e->hi = (int8_t) hi;
  if (pit >= 0)
    e->move = (uint8_t) (pit + 1);
  e->work = work;
}

/* Move order after the table's move: moves that end in the store (the one
 * nearest the store first, which leaves the others' counts as they were),
 * then the biggest gains, then from the store backwards. */
static inline int
order_key (const Child *ch)
{
  if (ch->again)
    return (1 << 16) + ch->pit;
  return (ch->gain << 4) + ch->pit;
}

/* Fail-soft alpha-beta on V with the table's bounds. */
static int search (Solver *s, const Board *b, int seeds, int alpha, int beta);

/* The value of a move for the mover, within the mover's window. */
static inline int
child_value (Solver *s, const Child *c, int alpha, int beta)
{
  if (c->final)
    return c->value;
  if (c->again)
    return c->gain + search (s, &c->c, c->seeds, alpha - c->gain, beta - c->gain);
  return c->gain - search (s, &c->c, c->seeds, c->gain - beta, c->gain - alpha);
}

static int
search (Solver *s, const Board *b, int seeds, int alpha, int beta)
{
  uint64_t nodes0 = ++s->nodes;
  if ((nodes0 & CHECK) == 0 &&
      ((s->cancel != NULL && __atomic_load_n (s->cancel, __ATOMIC_RELAXED)) || (s->deadline_ns > 0 && now_ns () >= s->deadline_ns)))
    s->stop = true;
  if (s->stop)
    return 0;
  if (seeds <= s->endgame_seeds)
    return kz_endgame_pits_value (s->endgame, b->c);

  /* Bounds: the table's, or the seeds in the pits, which go either way. */
  int lo = -seeds, hi = seeds, table_pit = -1;
  Entry *e = probe (s, b);
  if (e != NULL)
    {
      lo = e->lo;
      hi = e->hi;
      table_pit = e->move - 1;
    }
  if (lo >= beta || lo == hi)
    return lo;
  if (hi <= alpha)
    return hi;
  if (alpha < lo)
    alpha = lo;
  if (beta > hi)
    beta = hi;

  int alpha0 = alpha;
  int best = -128, best_pit = -1;

  /* Every child is made first and its table line or database byte asked
   * for, so that those arrive while the table's move is searched; that
   * move often settles the node alone. */
  Child ch[ROW];
  int keys[ROW];
  uint64_t db_index[ROW];
  int n = 0, table_i = -1;
  for (int pit = 0; pit < ROW; pit++)
    if (b->c[pit] != 0)
      {
        kz_pits_play (b, pit, &ch[n]);
        keys[n] = order_key (&ch[n]);
        db_index[n] = UINT64_MAX;
        if (ch[n].final)
          ;
        else if (ch[n].seeds <= s->endgame_seeds)
          {
            /* In the database: its byte is the child's exact value, read
             * below, once the line has had time to arrive. */
            db_index[n] = kz_endgame_rank (ch[n].c.c);
            __builtin_prefetch (s->endgame_values + db_index[n]);
          }
        else
          __builtin_prefetch (bucket_of (s, &ch[n].c));
        if (pit == table_pit)
          table_i = n;
        n++;
      }

  if (table_i >= 0)
    {
      Child *t = &ch[table_i];
      if (db_index[table_i] != UINT64_MAX)
        {
          int dv = s->endgame_values[db_index[table_i]];
          t->value = t->again ? t->gain + dv : t->gain - dv;
          t->final = true;
        }
      best = child_value (s, t, alpha, beta);
      best_pit = table_pit;
      if (s->stop)
        return 0;
      if (best > alpha)
        alpha = best;
      n--;
      ch[table_i] = ch[n];
      keys[table_i] = keys[n];
      db_index[table_i] = db_index[n];
    }
  if (alpha >= beta)
    n = 0;

  /* A child the table already proves good enough ends the search here;
   * one in the database is as good as a finished game, with its exact
   * value, and is never searched. */
  for (int i = 0; i < n; i++)
    {
      const Entry *ce;
      int v;

      if (db_index[i] != UINT64_MAX)
        {
          int dv = s->endgame_values[db_index[i]];
          ch[i].value = ch[i].again ? ch[i].gain + dv : ch[i].gain - dv;
          ch[i].final = true;
        }
      if (ch[i].final)
        v = ch[i].value;
      else if ((ce = probe (s, &ch[i].c)) == NULL)
        continue;
      else
        v = ch[i].again ? ch[i].gain + ce->lo : ch[i].gain - ce->hi;
      if (v >= beta)
        {
          store (s, b, v, hi, ch[i].pit, 1);
          return v;
        }
    }

  for (int i = 0; i < n && alpha < beta; i++)
    {
      int bi = i;
      for (int j = i + 1; j < n; j++)
        if (keys[j] > keys[bi])
          bi = j;
      if (bi != i)
        {
          Child t = ch[i];
          int tk = keys[i];
          ch[i] = ch[bi];
          keys[i] = keys[bi];
          ch[bi] = t;
          keys[bi] = tk;
        }

      int v = child_value (s, &ch[i], alpha, beta);
      if (s->stop)
        return 0;
      if (v > best)
        {
          best = v;
          best_pit = ch[i].pit;
        }
      if (v > alpha)
        alpha = v;
    }

  if (best >= beta)
    store (s, b, best, hi, best_pit, s->nodes - nodes0);
  else if (best <= alpha0)
    store (s, b, lo, best, -1, s->nodes - nodes0);
  else
    store (s, b, best, best, best_pit, s->nodes - nodes0);
  return best;
}

/* V by a series of null-window tests (MTD(f)), starting from a guess. */
static int
value_of (Solver *s, const Board *b, int seeds, int guess)
{
  int lower = -seeds, upper = seeds;
  int g = guess < lower ? lower : guess > upper ? upper : guess;

  while (lower < upper && !s->stop)
    {
      int beta = g == lower ? g + 1 : g;
      g = search (s, b, seeds, beta - 1, beta);
      if (g < beta)
        upper = g;
      else
        lower = g;
    }
  return lower;
}

/* Whether V(b) is at least / at most `target`, by one null window. */
static bool
at_least (Solver *s, const Board *b, int seeds, int target)
{
  return search (s, b, seeds, target - 1, target) >= target;
}

static bool
at_most (Solver *s, const Board *b, int seeds, int target)
{
  return search (s, b, seeds, target, target + 1) <= target;
}

/* The database's pit that keeps the value `target` of `b`, or -1. */
static int
endgame_pit (Solver *s, const Board *b, int target, Child *ch)
{
  for (int pit = 0; pit < ROW; pit++)
    {
      if (b->c[pit] == 0)
        continue;
      kz_pits_play (b, pit, ch);
      int v = ch->final ? ch->value
        : ch->again ? ch->gain + kz_endgame_pits_value (s->endgame, ch->c.c)
        : ch->gain - kz_endgame_pits_value (s->endgame, ch->c.c);
      if (v >= target)
        return pit;
    }
  return -1;
}

bool
kz_kalah_solve (const KzPosition *pos,
                void             *table,
                size_t            table_bytes,
                volatile int     *cancel,
                int               time_ms,
                int               guess,
                KzKalahSolution  *out)
{
  return kz_kalah_solve_endgame (pos, table, table_bytes, false, cancel, time_ms, guess, NULL, out);
}

bool
kz_kalah_solve_endgame (const KzPosition *pos,
                        void             *table,
                        size_t            table_bytes,
                        bool              zeroed,
                        volatile int     *cancel,
                        int               time_ms,
                        int               guess,
                        const KzEndgame  *endgame,
                        KzKalahSolution  *out)
{
  Solver s = { .table = table, .shift = 63, .cancel = cancel,
               .endgame = endgame, .endgame_values = kz_endgame_values (endgame),
               .endgame_seeds = kz_endgame_max_seeds (endgame) };

  if (time_ms > 0)
    s.deadline_ns = now_ns () + (int64_t) time_ms * 1000000;
  Board root = { { 0 } };
  int me = pos->to_move;
  int store_diff = pos->stores[me] - pos->stores[!me];

  memset (out, 0, sizeof *out);
  if (pos->over || table_bytes < 2 * sizeof (Bucket))
    return false;

  for (int i = 0; i < ROW; i++)
    {
      root.c[i] = pos->pits[me * ROW + i];
      root.c[ROW + i] = pos->pits[!me * ROW + i];
    }
  while (((size_t) 2 << (64 - s.shift)) * sizeof (Bucket) <= table_bytes)
    s.shift--;
  s.n_buckets = (size_t) 1 << (64 - s.shift);
  if (!zeroed)
    memset (table, 0, s.n_buckets * sizeof (Bucket));

  int v = value_of (&s, &root, kz_pits_seeds (&root), guess - store_diff);
  out->value = store_diff + v;

  /* The principal variation: at each turn a pit that keeps the value. The
   * table's move is taken when its bound shows that; at the root, if the
   * table lost it, the pits are tried by null windows. The line ends where
   * the table no longer knows it. */
  Board b = root;
  int target = v, player = me;
  while (!s.stop && out->pv_len < KZ_SEARCH_MAX_PV)
    {
      const Entry *e = probe (&s, &b);
      int pit = e != NULL && e->move != 0 && e->lo >= target ? e->move - 1 : -1;
      Child ch;

      if (pit >= 0)
        kz_pits_play (&b, pit, &ch);
      else if (kz_pits_seeds (&b) <= s.endgame_seeds)
        pit = endgame_pit (&s, &b, target, &ch);
      else if (out->pv_len == 0)
        {
          for (pit = 0; pit < ROW; pit++)
            {
              if (b.c[pit] == 0)
                continue;
              kz_pits_play (&b, pit, &ch);
              if (ch.final ? ch.value >= target
                  : ch.again ? at_least (&s, &ch.c, ch.seeds, target - ch.gain)
                  : at_most (&s, &ch.c, ch.seeds, ch.gain - target))
                break;
            }
        }
      if (s.stop || pit < 0 || pit == ROW)
        break;
      out->pv[out->pv_len++] = (KzAction) (player * ROW + pit);
      if (ch.final)
        break;
      target = ch.again ? target - ch.gain : ch.gain - target;
      if (!ch.again)
        player = !player;
      b = ch.c;
    }

  out->nodes = s.nodes;
  out->memory = s.n_buckets * sizeof (Bucket);
  return !s.stop && out->pv_len > 0;
}
