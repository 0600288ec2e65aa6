#!/usr/bin/env python3
"""Differential test: kuzhi-engine against the independent Python reference.

usage: differential.py PATH/TO/kuzhi-engine [MATCHES_PER_CONFIG [SEED]]
                       [--only SUBSTRING] [--keep-going] [--verbose]
                       [--hunt RULE-SUBSTRING]

Plays MATCHES_PER_CONFIG random matches of every game and every start
option through `kuzhi-engine` and through `kuzhi_reference.py` side by
side.  Actions are chosen at random among the legal ones (marks `mC` and the
refill shell `r` included).  After every `play` the reply's whole `state`
and its `events` list must equal the reference's prediction; `legal` is also
asked after every step, and now and then `undo` is sent (one or more steps
back, also from a finished match) and the state must come back exactly.

--only plays only the configurations whose label holds SUBSTRING.
--hunt plays the matches on the reference alone and sends to the engine only
those that took a rule branch whose name (see --verbose) holds the substring:
a way to check rare rules in many more matches.

One summary line is printed per configuration.  On a mismatch the first
mismatching step is printed with the whole command history, ready for
`kuzhi-engine -c "..."`, and the exit status is 1.
"""

import concurrent.futures
import json
import os
import random
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kuzhi_reference as ref  # noqa: E402

# (label, engine `new` arguments, reference constructor options)
CONFIGS = [
    ("constitution seeds=4", "constitution seeds=4", ("constitution", {"seeds": 4})),
    ("constitution seeds=5", "constitution seeds=5", ("constitution", {"seeds": 5})),
    ("constitution seeds=6", "constitution seeds=6", ("constitution", {"seeds": 6})),
    ("kalah seeds=3", "kalah seeds=3", ("kalah", {"seeds": 3})),
    ("kalah seeds=4", "kalah seeds=4", ("kalah", {"seeds": 4})),
    ("kalah seeds=5", "kalah seeds=5", ("kalah", {"seeds": 5})),
    ("kalah seeds=6", "kalah seeds=6", ("kalah", {"seeds": 6})),
    ("oware", "oware", ("oware", {})),
    ("mangala", "mangala", ("mangala", {})),
    ("dakon", "dakon", ("dakon", {})),
    ("dakon seeds=3", "dakon seeds=3", ("dakon", {"seeds": 3})),
    ("dakon seeds=5", "dakon seeds=5", ("dakon", {"seeds": 5})),
    ("dakon seeds=8", "dakon seeds=8", ("dakon", {"seeds": 8})),
    ("dakon seeds=9", "dakon seeds=9", ("dakon", {"seeds": 9})),
    ("pallanguzhi", "pallanguzhi", ("pallanguzhi", {})),
    ("pallanguzhi pasu=4", "pallanguzhi pasu=4", ("pallanguzhi", {"pasu": 4})),
    ("pallanguzhi seeds=5", "pallanguzhi seeds=5", ("pallanguzhi", {"seeds": 5})),
    ("pallanguzhi seeds=6", "pallanguzhi seeds=6", ("pallanguzhi", {"seeds": 6})),
    ("bohnenspiel", "bohnenspiel", ("bohnenspiel", {})),
    ("bohnenspiel seeds=4", "bohnenspiel seeds=4", ("bohnenspiel", {"seeds": 4})),
    ("bohnenspiel seeds=5", "bohnenspiel seeds=5", ("bohnenspiel", {"seeds": 5})),
]

UNDO_P = 0.03          # chance of an undo after a play
UNDO_AT_END_P = 0.25   # chance of going back from a finished match
MAX_ACTIONS = 20000    # per match, undo included: a guard, never reached


class Mismatch(Exception):
    pass


class Engine:
    def __init__(self, path):
        self.path = path
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1)

    def send(self, *cmds):
        """Send commands, read one reply line per command (not decoded)."""
        self.proc.stdin.write("".join(c + "\n" for c in cmds))
        self.proc.stdin.flush()
        out = []
        for c in cmds:
            line = self.proc.stdout.readline()
            if not line:
                raise Mismatch("kuzhi-engine gave no reply to %r (exit %s): %s"
                               % (c, self.proc.poll(),
                                  self.proc.stderr.read()[-2000:]))
            out.append(line.rstrip("\n"))
        return out

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait(timeout=10)


def diff_state(want, got):
    """A list of human-readable differences between two state dicts."""
    out = []
    for k in sorted(set(want) | set(got)):
        if k not in got:
            out.append("%s: missing in the engine's state (reference %r)"
                       % (k, want[k]))
        elif k not in want:
            out.append("%s: engine has %r, the reference has no such field"
                       % (k, got[k]))
        elif want[k] != got[k]:
            if k == "legal":
                if set(want[k]) == set(got[k]):
                    out.append("legal: same set, different order: "
                               "reference %r engine %r" % (want[k], got[k]))
                else:
                    out.append("legal: reference %r engine %r "
                               "(only reference: %r, only engine: %r)"
                               % (want[k], got[k],
                                  sorted(set(want[k]) - set(got[k])),
                                  sorted(set(got[k]) - set(want[k]))))
            else:
                out.append("%s: reference %r engine %r"
                           % (k, want[k], got[k]))
    return out


