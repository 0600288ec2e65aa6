/* kuzhi-rules-games.h — the Rules window's pages for Kalah, Oware, Mangala, Dakon and Pallanguzhi, in a player's words. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Appends a section per game (heading, start diagram, paragraphs) to box. */
void kuzhi_rules_games_append (GtkBox *box);

G_END_DECLS
