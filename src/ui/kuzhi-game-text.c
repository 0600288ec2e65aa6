/* kuzhi-game-text.c — what the window says about each game: names, descriptions, header and caption texts, refusals and news. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kuzhi-game-text.h"

const char *
kuzhi_game_title (KzVariantId id)
{
  switch (id)
    {
    case KZ_VARIANT_CONSTITUTION: return _("Constitution");
    case KZ_VARIANT_KALAH:        return _("Kalah");
    case KZ_VARIANT_OWARE:        return _("Oware");
    case KZ_VARIANT_MANGALA:      return _("Mangala");
    case KZ_VARIANT_DAKON:        return _("Dakon");
    case KZ_VARIANT_PALLANGUZHI:  return _("Pallanguzhi");
    default:                      return "";
    }
}

const char *
kuzhi_game_description (KzVariantId id)
{
  switch (id)
    {
    case KZ_VARIANT_CONSTITUTION:
      return _("Kuzhi’s own game: 2×7 cups, drawers, triples, lucky cups and rounds");
    case KZ_VARIANT_KALAH:
      return _("2×6 pits and two stores: end in your store to move again");
    case KZ_VARIANT_OWARE:
      return _("The Abapa game: 2×6 houses, take twos and threes, first to 25");
    case KZ_VARIANT_MANGALA:
      return _("The Turkish game: 2×6 pits and treasures, even counts are taken");
    case KZ_VARIANT_DAKON:
      return _("The Javanese game: 2×7 pits and stores, sowing goes on lap after lap");
    case KZ_VARIANT_PALLANGUZHI:
      return _("The Tamil game: 2×7 cups, pasu, rounds and rubbish cups");
    default:
      return "";
    }
}

/* --- the small board pictures ---------------------------------------------- */

