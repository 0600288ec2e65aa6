/* kuzhi-test-2x6.h — what the Kalah, Oware and Mangala rule tests share: a compact event notation, replaying a turn's events, hand-built positions. */
#pragma once

#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"

/* Events written compactly so that a failing case shows the whole turn:
 * L<pit>:<count> lift, D<pit> drop, S<player> store, C<pit>:<count>><player>
 * capture, X<player> extra turn, E<winner>:<reason> match end. */
static inline char *
kz_test_format_events (const KzEventLog *log)
{
  GString *s = g_string_new (NULL);

  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];
      if (i > 0)
        g_string_append_c (s, ' ');
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
          g_string_append_printf (s, "L%d:%d", ev->pit, ev->count);
          break;
        case KZ_EVENT_DROP:
          g_string_append_printf (s, "D%d", ev->pit);
          break;
        case KZ_EVENT_STORE:
          g_string_append_printf (s, "S%d", ev->player);
          break;
        case KZ_EVENT_CAPTURE:
          g_string_append_printf (s, "C%d:%d>%d", ev->pit, ev->count, ev->player);
          break;
        case KZ_EVENT_EXTRA_TURN:
          g_string_append_printf (s, "X%d", ev->player);
          break;
        case KZ_EVENT_MATCH_END:
          g_string_append_printf (s, "E%d:%s", ev->player,
                                  kz_end_reason_to_string ((KzEndReason) ev->reason));
          break;
        default:
          g_string_append_printf (s, "?%s", kz_event_type_to_string ((KzEventType) ev->type));
          break;
        }
    }
  return g_string_free (s, FALSE);
}

/* Replays the seed movements of a log on `pos`: what the board view does
 * when it animates a turn. The result must be the engine's position. */
static inline void
kz_test_replay_events (KzPosition *pos, const KzEventLog *log)
{
  int hand = 0;

  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
          g_assert_cmpint (pos->pits[ev->pit], ==, ev->count);
          pos->pits[ev->pit] = 0;
          hand += ev->count;
          break;
        case KZ_EVENT_DROP:
          g_assert_cmpint (hand, >, 0);
          pos->pits[ev->pit]++;
          hand--;
          break;
        case KZ_EVENT_STORE:
          g_assert_cmpint (hand, >, 0);
          pos->stores[ev->player]++;
          hand--;
          break;
        case KZ_EVENT_CAPTURE:
          g_assert_cmpint (ev->count, >, 0);
          g_assert_cmpint (pos->pits[ev->pit], ==, ev->count);
          pos->pits[ev->pit] = 0;
          pos->stores[ev->player] += ev->count;
          break;
        default:
          break;
        }
    }
  g_assert_cmpint (hand, ==, 0);
}

static inline KzPosition
kz_test_make_position (KzVariantId variant, const uint8_t pits[12], const uint8_t stores[2], int to_move, int plies)
{
  const KzVariant *v = kz_variant_get (variant);
  KzOptions options = { 0 };
  KzPosition pos;

  g_assert_nonnull (v);
  g_assert_true (v->setup (&pos, &options, NULL, 0));
  memcpy (pos.pits, pits, 12);
  pos.stores[0] = stores[0];
  pos.stores[1] = stores[1];
  pos.to_move = (uint8_t) to_move;
  pos.plies = (uint16_t) plies;
  return pos;
}

/* Plays the legal action `random` picks (modulo their number) and checks
 * what every ply must keep: each legal action sows an own non-empty pit in
 * ascending order, conserves the total and counts one ply; the events
 * replay to the new position; undo restores the exact previous one. */
static inline void
kz_test_play_checked_ply (KzMatch *match, KzEventLog *log, guint64 random)
{
  const KzVariant *v = kz_position_variant (&match->pos);
  int total = kz_position_total (&match->pos);
  KzAction actions[KZ_MAX_ACTIONS];
  int n = v->legal (&match->pos, actions);
  KzPosition before = match->pos;

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      KzPosition copy = before;
      g_assert_true (actions[i] / 6 == before.to_move);
      g_assert_cmpint (before.pits[actions[i]], >, 0);
      if (i > 0)
        g_assert_cmpint (actions[i - 1], <, actions[i]);
      v->apply (&copy, actions[i], NULL);
      g_assert_cmpint (kz_position_total (&copy), ==, total);
      g_assert_cmpint (copy.plies, ==, before.plies + 1);
    }

  KzAction a = actions[random % (guint64) n];
  kz_event_log_clear (log);
  g_assert_true (kz_match_play (match, a, log));
  KzPosition after = match->pos;
  g_assert_cmpint (kz_position_total (&after), ==, total);

  KzPosition replayed = before;
  kz_test_replay_events (&replayed, log);
  g_assert_cmpmem (replayed.pits, 12, after.pits, 12);
  g_assert_cmpmem (replayed.stores, 2, after.stores, 2);
  g_assert_cmpint (log->events[log->len - 1].type == KZ_EVENT_MATCH_END, ==, after.over);

  g_assert_true (kz_match_undo (match));
  g_assert_true (kz_position_equal (&match->pos, &before));
  g_assert_true (kz_match_play (match, a, NULL));
  g_assert_true (kz_position_equal (&match->pos, &after));
}
