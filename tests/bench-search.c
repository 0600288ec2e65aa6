/* bench-search.c — the search's figures: Kalah solved from the start, speed and depth in 1 s per game, and the levels' strength table. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

#include "kuzhi-search.h"
#include "kuzhi-endgame-file.h"
#include "kuzhi-kalah-solve.h"

/* Options, so that a quick run and a thorough one use the same program. */
static int     opt_games = 100;        /* per pairing, colours alternated */
static int     opt_hard_nodes = 100000; /* Hard's budget per move in the table (~0.05 s) */
static int     opt_kalah4_seconds = 600;
static int     opt_kalah4_mb = 1024;
static int     opt_kalah5_mb;          /* 0: Kalah(6,5) is not solved */
static int     opt_endgame_seeds;
static char   *opt_endgame_dir;
static KzEndgameFile *endgame_file;   /* the solves' database, or NULL */
static int     opt_second_ms = 1000;
static int     opt_opening = 4;         /* random turns before the engines meet */
static int     opt_check_nodes = 200000; /* the search that judges an opening */
static int     opt_candidates = 8;     /* random openings tried per opening kept */
static int     opt_threads;            /* games played at once (0: one per core) */
static int     opt_search_threads = 2; /* threads of the second 1-second table */
static char   *opt_tune_level = "normal";
static char   *opt_tune_weight;        /* only this weight */
static char   *opt_tune_changes = "-60,-20,20,60";
static char   *opt_weights;
static gboolean opt_verbose;
static char   *opt_pairings;           /* only these pairings of the table */
static char   *opt_challenger;         /* tuning: these weights against the base */
static gboolean opt_skip_solve, opt_skip_speed, opt_skip_strength;
static char   *opt_only;               /* one game's key */
static char   *opt_tune;               /* tune this game's weights instead */

