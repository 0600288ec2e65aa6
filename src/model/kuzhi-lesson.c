/* kuzhi-lesson.c — reads a game's lesson file, judges a lesson's turn from the engine's events, keeps progress. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-lesson.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "kuzhi-file-lock.h"
#include "kuzhi-key-file.h"
#include "kuzhi-lessons-resources.h"
#include "kuzhi-notation.h"

#define LESSONS_RESOURCE "/io/github/kuzhi/Kuzhi/lessons/"
#define MAX_ANSWER       4
#define MAX_ALSO         8
#define MAX_CHECKS       8

G_DEFINE_QUARK (kuzhi-lesson-error-quark, kuzhi_lesson_error)

/* The goal vocabulary (docs/lessons.md): each name is a number worked out
 * from the turn's events and the positions around it, for the mover. */
typedef enum {
  FACT_RELAY,        /* cups lifted to sow on */
  FACT_TRIPLE,       /* triples the mover takes */
  FACT_TRIPLE_LOST,  /* triples the other player takes */
  FACT_LUCKY,        /* shells the mover's lucky cup banks */
  FACT_MARK,         /* lucky cups marked */
  FACT_REFILL,       /* 1 when the turn sowed the refill-left shell */
  FACT_CAPTURE,      /* seeds the mover captures (the end sweep left out) */
  FACT_CAPTURE_LOST, /* seeds the other player captures in the turn */
  FACT_GRAND_SLAM,   /* 1 when the last seed made an Oware grand slam */
  FACT_MUST_FEED,    /* 1 when the mover had to feed the empty row */
  FACT_PASU,         /* pasu the mover takes */
  FACT_STORE,        /* seeds sown into the mover's store */
  FACT_EXTRA_TURN,   /* 1 when the mover moves again */
  FACT_ROUND_END,    /* rounds ended */
  FACT_MATCH_END,    /* 1 when the match ended */
  FACT_WIN,          /* 1 when the match ended won by the mover */
  FACT_LAST_CUP,     /* the pit the last seed fell in (protocol numbering), -1 for a store */
  FACT_DRAWER,       /* the mover's store after the turn */
  FACT_ACCOUNT,      /* how much the mover's account (kz_position_account()) grew */
  FACT_RUBBISH,      /* cups out of play after the turn */
  N_FACTS
} Fact;

static const char *const fact_names[N_FACTS] = {
  "relay", "triple", "triple_lost", "lucky", "mark", "refill", "capture", "capture_lost",
  "grand_slam", "must_feed", "pasu", "store", "extra_turn", "round_end", "match_end", "win",
  "last_cup", "drawer", "account", "rubbish",
};

typedef enum { OP_GE, OP_LE, OP_EQ } Op;

typedef struct {
  Fact fact;
  Op   op;
  int  value;
} Check;

struct _KuzhiLesson
{
  GObject parent_instance;

  char      *id;
  char      *title;
  char      *goal;
  char      *hint;
  char      *met;
  char      *missed;
  char      *next_step;
  KzPosition position;
  KzAction   answer[MAX_ANSWER];
  guint      n_answer;
  KzAction   also[MAX_ALSO][MAX_ANSWER];
  guint      n_also_actions[MAX_ALSO];
  guint      n_also;
  Check      checks[MAX_CHECKS];
  guint      n_checks;
};

G_DEFINE_FINAL_TYPE (KuzhiLesson, kuzhi_lesson, G_TYPE_OBJECT)

static void
kuzhi_lesson_finalize (GObject *object)
{
  KuzhiLesson *self = KUZHI_LESSON (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->goal);
  g_free (self->hint);
  g_free (self->met);
  g_free (self->missed);
  g_free (self->next_step);
  G_OBJECT_CLASS (kuzhi_lesson_parent_class)->finalize (object);
}

static void
kuzhi_lesson_class_init (KuzhiLessonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kuzhi_lesson_finalize;
}

static void
kuzhi_lesson_init (KuzhiLesson *self)
{
}

/* Sets a KUZHI_LESSON_ERROR_BROKEN naming the file and the group; returns
 * NULL, so that a reader returns refuse (…) where it gives up. */
