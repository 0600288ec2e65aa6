/* bench-search.c — the search's figures: Kalah solved from the start, speed and depth in 1 s per game, and the levels' strength table. */
#include <glib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "kuzhi-search.h"

/* Options, so that a quick run and a thorough one use the same program. */
static int     opt_games = 100;        /* per pairing, colours alternated */
static int     opt_hard_nodes = 200000; /* Hard's budget per move in the table */
static int     opt_kalah4_seconds = 600;
static int     opt_second_ms = 1000;
static int     opt_opening = 4;         /* Easy's turns before engines meet */
static gboolean opt_skip_solve, opt_skip_speed, opt_skip_strength;
static char   *opt_only;               /* one game's key */
static char   *opt_tune;               /* tune this game's weights instead */

static GOptionEntry entries[] = {
  { "games", 0, 0, G_OPTION_ARG_INT, &opt_games, "Games per pairing (even)", "N" },
  { "hard-nodes", 0, 0, G_OPTION_ARG_INT, &opt_hard_nodes, "Hard's nodes per move in the strength table", "N" },
  { "kalah4-seconds", 0, 0, G_OPTION_ARG_INT, &opt_kalah4_seconds, "Time given to solving Kalah with 4 seeds (0: no limit)", "S" },
  { "opening", 0, 0, G_OPTION_ARG_INT, &opt_opening, "Turns played by Easy at the start of games between engines", "N" },
  { "second-ms", 0, 0, G_OPTION_ARG_INT, &opt_second_ms, "Time of the speed test per game", "MS" },
  { "skip-solve", 0, 0, G_OPTION_ARG_NONE, &opt_skip_solve, "Skip the Kalah solves", NULL },
  { "skip-speed", 0, 0, G_OPTION_ARG_NONE, &opt_skip_speed, "Skip the 1-second searches", NULL },
  { "skip-strength", 0, 0, G_OPTION_ARG_NONE, &opt_skip_strength, "Skip the strength table", NULL },
  { "only", 0, 0, G_OPTION_ARG_STRING, &opt_only, "Only this game in the table", "KEY" },
  { "tune", 0, 0, G_OPTION_ARG_STRING, &opt_tune, "Tune this game's evaluation weights by matches", "KEY" },
  { NULL },
};

static long
peak_rss_mb (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

static double
cpu_seconds (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6;
}

static double
thread_cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
new_match (KzMatch *m, KzVariantId id, int seeds)
{
  KzOptions options = { .seeds = seeds };
  if (!kz_match_init (m, id, &options, NULL, 0))
    g_error ("cannot set up game %d", id);
}

typedef struct {
  int           seconds;
  volatile int  cancel;
  volatile int  done;
} Watch;

static gpointer
watch_clock (gpointer data)
{
  Watch *w = data;
  for (int tenths = 0; tenths < w->seconds * 10 && !w->done; tenths++)
    g_usleep (100 * 1000);
  w->cancel = 1;
  return NULL;
}

/* Kalah from the start, searched to the end (no limits: the same search as
 * `go` without arguments). A watch cancels it after time_limit_s (0: never). */
static void
bench_solve (int seeds, int time_limit_s, size_t table_mb)
{
  KzSearcher *s = kz_searcher_new (table_mb);
  KzMatch m;
  KzSearchLimits limits = { 0 };
  KzSearchResult r;
  Watch watch = { .seconds = time_limit_s };
  GThread *thread = NULL;
  double cpu0 = cpu_seconds ();

  new_match (&m, KZ_VARIANT_KALAH, seeds);
  if (time_limit_s > 0)
    thread = g_thread_new ("watch", watch_clock, &watch);
  kz_search (s, &m, &limits, &watch.cancel, &r);
  watch.done = 1;
  if (thread != NULL)
    g_thread_join (thread);
  if (r.exact)
    g_print ("kalah seeds=%d: solved, value %+d, best %d, time %.2f s (cpu %.2f s), nodes %" G_GUINT64_FORMAT
             ", table %zu MB, peak memory %ld MB\n",
             seeds, kz_score_to_seeds (r.score), r.best, r.time_ms / 1000.0, cpu_seconds () - cpu0, r.nodes,
             table_mb, peak_rss_mb ());
  else
    g_print ("kalah seeds=%d: NOT solved within %d s (cpu %.2f s, nodes %" G_GUINT64_FORMAT
             "); table %zu MB, peak memory %ld MB\n",
             seeds, time_limit_s, cpu_seconds () - cpu0, r.nodes, table_mb, peak_rss_mb ());
  kz_match_clear (&m);
  kz_searcher_free (s);
}

static void
bench_speed (void)
{
  KzSearcher *s = kz_searcher_new (256);

  g_print ("\nOne search of %d ms from the start of each game (nodes/s per wall second and per CPU\n"
           "second of the searching thread: the two differ when the machine is shared)\n",
           opt_second_ms);
  g_print ("%-13s %10s %12s %12s %6s %s\n", "game", "nodes", "nodes/s", "nodes/cpu-s", "depth", "best score(seeds)");
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      KzMatch m;
      KzSearchLimits limits = { .time_ms = opt_second_ms };
      KzSearchResult r;

      if (kz_variant_get (id) == NULL)
        continue;
      new_match (&m, id, 0);
      kz_searcher_clear (s);
      double cpu0 = thread_cpu_seconds ();
      kz_search (s, &m, &limits, NULL, &r);
      double cpu = thread_cpu_seconds () - cpu0;
      g_print ("%-13s %10" G_GUINT64_FORMAT " %12.0f %12.0f %6d %d %+d\n", kz_variant_get (id)->key, r.nodes,
               r.nodes / (r.time_ms > 0 ? r.time_ms / 1000.0 : 1e-3), r.nodes / (cpu > 0 ? cpu : 1e-3),
               r.depth, r.best, kz_score_to_seeds (r.score));
      kz_match_clear (&m);
    }
  kz_searcher_free (s);
}

