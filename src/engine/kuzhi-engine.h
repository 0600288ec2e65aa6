/* kuzhi-engine.h — the rules engine's public API: positions, actions, events and game variants.
 *
 * Plain C11 with no GLib or GTK types, so that the engine can be linked by the
 * app, the command-line tool, the tests and the benchmarks alike.
 */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_MAX_PITS    14
#define KZ_DROP_LIMIT  10000   /* safety limit on drops in one turn */
#define KZ_MAX_ACTIONS 32      /* 14 sows + refill shell + 14 marks fit */
#define KZ_OWARE_PLY_LIMIT 400 /* Oware ends after this many plies (the endgame database counts on it) */
#define KZ_BOHNENSPIEL_QUIET_LIMIT 100 /* Bohnenspiel ends after this many plies in a row without a capture (so does its database) */

/* The comments with "<" and ">" are for glib-mkenums, which makes the
 * model's GType of this enum (KZ_TYPE_VARIANT_ID; nicks "constitution", …). */
typedef enum /*< prefix=KZ_VARIANT >*/ {
  KZ_VARIANT_CONSTITUTION,
  KZ_VARIANT_KALAH,
  KZ_VARIANT_OWARE,
  KZ_VARIANT_MANGALA,
  KZ_VARIANT_DAKON,
  KZ_VARIANT_PALLANGUZHI,
  KZ_VARIANT_BOHNENSPIEL,
  KZ_N_VARIANTS /*< skip >*/
} KzVariantId;

/* An action: a pit index (0 … n_pits-1) sown, the Constitution's refill
 * shell, or the Constitution's "mark cup C as lucky cup". */
typedef int16_t KzAction;
#define KZ_ACTION_NONE        ((KzAction) -1)
#define KZ_ACTION_REFILL      ((KzAction) 14)
#define KZ_ACTION_MARK_BASE   32
#define KZ_ACTION_MARK(c)     ((KzAction) (KZ_ACTION_MARK_BASE + (c)))
#define KZ_ACTION_IS_MARK(a)  ((a) >= KZ_ACTION_MARK_BASE && (a) < KZ_ACTION_MARK_BASE + KZ_MAX_PITS)
#define KZ_ACTION_MARK_CUP(a) ((int) (a) - KZ_ACTION_MARK_BASE)
#define KZ_ACTION_IS_PIT(a)   ((a) >= 0 && (a) < KZ_MAX_PITS)

typedef enum {
  KZ_END_NONE,
  KZ_END_BOARD_EMPTY,    /* "board_empty": Constitution, nothing left to distribute */
  KZ_END_REPETITION,     /* "repetition": third occurrence of a position */
  KZ_END_SIDE_EMPTY,     /* "side_empty": a row is empty (Kalah, Mangala, Dakon) */
  KZ_END_LIMIT,          /* "limit": ply limit (Oware's 400) */
  KZ_END_NO_FEED,        /* "no_feed": Oware, the opponent cannot be fed */
  KZ_END_MAJORITY,       /* "majority": Oware, more than half captured */
  KZ_END_NO_CAPTURE,     /* "no_capture": Dakon, 100 plies with no capture */
  KZ_END_CANNOT_FILL,    /* "cannot_fill": Pallanguzhi, a player cannot fill a cup */
  KZ_N_END_REASONS
} KzEndReason;

/* A position: a small value type, copied by assignment (38 bytes). The
 * history needed for the repetition rule lives in KzMatch, beside it. */
typedef struct {
  uint8_t  pits[KZ_MAX_PITS];
  uint8_t  stores[2];       /* drawer / store / captured, per player */
  uint8_t  refill_left[2];  /* Constitution: shells waiting off the board */
  int8_t   lucky[2];        /* Constitution: lucky cup per player, or -1 */
  uint8_t  variant;         /* KzVariantId */
  uint8_t  n_pits;          /* 12 or 14 */
  uint8_t  seeds;           /* start count per pit (the layout's key) */
  uint8_t  option;          /* variant option, e.g. Pallanguzhi's pasu */
  uint8_t  to_move;         /* 0 or 1 */
  uint8_t  opener;          /* who opened the current round */
  uint8_t  over;            /* the match is over */
  int8_t   winner;          /* when over: 0, 1, or -1 for a draw */
  uint8_t  end;             /* KzEndReason */
  uint8_t  marked;          /* Constitution: a mark was made this turn */
  uint16_t round;           /* from 1, for games played in rounds */
  uint16_t plies;           /* playing actions so far (marks excluded) */
  uint16_t quiet_plies;     /* plies since the last capture (Dakon) */
  uint16_t rubbish;         /* bit per pit out of play (Pallanguzhi) */
} KzPosition;

