/* kuzhi-endgame-oware.c — the Oware endgame database: indexing, the retrograde build by bound iteration, and look-ups. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-endgame-oware.h"
#include "kuzhi-endgame-private.h"
#include "kuzhi-search.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PITS      KZ_ENDGAME_PITS
#define ROW       6
#define MAJORITY  25    /* captured seeds that win: more than half of 48 */
#define ENDS      0x80  /* in a move's gain: the move ends the game (no_feed) */
#define ALWAYS    256   /* a sweep from which every lower entry counts as exact */

/* Distributions of exactly n seeds over the 12 houses: C(n + 11, 11). */
static uint64_t
layer_dists (int n)
{
  return kz_endgame_entries (n) - (n > 0 ? kz_endgame_entries (n - 1) : 0);
}

/* Where layer n starts: the layers of 1 … n − 1 seeds before it. */
static uint64_t
layer_offset (int n)
{
  uint64_t offset = 0;

  for (int m = 1; m < n; m++)
    offset += layer_dists (m) * (uint64_t) (m + 1);
  return offset;
}

/* Where each layer starts, made once. */
static uint64_t offsets[KZ_ENDGAME_OWARE_MAX_SEEDS + 2];
static pthread_once_t offsets_once = PTHREAD_ONCE_INIT;

static void
offsets_init (void)
{
  for (int n = 1; n <= KZ_ENDGAME_OWARE_MAX_SEEDS + 1; n++)
    offsets[n] = layer_offset (n);
}

uint64_t
kz_endgame_oware_entries (int max_seeds)
{
  if (max_seeds < 1 || max_seeds > KZ_ENDGAME_OWARE_MAX_SEEDS)
    return 0;
  return layer_offset (max_seeds + 1);
}

static int
seeds_of (const uint8_t *pits)
{
  int n = 0;

  for (int i = 0; i < PITS; i++)
    n += pits[i];
  return n;
}

/* The rank of a distribution of n seeds among those of n seeds. */
static uint64_t
rank_in_layer (const uint8_t *pits, int n)
{
  return kz_endgame_rank (pits) - (n > 0 ? kz_endgame_entries (n - 1) : 0);
}

uint64_t
kz_endgame_oware_index (const uint8_t *pits, int need)
{
  int n = seeds_of (pits);

  return layer_offset (n) + rank_in_layer (pits, n) * (uint64_t) (n + 1) + (uint64_t) (need - 1);
}

void
kz_endgame_oware_unindex (uint64_t index, uint8_t *pits, int *need)
{
  int n = 1;

  while (index >= layer_dists (n) * (uint64_t) (n + 1))
    {
      index -= layer_dists (n) * (uint64_t) (n + 1);
      n++;
    }
  kz_endgame_unrank (kz_endgame_entries (n - 1) + index / (uint64_t) (n + 1), pits);
  *need = (int) (index % (uint64_t) (n + 1)) + 1;
}

/* Building */

/* What each move of a distribution does, worked out once by the engine's
 * own oware_apply(): k only decides whether a capture wins by majority,
 * and which entry of the child's distribution the opponent is at. */
typedef struct {
  uint32_t child[ROW];   /* the child's rank in its layer, in the opponent's frame */
  uint8_t  gain[ROW];    /* seeds captured, or ENDS */
  int8_t   end[ROW];     /* the value if the game ends here: gain + own row − other row after the move */
  uint8_t  n_moves;      /* 0: the mover has none, and end[0] is the no_feed value */
} Moves;

typedef struct {
  KzOwareEntry   *entries;
  int             max_plies;   /* the largest d below 255 so far */
  KzEndgameBuild *build;
} Builder;

