/* kuzhi-match-file.c — writes a match as a GKeyFile and loads one back by replaying its actions and checking the stored position. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
/* renameat2() and RENAME_EXCHANGE */
#define _GNU_SOURCE
#include "config.h"

#include "kuzhi-match-file.h"
#include "kuzhi-match-file-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kuzhi-file-lock.h"
#include "kuzhi-key-file.h"

G_DEFINE_QUARK (kuzhi-match-file-error-quark, kuzhi_match_file_error)

#define GROUP_MATCH    "Match"
#define GROUP_POSITION "Position"
/* Version 4: the position a match set up by hand started from. */
#define GROUP_START    "Start"
/* Only in the autosave: the file the match belongs to (see
 * kuzhi_match_file_autosave()). Not part of a match file's format, so it
 * needs no new Version; Open and `load` ignore it. */
#define GROUP_AUTOSAVE "Autosave"

/* Each version is a closed set of keys: anything else is refused rather
 * than silently dropped, and a newer format bumps Version. Version 2 adds
 * who plays each side, version 3 the match's identity; versions 1 (both
 * sides people) and 2 are still read. */
static const char *const match_keys_v1[] = {
  "Version", "Variant", "Seeds", "Pasu", "Player1", "Player2",
  "Actions", "Created", "Modified", NULL
};
static const char *const match_keys_v2[] = {
  "Version", "Variant", "Seeds", "Pasu", "Player1", "Player2",
  "Player1Plays", "Player2Plays", "Actions", "Created", "Modified", NULL
};
static const char *const match_keys[] = {
  "Version", "Id", "Variant", "Seeds", "Pasu", "Player1", "Player2",
  "Player1Plays", "Player2Plays", "Actions", "Created", "Modified", NULL
};
static const char *const plays_keys[2] = { "Player1Plays", "Player2Plays" };
static const char *const autosave_keys[] = { "File", "FileSha256", NULL };
static const char *const start_keys[] = {
  "Pits", "Stores", "ToMove", "Round", "Opener", "RefillLeft", "Lucky", "Rubbish",
  "Plies", "QuietPlies", NULL
};
static const char *const position_keys[] = {
  "Pits", "Stores", "ToMove", "Over", "Winner", "End", "Round",
  "RefillLeft", "Lucky", "Rubbish", "Plies", NULL
};

/* The keys of [Position] that hold plain integers or integer lists, in the
 * order they are written. Filling them from a position is shared by the
 * writer and by the check after loading, so that both agree by design. */
typedef struct {
  const char *key;
  int         values[KZ_MAX_PITS];
  int         n;
  gboolean    fixed;   /* the count is part of the check */
} IntField;

enum {
  FIELD_PITS,
  FIELD_STORES,
  FIELD_TO_MOVE,
  FIELD_WINNER,
  FIELD_ROUND,
  FIELD_REFILL_LEFT,
  FIELD_LUCKY,
  FIELD_RUBBISH,
  FIELD_PLIES,
  N_FIELDS
};

static void
fields_from_position (const KzPosition *pos, IntField fields[N_FIELDS])
{
  IntField *f;

  memset (fields, 0, sizeof (IntField) * N_FIELDS);

  f = &fields[FIELD_PITS];
  f->key = "Pits";
  f->fixed = TRUE;
  for (int i = 0; i < pos->n_pits; i++)
    f->values[f->n++] = pos->pits[i];

  f = &fields[FIELD_STORES];
  f->key = "Stores";
  f->fixed = TRUE;
  f->values[f->n++] = pos->stores[0];
  f->values[f->n++] = pos->stores[1];

  f = &fields[FIELD_TO_MOVE];
  f->key = "ToMove";
  f->fixed = TRUE;
  f->values[f->n++] = pos->to_move;

  f = &fields[FIELD_WINNER];
  f->key = "Winner";
  f->fixed = TRUE;
  f->values[f->n++] = pos->over ? pos->winner : -1;

  f = &fields[FIELD_ROUND];
  f->key = "Round";
  f->fixed = TRUE;
  f->values[f->n++] = pos->round;

  f = &fields[FIELD_REFILL_LEFT];
  f->key = "RefillLeft";
  f->fixed = TRUE;
  f->values[f->n++] = pos->refill_left[0];
  f->values[f->n++] = pos->refill_left[1];

  f = &fields[FIELD_LUCKY];
  f->key = "Lucky";
  f->fixed = TRUE;
  f->values[f->n++] = pos->lucky[0];
  f->values[f->n++] = pos->lucky[1];

  /* The pits out of play, as the protocol lists them. */
  f = &fields[FIELD_RUBBISH];
  f->key = "Rubbish";
  f->fixed = FALSE;
  for (int i = 0; i < pos->n_pits; i++)
    if (pos->rubbish & (1u << i))
      f->values[f->n++] = i;

  f = &fields[FIELD_PLIES];
  f->key = "Plies";
  f->fixed = TRUE;
  f->values[f->n++] = pos->plies;
}

static char *
join_ints (const int *values, int n)
{
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, i == 0 ? "%d" : ";%d", values[i]);
  return g_string_free (s, FALSE);
}

/* [Start]: the keys of [Position] that a start has (a start is never
 * over), with the round's opener and the plies since the last capture,
 * which a replay cannot work out. */
static void
write_start (GKeyFile *kf, const KzPosition *start)
{
  IntField fields[N_FIELDS];

  fields_from_position (start, fields);
  for (int i = 0; i < N_FIELDS; i++)
    {
      g_autofree char *text = NULL;

      if (i == FIELD_WINNER)
        continue;
      text = join_ints (fields[i].values, fields[i].n);
      g_key_file_set_value (kf, GROUP_START, fields[i].key, text);
      if (i == FIELD_ROUND)
        g_key_file_set_integer (kf, GROUP_START, "Opener", start->opener);
    }
  g_key_file_set_integer (kf, GROUP_START, "QuietPlies", start->quiet_plies);
}

static char *
join_actions (const KzMatch *match)
{
  GString *s = g_string_new (NULL);
  char buf[8];

  for (gsize i = 0; i < match->n_history; i++)
    {
      if (i > 0)
        g_string_append_c (s, ';');
      g_string_append (s, kz_action_to_string (match->history[i].action, buf));
    }
  return g_string_free (s, FALSE);
}

/* Player names */

char *
kuzhi_player_name_clean (const char *name)
{
  GString *out;
  gboolean space = FALSE;

  g_return_val_if_fail (name != NULL, NULL);

  /* A run of control characters (a tab, a line break) becomes one space. */
  out = g_string_sized_new (strlen (name));
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        break;
      if (g_unichar_iscntrl (c))
        {
          space = TRUE;
          continue;
        }
      if (space && out->len > 0)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_unichar (out, c);
    }
  return g_strstrip (g_string_free (out, FALSE));
}

