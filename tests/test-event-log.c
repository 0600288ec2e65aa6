/* test-event-log.c — the engine's one event notation (kz_event_log_to_string): every event type, draws, the empty log, unknown types and the widest tokens. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <stdlib.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

/* One event of each type, as kuzhi-engine.h documents them. */
static void
test_every_type (void)
{
  KzEventLog log;

  kz_event_log_init (&log);
  kz_test_assert_events (&log, "");
  kz_event_log_push (&log, KZ_EVENT_LIFT, 3, -1, 5);
  kz_event_log_push (&log, KZ_EVENT_DROP, 4, -1, 0);
  kz_event_log_push (&log, KZ_EVENT_RELAY, 5, -1, 6);
  kz_event_log_push (&log, KZ_EVENT_TRIPLE, 5, 0, 3);
  kz_event_log_push (&log, KZ_EVENT_LUCKY, 4, 0, 5);
  kz_event_log_push (&log, KZ_EVENT_CAPTURE, 4, 1, 3);
  kz_event_log_push (&log, KZ_EVENT_STORE, -1, 0, 0);
  kz_event_log_push (&log, KZ_EVENT_EXTRA_TURN, -1, 1, 0);
  kz_event_log_push (&log, KZ_EVENT_MARK, 3, 0, 0);
  kz_event_log_push_round (&log, KZ_EVENT_ROUND_END, 1, 0);
  kz_event_log_push_round (&log, KZ_EVENT_ROUND_START, 2, 0);
  kz_event_log_push_end (&log, 0, KZ_END_BOARD_EMPTY);
  kz_test_assert_events (&log, "L3x5 D4 R5x6 T5>0 K4>0x5 C4>1x3 S>0 X>1 M3>0 E1>0 B2>0 W0:board_empty");

  /* No round winner, a drawn match; details are not written. */
  kz_event_log_clear (&log);
  kz_event_log_push (&log, KZ_EVENT_CAPTURE, 6, 0, 4);
  kz_event_log_set_detail (&log, KZ_DETAIL_PASU);
  kz_event_log_push_round (&log, KZ_EVENT_ROUND_END, 3, -1);
  kz_event_log_push_end (&log, -1, KZ_END_LIMIT);
  kz_test_assert_events (&log, "C6>0x4 E3>-1 W-1:limit");

  /* A type the notation does not know. */
  kz_event_log_clear (&log);
  kz_event_log_push (&log, KZ_EVENT_DROP, 0, -1, 0);
  kz_event_log_push (&log, KZ_N_EVENT_TYPES, 0, 0, 0);
  kz_test_assert_events (&log, "D0 ?");
  kz_event_log_free (&log);
}

/* The widest tokens the fields allow, many times over: the string has room
 * for all of them. */
static void
test_widest_tokens (void)
{
  KzEventLog log;
  GString *want = g_string_new (NULL);

  kz_event_log_init (&log);
  for (int i = 0; i < 1000; i++)
    {
      kz_event_log_push (&log, i % 2 ? KZ_EVENT_CAPTURE : KZ_EVENT_LUCKY, -128, -128, 65535);
      kz_event_log_push_round (&log, KZ_EVENT_ROUND_START, 65535, -128);
      kz_event_log_push_end (&log, -128, KZ_END_CANNOT_FILL);
      g_string_append_printf (want, "%s%c-128>-128x65535 B65535>-128 W-128:cannot_fill",
                              i > 0 ? " " : "", i % 2 ? 'C' : 'K');
    }
  kz_test_assert_events (&log, want->str);
  g_string_free (want, TRUE);
  kz_event_log_free (&log);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/event-log/every-type", test_every_type);
  g_test_add_func ("/event-log/widest-tokens", test_widest_tokens);
  return g_test_run ();
}
