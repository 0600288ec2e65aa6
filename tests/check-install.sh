#!/bin/sh
# check-install.sh — runs `meson install` into a temporary DESTDIR and checks
# the installed tree: programs, desktop file, metainfo, icons, schema, MIME
# type, one .mo per language in po/LINGUAS, and the manual in C and in every
# language of help/LINGUAS.
# Usage: check-install.sh BUILD_ROOT SOURCE_ROOT PREFIX BINDIR DATADIR LOCALEDIR
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

if [ $# -ne 6 ]; then
  echo "usage: $0 BUILD_ROOT SOURCE_ROOT PREFIX BINDIR DATADIR LOCALEDIR" >&2
  exit 2
fi
build=$1 src=$2 prefix=$3 bindir=$4 datadir=$5 localedir=$6
app_id=io.github.kuzhi.Kuzhi

for tool in desktop-file-validate:desktop-file-utils appstreamcli:appstream update-mime-database:shared-mime-info; do
  command -v "${tool%%:*}" > /dev/null 2>&1 ||
    exec "$(dirname "$0")/missing-tool.sh" check-install "${tool%%:*}" "${tool#*:}"
done

# meson gives directories relative to the prefix unless they were set absolute.
under_prefix () {
  case $1 in
    /*) echo "$1" ;;
    *) echo "$prefix/$1" ;;
  esac
}

destdir=$(mktemp -d "${TMPDIR:-/tmp}/kuzhi-install.XXXXXX") || exit 1
trap 'rm -rf "$destdir"' EXIT

if ! meson install -C "$build" --no-rebuild --destdir "$destdir" > "$destdir.log" 2>&1; then
  cat "$destdir.log" >&2
  rm -f "$destdir.log"
  echo "FAIL: meson install" >&2
  exit 1
fi
rm -f "$destdir.log"

root=$destdir
bin=$root$(under_prefix "$bindir")
share=$root$(under_prefix "$datadir")
locale=$root$(under_prefix "$localedir")

failures=0
pass () { echo "ok: $*"; }
fail () { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
check_file () {
  if [ -f "$1" ]; then pass "installed ${1#"$root"}"; else fail "not installed: ${1#"$root"}"; fi
}

# Programs.
for prog in kuzhi kuzhi-engine; do
  if [ -x "$bin/$prog" ]; then pass "installed program $prog"; else fail "program $prog not installed in ${bin#"$root"}"; fi
done

# Desktop file, valid and translated.
desktop=$share/applications/$app_id.desktop
check_file "$desktop"
if [ -f "$desktop" ]; then
  if desktop-file-validate "$desktop"; then pass "desktop file validates"; else fail "desktop-file-validate"; fi
  grep -q '^Icon=io.github.kuzhi.Kuzhi$' "$desktop" || fail "desktop file Icon is not the application id"
  grep -q '^MimeType=.*application/x-kuzhi-match;' "$desktop" || fail "desktop file does not open application/x-kuzhi-match"
  grep -q '^MimeType=.*text/x-oware-ogn;' "$desktop" || fail "desktop file does not open text/x-oware-ogn (Aualé's records)"
fi

# Metainfo, valid and translated.
metainfo=$share/metainfo/$app_id.metainfo.xml
check_file "$metainfo"
if [ -f "$metainfo" ]; then
  if appstreamcli validate --no-net "$metainfo" > "$root/as.log" 2>&1; then
    pass "metainfo validates"
  else
    cat "$root/as.log" >&2
    fail "appstreamcli validate --no-net"
  fi
fi

# Well-formedness of installed XML: xmllint (libxml2-utils) if present, else
# Python's parser.
xml_ok () {
  if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$1"
  else
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1"
  fi
}

# The screenshots the metainfo shows are in the source tree under the same
# names (software centres fetch them from the repository).
for shot in $(sed -n 's|.*<image>.*/docs/screenshots/\([^<]*\)</image>.*|\1|p' \
                "$src/data/$app_id.metainfo.xml.in"); do
  if [ -f "$src/docs/screenshots/$shot" ]; then
    pass "screenshot $shot exists"
  else
    fail "the metainfo shows docs/screenshots/$shot, which is not in the tree"
  fi
done

# Icons, well-formed SVG.
for icon in scalable/apps/$app_id.svg symbolic/apps/$app_id-symbolic.svg; do
  f=$share/icons/hicolor/$icon
  check_file "$f"
  if [ -f "$f" ]; then
    xml_ok "$f" || fail "$icon is not well-formed XML"
    grep -q '<svg' "$f" || fail "$icon is not SVG"
  fi
done

# GSettings schema: compiles strictly from the installed directory.
schemas=$share/glib-2.0/schemas
check_file "$schemas/$app_id.gschema.xml"
if [ -d "$schemas" ]; then
  if glib-compile-schemas --strict --targetdir="$root" "$schemas"; then
    pass "installed schemas compile"
  else
    fail "installed schemas do not compile"
  fi
fi

# The event sounds, where kuzhi-sound.c looks (PACKAGE_DATADIR/sounds).
for sound in drop triple capture lucky round-end match-end; do
  check_file "$share/kuzhi/sounds/$sound.oga"
done

# MIME types: *.kuzhi resolves to application/x-kuzhi-match, *.ogn to text/x-oware-ogn.
mimepkg=$share/mime/packages/$app_id.xml
check_file "$mimepkg"
if [ -f "$mimepkg" ]; then
  xml_ok "$mimepkg" || fail "MIME package is not well-formed XML"
  mkdir -p "$root/mime-check/packages"
  cp "$mimepkg" "$root/mime-check/packages/"
  if update-mime-database "$root/mime-check" 2> "$root/mime.log" &&
     grep -q '^[0-9]*:application/x-kuzhi-match:\*\.kuzhi' "$root/mime-check/globs2"; then
    pass "*.kuzhi is application/x-kuzhi-match"
  else
    cat "$root/mime.log" >&2
    fail "MIME database does not map *.kuzhi to application/x-kuzhi-match"
  fi
  # Aualé's records, under Aualé's own type name.
  if grep -q '^[0-9]*:text/x-oware-ogn:\*\.ogn' "$root/mime-check/globs2"; then
    pass "*.ogn is text/x-oware-ogn"
  else
    fail "MIME database does not map *.ogn to text/x-oware-ogn"
  fi
fi

# Translations: a .mo for every language in LINGUAS, readable by msgunfmt.
for lang in $(sed -e 's/#.*//' "$src/po/LINGUAS"); do
  mo=$locale/$lang/LC_MESSAGES/kuzhi.mo
  check_file "$mo"
  if [ -f "$mo" ]; then
    msgunfmt "$mo" > /dev/null || fail "$lang: kuzhi.mo is unreadable"
  fi
  if [ -f "$desktop" ]; then
    grep -q "^Comment\[$lang\]=" "$desktop" || fail "$lang: desktop file Comment is not translated"
  fi
  if [ -f "$metainfo" ]; then
    grep -q "<summary xml:lang=\"$lang\">" "$metainfo" || fail "$lang: metainfo summary is not translated"
  fi
done

# The manual: every page of help/meson.build and its figures in C, well-formed,
# and the pages merged for every language in help/LINGUAS (figures may be
# links to C's).
help=$share/help
for page in $(sed -n "s|^ *'\([a-z-]*\.page\)',\$|\1|p" "$src/help/meson.build"); do
  check_file "$help/C/kuzhi/$page"
  [ ! -f "$help/C/kuzhi/$page" ] || xml_ok "$help/C/kuzhi/$page" || fail "help/C/kuzhi/$page is not well-formed XML"
done
for figure in $(sed -n "s|^ *'figures/\([a-z-]*\.png\)',\$|\1|p" "$src/help/meson.build"); do
  check_file "$help/C/kuzhi/figures/$figure"
done
[ -f "$help/C/kuzhi/index.page" ] || fail "the manual's index.page is not installed"
for lang in $(sed -e 's/#.*//' "$src/help/LINGUAS"); do
  check_file "$help/$lang/kuzhi/index.page"
  if [ -f "$help/$lang/kuzhi/index.page" ]; then
    xml_ok "$help/$lang/kuzhi/index.page" || fail "$lang: the manual's index.page is not well-formed XML"
  fi
  [ -e "$help/$lang/kuzhi/figures/board-kalah.png" ] || fail "$lang: the manual's figures are not installed"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures installation checks failed" >&2
  exit 1
fi
echo "installed tree is complete"
