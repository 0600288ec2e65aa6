/* kuzhi-computer-player-private.h — what tests may ask the computer player and callers may not: whether a move it was asked for is still on its way. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-computer-player.h"

G_BEGIN_DECLS

/* How many kuzhi_computer_player_choose_async() calls, in the whole
 * program, have not yet finished: their search still runs, or their
 * callback has not yet returned. At 0, a cancelled choice has been
 * delivered (as G_IO_ERROR_CANCELLED) and can no longer land. */
guint kuzhi_computer_player_get_n_choosing (void);

G_END_DECLS