static gpointer G_GNUC_PRINTF (4, 5)
refuse (GError **error, const char *name, const char *group, const char *format, ...)
{
  va_list args;
  g_autofree char *what = NULL;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  if (group != NULL)
    g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_BROKEN,
                 "The lesson file %s cannot be used: in [%s], %s", name, group, what);
  else
    g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_BROKEN,
                 "The lesson file %s cannot be used: %s", name, what);
  return NULL;
}

static gboolean
parse_check (const char *word, Check *out)
{
  static const struct { const char *text; Op op; } ops[] = { { ">=", OP_GE }, { "<=", OP_LE }, { "=", OP_EQ } };
  gsize len = strcspn (word, "<>=");
  const char *rest = word + len;
  gint64 value = 1;

  out->op = OP_GE;
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (g_str_has_prefix (rest, ops[i].text))
      {
        out->op = ops[i].op;
        rest += strlen (ops[i].text);
        if (!g_ascii_string_to_signed (rest, 10, -1, 1000, &value, NULL))
          return FALSE;
        rest = "";
        break;
      }
  if (*rest != '\0')
    return FALSE;
  out->value = (int) value;
  for (guint f = 0; f < N_FACTS; f++)
    if (strlen (fact_names[f]) == len && strncmp (word, fact_names[f], len) == 0)
      {
        out->fact = (Fact) f;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_actions (const char *text, KzAction *out, guint *n_out)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (n == MAX_ANSWER || !kz_action_parse (words[i], &out[n]))
        return FALSE;
      n++;
    }
  *n_out = n;
  return n > 0;
}

/* A translatable key, looked up in the "kuzhi" catalogue as xgettext
 * extracted it (the untranslated value is the msgid). */
static char *
get_text (GKeyFile *kf, const char *group, const char *key, const char *name, GError **error)
{
  g_autofree char *value = g_key_file_get_value (kf, group, key, NULL);

  if (value == NULL || *g_strstrip (value) == '\0')
    return refuse (error, name, group, "the key %s is missing or empty", key);
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, value));
}

/* Whether `actions` are exactly one whole turn from `start`: each legal,
 * the turn over after the last and not before. */
static gboolean
plays_through (const KzPosition *start, const KzAction *actions, guint n)
{
  KzMatch match;
  gboolean ok = kz_match_init_at (&match, start, NULL, 0);

  for (guint i = 0; ok && i < n; i++)
    {
      ok = kz_match_play (&match, actions[i], NULL)
           && kuzhi_lesson_turn_is_over (start, NULL, &match.pos) == (i + 1 == n);
    }
  kz_match_clear (&match);
  return ok;
}

static const char *const lesson_keys[] = {
  "Title", "Goal", "Position", "Check", "Answer", "Also", "Hint", "Met", "Missed", NULL,
};

