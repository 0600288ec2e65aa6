/* test-window-puzzles.c — Puzzles under Xvfb: the puzzle of the day for a given date, the solution played out to its line's end, a wrong move's refutation and Try Again, statistics counted once, the goal as the board stands, the sowings heard, the main window's match untouched. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-test-util.h"
#include "kuzhi-test-window.h"
#include "kuzhi-test-asan.h"
#include "kuzhi-puzzle-window-private.h"
#include "kuzhi-statistics-window.h"

typedef struct {
  KzTestWindow       w;
  KuzhiStatistics   *statistics;
  char              *dir;
  char              *path;
  KuzhiPuzzleWindow *puzzles;
  KzMatch            main_before;
} Fixture;

/* The date the tests take for today. */
#define TEST_YEAR  2026
#define TEST_MONTH G_DATE_DECEMBER
#define TEST_DAY   5

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GDate) day = g_date_new_dmy (TEST_DAY, TEST_MONTH, TEST_YEAR);

  f->w.settings = kz_test_settings (NULL);
  f->dir = g_dir_make_tmp ("kuzhi-window-puzzles-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "statistics.ini", NULL);
  kz_test_window_open (&f->w);
  kz_test_window_show (f->w.window);
  f->statistics = kuzhi_statistics_new (f->path);
  kuzhi_window_set_statistics (f->w.window, f->statistics);
  /* A move on the main board first: the puzzles must leave it be. */
  g_assert_true (kuzhi_game_model_play (f->w.model, 0, NULL) || kuzhi_game_model_play (f->w.model, 1, NULL));
  kz_test_spin (50);
  kz_match_copy (&f->main_before, kuzhi_game_model_get_match (f->w.model));

  f->puzzles = kuzhi_puzzle_window_new_on_day (f->w.window, f->statistics, day);
  g_object_add_weak_pointer (G_OBJECT (f->puzzles), (gpointer *) &f->puzzles);
  gtk_window_set_default_size (GTK_WINDOW (f->puzzles), 360, 640);
  gtk_window_present (GTK_WINDOW (f->puzzles));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  /* The player's match is as it was, whatever the puzzles did. */
  {
    const KzMatch *now = kuzhi_game_model_get_match (f->w.model);

    g_assert_cmpint (now->n_history, ==, f->main_before.n_history);
    g_assert_cmpmem (&now->pos, sizeof now->pos, &f->main_before.pos, sizeof f->main_before.pos);
  }
  kz_match_clear (&f->main_before);
  if (f->puzzles != NULL)
    gtk_window_destroy (GTK_WINDOW (f->puzzles));
  kz_test_window_destroy_others (&f->w);
  kz_test_window_teardown (&f->w, data);
  g_clear_object (&f->statistics);
  kz_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static gboolean
settled (gpointer data)
{
  KuzhiPuzzleWindow *puzzles = data;

  return !kuzhi_puzzle_window_get_busy (puzzles);
}

static gboolean
waiting_for_move (gpointer data)
{
  return kuzhi_puzzle_window_get_waiting_for_move (data);
}

/* Whether the object behind a weak pointer has been finalized. */
static gboolean
is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Waits until the puzzle is found (or said to be none) and a line played out. */
static void
wait_settled (Fixture *f)
{
  g_assert_true (kz_test_spin_until (settled, f->puzzles, 60000));
  kz_test_spin (50);
}

/* The puzzle as the engine finds it for the protocol: its own searcher
 * of the puzzles' size, no endgame database. */
static void
find_independently (KzVariantId variant, int level, guint64 seed, KzPuzzle *out)
{
  KzSearcher *searcher = kz_searcher_new (KZ_PUZZLE_TABLE_MB);
  char reason[256];

  g_assert_nonnull (searcher);
  g_assert_true (kz_puzzle_find (variant, level, seed, searcher, NULL, out, reason, sizeof reason));
  kz_searcher_free (searcher);
}

static void
apply (KzPosition *pos, KzAction action)
{
  g_assert_true (kz_position_is_legal (pos, action));
  kz_position_variant (pos)->apply (pos, action, NULL);
}

static void
assert_displayed (Fixture *f, const KzPosition *expected)
{
  const KzPosition *shown = kuzhi_board_view_get_displayed (kuzhi_puzzle_window_get_board_view (f->puzzles));

  g_assert_cmpmem (shown->pits, sizeof shown->pits, expected->pits, sizeof expected->pits);
  g_assert_cmpmem (shown->stores, sizeof shown->stores, expected->stores, sizeof expected->stores);
  g_assert_cmpint (shown->to_move, ==, expected->to_move);
  g_assert_cmpint (shown->over, ==, expected->over);
}

static void
assert_puzzle_counts (Fixture *f, KzVariantId variant, guint tried, guint solved)
{
  g_autoptr(KuzhiStatistics) reread = kuzhi_statistics_new (f->path);
  g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (f->statistics, variant);
  g_autoptr(KuzhiGameStatistics) r = NULL;

  g_assert_cmpuint (g->puzzles_tried, ==, tried);
  g_assert_cmpuint (g->puzzles_solved, ==, solved);
  /* And so in the file. */
  g_assert_true (kuzhi_statistics_load (reread, NULL));
  r = kuzhi_statistics_get_game (reread, variant);
  g_assert_cmpuint (r->puzzles_tried, ==, tried);
  g_assert_cmpuint (r->puzzles_solved, ==, solved);
}

static void
play (Fixture *f, KzAction action)
{
  g_signal_emit_by_name (kuzhi_puzzle_window_get_board_view (f->puzzles), "cup-activated", (int) action);
  wait_settled (f);
}

static void
on_requested (KuzhiSound *sound,
              const char *name,
              GString    *heard)
{
  g_string_append_printf (heard, "%s%s", heard->len ? " " : "", name);
}

/* Whether a widget is all in the part of the page the phone shows. */
static gboolean
in_sight (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport;
  graphene_rect_t r;

  g_assert_nonnull (scroller);
  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_compute_bounds (widget, viewport, &r));
  return r.origin.y >= 0 && r.origin.y + r.size.height <= gtk_widget_get_height (viewport);
}

