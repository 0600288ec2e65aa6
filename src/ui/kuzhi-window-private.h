/* kuzhi-window-private.h — what the files of KuzhiWindow share: its instance struct, with the part each file adds, and the `_kuzhi_window_*` calls between kuzhi-window.c and its parts. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
#include "kuzhi-window-test.h"
#include "kuzhi-board-view.h"
#include "kuzhi-computer-player.h"
#include "kuzhi-game-model.h"
#include "kuzhi-game-news.h"
#include "kuzhi-history-panel.h"
#include "kuzhi-statistics.h"

G_BEGIN_DECLS

/* kuzhi-window-files.c's part. */
/* What to do once the player has saved or discarded their changes. */
typedef enum {
  NEXT_NONE,
  NEXT_CLOSE,
  NEXT_NEW_MATCH,
  NEXT_PLAY_AGAIN,
  NEXT_SET_UP_POSITION,
  NEXT_OPEN_CHOOSER,
  NEXT_OPEN_FILE,
  NEXT_PASTE,
} NextStep;

typedef struct
{
  KuzhiWindow          *window;     /* borrowed: owns this */
  KuzhiGameModel       *model;      /* borrowed: the window's */

  /* owned */
  GFile                *file;
  /* The restored match's file was no longer there at start-up: Save
   * writes it again, and until then the match is in no file. */
  gboolean              file_gone;
  /* The file a restored match was in before another program changed it:
   * no longer the match's file, but what Save As suggests. */
  GFile                *former_file;
  GDateTime            *created;    /* the match the file belongs to */
  gboolean              have_saved;
  KzPosition            saved_start;
  GArray               *saved_actions;  /* KzAction */
  char                 *saved_names[2];
  KzLevel               saved_levels[2];
  GtkNativeDialog      *chooser;
  GFile                *next_file;
  GFile                *replace_file;   /* waiting for "Replace?" */
  gboolean              replace_then_next;

  /* A match pasted as text (win.paste) or dropped on the window as
   * text, waiting for the player to save or discard the match it
   * replaces. */
  gboolean              have_pasted;
  gboolean              pasted_dropped;
  KzMatch               pasted;
  char                 *pasted_names[2];

  NextStep              next;
  gboolean              confirmed;  /* the next guard lets the step through */
  gboolean              save_then_next;
  gboolean              loading;
  /* The Aualé record the match was opened from or last saved as: its
   * tags and comments, for the history and the next save as OGN. */
  KuzhiOgnRecord       *ogn;
} KuzhiWindowFiles;

/* kuzhi-window-history.c's part: browsing the history, and Show Better
 * Move's variations. What the board shows (`browsing`, `in_variation`)
 * is the window's, below: this part alone writes it. */
typedef struct
{
  /* A variation explored from the turn browsed: its position (a copy,
   * never the match's) and the positions before each move played in it,
   * for Back. */
  KzPosition            variation;
  GArray               *variation_back;  /* KzPosition */
} KuzhiWindowHistory;

/* kuzhi-window-computer.c's part: an object that knows the model, the
 * board and the settings, not the window. It plays the computer's sides
 * and looks for hints, and publishes "thinking", "can-hint" and
 * "hint-text" (what the hint line says instead of the window's advice),
 * all notified whenever its state changes, and "hint-shown" when a hint
 * wants the window's help (a mark chosen first, the refill button). The
 * window binds the analysis's "values" to its "analysis-values", which
 * value a hint's move as the cup shows it. */
#define KUZHI_TYPE_WINDOW_COMPUTER (kuzhi_window_computer_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWindowComputer, kuzhi_window_computer, KUZHI, WINDOW_COMPUTER, GObject)

/* kuzhi-window-analysis.c's part: an object that knows the model, the
 * board and the settings, not the window. It publishes what it finds as
 * properties — "on" (the setting), "line" (the hint line's text),
 * "values", "reviewing", "review-done", "review-total" — and the review's
 * result as "reviewed"; the window follows them, and gives it "marking"
 * and "showing-match" (the board shows the match in play). */
