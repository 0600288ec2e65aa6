/* kuzhi-statistics.c — the results of finished matches, one record per match in the order they ended, kept in a key file; the figures are worked out from the records. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-statistics.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "kuzhi-file-lock.h"
#include "kuzhi-key-file.h"
#include "kuzhi-match-file.h"

G_DEFINE_QUARK (kuzhi-statistics-error-quark, kuzhi_statistics_error)

#define GROUP_STATISTICS "Statistics"
/* A match's group: the prefix, then its id. */
#define GROUP_MATCH_PREFIX "Match "
/* A puzzle's group (version 2): the prefix, then "GAME LEVEL SEED". */
#define GROUP_PUZZLE_PREFIX "Puzzle "
#define FILE_STEM ".ini"

static const char *const statistics_keys[] = { "Version", NULL };
static const char *const match_keys[] = {
  "Game", "Ended", "Player1", "Player2", "Player1Plays", "Player2Plays",
  "Winner", "Score", NULL
};
static const char *const puzzle_keys[] = { "Solved", "Tried", NULL };
static const char *const name_keys[2] = { "Player1", "Player2" };
static const char *const plays_keys[2] = { "Player1Plays", "Player2Plays" };

/* One finished match, as the file keeps it. */
typedef struct {
  char        *id;
  KzVariantId  variant;
  char        *names[2];
  KzLevel      levels[2];
  int          winner;
  int          scores[2];
  GDateTime   *ended;
} Record;

/* A puzzle's first try: never changes once recorded. */
typedef struct {
  char        *key;        /* "GAME LEVEL SEED", as in its group's name */
  KzVariantId  variant;
  int          level;
  guint64      seed;
  gboolean     solved;
  GDateTime   *tried;
} Puzzle;

struct _KuzhiStatistics
{
  GObject parent_instance;

  /* owned */
  char       *path;
  GPtrArray  *records;     /* Record *, in the order the matches ended */
  GHashTable *by_id;       /* id → Record *, borrowed from records */
  GPtrArray  *puzzles;     /* Puzzle *, in the order they were first tried */
  GHashTable *puzzle_by_key;   /* key → Puzzle *, borrowed from puzzles */
  GHashTable *pending_puzzles; /* keys of puzzles not in the file yet */
  /* The ids whose record (or its absence) is not in the file yet: a write
   * failed. The next write puts them in. */
  GHashTable *pending;
  /* The file on disk could be neither read nor moved aside: writing would
   * destroy what it may still hold. */
  gboolean    hands_off;
};

G_DEFINE_FINAL_TYPE (KuzhiStatistics, kuzhi_statistics, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
record_free (Record *record)
{
  g_free (record->id);
  g_free (record->names[0]);
  g_free (record->names[1]);
  g_clear_pointer (&record->ended, g_date_time_unref);
  g_free (record);
}

static void
puzzle_free (Puzzle *puzzle)
{
  g_free (puzzle->key);
  g_clear_pointer (&puzzle->tried, g_date_time_unref);
  g_free (puzzle);
}

static Puzzle *
puzzle_copy (const Puzzle *puzzle)
{
  Puzzle *copy = g_new0 (Puzzle, 1);

  *copy = *puzzle;
  copy->key = g_strdup (puzzle->key);
  copy->tried = g_date_time_ref (puzzle->tried);
  return copy;
}

static char *
puzzle_key (KzVariantId variant, int level, guint64 seed)
{
  return g_strdup_printf ("%s %d %" G_GUINT64_FORMAT, kz_variant_get (variant)->key, level, seed);
}

static GPtrArray *
puzzles_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) puzzle_free);
}

static Record *
record_copy (const Record *record)
{
  Record *copy = g_new0 (Record, 1);

  *copy = *record;
  copy->id = g_strdup (record->id);
  copy->names[0] = g_strdup (record->names[0]);
  copy->names[1] = g_strdup (record->names[1]);
  copy->ended = g_date_time_ref (record->ended);
  return copy;
}

static gboolean save (KuzhiStatistics *self, GError **error);

/* What a failed write left unwritten gets one more try before it is gone
 * with the object: the player may quit before the next match ends, which
 * was the only other try. */
static void
kuzhi_statistics_dispose (GObject *object)
{
  KuzhiStatistics *self = KUZHI_STATISTICS (object);

  if (self->pending != NULL &&
      (g_hash_table_size (self->pending) > 0 || g_hash_table_size (self->pending_puzzles) > 0))
    {
      g_autoptr(GError) error = NULL;

      if (!save (self, &error))
        g_message ("The statistics could not be saved: %s", error->message);
    }

  G_OBJECT_CLASS (kuzhi_statistics_parent_class)->dispose (object);
}

static void
kuzhi_statistics_finalize (GObject *object)
{
  KuzhiStatistics *self = KUZHI_STATISTICS (object);

  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->puzzle_by_key, g_hash_table_unref);
  g_clear_pointer (&self->pending_puzzles, g_hash_table_unref);
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (kuzhi_statistics_parent_class)->finalize (object);
}

static void
kuzhi_statistics_class_init (KuzhiStatisticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kuzhi_statistics_dispose;
  object_class->finalize = kuzhi_statistics_finalize;

  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
kuzhi_statistics_init (KuzhiStatistics *self)
{
  self->records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->puzzles = puzzles_new ();
  self->puzzle_by_key = g_hash_table_new (g_str_hash, g_str_equal);
  self->pending_puzzles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

char *
kuzhi_statistics_get_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kuzhi", "statistics" FILE_STEM, NULL);
}

KuzhiStatistics *
kuzhi_statistics_new (const char *path)
{
  KuzhiStatistics *self = g_object_new (KUZHI_TYPE_STATISTICS, NULL);

  self->path = path != NULL ? g_strdup (path) : kuzhi_statistics_get_default_path ();
  return self;
}

const char *
kuzhi_statistics_get_path (KuzhiStatistics *self)
{
  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), NULL);
  return self->path;
}

