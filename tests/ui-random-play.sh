#!/bin/sh
# ui-random-play.sh — a player who tries everything: the real kuzhi gets a long, seeded run of keys and clicks (cups, arrows, Enter, undo and redo, hints, the dialogs and windows the keys and the main menu open), with a player's uneven pauses, half of it at a phone's size, and must neither end nor say a warning or a critical on the way.
# Usage (under xvfb-run-safe.sh): ui-random-play.sh PATH/TO/kuzhi [SEED]
# KUZHI_RANDOM_SEED (or SEED) picks another run; the seed is printed, so a
# failure can be played again exactly. KUZHI_RANDOM_EVENTS sets the
# length. KUZHI_RANDOM_OPPONENT (easy, normal or hard) opens a Kalah match
# whose Player 2 is the computer at that level, so that it thinks, in its
# own thread, while the player does anything.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
seed=${2:-${KUZHI_RANDOM_SEED:-20261207}}
events=${KUZHI_RANDOM_EVENTS:-160}

# A desktop of the test's own: its own data and settings, and a home and
# working folder where a file chooser that a key opened saves nothing of
# anybody's.
. "$(dirname "$0")/ui-trace.sh"
own_desktop
export HOME="$work"
cd "$work"

# Kuzhi's warnings and criticals fail the run, but not the two that GTK
# 4.8 raises by itself under such clicks, which no program can prevent and
# which are harmless to the player (docs/ui.md, ui-random-play): a button
# released in a window that opened after its press ("Broken accounting of
# active state"), and Save answered in GTK's own file chooser with nothing
# in it focused (gtk_widget_is_ancestor, which Kuzhi never calls). So
# warnings are not made fatal here; the run reads them instead.
gtk_own='Broken accounting of active state for widget|gtk_widget_is_ancestor: assertion'
case ${KUZHI_RANDOM_OPPONENT:-} in
  ''|easy|normal|hard) ;;
  *) echo "KUZHI_RANDOM_OPPONENT must be easy, normal or hard, not '$KUZHI_RANDOM_OPPONENT'" >&2; exit 2 ;;
esac
set --
if [ -n "${KUZHI_RANDOM_OPPONENT:-}" ]; then
  cat > "$work/against-the-computer.kuzhi" <<EOF
[Match]
Version=3
Id=5e0f3a52-6d1b-4c8e-9f27-3b8a1c4d7e90
Variant=kalah
Seeds=4
Player1=Player 1
Player2=Computer
Player1Plays=person
Player2Plays=$KUZHI_RANDOM_OPPONENT
Actions=
Created=2026-12-07T00:00:00Z
Modified=2026-12-07T00:00:00Z

[Position]
Pits=4;4;4;4;4;4;4;4;4;4;4;4
Stores=0;0
ToMove=0
Over=false
Winner=-1
End=
Round=0
RefillLeft=0;0
Lucky=-1;-1
Rubbish=
Plies=0
EOF
  set -- "$work/against-the-computer.kuzhi"
fi
G_DEBUG=gc-friendly "$kuzhi" "$@" 2>"$work/stderr" &
pid=$!
wait_for '^cup 0 '
sleep 1
focus_window
# The main window's size now: $width and $height.
measure_window () {
  set -- $(xdotool getwindowgeometry --shell "$(main_window "$pid")" | sed -n 's/^\(WIDTH\|HEIGHT\)=//p')
  width=$1
  height=$2
}
measure_window
echo "seed $seed, $events events${KUZHI_RANDOM_OPPONENT:+ against the computer at $KUZHI_RANDOM_OPPONENT}, window ${width}x$height, then 360x640 from event $((events / 2))"

