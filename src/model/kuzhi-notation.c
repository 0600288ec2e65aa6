/* kuzhi-notation.c — positions and records as text a person can read, paste into a chat and paste back, as docs/notation.md defines them. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-notation.h"
#include "kuzhi-match-file.h"
#include "kuzhi-match-history.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (kuzhi-notation-error-quark, kuzhi_notation_error)

/* Who moves: Player 1 is south, Player 2 north, in every game (Oware's
 * own words, and where the board shows them). */
static const char *const sides[2] = { "south", "north" };

/* Writing */

/* The opener a position line leaves out: the rules' where they name one,
 * else the player to move (a round's opener moves first). The parser
 * fills in the same. */
static int
default_opener (const KzPosition *pos)
{
  int rule = kz_position_rule_opener (pos);

  return rule >= 0 ? rule : pos->to_move;
}

/* The layout a position line leaves out: the game's default seeds, and
 * the default pasu for those seeds. */
static KzPosition
usual_start (KzVariantId id, int seeds, int pasu)
{
  KzOptions options = { .seeds = seeds, .pasu = pasu };
  KzPosition pos = { 0 };
  KzMatch match;

  if (kz_match_init (&match, id, &options, NULL, 0))
    {
      pos = match.pos;
      kz_match_clear (&match);
    }
  return pos;
}

char *
kuzhi_notation_position_to_string (const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);
  GString *s;
  KzPosition usual;
  int half;

  g_return_val_if_fail (v != NULL, NULL);
  s = g_string_new (v->key);
  half = pos->n_pits / 2;
  for (int i = 0; i < pos->n_pits; i++)
    g_string_append_printf (s, i == half ? " / %d" : " %d", pos->pits[i]);
  g_string_append_printf (s, " stores %d %d", pos->stores[0], pos->stores[1]);

  usual = usual_start ((KzVariantId) pos->variant, 0, 0);
  if (pos->seeds != usual.seeds)
    {
      g_string_append_printf (s, " seeds %d", pos->seeds);
      usual = usual_start ((KzVariantId) pos->variant, pos->seeds, 0);
    }
  if (v->pasu_choices[0] != 0 && pos->option != usual.option)
    g_string_append_printf (s, " pasu %d", pos->option);
  if (v->has_rounds)
    g_string_append_printf (s, " round %d", pos->round);
  if (kz_variant_has_field (pos->variant, KZ_FIELD_OPENER) && pos->opener != default_opener (pos))
    g_string_append_printf (s, " opener %s", sides[pos->opener & 1]);
  if (pos->refill_left[0] != 0 || pos->refill_left[1] != 0)
    g_string_append_printf (s, " refill %d %d", pos->refill_left[0], pos->refill_left[1]);
  if (pos->lucky[0] >= 0 || pos->lucky[1] >= 0)
    {
      g_string_append (s, " lucky");
      for (int p = 0; p < 2; p++)
        if (pos->lucky[p] >= 0)
          g_string_append_printf (s, " %d", pos->lucky[p]);
        else
          g_string_append (s, " -");
    }
  if (pos->rubbish != 0)
    {
      g_string_append (s, " rubbish ");
      for (int i = 0, n = 0; i < pos->n_pits; i++)
        if (pos->rubbish & (1u << i))
          g_string_append_printf (s, n++ ? ",%d" : "%d", i);
    }
  if (pos->plies != 0)
    g_string_append_printf (s, " plies %d", pos->plies);
  if (pos->quiet_plies != 0)
    g_string_append_printf (s, " quiet %d", pos->quiet_plies);
  g_string_append_printf (s, " %s to move", sides[pos->to_move & 1]);
  return g_string_free (s, FALSE);
}

void
kuzhi_notation_append_tag (GString    *out,
                           const char *name,
                           const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *c = value; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *c);
    }
  g_string_append (out, "\"]\n");
}

