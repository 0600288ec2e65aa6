/* test-preview.c — the sowing preview (kz_position_preview): where the last shell falls, the relays, triples, captures and an extra move, from positions the rules pages decide. */
#include <glib.h>
#include <string.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

typedef struct {
  const char *name;
  KzVariantId variant;
  uint8_t     pits[KZ_MAX_PITS];
  int         to_move;
  KzAction    action;

  int         x_last_pit;     /* -1: a store */
  int         x_last_store;   /* -1: a pit */
  const char *x_relays;       /* the relay cups, space-separated */
  uint32_t    x_triples;
  uint32_t    x_captures;
  int         x_taken[2];
  gboolean    x_extra_turn;
} Case;

#define BIT(p) (1u << (p))

static const Case cases[] = {
  /* docs/rules-constitution.md, the worked example: cup 0 relays from 5,
   * 11, 3 and 10 and its last shell falls in cup 3. */
  { "constitution/worked-example", KZ_VARIANT_CONSTITUTION,
    { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 }, 0, 0,
    3, -1, "5 11 3 10", 0, 0, { 0, 0 }, FALSE },
  /* A last shell making three on the opponent's row: a triple for the mover. */
  { "constitution/triple-to-mover", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 0, 0, 0 }, 0, 5,
    8, -1, "", BIT (8), 0, { 3, 0 }, FALSE },
  /* A middle drop making three on the opponent's row: the owner's. */
  { "constitution/triple-to-owner", KZ_VARIANT_CONSTITUTION,
    { 0, 0, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0, 5, 0 }, 0, 5,
    9, -1, "", BIT (7), 0, { 0, 3 }, FALSE },
  /* Kalah: the last seed in the store moves again. */
  { "kalah/extra-move", KZ_VARIANT_KALAH,
    { 0, 0, 0, 0, 1, 1, 9, 1, 0, 0, 0, 1 }, 0, 5,
    -1, 0, "", 0, 0, { 1, 0 }, TRUE },
  /* Kalah: the last seed in an own empty pit takes it and the 8 opposite. */
  { "kalah/capture", KZ_VARIANT_KALAH,
    { 1, 0, 0, 0, 0, 2, 3, 1, 1, 1, 8, 1 }, 0, 0,
    1, -1, "", 0, BIT (1) | BIT (10), { 9, 0 }, FALSE },
  /* Oware: the last seed makes 2 on the opponent's row and 3 before it:
   * both are captured. */
  { "oware/capture-chain", KZ_VARIANT_OWARE,
    { 0, 0, 0, 0, 0, 2, 2, 1, 4, 4, 4, 4 }, 0, 5,
    7, -1, "", 0, BIT (6) | BIT (7), { 5, 0 }, FALSE },
};

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  static const uint8_t no_stores[2] = { 0, 0 };
  KzPosition pos = kz_test_make_position (c->variant, NULL, c->pits, no_stores, c->to_move);
  KzPreview preview;
  GString *relays = g_string_new (NULL);

  g_assert_true (kz_position_preview (&pos, c->action, &preview));
  for (int i = 0; i < MIN (preview.n_relays, KZ_PREVIEW_MAX_RELAYS); i++)
    g_string_append_printf (relays, "%s%d", i ? " " : "", preview.relays[i]);

  g_assert_cmpint (preview.last_pit, ==, c->x_last_pit);
  g_assert_cmpint (preview.last_store, ==, c->x_last_store);
  g_assert_cmpstr (relays->str, ==, c->x_relays);
  g_assert_cmphex (preview.triples, ==, c->x_triples);
  g_assert_cmphex (preview.captures, ==, c->x_captures);
  g_assert_cmpint (preview.taken[0], ==, c->x_taken[0]);
  g_assert_cmpint (preview.taken[1], ==, c->x_taken[1]);
  g_assert_cmpint (preview.extra_turn, ==, c->x_extra_turn);
  g_string_free (relays, TRUE);
}

/* An illegal action has no preview, and the position is never changed. */
static void
test_illegal (void)
{
  KzMatch m;
  KzPosition before;
  KzPreview preview;

  g_assert_true (kz_match_init (&m, KZ_VARIANT_KALAH, NULL, NULL, 0));
  before = m.pos;
  g_assert_false (kz_position_preview (&m.pos, 7, &preview));   /* the other row */
  g_assert_cmpint (preview.last_pit, ==, -1);
  g_assert_true (kz_position_preview (&m.pos, 2, &preview));
  g_assert_true (kz_position_equal (&m.pos, &before));
  kz_match_clear (&m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  KZ_TEST_ADD_CASES ("/preview", cases, test_case);
  g_test_add_func ("/preview/illegal", test_illegal);
  return g_test_run ();
}
