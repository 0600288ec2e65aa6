/* kuzhi-position-editor.c — Set Up Position: a match from any position the rules allow, set cup by cup. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-position-editor.h"
#include "kuzhi-position-editor-private.h"
#include "kuzhi-accessible.h"
#include "kuzhi-game-chooser.h"
#include "kuzhi-game-text.h"

/* A count a cup, a store or the refill can hold (the position's bytes). */
#define COUNT_MAX 255

struct _KuzhiPositionEditor
{
  AdwWindow            parent_instance;

  /* template children */
  AdwComboRow         *game_row;
  AdwComboRow         *seeds_row;
  AdwComboRow         *pasu_row;
  AdwPreferencesGroup *board_group;
  GtkWidget           *board_box;
  GtkLabel            *status_label;
  AdwComboRow         *to_move_row;
  GtkWidget           *round_row;
  GtkSpinButton       *round_spin;
  AdwComboRow         *opener_row;
  AdwPreferencesGroup *constitution_group;
  AdwPreferencesGroup *rubbish_group;
  AdwComboRow         *kind1_row;
  AdwComboRow         *kind2_row;
  GtkWidget           *start_button;

  /* borrowed: the rows and grids the code adds for the game shown */
  GtkWidget           *board_grid;
  GtkSpinButton       *pit_spins[KZ_MAX_PITS];
  GtkSpinButton       *store_spins[2];
  GtkWidget           *constitution_rows[4];
  GtkSpinButton       *refill_spins[2];
  AdwComboRow         *lucky_rows[2];
  GtkWidget           *rubbish_box;
  GtkToggleButton     *rubbish_toggles[KZ_MAX_PITS];

  /* owned */
  KuzhiGameModel      *model;
  GtkStringList       *names;    /* the players': the To Move and Opener rows' items */

  /* The position the widgets make; the games in the game row's order. */
  KzPosition           pos;
  KzVariantId          games[KZ_N_VARIANTS];
  guint                n_games;
  /* Set while the code writes the widgets from pos, and from dispose
   * on, so that their handlers do not write back. */
  gboolean             filling;
};

G_DEFINE_FINAL_TYPE (KuzhiPositionEditor, kuzhi_position_editor, ADW_TYPE_WINDOW)

