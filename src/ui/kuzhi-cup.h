/* kuzhi-cup.h — one cup of the board: a focusable widget that draws its hollow and shells. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_CUP (kuzhi_cup_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiCup, kuzhi_cup, KUZHI, CUP, GtkWidget)

typedef enum {
  KUZHI_CUP_PLAIN,
  KUZHI_CUP_LEGAL,      /* the player to move may sow it */
  KUZHI_CUP_MARKABLE,   /* the player to move may mark it lucky */
} KuzhiCupState;

/* What the last move did with the cup, for the mark that shows it. */
typedef enum {
  KUZHI_CUP_LAST_NONE,
  KUZHI_CUP_LAST_SOWN,     /* the last move sowed it */
  KUZHI_CUP_LAST_LANDED,   /* the last move's last shell fell in it */
} KuzhiCupLastMove;

/* number: the cup's place along its owner's row, from 1, in sowing order. */
GtkWidget *kuzhi_cup_new          (int            pit,
                                   int            owner,
                                   int            number);
int        kuzhi_cup_get_pit      (KuzhiCup      *self);
/* Whether the last frame showed the cup's focus ring: only then do Enter
 * and Space sow it. */
gboolean   kuzhi_cup_get_ring_drawn (KuzhiCup    *self);
/* Whether the board's keyboard is in use: the focused cup keeps its ring
 * while it is, past GTK's 3 s. */
void       kuzhi_cup_set_keyboard   (KuzhiCup    *self,
                                     gboolean     keyboard);
/* The desktop's high contrast: the rings that say a cup may be sown or
 * marked, and the focus ring, get black edges, so that each stands out
 * from the wood (docs/ui.md, "The board"). The board sets it on its cups. */
void       kuzhi_cup_set_high_contrast (KuzhiCup *self,
                                        gboolean  high_contrast);
int        kuzhi_cup_get_count    (KuzhiCup      *self);
void       kuzhi_cup_set_count    (KuzhiCup      *self,
                                   int            count);
void       kuzhi_cup_set_state    (KuzhiCup      *self,
                                   KuzhiCupState  state);
KuzhiCupState kuzhi_cup_get_state (KuzhiCup      *self);
/* Where a cup w × h pixels draws the pill of its `count` (outline
 * included), in its own coordinates: its drawing uses it. */
void       kuzhi_cup_count_pill   (PangoContext  *pango,
                                   int            w,
                                   int            h,
                                   int            count,
                                   graphene_rect_t *pill);
/* The player whose lucky cup this is, or -1. */
void       kuzhi_cup_set_lucky    (KuzhiCup      *self,
                                   int            lucky_owner);
int        kuzhi_cup_get_lucky    (KuzhiCup      *self);
/* Pallanguzhi's rubbish cups are out of play for the rest of the round. */
void       kuzhi_cup_set_out_of_play (KuzhiCup *self,
                                      gboolean  out_of_play);
/* The game's word for a pit, which the accessible label uses with its
 * count: "cup 3, 5 shells", "pit 3, 4 seeds", "house 6, 4 seeds". */
void       kuzhi_cup_set_pit_word (KuzhiCup      *self,
                                   KzPitWord      word);
/* The player names used in the accessible label (by default "Player 1",
 * "Player 2"). */
void       kuzhi_cup_set_owner_name (KuzhiCup   *self,
                                     const char *name);
/* Marks the cup as the last move's (by `player`, whose colour the mark
 * takes), or clears the mark (KUZHI_CUP_LAST_NONE). */
void       kuzhi_cup_set_last_move (KuzhiCup        *self,
                                    KuzhiCupLastMove last,
                                    int              player);
KuzhiCupLastMove kuzhi_cup_get_last_move (KuzhiCup *self);
/* Where the mark is drawn, in the cup's own coordinates (FALSE without
 * one): clear of the count's pill, the lucky star, the focus ring and the
 * hint's ring outside the cup. */
gboolean   kuzhi_cup_last_move_mark (KuzhiCup        *self,
                                     graphene_rect_t *mark);
/* Shells only, for other widgets that draw loose shells (the hand, drawers). */
void       kuzhi_cup_draw_shell   (cairo_t       *cr,
                                   double         x,
                                   double         y,
                                   double         size,
                                   double         angle);
void       kuzhi_cup_draw_shells  (cairo_t       *cr,
                                   double         cx,
                                   double         cy,
                                   double         radius,
                                   int            count,
                                   guint          seed);

G_END_DECLS