typedef enum {
  KZ_EVENT_LIFT,        /* pit, count */
  KZ_EVENT_DROP,        /* pit */
  KZ_EVENT_RELAY,       /* pit, count */
  KZ_EVENT_TRIPLE,      /* pit, player (receiver), count = 3 */
  KZ_EVENT_LUCKY,       /* pit, player (owner), count */
  KZ_EVENT_CAPTURE,     /* pit, player, count */
  KZ_EVENT_STORE,       /* player: a seed dropped into that player's store */
  KZ_EVENT_EXTRA_TURN,  /* player */
  KZ_EVENT_MARK,        /* pit, player */
  KZ_EVENT_ROUND_END,   /* round, player (winner) */
  KZ_EVENT_ROUND_START, /* round, player (opener) */
  KZ_EVENT_MATCH_END,   /* player (winner, -1 draw), reason */
  KZ_N_EVENT_TYPES
} KzEventType;

/* What made an event special, as the game's rules name it, so that no
 * reader of the events works a rule out again. Not part of the protocol. */
typedef enum {
  KZ_DETAIL_NONE,
  KZ_DETAIL_PASU,        /* on a capture: Pallanguzhi's pasu, taken as the count was reached */
  KZ_DETAIL_GRAND_SLAM,  /* on the last drop: Oware's capture of a whole row, which takes nothing */
  KZ_DETAIL_MUST_FEED,   /* on the lift: Oware's mover had to feed an empty row */
  KZ_DETAIL_GATHER,      /* on a capture: seeds gathered to a store as a round or the match
                          * ends (the end sweep), which no sowing took */
} KzEventDetail;

typedef struct {
  uint8_t  type;    /* KzEventType */
  int8_t   pit;     /* -1 where the event has none */
  int8_t   player;  /* -1 where the event has none, or a draw */
  uint8_t  reason;  /* KzEndReason, for match_end */
  uint16_t count;
  uint16_t round;
  uint8_t  detail;  /* KzEventDetail */
} KzEvent;

/* A growable list of events; applying an action appends to it. */
typedef struct {
  KzEvent *events;
  size_t   len;
  size_t   cap;
} KzEventLog;

void kz_event_log_init  (KzEventLog *log);
void kz_event_log_clear (KzEventLog *log);
void kz_event_log_free  (KzEventLog *log);
void kz_event_log_push  (KzEventLog *log, KzEventType type, int pit, int player, int count);
/* Round events carry a round number; match_end a reason. */
void kz_event_log_push_round (KzEventLog *log, KzEventType type, int round, int player);
void kz_event_log_push_end   (KzEventLog *log, int winner, KzEndReason reason);
/* Marks the last event pushed (nothing when the log is empty). */
void kz_event_log_set_detail (KzEventLog *log, KzEventDetail detail);

/* Writes an event log as one line, one token per event with a space
 * between tokens, so that tests and people can state a turn's events by
 * hand. In the tokens p is a pit, n a count, w a player (0 or 1; -1 for a
 * draw, or a round nobody won) and r a round:
 *   Lpxn    lift: n seeds taken from pit p
 *   Dp      drop: one seed sown into pit p
 *   Rpxn    relay: n seeds taken from pit p to sow on
 *   Tp>w    triple in pit p, taken by w
 *   Kp>wxn  w's lucky cup p banked: its n seeds to w
 *   Cp>wxn  capture of n seeds from pit p by w
 *   S>w     one seed sown into w's store
 *   X>w     extra turn for w
 *   Mp>w    pit p marked as w's lucky cup
 *   Er>w    round r ended, won by w
 *   Br>w    round r started, opened by w
 *   Ww:why  match end, won by w, why as kz_end_reason_to_string names it
 *   ?       an event of an unknown type
 * For example "L2x4 D3 D4 D5 S>0 X>0" or "L11x1 D0 C0>0x1 C1>0x1 W-1:no_feed".
 * The details (KzEventDetail) are not written. Returns a malloc'd string
 * ("" for an empty log) that the caller frees with free(); aborts when
 * memory runs out, as the log itself does. Not the protocol's notation:
 * kuzhi-engine writes events as JSON. */
char *kz_event_log_to_string (const KzEventLog *log);

/* Options of `new VARIANT key=value …`; 0 means "the variant's default". */
typedef struct {
  int seeds;
  int pasu;
} KzOptions;