enum {
  STARTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- the line under the board --------------------------------------------- */

/* The total the game's start has with the position's layout (seeds and
 * pasu), or -1 when the engine knows no such layout. */
static int
start_total (const KzPosition *pos)
{
  KzOptions options = { .seeds = pos->seeds, .pasu = pos->option };
  KzMatch match;
  int total;

  if (!kz_match_init (&match, pos->variant, &options, NULL, 0))
    return -1;
  total = kz_position_total (&match.pos);
  kz_match_clear (&match);
  return total;
}

/* What kz_position_check() says, live: the reason the position is refused
 * (Start insensitive; the engine's sentence, translated through the
 * function the application installs), or what it holds. The one met at
 * every step of setting counts, a total that is not the game's, is said
 * here with the numbers in words of the app's own. */
static void
update_status (KuzhiPositionEditor *self)
{
  char reason[KZ_REASON_LEN] = "";
  gboolean ok = kz_position_check (&self->pos, reason, sizeof reason);
  int total = kz_position_total (&self->pos), needed = start_total (&self->pos);
  g_autofree char *status = NULL;

  if (ok)
    {
      /* Translators: Set Up Position, under the board, when the position may start: %d is every counter on the board, in the stores and off it */
      status = g_strdup_printf (ngettext ("Ready: %d in the cups and stores.",
                                           "Ready: %d in the cups and stores.", total), total);
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
    }
  else if (needed >= 0 && total != needed)
    {
      /* Translators: Set Up Position, under the board: the first %d is what the cups, stores and refill hold now, the second what the game has in all ("The cups and stores hold 47; the game has 70.") */
      status = g_strdup_printf (ngettext ("The cups and stores hold %d; the game has %d.",
                                           "The cups and stores hold %d; the game has %d.", needed), total, needed);
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
    }
  else
    {
      status = g_strdup (*reason != '\0' ? reason : _("The rules cannot reach this position."));
      gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
    }
  gtk_label_set_text (self->status_label, status);
  gtk_widget_set_sensitive (self->start_button, ok);
}

/* --- from the widgets into the position ------------------------------------ */

static void
on_pit_changed (GtkSpinButton       *spin,
                KuzhiPositionEditor *self)
{
  if (self->filling)
    return;
  for (int p = 0; p < self->pos.n_pits; p++)
    if (self->pit_spins[p] == spin)
      self->pos.pits[p] = (uint8_t) gtk_spin_button_get_value_as_int (spin);
  for (int i = 0; i < 2; i++)
    {
      if (self->store_spins[i] == spin)
        self->pos.stores[i] = (uint8_t) gtk_spin_button_get_value_as_int (spin);
      if (self->refill_spins[i] == spin)
        self->pos.refill_left[i] = (uint8_t) gtk_spin_button_get_value_as_int (spin);
    }
  update_status (self);
}

static void
on_lucky_selected (AdwComboRow         *row,
                   GParamSpec          *pspec,
                   KuzhiPositionEditor *self)
{
  int player = row == self->lucky_rows[1];
  guint i = adw_combo_row_get_selected (row);

  if (self->filling)
    return;
  /* Item 0 is none; item i the owner's cup i, along their row. */
  self->pos.lucky[player] = (int8_t) (i == 0 || i == GTK_INVALID_LIST_POSITION
                                      ? -1 : player * (self->pos.n_pits / 2) + (int) i - 1);
  update_status (self);
}

static void
on_rubbish_toggled (GtkToggleButton     *toggle,
                    KuzhiPositionEditor *self)
{
  if (self->filling)
    return;
  for (int p = 0; p < self->pos.n_pits; p++)
    if (self->rubbish_toggles[p] == toggle)
      {
        if (gtk_toggle_button_get_active (toggle))
          self->pos.rubbish |= (uint16_t) (1u << p);
        else
          self->pos.rubbish &= (uint16_t) ~(1u << p);
      }
  update_status (self);
}

static void
on_to_move_selected (AdwComboRow         *row,
                     GParamSpec          *pspec,
                     KuzhiPositionEditor *self)
{
  if (self->filling)
    return;
  self->pos.to_move = adw_combo_row_get_selected (row) == 1;
  update_status (self);
}

/* Who opened the round: the rules' opener where they name one (Pallanguzhi
 * by the round, the Constitution's first round); where they do not, the
 * Constitution's later rounds, a row of its own says. */
static void
update_opener (KuzhiPositionEditor *self)
{
  int rule = kz_position_rule_opener (&self->pos);
  gboolean own_row = rule < 0;

  if (rule >= 0)
    self->pos.opener = (uint8_t) rule;
  gtk_widget_set_visible (GTK_WIDGET (self->opener_row), own_row);
  if (own_row)
    {
      gboolean filling = self->filling;

      self->filling = TRUE;
      adw_combo_row_set_selected (self->opener_row, self->pos.opener);
      self->filling = filling;
    }
}

static void
on_round_changed (GtkSpinButton       *spin,
                  KuzhiPositionEditor *self)
{
  if (self->filling)
    return;
  self->pos.round = (uint16_t) gtk_spin_button_get_value_as_int (spin);
  update_opener (self);
  update_status (self);
}

static void
on_opener_selected (AdwComboRow         *row,
                    GParamSpec          *pspec,
                    KuzhiPositionEditor *self)
{
  if (self->filling)
    return;
  self->pos.opener = adw_combo_row_get_selected (row) == 1;
  update_status (self);
}

static void
on_pasu_selected (AdwComboRow         *row,
                  GParamSpec          *pspec,
                  KuzhiPositionEditor *self)
{
  const KzVariant *variant = kz_position_variant (&self->pos);
  guint i = adw_combo_row_get_selected (row);

  if (self->filling || i >= (guint) kuzhi_game_chooser_n_choices (variant->pasu_choices))
    return;
  self->pos.option = variant->pasu_choices[i];
  update_status (self);
}

/* --- the game's widgets ----------------------------------------------------- */

static GtkSpinButton *
count_spin (KuzhiPositionEditor *self,
            const char          *accessible_name)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, COUNT_MAX, 1);

  /* Up and down above and below the number: a board's width of them fits
   * a phone. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (spin), GTK_ORIENTATION_VERTICAL);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
  gtk_widget_set_halign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name, -1);
  gtk_widget_set_tooltip_text (spin, accessible_name);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_pit_changed), self);
  return GTK_SPIN_BUTTON (spin);
}

static const char *
player_name (KuzhiPositionEditor *self,
             int                  player)
{
  return gtk_string_list_get_string (self->names, player);
}

/* A cup's name for a screen reader and the tooltip: "Meena, cup 3". */
static char *
cup_name (KuzhiPositionEditor *self,
          int                  pit)
{
  g_autofree char *cup = kuzhi_game_action_name (&self->pos, (KzAction) pit);

  /* Translators: Set Up Position, a cup's spin button: "Meena, cup 3" (the second %s is the game's word for a cup and its number) */
  return g_strdup_printf (_("%s, %s"), player_name (self, pit / (self->pos.n_pits / 2)), cup);
}

