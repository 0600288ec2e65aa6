/* kuzhi-window-private.h — what the files of KuzhiWindow share: its instance struct, with the part each file adds, and their calls to each other. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "kuzhi-window.h"
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
  NEXT_OPEN_CHOOSER,
  NEXT_OPEN_FILE,
} NextStep;

typedef struct
{
  KuzhiWindow          *window;     /* borrowed: owns this */
  KuzhiGameModel       *model;      /* borrowed: the window's */
  KuzhiBoardView       *board;      /* borrowed */

  /* borrowed: the window's template children, and the panel in the flap */
  AdwFlap              *flap;
  KuzhiHistoryPanel    *panel;
  GtkRevealer          *browse_revealer;
  GtkLabel             *browse_label;
  GtkWidget            *better_button;
  GtkWidget            *play_from_here_button;
  GtkWidget            *variation_back_button;

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

  AdwMessageDialog     *dialog;     /* borrowed: the one on screen */
  NextStep              next;
  gboolean              confirmed;  /* the next guard lets the step through */
  gboolean              save_then_next;
  gboolean              loading;
  int                   browsing;   /* turn shown, or -1 */
  /* A variation explored from the turn browsed: its position (a copy,
   * never the match's) and the positions before each move played in it,
   * for Back. */
  gboolean              in_variation;
  KzPosition            variation;
  GArray               *variation_back;  /* KzPosition */
} KuzhiWindowFiles;

/* kuzhi-window-computer.c's part. */
typedef struct
{
  KuzhiWindow          *window;     /* borrowed: owns this */

  /* owned */
  KuzhiGameModel       *model;      /* the window's; kept until this goes, */
  KuzhiBoardView       *board;      /* as the window disposes its children before "destroy" */
  KuzhiComputerPlayer  *player;
  GSettings            *settings;   /* the window's, for computer-time */
  GSimpleAction        *hint_action;
  GCancellable         *cancellable; /* the search running now, the computer's or a hint's */
  char                 *text;       /* the hint line's text, or NULL */

  /* Who plays each side is the model's (kuzhi_game_model_get_player_level). */
  guint                 serial;     /* bumps whenever the position changes */
  gboolean              thinking;   /* the computer's search runs */
  gboolean              hinting;    /* a hint's search runs */
  gboolean              dead;       /* the window is going away */
  guint                 idle_id;
  guint                 play_id;
  gint64                ready_at;   /* when the pause after the last move ends */
  KzAction              chosen;     /* to play when play_id fires */
  KzAction              chosen_then; /* after a mark: the sowing the search saw */
  KzAction              pending;    /* the sowing to play after our mark */
  size_t                pending_n;  /* … at this count of actions */
  KzAction              hint;
  KzAction              hint_then;
  char                 *hint_what;  /* the hint's move in words, "house 2", while it stands */
  int                   hint_seeds; /* its value as the hint's search found it (kz_score_to_seeds()) */
  gboolean              hint_exact;
  /* The hint's mark was made: its sowing is ringed next, once the mark
   * is on screen, if the match is still at this count of actions. */
  KzAction              hint_next;
  size_t                hint_next_n;
} KuzhiWindowComputer;

/* kuzhi-window-analysis.c's part. */
typedef struct
{
  KuzhiWindow          *window;      /* borrowed: owns this */

  /* owned */
  KuzhiGameModel       *model;
  KuzhiBoardView       *board;
  GSettings            *settings;    /* the window's, for the analysis switch */
  KuzhiComputerPlayer  *player;      /* its own search table, only while on */
  GCancellable         *cancellable; /* the analysis running now */
  KzAnalysis           *values;      /* for the position in play, or NULL */
  char                 *line;        /* the hint line's text, or NULL */
  gboolean              on;

  /* Review Match: its own player, so the analysis never waits for it */
  KuzhiComputerPlayer  *reviewer;
  GCancellable         *review_cancellable;
  GSimpleAction        *review_action;
  GSimpleAction        *cancel_review_action;
} KuzhiWindowAnalysis;

/* kuzhi-window-statistics.c's part. */
typedef struct
{
  KuzhiWindow          *window;      /* borrowed: owns this */

  /* owned */
  KuzhiGameModel       *model;       /* the window's, kept until this goes */
  KuzhiStatistics      *statistics;  /* NULL: nothing is recorded */
  GSimpleAction        *action;      /* win.statistics */

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

  /* the parts the other files add (kuzhi-window-files.c, -computer.c) */
  KuzhiWindowFiles      files;
  KuzhiWindowComputer   computer;
  KuzhiWindowAnalysis   analysis;
  KuzhiWindowStatistics statistics;
};

/* kuzhi-window-files.c: set up from init, cleared at finalize. */
void kuzhi_window_files_init     (KuzhiWindow *self);
void kuzhi_window_files_clear    (KuzhiWindow *self);
/* kuzhi-window-computer.c: the same. */
void kuzhi_window_computer_init  (KuzhiWindow *self);
void kuzhi_window_computer_clear (KuzhiWindow *self);
/* kuzhi-window-analysis.c: the same. */
void kuzhi_window_analysis_init  (KuzhiWindow *self);
void kuzhi_window_analysis_clear (KuzhiWindow *self);
/* kuzhi-window-statistics.c: the same. */
void kuzhi_window_statistics_init  (KuzhiWindow *self);
void kuzhi_window_statistics_clear (KuzhiWindow *self);

/* kuzhi-window.c: a notice above the board that the player closes, for a
 * problem the game goes on despite. */
void kuzhi_window_show_notice    (KuzhiWindow *self,
                                  const char  *text);

G_END_DECLS
