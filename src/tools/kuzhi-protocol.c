/* kuzhi-protocol.c — parses protocol commands, runs them on a match and writes the JSON replies. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-protocol-private.h"

#include <string.h>

#define MAX_ARGS 16

KzSession *
kz_session_new (void)
{
  KzSession *session = g_new0 (KzSession, 1);

  /* A session starts with a standard Constitution match, so that `state`
   * and `play` work before any `new`. */
  if (!kz_match_init (&session->match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0))
    g_assert_not_reached ();
  session->created = g_date_time_new_now_utc ();
  session->id = g_uuid_string_random ();
  return session;
}

void
kz_session_free (KzSession *session)
{
  if (session == NULL)
    return;
  kz_match_clear (&session->match);
  g_clear_pointer (&session->names[0], g_free);
  g_clear_pointer (&session->names[1], g_free);
  g_clear_pointer (&session->created, g_date_time_unref);
  g_clear_pointer (&session->id, g_free);
  g_clear_pointer (&session->ogn, kuzhi_ogn_record_free);
  g_free (session);
}

gboolean
kz_protocol_parse_int (const char *what,
                       const char *text,
                       gint64      min,
                       gint64      max,
                       gint64     *out,
                       GError    **error)
{
  gint64 value = 0;
  gsize len;

  if (text == NULL)
    return TRUE;
  len = strlen (text);

  if (len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s needs a number", what);
      return FALSE;
    }
  for (gsize i = 0; i < len; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "%s must be a whole number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                       what, min, max);
          return FALSE;
        }
      value = value * 10 + (text[i] - '0');
      if (value > max)
        break;
    }
  if (value < min || value > max)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s is out of range: it must be from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                   what, min, max);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

/* "a, b and c": the keys taken, for messages. */
static char *
option_list (const char *const *keys,
             int                n_keys)
{
  GString *list = g_string_new (NULL);
  int last = n_keys - 1;

  while (last >= 0 && keys[last] == NULL)
    last--;
  for (int k = 0; k <= last; k++)
    if (keys[k] != NULL)
      g_string_append_printf (list, "%s%s", list->len == 0 ? "" : k == last ? " and " : ", ", keys[k]);
  return g_string_free (list, FALSE);
}

gboolean
kz_protocol_read_options (int                argc,
                          char             **argv,
                          int                first,
                          const char *const *keys,
                          int                n_keys,
                          const char       **values,
                          const char        *usage,
                          GError           **error)
{
  for (int k = 0; k < n_keys; k++)
    values[k] = NULL;
  for (int i = first; i < argc; i++)
    {
      const char *eq = strchr (argv[i], '=');
      g_autofree char *key = NULL;
      int k;

      if (eq == NULL)
        {
          g_autofree char *shown = g_utf8_substring (argv[i], 0, MIN (g_utf8_strlen (argv[i], -1), 40));
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "option '%s' must be written KEY=VALUE: %s", shown, usage);
          return FALSE;
        }
      key = g_strndup (argv[i], eq - argv[i]);
      for (k = 0; k < n_keys && (keys[k] == NULL || !g_str_equal (key, keys[k])); k++)
        ;
      if (k == n_keys)
        {
          g_autofree char *shown = g_utf8_substring (key, 0, MIN (g_utf8_strlen (key, -1), 40));
          g_autofree char *known = option_list (keys, n_keys);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "unknown option '%s': the options are %s", shown, known);
          return FALSE;
        }
      /* A repeated option is refused, not the last one taken. */
      if (values[k] != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s is given twice", key);
          return FALSE;
        }
      values[k] = eq + 1;
    }
  return TRUE;
}

char *
kz_protocol_variant_list (void)
{
  GString *list = g_string_new (NULL);

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    g_string_append_printf (list, "%s%s", id == 0 ? "" : id == KZ_N_VARIANTS - 1 ? " or " : ", ",
                            kz_variant_get ((KzVariantId) id)->key);
  return g_string_free (list, FALSE);
}

/* JSON output */

void
kz_protocol_add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

void
kz_protocol_add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

