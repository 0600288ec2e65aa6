/* test-game-text.c — the sowing preview in words (kuzhi_game_preview_text), what screen readers say of a cup: one sentence naming the relay cups in order, triples, captures, the extra move and the end of a round or the match; no display needed. */
#include <glib.h>
#include <string.h>

#include "kuzhi-game-text.h"
#include "kuzhi-test-util.h"

typedef struct {
  const char *name;
  KzVariantId variant;
  uint8_t     pits[KZ_MAX_PITS];
  uint8_t     stores[2];
  KzAction    action;
  const char *expected;
} Case;

/* The positions are test-preview.c's, where the rules pages decide what
 * each move does; Player 1 ("Ana") moves. */
static const Case cases[] = {
  /* docs/rules-constitution.md's worked example: relays from cups 5, 11,
   * 3 and 10, the last shell in cup 3; the other row's cups named with
   * their owner, as a line of play names them. */
  { "constitution/relays", KZ_VARIANT_CONSTITUTION,
    { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 }, { 0, 0 }, 0,
    "The last shell falls in Ana's cup 4; it goes on from cup 6, Ben's cup 5, cup 4 and Ben's cup 4." },
  { "constitution/triple-to-mover", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0, 0 }, { 0, 0 }, 5,
    "The last shell falls in Ben's cup 2; Ana takes 1 triple." },
  { "constitution/triple-to-owner", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0, 5, 0 }, { 0, 0 }, 5,
    "The last shell falls in Ben's cup 3; Ben takes 1 triple." },
  { "kalah/extra-move", KZ_VARIANT_KALAH,
    { 0, 0, 0, 0, 1, 1, 9, 1, 0, 0, 0, 1 }, { 0, 0 }, 5,
    "The last seed falls in Ana's store; Ana sows 1 into the store; Ana moves again." },
  /* The seeds Ben gathers as the match ends are no capture. */
  { "kalah/capture-ends-match", KZ_VARIANT_KALAH,
    { 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 4, 0 }, { 0, 0 }, 0,
    "The last seed falls in Ana's pit 2; Ana captures 5; the match ends." },
  { "oware/majority-ends-match", KZ_VARIANT_OWARE,
    { 3, 0, 0, 0, 0, 2, 2, 1, 0, 4, 0, 0 }, { 23, 0 }, 5,
    "The last seed falls in Ben's house 2; Ana captures 5; the match ends." },
  { "dakon/relay-capture", KZ_VARIANT_DAKON,
    { 2, 0, 1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0 }, { 0, 0 }, 0,
    "The last seed falls in Ana's pit 5; it goes on from pit 3; Ana captures 4." },
  { "pallanguzhi/round-ends", KZ_VARIANT_PALLANGUZHI,
    { 2, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0 }, { 40, 40 }, 5,
    "The last shell falls in Ana's cup 7; Ana captures 3; the round ends." },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  KzPosition pos = kz_test_make_position (c->variant, NULL, c->pits, c->stores, 0);
  KzPreview preview;
  g_autofree char *text = NULL;

  g_assert_true (kz_position_preview (&pos, c->action, &preview));
  text = kuzhi_game_preview_text (&pos, &preview, "Ana", "Ben");
  g_assert_cmpstr (text, ==, c->expected);
}

/* More relays than the preview keeps: the first 16 named, the rest
 * counted; and Ben moving names Ana's cups with her name. */
static void
test_many_relays (void)
{
  static const uint8_t pits[KZ_MAX_PITS] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_CONSTITUTION, NULL, pits, (uint8_t[2]) { 0, 0 }, 1);
  KzPreview preview = { .last_pit = 2, .last_store = -1, .n_relays = 18 };
  g_autofree char *text = NULL;

  for (int i = 0; i < KZ_PREVIEW_MAX_RELAYS; i++)
    preview.relays[i] = i % 2 == 0 ? 7 : 0;
  text = kuzhi_game_preview_text (&pos, &preview, "Ana", "Ben");
  g_assert_cmpstr (text, ==,
                   "The last shell falls in Ana's cup 3; it goes on from cup 1, Ana's cup 1, cup 1, Ana's cup 1, "
                   "cup 1, Ana's cup 1, cup 1, Ana's cup 1, cup 1, Ana's cup 1, cup 1, Ana's cup 1, "
                   "cup 1, Ana's cup 1, cup 1, Ana's cup 1 and 2 more.");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  KZ_TEST_ADD_CASES ("/game-text/preview", cases, test_case);
  g_test_add_func ("/game-text/preview/many-relays", test_many_relays);
  return g_test_run ();
}
