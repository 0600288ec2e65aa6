/* test-window-i18n.c — the window in one language (LANGUAGE=xx, LANG=C.UTF-8)
 * under Xvfb: the visible texts are translated and none is left in English,
 * in the window, New Match, Set Up Position, the Rules, Preferences, Statistics, the move
 * history, the hint line, the save prompts and the match-end banner; the
 * editor's refusal whole; a right-to-left language mirrors the chrome, not
 * the board.
 *
 * KUZHI_LOCALEDIR is the build's po folder (xx/LC_MESSAGES/kuzhi.mo) and
 * KUZHI_PO_FILE the language's .po, whose msgids are the English to look for.
 * With LANGUAGE=C and no .po, the English layout alone is tested. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
/* A settings file of the test's own, which the welcome asks for. */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-cup.h"
#include "kuzhi-test-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-new-match-dialog.h"
#include "kuzhi-position-editor-private.h"
#include "kuzhi-game-text.h"
#include "kuzhi-preferences-window.h"
#include "kuzhi-rules-page.h"
#include "kuzhi-statistics-window.h"
#include "kuzhi-learn-window.h"
#include "kuzhi-puzzle-window.h"
#include "kuzhi-welcome.h"

typedef KzTestWindow Fixture;

/* English that the catalogue translates into something else: each is
 * either a whole text or, for format strings, a literal piece of one. */
static GPtrArray *english;

/* --- the .po file ---------------------------------------------------------- */

/* The C string of a .po line's quoted part, escapes undone. */
static void
append_quoted (GString    *s,
               const char *line)
{
  const char *p = strchr (line, '"');
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;
  const char *end;

  if (p == NULL)
    return;
  end = strrchr (line, '"');
  if (end <= p)
    return;
  raw = g_strndup (p + 1, end - p - 1);
  text = g_strcompress (raw);
  g_string_append (s, text);
}

static gboolean
has_letter (const char *s)
{
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return TRUE;
  return FALSE;
}

static gboolean contains_words (const char *haystack, const char *needle);

/* English that the catalogue leaves untranslated (a partial catalogue falls
 * back to it by design): a visible text equal to one is not looked into. */
static GHashTable *untranslated;

static char *
strip_mnemonic (const char *s)
{
  GString *out = g_string_new (NULL);

  for (const char *p = s; *p; p++)
    if (*p != '_')
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

/* Adds the English to look for from one msgid: mnemonics taken out, and for
 * a format string its literal pieces (with at least three letters). A piece
 * that the translation keeps ("Oware" in "Oware (awalé)") is left out. */
static void
add_piece (const char *piece,
           const char *msgstr)
{
  g_autofree char *kept = strip_mnemonic (msgstr);

  if (has_letter (piece) && strlen (piece) >= 3 && !contains_words (kept, piece))
    g_ptr_array_add (english, g_strdup (piece));
}

static void
add_english (const char *msgid,
             const char *msgstr)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *plain = NULL;
  g_autofree char *plain_msgstr = NULL;

  /* A label with markup shows its text, tags and entities undone: look
   * for that ("Player 1 is blue" of "<b>Player 1 is blue</b>"). */
  if (strchr (msgid, '<') != NULL
      && pango_parse_markup (msgid, -1, 0, NULL, &plain, NULL, NULL)
      && pango_parse_markup (msgstr, -1, 0, NULL, &plain_msgstr, NULL, NULL))
    {
      msgid = plain;
      msgstr = plain_msgstr;
    }
  for (const char *p = msgid; *p; p++)
    if (*p != '_')
      g_string_append_c (s, *p);
  if (strchr (s->str, '%') == NULL)
    {
      g_strstrip (s->str);
      add_piece (s->str, msgstr);
      return;
    }
  /* Split at conversions: %d %s %u %'d %1$s %% … */
  {
    GString *piece = g_string_new (NULL);
    const char *p = s->str;

    while (TRUE)
      {
        if (*p == '%' || *p == '\0')
          {
            g_strstrip (piece->str);
            add_piece (piece->str, msgstr);
            g_string_truncate (piece, 0);
            if (*p == '\0')
              break;
            p++;
            while (*p && strchr ("0123456789$'.-+ #lhzj", *p))
              p++;
            if (*p)
              p++;
            continue;
          }
        g_string_append_c (piece, *p);
        p++;
      }
    g_string_free (piece, TRUE);
  }
}

/* Reads the .po, whose entries are separated by blank lines: every entry
 * that the catalogue really translates (not fuzzy, not empty, not obsolete)
 * into something other than its English gives its English to look for. */
static void
load_po (const char *path)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) msgid = g_string_new (NULL);
  g_autoptr(GString) plural = g_string_new (NULL);
  g_autoptr(GString) msgstr = g_string_new (NULL);
  GString *current = NULL;
  gboolean fuzzy = FALSE;
  g_autoptr(GError) error = NULL;

  /* Every translation, as shown: a piece of English that is also a whole
   * translation is a word of the language too ("Normal", the computer
   * level in French, where the animation speed is "Normale"). */
  g_autoptr(GHashTable) translations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  english = g_ptr_array_new_with_free_func (g_free);
  untranslated = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; ; i++)
    {
      const char *l = lines[i] != NULL ? lines[i] : "";

      if (l[0] == '\0')
        {
          if (msgid->len > 0 && msgstr->len > 0 && !fuzzy)
            g_hash_table_add (translations, g_strstrip (strip_mnemonic (msgstr->str)));
          if (msgid->len > 0 && msgstr->len > 0 && !fuzzy && strcmp (msgid->str, msgstr->str) != 0)
            {
              add_english (msgid->str, msgstr->str);
              if (plural->len > 0)
                add_english (plural->str, msgstr->str);
            }
          else if (msgid->len > 0 && msgstr->len == 0)
            g_hash_table_add (untranslated, strip_mnemonic (msgid->str));
          g_string_truncate (msgid, 0);
          g_string_truncate (plural, 0);
          g_string_truncate (msgstr, 0);
          fuzzy = FALSE;
          current = NULL;
          if (lines[i] == NULL)
            break;
        }
      else if (g_str_has_prefix (l, "#,"))
        fuzzy = strstr (l, "fuzzy") != NULL;
      else if (l[0] == '#')
        current = NULL;        /* comments, and obsolete entries (#~) */
      else if (g_str_has_prefix (l, "msgid_plural "))
        append_quoted (current = plural, l);
      else if (g_str_has_prefix (l, "msgid "))
        append_quoted (current = msgid, l);
      else if (g_str_has_prefix (l, "msgstr ") || g_str_has_prefix (l, "msgstr[0] "))
        append_quoted (current = msgstr, l);
      else if (g_str_has_prefix (l, "msgstr[") || g_str_has_prefix (l, "msgctxt "))
        current = NULL;
      else if (l[0] == '"' && current != NULL)
        append_quoted (current, l);
    }
  for (guint i = english->len; i-- > 0; )
    if (g_hash_table_contains (translations, english->pdata[i]))
      g_ptr_array_remove_index (english, i);
  g_assert_cmpuint (english->len, >, 0);
}

/* --- the visible texts ----------------------------------------------------- */

static void
add_text (GPtrArray  *texts,
          const char *text)
{
  if (text != NULL && has_letter (text))
    g_ptr_array_add (texts, g_strdup (text));
}

/* The strings of a drop-down's or combo row's choices: the list that
 * pops up is not mapped until it is opened. */
