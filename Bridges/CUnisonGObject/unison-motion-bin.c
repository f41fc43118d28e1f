/* UnisonMotionBin's public face. The widget type is the GtkWidget that Unison's GTK layer draws
 * with (Bridges/CUnisonGtkMotion/unison_motion_bin.c), so a bin made here is the same kind of
 * widget as the ones inside a navigation stack or a content label. Its class calls
 * unison_motion_bin_install_public, which adds the properties (unison-motion-bin-properties.c); the behaviour is Swift's
 * MotionBin (Sources/UnisonGObject/MotionBin.swift), which a bin made by unison_motion_bin_new
 * keeps, in its qdata, from construction until its dispose.
 *
 * A bin made by another Unison widget (the pages of a navigation stack, a content label) belongs
 * to that widget: it has no state here, its properties read their defaults and setting them is a
 * critical. */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-motion-bin-private.h"

/**
 * UnisonMotionBin:
 *
 * A widget that draws its child moved, scaled, rotated and faded (render transforms: nothing is
 * relaid out while it moves), in any container. Set its properties inside [func@animate] and they
 * animate with the transaction's animation; outside, they jump.
 *
 * - [property@MotionBin:present] runs [property@MotionBin:transition] as the bin appears or
 *   disappears, the space it takes opening and closing with it; with
 *   [property@MotionBin:removes-when-dismissed] a dismissed bin then leaves its parent.
 * - [property@MotionBin:collapsed] folds the space the bin takes away to nothing and back (a
 *   sidebar, a row's details), the siblings moving with it.
 * - [property@MotionBin:layout-animation]: when layout moves the bin inside an animated
 *   transaction (a sibling inserted or removed, a window resized), it glides from its old place.
 * - [method@MotionBin.release] ends a drag: the translation springs home starting at the
 *   finger's velocity.
 * - [method@MotionBin.seek] drives the transition by hand (a swipe that dismisses a banner);
 *   [method@MotionBin.finish_seeking] or [method@MotionBin.cancel_seeking] then spring on or back
 *   from the release velocity.
 * - [method@MotionBin.set_matched_geometry]: two bins with one id in one namespace morph into
 *   each other when one appears as the other disappears.
 * - [method@MotionBin.set_animation_classes]: presets and `hover:`/`active:`/`focus:` variants in
 *   a class string (`"hover:scale-105 active:opacity-80 animate-spring duration-150"`).
 *
 * The properties hold the values set (where an animation is heading);
 * [method@MotionBin.get_presented_translation] and [method@MotionBin.get_presented_opacity] read
 * what is drawn now.
 *
 * ```python
 * card = Unison.MotionBin.new(Gtk.Label(label="Drag me"))
 * Unison.animate(Unison.Animation.new_bouncy(0.4), lambda: card.set_property("scale-x", 1.2))
 * ```
 */


static void
release_state (gpointer data, GObject *where_the_bin_was)
{
  UnisonMotionBinPublic *public = data;
  /* The bin is in its dispose: Swift's MotionBin gives back a reference it no longer has (the
   * caller owns the bin), so it gets one to give back. */
  g_object_ref (where_the_bin_was);
  unison_bridge_root_follower_free (public->follower);
  unison_bridge_motion_bin_free (public->state);
  g_free (public);
}

/**
 * unison_motion_bin_new:
 * @child: the widget to draw (a widget without a parent)
 *
 * A bin drawing @child. Put the bin in your container where @child would go.
 *
 * Returns: (transfer floating) (type UnisonMotionBin): a new bin, or %NULL if @child is not a widget
 */
GtkWidget *
unison_motion_bin_new (GtkWidget *child)
{
  g_return_val_if_fail (GTK_IS_WIDGET (child), NULL);
  g_return_val_if_fail (gtk_widget_get_parent (child) == NULL, NULL);
  gpointer state = unison_bridge_motion_bin_new (child);
  if (state == NULL)
    return NULL;
  GtkWidget *bin = unison_bridge_motion_bin_widget (state);
  UnisonMotionBinPublic *public = g_new0 (UnisonMotionBinPublic, 1);
  public->state = state;
  g_object_set_qdata (G_OBJECT (bin), unison_motion_bin_public_quark, public);
  /* Swift's MotionBin holds the bin's only reference; the caller gets it (floating, as from any
   * widget constructor), and the state is released when the bin is disposed. */
  g_object_force_floating (G_OBJECT (bin));
  g_object_weak_ref (G_OBJECT (bin), release_state, public);
  /* The bin animates on its child's clock until it is realized, then on its window's (shared by
   * the window's other bins: one tick callback and one engine frame for all of them). */
  public->follower = unison_bridge_root_follower_new (bin, unison_bridge_motion_bin_rooted, state);
  return bin;
}

/**
 * unison_motion_bin_get_child:
 * @self: a bin
 *
 * The widget the bin draws (see [property@MotionBin:child]).
 *
 * Returns: (transfer none) (nullable): the child
 */

/**
 * unison_motion_bin_set_translation:
 * @self: a bin
 * @x: the horizontal offset, in pixels
 * @y: the vertical offset, in pixels
 *
 * Sets [property@MotionBin:translation-x] and [property@MotionBin:translation-y] together (one
 * animation of the point inside [func@animate]). NaN and infinite values are ignored.
 */