char *
kuzhi_player_name_read (const char  *text,
                        const char  *where,
                        GQuark       domain,
                        int          code,
                        GError     **error)
{
  g_autofree char *name = kuzhi_player_name_clean (text);
  glong length = g_utf8_strlen (name, -1);

  if (length > KUZHI_PLAYER_NAME_MAX_CHARS)
    {
      g_set_error (error, domain, code, _("The player name in “%s” is %ld characters long: a name has at most %d"),
                   where, length, KUZHI_PLAYER_NAME_MAX_CHARS);
      return NULL;
    }
  return g_steal_pointer (&name);
}

static char *
name_for_file (const char *const names[2], int player)
{
  g_autofree char *clean = NULL;

  if (names == NULL || names[player] == NULL)
    return g_strdup (player ? _("Player 2") : _("Player 1"));
  /* What the file holds must load again: cleaned and within the limit. */
  clean = kuzhi_player_name_clean (names[player]);
  return g_utf8_substring (clean, 0, MIN (g_utf8_strlen (clean, -1), KUZHI_PLAYER_NAME_MAX_CHARS));
}

/* Who plays a side, as Player1Plays and Player2Plays say it: in KzLevel
 * order, a person first. */
static const char *const plays_values[] = { "person", "easy", "normal", "hard" };
G_STATIC_ASSERT (G_N_ELEMENTS (plays_values) == KZ_LEVEL_HARD + 1);

const char *
kuzhi_player_plays_to_string (KzLevel level)
{
  /* Anything but a level the computer plays at is a person. */
  if (level < KZ_LEVEL_NONE || level > KZ_LEVEL_HARD)
    return plays_values[KZ_LEVEL_NONE];
  return plays_values[level];
}

gboolean
kuzhi_player_plays_parse (const char *text,
                          KzLevel    *out)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (int level = KZ_LEVEL_NONE; level <= KZ_LEVEL_HARD; level++)
    if (g_str_equal (text, plays_values[level]))
      {
        if (out != NULL)
          *out = (KzLevel) level;
        return TRUE;
      }
  return FALSE;
}

static const char *
plays_for_file (const KzLevel levels[2], int player)
{
  return kuzhi_player_plays_to_string (levels != NULL ? levels[player] : KZ_LEVEL_NONE);
}

char *
kuzhi_match_file_to_data (const KzMatch     *match,
                          const char *const  names[2],
                          const KzLevel      levels[2],
                          GDateTime         *created,
                          const char        *id,
                          gsize             *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *actions = NULL;
  g_autofree char *created_text = NULL;
  g_autofree char *modified_text = NULL;
  g_autofree char *name1 = NULL;
  g_autofree char *name2 = NULL;
  g_autofree char *new_id = NULL;
  const KzPosition *pos;
  const KzVariant *v;
  IntField fields[N_FIELDS];
  gboolean set_up;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (id == NULL || g_uuid_string_is_valid (id), NULL);
  v = kz_position_variant (&match->pos);
  g_return_val_if_fail (v != NULL, NULL);

  pos = &match->pos;
  actions = join_actions (match);
  created_text = kuzhi_key_file_format_time (created != NULL ? created : now);
  modified_text = kuzhi_key_file_format_time (now);

  set_up = kz_match_is_set_up (match);
  g_key_file_set_comment (kf, NULL, NULL,
                          set_up ? " A Kuzhi match: the game, its options, who plays each side and every action played.\n"
                                   " The [Start] group is the position it started from, set up by hand.\n"
                                   " The [Position] group repeats the result, to check the file."
                                 : " A Kuzhi match: the game, its options, who plays each side and every action played.\n"
                                   " The [Position] group repeats the result, to check the file.", NULL);
  g_key_file_set_integer (kf, GROUP_MATCH, "Version",
                          set_up ? KUZHI_MATCH_FILE_VERSION : KUZHI_MATCH_FILE_VERSION_USUAL_START);
  if (id == NULL)
    id = new_id = g_uuid_string_random ();
  g_key_file_set_value (kf, GROUP_MATCH, "Id", id);
  g_key_file_set_string (kf, GROUP_MATCH, "Variant", v->key);
  g_key_file_set_integer (kf, GROUP_MATCH, "Seeds", match->start.seeds);
  if (v->pasu_choices[0] != 0)
    g_key_file_set_integer (kf, GROUP_MATCH, "Pasu", match->start.option);
  name1 = name_for_file (names, 0);
  name2 = name_for_file (names, 1);
  g_key_file_set_string (kf, GROUP_MATCH, "Player1", name1);
  g_key_file_set_string (kf, GROUP_MATCH, "Player2", name2);
  g_key_file_set_value (kf, GROUP_MATCH, plays_keys[0], plays_for_file (levels, 0));
  g_key_file_set_value (kf, GROUP_MATCH, plays_keys[1], plays_for_file (levels, 1));
  g_key_file_set_value (kf, GROUP_MATCH, "Actions", actions);
  g_key_file_set_value (kf, GROUP_MATCH, "Created", created_text);
  g_key_file_set_value (kf, GROUP_MATCH, "Modified", modified_text);
  if (set_up)
    write_start (kf, &match->start);

  fields_from_position (pos, fields);
  for (int i = 0; i < N_FIELDS; i++)
    {
      g_autofree char *text = join_ints (fields[i].values, fields[i].n);

      g_key_file_set_value (kf, GROUP_POSITION, fields[i].key, text);
      if (i == FIELD_TO_MOVE)
        g_key_file_set_value (kf, GROUP_POSITION, "Over", pos->over ? "true" : "false");
      else if (i == FIELD_WINNER)
        g_key_file_set_value (kf, GROUP_POSITION, "End", kz_end_reason_to_string (pos->end));
    }

  return g_key_file_to_data (kf, length, NULL);
}

/* Loading */

/* A size for a message, with the bytes, so that two sizes that differ by
 * a byte read differently. */
static char *
format_size (guint64 size)
{
  return g_format_size_full (size, G_FORMAT_SIZE_LONG_FORMAT);
}

/* What the shared parsers say about a match file. */
static const KuzhiKeyFileFormat file_format = {
  .domain = kuzhi_match_file_error_quark,
  .code_missing = KUZHI_MATCH_FILE_ERROR_MISSING,
  .code_unknown = KUZHI_MATCH_FILE_ERROR_UNKNOWN,
  .code_version = KUZHI_MATCH_FILE_ERROR_VERSION,
  .code_value = KUZHI_MATCH_FILE_ERROR_VALUE,
  .version = KUZHI_MATCH_FILE_VERSION,
  .key_missing = N_("The key “%s” is missing from [%s]"),
  .key_unknown = N_("The key “%s” in [%s] is not part of the match file format"),
  /* Translators: "The key “Player1Plays” in [Match] is not part of format version 1 of the match file" */
  .key_later = N_("The key “%s” in [%s] is not part of format version %d of the match file"),
  .version_unknown = N_("The format version “%s” is not one Kuzhi knows: this Kuzhi reads version %d"),
  .version_newer = N_("The file has format version %d, from a newer Kuzhi: this Kuzhi reads version %d"),
  .name_unreadable = N_("The player name in “%s” cannot be read: a backslash must be followed by s, n, t, r or another backslash"),
};

