/* test-window-sound.c — the window's sounds under Xvfb: which sounds a sowing asks for as the board shows it, the drops' rate limit, the Sound switch, Instant, and no word on stderr without a sound device. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-sound.h"
#include "kuzhi-test-window.h"

typedef struct {
  KzTestWindow  w;
  GString      *heard;      /* the names asked for, space-separated */
} Fixture;

static void
on_requested (KuzhiSound *sound,
              const char *name,
              Fixture    *f)
{
  g_string_append_printf (f->heard, "%s%s", f->heard->len ? " " : "", name);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  speed)
{
  f->w.settings = kz_test_settings (speed);
  kz_test_window_open (&f->w);
  f->heard = g_string_new (NULL);
  g_signal_connect (kuzhi_window_get_sound (f->w.window), "requested", G_CALLBACK (on_requested), f);
  kz_test_window_show (f->w.window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  kz_test_window_teardown (&f->w, data);
  g_string_free (f->heard, TRUE);
}

/* Sows a cup and waits until the board has shown the whole move. */
static void
sow_and_watch (Fixture *f,
               int      pit)
{
  gint64 start = g_get_monotonic_time ();

  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", pit);
  while (kuzhi_board_view_get_animating (f->w.board) && g_get_monotonic_time () - start < 30 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (kuzhi_board_view_get_animating (f->w.board));
  g_test_message ("heard: %s", f->heard->str);
}

static void
set_match (Fixture       *f,
           KzVariantId    variant,
           const uint8_t *pits,
           int            store0,
           int            store1)
{
  KzMatch m;

  g_assert_true (kz_match_init (&m, variant, NULL, NULL, 0));
  memcpy (m.pos.pits, pits, m.pos.n_pits);
  m.pos.stores[0] = store0;
  m.pos.stores[1] = store1;
  kuzhi_game_model_set_match (f->w.model, &m);
  kz_match_clear (&m);
}

/* The rules' worked example at Normal (160 ms a shell): Player 2's seven
 * shells from cup 8, the last making a triple in Player 1's cup 1. Each
 * shell clicks as it lands, then the triple chimes; the first move, at
 * Instant, asked for nothing. */
static void
test_triple (Fixture       *f,
             gconstpointer  data)
{
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 0);
  g_assert_false (kuzhi_board_view_get_animating (f->w.board));
  g_assert_cmpstr (f->heard->str, ==, "");

  g_settings_set_string (f->w.settings, "animation-speed", "normal");
  sow_and_watch (f, 7);
  g_assert_cmpint (kuzhi_game_model_get_position (f->w.model)->stores[1], ==, 3);
  g_assert_cmpstr (f->heard->str, ==, "drop drop drop drop drop drop drop triple");
}

/* The same move at Fast (70 ms a shell): a drop within 100 ms of the last
 * drop heard is not heard, so the first, third, fifth and seventh shells
 * click; the triple is never held back. */
static void
test_fast (Fixture       *f,
           gconstpointer  data)
{
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 0);
  g_settings_set_string (f->w.settings, "animation-speed", "fast");
  sow_and_watch (f, 7);
  g_assert_cmpstr (f->heard->str, ==, "drop drop drop drop triple");
}

/* The Constitution: Ana's lucky cup 3 banks what the sowing from cup 1
 * brings it. */
static void
test_lucky (Fixture       *f,
            gconstpointer  data)
{
  static const uint8_t pits[14] = { 2, 0, 4, 5, 5, 5, 5,  5, 5, 5, 5, 5, 5, 5 };
  KzMatch m;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0));
  memcpy (m.pos.pits, pits, sizeof pits);
  m.pos.stores[0] = 9;
  m.pos.stores[1] = 0;
  m.pos.lucky[0] = 2;
  m.pos.lucky[1] = -1;
  g_assert_cmpint (kz_position_total (&m.pos), ==, 70);
  kuzhi_game_model_set_match (f->w.model, &m);
  kz_match_clear (&m);

  sow_and_watch (f, 0);
  g_assert_cmpint (kuzhi_game_model_get_position (f->w.model)->stores[0], ==, 14);
  g_assert_cmpstr (f->heard->str, ==, "drop drop lucky");
}