static void
add_choices (GPtrArray  *texts,
             GListModel *model)
{
  if (model == NULL)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);

      if (GTK_IS_STRING_OBJECT (item))
        add_text (texts, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
    }
}

/* Labels and tooltips of every mapped widget under root, the board's cups
 * (whose tooltip is their accessible label) included, and the choices of
 * its drop-downs. */
static void
collect (GtkWidget *widget,
         GPtrArray *texts)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    add_text (texts, gtk_label_get_text (GTK_LABEL (widget)));
  if (ADW_IS_COMBO_ROW (widget))
    add_choices (texts, adw_combo_row_get_model (ADW_COMBO_ROW (widget)));
  if (GTK_IS_DROP_DOWN (widget))
    add_choices (texts, gtk_drop_down_get_model (GTK_DROP_DOWN (widget)));
  if (gtk_widget_get_has_tooltip (widget))
    add_text (texts, gtk_widget_get_tooltip_text (widget));
  if (GTK_IS_WINDOW (widget))
    add_text (texts, gtk_window_get_title (GTK_WINDOW (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect (c, texts);
}

/* Whether needle is in haystack as whole words. */
static gboolean
contains_words (const char *haystack,
                const char *needle)
{
  gsize n = strlen (needle);

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    {
      gboolean before_ok = p == haystack
        || !g_unichar_isalnum (g_utf8_get_char (g_utf8_prev_char (p)));
      gboolean after_ok = p[n] == '\0' || !g_unichar_isalnum (g_utf8_get_char (p + n));
      if (before_ok && after_ok)
        return TRUE;
    }
  return FALSE;
}

/* Adds to `found` each piece of English that the catalogue translates and
 * that is still in one of `texts`, saying `where` it was seen. */
static void
look_in_texts (GPtrArray  *texts,
               const char *where,
               GString    *found)
{
  for (guint i = 0; i < texts->len; i++)
    {
      const char *t = texts->pdata[i];

      g_test_message ("visible in %s: %s", where, t);
      if (g_hash_table_contains (untranslated, t))
        {
          g_test_message ("left untranslated by the catalogue: %s", t);
          continue;
        }
      for (guint j = 0; j < english->len; j++)
        if (contains_words (t, english->pdata[j]))
          g_string_append_printf (found, "\n  %s: “%s” in “%s”", where, (char *) english->pdata[j], t);
    }
}

/* Looks at every visible text under widget, as look_in_texts() does.
 * Returns how many texts it looked at. */
static guint
look_for_english (GtkWidget  *widget,
                  const char *where,
                  GString    *found)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  collect (widget, texts);
  look_in_texts (texts, where, found);
  return texts->len;
}

/* Fails, naming every piece of English and where it was, unless `found`
 * is empty. */
static void
assert_none_found (GString *found)
{
  if (found->len > 0)
    g_error ("English left in the %s UI:%s", g_getenv ("LANGUAGE"), found->str);
}

/* Every visible text under widget: none holds English the catalogue
 * translates. Returns how many texts it looked at. */
static guint
assert_no_english (GtkWidget  *widget,
                   const char *where)
{
  g_autoptr(GString) found = g_string_new (NULL);
  guint n = look_for_english (widget, where, found);

  assert_none_found (found);
  return n;
}

/* --- fixture --------------------------------------------------------------- */

/* The data of a test (the direction) is no animation speed. */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  kz_test_window_setup (f, NULL);
}

/* Through New Match (whose dialog is looked at too), a Constitution match
 * with the default names, one turn played. */
static void
start_match (Fixture *f)
{
  KuzhiNewMatchDialog *dialog;

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  dialog = kz_test_find_window (KUZHI_TYPE_NEW_MATCH_DIALOG);
  g_assert_nonnull (dialog);
  while (!gtk_widget_get_mapped (GTK_WIDGET (dialog)))
    g_main_context_iteration (NULL, TRUE);
  kz_test_spin (50);
  g_assert_cmpuint (assert_no_english (GTK_WIDGET (dialog), "New Match"), >, 3);
  g_assert_true (kuzhi_new_match_dialog_start (dialog));
  kz_test_spin (50);
  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->variant, ==, KZ_VARIANT_CONSTITUTION);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", 0);
  kz_test_spin (50);
}

