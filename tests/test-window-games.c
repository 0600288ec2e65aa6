/* test-window-games.c — every game in the window under Xvfb: New Match's game list and options, the board, header and captions per game, extra turns, must-feed, grand slam, rubbish cups; renders the games' screenshots. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-test-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-new-match-dialog-private.h"
#include "kuzhi-game-chooser.h"
#include "kuzhi-rules-page.h"

typedef KzTestWindow Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->settings = kz_test_settings (NULL);
  kz_test_window_open (f);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 640);
  kz_test_window_show (f->window);
}


static const char *
cup_label (Fixture *f,
           int      pit)
{
  return gtk_widget_get_tooltip_text (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, pit)));
}

static void
sow (Fixture *f,
     int      pit)
{
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", pit);
}

/* Starts a match through win.new-match and the dialog's game list. */
static void
start_through_dialog (Fixture     *f,
                      KzVariantId  id,
                      int          seeds,
                      int          pasu)
{
  KuzhiNewMatchDialog *dialog;
  KuzhiGameChooser *chooser;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  /* Turns played and never saved: the window asks first; discard them. */
  if (kuzhi_window_get_message_dialog (f->window) != NULL)
    {
      adw_message_dialog_response (kuzhi_window_get_message_dialog (f->window), "discard");
      for (int i = 0; i < 100 && kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG) == NULL; i++)
        kz_test_spin (10);
    }
  dialog = kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG);
  g_assert_nonnull (dialog);
  chooser = KUZHI_GAME_CHOOSER (kuzhi_new_match_dialog_get_game_chooser (dialog));
  kuzhi_game_chooser_set_variant (chooser, id);
  g_assert_cmpint (kuzhi_game_chooser_get_variant (chooser), ==, id);
  kuzhi_game_chooser_set_options (chooser, id, seeds, pasu);
  kuzhi_new_match_dialog_set_choices (dialog, 0, "Meena", "Arul");
  g_assert_true (kuzhi_new_match_dialog_start (dialog));
  g_assert_null (kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG));
  kz_test_spin (20);
}

typedef struct {
  KzVariantId id;
  int         seeds, pasu;       /* chosen in the dialog, 0: the default */
  int         n_pits;
  int         want_seeds;        /* the position's start count */
  const char *header_prefix;
  const char *caption_part;
  const char *cup_label;         /* Arul's first cup, in the game's words */
} GameCase;

static const GameCase cases[] = {
  { KZ_VARIANT_KALAH,       5, 0, 12,  5, "Meena to move · Meena 0 · Arul 0", "in the store",
    "Arul, pit 1, 5 seeds" },
  { KZ_VARIANT_OWARE,       0, 0, 12,  4, "Meena to move · Meena 0/25 · Arul 0/25", "captured of the 25 needed",
    "Arul, house 1, 4 seeds" },
  { KZ_VARIANT_MANGALA,     0, 0, 12,  4, "Meena to move · Meena 0 · Arul 0", "in the treasure",
    "Arul, pit 1, 4 seeds" },
  { KZ_VARIANT_DAKON,       5, 0, 14,  5, "Meena to move · Meena 0 · Arul 0", "in the store",
    "Arul, pit 1, 5 seeds" },
  { KZ_VARIANT_PALLANGUZHI, 6, 4, 14,  6, "Round 1 · Meena to move · Meena 0 · Arul 0", "in the store",
    "Arul, cup 1, 6 shells" },
  { KZ_VARIANT_PALLANGUZHI, 12, 0, 14, 12, "Round 1 · Meena to move", "in the store",
    "Arul, cup 1, 12 shells" },
  { KZ_VARIANT_BOHNENSPIEL, 0, 0, 12,  6, "Meena to move · Meena 0 · Arul 0", "in the store",
    "Arul, pit 1, 6 seeds" },
  { KZ_VARIANT_BOHNENSPIEL, 4, 0, 12,  4, "Meena to move · Meena 0 · Arul 0", "in the store",
    "Arul, pit 1, 4 seeds" },
};

/* Every game through New Match: the board's pits, header, captions, then a
 * few legal moves through win.sow with the board equal to the model. */