static GOptionEntry entries[] = {
  { "games", 0, 0, G_OPTION_ARG_INT, &opt_games, "Games per pairing (even)", "N" },
  { "hard-nodes", 0, 0, G_OPTION_ARG_INT, &opt_hard_nodes, "Hard's nodes per move in the strength table", "N" },
  { "kalah4-seconds", 0, 0, G_OPTION_ARG_INT, &opt_kalah4_seconds, "Time given to solving Kalah with 4 seeds (0: no limit)", "S" },
  { "kalah4-mb", 0, 0, G_OPTION_ARG_INT, &opt_kalah4_mb, "Table for solving Kalah with 4 seeds, in MB", "MB" },
  { "kalah5-mb", 0, 0, G_OPTION_ARG_INT, &opt_kalah5_mb, "Also solve Kalah with 5 seeds, without a time limit, with a table of MB (0: not)", "MB" },
  { "endgame-seeds", 0, 0, G_OPTION_ARG_INT, &opt_endgame_seeds, "The solves use the endgame database of N seeds (0: none), built if missing", "N" },
  { "endgame-dir", 0, 0, G_OPTION_ARG_FILENAME, &opt_endgame_dir, "Where that database is (default: as the app)", "DIR" },
  { "opening", 0, 0, G_OPTION_ARG_INT, &opt_opening, "Random turns that start every game of the table", "N" },
  { "check-nodes", 0, 0, G_OPTION_ARG_INT, &opt_check_nodes, "Nodes of the search that judges an opening", "N" },
  { "candidates", 0, 0, G_OPTION_ARG_INT, &opt_candidates, "Random openings judged per opening kept", "N" },
  { "threads", 0, 0, G_OPTION_ARG_INT, &opt_threads, "Pairings played at once (default: one per core)", "N" },
  { "second-ms", 0, 0, G_OPTION_ARG_INT, &opt_second_ms, "Time of the speed test per game", "MS" },
  { "search-threads", 0, 0, G_OPTION_ARG_INT, &opt_search_threads,
    "The speed test again with N threads to a search, as Hard has them in the app (1: only once; default 2)", "N" },
  { "skip-solve", 0, 0, G_OPTION_ARG_NONE, &opt_skip_solve, "Skip the Kalah solves", NULL },
  { "skip-speed", 0, 0, G_OPTION_ARG_NONE, &opt_skip_speed, "Skip the 1-second searches", NULL },
  { "skip-strength", 0, 0, G_OPTION_ARG_NONE, &opt_skip_strength, "Skip the strength table", NULL },
  { "only", 0, 0, G_OPTION_ARG_STRING, &opt_only, "Only this game in the table", "KEY" },
  { "tune", 0, 0, G_OPTION_ARG_STRING, &opt_tune, "Tune this game's evaluation weights by matches", "KEY" },
  { "tune-level", 0, 0, G_OPTION_ARG_STRING, &opt_tune_level, "Level of both tuning players (easy, normal, hard)", "LEVEL" },
  { "tune-weight", 0, 0, G_OPTION_ARG_STRING, &opt_tune_weight, "Only tune this weight", "NAME" },
  { "tune-changes", 0, 0, G_OPTION_ARG_STRING, &opt_tune_changes, "Changes tried on each weight", "D1,D2,..." },
  { "challenger", 0, 0, G_OPTION_ARG_STRING, &opt_challenger, "Tuning: one match of these weights against the base", "W0,W1,..." },
  { "pairings", 0, 0, G_OPTION_ARG_STRING, &opt_pairings, "Only these pairings (e.g. normal-easy,easy-random)", "LIST" },
  { "verbose", 0, 0, G_OPTION_ARG_NONE, &opt_verbose, "Print every game", NULL },
  { "weights", 0, 0, G_OPTION_ARG_STRING, &opt_weights, "Weights of one game for every player", "KEY:W0,W1,..." },
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

  if (endgame_file != NULL)
    kz_searcher_set_endgame (s, KZ_VARIANT_KALAH, kz_endgame_file_get (endgame_file));
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

/* Kalah(6,5) from the start with the solver itself, for as long as it
 * takes: `go` caps a solve at KZ_SEARCH_KALAH_SOLVE_TIME_MS, and this one
 * takes longer. The table comes fresh from the system, so it is zeroed
 * already; the first guess is 0. */
static void
bench_solve5 (size_t table_mb)
{
  size_t bytes = table_mb << 20;
  void *table = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  KzKalahSolution sol;
  KzMatch m;
  double cpu0 = cpu_seconds ();
  gint64 start = g_get_monotonic_time ();
  bool solved;

  if (table == MAP_FAILED)
    g_error ("--kalah5-mb: no memory for a table of %zu MB", table_mb);
  new_match (&m, KZ_VARIANT_KALAH, 5);
  solved = kz_kalah_solve_endgame (&m.pos, table, bytes, true, NULL, 0, 0,
                                   endgame_file != NULL ? kz_endgame_file_get (endgame_file) : NULL, &sol);
  if (solved)
    g_print ("kalah seeds=5: solved, value %+d, best %d, time %.1f s (cpu %.1f s), nodes %" G_GUINT64_FORMAT
             ", table %zu MB, peak memory %ld MB\n",
             sol.value, sol.pv[0], (g_get_monotonic_time () - start) / 1e6, cpu_seconds () - cpu0, sol.nodes,
             table_mb, peak_rss_mb ());
  else
    g_print ("kalah seeds=5: NOT solved (cpu %.1f s, nodes %" G_GUINT64_FORMAT ")\n",
             cpu_seconds () - cpu0, sol.nodes);
  kz_match_clear (&m);
  munmap (table, bytes);
}

/* One search of --second-ms from the start of each game, with n_threads
 * threads. The CPU time is the searching thread's alone with one thread
 * (so that other work of the machine does not count), the process's with
 * more. */
static void
bench_speed_with (int n_threads)
{
  KzSearcher *s = kz_searcher_new (256);

  if (!kz_searcher_set_threads (s, n_threads))
    g_error ("--search-threads: %d is not between 1 and %d", n_threads, KZ_SEARCH_MAX_THREADS);
  g_print ("\nOne search of %d ms from the start of each game with %d thread%s (nodes/s per wall second and per\n"
           "CPU second of the %s: the two differ when the machine is shared%s)\n",
           opt_second_ms, n_threads, n_threads > 1 ? "s" : "", n_threads > 1 ? "process" : "searching thread",
           n_threads > 1 ? ", and by the threads" : "");
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
      double cpu0 = n_threads > 1 ? cpu_seconds () : thread_cpu_seconds ();
      kz_search (s, &m, &limits, NULL, &r);
      double cpu = (n_threads > 1 ? cpu_seconds () : thread_cpu_seconds ()) - cpu0;
      g_print ("%-13s %10" G_GUINT64_FORMAT " %12.0f %12.0f %6d %d %+d\n", kz_variant_get (id)->key, r.nodes,
               r.nodes / (r.time_ms > 0 ? r.time_ms / 1000.0 : 1e-3), r.nodes / (cpu > 0 ? cpu : 1e-3),
               r.depth, r.best, kz_score_to_seeds (r.score));
      kz_match_clear (&m);
    }
  kz_searcher_free (s);
}

