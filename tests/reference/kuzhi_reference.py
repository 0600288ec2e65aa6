#!/usr/bin/env python3
"""An independent reference implementation of Kuzhi's seven games.

Written from the rules pages only, never from the C engine:

  docs/rules-constitution.md, docs/rules-kalah-oware-mangala.md,
  docs/rules-dakon-pallanguzhi.md, docs/rules-bohnenspiel.md, docs/protocol.md

Each game is a class with the same small interface, which mirrors the
`kuzhi-engine` protocol:

  g = new_game("constitution", {"seeds": 5})
  g.legal()        -> list of action strings, in the engine's order
  g.play("m3")     -> list of event dicts (as in the protocol's `events`)
  g.undo()         -> takes back one action (a mark counts)
  g.state()        -> dict equal to the protocol's `state` object

Standard library only.  `tests/reference/differential.py` plays random
matches through this module and through `kuzhi-engine` and compares them.
"""

import collections

SAFETY_DROPS = 10000

# How often each rule branch was taken (the differential driver prints it
# with -v, to show which rules random play reached).
HITS = collections.Counter()


class IllegalAction(Exception):
    pass


def _winner_of(a, b):
    if a > b:
        return 0
    if b > a:
        return 1
    return -1


class _Game:
    """Undo by snapshots of the plain fields; subclasses list them in FIELDS."""

    FIELDS = ()

    def __init__(self):
        self._undo = []

    def _snapshot(self):
        snap = {}
        for f in self.FIELDS:
            v = getattr(self, f)
            snap[f] = v[:] if isinstance(v, list) else v
        return snap

    def _restore(self, snap):
        for f, v in snap.items():
            setattr(self, f, v[:] if isinstance(v, list) else v)

    def play(self, action):
        if action not in self.legal():
            raise IllegalAction(action)
        self._undo.append(self._undo_record())
        return self._play(action)

    def _undo_record(self):
        return self._snapshot()

    def undo(self):
        if not self._undo:
            raise IllegalAction("nothing to undo")
        self._undo_from(self._undo.pop())

    def _undo_from(self, rec):
        self._restore(rec)

    def can_undo(self):
        return bool(self._undo)


class _RepetitionMixin:
    """Start-of-turn positions counted over the whole match (third one ends it)."""

    def _rep_init(self):
        self._positions = []          # keys in order, for undo
        self._pos_count = {}

    def _rep_record(self):
        key = self._position_key()
        self._positions.append(key)
        n = self._pos_count.get(key, 0) + 1
        self._pos_count[key] = n
        return n

    def _undo_record(self):
        return (self._snapshot(), len(self._positions))

    def _undo_from(self, rec):
        snap, npos = rec
        self._restore(snap)
        while len(self._positions) > npos:
            key = self._positions.pop()
            self._pos_count[key] -= 1
            if self._pos_count[key] == 0:
                del self._pos_count[key]


# ---------------------------------------------------------------------------
# The Constitution game
# ---------------------------------------------------------------------------

