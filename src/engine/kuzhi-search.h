/* kuzhi-search.h — the computer opponent: alpha-beta search over whole turns and the evaluation of every game. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For glib-mkenums, as KzVariantId (KZ_TYPE_LEVEL; nicks "none", …). */
typedef enum /*< prefix=KZ_LEVEL >*/ {
  KZ_LEVEL_NONE,    /* no level: the limits alone decide */
  KZ_LEVEL_EASY,
  KZ_LEVEL_NORMAL,
  KZ_LEVEL_HARD,
  KZ_N_LEVELS /*< skip >*/
} KzLevel;

#define KZ_SEARCH_MAX_PV 64

/* Limits of one search. 0 means "no limit" for depth, time_ms and nodes;
 * with all three at 0 and no level the search goes on to the end of the
 * game where it can (see KZ_SEARCH_SOLVE_TIME_MS). */
typedef struct {
  int      depth;     /* whole turns */
  int      time_ms;
  uint64_t nodes;
  int      level;     /* KzLevel; sets depth/time where they are 0; Hard
                       * also plays from the opening book (kuzhi-book.h) */
  uint64_t seed;      /* for Easy's occasional random move */
  bool     book;      /* play from the opening book where it holds the
                       * position, at any limits (Hard always does) */
} KzSearchLimits;

/* The cap on a search without a time limit: without any limits (searching
 * to the end of the game), or with a depth or node limit alone. Solving
 * Kalah outright has a cap of its own: 4 seeds take about a minute. */
#define KZ_SEARCH_SOLVE_TIME_MS       (60 * 1000)
#define KZ_SEARCH_KALAH_SOLVE_TIME_MS (15 * 60 * 1000)
#define KZ_HARD_DEFAULT_TIME_MS 1000

typedef struct {
  KzAction best;       /* the first action to play (a mark `mC` when the turn marks) */
  KzAction pv[KZ_SEARCH_MAX_PV];
  int      pv_len;
  int      score;      /* internal units from the mover's side, see below */
  int      depth;      /* turns of the last completed iteration */
  uint64_t nodes;
  int      time_ms;
  bool     exact;      /* the value is the game's proven value */
  bool     cancelled;  /* stopped by the cancel flag (best is still legal) */
  int      threads;    /* threads that searched (kz_searcher_set_threads()) */
} KzSearchResult;

/* Scores: evaluations are in hundredths of a seed and stay within
 * ±KZ_SCORE_EVAL_MAX; a finished game scores ±(KZ_SCORE_WIN + margin·64 −
 * turns to get there, at most 63), a draw 0. */
#define KZ_SCORE_WIN        20000
#define KZ_SCORE_EVAL_MAX   15000
#define KZ_SCORE_MARGIN_MUL 64
#define KZ_SCORE_INF        32000

static inline bool
kz_score_is_final (int score)
{
  return score > KZ_SCORE_WIN - KZ_SCORE_MARGIN_MUL || score < -(KZ_SCORE_WIN - KZ_SCORE_MARGIN_MUL);
}

/* The final margin (seeds) a decided score stands for, 0 for a draw. */
int  kz_score_margin (int score);
/* A score in seeds for people and the protocol: the margin of a final
 * score, the rounded evaluation otherwise. */
int  kz_score_to_seeds (int score);


typedef struct _KzSearcher KzSearcher;

/* The transposition table takes table_mb megabytes (at least 1), once. */
KzSearcher *kz_searcher_new   (size_t table_mb);
void        kz_searcher_free  (KzSearcher *searcher);
/* Forgets the table and the move-ordering history (a new game). */
void        kz_searcher_clear (KzSearcher *searcher);
/* Replaces the evaluation weights of one game for this searcher only
 * (engine-vs-engine tuning); NULL restores the defaults. */
void        kz_searcher_set_weights (KzSearcher *searcher, KzVariantId variant, const KzEvalWeights *weights);
/* The endgame database of `variant` (kuzhi-endgame.h; NULL: none; one of
 * another game is ignored), borrowed: it must outlive the searcher or be
 * set to NULL first, never during a search. The positions it decides
 * then take their exact value from it, as a finished game would. */
