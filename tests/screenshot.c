/* screenshot.c — renders the real window to PNGs: the start, mid-match with a lucky cup and a refill shell (wide and phone-sized), a sowing frame, the end; with --help-figures, the manual's figures. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "kuzhi-application.h"
#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-new-match-dialog.h"
#include "kuzhi-rules-page.h"
#include "kuzhi-test-window.h"

static const char *out_dir = ".";
static int failures;


static void
capture (GtkWidget  *widget,
         const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = g_build_filename (out_dir, name, NULL);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  /* On a busy machine the first frame may come late: give it time. */
  for (int tries = 0; node == NULL && tries < 50; tries++)
    {
      kz_test_spin (100);
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  if (node == NULL)
    {
      g_printerr ("%s: nothing was drawn\n", name);
      failures++;
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_printerr ("%s: cannot write\n", path);
      failures++;
      return;
    }
  g_print ("wrote %s (%d×%d)\n", path, width, height);
}

/* Plays random matches with the engine alone until one reaches a position
 * worth showing: a lucky cup on the board and the refill shell to sow. */
static GArray *
find_mid_match (void)
{
  GRand *rand = g_rand_new_with_seed (7);
  GArray *line = g_array_new (FALSE, FALSE, sizeof (KzAction));

  for (int attempt = 0; attempt < 20000; attempt++)
    {
      KzMatch match;

      g_array_set_size (line, 0);
      kz_match_init (&match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = 0; ply < 600 && !match.pos.over; ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          KzAction pick = KZ_ACTION_NONE;
          int n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match.pos, legal);
          const KzPosition *p = &match.pos;

          if (p->round >= 2 && (p->lucky[0] >= 0 || p->lucky[1] >= 0)
              && p->refill_left[p->to_move] == 1 && kz_position_is_legal (p, KZ_ACTION_REFILL)
              && kz_position_row_sum (p, 0) >= 8 && kz_position_row_sum (p, 1) >= 8)
            {
              kz_match_clear (&match);
              g_rand_free (rand);
              return line;
            }
          /* Mark whenever allowed, so that lucky cups show up. */
          for (int i = 0; i < n; i++)
            if (KZ_ACTION_IS_MARK (legal[i]) && g_rand_boolean (rand))
              pick = legal[i];
          if (pick == KZ_ACTION_NONE)
            {
              int sows = 0;
              for (int i = 0; i < n; i++)
                if (!KZ_ACTION_IS_MARK (legal[i]))
                  legal[sows++] = legal[i];
              pick = legal[g_rand_int_range (rand, 0, sows)];
            }
          g_array_append_val (line, pick);
          kz_match_play (&match, pick, NULL);
        }
      kz_match_clear (&match);
    }
  g_rand_free (rand);
  g_array_free (line, TRUE);
  return NULL;
}

/* A match where the player to move may mark a lucky cup, in round 2 or later. */
static gboolean
find_marking_match (KzMatch *match)
{
  GRand *rand = g_rand_new_with_seed (3);

  for (int attempt = 0; attempt < 20000; attempt++)
    {
      kz_match_init (match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0);
      for (int ply = 0; ply < 600 && !match->pos.over; ply++)
        {
          KzAction legal[KZ_MAX_ACTIONS];
          int n, sows = 0;

          if (kz_constitution_may_mark (&match->pos) && match->pos.plies >= 6
              && kz_position_row_sum (&match->pos, 0) >= 6 && kz_position_row_sum (&match->pos, 1) >= 6)
            {
              g_rand_free (rand);
              return TRUE;
            }
          n = kz_variant_get (KZ_VARIANT_CONSTITUTION)->legal (&match->pos, legal);
          for (int i = 0; i < n; i++)
            if (!KZ_ACTION_IS_MARK (legal[i]))
              legal[sows++] = legal[i];
          kz_match_play (match, legal[g_rand_int_range (rand, 0, sows)], NULL);
        }
      kz_match_clear (match);
    }
  g_rand_free (rand);
  return FALSE;
}

static void
play_to_end (KuzhiGameModel *model)
{
  GRand *rand = g_rand_new_with_seed (11);

  for (int ply = 0; ply < 5000 && !kuzhi_game_model_get_over (model); ply++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (model, legal);
      int sows = 0;

      for (int i = 0; i < n; i++)
        if (!KZ_ACTION_IS_MARK (legal[i]))
          legal[sows++] = legal[i];
      kuzhi_game_model_play (model, legal[g_rand_int_range (rand, 0, sows)], NULL);
    }
  g_rand_free (rand);
}