static const char *
skip_space (const char *p, const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

const char *
kuzhi_notation_read_tag (const char  *p,
                         const char  *end,
                         char       **name,
                         char       **value)
{
  const char *name_start;
  const char *name_end;
  GString *text;

  g_return_val_if_fail (p < end && *p == '[', NULL);

  p = skip_space (p + 1, end);
  name_start = p;
  while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
    p++;
  name_end = p;
  p = skip_space (p, end);
  if (name_end == name_start || p == end || *p != '"')
    return NULL;
  text = g_string_new (NULL);
  for (p++; p < end && *p != '"'; p++)
    {
      if (*p == '\\' && p + 1 < end && (p[1] == '"' || p[1] == '\\'))
        p++;
      g_string_append_c (text, *p);
    }
  if (p < end)
    p = skip_space (p + 1, end);
  if (p == end || *p != ']')
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  *name = g_strndup (name_start, (gsize) (name_end - name_start));
  *value = g_strstrip (g_string_free (text, FALSE));
  return p + 1;
}

/* Moves wrap before this column, between turns, so that a record pastes
 * into a chat or a mail as lines of a usual width. */
#define LINE_WIDTH 72

char *
kuzhi_notation_match_to_string (const KzMatch *match, const char *const names[2])
{
  GString *s = g_string_new (NULL);
  g_autofree char *start = NULL;
  g_autoptr(GArray) turns = NULL;
  gsize line_start;

  g_return_val_if_fail (match != NULL, NULL);
  for (int p = 0; p < 2 && names != NULL; p++)
    if (names[p] != NULL && *names[p] != '\0')
      kuzhi_notation_append_tag (s, p == 0 ? "South" : "North", names[p]);
  start = kuzhi_notation_position_to_string (&match->start);
  g_string_append (s, start);
  g_string_append_c (s, '\n');

  turns = kuzhi_match_history_new (match);
  line_start = s->len;
  for (guint i = 0; i < turns->len; i++)
    {
      const KuzhiHistoryTurn *turn = &g_array_index (turns, KuzhiHistoryTurn, i);
      g_autofree char *word = g_strdup_printf ("%u. %s", turn->number, turn->notation);

      if (s->len > line_start && s->len - line_start + 1 + strlen (word) > LINE_WIDTH)
        {
          g_string_append_c (s, '\n');
          line_start = s->len;
        }
      else if (s->len > line_start)
        g_string_append_c (s, ' ');
      g_string_append (s, word);
    }
  if (s->len > line_start)
    g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

/* Reading */

typedef struct {
  char **words;
  int    n;
  int    at;      /* the next word, from 0 */
} Words;

static const char *
peek (Words *w)
{
  return w->at < w->n ? w->words[w->at] : NULL;
}

/* What was expected where: at word `w->at` (1-based in the message), or
 * at the end. */
static gboolean
expected (Words *w, const char *what, GError **error)
{
  if (w->at < w->n)
    {
      g_autofree char *shown = g_utf8_substring (w->words[w->at], 0, MIN (g_utf8_strlen (w->words[w->at], -1), 20));
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                   /* Translators: "Word 14, “x”: expected a count from 0 to 255" */
                   _("Word %d, “%s”: expected %s"), w->at + 1, shown, what);
    }
  else
    g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                 /* Translators: "The position ends after word 13: expected “stores” and the two stores" */
                 _("The position ends after word %d: expected %s"), w->n, what);
  return FALSE;
}

/* A whole decimal number from min to max, no sign. */
static gboolean
parse_number (const char *word, int min, int max, int *out)
{
  gint64 value = 0;

  if (word == NULL || *word == '\0' || strlen (word) > 6)
    return FALSE;
  for (const char *c = word; *c != '\0'; c++)
    {
      if (!g_ascii_isdigit (*c))
        return FALSE;
      value = value * 10 + (*c - '0');
    }
  if (value < min || value > max)
    return FALSE;
  *out = (int) value;
  return TRUE;
}

static gboolean
take_number (Words *w, int min, int max, const char *what, int *out, GError **error)
{
  if (!parse_number (peek (w), min, max, out))
    return expected (w, what, error);
  w->at++;
  return TRUE;
}

