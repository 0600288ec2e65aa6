/* kuzhi-statistics.h — the results of finished matches, kept across sessions in a key file in the user data folder (docs/ui.md, "Statistics"). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kuzhi-engine.h"
#include "kuzhi-game-model.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

/* The file's format version (docs/ui.md, "The statistics file"): 2 adds
 * the puzzles; a file with none is written as version 1, which every
 * Kuzhi reads, and version 1 files still load. */
#define KUZHI_STATISTICS_VERSION     2
/* Larger files are not read: set aside as broken. */
#define KUZHI_STATISTICS_MAX_SIZE    (32 * 1024 * 1024)
/* Matches kept: beyond this many the oldest goes as a new one comes. */
#define KUZHI_STATISTICS_MAX_MATCHES 100000
/* A count of shells no game comes near (the largest board holds 14 × 99). */
#define KUZHI_STATISTICS_MAX_SCORE   9999

#define KUZHI_STATISTICS_ERROR (kuzhi_statistics_error_quark ())
typedef enum {
  KUZHI_STATISTICS_ERROR_BROKEN,   /* the file could not be read: set aside, started afresh */
  KUZHI_STATISTICS_ERROR_WRITE,    /* the file could not be written */
} KuzhiStatisticsError;
GQuark kuzhi_statistics_error_quark (void);

#define KUZHI_TYPE_STATISTICS (kuzhi_statistics_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiStatistics, kuzhi_statistics, KUZHI, STATISTICS, GObject)

/* A finished match, as it is recorded. */
typedef struct {
  const char  *id;          /* the match's identity (kuzhi_game_model_get_match_id()) */
  KzVariantId  variant;
  const char  *names[2];
  KzLevel      levels[2];   /* KZ_LEVEL_NONE: a person plays that side */
  int          winner;      /* 0, 1, or -1 for a draw */
  int          scores[2];   /* what the game counts for each side (kuzhi_game_model_get_score()) */
  GDateTime   *ended;       /* nullable: now */
  gboolean     set_up;      /* it started from a position set up by hand (kz_match_is_set_up()) */
} KuzhiMatchResult;

/* Results seen from one side. */
typedef struct {
  guint played;
  guint won;
  guint lost;
  guint drawn;
  int   best_margin;        /* the widest win, in shells; 0 while none was won */
} KuzhiTally;

typedef struct {
  char       *name;
  KuzhiTally  tally;
} KuzhiNamedTally;

/* One game's figures, worked out from its recorded matches. */
typedef struct {
  KzVariantId      variant;
  guint            n_matches;          /* counted: against the computer and hot-seat */
  /* Against the computer, from the person's side: [KZ_LEVEL_EASY] to
   * [KZ_LEVEL_HARD] by level, [KZ_LEVEL_NONE] the three together. */
  KuzhiTally       computer[KZ_LEVEL_HARD + 1];
  KzLevel          best_margin_level;  /* of computer[KZ_LEVEL_NONE].best_margin; KZ_LEVEL_NONE while none */
  /* Wins in a row against the computer, at any level: a loss or a draw
   * ends a streak; hot-seat matches do not touch it. */
  guint            current_streak;
  guint            best_streak;
  /* Hot-seat, by player name: the most played first, then by name. */
  guint            n_hot_seat;         /* matches between two people */
  KuzhiNamedTally *people;
  guint            n_people;
  /* Puzzles (issue #33): each counted once, at its first try. */
  guint            puzzles_tried;
  guint            puzzles_solved;     /* right at the first try */
} KuzhiGameStatistics;

void kuzhi_game_statistics_free (KuzhiGameStatistics *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KuzhiGameStatistics, kuzhi_game_statistics_free)

/* $XDG_DATA_HOME/kuzhi/statistics.ini */
char             *kuzhi_statistics_get_default_path (void);

