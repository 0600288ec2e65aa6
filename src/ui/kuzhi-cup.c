/* kuzhi-cup.c — one cup of the board: a focusable widget that draws its hollow and shells. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kuzhi-cup.h"
#include "kuzhi-colors.h"
#include "kuzhi-draw.h"
#include "kuzhi-texture.h"

struct _KuzhiCup
{
  GtkWidget      parent_instance;

  char          *owner_name;
  KzPitWord      pit_word;
  int            pit;
  int            owner;
  int            number;
  int            count;
  int            lucky;
  KuzhiCupState  state;
  gboolean       out_of_play;
  gboolean       high_contrast;
  KuzhiCupLastMove last_move;
  int            last_player;

  /* The cup as last drawn, and what it was drawn for. */
  cairo_surface_t *image;
  int            drawn_key[5];
  gboolean       ring_drawn;   /* the last frame showed the focus ring */
  gboolean       keyboard;     /* the board's keyboard is in use */

  GtkGesture    *click;        /* owned by the widget */
};

G_DEFINE_FINAL_TYPE (KuzhiCup, kuzhi_cup, GTK_TYPE_WIDGET)

enum {
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
kuzhi_cup_update_label (KuzhiCup *self)
{
  g_autofree char *count = NULL;
  g_autofree char *label = NULL;
  g_autofree char *owner = NULL;
  GString *extra = g_string_new (NULL);

  /* In the game's words: the Constitution's and Pallanguzhi's cups hold
   * shells, the other games' pits and houses seeds. */
  if (self->pit_word == KZ_PIT_WORD_CUP)
    count = g_strdup_printf (ngettext ("%d shell", "%d shells", self->count), self->count);
  else
    count = g_strdup_printf (ngettext ("%d seed", "%d seeds", self->count), self->count);
  if (self->lucky >= 0)
    g_string_append_printf (extra, ", %s", _("lucky cup"));
  if (self->out_of_play)
    g_string_append_printf (extra, ", %s", _("out of play"));
  /* What the pip on the rim means, for screen readers and the pointer. */
  if (self->last_move == KUZHI_CUP_LAST_SOWN)
    /* Translators: a note in a cup's accessible name and tooltip: the last move sowed this cup */
    g_string_append_printf (extra, ", %s", _("sown last"));
  else if (self->last_move == KUZHI_CUP_LAST_LANDED)
    /* Translators: a note in a cup's accessible name and tooltip: the last move's last shell or seed fell in this cup */
    g_string_append_printf (extra, ", %s", _("the last move ended here"));
  if (self->state == KUZHI_CUP_LEGAL)
    g_string_append_printf (extra, ", %s", _("can be sown"));
  else if (self->state == KUZHI_CUP_MARKABLE)
    g_string_append_printf (extra, ", %s", _("can be marked lucky"));
  /* A board without players (the Rules' diagrams) says whose row it is. */
  owner = g_strdup (self->owner_name != NULL ? self->owner_name
                    : self->owner ? _("Player 2") : _("Player 1"));
  /* Cups are numbered from 1 along the owner's row, in sowing order, as
   * the move history and the hints number them. */
  switch (self->pit_word)
    {
    case KZ_PIT_WORD_HOUSE:
      /* Translators: a cup's accessible name in Oware: "Meena, house 6, 4 seeds", then optional notes. */
      label = g_strdup_printf (_("%s, house %d, %s%s"), owner, self->number, count, extra->str);
      break;
    case KZ_PIT_WORD_PIT:
      /* Translators: a cup's accessible name in Kalah, Mangala, Dakon and Bohnenspiel: "Meena, pit 3, 4 seeds", then optional notes. */
      label = g_strdup_printf (_("%s, pit %d, %s%s"), owner, self->number, count, extra->str);
      break;
    case KZ_PIT_WORD_CUP:
    default:
      /* Translators: "Player 1, cup 3, 5 shells", then optional notes. */
      label = g_strdup_printf (_("%s, cup %d, %s%s"), owner, self->number, count, extra->str);
      break;
    }
  g_string_free (extra, TRUE);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), label);
}