static void
moves_of (const KzVariant *v, const KzPosition *start, const uint8_t *pits, Moves *m)
{
  KzPosition pos = *start;
  KzAction actions[KZ_MAX_ACTIONS];
  int n = seeds_of (pits);
  int n_actions;

  memcpy (pos.pits, pits, PITS);
  n_actions = v->legal (&pos, actions);
  m->n_moves = (uint8_t) n_actions;
  if (n_actions == 0)
    m->end[0] = (int8_t) (kz_position_row_sum (&pos, 0) - kz_position_row_sum (&pos, 1));
  for (int i = 0; i < n_actions; i++)
    {
      KzPosition c = pos;

      /* Stores of 0 and no plies played: no majority and no limit can end
       * it, so an end is no_feed, and the stores are what the move took. */
      v->apply (&c, actions[i], NULL);
      if (c.over)
        {
          m->gain[i] = ENDS;
          m->end[i] = (int8_t) (c.stores[0] - c.stores[1]);
          m->child[i] = 0;
          continue;
        }

      uint8_t turned[PITS];
      int gain = c.stores[0];
      for (int h = 0; h < PITS; h++)
        turned[h] = c.pits[(h + ROW) % PITS];
      m->gain[i] = (uint8_t) gain;
      m->end[i] = (int8_t) (gain + kz_position_row_sum (&c, 0) - kz_position_row_sum (&c, 1));
      m->child[i] = (uint32_t) rank_in_layer (turned, n - gain);
    }
}

/* The bounds of every k of one distribution of layer n after one step:
 * lo[k − 1] = max over the moves of (an end's value, or gain − the
 * child's upper bound), hi the same with its lower bound, from the
 * layer's `bounds`. An entry of a lower layer counts as exact when its d
 * is below `sweep`, as its whole range [−n', n'] before. Returns the first
 * later sweep at which one of those becomes exact (0: none before the
 * last sweep). */
static int
step (const Builder *bd, const Moves *m, int n, const int8_t *bounds,
      int sweep, int8_t *lo, int8_t *hi)
{
  const int ks = n + 1;
  int wake = 0;

  for (int k = 0; k < ks; k++)
    lo[k] = hi[k] = INT8_MIN;
  for (int i = 0; i < m->n_moves; i++)
    {
      const int gain = m->gain[i];
      /* Needs 1 … gain win by majority, the others play on; the
       * opponent's need is n + 2 − k, its entry n + 1 − k = ks − k. */
      const int wins = gain == ENDS ? ks : gain;
      for (int k = 1; k <= wins && k <= ks; k++)
        {
          if (m->end[i] > lo[k - 1])
            lo[k - 1] = m->end[i];
          if (m->end[i] > hi[k - 1])
            hi[k - 1] = m->end[i];
        }
      if (wins >= ks)
        continue;
      if (gain == 0)
        {
          const int8_t *clo = bounds + (uint64_t) m->child[i] * (uint64_t) (2 * ks);
          const int8_t *chi = clo + ks;
          for (int k = 1; k <= ks; k++)
            {
              if (-chi[ks - k] > lo[k - 1])
                lo[k - 1] = (int8_t) -chi[ks - k];
              if (-clo[ks - k] > hi[k - 1])
                hi[k - 1] = (int8_t) -clo[ks - k];
            }
          continue;
        }
      const int n2 = n - gain;
      const KzOwareEntry *ce = bd->entries + offsets[n2] + (uint64_t) m->child[i] * (uint64_t) (n2 + 1);
      for (int k = gain + 1; k <= ks; k++)
        {
          int x_lo, x_hi;
          const KzOwareEntry *c = &ce[ks - k];
          if (c->plies < sweep)
            x_lo = x_hi = gain - c->value;
          else
            {
              x_lo = gain - n2;
              x_hi = gain + n2;
              if (c->plies + 1 < KZ_ENDGAME_OWARE_UNFORCED && (wake == 0 || c->plies + 1 < wake))
                wake = c->plies + 1;
            }
          if (x_lo > lo[k - 1])
            lo[k - 1] = (int8_t) x_lo;
          if (x_hi > hi[k - 1])
            hi[k - 1] = (int8_t) x_hi;
        }
    }
  return wake;
}

static bool
cancelled (const Builder *bd)
{
  if (bd->build->cancel != NULL && __atomic_load_n (bd->build->cancel, __ATOMIC_RELAXED))
    bd->build->stop = true;
  return bd->build->stop;
}

