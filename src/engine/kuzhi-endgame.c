/* kuzhi-endgame.c — the endgame databases: ranking, Kalah's and Mangala's built layer by layer, the table of the games that have one, the file's header, and look-ups. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-endgame-private.h"
#include "kuzhi-kalah-pits-private.h"
#include "kuzhi-search.h"
#include "kuzhi-variant-private.h"

#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNSET       (-128)        /* a value not worked out yet */
#define CHECK_EVERY 0xffff        /* positions between progress reports */

static const uint8_t magic[8] = { 'K', 'U', 'Z', 'H', 'I', 'E', 'G', 'D' };

uint64_t kz_endgame_binom[KZ_ENDGAME_MAX_N + 1][KZ_ENDGAME_PITS + 1];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void
binom_init (void)
{
  for (int n = 0; n <= KZ_ENDGAME_MAX_N; n++)
    {
      kz_endgame_binom[n][0] = 1;
      for (int r = 1; r <= KZ_ENDGAME_PITS; r++)
        kz_endgame_binom[n][r] = n == 0 ? 0 : kz_endgame_binom[n - 1][r - 1] + kz_endgame_binom[n - 1][r];
    }
}

uint64_t
kz_endgame_entries (int max_seeds)
{
  if (max_seeds < 0 || max_seeds > KZ_ENDGAME_MAX_SEEDS)
    return 0;
  pthread_once (&binom_once, binom_init);
  return kz_endgame_binom[max_seeds + KZ_ENDGAME_PITS][KZ_ENDGAME_PITS];
}


uint64_t
kz_endgame_rank (const uint8_t *pits)
{
  pthread_once (&binom_once, binom_init);
  return kz_endgame_rank_fast (pits);
}

void
kz_endgame_unrank (uint64_t index, uint8_t *pits)
{
  int s[KZ_ENDGAME_PITS];
  int m = KZ_ENDGAME_PITS - 1;

  pthread_once (&binom_once, binom_init);
  /* The largest element first, then each below the one above it. */
  while (m < KZ_ENDGAME_MAX_N && kz_endgame_binom[m + 1][KZ_ENDGAME_PITS] <= index)
    m++;
  s[KZ_ENDGAME_PITS - 1] = m;
  index -= kz_endgame_binom[m][KZ_ENDGAME_PITS];
  for (int j = KZ_ENDGAME_PITS - 2; j >= 0; j--)
    {
      m = s[j + 1] - 1;
      while (kz_endgame_binom[m][j + 1] > index)
        m--;
      s[j] = m;
      index -= kz_endgame_binom[m][j + 1];
    }
  pits[0] = (uint8_t) s[0];
  for (int j = 1; j < KZ_ENDGAME_PITS; j++)
    pits[j] = (uint8_t) (s[j] - s[j - 1] - 1);
}

/* Progress and cancel */

bool
kz_endgame_build_step (KzEndgameBuild *build)
{
  if ((++build->done & CHECK_EVERY) == 0)
    {
      if (build->cancel != NULL && __atomic_load_n (build->cancel, __ATOMIC_RELAXED))
        build->stop = true;
      else if (build->progress != NULL)
        build->progress ((double) build->done / (double) build->total, build->user_data);
    }
  return !build->stop;
}

/* Kalah and Mangala: one signed byte per distribution, built by a
 * memoised recursion within each layer */

typedef void (*PlayFunc) (const KzPitsBoard *b, int pit, KzPitsChild *ch);

typedef struct {
  int8_t         *values;
  PlayFunc        play;
  KzEndgameBuild *build;
} Builder;

#define IN_PROGRESS (-127)        /* on the recursion's path: never met again */

/* V of `b`, worked out from its children where not known yet. A child
 * has fewer seeds (one banked or captured, all known already) or as many,
 * all still on the mover's row, each nearer the store: in both games the
 * seeds of a move that neither banks nor captures stay on the mover's
 * row, so the sum over the seeds of their distance to their own store
 * falls with every such move and the recursion within a layer ends. */