typedef struct _KzEndgame KzEndgame;
void        kz_searcher_set_endgame (KzSearcher *searcher, KzVariantId variant, const KzEndgame *endgame);
/* Searches with n_threads threads (1–KZ_SEARCH_MAX_THREADS; 1 when the
 * searcher is made): kz_search() then runs n_threads − 1 helpers beside
 * its own search, on the same position and the same table, each with its
 * own stacks, and plays the deepest iteration any of them completed (a
 * proof, an iteration without evaluations, before any other). Faster to
 * a depth, but the moves and node counts of a search with
 * more than one thread differ from run to run. The analysis
 * (kz_search_analyse()) and the Kalah solver use one thread. False
 * when n_threads is out of range (nothing changes) or the helpers'
 * stacks cannot be had (the searcher then has one thread). */
#define KZ_SEARCH_MAX_THREADS 64
bool        kz_searcher_set_threads (KzSearcher *searcher, int n_threads);
/* Peak bytes the searcher holds (the table and its stacks). */
size_t      kz_searcher_memory (const KzSearcher *searcher);

/* Searches the match's position. Returns false (result->best = NONE) when
 * the match is over or has no legal action. `cancel` may be NULL; when it
 * becomes non-zero the search stops soon and returns its best so far. */
bool kz_search (KzSearcher           *searcher,
                const KzMatch        *match,
                const KzSearchLimits *limits,
                volatile int         *cancel,
                KzSearchResult       *result);

/* The value of one legal action, from the mover's side. */
typedef struct {
  KzAction action;     /* as kz_position's legal list gives it */
  int      score;      /* internal units, like KzSearchResult's */
  int      depth;      /* turns of the analysis's last completed iteration,
                        * or of the search that proved the value */
  bool     exact;      /* the value is the game's proven value */
  KzAction pv[KZ_SEARCH_MAX_PV];   /* starts with `action` */
  int      pv_len;
} KzMoveValue;

/* Every legal action valued, best first. A mark (Constitution) is valued
 * with the best sowing after it, which its line goes on with. */
typedef struct {
  KzMoveValue moves[KZ_MAX_ACTIONS];
  int         n_moves;
  int         depth;      /* the deepest iteration every move finished */
  uint64_t    nodes;
  int         time_ms;
  bool        cancelled;
} KzAnalysis;

/* Called after each iteration with the values so far (best first). */
typedef void (*KzAnalysisFunc) (const KzAnalysis *analysis, void *user_data);

/* Values every legal action of the match's position by iterative
 * deepening within the limits (depth, time and nodes; the level only
 * opens the opening book: at Hard, a position in it is valued from it,
 * every move exact, as kz_search() plays from it at Hard). Without limits
 * it goes on until every value is proven or the cap of kz_search() is
 * reached. An iteration the limits or `cancel` stop partway gives none
 * of its values but the proven ones: every other value is the last
 * completed iteration's, all of one depth (analysis->depth), so that
 * moves are always compared alike. `progress` may be NULL. Returns false
 * when the match is over or has no legal action. */
bool kz_search_analyse (KzSearcher           *searcher,
                        const KzMatch        *match,
                        const KzSearchLimits *limits,
                        volatile int         *cancel,
                        KzAnalysisFunc        progress,
                        void                 *user_data,
                        KzAnalysis           *analysis);

/* Fills the limits a level stands for (time_ms 0 means the level's own). */
void kz_search_limits_for_level (KzSearchLimits *limits, KzLevel level, int time_ms);
bool kz_level_parse (const char *text, KzLevel *out);
/* splitmix64: the engine's small generator, whose sequence from a seed is
 * the same on every machine (the table's keys, Easy's strays, a puzzle's
 * position): the next number, `state` moved on. */
uint64_t kz_random_next (uint64_t *state);

const KzEvalWeights *kz_eval_default_weights (KzVariantId variant);
const char          *kz_eval_weight_name     (KzVariantId variant, int index);
/* "GAME:W0,W1,…" (the game's key, then its first weights in the order of
 * eval_weight_names; those not given keep their defaults): false, with
 * the reason, for an unknown game, too many weights or a bad number. */
bool                 kz_eval_weights_parse   (const char *text, KzVariantId *variant, KzEvalWeights *weights,
                                              char *reason, size_t reason_len);

/* Evaluation (kuzhi-eval.c): the position's worth for the player to move,
 * in hundredths of a seed, clamped to ±KZ_SCORE_EVAL_MAX. */
int  kz_eval (const KzPosition *pos, const KzEvalWeights *weights);
/* Bounds on the final margin (player to move minus the other) that no
 * play can leave; false when the game gives none (stores spent). */
bool kz_eval_final_bounds (const KzPosition *pos, int *lo, int *hi);
/* The final margin of a finished position for `player`. */
int  kz_eval_final_margin (const KzPosition *pos, int player);

#ifdef __cplusplus
}
#endif
