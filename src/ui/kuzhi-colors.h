/* kuzhi-colors.h — the colours every drawing shares: Player 1 blue, Player 2 pink-red, lucky gold. */
#pragma once

#include <gdk/gdk.h>

static inline const GdkRGBA *
kuzhi_player_color (int player)
{
  static const GdkRGBA colors[2] = {
    { 0.21, 0.52, 0.89, 1.0 },   /* GNOME blue 3, #3584e4 */
    { 0.88, 0.22, 0.42, 1.0 },   /* a pink-red, #e0386b */
  };
  return &colors[player ? 1 : 0];
}

static inline const GdkRGBA *
kuzhi_gold_color (void)
{
  static const GdkRGBA gold = { 0.98, 0.78, 0.09, 1.0 };
  return &gold;
}
