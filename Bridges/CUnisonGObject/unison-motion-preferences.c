/* Reduced motion and essential animations: the enum's GType is here, with the documentation of the
 * functions, which are implemented in Swift (Sources/UnisonGObject/MotionPreferences.swift)
 * through `@_cdecl`. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

GType
unison_reduce_motion_get_type (void)
{
  static gsize type = 0;
  if (g_once_init_enter (&type))
    {
      static const GEnumValue values[] = {
        { UNISON_REDUCE_MOTION_SYSTEM, "UNISON_REDUCE_MOTION_SYSTEM", "system" },
        { UNISON_REDUCE_MOTION_ON, "UNISON_REDUCE_MOTION_ON", "on" },
        { UNISON_REDUCE_MOTION_OFF, "UNISON_REDUCE_MOTION_OFF", "off" },
        { 0, NULL, NULL },
      };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("UnisonReduceMotion"), values));
    }
  return type;
}

/**
 * unison_set_reduce_motion_override:
 * @value: the app's choice
 *
 * Sets the app's own choice about reduced motion, over the system's, app-wide (an in-app
 * "Reduce motion" switch): %UNISON_REDUCE_MOTION_ON reduces motion even where the system does
 * not, %UNISON_REDUCE_MOTION_OFF shows full motion even where it does, and
 * %UNISON_REDUCE_MOTION_SYSTEM follows the system again. Used from the next change on.
 *
 * Reduced motion is not "animations off": motion is transformed, not removed. Transitions that
 * move, scale or rotate become cross-fades, springs keep their duration and lose their bounce,
 * digits that roll fade in place instead, and essential animations ([func@animate_essential])
 * run as they are. With animations turned off in GTK (`gtk-enable-animations`), changes jump,
 * whatever this says (except essential ones).
 *
 * A value outside the enumeration is a critical and changes nothing.
 *
 * ```python
 * Unison.set_reduce_motion_override(Unison.ReduceMotion.ON)
 * ```
 */

/**
 * unison_get_reduce_motion_override:
 *
 * The app's choice about reduced motion (see [func@set_reduce_motion_override]).
 *
 * Returns: the value last set, %UNISON_REDUCE_MOTION_SYSTEM by default
 */

/**
 * unison_get_reduces_motion:
 * @widget: (nullable): a widget, or %NULL to ask app-wide
 *
 * Whether a change made now shows reduced motion: under @widget, the app's choice
 * ([func@set_reduce_motion_override]), else GTK's `gtk-interface-reduced-motion` setting for
 * @widget's display (where the running GTK has it), and always when animations are off in
 * GTK for it; without a widget, the app's choice, else the default display's setting.
 *
 * An app reads it to adapt motion of its own (a parallax it draws, a video that autoplays);
 * Unison's own animations adapt by themselves.
 *
 * Returns: %TRUE when motion is reduced
 */

/**
 * unison_animate_essential:
 * @animation: (nullable): the animation for the changes; %NULL: they jump
 * @changes: (scope call) (closure changes_data): makes the changes
 * @changes_data: data for @changes
 * @completion: (nullable) (scope notified) (closure completion_data) (destroy completion_destroy): called
 *   once the animations the changes started are logically complete
 * @completion_data: data for @completion
 * @completion_destroy: (nullable): frees @completion_data, once, after
 *   @completion ran
 *
 * [func@animate] for motion that carries information: a progress bar filling, a spinner, a value
 * following the user's finger. Reduced motion leaves these animations as they are, and they run
 * even with animations turned off in GTK, on a widget that is mapped (an unmapped one jumps).
 * Nested transactions keep the mark. @completion runs exactly once, as for [func@animate].
 *
 * ```python
 * Unison.animate_essential(Unison.Animation.new_linear(0.2),
 *                          lambda *_: progress.set_value(0.6))
 * ```
 */