class Constitution(_RepetitionMixin, _Game):
    FIELDS = ("cups", "drawer", "refill_left", "lucky", "round", "to_move",
              "opener", "over", "winner", "end", "plies", "marked")

    def __init__(self, seeds=5):
        super().__init__()
        if seeds not in (4, 5, 6):
            raise ValueError("seeds must be 4, 5 or 6")
        self.S = seeds
        self.H = 7 * seeds
        self.cups = [seeds] * 14
        self.drawer = [0, 0]
        self.refill_left = [0, 0]
        self.lucky = [-1, -1]
        self.round = 1
        self.to_move = 0
        self.opener = 0
        self.over = False
        self.winner = None
        self.end = ""
        self.plies = 0
        self.marked = False          # a mark already made this turn
        self._rep_init()
        self._rep_record()           # the starting position counts

    # helpers
    @staticmethod
    def row(p):
        return range(0, 7) if p == 0 else range(7, 14)

    @staticmethod
    def owner(c):
        return 0 if c < 7 else 1

    def row_sum(self, p):
        return sum(self.cups[c] for c in self.row(p))

    def account(self, p):
        return self.row_sum(p) + self.drawer[p] + self.refill_left[p]

    def reserve(self, p):
        return max(0, self.account(p) - self.H)

    def _position_key(self):
        return (tuple(self.cups), tuple(self.drawer), tuple(self.refill_left),
                tuple(self.lucky), self.to_move)

    def legal(self):
        if self.over:
            return []
        p = self.to_move
        acts = [str(c) for c in self.row(p) if self.cups[c] > 0]
        if self.refill_left[p] == 1:
            acts.append("r")
        r = self.reserve(p)
        if not self.marked and 1 <= r <= 61 and r % 5 == 1:
            acts += ["m%d" % c for c in self.row(p) if c != self.lucky[p]]
        return acts

    def _play(self, action):
        p = self.to_move
        ev = []
        if action.startswith("m"):
            c = int(action[1:])
            HITS["const mark" + (" (moves it)" if self.lucky[p] >= 0
                                 else "")] += 1
            if self.cups[c]:
                HITS["const mark a non-empty cup"] += 1
            self.lucky[p] = c
            self.marked = True
            ev.append({"type": "mark", "pit": c, "player": p})
            return ev
        if action == "r":
            HITS["const refill sow r"] += 1
            self.refill_left[p] = 0
            start = 0 if p == 0 else 7
            self._sow(p, start, 1, ev, refill=True)
        else:
            c = int(action)
            n = self.cups[c]
            self.cups[c] = 0
            ev.append({"type": "lift", "pit": c, "count": n})
            self._sow(p, c, n, ev)
        self._end_turn(p, ev)
        return ev

    def _sow(self, p, c, n, ev, refill=False):
        """Sow n shells from cup c (the first goes to c+1), or, for the refill
        shell, drop the one shell into c itself; then relay as the rules say."""
        drops = 0
        while True:
            while n > 0:
                if refill:
                    refill = False
                else:
                    c = (c + 1) % 14
                self.cups[c] += 1
                n -= 1
                drops += 1
                ev.append({"type": "drop", "pit": c})
                last = n == 0
                lo = -1
                if self.lucky[0] == c:
                    lo = 0
                elif self.lucky[1] == c:
                    lo = 1
                if lo >= 0:
                    HITS["const lucky %s, %s cup" % (
                        "last" if last else "not last",
                        "own" if lo == p else "opponent's")] += 1
                    cnt = self.cups[c]
                    self.drawer[lo] += cnt
                    self.cups[c] = 0
                    ev.append({"type": "lucky", "pit": c, "player": lo,
                               "count": cnt})
                    if last:
                        return
                    continue
                if self.cups[c] == 3:
                    recv = p if last else self.owner(c)
                    HITS["const triple %s on %s row" % (
                        "last" if last else "not last",
                        "own" if self.owner(c) == p else "opponent's")] += 1
                    self.drawer[recv] += 3
                    self.cups[c] = 0
                    ev.append({"type": "triple", "pit": c, "player": recv})
                    if last:
                        return
                    continue
            # the hand is empty, neither lucky nor triple applied
            if self.cups[c] == 1:
                return
            if drops >= SAFETY_DROPS:
                HITS["const safety limit"] += 1
                return
            HITS["const relay"] += 1
            n = self.cups[c]
            self.cups[c] = 0
            ev.append({"type": "relay", "pit": c, "count": n})

    def _end_turn(self, p, ev):
        self.plies += 1
        self.marked = False
        if self.row_sum(0) == 0 or self.row_sum(1) == 0:
            self._round_end(ev)
        else:
            self.to_move = 1 - p
        if self.over:
            return
        if self._rep_record() >= 3:
            self._finish("repetition", ev)

    def _finish(self, reason, ev):
        HITS["const end " + reason] += 1
        self.over = True
        self.end = reason
        self.winner = _winner_of(self.account(0), self.account(1))
        ev.append({"type": "match_end", "winner": self.winner,
                   "reason": reason})

    def _round_end(self, ev):
        HITS["const round end"] += 1
        S = self.S
        while True:
            r0, r1 = self.row_sum(0), self.row_sum(1)
            if r0 > 0 and r1 == 0:
                w = 0
            elif r1 > 0 and r0 == 0:
                w = 1
            else:
                a0, a1 = self.account(0), self.account(1)
                w = 0 if a0 > a1 else 1 if a1 > a0 else 1 - self.opener
                HITS["const round end, both rows empty" +
                     (", equal accounts" if a0 == a1 else "")] += 1
            ev.append({"type": "round_end", "round": self.round, "winner": w})
            # gather
            stock = [r0 + self.refill_left[0], r1 + self.refill_left[1]]
            self.cups = [0] * 14
            self.refill_left = [0, 0]
            # distribute
            for q in (0, 1):
                base = 0 if q == 0 else 7
                st = stock[q]
                lk = self.lucky[q]
                if lk >= 0 and st >= 6 * S + 1:
                    HITS["const lucky distribution"] += 1
                    for c in range(base, base + 7):
                        self.cups[c] = 1 if c == lk else S
                    self.refill_left[q] = st - 6 * S - 1
                else:
                    for c in range(base, base + 7):
                        if st >= S:
                            self.cups[c] = S
                            st -= S
                    self.refill_left[q] = st
            if sum(self.cups) == 0:
                self._finish("board_empty", ev)
                return
            self.round += 1
            self.opener = w
            self.to_move = w
            ev.append({"type": "round_start", "round": self.round,
                       "opener": w})
            if self.row_sum(w) == 0:
                HITS["const opener row empty, refill %s" %
                     ("1" if self.refill_left[w] == 1 else "not 1")] += 1
            if self.row_sum(w) == 0 and self.refill_left[w] != 1:
                continue
            return

    def state(self):
        return {
            "variant": "constitution",
            "pits": self.cups[:],
            "stores": self.drawer[:],
            "to_move": self.to_move,
            "over": self.over,
            "winner": self.winner,
            "end": self.end,
            "plies": self.plies,
            "legal": self.legal(),
            "seeds": self.S,
            "round": self.round,
            "opener": self.opener,
            "refill_left": self.refill_left[:],
            "lucky": self.lucky[:],
            "accounts": [self.account(0), self.account(1)],
            "reserve": [self.reserve(0), self.reserve(1)],
        }


