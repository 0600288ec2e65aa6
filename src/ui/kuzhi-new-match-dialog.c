/* kuzhi-new-match-dialog.c — choose the game, its start count, the players' names and who plays each side, then start. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-new-match-dialog.h"
#include "kuzhi-new-match-dialog-private.h"
#include "kuzhi-accessible.h"
#include "kuzhi-match-file.h"
#include "kuzhi-game-chooser.h"
#include "kuzhi-game-text.h"

struct _KuzhiNewMatchDialog
{
  AdwWindow       parent_instance;

  /* template children */
  KuzhiGameChooser *game_chooser;
  AdwPreferencesGroup *players_group;
  AdwEntryRow    *name1_row;
  AdwEntryRow    *name2_row;
  AdwComboRow    *kind1_row;
  AdwComboRow    *kind2_row;
  GtkWidget      *start_button;

  /* owned */
  KuzhiGameModel *model;
};

G_DEFINE_FINAL_TYPE (KuzhiNewMatchDialog, kuzhi_new_match_dialog, ADW_TYPE_WINDOW)

enum {
  STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
entry_or (AdwEntryRow *row,
          const char  *fallback)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  return *text != '\0' ? g_steal_pointer (&text) : g_strdup (fallback);
}

/* The Players group's line says plainly what match the choice makes, and
 * follows every change of it: the choice of the last match is kept, and
 * a "Played By" row is easily missed, so nobody should start a match
 * against Hard thinking it is two people. */
static void
update_description (KuzhiNewMatchDialog *self)
{
  g_autofree char *name1 = entry_or (self->name1_row, _("Player 1"));
  g_autofree char *name2 = entry_or (self->name2_row, _("Player 2"));
  KzLevel level1 = kuzhi_new_match_dialog_get_player_level (self, 0);
  KzLevel level2 = kuzhi_new_match_dialog_get_player_level (self, 1);
  g_autofree char *text = NULL;

  if (level1 == KZ_LEVEL_NONE && level2 == KZ_LEVEL_NONE)
    /* Translators: New Match, two people: "Meena and Arul take turns at this computer." */
    text = g_strdup_printf (_("%s and %s take turns at this computer."), name1, name2);
  else if (level1 != KZ_LEVEL_NONE && level2 != KZ_LEVEL_NONE)
    /* Translators: New Match, the computer on both sides: "The computer plays both sides: Meena (Easy) against Arul (Hard)." */
    text = g_strdup_printf (_("The computer plays both sides: %s (%s) against %s (%s)."),
                            name1, kuzhi_game_level_title (level1), name2, kuzhi_game_level_title (level2));
  else
    /* Translators: New Match, a person against the computer: "Meena plays against the computer (Hard)." The first %s is the person's name, the second the computer's level */
    text = g_strdup_printf (_("%s plays against the computer (%s)."),
                            level1 == KZ_LEVEL_NONE ? name1 : name2,
                            kuzhi_game_level_title (level1 == KZ_LEVEL_NONE ? level2 : level1));
  adw_preferences_group_set_description (self->players_group, text);
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

  variant = kuzhi_game_chooser_get_variant (self->game_chooser);
  kuzhi_game_chooser_get_options (self->game_chooser, &options);
  name1 = entry_or (self->name1_row, _("Player 1"));
  name2 = entry_or (self->name2_row, _("Player 2"));

  /* Who plays each side goes to the model with the names, before the
   * match starts: its autosave and its file then say so from the start. */
  kuzhi_game_model_set_player_name (self->model, 0, name1);
  kuzhi_game_model_set_player_name (self->model, 1, name2);
  kuzhi_game_model_set_player_level (self->model, 0, kuzhi_new_match_dialog_get_player_level (self, 0));
  kuzhi_game_model_set_player_level (self->model, 1, kuzhi_new_match_dialog_get_player_level (self, 1));
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
kuzhi_new_match_dialog_class_init (KuzhiNewMatchDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_new_match_dialog_dispose;

  /* Emitted once the model holds the new match, before the dialog closes. */
  signals[STARTED] =
    g_signal_new ("started",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-new-match-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, game_chooser);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, name1_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, name2_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, kind1_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiNewMatchDialog, kind2_row);

  gtk_widget_class_install_action (widget_class, "dialog.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kuzhi_new_match_dialog_init (KuzhiNewMatchDialog *self)
{
  g_type_ensure (KUZHI_TYPE_GAME_CHOOSER);
  gtk_widget_init_template (GTK_WIDGET (self));

  /* A name is as long as a match file keeps it. */
  gtk_text_set_max_length (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (self->name1_row))),
                           KUZHI_PLAYER_NAME_MAX_CHARS);
  gtk_text_set_max_length (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (self->name2_row))),
                           KUZHI_PLAYER_NAME_MAX_CHARS);
  /* "Player 1 played by" (the .ui file) alone, not followed by the row's
   * title, which GTK 4.8 would add to it. */
  kuzhi_accessible_drop_labelled_by (GTK_WIDGET (self->kind1_row));
  kuzhi_accessible_drop_labelled_by (GTK_WIDGET (self->kind2_row));

  g_signal_connect_swapped (self->name1_row, "changed", G_CALLBACK (update_description), self);
  g_signal_connect_swapped (self->name2_row, "changed", G_CALLBACK (update_description), self);
  g_signal_connect_swapped (self->kind1_row, "notify::selected", G_CALLBACK (update_description), self);
  g_signal_connect_swapped (self->kind2_row, "notify::selected", G_CALLBACK (update_description), self);
  update_description (self);
}