/* The raw value of a key that must be there, trimmed. */
static char *
get_required (GKeyFile *kf, const char *group, const char *key, GError **error)
{
  return kuzhi_key_file_get_required (&file_format, kf, group, key, error);
}

static gboolean
get_int (GKeyFile   *kf,
         const char *group,
         const char *key,
         int         min,
         int         max,
         int        *out,
         GError    **error)
{
  g_autofree char *text = get_required (kf, group, key, error);

  if (text == NULL)
    return FALSE;
  if (!kuzhi_key_file_parse_int (text, min, max, out))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “%s” in [%s] must be a whole number from %d to %d"),
                   key, group, min, max);
      return FALSE;
    }
  return TRUE;
}

/* Splits "a;b;c" (a trailing ';' allowed, as GKeyFile writes lists) into
 * trimmed items; an empty value is an empty list. */
static GStrv
split_list (const char *text, guint *n_out)
{
  GStrv items = g_strsplit (text, ";", -1);
  guint n = g_strv_length (items);

  for (guint i = 0; i < n; i++)
    g_strstrip (items[i]);
  if (n > 0 && *items[n - 1] == '\0')
    {
      g_free (items[n - 1]);
      items[--n] = NULL;
    }
  *n_out = n;
  return items;
}

static gboolean
get_time (GKeyFile *kf, const char *key, GDateTime **out, GError **error)
{
  g_autofree char *text = get_required (kf, GROUP_MATCH, key, error);

  if (text == NULL)
    return FALSE;
  *out = g_date_time_new_from_iso8601 (text, NULL);
  /* GLib reads 23:59:60 as 23:59:59 and keeps a fraction that the file
   * would not: either would be saved back changed. */
  if (*out != NULL && !kuzhi_key_file_time_is_exact (text))
    {
      g_clear_pointer (out, g_date_time_unref);
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “%s” in [Match] holds a leap second or a fraction of a second, which Kuzhi does not keep: "
                     "a time is in whole seconds from 00 to 59, such as 2026-11-29T20:15:00Z"),
                   key);
      return FALSE;
    }
  if (*out != NULL)
    {
      /* GLib reads dates whose UTC form it cannot make (such as
       * 9999-12-31T23:59:59-01:00), and saving one would fail. */
      g_autoptr(GDateTime) utc = g_date_time_to_utc (*out);

      if (utc == NULL)
        {
          g_clear_pointer (out, g_date_time_unref);
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                       _("The key “%s” in [Match] holds a date outside the years 0001 to 9999 in UTC"),
                       key);
          return FALSE;
        }
    }
  if (*out == NULL)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “%s” in [Match] must be a date and time such as 2026-11-29T20:15:00Z"),
                   key);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_variant (GKeyFile *kf, KzVariantId *out, GError **error)
{
  g_autofree char *key = get_required (kf, GROUP_MATCH, "Variant", error);

  if (key == NULL)
    return FALSE;
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (g_str_equal (kz_variant_get ((KzVariantId) id)->key, key))
      {
        *out = (KzVariantId) id;
        return TRUE;
      }
  {
    g_autofree char *shown = kuzhi_key_file_excerpt (key, 40);
    GString *known = g_string_new (NULL);

    for (int id = 0; id < KZ_N_VARIANTS; id++)
      g_string_append_printf (known, "%s%s", id == 0 ? "" : ", ", kz_variant_get ((KzVariantId) id)->key);
    g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VARIANT,
                 _("Unknown game “%s”: Kuzhi knows %s"), shown, known->str);
    g_string_free (known, TRUE);
  }
  return FALSE;
}

static gboolean
read_options (GKeyFile *kf, KzOptions *options, GError **error)
{
  memset (options, 0, sizeof *options);
  if (!get_int (kf, GROUP_MATCH, "Seeds", 1, 99, &options->seeds, error))
    return FALSE;
  if (g_key_file_has_key (kf, GROUP_MATCH, "Pasu", NULL) &&
      !get_int (kf, GROUP_MATCH, "Pasu", 1, 99, &options->pasu, error))
    return FALSE;
  return TRUE;
}

static char *
read_name (GKeyFile *kf, const char *key, GError **error)
{
  g_autofree char *unescaped = kuzhi_key_file_read_name (&file_format, kf, GROUP_MATCH, key, error);

  if (unescaped == NULL)
    return NULL;
  return kuzhi_player_name_read (unescaped, key, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE, error);
}

/* Who plays the side of `key` (Player1Plays, Player2Plays). */
static gboolean
read_plays (GKeyFile *kf, const char *key, KzLevel *out, GError **error)
{
  g_autofree char *text = get_required (kf, GROUP_MATCH, key, error);

  if (text == NULL)
    return FALSE;
  if (kuzhi_player_plays_parse (text, out))
    return TRUE;
  {
    g_autofree char *shown = kuzhi_key_file_excerpt (text, 20);

    g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                 /* Translators: the words person, easy, normal and hard are what the file holds: keep them */
                 _("The key “%s” in [Match] must be person, easy, normal or hard, not “%s”"),
                 key, shown);
  }
  return FALSE;
}

/* The match's identity (version 3): a UUID, as g_uuid_string_random()
 * makes them. */
static char *
read_id (GKeyFile *kf, GError **error)
{
  g_autofree char *text = get_required (kf, GROUP_MATCH, "Id", error);

  if (text == NULL)
    return NULL;
  if (!g_uuid_string_is_valid (text))
    {
      g_autofree char *shown = kuzhi_key_file_excerpt (text, 40);

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “Id” in [Match] must be a UUID such as 0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14, not “%s”"),
                   shown);
      return NULL;
    }
  return g_ascii_strdown (text, -1);
}

/* Replays the actions into `match`, which holds the start position. */
static gboolean
replay_actions (GKeyFile *kf, KzMatch *match, GError **error)
{
  g_autofree char *text = get_required (kf, GROUP_MATCH, "Actions", error);
  g_auto(GStrv) items = NULL;
  guint n;

  if (text == NULL)
    return FALSE;
  items = split_list (text, &n);
  if (n > KUZHI_MATCH_FILE_MAX_ACTIONS)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_TOO_LARGE,
                   _("The file lists %u actions: a match file holds at most %d"),
                   n, KUZHI_MATCH_FILE_MAX_ACTIONS);
      return FALSE;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *shown = kuzhi_key_file_excerpt (items[i], 20);
      KzAction action;

      if (!kz_action_parse (items[i], &action))
        {
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_ACTION,
                       _("Action %u, “%s”, is not an action: actions are pit numbers, r or mC"),
                       i + 1, shown);
          return FALSE;
        }
      if (match->pos.over)
        {
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_ACTION,
                       _("Action %u, “%s”, comes after the end of the match"), i + 1, shown);
          return FALSE;
        }
      if (!kz_match_play (match, action, NULL))
        {
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_ACTION,
                       _("Action %u, “%s”, is not legal at that point of the match (Player %d to move)"),
                       i + 1, shown, match->pos.to_move + 1);
          return FALSE;
        }
    }
  return TRUE;
}

