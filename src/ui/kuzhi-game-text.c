/* kuzhi-game-text.c — what the window says about each game: names, descriptions, header and caption texts, refusals and news. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kuzhi-game-text.h"
#include "kuzhi-colors.h"
#include "kuzhi-draw.h"

/* What the window says about each game, in one table: the rest of the UI
 * asks for these instead of knowing the games. The rules themselves are
 * the engine's; these are their words for people. */
/* What the game's pieces are called (its rules' word; the header counts
 * them in hand): seeds unless the table says otherwise. */
typedef enum {
  PIECE_SEED,
  PIECE_SHELL,
  PIECE_STONE,
  PIECE_BEAN,
} PieceWord;

typedef struct {
  const char *title;
  const char *description;      /* one line, for New Match and the Rules page */
  const char *rules[6];         /* the Rules page's paragraphs (the Constitution has a page of its own) */
  const char *seeds_title;      /* New Match's option, where the game offers a choice */
  const char *seeds_subtitle;
  const char *seeds_labels[KZ_MAX_CHOICES];   /* how the choices read; none: their numbers */
  const char *caption;          /* a store's caption: "<b>name</b>: store · row", or none for the usual one */
  PieceWord   piece;
} GameTexts;

static const GameTexts game_texts[KZ_N_VARIANTS] = {
  [KZ_VARIANT_CONSTITUTION] = {
    .title = N_("Constitution"),
    .description = N_("Kuzhi’s own game: 2×7 cups, drawers, triples, lucky cups and rounds"),
    .seeds_title = N_("_Shells per Cup"),
    .seeds_subtitle = N_("Five is the standard game: 35 shells each"),
    .piece = PIECE_SHELL,
  },
  [KZ_VARIANT_KALAH] = {
    .title = N_("Kalah"),
    .description = N_("2×6 pits and two stores: end in your store to move again"),
    .rules = {
      N_("Twelve pits, six on each side, and a store at each end; the store on your right is yours. "
        "Every pit starts with 4 seeds (3 to 6 in New Match)."),
      N_("Lift all the seeds of one of your pits and sow them one by one counter-clockwise, "
        "into your own store as you pass it, never into your opponent’s."),
      N_("Last seed in your store: you move again. Last seed in an empty pit of your row while "
        "the pit opposite has seeds: that seed and the opposite ones go to your store (with the "
        "opposite pit empty, nothing is taken). A lap of 13 or more seeds comes back to the pit you "
        "emptied, which counts as empty."),
      N_("When either row is empty the game ends: each player puts the seeds left on their row "
        "into their store. Most seeds wins."),
    },
    .seeds_title = N_("_Seeds per Pit"),
    .seeds_subtitle = N_("Four is the usual game"),
  },
  [KZ_VARIANT_OWARE] = {
    .title = N_("Oware"),
    .description = N_("The Abapa game: 2×6 houses, take twos and threes, first to 25"),
    .rules = {
      N_("Twelve houses, six on each side, 4 seeds in each. The seeds you capture are kept "
        "beside the board; 25 of the 48 win."),
      N_("Sow all the seeds of one of your houses counter-clockwise. A lap of 12 or more skips "
        "the house you emptied."),
      N_("If your last seed makes a house of your opponent’s row hold 2 or 3, you take it, and "
        "the house before it, and so on backwards while they hold 2 or 3 — never past the edge "
        "of their row. A grand slam, a move that would take every seed of their row, is allowed "
        "but takes nothing."),
      N_("Must feed: when your opponent’s row is empty you must choose a house whose sowing "
        "reaches it. If you cannot, the game ends."),
      N_("The game ends when someone has more than 24, when the player to move cannot be fed, or "
        "after 400 moves; each player then keeps the seeds on their row. 24–24 is a draw."),
    },
  },
  [KZ_VARIANT_MANGALA] = {
    .title = N_("Mangala"),
    .description = N_("The Turkish game: 2×6 pits and treasures, even counts are taken"),
    .rules = {
      N_("Twelve pits and two treasures (stores), 4 stones in each pit; the treasure on your "
        "right is yours."),
      N_("Lift all the stones of one of your pits: the first goes back into that same pit and the "
        "others follow counter-clockwise, into your treasure as you pass it. A single stone just "
        "moves to the next pit."),
      N_("Last stone in your treasure: you move again. Last stone making a pit of your opponent’s "
        "row even: you take that pit. Last stone in an empty pit of your row with stones opposite: "
        "you take those and your stone."),
      N_("When a row is empty the game ends, and the player whose row is empty takes the stones "
        "left on the other row. Most stones wins."),
    },
    .caption = N_("<b>%s</b>: %d in the treasure · %d on the row"),
    .piece = PIECE_STONE,
  },
  [KZ_VARIANT_DAKON] = {
    .title = N_("Dakon"),
    .description = N_("The Javanese game: 2×7 pits and stores, sowing goes on lap after lap"),
    .rules = {
      N_("Fourteen pits, seven on each side, and a store at each end, 7 seeds in each pit "
        "(3 to 9 in New Match); your store is after your last pit."),
      N_("Sow all the seeds of one of your pits counter-clockwise, into your own store as you "
        "pass it, never into your opponent’s. The pit you lifted is sown into when a lap comes round."),
      N_("Where the last seed falls decides: in your store, you move again; in a pit that already "
        "held seeds, on either row, you lift them all and sow on — lap after lap; in an empty pit "
        "of your row, that seed and all the seeds opposite go to your store; in an empty pit of "
        "your opponent’s row, your turn ends."),
      N_("When a row is empty, the other player sweeps their row into their store and the game "
        "ends. After 100 moves without a capture the game is scored where it stands: store plus "
        "your row."),
    },
    .seeds_title = N_("_Seeds per Pit"),
    .seeds_subtitle = N_("Seven is the traditional game"),
  },
  [KZ_VARIANT_PALLANGUZHI] = {
    .title = N_("Pallanguzhi"),
    .description = N_("The Tamil game: 2×7 cups, pasu, rounds and rubbish cups"),
    .rules = {
      N_("Fourteen cups, seven on each side. The usual start puts 12 counters in every cup but the "
        "middle cup of each row, which gets 2; the uniform starts put 5 or 6 in every cup."),
      N_("Sow all the counters of one of your cups counter-clockwise. After your last counter look "
        "at the next cup: if it holds counters, lift them and sow on; if it is empty, you take the "
        "counters of the cup beyond it and your turn ends. Two empty cups end your turn with nothing."),
      N_("Pasu: whenever a dropped counter makes any cup hold exactly the pasu number (6 with the "
        "usual start, 4 with the uniform ones), you take that cup at once and go on sowing."),
      N_("Rounds: when the player to move has nothing on their row, the round ends and each player "
        "takes the counters left on their row. Each then fills their cups again from the first, "
        "as far as their counters go; the cups they cannot fill are rubbish cups, out of play for "
        "that round (covered on the board). They come back as soon as their owner can fill them."),
      N_("A player who cannot fill even their first cup loses the match. A position that comes up "
        "for the third time ends it too: store plus row decides."),
    },
    .seeds_title = N_("Start _Layout"),
    .seeds_subtitle = N_("How many counters each cup holds at the start"),
    .seeds_labels = { N_("12 per cup, 2 in each middle cup"), N_("5 per cup"), N_("6 per cup") },
    /* The cowries of the shell-and-cup game, as its other texts say. */
    .piece = PIECE_SHELL,
  },
  [KZ_VARIANT_BOHNENSPIEL] = {
    .title = N_("Bohnenspiel"),
    .description = N_("The German bean game: 2×6 pits, take twos, fours and sixes"),
    .rules = {
      N_("Twelve pits, six on each side, 6 beans in each (4 to 6 in New Match). The beans "
         "you take go to your store beside the board."),
      N_("Sow all the beans of one of your pits counter-clockwise over both rows. A lap of 12 "
         "or more sows into the pit you emptied too. The turn always passes."),
      N_("If your last bean makes a pit — on either row — hold 2, 4 or 6, you take it; then "
         "the pit before it, and so on backwards round the board, while they hold 2, 4 or 6."),
      N_("When the player to move has no beans left, the game ends and the other player takes "
         "every bean still on the board. After 100 moves without a capture each player takes "
         "the beans on their own row. Most beans wins; equal is a draw."),
    },
    .seeds_title = N_("_Beans per Pit"),
    .seeds_subtitle = N_("Six is the usual game"),
    .piece = PIECE_BEAN,
  },
};