/* Players of the strength table. */
typedef enum { P_RANDOM, P_EASY, P_NORMAL, P_HARD } PlayerKind;
static const char *const player_names[] = { "random", "easy", "normal", "hard" };

typedef struct {
  PlayerKind     kind;
  KzEvalWeights  weights;
  gboolean       own_weights;
} Player;

/* Plays one turn for `p` (a mark and its sowing count as one turn). */
static void
play_turn (KzSearcher *s, const Player *p, KzMatch *m, GRand *rand, guint64 seed)
{
  KzAction actions[KZ_MAX_ACTIONS];

  if (p->kind == P_RANDOM)
    {
      int n = kz_position_variant (&m->pos)->legal (&m->pos, actions);
      kz_match_play (m, actions[g_rand_int_range (rand, 0, n)], NULL);
      return;
    }

  KzSearchLimits limits = { .seed = seed };
  KzSearchResult r;
  if (p->kind == P_HARD)
    limits.nodes = (uint64_t) opt_hard_nodes;
  else
    limits.level = p->kind == P_EASY ? KZ_LEVEL_EASY : KZ_LEVEL_NORMAL;
  kz_searcher_set_weights (s, (KzVariantId) m->pos.variant, p->own_weights ? &p->weights : NULL);
  if (!kz_search (s, m, &limits, NULL, &r))
    g_error ("no move found");
  if (!kz_match_play (m, r.best, NULL))
    g_error ("the search chose an illegal action");
  if (KZ_ACTION_IS_MARK (r.best) && !m->pos.over)
    {
      KzAction sow = r.pv_len >= 2 ? r.pv[1] : KZ_ACTION_NONE;
      if (!kz_match_play (m, sow, NULL))
        {
          /* The PV lost its second half: search the sowing afresh. */
          if (!kz_search (s, m, &limits, NULL, &r) || !kz_match_play (m, r.best, NULL))
            g_error ("no sowing after a mark");
        }
    }
}

/* One game: returns player a's points (1, ½, 0). The first `opening`
 * turns are random, so that deterministic players meet in new games. */
static double
play_game (KzSearcher *s, KzVariantId id, const Player *a, const Player *b, int a_side,
           int opening, guint32 game_seed)
{
  KzMatch m;
  GRand *rand = g_rand_new_with_seed (game_seed);
  double points;

  new_match (&m, id, 0);
  kz_searcher_clear (s);
  for (int turn = 0; !m.pos.over && turn < 2000; turn++)
    {
      const Player *p = m.pos.to_move == a_side ? a : b;
      /* Openings by Easy: varied, yet not thrown away as random moves
       * would (some games are decided by one careless turn). */
      Player opener = { .kind = P_EASY };
      if (turn < opening)
        p = &opener;
      play_turn (s, p, &m, rand, game_seed * 1000u + (guint) turn);
    }
  if (!m.pos.over)
    kz_position_adjudicate (&m.pos, KZ_END_LIMIT);
  points = m.pos.winner == a_side ? 1.0 : m.pos.winner == -1 ? 0.5 : 0.0;
  kz_match_clear (&m);
  g_rand_free (rand);
  return points;
}

/* A pairing: `games` games, a on each side in turn; the same opening is
 * played once with each colour. Returns a's share in percent. */
static double
pairing (KzSearcher *s, KzVariantId id, const Player *a, const Player *b, int games, int *wins, int *draws, int *losses,
         double *as_first)
{
  double total = 0;
  double first = 0;
  int opening = (a->kind == P_RANDOM || b->kind == P_RANDOM) ? 0 : opt_opening;

  *wins = *draws = *losses = 0;
  for (int g = 0; g < games; g++)
    {
      double p = play_game (s, id, a, b, g % 2, opening, (guint32) (g / 2 + 1) * 7919u + (guint32) id);
      total += p;
      if (g % 2 == 0)
        first += p;
      if (p == 1.0)
        (*wins)++;
      else if (p == 0.5)
        (*draws)++;
      else
        (*losses)++;
    }
  if (as_first != NULL)
    *as_first = 100.0 * first / (games / 2);
  return 100.0 * total / games;
}