/* The result all in sight: the page scrolls to it after the frame that
 * shows it, which a loaded machine may draw late. */
static gboolean
result_in_sight (gpointer puzzles)
{
  return in_sight (GTK_WIDGET (kz_test_find_label (puzzles, kuzhi_puzzle_window_get_result (puzzles))));
}

/* So with Try Again, which the keyboard goes to, under it. */
static gboolean
retry_in_sight (gpointer puzzles)
{
  return in_sight (kz_test_find_button (puzzles, "_Try Again")) && result_in_sight (puzzles);
}

/* The puzzle's board is heard as the main one is, through its sounds:
 * each shell of the solution clicks as it lands at Normal speed, and
 * the Sound switch silences it. */
static void
test_sound (Fixture *f, gconstpointer data)
{
  g_autoptr(GString) heard = g_string_new (NULL);
  g_auto(GStrv) words = NULL;
  KzPuzzle p;
  guint drops = 0;

  wait_settled (f);
  p = *kuzhi_puzzle_window_get_puzzle (f->puzzles);
  g_signal_connect (kuzhi_window_get_sound (f->w.window), "requested", G_CALLBACK (on_requested), heard);

  /* Off: the solution and its line make no sound. */
  g_settings_set_string (f->w.settings, "animation-speed", "normal");
  g_settings_set_boolean (f->w.settings, "sound", FALSE);
  play (f, p.solution);
  g_assert_cmpstr (heard->str, ==, "");

  /* On: the first sowing alone drops at least the cup's seeds. */
  g_settings_set_boolean (f->w.settings, "sound", TRUE);
  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.retry", NULL);
  g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  play (f, p.solution);
  g_test_message ("heard: %s", heard->str);
  words = g_strsplit (heard->str, " ", -1);
  while (words[drops] != NULL && g_str_equal (words[drops], "drop"))
    drops++;
  g_assert_cmpuint (drops, >=, p.position.pits[p.solution]);
  g_signal_handlers_disconnect_by_func (kuzhi_window_get_sound (f->w.window), on_requested, heard);
}

/* The day's puzzle comes from the date alone: the games that have
 * puzzles in turn, the level in turn within what the game has, the
 * seed the days since 2026-01-01. */
