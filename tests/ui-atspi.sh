#!/bin/sh
# ui-atspi.sh — runs ui-atspi.py on a private session bus, where the accessibility bus (at-spi-bus-launcher, at-spi2-registryd) starts on demand, so that kuzhi and the test meet on it.
# Usage (under xvfb-run): ui-atspi.sh PATH/TO/kuzhi [--dump]
# Needs dbus-run-session (dbus), at-spi2-core and, for python3, python3-gi
# and gir1.2-atspi-2.0: scripts/dev.sh installs them. A missing one skips
# the test, or fails it with -Dstrict_tests=true (CI), which
# missing-tool.sh says.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

here=$(dirname "$0")

missing () {
  exec "$here/missing-tool.sh" ui-atspi "$1" "$2"
}

command -v dbus-run-session >/dev/null || missing dbus-run-session dbus
launcher=
for f in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher; do
  [ -x "$f" ] && launcher=$f
done
[ -n "$launcher" ] || missing at-spi-bus-launcher at-spi2-core

# The Python that has the GObject bindings and Atspi (a python3 of its own
# earlier in PATH may have neither).
python=
for p in python3 /usr/bin/python3; do
  if "$p" -c 'import gi; gi.require_version("Atspi", "2.0"); from gi.repository import Atspi' 2>/dev/null; then
    python=$p
    break
  fi
done
[ -n "$python" ] || missing "Atspi for python3" "python3-gi gir1.2-atspi-2.0"

# Accessibility on (the other window tests turn it off).
unset GTK_A11Y NO_AT_BRIDGE
exec dbus-run-session -- "$python" "$here/ui-atspi.py" "$@"
