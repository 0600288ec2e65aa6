/* kuzhi-match-file.h — a match saved as a versioned GKeyFile (docs/match-file.md): writing, and loading by replaying and verifying. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "kuzhi-engine.h"
#include "kuzhi-search.h"

G_BEGIN_DECLS

/* The newest version Kuzhi reads and writes: version 4 adds [Start], the
 * position a match set up by hand started from, and is written only for
 * such a match; a match from its game's own start is written as version 3,
 * which every Kuzhi since version 3 reads. Version 1 (without Player1Plays
 * and Player2Plays: both sides people) and version 2 (without Id) are
 * still read. */
#define KUZHI_MATCH_FILE_VERSION     4
#define KUZHI_MATCH_FILE_VERSION_USUAL_START 3
/* Larger files are refused before they are read or parsed. */
#define KUZHI_MATCH_FILE_MAX_SIZE    (4 * 1024 * 1024)
/* Longer action lists are refused: replaying one costs time for each earlier
 * position (the repetition rule), and no real match comes near this. */
#define KUZHI_MATCH_FILE_MAX_ACTIONS 20000
#define KUZHI_MATCH_FILE_EXTENSION   ".kuzhi"
/* Longer player names are refused on load and cut on save: the window's
 * captions have room for this many characters. */
#define KUZHI_PLAYER_NAME_MAX_CHARS  64

#define KUZHI_MATCH_FILE_ERROR (kuzhi_match_file_error_quark ())
typedef enum {
  KUZHI_MATCH_FILE_ERROR_READ,       /* the file cannot be read (missing, no permission, a folder) */
  KUZHI_MATCH_FILE_ERROR_WRITE,      /* the file cannot be written */
  KUZHI_MATCH_FILE_ERROR_TOO_LARGE,  /* over KUZHI_MATCH_FILE_MAX_SIZE, or too many actions */
  KUZHI_MATCH_FILE_ERROR_NOT_TEXT,   /* empty, NUL bytes, not UTF-8 */
  KUZHI_MATCH_FILE_ERROR_SYNTAX,     /* not a key file */
  KUZHI_MATCH_FILE_ERROR_MISSING,    /* a group or key is missing */
  KUZHI_MATCH_FILE_ERROR_UNKNOWN,    /* a group or key this version does not know */
  KUZHI_MATCH_FILE_ERROR_VERSION,    /* a format version this Kuzhi cannot read */
  KUZHI_MATCH_FILE_ERROR_VARIANT,    /* an unknown or unavailable game */
  KUZHI_MATCH_FILE_ERROR_OPTION,     /* options the game refuses */
  KUZHI_MATCH_FILE_ERROR_VALUE,      /* a value that is not what its key needs */
  KUZHI_MATCH_FILE_ERROR_ACTION,     /* an action that is unreadable or illegal where it stands */
  KUZHI_MATCH_FILE_ERROR_POSITION,   /* the stored position differs from the replayed one */
} KuzhiMatchFileError;

GQuark    kuzhi_match_file_error_quark (void);

/* A player's name as Kuzhi keeps it: each run of control characters (tabs,
 * line breaks) made one space, and trimmed. Not cut to the limit. */
char     *kuzhi_player_name_clean    (const char *name);
/* A name as a file or a record holds it, cleaned; NULL, with the error
 * `domain`/`code` naming `where` it stands (a key, a tag), when it is
 * longer than KUZHI_PLAYER_NAME_MAX_CHARS. */
char     *kuzhi_player_name_read     (const char *text,
                                      const char *where,
                                      GQuark      domain,
                                      int         code,
                                      GError    **error);

/* Who plays each side is a KzLevel: KZ_LEVEL_NONE for a person, or the
 * computer at KZ_LEVEL_EASY, _NORMAL or _HARD (Player1Plays, Player2Plays:
 * person, easy, normal, hard). Writers take `levels` NULL for two people;
 * readers fill `levels_out` (nullable), with two people for a version 1
 * file. */
/* The word a file holds for a side: anything but a computer's level is a
 * person. Parsing takes exactly the four words. */
