/* kuzhi-window.c — the main window: a hot-seat match on the board, its header line and controls. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>
#include <stdio.h>

#include "kuzhi-window-private.h"
#include "kuzhi-new-match-dialog.h"
#include "kuzhi-position-editor.h"
#include "kuzhi-puzzle-window.h"
#include "kuzhi-rules-page.h"
#include "kuzhi-layout-box.h"
#include "kuzhi-game-news.h"
#include "kuzhi-game-text.h"
#include "kuzhi-match-file.h"
#include "kuzhi-endgame-store.h"


G_DEFINE_FINAL_TYPE (KuzhiWindow, kuzhi_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_VIEW,
  PROP_MARKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
is_constitution (KuzhiWindow *self)
{
  return kuzhi_board_view_get_displayed (self->board_view)->variant == KZ_VARIANT_CONSTITUTION;
}

static const char *
player_name (KuzhiWindow *self,
             int          player)
{
  /* The model's names are never empty; before it exists, the defaults. */
  if (self->model == NULL)
    return player ? _("Player 2") : _("Player 1");
  return kuzhi_game_model_get_player_name (self->model, player);
}

static const char *
reason_text (int reason)
{
  switch (reason)
    {
    case KZ_END_BOARD_EMPTY:
      return _("neither player has enough shells left to fill a cup");
    case KZ_END_REPETITION:
      return _("the same position came up for the third time");
    case KZ_END_SIDE_EMPTY:
      return _("a row is empty");
    case KZ_END_LIMIT:
      return _("the move limit was reached");
    case KZ_END_NO_FEED:
      return _("the opponent cannot be fed");
    case KZ_END_MAJORITY:
      return _("a player has captured more than half");
    case KZ_END_NO_CAPTURE:
      return _("nothing was captured for a long time");
    case KZ_END_CANNOT_FILL:
      return _("a player cannot fill a cup");
    default:
      return "";
    }
}

/* --- the notice about files ------------------------------------------------- */

/* A notice above the board: why the match cannot be autosaved (with Save
 * As…, until an autosave works again), or why the last match could not be
 * restored (until dismissed). */
static void
show_notice (KuzhiWindow *self,
             const char  *text,
             gboolean     failing)
{
  gtk_label_set_text (self->notice_label, text);
  gtk_widget_set_visible (self->notice_save_as_button, failing);
  /* Only the offer of a left match has Switch (offer_left_autosave()). */
  gtk_widget_set_visible (self->notice_switch_button, FALSE);
  g_clear_pointer (&self->left_autosave, g_free);
  gtk_widget_set_visible (self->notice_close_button, !failing);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
}

void
_kuzhi_window_show_notice (KuzhiWindow *self,
                           const char  *text)
{
  g_autofree char *both = NULL;
  g_autofree char *offered = NULL;

  g_return_if_fail (KUZHI_IS_WINDOW (self));
  /* One problem does not hide another the player has not read yet (a
   * broken autosave and a broken statistics file at start-up), nor the
   * offer of a left match its Switch. */
  if (gtk_revealer_get_reveal_child (self->notice_revealer) && !self->autosave_failing &&
      g_strcmp0 (gtk_label_get_text (self->notice_label), text) != 0)
    {
      text = both = g_strconcat (gtk_label_get_text (self->notice_label), "\n\n", text, NULL);
      offered = g_steal_pointer (&self->left_autosave);
    }
  show_notice (self, text, FALSE);
  if (offered != NULL)
    {
      self->left_autosave = g_steal_pointer (&offered);
      gtk_widget_set_visible (self->notice_switch_button, TRUE);
    }
}

/* A game's endgame database that could not be had, once, where the
 * player looks rather than on a terminal: the computer plays on without
 * it. */
static void
on_endgame_progress (KuzhiWindow *self)
{
  for (int g = 0; g < KZ_N_VARIANTS; g++)
    {
      KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (g);
      const GError *failure = store != NULL ? kuzhi_endgame_store_get_failure (store) : NULL;
      g_autofree char *text = NULL;
      g_autofree char *where = NULL;

      if (failure == NULL || self->endgame_told[g])
        continue;
      self->endgame_told[g] = TRUE;
      where = g_filename_display_name (kuzhi_endgame_store_get_path (store));
      if (g_error_matches (failure, KZ_ENDGAME_ERROR, KZ_ENDGAME_ERROR_FOLDER))
        /* Translators: a notice: "Perfect endgames are off in Oware: “/home/ana/.cache/kuzhi/endgame-oware-12.db” is a folder, …" */
        text = g_strdup_printf (_("Perfect endgames are off in %s: “%s” is a folder, not a database file. "
                                  "Move or remove that folder, and the database is built there at the next start."),
                                kuzhi_game_title (g), where);
      else
        /* Translators: a notice; the second %s is the system's reason, in English. */
        text = g_strdup_printf (_("Perfect endgames are off in %s: its database could not be built (%s)."),
                                kuzhi_game_title (g), failure->message);
      _kuzhi_window_show_notice (self, text);
    }
}

static void
on_notice_close_clicked (KuzhiWindow *self)
{
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
  gtk_widget_set_visible (self->notice_switch_button, FALSE);
  g_clear_pointer (&self->left_autosave, g_free);
}

/*
 * Another Kuzhi on the same data folder (another session of the same
 * user) keeps its match in an autosave of its own; when it has ended, its
 * match is offered here, with Switch, so that it is never lost unseen.
 * Only a match that goes on (begun and not over) is offered: the others
 * have nothing to carry on.
 */
static void
offer_left_autosave (KuzhiWindow *self)
{
  g_autoptr(GPtrArray) left = NULL;

  if (!self->autosave)
    return;
  left = kuzhi_match_file_list_left_autosaves ();
  for (guint i = 0; i < left->len; i++)
    {
      const char *path = g_ptr_array_index (left, i);
      g_autofree char *text = NULL;
      char *names[2] = { NULL, NULL };
      KzMatch match = { 0 };
      KzVariantId variant;
      gboolean goes_on;

      if (!kuzhi_match_file_load (path, &match, names, NULL))
        continue;
      goes_on = match.n_history > 0 && !match.pos.over;
      variant = (KzVariantId) match.pos.variant;
      kz_match_clear (&match);
      if (goes_on)
        /* Translators: a notice at start-up: "Another Kuzhi, in another window or session, left a match of Kalah: Ana against Ben." */
        text = g_strdup_printf (_("Another Kuzhi, in another window or session, left a match of %s: %s against %s. "
                                  "Switch plays it here, and keeps this one in its place."),
                                kuzhi_game_title (variant), names[0], names[1]);
      g_free (names[0]);
      g_free (names[1]);
      if (text == NULL)
        continue;
      _kuzhi_window_show_notice (self, text);
      self->left_autosave = g_strdup (path);
      gtk_widget_set_visible (self->notice_switch_button, TRUE);
      return;
    }
}

static void restore_own_autosave (KuzhiWindow *self);

static void
on_notice_switch_clicked (KuzhiWindow *self)
{
  g_autofree char *left = g_steal_pointer (&self->left_autosave);
  g_autoptr(GError) error = NULL;

  gtk_widget_set_visible (self->notice_switch_button, FALSE);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
  if (left == NULL)
    return;
  /* The match on screen is in the autosave after every action: the two
   * files change places whole, and the one on screen is offered in turn. */
  if (!kuzhi_match_file_take_left_autosave (left, &error))
    {
      show_notice (self, error->message, FALSE);
      return;
    }
  restore_own_autosave (self);
  offer_left_autosave (self);
}

void
_kuzhi_window_autosave (KuzhiWindow *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KUZHI_IS_WINDOW (self));

  if (!self->autosave)
    return;
  /* Tried again after every action: the notice stays while it fails, and
   * the match stays in memory, so a player can Save As… elsewhere. The
   * last good autosave is only ever replaced whole (see docs/match-file.md). */
  if (kuzhi_game_model_autosave (self->model, &error))
    {
      if (self->autosave_failing)
        gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
      self->autosave_failing = FALSE;
      return;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Kuzhi cannot save this match automatically, and will keep trying after every move. "
                                               "Until then the moves are kept only while Kuzhi stays open: use Save As… to keep them elsewhere. (%s)"),
                                             error->message);
    self->autosave_failing = TRUE;
    show_notice (self, text, TRUE);
  }
}

/* --- what the labels say ---------------------------------------------------- */