static void
test_day_formula (void)
{
  static const struct {
    int day, month, year;
    KzVariantId variant;
    int level;
    guint64 seed;
  } cases[] = {
    { 1, 1, 2026, KZ_VARIANT_KALAH, 1, 0 },
    { 2, 1, 2026, KZ_VARIANT_OWARE, 2, 1 },
    { 3, 1, 2026, KZ_VARIANT_MANGALA, 3, 2 },
    { 4, 1, 2026, KZ_VARIANT_DAKON, 1, 3 },
    { 5, 1, 2026, KZ_VARIANT_BOHNENSPIEL, 2, 4 },
    { 6, 1, 2026, KZ_VARIANT_KALAH, 3, 5 },
    { 5, 12, 2026, KZ_VARIANT_DAKON, 3, 338 },
    { 31, 12, 2025, KZ_VARIANT_OWARE, 2, 1 },       /* before the first day: counted back */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GDate) day = g_date_new_dmy (cases[i].day, cases[i].month, cases[i].year);
      KzVariantId variant;
      int level;
      guint64 seed;

      kuzhi_puzzle_window_day_puzzle (day, &variant, &level, &seed);
      g_assert_cmpint (variant, ==, cases[i].variant);
      g_assert_cmpint (level, ==, cases[i].level);
      g_assert_cmpuint (seed, ==, cases[i].seed);
    }
}

static gboolean
board_upright (gpointer board)
{
  return kuzhi_board_view_get_upright (board);
}

static gboolean
board_lies_across (gpointer board)
{
  return !kuzhi_board_view_get_upright (board);
}

/* It opens on the day's puzzle, the same the engine finds for it, the
 * mover at the bottom, the goal in words; nothing is counted yet. */
static void
test_day (Fixture *f, gconstpointer data)
{
  const KzPuzzle *shown;
  KzPuzzle expected;
  KuzhiBoardView *board = kuzhi_puzzle_window_get_board_view (f->puzzles);

  g_assert_true (kuzhi_puzzle_window_get_busy (f->puzzles));
  wait_settled (f);
  shown = kuzhi_puzzle_window_get_puzzle (f->puzzles);
  g_assert_nonnull (shown);
  find_independently (KZ_VARIANT_DAKON, 3, 338, &expected);
  g_assert_cmpmem (&shown->position, sizeof shown->position, &expected.position, sizeof expected.position);
  g_assert_cmpint (shown->solution, ==, expected.solution);
  g_assert_cmpint (shown->value, ==, expected.value);
  assert_displayed (f, &expected.position);
  g_assert_cmpint (kuzhi_board_view_get_view_player (board), ==, expected.position.to_move);
  g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  g_assert_true (g_str_equal (kuzhi_puzzle_window_get_subtitle (f->puzzles), "Puzzle of the Day"));
  g_assert_true (g_str_has_prefix (kuzhi_puzzle_window_get_goal (f->puzzles), kz_puzzle_goal_text (expected.goal)));
  g_assert_cmpstr (kuzhi_puzzle_window_get_result (f->puzzles), ==, "");
  assert_puzzle_counts (f, KZ_VARIANT_DAKON, 0, 0);

  /* In the 360 × 640 window a thumb can hit every cup: each at least
   * 44 px square (the touch size of docs/ui.md), as on the main board. */
  {
    int n_cups = 0;

    for (GtkWidget *cup = gtk_widget_get_first_child (GTK_WIDGET (board)); cup != NULL;
         cup = gtk_widget_get_next_sibling (cup))
      if (KUZHI_IS_CUP (cup))
        {
          graphene_rect_t r;

          g_assert_true (gtk_widget_compute_bounds (cup, GTK_WIDGET (f->puzzles), &r));
          g_assert_cmpfloat (r.size.width, >=, 44);
          g_assert_cmpfloat (r.size.height, >=, 44);
          n_cups++;
        }
    g_assert_cmpint (n_cups, ==, 14);
  }
  /* Upright, the player's row is the left column, and the goal says so
   * (the board tells it is upright from an idle after its allocation). */
  g_assert_true (kz_test_spin_until (board_upright, board, 3000));
  g_assert_true (g_str_has_suffix (kuzhi_puzzle_window_get_goal (f->puzzles), "from the left column."));
  kz_test_capture (GTK_WIDGET (f->puzzles), "puzzle-of-the-day.png");

  /* Widened, the board lies across with the player's row nearest them,
   * and the goal follows it. */
  gtk_window_set_default_size (GTK_WINDOW (f->puzzles), 1000, 720);
  g_assert_true (kz_test_spin_until (board_lies_across, board, 3000));
  g_assert_true (g_str_has_suffix (kuzhi_puzzle_window_get_goal (f->puzzles), "from the row nearest you."));
}