/* The first mapped button under widget that starts a new match. */
static GtkButton *
find_new_match_button (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_BUTTON (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.new-match") == 0)
    return GTK_BUTTON (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkButton *b = find_new_match_button (c);
      if (b != NULL)
        return b;
    }
  return NULL;
}

/* --- tests ----------------------------------------------------------------- */

static void
test_translated (Fixture       *f,
                 gconstpointer  data)
{
  const char *header;
  GtkButton *button;

  start_match (f);
  /* A few strings known to be in every catalogue: the header bar's New
   * Match button and the header line. */
  g_assert_cmpstr (_("New Match"), !=, "New Match");
  button = find_new_match_button (GTK_WIDGET (f->window));
  g_assert_nonnull (button);
  g_test_message ("New Match button: %s", gtk_button_get_label (button));
  g_assert_cmpstr (gtk_button_get_label (button), !=, "_New Match");
  g_assert_null (strstr (gtk_button_get_label (button), "New Match"));
  header = kuzhi_window_get_header_text (f->window);
  g_test_message ("header: %s", header);
  g_assert_null (strstr (header, "to move"));
  g_assert_null (strstr (header, "Round"));
  g_assert_null (strstr (header, "Player"));
  g_assert_cmpuint (assert_no_english (GTK_WIDGET (f->window), "the window"), >, 10);
}

/* Sows the first legal cup `n` times (refilling when that is all there
 * is), for whoever is to move. */
static void
play_turns (Fixture *f,
            int      n)
{
  for (int t = 0; t < n && !kuzhi_game_model_get_over (f->model); t++)
    {
      KzAction legal[KZ_MAX_ACTIONS];
      int count = kuzhi_game_model_get_legal (f->model, legal);
      KzAction pick = KZ_ACTION_NONE;

      for (int i = 0; i < count && pick == KZ_ACTION_NONE; i++)
        if (KZ_ACTION_IS_PIT (legal[i]))
          pick = legal[i];
      if (pick != KZ_ACTION_NONE)
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", (int) pick);
      else
        gtk_widget_activate_action (GTK_WIDGET (f->window), "win.refill", NULL);
      kz_test_spin (20);
    }
}

/* Learn to Play at the Constitution's lucky-cup lesson (its most
 * buttons), with its hint shown; progress in a file never written. */
static GtkWindow *
learn_at_lesson (KuzhiWindow *parent)
{
  KuzhiLearnWindow *learn = kuzhi_learn_window_new (GTK_WINDOW (parent), KZ_VARIANT_CONSTITUTION,
                                                    "/nonexistent/lessons.ini");

  g_assert_true (kuzhi_learn_window_open_lesson (learn, 8));
  gtk_widget_activate_action (GTK_WIDGET (learn), "learn.hint", NULL);
  return GTK_WINDOW (learn);
}

/* Presents a window the main window opens, looks at it once it is drawn,
 * and closes it. */
static void
look_at_window (GtkWindow  *window,
                const char *where,
                guint       at_least,
                GString    *found)
{
  gtk_window_present (window);
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  kz_test_spin (300);
  g_assert_cmpuint (look_for_english (GTK_WIDGET (window), where, found), >=, at_least);
  gtk_window_destroy (window);
  kz_test_spin (50);
}

/* The save prompt that the window shows now: looked at, then cancelled. */
static void
look_at_prompt (Fixture    *f,
                const char *where,
                GString    *found)
{
  AdwMessageDialog *dialog;
  GtkWidget *cancel;

  for (int tries = 0; tries < 100 && kuzhi_window_get_message_dialog (f->window) == NULL; tries++)
    kz_test_spin (20);
  dialog = kuzhi_window_get_message_dialog (f->window);
  g_assert_nonnull (dialog);
  while (!gtk_widget_get_mapped (GTK_WIDGET (dialog)))
    g_main_context_iteration (NULL, TRUE);
  kz_test_spin (300);
  g_test_message ("%s: %s", where, adw_message_dialog_get_heading (dialog));
  /* The heading, the body and Cancel, Discard, Save. */
  g_assert_cmpuint (look_for_english (GTK_WIDGET (dialog), where, found), >=, 5);
  cancel = kz_test_find_button (GTK_WIDGET (dialog), _("_Cancel"));
  g_assert_nonnull (cancel);
  g_signal_emit_by_name (cancel, "clicked");
  kz_test_spin (100);
  g_assert_null (kuzhi_window_get_message_dialog (f->window));
}

static gboolean
has_hint (Fixture *f)
{
  return kuzhi_window_computer_get_hint (f->window, NULL) != KZ_ACTION_NONE;
}

/* Statistics with figures to show, written to `path`: wins against the
 * computer at two levels, hot-seat matches between long names (a loss and
 * a draw), a puzzle solved. */
static KuzhiStatistics *
statistics_with_figures (const char *path)
{
  static const KuzhiMatchResult results[] = {
    { .id = "00000000-0000-4000-8000-000000000001", .variant = KZ_VARIANT_CONSTITUTION,
      .names = { "Ana", "Arul" }, .levels = { KZ_LEVEL_NONE, KZ_LEVEL_HARD }, .winner = 0, .scores = { 40, 30 } },
    { .id = "00000000-0000-4000-8000-000000000002", .variant = KZ_VARIANT_CONSTITUTION,
      .names = { "Ana", "Arul" }, .levels = { KZ_LEVEL_NONE, KZ_LEVEL_EASY }, .winner = 0, .scores = { 45, 25 } },
    { .id = "00000000-0000-4000-8000-000000000003", .variant = KZ_VARIANT_CONSTITUTION,
      .names = { "Anandavalli", "Bhuvaneswari" }, .levels = { KZ_LEVEL_NONE, KZ_LEVEL_NONE }, .winner = 1, .scores = { 33, 37 } },
    { .id = "00000000-0000-4000-8000-000000000004", .variant = KZ_VARIANT_CONSTITUTION,
      .names = { "Anandavalli", "Bhuvaneswari" }, .levels = { KZ_LEVEL_NONE, KZ_LEVEL_NONE }, .winner = -1, .scores = { 35, 35 } },
  };
  KuzhiStatistics *statistics;

  g_assert_nonnull (path);
  statistics = kuzhi_statistics_new (path);
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    g_assert_true (kuzhi_statistics_record (statistics, &results[i], NULL));
  g_assert_true (kuzhi_statistics_record_puzzle (statistics, KZ_VARIANT_KALAH, 2, 7, TRUE, NULL));
  return statistics;
}

/* The rest of what a player sees, in the language: the Rules, Preferences
 * (with the choices of its lists), Statistics, the move history after a
 * few turns, the hint line after a hot-seat Hint, both save prompts (New
 * Match on a match never saved, closing after a save) and the match-end
 * banner. Every piece of English found is named with where it was, and
 * the test fails at the end if there was any. */
static void
test_translated_more (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GString) found = g_string_new (NULL);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-i18n-XXXXXX", NULL);
  g_autofree char *statistics_path = g_build_filename (dir, "statistics.ini", NULL);
  g_autoptr(KuzhiStatistics) statistics = statistics_with_figures (statistics_path);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  start_match (f);

  look_at_window (kuzhi_rules_page_new (GTK_WINDOW (f->window), KZ_VARIANT_CONSTITUTION), "Rules", 20, found);
  look_at_window (GTK_WINDOW (kuzhi_preferences_window_new (GTK_WINDOW (f->window))), "Preferences", 10, found);
  look_at_window (GTK_WINDOW (kuzhi_statistics_window_new (GTK_WINDOW (f->window), statistics, KZ_VARIANT_CONSTITUTION)),
                  "Statistics", 10, found);
  look_at_window (GTK_WINDOW (kuzhi_learn_window_new (GTK_WINDOW (f->window), KZ_VARIANT_CONSTITUTION,
                                                      "/nonexistent/lessons.ini")),
                  "Learn to Play's lessons", 10, found);
  look_at_window (learn_at_lesson (f->window), "a lesson of Learn to Play", 5, found);

  /* Set Up Position at the Constitution's start, then at Pallanguzhi's
   * (its rubbish cups): tall enough that every row is drawn. */
  for (int game = 0; game < 2; game++)
    {
      KuzhiPositionEditor *editor = kuzhi_position_editor_new (GTK_WINDOW (f->window), f->model, NULL);
      AdwComboRow *row = kuzhi_position_editor_get_game_row (editor);
      GListModel *games = adw_combo_row_get_model (row);

      gtk_window_set_default_size (GTK_WINDOW (editor), 600, 1000);
      for (guint i = 0; game == 1 && i < g_list_model_get_n_items (games); i++)
        if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (games), i), kuzhi_game_title (KZ_VARIANT_PALLANGUZHI)))
          adw_combo_row_set_selected (row, i);
      look_at_window (GTK_WINDOW (editor), "Set Up Position", 10, found);
    }


  /* The move history, a few turns in. */
  play_turns (f, 5);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL);
  kz_test_wait_flap (GTK_WIDGET (kuzhi_window_get_history_panel (f->window)), TRUE);
  g_assert_cmpuint (look_for_english (GTK_WIDGET (f->window), "the window with the move history", found), >, 10);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL);
  kz_test_spin (300);

  /* A hint between two people: Hard's move in the hint line. */
  g_settings_set_int (f->settings, "computer-time", 300);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "hint"));
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.hint", NULL);
  for (int tries = 0; tries < 250 && !has_hint (f); tries++)
    kz_test_spin (20);
  g_assert_true (has_hint (f));
  kz_test_spin (100);
  {
    g_autoptr(GPtrArray) line = g_ptr_array_new_with_free_func (g_free);

    g_assert_nonnull (kuzhi_window_computer_get_hint_text (f->window));
    g_test_message ("hint line: %s", kuzhi_window_computer_get_hint_text (f->window));
    g_ptr_array_add (line, g_strdup (kuzhi_window_computer_get_hint_text (f->window)));
    look_in_texts (line, "the hint line", found);
  }
  look_for_english (GTK_WIDGET (f->window), "the window after a hint", found);

  /* New Match on unsaved turns of a match never saved asks first. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.new-match", NULL);
  look_at_prompt (f, "the save prompt before New Match", found);

  /* Closing after turns played since the last save asks by the file's name. */
  /* A name in no language, so that it is not taken for English. */
  path = g_build_filename (dir, "kz-0417.kuzhi", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (kuzhi_window_save_to_file (f->window, file, NULL));
  play_turns (f, 1);
  g_assert_true (kuzhi_window_get_unsaved (f->window));
  gtk_window_close (GTK_WINDOW (f->window));
  look_at_prompt (f, "the save prompt on closing", found);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* The match-end banner: Player 1's last shell leaves her row empty and
   * neither stock fills a cup of 5 (as in test-window's last-round). */
  {
    static const uint8_t pits[14] = { 0, 0, 0, 0, 0, 0, 1,  0, 0, 0, 0, 0, 0, 0 };
    const char *banner;

    kz_test_set_constitution (f->model, pits, 36, 30, 0, 3);
    kz_test_spin (100);
    gtk_widget_activate_action (GTK_WIDGET (f->window), "win.sow", "i", 6);
    kz_test_wait_banner (f->window);
    g_assert_true (kuzhi_game_model_get_over (f->model));
    banner = kuzhi_window_get_banner_text (f->window);
    g_assert_nonnull (banner);
    g_test_message ("banner: %s", banner);
    look_for_english (GTK_WIDGET (f->window), "the window at the match's end", found);
  }

  g_unlink (path);
  g_unlink (statistics_path);
  g_rmdir (dir);
  assert_none_found (found);
}

/* Set Up Position says why a position is refused in the person's language
 * (the translation the window's class gives the engine),
 * the whole sentence however many bytes its letters take (a Tamil one is
 * four times the English): a Constitution drawer of 10 without a lucky
 * cup, in round 2 opened by Player 2. */
static void
test_editor_reason (Fixture       *f,
                    gconstpointer  data)
{
  static const int pits[14] = { 5, 5, 5, 0, 3, 2, 4, 1, 0, 6, 5, 5, 5, 2 };
  KuzhiPositionEditor *editor = kuzhi_position_editor_new (GTK_WINDOW (f->window), f->model, NULL);
  g_autofree char *expected = NULL;
  g_autofree char *shot = NULL;
  const char *status;

  g_assert_cmpint (kuzhi_game_model_get_position (f->model)->variant, ==, KZ_VARIANT_CONSTITUTION);
  gtk_window_set_default_size (GTK_WINDOW (editor), 600, 620);
  gtk_window_present (GTK_WINDOW (editor));
  while (!gtk_widget_get_mapped (GTK_WIDGET (editor)))
    g_main_context_iteration (NULL, TRUE);
  for (int p = 0; p < 14; p++)
    gtk_spin_button_set_value (kuzhi_position_editor_get_pit_spin (editor, p), pits[p]);
  gtk_spin_button_set_value (kuzhi_position_editor_get_store_spin (editor, 0), 10);
  gtk_spin_button_set_value (kuzhi_position_editor_get_store_spin (editor, 1), 9);
  gtk_spin_button_set_value (kuzhi_position_editor_get_refill_spin (editor, 1), 3);
  gtk_spin_button_set_value (kuzhi_position_editor_get_round_spin (editor), 2);
  adw_combo_row_set_selected (kuzhi_position_editor_get_opener_row (editor), 1);
  kz_test_spin (100);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  expected = g_strdup_printf (g_dgettext ("kuzhi", "Player %d's drawer holds %d shells, but without a lucky cup a drawer "
                                          "gets only triples, so it holds a multiple of 3."), 1, 10);
#pragma GCC diagnostic pop
  status = kuzhi_position_editor_get_status (editor);
  g_assert_true (g_utf8_validate (status, -1, NULL));
  g_assert_cmpstr (status, ==, expected);
  g_assert_false (gtk_widget_get_sensitive (kuzhi_position_editor_get_start_button (editor)));
  shot = g_strdup_printf ("position-refused-%s.png", g_getenv ("LANGUAGE"));
  kz_test_capture (GTK_WIDGET (editor), shot);
  gtk_window_destroy (GTK_WINDOW (editor));
}

/* The chrome follows the language's direction; the board does not, so the
 * sowing still goes counter-clockwise on screen. */
static void
test_direction (Fixture       *f,
                gconstpointer  data)
{
  gboolean rtl = GPOINTER_TO_INT (data);
  graphene_rect_t r0, r6, r7, r13, rb;
  GtkButton *button;
  int width;

  start_match (f);
  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (f->window)), ==,
                   rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  /* The header bar's start, with New Match, is on the right in RTL. */
  button = find_new_match_button (GTK_WIDGET (f->window));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (button), GTK_WIDGET (f->window), &rb));
  width = gtk_widget_get_width (GTK_WIDGET (f->window));
  if (rtl)
    g_assert_cmpfloat (rb.origin.x, >, width / 2);
  else
    g_assert_cmpfloat (rb.origin.x + rb.size.width, <, width / 2);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 0)), GTK_WIDGET (f->board), &r0));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 6)), GTK_WIDGET (f->board), &r6));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 7)), GTK_WIDGET (f->board), &r7));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_board_view_get_cup (f->board, 13)), GTK_WIDGET (f->board), &r13));
  /* Player 1's row at the bottom, left to right; Player 2's at the top,
   * right to left: cup 1 → 7 → 8 … 14 → 1 is counter-clockwise. */
  g_assert_cmpfloat (r0.origin.y, >, r7.origin.y);
  g_assert_cmpfloat (r0.origin.x, <, r6.origin.x);
  g_assert_cmpfloat (r7.origin.x, >, r13.origin.x);
  g_assert_cmpfloat (r6.origin.x, ==, r7.origin.x);
  g_assert_cmpfloat (r0.origin.x, ==, r13.origin.x);

  /* Each caption by its player's drawer, in both directions: Player 2's
   * (drawer on the left) starts at the left edge, Player 1's (drawer on
   * the right) ends at the right edge. */
  for (int p = 0; p < 2; p++)
    {
      GtkLabel *caption = kz_test_find_label (GTK_WIDGET (f->window), kuzhi_window_get_caption_text (f->window, p));
      PangoRectangle ink, logical;
      int x, y, w;

      g_assert_nonnull (caption);
      gtk_label_get_layout_offsets (caption, &x, &y);
      pango_layout_get_pixel_extents (gtk_label_get_layout (caption), &ink, &logical);
      w = gtk_widget_get_width (GTK_WIDGET (caption));
      g_test_message ("caption %d: text from %d to %d of %d", p, x + logical.x, x + logical.x + logical.width, w);
      if (p == 1)
        g_assert_cmpint (x + logical.x, <=, 2);
      else
        g_assert_cmpint (x + logical.x + logical.width, >=, w - 2);
    }
  {
    g_autofree char *shot = g_strdup_printf ("direction-%s.png", g_getenv ("LANGUAGE"));
    kz_test_capture (GTK_WIDGET (f->window), shot);
  }

  /* Set Up Position lays its cups out as the board lies, in either
   * direction; its rows and buttons follow the language's. */
  {
    KuzhiPositionEditor *editor = kuzhi_position_editor_new (GTK_WINDOW (f->window), f->model, NULL);
    GtkWidget *e = GTK_WIDGET (editor);
    GtkWidget *start = kuzhi_position_editor_get_start_button (editor);

    gtk_window_present (GTK_WINDOW (editor));
    while (!gtk_widget_get_mapped (e))
      g_main_context_iteration (NULL, TRUE);
    kz_test_spin (300);
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_position_editor_get_pit_spin (editor, 0)), e, &r0));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_position_editor_get_pit_spin (editor, 6)), e, &r6));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_position_editor_get_pit_spin (editor, 7)), e, &r7));
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_position_editor_get_pit_spin (editor, 13)), e, &r13));
    g_assert_cmpfloat (r0.origin.y, >, r7.origin.y);
    g_assert_cmpfloat (r0.origin.x, <, r6.origin.x);
    g_assert_cmpfloat (r7.origin.x, >, r13.origin.x);
    g_assert_cmpfloat (r6.origin.x, ==, r7.origin.x);
    g_assert_cmpfloat (r0.origin.x, ==, r13.origin.x);
    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kuzhi_position_editor_get_store_spin (editor, 0)), e, &rb));
    g_assert_cmpfloat (rb.origin.x, >, r6.origin.x);
    g_assert_true (gtk_widget_compute_bounds (start, e, &rb));
    width = gtk_widget_get_width (e);
    if (rtl)
      g_assert_cmpfloat (rb.origin.x + rb.size.width, <, width / 2);
    else
      g_assert_cmpfloat (rb.origin.x, >, width / 2);
    gtk_window_destroy (GTK_WINDOW (editor));
  }
}