static void
bench_speed (void)
{
  bench_speed_with (1);
  if (opt_search_threads != 1)
    bench_speed_with (opt_search_threads);
}

/* Players of the strength table. */
typedef enum { P_RANDOM, P_EASY, P_NORMAL, P_HARD } PlayerKind;
static const char *const player_names[] = { "random", "easy", "normal", "hard" };

typedef struct {
  PlayerKind     kind;
  KzEvalWeights  weights;
  gboolean       own_weights;
} Player;

/* Weights given with --weights for every player of one game (what the
 * table would show with other defaults), or NULL. */
static KzEvalWeights *table_weights[KZ_N_VARIANTS];

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
  KzVariantId id = (KzVariantId) m->pos.variant;
  if (p->kind == P_HARD)
    limits.nodes = (uint64_t) opt_hard_nodes;
  else
    limits.level = p->kind == P_EASY ? KZ_LEVEL_EASY : KZ_LEVEL_NORMAL;
  kz_searcher_set_weights (s, id, p->own_weights ? &p->weights : table_weights[id]);
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

/* Openings. Each game of a pairing starts from a position reached by a
 * few turns of random moves, kept only when it is balanced: a search with
 * the check budget proves no result and judges it within --balance seeds
 * of even, and it differs from the openings kept before. Every opening is played twice, once
 * with each colour, so neither the opening nor the first move favours a
 * player; the same openings serve every pairing of a game. */
#define MAX_OPENING_ACTIONS 64

typedef struct {
  KzAction actions[MAX_OPENING_ACTIONS];
  int      n;
  int      score;        /* the check's score, centiseeds, for the mover */
} Opening;

typedef struct {
  Opening *items;
  int      n;
  int      tried;
  int      decided;      /* thrown away: the game ended or a result was proven */
  int      unbalanced;   /* thrown away: judged beyond the threshold */
  int      repeated;     /* thrown away: the same as a kept one */
} OpeningBook;

static OpeningBook books[KZ_N_VARIANTS];

static void
replay (KzMatch *m, KzVariantId id, const KzAction *actions, int n)
{
  new_match (m, id, 0);
  for (int i = 0; i < n; i++)
    if (!kz_match_play (m, actions[i], NULL))
      g_error ("an opening does not replay");
}

/* The value of the match's position for `player`, by a fresh search. */
static int
judge (KzSearcher *s, const KzMatch *m, int player, int nodes, gboolean *decided)
{
  KzSearchLimits limits = { .nodes = (uint64_t) nodes };
  KzSearchResult r;

  if (m->pos.over)
    {
      *decided = TRUE;
      int margin = kz_eval_final_margin (&m->pos, player);
      return margin > 0 ? KZ_SCORE_WIN + margin * KZ_SCORE_MARGIN_MUL
           : margin < 0 ? -KZ_SCORE_WIN + margin * KZ_SCORE_MARGIN_MUL : 0;
    }
  kz_searcher_clear (s);
  kz_search (s, m, &limits, NULL, &r);
  *decided = r.exact || kz_score_is_final (r.score);
  return m->pos.to_move == player ? r.score : -r.score;
}

