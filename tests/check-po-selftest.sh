#!/bin/sh
# check-po-selftest.sh — the translation checks can fail: check-po.sh on the fixtures in tests/po-fixture/, check-potfiles.sh on a made-up source tree.
# Usage: check-po-selftest.sh [TESTS_DIR]
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

here=${1:-$(dirname "$0")}
fixture=$here/po-fixture
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

fail () {
  echo "FAIL: $*" >&2
  status=1
}

# Runs a check and wants it to pass (want=0) or fail (want=1); its output
# goes to $tmp/out.
expect () {
  want=$1; shift
  "$@" > "$tmp/out" 2>&1
  got=$?
  [ "$got" -eq 0 ] || got=1
  sed 's/^/    /' "$tmp/out"
  if [ "$got" -ne "$want" ]; then
    fail "$* exited $got, wanted $want"
  fi
}

# Wants the last check's output to hold this line.
said () {
  grep -qxF -- "$1" "$tmp/out" || fail "the output does not say: $1"
}

echo "a complete catalogue passes"
expect 0 sh "$here/check-po.sh" "$fixture/complete.po" "$fixture/template.pot"

echo "a catalogue never merged with the template fails, naming what it lacks"
expect 1 sh "$here/check-po.sh" "$fixture/stale.po" "$fixture/template.pot"
said '  msgid "New Match"'
said '  msgctxt "menu" msgid "Undo"'

echo "without the template the same catalogue passes: the hole the template closes"
expect 0 sh "$here/check-po.sh" "$fixture/stale.po"

echo "a fuzzy message fails"
expect 1 sh "$here/check-po.sh" "$fixture/fuzzy.po" "$fixture/template.pot"

echo "a missing template fails rather than passing unchecked"
expect 1 sh "$here/check-po.sh" "$fixture/complete.po" "$tmp/no-such.pot"

echo "a mnemonic written as a bracketed Latin key fails outside Chinese, Japanese and Korean"
expect 1 sh "$here/check-po.sh" "$fixture/bracketed.po"
said '  line 19: msgstr "புதிர்கள் (_Z)"'
sed 's/^"Language: ta\\n"$/"Language: ja\\n"/' "$fixture/bracketed.po" > "$tmp/ja.po"
expect 0 sh "$here/check-po.sh" "$tmp/ja.po"

# A source tree where POTFILES.in lists one of three files with strings.
mkdir -p "$tmp/root/po" "$tmp/root/src/ui"
printf '%s\n' '# listed' 'src/listed.c' > "$tmp/root/po/POTFILES.in"
printf '%s\n' 'const char *a = _("Listed");' > "$tmp/root/src/listed.c"
printf '%s\n' 'const char *b = C_("menu", "Unlisted");' > "$tmp/root/src/unlisted.c"
printf '%s\n' '<interface><object class="GtkLabel"><property name="label" translatable="yes">Unlisted</property></object></interface>' \
  > "$tmp/root/src/ui/unlisted.ui"
printf '%s\n' 'char *c = g_strdup_("not a string to translate");' > "$tmp/root/src/other.c"

echo "a source file with strings that po/POTFILES.in does not list fails, named"
expect 1 sh "$here/check-potfiles.sh" "$tmp/root"
said 'po/POTFILES.in is missing src/unlisted.c (it has translatable strings)'
said 'po/POTFILES.in is missing src/ui/unlisted.ui (it has translatable strings)'
grep -q 'src/other.c' "$tmp/out" && fail "src/other.c has no translatable string"

echo "listed, they pass"
printf '%s\n' 'src/unlisted.c' 'src/ui/unlisted.ui' >> "$tmp/root/po/POTFILES.in"
expect 0 sh "$here/check-potfiles.sh" "$tmp/root"

echo "a listed file that is gone fails"
echo 'src/gone.c' >> "$tmp/root/po/POTFILES.in"
expect 1 sh "$here/check-potfiles.sh" "$tmp/root"
said 'po/POTFILES.in lists src/gone.c, which does not exist'

[ "$status" -eq 0 ] && echo "the checks fail where they should"
exit "$status"
