#!/usr/bin/python3
"""Unison from Python: a button throws a progress bar's fraction and a label's count with a spring.

    python3 springs.py            # a window; click "Animate"
    python3 springs.py --once     # animate once, print the values presented, quit (make test runs it)

Needs Debian's python3-gi and gir1.2-gtk-4.0, and Unison installed (`make install`) or, from the
source tree, GI_TYPELIB_PATH, LD_LIBRARY_PATH and PYTHONPATH as mk/gobject.mk sets them.
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Unison", "1.0")
from gi.repository import GLib, Gtk, Unison  # noqa: E402


def build(window, once):
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin_top=24, margin_bottom=24,
                  margin_start=24, margin_end=24)
    bar = Gtk.ProgressBar()
    count = Gtk.Label(label="0")
    button = Gtk.Button(label="Animate")
    for child in (bar, count, button):
        box.append(child)
    window.set_child(box)

    # One animatable number: it writes the bar's fraction itself, and the label follows its notify.
    progress = Unison.Value.new(bar, 0)
    progress.drive_property(bar, "fraction")
    progress.connect("notify::value", lambda value, _: count.set_text("%.0f %%" % (value.props.value * 100)))
    spring = Unison.Animation.new_spring(0.6, 0.25)

    def throw(*_):
        target = 0 if progress.props.target > 0.5 else 1
        Unison.animate(spring, lambda: progress.set_value(target), lambda: print("arrived at", target))

    button.connect("clicked", throw)
    if once:
        presented = []
        progress.connect("notify::value", lambda value, _: presented.append(value.props.value))

        def finish():
            print("presented %d frames, from %.3f to %.3f (peak %.3f)"
                  % (len(presented), presented[0], presented[-1], max(presented)))
            window.close()

        window.connect("map", lambda *_: GLib.idle_add(lambda: (button.emit("clicked"), False)[1]))
        progress.connect("notify::value",
                         lambda value, _: value.props.value == 1 and value.props.velocity == 0 and finish())


def main():
    once = "--once" in sys.argv
    app = Gtk.Application(application_id="org.unison.PythonSprings")
    app.connect("activate", lambda app: (build(window := Gtk.ApplicationWindow(application=app), once),
                                         window.present()))
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
