#!/bin/sh
# ui-two-instances.sh — two real kuzhi programs, each in a D-Bus session of its own (two logins of one user), on one data folder: moves played in both, both killed, and every move of each is kept, in an autosave of its own, which the next starts carry on; matches ended in both are all in the statistics.
# Usage (under xvfb-run-safe.sh): ui-two-instances.sh PATH/TO/kuzhi PATH/TO/kuzhi-engine [SCREENSHOT-DIR]
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
engine=$2
shots=${3:-}
work=$(mktemp -d)
trap 'for f in "$work"/pid-*; do [ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null; done; rm -rf "$work"' EXIT

# One user's data and settings, shared by both programs; sowing is
# instant, so every click plays a whole move, and the welcome was seen.
# (main_window and keyfile_settings; each program has a trace of its own,
# start.)
. "$(dirname "$0")/ui-trace.sh"
export XDG_DATA_HOME="$work/data"
export XDG_CONFIG_HOME="$work/config"
keyfile_settings "animation-speed='instant'" welcome-seen=true
data="$XDG_DATA_HOME/kuzhi"
step=start

fail () {
  echo "$step: $*" >&2
  for f in "$work"/log-*; do
    [ -s "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; }
  done
  exit 1
}

# The actions in a match file, as kuzhi-engine reads it (it refuses a file
# that is cut short or does not add up): "plies action;action;…".
actions_of () {
  reply=$(cd "$work" && "$engine" -c "load $1")
  case $reply in
    '{"ok":true'*) ;;
    *) fail "$1 does not load: $reply" ;;
  esac
  plies=$(echo "$reply" | sed -n 's/.*"plies":\([0-9]*\).*/\1/p')
  echo "$plies $(sed -n 's/^Actions=//p' "$1")"
}

# Starts kuzhi as $1 (a letter) in a D-Bus session of its own, with a
# trace of its own; its pid in pid-$1, its main window in wid_$1.
start () {
  rm -f "$work/trace-$1" "$work/pid-$1"
  KUZHI_TRACE_FILE="$work/trace-$1" dbus-run-session -- \
    sh -c 'echo $$ > "$0"; exec "$1"' "$work/pid-$1" "$kuzhi" > /dev/null 2> "$work/log-$1" &
  i=0
  while ! grep -q '^cup 0 ' "$work/trace-$1" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -le 300 ] || fail "kuzhi $1 did not show its window"
    sleep 0.1
  done
  wid=$(main_window "$(cat "$work/pid-$1")")
  [ -n "$wid" ] || fail "no window of kuzhi $1 has a title"
  eval "wid_$1=$wid"
  # The layout settles (the notice slides in): until the trace is quiet.
  last=-1
  while [ "$(wc -l < "$work/trace-$1")" != "$last" ]; do
    last=$(wc -l < "$work/trace-$1")
    sleep 1
  done
}

# With SCREENSHOT-DIR, kuzhi $1's window as it is into $2 there.
shoot () {
  [ -n "$shots" ] || return 0
  eval "wid=\$wid_$1"
  xdotool windowraise "$wid"
  sleep 1
  import -window "$wid" "$work/window.png"
  convert "$work/window.png" -resize 60% "$shots/$2"
}

kill_it () {
  kill -9 "$(cat "$work/pid-$1")"
  rm -f "$work/pid-$1"
}

played_in () {
  grep -c '^played ' "$work/trace-$1" 2>/dev/null || true
}

# The actions kuzhi $1 played, as its trace says, separated by ";".
trace_actions () {
  sed -n 's/^played \([^ ]*\).*/\1/p' "$work/trace-$1" | paste -sd ';' -
}

# Plays $3 moves in kuzhi $1, whose autosave is $2: each time the first
# cup the player to move may sow (kuzhi-engine lists the legal actions),
# clicked where that kuzhi's trace says it is, in its window raised above
# the other's.
play () {
  n=0
  while [ "$n" -lt "$3" ]; do
    if [ -f "$2" ]; then
      reply=$(cd "$work" && "$engine" -c "load $2")
    else
      reply=$("$engine" -c "state")
    fi
    cup=$(echo "$reply" | sed -n 's/.*"legal":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' '\n' | grep -E '^[0-9]+$' | head -n 1)
    [ -n "$cup" ] || fail "no cup to sow in kuzhi $1"
    eval "wid=\$wid_$1"
    xdotool windowraise "$wid"
    xdotool windowfocus --sync "$wid" 2>/dev/null || true
    set -- "$1" "$2" "$3" $(grep "^cup $cup " "$work/trace-$1" | tail -n 1)
    count=$(played_in "$1")
    xdotool mousemove "$6" "$7"
    sleep 1
    xdotool click 1
    i=0
    while [ "$(played_in "$1")" -eq "$count" ]; do
      i=$((i + 1))
      [ "$i" -le 300 ] || fail "the click on cup $cup played nothing in kuzhi $1"
      sleep 0.05
    done
    set -- "$1" "$2" "$3"
    n=$((n + 1))
    sleep 0.3
  done
}

# --- the issue's steps: 4 moves in A, 2 in B, 3 more in A, both killed ----

step="A alone"
start A
grep -q '^notice ' "$work/trace-A" && fail "A shows a notice: $(grep '^notice ' "$work/trace-A")"
play A "$data/autosave.kuzhi" 4

step="B beside A"
start B
# B says why its match is apart, in a player's words.
grep -q '^notice Kuzhi is already open for you elsewhere' "$work/trace-B" || fail "B does not say that Kuzhi is open elsewhere"
# B does not take A's match: it starts afresh.
[ "$(played_in B)" -eq 0 ] || fail "B played something by itself"
play B "$data/autosave-2.kuzhi" 2
shoot B second.png

