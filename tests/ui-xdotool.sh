#!/bin/sh
# ui-xdotool.sh — plays the real kuzhi program from outside, as a user would: a mouse click on a cup, then arrow keys and Enter.
# Usage (under xvfb-run): ui-xdotool.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A fresh user data folder (no autosave), and the trace the window writes
# when KUZHI_TRACE_FILE is set: cup positions and every action played.
. "$(dirname "$0")/ui-trace.sh"
own_desktop

"$kuzhi" &
pid=$!

wait_for '^cup 0 '
sleep 1
set -- $(grep '^cup 0 ' "$KUZHI_TRACE_FILE" | tail -n 1)
echo "Player 1's first cup is at $3,$4"

# At start the focus sits on a cup with no ring drawn: Enter sows nothing
# unseen, it shows the ring first.
focus_window
xdotool key Return
sleep 1
if grep -q '^played ' "$KUZHI_TRACE_FILE"; then
  echo "Enter sowed a cup whose focus ring was not drawn" >&2
  exit 1
fi

# A click on the first cup: the rules' worked example.
xdotool mousemove "$3" "$4" click 1
wait_for '^played 0 '
grep '^played 0 ' "$KUZHI_TRACE_FILE"
grep -q '^played 0 to_move=1 round=1 over=0 pits=2,8,8,1,7,1,7,7,7,7,0,1,7,7 stores=0,0$' "$KUZHI_TRACE_FILE"
wait_for '^shown '

# The keyboard alone. After a turn the focus lands on the first cup the
# next player may sow (Player 2's first cup, 7, at the top right in Player
# 1's view); Left goes to cup 8 and Enter sows it.
focus_window
xdotool key Left
# Enter sows only a cup whose ring is on screen: on a slow machine (the
# sanitizer build) the frame that draws it may take a while.
wait_for '^ring 8$'
xdotool key Return
wait_for '^played 8 '
grep '^played 8 ' "$KUZHI_TRACE_FILE"
grep -q '^played 8 to_move=0 round=1 over=0 pits=0,0,1,2,11,2,11,2,1,12,0,2,2,0 stores=15,9$' "$KUZHI_TRACE_FILE"

# A key during the sowing finishes it at once; Escape is harmless.
xdotool key Escape
wait_for '^shown to_move=0 '
echo "ok: a click and the keyboard each sowed a cup"
