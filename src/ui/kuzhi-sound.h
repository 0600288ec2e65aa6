/* kuzhi-sound.h — the board's events as short sounds: which event makes which sound, the drops' rate limit, playing through GSound. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_SOUND (kuzhi_sound_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiSound, kuzhi_sound, KUZHI, SOUND, GObject)

/* A drop is not heard closer than this after the last drop heard, on the
 * animation's clock: at Fast (70 ms a shell) every other shell clicks. */
#define KUZHI_SOUND_DROP_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

KuzhiSound *kuzhi_sound_new              (void);
/* "enabled": TRUE by default; the window binds it to the `sound` setting. */
void        kuzhi_sound_set_enabled      (KuzhiSound    *self,
                                          gboolean       enabled);
gboolean    kuzhi_sound_get_enabled      (KuzhiSound    *self);
/* The sound an event makes ("drop", "triple", "capture", "lucky",
 * "round-end", "match-end"), or NULL for none. */
const char *kuzhi_sound_name_for_event   (const KzEvent *event);
/* An event the board shows at `time` (µs on the animation's clock, as the
 * board view's "event-shown" gives it): asks for its sound, unless sound
 * is off, the desktop turned event sounds off, or it is a drop that comes
 * too soon after the last drop heard. Each sound asked for is emitted as
 * "requested" (the name), whether or not a device plays it. */
void        kuzhi_sound_event_shown      (KuzhiSound    *self,
                                          const KzEvent *event,
                                          gint64         time);
/* Whether the sounds reach a device: FALSE without a sound server or
 * card, when GSound cannot start, or once a sound failed to play (then
 * quietly for the rest of the run). */
gboolean    kuzhi_sound_get_has_output   (KuzhiSound    *self);

G_END_DECLS