/* Labels that ellipsize and are cut short right now, below `root`. */
static guint
count_clipped (GtkWidget *root)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_LABEL (child) && gtk_label_get_ellipsize (GTK_LABEL (child)) != PANGO_ELLIPSIZE_NONE
          && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (child))))
        {
          g_printerr ("clipped: \"%s\" (%d px wide)\n", gtk_label_get_text (GTK_LABEL (child)), gtk_widget_get_width (child));
          n++;
        }
      n += count_clipped (child);
    }
  return n;
}

static void
collect_combo_rows (GtkWidget *root,
                    GPtrArray *rows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (ADW_IS_COMBO_ROW (child))
      g_ptr_array_add (rows, g_object_ref (child));
    else
      collect_combo_rows (child, rows);
}

/* Labels below `root` cut short with any choice of any combo row shown
 * (New Match's "Played By", the editor's game): a player who picks the
 * computer reads its level whole. A choice may rebuild the form (the
 * editor's game), so the rows are held, and each row shown is tried with
 * every choice it has then, and gets back the one it had. */
static guint
count_clipped_choices (GtkWidget *root)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = 0;

  collect_combo_rows (root, rows);
  for (guint r = 0; r < rows->len; r++)
    {
      AdwComboRow *row = rows->pdata[r];
      guint had = adw_combo_row_get_selected (row);

      for (guint i = 0; gtk_widget_get_mapped (GTK_WIDGET (row)) && i < g_list_model_get_n_items (adw_combo_row_get_model (row)); i++)
        {
          guint clipped;

          adw_combo_row_set_selected (row, i);
          kz_test_spin (60);
          clipped = count_clipped (GTK_WIDGET (row));
          if (clipped > 0)
            g_printerr ("  in \"%s\", choice %u\n", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), i);
          n += clipped;
        }
      if (gtk_widget_get_mapped (GTK_WIDGET (row)) && had < g_list_model_get_n_items (adw_combo_row_get_model (row)))
        {
          adw_combo_row_set_selected (row, had);
          kz_test_spin (60);
        }
    }
  return n;
}

