"""Unison.ListAnimator on a real Gtk.ListView under Xvfb, values read back from GTK at every painted
frame: an animated insertion draws the new row at the transition's start on its first frame, a
removal leaves (counted) while the row below glides into its place, each change completes once, and
the properties read back. Reordering (the reorderable property): a real pointer drag and Alt+Down,
sent by xdotool, move a Gio.ListStore's item and emit item-moved once per move."""

import shutil
import subprocess
import unittest

from gi.repository import Gio
from unison_testing import Criticals, Graphene, Gtk, Unison, drain, iterate_until, mapped_window

ROW = 40  # a row's height: a 36 px label and the 2 px of padding GTK's theme gives list rows


class ListAnimatorTests(unittest.TestCase):
    def setUp(self):
        self.store = Gtk.StringList.new([str(i) for i in range(8)])
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", self._setup)
        factory.connect("bind", lambda _, item: item.get_child().set_text(item.get_item().get_string()))
        self.view = Gtk.ListView.new(Gtk.SingleSelection.new(self.store), factory)
        self.animator = Unison.ListAnimator.new(self.view)
        scrolled = Gtk.ScrolledWindow()
        scrolled.set_child(self.view)
        scrolled.set_size_request(200, 200)
        self.window = mapped_window(scrolled)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.row_of("1") is not None and self.row_of("1").get_width() > 0)
        drain()

    @staticmethod
    def _setup(_, item):
        label = Gtk.Label()
        label.set_size_request(-1, ROW - 4)
        item.set_child(label)

    def row_of(self, text):
        """The row widget on screen showing `text`, or None."""
        row = self.view.get_first_child()
        while row is not None:
            label = row.get_first_child()
            if row.get_mapped() and isinstance(label, Gtk.Label) and label.get_text() == text:
                return row
            row = row.get_next_sibling()
        return None

    def bounds_of(self, text):
        row = self.row_of(text)
        if row is None:
            return None
        ok, bounds = row.compute_bounds(self.view)
        return (bounds.origin.y, bounds.size.width) if ok else None

    def record(self, body):
        clock = self.view.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: body())
        self.addCleanup(clock.disconnect, handler)

    def test_an_inserted_item_starts_at_the_transitions_start(self):
        first = []

        def frame():
            row = self.row_of("new")
            if row is not None and not first:
                first.append((row.get_opacity(), self.bounds_of("new")))

        self.record(frame)
        done = []
        Unison.animate(Unison.Animation.new_linear(0.3), lambda: self.store.splice(1, 0, ["new"]),
                       lambda: done.append(True))
        iterate_until(lambda: done)
        drain()
        self.assertEqual(done, [True])
        opacity, (y, width) = first[0]
        full = self.view.get_width()
        self.assertLessEqual(opacity, 0.5 / 255)
        self.assertAlmostEqual(width, 0.8 * full, delta=0.5)  # the default transition: scale from 0.8
        self.assertAlmostEqual(y, ROW + 0.1 * ROW, delta=0.5)  # about its centre
        self.assertEqual(self.row_of("new").get_opacity(), 1)
        self.assertFalse(self.animator.is_animating())

    def test_a_removed_item_leaves_while_the_next_glides_into_its_place(self):
        ys = []
        self.record(lambda: ys.append(self.bounds_of("3")[0]) if self.bounds_of("3") else None)
        done = []
        with Criticals() as criticals:
            Unison.animate(Unison.Animation.new_linear(0.3), lambda: self.store.remove(2), lambda: done.append(True))
            self.assertEqual(self.animator.get_leaving_count(), 1)
            iterate_until(lambda: done and not self.animator.is_animating())
            drain()
        self.assertEqual((done, criticals.messages), ([True], []))
        self.assertEqual(self.animator.get_leaving_count(), 0)
        self.assertEqual((ys[0], ys[-1]), (3 * ROW, 2 * ROW), ys)
        self.assertTrue(any(2 * ROW < y < 3 * ROW for y in ys))
        self.assertTrue(all(b <= a for a, b in zip(ys, ys[1:])))  # only upwards, never a jump back

    def test_properties_read_back(self):
        self.assertIs(self.animator.get_list_view(), self.view)
        self.assertIs(self.animator.props.list_view, self.view)
        notified = []
        self.animator.connect("notify::animates-moves", lambda *_: notified.append(True))
        self.assertTrue(self.animator.props.animates_moves)
        self.animator.set_animates_moves(False)
        self.animator.set_animates_moves(False)
        self.assertEqual((self.animator.get_animates_moves(), notified), (False, [True]))
        self.animator.set_transition(Unison.Transition.new_opacity())
        self.animator.set_animation(Unison.Animation.new_smooth(0.2))
        self.animator.set_animation(None)
        # Another widget is left alone: nothing animates, nothing breaks.
        other = Unison.ListAnimator.new(Gtk.Label())
        self.assertFalse(other.is_animating())