static gboolean
take_word (Words *w, const char *word, const char *what, GError **error)
{
  if (peek (w) == NULL || g_ascii_strcasecmp (peek (w), word) != 0)
    return expected (w, what, error);
  w->at++;
  return TRUE;
}

static int
side_of (const char *word)
{
  for (int p = 0; p < 2; p++)
    if (word != NULL && g_ascii_strcasecmp (word, sides[p]) == 0)
      return p;
  return -1;
}

enum { KEY_SEEDS, KEY_PASU, KEY_ROUND, KEY_OPENER, KEY_REFILL, KEY_LUCKY, KEY_RUBBISH, KEY_PLIES, KEY_QUIET, N_KEYS };
static const char *const key_names[N_KEYS] = {
  "seeds", "pasu", "round", "opener", "refill", "lucky", "rubbish", "plies", "quiet",
};

/* The field each key writes: a game takes its own only. */
static const KzField key_fields[N_KEYS] = {
  [KEY_PASU] = KZ_FIELD_PASU, [KEY_ROUND] = KZ_FIELD_ROUND, [KEY_OPENER] = KZ_FIELD_OPENER,
  [KEY_REFILL] = KZ_FIELD_REFILL, [KEY_LUCKY] = KZ_FIELD_LUCKY, [KEY_RUBBISH] = KZ_FIELD_RUBBISH,
  [KEY_QUIET] = KZ_FIELD_QUIET,
};

