/* kuzhi-draw.h — what the cairo drawings share besides the palette: a rounded rectangle. */
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