static void
test_every_game (Fixture       *f,
                 gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (5);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const GameCase *gc = &cases[c];
      const KzPosition *pos;

      g_test_message ("%s seeds=%d pasu=%d", kz_variant_get (gc->id)->key, gc->seeds, gc->pasu);
      start_through_dialog (f, gc->id, gc->seeds, gc->pasu);
      pos = kuzhi_game_model_get_position (f->model);
      g_assert_cmpint (kuzhi_game_model_get_variant (f->model), ==, gc->id);
      g_assert_cmpint (pos->n_pits, ==, gc->n_pits);
      g_assert_cmpint (pos->seeds, ==, gc->want_seeds);
      if (gc->id == KZ_VARIANT_PALLANGUZHI)
        g_assert_cmpint (pos->option, ==, gc->pasu ? gc->pasu : 6);
      g_assert_nonnull (kuzhi_board_view_get_cup (f->board, gc->n_pits - 1));
      g_assert_null (kuzhi_board_view_get_cup (f->board, gc->n_pits));
      g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), gc->header_prefix));
      for (int p = 0; p < 2; p++)
        {
          g_assert_nonnull (strstr (kuzhi_window_get_caption_text (f->window, p), gc->caption_part));
          g_assert_true (g_str_has_prefix (kuzhi_window_get_caption_text (f->window, p), p ? "Arul: " : "Meena: "));
        }
      g_assert_cmpstr (cup_label (f, gc->n_pits / 2), ==, gc->cup_label);

      for (int ply = 0; ply < 6 && !kuzhi_game_model_get_over (f->model); ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n = kuzhi_game_model_get_legal (f->model, legal);
          guint before = 0, after = 0;

          g_object_get (f->model, "n-actions", &before, NULL);
          sow (f, legal[g_rand_int_range (rand, 0, n)]);
          g_object_get (f->model, "n-actions", &after, NULL);
          g_assert_cmpuint (after, ==, before + 1);
          pos = kuzhi_game_model_get_position (f->model);
          g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), pos));
          if (!pos->over)
            {
              g_autofree char *mover = g_strdup_printf ("%s to move", pos->to_move ? "Arul" : "Meena");
              g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), mover));
            }
          if (gc->id == KZ_VARIANT_OWARE)
            {
              g_autofree char *score = g_strdup_printf ("Meena %d/25 · Arul %d/25", pos->stores[0], pos->stores[1]);
              g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), score));
            }
        }
    }
  g_rand_free (rand);

  /* The dialog offers the game being played again, with its options. */
  start_through_dialog (f, KZ_VARIANT_DAKON, 8, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  {
    KuzhiNewMatchDialog *dialog = kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG);
    KuzhiGameChooser *chooser = KUZHI_GAME_CHOOSER (kuzhi_new_match_dialog_get_game_chooser (dialog));
    KzOptions options;

    g_assert_cmpint (kuzhi_game_chooser_get_variant (chooser), ==, KZ_VARIANT_DAKON);
    kuzhi_game_chooser_get_options (chooser, &options);
    g_assert_cmpint (options.seeds, ==, 8);
    /* A uniform Pallanguzhi layout allows only pasu 4. */
    kuzhi_game_chooser_set_variant (chooser, KZ_VARIANT_PALLANGUZHI);
    kuzhi_game_chooser_set_options (chooser, KZ_VARIANT_PALLANGUZHI, 5, 6);
    kuzhi_game_chooser_get_options (chooser, &options);
    g_assert_cmpint (options.seeds, ==, 5);
    g_assert_cmpint (options.pasu, ==, 4);
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
}