def diff_events(want, got):
    if want == got:
        return []
    i = 0
    while i < min(len(want), len(got)) and want[i] == got[i]:
        i += 1
    lo = max(0, i - 3)
    return ["events differ at index %d (reference %d events, engine %d)"
            % (i, len(want), len(got)),
            "  reference[%d:]: %s" % (lo, json.dumps(want[lo:i + 4])),
            "  engine   [%d:]: %s" % (lo, json.dumps(got[lo:i + 4]))]


# Per game, the policies a player may get for a match (drawn at random).
# Random play alone reaches every Pallanguzhi rule, and its matches are long.
POLICIES = {
    "constitution": ("random", "random", "random", "pacifist", "greedy",
                     "hoard"),
    "kalah": ("random", "random", "random", "pacifist", "greedy"),
    "oware": ("random", "random", "random", "pacifist", "greedy"),
    "mangala": ("random", "random", "random", "pacifist", "greedy"),
    "dakon": ("random", "random", "pacifist", "pacifist", "greedy"),
    "pallanguzhi": ("random",),
    # pacifist reaches the 100-ply rule, which random play rarely does
    "bohnenspiel": ("random", "random", "pacifist", "pacifist", "greedy"),
}


def choose(game, st, policy, rng):
    """An action for the player to move: uniform at random, or steered by a
    one-turn look-ahead on the reference so that rare rules get reached:
    `pacifist` avoids captures (reaches Oware's ply limit, Dakon's
    no-capture end, repetitions), `greedy` takes the most for the mover's
    store, `hoard` keeps the most shells on the mover's row (reaches the
    Constitution's big stocks, lucky refills and stuck openers)."""
    legal = st["legal"]
    if policy == "random" or len(legal) == 1:
        return rng.choice(legal)
    marks = [a for a in legal if a.startswith("m")]
    if marks and rng.random() < 0.5:
        return rng.choice(marks)
    p = st["to_move"]
    saved = ref.HITS.copy()
    scored = []
    for a in legal:
        if a.startswith("m"):
            continue
        ev = game.play(a)
        after = game.state()
        game.undo()
        if policy == "pacifist":
            score = -sum(1 for e in ev if e["type"] in
                         ("capture", "triple", "lucky"))
        elif policy == "greedy":
            score = after["stores"][p] - st["stores"][p]
        else:
            n = len(after["pits"]) // 2
            own = sum(after["pits"][:n] if p == 0 else after["pits"][n:])
            opp = sum(after["pits"][n:] if p == 0 else after["pits"][:n])
            score = own - opp
        scored.append((score, a))
    ref.HITS.clear()
    ref.HITS.update(saved)
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == best])


def plan_match(new_args, ref_args, rng, stats):
    """Play a whole random match on the reference.  Returns the commands and,
    for each, what the engine must answer."""
    variant, opts = ref_args
    game = ref.new_game(variant, opts)
    policies = (rng.choice(POLICIES[variant]), rng.choice(POLICIES[variant]))
    steps = [("new " + new_args, "new", game.state())]
    steps[0] = steps[0] + ({"ok": True, "state": steps[0][2]},)
    prev = []     # reference states before each action still on the stack
    while len(steps) < MAX_ACTIONS:
        st = game.state()
        if st["over"]:
            if prev and rng.random() < UNDO_AT_END_P:
                action = None
            else:
                stats["ends"][st["end"]] = stats["ends"].get(st["end"], 0) + 1
                stats["rounds"] = max(stats["rounds"], st.get("round", 0))
                return steps
        else:
            action = choose(game, st, policies[st["to_move"]], rng)
            if prev and rng.random() < UNDO_P:
                action = None
        if action is None:
            for _ in range(min(len(prev), rng.choice((1, 1, 1, 2, 3)))):
                game.undo()
                before = prev.pop()
                now = game.state()
                steps.append(("undo", "undo", (before, now),
                              {"ok": True, "state": now}))
                stats["undos"] += 1
            continue
        prev.append(st)
        ev = game.play(action)
        stats["actions"] += 1
        after = game.state()
        steps.append(("play " + action, "play", (ev, after),
                      {"ok": True, "events": ev, "state": after}))
        steps.append(("legal", "legal", after["legal"],
                      {"ok": True, "legal": after["legal"]}))
    raise Mismatch("the reference played a match longer than %d commands"
                   % MAX_ACTIONS)


