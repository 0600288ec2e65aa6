/* kuzhi-statistics-window.c — Statistics: each game's results against the computer and between people, and Reset. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-statistics-window.h"
#include "kuzhi-statistics-window-private.h"
#include "kuzhi-confirm.h"
#include "kuzhi-game-text.h"

struct _KuzhiStatisticsWindow
{
  AdwWindow         parent_instance;

  /* template children */
  AdwWindowTitle   *window_title;
  GtkStack         *stack;
  AdwComboRow      *game_row;
  GtkWidget        *groups_box;

  /* owned */
  KuzhiStatistics  *statistics;
  KzVariantId       games[KZ_N_VARIANTS];   /* the game row's items, in order */
  guint             n_games;

  /* borrowed: the dialog on screen, cleared when it goes */
  AdwMessageDialog *dialog;
};

G_DEFINE_FINAL_TYPE (KuzhiStatisticsWindow, kuzhi_statistics_window, ADW_TYPE_WINDOW)

/* --- the rows ---------------------------------------------------------------- */

/* "3 won · 1 lost · 1 drawn", and the widest win when asked. */
static char *
tally_text (const KuzhiTally *t,
            gboolean          with_margin)
{
  g_autofree char *won = g_strdup_printf (ngettext ("%u won", "%u won", t->won), t->won);
  g_autofree char *lost = g_strdup_printf (ngettext ("%u lost", "%u lost", t->lost), t->lost);
  g_autofree char *drawn = g_strdup_printf (ngettext ("%u drawn", "%u drawn", t->drawn), t->drawn);

  if (with_margin && t->won > 0)
    {
      /* Translators: the widest win of a player, in shells or seeds: "widest win by 12" */
      g_autofree char *margin = g_strdup_printf (ngettext ("widest win by %d", "widest win by %d", t->best_margin),
                                                 t->best_margin);

      /* Translators: a player's results: "3 won · 1 lost · 1 drawn · widest win by 12" */
      return g_strdup_printf (C_("statistics", "%s · %s · %s · %s"), won, lost, drawn, margin);
    }
  /* Translators: a player's results: "3 won · 1 lost · 1 drawn" */
  return g_strdup_printf (C_("statistics", "%s · %s · %s"), won, lost, drawn);
}

/* A row with its figure at the end, in digits of one width so that the
 * figures of a list line up. */
static GtkWidget *
figure_row (const char *title,
            const char *subtitle,
            const char *figure)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (figure);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  /* Names are the players' own: never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

/* One figure of the summary: the number large, what it counts under it. */
static GtkWidget *
summary_cell (guint       figure,
              const char *caption)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *text = g_strdup_printf ("%u", figure);
  GtkWidget *number = gtk_label_new (text);
  GtkWidget *under = gtk_label_new (caption);

  gtk_widget_set_hexpand (box, TRUE);
  gtk_widget_add_css_class (number, "title-2");
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (under, "caption");
  gtk_widget_add_css_class (under, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (under), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), under);
  return box;
}

