#!/bin/sh
# ui-kill.sh — kills the real kuzhi with SIGKILL during and right after moves, ROUNDS times, and checks that each restart restores every move but at most the one being saved, and leaves no temporary file behind.
# Usage (under xvfb-run): ui-kill.sh PATH/TO/kuzhi PATH/TO/kuzhi-engine [ROUNDS]
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
engine=$2
rounds=${3:-20}

# One user data folder for every run: each run carries on with the match
# the killed one left.
. "$(dirname "$0")/ui-trace.sh"
own_desktop KILL
autosave="$XDG_DATA_HOME/kuzhi/autosave.kuzhi"

# Prints the plies and whether the match is over in a match file, through
# kuzhi-engine, which refuses a file that is cut short or inconsistent.
plies_of () {
  reply=$(cd "$work" && "$engine" -c "load $1")
  case $reply in
    '{"ok":true'*) ;;
    *) echo "round $round: the autosave does not load: $reply" >&2; exit 1 ;;
  esac
  echo "$reply" | sed -n 's/.*"plies":\([0-9]*\).*/\1/p'
}

wait_for () {
  i=0
  while ! grep -q "$1" "$KUZHI_TRACE_FILE" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 300 ]; then
      echo "round $round: timed out waiting for '$1'" >&2
      exit 1
    fi
    sleep 0.05
  done
}

# A pseudo-random delay in milliseconds from the round number (the same on
# every run of the test, so a failure can be repeated).
delay_ms () {
  echo $(( ($1 * 7919 + $2 * 104729) % $3 ))
}

# Clicks a cup the player to move may sow, by the position in the autosave
# (kuzhi-engine lists the legal actions) and the cup's place on the screen
# in the trace. Returns 1 when no cup can be sown.
click_legal_cup () {
  if [ -f "$autosave" ]; then
    reply=$(cd "$work" && "$engine" -c "load $autosave")
  else
    reply=$("$engine" -c "state")
  fi
  cup=$(echo "$reply" | sed -n 's/.*"legal":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' '\n' | grep -E '^[0-9]+$' | head -n 1)
  [ -n "$cup" ] || return 1
  set -- $(grep "^cup $cup " "$KUZHI_TRACE_FILE" | tail -n 1)
  xdotool mousemove "$3" "$4" click 1
}

played_now () {
  grep -c '^played ' "$KUZHI_TRACE_FILE" 2>/dev/null || true
}

# Sowing is instant, so every click plays a whole move at once.
keyfile_settings "animation-speed='instant'" welcome-seen=true

before=0
round=1
killed_during=0
while [ "$round" -le "$rounds" ]; do
  rm -f "$KUZHI_TRACE_FILE"
  "$kuzhi" &
  pid=$!
  wait_for '^mapped'
  wait_for '^cup 13 '
  sleep 0.3

  # A few moves, the kill at a different moment in each round: in odd
  # rounds a while after the last move, in even ones right on the click,
  # in the middle of that move's autosave.
  presses=$(( 2 + round % 4 ))
  n=0
  while [ "$n" -lt "$presses" ]; do
    count=$(played_now)
    click_legal_cup || break
    n=$((n + 1))
    if [ $((round % 2)) -eq 0 ] && [ "$n" -eq "$presses" ]; then
      killed_during=$((killed_during + 1))
      break
    fi
    i=0
    while [ "$(played_now)" -eq "$count" ] && [ "$i" -lt 40 ]; do
      sleep 0.05
      i=$((i + 1))
    done
    sleep "0.$(printf '%03d' "$(delay_ms "$round" "$n" 300)")"
  done
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  pid=

  played=$(grep -c '^played ' "$KUZHI_TRACE_FILE" || true)
  if [ ! -f "$autosave" ]; then
    if [ "$played" -gt 1 ]; then
      echo "round $round: $played moves were played but there is no autosave" >&2
      exit 1
    fi
    after=0
  else
    after=$(plies_of "$autosave")
  fi
  # Every move played but the last one is in the file. The trace writes
  # "played" after the move's autosave, so a kill between the two leaves
  # one move saved that the trace does not show yet.
  if [ "$after" -lt $((before + played - 1)) ] || [ "$after" -gt $((before + played + 1)) ]; then
    echo "round $round: the autosave holds $after plies; before this run $before, and $played played" >&2
    exit 1
  fi
  echo "round $round: $played played, $after plies saved"
  # A finished match is not carried on: the next run starts a new one.
  if grep -q '^Over=true' "$autosave" 2>/dev/null; then
    before=0
  else
    before=$after
  fi
  round=$((round + 1))
done

# The last start removed what an interrupted save left, and nothing was
# moved aside as unreadable: the autosave and the statistics of the
# matches that ended are all there is, with the empty lock files that
# guard them (docs/match-file.md, "Two Kuzhis on one data folder").
"$kuzhi" &
pid=$!
rm -f "$KUZHI_TRACE_FILE"
wait_for '^mapped'
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=
leftovers=$(ls -A "$XDG_DATA_HOME/kuzhi" | grep -v -e '^autosave\.kuzhi$' -e '^statistics\.ini$' -e '^autosave\.lock$' -e '^statistics\.lock$' || true)
if [ -n "$leftovers" ]; then
  echo "files left in the data folder: $leftovers" >&2
  exit 1
fi
echo "ok: $rounds kills ($killed_during of them right on a click), every restart restored every move but at most the one being saved"