/* The entries done: the layers below, and this one's forced so far. */
static void
report (const Builder *bd, uint64_t done)
{
  if (bd->build->progress != NULL)
    bd->build->progress ((double) done / (double) bd->build->total, bd->build->user_data);
}

/* One layer's work: its moves, bounds and same-layer predecessors. */
typedef struct {
  int           n, ks;
  uint64_t      dists;
  Moves        *moves;
  int8_t       *bounds;        /* per distribution its ks lower bounds, then its ks upper ones:
                                * one cache line for a child */
  uint32_t     *pred_start;    /* the distributions with a move into each, as CSR */
  uint32_t     *pred;
  KzOwareEntry *out;
} Layer;

static inline int8_t *
lo_of (const Layer *ly, uint64_t r)
{
  return ly->bounds + r * (uint64_t) (2 * ly->ks);
}

static inline int8_t *
hi_of (const Layer *ly, uint64_t r)
{
  return lo_of (ly, r) + ly->ks;
}

static bool
open_at (const Layer *ly, uint64_t r)
{
  const int8_t *lo = lo_of (ly, r), *hi = hi_of (ly, r);

  for (int k = 0; k < ly->ks; k++)
    if (lo[k] != hi[k])
      return true;
  return false;
}

/* The moves of every distribution, the bounds [−n, n] (a distribution
 * without a move has its no_feed value, d 0), and who moves into whom
 * without a capture. */
static bool
layer_init (Builder *bd, const KzPosition *start, Layer *ly, uint64_t *resolved)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_OWARE);
  int n = ly->n;

  for (uint64_t r = 0; r < ly->dists; r++)
    {
      uint8_t pits[PITS];
      kz_endgame_unrank (kz_endgame_entries (n - 1) + r, pits);
      moves_of (v, start, pits, &ly->moves[r]);
      for (int k = 0; k < ly->ks; k++)
        {
          uint64_t e = r * (uint64_t) ly->ks + (uint64_t) k;
          if (ly->moves[r].n_moves == 0)
            {
              /* Never met in a game (it ended before), but kept as the
               * no_feed end it would be. */
              lo_of (ly, r)[k] = hi_of (ly, r)[k] = ly->moves[r].end[0];
              ly->out[e].plies = 0;
              ++*resolved;
            }
          else
            {
              lo_of (ly, r)[k] = (int8_t) -n;
              hi_of (ly, r)[k] = (int8_t) n;
              ly->out[e].plies = KZ_ENDGAME_OWARE_UNFORCED;
            }
        }
      for (int i = 0; i < ly->moves[r].n_moves; i++)
        if (ly->moves[r].gain[i] == 0)
          ly->pred_start[ly->moves[r].child[i] + 1]++;
      if ((r & 0xffff) == 0 && cancelled (bd))
        return false;
    }
  for (uint64_t r = 0; r < ly->dists; r++)
    ly->pred_start[r + 1] += ly->pred_start[r];

  uint32_t *fill = calloc (ly->dists, sizeof *fill);
  if (fill == NULL)
    return false;
  for (uint64_t r = 0; r < ly->dists; r++)
    for (int i = 0; i < ly->moves[r].n_moves; i++)
      if (ly->moves[r].gain[i] == 0)
        {
          uint32_t c = ly->moves[r].child[i];
          ly->pred[ly->pred_start[c] + fill[c]++] = (uint32_t) r;
        }
  free (fill);
  return true;
}

/* A distribution's bounds after a sweep, applied once the sweep is done. */
typedef struct {
  uint32_t r;
  int8_t   lo[KZ_ENDGAME_OWARE_MAX_SEEDS + 1];
  int8_t   hi[KZ_ENDGAME_OWARE_MAX_SEEDS + 1];
} Change;

/* d: synchronous sweeps, each from the previous one's bounds alone, so
 * that after sweep j the bounds are those of a game cut off after j plies
 * with the seeds left on the board counted for the one side or the other,
 * and an entry whose bounds meet at sweep j is forced within j plies. A
 * distribution is worked out again only when its inputs changed: a
 * same-layer child in the sweep before (`due`), or a lower entry becoming
 * exact (`wake`); the changes of a sweep are applied after it. Each sweep
 * goes through the distributions in order, which keeps the reads of the
 * moves and of the lower layers near each other. */
