#!/bin/sh
# xvfb-run-safe.sh — runs a command on an Xvfb of its own, on a display number drawn at random from a wide range and tried again until a server takes it, so that tests run side by side never race for one (xvfb-run -a can hand two of them the same display); with -noreset, since a server that resets when its last client leaves refuses a client that connects just then (ui-atspi's accessibility bus launcher opens and closes the display as kuzhi starts).
# Usage: xvfb-run-safe.sh COMMAND [ARG…]
# XVFB_SCREEN sets the screen (1280x1024x24 unless set): a window is no
# larger than its screen, and a test of a large window needs a larger one.
# The command gets a data folder of its own (XDG_DATA_HOME).
# KUZHI_TEST_NEEDS names the other programs the command needs (xdotool,
# valgrind): where one of them, or Xvfb, is missing the test skips
# (missing-tool.sh; a failure with -Dstrict_tests=true).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

here=$(dirname "$0")
test_name=$(basename "$1")
command -v Xvfb >/dev/null 2>&1 || exec "$here/missing-tool.sh" "$test_name" Xvfb xvfb
for tool in ${KUZHI_TEST_NEEDS:-}; do
  command -v "$tool" >/dev/null 2>&1 || exec "$here/missing-tool.sh" "$test_name" "$tool"
done

dir=$(mktemp -d)
server=
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$dir"' EXIT

# A display in 100 … 30099: :0 and its neighbours are left to real servers
# and to the tests' last ones.
attempt=0
while :; do
  attempt=$((attempt + 1))
  n=$(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 30000 + 100 ))
  : >"$dir/display"
  Xvfb ":$n" -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x1024x24}" -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/log" &
  server=$!
  i=0
  while [ ! -s "$dir/display" ] && kill -0 "$server" 2>/dev/null && [ "$i" -lt 200 ]; do
    i=$((i + 1))
    sleep 0.05
  done
  [ -s "$dir/display" ] && break
  # Taken (another server holds :n), or it did not start: another number.
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
  if [ "$attempt" -ge 20 ]; then
    echo "xvfb-run-safe.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
done
DISPLAY=":$(cat "$dir/display")"
export DISPLAY
# A data folder of the test's own, removed with the server: what the
# window writes there (an autosave, the statistics, the recent files)
# never reaches the user's. A test that needs its own sets it again.
XDG_DATA_HOME="$dir/data"
export XDG_DATA_HOME

status=0
"$@" || status=$?
exit "$status"
