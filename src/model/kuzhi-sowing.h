/* kuzhi-sowing.h — what the board shows of a move as it plays out: the queue of the move's events and their timing, without GTK, so that it can be driven and checked without a display. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

/* Where the shells in hand hover when they are not over a pit: by a
 * player's drawer or store. */
#define KUZHI_SOWING_AT_STORE(player) (-1 - (player))

typedef struct {
  /* What is on screen now, and where the move ends. */
  KzPosition   displayed;
  KzPosition   target;
  /* The move's events (KzEvent), the one being shown, and how far. */
  GArray      *queue;
  guint        pos;
  gint64       slot_start;   /* µs, when the current event began; 0: not started */
  double       progress;     /* 0…1 through the current event */
  gboolean     slot_begun;
  /* The shells in the player's hand, where they are, and those flying
   * from a pit to a store. */
  int          hand;
  int          hand_at;      /* a pit, or KUZHI_SOWING_AT_STORE (player) */
  int          flying;
  guint        step_ms;      /* one shell's drop; 0: every move at once */

  /* Told whenever `displayed`, the hand or the flying shells changed, and
   * when a round's or the match's end is reached. */
  void       (*changed) (gpointer data);
  void       (*reached) (const KzEvent *event, gpointer data);
  /* Told as each event is shown, with when on the move's own schedule (µs
   * on the clock advance() is given, so the same move at the same speed
   * always tells the same times): a shell dropped into a pit or a store
   * when it lands, any other event as it begins. Never for the events
   * kuzhi_sowing_skip_rest() passes over. */
  void       (*shown)   (const KzEvent *event, gint64 at, gpointer data);
  gpointer     data;
} KuzhiSowing;

void            kuzhi_sowing_init           (KuzhiSowing      *self);
void            kuzhi_sowing_clear          (KuzhiSowing      *self);

/* Collecting a move: its events in order, then where it ends. */
void            kuzhi_sowing_push           (KuzhiSowing      *self,
                                             const KzEvent    *event);
/* The last event pushed, to mark (KzEvent.detail), or NULL. */
KzEvent        *kuzhi_sowing_last           (KuzhiSowing      *self);
void            kuzhi_sowing_start          (KuzhiSowing      *self,
                                             const KzPosition *target);

/* How long an event is shown, in µs: a drop is one step, a lift or relay
 * 1.4, a capture or triple 3, a mark 2.5, a round's end 6. */
gint64          kuzhi_sowing_event_duration (const KuzhiSowing *self,
                                             const KzEvent     *event);
/* Shows what the move has reached at `now` (µs, any clock that only goes
 * forward; the first call starts it). Returns FALSE once every event has
 * been shown: `displayed` then holds the events replayed, which the board
 * replaces by `target`. */
gboolean        kuzhi_sowing_advance        (KuzhiSowing      *self,
                                             gint64            now);
/* Reports the round and match ends not reached yet, then empties the queue. */
void            kuzhi_sowing_skip_rest      (KuzhiSowing      *self);
/* Empties the queue and the hand. */
void            kuzhi_sowing_stop           (KuzhiSowing      *self);
/* The event being shown, or NULL. */
const KzEvent  *kuzhi_sowing_current        (const KuzhiSowing *self);

G_END_DECLS
