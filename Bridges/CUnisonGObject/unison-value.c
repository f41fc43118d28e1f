/* UnisonValue: an animatable number on the frame clock of a widget's window. The GObject
 * (properties, notify, driven properties) is here; the animation is Swift's AnimatableProperty
 * (Sources/UnisonGObject/Value.swift), which calls unison_bridge_value_present every frame.
 *
 * unison_value_drive_property checks the property here (its criticals name it); the writing is
 * UnisonGtk's, the writer of AnimatedObjectProperty, so that both write properties one way. */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-bridge.h"

struct _UnisonValue {
  GObject parent_instance;
  GWeakRef widget;
  gpointer state;         /* Swift's, or NULL before construction or without a widget */
  double initial;         /* `value` given before the state exists */
};

enum {
  PROP_0,
  PROP_WIDGET,
  PROP_VALUE,
  PROP_TARGET,
  PROP_VELOCITY,
  N_PROPS,
};

static GParamSpec *props[N_PROPS];

/**
 * UnisonValue:
 *
 * An animatable number: set [property@Value:value] inside [func@animate] and it animates on the
 * frame clock of its widget's window, notifying `notify::value` on every presented frame; set it
 * outside and it jumps. The values, bins and labels of one window share that window's clock (one
 * tick callback for all of them).
 *
 * [method@Value.drive_property] writes the presented value into a numeric property of any
 * object every frame, as libadwaita's `AdwPropertyAnimationTarget` does.
 *
 * ```python
 * value = Unison.Value.new(label, 0)
 * value.connect("notify::value", lambda v, _: label.set_text(f"{v.props.value:.0f}"))
 * Unison.animate(Unison.Animation.new_smooth(0.5), lambda *_: value.set_value(100), None)
 * ```
 */
G_DEFINE_FINAL_TYPE (UnisonValue, unison_value, G_TYPE_OBJECT)

void
unison_bridge_value_present (UnisonValue *self, double presented)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_VALUE]);
}

static void
unison_value_constructed (GObject *object)
{
  UnisonValue *self = UNISON_VALUE (object);
  G_OBJECT_CLASS (unison_value_parent_class)->constructed (object);
  GtkWidget *widget = g_weak_ref_get (&self->widget);
  if (widget == NULL)
    {
      g_critical ("UnisonValue needs a widget (its frame clock drives it): use unison_value_new");
      return;
    }
  self->state = unison_bridge_value_new (self, widget, self->initial);
  g_object_unref (widget);
}

static void
unison_value_dispose (GObject *object)
{
  UnisonValue *self = UNISON_VALUE (object);
  /* Stops the animation; waiting completions run at the next safe point, not here. */
  g_clear_pointer (&self->state, unison_bridge_value_free);
  G_OBJECT_CLASS (unison_value_parent_class)->dispose (object);
}

static void
unison_value_finalize (GObject *object)
{
  UnisonValue *self = UNISON_VALUE (object);
  g_weak_ref_clear (&self->widget);
  G_OBJECT_CLASS (unison_value_parent_class)->finalize (object);
}