/* Kalah: the last seed in an empty pit of one's own takes the pit
 * opposite; the board flies both to the store, each with its thunk. A
 * seed into the store clicks like any other. */
static void
test_capture (Fixture       *f,
              gconstpointer  data)
{
  static const uint8_t capture[12] = { 1, 0, 4, 4, 4, 4,  4, 4, 4, 4, 4, 4 };
  static const uint8_t store[12] = { 4, 4, 4, 4, 4, 2,  4, 4, 4, 4, 4, 4 };

  set_match (f, KZ_VARIANT_KALAH, capture, 7, 0);
  sow_and_watch (f, 0);
  g_assert_cmpint (kuzhi_game_model_get_position (f->w.model)->stores[0], ==, 12);
  g_assert_cmpstr (f->heard->str, ==, "drop capture capture");

  g_string_truncate (f->heard, 0);
  set_match (f, KZ_VARIANT_KALAH, store, 2, 0);
  sow_and_watch (f, 5);
  g_assert_cmpstr (f->heard->str, ==, "drop drop");
}

/* The Constitution: Ben cannot fill a cup, so Ana's turn ends the round
 * (the rising phrase); Ana's last shell in the last round ends the match
 * too (the phrase, then the cadence). */
static void
test_ends (Fixture       *f,
           gconstpointer  data)
{
  static const uint8_t alone[14] = { 1, 0, 1, 0, 1, 0, 1,  0, 0, 0, 0, 0, 0, 0 };
  static const uint8_t last[14] = { 0, 0, 0, 0, 0, 0, 1,  0, 0, 0, 0, 0, 0, 0 };

  kz_test_set_constitution (f->w.model, alone, 31, 31, 1, 3);
  sow_and_watch (f, 0);
  g_assert_false (kuzhi_game_model_get_over (f->w.model));
  g_assert_cmpstr (f->heard->str, ==, "drop round-end");

  g_string_truncate (f->heard, 0);
  kz_test_set_constitution (f->w.model, last, 36, 30, 0, 3);
  sow_and_watch (f, 6);
  g_assert_true (kuzhi_game_model_get_over (f->w.model));
  g_assert_cmpstr (f->heard->str, ==, "drop round-end match-end");
}

/* The Sound switch off: the same move asks for nothing, and on again the
 * next one is heard. */
static void
test_switch (Fixture       *f,
             gconstpointer  data)
{
  g_assert_true (kuzhi_sound_get_enabled (kuzhi_window_get_sound (f->w.window)));
  g_settings_set_boolean (f->w.settings, "sound", FALSE);
  g_assert_false (kuzhi_sound_get_enabled (kuzhi_window_get_sound (f->w.window)));
  sow_and_watch (f, 0);
  g_assert_cmpstr (f->heard->str, ==, "");

  g_settings_set_boolean (f->w.settings, "sound", TRUE);
  sow_and_watch (f, 7);
  g_assert_cmpstr (f->heard->str, ==, "drop drop drop drop drop drop drop triple");
}

/* Instant shows no sowing, so nothing is heard; nor is what a sowing cut
 * short by a click passes over. */
static void
test_instant (Fixture       *f,
              gconstpointer  data)
{
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 0);
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 7);
  g_assert_cmpint (kuzhi_game_model_get_position (f->w.model)->stores[1], ==, 3);
  g_assert_cmpstr (f->heard->str, ==, "");

  g_settings_set_string (f->w.settings, "animation-speed", "slow");
  gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.sow", "i", 1);
  g_assert_true (kuzhi_board_view_get_animating (f->w.board));
  kuzhi_board_view_finish_animation (f->w.board);
  kz_test_spin (100);
  g_assert_cmpstr (f->heard->str, ==, "");
}

/* The rule itself, on made-up times: drops at least 100 ms after the last
 * drop heard are heard, the others not; the other sounds never wait. */