static GtkWidget *
board_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

/* The cups as the board lies when Player 1 sits nearest: Player 2's row on
 * top running right to left, Player 1's below left to right, Player 2's
 * store on the left end and Player 1's on the right, where each row ends. */
static void
build_board (KuzhiPositionEditor *self)
{
  int n = self->pos.n_pits / 2;
  GtkGrid *grid;

  if (self->board_grid != NULL)
    gtk_box_remove (GTK_BOX (self->board_box), self->board_grid);
  memset (self->pit_spins, 0, sizeof self->pit_spins);
  self->board_grid = gtk_grid_new ();
  grid = GTK_GRID (self->board_grid);
  gtk_grid_set_column_spacing (grid, 2);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_set_halign (self->board_grid, GTK_ALIGN_CENTER);
  /* The board keeps its sowing counter-clockwise in a right-to-left
   * language too (the window's board does): so does its picture here. */
  gtk_widget_set_direction (self->board_grid, GTK_TEXT_DIR_LTR);
  gtk_widget_add_css_class (self->board_grid, "position-board");

  gtk_grid_attach (grid, board_label (player_name (self, 1)), 1, 0, n, 1);
  for (int p = 0; p < self->pos.n_pits; p++)
    {
      g_autofree char *name = cup_name (self, p);
      int owner = p / n, i = p % n;

      self->pit_spins[p] = count_spin (self, name);
      gtk_grid_attach (grid, GTK_WIDGET (self->pit_spins[p]), owner ? n - i : i + 1, owner ? 1 : 2, 1, 1);
    }
  gtk_grid_attach (grid, board_label (player_name (self, 0)), 1, 3, n, 1);
  for (int s = 0; s < 2; s++)
    {
      /* Translators: Set Up Position, a store's spin button: "Meena’s store" */
      g_autofree char *name = g_strdup_printf (_("%s’s store"), player_name (self, s));

      self->store_spins[s] = count_spin (self, name);
      gtk_widget_add_css_class (GTK_WIDGET (self->store_spins[s]), "position-store");
      gtk_grid_attach (grid, GTK_WIDGET (self->store_spins[s]), s ? 0 : n + 1, 1, 1, 2);
    }
  gtk_box_prepend (GTK_BOX (self->board_box), self->board_grid);
}

static void
clear_group (AdwPreferencesGroup *group,
             GtkWidget          **rows,
             int                  n_rows)
{
  for (int i = 0; i < n_rows; i++)
    if (rows[i] != NULL)
      {
        adw_preferences_group_remove (group, rows[i]);
        rows[i] = NULL;
      }
}

