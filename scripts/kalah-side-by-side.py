#!/usr/bin/env python3
"""Kalah solved and searched by Kuzhi and by the CMancala solver, side by side, in one run.

For each endgame database size N given (0: none), both programs
  - solve Kalah(6,S) from the start (Kuzhi: `go` without limits; CMancala: its
    binary-search solve, through scripts/cmancala-harness.c), and
  - search the start for 1 s (Kuzhi: `go time=1000`, one thread; CMancala: its
    1 s CPU limit, which it checks after each whole iteration, so it runs over),
and the figures are printed as a Markdown table: value, best move, CPU time of
the solve alone and of the whole process (database opened or built included),
peak memory, and the depth each reached in 1 s.

Kuzhi's databases are files (kuzhi-engine --build-endgame=kalah
--endgame-seeds=N --endgame-dir=DIR builds them); CMancala builds its own into
EGDB/ beside the harness the first time (kept for later runs, as Kuzhi's
files are). Nothing here runs in CI.

    scripts/build-cmancala-harness.sh ~/src/CMancala /tmp/cmancala-harness
    scripts/kalah-side-by-side.py --kuzhi build-rel/src/tools/kuzhi-engine \\
        --harness /tmp/cmancala-harness --endgame-dir /tmp/eg --databases 0,18,20
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time


def run(argv, stdin_text, env=None, cwd=None):
    """Runs argv to its end; its stdout lines, CPU seconds, peak memory (MB) and wall seconds."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, cwd=cwd, text=True)
    proc.stdin.write(stdin_text)
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit("%s failed (exit status %d)" % (argv[0], proc.returncode))
    return out.splitlines(), ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, time.monotonic() - t0


def kuzhi(args, n, cmd):
    argv = [args.kuzhi, "--threads=1", "--no-book"]   # the search, not the book
    if n:
        argv += ["--endgame-seeds=%d" % n, "--endgame-dir=%s" % args.endgame_dir]
    env = dict(os.environ, KUZHI_HASH_MB=str(args.hash_mb))
    lines, cpu, mb, wall = run(argv, "new kalah seeds=%d\n%s\nquit\n" % (args.seeds, cmd), env)
    reply = json.loads(lines[1])   # after `new`'s state; `quit` answers last
    if not reply.get("ok"):
        sys.exit("kuzhi-engine refused %r: %s" % (cmd, reply.get("error")))
    return reply, cpu, mb, wall


def cmancala(args, n, ms):
    s = args.seeds
    start = " ".join(str(x) for x in [s] * 6 + [0] + [s] * 6 + [0])
    script = ("cache %d\nbook off\n" % args.cmancala_cache + ("egdb %d\n" % n if n else "")
              + "go %d %s 1\nquit\n" % (ms, start))
    # It keeps its databases in EGDB/ under the folder it runs in: its own.
    harness = os.path.abspath(args.harness)
    lines, cpu, mb, wall = run([harness], script, cwd=os.path.dirname(harness))
    w = lines[-1].split()
    if w[0] != "bestmove":
        sys.exit("the harness answered %r" % lines[-1])
    # Its cells 0-5 are the first player's pits, numbered as Kuzhi's 0-5.
    return {"best": int(w[1]), "score": int(w[3]), "depth": int(w[5]), "solved": w[7] == "1",
            "cpu_ms": int(w[9])}, cpu, mb, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kuzhi", required=True, help="kuzhi-engine (a release build)")
    ap.add_argument("--harness", required=True, help="scripts/cmancala-harness.c, built")
    ap.add_argument("--endgame-dir", default=".", help="where Kuzhi's Kalah databases are")
    ap.add_argument("--databases", default="0,18,20", help="endgame database sizes, 0 for none")
    ap.add_argument("--seeds", type=int, default=4, help="seeds per pit (default 4)")
    ap.add_argument("--hash-mb", type=int, default=128, help="Kuzhi's table (KUZHI_HASH_MB, default 128)")
    ap.add_argument("--cmancala-cache", type=int, default=24,
                    help="CMancala's table, 2^N entries (default 24, its own default, about 100 MB)")
    ap.add_argument("--skip-solve", action="store_true", help="only the depth in 1 s")
    args = ap.parse_args()

    print("Kalah(6,%d) from the start, one thread each; load average %.2f %.2f %.2f on %d cores"
          % ((args.seeds,) + os.getloadavg() + (os.cpu_count() or 0,)))
    print("Kuzhi: %s, table %d MB; CMancala: table 2^%d, no opening book (so that it searches)"
          % (args.kuzhi, args.hash_mb, args.cmancala_cache))
    print()
    print("| database | program | value, move | solve (its own clock) | process, CPU (wall) | peak memory | depth in 1 s (its CPU) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in [int(x) for x in args.databases.split(",")]:
        db = "%d seeds" % n if n else "none"
        k1, kc1, _, _ = kuzhi(args, n, "go time=1000")
        c1, cc1, _, _ = cmancala(args, n, 1000)
        if args.skip_solve:
            ks = kc = km = kw = None
        else:
            k, kc, km, kw = kuzhi(args, n, "go")
            c, cc, cm, cw = cmancala(args, n, 0)
        row = "| %s | %s | %s | %s | %s | %s | %s |"
        if args.skip_solve:
            print(row % (db, "Kuzhi", "", "", "", "", "%d (%.2f s)" % (k1["depth"], kc1)))
            print(row % (db, "CMancala", "", "", "", "", "%d (%.2f s)" % (c1["depth"], c1["cpu_ms"] / 1000)))
            continue
        print(row % (db, "Kuzhi", "%+d, pit %s%s" % (k["score"], k["best"], "" if k.get("exact") else " (not exact)"),
                     "%.2f s" % (k["time_ms"] / 1000), "%.2f s (%.2f s)" % (kc, kw), "%.0f MB" % km,
                     "%d (%.2f s)" % (k1["depth"], k1["time_ms"] / 1000)))
        print(row % (db, "CMancala", "%+d, pit %d%s" % (c["score"], c["best"], "" if c["solved"] else " (not solved)"),
                     "%.2f s" % (c["cpu_ms"] / 1000), "%.2f s (%.2f s)" % (cc, cw), "%.0f MB" % cm,
                     "%d (%.2f s)" % (c1["depth"], c1["cpu_ms"] / 1000)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