# The keys a player uses while playing, and those that open the other
# windows (New Match, Set Up Position, Rules, Preferences, Keyboard
# Shortcuts) and copy and paste. The main menu (F10) opens the windows
# that have no key: Puzzles, Learn to Play, Statistics. It is walked from
# its end (Up from the first item reaches About, then Help, Preferences,
# Statistics, Puzzles, Keyboard Shortcuts, Rules, Learn to Play), where
# every item is always there; from the top, Down skips the disabled ones
# and lands elsewhere each time. Left out: what ends the program or leaves
# its windows (Ctrl+Q, Ctrl+W), the file choosers (Ctrl+O, Ctrl+S, the
# menu's Open and Save), the help viewer (F1, Help), About (its links
# open a browser) and the window manager's business (F11, the header
# bar's buttons): each has a test of its own. The clicks fall
# anywhere below the header bar: on cups, stores, captions, buttons (in
# thousandths of the window's width and height, which change halfway:
# the second half is played on a phone's 360 × 640, the board upright).
awk -v seed="$seed" -v n="$events" 'BEGIN {
  split("1 2 3 4 5 6 7 KP_3 Left Right Up Down Return Return space Tab shift+Tab Escape " \
        "h a r l ctrl+z ctrl+z ctrl+shift+z F8 F9 ctrl+n ctrl+e ctrl+c ctrl+shift+c ctrl+v " \
        "shift+F1 ctrl+comma ctrl+question alt+d", keys, " ")
  nkeys = length(keys)
  split("0.05 0.1 0.3 0.6 1.2", pauses, " ")
  srand(seed)
  for (i = 0; i < n; i++) {
    r = rand()
    if (r < 0.06)
      printf "menu %d -", 3 + int(rand() * 6)
    else if (r < 0.6)
      printf "key %s -", keys[int(rand() * nkeys) + 1]
    else
      printf "click %d %d", int(rand() * 1000), int(rand() * 1000)
    printf " %s\n", pauses[int(rand() * 5) + 1]
  }
}' > "$work/events"

# Fails, with the events played so far, when kuzhi has ended ($1 says when),
# and when it has said a warning or a critical of its own.
still_running () {
  said=$(grep -E -e '(WARNING|CRITICAL) \*\*' "$work/stderr" | grep -E -v -e "$gtk_own" || true)
  if kill -0 "$pid" 2>/dev/null && [ -z "$said" ]; then
    return 0
  fi
  if kill -0 "$pid" 2>/dev/null; then
    echo "kuzhi warned $1 of seed $seed:" >&2
  else
    status=0
    wait "$pid" 2>/dev/null || status=$?
    pid=
    echo "kuzhi ended (status $status) $1 of seed $seed:" >&2
  fi
  cat "$work/stderr" >&2
  echo "the events were:" >&2
  head -n "$i" "$work/events" >&2
  exit 1
}

played_before=$(grep -c '^played ' "$KUZHI_TRACE_FILE" || true)
i=0
while read -r kind a b pause; do
  i=$((i + 1))
  still_running "before event $i"
  window=$(main_window "$pid")
  # Now and then the player closes what the keys opened (Escape closes
  # each of Kuzhi's other windows and dialogs) and goes back to the main
  # window, which a window manager would give the keyboard back to (bare
  # Xvfb does not).
  if [ $((i % 10)) -eq 0 ]; then
    for other in $(xdotool search --onlyvisible --pid "$pid" 2>/dev/null); do
      if [ "$other" != "$window" ]; then
        xdotool windowfocus "$other" key Escape 2>/dev/null || true
        sleep 0.3
      fi
    done
    focus_window
  fi
  if [ "$i" -eq $((events / 2)) ] && [ -n "$window" ]; then
    xdotool windowsize "$window" 360 640
    sleep 1
    measure_window
    echo "event $i: the window is now ${width}x$height"
  fi
  case $kind in
    key) xdotool key "$a" ;;
    menu)
      # $a steps up from the first item: 3 Preferences … 8 Learn to Play.
      xdotool key F10
      sleep 0.4
      xdotool key --delay 60 $(yes Up | head -n "$a")
      sleep 0.2
      xdotool key Return ;;
    click)
      [ -z "$window" ] ||
        xdotool mousemove --window "$window" $((10 + a * (width - 20) / 1000)) $((60 + b * (height - 80) / 1000)) click 1 ;;
  esac
  sleep "$pause"
done < "$work/events"

sleep 2
still_running "after the last event"
played=$(($(grep -c '^played ' "$KUZHI_TRACE_FILE" || true) - played_before))
echo "ok: seed $seed: $events keys and clicks, $played actions played, no warning of Kuzhi's, kuzhi still running"
if grep -q -E -e "$gtk_own" "$work/stderr"; then
  echo "GTK's own, let pass:"
  grep -E -e "$gtk_own" "$work/stderr"
fi
# Undo, redo and New Match take many of them back; none at all would mean
# the keys and clicks never reached the board.
if [ "$played" -lt 1 ]; then
  echo "no action was played: the keys and clicks did not reach the board" >&2
  exit 1
fi