static void
update_captions (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);
  int near = kuzhi_board_view_get_view_player (self->board_view);
  gboolean upright = kuzhi_board_view_get_upright (self->board_view);

  for (int p = 0; p < 2; p++)
    {
      /* Where each side's name stands, the computer says so: "Arul —
       * computer, Hard", so that nobody takes it for a person. */
      g_autofree char *label = kuzhi_game_player_label (player_name (self, p),
                                                        self->model != NULL ? kuzhi_game_model_get_player_level (self->model, p)
                                                                            : KZ_LEVEL_NONE);
      g_autofree char *escaped = g_markup_escape_text (label, -1);
      char *text;

      if (d->variant == KZ_VARIANT_CONSTITUTION && upright)
        /* Translators: a drawer's caption when the window is too narrow
         * for the sum: "Ana: account 38 · reserve 3" */
        text = g_strdup_printf (_("<b>%s</b>: account %d · reserve %d"), escaped,
                                kz_constitution_account (d, p), kz_constitution_reserve (d, p));
      else if (d->variant == KZ_VARIANT_CONSTITUTION)
        {
          int half = kz_constitution_half (d);
          int account = kz_constitution_account (d, p);
          g_autofree char *reserve = NULL;

          if (account >= half)
            /* Translators: the reserve is the account minus half the shells: "reserve 3 = 38 − 35, half the shells" */
            reserve = g_strdup_printf (_("reserve %d = %d − %d, half the shells"),
                                       kz_constitution_reserve (d, p), account, half);
          else
            /* Translators: "reserve 0: below 35, half the shells" */
            reserve = g_strdup_printf (_("reserve 0: below %d, half the shells"), half);
          /* Translators: a drawer's caption: the account is the sum of the three, then the reserve, e.g. "Ana: account 38 = 8 in cups + 30 in drawer + 0 refill left · reserve 3 = 38 − 35, half the shells" */
          text = g_strdup_printf (_("<b>%s</b>: account %d = %d in cups + %d in drawer + %d refill left · %s"),
                                  escaped, account,
                                  kz_position_row_sum (d, p), d->stores[p], d->refill_left[p], reserve);
        }
      else
        text = kuzhi_game_caption (d, p, label);
      g_free (self->captions[p]);
      self->captions[p] = text;
    }

  gtk_label_set_markup (self->near_caption, self->captions[near]);
  gtk_label_set_markup (self->far_caption, self->captions[!near]);
  /* Each caption sits by its player's drawer: the far one's on the left,
   * the near one's on the right. The board is not mirrored in a
   * right-to-left language, but a label's alignment is, so it is set the
   * other way round there. An upright board has its drawers at its head
   * and foot, under and over the captions' middle. */
  {
    gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self->near_caption)) == GTK_TEXT_DIR_RTL;
    gtk_label_set_xalign (self->far_caption, upright ? 0.5 : rtl ? 1 : 0);
    gtk_label_set_xalign (self->near_caption, upright ? 0.5 : rtl ? 0 : 1);
    gtk_label_set_justify (self->far_caption, upright ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT);
    gtk_label_set_justify (self->near_caption, upright ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT);
  }
  gtk_widget_remove_css_class (GTK_WIDGET (self->near_caption), near ? "player1" : "player2");
  gtk_widget_add_css_class (GTK_WIDGET (self->near_caption), near ? "player2" : "player1");
  gtk_widget_remove_css_class (GTK_WIDGET (self->far_caption), near ? "player2" : "player1");
  gtk_widget_add_css_class (GTK_WIDGET (self->far_caption), near ? "player1" : "player2");
}

/* The header line for `d`, with `hand` shells in the air. */
static char *
header_text (KuzhiWindow      *self,
             const KzPosition *d,
             int               hand)
{
  g_autofree char *accounts = NULL;
  g_autofree char *first = NULL;
  GString *text = g_string_new (NULL);

  if (d->variant == KZ_VARIANT_CONSTITUTION)
    {
      /* The accounts alone: the captions say what they are made of. */
      accounts = g_strdup_printf ("%s %d · %s %d",
                                  player_name (self, 0), kz_position_account (d, 0),
                                  player_name (self, 1), kz_position_account (d, 1));
    }
  else
    accounts = kuzhi_game_header_scores (d, player_name (self, 0), player_name (self, 1));

  if (d->over)
    first = g_strdup (_("Match over"));
  else if (d->variant == KZ_VARIANT_CONSTITUTION)
    /* Translators: "Round 2 · Ana to move" */
    first = g_strdup_printf (_("Round %d · %s to move"), d->round, player_name (self, d->to_move));
  else
    first = kuzhi_game_header_first (d, player_name (self, 0), player_name (self, 1));

  g_string_append_printf (text, "%s · %s", first, accounts);
  /* Shells in the air are nobody's until they land: say where they are. */
  if (hand > 0)
    {
      g_autofree char *in_hand = kuzhi_game_hand_text (d, hand);
      g_string_append (text, " · ");
      g_string_append (text, in_hand);
    }
  return g_string_free (text, FALSE);
}

/* The header line keeps the room of its longest form at its width:
 * either player to move, with shells in hand. In a narrow window "· 5
 * shells in hand" or a longer name takes another line, and the board
 * under it moved at every sowing. */
static void
reserve_header (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);
  GtkWidget *label = GTK_WIDGET (self->header_label);
  int width = gtk_widget_get_width (label), height = -1;

  if (width <= 0 || d->over)
    return;
  for (int p = 0; p < 2; p++)
    {
      KzPosition turn = *d;
      g_autofree char *text = NULL;
      PangoLayout *layout;
      int h;

      turn.to_move = p;
      text = header_text (self, &turn, 88);
      layout = gtk_widget_create_pango_layout (label, text);
      pango_layout_set_attributes (layout, gtk_label_get_attributes (self->header_label));
      pango_layout_set_width (layout, width * PANGO_SCALE);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      pango_layout_get_pixel_size (layout, NULL, &h);
      height = MAX (height, h);
      g_object_unref (layout);
    }
  {
    int old;

    gtk_widget_get_size_request (label, NULL, &old);
    if (old != height)
      gtk_widget_set_size_request (label, -1, height);
  }
}

static void
update_header (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);
  g_autofree char *text = header_text (self, d, kuzhi_board_view_get_hand (self->board_view));

  /* Which game this is, where a newcomer looks first. */
  gtk_label_set_text (self->game_label, kuzhi_game_title (d->variant));
  gtk_label_set_text (self->header_label, text);
  reserve_header (self);
  /* The turn a toast spoke of has passed. */
  if (self->toast_mover >= 0 && (d->over || d->to_move != self->toast_mover))
    {
      self->toast_mover = -1;
      kuzhi_window_dismiss_toast (self);
    }

  gtk_widget_remove_css_class (GTK_WIDGET (self->header_label), "player1");
  gtk_widget_remove_css_class (GTK_WIDGET (self->header_label), "player2");
  if (!d->over)
    gtk_widget_add_css_class (GTK_WIDGET (self->header_label), d->to_move ? "player2" : "player1");

  update_captions (self);
}

