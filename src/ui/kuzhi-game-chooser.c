/* kuzhi-game-chooser.c — the New Match dialog's game list (name, one line, a small picture of the board) and each game's options. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-game-chooser.h"
#include "kuzhi-game-text.h"

struct _KuzhiGameChooser
{
  GtkWidget       parent_instance;

  /* owned (children) */
  GtkWidget      *box;

  /* borrowed: inside box */
  GtkWidget      *checks[KZ_N_VARIANTS];
  GtkWidget      *options_title;
  GtkWidget      *options_list;
  /* Each game's choices, where the engine lists more than one. */
  AdwComboRow    *seeds_rows[KZ_N_VARIANTS];
  AdwComboRow    *pasu_rows[KZ_N_VARIANTS];
  GtkWidget      *none_row;

  KzVariantId     variant;
};

G_DEFINE_FINAL_TYPE (KuzhiGameChooser, kuzhi_game_chooser, GTK_TYPE_WIDGET)

int
kuzhi_game_chooser_n_choices (const uint8_t *choices)
{
  int n = 0;

  while (n < KZ_MAX_CHOICES && choices[n] != 0)
    n++;
  return n;
}

int
kuzhi_game_chooser_choice_index (const uint8_t *choices,
                                 int            value)
{
  for (int i = 0; i < kuzhi_game_chooser_n_choices (choices); i++)
    if (choices[i] == value)
      return i;
  return -1;
}

static int
selected_seeds (KuzhiGameChooser *self, KzVariantId v)
{
  const KzVariant *variant = kz_variant_get (v);

  if (self->seeds_rows[v] == NULL)
    return variant->seeds_default;
  return variant->seeds_choices[adw_combo_row_get_selected (self->seeds_rows[v])];
}

/* Whether the engine takes these options: which go together (Pallanguzhi's
 * pasu of 6 needs its traditional layout) is the engine's to say. */
static gboolean
accepts (KzVariantId v, int seeds, int pasu, int *pasu_out)
{
  KzOptions options = { .seeds = seeds, .pasu = pasu };
  KzMatch match;

  if (!kz_match_init (&match, v, &options, NULL, 0))
    return FALSE;
  if (pasu_out != NULL)
    *pasu_out = match.pos.option;
  kz_match_clear (&match);
  return TRUE;
}

static void
update_rows (KuzhiGameChooser *self)
{
  gboolean any = FALSE;

  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    {
      if (self->seeds_rows[v] != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->seeds_rows[v]), v == self->variant);
      if (self->pasu_rows[v] != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->pasu_rows[v]), v == self->variant);
      any |= v == self->variant && (self->seeds_rows[v] != NULL || self->pasu_rows[v] != NULL);
    }
  gtk_widget_set_visible (self->none_row, !any);
  if (!any)
    {
      g_autofree char *text = g_strdup_printf (_("Every pit starts with %d seeds, as the rules say"),
                                               kz_variant_get (self->variant)->seeds_default);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->none_row), text);
    }
}

/* A new seeds choice brings the pasu the engine gives it, and the pasu
 * row can be changed only where another pasu goes with those seeds. */
static void
on_seeds_selected (AdwComboRow      *row,
                   GParamSpec       *pspec,
                   KuzhiGameChooser *self)
{
  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    {
      const uint8_t *pasu = kz_variant_get (v)->pasu_choices;
      int seeds, own, open = 0;

      if (self->seeds_rows[v] != row || self->pasu_rows[v] == NULL)
        continue;
      seeds = selected_seeds (self, v);
      if (accepts (v, seeds, 0, &own) && kuzhi_game_chooser_choice_index (pasu, own) >= 0)
        adw_combo_row_set_selected (self->pasu_rows[v], kuzhi_game_chooser_choice_index (pasu, own));
      for (int i = 0; i < kuzhi_game_chooser_n_choices (pasu); i++)
        open += accepts (v, seeds, pasu[i], NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (self->pasu_rows[v]), open > 1);
    }
}

static void
on_check_toggled (GtkCheckButton   *check,
                  KuzhiGameChooser *self)
{
  if (!gtk_check_button_get_active (check))
    return;
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    if (self->checks[v] == GTK_WIDGET (check))
      self->variant = v;
  update_rows (self);
}

static AdwComboRow *
combo_row (GtkWidget   *list,
           const char  *title,
           const char  *subtitle,
           const char **items,
           guint        selected)
{
  AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());
  g_autoptr(GtkStringList) model = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  adw_combo_row_set_selected (row, selected);
  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (row));
  return row;
}