/* --- records ------------------------------------------------------------- */

static gboolean
is_person (KzLevel level)
{
  return level == KZ_LEVEL_NONE;
}

/* The side a person plays against the computer, or -1 for two people. */
static int
person_side (const KzLevel levels[2])
{
  if (is_person (levels[0]) == is_person (levels[1]))
    return -1;
  return is_person (levels[0]) ? 0 : 1;
}

/* A name as the records keep it: as a match file keeps it, and never
 * empty. */
static char *
clean_name (const char *name, int player)
{
  g_autofree char *clean = kuzhi_player_name_clean (name != NULL ? name : "");

  if (*clean == '\0')
    return g_strdup (player ? _("Player 2") : _("Player 1"));
  return g_utf8_substring (clean, 0, MIN (g_utf8_strlen (clean, -1), KUZHI_PLAYER_NAME_MAX_CHARS));
}

static KzLevel
clean_level (KzLevel level)
{
  return level >= KZ_LEVEL_EASY && level <= KZ_LEVEL_HARD ? level : KZ_LEVEL_NONE;
}

gboolean
kuzhi_statistics_counts (const KuzhiMatchResult *result)
{
  KzLevel levels[2];

  g_return_val_if_fail (result != NULL, FALSE);

  /* A position set up by hand (pasted, from the editor or the protocol)
   * can start a match half won: its end says nothing of a player. */
  if (result->set_up)
    return FALSE;
  levels[0] = clean_level (result->levels[0]);
  levels[1] = clean_level (result->levels[1]);
  /* A demo between two computers says nothing about anyone. */
  if (!is_person (levels[0]) && !is_person (levels[1]))
    return FALSE;
  /* A name against itself is no one's win or loss. */
  if (is_person (levels[0]) && is_person (levels[1]))
    {
      g_autofree char *a = clean_name (result->names[0], 0);
      g_autofree char *b = clean_name (result->names[1], 1);

      if (g_str_equal (a, b))
        return FALSE;
    }
  return TRUE;
}

static Record *
record_from_result (const KuzhiMatchResult *result)
{
  Record *record = g_new0 (Record, 1);

  record->id = g_strdup (result->id);
  record->variant = result->variant;
  for (int p = 0; p < 2; p++)
    {
      record->names[p] = clean_name (result->names[p], p);
      record->levels[p] = clean_level (result->levels[p]);
      record->scores[p] = CLAMP (result->scores[p], 0, KUZHI_STATISTICS_MAX_SCORE);
    }
  record->winner = result->winner == 0 || result->winner == 1 ? result->winner : -1;
  record->ended = result->ended != NULL ? g_date_time_to_utc (result->ended) : NULL;
  if (record->ended == NULL)
    record->ended = g_date_time_new_now_utc ();
  return record;
}

/* The same result: who played, how it ended (not when). */
static gboolean
record_same (const Record *a, const Record *b)
{
  return a->variant == b->variant && a->winner == b->winner &&
         a->levels[0] == b->levels[0] && a->levels[1] == b->levels[1] &&
         a->scores[0] == b->scores[0] && a->scores[1] == b->scores[1] &&
         g_str_equal (a->names[0], b->names[0]) && g_str_equal (a->names[1], b->names[1]);
}

static void
add_record (KuzhiStatistics *self, Record *record)
{
  g_ptr_array_add (self->records, record);
  g_hash_table_insert (self->by_id, record->id, record);
}

static void
remove_record (KuzhiStatistics *self, Record *record)
{
  g_hash_table_remove (self->by_id, record->id);
  g_ptr_array_remove (self->records, record);
}

static void
clear_records (KuzhiStatistics *self)
{
  g_hash_table_remove_all (self->by_id);
  g_ptr_array_set_size (self->records, 0);
  g_hash_table_remove_all (self->puzzle_by_key);
  g_ptr_array_set_size (self->puzzles, 0);
}

static void
add_puzzle (KuzhiStatistics *self, Puzzle *puzzle)
{
  g_ptr_array_add (self->puzzles, puzzle);
  g_hash_table_insert (self->puzzle_by_key, puzzle->key, puzzle);
}

/* --- the file ------------------------------------------------------------ */

static char *
to_data (GPtrArray *records, GPtrArray *puzzles, gsize *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();

  g_key_file_set_comment (kf, NULL, NULL,
                          " Kuzhi's statistics: every match counted, in the order the matches ended.\n"
                          " The figures Kuzhi shows are worked out from these.", NULL);
  /* Without puzzles the file is version 1's, which every Kuzhi reads. */
  g_key_file_set_integer (kf, GROUP_STATISTICS, "Version", puzzles->len > 0 ? KUZHI_STATISTICS_VERSION : 1);
  for (guint i = 0; i < records->len; i++)
    {
      const Record *r = g_ptr_array_index (records, i);
      g_autofree char *group = g_strconcat (GROUP_MATCH_PREFIX, r->id, NULL);
      g_autofree char *ended = kuzhi_key_file_format_time (r->ended);
      g_autofree char *score = g_strdup_printf ("%d;%d", r->scores[0], r->scores[1]);

      g_key_file_set_value (kf, group, "Game", kz_variant_get (r->variant)->key);
      g_key_file_set_value (kf, group, "Ended", ended);
      for (int p = 0; p < 2; p++)
        g_key_file_set_string (kf, group, name_keys[p], r->names[p]);
      for (int p = 0; p < 2; p++)
        g_key_file_set_value (kf, group, plays_keys[p], kuzhi_player_plays_to_string (r->levels[p]));
      g_key_file_set_integer (kf, group, "Winner", r->winner);
      g_key_file_set_value (kf, group, "Score", score);
    }
  for (guint i = 0; i < puzzles->len; i++)
    {
      const Puzzle *p = g_ptr_array_index (puzzles, i);
      g_autofree char *group = g_strconcat (GROUP_PUZZLE_PREFIX, p->key, NULL);
      g_autofree char *tried = kuzhi_key_file_format_time (p->tried);

      g_key_file_set_boolean (kf, group, "Solved", p->solved);
      g_key_file_set_value (kf, group, "Tried", tried);
    }
  return g_key_file_to_data (kf, length, NULL);
}