static void
update_banner (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);
  g_autofree char *text = NULL;

  if (!d->over)
    {
      gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
      return;
    }
  if (d->winner < 0)
    /* Translators: "The match is drawn, 35 to 35: no shell is left …" */
    text = g_strdup_printf (_("The match is drawn, %d to %d: %s."),
                            kz_position_account (d, 0), kz_position_account (d, 1), reason_text (d->end));
  else
    /* Translators: "Ana wins the match, 40 to 30: no shell is left …" */
    text = g_strdup_printf (_("%s wins the match, %d to %d: %s."),
                            player_name (self, d->winner),
                            kz_position_account (d, d->winner), kz_position_account (d, !d->winner),
                            reason_text (d->end));
  gtk_label_set_text (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

static gboolean
has_legal (KuzhiWindow *self,
           gboolean     marks,
           KzAction     only)
{
  KzAction legal[KZ_MAX_ACTIONS];
  int n = kuzhi_game_model_get_legal (self->model, legal);

  for (int i = 0; i < n; i++)
    {
      if (only != KZ_ACTION_NONE && legal[i] == only)
        return TRUE;
      if (marks && KZ_ACTION_IS_MARK (legal[i]))
        return TRUE;
    }
  return FALSE;
}

/* What the computer puts on the hint line (thinking, or the hint), its
 * hint valued as the analysis values the move when it does (the
 * analysis's "values" are bound to the computer's "analysis-values"). */
static const char *
computer_text (KuzhiWindow *self)
{
  return _kuzhi_window_computer_get_hint_text (self);
}

/* The analysis's best line under the hint. Only its text changes as the
 * search deepens: an inscription is drawn again, the window is not laid
 * out again (screen readers get the line as its label). Its two lines
 * are kept while Analysis is on, empty on the computer's turns, over a
 * past position and while nothing is found yet: the board must not move
 * as the line comes and goes with the turn. */
static void
show_analysis_line (KuzhiWindow *self)
{
  const char *line = kuzhi_window_analysis_get_line (self);

  gtk_widget_set_visible (GTK_WIDGET (self->analysis_line), _kuzhi_window_analysis_get_on (self));
  if (g_strcmp0 (line ?: "", gtk_inscription_get_text (self->analysis_line) ?: "") == 0)
    return;
  gtk_inscription_set_text (self->analysis_line, line);
  if (line != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->analysis_line), GTK_ACCESSIBLE_PROPERTY_LABEL, line, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->analysis_line), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/* What will end the match, said before it does, from the model's facts:
 * a player plays on alone (the Constitution), or a move would bring a
 * position back a third time (the Constitution, Pallanguzhi: the game's
 * score then decides, so the line names no score). Shown for the match in play, once the
 * board shows it: not while shells are in the air or the history is
 * browsed. */
static void
update_warning (KuzhiWindow *self)
{
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) cups = g_string_new (NULL);
  KzAction legal[KZ_MAX_ACTIONS];
  int alone, n, n_repeat = 0, n_play = 0;

  if (pos->over || self->in_variation || self->browsing >= 0
      || kuzhi_board_view_get_animating (self->board_view))
    {
      gtk_revealer_set_reveal_child (self->warning_revealer, FALSE);
      return;
    }

  alone = kuzhi_game_model_get_alone_player (self->model);
  if (alone >= 0)
    /* Translators: the Constitution, when one player's row was left empty:
     * "Ben has too few shells to fill a cup: Ana plays on alone until a
     * sowing reaches Ben’s row. The match ends when a round ends with
     * fewer than 5 shells on Ana’s row and refill, or when a position
     * comes up for the third time." */
    g_string_append_printf (text, _("%s has too few shells to fill a cup: %s plays on alone until a sowing reaches %s’s row. "
                                    "The match ends when a round ends with fewer than %d shells on %s’s row and refill, "
                                    "or when a position comes up for the third time."),
                            player_name (self, !alone), player_name (self, alone), player_name (self, !alone),
                            pos->seeds, player_name (self, alone));

  n = kuzhi_game_model_get_legal (self->model, legal);
  for (int i = 0; i < n; i++)
    {
      if (KZ_ACTION_IS_MARK (legal[i]))
        continue;
      n_play++;
      if (kuzhi_game_model_would_repeat (self->model, legal[i]))
        {
          g_autofree char *name = kuzhi_game_action_name (pos, legal[i]);
          /* Translators: between the moves listed in the repetition warning */
          g_string_append_printf (cups, "%s%s", n_repeat > 0 ? _(" or ") : "", name);
          n_repeat++;
        }
    }
  if (n_repeat > 0)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (n_repeat == n_play && n_play > 1)
        /* Translators: every move the player to move has repeats a position a third time */
        g_string_append_printf (text, _("Every move %s can make brings a position back for the third time: that ends the match."),
                                player_name (self, pos->to_move));
      else
        /* Translators: "Sowing cup 3 brings a position back for the third time: …"; %s names the moves */
        g_string_append_printf (text, _("Sowing %s brings a position back for the third time: that ends the match."),
                                cups->str);
    }
  /* The text stays while the line slides away. */
  if (text->len > 0)
    gtk_label_set_text (self->warning_label, text->str);
  gtk_revealer_set_reveal_child (self->warning_revealer, text->len > 0);
}

/* What holds the board now, whoever is to move: a lucky cup being
 * chosen, the match's end, a sowing on screen; NULL when nothing does. */
static char *
board_state_text (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);

  if (self->marking)
    {
      const char *choose = _("Choose one of your cups to be your lucky cup — Escape cancels.");
      /* A hint that marks first leaves the board waiting for the mark: it
       * still says which cup, and what to sow after. */
      const char *hint = computer_text (self);

      return hint != NULL ? g_strdup_printf ("%s\n%s", hint, choose) : g_strdup (choose);
    }
  if (d->over)
    return g_strdup (_("Start a new match with Ctrl+N."));
  if (kuzhi_board_view_get_animating (self->board_view))
    return g_strdup (_("Click the board or press a key to finish the sowing."));
  return NULL;
}

/* What the player to move can do: the moves the rules allow, why a
 * Constitution control is grey, and, without the analysis's line, how
 * far this game's endgame database has got while it is built. */
static char *
advice_text (KuzhiWindow *self)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);
  GString *text = g_string_new (NULL);
  KzAction legal[KZ_MAX_ACTIONS];
  KuzhiEndgameStore *store;
  gboolean sow = FALSE, refill = FALSE, mark = FALSE;
  int n;

  n = kuzhi_game_model_get_legal (self->model, legal);
  for (int i = 0; i < n; i++)
    {
      sow |= KZ_ACTION_IS_PIT (legal[i]);
      refill |= legal[i] == KZ_ACTION_REFILL;
      mark |= KZ_ACTION_IS_MARK (legal[i]);
    }
  {
    g_autofree char *must = kuzhi_game_hint_prefix (d, player_name (self, 0), player_name (self, 1));
    if (must != NULL)
      g_string_append (text, must);
  }
  if (mark)
    g_string_append (text, _("You may first mark a lucky cup (L). "));
  if (sow && refill)
    g_string_append (text, _("Sow a highlighted cup, or the refill shell (R)."));
  else if (refill)
    g_string_append (text, _("Your row is empty: sow the refill shell (R)."));
  else if (sow)
    {
      g_autofree char *prompt = kuzhi_game_sow_prompt (d);
      g_string_append (text, prompt);
    }
  /* Why a Constitution control is grey, and when it will not be: the
   * refill shells only when some are waiting. */
  {
    g_autofree char *no_mark = kuzhi_game_mark_refusal (d);
    /* Below half (reserve 0) the tooltip alone explains: at a match's
     * start the line would only be noise. */
    if (no_mark != NULL && !d->marked && kz_constitution_reserve (d, d->to_move) > 0)
      g_string_append_printf (text, " %s", no_mark);
    if (!refill && d->variant == KZ_VARIANT_CONSTITUTION && d->refill_left[d->to_move] > 1)
      {
        g_autofree char *no_refill = kuzhi_game_refill_refusal (d);
        g_string_append_printf (text, " %s", no_refill);
      }
  }
  /* The analysis's best line goes under the hint (show_analysis_line());
   * without it, how far this game's endgame database has got while it is
   * built (another game's would only puzzle here). */
  if (kuzhi_window_analysis_get_line (self) != NULL)
    ;
  else if ((store = kuzhi_endgame_store_get_for (d->variant)) != NULL && kuzhi_endgame_store_get_building (store))
    {
      int percent = (int) (kuzhi_endgame_store_get_progress (store) * 100);
      g_string_append_c (text, '\n');
      /* Translators: the computer works out every ending of this game
       * with few seeds left, once, in the background; %d%% is how far it
       * is. */
      g_string_append_printf (text, _("Preparing perfect endgames… %d%%"), percent);
    }
  return g_string_free (text, FALSE);
}

/* One line saying what the player can do now: the first source with
 * something to say, in this order — the history being browsed (its own
 * part), what holds the board, the computer (thinking, or a hint), and
 * else the moves the player has. */
static void
update_hint (KuzhiWindow *self)
{
  g_autofree char *browsing = NULL, *state = NULL, *advice = NULL;
  const char *text;

  show_analysis_line (self);
  update_warning (self);
  if ((text = browsing = _kuzhi_window_history_get_hint_text (self)) == NULL
      && (text = state = board_state_text (self)) == NULL
      && (text = computer_text (self)) == NULL)
    text = advice = advice_text (self);
  gtk_label_set_text (self->hint_label, text);
}

/* Why no move can be made now, whatever the position's rules say, and
 * when it can: a grey button's tooltip. NULL when nothing stands in the
 * way but the rules. */
static char *
wait_reason (KuzhiWindow *self)
{
  if (kuzhi_game_model_get_over (self->model))
    /* Translators: a grey button's tooltip once the match has ended, e.g. on Hint or Sow Refill Shell */
    return g_strdup (_("The match is over: start a new one with Ctrl+N."));
  if (kuzhi_board_view_get_animating (self->board_view))
    /* Translators: a grey button's tooltip while shells are still being sown on screen, e.g. on Mark Lucky Cup */
    return g_strdup (_("Wait for the sowing to finish, or click the board to finish it now."));
  if (kuzhi_window_computer_to_move (self))
    /* Translators: a grey button's tooltip while the computer plays; %s is "Arul (Hard) is thinking…" */
    return g_strdup_printf (_("%s This is possible again once it has moved."),
                            computer_text (self));
  return NULL;
}

