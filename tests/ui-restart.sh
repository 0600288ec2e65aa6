#!/bin/sh
# ui-restart.sh — a match opened from Ana-vs-Ben.kuzhi, played, saved with Ctrl+S and quit with Ctrl+Q in the real kuzhi, then the program started again: the title names the file, with "•" exactly when moves are not in it, Ctrl+S writes them there, and a file deleted or changed between runs is said as such.
# Usage (under xvfb-run-safe.sh): ui-restart.sh PATH/TO/kuzhi PATH/TO/kuzhi-engine [SCREENSHOT-DIR]
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
engine=$2
shots=${3:-}

# A desktop of the test's own, its autosave kept from run to run as a
# player's is; sowing is instant, so every click plays a whole move, and
# the first start's welcome was seen long ago.
. "$(dirname "$0")/ui-trace.sh"
own_desktop KILL
keyfile_settings "animation-speed='instant'" welcome-seen=true
mkdir -p "$work/matches"
autosave="$XDG_DATA_HOME/kuzhi/autosave.kuzhi"
match="$work/matches/Ana-vs-Ben.kuzhi"
step=start

fail () {
  echo "$step: $*" >&2
  exit 1
}

# Ana and Ben's Kalah match, not begun, as kuzhi-engine saves it.
(cd "$work" && "$engine" -c "new kalah; save $match") > /dev/null
sed -i -e 's/^Player1=.*/Player1=Ana/' -e 's/^Player2=.*/Player2=Ben/' "$match"

# The plies in a match file, through kuzhi-engine (which refuses a file
# that is cut short or does not add up).
plies_of () {
  reply=$(cd "$work" && "$engine" -c "load $1")
  case $reply in
    '{"ok":true'*) ;;
    *) fail "$1 does not load: $reply" ;;
  esac
  echo "$reply" | sed -n 's/.*"plies":\([0-9]*\).*/\1/p'
}

start () {
  rm -f "$KUZHI_TRACE_FILE"
  "$kuzhi" "$@" &
  pid=$!
  i=0
  while ! grep -q '^cup 0 ' "$KUZHI_TRACE_FILE" 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -le 300 ] || fail "kuzhi did not show its window"
    sleep 0.1
  done
  wid=$(main_window "$pid")
  [ -n "$wid" ] || fail "no window of kuzhi has a title"
  sleep 0.5
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
}

title () {
  xdotool getwindowname "$wid"
}

# Waits until the window's title is $1, 10 s at most.
expect_title () {
  i=0
  while [ "$(title)" != "$1" ]; do
    i=$((i + 1))
    [ "$i" -le 100 ] || fail "the title is “$(title)”, not “$1”"
    sleep 0.1
  done
}

played_now () {
  grep -c '^played ' "$KUZHI_TRACE_FILE" 2>/dev/null || true
}

# Clicks the first cup the player to move may sow (kuzhi-engine lists the
# legal actions of the autosave), where the trace says it is, and waits
# for the move.
play_a_move () {
  count=$(played_now)
  reply=$(cd "$work" && "$engine" -c "load $autosave")
  cup=$(echo "$reply" | sed -n 's/.*"legal":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' '\n' | grep -E '^[0-9]+$' | head -n 1)
  [ -n "$cup" ] || fail "no cup to sow"
  set -- $(grep "^cup $cup " "$KUZHI_TRACE_FILE" | tail -n 1)
  xdotool mousemove "$3" "$4" click 1
  i=0
  while [ "$(played_now)" -eq "$count" ]; do
    i=$((i + 1))
    [ "$i" -le 100 ] || fail "the click on cup $cup played nothing"
    sleep 0.05
  done
}

key () {
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  xdotool key "$1"
}

