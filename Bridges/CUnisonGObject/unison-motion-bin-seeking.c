/* UnisonMotionBin's seeking: its transition driven by a progress from the app (a gesture), then
 * finished or cancelled with the release velocity. The behaviour is Swift's MotionBin
 * (Sources/UnisonGObject/MotionBin+Seeking.swift); the notifications are here. */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-motion-bin-private.h"

/* What a call may change, read before it, and notified after it if it changed. */
typedef struct {
  gboolean present;
  gboolean seeking;
  double progress;
} Observed;

static Observed
observe (gpointer state)
{
  return (Observed){ unison_bridge_motion_bin_present (state), unison_bridge_motion_bin_seeking (state),
                     unison_bridge_motion_bin_seek_progress (state, TRUE) };
}

static void
notify_changes (UnisonMotionBin *self, gpointer state, Observed before)
{
  Observed after = observe (state);
  GObject *object = G_OBJECT (self);
  g_object_freeze_notify (object);
  if (after.present != before.present)
    g_object_notify_by_pspec (object, unison_motion_bin_props[PROP_PRESENT]);
  if (after.seeking != before.seeking)
    g_object_notify_by_pspec (object, unison_motion_bin_props[PROP_SEEKING]);
  if (after.progress != before.progress)
    g_object_notify_by_pspec (object, unison_motion_bin_props[PROP_PROGRESS]);
  g_object_thaw_notify (object);
}

/**
 * unison_motion_bin_seek:
 * @self: a bin
 * @progress: how far through the transition, 0…1 (clamped; NaN is ignored)
 * @present: where the transition goes: %TRUE its insertion, %FALSE its removal
 *
 * Drives the bin's transition by hand: the bin is drawn with the effects of
 * [property@MotionBin:transition] at @progress towards @present (0: where it starts, 1: where it
 * ends), and the space it takes follows the same fraction. For a gesture that pulls a bin in or
 * pushes it out; end it with [method@MotionBin.finish_seeking] or [method@MotionBin.cancel_seeking].
 *
 * - A seek starts when [property@MotionBin:present] differs from @present, or when a transition
 *   towards @present is running: it is grabbed where it is (start from
 *   [method@MotionBin.get_seek_progress]) and nothing jumps. Otherwise (the bin already rests on
 *   that side) the call is ignored. Once started, seeks go anywhere in 0…1, back and forth, and
 *   may change direction.
 * - [property@MotionBin:present] keeps its value while seeking (the side the seek started
 *   from); finishing sets it to the seek's target.
 * - Seeking an insertion shows the bin first.
 * - The transition is drawn as it is: reduced motion applies to the animation that finishes or
 *   cancels the seek.
 *
 * ```python
 * # A swipe up dismisses the banner: 80 px of drag is the whole removal.
 * banner.seek(-drag_y / 80, False)
 * ```
 */
void
unison_motion_bin_seek (UnisonMotionBin *self, double progress, gboolean present)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  gpointer state = unison_motion_bin_state (self, "unison_motion_bin_seek");
  if (state == NULL || isnan (progress))
    return;
  Observed before = observe (state);
  unison_bridge_motion_bin_seek (state, progress, present != FALSE);
  notify_changes (self, state, before);
}

static void
end_seek (UnisonMotionBin *self, gboolean finish, double velocity, UnisonAnimation *animation, const char *function)
{
  gpointer state = unison_motion_bin_state (self, function);
  if (state == NULL)
    return;
  Observed before = observe (state);
  unison_bridge_motion_bin_end_seek (state, finish, isfinite (velocity) ? velocity : 0, animation);
  notify_changes (self, state, before);
}

/**
 * unison_motion_bin_finish_seeking:
 * @self: a bin
 * @velocity: the gesture's speed at release, in progress per second (its speed in pixels per
 *   second divided by the distance that is a progress of 1), positive towards the seek's target;
 *   a non-finite value counts as 0
 * @animation: (nullable): the animation, or %NULL for the transition's own, else the enclosing
 *   [func@animate]'s, else a spring of 0.5 s
 *
 * Ends a seek by animating on to its target from where the bin is drawn: a spring begins at
 * @velocity, so the motion continues the gesture's (other animations start from rest).
 * [property@MotionBin:present] becomes the target at once; a removal hides the bin (or removes
 * it with [property@MotionBin:removes-when-dismissed]) once it has finished. Inside
 * [func@without_animation], or with animations off in GTK, it ends at once. The enclosing
 * [func@animate]'s completion waits for it. Does nothing unless seeking.
 */
void
unison_motion_bin_finish_seeking (UnisonMotionBin *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  end_seek (self, TRUE, velocity, animation, "unison_motion_bin_finish_seeking");
}

/**
 * unison_motion_bin_cancel_seeking:
 * @self: a bin
 * @velocity: the gesture's speed at release, in progress per second, positive towards the
 *   seek's target (a release moving back is negative); a non-finite value counts as 0
 * @animation: (nullable): the animation, chosen as in [method@MotionBin.finish_seeking]
 *
 * Ends a seek by animating back to where it started (an insertion hides the bin again, a
 * removal returns it to rest), from where the bin is drawn, a spring beginning at @velocity.
 * If the seek grabbed a running transition, this reverses it: [property@MotionBin:present]
 * becomes the other side. Does nothing unless seeking.
 */
void
unison_motion_bin_cancel_seeking (UnisonMotionBin *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  end_seek (self, FALSE, velocity, animation, "unison_motion_bin_cancel_seeking");
}

/**
 * unison_motion_bin_get_seeking:
 * @self: a bin
 *
 * Whether a seek is in progress (see [property@MotionBin:seeking]).
 *
 * Returns: %TRUE while seeking
 */
gboolean
unison_motion_bin_get_seeking (UnisonMotionBin *self)
{
  g_return_val_if_fail (UNISON_IS_MOTION_BIN (self), FALSE);
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  return public ? unison_bridge_motion_bin_seeking (public->state) : FALSE;
}

/**
 * unison_motion_bin_get_progress:
 * @self: a bin
 *
 * How far the bin is drawn towards being present (see [property@MotionBin:progress]).
 *
 * Returns: the progress towards present (1 present at rest, 0 gone)
 */
double
unison_motion_bin_get_progress (UnisonMotionBin *self)
{
  g_return_val_if_fail (UNISON_IS_MOTION_BIN (self), 1);
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  return public ? unison_bridge_motion_bin_seek_progress (public->state, TRUE) : 1;
}

/**
 * unison_motion_bin_get_seek_progress:
 * @self: a bin
 * @present: the direction: %TRUE towards present, %FALSE towards gone
 *
 * How far the bin is through its transition towards @present, as [method@MotionBin.seek] counts
 * it: the last progress sought while seeking that way, otherwise the effects drawn measured
 * along that transition (0 on the other side, 1 there). A gesture that grabs a running
 * transition starts from it, so nothing jumps.
 *
 * Returns: the progress towards @present
 */
double
unison_motion_bin_get_seek_progress (UnisonMotionBin *self, gboolean present)
{
  g_return_val_if_fail (UNISON_IS_MOTION_BIN (self), 0);
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  if (public == NULL)
    return present ? 1 : 0;
  return unison_bridge_motion_bin_seek_progress (public->state, present != FALSE);
}
