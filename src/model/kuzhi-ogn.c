/* kuzhi-ogn.c — reads Aualé's OGN records by replaying every move through the engine, and writes matches in Aualé's own layout. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-ogn.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kuzhi-key-file.h"
#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"

G_DEFINE_QUARK (kuzhi-ogn-error-quark, kuzhi_ogn_error)

#define OGN_VARIANT "Oware Abapa"
/* Aualé writes a move line while it stays under 80 characters. */
#define OGN_LINE_LIMIT 80

/* The tags Aualé always writes, in its order; the others follow sorted. */
static const char *const roster[] = {
  "Variant", "Event", "Site", "Date", "Round", "South", "North", "Result", NULL
};

KuzhiOgnRecord *
kuzhi_ogn_record_new (void)
{
  KuzhiOgnRecord *record = g_new0 (KuzhiOgnRecord, 1);

  record->comments = g_ptr_array_new_with_free_func (g_free);
  record->tag_names = g_ptr_array_new_with_free_func (g_free);
  record->tag_values = g_ptr_array_new_with_free_func (g_free);
  record->result = g_strdup ("*");
  return record;
}

void
kuzhi_ogn_record_free (KuzhiOgnRecord *record)
{
  if (record == NULL)
    return;
  kz_match_clear (&record->match);
  g_free (record->names[0]);
  g_free (record->names[1]);
  g_ptr_array_unref (record->comments);
  g_ptr_array_unref (record->tag_names);
  g_ptr_array_unref (record->tag_values);
  g_free (record->result);
  g_free (record);
}

const char *
kuzhi_ogn_record_get_tag (const KuzhiOgnRecord *record, const char *name)
{
  for (guint i = 0; i < record->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (record->tag_names, i), name) == 0)
      return g_ptr_array_index (record->tag_values, i);
  return NULL;
}

void
kuzhi_ogn_record_set_tag (KuzhiOgnRecord *record, const char *name, const char *value)
{
  for (guint i = 0; i < record->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (record->tag_names, i), name) == 0)
      {
        g_free (g_ptr_array_index (record->tag_values, i));
        g_ptr_array_index (record->tag_values, i) = g_strdup (value);
        return;
      }
  g_ptr_array_add (record->tag_names, g_strdup (name));
  g_ptr_array_add (record->tag_values, g_strdup (value));
}

/* --- replaying as Aualé counts ------------------------------------------ */

/* Aualé's board and Kuzhi's differ only at an end: Kuzhi moves the seeds
 * left on each row into its owner's store at every end, Aualé only when
 * nobody can move or a position repeats (not after a majority), and Aualé
 * ends at the first repeated position, which Kuzhi's Oware does not. The
 * `+N` of a move and the Result are what Aualé's board shows. */
typedef struct {
  KzMatch  match;
  int      shown[2];     /* the stores as Aualé shows them */
  gboolean ended;        /* Aualé or Kuzhi ended the match */
  gboolean repetition;   /* ended by a repeated position (Aualé only) */
  int      result[2];    /* when ended: the Result */
} Replay;

typedef enum {
  STEP_OK,
  STEP_ILLEGAL,
  STEP_AFTER_END,
} Step;

static void
replay_start (Replay *replay, KzMatch *match)
{
  memset (replay, 0, sizeof *replay);
  replay->match = *match;   /* taken over */
  replay->shown[0] = match->pos.stores[0];
  replay->shown[1] = match->pos.stores[1];
}

static gboolean
same_for_aual (const KzPosition *a, const KzPosition *b)
{
  return a->to_move == b->to_move &&
         memcmp (a->pits, b->pits, 12) == 0 &&
         a->stores[0] == b->stores[0] && a->stores[1] == b->stores[1];
}

