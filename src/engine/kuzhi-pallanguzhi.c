/* kuzhi-pallanguzhi.c — traditional Pallanguzhi: next-cup relays, pasu, rounds with rubbish cups, as docs/rules-dakon-pallanguzhi.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_CUPS        14
#define ROW           7
#define MIDDLE        3     /* the middle cup of a row, counted from its first cup */
#define DEFAULT_FULL  12    /* the default layout: 12 per cup … */
#define DEFAULT_MID   2     /* … and 2 in the middle cup of each row */

/* The starting layout's count for a cup: seeds 12 is the default layout
 * with its light middle cups, 5 and 6 are uniform. */
static inline int
layout_count (int seeds, int cup)
{
  if (seeds == DEFAULT_FULL)
    return cup % ROW == MIDDLE ? DEFAULT_MID : DEFAULT_FULL;
  return seeds;
}

static inline bool
is_rubbish (const KzPosition *pos, int cup)
{
  return (pos->rubbish >> cup) & 1u;
}

/* Fills both rows from their stores, in sowing order, for the layout;
 * the first cup a store cannot cover and every later cup of that row
 * become rubbish cups. */
static void
refill (KzPosition *pos)
{
  uint16_t rubbish = 0;

  for (int p = 0; p < 2; p++)
    {
      int stock = pos->stores[p];
      bool short_of_seeds = false;

      for (int cup = p * ROW; cup < p * ROW + ROW; cup++)
        {
          int need = layout_count (pos->seeds, cup);
          if (!short_of_seeds && stock >= need)
            {
              pos->pits[cup] = (uint8_t) need;
              stock -= need;
            }
          else
            {
              short_of_seeds = true;
              pos->pits[cup] = 0;
              rubbish |= (uint16_t) (1u << cup);
            }
        }
      pos->stores[p] = (uint8_t) stock;
    }
  pos->rubbish = rubbish;
}

static bool
pallanguzhi_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  int seeds = options->seeds ? options->seeds : DEFAULT_FULL;
  int pasu;

  if (seeds != DEFAULT_FULL && seeds != 5 && seeds != 6)
    {
      snprintf (error, error_len,
                "seeds must be 12 (the traditional layout), 5 or 6 for Pallanguzhi (got %d)", seeds);
      return false;
    }
  pasu = options->pasu ? options->pasu : seeds == DEFAULT_FULL ? 6 : 4;
  if (pasu != 4 && pasu != 6)
    {
      snprintf (error, error_len, "pasu must be 4 or 6 for Pallanguzhi (got %d)", pasu);
      return false;
    }
  if (pasu == 6 && seeds != DEFAULT_FULL)
    {
      /* docs/rules-dakon-pallanguzhi.md: with 5 or 6 per cup a pasu of 6 decides the match in
       * the first turn. */
      snprintf (error, error_len, "pasu 6 needs the traditional layout (seeds=12); with seeds=%d the pasu is 4", seeds);
      return false;
    }

  kz_position_start (pos, KZ_VARIANT_PALLANGUZHI, N_CUPS, 0);
  pos->seeds = (uint8_t) seeds;
  pos->option = (uint8_t) pasu;
  pos->round = 1;
  for (int cup = 0; cup < N_CUPS; cup++)
    pos->pits[cup] = (uint8_t) layout_count (seeds, cup);
  return true;
}

static int
pallanguzhi_legal (const KzPosition *pos, KzAction *out)
{
  int n = 0;
  int first = pos->to_move * ROW;

  if (pos->over)
    return 0;
  for (int c = first; c < first + ROW; c++)
    if (pos->pits[c] != 0 && !is_rubbish (pos, c))
      out[n++] = (KzAction) c;
  return n;
}

static inline void
capture (KzPosition *pos, int cup, int player, KzEventLog *log)
{
  int count = pos->pits[cup];

  pos->stores[player] += (uint8_t) count;
  pos->pits[cup] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_CAPTURE, cup, player, count);
}

/* The round is over: every row goes to its owner's store, then either a
 * player cannot fill their first cup and the match ends, or the rows are
 * refilled for the next round. */
/* Player 1 opens the odd rounds and Player 2 the even ones. */
static int
pallanguzhi_rule_opener (const KzPosition *pos)
{
  return pos->round % 2 == 1 ? 0 : 1;
}

