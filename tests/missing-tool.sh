#!/bin/sh
# missing-tool.sh — what a test does when a tool it needs is missing: says which, and where Debian has it, and skips (exit 77), or fails (exit 1) where KUZHI_STRICT_TESTS=1 (meson setup -Dstrict_tests=true, which scripts/dev.sh test and so CI set), so that CI cannot pass without it.
# Usage: missing-tool.sh TEST TOOL [PACKAGE]   (a test's command, or exec'd by a check script)
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 TEST TOOL [PACKAGE]" >&2
  exit 2
fi
echo "$1: $2 is missing (Debian: apt-get install ${3:-$2}; scripts/dev.sh installs it)" >&2
if [ "${KUZHI_STRICT_TESTS:-0}" = 1 ]; then
  echo "$1: fails, as -Dstrict_tests=true asks" >&2
  exit 1
fi
exit 77
