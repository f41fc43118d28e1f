/* UnisonAnimation's boxed GType. The animation is an immutable Swift object
 * (Sources/UnisonGObject/Animation.swift), so its functions, documented here for gi-docgen and
 * g-ir-scanner, are implemented in Swift through `@_cdecl`: the C side only registers the type. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

/**
 * UnisonAnimation:
 *
 * How a value changes over time: a spring, a timing curve, with a delay, a speed or repeats.
 *
 * An animation is an immutable, reference-counted value: constructors return a new reference,
 * and a modifier such as [method@Animation.delay] returns a new animation, leaving its argument
 * as it was. Hand one to [func@animate].
 *
 * Bad arguments never give NaN: non-finite or negative durations and delays, and a bounce
 * outside −1…1, are clamped (each function says how).
 *
 * ```python
 * spring = Unison.Animation.new_spring(0.5, 0.3).delay(0.1)
 * ```
 */
G_DEFINE_BOXED_TYPE (UnisonAnimation, unison_animation, unison_animation_ref, unison_animation_unref)

/**
 * unison_animation_ref:
 * @self: an animation
 *
 * Takes a reference to @self.
 *
 * Returns: (transfer full): @self
 */

/**
 * unison_animation_unref:
 * @self: (transfer full): an animation
 *
 * Releases a reference to @self.
 */

/**
 * unison_animation_equal:
 * @self: an animation
 * @other: another animation
 *
 * Whether two animations are the same: same kind, same parameters after clamping, same modifiers.
 *
 * Returns: %TRUE if they are equal
 */

/**
 * unison_animation_to_string:
 * @self: an animation
 *
 * Describes @self as Swift spells it, with its parameters after clamping
 * (`spring(duration: 0.5, bounce: 0.3).delay(0.1)`).
 *
 * Returns: (transfer full): the description
 */

/**
 * unison_animation_new_default:
 *
 * The default animation: a critically damped spring with a 0.55 s response.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_spring:
 * @duration: the perceptual duration (the spring's response) in seconds
 * @bounce: 0 is critically damped, towards 1 bouncier, below 0 overdamped
 *
 * A spring that takes over a running animation of the same property with its velocity.
 *
 * @bounce is clamped to −0.99…1 (NaN: 0); @duration is clamped to 0.001…1000 s (NaN: 0.5 s,
 * zero or negative: 0.001 s).
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_spring_physics:
 * @mass: the mass (not finite or not positive: 1)
 * @stiffness: the stiffness (negative or NaN: 0, then clamped to the shortest response)
 * @damping: the damping coefficient (negative: 0; NaN: critical)
 *
 * A physical spring that combines with a running animation instead of taking it over
 * (SwiftUI's `interpolatingSpring(mass:stiffness:damping:)`). The response is clamped to
 * 0.001…1000 s.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_spring_response:
 * @response: the period of the undamped spring, in seconds (clamped as for a duration)
 * @damping_fraction: the damping ratio: 1 critical, below 1 bouncy (negative: 0, NaN: 1)
 *
 * A spring in SwiftUI's response/damping-fraction spelling.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_smooth:
 * @duration: the duration in seconds (clamped as for [ctor@Animation.new_spring])
 *
 * A smooth spring: no bounce.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_snappy:
 * @duration: the duration in seconds (clamped as for [ctor@Animation.new_spring])
 *
 * A snappy spring: bounce 0.15.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_bouncy:
 * @duration: the duration in seconds (clamped as for [ctor@Animation.new_spring])
 *
 * A bouncy spring: bounce 0.3.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_linear:
 * @duration: seconds; negative, zero, NaN or infinite: the animation is instant
 *
 * Constant speed over @duration.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_ease_in:
 * @duration: seconds; negative, zero, NaN or infinite: the animation is instant
 *
 * Starts slowly, ends at full speed.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_ease_out:
 * @duration: seconds; negative, zero, NaN or infinite: the animation is instant
 *
 * Starts at full speed, ends slowly.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_ease_in_out:
 * @duration: seconds; negative, zero, NaN or infinite: the animation is instant
 *
 * Starts and ends slowly.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_timing_curve:
 * @x1: the first control point's x
 * @y1: the first control point's y
 * @x2: the second control point's x
 * @y2: the second control point's y
 * @duration: seconds; negative, zero, NaN or infinite: the animation is instant
 *
 * A cubic Bézier timing curve from (0, 0) to (1, 1) with the control points (@x1, @y1) and
 * (@x2, @y2), as CSS's `cubic-bezier()`.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_new_from_classes:
 * @classes: a class string such as `"animate-spring duration-150 delay-50"`
 * @error: the place for an error
 *
 * The animation a class string names: `animate-<preset>` (`spring`, `smooth`, `snappy`,
 * `bouncy`, `linear`, `ease-in-out`…), `duration-<ms>` and `delay-<ms>`.
 *
 * A token that does not parse fails with %UNISON_ERROR_PARSE and a message naming it; classes
 * that name no animation (no `animate-*`) fail with %UNISON_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer full): a new animation, or %NULL with @error set
 */

/**
 * unison_animation_delay:
 * @self: an animation
 * @seconds: the delay; negative, NaN or infinite: 0
 *
 * @self, starting @seconds later.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_speed:
 * @self: an animation
 * @factor: how many times faster; NaN: 1; zero, negative or infinite: instant
 *
 * @self, played @factor times faster.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_repeat_count:
 * @self: an animation
 * @count: the number of one-way passes (zero or less: it ends at once)
 * @autoreverses: whether every second pass runs backwards
 *
 * @self, played @count times.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_repeat_forever:
 * @self: an animation
 * @autoreverses: whether every second pass runs backwards
 *
 * @self, repeated for as long as the property lives; it never completes.
 *
 * Returns: (transfer full): a new animation
 */

/**
 * unison_animation_value:
 * @self: an animation
 * @time: seconds since the start (NaN or negative: 0)
 *
 * The progress of a change from 0 to 1 started from rest, @time seconds after it starts: what a
 * [class@Value] animating from `a` to `b` presents is `a + (b − a) × progress` (for springs,
 * which may overshoot, progress passes 1). 1 once the animation has finished.
 *
 * Returns: the progress
 */
