/* test-positions.c — set-up positions (issue #32): what kz_position_check() accepts and refuses in every game, as the rules pages' "Set-up positions" sections say, and that a match from a set-up position plays on and undoes back to it. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"

#define NO_LUCKY 0
#define LUCKY(c) ((c) + 1)   /* a lucky cup in a case: 0 is none */
#define ROUND_ZERO (-1)

typedef struct {
  const char *variant;
  int         seeds;      /* 0: the game's default */
  int         pasu;       /* 0: the game's default */
  const char *pits;       /* NULL: the start's */
  int         stores[2];
  int         to_move;
  int         round;      /* 0: the start's; ROUND_ZERO: 0 */
  int         opener;
  int         refill[2];
  int         lucky[2];   /* LUCKY (c) or NO_LUCKY */
  int         rubbish;
  int         plies;
  int         quiet;
  int         n_pits;     /* 0: the game's */
  int         marked;
  const char *refused;    /* NULL: accepted; else words the reason has */
} Case;

static const Case cases[] = {
  /* Kalah, 48 seeds with 4 a pit. */
  { "kalah", 4, 0, "1 2 3 4 5 6 6 5 4 3 2 1", { 3, 3 }, 1 },
  { "kalah", 4, 0, "1 2 3 4 5 6 6 5 4 3 2 1", { 3, 2 }, 1, .refused = "hold 47 seeds; Kalah needs 48." },
  { "kalah", 4, 0, "0 0 0 0 0 0 6 5 4 3 2 1", { 20, 7 }, 0, .refused = "A row is empty, so the game is already over" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 2, .refused = "must be 0 or 1, not 2" },
  { "kalah", 7, 0, NULL, { 0, 0 }, 0, .refused = "Seeds must be 3, 4, 5 or 6 for Kalah (got 7)" },
  { "kalah", 4, 0, "4 4 4 4 4 4 4 4 4 4 4 3", { 0, 0 }, 0, .refill = { 1, 0 }, .refused = "Kalah has no refill shells" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 0, .lucky = { LUCKY (2), NO_LUCKY }, .refused = "Kalah has no lucky cups" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 0, .round = 3, .refused = "Kalah is not played in rounds" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 0, .quiet = 5, .refused = "no rule on plies without a capture" },
  { "kalah", 4, 4, NULL, { 0, 0 }, 0, .refused = "Kalah has no pasu" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 0, .n_pits = 14, .refused = "Kalah is played on 12 pits, not 14" },
  { "kalah", 4, 0, NULL, { 0, 0 }, 0, .marked = 1, .refused = "starts a turn" },
  /* Oware, 48 seeds. */
  { "oware", 0, 0, "4 4 4 4 4 4 0 0 0 0 0 0", { 12, 12 }, 0 },
  { "oware", 0, 0, NULL, { 0, 0 }, 1, .plies = 399 },
  { "oware", 0, 0, NULL, { 0, 0 }, 1, .plies = 400, .refused = "400-ply limit" },
  { "oware", 0, 0, "1 1 0 0 0 0 0 0 0 0 0 0", { 23, 23 }, 0, .refused = "cannot feed the empty row" },
  { "oware", 0, 0, "0 0 0 0 0 0 1 1 0 0 0 0", { 23, 23 }, 0, .refused = "The player to move has no seeds" },
  { "oware", 0, 0, "1 1 1 1 1 1 1 1 1 1 1 1", { 25, 11 }, 1, .refused = "more than half the seeds" },
  { "oware", 0, 0, NULL, { 0, 0 }, 0, .rubbish = 4, .refused = "Oware has no rubbish cups" },
  /* Mangala, 48 stones. */
  { "mangala", 0, 0, "5 5 5 5 5 5 3 3 3 3 3 3", { 0, 0 }, 1 },
  { "mangala", 0, 0, "5 5 5 5 5 5 0 0 0 0 0 0", { 10, 8 }, 1, .refused = "A row is empty" },
  /* Dakon, 98 seeds with 7 a pit. */
  { "dakon", 0, 0, NULL, { 0, 0 }, 1, .quiet = 99 },
  { "dakon", 0, 0, NULL, { 0, 0 }, 1, .quiet = 100, .refused = "100 plies have passed without a capture" },
  { "dakon", 0, 0, "0 0 0 0 0 0 0 7 7 7 7 7 7 7", { 40, 9 }, 1, .refused = "A row is empty" },
  /* Bohnenspiel, 48 beans with 4 a pit: the other row may be empty. */
  { "bohnenspiel", 4, 0, "8 8 8 8 8 8 0 0 0 0 0 0", { 0, 0 }, 0 },
  { "bohnenspiel", 4, 0, "8 8 8 8 8 8 0 0 0 0 0 0", { 0, 0 }, 1, .refused = "The player to move has no beans" },
  { "bohnenspiel", 4, 0, NULL, { 0, 0 }, 0, .quiet = 100, .refused = "100 plies" },
  /* The Constitution, 70 shells with 5 a cup. */
  { "constitution", 5, 0, NULL, { 0, 0 }, 1, .round = 1 },
  { "constitution", 5, 0, "5 5 5 0 5 5 5 5 5 5 5 5 5 5", { 5, 0 }, 1, .lucky = { LUCKY (3), NO_LUCKY } },
  { "constitution", 5, 0, "5 5 5 0 5 5 5 5 5 5 5 5 5 5", { 5, 0 }, 1, .refused = "holds 5 shells, but without a lucky cup" },
  { "constitution", 5, 0, "5 5 5 0 5 5 5 5 5 5 5 5 5 5", { 5, 0 }, 1, .lucky = { LUCKY (8), NO_LUCKY },
    .refused = "Player 1's lucky cup must be one of their own cups, 0 to 6, not 8" },
  { "constitution", 5, 0, "5 5 5 5 5 5 4 5 5 5 5 5 5 5", { 0, 0 }, 0, .refill = { 0, 1 },
    .refused = "In the first round no shell waits off the board" },
  { "constitution", 5, 0, "5 5 5 5 5 5 4 5 5 5 5 5 5 5", { 0, 0 }, 0, .round = 2, .refill = { 0, 1 } },
  { "constitution", 5, 0, NULL, { 0, 0 }, 0, .opener = 1, .refused = "Player 1 opens the first round" },
  { "constitution", 5, 0, "5 5 5 5 5 5 5 5 5 5 5 5 5 4", { 0, 0 }, 0, .refused = "hold 69 shells; the Constitution needs 70." },
  { "constitution", 5, 0, NULL, { 0, 0 }, 0, .round = ROUND_ZERO, .refused = "Rounds are counted from 1, not 0" },
  { "constitution", 5, 0, NULL, { 0, 0 }, 0, .marked = 1, .refused = "no lucky cup can be marked" },
  { "constitution", 9, 0, NULL, { 0, 0 }, 0, .refused = "Seeds must be 4, 5 or 6" },
  /* Player 2's row emptied at a round's end: Player 1 plays on alone. */
  { "constitution", 5, 0, "5 5 5 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 3, .refill = { 1, 4 } },
  { "constitution", 5, 0, "5 5 5 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 1, .round = 3, .opener = 1, .refill = { 1, 4 },
    .refused = "Player 2, to move, has no shell to sow" },
  { "constitution", 5, 0, "5 5 5 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 3, .opener = 1, .refill = { 1, 4 },
    .refused = "Player 2, who opened it, is to move" },
  { "constitution", 5, 0, "5 5 5 5 5 5 4 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 3, .refill = { 2, 4 },
    .refused = "Player 1's row must be filled as a round's end fills it" },
  { "constitution", 5, 0, "5 5 5 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 3, .refill = { 1, 4 },
    .lucky = { LUCKY (2), NO_LUCKY }, .refused = "Player 1's row must be filled" },
  { "constitution", 5, 0, "5 5 1 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 3, .refill = { 5, 4 },
    .lucky = { LUCKY (2), NO_LUCKY } },
  { "constitution", 5, 0, "5 5 5 5 5 5 5 0 0 0 0 0 0 0", { 15, 15 }, 0, .round = 1, .refill = { 1, 4 },
    .refused = "In the first round" },
  { "constitution", 5, 0, "0 0 0 0 0 0 0 0 0 0 0 0 0 0", { 33, 36 }, 0, .round = 4, .refill = { 1, 0 },
    .refused = "Both rows are empty, so the game is already over" },
  /* Pallanguzhi, 148 counters in the traditional layout, pasu 6. */
  { "pallanguzhi", 0, 0, NULL, { 0, 0 }, 1 },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 12 12 12 12 12 2 12 0 0", { 0, 24 }, 1, .round = 2, .opener = 1,
    .rubbish = 1 << 12 | 1 << 13 },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 12 12 12 12 12 2 12 0 0", { 0, 24 }, 1, .round = 1,
    .rubbish = 1 << 12 | 1 << 13, .refused = "The first round has no rubbish cups" },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 12 12 12 12 12 2 12 0 0", { 0, 24 }, 1, .round = 2, .opener = 1,
    .rubbish = 1 << 12, .refused = "Cup 13 is in play after a rubbish cup" },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 12 12 12 12 12 2 12 12 5", { 0, 7 }, 1, .round = 2, .opener = 1,
    .rubbish = 1 << 13, .refused = "Cup 13 is a rubbish cup, out of play, so it holds nothing (it holds 5)" },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 12 12 0 0 0 0 0 0 0", { 0, 74 }, 0, .round = 2, .opener = 1,
    .rubbish = 0x3f80, .refused = "Cup 7, the first of a row, is never a rubbish cup" },
  { "pallanguzhi", 0, 0, "12 12 12 2 12 6 12 12 12 12 2 12 12 12", { 6, 0 }, 0,
    .refused = "Cup 5 holds 6 counters, the pasu" },
  { "pallanguzhi", 0, 0, NULL, { 0, 0 }, 0, .round = 2, .opener = 0,
    .refused = "Player 1 opens the odd rounds and Player 2 the even ones, so Player 2 opened round 2" },
  { "pallanguzhi", 0, 0, "0 0 0 0 0 0 0 12 12 12 2 12 12 12", { 74, 0 }, 0,
    .refused = "Player 1, to move, has no counters on their row, so the round is over" },
  { "pallanguzhi", 5, 6, NULL, { 0, 0 }, 0, .refused = "Pasu 6 needs the traditional layout" },
  { "pallanguzhi", 5, 4, "5 5 5 5 5 5 5 5 5 5 5 5 5 5", { 0, 0 }, 1 },
};

