/* UnisonListAnimator: UnisonGtk's ListAnimator for C, Python and JavaScript. The GObject (its
 * properties, its reference to the Swift animator) is here; the animator is Swift's
 * (Sources/UnisonGObject/ListAnimator.swift). The list view keeps the Swift animator too, so the
 * view goes on animating after the last reference to this object is dropped. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

/* Implemented in Swift (Sources/UnisonGObject/ListAnimator.swift). The state is a +1 pointer to
 * Swift's ListAnimator, owned by the UnisonListAnimator. */
gpointer unison_bridge_list_animator_new (UnisonListAnimator *owner, GtkWidget *list_view);
void unison_bridge_list_animator_free (gpointer state);
GtkWidget *unison_bridge_list_animator_view (gpointer state);
void unison_bridge_list_animator_set_transition (gpointer state, UnisonTransition *transition);
void unison_bridge_list_animator_set_animation (gpointer state, UnisonAnimation *animation);
gboolean unison_bridge_list_animator_get_animates_moves (gpointer state);
void unison_bridge_list_animator_set_animates_moves (gpointer state, gboolean animates_moves);
gboolean unison_bridge_list_animator_is_animating (gpointer state);
guint unison_bridge_list_animator_leaving_count (gpointer state);
gboolean unison_bridge_list_animator_get_reorderable (gpointer state);
void unison_bridge_list_animator_set_reorderable (gpointer state, gboolean reorderable);

struct _UnisonListAnimator {
  GObject parent_instance;
  GtkWidget *initial_view; /* the view given before the state exists (a reference) */
  gpointer state;          /* Swift's, or NULL before construction and after dispose */
};

