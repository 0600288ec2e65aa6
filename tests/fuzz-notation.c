/* fuzz-notation.c — libFuzzer target: any text pasted as a position or a record is refused cleanly, leaving the match untouched, or reads to a match that survives the notation again. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kuzhi-notation.h"
#include "kuzhi-test-fuzz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  kz_fuzz_trap_warnings ("fuzz-notation");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  /* The clipboard gives text: a NUL ends it. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  KzMatch match = { 0 };
  KzMatch again = { 0 };
  KzPosition pos, pos_again;
  char *names[2] = { NULL, NULL };
  char *names_again[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *record = NULL;
  g_autofree char *line = NULL;

  if (!kuzhi_notation_match_parse (text, &match, names, &error))
    {
      /* A refusal always says why, and leaves nothing behind. */
      if (error == NULL || error->message == NULL || *error->message == '\0')
        __builtin_trap ();
      if (match.history != NULL || names[0] != NULL || names[1] != NULL)
        __builtin_trap ();
      return 0;
    }

  /* What reads is a match the rules allow, and writes back to itself. */
  if (!kz_position_check (&match.start, NULL, 0))
    __builtin_trap ();
  record = kuzhi_notation_match_to_string (&match, (const char *const *) names);
  if (!kuzhi_notation_match_parse (record, &again, names_again, NULL))
    __builtin_trap ();
  if (!kz_position_equal (&match.start, &again.start) || !kz_position_equal (&match.pos, &again.pos) ||
      match.n_history != again.n_history ||
      g_strcmp0 (names[0], names_again[0]) != 0 || g_strcmp0 (names[1], names_again[1]) != 0)
    __builtin_trap ();
  line = kuzhi_notation_position_to_string (&match.start);
  if (!kuzhi_notation_position_parse (line, &pos, NULL))
    __builtin_trap ();
  pos_again = match.start;
  if (!kz_position_equal (&pos, &pos_again))
    __builtin_trap ();

  kz_match_clear (&again);
  kz_match_clear (&match);
  g_free (names[0]);
  g_free (names[1]);
  g_free (names_again[0]);
  g_free (names_again[1]);
  return 0;
}
