"""`demo.py --smoke`: runs each page's animation once in a real window (Xvfb in make test-gobject)
and checks what GTK presented and painted on every frame: the thrown card moved through the
spring and stopped at its target, list rows faded in, left their parent and glided to their
shuffled places, and a card's page zoomed out of the card and back into it. Exits non-zero with
the failed check's name.

The pixels are read with the Python tests' `painted` (Tests/python/unison_testing.py): GTK's
GtkWidgetPaintable rasterized by GSK's Cairo renderer, after each frame is painted."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "python"))
from unison_testing import Gtk, iterate_until, painted, painted_bounds  # noqa: E402


def is_red(r, g, b, a):
    return r > 200 and g < 60 and b < 60 and a > 200


def is_reddish(r, g, b, a):
    """Red at any opacity (premultiplied): a page fading while it zooms."""
    return a > 20 and r > 3 * max(g, b, 5)


def check(condition, what, detail=""):
    if not condition:
        raise SystemExit("demo --smoke failed: %s %s" % (what, detail))
    print("ok:", what)


class Recorder:
    """The red box painted in `area` after each frame painted from now until `stop()`."""

    def __init__(self, area, matches=is_red):
        self.frames = []
        self.clock = area.get_frame_clock()
        self.handler = self.clock.connect(
            "after-paint", lambda _: self.frames.append(painted_bounds(painted(area), matches)))

    def stop(self):
        self.clock.disconnect(self.handler)
        return [bounds for bounds in self.frames if bounds]


def red_bounds(area):
    return painted_bounds(painted(area), is_red)


def show(pages, name):
    page = pages.get_child_by_name(name)
    pages.set_visible_child(page)
    iterate_until(lambda: page.get_mapped() and not pages.get_transition_running())
    next_frame(page)
    return page


def next_frame(widget):
    painted_frames = []
    clock = widget.get_frame_clock()
    handler = clock.connect("after-paint", lambda _: painted_frames.append(True))
    widget.queue_draw()
    iterate_until(lambda: painted_frames)
    clock.disconnect(handler)


def springs(pages):
    page = show(pages, "springs")
    card = page.card
    start = red_bounds(page.track)
    presented = []
    card.add_tick_callback(lambda *_: presented.append(card.get_presented_translation()[0]) or True)
    recorder, done = Recorder(page.track), []
    page.throw(lambda: done.append(True))
    iterate_until(lambda: done and card.get_presented_translation() == (240, 0))
    next_frame(page.track)
    drawn, end = recorder.stop(), red_bounds(page.track)
    check(any(0 < x < 240 for x in presented) and presented[-1] == 240,
          "the spring presented values on the way and stopped at 240", presented)
    check(end[0] - start[0] == 240 and any(start[0] < bounds[0] != end[0] for bounds in drawn),
          "the card was painted on the way and ended 240 px on", (start, end, drawn))
    check(page.readout.get_text() == "x = 240.0", "the read-back label shows the value", page.readout.get_text())


def rows(pages):
    page = show(pages, "list")
    random.seed(31)
    done, opacities = [], []
    row = page.insert(lambda: done.append(True))
    page.rows.add_tick_callback(lambda *_: opacities.append(row.get_presented_opacity()) or True)
    iterate_until(lambda: done and row.get_presented_opacity() == 1)
    check(any(0 < opacity < 1 for opacity in opacities) and row.props.present,
          "an inserted row faded in", opacities)

    done = []
    gone = page.remove(lambda: done.append(True))
    iterate_until(lambda: done and gone.get_parent() is None)
    check(gone not in page.present_rows(), "a removed row left the list after its transition")

    first = page.present_rows()[0]
    first.get_child().set_css_classes(["row", "red"])
    next_frame(page.rows)
    start = red_bounds(page.rows)
    recorder, done = Recorder(page.rows), []
    page.shuffle(lambda: done.append(True))
    iterate_until(lambda: done)
    next_frame(page.rows)
    drawn, end = recorder.stop(), red_bounds(page.rows)
    low, high = sorted((start[1], end[1]))
    check(abs(end[1] - first.get_allocation().y) <= 1 and start[1] != end[1]  # 1: its edge's antialiasing
          and any(low < bounds[1] < high for bounds in drawn),
          "a shuffled row glided to its new place", (start, end, first.get_allocation().y, drawn))


def zoom(pages):
    page = show(pages, "zoom")
    width, height = page.stack.get_width(), page.stack.get_height()
    appeared = []
    page.stack.connect("page-did-appear", lambda _, shown: appeared.append(shown))
    recorder, done = Recorder(page.stack), []
    detail = page.open(page.cards[0], "red", lambda: done.append(True))
    iterate_until(lambda: done and detail in appeared)
    next_frame(page.stack)
    drawn = recorder.stop()
    check(drawn[0][2] < width / 2 and any(drawn[0][2] < bounds[2] < width for bounds in drawn)
          and red_bounds(page.stack) == (0, 0, width, height),
          "the card's page zoomed out of the card to the whole stack", (drawn, red_bounds(page.stack), width, height))

    recorder, done = Recorder(page.stack, is_reddish), []
    page.close(lambda: done.append(True))
    iterate_until(lambda: done and detail.get_parent() is None)
    next_frame(page.stack)
    drawn, end = recorder.stop(), red_bounds(page.stack)
    check(end[2] < width / 2 and any(end[2] < bounds[2] < width for bounds in drawn),
          "Back zoomed the page into the card", (end, drawn))


def run(build):
    window = Gtk.Window()
    pages = build(window)
    window.present()
    iterate_until(window.get_mapped)
    for page in (springs, rows, zoom):
        page(pages)
    window.destroy()
    return 0