/* The Constitution's refill left and lucky cups, for each player. */
static void
build_constitution (KuzhiPositionEditor *self)
{
  int n = self->pos.n_pits / 2;

  clear_group (self->constitution_group, self->constitution_rows, G_N_ELEMENTS (self->constitution_rows));
  memset (self->refill_spins, 0, sizeof self->refill_spins);
  memset (self->lucky_rows, 0, sizeof self->lucky_rows);
  if (!kz_variant_has_field (self->pos.variant, KZ_FIELD_REFILL))
    return;
  for (int p = 0; p < 2; p++)
    {
      g_autoptr(GtkStringList) cups = gtk_string_list_new (NULL);
      /* Translators: Set Up Position, the Constitution: the shells a player still has to bring to the board ("Meena: Refill Left") */
      g_autofree char *refill_title = g_strdup_printf (_("%s: Refill Left"), player_name (self, p));
      /* Translators: Set Up Position, the Constitution: "Meena: Lucky Cup" */
      g_autofree char *lucky_title = g_strdup_printf (_("%s: Lucky Cup"), player_name (self, p));
      GtkWidget *refill_row = adw_action_row_new ();
      GtkWidget *spin = gtk_spin_button_new_with_range (0, COUNT_MAX, 1);
      GtkWidget *lucky_row = adw_combo_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (refill_row), refill_title);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (refill_row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (refill_row), spin);
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, refill_title, -1);
      self->refill_spins[p] = GTK_SPIN_BUTTON (spin);
      g_signal_connect (spin, "value-changed", G_CALLBACK (on_pit_changed), self);

      /* Translators: Set Up Position, a lucky cup: no cup marked */
      gtk_string_list_append (cups, C_("lucky cup", "None"));
      for (int i = 1; i <= n; i++)
        {
          /* Translators: Set Up Position, a lucky cup: the cup's number along its owner's row */
          g_autofree char *item = g_strdup_printf (_("Cup %d"), i);
          gtk_string_list_append (cups, item);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (lucky_row), lucky_title);
      /* The choice under the title, as the editor's other choices: beside
       * "Meena: Lucky Cup" on a phone with Large Text, "None" was cut. */
      adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (lucky_row), TRUE);
      adw_combo_row_set_model (ADW_COMBO_ROW (lucky_row), G_LIST_MODEL (cups));
      self->lucky_rows[p] = ADW_COMBO_ROW (lucky_row);
      g_signal_connect (lucky_row, "notify::selected", G_CALLBACK (on_lucky_selected), self);

      adw_preferences_group_add (self->constitution_group, refill_row);
      adw_preferences_group_add (self->constitution_group, lucky_row);
      self->constitution_rows[2 * p] = refill_row;
      self->constitution_rows[2 * p + 1] = lucky_row;
    }
}

/* Pallanguzhi's rubbish cups: a toggle a cup, the rows as the board lies. */
static void
build_rubbish (KuzhiPositionEditor *self)
{
  int n = self->pos.n_pits / 2;
  GtkGrid *grid;

  clear_group (self->rubbish_group, &self->rubbish_box, 1);
  memset (self->rubbish_toggles, 0, sizeof self->rubbish_toggles);
  if (!kz_variant_has_field (self->pos.variant, KZ_FIELD_RUBBISH))
    return;
  self->rubbish_box = gtk_grid_new ();
  grid = GTK_GRID (self->rubbish_box);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_set_halign (self->rubbish_box, GTK_ALIGN_CENTER);
  gtk_widget_set_direction (self->rubbish_box, GTK_TEXT_DIR_LTR);
  for (int owner = 1; owner >= 0; owner--)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      int line = 2 * (1 - owner);

      gtk_widget_add_css_class (row, "linked");
      gtk_widget_add_css_class (row, "position-rubbish");
      gtk_widget_set_direction (row, GTK_TEXT_DIR_LTR);
      gtk_grid_attach (grid, board_label (player_name (self, owner)), 0, line, 1, 1);
      for (int k = 0; k < n; k++)
        {
          /* Along the board: Player 2's cups right to left on top. */
          int pit = owner ? 2 * n - 1 - k : k;
          g_autofree char *number = g_strdup_printf ("%d", pit % n + 1);
          g_autofree char *name = cup_name (self, pit);
          GtkWidget *toggle = gtk_toggle_button_new_with_label (number);

          gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
          gtk_widget_set_tooltip_text (toggle, name);
          g_signal_connect (toggle, "toggled", G_CALLBACK (on_rubbish_toggled), self);
          gtk_box_append (GTK_BOX (row), toggle);
          self->rubbish_toggles[pit] = GTK_TOGGLE_BUTTON (toggle);
        }
      gtk_grid_attach (grid, row, 0, line + 1, 1, 1);
    }
  adw_preferences_group_add (self->rubbish_group, self->rubbish_box);
}

