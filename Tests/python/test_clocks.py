"""The frame clocks that objects made from C animate on: the bins, labels and values shown in one
window share the window's clock (one tick callback, one engine frame for all of them, as Swift's
bins given the window's clock do), follow their widget to another window once their animations end
(a running animation keeps its clock: nothing jumps), and one Unison.animate is one timeline in
every window. Read back from GTK: the widgets ticking on each window's frame clock, and the values
presented after each frame."""

import unittest

from unison_testing import Gtk, Unison, drain, iterate_until, mapped_window, ticking_widgets


def tile():
    area = Gtk.Box()
    area.set_size_request(10, 10)
    return area


def settled(frame_clock):
    """The widgets ticking on `frame_clock` once everything has settled (GTK's own, a few), the
    baseline of a count taken while Unison animates."""
    for _ in range(5):
        drain()
    return ticking_widgets(frame_clock)


def window_of_bins(count):
    box = Gtk.Box()
    bins = [Unison.MotionBin.new(tile()) for _ in range(count)]
    for bin in bins:
        box.append(bin)
    window = mapped_window(box)
    iterate_until(lambda: all(bin.get_mapped() for bin in bins))
    return window, box, bins


class ClockTests(unittest.TestCase):
    def tearDown(self):
        drain()

    def open_window(self, count):
        window, box, bins = window_of_bins(count)
        self.addCleanup(window.destroy)
        return window, box, bins

    def test_the_bins_and_labels_of_a_window_tick_on_its_clock_once(self):
        window, box, bins = self.open_window(12)
        labels = [Unison.ContentLabel.new(str(i)) for i in range(3)]
        for label in labels:
            box.append(label)
        iterate_until(lambda: all(label.get_mapped() for label in labels))
        clock = window.get_frame_clock()
        done = []

        def changes():
            for i, bin in enumerate(bins):
                bin.set_translation(i + 5, 3)
            for i, label in enumerate(labels):
                label.set_text(str(i + 10))

        Unison.animate(Unison.Animation.new_linear(1), changes, lambda: done.append(1))
        iterate_until(lambda: bins[0].get_presented_translation()[0] > 0 or done)
        self.assertEqual(done, [])
        during = ticking_widgets(clock)
        iterate_until(lambda: done)
        ticking = during - settled(clock)
        print("\n# widgets ticking on the window's clock for 12 bins and 3 labels: %d" % ticking)
        self.assertEqual(ticking, 1)
        self.assertEqual(done, [1])
        self.assertEqual([bin.get_presented_translation() for bin in bins], [(i + 5, 3) for i in range(12)])

    def test_the_values_of_a_window_tick_on_its_clock_once(self):
        box = Gtk.Box()
        bars = [Gtk.ProgressBar() for _ in range(8)]
        for bar in bars:
            box.append(bar)
        window = mapped_window(box)
        self.addCleanup(window.destroy)
        values = [Unison.Value.new(bar, 0) for bar in bars]
        for value, bar in zip(values, bars):
            value.drive_property(bar, "fraction")
        clock = window.get_frame_clock()
        done = []
        Unison.animate(Unison.Animation.new_linear(1), lambda: [value.set_value(1) for value in values],
                       lambda: done.append(1))
        iterate_until(lambda: values[0].props.value > 0 or done)
        self.assertEqual(done, [])
        during = ticking_widgets(clock)
        iterate_until(lambda: done)
        self.assertEqual(during - settled(clock), 1)
        self.assertEqual([bar.get_fraction() for bar in bars], [1] * 8)

    def test_a_bin_moved_to_another_window_mid_animation_keeps_going_then_joins_that_windows_clock(self):
        first, first_box, (moving,) = self.open_window(1)
        second, second_box, others = self.open_window(3)
        first_clock, second_clock = first.get_frame_clock(), second.get_frame_clock()
        done = []
        Unison.animate(Unison.Animation.new_linear(1), lambda: moving.set_translation(120, 0), lambda: done.append(1))
        iterate_until(lambda: moving.get_presented_translation()[0] > 5 or done)
        self.assertEqual(done, [])
        before = moving.get_presented_translation()[0]
        first_box.remove(moving)
        second_box.append(moving)
        xs = []
        second_clock.connect("after-paint", lambda _: xs.append(moving.get_presented_translation()[0]))
        iterate_until(lambda: done)
        # No jump: it went on from where it was (not to the end at once), frame by frame, to 120.
        self.assertLess(xs[0] - before, 60, xs)
        self.assertTrue(any(before < x < 120 for x in xs), xs)
        self.assertEqual(xs, sorted(xs))
        # The move is tried after each frame the second window paints (one always follows the last
        # write; one more is asked for here, as it may have come already).
        painted = len(xs)
        moving.queue_draw()
        iterate_until(lambda: len(xs) > painted)
        self.assertEqual(moving.get_presented_translation(), (120, 0))

        # At rest it joined the second window's clock: everything there ticks on it once.
        again = []
        Unison.animate(Unison.Animation.new_linear(1), lambda: [bin.set_translation(30, 0) for bin in others + [moving]],
                       lambda: again.append(1))
        iterate_until(lambda: others[0].get_presented_translation()[0] > 0 or again)
        self.assertEqual(again, [])
        during = (ticking_widgets(first_clock), ticking_widgets(second_clock))
        iterate_until(lambda: again)
        self.assertEqual((during[0] - settled(first_clock), during[1] - settled(second_clock)), (0, 1))

    def test_one_transaction_is_one_timeline_in_two_windows(self):
        windows = [self.open_window(1) for _ in range(2)]
        animation = Unison.Animation.new_smooth(0.5)
        samples = [[], []]
        for (window, _, (bin,)), frames in zip(windows, samples):
            clock = window.get_frame_clock()
            clock.connect("after-paint", lambda clock, bin=bin, frames=frames:
                          frames.append((clock.get_frame_time() / 1e6, bin.get_presented_translation()[0])))
        done = []
        drain()
        for frames in samples:
            frames.clear()
        Unison.animate(animation, lambda: [bin.set_translation(100, 0) for _, _, (bin,) in windows],
                       lambda: done.append(1))
        iterate_until(lambda: done)
        # The transaction starts at the first frame either window presents after it; from then on
        # each window presents the animation's value at its own frame times.
        start = min(frames[0][0] for frames in samples)
        moving = [[(t, x) for t, x in frames if 0 < x < 100] for frames in samples]
        self.assertTrue(all(len(frames) >= 3 for frames in moving), moving)
        worst = max(abs(x - 100 * animation.value(t - start)) for frames in moving for t, x in frames)
        print("\n# frames moving per window: %s; worst |presented - curve| = %.3g"
              % ([len(frames) for frames in moving], worst))
        self.assertLessEqual(worst, 1e-9)


if __name__ == "__main__":
    unittest.main()
