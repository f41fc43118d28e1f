"""Seeking from Python on real GTK widgets under Xvfb: a UnisonMotionBin's transition and a
UnisonContentLabel's roll driven by a progress, then finished or cancelled with a velocity; what is
drawn read back (the opacity GTK is handed, the pixels painted), the notifications, grabbing a
running change without a jump, and bad input (NaN, wrong types, None) that must not crash."""

import unittest

from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window, painted


def ink(image):
    """The painted pixels of `image` (from `painted`) with any alpha, as a set of (x, y)."""
    width, _, rows = image
    return {(x, y) for y, row in enumerate(rows) for x in range(width) if row[4 * x + 3] > 0}


class MotionBinSeekingTests(unittest.TestCase):
    def setUp(self):
        self.box = Gtk.Box()
        self.box.set_size_request(200, 80)
        self.bin = Unison.MotionBin.new(Gtk.Label(label="Banner"))
        self.bin.props.transition = Unison.Transition.new_opacity()
        self.box.append(self.bin)
        self.window = mapped_window(self.box)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.bin.get_width() > 0)
        self.notified = []
        for name in ("present", "seeking", "progress"):
            self.bin.connect("notify::" + name, lambda _, spec: self.notified.append(spec.name))

    def test_a_seek_draws_the_transition_at_that_progress(self):
        self.assertEqual((self.bin.props.seeking, self.bin.props.progress), (False, 1))
        for progress in (0.25, 0.5, 0.8):
            self.bin.seek(progress, False)  # a removal: opacity 1 → 0
            self.assertAlmostEqual(self.bin.get_presented_opacity(), 1 - progress, places=9)
            self.assertAlmostEqual(self.bin.get_seek_progress(False), progress, places=9)
            self.assertAlmostEqual(self.bin.props.progress, 1 - progress, places=9)
        self.assertTrue(self.bin.props.seeking and self.bin.get_seeking())
        self.assertTrue(self.bin.props.present, "present keeps the side the seek started from")
        self.assertEqual(sorted(self.notified), ["progress"] * 3 + ["seeking"])
        # Frames go by: a seek stands still.
        drain()
        self.assertAlmostEqual(self.bin.get_presented_opacity(), 0.2, places=9)

    def test_finishing_springs_on_and_dismisses_once(self):
        self.bin.seek(0.4, False)
        done = []
        Unison.animate(None, lambda *_: self.bin.finish_seeking(3, None), lambda *_: done.append(True))
        self.assertFalse(self.bin.props.present or self.bin.props.seeking)
        self.assertIn("present", self.notified)
        iterate_until(lambda: done)
        iterate_until(lambda: not self.bin.get_visible())
        self.assertEqual(done, [True])
        self.assertEqual(self.bin.get_presented_opacity(), 0)

    def test_cancelling_springs_back_and_a_grab_takes_over_without_a_jump(self):
        self.bin.seek(0.7, False)
        self.bin.cancel_seeking(-2, Unison.Animation.new_linear(1.0))
        self.assertTrue(self.bin.props.present and not self.bin.props.seeking)
        iterate_until(lambda: 0.35 < self.bin.get_presented_opacity() < 0.9)
        drawn = self.bin.get_presented_opacity()
        grabbed = self.bin.get_seek_progress(False)
        self.bin.seek(grabbed, False)
        self.assertAlmostEqual(self.bin.get_presented_opacity(), drawn, places=9)
        self.bin.cancel_seeking(0, None)
        iterate_until(lambda: self.bin.get_presented_opacity() == 1)
        self.assertTrue(self.bin.props.present and self.bin.get_visible())

    def test_bad_input_does_not_crash(self):
        self.bin.seek(float("nan"), False)
        self.assertFalse(self.bin.props.seeking)
        self.bin.seek(0.5, True)  # already present: no seek
        self.bin.finish_seeking(float("inf"), None)
        self.bin.cancel_seeking(float("nan"), None)
        self.assertEqual((self.bin.props.seeking, self.notified), (False, []))
        self.bin.seek(-4, False)
        self.assertEqual(self.bin.get_presented_opacity(), 1)
        self.bin.seek(9, False)
        self.assertEqual(self.bin.get_presented_opacity(), 0)
        self.bin.seek(float("nan"), False)
        self.assertEqual(self.bin.get_presented_opacity(), 0)
        with self.assertRaises(TypeError):
            self.bin.seek("half", False)
        with self.assertRaises(TypeError):
            self.bin.finish_seeking(1, "spring")
        self.bin.finish_seeking(float("nan"), None)
        iterate_until(lambda: not self.bin.get_visible())
        for call in (lambda: Unison.MotionBin.seek(None, 0.5, True),
                     lambda: Unison.MotionBin.finish_seeking(None, 0, None),
                     lambda: Unison.MotionBin.get_seek_progress(None, True)):
            with self.assertRaises(TypeError):  # PyGObject refuses None where C does not take NULL
                call()