static void
update_actions (KuzhiWindow *self)
{
  /* While the history is browsed (or a variation explored) the board is
   * not the match's: the refill shell and the lucky cup would play on the
   * match unseen. */
  gboolean idle = !kuzhi_board_view_get_animating (self->board_view) && !kuzhi_window_computer_to_move (self)
                  && self->browsing < 0;
  gboolean refill = idle && has_legal (self, FALSE, KZ_ACTION_REFILL);
  gboolean mark = idle && (self->marking || has_legal (self, TRUE, KZ_ACTION_NONE));
  gboolean constitution = is_constitution (self);
  gboolean can_undo = _kuzhi_window_computer_can_undo (self);

  _kuzhi_window_set_action_enabled (self, "refill", refill);
  _kuzhi_window_set_action_enabled (self, "mark-lucky", mark);
  _kuzhi_window_set_action_enabled (self, "undo", can_undo);
  _kuzhi_window_set_action_enabled (self, "redo", kuzhi_game_model_can_redo (self->model));
  /* Grey Undo and Redo say why, and when they will not be. */
  gtk_widget_set_tooltip_text (self->undo_button,
                               can_undo
                               ? _("Undo the last turn (Ctrl+Z)")
                               /* Translators: the grey Undo button's tooltip at a match's start, e.g. before the first turn */
                               : _("Nothing to undo yet: each turn, once played, can be undone (Ctrl+Z)."));
  gtk_widget_set_tooltip_text (self->redo_button,
                               kuzhi_game_model_can_redo (self->model)
                               ? _("Redo the turn undone last (Shift+Ctrl+Z)")
                               /* Translators: the grey Redo button's tooltip when no turn has been undone, e.g. right after a turn */
                               : _("Nothing to redo: a turn you undo can be redone until another is played (Shift+Ctrl+Z)."));

  /* A legal control glows in the mover's colour; Constitution-only ones hide elsewhere. */
  gtk_widget_set_visible (self->controls_box, constitution);
  if (refill)
    gtk_widget_add_css_class (self->refill_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->refill_button, "suggested-action");
  if (mark)
    gtk_widget_add_css_class (self->mark_button, "lucky-action");
  else
    gtk_widget_remove_css_class (self->mark_button, "lucky-action");

  /* A grey button says why in its tooltip, and when it will not be grey:
   * first what holds every move back (a sowing, the computer, the match's
   * end), then the rule. */
  {
    g_autofree char *wait = wait_reason (self);
    const char *no_hint = wait;

    if (no_hint == NULL && kuzhi_window_computer_is_thinking (self))
      no_hint = _("Looking for the best move…");
    /* The animation does not hold the hint back (it searches the position
     * the sowing ends in). */
    if (no_hint == wait && kuzhi_board_view_get_animating (self->board_view)
        && !kuzhi_game_model_get_over (self->model))
      no_hint = NULL;
    for (int i = 0; i < 2; i++)
      gtk_widget_set_tooltip_text (self->hint_buttons[i],
                                   no_hint != NULL ? no_hint : _("Hint: the move the computer would play (H)"));
  }
  if (constitution)
    {
      const KzPosition *d = kuzhi_game_model_get_position (self->model);
      g_autofree char *no_refill = refill ? NULL : wait_reason (self);
      g_autofree char *no_mark = mark ? NULL : wait_reason (self);

      if (!refill && no_refill == NULL)
        no_refill = kuzhi_game_refill_refusal (d);
      if (!mark && no_mark == NULL)
        no_mark = kuzhi_game_mark_refusal (d);

      gtk_widget_set_tooltip_text (self->refill_button,
                                   no_refill ? no_refill : _("Drop the refill shell into your first cup (R)"));
      gtk_widget_set_tooltip_text (self->mark_button,
                                   no_mark ? no_mark : _("Choose one of your cups as your lucky cup (L, then a cup; Escape cancels)"));
    }
}

static void
update_view_labels (KuzhiWindow *self)
{
  g_autofree char *v1 = g_strdup_printf (_("%s View"), player_name (self, 0));
  g_autofree char *v2 = g_strdup_printf (_("%s View"), player_name (self, 1));

  gtk_button_set_label (GTK_BUTTON (self->view1_button), v1);
  gtk_button_set_label (GTK_BUTTON (self->view2_button), v2);
  /* The tooltips (and so the accessible descriptions) name the players
   * as the buttons do. */
  for (int p = 0; p < 2; p++)
    {
      /* Translators: a view button's tooltip: "Meena’s row nearest (F9 switches)" */
      g_autofree char *tip = g_strdup_printf (_("%s’s row nearest (F9 switches)"), player_name (self, p));
      gtk_widget_set_tooltip_text (p == 0 ? self->view1_button : self->view2_button, tip);
    }

  /* The same two views in the main menu, where a name's underscores are
   * not mnemonics. */
  g_menu_remove_all (self->view_section);
  for (int p = 0; p < 2; p++)
    {
      g_auto(GStrv) parts = g_strsplit (p == 0 ? v1 : v2, "_", -1);
      g_autofree char *label = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target (item, "win.view", "s", p == 0 ? "player1" : "player2");
      g_menu_append_item (self->view_section, item);
    }
}

static void
set_marking (KuzhiWindow *self,
             gboolean     marking)
{
  marking = !!marking;
  if (marking && !has_legal (self, TRUE, KZ_ACTION_NONE))
    marking = FALSE;
  if (self->marking == marking)
    return;
  self->marking = marking;
  g_simple_action_set_state (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "mark-lucky")),
                             g_variant_new_boolean (marking));
  kuzhi_board_view_set_marking (self->board_view, marking);
  update_hint (self);
  update_actions (self);
  /* The analysis follows (bound to its "marking"): the cups carry the
   * marks' values while a lucky cup is chosen. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKING]);
}

/* The text around the board grows with it: a huge board on a large
 * screen keeps captions that can be read from a step back. At the
 * default size (a cup's cell of about 100 px) nothing changes. */
static void
scale_text (KuzhiWindow *self)
{
  double scale = CLAMP (kuzhi_board_view_get_unit (self->board_view) / 100.0, 1.0, 1.8);
  GtkLabel *labels[] = { self->header_label, self->far_caption, self->near_caption,
                         self->hint_label, self->banner_label, self->round_label };
  PangoAttrList *attrs;

  if (fabs (scale - self->text_scale) < 0.02)
    return;
  self->text_scale = scale;
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    gtk_label_set_attributes (labels[i], attrs);
  gtk_inscription_set_attributes (self->analysis_line, attrs);
  /* The Constitution's two buttons too, their padding with their text, so
   * that they do not sit small under a huge board. */
  {
    GtkWidget *buttons[] = { self->refill_button, self->mark_button };

    for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
      {
        GtkWidget *label = gtk_button_get_child (GTK_BUTTON (buttons[i]));
        int grow_x = (int) round ((scale - 1) * 20), grow_y = (int) round ((scale - 1) * 8);

        if (!GTK_IS_LABEL (label))
          continue;
        gtk_label_set_attributes (GTK_LABEL (label), attrs);
        gtk_widget_set_margin_start (label, grow_x);
        gtk_widget_set_margin_end (label, grow_x);
        gtk_widget_set_margin_top (label, grow_y);
        gtk_widget_set_margin_bottom (label, grow_y);
      }
  }
  pango_attr_list_unref (attrs);

  /* The advice below keeps room for two lines, so that the board above
   * does not move when it gets shorter or longer. */
  {
    PangoLayout *two = gtk_widget_create_pango_layout (GTK_WIDGET (self->hint_label), "Ag\nAg");
    int height;
    attrs = pango_attr_list_new ();
    pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
    pango_layout_set_attributes (two, attrs);
    pango_attr_list_unref (attrs);
    pango_layout_get_pixel_size (two, NULL, &height);
    gtk_widget_set_size_request (GTK_WIDGET (self->hint_label), -1, height);
    g_object_unref (two);
  }
}

/* Between two people, the board turns to the player to move once a move
 * has been shown, as F9 would (Preferences → Face the Player to Move):
 * never during the sowing, never against the computer, never over a past
 * position or a variation, and only when the player to move changed, so
 * that a board turned by hand stays so until the next move. */
static void
face_player_to_move (KuzhiWindow *self,
                     gboolean     even_if_faced)
{
  const KzPosition *d = kuzhi_board_view_get_displayed (self->board_view);

  if (!g_settings_get_boolean (self->settings, "face-player-to-move"))
    return;
  if (kuzhi_board_view_get_animating (self->board_view) || d->over
      || self->browsing >= 0 || self->in_variation)
    return;
  if (kuzhi_game_model_get_player_level (self->model, 0) != KZ_LEVEL_NONE
      || kuzhi_game_model_get_player_level (self->model, 1) != KZ_LEVEL_NONE)
    return;
  if (d->to_move == self->faced && !even_if_faced)
    return;
  self->faced = d->to_move;
  kuzhi_board_view_set_view_player (self->board_view, d->to_move);
}

/* --- signal handlers ---------------------------------------------------------- */

