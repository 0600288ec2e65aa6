/* kuzhi-rules-games.c — the Rules window's section for each game besides the Constitution, from the games' texts (kuzhi-game-text.c). */
#include "config.h"

#include <glib/gi18n.h>

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

static void
add_game (GtkBox      *box,
          KzVariantId  id)
{
  GtkWidget *heading = gtk_label_new (kuzhi_game_title (id));
  GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
  const char *paragraph;

  /* Each game is set apart by a rule and its name. */
  gtk_widget_set_margin_top (separator, 24);
  gtk_box_append (box, separator);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_set_margin_top (heading, 12);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_box_append (box, heading);
  add_label (box, kuzhi_game_description (id), "dim-label");
  add_start_diagram (box, id);
  for (int i = 0; (paragraph = kuzhi_game_rules_paragraph (id, i)) != NULL; i++)
    add_label (box, paragraph, NULL);
}

void
kuzhi_rules_games_append (GtkBox *box)
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
    gtk_box_prepend (box, line);
    gtk_box_prepend (box, heading);
  }
  /* Then every other game, in the engine's order. */
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    if (id != KZ_VARIANT_CONSTITUTION)
      add_game (box, id);
}