# ---------------------------------------------------------------------------
# 2x6 games: Kalah, Oware, Mangala
# ---------------------------------------------------------------------------

class _TwoBySix(_Game):
    FIELDS = ("pits", "stores", "to_move", "over", "winner", "end", "plies")
    VARIANT = ""

    def __init__(self, seeds):
        super().__init__()
        self.seeds = seeds
        self.pits = [seeds] * 12
        self.stores = [0, 0]
        self.to_move = 0
        self.over = False
        self.winner = None
        self.end = ""
        self.plies = 0

    @staticmethod
    def row(p):
        return range(0, 6) if p == 0 else range(6, 12)

    @staticmethod
    def owner(c):
        return 0 if c < 6 else 1

    def row_sum(self, p):
        return sum(self.pits[c] for c in self.row(p))

    def legal(self):
        if self.over:
            return []
        return [str(c) for c in self.row(self.to_move) if self.pits[c] > 0]

    def _sweep(self, ev, receiver_of_pit):
        for c in range(12):
            n = self.pits[c]
            if n > 0:
                q = receiver_of_pit(c)
                self.stores[q] += n
                self.pits[c] = 0
                ev.append({"type": "capture", "pit": c, "player": q,
                           "count": n})

    def state(self):
        return {
            "variant": self.VARIANT,
            "pits": self.pits[:],
            "stores": self.stores[:],
            "to_move": self.to_move,
            "over": self.over,
            "winner": self.winner,
            "end": self.end,
            "plies": self.plies,
            "legal": self.legal(),
            "seeds": self.seeds,
        }

    # the ring of 14 slots shared by Kalah and Mangala: pits 0-5, store 0,
    # pits 6-11, store 1.  Slot s: 0-5 -> pit s, 6 -> store 0,
    # 7-12 -> pit s-1, 13 -> store 1.
    @staticmethod
    def _slot_of_pit(c):
        return c if c < 6 else c + 1

    @staticmethod
    def _next_slot(s, p):
        s = (s + 1) % 14
        if (p == 0 and s == 13) or (p == 1 and s == 6):
            s = (s + 1) % 14
        return s

    def _put(self, s, p, ev):
        """One seed into slot s; returns the pit index or None for a store."""
        if s == 6 or s == 13:
            q = 0 if s == 6 else 1
            self.stores[q] += 1
            ev.append({"type": "store", "player": q})
            return None
        c = s if s < 6 else s - 1
        self.pits[c] += 1
        ev.append({"type": "drop", "pit": c})
        return c