static gboolean
write_file (KuzhiStatistics *self, const char *data, gsize length, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *reason = NULL;

  if (self->hands_off)
    {
      g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE,
                   _("The statistics are not saved: the file “%s” could not be read, nor moved aside, and is left as it is"),
                   self->path);
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE,
                   _("Could not create the folder “%s” for the statistics: %s"),
                   dir, g_strerror (saved_errno));
      return FALSE;
    }
  if (kuzhi_key_file_replace (self->path, data, length, &local_error))
    return TRUE;
  reason = kuzhi_key_file_write_reason (self->path, local_error);
  g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE,
               _("Could not save the statistics to “%s”: %s"), self->path, reason);
  return FALSE;
}

static gboolean set_aside (KuzhiStatistics *self, const GError *reason, GError **error);
static gboolean read_file (const char *path, GPtrArray **records_out, GPtrArray **puzzles_out, GError **error);
static void set_records (KuzhiStatistics *self, GPtrArray *records, GPtrArray *puzzles);
static char *lock_path (KuzhiStatistics *self);

/* What the file holds now, with this Kuzhi's changes not yet written put
 * in: FALSE when the file cannot be read. */
static gboolean
read_merged (KuzhiStatistics *self, GPtrArray **merged_out, GPtrArray **puzzles_out, GError **error)
{
  GPtrArray *merged = NULL;
  GPtrArray *puzzles = NULL;
  g_autoptr(GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);

  if (!read_file (self->path, &merged, &puzzles, error))
    return FALSE;
  /* A puzzle's record never changes: the file's, then this Kuzhi's not
   * yet written that the file does not have. */
  for (guint i = 0; i < puzzles->len; i++)
    g_hash_table_add (keys, ((Puzzle *) g_ptr_array_index (puzzles, i))->key);
  for (guint i = 0; i < self->puzzles->len; i++)
    {
      const Puzzle *p = g_ptr_array_index (self->puzzles, i);

      if (g_hash_table_contains (self->pending_puzzles, p->key) && !g_hash_table_contains (keys, p->key))
        g_ptr_array_add (puzzles, puzzle_copy (p));
    }
  while (puzzles->len > KUZHI_STATISTICS_MAX_MATCHES)
    g_ptr_array_remove_index (puzzles, 0);
  *puzzles_out = puzzles;
  /* The changes not yet written, in the order their matches ended. */
  for (guint i = merged->len; i > 0; i--)
    {
      const Record *r = g_ptr_array_index (merged, i - 1);

      if (g_hash_table_contains (self->pending, r->id))
        g_ptr_array_remove_index (merged, i - 1);
    }
  for (guint i = 0; i < self->records->len; i++)
    {
      const Record *r = g_ptr_array_index (self->records, i);

      if (g_hash_table_contains (self->pending, r->id))
        g_ptr_array_add (merged, record_copy (r));
    }
  while (merged->len > KUZHI_STATISTICS_MAX_MATCHES)
    g_ptr_array_remove_index (merged, 0);
  *merged_out = merged;
  return TRUE;
}

/*
 * Writes what is held, merged with what the file holds now: another Kuzhi
 * on the same data folder (another session of the same user) may have
 * recorded matches since this one read it. Under the statistics lock, the
 * file is read again; the ids changed here and not yet written (pending)
 * take what this Kuzhi holds for them, every other record is the file's;
 * the result is written and becomes what is held. So no Kuzhi writes over
 * another's records, and a reset in one is not undone by the other.
 */
static gboolean
save (KuzhiStatistics *self, GError **error)
{
  g_autoptr(KuzhiFileLock) lock = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *lock_file = lock_path (self);
  g_autofree char *data = NULL;
  GPtrArray *merged = NULL;
  GPtrArray *puzzles = NULL;
  gsize length = 0;

  /* Refused with the reason (see write_file()). */
  if (self->hands_off)
    return write_file (self, "", 0, error);
  lock = kuzhi_file_lock_wait (lock_file, 5000, &local_error);
  /* A folder that cannot be written at all: the write fails too, and says
   * why. Held by another Kuzhi for seconds: try again at the next write. */
  if (lock == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_BUSY))
    {
      g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_WRITE,
                   _("Could not save the statistics to “%s”: another Kuzhi is writing them"), self->path);
      return FALSE;
    }
  g_clear_error (&local_error);

  if (!read_merged (self, &merged, &puzzles, &local_error))
    {
      g_autoptr(GError) aside_error = NULL;

      /* Broken since it was read: kept aside, and what this Kuzhi holds
       * is written in its place. */
      if (!set_aside (self, local_error, &aside_error))
        return write_file (self, "", 0, error);
      merged = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
      for (guint i = 0; i < self->records->len; i++)
        g_ptr_array_add (merged, record_copy (g_ptr_array_index (self->records, i)));
      puzzles = puzzles_new ();
      for (guint i = 0; i < self->puzzles->len; i++)
        g_ptr_array_add (puzzles, puzzle_copy (g_ptr_array_index (self->puzzles, i)));
    }

  data = to_data (merged, puzzles, &length);
  set_records (self, merged, puzzles);
  if (!write_file (self, data, length, error))
    return FALSE;
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->pending_puzzles);
  return TRUE;
}

