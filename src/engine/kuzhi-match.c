/* kuzhi-match.c — a match: the current position with the history behind it, for undo and the repetition rule. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
kz_match_init (KzMatch *match,
               KzVariantId variant,
               const KzOptions *options,
               char *error,
               size_t error_len)
{
  const KzVariant *v = kz_variant_get (variant);
  KzOptions defaults = { 0 };

  memset (match, 0, sizeof *match);
  if (v == NULL)
    {
      if (error != NULL)
        snprintf (error, error_len, "this game is not available yet");
      return false;
    }
  if (!v->setup (&match->pos, options ? options : &defaults, error, error_len))
    return false;
  match->start = match->pos;
  return true;
}

void
kz_match_clear (KzMatch *match)
{
  free (match->history);
  memset (match, 0, sizeof *match);
}

void
kz_match_copy (KzMatch *dst, const KzMatch *src)
{
  *dst = *src;
  dst->history = NULL;
  dst->cap_history = src->n_history;
  if (src->n_history > 0)
    {
      dst->history = malloc (src->n_history * sizeof *dst->history);
      if (dst->history == NULL)
        abort ();
      memcpy (dst->history, src->history, src->n_history * sizeof *dst->history);
    }
}

/* A position is at the start of a turn unless the player to move has
 * already marked a lucky cup in this turn. */
static bool
starts_turn (const KzPosition *pos)
{
  return !pos->over && !pos->marked;
}

static size_t
count_occurrences (const KzMatch *match, const KzPosition *pos)
{
  size_t count = 0;
  for (size_t i = 0; i < match->n_history; i++)
    {
      const KzPosition *p = &match->history[i].before;
      if (starts_turn (p) && kz_position_same_for_repetition (p, pos))
        count++;
    }
  return count;
}

bool
kz_match_play (KzMatch *match, KzAction action, KzEventLog *log)
{
  const KzVariant *v = kz_position_variant (&match->pos);

  if (v == NULL || !kz_position_is_legal (&match->pos, action))
    return false;

  if (match->n_history == match->cap_history)
    match->history = kz_grow (match->history, &match->cap_history, 64, sizeof *match->history);
  match->history[match->n_history].before = match->pos;
  match->history[match->n_history].action = action;
  match->n_history++;

  v->apply (&match->pos, action, log);

  /* The current position is the third occurrence when two earlier
   * turn starts were the same. */
  if (v->has_repetition && starts_turn (&match->pos) &&
      count_occurrences (match, &match->pos) >= 2)
    {
      kz_position_adjudicate (&match->pos, KZ_END_REPETITION);
      if (log != NULL)
        kz_event_log_push_end (log, match->pos.winner, KZ_END_REPETITION);
    }
  return true;
}

bool
kz_match_undo (KzMatch *match)
{
  if (match->n_history == 0)
    return false;
  match->n_history--;
  match->pos = match->history[match->n_history].before;
  return true;
}

size_t
kz_match_occurrences (const KzMatch *match)
{
  if (!starts_turn (&match->pos))
    return 0;
  return count_occurrences (match, &match->pos) + 1;
}

bool
kz_match_would_repeat (const KzMatch *match, KzAction action)
{
  const KzVariant *v = kz_position_variant (&match->pos);
  KzPosition next = match->pos;
  size_t count;

  if (v == NULL || !v->has_repetition || KZ_ACTION_IS_MARK (action)
      || !kz_position_is_legal (&match->pos, action))
    return false;
  v->apply (&next, action, NULL);
  if (!starts_turn (&next))
    return false;
  /* Played, the position now would join the history. */
  count = count_occurrences (match, &next);
  if (starts_turn (&match->pos) && kz_position_same_for_repetition (&match->pos, &next))
    count++;
  return count >= 2;
}

bool
kz_match_init_at (KzMatch *match,
                  const KzPosition *start,
                  char *error,
                  size_t error_len)
{
  KzPosition pos = *start;

  if (!kz_position_check (start, error, error_len))
    return false;
  /* Checked: the game goes on here. */
  pos.over = 0;
  pos.winner = -1;
  pos.end = KZ_END_NONE;
  memset (match, 0, sizeof *match);
  match->pos = pos;
  match->start = pos;
  return true;
}

bool
kz_match_is_set_up (const KzMatch *match)
{
  const KzVariant *v = kz_position_variant (&match->start);
  KzOptions options = { .seeds = match->start.seeds };
  KzPosition usual;

  if (v == NULL)
    return false;
  if (v->pasu_choices[0] != 0)
    options.pasu = match->start.option;
  if (!v->setup (&usual, &options, NULL, 0))
    return true;
  return !kz_position_equal (&usual, &match->start);
}
