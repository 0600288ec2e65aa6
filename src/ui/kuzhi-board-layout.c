/* kuzhi-board-layout.c — the board's geometry, in units of one cup's cell. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-board-layout.h"

#define PAD        0.24
#define DRAWER_W   1.15
#define DRAWER_GAP 0.14
#define ROW_GAP    0.12
#define SHADOW     0.14   /* room around the board for its shadow */

static void
board_cells (int n_pits, double *cols, double *rows)
{
  *cols = n_pits / 2 + 2 * (DRAWER_W + DRAWER_GAP) + 2 * PAD;
  *rows = 2 + ROW_GAP + 2 * PAD;
}

void
kuzhi_board_layout_cells (int     n_pits,
                          double *cols,
                          double *rows)
{
  board_cells (n_pits, cols, rows);
  *cols += SHADOW;
  *rows += SHADOW;
}

gboolean
kuzhi_board_layout_is_upright (int n_pits,
                               int width)
{
  double cols, rows;

  kuzhi_board_layout_cells (n_pits, &cols, &rows);
  return width < cols * KUZHI_BOARD_UPRIGHT_BELOW;
}

/* A quarter turn clockwise of a rect in a `height` × `width` picture lying
 * across, into the `width` × `height` allocation. */
static graphene_rect_t
turn (const graphene_rect_t *r,
      int                    width)
{
  return GRAPHENE_RECT_INIT (width - r->origin.y - r->size.height, r->origin.x,
                             r->size.height, r->size.width);
}

/* The nearest row runs left to right, the far one right to left. */
static void
cup_slot (int n_pits, int view_player, int pit, int *row, int *col)
{
  int n = n_pits / 2;
  int owner = pit / n;
  int i = pit % n;

  if (owner == view_player)
    {
      *row = 1;
      *col = i;
    }
  else
    {
      *row = 0;
      *col = n - 1 - i;
    }
}

gboolean
kuzhi_board_layout_compute (KuzhiBoardLayout *layout,
                            int               width,
                            int               height,
                            int               n_pits,
                            int               view_player,
                            gboolean          upright)
{
  double cols, rows, u, bw, bh, bx, by;
  KuzhiBoardLayout old = *layout;
  int near = view_player ? 1 : 0;
  /* An upright board is laid out across a picture as tall as the widget is
   * wide, then turned. */
  int across = upright ? height : width, down = upright ? width : height;

  board_cells (n_pits, &cols, &rows);
  u = MIN (across / (cols + SHADOW), down / (rows + SHADOW));
  bw = cols * u;
  bh = rows * u;
  bx = (across - bw) / 2;
  by = (down - bh) / 2;
  layout->width = width;
  layout->height = height;
  layout->upright = upright;
  layout->n_pits = n_pits;
  layout->view_player = near;
  layout->unit = u;
  layout->board = GRAPHENE_RECT_INIT (bx, by, bw, bh);

  /* The nearest player's drawer is on the right, where their row ends. */
  layout->drawers[near] = GRAPHENE_RECT_INIT (bx + bw - PAD * u - DRAWER_W * u, by + PAD * u,
                                              DRAWER_W * u, (2 + ROW_GAP) * u);
  layout->drawers[!near] = GRAPHENE_RECT_INIT (bx + PAD * u, by + PAD * u,
                                               DRAWER_W * u, (2 + ROW_GAP) * u);
  for (int p = 0; p < n_pits; p++)
    {
      int row, col;

      cup_slot (n_pits, near, p, &row, &col);
      layout->cups[p] = GRAPHENE_RECT_INIT (bx + (PAD + DRAWER_W + DRAWER_GAP + col) * u,
                                            by + (PAD + row * (1 + ROW_GAP)) * u,
                                            u, u);
    }
  if (upright)
    {
      layout->board = turn (&layout->board, width);
      for (int i = 0; i < 2; i++)
        layout->drawers[i] = turn (&layout->drawers[i], width);
      for (int p = 0; p < n_pits; p++)
        layout->cups[p] = turn (&layout->cups[p], width);
    }
  return layout->unit != old.unit || layout->upright != old.upright
         || layout->width != old.width || layout->height != old.height
         || !graphene_rect_equal (&layout->board, &old.board);
}

const graphene_rect_t *
kuzhi_board_layout_place (const KuzhiBoardLayout *layout,
                          int                     at)
{
  if (at >= 0 && at < layout->n_pits)
    return &layout->cups[at];
  return &layout->drawers[at == KUZHI_SOWING_AT_STORE (1) ? 1 : 0];
}

void
kuzhi_board_layout_center (const KuzhiBoardLayout *layout,
                           int                     at,
                           double                 *x,
                           double                 *y)
{
  const graphene_rect_t *r = kuzhi_board_layout_place (layout, at);

  *x = r->origin.x + r->size.width / 2;
  *y = r->origin.y + r->size.height / 2;
}

void
kuzhi_board_layout_cup_box (const KuzhiBoardLayout *layout,
                            int                     pit,
                            int                    *x,
                            int                    *y,
                            int                    *size)
{
  *x = (int) floor (layout->cups[pit].origin.x);
  *y = (int) floor (layout->cups[pit].origin.y);
  *size = (int) ceil (layout->unit);
}
