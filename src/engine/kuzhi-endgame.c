/* kuzhi-endgame.c — the Kalah endgame database: ranking, building layer by layer, the file's header, and look-ups. */
#include "kuzhi-endgame.h"
#include "kuzhi-kalah-pits-private.h"
#include "kuzhi-search.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNSET       (-128)        /* a value not worked out yet */
#define MAX_N       (KZ_ENDGAME_MAX_SEEDS + KZ_ENDGAME_PITS)
#define CHECK_EVERY 0xffff        /* positions between progress reports */

static const uint8_t magic[8] = { 'K', 'U', 'Z', 'H', 'I', 'E', 'G', 'D' };

/* C(n, r) for n ≤ N + 12 and r ≤ 12, made once. */
static uint64_t binom[MAX_N + 1][KZ_ENDGAME_PITS + 1];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void
binom_init (void)
{
  for (int n = 0; n <= MAX_N; n++)
    {
      binom[n][0] = 1;
      for (int r = 1; r <= KZ_ENDGAME_PITS; r++)
        binom[n][r] = n == 0 ? 0 : binom[n - 1][r - 1] + binom[n - 1][r];
    }
}

uint64_t
kz_endgame_entries (int max_seeds)
{
  if (max_seeds < 0 || max_seeds > KZ_ENDGAME_MAX_SEEDS)
    return 0;
  pthread_once (&binom_once, binom_init);
  return binom[max_seeds + KZ_ENDGAME_PITS][KZ_ENDGAME_PITS];
}

/* Without the once-check: the builder's and the search's inner loop. */
static inline uint64_t
rank_of (const uint8_t *p)
{
  uint64_t r = 0;
  int sum = 0;

  for (int j = 0; j < KZ_ENDGAME_PITS - 1; j++)
    {
      sum += p[j];
      r += binom[sum + j][j + 1];
    }
  sum += p[KZ_ENDGAME_PITS - 1];
  return r + binom[sum + KZ_ENDGAME_PITS - 1][KZ_ENDGAME_PITS];
}

uint64_t
kz_endgame_rank (const uint8_t *pits)
{
  pthread_once (&binom_once, binom_init);
  return rank_of (pits);
}

void
kz_endgame_unrank (uint64_t index, uint8_t *pits)
{
  int s[KZ_ENDGAME_PITS];
  int m = KZ_ENDGAME_PITS - 1;

  pthread_once (&binom_once, binom_init);
  /* The largest element first, then each below the one above it. */
  while (m < MAX_N && binom[m + 1][KZ_ENDGAME_PITS] <= index)
    m++;
  s[KZ_ENDGAME_PITS - 1] = m;
  index -= binom[m][KZ_ENDGAME_PITS];
  for (int j = KZ_ENDGAME_PITS - 2; j >= 0; j--)
    {
      m = s[j + 1] - 1;
      while (binom[m][j + 1] > index)
        m--;
      s[j] = m;
      index -= binom[m][j + 1];
    }
  pits[0] = (uint8_t) s[0];
  for (int j = 1; j < KZ_ENDGAME_PITS; j++)
    pits[j] = (uint8_t) (s[j] - s[j - 1] - 1);
}

/* Building */

typedef struct {
  int8_t                *values;
  uint64_t               done;
  uint64_t               total;
  KzEndgameProgressFunc  progress;
  void                  *user_data;
  volatile int          *cancel;
  bool                   stop;
} Builder;

/* V of `b`, worked out from its children where not known yet. A child
 * has fewer seeds (one banked or captured, all known already) or as many,
 * all still on the mover's row, each nearer the store: the sum over the
 * seeds of their distance to their own store falls with every such move,
 * so the recursion within a layer always ends. */
static int
value_at (Builder *bd, const KzPitsBoard *b)
{
  uint64_t index = rank_of (b->c);
  int v = bd->values[index];

  if (v != UNSET)
    return v;

  int own = kz_pits_row_sum (b->c), other = kz_pits_row_sum (b->c + KZ_PITS_ROW);
  if (own == 0 || other == 0)
    /* Over (never searched: the game ends at once), kept as the sweep. */
    v = own - other;
  else
    {
      v = -128;
      for (int pit = 0; pit < KZ_PITS_ROW; pit++)
        {
          KzPitsChild ch;
          int x;

          if (b->c[pit] == 0)
            continue;
          kz_pits_play (b, pit, &ch);
          if (ch.final)
            x = ch.value;
          else if (ch.again)
            x = ch.gain + value_at (bd, &ch.c);
          else
            x = ch.gain - value_at (bd, &ch.c);
          if (x > v)
            v = x;
        }
    }
  bd->values[index] = (int8_t) v;
  return v;
}

