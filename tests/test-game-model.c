/* test-game-model.c — KuzhiGameModel without a display: the signals one action emits, their order and arguments, undo/redo of whole turns. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <string.h>

#include "kuzhi-game-model.h"
#include "kuzhi-test-util.h"

/* Every signal the model emits, written to one string in order, so that a
 * test states the whole expected sequence by hand. The signals that carry
 * an engine event are written as the engine writes that event
 * (kz_event_log_to_string):
 *   L3x5 lifted  D4 sown  R5x6 relayed  S>0 stored  T5>0 triple
 *   K4>0x5 lucky-banked  M7>1 lucky-marked  C4>1x3 captured  X>1 extra-turn
 *   E1>0 round-ended  B2>0 round-started  W0:board_empty match-ended
 * and the others as
 *   <a  action-started (action)      >a  action-finished
 *   turn>1 turn-changed  reset position-reset  n:PROP notify */
typedef struct {
  KuzhiGameModel *model;
  GString        *log;
  KzPosition      before;      /* as passed to action-started */
  gboolean        before_seen;
} Fixture;

static void
rec (Fixture *f, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
rec (Fixture *f, const char *format, ...)
{
  va_list args;

  if (f->log->len > 0)
    g_string_append_c (f->log, ' ');
  va_start (args, format);
  g_string_append_vprintf (f->log, format, args);
  va_end (args);
}

/* Records one engine event in the engine's notation. */
static void
rec_event (Fixture *f, KzEventType type, int pit, int player, int count, int round, int reason)
{
  KzEvent ev = {
    .type = (uint8_t) type, .pit = (int8_t) pit, .player = (int8_t) player,
    .count = (uint16_t) count, .round = (uint16_t) round, .reason = (uint8_t) reason,
  };
  KzEventLog one = { .events = &ev, .len = 1, .cap = 1 };
  char *text = kz_event_log_to_string (&one);

  rec (f, "%s", text);
  free (text);
}

static void
on_action_started (KuzhiGameModel *m, int action, gpointer before, Fixture *f)
{
  char buf[8];

  rec (f, "<%s", kz_action_to_string ((KzAction) action, buf));
  f->before = *(const KzPosition *) before;
  f->before_seen = TRUE;
}

static void
on_action_finished (KuzhiGameModel *m, int action, Fixture *f)
{
  char buf[8];
  rec (f, ">%s", kz_action_to_string ((KzAction) action, buf));
}

static void on_lifted (KuzhiGameModel *m, int pit, int count, Fixture *f) { rec_event (f, KZ_EVENT_LIFT, pit, -1, count, 0, 0); }
static void on_sown (KuzhiGameModel *m, int pit, Fixture *f) { rec_event (f, KZ_EVENT_DROP, pit, -1, 0, 0, 0); }
static void on_relayed (KuzhiGameModel *m, int pit, int count, Fixture *f) { rec_event (f, KZ_EVENT_RELAY, pit, -1, count, 0, 0); }
static void on_stored (KuzhiGameModel *m, int player, Fixture *f) { rec_event (f, KZ_EVENT_STORE, -1, player, 0, 0, 0); }
static void on_triple (KuzhiGameModel *m, int pit, int receiver, Fixture *f) { rec_event (f, KZ_EVENT_TRIPLE, pit, receiver, 3, 0, 0); }
static void on_lucky_banked (KuzhiGameModel *m, int pit, int owner, int count, Fixture *f) { rec_event (f, KZ_EVENT_LUCKY, pit, owner, count, 0, 0); }
static void on_lucky_marked (KuzhiGameModel *m, int pit, int player, Fixture *f) { rec_event (f, KZ_EVENT_MARK, pit, player, 0, 0, 0); }
static void on_captured (KuzhiGameModel *m, int pit, int player, int count, Fixture *f) { rec_event (f, KZ_EVENT_CAPTURE, pit, player, count, 0, 0); }
static void on_extra_turn (KuzhiGameModel *m, int player, Fixture *f) { rec_event (f, KZ_EVENT_EXTRA_TURN, -1, player, 0, 0, 0); }
static void on_round_ended (KuzhiGameModel *m, int round, int winner, Fixture *f) { rec_event (f, KZ_EVENT_ROUND_END, -1, winner, 0, round, 0); }
static void on_round_started (KuzhiGameModel *m, int round, int opener, Fixture *f) { rec_event (f, KZ_EVENT_ROUND_START, -1, opener, 0, round, 0); }
static void on_match_ended (KuzhiGameModel *m, int winner, int reason, Fixture *f) { rec_event (f, KZ_EVENT_MATCH_END, -1, winner, 0, 0, reason); }
static void on_turn_changed (KuzhiGameModel *m, int player, Fixture *f) { rec (f, "turn>%d", player); }
static void on_position_reset (KuzhiGameModel *m, Fixture *f) { rec (f, "reset"); }
static void on_notify (GObject *o, GParamSpec *pspec, Fixture *f) { rec (f, "n:%s", g_param_spec_get_name (pspec)); }

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->model = kuzhi_game_model_new ();
  f->log = g_string_new (NULL);

#define CONNECT(name, cb) g_signal_connect (f->model, name, G_CALLBACK (cb), f)
  CONNECT ("action-started", on_action_started);
  CONNECT ("action-finished", on_action_finished);
  CONNECT ("lifted", on_lifted);
  CONNECT ("sown", on_sown);
  CONNECT ("relayed", on_relayed);
  CONNECT ("stored", on_stored);
  CONNECT ("triple", on_triple);
  CONNECT ("lucky-banked", on_lucky_banked);
  CONNECT ("lucky-marked", on_lucky_marked);
  CONNECT ("captured", on_captured);
  CONNECT ("extra-turn", on_extra_turn);
  CONNECT ("round-ended", on_round_ended);
  CONNECT ("round-started", on_round_started);
  CONNECT ("match-ended", on_match_ended);
  CONNECT ("turn-changed", on_turn_changed);
  CONNECT ("position-reset", on_position_reset);
  CONNECT ("notify", on_notify);
#undef CONNECT
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_assert_finalize_object (f->model);
  g_string_free (f->log, TRUE);
}