/* The position line's words from w->at to the end. */
static gboolean
parse_position_words (Words *w, KzPosition *out, GError **error)
{
  const KzVariant *v = NULL;
  KzVariantId id = 0;
  int pits[KZ_MAX_PITS], stores[2];
  int values[N_KEYS][2];
  gboolean given[N_KEYS] = { FALSE };
  uint16_t rubbish = 0;
  int to_move, half;
  KzPosition pos;
  char reason[KZ_REASON_LEN] = "";
  const char *count = _("a count from 0 to 255");

  if (peek (w) != NULL)
    for (id = 0; id < KZ_N_VARIANTS; id++)
      if (g_ascii_strcasecmp (kz_variant_get (id)->key, peek (w)) == 0)
        {
          v = kz_variant_get (id);
          break;
        }
  if (v == NULL)
    {
      GString *known = g_string_new (NULL);
      gboolean ok;

      for (int i = 0; i < KZ_N_VARIANTS; i++)
        g_string_append_printf (known, "%s%s", i == 0 ? "" : ", ", kz_variant_get ((KzVariantId) i)->key);
      /* The games' names are the notation's own: they are not translated. */
      ok = expected (w, known->str, error);
      g_string_free (known, TRUE);
      return ok;
    }
  w->at++;

  half = v->n_pits / 2;
  for (int i = 0; i < v->n_pits; i++)
    {
      if (i == half && !take_word (w, "/", _("“/” between the two rows"), error))
        return FALSE;
      if (!take_number (w, 0, 255, count, &pits[i], error))
        return FALSE;
    }
  /* Translators: the first “stores” is a word of the notation, which stays in English: keep it */
  if (!take_word (w, "stores", _("“stores” and the two stores"), error) ||
      !take_number (w, 0, 255, count, &stores[0], error) ||
      !take_number (w, 0, 255, count, &stores[1], error))
    return FALSE;

  /* Keys in any order, then whose move it is. */
  for (;;)
    {
      const char *word = peek (w);
      int key;

      if (side_of (word) >= 0)
        break;
      for (key = 0; key < N_KEYS; key++)
        if (word != NULL && g_ascii_strcasecmp (word, key_names[key]) == 0 && kz_variant_has_field (id, key_fields[key]))
          break;
      if (key == N_KEYS)
        /* Translators: south to move, north to move and round are words of the notation (docs/notation.md), which stays in English: keep them */
        return expected (w, _("“south to move”, “north to move” or a key such as “round”"), error);
      if (given[key])
        {
          g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                       _("Word %d, “%s”, is given twice"), w->at + 1, key_names[key]);
          return FALSE;
        }
      given[key] = TRUE;
      w->at++;
      switch (key)
        {
        case KEY_SEEDS:
        case KEY_PASU:
        case KEY_ROUND:
        case KEY_PLIES:
        case KEY_QUIET:
          if (!take_number (w, key == KEY_ROUND ? 1 : 0, key <= KEY_PASU ? 99 : G_MAXUINT16,
                            _("a whole number"), &values[key][0], error))
            return FALSE;
          break;
        case KEY_OPENER:
          values[key][0] = side_of (peek (w));
          if (values[key][0] < 0)
            /* Translators: south and north are words of the notation, which stays in English: keep them */
            return expected (w, _("south or north"), error);
          w->at++;
          break;
        case KEY_REFILL:
          if (!take_number (w, 0, 255, count, &values[key][0], error) ||
              !take_number (w, 0, 255, count, &values[key][1], error))
            return FALSE;
          break;
        case KEY_LUCKY:
          for (int p = 0; p < 2; p++)
            {
              if (peek (w) != NULL && g_str_equal (peek (w), "-"))
                {
                  values[key][p] = -1;
                  w->at++;
                }
              else if (!take_number (w, 0, v->n_pits - 1, _("a cup number or “-” for none"), &values[key][p], error))
                return FALSE;
            }
          break;
        case KEY_RUBBISH:
          {
            g_auto(GStrv) cups = peek (w) != NULL && !g_str_equal (peek (w), "-") ? g_strsplit (peek (w), ",", -1) : NULL;
            const char *what = _("cup numbers separated by commas, or “-” for none");

            if (peek (w) == NULL)
              return expected (w, what, error);
            for (int i = 0; cups != NULL && cups[i] != NULL; i++)
              {
                int cup;

                if (!parse_number (cups[i], 0, v->n_pits - 1, &cup) || (rubbish & (1u << cup)))
                  return expected (w, what, error);
                rubbish |= (uint16_t) (1u << cup);
              }
            w->at++;
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  to_move = side_of (peek (w));
  w->at++;
  /* Translators: to move is a word of the notation, which stays in English: keep it */
  if (!take_word (w, "to", _("“to move”"), error) ||
      !take_word (w, "move", _("“to move”"), error))
    return FALSE;
  if (peek (w) != NULL)
    /* Translators: to move is a word of the notation, which stays in English: keep it */
    return expected (w, _("nothing more: the position ends with “to move”"), error);

  /* The layout first: its seeds and pasu make the game's start, whose
   * fields the line leaves out. */
  pos = usual_start (id, given[KEY_SEEDS] ? values[KEY_SEEDS][0] : 0, given[KEY_PASU] ? values[KEY_PASU][0] : 0);
  if (pos.n_pits == 0)
    {
      /* The game refuses the layout: the check below says why. */
      pos = usual_start (id, 0, 0);
      if (given[KEY_SEEDS])
        pos.seeds = (uint8_t) values[KEY_SEEDS][0];
      if (given[KEY_PASU])
        pos.option = (uint8_t) values[KEY_PASU][0];
    }
  for (int i = 0; i < v->n_pits; i++)
    pos.pits[i] = (uint8_t) pits[i];
  pos.stores[0] = (uint8_t) stores[0];
  pos.stores[1] = (uint8_t) stores[1];
  pos.to_move = (uint8_t) to_move;
  if (given[KEY_ROUND])
    pos.round = (uint16_t) values[KEY_ROUND][0];
  if (given[KEY_PLIES])
    pos.plies = (uint16_t) values[KEY_PLIES][0];
  if (given[KEY_QUIET])
    pos.quiet_plies = (uint16_t) values[KEY_QUIET][0];
  if (given[KEY_REFILL])
    {
      pos.refill_left[0] = (uint8_t) values[KEY_REFILL][0];
      pos.refill_left[1] = (uint8_t) values[KEY_REFILL][1];
    }
  if (given[KEY_LUCKY])
    {
      pos.lucky[0] = (int8_t) values[KEY_LUCKY][0];
      pos.lucky[1] = (int8_t) values[KEY_LUCKY][1];
    }
  pos.rubbish = rubbish;
  if (v->has_rounds)
    pos.opener = (uint8_t) (given[KEY_OPENER] ? values[KEY_OPENER][0] : default_opener (&pos));

  if (!kz_position_check (&pos, reason, sizeof reason))
    {
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_POSITION,
                   _("This position cannot start a match: %s"), reason);
      return FALSE;
    }
  *out = pos;
  return TRUE;
}

static gboolean
check_text (const char *text, GError **error)
{
  gsize length = strlen (text);

  if (length > KUZHI_NOTATION_MAX_LENGTH)
    {
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                   _("The text is too long for a position or a record: at most %d bytes"), KUZHI_NOTATION_MAX_LENGTH);
      return FALSE;
    }
  if (!g_utf8_validate (text, (gssize) length, NULL))
    {
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                   _("The text is not valid UTF-8"));
      return FALSE;
    }
  return TRUE;
}

