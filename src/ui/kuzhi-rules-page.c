/* kuzhi-rules-page.c — the Rules window: a page per game, opened at the game being played, with its contents to go to another. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-rules-page.h"
#include "kuzhi-board-view.h"
#include "kuzhi-rules-games.h"
#include "kuzhi-game-text.h"
#include "kuzhi-layout-box.h"

struct _KuzhiRulesPage
{
  AdwWindow  parent_instance;

  /* template children */
  GtkBox    *diagram_start;
  GtkBox    *diagram_relay;
  GtkBox    *diagram_lucky;
  GtkBox    *rules_box;
  GtkStack  *stack;
  GtkWidget *contents_box;
  AdwWindowTitle *window_title;

  /* borrowed: the contents' buttons, by KzVariantId */
  GtkToggleButton *contents[KZ_N_VARIANTS];
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
on_contents_toggled (GtkToggleButton *button,
                     KuzhiRulesPage  *self)
{
  if (gtk_toggle_button_get_active (button))
    gtk_stack_set_visible_child_name (self->stack, gtk_widget_get_name (GTK_WIDGET (button)));
}

/* The page shown names its game in the header bar, and its button in
 * the contents is the pressed one, however it was reached. */
static void
on_visible_child (GtkStack       *stack,
                  GParamSpec     *pspec,
                  KuzhiRulesPage *self)
{
  const char *key = gtk_stack_get_visible_child_name (stack);

  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    if (g_strcmp0 (kz_variant_get (id)->key, key) == 0)
      {
        adw_window_title_set_subtitle (self->window_title, kuzhi_game_title (id));
        gtk_toggle_button_set_active (self->contents[id], TRUE);
      }
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

  g_type_ensure (KUZHI_TYPE_LAYOUT_BOX);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-rules-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_start);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_relay);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, diagram_lucky);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, rules_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, stack);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, contents_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiRulesPage, window_title);
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
  /* The other games' pages follow the Constitution's (kuzhi-rules-games.c). */
  kuzhi_rules_games_append (self->rules_box, self->stack);

  /* The contents: every game, in the engine's order. */
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (kuzhi_game_title (id));

      gtk_widget_set_name (button, kz_variant_get (id)->key);
      gtk_widget_add_css_class (button, "flat");
      /* Each as wide as its name, also on a line of its own. */
      gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
      if (id > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->contents[0]);
      g_signal_connect (button, "toggled", G_CALLBACK (on_contents_toggled), self);
      kuzhi_layout_box_append (KUZHI_LAYOUT_BOX (self->contents_box), button);
      self->contents[id] = GTK_TOGGLE_BUTTON (button);
    }
  g_signal_connect (self->stack, "notify::visible-child", G_CALLBACK (on_visible_child), self);
  on_visible_child (self->stack, NULL, self);
}

void
kuzhi_rules_page_set_game (KuzhiRulesPage *self,
                           KzVariantId     game)
{
  g_return_if_fail (KUZHI_IS_RULES_PAGE (self));
  g_return_if_fail (game < KZ_N_VARIANTS);

  gtk_stack_set_visible_child_name (self->stack, kz_variant_get (game)->key);
}

KzVariantId
kuzhi_rules_page_get_game (KuzhiRulesPage *self)
{
  const char *key;

  g_return_val_if_fail (KUZHI_IS_RULES_PAGE (self), KZ_VARIANT_CONSTITUTION);
  key = gtk_stack_get_visible_child_name (self->stack);
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    if (g_strcmp0 (kz_variant_get (id)->key, key) == 0)
      return id;
  return KZ_VARIANT_CONSTITUTION;
}

GtkWindow *
kuzhi_rules_page_new (GtkWindow   *parent,
                      KzVariantId  game)
{
  KuzhiRulesPage *self = g_object_new (KUZHI_TYPE_RULES_PAGE,
                                       "transient-for", parent,
                                       NULL);

  kuzhi_rules_page_set_game (self, game);
  return GTK_WINDOW (self);
}