const char *kuzhi_player_plays_to_string (KzLevel     level);
gboolean    kuzhi_player_plays_parse     (const char *text,
                                          KzLevel    *out);

/* A match's identity (Id) is a UUID, as g_uuid_string_random() makes one:
 * the statistics count a match once by it, however often it ends. Writers
 * take `id` NULL for a new one; readers give `id_out` (nullable) the
 * file's, or a new one for a file from before version 3. */

/* The file's text. `names` are the players' names (NULL: the defaults);
 * `created` NULL means now. Modified is always now. */
char     *kuzhi_match_file_to_data   (const KzMatch      *match,
                                      const char *const   names[2],
                                      const KzLevel       levels[2],
                                      GDateTime          *created,
                                      const char         *id,
                                      gsize              *length);

/*
 * Loading. `out` must hold a match (from kz_match_init) or be zeroed
 * (KzMatch m = { 0 }); only on success is it cleared and replaced by the
 * loaded match, so on failure the caller's match is untouched. On success
 * `names_out` (nullable) receives two newly allocated names, `levels_out`
 * (nullable) who plays each side, `created_out` (nullable) a new
 * reference to the creation time and `id_out` (nullable) a newly
 * allocated identity; on failure none of them is touched.
 */
gboolean  kuzhi_match_file_from_data (const char  *data,
                                      gsize        length,
                                      KzMatch     *out,
                                      char       **names_out /* [2] */,
                                      KzLevel     *levels_out /* [2] */,
                                      GDateTime  **created_out,
                                      char       **id_out,
                                      GError     **error);

/* Atomic: a temporary file renamed over `path`, so a crash or a failed
 * write leaves the previous file whole (kuzhi_key_file_replace()). The
 * short form saves two people and a new identity. `sha256_out` (nullable)
 * receives the SHA-256 of the text written, in hex: what the autosave
 * keeps to know the file again (FileSha256). */
gboolean  kuzhi_match_file_save      (const KzMatch      *match,
                                      const char *const   names[2],
                                      const char         *path,
                                      GError            **error);
gboolean  kuzhi_match_file_save_full (const KzMatch      *match,
                                      const char *const   names[2],
                                      const KzLevel       levels[2],
                                      GDateTime          *created,
                                      const char         *id,
                                      const char         *path,
                                      char              **sha256_out,
                                      GError            **error);

/* The short form leaves out who plays each side, the date and the identity;
 * `sha256_out` (nullable) receives the SHA-256 of the text read. */
gboolean  kuzhi_match_file_load      (const char  *path,
                                      KzMatch     *out,
                                      char       **names_out /* [2] */,
                                      GError     **error);
gboolean  kuzhi_match_file_load_full (const char  *path,
                                      KzMatch     *out,
                                      char       **names_out /* [2] */,
                                      KzLevel     *levels_out /* [2] */,
                                      GDateTime  **created_out,
                                      char       **id_out,
                                      char       **sha256_out,
                                      GError     **error);

/* Autosave: $XDG_DATA_HOME/kuzhi/autosave.kuzhi, written after every action
 * so that a crash loses nothing. `file` (nullable, with `file_sha256`) is
 * the match's own file, an absolute path, and the SHA-256 of what it held
 * when the match was last saved to it or opened from it: written in the
 * autosave's [Autosave] group (docs/match-file.md), so that the next start
 * knows the match's file and what of the match is in it. */
char     *kuzhi_match_file_get_autosave_path (void);
/* Whether `path` is one of the autosaves in the data folder
 * (autosave.kuzhi, autosave-N.kuzhi): a match opened from one is in no
 * file of the player's (docs/ui.md, "Files"). */
gboolean  kuzhi_match_file_is_autosave       (const char *path);