/* How a game calls its pits, for the texts people read. */
typedef enum {
  KZ_PIT_WORD_CUP,     /* the Constitution, Pallanguzhi */
  KZ_PIT_WORD_PIT,     /* Kalah, Mangala, Dakon, Bohnenspiel */
  KZ_PIT_WORD_HOUSE,   /* Oware */
} KzPitWord;

#define KZ_MAX_CHOICES    8   /* option values a game lists, 0-terminated */

/* Evaluation weights of one game; what each one weighs is the game's own
 * (eval_weight_names), so that the benchmark can tune them by matches. */
#define KZ_EVAL_N_WEIGHTS 8
typedef struct {
  int w[KZ_EVAL_N_WEIGHTS];
} KzEvalWeights;

/* One game: every fact about it that the rest of the program needs, and a
 * small table of functions. Every function takes a position that the same
 * variant set up; apply() takes an action from legal(). A new game is one
 * file that fills this in, and one line in kuzhi-position.c's table. */
typedef struct {
  const char *key;           /* protocol name, e.g. "constitution" */
  uint8_t     n_pits;        /* 12 or 14 */
  bool        has_stores;    /* stores take part in the sowing (Kalah, Mangala, Dakon) */
  bool        has_repetition;/* the threefold repetition rule applies */
  bool        has_rounds;    /* played in rounds (the Constitution, Pallanguzhi) */
  /* What a store holds is never spent, so the final margin has bounds;
   * false where stores go back on the board (Pallanguzhi's rounds). */
  bool        banks_for_good;
  KzPitWord   pit_word;
  /* The options of `new VARIANT`, as setup() accepts them: the seeds per
   * pit and Pallanguzhi's pasu (none: pasu_choices[0] == 0). setup()
   * refuses combinations the game does not allow. */
  uint8_t     seeds_choices[KZ_MAX_CHOICES];
  uint8_t     seeds_default;
  uint8_t     pasu_choices[KZ_MAX_CHOICES];
  /* A store count that wins outright (Oware's 25), or 0. */
  uint8_t     win_target;
  /* The game's own board has a store at each end, as New Match's small
   * picture draws it; false where the captures are kept beside the board
   * (Oware, Pallanguzhi). Kuzhi's board view has drawers in every game. */
  bool        stores_at_ends;

  bool        (*setup)    (KzPosition *pos, const KzOptions *options, char *error, size_t error_len);
  int         (*legal)    (const KzPosition *pos, KzAction *out);   /* out: KZ_MAX_ACTIONS slots */
  void        (*apply)    (KzPosition *pos, KzAction action, KzEventLog *log /* nullable */);
  int         (*score)    (const KzPosition *pos, int player);    /* what adjudicates a stopped match */
  /* What a player has to their name as the header counts it, where that
   * is more than the store (the Constitution's account); NULL: the store.
   * Read it through kz_position_account(). */
  int         (*account)  (const KzPosition *pos, int player);
  /* Whether the mover must feed the other player's empty row (Oware);
   * NULL in games without such a rule. */
  bool        (*must_feed) (const KzPosition *pos);
  /* Who opened the position's round by the rules alone, or -1 where the
   * position says (KZ_FIELD_OPENER); NULL: Player 1 always. Read it
   * through kz_position_rule_opener(). */
  int         (*rule_opener) (const KzPosition *pos);

  /* The computer opponent (kuzhi-search.c). eval() weighs a position for
   * the player to move in hundredths of a seed, from the weights (tuned
   * by tests/bench-search.c, each named for what it weighs). key_extra()
   * returns what besides pits, stores and the mover tells positions apart
   * for the search (a ply count under a ply rule, lucky cups…), or NULL. */
  int         (*eval)      (const KzPosition *pos, const int *weights);
  KzEvalWeights eval_weights;
  const char *eval_weight_names[KZ_EVAL_N_WEIGHTS];
  uint64_t    (*key_extra) (const KzPosition *pos);
  /* Turns the levels look ahead where they differ from the level's own
   * (indexed by KzLevel: none, easy, normal, hard; 0: the level's own),
   * and how often (percent) Easy strays from its best move. */
  uint8_t     level_depths[4];
  uint8_t     easy_stray;
  /* The least turns left at which a search node reads and writes the
   * table (0: every depth); see kuzhi-search.c. */
  uint8_t     table_min_depth;
  /* The match review: seeds a turn may give away against the best before
   * it is a mistake, or a blunder (each game's swings differ), and the
   * time the review's search spends on each position. */
  uint8_t     review_mistake;
  uint8_t     review_blunder;
  uint16_t    review_time_ms;

  /* Set-up positions (kz_position_check): the game's name and what its
   * seeds are called in the reasons given ("the Constitution", "shells"),
   * and the game's own checks, made after the shared ones (counts, total,
   * fields of other games): its own fields in range, and a position where
   * the game goes on. On false, `reason` gets one sentence. */
  const char *name;
  const char *seed_word;
  bool        (*check)     (const KzPosition *pos, char *reason, size_t reason_len);
} KzVariant;

