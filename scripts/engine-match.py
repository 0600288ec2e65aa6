#!/usr/bin/env python3
"""engine-match.py — plays two kuzhi-engine programs against each other.

A developer benchmark (not run in CI) for issue #16: a new engine measured
against the kept baseline (scripts/build-baseline.sh), at equal time per
move, over balanced openings, each played once with each engine first.

    scripts/engine-match.py --engine-a build-rel/src/tools/kuzhi-engine \\
        --engine-b /tmp/kuzhi-baseline/kuzhi-engine --game oware \\
        --games 100 --time-ms 100 --jobs 2 --log oware.jsonl

With --uci-b, engine B is an outside Oware engine that speaks UCI in
Aualé's notation (Aalina; see docs/computer-opponent.md, "Against Aalina"),
and engine A, a kuzhi-engine, keeps the game and referees every move:

    scripts/engine-match.py --engine-a build-rel/src/tools/kuzhi-engine \\
        --engine-b 'java -cp CLASSES:RES com.joansala.oware.OwareService' \\
        --uci-b --game oware --games 40 --time-ms 500

Everything goes through the text protocol of docs/protocol.md, nothing else:
`new`, `play`, `state`, `go`. Each game starts both engines afresh (so
neither carries a table over from another game), gives both the same
moves, and asks the engine to move for `go time=MS`.

The scheme of the openings is bench-search's (docs/computer-opponent.md,
"Strength table"): candidates of --opening-turns turns of uniformly random
legal moves (a sowing is a turn; a mark, which only starts one, is not),
drawn from --openings-seed; those after which the game is over, repeated
ones, and those the judging engine's short search (--judge, `go depth=12`
by default) proves won, lost or drawn are thrown away; of the rest the
ones closest to even (|score_cs|) are kept. With a depth-limited judge the
openings depend only on the seed, the game and the judging engine.

Standard library only.
"""
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import concurrent.futures
import json
import math
import os
import random
import select
import shlex
import subprocess
import sys
import threading
import time

# Seconds an engine may take over its `go` limit (or for any other
# command) before it counts as hung.
GRACE_S = 30.0
# No game of Kuzhi is this long (Oware stops at 400 plies); beyond it the
# match stops rather than loop.
MAX_PLIES = 2000


class EngineError(Exception):
    pass


