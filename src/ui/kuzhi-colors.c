/* kuzhi-colors.c — Kuzhi's one palette, for cairo and for CSS. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-colors.h"

static const GdkRGBA players[2] = {
  { 0.208, 0.518, 0.894, 1.0 },   /* #3584e4, GNOME blue 3 */
  { 0.878, 0.220, 0.420, 1.0 },   /* #e0386b, a pink-red */
};
static const GdkRGBA gold = { 0.961, 0.761, 0.067, 1.0 };   /* #f5c211, GNOME yellow 4 */

const GdkRGBA *
kuzhi_player_color (int player)
{
  return &players[player ? 1 : 0];
}

const GdkRGBA *
kuzhi_gold_color (void)
{
  return &gold;
}

void
kuzhi_colors_install (GdkDisplay *display)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  g_autofree char *p1 = gdk_rgba_to_string (&players[0]);
  g_autofree char *p2 = gdk_rgba_to_string (&players[1]);
  g_autofree char *g = gdk_rgba_to_string (&gold);
  g_autofree char *css = g_strdup_printf ("@define-color kuzhi_player1 %s;\n"
                                          "@define-color kuzhi_player2 %s;\n"
                                          "@define-color kuzhi_gold %s;\n", p1, p2, g);

  g_return_if_fail (GDK_IS_DISPLAY (display));
  gtk_css_provider_load_from_data (provider, css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION - 1);
}
