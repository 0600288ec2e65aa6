/* kuzhi-game-model.c — the GObject over a match: plays actions through the engine, keeps undo/redo, and re-emits engine events as signals. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-game-model.h"

#include <glib/gi18n-lib.h>

#include "kuzhi-key-file.h"
#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"

struct _KuzhiGameModel
{
  GObject parent_instance;

  /* owned */
  KzMatch  match;
  GArray    *redo;       /* KzAction; the next action to replay is last */
  char      *names[2];
  KzLevel    levels[2];
  GDateTime *created;
  char      *id;         /* the match's identity, a UUID */
  /* The match's own file (an absolute path) and the SHA-256 of what it
   * held when last saved or opened here, for the autosave; NULL for none. */
  char      *file;
  char      *file_sha256;
};

G_DEFINE_FINAL_TYPE (KuzhiGameModel, kuzhi_game_model, G_TYPE_OBJECT)

G_DEFINE_QUARK (kuzhi-game-model-error-quark, kuzhi_game_model_error)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_ROUND,
  PROP_TO_MOVE,
  PROP_OVER,
  PROP_WINNER,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PLAYER1_NAME,
  PROP_PLAYER2_NAME,
  PROP_PLAYER1_LEVEL,
  PROP_PLAYER2_LEVEL,
  PROP_ACCOUNT1,
  PROP_ACCOUNT2,
  PROP_RESERVE1,
  PROP_RESERVE2,
  PROP_REFILL_LEFT1,
  PROP_REFILL_LEFT2,
  PROP_LUCKY1,
  PROP_LUCKY2,
  PROP_N_ACTIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ACTION_STARTED,
  LIFTED,
  SOWN,
  RELAYED,
  STORED,
  TRIPLE,
  LUCKY_BANKED,
  LUCKY_MARKED,
  CAPTURED,
  SPECIAL,
  EXTRA_TURN,
  ROUND_ENDED,
  ROUND_STARTED,
  MATCH_ENDED,
  TURN_CHANGED,
  ACTION_FINISHED,
  POSITION_RESET,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The derived properties are all small integers; comparing a snapshot taken
 * before a change with the state after it tells which ones to notify, so
 * that listeners only hear about what really changed. */
typedef struct {
  int values[N_PROPS];
} Snapshot;

static int
prop_value (KuzhiGameModel *self, guint prop)
{
  switch (prop)
    {
    case PROP_VARIANT:      return kuzhi_game_model_get_variant (self);
    case PROP_ROUND:        return kuzhi_game_model_get_round (self);
    case PROP_TO_MOVE:      return kuzhi_game_model_get_to_move (self);
    case PROP_OVER:         return kuzhi_game_model_get_over (self);
    case PROP_WINNER:       return kuzhi_game_model_get_winner (self);
    case PROP_CAN_UNDO:     return kuzhi_game_model_can_undo (self);
    case PROP_CAN_REDO:     return kuzhi_game_model_can_redo (self);
    case PROP_ACCOUNT1:     return kuzhi_game_model_get_account (self, 0);
    case PROP_ACCOUNT2:     return kuzhi_game_model_get_account (self, 1);
    case PROP_RESERVE1:     return kuzhi_game_model_get_reserve (self, 0);
    case PROP_RESERVE2:     return kuzhi_game_model_get_reserve (self, 1);
    case PROP_REFILL_LEFT1: return kuzhi_game_model_get_refill_left (self, 0);
    case PROP_REFILL_LEFT2: return kuzhi_game_model_get_refill_left (self, 1);
    case PROP_LUCKY1:       return kuzhi_game_model_get_lucky (self, 0);
    case PROP_LUCKY2:       return kuzhi_game_model_get_lucky (self, 1);
    case PROP_N_ACTIONS:    return (int) self->match.n_history;
    default:                return 0;
    }
}

static void
snapshot_take (KuzhiGameModel *self, Snapshot *snap)
{
  for (guint i = 0; i < N_PROPS; i++)
    snap->values[i] = prop_value (self, i);
}

static void
snapshot_notify_changes (KuzhiGameModel *self, const Snapshot *before)
{
  for (guint i = PROP_0 + 1; i < N_PROPS; i++)
    {
      /* Set by callers, never by a change of the match. */
      if (i == PROP_PLAYER1_NAME || i == PROP_PLAYER2_NAME
          || i == PROP_PLAYER1_LEVEL || i == PROP_PLAYER2_LEVEL)
        continue;
      if (prop_value (self, i) != before->values[i])
        g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
    }
}