/* Reading: each check gives the reason a file is refused, as the end of
 * the sentence "… cannot be read: REASON". */

static gboolean
broken (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
broken (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *reason = NULL;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN, reason);
  return FALSE;
}

/* What the shared parsers say about the statistics: each message is the
 * end of "… cannot be read: REASON", one code for them all. */
static const KuzhiKeyFileFormat file_format = {
  .domain = kuzhi_statistics_error_quark,
  .code_missing = KUZHI_STATISTICS_ERROR_BROKEN,
  .code_unknown = KUZHI_STATISTICS_ERROR_BROKEN,
  .code_version = KUZHI_STATISTICS_ERROR_BROKEN,
  .code_value = KUZHI_STATISTICS_ERROR_BROKEN,
  .version = KUZHI_STATISTICS_VERSION,
  .key_missing = N_("the key “%s” is missing from [%s]"),
  .key_unknown = N_("the key “%s” in [%s] is not part of the statistics file"),
  .version_unknown = N_("its format version “%s” is not one Kuzhi knows: this Kuzhi reads version %d"),
  .version_newer = N_("it has format version %d, from a newer Kuzhi: this Kuzhi reads version %d"),
  .name_unreadable = N_("the player name in “%s” of [%s] cannot be read"),
};

/* Every key of `group` is one of `known`, and every one of them is there. */
static gboolean
check_keys (GKeyFile *kf, const char *group, const char *shown_group, const char *const *known, GError **error)
{
  if (!kuzhi_key_file_check_keys (&file_format, kf, group, known, NULL, KUZHI_STATISTICS_VERSION, error))
    return FALSE;
  for (gsize i = 0; known[i] != NULL; i++)
    if (!g_key_file_has_key (kf, group, known[i], NULL))
      return broken (error, _("the key “%s” is missing from [%s]"), known[i], shown_group);
  return TRUE;
}

static char *
get_value (GKeyFile *kf, const char *group, const char *key)
{
  /* check_keys() made sure it is there. */
  return g_strstrip (g_key_file_get_value (kf, group, key, NULL));
}

static gboolean
read_version (GKeyFile *kf, int *version, GError **error)
{
  if (!g_key_file_has_group (kf, GROUP_STATISTICS))
    return broken (error, _("the group [Statistics] is missing"));
  return check_keys (kf, GROUP_STATISTICS, GROUP_STATISTICS, statistics_keys, error) &&
         kuzhi_key_file_read_version (&file_format, kf, GROUP_STATISTICS, version, error);
}

/* A puzzle's group, "Puzzle GAME LEVEL SEED" (version 2 on). */
static Puzzle *
read_puzzle (GKeyFile *kf, const char *group, GError **error)
{
  g_autofree char *shown_group = kuzhi_key_file_excerpt (group, 60);
  g_auto(GStrv) parts = g_strsplit (group + strlen (GROUP_PUZZLE_PREFIX), " ", -1);
  g_autofree char *solved = NULL;
  g_autofree char *tried = NULL;
  g_autoptr(GDateTime) time = NULL;
  const KzVariant *v = NULL;
  KzVariantId variant = KZ_N_VARIANTS;
  guint64 seed = 0;
  int level = 0;
  Puzzle *puzzle;

  if (g_strv_length (parts) == 3)
    v = kz_variant_lookup (parts[0]);
  for (int i = 0; v != NULL && i < KZ_N_VARIANTS; i++)
    if (kz_variant_get ((KzVariantId) i) == v)
      variant = (KzVariantId) i;
  if (variant == KZ_N_VARIANTS ||
      !kuzhi_key_file_parse_int (parts[1], 1, 3, &level) ||
      !g_ascii_string_to_unsigned (parts[2], 10, 0, G_MAXINT64, &seed, NULL) ||
      !g_ascii_isdigit (parts[2][0]))
    {
      broken (error, _("the group [%s] must name a game, a level from 1 to 3 and a seed, such as [Puzzle kalah 2 145]"),
              shown_group);
      return NULL;
    }
  if (!check_keys (kf, group, shown_group, puzzle_keys, error))
    return NULL;
  solved = get_value (kf, group, "Solved");
  if (!g_str_equal (solved, "true") && !g_str_equal (solved, "false"))
    {
      broken (error, _("the key “Solved” in [%s] must be true or false"), shown_group);
      return NULL;
    }
  tried = get_value (kf, group, "Tried");
  time = kuzhi_key_file_time_is_exact (tried) ? g_date_time_new_from_iso8601 (tried, NULL) : NULL;
  if (time == NULL)
    {
      broken (error, _("the key “Tried” in [%s] must be a date and time such as 2026-11-29T20:15:00Z"), shown_group);
      return NULL;
    }
  puzzle = g_new0 (Puzzle, 1);
  puzzle->key = puzzle_key (variant, level, seed);
  puzzle->variant = variant;
  puzzle->level = level;
  puzzle->seed = seed;
  puzzle->solved = g_str_equal (solved, "true");
  puzzle->tried = g_date_time_to_utc (time);
  return puzzle;
}