step="A again"
play A "$data/autosave.kuzhi" 3
kill_it A
kill_it B
wait

step="after the kill"
a_moves=$(trace_actions A)
b_moves=$(trace_actions B)
[ "$(actions_of "$data/autosave.kuzhi")" = "7 $a_moves" ] ||
  fail "A's autosave holds “$(actions_of "$data/autosave.kuzhi")”, not A's 7 moves “$a_moves”"
[ "$(actions_of "$data/autosave-2.kuzhi")" = "2 $b_moves" ] ||
  fail "B's autosave holds “$(actions_of "$data/autosave-2.kuzhi")”, not B's 2 moves “$b_moves”"
echo "A's 7 moves and B's 2 are kept: $a_moves | $b_moves"

# --- started again: each match carried on where it was ------------------------

step="restarted alone"
start C
# Alone again: A's match, and B's left match offered with Switch.
grep -q '^notice Another Kuzhi, in another window or session, left a match' "$work/trace-C" ||
  fail "C does not offer the match B left"
shoot C offered.png
play C "$data/autosave.kuzhi" 1
c_moves=$(trace_actions C)
[ "$(actions_of "$data/autosave.kuzhi")" = "8 $a_moves;$c_moves" ] ||
  fail "C did not carry on A's match: $(actions_of "$data/autosave.kuzhi")"

step="switched"
# Switch: B's match comes here, and A's goes to B's place, both whole.
set -- $(grep '^switch ' "$work/trace-C" | tail -n 1)
[ "$2" != none ] || fail "the notice in C has no Switch"
xdotool windowfocus --sync "$wid_C" 2>/dev/null || true
xdotool mousemove "$2" "$3"
sleep 1
xdotool click 1
i=0
while [ ! -f "$data/autosave-2.kuzhi" ] || [ "$(actions_of "$data/autosave-2.kuzhi")" != "8 $a_moves;$c_moves" ]; do
  i=$((i + 1))
  [ "$i" -le 100 ] || fail "Switch did not put A's match in the other autosave: $(actions_of "$data/autosave-2.kuzhi")"
  sleep 0.1
done
[ "$(actions_of "$data/autosave.kuzhi")" = "2 $b_moves" ] ||
  fail "Switch did not bring B's match: $(actions_of "$data/autosave.kuzhi")"
# Played on here, and A's match offered in turn.
sleep 0.5
[ "$(grep '^switch ' "$work/trace-C" | tail -n 1)" != "switch none" ] || fail "A's match is not offered in turn"
count=$(played_in C)
play C "$data/autosave.kuzhi" 1
c_more=$(sed -n 's/^played \([^ ]*\).*/\1/p' "$work/trace-C" | tail -n 1)
[ "$(actions_of "$data/autosave.kuzhi")" = "3 $b_moves;$c_more" ] ||
  fail "C did not carry on B's match: $(actions_of "$data/autosave.kuzhi")"

step="restarted beside"
# A second program beside C takes up the match C put aside.
start D
play D "$data/autosave-2.kuzhi" 1
[ "$(actions_of "$data/autosave-2.kuzhi")" = "9 $a_moves;$c_moves;$(trace_actions D)" ] ||
  fail "D did not carry on A's match: $(actions_of "$data/autosave-2.kuzhi")"
kill_it C
kill_it D
wait
echo "a restart carries each match on; Switch exchanges them whole"

# --- a match ends in each: both are in the statistics ------------------------

# A Kalah match one move from its end, between two people, in $1.
near_end () {
  (cd "$work" && "$engine" -c "new kalah seeds=3; save $work/near.kuzhi") > /dev/null
  sed -i -e "s/^Player1=.*/Player1=$2/" -e "s/^Player2=.*/Player2=$3/" "$work/near.kuzhi"
  while :; do
    reply=$(cd "$work" && "$engine" -c "load $work/near.kuzhi; legal")
    move=$(echo "$reply" | tail -n 1 | sed -n 's/.*"legal":\[\([^]]*\)\].*/\1/p' | tr -d '"' | cut -d, -f1)
    [ -n "$move" ] || fail "no move in the near-end match"
    reply=$(cd "$work" && "$engine" -c "load $work/near.kuzhi; play $move" | tail -n 1)
    case $reply in
      *'"over":true'*) break ;;
    esac
    (cd "$work" && "$engine" -c "load $work/near.kuzhi; play $move; save $work/near.kuzhi") > /dev/null
  done
  mv "$work/near.kuzhi" "$1"
}

step="statistics"
near_end "$data/autosave.kuzhi" Ana Ben
near_end "$data/autosave-2.kuzhi" Chitra Dev
id_e=$(sed -n 's/^Id=//p' "$data/autosave.kuzhi")
id_f=$(sed -n 's/^Id=//p' "$data/autosave-2.kuzhi")
start E
start F
# Both read the statistics as they started; each ends its match.
play E "$data/autosave.kuzhi" 1
play F "$data/autosave-2.kuzhi" 1
sleep 0.5
kill_it E
kill_it F
wait
grep -q "^\[Match $id_e\]" "$data/statistics.ini" || fail "the match that ended in E is not in the statistics"
grep -q "^\[Match $id_f\]" "$data/statistics.ini" || fail "the match that ended in F is not in the statistics"
[ "$(grep -c '^\[Match ' "$data/statistics.ini")" -eq 2 ] || fail "the statistics do not hold exactly the two matches"
echo "both matches that ended are in the statistics"
