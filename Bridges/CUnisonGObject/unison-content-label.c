/* UnisonContentLabel: UnisonGtk's ContentLabel with the numeric content transition as a
 * GtkWidget. The GObject (the `text` property, the widget tree) is here; the label and its
 * transition are Swift's (Sources/UnisonGObject/ContentLabel.swift), owned by the widget from
 * construction to dispose. Swift's widget (a motion bin holding a GtkLabel) is this widget's only
 * child, laid out by a GtkBinLayout. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

struct _UnisonContentLabel {
  GtkWidget parent_instance;
  char *initial_text;   /* `text` given before the state exists */
  gpointer state;       /* Swift's, or NULL before construction and after dispose */
  GtkWidget *container; /* the state's widget, our child (not a reference of ours) */
  GtkLabel *label;      /* the GtkLabel inside it (not a reference of ours) */
  UnisonBridgeRootFollower *follower; /* moves the state to its window's frame clock */
};

enum {
  PROP_0,
  PROP_TEXT,
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
 * ```python
 * counter = Unison.ContentLabel.new("41")
 * Unison.animate(Unison.Animation.new_smooth(0.3), lambda: counter.set_text("42"))
 * ```
 */
G_DEFINE_FINAL_TYPE (UnisonContentLabel, unison_content_label, GTK_TYPE_WIDGET)

static void
unison_content_label_constructed (GObject *object)
{
  UnisonContentLabel *self = UNISON_CONTENT_LABEL (object);
  G_OBJECT_CLASS (unison_content_label_parent_class)->constructed (object);
  self->state = unison_bridge_content_label_new (self->initial_text ? self->initial_text : "");
  g_clear_pointer (&self->initial_text, g_free);
  if (self->state == NULL)
    return;
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
   */
  props[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, "",
                                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY
                                            | G_PARAM_STATIC_STRINGS);
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
  if (self->label == NULL)
    return self->initial_text ? self->initial_text : "";
  return gtk_label_get_text (self->label);
}

/**
 * unison_content_label_set_text:
 * @self: a label
 * @text: the new text
 *
 * Shows @text: inside [func@animate], the characters that differ roll with the numeric content
 * transition; outside, or while the label is not on screen (or not yet laid out), the text changes
 * at once. Setting the
 * same text again changes nothing.
 */
void
unison_content_label_set_text (UnisonContentLabel *self, const char *text)
{
  g_return_if_fail (UNISON_IS_CONTENT_LABEL (self));
  g_return_if_fail (text != NULL);
  if (self->state == NULL || g_strcmp0 (text, unison_content_label_get_text (self)) == 0)
    return;
  /* Before its first allocation nothing of the old text is on screen to roll from (and GTK cannot
   * draw the label to capture it): the change is made at once. */
  gboolean laid_out = gtk_widget_get_width (GTK_WIDGET (self->label)) > 0;
  unison_bridge_content_label_set_text (self->state, text, laid_out);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TEXT]);
}