static Step
replay_step (Replay *replay, KzAction action, int *capture)
{
  KzEventLog log;
  const KzPosition *after = &replay->match.pos;
  int mover = replay->match.pos.to_move;
  int gathered[2] = { 0, 0 };
  int shown[2];

  if (replay->ended)
    return STEP_AFTER_END;
  kz_event_log_init (&log);
  if (!kz_match_play (&replay->match, action, &log))
    {
      kz_event_log_free (&log);
      return STEP_ILLEGAL;
    }
  for (size_t i = 0; i < log.len; i++)
    if (log.events[i].type == KZ_EVENT_CAPTURE && log.events[i].detail == KZ_DETAIL_GATHER &&
        log.events[i].player >= 0 && log.events[i].player < 2)
      gathered[log.events[i].player] += log.events[i].count;
  kz_event_log_free (&log);

  for (int p = 0; p < 2; p++)
    shown[p] = after->stores[p];
  if (after->over)
    {
      replay->ended = TRUE;
      /* After a majority Aualé leaves the row seeds on the board; at
       * Kuzhi's ply limit Aualé would play on, so its board keeps them
       * too, while the Result is Kuzhi's final count. */
      if (after->end != KZ_END_NO_FEED)
        for (int p = 0; p < 2; p++)
          shown[p] -= gathered[p];
      for (int p = 0; p < 2; p++)
        replay->result[p] = after->end == KZ_END_LIMIT ? after->stores[p] : shown[p];
    }
  else
    {
      for (size_t i = 0; i < replay->match.n_history; i++)
        if (same_for_aual (&replay->match.history[i].before, after))
          {
            replay->ended = TRUE;
            replay->repetition = TRUE;
            for (int p = 0; p < 2; p++)
              {
                shown[p] += kz_position_row_sum (after, p);
                replay->result[p] = shown[p];
              }
            break;
          }
    }
  *capture = shown[mover] - replay->shown[mover];
  replay->shown[0] = shown[0];
  replay->shown[1] = shown[1];
  return STEP_OK;
}

/* --- reading ------------------------------------------------------------- */

static guint
line_of (const char *data, const char *p)
{
  guint line = 1;

  for (const char *q = data; q < p; q++)
    if (*q == '\n')
      line++;
  return line;
}

static gboolean
check_text (const char *data, gsize length, GError **error)
{
  if (length > KUZHI_OGN_MAX_SIZE)
    {
      g_autofree char *size = g_format_size_full (length, G_FORMAT_SIZE_LONG_FORMAT);
      g_autofree char *limit = g_format_size_full (KUZHI_OGN_MAX_SIZE, G_FORMAT_SIZE_LONG_FORMAT);

      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_TOO_LARGE,
                   _("The file is too large for an OGN record: %s, at most %s"), size, limit);
      return FALSE;
    }
  {
    const char *why = NULL;

    /* One message for what makes the bytes no text at all. */
    if (length == 0)
      why = _("The file is empty");
    else if (memchr (data, '\0', length) != NULL)
      why = _("The file holds binary data (NUL bytes): it is not an OGN record");
    else if (!g_utf8_validate (data, length, NULL))
      why = _("The file is not UTF-8 text: it is not an OGN record");
    if (why != NULL)
      {
        g_set_error_literal (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_NOT_TEXT, why);
        return FALSE;
      }
  }
  return TRUE;
}

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* One tag `[Name "value"]` at p (which is '['), read as the notation
 * reads its own: Aualé escapes \" and \\ the same way. */
static const char *
parse_tag (const char *data, const char *p, const char *end, char **name, char **value, GError **error)
{
  const char *after = kuzhi_notation_read_tag (p, end, name, value);

  if (after == NULL)
    g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_SYNTAX,
                 _("Line %u: a tag must be written [Name \"value\"]"), line_of (data, p));
  return after;
}

gboolean
kuzhi_ogn_path_is_record (const char *path)
{
  size_t len = strlen (path);
  size_t ext = strlen (KUZHI_OGN_EXTENSION);

  return len > ext && g_ascii_strcasecmp (path + len - ext, KUZHI_OGN_EXTENSION) == 0;
}

gboolean
kuzhi_ogn_looks_like (const char *data, gsize length)
{
  const char *end = data + length;
  const char *p = data;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  p = skip_space (p, end);
  if (p == end || *p != '[')
    return FALSE;
  p = skip_space (p + 1, end);
  if (p == end || !is_word_char (*p))
    return FALSE;
  while (p < end && is_word_char (*p))
    p++;
  if (p == end || !g_ascii_isspace (*p))
    return FALSE;
  p = skip_space (p, end);
  return p < end && *p == '"';
}

/* "4-4-…-0-0-S": twelve houses and two stores, 0–49 each as Aualé reads
 * them, and the player to move. */