/* Returns what was recorded since the last call, and starts afresh. */
static const char *
take_log (Fixture *f)
{
  static char *last;

  g_free (last);
  last = g_strdup (f->log->str);
  g_string_truncate (f->log, 0);
  return last;
}

static char *
pits_string (KuzhiGameModel *model)
{
  const KzPosition *pos = kuzhi_game_model_get_position (model);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < pos->n_pits; i++)
    {
      if (i == pos->n_pits / 2)
        g_string_append (s, " |");
      g_string_append_printf (s, i == 0 ? "%d" : " %d", pos->pits[i]);
    }
  return g_string_free (s, FALSE);
}

static void
assert_pits (KuzhiGameModel *model, const char *expected)
{
  g_autofree char *pits = pits_string (model);
  g_assert_cmpstr (pits, ==, expected);
}

static void
play_ok (KuzhiGameModel *model, const char *notation)
{
  g_autoptr(GError) error = NULL;
  KzAction action;

  g_assert_true (kz_action_parse (notation, &action));
  g_assert_true (kuzhi_game_model_play (model, action, &error));
  g_assert_no_error (error);
}

/* The worked example of docs/rules-constitution.md, with a mark of cup 7
 * (a cup the sowing does not touch) before P2's turn. */
static void
test_worked_example (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  KzPosition start = *kuzhi_game_model_get_position (m);

  g_assert_cmpint (kuzhi_game_model_get_variant (m), ==, KZ_VARIANT_CONSTITUTION);
  g_assert_cmpint (kuzhi_game_model_get_round (m), ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_to_move (m), ==, 0);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 0), ==, 35);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 1), ==, 35);
  g_assert_false (kuzhi_game_model_can_undo (m));
  g_assert_false (kuzhi_game_model_can_redo (m));
  assert_pits (m, "5 5 5 5 5 5 5 | 5 5 5 5 5 5 5");

  play_ok (m, "0");
  g_assert_cmpstr (take_log (f), ==,
                   "<0 L0x5 D1 D2 D3 D4 D5 R5x6 D6 D7 D8 D9 D10 D11 "
                   "R11x6 D12 D13 D0 D1 D2 D3 R3x7 D4 D5 D6 D7 D8 D9 D10 "
                   "R10x7 D11 D12 D13 D0 D1 D2 D3 turn>1 >0 "
                   "n:to-move n:can-undo n:account1 n:account2 n:reserve2 n:n-actions");
  g_assert_true (f->before_seen);
  g_assert_true (kz_position_equal (&f->before, &start));
  assert_pits (m, "2 8 8 1 7 1 7 | 7 7 7 0 1 7 7");
  g_assert_cmpint (kuzhi_game_model_get_to_move (m), ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 0), ==, 34);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 1), ==, 36);
  g_assert_cmpint (kuzhi_game_model_get_reserve (m, 1), ==, 1);
  g_assert_true (kuzhi_game_model_can_undo (m));

  /* P2's reserve is 1: the mark is legal; it moves no shell and the turn
   * goes on. */
  play_ok (m, "m7");
  g_assert_cmpstr (take_log (f), ==, "<m7 M7>1 >m7 n:lucky2 n:n-actions");
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 1), ==, 7);
  g_assert_cmpint (kuzhi_game_model_get_to_move (m), ==, 1);

  /* The last shell makes 3 in P1's cup 0: the mover, P2, takes the triple. */
  play_ok (m, "7");
  g_assert_cmpstr (take_log (f), ==,
                   "<7 L7x7 D8 D9 D10 D11 D12 D13 D0 T0>1 turn>0 >7 "
                   "n:to-move n:account1 n:account2 n:reserve2 n:n-actions");
  assert_pits (m, "0 8 8 1 7 1 7 | 0 8 8 1 2 8 8");
  g_assert_cmpint (kuzhi_game_model_get_position (m)->stores[0], ==, 0);
  g_assert_cmpint (kuzhi_game_model_get_position (m)->stores[1], ==, 3);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 0), ==, 32);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 1), ==, 38);
  g_assert_cmpint (kuzhi_game_model_get_reserve (m, 1), ==, 3);
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 1), ==, 7);
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 0), ==, -1);
  g_assert_false (kuzhi_game_model_get_over (m));
  g_assert_cmpint (kuzhi_game_model_get_winner (m), ==, -1);

  {
    guint n_actions = 0;
    int account2 = 0;
    g_object_get (m, "n-actions", &n_actions, "account2", &account2, NULL);
    g_assert_cmpuint (n_actions, ==, 3);
    g_assert_cmpint (account2, ==, 38);
  }
}

