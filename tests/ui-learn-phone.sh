#!/bin/sh
# ui-learn-phone.sh — the real kuzhi's first start on a phone's 360 × 640: the welcome's Learn to Play opens the course, Enter its first lesson, and a tap on the cup the lesson asks for sows it, as a finger would; once the sentence comes under the board, the cup the goal names is still where a tap reaches it.
# Usage (under xvfb-run-safe.sh): ui-learn-phone.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A fresh user, whose settings are on disk: the welcome shows.
. "$(dirname "$0")/ui-trace.sh"
own_desktop
keyfile_settings

fail () {
  echo "$1; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
}

# The last place the trace gives for cup $1 of the lesson's board: "X Y",
# or "hidden" where no tap reaches it.
learn_cup () {
  grep "^learn cup $1 " "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f4-
}

"$kuzhi" &
pid=$!
learn_from_welcome
# The phone's screen: the window fills its 360 × 640.
learn=$(xdotool search --onlyvisible --name 'Learn to Play' | head -n 1)
[ -n "$learn" ] || fail "no window called Learn to Play"
xdotool windowsize "$learn" 360 640
sleep 2
xdotool windowfocus "$learn" 2>/dev/null || true
sleep 1

mark=$(trace_mark)
xdotool key Return
wait_after "$mark" '^learn lesson sowing$'
wait_after "$mark" '^learn cup 2 [0-9]'
# The learner reads the goal, "Sow the cup that ends its sowing in your
# cup 6": cup 3 (pit 2).
sleep 3
at=$(learn_cup 2)
[ "$at" != hidden ] || fail "cup 3, which the lesson asks for, is out of reach"
# On a phone the board stands upright: the learner's row is one column.
[ "$(learn_cup 0 | cut -d' ' -f1)" = "${at%% *}" ] || fail "the board does not stand upright at 360 × 640"
mark=$(trace_mark)
xdotool mousemove --window "$learn" ${at%% *} ${at#* } click 1
wait_after "$mark" '^learn \(met\|missed\) '
tail -n "+$((mark + 1))" "$KUZHI_TRACE_FILE" | grep -q "^learn met Cup 3's three shells went into cups 4, 5 and 6" ||
  fail "the tap did not meet the lesson"
# The sentence has come under the board; the learner looks for cup 6.
sleep 3
six=$(learn_cup 5)
case $six in
  hidden|'') fail "cup 6, which the goal and the sentence name, is out of sight" ;;
esac
x=${six%% *} y=${six#* }
if [ "$x" -lt 0 ] || [ "$x" -ge 360 ] || [ "$y" -lt 0 ] || [ "$y" -ge 640 ]; then
  fail "cup 6 is at $x,$y, off the 360 × 640 screen"
fi
grep -q '^played ' "$KUZHI_TRACE_FILE" && fail "a move reached the main window's match"
echo "ok: at 360 × 640, a tap on cup 3 met the first lesson, and cup 6 stayed in sight at $x,$y"
