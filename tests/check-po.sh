#!/bin/sh
# check-po.sh — a catalogue is valid (msgfmt -c) and complete: a language in po/LINGUAS ships only with every message translated and none fuzzy.
# Usage: check-po.sh PATH/TO/LANG.po
set -eu

po=$1
stats=$(LC_ALL=C msgfmt -c --check-format --statistics -o /dev/null "$po" 2>&1)
echo "$po: $stats"
case $stats in
  *untranslated*|*fuzzy*)
    echo "$po is not complete: translate every message (msgattrib --untranslated, --only-fuzzy) before shipping it" >&2
    exit 1 ;;
esac