/* The position a case describes: the game's start with the case's
 * fields in place. */
static KzPosition
case_position (const Case *c)
{
  const KzVariant *v = kz_variant_lookup (c->variant);
  KzMatch match;
  KzPosition pos;

  g_assert_nonnull (v);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (kz_variant_get ((KzVariantId) id) == v)
      g_assert_true (kz_match_init (&match, (KzVariantId) id, NULL, NULL, 0));
  pos = match.pos;
  kz_match_clear (&match);

  if (c->seeds != 0)
    pos.seeds = (uint8_t) c->seeds;
  if (c->pasu != 0)
    pos.option = (uint8_t) c->pasu;
  if (c->pits != NULL)
    {
      g_auto (GStrv) counts = g_strsplit (c->pits, " ", -1);
      g_assert_cmpuint (g_strv_length (counts), ==, v->n_pits);
      for (int i = 0; i < v->n_pits; i++)
        pos.pits[i] = (uint8_t) g_ascii_strtoull (counts[i], NULL, 10);
    }
  else if (c->seeds != 0 && strcmp (c->variant, "pallanguzhi") != 0)
    memset (pos.pits, c->seeds, v->n_pits);
  for (int p = 0; p < 2; p++)
    {
      pos.stores[p] = (uint8_t) c->stores[p];
      pos.refill_left[p] = (uint8_t) c->refill[p];
      pos.lucky[p] = (int8_t) (c->lucky[p] - 1);
    }
  pos.to_move = (uint8_t) c->to_move;
  if (c->round != 0)
    pos.round = (uint16_t) (c->round == ROUND_ZERO ? 0 : c->round);
  pos.opener = (uint8_t) c->opener;
  pos.rubbish = (uint16_t) c->rubbish;
  pos.plies = (uint16_t) c->plies;
  pos.quiet_plies = (uint16_t) c->quiet;
  if (c->n_pits != 0)
    pos.n_pits = (uint8_t) c->n_pits;
  pos.marked = (uint8_t) c->marked;
  return pos;
}