const KzVariant *kz_variant_get    (KzVariantId id);   /* NULL while not built */

/* The fields of a position that only some games use. A game's own are the
 * ones the notation and the protocol's `position` read and write; a set-up
 * position leaves the others as at a start (kz_position_check()). */
typedef enum {
  KZ_FIELD_COMMON,   /* pits, stores, to_move, seeds, plies: every game's */
  KZ_FIELD_PASU,     /* option: the pasu (Pallanguzhi) */
  KZ_FIELD_ROUND,    /* round: games played in rounds */
  KZ_FIELD_OPENER,   /* opener, as set up (the Constitution) */
  KZ_FIELD_REFILL,   /* refill_left (the Constitution) */
  KZ_FIELD_LUCKY,    /* lucky (the Constitution) */
  KZ_FIELD_RUBBISH,  /* rubbish (Pallanguzhi) */
  KZ_FIELD_QUIET,    /* quiet_plies: a limit on plies without a capture (Dakon, Bohnenspiel) */
} KzField;

bool             kz_variant_has_field (KzVariantId id, KzField field);
const KzVariant *kz_variant_lookup (const char *key);  /* NULL if unknown */
const char      *kz_end_reason_to_string (KzEndReason reason);
const char      *kz_event_type_to_string (KzEventType type);

/* Variant-independent helpers. */
static inline const KzVariant *kz_position_variant (const KzPosition *pos) { return kz_variant_get ((KzVariantId) pos->variant); }
int  kz_position_total       (const KzPosition *pos);   /* all pits + stores + refill-left */
int  kz_position_row_sum     (const KzPosition *pos, int player);
/* A player's count as the header and the match's end show it: the
 * game's account() where it has one, else the player's store. */
int  kz_position_account     (const KzPosition *pos, int player);
/* Who opened the position's round by the rules alone: 0 or 1 (Player 1
 * in a game without rounds, Pallanguzhi's by the round's parity), or -1
 * where the position has to say: the Constitution's rounds after the
 * first, opened by the last round's winner. Where a set-up position does
 * not say, the player to move opened it, as at a round's start. */
int  kz_position_rule_opener (const KzPosition *pos);
bool kz_position_is_legal    (const KzPosition *pos, KzAction action);
/* The game's must-feed rule binds the mover now. */
bool kz_position_must_feed   (const KzPosition *pos);
bool kz_position_equal       (const KzPosition *a, const KzPosition *b);
/* Equal for the repetition rule: pits, stores, refill-left, lucky cups, rubbish cups, player to move. */
bool kz_position_same_for_repetition (const KzPosition *a, const KzPosition *b);
/* Sets over, winner (by score, equal → draw) and end. */
void kz_position_adjudicate  (KzPosition *pos, KzEndReason reason);

/* What sowing an action would do, worked out by applying it to a copy:
 * for the sowing preview. Pits are board pits; bit masks have a bit per pit.
 * The seeds gathered to the stores as a round or the match ends
 * (KZ_DETAIL_GATHER) are neither captures nor taken: round_ends and
 * match_ends say that the move ends the round or the match. */
#define KZ_PREVIEW_MAX_RELAYS 16
typedef struct {
  int      last_pit;      /* where the last shell falls, or -1 (a store: last_store) */
  int      last_store;    /* the player whose store takes the last shell, or -1 */
  int      relays[KZ_PREVIEW_MAX_RELAYS];   /* cups lifted to sow on, in order */
  int      n_relays;      /* all of them, even beyond the first 16 */
  uint32_t triples;       /* Constitution: triples taken; lucky cups banked */
  uint32_t captures;      /* pits captured from by the sowing */
  int      taken[2];      /* seeds each player takes or banks in the turn, gathering left out:
                           * the sum of the four below (3 seeds a triple) */
  int      n_triples[2];  /* Constitution: triples each player takes */
  int      banked[2];     /* Constitution: shells each player's lucky cup banks */
  int      captured[2];   /* seeds each player captures */
  int      stored[2];     /* seeds sown into each player's store */
  bool     extra_turn;    /* the mover moves again */
  bool     round_ends;    /* the move ends a round (games played in rounds) */
  bool     match_ends;    /* the move ends the match */
} KzPreview;
/* False (and `out` cleared) when the action is not legal now. */
bool kz_position_preview     (const KzPosition *pos, KzAction action, KzPreview *out);