enum {
  PROP_0,
  PROP_LIST_VIEW,
  PROP_ANIMATES_MOVES,
  PROP_REORDERABLE,
  N_PROPS,
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_ITEM_MOVED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

/**
 * UnisonListAnimator:
 *
 * Animates the items of a model-backed list view (`GtkListView`, `GtkGridView`,
 * `GtkColumnView`) when its model changes inside [func@animate] (or always, with
 * [method@ListAnimator.set_animation]): inserted items enter with a transition, removed items
 * leave with it although the view already dropped their row, and items whose place changed glide
 * there, keeping their velocity when a second change arrives mid-glide. Items are followed by
 * their `GObject`, not by the row widgets the view recycles.
 *
 * Rows are learned when a `GtkSignalListItemFactory` binds them: make the animator before the
 * view shows rows (a view that already does has its model set again once). The view keeps the
 * animator: dropping this object does not stop it.
 *
 * ```python
 * animator = Unison.ListAnimator.new(list_view)
 * Unison.animate(Unison.Animation.new_smooth(0.4), lambda: store.remove(3))
 * ```
 *
 * With [property@ListAnimator:reorderable] set, the user reorders the items by dragging them
 * (the lifted item drawn above the others, its neighbours gliding aside, the scrolled window
 * scrolling near its edges) or with Alt and the arrow keys; each move is reported by
 * [signal@ListAnimator::item-moved].
 */
G_DEFINE_FINAL_TYPE (UnisonListAnimator, unison_list_animator, G_TYPE_OBJECT)

static void
unison_list_animator_constructed (GObject *object)
{
  UnisonListAnimator *self = UNISON_LIST_ANIMATOR (object);
  G_OBJECT_CLASS (unison_list_animator_parent_class)->constructed (object);
  if (self->initial_view != NULL)
    self->state = unison_bridge_list_animator_new (self, self->initial_view);
  g_clear_object (&self->initial_view);
}

static void
unison_list_animator_dispose (GObject *object)
{
  UnisonListAnimator *self = UNISON_LIST_ANIMATOR (object);
  g_clear_object (&self->initial_view);
  g_clear_pointer (&self->state, unison_bridge_list_animator_free);
  G_OBJECT_CLASS (unison_list_animator_parent_class)->dispose (object);
}

static void
unison_list_animator_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonListAnimator *self = UNISON_LIST_ANIMATOR (object);
  switch (prop_id)
    {
    case PROP_LIST_VIEW:
      g_value_set_object (value, unison_list_animator_get_list_view (self));
      break;
    case PROP_ANIMATES_MOVES:
      g_value_set_boolean (value, unison_list_animator_get_animates_moves (self));
      break;
    case PROP_REORDERABLE:
      g_value_set_boolean (value, unison_list_animator_get_reorderable (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_list_animator_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  UnisonListAnimator *self = UNISON_LIST_ANIMATOR (object);
  switch (prop_id)
    {
    case PROP_LIST_VIEW:
      g_set_object (&self->initial_view, g_value_get_object (value));
      break;
    case PROP_ANIMATES_MOVES:
      unison_list_animator_set_animates_moves (self, g_value_get_boolean (value));
      break;
    case PROP_REORDERABLE:
      unison_list_animator_set_reorderable (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_list_animator_class_init (UnisonListAnimatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->constructed = unison_list_animator_constructed;
  object_class->dispose = unison_list_animator_dispose;
  object_class->get_property = unison_list_animator_get_property;
  object_class->set_property = unison_list_animator_set_property;

  /**
   * UnisonListAnimator:list-view: (getter get_list_view)
   *
   * The `GtkListView`, `GtkGridView` or `GtkColumnView` animated (%NULL once it is gone).
   */
  props[PROP_LIST_VIEW] = g_param_spec_object ("list-view", NULL, NULL, GTK_TYPE_WIDGET,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * UnisonListAnimator:animates-moves: (getter get_animates_moves) (setter set_animates_moves)
   *
   * Whether items whose place changed glide there (%TRUE by default); %FALSE: they jump, and only
   * insertions and removals animate.
   */
  props[PROP_ANIMATES_MOVES] = g_param_spec_boolean ("animates-moves", NULL, NULL, TRUE,
                                                     G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                       | G_PARAM_STATIC_STRINGS);

  /**
   * UnisonListAnimator:reorderable: (getter get_reorderable) (setter set_reorderable)
   *
   * Whether the user reorders the view's items (%FALSE by default): a press on a row dragged
   * past a few pixels lifts its item, which follows the pointer above the other rows while they
   * glide aside; the scrolled window around the view scrolls while the pointer is near one of its
   * edges; the drop moves the item there. Escape puts it back. Alt+Up and Alt+Down (Alt+Left and
   * Alt+Right in a horizontal list; all four in a grid) move the focused row's item one place.
   *
   * When the model under the view's selection model is a `GListStore`, the animator moves the
   * item in it (animated: it glides, nothing enters or leaves); any other model is the
   * application's to change in [signal@ListAnimator::item-moved]. A drag during which the model
   * changes is abandoned.
   */
  props[PROP_REORDERABLE] = g_param_spec_boolean ("reorderable", NULL, NULL, FALSE,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                    | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * UnisonListAnimator::item-moved:
   * @self: the animator
   * @from: the item's position in the model before the move
   * @to: its position after the move (its final position)
   *
   * The user moved an item of a [property@ListAnimator:reorderable] view, by drag or with the
   * keyboard. A `GListStore` under the view's selection model has been changed already; with
   * another model, apply the move to it here (the view shows the old order until then): remove
   * the item at @from and insert it at @to. Changes made in a handler animate.
   */
  signals[SIGNAL_ITEM_MOVED] = g_signal_new ("item-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                             NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
unison_list_animator_init (UnisonListAnimator *self)
{
}

/**
 * unison_list_animator_new:
 * @list_view: a `GtkListView`, `GtkGridView` or `GtkColumnView`
 *
 * An animator of @list_view's items (another widget is left alone: nothing animates).
 *
 * Returns: (transfer full): a new animator
 */
UnisonListAnimator *
unison_list_animator_new (GtkWidget *list_view)
{
  g_return_val_if_fail (GTK_IS_WIDGET (list_view), NULL);
  return g_object_new (UNISON_TYPE_LIST_ANIMATOR, "list-view", list_view, NULL);
}

/**
 * unison_list_animator_get_list_view:
 * @self: an animator
 *
 * The view animated.
 *
 * Returns: (transfer none) (nullable): the view, %NULL once it is gone
 */
GtkWidget *
unison_list_animator_get_list_view (UnisonListAnimator *self)
{
  g_return_val_if_fail (UNISON_IS_LIST_ANIMATOR (self), NULL);
  return self->state ? unison_bridge_list_animator_view (self->state) : NULL;
}

/**
 * unison_list_animator_set_transition:
 * @self: an animator
 * @transition: the transition inserted items enter with and removed items leave with
 *
 * Sets the transition (use [ctor@Transition.new_asymmetric] for two). By default: opacity
 * combined with a scale from 0.8.
 */
void
unison_list_animator_set_transition (UnisonListAnimator *self, UnisonTransition *transition)
{
  g_return_if_fail (UNISON_IS_LIST_ANIMATOR (self));
  g_return_if_fail (transition != NULL);
  if (self->state)
    unison_bridge_list_animator_set_transition (self->state, transition);
}

/**
 * unison_list_animator_set_animation:
 * @self: an animator
 * @animation: (nullable): the animation of changes made outside [func@animate], or %NULL
 *
 * Animates every change of the model made outside [func@animate] with @animation (%NULL, the
 * default: such changes are not animated). Inside [func@animate], that call's animation is used.
 */
void
unison_list_animator_set_animation (UnisonListAnimator *self, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_LIST_ANIMATOR (self));
  if (self->state)
    unison_bridge_list_animator_set_animation (self->state, animation);
}

/**
 * unison_list_animator_get_animates_moves:
 * @self: an animator
 *
 * Whether moved items glide (see [property@ListAnimator:animates-moves]).
 *
 * Returns: whether they glide
 */
gboolean
unison_list_animator_get_animates_moves (UnisonListAnimator *self)
{
  g_return_val_if_fail (UNISON_IS_LIST_ANIMATOR (self), FALSE);
  return self->state ? unison_bridge_list_animator_get_animates_moves (self->state) : TRUE;
}

/**
 * unison_list_animator_set_animates_moves:
 * @self: an animator
 * @animates_moves: whether moved items glide
 *
 * Sets [property@ListAnimator:animates-moves].
 */
void
unison_list_animator_set_animates_moves (UnisonListAnimator *self, gboolean animates_moves)
{
  g_return_if_fail (UNISON_IS_LIST_ANIMATOR (self));
  if (self->state == NULL || unison_bridge_list_animator_get_animates_moves (self->state) == !!animates_moves)
    return;
  unison_bridge_list_animator_set_animates_moves (self->state, animates_moves);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ANIMATES_MOVES]);
}

/**
 * unison_list_animator_is_animating:
 * @self: an animator
 *
 * Whether any item glides, enters or leaves.
 *
 * Returns: whether anything animates
 */
gboolean
unison_list_animator_is_animating (UnisonListAnimator *self)
{
  g_return_val_if_fail (UNISON_IS_LIST_ANIMATOR (self), FALSE);
  return self->state ? unison_bridge_list_animator_is_animating (self->state) : FALSE;
}

/**
 * unison_list_animator_get_leaving_count:
 * @self: an animator
 *
 * How many removed items are still drawn leaving.
 *
 * Returns: the number of leaving items
 */
guint
unison_list_animator_get_leaving_count (UnisonListAnimator *self)
{
  g_return_val_if_fail (UNISON_IS_LIST_ANIMATOR (self), 0);
  return self->state ? unison_bridge_list_animator_leaving_count (self->state) : 0;
}

/**
 * unison_list_animator_get_reorderable:
 * @self: an animator
 *
 * Whether the user reorders the view's items (see [property@ListAnimator:reorderable]).
 *
 * Returns: whether the items are reorderable
 */
gboolean
unison_list_animator_get_reorderable (UnisonListAnimator *self)
{
  g_return_val_if_fail (UNISON_IS_LIST_ANIMATOR (self), FALSE);
  return self->state ? unison_bridge_list_animator_get_reorderable (self->state) : FALSE;
}

/**
 * unison_list_animator_set_reorderable:
 * @self: an animator
 * @reorderable: whether the user reorders the items
 *
 * Sets [property@ListAnimator:reorderable] (a drag in progress is cancelled by %FALSE).
 */
void
unison_list_animator_set_reorderable (UnisonListAnimator *self, gboolean reorderable)
{
  g_return_if_fail (UNISON_IS_LIST_ANIMATOR (self));
  if (self->state == NULL || unison_bridge_list_animator_get_reorderable (self->state) == !!reorderable)
    return;
  unison_bridge_list_animator_set_reorderable (self->state, reorderable);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REORDERABLE]);
}

void
unison_bridge_list_animator_item_moved (UnisonListAnimator *self, guint from, guint to)
{
  g_return_if_fail (UNISON_IS_LIST_ANIMATOR (self));
  g_signal_emit (self, signals[SIGNAL_ITEM_MOVED], 0, from, to);
}
