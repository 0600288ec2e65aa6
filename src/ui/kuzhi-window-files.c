/* kuzhi-window-files.c — the window's files (Open, Save, Save As), its title and the save prompts, copy and paste of positions and records as text (docs/notation.md), and files and text dropped on the window; a pasted or dropped match replaces the one on the board as Open does. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-confirm.h"
#include "kuzhi-game-text.h"
#include "kuzhi-match-file.h"
#include "kuzhi-notation.h"
#include "kuzhi-ogn.h"
#include "kuzhi-history-panel.h"

typedef KuzhiWindowFiles Files;

static void
clear_pasted (Files *files)
{
  if (files->have_pasted)
    kz_match_clear (&files->pasted);
  files->have_pasted = FALSE;
  g_clear_pointer (&files->pasted_names[0], g_free);
  g_clear_pointer (&files->pasted_names[1], g_free);
}

static void apply_pasted (Files *files);

void
_kuzhi_window_files_clear (KuzhiWindow *self)
{
  Files *files = &self->files;

  if (files->chooser != NULL)
    {
      g_signal_handlers_disconnect_by_data (files->chooser, files);
      gtk_native_dialog_destroy (files->chooser);
      g_clear_object (&files->chooser);
    }
  g_clear_object (&files->file);
  g_clear_object (&files->former_file);
  g_clear_object (&files->next_file);
  g_clear_object (&files->replace_file);
  g_clear_pointer (&files->created, g_date_time_unref);
  g_clear_pointer (&files->saved_actions, g_array_unref);
  g_clear_pointer (&files->saved_names[0], g_free);
  g_clear_pointer (&files->saved_names[1], g_free);
  clear_pasted (files);
  g_clear_pointer (&files->ogn, kuzhi_ogn_record_free);
}

/* The record's comments in the history, or none. Takes `record`. */
static void
set_record (Files *files, KuzhiOgnRecord *record)
{
  g_clear_pointer (&files->ogn, kuzhi_ogn_record_free);
  files->ogn = record;
  if (files->window->history_panel != NULL)
    kuzhi_history_panel_set_comments (files->window->history_panel,
                                      record != NULL ? &record->match : NULL,
                                      record != NULL ? record->comments : NULL);
}

/* --- saved or not ----------------------------------------------------------- */

/* What the file holds: `m`, its names and who plays each side. */
static void
take_snapshot_of (Files             *files,
                  const KzMatch     *m,
                  const char *const  names[2],
                  const KzLevel      levels[2])
{
  files->have_saved = TRUE;
  files->file_gone = FALSE;
  files->saved_start = m->start;
  g_array_set_size (files->saved_actions, 0);
  for (size_t i = 0; i < m->n_history; i++)
    g_array_append_val (files->saved_actions, m->history[i].action);
  for (int p = 0; p < 2; p++)
    {
      g_free (files->saved_names[p]);
      files->saved_names[p] = g_strdup (names[p]);
      files->saved_levels[p] = levels[p];
    }
}

static void
take_saved_snapshot (Files *files)
{
  const char *names[2] = {
    kuzhi_game_model_get_player_name (files->model, 0),
    kuzhi_game_model_get_player_name (files->model, 1),
  };
  KzLevel levels[2] = {
    kuzhi_game_model_get_player_level (files->model, 0),
    kuzhi_game_model_get_player_level (files->model, 1),
  };

  take_snapshot_of (files, kuzhi_game_model_get_match (files->model), names, levels);
}

static gboolean
is_unsaved (Files *files)
{
  const KzMatch *m = kuzhi_game_model_get_match (files->model);

  /* The file it was saved to is gone: nothing of it is in a file. */
  if (files->file_gone)
    return TRUE;
  /* Never saved: a match with nothing played yet has nothing to lose. */
  if (!files->have_saved)
    return m->n_history > 0;
  if (!kz_position_equal (&m->start, &files->saved_start) || m->n_history != files->saved_actions->len)
    return TRUE;
  for (size_t i = 0; i < m->n_history; i++)
    if (m->history[i].action != g_array_index (files->saved_actions, KzAction, i))
      return TRUE;
  /* The file says who plays each side, too. */
  for (int p = 0; p < 2; p++)
    if (g_strcmp0 (files->saved_names[p], kuzhi_game_model_get_player_name (files->model, p)) != 0
        || files->saved_levels[p] != kuzhi_game_model_get_player_level (files->model, p))
      return TRUE;
  return FALSE;
}

