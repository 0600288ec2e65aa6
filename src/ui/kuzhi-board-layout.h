/* kuzhi-board-layout.h — where everything goes on the board: the wood, the two drawers or stores and the cups, for a size and a view. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <graphene.h>

#include "kuzhi-engine.h"
#include "kuzhi-sowing.h"

G_BEGIN_DECLS

typedef struct {
  int             width, height;   /* the widget's allocation */
  int             n_pits;
  int             view_player;     /* whose row is nearest */
  gboolean        upright;         /* two columns, the stores at the ends */
  double          unit;            /* one cup's cell, in pixels */
  graphene_rect_t board;           /* the wood */
  graphene_rect_t drawers[2];      /* each player's drawer or store */
  graphene_rect_t cups[KZ_MAX_PITS];
} KuzhiBoardLayout;

/* The board's size in cells, shadow included, for measuring: lying across
 * (cols × rows), or upright, which is the same turned (rows × cols). */
void     kuzhi_board_layout_cells   (int                     n_pits,
                                     double                 *cols,
                                     double                 *rows);
/* Whether a board `width` pixels wide stands upright: when lying across it
 * would make its cups smaller than KUZHI_BOARD_UPRIGHT_BELOW pixels. */
#define KUZHI_BOARD_UPRIGHT_BELOW 44
gboolean kuzhi_board_layout_is_upright (int                  n_pits,
                                        int                  width);
/* Lays out `n_pits` cups in width × height with `view_player`'s row
 * nearest (left to right, so that sowing runs counter-clockwise on screen
 * in either view), lying across or `upright`. An upright board is that picture turned a quarter
 * clockwise: the nearest player's cups run down the left column into
 * their store at the foot, the other's up the right column into the store
 * at the head, still counter-clockwise. Returns TRUE when the size or the
 * shape of what is drawn changed. */
gboolean kuzhi_board_layout_compute (KuzhiBoardLayout       *layout,
                                     int                     width,
                                     int                     height,
                                     int                     n_pits,
                                     int                     view_player,
                                     gboolean                upright);
/* Where a pit is, or a drawer for KUZHI_SOWING_AT_STORE (player). */
const graphene_rect_t *
         kuzhi_board_layout_place   (const KuzhiBoardLayout *layout,
                                     int                     at);
/* The centre of a pit, or of a drawer for KUZHI_SOWING_AT_STORE (player). */
void     kuzhi_board_layout_center  (const KuzhiBoardLayout *layout,
                                     int                     at,
                                     double                 *x,
                                     double                 *y);

/* The whole pixels a cup's widget is given: its cell, rounded out. */
void     kuzhi_board_layout_cup_box (const KuzhiBoardLayout *layout,
                                     int                     pit,
                                     int                    *x,
                                     int                    *y,
                                     int                    *size);

G_END_DECLS