/*
 * Two Kuzhis on one data folder (two logins of one user, a shared home):
 * each writes an autosave of its own, guarded by a lock held for the
 * program's life (docs/match-file.md, "Two Kuzhis on one data folder").
 * Claiming takes autosave.lock, or when a running Kuzhi holds it the first
 * free of autosave-2.lock, autosave-3.lock, …; from then on
 * kuzhi_match_file_get_autosave_path() names that lock's autosave
 * (autosave.kuzhi, autosave-2.kuzhi, …). Returns its number, 1 for the
 * usual one; 0 with an error when no lock could be taken (the folder
 * cannot be written, or every one is taken), and then the autosave stays
 * autosave.kuzhi. Until claimed (tests, kuzhi-engine) it is
 * autosave.kuzhi, unguarded.
 */
#define KUZHI_MATCH_FILE_MAX_AUTOSAVES 32
guint      kuzhi_match_file_claim_autosave      (GError     **error);
guint      kuzhi_match_file_get_autosave_number (void);
/* The autosaves that no running Kuzhi holds, other than this one's: a
 * second Kuzhi's, left when it ended. Paths, by number. */
GPtrArray *kuzhi_match_file_list_left_autosaves (void);
/* Makes `left` (one of the above) this program's autosave, and this
 * program's autosave `left`, in one atomic exchange: nothing is lost, and
 * the match it held is offered again in turn. Restore the autosave after. */
gboolean   kuzhi_match_file_take_left_autosave  (const char  *left,
                                                 GError     **error);

gboolean  kuzhi_match_file_autosave          (const KzMatch     *match,
                                              const char *const  names[2],
                                              const KzLevel      levels[2],
                                              GDateTime         *created,
                                              const char        *id,
                                              const char        *file,
                                              const char        *file_sha256,
                                              GError           **error);
/* G_IO_ERROR_NOT_FOUND when there is no autosave. An autosave that cannot
 * be restored is moved aside to autosave-broken-DATE.kuzhi beside it (the
 * message says where), so that the next autosave does not overwrite it. */
/* `file_out` and `file_sha256_out` (nullable) receive the [Autosave]
 * group's File and FileSha256, or NULL when it has none (an autosave from
 * before it, or of a match in no file). A relative path, a value that is
 * no SHA-256, one key without the other or any other key is refused, as
 * the rest of a broken autosave. */
gboolean  kuzhi_match_file_restore_autosave  (KzMatch     *out,
                                              char       **names_out /* [2] */,
                                              KzLevel     *levels_out /* [2] */,
                                              GDateTime  **created_out,
                                              char       **id_out,
                                              char       **file_out,
                                              char       **file_sha256_out,
                                              GError     **error);

/* Whether the match's file still holds what Kuzhi last wrote to it or read
 * from it (its SHA-256 is `file_sha256`): then `out` (as for loading),
 * `names_out` and `levels_out` (nullable) receive what it holds. GONE when
 * nothing is at `file` any more (deleted or moved away); CHANGED when
 * something else is there (written by another program, unreadable, not a
 * match file). */
typedef enum {
  KUZHI_MATCH_FILE_LINK_SAME,
  KUZHI_MATCH_FILE_LINK_GONE,
  KUZHI_MATCH_FILE_LINK_CHANGED,
} KuzhiMatchFileLink;

KuzhiMatchFileLink kuzhi_match_file_check_link (const char  *file,
                                                const char  *file_sha256,
                                                KzMatch     *out,
                                                char       **names_out /* [2] */,
                                                KzLevel     *levels_out /* [2] */);
/* Removes the temporary files (.autosave.kuzhi.XXXXXX.tmp) that a save
 * killed before its rename leaves; returns how many. Call it holding the
 * autosave's lock, before the first autosave of a run. */
guint     kuzhi_match_file_remove_stale_temporaries (void);
/* A file's text, read as Open and `load` read files: refused when it is not
 * a regular file or is over KUZHI_MATCH_FILE_MAX_SIZE, before it is read;
 * so that a caller can tell a match file from another format by content. */
char     *kuzhi_match_file_read_text         (const char  *path,
                                              gsize       *length,
                                              GError     **error);
/* Removes the autosave; no error when there is none. */
gboolean  kuzhi_match_file_discard_autosave  (GError     **error);

G_END_DECLS
