/* kuzhi-position.c — what every variant shares: the variant table, event logs, action notation, position helpers. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "kuzhi-engine.h"
#include "kuzhi-variant-private.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const KzVariant *const variants[KZ_N_VARIANTS] = {
  [KZ_VARIANT_CONSTITUTION] = &kz_variant_constitution,
  [KZ_VARIANT_DAKON] = &kz_variant_dakon,
  [KZ_VARIANT_PALLANGUZHI] = &kz_variant_pallanguzhi,
  [KZ_VARIANT_KALAH] = &kz_variant_kalah,
  [KZ_VARIANT_OWARE] = &kz_variant_oware,
  [KZ_VARIANT_MANGALA] = &kz_variant_mangala,
  [KZ_VARIANT_BOHNENSPIEL] = &kz_variant_bohnenspiel,
};

const KzVariant *
kz_variant_get (KzVariantId id)
{
  if ((unsigned) id >= KZ_N_VARIANTS)
    return NULL;
  return variants[id];
}

const KzVariant *
kz_variant_lookup (const char *key)
{
  if (key == NULL)
    return NULL;
  for (int i = 0; i < KZ_N_VARIANTS; i++)
    if (variants[i] != NULL && strcmp (variants[i]->key, key) == 0)
      return variants[i];
  return NULL;
}

const char *
kz_end_reason_to_string (KzEndReason reason)
{
  static const char *const names[KZ_N_END_REASONS] = {
    "", "board_empty", "repetition", "side_empty", "limit",
    "no_feed", "majority", "no_capture", "cannot_fill",
  };
  return (unsigned) reason < KZ_N_END_REASONS ? names[reason] : "";
}

const char *
kz_event_type_to_string (KzEventType type)
{
  static const char *const names[KZ_N_EVENT_TYPES] = {
    "lift", "drop", "relay", "triple", "lucky", "capture", "store",
    "extra_turn", "mark", "round_end", "round_start", "match_end",
  };
  return (unsigned) type < KZ_N_EVENT_TYPES ? names[type] : "";
}

void
kz_event_log_init (KzEventLog *log)
{
  log->events = NULL;
  log->len = 0;
  log->cap = 0;
}

void
kz_event_log_clear (KzEventLog *log)
{
  log->len = 0;
}

void
kz_event_log_free (KzEventLog *log)
{
  free (log->events);
  kz_event_log_init (log);
}

static KzEvent *
log_append (KzEventLog *log)
{
  if (log->len == log->cap)
    log->events = kz_grow (log->events, &log->cap, 256, sizeof *log->events);
  KzEvent *ev = &log->events[log->len++];
  memset (ev, 0, sizeof *ev);
  ev->pit = -1;
  ev->player = -1;
  return ev;
}

void
kz_event_log_push (KzEventLog *log, KzEventType type, int pit, int player, int count)
{
  KzEvent *ev = log_append (log);
  ev->type = (uint8_t) type;
  ev->pit = (int8_t) pit;
  ev->player = (int8_t) player;
  ev->count = (uint16_t) count;
}

void
kz_event_log_push_round (KzEventLog *log, KzEventType type, int round, int player)
{
  KzEvent *ev = log_append (log);
  ev->type = (uint8_t) type;
  ev->player = (int8_t) player;
  ev->round = (uint16_t) round;
}

void
kz_event_log_set_detail (KzEventLog *log, KzEventDetail detail)
{
  if (log != NULL && log->len > 0)
    log->events[log->len - 1].detail = (uint8_t) detail;
}

/* Room for the longest token with the space before it: " K-128>-128x65535"
 * and " W-128:cannot_fill" take 17 and 18 characters. */
#define EVENT_TOKEN_MAX 24