/* The first row of a group: played, won, lost and drawn at a glance. */
static GtkWidget *
summary_row (const KuzhiTally *t)
{
  /* A preferences row, so that the group puts it in its list, first. */
  GtkWidget *row = adw_preferences_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *said = NULL;

  /* Four columns sharing the row, their words centred, each as wide as
   * its word before the rest is shared out, with no spacing or margin
   * beside them: on a phone with Large Text, four equal quarters cut
   * "Kaybedilen" (Turkish, lost) and "Empatadas" (Spanish, drawn). */
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  /* Translators: under a count in Statistics' summary: matches played */
  gtk_box_append (GTK_BOX (box), summary_cell (t->played, C_("statistics", "Played")));
  /* Translators: under a count in Statistics' summary: matches won */
  gtk_box_append (GTK_BOX (box), summary_cell (t->won, C_("statistics", "Won")));
  /* Translators: under a count in Statistics' summary: matches lost */
  gtk_box_append (GTK_BOX (box), summary_cell (t->lost, C_("statistics", "Lost")));
  /* Translators: under a count in Statistics' summary: matches drawn */
  gtk_box_append (GTK_BOX (box), summary_cell (t->drawn, C_("statistics", "Drawn")));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  /* A screen reader hears the four as one sentence. */
  {
    g_autofree char *played = g_strdup_printf (ngettext ("%u played", "%u played", t->played), t->played);
    g_autofree char *results = tally_text (t, FALSE);

    said = g_strdup_printf (C_("statistics", "%s · %s"), played, results);
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
  return row;
}

static char *
matches_text (guint n)
{
  return g_strdup_printf (ngettext ("%u match", "%u matches", n), n);
}

static char *
wins_text (guint n)
{
  return g_strdup_printf (ngettext ("%u win", "%u wins", n), n);
}

static GtkWidget *
computer_group (const KuzhiGameStatistics *g)
{
  GtkWidget *group = adw_preferences_group_new ();
  const KuzhiTally *all = &g->computer[KZ_LEVEL_NONE];

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Against the Computer"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), _("Your results, at every level"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), summary_row (all));

  for (int level = KZ_LEVEL_EASY; level <= KZ_LEVEL_HARD; level++)
    {
      const KuzhiTally *t = &g->computer[level];
      g_autofree char *subtitle = t->played > 0 ? tally_text (t, TRUE) : g_strdup (_("Not played yet"));
      g_autofree char *figure = matches_text (t->played);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                                 figure_row (kuzhi_game_level_title ((KzLevel) level), subtitle, figure));
    }

  {
    g_autofree char *subtitle = NULL;
    g_autofree char *figure = NULL;

    if (all->won > 0)
      {
        /* Translators: where the widest win came: "Against Hard" (a computer level) */
        subtitle = g_strdup_printf (_("Against %s"), kuzhi_game_level_title (g->best_margin_level));
        /* Translators: a win's margin in shells or seeds: "by 12" */
        figure = g_strdup_printf (ngettext ("by %d", "by %d", all->best_margin), all->best_margin);
      }
    else
      {
        subtitle = g_strdup (_("No win yet"));
        figure = g_strdup (C_("no figure", "—"));
      }
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), figure_row (_("Widest Win"), subtitle, figure));
  }
  {
    g_autofree char *current = wins_text (g->current_streak);
    g_autofree char *best = wins_text (g->best_streak);

    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               figure_row (_("Current Streak"), _("Wins in a row, at any level, up to the last match"),
                                           current));
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                               figure_row (_("Best Streak"), _("The most wins in a row"), best));
  }
  return group;
}

static GtkWidget *
people_group (const KuzhiGameStatistics *g)
{
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *description = NULL;
  g_autofree char *matches = matches_text (g->n_hot_seat);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Two Players"));
  /* Translators: the group's line under "Two Players": "5 matches at this computer, by each player's name" */
  description = g_strdup_printf (_("%s at this computer, by each player’s name"), matches);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  for (guint i = 0; i < g->n_people; i++)
    {
      const KuzhiNamedTally *p = &g->people[i];
      g_autofree char *subtitle = tally_text (&p->tally, TRUE);
      g_autofree char *figure = matches_text (p->tally.played);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), figure_row (p->name, subtitle, figure));
    }
  return group;
}

/* Puzzles (issue #33): how many were tried and solved at the first try. */
static GtkWidget *
puzzles_group (const KuzhiGameStatistics *g)
{
  GtkWidget *group = adw_preferences_group_new ();
  /* Translators: puzzles solved out of puzzles tried: "3 of 5" */
  g_autofree char *figure = g_strdup_printf (_("%u of %u"), g->puzzles_solved, g->puzzles_tried);
  g_autofree char *subtitle = g_strdup_printf (ngettext ("%u puzzle tried; each counts at its first try",
                                                         "%u puzzles tried; each counts at its first try",
                                                         g->puzzles_tried), g->puzzles_tried);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Puzzles"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             figure_row (_("Solved at the First Try"), subtitle, figure));
  return group;
}

static void
rebuild (KuzhiStatisticsWindow *self)
{
  guint total = kuzhi_statistics_get_n_matches (self->statistics, -1);
  guint puzzles = kuzhi_statistics_get_n_puzzles (self->statistics, -1);
  KzVariantId variant = kuzhi_statistics_window_get_variant (self);
  g_autoptr(KuzhiGameStatistics) g = kuzhi_statistics_get_game (self->statistics, variant);
  GtkWidget *child;
  g_autofree char *subtitle = NULL;

  while ((child = gtk_widget_get_first_child (self->groups_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->groups_box), child);

  if (total > 0)
    /* Translators: the Statistics window's subtitle */
    subtitle = g_strdup_printf (ngettext ("%u match counted", "%u matches counted", total), total);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
  gtk_stack_set_visible_child_name (self->stack, total + puzzles > 0 ? "figures" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset", total + puzzles > 0);
  if (total + puzzles == 0)
    return;

  if (g->computer[KZ_LEVEL_NONE].played > 0)
    gtk_box_append (GTK_BOX (self->groups_box), computer_group (g));
  if (g->n_hot_seat > 0)
    gtk_box_append (GTK_BOX (self->groups_box), people_group (g));
  if (g->n_matches == 0)
    {
      /* Translators: in Statistics, for a game without a counted match: "No match of Oware has finished yet." */
      g_autofree char *text = g_strdup_printf (_("No match of %s has finished yet."), kuzhi_game_title (variant));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_widget_set_margin_top (label, 24);
      gtk_widget_set_margin_bottom (label, 24);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->groups_box), label);
    }
  if (g->puzzles_tried > 0)
    gtk_box_append (GTK_BOX (self->groups_box), puzzles_group (g));
}