/* Kalah: the last seed in the store is an extra turn, said in a toast. */
static void
test_kalah_extra_turn (Fixture       *f,
                       gconstpointer  data)
{
  start_through_dialog (f, KZ_VARIANT_KALAH, 4, 0);
  /* Pit 2 holds 4: 3, 4, 5 and the store. */
  sow (f, 2);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->stores[0], ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 0);
  g_assert_cmpstr (kuzhi_window_get_last_toast (f->window), ==, "Meena moves again");
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Meena to move · Meena 1 · Arul 0"));
  g_assert_nonnull (strstr (kuzhi_window_get_caption_text (f->window, 0), "1 in the store"));

  /* On to mid-game for the screenshot. */
  {
    GRand *rand = g_rand_new_with_seed (3);
    for (int ply = 0; ply < 40; ply++)
      {
        const KzPosition *pos = kuzhi_game_model_get_position (f->model);
        KzAction legal[KZ_MAX_ACTIONS];
        int n;

        if (pos->over || (pos->plies >= 9 && pos->stores[1] > 0 && pos->to_move == 0))
          break;
        n = kuzhi_game_model_get_legal (f->model, legal);
        sow (f, legal[g_rand_int_range (rand, 0, n)]);
      }
    g_rand_free (rand);
  }
  g_assert_false (kuzhi_game_model_get_over (f->model));
  kuzhi_window_dismiss_toast (f->window);
  kz_test_capture (GTK_WIDGET (f->window), "game-kalah.png");
}

static void
set_position (Fixture          *f,
              const KzPosition *pos)
{
  KzMatch match;

  kz_match_init (&match, pos->variant, NULL, NULL, 0);
  match.pos = *pos;
  match.start = *pos;
  kuzhi_game_model_set_match (f->model, &match);
  kz_match_clear (&match);
  kz_test_spin (20);
}

/* A label of the window whose text starts with `prefix`. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, prefix);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef gboolean (*Condition) (Fixture *f);

/* Spins the main loop until the condition holds; FALSE after timeout_ms. */
static gboolean
spin_until (Fixture   *f,
            Condition  condition,
            guint      timeout_ms)
{
  return kz_test_spin_until ((gboolean (*) (gpointer)) condition, f, timeout_ms);
}

static gboolean
in_hand (Fixture *f)
{
  return strstr (kuzhi_window_get_header_text (f->window), " in hand") != NULL;
}

static gboolean
still (Fixture *f)
{
  return !kuzhi_board_view_get_animating (f->board);
}

/* Kalah played with the sowing shown, as a player sees it: the line says
 * what to do in Kalah's word for a pit, for the mouse and the keys; the
 * header counts seeds in hand, not shells; "Meena moves again" is said,
 * and goes once the header says that Arul is to move. */
static void
test_kalah_turn_words (Fixture       *f,
                       gconstpointer  data)
{
  const char *header;

  start_through_dialog (f, KZ_VARIANT_KALAH, 4, 0);
  g_assert_nonnull (find_label (GTK_WIDGET (f->window),
                                "Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter."));
  g_assert_null (find_label (GTK_WIDGET (f->window), "Click a highlighted"));
  g_settings_set_string (f->settings, "animation-speed", "normal");

  /* Pit 3 holds 4: 4, 5, 6 and the store. */
  sow (f, 2);
  g_assert_true (spin_until (f, in_hand, 3000));
  header = kuzhi_window_get_header_text (f->window);
  g_test_message ("%s", header);
  g_assert_true (g_regex_match_simple (" · [1-4] seeds? in hand$", header, 0, 0));
  kz_test_capture (GTK_WIDGET (f->window), "kalah-seeds-in-hand.png");
  g_assert_true (spin_until (f, still, 10000));
  g_assert_true (kuzhi_window_get_toast_shown (f->window));
  g_assert_cmpstr (kuzhi_window_get_last_toast (f->window), ==, "Meena moves again");
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Meena to move"));

  /* Pit 1 holds 4 and ends on pit 5: the turn passes. */
  sow (f, 0);
  g_assert_true (spin_until (f, still, 10000));
  g_assert_cmpint (kuzhi_game_model_get_to_move (f->model), ==, 1);
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Arul to move"));
  g_assert_false (kuzhi_window_get_toast_shown (f->window));
}

/* Oware: a house that does not feed the empty row is refused, and the
 * window says why; so are an empty house and the opponent's. */