static int
value_at (Builder *bd, const KzPitsBoard *b)
{
  uint64_t index = kz_endgame_rank_fast (b->c);
  int v = bd->values[index];

  if (v != UNSET)
    {
      assert (v != IN_PROGRESS);
      return v;
    }
  bd->values[index] = IN_PROGRESS;

  int own = kz_pits_row_sum (b->c), other = kz_pits_row_sum (b->c + KZ_PITS_ROW);
  if (own == 0 || other == 0)
    /* Over (never searched: the game ends at once), kept as each row to
     * its owner. */
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
          bd->play (b, pit, &ch);
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
  if (bd->build->stop)
    return;
  if (pit == KZ_ENDGAME_PITS - 1)
    {
      b->c[pit] = (uint8_t) left;
      value_at (bd, b);
      kz_endgame_build_step (bd->build);
      return;
    }
  for (int v = 0; v <= left && !bd->build->stop; v++)
    {
      b->c[pit] = (uint8_t) v;
      layer (bd, b, pit + 1, left - v);
    }
}

static bool
pits_compute (uint8_t *values, int max_seeds, PlayFunc play, KzEndgameBuild *build)
{
  Builder bd = { .values = (int8_t *) values, .play = play, .build = build };

  memset (values, UNSET & 0xff, kz_endgame_entries (max_seeds));
  for (int k = 0; k <= max_seeds && !build->stop; k++)
    {
      KzPitsBoard b = { { 0 } };
      layer (&bd, &b, 0, k);
    }
  return !build->stop;
}

static uint64_t
pits_size (int max_seeds)
{
  return kz_endgame_entries (max_seeds);
}

bool
kz_endgame_check_layers (const uint8_t *data, int max_seeds, int per_rank, char *error, size_t error_len)
{
  const int8_t *values = (const int8_t *) data;

  for (int k = 0; k <= max_seeds; k++)
    {
      uint64_t from = kz_endgame_binom[k + KZ_ENDGAME_PITS - 1][KZ_ENDGAME_PITS] * (uint64_t) per_rank;
      uint64_t to = kz_endgame_binom[k + KZ_ENDGAME_PITS][KZ_ENDGAME_PITS] * (uint64_t) per_rank;
      for (uint64_t i = from; i < to; i++)
        if (values[i] < -k || values[i] > k)
          {
            if (error != NULL)
              snprintf (error, error_len, "value %d out of range at entry %llu", values[i], (unsigned long long) i);
            return false;
          }
    }
  return true;
}

static bool
pits_check (const uint8_t *data, int max_seeds, char *error, size_t error_len)
{
  return kz_endgame_check_layers (data, max_seeds, 1, error, error_len);
}

static bool
pits_probe (const KzEndgame *endgame, const KzPosition *pos, int *margin)
{
  uint8_t pits[KZ_ENDGAME_PITS];
  int me = pos->to_move;

  if (kz_endgame_mover_frame (pos, pits) > endgame->max_seeds)
    return false;
  *margin = pos->stores[me] - pos->stores[!me] + ((const int8_t *) endgame->values)[kz_endgame_rank_fast (pits)];
  return true;
}

static bool
kalah_compute (uint8_t *values, int max_seeds, KzEndgameBuild *build)
{
  return pits_compute (values, max_seeds, kz_pits_play, build);
}

static const KzEndgameGame kalah_game = {
  .game = KZ_VARIANT_KALAH,
  .rules = KZ_ENDGAME_KALAH_RULES,
  .max_seeds = KZ_ENDGAME_MAX_SEEDS,
  .default_seeds = 16,
  .size = pits_size,
  .positions = pits_size,
  .compute = kalah_compute,
  .check = pits_check,
  .probe = pits_probe,
};

/* Mangala's move in the pits-only frame, played by the game's own
 * apply() on a position whose stores start empty, so that the rules are
 * written once: what the stores hold afterwards is what the move banked,
 * or, when it ended the game, its final margin. */