static char *
display_name (Files *files)
{
  g_autofree char *path = NULL;

  if (files->file == NULL)
    return g_strdup (_("Unsaved Match"));
  path = g_file_get_path (files->file);
  return path ? g_filename_display_basename (path) : g_file_get_basename (files->file);
}

static void
update_title (Files *files)
{
  g_autofree char *name = display_name (files);
  g_autofree char *title = NULL;

  if (is_unsaved (files))
    /* Translators: the window title with unsaved changes: "• match.kuzhi — Kuzhi" */
    title = g_strdup_printf (C_("window title", "• %s — Kuzhi"), name);
  else
    /* Translators: the window title: "match.kuzhi — Kuzhi" */
    title = g_strdup_printf (C_("window title", "%s — Kuzhi"), name);
  gtk_window_set_title (GTK_WINDOW (files->window), title);
}

/* The match was just saved to or opened from `file`: the window's file,
 * with what it holds and the date the match began. The file goes to the
 * desktop's recent files, as a document program's does (the file
 * chooser's Recent, the file manager's), unless the user turned recent
 * files off (GTK then leaves it out). */
static void
now_in_file (Files *files,
             GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_set_object (&files->file, file);
  g_clear_object (&files->former_file);
  g_clear_pointer (&files->created, g_date_time_unref);
  files->created = g_date_time_ref (kuzhi_game_model_get_created (files->model));
  take_saved_snapshot (files);
  update_title (files);
}

static void
forget_file_but_link (Files *files);

static void
forget_file (Files *files)
{
  forget_file_but_link (files);
  /* And the autosave no longer names it. */
  kuzhi_game_model_forget_file (files->model);
}

/* What the window knew of the last match's file, keeping the model's link. */
static void
forget_file_but_link (Files *files)
{
  g_clear_object (&files->file);
  g_clear_object (&files->former_file);
  files->have_saved = FALSE;
  files->file_gone = FALSE;
  g_array_set_size (files->saved_actions, 0);
}

/* --- dialogs ------------------------------------------------------------------ */

static void
show_error (Files      *files,
            const char *heading,
            GError     *error)
{
  AdwMessageDialog *dialog = _kuzhi_window_new_dialog (files->window, heading, error->message);

  adw_message_dialog_add_response (dialog, "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- saving --------------------------------------------------------------- */

static void take_next_step_later (Files *files);
static void show_save_chooser (Files *files);

gboolean
kuzhi_window_save_to_file (KuzhiWindow *self,
                           GFile       *file,
                           GError     **error)
{
  Files *files;
  g_autofree char *path = NULL;
  g_autoptr(GFile) target = NULL;

  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  files = &self->files;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Matches can only be saved to local folders"));
      return FALSE;
    }
  /* The name says the format: an Aualé record for .ogn, else a match
   * file, .kuzhi added where the name lacks it. */
  if (kuzhi_ogn_path_is_record (path))
    {
      if (!kuzhi_game_model_save_ogn (files->model, path, files->ogn, error))
        return FALSE;
    }
  else
    {
      if (!g_str_has_suffix (path, KUZHI_MATCH_FILE_EXTENSION))
        {
          char *with = g_strconcat (path, KUZHI_MATCH_FILE_EXTENSION, NULL);
          g_free (path);
          path = with;
        }
      if (!kuzhi_game_model_save (files->model, path, error))
        return FALSE;
    }

  target = g_file_new_for_path (path);
  now_in_file (files, target);
  /* The autosave names the file and what it now holds, so that the next
   * start knows which file the match is in. */
  _kuzhi_window_autosave (self);
  return TRUE;
}

/* Saves to the window's file; FALSE if it failed (and said so). */
static gboolean
save_now (Files *files,
          GFile *file)
{
  g_autoptr(GError) error = NULL;

  if (kuzhi_window_save_to_file (files->window, file, &error))
    return TRUE;
  show_error (files, _("Could Not Save the Match"), error);
  return FALSE;
}

static void
drop_chooser (Files *files)
{
  if (files->chooser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (files->chooser, files);
  gtk_native_dialog_destroy (files->chooser);
  g_clear_object (&files->chooser);
}

/* The Open or Save chooser, modal on the window, showing Kuzhi's matches;
 * it becomes the one chooser the window has. */
static GtkFileChooser *
new_chooser (Files                *files,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) ogn = gtk_file_filter_new ();

  /* Open offers both kinds first, then each; Save each kind, a match file
   * first (docs/ui.md, "Files"). */
  gtk_file_filter_set_name (all, _("All supported files"));
  gtk_file_filter_set_name (filter, _("Kuzhi matches"));
  gtk_file_filter_set_name (ogn, _("Aualé records (OGN)"));
  gtk_file_filter_add_mime_type (filter, "application/x-kuzhi-match");
  gtk_file_filter_add_suffix (filter, "kuzhi");
  gtk_file_filter_add_mime_type (ogn, KUZHI_OGN_MIME_TYPE);
  gtk_file_filter_add_suffix (ogn, "ogn");
  gtk_file_filter_add_mime_type (all, "application/x-kuzhi-match");
  gtk_file_filter_add_suffix (all, "kuzhi");
  gtk_file_filter_add_mime_type (all, KUZHI_OGN_MIME_TYPE);
  gtk_file_filter_add_suffix (all, "ogn");
  g_object_set_data (G_OBJECT (ogn), "kuzhi-ogn", GINT_TO_POINTER (TRUE));
  drop_chooser (files);
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (files->window), action, accept, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), ogn);
  files->chooser = GTK_NATIVE_DIALOG (chooser);
  return GTK_FILE_CHOOSER (chooser);
}