void
kuzhi_cup_draw_shell (cairo_t *cr,
                      double   x,
                      double   y,
                      double   size,
                      double   angle)
{
  double a = size / 2, b = size * 0.34;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);

  /* A soft shadow under the shell. */
  cairo_save (cr);
  cairo_translate (cr, size * 0.06, size * 0.1);
  cairo_scale (cr, a, b);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_source_rgba (cr, 0.12, 0.05, 0.0, 0.35);
  cairo_fill (cr);

  /* The cowrie's back: a glossy cream ellipse. */
  cairo_save (cr);
  cairo_scale (cr, a, b);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  kuzhi_draw_fill_gradient_preserve (cr, cairo_pattern_create_radial (-a * 0.3, -b * 0.45, size * 0.05, 0, 0, a),
                                     (const KuzhiDrawStop[]) { { 0.0, 1.0, 0.99, 0.95 },
                                                               { 0.55, 0.94, 0.88, 0.76 },
                                                               { 1.0, 0.78, 0.66, 0.50 } }, 3);
  cairo_set_source_rgba (cr, 0.40, 0.27, 0.15, 0.8);
  cairo_set_line_width (cr, MAX (0.6, size * 0.05));
  cairo_stroke (cr);

  /* The toothed slit along the long axis. */
  if (size >= 7)
    {
      cairo_set_source_rgba (cr, 0.36, 0.22, 0.12, 0.9);
      cairo_set_line_width (cr, MAX (0.6, size * 0.06));
      cairo_move_to (cr, -a * 0.62, 0);
      cairo_curve_to (cr, -a * 0.2, b * 0.18, a * 0.2, -b * 0.18, a * 0.62, 0);
      cairo_stroke (cr);
      if (size >= 14)
        {
          cairo_set_line_width (cr, MAX (0.5, size * 0.035));
          for (int i = -2; i <= 2; i++)
            {
              double tx = i * a * 0.22;
              cairo_move_to (cr, tx, -b * 0.22);
              cairo_line_to (cr, tx, b * 0.22);
            }
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

/* Places count shells in a circle of the given radius: one by one while
 * they fit (up to 12), then as a heap whose layers grow towards the middle,
 * so that a bigger count looks bigger. The seed keeps each cup's
 * arrangement steady from frame to frame. */
void
kuzhi_cup_draw_shells (cairo_t *cr,
                       double   cx,
                       double   cy,
                       double   radius,
                       int      count,
                       guint    seed)
{
  static const struct { int max; double spread; } layers[] = {
    { 12, 1.0 }, { 9, 0.66 }, { 6, 0.4 }, { 3, 0.18 },
  };
  const double golden = G_PI * (3.0 - sqrt (5.0));
  double size;
  int left = count;

  if (count <= 0)
    return;

  /* Shells shrink a little as the cup fills, then stay put as a heap. */
  size = radius * (count <= 1 ? 0.7 : count <= 4 ? 0.62 : count <= 9 ? 0.54 : 0.46);

  for (guint l = 0; l < G_N_ELEMENTS (layers) && left > 0; l++)
    {
      int shown = MIN (left, layers[l].max);
      double spread = (radius - size * 0.55) * layers[l].spread;
      double lift = size * 0.14 * l;

      for (int i = 0; i < shown; i++)
        {
          double r = shown == 1 && l == 0 ? 0 : spread * sqrt ((i + 0.5) / shown);
          double t = i * golden + seed * 0.9 + l * 0.8;
          double jitter = ((seed * 7919u + (i + 13 * l) * 104729u) % 1000) / 1000.0;

          kuzhi_cup_draw_shell (cr, cx + r * cos (t), cy + r * sin (t) * 0.92 - lift,
                                size, t + jitter * 1.7);
        }
      left -= shown;
    }
}

static void
draw_star (cairo_t *cr,
           double   cx,
           double   cy,
           double   r)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = i % 2 ? r * 0.45 : r;
      if (i == 0)
        cairo_move_to (cr, cx + rr * cos (a), cy + rr * sin (a));
      else
        cairo_line_to (cr, cx + rr * cos (a), cy + rr * sin (a));
    }
  cairo_close_path (cr);
}