static void
kuzhi_game_model_finalize (GObject *object)
{
  KuzhiGameModel *self = KUZHI_GAME_MODEL (object);

  kz_match_clear (&self->match);
  g_clear_pointer (&self->redo, g_array_unref);
  g_clear_pointer (&self->names[0], g_free);
  g_clear_pointer (&self->names[1], g_free);
  g_clear_pointer (&self->created, g_date_time_unref);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->file, g_free);
  g_clear_pointer (&self->file_sha256, g_free);

  G_OBJECT_CLASS (kuzhi_game_model_parent_class)->finalize (object);
}

static void
kuzhi_game_model_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  KuzhiGameModel *self = KUZHI_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_OVER:
    case PROP_CAN_UNDO:
    case PROP_CAN_REDO:
      g_value_set_boolean (value, prop_value (self, prop_id));
      break;

    case PROP_N_ACTIONS:
      g_value_set_uint (value, (guint) self->match.n_history);
      break;

    case PROP_PLAYER1_NAME:
      g_value_set_string (value, self->names[0]);
      break;

    case PROP_PLAYER2_NAME:
      g_value_set_string (value, self->names[1]);
      break;

    case PROP_PLAYER1_LEVEL:
      g_value_set_enum (value, self->levels[0]);
      break;

    case PROP_PLAYER2_LEVEL:
      g_value_set_enum (value, self->levels[1]);
      break;

    case PROP_VARIANT:
      g_value_set_enum (value, kuzhi_game_model_get_variant (self));
      break;

    case PROP_ROUND:
    case PROP_TO_MOVE:
    case PROP_WINNER:
    case PROP_ACCOUNT1:
    case PROP_ACCOUNT2:
    case PROP_RESERVE1:
    case PROP_RESERVE2:
    case PROP_REFILL_LEFT1:
    case PROP_REFILL_LEFT2:
    case PROP_LUCKY1:
    case PROP_LUCKY2:
      g_value_set_int (value, prop_value (self, prop_id));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_game_model_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  KuzhiGameModel *self = KUZHI_GAME_MODEL (object);

  switch (prop_id)
    {
    case PROP_PLAYER1_NAME:
      kuzhi_game_model_set_player_name (self, 0, g_value_get_string (value));
      break;

    case PROP_PLAYER2_NAME:
      kuzhi_game_model_set_player_name (self, 1, g_value_get_string (value));
      break;

    case PROP_PLAYER1_LEVEL:
      kuzhi_game_model_set_player_level (self, 0, (KzLevel) g_value_get_enum (value));
      break;

    case PROP_PLAYER2_LEVEL:
      kuzhi_game_model_set_player_level (self, 1, (KzLevel) g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
int_property (const char *name, const char *nick, int min, int max, int def)
{
  return g_param_spec_int (name, nick, NULL, min, max, def,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
bool_property (const char *name, const char *nick)
{
  return g_param_spec_boolean (name, nick, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static guint
new_signal (GObjectClass *object_class, const char *name, guint n_params, ...)
{
  GType types[4];
  va_list args;

  g_assert (n_params <= G_N_ELEMENTS (types));
  va_start (args, n_params);
  for (guint i = 0; i < n_params; i++)
    types[i] = va_arg (args, GType);
  va_end (args);

  return g_signal_newv (name,
                        G_TYPE_FROM_CLASS (object_class),
                        G_SIGNAL_RUN_LAST,
                        NULL, NULL, NULL, NULL,
                        G_TYPE_NONE, n_params, types);
}

static void
kuzhi_game_model_class_init (KuzhiGameModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kuzhi_game_model_finalize;
  object_class->get_property = kuzhi_game_model_get_property;
  object_class->set_property = kuzhi_game_model_set_property;

  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", "Variant", NULL, KZ_TYPE_VARIANT_ID, KZ_VARIANT_CONSTITUTION,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND] = int_property ("round", "Round", 0, G_MAXUINT16, 1);
  properties[PROP_TO_MOVE] = int_property ("to-move", "To move", 0, 1, 0);
  properties[PROP_OVER] = bool_property ("over", "Over");
  properties[PROP_WINNER] = int_property ("winner", "Winner", -1, 1, -1);
  properties[PROP_CAN_UNDO] = bool_property ("can-undo", "Can undo");
  properties[PROP_CAN_REDO] = bool_property ("can-redo", "Can redo");
  properties[PROP_PLAYER1_NAME] =
    g_param_spec_string ("player1-name", "Player 1 name", NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER2_NAME] =
    g_param_spec_string ("player2-name", "Player 2 name", NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER1_LEVEL] =
    g_param_spec_enum ("player1-level", "Player 1 level", NULL, KZ_TYPE_LEVEL, KZ_LEVEL_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER2_LEVEL] =
    g_param_spec_enum ("player2-level", "Player 2 level", NULL, KZ_TYPE_LEVEL, KZ_LEVEL_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACCOUNT1] = int_property ("account1", "Account 1", 0, G_MAXINT, 0);
  properties[PROP_ACCOUNT2] = int_property ("account2", "Account 2", 0, G_MAXINT, 0);
  properties[PROP_RESERVE1] = int_property ("reserve1", "Reserve 1", 0, G_MAXINT, 0);
  properties[PROP_RESERVE2] = int_property ("reserve2", "Reserve 2", 0, G_MAXINT, 0);
  properties[PROP_REFILL_LEFT1] = int_property ("refill-left1", "Refill left 1", 0, G_MAXINT, 0);
  properties[PROP_REFILL_LEFT2] = int_property ("refill-left2", "Refill left 2", 0, G_MAXINT, 0);
  properties[PROP_LUCKY1] = int_property ("lucky1", "Lucky cup 1", -1, KZ_MAX_PITS - 1, -1);
  properties[PROP_LUCKY2] = int_property ("lucky2", "Lucky cup 2", -1, KZ_MAX_PITS - 1, -1);
  properties[PROP_N_ACTIONS] =
    g_param_spec_uint ("n-actions", "Actions", NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ACTION_STARTED] = new_signal (object_class, "action-started", 2, G_TYPE_INT, G_TYPE_POINTER);
  signals[LIFTED] = new_signal (object_class, "lifted", 2, G_TYPE_INT, G_TYPE_INT);
  signals[SOWN] = new_signal (object_class, "sown", 1, G_TYPE_INT);
  signals[RELAYED] = new_signal (object_class, "relayed", 2, G_TYPE_INT, G_TYPE_INT);
  signals[STORED] = new_signal (object_class, "stored", 1, G_TYPE_INT);
  signals[TRIPLE] = new_signal (object_class, "triple", 2, G_TYPE_INT, G_TYPE_INT);
  signals[LUCKY_BANKED] = new_signal (object_class, "lucky-banked", 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[LUCKY_MARKED] = new_signal (object_class, "lucky-marked", 2, G_TYPE_INT, G_TYPE_INT);
  signals[CAPTURED] = new_signal (object_class, "captured", 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  /* Right after an event the rules single out (KzEventDetail): the detail,
   * and that event's pit, player and count. */
  signals[SPECIAL] = new_signal (object_class, "special", 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);
  signals[EXTRA_TURN] = new_signal (object_class, "extra-turn", 1, G_TYPE_INT);
  signals[ROUND_ENDED] = new_signal (object_class, "round-ended", 2, G_TYPE_INT, G_TYPE_INT);
  signals[ROUND_STARTED] = new_signal (object_class, "round-started", 2, G_TYPE_INT, G_TYPE_INT);
  signals[MATCH_ENDED] = new_signal (object_class, "match-ended", 2, G_TYPE_INT, G_TYPE_INT);
  signals[TURN_CHANGED] = new_signal (object_class, "turn-changed", 1, G_TYPE_INT);
  signals[ACTION_FINISHED] = new_signal (object_class, "action-finished", 1, G_TYPE_INT);
  signals[POSITION_RESET] = new_signal (object_class, "position-reset", 0);
}

static void
kuzhi_game_model_init (KuzhiGameModel *self)
{
  self->redo = g_array_new (FALSE, FALSE, sizeof (KzAction));
  self->names[0] = g_strdup (_("Player 1"));
  self->names[1] = g_strdup (_("Player 2"));
  self->created = g_date_time_new_now_utc ();
  self->id = g_uuid_string_random ();

  /* A model is never without a match, so that every getter has an answer
   * before the first new_match(). */
  if (!kz_match_init (&self->match, KZ_VARIANT_CONSTITUTION, NULL, NULL, 0))
    g_assert_not_reached ();
}

KuzhiGameModel *
kuzhi_game_model_new (void)
{
  return g_object_new (KUZHI_TYPE_GAME_MODEL, NULL);
}

/* Puts `match` in place (taking ownership) without an action to animate. */
static void
replace_match (KuzhiGameModel *self, KzMatch *match)
{
  Snapshot before;

  snapshot_take (self, &before);
  kz_match_clear (&self->match);
  self->match = *match;
  memset (match, 0, sizeof *match);
  g_array_set_size (self->redo, 0);
  g_signal_emit (self, signals[POSITION_RESET], 0);
  snapshot_notify_changes (self, &before);
}

/* Puts `match` in place (taking ownership) as a new match of its own:
 * created now, with a new id. */
static void
begin_match (KuzhiGameModel *self,
             KzMatch        *match)
{
  g_clear_pointer (&self->created, g_date_time_unref);
  self->created = g_date_time_new_now_utc ();
  g_free (self->id);
  self->id = g_uuid_string_random ();
  replace_match (self, match);
}

gboolean
kuzhi_game_model_new_match (KuzhiGameModel  *self,
                            KzVariantId      variant,
                            const KzOptions *options,
                            GError         **error)
{
  KzMatch match;
  char message[256] = "";

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (kz_variant_get (variant) == NULL)
    {
      g_set_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_OPTIONS,
                   _("This game is not available yet"));
      return FALSE;
    }
  if (!kz_match_init (&match, variant, options, message, sizeof message))
    {
      g_set_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_OPTIONS,
                   _("The match cannot start: %s"), message);
      return FALSE;
    }
  begin_match (self, &match);
  return TRUE;
}

void
kuzhi_game_model_start_match (KuzhiGameModel    *self,
                              const KzMatch     *match,
                              const char *const  names[2])
{
  KzMatch copy;

  g_return_if_fail (KUZHI_IS_GAME_MODEL (self));
  g_return_if_fail (match != NULL);
  g_return_if_fail (kz_position_variant (&match->pos) != NULL);

  for (int p = 0; p < 2 && names != NULL; p++)
    if (names[p] != NULL)
      kuzhi_game_model_set_player_name (self, p, names[p]);
  kz_match_copy (&copy, match);
  begin_match (self, &copy);
}

void
kuzhi_game_model_set_match (KuzhiGameModel *self,
                            const KzMatch  *match)
{
  KzMatch copy;

  g_return_if_fail (KUZHI_IS_GAME_MODEL (self));
  g_return_if_fail (match != NULL);
  g_return_if_fail (kz_position_variant (&match->pos) != NULL);

  kz_match_copy (&copy, match);
  /* Another match: counted apart from the one it replaces. */
  g_free (self->id);
  self->id = g_uuid_string_random ();
  replace_match (self, &copy);
}

const KzMatch *
kuzhi_game_model_get_match (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return &self->match;
}

const KzPosition *
kuzhi_game_model_get_position (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return &self->match.pos;
}

KzVariantId
kuzhi_game_model_get_variant (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), KZ_VARIANT_CONSTITUTION);
  return (KzVariantId) self->match.pos.variant;
}

int
kuzhi_game_model_get_legal (KuzhiGameModel *self,
                            KzAction       *out)
{
  const KzVariant *v;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  g_return_val_if_fail (out != NULL, 0);

  v = kz_position_variant (&self->match.pos);
  return v->legal (&self->match.pos, out);
}

gboolean
kuzhi_game_model_is_legal (KuzhiGameModel *self,
                           KzAction        action)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  return kz_position_is_legal (&self->match.pos, action);
}

static void
emit_event (KuzhiGameModel *self, const KzEvent *ev)
{
  switch ((KzEventType) ev->type)
    {
    case KZ_EVENT_LIFT:
      g_signal_emit (self, signals[LIFTED], 0, (int) ev->pit, (int) ev->count);
      break;
    case KZ_EVENT_DROP:
      g_signal_emit (self, signals[SOWN], 0, (int) ev->pit);
      break;
    case KZ_EVENT_RELAY:
      g_signal_emit (self, signals[RELAYED], 0, (int) ev->pit, (int) ev->count);
      break;
    case KZ_EVENT_STORE:
      g_signal_emit (self, signals[STORED], 0, (int) ev->player);
      break;
    case KZ_EVENT_TRIPLE:
      g_signal_emit (self, signals[TRIPLE], 0, (int) ev->pit, (int) ev->player);
      break;
    case KZ_EVENT_LUCKY:
      g_signal_emit (self, signals[LUCKY_BANKED], 0, (int) ev->pit, (int) ev->player, (int) ev->count);
      break;
    case KZ_EVENT_MARK:
      g_signal_emit (self, signals[LUCKY_MARKED], 0, (int) ev->pit, (int) ev->player);
      break;
    case KZ_EVENT_CAPTURE:
      g_signal_emit (self, signals[CAPTURED], 0, (int) ev->pit, (int) ev->player, (int) ev->count);
      break;
    case KZ_EVENT_EXTRA_TURN:
      g_signal_emit (self, signals[EXTRA_TURN], 0, (int) ev->player);
      break;
    case KZ_EVENT_ROUND_END:
      g_signal_emit (self, signals[ROUND_ENDED], 0, (int) ev->round, (int) ev->player);
      break;
    case KZ_EVENT_ROUND_START:
      g_signal_emit (self, signals[ROUND_STARTED], 0, (int) ev->round, (int) ev->player);
      break;
    case KZ_EVENT_MATCH_END:
      g_signal_emit (self, signals[MATCH_ENDED], 0, (int) ev->player, (int) ev->reason);
      break;
    case KZ_N_EVENT_TYPES:
    default:
      g_warning ("Unknown engine event type %d", ev->type);
      break;
    }
  if (ev->detail != KZ_DETAIL_NONE)
    g_signal_emit (self, signals[SPECIAL], 0, (int) ev->detail, (int) ev->pit, (int) ev->player, (int) ev->count);
}

static char *
describe_legal (const KzPosition *pos)
{
  const KzVariant *v = kz_position_variant (pos);
  KzAction actions[KZ_MAX_ACTIONS];
  GString *text = g_string_new (NULL);
  int n = v->legal (pos, actions);
  char buf[8];

  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, kz_action_to_string (actions[i], buf));
    }
  return g_string_free (text, FALSE);
}

gboolean
kuzhi_game_model_play (KuzhiGameModel *self,
                       KzAction        action,
                       GError        **error)
{
  KzPosition before;
  KzEventLog log;
  Snapshot snap;
  char buf[8];

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->match.pos.over)
    {
      g_set_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_ILLEGAL,
                   _("The match is over: start a new match or undo a turn"));
      return FALSE;
    }
  if (!kz_position_is_legal (&self->match.pos, action))
    {
      g_autofree char *legal = describe_legal (&self->match.pos);

      g_set_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_ILLEGAL,
                   _("“%s” is not a legal action now: %s may play %s"),
                   kz_action_to_string (action, buf),
                   self->names[self->match.pos.to_move], legal);
      return FALSE;
    }

  snapshot_take (self, &snap);
  before = self->match.pos;
  kz_event_log_init (&log);
  if (!kz_match_play (&self->match, action, &log))
    g_assert_not_reached ();

  /* A new action starts a new line: what was undone cannot be redone. */
  g_array_set_size (self->redo, 0);

  /* The log is local, so a handler that plays again from inside a signal
   * cannot pull the events from under this loop. */
  g_signal_emit (self, signals[ACTION_STARTED], 0, (int) action, &before);
  for (gsize i = 0; i < log.len; i++)
    emit_event (self, &log.events[i]);
  if (self->match.pos.to_move != before.to_move)
    g_signal_emit (self, signals[TURN_CHANGED], 0, (int) self->match.pos.to_move);
  g_signal_emit (self, signals[ACTION_FINISHED], 0, (int) action);
  kz_event_log_free (&log);

  snapshot_notify_changes (self, &snap);
  return TRUE;
}