static void
on_displayed_changed (KuzhiBoardView *view,
                      KuzhiWindow    *self)
{
  update_header (self);
  update_banner (self);
  update_hint (self);
  face_player_to_move (self, FALSE);
}

static void
on_view_player_changed (KuzhiBoardView *view,
                        GParamSpec     *pspec,
                        KuzhiWindow    *self)
{
  update_captions (self);
  g_simple_action_set_state (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "view")),
                             g_variant_new_string (kuzhi_board_view_get_view_player (view) ? "player2" : "player1"));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

static void
on_animating_changed (KuzhiBoardView *view,
                      GParamSpec     *pspec,
                      KuzhiWindow    *self)
{
  update_actions (self);
  update_hint (self);
}

static gboolean
on_round_timeout (gpointer data)
{
  KuzhiWindow *self = data;

  self->round_timeout = 0;
  gtk_revealer_set_reveal_child (self->round_revealer, FALSE);
  return G_SOURCE_REMOVE;
}

/* Where the round's news, Review Match's progress, the warning line and
 * the match's end come. In a wide window the news floats over the
 * bottom, below the hint line, the warning over the bottom of the play
 * area, and the progress and the match's end over the top of the play
 * area, above the header line. In a narrow one (the board upright) the
 * play area is taller than the window, and any place over it would cover
 * the header line, the board or the controls (the match's end covered
 * the far store and its final count): there all four come under the play
 * area instead, sliding up, and its view gets shorter while they show.
 * The board does not move, since the play area then starts at its top
 * and scrolls. */
static void
place_bars (KuzhiWindow *self)
{
  GtkWidget *news = GTK_WIDGET (self->round_revealer);
  GtkWidget *review = GTK_WIDGET (self->review_revealer);
  GtkWidget *warning = GTK_WIDGET (self->warning_revealer);
  GtkWidget *banner = GTK_WIDGET (self->banner_revealer);
  gboolean narrow = kuzhi_board_view_get_upright (self->board_view);
  GtkRevealerTransitionType slide = narrow ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP : GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN;

  if (gtk_widget_get_parent (news) == (narrow ? GTK_WIDGET (self->window_box) : GTK_WIDGET (self->window_overlay)))
    return;
  g_object_ref (news);
  g_object_ref (review);
  g_object_ref (warning);
  g_object_ref (banner);
  gtk_revealer_set_transition_type (self->review_revealer, slide);
  gtk_revealer_set_transition_type (self->banner_revealer, slide);
  if (narrow)
    {
      gtk_overlay_remove_overlay (self->window_overlay, news);
      gtk_box_remove (self->banners_box, review);
      gtk_box_remove (self->banners_box, banner);
      gtk_overlay_remove_overlay (self->play_overlay, warning);
      gtk_widget_set_margin_bottom (news, 6);
      gtk_widget_set_margin_top (news, 6);
      gtk_widget_set_margin_bottom (warning, 6);
      /* The news, which comes and goes by itself, nearest the play area;
       * the bars with buttons under it, at the window's foot, so that
       * the news going never moves a button under a finger. */
      gtk_box_append (self->window_box, news);
      gtk_box_append (self->window_box, warning);
      gtk_box_append (self->window_box, banner);
      gtk_box_append (self->window_box, review);
    }
  else
    {
      gtk_box_remove (self->window_box, news);
      gtk_box_remove (self->window_box, review);
      gtk_box_remove (self->window_box, warning);
      gtk_box_remove (self->window_box, banner);
      gtk_widget_set_margin_bottom (news, 24);
      gtk_widget_set_margin_top (news, 0);
      gtk_widget_set_margin_bottom (warning, 12);
      gtk_overlay_add_overlay (self->window_overlay, news);
      gtk_box_insert_child_after (self->banners_box, banner, GTK_WIDGET (self->notice_revealer));
      gtk_box_prepend (self->banners_box, review);
      gtk_overlay_add_overlay (self->play_overlay, warning);
    }
  g_object_unref (news);
  g_object_unref (review);
  g_object_unref (warning);
  g_object_unref (banner);
}

/* The round's news, at the bottom of the window for a few seconds. A
 * revealer rather than an AdwToast: libadwaita 1.2's toast overlay crashed
 * when toasts came and went in quick succession. */
static void
show_toast (KuzhiWindow *self,
            const char  *text)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  self->toast_mover = -1;

  gtk_label_set_text (self->round_label, text);
  gtk_revealer_set_reveal_child (self->round_revealer, TRUE);
  g_clear_handle_id (&self->round_timeout, g_source_remove);
  self->round_timeout = g_timeout_add_seconds (5, on_round_timeout, self);
}

void
_kuzhi_window_show_toast (KuzhiWindow *self,
                          const char  *text)
{
  g_return_if_fail (KUZHI_IS_WINDOW (self));
  show_toast (self, text);
}

/* A toast about this turn: "Arul moves again" would be wrong once the
 * header says "Meena to move", so it goes then (update_header()). */
static void
show_turn_toast (KuzhiWindow *self,
                 const char  *text)
{
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);

  show_toast (self, text);
  self->toast_mover = pos->over ? -1 : pos->to_move;
}

static void
on_event_reached (KuzhiBoardView *view,
                  gpointer        event,
                  KuzhiWindow    *self)
{
  const KzEvent *ev = event;
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);

  /* A variation's round is no round of the match. */
  if (ev->type != KZ_EVENT_ROUND_END || self->in_variation)
    return;

  /* The last round's news is the match's: the banner says who won and
   * why, and no toast beside it names a round "winner" who lost. */
  if (pos->over)
    return;

  if (pos->variant != KZ_VARIANT_CONSTITUTION)
    {
      g_autofree char *text = kuzhi_game_round_news (pos, ev->round, ev->player,
                                                     player_name (self, 0), player_name (self, 1));
      show_toast (self, text);
      return;
    }

  /* A player whose stock cannot fill a cup sits out: the other plays on
   * alone and every turn ends a round. The warning line says so, and
   * what ends the match, for as long as it lasts (update_warning()); a
   * toast beside it would only cover it, once a round. */
  if (kuzhi_game_model_get_alone_player (self->model) >= 0)
    return;

  {
    int half = kz_constitution_half (pos);
    /* "38/35" left the 35 to be guessed: the accounts are named as the
     * drawer captions name them, and the 35 as what it is. */
    /* Translators: the Constitution's round end, the accounts in the drawer captions' words: "Round 1 is over: Ana opens round 2 — accounts: Ana 38, Ben 32 (half the shells: 35)" */
    g_autofree char *text = g_strdup_printf (_("Round %d is over: %s opens round %d — accounts: %s %d, %s %d (half the shells: %d)"),
                                             ev->round, player_name (self, ev->player), ev->round + 1,
                                             player_name (self, 0), kz_position_account (pos, 0),
                                             player_name (self, 1), kz_position_account (pos, 1), half);
    show_toast (self, text);
  }
}

static void
on_cup_activated (KuzhiBoardView *view,
                  int             pit,
                  KuzhiWindow    *self)
{
  KzAction action = self->marking ? KZ_ACTION_MARK (pit) : (KzAction) pit;

  /* A variation on the board: the sowing is its, not the match's. */
  if (_kuzhi_window_history_variation_sow (self, pit))
    return;
  if (kuzhi_window_computer_to_move (self) || !kuzhi_game_model_is_legal (self->model, action))
    {
      g_autofree char *why = NULL;

      /* Say why the pit may not be sown (must-feed, empty, rubbish, not yours). */
      if (!self->marking && !kuzhi_window_computer_to_move (self))
        why = kuzhi_game_explain_refusal (kuzhi_game_model_get_position (self->model), pit,
                                          player_name (self, 0), player_name (self, 1));
      if (why != NULL)
        show_turn_toast (self, why);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (self->marking)
    set_marking (self, FALSE);
  kuzhi_game_model_play (self->model, action, NULL);
}

static void
on_model_changed (KuzhiWindow *self)
{
  /* A mark stays pending only while it is still possible. */
  if (self->marking && !has_legal (self, TRUE, KZ_ACTION_NONE))
    set_marking (self, FALSE);
  update_actions (self);
  update_view_labels (self);
  update_header (self);
  update_hint (self);
}

static void
on_position_reset (KuzhiWindow *self)
{
  KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (kuzhi_game_model_get_position (self->model)->variant);

  /* A new match, undo or a loaded match: old round news no longer applies,
   * and the board turns to whoever is to move now. */
  kuzhi_window_dismiss_toast (self);
  self->faced = -1;
  /* The game's endgame database is opened, or built in the background,
   * once its first match is on the board: the hints, the analysis and
   * the computer all look it up. */
  if (store != NULL)
    kuzhi_endgame_store_start (store);
  on_model_changed (self);
}

static void
on_action_finished (KuzhiWindow *self,
                    int          action)
{
  _kuzhi_window_autosave (self);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                KuzhiWindow           *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!kuzhi_board_view_get_animating (self->board_view))
    return GDK_EVENT_PROPAGATE;

  /* Any key during the sowing finishes it at once. A shortcut (F9, Ctrl+Z,
   * Ctrl+N, H, …) then does what it says: the event goes on to the
   * application's shortcuts. Any other key (Enter or Space on a cup, an
   * arrow) does nothing more, so that a player who presses early to see
   * the end of the sowing sows nothing unseen. */
  kuzhi_board_view_finish_animation (self->board_view);
  keyval = gdk_keyval_to_lower (keyval);
  state &= gtk_accelerator_get_default_mod_mask ();
  /* A lone modifier or a key without a name is no shortcut (and a string
   * GTK cannot parse back would be a critical warning). */
  if (app != NULL && gtk_accelerator_valid (keyval, state))
    {
      g_autofree char *accel = gtk_accelerator_name (keyval, state);
      g_auto(GStrv) actions = NULL;

      if (accel != NULL && gtk_accelerator_parse (accel, NULL, NULL))
        actions = gtk_application_get_actions_for_accel (app, accel);
      if (actions != NULL && actions[0] != NULL)
        return GDK_EVENT_PROPAGATE;
    }
  return GDK_EVENT_STOP;
}