char *
kz_event_log_to_string (const KzEventLog *log)
{
  size_t size = log->len * EVENT_TOKEN_MAX + 1;
  char *out = malloc (size);
  size_t len = 0;

  if (out == NULL)
    abort ();
  out[0] = '\0';
  for (size_t i = 0; i < log->len; i++)
    {
      const KzEvent *e = &log->events[i];
      char *at = out + len;
      size_t room = size - len;
      const char *sep = i > 0 ? " " : "";
      int n;

      switch ((KzEventType) e->type)
        {
        case KZ_EVENT_LIFT: n = snprintf (at, room, "%sL%dx%d", sep, e->pit, e->count); break;
        case KZ_EVENT_DROP: n = snprintf (at, room, "%sD%d", sep, e->pit); break;
        case KZ_EVENT_RELAY: n = snprintf (at, room, "%sR%dx%d", sep, e->pit, e->count); break;
        case KZ_EVENT_TRIPLE: n = snprintf (at, room, "%sT%d>%d", sep, e->pit, e->player); break;
        case KZ_EVENT_LUCKY: n = snprintf (at, room, "%sK%d>%dx%d", sep, e->pit, e->player, e->count); break;
        case KZ_EVENT_CAPTURE: n = snprintf (at, room, "%sC%d>%dx%d", sep, e->pit, e->player, e->count); break;
        case KZ_EVENT_STORE: n = snprintf (at, room, "%sS>%d", sep, e->player); break;
        case KZ_EVENT_EXTRA_TURN: n = snprintf (at, room, "%sX>%d", sep, e->player); break;
        case KZ_EVENT_MARK: n = snprintf (at, room, "%sM%d>%d", sep, e->pit, e->player); break;
        case KZ_EVENT_ROUND_END: n = snprintf (at, room, "%sE%d>%d", sep, e->round, e->player); break;
        case KZ_EVENT_ROUND_START: n = snprintf (at, room, "%sB%d>%d", sep, e->round, e->player); break;
        case KZ_EVENT_MATCH_END:
          n = snprintf (at, room, "%sW%d:%s", sep, e->player,
                        kz_end_reason_to_string ((KzEndReason) e->reason));
          break;
        case KZ_N_EVENT_TYPES:
        default: n = snprintf (at, room, "%s?", sep); break;
        }
      assert (n > 0 && (size_t) n < room);
      len += (size_t) n;
    }
  return out;
}

bool
kz_position_must_feed (const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);

  return v != NULL && v->must_feed != NULL && !pos->over && v->must_feed (pos);
}

void
kz_event_log_push_end (KzEventLog *log, int winner, KzEndReason reason)
{
  KzEvent *ev = log_append (log);
  ev->type = KZ_EVENT_MATCH_END;
  ev->player = (int8_t) winner;
  ev->reason = (uint8_t) reason;
}

void
kz_position_start (KzPosition *pos, KzVariantId variant, int n_pits, int seeds)
{
  memset (pos, 0, sizeof *pos);
  memset (pos->pits, seeds, (size_t) n_pits);
  pos->lucky[0] = pos->lucky[1] = -1;
  pos->variant = (uint8_t) variant;
  pos->n_pits = (uint8_t) n_pits;
  pos->seeds = (uint8_t) seeds;
  pos->winner = -1;
}

bool
kz_position_setup_seeds (KzPosition *pos, KzVariantId variant, const char *game, const KzOptions *options,
                         char *error, size_t error_len)
{
  const KzVariant *v = kz_variant_get (variant);
  int seeds = options->seeds ? options->seeds : v->seeds_default;
  int n = 0;

  while (n < KZ_MAX_CHOICES && v->seeds_choices[n] != 0 && v->seeds_choices[n] != seeds)
    n++;
  if (n == KZ_MAX_CHOICES || v->seeds_choices[n] == 0)
    {
      if (error != NULL)
        {
          /* "3, 4, 5 or 6" */
          char choices[64] = "";
          size_t len = 0;

          for (int i = 0; i < KZ_MAX_CHOICES && v->seeds_choices[i] != 0; i++)
            len += (size_t) snprintf (choices + len, sizeof choices - len, "%s%d",
                                      i == 0 ? "" : i + 1 < KZ_MAX_CHOICES && v->seeds_choices[i + 1] == 0 ? " or " : ", ",
                                      v->seeds_choices[i]);
          snprintf (error, error_len, "seeds must be %s for %s (got %d)", choices, game, seeds);
        }
      return false;
    }
  if (kz_options_refuse_pasu (options, game, error, error_len))
    return false;

  kz_position_start (pos, variant, v->n_pits, seeds);
  return true;
}

int
kz_legal_nonempty_pits (const KzPosition *pos, KzAction *out)
{
  int half = pos->n_pits / 2;
  int first = pos->to_move * half;
  int n = 0;

  if (pos->over)
    return 0;
  for (int c = first; c < first + half; c++)
    if (pos->pits[c] != 0)
      out[n++] = (KzAction) c;
  return n;
}

bool
kz_options_refuse_pasu (const KzOptions *options, const char *game, char *error, size_t error_len)
{
  if (options->pasu == 0)
    return false;
  if (error != NULL)
    snprintf (error, error_len, "%s has no option pasu", game);
  return true;
}

