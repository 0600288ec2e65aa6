/* kuzhi-game-model.h — the GObject over a match: applies actions through the engine and re-emits its events as signals. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kuzhi-engine.h"
#include "kuzhi-ogn.h"
#include "kuzhi-search.h"
#include "kuzhi-engine-enums.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_GAME_MODEL (kuzhi_game_model_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiGameModel, kuzhi_game_model, KUZHI, GAME_MODEL, GObject)

#define KUZHI_GAME_MODEL_ERROR (kuzhi_game_model_error_quark ())
typedef enum {
  KUZHI_GAME_MODEL_ERROR_ILLEGAL,   /* the action is not legal now */
  KUZHI_GAME_MODEL_ERROR_OPTIONS,   /* the variant or its options are refused */
} KuzhiGameModelError;
GQuark kuzhi_game_model_error_quark (void);

/*
 * Signals, in the order one action emits them (all run synchronously inside
 * kuzhi_game_model_play(); the model's position is already the new one,
 * the position before the action is passed to "action-started"):
 *
 *   action-started (KzAction action, gpointer const KzPosition *before)
 *   for each engine event, in order:
 *     lifted        (int pit, int count)
 *     sown          (int pit)                   a drop
 *     relayed       (int pit, int count)
 *     stored        (int player)                a drop into a store
 *     triple        (int pit, int receiver)
 *     lucky-banked  (int pit, int owner, int count)
 *     lucky-marked  (int pit, int player)
 *     captured      (int pit, int player, int count)
 *     special       (int detail, int pit, int player, int count): right after
 *                   an event the rules single out (KzEventDetail: a pasu, a
 *                   grand slam, a move that had to feed, seeds gathered at
 *                   the end)
 *     extra-turn    (int player)
 *     round-ended   (int round, int winner)
 *     round-started (int round, int opener)
 *     match-ended   (int winner /-1 draw/, int reason /KzEndReason/)
 *   turn-changed  (int player)                  when the player to move changed
 *   action-finished (KzAction action)
 *
 * "position-reset" () is emitted when the position changes without an
 * action to animate: a new match, undo, redo, load.
 * Property notifications follow the signals above.
 */

KuzhiGameModel   *kuzhi_game_model_new            (void);

gboolean          kuzhi_game_model_new_match      (KuzhiGameModel  *self,
                                                   KzVariantId      variant,
                                                   const KzOptions *options,
                                                   GError         **error);
/* Starts `match` (a pasted position or record, a position set up in the
 * editor) as New Match starts one:
 * dated now, with a new identity, in no file; `names` (nullable, each
 * nullable) replace the players' names where given. Emits position-reset. */
void              kuzhi_game_model_start_match    (KuzhiGameModel    *self,
                                                   const KzMatch     *match,
                                                   const char *const  names[2]);
/* Replaces the match (e.g. one loaded from a file); emits position-reset. */
void              kuzhi_game_model_set_match      (KuzhiGameModel  *self,
                                                   const KzMatch   *match);

const KzMatch    *kuzhi_game_model_get_match      (KuzhiGameModel  *self);
const KzPosition *kuzhi_game_model_get_position   (KuzhiGameModel  *self);
KzVariantId       kuzhi_game_model_get_variant    (KuzhiGameModel  *self);

/* Legal actions now, in the engine's stable order; returns the count. */
int               kuzhi_game_model_get_legal      (KuzhiGameModel  *self,
                                                   KzAction        *out /* KZ_MAX_ACTIONS */);
gboolean          kuzhi_game_model_is_legal       (KuzhiGameModel  *self,
                                                   KzAction         action);
gboolean          kuzhi_game_model_play           (KuzhiGameModel  *self,
                                                   KzAction         action,
                                                   GError         **error);

/* Undo and redo whole turns: a playing action with the mark before it. */
gboolean          kuzhi_game_model_can_undo       (KuzhiGameModel  *self);
gboolean          kuzhi_game_model_can_redo       (KuzhiGameModel  *self);
gboolean          kuzhi_game_model_undo           (KuzhiGameModel  *self);
gboolean          kuzhi_game_model_redo           (KuzhiGameModel  *self);

/* The last move of the line played (a sowing or the refill shell, a mark
 * made before it being part of its turn), who made it and, worked out by the engine,
 * what it did (where its last seed fell, whether it ended a round). FALSE
 * (and KZ_ACTION_NONE) before the first move. Undo makes the move before
 * the last; a loaded match has its own. */
gboolean          kuzhi_game_model_get_last_move  (KuzhiGameModel  *self,
                                                   KzAction        *action,
                                                   int             *player,
                                                   KzPreview       *preview);
const char       *kuzhi_game_model_get_player_name (KuzhiGameModel *self,
                                                    int             player);
void              kuzhi_game_model_set_player_name (KuzhiGameModel *self,
                                                    int             player,
                                                    const char     *name);
/* Who plays a side: KZ_LEVEL_NONE for a person (the default), or the
 * computer at KZ_LEVEL_EASY, _NORMAL or _HARD. Kept with the names, saved
 * and loaded with them (Player1Plays, Player2Plays); a new match keeps
 * them, as it keeps the names. The model only records it: the window's
 * computer player reads it and plays. */
KzLevel           kuzhi_game_model_get_player_level (KuzhiGameModel *self,
                                                     int             player);
void              kuzhi_game_model_set_player_level (KuzhiGameModel *self,
                                                     int             player,
                                                     KzLevel         level);