/* Every distribution of `left` seeds over pits `pit` … 11. */
static void
layer (Builder *bd, KzPitsBoard *b, int pit, int left)
{
  if (bd->stop)
    return;
  if (pit == KZ_ENDGAME_PITS - 1)
    {
      b->c[pit] = (uint8_t) left;
      value_at (bd, b);
      if ((++bd->done & CHECK_EVERY) == 0)
        {
          if (bd->cancel != NULL && *bd->cancel)
            bd->stop = true;
          else if (bd->progress != NULL)
            bd->progress ((double) bd->done / (double) bd->total, bd->user_data);
        }
      return;
    }
  for (int v = 0; v <= left && !bd->stop; v++)
    {
      b->c[pit] = (uint8_t) v;
      layer (bd, b, pit + 1, left - v);
    }
}

bool
kz_endgame_compute (int8_t                *values,
                    int                    max_seeds,
                    KzEndgameProgressFunc  progress,
                    void                  *user_data,
                    volatile int          *cancel)
{
  Builder bd = {
    .values = values,
    .total = kz_endgame_entries (max_seeds),
    .progress = progress,
    .user_data = user_data,
    .cancel = cancel,
  };

  if (bd.total == 0)
    return false;
  memset (values, UNSET & 0xff, bd.total);
  for (int k = 0; k <= max_seeds && !bd.stop; k++)
    {
      KzPitsBoard b = { { 0 } };
      layer (&bd, &b, 0, k);
    }
  if (!bd.stop && progress != NULL)
    progress (1.0, user_data);
  return !bd.stop;
}

/* The file's header */

uint64_t
kz_endgame_checksum (const void *data, size_t len)
{
  const uint8_t *p = data;
  uint64_t h = 0xcbf29ce484222325ULL;

  for (size_t i = 0; i < len; i++)
    {
      h ^= p[i];
      h *= 0x100000001b3ULL;
    }
  return h;
}

static void
put_u32 (uint8_t *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static void
put_u64 (uint8_t *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t) (v >> (8 * i));
}

