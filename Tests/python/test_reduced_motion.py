"""Reduced motion and essential animations from Python: the app's override read back and applied
(a UnisonValue's spring loses its bounce under reduced motion, an essential one keeps it), the
per-widget query, and bad input."""

import unittest

from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window


class ReducedMotionTests(unittest.TestCase):
    def setUp(self):
        self.area = Gtk.Box()
        self.window = mapped_window(self.area)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        self.addCleanup(Unison.set_reduce_motion_override, Unison.ReduceMotion.SYSTEM)

    def peak(self, animate):
        """The highest value a 0 → 100 change on a bouncy spring reaches, animated with `animate`."""
        value = Unison.Value.new(self.area, 0)
        seen = []
        value.connect("notify::value", lambda v, _: seen.append(v.props.value))
        done = []
        animate(Unison.Animation.new_spring(0.3, 0.5), lambda: value.set_property("value", 100),
                lambda: done.append(True))
        iterate_until(lambda: done and value.props.value == 100)
        self.assertEqual(done, [True])
        return max(seen)

    def test_the_override_reads_back_and_the_query_follows_it(self):
        self.assertEqual(Unison.get_reduce_motion_override(), Unison.ReduceMotion.SYSTEM)
        self.assertFalse(Unison.get_reduces_motion(None))  # Xvfb's GTK 4.8 has no reduced-motion setting
        self.assertFalse(Unison.get_reduces_motion(self.area))
        Unison.set_reduce_motion_override(Unison.ReduceMotion.ON)
        self.assertEqual(Unison.get_reduce_motion_override(), Unison.ReduceMotion.ON)
        self.assertTrue(Unison.get_reduces_motion(None))
        self.assertTrue(Unison.get_reduces_motion(self.area))
        Unison.set_reduce_motion_override(Unison.ReduceMotion.OFF)
        self.assertFalse(Unison.get_reduces_motion(self.area))
        # With animations off in GTK, motion is reduced whatever the app says.
        settings = self.area.get_settings()
        settings.props.gtk_enable_animations = False
        self.addCleanup(setattr, settings.props, "gtk_enable_animations", True)
        self.assertTrue(Unison.get_reduces_motion(self.area))

    def test_reduced_motion_takes_the_bounce_out_unless_essential(self):
        self.assertGreater(self.peak(Unison.animate), 101, "a bounce of 0.5 overshoots")
        Unison.set_reduce_motion_override(Unison.ReduceMotion.ON)
        self.assertLessEqual(self.peak(Unison.animate), 100 + 1e-9, "reduced: no overshoot")
        self.assertGreater(self.peak(Unison.animate_essential), 101, "essential: as it is")

    def test_essential_animations_run_with_animations_off(self):
        settings = self.area.get_settings()
        settings.props.gtk_enable_animations = False
        self.addCleanup(setattr, settings.props, "gtk_enable_animations", True)
        value = Unison.Value.new(self.area, 0)
        Unison.animate(Unison.Animation.new_linear(0.3), lambda: value.set_property("value", 100))
        self.assertEqual(value.props.value, 100, "animations off: a jump")
        seen = []
        value.connect("notify::value", lambda v, _: seen.append(v.props.value))
        done = []
        Unison.animate_essential(Unison.Animation.new_linear(0.3), lambda: value.set_property("value", 0),
                                 lambda: done.append(True))
        iterate_until(lambda: done)
        self.assertTrue(any(0 < v < 100 for v in seen), seen)

    def test_bad_input_does_not_crash(self):
        with self.assertRaises(TypeError):
            Unison.set_reduce_motion_override(7)
        self.assertEqual(Unison.get_reduce_motion_override(), Unison.ReduceMotion.SYSTEM)
        with self.assertRaises(TypeError):
            Unison.get_reduces_motion("window")
        done = []
        Unison.animate_essential(None, lambda: None, lambda: done.append(True))
        self.assertEqual(done, [True], "nothing animates: the completion runs at once")


if __name__ == "__main__":
    unittest.main()
