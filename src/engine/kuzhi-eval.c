/* kuzhi-eval.c — the search's judgement of a position in every game, and the bounds a finished game cannot leave. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-search.h"
#include "kuzhi-variant-private.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every evaluation is a weighted sum of a few features, each counted for
 * the player to move minus the other player. The weights were chosen by
 * engine-vs-engine matches (tests/bench-search.c --tune); the store or
 * account difference stays at 100 (one seed) so that scores read as
 * hundredths of a seed. */

/* The features of eval_store_game, in the weights' order. */
enum {
  ST_STORE, ST_ROW, ST_EXTRA, ST_CAPTURE, ST_EXPOSED, ST_MOBILITY, ST_HOARD,
};

const KzEvalWeights *
kz_eval_default_weights (KzVariantId variant)
{
  static const KzEvalWeights none;
  const KzVariant *v = kz_variant_get (variant);

  return v != NULL ? &v->eval_weights : &none;
}

const char *
kz_eval_weight_name (KzVariantId variant, int index)
{
  const KzVariant *v = kz_variant_get (variant);

  if (v == NULL || index < 0 || index >= KZ_EVAL_N_WEIGHTS)
    return NULL;
  return v->eval_weight_names[index];
}

/* A tuning tool's message, in English only: unlike the reasons that
 * kz_refuse writes, it is never shown to players, so not translated. */
static bool __attribute__ ((format (printf, 3, 4)))
weights_refuse (char *reason, size_t reason_len, const char *format, ...)
{
  va_list args;

  if (reason != NULL && reason_len > 0)
    {
      va_start (args, format);
      vsnprintf (reason, reason_len, format, args);
      va_end (args);
    }
  return false;
}

bool
kz_eval_weights_parse (const char   *text,
                       KzVariantId  *variant,
                       KzEvalWeights *weights,
                       char         *reason,
                       size_t        reason_len)
{
  const char *colon = text != NULL ? strchr (text, ':') : NULL;
  char key[32];
  const KzVariant *v;
  int id;

  if (colon == NULL || (size_t) (colon - text) >= sizeof key)
    return weights_refuse (reason, reason_len, "weights are written GAME:W0,W1,…");
  memcpy (key, text, (size_t) (colon - text));
  key[colon - text] = '\0';
  for (id = 0; id < KZ_N_VARIANTS; id++)
    if (kz_variant_get (id) != NULL && strcmp (kz_variant_get (id)->key, key) == 0)
      break;
  if (id == KZ_N_VARIANTS)
    return weights_refuse (reason, reason_len, "no game is called '%s'", key);
  v = kz_variant_get (id);

  KzEvalWeights w = v->eval_weights;
  const char *p = colon + 1;
  for (int k = 0; ; k++)
    {
      char *end;
      long x;

      if (k == KZ_EVAL_N_WEIGHTS || v->eval_weight_names[k] == NULL)
        return weights_refuse (reason, reason_len, "%s has only %d weights", key, k);
      errno = 0;
      x = strtol (p, &end, 10);
      if (end == p || errno != 0 || x < -100000 || x > 100000 || (*end != ',' && *end != '\0'))
        return weights_refuse (reason, reason_len, "%s: weight %d is not a whole number from -100000 to 100000", key, k);
      w.w[k] = (int) x;
      if (*end == '\0')
        break;
      p = end + 1;
    }
  *variant = (KzVariantId) id;
  *weights = w;
  return true;
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
int
kz_eval_store_game (const KzPosition *pos, const int *w)
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

  return kz_eval_weigh (w, f);
}




int
kz_eval (const KzPosition *pos, const KzEvalWeights *weights)
{
  const KzVariant *v = kz_position_variant (pos);

  if (v == NULL || v->eval == NULL)
    return 0;
  if (weights == NULL)
    weights = &v->eval_weights;
  return clamp_eval (v->eval (pos, weights->w));
}

/* Where what a player has banked is never spent (every game but
 * Pallanguzhi) and the final scores share out the total, the final margin
 * of the player to move lies between 2·mine − total and total − 2·theirs. */
bool
kz_eval_final_bounds (const KzPosition *pos, int *lo, int *hi)
{
  if (!kz_position_variant (pos)->banks_for_good)
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