#define KUZHI_TYPE_WINDOW_ANALYSIS (kuzhi_window_analysis_get_type ())
G_DECLARE_FINAL_TYPE (KuzhiWindowAnalysis, kuzhi_window_analysis, KUZHI, WINDOW_ANALYSIS, GObject)

/* kuzhi-window-statistics.c's part. */
typedef struct
{
  KuzhiWindow          *window;      /* borrowed: owns this */

  /* owned */
  KuzhiGameModel       *model;       /* the window's, kept until this goes */
  KuzhiStatistics      *statistics;  /* NULL: nothing is recorded */

  /* borrowed: the Statistics window while it is open */
  GtkWindow            *shown;
} KuzhiWindowStatistics;

struct _KuzhiWindow
{
  AdwApplicationWindow  parent_instance;

  /* template children */
  GtkOverlay           *window_overlay;
  GtkBox               *window_box;
  GtkBox               *banners_box;
  GtkRevealer          *round_revealer;
  GtkLabel             *round_label;
  GtkRevealer          *banner_revealer;
  GtkLabel             *banner_label;
  GtkRevealer          *browse_revealer;
  GtkLabel             *browse_label;
  GtkWidget            *better_button;
  GtkWidget            *play_from_here_button;
  GtkWidget            *variation_back_button;
  AdwFlap              *history_flap;
  GtkRevealer          *notice_revealer;
  GtkLabel             *notice_label;
  GtkWidget            *notice_save_as_button;
  GtkWidget            *notice_switch_button;
  GtkWidget            *notice_close_button;
  GtkLabel             *game_label;
  GtkLabel             *header_label;
  GtkRevealer          *warning_revealer;
  GtkOverlay           *play_overlay;
  GtkLabel             *warning_label;
  GtkLabel             *far_caption;
  GtkLabel             *near_caption;
  KuzhiBoardView       *board_view;
  GtkWidget            *controls_box;
  GtkWidget            *refill_button;
  GtkWidget            *mark_button;
  GtkWidget            *undo_button;
  GtkWidget            *redo_button;
  GtkWidget            *hint_buttons[2];  /* in the header bar, and beside the history toggle's place when narrow */
  GtkLabel             *hint_label;
  GtkInscription       *analysis_line;
  GtkRevealer          *review_revealer;
  GtkLabel             *review_label;
  GtkProgressBar       *review_progress;
  GtkWidget            *view1_button;
  GMenu                *view_section;   /* the views, in the main menu */
  GtkWidget            *view2_button;

  /* owned */
  KuzhiGameModel       *model;
  KuzhiGameNews        *news;
  KuzhiSound           *sound;
  GSettings            *settings;
  char                 *captions[2];
  char                 *last_toast;
  /* The player whose turn the toast is about (a move's news, a refused
   * cup), or -1: it goes once the header names another to move. */
  int                   toast_mover;

  guint                 round_timeout;
  int                   faced;      /* the player the board last turned to, or -1 */
  double                text_scale;   /* of the labels around the board */

  gboolean              marking;
  gboolean              autosave;
  gboolean              autosave_failing;
  /* each game's endgame database failure, once told in the notice */
  gboolean              endgame_told[KZ_N_VARIANTS];
  /* Another Kuzhi's autosave, left when it ended, that the notice offers
   * (Switch): NULL when none is offered. */
  char                 *left_autosave;
  /* borrowed: the one message dialog on screen (_kuzhi_window_new_dialog()) */
  AdwMessageDialog     *dialog;

  /* What the board shows, written by kuzhi-window-history.c, read by all:
   * the turn browsed (or -1: the match in play), and whether Show Better
   * Move's variation is on it; the move history in the flap. */
  int                   browsing;
  gboolean              in_variation;
  KuzhiHistoryPanel    *history_panel;  /* borrowed: the flap's */