static void
unison_value_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonValue *self = UNISON_VALUE (object);
  switch (prop_id)
    {
    case PROP_WIDGET:
      g_value_take_object (value, g_weak_ref_get (&self->widget));
      break;
    case PROP_VALUE:
      g_value_set_double (value, unison_value_get_value (self));
      break;
    case PROP_TARGET:
      g_value_set_double (value, unison_value_get_target (self));
      break;
    case PROP_VELOCITY:
      g_value_set_double (value, unison_value_get_velocity (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_value_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  UnisonValue *self = UNISON_VALUE (object);
  switch (prop_id)
    {
    case PROP_WIDGET:
      g_weak_ref_set (&self->widget, g_value_get_object (value));
      break;
    case PROP_VALUE:
      unison_value_set_value (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_value_class_init (UnisonValueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->constructed = unison_value_constructed;
  object_class->dispose = unison_value_dispose;
  object_class->finalize = unison_value_finalize;
  object_class->get_property = unison_value_get_property;
  object_class->set_property = unison_value_set_property;

  /**
   * UnisonValue:widget: (getter get_widget)
   *
   * The widget whose window's frame clock drives the value (held weakly). Until the widget is
   * first shown in a window, and while that window is not mapped, changes jump; when the window
   * is unmapped or destroyed, a running animation jumps to its end.
   */
  props[PROP_WIDGET] = g_param_spec_object ("widget", NULL, NULL, GTK_TYPE_WIDGET,
                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonValue:value: (getter get_value) (setter set_value)
   *
   * The presented value. Setting it inside [func@animate] animates to the new value; outside,
   * it jumps. `notify::value` is emitted on every presented frame (and on a jump), not when an
   * animation starts. A NaN or infinite value is ignored.
   */
  props[PROP_VALUE] = g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY
                                             | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonValue:target: (getter get_target)
   *
   * The model value: the last value set, where an animation is heading.
   */
  props[PROP_TARGET] = g_param_spec_double ("target", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonValue:velocity: (getter get_velocity)
   *
   * The presented value's velocity now, in units per second.
   */
  props[PROP_VELOCITY] = g_param_spec_double ("velocity", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
unison_value_init (UnisonValue *self)
{
  g_weak_ref_init (&self->widget, NULL);
}

/**
 * unison_value_new:
 * @widget: the widget whose window's frame clock drives the value
 * @initial: the value to start from
 *
 * A value at @initial, animating on the frame clock of @widget's window (shared with the window's
 * other values, bins and labels). It animates once @widget has been shown in a window, while that
 * window is mapped (otherwise it jumps, as GTK's own animations do); it follows @widget into
 * another window once its running animation has ended.
 *
 * Returns: (transfer full): a new value, or %NULL if @widget is not a widget
 */
UnisonValue *
unison_value_new (GtkWidget *widget, double initial)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  return g_object_new (UNISON_TYPE_VALUE, "widget", widget, "value", initial, NULL);
}

/**
 * unison_value_get_value:
 * @self: a value
 *
 * The presented value (see [property@Value:value]).
 *
 * Returns: the value shown now
 */
double
unison_value_get_value (UnisonValue *self)
{
  g_return_val_if_fail (UNISON_IS_VALUE (self), 0);
  return self->state ? unison_bridge_value_presented (self->state) : self->initial;
}

/**
 * unison_value_set_value:
 * @self: a value
 * @value: the new value
 *
 * Sets the value: inside [func@animate] it animates there, outside it jumps. NaN and infinite
 * values are ignored.
 */
void
unison_value_set_value (UnisonValue *self, double value)
{
  g_return_if_fail (UNISON_IS_VALUE (self));
  if (self->state)
    unison_bridge_value_set (self->state, value);
  else if (isfinite (value))
    self->initial = value;
}

/**
 * unison_value_get_target:
 * @self: a value
 *
 * The model value (see [property@Value:target]).
 *
 * Returns: the last value set
 */
double
unison_value_get_target (UnisonValue *self)
{
  g_return_val_if_fail (UNISON_IS_VALUE (self), 0);
  return self->state ? unison_bridge_value_target (self->state) : self->initial;
}

/**
 * unison_value_get_velocity:
 * @self: a value
 *
 * The presented value's velocity now, in units per second.
 *
 * Returns: the velocity
 */
double
unison_value_get_velocity (UnisonValue *self)
{
  g_return_val_if_fail (UNISON_IS_VALUE (self), 0);
  return self->state ? unison_bridge_value_velocity (self->state) : 0;
}

/**
 * unison_value_get_widget:
 * @self: a value
 *
 * The widget whose window's frame clock drives @self.
 *
 * Returns: (transfer none) (nullable): the widget, or %NULL once it is gone
 */
GtkWidget *
unison_value_get_widget (UnisonValue *self)
{
  g_return_val_if_fail (UNISON_IS_VALUE (self), NULL);
  GtkWidget *widget = g_weak_ref_get (&self->widget);
  if (widget)
    g_object_unref (widget); /* alive now: the caller gets a borrowed pointer */
  return widget;
}

static gboolean
drivable (GParamSpec *pspec)
{
  return G_IS_PARAM_SPEC_DOUBLE (pspec) || G_IS_PARAM_SPEC_FLOAT (pspec) || G_IS_PARAM_SPEC_INT (pspec);
}

/**
 * unison_value_drive_property:
 * @self: a value
 * @object: the object to write to (held weakly)
 * @property: the name of a writable double, float or int property of @object
 *
 * Writes the presented value into @property of @object now and on every presented frame while
 * @object lives, clamped to the property's range (a spring's overshoot stops at a progress bar's
 * 1); an int property receives the rounded value. Driving the same property again changes
 * nothing.
 *
 * An unknown, read-only or non-numeric property is a programming error: a critical naming it,
 * and the call is ignored.
 */
void
unison_value_drive_property (UnisonValue *self, GObject *object, const char *property)
{
  g_return_if_fail (UNISON_IS_VALUE (self));
  g_return_if_fail (G_IS_OBJECT (object));
  g_return_if_fail (property != NULL);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), property);
  if (pspec == NULL)
    {
      g_critical ("unison_value_drive_property: %s has no property named '%s'", G_OBJECT_TYPE_NAME (object),
                  property);
      return;
    }
  if (!(pspec->flags & G_PARAM_WRITABLE) || (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    {
      g_critical ("unison_value_drive_property: property '%s' of %s is not writable", property,
                  G_OBJECT_TYPE_NAME (object));
      return;
    }
  if (!drivable (pspec))
    {
      g_critical ("unison_value_drive_property: property '%s' of %s is a %s, not a double, float or int",
                  property, G_OBJECT_TYPE_NAME (object), g_type_name (pspec->value_type));
      return;
    }
  if (self->state == NULL)
    return; /* made without a widget (a critical then): it presents nothing */
  g_autofree char *failure = unison_bridge_value_drive (self->state, object, property);
  if (failure)
    g_critical ("unison_value_drive_property: %s", failure);
}