static void
finish_save_as (Files    *files,
                GFile    *file,
                gboolean  then_next)
{
  if (save_now (files, file) && then_next)
    take_next_step_later (files);
  else if (then_next)
    files->next = NEXT_NONE;
}

static void
on_replace_response (AdwMessageDialog *dialog,
                     const char       *response,
                     KuzhiWindow      *window)
{
  Files *files = &window->files;
  g_autoptr(GFile) file = g_steal_pointer (&files->replace_file);
  gboolean then_next = files->replace_then_next;

  files->replace_then_next = FALSE;
  if (g_strcmp0 (response, "replace") == 0 && file != NULL)
    finish_save_as (files, file, then_next);
  else if (g_strcmp0 (response, "save-as") == 0)
    {
      files->save_then_next = then_next;
      show_save_chooser (files);
    }
  else if (then_next)
    files->next = NEXT_NONE;
}

/* Save, and the prompt's Save, onto the match's own file. A file opened
 * under another name than a match file's (Open knows them by their
 * content) gets the name chosen, as with Save As, rather than a
 * NAME.kuzhi beside it written unasked. A file that another program, or
 * another Kuzhi, saved over since is replaced only if the player says so
 * (docs/ui.md, "Files"). */
static void
save_to_own_file (Files    *files,
                  gboolean  then_next)
{
  g_autofree char *path = g_file_get_path (files->file);
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  if (path != NULL && !g_str_has_suffix (path, KUZHI_MATCH_FILE_EXTENSION) && !kuzhi_ogn_path_is_record (path))
    {
      files->save_then_next = then_next;
      show_save_chooser (files);
      return;
    }
  if (!kuzhi_game_model_file_changed (files->model))
    {
      finish_save_as (files, files->file, then_next);
      return;
    }

  name = display_name (files);
  /* Translators: a heading, when Save finds that another program saved to the match's file */
  heading = g_strdup_printf (_("“%s” Has Changed"), name);
  dialog = _kuzhi_window_new_dialog (files->window, heading,
                                     _("Another program, or another Kuzhi, has saved to this file since this match was opened from it or saved to it. "
                                       "Replace writes this match over what the file holds now; Save As keeps both."));
  g_set_object (&files->replace_file, files->file);
  files->replace_then_next = then_next;
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "save-as", _("Save _As…"),
                                    "replace", _("_Replace"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_replace_response), files->window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_save_response (GtkNativeDialog *chooser,
                  int              response,
                  Files           *files)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  gboolean then_next = files->save_then_next;
  GtkFileFilter *chosen = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
  /* A name without an extension takes the chosen kind's. */
  const char *extension = chosen != NULL && g_object_get_data (G_OBJECT (chosen), "kuzhi-ogn") != NULL
                          ? KUZHI_OGN_EXTENSION : KUZHI_MATCH_FILE_EXTENSION;

  files->save_then_next = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  drop_chooser (files);
  if (file == NULL)
    {
      files->next = NEXT_NONE;
      return;
    }

  /* The chooser asked about the name as typed; with the extension added it
   * may be another file that exists: ask too, so no match is lost. */
  path = g_file_get_path (file);
  if (path != NULL && !g_str_has_suffix (path, KUZHI_MATCH_FILE_EXTENSION) && !kuzhi_ogn_path_is_record (path))
    {
      g_autofree char *with = g_strconcat (path, extension, NULL);

      g_set_object (&file, NULL);
      file = g_file_new_for_path (with);

      if (g_file_test (with, G_FILE_TEST_EXISTS))
        {
          g_autofree char *name = g_filename_display_basename (with);
          g_autofree char *heading = g_strdup_printf (_("Replace “%s”?"), name);
          AdwMessageDialog *dialog;

          dialog = _kuzhi_window_new_dialog (files->window, heading, _("A file with this name already exists. Saving replaces what it holds."));
          g_set_object (&files->replace_file, NULL);
          files->replace_file = g_file_new_for_path (with);
          files->replace_then_next = then_next;
          kuzhi_confirm_add_responses (dialog, "replace", _("_Replace"),
                                       G_CALLBACK (on_replace_response), files->window);
          gtk_window_present (GTK_WINDOW (dialog));
          return;
        }
    }
  finish_save_as (files, file, then_next);
}

