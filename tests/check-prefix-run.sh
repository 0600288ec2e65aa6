#!/bin/sh
# check-prefix-run.sh — installs Kuzhi into a temporary --prefix and starts the
# installed program there in Tamil under Xvfb: it must find its GSettings
# schema, its resources and its translations from that prefix alone. Its
# command line (--version, --help, an unknown option) is checked first.
# Usage: check-prefix-run.sh SOURCE_ROOT
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

if [ $# -ne 1 ]; then
  echo "usage: $0 SOURCE_ROOT" >&2
  exit 2
fi
src=$(cd "$1" && pwd) || exit 1

for tool in meson:meson ninja:ninja-build xvfb-run:xvfb dbus-run-session:dbus xdotool:xdotool python3:python3; do
  command -v "${tool%%:*}" > /dev/null 2>&1 ||
    exec "$(dirname "$0")/missing-tool.sh" check-prefix-run "${tool%%:*}" "${tool#*:}"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kuzhi-prefix.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

fail () {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && [ -f "$2" ] && tail -n 40 "$2" >&2
  exit 1
}

meson setup "$tmp/build" "$src" --prefix="$prefix" > "$tmp/setup.log" 2>&1 ||
  fail "meson setup --prefix" "$tmp/setup.log"

# Build only what gets installed: the tests are not needed here.
targets=$(meson introspect --installed "$tmp/build" | python3 -c '
import json, os, sys
build = os.path.realpath(sys.argv[1])
for path in json.load(sys.stdin):
    real = os.path.realpath(path)
    if real.startswith(build + os.sep):
        print(os.path.relpath(real, build))
' "$tmp/build") || fail "meson introspect --installed"
# shellcheck disable=SC2086 # one target per word
ninja -C "$tmp/build" $targets > "$tmp/build.log" 2>&1 || fail "building the installed targets" "$tmp/build.log"
meson install -C "$tmp/build" --no-rebuild > "$tmp/install.log" 2>&1 ||
  fail "meson install into $prefix" "$tmp/install.log"

[ -x "$prefix/bin/kuzhi" ] || fail "kuzhi is not installed in $prefix/bin"
[ -f "$prefix/share/glib-2.0/schemas/gschemas.compiled" ] ||
  fail "the install did not compile the schemas in $prefix"

# Everything the program reads comes from the prefix or from a fresh home.
mkdir -p "$tmp/home"
in_prefix () {
  env -i PATH="$PATH" HOME="$tmp/home" \
    XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
    XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" \
    XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" \
    LANG=C.UTF-8 LANGUAGE=ta GSETTINGS_BACKEND=memory "$@"
}

# The command line, with no display: --version says the version meson
# has; --help says what may follow the command and what Kuzhi is, in
# Tamil; an unknown option is refused, by name.
version=$(meson introspect --projectinfo "$tmp/build" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])') || fail "meson introspect --projectinfo"
out=$(in_prefix "$prefix/bin/kuzhi" --version 2>&1) || fail "kuzhi --version failed: $out"
[ "$out" = "kuzhi $version" ] || fail "kuzhi --version said '$out', not 'kuzhi $version'"
out=$(in_prefix "$prefix/bin/kuzhi" --help 2>&1) || fail "kuzhi --help failed: $out"
for said in 'kuzhi [OPTION…] [கோப்பு…]' 'பல்லாங்குழி வகை விளையாட்டுகளை ஆடுங்கள்' '--version' '.kuzhi' '.ogn'; do
  case $out in
    *"$said"*) ;;
    *) printf '%s\n' "$out" >&2; fail "kuzhi --help in Tamil does not say '$said'" ;;
  esac
done
if out=$(in_prefix "$prefix/bin/kuzhi" --no-such-option 2>&1); then
  fail "kuzhi took --no-such-option"
fi
case $out in
  *--no-such-option*) ;;
  *) fail "kuzhi refused --no-such-option without naming it: $out" ;;
esac
cat > "$tmp/run.sh" <<'RUN'
"$KUZHI" > "$KUZHI_LOG" 2>&1 &
pid=$!
found=
i=0
while [ $i -lt 60 ]; do
  # The window title "Kuzhi" is "குழி" in Tamil.
  if xdotool search --name 'குழி' > /dev/null 2>&1; then
    found=1
    break
  fi
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.25
  i=$((i + 1))
done
alive=
kill -0 "$pid" 2> /dev/null && alive=1
kill "$pid" 2> /dev/null
wait "$pid" 2> /dev/null
[ -n "$alive" ] || { echo "kuzhi exited early" >&2; exit 3; }
[ -n "$found" ] || { echo "no window titled குழி appeared" >&2; xdotool search --name . getwindowname %@ >&2 2>/dev/null; exit 4; }
exit 0
RUN

env -i PATH="$PATH" HOME="$tmp/home" \
  XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" \
  XDG_DATA_DIRS="$prefix/share:/usr/local/share:/usr/share" \
  LANG=C.UTF-8 LANGUAGE=ta GSETTINGS_BACKEND=memory GTK_A11Y=none \
  GSK_RENDERER=cairo GDK_BACKEND=x11 \
  KUZHI="$prefix/bin/kuzhi" KUZHI_LOG="$tmp/kuzhi.log" \
  xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- sh "$tmp/run.sh" \
  > "$tmp/run.log" 2>&1
rc=$?
if grep -q 'GLib-GIO-ERROR\|No GSettings schemas\|is not installed' "$tmp/kuzhi.log" 2> /dev/null; then
  fail "kuzhi did not find its schema in $prefix" "$tmp/kuzhi.log"
fi
if [ "$rc" -ne 0 ]; then
  cat "$tmp/run.log" >&2
  fail "the installed kuzhi did not show its window in Tamil" "$tmp/kuzhi.log"
fi
echo "the installed kuzhi runs from $prefix and speaks Tamil"
