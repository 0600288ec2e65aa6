#!/usr/bin/env python3
"""build-book.py — computes Kuzhi's Kalah(6,4) opening book.

The book holds, for each position in it, the exact final margin of every
legal move, as kuzhi-engine's `analyse` without limits proves it (the
Kalah solver, docs/computer-opponent.md, "The opening book"). The positions
are those the computer meets in its first --decisions decisions when it
plays the book's best move itself and the opponent plays anything: the
tree from the start with the computer moving first, and the one with it
moving second. Writes src/engine/kuzhi-book-kalah.txt, the book as data,
kept in the repository; the build makes the C table of it
(scripts/book-header.py, into the build folder's kuzhi-book-kalah.h), so
no file is read at run time.

    kuzhi-engine --build-endgame=kalah --endgame-seeds=20 --endgame-dir=/tmp/db
    scripts/build-book.py --engine build-rel/src/tools/kuzhi-engine \\
        --engine-arg=--endgame-seeds=20 --engine-arg=--endgame-dir=/tmp/db \\
        --cache /tmp/book-cache.jsonl --jobs 2

Standard library only; everything goes through the protocol
(docs/protocol.md): `new`, `play`, `legal`, `state`, `analyse`.
"""
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import threading
import time

PV_MAX = 12   # actions of each move's line kept (the move first): KZ_BOOK_PV


class Engine:
    def __init__(self, argv, env):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, env=env)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline()
        if not reply:
            sys.exit("build-book: the engine ended during %r" % line)
        r = json.loads(reply)
        if not r.get("ok"):
            sys.exit("build-book: %r was refused: %s" % (line, r.get("error")))
        return r

    def goto(self, path):
        state = self.cmd("new kalah seeds=4")["state"]
        for action in path:
            state = self.cmd("play " + action)["state"]
        return state

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def key(state):
    return (tuple(state["pits"]), tuple(state["stores"]), state["to_move"])


def main():
    ap = argparse.ArgumentParser(description="Computes the Kalah(6,4) opening book.")
    ap.add_argument("--engine", required=True, help="the kuzhi-engine to solve with")
    ap.add_argument("--engine-arg", action="append", default=[],
                    help="an argument for the engine (an endgame database makes it much faster)")
    ap.add_argument("--decisions", type=int, nargs=2, default=[7, 3], metavar=("FIRST", "SECOND"),
                    help="the computer's decisions (sowings: an extra move makes two in a turn) covered "
                    "when it moves first and second (default 7 3, the shipped book)")
    ap.add_argument("--jobs", type=int, default=2, help="engines solving at once (default 2)")
    ap.add_argument("--cache", help="a file of the positions solved so far (JSON lines): read first, "
                    "added to as each is solved, so that a stopped run goes on where it was")
    ap.add_argument("--output", default=os.path.join(os.path.dirname(__file__), "..", "src", "engine",
                                                     "kuzhi-book-kalah.txt"))
    args = ap.parse_args()

    env = dict(os.environ)
    env.setdefault("KUZHI_HASH_MB", "256")
    argv = [args.engine] + args.engine_arg
    local = threading.local()
    engines = []
    lock = threading.Lock()

    def engine():
        if not hasattr(local, "engine"):
            local.engine = Engine(argv, env)
            with lock:
                engines.append(local.engine)
        return local.engine

    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            for line in f:
                r = json.loads(line)
                pits, stores, to_move = r["key"]
                cache[(tuple(pits), tuple(stores), to_move)] = r["moves"]

    def analyse(path_key):
        path, k = path_key
        if k in cache:
            return cache[k]
        e = engine()
        e.goto(path)
        moves = e.cmd("analyse")["moves"]
        for m in moves:
            if not m["exact"]:
                sys.exit("build-book: after %s the move %s was not proven" % (" ".join(path), m["move"]))
        if args.cache:
            with lock, open(args.cache, "a") as f:
                f.write(json.dumps({"key": k, "moves": moves}) + "\n")
        return moves

    def expand(path, side):
        """The book positions below `path` up to the computer's next decision."""
        e = engine()
        found, todo = [], [path]
        while todo:
            p = todo.pop()
            state = e.goto(p)
            if state["over"]:
                continue
            if state["to_move"] == side:
                found.append((p, key(state)))
            else:
                todo.extend(p + [a] for a in e.cmd("legal")["legal"])
        return found

    book = {}
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for side in (0, 1):
            layer = expand([], side)
            for decision in range(args.decisions[side]):
                fresh = []
                for path, k in layer:
                    if k not in book and k not in (x[1] for x in fresh):
                        fresh.append((path, k))
                results = list(pool.map(analyse, fresh))
                nxt = []
                for (path, k), moves in zip(fresh, results):
                    book[k] = moves
                    if decision + 1 < args.decisions[side]:
                        nxt.extend(expand(path + [moves[0]["move"]], side))
                print("build-book: computer moving %s, decision %d: %d positions (%d in all, %.0f s)"
                      % ("first" if side == 0 else "second", decision + 1, len(fresh), len(book),
                         time.monotonic() - t0), file=sys.stderr)
                layer = nxt
    for e in engines:
        e.close()
    write(args.output, book)


def write(path, book):
    """The book as scripts/book-header.py reads it: a position a line."""
    lines = [
        "# kuzhi-book-kalah.txt — Kalah(6,4)'s opening book, written by",
        "# scripts/build-book.py (generated: do not edit). docs/computer-opponent.md,",
        "# \"The opening book\". The build turns it into a C table",
        "# (scripts/book-header.py).",
        "#",
        "# A position a line: its 12 pits, its 2 stores and the side to move; then,",
        "# after each \"|\", every legal move, best first (ties in the legal order):",
        "# the move, its exact final margin from the mover's side as the Kalah",
        "# solver proved it, \":\", and the first actions of its line (at most %d)." % PV_MAX,
    ]
    for k in sorted(book):
        pits, stores, to_move = k
        moves = " | ".join("%d %d: %s" % (int(m["move"]), m["score"],
                                          " ".join(str(int(a)) for a in m["pv"][:PV_MAX]))
                           for m in book[k])
        lines.append("%s  %s  %d | %s" % (" ".join(map(str, pits)), " ".join(map(str, stores)), to_move, moves))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("build-book: %d positions written to %s" % (len(book), path), file=sys.stderr)


if __name__ == "__main__":
    main()