class Kalah(_TwoBySix):
    VARIANT = "kalah"

    def __init__(self, seeds=4):
        if seeds not in (3, 4, 5, 6):
            raise ValueError("seeds must be 3..6")
        super().__init__(seeds)

    def _play(self, action):
        p = self.to_move
        ev = []
        c = int(action)
        n = self.pits[c]
        self.pits[c] = 0
        ev.append({"type": "lift", "pit": c, "count": n})
        s = self._slot_of_pit(c)
        last = None
        while n > 0:
            s = self._next_slot(s, p)
            last = self._put(s, p, ev)
            n -= 1
        extra = last is None
        if not extra and self.owner(last) == p and self.pits[last] == 1:
            opp = 11 - last
            HITS["kalah last in empty own pit" +
                 (" (the lifted one)" if last == c else "") +
                 (", opposite empty" if not self.pits[opp] else "")] += 1
            if self.pits[opp] > 0:
                k = self.pits[opp]
                self.pits[opp] = 0
                self.pits[last] = 0
                self.stores[p] += k + 1
                ev.append({"type": "capture", "pit": opp, "player": p,
                           "count": k})
                ev.append({"type": "capture", "pit": last, "player": p,
                           "count": 1})
        self.plies += 1
        self.to_move = p if extra else 1 - p
        if extra:
            HITS["kalah last in own store" +
                 (" (game ends)" if self.row_sum(0) == 0 or
                  self.row_sum(1) == 0 else "")] += 1
        if self.row_sum(0) == 0 or self.row_sum(1) == 0:
            HITS["kalah end, %s row empty" %
                 ("mover's" if self.row_sum(p) == 0 else "opponent's")] += 1
            self._sweep(ev, self.owner)
            self.over = True
            self.end = "side_empty"
            self.winner = _winner_of(self.stores[0], self.stores[1])
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
        elif extra:
            ev.append({"type": "extra_turn", "player": p})
        return ev


class Oware(_TwoBySix):
    VARIANT = "oware"
    LIMIT = 400

    def __init__(self, seeds=4):
        if seeds != 4:
            raise ValueError("seeds must be 4 for Oware")
        super().__init__(seeds)

    @staticmethod
    def _reaches(c, n):
        # houses to the edge of the own row: P1 house c needs 6 - c seeds,
        # P2 house c needs 12 - c
        return n >= (6 - c if c < 6 else 12 - c)

    def _legal_for(self, p):
        own = [c for c in self.row(p) if self.pits[c] > 0]
        if self.row_sum(1 - p) == 0:
            own2 = [c for c in own if self._reaches(c, self.pits[c])]
            if len(own2) < len(own):
                HITS["oware must feed removes moves"] += 1
            own = own2
        return own

    def legal(self):
        if self.over:
            return []
        return [str(c) for c in self._legal_for(self.to_move)]

    def _play(self, action):
        p = self.to_move
        ev = []
        i = int(action)
        n = self.pits[i]
        self.pits[i] = 0
        ev.append({"type": "lift", "pit": i, "count": n})
        c = i
        while n > 0:
            c = (c + 1) % 12
            if c == i:
                HITS["oware origin skipped"] += 1
                continue
            self.pits[c] += 1
            ev.append({"type": "drop", "pit": c})
            n -= 1
        if self.owner(c) != p and self.pits[c] in (2, 3):
            taken = []
            k = c
            while self.owner(k) != p and self.pits[k] in (2, 3):
                taken.append(k)
                if k == (6 if p == 0 else 0):
                    break
                k -= 1
            total = sum(self.pits[k] for k in taken)
            HITS["oware capture of %d house(s)" % len(taken) +
                 (", grand slam" if total == self.row_sum(1 - p) else "")
                 ] += 1
            if total != self.row_sum(1 - p):      # not a grand slam
                for k in taken:
                    cnt = self.pits[k]
                    self.pits[k] = 0
                    self.stores[p] += cnt
                    ev.append({"type": "capture", "pit": k, "player": p,
                               "count": cnt})
        self.plies += 1
        self.to_move = 1 - p
        reason = ""
        if self.stores[p] > 24:
            reason = "majority"
        elif not self._legal_for(1 - p):
            reason = "no_feed"
        elif self.plies >= self.LIMIT:
            reason = "limit"
        if reason:
            HITS["oware end " + reason] += 1
            self._sweep(ev, self.owner)
            self.over = True
            self.end = reason
            if reason == "majority":
                self.winner = p
            else:
                self.winner = _winner_of(self.stores[0], self.stores[1])
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": reason})
        return ev


