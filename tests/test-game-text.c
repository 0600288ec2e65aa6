/* test-game-text.c — the sowing preview in words (kuzhi_game_preview_text), what screen readers say of a cup: one sentence naming the relay cups in order, triples, captures, the extra move and the end of a round or the match; the hint's words beside the score, each game's words for its pieces and pits, Oware's end; no display needed. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* The hint's words, one table: where the player to move stands by the
 * header's numbers, and the value (the final margin with best play, as
 * the analysis writes it on the cup) said apart from it, so that "you are
 * 5 behind" sits next to a header that shows 5 behind. */
typedef struct {
  const char *name;
  KzVariantId variant;
  uint8_t     stores[2];
  int         to_move;
  int         seeds;
  gboolean    exact;
  const char *expected;
} HintCase;

static const HintCase hint_cases[] = {
  /* The Oware position: 3 against 8, the search's −15. */
  { "oware/behind-estimate", KZ_VARIANT_OWARE, { 3, 8 }, 0, -15, FALSE,
    "Best: house 2 — you are 5 behind; best play ends about 15 behind" },
  { "oware/ahead-estimate", KZ_VARIANT_OWARE, { 3, 8 }, 1, 2, FALSE,
    "Best: house 2 — you are 5 ahead; best play ends about 2 ahead" },
  { "kalah/level-proven-win", KZ_VARIANT_KALAH, { 4, 4 }, 0, 6, TRUE,
    "Best: pit 2 — you are level; best play wins by 6" },
  { "kalah/proven-loss", KZ_VARIANT_KALAH, { 10, 4 }, 1, -2, TRUE,
    "Best: pit 2 — you are 6 behind; best play loses by 2" },
  { "dakon/proven-draw", KZ_VARIANT_DAKON, { 1, 0 }, 0, 0, TRUE,
    "Best: pit 2 — you are 1 ahead; best play ends in a draw" },
  { "mangala/estimate-level", KZ_VARIANT_MANGALA, { 0, 2 }, 0, 0, FALSE,
    "Best: pit 2 — you are 2 behind; best play ends about level" },
};

static void
test_hint_case (gconstpointer data)
{
  const HintCase *c = data;
  static const uint8_t pits[KZ_MAX_PITS] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
  KzPosition pos = kz_test_make_position (c->variant, NULL, pits, c->stores, c->to_move);
  g_autofree char *what = kuzhi_game_action_name (&pos, (KzAction) (c->to_move * pos.n_pits / 2 + 1));
  g_autofree char *text = kuzhi_game_hint_text (&pos, what, c->seeds, c->exact);

  g_assert_cmpstr (text, ==, c->expected);
}

/* The analysis's value of a move (on its cup) and the hint's words for
 * it are the same number: "−15" is "ends about 15 behind". */
