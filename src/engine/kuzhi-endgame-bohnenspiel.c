/* kuzhi-endgame-bohnenspiel.c — the Bohnenspiel endgame database: every position with few beans, at every count of plies since the last capture, worked out back from the 100th. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-endgame-private.h"
#include "kuzhi-kalah-pits-private.h"
#include "kuzhi-variant-private.h"

#include <stdlib.h>
#include <string.h>

#define PITS   KZ_ENDGAME_PITS
#define ROW    6
#define QUIET  KZ_BOHNENSPIEL_QUIET_LIMIT
#define NONE   (-128)   /* no move of that kind */

/* Beans can go round the board for ever, but not the count of plies
 * since the last capture: a move either captures, and leaves fewer beans
 * (a smaller layer, known already, with the count back at 0), or it does
 * not, and the count goes up by one until the 100th such ply ends the
 * game (each row to its owner). So with the count in the state there are
 * no cycles: within a layer, the values at count q come from those at
 * q + 1, from 99 down to 0, and the build is exact without any iteration
 * to a fixed point (Oware's database needs one: its limit counts every
 * ply from the start).
 *
 * Entry (rank, q), at rank × 100 + q: V = the mover's final margin of
 * the beans still on the board, with q plies since the last capture.
 * The stores never change what a move does, and the game ends only by
 * rule 4 (the player to move has no beans) or rule 5 (the count), so the
 * final margin is the store difference plus V. */

typedef struct {
  int8_t   best_fixed;        /* the best move whose result is known: a capture or the end */
  uint8_t  n_quiet;
  uint32_t quiet[ROW];        /* the children of the moves that take nothing, in the layer */
} Moves;

/* The other player's frame: their six pits first. */
static void
turn_round (const uint8_t *pits, uint8_t *out)
{
  memcpy (out, pits + ROW, ROW);
  memcpy (out + ROW, pits, ROW);
}

/* Each of the mover's moves, played by the game's own apply() on a
 * position whose stores and count start at 0, so the rules are written
 * once: what the mover's store holds afterwards is what the move took. */
static void
moves_of (const uint8_t *pits, uint64_t layer_base, const int8_t *values, Moves *m)
{
  const KzVariant *v = kz_variant_get (KZ_VARIANT_BOHNENSPIEL);
  KzPosition start;

  kz_position_start (&start, KZ_VARIANT_BOHNENSPIEL, PITS, 6);
  memcpy (start.pits, pits, PITS);
  m->best_fixed = NONE;
  m->n_quiet = 0;
  for (int pit = 0; pit < ROW; pit++)
    {
      KzPosition pos = start;
      uint8_t child[PITS];
      int x;

      if (pits[pit] == 0)
        continue;
      v->apply (&pos, (KzAction) pit, NULL);
      if (pos.over)
        /* Rule 4: the other player has no beans, the rest are the mover's. */
        x = pos.stores[0] - pos.stores[1];
      else if (pos.stores[0] > 0)
        {
          turn_round (pos.pits, child);
          x = pos.stores[0] - values[kz_endgame_rank_fast (child) * QUIET];
        }
      else
        {
          turn_round (pos.pits, child);
          m->quiet[m->n_quiet++] = (uint32_t) (kz_endgame_rank_fast (child) - layer_base);
          continue;
        }
      if (x > m->best_fixed)
        m->best_fixed = (int8_t) x;
    }
}

static bool
bohnenspiel_compute (uint8_t *data, int max_seeds, KzEndgameBuild *build)
{
  int8_t *values = (int8_t *) data;

  for (int n = 0; n <= max_seeds && !build->stop; n++)
    {
      uint64_t base = n > 0 ? kz_endgame_entries (n - 1) : 0;
      uint64_t count = kz_endgame_entries (n) - base;
      Moves *moves = malloc (count * sizeof *moves);
      int8_t *ended = malloc (count);   /* each row to its owner: the 100th quiet ply's end */
      uint8_t pits[PITS];

      if (moves == NULL || ended == NULL)
        {
          free (moves);
          free (ended);
          return false;
        }
      for (uint64_t i = 0; i < count && kz_endgame_build_step (build); i++)
        {
          kz_endgame_unrank (base + i, pits);
          ended[i] = (int8_t) (kz_pits_row_sum (pits) - kz_pits_row_sum (pits + ROW));
          if (kz_pits_row_sum (pits) == 0)
            {
              /* Over: all the other's. */
              moves[i].best_fixed = (int8_t) -n;
              moves[i].n_quiet = 0;
            }
          else
            moves_of (pits, base, values, &moves[i]);
        }
      /* A quiet move at count 99 is the 100th: the child is over, worth
       * `ended` to its mover. Below, the child's entry at q + 1. */
      for (int q = QUIET - 1; q >= 0 && !build->stop; q--)
        for (uint64_t i = 0; i < count && kz_endgame_build_step (build); i++)
          {
            const Moves *m = &moves[i];
            int v = m->best_fixed;

            for (int j = 0; j < m->n_quiet; j++)
              {
                int child = q == QUIET - 1 ? ended[m->quiet[j]] : values[(base + m->quiet[j]) * QUIET + q + 1];
                if (-child > v)
                  v = -child;
              }
            values[(base + i) * QUIET + q] = (int8_t) v;
          }
      free (moves);
      free (ended);
    }
  return !build->stop;
}

static uint64_t
bohnenspiel_size (int max_seeds)
{
  return kz_endgame_entries (max_seeds) * QUIET;
}

static uint64_t
bohnenspiel_positions (int max_seeds)
{
  return kz_endgame_entries (max_seeds) * (QUIET + 1);
}

static bool
bohnenspiel_check (const uint8_t *data, int max_seeds, char *error, size_t error_len)
{
  return kz_endgame_check_layers (data, max_seeds, QUIET, error, error_len);
}

static bool
bohnenspiel_probe (const KzEndgame *endgame, const KzPosition *pos, int *margin)
{
  uint8_t pits[PITS];
  int me = pos->to_move;

  if (pos->quiet_plies >= QUIET || kz_endgame_mover_frame (pos, pits) > endgame->max_seeds)
    return false;
  *margin = pos->stores[me] - pos->stores[!me] +
            ((const int8_t *) endgame->values)[kz_endgame_rank_fast (pits) * QUIET + pos->quiet_plies];
  return true;
}

const KzEndgameGame kz_endgame_bohnenspiel_game = {
  .game = KZ_VARIANT_BOHNENSPIEL,
  .rules = KZ_ENDGAME_BOHNENSPIEL_RULES,
  .max_seeds = KZ_ENDGAME_BOHNENSPIEL_MAX_SEEDS,
  .default_seeds = KZ_ENDGAME_BOHNENSPIEL_DEFAULT_SEEDS,
  .size = bohnenspiel_size,
  .positions = bohnenspiel_positions,
  .compute = bohnenspiel_compute,
  .check = bohnenspiel_check,
  .probe = bohnenspiel_probe,
};
