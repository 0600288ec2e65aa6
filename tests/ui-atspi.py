#!/usr/bin/env python3
# ui-atspi.py — starts the real kuzhi with accessibility on and walks its windows over AT-SPI, as a screen reader does: every control must have a name a person can use.
# Usage (on a session bus with the accessibility bus, under Xvfb; ui-atspi.sh sets that up):
#   ui-atspi.py PATH/TO/kuzhi [--dump]
# --dump prints every window's accessible tree instead of checking it.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks, in the main window, the main menu, the move history, New Match,
Preferences, the Rules window and Learn to Play's course, that every push button, toggle button,
menu button, check box, radio button, switch, combo box, list row, menu
item, spin button and entry

- has a name, and not a GTK class name ("GtkImage", "AdwComboRow"),
- shows no mnemonic underscore ("_New Match"),
- is not its name read twice ("New Match New Match"),

that the two Played By rows of New Match have different names, and that
the controls a player looks for are there by name (New Match, Undo, Redo,
Hint, Move History, Main Menu). Each problem names the control by its
place in the window."""

import os
import re
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

TIMEOUT = 30.0
# The sanitizer build runs the program several times slower.
if "ASAN_OPTIONS" in os.environ:
    TIMEOUT *= 3

# The roles of the things a person operates, by AT-SPI role name.
CONTROL_ROLES = {
    "push button", "toggle button", "push button menu", "check box",
    "radio button", "switch", "combo box", "list item", "menu item",
    "check menu item", "radio menu item", "spin button", "slider", "entry",
    "password text", "text",
}

# What a class name looks like when GTK has nothing better to say.
CLASS_NAME = re.compile(r"^(Gtk|Adw|Kuzhi)[A-Z]")

PLAYED_BY = ["Player 1 played by", "Player 2 played by"]

MAIN_WINDOW_NAMES = ["New Match", "Undo", "Redo", "Hint", "Move History", "Main Menu",
                     "Sow Refill Shell", "Mark Lucky Cup",
                     # The board's cups, numbered along their owner's row.
                     "Player 1, cup 1, 5 shells, can be sown", "Player 2, cup 7, 5 shells"]

problems = []
reported = set()   # the controls already reported, when a window is checked again


def report(kind, title, path, obj):
    key = (kind, path, describe(obj))
    if key not in reported:
        reported.add(key)
        problems.append(f"{kind}: {where(title, path, obj)}")


class Stop(Exception):
    """The test cannot go on: what it waited for or needed is not there."""


def wait_for(what, find, timeout=TIMEOUT):
    """Calls find until it returns something, for at most timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = find()
        except gi.repository.GLib.Error:
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            raise Stop(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.2)


def children(obj):
    try:
        n = obj.get_child_count()
    except gi.repository.GLib.Error:
        return
    for i in range(n):
        try:
            child = obj.get_child_at_index(i)
        except gi.repository.GLib.Error:
            continue
        if child is not None:
            yield child


def describe(obj):
    try:
        return f"{obj.get_role_name()} '{obj.get_name()}'"
    except gi.repository.GLib.Error:
        return "(gone)"


def identify(obj):
    """describe(), with the tooltip (GTK's accessible description) when
    the name does not say which control it is."""
    text = describe(obj)
    try:
        tip = obj.get_description()
    except gi.repository.GLib.Error:
        tip = None
    return f"{text} (tooltip '{tip}')" if tip else text


def walk(obj, path=(), inside_combo=False):
    """Yields (object, path to it, whether it is inside a combo box)."""
    yield obj, path, inside_combo
    try:
        role = obj.get_role_name()
        name = obj.get_name()
    except gi.repository.GLib.Error:
        return
    # The places of a control: its named ancestors but the window (GTK 4.8
    # names unlabelled containers after their class: no help there).
    step = describe(obj) if name and role != "frame" and not CLASS_NAME.match(name) else None
    below = path + (step,) if step else path
    for child in children(obj):
        yield from walk(child, below, inside_combo or role == "combo box")


def where(window, path, obj):
    return " › ".join((window,) + path + (identify(obj),))


def controls(frame):
    """The controls of a window with their places; a combo box's own
    parts (its list showing the chosen item) belong to the combo box."""
    found = []
    for obj, path, inside_combo in walk(frame):
        try:
            role = obj.get_role_name()
        except gi.repository.GLib.Error:
            continue
        if role in CONTROL_ROLES and not inside_combo:
            found.append((obj, path))
    return found


