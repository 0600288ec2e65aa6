#!/usr/bin/env bash
# build-baseline.sh — builds the kept baseline engine of issue #16: the
# kuzhi-engine of commit $BASELINE (the engine before the new Hard), so that
# scripts/engine-match.py can measure a newer engine against it.
#
#   scripts/build-baseline.sh DIR [COMMIT]
#
# Checks COMMIT (default: the baseline below) out into DIR/src as a detached
# `git worktree` of this repository, configures a release build in DIR/build,
# builds only the kuzhi-engine program and copies it to DIR/kuzhi-engine.
# Running it again reuses DIR/src and DIR/build (the same commit rebuilds
# nothing); the commit built is written to DIR/COMMIT. Remove it all with
#   git worktree remove --force DIR/src && rm -rf DIR
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

# The engine of the day issue #16 was taken up: main's HEAD before the new
# Hard. Changing this changes what every "against the baseline" figure means.
BASELINE=e9603e12e5a4797778c936769969bcaeb97f8a41

usage () {
  echo "usage: $0 DIR [COMMIT]   (COMMIT defaults to the baseline, $BASELINE)" >&2
  exit 2
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
commit=${2:-$BASELINE}
# DIR as the caller meant it, before the script moves to the repository.
mkdir -p "$1"
dir=$(cd "$1" && pwd)

cd "$(dirname "$0")/.."
repo=$(git rev-parse --show-toplevel)
full=$(git -C "$repo" rev-parse --verify --quiet "$commit^{commit}") || {
  echo "$0: $commit is not a commit of $repo" >&2
  exit 1
}

src=$dir/src
build=$dir/build

if [ -e "$src/.git" ]; then
  # A checkout from an earlier run: move it to the commit asked for.
  git -C "$src" checkout --quiet --detach "$full"
else
  git -C "$repo" worktree add --quiet --detach "$src" "$full"
fi
if [ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
  echo "$0: $src has local changes; the baseline must be the commit itself" >&2
  exit 1
fi

# A release build, as the strength and speed figures use (the app's default
# is debugoptimized).
if [ -f "$build/build.ninja" ]; then
  meson configure "$build" --buildtype=release >/dev/null
else
  meson setup "$build" "$src" --buildtype=release >/dev/null
fi
# Only the program (not the app, tests or translations); the library of the
# same name is a different target, hence the path.
ninja -C "$build" src/tools/kuzhi-engine >/dev/null

cp "$build/src/tools/kuzhi-engine" "$dir/kuzhi-engine.new"
mv "$dir/kuzhi-engine.new" "$dir/kuzhi-engine"
echo "$full" > "$dir/COMMIT"
echo "$dir/kuzhi-engine  (commit $full, release build)"