static void
end_round (KzPosition *pos, KzEventLog *log)
{
  for (int cup = 0; cup < N_CUPS; cup++)
    if (pos->pits[cup] != 0)
      {
        capture (pos, cup, cup / ROW, log);
        kz_event_log_set_detail (log, KZ_DETAIL_GATHER);
      }

  int s0 = pos->stores[0];
  int s1 = pos->stores[1];
  if (log)
    kz_event_log_push_round (log, KZ_EVENT_ROUND_END, pos->round,
                             s0 > s1 ? 0 : s1 > s0 ? 1 : -1);

  int first = layout_count (pos->seeds, 0);
  bool stuck0 = s0 < first;
  bool stuck1 = s1 < first;
  if (stuck0 || stuck1)
    {
      /* Both stuck cannot happen with the offered layouts (it needs fewer
       * than two first cups on the whole board); the stores decide then. */
      if (stuck0 && stuck1)
        kz_position_adjudicate (pos, KZ_END_CANNOT_FILL);
      else
        {
          pos->over = 1;
          pos->end = KZ_END_CANNOT_FILL;
          pos->winner = (int8_t) (stuck0 ? 1 : 0);
        }
      if (log)
        kz_event_log_push_end (log, pos->winner, KZ_END_CANNOT_FILL);
      return;
    }

  refill (pos);
  pos->round++;
  pos->opener = (uint8_t) pallanguzhi_rule_opener (pos);
  pos->to_move = pos->opener;
  if (log)
    kz_event_log_push_round (log, KZ_EVENT_ROUND_START, pos->round, pos->opener);
}

static void
pallanguzhi_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;
  int pasu = pos->option;
  int c = action;
  int hand = pos->pits[c];
  int drops = 0;
  static const int8_t all_in_play[N_CUPS] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0 };
  int8_t ring[N_CUPS];
  const int8_t *next = all_in_play;

  /* The ring of cups in play: rubbish cups are skipped by the sowing and
   * by both look-ups. Each row's first cup is always in play (a player
   * who cannot fill it has lost), so cup 0 follows the last cups and one
   * backward pass finds every successor. Most turns have no rubbish cup
   * and use the plain ring as it is. */
  if (pos->rubbish != 0)
    {
      int following = 0;
      for (int i = N_CUPS - 1; i >= 0; i--)
        {
          ring[i] = (int8_t) following;
          if (!is_rubbish (pos, i))
            following = i;
        }
      next = ring;
    }

  pos->plies++;
  pos->pits[c] = 0;
  if (log)
    kz_event_log_push (log, KZ_EVENT_LIFT, c, -1, hand);

  for (;;)
    {
      drops += hand;
      /* Pasu: a cup reaching it is taken at once by the sower, and the
       * sowing goes on. The search's loop (no log) is kept apart. */
      if (log)
        while (hand > 0)
          {
            c = next[c];
            hand--;
            pos->pits[c]++;
            kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
            if (pos->pits[c] == pasu)
              {
                capture (pos, c, p, log);
                kz_event_log_set_detail (log, KZ_DETAIL_PASU);
              }
          }
      else
        while (hand > 0)
          {
            c = next[c];
            hand--;
            if (++pos->pits[c] == pasu)
              {
                pos->stores[p] += (uint8_t) pasu;
                pos->pits[c] = 0;
              }
          }

      int n1 = next[c];
      if (pos->pits[n1] == 0)
        {
          /* An empty next cup: the cup beyond it is captured, if it holds
           * anything; with both empty the turn just ends. */
          int n2 = next[n1];
          if (pos->pits[n2] != 0)
            capture (pos, n2, p, log);
          break;
        }
      /* The safety limit stops a turn that would relay past it. */
      if (drops >= KZ_DROP_LIMIT)
        break;
      c = n1;
      hand = pos->pits[c];
      pos->pits[c] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_RELAY, c, -1, hand);
    }

  /* There are no extra turns. The round ends when the turn passes to a
   * player with nothing on their row. */
  pos->to_move = (uint8_t) !p;
  if (kz_row_sum_7 (pos, !p) == 0)
    end_round (pos, log);
}

/* The store plus the counters on the player's own row: what each side
 * would take home if the match stopped here (repetition). */
static int
pallanguzhi_score (const KzPosition *pos, int player)
{
  return pos->stores[player] + kz_row_sum_7 (pos, player);
}

/* The features of pallanguzhi_eval, in the weights' order. */
enum { PA_STORE, PA_ROW, PA_MOBILITY, PA_NEAR_PASU };