static void
apply_default_view (KuzhiWindow *self)
{
  kuzhi_board_view_set_view_player (self->board_view, g_settings_get_enum (self->settings, "default-view"));
}

static void
on_match_started (GtkWindow   *dialog,
                  KuzhiWindow *self)
{
  /* The dialog has given the model who plays each side, with the names,
   * before the match started (so that its autosave has them too). */
  set_marking (self, FALSE);
  apply_default_view (self);
  /* Against the computer, the person's row is nearest. */
  if ((kuzhi_game_model_get_player_level (self->model, 0) == KZ_LEVEL_NONE)
      != (kuzhi_game_model_get_player_level (self->model, 1) == KZ_LEVEL_NONE))
    kuzhi_board_view_set_view_player (self->board_view,
                                      kuzhi_game_model_get_player_level (self->model, 0) != KZ_LEVEL_NONE);
  /* Between two people facing the player to move, the opener sits nearest. */
  face_player_to_move (self, TRUE);
}

/* --- actions ------------------------------------------------------------------ */

static void
new_match_action (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  KuzhiNewMatchDialog *dialog;

  if (!_kuzhi_window_files_may_start_new_match (self))
    return;
  /* It opens with the current match's players, as the model has them. */
  dialog = kuzhi_new_match_dialog_new (GTK_WINDOW (self), self->model);
  g_signal_connect (dialog, "started", G_CALLBACK (on_match_started), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_kuzhi_window_new_match_against (KuzhiWindow *self,
                                 KzVariantId  variant,
                                 KzLevel      level)
{
  KuzhiNewMatchDialog *dialog;

  if (!_kuzhi_window_files_may_start_new_match (self))
    return;
  dialog = kuzhi_new_match_dialog_new (GTK_WINDOW (self), self->model);
  kuzhi_new_match_dialog_set_variant (dialog, variant);
  kuzhi_new_match_dialog_set_player_level (dialog, 0, KZ_LEVEL_NONE);
  kuzhi_new_match_dialog_set_player_level (dialog, 1, level);
  g_signal_connect (dialog, "started", G_CALLBACK (on_match_started), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Set Up Position: a match from the position the editor sets, started as
 * New Match starts one (the file prompt first; autosave, history and
 * statistics follow the model's new match). */
static void
set_up_position_action (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  KuzhiPositionEditor *editor;
  /* A past turn or a variation on the board: that position, the one being
   * studied; else the match in play (not a sowing's frame). */
  gboolean elsewhere = self->browsing >= 0 || self->in_variation;

  if (!_kuzhi_window_files_may_set_up_position (self))
    return;
  editor = kuzhi_position_editor_new (GTK_WINDOW (self), self->model,
                                      elsewhere ? kuzhi_board_view_get_displayed (self->board_view) : NULL);
  g_signal_connect (editor, "started", G_CALLBACK (on_match_started), self);
  gtk_window_present (GTK_WINDOW (editor));
}

/* The match-end banner's Play Again: the same game with the same options,
 * names and players, at once, with no dialog in between. */
static void
play_again_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  const KzPosition *pos = kuzhi_game_model_get_position (self->model);
  KzOptions options = { .seeds = pos->seeds, .pasu = pos->option };
  g_autoptr(GError) error = NULL;

  if (!_kuzhi_window_files_may_play_again (self))
    return;
  if (!kuzhi_game_model_new_match (self->model, pos->variant, &options, &error))
    {
      g_warning ("Cannot start the match again: %s", error->message);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  on_match_started (NULL, self);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  set_marking (self, FALSE);
  _kuzhi_window_computer_undo (self);
}

static void
redo_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  set_marking (self, FALSE);
  _kuzhi_window_computer_redo (self);
}

static void
switch_view_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  int near = kuzhi_board_view_get_view_player (self->board_view);

  kuzhi_board_view_set_view_player (self->board_view, !near);
}

static void
sow_action (GSimpleAction *action,
            GVariant      *param,
            gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  int pit = g_variant_get_int32 (param);

  kuzhi_board_view_finish_animation (self->board_view);
  if (pit >= 0 && pit < KZ_MAX_PITS)
    on_cup_activated (self->board_view, pit, self);
}

/* 1–7 (the main keyboard's or the keypad's): that cup of the row to
 * move is chosen, never sown, so that no cup is sown unseen: Enter sows
 * it. A sowing under way is finished first, as by any shortcut. */
static void
choose_cup_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  kuzhi_board_view_finish_animation (self->board_view);
  kuzhi_board_view_focus_cup (self->board_view, g_variant_get_int32 (param));
}

static void
refill_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  kuzhi_board_view_finish_animation (self->board_view);
  set_marking (self, FALSE);
  if (!kuzhi_game_model_play (self->model, KZ_ACTION_REFILL, NULL))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
cancel_action (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  /* Escape, the one place it is handled: it finishes a sowing, leaves a
   * past position shown from the history, and cancels a pending mark. */
  if (kuzhi_board_view_get_animating (self->board_view))
    kuzhi_board_view_finish_animation (self->board_view);
  if (self->browsing >= 0)
    _kuzhi_window_history_return (self);
  set_marking (self, FALSE);
}

/* Puzzles: a window of its own over this one, whose match it never touches. */
static void
puzzles_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  gtk_window_present (GTK_WINDOW (kuzhi_puzzle_window_new (self, kuzhi_window_get_statistics (self))));
}

static void
rules_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  /* At the game being played: its rules are the ones wanted now. */
  GtkWindow *rules = kuzhi_rules_page_new (GTK_WINDOW (self), kuzhi_game_model_get_variant (self->model));

  gtk_window_present (rules);
}

/* Marking a lucky cup is the window's "marking": the action's state
 * follows it (set_marking()), and a mark that is not possible now is
 * refused. */
static void
mark_lucky_change_state (GSimpleAction *action,
                         GVariant      *state,
                         gpointer       user_data)
{
  KuzhiWindow *self = user_data;

  set_marking (self, g_variant_get_boolean (state));
  g_simple_action_set_state (action, g_variant_new_boolean (self->marking));
}

/* The view is the window's "view" ("player1", "player2"): the action's
 * state follows it (on_view_player_changed()). A GPropertyAction would
 * hold the window and keep it alive. */
static void
view_change_state (GSimpleAction *action,
                   GVariant      *state,
                   gpointer       user_data)
{
  g_object_set (user_data, "view", g_variant_get_string (state, NULL), NULL);
}

/* Fullscreen (F11, the menu's check item) asks the window manager; the
 * action's state follows the window's "fullscreened"
 * (on_fullscreened_changed()), so it stays true to what the player sees
 * when the window manager refuses or leaves fullscreen by itself. */
static void
fullscreen_change_state (GSimpleAction *action,
                         GVariant      *state,
                         gpointer       user_data)
{
  if (g_variant_get_boolean (state))
    gtk_window_fullscreen (GTK_WINDOW (user_data));
  else
    gtk_window_unfullscreen (GTK_WINDOW (user_data));
}

static void
on_fullscreened_changed (KuzhiWindow *self)
{
  g_simple_action_set_state (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "fullscreen")),
                             g_variant_new_boolean (gtk_window_is_fullscreen (GTK_WINDOW (self))));
}