typedef struct {
  int            w, h;
  int            owner;
  KuzhiCupState  state;
  gboolean       high_contrast;
} HollowJob;

/* Under a ring of `width` about (cx, cy) at `radius`, a black band as
 * wide plus `edge` on each side: in high contrast every ring stands out
 * from the wood and from its own glow, whatever its colour. */
static void
stroke_black_edges (cairo_t *cr,
                    double   cx,
                    double   cy,
                    double   radius,
                    double   width,
                    double   edge)
{
  cairo_new_path (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, width + 2 * edge);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_stroke (cr);
}

/* The carved hollow with its rings and glow: the same for many cups. */
static void
draw_hollow (cairo_t  *cr,
             gpointer  data)
{
  HollowJob *job = data;
  int w = job->w, h = job->h;
  double r = MIN (w, h) / 2.0 * 0.86;
  double cx = w / 2.0, cy = h / 2.0;
  const GdkRGBA *pc = kuzhi_player_color (job->owner);
  cairo_pattern_t *pat;
  double ring;

  /* Highlight behind the cup: the player's colour glowing when it may be sown. */
  if (job->state != KUZHI_CUP_PLAIN)
    {
      const GdkRGBA *glow = job->state == KUZHI_CUP_MARKABLE ? kuzhi_gold_color () : pc;
      pat = cairo_pattern_create_radial (cx, cy, r * 0.9, cx, cy, r * 1.16);
      cairo_pattern_add_color_stop_rgba (pat, 0, glow->red, glow->green, glow->blue, 0.85);
      cairo_pattern_add_color_stop_rgba (pat, 1, glow->red, glow->green, glow->blue, 0);
      cairo_set_source (cr, pat);
      cairo_arc (cr, cx, cy, r * 1.16, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_pattern_destroy (pat);
    }

  /* The raised rim of the carved hollow, lit from above. */
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  kuzhi_draw_fill_gradient_preserve (cr, cairo_pattern_create_linear (cx, cy - r, cx, cy + r),
                                     (const KuzhiDrawStop[]) { { 0, 0.80, 0.55, 0.32 },
                                                               { 1, 0.45, 0.26, 0.12 } }, 2);
  cairo_new_path (cr);

  /* The hollow: dark under the upper lip, lighter where light falls in. */
  cairo_arc (cr, cx, cy, r * 0.86, 0, 2 * G_PI);
  kuzhi_draw_fill_gradient_preserve (cr, cairo_pattern_create_radial (cx, cy + r * 0.25, r * 0.1,
                                                                      cx, cy + r * 0.05, r * 0.9),
                                     (const KuzhiDrawStop[]) { { 0, 0.50, 0.31, 0.16 },
                                                               { 0.75, 0.34, 0.19, 0.08 },
                                                               { 1, 0.20, 0.10, 0.04 } }, 3);
  cairo_new_path (cr);

  /* A thin ring in the owner's colour says whose row this is. */
  ring = MAX (1.5, r * (job->state == KUZHI_CUP_LEGAL ? 0.09 : 0.05));
  if (job->high_contrast && job->state == KUZHI_CUP_LEGAL)
    stroke_black_edges (cr, cx, cy, r * 0.96, ring, MAX (1.5, r * 0.04));
  cairo_set_source_rgba (cr, pc->red, pc->green, pc->blue,
                         job->state == KUZHI_CUP_LEGAL ? 1.0 : 0.55);
  cairo_set_line_width (cr, ring);
  cairo_arc (cr, cx, cy, r * 0.96, 0, 2 * G_PI);
  cairo_stroke (cr);

  if (job->state == KUZHI_CUP_MARKABLE)
    {
      const GdkRGBA *g = kuzhi_gold_color ();
      double dash = r * 0.22;

      /* Gold dashes on black: the gaps show black, not the owner's ring. */
      if (job->high_contrast)
        stroke_black_edges (cr, cx, cy, r * 0.96, MAX (2, r * 0.08), MAX (1.5, r * 0.04));
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgba (cr, g->red, g->green, g->blue, 1);
      cairo_set_line_width (cr, MAX (2, r * 0.08));
      cairo_arc (cr, cx, cy, r * 0.96, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

}

/* Hollows drawn for the current cup size, by owner and state: the radial
 * gradients are most of a cup's drawing, and they repeat from cup to cup. */
static cairo_surface_t *
get_hollow (int           w,
            int           h,
            int           scale,
            int           owner,
            KuzhiCupState state,
            gboolean      high_contrast)
{
  static cairo_surface_t *hollows[2][2][3];
  static int size[3];
  HollowJob job = { w, h, owner ? 1 : 0, state, !!high_contrast };

  if (size[0] != w || size[1] != h || size[2] != scale)
    {
      for (int c = 0; c < 2; c++)
        for (int o = 0; o < 2; o++)
          for (int s = 0; s < 3; s++)
            g_clear_pointer (&hollows[c][o][s], cairo_surface_destroy);
      size[0] = w;
      size[1] = h;
      size[2] = scale;
    }
  if (hollows[job.high_contrast][job.owner][state] == NULL)
    hollows[job.high_contrast][job.owner][state] = kuzhi_image_draw (w, h, scale, draw_hollow, &job);
  return hollows[job.high_contrast][job.owner][state];
}

#define COUNT_PILL_LINE(r) MAX (1, (r) * 0.035)

/* The count's text laid out for a cup w × h, and its pill: top left
 * corner and size (without its outline). */
static PangoLayout *
count_pill_layout (PangoContext *pango,
                   int           w,
                   int           h,
                   int           count,
                   int          *tw,
                   int          *th,
                   double       *px,
                   double       *py,
                   double       *pw,
                   double       *ph)
{
  double r = MIN (w, h) / 2.0 * 0.86;
  g_autofree char *text = g_strdup_printf ("%d", count);
  PangoLayout *layout = pango_layout_new (pango);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_layout_set_text (layout, text, -1);
  pango_font_description_set_absolute_size (font, MAX (8, r * 0.32) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, tw, th);
  *pw = MAX (*tw + *th * 0.7, *th * 1.3);
  *ph = *th * 1.05;
  *px = w / 2.0 - *pw / 2;
  *py = MIN (h / 2.0 + r * 0.98 - *ph * 0.55, h - *ph - 1);
  return layout;
}

void
kuzhi_cup_count_pill (PangoContext    *pango,
                      int              w,
                      int              h,
                      int              count,
                      graphene_rect_t *pill)
{
  double r = MIN (w, h) / 2.0 * 0.86, line = COUNT_PILL_LINE (r);
  int tw, th;
  double px, py, pw, ph;
  g_autoptr(PangoLayout) layout = count_pill_layout (pango, w, h, count, &tw, &th, &px, &py, &pw, &ph);

  graphene_rect_init (pill, px - line / 2, py - line / 2, pw + line, ph + line);
}

/* The focus ring is on screen while the cup has the focus and either GTK
 * shows focus (a key was pressed in the last 3 s) or the board's keyboard
 * is still in use: a player who chose a cup and thinks for longer keeps
 * seeing, and so may sow, the cup they chose. */
static gboolean
ring_wanted (KuzhiCup *self)
{
  return gtk_widget_has_focus (GTK_WIDGET (self))
         && (self->keyboard || gtk_widget_has_visible_focus (GTK_WIDGET (self)));
}

/* The last move's pip: on the rim at half past seven, away from the count
 * (bottom), the lucky star (upper right), the analysis' values (top) and
 * the preview's numbers (upper left), inside the focus ring. A cup so
 * small that its count's pill reaches there has it at twelve o'clock. */
static void
last_move_circle (KuzhiCup *self,
                  int       w,
                  int       h,
                  double   *x,
                  double   *y,
                  double   *radius)
{
  double r = MIN (w, h) / 2.0 * 0.86;
  /* On the rim, but in a small cup pulled in clear of the focus ring
   * (2.5 px wide, 2 px inside the cup's edge). */
  double size = MAX (3.5, r * 0.16);
  double away = MIN (r * 0.88, MIN (w, h) / 2.0 - 4.5 - size) / G_SQRT2;
  graphene_rect_t pill, pip;

  *x = w / 2.0 - away;
  *y = h / 2.0 + away;
  *radius = size;
  kuzhi_cup_count_pill (gtk_widget_get_pango_context (GTK_WIDGET (self)), w, h, self->count, &pill);
  graphene_rect_init (&pip, *x - size, *y - size, 2 * size, 2 * size);
  if (graphene_rect_intersection (&pip, &pill, NULL))
    {
      *x = w / 2.0;
      *y = h / 2.0 - away * G_SQRT2;
    }
}

static void
draw_cup (cairo_t  *cr,
          gpointer  data)
{
  KuzhiCup *self = data;
  GtkWidget *widget = GTK_WIDGET (self);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  double r = MIN (w, h) / 2.0 * 0.86;
  double cx = w / 2.0, cy = h / 2.0;
  const GdkRGBA *pc = kuzhi_player_color (self->owner);

  cairo_set_source_surface (cr, get_hollow (w, h, gtk_widget_get_scale_factor (widget),
                                            self->owner, self->state, self->high_contrast), 0, 0);
  cairo_paint (cr);

  kuzhi_cup_draw_shells (cr, cx, cy + r * 0.02, r * 0.78, self->count, self->pit + 3);

  /* The lucky cup: a gold ring and a gold star, unmistakable at any size. */
  if (self->lucky >= 0)
    {
      const GdkRGBA *g = kuzhi_gold_color ();
      cairo_set_source_rgb (cr, g->red, g->green, g->blue);
      cairo_set_line_width (cr, MAX (2.5, r * 0.12));
      cairo_arc (cr, cx, cy, r * 0.93, 0, 2 * G_PI);
      cairo_stroke (cr);
      draw_star (cr, cx + r * 0.72, cy - r * 0.72, r * 0.3);
      cairo_set_source_rgb (cr, g->red, g->green, g->blue);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.45, 0.30, 0.0);
      cairo_set_line_width (cr, MAX (1, r * 0.03));
      cairo_stroke (cr);
    }

  /* A cup out of play is covered over, with a cross. */
  if (self->out_of_play)
    {
      cairo_set_source_rgba (cr, 0.12, 0.06, 0.02, 0.55);
      cairo_arc (cr, cx, cy, r * 0.9, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0.95, 0.85, 0.7, 0.8);
      cairo_set_line_width (cr, MAX (2, r * 0.08));
      cairo_move_to (cr, cx - r * 0.4, cy - r * 0.4);
      cairo_line_to (cr, cx + r * 0.4, cy + r * 0.4);
      cairo_move_to (cr, cx + r * 0.4, cy - r * 0.4);
      cairo_line_to (cr, cx - r * 0.4, cy + r * 0.4);
      cairo_stroke (cr);
    }

  /* The last move: a pip on the rim at the lower left, in the mover's
   * colour, solid on the cup sown, hollow where its last shell fell. */
  if (self->last_move != KUZHI_CUP_LAST_NONE)
    {
      const GdkRGBA *mc = kuzhi_player_color (self->last_player);
      double mx, my, mr;

      last_move_circle (self, w, h, &mx, &my, &mr);
      cairo_new_path (cr);
      cairo_arc (cr, mx, my, mr, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.98, 0.93, 0.82);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, mc->red, mc->green, mc->blue);
      if (self->last_move == KUZHI_CUP_LAST_SOWN)
        {
          cairo_arc (cr, mx, my, mr * 0.64, 0, 2 * G_PI);
          cairo_fill (cr);
        }
      else
        {
          cairo_set_line_width (cr, mr * 0.36);
          cairo_arc (cr, mx, my, mr * 0.46, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }

  /* The count, always readable, in a pill on the lower rim. */
  {
    int tw, th;
    double pw, ph, px, py;
    PangoLayout *layout = count_pill_layout (gtk_widget_get_pango_context (widget), w, h, self->count,
                                             &tw, &th, &px, &py, &pw, &ph);

    cairo_new_sub_path (cr);
    cairo_arc (cr, px + ph / 2, py + ph / 2, ph / 2, G_PI / 2, 3 * G_PI / 2);
    cairo_arc (cr, px + pw - ph / 2, py + ph / 2, ph / 2, -G_PI / 2, G_PI / 2);
    cairo_close_path (cr);
    cairo_set_source_rgba (cr, 0.13, 0.07, 0.03, 0.82);
    cairo_fill_preserve (cr);
    cairo_set_source_rgba (cr, pc->red, pc->green, pc->blue, 0.9);
    cairo_set_line_width (cr, COUNT_PILL_LINE (r));
    cairo_stroke (cr);
    cairo_move_to (cr, cx - tw / 2.0, py + (ph - th) / 2);
    cairo_set_source_rgb (cr, 1, 1, 1);
    pango_cairo_show_layout (cr, layout);
    g_object_unref (layout);
  }

  if (ring_wanted (self))
    {
      double dash = 4;

      if (self->high_contrast)
        stroke_black_edges (cr, cx, cy, MIN (w, h) / 2.0 - 2, 2.5, 1.5);
      cairo_new_path (cr);   /* not joined to the count's text */
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, 2.5);
      cairo_arc (cr, cx, cy, MIN (w, h) / 2.0 - 2, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

static void
kuzhi_cup_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  KuzhiCup *self = KUZHI_CUP (widget);
  int w = gtk_widget_get_width (widget);
  int h = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  int key[5] = { w, h, scale, ring_wanted (self), self->high_contrast };

  if (MIN (w, h) < 10)
    return;

  /* Redrawn only when something it shows changed; the setters drop it. */
  if (self->image == NULL || memcmp (key, self->drawn_key, sizeof key) != 0)
    {
      g_clear_pointer (&self->image, cairo_surface_destroy);
      self->image = kuzhi_image_draw (w, h, scale, draw_cup, self);
      memcpy (self->drawn_key, key, sizeof key);
    }
  kuzhi_snapshot_append_image (snapshot, self->image, &GRAPHENE_RECT_INIT (0, 0, w, h));
  self->ring_drawn = key[3];
}

static void
invalidate (KuzhiCup *self)
{
  g_clear_pointer (&self->image, cairo_surface_destroy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_focus_changed (KuzhiCup *self)
{
  invalidate (self);
}

/* The ring follows the window's focus-visible, which a key press turns on
 * after the focus may already have moved. */
static void
on_focus_visible_changed (KuzhiCup *self)
{
  if (gtk_widget_has_focus (GTK_WIDGET (self)) || self->ring_drawn)
    invalidate (self);
}

static void
kuzhi_cup_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (kuzhi_cup_parent_class)->root (widget);
  g_signal_connect_object (gtk_widget_get_root (widget), "notify::focus-visible",
                           G_CALLBACK (on_focus_visible_changed), widget, G_CONNECT_SWAPPED);
}

static void
kuzhi_cup_unroot (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (widget), on_focus_visible_changed, widget);
  GTK_WIDGET_CLASS (kuzhi_cup_parent_class)->unroot (widget);
}

/* Enter or Space sows only a cup the player can see is focused: a key
 * pressed while no ring was drawn shows the ring first. */
static gboolean
key_activate (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  KuzhiCup *self = KUZHI_CUP (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  if (!self->ring_drawn)
    {
      if (GTK_IS_WINDOW (root))
        gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
      invalidate (self);
      return TRUE;
    }
  g_signal_emit (self, signals[ACTIVATE], 0);
  return TRUE;
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  KuzhiCup        *self)
{
  /* A plain GtkWidget does not take the focus on click by itself. */
  if (gtk_widget_get_focus_on_click (GTK_WIDGET (self)) && gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_click_released (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   KuzhiCup        *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_signal_emit (self, signals[ACTIVATE], 0);
}

/* GDK makes up a motion event at the frame after a change of layout,
 * with the buttons the X server says are down at that moment. A quick
 * click (xdotool's, an accessibility tool's, a remote desktop's: press
 * and release sent together) on a busy machine can meet it after the
 * server has taken the release and before GTK has read it: the motion
 * then says the button is up while the click is under way, and GTK 4.8
 * cancels the click, so the move is lost. A made-up motion that
 * contradicts the click's button stops here; the release follows. A real
 * motion without the button still ends the click, as GTK wants when a
 * release went astray. */
static gboolean
stop_stale_motion (GtkEventControllerLegacy *legacy,
                   GdkEvent                 *event,
                   KuzhiCup                 *self)
{
  guint button;

  if (gdk_event_get_event_type (event) != GDK_MOTION_NOTIFY ||
      gdk_event_get_time (event) != GDK_CURRENT_TIME ||
      !gtk_gesture_is_active (self->click))
    return GDK_EVENT_PROPAGATE;
  button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (self->click));
  if (button < 1 || button > 5)
    return GDK_EVENT_PROPAGATE;
  if (gdk_event_get_modifier_state (event) & (GDK_BUTTON1_MASK << (button - 1)))
    return GDK_EVENT_PROPAGATE;
  return GDK_EVENT_STOP;
}

static void
kuzhi_cup_finalize (GObject *object)
{
  KuzhiCup *self = KUZHI_CUP (object);

  g_clear_pointer (&self->owner_name, g_free);
  g_clear_pointer (&self->image, cairo_surface_destroy);

  G_OBJECT_CLASS (kuzhi_cup_parent_class)->finalize (object);
}

static void
kuzhi_cup_class_init (KuzhiCupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = kuzhi_cup_finalize;
  widget_class->snapshot = kuzhi_cup_snapshot;
  widget_class->root = kuzhi_cup_root;
  widget_class->unroot = kuzhi_cup_unroot;

  /* Emitted by a click, Enter or Space: the board decides what it means. */
  signals[ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, key_activate, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, key_activate, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_space, 0, key_activate, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Space, 0, key_activate, NULL);

  gtk_widget_class_set_css_name (widget_class, "kuzhi-cup");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
kuzhi_cup_init (KuzhiCup *self)
{
  GtkEventController *focus, *legacy;

  self->lucky = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  self->click = gtk_gesture_click_new ();
  g_signal_connect (self->click, "pressed", G_CALLBACK (on_click_pressed), self);
  g_signal_connect (self->click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->click));

  /* Ahead of the click (stop_stale_motion). */
  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (stop_stale_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), legacy);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

GtkWidget *
kuzhi_cup_new (int pit,
               int owner,
               int number)
{
  KuzhiCup *self = g_object_new (KUZHI_TYPE_CUP, NULL);

  self->pit = pit;
  self->owner = owner;
  self->number = number;
  kuzhi_cup_update_label (self);
  return GTK_WIDGET (self);
}

/* Whether the board's keyboard is in use: a key turned the focus ring on
 * and no pointer has pressed the board since. The focused cup keeps its
 * ring for as long, where GTK would hide it 3 s after the last key. */
void
kuzhi_cup_set_keyboard (KuzhiCup *self,
                        gboolean  keyboard)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  keyboard = !!keyboard;
  if (self->keyboard == keyboard)
    return;
  self->keyboard = keyboard;
  if (gtk_widget_has_focus (GTK_WIDGET (self)) || self->ring_drawn)
    invalidate (self);
}

void
kuzhi_cup_set_high_contrast (KuzhiCup *self,
                             gboolean  high_contrast)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  high_contrast = !!high_contrast;
  if (self->high_contrast == high_contrast)
    return;
  self->high_contrast = high_contrast;
  invalidate (self);
}

gboolean
kuzhi_cup_get_ring_drawn (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), FALSE);
  return self->ring_drawn;
}

int
kuzhi_cup_get_pit (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), -1);
  return self->pit;
}