static bool
layer_plies (Builder *bd, Layer *ly, uint64_t *resolved)
{
  uint8_t *due = calloc (ly->dists, 1);
  uint8_t *wake = calloc (ly->dists, 1);
  Change *changes = NULL;
  size_t n_changes = 0, cap_changes = 0;
  int last_wake = 0;
  bool ok = false;

  if (due == NULL || wake == NULL)
    goto out;
  for (uint64_t r = 0; r < ly->dists; r++)
    due[r] = open_at (ly, r);

  for (int sweep = 1; sweep < KZ_ENDGAME_OWARE_UNFORCED; sweep++)
    {
      n_changes = 0;
      for (uint64_t r = 0; r < ly->dists; r++)
        {
          if ((due[r] != sweep && wake[r] != sweep) || !open_at (ly, r))
            continue;

          Change ch = { .r = (uint32_t) r };
          const int8_t *lo = lo_of (ly, r), *hi = hi_of (ly, r);
          bool changed = false;
          int w = step (bd, &ly->moves[r], ly->n, ly->bounds, sweep, ch.lo, ch.hi);

          wake[r] = (uint8_t) w;
          if (w > last_wake)
            last_wake = w;
          for (int k = 0; k < ly->ks; k++)
            changed |= lo[k] != hi[k] && (ch.lo[k] != lo[k] || ch.hi[k] != hi[k]);
          if (!changed)
            continue;
          if (n_changes == cap_changes)
            {
              size_t cap = cap_changes ? 2 * cap_changes : 4096;
              Change *grown = realloc (changes, cap * sizeof *changes);
              if (grown == NULL)
                goto out;
              changes = grown;
              cap_changes = cap;
            }
          changes[n_changes++] = ch;
        }

      for (size_t i = 0; i < n_changes; i++)
        {
          const Change *ch = &changes[i];
          int8_t *lo = lo_of (ly, ch->r), *hi = hi_of (ly, ch->r);
          for (int k = 0; k < ly->ks; k++)
            {
              if (lo[k] == hi[k])
                continue;
              lo[k] = ch->lo[k];
              hi[k] = ch->hi[k];
              if (ch->lo[k] == ch->hi[k])
                {
                  ly->out[(uint64_t) ch->r * (uint64_t) ly->ks + (uint64_t) k].plies = (uint8_t) sweep;
                  ++*resolved;
                  if (sweep > bd->max_plies)
                    bd->max_plies = sweep;
                }
            }
          if (sweep + 1 < KZ_ENDGAME_OWARE_UNFORCED)
            for (uint32_t p = ly->pred_start[ch->r]; p < ly->pred_start[ch->r + 1]; p++)
              due[ly->pred[p]] = (uint8_t) (sweep + 1);
        }
      if (cancelled (bd))
        goto out;
      report (bd, offsets[ly->n] + *resolved);
      if (n_changes == 0 && last_wake <= sweep)
        break;
    }
  ok = true;

out:
  free (due);
  free (wake);
  free (changes);
  return ok;
}

/* V: the same step with every lower entry exact, in place from where the
 * sweeps stopped (bounds no looser than the fixpoint's), each
 * distribution again whenever a child of its layer changed, until
 * nothing does: the bounds then meet, or straddle endless play. */
