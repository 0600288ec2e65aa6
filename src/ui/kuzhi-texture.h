/* kuzhi-texture.h — draws with cairo once into an image, so that a frame only composites what did not change. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

typedef void (*KuzhiDrawFunc) (cairo_t *cr, gpointer data);

/* GTK's cairo nodes are replayed on every frame, so drawings that do not
 * change are kept as images. Images rather than GdkTextures: the cairo
 * renderer of GTK 4.8 converts a texture's pixels again on every frame. */
static inline cairo_surface_t *
kuzhi_image_draw (int            width,
                  int            height,
                  int            scale,
                  KuzhiDrawFunc  draw,
                  gpointer       data)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  scale = MAX (1, scale);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (1, width) * scale, MAX (1, height) * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  draw (cr, data);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static inline void
kuzhi_snapshot_append_image (GtkSnapshot           *snapshot,
                             cairo_surface_t       *image,
                             const graphene_rect_t *bounds)
{
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, bounds);

  cairo_set_source_surface (cr, image, bounds->origin.x, bounds->origin.y);
  cairo_paint (cr);
  cairo_destroy (cr);
}