/* Plays random legal actions from the match's start, checking that the
 * seeds are all still there, then undoes them all: undo stops at the
 * start, which comes back exactly. */
static void
play_on_and_back (KzMatch *match, GRand *rand)
{
  KzPosition start = match->start;
  int total = kz_position_total (&start);
  int played = 0;

  for (int i = 0; i < 40 && !match->pos.over; i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      const KzVariant *v = kz_position_variant (&match->pos);
      int n = v->legal (&match->pos, actions);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kz_match_play (match, actions[g_rand_int_range (rand, 0, n)], NULL));
      g_assert_cmpint (kz_position_total (&match->pos), ==, total);
      played++;
    }
  g_assert_cmpint (played, >, 0);
  while (played-- > 0)
    g_assert_true (kz_match_undo (match));
  g_assert_false (kz_match_undo (match));
  g_assert_true (kz_position_equal (&match->pos, &start));
}

static void
test_cases (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (32);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      KzPosition pos = case_position (c);
      char reason[256] = "unset";
      char error[256] = "";
      KzMatch match, before;
      gboolean ok;

      g_test_message ("case %zu: %s %s", i, c->variant, c->refused ? c->refused : "accepted");
      ok = kz_position_check (&pos, reason, sizeof reason);
      /* A match keeps what it had when the start is refused. */
      memset (&match, 0x5a, sizeof match);
      before = match;
      g_assert_cmpint (kz_match_init_at (&match, &pos, error, sizeof error), ==, ok);
      if (c->refused == NULL)
        {
          if (!ok)
            g_error ("case %zu refused: %s", i, reason);
          g_assert_cmpstr (reason, ==, "");
          g_assert_false (match.pos.over);
          g_assert_cmpint (match.pos.winner, ==, -1);
          g_assert_cmpint (match.pos.end, ==, KZ_END_NONE);
          g_assert_true (kz_position_equal (&match.pos, &match.start));
          g_assert_cmpmem (match.pos.pits, sizeof pos.pits, pos.pits, sizeof pos.pits);
          g_assert_cmpint (match.n_history, ==, 0);
          play_on_and_back (&match, rand);
          kz_match_clear (&match);
        }
      else
        {
          if (ok)
            g_error ("case %zu accepted; expected \"%s\"", i, c->refused);
          if (strstr (reason, c->refused) == NULL)
            g_error ("case %zu: reason \"%s\" lacks \"%s\"", i, reason, c->refused);
          g_assert_cmpstr (error, ==, reason);
          g_assert_true (reason[strlen (reason) - 1] == '.');
          g_assert_cmpmem (&match, sizeof match, &before, sizeof before);
        }
    }
}

