#!/usr/bin/env python3
"""book-header.py — writes the C table of Kalah(6,4)'s opening book from its data file.

    scripts/book-header.py src/engine/kuzhi-book-kalah.txt OUTPUT.h

The build runs it (src/engine/meson.build) and writes kuzhi-book-kalah.h
into the build folder, where kuzhi-book.c includes it; the data file is
what scripts/build-book.py writes and what the repository keeps
(docs/computer-opponent.md, "The opening book"). Its lines, other than
comments (#) and blank ones: a position's 12 pits, its 2 stores and the
side to move, then, after each "|", one legal move, best first: the move,
its exact final margin from the mover's side, ":", and the first actions
of its line (at most 12, the move first).

Standard library only. A malformed line stops the build, naming it.
"""
# SPDX-License-Identifier: GPL-3.0-or-later

import sys

PV_MAX = 12   # KZ_BOOK_PV in kuzhi-book.h
MOVES_MAX = 6


def fail(path, number, why):
    sys.exit("%s:%d: %s" % (path, number, why))


def read(path):
    """The book's entries: (pits, stores, to_move, [(move, margin, pv)])."""
    book = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split("|")
            try:
                position = [int(x) for x in fields[0].split()]
                moves = []
                for field in fields[1:]:
                    head, line_of_play = field.split(":")
                    move, margin = (int(x) for x in head.split())
                    moves.append((move, margin, [int(x) for x in line_of_play.split()]))
            except ValueError:
                fail(path, number, "not a book line")
            if len(position) != 15 or position[14] not in (0, 1):
                fail(path, number, "a position is 12 pits, 2 stores and the side to move (0 or 1)")
            if not 1 <= len(moves) <= MOVES_MAX:
                fail(path, number, "1 to %d moves" % MOVES_MAX)
            for move, margin, pv in moves:
                if not 1 <= len(pv) <= PV_MAX or pv[0] != move or not -128 <= margin <= 127:
                    fail(path, number, "move %d: its line starts with it, 1 to %d actions" % (move, PV_MAX))
            book.append((position[:12], position[12:14], position[14], moves))
    return book


def write(path, book, source):
    lines = [
        "/* kuzhi-book-kalah.h — Kalah(6,4)'s opening book, generated at build time",
        " * by scripts/book-header.py from %s (do not edit):" % source,
        " * every legal move's exact final margin, from the mover's side, best",
        " * first, as the Kalah solver proved it, and the first actions of its",
        " * line. docs/computer-opponent.md, \"The opening book\". */",
        "",
        "static const KzBookEntry kz_book_kalah[] = {",
    ]
    for pits, stores, to_move, moves in book:
        lines.append("  { { %s }, { %s }, %d, %d, {" % (", ".join(map(str, pits)), ", ".join(map(str, stores)),
                                                       to_move, len(moves)))
        for move, margin, pv in moves:
            lines.append("      { %d, %d, %d, { %s } }," % (move, margin, len(pv), ", ".join(map(str, pv))))
        lines.append("    } },")
    lines.append("};")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: book-header.py BOOK.txt OUTPUT.h")
    write(sys.argv[2], read(sys.argv[1]), "src/engine/kuzhi-book-kalah.txt")


if __name__ == "__main__":
    main()