/* Nothing is cut short: Preferences' values, the window's labels, and the
 * header line stays on one line with the history panel open. Writes
 * preferences-LANG.png and history-open-LANG.png into KUZHI_SCREENSHOT_DIR. */
static void
test_not_clipped (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *shot_prefs = g_strdup_printf ("preferences-%s.png", g_getenv ("LANGUAGE"));
  g_autofree char *shot_history = g_strdup_printf ("history-open-%s.png", g_getenv ("LANGUAGE"));
  KuzhiPreferencesWindow *prefs;
  GtkLabel *header;

  start_match (f);
  prefs = kuzhi_preferences_window_new (GTK_WINDOW (f->window));
  gtk_window_present (GTK_WINDOW (prefs));
  kz_test_spin (300);
  g_assert_cmpuint (count_clipped (GTK_WIDGET (prefs)), ==, 0);
  kz_test_capture (GTK_WIDGET (prefs), shot_prefs);
  gtk_window_destroy (GTK_WINDOW (prefs));

  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.history", NULL);
  kz_test_wait_flap (GTK_WIDGET (kuzhi_window_get_history_panel (f->window)), TRUE);
  g_assert_cmpuint (count_clipped (GTK_WIDGET (f->window)), ==, 0);
  header = kz_test_find_label (GTK_WIDGET (f->window), kuzhi_window_get_header_text (f->window));
  g_assert_nonnull (header);
  g_test_message ("header: %s, %d lines", gtk_label_get_text (header), pango_layout_get_line_count (gtk_label_get_layout (header)));
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (header)), ==, 1);
  kz_test_capture (GTK_WIDGET (f->window), shot_history);
}

/* Widgets under `root` that reach out of the window's `width` × `height`
 * by more than the pixel the header bar's style puts over the edge: each
 * is named, with where it lies. */
static guint
count_outside (GtkWidget *window,
               GtkWidget *root,
               int        width,
               int        height)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t b;

      /* AdwFlap's dimming of the content under the open panel draws
       * nothing of its own; a scrollbar's slider may stand a little out. */
      if (!gtk_widget_get_mapped (child) || !gtk_widget_get_child_visible (child)
          || g_str_equal (gtk_widget_get_css_name (child), "dimming") || GTK_IS_SCROLLBAR (child))
        continue;
      if (gtk_widget_compute_bounds (child, window, &b)
          && b.size.width > 0 && b.size.height > 0
          && (b.origin.x < -1.5 || b.origin.y < -1.5
              || b.origin.x + b.size.width > width + 1.5 || b.origin.y + b.size.height > height + 1.5))
        {
          g_printerr ("outside the window: %s %s \"%s\" at %g,%g %g×%g\n", G_OBJECT_TYPE_NAME (child), gtk_widget_get_css_name (child),
                      GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : "",
                      b.origin.x, b.origin.y, b.size.width, b.size.height);
          n++;
          continue;   /* its children are out with it */
        }
      /* What scrolls may be longer than the window: only its frame counts. */
      if (!GTK_IS_SCROLLED_WINDOW (child))
        n += count_outside (window, child, width, height);
    }
  return n;
}

/* Names the widgets under `root` that ask for more than `width`, deepest
 * first, so that a failure says what holds the window wide. */
static gboolean
report_wide (GtkWidget *root,
             int        width,
             int        depth)
{
  gboolean child_wide = FALSE;
  int min;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      child_wide |= report_wide (child, width, depth + 1);
  gtk_widget_measure (root, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (min > width || g_getenv ("DUMP_ALL"))
    g_printerr ("%*s%s %s \"%s\" asks for %d px\n", depth, "", G_OBJECT_TYPE_NAME (root),
                gtk_buildable_get_buildable_id (GTK_BUILDABLE (root)) ?: "",
                GTK_IS_LABEL (root) ? gtk_label_get_text (GTK_LABEL (root))
                : GTK_IS_BUTTON (root) ? gtk_button_get_label (GTK_BUTTON (root)) ?: "" : "", min);
  return child_wide || min > width;
}

/* Resizes the window so that its content is `width` × `height`, as on a
 * phone where it is maximized (a window that is not has resize borders
 * around its content), and waits until it is that size. */
static void
resize (Fixture *f,
        int      width,
        int      height)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w));
  int border_x = gdk_surface_get_width (surface) - gtk_widget_get_width (w);
  int border_y = gdk_surface_get_height (surface) - gtk_widget_get_height (w);

  gtk_window_set_default_size (GTK_WINDOW (f->window), width + border_x, height + border_y);
  for (int tries = 0; tries < 100 && (gtk_widget_get_width (w) != width || gtk_widget_get_height (w) != height); tries++)
    kz_test_spin (20);
  kz_test_spin (400);
  g_test_message ("window %d × %d, on screen %d × %d", gtk_widget_get_width (w), gtk_widget_get_height (w),
                  gdk_surface_get_width (surface), gdk_surface_get_height (surface));
  if (gtk_widget_get_width (w) != width)
    report_wide (w, width, 0);
  g_assert_cmpint (gtk_widget_get_width (w), ==, width);
  g_assert_cmpint (gtk_widget_get_height (w), ==, height);
}

