/* test-sowing.c — KuzhiSowing without a display: every game's events replay to the engine's position, the timing of each event, each event told once as it is shown, and the round and match ends reported once. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "kuzhi-sowing.h"
#include "kuzhi-test-util.h"

typedef struct {
  int changed;
  int reached;
  int last_reached;
} Counts;

static void
on_changed (gpointer data)
{
  ((Counts *) data)->changed++;
}

static void
on_reached (const KzEvent *ev, gpointer data)
{
  ((Counts *) data)->reached++;
  ((Counts *) data)->last_reached = ev->type;
}

/* What the board shows of every move of random matches of every game,
 * played out to the end, is where the engine says the move ends: the
 * board's animation never drifts from the rules. */
static void
test_replay_every_game (void)
{
  guint64 rng = 0x736f77696e67ULL;
  KzEventLog log;
  long moves = 0;

  kz_event_log_init (&log);
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    for (int m = 0; m < 60; m++)
      {
        KzMatch match;

        g_assert_true (kz_match_init (&match, (KzVariantId) v, NULL, NULL, 0));
        for (int ply = 0; ply < 600 && !match.pos.over; ply++)
          {
            KzAction legal[KZ_MAX_ACTIONS];
            int n = kz_position_variant (&match.pos)->legal (&match.pos, legal);
            KuzhiSowing sowing;
            Counts counts = { 0 };
            int ends = 0;

            kuzhi_sowing_init (&sowing);
            sowing.changed = on_changed;
            sowing.reached = on_reached;
            sowing.data = &counts;
            sowing.displayed = match.pos;
            kz_event_log_clear (&log);
            g_assert_true (kz_match_play (&match, legal[kz_test_rand (&rng) % (guint) n], &log));
            for (size_t i = 0; i < log.len; i++)
              {
                kuzhi_sowing_push (&sowing, &log.events[i]);
                ends += log.events[i].type == KZ_EVENT_ROUND_END || log.events[i].type == KZ_EVENT_MATCH_END;
              }
            kuzhi_sowing_start (&sowing, &match.pos);
            /* Frame by frame, 16 ms apart, as the frame clock would. */
            for (gint64 now = 1; kuzhi_sowing_advance (&sowing, now); now += 16000)
              g_assert_cmpint (sowing.hand, >=, 0);
            g_assert_cmpmem (sowing.displayed.pits, KZ_MAX_PITS, match.pos.pits, KZ_MAX_PITS);
            g_assert_cmpmem (sowing.displayed.stores, 2, match.pos.stores, 2);
            g_assert_cmpint (sowing.hand, ==, 0);
            g_assert_cmpint (sowing.flying, ==, 0);
            g_assert_cmpint (counts.reached, ==, ends);
            g_assert_cmpint (counts.changed, ==, 2 * (int) log.len);
            kuzhi_sowing_clear (&sowing);
            moves++;
          }
        kz_match_clear (&match);
      }
  kz_event_log_free (&log);
  g_test_message ("%ld moves replayed", moves);
}

static KzEvent
event (KzEventType type, int pit, int player, int count)
{
  KzEvent ev = { 0 };

  ev.type = (uint8_t) type;
  ev.pit = (int8_t) pit;
  ev.player = (int8_t) player;
  ev.count = (uint16_t) count;
  return ev;
}

/* 100 ms a step: a lift takes 140 ms, a drop 100, a capture 300; the
 * shells leave the pit when the lift begins and arrive when a drop ends. */