class Mangala(_TwoBySix):
    VARIANT = "mangala"

    def __init__(self, seeds=4):
        if seeds != 4:
            raise ValueError("seeds must be 4 for Mangala")
        super().__init__(seeds)

    def _play(self, action):
        p = self.to_move
        ev = []
        i = int(action)
        n = self.pits[i]
        self.pits[i] = 0
        ev.append({"type": "lift", "pit": i, "count": n})
        s = self._slot_of_pit(i)
        if n == 1:
            HITS["mangala single stone" +
                 (" into the store" if i in (5, 11) else "")] += 1
            s = self._next_slot(s, p)
            last = self._put(s, p, ev)
        else:
            last = self._put(s, p, ev)        # the first stone goes back
            n -= 1
            while n > 0:
                s = self._next_slot(s, p)
                last = self._put(s, p, ev)
                n -= 1
        extra = last is None
        if not extra:
            if self.owner(last) != p:
                if self.pits[last] % 2 == 0:
                    HITS["mangala even capture"] += 1
                    k = self.pits[last]
                    self.pits[last] = 0
                    self.stores[p] += k
                    ev.append({"type": "capture", "pit": last, "player": p,
                               "count": k})
            elif self.pits[last] == 1:
                opp = 11 - last
                HITS["mangala last in empty own pit" +
                     (", opposite empty" if not self.pits[opp] else "")] += 1
                if self.pits[opp] > 0:
                    k = self.pits[opp]
                    self.pits[opp] = 0
                    self.pits[last] = 0
                    self.stores[p] += k + 1
                    ev.append({"type": "capture", "pit": opp, "player": p,
                               "count": k})
                    ev.append({"type": "capture", "pit": last, "player": p,
                               "count": 1})
        self.plies += 1
        self.to_move = p if extra else 1 - p
        e0, e1 = self.row_sum(0) == 0, self.row_sum(1) == 0
        if e0 or e1:
            taker = 0 if e0 else 1
            HITS["mangala end: %s row empty%s%s" % (
                "both" if e0 and e1 else "mover's" if taker == p
                else "opponent's", " after store" if extra else "",
                "" if extra or taker == p else ", opponent takes")] += 1
            self._sweep(ev, lambda c: taker)
            self.over = True
            self.end = "side_empty"
            self.winner = _winner_of(self.stores[0], self.stores[1])
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
        elif extra:
            HITS["mangala extra turn"] += 1
            ev.append({"type": "extra_turn", "player": p})
        return ev


# ---------------------------------------------------------------------------
# 2x7 games: Dakon, Pallanguzhi
# ---------------------------------------------------------------------------

