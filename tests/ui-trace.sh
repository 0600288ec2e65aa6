# ui-trace.sh — sourced by the outside ui tests: a desktop of their own, and what the real kuzhi writes to its trace (KUZHI_TRACE_FILE), waited for and read.
# Usage: . "$(dirname "$0")/ui-trace.sh", then own_desktop (or KUZHI_TRACE_FILE exported).
# SPDX-License-Identifier: GPL-3.0-or-later

# A desktop of the test's own, in a fresh folder $work: its data
# (XDG_DATA_HOME), its settings (XDG_CONFIG_HOME) and kuzhi's trace
# (KUZHI_TRACE_FILE). At the exit the folder goes, and the kuzhi whose pid
# is $pid and the programs whose pids are in $others are killed, with the
# signal $1 (TERM unless given).
own_desktop () {
  work=$(mktemp -d)
  pid=
  others=
  kill_with=${1:-TERM}
  trap 'for p in $pid $others; do kill -"$kill_with" "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
  export XDG_DATA_HOME="$work/data"
  export XDG_CONFIG_HOME="$work/config"
  export KUZHI_TRACE_FILE="$work/trace"
}

# Settings kept on disk as a player's are (a keyfile under
# XDG_CONFIG_HOME, where the tests' memory backend would forget them at
# the exit), with the keys given ("welcome-seen=true" …) set: with none,
# a fresh user's.
keyfile_settings () {
  export GSETTINGS_BACKEND=keyfile
  mkdir -p "$XDG_CONFIG_HOME/glib-2.0/settings"
  {
    echo '[io/github/kuzhi/Kuzhi]'
    for line in "$@"; do
      echo "$line"
    done
  } > "$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
}

# Waits up to 30 s (a loaded machine, the sanitizer build) for a line of
# the trace that matches $1; on a time-out shows the trace and fails.
wait_for () {
  i=0
  while ! grep -q "$1" "$KUZHI_TRACE_FILE" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 300 ]; then
      echo "timed out waiting for '$1'; trace:" >&2
      cat "$KUZHI_TRACE_FILE" >&2 || true
      exit 1
    fi
    sleep 0.1
  done
}

# The number of lines the trace has now: a mark for wait_after.
trace_mark () {
  wc -l < "$KUZHI_TRACE_FILE"
}

# As wait_for, for a line written after line $1 (a trace_mark) matching $2.
wait_after () {
  i=0
  while ! tail -n "+$(($1 + 1))" "$KUZHI_TRACE_FILE" | grep -q "$2"; do
    i=$((i + 1))
    if [ "$i" -gt 300 ]; then
      echo "timed out waiting for '$2' after line $1; trace:" >&2
      cat "$KUZHI_TRACE_FILE" >&2 || true
      exit 1
    fi
    sleep 0.1
  done
}

# A newcomer's first minutes: the first start's welcome comes, is read, and
# its Learn to Play (Alt+L) opens the Constitution's course.
learn_from_welcome () {
  wait_for '^mapped'
  wait_for '^welcome shown$'
  sleep 2
  xdotool search --name 'Welcome to Kuzhi' windowfocus 2>/dev/null || true
  sleep 1
  xdotool key alt+l
  wait_for '^welcome closed$'
  wait_for '^learn shown constitution$'
}

# The cup whose focus ring the last frame drew, or -1.
ring_now () {
  grep '^ring ' "$KUZHI_TRACE_FILE" | tail -n 1 | cut -d' ' -f2
}

# Gives the keyboard to kuzhi's main window, as a window manager would
# after a dialog closes or a click (the bare X server here does not).
focus_window () {
  xdotool search --onlyvisible --name Kuzhi windowfocus 2>/dev/null || true
}

# The id of the main window of the kuzhi whose pid is $1: the window whose
# title ends in " — Kuzhi" (GTK's leader windows are called "Kuzhi"), or
# nothing.
main_window () {
  for id in $(xdotool search --pid "$1"); do
    case $(xdotool getwindowname "$id") in
      *' — Kuzhi') echo "$id"; return ;;
    esac
  done
}

# Waits, 10 s at most, for the kuzhi whose pid is $pid to end by itself,
# and forgets the pid. It fails, saying so with $1 after it, when kuzhi
# does not quit, or quits with an error: with the outside tests'
# G_DEBUG=fatal-warnings (tests/meson.build), a warning or a critical on
# the way out is such an error.
expect_exit () {
  i=0
  while kill -0 "$pid" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 100 ]; then
      echo "kuzhi did not quit$1" >&2
      exit 1
    fi
    sleep 0.1
  done
  status=0
  wait "$pid" 2>/dev/null || status=$?
  pid=
  if [ "$status" -ne 0 ]; then
    echo "kuzhi ended with status $status$1" >&2
    exit 1
  fi
}