static void
show_save_chooser (Files *files)
{
  GtkFileChooser *chooser = new_chooser (files, _("Save Match"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));

  if (files->file != NULL || files->former_file != NULL)
    {
      /* The folder and the name, rather than set_file(), which GTK 4.8's
       * fallback chooser applies late and which moves it elsewhere. */
      GFile *file = files->file != NULL ? files->file : files->former_file;
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *name = g_file_get_basename (file);

      if (parent != NULL)
        gtk_file_chooser_set_current_folder (chooser, parent, NULL);
      gtk_file_chooser_set_current_name (chooser, name);
    }
  else
    {
      /* Translators: the name first suggested for a saved match: "Meena vs Arul" */
      g_autofree char *name = g_strdup_printf (_("%s vs %s"),
                                               kuzhi_game_model_get_player_name (files->model, 0),
                                               kuzhi_game_model_get_player_name (files->model, 1));
      g_autofree char *file_name = g_strconcat (g_strdelimit (name, "/\\", '-'), KUZHI_MATCH_FILE_EXTENSION, NULL);

      gtk_file_chooser_set_current_name (chooser, file_name);
    }
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_response), files);
  gtk_native_dialog_show (files->chooser);
}

/* --- opening ------------------------------------------------------------------ */

static gboolean
ask_first (Files    *files,
           NextStep  next,
           GFile    *file);

/* Reads `file` into `model`: an Aualé record, known by its content
 * whatever its name (`record` then holds it), or else a Kuzhi match. A
 * file that cannot be read is left to the match-file loader, which says
 * why. */
static gboolean
read_into (KuzhiGameModel  *model,
           GFile           *file,
           KuzhiOgnRecord **record,
           GError         **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  gsize length = 0;

  *record = NULL;
  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Matches can only be opened from local folders"));
      return FALSE;
    }
  text = kuzhi_match_file_read_text (path, &length, NULL);
  if (text != NULL && kuzhi_ogn_looks_like (text, length))
    return kuzhi_game_model_load_ogn (model, path, record, error);
  return kuzhi_game_model_load (model, path, error);
}

static void
show_refusal (Files  *files,
              GFile  *file,
              GError *error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = path ? g_filename_display_basename (path) : g_file_get_uri (file);
  /* Translators: the heading of the error when a file is refused: Could Not Open “a.kuzhi” */
  g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

  show_error (files, heading, error);
}