static const GameTexts *
texts_of (KzVariantId id)
{
  static const GameTexts none;

  return (unsigned) id < KZ_N_VARIANTS ? &game_texts[id] : &none;
}

static const char *
translated (const char *text)
{
  return text != NULL ? _(text) : NULL;
}

const char *
kuzhi_game_title (KzVariantId id)
{
  return texts_of (id)->title != NULL ? _(texts_of (id)->title) : "";
}

const char *
kuzhi_game_description (KzVariantId id)
{
  return texts_of (id)->description != NULL ? _(texts_of (id)->description) : "";
}

const char *
kuzhi_game_rules_paragraph (KzVariantId id,
                            int         index)
{
  if (index < 0 || index >= (int) G_N_ELEMENTS (texts_of (id)->rules))
    return NULL;
  return translated (texts_of (id)->rules[index]);
}

const char *
kuzhi_game_seeds_title (KzVariantId id)
{
  return translated (texts_of (id)->seeds_title);
}

const char *
kuzhi_game_seeds_subtitle (KzVariantId id)
{
  return translated (texts_of (id)->seeds_subtitle);
}

char *
kuzhi_game_seeds_label (KzVariantId id,
                        int         index)
{
  const KzVariant *v = kz_variant_get (id);

  if (v == NULL || index < 0 || index >= KZ_MAX_CHOICES || v->seeds_choices[index] == 0)
    return NULL;
  if (texts_of (id)->seeds_labels[index] != NULL)
    return g_strdup (_(texts_of (id)->seeds_labels[index]));
  return g_strdup_printf ("%d", v->seeds_choices[index]);
}