/* A list of `n` whole numbers from min to max in [Start]. */
static gboolean
get_start_list (GKeyFile *kf, const char *key, guint n, int min, int max, int *out, GError **error)
{
  g_autofree char *text = get_required (kf, GROUP_START, key, error);
  g_auto(GStrv) items = NULL;
  guint n_items;
  gboolean good;

  if (text == NULL)
    return FALSE;
  items = split_list (text, &n_items);
  good = n_items == n;
  for (guint i = 0; good && i < n_items; i++)
    good = kuzhi_key_file_parse_int (items[i], min, max, &out[i]);
  if (!good)
    g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                 /* Translators: "The key “Pits” in [Start] must be 12 whole numbers from 0 to 255 separated by ;" */
                 _("The key “%s” in [Start] must be %u whole numbers from %d to %d separated by ;"),
                 key, n, min, max);
  return good;
}

/* Version 4: the match starts from the position in [Start], set up by
 * hand; `match` holds its game's own start, whose layout (the seeds, the
 * pasu) the set-up position keeps. Checked by the rules as the protocol's
 * `position` is: a start the rules could not reach is refused with the
 * engine's reason. */
static gboolean
read_start (GKeyFile *kf, KzMatch *match, GError **error)
{
  KzPosition start = match->start;
  int n_pits = start.n_pits;
  int pits[KZ_MAX_PITS], pair[2], value;
  g_autofree char *rubbish = NULL;
  g_auto(GStrv) items = NULL;
  guint n_items;
  char reason[KZ_REASON_LEN] = "";
  KzMatch set_up;

  if (!get_start_list (kf, "Pits", (guint) n_pits, 0, 255, pits, error))
    return FALSE;
  for (int i = 0; i < n_pits; i++)
    start.pits[i] = (uint8_t) pits[i];
  if (!get_start_list (kf, "Stores", 2, 0, 255, pair, error))
    return FALSE;
  start.stores[0] = (uint8_t) pair[0];
  start.stores[1] = (uint8_t) pair[1];
  if (!get_start_list (kf, "RefillLeft", 2, 0, 255, pair, error))
    return FALSE;
  start.refill_left[0] = (uint8_t) pair[0];
  start.refill_left[1] = (uint8_t) pair[1];
  if (!get_start_list (kf, "Lucky", 2, -1, n_pits - 1, pair, error))
    return FALSE;
  start.lucky[0] = (int8_t) pair[0];
  start.lucky[1] = (int8_t) pair[1];
  if (!get_int (kf, GROUP_START, "ToMove", 0, 1, &value, error))
    return FALSE;
  start.to_move = (uint8_t) value;
  if (!get_int (kf, GROUP_START, "Opener", 0, 1, &value, error))
    return FALSE;
  start.opener = (uint8_t) value;
  if (!get_int (kf, GROUP_START, "Round", 0, G_MAXUINT16, &value, error))
    return FALSE;
  start.round = (uint16_t) value;
  if (!get_int (kf, GROUP_START, "Plies", 0, G_MAXUINT16, &value, error))
    return FALSE;
  start.plies = (uint16_t) value;
  if (!get_int (kf, GROUP_START, "QuietPlies", 0, G_MAXUINT16, &value, error))
    return FALSE;
  start.quiet_plies = (uint16_t) value;

  rubbish = get_required (kf, GROUP_START, "Rubbish", error);
  if (rubbish == NULL)
    return FALSE;
  items = split_list (rubbish, &n_items);
  start.rubbish = 0;
  for (guint i = 0; i < n_items; i++)
    {
      if (!kuzhi_key_file_parse_int (items[i], 0, n_pits - 1, &value) || (start.rubbish & (1u << value)))
        {
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                       _("The key “Rubbish” in [Start] must list cups from 0 to %d separated by ;, each once"),
                       n_pits - 1);
          return FALSE;
        }
      start.rubbish |= (uint16_t) (1u << value);
    }

  if (!kz_match_init_at (&set_up, &start, reason, sizeof reason))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_POSITION,
                   _("The starting position in [Start] is refused: %s"), reason);
      return FALSE;
    }
  kz_match_clear (match);
  *match = set_up;
  return TRUE;
}

static gboolean
position_mismatch (const char *key, const char *stored, const char *replayed, GError **error)
{
  g_autofree char *shown = kuzhi_key_file_excerpt (stored, 80);

  g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_POSITION,
               _("The position in the file does not match its actions: %s is “%s” in the file but “%s” after replaying them"),
               key, shown, replayed);
  return FALSE;
}

static gboolean
check_position (GKeyFile *kf, const KzPosition *pos, GError **error)
{
  IntField fields[N_FIELDS];
  g_autofree char *over = NULL;
  g_autofree char *end = NULL;
  const char *want_over = pos->over ? "true" : "false";
  const char *want_end = kz_end_reason_to_string (pos->end);

  fields_from_position (pos, fields);
  for (int i = 0; i < N_FIELDS; i++)
    {
      const IntField *f = &fields[i];
      g_autofree char *text = get_required (kf, GROUP_POSITION, f->key, error);
      g_autofree char *want = NULL;
      g_auto(GStrv) items = NULL;
      guint n;
      gboolean same;

      if (text == NULL)
        return FALSE;
      items = split_list (text, &n);
      same = f->fixed ? n == (guint) f->n : n <= KZ_MAX_PITS;
      for (guint j = 0; j < n; j++)
        {
          int value;

          if (!kuzhi_key_file_parse_int (items[j], -G_MAXINT, G_MAXINT, &value))
            {
              g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                           _("The key “%s” in [Position] must hold whole numbers separated by ;"),
                           f->key);
              return FALSE;
            }
          if (j >= (guint) f->n || value != f->values[j])
            same = FALSE;
        }
      if (n != (guint) f->n)
        same = FALSE;
      if (!same)
        {
          want = join_ints (f->values, f->n);
          return position_mismatch (f->key, text, want, error);
        }
    }

  over = get_required (kf, GROUP_POSITION, "Over", error);
  if (over == NULL)
    return FALSE;
  if (!g_str_equal (over, "true") && !g_str_equal (over, "false"))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “Over” in [Position] must be true or false"));
      return FALSE;
    }
  if (!g_str_equal (over, want_over))
    return position_mismatch ("Over", over, want_over, error);

  end = get_required (kf, GROUP_POSITION, "End", error);
  if (end == NULL)
    return FALSE;
  if (!g_str_equal (end, want_end))
    return position_mismatch ("End", end, want_end, error);

  return TRUE;
}

