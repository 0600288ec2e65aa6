/* kuzhi-lesson.h — Learn to Play's lessons: a game's course read from its lesson file, a lesson's match, the judge of a turn, progress (docs/lessons.md). */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_LESSON_ERROR (kuzhi_lesson_error_quark ())
typedef enum {
  KUZHI_LESSON_ERROR_BROKEN,    /* a lesson file that cannot be used; the message names the file, the lesson and the key */
  KUZHI_LESSON_ERROR_NO_COURSE, /* the game has no lesson file */
  KUZHI_LESSON_ERROR_WRITE,     /* the progress file could not be written */
} KuzhiLessonError;

GQuark kuzhi_lesson_error_quark (void);

#define KUZHI_TYPE_LESSON (kuzhi_lesson_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiLesson, kuzhi_lesson, KUZHI, LESSON, GObject)

/* A game's course: the lessons of data/lessons/GAME.lessons.desktop (in
 * the GResource), in the file's order, as a GPtrArray of KuzhiLesson.
 * Texts come back translated (gettext, the "kuzhi" domain). */
GPtrArray     *kuzhi_lesson_load_course      (KzVariantId variant, GError **error);
/* The same from a file's text (tests, and a lesson file being written);
 * `name` is what the messages call the file. */
GPtrArray     *kuzhi_lesson_load_course_data (const char *data, const char *name, GError **error);

/* The lesson's key in its file ("[Lesson triple]": "triple"), its game. */
const char    *kuzhi_lesson_get_id           (KuzhiLesson *self);
KzVariantId    kuzhi_lesson_get_variant      (KuzhiLesson *self);
const char    *kuzhi_lesson_get_title        (KuzhiLesson *self);
/* The one sentence of the goal, shown above the board. */
const char    *kuzhi_lesson_get_goal         (KuzhiLesson *self);
const char    *kuzhi_lesson_get_hint         (KuzhiLesson *self);
/* The set-up position (checked by kz_position_check() when the file was read). */
const KzPosition *kuzhi_lesson_get_position  (KuzhiLesson *self);
/* The answer, for Show Me: the turn's actions in order (a Constitution
 * mark, then the sowing); n_out gets how many. */
const KzAction *kuzhi_lesson_get_answer      (KuzhiLesson *self, guint *n_out);
/* Whether `actions` are the Answer or one of the turns the lesson file
 * lists under Also (other turns the goal is met by). */
gboolean       kuzhi_lesson_is_listed_answer (KuzhiLesson *self, const KzAction *actions, guint n);
/* Starts a match at the lesson's position (kz_match_init_at()); `match`
 * must be cleared or uninitialised. */
void           kuzhi_lesson_start_match      (KuzhiLesson *self, KzMatch *match);

/* Judges the player's turn: `before` is the lesson's position the turn
 * started from, `log` every event of the turn (a mark's included), `after`
 * the position after it. Returns whether the goal was met; `sentence`
 * (nullable) gets what happened, the lesson's Met or Missed words with
 * their placeholders filled in (free with g_free()). */
gboolean       kuzhi_lesson_judge            (KuzhiLesson      *self,
                                              const KzPosition *before,
                                              const KzEventLog *log,
                                              const KzPosition *after,
                                              char            **sentence);

/* A turn is over for a lesson once the player is no longer the one to
 * move, the match is over, or an extra turn was given: a mark alone is not. */
gboolean       kuzhi_lesson_turn_is_over     (const KzPosition *before,
                                              const KzEventLog *log,
                                              const KzPosition *after);

/* Progress: lessons done, kept in the user's data dir (kuzhi/lessons.ini). */
char          *kuzhi_lesson_progress_get_default_path (void);
/* `path` NULL: the default path. A file that cannot be read counts as no progress. */
gboolean       kuzhi_lesson_progress_is_done   (const char *path, KzVariantId variant, const char *lesson_id);
/* Keeps the lesson as done. A file that cannot be read is never written
 * over: it is moved aside whole first (lessons-broken-DATE.ini beside it),
 * and `kept_aside` (nullable) gets its new path (free it), or stays NULL
 * when nothing was moved. FALSE with KUZHI_LESSON_ERROR_WRITE when the
 * lesson could not be kept as done; an unreadable file that could not be
 * moved aside is that too, and is left as it was. */
gboolean       kuzhi_lesson_progress_mark_done (const char *path, KzVariantId variant, const char *lesson_id,
                                                char **kept_aside, GError **error);
/* Whether every lesson of the course is done. */
gboolean       kuzhi_lesson_progress_course_done (const char *path, GPtrArray *course);
/* What a finished course suggests trying next, the course's Next
 * sentence (translated), e.g. "You know Oware's traps now: try a match
 * against Easy." The same for every lesson of a course. */
const char    *kuzhi_lesson_get_next_step      (KuzhiLesson *self);

G_END_DECLS