static gboolean
read_name (GKeyFile *kf, const char *group, const char *shown_group, int player, char **out, GError **error)
{
  g_autofree char *unescaped = kuzhi_key_file_read_name (&file_format, kf, group, name_keys[player], error);
  g_autofree char *name = NULL;

  if (unescaped == NULL)
    return FALSE;
  name = kuzhi_player_name_clean (unescaped);
  if (*name == '\0' || g_utf8_strlen (name, -1) > KUZHI_PLAYER_NAME_MAX_CHARS)
    return broken (error, _("the player name in “%s” of [%s] is empty or longer than %d characters"),
                   name_keys[player], shown_group, KUZHI_PLAYER_NAME_MAX_CHARS);
  *out = g_steal_pointer (&name);
  return TRUE;
}

static Record *
read_record (GKeyFile *kf, const char *group, GError **error)
{
  g_autofree char *shown_group = kuzhi_key_file_excerpt (group, 60);
  const char *id = group + strlen (GROUP_MATCH_PREFIX);
  g_autofree char *game = NULL;
  g_autofree char *ended = NULL;
  g_autofree char *winner = NULL;
  g_autofree char *score = NULL;
  g_auto(GStrv) scores = NULL;
  Record *record;
  const KzVariant *v;

  if (!g_str_has_prefix (group, GROUP_MATCH_PREFIX) || !g_uuid_string_is_valid (id))
    {
      broken (error, _("the group [%s] is not part of the statistics file"), shown_group);
      return NULL;
    }
  if (!check_keys (kf, group, shown_group, match_keys, error))
    return NULL;

  record = g_new0 (Record, 1);
  record->id = g_ascii_strdown (id, -1);

  game = get_value (kf, group, "Game");
  v = kz_variant_lookup (game);
  record->variant = KZ_N_VARIANTS;
  for (int i = 0; v != NULL && i < KZ_N_VARIANTS; i++)
    if (kz_variant_get ((KzVariantId) i) == v)
      record->variant = (KzVariantId) i;
  if (record->variant == KZ_N_VARIANTS)
    goto unknown_game;

  ended = get_value (kf, group, "Ended");
  /* A leap second or a fraction would be written back changed. */
  record->ended = kuzhi_key_file_time_is_exact (ended) ? g_date_time_new_from_iso8601 (ended, NULL) : NULL;
  if (record->ended != NULL)
    {
      /* Kept in UTC, as it is written; a date without a UTC form could not
       * be written again. */
      GDateTime *utc = g_date_time_to_utc (record->ended);

      g_date_time_unref (record->ended);
      record->ended = utc;
    }
  if (record->ended == NULL)
    {
      broken (error, _("the key “Ended” in [%s] must be a date and time such as 2026-11-29T20:15:00Z"), shown_group);
      goto fail;
    }

  for (int p = 0; p < 2; p++)
    {
      g_autofree char *plays = get_value (kf, group, plays_keys[p]);

      if (!read_name (kf, group, shown_group, p, &record->names[p], error))
        goto fail;
      if (!kuzhi_player_plays_parse (plays, &record->levels[p]))
        {
          broken (error, _("the key “%s” in [%s] must be person, easy, normal or hard"), plays_keys[p], shown_group);
          goto fail;
        }
    }
  if (!is_person (record->levels[0]) && !is_person (record->levels[1]))
    {
      broken (error, _("[%s] is a match between two computers, which is never counted"), shown_group);
      goto fail;
    }
  if (is_person (record->levels[0]) && is_person (record->levels[1]) &&
      g_str_equal (record->names[0], record->names[1]))
    {
      broken (error, _("[%s] is a match between two players of the same name, which is never counted"), shown_group);
      goto fail;
    }

  winner = get_value (kf, group, "Winner");
  if (!kuzhi_key_file_parse_int (winner, -1, 1, &record->winner))
    {
      broken (error, _("the key “Winner” in [%s] must be 0, 1 or -1 (a draw)"), shown_group);
      goto fail;
    }

  score = get_value (kf, group, "Score");
  scores = g_strsplit (score, ";", -1);
  if (g_strv_length (scores) != 2 ||
      !kuzhi_key_file_parse_int (g_strstrip (scores[0]), 0, KUZHI_STATISTICS_MAX_SCORE, &record->scores[0]) ||
      !kuzhi_key_file_parse_int (g_strstrip (scores[1]), 0, KUZHI_STATISTICS_MAX_SCORE, &record->scores[1]))
    {
      broken (error, _("the key “Score” in [%s] must be two whole numbers from 0 to %d, separated by ;"),
              shown_group, KUZHI_STATISTICS_MAX_SCORE);
      goto fail;
    }
  return record;

unknown_game:
  {
    g_autofree char *shown = kuzhi_key_file_excerpt (game, 40);

    broken (error, _("[%s] names a game Kuzhi does not know, “%s”"), shown_group, shown);
  }
fail:
  record_free (record);
  return NULL;
}

static int
compare_puzzles (gconstpointer a, gconstpointer b)
{
  const Puzzle *x = *(Puzzle *const *) a;
  const Puzzle *y = *(Puzzle *const *) b;
  int order = g_date_time_compare (x->tried, y->tried);

  return order != 0 ? order : strcmp (x->key, y->key);
}

/* Everything or nothing: the records are put in place only when the whole
 * file has been read. */