static void
test_oware_must_feed (Fixture       *f,
                      gconstpointer  data)
{
  KzPosition pos = *kuzhi_game_model_get_position (f->model);
  guint before = 0, after = 0;

  start_through_dialog (f, KZ_VARIANT_OWARE, 0, 0);
  pos = *kuzhi_game_model_get_position (f->model);
  memset (pos.pits, 0, sizeof pos.pits);
  pos.pits[0] = 2;   /* reaches house 2 only */
  pos.pits[4] = 3;   /* reaches Arul's row */
  pos.stores[0] = 20;
  pos.stores[1] = 23;
  set_position (f, &pos);
  g_assert_false (kuzhi_game_model_is_legal (f->model, 0));
  g_assert_true (kuzhi_game_model_is_legal (f->model, 4));
  /* The hint line says it before the player tries. */
  g_assert_nonnull (find_label (GTK_WIDGET (f->window), "Arul’s row is empty: you must give them seeds."));

  g_object_get (f->model, "n-actions", &before, NULL);
  sow (f, 0);
  g_object_get (f->model, "n-actions", &after, NULL);
  g_assert_cmpuint (after, ==, before);
  g_assert_cmpstr (kuzhi_window_get_last_toast (f->window), ==,
                   "You must give Arul seeds: choose a house whose sowing reaches their row.");
  sow (f, 1);
  g_assert_nonnull (strstr (kuzhi_window_get_last_toast (f->window), "empty"));
  sow (f, 8);
  g_assert_nonnull (strstr (kuzhi_window_get_last_toast (f->window), "on Arul’s row"));
  g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), "Meena to move · Meena 20/25 · Arul 23/25"));

  sow (f, 4);
  g_object_get (f->model, "n-actions", &after, NULL);
  g_assert_cmpuint (after, ==, before + 1);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->pits[7], ==, 1);
}

/* Oware's end: each player has kept their row too, so the header gives
 * the final counts, not "28/25", and the caption says what they are. */
static void
test_oware_end (Fixture       *f,
                gconstpointer  data)
{
  KzPosition pos;
  g_autofree char *header = NULL;

  start_through_dialog (f, KZ_VARIANT_OWARE, 0, 0);
  pos = *kuzhi_game_model_get_position (f->model);
  memset (pos.pits, 0, sizeof pos.pits);
  pos.pits[0] = 3;
  pos.pits[5] = 1;   /* into Arul's house 1, making 2: Meena's 25th */
  pos.pits[6] = 1;
  pos.pits[7] = 2;
  pos.pits[8] = 3;
  pos.pits[9] = 2;
  pos.pits[10] = 2;
  pos.pits[11] = 1;
  pos.stores[0] = 23;
  pos.stores[1] = 10;
  set_position (f, &pos);
  sow (f, 5);
  kz_test_spin (50);
  pos = *kuzhi_game_model_get_position (f->model);
  g_assert_true (pos.over);
  g_assert_cmpint (pos.stores[0], ==, 28);
  g_assert_cmpint (pos.stores[1], ==, 20);
  g_assert_cmpstr (kuzhi_window_get_header_text (f->window), ==, "Match over · Meena 28 · Arul 20");
  g_assert_cmpstr (kuzhi_window_get_caption_text (f->window, 0), ==,
                   "Meena: 28 in all, captured and kept from the row");
  g_assert_true (g_str_has_prefix (kuzhi_window_get_banner_text (f->window), "Meena wins the match, 28 to 20"));
  kz_test_capture (GTK_WIDGET (f->window), "oware-end.png");
}

/* Oware: a grand slam captures nothing, and the window says so. */
static void
test_oware_grand_slam (Fixture       *f,
                       gconstpointer  data)
{
  KzPosition pos;

  start_through_dialog (f, KZ_VARIANT_OWARE, 0, 0);
  pos = *kuzhi_game_model_get_position (f->model);
  memset (pos.pits, 0, sizeof pos.pits);
  pos.pits[0] = 5;
  pos.pits[5] = 2;   /* into houses 6 and 7, making 2 and 2: Arul's whole row */
  pos.pits[6] = 1;
  pos.pits[7] = 1;
  pos.stores[0] = 20;
  pos.stores[1] = 19;
  set_position (f, &pos);
  sow (f, 5);
  pos = *kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos.stores[0], ==, 20);
  g_assert_cmpint (pos.pits[6], ==, 2);
  g_assert_cmpint (pos.pits[7], ==, 2);
  g_assert_true (g_str_has_prefix (kuzhi_window_get_last_toast (f->window), "Grand slam: nothing is captured"));
}