class Dakon(_Game):
    FIELDS = ("pits", "stores", "to_move", "over", "winner", "end", "plies",
              "quiet")
    NO_CAPTURE_LIMIT = 100

    def __init__(self, seeds=7):
        super().__init__()
        if seeds == 0:
            seeds = 7
        if not 3 <= seeds <= 9:
            raise ValueError("seeds must be 3..9")
        self.seeds = seeds
        self.pits = [seeds] * 14
        self.stores = [0, 0]
        self.to_move = 0
        self.over = False
        self.winner = None
        self.end = ""
        self.plies = 0
        self.quiet = 0             # plies in a row without a capture

    @staticmethod
    def row(p):
        return range(0, 7) if p == 0 else range(7, 14)

    @staticmethod
    def owner(c):
        return 0 if c < 7 else 1

    def row_sum(self, p):
        return sum(self.pits[c] for c in self.row(p))

    def legal(self):
        if self.over:
            return []
        return [str(c) for c in self.row(self.to_move) if self.pits[c] > 0]

    # ring of 16 slots: pits 0-6, store 0 (slot 7), pits 7-13 (slots 8-14),
    # store 1 (slot 15)
    @staticmethod
    def _slot_of_pit(c):
        return c if c < 7 else c + 1

    def _play(self, action):
        p = self.to_move
        ev = []
        i = int(action)
        n = self.pits[i]
        self.pits[i] = 0
        ev.append({"type": "lift", "pit": i, "count": n})
        s = self._slot_of_pit(i)
        own_store = 7 if p == 0 else 15
        opp_store = 15 if p == 0 else 7
        drops = 0
        extra = False
        captured = False
        while True:
            c = None
            while n > 0:
                s = (s + 1) % 16
                if s == opp_store:
                    s = (s + 1) % 16
                if s == own_store:
                    self.stores[p] += 1
                    ev.append({"type": "store", "player": p})
                    c = None
                else:
                    c = s if s < 7 else s - 1
                    self.pits[c] += 1
                    ev.append({"type": "drop", "pit": c})
                n -= 1
                drops += 1
            if c is None:
                extra = True
                HITS["dakon last in own store"] += 1
                break
            if c == i:
                HITS["dakon lap ends in the lifted pit"] += 1
            if self.pits[c] > 1:
                if drops >= SAFETY_DROPS:
                    HITS["dakon safety limit"] += 1
                    break
                HITS["dakon relay"] += 1
                n = self.pits[c]
                self.pits[c] = 0
                ev.append({"type": "relay", "pit": c, "count": n})
                continue
            if self.owner(c) == p:
                opp = 13 - c
                k = self.pits[opp]
                HITS["dakon capture" + (", opposite empty" if not k else "")
                     ] += 1
                self.pits[c] = 0
                self.stores[p] += 1
                ev.append({"type": "capture", "pit": c, "player": p,
                           "count": 1})
                if k > 0:
                    self.pits[opp] = 0
                    self.stores[p] += k
                    ev.append({"type": "capture", "pit": opp, "player": p,
                               "count": k})
                captured = True
            HITS["dakon last in empty opponent pit"] += 1
            break
        self.plies += 1
        self.quiet = 0 if captured else self.quiet + 1
        e0, e1 = self.row_sum(0) == 0, self.row_sum(1) == 0
        if e0 or e1:
            HITS["dakon end side_empty" + (
                ", both rows" if e0 and e1 else "") + (
                ", also no_capture" if self.quiet >= self.NO_CAPTURE_LIMIT
                else "")] += 1
            for c in range(14):
                k = self.pits[c]
                if k > 0:
                    q = self.owner(c)
                    self.pits[c] = 0
                    self.stores[q] += k
                    ev.append({"type": "capture", "pit": c, "player": q,
                               "count": k})
            self.over = True
            self.end = "side_empty"
            self.winner = _winner_of(self.stores[0], self.stores[1])
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
        elif self.quiet >= self.NO_CAPTURE_LIMIT:
            HITS["dakon end no_capture"] += 1
            self.over = True
            self.end = "no_capture"
            self.winner = _winner_of(self.stores[0] + self.row_sum(0),
                                     self.stores[1] + self.row_sum(1))
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
        elif extra:
            ev.append({"type": "extra_turn", "player": p})
        else:
            self.to_move = 1 - p
        return ev

    def state(self):
        return {
            "variant": "dakon",
            "pits": self.pits[:],
            "stores": self.stores[:],
            "to_move": self.to_move,
            "over": self.over,
            "winner": self.winner,
            "end": self.end,
            "plies": self.plies,
            "legal": self.legal(),
            "seeds": self.seeds,
        }


