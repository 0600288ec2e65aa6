/* kuzhi-test-util.h — helpers the engine tests share: building positions by hand and writing event logs compactly. */
#pragma once

#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"

/* Writes an event log compactly, one token per event, so that a table can
 * state the expected events of an action by hand:
 *   L3x5 lift, D4 drop, R5x6 relay, T5>0 triple to player 0,
 *   K4>0x5 lucky bank, C4>1x3 capture, S>0 store, X>1 extra turn,
 *   M3>0 mark, E1>0 round 1 won by 0, B2>0 round 2 opened by 0,
 *   W0:board_empty match end (W-1 a draw). */
static inline char *
kz_test_events_to_string (const KzEventLog *log)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < log->len; i++)
    {
      const KzEvent *e = &log->events[i];
      if (i > 0)
        g_string_append_c (s, ' ');
      switch ((KzEventType) e->type)
        {
        case KZ_EVENT_LIFT: g_string_append_printf (s, "L%dx%d", e->pit, e->count); break;
        case KZ_EVENT_DROP: g_string_append_printf (s, "D%d", e->pit); break;
        case KZ_EVENT_RELAY: g_string_append_printf (s, "R%dx%d", e->pit, e->count); break;
        case KZ_EVENT_TRIPLE: g_string_append_printf (s, "T%d>%d", e->pit, e->player); break;
        case KZ_EVENT_LUCKY: g_string_append_printf (s, "K%d>%dx%d", e->pit, e->player, e->count); break;
        case KZ_EVENT_CAPTURE: g_string_append_printf (s, "C%d>%dx%d", e->pit, e->player, e->count); break;
        case KZ_EVENT_STORE: g_string_append_printf (s, "S>%d", e->player); break;
        case KZ_EVENT_EXTRA_TURN: g_string_append_printf (s, "X>%d", e->player); break;
        case KZ_EVENT_MARK: g_string_append_printf (s, "M%d>%d", e->pit, e->player); break;
        case KZ_EVENT_ROUND_END: g_string_append_printf (s, "E%d>%d", e->round, e->player); break;
        case KZ_EVENT_ROUND_START: g_string_append_printf (s, "B%d>%d", e->round, e->player); break;
        case KZ_EVENT_MATCH_END: g_string_append_printf (s, "W%d:%s", e->player, kz_end_reason_to_string (e->reason)); break;
        case KZ_N_EVENT_TYPES:
        default: g_string_append (s, "?"); break;
        }
    }
  return g_string_free (s, FALSE);
}

/* Writes a legal-action list as "0 1 r m3". */
static inline char *
kz_test_legal_to_string (const KzPosition *pos)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n = kz_position_variant (pos)->legal (pos, actions);
  GString *s = g_string_new (NULL);
  char buf[8];

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, kz_action_to_string (actions[i], buf));
    }
  return g_string_free (s, FALSE);
}

/* A small, fast, seedable generator for random matches. */
static inline guint32
kz_test_rand (guint64 *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (guint32) (*state >> 33);
}