/* Plays one random action of the opening. */
static void
opening_action (KzVariantId id, Opening *o, GRand *rand)
{
  KzMatch m;
  KzAction actions[KZ_MAX_ACTIONS];

  replay (&m, id, o->actions, o->n);
  int n = kz_position_variant (&m.pos)->legal (&m.pos, actions);
  kz_match_clear (&m);
  o->actions[o->n++] = actions[g_rand_int_range (rand, 0, n)];
}

static gboolean
is_over (KzVariantId id, const Opening *o)
{
  KzMatch m;
  replay (&m, id, o->actions, o->n);
  gboolean over = m.pos.over;
  kz_match_clear (&m);
  return over;
}

static int
by_balance (gconstpointer x, gconstpointer y)
{
  const Opening *a = x, *b = y;
  return abs (a->score) - abs (b->score);
}

/* Judges the openings at `nodes`, drops those with a proven result and
 * sorts the rest, most balanced first. */
static int
judge_openings (KzSearcher *s, KzVariantId id, Opening *o, int n, int nodes, int *decided)
{
  int kept = 0;
  for (int i = 0; i < n; i++)
    {
      KzMatch m;
      gboolean proven;
      replay (&m, id, o[i].actions, o[i].n);
      o[i].score = judge (s, &m, m.pos.to_move, nodes, &proven);
      kz_match_clear (&m);
      if (proven)
        (*decided)++;
      else
        o[kept++] = o[i];
    }
  qsort (o, kept, sizeof *o, by_balance);
  return kept;
}

static void
make_book (KzVariantId id, int count)
{
  OpeningBook *book = &books[id];
  KzSearcher *s = kz_searcher_new (16);
  int n_candidates = count * opt_candidates;
  Opening *c = g_new0 (Opening, n_candidates);
  int n = 0;

  kz_searcher_set_weights (s, id, table_weights[id]);
  /* Distinct random openings that leave the game going. Short games have
   * few: give up after many repeats. */
  for (int attempt = 0; n < n_candidates && attempt < 20 * n_candidates; attempt++)
    {
      Opening o = { .n = 0 };
      GRand *rand = g_rand_new_with_seed ((guint32) id * 1000003u + (guint32) attempt * 7919u + 17u);
      int turns = 0;
      gboolean seen = FALSE;

      book->tried++;
      /* A turn ends with a sowing (a mark only starts one). */
      while (turns < opt_opening && o.n < MAX_OPENING_ACTIONS - 1 && !is_over (id, &o))
        {
          opening_action (id, &o, rand);
          if (!KZ_ACTION_IS_MARK (o.actions[o.n - 1]))
            turns++;
        }
      g_rand_free (rand);
      if (is_over (id, &o) || turns < opt_opening)
        {
          book->decided++;
          continue;
        }
      for (int i = 0; i < n && !seen; i++)
        seen = c[i].n == o.n && memcmp (c[i].actions, o.actions, o.n * sizeof *o.actions) == 0;
      if (seen)
        book->repeated++;
      else
        c[n++] = o;
    }
  /* A tenth of the budget first, then the full check for the twice as
   * many most balanced. */
  n = judge_openings (s, id, c, n, opt_check_nodes / 10, &book->decided);
  n = judge_openings (s, id, c, MIN (n, 2 * count), opt_check_nodes, &book->decided);
  book->n = MIN (n, count);
  book->unbalanced = book->tried - book->decided - book->repeated - book->n;
  book->items = g_memdup2 (c, book->n * sizeof *c);
  if (book->n == 0)
    g_error ("no opening left for %s", kz_variant_get (id)->key);
  g_free (c);
  kz_searcher_free (s);
}

/* One game: returns player a's points (1, ½, 0). Each player searches
 * with its own table, so that neither reads what the other has searched. */