static int
pallanguzhi_eval (const KzPosition *pos, const int *w)
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

  return kz_eval_weigh (w, f);
}

/* The rubbish cups, the options, and the round, whose parity says who
 * opens the next one. */
static uint64_t
pallanguzhi_key_extra (const KzPosition *pos)
{
  return (uint64_t) pos->rubbish | (uint64_t) (pos->round & 1) << 16 |
         (uint64_t) pos->option << 24 | (uint64_t) pos->seeds << 32;
}

/* Set-up positions, as docs/rules-dakon-pallanguzhi.md ("Set-up
 * positions") records: rubbish cups only from a row's second cup on, to
 * the row's end, empty, and none in the first round; the opener as the
 * round's parity gives it; no cup holding the pasu (a drop captures it at
 * once, and no layout puts it there); counters in play on the mover's
 * row (else the round has ended). */
static bool
pallanguzhi_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  int p = pos->to_move;
  int in_play = 0;

  if (pos->rubbish >> N_CUPS != 0)
    return kz_refuse (reason, reason_len, "Pallanguzhi has %d cups; a rubbish cup beyond them cannot be.", N_CUPS);
  if (pos->round == 1 && pos->rubbish != 0)
    return kz_refuse (reason, reason_len, "The first round has no rubbish cups: every cup starts filled.");
  if (pos->opener != pallanguzhi_rule_opener (pos))
    return kz_refuse (reason, reason_len, "Player 1 opens the odd rounds and Player 2 the even ones, so Player %d "
                      "opened round %d.", pos->round % 2 == 1 ? 1 : 2, pos->round);
  for (int player = 0; player < 2; player++)
    {
      int first = player * ROW;
      bool rubbish_before = false;

      if (is_rubbish (pos, first))
        return kz_refuse (reason, reason_len, "Cup %d, the first of a row, is never a rubbish cup: a player who "
                          "cannot fill it has lost.", first);
      for (int cup = first; cup < first + ROW; cup++)
        {
          if (is_rubbish (pos, cup))
            {
              rubbish_before = true;
              if (pos->pits[cup] != 0)
                return kz_refuse (reason, reason_len, "Cup %d is a rubbish cup, out of play, so it holds nothing "
                                  "(it holds %d).", cup, pos->pits[cup]);
            }
          else if (rubbish_before)
            return kz_refuse (reason, reason_len, "Cup %d is in play after a rubbish cup of its row, but a row's "
                              "rubbish cups run from the first cup its store could not fill to the row's end.", cup);
        }
    }
  for (int cup = 0; cup < N_CUPS; cup++)
    if (pos->pits[cup] == pos->option)
      return kz_refuse (reason, reason_len, "Cup %d holds %d counters, the pasu, which the sowing would have "
                        "captured.", cup, pos->option);
  for (int cup = p * ROW; cup < p * ROW + ROW; cup++)
    if (!is_rubbish (pos, cup))
      in_play += pos->pits[cup];
  if (in_play == 0)
    return kz_refuse (reason, reason_len, "Player %d, to move, has no counters on their row, so the round is over: "
                      "there is nothing to play.", p + 1);
  return true;
}

const KzVariant kz_variant_pallanguzhi = {
  .key = "pallanguzhi",
  .name = "Pallanguzhi",
  .seed_word = "counters",
  .check = pallanguzhi_check,
  .n_pits = N_CUPS,
  .has_stores = false,
  .stores_at_ends = false,
  .has_repetition = true,
  .setup = pallanguzhi_setup,
  .legal = pallanguzhi_legal,
  .apply = pallanguzhi_apply,
  .score = pallanguzhi_score,
  .rule_opener = pallanguzhi_rule_opener,
  .has_rounds = true,
  .banks_for_good = false,
  .pit_word = KZ_PIT_WORD_CUP,
  .seeds_choices = { DEFAULT_FULL, 5, 6 },
  .seeds_default = DEFAULT_FULL,
  .pasu_choices = { 4, 6 },
  .eval = pallanguzhi_eval,
  .eval_weights = { { 100, 30, 10, 10 } },
  .eval_weight_names = { "store", "row", "mobility", "near_pasu" },
  .key_extra = pallanguzhi_key_extra,
  .easy_stray = 30,
  /* Pallanguzhi: 84 counters and pasu captures of 4 make bigger swings. */
  .review_mistake = 4,
  .review_blunder = 8,
  .review_time_ms = 400,
};
