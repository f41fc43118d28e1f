"""`demo.py --smoke`: runs each page's animation once in a real window (Xvfb in make test-gobject)
and checks what GTK presented and painted on every frame: the thrown card moved through the
spring and stopped at its target, list rows faded in, left their parent and glided to their
shuffled places, a list view's and a grid view's items (followed by a Unison.ListAnimator) glided to
their shuffled (and sorted) places, faded in and left, and a card's page zoomed out of the card and
back into it. Exits non-zero with
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
    """The row widget showing `item` in a model page, or None."""
    for label, list_item in page.labels.items():
        if list_item.get_item() is item and label.get_mapped():
            return label.get_parent()
    return None


def drawn_at(page, item):
    """Where the centre of the row showing `item` is drawn (its transform included), in the view; None
    if no row shows it. (The centre, which a scale about it leaves in place: in a change of more than
    256 items the animator starts a moved row leaving, and scales it back when it finds it moved.)"""
    row = drawn_row(page, item)
    ok, bounds = row.compute_bounds(page.view) if row else (False, None)
    return (bounds.origin.x + bounds.size.width / 2, bounds.origin.y + bounds.size.height / 2) if ok else None


def on_the_way(point, start, end):
    """Whether `point` is neither `start` nor `end` and between them on both axes (within half a pixel:
    a row scaled about its centre has its centre a rounding error away)."""
    return point not in (None, start, end) and all(
        min(a, b) - 0.5 <= p <= max(a, b) + 0.5 for p, a, b in zip(point, start, end))


def glide(page, change, name):
    """Runs `change(done)`, which moves the items on screen and returns them, and checks that the
    animator glided each moved item's row from where it was drawn to its new place, where it settled."""
    animator, done = page.animator, []
    start = {page.store.get_item(position): None for position in page.positions_on_screen()}
    start = {item: drawn_at(page, item) for item in start}
    moved = [item for item in change(lambda: done.append(True)) if item in start]
    frames = Frames(page.view, lambda: ({item: drawn_at(page, item) for item in moved}, animator.is_animating()))
    iterate_until(lambda: done and not animator.is_animating())
    next_frame(page.view)
    frames = frames.stop()
    end = {item: drawn_at(page, item) for item in moved}
    moved = [item for item in moved if end[item] != start[item]]
    gliding = [item for item in moved if any(on_the_way(frame[item], start[item], end[item]) for frame, _ in frames)]
    check(len(moved) > 1 and gliding == moved and any(animating for _, animating in frames),
          "the animator glided every %s row on screen" % name, (len(moved), len(gliding)))
    order = sorted(moved, key=lambda item: page.store.find(item)[1])
    reading = sorted(moved, key=lambda item: (end[item][1], end[item][0]))  # line by line
    laid_out = {item: drawn_row(page, item).get_allocation() for item in moved}
    check(all(end[item] == (laid_out[item].x + laid_out[item].width / 2, laid_out[item].y + laid_out[item].height / 2)
              for item in moved)
          and order == reading and not animator.is_animating(),
          "the %s rows settled at their places, in the model's order" % name, end)


def model_page(pages, name):
    page = show(pages, name)
    random.seed(32)
    animator = page.animator
    glide(page, page.shuffle, "%s's shuffled" % name)
    if hasattr(page, "sort"):
        glide(page, lambda done: page.sort(done) or [page.store.get_item(position) for position in page.changeable()],
              "%s's sorted" % name)
        check([int(item.get_string()) for item in page.store] == list(range(1, page.COUNT + 1)),
              "the %s's model is sorted" % name)

    done = []
    item = page.insert(lambda: done.append(True))
    opacities = Frames(page.view, lambda: drawn_row(page, item) and drawn_row(page, item).get_opacity())
    iterate_until(lambda: done and not animator.is_animating())
    next_frame(page.view)
    opacities = opacities.stop()
    check(any(opacity is not None and 0 < opacity < 1 for opacity in opacities)
          and drawn_row(page, item).get_opacity() == 1, "an item inserted in the %s faded in" % name, opacities)

    done = []
    item = page.remove(lambda: done.append(True))
    leaving = animator.get_leaving_count()
    iterate_until(lambda: done and not animator.is_animating())
    check(leaving == 1 and animator.get_leaving_count() == 0 and drawn_row(page, item) is None
          and not page.store.find(item)[0], "an item removed from the %s left" % name, leaving)


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
    # Each frame's pixels are read back here in Python (70-225 ms a frame on this project's loaded 2-core
    # machine), longer than a third of the zoom's 0.35 s: unslowed, the zoom back could end between two
    # frames the checks see. Slowing every Unison clock five times (read when the first clock is made,
    # in build) gives each animation several painted frames; what is checked is what was painted.
    os.environ.setdefault("UNISON_SLOW_ANIMATIONS", "5")
    window = Gtk.Window()
    pages = build(window)
    window.present()
    iterate_until(window.get_mapped)
    springs(pages)
    rows(pages)
    model_page(pages, "listview")
    model_page(pages, "gridview")
    zoom(pages)
    window.destroy()
    return 0
