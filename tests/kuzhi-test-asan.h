/* kuzhi-test-asan.h — for a test whose leak suppressions need whole stacks: included once, it asks AddressSanitizer to walk them on every malloc. */
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* scripts/dev.sh runs the sanitizer build with ASan's fast unwinding,
 * five times faster. It cuts a stack short where a library has no frame
 * pointers, so allocations made inside GLib (its type system, its
 * one-time tables) no longer reach the names tests/lsan.supp matches, and
 * are reported as leaks. A test that meets them includes this header, and
 * is the slower for it. The stacks are kept 100 frames deep, not 30: GTK's
 * file chooser sorts its folder's files recursively, and a leak of its
 * reached from a test's own helper (tests/lsan.supp names `choose`) lies
 * deeper than 30 frames when the folder holds enough files, and was then
 * reported (seen once in test-window-files). Options in ASAN_OPTIONS
 * still win. Without
 * AddressSanitizer nothing calls these. */
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "fast_unwind_on_malloc=0:malloc_context_size=100";
}

/* GLib allocates its first quark table while the library initialises and
 * leaks it on purpose once more than 2048 quarks exist (lookups stay
 * lock-free), which a window, a file chooser and the application together
 * reach. Only allocations made during a library's initialisation match. */
const char *__lsan_default_suppressions (void);
const char *
__lsan_default_suppressions (void)
{
  return "leak:_dl_init\n";
}