static void
load_now (Files *files,
          GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  KuzhiOgnRecord *record = NULL;
  gboolean ok;

  files->loading = TRUE;
  ok = read_into (files->model, file, &record, &error);
  files->loading = FALSE;
  if (!ok)
    {
      show_refusal (files, file, error);
      return;
    }
  set_record (files, record);
  /* An autosave opened by hand (to take up a match) is Kuzhi's, not the
   * player's file: the next autosave writes there, and a match "saved"
   * there would be lost to it. The match is in no file. */
  path = g_file_get_path (file);
  if (path != NULL && kuzhi_match_file_is_autosave (path))
    {
      forget_file (files);
      update_title (files);
      return;
    }
  now_in_file (files, file);
}

gboolean
_kuzhi_window_files_restore_autosave (KuzhiWindow  *self,
                                     char        **notice,
                                     GError      **error)
{
  Files *files = &self->files;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *name1 = NULL, *name2 = NULL;
  char *names[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  KzMatch saved = { 0 };
  gboolean ok;

  *notice = NULL;
  /* The link the autosave holds is kept through the autosave that
   * position-reset writes. */
  files->loading = TRUE;
  ok = kuzhi_game_model_restore_autosave (files->model, error);
  files->loading = FALSE;
  if (!ok)
    return FALSE;

  forget_file_but_link (files);
  g_clear_pointer (&files->created, g_date_time_unref);
  files->created = g_date_time_ref (kuzhi_game_model_get_created (files->model));
  /* A copy: forgetting the file below frees the model's. */
  path = g_strdup (kuzhi_game_model_get_file (files->model));
  if (path == NULL)
    {
      update_title (files);
      return TRUE;
    }

  name = g_filename_display_basename (path);
  {
    g_autofree char *dir = g_path_get_dirname (path);
    folder = g_filename_display_name (dir);
  }
  switch (kuzhi_match_file_check_link (path, kuzhi_game_model_get_file_sha256 (files->model), &saved, names, levels))
    {
    case KUZHI_MATCH_FILE_LINK_SAME:
      /* The file holds what was saved: the match is that file's, with
       * whatever was played since marked as not in it. */
      name1 = names[0];
      name2 = names[1];
      files->file = g_file_new_for_path (path);
      take_snapshot_of (files, &saved, (const char *const *) names, levels);
      kz_match_clear (&saved);
      break;
    case KUZHI_MATCH_FILE_LINK_GONE:
      /* Deleted or moved away: still the match's file, which Save writes
       * again; until then nothing of the match is in a file. */
      files->file = g_file_new_for_path (path);
      files->file_gone = TRUE;
      /* Translators: a notice at start-up: "“a.kuzhi” is no longer in /home/ana, where this match was saved. Save writes it there again." */
      *notice = g_strdup_printf (_("“%s” is no longer in %s, where this match was saved. Save writes it there again."),
                                 name, folder);
      break;
    case KUZHI_MATCH_FILE_LINK_CHANGED:
    default:
      /* Another program wrote the file: saving over it would lose what it
       * wrote, so the match is in no file now; Save As suggests that one. */
      forget_file (files);
      files->former_file = g_file_new_for_path (path);
      /* Not "by another program": a crash between saving the file and the
       * autosave leaves Kuzhi's own save looking the same. */
      /* Translators: a notice at start-up: "“a.kuzhi” in /home/ana has changed since this match was saved to it, ..." */
      *notice = g_strdup_printf (_("“%s” in %s has changed since this match was saved to it, "
                                   "so the match is not in that file. Save As… keeps the match in a file again."),
                                 name, folder);
      /* The autosave no longer names the file. */
      _kuzhi_window_autosave (self);
      break;
    }
  update_title (files);
  return TRUE;
}

void
kuzhi_window_open_file (KuzhiWindow *self,
                        GFile       *file)
{
  Files *files;

  g_return_if_fail (KUZHI_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  files = &self->files;
  /* A file that cannot be opened is said so at once, on a model of its
   * own: the player is not asked to save or discard the match for a file
   * that would not replace it. */
  if (!files->confirmed && is_unsaved (files) && files->window->dialog == NULL)
    {
      g_autoptr(KuzhiGameModel) trial = kuzhi_game_model_new ();
      g_autoptr(KuzhiOgnRecord) record = NULL;
      g_autoptr(GError) error = NULL;

      if (!read_into (trial, file, &record, &error))
        {
          show_refusal (files, file, error);
          return;
        }
    }
  if (!ask_first (files, NEXT_OPEN_FILE, file))
    return;
  load_now (files, file);
}

static void
on_open_response (GtkNativeDialog *chooser,
                  int              response,
                  Files           *files)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  drop_chooser (files);
  if (file != NULL)
    load_now (files, file);
}

static void
show_open_chooser (Files *files)
{
  GtkFileChooser *chooser = new_chooser (files, _("Open Match"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));

  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), files);
  gtk_native_dialog_show (files->chooser);
}

