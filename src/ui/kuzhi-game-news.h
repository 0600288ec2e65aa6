/* kuzhi-game-news.h — turns a move's events into a sentence for the player ("Meena moves again", "Grand slam: nothing is captured"), said when the board has shown the move. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-game-model.h"
#include "kuzhi-board-view.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_GAME_NEWS (kuzhi_game_news_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiGameNews, kuzhi_game_news, KUZHI, GAME_NEWS, GObject)

/* Listens to the model's signals and the board's animation; emits
 * "news" (const char *text) once the move is on screen. */
KuzhiGameNews *kuzhi_game_news_new (KuzhiGameModel *model,
                                    KuzhiBoardView *board);

G_END_DECLS