char *
kuzhi_game_action_name (const KzPosition *pos,
                        KzAction          action)
{
  int n = pos->n_pits / 2;

  if (action == KZ_ACTION_REFILL)
    return g_strdup (_("the refill shell"));
  if (KZ_ACTION_IS_MARK (action))
    /* Translators: the Constitution's mark of a lucky cup, "lucky cup 4" */
    return g_strdup_printf (_("lucky cup %d"), KZ_ACTION_MARK_CUP (action) % n + 1);
  switch (kz_position_variant (pos)->pit_word)
    {
    case KZ_PIT_WORD_HOUSE:
      /* Translators: a pit of Oware, numbered along its owner's row: "house 6" */
      return g_strdup_printf (_("house %d"), action % n + 1);
    case KZ_PIT_WORD_PIT:
      /* Translators: "pit 2", numbered along its owner's row */
      return g_strdup_printf (_("pit %d"), action % n + 1);
    case KZ_PIT_WORD_CUP:
    default:
      /* Translators: "cup 3", numbered along its owner's row */
      return g_strdup_printf (_("cup %d"), action % n + 1);
    }
}

/* --- the small board pictures ---------------------------------------------- */

/* Whether a cup starts lighter than the fullest cup of the game's default
 * layout (Pallanguzhi's middle cups), as the game's setup() lays it out. */
static gboolean
picture_cup_is_light (const KzPosition *start,
                      int               pit)
{
  int most = 0;

  for (int i = 0; i < start->n_pits; i++)
    most = MAX (most, start->pits[i]);
  return start->pits[pit] < most;
}

void
kuzhi_game_draw_picture (cairo_t     *cr,
                         KzVariantId  id,
                         double       width,
                         double       height)
{
  const KzVariant *variant = kz_variant_get (id);
  int n = variant ? variant->n_pits / 2 : 7;
  gboolean stores = variant ? variant->stores_at_ends : TRUE;
  KzOptions defaults = { 0 };
  KzPosition start = { 0 };
  double pad = height * 0.1;
  double store_w = stores ? height * 0.3 : 0;
  double cell, x0, y0;
  cairo_pattern_t *wood;

  if (variant == NULL || !variant->setup (&start, &defaults, NULL, 0))
    start.n_pits = 0;

  /* The wood. */
  wood = cairo_pattern_create_linear (0, 0, 0, height);
  cairo_pattern_add_color_stop_rgb (wood, 0, 0.72, 0.45, 0.24);
  cairo_pattern_add_color_stop_rgb (wood, 1, 0.53, 0.31, 0.15);
  kuzhi_draw_rounded_rect (cr, 0.5, 0.5, width - 1, height - 1, height * 0.22);
  cairo_set_source (cr, wood);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (wood);
  cairo_set_source_rgba (cr, 0.25, 0.12, 0.04, 0.8);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  cell = MIN ((width - 2 * pad - 2 * store_w - (stores ? pad : 0)) / n, (height - 2 * pad) / 2);
  x0 = (width - n * cell) / 2;
  y0 = (height - 2 * cell) / 2;

  /* The stores at the ends. */
  if (stores)
    for (int s = 0; s < 2; s++)
      {
        double sx = s == 0 ? pad : width - pad - store_w;
        kuzhi_draw_rounded_rect (cr, sx, pad, store_w, height - 2 * pad, store_w / 2);
        cairo_set_source_rgba (cr, 0.22, 0.11, 0.04, 0.75);
        cairo_fill (cr);
      }

  /* The pits, ringed in their owner's colour, with a seed or two in each. */
  for (int row = 0; row < 2; row++)
    for (int c = 0; c < n; c++)
      {
        double cx = x0 + (c + 0.5) * cell;
        double cy = y0 + (row + 0.5) * cell;
        double r = cell * 0.4;
        /* Player 1's row (the near one) runs left to right, Player 2's back. */
        int pit = row == 1 ? c : 2 * n - 1 - c;
        gboolean light = pit < start.n_pits && picture_cup_is_light (&start, pit);

        cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
        cairo_set_source_rgba (cr, 0.22, 0.11, 0.04, 0.75);
        cairo_fill_preserve (cr);
        {
          const GdkRGBA *owner = kuzhi_player_color (row == 1 ? 0 : 1);
          cairo_set_source_rgba (cr, owner->red, owner->green, owner->blue, 0.9);
        }
        cairo_set_line_width (cr, MAX (1.0, cell * 0.08));
        cairo_stroke (cr);

        /* Seeds: one in a cup the layout starts light (Pallanguzhi's middle
         * cups), a few elsewhere. */
        cairo_set_source_rgb (cr, 0.98, 0.94, 0.83);
        for (int k = 0; k < (light ? 1 : 3); k++)
          {
            double a = k * 2.1 + row + c;
            double d = light ? 0 : r * 0.42;
            cairo_arc (cr, cx + d * cos (a), cy + d * sin (a), MAX (0.8, r * 0.22), 0, 2 * G_PI);
            cairo_fill (cr);
          }
      }
}