static KuzhiLesson *
read_lesson (GKeyFile *kf, const char *group, const char *name, KzVariantId variant, const char *next_step,
             GError **error)
{
  g_autoptr(KuzhiLesson) self = g_object_new (KUZHI_TYPE_LESSON, NULL);
  g_auto(GStrv) keys = g_key_file_get_keys (kf, group, NULL, NULL);
  g_autofree char *position = NULL, *checks = NULL, *answer = NULL, *also = NULL;
  g_autoptr(GError) local = NULL;

  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    if (!g_strv_contains (lesson_keys, keys[i]))
      return refuse (error, name, group, "the key %s is not one a lesson has", keys[i]);

  self->id = g_strdup (group + strlen ("Lesson "));
  if (!(self->title = get_text (kf, group, "Title", name, error))
      || !(self->goal = get_text (kf, group, "Goal", name, error))
      || !(self->hint = get_text (kf, group, "Hint", name, error))
      || !(self->met = get_text (kf, group, "Met", name, error))
      || !(self->missed = get_text (kf, group, "Missed", name, error)))
    return NULL;
  self->next_step = g_strdup (next_step);

  position = g_key_file_get_value (kf, group, "Position", NULL);
  if (position == NULL)
    return refuse (error, name, group, "the key Position is missing");
  if (!kuzhi_notation_position_parse (position, &self->position, &local))
    return refuse (error, name, group, "the Position is refused: %s", local->message);
  if (self->position.variant != variant)
    return refuse (error, name, group, "the Position is of another game");

  checks = g_key_file_get_value (kf, group, "Check", NULL);
  if (checks == NULL)
    return refuse (error, name, group, "the key Check is missing");
  {
    g_auto(GStrv) words = g_strsplit_set (checks, " \t", -1);
    for (guint i = 0; words[i] != NULL; i++)
      {
        if (*words[i] == '\0')
          continue;
        if (self->n_checks == MAX_CHECKS || !parse_check (words[i], &self->checks[self->n_checks]))
          return refuse (error, name, group, "“%s” in Check is not a goal (docs/lessons.md lists them)", words[i]);
        self->n_checks++;
      }
    if (self->n_checks == 0)
      return refuse (error, name, group, "the Check is empty");
  }

  answer = g_key_file_get_value (kf, group, "Answer", NULL);
  if (answer == NULL || !parse_actions (answer, self->answer, &self->n_answer))
    return refuse (error, name, group, "the Answer is missing or not a list of actions");
  if (!plays_through (&self->position, self->answer, self->n_answer))
    return refuse (error, name, group, "the Answer is not one legal turn from the Position");

  /* Also: other right turns, separated by ';' (the tests hold the checker to them). */
  also = g_key_file_get_value (kf, group, "Also", NULL);
  if (also != NULL)
    {
      g_auto(GStrv) turns = g_strsplit (also, ";", -1);
      for (guint i = 0; turns[i] != NULL; i++)
        {
          KzAction *actions = self->also[self->n_also];
          guint n;
          if (*g_strstrip (turns[i]) == '\0')
            continue;
          if (self->n_also == MAX_ALSO || !parse_actions (turns[i], actions, &n)
              || !plays_through (&self->position, actions, n))
            return refuse (error, name, group, "“%s” in Also is not one legal turn from the Position", turns[i]);
          self->n_also_actions[self->n_also++] = n;
        }
    }
  return g_steal_pointer (&self);
}

static gboolean
lookup_game (const char *key, KzVariantId *out)
{
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      const KzVariant *variant = kz_variant_get ((KzVariantId) v);
      if (variant != NULL && strcmp (variant->key, key) == 0)
        {
          *out = (KzVariantId) v;
          return TRUE;
        }
    }
  return FALSE;
}

GPtrArray *
kuzhi_lesson_load_course_data (const char *data, const char *name, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GPtrArray) course = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) local = NULL;
  g_autofree char *game = NULL;
  g_autofree char *next_step = NULL;
  g_auto(GStrv) groups = NULL;
  KzVariantId variant;

  g_return_val_if_fail (data != NULL && name != NULL, NULL);

  if (!g_key_file_load_from_data (kf, data, -1, G_KEY_FILE_NONE, &local))
    return refuse (error, name, NULL, "%s", local->message);
  game = g_key_file_get_value (kf, "Course", "Game", NULL);
  if (game == NULL)
    return refuse (error, name, NULL, "it has no [Course] group with a Game key");
  if (!lookup_game (game, &variant))
    return refuse (error, name, "Course", "“%s” is not a game", game);
  if (!(next_step = get_text (kf, "Course", "Next", name, error)))
    return NULL;

  groups = g_key_file_get_groups (kf, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      KuzhiLesson *lesson;
      if (strcmp (groups[i], "Course") == 0)
        continue;
      if (!g_str_has_prefix (groups[i], "Lesson ") || groups[i][strlen ("Lesson ")] == '\0')
        return refuse (error, name, NULL, "the group [%s] is neither [Course] nor [Lesson ID]", groups[i]);
      lesson = read_lesson (kf, groups[i], name, variant, next_step, error);
      if (lesson == NULL)
        return NULL;
      g_ptr_array_add (course, lesson);
    }
  if (course->len == 0)
    return refuse (error, name, NULL, "it has no lesson");
  return g_steal_pointer (&course);
}

GPtrArray *
kuzhi_lesson_load_course (KzVariantId variant, GError **error)
{
  const KzVariant *v = kz_variant_get (variant);
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (v != NULL, NULL);

  path = g_strconcat (LESSONS_RESOURCE, v->key, ".lessons.desktop", NULL);
  /* Looked up in the resource itself: a static library's unreferenced
   * constructor would not register it. */
  bytes = g_resource_lookup_data (kuzhi_lessons_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    {
      g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_NO_COURSE, "%s has no lessons.", v->name);
      return NULL;
    }
  return kuzhi_lesson_load_course_data (g_bytes_get_data (bytes, NULL), path, error);
}

