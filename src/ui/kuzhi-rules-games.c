/* kuzhi-rules-games.c — the Rules window's page for each game besides the Constitution, from the games' texts (kuzhi-game-text.c). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "kuzhi-rules-games.h"
#include "kuzhi-board-view.h"
#include "kuzhi-game-text.h"

static void
add_label (GtkBox     *box,
           const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    {
      gtk_widget_add_css_class (label, css_class);
      gtk_widget_set_margin_top (label, 12);
    }
  gtk_box_append (box, label);
}

static void
add_start_diagram (GtkBox      *box,
                   KzVariantId  id)
{
  GtkWidget *view = kuzhi_board_view_new ();
  KzMatch match;

  if (!kz_match_init (&match, id, NULL, NULL, 0))
    return;
  kuzhi_board_view_set_interactive (KUZHI_BOARD_VIEW (view), FALSE);
  kuzhi_board_view_set_may_stand (KUZHI_BOARD_VIEW (view), FALSE);
  kuzhi_board_view_set_position (KUZHI_BOARD_VIEW (view), &match.pos);
  gtk_widget_set_size_request (view, -1, 170);
  gtk_box_append (box, view);
  kz_match_clear (&match);
}

/* A game's page: its heading, one line, the start position and the
 * paragraphs, in a scrolled column of the Rules window's width. */
static void
add_game (GtkStack    *stack,
          KzVariantId  id)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *heading = gtk_label_new (kuzhi_game_title (id));
  const char *paragraph;

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 600);
  gtk_widget_set_margin_top (clamp, 12);
  gtk_widget_set_margin_bottom (clamp, 24);
  gtk_widget_set_margin_start (clamp, 18);
  gtk_widget_set_margin_end (clamp, 18);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_box_append (GTK_BOX (box), heading);
  add_label (GTK_BOX (box), kuzhi_game_description (id), "dim-label");
  add_start_diagram (GTK_BOX (box), id);
  for (int i = 0; (paragraph = kuzhi_game_rules_paragraph (id, i)) != NULL; i++)
    add_label (GTK_BOX (box), paragraph, NULL);

  gtk_stack_add_titled (stack, scrolled, kz_variant_get (id)->key, kuzhi_game_title (id));
}

void
kuzhi_rules_games_append (GtkBox   *constitution,
                          GtkStack *stack)
{
  /* The Constitution's sections come first, under their own heading. */
  {
    GtkWidget *heading = gtk_label_new (kuzhi_game_title (KZ_VARIANT_CONSTITUTION));
    GtkWidget *line = gtk_label_new (kuzhi_game_description (KZ_VARIANT_CONSTITUTION));

    gtk_label_set_xalign (GTK_LABEL (heading), 0);
    gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
    gtk_widget_add_css_class (heading, "title-1");
    gtk_label_set_xalign (GTK_LABEL (line), 0);
    gtk_label_set_wrap (GTK_LABEL (line), TRUE);
    gtk_widget_add_css_class (line, "dim-label");
    gtk_box_prepend (constitution, line);
    gtk_box_prepend (constitution, heading);
  }
  /* Then a page for every other game, in the engine's order. */
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    if (id != KZ_VARIANT_CONSTITUTION)
      add_game (stack, id);
}