static void
test_value_and_outcome (void)
{
  static const struct { int score; gboolean exact; const char *cup; const char *words; } values[] = {
    { -1500, FALSE, "−15", "ends about 15 behind" },
    { 230,   FALSE, "+2",  "ends about 2 ahead" },
    { 0,     FALSE, "0",   "ends about level" },
    { KZ_SCORE_WIN + 4 * KZ_SCORE_MARGIN_MUL - 3, TRUE, "wins by 4", "wins by 4" },
    { -(KZ_SCORE_WIN + 2 * KZ_SCORE_MARGIN_MUL - 3), TRUE, "loses by 2", "loses by 2" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (values); i++)
    {
      KzMoveValue mv = { .action = 0, .score = values[i].score, .exact = values[i].exact };
      g_autofree char *cup = kuzhi_game_value_text (&mv);
      g_autofree char *words = kuzhi_game_outcome_text (kz_score_to_seeds (mv.score), mv.exact);

      g_assert_cmpstr (cup, ==, values[i].cup);
      g_assert_cmpstr (words, ==, values[i].words);
    }
}

/* Each game's own words: its pieces in hand in the header, its pits in
 * the line that says what to do (for the keyboard as much as the mouse). */
typedef struct {
  const char *name;
  KzVariantId variant;
  const char *hand1;
  const char *hand3;
  const char *prompt;
} WordsCase;

static const WordsCase words_cases[] = {
  { "constitution", KZ_VARIANT_CONSTITUTION, "1 shell in hand", "3 shells in hand",
    "Sow a highlighted cup: click it, or reach it with the arrow keys and press Enter." },
  { "kalah", KZ_VARIANT_KALAH, "1 seed in hand", "3 seeds in hand",
    "Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter." },
  { "oware", KZ_VARIANT_OWARE, "1 seed in hand", "3 seeds in hand",
    "Sow a highlighted house: click it, or reach it with the arrow keys and press Enter." },
  { "mangala", KZ_VARIANT_MANGALA, "1 stone in hand", "3 stones in hand",
    "Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter." },
  { "dakon", KZ_VARIANT_DAKON, "1 seed in hand", "3 seeds in hand",
    "Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter." },
  { "pallanguzhi", KZ_VARIANT_PALLANGUZHI, "1 shell in hand", "3 shells in hand",
    "Sow a highlighted cup: click it, or reach it with the arrow keys and press Enter." },
  { "bohnenspiel", KZ_VARIANT_BOHNENSPIEL, "1 bean in hand", "3 beans in hand",
    "Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter." },
};

static void
test_words_case (gconstpointer data)
{
  const WordsCase *c = data;
  static const uint8_t pits[KZ_MAX_PITS] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
  KzPosition pos = kz_test_make_position (c->variant, NULL, pits, (uint8_t[2]) { 0, 0 }, 0);
  g_autofree char *hand1 = kuzhi_game_hand_text (&pos, 1);
  g_autofree char *hand3 = kuzhi_game_hand_text (&pos, 3);
  g_autofree char *prompt = kuzhi_game_sow_prompt (&pos);
  g_autofree char *variation = kuzhi_game_variation_prompt (&pos);
  g_autofree char *word = kuzhi_game_action_name (&pos, 0);

  g_assert_cmpstr (hand1, ==, c->hand1);
  g_assert_cmpstr (hand3, ==, c->hand3);
  g_assert_cmpstr (prompt, ==, c->prompt);
  g_assert_null (strstr (prompt, "Click"));
  /* "cup 1", "pit 1", "house 1": the variation's line says the same word. */
  *strchr (word, ' ') = '\0';
  g_assert_nonnull (strstr (variation, word));
}

/* Oware at its end: each player has also kept their row, so the header
 * and captions give the final counts, not "45/25". */
static void
test_oware_end (void)
{
  static const uint8_t pits[KZ_MAX_PITS] = { 0 };
  KzPosition pos = kz_test_make_position (KZ_VARIANT_OWARE, NULL, pits, (uint8_t[2]) { 3, 45 }, 0);
  g_autofree char *playing = NULL;
  g_autofree char *over = NULL;
  g_autofree char *caption = NULL;

  playing = kuzhi_game_header_scores (&pos, "Meena", "Arul");
  g_assert_cmpstr (playing, ==, "Meena 3/25 · Arul 45/25");   /* the form in play */
  pos.over = true;
  pos.winner = 1;
  over = kuzhi_game_header_scores (&pos, "Meena", "Arul");
  g_assert_cmpstr (over, ==, "Meena 3 · Arul 45");
  caption = kuzhi_game_caption (&pos, 1, "Arul");
  g_assert_cmpstr (caption, ==, "<b>Arul</b>: 45 in all, captured and kept from the row");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  KZ_TEST_ADD_CASES ("/game-text/preview", cases, test_case);
  g_test_add_func ("/game-text/preview/many-relays", test_many_relays);
  KZ_TEST_ADD_CASES ("/game-text/hint", hint_cases, test_hint_case);
  g_test_add_func ("/game-text/value-and-outcome", test_value_and_outcome);
  KZ_TEST_ADD_CASES ("/game-text/words", words_cases, test_words_case);
  g_test_add_func ("/game-text/oware-end", test_oware_end);
  return g_test_run ();
}