void
unison_motion_bin_set_translation (UnisonMotionBin *self, double x, double y)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  gpointer state = unison_motion_bin_state (self, "unison_motion_bin_set_translation");
  if (state == NULL || !isfinite (x) || !isfinite (y))
    return;
  double old_x = unison_bridge_motion_bin_number (state, UNISON_BRIDGE_TRANSLATION_X);
  double old_y = unison_bridge_motion_bin_number (state, UNISON_BRIDGE_TRANSLATION_Y);
  unison_bridge_motion_bin_set_translation (state, x, y);
  if (x != old_x)
    g_object_notify_by_pspec (G_OBJECT (self), unison_motion_bin_props[PROP_TRANSLATION_X]);
  if (y != old_y)
    g_object_notify_by_pspec (G_OBJECT (self), unison_motion_bin_props[PROP_TRANSLATION_Y]);
}

/**
 * unison_motion_bin_get_presented_translation:
 * @self: a bin
 * @x: (out) (optional): the horizontal offset drawn now
 * @y: (out) (optional): the vertical offset drawn now
 *
 * The translation as drawn in the current frame (mid-animation: between the old and the new
 * value).
 */
void
unison_motion_bin_get_presented_translation (UnisonMotionBin *self, double *x, double *y)
{
  double px = 0, py = 0, opacity;
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  if (public)
    unison_bridge_motion_bin_presented (public->state, &px, &py, &opacity);
  if (x)
    *x = px;
  if (y)
    *y = py;
}

/**
 * unison_motion_bin_get_presented_opacity:
 * @self: a bin
 *
 * The opacity as drawn in the current frame: [property@MotionBin:opacity] as presented, times
 * the opacity of a running transition.
 *
 * Returns: the opacity drawn now (0…1)
 */
double
unison_motion_bin_get_presented_opacity (UnisonMotionBin *self)
{
  double x, y, opacity = 1;
  g_return_val_if_fail (UNISON_IS_MOTION_BIN (self), 1);
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  if (public)
    unison_bridge_motion_bin_presented (public->state, &x, &y, &opacity);
  return opacity;
}

/**
 * unison_motion_bin_release:
 * @self: a bin
 * @x: where the translation goes, horizontally (px)
 * @y: where the translation goes, vertically (px)
 * @velocity_x: the gesture's horizontal velocity at release (px/s)
 * @velocity_y: the gesture's vertical velocity at release (px/s)
 * @animation: (nullable): the animation, or %NULL for a spring of 0.5 s
 *
 * Ends a drag: animates the translation to (@x, @y) with @animation, starting at the finger's
 * velocity (a spring takes it over; other curves start from rest). Non-finite values are ignored.
 */
void
unison_motion_bin_release (UnisonMotionBin *self, double x, double y, double velocity_x, double velocity_y,
                           UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  gpointer state = unison_motion_bin_state (self, "unison_motion_bin_release");
  if (state == NULL || !isfinite (x) || !isfinite (y))
    return;
  double old_x = unison_bridge_motion_bin_number (state, UNISON_BRIDGE_TRANSLATION_X);
  double old_y = unison_bridge_motion_bin_number (state, UNISON_BRIDGE_TRANSLATION_Y);
  unison_bridge_motion_bin_release (state, x, y, isfinite (velocity_x) ? velocity_x : 0,
                                    isfinite (velocity_y) ? velocity_y : 0, animation);
  if (x != old_x)
    g_object_notify_by_pspec (G_OBJECT (self), unison_motion_bin_props[PROP_TRANSLATION_X]);
  if (y != old_y)
    g_object_notify_by_pspec (G_OBJECT (self), unison_motion_bin_props[PROP_TRANSLATION_Y]);
}

/**
 * unison_motion_bin_set_matched_geometry:
 * @self: a bin
 * @id: (nullable): the id shared with the bin to morph with, or %NULL to unlink @self
 * @namespace: the namespace's name (bins match only within one)
 *
 * Links @self to the other bin with @id in @namespace: when one becomes present as the other
 * stops being present inside [func@animate], the appearing one is drawn growing from the other's
 * frame while they cross-fade (a scale of what the child draws: nothing is relaid out per frame).
 */
void
unison_motion_bin_set_matched_geometry (UnisonMotionBin *self, const char *id, const char *namespace)
{
  g_return_if_fail (UNISON_IS_MOTION_BIN (self));
  g_return_if_fail (namespace != NULL);
  gpointer state = unison_motion_bin_state (self, "unison_motion_bin_set_matched_geometry");
  if (state)
    unison_bridge_motion_bin_matched_geometry (state, id, namespace);
}

/**
 * unison_motion_bin_set_animation_classes:
 * @self: a bin
 * @classes: (nullable): the classes, or %NULL for none
 * @error: return location for a #GError
 *
 * Styles the bin with a class string: value utilities (`opacity-*`, `scale-*`, `translate-*`,
 * `rotate-*`) with `hover:`, `active:` and `focus:` variants follow the child's GTK states, and
 * `animate-*` presets (`animate-spring duration-150`) animate them.
 *
 * Returns: %TRUE, or %FALSE with %UNISON_ERROR_PARSE naming the token when @classes does not parse
 *   (nothing changes then)
 */
gboolean
unison_motion_bin_set_animation_classes (UnisonMotionBin *self, const char *classes, GError **error)
{
  g_return_val_if_fail (UNISON_IS_MOTION_BIN (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  gpointer state = unison_motion_bin_state (self, "unison_motion_bin_set_animation_classes");
  if (state == NULL)
    return FALSE;
  g_autofree char *old = unison_bridge_motion_bin_classes (state);
  g_autofree char *failure = unison_bridge_motion_bin_set_classes (state, classes);
  if (failure)
    {
      g_set_error_literal (error, UNISON_ERROR, UNISON_ERROR_PARSE, failure);
      return FALSE;
    }
  if (g_strcmp0 (old, classes) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), unison_motion_bin_props[PROP_ANIMATION_CLASSES]);
  return TRUE;
}