/* The game's option rows, where it has a choice: their lists are made once
 * a game, never while a row tells of its own choice (a list replaced then
 * is still in use by the row's selection). */
static void
build_options (KuzhiPositionEditor *self)
{
  const KzVariant *variant = kz_position_variant (&self->pos);

  gtk_widget_set_visible (GTK_WIDGET (self->seeds_row), kuzhi_game_chooser_n_choices (variant->seeds_choices) > 1);
  if (kuzhi_game_chooser_n_choices (variant->seeds_choices) > 1)
    {
      g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);

      for (int i = 0; i < kuzhi_game_chooser_n_choices (variant->seeds_choices); i++)
        {
          g_autofree char *label = kuzhi_game_seeds_label (self->pos.variant, i);
          gtk_string_list_append (items, label);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seeds_row), kuzhi_game_seeds_title (self->pos.variant));
      adw_combo_row_set_model (self->seeds_row, G_LIST_MODEL (items));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->pasu_row), kuzhi_game_chooser_n_choices (variant->pasu_choices) > 1);
  if (kuzhi_game_chooser_n_choices (variant->pasu_choices) > 1)
    {
      g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);

      for (int i = 0; i < kuzhi_game_chooser_n_choices (variant->pasu_choices); i++)
        {
          g_autofree char *label = g_strdup_printf ("%d", variant->pasu_choices[i]);
          gtk_string_list_append (items, label);
        }
      adw_combo_row_set_model (self->pasu_row, G_LIST_MODEL (items));
    }
}

/* --- from the position into the widgets ------------------------------------- */

static void
fill_widgets (KuzhiPositionEditor *self)
{
  const KzVariant *variant = kz_position_variant (&self->pos);
  int n = self->pos.n_pits / 2;

  self->filling = TRUE;
  for (int p = 0; p < self->pos.n_pits; p++)
    gtk_spin_button_set_value (self->pit_spins[p], self->pos.pits[p]);
  for (int i = 0; i < 2; i++)
    {
      gtk_spin_button_set_value (self->store_spins[i], self->pos.stores[i]);
      if (self->refill_spins[i] != NULL)
        gtk_spin_button_set_value (self->refill_spins[i], self->pos.refill_left[i]);
      if (self->lucky_rows[i] != NULL)
        adw_combo_row_set_selected (self->lucky_rows[i],
                                    self->pos.lucky[i] < 0 ? 0 : (guint) (self->pos.lucky[i] % n + 1));
    }
  for (int p = 0; p < self->pos.n_pits; p++)
    if (self->rubbish_toggles[p] != NULL)
      gtk_toggle_button_set_active (self->rubbish_toggles[p], (self->pos.rubbish >> p) & 1u);
  adw_combo_row_set_selected (self->to_move_row, self->pos.to_move);
  gtk_widget_set_visible (self->round_row, variant->has_rounds);
  gtk_spin_button_set_value (self->round_spin, MAX (1, self->pos.round));
  update_opener (self);
  gtk_widget_set_visible (GTK_WIDGET (self->constitution_group), kz_variant_has_field (self->pos.variant, KZ_FIELD_REFILL));
  gtk_widget_set_visible (GTK_WIDGET (self->rubbish_group), kz_variant_has_field (self->pos.variant, KZ_FIELD_RUBBISH));

  /* The game's options, where it has a choice (the same rows as New
   * Match's): the choices made in build_options(). */
  if (gtk_widget_get_visible (GTK_WIDGET (self->seeds_row)))
    adw_combo_row_set_selected (self->seeds_row, MAX (0, kuzhi_game_chooser_choice_index (variant->seeds_choices, self->pos.seeds)));
  if (gtk_widget_get_visible (GTK_WIDGET (self->pasu_row)))
    adw_combo_row_set_selected (self->pasu_row, MAX (0, kuzhi_game_chooser_choice_index (variant->pasu_choices, self->pos.option)));
  self->filling = FALSE;
  update_status (self);
}