static const GActionEntry win_actions[] = {
  { "new-match", new_match_action },
  { "play-again", play_again_action },
  { "set-up-position", set_up_position_action },
  { "undo", undo_action },
  { "redo", redo_action },
  { "switch-view", switch_view_action },
  { "sow", sow_action, "i" },
  { "choose-cup", choose_cup_action, "i" },
  { "refill", refill_action },
  { "view", NULL, "s", "'player1'", view_change_state },
  { "mark-lucky", NULL, NULL, "false", mark_lucky_change_state },
  { "cancel", cancel_action },
  { "rules", rules_action },
  { "puzzles", puzzles_action },
  { "fullscreen", NULL, NULL, "false", fullscreen_change_state },
};

/* Every win. action, the window's own and its parts', is added here to
 * the window's action map (docs/architecture.md, "The window"): tests
 * and the trace read them as one GActionGroup, and win.analysis is the
 * setting's own action. */
static void
add_actions (KuzhiWindow *self)
{
  static const struct {
    const GActionEntry *entries;
    const gsize        *n_entries;
  } parts[] = {
    { _kuzhi_window_files_actions, &_kuzhi_window_files_n_actions },
    { _kuzhi_window_history_actions, &_kuzhi_window_history_n_actions },
    { _kuzhi_window_computer_actions, &_kuzhi_window_computer_n_actions },
    { _kuzhi_window_analysis_actions, &_kuzhi_window_analysis_n_actions },
    { _kuzhi_window_statistics_actions, &_kuzhi_window_statistics_n_actions },
    { _kuzhi_window_learn_actions, &_kuzhi_window_learn_n_actions },
  };
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  for (gsize i = 0; i < G_N_ELEMENTS (parts); i++)
    g_action_map_add_action_entries (G_ACTION_MAP (self), parts[i].entries, (int) *parts[i].n_entries, self);
  /* win.analysis toggles the remembered setting itself. */
  {
    g_autoptr(GAction) analysis = g_settings_create_action (self->settings, "analysis");
    g_action_map_add_action (G_ACTION_MAP (self), analysis);
  }
}

void
_kuzhi_window_set_action_enabled (KuzhiWindow *self,
                                  const char  *name,
                                  gboolean     enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* --- life cycle ------------------------------------------------------------- */

static gboolean
kuzhi_window_close_request (GtkWindow *window)
{
  KuzhiWindow *self = KUZHI_WINDOW (window);

  /* Unsaved changes: ask first, and close later if the player agrees. */
  if (!_kuzhi_window_files_may_close (self))
    return TRUE;

  {
    int width, height;

    gtk_window_get_default_size (window, &width, &height);
    g_settings_set_int (self->settings, "window-width", width);
    g_settings_set_int (self->settings, "window-height", height);
    g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  }
  _kuzhi_window_history_remember (self);

  return GTK_WINDOW_CLASS (kuzhi_window_parent_class)->close_request (window);
}

static void
kuzhi_window_dispose (GObject *object)
{
  KuzhiWindow *self = KUZHI_WINDOW (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_handle_id (&self->round_timeout, g_source_remove);
  /* The setting's action listens to the program's settings: it goes with
   * the window, even when the window's action group outlives the window
   * (it did once an analysis had finished, and the next change of the
   * setting reached a window already freed). */
  g_action_map_remove_action (G_ACTION_MAP (self), "analysis");

  gtk_widget_dispose_template (GTK_WIDGET (self), KUZHI_TYPE_WINDOW);

  G_OBJECT_CLASS (kuzhi_window_parent_class)->dispose (object);
}

static void
kuzhi_window_finalize (GObject *object)
{
  KuzhiWindow *self = KUZHI_WINDOW (object);

  g_clear_object (&self->news);
  g_clear_object (&self->sound);
  g_clear_object (&self->model);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->captions[0], g_free);
  g_clear_pointer (&self->captions[1], g_free);
  g_clear_pointer (&self->last_toast, g_free);
  g_clear_pointer (&self->left_autosave, g_free);
  _kuzhi_window_files_clear (self);
  _kuzhi_window_history_clear (self);
  _kuzhi_window_computer_clear (self);
  _kuzhi_window_analysis_clear (self);
  _kuzhi_window_statistics_clear (self);

  G_OBJECT_CLASS (kuzhi_window_parent_class)->finalize (object);
}

static void
kuzhi_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  KuzhiWindow *self = KUZHI_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      /* Asked for while the template is being built, before board_view is set. */
      g_value_set_string (value, self->board_view != NULL && kuzhi_board_view_get_view_player (self->board_view)
                                 ? "player2" : "player1");
      break;
    case PROP_MARKING:
      g_value_set_boolean (value, self->marking);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kuzhi_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  KuzhiWindow *self = KUZHI_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      {
        int near = g_strcmp0 (g_value_get_string (value), "player2") == 0;
        kuzhi_board_view_set_view_player (self->board_view, near);
      }
      break;
    case PROP_MARKING:
      set_marking (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The engine's sentences for people (why a set-up position is refused),
 * in the person's language. */
static const char *
translate_engine (const char *english)
{
  return g_dgettext (GETTEXT_PACKAGE, english);
}

static void
kuzhi_window_class_init (KuzhiWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  /* Every window that shows the engine's refusals (Set Up Position, a
   * pasted or opened position) is this one's or opened from it. */
  kz_set_translate_func (translate_engine);

  object_class->dispose = kuzhi_window_dispose;
  object_class->finalize = kuzhi_window_finalize;
  object_class->get_property = kuzhi_window_get_property;
  object_class->set_property = kuzhi_window_set_property;
  window_class->close_request = kuzhi_window_close_request;

  properties[PROP_VIEW] =
    g_param_spec_string ("view", NULL, NULL, "player1",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MARKING] =
    g_param_spec_boolean ("marking", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KUZHI_TYPE_BOARD_VIEW);
  g_type_ensure (KUZHI_TYPE_LAYOUT_BOX);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kuzhi/Kuzhi/kuzhi-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, window_overlay);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, window_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, banners_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, round_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, round_label);
  gtk_widget_class_bind_template_callback (widget_class, kuzhi_window_dismiss_toast);
  gtk_widget_class_bind_template_callback (widget_class, on_notice_close_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_notice_switch_clicked);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, browse_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, review_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, better_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, play_from_here_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, variation_back_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, review_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, review_progress);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, browse_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, history_flap);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, notice_save_as_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, notice_switch_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, notice_close_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, header_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, warning_revealer);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, play_overlay);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, warning_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, far_caption);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, near_caption);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, controls_box);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, refill_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, mark_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, redo_button);
  gtk_widget_class_bind_template_child_full (widget_class, "hint_button", FALSE,
                                             G_STRUCT_OFFSET (KuzhiWindow, hint_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "narrow_hint_button", FALSE,
                                             G_STRUCT_OFFSET (KuzhiWindow, hint_buttons[1]));
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, hint_label);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, analysis_line);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, view1_button);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, view_section);
  gtk_widget_class_bind_template_child (widget_class, KuzhiWindow, view2_button);
  gtk_widget_class_bind_template_callback (widget_class, on_cup_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_event_reached);
  gtk_widget_class_bind_template_callback (widget_class, on_view_player_changed);
}

/* Extra turns, Oware's grand slam, Pallanguzhi's pasu (kuzhi-game-news.c). */
static void
on_game_news (KuzhiGameNews *news,
              const char    *text,
              KuzhiWindow   *self)
{
  show_turn_toast (self, text);
}