/* An Oware board mid-game, with captures on both sides, for the screenshot. */
static void
test_oware_mid_game (Fixture       *f,
                     gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (11);

  start_through_dialog (f, KZ_VARIANT_OWARE, 0, 0);
  for (int ply = 0; ply < 200; ply++)
    {
      const KzPosition *pos = kuzhi_game_model_get_position (f->model);
      KzAction legal[KZ_MAX_ACTIONS];
      int n;

      if (pos->over || (pos->stores[0] >= 6 && pos->stores[1] >= 4 && pos->to_move == 0))
        break;
      n = kuzhi_game_model_get_legal (f->model, legal);
      sow (f, legal[g_rand_int_range (rand, 0, n)]);
    }
  g_rand_free (rand);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  {
    const KzPosition *pos = kuzhi_game_model_get_position (f->model);
    g_autofree char *score = g_strdup_printf ("Meena %d/25 · Arul %d/25", pos->stores[0], pos->stores[1]);
    g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), score));
  }
  kuzhi_window_dismiss_toast (f->window);
  kz_test_capture (GTK_WIDGET (f->window), "game-oware.png");
}

/* Bohnenspiel: five moves in, the header keeps the stores' score and the
 * board shows the model's position; renders game-bohnenspiel.png. */
static void
test_bohnenspiel_mid_game (Fixture       *f,
                           gconstpointer  data)
{
  GRand *rand = g_rand_new_with_seed (5);

  start_through_dialog (f, KZ_VARIANT_BOHNENSPIEL, 0, 0);
  for (int ply = 0; ply < 5; ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (f->model, legal);

      g_assert_cmpint (n, >, 0);
      sow (f, legal[g_rand_int_range (rand, 0, n)]);
    }
  g_rand_free (rand);
  g_assert_false (kuzhi_game_model_get_over (f->model));
  {
    const KzPosition *pos = kuzhi_game_model_get_position (f->model);
    g_autofree char *score = g_strdup_printf ("Meena %d · Arul %d", pos->stores[0], pos->stores[1]);
    g_assert_nonnull (strstr (kuzhi_window_get_header_text (f->window), score));
    g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), pos));
  }
  kuzhi_window_dismiss_toast (f->window);
  kz_test_capture (GTK_WIDGET (f->window), "game-bohnenspiel.png");
}

/* Pallanguzhi: random moves through the model until a round ends with
 * rubbish cups; the board covers them and their labels say so. */
static void
test_pallanguzhi_rubbish (Fixture       *f,
                          gconstpointer  data)
{
  gboolean found = FALSE;

  for (guint32 seed = 1; seed < 400 && !found; seed++)
    {
      GRand *rand = g_rand_new_with_seed (seed);

      start_through_dialog (f, KZ_VARIANT_PALLANGUZHI, 0, 0);
      for (int ply = 0; ply < 3000 && !kuzhi_game_model_get_over (f->model); ply++)
        {
          const KzPosition *pos = kuzhi_game_model_get_position (f->model);
          KzAction legal[KZ_MAX_ACTIONS];
          int n;

          if (pos->round > 1 && pos->rubbish != 0)
            {
              found = TRUE;
              break;
            }
          n = kuzhi_game_model_get_legal (f->model, legal);
          g_assert_true (kuzhi_game_model_play (f->model, legal[g_rand_int_range (rand, 0, n)], NULL));
        }
      g_rand_free (rand);
    }
  g_assert_true (found);
  kz_test_spin (20);

  {
    const KzPosition *pos = kuzhi_game_model_get_position (f->model);
    g_autofree char *round = g_strdup_printf ("Round %d · ", pos->round);
    int owner = -1;

    g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), pos));
    g_assert_true (g_str_has_prefix (kuzhi_window_get_header_text (f->window), round));
    g_assert_nonnull (kuzhi_window_get_last_toast (f->window));
    g_assert_nonnull (strstr (kuzhi_window_get_last_toast (f->window), "cannot fill"));
    for (int p = 0; p < pos->n_pits; p++)
      {
        gboolean out = (pos->rubbish >> p) & 1;

        g_assert_cmpint (out, ==, strstr (cup_label (f, p), "out of play") != NULL);
        if (out)
          owner = p / 7;
      }
    g_assert_cmpint (owner, >=, 0);
    g_assert_nonnull (strstr (kuzhi_window_get_caption_text (f->window, owner), "out of play"));

    /* A rubbish cup clicked by its owner says why it cannot be sown. */
    if (pos->to_move == owner)
      for (int p = 0; p < pos->n_pits; p++)
        if ((pos->rubbish >> p) & 1)
          {
            sow (f, p);
            g_assert_nonnull (strstr (kuzhi_window_get_last_toast (f->window), "rubbish cup"));
            break;
          }
  }
  kuzhi_window_dismiss_toast (f->window);
  kz_test_capture (GTK_WIDGET (f->window), "game-pallanguzhi.png");
}