/* --- save, discard or cancel ---------------------------------------------- */

static void
take_next_step (Files *files)
{
  NextStep next = files->next;
  g_autoptr(GFile) file = g_steal_pointer (&files->next_file);
  g_autoptr(KuzhiWindow) window = g_object_ref (files->window);

  files->next = NEXT_NONE;
  files->confirmed = TRUE;
  switch (next)
    {
    case NEXT_CLOSE:
      gtk_window_close (GTK_WINDOW (window));
      break;
    case NEXT_NEW_MATCH:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
      break;
    case NEXT_PLAY_AGAIN:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.play-again", NULL);
      break;
    case NEXT_SET_UP_POSITION:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.set-up-position", NULL);
      break;
    case NEXT_OPEN_CHOOSER:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
      break;
    case NEXT_OPEN_FILE:
      kuzhi_window_open_file (window, file);
      break;
    case NEXT_PASTE:
      apply_pasted (&window->files);
      break;
    case NEXT_NONE:
    default:
      break;
    }
  /* The window may be gone now (closed). */
  if (next != NEXT_CLOSE)
    files->confirmed = FALSE;
}

/* After the prompt has gone: closing the window under its own dialog
 * would leave the dialog transient for a finalized window. */
static gboolean
take_next_step_idle (gpointer data)
{
  g_autoptr(KuzhiWindow) window = data;
  if (window->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (window->dialog));
  take_next_step (&window->files);
  return G_SOURCE_REMOVE;
}

static void
take_next_step_later (Files *files)
{
  g_idle_add (take_next_step_idle, g_object_ref (files->window));
}

static void
on_prompt_response (AdwMessageDialog *dialog,
                    const char       *response,
                    KuzhiWindow      *window)
{
  Files *files = &window->files;

  if (g_strcmp0 (response, "discard") == 0)
    take_next_step_later (files);
  else if (g_strcmp0 (response, "save") == 0)
    {
      if (files->file == NULL)
        {
          files->save_then_next = TRUE;
          show_save_chooser (files);
        }
      else
        save_to_own_file (files, TRUE);
    }
  else
    {
      files->next = NEXT_NONE;
      g_clear_object (&files->next_file);
      clear_pasted (files);
    }
}

/* TRUE when the step may go ahead now; otherwise asks, and takes the step
 * later if the player saves or discards. */
static gboolean
ask_first (Files    *files,
           NextStep  next,
           GFile    *file)
{
  AdwMessageDialog *dialog;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *fact = NULL;
  g_autofree char *body = NULL;
  const char *outcome;

  if (files->confirmed)
    {
      files->confirmed = FALSE;
      return TRUE;
    }
  if (!is_unsaved (files))
    return TRUE;
  if (files->window->dialog != NULL)
    return FALSE;

  files->next = next;
  g_set_object (&files->next_file, file);
  name = display_name (files);
  if (files->file != NULL)
    heading = g_strdup_printf (_("Save Changes to “%s”?"), name);
  else
    heading = g_strdup (_("Save This Match?"));
  /* Only what is true: what is not in a file, then what Discard does.
   * Closing keeps the autosave, which the next start restores. */
  if (files->file_gone)
    fact = g_strdup_printf (_("“%s” is no longer where the match was saved, so the match is not in any file."), name);
  else if (files->file != NULL)
    fact = g_strdup_printf (_("The changes since the match was last saved are not in “%s”."), name);
  else
    fact = g_strdup (_("The match is not saved in any file."));
  /* A finished match is not restored at the next start (docs/ui.md): it
   * is not promised. */
  if (next == NEXT_CLOSE && !kuzhi_game_model_get_over (files->model))
    outcome = _("Kuzhi brings the match back when it starts again, but only Save keeps it in a file.");
  else if (files->file != NULL && !files->file_gone)
    outcome = _("If you discard them, they are lost.");
  else
    outcome = _("If you discard it, it is lost.");
  /* Translators: a prompt's two sentences: what is not in a file, and what Discard does */
  body = g_strdup_printf (C_("save prompt", "%s %s"), fact, outcome);
  dialog = _kuzhi_window_new_dialog (files->window, heading, body);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_prompt_response), files->window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