/* The editor shows `pos`: the game's widgets made again when the game
 * changes (another number of cups, other fields). */
static void
show_position (KuzhiPositionEditor *self,
               const KzPosition    *pos)
{
  gboolean same_game = self->pit_spins[0] != NULL && self->pos.variant == pos->variant;

  self->pos = *pos;
  /* A set-up position starts afresh: no turn half done, no plies behind. */
  self->pos.over = 0;
  self->pos.winner = -1;
  self->pos.end = 0;
  self->pos.marked = 0;
  self->pos.plies = 0;
  self->pos.quiet_plies = 0;
  if (!same_game)
    {
      build_board (self);
      build_constitution (self);
      build_rubbish (self);
      self->filling = TRUE;
      build_options (self);
      self->filling = FALSE;
    }
  fill_widgets (self);
}

/* A game's start with `seeds` per pit (0: its default), to edit from. */
static void
show_start (KuzhiPositionEditor *self,
            KzVariantId          variant,
            int                  seeds)
{
  KzOptions options = { .seeds = seeds };
  KzMatch match;
  int to_move = self->pos.to_move;

  if (!kz_match_init (&match, variant, &options, NULL, 0)
      && !kz_match_init (&match, variant, NULL, NULL, 0))
    return;
  match.pos.to_move = (uint8_t) to_move;
  show_position (self, &match.pos);
  kz_match_clear (&match);
}

static void
on_game_selected (AdwComboRow         *row,
                  GParamSpec          *pspec,
                  KuzhiPositionEditor *self)
{
  guint i = adw_combo_row_get_selected (row);

  if (self->filling || i >= self->n_games || self->games[i] == self->pos.variant)
    return;
  show_start (self, self->games[i], 0);
}

static void
on_seeds_selected (AdwComboRow         *row,
                   GParamSpec          *pspec,
                   KuzhiPositionEditor *self)
{
  const KzVariant *variant = kz_position_variant (&self->pos);
  guint i = adw_combo_row_get_selected (row);

  if (self->filling || i >= (guint) kuzhi_game_chooser_n_choices (variant->seeds_choices)
      || variant->seeds_choices[i] == self->pos.seeds)
    return;
  show_start (self, self->pos.variant, variant->seeds_choices[i]);
}

/* --- starting ---------------------------------------------------------------- */

/* A Played By row's item: a person, then the computer's levels. */
static KzLevel
kind_level (AdwComboRow *row)
{
  guint i = adw_combo_row_get_selected (row);

  return i <= KZ_LEVEL_HARD ? (KzLevel) i : KZ_LEVEL_NONE;
}

gboolean
kuzhi_position_editor_start (KuzhiPositionEditor *self)
{
  KzMatch match;

  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), FALSE);

  /* Refused: nothing changes, the players included. */
  if (!kz_position_check (&self->pos, NULL, 0))
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return FALSE;
    }
  /* Who plays each side goes to the model before the match starts, as New
   * Match does: its autosave then says so from the start. */
  kuzhi_game_model_set_player_level (self->model, 0, kind_level (self->kind1_row));
  kuzhi_game_model_set_player_level (self->model, 1, kind_level (self->kind2_row));
  /* Checked above, so the engine takes it. */
  if (!kz_match_init_at (&match, &self->pos, NULL, 0))
    g_return_val_if_reached (FALSE);
  kuzhi_game_model_start_match (self->model, &match, NULL);
  kz_match_clear (&match);
  g_signal_emit (self, signals[STARTED], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *param)
{
  kuzhi_position_editor_start (KUZHI_POSITION_EDITOR (widget));
}

