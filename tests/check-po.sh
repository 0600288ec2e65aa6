#!/bin/sh
# check-po.sh — a catalogue is valid (msgfmt -c) and complete: a language in po/LINGUAS ships only with every message translated and none fuzzy, its mnemonics on its own letters.
# Usage: check-po.sh PATH/TO/LANG.po [PATH/TO/FRESH.pot]
#
# Counting the .po against itself misses a string that was added to the
# sources but never merged into the catalogue. With FRESH.pot (the template
# extracted from the sources at build time, po/kuzhi-fresh.pot in the build
# folder) every message of the template must also be in the .po, translated
# and not fuzzy; the ones that are not are named.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

po=$1
pot=${2-}
stats=$(LC_ALL=C msgfmt -c --check-format --statistics -o /dev/null "$po" 2>&1)
echo "$po: $stats"
case $stats in
  *untranslated*|*fuzzy*)
    echo "$po is not complete: translate every message (msgattrib --untranslated, --only-fuzzy) before shipping it" >&2
    exit 1 ;;
esac

# A mnemonic goes on a letter of the translation ("Pu_zzles" → "_புதிர்கள்").
# The bracketed Latin key, "புதிர்கள் (_Z)", is the convention of Chinese,
# Japanese and Korean only: elsewhere it shows as a stray "(Z)" in the menu.
lang=$(sed -n 's/^"Language: \([^\\]*\)\\n"$/\1/p' "$po")
case $lang in
  zh*|ja*|ko*) ;;
  *)
    bracketed=$(awk '
      /^msgstr/ { on = 1 } /^(msgid|msgctxt|#)/ { on = 0 }
      on && /\(_[A-Za-z0-9]\)/ { print "  line " NR ": " $0 }' "$po")
    if [ -n "$bracketed" ]; then
      echo "$po writes a mnemonic as a bracketed key, which only Chinese, Japanese and Korean do; put the underscore on a letter of the translation:" >&2
      printf '%s\n' "$bracketed" >&2
      exit 1
    fi ;;
esac

[ -n "$pot" ] || exit 0
[ -f "$pot" ] || { echo "no template $pot" >&2; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The template with the catalogue's translations filled in, by exact
# msgctxt + msgid only (-N: no guessing from similar strings): a message the
# catalogue lacks comes out untranslated, one it has fuzzy stays fuzzy. The
# catalogue's obsolete (#~) entries go first: msgfmt leaves them out of the
# .mo, so msgmerge must not bring them back.
LC_ALL=C msgattrib --force-po --no-obsolete -o "$tmp/live.po" "$po"
LC_ALL=C msgmerge -q -N --no-wrap -o "$tmp/merged.po" "$tmp/live.po" "$pot"
LC_ALL=C msgattrib --force-po --no-obsolete --untranslated --no-wrap --no-location -o "$tmp/untranslated.po" "$tmp/merged.po"
LC_ALL=C msgattrib --force-po --no-obsolete --only-fuzzy --no-wrap --no-location -o "$tmp/fuzzy.po" "$tmp/merged.po"

# Prints each entry's msgctxt and msgid on one line, as in the .po; the
# header (msgid "") is left out.
list_msgids () {
  awk '
    function flush() { if (id != "") print "  " (ctxt != "" ? "msgctxt \"" ctxt "\" " : "") "msgid \"" id "\""; id = ""; ctxt = "" }
    /^msgctxt /      { flush(); cur = "ctxt"; s = $0; sub(/^msgctxt "/, "", s); sub(/"$/, "", s); ctxt = s; next }
    /^msgid /        { if (cur != "ctxt") flush(); cur = "id"; s = $0; sub(/^msgid "/, "", s); sub(/"$/, "", s); id = s; next }
    /^"/             { s = $0; sub(/^"/, "", s); sub(/"$/, "", s); if (cur == "id") id = id s; else if (cur == "ctxt") ctxt = ctxt s; next }
                     { cur = "" }
    END              { flush() }
  ' "$1"
}

missing=$(list_msgids "$tmp/untranslated.po")
fuzzy=$(list_msgids "$tmp/fuzzy.po")
status=0
if [ -n "$missing" ]; then
  echo "$po lacks a translation of $(printf '%s\n' "$missing" | wc -l) message(s) of the sources' template $pot:" >&2
  printf '%s\n' "$missing" >&2
  status=1
fi
if [ -n "$fuzzy" ]; then
  echo "$po has $(printf '%s\n' "$fuzzy" | wc -l) fuzzy message(s) of the sources' template $pot:" >&2
  printf '%s\n' "$fuzzy" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "Run 'meson compile -C BUILD kuzhi-pot && meson compile -C BUILD kuzhi-update-po' and have these translated (docs/packaging.md)." >&2
  exit 1
fi
echo "$po translates all $(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/merged.po" 2>&1 | sed 's/ translated.*//') messages of $pot"