/* Pallanguzhi's pasu flies to the sower's store, marked "Pasu!" on the way,
 * and is said when the sowing has been shown. */
static void
test_pallanguzhi_pasu (Fixture       *f,
                       gconstpointer  data)
{
  KzPosition pos;

  start_through_dialog (f, KZ_VARIANT_PALLANGUZHI, 5, 4);
  pos = *kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos.option, ==, 4);
  /* Cup 0's two counters drop into cups 1 (making the pasu, 4) and 2;
   * cup 3 is empty, so cup 4's counters are taken too. */
  pos.pits[0] = 2;
  pos.pits[1] = 3;
  pos.pits[2] = 5;
  pos.pits[3] = 0;
  set_position (f, &pos);
  g_settings_set_string (f->settings, "animation-speed", "slow");
  sow (f, 0);
  g_assert_true (kuzhi_board_view_get_animating (f->board));
  /* Lift 1.4 steps, one drop, then the capture's 3 steps of 320 ms. */
  kz_test_spin (1000);
  kz_test_capture (GTK_WIDGET (f->window), "game-pasu.png");
  kuzhi_board_view_finish_animation (f->board);
  kz_test_spin (20);
  pos = *kuzhi_game_model_get_position (f->model);
  g_assert_cmpint (pos.stores[0], ==, 4 + 5);
  g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &pos));
  g_assert_cmpstr (kuzhi_window_get_last_toast (f->window), ==, "Pasu! Meena takes 4");
}

/* Every game saves, opens back and undoes through the window, options
 * (Pallanguzhi's layout and pasu, Kalah's and Dakon's seeds) included. */
static void
test_save_open_undo (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-games-XXXXXX", NULL);
  GRand *rand = g_rand_new_with_seed (17);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const GameCase *gc = &cases[c];
      g_autofree char *path = g_strdup_printf ("%s/%s-%u.kuzhi", dir, kz_variant_get (gc->id)->key, c);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      KzPosition saved, before_last;
      guint n_saved = 0, n = 0;

      start_through_dialog (f, gc->id, gc->seeds, gc->pasu);
      for (int ply = 0; ply < 5 && !kuzhi_game_model_get_over (f->model); ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int k = kuzhi_game_model_get_legal (f->model, legal);

          before_last = *kuzhi_game_model_get_position (f->model);
          sow (f, legal[g_rand_int_range (rand, 0, k)]);
        }
      saved = *kuzhi_game_model_get_position (f->model);
      g_object_get (f->model, "n-actions", &n_saved, NULL);
      g_assert_true (kuzhi_window_save_to_file (f->window, file, &error));
      g_assert_no_error (error);

      /* Another game, then the file opened back. */
      kuzhi_window_start_match (f->window, gc->id == KZ_VARIANT_KALAH ? KZ_VARIANT_OWARE : KZ_VARIANT_KALAH, 0, NULL, NULL);
      kuzhi_window_open_file (f->window, file);
      for (int i = 0; i < 100 && !kz_position_equal (kuzhi_game_model_get_position (f->model), &saved); i++)
        kz_test_spin (10);
      g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->model), &saved));
      g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &saved));
      g_object_get (f->model, "n-actions", &n, NULL);
      g_assert_cmpuint (n, ==, n_saved);

      /* Undo takes the last turn back, on the board too. */
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
      kz_test_spin (10);
      g_assert_true (kz_position_equal (kuzhi_game_model_get_position (f->model), &before_last));
      g_assert_true (kz_position_equal (kuzhi_board_view_get_displayed (f->board), &before_last));
      g_unlink (path);
    }
  g_rand_free (rand);
  g_rmdir (dir);
}

