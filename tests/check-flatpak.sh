#!/bin/sh
# check-flatpak.sh — parses the Flatpak manifest with flatpak-builder and fails
# on any warning (unknown keys only warn) or error, and on sandbox holes.
# Usage: check-flatpak.sh [SOURCE_ROOT]
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

srcroot=$(cd "${1:-$(dirname "$0")/..}" && pwd) || exit 1
manifest=$srcroot/flatpak/io.github.kuzhi.Kuzhi.json

command -v flatpak-builder > /dev/null 2>&1 ||
  exec "$(dirname "$0")/missing-tool.sh" check-flatpak flatpak-builder

# flatpak-builder makes .flatpak-builder/ in the working directory: keep it
# out of the source tree.
work=$(mktemp -d "${TMPDIR:-/tmp}/kuzhi-flatpak.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

status=0
flatpak-builder --show-manifest "$manifest" > out.json 2> err.txt
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "flatpak-builder --show-manifest exited with $rc" >&2
  status=1
fi
if [ -s err.txt ]; then
  echo "flatpak-builder printed on stderr:" >&2
  cat err.txt >&2
  status=1
fi

# The sandbox: only what the game needs, files through the portal only;
# the sound server's socket for the event sounds (docs/ui.md, "Sound").
for arg in --share=ipc --socket=fallback-x11 --socket=wayland --socket=pulseaudio --device=dri; do
  grep -q -- "\"$arg\"" "$manifest" || { echo "finish-args lacks $arg" >&2; status=1; }
done
if grep -Eq -- '"--(filesystem|share=network|socket=(x11|session-bus|system-bus))|"--(talk|own|system-talk)-name|"--device=all' "$manifest"; then
  echo "finish-args open the sandbox more than the game needs:" >&2
  grep -En -- '"--(filesystem|share=network|socket=(x11|session-bus|system-bus))|"--(talk|own|system-talk)-name|"--device=all' "$manifest" >&2
  status=1
fi
grep -q '"id" : "io.github.kuzhi.Kuzhi"' out.json || { echo "manifest id is not io.github.kuzhi.Kuzhi" >&2; status=1; }
grep -q '"command" : "kuzhi"' out.json || { echo "manifest command is not kuzhi" >&2; status=1; }

[ "$status" -eq 0 ] && echo "flatpak manifest parses without warnings"
exit "$status"