static void
kuzhi_window_init (KuzhiWindow *self)
{
  GtkEventController *keys;

  self->toast_mover = -1;
  /* The window's own GSettings on the program's schema, which it shares
   * with its parts: one backend under all of them, so a change made in
   * Preferences reaches every window (docs/ui.md, "Decisions"). First,
   * since the board's first notifications already read it. */
  self->settings = g_settings_new (APPLICATION_ID);
  self->browsing = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The Constitution's buttons wrap their words rather than hold the
   * window wider than a phone: Indonesian's "Tandai Lubang
   * Keberuntungan" with the desktop's Large Text did. */
  {
    GtkWidget *buttons[] = { self->refill_button, self->mark_button };

    for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
      {
        GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (buttons[i])));

        gtk_label_set_wrap (label, TRUE);
        gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
      }
  }
  self->faced = -1;
  /* First of all, as the board's signals set their state. */
  add_actions (self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened_changed), NULL);
  g_signal_connect_swapped (self->board_view, "notify::unit", G_CALLBACK (scale_text), self);
  /* After scale_text(): the header's room at its new width and size. */
  g_signal_connect_swapped (self->board_view, "notify::unit", G_CALLBACK (reserve_header), self);
  g_signal_connect_swapped (self->board_view, "notify::upright", G_CALLBACK (update_captions), self);
  g_signal_connect_swapped (self->board_view, "notify::upright", G_CALLBACK (place_bars), self);

  self->model = kuzhi_game_model_new ();
  g_signal_connect_swapped (self->model, "notify", G_CALLBACK (on_model_changed), self);
  g_signal_connect_swapped (self->model, "action-finished", G_CALLBACK (on_action_finished), self);
  g_signal_connect_swapped (self->model, "position-reset", G_CALLBACK (on_position_reset), self);
  kuzhi_board_view_set_model (self->board_view, self->model);
  /* The sounds follow what the board shows, not the model. */
  self->sound = kuzhi_sound_new ();
  g_signal_connect_object (self->board_view, "event-shown", G_CALLBACK (kuzhi_sound_event_shown),
                           self->sound, G_CONNECT_SWAPPED);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  kuzhi_board_view_bind_settings (self->board_view, self->settings);
  g_settings_bind (self->settings, "sound", self->sound, "enabled", G_SETTINGS_BIND_GET);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  /* The endgame databases' builds, on the hint line while they last. */
  for (int g = 0; g < KZ_N_VARIANTS; g++)
    {
      KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (g);

      if (store == NULL)
        continue;
      g_signal_connect_object (store, "notify::progress", G_CALLBACK (update_hint), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (store, "notify::building", G_CALLBACK (update_hint), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (store, "notify::progress", G_CALLBACK (on_endgame_progress), self, G_CONNECT_SWAPPED);
    }

  self->news = kuzhi_game_news_new (self->model, self->board_view);
  g_signal_connect (self->news, "news", G_CALLBACK (on_game_news), self);

  /* The parts (after the board and the news, which the computer's part
   * follows), and only then what the hint line follows and the first
   * match: no part is asked anything before it exists, and none asks the
   * window to refresh while it is set up. The history goes before the
   * files: a new match leaves the history before the files autosave. */
  _kuzhi_window_history_init (self);
  _kuzhi_window_files_init (self);
  _kuzhi_window_computer_init (self);
  _kuzhi_window_analysis_init (self);
  _kuzhi_window_statistics_init (self);
  g_object_bind_property (self->analysis, "values", self->computer, "analysis-values", G_BINDING_DEFAULT);
  g_signal_connect (self->board_view, "displayed-changed", G_CALLBACK (on_displayed_changed), self);
  g_signal_connect (self->board_view, "notify::animating", G_CALLBACK (on_animating_changed), self);

  kuzhi_window_start_match (self, KZ_VARIANT_CONSTITUTION, 5, NULL, NULL);
  apply_default_view (self);
  on_endgame_progress (self);   /* a failure before this window was made */
}

KuzhiWindow *
kuzhi_window_new (GtkApplication *application)
{
  return g_object_new (KUZHI_TYPE_WINDOW, "application", application, NULL);
}

gboolean
kuzhi_window_start_match (KuzhiWindow *self,
                          KzVariantId  variant,
                          int          seeds,
                          const char  *name1,
                          const char  *name2)
{
  KzOptions options = { 0 };
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);

  options.seeds = seeds;
  kuzhi_game_model_set_player_name (self->model, 0, name1 ? name1 : _("Player 1"));
  kuzhi_game_model_set_player_name (self->model, 1, name2 ? name2 : _("Player 2"));
  set_marking (self, FALSE);
  if (!kuzhi_game_model_new_match (self->model, variant, &options, &error))
    {
      g_warning ("Cannot start the match: %s", error->message);
      return FALSE;
    }
  on_model_changed (self);
  on_displayed_changed (self->board_view, self);
  return TRUE;
}

void
_kuzhi_window_refresh_hint_line (KuzhiWindow *self)
{
  update_actions (self);
  update_hint (self);
}

void
_kuzhi_window_board_changed (KuzhiWindow *self)
{
  /* The analysis's display refreshes the hint line too. */
  _kuzhi_window_analysis_redisplay (self);
}

/* Dialog handlers are connected with g_signal_connect_object() on the
 * window, so that a dialog outliving its window calls nothing. */
static void
on_dialog_destroyed (GtkWidget   *dialog,
                     KuzhiWindow *self)
{
  if (self->dialog == ADW_MESSAGE_DIALOG (dialog))
    self->dialog = NULL;
}

AdwMessageDialog *
_kuzhi_window_new_dialog (KuzhiWindow *self,
                          const char  *heading,
                          const char  *body)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));

  self->dialog = dialog;
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_dialog_destroyed), self, 0);
  return dialog;
}

const char *
kuzhi_window_computer_get_hint_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return computer_text (self);
}

AdwMessageDialog *
kuzhi_window_get_message_dialog (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->dialog;
}

KuzhiGameModel *
kuzhi_window_get_model (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->model;
}

KuzhiBoardView *
kuzhi_window_get_board_view (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->board_view;
}

KuzhiSound *
kuzhi_window_get_sound (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->sound;
}

const char *
kuzhi_window_get_warning_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->warning_revealer))
    return NULL;
  return gtk_label_get_text (self->warning_label);
}

const char *
kuzhi_window_get_header_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->header_label);
}

const char *
kuzhi_window_get_caption_text (KuzhiWindow *self,
                               int          player)
{
  int near;

  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  near = kuzhi_board_view_get_view_player (self->board_view);
  return gtk_label_get_text (player == near ? self->near_caption : self->far_caption);
}

const char *
kuzhi_window_get_hint_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->hint_label);
}

const char *
kuzhi_window_get_analysis_line_text (KuzhiWindow *self)
{
  const char *text;

  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  text = gtk_inscription_get_text (self->analysis_line);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->analysis_line)) || text == NULL || text[0] == '\0')
    return NULL;
  return text;
}

const char *
kuzhi_window_get_banner_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->banner_revealer))
    return NULL;
  return gtk_label_get_text (self->banner_label);
}

void
kuzhi_window_set_autosave (KuzhiWindow *self,
                           gboolean     autosave)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KUZHI_IS_WINDOW (self));

  self->autosave = !!autosave;
  if (!self->autosave)
    return;
  /* Another Kuzhi may run on the same data folder in another session (a
   * second login, a shared home), out of reach of the single-instance
   * rule: each writes an autosave of its own (docs/match-file.md). */
  if (kuzhi_match_file_claim_autosave (&error) == 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
    {
      /* Writing one that another holds would overwrite its match. */
      g_autofree char *text = g_strdup_printf (_("This match is not saved automatically: %s."), error->message);

      self->autosave = FALSE;
      show_notice (self, text, FALSE);
      return;
    }
  g_clear_error (&error);
  kuzhi_match_file_remove_stale_temporaries ();
  restore_own_autosave (self);
  if (kuzhi_match_file_get_autosave_number () > 1)
    _kuzhi_window_show_notice (self, _("Kuzhi is already open for you elsewhere, in another window or session. "
                                      "This window keeps its match apart, so neither overwrites the other’s moves."));
  else
    offer_left_autosave (self);
}

static void
restore_own_autosave (KuzhiWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *notice = NULL;

  /* Carry on with the match the last run left, unless it was over. */
  if (_kuzhi_window_files_restore_autosave (self, &notice, &error))
    {
      if (kuzhi_game_model_get_over (self->model))
        kuzhi_window_start_match (self, kuzhi_game_model_get_variant (self->model),
                                  kuzhi_game_model_get_position (self->model)->seeds,
                                  kuzhi_game_model_get_player_name (self->model, 0),
                                  kuzhi_game_model_get_player_name (self->model, 1));
      else if (notice != NULL)
        _kuzhi_window_show_notice (self, notice);
      on_model_changed (self);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_autofree char *text = g_strdup_printf (_("The last match could not be restored: %s"), error->message);
      show_notice (self, text, FALSE);
    }
}

const char *
kuzhi_window_get_notice_text (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->notice_revealer))
    return NULL;
  return gtk_label_get_text (self->notice_label);
}

GtkWidget *
kuzhi_window_get_notice_switch_button (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->notice_switch_button;
}

gboolean
kuzhi_window_get_autosave (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);
  return self->autosave;
}

void
kuzhi_window_dismiss_toast (KuzhiWindow *self)
{
  g_return_if_fail (KUZHI_IS_WINDOW (self));
  g_clear_handle_id (&self->round_timeout, g_source_remove);
  if (self->round_revealer != NULL)
    gtk_revealer_set_reveal_child (self->round_revealer, FALSE);
}

gboolean
kuzhi_window_get_toast_shown (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);
  return gtk_revealer_get_reveal_child (self->round_revealer);
}

const char *
kuzhi_window_get_last_toast (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->last_toast;
}

/* For what happens outside the match, such as the manual not opening:
 * said as the window says a refused move, in a toast. */
void
kuzhi_window_show_toast (KuzhiWindow *self,
                         const char  *text)
{
  g_return_if_fail (KUZHI_IS_WINDOW (self));
  g_return_if_fail (text != NULL);
  show_toast (self, text);
}
