#!/bin/sh
# check-potfiles.sh — fails when a source file with translatable strings is
# missing from po/POTFILES.in, or when POTFILES.in lists a file that is gone.
# Usage: check-potfiles.sh [SOURCE_ROOT]
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

srcroot=${1:-$(dirname "$0")/..}
cd "$srcroot" || exit 1
potfiles=po/POTFILES.in
[ -f "$potfiles" ] || { echo "missing $potfiles" >&2; exit 1; }

listed=$(mktemp) || exit 1
found=$(mktemp) || exit 1
trap 'rm -f "$listed" "$found"' EXIT

# Entries: one path per line; '#' starts a comment; '[type: ...]' prefixes allowed.
sed -e 's/#.*//' -e 's/^\[[^]]*\][[:space:]]*//' -e 's/[[:space:]]*$//' \
    -e '/^$/d' "$potfiles" | sort -u > "$listed"

# Marked strings in C and .ui files: the keywords po/meson.build gives
# xgettext (_( N_( C_( NC_( g_dcgettext( g_dngettext( g_dpgettext2(), those
# xgettext knows anyway (gettext( ngettext( dgettext( …), Q_(, the engine's
# kz_refuse( and KZ_REFUSE_OVER( and
# translatable="yes". The character before the marker must not be part of an
# identifier, so g_strdup_( or my_( do not count.
marker='(^|[^A-Za-z0-9_])(_|N_|C_|NC_|Q_|g_dcgettext|g_dngettext|g_dpgettext2|gettext|dgettext|dcgettext|ngettext|dngettext|dcngettext|pgettext|dpgettext|dcpgettext|gettext_noop|kz_refuse|KZ_REFUSE_OVER)[[:space:]]*\(|translatable="yes"'
for dir in src data; do
  [ -d "$dir" ] || continue
  find "$dir" -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' -o -name '*.blp' \) -print
done | sort | while IFS= read -r f; do
  if grep -Eq "$marker" "$f"; then
    echo "$f"
  fi
done > "$found"

# Data files are translatable by their format, whatever they contain.
for f in data/*.desktop.in data/*.metainfo.xml.in data/*.gschema.xml data/*.mime.xml; do
  [ -f "$f" ] && echo "$f" >> "$found"
done

status=0
for f in $(sort -u "$found"); do
  if ! grep -qxF "$f" "$listed"; then
    echo "po/POTFILES.in is missing $f (it has translatable strings)" >&2
    status=1
  fi
done
while IFS= read -r f; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in lists $f, which does not exist" >&2
    status=1
  fi
done < "$listed"

if [ "$status" -eq 0 ]; then
  echo "po/POTFILES.in lists all $(wc -l < "$listed") files with translatable strings"
fi
exit "$status"
