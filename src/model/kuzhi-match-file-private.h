/* kuzhi-match-file-private.h — what tests do with match files and the program does not: let go of the autosave's lock. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "kuzhi-match-file.h"

G_BEGIN_DECLS

/* Lets go of the lock; the autosave is autosave.kuzhi again. */
void       kuzhi_match_file_release_autosave    (void);

G_END_DECLS
