/* kuzhi-match-history.h — a match's line of play as numbered turns, for the move-history panel (no widgets). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

/* One turn: a playing action with the mark before it, grouped exactly as
 * kuzhi_game_model_undo() takes turns back, so that undoing
 * (n_turns - number) times leaves the position after this turn. A mark
 * alone at the end (the turn is not finished) is a turn of its own. */
typedef struct {
  guint       number;        /* from 1 */
  int         player;        /* 0 or 1: who played it */
  int         round;         /* the round it was played in */
  guint       first_action;  /* index in the match's history */
  guint       n_actions;     /* 1, or 2 for a mark and a sowing */
  char       *notation;      /* the actions in the protocol's notation: "m3 7" */
  KzAction    actions[2];    /* the same actions */
  int         triples;       /* triples made during the turn */
  int         lucky_banks;   /* lucky-cup bankings during the turn */
  int         lucky_shells;  /* shells those bankings moved */
  gboolean    ends_round;    /* a round (not the match) ended with it */
  gboolean    ends_match;
  KzPosition  after;         /* the position after the turn */
} KuzhiHistoryTurn;

/* The turns of `match`'s line of play, in order (element-type
 * KuzhiHistoryTurn; the array frees the notations). */
GArray *kuzhi_match_history_new (const KzMatch *match);

/* What happened beside the sowing, or NULL: "×2 triples · lucky bank +4". */
char   *kuzhi_history_turn_describe_marks (const KuzhiHistoryTurn *turn);

G_END_DECLS