int
kz_position_total (const KzPosition *pos)
{
  int total = pos->stores[0] + pos->stores[1] + pos->refill_left[0] + pos->refill_left[1];
  for (int i = 0; i < pos->n_pits; i++)
    total += pos->pits[i];
  return total;
}

int
kz_position_row_sum (const KzPosition *pos, int player)
{
  int half = pos->n_pits / 2;
  int sum = 0;
  for (int i = player * half; i < (player + 1) * half; i++)
    sum += pos->pits[i];
  return sum;
}

int
kz_position_account (const KzPosition *pos, int player)
{
  const KzVariant *v = kz_position_variant (pos);

  return v->account != NULL ? v->account (pos, player) : pos->stores[player];
}

int
kz_position_rule_opener (const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);

  return v->rule_opener != NULL ? v->rule_opener (pos) : 0;
}

bool
kz_position_is_legal (const KzPosition *pos, KzAction action)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];

  if (v == NULL)
    return false;
  int n = v->legal (pos, actions);
  for (int i = 0; i < n; i++)
    if (actions[i] == action)
      return true;
  return false;
}

bool
kz_position_equal (const KzPosition *a, const KzPosition *b)
{
  /* Field by field, so that padding never matters. */
  return memcmp (a->pits, b->pits, sizeof a->pits) == 0 &&
         memcmp (a->stores, b->stores, sizeof a->stores) == 0 &&
         memcmp (a->refill_left, b->refill_left, sizeof a->refill_left) == 0 &&
         memcmp (a->lucky, b->lucky, sizeof a->lucky) == 0 &&
         a->variant == b->variant && a->n_pits == b->n_pits &&
         a->seeds == b->seeds && a->option == b->option &&
         a->to_move == b->to_move && a->opener == b->opener &&
         a->over == b->over && a->winner == b->winner && a->end == b->end &&
         a->marked == b->marked && a->round == b->round && a->plies == b->plies &&
         a->quiet_plies == b->quiet_plies && a->rubbish == b->rubbish;
}

bool
kz_position_same_for_repetition (const KzPosition *a, const KzPosition *b)
{
  return memcmp (a->pits, b->pits, sizeof a->pits) == 0 &&
         memcmp (a->stores, b->stores, sizeof a->stores) == 0 &&
         memcmp (a->refill_left, b->refill_left, sizeof a->refill_left) == 0 &&
         memcmp (a->lucky, b->lucky, sizeof a->lucky) == 0 &&
         a->rubbish == b->rubbish && a->to_move == b->to_move;
}

void
kz_position_adjudicate (KzPosition *pos, KzEndReason reason)
{
  const KzVariant *v = kz_position_variant (pos);
  int s0 = v->score (pos, 0);
  int s1 = v->score (pos, 1);

  pos->over = 1;
  pos->end = (uint8_t) reason;
  pos->winner = (int8_t) (s0 > s1 ? 0 : s1 > s0 ? 1 : -1);
}

const char *
kz_action_to_string (KzAction action, char *buf)
{
  if (action == KZ_ACTION_REFILL)
    snprintf (buf, 8, "r");
  else if (KZ_ACTION_IS_MARK (action))
    snprintf (buf, 8, "m%d", KZ_ACTION_MARK_CUP (action));
  else if (KZ_ACTION_IS_PIT (action))
    snprintf (buf, 8, "%d", (int) action);
  else
    snprintf (buf, 8, "?");
  return buf;
}

/* A pit number: one or two decimal digits, no sign, no leading zero. */
static bool
parse_pit (const char *s, int *out)
{
  size_t len = strlen (s);
  if (len == 0 || len > 2 || (len == 2 && s[0] == '0'))
    return false;
  int v = 0;
  for (size_t i = 0; i < len; i++)
    {
      if (s[i] < '0' || s[i] > '9')
        return false;
      v = v * 10 + (s[i] - '0');
    }
  if (v >= KZ_MAX_PITS)
    return false;
  *out = v;
  return true;
}

bool
kz_action_parse (const char *str, KzAction *out)
{
  int pit;

  if (str == NULL || out == NULL)
    return false;
  if (strcmp (str, "r") == 0)
    {
      *out = KZ_ACTION_REFILL;
      return true;
    }
  if (str[0] == 'm' && parse_pit (str + 1, &pit))
    {
      *out = KZ_ACTION_MARK (pit);
      return true;
    }
  if (parse_pit (str, &pit))
    {
      *out = (KzAction) pit;
      return true;
    }
  return false;
}