gboolean
kuzhi_game_model_can_undo (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  return self->match.n_history > 0;
}

gboolean
kuzhi_game_model_get_last_move (KuzhiGameModel *self,
                                KzAction       *action,
                                int            *player,
                                KzPreview      *preview)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  /* A mark is part of the turn whose sowing follows it: the last move is
   * the last playing action, and a mark made since is not one. */
  for (size_t i = self->match.n_history; i-- > 0;)
    {
      const KzHistoryEntry *entry = &self->match.history[i];

      if (KZ_ACTION_IS_MARK (entry->action))
        continue;
      if (action != NULL)
        *action = entry->action;
      if (player != NULL)
        *player = entry->before.to_move;
      if (preview != NULL)
        kz_position_preview (&entry->before, entry->action, preview);
      return TRUE;
    }
  if (action != NULL)
    *action = KZ_ACTION_NONE;
  return FALSE;
}

gboolean
kuzhi_game_model_can_redo (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  return self->redo->len > 0;
}

static void
push_redo (KuzhiGameModel *self, KzAction action)
{
  g_array_append_val (self->redo, action);
}

gboolean
kuzhi_game_model_undo (KuzhiGameModel *self)
{
  KzMatch *m;
  KzAction last;
  Snapshot snap;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  m = &self->match;
  if (m->n_history == 0)
    return FALSE;

  snapshot_take (self, &snap);

  /* The last action, then the mark before it: a mark never ends a turn,
   * so a mark just before a playing action belongs to the same turn. A
   * mark alone at the end (the turn is not finished) is undone alone. */
  last = m->history[m->n_history - 1].action;
  push_redo (self, last);
  kz_match_undo (m);
  if (!KZ_ACTION_IS_MARK (last) &&
      m->n_history > 0 && KZ_ACTION_IS_MARK (m->history[m->n_history - 1].action))
    {
      push_redo (self, m->history[m->n_history - 1].action);
      kz_match_undo (m);
    }

  g_signal_emit (self, signals[POSITION_RESET], 0);
  snapshot_notify_changes (self, &snap);
  return TRUE;
}