static void
picture_draw (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  kuzhi_game_draw_picture (cr, GPOINTER_TO_INT (data), width, height);
}

GtkWidget *
kuzhi_game_picture_new (KzVariantId id)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 112);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 38);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), picture_draw, GINT_TO_POINTER (id), NULL);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, kuzhi_game_description (id),
                                  -1);
  return area;
}

/* --- header, captions ----------------------------------------------------- */

const char *
kuzhi_game_level_title (KzLevel level)
{
  switch (level)
    {
    case KZ_LEVEL_EASY:   return C_("computer level", "Easy");
    case KZ_LEVEL_NORMAL: return C_("computer level", "Normal");
    case KZ_LEVEL_HARD:   return C_("computer level", "Hard");
    case KZ_LEVEL_NONE:
    case KZ_N_LEVELS:
    default:              return "";
    }
}

char *
kuzhi_game_player_label (const char *name,
                         KzLevel     level)
{
  if (level <= KZ_LEVEL_NONE || level > KZ_LEVEL_HARD)
    return g_strdup (name);
  /* Translators: where a player's name is shown for a side the computer
   * plays: "Arul — computer, Hard"; the first %s is the name, the second
   * the level (Easy, Normal or Hard, as in the "computer level" context) */
  return g_strdup_printf (_("%s — computer, %s"), name, kuzhi_game_level_title (level));
}

static const char *
name_of (int player, const char *name0, const char *name1)
{
  return player ? name1 : name0;
}

char *
kuzhi_game_header_first (const KzPosition *pos,
                         const char       *name0,
                         const char       *name1)
{
  const char *mover = name_of (pos->to_move, name0, name1);

  if (kz_position_variant (pos)->has_rounds)
    /* Translators: "Round 2 · Meena to move" */
    return g_strdup_printf (_("Round %d · %s to move"), pos->round, mover);
  return g_strdup_printf (_("%s to move"), mover);
}

char *
kuzhi_game_header_scores (const KzPosition *pos,
                          const char       *name0,
                          const char       *name1)
{
  int target = kz_position_variant (pos)->win_target;

  /* Once over, each player has also kept their row: "45/25" would read
   * as a count against a target that no longer means anything. */
  if (target != 0 && !pos->over)
    /* Translators: captured seeds against the count that wins, Oware's 25: "Meena 3/25 · Arul 5/25" */
    return g_strdup_printf (_("%s %d/%d · %s %d/%d"),
                            name0, pos->stores[0], target, name1, pos->stores[1], target);
  return g_strdup_printf ("%s %d · %s %d", name0, pos->stores[0], name1, pos->stores[1]);
}

char *
kuzhi_game_caption (const KzPosition *pos,
                    int               player,
                    const char       *name)
{
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  int row = kz_position_row_sum (pos, player);
  int out = 0;

  if (kz_position_variant (pos)->win_target != 0 && pos->over)
    /* Translators: a caption of Oware once the match is over: the seeds
     * captured and those kept from the row at the end, "Meena: 45 in all" */
    return g_strdup_printf (_("<b>%s</b>: %d in all, captured and kept from the row"),
                            escaped, pos->stores[player]);
  if (kz_position_variant (pos)->win_target != 0)
    /* Translators: a caption in a game won by a count, Oware's: "Meena: 3 captured of the 25 needed · 20 on the row" */
    return g_strdup_printf (_("<b>%s</b>: %d captured of the %d needed · %d on the row"),
                            escaped, pos->stores[player], kz_position_variant (pos)->win_target, row);
  for (int k = 0; k < pos->n_pits / 2; k++)
    out += (pos->rubbish >> (player * pos->n_pits / 2 + k)) & 1;
  if (out > 0)
    /* Translators: "Meena: 20 in the store · 52 on the row · 2 rubbish cups out of play" */
    return g_strdup_printf (ngettext ("<b>%s</b>: %d in the store · %d on the row · %d rubbish cup out of play",
                                      "<b>%s</b>: %d in the store · %d on the row · %d rubbish cups out of play", out),
                            escaped, pos->stores[player], row, out);
  return g_strdup_printf (texts_of (pos->variant)->caption != NULL ? _(texts_of (pos->variant)->caption)
                                                                   : _("<b>%s</b>: %d in the store · %d on the row"),
                          escaped, pos->stores[player], row);
}