  /* the parts the other files add, each set up before the first match;
   * the computer and the analysis are objects of their own (owned) */
  KuzhiWindowFiles      files;
  KuzhiWindowHistory    history;
  KuzhiWindowComputer  *computer;
  KuzhiWindowAnalysis  *analysis;
  KuzhiWindowStatistics statistics;
};

/* --- kuzhi-window.c: what the parts ask of the window --------------------- */

/* A notice above the board that the player closes, for a problem the game
 * goes on despite. */
void              _kuzhi_window_show_notice        (KuzhiWindow *self,
                                                    const char  *text);
/* A few seconds' news at the bottom of the window (a pasted match, text
 * that could not be pasted). */
void              _kuzhi_window_show_toast         (KuzhiWindow *self,
                                                    const char  *text);
/* Says again what the player can do: the controls and the hint line. */
void              _kuzhi_window_refresh_hint_line  (KuzhiWindow *self);
/* The board shows the match in play again, or stopped showing it: the
 * analysis's values go on the cups or come off. */
void              _kuzhi_window_board_changed      (KuzhiWindow *self);
/* Saves the match to the autosave now, when autosave is on; a failure
 * shows a notice until a later autosave works. */
void              _kuzhi_window_autosave           (KuzhiWindow *self);
/* A message dialog over the window, the one get_message_dialog() returns
 * while it is on screen. */
AdwMessageDialog *_kuzhi_window_new_dialog         (KuzhiWindow *self,
                                                    const char  *heading,
                                                    const char  *body);
/* Every win. action is in the window's action map, added in one place
 * (add_actions() in kuzhi-window.c) from each part's table of entries
 * below; the parts enable theirs with this. */
void              _kuzhi_window_set_action_enabled (KuzhiWindow *self,
                                                    const char  *name,
                                                    gboolean     enabled);

/* --- the parts: each set up from init (before the first match), cleared
 * at finalize, and called only by kuzhi-window.c ----------------------- */

/* kuzhi-window-files.c. The guards return FALSE when they asked the
 * player to save, discard or cancel first (the step is taken again after
 * Save or Discard). */
void      _kuzhi_window_files_init                 (KuzhiWindow *self);
void      _kuzhi_window_files_clear                (KuzhiWindow *self);
gboolean  _kuzhi_window_files_may_close            (KuzhiWindow *self);
gboolean  _kuzhi_window_files_may_start_new_match  (KuzhiWindow *self);
gboolean  _kuzhi_window_files_may_set_up_position (KuzhiWindow *self);
gboolean  _kuzhi_window_files_may_play_again       (KuzhiWindow *self);
/* Restores the autosave (kuzhi_game_model_restore_autosave()) with the
 * file the match belongs to, if the autosave names one: the file still
 * holding what was saved becomes the window's file again, and what was
 * played since is unsaved; a file gone or changed by another program is
 * said in `notice` (NULL otherwise), see docs/ui.md. */
gboolean  _kuzhi_window_files_restore_autosave     (KuzhiWindow  *self,
                                                    char        **notice,
                                                    GError      **error);
extern const GActionEntry _kuzhi_window_files_actions[];
extern const gsize        _kuzhi_window_files_n_actions;

/* kuzhi-window-history.c. Show Better Move leaves a variation on the
 * board that the player explores: a sowing there is played on the
 * variation's own copy through the engine (TRUE: the cup was the
 * variation's, legal or not), never on the match. */
void      _kuzhi_window_history_init               (KuzhiWindow *self);
void      _kuzhi_window_history_clear              (KuzhiWindow *self);
gboolean  _kuzhi_window_history_variation_sow      (KuzhiWindow *self,
                                                    int          pit);
/* The hint line's text while the board is not the match in play (a
 * past turn, a variation), or NULL. */