/* What the header shows. Accounts, reserve, refill-left and lucky cups are
 * the Constitution's; for other games account is the store. */
int               kuzhi_game_model_get_round       (KuzhiGameModel *self);
int               kuzhi_game_model_get_to_move     (KuzhiGameModel *self);
gboolean          kuzhi_game_model_get_over        (KuzhiGameModel *self);
int               kuzhi_game_model_get_winner      (KuzhiGameModel *self);
int               kuzhi_game_model_get_account     (KuzhiGameModel *self, int player);
int               kuzhi_game_model_get_reserve     (KuzhiGameModel *self, int player);
int               kuzhi_game_model_get_refill_left (KuzhiGameModel *self, int player);
int               kuzhi_game_model_get_lucky       (KuzhiGameModel *self, int player);

/* What will end the match, for a warning before it does. The player who
 * plays on alone in the Constitution (the other's row is empty at the
 * turn's start: kz_constitution_alone), or -1; how often the position now
 * has come up at a turn's start, this time included (kz_match_occurrences);
 * whether playing `action` now ends the match by the repetition rule
 * (kz_match_would_repeat). */
int               kuzhi_game_model_get_alone_player (KuzhiGameModel *self);
guint             kuzhi_game_model_get_occurrences  (KuzhiGameModel *self);
gboolean          kuzhi_game_model_would_repeat     (KuzhiGameModel *self,
                                                     KzAction        action);

/* Saving and loading (kuzhi-match-file.h, docs/match-file.md). Loading
 * replaces the match, the names and who plays each side, and emits
 * position-reset; on failure the model stays exactly as it was. */
gboolean          kuzhi_game_model_save            (KuzhiGameModel *self,
                                                    const char     *path,
                                                    GError        **error);
gboolean          kuzhi_game_model_load            (KuzhiGameModel *self,
                                                    const char     *path,
                                                    GError        **error);
/* Aualé's records (kuzhi-ogn.h, docs/match-file.md "Aualé's OGN"). Loading
 * replaces the match and the names as loading a match file does, with two
 * people playing, a new date and identity, and no file of its own (the
 * autosave names none: it could not tell the record again); `record_out`
 * (nullable) receives the record's tags and comments. Saving writes the
 * match as OGN (Oware only) with the names and `extra`'s tags and comments,
 * and leaves the match in no match file either. */
gboolean          kuzhi_game_model_load_ogn        (KuzhiGameModel  *self,
                                                    const char      *path,
                                                    KuzhiOgnRecord **record_out,
                                                    GError         **error);
gboolean          kuzhi_game_model_save_ogn        (KuzhiGameModel        *self,
                                                    const char            *path,
                                                    const KuzhiOgnRecord  *extra,
                                                    GError               **error);
/* The match as a record with the players' names (docs/notation.md), as
 * Copy Record and About's debugging information give it. */
char             *kuzhi_game_model_to_record       (KuzhiGameModel        *self);
/* The autosave in the user data folder: write it after every action; restore
 * it at start-up (G_IO_ERROR_NOT_FOUND when there is none). */
gboolean          kuzhi_game_model_autosave        (KuzhiGameModel *self,
                                                    GError        **error);
gboolean          kuzhi_game_model_restore_autosave (KuzhiGameModel *self,
                                                     GError        **error);
/* The match's own file, an absolute path (NULL for none), and the SHA-256
 * of what it held when the match was last saved to it or opened from it
 * (kuzhi_match_file_check_link()). Set by save, load and restoring the
 * autosave, which writes them; the window forgets them when the match is
 * no longer the file's (a new match, a file changed by another program). */
const char       *kuzhi_game_model_get_file        (KuzhiGameModel *self);
const char       *kuzhi_game_model_get_file_sha256 (KuzhiGameModel *self);
void              kuzhi_game_model_forget_file     (KuzhiGameModel *self);
/* Whether the match's own file now holds something other than what the
 * match last read from it or wrote to it: another program, or another
 * Kuzhi, saved over it. FALSE when there is no file or it is gone (a save
 * writes it again); TRUE when it cannot be read to tell. */
gboolean          kuzhi_game_model_file_changed    (KuzhiGameModel *self);
/* When the match was started (kept across save and load). */
GDateTime        *kuzhi_game_model_get_created     (KuzhiGameModel *self);
/* The match's identity, a UUID: new with every new match (and with
 * set_match()), kept across save and load (the match file's Id), so that
 * the statistics count a match once however often it ends. */
const char       *kuzhi_game_model_get_match_id    (KuzhiGameModel *self);
/* What the game counts for `player` when the match stops (the account in
 * the Constitution, the store, in Pallanguzhi with the row): the winner's
 * margin is the difference (KzVariant.score). */
int               kuzhi_game_model_get_score       (KuzhiGameModel *self,
                                                    int             player);

/*
 * Properties (read-only unless said, all notify):
 *   "variant" KzVariantId (KZ_TYPE_VARIANT_ID), "round" int, "to-move" int, "over" gboolean,
 *   "winner" int, "can-undo" gboolean, "can-redo" gboolean,
 *   "player1-name" / "player2-name" string (read-write),
 *   "player1-level" / "player2-level" KzLevel (KZ_TYPE_LEVEL, read-write),
 *   "account1"/"account2", "reserve1"/"reserve2",
 *   "refill-left1"/"refill-left2", "lucky1"/"lucky2" int,
 *   "n-actions" uint (actions played in the current line)
 */

G_END_DECLS