int
kuzhi_cup_get_count (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), 0);
  return self->count;
}

void
kuzhi_cup_set_count (KuzhiCup *self,
                     int       count)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  if (self->count == count)
    return;
  self->count = count;
  kuzhi_cup_update_label (self);
  invalidate (self);
}

KuzhiCupState
kuzhi_cup_get_state (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), KUZHI_CUP_PLAIN);
  return self->state;
}

void
kuzhi_cup_set_state (KuzhiCup      *self,
                     KuzhiCupState  state)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  if (self->state == state)
    return;
  self->state = state;
  if (state == KUZHI_CUP_PLAIN)
    gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  else
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  kuzhi_cup_update_label (self);
  invalidate (self);
}

int
kuzhi_cup_get_lucky (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), -1);
  return self->lucky;
}

void
kuzhi_cup_set_lucky (KuzhiCup *self,
                     int       lucky_owner)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  if (self->lucky == lucky_owner)
    return;
  self->lucky = lucky_owner;
  kuzhi_cup_update_label (self);
  invalidate (self);
}

void
kuzhi_cup_set_out_of_play (KuzhiCup *self,
                           gboolean  out_of_play)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  out_of_play = !!out_of_play;
  if (self->out_of_play == out_of_play)
    return;
  self->out_of_play = out_of_play;
  kuzhi_cup_update_label (self);
  invalidate (self);
}

