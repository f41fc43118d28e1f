/* UnisonTransition's boxed GType. The transition is an immutable Swift object
 * (Sources/UnisonGObject/Transition.swift), so its functions, documented here for gi-docgen and
 * g-ir-scanner, are implemented in Swift through `@_cdecl`: the C side only registers the type. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

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