/* Empty until loaded. `path` NULL: the default path. */
KuzhiStatistics  *kuzhi_statistics_new         (const char              *path);
const char       *kuzhi_statistics_get_path    (KuzhiStatistics         *self);

/* Reads the file; none yet is no statistics yet. A file that cannot be
 * read (bad syntax, a wrong type, an impossible number, an unknown
 * version, unreadable) is moved aside to statistics-broken-DATE.ini beside
 * it and the statistics start afresh: FALSE, with a
 * KUZHI_STATISTICS_ERROR_BROKEN that says why and where it now is. When it
 * cannot even be moved, nothing is written over it later (writes fail,
 * saying so). Also removes what a write killed before its rename left. */
gboolean          kuzhi_statistics_load        (KuzhiStatistics         *self,
                                                GError                 **error);

/* Whether a result is counted at all: not when the computer plays both
 * sides, nor when both sides have the same name, nor for a match that
 * started from a position set up by hand (a study, not a game won). */
gboolean          kuzhi_statistics_counts      (const KuzhiMatchResult  *result);

/*
 * Records a match that ended, replacing what was recorded for its id
 * (undone and ended again, it counts once, as it ended last); a result
 * that is not counted removes that record. The whole file is written
 * atomically: on failure (KUZHI_STATISTICS_ERROR_WRITE) the result is
 * kept all the same, and the next write tries again. A result equal to
 * the recorded one changes nothing.
 */
gboolean          kuzhi_statistics_record      (KuzhiStatistics         *self,
                                                const KuzhiMatchResult  *result,
                                                GError                 **error);
/* The same for the match `model` holds, which must be over. */
gboolean          kuzhi_statistics_record_match (KuzhiStatistics        *self,
                                                 KuzhiGameModel         *model,
                                                 GError                **error);

/* Reads the file again, for what another Kuzhi on the same data folder
 * (another session) recorded since: shows every record of both, this
 * one's changes not yet written included. Nothing is written; a file that
 * cannot be read changes nothing here (the next write says why). */
void              kuzhi_statistics_refresh     (KuzhiStatistics         *self);

/* Forgets every match and writes the empty file; on failure nothing
 * changes. */
gboolean          kuzhi_statistics_reset       (KuzhiStatistics         *self,
                                                GError                 **error);

/* A puzzle tried: the first try of each (game, level, seed) counts,
 * `solved` when that try was the solution; a puzzle already recorded
 * changes nothing, so the puzzle of the day tried again is not counted
 * twice. Written as a match's result is; FALSE with
 * KUZHI_STATISTICS_ERROR_WRITE when it could not be (kept all the same). */
gboolean          kuzhi_statistics_record_puzzle (KuzhiStatistics       *self,
                                                  KzVariantId            variant,
                                                  int                    level,
                                                  guint64                seed,
                                                  gboolean               solved,
                                                  GError               **error);
/* Whether that puzzle was tried already, and then (nullable) whether
 * its first try solved it. */
gboolean          kuzhi_statistics_get_puzzle    (KuzhiStatistics       *self,
                                                  KzVariantId            variant,
                                                  int                    level,
                                                  guint64                seed,
                                                  gboolean              *solved);

/* Counted matches of a game, or of all games (`variant` -1). */
guint             kuzhi_statistics_get_n_matches (KuzhiStatistics       *self,
                                                  int                    variant);
/* Puzzles tried (each once) of a game, or of all games (`variant` -1). */
guint             kuzhi_statistics_get_n_puzzles (KuzhiStatistics       *self,
                                                  int                    variant);
/* The game of the match that ended last, or -1 while there is none. */
int               kuzhi_statistics_get_latest_variant (KuzhiStatistics  *self);
KuzhiGameStatistics *kuzhi_statistics_get_game (KuzhiStatistics         *self,
                                                KzVariantId              variant);

/*
 * Signals:
 *   changed ()   after a load, a record that changed something, a reset
 */

G_END_DECLS