/* The solution: "Right", the exact value, and the line played out to
 * its end on the board, one sentence a move; counted solved, once. */
static void
test_solve (Fixture *f, gconstpointer data)
{
  KzPuzzle p;
  KzPosition end;
  g_auto(GStrv) moves = NULL;
  g_autofree char *value = NULL;

  wait_settled (f);
  p = *kuzhi_puzzle_window_get_puzzle (f->puzzles);
  end = p.position;
  for (int i = 0; i < p.line_len && !end.over; i++)
    apply (&end, p.line[i]);

  play (f, p.solution);
  g_assert_true (g_str_has_prefix (kuzhi_puzzle_window_get_result (f->puzzles), "Right: with best play from both, this move "));
  g_test_message ("%s", kuzhi_puzzle_window_get_result (f->puzzles));
  value = p.value > 0 ? g_strdup_printf ("this move wins by %d.", p.value)
        : p.value < 0 ? g_strdup_printf ("this move loses by %d.", -p.value)
        : g_strdup ("this move ends in a draw.");
  g_assert_true (g_str_has_suffix (kuzhi_puzzle_window_get_result (f->puzzles), value));
  /* On the phone the page scrolls to the result (the keyboard goes to New
   * Puzzle, in the header bar). */
  g_assert_true (kz_test_spin_until (result_in_sight, f->puzzles, 5000));
  assert_displayed (f, &end);
  moves = kuzhi_puzzle_window_dup_moves (f->puzzles);
  g_assert_cmpuint (g_strv_length (moves), ==, (guint) p.line_len);
  g_assert_true (g_str_has_prefix (moves[0], "You sow "));
  assert_puzzle_counts (f, KZ_VARIANT_DAKON, 1, 1);
  kz_test_capture (GTK_WIDGET (f->puzzles), "puzzle-solved.png");

  /* Statistics shows it, for the game, though no match has ended. */
  {
    KuzhiStatisticsWindow *stats = kuzhi_statistics_window_new (GTK_WINDOW (f->w.window), f->statistics,
                                                                KZ_VARIANT_DAKON);

    gtk_window_set_default_size (GTK_WINDOW (stats), 360, 640);
    gtk_window_present (GTK_WINDOW (stats));
    kz_test_spin (100);
    g_assert_nonnull (kz_test_find_label (GTK_WIDGET (stats), "Solved at the First Try"));
    g_assert_nonnull (kz_test_find_label (GTK_WIDGET (stats), "1 of 1"));
    g_assert_nonnull (kz_test_find_label (GTK_WIDGET (stats), "1 puzzle tried; each counts at its first try"));
    kz_test_capture (GTK_WIDGET (stats), "statistics-puzzles.png");
    gtk_window_destroy (GTK_WINDOW (stats));
  }

  /* Played again, wrong this time: still counted once, as solved. */
  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.retry", NULL);
  g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  {
    KzAction legal[KZ_MAX_ACTIONS];
    int n = kz_position_variant (&p.position)->legal (&p.position, legal);

    for (int i = 0; i < n; i++)
      if (legal[i] != p.solution)
        {
          play (f, legal[i]);
          break;
        }
  }
  assert_puzzle_counts (f, KZ_VARIANT_DAKON, 1, 1);
}

/* A wrong move: its exact value, the refutation on the board (the
 * opponent's best reply played), Try Again back to the puzzle, Show
 * Solution to the line's end; counted tried, not solved, once. */