class LineProcess:
    """A program spoken to a line at a time on its standard input and output."""

    quit_cmd = "quit"

    def __init__(self, name, argv, env, cwd=None):
        self.name = name
        self.argv = argv
        self.history = []   # the actions played since the start, to reproduce
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         env=env, bufsize=0, cwd=cwd)
        except OSError as e:
            raise EngineError("engine %s (%s) does not start: %s" % (name, shlex.join(argv), e))
        self.buf = b""

    def write(self, cmd):
        try:
            self.proc.stdin.write((cmd + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.fail(cmd, "the process is gone (exit status %s)" % self.proc.poll())

    def read_line(self, cmd, deadline):
        """The next line the program writes, by `deadline` (time.monotonic())."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail(cmd, "no reply in time")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                self.proc.wait()
                self.fail(cmd, "the process died (exit status %s)" % self.proc.returncode)
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write((self.quit_cmd + "\n").encode())
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


class Engine(LineProcess):
    """One kuzhi-engine process, one command and one JSON reply at a time."""

    def __init__(self, name, argv, env):
        super().__init__(name, argv, env)
        self.new_cmd = None

    def describe(self):
        return "engine %s (%s)" % (self.name, shlex.join(self.argv))

    def position(self):
        cmds = ([self.new_cmd] if self.new_cmd else []) + ["play " + a for a in self.history]
        return "kuzhi-engine -c %s" % shlex.quote("; ".join(cmds))

    def fail(self, cmd, why):
        raise EngineError("%s: %s\n  command: %s\n  position (after %d actions): %s"
                          % (self.describe(), why, cmd, len(self.history), self.position()))

    def send(self, cmd, timeout=GRACE_S):
        self.write(cmd)
        line = self.read_line(cmd, time.monotonic() + timeout)
        try:
            reply = json.loads(line)
        except ValueError:
            self.fail(cmd, "a reply that is not JSON: %r" % line[:200])
        if not reply.get("ok"):
            self.fail(cmd, "refused: %s" % reply.get("error", line.decode(errors="replace")))
        return reply

    def new(self, cmd):
        self.new_cmd = cmd
        self.history = []
        return self.send(cmd)["state"]

    def play(self, action):
        state = self.send("play " + action)["state"]
        self.history.append(action)
        return state


class UciOware(LineProcess):
    """An outside Oware engine that speaks UCI with Aualé's notation (Aalina,
    `com.joansala.oware.OwareService`): South's houses A-F are Kuzhi's pits
    0-5, North's a-f pits 6-11, and a position is 12 houses, 2 stores and
    the side to move, dash-separated (4-4-4-4-4-4-4-4-4-4-4-4-0-0-S).

    It keeps no game of its own: the referee (the other engine, through
    kuzhi-engine) does. Each `go` sends the referee's current position as
    that notation, without the moves that led there, because Aalina ends a
    game at the first repeated position and Kuzhi's Oware has no such rule
    (it stops at 400 plies). Its state replies are None, so nothing is
    compared with them."""

    def __init__(self, name, argv, env):
        super().__init__(name, argv, env)
        self.write("uci")
        self.read_until("uciok", GRACE_S)

    def describe(self):
        return "UCI engine %s (%s)" % (self.name, shlex.join(self.argv))

    def fail(self, cmd, why):
        raise EngineError("%s: %s\n  command: %s\n  moves since the start: %s"
                          % (self.describe(), why, cmd, " ".join(self.history)))

    def read_until(self, prefix, timeout):
        """The lines the engine writes up to the first that starts with `prefix`."""
        deadline = time.monotonic() + timeout
        lines = []
        while not lines or not lines[-1].startswith(prefix):
            lines.append(self.read_line(prefix, deadline).decode(errors="replace").strip())
        return lines

    @staticmethod
    def house(pit):
        return chr(ord("A") + pit) if pit < 6 else chr(ord("a") + pit - 6)

    def new(self, cmd):
        if not cmd.startswith("new oware") or "seeds=" in cmd:
            self.fail(cmd, "a UCI engine plays only Oware with four seeds")
        self.history = []
        self.write("ucinewgame")
        return None

    def play(self, action, state):
        self.history.append(action)
        return None

    def go(self, time_ms, state):
        fen = "-".join(str(n) for n in state["pits"] + state["stores"])
        fen += "-" + ("S" if state["to_move"] == 0 else "N")
        self.write("position fen " + fen)
        self.write("go movetime %d" % time_ms)
        lines = self.read_until("bestmove", time_ms / 1000 + GRACE_S)
        words = lines[-1].split()
        if len(words) < 2 or len(words[1]) != 1 or words[1].lower() not in "abcdef":
            self.fail("go movetime %d" % time_ms, "no move: %r" % lines[-1])
        c = words[1]
        pit = ord(c) - ord("A") if c.isupper() else 6 + ord(c) - ord("a")
        depth = 0
        for line in lines:
            w = line.split()
            if "depth" in w and w.index("depth") + 1 < len(w) and w[w.index("depth") + 1].isdigit():
                depth = int(w[w.index("depth") + 1])
        return {"best": str(pit), "depth": depth, "book": any("book move" in l for l in lines)}


class CMancalaKalah(LineProcess):
    """The CMancala Kalah solver (github:LifesLight/CMancala), through
    scripts/cmancala-harness.c: its cells 0-5 are Kuzhi's pits 0-5, cell 6
    the first player's store, cells 7-12 Kuzhi's pits 6-11, cell 13 the
    second player's store; colour 1 is Kuzhi's player 0. Like UciOware it
    keeps no game: each `go` sends the referee's position. Its time limit is
    CPU time, checked after each whole iteration, so it runs over: the
    issue's "350 ms setting" is about 500 ms a move."""

    def __init__(self, name, argv, env, egdb=0):
        # CMancala keeps its databases in EGDB/ under the folder it runs in:
        # the harness's own folder, not wherever the match was started.
        super().__init__(name, argv, env, cwd=os.path.dirname(os.path.abspath(argv[0])))
        if egdb:
            self.write("egdb %d" % egdb)
            # Building its database takes a while, with a progress bar: wait once.
            deadline = time.monotonic() + 1800
            while self.read_line("egdb %d" % egdb, deadline).strip() != b"ok":
                pass

    def describe(self):
        return "CMancala %s (%s)" % (self.name, shlex.join(self.argv))

    def fail(self, cmd, why):
        raise EngineError("%s: %s\n  command: %s\n  moves since the start: %s"
                          % (self.describe(), why, cmd, " ".join(self.history)))

    def new(self, cmd):
        if not cmd.startswith("new kalah"):
            self.fail(cmd, "CMancala plays only Kalah")
        self.history = []
        return None

    def play(self, action, state):
        self.history.append(action)
        return None

    def go(self, time_ms, state):
        p, s = state["pits"], state["stores"]
        cells = p[0:6] + [s[0]] + p[6:12] + [s[1]]
        cmd = "go %d %s %d" % (time_ms, " ".join(map(str, cells)), 1 if state["to_move"] == 0 else -1)
        self.write(cmd)
        deadline = time.monotonic() + time_ms / 1000 * 4 + GRACE_S
        words = []
        while not words or words[0] not in ("bestmove", "error"):   # it also writes warnings
            words = self.read_line(cmd, deadline).decode(errors="replace").split()
        if len(words) < 10 or words[0] != "bestmove":
            self.fail(cmd, "no move: %r" % " ".join(words))
        cell = int(words[1])
        pit = cell if cell < 6 else cell - 1
        return {"best": str(pit), "depth": int(words[5]) if words[5] != "65534" else 0,
                "time_ms": int(words[9]), "book": words[5] == "65534"}


def is_mark(action):
    return action.startswith("m")


# ---------------------------------------------------------------- openings

def make_openings(args, judge_argv, env, count):
    """`count` balanced openings, most balanced first, each a list of actions."""
    rng = random.Random(args.openings_seed)
    wanted = count * args.candidates
    candidates, seen = [], set()
    stats = {"tried": 0, "over": 0, "repeated": 0, "proven": 0}
    judge = Engine("%s (judging the openings)" % args.judge_engine.upper(), judge_argv, env)
    try:
        attempts = 0
        while len(candidates) < wanted and attempts < 20 * wanted:
            attempts += 1
            stats["tried"] += 1
            state = judge.new(args.new_cmd)
            actions, turns = [], 0
            while turns < args.opening_turns and not state["over"]:
                legal = state["legal"]
                action = legal[rng.randrange(len(legal))]
                state = judge.play(action)
                actions.append(action)
                if not is_mark(action):
                    turns += 1
            if state["over"]:
                stats["over"] += 1
                continue
            key = tuple(actions)
            if key in seen:
                stats["repeated"] += 1
                continue
            seen.add(key)
            r = judge.send("go " + args.judge, timeout=GRACE_S + 60)
            if r.get("exact"):
                stats["proven"] += 1
                continue
            candidates.append({"actions": actions, "score_cs": r["score_cs"],
                               "to_move": state["to_move"], "depth": r["depth"]})
    finally:
        judge.close()
    candidates.sort(key=lambda c: abs(c["score_cs"]))   # stable: ties keep the draw order
    if len(candidates) < count:
        sys.exit("engine-match: only %d openings of %s are left after %d tries; fewer games, "
                 "or --opening-turns lower" % (len(candidates), args.game, stats["tried"]))
    stats["kept"] = count
    return candidates[:count], stats


# ---------------------------------------------------------------- one game

def margin_for(state, side):
    return state["stores"][side] - state["stores"][1 - side]


_worker = threading.local()   # what a worker thread keeps from game to game


def play_game(args, argv, env, index, opening, a_side, stop):
    """Plays one game; A has side `a_side` (0 = the side that began)."""
    engines = {}
    try:
        engines["A"] = Engine("A", argv["A"], env)
        if args.cmancala_b:
            # One CMancala a worker, kept from game to game: it keeps no game,
            # and building its database again for each game would cost minutes.
            if getattr(_worker, "cmancala", None) is None:
                _worker.cmancala = CMancalaKalah("B", argv["B"], env, args.cmancala_egdb)
            b = _worker.cmancala
        else:
            b = engines["B"] = (UciOware if args.uci_b else Engine)("B", argv["B"], env)
        players = {"A": engines["A"], "B": b}
        by_side = {a_side: players["A"], 1 - a_side: players["B"]}
        state = players["A"].new(args.new_cmd)
        players["B"].new(args.new_cmd)
        moves = []

        def play_both(action):
            got = players["A"].play(action)
            other = (players["B"].play(action, got) if args.outside_b else players["B"].play(action))
            keys = ("pits", "stores", "to_move", "over", "winner")
            if other is not None and any(got.get(k) != other.get(k) for k in keys):
                players["B"].fail("play " + action, "the engines disagree on the position: A %s, B %s"
                                  % (json.dumps(got), json.dumps(other)))
            return got

        for action in opening["actions"]:
            state = play_both(action)
        info = {"A": {"moves": 0, "time_ms": 0, "depth": 0, "wall": 0.0},
                "B": {"moves": 0, "time_ms": 0, "depth": 0, "wall": 0.0}}
        while not state["over"]:
            if stop.is_set():
                return None
            if state["plies"] > MAX_PLIES:
                players["A"].fail("(none)", "the game is still going after %d plies" % MAX_PLIES)
            mover = by_side[state["to_move"]]
            t0 = time.monotonic()
            if isinstance(mover, (UciOware, CMancalaKalah)):
                r = mover.go(args.time_ms_b or args.time_ms, state)
            else:
                r = mover.send("go time=%d" % args.time_ms, timeout=args.time_ms / 1000 + GRACE_S)
            wall = time.monotonic() - t0
            best = r["best"]
            if best not in state["legal"]:
                mover.fail("go time=%d" % args.time_ms, "its best move %r is not legal (%s)"
                           % (best, " ".join(state["legal"])))
            m = info[mover.name]
            m["moves"] += 1
            m["time_ms"] += r.get("time_ms", 0)
            m["depth"] += r.get("depth", 0)
            m["wall"] += wall
            moves.append(best)
            try:
                state = play_both(best)
            except EngineError as e:
                raise EngineError("%s\n  (the move %s came from %s)" % (e, best, mover.describe()))
        winner = state["winner"]
        score = 0.5 if winner == -1 else (1.0 if winner == a_side else 0.0)
        return {"game": index, "opening": index // 2, "a_side": a_side,
                "opening_actions": opening["actions"], "moves": moves,
                "winner": winner, "end": state["end"], "plies": state["plies"],
                "stores": state["stores"], "a_score": score,
                "a_margin": margin_for(state, a_side), "engines": info}
    finally:
        for e in engines.values():
            e.close()


# ---------------------------------------------------------------- summary

def pct(x):
    return "%.1f%%" % (100 * x)


def summary(args, results, opening_stats, openings, elapsed, out):
    n = len(results)
    scores = [r["a_score"] for r in results]
    w = sum(1 for s in scores if s == 1)
    d = sum(1 for s in scores if s == 0.5)
    l = n - w - d
    first = [r["a_score"] for r in results if r["a_side"] == 0]
    second = [r["a_score"] for r in results if r["a_side"] == 1]
    margins = [r["a_margin"] for r in results]
    pairs = {}
    for r in results:
        pairs.setdefault(r["opening"], []).append(r)
    pairs = [p for p in pairs.values() if len(p) == 2]
    pair_scores = [sum(r["a_score"] for r in p) / 2 for p in pairs]
    pair_margins = [sum(r["a_margin"] for r in p) for p in pairs]
    mean = sum(scores) / n

    def se(xs):
        if len(xs) < 2:
            return float("nan")   # printed as "nan": one pair has no spread
        mu = sum(xs) / len(xs)
        return math.sqrt(sum((x - mu) ** 2 for x in xs) / (len(xs) - 1) / len(xs))

    p = lambda *a: print(*a, file=out)
    p("Match: %s, %d games at %d ms per move (go time=%d)%s, openings seed %d, %d jobs, %.0f s"
      % (args.game, n, args.time_ms, args.time_ms,
         ", B's time %d ms" % args.time_ms_b if args.outside_b and args.time_ms_b else "",
         args.openings_seed, args.jobs, elapsed))
    p("  load average at the start %s, at the end %s (%d cores)"
      % (args.load_start, "%.2f %.2f %.2f" % os.getloadavg(), os.cpu_count() or 0))
    p("  A: %s" % shlex.join(args.argv_a))
    p("  B: %s" % shlex.join(args.argv_b))
    scs = [abs(o["score_cs"]) / 100 for o in openings]
    p("Openings: %d turns of random moves; %d tried, %d over, %d repeated, %d proven by the judge, "
      "%d kept of the most balanced (judge: %s, go %s): |score| <= %.2f seeds, mean %.2f"
      % (args.opening_turns, opening_stats["tried"], opening_stats["over"], opening_stats["repeated"],
         opening_stats["proven"], opening_stats["kept"],
         args.judge_cmd if args.judge_cmd else "engine " + args.judge_engine.upper(), args.judge,
         max(scs), sum(scs) / len(scs)))
    p("A's score: %s +- %s (standard error over the %d opening pairs; %s over games)"
      % (pct(mean), pct(se(pair_scores)), len(pairs), pct(se(scores))))
    p("  won-drawn-lost: %d-%d-%d" % (w, d, l))
    p("  as first (the side that began the game): %s (%d games), as second: %s (%d games)"
      % (pct(sum(first) / len(first)) if first else "-", len(first),
         pct(sum(second) / len(second)) if second else "-", len(second)))
    p("A's seed margin: mean %+.2f per game (+- %.2f)" % (sum(margins) / n, se(margins)))
    pw = sum(1 for m in pair_margins if m > 0)
    pd = sum(1 for m in pair_margins if m == 0)
    p("  summed per opening pair: A ahead in %d, level in %d, behind in %d of %d pairs (mean %+.2f per pair)"
      % (pw, pd, len(pair_margins) - pw - pd, len(pair_margins),
         sum(pair_margins) / len(pair_margins) if pair_margins else 0.0))
    ends = {}
    for r in results:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    p("Games: mean %.0f plies; ends: %s" % (sum(r["plies"] for r in results) / n,
                                           ", ".join("%s %d" % kv for kv in sorted(ends.items()))))
    for name in ("A", "B"):
        moves = sum(r["engines"][name]["moves"] for r in results)
        if moves:
            t = sum(r["engines"][name]["time_ms"] for r in results)
            dep = sum(r["engines"][name]["depth"] for r in results)
            wall = sum(r["engines"][name]["wall"] for r in results)
            p("Engine %s: %d moves, mean %.1f ms per move by its own count (%.1f ms wall), mean depth %.1f"
              % (name, moves, t / moves, 1000 * wall / moves, dep / moves))


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description="Plays two kuzhi-engine programs against each other "
                                 "from balanced openings, each opening once with each engine first.")
    ap.add_argument("--engine-a", required=True, metavar="'PATH [ARGS]'",
                    help="engine A: its path, with any options (split as a shell would), "
                    "e.g. 'build/src/tools/kuzhi-engine --endgame-dir=/tmp/eg'")
    ap.add_argument("--engine-b", required=True, metavar="'PATH [ARGS]'", help="engine B, the same way")
    ap.add_argument("--uci-b", action="store_true",
                    help="engine B is an outside Oware engine speaking UCI in Aualé's notation "
                    "(Aalina's OwareService); kuzhi-engine (A) referees every move")
    ap.add_argument("--cmancala-b", action="store_true",
                    help="engine B is the CMancala Kalah solver through scripts/cmancala-harness.c "
                    "(build it with scripts/build-cmancala-harness.sh); kuzhi-engine (A) referees")
    ap.add_argument("--cmancala-egdb", type=int, default=0, metavar="N",
                    help="with --cmancala-b: CMancala builds its endgame database up to N seeds first")
    ap.add_argument("--time-ms-b", type=int,
                    help="B's time per move when it is an outside engine (default: --time-ms): "
                    "Aalina's `go movetime`, CMancala's CPU-time limit")
    ap.add_argument("--game", default="oware",
                    help="the variant of `new` (oware, kalah, constitution, mangala, dakon, "
                    "pallanguzhi, bohnenspiel); default oware")
    ap.add_argument("--seeds", type=int, help="`new GAME seeds=N`")
    ap.add_argument("--pasu", type=int, help="`new GAME pasu=N` (Pallanguzhi)")
    ap.add_argument("--games", type=int, default=100, help="games, even (default 100)")
    ap.add_argument("--time-ms", type=int, default=100, help="`go time=MS` for both (default 100)")
    ap.add_argument("--openings-seed", type=int, default=1, help="seed of the random openings (default 1)")
    ap.add_argument("--opening-turns", type=int, default=4, help="random turns per opening (default 4)")
    ap.add_argument("--candidates", type=int, default=8,
                    help="random openings judged per opening kept (default 8)")
    ap.add_argument("--judge", default="depth=12",
                    help="the `go` options of the search that judges an opening (default depth=12)")
    ap.add_argument("--judge-engine", choices=("a", "b"), default=None,
                    help="the engine that judges the openings (default b, the baseline's place)")
    ap.add_argument("--judge-cmd", metavar="'PATH [ARGS]'", default=None,
                    help="a kuzhi-engine of its own to judge the openings instead of A or B, so that "
                    "matches of a changed engine start from the same openings (e.g. today's build)")
    ap.add_argument("--hash-mb", type=int, help="KUZHI_HASH_MB for every engine (default: the engines' own)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    ap.add_argument("--log", help="a JSON line per game (and a first line with the openings) to this file")
    args = ap.parse_args()

    if args.games <= 0 or args.games % 2:
        ap.error("--games must be even and positive: each opening is played once with each engine first")
    if args.time_ms <= 0 or args.jobs <= 0 or args.opening_turns < 0 or args.candidates <= 0:
        ap.error("--time-ms, --jobs and --candidates must be positive")
    args.argv_a = shlex.split(args.engine_a)
    args.argv_b = shlex.split(args.engine_b)
    if not args.argv_a or not args.argv_b:
        ap.error("--engine-a and --engine-b need a path")
    if args.uci_b and args.cmancala_b:
        ap.error("--uci-b and --cmancala-b: B is one kind of engine")
    args.outside_b = args.uci_b or args.cmancala_b
    if args.judge_engine is None:
        args.judge_engine = "a" if args.outside_b else "b"
    if args.judge_cmd is not None:
        args.judge_engine = "judge"
    elif args.outside_b and args.judge_engine == "b":
        ap.error("--judge-engine b: only a kuzhi-engine can judge the openings")
    args.new_cmd = "new " + args.game
    if args.seeds is not None:
        args.new_cmd += " seeds=%d" % args.seeds
    if args.pasu is not None:
        args.new_cmd += " pasu=%d" % args.pasu

    env = dict(os.environ)
    if args.hash_mb is not None:
        env["KUZHI_HASH_MB"] = str(args.hash_mb)
    argv = {"A": args.argv_a, "B": args.argv_b}
    if args.judge_cmd is not None:
        argv["JUDGE"] = shlex.split(args.judge_cmd)

    args.load_start = "%.2f %.2f %.2f" % os.getloadavg()
    t0 = time.monotonic()
    try:
        openings, stats = make_openings(args, argv[args.judge_engine.upper()], env, args.games // 2)
    except EngineError as e:
        sys.exit("engine-match: while making the openings: %s" % e)
    print("engine-match: %d openings ready in %.0f s; playing %d games"
          % (len(openings), time.monotonic() - t0, args.games), file=sys.stderr)

    log = open(args.log, "w") if args.log else None
    log_lock = threading.Lock()
    if log:
        log.write(json.dumps({"game": args.game, "new": args.new_cmd, "time_ms": args.time_ms,
                              "engine_a": args.argv_a, "engine_b": args.argv_b,
                              "openings_seed": args.openings_seed, "judge": args.judge,
                              "judge_engine": args.judge_engine, "opening_stats": stats,
                              "openings": openings}) + "\n")
        log.flush()

    stop = threading.Event()
    results, failure = [], None
    t1 = time.monotonic()
    # Game 2k and 2k+1 play opening k, A first (side 0) in the first.
    jobs = [(g, openings[g // 2], g % 2) for g in range(args.games)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(play_game, args, argv, env, g, o, side, stop): g for g, o, side in jobs}
        try:
            for fut in concurrent.futures.as_completed(futures):
                try:
                    r = fut.result()
                except EngineError as e:
                    if failure is None:
                        failure = "game %d: %s" % (futures[fut], e)
                        stop.set()
                        for f in futures:
                            f.cancel()
                    continue
                if r is None:
                    continue
                results.append(r)
                if log:
                    with log_lock:
                        log.write(json.dumps(r) + "\n")
                        log.flush()
                done = len(results)
                score = sum(x["a_score"] for x in results)
                print("engine-match: %d/%d games, A %.1f/%d (%s)"
                      % (done, args.games, score, done, pct(score / done)),
                      file=sys.stderr, end="\r" if sys.stderr.isatty() else "\n")
        except KeyboardInterrupt:
            stop.set()
            for f in futures:
                f.cancel()
            failure = "interrupted"
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if log:
        log.close()
    if failure:
        print("engine-match: stopped: %s" % failure, file=sys.stderr)
        if results:
            print("engine-match: the %d games finished before it:" % len(results), file=sys.stderr)
            results.sort(key=lambda r: r["game"])
            summary(args, results, stats, openings, time.monotonic() - t1, sys.stderr)
        sys.exit(1)
    results.sort(key=lambda r: r["game"])
    summary(args, results, stats, openings, time.monotonic() - t1, sys.stdout)


if __name__ == "__main__":
    main()
