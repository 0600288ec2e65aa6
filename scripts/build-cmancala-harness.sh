#!/bin/sh
# Builds scripts/cmancala-harness.c against a CMancala checkout (github:LifesLight/CMancala;
# this was measured at its commit 1c8dbda), with the flags of its own CMake build.
# Usage: scripts/build-cmancala-harness.sh CMANCALA_DIR OUTPUT
# Nothing of CMancala ships with Kuzhi: the result is a sparring partner for scripts/.
set -eu
src=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
gcc -std=c2x -O3 -march=native -fno-stack-protector -flto -DNDEBUG -w \
    -DMANCALA_VERSION='"harness"' -DEGDB_BACKEND_NAME='"RAM"' \
    -I"$src/include" -o "$out" "$here/cmancala-harness.c" \
    "$src/src/logic/utility.c" "$src/src/logic/board.c" "$src/src/logic/solver/algo.c" \
    "$src/src/logic/solver/cache.c" "$src/src/logic/solver/opening_book.c" \
    "$src/src/logic/solver/egdb/core.c" "$src/src/logic/solver/egdb/memory/direct.c" \
    "$src/src/user/render.c" "$src/src/user/handleConfig.c" "$src/src/user/handleGame.c" \
    "$src/src/user/handlePlaying.c" "$src/src/user/interface.c" -lm
