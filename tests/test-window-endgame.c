/* test-window-endgame.c — the Kalah endgame database's build shown on the hint line, and a folder in Oware's database's place told in the notice, under Xvfb, in a folder of the test's own. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-test-window.h"
#include "kuzhi-endgame-store.h"

typedef struct {
  KuzhiWindow *window;
  gboolean     seen_in_kalah;
  gboolean     seen_elsewhere;
  gboolean     ended;
} Watch;

/* After the window's own handler (connected first, when it was made), so
 * the hint line already says what this report changed. */
static void
on_progress (KuzhiEndgameStore *store, GParamSpec *pspec, Watch *w)
{
  const char *hint = kuzhi_window_get_hint_text (w->window);
  gboolean says = strstr (hint, "Preparing perfect endgames…") != NULL;
  const KzPosition *pos = kuzhi_game_model_get_position (kuzhi_window_get_model (w->window));

  (void) pspec;
  if (!kuzhi_endgame_store_get_building (store))
    {
      /* Done: the line goes. */
      g_assert_false (says);
      w->ended = TRUE;
      return;
    }
  g_assert_true (!says || strchr (hint, '%') != NULL);
  if (pos->variant == KZ_VARIANT_KALAH && says && !w->seen_in_kalah)
    kz_test_capture (GTK_WIDGET (w->window), "endgame-progress.png");
  if (pos->variant == KZ_VARIANT_KALAH)
    w->seen_in_kalah |= says;
  else
    w->seen_elsewhere |= says;
}

/* The build starts when a Kalah match is opened and runs while it is
 * open: the hint line says how far it has got, in a game without a
 * database it does not, and when it ends the line goes and the database
 * is there. */
static void
test_progress_on_hint_line (void)
{
  g_autoptr(GSettings) settings = kz_test_settings (NULL);
  KuzhiWindow *window = kuzhi_window_new (NULL);
  KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (KZ_VARIANT_KALAH);
  Watch w = { .window = window };

  kz_test_window_show (window);
  g_assert_true (kuzhi_window_start_match (window, KZ_VARIANT_KALAH, 4, "Ana", "Arul"));
  g_signal_connect (store, "notify::progress", G_CALLBACK (on_progress), &w);
  /* The window started the store with the match. */
  while (!w.ended && !w.seen_in_kalah)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (w.seen_in_kalah);
  /* The Constitution has no database: not a word of it there. */
  g_assert_true (kuzhi_window_start_match (window, KZ_VARIANT_CONSTITUTION, 5, "Ana", "Arul"));
  while (!w.ended)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handlers_disconnect_by_data (store, &w);
  g_assert_nonnull (kuzhi_endgame_store_peek (store));
  g_assert_false (w.seen_elsewhere);
  g_assert_null (strstr (kuzhi_window_get_hint_text (window), "Preparing"));
  gtk_window_destroy (GTK_WINDOW (window));
  kz_test_spin (50);
}

static gboolean
store_hung (gpointer data)
{
  g_error ("the Oware endgame store has not ended its start after 60 s");
  return G_SOURCE_REMOVE;
}

/* A folder where Oware's database goes: the window says so in its notice,
 * naming the folder and the game, and play goes on; the folder is left
 * as it was. */
static void
test_folder_notice (void)
{
  g_autoptr(GSettings) settings = kz_test_settings (NULL);
  KuzhiWindow *window = kuzhi_window_new (NULL);
  KuzhiEndgameStore *store = kuzhi_endgame_store_get_for (KZ_VARIANT_OWARE);
  const char *path = kuzhi_endgame_store_get_path (store);
  const char *text;
  guint watchdog;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  kz_test_window_show (window);
  g_assert_null (kuzhi_window_get_notice_text (window));
  g_test_expect_message ("Kuzhi-Model", G_LOG_LEVEL_MESSAGE, "No oware endgame database: *is a folder*");
  g_assert_true (kuzhi_window_start_match (window, KZ_VARIANT_OWARE, 4, "Ana", "Arul"));
  watchdog = g_timeout_add_seconds (60, store_hung, NULL);
  while (kuzhi_endgame_store_get_failure (store) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (watchdog);
  g_test_assert_expected_messages ();
  kz_test_spin (400);

  text = kuzhi_window_get_notice_text (window);
  g_assert_nonnull (text);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Perfect endgames are off in Oware"));
  g_assert_nonnull (strstr (text, path));
  g_assert_nonnull (strstr (text, "is a folder, not a database file"));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  kz_test_capture (GTK_WIDGET (window), "endgame-folder-notice.png");
  /* Play goes on, without the database. */
  g_assert_null (kuzhi_endgame_store_peek (store));
  g_assert_false (kuzhi_endgame_store_get_building (store));
  gtk_window_destroy (GTK_WINDOW (window));
  kz_test_spin (50);
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = g_dir_make_tmp ("kuzhi-window-endgame-XXXXXX", NULL);
  g_autofree char *path = NULL;
  int ret;

  /* A small database of its own, built once in the background. */
  g_setenv ("KUZHI_ENDGAME_DIR", dir, TRUE);
  g_setenv ("KUZHI_ENDGAME_SEEDS", "14", TRUE);
  kz_test_gtk_init (&argc, &argv);
  kz_test_load_style ();

  g_test_add_func ("/window-endgame/progress-on-hint-line", test_progress_on_hint_line);
  g_test_add_func ("/window-endgame/folder-notice", test_folder_notice);
  ret = g_test_run ();

  path = g_build_filename (dir, "endgame-kalah-14.db", NULL);
  g_remove (path);
  g_rmdir (dir);
  return ret;
}