static void
test_wrong (Fixture *f, gconstpointer data)
{
  KzPuzzle p;
  KzAction legal[KZ_MAX_ACTIONS];
  KzAction wrong = KZ_ACTION_NONE;
  KzSearcher *searcher = kz_searcher_new (KZ_PUZZLE_TABLE_MB);
  KzSearchLimits limits = { .nodes = 150000 };
  KzAnalysis *an = g_new0 (KzAnalysis, 1);
  const KzMoveValue *mv = NULL;
  KzMatch match;
  KzPosition after;
  g_autofree char *said = NULL;
  int n;

  wait_settled (f);
  p = *kuzhi_puzzle_window_get_puzzle (f->puzzles);
  n = kz_position_variant (&p.position)->legal (&p.position, legal);
  for (int i = 0; i < n && wrong == KZ_ACTION_NONE; i++)
    if (legal[i] != p.solution)
      wrong = legal[i];
  g_assert_cmpint (wrong, !=, KZ_ACTION_NONE);

  /* The wrong move's value and best line, by the engine. */
  g_assert_true (kz_match_init_at (&match, &p.position, NULL, 0));
  g_assert_true (kz_search_analyse (searcher, &match, &limits, NULL, NULL, NULL, an));
  for (int i = 0; i < an->n_moves; i++)
    if (an->moves[i].action == wrong)
      mv = &an->moves[i];
  g_assert_nonnull (mv);
  g_assert_true (mv->exact);
  after = p.position;
  apply (&after, wrong);
  /* Through the opponent's whole reply, to the player's next turn. */
  {
    gboolean replied = FALSE;

    for (int i = 1; i < mv->pv_len && !after.over; i++)
      {
        if (after.to_move == p.position.to_move && replied)
          break;
        if (after.to_move != p.position.to_move)
          replied = TRUE;
        apply (&after, mv->pv[i]);
      }
    g_assert_true (replied);
    g_assert_true (after.over || after.to_move == p.position.to_move);
  }

  play (f, wrong);
  g_assert_true (g_str_has_prefix (kuzhi_puzzle_window_get_result (f->puzzles), "Not the best: with best play from both, this move "));
  /* On the phone the page scrolls to Try Again, which the keyboard goes
   * to, whole, with the result just above it. */
  g_assert_true (kz_test_spin_until (retry_in_sight, f->puzzles, 5000));
  g_assert_true (gtk_widget_has_focus (kz_test_find_button (GTK_WIDGET (f->puzzles), "_Try Again")));
  {
    int margin = kz_score_margin (mv->score);

    said = margin > 0 ? g_strdup_printf ("this move wins by %d,", margin)
         : margin < 0 ? g_strdup_printf ("this move loses by %d,", -margin)
         : g_strdup ("this move ends in a draw,");
  }
  g_assert_nonnull (strstr (kuzhi_puzzle_window_get_result (f->puzzles), said));
  assert_displayed (f, &after);
  assert_puzzle_counts (f, KZ_VARIANT_DAKON, 1, 0);
  kz_test_capture (GTK_WIDGET (f->puzzles), "puzzle-refuted.png");

  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.retry", NULL);
  g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  assert_displayed (f, &p.position);
  {
    g_auto(GStrv) moves = kuzhi_puzzle_window_dup_moves (f->puzzles);

    g_assert_cmpuint (g_strv_length (moves), ==, 0);
  }
  g_assert_cmpstr (kuzhi_puzzle_window_get_result (f->puzzles), ==, "");

  /* Solved at the second try: still not solved at the first. */
  play (f, p.solution);
  assert_puzzle_counts (f, KZ_VARIANT_DAKON, 1, 0);

  /* Show Solution after another wrong try plays the whole line. */
  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.retry", NULL);
  play (f, wrong);
  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.solution", NULL);
  wait_settled (f);
  {
    KzPosition end = p.position;

    for (int i = 0; i < p.line_len && !end.over; i++)
      apply (&end, p.line[i]);
    assert_displayed (f, &end);
  }
  g_assert_true (g_str_has_prefix (kuzhi_puzzle_window_get_result (f->puzzles), "The best move is "));

  kz_match_clear (&match);
  g_free (an);
  kz_searcher_free (searcher);
}