static void
test_illegal_refused (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  g_autoptr(GError) error = NULL;
  KzPosition before;

  play_ok (m, "0");
  take_log (f);
  before = *kuzhi_game_model_get_position (m);

  /* P2 is to move: P1's cup, the refill shell and a mark on P1's row are
   * all refused, with a message, and nothing is emitted or changed. */
  static const char *const illegal[] = { "0", "6", "r", "m3", "10" };
  for (gsize i = 0; i < G_N_ELEMENTS (illegal); i++)
    {
      KzAction action;

      g_assert_true (kz_action_parse (illegal[i], &action));
      g_assert_false (kuzhi_game_model_is_legal (m, action));
      g_assert_false (kuzhi_game_model_play (m, action, &error));
      g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_ILLEGAL);
      g_assert_nonnull (strstr (error->message, illegal[i]));
      g_assert_nonnull (strstr (error->message, "Player 2"));
      g_clear_error (&error);
      g_assert_cmpstr (take_log (f), ==, "");
      g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &before));
      g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 1);
    }

  /* Out-of-range values are refused just the same. */
  g_assert_false (kuzhi_game_model_play (m, (KzAction) 99, &error));
  g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (kuzhi_game_model_play (m, KZ_ACTION_NONE, &error));
  g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_ILLEGAL);
  g_assert_cmpstr (take_log (f), ==, "");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &before));
}

static void
test_legal_list (Fixture *f, gconstpointer data)
{
  KzAction actions[KZ_MAX_ACTIONS];
  int n;

  n = kuzhi_game_model_get_legal (f->model, actions);
  g_assert_cmpint (n, ==, 7);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (actions[i], ==, i);
      g_assert_true (kuzhi_game_model_is_legal (f->model, actions[i]));
    }
  g_assert_false (kuzhi_game_model_is_legal (f->model, 7));
}