static void
test_timing (void)
{
  KuzhiSowing sowing;
  Counts counts = { 0 };
  KzPosition pos = { 0 };
  KzEvent events[] = {
    event (KZ_EVENT_LIFT, 2, -1, 2),
    event (KZ_EVENT_DROP, 3, -1, 0),
    event (KZ_EVENT_DROP, 4, -1, 0),
    event (KZ_EVENT_CAPTURE, 4, 0, 2),
    event (KZ_EVENT_MATCH_END, -1, 0, 0),
  };
  KzPosition target;
  const gint64 t0 = 1000000;

  kuzhi_sowing_init (&sowing);
  sowing.step_ms = 100;
  sowing.changed = on_changed;
  sowing.reached = on_reached;
  sowing.data = &counts;
  pos.n_pits = 12;
  pos.pits[2] = 2;
  pos.pits[4] = 1;
  sowing.displayed = pos;
  target = pos;
  target.pits[2] = 0;
  target.pits[3] = 1;
  target.pits[4] = 0;
  target.stores[0] = 2;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    kuzhi_sowing_push (&sowing, &events[i]);
  g_assert_cmpint (kuzhi_sowing_event_duration (&sowing, &events[0]), ==, 140000);
  g_assert_cmpint (kuzhi_sowing_event_duration (&sowing, &events[1]), ==, 100000);
  g_assert_cmpint (kuzhi_sowing_event_duration (&sowing, &events[3]), ==, 300000);
  kuzhi_sowing_start (&sowing, &target);

  g_assert_true (kuzhi_sowing_advance (&sowing, t0));
  g_assert_true (kuzhi_sowing_current (&sowing) == &g_array_index (sowing.queue, KzEvent, 0));
  g_assert_cmpint (sowing.displayed.pits[2], ==, 0);
  g_assert_cmpint (sowing.hand, ==, 2);
  g_assert_true (kuzhi_sowing_advance (&sowing, t0 + 70000));
  g_assert_cmpfloat_with_epsilon (sowing.progress, 0.5, 1e-9);
  g_assert_true (kuzhi_sowing_advance (&sowing, t0 + 140000));
  g_assert_cmpint (sowing.pos, ==, 1);
  g_assert_cmpint (sowing.displayed.pits[3], ==, 0);
  g_assert_true (kuzhi_sowing_advance (&sowing, t0 + 240000));
  g_assert_cmpint (sowing.pos, ==, 2);
  g_assert_cmpint (sowing.displayed.pits[3], ==, 1);
  g_assert_cmpint (sowing.hand, ==, 1);
  g_assert_cmpint (sowing.hand_at, ==, 3);
  /* The capture: its shells fly from the moment it begins. */
  g_assert_true (kuzhi_sowing_advance (&sowing, t0 + 341000));
  g_assert_cmpint (sowing.pos, ==, 3);
  g_assert_cmpint (sowing.flying, ==, 2);
  g_assert_cmpint (sowing.displayed.pits[4], ==, 0);
  g_assert_cmpint (counts.reached, ==, 0);
  /* Past the capture: the match end has no duration and is reached. */
  g_assert_false (kuzhi_sowing_advance (&sowing, t0 + 640000));
  g_assert_cmpint (sowing.displayed.stores[0], ==, 2);
  g_assert_cmpint (counts.reached, ==, 1);
  g_assert_cmpint (counts.last_reached, ==, KZ_EVENT_MATCH_END);
  g_assert_null (kuzhi_sowing_current (&sowing));
  kuzhi_sowing_clear (&sowing);
}

/* Finishing at once still reports a round's end not reached yet, once,
 * and not one already begun. */