class Pallanguzhi(_RepetitionMixin, _Game):
    FIELDS = ("pits", "stores", "rubbish", "round", "to_move", "over",
              "winner", "end", "plies")

    def __init__(self, seeds=12, pasu=None):
        super().__init__()
        if seeds == 0:
            seeds = 12
        if seeds == 12:
            self.layout = [12] * 14
            self.layout[3] = 2
            self.layout[10] = 2
            if pasu is None:
                pasu = 6
            if pasu not in (4, 6):
                raise ValueError("pasu must be 4 or 6")
        elif seeds in (5, 6):
            self.layout = [seeds] * 14
            if pasu is None:
                pasu = 4
            if pasu != 4:
                raise ValueError("pasu 6 needs the traditional layout")
        else:
            raise ValueError("seeds must be 12, 5 or 6")
        self.seeds = seeds
        self.pasu = pasu
        self.pits = self.layout[:]
        self.stores = [0, 0]
        self.rubbish = [False] * 14
        self.round = 1
        self.to_move = 0
        self.over = False
        self.winner = None
        self.end = ""
        self.plies = 0
        self._rep_init()
        self._rep_record()

    @staticmethod
    def row(p):
        return range(0, 7) if p == 0 else range(7, 14)

    @staticmethod
    def owner(c):
        return 0 if c < 7 else 1

    def row_sum(self, p):
        return sum(self.pits[c] for c in self.row(p))

    def _position_key(self):
        return (tuple(self.pits), tuple(self.stores), tuple(self.rubbish),
                self.to_move)

    def legal(self):
        if self.over:
            return []
        return [str(c) for c in self.row(self.to_move)
                if not self.rubbish[c] and self.pits[c] > 0]

    def _next(self, c):
        c = (c + 1) % 14
        while self.rubbish[c]:
            c = (c + 1) % 14
        return c

    def _play(self, action):
        p = self.to_move
        ev = []
        i = int(action)
        n = self.pits[i]
        self.pits[i] = 0
        ev.append({"type": "lift", "pit": i, "count": n})
        c = i
        drops = 0
        pits = self.pits
        pasu = self.pasu
        nxt = [self._next(k) for k in range(14)]
        skips = any(nxt[k] != (k + 1) % 14 for k in range(14))
        while True:
            while n > 0:
                c0, c = c, nxt[c]
                if skips and c != (c0 + 1) % 14:
                    HITS["pallanguzhi sowing skips rubbish"] += 1
                pits[c] += 1
                n -= 1
                drops += 1
                ev.append({"type": "drop", "pit": c})
                if pits[c] == pasu:
                    HITS["pallanguzhi pasu" + (", last counter" if not n
                                               else "")] += 1
                    pits[c] = 0
                    self.stores[p] += pasu
                    ev.append({"type": "capture", "pit": c, "player": p,
                               "count": pasu})
            n1 = self._next(c)
            if n1 != (c + 1) % 14:
                HITS["pallanguzhi next-cup look-up skips rubbish"] += 1
            if self.pits[n1] > 0:
                if drops >= SAFETY_DROPS:
                    HITS["pallanguzhi safety limit"] += 1
                    break
                HITS["pallanguzhi relay"] += 1
                n = self.pits[n1]
                self.pits[n1] = 0
                ev.append({"type": "relay", "pit": n1, "count": n})
                c = n1
                continue
            n2 = self._next(n1)
            k = self.pits[n2]
            HITS["pallanguzhi next cup empty, " +
                 ("capture beyond" if k else "beyond empty too")] += 1
            if k > 0:
                self.pits[n2] = 0
                self.stores[p] += k
                ev.append({"type": "capture", "pit": n2, "player": p,
                           "count": k})
            break
        self.plies += 1
        nxt = 1 - p
        self.to_move = nxt
        if self.row_sum(p) == 0 and self.row_sum(nxt) > 0:
            HITS["pallanguzhi mover's row empty, play goes on"] += 1
        if self.row_sum(nxt) == 0:
            self._round_end(ev)
        if not self.over and self._rep_record() >= 3:
            HITS["pallanguzhi end repetition"] += 1
            self.over = True
            self.end = "repetition"
            self.winner = _winner_of(self.stores[0] + self.row_sum(0),
                                     self.stores[1] + self.row_sum(1))
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
        return ev

    def _round_end(self, ev):
        for c in range(14):
            k = self.pits[c]
            if k > 0:
                q = self.owner(c)
                self.pits[c] = 0
                self.stores[q] += k
                ev.append({"type": "capture", "pit": c, "player": q,
                           "count": k})
        ev.append({"type": "round_end", "round": self.round,
                   "winner": _winner_of(self.stores[0], self.stores[1])})
        HITS["pallanguzhi round end" + (
            ", equal stores" if self.stores[0] == self.stores[1] else "")] += 1
        short = [self.stores[q] < self.layout[0 if q == 0 else 7]
                 for q in (0, 1)]
        if short[0] or short[1]:
            HITS["pallanguzhi end cannot_fill" +
                 (", both short" if short[0] and short[1] else "")] += 1
            self.over = True
            self.end = "cannot_fill"
            if short[0] and short[1]:
                self.winner = _winner_of(self.stores[0], self.stores[1])
            else:
                self.winner = 1 if short[0] else 0
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": self.end})
            return
        for q in (0, 1):
            out = False
            for c in self.row(q):
                need = self.layout[c]
                if not out and self.stores[q] >= need:
                    self.pits[c] = need
                    self.stores[q] -= need
                    self.rubbish[c] = False
                else:
                    if not out:
                        HITS["pallanguzhi rubbish from cup %d of the row"
                             % (c % 7)] += 1
                        if any(self.layout[d] <= self.stores[q]
                               for d in self.row(q) if d > c):
                            HITS["pallanguzhi rubbish though a later cup "
                                 "is affordable"] += 1
                    out = True
                    self.pits[c] = 0
                    self.rubbish[c] = True
        self.round += 1
        opener = 0 if self.round % 2 == 1 else 1
        self.to_move = opener
        ev.append({"type": "round_start", "round": self.round,
                   "opener": opener})

    def state(self):
        return {
            "variant": "pallanguzhi",
            "pits": self.pits[:],
            "stores": self.stores[:],
            "to_move": self.to_move,
            "over": self.over,
            "winner": self.winner,
            "end": self.end,
            "plies": self.plies,
            "legal": self.legal(),
            "seeds": self.seeds,
            "pasu": self.pasu,
            "round": self.round,
            "rubbish": [c for c in range(14) if self.rubbish[c]],
        }