static void
test_undo_redo_turns (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  KzPosition start, after0, after7;

  start = *kuzhi_game_model_get_position (m);
  play_ok (m, "0");
  after0 = *kuzhi_game_model_get_position (m);
  play_ok (m, "m7");
  play_ok (m, "7");
  after7 = *kuzhi_game_model_get_position (m);
  take_log (f);

  /* P2's turn was a mark and a sow: one undo takes back both. */
  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_cmpstr (take_log (f), ==,
                   "reset n:to-move n:can-redo n:account1 n:account2 n:reserve2 n:lucky2 n:n-actions");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &after0));
  g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 1);
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 1), ==, -1);
  g_assert_true (kuzhi_game_model_can_redo (m));

  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_cmpstr (take_log (f), ==,
                   "reset n:to-move n:can-undo n:account1 n:account2 n:reserve2 n:n-actions");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &start));
  g_assert_false (kuzhi_game_model_can_undo (m));
  g_assert_false (kuzhi_game_model_undo (m));
  g_assert_cmpstr (take_log (f), ==, "");

  g_assert_true (kuzhi_game_model_redo (m));
  g_assert_cmpstr (take_log (f), ==,
                   "reset n:to-move n:can-undo n:account1 n:account2 n:reserve2 n:n-actions");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &after0));

  /* Redo brings the mark back with the sow. */
  g_assert_true (kuzhi_game_model_redo (m));
  g_assert_cmpstr (take_log (f), ==,
                   "reset n:to-move n:can-redo n:account1 n:account2 n:reserve2 n:lucky2 n:n-actions");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &after7));
  g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 3);
  g_assert_false (kuzhi_game_model_can_redo (m));
  g_assert_false (kuzhi_game_model_redo (m));

  /* A new action after an undo starts a new line: no redo any more. */
  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_true (kuzhi_game_model_can_redo (m));
  take_log (f);
  play_ok (m, "8");
  g_assert_false (kuzhi_game_model_can_redo (m));
  g_assert_nonnull (strstr (take_log (f), "n:can-redo"));
}

/* The last move is the last sowing of the line, with the mark made before
 * it as part of its turn; a mark made since is not one. Undo gives the move
 * before. */
static void
test_last_move (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  KzPosition start = *kuzhi_game_model_get_position (m), after0;
  KzPreview what, want;
  KzAction action;
  int player = -1;

  g_assert_false (kuzhi_game_model_get_last_move (m, &action, &player, &what));
  g_assert_cmpint (action, ==, KZ_ACTION_NONE);

  play_ok (m, "0");
  after0 = *kuzhi_game_model_get_position (m);
  g_assert_true (kuzhi_game_model_get_last_move (m, &action, &player, &what));
  g_assert_cmpint (action, ==, 0);
  g_assert_cmpint (player, ==, 0);
  g_assert_true (kz_position_preview (&start, 0, &want));
  g_assert_cmpint (what.last_pit, ==, want.last_pit);

  /* Player 2 marks: the last move is still Player 1's sowing. */
  play_ok (m, "m7");
  g_assert_true (kuzhi_game_model_get_last_move (m, &action, &player, NULL));
  g_assert_cmpint (action, ==, 0);
  g_assert_cmpint (player, ==, 0);

  play_ok (m, "7");
  g_assert_true (kuzhi_game_model_get_last_move (m, &action, &player, &what));
  g_assert_cmpint (action, ==, 7);
  g_assert_cmpint (player, ==, 1);

  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &after0));
  g_assert_true (kuzhi_game_model_get_last_move (m, &action, &player, NULL));
  g_assert_cmpint (action, ==, 0);
  g_assert_cmpint (player, ==, 0);
  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_false (kuzhi_game_model_get_last_move (m, &action, &player, NULL));
}

