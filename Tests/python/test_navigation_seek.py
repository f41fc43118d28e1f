"""Unison.NavigationStack's seeking from Python on real GTK widgets under Xvfb: a pop and a push
driven by a progress, finished or cancelled with a release velocity, the lifecycle signals
balanced, the drawn page following the progress, bad arguments."""

import math
import unittest

from test_navigation_stack import is_red, red_page
from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window, painted, painted_bounds

EVENTS = ("page-will-appear", "page-did-appear", "page-will-disappear", "page-did-disappear")
WIDTH, HEIGHT = 200, 150


class NavigationSeekTests(unittest.TestCase):
    def setUp(self):
        self.root = Gtk.Box()
        self.stack = Unison.NavigationStack.new(self.root)
        self.stack.set_size_request(WIDTH, HEIGHT)
        self.events = []
        for event in EVENTS:
            self.stack.connect(event, lambda _s, page, event=event: self.events.append((event, page)))
        self.window = mapped_window(self.stack)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.stack.get_width() > 0)
        self.page = red_page()
        self.assertTrue(self.stack.push(self.page, None))
        iterate_until(lambda: self.of(self.page)[-1:] == ["page-did-appear"])
        self.events.clear()

    def of(self, page):
        return [event for event, seen in self.events if seen is page]

    def next_frame(self):
        """Runs the main loop until the stack's window has painted a frame."""
        painted_frames = []
        clock = self.stack.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: painted_frames.append(True))
        try:
            iterate_until(lambda: painted_frames)
        finally:
            clock.disconnect(handler)

    def drawn_x(self):
        """Where the stack paints the (red) page's left edge, read from the pixels GTK paints."""
        bounds = painted_bounds(painted(self.stack), is_red)
        self.assertIsNotNone(bounds)
        return bounds[0]

    def test_a_seeked_pop_draws_the_page_at_the_progress_and_cancelling_brings_it_back(self):
        self.assertEqual((self.stack.get_seeking(), self.stack.get_pop_progress()), (False, 0))
        for progress in (0.25, 0.5):
            self.stack.seek_pop(progress)
            self.assertAlmostEqual(self.stack.get_pop_progress(), progress, places=9)
            self.next_frame()
            # The slide: the page's painted left edge is progress × the width along (1 px: a partly
            # covered edge pixel is not counted as red).
            self.assertLessEqual(abs(self.drawn_x() - progress * WIDTH), 1, progress)
        self.assertTrue(self.stack.get_seeking())
        self.assertIs(self.stack.get_top(), self.page, "the stack keeps the page while seeking")
        self.assertEqual(self.of(self.page), ["page-will-disappear"])
        self.assertEqual(self.of(self.root), ["page-will-appear"])
        self.stack.cancel_seeking(-1.5, None)
        iterate_until(lambda: self.of(self.page)[-1:] == ["page-did-appear"])
        self.assertFalse(self.stack.get_seeking())
        self.assertEqual(self.stack.get_depth(), 2)
        # Every will has its did.
        self.assertEqual(
            self.of(self.page), ["page-will-disappear", "page-did-disappear", "page-will-appear", "page-did-appear"]
        )
        self.assertEqual(
            self.of(self.root), ["page-will-appear", "page-did-appear", "page-will-disappear", "page-did-disappear"]
        )
        self.assertLessEqual(abs(self.drawn_x()), 1)

    def test_finishing_pops_and_the_completion_waits_for_it(self):
        self.stack.seek_pop(0.3)
        done = []
        Unison.animate(None, lambda *_: self.stack.finish_seeking(2.0, None), lambda *_: done.append(True))
        self.assertEqual(done, [], "the completion waits for the pop")
        iterate_until(lambda: done == [True] and self.of(self.page)[-1:] == ["page-did-disappear"])
        self.assertIs(self.stack.get_top(), self.root)
        self.assertEqual(self.of(self.page), ["page-will-disappear", "page-did-disappear"])
        self.assertIsNone(self.page.get_parent())

    def test_a_grab_mid_commit_continues_from_where_the_page_is(self):
        self.stack.seek_pop(0.6)
        self.stack.finish_seeking(0, Unison.Animation.new_linear(1.0))
        iterate_until(lambda: self.stack.get_pop_progress() > 0.7, timeout=5)
        grabbed = self.stack.get_pop_progress()
        self.assertTrue(0.6 < grabbed < 1, grabbed)
        self.stack.seek_pop(grabbed)
        self.assertTrue(self.stack.get_seeking())
        self.assertAlmostEqual(self.stack.get_pop_progress(), grabbed, places=9)
        self.stack.cancel_seeking(0, None)
        iterate_until(lambda: not self.stack.get_seeking() and self.stack.get_pop_progress() == 0)
        self.assertIs(self.stack.get_top(), self.page)

    def test_a_seeked_push_brings_a_page_in_and_finishing_completes_it(self):
        other = Gtk.Box()
        self.assertTrue(self.stack.seek_push(other, None, 0.4))
        self.assertIs(self.stack.get_top(), other)
        self.assertAlmostEqual(self.stack.get_push_progress(other), 0.4, places=9)
        self.assertTrue(self.stack.seek_push(other, None, 0.7))
        self.assertAlmostEqual(self.stack.get_push_progress(other), 0.7, places=9)
        self.assertFalse(self.stack.seek_push(Gtk.Box(), None, 0.5), "another page during the seek")
        self.stack.finish_seeking(1.0, None)
        iterate_until(lambda: self.of(other)[-1:] == ["page-did-appear"])
        self.assertEqual(self.stack.get_depth(), 3)
        self.assertEqual(self.stack.get_push_progress(Gtk.Box()), 0, "a page the stack does not hold")

    def test_bad_seeks_change_nothing(self):
        self.stack.seek_pop(math.nan)
        self.assertFalse(self.stack.get_seeking())
        self.stack.seek_pop(7)  # clamped
        self.assertEqual(self.stack.get_pop_progress(), 1)
        self.stack.seek_pop(-3)
        self.assertEqual(self.stack.get_pop_progress(), 0)
        self.stack.cancel_seeking(math.inf, None)  # a non-finite velocity counts as 0
        iterate_until(lambda: not self.stack.get_seeking())
        self.stack.finish_seeking(0, None)  # not seeking: nothing
        self.assertEqual(self.stack.get_depth(), 2)
        with self.assertRaises(TypeError):
            self.stack.seek_push(None, None, 0.5)
        with self.assertRaises(TypeError):
            self.stack.seek_pop("half")
        # Only the root, the page gone: nothing to pop (while it still leaves, a seek would grab it).
        self.stack.pop()
        iterate_until(lambda: self.of(self.page)[-1:] == ["page-did-disappear"])
        self.stack.seek_pop(0.5)
        self.assertFalse(self.stack.get_seeking())


if __name__ == "__main__":
    unittest.main()
