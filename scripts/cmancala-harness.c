/* cmancala-harness.c — a line protocol around the CMancala Kalah solver, so that
 * scripts/engine-match.py and scripts/kalah-side-by-side.py can play and time it.
 *
 * Not part of Kuzhi and not built by it: it is compiled against a CMancala
 * checkout (github:LifesLight/CMancala, MIT) by scripts/build-cmancala-harness.sh
 * and calls that program's own solver. Commands, one a line:
 *
 *   egdb N                 build CMancala's endgame database up to N seeds (in memory)
 *   cache N                its transposition table of 2^N entries
 *   book on|off            its opening book (on by default)
 *   go MS C0 … C13 COLOR   search the position for MS ms of CPU (its own clock), or
 *                          solve it when MS is 0; C0–C5 are the first player's pits,
 *                          C6 their store, C7–C12 the second player's pits, C13 theirs;
 *                          COLOR 1 = the first player to move, -1 = the second.
 *                          Replies "bestmove CELL score S depth D solved 0|1 cpu_ms T"
 *   quit
 *
 * Every other line answers "error …". Output is flushed line by line. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "containers.h"
#include "logic/board.h"
#include "logic/solver/algo.h"
#include "logic/solver/cache.h"
#include "logic/solver/egdb/core.h"

static void
go (const char *args, SolverConfig *config)
{
  Board board = { 0 }, last = { 0 };
  Context ctx = { 0 };
  int ms, color, total = 0, used = 0, c[14];
  clock_t start;

  if (sscanf (args, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d%n", &ms,
              &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6],
              &c[7], &c[8], &c[9], &c[10], &c[11], &c[12], &c[13], &color, &used) != 16
      || ms < 0 || (color != 1 && color != -1) || args[used] != '\0')
    {
      printf ("error go needs MS, 14 cells and a color\n");
      return;
    }
  for (int i = 0; i < 14; i++)
    {
      if (c[i] < 0 || c[i] > 200)
        {
          printf ("error a cell holds %d\n", c[i]);
          return;
        }
      board.cells[i] = (uint8_t) c[i];
      total += c[i];
    }
  board.color = (int8_t) color;
  setStoneCount (total);
  ctx.board = &board;
  ctx.lastBoard = &last;
  ctx.metadata.lastMove = -1;
  ctx.metadata.lastEvaluation = INT32_MAX;
  config->timeLimit = ms / 1000.0;
  start = clock ();
  aspirationRoot (&ctx, config);
  printf ("bestmove %d score %d depth %d solved %d cpu_ms %.0f\n",
          ctx.metadata.lastMove, ctx.metadata.lastEvaluation, ctx.metadata.lastDepth,
          ctx.metadata.lastSolved ? 1 : 0, (clock () - start) * 1000.0 / CLOCKS_PER_SEC);
}

int
main (void)
{
  SolverConfig config = {
    .solver = LOCAL_SOLVER,
    .compressCache = AUTO,
    .useOpeningBook = true,
  };
  char line[512];

  setMoveFunction (CLASSIC_MOVE);
  setvbuf (stdout, NULL, _IOLBF, 0);
  while (fgets (line, sizeof line, stdin) != NULL)
    {
      line[strcspn (line, "\r\n")] = '\0';
      if (strncmp (line, "go ", 3) == 0)
        go (line + 3, &config);
      else if (strncmp (line, "egdb ", 5) == 0)
        {
          generateEGDB (atoi (line + 5), false);
          printf ("ok\n");
        }
      else if (strncmp (line, "cache ", 6) == 0)
        {
          setCacheSize (atoi (line + 6));
          printf ("ok\n");
        }
      else if (strcmp (line, "book on") == 0 || strcmp (line, "book off") == 0)
        {
          config.useOpeningBook = strcmp (line, "book on") == 0;
          printf ("ok\n");
        }
      else if (strcmp (line, "quit") == 0)
        break;
      else
        printf ("error unknown command\n");
    }
  return 0;
}