static uint32_t
get_u32 (const uint8_t *p)
{
  uint32_t v = 0;
  for (int i = 3; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

static uint64_t
get_u64 (const uint8_t *p)
{
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

void
kz_endgame_header_write (uint8_t *h, int max_seeds, uint64_t checksum)
{
  memset (h, 0, KZ_ENDGAME_HEADER_BYTES);
  memcpy (h, magic, sizeof magic);
  put_u32 (h + 8, KZ_ENDGAME_FORMAT);
  put_u32 (h + 12, KZ_VARIANT_KALAH);
  put_u32 (h + 16, KZ_ENDGAME_KALAH_RULES);
  put_u32 (h + 20, (uint32_t) max_seeds);
  put_u64 (h + 24, kz_endgame_entries (max_seeds));
  put_u64 (h + 32, checksum);
  put_u32 (h + 40, KZ_ENDGAME_HEADER_BYTES);
}

#define FAIL(...) \
  do { if (error != NULL) snprintf (error, error_len, __VA_ARGS__); return false; } while (0)

bool
kz_endgame_check (const uint8_t *data, size_t len, int *max_seeds, char *error, size_t error_len)
{
  if (len < KZ_ENDGAME_HEADER_BYTES)
    FAIL ("too short for the header (%zu bytes)", len);
  if (memcmp (data, magic, sizeof magic) != 0)
    FAIL ("not an endgame database (wrong magic)");
  if (get_u32 (data + 8) != KZ_ENDGAME_FORMAT)
    FAIL ("format version %u, not %d", get_u32 (data + 8), KZ_ENDGAME_FORMAT);
  if (get_u32 (data + 12) != KZ_VARIANT_KALAH)
    FAIL ("made for another game (%u)", get_u32 (data + 12));
  if (get_u32 (data + 16) != KZ_ENDGAME_KALAH_RULES)
    FAIL ("made under rules version %u, not %d", get_u32 (data + 16), KZ_ENDGAME_KALAH_RULES);
  if (get_u32 (data + 40) != KZ_ENDGAME_HEADER_BYTES)
    FAIL ("header of %u bytes, not %d", get_u32 (data + 40), KZ_ENDGAME_HEADER_BYTES);
  for (int i = 44; i < KZ_ENDGAME_HEADER_BYTES; i++)
    if (data[i] != 0)
      FAIL ("unknown header fields set");

  uint32_t n = get_u32 (data + 20);
  uint64_t entries = kz_endgame_entries (n <= KZ_ENDGAME_MAX_SEEDS ? (int) n : -1);
  if (entries == 0)
    FAIL ("%u seeds is more than %d", n, KZ_ENDGAME_MAX_SEEDS);
  if (get_u64 (data + 24) != entries)
    FAIL ("%llu entries where %u seeds make %llu",
          (unsigned long long) get_u64 (data + 24), n, (unsigned long long) entries);
  if (len - KZ_ENDGAME_HEADER_BYTES != entries)
    FAIL ("%zu bytes of entries where the header says %llu",
          len - KZ_ENDGAME_HEADER_BYTES, (unsigned long long) entries);
  if (kz_endgame_checksum (data + KZ_ENDGAME_HEADER_BYTES, entries) != get_u64 (data + 32))
    FAIL ("checksum mismatch: the entries are damaged");

  /* Each value lies within the seeds of its position: a cheap last check
   * that the payload is what the header says, layer by layer. */
  const int8_t *values = (const int8_t *) (data + KZ_ENDGAME_HEADER_BYTES);
  for (uint32_t k = 0; k <= n; k++)
    {
      uint64_t from = binom[k + KZ_ENDGAME_PITS - 1][KZ_ENDGAME_PITS];
      uint64_t to = binom[k + KZ_ENDGAME_PITS][KZ_ENDGAME_PITS];
      for (uint64_t i = from; i < to; i++)
        if (values[i] < -(int) k || values[i] > (int) k)
          FAIL ("value %d out of range at entry %llu", values[i], (unsigned long long) i);
    }
  if (max_seeds != NULL)
    *max_seeds = (int) n;
  return true;
}

/* Look-ups */

struct _KzEndgame {
  const int8_t *values;
  int           max_seeds;
};

KzEndgame *
kz_endgame_new (const int8_t *values, int max_seeds)
{
  KzEndgame *eg;

  if (values == NULL || kz_endgame_entries (max_seeds) == 0)
    return NULL;
  eg = calloc (1, sizeof *eg);
  if (eg == NULL)
    return NULL;
  eg->values = values;
  eg->max_seeds = max_seeds;
  return eg;
}

void
kz_endgame_free (KzEndgame *endgame)
{
  free (endgame);
}

int
kz_endgame_max_seeds (const KzEndgame *endgame)
{
  return endgame != NULL ? endgame->max_seeds : -1;
}

const int8_t *
kz_endgame_values (const KzEndgame *endgame)
{
  return endgame != NULL ? endgame->values : NULL;
}

int
kz_endgame_pits_value (const KzEndgame *endgame, const uint8_t *pits)
{
  return endgame->values[rank_of (pits)];
}

bool
kz_endgame_probe (const KzEndgame *endgame, const KzPosition *pos, int *margin)
{
  uint8_t pits[KZ_ENDGAME_PITS];
  int me = pos->to_move, seeds = 0;

  if (endgame == NULL || pos->variant != KZ_VARIANT_KALAH || pos->over)
    return false;
  for (int i = 0; i < KZ_PITS_ROW; i++)
    {
      pits[i] = pos->pits[me * KZ_PITS_ROW + i];
      pits[KZ_PITS_ROW + i] = pos->pits[!me * KZ_PITS_ROW + i];
      seeds += pits[i] + pits[KZ_PITS_ROW + i];
    }
  if (seeds > endgame->max_seeds)
    return false;
  *margin = pos->stores[me] - pos->stores[!me] + endgame->values[rank_of (pits)];
  return true;
}

bool
kz_endgame_best (const KzEndgame *endgame, const KzPosition *pos, KzAction *action, int *margin)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  int best = -1000, m;
  int n;

  if (!kz_endgame_probe (endgame, pos, &m))
    return false;
  *action = KZ_ACTION_NONE;
  n = v->legal (pos, actions);
  for (int i = 0; i < n; i++)
    {
      KzPosition c = *pos;
      int x;

      v->apply (&c, actions[i], NULL);
      if (c.over)
        x = kz_eval_final_margin (&c, pos->to_move);
      else if (kz_endgame_probe (endgame, &c, &x))
        x = c.to_move == pos->to_move ? x : -x;
      else
        return false;
      if (x > best)
        {
          best = x;
          *action = actions[i];
        }
    }
  *margin = best;
  return *action != KZ_ACTION_NONE;
}