void
kuzhi_cup_set_pit_word (KuzhiCup  *self,
                        KzPitWord  word)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  if (self->pit_word == word)
    return;
  self->pit_word = word;
  kuzhi_cup_update_label (self);
}

void
kuzhi_cup_set_owner_name (KuzhiCup   *self,
                          const char *name)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  if (g_strcmp0 (self->owner_name, name) == 0)
    return;
  g_free (self->owner_name);
  self->owner_name = g_strdup (name);
  kuzhi_cup_update_label (self);
}

void
kuzhi_cup_set_last_move (KuzhiCup         *self,
                         KuzhiCupLastMove  last,
                         int               player)
{
  g_return_if_fail (KUZHI_IS_CUP (self));
  player = player ? 1 : 0;
  if (self->last_move == last && (last == KUZHI_CUP_LAST_NONE || self->last_player == player))
    return;
  self->last_move = last;
  self->last_player = player;
  kuzhi_cup_update_label (self);
  invalidate (self);
}

KuzhiCupLastMove
kuzhi_cup_get_last_move (KuzhiCup *self)
{
  g_return_val_if_fail (KUZHI_IS_CUP (self), KUZHI_CUP_LAST_NONE);
  return self->last_move;
}

gboolean
kuzhi_cup_last_move_mark (KuzhiCup        *self,
                          graphene_rect_t *mark)
{
  double x, y, r;

  g_return_val_if_fail (KUZHI_IS_CUP (self), FALSE);
  if (self->last_move == KUZHI_CUP_LAST_NONE)
    return FALSE;
  last_move_circle (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &x, &y, &r);
  graphene_rect_init (mark, x - r, y - r, 2 * r, 2 * r);
  return TRUE;
}
