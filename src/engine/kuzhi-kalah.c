/* kuzhi-kalah.c — Kalah, as shared/rules/variants.md decides it and docs/rules-kalah-oware-mangala.md records it. */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_PITS 12
#define ROW    6
#define STORE  (-1)   /* "the last seed fell into the mover's store" */

static inline int
row_sum (const KzPosition *pos, int player)
{
  const uint8_t *p = pos->pits + player * ROW;
  return p[0] + p[1] + p[2] + p[3] + p[4] + p[5];
}

static bool
kalah_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  int seeds = options->seeds ? options->seeds : 4;

  if (seeds < 3 || seeds > 6)
    {
      if (error != NULL)
        snprintf (error, error_len, "seeds must be 3, 4, 5 or 6 for Kalah (got %d)", seeds);
      return false;
    }
  if (options->pasu)
    {
      if (error != NULL)
        snprintf (error, error_len, "Kalah has no option pasu");
      return false;
    }

  memset (pos, 0, sizeof *pos);
  memset (pos->pits, seeds, N_PITS);
  pos->lucky[0] = pos->lucky[1] = -1;
  pos->variant = KZ_VARIANT_KALAH;
  pos->n_pits = N_PITS;
  pos->seeds = (uint8_t) seeds;
  pos->winner = -1;
  return true;
}

static int
kalah_legal (const KzPosition *pos, KzAction *out)
{
  int n = 0;
  int first = pos->to_move * ROW;

  if (pos->over)
    return 0;
  for (int c = first; c < first + ROW; c++)
    if (pos->pits[c] != 0)
      out[n++] = (KzAction) c;
  return n;
}

/* Sows `hand` seeds for player p from the pit after c: the mover's store
 * follows the last pit of their row, the opponent's store is never visited.
 * Returns the pit the last seed fell into, or STORE. */
static inline int
sow (KzPosition *pos, int p, int c, int hand, KzEventLog *log)
{
  const int own_last = p * ROW + ROW - 1;
  const int after_store = p ? 0 : ROW;

  while (hand-- > 0)
    {
      if (c == own_last)
        {
          pos->stores[p]++;
          c = STORE;
          if (log)
            kz_event_log_push (log, KZ_EVENT_STORE, -1, p, 0);
        }
      else
        {
          c = c == STORE ? after_store : c == N_PITS - 1 ? 0 : c + 1;
          pos->pits[c]++;
          if (log)
            kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
        }
    }
  return c;
}

/* A row is empty: each player sweeps their own row into their store, so
 * that the stores show the final score. One capture event per swept pit. */
static void
finish (KzPosition *pos, KzEventLog *log)
{
  for (int c = 0; c < N_PITS; c++)
    if (pos->pits[c] != 0)
      {
        int owner = c >= ROW;
        int count = pos->pits[c];
        pos->stores[owner] += pos->pits[c];
        pos->pits[c] = 0;
        if (log)
          kz_event_log_push (log, KZ_EVENT_CAPTURE, c, owner, count);
      }
  kz_position_adjudicate (pos, KZ_END_SIDE_EMPTY);
  if (log)
    kz_event_log_push_end (log, pos->winner, KZ_END_SIDE_EMPTY);
}

static void
kalah_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int hand = pos->pits[action];
  bool again;

  pos->plies++;
  pos->pits[action] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);

  int last = sow (pos, p, action, hand, log);
  again = last == STORE;

  /* A pit of the mover's row that holds 1 now was empty before the last
   * seed (the lifted pit included, reached again after a full lap). */
  if (!again && last / ROW == p && pos->pits[last] == 1)
    {
      int opposite = N_PITS - 1 - last;
      int taken = pos->pits[opposite];
      if (taken > 0)
        {
          pos->stores[p] += taken + 1;
          pos->pits[opposite] = 0;
          pos->pits[last] = 0;
          if (log)
            {
              kz_event_log_push (log, KZ_EVENT_CAPTURE, opposite, p, taken);
              kz_event_log_push (log, KZ_EVENT_CAPTURE, last, p, 1);
            }
        }
    }

  if (!again)
    pos->to_move = (uint8_t) !p;

  if (row_sum (pos, 0) == 0 || row_sum (pos, 1) == 0)
    finish (pos, log);
  else if (again && log)
    kz_event_log_push (log, KZ_EVENT_EXTRA_TURN, -1, p, 0);
}

/* Each player owns the seeds left on their own row, as the end sweep says. */
static int
kalah_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + row_sum (pos, player);
}

const KzVariant kz_variant_kalah = {
  .key = "kalah",
  .n_pits = N_PITS,
  .has_stores = true,
  .has_repetition = false,
  .setup = kalah_setup,
  .legal = kalah_legal,
  .apply = kalah_apply,
  .score = kalah_score,
};
