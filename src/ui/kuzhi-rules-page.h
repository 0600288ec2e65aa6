/* kuzhi-rules-page.h — the Rules window: the Constitution in a player's words, with board diagrams. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KUZHI_TYPE_RULES_PAGE (kuzhi_rules_page_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiRulesPage, kuzhi_rules_page, KUZHI, RULES_PAGE, AdwWindow)

GtkWindow *kuzhi_rules_page_new (GtkWindow *parent);

G_END_DECLS
