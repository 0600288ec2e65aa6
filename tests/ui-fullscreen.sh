#!/bin/sh
# ui-fullscreen.sh — F11 in the real kuzhi under a real window manager (openbox): the window fills the screen; the menu's Fullscreen, checked, leaves fullscreen with the window's own size back; quitting in fullscreen remembers that size, and the next start is not fullscreen.
# Usage (under xvfb-run-safe.sh, with KUZHI_TEST_NEEDS naming xdotool, xprop and openbox): ui-fullscreen.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A desktop of the test's own: a window of 900 × 600 remembered from an
# earlier run, the first start's welcome seen long ago.
. "$(dirname "$0")/ui-trace.sh"
own_desktop
keyfile_settings welcome-seen=true window-width=900 window-height=600
settings="$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"

fail () {
  echo "$*" >&2
  exit 1
}

# Fullscreen is the window manager's to give: the bare X server gives
# none. Openbox is up once it names itself on the root window.
# (Its warnings are not the test's: G_DEBUG is kuzhi's.)
env -u G_DEBUG openbox --sm-disable > "$work/openbox.log" 2>&1 &
others=$!
i=0
until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do
  i=$((i + 1))
  [ "$i" -le 100 ] || fail "openbox did not start: $(cat "$work/openbox.log")"
  sleep 0.1
done

start () {
  rm -f "$KUZHI_TRACE_FILE"
  "$kuzhi" &
  pid=$!
  wait_for '^cup 0 '
  wid=$(main_window "$pid")
  [ -n "$wid" ] || fail "no window of kuzhi has a title"
  sleep 1
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
}

size () {
  xdotool getwindowgeometry "$wid" | sed -n 's/^ *Geometry: //p'
}

fullscreen () {
  xprop -id "$wid" _NET_WM_STATE | grep -q _NET_WM_STATE_FULLSCREEN
}

# Waits until the window is $1 (WIDTHxHEIGHT) and fullscreen or not ($2:
# yes or no), 10 s at most; on a time-out fails, saying when ($3).
expect () {
  i=0
  while :; do
    state=no
    fullscreen && state=yes
    [ "$(size)" = "$1" ] && [ "$state" = "$2" ] && return
    i=$((i + 1))
    [ "$i" -le 100 ] || fail "$3: the window is $(size), fullscreen: $state; expected $1, fullscreen: $2"
    sleep 0.1
  done
}

screen=$(xdotool getdisplaygeometry | tr ' ' x)

start
expect 900x600 no "at the start"

# F11: the whole screen. The player looks at the board for a while.
xdotool key F11
expect "$screen" yes "after F11"
sleep 4
echo "ok: F11 filled the $screen screen"

# The menu (F10): its Fullscreen, checked, leaves fullscreen. Were its
# check out of step with the window, choosing it would ask for fullscreen
# again, and the window would stay as it is.
xdotool key F10
sleep 1
xdotool key f
expect 900x600 no "after the menu's Fullscreen"
echo "ok: the menu's Fullscreen gave back the 900x600 window"

# F11 and F11 again, then quit in fullscreen (Ctrl+Q).
xdotool key F11
expect "$screen" yes "after F11 a second time"
sleep 1
xdotool key F11
expect 900x600 no "after F11 a third time"
sleep 1
xdotool key F11
expect "$screen" yes "after F11 a fourth time"
sleep 1
xdotool key ctrl+q
expect_exit " on Ctrl+Q in fullscreen"
grep -q '^window-width=900$' "$settings" && grep -q '^window-height=600$' "$settings" ||
  fail "quitting in fullscreen did not keep the window's size: $(grep '^window-' "$settings")"
echo "ok: quitting in fullscreen kept the 900x600 size"

# The next start: the window as it was, not fullscreen.
start
expect 900x600 no "at the next start"
echo "ok: the next start is a 900x600 window"