const char *
kuzhi_lesson_get_id (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return self->id;
}

KzVariantId
kuzhi_lesson_get_variant (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), 0);
  return (KzVariantId) self->position.variant;
}

const char *
kuzhi_lesson_get_title (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return self->title;
}

const char *
kuzhi_lesson_get_goal (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return self->goal;
}

const char *
kuzhi_lesson_get_hint (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return self->hint;
}

const char *
kuzhi_lesson_get_next_step (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return self->next_step;
}

const KzPosition *
kuzhi_lesson_get_position (KuzhiLesson *self)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  return &self->position;
}

const KzAction *
kuzhi_lesson_get_answer (KuzhiLesson *self, guint *n_out)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), NULL);
  if (n_out != NULL)
    *n_out = self->n_answer;
  return self->answer;
}

gboolean
kuzhi_lesson_is_listed_answer (KuzhiLesson *self, const KzAction *actions, guint n)
{
  g_return_val_if_fail (KUZHI_IS_LESSON (self), FALSE);
  if (n == self->n_answer && memcmp (actions, self->answer, n * sizeof (KzAction)) == 0)
    return TRUE;
  for (guint i = 0; i < self->n_also; i++)
    if (n == self->n_also_actions[i] && memcmp (actions, self->also[i], n * sizeof (KzAction)) == 0)
      return TRUE;
  return FALSE;
}

void
kuzhi_lesson_start_match (KuzhiLesson *self, KzMatch *match)
{
  G_GNUC_UNUSED gboolean ok;

  g_return_if_fail (KUZHI_IS_LESSON (self));
  /* The position was checked as the file was read. */
  ok = kz_match_init_at (match, &self->position, NULL, 0);
  g_assert (ok);
}

gboolean
kuzhi_lesson_turn_is_over (const KzPosition *before, const KzEventLog *log, const KzPosition *after)
{
  if (after->over || after->to_move != before->to_move)
    return TRUE;
  if (log != NULL)
    for (size_t i = 0; i < log->len; i++)
      if (log->events[i].type == KZ_EVENT_EXTRA_TURN || log->events[i].type == KZ_EVENT_ROUND_END)
        return TRUE;
  /* Without the events: the mover moves again after a playing action (a
   * Kalah extra turn, a round the mover opens again); not after a mark. */
  return after->plies != before->plies;
}

static void
work_out_facts (const KzPosition *before, const KzEventLog *log, const KzPosition *after, int facts[N_FACTS])
{
  int mover = before->to_move;
  gboolean first_sowing = TRUE;

  memset (facts, 0, sizeof (int) * N_FACTS);
  facts[FACT_LAST_CUP] = -1;
  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *e = &log->events[i];
      switch ((KzEventType) e->type)
        {
        case KZ_EVENT_LIFT:
          if (e->detail == KZ_DETAIL_MUST_FEED)
            facts[FACT_MUST_FEED] = 1;
          first_sowing = FALSE;
          break;
        case KZ_EVENT_DROP:
          if (first_sowing)
            facts[FACT_REFILL] = 1;   /* a sowing without a lift: the refill-left shell */
          first_sowing = FALSE;
          facts[FACT_LAST_CUP] = e->pit;
          if (e->detail == KZ_DETAIL_GRAND_SLAM)
            facts[FACT_GRAND_SLAM] = 1;
          break;
        case KZ_EVENT_RELAY:
          facts[FACT_RELAY]++;
          break;
        case KZ_EVENT_TRIPLE:
          facts[e->player == mover ? FACT_TRIPLE : FACT_TRIPLE_LOST]++;
          break;
        case KZ_EVENT_LUCKY:
          if (e->player == mover)
            facts[FACT_LUCKY] += e->count;
          break;
        case KZ_EVENT_CAPTURE:
          if (e->detail == KZ_DETAIL_GATHER)
            break;
          facts[e->player == mover ? FACT_CAPTURE : FACT_CAPTURE_LOST] += e->count;
          if (e->detail == KZ_DETAIL_PASU && e->player == mover)
            facts[FACT_PASU]++;
          break;
        case KZ_EVENT_STORE:
          if (e->player == mover)
            facts[FACT_STORE]++;
          facts[FACT_LAST_CUP] = -1;
          break;
        case KZ_EVENT_EXTRA_TURN:
          facts[FACT_EXTRA_TURN] = 1;
          break;
        case KZ_EVENT_MARK:
          facts[FACT_MARK]++;
          break;
        case KZ_EVENT_ROUND_END:
          facts[FACT_ROUND_END]++;
          break;
        case KZ_EVENT_MATCH_END:
          facts[FACT_MATCH_END] = 1;
          facts[FACT_WIN] = e->player == mover;
          break;
        case KZ_EVENT_ROUND_START:
        case KZ_N_EVENT_TYPES:
        default:
          break;
        }
    }
  facts[FACT_DRAWER] = after->stores[mover];
  facts[FACT_ACCOUNT] = kz_position_account (after, mover) - kz_position_account (before, mover);
  for (int p = 0; p < KZ_MAX_PITS; p++)
    facts[FACT_RUBBISH] += (after->rubbish >> p) & 1;
}