/* The mapped buttons under `root`, not looking into a button. */
static void
collect_buttons (GtkWidget *root,
                 GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child) || !gtk_widget_get_child_visible (child))
        continue;
      if (GTK_IS_BUTTON (child))
        g_ptr_array_add (out, child);
      else
        collect_buttons (child, out);
    }
}

/* Whether two widgets' rectangles in the window share more than a
 * hairline (linked buttons share their border). */
static gboolean
overlap (GtkWidget *window,
         GtkWidget *a,
         GtkWidget *b)
{
  graphene_rect_t ra, rb, both;

  g_assert_true (gtk_widget_compute_bounds (a, window, &ra));
  g_assert_true (gtk_widget_compute_bounds (b, window, &rb));
  /* What scrolls is seen only through its view. */
  for (GtkWidget *view = gtk_widget_get_ancestor (a, GTK_TYPE_SCROLLED_WINDOW); view != NULL; view = NULL)
    {
      graphene_rect_t rv;
      g_assert_true (gtk_widget_compute_bounds (view, window, &rv));
      if (!graphene_rect_intersection (&ra, &rv, &ra))
        return FALSE;
    }
  for (GtkWidget *view = gtk_widget_get_ancestor (b, GTK_TYPE_SCROLLED_WINDOW); view != NULL; view = NULL)
    {
      graphene_rect_t rv;
      g_assert_true (gtk_widget_compute_bounds (view, window, &rv));
      if (!graphene_rect_intersection (&rb, &rv, &rb))
        return FALSE;
    }
  if (!graphene_rect_intersection (&ra, &rb, &both))
    return FALSE;
  if (both.size.width < 1.5 || both.size.height < 1.5)
    return FALSE;
  g_printerr ("%s \"%s\" at %g,%g %g×%g overlaps %s \"%s\" at %g,%g %g×%g\n",
              G_OBJECT_TYPE_NAME (a), GTK_IS_BUTTON (a) ? gtk_button_get_label (GTK_BUTTON (a)) ?: "" : "",
              ra.origin.x, ra.origin.y, ra.size.width, ra.size.height,
              G_OBJECT_TYPE_NAME (b), GTK_IS_BUTTON (b) ? gtk_button_get_label (GTK_BUTTON (b)) ?: "" : "",
              rb.origin.x, rb.origin.y, rb.size.width, rb.size.height);
  return TRUE;
}

/* Each of the Constitution's 14 cups is given a square of at least 44 px
 * (the touch size of docs/ui.md). */
static void
check_cups_touchable (Fixture *f)
{
  GtkWidget *board = GTK_WIDGET (f->board);
  int n_cups = 0;

  for (GtkWidget *cup = gtk_widget_get_first_child (board); cup != NULL; cup = gtk_widget_get_next_sibling (cup))
    if (KUZHI_IS_CUP (cup))
      {
        graphene_rect_t r;

        g_assert_true (gtk_widget_compute_bounds (cup, GTK_WIDGET (f->window), &r));
        g_test_message ("cup %d: %g × %g at %g,%g", n_cups, r.size.width, r.size.height, r.origin.x, r.origin.y);
        g_assert_cmpfloat (r.size.width, >=, 44);
        g_assert_cmpfloat (r.size.height, >=, 44);
        n_cups++;
      }
  g_assert_cmpint (n_cups, ==, 14);
}

/* A finger can hit every cup, and the controls lie apart: at 360 × 640
 * each cup's allocated square is at least 44 px (the touch size of
 * docs/ui.md), no button overlaps the board or another button, and the
 * longest round news shows whole, covering neither the play area nor the
 * header bar, while the board stays where it was. Writes
 * phone-toast-LANG.png into KUZHI_SCREENSHOT_DIR. */
static void
check_phone (Fixture *f)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  GtkWidget *board = GTK_WIDGET (f->board);
  GtkWidget *play = gtk_widget_get_ancestor (board, GTK_TYPE_SCROLLED_WINDOW);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *shot = g_strdup_printf ("phone-toast-%s.png", g_getenv ("LANGUAGE"));
  g_autofree char *news = NULL;
  graphene_rect_t board_before, board_after, toast_rect, label_rect;
  GtkLabel *label;
  GtkWidget *toast;

  check_cups_touchable (f);
  collect_buttons (w, buttons);
  g_assert_cmpuint (buttons->len, >=, 6);
  for (guint i = 0; i < buttons->len; i++)
    {
      g_assert_false (overlap (w, buttons->pdata[i], board));
      for (guint j = i + 1; j < buttons->len; j++)
        g_assert_false (overlap (w, buttons->pdata[i], buttons->pdata[j]));
    }

  board_before = kz_test_settled_bounds (board);
  /* Translators' longest round news, in the window's own words. */
  news = g_strdup_printf (_("Round %d is over: %s opens round %d — accounts: %s %d, %s %d (half the shells: %d)"),
                          1, kuzhi_game_model_get_player_name (f->model, 1), 2,
                          kuzhi_game_model_get_player_name (f->model, 0), 33,
                          kuzhi_game_model_get_player_name (f->model, 1), 37, 35);
  kuzhi_window_show_toast (f->window, news);
  /* Shown once its revealer has slid open, which a loaded machine (the
   * sanitizer build) takes longer than the transition's time to do. */
  label = kz_test_find_label (w, news);
  g_assert_nonnull (label);
  kz_test_wait_revealer (GTK_WIDGET (label), TRUE);
  toast = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_REVEALER);
  g_assert_true (gtk_widget_compute_bounds (toast, w, &toast_rect));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), w, &label_rect));
  g_test_message ("toast %g,%g %g×%g, %d lines", toast_rect.origin.x, toast_rect.origin.y,
                  toast_rect.size.width, toast_rect.size.height,
                  pango_layout_get_line_count (gtk_label_get_layout (label)));
  /* Whole: not cut short, every line in the label's height, inside the window. */
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  {
    int lw, lh;
    pango_layout_get_pixel_size (gtk_label_get_layout (label), &lw, &lh);
    g_assert_cmpint (lh, <=, (int) label_rect.size.height);
    g_assert_cmpint (lw, <=, (int) label_rect.size.width + 1);
  }
  g_assert_cmpfloat (toast_rect.origin.x, >=, 0);
  g_assert_cmpfloat (toast_rect.origin.y, >=, 0);
  g_assert_cmpfloat (toast_rect.origin.x + toast_rect.size.width, <=, gtk_widget_get_width (w));
  g_assert_cmpfloat (toast_rect.origin.y + toast_rect.size.height, <=, gtk_widget_get_height (w));
  /* Over nothing of the play area (the board, its captions, buttons and
   * hint) nor of the header bar's buttons. */
  g_assert_false (overlap (w, toast, play));
  g_ptr_array_set_size (buttons, 0);
  collect_buttons (w, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (!gtk_widget_is_ancestor (buttons->pdata[i], toast))
      g_assert_false (overlap (w, toast, buttons->pdata[i]));
  board_after = kz_test_settled_bounds (board);
  g_assert_true (graphene_rect_equal (&board_before, &board_after));
  kz_test_capture (w, shot);
  kuzhi_window_dismiss_toast (f->window);
  kz_test_spin (400);
}