# Waits for the prompt (a window of kuzhi's own whose title is the
# prompt's heading): its window in $dialog, its heading in $heading.
prompt () {
  i=0
  while :; do
    for id in $(xdotool search --onlyvisible --pid "$pid"); do
      name=$(xdotool getwindowname "$id")
      case $name in
        *' — Kuzhi'|Kuzhi|'') ;;
        *) dialog=$id; heading=$name; return ;;
      esac
    done
    i=$((i + 1))
    [ "$i" -le 50 ] || fail "no prompt came"
    sleep 0.1
  done
}

# With SCREENSHOT-DIR, the window as it is into $1 there. No window
# manager draws a title bar under Xvfb: the title the window has is drawn
# above it, as a title bar would show it.
shoot () {
  [ -n "$shots" ] || return 0
  sleep 0.5
  import -window "$wid" "$work/window.png"
  convert -size "$(identify -format %w "$work/window.png")x40" xc:'#ebebeb' -gravity center \
    -font /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf -pointsize 16 -fill '#2e3436' \
    -annotate +0+0 "$(title)" "$work/window.png" -append -resize 60% "$shots/$1"
}

# --- 1. Open the file, play, save, play again, quit without saving -------
step="first run"
start "$match"
expect_title "Ana-vs-Ben.kuzhi — Kuzhi"
play_a_move
expect_title "• Ana-vs-Ben.kuzhi — Kuzhi"
key ctrl+s
expect_title "Ana-vs-Ben.kuzhi — Kuzhi"
[ "$(plies_of "$match")" -eq 1 ] || fail "Ctrl+S did not write the move to the file"
play_a_move
expect_title "• Ana-vs-Ben.kuzhi — Kuzhi"
# Ctrl+Q asks about the move not in the file; Discard (Alt+D) quits.
key ctrl+q
prompt
[ "$heading" = "Save Changes to “Ana-vs-Ben.kuzhi”?" ] || fail "Ctrl+Q asked “$heading”"
xdotool windowfocus --sync "$dialog"
xdotool key alt+d
expect_exit " after Discard"
[ "$(plies_of "$match")" -eq 1 ] || fail "the file changed without Save"
[ "$(plies_of "$autosave")" -eq 2 ] || fail "the autosave does not hold both moves"

# --- 2. Start again: the file's match, with the move not in it -------------
step="second run"
start
expect_title "• Ana-vs-Ben.kuzhi — Kuzhi"
shoot restored-match.png
key ctrl+s
expect_title "Ana-vs-Ben.kuzhi — Kuzhi"
[ "$(plies_of "$match")" -eq 2 ] || fail "Ctrl+S did not write both moves to the file"
# Everything is in the file: Ctrl+Q quits without a prompt.
key ctrl+q
expect_exit " without a prompt, with every move saved"

# --- 3. Start again: saved, no mark --------------------------------------------
step="third run"
start
expect_title "Ana-vs-Ben.kuzhi — Kuzhi"
play_a_move
expect_title "• Ana-vs-Ben.kuzhi — Kuzhi"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=

# --- 4. The file deleted between runs: still its name, unsaved; Save writes it again
step="file deleted"
rm "$match"
start
expect_title "• Ana-vs-Ben.kuzhi — Kuzhi"
grep -q '^notice .*is no longer in' "$KUZHI_TRACE_FILE" || fail "no notice says the file is gone"
shoot restored-file-gone.png
key ctrl+s
expect_title "Ana-vs-Ben.kuzhi — Kuzhi"
[ "$(plies_of "$match")" -eq 3 ] || fail "Ctrl+S did not write the file again"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=

# --- 5. The file changed by another program: the match is in no file ---------
step="file changed"
(cd "$work" && "$engine" -c "new oware; save $match") > /dev/null
start
expect_title "• Unsaved Match — Kuzhi"
grep -q '^notice .*has changed since this match was saved to it' "$KUZHI_TRACE_FILE" || fail "no notice says the file was changed"
shoot restored-file-changed.png
[ "$(plies_of "$match")" -eq 0 ] || fail "the other program's file was touched"
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=

echo "ok: the restarted window named Ana-vs-Ben.kuzhi with • only for moves not in it, Ctrl+S saved there, a deleted and a changed file were said so"