/* Fills {cup} {relays} {triples} {captured} {banked} {drawer} {account}
 * {stored} {rubbish} in a sentence; {cup} is numbered as the board numbers a cup,
 * 1 to 6 or 7 from its owner's left. */
static char *
fill_in (const char *text, const KzPosition *before, const int facts[N_FACTS])
{
  static const struct { const char *name; Fact fact; } fields[] = {
    { "{relays}", FACT_RELAY }, { "{triples}", FACT_TRIPLE }, { "{captured}", FACT_CAPTURE },
    { "{banked}", FACT_LUCKY }, { "{drawer}", FACT_DRAWER }, { "{account}", FACT_ACCOUNT },
    { "{stored}", FACT_STORE }, { "{rubbish}", FACT_RUBBISH },
  };
  GString *out = g_string_new (NULL);
  int per_row = before->n_pits / 2;

  for (const char *p = text; *p != '\0';)
    {
      gboolean done = FALSE;
      if (g_str_has_prefix (p, "{cup}"))
        {
          g_string_append_printf (out, "%d", facts[FACT_LAST_CUP] >= 0 ? facts[FACT_LAST_CUP] % per_row + 1 : 0);
          p += strlen ("{cup}");
          continue;
        }
      for (guint i = 0; i < G_N_ELEMENTS (fields) && !done; i++)
        if (g_str_has_prefix (p, fields[i].name))
          {
            g_string_append_printf (out, "%d", facts[fields[i].fact]);
            p += strlen (fields[i].name);
            done = TRUE;
          }
      if (!done)
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}

gboolean
kuzhi_lesson_judge (KuzhiLesson *self, const KzPosition *before, const KzEventLog *log, const KzPosition *after,
                    char **sentence)
{
  int facts[N_FACTS];
  gboolean met = TRUE;

  g_return_val_if_fail (KUZHI_IS_LESSON (self), FALSE);
  g_return_val_if_fail (before != NULL && log != NULL && after != NULL, FALSE);

  work_out_facts (before, log, after, facts);
  for (guint i = 0; i < self->n_checks && met; i++)
    {
      const Check *c = &self->checks[i];
      int v = facts[c->fact];
      met = c->op == OP_GE ? v >= c->value : c->op == OP_LE ? v <= c->value : v == c->value;
    }
  if (sentence != NULL)
    *sentence = fill_in (met ? self->met : self->missed, before, facts);
  return met;
}

/* Progress: [GAME] lesson-id=true, in kuzhi/lessons.ini. */
char *
kuzhi_lesson_progress_get_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kuzhi", "lessons.ini", NULL);
}

/* A progress file far larger than every lesson of every game makes. */
#define PROGRESS_MAX_SIZE (1024 * 1024)

/* The progress file in a new key file, or NULL with why it cannot be read
 * (G_FILE_ERROR_NOENT or _NOTDIR when there is none): only a regular file
 * of a sensible size is read. Nothing of a file GKeyFile stops reading
 * partway through is taken: it is set aside whole at the next write. */
static GKeyFile *
progress_load (const char *path, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length = 0;

  data = kuzhi_key_file_read_small (path, PROGRESS_MAX_SIZE, &length, error);
  if (data == NULL || !g_key_file_load_from_data (kf, data, length, G_KEY_FILE_KEEP_COMMENTS, error))
    return NULL;
  return g_steal_pointer (&kf);
}