static void
test_skip_rest (void)
{
  KuzhiSowing sowing;
  Counts counts = { 0 };
  KzPosition pos = { 0 };
  KzEvent events[] = {
    event (KZ_EVENT_LIFT, 0, -1, 1),
    event (KZ_EVENT_DROP, 1, -1, 0),
    event (KZ_EVENT_ROUND_END, -1, 1, 0),
  };

  kuzhi_sowing_init (&sowing);
  sowing.step_ms = 100;
  sowing.reached = on_reached;
  sowing.data = &counts;
  pos.pits[0] = 1;
  sowing.displayed = pos;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    kuzhi_sowing_push (&sowing, &events[i]);
  kuzhi_sowing_start (&sowing, &pos);
  g_assert_true (kuzhi_sowing_advance (&sowing, 1));
  kuzhi_sowing_skip_rest (&sowing);
  g_assert_cmpint (counts.reached, ==, 1);
  g_assert_cmpint (sowing.queue->len, ==, 0);
  g_assert_cmpint (sowing.hand, ==, 0);

  /* Begun already: reported when it began, not again. */
  counts.reached = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    kuzhi_sowing_push (&sowing, &events[i]);
  sowing.displayed = pos;
  kuzhi_sowing_start (&sowing, &pos);
  g_assert_true (kuzhi_sowing_advance (&sowing, 1));
  g_assert_true (kuzhi_sowing_advance (&sowing, 1 + 140000 + 150000 + 1));
  g_assert_cmpint (counts.reached, ==, 1);
  kuzhi_sowing_skip_rest (&sowing);
  g_assert_cmpint (counts.reached, ==, 1);
  kuzhi_sowing_clear (&sowing);
}

typedef struct {
  GString *log;
} Shown;

static void
on_shown (const KzEvent *ev, gint64 at, gpointer data)
{
  g_string_append_printf (((Shown *) data)->log, "%s%d@%" G_GINT64_FORMAT,
                          ((Shown *) data)->log->len ? " " : "", ev->type, at);
}

/* Each event is told once as it is shown, at its time on the move's own
 * schedule whatever the frames: a drop when its shell lands, the rest as
 * they begin; finishing early tells nothing of what it passes over. */
static void
test_shown (void)
{
  KuzhiSowing sowing;
  Shown shown = { g_string_new (NULL) };
  KzPosition pos = { 0 };
  KzEvent events[] = {
    event (KZ_EVENT_LIFT, 2, -1, 2),
    event (KZ_EVENT_DROP, 3, -1, 0),
    event (KZ_EVENT_STORE, -1, 0, 0),
    event (KZ_EVENT_CAPTURE, 4, 0, 2),
    event (KZ_EVENT_MATCH_END, -1, 0, 0),
  };
  g_autofree char *expected = NULL;

  kuzhi_sowing_init (&sowing);
  sowing.step_ms = 100;
  sowing.shown = on_shown;
  sowing.data = &shown;
  pos.n_pits = 12;
  pos.pits[2] = 2;
  pos.pits[4] = 2;
  sowing.displayed = pos;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    kuzhi_sowing_push (&sowing, &events[i]);
  kuzhi_sowing_start (&sowing, &pos);
  /* Late, uneven frames: the times are still the schedule's. */
  g_assert_true (kuzhi_sowing_advance (&sowing, 5000));
  g_assert_true (kuzhi_sowing_advance (&sowing, 5000 + 150000));
  g_assert_true (kuzhi_sowing_advance (&sowing, 5000 + 380000));
  g_assert_false (kuzhi_sowing_advance (&sowing, 5000 + 900000));
  expected = g_strdup_printf ("%d@5000 %d@245000 %d@345000 %d@345000 %d@645000",
                              KZ_EVENT_LIFT, KZ_EVENT_DROP, KZ_EVENT_STORE, KZ_EVENT_CAPTURE, KZ_EVENT_MATCH_END);
  g_assert_cmpstr (shown.log->str, ==, expected);

  /* Cut short after the lift: nothing more is told. */
  g_string_truncate (shown.log, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    kuzhi_sowing_push (&sowing, &events[i]);
  sowing.displayed = pos;
  kuzhi_sowing_start (&sowing, &pos);
  g_assert_true (kuzhi_sowing_advance (&sowing, 1));
  kuzhi_sowing_skip_rest (&sowing);
  g_assert_cmpstr (shown.log->str, ==, "0@1");
  kuzhi_sowing_clear (&sowing);
  g_string_free (shown.log, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sowing/replay-every-game", test_replay_every_game);
  g_test_add_func ("/sowing/timing", test_timing);
  g_test_add_func ("/sowing/skip-rest", test_skip_rest);
  g_test_add_func ("/sowing/shown", test_shown);
  return g_test_run ();
}
