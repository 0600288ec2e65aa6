#!/bin/sh
# ui-help.sh — presses F1 in the real kuzhi program, from outside as a user would, and checks that the desktop's help viewer was asked for help:kuzhi.
# Usage (under xvfb-run-safe.sh): ui-help.sh PATH/TO/kuzhi
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

kuzhi=$1
# A desktop of the test's own: no autosave, the window's trace, and a "help
# viewer" (the default handler of help: URIs) that writes down what it was
# asked to open.
. "$(dirname "$0")/ui-trace.sh"
own_desktop
mkdir -p "$XDG_DATA_HOME/applications" "$XDG_CONFIG_HOME"
cat > "$work/viewer" <<VIEWER
#!/bin/sh
printf '%s' "\$1" > "$work/asked.part" && mv "$work/asked.part" "$work/asked"
VIEWER
chmod 755 "$work/viewer"
cat > "$XDG_DATA_HOME/applications/kuzhi-test-help-viewer.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Test Help Viewer
Exec=$work/viewer %u
MimeType=x-scheme-handler/help;
NoDisplay=true
DESKTOP
printf '[Default Applications]\nx-scheme-handler/help=kuzhi-test-help-viewer.desktop\n' \
  > "$XDG_CONFIG_HOME/mimeapps.list"

"$kuzhi" &
pid=$!

# The window is up once it has written where its cups are.
wait_for '^cup 0 '
sleep 1

# On a busy machine the key may come before the window takes the focus:
# press again until the viewer is asked, 20 s at most.
i=0
while [ ! -s "$work/asked" ]; do
  if [ $((i % 50)) -eq 0 ]; then
    xdotool search --name Kuzhi windowfocus 2>/dev/null || true
    xdotool key F1
  fi
  i=$((i + 1))
  if [ "$i" -gt 200 ]; then
    echo "F1 did not open the help viewer" >&2
    exit 1
  fi
  sleep 0.1
done
asked=$(cat "$work/asked")
echo "the help viewer was asked for: $asked"
[ "$asked" = "help:kuzhi" ]