static void
kuzhi_position_editor_dispose (GObject *object)
{
  KuzhiPositionEditor *self = KUZHI_POSITION_EDITOR (object);

  /* The widgets stop being heard first: a spin button takes the count
   * typed into it (not yet entered) as it goes, and the status line it
   * would update may be gone by then (/editor/close-while-typing). */
  self->filling = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_POSITION_EDITOR);
  g_clear_object (&self->model);
  g_clear_object (&self->names);

  G_OBJECT_CLASS (kuzhi_position_editor_parent_class)->dispose (object);
}

static void
kuzhi_position_editor_class_init (KuzhiPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kuzhi_position_editor_dispose;

  /* Emitted once the model holds the new match, before the editor closes. */
  signals[STARTED] =
    g_signal_new ("started",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, game_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, seeds_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, pasu_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, board_group);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, board_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, status_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, to_move_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, round_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, round_spin);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, opener_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, constitution_group);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, rubbish_group);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, kind1_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, kind2_row);
  gtk_widget_class_bind_template_child (widget_class, KuzhiPositionEditor, start_button);

  gtk_widget_class_install_action (widget_class, "editor.start", NULL, start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* The label below `root` showing `text`, or NULL. */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (c) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (c)), text) == 0)
        return GTK_LABEL (c);
      if ((found = find_label (c, text)) != NULL)
        return found;
    }
  return NULL;
}

static void
kuzhi_position_editor_init (KuzhiPositionEditor *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Every game the engine has, in New Match's order. */
  for (KzVariantId v = 0; v < KZ_N_VARIANTS; v++)
    if (kz_variant_get (v) != NULL)
      {
        self->games[self->n_games++] = v;
        gtk_string_list_append (games, kuzhi_game_title (v));
      }
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  /* A screen reader on Start says why it cannot start: the line under
   * the board describes it. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->start_button),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->status_label, NULL,
                                  -1);

  /* "Player 1 played by" (the .ui file) alone, not followed by the row's
   * title, which GTK 4.8 would add to it. */
  kuzhi_accessible_drop_labelled_by (GTK_WIDGET (self->kind1_row));
  kuzhi_accessible_drop_labelled_by (GTK_WIDGET (self->kind2_row));

  /* libadwaita 1.2 cuts a group's title short on one line: German's
   * "Restmuscheln und Glücksmulden" on a phone with Large Text. This one
   * wraps, as a group's description does. */
  {
    GtkLabel *title = find_label (GTK_WIDGET (self->constitution_group),
                                  adw_preferences_group_get_title (self->constitution_group));

    if (title != NULL)
      {
        gtk_label_set_ellipsize (title, PANGO_ELLIPSIZE_NONE);
        gtk_label_set_wrap (title, TRUE);
      }
  }

  g_signal_connect (self->game_row, "notify::selected", G_CALLBACK (on_game_selected), self);
  g_signal_connect (self->seeds_row, "notify::selected", G_CALLBACK (on_seeds_selected), self);
  g_signal_connect (self->pasu_row, "notify::selected", G_CALLBACK (on_pasu_selected), self);
  g_signal_connect (self->to_move_row, "notify::selected", G_CALLBACK (on_to_move_selected), self);
  g_signal_connect (self->round_spin, "value-changed", G_CALLBACK (on_round_changed), self);
  g_signal_connect (self->opener_row, "notify::selected", G_CALLBACK (on_opener_selected), self);
}

