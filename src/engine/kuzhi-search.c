/* kuzhi-search.c — negamax alpha-beta over whole turns with a transposition table, for every game of the variant table. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-search.h"
#include "kuzhi-search-private.h"
#include "kuzhi-book.h"
#include "kuzhi-kalah-solve.h"
#include "kuzhi-endgame.h"

#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <sys/mman.h>

/* A search node is the start of a turn. A "move" of the search is one
 * whole turn: a sowing action, or in the Constitution a mark followed by
 * a sowing action, packed as sow | (marked cup + 1) << 5. */
typedef uint16_t Move;
#define MOVE_NONE       ((Move) 0xffff)
#define MOVE_SOW(m)     ((KzAction) ((m) & 31))
#define MOVE_MARK(m)    ((int) ((m) >> 5) - 1)          /* -1: no mark */
#define MOVE_MAKE(sow, mark) ((Move) ((sow) | (((mark) + 1) << 5)))

#define MAX_PLY       512     /* Oware's 400 plies fit, so endgames are proven to the limit */
#define MAX_MOVES     (KZ_MAX_PITS + 1 + KZ_MAX_PITS * (KZ_MAX_PITS / 2 + 1))
#define DEPTH_SOLVE   500     /* "to the end of the game" */
#define DEPTH_SOLVED  255     /* table depth of a subtree proven without evaluation */
#define TABLE_DEPTH(d) ((d) < DEPTH_SOLVED ? (d) : DEPTH_SOLVED - 1)   /* deeper searches are stored as 254 */
#define THRESHOLD     (KZ_SCORE_WIN - KZ_SCORE_MARGIN_MUL)
#define CHECK_EVERY   2047    /* nodes between looks at the clock and the cancel flag */

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct {
  int16_t  score;
  Move     move;
  uint8_t  depth;
  uint8_t  bound;
  uint8_t  work;    /* log2 of the nodes below, to keep costly entries, | WORK_GUESSED */
  uint8_t  age;
} TTData;

/* An entry holds its key mixed with its data (check = key ^ data), so
 * that searches sharing the table (kz_searcher_set_threads()) need no
 * lock: an entry one thread reads while another writes it fails the
 * check and is a miss, not another position's value. */
typedef struct {
  uint64_t check;
  uint64_t data;    /* a TTData */
} TTEntry;

/* In an entry's work: its value rests on an evaluation somewhere below
 * (not only on the path, as a repetition's does). */
#define WORK_GUESSED 0x80
#define WORK_LOG2(w) ((w) & 0x7f)

#define BUCKET 4
typedef struct {
  TTEntry e[BUCKET];
} TTBucket;

typedef struct {
  KzPosition child[MAX_MOVES];
  Move       moves[MAX_MOVES];
  int        keys[MAX_MOVES];     /* ordering */
  uint64_t   ckeys[MAX_MOVES];    /* the children's table keys */
} Frame;

/* What the table holds: clearing a table of zeros again, or a whole
 * gigabyte for each solve, cost the Kalah solve seconds of its time. */
enum { TABLE_CLEAN, TABLE_SEARCHED, TABLE_SOLVED };

struct _KzSearcher {
  TTBucket      *table;
  size_t         n_buckets;     /* a power of two */
  void          *quick_table;   /* Kalah's solver under a time limit (quick_solve), or NULL */
  uint8_t        table_state;   /* TABLE_*: the solver's entries are not the search's */
  uint8_t        age;
  Frame         *frames;        /* one per ply, allocated once */
  uint64_t       path[MAX_PLY + 1];
  uint64_t      *history_keys;  /* turn starts of the match, for repetition */
  size_t         n_history_keys;
  size_t         cap_history_keys;
  uint64_t       history_filter[64];   /* 4096-bit quick "maybe in the match" */
  uint32_t       history[2][512];      /* move ordering by cutoffs */
  KzEvalWeights  weights[KZ_N_VARIANTS];
  const KzEndgame *endgames[KZ_N_VARIANTS];  /* borrowed; each game's database, or NULL */

  /* Zobrist keys. */
  uint64_t       z_pit[KZ_MAX_PITS][256];
  uint64_t       z_store[2][256];
  uint64_t       z_misc[16];

  /* The running search. */
  const KzVariant      *variant;
  const KzEvalWeights  *w;
  const KzEndgame      *db;         /* the endgame database when it is this game's */
  int                   db_seeds;   /* the most seeds on the board it holds */
  bool                  repetition;
  bool                  bounds;
  int                   table_min;  /* the game's table_min_depth, at least 1 */
  bool                  delay;      /* prefer short wins (off when solving: null windows stay null) */
  int                   total;      /* seeds in the game, which never change */
  uint64_t              nodes;
  uint64_t              node_limit;
  uint64_t              taint;      /* evaluations and path-dependent results so far */
  uint64_t              guesses;    /* evaluations alone: a result without any is the game's */
  struct timespec       start;
  int64_t               deadline_ms;
  volatile int         *cancel;
  bool                  stop;
  bool                  cancelled;
  Move                  root_best;
  int                   root_best_score;

  /* Helpers (kz_searcher_set_threads()): searchers of their own stacks
   * that share this one's table, and a helper's link back. */
  KzSearcher          **helpers;
  int                   n_helpers;
  volatile int          helpers_stop; /* the helpers' cancel flag */
  volatile int         *helper_done;  /* a helper finished the search: this one stops */
};