void
kz_protocol_add_boolean (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
add_int_array (JsonBuilder *b, const char *name, const int *values, int n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    json_builder_add_int_value (b, values[i]);
  json_builder_end_array (b);
}

void
kz_protocol_add_legal (JsonBuilder *b, const KzPosition *pos)
{
  KzAction actions[KZ_MAX_ACTIONS];
  const KzVariant *v = kz_position_variant (pos);
  int n = v->legal (pos, actions);
  char buf[8];

  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    json_builder_add_string_value (b, kz_action_to_string (actions[i], buf));
  json_builder_end_array (b);
}

/* What a game adds to `state`, from the facts of its entry; only the
 * Constitution's lucky cups and refill are its own. */
static void
add_variant_fields (JsonBuilder *b, const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);
  int pair[2];

  kz_protocol_add_int (b, "seeds", pos->seeds);
  if (v->pasu_choices[0] != 0)
    kz_protocol_add_int (b, "pasu", pos->option);
  if (v->has_rounds)
    kz_protocol_add_int (b, "round", pos->round);
  if (pos->variant == KZ_VARIANT_CONSTITUTION)
    {
      kz_protocol_add_int (b, "opener", pos->opener);
      pair[0] = pos->refill_left[0];
      pair[1] = pos->refill_left[1];
      add_int_array (b, "refill_left", pair, 2);
      pair[0] = pos->lucky[0];
      pair[1] = pos->lucky[1];
      add_int_array (b, "lucky", pair, 2);
      pair[0] = kz_constitution_account (pos, 0);
      pair[1] = kz_constitution_account (pos, 1);
      add_int_array (b, "accounts", pair, 2);
      pair[0] = kz_constitution_reserve (pos, 0);
      pair[1] = kz_constitution_reserve (pos, 1);
      add_int_array (b, "reserve", pair, 2);
    }
  /* The pits out of play, in the games that have a pasu. */
  if (v->pasu_choices[0] != 0)
    {
      json_builder_set_member_name (b, "rubbish");
      json_builder_begin_array (b);
      for (int i = 0; i < pos->n_pits; i++)
        if (pos->rubbish & (1u << i))
          json_builder_add_int_value (b, i);
      json_builder_end_array (b);
    }
}

void
kz_protocol_add_state (JsonBuilder *b, const KzMatch *match)
{
  const KzPosition *pos = &match->pos;
  const KzVariant *v = kz_position_variant (pos);
  int pits[KZ_MAX_PITS];
  int stores[2] = { pos->stores[0], pos->stores[1] };

  for (int i = 0; i < pos->n_pits; i++)
    pits[i] = pos->pits[i];

  json_builder_set_member_name (b, "state");
  json_builder_begin_object (b);
  kz_protocol_add_string (b, "variant", v->key);
  add_int_array (b, "pits", pits, pos->n_pits);
  add_int_array (b, "stores", stores, 2);
  kz_protocol_add_int (b, "to_move", pos->to_move);
  kz_protocol_add_boolean (b, "over", pos->over);
  json_builder_set_member_name (b, "winner");
  if (pos->over)
    json_builder_add_int_value (b, pos->winner);
  else
    json_builder_add_null_value (b);
  kz_protocol_add_string (b, "end", kz_end_reason_to_string (pos->end));
  kz_protocol_add_int (b, "plies", pos->plies);
  json_builder_set_member_name (b, "legal");
  kz_protocol_add_legal (b, pos);
  add_variant_fields (b, pos);
  json_builder_end_object (b);
}

