/* kuzhi-constitution.c — the Constitution game, exactly as docs/rules-constitution.md records it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <string.h>

#define N_CUPS 14
#define ROW    7

static inline int
owner_of (int cup)
{
  return cup >= ROW;
}

int
kz_constitution_account (const KzPosition *pos, int player)
{
  return kz_row_sum_7 (pos, player) + pos->stores[player] + pos->refill_left[player];
}

int
kz_constitution_half (const KzPosition *pos)
{
  return ROW * pos->seeds;
}

int
kz_constitution_reserve (const KzPosition *pos, int player)
{
  int over = kz_constitution_account (pos, player) - kz_constitution_half (pos);
  return over > 0 ? over : 0;
}

/* Player 1 opens the first round; each later one, the last round's
 * winner, which only the position can say. */
static int
constitution_rule_opener (const KzPosition *pos)
{
  return pos->round <= 1 ? 0 : -1;
}

/* Rule 9: the reserve is 1, 6, 11, … 61, and no mark yet this turn. */
bool
kz_constitution_may_mark (const KzPosition *pos)
{
  if (pos->over || pos->marked)
    return false;
  int reserve = kz_constitution_reserve (pos, pos->to_move);
  return reserve >= 1 && reserve <= 61 && reserve % 5 == 1;
}

int
kz_constitution_alone (const KzPosition *pos)
{
  int p = pos->to_move;

  if (pos->variant != KZ_VARIANT_CONSTITUTION || pos->over || kz_row_sum_7 (pos, !p) > 0)
    return -1;
  return p;
}

static bool
constitution_setup (KzPosition *pos, const KzOptions *options, char *error, size_t error_len)
{
  if (!kz_position_setup_seeds (pos, KZ_VARIANT_CONSTITUTION, "the Constitution game", options, error, error_len))
    return false;
  pos->round = 1;
  return true;
}

static int
constitution_legal (const KzPosition *pos, KzAction *out)
{
  int n = 0;
  int p = pos->to_move;

  if (pos->over)
    return 0;
  for (int c = p * ROW; c < (p + 1) * ROW; c++)
    if (pos->pits[c] != 0)
      out[n++] = (KzAction) c;
  if (pos->refill_left[p] == 1)
    out[n++] = KZ_ACTION_REFILL;
  if (kz_constitution_may_mark (pos))
    for (int c = p * ROW; c < (p + 1) * ROW; c++)
      if (c != pos->lucky[p])
        out[n++] = KZ_ACTION_MARK (c);
  return n;
}

/* Steps 1 and 2 after a drop into cup c: the lucky cup banks, a cup of
 * exactly three is a triple. Returns true when the turn ends here. */
static inline bool
after_drop (KzPosition *pos, int c, bool last, KzEventLog *log)
{
  int owner = owner_of (c);

  if (pos->lucky[owner] == c)
    {
      int count = pos->pits[c];
      pos->stores[owner] += pos->pits[c];
      pos->pits[c] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_LUCKY, c, owner, count);
      return last;
    }
  if (pos->pits[c] == 3)
    {
      int receiver = last ? pos->to_move : owner;
      pos->stores[receiver] += 3;
      pos->pits[c] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_TRIPLE, c, receiver, 3);
      return last;
    }
  return false;
}

/* Sows `hand` shells from the cup after c, relaying until the turn ends.
 * With hand == 0, c is where the last shell of a sow has just fallen and
 * steps 1–2 have been applied already. */
static void
sow (KzPosition *pos, int c, int hand, int drops, KzEventLog *log)
{
  for (;;)
    {
      while (hand > 0)
        {
          c = c == N_CUPS - 1 ? 0 : c + 1;
          pos->pits[c]++;
          hand--;
          drops++;
          if (log)
            kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
          if (after_drop (pos, c, hand == 0, log))
            return;
        }
      /* Rule 4: the last shell made an empty cup hold one. The safety
       * limit stops a turn at the end of the sow that reached it. */
      if (pos->pits[c] == 1 || drops >= KZ_DROP_LIMIT)
        return;
      /* Rule 5: relay. */
      hand = pos->pits[c];
      pos->pits[c] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_RELAY, c, -1, hand);
    }
}

/* Fills a player's row from their stock, as step 3 of a round end says. */
static void
distribute (KzPosition *pos, int player, int stock)
{
  uint8_t *row = pos->pits + player * ROW;
  int seeds = pos->seeds;
  int lucky = pos->lucky[player];

  if (lucky >= 0 && stock >= 6 * seeds + 1)
    {
      for (int i = 0; i < ROW; i++)
        row[i] = (uint8_t) seeds;
      row[lucky - player * ROW] = 1;
      stock -= 6 * seeds + 1;
    }
  else
    {
      for (int i = 0; i < ROW; i++)
        {
          int put = stock >= seeds ? seeds : 0;
          row[i] = (uint8_t) put;
          stock -= put;
        }
    }
  pos->refill_left[player] = (uint8_t) stock;
}