bool
kz_position_preview (const KzPosition *pos, KzAction action, KzPreview *out)
{
  const KzVariant *v = kz_position_variant (pos);
  KzPosition copy = *pos;
  KzEventLog log;
  bool done = false;   /* the sowing is over: round and match ends follow */

  memset (out, 0, sizeof *out);
  out->last_pit = -1;
  out->last_store = -1;
  if (v == NULL || !kz_position_is_legal (pos, action) || KZ_ACTION_IS_MARK (action))
    return false;

  kz_event_log_init (&log);
  v->apply (&copy, action, &log);
  for (size_t i = 0; i < log.len; i++)
    {
      const KzEvent *ev = &log.events[i];
      switch (ev->type)
        {
        case KZ_EVENT_DROP:
          if (!done)
            {
              out->last_pit = ev->pit;
              out->last_store = -1;
            }
          break;
        case KZ_EVENT_STORE:
          if (!done)
            {
              out->last_pit = -1;
              out->last_store = ev->player;
            }
          if (ev->player == 0 || ev->player == 1)
            {
              out->taken[ev->player]++;
              out->stored[ev->player]++;
            }
          break;
        case KZ_EVENT_RELAY:
          if (out->n_relays < KZ_PREVIEW_MAX_RELAYS)
            out->relays[out->n_relays] = ev->pit;
          out->n_relays++;
          break;
        case KZ_EVENT_TRIPLE:
        case KZ_EVENT_LUCKY:
          if (ev->pit >= 0)
            out->triples |= 1u << ev->pit;
          if (ev->player == 0 || ev->player == 1)
            {
              out->taken[ev->player] += ev->count;
              if (ev->type == KZ_EVENT_TRIPLE)
                out->n_triples[ev->player]++;
              else
                out->banked[ev->player] += ev->count;
            }
          break;
        case KZ_EVENT_CAPTURE:
          /* The end sweep gathers seeds back to their owners (or to whom
           * the rules give the rest): the sowing took none of them. The
           * engines push it before the round or match end, so only the
           * mark tells it apart. */
          if (ev->detail == KZ_DETAIL_GATHER)
            break;
          if (ev->pit >= 0)
            out->captures |= 1u << ev->pit;
          if (ev->player == 0 || ev->player == 1)
            {
              out->taken[ev->player] += ev->count;
              out->captured[ev->player] += ev->count;
            }
          break;
        case KZ_EVENT_EXTRA_TURN:
          out->extra_turn = true;
          break;
        case KZ_EVENT_ROUND_END:
          out->round_ends = true;
          done = true;
          break;
        case KZ_EVENT_MATCH_END:
          out->match_ends = true;
          done = true;
          break;
        default:
          break;
        }
    }
  kz_event_log_free (&log);
  return true;
}

/* Set-up positions. What every game shares is checked here; each game's
 * check() then refuses what its own rules cannot reach. */

static KzTranslateFunc translate_func;

void
kz_set_translate_func (KzTranslateFunc func)
{
  translate_func = func;
}

const char *
kz_translate (const char *english)
{
  return translate_func != NULL ? translate_func (english) : english;
}

bool
kz_refuse (char *reason, size_t reason_len, const char *format, ...)
{
  va_list args;
  int n;

  if (reason != NULL && reason_len > 0)
    {
      va_start (args, format);
      /* A translated format has the same conversions: msgfmt --check
       * refuses a catalogue whose c-format strings differ. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      n = vsnprintf (reason, reason_len, kz_translate (format), args);
#pragma GCC diagnostic pop
      va_end (args);
      /* A sentence longer than the room is cut at a character's end, never
       * inside one: a translation's letters may take up to four bytes. */
      if (n >= 0 && (size_t) n >= reason_len)
        {
          size_t end = reason_len - 1, lead = end;
          unsigned char c;

          while (lead > 0 && ((unsigned char) reason[lead - 1] & 0xC0) == 0x80)
            lead--;
          if (lead > 0)
            {
              lead--;
              c = (unsigned char) reason[lead];
              if (lead + (c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2) > end)
                reason[lead] = '\0';
            }
        }
    }
  return false;
}

static const char *
pit_words (const KzVariant *v)
{
  switch (v->pit_word)
    {
    case KZ_PIT_WORD_CUP: return "cups";
    case KZ_PIT_WORD_HOUSE: return "houses";
    case KZ_PIT_WORD_PIT:
    default: return "pits";
    }
}