void
kz_protocol_add_events (JsonBuilder *b, const KzEventLog *log)
{
  json_builder_set_member_name (b, "events");
  json_builder_begin_array (b);
  for (gsize i = 0; i < log->len; i++)
    {
      const KzEvent *ev = &log->events[i];

      json_builder_begin_object (b);
      kz_protocol_add_string (b, "type", kz_event_type_to_string (ev->type));
      switch ((KzEventType) ev->type)
        {
        case KZ_EVENT_LIFT:
        case KZ_EVENT_RELAY:
          kz_protocol_add_int (b, "pit", ev->pit);
          kz_protocol_add_int (b, "count", ev->count);
          break;
        case KZ_EVENT_DROP:
          kz_protocol_add_int (b, "pit", ev->pit);
          break;
        case KZ_EVENT_TRIPLE:
        case KZ_EVENT_MARK:
          kz_protocol_add_int (b, "pit", ev->pit);
          kz_protocol_add_int (b, "player", ev->player);
          break;
        case KZ_EVENT_LUCKY:
        case KZ_EVENT_CAPTURE:
          kz_protocol_add_int (b, "pit", ev->pit);
          kz_protocol_add_int (b, "player", ev->player);
          kz_protocol_add_int (b, "count", ev->count);
          break;
        case KZ_EVENT_STORE:
        case KZ_EVENT_EXTRA_TURN:
          kz_protocol_add_int (b, "player", ev->player);
          break;
        case KZ_EVENT_ROUND_END:
          kz_protocol_add_int (b, "round", ev->round);
          kz_protocol_add_int (b, "winner", ev->player);
          break;
        case KZ_EVENT_ROUND_START:
          kz_protocol_add_int (b, "round", ev->round);
          kz_protocol_add_int (b, "opener", ev->player);
          break;
        case KZ_EVENT_MATCH_END:
          kz_protocol_add_int (b, "winner", ev->player);
          kz_protocol_add_string (b, "reason", kz_end_reason_to_string (ev->reason));
          break;
        case KZ_N_EVENT_TYPES:
        default:
          break;
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* Commands */

gboolean
kz_protocol_lookup_variant (const char  *name,
                            KzVariantId *out,
                            GError     **error)
{
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (g_str_equal (kz_variant_get ((KzVariantId) id)->key, name))
      {
        *out = (KzVariantId) id;
        return TRUE;
      }
  {
    g_autofree char *known = kz_protocol_variant_list ();
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 "unknown variant '%s': expected %s", name, known);
  }
  return FALSE;
}

gboolean
kz_protocol_init_match (KzMatch     *match,
                        KzVariantId  id,
                        const char  *seeds,
                        const char  *pasu,
                        GError     **error)
{
  KzOptions options = { 0 };
  gint64 n_seeds = 0, n_pasu = 0;
  char message[256] = "";

  if (!kz_protocol_parse_int ("seeds", seeds, 1, 99, &n_seeds, error)
      || !kz_protocol_parse_int ("pasu", pasu, 1, 99, &n_pasu, error))
    return FALSE;
  options.seeds = (int) n_seeds;
  options.pasu = (int) n_pasu;
  if (!kz_match_init (match, id, &options, message, sizeof message))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", message);
      return FALSE;
    }
  return TRUE;
}

void
kz_protocol_start_match (KzSession *session,
                         KzMatch   *match)
{
  kz_match_clear (&session->match);
  session->match = *match;
  memset (match, 0, sizeof *match);
  /* A new match starts now, and every save of it keeps that date; a save
   * keeps the loaded names, but the protocol's match is played by whoever
   * sends the commands: both sides are saved as people. */
  g_clear_pointer (&session->created, g_date_time_unref);
  session->created = g_date_time_new_now_utc ();
  g_free (session->id);
  session->id = g_uuid_string_random ();
  g_clear_pointer (&session->ogn, kuzhi_ogn_record_free);
  session->levels[0] = session->levels[1] = KZ_LEVEL_NONE;
}

static gboolean
expect_args (int argc, char **argv, int min, int max, const char *usage, GError **error)
{
  if (argc - 1 < min || argc - 1 > max)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "usage: %s", usage);
      return FALSE;
    }
  return TRUE;
}

static gboolean
cmd_new (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  static const char *const option_names[] = { "seeds", "pasu" };
  const char *usage = "new VARIANT [seeds=N] [pasu=N]";
  const char *values[G_N_ELEMENTS (option_names)];
  KzVariantId id;
  KzMatch match;

  if (!expect_args (argc, argv, 1, MAX_ARGS - 2, usage, error))
    return FALSE;

  if (!kz_protocol_lookup_variant (argv[1], &id, error))
    return FALSE;

  if (!kz_protocol_read_options (argc, argv, 2, option_names, G_N_ELEMENTS (option_names), values, usage, error)
      || !kz_protocol_init_match (&match, id, values[0], values[1], error))
    return FALSE;
  kz_protocol_start_match (session, &match);
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}

static gboolean
cmd_state (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  if (!expect_args (argc, argv, 0, 0, "state", error))
    return FALSE;
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}

static gboolean
cmd_legal (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  if (!expect_args (argc, argv, 0, 0, "legal", error))
    return FALSE;
  json_builder_set_member_name (reply, "legal");
  kz_protocol_add_legal (reply, &session->match.pos);
  return TRUE;
}