static void
mangala_play (const KzPitsBoard *b, int pit, KzPitsChild *ch)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_MANGALA);
  KzPosition pos;

  kz_position_start (&pos, KZ_VARIANT_MANGALA, KZ_PITS_N, 4);
  memcpy (pos.pits, b->c, KZ_PITS_N);
  v->apply (&pos, (KzAction) pit, NULL);

  ch->pit = pit;
  ch->final = pos.over;
  ch->value = pos.stores[0] - pos.stores[1];
  ch->gain = pos.stores[0];
  ch->again = !pos.over && pos.to_move == 0;
  ch->seeds = 0;
  memset (ch->c.c, 0, sizeof ch->c.c);
  for (int i = 0; i < KZ_PITS_N; i++)
    {
      ch->seeds += pos.pits[i];
      ch->c.c[ch->again || ch->final ? i : (i + KZ_PITS_ROW) % KZ_PITS_N] = pos.pits[i];
    }
}

static bool
mangala_compute (uint8_t *values, int max_seeds, KzEndgameBuild *build)
{
  return pits_compute (values, max_seeds, mangala_play, build);
}

static const KzEndgameGame mangala_game = {
  .game = KZ_VARIANT_MANGALA,
  .rules = KZ_ENDGAME_MANGALA_RULES,
  .max_seeds = KZ_ENDGAME_MAX_SEEDS,
  .default_seeds = 16,
  .size = pits_size,
  .positions = pits_size,
  .compute = mangala_compute,
  .check = pits_check,
  .probe = pits_probe,
};

/* The games with a database */

static const KzEndgameGame *const games[] = {
  &kalah_game,
  &mangala_game,
  &kz_endgame_oware_game,
  &kz_endgame_bohnenspiel_game,
};

static const KzEndgameGame *
game_of (KzVariantId game)
{
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
    if (games[i]->game == game)
      return games[i];
  return NULL;
}

bool
kz_endgame_has_game (KzVariantId game)
{
  return game_of (game) != NULL;
}

int
kz_endgame_game_max_seeds (KzVariantId game)
{
  const KzEndgameGame *g = game_of (game);
  return g != NULL ? g->max_seeds : 0;
}

int
kz_endgame_default_seeds (KzVariantId game)
{
  const KzEndgameGame *g = game_of (game);
  return g != NULL ? g->default_seeds : 0;
}

uint64_t
kz_endgame_size (KzVariantId game, int max_seeds)
{
  const KzEndgameGame *g = game_of (game);

  if (g == NULL || max_seeds < 1 || max_seeds > g->max_seeds)
    return 0;
  pthread_once (&binom_once, binom_init);
  return g->size (max_seeds);
}

