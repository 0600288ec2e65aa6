/* bench-playout.c — random-playout throughput of every game, in actions per second on one core. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <stdio.h>

#include "kuzhi-engine.h"
#include "kuzhi-test-util.h"

#define MAX_PLIES 2000   /* a playout this long is cut: repetition lives in KzMatch */

static void
bench_variant (KzVariantId id, double seconds)
{
  const KzVariant *v = kz_variant_get (id);
  KzPosition start;
  KzOptions options = { 0 };
  guint64 rng = 12345;
  guint64 actions = 0, playouts = 0;
  gint64 t0 = g_get_monotonic_time (), elapsed;

  if (!v->setup (&start, &options, NULL, 0))
    return;
  do
    {
      for (int batch = 0; batch < 1000; batch++)
        {
          KzPosition pos = start;
          KzAction legal[KZ_MAX_ACTIONS];

          for (int ply = 0; ply < MAX_PLIES && !pos.over; ply++)
            {
              int n = v->legal (&pos, legal);
              v->apply (&pos, legal[kz_test_rand (&rng) % n], NULL);
              actions++;
            }
          playouts++;
        }
      elapsed = g_get_monotonic_time () - t0;
    }
  while (elapsed < seconds * G_USEC_PER_SEC);

  printf ("%-13s %12.0f actions/s  %9.0f playouts/s  %6.1f actions/playout\n",
          v->key, actions / (elapsed / 1e6), playouts / (elapsed / 1e6),
          (double) actions / playouts);
}

int
main (int argc, char **argv)
{
  double seconds = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 2.0;

  printf ("Random playouts, one core, %.1f s per game\n", seconds);
  printf ("sizeof (KzPosition) = %zu bytes\n", sizeof (KzPosition));
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (kz_variant_get (id) != NULL)
      bench_variant (id, seconds);
  return 0;
}
