#!/usr/bin/python3
"""1000 UnisonMotionBins animated from Python: the cost of Unison's update phase per frame.

The same scene as `unison-bench widgets --only bin-unison` (Benchmarks/Sources/unison-bench/
WidgetsBenchmark.swift), measured the same way, so the two figures compare the per-frame path
when the animations were started from Python with the same path started from Swift:

- an 800 × 600 window showing a GtkFixed with 1000 14 × 14 drawing areas, each the child of a
  UnisonMotionBin put at (20 (i mod 38), 20 (i div 38));
- one `Unison.animate(Unison.Animation.new_smooth(0.6), …)` sets every bin's opacity (0.3) and
  translation (8 + i mod 5, 6), and its completion sets them back in another, for as long as a
  round lasts;
- the update phase of each frame is the thread CPU time from the frame clock's `update` signal
  (a handler connected before any tick callback exists, so it runs first) to its `layout` signal
  (the next phase, requested from the update handler so that it always comes): every tick
  callback runs in between, Unison's one clock among them. The round's figure is the median over
  its frames, the run's the median of the rounds'.

The Python code runs only when a transaction starts (once per 0.6 s); the frames in between are
Unison's Swift code. See README.md in this folder for the comparison.

    python3 bins.py [--seconds S] [--rounds N] [--count N]
"""

import argparse
import os
import statistics
import time

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Unison", "1.0")
from gi.repository import Gdk, GLib, Gtk, Unison  # noqa: E402


def home(i):
    return 20 * (i % 38), 20 * (i // 38)


def offset(i):
    return 8 + i % 5, 6


# The tiles' paint: rgb(0.2, 0.45, 0.9) as the Swift scene's draw function paints it, here by CSS (a
# Python draw function would need python3-gi-cairo, and would run Python in the snapshot phase).
TILE_CSS = b".tile { background: rgb(51, 115, 230); }"


class FrameProbe:
    """The update phase's thread CPU time (ms) and the whole frame's, per frame while recording."""

    def __init__(self, clock):
        self.clock = clock
        self.recording = False
        self.frames = []  # (frame time s, update ms, frame ms)
        self.update_start = self.frame_start = 0
        self.update_ms = 0.0
        self.handlers = [
            clock.connect("before-paint", self.before_paint),
            clock.connect("update", self.update),
            clock.connect("layout", self.layout),
            clock.connect("after-paint", self.after_paint),
        ]

    def before_paint(self, clock):
        self.frame_start = time.thread_time_ns()

    def update(self, clock):
        self.update_start = time.thread_time_ns()
        clock.request_phase(Gdk.FrameClockPhase.LAYOUT)

    def layout(self, clock):
        self.update_ms = (time.thread_time_ns() - self.update_start) / 1e6

    def after_paint(self, clock):
        if self.recording:
            self.frames.append((clock.get_frame_time() / 1e6, self.update_ms,
                                (time.thread_time_ns() - self.frame_start) / 1e6))
        self.update_ms = 0.0

    def disconnect(self):
        for handler in self.handlers:
            self.clock.disconnect(handler)


def iterate(seconds, until=lambda: False):
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        context.iteration(False) or time.sleep(0.001)


def measure_round(bins, probe, seconds):
    """One round: the bins bounce between home and their offsets; returns (fps, update ms, frame ms)."""
    animation = Unison.Animation.new_smooth(0.6)
    state = {"outward": False, "running": True}

    def set_all(outward):
        for i, motion_bin in enumerate(bins):
            motion_bin.props.opacity = 0.3 if outward else 1
            x, y = offset(i) if outward else (0, 0)
            motion_bin.set_translation(x, y)

    def bounce():
        if state["running"]:
            state["outward"] = not state["outward"]
            Unison.animate(animation, lambda: set_all(state["outward"]), bounce)

    bounce()
    iterate(0.3)
    probe.frames.clear()
    probe.recording = True
    iterate(seconds)
    probe.recording = False
    state["running"] = False
    Unison.without_animation(lambda: set_all(False))
    iterate(0.2)
    frames = probe.frames
    span = frames[-1][0] - frames[0][0]
    return ((len(frames) - 1) / span, statistics.median(f[1] for f in frames),
            statistics.median(f[2] for f in frames))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=1000)
    options = parser.parse_args()

    css = Gtk.CssProvider()
    css.load_from_data(TILE_CSS)
    Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css,
                                              Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    window = Gtk.Window(default_width=800, default_height=600)
    fixed = Gtk.Fixed()
    window.set_child(fixed)
    window.present()
    iterate(2, window.get_mapped)
    # Connected before any bin exists, so the probe's update handler runs before every tick callback.
    probe = FrameProbe(window.get_frame_clock())

    bins = []
    for i in range(options.count):
        area = Gtk.DrawingArea(width_request=14, height_request=14, css_classes=["tile"])
        motion_bin = Unison.MotionBin.new(area)
        fixed.put(motion_bin, *home(i))
        bins.append(motion_bin)
    iterate(0.3)

    rounds = [measure_round(bins, probe, options.seconds) for _ in range(options.rounds)]
    probe.disconnect()
    window.destroy()
    fps = statistics.median(r[0] for r in rounds)
    updates = [r[1] for r in rounds]
    frame = statistics.median(r[2] for r in rounds)
    update = statistics.median(updates)
    load = os.getloadavg()[0]
    print("widgets: load average %.2f when the run ended" % load)
    print("widgets %d real widgets (opacity + translation), Unison (MotionBin) from Python: %.1f fps, "
          "update phase %.3f ms (%.3f–%.3f) of %.2f ms frame CPU (%.1f%%)"
          % (options.count, fps, update, min(updates), max(updates), frame, 100 * update / frame))


if __name__ == "__main__":
    main()
