/* kuzhi-game-chooser.c — the New Match dialog's game list (name, one line, a small picture of the board) and each game's options. */
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
  AdwComboRow    *constitution_seeds_row;
  AdwComboRow    *kalah_seeds_row;
  AdwComboRow    *dakon_seeds_row;
  AdwComboRow    *layout_row;
  AdwComboRow    *pasu_row;
  GtkWidget      *none_row;

  KzVariantId     variant;
};

G_DEFINE_FINAL_TYPE (KuzhiGameChooser, kuzhi_game_chooser, GTK_TYPE_WIDGET)

/* The option lists: the first value of each and how many follow. */
#define CONSTITUTION_SEEDS_MIN 4
#define KALAH_SEEDS_MIN        3
#define DAKON_SEEDS_MIN        3
static const int layouts[] = { 12, 5, 6 };

static void
update_rows (KuzhiGameChooser *self)
{
  KzVariantId v = self->variant;
  gboolean pallanguzhi = v == KZ_VARIANT_PALLANGUZHI;
  gboolean uniform = adw_combo_row_get_selected (self->layout_row) != 0;

  gtk_widget_set_visible (GTK_WIDGET (self->constitution_seeds_row), v == KZ_VARIANT_CONSTITUTION);
  gtk_widget_set_visible (GTK_WIDGET (self->kalah_seeds_row), v == KZ_VARIANT_KALAH);
  gtk_widget_set_visible (GTK_WIDGET (self->dakon_seeds_row), v == KZ_VARIANT_DAKON);
  gtk_widget_set_visible (GTK_WIDGET (self->layout_row), pallanguzhi);
  gtk_widget_set_visible (GTK_WIDGET (self->pasu_row), pallanguzhi);
  gtk_widget_set_visible (self->none_row, v == KZ_VARIANT_OWARE || v == KZ_VARIANT_MANGALA);

  /* Pasu 6 with a uniform layout would decide the match in the first turn. */
  if (uniform)
    adw_combo_row_set_selected (self->pasu_row, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->pasu_row), !uniform);
}

static void
on_layout_selected (KuzhiGameChooser *self)
{
  /* Each layout comes with its own pasu: 6 for the traditional one, 4 for the uniform ones. */
  adw_combo_row_set_selected (self->pasu_row, adw_combo_row_get_selected (self->layout_row) == 0 ? 1 : 0);
  update_rows (self);
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
boxed_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

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
  static const char *constitution_seeds[] = { "4", "5", "6", NULL };
  static const char *kalah_seeds[] = { "3", "4", "5", "6", NULL };
  static const char *dakon_seeds[] = { "3", "4", "5", "6", "7", "8", "9", NULL };
  static const char *pasu[] = { "4", "6", NULL };
  const char *layout_names[] = {
    _("12 per cup, 2 in each middle cup"),
    _("5 per cup"),
    _("6 per cup"),
    NULL
  };
  GtkWidget *games = boxed_list ();
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
      gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, kuzhi_game_title (v),
                                      -1);
      g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), self);
      /* The radio first, then the picture of the board. */
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), kuzhi_game_picture_new (v));
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

  self->options_list = boxed_list ();
  self->constitution_seeds_row = combo_row (self->options_list, _("_Shells per Cup"),
                                            _("Five is the standard game: 35 shells each"),
                                            constitution_seeds, 5 - CONSTITUTION_SEEDS_MIN);
  self->kalah_seeds_row = combo_row (self->options_list, _("_Seeds per Pit"),
                                     _("Four is the usual game"), kalah_seeds, 4 - KALAH_SEEDS_MIN);
  self->dakon_seeds_row = combo_row (self->options_list, _("_Seeds per Pit"),
                                     _("Seven is the traditional game"), dakon_seeds, 7 - DAKON_SEEDS_MIN);
  self->layout_row = combo_row (self->options_list, _("Start _Layout"),
                                _("How many counters each cup holds at the start"), layout_names, 0);
  self->pasu_row = combo_row (self->options_list, _("_Pasu"),
                              _("A cup that reaches this count is captured at once; 4 only with the uniform layouts"),
                              pasu, 1);
  self->none_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->none_row), _("No options"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->none_row), _("Every pit starts with 4 seeds, as the rules say"));
  gtk_list_box_append (GTK_LIST_BOX (self->options_list), self->none_row);
  gtk_box_append (GTK_BOX (self->box), self->options_list);
  g_signal_connect_swapped (self->layout_row, "notify::selected", G_CALLBACK (on_layout_selected), self);

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
  g_return_if_fail (KUZHI_IS_GAME_CHOOSER (self));

  options->seeds = 0;
  options->pasu = 0;
  switch (self->variant)
    {
    case KZ_VARIANT_CONSTITUTION:
      options->seeds = CONSTITUTION_SEEDS_MIN + (int) adw_combo_row_get_selected (self->constitution_seeds_row);
      break;
    case KZ_VARIANT_KALAH:
      options->seeds = KALAH_SEEDS_MIN + (int) adw_combo_row_get_selected (self->kalah_seeds_row);
      break;
    case KZ_VARIANT_DAKON:
      options->seeds = DAKON_SEEDS_MIN + (int) adw_combo_row_get_selected (self->dakon_seeds_row);
      break;
    case KZ_VARIANT_PALLANGUZHI:
      options->seeds = layouts[MIN (adw_combo_row_get_selected (self->layout_row), G_N_ELEMENTS (layouts) - 1)];
      options->pasu = adw_combo_row_get_selected (self->pasu_row) == 0 ? 4 : 6;
      break;
    default:
      break;
    }
}

void
kuzhi_game_chooser_set_options (KuzhiGameChooser *self,
                                KzVariantId       variant,
                                int               seeds,
                                int               pasu)
{
  g_return_if_fail (KUZHI_IS_GAME_CHOOSER (self));

  switch (variant)
    {
    case KZ_VARIANT_CONSTITUTION:
      if (seeds >= 4 && seeds <= 6)
        adw_combo_row_set_selected (self->constitution_seeds_row, seeds - CONSTITUTION_SEEDS_MIN);
      break;
    case KZ_VARIANT_KALAH:
      if (seeds >= 3 && seeds <= 6)
        adw_combo_row_set_selected (self->kalah_seeds_row, seeds - KALAH_SEEDS_MIN);
      break;
    case KZ_VARIANT_DAKON:
      if (seeds >= 3 && seeds <= 9)
        adw_combo_row_set_selected (self->dakon_seeds_row, seeds - DAKON_SEEDS_MIN);
      break;
    case KZ_VARIANT_PALLANGUZHI:
      for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
        if (layouts[i] == seeds)
          adw_combo_row_set_selected (self->layout_row, i);
      if (pasu == 4 || pasu == 6)
        adw_combo_row_set_selected (self->pasu_row, pasu == 4 ? 0 : 1);
      update_rows (self);
      break;
    default:
      break;
    }
}
