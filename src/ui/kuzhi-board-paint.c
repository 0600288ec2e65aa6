/* kuzhi-board-paint.c — paints the board from a const scene: the wood, the drawers, the shells in hand and flying, the hint's ring. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kuzhi-board-paint.h"
#include "kuzhi-colors.h"
#include "kuzhi-cup.h"
#include "kuzhi-draw.h"

#define HAND_AT_DRAWER(p) KUZHI_SOWING_AT_STORE (p)

static PangoLayout *
pango_layout_with_text (const KuzhiBoardScene *scene,
                        const char            *text)
{
  PangoLayout *layout = pango_layout_new (scene->pango);

  pango_layout_set_text (layout, text, -1);
  return layout;
}

void
kuzhi_board_paint_wood (const KuzhiBoardScene *scene,
            cairo_t        *cr)
{
  const graphene_rect_t *b = &scene->layout->board;
  double x = b->origin.x, y = b->origin.y, w = b->size.width, h = b->size.height;
  double u = scene->layout->unit;
  cairo_pattern_t *pat;

  /* Shadow on the table. */
  kuzhi_draw_rounded_rect (cr, x + u * 0.05, y + u * 0.12, w, h, u * 0.45);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
  cairo_fill (cr);

  /* The wood: warm teak, darker at the edges. */
  kuzhi_draw_rounded_rect (cr, x, y, w, h, u * 0.45);
  kuzhi_draw_fill_gradient_preserve (cr, cairo_pattern_create_linear (x, y, x, y + h),
                                     (const KuzhiDrawStop[]) { { 0.0, 0.76, 0.49, 0.26 },
                                                               { 0.45, 0.66, 0.40, 0.20 },
                                                               { 1.0, 0.52, 0.30, 0.14 } }, 3);

  /* Grain: long, slightly wavy lines, the same every frame. */
  cairo_save (cr);
  cairo_clip_preserve (cr);
  cairo_new_path (cr);
  cairo_set_line_width (cr, MAX (1, u * 0.018));
  for (int i = 0; i < 22; i++)
    {
      double gy = y + h * (i + 0.5) / 22;
      double amp = u * (0.04 + 0.03 * ((i * 37) % 5));
      double phase = i * 1.7;
      cairo_move_to (cr, x, gy);
      for (int s = 1; s <= 24; s++)
        {
          double gx = x + w * s / 24;
          cairo_line_to (cr, gx, gy + amp * sin (phase + s * 0.6 + 0.3 * sin (s * 0.21 + i)));
        }
      cairo_set_source_rgba (cr, 0.30, 0.15, 0.05, i % 3 == 0 ? 0.16 : 0.08);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* A bevel: light along the top edge, dark along the bottom. */
  pat = cairo_pattern_create_linear (x, y, x, y + h);
  cairo_pattern_add_color_stop_rgba (pat, 0.0, 1, 0.9, 0.75, 0.55);
  cairo_pattern_add_color_stop_rgba (pat, 0.5, 1, 0.9, 0.75, 0.0);
  cairo_pattern_add_color_stop_rgba (pat, 1.0, 0.15, 0.06, 0.0, 0.6);
  cairo_set_source (cr, pat);
  cairo_set_line_width (cr, MAX (2, u * 0.06));
  kuzhi_draw_rounded_rect (cr, x + u * 0.03, y + u * 0.03, w - u * 0.06, h - u * 0.06, u * 0.42);
  cairo_stroke (cr);
  cairo_pattern_destroy (pat);
  kuzhi_draw_rounded_rect (cr, x, y, w, h, u * 0.45);
  cairo_set_source_rgba (cr, 0.22, 0.10, 0.03, 0.9);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

/* Strokes a ring of `radius` and line `width` round (cx, cy), with a gap
 * wherever it would come within `margin` of one of the `n` rectangles: a
 * ring gives way to the words on it. (A clip would do it in one go, but
 * cairo crashed replaying such a clip from GTK's recording.) */
static void
stroke_ring_around (cairo_t               *cr,
                    double                 cx,
                    double                 cy,
                    double                 radius,
                    double                 width,
                    const graphene_rect_t *holes,
                    int                    n,
                    double                 margin)
{
  enum { STEPS = 360 };
  gboolean blocked[STEPS] = { FALSE };
  int start = -1;

  for (int k = 0; k < n; k++)
    {
      gboolean near[STEPS];
      graphene_rect_t r;
      int any = 0, best_len = 0, best_at = 0;

      graphene_rect_inset_r (&holes[k], -margin, -margin, &r);
      for (int i = 0; i < STEPS; i++)
        {
          double a = 2 * G_PI * i / STEPS;

          /* Across the line's width at this angle, is the word near? */
          near[i] = FALSE;
          for (int j = 0; j <= 4 && !near[i]; j++)
            {
              double d = radius - width / 2 + width * j / 4;
              near[i] = graphene_rect_contains_point (&r, &GRAPHENE_POINT_INIT (cx + d * cos (a), cy + d * sin (a)));
            }
          any += near[i];
        }
      if (any == 0)
        continue;
      /* One gap for the word: all but the longest stretch clear of it,
       * so that no sliver of ring is left over the word's top. */
      for (int i = 0, len = 0; i < 2 * STEPS; i++)
        {
          len = near[i % STEPS] ? 0 : len + 1;
          if (len > best_len && len <= STEPS)
            {
              best_len = len;
              best_at = i;
            }
        }
      for (int i = 0; i < STEPS; i++)
        {
          int from_end = ((best_at - i) % STEPS + STEPS) % STEPS;
          if (from_end >= best_len)
            blocked[i] = TRUE;
        }
    }

  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (int i = 0; i <= STEPS; i++)
    {
      gboolean stop = i == STEPS || blocked[i];

      if (!stop && start < 0)
        start = i;
      if (stop && start >= 0)
        {
          int end = i == STEPS ? i : i - 1;

          if (end > start)
            {
              cairo_new_path (cr);
              cairo_arc (cr, cx, cy, radius, 2 * G_PI * start / STEPS, 2 * G_PI * end / STEPS);
              cairo_stroke (cr);
            }
          start = -1;
        }
    }
}

/* A count pill's text laid out at `size`, and the pill's size around it
 * (its outline included: `line` is the outline's width). */
static PangoLayout *
count_pill_layout (const KuzhiBoardScene *scene,
                   const char            *text,
                   double                 size,
                   int                   *tw,
                   int                   *th,
                   double                *pw,
                   double                *ph,
                   double                *line)
{
  PangoLayout *layout = pango_layout_with_text (scene, text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, MAX (8, size) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, tw, th);
  *pw = MAX (*tw + *th * 0.8, *th * 1.3);
  *ph = *th * 1.1;
  *line = MAX (1, size * 0.1);
  return layout;
}

static void
draw_count_pill (const KuzhiBoardScene *scene,
                 cairo_t        *cr,
                 double          cx,
                 double          cy,
                 const char     *text,
                 double          size,
                 const GdkRGBA  *ring)
{
  int tw, th;
  double pw, ph, line;
  PangoLayout *layout = count_pill_layout (scene, text, size, &tw, &th, &pw, &ph, &line);

  kuzhi_draw_rounded_rect (cr, cx - pw / 2, cy - ph / 2, pw, ph, ph / 2);
  cairo_set_source_rgba (cr, 0.13, 0.07, 0.03, 0.85);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, ring->red, ring->green, ring->blue, 0.95);
  cairo_set_line_width (cr, line);
  cairo_stroke (cr);
  cairo_move_to (cr, cx - tw / 2.0, cy - th / 2.0);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

gboolean
kuzhi_board_paint_refill_tray (const KuzhiBoardScene *scene,
                               int                    player,
                               graphene_rect_t       *tray,
                               graphene_point_t       shells[3],
                               int                   *n_shells)
{
  const graphene_rect_t *r = &scene->layout->drawers[player];
  double x = r->origin.x, y = r->origin.y, w = r->size.width, h = r->size.height;
  double u = scene->layout->unit;
  int refill = scene->sowing->displayed.refill_left[player];
  gboolean across = w > h;
  double tw = across ? u * 0.8 : w * 0.76, th = u * 0.46;
  double tx = across ? x + w - tw - u * 0.14 : x + w * 0.12, ty = y + h - th - u * 0.1;

  *n_shells = 0;
  if (refill <= 0)
    return FALSE;
  graphene_rect_init (tray, tx, ty, tw, th);
  /* Three at most: more are said by the count beside them. */
  *n_shells = MIN (refill, 3);
  for (int i = 0; i < *n_shells; i++)
    graphene_point_init (&shells[i], tx + tw * (refill == 1 ? 0.5 : 0.3 + 0.17 * i), ty + th / 2);
  return TRUE;
}

void
kuzhi_board_paint_drawer (const KuzhiBoardScene *scene,
             cairo_t        *cr,
             int             player)
{
  const graphene_rect_t *r = &scene->layout->drawers[player];
  double x = r->origin.x, y = r->origin.y, w = r->size.width, h = r->size.height;
  double u = scene->layout->unit;
  const GdkRGBA *pc = kuzhi_player_color (player);
  int count = scene->sowing->displayed.stores[player];
  /* Where a count wins outright (Oware's 25), the store counts towards it;
   * at the end, with the rows kept, it is the final count alone. */
  int target = scene->sowing->displayed.over ? 0 : kz_position_variant (&scene->sowing->displayed)->win_target;
  g_autofree char *text = target != 0 ? g_strdup_printf ("%d/%d", count, target) : g_strdup_printf ("%d", count);
  int shown, cols, rows_n;
  int refill = scene->sowing->displayed.refill_left[player];
  /* A drawer stands up beside the rows, or lies across the end of an
   * upright board: then its count is at its left end and the refill tray
   * at its right. */
  gboolean across = w > h;
  double floor_y = y + h - u * 0.1;   /* where the drawer's shells rest */
  double left = x, right = x + w;     /* where they may lie */
  double room, pitch = u * 0.22;
  graphene_rect_t tray;
  graphene_point_t tray_shells[3];
  int n_tray_shells;

  /* A long carved trough. */
  kuzhi_draw_rounded_rect (cr, x, y, w, h, MIN (w, h) * 0.45);
  kuzhi_draw_fill_gradient_preserve (cr, cairo_pattern_create_linear (x, y, x + w, y),
                                     (const KuzhiDrawStop[]) { { 0, 0.24, 0.12, 0.05 },
                                                               { 0.5, 0.42, 0.25, 0.11 },
                                                               { 1, 0.28, 0.15, 0.06 } }, 3);
  cairo_set_source_rgba (cr, pc->red, pc->green, pc->blue, 0.75);
  cairo_set_line_width (cr, MAX (2, u * 0.05));
  cairo_stroke (cr);

  /* The Constitution's refill-left shells wait in a tray at the foot of
   * the drawer, apart from it (they are not banked): gold-rimmed when the
   * single shell may be sown. */
  if (kuzhi_board_paint_refill_tray (scene, player, &tray, tray_shells, &n_tray_shells))
    {
      double tx = tray.origin.x, ty = tray.origin.y, tw = tray.size.width, th = tray.size.height;
      const GdkRGBA *g = kuzhi_gold_color ();
      g_autofree char *left_text = g_strdup_printf ("%d", refill);

      kuzhi_draw_rounded_rect (cr, tx, ty, tw, th, th / 2);
      cairo_set_source_rgba (cr, 0.1, 0.05, 0.02, 0.55);
      cairo_fill_preserve (cr);
      if (refill == 1)
        cairo_set_source_rgba (cr, g->red, g->green, g->blue, 0.95);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
      cairo_set_line_width (cr, MAX (1, u * 0.035));
      cairo_stroke (cr);
      for (int i = 0; i < n_tray_shells; i++)
        kuzhi_cup_draw_shell (cr, tray_shells[i].x, tray_shells[i].y, u * 0.24, 1.1 + i * 2.1);
      if (refill > 1)
        draw_count_pill (scene, cr, tx + tw - u * 0.08, ty + u * 0.04, left_text, u * 0.16, g);
      if (across)
        right = tx - u * 0.04;
      else
        floor_y = ty - u * 0.04;
    }

  /* Shells stack from the bottom up, closer as the drawer fills, never
   * climbing over the count. */
  if (across)
    {
      left = x + u * 0.85;
      room = floor_y - y - u * 0.2;
    }
  else
    room = floor_y - y - u * 0.65;
  cols = across ? MAX (1, (int) ((right - left - u * 0.3) / pitch) + 1) : 3;
  shown = room > 0 ? MIN (count, cols * (int) (room / (u * 0.1))) : 0;
  rows_n = (shown + cols - 1) / cols;
  for (int i = 0; i < shown; i++)
    {
      int rr = i / cols, cc = i % cols;
      double step_y = MIN (u * 0.2, room / MAX (1, rows_n));
      double sx = (across ? left + u * 0.15 + pitch * cc : x + w * (0.28 + 0.22 * cc)) + ((rr % 2) ? u * 0.06 : 0);
      double sy = floor_y - u * 0.2 - rr * step_y;
      kuzhi_cup_draw_shell (cr, sx, sy, u * 0.26, (i * 2.39) + rr * 0.7);
    }

  if (across)
    draw_count_pill (scene, cr, x + u * 0.45, y + h / 2, text, target != 0 ? u * 0.22 : u * 0.3, pc);
  else
    draw_count_pill (scene, cr, x + w / 2, y + u * 0.3, text, target != 0 ? u * 0.22 : u * 0.3, pc);
}

/* The shells in hand above the cup at (hx, hy), and their count: lowered
 * over a cup of the far row so that the count is not cut by the board's
 * top edge. */
void
kuzhi_board_paint_hand_place (const KuzhiBoardScene *scene,
                              double                 hx,
                              double                 hy,
                              double                 lift,
                              int                    count,
                              double                *shells_y,
                              graphene_rect_t       *pill)
{
  const graphene_rect_t *b = &scene->layout->board;
  double u = scene->layout->unit;
  double margin = u * 0.06;
  g_autofree char *text = g_strdup_printf ("%d", count);
  int tw, th;
  double pw, ph, line;
  g_autoptr(PangoLayout) layout = count_pill_layout (scene, text, u * 0.22, &tw, &th, &pw, &ph, &line);
  double px = hx + u * 0.38 - (pw + line) / 2, py = hy - lift - u * 0.2 - (ph + line) / 2;

  /* Over the far row the hand comes down (the shells with it) until the
   * whole pill, outline and all, is on the wood; at a row's end it keeps
   * off the board's side. */
  if (py < b->origin.y + margin)
    {
      hy += b->origin.y + margin - py;
      py = b->origin.y + margin;
    }
  if (px + pw + line > b->origin.x + b->size.width - margin)
    px = b->origin.x + b->size.width - margin - pw - line;
  *shells_y = hy - lift;
  graphene_rect_init (pill, px, py, pw + line, ph + line);
}

/* The shells in hand above the cup at (hx, hy), and their count (placed
 * by kuzhi_board_paint_hand_place). */
static void
draw_hand (const KuzhiBoardScene *scene,
           cairo_t               *cr,
           double                 hx,
           double                 hy,
           double                 lift,
           int                    count)
{
  double u = scene->layout->unit;
  g_autofree char *text = g_strdup_printf ("%d", count);
  graphene_rect_t pill;
  double shells_y;

  kuzhi_board_paint_hand_place (scene, hx, hy, lift, count, &shells_y, &pill);
  kuzhi_cup_draw_shells (cr, hx, shells_y, u * 0.3, MIN (count, 5), 11);
  draw_count_pill (scene, cr, pill.origin.x + pill.size.width / 2, pill.origin.y + pill.size.height / 2,
                   text, u * 0.22, kuzhi_gold_color ());
}

/* How far the event shown has gone, as it is drawn: its progress, or
 * with the desktop's animations off the fixed moment `still_at`, so that
 * nothing moves within a step. */
static double
drawn_progress (const KuzhiBoardScene *scene,
                double                 still_at)
{
  return scene->still ? still_at : scene->sowing->progress;
}

/* The word said over a cup for the event shown now ("Triple!"), laid out
 * at its size, and where its top left corner goes; NULL when none. */
static PangoLayout *
said_layout (const KuzhiBoardScene *scene,
             double                *x,
             double                *y)
{
  const KzEvent *ev = scene->sowing->slot_begun ? kuzhi_sowing_current (scene->sowing) : NULL;
  double u = scene->layout->unit, t = drawn_progress (scene, 0);
  const char *said = NULL;
  PangoLayout *layout;
  PangoFontDescription *font;
  int tw, th;
  double fx, fy, size = u * 0.28;

  if (ev == NULL || scene->sowing->flying <= 0)
    return NULL;
  if (ev->type == KZ_EVENT_TRIPLE)
    said = _("Triple!");
  else if (ev->type == KZ_EVENT_LUCKY)
    said = _("Lucky!");
  /* Pallanguzhi's pasu, as the engine marked it. */
  else if (ev->type == KZ_EVENT_CAPTURE && ev->detail == KZ_DETAIL_PASU)
    said = _("Pasu!");
  if (said == NULL)
    return NULL;

  /* Over the cup's own middle, which its shells are leaving, and no
   * wider than the cup: the counts of the cups around stay readable. */
  layout = pango_layout_with_text (scene, said);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &tw, &th);
  if (tw > u * 1.05)
    {
      size *= u * 1.05 / tw;
      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_size (layout, &tw, &th);
    }
  pango_font_description_free (font);
  kuzhi_board_layout_center (scene->layout, ev->pit, &fx, &fy);
  *x = fx - tw / 2.0;
  *y = fy - th / 2.0 - u * 0.2 * t;
  return layout;
}