static bool
layer_values (Builder *bd, Layer *ly)
{
  uint32_t *queue = malloc (ly->dists * sizeof *queue);
  uint8_t *queued = calloc (ly->dists, 1);
  uint64_t head = 0, len = 0, popped = 0;
  bool ok = false;

  if (queue == NULL || queued == NULL)
    goto out;
  for (uint64_t r = 0; r < ly->dists; r++)
    if (open_at (ly, r))
      {
        queue[len++] = (uint32_t) r;
        queued[r] = 1;
      }
  while (len > 0)
    {
      uint32_t r = queue[head];
      int8_t lo[KZ_ENDGAME_OWARE_MAX_SEEDS + 1], hi[KZ_ENDGAME_OWARE_MAX_SEEDS + 1];
      int8_t *was_lo = lo_of (ly, r), *was_hi = hi_of (ly, r);
      bool changed = false;

      head = head + 1 == ly->dists ? 0 : head + 1;
      len--;
      queued[r] = 0;
      if ((++popped & 0xffff) == 0 && cancelled (bd))
        goto out;
      step (bd, &ly->moves[r], ly->n, ly->bounds, ALWAYS, lo, hi);
      for (int k = 0; k < ly->ks; k++)
        if (was_lo[k] != was_hi[k] && (lo[k] != was_lo[k] || hi[k] != was_hi[k]))
          {
            was_lo[k] = lo[k];
            was_hi[k] = hi[k];
            changed = true;
          }
      if (changed)
        for (uint32_t p = ly->pred_start[r]; p < ly->pred_start[r + 1]; p++)
          if (!queued[ly->pred[p]])
            {
              queue[(head + len) % ly->dists] = ly->pred[p];
              queued[ly->pred[p]] = 1;
              len++;
            }
    }
  ok = true;

out:
  free (queue);
  free (queued);
  return ok;
}

/* Layer n, every lower one done. */
static bool
layer (Builder *bd, const KzPosition *start, int n)
{
  Layer ly = {
    .n = n,
    .ks = n + 1,
    .dists = layer_dists (n),
    .out = bd->entries + offsets[n],
  };
  uint64_t size = ly.dists * (uint64_t) ly.ks;
  uint64_t resolved = 0;
  bool ok = false;

  ly.moves = malloc (ly.dists * sizeof *ly.moves);
  ly.bounds = malloc (2 * size);
  ly.pred_start = calloc (ly.dists + 1, sizeof *ly.pred_start);
  ly.pred = malloc (ly.dists * ROW * sizeof *ly.pred);
  if (ly.moves == NULL || ly.bounds == NULL || ly.pred_start == NULL || ly.pred == NULL)
    goto out;
  if (!layer_init (bd, start, &ly, &resolved) || !layer_plies (bd, &ly, &resolved) || !layer_values (bd, &ly))
    goto out;

  /* V = median (L, 0, U): for a threshold above 0 endless play fails the
   * mover, so V reaches it when L does; for one at or below 0 it
   * succeeds, so when U does. */
  for (uint64_t r = 0; r < ly.dists; r++)
    for (int k = 0; k < ly.ks; k++)
      {
        int lo = lo_of (&ly, r)[k], hi = hi_of (&ly, r)[k];
        ly.out[r * (uint64_t) ly.ks + (uint64_t) k].value = (int8_t) (lo > 0 ? lo : hi < 0 ? hi : 0);
      }
  report (bd, offsets[n + 1]);
  ok = true;

out:
  free (ly.moves);
  free (ly.bounds);
  free (ly.pred_start);
  free (ly.pred);
  return ok;
}

static bool
oware_compute (uint8_t *values, int max_seeds, KzEndgameBuild *build)
{
  KzOptions options = { 0 };
  KzPosition start;
  Builder bd = {
    .entries = (KzOwareEntry *) values,
    .build = build,
  };

  pthread_once (&offsets_once, offsets_init);
  if (!kz_variant_get (KZ_VARIANT_OWARE)->setup (&start, &options, NULL, 0))
    return false;
  for (int n = 1; n <= max_seeds; n++)
    if (!layer (&bd, &start, n))
      return false;
  return true;
}

static uint64_t
oware_size (int max_seeds)
{
  return kz_endgame_oware_entries (max_seeds) * sizeof (KzOwareEntry);
}