/* Splits at ASCII white space, dropping empty words. */
static char **
split_words (const char *text, int *n_out)
{
  GPtrArray *words = g_ptr_array_new ();
  const char *c = text;

  while (*c != '\0')
    {
      const char *begin;

      while (*c != '\0' && g_ascii_isspace (*c))
        c++;
      begin = c;
      while (*c != '\0' && !g_ascii_isspace (*c))
        c++;
      if (c > begin)
        g_ptr_array_add (words, g_strndup (begin, (gsize) (c - begin)));
    }
  *n_out = (int) words->len;
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

/* An example for the message about empty text: Oware's start. */
static gboolean
empty_text (GError **error)
{
  KzPosition example = usual_start (KZ_VARIANT_OWARE, 0, 0);
  g_autofree char *line = kuzhi_notation_position_to_string (&example);

  g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
               _("There is no position in the text: a position is one line such as “%s”"), line);
  return FALSE;
}

gboolean
kuzhi_notation_position_parse (const char *text, KzPosition *out, GError **error)
{
  g_auto(GStrv) words = NULL;
  Words w = { 0 };

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  if (!check_text (text, error))
    return FALSE;
  words = split_words (text, &w.n);
  w.words = words;
  if (w.n == 0)
    return empty_text (error);
  return parse_position_words (&w, out, error);
}

/* A tag line: [South "name"] or [North "name"], each once. */
static gboolean
parse_tag (const char *line, int number, char *names[2], GError **error)
{
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  g_autofree char *cleaned = NULL;
  const char *end = line + strlen (line);
  const char *after = kuzhi_notation_read_tag (line, end, &key, &value);
  int side = -1;

  if (after == end)
    side = g_ascii_strcasecmp (key, "South") == 0 ? 0 : g_ascii_strcasecmp (key, "North") == 0 ? 1 : -1;
  if (side < 0 || names[side] != NULL)
    {
      g_autofree char *shown = g_utf8_substring (line, 0, MIN (g_utf8_strlen (line, -1), 30));
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                   _("Line %d, “%s”, is not a tag Kuzhi reads: a record names its players as [South \"name\"] and [North \"name\"]"),
                   number, shown);
      return FALSE;
    }
  cleaned = kuzhi_player_name_read (value, key, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX, error);
  if (cleaned == NULL)
    return FALSE;
  /* An empty name is no name: the player's name stays. */
  if (*cleaned != '\0')
    names[side] = g_steal_pointer (&cleaned);
  return TRUE;
}