def check_match(eng, steps, batch=64):
    """Send the planned commands in batches and compare every reply."""
    def fail(i, lines):
        cmds = [s[0] for s in steps[:i + 1] if s[1] != "legal"]
        if steps[i][1] == "legal":
            cmds.append("legal")
        raise Mismatch("\n".join(
            ["MISMATCH at %r (command %d)" % (steps[i][0], i)]
            + ["  " + l for l in lines]
            + ["  replay: kuzhi-engine -c %s" % json.dumps("; ".join(cmds))]))

    for lo in range(0, len(steps), batch):
        chunk = steps[lo:lo + batch]
        replies = eng.send(*[s[0] for s in chunk])
        for j, (line, (cmd, kind, want, want_reply)) in enumerate(
                zip(replies, chunk)):
            i = lo + j
            try:
                r = json.loads(line)
            except ValueError:
                fail(i, ["the engine's reply is not JSON: %r" % line[:300]])
            if r == want_reply:         # the fast path: the whole reply
                continue
            if not r.get("ok"):
                fail(i, ["engine refused: %s" % r.get("error")])
            if kind == "new":
                d = diff_state(want, r["state"])
            elif kind == "play":
                want_ev, want_st = want
                d = (diff_state(want_st, r["state"])
                     + diff_events(want_ev, r["events"]))
            elif kind == "undo":
                before, want_st = want
                d = diff_state(before, r["state"])
                if d:
                    d = ["the state after undo is not the state before the "
                         "action"] + d
                else:
                    d = diff_state(want_st, r["state"])
            else:
                d = [] if r.get("legal") == want else [
                    "`legal` command: reference %r engine %r"
                    % (want, r.get("legal"))]
            if d:
                fail(i, d)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = [a for a in argv[1:] if a.startswith("--")]
    only = None
    hunt = None
    if "--hunt" in argv:
        hunt = argv[argv.index("--hunt") + 1]
        args.remove(hunt)
    if "--only" in argv:
        only = argv[argv.index("--only") + 1]
        args.remove(only)
    keep_going = "--keep-going" in flags
    verbose = "--verbose" in flags
    if not args:
        print(__doc__)
        return 2
    path = args[0]
    matches = int(args[1]) if len(args) > 1 else 200
    seed = args[2] if len(args) > 2 else "1"
    failed = 0
    t_all = time.time()
    eng = Engine(path)
    for label, new_args, ref_args in CONFIGS:
        if only and only not in label:
            continue
        stats = {"actions": 0, "undos": 0, "ends": {}, "rounds": 0}
        t0 = time.time()
        bad = 0
        # The engine answers match m (in a thread) while the reference
        # plans match m + 1.
        pending = None            # (match number, future)
        checked = 0
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            for m in range(matches + 1):
                steps = None
                if m < matches:
                    rng = random.Random("%s:%s:%d" % (seed, label, m))
                    before = sum(v for k, v in ref.HITS.items()
                                 if hunt and hunt in k)
                    try:
                        steps = plan_match(new_args, ref_args, rng, stats)
                    except Mismatch as e:
                        bad += 1
                        print("[%s] match %d (seed %s): %s"
                              % (label, m, seed, e))
                    if hunt and steps and before == sum(
                            v for k, v in ref.HITS.items() if hunt in k):
                        steps = None    # not the rule hunted for: skip it
                if pending:
                    pm, fut = pending
                    pending = None
                    checked += 1
                    try:
                        fut.result()
                    except Mismatch as e:
                        bad += 1
                        if bad == 1:
                            print("[%s] match %d (seed %s)" % (label, pm, seed))
                            print(e)
                        if eng.proc.poll() is not None:
                            eng = Engine(path)
                if bad and not keep_going:
                    break
                if steps:
                    pending = (m, pool.submit(check_match, eng, steps))
        failed += bad
        ends = ", ".join("%s %d" % kv for kv in sorted(stats["ends"].items()))
        extra = (" max round %d" % stats["rounds"]) if stats["rounds"] else ""
        print("%-22s %s: %d matches, %d actions, %d undos, ends: %s;%s %.1fs"
              % (label, "FAIL (%d)" % bad if bad else "ok", checked,
                 stats["actions"], stats["undos"], ends, extra,
                 time.time() - t0))
        if verbose:
            for k, v in sorted(ref.HITS.items()):
                print("      %8d  %s" % (v, k))
        ref.HITS.clear()
        sys.stdout.flush()
    eng.close()
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("%s in %.1fs (cpu: driver and reference %.1fs, kuzhi-engine %.1fs)"
          % ("FAILED" if failed else "all configurations agree",
             time.time() - t_all, me.ru_utime + me.ru_stime,
             kids.ru_utime + kids.ru_stime))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
