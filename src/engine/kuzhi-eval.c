/* kuzhi-eval.c — the search's judgement of a position in every game, and the bounds a finished game cannot leave. */
#include "kuzhi-search.h"

#include <stdlib.h>

/* Every evaluation is a weighted sum of a few features, each counted for
 * the player to move minus the other player. The weights were chosen by
 * engine-vs-engine matches (tests/bench-search.c --tune); the store or
 * account difference stays at 100 (one seed) so that scores read as
 * hundredths of a seed. */

enum {
  /* Games with stores in the sowing (Kalah, Mangala, Dakon). */
  ST_STORE, ST_ROW, ST_EXTRA, ST_CAPTURE, ST_EXPOSED, ST_MOBILITY, ST_HOARD,
  /* Oware. */
  OW_STORE = 0, OW_ROW, OW_VULNERABLE, OW_KROO, OW_MOBILITY, OW_EMPTY,
  /* The Constitution. */
  CO_ACCOUNT = 0, CO_DRAWER, CO_HITS, CO_THREATS, CO_LUCKY, CO_MOBILITY, CO_TWOS,
  /* Pallanguzhi. */
  PA_STORE = 0, PA_ROW, PA_MOBILITY, PA_NEAR_PASU,
};

static const KzEvalWeights default_weights[KZ_N_VARIANTS] = {
  [KZ_VARIANT_CONSTITUTION] = { { 100, 45, 100, -40, 30, 25, 40 } },
  [KZ_VARIANT_KALAH]        = { { 100, 20, 40, 30, -20, 5, 0 } },
  [KZ_VARIANT_OWARE]        = { { 100, 10, 30, 20, 5, -5 } },
  [KZ_VARIANT_MANGALA]      = { { 100, 40, 40, 30, -20, 5, 0 } },
  [KZ_VARIANT_DAKON]        = { { 100, 20, 40, 20, -10, 5, 0 } },
  [KZ_VARIANT_PALLANGUZHI]  = { { 100, 30, 10, 10 } },
};

static const char *const weight_names[KZ_N_VARIANTS][KZ_EVAL_N_WEIGHTS] = {
  [KZ_VARIANT_CONSTITUTION] = { "account", "drawer", "hits", "threats", "lucky", "mobility", "twos" },
  [KZ_VARIANT_KALAH]        = { "store", "row", "extra", "capture", "exposed", "mobility", "hoard" },
  [KZ_VARIANT_OWARE]        = { "store", "row", "vulnerable", "kroo", "mobility", "empty" },
  [KZ_VARIANT_MANGALA]      = { "store", "row", "extra", "capture", "exposed", "mobility", "hoard" },
  [KZ_VARIANT_DAKON]        = { "store", "row", "extra", "capture", "exposed", "mobility", "hoard" },
  [KZ_VARIANT_PALLANGUZHI]  = { "store", "row", "mobility", "near_pasu" },
};

const KzEvalWeights *
kz_eval_default_weights (KzVariantId variant)
{
  if ((unsigned) variant >= KZ_N_VARIANTS)
    return &default_weights[0];
  return &default_weights[variant];
}

const char *
kz_eval_weight_name (KzVariantId variant, int index)
{
  if ((unsigned) variant >= KZ_N_VARIANTS || index < 0 || index >= KZ_EVAL_N_WEIGHTS)
    return NULL;
  return weight_names[variant][index];
}

static inline int
clamp_eval (int v)
{
  if (v > KZ_SCORE_EVAL_MAX)
    return KZ_SCORE_EVAL_MAX;
  if (v < -KZ_SCORE_EVAL_MAX)
    return -KZ_SCORE_EVAL_MAX;
  return v;
}

/* Kalah, Mangala, Dakon: pit i of a row (0 = the row's first pit) lies
 * half − i drops before its owner's store, and opposite pit n − 1 − i. */
static int
eval_store_game (const KzPosition *pos, const int *w)
{
  int n = pos->n_pits;
  int half = n / 2;
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? pos->to_move : !pos->to_move;
      int sign = side == 0 ? 1 : -1;
      const uint8_t *row = pos->pits + player * half;
      int best_capture = 0;
      int exposed = 0;

      f[ST_STORE] += sign * pos->stores[player];
      for (int i = 0; i < half; i++)
        {
          int seeds = row[i];
          int opposite = pos->pits[n - 1 - (player * half + i)];

          f[ST_ROW] += sign * seeds;
          if (seeds == half - i)
            f[ST_EXTRA] += sign;
          if (seeds > 0)
            f[ST_MOBILITY] += sign;
          else if (opposite > best_capture)
            best_capture = opposite;
          if (seeds == 0)
            exposed += opposite;
        }
      /* Only one capture is made per turn: count the best one. */
      f[ST_CAPTURE] += sign * best_capture;
      /* Seeds of the other player that sit opposite this player's empty
       * pits (seed 002's "empty own pit opposite a loaded enemy pit"). */
      f[ST_EXPOSED] += sign * exposed;
      f[ST_HOARD] += sign * row[half - 1];
    }

  int v = 0;
  for (int k = 0; k < KZ_EVAL_N_WEIGHTS; k++)
    v += w[k] * f[k];
  return v;
}

