/* UnisonMotionBin's public properties, installed on the class by its class_init
 * (Bridges/CUnisonGtkMotion/unison_motion_bin.c calls unison_motion_bin_install_public). The
 * methods and the class's documentation are in unison-motion-bin.c. */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-motion-bin-private.h"

GParamSpec *unison_motion_bin_props[N_PROPS];
GQuark unison_motion_bin_public_quark;

/* The number behind each numeric property, and its value without a state. */
static const struct {
  UnisonBridgeNumber which;
  double unset;
} numbers[N_PROPS] = {
  [PROP_TRANSLATION_X] = { UNISON_BRIDGE_TRANSLATION_X, 0 },
  [PROP_TRANSLATION_Y] = { UNISON_BRIDGE_TRANSLATION_Y, 0 },
  [PROP_SCALE_X] = { UNISON_BRIDGE_SCALE_X, 1 },
  [PROP_SCALE_Y] = { UNISON_BRIDGE_SCALE_Y, 1 },
  [PROP_ROTATION] = { UNISON_BRIDGE_ROTATION, 0 },
  [PROP_OPACITY] = { UNISON_BRIDGE_OPACITY, 1 },
};

UnisonMotionBinPublic *
unison_motion_bin_public (gpointer self)
{
  return g_object_get_qdata (G_OBJECT (self), unison_motion_bin_public_quark);
}

gpointer
unison_motion_bin_state (UnisonMotionBin *self, const char *function)
{
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  if (public == NULL)
    {
      g_critical ("%s: this UnisonMotionBin was not made by unison_motion_bin_new (another Unison widget "
                  "drives it); ignored",
                  function);
      return NULL;
    }
  return public->state;
}

