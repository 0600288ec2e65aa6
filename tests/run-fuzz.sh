#!/bin/sh
# run-fuzz.sh — builds the fuzz targets (clang, libFuzzer, ASan+UBSan) in their own build folder and runs each for SECONDS (default 60): the match-file loader (and the OGN reader), the kuzhi-engine protocol, pasted text (the notation) and the statistics file.
#
#   tests/run-fuzz.sh [SECONDS] [TARGET…]     TARGET: match-file, protocol, notation, statistics (default all)
#
# Exits non-zero on any crash, leak, sanitizer report or timeout; the input
# that caused it is kept in BUILD/fuzz-artifacts/. KUZHI_FUZZ_BUILD chooses
# the build folder (default build-fuzz at the top of the source tree).
# KUZHI_FUZZ_KEEP=DIR keeps the inputs each run found in DIR/TARGET, to
# merge into the seed corpora (tests/fuzz-corpus*, see docs/match-file.md).
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

seconds=${1:-60}
case $seconds in
  ''|*[!0-9]*) echo "run-fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac
[ $# -gt 0 ] && shift
targets=${*:-match-file protocol notation statistics}

src=$(cd "$(dirname "$0")/.." && pwd)
build=${KUZHI_FUZZ_BUILD:-$src/build-fuzz}

if ! command -v clang >/dev/null 2>&1; then
  echo "run-fuzz.sh: clang is needed for libFuzzer (apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

# The whole tree is instrumented for coverage (fuzzer-no-link); only the
# targets link libFuzzer's main.
if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$src" \
    -Dfuzzing=true \
    -Db_sanitize=address,undefined \
    -Db_lundef=false \
    -Dbuildtype=debugoptimized \
    -Dc_args=-fsanitize=fuzzer-no-link
fi

work=$(mktemp -d)
# The targets' own files: in memory where the machine has it, since Kuzhi
# syncs every statistics file it writes, which on a disk takes longer
# than all the rest of an input.
scratch=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$work" "$scratch"' EXIT

# The words of each input language, so mutations reach past the parser;
# every language names the games and what plays a side.
cat > "$work/common.words" <<'DICT'
"constitution"
"kalah"
"oware"
"mangala"
"dakon"
"pallanguzhi"
"bohnenspiel"
"person"
"easy"
"normal"
"hard"
DICT
cat > "$work/match-file.dict" <<'DICT'
"[Match]"
"[Position]"
"Version=1"
"Version=2"
"Version=3"
"Version=4"
"[Start]"
"Opener="
"QuietPlies="
"Id=0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14"
"Variant="
"Seeds="
"Pasu="
"Player1="
"Player2="
"Player1Plays="
"Player2Plays="
"Actions="
"Created=2026-11-29T20:00:00Z"
"Modified="
"Pits="
"Stores="
"ToMove="
"Over=true"
"Over=false"
"Winner="
"End="
"board_empty"
"repetition"
"Round="
"RefillLeft="
"Lucky="
"Rubbish="
"Plies="
";m"
";r"
"\\n"
"\\s"
"\xef\xbb\xbf"
"\x0d"
"[de]"
"[Variant \"Oware Abapa\"]"
"[South \""
"[North \""
"[Result \""
"[FEN \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\"]"
"\"]"
" 1. "
"+2"
"+3"
" { "
" } "
" ("
") "
" 25-23"
" *"
DICT
cat > "$work/protocol.dict" <<'DICT'
"position"
"pits="
"stores="
"to_move="
"round="
"opener="
"refill_left="
"lucky="
"rubbish="
"plies="
"quiet="
"new "
"state"
"legal"
"play "
"undo"
"go depth=1"
"go depth=2"
"analyse depth=1"
"analyse depth=2"
"save "
"load "
"quit"
"seeds="
"pasu="
"level="
"time="
" m"
" r"
"good.kuzhi"
"link"
"dangling"
"loop"
"fifo"
"folder"
"hard.kuzhi"
"readonly.kuzhi"
"new.kuzhi"
"\x0a"
"; "
DICT

cat > "$work/notation.dict" <<'DICT'
" / "
"stores"
"seeds"
"pasu"
"round"
"opener"
"refill"
"lucky"
"rubbish"
"plies"
"quiet"
"south"
"north"
"to move"
"[South \""
"[North \""
"\"]"
"1. "
" m"
" r"
" - "
"\x0a"
DICT

cat > "$work/statistics.dict" <<'DICT'
"[Statistics]"
"Version=1"
"Version=2"
"[Match "
"0d5c1c2e-8f3a-4b7e-9a61-2f0c5d7e9b14"
"Game="
"Ended=2026-11-29T20:41:07Z"
"Player1="
"Player2="
"Player1Plays="
"Player2Plays="
"Winner="
"-1"
"Score="
"[Puzzle kalah 2 145]"
"Solved=true"
"Solved=false"
"Tried=2026-12-05T18:02:44Z"
"[de]"
"\\\\"
"\\s"
"\\n"
"\x0a"
DICT

for dict in "$work"/*.dict; do
  cat "$work/common.words" >> "$dict"
done

mkdir -p "$build/fuzz-artifacts"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

for target in $targets; do
  case $target in
    match-file) corpus=$src/tests/fuzz-corpus; max_len=16384 ;;
    protocol) corpus=$src/tests/fuzz-corpus-protocol; max_len=4096 ;;
    notation) corpus=$src/tests/fuzz-corpus-notation; max_len=4096 ;;
    statistics) corpus=$src/tests/fuzz-corpus-statistics; max_len=16384 ;;
    *) echo "run-fuzz.sh: unknown target '$target' (match-file, protocol, notation, statistics)" >&2; exit 2 ;;
  esac
  ninja -C "$build" "tests/fuzz-$target"

  # Work on a copy: new inputs libFuzzer finds must not land in the seed
  # corpus kept in git.
  mkdir "$work/corpus-$target"
  cp "$corpus"/* "$work/corpus-$target/"
  echo "== fuzz-$target for ${seconds}s"
  TMPDIR=$scratch "$build/tests/fuzz-$target" \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len="$max_len" \
    -print_final_stats=1 \
    -dict="$work/$target.dict" \
    -artifact_prefix="$build/fuzz-artifacts/" \
    "$work/corpus-$target"
  if [ -n "${KUZHI_FUZZ_KEEP:-}" ]; then
    mkdir -p "$KUZHI_FUZZ_KEEP/$target"
    cp "$work/corpus-$target"/* "$KUZHI_FUZZ_KEEP/$target/"
  fi
done
echo "run-fuzz.sh: no crash, leak or sanitizer report in ${seconds}s for each of: $targets"