uint64_t
kz_random_next (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void
fill_keys (uint64_t *keys, size_t n, uint64_t *state)
{
  for (size_t i = 0; i < n; i++)
    keys[i] = kz_random_next (state);
}

#define TABLE_ALIGN ((size_t) 2 << 20)
/* The Kalah solver's own table when it runs under a time limit: small,
 * because it is cleared for every move, and apart from the search's, so
 * that neither clears the other's entries. */
#define QUICK_TABLE_BYTES ((size_t) 16 << 20)

/* The table is mapped from the system, not taken from malloc's heap, so
 * that freeing it gives the memory back at once (a program that searches
 * only now and then does not keep it). It is aligned for huge pages: a
 * probe is then rarely a TLB miss as well as a cache miss. */
static void *
table_alloc (size_t bytes)
{
  size_t mapped = bytes + TABLE_ALIGN;
  char *base = mmap (NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  char *table;
  size_t head;

  if (base == MAP_FAILED)
    return NULL;
  table = (char *) (((uintptr_t) base + TABLE_ALIGN - 1) & ~(uintptr_t) (TABLE_ALIGN - 1));
  head = (size_t) (table - base);
  if (head > 0)
    munmap (base, head);
  munmap (table + bytes, mapped - head - bytes);
#ifdef MADV_HUGEPAGE
  madvise (table, bytes, MADV_HUGEPAGE);
#endif
  return table;
}

KzSearcher *
kz_searcher_new (size_t table_mb)
{
  KzSearcher *s = calloc (1, sizeof *s);
  uint64_t state = 0x4b757a6869ULL;   /* fixed: keys are the same in every run */
  size_t bytes;

  if (s == NULL)
    return NULL;
  if (table_mb < 1)
    table_mb = 1;
  bytes = table_mb << 20;
  s->n_buckets = 1;
  while (s->n_buckets * 2 * sizeof (TTBucket) <= bytes)
    s->n_buckets *= 2;
  s->table = table_alloc (s->n_buckets * sizeof (TTBucket));
  /* Fresh from the system, so zeros already; but cleared all the same,
   * because touching every page now takes the page faults here rather
   * than in the first timed search (left untouched, Hard's first 1 s from
   * the Constitution's start searched 29 000 nodes instead of 1.1 M). */
  s->table_state = TABLE_SEARCHED;
  s->frames = malloc (MAX_PLY * sizeof (Frame));
  if (s->table == NULL || s->frames == NULL)
    {
      kz_searcher_free (s);
      return NULL;
    }

  fill_keys (&s->z_pit[0][0], sizeof s->z_pit / 8, &state);
  fill_keys (&s->z_store[0][0], sizeof s->z_store / 8, &state);
  fill_keys (s->z_misc, 16, &state);
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    s->weights[v] = *kz_eval_default_weights ((KzVariantId) v);
  kz_searcher_clear (s);
  return s;
}

/* A helper owns only its stacks: its table, history and keys are its
 * searcher's, copied in for each search (helpers_start()). */
static void
helpers_free (KzSearcher *s)
{
  for (int i = 0; i < s->n_helpers; i++)
    {
      free (s->helpers[i]->frames);
      free (s->helpers[i]);
    }
  free (s->helpers);
  s->helpers = NULL;
  s->n_helpers = 0;
}

void
kz_searcher_free (KzSearcher *s)
{
  if (s == NULL)
    return;
  helpers_free (s);
  if (s->table != NULL)
    munmap (s->table, s->n_buckets * sizeof (TTBucket));
  if (s->quick_table != NULL)
    munmap (s->quick_table, QUICK_TABLE_BYTES);
  free (s->frames);
  free (s->history_keys);
  free (s);
}

void
kz_searcher_clear (KzSearcher *s)
{
  if (s->table_state != TABLE_CLEAN)
    memset (s->table, 0, s->n_buckets * sizeof (TTBucket));
  s->table_state = TABLE_CLEAN;
  memset (s->history, 0, sizeof s->history);
  s->age = 0;
}

void
kz_searcher_set_weights (KzSearcher *s, KzVariantId variant, const KzEvalWeights *weights)
{
  if ((unsigned) variant >= KZ_N_VARIANTS)
    return;
  s->weights[variant] = weights ? *weights : *kz_eval_default_weights (variant);
}

void
kz_searcher_set_endgame (KzSearcher *s, KzVariantId variant, const KzEndgame *endgame)
{
  if ((unsigned) variant >= KZ_N_VARIANTS || (endgame != NULL && kz_endgame_game (endgame) != variant))
    return;
  s->endgames[variant] = endgame;
}

static KzSearcher *
helper_new (void)
{
  KzSearcher *h = calloc (1, sizeof *h);

  if (h != NULL && (h->frames = malloc (MAX_PLY * sizeof (Frame))) == NULL)
    {
      free (h);
      h = NULL;
    }
  return h;
}

bool
kz_searcher_set_threads (KzSearcher *s, int n_threads)
{
  if (n_threads < 1 || n_threads > KZ_SEARCH_MAX_THREADS)
    return false;
  if (n_threads == s->n_helpers + 1)
    return true;
  helpers_free (s);
  if (n_threads == 1)
    return true;
  s->helpers = calloc ((size_t) n_threads - 1, sizeof *s->helpers);
  if (s->helpers == NULL)
    return false;
  for (; s->n_helpers < n_threads - 1; s->n_helpers++)
    if ((s->helpers[s->n_helpers] = helper_new ()) == NULL)
      {
        helpers_free (s);
        return false;
      }
  return true;
}

size_t
kz_searcher_memory (const KzSearcher *s)
{
  return sizeof *s + s->n_buckets * sizeof (TTBucket) + MAX_PLY * sizeof (Frame) +
         s->cap_history_keys * sizeof (uint64_t) +
         (size_t) s->n_helpers * (sizeof *s + MAX_PLY * sizeof (Frame));
}

/* Scores */

static inline int
final_score (int margin)
{
  if (margin > 0)
    return KZ_SCORE_WIN + margin * KZ_SCORE_MARGIN_MUL;
  if (margin < 0)
    return -(KZ_SCORE_WIN - margin * KZ_SCORE_MARGIN_MUL);
  return 0;
}

/* The lowest score a final margin of at least `margin` can have, and the
 * highest one of at most `margin`: a margin's scores span 64 values, one
 * per turn of delay. */
static inline int
margin_floor (int margin)
{
  if (margin > 0)
    return final_score (margin) - (KZ_SCORE_MARGIN_MUL - 1);
  return final_score (margin);
}

static inline int
margin_ceiling (int margin)
{
  if (margin < 0)
    return final_score (margin) + (KZ_SCORE_MARGIN_MUL - 1);
  return final_score (margin);
}

int
kz_score_margin (int score)
{
  if (score > THRESHOLD)
    return (score - KZ_SCORE_WIN + KZ_SCORE_MARGIN_MUL - 1) / KZ_SCORE_MARGIN_MUL;
  if (score < -THRESHOLD)
    return -((-score - KZ_SCORE_WIN + KZ_SCORE_MARGIN_MUL - 1) / KZ_SCORE_MARGIN_MUL);
  return 0;
}

int
kz_score_to_seeds (int score)
{
  if (kz_score_is_final (score))
    return kz_score_margin (score);
  return score >= 0 ? (score + 50) / 100 : -((-score + 50) / 100);
}

/* One turn further from the end: a win counts down and a loss up, within
 * the margin's 64 values, so that the shortest win and the longest loss
 * score best and the margin never changes. */
static inline int
delay (int score)
{
  if (score > THRESHOLD)
    {
      int steps = (KZ_SCORE_MARGIN_MUL - (score - KZ_SCORE_WIN) % KZ_SCORE_MARGIN_MUL) % KZ_SCORE_MARGIN_MUL;
      return steps < KZ_SCORE_MARGIN_MUL - 1 ? score - 1 : score;
    }
  if (score < -THRESHOLD)
    {
      int steps = (KZ_SCORE_MARGIN_MUL - (-score - KZ_SCORE_WIN) % KZ_SCORE_MARGIN_MUL) % KZ_SCORE_MARGIN_MUL;
      return steps < KZ_SCORE_MARGIN_MUL - 1 ? score + 1 : score;
    }
  return score;
}

/* Keys */

/* A 64-bit finaliser (MurmurHash3's): every bit of x moves about half of
 * the result's. */
static inline uint64_t
mix64 (uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

static uint64_t
position_key (const KzSearcher *s, const KzPosition *pos)
{
  uint64_t k = s->z_misc[pos->variant] ^ (pos->to_move ? s->z_misc[8] : 0);

  for (int i = 0; i < pos->n_pits; i++)
    k ^= s->z_pit[i][pos->pits[i]];
  k ^= s->z_store[0][pos->stores[0]] ^ s->z_store[1][pos->stores[1]];

  /* What else the game tells apart, folded in by a mixer of its own. */
  if (s->variant->key_extra != NULL)
    k ^= mix64 (s->variant->key_extra (pos) + 0x9e3779b97f4a7c15ULL);
  return k;
}

/* The clock and the stop conditions */

/* The cap on a search without a time limit: KZ_SEARCH_SOLVE_TIME_MS but
 * in tests (kuzhi-search-private.h). */
static int solve_time_ms = KZ_SEARCH_SOLVE_TIME_MS;

void
kz_search_set_solve_time_ms (int ms)
{
  solve_time_ms = ms > 0 ? ms : KZ_SEARCH_SOLVE_TIME_MS;
}

static int64_t
elapsed_ms (const KzSearcher *s)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (int64_t) (now.tv_sec - s->start.tv_sec) * 1000 + (now.tv_nsec - s->start.tv_nsec) / 1000000;
}

static void
check_stop (KzSearcher *s)
{
  /* The flags are set by other threads (a cancel, a helper done). */
  if (s->cancel != NULL && __atomic_load_n (s->cancel, __ATOMIC_RELAXED))
    {
      s->stop = true;
      s->cancelled = true;
    }
  if (s->node_limit && s->nodes >= s->node_limit)
    s->stop = true;
  if (s->deadline_ms > 0 && elapsed_ms (s) >= s->deadline_ms)
    s->stop = true;
  if (s->helper_done != NULL && __atomic_load_n (s->helper_done, __ATOMIC_RELAXED))
    s->stop = true;
}

/* The table */

static inline uint64_t
tt_pack (TTData d)
{
  uint64_t bits;
  memcpy (&bits, &d, sizeof bits);
  return bits;
}

static inline TTData
tt_unpack (uint64_t bits)
{
  TTData d;
  memcpy (&d, &bits, sizeof d);
  return d;
}

/* An entry's words are read and written whole, never torn themselves;
 * relaxed, since the check, not the order, tells a good entry. */
static inline uint64_t
tt_load (const uint64_t *word)
{
  return __atomic_load_n (word, __ATOMIC_RELAXED);
}

static inline void
tt_write (TTEntry *e, uint64_t key, uint64_t data)
{
  __atomic_store_n (&e->data, data, __ATOMIC_RELAXED);
  __atomic_store_n (&e->check, key ^ data, __ATOMIC_RELAXED);
}

/* The key an entry holds, and its data in *data. */
static inline uint64_t
tt_read (const TTEntry *e, uint64_t *data)
{
  *data = tt_load (&e->data);
  return tt_load (&e->check) ^ *data;
}

static inline bool
tt_probe (KzSearcher *s, uint64_t key, TTData *out)
{
  TTBucket *b = &s->table[key & (s->n_buckets - 1)];
  for (int i = 0; i < BUCKET; i++)
    {
      uint64_t data;
      if (tt_read (&b->e[i], &data) == key)
        {
          *out = tt_unpack (data);
          if (out->bound != BOUND_NONE)
            return true;
        }
    }
  return false;
}

static inline int
tt_priority (const KzSearcher *s, const TTData *e)
{
  if (e->bound == BOUND_NONE)
    return -1000;
  int p = (e->depth == DEPTH_SOLVED ? 64 : (e->depth > 60 ? 60 : e->depth)) + WORK_LOG2 (e->work);
  if (e->age != s->age)
    p -= 200;
  return p;
}

static void
tt_store (KzSearcher *s, uint64_t key, int depth, int bound, int score, Move move, uint64_t work, bool guessed)
{
  TTBucket *b = &s->table[key & (s->n_buckets - 1)];
  TTEntry *victim = NULL;
  int lowest = 1 << 30;

  for (int i = 0; i < BUCKET; i++)
    {
      uint64_t bits;
      TTData old;
      bool same = tt_read (&b->e[i], &bits) == key;
      old = tt_unpack (bits);
      if (same)
        {
          victim = &b->e[i];
          /* Keep a proof unless the new entry is one too. */
          if (old.depth == DEPTH_SOLVED && depth != DEPTH_SOLVED && old.bound != BOUND_NONE)
            return;
          if (move == MOVE_NONE)
            move = old.move;
          break;
        }
      int p = tt_priority (s, &old);
      if (p < lowest)
        {
          lowest = p;
          victim = &b->e[i];
        }
    }
  TTData d = {
    .score = (int16_t) score,
    .move = move,
    .depth = (uint8_t) depth,
    .bound = (uint8_t) bound,
    .work = (uint8_t) ((63 - __builtin_clzll (work | 1)) | (guessed ? WORK_GUESSED : 0)),   /* log2 */
    .age = s->age,
  };
  tt_write (victim, key, tt_pack (d));
}

/* Turns */

static inline void
make_move (const KzSearcher *s, const KzPosition *pos, Move m, KzPosition *out)
{
  *out = *pos;
  if (MOVE_MARK (m) >= 0)
    s->variant->apply (out, KZ_ACTION_MARK (MOVE_MARK (m)), NULL);
  s->variant->apply (out, MOVE_SOW (m), NULL);
}

/* Lists the whole turns of pos: every playing action, and in the
 * Constitution every mark followed by every playing action after it. */
static int
generate (const KzSearcher *s, const KzPosition *pos, Move *moves)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n = s->variant->legal (pos, actions);
  int count = 0;

  for (int i = 0; i < n; i++)
    {
      if (!KZ_ACTION_IS_MARK (actions[i]))
        {
          moves[count++] = MOVE_MAKE (actions[i], -1);
          continue;
        }
      KzPosition marked = *pos;
      KzAction after[KZ_MAX_ACTIONS];
      s->variant->apply (&marked, actions[i], NULL);
      int m = s->variant->legal (&marked, after);
      for (int j = 0; j < m; j++)
        if (!KZ_ACTION_IS_MARK (after[j]) && count < MAX_MOVES)
          moves[count++] = MOVE_MAKE (after[j], KZ_ACTION_MARK_CUP (actions[i]));
    }
  return count;
}

static bool
move_is_legal (const KzSearcher *s, const KzPosition *pos, Move m)
{
  Move moves[MAX_MOVES];
  int n = generate (s, pos, moves);
  for (int i = 0; i < n; i++)
    if (moves[i] == m)
      return true;
  return false;
}

/* Repetition: how often pos (key k) stood at a turn start before, in the
 * match and on the search path. */
static int
repetitions (const KzSearcher *s, uint64_t k, int ply)
{
  int count = 0;

  for (int i = ply - 1; i >= 0; i--)
    if (s->path[i] == k)
      count++;
  if (s->history_filter[(k >> 6) & 63] & (1ULL << (k & 63)))
    for (size_t i = 0; i < s->n_history_keys; i++)
      if (s->history_keys[i] == k)
        count++;
  return count;
}

static int search (KzSearcher *s, const KzPosition *pos, uint64_t key, int depth, int alpha, int beta, int ply);

/* A child's key, or KEY_LATER where its search may not want it: below
 * the least table depth, in a game without repetition, a node only
 * needs its key to keep a proof, and most nodes are there. A key that
 * happens to be KEY_LATER is only made again. */
#define KEY_LATER 0

static inline uint64_t
child_key (const KzSearcher *s, const KzPosition *child, int depth)
{
  return s->repetition || depth - 1 >= s->table_min ? position_key (s, child) : KEY_LATER;
}

/* Searches one child and returns its score for the mover of pos: the sign
 * flips only when the other player moves next (an extra move keeps it). */
static inline int
search_child (KzSearcher *s, const KzPosition *pos, const KzPosition *child, uint64_t key,
              int depth, int alpha, int beta, int ply)
{
  int a = alpha, b = beta;
  int v;

  /* Widen the window by one where delay() may move a score across it. */
  if (s->delay)
    {
      a = alpha < -THRESHOLD ? alpha - 1 : alpha;
      b = beta > THRESHOLD ? beta + 1 : beta;
    }

  if (child->over)
    {
      s->nodes++;
      v = final_score (kz_eval_final_margin (child, pos->to_move));
    }
  else if (child->to_move == pos->to_move)
    v = search (s, child, key, depth - 1, a, b, ply + 1);
  else
    v = -search (s, child, key, depth - 1, -b, -a, ply + 1);
  return s->delay ? delay (v) : v;
}

static inline void
reward (KzSearcher *s, int side, Move m, int depth)
{
  uint32_t *h = &s->history[side][m & 511];
  *h += (uint32_t) (depth * depth);
  if (*h > (1u << 20))
    for (int p = 0; p < 2; p++)
      for (int i = 0; i < 512; i++)
        s->history[p][i] >>= 1;
}

static int
search (KzSearcher *s, const KzPosition *pos, uint64_t key, int depth, int alpha, int beta, int ply)
{
  uint64_t taint0 = s->taint;
  uint64_t guesses0 = s->guesses;
  uint64_t nodes0 = s->nodes;
  int alpha0 = alpha;
  int best = -KZ_SCORE_INF;
  Move best_move = MOVE_NONE;
  Move tt_move = MOVE_NONE;
  int me = pos->to_move;
  int n_moves;
  int first = 1;

  if ((++s->nodes & CHECK_EVERY) == 0)
    check_stop (s);
  if (s->stop)
    return 0;

  s->path[ply] = key;

  if (ply > 0)
    {
      /* Repetition ends the match on the third occurrence; a position
       * seen before on this path is a cycle either side may repeat, so it
       * is judged as the rule would judge it. Path-dependent: tainted. */
      if (s->repetition)
        {
          int seen = repetitions (s, key, ply);
          if (seen >= 1)
            {
              s->taint++;
              return final_score (s->variant->score (pos, me) - s->variant->score (pos, !me));
            }
        }

      /* What is banked can only grow: the final margin has bounds. */
      if (s->bounds)
        {
          /* As kz_eval_final_bounds(), with the total known. */
          int lo = 2 * pos->stores[me] - s->total;
          int hi = s->total - 2 * pos->stores[!me];
          int floor = margin_floor (lo);
          int ceiling = margin_ceiling (hi);
          if (floor >= beta)
            return floor;
          if (ceiling <= alpha)
            return ceiling;
        }
    }

  /* The endgame database knows the value: scored as a game over here,
   * so a line's delay counts the turns to the database, and exact. */
  /* The seeds on the board are those not in the stores: most nodes are
   * turned away by that sum, before the probe builds the mover's frame. */
  if (ply > 0 && s->db != NULL && s->total - pos->stores[0] - pos->stores[1] <= s->db_seeds)
    {
      int margin;
      if (kz_endgame_probe (s->db, pos, &margin))
        return final_score (margin);
    }

  if (depth <= 0 || ply >= MAX_PLY - 1)
    {
      s->taint++;
      s->guesses++;
      return kz_eval (pos, s->w);
    }

  TTData e;
  if (depth >= s->table_min && tt_probe (s, key, &e))
    {
      tt_move = e.move;
      if (ply > 0 && (e.depth >= depth || e.depth == DEPTH_SOLVED))
        {
          int v = e.score;
          if (e.bound == BOUND_EXACT ||
              (e.bound == BOUND_LOWER && v >= beta) ||
              (e.bound == BOUND_UPPER && v <= alpha))
            {
              if (e.depth != DEPTH_SOLVED)
                s->taint++;
              if (e.work & WORK_GUESSED)
                s->guesses++;
              return v;
            }
        }
    }

  Frame *f = &s->frames[ply];

  /* The table's move first, before the others are even generated: it
   * often cuts off alone. */
  if (tt_move != MOVE_NONE && move_is_legal (s, pos, tt_move))
    {
      make_move (s, pos, tt_move, &f->child[0]);
      int v = search_child (s, pos, &f->child[0], child_key (s, &f->child[0], depth), depth, alpha, beta, ply);
      if (s->stop)
        return 0;
      first = 0;
      best = v;
      best_move = tt_move;
      if (ply == 0)
        {
          s->root_best = tt_move;
          s->root_best_score = v;
        }
      if (v > alpha)
        alpha = v;
      if (v >= beta)
        {
          reward (s, me, tt_move, depth);
          goto store;
        }
    }
  else
    tt_move = MOVE_NONE;

  n_moves = generate (s, pos, f->moves);
  for (int i = 0; i < n_moves; i++)
    {
      Move m = f->moves[i];
      KzPosition *c = &f->child[i];
      int gain;

      make_move (s, pos, m, c);
      gain = (c->stores[me] - pos->stores[me]) - (c->stores[!me] - pos->stores[!me]);
      f->keys[i] = (int) s->history[me][m & 511] + gain * (1 << 21) +
                   (c->to_move == me && !c->over ? 1 << 26 : 0);

      f->ckeys[i] = child_key (s, c, depth);
      /* Ask for the child's table line now: it arrives while the other
       * children are made. Children below table_min never look at the
       * table, so a node just above it skips this and the cutoff below:
       * most nodes are there, and each line is a cache miss. */
      if (depth > s->table_min)
        __builtin_prefetch (&s->table[f->ckeys[i] & (s->n_buckets - 1)]);
      if (m == tt_move)
        f->keys[i] = -(1 << 30);   /* searched already */
    }

  for (int i = 0; i < n_moves && depth > s->table_min; i++)
    {
      /* Enhanced transposition cutoff: a child the table already proves
       * good enough ends this node without a search. */
      Move m = f->moves[i];
      const KzPosition *c = &f->child[i];
      if (!c->over && m != tt_move)
        {
          TTData ce;
          if (tt_probe (s, f->ckeys[i], &ce) && (ce.depth >= depth - 1 || ce.depth == DEPTH_SOLVED))
            {
              bool same = c->to_move == me;
              int v = same ? ce.score : -ce.score;
              bool proves = same ? ce.bound != BOUND_UPPER : ce.bound != BOUND_LOWER;
              if (proves && v >= beta && (!s->delay || !kz_score_is_final (v)))
                {
                  if (ce.depth != DEPTH_SOLVED)
                    s->taint++;
                  if (ce.work & WORK_GUESSED)
                    s->guesses++;
                  if (ply == 0)
                    {
                      s->root_best = m;
                      s->root_best_score = v;
                    }
                  tt_store (s, key, ce.depth == DEPTH_SOLVED && s->taint == taint0 ? DEPTH_SOLVED : TABLE_DEPTH (depth),
                            BOUND_LOWER, v, m, s->nodes - nodes0, s->guesses != guesses0);
                  return v;
                }
            }
        }
    }

  for (int i = 0; i < n_moves; i++)
    {
      /* Pick the most promising of the rest. */
      int bi = i;
      for (int j = i + 1; j < n_moves; j++)
        if (f->keys[j] > f->keys[bi])
          bi = j;
      if (bi != i)
        {
          KzPosition tp = f->child[i];
          Move tm = f->moves[i];
          int tk = f->keys[i];
          uint64_t tc = f->ckeys[i];
          f->child[i] = f->child[bi];
          f->moves[i] = f->moves[bi];
          f->keys[i] = f->keys[bi];
          f->ckeys[i] = f->ckeys[bi];
          f->child[bi] = tp;
          f->moves[bi] = tm;
          f->keys[bi] = tk;
          f->ckeys[bi] = tc;
        }
      Move m = f->moves[i];
      if (m == tt_move)
        continue;

      int v;
      if (first)
        v = search_child (s, pos, &f->child[i], f->ckeys[i], depth, alpha, beta, ply);
      else
        {
          /* Principal variation search: prove the rest worse with a null
           * window, and search again only what is not. */
          v = search_child (s, pos, &f->child[i], f->ckeys[i], depth, alpha, alpha + 1, ply);
          if (v > alpha && v < beta && !s->stop)
            v = search_child (s, pos, &f->child[i], f->ckeys[i], depth, alpha, beta, ply);
        }
      if (s->stop)
        return 0;
      first = 0;

      if (v > best)
        {
          best = v;
          best_move = m;
          if (ply == 0 && (v > alpha || s->root_best == MOVE_NONE))
            {
              s->root_best = m;
              s->root_best_score = v;
            }
        }
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        {
          reward (s, me, m, depth);
          break;
        }
    }

  if (best_move == MOVE_NONE)
    {
      /* No legal turn: cannot happen in a game that is not over. */
      s->taint++;
      s->guesses++;
      return kz_eval (pos, s->w);
    }

store:
  {
    int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    int stored_depth = s->taint == taint0 ? DEPTH_SOLVED : TABLE_DEPTH (depth);
    if (depth >= s->table_min || stored_depth == DEPTH_SOLVED)
      tt_store (s, key != KEY_LATER ? key : position_key (s, pos), stored_depth, bound, best, best_move, s->nodes - nodes0, s->guesses != guesses0);
  }
  return best;
}

/* The root and the levels */

static void
add_action (KzSearchResult *r, KzAction a)
{
  if (r->pv_len < KZ_SEARCH_MAX_PV)
    r->pv[r->pv_len++] = a;
}

/* Follows the table's moves from the root for the principal variation. */
static void
extract_pv (KzSearcher *s, const KzPosition *root, Move first, KzSearchResult *r)
{
  KzPosition pos = *root;
  uint64_t seen[KZ_SEARCH_MAX_PV];
  int n_seen = 0;
  Move m = first;

  r->pv_len = 0;
  while (m != MOVE_NONE && !pos.over && r->pv_len < KZ_SEARCH_MAX_PV - 1 && move_is_legal (s, &pos, m))
    {
      if (MOVE_MARK (m) >= 0)
        add_action (r, KZ_ACTION_MARK (MOVE_MARK (m)));
      add_action (r, MOVE_SOW (m));
      make_move (s, &pos, m, &pos);
      uint64_t k = position_key (s, &pos);
      for (int i = 0; i < n_seen; i++)
        if (seen[i] == k)
          return;
      if (n_seen == KZ_SEARCH_MAX_PV)
        return;
      seen[n_seen++] = k;
      TTData e;
      KzAction a;
      int margin;
      m = tt_probe (s, k, &e) ? e.move : MOVE_NONE;
      /* Below the database's line the table knows nothing: it goes on. */
      if (m == MOVE_NONE && !pos.over && kz_endgame_best (s->db, &pos, &a, &margin))
        m = MOVE_MAKE (a, -1);
    }
}

static void
load_history (KzSearcher *s, const KzMatch *match)
{
  s->n_history_keys = 0;
  memset (s->history_filter, 0, sizeof s->history_filter);
  if (!s->repetition)
    return;
  if (s->cap_history_keys < match->n_history)
    {
      uint64_t *keys = realloc (s->history_keys, match->n_history * sizeof *keys);
      if (keys == NULL)
        return;   /* repetition then only sees the search path */
      s->history_keys = keys;
      s->cap_history_keys = match->n_history;
    }
  for (size_t i = 0; i < match->n_history; i++)
    {
      const KzPosition *p = &match->history[i].before;
      if (p->over || p->marked)
        continue;
      uint64_t k = position_key (s, p);
      s->history_keys[s->n_history_keys++] = k;
      s->history_filter[(k >> 6) & 63] |= 1ULL << (k & 63);
    }
}

void
kz_search_limits_for_level (KzSearchLimits *limits, KzLevel level, int time_ms)
{
  limits->level = level;
  switch (level)
    {
    case KZ_LEVEL_EASY:
      limits->depth = 2;
      limits->time_ms = time_ms > 0 ? time_ms : 1000;
      break;
    case KZ_LEVEL_NORMAL:
      limits->depth = 4;
      limits->time_ms = time_ms > 0 ? time_ms : 1000;
      break;
    case KZ_LEVEL_HARD:
      limits->depth = 0;
      limits->time_ms = time_ms > 0 ? time_ms : KZ_HARD_DEFAULT_TIME_MS;
      break;
    case KZ_LEVEL_NONE:
    case KZ_N_LEVELS:
    default:
      break;
    }
}

/* A level's depth in one game where it differs from the level's own: the
 * game's entry says (tests/bench-search.c's strength table decided each). */
static int
level_depth (const KzVariant *v, KzLevel level)
{
  if ((unsigned) level >= KZ_N_LEVELS || v == NULL)
    return 0;
  return v->level_depths[level];
}

bool
kz_level_parse (const char *text, KzLevel *out)
{
  static const char *const names[] = { "easy", "normal", "hard" };
  for (int i = 0; i < 3; i++)
    if (text != NULL && strcmp (text, names[i]) == 0)
      {
        *out = (KzLevel) (KZ_LEVEL_EASY + i);
        return true;
      }
  return false;
}

/* Easy: sometimes (seeded, so repeatable) a random move among those that
 * lose at most two seeds at depth one, as a beginner would play. */
static Move
easy_choice (KzSearcher *s, const KzPosition *root, Move best, uint64_t seed)
{
  uint64_t state = seed ^ position_key (s, root);
  Move moves[MAX_MOVES];
  Move ok[MAX_MOVES];
  int scores[MAX_MOVES];
  int n = generate (s, root, moves);
  int n_ok = 0;
  int top = -KZ_SCORE_INF;

  /* How often is the game's own (its entry says why). */
  unsigned stray = s->variant->easy_stray;
  if (kz_random_next (&state) % 100 >= stray)
    return best;
  for (int i = 0; i < n; i++)
    {
      KzPosition c;
      make_move (s, root, moves[i], &c);
      if (c.over)
        scores[i] = final_score (kz_eval_final_margin (&c, root->to_move));
      else
        scores[i] = c.to_move == root->to_move ? kz_eval (&c, s->w) : -kz_eval (&c, s->w);
      if (scores[i] > top)
        top = scores[i];
    }
  for (int i = 0; i < n; i++)
    if (scores[i] >= top - 200)
      ok[n_ok++] = moves[i];
  if (n_ok == 0)
    return best;
  return ok[kz_random_next (&state) % (uint64_t) n_ok];
}

/* Runs one search of the root to `depth` with the window, and tells
 * whether it finished. */
static bool
root_search (KzSearcher *s, const KzPosition *root, int depth, int alpha, int beta, int *score)
{
  s->root_best = MOVE_NONE;
  s->table_state = TABLE_SEARCHED;
  *score = search (s, root, position_key (s, root), depth, alpha, beta, 0);
  return !s->stop;
}

/* One iteration of the root to `depth`: an aspiration window around the
 * last iteration's score, opened on failure. */
static bool
iterate (KzSearcher *s, const KzPosition *root, int depth, int last, int *score)
{
  if (depth >= 4 && !kz_score_is_final (last))
    {
      int alpha = last - 60, beta = last + 60;
      if (!root_search (s, root, depth, alpha, beta, score))
        return false;
      if (*score > alpha && *score < beta)
        return true;
    }
  return root_search (s, root, depth, -KZ_SCORE_INF, KZ_SCORE_INF, score);
}

/* Helpers (a "lazy" parallel search): each deepens on the root by itself
 * in a thread of its own, two turns at a time, and all share the table,
 * so that what one has searched the others read instead of searching it
 * again. The first helper takes the odd depths, which the main search
 * leaves to it beyond the first few, the second the even ones beside the
 * main search, and so on. The deepest iteration completed by any of them
 * is the one played, and a proof ends them all. */
#define HELPERS_ALL_DEPTHS 6   /* the main search's every depth, before it leaves the odd ones */

typedef struct {
  pthread_mutex_t lock;
  int             depth;    /* the deepest iteration a helper completed; 0: none */
  Move            best;
  int             score;
  bool            exact;
  volatile int    done;     /* a helper completed the last depth or proved the value */
} HelperShare;

typedef struct {
  KzSearcher       *h;
  const KzPosition *root;
  int               first_depth;
  int               max_depth;
  HelperShare      *share;
  pthread_t         thread;
} Helper;

static void *
helper_run (void *data)
{
  Helper *hp = data;
  KzSearcher *h = hp->h;
  HelperShare *sh = hp->share;
  int last = 0;

  for (int depth = hp->first_depth; depth <= hp->max_depth; depth += 2)
    {
      uint64_t guesses0 = h->guesses;
      int score;

      if (!iterate (h, hp->root, depth, last, &score))
        break;
      last = score;
      bool exact = h->guesses == guesses0;
      pthread_mutex_lock (&sh->lock);
      if (depth > sh->depth && h->root_best != MOVE_NONE)
        {
          sh->depth = depth;
          sh->best = h->root_best;
          sh->score = score;
          sh->exact = exact;
        }
      if (exact || depth == hp->max_depth)
        __atomic_store_n (&sh->done, 1, __ATOMIC_RELAXED);
      pthread_mutex_unlock (&sh->lock);
      if (exact)
        break;
    }
  return NULL;
}

/* Starts the helpers on the search begin_search() made ready in s;
 * returns how many run. */
static int
helpers_start (KzSearcher *s, const KzPosition *root, int max_depth, HelperShare *sh, Helper *hp)
{
  int n = 0;

  if (s->n_helpers == 0)
    return 0;
  pthread_mutex_init (&sh->lock, NULL);
  sh->depth = 0;
  sh->done = 0;
  s->helpers_stop = 0;
  for (int i = 0; i < s->n_helpers; i++)
    {
      KzSearcher *h = s->helpers[i];
      Frame *frames = h->frames;

      *h = *s;
      h->frames = frames;
      h->helpers = NULL;
      h->n_helpers = 0;
      h->helper_done = NULL;
      h->w = &h->weights[root->variant];
      h->cancel = &s->helpers_stop;
      h->node_limit = 0;
      hp[n] = (Helper) { .h = h, .root = root, .first_depth = 1 + i % 2, .max_depth = max_depth, .share = sh };
      if (pthread_create (&hp[n].thread, NULL, helper_run, &hp[n]) != 0)
        break;
      n++;
    }
  if (n == 0)
    pthread_mutex_destroy (&sh->lock);
  s->helper_done = n > 0 ? &sh->done : NULL;
  return n;
}

/* Stops and joins the helpers; their nodes count as the search's. */
static void
helpers_finish (KzSearcher *s, int n, HelperShare *sh, Helper *hp)
{
  __atomic_store_n (&s->helpers_stop, 1, __ATOMIC_RELAXED);
  for (int i = 0; i < n; i++)
    {
      pthread_join (hp[i].thread, NULL);
      s->nodes += hp[i].h->nodes;
    }
  s->helper_done = NULL;
  pthread_mutex_destroy (&sh->lock);
}

/* The solver's first guess, in seeds: the best turn by the evaluation
 * after it, as a search of one turn would give it, but without the table
 * (which then stays clean for the solver). The evaluation of the root
 * itself guessed lower in Kalah and cost the solve one more test. */
static int
one_turn_guess (KzSearcher *s, const KzPosition *root)
{
  Move moves[MAX_MOVES];
  int n = generate (s, root, moves);
  int best = -KZ_SCORE_INF;

  for (int i = 0; i < n; i++)
    {
      KzPosition c;
      int v;
      make_move (s, root, moves[i], &c);
      if (c.over)
        v = final_score (kz_eval_final_margin (&c, root->to_move));
      else
        v = c.to_move == root->to_move ? kz_eval (&c, s->w) : -kz_eval (&c, s->w);
      if (v > best)
        best = v;
    }
  return kz_score_is_final (best) ? kz_score_margin (best) : kz_score_to_seeds (best);
}

/* Kalah without limits: the dedicated solver works in the searcher's
 * table, which the next search clears (begin_search), in the time left.
 * False when the cap or the cancel flag stopped it. */
static bool
kalah_solve_in_table (KzSearcher *s, const KzPosition *pos, int guess, KzKalahSolution *sol)
{
  int64_t left = s->deadline_ms - elapsed_ms (s);
  bool ok = kz_kalah_solve_endgame (pos, s->table, s->n_buckets * sizeof (TTBucket),
                                    s->table_state == TABLE_CLEAN, s->cancel,
                                    left > 0 ? (int) left : 1, guess, s->db, sol);

  /* Cleared when a search next needs it, not now. */
  s->table_state = TABLE_SOLVED;
  s->nodes += sol->nodes;
  if (!ok)
    s->cancelled = s->cancel != NULL && *s->cancel;
  return ok;
}

/* A proof from the Kalah solver as the search's result: exact. */
static void
take_solution (KzSearcher *s, const KzKalahSolution *sol, KzSearchResult *r)
{
  r->best = sol->pv[0];
  memcpy (r->pv, sol->pv, sizeof sol->pv);
  r->pv_len = sol->pv_len;
  r->depth = sol->pv_len;
  r->score = final_score (sol->value);
  r->exact = true;
  r->nodes = s->nodes;
  r->time_ms = (int) elapsed_ms (s);
}

/* Kalah without limits: the root solved outright. False when it was
 * cancelled. */
static bool
solve_kalah (KzSearcher *s, const KzPosition *root, int guess, KzSearchResult *r)
{
  KzKalahSolution sol;

  if (!kalah_solve_in_table (s, root, guess, &sol))
    return false;
  take_solution (s, &sol, r);
  return true;
}

/* Kalah under a time limit: from the first turns on, the solver proves
 * most positions in a fraction of the time iterative deepening takes to
 * prove them (40 seeds on the board, 20-seed database: 20–220 ms against
 * more than a second), and a proof plays the exact best move. It gets a
 * share of the time, in a table of its own; when it does not finish, the
 * search deepens in the time left as before. Easy and Normal do not use
 * it: they are meant to err. Only where the board holds few enough seeds
 * for the solver to have a chance: a few more than the database holds. */
#define QUICK_SOLVE_SHARE       40   /* per cent of the move's time */
#define QUICK_SOLVE_ABOVE_DB    22   /* seeds on the board beyond the database's */

static bool
quick_solve (KzSearcher *s, const KzPosition *root, const KzSearchLimits *limits, KzSearchResult *r)
{
  int on_board = s->total - root->stores[0] - root->stores[1];
  KzKalahSolution sol;

  if (root->variant != KZ_VARIANT_KALAH || limits->time_ms <= 0 || limits->depth > 0 || limits->nodes > 0
      || (limits->level != KZ_LEVEL_NONE && limits->level != KZ_LEVEL_HARD)
      || on_board > s->db_seeds + QUICK_SOLVE_ABOVE_DB)
    return false;
  if (s->quick_table == NULL && (s->quick_table = table_alloc (QUICK_TABLE_BYTES)) == NULL)
    return false;
  bool ok = kz_kalah_solve_endgame (root, s->quick_table, QUICK_TABLE_BYTES, false, s->cancel,
                                    limits->time_ms * QUICK_SOLVE_SHARE / 100 + 1,
                                    one_turn_guess (s, root), s->db, &sol);
  s->nodes += sol.nodes;
  if (!ok)
    return false;
  take_solution (s, &sol, r);
  r->threads = 1;
  return true;
}

/* Makes the searcher ready for a search of the match's position with
 * the limits (a level's limits filled in): the clock, the cap, the rules
 * and the match's history. True when nothing limits the search. */
static bool
begin_search (KzSearcher *s, const KzMatch *match, KzSearchLimits *limits_io, volatile int *cancel)
{
  const KzPosition *root = &match->pos;
  KzSearchLimits limits = *limits_io;
  bool solve_mode;

  if (limits.level > KZ_LEVEL_NONE && limits.level < KZ_N_LEVELS)
    {
      KzSearchLimits lv = limits;
      kz_search_limits_for_level (&lv, (KzLevel) limits.level, limits.time_ms);
      if (level_depth (s->variant, (KzLevel) limits.level) > 0)
        lv.depth = level_depth (s->variant, (KzLevel) limits.level);
      if (limits.depth == 0)
        limits.depth = lv.depth;
      limits.time_ms = lv.time_ms;
    }
  solve_mode = limits.depth == 0 && limits.time_ms == 0 && limits.nodes == 0;

  /* The solver's entries are not the search's: the table is cleared
   * once they are no longer wanted, here. */
  if (s->table_state == TABLE_SOLVED)
    kz_searcher_clear (s);
  s->w = &s->weights[root->variant];
  s->db = s->endgames[root->variant];
  s->repetition = s->variant->has_repetition;
  /* Below the game's table_min_depth a node neither reads the table nor
   * writes to it (but for a proof): near the horizon, where most nodes
   * are, a search costs less than a read of memory beyond the caches
   * (docs/computer-opponent.md, Search). */
  s->table_min = s->variant->table_min_depth > 1 ? s->variant->table_min_depth : 1;
  s->bounds = kz_eval_final_bounds (root, &(int) { 0 }, &(int) { 0 });
  s->nodes = 0;
  s->total = kz_position_total (root);
  s->db_seeds = s->db != NULL ? kz_endgame_max_seeds (s->db) : -1;
  s->node_limit = limits.nodes;
  s->taint = 0;
  s->guesses = 0;
  s->cancel = cancel;
  s->stop = false;
  s->cancelled = false;
  s->delay = true;
  s->age++;
  clock_gettime (CLOCK_MONOTONIC, &s->start);
  /* Every search answers within a cap: its time limit, or a generous one
   * for a search limited by depth or nodes alone, or none at all. Solving
   * Kalah outright gets longer. */
  s->deadline_ms = limits.time_ms;
  if (s->deadline_ms == 0)
    s->deadline_ms = solve_mode && root->variant == KZ_VARIANT_KALAH ? KZ_SEARCH_KALAH_SOLVE_TIME_MS
                                                                     : solve_time_ms;
  load_history (s, match);
  *limits_io = limits;
  return solve_mode;
}

/* The opening book's line of one of its moves, as far as it goes. */
static void
book_line (const KzBookMove *m, KzAction *pv, int *pv_len)
{
  *pv_len = m->pv_len;
  for (int i = 0; i < m->pv_len; i++)
    pv[i] = m->pv[i];
}

bool
kz_search (KzSearcher           *s,
           const KzMatch        *match,
           const KzSearchLimits *limits_in,
           volatile int         *cancel,
           KzSearchResult       *r)
{
  const KzPosition *root = &match->pos;
  KzSearchLimits limits = *limits_in;
  Move moves[MAX_MOVES];
  Move best = MOVE_NONE;
  int best_score = 0;
  bool solve_mode;
  HelperShare share;
  Helper helper[KZ_SEARCH_MAX_THREADS - 1];
  int n_helpers = 0;

  memset (r, 0, sizeof *r);
  r->best = KZ_ACTION_NONE;
  r->threads = 1;
  s->variant = kz_position_variant (root);
  if (s->variant == NULL || root->over)
    return false;
  int n = generate (s, root, moves);
  if (n == 0)
    return false;

  /* Hard (and the hints, which are Hard's) plays the book's best move
   * where it has one: proven, and found at once. */
  const KzBookEntry *book = limits.level == KZ_LEVEL_HARD || limits.book ? kz_book_probe (root) : NULL;
  if (book != NULL)
    {
      r->best = book->moves[0].action;
      r->score = final_score (book->moves[0].margin);
      r->exact = true;
      book_line (&book->moves[0], r->pv, &r->pv_len);
      r->depth = r->pv_len;
      return true;
    }

  solve_mode = begin_search (s, match, &limits, cancel);
  if (!solve_mode && quick_solve (s, root, &limits, r))
    return true;

  best = moves[0];
  int max_depth = limits.depth > 0 ? limits.depth : DEPTH_SOLVE;
  if (max_depth > DEPTH_SOLVE)
    max_depth = DEPTH_SOLVE;

  /* Kalah solved outright (below) is one thread's work. */
  if (!(solve_mode && root->variant == KZ_VARIANT_KALAH))
    n_helpers = helpers_start (s, root, max_depth, &share, helper);

  for (int depth = 1; depth <= max_depth; depth++)
    {
      uint64_t guesses0 = s->guesses;
      int score;
      bool done;

      /* Without limits, Kalah is solved outright by null-window tests on
       * the margin, starting from a guess of one turn, before any
       * search has written to the table (a fresh table is then not
       * cleared first: a plain iteration for the guess used to make it
       * clear a gigabyte). Stopped by its cap, one plain iteration still
       * gives a move. The other games go on deepening until the value is
       * proven or the cap. */
      if (solve_mode && depth == 1 && root->variant == KZ_VARIANT_KALAH)
        {
          if (solve_kalah (s, root, one_turn_guess (s, root), r))
            return true;
          if (s->cancelled)
            break;
          kz_searcher_clear (s);
          max_depth = 1;
        }

      /* With helpers, the main search leaves the odd depths beyond the
       * first few to the first helper (but for the last). */
      if (n_helpers > 0 && depth > HELPERS_ALL_DEPTHS && depth % 2 == 1 && depth != max_depth)
        continue;
      done = iterate (s, root, depth, best_score, &score);
      if (!done)
        {
          /* A stopped iteration still improves on the last one if it
           * proved a move better than the old best. */
          if (s->root_best != MOVE_NONE && s->root_best != best && s->root_best_score > best_score)
            best = s->root_best;
          break;
        }
      if (s->root_best != MOVE_NONE)
        best = s->root_best;
      best_score = score;
      r->depth = depth;
      if (s->guesses == guesses0)
        {
          /* No evaluation anywhere: the value is the game's. */
          r->exact = true;
          break;
        }
      if (s->stop)
        break;
    }

  if (n_helpers > 0)
    {
      helpers_finish (s, n_helpers, &share, helper);
      /* A proof is taken over any other iteration, and a deeper one
       * over a shallower, unless this search proved its own. */
      if (share.depth > 0 && !r->exact && (share.exact || share.depth > r->depth))
        {
          best = share.best;
          best_score = share.score;
          r->depth = share.depth;
          r->exact = share.exact;
        }
    }

  if (limits.level == KZ_LEVEL_EASY)
    best = easy_choice (s, root, best, limits.seed);

  r->best = MOVE_MARK (best) >= 0 ? KZ_ACTION_MARK (MOVE_MARK (best)) : MOVE_SOW (best);
  extract_pv (s, root, best, r);
  r->score = best_score;
  r->nodes = s->nodes;
  r->time_ms = (int) elapsed_ms (s);
  r->cancelled = s->cancelled;
  r->threads = 1 + n_helpers;
  return true;
}

/* Analysis: every root turn searched with a full window, so that each
 * gets its own value, not just a bound. */

typedef struct {
  Move     move;
  int      score;
  int      depth;
  bool     exact;
  KzAction pv[KZ_SEARCH_MAX_PV];
  int      pv_len;
} RootValue;

static void
set_root_line (KzSearcher *s, const KzPosition *root, RootValue *rv)
{
  KzSearchResult line;
  extract_pv (s, root, rv->move, &line);
  memcpy (rv->pv, line.pv, sizeof line.pv);
  rv->pv_len = line.pv_len;
}

/* Kalah without limits: each turn's child is solved outright. False when
 * the cap or the cancel flag stopped it. */
static bool
solve_kalah_children (KzSearcher *s, const KzPosition *root, RootValue *values, int n)
{
  for (int i = 0; i < n; i++)
    {
      RootValue *rv = &values[i];
      KzPosition child;
      KzKalahSolution sol;

      if (rv->exact)
        continue;
      make_move (s, root, rv->move, &child);
      int guess = kz_score_to_seeds (child.to_move == root->to_move ? rv->score : -rv->score);
      if (!kalah_solve_in_table (s, &child, guess, &sol))
        return false;
      rv->score = final_score (child.to_move == root->to_move ? sol.value : -sol.value);
      rv->exact = true;
      rv->pv[0] = MOVE_SOW (rv->move);
      rv->pv_len = 1;
      for (int j = 0; j < sol.pv_len && rv->pv_len < KZ_SEARCH_MAX_PV; j++)
        rv->pv[rv->pv_len++] = sol.pv[j];
      rv->depth = rv->pv_len;
    }
  return true;
}

/* Gathers the root turns into the legal actions they start with, best
 * first. */
static void
fill_analysis (KzSearcher *s, const KzPosition *root, const RootValue *values, int n, KzAnalysis *an)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n_actions = s->variant->legal (root, actions);

  an->n_moves = 0;
  for (int a = 0; a < n_actions; a++)
    {
      KzMoveValue mv = { .action = actions[a], .exact = true };
      const RootValue *best = NULL;
      for (int i = 0; i < n; i++)
        {
          const RootValue *rv = &values[i];
          bool ours = KZ_ACTION_IS_MARK (actions[a]) ? MOVE_MARK (rv->move) == KZ_ACTION_MARK_CUP (actions[a])
                                                     : rv->move == MOVE_MAKE (actions[a], -1);
          if (!ours)
            continue;
          if (best == NULL || rv->score > best->score)
            best = rv;
          mv.exact = mv.exact && rv->exact;
          if (mv.depth == 0 || rv->depth < mv.depth)
            mv.depth = rv->depth;
        }
      if (best == NULL)
        continue;
      mv.score = best->score;
      memcpy (mv.pv, best->pv, sizeof mv.pv);
      mv.pv_len = best->pv_len;

      /* Insert after every move at least as good: ties keep the legal order. */
      int at = an->n_moves;
      while (at > 0 && an->moves[at - 1].score < mv.score)
        {
          an->moves[at] = an->moves[at - 1];
          at--;
        }
      an->moves[at] = mv;
      an->n_moves++;
    }
  an->nodes = s->nodes;
  an->time_ms = (int) elapsed_ms (s);
  an->cancelled = s->cancelled;
}