static void
test_undo_lone_mark (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  KzPosition after0;

  play_ok (m, "0");
  after0 = *kuzhi_game_model_get_position (m);
  play_ok (m, "m9");
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 1), ==, 9);

  /* The turn is not finished: undo takes back the mark alone. */
  g_assert_true (kuzhi_game_model_undo (m));
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &after0));
  g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 1);
  g_assert_true (kuzhi_game_model_redo (m));
  g_assert_cmpint (kuzhi_game_model_get_lucky (m, 1), ==, 9);
  g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 2);
  g_assert_false (kuzhi_game_model_can_redo (m));
}

static void
test_new_match (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  g_autoptr(GError) error = NULL;
  KzOptions options = { 0 };
  KzPosition before;

  play_ok (m, "3");
  take_log (f);
  before = *kuzhi_game_model_get_position (m);
  /* Sowing 3 left P2 a reserve, P1 none: the new match notifies reserve2 only. */
  g_assert_cmpint (kuzhi_game_model_get_reserve (m, 0), ==, 0);
  g_assert_cmpint (kuzhi_game_model_get_reserve (m, 1), >, 0);

  /* Bad options: refused with the engine's reason, nothing changes. */
  options.seeds = 9;
  g_assert_false (kuzhi_game_model_new_match (m, KZ_VARIANT_CONSTITUTION, &options, &error));
  g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_OPTIONS);
  g_assert_nonnull (strstr (error->message, "seeds"));
  g_clear_error (&error);
  options.seeds = 0;
  options.pasu = 3;
  g_assert_false (kuzhi_game_model_new_match (m, KZ_VARIANT_CONSTITUTION, &options, &error));
  g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_OPTIONS);
  g_clear_error (&error);
  g_assert_false (kuzhi_game_model_new_match (m, KZ_N_VARIANTS, NULL, &error));
  g_assert_error (error, KUZHI_GAME_MODEL_ERROR, KUZHI_GAME_MODEL_ERROR_OPTIONS);
  g_clear_error (&error);
  g_assert_cmpstr (take_log (f), ==, "");
  g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &before));
  g_assert_true (kuzhi_game_model_can_undo (m));

  options.seeds = 4;
  options.pasu = 0;
  g_assert_true (kuzhi_game_model_new_match (m, KZ_VARIANT_CONSTITUTION, &options, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (take_log (f), ==,
                   "reset n:to-move n:can-undo n:account1 n:account2 n:reserve2 n:n-actions");
  g_assert_cmpint (kuzhi_game_model_get_account (m, 0), ==, 28);
  g_assert_cmpint (kuzhi_game_model_get_account (m, 1), ==, 28);
  assert_pits (m, "4 4 4 4 4 4 4 | 4 4 4 4 4 4 4");
  g_assert_false (kuzhi_game_model_can_undo (m));
}

static void
test_player_names (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  g_autofree char *name = NULL;

  g_assert_cmpstr (kuzhi_game_model_get_player_name (m, 0), ==, "Player 1");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (m, 1), ==, "Player 2");

  kuzhi_game_model_set_player_name (m, 0, "Meena");
  g_assert_cmpstr (take_log (f), ==, "n:player1-name");
  kuzhi_game_model_set_player_name (m, 0, "Meena");
  g_assert_cmpstr (take_log (f), ==, "");
  g_object_set (m, "player2-name", "Arul", NULL);
  g_assert_cmpstr (take_log (f), ==, "n:player2-name");
  g_object_get (m, "player2-name", &name, NULL);
  g_assert_cmpstr (name, ==, "Arul");

  /* A blank name falls back to the default, so nobody is unnamed. */
  kuzhi_game_model_set_player_name (m, 1, "   ");
  g_assert_cmpstr (kuzhi_game_model_get_player_name (m, 1), ==, "Player 2");

  /* The names are used in messages. */
  {
    g_autoptr(GError) error = NULL;
    g_assert_false (kuzhi_game_model_play (m, 9, &error));
    g_assert_nonnull (strstr (error->message, "Meena"));
  }
}

/* "variant" and the levels are enum properties: their types list every
 * game and level of the engine, named as the protocol names them; they
 * still take and give plain ints. */
