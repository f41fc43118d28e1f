"""Unison.MotionBin on real GTK widgets under Xvfb: properties read back and notify, animate inside
a transaction (the bounds GTK paints move on rendered frames), presence with its transition and
removal, a release with a velocity, class strings, bad input, and the bin's lifetime."""

import gc
import unittest

from unison_testing import Criticals, Gdk, GLib, Graphene, Gtk, Unison, drain, iterate_until, mapped_window, painted, \
    painted_bounds

_css = Gtk.CssProvider()
_css.load_from_data(b".red-block { background: rgb(255, 0, 0); min-width: 40px; min-height: 30px; }")
Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), _css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


def red_block():
    block = Gtk.Box()
    block.add_css_class("red-block")
    block.set_halign(Gtk.Align.START)
    block.set_valign(Gtk.Align.START)
    return block


def is_red(r, g, b, a):
    return r > 200 and g < 60 and b < 60 and a > 200


class MotionBinTests(unittest.TestCase):
    def setUp(self):
        self.area = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        self.area.set_size_request(300, 120)
        self.bin = Unison.MotionBin.new(red_block())
        self.bin.set_halign(Gtk.Align.START)
        self.bin.set_valign(Gtk.Align.START)
        self.area.append(self.bin)
        self.window = mapped_window(self.area)
        self.addCleanup(drain)
        self.addCleanup(self.window.destroy)
        iterate_until(lambda: self.bin.get_width() > 0)

    def record_painted(self):
        """The red box in each frame GTK paints from now on, read after the frame is painted."""
        frames = []
        clock = self.area.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: frames.append(painted_bounds(painted(self.area), is_red)))
        self.addCleanup(clock.disconnect, handler)
        return frames

    def test_properties_read_back_and_notify_once_per_change(self):
        notified = []
        self.bin.connect("notify", lambda _, pspec: notified.append(pspec.name))
        self.assertIsInstance(self.bin.props.child, Gtk.Box)
        self.assertEqual((self.bin.props.translation_x, self.bin.props.scale_x, self.bin.props.opacity,
                          self.bin.props.present, self.bin.props.layout_animation), (0, 1, 1, True, True))
        self.bin.set_translation(10, 0)
        self.bin.props.scale_y = 2
        self.bin.props.scale_y = 2  # the same value: no notify
        self.bin.props.rotation = 45
        self.bin.props.opacity = 0.5
        self.bin.props.removes_when_dismissed = True
        self.bin.props.layout_animation = False
        self.assertEqual((self.bin.props.translation_x, self.bin.props.translation_y, self.bin.props.scale_y,
                          self.bin.props.rotation, self.bin.props.opacity, self.bin.props.removes_when_dismissed,
                          self.bin.props.layout_animation), (10, 0, 2, 45, 0.5, True, False))
        self.assertEqual(self.bin.get_presented_translation(), (10, 0))  # outside a transaction: at once
        self.assertEqual(self.bin.get_presented_opacity(), 0.5)
        # Classes own the value utilities they name: scale-105 sets the scale for the child's state.
        self.bin.props.animation_classes = "hover:scale-105 animate-spring"
        self.assertEqual(self.bin.props.animation_classes, "hover:scale-105 animate-spring")
        self.assertEqual(notified, ["translation-x", "scale-y", "rotation", "opacity", "removes-when-dismissed",
                                    "layout-animation", "animation-classes"])

    def test_translation_animates_in_the_frames_gtk_paints(self):
        frames = self.record_painted()
        presented = []
        self.area.add_tick_callback(lambda *_: presented.append(self.bin.get_presented_translation()[0]) or True)
        done = []
        Unison.animate(Unison.Animation.new_smooth(0.3), lambda: self.bin.set_property("translation-x", 100),
                       lambda: done.append(True))
        self.assertEqual((self.bin.props.translation_x, self.bin.get_presented_translation()), (100, (0, 0)))
        iterate_until(lambda: done and self.bin.get_presented_translation() == (100, 0))
        drain()
        self.assertEqual(done, [True])
        xs = [bounds[0] for bounds in frames if bounds]
        print("\n# painted x per frame: %s" % xs)
        self.assertTrue(any(0 < x < 100 for x in xs), xs)
        self.assertEqual(xs, sorted(xs))
        self.assertEqual(painted_bounds(painted(self.area), is_red), (100, 0, 40, 30))
        self.assertEqual(self.bin.get_presented_translation(), (100, 0))
        self.assertTrue(any(0 < x < 100 for x in presented), presented)

    def test_a_release_starts_at_the_gestures_velocity(self):
        self.bin.set_translation(80, 0)
        samples = []
        self.area.add_tick_callback(lambda *_: samples.append(self.bin.get_presented_translation()[0]) or True)
        done = []
        self.bin.release(0, 0, 3000, 0, Unison.Animation.new_spring(0.5, 0))
        Unison.animate(None, lambda: None, lambda: done.append(1))
        iterate_until(lambda: len(samples) > 3 and self.bin.get_presented_translation() == (0, 0))
        # Thrown away from home at 3000 px/s, the spring first carries it further out.
        self.assertGreater(max(samples), 80, samples)

    def test_dismissed_with_removal_the_bin_leaves_its_parent(self):
        self.bin.props.transition = Unison.Transition.new_slide(Unison.Edge.LEADING)
        self.bin.props.removes_when_dismissed = True
        frames = self.record_painted()
        done = []
        Unison.animate(Unison.Animation.new_smooth(0.3), lambda: self.bin.set_property("present", False),
                       lambda: done.append(True))
        self.assertFalse(self.bin.props.present)
        iterate_until(lambda: done and self.bin.get_parent() is None)
        # The space closes as the block slides out: drawn narrower (clipped to the closing space).
        self.assertTrue(any(bounds and 0 < bounds[2] < 40 for bounds in frames), frames)
        self.assertEqual(painted_bounds(painted(self.area), is_red), None)

    def test_collapsed_folds_the_space_away_in_the_frames_gtk_paints_and_back(self):
        below = Gtk.Label(label="below")
        below.set_halign(Gtk.Align.START)
        self.area.append(below)
        iterate_until(lambda: below.get_allocated_height() > 0)
        self.assertEqual((self.bin.get_height(), below.compute_point(self.area, Graphene.Point())[1].y), (30, 30))
        notified = []
        self.bin.connect("notify::collapsed", lambda *_: notified.append(self.bin.props.collapsed))
        frames = self.record_painted()
        ys = []
        clock = self.area.get_frame_clock()
        handler = clock.connect("after-paint", lambda _: ys.append(below.compute_point(self.area, Graphene.Point())[1].y))
        self.addCleanup(clock.disconnect, handler)
        done = []
        Unison.animate(Unison.Animation.new_smooth(0.3), lambda: self.bin.set_property("collapsed", True),
                       lambda: done.append(True))
        self.assertEqual((self.bin.props.collapsed, notified), (True, [True]))
        iterate_until(lambda: done and self.bin.get_height() == 0)  # (the last frame's layout)
        heights = [bounds[3] if bounds else 0 for bounds in frames]
        print("\n# painted height per frame: %s" % heights)
        self.assertTrue(any(0 < h < 30 for h in heights), heights)  # drawn clipped to the closing space
        self.assertEqual(heights, sorted(heights, reverse=True))
        self.assertTrue(any(0 < y < 30 for y in ys), ys)  # the label below moves up with it
        self.assertEqual((self.bin.get_height(), self.bin.get_visible()), (0, True))
        self.assertEqual(below.compute_point(self.area, Graphene.Point())[1].y, 0)
        self.assertEqual(painted_bounds(painted(self.area), is_red), None)

        frames.clear()
        self.bin.props.collapsed = False  # outside a transaction: back at once
        self.assertEqual(notified, [True, False])
        iterate_until(lambda: self.bin.get_height() == 30)
        drain()
        self.assertTrue(all(bounds == (0, 0, 40, 30) for bounds in frames), frames)
        self.bin.props.collapsed = False
        self.assertEqual(notified, [True, False], "no notify without a change")

    def test_matched_geometry_grows_the_appearing_bin_out_of_the_other(self):
        large_block = red_block()
        large_block.set_size_request(160, 80)
        large = Unison.MotionBin.new(large_block)
        large.set_halign(Gtk.Align.END)
        self.area.append(large)
        large.props.present = False  # outside a transaction: hidden at once
        self.bin.set_matched_geometry("card", "hero")
        large.set_matched_geometry("card", "hero")
        iterate_until(lambda: not large.get_visible())
        frames = self.record_painted()
        done = []

        def swap():
            self.bin.props.present = False
            large.props.present = True

        Unison.animate(Unison.Animation.new_smooth(0.3), swap, lambda: done.append(True))
        iterate_until(lambda: done and large.get_presented_opacity() == 1)
        drain()
        reddish = lambda r, g, b, a: r > 30 and g < 10 and b < 10
        final = painted_bounds(painted(self.area), reddish)
        widths = [bounds[2] for bounds in frames if bounds]
        print("\n# drawn widths per frame: %s" % widths)
        self.assertEqual(final[2:], (160, 80))
        self.assertTrue(any(40 < width < 160 for width in widths), widths)  # grown part-way
        self.assertEqual(done, [True])

    def test_an_unparsable_class_string_is_an_error_naming_the_token(self):
        with self.assertRaises(GLib.Error) as raised:
            self.bin.set_animation_classes("animate-spring duration-abc")
        self.assertTrue(raised.exception.matches(Unison.error_quark(), Unison.Error.PARSE))
        self.assertIn("duration-abc", raised.exception.message)
        self.assertIsNone(self.bin.props.animation_classes)

    def test_bad_numbers_change_nothing(self):
        self.bin.set_translation(float("nan"), 5)
        self.bin.props.scale_x = float("inf")
        self.bin.release(float("nan"), 0, 0, 0, None)
        self.assertEqual((self.bin.props.translation_x, self.bin.props.translation_y, self.bin.props.scale_x),
                         (0, 0, 1))
        with self.assertRaises(TypeError):
            Unison.MotionBin.new(None)

    def test_a_bin_not_made_by_new_is_a_critical_not_a_crash(self):
        bin = Unison.MotionBin()
        with Criticals() as criticals:
            bin.set_translation(1, 2)
            bin.props.opacity = 0.5
        self.assertEqual(len(criticals.messages), 2, criticals.messages)
        self.assertEqual((bin.props.translation_x, bin.props.opacity), (0, 1))

    def test_a_bin_dropped_mid_animation_is_finalized_and_completes_once(self):
        bin = Unison.MotionBin.new(red_block())
        self.area.append(bin)
        iterate_until(lambda: bin.get_width() > 0)
        finalized, done = [], []
        bin.weak_ref(lambda: finalized.append(True))
        Unison.animate(Unison.Animation.new_smooth(5), lambda: bin.set_translation(200, 0), lambda: done.append(1))
        drain()
        self.area.remove(bin)
        del bin
        gc.collect()
        iterate_until(lambda: done)
        drain()
        self.assertEqual((finalized, done), ([True], [1]))


if __name__ == "__main__":
    unittest.main()
