"""Unison.Animation from Python: constructors, modifiers, evaluation, clamps and class strings."""

import math
import unittest

from unison_testing import GLib, Unison, spring_progress


class AnimationTests(unittest.TestCase):
    def test_every_constructor_gives_an_animation_that_arrives(self):
        animations = [
            Unison.Animation.new_default(),
            Unison.Animation.new_spring(0.5, 0.3),
            Unison.Animation.new_spring_physics(1, 170, 26),
            Unison.Animation.new_spring_response(0.4, 0.8),
            Unison.Animation.new_smooth(0.4),
            Unison.Animation.new_snappy(0.4),
            Unison.Animation.new_bouncy(0.4),
            Unison.Animation.new_linear(0.3),
            Unison.Animation.new_ease_in(0.3),
            Unison.Animation.new_ease_out(0.3),
            Unison.Animation.new_ease_in_out(0.3),
            Unison.Animation.new_timing_curve(0.2, 0, 0, 1, 0.3),
        ]
        for animation in animations:
            with self.subTest(animation.to_string()):
                self.assertEqual(animation.value(0), 0)
                self.assertEqual(animation.value(60), 1)
                self.assertTrue(0 < animation.value(0.1) < 1.5)

    def test_spring_matches_the_closed_form(self):
        spring = Unison.Animation.new_spring(0.5, 0.3)
        moving = 0
        for step in range(200):
            t = step / 120
            if spring.value(t) == 1:  # settled: the engine ends a spring within a thousandth of its change
                self.assertAlmostEqual(spring_progress(0.5, 0.3, t), 1, delta=1e-3)
            else:
                moving += 1
                self.assertAlmostEqual(spring.value(t), spring_progress(0.5, 0.3, t), delta=1e-12)
        self.assertGreater(moving, 60)

    def test_linear_is_linear(self):
        linear = Unison.Animation.new_linear(2)
        self.assertAlmostEqual(linear.value(0.5), 0.25, delta=1e-12)
        self.assertAlmostEqual(linear.value(1.5), 0.75, delta=1e-12)

    def test_modifiers_return_new_animations_and_leave_the_argument_unchanged(self):
        spring = Unison.Animation.new_spring(0.5, 0)
        before = spring.to_string()
        delayed = spring.delay(0.25)
        faster = spring.speed(2)
        repeated = spring.repeat_count(3, True)
        forever = spring.repeat_forever(False)
        self.assertEqual(spring.to_string(), before)
        self.assertEqual(delayed.to_string(), "spring(duration: 0.5, bounce: 0).delay(0.25)")
        self.assertEqual(delayed.value(0.25), 0)
        self.assertAlmostEqual(delayed.value(0.35), spring.value(0.1), delta=1e-12)
        self.assertAlmostEqual(faster.value(0.1), spring.value(0.2), delta=1e-12)
        self.assertIn("repeatCount(3, autoreverses: true)", repeated.to_string())
        self.assertLess(forever.value(1000.2), 1)  # never finishes
        self.assertTrue(spring.equal(Unison.Animation.new_spring(0.5, 0)))
        self.assertFalse(spring.equal(delayed))

    def test_bad_durations_and_bounces_are_clamped_as_documented(self):
        nan, inf = float("nan"), float("inf")
        cases = {
            "spring(duration: 0.5, bounce: 1)": Unison.Animation.new_spring(nan, 7),
            "spring(duration: 0.5, bounce: 0)": Unison.Animation.new_spring(nan, nan),
            "spring(duration: 0.001, bounce: -0.99)": Unison.Animation.new_spring(-1, -5),
            "spring(duration: 1000, bounce: 0)": Unison.Animation.new_spring(inf, 0),
            "linear(duration: 0)": Unison.Animation.new_linear(-3),
            "easeInOut(duration: 0)": Unison.Animation.new_ease_in_out(nan),
            "easeIn(duration: 0)": Unison.Animation.new_ease_in(inf),
            "spring(duration: 0.5, bounce: 0).delay(0)": Unison.Animation.new_spring(0.5, 0).delay(nan),
        }
        for expected, animation in cases.items():
            with self.subTest(expected):
                self.assertEqual(animation.to_string(), expected)
                for t in (0, 0.001, 0.1, 1, 10, nan, -1, inf):
                    self.assertTrue(math.isfinite(animation.value(t)))
        # An instant animation has arrived at once; NaN and negative times are 0.
        self.assertEqual(Unison.Animation.new_linear(-3).value(0.01), 1)
        self.assertEqual(Unison.Animation.new_spring(0.5, 0).value(nan), 0)
        self.assertEqual(Unison.Animation.new_spring(0.5, 0).value(-1), 0)

    def test_class_strings(self):
        parsed = Unison.Animation.new_from_classes("animate-spring duration-150")
        self.assertEqual(parsed.to_string(), "spring(duration: 0.15, bounce: 0)")
        self.assertTrue(Unison.Animation.new_from_classes("animate-smooth duration-200").equal(
            Unison.Animation.new_smooth(0.2)))

    def test_an_unparsable_class_string_raises_naming_the_token(self):
        for classes, token in [
            ("animate-spring duration-abc", "duration-abc"),
            ("animate-wobble", "animate-wobble"),
            ("animate-spring shimmer:opacity-50", "shimmer:opacity-50"),
        ]:
            with self.subTest(classes):
                with self.assertRaises(GLib.Error) as raised:
                    Unison.Animation.new_from_classes(classes)
                self.assertEqual(raised.exception.domain, "unison-error-quark")
                self.assertTrue(raised.exception.matches(Unison.error_quark(), Unison.Error.PARSE))
                self.assertIn(token, raised.exception.message)

    def test_classes_without_an_animation_raise_invalid_argument(self):
        with self.assertRaises(GLib.Error) as raised:
            Unison.Animation.new_from_classes("duration-150")
        self.assertTrue(raised.exception.matches(Unison.error_quark(), Unison.Error.INVALID_ARGUMENT))
        self.assertIn("classes", raised.exception.message)