static void
on_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  KuzhiWindow *kw = KUZHI_WINDOW (window);
  KuzhiGameModel *model = kuzhi_window_get_model (kw);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");
  g_autoptr(GArray) line = NULL;

  gtk_window_set_default_size (window, 1000, 660);
  g_settings_set_string (settings, "animation-speed", "instant");
  kuzhi_window_start_match (kw, KZ_VARIANT_CONSTITUTION, 5, "Meena", "Arul");
  kz_test_spin (800);
  capture (GTK_WIDGET (window), "start.png");

  line = find_mid_match ();
  if (line == NULL)
    {
      g_printerr ("no position with a lucky cup and a refill shell found\n");
      failures++;
    }
  else
    {
      for (guint i = 0; i < line->len; i++)
        kuzhi_game_model_play (model, g_array_index (line, KzAction, i), NULL);
      kz_test_spin (300);
      kuzhi_window_dismiss_toast (kw);
      kz_test_spin (600);
      capture (GTK_WIDGET (window), "mid-match.png");

      /* The same on a phone: a window 360 × 640 inside its resize
       * borders, where the board stands upright. */
      {
        GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
        int bx = gdk_surface_get_width (surface) - gtk_widget_get_width (GTK_WIDGET (window));
        int by = gdk_surface_get_height (surface) - gtk_widget_get_height (GTK_WIDGET (window));

        gtk_window_set_default_size (window, 360 + bx, 640 + by);
        kz_test_spin (900);
        capture (GTK_WIDGET (window), "narrow.png");
        gtk_window_set_default_size (window, 1000, 660);
        kz_test_spin (600);
      }

      /* The sowing preview of a cup focused by the keyboard: the one
       * whose sowing goes on furthest. */
      {
        KzAction legal[KZ_MAX_ACTIONS];
        int n = kuzhi_game_model_get_legal (model, legal);
        int best = -1, most = -1;
        for (int i = 0; i < n; i++)
          {
            KzPreview preview;
            if (KZ_ACTION_IS_PIT (legal[i]) && kz_position_preview (kuzhi_game_model_get_position (model), legal[i], &preview)
                && preview.n_relays + __builtin_popcount (preview.triples | preview.captures) * 2 > most)
              {
                most = preview.n_relays + __builtin_popcount (preview.triples | preview.captures) * 2;
                best = legal[i];
              }
          }
        if (best >= 0)
          {
            gtk_widget_grab_focus (GTK_WIDGET (kuzhi_board_view_get_cup (kuzhi_window_get_board_view (kw), best)));
            gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
            kz_test_spin (300);
            capture (GTK_WIDGET (window), "preview.png");
            gtk_window_set_focus_visible (GTK_WINDOW (window), FALSE);
          }
      }

      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
      kuzhi_board_view_set_view_player (kuzhi_window_get_board_view (kw), 1);
      kz_test_spin (400);
      capture (GTK_WIDGET (window), "mid-match-dark-player2.png");
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
      kuzhi_board_view_set_view_player (kuzhi_window_get_board_view (kw), 0);

      /* A frame in the middle of a sowing, of the far row (Arul's view):
       * the hand and its count stay on the board. */
      kuzhi_board_view_set_view_player (kuzhi_window_get_board_view (kw), 1);
      g_settings_set_string (settings, "animation-speed", "slow");
      {
        KzAction legal[KZ_MAX_ACTIONS];
        int n = kuzhi_game_model_get_legal (model, legal);
        KzAction best = KZ_ACTION_NONE;
        for (int i = 0; i < n; i++)
          if (KZ_ACTION_IS_PIT (legal[i])
              && (best == KZ_ACTION_NONE
                  || kuzhi_game_model_get_position (model)->pits[legal[i]]
                     > kuzhi_game_model_get_position (model)->pits[best]))
            best = legal[i];
        kuzhi_game_model_play (model, best, NULL);
      }
      kz_test_spin (1500);
      capture (GTK_WIDGET (window), "sowing.png");
      kuzhi_board_view_finish_animation (kuzhi_window_get_board_view (kw));
      kuzhi_board_view_set_view_player (kuzhi_window_get_board_view (kw), 0);
      g_settings_set_string (settings, "animation-speed", "instant");
    }

  /* Choosing a lucky cup. */
  {
    KzMatch match;
    if (find_marking_match (&match))
      {
        kuzhi_game_model_set_match (model, &match);
        kz_match_clear (&match);
        gtk_widget_activate_action (GTK_WIDGET (window), "win.mark-lucky", NULL);
        kz_test_spin (300);
        kuzhi_window_dismiss_toast (kw);
        kz_test_spin (500);
        capture (GTK_WIDGET (window), "marking.png");
        gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL);
      }
    else
      {
        g_printerr ("no position where a lucky cup may be marked found\n");
        failures++;
      }
  }

  /* Preferences and About, through the application's actions. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    const char *actions[] = { "preferences", "about" };
    const char *files[] = { "preferences.png", "about.png" };

    for (guint a = 0; a < G_N_ELEMENTS (actions); a++)
      {
        GtkWindow *shown = NULL;

        g_action_group_activate_action (G_ACTION_GROUP (gtk_window_get_application (window)), actions[a], NULL);
        kz_test_spin (600);
        for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
          {
            g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);
            if (w != window && gtk_widget_get_visible (GTK_WIDGET (w)) && gtk_window_get_transient_for (w) == window)
              shown = w;
          }
        if (shown == NULL)
          {
            g_printerr ("app.%s showed no window\n", actions[a]);
            failures++;
            continue;
          }
        capture (GTK_WIDGET (shown), files[a]);
        gtk_window_destroy (shown);
      }
  }

  /* The dialogs, each on its own. */
  {
    GtkWidget *dialog = GTK_WIDGET (kuzhi_new_match_dialog_new (window, model));
    gtk_window_present (GTK_WINDOW (dialog));
    kz_test_spin (500);
    capture (dialog, "new-match.png");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  {
    GtkWindow *rules = kuzhi_rules_page_new (window, KZ_VARIANT_CONSTITUTION);
    gtk_window_set_default_size (rules, 640, 900);
    gtk_window_present (rules);
    kz_test_spin (600);
    capture (GTK_WIDGET (rules), "rules.png");
    gtk_window_destroy (rules);
  }

  {
    GtkShortcutsWindow *help = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
    if (help == NULL)
      {
        g_printerr ("no Keyboard Shortcuts window\n");
        failures++;
      }
    else
      {
        gtk_window_present (GTK_WINDOW (help));
        kz_test_spin (600);
        capture (GTK_WIDGET (help), "shortcuts.png");
        gtk_widget_set_visible (GTK_WIDGET (help), FALSE);
      }
  }

  play_to_end (model);
  kz_test_spin (600);
  capture (GTK_WIDGET (window), "match-end.png");

  /* A small window: everything still fits. */
  kuzhi_window_start_match (kw, KZ_VARIANT_CONSTITUTION, 5, "Meena", "Arul");
  gtk_window_set_default_size (window, 640, 480);
  kz_test_spin (600);
  capture (GTK_WIDGET (window), "small.png");

  gtk_window_destroy (window);
}