/* --- refusals and hints ----------------------------------------------------- */


char *
kuzhi_game_explain_refusal (const KzPosition *pos,
                            int               pit,
                            const char       *name0,
                            const char       *name1)
{
  int n = pos->n_pits / 2;
  KzPitWord word = kz_position_variant (pos)->pit_word;

  if (pos->over)
    return g_strdup (_("The match is over: start a new match with Ctrl+N."));
  if (pit < 0 || pit >= pos->n_pits || kz_position_is_legal (pos, (KzAction) pit))
    return NULL;
  if (pit / n != pos->to_move)
    /* Translators: "That cup is on Arul’s row: Meena sows from their own row." */
    return g_strdup_printf (word == KZ_PIT_WORD_CUP ? _("That cup is on %s’s row: %s sows from their own row.")
                            : word == KZ_PIT_WORD_HOUSE ? _("That house is on %s’s row: %s sows from their own row.")
                            : _("That pit is on %s’s row: %s sows from their own row."),
                            name_of (pit / n, name0, name1), name_of (pos->to_move, name0, name1));
  if ((pos->rubbish >> pit) & 1)
    return g_strdup (_("That is a rubbish cup: it is out of play until its owner can fill it at a round’s start."));
  if (pos->pits[pit] == 0)
    return g_strdup (word == KZ_PIT_WORD_CUP ? _("That cup is empty: choose one that holds shells.")
                     : word == KZ_PIT_WORD_HOUSE ? _("That house is empty: choose one that holds seeds.")
                     : _("That pit is empty: choose one that holds seeds."));
  if (kz_position_must_feed (pos))
    /* Translators: the must-feed rule (Oware's); the name is the opponent's. */
    return g_strdup_printf (_("You must give %s seeds: choose a house whose sowing reaches their row."),
                            name_of (!pos->to_move, name0, name1));
  return g_strdup (word == KZ_PIT_WORD_CUP ? _("That cup cannot be sown now.")
                   : word == KZ_PIT_WORD_HOUSE ? _("That house cannot be sown now.")
                   : _("That pit cannot be sown now."));
}

char *
kuzhi_game_hint_prefix (const KzPosition *pos,
                        const char       *name0,
                        const char       *name1)
{
  if (kz_position_must_feed (pos))
    return g_strdup_printf (_("%s’s row is empty: you must give them seeds. "),
                            name_of (!pos->to_move, name0, name1));
  return NULL;
}

char *
kuzhi_game_round_news (const KzPosition *after,
                       int               round,
                       int               winner,
                       const char       *name0,
                       const char       *name1)
{
  g_autofree char *head = NULL;
  GString *text = g_string_new (NULL);

  if (winner < 0)
    head = g_strdup_printf (_("Round %d is even"), round);
  else
    /* Translators: "Round 1 goes to Meena" */
    head = g_strdup_printf (_("Round %d goes to %s"), round, name_of (winner, name0, name1));
  g_string_append (text, head);
  if (after->over)
    return g_string_free (text, FALSE);

  g_string_append_printf (text, " — %s %d, %s %d", name0, after->stores[0] + kz_position_row_sum (after, 0),
                          name1, after->stores[1] + kz_position_row_sum (after, 1));
  for (int p = 0; p < 2; p++)
    {
      int n = after->n_pits / 2, out = 0;

      for (int k = 0; k < n; k++)
        out += (after->rubbish >> (p * n + k)) & 1;
      if (out > 0)
        {
          g_string_append (text, " · ");
          /* Translators: "Arul cannot fill 2 cups: rubbish cups this round" */
          g_string_append_printf (text, ngettext ("%s cannot fill %d cup: a rubbish cup this round",
                                                  "%s cannot fill %d cups: rubbish cups this round", out),
                                  name_of (p, name0, name1), out);
        }
    }
  return g_string_free (text, FALSE);
}

char *
kuzhi_game_mark_refusal (const KzPosition *pos)
{
  if (pos->variant != KZ_VARIANT_CONSTITUTION || pos->over || kz_constitution_may_mark (pos))
    return NULL;
  if (pos->marked)
    return g_strdup (_("A lucky cup has been marked this turn: now sow."));
  /* Translators: %d is the player's reserve now; 1, 6, 11 … 61 are the rules' reserves */
  return g_strdup_printf (_("A lucky cup may be marked at a reserve of 1, 6, 11, 16 … 61; yours is %d."),
                          kz_constitution_reserve (pos, pos->to_move));
}