/* --- Reset --------------------------------------------------------------- */

static void
on_dialog_destroyed (KuzhiStatisticsWindow *self)
{
  self->dialog = NULL;
}

static void
show_dialog (KuzhiStatisticsWindow *self,
             AdwMessageDialog      *dialog)
{
  self->dialog = dialog;
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroyed), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_reset_response (AdwMessageDialog      *dialog,
                   const char            *response,
                   KuzhiStatisticsWindow *self)
{
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *failed;

  if (!g_str_equal (response, "reset"))
    return;
  if (kuzhi_statistics_reset (self->statistics, &error))
    return;
  /* Nothing was forgotten: say why, over this window. */
  failed = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("The Statistics Could Not Be Reset"),
                                                       error->message));
  adw_message_dialog_add_response (failed, "close", _("_Close"));
  show_dialog (self, failed);
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  KuzhiStatisticsWindow *self = KUZHI_STATISTICS_WINDOW (widget);
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Reset Statistics?"),
                                                       _("Every finished match and every puzzle tried, of every game, is forgotten. This cannot be undone.")));
  kuzhi_confirm_add_responses (dialog, "reset", _("_Reset"), G_CALLBACK (on_reset_response), self);
  show_dialog (self, dialog);
}

/* --- life cycle ------------------------------------------------------------ */

static void
kuzhi_statistics_window_dispose (GObject *object)
{
  KuzhiStatisticsWindow *self = KUZHI_STATISTICS_WINDOW (object);

  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_clear_object (&self->statistics);
  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_STATISTICS_WINDOW);

  G_OBJECT_CLASS (kuzhi_statistics_window_parent_class)->dispose (object);
}

static void
kuzhi_statistics_window_class_init (KuzhiStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_statistics_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiStatisticsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KuzhiStatisticsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, KuzhiStatisticsWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiStatisticsWindow, groups_box);

  gtk_widget_class_install_action (widget_class, "statistics.reset", NULL, reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kuzhi_statistics_window_init (KuzhiStatisticsWindow *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Every game this build has, in the engine's order, as New Match lists them. */
  for (int v = 0; v < KZ_N_VARIANTS; v++)
    if (kz_variant_get ((KzVariantId) v) != NULL)
      {
        self->games[self->n_games++] = (KzVariantId) v;
        gtk_string_list_append (titles, kuzhi_game_title ((KzVariantId) v));
      }
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (titles));
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (rebuild), self);
}

KuzhiStatisticsWindow *
kuzhi_statistics_window_new (GtkWindow       *parent,
                             KuzhiStatistics *statistics,
                             KzVariantId      variant)
{
  KuzhiStatisticsWindow *self;

  g_return_val_if_fail (KUZHI_IS_STATISTICS (statistics), NULL);

  self = g_object_new (KUZHI_TYPE_STATISTICS_WINDOW, "transient-for", parent, NULL);
  self->statistics = g_object_ref (statistics);
  g_signal_connect_swapped (statistics, "changed", G_CALLBACK (rebuild), self);
  kuzhi_statistics_window_set_variant (self, variant);
  rebuild (self);
  return self;
}

KzVariantId
kuzhi_statistics_window_get_variant (KuzhiStatisticsWindow *self)
{
  guint i;

  g_return_val_if_fail (KUZHI_IS_STATISTICS_WINDOW (self), KZ_VARIANT_CONSTITUTION);
  i = adw_combo_row_get_selected (self->game_row);
  return i < self->n_games ? self->games[i] : self->games[0];
}

void
kuzhi_statistics_window_set_variant (KuzhiStatisticsWindow *self,
                                     KzVariantId            variant)
{
  g_return_if_fail (KUZHI_IS_STATISTICS_WINDOW (self));

  for (guint i = 0; i < self->n_games; i++)
    if (self->games[i] == variant)
      adw_combo_row_set_selected (self->game_row, i);
}

AdwMessageDialog *
kuzhi_statistics_window_get_dialog (KuzhiStatisticsWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_STATISTICS_WINDOW (self), NULL);
  return self->dialog;
}