static gboolean
parse_fen (const char *text, KzPosition *pos)
{
  const char *p = text;
  int values[14];

  for (int i = 0; i < 14; i++)
    {
      int v = 0;
      int digits = 0;

      while (g_ascii_isdigit (*p) && digits < 2)
        {
          v = v * 10 + (*p - '0');
          p++;
          digits++;
        }
      if (digits == 0 || v > 49 || *p != '-')
        return FALSE;
      p++;
      values[i] = v;
    }
  if ((*p != 'S' && *p != 'N') || p[1] != '\0')
    return FALSE;
  for (int i = 0; i < 12; i++)
    pos->pits[i] = (uint8_t) values[i];
  pos->stores[0] = (uint8_t) values[12];
  pos->stores[1] = (uint8_t) values[13];
  pos->to_move = *p == 'S' ? 0 : 1;
  return TRUE;
}

static gboolean
start_match (const char *fen, guint line, KzMatch *out, GError **error)
{
  char reason[KZ_REASON_LEN] = "";
  KzPosition pos;

  if (!kz_match_init (out, KZ_VARIANT_OWARE, NULL, reason, sizeof reason))
    {
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_VARIANT, "%s", reason);
      return FALSE;
    }
  if (fen == NULL)
    return TRUE;
  pos = out->pos;
  if (!parse_fen (fen, &pos))
    {
      kz_match_clear (out);
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_POSITION,
                   _("Line %u: the FEN “%s” is not a position: twelve houses, two stores and S or N, joined by dashes"),
                   line, fen);
      return FALSE;
    }
  if (kz_position_equal (&pos, &out->pos))
    return TRUE;
  kz_match_clear (out);
  if (!kz_match_init_at (out, &pos, reason, sizeof reason))
    {
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_POSITION,
                   _("Line %u: no match can start from the FEN “%s”: %s"), line, fen, reason);
      return FALSE;
    }
  return TRUE;
}

static gboolean
set_name (KuzhiOgnRecord *record, int player, const char *value, guint line, GError **error)
{
  g_autofree char *clean = NULL;

  if (strcmp (value, "?") == 0 || *value == '\0')
    return TRUE;
  clean = kuzhi_player_name_clean (value);
  if (*clean == '\0' || strcmp (clean, "?") == 0)
    return TRUE;
  if (g_utf8_strlen (clean, -1) > KUZHI_PLAYER_NAME_MAX_CHARS)
    {
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_NAME,
                   _("Line %u: the name “%s” is longer than %d characters"),
                   line, clean, KUZHI_PLAYER_NAME_MAX_CHARS);
      return FALSE;
    }
  g_free (record->names[player]);
  record->names[player] = g_steal_pointer (&clean);
  return TRUE;
}

