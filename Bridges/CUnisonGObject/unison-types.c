/* The GTypes of Unison's values: the error domain, UnisonEdge, and the boxed UnisonAnimation and
 * UnisonTransition. The boxed values are immutable Swift objects (Sources/UnisonGObject), so their
 * functions, documented here for gi-docgen and g-ir-scanner, are implemented in Swift through
 * `@_cdecl`: the C side only registers the types. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

/**
 * unison_error_quark:
 *
 * The quark of the %UNISON_ERROR domain.
 *
 * Returns: the quark
 */
G_DEFINE_QUARK (unison-error-quark, unison_error)

GType
unison_error_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { UNISON_ERROR_INVALID_ARGUMENT, "UNISON_ERROR_INVALID_ARGUMENT", "invalid-argument" },
        { UNISON_ERROR_PARSE, "UNISON_ERROR_PARSE", "parse" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("UnisonError"), values));
    }
  return type;
}

GType
unison_edge_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { UNISON_EDGE_TOP, "UNISON_EDGE_TOP", "top" },
        { UNISON_EDGE_BOTTOM, "UNISON_EDGE_BOTTOM", "bottom" },
        { UNISON_EDGE_LEADING, "UNISON_EDGE_LEADING", "leading" },
        { UNISON_EDGE_TRAILING, "UNISON_EDGE_TRAILING", "trailing" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("UnisonEdge"), values));
    }
  return type;
}

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

/**
 * UnisonTransition:
 *
 * How a widget enters and leaves: an immutable, reference-counted value of effects (opacity,
 * offset, scale) applied while it is inserted or removed. Combine transitions with
 * [method@Transition.combined], give each direction its own with
 * [ctor@Transition.new_asymmetric], and an animation with [method@Transition.animation].
 *
 * [method@Transition.get_effects] reads back what a transition does to a widget of a given size.
 */
G_DEFINE_BOXED_TYPE (UnisonTransition, unison_transition, unison_transition_ref, unison_transition_unref)

/**
 * unison_transition_ref:
 * @self: a transition
 *
 * Takes a reference to @self.
 *
 * Returns: (transfer full): @self
 */

/**
 * unison_transition_unref:
 * @self: (transfer full): a transition
 *
 * Releases a reference to @self.
 */

/**
 * unison_transition_new_identity:
 *
 * A transition that changes nothing.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_opacity:
 *
 * Fades in and out.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_scale:
 * @scale: the scale off stage (0 grows from nothing; not finite: 1, no scaling)
 *
 * Scales from @scale about the centre on insertion, and back to it on removal.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_slide:
 * @edge: the edge it comes in from
 *
 * Comes in from @edge and leaves by the opposite one (%UNISON_EDGE_LEADING is SwiftUI's
 * `.slide`).
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_move:
 * @edge: the edge it comes in from and leaves by
 *
 * Comes in from @edge and leaves by it, moved by its own size.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_push:
 * @edge: the edge it comes in from
 *
 * Comes in from @edge and leaves by the opposite edge, fading at the far side.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_offset:
 * @x: the horizontal offset off stage, in pixels
 * @y: the vertical offset off stage, in pixels
 *
 * Offset by (@x, @y) off stage. Non-finite offsets count as 0.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_new_asymmetric: (constructor)
 * @insertion: the transition on insertion
 * @removal: the transition on removal
 *
 * @insertion when the widget comes in, @removal when it leaves.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_combined:
 * @self: a transition
 * @other: another transition
 *
 * Both transitions' effects at once.
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_animation:
 * @self: a transition
 * @animation: (nullable): the animation this transition runs with
 *
 * @self, running with @animation whatever the transaction's animation (%NULL: the transaction's).
 *
 * Returns: (transfer full): a new transition
 */

/**
 * unison_transition_get_effects:
 * @self: a transition
 * @removal: %FALSE for the effects a widget comes in from, %TRUE for the ones it leaves with
 * @width: the widget's width in pixels
 * @height: the widget's height in pixels
 * @right_to_left: whether the widget's text runs right to left (leading is then the right edge)
 * @opacity: (out) (optional): the opacity, 0…1
 * @offset_x: (out) (optional): the horizontal offset, in pixels
 * @offset_y: (out) (optional): the vertical offset, in pixels
 * @scale_x: (out) (optional): the horizontal scale
 * @scale_y: (out) (optional): the vertical scale
 * @rotation: (out) (optional): the rotation in degrees
 *
 * The effects of @self off stage, for a widget of @width × @height (non-finite or negative
 * sizes count as 0): what a widget is drawn with at the start of its insertion or the end of
 * its removal.
 */