static gboolean
from_data (const char *data, gsize length, GPtrArray **records_out, GPtrArray **puzzles_out, GError **error)
{
  g_autoptr(GPtrArray) puzzles = puzzles_new ();
  int version = 0;
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_auto(GStrv) groups = NULL;

  if (memchr (data, '\0', length) != NULL || !g_utf8_validate (data, (gssize) length, NULL))
    return broken (error, _("it is not UTF-8 text"));
  /* Translations are kept, so that a key such as Player1[de] is refused
   * in every locale alike rather than dropped in all but one. */
  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_KEEP_TRANSLATIONS, &local_error))
    {
      g_autofree char *reason = kuzhi_key_file_excerpt (local_error->message, 200);

      return broken (error, _("it is not a key file (%s)"), reason);
    }
  if (!read_version (kf, &version, error))
    return FALSE;

  groups = g_key_file_get_groups (kf, NULL);
  for (gsize i = 0; groups[i] != NULL; i++)
    {
      Record *record;

      if (g_str_equal (groups[i], GROUP_STATISTICS))
        continue;
      if (version >= 2 && g_str_has_prefix (groups[i], GROUP_PUZZLE_PREFIX))
        {
          Puzzle *puzzle = read_puzzle (kf, groups[i], error);

          if (puzzle == NULL)
            return FALSE;
          if (g_hash_table_contains (ids, puzzle->key))
            {
              g_autofree char *shown_group = kuzhi_key_file_excerpt (groups[i], 60);

              puzzle_free (puzzle);
              return broken (error, _("[%s] appears twice"), shown_group);
            }
          g_ptr_array_add (puzzles, puzzle);
          g_hash_table_add (ids, puzzle->key);
          continue;
        }
      record = read_record (kf, groups[i], error);
      if (record == NULL)
        return FALSE;
      /* GKeyFile merges a group written twice; a group that differs only
       * in the case of its id is the same match twice. */
      if (g_hash_table_contains (ids, record->id))
        {
          g_autofree char *shown_group = kuzhi_key_file_excerpt (groups[i], 60);

          record_free (record);
          return broken (error, _("[%s] appears twice"), shown_group);
        }
      g_ptr_array_add (records, record);
      g_hash_table_add (ids, record->id);
    }

  /* In the order they were tried, whatever the file's order. */
  g_ptr_array_sort (puzzles, compare_puzzles);
  *records_out = g_steal_pointer (&records);
  *puzzles_out = g_steal_pointer (&puzzles);
  return TRUE;
}

/* Puts `records` and `puzzles` (taken) in place of the ones held. */
static void
set_records (KuzhiStatistics *self, GPtrArray *records, GPtrArray *puzzles)
{
  gsize n = 0, n_puzzles = 0;
  g_autofree gpointer *items = g_ptr_array_steal (records, &n);
  g_autofree gpointer *puzzle_items = g_ptr_array_steal (puzzles, &n_puzzles);

  g_ptr_array_unref (records);
  g_ptr_array_unref (puzzles);
  clear_records (self);
  for (gsize i = 0; i < n; i++)
    add_record (self, items[i]);
  for (gsize i = 0; i < n_puzzles; i++)
    add_puzzle (self, puzzle_items[i]);
}

/* The records in the file at `path`: none when there is no file (nor the
 * folder it would be in). FALSE with a KUZHI_STATISTICS_ERROR_BROKEN that
 * says why, as the end of "… cannot be read: REASON". */
static gboolean
read_file (const char *path, GPtrArray **records_out, GPtrArray **puzzles_out, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;
  struct stat st;

  if (g_lstat (path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
    {
      *records_out = g_ptr_array_new_with_free_func ((GDestroyNotify) record_free);
      *puzzles_out = puzzles_new ();
      return TRUE;
    }
  data = kuzhi_key_file_read_small (path, KUZHI_STATISTICS_MAX_SIZE, &length, &local_error);
  if (data == NULL)
    return broken (error, "%s", local_error->message);
  return from_data (data, length, records_out, puzzles_out, error);
}

/* The path of the lock that guards the file while it is read, merged and
 * written (docs/match-file.md, "Two Kuzhis on one data folder"). */
static char *
lock_path (KuzhiStatistics *self)
{
  return kuzhi_key_file_lock_path (self->path, FILE_STEM);
}

/* A file that cannot be read is moved aside; FALSE when it cannot be,
 * and then nothing is written over it (hands_off). `reason` says why it
 * was not read. */
static gboolean
set_aside (KuzhiStatistics *self, const GError *reason, GError **error)
{
  g_autofree char *aside = kuzhi_key_file_set_aside (self->path, "statistics", FILE_STEM);

  if (aside != NULL)
    {
      g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN,
                   _("The statistics file “%s” cannot be read: %s. It was kept as “%s”, and the statistics start afresh."),
                   self->path, reason->message, aside);
      return TRUE;
    }
  self->hands_off = TRUE;
  g_set_error (error, KUZHI_STATISTICS_ERROR, KUZHI_STATISTICS_ERROR_BROKEN,
               _("The statistics file “%s” cannot be read: %s. It could not be moved aside either, so it stays as it is and the statistics are not saved."),
               self->path, reason->message);
  return FALSE;
}

gboolean
kuzhi_statistics_load (KuzhiStatistics *self,
                       GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KuzhiFileLock) lock = NULL;
  GPtrArray *records = NULL;
  GPtrArray *puzzles = NULL;
  g_autofree char *lock_file = NULL;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Another Kuzhi on the same folder may be writing it (or setting it
   * aside) just now. Without the lock (a folder that cannot be written)
   * it is read all the same; with no file, nothing is created. */
  lock_file = lock_path (self);
  if (g_file_test (self->path, G_FILE_TEST_EXISTS))
    lock = kuzhi_file_lock_wait (lock_file, 5000, NULL);
  /* Only under the lock: a temporary may be the other's write under way. */
  if (lock != NULL)
    kuzhi_key_file_remove_stale_temporaries (self->path);
  self->hands_off = FALSE;
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->pending_puzzles);
  clear_records (self);

  if (read_file (self->path, &records, &puzzles, &local_error))
    {
      set_records (self, records, puzzles);
      g_signal_emit (self, signals[CHANGED], 0);
      return TRUE;
    }
  set_aside (self, local_error, error);
  g_signal_emit (self, signals[CHANGED], 0);
  return FALSE;
}