static gboolean
check_text (const char *data, gsize length, GError **error)
{
  if (length > KUZHI_MATCH_FILE_MAX_SIZE)
    {
      g_autofree char *size = format_size (length);
      g_autofree char *limit = format_size (KUZHI_MATCH_FILE_MAX_SIZE);

      /* Sizes are formatted first: a format macro inside _() would cut the
       * message short for translators. */
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_TOO_LARGE,
                   _("The file is too large for a match file: %s, at most %s"),
                   size, limit);
      return FALSE;
    }
  if (length == 0)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_NOT_TEXT,
                   _("The file is empty"));
      return FALSE;
    }
  if (memchr (data, '\0', length) != NULL)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_NOT_TEXT,
                   _("The file holds binary data (NUL bytes): it is not a match file"));
      return FALSE;
    }
  if (!g_utf8_validate (data, length, NULL))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_NOT_TEXT,
                   _("The file is not UTF-8 text: it is not a match file"));
      return FALSE;
    }
  return TRUE;
}

/* GKeyFile merges a repeated group or key without a word (the last one
 * wins), which would drop part of the file on the next save: they are
 * looked for in the text, line by line as GKeyFile reads it. */
static gboolean
check_repeats (const char *data, gsize length, GError **error)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *group = NULL;
  const char *end = data + length;

  for (const char *p = data; p < end;)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      const char *next;

      if (eol == NULL)
        eol = end;
      next = eol + 1;
      while (p < eol && g_ascii_isspace (*p))
        p++;
      if (p < eol && *p == '[')
        {
          const char *close = memchr (p, ']', (gsize) (eol - p));

          if (close != NULL)
            {
              char *name = g_strndup (p + 1, (gsize) (close - p - 1));

              if (g_hash_table_contains (groups, name))
                {
                  g_autofree char *shown = kuzhi_key_file_excerpt (name, 40);

                  g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_SYNTAX,
                               _("The group [%s] appears twice in the file"), shown);
                  g_free (name);
                  return FALSE;
                }
              g_hash_table_add (groups, name);
              g_free (group);
              group = g_strdup (name);
              g_hash_table_remove_all (keys);
            }
        }
      else if (p < eol && *p != '#')
        {
          const char *eq = memchr (p, '=', (gsize) (eol - p));
          const char *key_end = eq;

          while (key_end != NULL && key_end > p && g_ascii_isspace (key_end[-1]))
            key_end--;
          if (key_end != NULL)
            {
              char *key = g_strndup (p, (gsize) (key_end - p));

              if (g_hash_table_contains (keys, key))
                {
                  g_autofree char *shown = kuzhi_key_file_excerpt (key, 40);
                  g_autofree char *shown_group = kuzhi_key_file_excerpt (group != NULL ? group : "", 40);

                  g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_SYNTAX,
                               _("The key “%s” appears twice in [%s]"), shown, shown_group);
                  g_free (key);
                  return FALSE;
                }
              g_hash_table_add (keys, key);
            }
        }
      p = next;
    }
  return TRUE;
}

/* Puts a match that was read whole in the caller's places: `out` is
 * replaced by `match`; the rest is taken where the caller asks for it and
 * left to be freed where it does not. */
static void
hand_out (KzMatch     *match,
          char       **name1,
          char       **name2,
          const KzLevel levels[2],
          GDateTime  **created,
          char       **id,
          KzMatch     *out,
          char       **names_out,
          KzLevel     *levels_out,
          GDateTime  **created_out,
          char       **id_out)
{
  kz_match_clear (out);
  *out = *match;
  if (names_out != NULL)
    {
      names_out[0] = g_steal_pointer (name1);
      names_out[1] = g_steal_pointer (name2);
    }
  if (levels_out != NULL)
    {
      levels_out[0] = levels[0];
      levels_out[1] = levels[1];
    }
  if (created_out != NULL)
    *created_out = g_steal_pointer (created);
  if (id_out != NULL)
    *id_out = g_steal_pointer (id);
}

gboolean
kuzhi_match_file_from_data (const char  *data,
                            gsize        length,
                            KzMatch     *out,
                            char       **names_out,
                            KzLevel     *levels_out,
                            GDateTime  **created_out,
                            char       **id_out,
                            GError     **error)
{
  g_autoptr(GKeyFile) kf = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDateTime) created = NULL;
  g_autoptr(GDateTime) modified = NULL;
  g_autofree char *name1 = NULL;
  g_autofree char *name2 = NULL;
  g_autofree char *id = NULL;
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  KzVariantId variant;
  KzOptions options;
  KzMatch match;
  int version;
  char message[256] = "";

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_text (data, length, error))
    return FALSE;
  /* A byte-order mark, as some editors write at the start of UTF-8 text,
   * cannot be seen and says nothing: it is skipped. */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (memchr (data, '\n', length) == NULL && memchr (data, '\r', length) != NULL)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_SYNTAX,
                   _("The lines of the file end in a carriage return alone, as on old Macs: a match file's lines end in a line feed (LF or CR LF)"));
      return FALSE;
    }
  if (!check_repeats (data, length, error))
    return FALSE;

  /* Translations are kept, so that a key such as Player1[de] is seen and
   * refused in every locale instead of being dropped in all but one. */
  kf = g_key_file_new ();
  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_KEEP_TRANSLATIONS, &local_error))
    {
      /* GLib's message quotes the whole line, however long. */
      g_autofree char *reason = kuzhi_key_file_excerpt (local_error->message, 200);

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_SYNTAX,
                   _("This is not a Kuzhi match file: %s"), reason);
      return FALSE;
    }

  if (!g_key_file_has_group (kf, GROUP_MATCH))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_MISSING,
                   _("The group [Match] is missing: this is not a Kuzhi match file"));
      return FALSE;
    }
  if (!kuzhi_key_file_read_version (&file_format, kf, GROUP_MATCH, &version, error))
    return FALSE;

  {
    g_auto(GStrv) groups = g_key_file_get_groups (kf, NULL);
    for (gsize i = 0; groups[i] != NULL; i++)
      if (!g_str_equal (groups[i], GROUP_MATCH) && !g_str_equal (groups[i], GROUP_POSITION) &&
          !g_str_equal (groups[i], GROUP_AUTOSAVE) && !g_str_equal (groups[i], GROUP_START))
        {
          g_autofree char *shown = kuzhi_key_file_excerpt (groups[i], 40);

          /* [Autosave] is read by kuzhi_match_file_restore_autosave() only:
           * an autosave set aside as broken still opens as a match. */
          g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_UNKNOWN,
                       _("The group [%s] is not part of the match file format"), shown);
          return FALSE;
        }
  }
  if (!g_key_file_has_group (kf, GROUP_POSITION))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_MISSING,
                   _("The group [Position] is missing: the file may be cut short"));
      return FALSE;
    }
  /* [Start] is version 4's, and version 4 is written only with it. */
  if (g_key_file_has_group (kf, GROUP_START) && version < 4)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_UNKNOWN,
                   _("The group [Start] is not part of format version %d of the match file"), version);
      return FALSE;
    }
  if (!g_key_file_has_group (kf, GROUP_START) && version >= 4)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_MISSING,
                   _("The group [Start] is missing: a file of format version 4 gives the position its match started from"));
      return FALSE;
    }
  if (version >= 4 &&
      !kuzhi_key_file_check_keys (&file_format, kf, GROUP_START, start_keys, NULL, version, error))
    return FALSE;
  if (!kuzhi_key_file_check_keys (&file_format, kf, GROUP_MATCH,
                                  version == 1 ? match_keys_v1 : version == 2 ? match_keys_v2 : match_keys,
                                  version < KUZHI_MATCH_FILE_VERSION ? match_keys : NULL, version, error) ||
      !kuzhi_key_file_check_keys (&file_format, kf, GROUP_POSITION, position_keys, NULL,
                                  version, error))
    return FALSE;

  /* A file from before version 3 gets an identity now: saved again, it
   * keeps that one. */
  if (version >= 3)
    id = read_id (kf, error);
  else
    id = g_uuid_string_random ();
  if (id == NULL)
    return FALSE;
  if (!read_variant (kf, &variant, error) ||
      !read_options (kf, &options, error))
    return FALSE;
  if ((name1 = read_name (kf, "Player1", error)) == NULL ||
      (name2 = read_name (kf, "Player2", error)) == NULL)
    return FALSE;
  /* A version 1 file was written when only people played. */
  if (version >= 2 &&
      (!read_plays (kf, plays_keys[0], &levels[0], error) ||
       !read_plays (kf, plays_keys[1], &levels[1], error)))
    return FALSE;
  if (!get_time (kf, "Created", &created, error) ||
      !get_time (kf, "Modified", &modified, error))
    return FALSE;

  if (!kz_match_init (&match, variant, &options, message, sizeof message))
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_OPTION,
                   _("The options in the file are refused: %s"), message);
      return FALSE;
    }
  if ((version >= 4 && !read_start (kf, &match, error)) ||
      !replay_actions (kf, &match, error) ||
      !check_position (kf, &match.pos, error))
    {
      kz_match_clear (&match);
      return FALSE;
    }

  /* Everything fits: only now is the caller's match replaced. */
  hand_out (&match, &name1, &name2, levels, &created, &id,
            out, names_out, levels_out, created_out, id_out);
  return TRUE;
}