class TransitionTests(unittest.TestCase):
    def effects(self, transition, removal=False, rtl=False):
        return transition.get_effects(removal, 200, 50, rtl)

    def test_effects_read_back(self):
        self.assertEqual(self.effects(Unison.Transition.new_opacity()), (0, 0, 0, 1, 1, 0))
        self.assertEqual(self.effects(Unison.Transition.new_scale(0.5)), (1, 0, 0, 0.5, 0.5, 0))
        self.assertEqual(self.effects(Unison.Transition.new_offset(10, -4)), (1, 10, -4, 1, 1, 0))
        self.assertEqual(self.effects(Unison.Transition.new_move(Unison.Edge.TOP)), (1, 0, -50, 1, 1, 0))
        slide = Unison.Transition.new_slide(Unison.Edge.LEADING)
        self.assertEqual(self.effects(slide), (1, -200, 0, 1, 1, 0))
        self.assertEqual(self.effects(slide, removal=True), (1, 200, 0, 1, 1, 0))
        self.assertEqual(self.effects(slide, rtl=True), (1, 200, 0, 1, 1, 0))
        push = Unison.Transition.new_push(Unison.Edge.BOTTOM)
        self.assertEqual(self.effects(push), (0, 0, 50, 1, 1, 0))
        self.assertEqual(self.effects(push, removal=True), (0, 0, -50, 1, 1, 0))

    def test_combined_asymmetric_and_animated(self):
        fade_and_scale = Unison.Transition.new_opacity().combined(Unison.Transition.new_scale(0))
        self.assertEqual(self.effects(fade_and_scale), (0, 0, 0, 0, 0, 0))
        asymmetric = Unison.Transition.new_asymmetric(Unison.Transition.new_opacity(),
                                                      Unison.Transition.new_offset(0, 30))
        self.assertEqual(self.effects(asymmetric), (0, 0, 0, 1, 1, 0))
        self.assertEqual(self.effects(asymmetric, removal=True), (1, 0, 30, 1, 1, 0))
        animated = fade_and_scale.animation(Unison.Animation.new_bouncy(0.4))
        self.assertEqual(self.effects(animated), self.effects(fade_and_scale))
        self.assertEqual(self.effects(fade_and_scale.animation(None)), self.effects(fade_and_scale))

    def test_bad_sizes_and_offsets_stay_finite(self):
        nan = float("nan")
        offset = Unison.Transition.new_offset(nan, float("inf"))
        self.assertEqual(offset.get_effects(False, 200, 50, False), (1, 0, 0, 1, 1, 0))
        move = Unison.Transition.new_move(Unison.Edge.TRAILING)
        self.assertEqual(move.get_effects(False, nan, -5, False), (1, 0, 0, 1, 1, 0))
        self.assertEqual(Unison.Transition.new_scale(nan).get_effects(False, 1, 1, False), (1, 0, 0, 1, 1, 0))


if __name__ == "__main__":
    unittest.main()
