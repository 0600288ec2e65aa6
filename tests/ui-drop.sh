#!/bin/sh
# ui-drop.sh — the real kuzhi, and another program's window (drag-source) as a file manager and a text editor: a saved Kalah match dragged from it and dropped on kuzhi's board opens (its name in the title, its position on the board) as a copy, the file left where it was; then a Mangala position dragged as text replaces it.
# Usage (under xvfb-run-safe.sh): ui-drop.sh PATH/TO/kuzhi PATH/TO/kuzhi-engine PATH/TO/drag-source
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
engine=$2
drag_source=$3
. "$(dirname "$0")/ui-trace.sh"
own_desktop

# A Kalah match saved with one move played: Player 1's third pit.
printf 'new kalah\nplay 2\nsave %s\nquit\n' "$work/saved.kuzhi" | "$engine" >/dev/null
test -s "$work/saved.kuzhi"

"$kuzhi" &
pid=$!
wait_for '^cup 0 '
sleep 1

# Waits up to 30 s for a visible window whose name matches $1, and
# prints its id.
wait_window () {
  i=0
  until id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1) && [ -n "$id" ]; do
    i=$((i + 1))
    [ "$i" -lt 300 ] || { echo "no window named '$1'" >&2; exit 1; }
    sleep 0.1
  done
  echo "$id"
}

# Drags from drag-source's window (its arguments $1 and $2) to the middle
# of kuzhi's, as a hand does: pressed, moved past GTK's drag threshold,
# across, a pause over the board, released. The drop must be a copy (a
# file manager deletes the file after a move), and the board must then
# show the position $3 (the trace's reset line, after "pits=").
drop_on_kuzhi () {
  mark=$(trace_mark)
  "$drag_source" "$1" "$2" >"$work/source-out" &
  others=$!
  from=$(wait_window '^Drag source$')
  # Clear of kuzhi's window (1000 px wide at the screen's left).
  xdotool windowmove "$from" 1060 0
  sleep 1
  to=$(main_window "$pid")
  [ -n "$to" ] || { echo "no kuzhi main window" >&2; exit 1; }
  eval "$(xdotool getwindowgeometry --shell "$to")"
  xdotool mousemove --window "$from" 100 75
  sleep 0.5
  xdotool mousedown 1
  sleep 0.3
  for step in 1 2 3 4; do
    xdotool mousemove --window "$from" $((100 + 10 * step)) 75
    sleep 0.2
  done
  for step in 0 1 2 3; do
    xdotool mousemove --window "$to" $((WIDTH / 2 + 5 * step)) $((HEIGHT / 2))
    sleep 0.4
  done
  sleep 1
  xdotool mouseup 1
  wait "$others"
  others=
  if [ "$(cat "$work/source-out")" != "drag-end copy" ]; then
    echo "the drop ($1) was not a copy: drag-source said '$(cat "$work/source-out")'" >&2
    exit 1
  fi
  wait_after "$mark" "^reset to_move=[01] round=[0-9]* over=0 pits=$3\$"
}

# The file: its position on the board, its name the title's, and still there.
drop_on_kuzhi --file "$work/saved.kuzhi" '4,4,0,5,5,5,4,4,4,4,4,4 stores=1,0'
wait_window '^saved\.kuzhi — Kuzhi$' >/dev/null
test -s "$work/saved.kuzhi"

# The text: a Mangala position, Player 2 to move, replaces the match.
sleep 2
drop_on_kuzhi --text 'mangala 5 5 5 5 5 5 / 3 3 3 3 3 3 stores 0 0 north to move' '5,5,5,5,5,5,3,3,3,3,3,3 stores=0,0'
grep -q '^reset to_move=1 .* pits=5,5,5,5,5,5,3,3,3,3,3,3 ' "$KUZHI_TRACE_FILE"