static void
unison_motion_bin_public_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonMotionBin *self = UNISON_MOTION_BIN (object);
  UnisonMotionBinPublic *public = unison_motion_bin_public (self);
  gpointer state = public ? public->state : NULL;
  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, unison_motion_bin_get_child (self));
      break;
    case PROP_TRANSLATION_X:
    case PROP_TRANSLATION_Y:
    case PROP_SCALE_X:
    case PROP_SCALE_Y:
    case PROP_ROTATION:
    case PROP_OPACITY:
      g_value_set_double (value, state ? unison_bridge_motion_bin_number (state, numbers[prop_id].which)
                                       : numbers[prop_id].unset);
      break;
    case PROP_PRESENT:
      g_value_set_boolean (value, state ? unison_bridge_motion_bin_present (state) : TRUE);
      break;
    case PROP_TRANSITION:
      g_value_take_boxed (value, state ? unison_bridge_motion_bin_transition (state) : unison_transition_new_opacity ());
      break;
    case PROP_REMOVES_WHEN_DISMISSED:
      g_value_set_boolean (value, public ? public->removes : FALSE);
      break;
    case PROP_LAYOUT_ANIMATION:
      g_value_set_boolean (value, state ? unison_bridge_motion_bin_layout_animation (state) : TRUE);
      break;
    case PROP_ANIMATION_CLASSES:
      g_value_take_string (value, state ? unison_bridge_motion_bin_classes (state) : NULL);
      break;
    case PROP_COLLAPSED:
      g_value_set_boolean (value, state ? unison_bridge_motion_bin_collapsed (state) : FALSE);
      break;
    case PROP_SEEKING:
      g_value_set_boolean (value, state ? unison_bridge_motion_bin_seeking (state) : FALSE);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, state ? unison_bridge_motion_bin_seek_progress (state, TRUE) : 1);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_motion_bin_public_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  UnisonMotionBin *self = UNISON_MOTION_BIN (object);
  gpointer state = unison_motion_bin_state (self, "g_object_set");
  if (state == NULL)
    return;
  switch (prop_id)
    {
    case PROP_TRANSLATION_X:
    case PROP_TRANSLATION_Y:
    case PROP_SCALE_X:
    case PROP_SCALE_Y:
    case PROP_ROTATION:
    case PROP_OPACITY:
      {
        double new = g_value_get_double (value);
        UnisonBridgeNumber which = numbers[prop_id].which;
        if (!isfinite (new) || new == unison_bridge_motion_bin_number (state, which))
          return;
        unison_bridge_motion_bin_set_number (state, which, new);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case PROP_PRESENT:
      {
        gboolean present = g_value_get_boolean (value);
        if (present == unison_bridge_motion_bin_present (state))
          return;
        unison_bridge_motion_bin_set_present (state, present, unison_motion_bin_public (self)->removes);
        g_object_notify_by_pspec (object, pspec);
      }
      break;
    case PROP_TRANSITION:
      unison_bridge_motion_bin_set_transition (state, g_value_get_boxed (value));
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_REMOVES_WHEN_DISMISSED:
      if (unison_motion_bin_public (self)->removes != g_value_get_boolean (value))
        {
          unison_motion_bin_public (self)->removes = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_LAYOUT_ANIMATION:
      if (unison_bridge_motion_bin_layout_animation (state) != g_value_get_boolean (value))
        {
          unison_bridge_motion_bin_set_layout_animation (state, g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_COLLAPSED:
      if (unison_bridge_motion_bin_collapsed (state) != g_value_get_boolean (value))
        {
          unison_bridge_motion_bin_set_collapsed (state, g_value_get_boolean (value));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_ANIMATION_CLASSES:
      {
        g_autoptr (GError) error = NULL;
        if (!unison_motion_bin_set_animation_classes (self, g_value_get_string (value), &error))
          g_critical ("UnisonMotionBin:animation-classes: %s", error->message);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Called by the class's class_init (Bridges/CUnisonGtkMotion/unison_motion_bin.c). */
void
unison_motion_bin_install_public (GObjectClass *object_class)
{
  unison_motion_bin_public_quark = g_quark_from_static_string ("unison-motion-bin-public");
  object_class->get_property = unison_motion_bin_public_get_property;
  object_class->set_property = unison_motion_bin_public_set_property;
  GParamFlags animated = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /**
   * UnisonMotionBin:child: (getter get_child)
   *
   * The widget the bin draws, given to [ctor@MotionBin.new].
   */
  unison_motion_bin_props[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonMotionBin:translation-x:
   *
   * The horizontal offset from where layout puts the bin, in pixels (drawn: the pointer still
   * hits the bin where layout put it). Animates inside [func@animate]; NaN and infinite values
   * are ignored.
   */
  unison_motion_bin_props[PROP_TRANSLATION_X] = g_param_spec_double ("translation-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                                   animated);
  /**
   * UnisonMotionBin:translation-y:
   *
   * The vertical offset from where layout puts the bin, in pixels (see
   * [property@MotionBin:translation-x]).
   */
  unison_motion_bin_props[PROP_TRANSLATION_Y] = g_param_spec_double ("translation-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                                   animated);
  /**
   * UnisonMotionBin:scale-x:
   *
   * The horizontal scale about the bin's centre. Animates inside [func@animate].
   */
  unison_motion_bin_props[PROP_SCALE_X] = g_param_spec_double ("scale-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 1, animated);
  /**
   * UnisonMotionBin:scale-y:
   *
   * The vertical scale about the bin's centre. Animates inside [func@animate].
   */
  unison_motion_bin_props[PROP_SCALE_Y] = g_param_spec_double ("scale-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 1, animated);
  /**
   * UnisonMotionBin:rotation:
   *
   * The rotation about the bin's centre, in degrees clockwise. Animates inside [func@animate].
   */
  unison_motion_bin_props[PROP_ROTATION] = g_param_spec_double ("rotation", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, animated);
  /**
   * UnisonMotionBin:opacity:
   *
   * The opacity the child is drawn with (0…1; the widget's own `GtkWidget:opacity` is left
   * alone). Animates inside [func@animate].
   */
  unison_motion_bin_props[PROP_OPACITY] = g_param_spec_double ("opacity", NULL, NULL, 0, 1, 1, animated);
  /**
   * UnisonMotionBin:present:
   *
   * Whether the bin is (or is becoming) present. Set inside [func@animate], %TRUE runs the
   * insertion of [property@MotionBin:transition] and %FALSE its removal, the space the bin takes
   * growing from or shrinking to nothing meanwhile; outside, it appears or disappears at once.
   * A bin no longer present is hidden, or with [property@MotionBin:removes-when-dismissed]
   * removed from its parent.
   */
  unison_motion_bin_props[PROP_PRESENT] = g_param_spec_boolean ("present", NULL, NULL, TRUE, animated);
  /**
   * UnisonMotionBin:transition:
   *
   * How the bin comes and goes when [property@MotionBin:present] changes (a fade by default).
   */
  unison_motion_bin_props[PROP_TRANSITION] = g_param_spec_boxed ("transition", NULL, NULL, UNISON_TYPE_TRANSITION, animated);
  /**
   * UnisonMotionBin:removes-when-dismissed:
   *
   * Whether a bin whose [property@MotionBin:present] becomes %FALSE leaves its parent once its
   * removal transition has finished (at once outside an animated transaction), instead of
   * being hidden.
   */
  unison_motion_bin_props[PROP_REMOVES_WHEN_DISMISSED] = g_param_spec_boolean ("removes-when-dismissed", NULL, NULL, FALSE, animated);
  /**
   * UnisonMotionBin:layout-animation:
   *
   * Whether the bin glides from its old place when the layout pass after an animated transaction
   * moves it (a sibling inserted, removed or resized, the window resized), with the transaction's
   * animation; its completions wait for the glide.
   */
  unison_motion_bin_props[PROP_LAYOUT_ANIMATION] = g_param_spec_boolean ("layout-animation", NULL, NULL, TRUE, animated);
  /**
   * UnisonMotionBin:animation-classes:
   *
   * The classes styling the bin (see [method@MotionBin.set_animation_classes]). A string that does
   * not parse, set as a property, is a critical and changes nothing.
   */
  unison_motion_bin_props[PROP_ANIMATION_CLASSES] = g_param_spec_string ("animation-classes", NULL, NULL, NULL, animated);
  /**
   * UnisonMotionBin:collapsed:
   *
   * Whether the bin is collapsed: the space it takes shrinks to nothing (its child clipped to
   * it, its siblings moving into the space) and grows back to its natural size when this turns
   * %FALSE. Set inside [func@animate], the size animates with the transaction (its container
   * relays out every frame); outside, it jumps. A collapsed bin stays shown and keeps its child
   * (a folding sidebar, a row's details), where [property@MotionBin:present] makes it come and go
   * through its transition; the two combine.
   */
  unison_motion_bin_props[PROP_COLLAPSED] = g_param_spec_boolean ("collapsed", NULL, NULL, FALSE, animated);
  /**
   * UnisonMotionBin:seeking: (getter get_seeking)
   *
   * Whether the bin's transition is driven by hand (see [method@MotionBin.seek]); notified when
   * a seek starts and when it is finished or cancelled.
   */
  unison_motion_bin_props[PROP_SEEKING] = g_param_spec_boolean ("seeking", NULL, NULL, FALSE,
                                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                                  | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonMotionBin:progress: (getter get_progress)
   *
   * How far the bin is drawn through its transition towards being present: 1 present and at
   * rest, 0 gone, between while a transition runs or is sought (a spring may pass 0…1 slightly).
   * It is [method@MotionBin.get_seek_progress] towards %TRUE; a seek of a removal reads from it
   * the other way ([method@MotionBin.get_seek_progress] with %FALSE).
   *
   * `notify::progress` is emitted by the calls that set it ([method@MotionBin.seek], finishing and
   * cancelling a seek), not on every frame of an animation.
   */
  unison_motion_bin_props[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 1,
                                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                                  | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, unison_motion_bin_props);
}

