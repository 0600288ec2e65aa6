/* kuzhi-match-history.c — a match's line of play as numbered turns, for the move-history panel (no widgets). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-match-history.h"

#include <glib/gi18n-lib.h>

static void
clear_turn (gpointer data)
{
  KuzhiHistoryTurn *turn = data;

  g_clear_pointer (&turn->notation, g_free);
}

/* The engine's events for one action, to find the triples and lucky banks
 * the history marks. The position after it comes from the match itself. */
static void
count_events (const KzPosition *before,
              KzAction          action,
              KuzhiHistoryTurn *turn)
{
  const KzVariant *variant = kz_position_variant (before);
  KzPosition pos = *before;
  KzEventLog log;

  kz_event_log_init (&log);
  variant->apply (&pos, action, &log);
  for (size_t i = 0; i < log.len; i++)
    {
      switch (log.events[i].type)
        {
        case KZ_EVENT_TRIPLE:
          turn->triples++;
          break;
        case KZ_EVENT_LUCKY:
          turn->lucky_banks++;
          turn->lucky_shells += log.events[i].count;
          break;
        case KZ_EVENT_ROUND_END:
          turn->ends_round = TRUE;
          break;
        default:
          break;
        }
    }
  kz_event_log_free (&log);
}

GArray *
kuzhi_match_history_new (const KzMatch *match)
{
  GArray *turns = g_array_new (FALSE, TRUE, sizeof (KuzhiHistoryTurn));
  size_t i = 0;

  g_array_set_clear_func (turns, clear_turn);
  g_return_val_if_fail (match != NULL, turns);

  while (i < match->n_history)
    {
      KuzhiHistoryTurn turn = { 0 };
      GString *notation = g_string_new (NULL);
      size_t last;

      turn.number = turns->len + 1;
      turn.first_action = i;
      turn.player = match->history[i].before.to_move;
      turn.round = match->history[i].before.round;
      /* A mark never ends a turn: it goes with the playing action after it. */
      turn.n_actions = (KZ_ACTION_IS_MARK (match->history[i].action) && i + 1 < match->n_history
                        && !KZ_ACTION_IS_MARK (match->history[i + 1].action)) ? 2 : 1;
      last = i + turn.n_actions - 1;

      for (size_t a = i; a <= last; a++)
        {
          char buf[8];

          if (a > i)
            g_string_append_c (notation, ' ');
          g_string_append (notation, kz_action_to_string (match->history[a].action, buf));
          turn.actions[a - i] = match->history[a].action;
          count_events (&match->history[a].before, match->history[a].action, &turn);
        }
      turn.notation = g_string_free (notation, FALSE);
      turn.after = last + 1 < match->n_history ? match->history[last + 1].before : match->pos;
      turn.ends_match = turn.after.over;
      if (turn.ends_match)
        turn.ends_round = FALSE;
      g_array_append_val (turns, turn);
      i = last + 1;
    }
  return turns;
}

char *
kuzhi_history_turn_describe_marks (const KuzhiHistoryTurn *turn)
{
  GString *text = g_string_new (NULL);

  if (turn->triples > 0)
    /* Translators: in the move history, how many triples a turn made, e.g. "×2 triples". */
    g_string_append_printf (text, ngettext ("×%d triple", "×%d triples", turn->triples), turn->triples);
  if (turn->lucky_banks > 0)
    {
      if (text->len > 0)
        g_string_append (text, " · ");
      /* Translators: in the move history, the shells a lucky cup banked, e.g. "lucky bank +4". */
      g_string_append_printf (text, ngettext ("lucky bank +%d", "lucky banks +%d", turn->lucky_banks),
                              turn->lucky_shells);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}