class Bohnenspiel(_TwoBySix):
    """docs/rules-bohnenspiel.md: 2x6, no store in the sowing, captures of
    2, 4 or 6 running clockwise over the whole board."""
    VARIANT = "bohnenspiel"
    FIELDS = _TwoBySix.FIELDS + ("quiet",)
    QUIET_LIMIT = 100

    def __init__(self, seeds=6):
        if seeds not in (4, 5, 6):
            raise ValueError("seeds must be 4, 5 or 6")
        super().__init__(seeds)
        self.quiet = 0

    def _play(self, action):
        p = self.to_move
        ev = []
        start = int(action)
        hand = self.pits[start]
        self.pits[start] = 0
        ev.append({"type": "lift", "pit": start, "count": hand})
        # counter-clockwise over all twelve pits, the emptied one included
        last = start
        for _ in range(hand):
            last = (last + 1) % 12
            self.pits[last] += 1
            ev.append({"type": "drop", "pit": last})
        if hand >= 12:
            HITS["bohnenspiel lap back into the lifted pit"] += 1
        # from the last pit backwards (clockwise) while 2, 4 or 6
        taken = 0
        k = last
        while self.pits[k] in (2, 4, 6):
            cnt = self.pits[k]
            self.pits[k] = 0
            self.stores[p] += cnt
            ev.append({"type": "capture", "pit": k, "player": p,
                       "count": cnt})
            if self.owner(k) == p:
                HITS["bohnenspiel capture on the mover's own row"] += 1
            taken += 1
            k = (k - 1) % 12
        if taken:
            HITS["bohnenspiel chain of %d" % min(taken, 4)] += 1
        self.quiet = 0 if taken else self.quiet + 1
        self.plies += 1
        self.to_move = 1 - p
        reason = ""
        if self.row_sum(1 - p) == 0:
            # the player to move has nothing: the mover takes what is left
            reason = "side_empty"
            self._sweep(ev, lambda c: p)
        elif self.quiet >= self.QUIET_LIMIT:
            reason = "no_capture"
            self._sweep(ev, self.owner)
        if reason:
            HITS["bohnenspiel end " + reason] += 1
            self.over = True
            self.end = reason
            self.winner = _winner_of(self.stores[0], self.stores[1])
            ev.append({"type": "match_end", "winner": self.winner,
                       "reason": reason})
        return ev


# ---------------------------------------------------------------------------

VARIANTS = {
    "constitution": Constitution,
    "kalah": Kalah,
    "oware": Oware,
    "mangala": Mangala,
    "dakon": Dakon,
    "pallanguzhi": Pallanguzhi,
    "bohnenspiel": Bohnenspiel,
}


def new_game(variant, options=None):
    """options: dict of the protocol's KEY=VALUE options, values as ints."""
    return VARIANTS[variant](**(options or {}))


if __name__ == "__main__":
    # tiny self-check: the worked examples of docs/rules-constitution.md
    g = new_game("constitution")
    g.play("0")
    assert g.cups == [2, 8, 8, 1, 7, 1, 7, 7, 7, 7, 0, 1, 7, 7], g.cups
    g.play("7")
    assert g.cups == [0, 8, 8, 1, 7, 1, 7, 0, 8, 8, 1, 2, 8, 8], g.cups
    assert g.drawer == [0, 3]
    g = new_game("constitution")
    g.play("6")
    assert g.cups == [7, 7, 0, 1, 7, 7, 2, 8, 8, 1, 7, 1, 7, 7], g.cups
    g.play("7")
    assert g.cups == [8, 0, 1, 2, 8, 8, 0, 1, 10, 0, 8, 2, 8, 8], g.cups
    assert g.drawer == [3, 3]
    print("worked examples ok")