gboolean
kuzhi_board_paint_said (const KuzhiBoardScene *scene,
                        graphene_rect_t       *rect)
{
  double x, y;
  int tw, th;
  g_autoptr(PangoLayout) layout = said_layout (scene, &x, &y);

  if (layout == NULL)
    return FALSE;
  pango_layout_get_pixel_size (layout, &tw, &th);
  /* The outline drawn around the letters (1 px) included. */
  graphene_rect_init (rect, x - 1, y - 1, tw + 2, th + 2);
  return TRUE;
}

void
kuzhi_board_paint_hand (const KuzhiBoardScene *scene,
           cairo_t        *cr)
{
  double u = scene->layout->unit;
  double hx, hy;
  const KzEvent *ev = NULL;

  if (scene->sowing->slot_begun)
    ev = kuzhi_sowing_current (scene->sowing);

  kuzhi_board_layout_center (scene->layout, scene->sowing->hand_at, &hx, &hy);

  if (ev != NULL && (ev->type == KZ_EVENT_DROP || ev->type == KZ_EVENT_STORE) && scene->still)
    {
      /* No falling shell: the hand waits over the cup it left, and the
       * shell is in the next cup when the step ends. */
      if (scene->sowing->hand > 0)
        draw_hand (scene, cr, hx, hy, u * 0.55, scene->sowing->hand);
    }
  else if (ev != NULL && (ev->type == KZ_EVENT_DROP || ev->type == KZ_EVENT_STORE))
    {
      double tx, ty, t = scene->sowing->progress;
      int to = ev->type == KZ_EVENT_DROP ? ev->pit : HAND_AT_DRAWER (ev->player ? 1 : 0);
      double arc;

      kuzhi_board_layout_center (scene->layout, to, &tx, &ty);
      /* The falling shell follows a little arc into the target cup. */
      arc = -u * 0.5 * sin (G_PI * t);
      kuzhi_cup_draw_shell (cr, hx + (tx - hx) * t, hy + (ty - hy) * t + arc - u * 0.1 * (1 - t),
                            u * 0.3, t * 3);
      /* The hand follows the falling shell. */
      hx = hx + (tx - hx) * t;
      hy = hy + (ty - hy) * t;
      if (scene->sowing->hand > 1)
        draw_hand (scene, cr, hx, hy, u * 0.55, scene->sowing->hand - 1);
    }
  else if (ev != NULL && (ev->type == KZ_EVENT_LIFT || ev->type == KZ_EVENT_RELAY))
    draw_hand (scene, cr, hx, hy, u * 0.55 * MIN (1.0, drawn_progress (scene, 1) * 2), scene->sowing->hand);
  else if (ev != NULL && scene->sowing->flying > 0
           && (ev->type == KZ_EVENT_TRIPLE || ev->type == KZ_EVENT_LUCKY || ev->type == KZ_EVENT_CAPTURE))
    {
      /* Still, the shells wait over the cup, under the word. */
      double fx, fy, tx, ty, t = drawn_progress (scene, 0);
      double e = t * t * (3 - 2 * t);

      kuzhi_board_layout_center (scene->layout, ev->pit, &fx, &fy);
      kuzhi_board_layout_center (scene->layout, HAND_AT_DRAWER (ev->player ? 1 : 0), &tx, &ty);
      for (int i = 0; i < MIN (scene->sowing->flying, 8); i++)
        {
          double lag = MIN (1.0, MAX (0.0, e * 1.2 - i * 0.05));
          kuzhi_cup_draw_shell (cr, fx + (tx - fx) * lag + (i - 1) * u * 0.12,
                                fy + (ty - fy) * lag - u * 0.6 * sin (G_PI * lag),
                                u * 0.3, i + t * 4);
        }
      {
        double sx, sy;
        g_autoptr(PangoLayout) layout = said_layout (scene, &sx, &sy);

        /* Say what happened, over the cup. */
        if (layout != NULL)
          {
            cairo_move_to (cr, sx, sy);
            cairo_set_source_rgba (cr, 1, 0.93, 0.55, 1 - t * 0.6);
            pango_cairo_layout_path (cr, layout);
            cairo_fill_preserve (cr);
            cairo_set_source_rgba (cr, 0.25, 0.1, 0, 1 - t * 0.6);
            cairo_set_line_width (cr, 1);
            cairo_stroke (cr);
          }
      }
    }
  else if (ev != NULL && ev->type == KZ_EVENT_MARK)
    {
      /* A gold ring closes in on the newly marked cup. */
      const GdkRGBA *g = kuzhi_gold_color ();
      double mx, my, t = drawn_progress (scene, 1);

      kuzhi_board_layout_center (scene->layout, ev->pit, &mx, &my);
      cairo_set_source_rgba (cr, g->red, g->green, g->blue, 0.35 + 0.65 * t);
      cairo_set_line_width (cr, u * (0.04 + 0.08 * t));
      cairo_arc (cr, mx, my, u * (1.2 - 0.75 * t), 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  else if (scene->sowing->hand > 0)
    draw_hand (scene, cr, hx, hy, u * 0.55, scene->sowing->hand);
}

/* Where a mark of the preview goes: a relay's number at the cup's top
 * left, a triple's "3" at its top right. */
static void
preview_mark_place (const KuzhiBoardScene *scene,
                    int                    pit,
                    gboolean               triple,
                    double                *cx,
                    double                *cy,
                    double                *size)
{
  double u = scene->layout->unit;

  kuzhi_board_layout_center (scene->layout, pit, cx, cy);
  *cx += triple ? u * 0.34 : -u * 0.34;
  *cy -= u * 0.34;
  *size = triple ? u * 0.17 : u * 0.15;
}

static void
pill_rect (const KuzhiBoardScene *scene,
           double                 cx,
           double                 cy,
           const char            *text,
           double                 size,
           graphene_rect_t       *rect)
{
  int tw, th;
  double pw, ph, line;
  g_autoptr(PangoLayout) layout = count_pill_layout (scene, text, size, &tw, &th, &pw, &ph, &line);

  graphene_rect_init (rect, cx - pw / 2 - line / 2, cy - ph / 2 - line / 2, pw + line, ph + line);
}

int
kuzhi_board_paint_preview_marks (const KuzhiBoardScene *scene,
                                 graphene_rect_t       *marks,
                                 int                    max)
{
  const KzPreview *pv = scene->preview;
  int n = 0;

  if (pv == NULL || scene->preview_pit < 0)
    return 0;
  for (int i = 0; i < MIN (pv->n_relays, KZ_PREVIEW_MAX_RELAYS) && n < max; i++)
    {
      g_autofree char *text = g_strdup_printf ("%d", i + 1);
      double x, y, size;

      preview_mark_place (scene, pv->relays[i], FALSE, &x, &y, &size);
      pill_rect (scene, x, y, text, size, &marks[n++]);
    }
  for (int p = 0; p < scene->layout->n_pits && n < max; p++)
    if ((pv->triples >> p) & 1)
      {
        double x, y, size;

        preview_mark_place (scene, p, TRUE, &x, &y, &size);
        pill_rect (scene, x, y, "3", size, &marks[n++]);
      }
  return n;
}

void
kuzhi_board_paint_preview_ring (const KuzhiBoardScene *scene,
                                cairo_t               *cr)
{
  const KzPreview *pv = scene->preview;
  double u = scene->layout->unit;
  graphene_rect_t marks[KZ_PREVIEW_MAX_RELAYS + KZ_MAX_PITS];
  double x, y;

  if (pv == NULL || scene->preview_pit < 0)
    return;
  /* Where the last shell falls: a solid ring with a mark in its middle
   * (the keyboard's ring is dashed), or the store's outline; it gives
   * way to the numbers on the cups. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, u * 0.05);
  cairo_new_path (cr);
  if (pv->last_pit >= 0)
    {
      int n = kuzhi_board_paint_preview_marks (scene, marks, G_N_ELEMENTS (marks) - 1);

      /* The analysis's value on that cup too. */
      if (scene->values != NULL && scene->values[pv->last_pit] != NULL)
        kuzhi_board_paint_value_place (scene, pv->last_pit, scene->values[pv->last_pit], &marks[n++]);
      kuzhi_board_layout_center (scene->layout, pv->last_pit, &x, &y);
      stroke_ring_around (cr, x, y, u * 0.5, u * 0.05, marks, n, 1.5);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, u * 0.07, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  else if (pv->last_store >= 0)
    {
      const graphene_rect_t *r = &scene->layout->drawers[pv->last_store];
      kuzhi_draw_rounded_rect (cr, r->origin.x - u * 0.05, r->origin.y - u * 0.05,
                               r->size.width + u * 0.1, r->size.height + u * 0.1, r->size.width * 0.5);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
kuzhi_board_paint_preview (const KuzhiBoardScene *scene,
                           cairo_t               *cr)
{
  const KzPreview *pv = scene->preview;
  double u = scene->layout->unit;
  double x, y, size;

  if (pv == NULL || scene->preview_pit < 0)
    return;

  kuzhi_board_paint_preview_ring (scene, cr);

  /* The relays, numbered in the order the shells go on from them. */
  for (int i = 0; i < MIN (pv->n_relays, KZ_PREVIEW_MAX_RELAYS); i++)
    {
      g_autofree char *n = g_strdup_printf ("%d", i + 1);
      preview_mark_place (scene, pv->relays[i], FALSE, &x, &y, &size);
      draw_count_pill (scene, cr, x, y, n, size, &(GdkRGBA) { 1, 1, 1, 0.6 });
    }

  /* Triples: a gold "3" on the cup; captures: a soft red ring. */
  for (int p = 0; p < scene->layout->n_pits; p++)
    {
      if ((pv->triples >> p) & 1)
        {
          preview_mark_place (scene, p, TRUE, &x, &y, &size);
          draw_count_pill (scene, cr, x, y, "3", size, kuzhi_gold_color ());
        }
      if ((pv->captures >> p) & 1)
        {
          kuzhi_board_layout_center (scene->layout, p, &x, &y);
          cairo_set_source_rgba (cr, 1, 0.45, 0.35, 0.75);
          cairo_set_line_width (cr, u * 0.06);
          cairo_new_path (cr);
          cairo_arc (cr, x, y, u * 0.44, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }

  /* Another turn: a curled arrow over the mover's store. */
  if (pv->extra_turn)
    {
      const graphene_rect_t *r = &scene->layout->drawers[scene->sowing->displayed.to_move];
      draw_count_pill (scene, cr, r->origin.x + r->size.width / 2, r->origin.y + r->size.height * 0.55,
                       "↻", u * 0.28, &(GdkRGBA) { 1, 1, 1, 0.8 });
    }
}

/* A value's font size, no wider than the cup, so that neighbours'
 * values never overlap; and where its pill's centre is. */
static double
value_size (const KuzhiBoardScene *scene,
            int                    pit,
            const char            *text,
            double                *cx,
            double                *cy)
{
  double u = scene->layout->unit;
  double size = u * 0.16;
  PangoLayout *layout = pango_layout_with_text (scene, text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  int tw;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_size (layout, &tw, NULL);
  if (tw > u * 0.8)
    size *= u * 0.8 / tw;
  pango_font_description_free (font);
  g_object_unref (layout);
  kuzhi_board_layout_center (scene->layout, pit, cx, cy);
  *cy -= u * 0.42;
  return MAX (size, 7);
}

void
kuzhi_board_paint_value_place (const KuzhiBoardScene *scene,
                               int                    pit,
                               const char            *text,
                               graphene_rect_t       *pill)
{
  double x, y, size = value_size (scene, pit, text, &x, &y);

  pill_rect (scene, x, y, text, size, pill);
}

void
kuzhi_board_paint_values (const KuzhiBoardScene *scene,
                          cairo_t               *cr,
                          const char *const     *values,
                          int                    best_pit)
{
  for (int p = 0; p < scene->layout->n_pits; p++)
    {
      double x, y, size;

      if (values[p] == NULL)
        continue;
      size = value_size (scene, p, values[p], &x, &y);
      draw_count_pill (scene, cr, x, y, values[p], size,
                       p == best_pit ? kuzhi_gold_color () : &(GdkRGBA) { 1, 1, 1, 0.55 });
    }
}

/* The suggested cup: a golden ring around it, breathing once a second;
 * still, at the full of its breath. */
void
kuzhi_board_paint_hint (const KuzhiBoardScene *scene,
                        GtkSnapshot           *snapshot)
{
  const graphene_rect_t *r = &scene->layout->cups[scene->hint_pit];
  double pulse = scene->still ? 1 : 0.5 + 0.5 * sin (scene->time * 2 * G_PI);
  double width = MAX (3.0, scene->layout->unit * (0.06 + 0.04 * pulse));
  double grow = width * (0.5 + pulse);
  cairo_t *cr;
  graphene_rect_t bounds, pill;

  graphene_rect_inset_r (r, -2 * width - grow, -2 * width - grow, &bounds);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_set_source_rgba (cr, kuzhi_gold_color ()->red, kuzhi_gold_color ()->green, kuzhi_gold_color ()->blue,
                         0.55 + 0.4 * pulse);
  /* The cup's value stays readable: the ring breaks around it. */
  if (scene->values != NULL && scene->values[scene->hint_pit] != NULL)
    kuzhi_board_paint_value_place (scene, scene->hint_pit, scene->values[scene->hint_pit], &pill);
  stroke_ring_around (cr, r->origin.x + r->size.width / 2, r->origin.y + r->size.height / 2,
                      MAX (r->size.width, r->size.height) / 2 + width / 2 + grow / 2, width,
                      &pill, scene->values != NULL && scene->values[scene->hint_pit] != NULL ? 1 : 0, 2);
  cairo_destroy (cr);
}