/* Games without puzzles say why; New Puzzle takes the next number. */
static void
test_choose (Fixture *f, gconstpointer data)
{
  const KzPuzzle *shown;
  KzPuzzle expected;

  wait_settled (f);
  kuzhi_puzzle_window_choose (f->puzzles, KZ_VARIANT_CONSTITUTION, 1, 338);
  wait_settled (f);
  g_assert_null (kuzhi_puzzle_window_get_puzzle (f->puzzles));
  g_assert_false (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  kuzhi_puzzle_window_choose (f->puzzles, KZ_VARIANT_PALLANGUZHI, 3, 338);
  wait_settled (f);
  g_assert_null (kuzhi_puzzle_window_get_puzzle (f->puzzles));

  kuzhi_puzzle_window_choose (f->puzzles, KZ_VARIANT_KALAH, 2, 338);
  wait_settled (f);
  gtk_widget_activate_action (GTK_WIDGET (f->puzzles), "puzzle.new", NULL);
  wait_settled (f);
  g_assert_cmpuint (kuzhi_puzzle_window_get_seed (f->puzzles), ==, 339);
  g_assert_true (g_str_equal (kuzhi_puzzle_window_get_subtitle (f->puzzles), "Puzzle No. 339"));
  shown = kuzhi_puzzle_window_get_puzzle (f->puzzles);
  g_assert_nonnull (shown);
  find_independently (KZ_VARIANT_KALAH, 2, 339, &expected);
  g_assert_cmpmem (&shown->position, sizeof shown->position, &expected.position, sizeof expected.position);
  assert_puzzle_counts (f, KZ_VARIANT_KALAH, 0, 0);

  /* Oware's and Bohnenspiel's, proven with the finder's own databases,
   * are the engine's too. */
  static const KzVariantId with_databases[] = { KZ_VARIANT_OWARE, KZ_VARIANT_BOHNENSPIEL };
  for (gsize i = 0; i < G_N_ELEMENTS (with_databases); i++)
    {
      KzVariantId v = with_databases[i];

      kuzhi_puzzle_window_choose (f->puzzles, v, 3, 338);
      wait_settled (f);
      shown = kuzhi_puzzle_window_get_puzzle (f->puzzles);
      g_assert_nonnull (shown);
      g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
      find_independently (v, 3, 338, &expected);
      g_assert_cmpmem (&shown->position, sizeof shown->position, &expected.position, sizeof expected.position);
      g_assert_cmpint (shown->solution, ==, expected.solution);
    }
}

/* By keyboard: the cups may be focused and sown with Enter (their
 * activate signal, which Enter, Space and a click send), and once a
 * wrong move's refutation is played the keyboard is on Try Again, which
 * carries the result for a screen reader; Enter on it (activate) brings
 * the puzzle back. */
static void
test_keyboard (Fixture *f, gconstpointer data)
{
  KuzhiBoardView *board = kuzhi_puzzle_window_get_board_view (f->puzzles);
  KzPuzzle p;
  KzAction legal[KZ_MAX_ACTIONS];
  GtkWidget *cup, *focus;
  int n;

  wait_settled (f);
  p = *kuzhi_puzzle_window_get_puzzle (f->puzzles);
  n = kz_position_variant (&p.position)->legal (&p.position, legal);
  for (int i = 0; i < n; i++)
    if (legal[i] != p.solution)
      {
        cup = GTK_WIDGET (kuzhi_board_view_get_cup (board, legal[i]));
        g_assert_true (gtk_widget_get_focusable (cup));
        g_assert_true (gtk_widget_grab_focus (cup));
        g_assert_true (gtk_widget_activate (cup));
        break;
      }
  wait_settled (f);
  g_assert_false (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  focus = gtk_root_get_focus (GTK_ROOT (f->puzzles));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Try Again");
  g_assert_true (gtk_widget_activate (focus));
  /* A button shows itself pressed for a moment before it clicks. */
  g_assert_true (kz_test_spin_until (waiting_for_move, f->puzzles, 5000));
  assert_displayed (f, &p.position);
  /* The keyboard is back on a cup that may be sown. */
  focus = gtk_root_get_focus (GTK_ROOT (f->puzzles));
  g_assert_true (KUZHI_IS_CUP (focus));
  g_assert_true (kz_position_is_legal (&p.position, kuzhi_cup_get_pit (KUZHI_CUP (focus))));
}

/* The keys 1–7 choose a cup of the solver's row, as in the main window,
 * the keypad's too; nothing is sown until Enter. */
static void
test_number_keys (Fixture *f, gconstpointer data)
{
  KuzhiBoardView *board = kuzhi_puzzle_window_get_board_view (f->puzzles);
  KzPuzzle p;
  int row, mover;
  GtkWidget *focus;

  wait_settled (f);
  p = *kuzhi_puzzle_window_get_puzzle (f->puzzles);
  row = p.position.n_pits / 2;
  mover = p.position.to_move;
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->puzzles), GDK_KEY_2));
  focus = gtk_root_get_focus (GTK_ROOT (f->puzzles));
  g_assert_true (focus == GTK_WIDGET (kuzhi_board_view_get_cup (board, mover * row + 1)));
  g_assert_true (kz_test_press_key (GTK_WINDOW (f->puzzles), GDK_KEY_KP_1));
  focus = gtk_root_get_focus (GTK_ROOT (f->puzzles));
  g_assert_true (focus == GTK_WIDGET (kuzhi_board_view_get_cup (board, mover * row)));
  g_assert_true (kuzhi_puzzle_window_get_waiting_for_move (f->puzzles));
  assert_displayed (f, &p.position);
}

