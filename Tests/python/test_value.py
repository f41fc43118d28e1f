"""Unison.Value on real GTK widgets under Xvfb: presented values read back on every frame of GTK's
frame clock against the engine's animation at the same frame time, and driven GTK properties."""

import unittest

from unison_testing import Criticals, Gtk, Unison, iterate_until, mapped_window, spring_progress


class FrameRecorder:
    """Records, for each `notify::value` after the transaction, the frame time (s, from GTK's frame
    clock) and the value presented, with the first frame's time as the animation's start."""

    def __init__(self, value, widget):
        self.value, self.widget = value, widget
        self.start = None
        self.frames = []
        widget.add_tick_callback(self._tick)
        value.connect("notify::value", self._presented)

    def _tick(self, widget, clock):
        if self.start is None:
            self.start = clock.get_frame_time()
        return True

    def _presented(self, value, _pspec):
        if self.start is None:
            return
        now = self.widget.get_frame_clock().get_frame_time()
        self.frames.append((now / 1e6 - self.start / 1e6, value.get_value(), self.widget.get_fraction()))


class ValueTests(unittest.TestCase):
    def setUp(self):
        self.bar = Gtk.ProgressBar()
        self.window = mapped_window(self.bar)

    def tearDown(self):
        self.window.destroy()

    def test_presented_values_equal_the_engines_at_every_frame_time(self):
        animation = Unison.Animation.new_spring(0.4, 0.25)
        value = Unison.Value.new(self.bar, 0)
        value.drive_property(self.bar, "fraction")
        recorder = FrameRecorder(value, self.bar)
        done = []
        Unison.animate(animation, lambda: value.set_value(1), lambda: done.append(True))
        self.assertEqual(value.props.target, 1)
        self.assertEqual(value.props.value, 0)
        iterate_until(lambda: done)
        self.assertGreaterEqual(len(recorder.frames), 5)
        worst_engine = worst_closed_form = 0
        for elapsed, presented, fraction in recorder.frames:
            worst_engine = max(worst_engine, abs(presented - animation.value(elapsed)))
            worst_closed_form = max(worst_closed_form, abs(presented - spring_progress(0.4, 0.25, elapsed)))
            self.assertEqual(fraction, min(max(presented, 0), 1))  # GTK holds the presented value
        print("\n# %d frames; worst |presented - engine| = %.3g, |presented - closed form| = %.3g"
              % (len(recorder.frames), worst_engine, worst_closed_form))
        self.assertLessEqual(worst_engine, 1e-9)
        self.assertLessEqual(worst_closed_form, 1e-9)
        self.assertEqual(done, [True])

    def test_value_jumps_outside_a_transaction_and_notifies(self):
        value = Unison.Value.new(self.bar, 3)
        notified = []
        value.connect("notify::value", lambda v, _: notified.append(v.props.value))
        value.set_value(0.5)
        self.assertEqual((value.props.value, value.props.target, value.props.velocity), (0.5, 0.5, 0))
        self.assertEqual(notified, [0.5])
        value.props.value = 0.25  # the property form
        self.assertEqual(notified, [0.5, 0.25])

    def test_velocity_is_reported_while_animating(self):
        value = Unison.Value.new(self.bar, 0)
        velocities = []
        value.connect("notify::value", lambda v, _: velocities.append(v.props.velocity))
        done = []
        Unison.animate(Unison.Animation.new_linear(0.3), lambda: value.set_value(3), lambda: done.append(1))
        iterate_until(lambda: done)
        moving = [v for v in velocities[:-1] if v != 0]
        self.assertTrue(moving)
        for velocity in moving:
            self.assertAlmostEqual(velocity, 10, delta=1e-6)  # 3 over 0.3 s

    def test_without_animation_jumps_inside_animate(self):
        value = Unison.Value.new(self.bar, 0)
        Unison.animate(Unison.Animation.new_smooth(0.5),
                       lambda: Unison.without_animation(lambda: value.set_value(7)), None)
        self.assertEqual(value.props.value, 7)

    def test_driven_properties_of_each_numeric_type(self):
        label = Gtk.Label(label="x")
        box = Gtk.Box()
        value = Unison.Value.new(self.bar, 0.4)
        value.drive_property(label, "xalign")   # float
        value.drive_property(box, "spacing")    # int (rounded)
        value.drive_property(self.bar, "fraction")
        self.assertAlmostEqual(label.get_xalign(), 0.4, delta=1e-7)
        self.assertEqual(box.get_spacing(), 0)
        value.set_value(2.6)
        self.assertEqual(box.get_spacing(), 3)
        self.assertEqual(label.get_xalign(), 1)  # clamped to xalign's range
        self.assertEqual(self.bar.get_fraction(), 1)

    def test_unknown_read_only_and_non_numeric_properties_are_criticals_naming_them(self):
        value = Unison.Value.new(self.bar, 0.5)
        label = Gtk.Label(label="x")
        with Criticals() as criticals:
            value.drive_property(label, "no-such-property")
            value.drive_property(label, "label")          # a string
            value.drive_property(self.bar, "scale-factor")  # read-only
        self.assertEqual(len(criticals.messages), 3)
        self.assertIn("'no-such-property'", criticals.messages[0])
        self.assertIn("'label'", criticals.messages[1])
        self.assertIn("'scale-factor'", criticals.messages[2])
        self.assertEqual(label.get_label(), "x")

    def test_none_where_a_widget_is_required_raises_or_is_a_critical(self):
        with self.assertRaises(TypeError):  # PyGObject refuses None for the non-nullable widget
            Unison.Value.new(None, 0)
        with Criticals() as criticals:  # the property form reaches the C check
            inert = Unison.Value(widget=None, value=4)
        self.assertEqual(len(criticals.messages), 1)
        self.assertIn("needs a widget", criticals.messages[0])
        inert.set_value(6)  # a value without a clock only stores the number
        self.assertEqual((inert.props.value, inert.props.target, inert.props.velocity), (6, 6, 0))

    def test_non_finite_values_are_ignored(self):
        value = Unison.Value.new(self.bar, 2)
        for bad in (float("nan"), float("inf"), -float("inf")):
            value.set_value(bad)
            Unison.animate(Unison.Animation.new_smooth(0.3), lambda: value.set_value(bad), None)
        self.assertEqual((value.props.value, value.props.target), (2, 2))

    def test_a_value_whose_widget_was_finalized_jumps_and_completes(self):
        label = Gtk.Label(label="gone")
        value = Unison.Value.new(label, 0)
        del label  # never parented: finalized now
        self.assertIsNone(value.get_widget())
        done = []
        Unison.animate(Unison.Animation.new_spring(0.5, 0), lambda: value.set_value(5), lambda: done.append(1))
        iterate_until(lambda: done)
        self.assertEqual((value.props.value, done), (5, [1]))


if __name__ == "__main__":
    unittest.main()