bool
kz_endgame_compute (KzVariantId            game,
                    uint8_t               *values,
                    int                    max_seeds,
                    KzEndgameProgressFunc  progress,
                    void                  *user_data,
                    volatile int          *cancel)
{
  const KzEndgameGame *g = game_of (game);
  KzEndgameBuild build = {
    .progress = progress,
    .user_data = user_data,
    .cancel = cancel,
  };

  if (kz_endgame_size (game, max_seeds) == 0)
    return false;
  build.total = g->positions (max_seeds);
  if (!g->compute (values, max_seeds, &build))
    return false;
  if (progress != NULL)
    progress (1.0, user_data);
  return true;
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
kz_endgame_header_write (uint8_t *h, KzVariantId game, int max_seeds, uint64_t checksum)
{
  const KzEndgameGame *g = game_of (game);

  memset (h, 0, KZ_ENDGAME_HEADER_BYTES);
  memcpy (h, magic, sizeof magic);
  put_u32 (h + 8, KZ_ENDGAME_FORMAT);
  put_u32 (h + 12, (uint32_t) game);
  put_u32 (h + 16, g != NULL ? g->rules : 0);
  put_u32 (h + 20, (uint32_t) max_seeds);
  put_u64 (h + 24, kz_endgame_size (game, max_seeds));
  put_u64 (h + 32, checksum);
  put_u32 (h + 40, KZ_ENDGAME_HEADER_BYTES);
}

#define FAIL(...) \
  do { if (error != NULL) snprintf (error, error_len, __VA_ARGS__); return false; } while (0)

bool
kz_endgame_check (const uint8_t *data, size_t len, KzVariantId game, int *max_seeds,
                  char *error, size_t error_len)
{
  const KzEndgameGame *g = game_of (game);

  if (g == NULL)
    FAIL ("there is no endgame database for game %u", (unsigned) game);
  if (len < KZ_ENDGAME_HEADER_BYTES)
    FAIL ("too short for the header (%zu bytes)", len);
  if (memcmp (data, magic, sizeof magic) != 0)
    FAIL ("not an endgame database (wrong magic)");
  if (get_u32 (data + 8) != KZ_ENDGAME_FORMAT)
    FAIL ("format version %u, not %d", get_u32 (data + 8), KZ_ENDGAME_FORMAT);
  if (get_u32 (data + 12) != (uint32_t) game)
    FAIL ("made for another game (%u)", get_u32 (data + 12));
  if (get_u32 (data + 16) != g->rules)
    FAIL ("made under rules version %u, not %u", get_u32 (data + 16), g->rules);
  if (get_u32 (data + 40) != KZ_ENDGAME_HEADER_BYTES)
    FAIL ("header of %u bytes, not %d", get_u32 (data + 40), KZ_ENDGAME_HEADER_BYTES);
  for (int i = 44; i < KZ_ENDGAME_HEADER_BYTES; i++)
    if (data[i] != 0)
      FAIL ("unknown header fields set");

  uint32_t n = get_u32 (data + 20);
  uint64_t size = kz_endgame_size (game, n <= (uint32_t) g->max_seeds ? (int) n : -1);
  if (size == 0)
    FAIL ("%u seeds is not between 1 and %d", n, g->max_seeds);
  if (get_u64 (data + 24) != size)
    FAIL ("%llu bytes of values where %u seeds make %llu",
          (unsigned long long) get_u64 (data + 24), n, (unsigned long long) size);
  if (len - KZ_ENDGAME_HEADER_BYTES != size)
    FAIL ("%zu bytes of values where the header says %llu",
          len - KZ_ENDGAME_HEADER_BYTES, (unsigned long long) size);
  if (kz_endgame_checksum (data + KZ_ENDGAME_HEADER_BYTES, size) != get_u64 (data + 32))
    FAIL ("checksum mismatch: the values are damaged");
  if (!g->check (data + KZ_ENDGAME_HEADER_BYTES, (int) n, error, error_len))
    return false;
  if (max_seeds != NULL)
    *max_seeds = (int) n;
  return true;
}

/* Look-ups */

KzEndgame *
kz_endgame_new (KzVariantId game, const uint8_t *values, int max_seeds)
{
  KzEndgame *eg;

  if (values == NULL || kz_endgame_size (game, max_seeds) == 0)
    return NULL;
  eg = calloc (1, sizeof *eg);
  if (eg == NULL)
    return NULL;
  eg->game = game_of (game);
  eg->values = values;
  eg->max_seeds = max_seeds;
  return eg;
}

void
kz_endgame_free (KzEndgame *endgame)
{
  free (endgame);
}

KzVariantId
kz_endgame_game (const KzEndgame *endgame)
{
  return endgame->game->game;
}

int
kz_endgame_max_seeds (const KzEndgame *endgame)
{
  return endgame != NULL ? endgame->max_seeds : -1;
}

const int8_t *
kz_endgame_values (const KzEndgame *endgame)
{
  return endgame != NULL ? (const int8_t *) endgame->values : NULL;
}

int
kz_endgame_pits_value (const KzEndgame *endgame, const uint8_t *pits)
{
  return ((const int8_t *) endgame->values)[kz_endgame_rank_fast (pits)];
}

bool
kz_endgame_probe (const KzEndgame *endgame, const KzPosition *pos, int *margin)
{
  if (endgame == NULL || pos->variant != endgame->game->game || pos->over)
    return false;
  return endgame->game->probe (endgame, pos, margin);
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
  if (endgame->game->best != NULL)
    return endgame->game->best (endgame, pos, action, margin);
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