KuzhiNewMatchDialog *
kuzhi_new_match_dialog_new (GtkWindow      *parent,
                            KuzhiGameModel *model)
{
  KuzhiNewMatchDialog *self = g_object_new (KUZHI_TYPE_NEW_MATCH_DIALOG,
                                            "transient-for", parent,
                                            NULL);

  self->model = g_object_ref (model);
  /* Enter starts the match, as the suggested action; Escape cancels. The
   * focus starts on Start, not on Cancel, the first button GTK would pick. */
  gtk_window_set_focus (GTK_WINDOW (self), self->start_button);
  gtk_editable_set_text (GTK_EDITABLE (self->name1_row),
                         kuzhi_game_model_get_player_name (model, 0) ?: "");
  gtk_editable_set_text (GTK_EDITABLE (self->name2_row),
                         kuzhi_game_model_get_player_name (model, 1) ?: "");
  /* Offer again the game and options of the match being played, and its
   * players: who plays each side as the model has it, from New Match or
   * from the file that was opened, never a choice left from before. */
  {
    const KzPosition *pos = kuzhi_game_model_get_position (model);
    kuzhi_game_chooser_set_variant (self->game_chooser, pos->variant);
    kuzhi_game_chooser_set_options (self->game_chooser, pos->variant, pos->seeds, pos->option);
  }
  for (int p = 0; p < 2; p++)
    kuzhi_new_match_dialog_set_player_level (self, p, kuzhi_game_model_get_player_level (model, p));
  return self;
}

void
kuzhi_new_match_dialog_set_variant (KuzhiNewMatchDialog *self,
                                    KzVariantId          variant)
{
  g_return_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self));
  kuzhi_game_chooser_set_variant (self->game_chooser, variant);
}

void
kuzhi_new_match_dialog_set_choices (KuzhiNewMatchDialog *self,
                                    int                  seeds,
                                    const char          *name1,
                                    const char          *name2)
{
  g_return_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self));
  kuzhi_game_chooser_set_options (self->game_chooser, KZ_VARIANT_CONSTITUTION, seeds, 0);
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

const char *
kuzhi_new_match_dialog_get_description (KuzhiNewMatchDialog *self)
{
  g_return_val_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self), NULL);
  return adw_preferences_group_get_description (self->players_group);
}

GtkWidget *
kuzhi_new_match_dialog_get_game_chooser (KuzhiNewMatchDialog *self)
{
  g_return_val_if_fail (KUZHI_IS_NEW_MATCH_DIALOG (self), NULL);
  return GTK_WIDGET (self->game_chooser);
}
