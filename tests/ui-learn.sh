#!/bin/sh
# ui-learn.sh — the real kuzhi's first start, by keyboard alone with a player's pauses: the welcome's Learn to Play (Alt+L) opens the Constitution's course on its first lesson, Enter opens it, the arrow keys and Enter sow the cup it asks for, and the lesson is met and kept as done; then Alt+Left, Down and Enter open the lucky cup's lesson, met with Alt+L (Mark Lucky Cup), a cup and Enter, a cup and Enter.
# Usage (under xvfb-run-safe.sh): ui-learn.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A fresh user, whose settings are on disk: the welcome shows (ui-welcome.sh).
. "$(dirname "$0")/ui-trace.sh"
own_desktop
keyfile_settings

"$kuzhi" &
pid=$!
# The newcomer reads the welcome and chooses Learn to Play.
learn_from_welcome
sleep 2
xdotool search --onlyvisible --name 'Learn to Play' windowfocus 2>/dev/null || true
sleep 1

# The course's list, on its first lesson not done: a pause, Enter.
mark=$(trace_mark)
sleep 3
xdotool key Return
wait_after "$mark" '^learn lesson sowing$'
sleep 4

# The goal reads "Sow the cup that ends its sowing in your cup 6": cup 3
# (pit 2). The keyboard starts on the first cup that may be sown.
for i in 1 2 3 4 5 6; do
  now=$(grep '^learn focus ' "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f3)
  [ "$now" = 2 ] && break
  xdotool key Right
  sleep 1
done
if [ "$(grep '^learn focus ' "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f3)" != 2 ]; then
  echo "the arrow keys did not reach cup 3; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
fi
sleep 3
mark=$(trace_mark)
xdotool key Return
wait_after "$mark" '^learn \(met\|missed\) '
if ! tail -n "+$((mark + 1))" "$KUZHI_TRACE_FILE" | grep -q "^learn met Cup 3's three shells went into cups 4, 5 and 6"; then
  echo "the lesson was not met; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
fi
# The main window's match was not touched: nothing was played there.
if grep -q '^played ' "$KUZHI_TRACE_FILE"; then
  echo "a move reached the main window's match; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
fi
# Kept as done, in the user's data folder.
if ! grep -q '^sowing=true$' "$XDG_DATA_HOME/kuzhi/lessons.ini"; then
  echo "the lesson was not kept as done" >&2
  cat "$XDG_DATA_HOME/kuzhi/lessons.ini" >&2 || true
  exit 1
fi
# Back to the list (Alt+Left), which starts on the first lesson not done
# (the relay); Down seven times to the lucky cup's lesson, Enter.
sleep 2
xdotool key alt+Left
sleep 2
mark=$(trace_mark)
for i in 1 2 3 4 5 6 7; do
  xdotool key Down
  sleep 0.3
done
sleep 2
xdotool key Return
wait_after "$mark" '^learn lesson lucky$'
sleep 3

# "Mark a lucky cup, then sow so that it banks at least six shells": Alt+L
# (Mark Lucky Cup), the arrows to cup 2 and Enter marks it; then cup 1 and
# Enter sows into it. The keyboard stays on the board throughout.
focus_now () {
  grep '^learn focus ' "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f3
}
go_to () {
  for i in 1 2 3 4 5 6 7; do
    [ "$(focus_now)" = "$1" ] && return 0
    xdotool key "$2"
    sleep 1
  done
  [ "$(focus_now)" = "$1" ] || { echo "the arrow keys did not reach pit $1; trace:" >&2; cat "$KUZHI_TRACE_FILE" >&2; exit 1; }
}
xdotool key alt+l
sleep 2
go_to 1 Right
sleep 2
mark=$(trace_mark)
xdotool key Return
sleep 3
go_to 0 Left
sleep 2
xdotool key Return
wait_after "$mark" '^learn \(met\|missed\) '
if ! tail -n "+$((mark + 1))" "$KUZHI_TRACE_FILE" | grep -q "^learn met Your lucky cup banked"; then
  echo "the lucky cup's lesson was not met; trace:" >&2
  cat "$KUZHI_TRACE_FILE" >&2
  exit 1
fi
if ! grep -q '^lucky=true$' "$XDG_DATA_HOME/kuzhi/lessons.ini"; then
  echo "the lucky cup's lesson was not kept as done" >&2
  exit 1
fi
if grep -q '^played ' "$KUZHI_TRACE_FILE"; then
  echo "a move reached the main window's match" >&2
  exit 1
fi
echo "ok: Alt+L on the welcome, Enter, the arrows and Enter met the first lesson; Alt+Left, Down and Enter opened the lucky cup's, and Alt+L, a cup, Enter, a cup, Enter met it; both kept as done"
