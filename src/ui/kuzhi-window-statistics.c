/* kuzhi-window-statistics.c — the window's statistics: every match that ends in it recorded, the Statistics window. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "kuzhi-window-private.h"
#include "kuzhi-statistics-window.h"

typedef KuzhiWindowStatistics Stats;

static Stats *
get_stats (KuzhiWindow *self)
{
  return &self->statistics;
}

/* Played to its end just now (not redone, nor opened finished): the
 * result as it stands, replacing what this match had before. */
static void
on_match_ended (KuzhiWindow *self,
                int          winner,
                int          reason)
{
  Stats *s = get_stats (self);
  g_autoptr(GError) error = NULL;

  if (s->statistics == NULL)
    return;
  if (!kuzhi_statistics_record_match (s->statistics, s->model, &error))
    {
      g_autofree char *text = g_strdup_printf (_("This match is counted, but the statistics could not be saved; "
                                                 "Kuzhi tries again when the next match ends. (%s)"),
                                               error->message);

      _kuzhi_window_show_notice (self, text);
    }
}

static void
on_shown_destroyed (Stats *s)
{
  s->shown = NULL;
}

static void
statistics_action (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  KuzhiWindow *self = user_data;
  Stats *s = get_stats (self);
  KzVariantId variant = kuzhi_game_model_get_variant (s->model);
  KuzhiStatisticsWindow *window;

  if (s->statistics == NULL)
    return;
  /* With what another Kuzhi on the same data folder recorded since. */
  kuzhi_statistics_refresh (s->statistics);
  if (s->shown != NULL)
    {
      gtk_window_present (s->shown);
      return;
    }
  /* The game on the board, unless it has nothing yet and another has. */
  if (kuzhi_statistics_get_n_matches (s->statistics, variant) == 0 &&
      kuzhi_statistics_get_latest_variant (s->statistics) >= 0)
    variant = (KzVariantId) kuzhi_statistics_get_latest_variant (s->statistics);
  window = kuzhi_statistics_window_new (GTK_WINDOW (self), s->statistics, variant);
  s->shown = GTK_WINDOW (window);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (on_shown_destroyed), s);
  gtk_window_present (s->shown);
}

const GActionEntry _kuzhi_window_statistics_actions[] = {
  { "statistics", statistics_action },
};
const gsize _kuzhi_window_statistics_n_actions = G_N_ELEMENTS (_kuzhi_window_statistics_actions);

void
_kuzhi_window_statistics_init (KuzhiWindow *self)
{
  Stats *s = get_stats (self);

  s->window = self;
  s->model = g_object_ref (kuzhi_window_get_model (self));
  /* Off until the application gives the window its statistics. */
  _kuzhi_window_set_action_enabled (self, "statistics", FALSE);
  g_signal_connect_object (s->model, "match-ended", G_CALLBACK (on_match_ended), self, G_CONNECT_SWAPPED);
}

void
_kuzhi_window_statistics_clear (KuzhiWindow *self)
{
  Stats *s = get_stats (self);

  if (s->shown != NULL)
    g_signal_handlers_disconnect_by_data (s->shown, s);
  s->shown = NULL;
  g_clear_object (&s->statistics);
  g_clear_object (&s->model);
}

void
kuzhi_window_set_statistics (KuzhiWindow     *self,
                             KuzhiStatistics *statistics)
{
  Stats *s;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KUZHI_IS_WINDOW (self));
  g_return_if_fail (statistics == NULL || KUZHI_IS_STATISTICS (statistics));

  s = get_stats (self);
  g_set_object (&s->statistics, statistics);
  _kuzhi_window_set_action_enabled (self, "statistics", statistics != NULL);
  if (statistics == NULL)
    return;
  /* A broken file never stops the game: it was kept aside, and the
   * notice says where, until the player closes it. */
  if (!kuzhi_statistics_load (statistics, &error))
    _kuzhi_window_show_notice (self, error->message);
}

KuzhiStatistics *
kuzhi_window_get_statistics (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return get_stats (self)->statistics;
}

GtkWindow *
kuzhi_window_get_statistics_window (KuzhiWindow *self)
{
  g_return_val_if_fail (KUZHI_IS_WINDOW (self), NULL);
  return get_stats (self)->shown;
}
