/* UnisonContentLabel: UnisonGtk's ContentLabel with the numeric content transition as a
 * GtkWidget. The GObject (the properties, the widget tree) is here; the label, its transition and
 * seeking are Swift's (Sources/UnisonGObject/ContentLabel.swift), owned by the widget from
 * construction to dispose. Swift's widget (a motion bin holding a GtkLabel) is this widget's only
 * child, laid out by a GtkBinLayout. (About 400 lines: the class, its properties and its seeking
 * calls share the instance struct, which is private to this file.) */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-bridge.h"

struct _UnisonContentLabel {
  GtkWidget parent_instance;
  char *initial_text;   /* `text` given before the state exists */
  gpointer state;       /* Swift's, or NULL before construction and after dispose */
  GtkWidget *container; /* the state's widget, our child (not a reference of ours) */
  GtkLabel *label;      /* the GtkLabel inside it (not a reference of ours) */
  char *text;           /* the state's text as last read (the `text` property) */
  char *seek_target;    /* the state's seek target as last read, or NULL */
  UnisonBridgeRootFollower *follower; /* moves the state to its window's frame clock */
};

enum {
  PROP_0,
  PROP_TEXT,
  PROP_SEEKING,
  PROP_SEEK_TARGET,
  N_PROPS,
};

static GParamSpec *props[N_PROPS];

/**
 * UnisonContentLabel:
 *
 * A label whose text changes with the numeric content transition: set
 * [property@ContentLabel:text] inside [func@animate] and the characters that differ roll (the
 * old leave and the new arrive, upwards when the number grows, downwards when it shrinks) while
 * those that stay stand still, as a counter's digits do. Outside a transaction, or while the
 * label is not on screen, the text changes at once.
 *
 * The label keeps its font, colour and CSS (its CSS name is `unison-content-label`, with a
 * `label` inside); nothing is relaid out per frame for the text itself. When the text's width
 * changes, the widget's size animates with the change.
 *
 * A gesture can drive a change instead of a clock: [method@ContentLabel.seek] draws the roll
 * at a progress, then [method@ContentLabel.finish_seeking] commits the new text or
 * [method@ContentLabel.cancel_seeking] rolls back, springing on from the release velocity.
 *
 * ```python
 * counter = Unison.ContentLabel.new("41")
 * Unison.animate(Unison.Animation.new_smooth(0.3), lambda: counter.set_text("42"))
 * ```
 */
G_DEFINE_FINAL_TYPE (UnisonContentLabel, unison_content_label, GTK_TYPE_WIDGET)

/* Reads the state's text and seek target again, notifying what changed (after every call that may
 * change them). */
static void
sync_state (UnisonContentLabel *self)
{
  if (self->state == NULL)
    return;
  char *text = unison_bridge_content_label_text (self->state);
  char *target = unison_bridge_content_label_seek_target (self->state);
  gboolean text_changed = g_strcmp0 (text, self->text) != 0;
  gboolean seeking_changed = (target == NULL) != (self->seek_target == NULL);
  gboolean target_changed = g_strcmp0 (target, self->seek_target) != 0;
  g_free (self->text);
  self->text = text;
  g_free (self->seek_target);
  self->seek_target = target;
  GObject *object = G_OBJECT (self);
  g_object_freeze_notify (object);
  if (text_changed)
    g_object_notify_by_pspec (object, props[PROP_TEXT]);
  if (seeking_changed)
    g_object_notify_by_pspec (object, props[PROP_SEEKING]);
  if (target_changed)
    g_object_notify_by_pspec (object, props[PROP_SEEK_TARGET]);
  g_object_thaw_notify (object);
}

static void
unison_content_label_constructed (GObject *object)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  G_OBJECT_CLASS (unison_content_label_parent_class)->constructed (object);
  self->state = unison_bridge_content_label_new (self->initial_text ? self->initial_text : "");
  g_clear_pointer (&self->initial_text, g_free);
  if (self->state == NULL)
    return;
  self->text = unison_bridge_content_label_text (self->state);
  self->container = unison_bridge_content_label_widget (self->state);
  self->label = GTK_LABEL (unison_bridge_content_label_label (self->state));
  gtk_widget_set_parent (self->container, GTK_WIDGET (self));
  /* The label animates on its window's clock once realized (shared with the window's bins). */
  self->follower = unison_bridge_root_follower_new (self->container, unison_bridge_content_label_rooted, self->state);
}

static void
unison_content_label_dispose (GObject *object)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  g_clear_pointer (&self->follower, unison_bridge_root_follower_free);
  if (self->container)
    {
      gtk_widget_unparent (self->container);
      self->container = NULL;
      self->label = NULL;
    }
  g_clear_pointer (&self->state, unison_bridge_content_label_free);
  G_OBJECT_CLASS (unison_content_label_parent_class)->dispose (object);
}