/* Files */

static gboolean
write_data (const char  *path,
            const char  *data,
            gsize        length,
            char       **sha256_out,
            GError     **error)
{
  if (!kuzhi_key_file_save_match (path, data, length, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE, error))
    return FALSE;
  if (sha256_out != NULL)
    *sha256_out = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  return TRUE;
}

gboolean
kuzhi_match_file_save_full (const KzMatch     *match,
                            const char *const  names[2],
                            const KzLevel      levels[2],
                            GDateTime         *created,
                            const char        *id,
                            const char        *path,
                            char             **sha256_out,
                            GError           **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = kuzhi_match_file_to_data (match, names, levels, created, id, &length);
  g_return_val_if_fail (data != NULL, FALSE);
  return write_data (path, data, length, sha256_out, error);
}

gboolean
kuzhi_match_file_save (const KzMatch     *match,
                       const char *const  names[2],
                       const char        *path,
                       GError           **error)
{
  return kuzhi_match_file_save_full (match, names, NULL, NULL, NULL, path, NULL, error);
}

static gboolean
read_error (const char *path, int saved_errno, GError **error)
{
  g_autofree char *shown = g_filename_display_name (path);
  const char *reason;

  switch (saved_errno)
    {
    case ENOENT:
    case ENOTDIR:
      reason = _("there is no such file");
      break;
    case EACCES:
    case EPERM:
      reason = _("you may not read it");
      break;
    case EISDIR:
      reason = _("that is a folder");
      break;
    default:
      reason = g_strerror (saved_errno);
      break;
    }
  g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ,
               _("Could not open “%s”: %s"), shown, reason);
  return FALSE;
}

/* Reads a whole regular file, refusing one larger than the format allows
 * before reading it, and never reading more than that even if it grows. */
static char *
read_file (const char *path, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  struct stat st;
  gsize len = 0;
  int fd;

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      read_error (path, errno, error);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      read_error (path, errno, error);
      close (fd);
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      close (fd);
      read_error (path, EISDIR, error);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_autofree char *shown = g_filename_display_name (path);

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_READ,
                   _("Could not open “%s”: it is not a regular file"), shown);
      return NULL;
    }
  if (st.st_size > KUZHI_MATCH_FILE_MAX_SIZE)
    {
      g_autofree char *size = format_size ((guint64) st.st_size);
      g_autofree char *limit = format_size (KUZHI_MATCH_FILE_MAX_SIZE);
      g_autofree char *shown = g_filename_display_name (path);

      close (fd);
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_TOO_LARGE,
                   _("Could not open “%s”: the file is too large for a match file: %s, at most %s"),
                   shown, size, limit);
      return NULL;
    }

  data = g_malloc (KUZHI_MATCH_FILE_MAX_SIZE + 2);
  while (len <= KUZHI_MATCH_FILE_MAX_SIZE)
    {
      gssize n = read (fd, data + len, KUZHI_MATCH_FILE_MAX_SIZE + 1 - len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;
          close (fd);
          read_error (path, saved_errno, error);
          return NULL;
        }
      if (n == 0)
        break;
      len += (gsize) n;
    }
  close (fd);
  data[len] = '\0';
  *length = len;
  return g_realloc (g_steal_pointer (&data), len + 1);
}

char *
kuzhi_match_file_read_text (const char *path, gsize *length, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return read_file (path, length, error);
}

/* Loads `path`; `data_out` (nullable) receives the file's text. */
static gboolean
load_file (const char  *path,
           KzMatch     *out,
           char       **names_out,
           KzLevel     *levels_out,
           GDateTime  **created_out,
           char       **id_out,
           char       **data_out,
           gsize       *length_out,
           GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = read_file (path, &length, error);
  if (data == NULL)
    return FALSE;
  if (!kuzhi_match_file_from_data (data, length, out, names_out, levels_out, created_out, id_out, error))
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_prefix_error (error, _("Could not open “%s”: "), shown);
      return FALSE;
    }
  if (data_out != NULL)
    *data_out = g_steal_pointer (&data);
  if (length_out != NULL)
    *length_out = length;
  return TRUE;
}

gboolean
kuzhi_match_file_load_full (const char  *path,
                            KzMatch     *out,
                            char       **names_out,
                            KzLevel     *levels_out,
                            GDateTime  **created_out,
                            char       **id_out,
                            char       **sha256_out,
                            GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!load_file (path, out, names_out, levels_out, created_out, id_out, &data, &length, error))
    return FALSE;
  if (sha256_out != NULL)
    *sha256_out = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  return TRUE;
}

gboolean
kuzhi_match_file_load (const char  *path,
                       KzMatch     *out,
                       char       **names_out,
                       GError     **error)
{
  return kuzhi_match_file_load_full (path, out, names_out, NULL, NULL, NULL, NULL, error);
}

