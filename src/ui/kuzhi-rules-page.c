/* kuzhi-rules-page.c — the Rules window: the Constitution in a player's words, with board diagrams. */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-rules-page.h"
#include "kuzhi-board-view.h"
#include "kuzhi-rules-games.h"

struct _KuzhiRulesPage
{
  AdwWindow  parent_instance;

  /* template children */
  GtkBox    *diagram_start;
  GtkBox    *diagram_relay;
  GtkBox    *diagram_lucky;
  GtkBox    *rules_box;
};

G_DEFINE_FINAL_TYPE (KuzhiRulesPage, kuzhi_rules_page, ADW_TYPE_WINDOW)

static void
add_diagram (GtkBox        *box,
             const uint8_t  pits[14],
             int            store0,
             int            store1,
             int            lucky0)
{
  GtkWidget *view = kuzhi_board_view_new ();
  KzPosition pos = { 0 };

  pos.variant = KZ_VARIANT_CONSTITUTION;
  pos.n_pits = 14;
  pos.seeds = 5;
  pos.round = 1;
  pos.lucky[0] = (int8_t) lucky0;
  pos.lucky[1] = -1;
  pos.stores[0] = (uint8_t) store0;
  pos.stores[1] = (uint8_t) store1;
  memcpy (pos.pits, pits, 14);

  kuzhi_board_view_set_interactive (KUZHI_BOARD_VIEW (view), FALSE);
  kuzhi_board_view_set_may_stand (KUZHI_BOARD_VIEW (view), FALSE);
  kuzhi_board_view_set_position (KUZHI_BOARD_VIEW (view), &pos);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (box, view);
}

static void
kuzhi_rules_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KUZHI_TYPE_RULES_PAGE);

  G_OBJECT_CLASS (kuzhi_rules_page_parent_class)->dispose (object);
}

static void
kuzhi_rules_page_class_init (KuzhiRulesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_rules_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_start);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_relay);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_lucky);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, rules_box);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kuzhi_rules_page_init (KuzhiRulesPage *self)
{
  static const uint8_t start[14] = { 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
  /* The rules' worked example: Player 1 opens by sowing the first cup. */
  static const uint8_t relay[14] = { 2, 8, 8, 1, 7, 1, 7, 7, 7, 7, 0, 1, 7, 7 };
  static const uint8_t lucky[14] = { 4, 6, 0, 5, 2, 7, 1, 6, 5, 0, 8, 3, 4, 6 };

  gtk_widget_init_template (GTK_WIDGET (self));

  add_diagram (self->diagram_start, start, 0, 0, -1);
  add_diagram (self->diagram_relay, relay, 0, 0, -1);
  add_diagram (self->diagram_lucky, lucky, 9, 3, 3);
  /* The other games follow the Constitution (kuzhi-rules-games.c). */
  kuzhi_rules_games_append (self->rules_box);
}

GtkWindow *
kuzhi_rules_page_new (GtkWindow *parent)
{
  return g_object_new (KUZHI_TYPE_RULES_PAGE,
                       "transient-for", parent,
                       NULL);
}