char *
kuzhi_game_refill_refusal (const KzPosition *pos)
{
  int left;

  if (pos->variant != KZ_VARIANT_CONSTITUTION || pos->over)
    return NULL;
  left = pos->refill_left[pos->to_move];
  if (left == 1)
    return NULL;
  if (left == 0)
    return g_strdup (_("No refill shell is waiting: a single shell left over when a round end sets out your row can be sown."));
  /* Translators: %d is 2 or more refill-left shells */
  return g_strdup_printf (ngettext ("You have %d refill-left shell: only a single one can be sown; they go back on your row at the next round end.",
                                    "You have %d refill-left shells: only a single one can be sown; they go back on your row at the next round end.",
                                    left), left);
}

/* A cup in the preview, seen from the mover's side as a line of play
 * names it: "cup 3" on the mover's row, "Arul's cup 5" on the other. */
static char *
preview_cup_name (const KzPosition *pos,
                  int               pit,
                  const char       *name0,
                  const char       *name1)
{
  g_autofree char *name = kuzhi_game_action_name (pos, (KzAction) pit);
  int owner = pit / (pos->n_pits / 2);

  if (owner == pos->to_move)
    return g_steal_pointer (&name);
  return g_strdup_printf (_("%s's %s"), name_of (owner, name0, name1), name);
}

/* "cup 6, Arul's cup 5 and cup 4": the cups relayed from, in order, and
 * how many more there were beyond the ones the preview keeps. */
static char *
preview_relay_list (const KzPosition *pos,
                    const KzPreview  *preview,
                    const char       *name0,
                    const char       *name1)
{
  int kept = MIN (preview->n_relays, KZ_PREVIEW_MAX_RELAYS);
  int more = preview->n_relays - kept;
  char *list = NULL;

  for (int i = 0; i < kept; i++)
    {
      g_autofree char *cup = preview_cup_name (pos, preview->relays[i], name0, name1);
      char *longer;

      if (list == NULL)
        longer = g_steal_pointer (&cup);
      else if (i == kept - 1 && more == 0)
        /* Translators: joins the last two items of a list: "cup 6, cup 2 and Arul's cup 4" */
        longer = g_strdup_printf (C_("list", "%s and %s"), list, cup);
      else
        /* Translators: joins the items of a list but the last two: "cup 6, cup 2" */
        longer = g_strdup_printf (C_("list", "%s, %s"), list, cup);
      g_free (list);
      list = longer;
    }
  if (more > 0)
    {
      /* Translators: the end of a list of cups too long to name them all: "cup 6, cup 2 and 3 more" */
      char *longer = g_strdup_printf (ngettext ("%s and %d more", "%s and %d more", more), list, more);
      g_free (list);
      list = longer;
    }
  return list;
}

