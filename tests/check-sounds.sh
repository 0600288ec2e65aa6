#!/bin/sh
# check-sounds.sh — the committed event sounds are what scripts/make-sounds.sh makes: byte for byte, so that nobody ships a sound the script does not reproduce.
# Usage: check-sounds.sh SOURCE_ROOT
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

top=$1
# sox, and its Ogg Vorbis writer (libsox-fmt-base).
command -v sox > /dev/null 2>&1 || exec "$(dirname "$0")/missing-tool.sh" check-sounds sox "sox libsox-fmt-base"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kuzhi-check-sounds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$top/scripts/make-sounds.sh" "$tmp" > /dev/null
status=0
for made in "$tmp"/*.oga; do
  name=$(basename "$made")
  if ! cmp -s "$made" "$top/data/sounds/$name"; then
    echo "data/sounds/$name differs from what scripts/make-sounds.sh makes: run it and commit the result" >&2
    status=1
  fi
done
for kept in "$top"/data/sounds/*.oga; do
  [ -e "$tmp/$(basename "$kept")" ] || { echo "data/sounds/$(basename "$kept") is not made by scripts/make-sounds.sh" >&2; status=1; }
done
[ "$status" -ne 0 ] || echo "every sound in data/sounds is reproduced by scripts/make-sounds.sh"
exit "$status"