gboolean
_kuzhi_window_files_may_close (KuzhiWindow *self)
{
  return ask_first (&self->files, NEXT_CLOSE, NULL);
}

gboolean
_kuzhi_window_files_may_start_new_match (KuzhiWindow *self)
{
  return ask_first (&self->files, NEXT_NEW_MATCH, NULL);
}

gboolean
_kuzhi_window_files_may_set_up_position (KuzhiWindow *self)
{
  return ask_first (&self->files, NEXT_SET_UP_POSITION, NULL);
}

gboolean
_kuzhi_window_files_may_play_again (KuzhiWindow *self)
{
  return ask_first (&self->files, NEXT_PLAY_AGAIN, NULL);
}

/* --- model ------------------------------------------------------------------ */

/* Connected with g_signal_connect_object() on the window: the model can
 * outlive this window's files. */
static void
on_model_changed (KuzhiWindow *window)
{
  update_title (&window->files);
}

static void
on_position_reset (KuzhiWindow *window)
{
  Files *files = &window->files;
  GDateTime *created = kuzhi_game_model_get_created (files->model);

  /* A new match (or the restored autosave) is not the file's match. */
  if (!files->loading && (files->created == NULL || !g_date_time_equal (created, files->created)))
    {
      forget_file (files);
      set_record (files, NULL);
      g_clear_pointer (&files->created, g_date_time_unref);
      files->created = g_date_time_ref (created);
    }
  update_title (files);

  /* The window autosaves after every action; a new match, undo, redo and
   * an opened file change the match too, and the next start must find it. */
  _kuzhi_window_autosave (window);
}

/* --- actions ------------------------------------------------------------------ */

static void
open_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  Files *files = &KUZHI_WINDOW (user_data)->files;

  if (ask_first (files, NEXT_OPEN_CHOOSER, NULL))
    show_open_chooser (files);
}

static void
save_action (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  Files *files = &KUZHI_WINDOW (user_data)->files;

  /* A match never saved has no file yet: Save is Save As. */
  if (files->file == NULL)
    show_save_chooser (files);
  else
    save_to_own_file (files, FALSE);
}

static void
save_as_action (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  show_save_chooser (&KUZHI_WINDOW (user_data)->files);
}

/* --- copy and paste ----------------------------------------------------------- */

/* The position the board shows: a turn browsed in the history, a
 * variation explored from it, or the match in play. */
static const KzPosition *
shown_position (KuzhiWindow *window)
{
  const KzPosition *pos = NULL;

  if (window->in_variation)
    pos = &window->history.variation;
  else if (window->browsing >= 0)
    pos = kuzhi_history_panel_get_position (window->history_panel, (guint) window->browsing);
  return pos != NULL ? pos : kuzhi_game_model_get_position (window->model);
}

/* Takes `text`. */
static void
copy_text (KuzhiWindow *window,
           char        *text,
           const char  *done)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), text);
  g_free (text);
  _kuzhi_window_show_toast (window, done);
}

static void
copy_position_action (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  copy_text (user_data, kuzhi_notation_position_to_string (shown_position (user_data)), _("Position copied"));
}

static void
copy_record_action (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  KuzhiWindow *window = user_data;

  copy_text (window, kuzhi_game_model_to_record (window->model), _("Match record copied"));
}

/* The pasted (or dropped) match replaces the one on the board, as New
 * Match does: a new match, dated now, in no file, autosaved
 * (position-reset). */
static void
apply_pasted (Files *files)
{
  KuzhiWindow *window = files->window;
  gboolean record;
  const char *news;

  if (!files->have_pasted)
    return;
  record = files->pasted.n_history > 0;
  kuzhi_game_model_start_match (files->model, &files->pasted, (const char *const *) files->pasted_names);
  if (files->pasted_dropped)
    /* Translators: toasts after text in Kuzhi's notation was dragged onto the window */
    news = record ? _("Match record opened") : _("Position opened");
  else
    news = record ? _("Match record pasted") : _("Position pasted");
  clear_pasted (files);
  _kuzhi_window_show_toast (window, news);
}