static void
on_finalized (gpointer  data,
              GObject  *where)
{
  g_atomic_pointer_set ((gpointer *) data, g_thread_self ());
}

/* The main menu's Puzzles opens the window over the main one. */
static void
test_menu (Fixture *f, gconstpointer data)
{
  GList *toplevels;
  gpointer opened = NULL;
  gpointer finalized_in = NULL;

  wait_settled (f);
  g_action_group_activate_action (G_ACTION_GROUP (f->w.window), "puzzles", NULL);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (KUZHI_IS_PUZZLE_WINDOW (l->data) && l->data != (gpointer) f->puzzles)
      {
        g_assert_null (opened);
        opened = l->data;
      }
  g_list_free (toplevels);
  g_assert_nonnull (opened);
  g_assert_true (gtk_window_get_transient_for (opened) == GTK_WINDOW (f->w.window));
  g_assert_true (gtk_window_get_modal (opened));
  g_assert_true (kuzhi_puzzle_window_get_busy (opened));
  /* Closing while it finds cancels the find (which /puzzle/cancelled
   * shows stops the search); the find's task holds the window until it
   * returns, and then the window is gone. */
  g_object_add_weak_pointer (G_OBJECT (opened), &opened);
  g_object_weak_ref (G_OBJECT (opened), on_finalized, &finalized_in);
  gtk_window_destroy (opened);
  g_assert_true (kz_test_spin_until (is_gone, &opened, 10000));
  /* In the main thread, not the find's (a crash once, in the next test). */
  g_assert_true (g_atomic_pointer_get (&finalized_in) == (gpointer) g_thread_self ());
}

int
main (int argc, char **argv)
{
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

  g_test_add_func ("/puzzles/day-formula", test_day_formula);
  g_test_add ("/puzzles/day", Fixture, NULL, fixture_setup, test_day, fixture_teardown);
  g_test_add ("/puzzles/solve", Fixture, NULL, fixture_setup, test_solve, fixture_teardown);
  g_test_add ("/puzzles/wrong", Fixture, NULL, fixture_setup, test_wrong, fixture_teardown);
  g_test_add ("/puzzles/choose", Fixture, NULL, fixture_setup, test_choose, fixture_teardown);
  g_test_add ("/puzzles/keyboard", Fixture, NULL, fixture_setup, test_keyboard, fixture_teardown);
  g_test_add ("/puzzles/number-keys", Fixture, NULL, fixture_setup, test_number_keys, fixture_teardown);
  g_test_add ("/puzzles/menu", Fixture, NULL, fixture_setup, test_menu, fixture_teardown);
  g_test_add ("/puzzles/sound", Fixture, NULL, fixture_setup, test_sound, fixture_teardown);
  return g_test_run ();
}
