#!/bin/sh
# run-fuzz.sh — builds the match-file fuzz target (clang, libFuzzer, ASan+UBSan) in its own build folder and runs it for SECONDS (default 60).
#
#   tests/run-fuzz.sh [SECONDS]
#
# Exits non-zero on any crash, leak, sanitizer report or timeout; the input
# that caused it is kept in BUILD/fuzz-artifacts/. KUZHI_FUZZ_BUILD chooses
# the build folder (default build-fuzz at the top of the source tree).
set -eu

seconds=${1:-60}
case $seconds in
  ''|*[!0-9]*) echo "run-fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;;
esac

src=$(cd "$(dirname "$0")/.." && pwd)
build=${KUZHI_FUZZ_BUILD:-$src/build-fuzz}

if ! command -v clang >/dev/null 2>&1; then
  echo "run-fuzz.sh: clang is needed for libFuzzer (apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

# The whole tree is instrumented for coverage (fuzzer-no-link); only the
# target links libFuzzer's main.
if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$src" \
    -Dfuzzing=true \
    -Db_sanitize=address,undefined \
    -Db_lundef=false \
    -Dbuildtype=debugoptimized \
    -Dc_args=-fsanitize=fuzzer-no-link
fi
ninja -C "$build" tests/fuzz-match-file

# Work on a copy: new inputs libFuzzer finds must not land in the seed
# corpus kept in git.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
cp "$src"/tests/fuzz-corpus/* "$work/corpus/"

# The words of the format, so mutations reach past the parser.
cat > "$work/match-file.dict" <<'DICT'
"[Match]"
"[Position]"
"Version=1"
"Variant="
"constitution"
"kalah"
"oware"
"mangala"
"dakon"
"pallanguzhi"
"Seeds="
"Pasu="
"Player1="
"Player2="
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
DICT

mkdir -p "$build/fuzz-artifacts"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

"$build/tests/fuzz-match-file" \
  -max_total_time="$seconds" \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -max_len=16384 \
  -print_final_stats=1 \
  -dict="$work/match-file.dict" \
  -artifact_prefix="$build/fuzz-artifacts/" \
  "$work/corpus"
echo "run-fuzz.sh: no crash, leak or sanitizer report in ${seconds}s"