char *
kuzhi_game_preview_text (const KzPosition *pos,
                         const KzPreview  *preview,
                         const char       *name0,
                         const char       *name1)
{
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);
  int mover = pos->to_move;
  g_autofree char *head = NULL;
  char *joined, *text, *whole;

  /* In the game's words: shells in the cups of the Constitution and
   * Pallanguzhi, seeds in the other games' pits and houses. */
  gboolean shells = kz_position_variant (pos)->pit_word == KZ_PIT_WORD_CUP;

  if (preview->last_store >= 0)
    g_ptr_array_add (parts, g_strdup_printf (shells
                                             /* Translators: the sowing preview: "the last shell falls in Ana's store" (drawer in the Constitution) */
                                             ? _("the last shell falls in %s's store")
                                             /* Translators: the sowing preview in Kalah, Oware and the others: "the last seed falls in Ana's store" */
                                             : _("the last seed falls in %s's store"),
                                             name_of (preview->last_store, name0, name1)));
  else if (preview->last_pit >= 0)
    {
      g_autofree char *where = kuzhi_game_action_name (pos, preview->last_pit);
      int owner = preview->last_pit / (pos->n_pits / 2);
      g_ptr_array_add (parts, g_strdup_printf (shells
                                               /* Translators: the sowing preview: "the last shell falls in Ben's cup 5" */
                                               ? _("the last shell falls in %s's %s")
                                               /* Translators: the sowing preview in Kalah, Oware and the others: "the last seed falls in Ben's pit 5" */
                                               : _("the last seed falls in %s's %s"),
                                               name_of (owner, name0, name1), where));
    }
  if (preview->n_relays > 0)
    {
      g_autofree char *list = preview_relay_list (pos, preview, name0, name1);
      /* Translators: the sowing preview, the cups lifted to sow on in order: "it goes on from cup 6, Arul's cup 5 and cup 4" */
      g_ptr_array_add (parts, g_strdup_printf (_("it goes on from %s"), list));
    }
  for (int k = 0; k < 2; k++)
    {
      int who = k == 0 ? mover : !mover;
      const char *name = name_of (who, name0, name1);

      if (preview->n_triples[who] > 0)
        /* Translators: the sowing preview, the Constitution's triples: "Ana takes 2 triples" */
        g_ptr_array_add (parts, g_strdup_printf (ngettext ("%s takes %d triple", "%s takes %d triples",
                                                           preview->n_triples[who]),
                                                 name, preview->n_triples[who]));
      if (preview->banked[who] > 0)
        /* Translators: the sowing preview, the Constitution: "Ana's lucky cup banks 4" (shells) */
        g_ptr_array_add (parts, g_strdup_printf (_("%s's lucky cup banks %d"), name, preview->banked[who]));
      if (preview->captured[who] > 0)
        /* Translators: the sowing preview: "Ana captures 5" (seeds) */
        g_ptr_array_add (parts, g_strdup_printf (_("%s captures %d"), name, preview->captured[who]));
      if (preview->stored[who] > 0)
        /* Translators: the sowing preview: seeds sown into the mover's own store on the way, "Ana sows 2 into the store" */
        g_ptr_array_add (parts, g_strdup_printf (_("%s sows %d into the store"), name, preview->stored[who]));
    }
  if (preview->extra_turn)
    /* Translators: the sowing preview: "Ana moves again" */
    g_ptr_array_add (parts, g_strdup_printf (_("%s moves again"), name_of (mover, name0, name1)));
  if (preview->match_ends)
    /* Translators: the sowing preview: the move ends the match */
    g_ptr_array_add (parts, g_strdup (_("the match ends")));
  else if (preview->round_ends)
    /* Translators: the sowing preview: the move ends the round */
    g_ptr_array_add (parts, g_strdup (_("the round ends")));

  if (parts->len == 0)
    {
      g_ptr_array_unref (parts);
      return g_strdup ("");
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: between the clauses of the sowing preview's sentence: "The last shell falls in Ben's cup 5; Ana takes 1 triple." */
  joined = g_strjoinv (C_("preview", "; "), (char **) parts->pdata);
  g_ptr_array_unref (parts);
  /* Translators: the end of the sowing preview's sentence: "The last shell falls in Ben's cup 5." */
  text = g_strdup_printf (C_("preview", "%s."), joined);
  g_free (joined);
  /* A sentence: its first letter up. */
  head = g_utf8_strup (text, g_utf8_next_char (text) - text);
  whole = g_strconcat (head, g_utf8_next_char (text), NULL);
  g_free (text);
  return whole;
}

char *
kuzhi_game_hand_text (const KzPosition *pos,
                      int               hand)
{
  switch (texts_of (pos->variant)->piece)
    {
    case PIECE_SHELL:
      /* Translators: in the header while a sowing is shown: "3 shells in hand" */
      return g_strdup_printf (ngettext ("%d shell in hand", "%d shells in hand", hand), hand);
    case PIECE_STONE:
      /* Translators: Mangala's, in the header while a sowing is shown */
      return g_strdup_printf (ngettext ("%d stone in hand", "%d stones in hand", hand), hand);
    case PIECE_BEAN:
      /* Translators: Bohnenspiel's, in the header while a sowing is shown */
      return g_strdup_printf (ngettext ("%d bean in hand", "%d beans in hand", hand), hand);
    case PIECE_SEED:
    default:
      /* Translators: Kalah's, Oware's and Dakon's, in the header while a sowing is shown */
      return g_strdup_printf (ngettext ("%d seed in hand", "%d seeds in hand", hand), hand);
    }
}

char *
kuzhi_game_sow_prompt (const KzPosition *pos)
{
  switch (kz_position_variant (pos)->pit_word)
    {
    case KZ_PIT_WORD_HOUSE:
      /* Translators: the hint line of Oware when the player may sow */
      return g_strdup (_("Sow a highlighted house: click it, or reach it with the arrow keys and press Enter."));
    case KZ_PIT_WORD_PIT:
      return g_strdup (_("Sow a highlighted pit: click it, or reach it with the arrow keys and press Enter."));
    case KZ_PIT_WORD_CUP:
    default:
      return g_strdup (_("Sow a highlighted cup: click it, or reach it with the arrow keys and press Enter."));
    }
}