static double
play_game (KzSearcher *sa, KzSearcher *sb, KzVariantId id, const Player *a, const Player *b, int a_side,
           const Opening *opening, guint32 game_seed)
{
  KzMatch m;
  GRand *rand = g_rand_new_with_seed (game_seed);
  double points;

  kz_searcher_clear (sa);
  kz_searcher_clear (sb);
  if (opening != NULL)
    replay (&m, id, opening->actions, opening->n);
  else
    new_match (&m, id, 0);
  for (int turn = 0; !m.pos.over && turn < 2000; turn++)
    {
      gboolean a_moves = m.pos.to_move == a_side;
      play_turn (a_moves ? sa : sb, a_moves ? a : b, &m, rand, game_seed * 1000u + (guint) turn);
    }
  if (!m.pos.over)
    kz_position_adjudicate (&m.pos, KZ_END_LIMIT);
  points = m.pos.winner == a_side ? 1.0 : m.pos.winner == -1 ? 0.5 : 0.0;
  if (opt_verbose)
    g_print ("  %s %s(%s) v %s: %s after %zu actions, %s, scores %d-%d (first-second)\n",
             kz_variant_get (id)->key, player_names[a->kind], a_side == 0 ? "first" : "second", player_names[b->kind],
             points == 1.0 ? "won" : points == 0.5 ? "drew" : "lost", m.n_history,
             kz_end_reason_to_string (m.pos.end), kz_position_variant (&m.pos)->score (&m.pos, 0),
             kz_position_variant (&m.pos)->score (&m.pos, 1));
  kz_match_clear (&m);
  g_rand_free (rand);
  return points;
}

/* A pairing (or a tuning match): `games` games, opening k played by games
 * 2k and 2k + 1 with a first in one and second in the other. */
typedef struct {
  KzVariantId id;
  Player      a, b;
  int         games;
  double      percent;
  double      as_first;    /* a's score when it moved first */
  int         wins, draws, losses;
  double      seconds;
  char       *label;       /* tuning: what was changed */
} Row;

static void
run_row (gpointer data, gpointer user_data)
{
  Row *row = data;
  KzSearcher *sa = kz_searcher_new (16);
  KzSearcher *sb = kz_searcher_new (16);
  gint64 t0 = g_get_monotonic_time ();
  const OpeningBook *book = &books[row->id];
  double total = 0, first = 0;

  row->wins = row->draws = row->losses = 0;
  for (int g = 0; g < row->games; g++)
    {
      const Opening *o = book->n > 0 ? &book->items[(g / 2) % book->n] : NULL;
      double p = play_game (sa, sb, row->id, &row->a, &row->b, g % 2, o, (guint32) (g / 2 + 1) * 7919u + (guint32) row->id);
      total += p;
      if (g % 2 == 0)
        first += p;
      if (p == 1.0)
        row->wins++;
      else if (p == 0.5)
        row->draws++;
      else
        row->losses++;
    }
  row->as_first = 100.0 * first / (row->games / 2);
  row->percent = 100.0 * total / row->games;
  row->seconds = (g_get_monotonic_time () - t0) / 1e6;
  kz_searcher_free (sa);
  kz_searcher_free (sb);
}

