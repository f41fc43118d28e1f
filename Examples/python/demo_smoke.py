"""`demo.py --smoke`: runs each page's animation once in a real window (Xvfb in make test-gobject)
and checks what GTK presented and painted on every frame: the thrown card moved through the
spring and stopped at its target, list rows faded in, left their parent and glided to their
shuffled places, a list view's rows (model items followed by a Unison.ListAnimator) faded in, left
and glided to their shuffled places, and a card's page zoomed out of the card and back into it. Exits non-zero with
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


class Frames:
    """`measure()` after each frame painted in `widget` from now until `stop()`, which returns them."""

    def __init__(self, widget, measure):
        self.values = []
        self.clock = widget.get_frame_clock()
        self.handler = self.clock.connect("after-paint", lambda _: self.values.append(measure()))

    def stop(self):
        self.clock.disconnect(self.handler)
        return self.values


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


def drawn_row(page, item):
    """The row widget showing `item` in the list view page, or None."""
    for label, list_item in page.labels.items():
        if list_item.get_item() is item and label.get_mapped():
            return label.get_parent()
    return None


def drawn_y(page, item):
    """Where the row showing `item` is drawn (its transform included), in the view; None if no row shows it."""
    row = drawn_row(page, item)
    ok, bounds = row.compute_bounds(page.view) if row else (False, None)
    return bounds.origin.y if ok else None


def list_view(pages):
    page = show(pages, "listview")
    random.seed(32)
    animator = page.animator

    before = [page.store.get_item(position) for position in page.changeable()]
    start = {item: drawn_y(page, item) for item in before}
    done = []
    moved = page.shuffle(lambda: done.append(True))
    moved = [item for item, old in zip(moved, before) if item is not old]
    frames = Frames(page.view, lambda: ({item: drawn_y(page, item) for item in moved},
                                               animator.is_animating()))
    iterate_until(lambda: done and not animator.is_animating())
    next_frame(page.view)
    frames = frames.stop()
    end = {item: drawn_y(page, item) for item in moved}
    gliding = [item for item in moved
               if any(min(start[item], end[item]) < frame[item] < max(start[item], end[item])
                      for frame, _ in frames if frame[item] is not None)]
    check(len(moved) > 1 and gliding == moved and any(animating for _, animating in frames),
          "the animator glided every shuffled row of the list view", (len(moved), len(gliding)))
    order = sorted(moved, key=lambda item: page.store.find(item)[1])
    check(all(end[item] == drawn_row(page, item).get_allocation().y for item in moved)
          and [end[item] for item in order] == sorted(end.values()) and not animator.is_animating(),
          "the shuffled rows settled at their places, in the model's order", end)

    done = []
    item = page.insert(lambda: done.append(True))
    opacities = Frames(page.view, lambda: drawn_row(page, item) and drawn_row(page, item).get_opacity())
    iterate_until(lambda: done and not animator.is_animating())
    next_frame(page.view)
    opacities = opacities.stop()
    check(any(opacity is not None and 0 < opacity < 1 for opacity in opacities)
          and drawn_row(page, item).get_opacity() == 1, "an item inserted in the list view faded in", opacities)

    done = []
    item = page.remove(lambda: done.append(True))
    leaving = animator.get_leaving_count()
    iterate_until(lambda: done and not animator.is_animating())
    check(leaving == 1 and animator.get_leaving_count() == 0 and drawn_row(page, item) is None
          and not page.store.find(item)[0], "an item removed from the list view left", leaving)


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
    for page in (springs, rows, list_view, zoom):
        page(pages)
    window.destroy()
    return 0