typedef struct {
  KzVariantId id;
  PlayerKind  a, b;
  double      percent;
  double      as_first;    /* a's score when it moved first */
  int         wins, draws, losses;
  double      seconds;
} Row;

static void
run_row (gpointer data, gpointer user_data)
{
  Row *row = data;
  KzSearcher *s = kz_searcher_new (16);
  Player a = { .kind = row->a }, b = { .kind = row->b };
  gint64 t0 = g_get_monotonic_time ();

  row->percent = pairing (s, row->id, &a, &b, opt_games, &row->wins, &row->draws, &row->losses, &row->as_first);
  row->seconds = (g_get_monotonic_time () - t0) / 1e6;
  kz_searcher_free (s);
}

static void
bench_strength (void)
{
  static const PlayerKind pairs[][2] = { { P_HARD, P_NORMAL }, { P_NORMAL, P_EASY }, { P_EASY, P_RANDOM } };
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);
  GThreadPool *pool = g_thread_pool_new (run_row, NULL, (int) g_get_num_processors (), TRUE, NULL);

  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      if (kz_variant_get (id) == NULL || (opt_only && strcmp (opt_only, kz_variant_get (id)->key) != 0))
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (pairs); k++)
        {
          Row *row = g_new0 (Row, 1);
          row->id = id;
          row->a = pairs[k][0];
          row->b = pairs[k][1];
          g_ptr_array_add (rows, row);
          g_thread_pool_push (pool, row, NULL);
        }
    }
  g_thread_pool_free (pool, FALSE, TRUE);

  g_print ("\nStrength table: %d games per pairing, colours alternated, each opening (%d turns by Easy)\n"
           "played once with each colour; Hard = %d nodes per move, Normal = depth 4 (Dakon 3),\n"
           "Easy = depth 2 with 30%% random reasonable moves. Score of the first player named\n"
           "(win 1, draw 1/2).\n\n",
           opt_games, opt_opening, opt_hard_nodes);
  g_print ("%-13s %-14s %7s %5s %5s %5s %9s %9s %8s %s\n", "game", "pairing", "score", "won", "drawn", "lost",
           "as-first", "as-second", "seconds", "target");
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = rows->pdata[i];
      double target = row->b == P_RANDOM ? 90.0 : 75.0;
      g_autofree char *name = g_strdup_printf ("%s-%s", player_names[row->a], player_names[row->b]);
      g_print ("%-13s %-14s %6.1f%% %5d %5d %5d %8.1f%% %8.1f%% %8.1f %s\n", kz_variant_get (row->id)->key, name,
               row->percent, row->wins, row->draws, row->losses, row->as_first, 2 * row->percent - row->as_first,
               row->seconds, row->percent >= target ? "met" : "MISSED");
    }
  g_ptr_array_unref (rows);
}

/* Tuning: Normal with one weight changed against Normal with the defaults. */
static void
tune (const char *key)
{
  const KzVariant *v = kz_variant_lookup (key);
  KzSearcher *s = kz_searcher_new (16);
  KzVariantId id = 0;

  if (v == NULL)
    g_error ("unknown game %s", key);
  while (kz_variant_get (id) != v)
    id++;
  const KzEvalWeights *def = kz_eval_default_weights (id);
  Player base = { .kind = P_NORMAL };

  for (int k = 1; k < KZ_EVAL_N_WEIGHTS; k++)
    {
      const char *name = kz_eval_weight_name (id, k);
      if (name == NULL)
        continue;
      static const int changes[] = { -60, -20, 20, 60 };
      for (gsize c = 0; c < G_N_ELEMENTS (changes); c++)
        {
          Player p = { .kind = P_NORMAL, .own_weights = TRUE, .weights = *def };
          int w, d, l;
          p.weights.w[k] += changes[c];
          double pct = pairing (s, id, &p, &base, opt_games, &w, &d, &l, NULL);
          g_print ("%s %-10s %4d -> %4d: %5.1f%% (+%d =%d -%d)\n", key, name, def->w[k], p.weights.w[k], pct, w, d, l);
        }
    }
  kz_searcher_free (s);
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— the search's benchmark");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  opt_games += opt_games % 2;

  if (opt_tune != NULL)
    {
      tune (opt_tune);
      return 0;
    }
  if (!opt_skip_solve)
    {
      bench_solve (3, 0, 64);
      bench_solve (4, opt_kalah4_seconds, 1024);
      g_print ("\n");
    }
  if (!opt_skip_speed)
    bench_speed ();
  if (!opt_skip_strength)
    bench_strength ();
  return 0;
}