static gboolean
pop_redo (KuzhiGameModel *self, KzAction *action)
{
  if (self->redo->len == 0)
    return FALSE;
  *action = g_array_index (self->redo, KzAction, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  return TRUE;
}

gboolean
kuzhi_game_model_redo (KuzhiGameModel *self)
{
  Snapshot snap;
  KzAction action = KZ_ACTION_NONE;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  if (self->redo->len == 0)
    return FALSE;

  snapshot_take (self, &snap);

  /* Replays one turn: a mark takes the playing action after it along,
   * unless the mark was all there was to redo. */
  pop_redo (self, &action);
  if (!kz_match_play (&self->match, action, NULL))
    g_assert_not_reached ();
  if (KZ_ACTION_IS_MARK (action) && pop_redo (self, &action))
    {
      if (!kz_match_play (&self->match, action, NULL))
        g_assert_not_reached ();
    }

  g_signal_emit (self, signals[POSITION_RESET], 0);
  snapshot_notify_changes (self, &snap);
  return TRUE;
}

const char *
kuzhi_game_model_get_player_name (KuzhiGameModel *self,
                                  int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  g_return_val_if_fail (player == 0 || player == 1, NULL);
  return self->names[player];
}

void
kuzhi_game_model_set_player_name (KuzhiGameModel *self,
                                  int             player,
                                  const char     *name)
{
  g_autofree char *text = NULL;

  g_return_if_fail (KUZHI_IS_GAME_MODEL (self));
  g_return_if_fail (player == 0 || player == 1);

  /* Without control characters and within the limit, as a file holds it.
   * A blank name would leave a player unnamed on screen: fall back to the
   * default one. */
  {
    g_autofree char *clean = kuzhi_player_name_clean (name != NULL ? name : "");

    text = g_utf8_substring (clean, 0, MIN (g_utf8_strlen (clean, -1), KUZHI_PLAYER_NAME_MAX_CHARS));
  }
  if (*text == '\0')
    {
      g_free (text);
      text = g_strdup (player == 0 ? _("Player 1") : _("Player 2"));
    }

  if (g_strcmp0 (self->names[player], text) == 0)
    return;
  g_free (self->names[player]);
  self->names[player] = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[player == 0 ? PROP_PLAYER1_NAME : PROP_PLAYER2_NAME]);
}