/* A "title-1" label whose text is the game's key with a capital. */
static GtkWidget *
find_heading_widget (GtkWidget  *widget,
                     const char *key)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-1")
      && g_ascii_strcasecmp (gtk_label_get_text (GTK_LABEL (widget)), key) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_heading_widget (c, key);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
find_heading (GtkWidget  *widget,
              const char *key)
{
  return find_heading_widget (widget, key) != NULL;
}

/* The dialog with the game list, and the Rules window's game sections. */
static void
test_dialog_and_rules (Fixture       *f,
                       gconstpointer  data)
{
  KuzhiNewMatchDialog *dialog;
  GtkWindow *rules;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  dialog = kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG);
  g_assert_nonnull (dialog);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 900);
  kz_test_spin (200);
  kz_test_capture (GTK_WIDGET (dialog), "new-match-games.png");
  gtk_window_destroy (GTK_WINDOW (dialog));

  rules = kuzhi_rules_page_new (GTK_WINDOW (f->window), KZ_VARIANT_CONSTITUTION);
  gtk_window_set_default_size (rules, 640, 1000);
  gtk_window_present (rules);
  kz_test_spin (100);
  /* A page per game, each under its name. */
  for (KzVariantId id = KZ_VARIANT_CONSTITUTION; id < KZ_N_VARIANTS; id++)
    g_assert_true (find_heading (GTK_WIDGET (rules), kz_variant_get (id)->key));
  /* The Pallanguzhi page, through the contents, for the screenshot. */
  /* A button's activation (Enter, Space) clicks it after a short press. */
  gtk_widget_activate (kz_test_find_button (GTK_WIDGET (rules), "Pallanguzhi"));
  kz_test_spin (400);
  g_assert_true (gtk_widget_get_mapped (find_heading_widget (GTK_WIDGET (rules), "pallanguzhi")));
  kz_test_capture (GTK_WIDGET (rules), "rules-games.png");
  gtk_window_destroy (rules);
}

/* The games' names as a player reads them, in the engine's order. */
static const char *const game_names[KZ_N_VARIANTS] = {
  "Constitution", "Kalah", "Oware", "Mangala", "Dakon", "Pallanguzhi", "Bohnenspiel",
};

/* Whether `widget` is drawn inside `window`'s area now: mapped, with a
 * size, and not scrolled out of sight. */
static gboolean
in_sight (GtkWidget *widget,
          GtkWindow *window)
{
  graphene_rect_t bounds;

  if (widget == NULL || !gtk_widget_get_mapped (widget) || gtk_widget_get_height (widget) == 0)
    return FALSE;
  bounds = kz_test_settled_bounds (widget);
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (GTK_WIDGET (window));
}

/* "Which game is this?": the window names the game being played above the
 * header line, in every game, and the name follows New Match. */