/* The manual's figures (help/C/figures/, `ninja -C BUILD help-figures`):
 * the window at the start, New Match, each game's board at its start and
 * the Analysis. At most 800 px wide, so that they stay small. */
static void
on_activate_help (GApplication *app)
{
  static const struct {
    KzVariantId id;
    const char *file;
  } games[] = {
    { KZ_VARIANT_CONSTITUTION, "board-constitution.png" },
    { KZ_VARIANT_PALLANGUZHI, "board-pallanguzhi.png" },
    { KZ_VARIANT_DAKON, "board-dakon.png" },
    { KZ_VARIANT_KALAH, "board-kalah.png" },
    { KZ_VARIANT_OWARE, "board-oware.png" },
    { KZ_VARIANT_MANGALA, "board-mangala.png" },
    { KZ_VARIANT_BOHNENSPIEL, "board-bohnenspiel.png" },
  };
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  KuzhiWindow *kw = KUZHI_WINDOW (window);
  GtkWidget *board = GTK_WIDGET (kuzhi_window_get_board_view (kw));
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kuzhi.Kuzhi");

  g_settings_set_string (settings, "animation-speed", "instant");
  g_settings_set_boolean (settings, "analysis", FALSE);
  gtk_window_set_default_size (window, 800, 540);
  kuzhi_window_start_match (kw, KZ_VARIANT_CONSTITUTION, 0, "Meena", "Arul");
  kz_test_spin (800);
  capture (GTK_WIDGET (window), "window.png");

  {
    GtkWidget *dialog = GTK_WIDGET (kuzhi_new_match_dialog_new (window, kuzhi_window_get_model (kw)));
    gtk_window_present (GTK_WINDOW (dialog));
    kz_test_spin (500);
    capture (dialog, "new-match.png");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* The boards alone: no names or language on them, so every
   * translation of the manual can show the same pictures. */
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      kuzhi_window_start_match (kw, games[i].id, 0, "Meena", "Arul");
      kz_test_spin (500);
      capture (board, games[i].file);
    }

  /* Kalah's opening values, once the search has had a few seconds. */
  kuzhi_window_start_match (kw, KZ_VARIANT_KALAH, 0, "Meena", "Arul");
  g_settings_set_boolean (settings, "analysis", TRUE);
  kz_test_spin (4000);
  if (kuzhi_board_view_get_best_pit (KUZHI_BOARD_VIEW (board)) < 0)
    {
      g_printerr ("the analysis wrote nothing on the cups\n");
      failures++;
    }
  capture (board, "analysis.png");
  g_settings_set_boolean (settings, "analysis", FALSE);

  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KuzhiApplication) app = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("kuzhi-shot-XXXXXX", NULL);
  gboolean help_figures = argc > 1 && strcmp (argv[1], "--help-figures") == 0;

  if (help_figures)
    out_dir = argc > 2 ? argv[2] : ".";
  else if (argc > 1)
    out_dir = argv[1];
  g_mkdir_with_parents (out_dir, 0755);
  /* KUZHI_LOCALEDIR (the build's po folder) with LANGUAGE=xx: the shots
   * in that language, to look for clipped text. */
  if (g_getenv ("KUZHI_LOCALEDIR") != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain ("kuzhi", g_getenv ("KUZHI_LOCALEDIR"));
      bind_textdomain_codeset ("kuzhi", "UTF-8");
      textdomain ("kuzhi");
    }
  /* A fresh user data folder: no autosave from an earlier run. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  kz_test_keep_icons ();
  app = kuzhi_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (help_figures ? on_activate_help : on_activate), NULL);
  g_application_run (G_APPLICATION (app), 1, argv);

  return failures ? 1 : 0;
}