KzLevel
kuzhi_game_model_get_player_level (KuzhiGameModel *self,
                                   int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), KZ_LEVEL_NONE);
  g_return_val_if_fail (player == 0 || player == 1, KZ_LEVEL_NONE);
  return self->levels[player];
}

void
kuzhi_game_model_set_player_level (KuzhiGameModel *self,
                                   int             player,
                                   KzLevel         level)
{
  g_return_if_fail (KUZHI_IS_GAME_MODEL (self));
  g_return_if_fail (player == 0 || player == 1);

  /* Anything but a level the computer plays at is a person. */
  if (level < KZ_LEVEL_NONE || level > KZ_LEVEL_HARD)
    level = KZ_LEVEL_NONE;
  if (self->levels[player] == level)
    return;
  self->levels[player] = level;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[player == 0 ? PROP_PLAYER1_LEVEL : PROP_PLAYER2_LEVEL]);
}

int
kuzhi_game_model_get_round (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  return self->match.pos.round;
}

int
kuzhi_game_model_get_to_move (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  return self->match.pos.to_move;
}

gboolean
kuzhi_game_model_get_over (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  return self->match.pos.over != 0;
}

/* -1 while the match goes on, and for a draw; read "over" to tell them apart. */
int
kuzhi_game_model_get_winner (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), -1);
  return self->match.pos.over ? self->match.pos.winner : -1;
}