char     *_kuzhi_window_history_get_hint_text      (KuzhiWindow *self);
/* Back to the position in play, from a past turn or a variation. */
void      _kuzhi_window_history_return             (KuzhiWindow *self);
/* Keeps whether the history is open beside the board, as the window
 * closes (GSettings "history-shown"); the next window opens it again. */
void      _kuzhi_window_history_remember           (KuzhiWindow *self);
extern const GActionEntry _kuzhi_window_history_actions[];
extern const gsize        _kuzhi_window_history_n_actions;

/* kuzhi-window-computer.c: the object, then the window's side. */
KuzhiWindowComputer *_kuzhi_window_computer_new    (KuzhiGameModel      *model,
                                                    KuzhiBoardView      *board,
                                                    GSettings           *settings);
/* Stops every search and takes no answer any more: the window is closing. */
void      _kuzhi_window_computer_stop              (KuzhiWindowComputer *computer);
void      _kuzhi_window_computer_init              (KuzhiWindow *self);
void      _kuzhi_window_computer_clear             (KuzhiWindow *self);
/* The hint line's text from the computer (thinking, or a hint's result
 * valued as the analysis values the move, when it does), or NULL. */
const char *_kuzhi_window_computer_get_hint_text   (KuzhiWindow *self);
/* Undo and Redo as a person means them: when the other side is a
 * computer, its reply goes back, or comes back, with the person's turn. */
gboolean  _kuzhi_window_computer_can_undo          (KuzhiWindow *self);
void      _kuzhi_window_computer_undo              (KuzhiWindow *self);
void      _kuzhi_window_computer_redo              (KuzhiWindow *self);
/* The hint (and its search) forgotten: the board shows another position. */
void      _kuzhi_window_computer_forget_hint       (KuzhiWindow *self);
extern const GActionEntry _kuzhi_window_computer_actions[];
extern const gsize        _kuzhi_window_computer_n_actions;

/* kuzhi-window-analysis.c: the object, then the window's side. */
KuzhiWindowAnalysis *_kuzhi_window_analysis_new    (KuzhiGameModel      *model,
                                                    KuzhiBoardView      *board,
                                                    GSettings           *settings);
void      _kuzhi_window_analysis_stop              (KuzhiWindowAnalysis *analysis);
void      _kuzhi_window_analysis_review            (KuzhiWindowAnalysis *analysis,
                                                    guint                n_turns);
void      _kuzhi_window_analysis_init              (KuzhiWindow *self);
void      _kuzhi_window_analysis_clear             (KuzhiWindow *self);
/* Whether Analysis is switched on (the setting), whatever it has found. */
gboolean  _kuzhi_window_analysis_get_on            (KuzhiWindow *self);
/* Shows the values again, or takes them off the cups: the board changed
 * between the match and a past position (marking a lucky cup, whose cups
 * carry the marks' values, is bound to the analysis's "marking"). */
void      _kuzhi_window_analysis_redisplay         (KuzhiWindow *self);
extern const GActionEntry _kuzhi_window_analysis_actions[];
extern const gsize        _kuzhi_window_analysis_n_actions;

/* kuzhi-window-statistics.c */
void      _kuzhi_window_statistics_init            (KuzhiWindow *self);
void      _kuzhi_window_statistics_clear           (KuzhiWindow *self);
extern const GActionEntry _kuzhi_window_statistics_actions[];
extern const gsize        _kuzhi_window_statistics_n_actions;

/* kuzhi-window-learn.c: win.learn, Learn to Play in a window of its own. */
extern const GActionEntry _kuzhi_window_learn_actions[];
extern const gsize        _kuzhi_window_learn_n_actions;

/* kuzhi-window.c: the New Match dialog with `variant` chosen and the
 * second player the computer at `level`, as New Match opens it (the
 * file prompt first); the player starts it. */
void      _kuzhi_window_new_match_against          (KuzhiWindow *self,
                                                    KzVariantId  variant,
                                                    KzLevel      level);

G_END_DECLS