static gboolean
picture_has_stores (KzVariantId id)
{
  /* Oware and Pallanguzhi keep their captures beside the board, not in it. */
  return id != KZ_VARIANT_OWARE && id != KZ_VARIANT_PALLANGUZHI;
}

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
kuzhi_game_draw_picture (cairo_t     *cr,
                         KzVariantId  id,
                         double       width,
                         double       height)
{
  const KzVariant *variant = kz_variant_get (id);
  int n = variant ? variant->n_pits / 2 : 7;
  gboolean stores = picture_has_stores (id);
  double pad = height * 0.1;
  double store_w = stores ? height * 0.3 : 0;
  double cell, x0, y0;
  cairo_pattern_t *wood;

  /* The wood. */
  wood = cairo_pattern_create_linear (0, 0, 0, height);
  cairo_pattern_add_color_stop_rgb (wood, 0, 0.72, 0.45, 0.24);
  cairo_pattern_add_color_stop_rgb (wood, 1, 0.53, 0.31, 0.15);
  rounded_rect (cr, 0.5, 0.5, width - 1, height - 1, height * 0.22);
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
        rounded_rect (cr, sx, pad, store_w, height - 2 * pad, store_w / 2);
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
        gboolean middle = id == KZ_VARIANT_PALLANGUZHI && c == n / 2;

        cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
        cairo_set_source_rgba (cr, 0.22, 0.11, 0.04, 0.75);
        cairo_fill_preserve (cr);
        if (row == 1)
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
        else
          cairo_set_source_rgba (cr, 0.88, 0.22, 0.42, 0.9);
        cairo_set_line_width (cr, MAX (1.0, cell * 0.08));
        cairo_stroke (cr);

        /* Seeds: one in the middle cups of Pallanguzhi, a few elsewhere. */
        cairo_set_source_rgb (cr, 0.98, 0.94, 0.83);
        for (int k = 0; k < (middle ? 1 : 3); k++)
          {
            double a = k * 2.1 + row + c;
            double d = middle ? 0 : r * 0.42;
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

  if (pos->variant == KZ_VARIANT_PALLANGUZHI)
    /* Translators: "Round 2 · Meena to move" */
    return g_strdup_printf (_("Round %d · %s to move"), pos->round, mover);
  return g_strdup_printf (_("%s to move"), mover);
}

char *
kuzhi_game_header_scores (const KzPosition *pos,
                          const char       *name0,
                          const char       *name1)
{
  if (pos->variant == KZ_VARIANT_OWARE)
    /* Translators: captured seeds against the 25 that win Oware: "Meena 3/25 · Arul 5/25" */
    return g_strdup_printf (_("%s %d/25 · %s %d/25"),
                            name0, pos->stores[0], name1, pos->stores[1]);
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

  switch (pos->variant)
    {
    case KZ_VARIANT_OWARE:
      /* Translators: Oware's caption: "Meena: 3 captured of the 25 needed · 20 on the row" */
      return g_strdup_printf (_("<b>%s</b>: %d captured of the 25 needed · %d on the row"),
                              escaped, pos->stores[player], row);
    case KZ_VARIANT_MANGALA:
      return g_strdup_printf (_("<b>%s</b>: %d in the treasure · %d on the row"),
                              escaped, pos->stores[player], row);
    case KZ_VARIANT_PALLANGUZHI:
      for (int k = 0; k < pos->n_pits / 2; k++)
        out += (pos->rubbish >> (player * pos->n_pits / 2 + k)) & 1;
      if (out > 0)
        /* Translators: "Meena: 20 in the store · 52 on the row · 2 rubbish cups out of play" */
        return g_strdup_printf (ngettext ("<b>%s</b>: %d in the store · %d on the row · %d rubbish cup out of play",
                                          "<b>%s</b>: %d in the store · %d on the row · %d rubbish cups out of play", out),
                                escaped, pos->stores[player], row, out);
      return g_strdup_printf (_("<b>%s</b>: %d in the store · %d on the row"),
                              escaped, pos->stores[player], row);
    default:
      return g_strdup_printf (_("<b>%s</b>: %d in the store · %d on the row"),
                              escaped, pos->stores[player], row);
    }
}

/* --- refusals and hints ----------------------------------------------------- */

static gboolean
oware_must_feed (const KzPosition *pos)
{
  return pos->variant == KZ_VARIANT_OWARE && !pos->over
         && kz_position_row_sum (pos, !pos->to_move) == 0;
}

char *
kuzhi_game_explain_refusal (const KzPosition *pos,
                            int               pit,
                            const char       *name0,
                            const char       *name1)
{
  int n = pos->n_pits / 2;
  gboolean constitution = pos->variant == KZ_VARIANT_CONSTITUTION;

  if (pos->over)
    return g_strdup (_("The match is over: start a new match with Ctrl+N."));
  if (pit < 0 || pit >= pos->n_pits || kz_position_is_legal (pos, (KzAction) pit))
    return NULL;
  if (pit / n != pos->to_move)
    /* Translators: "That cup is on Arul’s row: Meena sows from their own row." */
    return g_strdup_printf (constitution || pos->variant == KZ_VARIANT_PALLANGUZHI
                            ? _("That cup is on %s’s row: %s sows from their own row.")
                            : _("That pit is on %s’s row: %s sows from their own row."),
                            name_of (pit / n, name0, name1), name_of (pos->to_move, name0, name1));
  if ((pos->rubbish >> pit) & 1)
    return g_strdup (_("That is a rubbish cup: it is out of play until its owner can fill it at a round’s start."));
  if (pos->pits[pit] == 0)
    return g_strdup (constitution || pos->variant == KZ_VARIANT_PALLANGUZHI
                     ? _("That cup is empty: choose one that holds shells.")
                     : _("That pit is empty: choose one that holds seeds."));
  if (oware_must_feed (pos))
    /* Translators: Oware's must-feed rule; the name is the opponent's. */
    return g_strdup_printf (_("You must give %s seeds: choose a house whose sowing reaches their row."),
                            name_of (!pos->to_move, name0, name1));
  return g_strdup (_("That cup cannot be sown now."));
}

char *
kuzhi_game_hint_prefix (const KzPosition *pos,
                        const char       *name0,
                        const char       *name1)
{
  if (oware_must_feed (pos))
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
