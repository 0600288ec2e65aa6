/* kuzhi-game-news.c — turns a move's events into a sentence for the player ("Meena moves again", "Grand slam: nothing is captured"), said when the board has shown the move. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
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

  /* the move being collected: what the engine singled out */
  KzPosition      before;
  int             pasu_count;
  int             pasu_seeds;
  gboolean        grand_slam;
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
  return kuzhi_game_model_get_player_name (self->model, player);
}

static void
on_action_started (KuzhiGameModel *model,
                   int             action,
                   gpointer        before,
                   KuzhiGameNews  *self)
{
  self->before = *(const KzPosition *) before;
  self->pasu_count = 0;
  self->pasu_seeds = 0;
  self->grand_slam = FALSE;
  self->extra_turn = -1;
  self->round_ended = FALSE;
  g_clear_pointer (&self->pending, g_free);
}

static void
on_special (KuzhiGameModel *model,
            int             detail,
            int             pit,
            int             player,
            int             count,
            KuzhiGameNews  *self)
{
  if (detail == KZ_DETAIL_PASU)
    {
      self->pasu_count++;
      self->pasu_seeds += count;
    }
  else if (detail == KZ_DETAIL_GRAND_SLAM)
    self->grand_slam = TRUE;
}

static void
on_extra_turn (KuzhiGameModel *model, int player, KuzhiGameNews *self)
{
  self->extra_turn = player;
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
  GPtrArray *parts = g_ptr_array_new_with_free_func (g_free);

  /* A round's end has its own toast; nothing more is said then. What is
   * said follows from the engine's events alone: a game without extra
   * turns, pasu or grand slams (the Constitution) has no news of a move. */
  if (self->round_ended)
    {
      g_ptr_array_unref (parts);
      return;
    }

  if (self->grand_slam)
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
}

KuzhiGameNews *
kuzhi_game_news_new (KuzhiGameModel *model,
                     KuzhiBoardView *board)
{
  KuzhiGameNews *self = g_object_new (KUZHI_TYPE_GAME_NEWS, NULL);

  self->model = g_object_ref (model);
  self->board = g_object_ref (board);
  g_signal_connect (model, "action-started", G_CALLBACK (on_action_started), self);
  g_signal_connect (model, "special", G_CALLBACK (on_special), self);
  g_signal_connect (model, "extra-turn", G_CALLBACK (on_extra_turn), self);
  g_signal_connect (model, "round-ended", G_CALLBACK (on_round_ended), self);
  g_signal_connect (model, "action-finished", G_CALLBACK (on_action_finished), self);
  g_signal_connect (model, "position-reset", G_CALLBACK (on_position_reset), self);
  g_signal_connect (board, "notify::animating", G_CALLBACK (on_animating), self);
  return self;
}
