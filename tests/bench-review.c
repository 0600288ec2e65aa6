/* bench-review.c — how long Review Match takes: a 60-turn match of Kalah, Oware and the Constitution reviewed at the review's default strength (each game's review_time_ms a position). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>

#include "kuzhi-computer-player.h"
#include "kuzhi-match-history.h"
#include "kuzhi-test-util.h"

/* A match of `turns` turns between Easy and a seeded random player's
 * odd moves (so that it has mistakes to find), or fewer if it ends first. */
static void
play_match (KuzhiComputerPlayer *player, KzMatch *m, KzVariantId id, guint turns)
{
  guint64 rng = 2026 + id;
  g_autoptr(GArray) history = NULL;

  g_assert_true (kz_match_init (m, id, NULL, NULL, 0));
  for (;;)
    {
      history = kuzhi_match_history_new (m);
      if (m->pos.over || history->len >= turns)
        break;
      g_clear_pointer (&history, g_array_unref);
      if (kz_test_rand_range (&rng, 0, 4) != 0)
        {
          KzAction a = kuzhi_computer_player_choose (player, m, KZ_LEVEL_EASY, 20, NULL, NULL, NULL, NULL);
          g_assert_true (kz_match_play (m, a, NULL));
        }
      else
        kz_test_play_random (m, &rng, 1);
    }
}

int
main (int argc, char **argv)
{
  static const KzVariantId games[] = { KZ_VARIANT_KALAH, KZ_VARIANT_OWARE, KZ_VARIANT_CONSTITUTION };
  static const double targets[] = { 30, 30, 60 };
  g_autoptr(KuzhiComputerPlayer) player = kuzhi_computer_player_new ();

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(GArray) reviews = NULL;
      g_autoptr(GArray) turns = NULL;
      g_autoptr(GError) error = NULL;
      const KzVariant *v = kz_variant_get (games[g]);
      KzMatch m;
      gint64 t0;
      double seconds;
      guint mistakes = 0, blunders = 0, proven = 0;

      play_match (player, &m, games[g], 60);
      turns = kuzhi_match_history_new (&m);
      t0 = g_get_monotonic_time ();
      reviews = kuzhi_computer_player_review (player, &m, NULL, &error);
      seconds = (g_get_monotonic_time () - t0) / 1e6;
      g_assert_no_error (error);
      for (guint i = 0; i < reviews->len; i++)
        {
          const KuzhiReviewTurn *r = &g_array_index (reviews, KuzhiReviewTurn, i);
          blunders += r->loss >= v->review_blunder;
          mistakes += r->loss >= v->review_mistake && r->loss < v->review_blunder;
          proven += r->exact;
        }
      g_print ("%s: %u turns reviewed in %.1f s, %.1f s for 60 turns (target: under %.0f s), %u ms a position; "
               "%u mistakes, %u blunders, %u turns proven\n",
               v->key, turns->len, seconds, seconds * 60 / MAX (1, turns->len), targets[g], v->review_time_ms,
               mistakes, blunders, proven);
      kz_match_clear (&m);
    }
  return 0;
}