void
kuzhi_statistics_refresh (KuzhiStatistics *self)
{
  g_autoptr(KuzhiFileLock) lock = NULL;
  g_autofree char *lock_file = NULL;
  GPtrArray *merged = NULL;
  GPtrArray *puzzles = NULL;

  g_return_if_fail (KUZHI_IS_STATISTICS (self));

  if (self->hands_off || !g_file_test (self->path, G_FILE_TEST_EXISTS))
    return;
  lock_file = lock_path (self);
  lock = kuzhi_file_lock_wait (lock_file, 5000, NULL);
  /* A file broken since: the next write sets it aside and says so. */
  if (!read_merged (self, &merged, &puzzles, NULL))
    return;
  set_records (self, merged, puzzles);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
kuzhi_statistics_record (KuzhiStatistics         *self,
                         const KuzhiMatchResult  *result,
                         GError                 **error)
{
  Record *old;
  gboolean ok;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (result->id != NULL && g_uuid_string_is_valid (result->id), FALSE);
  g_return_val_if_fail (kz_variant_get (result->variant) != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  {
    g_autofree char *id = g_ascii_strdown (result->id, -1);
    old = g_hash_table_lookup (self->by_id, id);
  }
  if (!kuzhi_statistics_counts (result))
    {
      /* It ended last as a match that is not counted. */
      if (old == NULL)
        return TRUE;
      remove_record (self, old);
    }
  else
    {
      Record *record = record_from_result (result);

      g_free (record->id);
      record->id = g_ascii_strdown (result->id, -1);
      /* Undone and played to the same end (or redone): nothing new. */
      if (old != NULL && record_same (old, record))
        {
          record_free (record);
          return TRUE;
        }
      /* Ended again: the new result replaces the old one, in the place
       * of the match that ended last. */
      if (old != NULL)
        remove_record (self, old);
      while (self->records->len >= KUZHI_STATISTICS_MAX_MATCHES)
        remove_record (self, g_ptr_array_index (self->records, 0));
      add_record (self, record);
    }
  g_hash_table_add (self->pending, g_ascii_strdown (result->id, -1));
  ok = save (self, error);
  g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

gboolean
kuzhi_statistics_record_match (KuzhiStatistics *self,
                               KuzhiGameModel  *model,
                               GError         **error)
{
  KuzhiMatchResult result = { 0 };

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (model), FALSE);
  g_return_val_if_fail (kuzhi_game_model_get_over (model), FALSE);

  result.id = kuzhi_game_model_get_match_id (model);
  result.variant = kuzhi_game_model_get_variant (model);
  result.winner = kuzhi_game_model_get_winner (model);
  result.set_up = kz_match_is_set_up (kuzhi_game_model_get_match (model));
  for (int p = 0; p < 2; p++)
    {
      result.names[p] = kuzhi_game_model_get_player_name (model, p);
      result.levels[p] = kuzhi_game_model_get_player_level (model, p);
      result.scores[p] = kuzhi_game_model_get_score (model, p);
    }
  return kuzhi_statistics_record (self, &result, error);
}

gboolean
kuzhi_statistics_reset (KuzhiStatistics *self,
                        GError         **error)
{
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GPtrArray) no_puzzles = g_ptr_array_new ();
  g_autoptr(KuzhiFileLock) lock = NULL;
  g_autofree char *lock_file = NULL;
  gsize length = 0;
  g_autofree char *data = NULL;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The empty file first: only once it is written are the records gone.
   * Under the lock, so that it does not cut into another Kuzhi's write. */
  lock_file = lock_path (self);
  lock = kuzhi_file_lock_wait (lock_file, 5000, NULL);
  data = to_data (none, no_puzzles, &length);
  if (!write_file (self, data, length, error))
    return FALSE;
  g_hash_table_remove_all (self->pending);
  g_hash_table_remove_all (self->pending_puzzles);
  clear_records (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
kuzhi_statistics_record_puzzle (KuzhiStatistics *self,
                                KzVariantId      variant,
                                int              level,
                                guint64          seed,
                                gboolean         solved,
                                GError         **error)
{
  Puzzle *puzzle;
  gboolean ok;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (kz_variant_get (variant) != NULL, FALSE);
  g_return_val_if_fail (level >= 1 && level <= 3, FALSE);
  g_return_val_if_fail (seed <= G_MAXINT64, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (kuzhi_statistics_get_puzzle (self, variant, level, seed, NULL))
    return TRUE;
  puzzle = g_new0 (Puzzle, 1);
  puzzle->key = puzzle_key (variant, level, seed);
  puzzle->variant = variant;
  puzzle->level = level;
  puzzle->seed = seed;
  puzzle->solved = solved != FALSE;
  puzzle->tried = g_date_time_new_now_utc ();
  while (self->puzzles->len >= KUZHI_STATISTICS_MAX_MATCHES)
    {
      Puzzle *oldest = g_ptr_array_index (self->puzzles, 0);

      g_hash_table_remove (self->puzzle_by_key, oldest->key);
      g_ptr_array_remove_index (self->puzzles, 0);
    }
  add_puzzle (self, puzzle);
  g_hash_table_add (self->pending_puzzles, g_strdup (puzzle->key));
  ok = save (self, error);
  g_signal_emit (self, signals[CHANGED], 0);
  return ok;
}

gboolean
kuzhi_statistics_get_puzzle (KuzhiStatistics *self,
                             KzVariantId      variant,
                             int              level,
                             guint64          seed,
                             gboolean        *solved)
{
  g_autofree char *key = NULL;
  const Puzzle *puzzle;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (kz_variant_get (variant) != NULL, FALSE);

  key = puzzle_key (variant, level, seed);
  puzzle = g_hash_table_lookup (self->puzzle_by_key, key);
  if (puzzle != NULL && solved != NULL)
    *solved = puzzle->solved;
  return puzzle != NULL;
}

/* --- the figures --------------------------------------------------------- */

guint
kuzhi_statistics_get_n_matches (KuzhiStatistics *self,
                                int              variant)
{
  guint n = 0;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), 0);

  if (variant < 0)
    return self->records->len;
  for (guint i = 0; i < self->records->len; i++)
    if (((Record *) g_ptr_array_index (self->records, i))->variant == (KzVariantId) variant)
      n++;
  return n;
}

guint
kuzhi_statistics_get_n_puzzles (KuzhiStatistics *self,
                                int              variant)
{
  guint n = 0;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), 0);

  if (variant < 0)
    return self->puzzles->len;
  for (guint i = 0; i < self->puzzles->len; i++)
    if (((Puzzle *) g_ptr_array_index (self->puzzles, i))->variant == (KzVariantId) variant)
      n++;
  return n;
}

