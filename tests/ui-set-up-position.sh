#!/bin/sh
# ui-set-up-position.sh — the real kuzhi program, by keyboard alone: after a move, Ctrl+E asks first about the unsaved turn (Alt+D discards it), Set Up Position opens at the position on the board, and Enter, after 4 s of thought (longer than GTK keeps the focus ring), starts a match there.
# Usage (under xvfb-run-safe.sh): ui-set-up-position.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
. "$(dirname "$0")/ui-trace.sh"
own_desktop

"$kuzhi" &
pid=$!

wait_for '^cup 0 '
sleep 1
focus_window

# A move, so that the position is no game's start.
xdotool key Right
wait_for '^ring 1$'
xdotool key Return
wait_for '^played 1 '
wait_for '^shown '
after=$(grep '^played 1 ' "$KUZHI_TRACE_FILE" | tail -n 1 | sed 's/^played 1 //')
sleep 1

mark=$(trace_mark)
xdotool key ctrl+e
sleep 2
# The save prompt: the turn is in no file. Discard it.
xdotool key alt+d
sleep 4
# Start has the focus; the player has thought for 4 s.
xdotool key Return
wait_after "$mark" '^reset '
reset=$(sed -n "$((mark + 1)),\$p" "$KUZHI_TRACE_FILE" | grep '^reset ' | tail -n 1 | sed 's/^reset //')
if [ "$reset" != "$after" ]; then
  echo "Set Up Position started at '$reset', not at the board's '$after'" >&2
  exit 1
fi
echo "ok: Ctrl+E, Discard, and Enter 4 s later started a match at the position on the board"