/* Every position play reaches at a turn's start is one the rules allow:
 * the checks refuse nothing the game itself gives. */
static void
test_reachable_accepted (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3200);

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      const KzVariant *v = kz_variant_get ((KzVariantId) id);

      for (int k = 0; k < KZ_MAX_CHOICES && v->seeds_choices[k] != 0; k++)
        for (int game = 0; game < 60; game++)
          {
            KzOptions options = { .seeds = v->seeds_choices[k] };
            KzMatch match;

            if (v->pasu_choices[0] != 0 && v->seeds_choices[k] != v->seeds_default)
              options.pasu = 4;
            g_assert_true (kz_match_init (&match, (KzVariantId) id, &options, NULL, 0));
            while (!match.pos.over && match.n_history < 600)
              {
                KzAction actions[KZ_MAX_ACTIONS];
                char reason[256];
                int n;

                if (!match.pos.marked && !kz_position_check (&match.pos, reason, sizeof reason))
                  g_error ("%s, seeds %d, ply %zu: %s", v->key, options.seeds, match.n_history, reason);
                n = v->legal (&match.pos, actions);
                g_assert_true (kz_match_play (&match, actions[g_rand_int_range (rand, 0, n)], NULL));
              }
            kz_match_clear (&match);
          }
    }
}

/* Who opened a round by the rules alone (kz_position_rule_opener()), as
 * the rules pages say: Player 1 opens the Constitution's first round and
 * the last round's winner each later one, which the position says (-1);
 * Pallanguzhi's odd rounds are Player 1's and its even ones Player 2's;
 * a game without rounds has Player 1. */
