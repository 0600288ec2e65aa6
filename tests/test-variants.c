/* test-variants.c — every game's facts in its KzVariant entry agree with its rules: the options New Match offers are exactly those setup() accepts, and the other facts match what play shows. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "kuzhi-engine.h"

static gboolean
listed (const uint8_t *choices, int value)
{
  for (int i = 0; i < KZ_MAX_CHOICES && choices[i] != 0; i++)
    if (choices[i] == value)
      return TRUE;
  return FALSE;
}

static void
test_options (void)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      const KzVariant *v = kz_variant_get ((KzVariantId) id);
      KzOptions defaults = { 0 };
      KzMatch match;

      g_assert_nonnull (v);
      g_test_message ("%s", v->key);
      g_assert_true (v == kz_variant_lookup (v->key));
      /* The default is listed, and is what setup takes without options. */
      g_assert_true (listed (v->seeds_choices, v->seeds_default));
      g_assert_true (kz_match_init (&match, (KzVariantId) id, &defaults, NULL, 0));
      g_assert_cmpint (match.pos.seeds, ==, v->seeds_default);
      if (v->has_rounds)
        g_assert_cmpint (match.pos.round, ==, 1);
      g_assert_cmpint (match.pos.n_pits, ==, v->n_pits);
      kz_match_clear (&match);

      /* Every seeds count setup accepts is listed, and no other. */
      for (int seeds = 1; seeds <= 99; seeds++)
        {
          KzOptions options = { .seeds = seeds };
          char error[256] = "";
          gboolean ok = kz_match_init (&match, (KzVariantId) id, &options, error, sizeof error);

          g_assert_cmpint (ok, ==, listed (v->seeds_choices, seeds));
          if (ok)
            kz_match_clear (&match);
          else
            g_assert_cmpstr (error, !=, "");
        }
      /* Each listed pasu goes with the default seeds; no game without a
       * pasu choice accepts one. */
      for (int pasu = 1; pasu <= 99; pasu++)
        {
          KzOptions options = { .pasu = pasu };
          gboolean ok = kz_match_init (&match, (KzVariantId) id, &options, NULL, 0);

          g_assert_cmpint (ok, ==, listed (v->pasu_choices, pasu));
          if (ok)
            kz_match_clear (&match);
        }
      /* What the search needs is there for every game. */
      g_assert_nonnull (v->eval);
      g_assert_cmpint (v->eval_weights.w[0], !=, 0);
      g_assert_nonnull (v->eval_weight_names[0]);
      g_assert_cmpint (v->easy_stray, <=, 100);
      /* The review's thresholds: a blunder is a worse mistake, and the
       * review searches every position for some time. */
      g_assert_cmpint (v->review_mistake, >=, 1);
      g_assert_cmpint (v->review_blunder, >, v->review_mistake);
      g_assert_cmpint (v->review_time_ms, >=, 100);
      g_assert_true (v->pit_word == KZ_PIT_WORD_CUP || v->pit_word == KZ_PIT_WORD_PIT || v->pit_word == KZ_PIT_WORD_HOUSE);
    }
}

/* A winning count is the least store that no play can answer: more than
 * half of what the board holds. */
static void
test_win_target (void)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      const KzVariant *v = kz_variant_get ((KzVariantId) id);
      KzMatch match;

      if (v->win_target == 0)
        continue;
      g_assert_true (kz_match_init (&match, (KzVariantId) id, NULL, NULL, 0));
      g_assert_cmpint (v->win_target, ==, kz_position_total (&match.pos) / 2 + 1);
      kz_match_clear (&match);
    }
}

/* The header's count: a game without an account of its own (every game
 * but the Constitution, whose account test-constitution checks) counts
 * the player's store, whatever lies on the board. */
static void
test_account_is_store (void)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      const KzVariant *v = kz_variant_get ((KzVariantId) id);
      KzMatch match;

      g_test_message ("%s", v->key);
      g_assert_true ((v->account == NULL) == (id != KZ_VARIANT_CONSTITUTION));
      if (v->account != NULL)
        continue;
      g_assert_true (kz_match_init (&match, (KzVariantId) id, NULL, NULL, 0));
      match.pos.stores[0] = 7;
      match.pos.stores[1] = 3;
      g_assert_cmpint (kz_position_account (&match.pos, 0), ==, 7);
      g_assert_cmpint (kz_position_account (&match.pos, 1), ==, 3);
      kz_match_clear (&match);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/variants/options", test_options);
  g_test_add_func ("/variants/win-target", test_win_target);
  g_test_add_func ("/variants/account-is-store", test_account_is_store);
  return g_test_run ();
}
