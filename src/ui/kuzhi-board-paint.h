/* kuzhi-board-paint.h — the board's painting, which reads only a const scene of what to draw. */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-board-layout.h"
#include "kuzhi-sowing.h"

G_BEGIN_DECLS

/* Everything the painting reads, for one frame. */
typedef struct {
  const KuzhiBoardLayout *layout;
  const KuzhiSowing      *sowing;     /* the position shown, the hand, the event being shown */
  PangoContext           *pango;      /* the widget's, for the board's numbers and words */
  int                     hint_pit;   /* the suggested cup, or -1 */
  int                     preview_pit;  /* the cup whose sowing is previewed, or -1 */
  const KzPreview        *preview;    /* what it would do */
  double                  time;       /* seconds, for the hint's breathing */
} KuzhiBoardScene;

/* The wood with its carving, for the whole allocation. */
void kuzhi_board_paint_wood   (const KuzhiBoardScene *scene,
                               cairo_t               *cr);
/* A player's drawer or store, with its shells and count. */
void kuzhi_board_paint_drawer (const KuzhiBoardScene *scene,
                               cairo_t               *cr,
                               int                    player);
/* The shells in hand and in flight, and what the event says ("Triple!"). */
void kuzhi_board_paint_hand   (const KuzhiBoardScene *scene,
                               cairo_t               *cr);
/* The sowing preview, drawn lightly: where the last shell falls, the
 * cups it relays from, the triples and captures, an extra move. */
void kuzhi_board_paint_preview (const KuzhiBoardScene *scene,
                                cairo_t               *cr);
/* The analysis: each cup's value in a pill on its top rim, the best
 * cup's ringed in gold. */
void kuzhi_board_paint_values  (const KuzhiBoardScene *scene,
                                cairo_t               *cr,
                                const char *const     *values,
                                int                    best_pit);
/* The ring around the hinted cup. */
void kuzhi_board_paint_hint   (const KuzhiBoardScene *scene,
                               GtkSnapshot           *snapshot);

G_END_DECLS
