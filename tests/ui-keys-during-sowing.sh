#!/bin/sh
# ui-keys-during-sowing.sh — the real kuzhi, played from outside with xdotool: F9, Ctrl+Z and Ctrl+N pressed while a sowing is still shown finish it and do what they say.
# Usage (under xvfb-run): ui-keys-during-sowing.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A fresh user data folder (no autosave), the settings' defaults (a
# sowing at Normal speed takes a second or more), and the trace.
. "$(dirname "$0")/ui-trace.sh"
own_desktop

"$kuzhi" &
pid=$!

count () {
  grep -c "$1" "$KUZHI_TRACE_FILE" || true
}

# Clicks cup $1 where the last frame drew it, and waits for its move.
sow () {
  set -- "$1" $(grep "^cup $1 " "$KUZHI_TRACE_FILE" | tail -n 1)
  xdotool mousemove "$4" "$5" click 1
  wait_for "^played $1 "
}

# Presses the keys $1 while the sowing just played is still on the board:
# every move's "shown" comes when its sowing ends, so one fewer "shown"
# than "played" means it has not.
press_during_sowing () {
  if [ "$(count '^shown ')" -ge "$(count '^played ')" ]; then
    echo "the sowing ended before $1 could be pressed; trace:" >&2
    cat "$KUZHI_TRACE_FILE" >&2
    exit 1
  fi
  xdotool key "$1"
}

wait_for '^cup 0 '
sleep 1
focus_window

# F9 during Player 1's first sowing turns the board (Player 2's row
# nearest) as well as finishing the sowing.
sow 0
press_during_sowing F9
wait_for '^view 1$'
wait_for '^shown to_move=1 '
echo "ok: F9 during a sowing turned the board"

# Ctrl+Z during Player 2's sowing takes that turn back.
sleep 1
sow 8
press_during_sowing ctrl+z
wait_for '^reset to_move=1 round=1 over=0 pits=2,8,8,1,7,1,7,7,7,7,0,1,7,7 stores=0,0$'
echo "ok: Ctrl+Z during a sowing undid the turn"

# Ctrl+N during a sowing starts a new match: with turns played and never
# saved, it first asks whether to save them (then New Match opens).
sleep 1
sow 8
press_during_sowing ctrl+n
i=0
until xdotool search --name '^(Save This Match\?|New Match)$' >/dev/null 2>&1; do
  i=$((i + 1))
  if [ "$i" -gt 50 ]; then
    echo "Ctrl+N during a sowing opened neither the save question nor New Match; windows:" >&2
    for w in $(xdotool search --name . 2>/dev/null); do xdotool getwindowname "$w" >&2; done
    grep -v '^cup ' "$KUZHI_TRACE_FILE" >&2
    exit 1
  fi
  sleep 0.1
done
wait_for '^shown to_move=0 '
echo "ok: Ctrl+N during a sowing started a new match (the save question first)"