/* Each value lies within the seeds of its position's layer. */
static bool
oware_check (const uint8_t *data, int max_seeds, char *error, size_t error_len)
{
  const KzOwareEntry *entries = (const KzOwareEntry *) data;

  pthread_once (&offsets_once, offsets_init);
  for (int n = 1; n <= max_seeds; n++)
    for (uint64_t i = offsets[n]; i < offsets[n + 1]; i++)
      if (entries[i].value < -n || entries[i].value > n)
        {
          if (error != NULL)
            snprintf (error, error_len, "value %d out of range at entry %llu", entries[i].value,
                      (unsigned long long) i);
          return false;
        }
  return true;
}

/* Look-ups */

const KzOwareEntry *
kz_endgame_oware_entry (const KzEndgame *endgame, const KzPosition *pos)
{
  uint8_t pits[PITS];
  int me, n, need;

  if (endgame == NULL || kz_endgame_game (endgame) != KZ_VARIANT_OWARE ||
      pos->variant != KZ_VARIANT_OWARE || pos->over)
    return NULL;
  me = pos->to_move;
  for (int i = 0; i < ROW; i++)
    {
      pits[i] = pos->pits[me * ROW + i];
      pits[ROW + i] = pos->pits[!me * ROW + i];
    }
  n = seeds_of (pits);
  need = MAJORITY - pos->stores[me];
  /* Only the stores of a real game: 48 seeds in all, neither at a majority. */
  if (n < 1 || n > endgame->max_seeds || need < 1 || need > n + 1 ||
      pos->stores[0] + pos->stores[1] + n != 2 * (MAJORITY - 1))
    return NULL;
  pthread_once (&offsets_once, offsets_init);
  return (const KzOwareEntry *) endgame->values + offsets[n] +
         (kz_endgame_rank_fast (pits) - kz_endgame_binom[n + PITS - 1][PITS]) * (uint64_t) (n + 1) +
         (uint64_t) (need - 1);
}

static bool
oware_probe (const KzEndgame *endgame, const KzPosition *pos, int *margin)
{
  const KzOwareEntry *e = kz_endgame_oware_entry (endgame, pos);

  /* 255 is "not forced", not a count of plies. */
  if (e == NULL || e->plies == KZ_ENDGAME_OWARE_UNFORCED || e->plies > KZ_OWARE_PLY_LIMIT - pos->plies)
    return false;
  *margin = pos->stores[pos->to_move] - pos->stores[!pos->to_move] + e->value;
  return true;
}

/* A move that keeps the value and whose child is forced within fewer
 * plies always exists: at the sweep d where the bounds met, the move that
 * gave the lower bound had its child's bounds met already (or ended the
 * game). So the line gets nearer to its end with every move, where one
 * that only kept the value could go round in a cycle. */
static bool
oware_best (const KzEndgame *endgame, const KzPosition *pos, KzAction *action, int *margin)
{
  const KzVariant *v = kz_position_variant (pos);
  const KzOwareEntry *e = kz_endgame_oware_entry (endgame, pos);
  KzAction actions[KZ_MAX_ACTIONS];
  int n;

  if (!oware_probe (endgame, pos, margin))
    return false;
  n = v->legal (pos, actions);
  for (int i = 0; i < n; i++)
    {
      KzPosition c = *pos;
      const KzOwareEntry *ce;
      int x;

      v->apply (&c, actions[i], NULL);
      if (c.over)
        x = kz_eval_final_margin (&c, pos->to_move);
      else if ((ce = kz_endgame_oware_entry (endgame, &c)) != NULL && ce->plies < e->plies)
        x = c.stores[pos->to_move] - c.stores[c.to_move] - ce->value;
      else
        continue;
      if (x == *margin)
        {
          *action = actions[i];
          return true;
        }
    }
  return false;
}

const KzEndgameGame kz_endgame_oware_game = {
  .game = KZ_VARIANT_OWARE,
  .rules = KZ_ENDGAME_OWARE_RULES,
  .max_seeds = KZ_ENDGAME_OWARE_MAX_SEEDS,
  .default_seeds = KZ_ENDGAME_OWARE_DEFAULT_SEEDS,
  .size = oware_size,
  .positions = kz_endgame_oware_entries,
  .compute = oware_compute,
  .check = oware_check,
  .probe = oware_probe,
  .best = oware_best,
};