/* Empty when the file cannot be read. */
static GKeyFile *
progress_read (const char *path)
{
  GKeyFile *kf = progress_load (path, NULL);

  return kf != NULL ? kf : g_key_file_new ();
}

gboolean
kuzhi_lesson_progress_is_done (const char *path, KzVariantId variant, const char *lesson_id)
{
  g_autofree char *default_path = path == NULL ? kuzhi_lesson_progress_get_default_path () : NULL;
  g_autoptr(GKeyFile) kf = progress_read (path != NULL ? path : default_path);
  const KzVariant *v = kz_variant_get (variant);

  g_return_val_if_fail (v != NULL && lesson_id != NULL, FALSE);
  return g_key_file_get_boolean (kf, v->key, lesson_id, NULL);
}

gboolean
kuzhi_lesson_progress_mark_done (const char *path, KzVariantId variant, const char *lesson_id, char **kept_aside,
                                 GError **error)
{
  g_autofree char *default_path = path == NULL ? kuzhi_lesson_progress_get_default_path () : NULL;
  const char *file = path != NULL ? path : default_path;
  g_autoptr(GKeyFile) kf = NULL;
  const KzVariant *v = kz_variant_get (variant);
  g_autofree char *dir = g_path_get_dirname (file);
  g_autofree char *data = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *lock_file = kuzhi_key_file_lock_path (file, ".ini");
  g_autoptr(KuzhiFileLock) lock = NULL;
  g_autoptr(GError) local = NULL;
  gsize length;

  g_return_val_if_fail (v != NULL && lesson_id != NULL, FALSE);
  g_return_val_if_fail (kept_aside == NULL || *kept_aside == NULL, FALSE);

  /* Another Kuzhi on the same data folder may be writing the file just
   * now (docs/match-file.md, "Two Kuzhis on one data folder"): it is
   * read, set aside and written under lessons.lock, so that neither
   * writes over a lesson the other kept. Without the lock (a folder that
   * cannot be written) the write below fails and says why. */
  g_mkdir_with_parents (dir, 0700);
  lock = kuzhi_file_lock_wait (lock_file, 5000, &local);
  if (lock == NULL && g_error_matches (local, G_IO_ERROR, G_IO_ERROR_BUSY))
    {
      g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_WRITE,
                   _("Could not save your progress in the lessons to “%s”: another Kuzhi is writing it"), file);
      return FALSE;
    }
  g_clear_error (&local);
  /* Only under the lock: a temporary may be the other's write under way. */
  if (lock != NULL)
    kuzhi_key_file_remove_stale_temporaries (file);

  /* Nothing a player did is lost: progress that cannot be read (damaged,
   * edited by hand) is kept beside, whole, before the write. */
  kf = progress_load (file, &local);
  if (kf == NULL &&
      !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
      !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOTDIR))
    {
      aside = kuzhi_key_file_set_aside (file, "lessons", ".ini");
      if (aside == NULL)
        {
          g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_WRITE,
                       /* Translators: the second %s is why the file cannot be read */
                       _("Could not save your progress in the lessons to “%s”: it cannot be read (%s), nor moved aside"),
                       file, local->message);
          return FALSE;
        }
      if (kept_aside != NULL)
        *kept_aside = g_steal_pointer (&aside);
    }
  g_clear_error (&local);
  if (kf == NULL)
    kf = g_key_file_new ();

  g_key_file_set_boolean (kf, v->key, lesson_id, TRUE);
  data = g_key_file_to_data (kf, &length, NULL);
  if (!kuzhi_key_file_replace (file, data, length, &local))
    {
      g_autofree char *reason = kuzhi_key_file_write_reason (file, local);

      g_set_error (error, KUZHI_LESSON_ERROR, KUZHI_LESSON_ERROR_WRITE,
                   _("Could not save your progress in the lessons to “%s”: %s"), file, reason);
      return FALSE;
    }
  return TRUE;
}

gboolean
kuzhi_lesson_progress_course_done (const char *path, GPtrArray *course)
{
  g_return_val_if_fail (course != NULL, FALSE);
  for (guint i = 0; i < course->len; i++)
    {
      KuzhiLesson *lesson = g_ptr_array_index (course, i);
      if (!kuzhi_lesson_progress_is_done (path, kuzhi_lesson_get_variant (lesson), lesson->id))
        return FALSE;
    }
  return course->len > 0;
}