static gboolean
is_score (const char *text)
{
  const char *p = text;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (*p++ != '-' || !g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return *p == '\0';
}

/* A token that ends the moves: a score, or "*". */
static gboolean
is_result_token (const char *token)
{
  return strcmp (token, "*") == 0 || is_score (token);
}

/* The words between start and end, one space between each, as Aualé
 * keeps a comment. */
static char *
collapse_space (const char *start, const char *end)
{
  GString *out = g_string_new (NULL);
  const char *p = start;

  while (p < end)
    {
      const char *word;

      while (p < end && g_unichar_isspace (g_utf8_get_char (p)))
        p = g_utf8_next_char (p);
      word = p;
      while (p < end && !g_unichar_isspace (g_utf8_get_char (p)))
        p = g_utf8_next_char (p);
      if (p == word)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_len (out, word, p - word);
    }
  return g_string_free (out, FALSE);
}

KuzhiOgnRecord *
kuzhi_ogn_from_data (const char *data, gsize length, GError **error)
{
  g_autoptr(KuzhiOgnRecord) record = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *end_token = NULL;
  const char *end;
  const char *p;
  guint fen_line = 0;
  gboolean have_result = FALSE;
  Replay replay;
  KzMatch match;
  guint n_moves = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_text (data, length, error))
    return NULL;
  end = data + length;
  p = data;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    p += 3;

  record = kuzhi_ogn_record_new ();

  /* The tags. */
  for (p = skip_space (p, end); p < end && *p == '['; p = skip_space (p, end))
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      guint line = line_of (data, p);

      p = parse_tag (data, p, end, &name, &value, error);
      if (p == NULL)
        return NULL;
      if (strcmp (name, "Variant") == 0)
        {
          if (strcmp (value, OGN_VARIANT) != 0)
            {
              g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_VARIANT,
                           _("Line %u: the game is “%s”: Kuzhi reads Oware Abapa records only"), line, value);
              return NULL;
            }
        }
      else if (strcmp (name, "South") == 0 || strcmp (name, "North") == 0)
        {
          if (!set_name (record, name[0] == 'S' ? 0 : 1, value, line, error))
            return NULL;
        }
      else if (strcmp (name, "Result") == 0)
        {
          g_free (record->result);
          record->result = g_steal_pointer (&value);
          have_result = TRUE;
        }
      else if (strcmp (name, "FEN") == 0)
        {
          g_free (fen);
          fen = g_steal_pointer (&value);
          fen_line = line;
        }
      else
        kuzhi_ogn_record_set_tag (record, name, value);
    }

  if (!start_match (fen, fen_line, &match, error))
    return NULL;
  replay_start (&replay, &match);
  g_ptr_array_add (record->comments, NULL);

  /* The moves, their captures, comments and variations, and the result. */
  while ((p = skip_space (p, end)) < end)
    {
      const char *start = p;
      g_autofree char *token = NULL;
      const char *t;

      if (end_token != NULL)
        {
          g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_SYNTAX,
                       _("Line %u: there is more after the result “%s”"), line_of (data, p), end_token);
          goto fail;
        }
      if (*p == '{')
        {
          const char *close = memchr (p, '}', end - p);

          if (close == NULL)
            goto unclosed;
          g_free (g_ptr_array_index (record->comments, n_moves));
          g_ptr_array_index (record->comments, n_moves) = collapse_space (p + 1, close);
          p = close + 1;
          continue;
        }
      if (*p == '(')
        {
          int depth = 0;

          for (; p < end; p++)
            {
              if (*p == '(')
                depth++;
              else if (*p == ')' && --depth == 0)
                break;
            }
          if (p == end)
            goto unclosed;
          p++;
          continue;
        }
      while (p < end && !g_ascii_isspace (*p) && *p != '{' && *p != '(')
        p++;
      token = g_strndup (start, p - start);

      if (is_result_token (token))
        {
          end_token = g_steal_pointer (&token);
          continue;
        }
      /* A move number, alone ("12.") or joined to its move ("12.A"). */
      t = token;
      if (g_ascii_isdigit (*t))
        {
          while (g_ascii_isdigit (*t))
            t++;
          if (*t != '.')
            goto bad_word;
          while (*t == '.')
            t++;
          if (*t == '\0')
            continue;
        }
      if ((*t >= 'A' && *t <= 'F') || (*t >= 'a' && *t <= 'f'))
        {
          KzAction action = (KzAction) (*t <= 'F' ? *t - 'A' : 6 + *t - 'a');
          int written = 0;
          int capture = 0;
          char move[2] = { *t, '\0' };

          t++;
          if (*t == '+')
            {
              t++;
              if (!g_ascii_isdigit (*t))
                goto bad_word;
              /* Capped: any count over 48 is wrong all the same. */
              for (; g_ascii_isdigit (*t); t++)
                written = MIN (written * 10 + (*t - '0'), 1000);
            }
          if (*t != '\0')
            goto bad_word;
          switch (replay_step (&replay, action, &capture))
            {
            case STEP_ILLEGAL:
              g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_MOVE,
                           _("Line %u: move %u, %s, is not legal in that position"),
                           line_of (data, start), n_moves + 1, move);
              goto fail;
            case STEP_AFTER_END:
              g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_MOVE,
                           _("Line %u: move %u, %s, comes after the end of the match"),
                           line_of (data, start), n_moves + 1, move);
              goto fail;
            case STEP_OK:
            default:
              break;
            }
          if (capture != written)
            {
              g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_CAPTURE,
                           _("Line %u: move %u, %s, takes %d seeds, but the record says %d"),
                           line_of (data, start), n_moves + 1, move, capture, written);
              goto fail;
            }
          n_moves++;
          g_ptr_array_add (record->comments, NULL);
          continue;
        }
    bad_word:
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_SYNTAX,
                   _("Line %u: “%s” is not a move, a move number, a comment or a result"),
                   line_of (data, start), token);
      goto fail;
    unclosed:
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_SYNTAX,
                   _("Line %u: a comment or a variation is not closed"), line_of (data, start));
      goto fail;
    }

  /* The result: the tag and the word after the moves agree, and where the
   * match ended, they give its count. */
  if (end_token != NULL && strcmp (end_token, "*") != 0)
    {
      if (have_result && strcmp (end_token, record->result) != 0)
        {
          g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_RESULT,
                       _("The result after the moves, “%s”, differs from the Result tag, “%s”"),
                       end_token, record->result);
          goto fail;
        }
      g_free (record->result);
      record->result = g_strdup (end_token);
    }
  if (replay.ended)
    {
      g_autofree char *count = g_strdup_printf ("%d-%d", replay.result[0], replay.result[1]);

      if (strcmp (record->result, count) != 0 && strcmp (record->result, "*") != 0 &&
          strcmp (record->result, "?") != 0)
        {
          g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_RESULT,
                       _("The result “%s” is not what the moves give, which end the match %s"),
                       record->result, count);
          goto fail;
        }
      g_free (record->result);
      record->result = g_steal_pointer (&count);
    }
  record->repetition = replay.repetition;
  record->match = replay.match;
  return g_steal_pointer (&record);