bool
kz_search_analyse (KzSearcher           *s,
                   const KzMatch        *match,
                   const KzSearchLimits *limits_in,
                   volatile int         *cancel,
                   KzAnalysisFunc        progress,
                   void                 *user_data,
                   KzAnalysis           *an)
{
  const KzPosition *root = &match->pos;
  KzSearchLimits limits = { .depth = limits_in->depth, .time_ms = limits_in->time_ms, .nodes = limits_in->nodes };
  Move moves[MAX_MOVES];
  RootValue *values, *next;
  bool solve_mode;
  int n;

  memset (an, 0, sizeof *an);
  s->variant = kz_position_variant (root);
  if (s->variant == NULL || root->over)
    return false;
  n = generate (s, root, moves);
  if (n == 0)
    return false;

  const KzBookEntry *book = limits_in->level == KZ_LEVEL_HARD ? kz_book_probe (root) : NULL;
  if (book != NULL)
    {
      for (int i = 0; i < book->n_moves; i++)
        {
          KzMoveValue *mv = &an->moves[i];
          mv->action = book->moves[i].action;
          mv->score = final_score (book->moves[i].margin);
          mv->exact = true;
          book_line (&book->moves[i], mv->pv, &mv->pv_len);
          mv->depth = mv->pv_len;
        }
      an->n_moves = book->n_moves;
      an->depth = an->moves[0].depth;
      for (int i = 1; i < an->n_moves; i++)
        if (an->moves[i].depth < an->depth)
          an->depth = an->moves[i].depth;
      if (progress != NULL)
        progress (an, user_data);
      return true;
    }
  /* values: the last completed iteration's; next: the one under way. */
  values = calloc ((size_t) n * 2, sizeof *values);
  if (values == NULL)
    return false;
  next = values + n;
  for (int i = 0; i < n; i++)
    values[i].move = moves[i];

  solve_mode = begin_search (s, match, &limits, cancel);
  s->table_state = TABLE_SEARCHED;
  s->path[0] = position_key (s, root);
  int max_depth = limits.depth > 0 && limits.depth < DEPTH_SOLVE ? limits.depth : DEPTH_SOLVE;

  for (int depth = 1; depth <= max_depth && !s->stop; depth++)
    {
      bool all_exact = true;

      if (solve_mode && depth > 1 && root->variant == KZ_VARIANT_KALAH)
        {
          if (solve_kalah_children (s, root, values, n))
            an->depth = depth;
          break;
        }

      memcpy (next, values, (size_t) n * sizeof *values);
      for (int i = 0; i < n && !s->stop; i++)
        {
          RootValue *rv = &next[i];
          KzPosition child;
          uint64_t guesses0 = s->guesses;
          int v;

          if (rv->exact)
            continue;
          make_move (s, root, rv->move, &child);
          v = search_child (s, root, &child, position_key (s, &child), depth, -KZ_SCORE_INF, KZ_SCORE_INF, 0);
          if (s->stop)
            break;
          rv->score = v;
          rv->depth = depth;
          rv->exact = child.over || s->guesses == guesses0;
          set_root_line (s, root, rv);
          all_exact = all_exact && rv->exact;
        }
      if (s->stop)
        {
          /* An iteration stopped partway leaks none of its values: the
           * moves it reached would be compared, one depth deeper, with
           * those it did not. A value it proved is the game's own and
           * holds at any depth. */
          for (int i = 0; i < n; i++)
            if (next[i].exact && !values[i].exact)
              values[i] = next[i];
          break;
        }
      memcpy (values, next, (size_t) n * sizeof *values);
      an->depth = depth;
      if (progress != NULL)
        {
          fill_analysis (s, root, values, n, an);
          progress (an, user_data);
        }
      if (all_exact)
        break;
    }

  fill_analysis (s, root, values, n, an);
  free (values);
  return true;
}
