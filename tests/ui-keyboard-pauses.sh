#!/bin/sh
# ui-keyboard-pauses.sh — plays the real kuzhi program by keyboard alone, as a player who thinks: a key (an arrow, or a cup's number), then 4 s and 10 s of thought before Enter (GTK hides the focus ring 3 s after the last key), and each Enter must sow the cup that was chosen.
# Usage (under xvfb-run-safe.sh): ui-keyboard-pauses.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A desktop of the test's own: no autosave, and the window's trace (cup
# positions, the cup whose ring is drawn, every move played).
. "$(dirname "$0")/ui-trace.sh"
own_desktop

"$kuzhi" &
pid=$!

wait_for '^cup 0 '
sleep 1
focus_window

# New Match by keyboard, before any move (so no prompt to save comes
# first): Ctrl+N, a look at the dialog, Escape cancels (nothing is reset);
# Ctrl+N again and Enter starts the match.
xdotool key ctrl+n
sleep 2
xdotool key Escape
sleep 2
focus_window
if grep -q '^reset ' "$KUZHI_TRACE_FILE"; then
  echo "Escape in the New Match dialog started a match" >&2
  exit 1
fi
xdotool key ctrl+n
sleep 2
xdotool key Return
wait_for '^reset to_move=0 round=1 over=0 pits=5,5,5,5,5,5,5,5,5,5,5,5,5,5 stores=0,0$'
echo "ok: in New Match, Escape cancelled and Enter started the match"
# Without a window manager, nobody gives the focus back to the main window
# when the dialog closes; a desktop's window manager would.
sleep 1
focus_window

# Right from Player 1's first cup chooses cup 1; the player then thinks
# for 4 s, longer than GTK keeps focus-visible, and presses Enter.
xdotool key Right
wait_for '^ring 1$'
sleep 4
ring=$(ring_now)
if [ "$ring" != 1 ]; then
  echo "after 4 s of thought the ring left cup 1 (ring $ring)" >&2
  exit 1
fi
xdotool key Return
wait_for '^played 1 '
wait_for '^shown '
echo "ok: Enter after 4 s sowed cup 1"

# Player 2's turn: the focus is on a cup Player 2 may sow; Left chooses
# another, and the player thinks for 10 s before Space.
xdotool key Left
sleep 0.5
chosen=$(ring_now)
if [ -z "$chosen" ] || [ "$chosen" -lt 7 ]; then
  echo "Left did not show a ring on Player 2's row (ring '$chosen')" >&2
  exit 1
fi
sleep 10
ring=$(ring_now)
if [ "$ring" != "$chosen" ]; then
  echo "after 10 s of thought the ring left cup $chosen (ring $ring)" >&2
  exit 1
fi
xdotool key space
wait_for "^played $chosen "
echo "ok: Space after 10 s sowed cup $chosen"
wait_for "^shown "
sleep 1

# The pointer: a click on a cup sows it and puts the keyboard's ring
# away; the next key brings it back, and Enter after 4 s sows again.
sleep 1
set -- $(grep '^cup 2 ' "$KUZHI_TRACE_FILE" | tail -n 1)
xdotool mousemove "$3" "$4"
sleep 1
mark=$(trace_mark)
xdotool click 1
wait_after "$mark" '^played 2 '
# The relay sowing shown to its end.
wait_after "$mark" '^shown '
xdotool mousemove 0 0
sleep 0.5
if [ "$(ring_now)" != -1 ]; then
  echo "after a click, the keyboard's ring is still drawn (ring $(ring_now))" >&2
  exit 1
fi
# A window manager gives the keyboard back to the window clicked in; the
# bare X server here does not.
focus_window
xdotool key Right
sleep 0.5
chosen=$(ring_now)
if [ -z "$chosen" ] || [ "$chosen" -lt 7 ]; then
  echo "after a click, a key did not bring the ring back (ring '$chosen')" >&2
  exit 1
fi
sleep 4
mark=$(trace_mark)
xdotool key Return
wait_after "$mark" "^played $chosen to_move="
echo "ok: after a click, a key and Enter 4 s later sowed cup $chosen"
wait_after "$mark" '^shown '

# A digit names a cup of the row to move: the board's cup number n is pit
# n - 1 on Player 1's row, n + 6 on Player 2's. It only chooses; Enter,
# after 4 s of thought, sows it.
set -- $(grep '^shown ' "$KUZHI_TRACE_FILE" | tail -n 1)
to_move=${2#to_move=}
pits=${5#pits=}
n=$(echo "$pits" | awk -F, -v row="$to_move" '{ for (i = 1; i <= 7; i++) if ($(row * 7 + i) > 0) { print i; exit } }')
pit=$((to_move * 7 + n - 1))
sleep 1
mark=$(trace_mark)
xdotool key "$n"
sleep 0.5
if [ "$(ring_now)" != "$pit" ]; then
  echo "the key $n did not choose cup $n of Player $((to_move + 1)) (pit $pit; ring $(ring_now))" >&2
  exit 1
fi
# The keypad's digits too (with Num Lock on); then back to cup n.
other=$((n % 7 + 1))
numlockx on 2>/dev/null || xdotool key Num_Lock
xdotool key "KP_$other"
sleep 0.5
if [ "$(ring_now)" != "$((to_move * 7 + other - 1))" ]; then
  echo "the keypad's $other did not choose cup $other (ring $(ring_now))" >&2
  exit 1
fi
xdotool key "$n"
sleep 0.5
sleep 4
if tail -n "+$((mark + 1))" "$KUZHI_TRACE_FILE" | grep -q '^played '; then
  echo "a digit sowed a cup" >&2
  exit 1
fi
xdotool key Return
wait_after "$mark" "^played $pit to_move="
echo "ok: the key $n chose cup $n, and Enter 4 s later sowed it"
