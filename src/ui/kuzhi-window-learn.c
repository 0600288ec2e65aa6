/* kuzhi-window-learn.c — the window's Learn to Play: win.learn opens the lessons on the game on the board, in a window of their own. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "kuzhi-window-private.h"
#include "kuzhi-learn-window.h"

/* The finished course's suggestion: the New Match dialog of that game,
 * against Easy, for the player to start (or cancel). */
static void
on_play_easy (KuzhiWindow *self,
              int          variant)
{
  _kuzhi_window_new_match_against (self, (KzVariantId) variant, KZ_LEVEL_EASY);
}

static void
learn_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  KuzhiLearnWindow *learn = kuzhi_window_get_learn_window (self);

  /* One Learn to Play a window: the open one comes forward. */
  if (learn == NULL)
    {
      learn = kuzhi_learn_window_new (GTK_WINDOW (self), kuzhi_game_model_get_variant (kuzhi_window_get_model (self)), NULL);
      g_signal_connect_object (learn, "play-easy", G_CALLBACK (on_play_easy), self, G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (learn));
}

KuzhiLearnWindow *
kuzhi_window_get_learn_window (KuzhiWindow *self)
{
  GList *toplevels = gtk_window_list_toplevels ();
  KuzhiLearnWindow *found = NULL;

  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (KUZHI_IS_LEARN_WINDOW (l->data) && gtk_window_get_transient_for (l->data) == GTK_WINDOW (self))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

const GActionEntry _kuzhi_window_learn_actions[] = {
  { "learn", learn_action },
};
const gsize _kuzhi_window_learn_n_actions = G_N_ELEMENTS (_kuzhi_window_learn_actions);