static gboolean
is_constitution (KuzhiGameModel *self)
{
  return self->match.pos.variant == KZ_VARIANT_CONSTITUTION;
}

int
kuzhi_game_model_get_account (KuzhiGameModel *self,
                              int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  g_return_val_if_fail (player == 0 || player == 1, 0);

  return kz_position_account (&self->match.pos, player);
}

int
kuzhi_game_model_get_reserve (KuzhiGameModel *self,
                              int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  g_return_val_if_fail (player == 0 || player == 1, 0);

  if (is_constitution (self))
    return kz_constitution_reserve (&self->match.pos, player);
  return 0;
}

int
kuzhi_game_model_get_refill_left (KuzhiGameModel *self,
                                  int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  g_return_val_if_fail (player == 0 || player == 1, 0);

  if (is_constitution (self))
    return self->match.pos.refill_left[player];
  return 0;
}

int
kuzhi_game_model_get_lucky (KuzhiGameModel *self,
                            int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), -1);
  g_return_val_if_fail (player == 0 || player == 1, -1);

  if (is_constitution (self))
    return self->match.pos.lucky[player];
  return -1;
}

int
kuzhi_game_model_get_alone_player (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), -1);
  return kz_constitution_alone (&self->match.pos);
}

guint
kuzhi_game_model_get_occurrences (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  return (guint) kz_match_occurrences (&self->match);
}