static GtkWidget *
boxed_list (const char *name)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_accessible_update_property (GTK_ACCESSIBLE (list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  return list;
}

static void
kuzhi_game_chooser_dispose (GObject *object)
{
  KuzhiGameChooser *self = KUZHI_GAME_CHOOSER (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (kuzhi_game_chooser_parent_class)->dispose (object);
}

static void
kuzhi_game_chooser_class_init (KuzhiGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_game_chooser_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
kuzhi_game_chooser_init (KuzhiGameChooser *self)
{
  GtkWidget *games = boxed_list (_("Games"));
  GtkCheckButton *group = NULL;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  /* Every game the engine has, the Constitution first. */
  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    {
      GtkWidget *row, *check;
      char name[32];

      if (kz_variant_get (v) == NULL)
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), kuzhi_game_title (v));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), kuzhi_game_description (v));
      check = gtk_check_button_new ();
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      else
        group = GTK_CHECK_BUTTON (check);
      g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), self);
      /* The radio first, then the picture of the board. */
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), kuzhi_game_picture_new (v));
      /* The row's title names the radio (a label of its own would be read
       * as well: "Kalah Kalah") and its line describes it. */
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_snprintf (name, sizeof name, "game-%s", kz_variant_get (v)->key);
      gtk_widget_set_name (row, name);
      gtk_list_box_append (GTK_LIST_BOX (games), row);
      self->checks[v] = check;
    }
  gtk_box_append (GTK_BOX (self->box), games);

  self->options_title = gtk_label_new (_("Options"));
  gtk_label_set_xalign (GTK_LABEL (self->options_title), 0);
  gtk_widget_set_margin_top (self->options_title, 12);
  gtk_widget_add_css_class (self->options_title, "heading");
  gtk_box_append (GTK_BOX (self->box), self->options_title);

  self->options_list = boxed_list (_("Options"));
  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    {
      const KzVariant *variant = kz_variant_get (v);
      int n = kuzhi_game_chooser_n_choices (variant->seeds_choices);

      if (n > 1)
        {
          g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

          for (int i = 0; i < n; i++)
            g_ptr_array_add (items, kuzhi_game_seeds_label (v, i));
          g_ptr_array_add (items, NULL);
          self->seeds_rows[v] = combo_row (self->options_list, kuzhi_game_seeds_title (v),
                                           kuzhi_game_seeds_subtitle (v), (const char **) items->pdata,
                                           MAX (0, kuzhi_game_chooser_choice_index (variant->seeds_choices, variant->seeds_default)));
        }
      if (kuzhi_game_chooser_n_choices (variant->pasu_choices) > 1)
        {
          g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
          int own = 0;

          for (int i = 0; i < kuzhi_game_chooser_n_choices (variant->pasu_choices); i++)
            g_ptr_array_add (items, g_strdup_printf ("%d", variant->pasu_choices[i]));
          g_ptr_array_add (items, NULL);
          accepts (v, variant->seeds_default, 0, &own);
          self->pasu_rows[v] = combo_row (self->options_list, _("_Pasu"),
                                          _("A cup that reaches this count is captured at once; 4 only with the uniform layouts"),
                                          (const char **) items->pdata,
                                          MAX (0, kuzhi_game_chooser_choice_index (variant->pasu_choices, own)));
        }
      if (self->seeds_rows[v] != NULL)
        g_signal_connect (self->seeds_rows[v], "notify::selected", G_CALLBACK (on_seeds_selected), self);
    }
  self->none_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->none_row), _("No options"));
  gtk_list_box_append (GTK_LIST_BOX (self->options_list), self->none_row);
  gtk_box_append (GTK_BOX (self->box), self->options_list);

  self->variant = KZ_VARIANT_CONSTITUTION;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->checks[KZ_VARIANT_CONSTITUTION]), TRUE);
  update_rows (self);
}

GtkWidget *
kuzhi_game_chooser_new (void)
{
  return g_object_new (KUZHI_TYPE_GAME_CHOOSER, NULL);
}

KzVariantId
kuzhi_game_chooser_get_variant (KuzhiGameChooser *self)
{
  g_return_val_if_fail (KUZHI_IS_GAME_CHOOSER (self), KZ_VARIANT_CONSTITUTION);
  return self->variant;
}

void
kuzhi_game_chooser_set_variant (KuzhiGameChooser *self,
                                KzVariantId       variant)
{
  g_return_if_fail (KUZHI_IS_GAME_CHOOSER (self));
  if (variant >= KZ_N_VARIANTS || self->checks[variant] == NULL)
    return;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->checks[variant]), TRUE);
}

void
kuzhi_game_chooser_get_options (KuzhiGameChooser *self,
                                KzOptions        *options)
{
  KzVariantId v;

  g_return_if_fail (KUZHI_IS_GAME_CHOOSER (self));

  v = self->variant;
  options->seeds = selected_seeds (self, v);
  options->pasu = self->pasu_rows[v] != NULL
                  ? kz_variant_get (v)->pasu_choices[adw_combo_row_get_selected (self->pasu_rows[v])] : 0;
}

void
kuzhi_game_chooser_set_options (KuzhiGameChooser *self,
                                KzVariantId       variant,
                                int               seeds,
                                int               pasu)
{
  int i;

  g_return_if_fail (KUZHI_IS_GAME_CHOOSER (self));
  if ((unsigned) variant >= KZ_N_VARIANTS)
    return;

  if (self->seeds_rows[variant] != NULL && (i = kuzhi_game_chooser_choice_index (kz_variant_get (variant)->seeds_choices, seeds)) >= 0)
    adw_combo_row_set_selected (self->seeds_rows[variant], i);
  /* A pasu that does not go with those seeds keeps the one they bring. */
  if (self->pasu_rows[variant] != NULL && (i = kuzhi_game_chooser_choice_index (kz_variant_get (variant)->pasu_choices, pasu)) >= 0
      && accepts (variant, selected_seeds (self, variant), pasu, NULL))
    adw_combo_row_set_selected (self->pasu_rows[variant], i);
  update_rows (self);
}