static gboolean
cmd_play (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  KzAction action;
  KzEventLog log;

  if (!expect_args (argc, argv, 1, 1, "play ACTION (a pit number, r or mC)", error))
    return FALSE;
  if (!kz_action_parse (argv[1], &action))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "'%s' is not an action: write a pit number (e.g. 3), r for the refill shell or mC to mark cup C",
                   argv[1]);
      return FALSE;
    }
  if (session->match.pos.over)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "the match is over: start a new one with 'new' or take a move back with 'undo'");
      return FALSE;
    }
  if (!kz_position_is_legal (&session->match.pos, action))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "'%s' is not legal now: 'legal' lists the actions Player %d may take",
                   argv[1], session->match.pos.to_move + 1);
      return FALSE;
    }

  kz_event_log_init (&log);
  kz_match_play (&session->match, action, &log);
  kz_protocol_add_events (reply, &log);
  kz_event_log_free (&log);
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}

static gboolean
cmd_undo (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  if (!expect_args (argc, argv, 0, 0, "undo", error))
    return FALSE;
  if (!kz_match_undo (&session->match))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "nothing to undo");
      return FALSE;
    }
  kz_protocol_add_state (reply, &session->match);
  return TRUE;
}

static gboolean
cmd_quit (KzSession *session, int argc, char **argv, JsonBuilder *reply, GError **error)
{
  return expect_args (argc, argv, 0, 0, "quit", error);
}

static const struct {
  const char    *name;
  KzCommandFunc  func;
} commands[] = {
  { "new", cmd_new },
  { "position", kz_protocol_cmd_position },
  { "puzzle", kz_protocol_cmd_puzzle },
  { "state", cmd_state },
  { "legal", cmd_legal },
  { "play", cmd_play },
  { "undo", cmd_undo },
  { "go", kz_protocol_cmd_go },
  { "analyse", kz_protocol_cmd_analyse },
  { "save", kz_protocol_cmd_save },
  { "load", kz_protocol_cmd_load },
  { "quit", cmd_quit },
};

static char *
error_reply (const char *message)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  kz_protocol_add_boolean (b, "ok", FALSE);
  kz_protocol_add_string (b, "error", message);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

char *
kz_session_handle (KzSession  *session,
                   const char *line,
                   gsize       len,
                   gboolean   *quit)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) words = NULL;
  char *argv[MAX_ARGS];
  int argc = 0;
  g_autoptr(GError) error = NULL;

  *quit = FALSE;
  /* An empty line read before any other byte has no buffer at all. */
  if (line == NULL && len == 0)
    line = "";

  if (len > KZ_PROTOCOL_MAX_LINE)
    return g_strdup_printf ("{\"ok\":false,\"error\":\"the line is too long: at most %d bytes\"}",
                            KZ_PROTOCOL_MAX_LINE);
  if (memchr (line, '\0', len) != NULL)
    return error_reply ("the line holds a NUL byte: commands are plain text");
  if (!g_utf8_validate (line, len, NULL))
    return error_reply ("the line is not valid UTF-8 text");
  for (gsize i = 0; i < len; i++)
    if ((guchar) line[i] < 0x20 && line[i] != '\t' && line[i] != '\r')
      return error_reply ("the line holds control characters: commands are plain text");

  text = g_strndup (line, len);
  g_strstrip (text);
  if (*text == '\0')
    return error_reply ("empty command: try new, position, puzzle, state, legal, play, undo, go, analyse, save, load or quit");

  g_strdelimit (text, "\t\r", ' ');
  words = g_strsplit (text, " ", -1);
  for (int i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (argc == MAX_ARGS)
        return error_reply ("too many words in one command");
      argv[argc++] = words[i];
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (!g_str_equal (argv[0], commands[i].name))
        continue;

      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      kz_protocol_add_boolean (b, "ok", TRUE);
      if (!commands[i].func (session, argc, argv, b, &error))
        return error_reply (error->message);
      json_builder_end_object (b);
      *quit = commands[i].func == cmd_quit;
      root = json_builder_get_root (b);
      json_generator_set_root (gen, root);
      return json_generator_to_data (gen, NULL);
    }

  {
    g_autofree char *shown = g_utf8_substring (argv[0], 0, MIN (g_utf8_strlen (argv[0], -1), 40));
    g_autofree char *message = g_strdup_printf ("unknown command '%s': try new, position, puzzle, state, legal, play, undo, go, analyse, save, load or quit", shown);
    return error_reply (message);
  }
}
