#!/bin/sh
# ui-welcome.sh — the real kuzhi's first start: the welcome shows once, Enter closes it without sowing a cup, and a restart does not show it again.
# Usage (under xvfb-run): ui-welcome.sh PATH/TO/kuzhi [SCREENSHOT_DIR]
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
shots=${2:-}
# A fresh user, whose settings are kept on disk between the two starts:
# the tests' memory backend forgets them at exit, and kuzhi never shows
# the welcome there (it would come back every time).
. "$(dirname "$0")/ui-trace.sh"
own_desktop
keyfile_settings

# The first start: the welcome over the board.
"$kuzhi" &
pid=$!
wait_for '^mapped'
wait_for '^welcome shown$'
sleep 1
if [ -n "$shots" ] && command -v import >/dev/null 2>&1; then
  xdotool mousemove 1270 1010 2>/dev/null || true
  sleep 0.5
  import -window root "$shots/welcome-root.png" 2>/dev/null || true
fi

# Enter, as a newcomer presses it: Start Playing, and no cup sown.
xdotool search --name 'Welcome to Kuzhi' windowfocus 2>/dev/null || true
xdotool key Return
wait_for '^welcome closed$'
sleep 0.5
if grep -q '^played ' "$KUZHI_TRACE_FILE"; then
  echo "Enter on the welcome sowed a cup" >&2
  exit 1
fi
grep -rq 'welcome-seen=true' "$XDG_CONFIG_HOME/glib-2.0/settings" || {
  echo "the welcome was not stored as seen:" >&2
  cat "$XDG_CONFIG_HOME"/glib-2.0/settings/* >&2 || true
  exit 1
}
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=

# A restart: the board, and no welcome. The first run's trace goes first,
# or a slow start would be judged by the first run's lines.
rm -f "$KUZHI_TRACE_FILE"
"$kuzhi" &
pid=$!
wait_for '^cup 0 '
sleep 2
if grep -q '^welcome' "$KUZHI_TRACE_FILE"; then
  echo "the welcome came back on a restart" >&2
  exit 1
fi
echo "ok: the welcome showed once, Enter closed it, a restart did not show it"
