/* Documentation of the transaction functions, for gi-docgen and g-ir-scanner: they are implemented
 * in Swift (Sources/UnisonGObject/Animate.swift) through `@_cdecl`. The one C helper the Swift side
 * needs is here too. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

/**
 * unison_animate:
 * @animation: (nullable): the animation for the changes; %NULL: they jump
 * @changes: (scope call) (closure changes_data): makes the changes
 * @changes_data: data for @changes
 * @completion: (nullable) (scope notified) (closure completion_data) (destroy completion_destroy): called
 *   once the animations the changes started are logically complete
 * @completion_data: data for @completion
 * @completion_destroy: (nullable): frees @completion_data, once, after
 *   @completion ran
 *
 * Runs @changes so that every Unison property it sets (a [class@Value]'s `value`, in any window)
 * animates with @animation, all in the same frames; then calls @completion once.
 *
 * @completion runs exactly once: at once (before this returns) if nothing animates, otherwise
 * at the end of the frame where the animations are logically complete, or at the next turn of
 * the main loop if the widget animating them goes away; never inside the release of an object.
 * @completion_destroy is called once, right after @completion.
 *
 * Nested calls animate their own changes with their own animation. Setting a property inside
 * [func@without_animation] makes it jump.
 *
 * ```python
 * Unison.animate(Unison.Animation.new_spring(0.5, 0.2),
 *                lambda *_: value.set_value(100),
 *                lambda *_: print("done"))
 * ```
 */

/**
 * unison_without_animation:
 * @changes: (scope call) (closure changes_data): makes the changes
 * @changes_data: data for @changes
 *
 * Runs @changes in a transaction that disables animation: what it sets jumps, even inside
 * [func@animate].
 */

void
unison_bridge_critical (const char *message)
{
  g_critical ("%s", message);
}
