/* kuzhi-board-view.h — the wooden board: cups, drawers and the sowing animation driven by the model's signals. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "kuzhi-game-model.h"
#include "kuzhi-cup.h"

G_BEGIN_DECLS

#define KUZHI_TYPE_BOARD_VIEW (kuzhi_board_view_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiBoardView, kuzhi_board_view, KUZHI, BOARD_VIEW, GtkWidget)

GtkWidget        *kuzhi_board_view_new              (void);
void              kuzhi_board_view_set_model        (KuzhiBoardView *self,
                                                     KuzhiGameModel *model);
KuzhiGameModel   *kuzhi_board_view_get_model        (KuzhiBoardView *self);
/* Without a model the board shows a fixed position (the rules' diagrams). */
void              kuzhi_board_view_set_position     (KuzhiBoardView   *self,
                                                     const KzPosition *position);
/* What is on screen now: the model's position once the animation is over. */
const KzPosition *kuzhi_board_view_get_displayed    (KuzhiBoardView *self);
/* Which player's row is nearest the viewer (at the bottom). */
void              kuzhi_board_view_set_view_player  (KuzhiBoardView *self,
                                                     int             player);
int               kuzhi_board_view_get_view_player  (KuzhiBoardView *self);
/* Follows the settings a board is shown with: "animation-speed" as its
 * step-ms, "sowing-preview" as its preview (every window with a board). */
void              kuzhi_board_view_bind_settings    (KuzhiBoardView *self,
                                                     GSettings      *settings);
/* Milliseconds per dropped shell; 0 applies every move at once. */
void              kuzhi_board_view_set_step_ms      (KuzhiBoardView *self,
                                                     guint           step_ms);
gboolean          kuzhi_board_view_get_animating    (KuzhiBoardView *self);
/* The analysis: a text to write on each cup (n_pits entries, NULL for
 * none; NULL clears all) and the best cup, or -1. */
void              kuzhi_board_view_set_values       (KuzhiBoardView    *self,
                                                     const char *const *values,
                                                     int                best_pit);
const char       *kuzhi_board_view_get_value        (KuzhiBoardView *self,
                                                     int             pit);
int               kuzhi_board_view_get_best_pit     (KuzhiBoardView *self);
/* The sowing preview ("preview"): on by default. The cup previewed now
 * (hovered, or focused with the ring shown), or -1. */
void              kuzhi_board_view_set_preview_enabled (KuzhiBoardView *self,
                                                        gboolean        enabled);
int               kuzhi_board_view_get_preview_pit  (KuzhiBoardView *self);
/* High contrast ("high-contrast"): follows the desktop's (AdwStyleManager);
 * the cups' rings get black edges (kuzhi_cup_set_high_contrast). */
void              kuzhi_board_view_set_high_contrast (KuzhiBoardView *self,
                                                      gboolean        high_contrast);
gboolean          kuzhi_board_view_get_high_contrast (KuzhiBoardView *self);
/* One cup's cell in pixels ("unit", notified after the allocation). */
double            kuzhi_board_view_get_unit         (KuzhiBoardView *self);
/* Whether the board stands upright, as in a narrow window ("upright"). */
gboolean          kuzhi_board_view_get_upright      (KuzhiBoardView *self);
/* Shells in the air during the animation: in hand, or flying to a drawer. */
int               kuzhi_board_view_get_hand         (KuzhiBoardView *self);
void              kuzhi_board_view_finish_animation (KuzhiBoardView *self);
/* While marking, markable cups are highlighted instead of sowable ones. */
void              kuzhi_board_view_set_marking      (KuzhiBoardView *self,
                                                     gboolean        marking);
void              kuzhi_board_view_set_interactive  (KuzhiBoardView *self,
                                                     gboolean        interactive);
/* A variation (Show Better Move): the cups offered are the displayed
 * position's legal moves, worked out by the engine on it, whoever is to
 * move in the match; the window plays them on its own copy. */
void              kuzhi_board_view_set_variation    (KuzhiBoardView *self,
                                                     gboolean        variation);
/* Shows a move that is no model's (a variation's), animated as the
 * model's are: the engine's events from applying `action` to `before`,
 * ending at `after`. */
void              kuzhi_board_view_show_move        (KuzhiBoardView   *self,
                                                     const KzPosition *before,
                                                     int               action,
                                                     const KzEventLog *log,
                                                     const KzPosition *after);
/* Whether the board may stand upright when narrow (TRUE); a diagram that
 * its text describes lying across says FALSE. */
void              kuzhi_board_view_set_may_stand    (KuzhiBoardView *self,
                                                     gboolean        may_stand);
/* The computer is to move: no cup is highlighted or answers clicks. */
void              kuzhi_board_view_set_waiting      (KuzhiBoardView *self,
                                                     gboolean        waiting);
gboolean          kuzhi_board_view_get_waiting      (KuzhiBoardView *self);
/* A suggested cup drawn with a pulsing ring; -1 removes it. */
void              kuzhi_board_view_set_hint         (KuzhiBoardView *self,
                                                     int             pit);
int               kuzhi_board_view_get_hint         (KuzhiBoardView *self);
KuzhiCup         *kuzhi_board_view_get_cup          (KuzhiBoardView *self,
                                                     int             pit);
/* The keys 1–7: the focus goes to cup `number` (1 is the first along the
 * row, in sowing order, as the board numbers it) of the player to move,
 * its ring and sowing preview shown; Enter then sows it. FALSE, with the
 * error bell and nothing changed, when no cup of that number may be
 * chosen now (another number of cups, the computer to move, the match
 * over, a past position, a sowing under way). */
gboolean          kuzhi_board_view_focus_cup        (KuzhiBoardView *self,
                                                     int             number);
/* Binds the keys 1–7, the main keyboard's and the keypad's, in a window
 * class to its action `action` with the number ("i"), which is to call
 * kuzhi_board_view_focus_cup() on its board (Learn to Play, Puzzles; the
 * main window has them as the application's accelerators). */
void              kuzhi_board_view_class_bind_cup_keys (GtkWidgetClass *widget_class,
                                                        const char     *action);
/* Where a cup sits, in the board's coordinates (for tests and tools). */
gboolean          kuzhi_board_view_get_cup_center   (KuzhiBoardView *self,
                                                     int             pit,
                                                     double         *x,
                                                     double         *y);

G_END_DECLS
