"""Unison.FrameReadout from Python on real GTK frames under Xvfb: off by default; while recording,
a second of an animation is reported (frames counted, frames per second, a summary line), the
properties notified and ::updated emitted; turned off, nothing more comes."""

import unittest

from unison_testing import Gtk, GLib, Unison, drain, iterate_until, mapped_window


class FrameReadoutTests(unittest.TestCase):
    def setUp(self):
        self.readout = Unison.FrameReadout.get_default()
        self.area = Gtk.Box()
        self.window = mapped_window(self.area)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        self.addCleanup(setattr, self.readout.props, "recording", False)

    def test_one_default_readout_off_by_default(self):
        self.assertIs(Unison.FrameReadout.get_default(), self.readout)
        self.assertFalse(self.readout.props.recording or self.readout.get_recording())

    def test_a_second_of_animation_is_reported(self):
        notified = []
        self.readout.connect("notify::recording", lambda *_: notified.append("recording"))
        self.readout.connect("notify::frames", lambda *_: notified.append("frames"))
        updates = []
        self.readout.connect("updated", lambda readout: updates.append(
            (readout.props.frames, readout.props.frames_per_second, readout.props.summary)))
        self.readout.set_recording(True)
        self.assertTrue(self.readout.props.recording)
        self.readout.set_recording(True)  # unchanged: no second notify
        value = Unison.Value.new(self.area, 0)
        # Animating for longer than the readout's second, so that a whole second has frames.
        Unison.animate(Unison.Animation.new_linear(3.0), lambda: value.set_property("value", 100))
        iterate_until(lambda: any(frames > 0 for frames, _, _ in updates))
        frames, fps, summary = next(update for update in updates if update[0] > 0)
        self.assertGreater(fps, 0)
        self.assertIn("fps", summary)
        self.assertEqual(self.readout.get_summary(), updates[-1][2])
        self.assertGreater(self.readout.props.budget, 0)
        self.assertGreaterEqual(self.readout.props.animating_values, 1)
        self.assertLessEqual(self.readout.props.frames_over_budget, frames)
        self.assertEqual(notified.count("recording"), 1)
        self.assertIn("frames", notified)
        # Off: no more seconds are reported.
        self.readout.props.recording = False
        count = len(updates)
        waited = []
        GLib.timeout_add(1500, lambda: waited.append(True) and False)
        iterate_until(lambda: waited)
        self.assertEqual(len(updates), count)


if __name__ == "__main__":
    unittest.main()
