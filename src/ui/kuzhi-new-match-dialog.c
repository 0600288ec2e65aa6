/* kuzhi-new-match-dialog.c — choose the game, its start count and the players' names, then start. */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-new-match-dialog.h"

struct _KuzhiNewMatchDialog
{
  AdwWindow       parent_instance;

  /* template children */
  AdwComboRow    *variant_row;
  AdwComboRow    *seeds_row;
  AdwEntryRow    *name1_row;
  AdwEntryRow    *name2_row;
  AdwComboRow    *kind1_row;
  AdwComboRow    *kind2_row;

  /* owned */
  KuzhiGameModel *model;
  GArray         *variants;   /* KzVariantId per row of variant_row */
};

G_DEFINE_FINAL_TYPE (KuzhiNewMatchDialog, kuzhi_new_match_dialog, ADW_TYPE_WINDOW)

enum {
  STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
variant_title (KzVariantId id)
{
  switch (id)
    {
    case KZ_VARIANT_CONSTITUTION: return _("Constitution");
    case KZ_VARIANT_KALAH:        return _("Kalah");
    case KZ_VARIANT_OWARE:        return _("Oware");
    case KZ_VARIANT_MANGALA:      return _("Mangala");
    case KZ_VARIANT_DAKON:        return _("Dakon");
    case KZ_VARIANT_PALLANGUZHI:  return _("Pallanguzhi");
    default:                      return "";
    }
}

static KzVariantId
selected_variant (KuzhiNewMatchDialog *self)
{
  guint i = adw_combo_row_get_selected (self->variant_row);

  if (i >= self->variants->len)
    return KZ_VARIANT_CONSTITUTION;
  return g_array_index (self->variants, KzVariantId, i);
}

static void
on_variant_selected (KuzhiNewMatchDialog *self)
{
  /* The start count is the Constitution's option. */
  gtk_widget_set_visible (GTK_WIDGET (self->seeds_row),
                          selected_variant (self) == KZ_VARIANT_CONSTITUTION);
}

static char *
entry_or (AdwEntryRow *row,
          const char  *fallback)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  return *text != '\0' ? g_steal_pointer (&text) : g_strdup (fallback);
}

gboolean
kuzhi_new_match_dialog_start (KuzhiNewMatchDialog *self)
{
  KzOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *name1 = NULL;
  g_autofree char *name2 = NULL;
  KzVariantId variant;

  g_return_val_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self), FALSE);

  variant = selected_variant (self);
  if (variant == KZ_VARIANT_CONSTITUTION)
    options.seeds = 4 + (int) adw_combo_row_get_selected (self->seeds_row);
  name1 = entry_or (self->name1_row, _("Player 1"));
  name2 = entry_or (self->name2_row, _("Player 2"));

  kuzhi_game_model_set_player_name (self->model, 0, name1);
  kuzhi_game_model_set_player_name (self->model, 1, name2);
  if (!kuzhi_game_model_new_match (self->model, variant, &options, &error))
    {
      g_warning ("Cannot start the match: %s", error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  g_signal_emit (self, signals[STARTED], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  kuzhi_new_match_dialog_start (KUZHI_NEW_MATCH_DIALOG (widget));
}

static void
kuzhi_new_match_dialog_dispose (GObject *object)
{
  KuzhiNewMatchDialog *self = KUZHI_NEW_MATCH_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_NEW_MATCH_DIALOG);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (kuzhi_new_match_dialog_parent_class)->dispose (object);
}

static void
kuzhi_new_match_dialog_finalize (GObject *object)
{
  KuzhiNewMatchDialog *self = KUZHI_NEW_MATCH_DIALOG (object);

  g_clear_pointer (&self->variants, g_array_unref);

  G_OBJECT_CLASS (kuzhi_new_match_dialog_parent_class)->finalize (object);
}

static void
kuzhi_new_match_dialog_class_init (KuzhiNewMatchDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_new_match_dialog_dispose;
  object_class->finalize = kuzhi_new_match_dialog_finalize;

  /* Emitted once the model holds the new match, before the dialog closes. */
  signals[STARTED] =
    g_signal_new ("started",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-new-match-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, seeds_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, name1_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, name2_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, kind1_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, kind2_row);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_selected);

  gtk_widget_class_install_action (widget_class, "dialog.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kuzhi_new_match_dialog_init (KuzhiNewMatchDialog *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Every game the engine has, the Constitution first. */
  self->variants = g_array_new (FALSE, FALSE, sizeof (KzVariantId));
  for (KzVariantId id = 0; id < KZ_N_VARIANTS; id++)
    if (kz_variant_get (id) != NULL)
      {
        g_array_append_val (self->variants, id);
        gtk_string_list_append (titles, variant_title (id));
      }
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (titles));
  adw_combo_row_set_selected (self->variant_row, 0);
  on_variant_selected (self);
}

KuzhiNewMatchDialog *
kuzhi_new_match_dialog_new (GtkWindow      *parent,
                            KuzhiGameModel *model)
{
  KuzhiNewMatchDialog *self = g_object_new (KUZHI_TYPE_NEW_MATCH_DIALOG,
                                            "transient-for", parent,
                                            NULL);

  self->model = g_object_ref (model);
  gtk_editable_set_text (GTK_EDITABLE (self->name1_row),
                         kuzhi_game_model_get_player_name (model, 0) ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->name2_row),
                         kuzhi_game_model_get_player_name (model, 1) ?: "");
  /* Keep the start count of the match being played. */
  {
    const KzPosition *pos = kuzhi_game_model_get_position (model);
    if (pos->variant == KZ_VARIANT_CONSTITUTION && pos->seeds >= 4 && pos->seeds <= 6)
      adw_combo_row_set_selected (self->seeds_row, pos->seeds - 4);
  }
  return self;
}

void
kuzhi_new_match_dialog_set_choices (KuzhiNewMatchDialog *self,
                                    int                  seeds,
                                    const char          *name1,
                                    const char          *name2)
{
  g_return_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self));
  if (seeds >= 4 && seeds <= 6)
    adw_combo_row_set_selected (self->seeds_row, seeds - 4);
  if (name1 != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->name1_row), name1);
  if (name2 != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->name2_row), name2);
}

/* The rows list a person, then the computer's levels in KzLevel order. */
void
kuzhi_new_match_dialog_set_player_level (KuzhiNewMatchDialog *self,
                                         int                  player,
                                         KzLevel              level)
{
  g_return_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self));
  g_return_if_fail (player == 0 || player == 1);
  if (level < KZ_LEVEL_NONE || level > KZ_LEVEL_HARD)
    level = KZ_LEVEL_NONE;
  adw_combo_row_set_selected (player ? self->kind2_row : self->kind1_row, (guint) level);
}

KzLevel
kuzhi_new_match_dialog_get_player_level (KuzhiNewMatchDialog *self,
                                         int                  player)
{
  guint i;

  g_return_val_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self), KZ_LEVEL_NONE);
  g_return_val_if_fail (player == 0 || player == 1, KZ_LEVEL_NONE);
  i = adw_combo_row_get_selected (player ? self->kind2_row : self->kind1_row);
  return i <= KZ_LEVEL_HARD ? (KzLevel) i : KZ_LEVEL_NONE;
}