/* The moves: "1." then the turn's actions, "2." … */
static gboolean
play_moves (const char *text, KzMatch *match, GError **error)
{
  g_auto(GStrv) words = NULL;
  int n, turn = 0, in_turn = 0;

  words = split_words (text, &n);
  for (int i = 0; i < n; i++)
    {
      const char *word = words[i];
      gsize len = strlen (word);
      int number;
      KzAction action;

      if (len > 1 && word[len - 1] == '.')
        {
          g_autofree char *digits = g_strndup (word, len - 1);

          if (!parse_number (digits, 1, G_MAXINT / 2, &number) || number != turn + 1 || (turn > 0 && in_turn == 0))
            {
              g_autofree char *shown = g_utf8_substring (word, 0, MIN (g_utf8_strlen (word, -1), 20));
              g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                           turn > 0 && in_turn == 0 ? _("Turn %d has no move before “%s”")
                                                    : _("Turn number %d. was expected, not “%s”"),
                           turn > 0 && in_turn == 0 ? turn : turn + 1, shown);
              return FALSE;
            }
          turn = number;
          in_turn = 0;
          continue;
        }
      {
        g_autofree char *shown = g_utf8_substring (word, 0, MIN (g_utf8_strlen (word, -1), 20));

        if (turn == 0)
          {
            g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                         _("Turn number %d. was expected, not “%s”"), 1, shown);
            return FALSE;
          }
        if (!kz_action_parse (word, &action))
          {
            g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                         _("Turn %d, “%s”, is not a move: moves are pit numbers, r or mC"), turn, shown);
            return FALSE;
          }
        if (match->pos.over)
          {
            g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_MOVE,
                         _("Turn %d, “%s”, comes after the end of the match"), turn, shown);
            return FALSE;
          }
        if (!kz_match_play (match, action, NULL))
          {
            g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_MOVE,
                         /* Translators: the last %s is south or north, as the notation writes them */
                         _("Turn %d, “%s”, is not legal there (%s to move)"), turn, shown,
                         sides[match->pos.to_move & 1]);
            return FALSE;
          }
        in_turn++;
      }
    }
  if (turn > 0 && in_turn == 0)
    {
      g_set_error (error, KUZHI_NOTATION_ERROR, KUZHI_NOTATION_ERROR_SYNTAX,
                   _("Turn %d has no move"), turn);
      return FALSE;
    }
  return TRUE;
}

gboolean
kuzhi_notation_match_parse (const char *text, KzMatch *out, char **names_out, GError **error)
{
  g_auto(GStrv) lines = NULL;
  char *names[2] = { NULL, NULL };
  GString *moves = g_string_new (NULL);
  KzPosition start;
  KzMatch match;
  gboolean have_start = FALSE;
  gboolean ok = FALSE;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);
  if (!check_text (text, error))
    goto out;
  /* A byte-order mark says nothing. */
  if (g_str_has_prefix (text, "\xef\xbb\xbf"))
    text += 3;

  lines = g_strsplit_set (text, "\r\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line == '\0')
        continue;
      if (!have_start && line[0] == '[')
        {
          if (!parse_tag (line, i + 1, names, error))
            goto out;
          continue;
        }
      if (!have_start)
        {
          Words w = { 0 };
          g_auto(GStrv) words = split_words (line, &w.n);

          w.words = words;
          if (!parse_position_words (&w, &start, error))
            goto out;
          have_start = TRUE;
          continue;
        }
      g_string_append (moves, line);
      g_string_append_c (moves, ' ');
    }
  if (!have_start)
    {
      empty_text (error);
      goto out;
    }

  if (!kz_match_init_at (&match, &start, NULL, 0))
    g_assert_not_reached ();   /* checked as it was read */
  if (!play_moves (moves->str, &match, error))
    {
      kz_match_clear (&match);
      goto out;
    }

  /* Everything fits: only now is the caller's match replaced. */
  kz_match_clear (out);
  *out = match;
  if (names_out != NULL)
    {
      names_out[0] = g_steal_pointer (&names[0]);
      names_out[1] = g_steal_pointer (&names[1]);
    }
  ok = TRUE;

out:
  g_free (names[0]);
  g_free (names[1]);
  g_string_free (moves, TRUE);
  return ok;
}
