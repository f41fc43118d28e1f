"""Unison.ContentLabel on real GTK widgets under Xvfb: the text read back, notify::text, and an
animated change read back from the pixels GTK paints on every frame (the digits roll: frames
between the old and the new text that are neither), with its completion once."""

import os
import subprocess
import sys
import textwrap
import unittest

from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window, painted


def ink(image):
    """The painted pixels of `image` (from `painted`) with any alpha, as a set of (x, y)."""
    width, _, rows = image
    return {(x, y) for y, row in enumerate(rows) for x in range(width) if row[4 * x + 3] > 0}


class ContentLabelTests(unittest.TestCase):
    def setUp(self):
        self.label = Unison.ContentLabel.new("41")
        self.window = mapped_window(self.label)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)  # after the tests' own clean-ups
        iterate_until(lambda: self.label.get_width() > 0)

    def test_text_reads_back_and_notifies_once_per_change(self):
        notified = []
        self.label.connect("notify::text", lambda label, _: notified.append(label.props.text))
        self.assertEqual(self.label.get_text(), "41")
        self.label.set_text("42")
        self.assertEqual((self.label.get_text(), self.label.props.text), ("42", "42"))
        self.label.set_text("42")  # the same text: no change, no notify
        self.label.props.text = "7"
        self.assertEqual(notified, ["42", "7"])
        self.assertEqual(Unison.ContentLabel.new(None).get_text(), "")
        self.assertEqual(Unison.ContentLabel(text="9").get_text(), "9")

    def test_an_animated_change_rolls_through_frames_between_the_two_texts(self):
        self.label.set_text("19")
        drain()
        iterate_until(lambda: ink(painted(self.label)))
        before = ink(painted(self.label))
        frames = []
        clock = self.label.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: frames.append(ink(painted(self.label))))
        self.addCleanup(clock.disconnect, handler)
        done = []
        notified = []
        self.label.connect("notify::text", lambda label, _: notified.append(label.props.text))
        Unison.animate(Unison.Animation.new_linear(0.4), lambda: self.label.set_text("20"), lambda: done.append(True))
        self.assertEqual((self.label.get_text(), notified), ("20", ["20"]))  # the model changes at once
        iterate_until(lambda: done)
        drain()
        after = ink(painted(self.label))
        self.assertEqual(done, [True])
        self.assertNotEqual(before, after)
        between = [frame for frame in frames if frame not in (before, after)]
        print("\n# %d frames painted, %d between the old and the new text" % (len(frames), len(between)))
        self.assertGreaterEqual(len(between), 3)
        # Rolling moves digits vertically (a cross-fade would not): some frame has ink in rows where
        # neither text has any.
        rows = lambda pixels: {y for _, y in pixels}
        self.assertTrue(any(rows(frame) - rows(before) - rows(after) for frame in between))
        self.assertEqual(frames[-1], after)  # it ends on the new text as the label draws it

    def test_a_change_outside_a_transaction_is_painted_at_once(self):
        before = ink(painted(self.label))
        frames = []
        clock = self.label.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: frames.append(ink(painted(self.label))))
        self.addCleanup(clock.disconnect, handler)
        self.label.set_text("43")
        iterate_until(lambda: frames)
        self.assertNotEqual(frames[0], before)
        self.assertEqual(frames[0], ink(painted(self.label)))

    def test_an_animated_change_before_the_first_layout_warns_nothing(self):
        # UnisonGtk's ContentLabel, changed in an animated transaction while mapped but not yet
        # allocated, captures the old text with gtk_widget_snapshot_child, which GTK refuses with a
        # warning; UnisonContentLabel makes such a change at once.
        # GTK logs through structured logging, which a Python handler cannot take over once GTK
        # has started: the scene runs in a child process whose standard error is read.
        script = textwrap.dedent("""
            from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window
            box = Gtk.Box()
            window = mapped_window(box)
            counter = Unison.ContentLabel.new("1")
            box.append(counter)
            done = []
            Unison.animate(Unison.Animation.new_smooth(0.2), lambda: counter.set_text("2"), lambda: done.append(1))
            iterate_until(lambda: done)
            assert counter.get_text() == "2" and done == [1]
        """)
        run = subprocess.run([sys.executable, "-c", script], cwd=os.path.dirname(__file__), capture_output=True,
                             text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertNotIn("without a current allocation", run.stderr)

    def test_none_text_raises_and_changes_nothing(self):
        with self.assertRaises(TypeError):
            self.label.set_text(None)
        self.assertEqual(self.label.get_text(), "41")


if __name__ == "__main__":
    unittest.main()