static void
unison_content_label_finalize (GObject *object)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  g_free (self->initial_text);
  g_free (self->text);
  g_free (self->seek_target);
  G_OBJECT_CLASS (unison_content_label_parent_class)->finalize (object);
}

static void
unison_content_label_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, unison_content_label_get_text (self));
      break;
    case PROP_SEEKING:
      g_value_set_boolean (value, self->seek_target != NULL);
      break;
    case PROP_SEEK_TARGET:
      g_value_set_string (value, self->seek_target);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_content_label_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  switch (prop_id)
    {
    case PROP_TEXT:
      if (self->state == NULL) /* during construction */
        {
          g_free (self->initial_text);
          self->initial_text = g_value_dup_string (value);
        }
      else
        unison_content_label_set_text (self, g_value_get_string (value) ? g_value_get_string (value) : "");
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_content_label_class_init (UnisonContentLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = unison_content_label_constructed;
  object_class->dispose = unison_content_label_dispose;
  object_class->finalize = unison_content_label_finalize;
  object_class->get_property = unison_content_label_get_property;
  object_class->set_property = unison_content_label_set_property;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unison-content-label");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  /**
   * UnisonContentLabel:text: (getter get_text) (setter set_text)
   *
   * The text shown. Set inside [func@animate], the change rolls the characters that differ with
   * the transaction's animation; `notify::text` is emitted when the text changes (once, at the
   * change, not per frame).
   *
   * While a seek is in progress ([method@ContentLabel.seek]) it is the text the seek started
   * from; finishing the seek sets it to [property@ContentLabel:seek-target], cancelling it leaves
   * it (or, for a seek that grabbed a running change, sets it back). Set while seeking to one of
   * the change's two texts, it ends the seek there with the enclosing transaction.
   */
  props[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, "",
                                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY
                                            | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonContentLabel:seeking: (getter get_seeking)
   *
   * Whether a change of the text is driven by hand (see [method@ContentLabel.seek]); notified
   * when a seek starts and when it is finished or cancelled.
   */
  props[PROP_SEEKING] = g_param_spec_boolean ("seeking", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonContentLabel:seek-target: (getter get_seek_target)
   *
   * The text the seek in progress goes to, or %NULL when not seeking.
   */
  props[PROP_SEEK_TARGET] = g_param_spec_string ("seek-target", NULL, NULL, NULL,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
unison_content_label_init (UnisonContentLabel *self)
{
}

/**
 * unison_content_label_new:
 * @text: (nullable): the text to show (%NULL: none)
 *
 * A label showing @text.
 *
 * Returns: (transfer floating): a new label
 */
GtkWidget *
unison_content_label_new (const char *text)
{
  return g_object_new (UNISON_TYPE_CONTENT_LABEL, "text", text ? text : "", NULL);
}

/**
 * unison_content_label_get_text:
 * @self: a label
 *
 * The text shown (see [property@ContentLabel:text]).
 *
 * Returns: (transfer none): the text
 */
const char *
unison_content_label_get_text (UnisonContentLabel *self)
{
  g_return_val_if_fail (UNISON_IS_CONTENT_LABEL (self), NULL);
  if (self->text == NULL)
    return self->initial_text ? self->initial_text : "";
  return self->text;
}

/**
 * unison_content_label_set_text:
 * @self: a label
 * @text: the new text
 *
 * Shows @text: inside [func@animate], the characters that differ roll with the numeric content
 * transition; outside, or while the label is not on screen (or not yet laid out), the text changes
 * at once. Setting the same text again changes nothing, except while seeking (see
 * [property@ContentLabel:text]).
 */
void
unison_content_label_set_text (UnisonContentLabel *self, const char *text)
{
  g_return_if_fail (UNISON_IS_CONTENT_LABEL (self));
  g_return_if_fail (text != NULL);
  if (self->state == NULL || (self->seek_target == NULL && g_strcmp0 (text, unison_content_label_get_text (self)) == 0))
    return;
  /* Before its first allocation nothing of the old text is on screen to roll from (and GTK cannot
   * draw the label to capture it): the change is made at once. */
  gboolean laid_out = gtk_widget_get_width (GTK_WIDGET (self->label)) > 0;
  unison_bridge_content_label_set_text (self->state, text, laid_out);
  sync_state (self);
}

/**
 * unison_content_label_seek:
 * @self: a label
 * @progress: how far through the change, 0…1 (clamped; NaN is ignored)
 * @text: the text the change goes to
 *
 * Drives a change of the text to @text by hand: the roll drawn at @progress (0: the text shown,
 * 1: @text), for a gesture that scrubs a counter. End it with
 * [method@ContentLabel.finish_seeking] or [method@ContentLabel.cancel_seeking].
 *
 * - A seek starts a change from [property@ContentLabel:text] to @text; it is ignored when the
 *   label shows @text already, or is not on screen.
 * - A running change (animated, finishing or cancelling) is grabbed where it is when @text is
 *   one of its two texts: start from [method@ContentLabel.get_seek_progress] and nothing jumps.
 *   Seeks then go anywhere in 0…1, back and forth, and may turn to the other text.
 * - Seeking towards a third text ends the change drawn at once, at
 *   [property@ContentLabel:text], and starts from there.
 * - The label takes the new text's size when the seek starts (it does not follow the progress).
 *
 * ```python
 * # Dragging up 40 px rolls 41 to 42.
 * counter.seek(-drag_y / 40, "42")
 * ```
 */
void
unison_content_label_seek (UnisonContentLabel *self, double progress, const char *text)
{
  g_return_if_fail (UNISON_IS_CONTENT_LABEL (self));
  g_return_if_fail (text != NULL);
  if (self->state == NULL || isnan (progress))
    return;
  unison_bridge_content_label_seek (self->state, progress, text);
  sync_state (self);
}

/**
 * unison_content_label_finish_seeking:
 * @self: a label
 * @velocity: the gesture's speed at release, in progress per second (its speed in pixels per
 *   second divided by the distance that is a progress of 1), positive towards the seek's target;
 *   a non-finite value counts as 0
 * @animation: (nullable): the animation, or %NULL for the enclosing [func@animate]'s, else a
 *   spring of 0.5 s
 *
 * Ends a seek by rolling on to its target from the progress drawn, a spring beginning at
 * @velocity; [property@ContentLabel:text] becomes the target at once. Inside
 * [func@without_animation], or with animations off in GTK, it ends at once. The enclosing
 * [func@animate]'s completion waits for it. Does nothing unless seeking.
 */
void
unison_content_label_finish_seeking (UnisonContentLabel *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_CONTENT_LABEL (self));
  if (self->state == NULL)
    return;
  unison_bridge_content_label_end_seek (self->state, TRUE, isfinite (velocity) ? velocity : 0, animation);
  sync_state (self);
}

/**
 * unison_content_label_cancel_seeking:
 * @self: a label
 * @velocity: the gesture's speed at release, in progress per second, positive towards the
 *   seek's target (a release moving back is negative); a non-finite value counts as 0
 * @animation: (nullable): the animation, chosen as in [method@ContentLabel.finish_seeking]
 *
 * Ends a seek by rolling back to the other text of the change, from the progress drawn, a spring
 * beginning at @velocity: [property@ContentLabel:text] becomes (or stays) that text. Does
 * nothing unless seeking.
 */
void
unison_content_label_cancel_seeking (UnisonContentLabel *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_CONTENT_LABEL (self));
  if (self->state == NULL)
    return;
  unison_bridge_content_label_end_seek (self->state, FALSE, isfinite (velocity) ? velocity : 0, animation);
  sync_state (self);
}

/**
 * unison_content_label_get_seeking:
 * @self: a label
 *
 * Whether a seek is in progress (see [property@ContentLabel:seeking]).
 *
 * Returns: %TRUE while seeking
 */
gboolean
unison_content_label_get_seeking (UnisonContentLabel *self)
{
  g_return_val_if_fail (UNISON_IS_CONTENT_LABEL (self), FALSE);
  return self->seek_target != NULL;
}

/**
 * unison_content_label_get_seek_target:
 * @self: a label
 *
 * The text the seek in progress goes to (see [property@ContentLabel:seek-target]).
 *
 * Returns: (nullable) (transfer none): the target, or %NULL when not seeking
 */
const char *
unison_content_label_get_seek_target (UnisonContentLabel *self)
{
  g_return_val_if_fail (UNISON_IS_CONTENT_LABEL (self), NULL);
  return self->seek_target;
}

/**
 * unison_content_label_get_seek_progress:
 * @self: a label
 * @text: a text
 *
 * How far the label is through a change to @text (0: the other side, 1: there), as
 * [method@ContentLabel.seek] counts it: the last progress sought while seeking that way, else
 * the running change measured that way, else 1 when the label shows @text and 0 when not. A
 * gesture that grabs a running change starts from it.
 *
 * Returns: the progress towards @text
 */
double
unison_content_label_get_seek_progress (UnisonContentLabel *self, const char *text)
{
  g_return_val_if_fail (UNISON_IS_CONTENT_LABEL (self), 0);
  g_return_val_if_fail (text != NULL, 0);
  if (self->state == NULL)
    return g_strcmp0 (text, unison_content_label_get_text (self)) == 0 ? 1 : 0;
  return unison_bridge_content_label_seek_progress (self->state, text);
}
