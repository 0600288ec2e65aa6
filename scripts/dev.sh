#!/usr/bin/env bash
# dev.sh — the README's quick start: install what is missing, build, and run the game (run) or every test (test).
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

cd "$(dirname "$0")/.."
top=$(pwd)

build_packages=(gcc pkg-config meson ninja-build gettext itstool libglib2.0-dev libgtk-4-dev
  libadwaita-1-dev libjson-glib-dev libgsound-dev desktop-file-utils appstream)
test_packages=(xvfb xauth dbus xdotool clang libclang-rt-14-dev flatpak-builder
  python3 imagemagick valgrind shared-mime-info at-spi2-core python3-gi gir1.2-atspi-2.0 libglib2.0-bin
  yelp-tools sox libsox-fmt-base
  # A window manager and xprop, for F11's fullscreen, which only a window
  # manager gives.
  openbox x11-utils
  # Tamil and Malayalam glyphs, so that the window tests measure real text,
  # not the boxes drawn for a missing font.
  fonts-lohit-taml fonts-lohit-mlym)

as_root () {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing () {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

configure () {
  local dir=$1; shift
  if [ -f "$dir/build.ninja" ]; then
    meson configure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@" >/dev/null
  fi
}

# Adds a build's results from meson's test log to the totals, and the
# name of each test that did not pass to $failures, so that the closing
# lines say which ones they were.
total_p=0 total_f=0 total_s=0 failures=""
count_results () {
  local counts
  counts=$(python3 - "$1/meson-logs/testlog.json" "$1" <<'PY'
import json, sys
passed = failed = skipped = 0
names = []
try:
    for line in open(sys.argv[1]):
        entry = json.loads(line)
        r = entry.get("result")
        if r in ("OK", "EXPECTEDFAIL"): passed += 1
        elif r == "SKIP": skipped += 1
        else:
            failed += 1
            names.append("%s: %s (%s)" % (sys.argv[2], entry.get("name"), r))
except FileNotFoundError:
    failed += 1
    names.append("%s: no test log" % sys.argv[2])
print(passed, failed, skipped)
for n in names: print(n)
PY
)
  local p f s line
  read -r p f s <<<"$(head -n 1 <<<"$counts")"
  total_p=$((total_p + p)); total_f=$((total_f + f)); total_s=$((total_s + s))
  while IFS= read -r line; do
    [ -z "$line" ] || failures+="  did not pass: $line"$'\n'
  done <<<"$(tail -n +2 <<<"$counts")"
}

# The end of what each test that did not pass printed, for the closing
# lines: CI shows only the end of the run's output.
show_failed_output () {
  python3 - "$1/meson-logs/testlog.json" "$1" <<'PY'
import json, sys
try:
    for line in open(sys.argv[1]):
        entry = json.loads(line)
        if entry.get("result") in ("OK", "EXPECTEDFAIL", "SKIP"):
            continue
        out = ((entry.get("stdout") or "") + (entry.get("stderr") or "")).splitlines()[-30:]
        print("---- %s: %s (%s), the end of its output:" % (sys.argv[2], entry.get("name"), entry.get("result")))
        for l in out:
            print("    " + l[:300])
except FileNotFoundError:
    pass
PY
}

run_game () {
  install_missing "${build_packages[@]}"
  configure build
  ninja -C build
  # Uninstalled, with the schema compiled in the build (meson.build's
  # devenv); a FILE is found from the top of the sources, as before.
  exec meson devenv -C build -w "$top" ./build/src/kuzhi "$@"
}

# The minutes and seconds since the tests began, for the phases' lines:
# CI stops a run at 90 minutes, and this says where the time goes.
started=$(date +%s)
elapsed () {
  local s=$(( $(date +%s) - started ))
  printf '%dm%02ds' $((s / 60)) $((s % 60))
}

run_tests () {
  install_missing "${build_packages[@]}" "${test_packages[@]}"
  local status=0

  # -Dstrict_tests=true: a test whose tool is missing fails here, where
  # it skips on a developer's machine (tests/missing-tool.sh).
  echo "== Build and test (debugoptimized), at $(elapsed)"
  configure build -Dstrict_tests=true
  ninja -C build
  meson test -C build --print-errorlogs --num-processes 2 || status=1
  count_results build

  echo "== Build and test under AddressSanitizer and UndefinedBehaviorSanitizer, at $(elapsed)"
  configure build-asan -Db_sanitize=address,undefined -Dbuildtype=debug -Dstrict_tests=true
  ninja -C build-asan
  # ASan's fast unwinding on malloc: the whole-stack walk on every
  # allocation made the sanitizer run five times slower (test-window:
  # 209 s against 38 s) and CI's budget could not carry it. The checks are
  # the same; a test whose leaks need whole stacks to meet tests/lsan.supp
  # asks for them itself (__asan_default_options in test-window-files.c).
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  LSAN_OPTIONS=suppressions="$top/tests/lsan.supp":print_suppressions=0 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    meson test -C build-asan --print-errorlogs --num-processes 2 --timeout-multiplier 4 || status=1
  count_results build-asan

  if [ -x tests/run-fuzz.sh ]; then
    echo "== Fuzz the match-file and OGN loader, the kuzhi-engine protocol, pasted text and the statistics file for ${KUZHI_FUZZ_SECONDS:-60} s each, at $(elapsed)"
    if tests/run-fuzz.sh "${KUZHI_FUZZ_SECONDS:-60}"; then
      total_p=$((total_p + 1))
    else
      total_f=$((total_f + 1)); status=1
      failures+="  did not pass: run-fuzz.sh"$'\n'
    fi
  fi

  echo
  echo "== Done in $(elapsed)"
  if [ -n "$failures" ]; then
    show_failed_output build
    show_failed_output build-asan
    printf "%s" "$failures"
  fi
  if [ "$total_s" -gt 0 ]; then
    echo "$total_p passed, $total_f failed, $total_s skipped"
  else
    echo "$total_p passed, $total_f failed"
  fi
  [ "$total_f" -eq 0 ] || status=1
  return $status
}

case "${1:-}" in
  run) shift; run_game "$@" ;;
  test) run_tests ;;
  *)
    echo "usage: scripts/dev.sh run [FILE]   install what is missing, build and start Kuzhi" >&2
    echo "       scripts/dev.sh test         install what is missing, build and run every test" >&2
    exit 2 ;;
esac