/* Autosave */

/* Which autosave is this program's: 1 is autosave.kuzhi, N autosave-N.kuzhi
 * (docs/match-file.md, "Two Kuzhis on one data folder"). */
static guint autosave_number = 1;
/* Held for the program's life once claimed. */
static KuzhiFileLock *autosave_lock;

/* autosave.kuzhi, autosave-2.kuzhi, …, or their locks. */
static char *
autosave_path_for (guint number, const char *extension)
{
  g_autofree char *name = number <= 1 ? g_strconcat ("autosave", extension, NULL)
                                      : g_strdup_printf ("autosave-%u%s", number, extension);

  return g_build_filename (g_get_user_data_dir (), "kuzhi", name, NULL);
}

char *
kuzhi_match_file_get_autosave_path (void)
{
  return autosave_path_for (autosave_number, KUZHI_MATCH_FILE_EXTENSION);
}

gboolean
kuzhi_match_file_is_autosave (const char *path)
{
  g_autofree char *canonical = NULL;
  g_autofree char *name = NULL;
  g_autofree char *autosave = NULL;
  g_autofree char *autosave_canonical = NULL;
  guint64 number;

  g_return_val_if_fail (path != NULL, FALSE);

  /* The one autosave this name could be, spelled as autosave_path_for()
   * spells it: autosave.kuzhi is the first, autosave-N.kuzhi the others. */
  canonical = g_canonicalize_filename (path, NULL);
  name = g_path_get_basename (canonical);
  number = g_str_has_prefix (name, "autosave-") ? g_ascii_strtoull (name + strlen ("autosave-"), NULL, 10) : 1;
  autosave = autosave_path_for ((guint) MIN (number, G_MAXUINT), KUZHI_MATCH_FILE_EXTENSION);
  autosave_canonical = g_canonicalize_filename (autosave, NULL);
  return g_str_equal (canonical, autosave_canonical);
}

guint
kuzhi_match_file_claim_autosave (GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (autosave_lock != NULL)
    return autosave_number;
  for (guint n = 1; n <= KUZHI_MATCH_FILE_MAX_AUTOSAVES; n++)
    {
      g_autofree char *path = autosave_path_for (n, ".lock");
      g_autoptr(GError) local_error = NULL;

      autosave_lock = kuzhi_file_lock_try (path, &local_error);
      if (autosave_lock != NULL)
        {
          autosave_number = n;
          return n;
        }
      /* A folder that cannot be written: the autosave fails too, and says so. */
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_BUSY))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return 0;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
               _("%d copies of Kuzhi are already open on this data folder"), KUZHI_MATCH_FILE_MAX_AUTOSAVES);
  return 0;
}

guint
kuzhi_match_file_get_autosave_number (void)
{
  return autosave_number;
}

void
kuzhi_match_file_release_autosave (void)
{
  g_clear_pointer (&autosave_lock, kuzhi_file_lock_release);
  autosave_number = 1;
}

GPtrArray *
kuzhi_match_file_list_left_autosaves (void)
{
  GPtrArray *left = g_ptr_array_new_with_free_func (g_free);

  for (guint n = 1; n <= KUZHI_MATCH_FILE_MAX_AUTOSAVES; n++)
    {
      g_autofree char *path = NULL;
      g_autofree char *lock_path = NULL;
      g_autoptr(KuzhiFileLock) lock = NULL;

      if (n == autosave_number)
        continue;
      path = autosave_path_for (n, KUZHI_MATCH_FILE_EXTENSION);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      /* Free: no running Kuzhi writes it. */
      lock_path = autosave_path_for (n, ".lock");
      lock = kuzhi_file_lock_try (lock_path, NULL);
      if (lock != NULL)
        g_ptr_array_add (left, g_steal_pointer (&path));
    }
  return left;
}

gboolean
kuzhi_match_file_take_left_autosave (const char  *left,
                                     GError     **error)
{
  g_autofree char *own = kuzhi_match_file_get_autosave_path ();
  g_autofree char *stem = NULL;
  g_autofree char *lock_path = NULL;
  g_autoptr(KuzhiFileLock) lock = NULL;
  int flags = RENAME_EXCHANGE;

  g_return_val_if_fail (left != NULL && g_str_has_suffix (left, KUZHI_MATCH_FILE_EXTENSION), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Its lock beside it (autosave-2.kuzhi → autosave-2.lock): nobody else
   * may take it up while the two change places. */
  stem = g_strndup (left, strlen (left) - strlen (KUZHI_MATCH_FILE_EXTENSION));
  lock_path = g_strconcat (stem, ".lock", NULL);
  lock = kuzhi_file_lock_try (lock_path, NULL);
  if (lock == NULL)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE,
                   _("That match is open in another Kuzhi now"));
      return FALSE;
    }
  /* Exchanged in one step: each file holds one whole match at every
   * moment. With no autosave of its own yet, the other simply moves in. */
  if (!g_file_test (own, G_FILE_TEST_EXISTS))
    flags = RENAME_NOREPLACE;
  if (renameat2 (AT_FDCWD, left, AT_FDCWD, own, flags) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE,
                   _("Could not take up the match in “%s”: %s"), left, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* A SHA-256 as g_compute_checksum_for_data() writes it: 64 hex digits in
 * lower case. */
static gboolean
is_sha256 (const char *text)
{
  gsize n = 0;

  for (; text[n] != '\0'; n++)
    if (!g_ascii_isdigit (text[n]) && !(text[n] >= 'a' && text[n] <= 'f'))
      return FALSE;
  return n == 64;
}

static gboolean
is_link_path (const char *path)
{
  g_autofree char *autosave = kuzhi_match_file_get_autosave_path ();

  if (!g_path_is_absolute (path) || strlen (path) > 4096 || g_str_equal (path, autosave))
    return FALSE;
  for (const char *p = path; *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      return FALSE;
  return TRUE;
}

/* The [Autosave] group of an autosave's text: nothing when it has none
 * (an autosave from before the group, or of a match in no file). */
static gboolean
read_link (const char  *data,
           gsize        length,
           char       **file_out,
           char       **sha256_out,
           GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *raw = NULL;
  g_autofree char *file = NULL;
  g_autofree char *sha256 = NULL;

  /* Read as kuzhi_match_file_from_data() read it, which accepted it. */
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      data += 3;
      length -= 3;
    }
  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_KEEP_TRANSLATIONS, error))
    return FALSE;
  if (!g_key_file_has_group (kf, GROUP_AUTOSAVE))
    return TRUE;
  if (!kuzhi_key_file_check_keys (&file_format, kf, GROUP_AUTOSAVE, autosave_keys, NULL,
                                  KUZHI_MATCH_FILE_VERSION, error))
    return FALSE;
  raw = g_key_file_get_value (kf, GROUP_AUTOSAVE, "File", NULL);
  if (raw == NULL)
    {
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_MISSING,
                   _("The key “%s” is missing from [%s]"), "File", GROUP_AUTOSAVE);
      return FALSE;
    }
  file = kuzhi_key_file_unescape (raw);
  if (file == NULL || !is_link_path (file))
    {
      g_autofree char *shown = kuzhi_key_file_excerpt (raw, 60);

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “File” in [Autosave] must be the full path of a match file, such as /home/ana/Ana-vs-Ben.kuzhi, not “%s”"),
                   shown);
      return FALSE;
    }
  sha256 = get_required (kf, GROUP_AUTOSAVE, "FileSha256", error);
  if (sha256 == NULL)
    return FALSE;
  if (!is_sha256 (sha256))
    {
      g_autofree char *shown = kuzhi_key_file_excerpt (sha256, 70);

      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_VALUE,
                   _("The key “FileSha256” in [Autosave] must be a SHA-256 checksum of 64 hexadecimal digits in lower case, not “%s”"),
                   shown);
      return FALSE;
    }
  *file_out = g_steal_pointer (&file);
  *sha256_out = g_steal_pointer (&sha256);
  return TRUE;
}

