/* kuzhi-game-text.h — what the window says about each game: names, descriptions, header and caption texts, refusals and news. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-engine.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

const char *kuzhi_game_title          (KzVariantId id);
/* One line for the New Match dialog. */
const char *kuzhi_game_description    (KzVariantId id);
/* The Rules page's paragraph `index` about the game, or NULL past the
 * last (the Constitution's page is its own). */
const char *kuzhi_game_rules_paragraph (KzVariantId id,
                                        int         index);
/* New Match's option of the seeds per pit, where the game has a choice:
 * the row's title and subtitle, and how choice `index` of the engine's
 * seeds_choices reads (newly allocated; NULL past the last). */
const char *kuzhi_game_seeds_title    (KzVariantId id);
const char *kuzhi_game_seeds_subtitle (KzVariantId id);
char       *kuzhi_game_seeds_label    (KzVariantId id,
                                       int         index);
/* An action as the board shows it, in the game's word for a pit and with
 * the number the board gives it (1 … along its owner's row): "cup 3",
 * "pit 2", "house 6", "lucky cup 4", "the refill shell". */
char       *kuzhi_game_action_name    (const KzPosition *pos,
                                       KzAction          action);
/* Draws a small picture of the game's board into width × height. */
void        kuzhi_game_draw_picture   (cairo_t    *cr,
                                       KzVariantId id,
                                       double      width,
                                       double      height);
/* A small picture widget of the game's board. */
GtkWidget  *kuzhi_game_picture_new    (KzVariantId id);

/* A computer level as people read it: "Easy", "Normal", "Hard" ("" for
 * none). */
const char *kuzhi_game_level_title   (KzLevel     level);
/* A player's name where it stands for their side: the name of a person,
 * "Arul — computer, Hard" for the computer (newly allocated). */
char       *kuzhi_game_player_label  (const char *name,
                                      KzLevel     level);

/* Header pieces for the games other than the Constitution:
 * "Round 2 · Meena to move" and "Meena 3/25 · Arul 5/25" ("Meena 3 ·
 * Arul 45" once the match is over: the final counts, no target). */
char       *kuzhi_game_header_first   (const KzPosition *pos,
                                       const char       *name0,
                                       const char       *name1);
char       *kuzhi_game_header_scores  (const KzPosition *pos,
                                       const char       *name0,
                                       const char       *name1);
/* A store caption in markup, the name escaped. */
char       *kuzhi_game_caption        (const KzPosition *pos,
                                       int               player,
                                       const char       *name);
/* Why a pit may not be sown now, or NULL if it may. */
char       *kuzhi_game_explain_refusal (const KzPosition *pos,
                                        int               pit,
                                        const char       *name0,
                                        const char       *name1);
/* Oware's must-feed, said in the hint line before the player tries; or NULL. */
char       *kuzhi_game_hint_prefix    (const KzPosition *pos,
                                       const char       *name0,
                                       const char       *name1);
/* The Constitution: why the player to move may not mark a lucky cup or
 * sow the refill shell now, and when they may; NULL when they may (or the
 * game has no such thing). For tooltips and the hint line. */
char       *kuzhi_game_mark_refusal   (const KzPosition *pos);
char       *kuzhi_game_refill_refusal (const KzPosition *pos);
/* What sowing `pit` would do, for screen readers and the preview, in one
 * sentence: "The last shell falls in Ben's cup 4; it goes on from cup 6,
 * Ben's cup 5 and cup 4; Ana takes 1 triple; the round ends." Relay cups
 * are named in order from the mover's side, as a line of play names them;
 * "" when there is nothing to say. */
char       *kuzhi_game_preview_text   (const KzPosition *pos,
                                       const KzPreview  *preview,
                                       const char       *name0,
                                       const char       *name1);
/* The shells, seeds, stones or beans on their way round the board, in
 * the game's own word: "1 seed in hand" (header). */
char       *kuzhi_game_hand_text      (const KzPosition *pos,
                                       int               hand);
/* What the player to move does, in the game's word for a pit and for
 * the mouse and the keyboard alike: "Sow a highlighted house: click it,
 * or reach it with the arrow keys and press Enter." */
char       *kuzhi_game_sow_prompt     (const KzPosition *pos);
/* The same over a variation of Review Match. */
char       *kuzhi_game_variation_prompt (const KzPosition *pos);
/* Where the player to move stands now, by the numbers of the header
 * (accounts in the Constitution, stores elsewhere): "you are 5 behind",
 * "you are 3 ahead", "you are level". */
char       *kuzhi_game_standing_text  (const KzPosition *pos);
/* A value of the search (kz_score_to_seeds()) in words: the final margin
 * of the match with best play from both, from the mover's side (docs/ui.md,
 * "One value"): "wins by 4", "loses by 15", "ends in a draw" when proven,
 * else the estimate "ends about 15 behind", "ends about 3 ahead", "ends
 * about level". */
char       *kuzhi_game_outcome_text   (int      seeds,
                                       gboolean exact);
/* The hint line: "Best: house 2 — you are 5 behind; best play ends about
 * 15 behind" (`what` names the move). */
char       *kuzhi_game_hint_text      (const KzPosition *pos,
                                       const char       *what,
                                       int               seeds,
                                       gboolean          exact);
/* A move's value for its cup: "+3", "−2", "0", or once proven "wins by
 * 4", "loses by 2", "draw". */
char       *kuzhi_game_value_text     (const KzMoveValue *value);
/* A line of play in the game's words, from the mover's side: "cup 3, then
 * Arul's cup 5, then cup 1" (at most `max` actions). */
char       *kuzhi_game_line_text      (const KzPosition *pos,
                                       const KzAction   *line,
                                       int               n,
                                       int               max,
                                       const char       *name0,
                                       const char       *name1);
/* The toast at a round's end of a game other than the Constitution. */
char       *kuzhi_game_round_news     (const KzPosition *after,
                                       int               round,
                                       int               winner,
                                       const char       *name0,
                                       const char       *name1);

G_END_DECLS
