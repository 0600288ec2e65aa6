/* kuzhi-rules-page.h — the Rules window: a page per game, opened at the game being played, with its contents to go to another. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-engine.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_RULES_PAGE (kuzhi_rules_page_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiRulesPage, kuzhi_rules_page, KUZHI, RULES_PAGE, AdwWindow)

/* Opens at `game`'s page; the contents above the page go to another. */
GtkWindow  *kuzhi_rules_page_new      (GtkWindow      *parent,
                                       KzVariantId     game);
void        kuzhi_rules_page_set_game (KuzhiRulesPage *self,
                                       KzVariantId     game);
/* The game whose page is shown. */
KzVariantId kuzhi_rules_page_get_game (KuzhiRulesPage *self);

G_END_DECLS