def repeated(name):
    """The words a name says twice in a row ("Played By Played By": GTK
    4.8 adds the names of a control's labels to its own), or None."""
    words = name.lower().split()
    for k in range(1, len(words) // 2 + 1):
        for i in range(len(words) - 2 * k + 1):
            part = words[i:i + k]
            if part == words[i + k:i + 2 * k] and any(w.isalpha() for w in part):
                return " ".join(name.split()[i:i + k])
    return None


def check_names(title, frame):
    """Records every control of frame without a usable name; returns the
    names it saw."""
    names = []
    for obj, path in controls(frame):
        try:
            name = obj.get_name() or ""
        except gi.repository.GLib.Error:
            continue
        names.append(name)
        if not name.strip():
            report("no name", title, path, obj)
        elif CLASS_NAME.match(name):
            report("a class name instead of a name", title, path, obj)
        elif "_" in name:
            report("a mnemonic underscore in the name", title, path, obj)
        elif name.startswith((",", " ")) or ", ," in name:
            report("a part of the name is missing", title, path, obj)
        elif repeated(name):
            report(f"a part of the name is read twice ('{repeated(name)}')", title, path, obj)
    return names


def expect_names(title, names, expected):
    for name in expected:
        if name not in names:
            problems.append(f"{title}: no control named '{name}'")


def find_named(frame, name, roles=CONTROL_ROLES, partial=False):
    """The first control of that name, in the order of the tree (the
    header bar's New Match before the match banner's)."""
    for obj, _path in controls(frame):
        try:
            found = obj.get_name() or ""
            if ((found == name or (partial and name in found))
                    and obj.get_role_name() in roles):
                return obj
        except gi.repository.GLib.Error:
            continue
    return None


def press(obj, what):
    """Does a control's first action (click, activate), or that of the
    first part of it that has one (a menu button's inner toggle)."""
    for candidate, _path, _inside in walk(obj):
        try:
            if candidate.get_n_actions() > 0:
                candidate.do_action(0)
                return
        except (gi.repository.GLib.Error, NotImplementedError):
            continue
    raise Stop(f"{what} has no action to press")


def dump(obj, depth=0):
    try:
        states = [Atspi.StateType(i).value_nick for i in range(Atspi.StateType.LAST_DEFINED)
                  if obj.get_state_set().contains(Atspi.StateType(i))]
    except (gi.repository.GLib.Error, ValueError):
        states = []
    print("  " * depth + describe(obj) + "  [" + " ".join(states) + "]")
    for child in children(obj):
        dump(child, depth + 1)


class App:
    def __init__(self, kuzhi):
        self.home = tempfile.TemporaryDirectory(prefix="kuzhi-atspi-")
        env = dict(os.environ)
        # A fresh user data folder: no autosave, so the start of a match.
        env["XDG_DATA_HOME"] = os.path.join(self.home.name, "data")
        env["XDG_CONFIG_HOME"] = os.path.join(self.home.name, "config")
        env["GTK_A11Y"] = "atspi"
        env.pop("NO_AT_BRIDGE", None)
        self.process = subprocess.Popen([kuzhi], env=env)
        self.accessible = wait_for(f"kuzhi (pid {self.process.pid}) on the accessibility bus",
                                   self.find)

    def find(self):
        if self.process.poll() is not None:
            raise Stop(f"kuzhi exited with status {self.process.returncode}")
        desktop = Atspi.get_desktop(0)
        for app in children(desktop):
            try:
                if app.get_process_id() == self.process.pid:
                    return app
            except gi.repository.GLib.Error:
                continue
        return None

    def frame(self, name=None, suffix=None):
        for frame in children(self.accessible):
            try:
                title = frame.get_name()
            except gi.repository.GLib.Error:
                continue
            if (name is not None and title == name) or (suffix is not None and title.endswith(suffix)):
                return frame
        return None

    def wait_frame(self, what, name=None, suffix=None):
        return wait_for(f"the {what} window", lambda: self.frame(name, suffix))

    def shown(self, name):
        """The named window, while it is still on screen: a closed window
        may linger on the bus for a while, no longer showing."""
        frame = self.frame(name)
        try:
            if frame is not None and frame.get_state_set().contains(Atspi.StateType.SHOWING):
                return frame
        except gi.repository.GLib.Error:
            pass
        return None

    def press_until_gone(self, button, what, window, name):
        """Presses the button, again every few seconds on a slow machine,
        until the window has closed; from the third try on, Escape (which
        closes the window too) goes with it, as the button's press may not
        reach a window still busy drawing."""
        tries = 0

        def gone():
            nonlocal tries
            if self.shown(name) is None:
                return True
            tries += 1
            try:
                press(button, what)
            except Stop:
                pass
            if tries >= 3:
                subprocess.run(["xdotool", "key", "Escape"], check=False, timeout=10)
            time.sleep(2)
            return self.shown(name) is None
        press(button, what)
        wait_for(f"the {window} window to close", gone)

    def quit(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.home.cleanup()


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: ui-atspi.py PATH/TO/kuzhi [--dump]")
    kuzhi = sys.argv[1]
    dumping = "--dump" in sys.argv[2:]

    Atspi.init()
    stopped = None
    app = None
    try:
        app = App(kuzhi)
        run(app, dumping)
    except Stop as e:
        stopped = str(e)
    finally:
        if app is not None:
            app.quit()

    if dumping and stopped is None:
        return
    if problems:
        print(f"ui-atspi: {len(problems)} control(s) a screen reader cannot name well:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
    if stopped is not None:
        print(f"ui-atspi: {stopped}", file=sys.stderr)
    if problems or stopped is not None:
        sys.exit(1)
    print("ok: every control of the main window, its menu and history, New Match, "
          "Preferences, Rules and Learn to Play has a usable name")


def run(app, dumping):
    main_window = app.wait_frame("main", suffix="Kuzhi")
    # The window is on the bus before its content: wait for the board.
    wait_for("the board in the main window",
             lambda: any(describe(o) == "panel 'Board'" for o, _p, _i in walk(main_window)))
    title = "main window"
    if dumping:
        dump(main_window)
    names = check_names(title, main_window)
    expect_names(title, names, MAIN_WINDOW_NAMES)

    # The move history, shown: its rows exist only while it is on screen.
    history = find_named(main_window, "Move History")
    if history is not None:
        press(history, "Move History")
        wait_for("the move history's first row",
                 lambda: any(o.get_role_name() == "list item" and "list 'Moves'" in path
                             for o, path in controls(main_window)))
        if dumping:
            dump(main_window)
        check_names("main window with the move history", main_window)
        press(history, "Move History")

    # The main menu and, through it, Preferences and Rules.
    for item, window in (("Preferences", "Preferences"), ("Rules", "Rules"),
                         ("Learn to Play", "Learn to Play")):
        menu = find_named(main_window, "Main Menu")
        if menu is None:
            problems.append(f"no Main Menu: cannot open {window} through it")
            break
        press(menu, "the main menu")
        entry = wait_for(f"the menu item '{item}'",
                         lambda: find_named(main_window, item, {"menu item", "push button"}))
        if dumping:
            dump(main_window)
        check_names("main menu", main_window)
        # On a slow machine (the sanitizer build) the popover's items may
        # not offer their action yet: find the item again and retry.
        def press_item():
            found = find_named(main_window, item, {"menu item", "push button"})
            if found is None:
                return None
            try:
                press(found, f"the menu item '{item}'")
            except Stop:
                return None
            return True
        try:
            wait_for(f"the menu item '{item}' to take a press", press_item, timeout=10)
        except Stop:
            # The item was found and named; open its window through the
            # action it stands for, over the session bus, so that the
            # window's names are still checked.
            # Preferences is the application's action; Rules is the
            # window's, which only its key (Shift+F1) reaches from outside.
            if item == "Preferences":
                subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.kuzhi.Kuzhi",
                                "--object-path", "/io/github/kuzhi/Kuzhi", "--method",
                                "org.gtk.Actions.Activate", "preferences", "[]", "{}"],
                               check=True, capture_output=True, timeout=10)
            elif item == "Learn to Play":
                # The window's own action, as GtkApplication exports it.
                subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.kuzhi.Kuzhi",
                                "--object-path", "/io/github/kuzhi/Kuzhi/window/1", "--method",
                                "org.gtk.Actions.Activate", "learn", "[]", "{}"],
                               check=True, capture_output=True, timeout=10)
            else:
                subprocess.run(["xdotool", "key", "Escape"], check=True, timeout=10)
                time.sleep(1)
                subprocess.run(["xdotool", "key", "shift+F1"], check=True, timeout=10)
        frame = app.wait_frame(window, name=window)
        wait_for(f"the {window} window's content",
                 lambda: any(describe(o).startswith("push button") for o, _p, _i in walk(frame)))
        if dumping:
            dump(frame)
        check_names(window, frame)
        close = find_named(frame, "Close", {"push button"})
        if close is None:
            raise Stop(f"{window} has no Close button")
        app.press_until_gone(close, f"{window}'s Close", window, window)

    # New Match: the header bar's button opens it.
    new_match = find_named(main_window, "New Match", {"push button"}, partial=True)
    if new_match is None:
        raise Stop("no New Match button to open the dialog with")
    press(new_match, "New Match")
    dialog = app.wait_frame("New Match", name="New Match")
    wait_for("New Match's Played By rows",
             lambda: len([o for o, _p in controls(dialog) if o.get_role_name() == "combo box"]) >= 3)
    if dumping:
        dump(dialog)
    title = "New Match"
    names = check_names(title, dialog)
    played_by = [o.get_name() for o, path in controls(dialog)
                 if o.get_role_name() == "combo box"
                 and any("Players" in step for step in path)]
    if len(played_by) != 2:
        problems.append(f"New Match: {len(played_by)} combo rows under Players, not 2: {played_by}")
    elif played_by[0] == played_by[1]:
        problems.append(f"New Match: both Played By rows are named '{played_by[0]}'")
    elif played_by != PLAYED_BY:
        problems.append(f"New Match: the Played By rows are named {played_by}, not {PLAYED_BY}")
    expect_names(title, names, ["Cancel", "Start"])
    cancel = find_named(dialog, "Cancel", {"push button"}, partial=True)
    if cancel is None:
        raise Stop("New Match has no Cancel button")
    app.press_until_gone(cancel, "New Match's Cancel", "New Match", "New Match")


if __name__ == "__main__":
    main()
