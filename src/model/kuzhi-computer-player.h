/* kuzhi-computer-player.h — the computer opponent for the app: the engine's search in a GTask thread, cancellable at once. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kuzhi-engine.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_COMPUTER_PLAYER (kuzhi_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiComputerPlayer, kuzhi_computer_player, KUZHI, COMPUTER_PLAYER, GObject)

KuzhiComputerPlayer *kuzhi_computer_player_new           (void);

/* Hard (and the hints, which are Hard's) searches with a thread a core,
 * up to KUZHI_COMPUTER_PLAYER_HARD_MAX_THREADS, all sharing one table: on
 * two cores it reaches each depth 1.2–2 times sooner
 * (docs/computer-opponent.md, "Threads"). Easy and Normal search with one
 * thread, so their strength stays what the strength table measures; so
 * do the analysis and the review. */
#define KUZHI_COMPUTER_PLAYER_HARD_MAX_THREADS 4
int                  kuzhi_computer_player_hard_threads  (void);

/* Chooses an action for the player to move in `match` (copied at once, so
 * the caller may change it while the search runs). time_ms 0 means the
 * level's own time (Hard: 1 s). After `cancellable` is cancelled the
 * callback always gets G_IO_ERROR_CANCELLED, never a stale action. */
void                 kuzhi_computer_player_choose_async  (KuzhiComputerPlayer *self,
                                                          const KzMatch       *match,
                                                          KzLevel              level,
                                                          int                  time_ms,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
/* Returns the action (KZ_ACTION_NONE on error). `score` (nullable) gets the
 * expected outcome for the mover in seeds, for hints; `result` (nullable)
 * the whole search result. */
KzAction             kuzhi_computer_player_choose_finish (KuzhiComputerPlayer *self,
                                                          GAsyncResult        *result,
                                                          int                 *score,
                                                          KzSearchResult      *search_result,
                                                          GError             **error);

/* The same, blocking the calling thread: for tests and tools. */
KzAction             kuzhi_computer_player_choose        (KuzhiComputerPlayer *self,
                                                          const KzMatch       *match,
                                                          KzLevel              level,
                                                          int                  time_ms,
                                                          GCancellable        *cancellable,
                                                          int                 *score,
                                                          KzSearchResult      *search_result,
                                                          GError             **error);

/* Values every legal action of the position (kz_search_analyse) within
 * time_ms (0: until every value is proven, or the search's cap). After
 * each iteration `progress` gets the values so far, in the caller's main
 * context, never after `cancellable` is cancelled nor after the finish,
 * which gives the
 * last values (g_free() them). */
typedef void (*KuzhiAnalysisFunc) (const KzAnalysis *analysis, gpointer user_data);
void                 kuzhi_computer_player_analyse_async  (KuzhiComputerPlayer *self,
                                                           const KzMatch       *match,
                                                           int                  time_ms,
                                                           KuzhiAnalysisFunc    progress,
                                                           gpointer             progress_data,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
KzAnalysis          *kuzhi_computer_player_analyse_finish (KuzhiComputerPlayer *self,
                                                           GAsyncResult        *result,
                                                           GError             **error);

/* The review of a match: for each turn of its line of play (as
 * kuzhi_match_history_new() numbers them), what the mover could have had
 * and what the turn played was worth, in seeds from the mover's side,
 * each position searched for its game's review_time_ms. */
typedef struct {
  int       best;          /* the best value at the position before the turn */
  int       played;        /* the turn's value: best if it was the best */
  int       loss;          /* best − played, never below 0 */
  gboolean  exact;         /* both values are proven */
  KzAction  best_action;   /* the first action of the best turn */
  KzAction  best_then;     /* after a best mark: its sowing, else KZ_ACTION_NONE */
} KuzhiReviewTurn;

typedef void (*KuzhiReviewFunc) (guint done, guint total, gpointer user_data);
void                 kuzhi_computer_player_review_async  (KuzhiComputerPlayer *self,
                                                          const KzMatch       *match,
                                                          KuzhiReviewFunc      progress,
                                                          gpointer             progress_data,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
/* The turns' reviews (element-type KuzhiReviewTurn), or NULL. */
GArray              *kuzhi_computer_player_review_finish (KuzhiComputerPlayer *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);
/* The same, blocking: for the benchmark and tests. */
GArray              *kuzhi_computer_player_review        (KuzhiComputerPlayer *self,
                                                          const KzMatch       *match,
                                                          GCancellable        *cancellable,
                                                          GError             **error);

/* Gives the search table's memory back now, or as soon as the search that
 * is running ends; the next search makes a new one. */
void                 kuzhi_computer_player_release_table (KuzhiComputerPlayer *self);
/* The bytes the searcher holds now (0 when released); waits for a running
 * search. */
gsize                kuzhi_computer_player_get_table_bytes (KuzhiComputerPlayer *self);

G_END_DECLS