static void
test_game_name (Fixture       *f,
                gconstpointer  data)
{
  for (KzVariantId id = KZ_VARIANT_KALAH; id <= KZ_N_VARIANTS; id++)
    {
      /* The Constitution last: it is the one a fresh window starts with. */
      KzVariantId game = id == KZ_N_VARIANTS ? KZ_VARIANT_CONSTITUTION : id;
      GtkLabel *name;
      graphene_rect_t bounds, board;

      start_through_dialog (f, game, 0, 0);
      g_assert_cmpint (kuzhi_game_model_get_variant (f->model), ==, game);
      name = kz_test_find_label (GTK_WIDGET (f->window), game_names[game]);
      g_assert_nonnull (name);
      g_assert_true (in_sight (GTK_WIDGET (name), GTK_WINDOW (f->window)));
      /* Above the board, where the eye starts. */
      bounds = kz_test_settled_bounds (GTK_WIDGET (name));
      board = kz_test_settled_bounds (GTK_WIDGET (f->board));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, board.origin.y);
      /* The game before is named no more. */
      if (game != KZ_VARIANT_KALAH)
        {
          KzVariantId before = game == KZ_VARIANT_CONSTITUTION ? KZ_N_VARIANTS - 1 : game - 1;
          GtkLabel *old = kz_test_find_label (GTK_WIDGET (f->window), game_names[before]);
          g_assert_true (old == NULL || !gtk_widget_get_mapped (GTK_WIDGET (old)));
        }
      if (game == KZ_VARIANT_OWARE)
        {
          kz_test_load_style ();
          kz_test_capture (GTK_WIDGET (f->window), "game-name.png");
        }
    }
}

/* Shift+F1 (win.rules) opens the Rules at the game being played, and their
 * contents go to another game. */
static void
test_rules_at_game (Fixture       *f,
                    gconstpointer  data)
{
  for (KzVariantId game = KZ_VARIANT_CONSTITUTION; game < KZ_N_VARIANTS; game++)
    {
      KzVariantId other = game == KZ_VARIANT_KALAH ? KZ_VARIANT_OWARE : KZ_VARIANT_KALAH;
      GtkWindow *rules;
      GtkWidget *button;

      start_through_dialog (f, game, 0, 0);
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rules", NULL);
      rules = kz_test_find_window (KUZHI_TYPE_RULES_PAGE);
      g_assert_nonnull (rules);
      for (int i = 0; i < 200 && !in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (game)->key), rules); i++)
        kz_test_spin (10);
      /* The game's own heading is what the window opens on; another's is
       * not in sight. */
      g_assert_true (in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (game)->key), rules));
      g_assert_false (in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (other)->key), rules));
      if (game == KZ_VARIANT_OWARE)
        {
          kz_test_load_style ();
          kz_test_capture (GTK_WIDGET (rules), "rules-oware.png");
        }

      /* The contents name every game; one press goes to another. */
      for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
        g_assert_true (in_sight (kz_test_find_button (GTK_WIDGET (rules), game_names[id]), rules));
      button = kz_test_find_button (GTK_WIDGET (rules), game_names[other]);
      gtk_widget_grab_focus (button);
      /* A button's activation (Enter, Space) clicks it after a short press. */
      gtk_widget_activate (button);
      for (int i = 0; i < 200 && !in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (other)->key), rules); i++)
        kz_test_spin (10);
      g_assert_true (in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (other)->key), rules));
      g_assert_false (in_sight (find_heading_widget (GTK_WIDGET (rules), kz_variant_get (game)->key), rules));
      gtk_window_destroy (rules);
      kz_test_spin (20);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  kz_test_gtk_init (&argc, &argv);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, kz_test_window_teardown)
  ADD ("/games/every-game", test_every_game);
  ADD ("/games/kalah-extra-turn", test_kalah_extra_turn);
  ADD ("/games/kalah-turn-words", test_kalah_turn_words);
  ADD ("/games/oware-must-feed", test_oware_must_feed);
  ADD ("/games/oware-grand-slam", test_oware_grand_slam);
  ADD ("/games/oware-end", test_oware_end);
  ADD ("/games/oware-mid-game", test_oware_mid_game);
  ADD ("/games/bohnenspiel-mid-game", test_bohnenspiel_mid_game);
  ADD ("/games/pallanguzhi-rubbish", test_pallanguzhi_rubbish);
  ADD ("/games/pallanguzhi-pasu", test_pallanguzhi_pasu);
  ADD ("/games/save-open-undo", test_save_open_undo);
  ADD ("/games/dialog-and-rules", test_dialog_and_rules);
  ADD ("/games/game-name", test_game_name);
  ADD ("/games/rules-at-game", test_rules_at_game);
#undef ADD

  return g_test_run ();
}