/* The first start's welcome over the window as it is now: inside the
 * window, which a phone's screen is, both of its buttons whole in it, and
 * all of its text there to read; scrolled only where the window is too
 * short for it. Writes welcome-WIDTHxHEIGHT-LANG.png into
 * KUZHI_SCREENSHOT_DIR. */
static void
check_welcome (Fixture *f)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-welcome-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "settings", NULL);
  g_autoptr(GSettingsBackend) backend = g_keyfile_settings_backend_new (path, "/", NULL);
  g_autoptr(GSettings) settings = g_settings_new_with_backend ("io.github.kuzhi.Kuzhi", backend);
  g_autofree char *shot = g_strdup_printf ("welcome-%dx%d-%s.png", gtk_widget_get_width (w), gtk_widget_get_height (w),
                                           g_getenv ("LANGUAGE"));
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWindow *welcome = kuzhi_welcome_show_once (GTK_WINDOW (f->window), settings);
  GtkWidget *shown = GTK_WIDGET (welcome), *scrolled, *text;
  PangoLayout *layout;
  PangoLayoutIter *line;
  PangoRectangle last;
  GtkAdjustment *scroll;
  graphene_rect_t seen;
  graphene_point_t top, foot;
  int width, height, text_height, x, y;

  g_assert_nonnull (welcome);
  for (int tries = 0; tries < 100 && !gtk_widget_get_mapped (shown); tries++)
    kz_test_spin (20);
  kz_test_spin (300);
  width = gtk_widget_get_width (shown);
  height = gtk_widget_get_height (shown);
  g_test_message ("welcome over %d × %d: %d × %d", gtk_widget_get_width (w), gtk_widget_get_height (w), width, height);
  kz_test_capture (shown, shot);
  g_assert_cmpint (width, <=, gtk_widget_get_width (w));
  g_assert_cmpint (height, <=, gtk_widget_get_height (w));
  g_assert_cmpuint (count_outside (shown, shown, width, height), ==, 0);
  collect_buttons (shown, buttons);
  g_assert_cmpuint (buttons->len, ==, 2);

  scrolled = kz_test_find_widget (shown, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  text = kz_test_find_widget (scrolled, GTK_TYPE_LABEL);
  layout = gtk_label_get_layout (GTK_LABEL (text));
  pango_layout_get_pixel_size (layout, NULL, &text_height);
  g_test_message ("its text: %d high, %g in sight", text_height, gtk_adjustment_get_page_size (scroll));
  /* The text is laid out whole at its width. Some of it is scrolled away
   * only when the welcome is as tall as a dialog over the window may be
   * (AdwMessageDialog keeps 30 px of the window above and below it). */
  g_assert_cmpint (gtk_widget_get_height (text), >=, text_height);
  if (gtk_adjustment_get_upper (scroll) > gtk_adjustment_get_page_size (scroll) + 0.5)
    g_assert_cmpint (height, >=, gtk_widget_get_height (w) - 2 * 30);

  /* Scrolled to its foot, the last line is in sight. */
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll));
  kz_test_spin (100);
  line = pango_layout_get_iter (layout);
  while (pango_layout_iter_next_line (line))
    ;
  pango_layout_iter_get_line_extents (line, NULL, &last);
  pango_layout_iter_free (line);
  pango_extents_to_pixels (&last, NULL);
  gtk_label_get_layout_offsets (GTK_LABEL (text), &x, &y);
  g_assert_true (gtk_widget_compute_bounds (scrolled, shown, &seen));
  g_assert_true (gtk_widget_compute_point (text, shown, &GRAPHENE_POINT_INIT (x, y + last.y), &top));
  g_assert_true (gtk_widget_compute_point (text, shown, &GRAPHENE_POINT_INIT (x, y + last.y + last.height), &foot));
  g_assert_cmpfloat (top.y, >=, seen.origin.y - 0.5);
  g_assert_cmpfloat (foot.y, <=, seen.origin.y + seen.size.height + 0.5);
  gtk_window_destroy (welcome);
  kz_test_spin (100);
  g_unlink (path);
  g_rmdir (dir);
}

/* The windows the main window opens, each sized to `width` × `height`
 * as a phone's shell sizes them: none asks for more, nothing reaches out
 * of it or is cut short (with `choices`, whatever is chosen in its combo
 * rows), Statistics with figures to show. Writes NAME-TYPE-LANG.png into
 * KUZHI_SCREENSHOT_DIR. */
static void
check_windows (Fixture    *f,
               int         width,
               int         height,
               const char *name,
               gboolean    choices)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-i18n-XXXXXX", NULL);
  g_autofree char *statistics_path = g_build_filename (dir, "statistics.ini", NULL);
  g_autoptr(KuzhiStatistics) statistics = statistics_with_figures (statistics_path);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w));
  int bx = gdk_surface_get_width (surface) - gtk_widget_get_width (w);
  int by = gdk_surface_get_height (surface) - gtk_widget_get_height (w);
  GtkWindow *windows[] = {
    GTK_WINDOW (kuzhi_preferences_window_new (GTK_WINDOW (f->window))),
    kuzhi_rules_page_new (GTK_WINDOW (f->window), KZ_VARIANT_CONSTITUTION),
    GTK_WINDOW (kuzhi_new_match_dialog_new (GTK_WINDOW (f->window), f->model)),
    GTK_WINDOW (kuzhi_position_editor_new (GTK_WINDOW (f->window), f->model, NULL)),
    GTK_WINDOW (kuzhi_statistics_window_new (GTK_WINDOW (f->window), statistics, KZ_VARIANT_CONSTITUTION)),
    learn_at_lesson (f->window),
    GTK_WINDOW (kuzhi_puzzle_window_new (f->window, statistics)),
  };

  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    {
      GtkWidget *shown = GTK_WIDGET (windows[i]);
      g_autofree char *shot = g_strdup_printf ("%s-%s-%s.png", name, G_OBJECT_TYPE_NAME (shown), g_getenv ("LANGUAGE"));
      int least;

      gtk_window_set_default_size (windows[i], width + bx, height + by);
      gtk_window_present (windows[i]);
      for (int tries = 0; tries < 100 && gtk_widget_get_width (shown) != width; tries++)
        kz_test_spin (20);
      kz_test_spin (300);
      gtk_widget_measure (shown, GTK_ORIENTATION_VERTICAL, width, &least, NULL, NULL, NULL);
      g_test_message ("%s: %d × %d, at least %d high", G_OBJECT_TYPE_NAME (shown),
                      gtk_widget_get_width (shown), gtk_widget_get_height (shown), least);
      if (gtk_widget_get_width (shown) != width)
        report_wide (shown, width - 60, 0);
      g_assert_cmpint (gtk_widget_get_width (shown), ==, width);
      g_assert_cmpint (least, <=, height);
      g_assert_cmpint (gtk_widget_get_height (shown), ==, height);
      kz_test_capture (shown, shot);
      g_assert_cmpuint (count_outside (shown, shown, width, height), ==, 0);
      g_assert_cmpuint (count_clipped (shown), ==, 0);
      if (choices)
        g_assert_cmpuint (count_clipped_choices (shown), ==, 0);
      gtk_window_destroy (windows[i]);
    }
  g_unlink (statistics_path);
  g_rmdir (dir);
}

