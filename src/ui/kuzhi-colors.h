/* kuzhi-colors.h — Kuzhi's one palette: Player 1 blue, Player 2 pink-red, lucky gold, for the drawings and, as named colours, for style.css. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

const GdkRGBA *kuzhi_player_color (int player);
const GdkRGBA *kuzhi_gold_color   (void);

/* Defines the palette for style.css on `display` (@kuzhi_player1,
 * @kuzhi_player2, @kuzhi_gold), below the application's own styles. */
void           kuzhi_colors_install (GdkDisplay *display);

G_END_DECLS
