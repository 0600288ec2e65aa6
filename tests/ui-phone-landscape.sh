#!/bin/sh
# ui-phone-landscape.sh — a phone turned on its side: the real kuzhi's window at 640 × 294, and two players who take turns tapping the cups of a hot-seat match, with a player's pauses; every cup of the player to move is on the screen, and every tap plays.
# Usage (under xvfb-run-safe.sh): ui-phone-landscape.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A desktop of the test's own; sowing is instant, so a tap plays a whole
# move, and the first start's welcome was seen long ago.
. "$(dirname "$0")/ui-trace.sh"
own_desktop
keyfile_settings "animation-speed='instant'" welcome-seen=true

fail () {
  echo "$1; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
}

# The last place the trace gives for the main board's cup $1: "X Y".
cup () {
  grep "^cup $1 " "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f3-
}

# The last position the trace gives: "to_move=P ... pits=A,B,...".
position () {
  grep '^\(start\|played\|shown\|reset\) ' "$KUZHI_TRACE_FILE" | tail -n 1
}

"$kuzhi" &
pid=$!
wait_for '^cup 0 '
window=$(main_window "$pid")
[ -n "$window" ] || fail "no window of kuzhi has a title"
xdotool windowsize "$window" 640 294
sleep 1
size=$(xdotool getwindowgeometry "$window" | sed -n 's/ *Geometry: //p')
[ "$size" = 640x294 ] || fail "the window is $size, not a phone's 640x294 on its side"

for turn in 1 2 3 4; do
  # The player looks at the board before tapping.
  sleep 1.5
  now=$(position)
  player=$(echo "$now" | sed -n 's/.* to_move=\([01]\) .*/\1/p')
  pits=$(echo "$now" | sed -n 's/.* pits=\([0-9,]*\) .*/\1/p')
  [ -n "$player" ] && [ -n "$pits" ] || fail "turn $turn: no position in the trace"
  n=$(echo "$pits" | tr ',' '\n' | wc -l)
  row=$((n / 2))
  # Every cup of the player to move is where a finger reaches it: a
  # finger's 44 px around its centre are on the screen.
  tap=
  i=$((player * row))
  while [ "$i" -lt $(((player + 1) * row)) ]; do
    at=$(cup "$i")
    x=${at%% *} y=${at#* }
    if [ -z "$at" ] || [ "$x" -lt 22 ] || [ "$x" -gt $((640 - 22)) ] || [ "$y" -lt 22 ] || [ "$y" -gt $((294 - 22)) ]; then
      fail "turn $turn: Player $((player + 1))'s cup $((i - player * row + 1)) is at '$at', off the 640 × 294 screen"
    fi
    seeds=$(echo "$pits" | cut -d, -f$((i + 1)))
    if [ -z "$tap" ] && [ "$seeds" -gt 0 ]; then
      tap=$i
    fi
    i=$((i + 1))
  done
  [ -n "$tap" ] || fail "turn $turn: Player $((player + 1)) has no cup to sow"
  at=$(cup "$tap")
  mark=$(trace_mark)
  xdotool mousemove --window "$window" ${at%% *} ${at#* } click 1
  wait_after "$mark" "^played $tap "
  echo "turn $turn: Player $((player + 1)) tapped cup $((tap - player * row + 1)) at $at, and it was sown"
done
echo "ok: four taps at 640 × 294, each on a cup in sight, each played"