gboolean
kuzhi_game_model_would_repeat (KuzhiGameModel *self,
                               KzAction        action)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  return kz_match_would_repeat (&self->match, action);
}

GDateTime *
kuzhi_game_model_get_created (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return self->created;
}

const char *
kuzhi_game_model_get_match_id (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return self->id;
}

int
kuzhi_game_model_get_score (KuzhiGameModel *self,
                            int             player)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), 0);
  g_return_val_if_fail (player == 0 || player == 1, 0);
  return kz_position_variant (&self->match.pos)->score (&self->match.pos, player);
}

/* Takes `sha256`. `path` may be the model's own. */
static void
set_file (KuzhiGameModel *self,
          const char     *path,
          char           *sha256)
{
  char *file = path != NULL ? g_canonicalize_filename (path, NULL) : NULL;

  g_free (self->file);
  g_free (self->file_sha256);
  self->file = file;
  self->file_sha256 = sha256;
}

gboolean
kuzhi_game_model_save (KuzhiGameModel *self,
                       const char     *path,
                       GError        **error)
{
  const char *names[2];
  g_autofree char *sha256 = NULL;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  names[0] = self->names[0];
  names[1] = self->names[1];
  if (!kuzhi_match_file_save_full (&self->match, names, self->levels, self->created, self->id, path, &sha256,
                                   error))
    return FALSE;
  set_file (self, path, g_steal_pointer (&sha256));
  return TRUE;
}

/* Takes over a match read from `path` (nullable), with the names, date,
 * identity and the file's SHA-256 read with it (all taken). The file
 * first, before position-reset, whose listeners autosave; then the
 * players, so that a listener of position-reset already sees who plays
 * each side. */
static void
adopt_loaded (KuzhiGameModel *self, const char *path, char *sha256, KzMatch *match, char **names,
              const KzLevel *levels, GDateTime *created, char *id)
{
  g_autofree char *name1 = names[0];
  g_autofree char *name2 = names[1];

  set_file (self, path, sha256);
  kuzhi_game_model_set_player_name (self, 0, name1);
  kuzhi_game_model_set_player_name (self, 1, name2);
  kuzhi_game_model_set_player_level (self, 0, levels[0]);
  kuzhi_game_model_set_player_level (self, 1, levels[1]);
  g_clear_pointer (&self->created, g_date_time_unref);
  self->created = created;
  g_free (self->id);
  self->id = id;
  replace_match (self, match);
}

