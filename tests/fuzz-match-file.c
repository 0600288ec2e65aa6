/* fuzz-match-file.c — libFuzzer target: any bytes given to the match-file loader and to the OGN reader are refused cleanly or load a match (and who plays each side) that survives a second round trip. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kuzhi-match-file.h"
#include "kuzhi-ogn.h"
#include "kuzhi-test-fuzz.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
clear_loaded (KzMatch *match, char **names, GDateTime **created)
{
  kz_match_clear (match);
  g_clear_pointer (&names[0], g_free);
  g_clear_pointer (&names[1], g_free);
  g_clear_pointer (created, g_date_time_unref);
}

int LLVMFuzzerInitialize (int *argc, char ***argv);

/* Aualé's OGN, as Open and `load` read a file that looks like one: refused
 * with a reason, or a record that writes and reads back to the same match,
 * the same text again. */
static void
fuzz_ogn (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KuzhiOgnRecord) record = NULL;
  g_autoptr(KuzhiOgnRecord) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  (void) kuzhi_ogn_looks_like ((const char *) data, size);
  record = kuzhi_ogn_from_data ((const char *) data, size, &error);
  if (record == NULL)
    {
      if (error == NULL || error->message == NULL || *error->message == '\0')
        __builtin_trap ();
      return;
    }
  text = kuzhi_ogn_to_data (&record->match, (const char *const *) record->names, NULL, record, NULL);
  if (text == NULL)
    __builtin_trap ();
  again = kuzhi_ogn_from_data (text, strlen (text), NULL);
  if (again == NULL || !kz_position_equal (&record->match.pos, &again->match.pos) ||
      record->match.n_history != again->match.n_history ||
      g_strcmp0 (record->names[0], again->names[0]) != 0 ||
      g_strcmp0 (record->names[1], again->names[1]) != 0)
    __builtin_trap ();
  text_again = kuzhi_ogn_to_data (&again->match, (const char *const *) again->names, NULL, again, NULL);
  if (text_again == NULL || strcmp (text, text_again) != 0)
    __builtin_trap ();
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  kz_fuzz_trap_warnings ("fuzz-match-file");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  KzMatch match = { 0 };
  KzMatch again = { 0 };
  char *names[2] = { NULL, NULL };
  char *names_again[2] = { NULL, NULL };
  KzLevel levels[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  KzLevel levels_again[2] = { KZ_LEVEL_NONE, KZ_LEVEL_NONE };
  GDateTime *created = NULL;
  GDateTime *created_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  fuzz_ogn (data, size);
  if (!kuzhi_match_file_from_data ((const char *) data, size, &match, names, levels, &created, NULL, &error))
    {
      /* A refusal always says why, and leaves nothing behind. */
      if (error == NULL || error->message == NULL || *error->message == '\0')
        __builtin_trap ();
      if (match.history != NULL || names[0] != NULL || created != NULL)
        __builtin_trap ();
      return 0;
    }

  /* Whatever loaded must save and load again to the same match: a file
   * Kuzhi accepts is one it can keep. */
  text = kuzhi_match_file_to_data (&match, (const char *const *) names, levels, created, NULL, &length);
  if (!kuzhi_match_file_from_data (text, length, &again, names_again, levels_again, &created_again, NULL, NULL))
    __builtin_trap ();
  if (!kz_position_equal (&match.pos, &again.pos) ||
      match.n_history != again.n_history ||
      g_strcmp0 (names[0], names_again[0]) != 0 ||
      g_strcmp0 (names[1], names_again[1]) != 0 ||
      levels[0] != levels_again[0] || levels[1] != levels_again[1])
    __builtin_trap ();
  for (size_t i = 0; i < match.n_history; i++)
    if (match.history[i].action != again.history[i].action)
      __builtin_trap ();

  clear_loaded (&again, names_again, &created_again);
  clear_loaded (&match, names, &created);
  return 0;
}