static void
end_round (KzPosition *pos, KzEventLog *log)
{
  for (;;)
    {
      int rows[2] = { kz_row_sum_7 (pos, 0), kz_row_sum_7 (pos, 1) };
      int winner;

      if (rows[0] > 0)
        winner = 0;
      else if (rows[1] > 0)
        winner = 1;
      else
        {
          int a0 = kz_constitution_account (pos, 0);
          int a1 = kz_constitution_account (pos, 1);
          winner = a0 > a1 ? 0 : a1 > a0 ? 1 : !pos->opener;
        }
      if (log)
        kz_event_log_push_round (log, KZ_EVENT_ROUND_END, pos->round, winner);

      for (int p = 0; p < 2; p++)
        {
          int stock = rows[p] + pos->refill_left[p];
          distribute (pos, p, stock);
        }

      if (kz_row_sum_7 (pos, 0) == 0 && kz_row_sum_7 (pos, 1) == 0)
        {
          kz_position_adjudicate (pos, KZ_END_BOARD_EMPTY);
          if (log)
            kz_event_log_push_end (log, pos->winner, KZ_END_BOARD_EMPTY);
          return;
        }

      pos->round++;
      pos->opener = (uint8_t) winner;
      pos->to_move = (uint8_t) winner;
      if (log)
        kz_event_log_push_round (log, KZ_EVENT_ROUND_START, pos->round, winner);

      /* A stuck opener: no shell on the row and no refill shell to sow. */
      if (kz_row_sum_7 (pos, winner) > 0 || pos->refill_left[winner] == 1)
        return;
    }
}

static void
constitution_apply (KzPosition *pos, KzAction action, KzEventLog *log)
{
  int p = pos->to_move;

  if (KZ_ACTION_IS_MARK (action))
    {
      pos->lucky[p] = (int8_t) KZ_ACTION_MARK_CUP (action);
      pos->marked = 1;
      if (log)
        kz_event_log_push (log, KZ_EVENT_MARK, KZ_ACTION_MARK_CUP (action), p, 0);
      return;
    }

  pos->plies++;
  pos->marked = 0;

  if (action == KZ_ACTION_REFILL)
    {
      /* The refill shell falls into the start cup as a sow's last shell. */
      int c = p * ROW;
      pos->refill_left[p] = 0;
      pos->pits[c]++;
      if (log)
        kz_event_log_push (log, KZ_EVENT_DROP, c, -1, 0);
      if (!after_drop (pos, c, true, log))
        sow (pos, c, 0, 1, log);
    }
  else
    {
      int hand = pos->pits[action];
      pos->pits[action] = 0;
      if (log)
        kz_event_log_push (log, KZ_EVENT_LIFT, action, -1, hand);
      sow (pos, action, hand, 0, log);
    }

  if (kz_row_sum_7 (pos, 0) == 0 || kz_row_sum_7 (pos, 1) == 0)
    end_round (pos, log);
  else
    pos->to_move = (uint8_t) !p;
}

static int
constitution_score (const KzPosition *pos, int player)
{
  return kz_constitution_account (pos, player);
}

/* The features of constitution_eval, in the weights' order. */
enum { CO_ACCOUNT, CO_DRAWER, CO_HITS, CO_THREATS, CO_LUCKY, CO_MOBILITY, CO_TWOS };

/* The Constitution: accounts are what decides the match; drawers are safe
 * for good, shells in cups are not. A cup holding 2 becomes a triple for
 * whoever ends a sow there, so direct hits (a cup whose shells end on a 2,
 * ignoring relays) count for the mover and threaten the other player. */
static int
constitution_eval (const KzPosition *pos, const int *w)
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

  return kz_eval_weigh (w, f);
}

/* The refill, the lucky cups and the opener (who breaks a tie at the end
 * of a round) change what follows; the seeds set the refill. */
static uint64_t
constitution_key_extra (const KzPosition *pos)
{
  return (uint64_t) pos->refill_left[0] | (uint64_t) pos->refill_left[1] << 8 |
         (uint64_t) (pos->lucky[0] + 1) << 16 | (uint64_t) (pos->lucky[1] + 1) << 24 |
         (uint64_t) pos->opener << 32 | (uint64_t) pos->seeds << 40;
}

/* Whether a player's row and refill left are what a round end's
 * distribution gives (distribute()): S a cup from the start cup while the
 * stock lasts, the rest waiting; or, with a lucky cup and a stock of
 * 6·S + 1 or more, six cups of S and one shell in the lucky cup. */