gboolean
kuzhi_game_model_load (KuzhiGameModel *self,
                       const char     *path,
                       GError        **error)
{
  KzMatch match = { 0 };
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  GDateTime *created = NULL;
  char *id = NULL;
  char *sha256 = NULL;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!kuzhi_match_file_load_full (path, &match, names, levels, &created, &id, &sha256, error))
    return FALSE;
  adopt_loaded (self, path, sha256, &match, names, levels, created, id);
  return TRUE;
}

gboolean
kuzhi_game_model_load_ogn (KuzhiGameModel  *self,
                           const char      *path,
                           KuzhiOgnRecord **record_out,
                           GError         **error)
{
  g_autoptr(KuzhiOgnRecord) record = NULL;
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  char *names[2];
  KzMatch match;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  record = kuzhi_ogn_load (path, error);
  if (record == NULL)
    return FALSE;
  /* The record keeps the moves it was read with: its comments belong to
   * them. */
  kz_match_copy (&match, &record->match);
  names[0] = g_strdup (record->names[0]);
  names[1] = g_strdup (record->names[1]);
  adopt_loaded (self, NULL, NULL, &match, names, levels, g_date_time_new_now_utc (), g_uuid_string_random ());
  if (record_out != NULL)
    *record_out = g_steal_pointer (&record);
  return TRUE;
}

char *
kuzhi_game_model_to_record (KuzhiGameModel *self)
{
  const char *names[2];

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);

  names[0] = self->names[0];
  names[1] = self->names[1];
  return kuzhi_notation_match_to_string (&self->match, names);
}

gboolean
kuzhi_game_model_save_ogn (KuzhiGameModel        *self,
                           const char            *path,
                           const KuzhiOgnRecord  *extra,
                           GError               **error)
{
  const char *names[2];

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* A default name ("Player 1") is no one's: the record says "?", as
   * Aualé writes an unnamed player. */
  names[0] = g_strcmp0 (self->names[0], _("Player 1")) == 0 ? NULL : self->names[0];
  names[1] = g_strcmp0 (self->names[1], _("Player 2")) == 0 ? NULL : self->names[1];
  if (!kuzhi_ogn_save (&self->match, names, self->created, extra, path, error))
    return FALSE;
  set_file (self, NULL, NULL);
  return TRUE;
}

gboolean
kuzhi_game_model_autosave (KuzhiGameModel *self,
                           GError        **error)
{
  const char *names[2];

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  names[0] = self->names[0];
  names[1] = self->names[1];
  return kuzhi_match_file_autosave (&self->match, names, self->levels, self->created, self->id,
                                    self->file, self->file_sha256, error);
}

gboolean
kuzhi_game_model_restore_autosave (KuzhiGameModel *self,
                                   GError        **error)
{
  KzMatch match = { 0 };
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  GDateTime *created = NULL;
  char *id = NULL;
  g_autofree char *file = NULL;
  char *sha256 = NULL;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  if (!kuzhi_match_file_restore_autosave (&match, names, levels, &created, &id, &file, &sha256, error))
    return FALSE;
  adopt_loaded (self, file, sha256, &match, names, levels, created, id);
  return TRUE;
}

const char *
kuzhi_game_model_get_file (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return self->file;
}

const char *
kuzhi_game_model_get_file_sha256 (KuzhiGameModel *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), NULL);
  return self->file_sha256;
}

gboolean
kuzhi_game_model_file_changed (KuzhiGameModel *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *sha256 = NULL;
  gsize length = 0;

  g_return_val_if_fail (KUZHI_IS_GAME_MODEL (self), FALSE);

  if (self->file == NULL || self->file_sha256 == NULL)
    return FALSE;
  data = kuzhi_key_file_read_small (self->file, KUZHI_MATCH_FILE_MAX_SIZE, &length, &error);
  if (data == NULL)
    return !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT) &&
           !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  return !g_str_equal (sha256, self->file_sha256);
}

void
kuzhi_game_model_forget_file (KuzhiGameModel *self)
{
  g_return_if_fail (KUZHI_IS_GAME_MODEL (self));
  set_file (self, NULL, NULL);
}