class ContentLabelSeekingTests(unittest.TestCase):
    def setUp(self):
        self.label = Unison.ContentLabel.new("41")
        self.window = mapped_window(self.label)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.label.get_width() > 0)
        drain()
        iterate_until(lambda: ink(painted(self.label)))
        self.before = ink(painted(self.label))
        self.notified = []
        for name in ("text", "seeking", "seek-target"):
            self.label.connect("notify::" + name, lambda label, spec: self.notified.append(spec.name))

    def settle(self):
        """Lets GTK lay the label out and paint it twice (a seek stands still meanwhile)."""
        clock = self.label.get_frame_clock()
        frames = []
        handler = clock.connect("after-paint", lambda _: frames.append(True))
        for count in (1, 2):
            self.label.queue_draw()
            iterate_until(lambda: len(frames) >= count)
        clock.disconnect(handler)

    def test_a_seek_paints_the_roll_and_cancel_leaves_the_old_text(self):
        self.label.seek(0.5, "42")
        self.assertEqual((self.label.props.text, self.label.props.seeking, self.label.props.seek_target),
                         ("41", True, "42"))
        self.assertEqual(self.label.get_seek_progress("42"), 0.5)
        self.assertEqual(self.label.get_seek_progress("41"), 0.5)
        self.assertEqual(sorted(self.notified), ["seek-target", "seeking"])
        self.settle()
        halfway = ink(painted(self.label))
        self.assertNotEqual(halfway, self.before, "half-way, the digit is between the two texts")
        self.label.seek(0, "42")
        self.settle()
        # Progress 0 paints 41 again (the old digit from GTK's earlier picture of the label: its
        # antialiased edge may differ where it is placed at a fraction of a pixel).
        start = ink(painted(self.label))
        self.assertLess(len(start ^ self.before), len(halfway ^ self.before) / 4)
        done = []
        Unison.animate(None, lambda *_: self.label.cancel_seeking(-1, None), lambda *_: done.append(True))
        self.assertEqual((self.label.props.text, self.label.props.seeking), ("41", False))
        iterate_until(lambda: done)
        self.settle()
        self.assertEqual(done, [True])
        self.assertEqual(ink(painted(self.label)), self.before)
        self.assertEqual(self.label.get_text(), "41")

    def test_finishing_commits_the_new_text_and_a_grab_takes_over(self):
        self.label.seek(0.2, "42")
        self.label.finish_seeking(0.5, Unison.Animation.new_linear(1.5))
        self.assertEqual((self.label.get_text(), self.label.get_seeking()), ("42", False))
        self.assertEqual(sorted(self.notified), ["seek-target"] * 2 + ["seeking"] * 2 + ["text"])
        iterate_until(lambda: self.label.get_seek_progress("42") > 0.4)
        grabbed = self.label.get_seek_progress("42")
        self.label.seek(grabbed, "42")
        self.assertEqual(self.label.get_seek_progress("42"), grabbed, "no jump")
        self.assertTrue(self.label.get_seeking())
        self.label.finish_seeking(2, None)
        iterate_until(lambda: self.label.get_seek_progress("42") == 1)
        self.settle()
        self.assertEqual(self.label.get_text(), "42")
        self.assertNotEqual(ink(painted(self.label)), self.before)

    def test_setting_the_text_ends_a_seek_there(self):
        self.label.seek(0.5, "42")
        self.label.set_text("41")  # outside a transaction: cancelled at once
        self.assertEqual((self.label.get_text(), self.label.get_seeking()), ("41", False))
        self.label.seek(0.5, "42")
        self.label.props.text = "42"
        self.assertEqual((self.label.get_text(), self.label.get_seeking()), ("42", False))

    def test_bad_input_does_not_crash(self):
        self.label.seek(float("nan"), "42")
        self.label.seek(0.5, "41")  # the text shown: no seek
        self.label.finish_seeking(float("inf"), None)
        self.label.cancel_seeking(float("nan"), None)
        self.assertEqual((self.label.get_seeking(), self.notified), (False, []))
        self.label.seek(7, "42")
        self.assertEqual(self.label.get_seek_progress("42"), 1)
        with self.assertRaises(TypeError):
            self.label.seek("half", "42")
        with self.assertRaises(TypeError):
            self.label.seek(0.5, 42)
        for call in (lambda: self.label.seek(0.5, None), lambda: self.label.get_seek_progress(None),
                     lambda: Unison.ContentLabel.finish_seeking(None, 0, None)):
            with self.assertRaises(TypeError):  # PyGObject refuses None where C does not take NULL
                call()
        self.assertTrue(self.label.get_seeking())
        self.label.finish_seeking(float("nan"), None)
        iterate_until(lambda: self.label.get_seek_progress("42") == 1 and not self.label.get_seeking())
        self.assertEqual(self.label.get_text(), "42")


if __name__ == "__main__":
    unittest.main()