static void
test_rate_limit (void)
{
  g_autoptr(KuzhiSound) sound = kuzhi_sound_new ();
  Fixture f = { .heard = g_string_new (NULL) };
  KzEvent drop = { .type = KZ_EVENT_DROP, .pit = 1, .player = -1 };
  KzEvent store = { .type = KZ_EVENT_STORE, .pit = -1, .player = 0 };
  KzEvent capture = { .type = KZ_EVENT_CAPTURE, .pit = 1, .player = 0, .count = 2 };
  KzEvent lift = { .type = KZ_EVENT_LIFT, .pit = 1, .player = -1, .count = 2 };
  const gint64 ms = G_TIME_SPAN_MILLISECOND;

  g_signal_connect (sound, "requested", G_CALLBACK (on_requested), &f);
  kuzhi_sound_event_shown (sound, &lift, 0);
  kuzhi_sound_event_shown (sound, &drop, 10 * ms);     /* heard */
  kuzhi_sound_event_shown (sound, &drop, 60 * ms);
  kuzhi_sound_event_shown (sound, &store, 109 * ms);
  kuzhi_sound_event_shown (sound, &capture, 109 * ms);
  kuzhi_sound_event_shown (sound, &drop, 110 * ms);    /* heard */
  kuzhi_sound_event_shown (sound, &capture, 111 * ms);
  kuzhi_sound_event_shown (sound, &store, 250 * ms);   /* heard */
  kuzhi_sound_event_shown (sound, &drop, 349 * ms);
  kuzhi_sound_event_shown (sound, &drop, 350 * ms);    /* heard */
  g_assert_cmpstr (f.heard->str, ==, "drop capture drop capture drop drop");

  g_string_truncate (f.heard, 0);
  kuzhi_sound_set_enabled (sound, FALSE);
  kuzhi_sound_event_shown (sound, &capture, 1000 * ms);
  kuzhi_sound_event_shown (sound, &drop, 1000 * ms);
  g_assert_cmpstr (f.heard->str, ==, "");
  g_string_free (f.heard, TRUE);
}

/* Without a sound device (here, or with libcanberra's driver unavailable,
 * as the UI tests' environment has it) a window that sows is silent:
 * nothing reaches stderr, from the sound's start to the window's end, and
 * the sounds are still asked for. */
static void
test_no_device (void)
{
  Fixture f = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *written = NULL;
  g_autofree char *heard = NULL;
  int fd, saved;

  fd = g_file_open_tmp ("kuzhi-stderr-XXXXXX", &path, NULL);
  g_assert_cmpint (fd, >=, 0);
  saved = dup (STDERR_FILENO);
  g_assert_cmpint (dup2 (fd, STDERR_FILENO), ==, STDERR_FILENO);

  fixture_setup (&f, "normal");
  sow_and_watch (&f, 0);
  sow_and_watch (&f, 7);
  g_test_message ("sound output: %s", kuzhi_sound_get_has_output (kuzhi_window_get_sound (f.w.window)) ? "yes" : "no");
  heard = g_strdup (f.heard->str);
  fixture_teardown (&f, NULL);

  fflush (stderr);
  g_assert_cmpint (dup2 (saved, STDERR_FILENO), ==, STDERR_FILENO);
  close (saved);
  close (fd);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_unlink (path);
  g_assert_true (g_str_has_suffix (heard, " drop drop drop drop drop drop drop triple"));
  g_assert_cmpstr (written, ==, "");
}

int
main (int   argc,
      char *argv[])
{
  kz_test_gtk_init (&argc, &argv);

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, speed, fixture_setup, fn, fixture_teardown)
  ADD ("/sound/triple", NULL, test_triple);
  ADD ("/sound/fast", NULL, test_fast);
  ADD ("/sound/lucky", "normal", test_lucky);
  ADD ("/sound/capture", "normal", test_capture);
  ADD ("/sound/ends", "normal", test_ends);
  ADD ("/sound/switch", "normal", test_switch);
  ADD ("/sound/instant", NULL, test_instant);
#undef ADD
  g_test_add_func ("/sound/rate-limit", test_rate_limit);
  g_test_add_func ("/sound/no-device", test_no_device);

  return g_test_run ();
}