static int
eval_oware (const KzPosition *pos, const int *w)
{
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? pos->to_move : !pos->to_move;
      int sign = side == 0 ? 1 : -1;
      const uint8_t *row = pos->pits + player * 6;

      f[OW_STORE] += sign * pos->stores[player];
      for (int i = 0; i < 6; i++)
        {
          f[OW_ROW] += sign * row[i];
          /* Houses of 1 or 2 are what the other player captures; the
           * minus makes "the other side's weak houses" a plus. */
          if (row[i] == 1 || row[i] == 2)
            f[OW_VULNERABLE] -= sign;
          if (row[i] >= 12)
            f[OW_KROO] += sign;
          if (row[i] > 0)
            f[OW_MOBILITY] += sign;
          else
            f[OW_EMPTY] += sign;
        }
    }

  int v = 0;
  for (int k = 0; k < KZ_EVAL_N_WEIGHTS; k++)
    v += w[k] * f[k];
  return v;
}

/* The Constitution: accounts are what decides the match; drawers are safe
 * for good, shells in cups are not. A cup holding 2 becomes a triple for
 * whoever ends a sow there, so direct hits (a cup whose shells end on a 2,
 * ignoring relays) count for the mover and threaten the other player. */
static int
eval_constitution (const KzPosition *pos, const int *w)
{
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };
  int me = pos->to_move;

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? me : !me;
      int sign = side == 0 ? 1 : -1;
      int hits = 0;

      f[CO_ACCOUNT] += sign * kz_constitution_account (pos, player);
      f[CO_DRAWER] += sign * pos->stores[player];
      if (pos->lucky[player] >= 0)
        f[CO_LUCKY] += sign;
      for (int c = player * 7; c < player * 7 + 7; c++)
        {
          int shells = pos->pits[c];
          if (shells == 0)
            continue;
          f[CO_MOBILITY] += sign;
          if (shells == 2)
            f[CO_TWOS] += sign;
          if (shells < 14 && pos->pits[(c + shells) % 14] == 2)
            hits++;
        }
      if (side == 0)
        f[CO_HITS] += hits;
      else
        f[CO_THREATS] += hits;
    }

  int v = 0;
  for (int k = 0; k < KZ_EVAL_N_WEIGHTS; k++)
    v += w[k] * f[k];
  return v;
}

static int
eval_pallanguzhi (const KzPosition *pos, const int *w)
{
  int f[KZ_EVAL_N_WEIGHTS] = { 0 };
  int pasu = pos->option ? pos->option : 6;

  for (int side = 0; side < 2; side++)
    {
      int player = side == 0 ? pos->to_move : !pos->to_move;
      int sign = side == 0 ? 1 : -1;

      f[PA_STORE] += sign * pos->stores[player];
      for (int c = player * 7; c < player * 7 + 7; c++)
        {
          f[PA_ROW] += sign * pos->pits[c];
          if (pos->pits[c] > 0)
            f[PA_MOBILITY] += sign;
          /* One drop from the pasu: a capture waiting for whoever passes. */
          if (pos->pits[c] == pasu - 1)
            f[PA_NEAR_PASU] += sign;
        }
    }

  int v = 0;
  for (int k = 0; k < KZ_EVAL_N_WEIGHTS; k++)
    v += w[k] * f[k];
  return v;
}

int
kz_eval (const KzPosition *pos, const KzEvalWeights *weights)
{
  if (weights == NULL)
    weights = kz_eval_default_weights ((KzVariantId) pos->variant);

  switch ((KzVariantId) pos->variant)
    {
    case KZ_VARIANT_CONSTITUTION:
      return clamp_eval (eval_constitution (pos, weights->w));
    case KZ_VARIANT_OWARE:
      return clamp_eval (eval_oware (pos, weights->w));
    case KZ_VARIANT_PALLANGUZHI:
      return clamp_eval (eval_pallanguzhi (pos, weights->w));
    case KZ_VARIANT_KALAH:
    case KZ_VARIANT_MANGALA:
    case KZ_VARIANT_DAKON:
      return clamp_eval (eval_store_game (pos, weights->w));
    case KZ_N_VARIANTS:
    default:
      return 0;
    }
}

/* In every game but Pallanguzhi, what a player has banked is never spent
 * and the final scores share out the total, so the final margin of the
 * player to move lies between 2·mine − total and total − 2·theirs. */
bool
kz_eval_final_bounds (const KzPosition *pos, int *lo, int *hi)
{
  if (pos->variant == KZ_VARIANT_PALLANGUZHI)
    return false;

  int total = kz_position_total (pos);
  int me = pos->to_move;

  *lo = 2 * pos->stores[me] - total;
  *hi = total - 2 * pos->stores[!me];
  return true;
}

int
kz_eval_final_margin (const KzPosition *pos, int player)
{
  const KzVariant *v = kz_position_variant (pos);
  int margin = v->score (pos, player) - v->score (pos, !player);

  /* A rule may decide the winner against the count (Pallanguzhi's player
   * who cannot fill loses): the winner then wins by at least one. */
  if (pos->winner == player && margin <= 0)
    margin = 1;
  else if (pos->winner == !player && margin >= 0)
    margin = -1;
  else if (pos->winner == -1)
    margin = 0;
  return margin;
}