KuzhiPositionEditor *
kuzhi_position_editor_new (GtkWindow        *parent,
                           KuzhiGameModel   *model,
                           const KzPosition *from)
{
  KuzhiPositionEditor *self = g_object_new (KUZHI_TYPE_POSITION_EDITOR,
                                            "transient-for", parent,
                                            NULL);
  const KzPosition *pos = from != NULL ? from : kuzhi_game_model_get_position (model);

  self->model = g_object_ref (model);
  self->names = gtk_string_list_new (NULL);
  for (int p = 0; p < 2; p++)
    {
      const char *name = kuzhi_game_model_get_player_name (model, p);

      gtk_string_list_append (self->names, name != NULL && *name != '\0' ? name : p ? _("Player 2") : _("Player 1"));
      adw_combo_row_set_selected (p ? self->kind2_row : self->kind1_row,
                                  (guint) CLAMP (kuzhi_game_model_get_player_level (model, p), KZ_LEVEL_NONE, KZ_LEVEL_HARD));
    }
  adw_combo_row_set_model (self->to_move_row, G_LIST_MODEL (self->names));
  adw_combo_row_set_model (self->opener_row, G_LIST_MODEL (self->names));

  /* It opens at the position asked for, in its game. */
  self->filling = TRUE;
  for (guint i = 0; i < self->n_games; i++)
    if (self->games[i] == pos->variant)
      adw_combo_row_set_selected (self->game_row, i);
  self->filling = FALSE;
  show_position (self, pos);
  /* Enter starts the match, as the suggested action; Escape cancels. The
   * focus starts on Start, as in New Match. */
  gtk_window_set_focus (GTK_WINDOW (self), self->start_button);
  return self;
}

const KzPosition *
kuzhi_position_editor_get_position (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return &self->pos;
}

GtkSpinButton *
kuzhi_position_editor_get_pit_spin (KuzhiPositionEditor *self,
                                    int                  pit)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  g_return_val_if_fail (pit >= 0 && pit < self->pos.n_pits, NULL);
  return self->pit_spins[pit];
}

GtkSpinButton *
kuzhi_position_editor_get_store_spin (KuzhiPositionEditor *self,
                                      int                  player)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  g_return_val_if_fail (player == 0 || player == 1, NULL);
  return self->store_spins[player];
}

AdwComboRow *
kuzhi_position_editor_get_game_row (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->game_row;
}

AdwComboRow *
kuzhi_position_editor_get_seeds_row (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->seeds_row;
}

AdwComboRow *
kuzhi_position_editor_get_to_move_row (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->to_move_row;
}

AdwComboRow *
kuzhi_position_editor_get_kind_row (KuzhiPositionEditor *self,
                                    int                  player)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return player ? self->kind2_row : self->kind1_row;
}

const char *
kuzhi_position_editor_get_status (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return gtk_label_get_text (self->status_label);
}

GtkWidget *
kuzhi_position_editor_get_start_button (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->start_button;
}

GtkSpinButton *
kuzhi_position_editor_get_round_spin (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->round_spin;
}

AdwComboRow *
kuzhi_position_editor_get_opener_row (KuzhiPositionEditor *self)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  return self->opener_row;
}

GtkSpinButton *
kuzhi_position_editor_get_refill_spin (KuzhiPositionEditor *self,
                                       int                  player)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  g_return_val_if_fail (player == 0 || player == 1, NULL);
  return self->refill_spins[player];
}

AdwComboRow *
kuzhi_position_editor_get_lucky_row (KuzhiPositionEditor *self,
                                     int                  player)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  g_return_val_if_fail (player == 0 || player == 1, NULL);
  return self->lucky_rows[player];
}

GtkToggleButton *
kuzhi_position_editor_get_rubbish_toggle (KuzhiPositionEditor *self,
                                          int                  pit)
{
  g_return_val_if_fail (KUZHI_IS_POSITION_EDITOR (self), NULL);
  g_return_val_if_fail (pit >= 0 && pit < self->pos.n_pits, NULL);
  return self->rubbish_toggles[pit];
}