gboolean
kuzhi_match_file_autosave (const KzMatch     *match,
                           const char *const  names[2],
                           const KzLevel      levels[2],
                           GDateTime         *created,
                           const char        *id,
                           const char        *file,
                           const char        *file_sha256,
                           GError           **error)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail ((file == NULL) == (file_sha256 == NULL), FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE,
                   _("Could not create the folder “%s” for the autosave: %s"),
                   dir, g_strerror (saved_errno));
      return FALSE;
    }
  data = kuzhi_match_file_to_data (match, names, levels, created, id, &length);
  g_return_val_if_fail (data != NULL, FALSE);
  /* A path that could not be read back (not UTF-8, not absolute) is left
   * out: the match then comes back as in no file, which is true enough. */
  if (file != NULL && g_utf8_validate (file, -1, NULL) && is_link_path (file) && is_sha256 (file_sha256))
    {
      g_autoptr(GKeyFile) kf = g_key_file_new ();
      g_autofree char *link = NULL;
      char *both;

      g_key_file_set_comment (kf, NULL, NULL,
                              " Only in the autosave: the file this match was saved to or opened from,\n"
                              " and the SHA-256 of what that file held then.", NULL);
      g_key_file_set_string (kf, GROUP_AUTOSAVE, "File", file);
      g_key_file_set_value (kf, GROUP_AUTOSAVE, "FileSha256", file_sha256);
      link = g_key_file_to_data (kf, NULL, NULL);
      both = g_strconcat (data, "\n", link, NULL);
      g_free (data);
      data = both;
      length = strlen (data);
    }
  return write_data (path, data, length, NULL, error);
}

gboolean
kuzhi_match_file_restore_autosave (KzMatch     *out,
                                   char       **names_out,
                                   KzLevel     *levels_out,
                                   GDateTime  **created_out,
                                   char       **id_out,
                                   char       **file_out,
                                   char       **file_sha256_out,
                                   GError     **error)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();
  g_autofree char *aside = NULL;
  g_autofree char *note = NULL;
  g_autofree char *data = NULL;
  g_autofree char *file = NULL;
  g_autofree char *file_sha256 = NULL;
  g_autofree char *name1 = NULL;
  g_autofree char *name2 = NULL;
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  g_autoptr(GDateTime) created = NULL;
  g_autofree char *id = NULL;
  gsize length = 0;
  KzMatch match = { 0 };
  g_autoptr(GError) local_error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("There is no autosaved match"));
      return FALSE;
    }
  /* All or nothing, the link to the match's file included: the caller's
   * match changes only once every part has been read. */
  if (load_file (path, &match, names, levels, &created, &id, &data, &length, &local_error))
    {
      name1 = names[0];
      name2 = names[1];
      if (read_link (data, length, &file, &file_sha256, &local_error))
        {
          hand_out (&match, &name1, &name2, levels, &created, &id,
                    out, names_out, levels_out, created_out, id_out);
          if (file_out != NULL)
            *file_out = g_steal_pointer (&file);
          if (file_sha256_out != NULL)
            *file_sha256_out = g_steal_pointer (&file_sha256);
          return TRUE;
        }
      kz_match_clear (&match);
      g_prefix_error (&local_error, _("Could not open “%s”: "), path);
    }

  /* Moved out of the way, so that the next autosave does not overwrite
   * the match it may still hold. */
  aside = kuzhi_key_file_set_aside (path, "autosave", KUZHI_MATCH_FILE_EXTENSION);
  if (aside != NULL)
    note = g_strdup_printf (_("The file was kept as “%s”."), aside);
  else
    note = g_strdup_printf (_("The file could not be moved aside and stays at “%s”."), path);
  g_set_error (error, local_error->domain, local_error->code, "%s. %s", local_error->message, note);
  return FALSE;
}

guint
kuzhi_match_file_remove_stale_temporaries (void)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();

  return kuzhi_key_file_remove_stale_temporaries (path);
}

gboolean
kuzhi_match_file_discard_autosave (GError **error)
{
  g_autofree char *path = kuzhi_match_file_get_autosave_path ();

  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_set_error (error, KUZHI_MATCH_FILE_ERROR, KUZHI_MATCH_FILE_ERROR_WRITE,
                   _("Could not remove the autosaved match “%s”: %s"),
                   path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

KuzhiMatchFileLink
kuzhi_match_file_check_link (const char  *file,
                             const char  *file_sha256,
                             KzMatch     *out,
                             char       **names_out,
                             KzLevel     *levels_out)
{
  g_autofree char *sha256 = NULL;
  KzMatch match = { 0 };
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };

  g_return_val_if_fail (file != NULL, KUZHI_MATCH_FILE_LINK_CHANGED);
  g_return_val_if_fail (file_sha256 != NULL, KUZHI_MATCH_FILE_LINK_CHANGED);
  g_return_val_if_fail (out != NULL, KUZHI_MATCH_FILE_LINK_CHANGED);

  /* A dangling symbolic link is gone too: saving creates what it names. */
  if (!g_file_test (file, G_FILE_TEST_EXISTS))
    return KUZHI_MATCH_FILE_LINK_GONE;
  if (!kuzhi_match_file_load_full (file, &match, names, levels, NULL, NULL, &sha256, NULL))
    return KUZHI_MATCH_FILE_LINK_CHANGED;
  if (!g_str_equal (sha256, file_sha256))
    {
      kz_match_clear (&match);
      g_free (names[0]);
      g_free (names[1]);
      return KUZHI_MATCH_FILE_LINK_CHANGED;
    }
  kz_match_clear (out);
  *out = match;
  if (names_out != NULL)
    {
      names_out[0] = names[0];
      names_out[1] = names[1];
    }
  else
    {
      g_free (names[0]);
      g_free (names[1]);
    }
  if (levels_out != NULL)
    {
      levels_out[0] = levels[0];
      levels_out[1] = levels[1];
    }
  return KUZHI_MATCH_FILE_LINK_SAME;
}
