/* kuzhi-rules-games.c — the Rules window's pages for Kalah, Oware, Mangala, Dakon and Pallanguzhi, in a player's words. */
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
  kuzhi_board_view_set_position (KUZHI_BOARD_VIEW (view), &match.pos);
  gtk_widget_set_size_request (view, -1, 170);
  gtk_box_append (box, view);
  kz_match_clear (&match);
}

static void
add_game (GtkBox      *box,
          KzVariantId  id,
          const char  *paragraphs[])
{
  GtkWidget *heading = gtk_label_new (kuzhi_game_title (id));
  GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);

  /* Each game is set apart by a rule and its name. */
  gtk_widget_set_margin_top (separator, 24);
  gtk_box_append (box, separator);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_margin_top (heading, 12);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_box_append (box, heading);
  add_label (box, kuzhi_game_description (id), "dim-label");
  add_start_diagram (box, id);
  for (int i = 0; paragraphs[i] != NULL; i++)
    add_label (box, paragraphs[i], NULL);
}

void
kuzhi_rules_games_append (GtkBox *box)
{
  const char *kalah[] = {
    _("Twelve pits, six on each side, and a store at each end; the store on your right is yours. "
      "Every pit starts with 4 seeds (3 to 6 in New Match)."),
    _("Lift all the seeds of one of your pits and sow them one by one counter-clockwise, "
      "into your own store as you pass it, never into your opponent’s."),
    _("Last seed in your store: you move again. Last seed in an empty pit of your row while "
      "the pit opposite has seeds: that seed and the opposite ones go to your store (with the "
      "opposite pit empty, nothing is taken). A lap of 13 or more seeds comes back to the pit you "
      "emptied, which counts as empty."),
    _("When either row is empty the game ends: each player puts the seeds left on their row "
      "into their store. Most seeds wins."),
    NULL
  };
  const char *oware[] = {
    _("Twelve houses, six on each side, 4 seeds in each. The seeds you capture are kept "
      "beside the board; 25 of the 48 win."),
    _("Sow all the seeds of one of your houses counter-clockwise. A lap of 12 or more skips "
      "the house you emptied."),
    _("If your last seed makes a house of your opponent’s row hold 2 or 3, you take it, and "
      "the house before it, and so on backwards while they hold 2 or 3 — never past the edge "
      "of their row. A grand slam, a move that would take every seed of their row, is allowed "
      "but takes nothing."),
    _("Must feed: when your opponent’s row is empty you must choose a house whose sowing "
      "reaches it. If you cannot, the game ends."),
    _("The game ends when someone has more than 24, when the player to move cannot be fed, or "
      "after 400 moves; each player then keeps the seeds on their row. 24–24 is a draw."),
    NULL
  };
  const char *mangala[] = {
    _("Twelve pits and two treasures (stores), 4 stones in each pit; the treasure on your "
      "right is yours."),
    _("Lift all the stones of one of your pits: the first goes back into that same pit and the "
      "others follow counter-clockwise, into your treasure as you pass it. A single stone just "
      "moves to the next pit."),
    _("Last stone in your treasure: you move again. Last stone making a pit of your opponent’s "
      "row even: you take that pit. Last stone in an empty pit of your row with stones opposite: "
      "you take those and your stone."),
    _("When a row is empty the game ends, and the player whose row is empty takes the stones "
      "left on the other row. Most stones wins."),
    NULL
  };
  const char *dakon[] = {
    _("Fourteen pits, seven on each side, and a store at each end, 7 seeds in each pit "
      "(3 to 9 in New Match); your store is after your last pit."),
    _("Sow all the seeds of one of your pits counter-clockwise, into your own store as you "
      "pass it, never into your opponent’s. The pit you lifted is sown into when a lap comes round."),
    _("Where the last seed falls decides: in your store, you move again; in a pit that already "
      "held seeds, on either row, you lift them all and sow on — lap after lap; in an empty pit "
      "of your row, that seed and all the seeds opposite go to your store; in an empty pit of "
      "your opponent’s row, your turn ends."),
    _("When a row is empty, the other player sweeps their row into their store and the game "
      "ends. After 100 moves without a capture the game is scored where it stands: store plus "
      "your row."),
    NULL
  };
  const char *pallanguzhi[] = {
    _("Fourteen cups, seven on each side. The usual start puts 12 counters in every cup but the "
      "middle cup of each row, which gets 2; the uniform starts put 5 or 6 in every cup."),
    _("Sow all the counters of one of your cups counter-clockwise. After your last counter look "
      "at the next cup: if it holds counters, lift them and sow on; if it is empty, you take the "
      "counters of the cup beyond it and your turn ends. Two empty cups end your turn with nothing."),
    _("Pasu: whenever a dropped counter makes any cup hold exactly the pasu number (6 with the "
      "usual start, 4 with the uniform ones), you take that cup at once and go on sowing."),
    _("Rounds: when the player to move has nothing on their row, the round ends and each player "
      "takes the counters left on their row. Each then fills their cups again from the first, "
      "as far as their counters go; the cups they cannot fill are rubbish cups, out of play for "
      "that round (covered on the board). They come back as soon as their owner can fill them."),
    _("A player who cannot fill even their first cup loses the match. A position that comes up "
      "for the third time ends it too: store plus row decides."),
    NULL
  };

  /* The Constitution's sections come first, under their own heading. */
  {
    GtkWidget *heading = gtk_label_new (kuzhi_game_title (KZ_VARIANT_CONSTITUTION));
    GtkWidget *line = gtk_label_new (kuzhi_game_description (KZ_VARIANT_CONSTITUTION));

    gtk_label_set_xalign (GTK_LABEL (heading), 0);
    gtk_widget_add_css_class (heading, "title-1");
    gtk_label_set_xalign (GTK_LABEL (line), 0);
    gtk_label_set_wrap (GTK_LABEL (line), TRUE);
    gtk_widget_add_css_class (line, "dim-label");
    gtk_box_prepend (box, line);
    gtk_box_prepend (box, heading);
  }
  add_game (box, KZ_VARIANT_KALAH, kalah);
  add_game (box, KZ_VARIANT_OWARE, oware);
  add_game (box, KZ_VARIANT_MANGALA, mangala);
  add_game (box, KZ_VARIANT_DAKON, dakon);
  add_game (box, KZ_VARIANT_PALLANGUZHI, pallanguzhi);
}