int
kuzhi_statistics_get_latest_variant (KuzhiStatistics *self)
{
  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), -1);

  if (self->records->len == 0)
    return -1;
  return ((Record *) g_ptr_array_index (self->records, self->records->len - 1))->variant;
}

/* `margin`: the winner's, for a win (`outcome` 1); -1 a loss, 0 a draw. */
static void
tally_add (KuzhiTally *tally, int outcome, int margin)
{
  tally->played++;
  if (outcome > 0)
    {
      tally->won++;
      tally->best_margin = MAX (tally->best_margin, margin);
    }
  else if (outcome < 0)
    tally->lost++;
  else
    tally->drawn++;
}

/* What the winner won by: the difference of the scores, at least one (a
 * rule may decide a match against the count, as Pallanguzhi's player who
 * cannot fill a cup loses). */
static int
record_margin (const Record *r)
{
  if (r->winner < 0)
    return 0;
  return MAX (1, r->scores[r->winner] - r->scores[!r->winner]);
}

static int
outcome_for (const Record *r, int side)
{
  if (r->winner < 0)
    return 0;
  return r->winner == side ? 1 : -1;
}

static int
compare_people (gconstpointer a, gconstpointer b)
{
  const KuzhiNamedTally *x = a;
  const KuzhiNamedTally *y = b;

  if (x->tally.played != y->tally.played)
    return x->tally.played > y->tally.played ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

KuzhiGameStatistics *
kuzhi_statistics_get_game (KuzhiStatistics *self,
                           KzVariantId      variant)
{
  KuzhiGameStatistics *stats;
  g_autoptr(GArray) people = g_array_new (FALSE, TRUE, sizeof (KuzhiNamedTally));
  g_autoptr(GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  guint streak = 0;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (self), NULL);

  stats = g_new0 (KuzhiGameStatistics, 1);
  stats->variant = variant;
  stats->best_margin_level = KZ_LEVEL_NONE;

  for (guint i = 0; i < self->records->len; i++)
    {
      const Record *r = g_ptr_array_index (self->records, i);
      int side;

      if (r->variant != variant)
        continue;
      stats->n_matches++;
      side = person_side (r->levels);
      if (side >= 0)
        {
          KzLevel level = r->levels[!side];
          int outcome = outcome_for (r, side);
          int margin = record_margin (r);
          KuzhiTally *all = &stats->computer[KZ_LEVEL_NONE];

          tally_add (&stats->computer[level], outcome, margin);
          if (outcome > 0 && margin > all->best_margin)
            stats->best_margin_level = level;
          tally_add (all, outcome, margin);
          streak = outcome > 0 ? streak + 1 : 0;
          stats->best_streak = MAX (stats->best_streak, streak);
          continue;
        }

      stats->n_hot_seat++;
      for (int p = 0; p < 2; p++)
        {
          gpointer found;
          guint at;

          if (g_hash_table_lookup_extended (index, r->names[p], NULL, &found))
            at = GPOINTER_TO_UINT (found);
          else
            {
              KuzhiNamedTally person = { 0 };

              at = people->len;
              /* Borrowed until the end, then copied. */
              person.name = r->names[p];
              g_array_append_val (people, person);
              g_hash_table_insert (index, r->names[p], GUINT_TO_POINTER (at));
            }
          tally_add (&g_array_index (people, KuzhiNamedTally, at).tally, outcome_for (r, p), record_margin (r));
        }
    }
  stats->current_streak = streak;
  for (guint i = 0; i < self->puzzles->len; i++)
    {
      const Puzzle *p = g_ptr_array_index (self->puzzles, i);

      if (p->variant != variant)
        continue;
      stats->puzzles_tried++;
      if (p->solved)
        stats->puzzles_solved++;
    }

  g_array_sort (people, compare_people);
  stats->n_people = people->len;
  stats->people = g_new0 (KuzhiNamedTally, MAX (people->len, 1));
  for (guint i = 0; i < people->len; i++)
    {
      stats->people[i] = g_array_index (people, KuzhiNamedTally, i);
      stats->people[i].name = g_strdup (stats->people[i].name);
    }
  return stats;
}

void
kuzhi_game_statistics_free (KuzhiGameStatistics *stats)
{
  if (stats == NULL)
    return;
  for (guint i = 0; i < stats->n_people; i++)
    g_free (stats->people[i].name);
  g_free (stats->people);
  g_free (stats);
}