static void
run_rows (GPtrArray *rows)
{
  int threads = opt_threads > 0 ? opt_threads : (int) g_get_num_processors ();
  GThreadPool *pool = g_thread_pool_new (run_row, NULL, threads, TRUE, NULL);
  for (guint i = 0; i < rows->len; i++)
    g_thread_pool_push (pool, rows->pdata[i], NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
}

static void
print_scheme (void)
{
  g_print ("Openings: %d turns of random moves (a mark and its sowing are one turn); of %d such\n"
           "distinct openings per opening needed, those a search of %d nodes judges closest to even\n"
           "(and not proven won, lost or drawn) are kept. Each opening is played twice, once with\n"
           "each colour, by both engines of every pairing. Each engine has its own table (16 MB),\n"
           "cleared at every game.\n",
           opt_opening, opt_candidates, opt_check_nodes);
}

static double
mean_abs_score (const OpeningBook *book)
{
  double sum = 0;
  for (int i = 0; i < book->n; i++)
    sum += abs (book->items[i].score);
  return sum / MAX (book->n, 1) / 100.0;
}

static void
print_book (KzVariantId id)
{
  const OpeningBook *book = &books[id];
  g_print ("%-13s openings: %d kept of %d tried (%d decided, %d repeated, %d less balanced); kept ones\n"
           "              judged within %.2f seeds of even (mean |score| %.2f)\n",
           kz_variant_get (id)->key, book->n, book->tried, book->decided, book->repeated, book->unbalanced,
           abs (book->items[book->n - 1].score) / 100.0, mean_abs_score (book));
}

static void
make_book_job (gpointer data, gpointer count)
{
  make_book (GPOINTER_TO_INT (data) - 1, GPOINTER_TO_INT (count));
}

/* The books of the games in the table, one per thread. */
static void
make_books (int count)
{
  int threads = opt_threads > 0 ? opt_threads : (int) g_get_num_processors ();
  GThreadPool *pool = g_thread_pool_new (make_book_job, GINT_TO_POINTER (count), threads, TRUE, NULL);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (kz_variant_get (id) != NULL && (!opt_only || strcmp (opt_only, kz_variant_get (id)->key) == 0))
      g_thread_pool_push (pool, GINT_TO_POINTER (id + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    if (books[id].n > 0)
      print_book (id);
}

static void
bench_strength (void)
{
  static const PlayerKind pairs[][2] = { { P_HARD, P_NORMAL }, { P_NORMAL, P_EASY }, { P_EASY, P_RANDOM } };
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  g_print ("\nStrength table: %d games per pairing.\n", opt_games);
  print_scheme ();
  g_print ("Hard = %d nodes per move (the app's Hard searches 1 s, several times more), Normal and\n"
           "Easy = the levels as the app plays them. Score of the first player named (win 1, draw 1/2).\n\n",
           opt_hard_nodes);
  for (int id = 0; id < KZ_N_VARIANTS; id++)
    {
      if (kz_variant_get (id) == NULL || (opt_only && strcmp (opt_only, kz_variant_get (id)->key) != 0))
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (pairs); k++)
        {
          g_autofree char *name = g_strdup_printf ("%s-%s", player_names[pairs[k][0]], player_names[pairs[k][1]]);
          if (opt_pairings != NULL && strstr (opt_pairings, name) == NULL)
            continue;
          Row *row = g_new0 (Row, 1);
          row->id = id;
          row->a.kind = pairs[k][0];
          row->b.kind = pairs[k][1];
          row->games = opt_games;
          g_ptr_array_add (rows, row);
        }
    }
  make_books (opt_games / 2);
  run_rows (rows);

  g_print ("\n%-13s %-14s %7s %5s %5s %5s %9s %9s %8s %s\n", "game", "pairing", "score", "won", "drawn", "lost",
           "as-first", "as-second", "seconds", "target");
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = rows->pdata[i];
      double target = row->b.kind == P_RANDOM ? 90.0 : 75.0;
      g_autofree char *name = g_strdup_printf ("%s-%s", player_names[row->a.kind], player_names[row->b.kind]);
      g_print ("%-13s %-14s %6.1f%% %5d %5d %5d %8.1f%% %8.1f%% %8.1f %s\n", kz_variant_get (row->id)->key, name,
               row->percent, row->wins, row->draws, row->losses, row->as_first, 2 * row->percent - row->as_first,
               row->seconds, row->percent >= target ? "met" : "MISSED");
    }
  g_ptr_array_unref (rows);
}

static PlayerKind
parse_kind (const char *text)
{
  for (gsize i = 0; i < G_N_ELEMENTS (player_names); i++)
    if (g_strcmp0 (text, player_names[i]) == 0)
      return (PlayerKind) i;
  g_error ("unknown player %s (random, easy, normal or hard)", text);
  return P_NORMAL;
}

static KzVariantId
parse_game (const char *key)
{
  const KzVariant *v = kz_variant_lookup (key);
  KzVariantId id = 0;

  if (v == NULL)
    g_error ("unknown game %s", key);
  while (kz_variant_get (id) != v)
    id++;
  return id;
}

/* --weights=KEY:w0,w1,…: the table's players of that game use these. */
static void
parse_weights (const char *text)
{
  KzVariantId id;
  KzEvalWeights w;
  char reason[160];

  if (!kz_eval_weights_parse (text, &id, &w, reason, sizeof reason))
    g_error ("--weights: %s", reason);
  table_weights[id] = g_memdup2 (&w, sizeof w);
}

/* Tuning: the tuning level with one weight changed against the same level
 * with the defaults (or --weights), on the table's openings. */
static void
tune (const char *key)
{
  KzVariantId id = parse_game (key);
  KzEvalWeights base_w = table_weights[id] ? *table_weights[id] : *kz_eval_default_weights (id);
  PlayerKind kind = parse_kind (opt_tune_level);
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) changes = g_strsplit (opt_tune_changes, ",", -1);

  make_book (id, opt_games / 2);
  g_print ("Tuning %s: %s with one weight changed against %s with the base weights, %d games each.\n", key,
           player_names[kind], player_names[kind], opt_games);
  print_scheme ();
  print_book (id);
  if (opt_challenger != NULL)
    {
      /* One match: these weights against the base ones. */
      g_auto(GStrv) values = g_strsplit (opt_challenger, ",", KZ_EVAL_N_WEIGHTS);
      Row *row = g_new0 (Row, 1);
      row->id = id;
      row->games = opt_games;
      row->a = (Player) { .kind = kind, .own_weights = TRUE, .weights = base_w };
      row->b = row->a;
      for (int k = 0; values[k] != NULL && k < KZ_EVAL_N_WEIGHTS; k++)
        row->a.weights.w[k] = atoi (values[k]);
      row->label = g_strdup_printf ("challenger %s", opt_challenger);
      g_ptr_array_add (rows, row);
    }
  for (int k = 1; k < KZ_EVAL_N_WEIGHTS && opt_challenger == NULL; k++)
    {
      const char *name = kz_eval_weight_name (id, k);
      if (name == NULL || (opt_tune_weight && strcmp (opt_tune_weight, name) != 0))
        continue;
      for (int c = 0; changes[c] != NULL; c++)
        {
          Row *row = g_new0 (Row, 1);
          row->id = id;
          row->games = opt_games;
          row->a = (Player) { .kind = kind, .own_weights = TRUE, .weights = base_w };
          row->b = row->a;
          row->a.weights.w[k] += atoi (changes[c]);
          row->label = g_strdup_printf ("%-10s %4d -> %4d", name, base_w.w[k], row->a.weights.w[k]);
          g_ptr_array_add (rows, row);
        }
    }
  run_rows (rows);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = rows->pdata[i];
      g_print ("%s %s: %5.1f%% (+%d =%d -%d; as first %.0f%%)\n", key, row->label, row->percent, row->wins, row->draws,
               row->losses, row->as_first);
      g_free (row->label);
    }
  g_ptr_array_unref (rows);
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
  if (opt_weights != NULL)
    parse_weights (opt_weights);

  if (opt_tune != NULL)
    {
      tune (opt_tune);
      return 0;
    }
  if (!opt_skip_solve && opt_endgame_seeds > 0)
    {
      /* Opened (and verified) before the clock starts: its pages count in
       * the peak memory, its opening not in the solves' CPU time. */
      g_autofree char *path = kz_endgame_file_default_path (opt_endgame_dir, KZ_VARIANT_KALAH, opt_endgame_seeds);
      double cpu0 = cpu_seconds ();
      endgame_file = kz_endgame_file_open (path, KZ_VARIANT_KALAH, NULL);
      if (endgame_file == NULL)
        endgame_file = kz_endgame_file_build (path, KZ_VARIANT_KALAH, opt_endgame_seeds, NULL, NULL, NULL, &error);
      if (endgame_file == NULL)
        g_error ("endgame database %s: %s", path, error->message);
      g_print ("endgame database %s: opened in %.2f s of CPU\n", path, cpu_seconds () - cpu0);
    }
  if (!opt_skip_solve)
    {
      bench_solve (3, 0, 64);
      bench_solve (4, opt_kalah4_seconds, (size_t) MAX (opt_kalah4_mb, 1));
      if (opt_kalah5_mb > 0)
        bench_solve5 ((size_t) opt_kalah5_mb);
      g_print ("\n");
    }
  if (!opt_skip_speed)
    bench_speed ();
  if (!opt_skip_strength)
    bench_strength ();
  g_clear_pointer (&endgame_file, kz_endgame_file_free);
  return 0;
}
