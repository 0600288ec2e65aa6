/* kuzhi-draw.h — what the cairo drawings share besides the palette: a rounded rectangle, a gradient fill. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

/* A rectangle with corners of radius r (at most half the shorter side),
 * as a new sub-path to fill or stroke. */
static inline void
kuzhi_draw_rounded_rect (cairo_t *cr,
                         double   x,
                         double   y,
                         double   w,
                         double   h,
                         double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* One colour stop of a gradient: where along it, then the colour. */
typedef struct
{
  double offset, red, green, blue;
} KuzhiDrawStop;

/* Fills the current path with `pattern` (taken) through `n_stops` opaque
 * colour stops, keeping the path for a stroke after: the board's wood,
 * its drawers, a cup's hollow and a shell are painted so. */
static inline void
kuzhi_draw_fill_gradient_preserve (cairo_t             *cr,
                                   cairo_pattern_t     *pattern,
                                   const KuzhiDrawStop *stops,
                                   int                  n_stops)
{
  for (int i = 0; i < n_stops; i++)
    cairo_pattern_add_color_stop_rgb (pattern, stops[i].offset, stops[i].red, stops[i].green, stops[i].blue);
  cairo_set_source (cr, pattern);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pattern);
}