static void
test_enum_properties (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  GParamSpec *pspec;
  g_autoptr(GEnumClass) games = g_type_class_ref (KZ_TYPE_VARIANT_ID);
  g_autoptr(GEnumClass) levels = g_type_class_ref (KZ_TYPE_LEVEL);
  KzVariantId variant = KZ_N_VARIANTS;
  int level = -1;

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (m), "variant");
  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_assert_true (pspec->value_type == KZ_TYPE_VARIANT_ID);
  g_assert_cmpuint (games->n_values, ==, KZ_N_VARIANTS);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    g_assert_cmpstr (g_enum_get_value (games, id)->value_nick, ==, kz_variant_get (id)->key);
  for (int player = 0; player < 2; player++)
    {
      pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (m), player == 0 ? "player1-level" : "player2-level");
      g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
      g_assert_true (pspec->value_type == KZ_TYPE_LEVEL);
    }
  g_assert_cmpuint (levels->n_values, ==, KZ_N_LEVELS);
  g_assert_cmpstr (g_enum_get_value (levels, KZ_LEVEL_HARD)->value_nick, ==, "hard");

  g_assert_true (kuzhi_game_model_new_match (m, KZ_VARIANT_KALAH, NULL, NULL));
  take_log (f);
  g_object_get (m, "variant", &variant, NULL);
  g_assert_cmpint (variant, ==, KZ_VARIANT_KALAH);
  g_object_set (m, "player2-level", KZ_LEVEL_HARD, NULL);
  g_assert_cmpstr (take_log (f), ==, "n:player2-level");
  g_assert_cmpint (kuzhi_game_model_get_player_level (m, 1), ==, KZ_LEVEL_HARD);
  g_object_get (m, "player2-level", &level, NULL);
  g_assert_cmpint (level, ==, KZ_LEVEL_HARD);
}

/* Plays random legal actions until the end or `limit` actions. */
static void
play_random (KuzhiGameModel *m, guint64 *rng, guint limit)
{
  for (guint i = 0; i < limit && !kuzhi_game_model_get_over (m); i++)
    {
      KzAction actions[KZ_MAX_ACTIONS];
      int n = kuzhi_game_model_get_legal (m, actions);

      g_assert_cmpint (n, >, 0);
      g_assert_true (kuzhi_game_model_play (m, actions[kz_test_rand_range (rng, 0, n)], NULL));
    }
}

/* Undo every turn, then redo every turn, in whole matches of every game the
 * engine has: the match is the same as before. */
static void
test_undo_redo_everything (Fixture *f, gconstpointer data)
{
  KuzhiGameModel *m = f->model;
  guint64 rng = 20261129;

  for (int v = 0; v < KZ_N_VARIANTS; v++)
    {
      if (kz_variant_get ((KzVariantId) v) == NULL)
        continue;
      for (int round = 0; round < 20; round++)
        {
          KzMatch saved;
          guint undos = 0, redos = 0;

          g_assert_true (kuzhi_game_model_new_match (m, (KzVariantId) v, NULL, NULL));
          play_random (m, &rng, round % 2 ? 2000 : (guint) kz_test_rand_range (&rng, 1, 60));
          kz_match_copy (&saved, kuzhi_game_model_get_match (m));

          while (kuzhi_game_model_undo (m))
            undos++;
          g_assert_cmpuint (kuzhi_game_model_get_match (m)->n_history, ==, 0);
          g_assert_true (kz_position_equal (kuzhi_game_model_get_position (m), &saved.start));
          while (kuzhi_game_model_redo (m))
            redos++;
          g_assert_cmpuint (undos, ==, redos);
          kz_test_assert_same_match (kuzhi_game_model_get_match (m), &saved);
          kz_match_clear (&saved);
        }
    }
  take_log (f);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/game-model/worked-example", test_worked_example);
  ADD ("/game-model/illegal-refused", test_illegal_refused);
  ADD ("/game-model/legal-list", test_legal_list);
  ADD ("/game-model/undo-redo-turns", test_undo_redo_turns);
  ADD ("/game-model/undo-lone-mark", test_undo_lone_mark);
  ADD ("/game-model/last-move", test_last_move);
  ADD ("/game-model/new-match", test_new_match);
  ADD ("/game-model/player-names", test_player_names);
  ADD ("/game-model/enum-properties", test_enum_properties);
  ADD ("/game-model/undo-redo-everything", test_undo_redo_everything);
#undef ADD

  return g_test_run ();
}