/* The main window at `width` × `height`, as a phone's shell sizes it:
 * nothing reaches out of it or is cut short, and every cup keeps a
 * finger's 44 px; then the windows it opens at that size
 * (check_windows, NAME-TYPE-LANG.png). */
static void
check_main_and_windows (Fixture    *f,
                        int         width,
                        int         height,
                        const char *name,
                        gboolean    choices)
{
  GtkWidget *w = GTK_WIDGET (f->window);

  resize (f, width, height);
  g_assert_cmpuint (count_outside (w, w, width, height), ==, 0);
  g_assert_cmpuint (count_clipped (w), ==, 0);
  check_cups_touchable (f);
  check_windows (f, width, height, name, choices);
}

/* Everything fits a phone's 360 × 640: the window may get that narrow,
 * nothing reaches out of it or is cut short, the board stands upright and
 * the view switch is in the main menu; so with the history open, and in
 * the windows it opens and the welcome. Then a phone on its side (640 ×
 * 294) and GNOME's least window (360 × 294): the cups keep 44 px, and
 * the welcome and the windows fit. Writes narrow-LANG.png,
 * narrow-history-LANG.png and the windows' shots into
 * KUZHI_SCREENSHOT_DIR. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  g_autofree char *shot = g_strdup_printf ("narrow-%s.png", g_getenv ("LANGUAGE"));
  g_autofree char *shot_history = g_strdup_printf ("narrow-history-%s.png", g_getenv ("LANGUAGE"));
  int min_width, min_height, width, height;

  start_match (f);
  resize (f, 360, 640);
  width = gtk_widget_get_width (w);
  height = gtk_widget_get_height (w);
  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, width, &min_height, NULL, NULL, NULL);
  g_test_message ("least size: %d × %d", min_width, min_height);
  g_assert_cmpint (min_width, <=, width);
  g_assert_cmpint (min_height, <=, height);
  g_assert_true (kuzhi_board_view_get_upright (f->board));
  g_assert_cmpuint (count_outside (w, w, width, height), ==, 0);
  g_assert_cmpuint (count_clipped (w), ==, 0);
  kz_test_capture (w, shot);
  check_phone (f);

  gtk_widget_activate_action (w, "win.history", NULL);
  kz_test_wait_flap (GTK_WIDGET (kuzhi_window_get_history_panel (f->window)), TRUE);
  kz_test_capture (w, shot_history);
  g_assert_cmpuint (count_outside (w, w, width, height), ==, 0);
  g_assert_cmpuint (count_clipped (w), ==, 0);
  gtk_widget_activate_action (w, "win.history", NULL);

  /* The windows the main window opens fit a phone too. */
  check_windows (f, width, height, "narrow", TRUE);

  /* The welcome of a first start, which scrolls its text on a phone. */
  check_welcome (f);

  /* A phone on its side, less its top bar: GNOME's least window of
   * 360 × 294 turned. The board lies across, its cups as big as a finger
   * needs, and the play area scrolls the rest; so do the other windows. */
  check_main_and_windows (f, 640, 294, "landscape", FALSE);
  g_assert_false (kuzhi_board_view_get_upright (f->board));
  check_welcome (f);

  /* GNOME's least window, 360 × 294, as a desktop player may shrink it
   * to: everything still fits. */
  check_main_and_windows (f, 360, 294, "least", FALSE);
  check_welcome (f);

  /* Back to a wide window, the board lies across again, and the welcome
   * has room for all of its text. */
  resize (f, 1000, 660);
  g_assert_false (kuzhi_board_view_get_upright (f->board));
  check_welcome (f);
}

/* The desktop's Large Text (GNOME's text scaling of 1.25, which reaches
 * GTK as a higher font resolution) on a phone: the window still fits
 * 360 × 640, nothing reaches out of it and every cup keeps 44 px; the
 * windows it opens fit too, nothing in them cut short. So again on a
 * phone on its side, 640 × 294. Writes large-text-LANG.png,
 * large-text-TYPE-LANG.png and large-text-landscape-TYPE-LANG.png into
 * KUZHI_SCREENSHOT_DIR. */
static void
test_large_text (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *w = GTK_WIDGET (f->window);
  GtkSettings *settings = gtk_settings_get_default ();
  g_autofree char *shot = g_strdup_printf ("large-text-%s.png", g_getenv ("LANGUAGE"));
  int dpi;

  g_object_get (settings, "gtk-xft-dpi", &dpi, NULL);
  g_object_set (settings, "gtk-xft-dpi", (int) (96 * 1.25 * 1024), NULL);
  start_match (f);
  check_main_and_windows (f, 360, 640, "large-text", TRUE);
  kz_test_capture (w, shot);
  /* And on its side. */
  check_main_and_windows (f, 640, 294, "large-text-landscape", FALSE);
  g_object_set (settings, "gtk-xft-dpi", dpi, NULL);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("KUZHI_LOCALEDIR");
  const char *po = g_getenv ("KUZHI_PO_FILE");
  const char *lang = g_getenv ("LANGUAGE");
  gboolean rtl;

  setlocale (LC_ALL, "");
  g_assert_nonnull (localedir);
  bindtextdomain ("kuzhi", localedir);
  bind_textdomain_codeset ("kuzhi", "UTF-8");
  textdomain ("kuzhi");

  kz_test_gtk_init (&argc, &argv);
  g_assert_nonnull (lang);
  /* English (LANGUAGE=C) has no catalogue to check against: only the
   * layout is tested. */
  if (po != NULL)
    load_po (po);
  else
    {
      english = g_ptr_array_new_with_free_func (g_free);
      untranslated = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    }
  rtl = g_str_equal (lang, "ar") || g_str_equal (lang, "he") || g_str_equal (lang, "fa");
  /* GTK takes the direction from its own catalogue ("default:RTL"). */
  g_assert_cmpint (gtk_widget_get_default_direction (), ==, rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);

  if (po != NULL)
    {
      g_test_add ("/window-i18n/translated", Fixture, NULL, fixture_setup, test_translated, kz_test_window_teardown);
      g_test_add ("/window-i18n/translated-more", Fixture, NULL, fixture_setup, test_translated_more, kz_test_window_teardown);
    }
  g_test_add ("/window-i18n/not-clipped", Fixture, NULL, fixture_setup, test_not_clipped, kz_test_window_teardown);
  g_test_add ("/window-i18n/editor-reason", Fixture, NULL, fixture_setup, test_editor_reason, kz_test_window_teardown);
  g_test_add ("/window-i18n/direction", Fixture, GINT_TO_POINTER (rtl), fixture_setup, test_direction, kz_test_window_teardown);
  g_test_add ("/window-i18n/narrow", Fixture, NULL, fixture_setup, test_narrow, kz_test_window_teardown);
  g_test_add ("/window-i18n/large-text", Fixture, NULL, fixture_setup, test_large_text, kz_test_window_teardown);
  return g_test_run ();
}