char *
kuzhi_game_variation_prompt (const KzPosition *pos)
{
  switch (kz_position_variant (pos)->pit_word)
    {
    case KZ_PIT_WORD_HOUSE:
      /* Translators: the hint line while a variation (Show Better Move) is on Oware's board */
      return g_strdup (_("A variation: sow a highlighted house to play on in it; the match does not change. Escape returns to the match."));
    case KZ_PIT_WORD_PIT:
      return g_strdup (_("A variation: sow a highlighted pit to play on in it; the match does not change. Escape returns to the match."));
    case KZ_PIT_WORD_CUP:
    default:
      /* Translators: the hint line while a variation (Show Better Move) is on the board */
      return g_strdup (_("A variation: sow a highlighted cup to play on in it; the match does not change. Escape returns to the match."));
    }
}

char *
kuzhi_game_standing_text (const KzPosition *pos)
{
  int now = kz_position_account (pos, pos->to_move) - kz_position_account (pos, !pos->to_move);

  if (now > 0)
    /* Translators: part of a hint, where the player stands now by the header's numbers: "you are 3 ahead" */
    return g_strdup_printf (ngettext ("you are %d ahead", "you are %d ahead", now), now);
  if (now < 0)
    /* Translators: part of a hint, "you are 5 behind" */
    return g_strdup_printf (ngettext ("you are %d behind", "you are %d behind", -now), -now);
  /* Translators: part of a hint, the header's numbers are equal */
  return g_strdup (_("you are level"));
}

char *
kuzhi_game_outcome_text (int      seeds,
                         gboolean exact)
{
  if (exact && seeds > 0)
    /* Translators: the proven end with best play from both: "wins by 4" (seeds, shells…) */
    return g_strdup_printf (_("wins by %d"), seeds);
  if (exact && seeds < 0)
    /* Translators: the proven end with best play from both: "loses by 15" */
    return g_strdup_printf (_("loses by %d"), -seeds);
  if (exact)
    return g_strdup (_("ends in a draw"));
  if (seeds > 0)
    /* Translators: the search's estimate of the final margin with best play: "ends about 3 ahead" */
    return g_strdup_printf (ngettext ("ends about %d ahead", "ends about %d ahead", seeds), seeds);
  if (seeds < 0)
    /* Translators: the search's estimate of the final margin with best play: "ends about 15 behind" */
    return g_strdup_printf (ngettext ("ends about %d behind", "ends about %d behind", -seeds), -seeds);
  /* Translators: the search's estimate of the final margin with best play */
  return g_strdup (_("ends about level"));
}

char *
kuzhi_game_hint_text (const KzPosition *pos,
                      const char       *what,
                      int               seeds,
                      gboolean          exact)
{
  g_autofree char *standing = kuzhi_game_standing_text (pos);
  g_autofree char *outcome = kuzhi_game_outcome_text (seeds, exact);

  /* Translators: the hint line: the move, where the player stands now,
   * and how the match ends with best play from both: "Best: house 2 —
   * you are 5 behind; best play ends about 15 behind" */
  return g_strdup_printf (_("Best: %s — %s; best play %s"), what, standing, outcome);
}

char *
kuzhi_game_value_text (const KzMoveValue *value)
{
  int seeds = kz_score_to_seeds (value->score);

  if (value->exact && seeds > 0)
    /* Translators: a move's proven value, on its cup: "wins by 4" */
    return g_strdup_printf (_("wins by %d"), seeds);
  if (value->exact && seeds < 0)
    /* Translators: a move's proven value, on its cup: "loses by 2" */
    return g_strdup_printf (_("loses by %d"), -seeds);
  if (value->exact)
    /* Translators: a move's proven value, on its cup */
    return g_strdup (_("draw"));
  /* A real minus sign, as typeset numbers have. */
  return seeds > 0 ? g_strdup_printf ("+%d", seeds) : seeds < 0 ? g_strdup_printf ("−%d", -seeds) : g_strdup ("0");
}

char *
kuzhi_game_line_text (const KzPosition *pos,
                      const KzAction   *line,
                      int               n,
                      int               max,
                      const char       *name0,
                      const char       *name1)
{
  const KzVariant *v = kz_position_variant (pos);
  KzPosition at = *pos;
  GString *text = g_string_new (NULL);
  int shown = 0;

  for (int i = 0; i < n && shown < max && !at.over; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *step = NULL;

      if (!kz_position_is_legal (&at, line[i]))
        break;
      name = kuzhi_game_action_name (&at, line[i]);
      if (at.to_move == pos->to_move)
        step = g_steal_pointer (&name);
      else
        /* Translators: a step of the other player in a line of play: "Arul's cup 5" */
        step = g_strdup_printf (_("%s's %s"), name_of (at.to_move, name0, name1), name);
      if (shown > 0)
        /* Translators: joins the steps of a line of play: "cup 3, then Arul's cup 5" */
        g_string_append (text, _(", then "));
      g_string_append (text, step);
      shown++;
      v->apply (&at, line[i], NULL);
    }
  if (shown == max && !at.over)
    g_string_append (text, " …");
  return g_string_free (text, FALSE);
}