static void
test_rule_opener (void)
{
  static const struct { KzVariantId id; int round; int opener; } openers[] = {
    { KZ_VARIANT_CONSTITUTION, 1, 0 }, { KZ_VARIANT_CONSTITUTION, 2, -1 }, { KZ_VARIANT_CONSTITUTION, 7, -1 },
    { KZ_VARIANT_PALLANGUZHI, 1, 0 }, { KZ_VARIANT_PALLANGUZHI, 2, 1 }, { KZ_VARIANT_PALLANGUZHI, 3, 0 },
    { KZ_VARIANT_PALLANGUZHI, 10, 1 },
    { KZ_VARIANT_KALAH, 0, 0 }, { KZ_VARIANT_OWARE, 0, 0 }, { KZ_VARIANT_MANGALA, 0, 0 },
    { KZ_VARIANT_DAKON, 0, 0 }, { KZ_VARIANT_BOHNENSPIEL, 0, 0 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (openers); i++)
    {
      KzMatch match;

      g_assert_true (kz_match_init (&match, openers[i].id, NULL, NULL, 0));
      match.pos.round = (uint16_t) openers[i].round;
      g_test_message ("%s, round %d", kz_variant_get (openers[i].id)->key, openers[i].round);
      g_assert_cmpint (kz_position_rule_opener (&match.pos), ==, openers[i].opener);
      kz_match_clear (&match);
    }
}

/* A program for people installs a translation (kz_set_translate_func()):
 * the refusal's format and a game's words of why it is over both go
 * through it; without one, English. */
static const char *
fake_translate (const char *english)
{
  if (g_str_equal (english, "A row is empty"))
    return "ROW EMPTY";
  if (g_str_equal (english, "%s, so the game is already over: there is nothing to play."))
    return "OVER <%s>";
  if (g_str_equal (english, "Rounds are counted from 1, not %d."))
    return "ROUND %d";
  return english;
}

static void
test_translated (void)
{
  KzMatch match;
  KzPosition over, round0;
  char reason[256] = "";

  g_assert_true (kz_match_init (&match, KZ_VARIANT_KALAH, &(KzOptions) { .seeds = 4 }, NULL, 0));
  over = match.pos;
  for (int i = 0; i < 6; i++)
    over.pits[i] = 0;
  over.stores[0] = 24;
  kz_match_clear (&match);
  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &(KzOptions) { 0 }, NULL, 0));
  round0 = match.pos;
  round0.round = 0;
  kz_match_clear (&match);

  kz_set_translate_func (fake_translate);
  g_assert_false (kz_position_check (&over, reason, sizeof reason));
  g_assert_cmpstr (reason, ==, "OVER <ROW EMPTY>");
  g_assert_false (kz_position_check (&round0, reason, sizeof reason));
  g_assert_cmpstr (reason, ==, "ROUND 0");
  kz_set_translate_func (NULL);
  g_assert_false (kz_position_check (&over, reason, sizeof reason));
  g_assert_cmpstr (reason, ==, "A row is empty, so the game is already over: there is nothing to play.");
}

/* A translated refusal in letters of two, three or four bytes: the one
 * test_translation_cut() gives the engine. */
static const char *cut_translation;

static const char *
cut_translate (const char *english)
{
  return g_str_equal (english, "Rounds are counted from 1, not %d.") ? cut_translation : english;
}

/* A refusal longer than its room is cut at a character's end, never inside
 * one: what a person reads is valid UTF-8, the translation's beginning,
 * and short of the room by less than one character; with room enough, the
 * whole sentence. */
static void
test_translation_cut (void)
{
  static const struct {
    const char *format;   /* the translation */
    const char *full;     /* it, filled in */
  } translations[] = {
    { "சுற்றுகள் 1 இலிருந்து எண்ணப்படுகின்றன, %d இலிருந்து அல்ல.",
      "சுற்றுகள் 1 இலிருந்து எண்ணப்படுகின்றன, 0 இலிருந்து அல்ல." },
    { "تُعد الجولات بدءًا من 1، لا من %d.", "تُعد الجولات بدءًا من 1، لا من 0." },
    { "Les manches se comptent à partir de 1\u00a0: pas de %d\u2019\U0001F41A.",
      "Les manches se comptent à partir de 1\u00a0: pas de 0\u2019\U0001F41A." },
  };
  KzMatch match;
  KzPosition round0;

  g_assert_true (kz_match_init (&match, KZ_VARIANT_CONSTITUTION, &(KzOptions) { 0 }, NULL, 0));
  round0 = match.pos;
  round0.round = 0;
  kz_match_clear (&match);

  kz_set_translate_func (cut_translate);
  for (gsize i = 0; i < G_N_ELEMENTS (translations); i++)
    {
      size_t full_len = strlen (translations[i].full);

      cut_translation = translations[i].format;
      for (size_t room = 1; room <= full_len + 1; room++)
        {
          g_autofree char *reason = g_malloc (room);
          size_t len;

          g_assert_false (kz_position_check (&round0, reason, room));
          len = strlen (reason);
          g_assert_true (g_utf8_validate (reason, -1, NULL));
          g_assert_true (g_str_has_prefix (translations[i].full, reason));
          g_assert_cmpuint (len, <, room);
          g_assert_cmpuint (len + 4, >=, room);
          if (room == full_len + 1)
            g_assert_cmpstr (reason, ==, translations[i].full);
        }
    }
  kz_set_translate_func (NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/positions/cases", test_cases);
  g_test_add_func ("/positions/reachable-accepted", test_reachable_accepted);
  g_test_add_func ("/positions/rule-opener", test_rule_opener);
  g_test_add_func ("/positions/translated", test_translated);
  g_test_add_func ("/positions/translation-cut", test_translation_cut);
  return g_test_run ();
}