static bool
is_distribution (const KzPosition *pos, int player)
{
  const uint8_t *row = pos->pits + player * ROW;
  int seeds = pos->seeds;
  int lucky = pos->lucky[player];
  int filled = 0;

  if (lucky >= 0)
    {
      bool lucky_refill = true;
      for (int i = 0; i < ROW; i++)
        if (row[i] != (player * ROW + i == lucky ? 1 : seeds))
          lucky_refill = false;
      if (lucky_refill)
        return true;
    }
  while (filled < ROW && row[filled] == seeds)
    filled++;
  for (int i = filled; i < ROW; i++)
    if (row[i] != 0)
      return false;
  if (filled == ROW)
    return lucky < 0;   /* with a lucky cup, 7·S is a stock for the lucky refill */
  if (pos->refill_left[player] >= seeds)
    return false;
  /* With a lucky cup, a stock of 6·S + 1 or more takes the lucky refill. */
  return lucky < 0 || filled * seeds + pos->refill_left[player] < 6 * seeds + 1;
}

/* Set-up positions, as docs/rules-constitution.md ("Set-up positions")
 * records: lucky cups on their owner's row; without a lucky cup a drawer
 * holds only triples; in the first round nothing waits off the board and
 * Player 1 opened; the mover has a shell to sow; a row is empty only as a
 * round has just begun, so then both rows are as the distribution left
 * them and the opener moves. */
static bool
constitution_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  int p = pos->to_move;
  int rows[2] = { kz_row_sum_7 (pos, 0), kz_row_sum_7 (pos, 1) };

  for (int player = 0; player < 2; player++)
    {
      int lucky = pos->lucky[player];

      if (lucky != -1 && (lucky < player * ROW || lucky >= player * ROW + ROW))
        return kz_refuse (reason, reason_len, "Player %d's lucky cup must be one of their own cups, %d to %d, not %d.",
                          player + 1, player * ROW, player * ROW + ROW - 1, lucky);
      if (lucky == -1 && pos->stores[player] % 3 != 0)
        return kz_refuse (reason, reason_len,
                          "Player %d's drawer holds %d shells, but without a lucky cup a drawer gets only triples, "
                          "so it holds a multiple of 3.", player + 1, pos->stores[player]);
    }
  if (pos->round == 1)
    {
      if (pos->refill_left[0] != 0 || pos->refill_left[1] != 0)
        return kz_refuse (reason, reason_len, "In the first round no shell waits off the board: refill left comes "
                          "only from a round's end.");
      if (pos->opener != constitution_rule_opener (pos))
        return kz_refuse (reason, reason_len, "Player 1 opens the first round.");
    }
  if (rows[0] == 0 && rows[1] == 0)
    return KZ_REFUSE_OVER (reason, reason_len, "Both rows are empty");
  if (rows[p] == 0 && pos->refill_left[p] != 1)
    return kz_refuse (reason, reason_len, "Player %d, to move, has no shell to sow: a round cannot go on here.", p + 1);
  if (rows[0] == 0 || rows[1] == 0)
    {
      if (pos->round == 1)
        return kz_refuse (reason, reason_len, "A row is empty, which ends the first round: the round must be 2 or more.");
      if (p != pos->opener)
        return kz_refuse (reason, reason_len, "With a row empty a round has just begun, so Player %d, who opened it, "
                          "is to move.", pos->opener + 1);
      for (int player = 0; player < 2; player++)
        if (!is_distribution (pos, player))
          return kz_refuse (reason, reason_len, "With a row empty a round has just begun, so Player %d's row must be "
                            "filled as a round's end fills it: %d shells a cup from the first cup while the stock "
                            "lasts (or six cups of %d and 1 in the lucky cup), the rest left to refill.",
                            player + 1, pos->seeds, pos->seeds);
    }
  return true;
}

const KzVariant kz_variant_constitution = {
  .key = "constitution",
  .name = "the Constitution",
  .seed_word = "shells",
  .check = constitution_check,
  .n_pits = N_CUPS,
  .has_stores = false,
  .stores_at_ends = true,
  .has_repetition = true,
  .setup = constitution_setup,
  .legal = constitution_legal,
  .apply = constitution_apply,
  .score = constitution_score,
  .account = kz_constitution_account,
  .rule_opener = constitution_rule_opener,
  .has_rounds = true,
  .banks_for_good = true,
  .pit_word = KZ_PIT_WORD_CUP,
  .seeds_choices = { 4, 5, 6 },
  .seeds_default = 5,
  .eval = constitution_eval,
  .eval_weights = { { 100, 45, 100, -40, 30, 25, 40 } },
  .eval_weight_names = { "account", "drawer", "hits", "threats", "lucky", "mobility", "twos" },
  .key_extra = constitution_key_extra,
  /* Depth 2 left Easy at 84–91% against random moves even without its
   * random choices (400 games from balanced openings), so Easy looks 3
   * turns ahead; Normal then 5, where 6 came within 75% of Hard. Easy
   * strays more than elsewhere so that Normal stays well ahead (400
   * games: 77% against Easy straying 40%, 79% against 30% with Normal a
   * turn deeper). */
  .level_depths = { [1] = 3, [2] = 5 },
  .easy_stray = 40,
  /* The Constitution: a triple is 3 shells; a turn relays far, so the review looks longer. */
  .review_mistake = 3,
  .review_blunder = 6,
  .review_time_ms = 600,
};
