/* kuzhi-sowing.c — a move's events played out over time on a copy of the position, for the board to draw. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-sowing.h"

#include <string.h>

void
kuzhi_sowing_init (KuzhiSowing *self)
{
  memset (self, 0, sizeof *self);
  self->queue = g_array_new (FALSE, TRUE, sizeof (KzEvent));
  self->step_ms = 150;
}

void
kuzhi_sowing_clear (KuzhiSowing *self)
{
  g_clear_pointer (&self->queue, g_array_unref);
}

static void
changed (KuzhiSowing *self)
{
  if (self->changed != NULL)
    self->changed (self->data);
}

static gboolean
is_end (const KzEvent *ev)
{
  return ev->type == KZ_EVENT_ROUND_END || ev->type == KZ_EVENT_MATCH_END;
}

/* A shell that falls is shown where it lands, at its event's end. */
static gboolean
lands (const KzEvent *ev)
{
  return ev->type == KZ_EVENT_DROP || ev->type == KZ_EVENT_STORE;
}

static void
shown (KuzhiSowing   *self,
       const KzEvent *ev,
       gint64         at)
{
  if (self->shown != NULL)
    self->shown (ev, at, self->data);
}

void
kuzhi_sowing_push (KuzhiSowing   *self,
                   const KzEvent *event)
{
  g_array_append_val (self->queue, *event);
}

KzEvent *
kuzhi_sowing_last (KuzhiSowing *self)
{
  if (self->queue->len == 0)
    return NULL;
  return &g_array_index (self->queue, KzEvent, self->queue->len - 1);
}

void
kuzhi_sowing_start (KuzhiSowing      *self,
                    const KzPosition *target)
{
  self->target = *target;
  self->pos = 0;
  self->slot_start = 0;
  self->slot_begun = FALSE;
  self->progress = 0;
}

gint64
kuzhi_sowing_event_duration (const KuzhiSowing *self,
                             const KzEvent     *ev)
{
  double f;

  switch (ev->type)
    {
    case KZ_EVENT_LIFT:
    case KZ_EVENT_RELAY:   f = 1.4; break;
    case KZ_EVENT_DROP:
    case KZ_EVENT_STORE:   f = 1.0; break;
    case KZ_EVENT_TRIPLE:
    case KZ_EVENT_LUCKY:
    case KZ_EVENT_CAPTURE: f = 3.0; break;
    case KZ_EVENT_MARK:    f = 2.5; break;
    case KZ_EVENT_ROUND_END: f = 6.0; break;
    default:               f = 0.0; break;
    }
  return (gint64) (f * self->step_ms * 1000);
}

/* An event's start: what leaves a pit leaves it at once. */
static void
begin_event (KuzhiSowing   *self,
             const KzEvent *ev)
{
  KzPosition *d = &self->displayed;

  switch (ev->type)
    {
    case KZ_EVENT_LIFT:
    case KZ_EVENT_RELAY:
      d->pits[ev->pit] = 0;
      self->hand = ev->count;
      self->hand_at = ev->pit;
      break;
    case KZ_EVENT_TRIPLE:
    case KZ_EVENT_LUCKY:
    case KZ_EVENT_CAPTURE:
      self->flying = MIN (ev->count, d->pits[ev->pit]);
      d->pits[ev->pit] -= self->flying;
      break;
    case KZ_EVENT_ROUND_END:
    case KZ_EVENT_MATCH_END:
      if (self->reached != NULL)
        self->reached (ev, self->data);
      break;
    default:
      break;
    }
  changed (self);
}

/* An event's end: what arrives somewhere arrives now. */
static void
end_event (KuzhiSowing   *self,
           const KzEvent *ev)
{
  KzPosition *d = &self->displayed;

  switch (ev->type)
    {
    case KZ_EVENT_DROP:
      if (ev->pit >= 0 && ev->pit < KZ_MAX_PITS)
        d->pits[ev->pit]++;
      self->hand = MAX (0, self->hand - 1);
      self->hand_at = ev->pit;
      break;
    case KZ_EVENT_STORE:
      d->stores[ev->player ? 1 : 0]++;
      self->hand = MAX (0, self->hand - 1);
      self->hand_at = KUZHI_SOWING_AT_STORE (ev->player ? 1 : 0);
      break;
    case KZ_EVENT_TRIPLE:
    case KZ_EVENT_LUCKY:
    case KZ_EVENT_CAPTURE:
      d->stores[ev->player ? 1 : 0] += self->flying;
      self->flying = 0;
      break;
    case KZ_EVENT_MARK:
      d->lucky[ev->player ? 1 : 0] = ev->pit;
      break;
    case KZ_EVENT_ROUND_END:
      /* Gathering and redistributing are not animated: the next round's
       * board appears once the round's end has been seen. */
      *d = self->target;
      self->hand = 0;
      break;
    default:
      break;
    }
  changed (self);
}

gboolean
kuzhi_sowing_advance (KuzhiSowing *self,
                      gint64       now)
{
  if (self->slot_start == 0)
    self->slot_start = now;

  while (self->pos < self->queue->len)
    {
      const KzEvent *ev = &g_array_index (self->queue, KzEvent, self->pos);
      gint64 duration = kuzhi_sowing_event_duration (self, ev);

      if (!self->slot_begun)
        {
          begin_event (self, ev);
          self->slot_begun = TRUE;
          if (!lands (ev))
            shown (self, ev, self->slot_start);
        }
      if (now - self->slot_start < duration)
        {
          self->progress = (double) (now - self->slot_start) / duration;
          return TRUE;
        }
      end_event (self, ev);
      if (lands (ev))
        shown (self, ev, self->slot_start + duration);
      self->slot_start += duration;
      self->slot_begun = FALSE;
      self->pos++;
    }
  return FALSE;
}

void
kuzhi_sowing_skip_rest (KuzhiSowing *self)
{
  /* Events not reached yet still count: a round's end must be announced. */
  for (guint i = self->pos; i < self->queue->len; i++)
    {
      const KzEvent *ev = &g_array_index (self->queue, KzEvent, i);

      if (is_end (ev) && !(i == self->pos && self->slot_begun) && self->reached != NULL)
        self->reached (ev, self->data);
    }
  kuzhi_sowing_stop (self);
}

void
kuzhi_sowing_stop (KuzhiSowing *self)
{
  g_array_set_size (self->queue, 0);
  self->pos = 0;
  self->hand = 0;
  self->flying = 0;
  self->slot_begun = FALSE;
  self->progress = 0;
}

const KzEvent *
kuzhi_sowing_current (const KuzhiSowing *self)
{
  if (self->pos >= self->queue->len)
    return NULL;
  return &g_array_index (self->queue, KzEvent, self->pos);
}