/* Action notation: "3", "12", "r", "m5". buf needs 8 bytes. */
const char *kz_action_to_string (KzAction action, char *buf);
bool        kz_action_parse     (const char *str, KzAction *out);

/* Constitution-specific figures shown in the header. */
int kz_constitution_account (const KzPosition *pos, int player);
int kz_constitution_reserve (const KzPosition *pos, int player);
/* Half the shells of the match: the account over it is the reserve. */
int kz_constitution_half (const KzPosition *pos);
bool kz_constitution_may_mark (const KzPosition *pos);
/* The player who plays on alone, or -1: the one to move at a turn's start
 * while the other's row is empty. Within a round a row never stays empty
 * (the round ends), so the other was left too few shells to fill a cup
 * by a round end; each turn now ends a round, and the other plays again
 * only when a sowing reaches their row. */
int  kz_constitution_alone (const KzPosition *pos);

/* A match: the current position plus the history needed for undo and the
 * repetition rule. */
typedef struct {
  KzPosition  before;
  KzAction    action;
} KzHistoryEntry;

typedef struct {
  KzPosition      pos;
  KzPosition      start;
  KzHistoryEntry *history;
  size_t          n_history;
  size_t          cap_history;
} KzMatch;

bool kz_match_init   (KzMatch *match, KzVariantId variant, const KzOptions *options, char *error, size_t error_len);

/* Whether `pos` is a position its variant's rules allow as a match's start: the game's seed total
 * (pits + stores + refill_left ... = the start total), no negative or impossible count, to_move 0 or 1,
 * the variant's own fields in range (Constitution: round, drawers, refill_left, lucky cups, an account
 * the rules could give; Pallanguzhi: rubbish cups, round). On false, `reason` (nullable) gets one English
 * sentence for a person, e.g. "The cups and stores hold 47 shells; the Constitution needs 72.".
 * `over`, `winner` and `end` are not read: a set-up position is one where the game goes on, and one
 * where it is already over is refused. The rules pages' "Set-up positions" sections say what each
 * game refuses. */
bool kz_position_check (const KzPosition *pos, char *reason, size_t reason_len);

/* Room for a refusal a person reads, in any language: a translated
 * sentence in Tamil or Malayalam takes three bytes a letter, four times
 * the English. A reason longer than its room is cut at a character's
 * end, never inside one. */
#define KZ_REASON_LEN 1024

/* The set-up refusals are English; a program for people installs its
 * translation here (the app: gettext, the "kuzhi" domain), and the
 * engine asks it for each sentence's format (and for the words of a game
 * already over) before filling it in. The sentences are marked for
 * xgettext where the engine refuses (kuzhi-variant-private.h). NULL (the
 * default, and the protocol's) keeps English. Set it once, before any thread searches. */
typedef const char *(*KzTranslateFunc) (const char *english);
void kz_set_translate_func (KzTranslateFunc func);

/* A match that starts at `start` (checked with kz_position_check; `over`, `winner`, `end` are computed
 * from it: a position where the game is already over is refused). On false, error gets the reason and
 * `match` is untouched. The match's `start` is that position; undo stops there. */
bool kz_match_init_at (KzMatch *match, const KzPosition *start, char *error, size_t error_len);
/* Whether the match started from a position set up by hand, rather than
 * from its game's own start for its layout (seeds, pasu): what the match
 * file writes as [Start], and what the statistics leave out. */
bool kz_match_is_set_up (const KzMatch *match);
void kz_match_clear  (KzMatch *match);
/* Copies src into dst (dst must be cleared or uninitialised). */
void kz_match_copy   (KzMatch *dst, const KzMatch *src);
/* Plays a legal action; false (and nothing changes) if it is not legal.
 * Applies the repetition rule where the variant has it. */
bool kz_match_play   (KzMatch *match, KzAction action, KzEventLog *log);
bool kz_match_undo   (KzMatch *match);
/* How often the current position has come up at a turn's start in this
 * match, this time included, as the repetition rule counts (0 when it is
 * not a turn's start: after a mark, or once the match is over). */
size_t kz_match_occurrences (const KzMatch *match);
/* Whether playing action now would end the match by the repetition rule
 * (where the variant has it): the turn's start it leads to has come up
 * twice before. False for an illegal action and for a mark. */
bool kz_match_would_repeat (const KzMatch *match, KzAction action);

#ifdef __cplusplus
}
#endif