class ListReorderTests(unittest.TestCase):
    """A reorderable animator over a Gio.ListStore of Gtk.StringObjects, driven by xdotool."""

    def setUp(self):
        if shutil.which("xdotool") is None:
            self.skipTest("xdotool is not installed (apt-get install xdotool)")
        self.store = Gio.ListStore.new(Gtk.StringObject)
        for i in range(8):
            self.store.append(Gtk.StringObject.new(str(i)))
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", ListAnimatorTests._setup)
        factory.connect("bind", lambda _, item: item.get_child().set_text(item.get_item().get_string()))
        self.view = Gtk.ListView.new(Gtk.SingleSelection.new(self.store), factory)
        self.animator = Unison.ListAnimator.new(self.view)
        self.moves = []
        self.animator.connect("item-moved", lambda _, a, b: self.moves.append((a, b)))
        scrolled = Gtk.ScrolledWindow()
        scrolled.set_child(self.view)
        scrolled.set_size_request(200, 240)
        self.window = mapped_window(scrolled)
        self.window.set_title("unison-python-list-reorder")
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.row_of("1") is not None and self.row_of("1").get_width() > 0)
        drain()
        search = subprocess.run(["xdotool", "search", "--sync", "--name", "unison-python-list-reorder"],
                                capture_output=True, text=True, timeout=10)
        self.window_id = search.stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", self.window_id], timeout=10)

    def row_of(self, text):
        return ListAnimatorTests.row_of(self, text)

    def order(self):
        return [self.store.get_item(i).get_string() for i in range(self.store.get_n_items())]

    def xdotool(self, *arguments):
        process = subprocess.Popen(["xdotool", *arguments])
        iterate_until(lambda: process.poll() is not None)

    def rest(self):
        iterate_until(lambda: not self.animator.is_animating() and all(
            self.row_of(str(i)) is None or self.row_of(str(i)).get_opacity() == 1 for i in range(8)))
        drain()

    def test_reorderable_reads_back_and_notifies_once(self):
        notified = []
        self.animator.connect("notify::reorderable", lambda *_: notified.append(True))
        self.assertFalse(self.animator.props.reorderable)
        self.animator.set_reorderable(True)
        self.animator.set_reorderable(True)
        self.assertEqual((self.animator.get_reorderable(), notified), (True, [True]))
        self.animator.props.reorderable = False
        self.assertEqual((self.animator.get_reorderable(), notified), (False, [True, True]))

    def test_not_reorderable_a_drag_moves_nothing(self):
        ok, origin = self.view.compute_point(self.window, Graphene.Point().init(100, ROW // 2))
        x, y = int(origin.x), int(origin.y)
        steps = [a for n in range(1, 31) for a in ("sleep", "0.02", "mousemove", "--window", self.window_id,
                                                   str(x), str(y + 3 * n))]
        self.xdotool("mousemove", "--window", self.window_id, str(x), str(y), "mousedown", "1", *steps, "mouseup", "1")
        self.rest()
        self.assertEqual((self.moves, self.order()), ([], [str(i) for i in range(8)]))

    def test_a_real_drag_moves_the_store_item_and_reports_it_once(self):
        self.animator.set_reorderable(True)
        ok, origin = self.view.compute_point(self.window, Graphene.Point().init(100, ROW // 2))
        x, y = int(origin.x), int(origin.y)
        # Row 0 dragged 90 px down: its top past rows 1 and 2's midpoints, short of row 3's.
        steps = [a for n in range(1, 31) for a in ("sleep", "0.02", "mousemove", "--window", self.window_id,
                                                   str(x), str(y + 3 * n))]
        with Criticals() as criticals:
            self.xdotool("mousemove", "--window", self.window_id, str(x), str(y), "mousedown", "1", *steps)
            drain()
            self.xdotool("mouseup", "1")
            self.rest()
        self.assertEqual(criticals.messages, [])
        self.assertEqual(self.moves, [(0, 2)])
        self.assertEqual(self.order(), ["1", "2", "0", "3", "4", "5", "6", "7"])
        ok, bounds = self.row_of("0").compute_bounds(self.view)
        self.assertEqual(bounds.origin.y, 2 * ROW)

    def test_a_second_reorderable_animator_replaces_the_first_interaction(self):
        # The view keeps one reorder interaction, the latest made: the first animator's is gone
        # (not a second gesture moving the item again), and a drag moves the item once.
        self.animator.set_reorderable(True)
        second = Unison.ListAnimator.new(self.view)
        second_moves = []
        second.connect("item-moved", lambda _, a, b: second_moves.append((a, b)))
        second.set_reorderable(True)
        drain()
        self.assertFalse(self.animator.get_reorderable())
        self.assertTrue(second.get_reorderable())
        ok, origin = self.view.compute_point(self.window, Graphene.Point().init(100, ROW // 2))
        x, y = int(origin.x), int(origin.y)
        steps = [a for n in range(1, 31) for a in ("sleep", "0.02", "mousemove", "--window", self.window_id,
                                                   str(x), str(y + 3 * n))]
        self.xdotool("mousemove", "--window", self.window_id, str(x), str(y), "mousedown", "1", *steps)
        drain()
        self.xdotool("mouseup", "1")
        iterate_until(lambda: not second.is_animating())
        self.rest()
        self.assertEqual((self.moves, second_moves), ([], [(0, 2)]))
        self.assertEqual(self.order(), ["1", "2", "0", "3", "4", "5", "6", "7"])

    def test_alt_down_moves_the_focused_row(self):
        self.animator.set_reorderable(True)
        self.row_of("1").grab_focus()
        self.xdotool("key", "--clearmodifiers", "alt+Down")
        self.rest()
        self.assertEqual(self.moves, [(1, 2)])
        self.assertEqual(self.order()[:4], ["0", "2", "1", "3"])
        self.assertIs(self.window.get_focus(), self.row_of("1"))


if __name__ == "__main__":
    unittest.main()