/* Text in Kuzhi's notation, pasted or dropped: a position or a record
 * that replaces the match as Open does (unsaved changes are saved or
 * discarded first). Text that does not read says why and changes
 * nothing. */
static void
take_text (Files      *files,
           const char *text,
           gboolean    dropped)
{
  g_autoptr(GError) error = NULL;
  KzMatch match = { 0 };
  char *names[2] = { NULL, NULL };

  if (!kuzhi_notation_match_parse (text, &match, names, &error))
    {
      g_autofree char *message = NULL;

      if (dropped)
        /* Translators: a toast when text dragged onto the window is refused: "Cannot open the dropped text: Word 3, “x”: expected …" */
        message = g_strdup_printf (_("Cannot open the dropped text: %s"), error->message);
      else
        /* Translators: a toast when pasted text is refused: "Cannot paste: Word 3, “x”: expected …" */
        message = g_strdup_printf (_("Cannot paste: %s"), error->message);
      _kuzhi_window_show_toast (files->window, message);
      return;
    }
  clear_pasted (files);
  files->pasted = match;
  files->have_pasted = TRUE;
  files->pasted_dropped = dropped;
  files->pasted_names[0] = names[0];
  files->pasted_names[1] = names[1];
  if (ask_first (files, NEXT_PASTE, NULL))
    apply_pasted (files);
  else if (files->next != NEXT_PASTE)
    clear_pasted (files);   /* another prompt is on screen */
}

static void
on_paste_text (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(KuzhiWindow) window = user_data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);

  if (text == NULL)
    {
      _kuzhi_window_show_toast (window, _("The clipboard holds no text to paste"));
      return;
    }
  take_text (&window->files, text, FALSE);
}

static void
paste_action (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  KuzhiWindow *window = user_data;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_paste_text, g_object_ref (window));
}

/* A file dragged from the file manager opens as Open opens it; several
 * at once open the first, as a match is one file. Text dragged from
 * another program (a record in Kuzhi's notation) replaces the match as
 * pasting it does. Copy only: the file manager never moves the file. */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         Files         *files)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      g_autoptr(GSList) list = gdk_file_list_get_files (g_value_get_boxed (value));

      if (list == NULL)
        return FALSE;
      kuzhi_window_open_file (files->window, list->data);
      return TRUE;
    }
  if (G_VALUE_HOLDS_STRING (value) && g_value_get_string (value) != NULL)
    {
      take_text (files, g_value_get_string (value), TRUE);
      return TRUE;
    }
  return FALSE;
}

const GActionEntry _kuzhi_window_files_actions[] = {
  { "copy-position", copy_position_action },
  { "copy-record", copy_record_action },
  { "paste", paste_action },
  { "open", open_action },
  { "save", save_action },
  { "save-as", save_as_action },
};
const gsize _kuzhi_window_files_n_actions = G_N_ELEMENTS (_kuzhi_window_files_actions);

void
_kuzhi_window_files_init (KuzhiWindow *self)
{
  Files *files = &self->files;
  /* Files before text: a file manager offers both, the file's path as text. */
  GType drop_types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };
  GtkDropTarget *drop;

  files->window = self;
  files->model = kuzhi_window_get_model (self);
  files->saved_actions = g_array_new (FALSE, FALSE, sizeof (KzAction));
  files->created = g_date_time_ref (kuzhi_game_model_get_created (files->model));

  g_signal_connect_object (files->model, "notify", G_CALLBACK (on_model_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (files->model, "position-reset", G_CALLBACK (on_position_reset), self, G_CONNECT_SWAPPED);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, drop_types, G_N_ELEMENTS (drop_types));
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), files);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  update_title (files);
}

GFile *
kuzhi_window_get_file (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return self->files.file;
}

gboolean
kuzhi_window_get_unsaved (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), FALSE);
  return is_unsaved (&self->files);
}

GtkFileChooser *
kuzhi_window_get_file_chooser (KuzhiWindow *self)
{
  Files *files;

  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  files = &self->files;
  return files->chooser ? GTK_FILE_CHOOSER (files->chooser) : NULL;
}
