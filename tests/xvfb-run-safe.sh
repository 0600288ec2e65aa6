#!/bin/sh
# xvfb-run-safe.sh — runs a command on an Xvfb of its own whose display number the server picks itself (-displayfd), so that tests run side by side never race for one (xvfb-run -a can hand two of them the same display).
# Usage: xvfb-run-safe.sh COMMAND [ARG…]
set -eu

dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT

i=0
while [ ! -s "$dir/display" ]; do
  i=$((i + 1))
  if [ "$i" -gt 200 ] || ! kill -0 "$server" 2>/dev/null; then
    echo "xvfb-run-safe.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.05
done
DISPLAY=":$(cat "$dir/display")"
export DISPLAY

status=0
"$@" || status=$?
exit "$status"
