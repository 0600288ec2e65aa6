/* kuzhi-rules-games.h — the Rules window's pages for the games besides the Constitution, in a player's words. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Puts the Constitution's heading atop its page `constitution`, and adds a
 * page per other game (heading, start diagram, paragraphs) to `stack`,
 * named for the game's key (KzVariant.key). */
void kuzhi_rules_games_append (GtkBox   *constitution,
                               GtkStack *stack);

G_END_DECLS
