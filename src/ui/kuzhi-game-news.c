/* kuzhi-game-news.c — turns a move's events into a sentence for the player ("Meena moves again", "Grand slam: nothing is captured"), said when the board has shown the move. */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-game-news.h"

struct _KuzhiGameNews
{
  GObject         parent_instance;

  /* owned */
  KuzhiGameModel *model;
  KuzhiBoardView *board;
  char           *pending;     /* said when the animation ends */

  /* the move being collected */
  KzPosition      before;
  int             last_drop;
  gboolean        after_drop;  /* the previous event was a drop (pasu follows drops) */
  int             captures;
  int             pasu_count;
  int             pasu_seeds;
  int             extra_turn;  /* the player, or -1 */
  gboolean        round_ended;
};

G_DEFINE_FINAL_TYPE (KuzhiGameNews, kuzhi_game_news, G_TYPE_OBJECT)

enum {
  NEWS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
name_of (KuzhiGameNews *self,
         int            player)
{
  const char *name = kuzhi_game_model_get_player_name (self->model, player);

  if (name == NULL || *name == '\0')
    return player ? _("Player 2") : _("Player 1");
  return name;
}

static void
on_action_started (KuzhiGameModel *model,
                   int             action,
                   gpointer        before,
                   KuzhiGameNews  *self)
{
  self->before = *(const KzPosition *) before;
  self->last_drop = -1;
  self->after_drop = FALSE;
  self->captures = 0;
  self->pasu_count = 0;
  self->pasu_seeds = 0;
  self->extra_turn = -1;
  self->round_ended = FALSE;
  g_clear_pointer (&self->pending, g_free);
}

static void
on_sown (KuzhiGameModel *model, int pit, KuzhiGameNews *self)
{
  self->last_drop = pit;
  self->after_drop = TRUE;
}

static void
on_other (KuzhiGameNews *self)
{
  self->after_drop = FALSE;
}

static void
on_captured (KuzhiGameModel *model, int pit, int player, int count, KuzhiGameNews *self)
{
  /* Pallanguzhi's pasu is the capture that follows a drop at once. */
  if (self->before.variant == KZ_VARIANT_PALLANGUZHI && self->after_drop
      && count == self->before.option)
    {
      self->pasu_count++;
      self->pasu_seeds += count;
    }
  self->captures++;
  self->after_drop = FALSE;
}

static void
on_extra_turn (KuzhiGameModel *model, int player, KuzhiGameNews *self)
{
  self->extra_turn = player;
  self->after_drop = FALSE;
}

static void
on_round_ended (KuzhiGameModel *model, int round, int winner, KuzhiGameNews *self)
{
  self->round_ended = TRUE;
}

static void
say_pending (KuzhiGameNews *self)
{
  g_autofree char *text = g_steal_pointer (&self->pending);

  if (text != NULL)
    g_signal_emit (self, signals[NEWS], 0, text);
}

static void
on_action_finished (KuzhiGameModel *model,
                    int             action,
                    KuzhiGameNews  *self)
{
  const KzPosition *after = kuzhi_game_model_get_position (model);
  int mover = self->before.to_move;
  int n = self->before.n_pits / 2;
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);

  /* A round's end has its own toast; nothing more is said then. */
  if (self->round_ended || self->before.variant == KZ_VARIANT_CONSTITUTION)
    {
      g_ptr_array_unref (parts);
      return;
    }

  /* Oware's grand slam: the last seed made a house of the opponent hold 2
   * or 3, which would have been captured, yet nothing was. */
  if (self->before.variant == KZ_VARIANT_OWARE && self->captures == 0 && !after->over
      && self->last_drop >= 0 && self->last_drop / n != mover
      && (after->pits[self->last_drop] == 2 || after->pits[self->last_drop] == 3))
    g_ptr_array_add (parts, g_strdup (_("Grand slam: nothing is captured, as it would take every seed of the row")));

  if (self->pasu_count > 0)
    /* Translators: Pallanguzhi's pasu captures: "Pasu! Meena takes 12" */
    g_ptr_array_add (parts, g_strdup_printf (_("Pasu! %s takes %d"), name_of (self, mover), self->pasu_seeds));

  if (self->extra_turn >= 0 && !after->over)
    /* Translators: an extra turn: "Meena moves again" */
    g_ptr_array_add (parts, g_strdup_printf (_("%s moves again"), name_of (self, self->extra_turn)));

  if (parts->len > 0)
    {
      g_ptr_array_add (parts, NULL);
      self->pending = g_strjoinv (" · ", (char **) parts->pdata);
    }
  g_ptr_array_unref (parts);

  /* The board connected first, so it is animating now if it is going to. */
  if (!kuzhi_board_view_get_animating (self->board))
    say_pending (self);
}

static void
on_animating (KuzhiBoardView *board,
              GParamSpec     *pspec,
              KuzhiGameNews  *self)
{
  if (!kuzhi_board_view_get_animating (board))
    say_pending (self);
}

static void
on_position_reset (KuzhiGameModel *model,
                   KuzhiGameNews  *self)
{
  g_clear_pointer (&self->pending, g_free);
}

static void
kuzhi_game_news_dispose (GObject *object)
{
  KuzhiGameNews *self = KUZHI_GAME_NEWS (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->board != NULL)
    g_signal_handlers_disconnect_by_data (self->board, self);
  g_clear_object (&self->model);
  g_clear_object (&self->board);
  g_clear_pointer (&self->pending, g_free);

  G_OBJECT_CLASS (kuzhi_game_news_parent_class)->dispose (object);
}

static void
kuzhi_game_news_class_init (KuzhiGameNewsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kuzhi_game_news_dispose;

  signals[NEWS] =
    g_signal_new ("news",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kuzhi_game_news_init (KuzhiGameNews *self)
{
  self->extra_turn = -1;
  self->last_drop = -1;
}

KuzhiGameNews *
kuzhi_game_news_new (KuzhiGameModel *model,
                     KuzhiBoardView *board)
{
  KuzhiGameNews *self = g_object_new (KUZHI_TYPE_GAME_NEWS, NULL);

  self->model = g_object_ref (model);
  self->board = g_object_ref (board);
  g_signal_connect (model, "action-started", G_CALLBACK (on_action_started), self);
  g_signal_connect (model, "sown", G_CALLBACK (on_sown), self);
  g_signal_connect_swapped (model, "lifted", G_CALLBACK (on_other), self);
  g_signal_connect_swapped (model, "relayed", G_CALLBACK (on_other), self);
  g_signal_connect_swapped (model, "stored", G_CALLBACK (on_other), self);
  g_signal_connect (model, "captured", G_CALLBACK (on_captured), self);
  g_signal_connect (model, "extra-turn", G_CALLBACK (on_extra_turn), self);
  g_signal_connect (model, "round-ended", G_CALLBACK (on_round_ended), self);
  g_signal_connect (model, "action-finished", G_CALLBACK (on_action_finished), self);
  g_signal_connect (model, "position-reset", G_CALLBACK (on_position_reset), self);
  g_signal_connect (board, "notify::animating", G_CALLBACK (on_animating), self);
  return self;
}