bool
kz_variant_has_field (KzVariantId id, KzField field)
{
  const KzVariant *v = kz_variant_get (id);

  switch (field)
    {
    case KZ_FIELD_PASU: return v->pasu_choices[0] != 0;
    case KZ_FIELD_ROUND: return v->has_rounds;
    case KZ_FIELD_OPENER:
    case KZ_FIELD_REFILL:
    case KZ_FIELD_LUCKY: return id == KZ_VARIANT_CONSTITUTION;
    case KZ_FIELD_RUBBISH: return id == KZ_VARIANT_PALLANGUZHI;
    case KZ_FIELD_QUIET: return id == KZ_VARIANT_DAKON || id == KZ_VARIANT_BOHNENSPIEL;
    case KZ_FIELD_COMMON:
    default: return true;
    }
}

bool
kz_position_check (const KzPosition *pos, char *reason, size_t reason_len)
{
  const KzVariant *v = kz_position_variant (pos);
  KzOptions options = { 0 };
  KzPosition start;
  char why[200] = "";
  char title[64];   /* the name at a sentence's start */
  int total, needed;

  if (reason != NULL && reason_len > 0)
    reason[0] = '\0';
  if (v == NULL)
    return kz_refuse (reason, reason_len, "Kuzhi has no game number %d.", pos->variant);
  snprintf (title, sizeof title, "%s", v->name);
  if (title[0] >= 'a' && title[0] <= 'z')
    title[0] = (char) (title[0] - 'a' + 'A');
  if (pos->n_pits != v->n_pits)
    return kz_refuse (reason, reason_len, "%s is played on %d %s, not %d.", title, v->n_pits, pit_words (v), pos->n_pits);
  for (int i = v->n_pits; i < KZ_MAX_PITS; i++)
    if (pos->pits[i] != 0)
      return kz_refuse (reason, reason_len, "There is no %s %d in %s.", pit_words (v), i, v->name);
  if (pos->to_move > 1)
    return kz_refuse (reason, reason_len, "The player to move must be 0 or 1, not %d.", pos->to_move);
  if (pos->opener > 1)
    return kz_refuse (reason, reason_len, "The player who opened the round must be 0 or 1, not %d.", pos->opener);
  if (pos->marked)
    return kz_refuse (reason, reason_len, "A set-up position starts a turn, so no lucky cup can be marked in it yet.");

  /* The seeds and the option are the layout's key: setup() says whether
   * the game knows them, and gives the start whose total is the game's. */
  options.seeds = pos->seeds;
  if (v->pasu_choices[0] != 0)
    options.pasu = pos->option;
  else if (pos->option != 0)
    return kz_refuse (reason, reason_len, "%s has no pasu.", v->name);
  if (pos->seeds == 0 || (v->pasu_choices[0] != 0 && pos->option == 0))
    return kz_refuse (reason, reason_len, "The layout of %s is missing (seeds or pasu 0).", v->name);
  if (!v->setup (&start, &options, why, sizeof why))
    {
      if (why[0] >= 'a' && why[0] <= 'z')
        why[0] = (char) (why[0] - 'a' + 'A');
      return kz_refuse (reason, reason_len, "%s.", why);
    }

  if (!kz_variant_has_field (pos->variant, KZ_FIELD_REFILL) && (pos->refill_left[0] != 0 || pos->refill_left[1] != 0))
    return kz_refuse (reason, reason_len, "%s has no refill shells.", title);
  if (!kz_variant_has_field (pos->variant, KZ_FIELD_LUCKY) && (pos->lucky[0] != -1 || pos->lucky[1] != -1))
    return kz_refuse (reason, reason_len, "%s has no lucky cups.", title);
  if (!kz_variant_has_field (pos->variant, KZ_FIELD_RUBBISH) && pos->rubbish != 0)
    return kz_refuse (reason, reason_len, "%s has no rubbish cups.", title);
  if (!v->has_rounds && pos->round != start.round)
    return kz_refuse (reason, reason_len, "%s is not played in rounds.", title);
  if (v->has_rounds && pos->round < 1)
    return kz_refuse (reason, reason_len, "Rounds are counted from 1, not %d.", pos->round);
  if (!kz_variant_has_field (pos->variant, KZ_FIELD_QUIET) && pos->quiet_plies != 0)
    return kz_refuse (reason, reason_len, "%s has no rule on plies without a capture.", title);

  total = kz_position_total (pos);
  needed = kz_position_total (&start);
  if (total != needed)
    return kz_refuse (reason, reason_len, "The %s and stores hold %d %s; %s needs %d.",
                   pit_words (v), total, v->seed_word, v->name, needed);

  return v->check == NULL || v->check (pos, reason, reason_len);
}
