/* kuzhi-board-paint.h — the board's painting, which reads only a const scene of what to draw. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
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
  /* The desktop's animations are off (GtkSettings:gtk-enable-animations):
   * nothing glides, grows, fades or breathes. The events still come one
   * step at a time; each is drawn as it stands, the hand jumping from cup
   * to cup (docs/ui.md, "Animation"). */
  gboolean                still;
  const char *const      *values;     /* the analysis's value of each cup (or NULL), or NULL when none is shown */
} KuzhiBoardScene;

/* The wood with its carving, for the whole allocation. */
void kuzhi_board_paint_wood   (const KuzhiBoardScene *scene,
                               cairo_t               *cr);
/* A player's drawer or store, with its shells and count. */
void kuzhi_board_paint_drawer (const KuzhiBoardScene *scene,
                               cairo_t               *cr,
                               int                    player);
/* Where the Constitution's refill-left shells of `player` are drawn: the
 * tray at the foot of the drawer and the centres of the shells in it (at
 * most 3; a count says more). FALSE, with no shell, when none waits. The
 * drawer's painting draws from it. */
gboolean kuzhi_board_paint_refill_tray (const KuzhiBoardScene *scene,
                                        int                    player,
                                        graphene_rect_t       *tray,
                                        graphene_point_t       shells[3],
                                        int                   *n_shells);
/* Where `count` shells in hand over the cup at (hx, hy), lifted by `lift`,
 * are drawn: the shells' centre height and their count's pill (outline
 * included), kept on the wood. The hand's painting draws from it. */
void     kuzhi_board_paint_hand_place  (const KuzhiBoardScene *scene,
                                        double                 hx,
                                        double                 hy,
                                        double                 lift,
                                        int                    count,
                                        double                *shells_y,
                                        graphene_rect_t       *pill);
/* The rectangle of the word said over a cup for the event shown now
 * ("Triple!", "Lucky!", "Pasu!"); FALSE when none is. */
gboolean kuzhi_board_paint_said        (const KuzhiBoardScene *scene,
                                        graphene_rect_t       *rect);
/* The shells in hand and in flight, and what the event says ("Triple!"). */
void kuzhi_board_paint_hand   (const KuzhiBoardScene *scene,
                               cairo_t               *cr);
/* The sowing preview, drawn lightly: where the last shell falls, the
 * cups it relays from, the triples and captures, an extra move. */
void kuzhi_board_paint_preview (const KuzhiBoardScene *scene,
                                cairo_t               *cr);
/* The preview's numbers on the cups (the relays' order, a triple's "3"):
 * fills `marks` with at most `max` of their pills' rectangles, outline
 * included, and returns how many. The preview's painting draws from it. */
int  kuzhi_board_paint_preview_marks (const KuzhiBoardScene *scene,
                                      graphene_rect_t       *marks,
                                      int                    max);
/* The preview's ring where the last shell falls (or the store's
 * outline), alone: it leaves a gap where it would cross a mark or the
 * cup's analysis value. */
void kuzhi_board_paint_preview_ring  (const KuzhiBoardScene *scene,
                                      cairo_t               *cr);
/* The analysis: each cup's value in a pill on its top rim, the best
 * cup's ringed in gold. */
void kuzhi_board_paint_values  (const KuzhiBoardScene *scene,
                                cairo_t               *cr,
                                const char *const     *values,
                                int                    best_pit);
/* Where the analysis writes `text` on `pit`: its pill on the cup's top
 * rim, outline included. The values' painting draws from it. */
void kuzhi_board_paint_value_place (const KuzhiBoardScene *scene,
                                    int                    pit,
                                    const char            *text,
                                    graphene_rect_t       *pill);
/* The ring around the hinted cup, breathing with the scene's time (held
 * at its fullest when the scene is still); it leaves a gap where it would
 * cross the cup's value (scene->values). */
void kuzhi_board_paint_hint   (const KuzhiBoardScene *scene,
                               GtkSnapshot           *snapshot);

G_END_DECLS