fail:
  kz_match_clear (&replay.match);
  return NULL;
}

KuzhiOgnRecord *
kuzhi_ogn_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;
  KuzhiOgnRecord *record;

  g_return_val_if_fail (path != NULL, NULL);

  data = kuzhi_match_file_read_text (path, &length, error);
  if (data == NULL)
    return NULL;
  record = kuzhi_ogn_from_data (data, length, &local_error);
  if (record == NULL)
    {
      g_autofree char *shown = g_filename_display_name (path);

      g_prefix_error (&local_error, _("Could not open “%s”: "), shown);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return record;
}

/* --- writing ------------------------------------------------------------- */

/* Aualé's wrapping: a token joins the line while the line stays under 80
 * characters, else the line is written and the token starts the next. */
static void
add_token (GString *out, GString *line, const char *token)
{
  if (line->len > 0 &&
      1 + g_utf8_strlen (line->str, -1) + g_utf8_strlen (token, -1) < OGN_LINE_LIMIT)
    {
      g_string_append_c (line, ' ');
      g_string_append (line, token);
      return;
    }
  if (line->len > 0)
    {
      g_string_append_len (out, line->str, line->len);
      g_string_append_c (out, '\n');
    }
  g_string_assign (line, token);
}

static void
add_comment (GString *out, GString *line, const char *comment)
{
  g_autofree char *words = collapse_space (comment, comment + strlen (comment));
  char *p = words;

  add_token (out, line, "{");
  while (*p != '\0')
    {
      char *space = strchr (p, ' ');

      if (space != NULL)
        *space = '\0';
      /* A brace would close the comment early: Aualé's comments hold none. */
      g_strdelimit (p, "}", ')');
      add_token (out, line, p);
      if (space == NULL)
        break;
      p = space + 1;
    }
  add_token (out, line, "}");
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
kuzhi_ogn_to_data (const KzMatch         *match,
                   const char *const      names[2],
                   GDateTime             *date,
                   const KuzhiOgnRecord  *extra,
                   GError               **error)
{
  g_autoptr(GString) out = NULL;
  g_autoptr(GString) line = NULL;
  g_autoptr(GPtrArray) others = NULL;
  g_autofree char *result = NULL;
  g_autofree char *date_text = NULL;
  const KzPosition *start = &match->start;
  gboolean standard = TRUE;
  Replay replay;
  KzMatch copy;
  size_t common = 0;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (match->pos.variant != KZ_VARIANT_OWARE)
    {
      g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_VARIANT,
                   _("Aualé's OGN records Oware only: this match is of another game"));
      return NULL;
    }

  /* The record's comments and Result belong to its moves: they are kept
   * for as many moves as the match shares with it. */
  if (extra != NULL)
    while (common < match->n_history && common < extra->match.n_history &&
           match->history[common].action == extra->match.history[common].action)
      common++;

  /* Replayed from the start, for Aualé's captures and Result. */
  kz_match_copy (&copy, match);
  while (copy.n_history > 0)
    kz_match_undo (&copy);
  replay_start (&replay, &copy);
  out = g_string_new (NULL);
  line = g_string_new (NULL);
  for (size_t i = 0; i < match->n_history; i++)
    {
      char token[16];
      KzAction action = match->history[i].action;
      const char *comment = NULL;
      int capture = 0;

      if (i % 2 == 0)
        {
          g_snprintf (token, sizeof token, "%zu.", i / 2 + 1);
          add_token (out, line, token);
        }
      if (replay_step (&replay, action, &capture) != STEP_OK)
        {
          kz_match_clear (&replay.match);
          g_set_error (error, KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_REPETITION,
                       _("Move %zu repeats an earlier position, where Aualé ends a match: Aualé could not read the moves after it"),
                       i);
          return NULL;
        }
      g_snprintf (token, sizeof token, "%c", action < 6 ? 'A' + action : 'a' + action - 6);
      if (capture != 0)
        g_snprintf (token + 1, sizeof token - 1, "+%d", capture);
      add_token (out, line, token);
      if (extra != NULL && i < common && i + 1 < extra->comments->len)
        comment = g_ptr_array_index (extra->comments, i + 1);
      if (comment != NULL)
        add_comment (out, line, comment);
    }
  if (replay.ended)
    result = g_strdup_printf ("%d-%d", replay.result[0], replay.result[1]);
  else if (extra != NULL && common == match->n_history && common == extra->match.n_history &&
           extra->result != NULL && *extra->result != '\0')
    result = g_strdup (extra->result);
  else
    result = g_strdup ("*");
  kz_match_clear (&replay.match);
  /* Only a result that reads back as one ends the moves; any other
   * (a Result tag someone wrote by hand) stays in its tag. */
  if (is_result_token (result) && strcmp (result, "*") != 0 && match->n_history > 0)
    add_token (out, line, result);
  if (date != NULL)
    date_text = g_date_time_format (date, "%Y.%m.%d");

  /* The tags, before the moves. */
  {
    g_autoptr(GString) moves = g_steal_pointer (&out);

    out = g_string_new (NULL);
    for (int r = 0; roster[r] != NULL; r++)
      {
        const char *value = extra != NULL ? kuzhi_ogn_record_get_tag (extra, roster[r]) : NULL;

        if (strcmp (roster[r], "Variant") == 0)
          value = OGN_VARIANT;
        else if (strcmp (roster[r], "South") == 0 || strcmp (roster[r], "North") == 0)
          value = names != NULL ? names[roster[r][0] == 'S' ? 0 : 1] : NULL;
        else if (strcmp (roster[r], "Result") == 0)
          value = result;
        else if (strcmp (roster[r], "Date") == 0 && value == NULL)
          value = date_text;
        kuzhi_notation_append_tag (out, roster[r], value != NULL && *value != '\0' ? value : "?");
      }

    others = g_ptr_array_new ();
    standard = start->to_move == 0 && start->stores[0] == 0 && start->stores[1] == 0;
    for (int i = 0; i < 12; i++)
      standard = standard && start->pits[i] == 4;
    if (!standard)
      g_ptr_array_add (others, (gpointer) "FEN");
    if (extra != NULL)
      for (guint i = 0; i < extra->tag_names->len; i++)
        {
          const char *name = g_ptr_array_index (extra->tag_names, i);

          if (!g_strv_contains (roster, name) && strcmp (name, "FEN") != 0)
            g_ptr_array_add (others, (gpointer) name);
        }
    g_ptr_array_sort (others, compare_names);
    for (guint i = 0; i < others->len; i++)
      {
        const char *name = g_ptr_array_index (others, i);

        if (strcmp (name, "FEN") == 0)
          {
            g_autofree char *fen = g_strdup_printf ("%d-%d-%d-%d-%d-%d-%d-%d-%d-%d-%d-%d-%d-%d-%c",
                                                    start->pits[0], start->pits[1], start->pits[2],
                                                    start->pits[3], start->pits[4], start->pits[5],
                                                    start->pits[6], start->pits[7], start->pits[8],
                                                    start->pits[9], start->pits[10], start->pits[11],
                                                    start->stores[0], start->stores[1],
                                                    start->to_move == 0 ? 'S' : 'N');
            kuzhi_notation_append_tag (out, name, fen);
          }
        else
          kuzhi_notation_append_tag (out, name, kuzhi_ogn_record_get_tag (extra, name));
      }

    if (match->n_history > 0)
      {
        g_string_append_c (out, '\n');
        g_string_append_len (out, moves->str, moves->len);
        g_string_append_len (out, line->str, line->len);
        g_string_append_c (out, '\n');
      }
  }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
kuzhi_ogn_save (const KzMatch         *match,
                const char *const      names[2],
                GDateTime             *date,
                const KuzhiOgnRecord  *extra,
                const char            *path,
                GError               **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  text = kuzhi_ogn_to_data (match, names, date, extra, error);
  if (text == NULL)
    return FALSE;
  /* Written as a match file is: through a link, keeping the file's
   * permissions, synced and renamed over it (docs/match-file.md). */
  return kuzhi_key_file_save_match (path, text, strlen (text), KUZHI_OGN_ERROR, KUZHI_OGN_ERROR_WRITE, error);
}
