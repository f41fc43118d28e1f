/* UnisonNavigationStack: UnisonGtk's NavigationStack as a GtkWidget. The GObject (signals,
 * properties, the widget tree) is here; the stack is Swift's NavigationStack
 * (Sources/UnisonGObject/NavigationStack.swift), owned by the widget from construction to dispose.
 * Its container (a GtkOverlay holding the pages) is this widget's only child, laid out by a
 * GtkBinLayout. */
#define G_LOG_DOMAIN "Unison"

#include <math.h>

#include "unison-bridge.h"

struct _UnisonNavigationStack {
  GtkWidget parent_instance;
  GtkWidget *root_page; /* construct-only, until the state holds it */
  gpointer state;       /* Swift's, or NULL before construction, without a root or after dispose */
  GtkWidget *container; /* the state's widget, our child (not a reference of ours) */
  GtkWidget *shown_top; /* what `top` and `depth` last notified (compared, never dereferenced) */
  guint shown_depth;
};

enum {
  PROP_0,
  PROP_ROOT_PAGE,
  PROP_TOP,
  PROP_DEPTH,
  PROP_BACK_SWIPE_ENABLED,
  N_PROPS,
};

enum {
  SIGNAL_PAGE_WILL_APPEAR,
  SIGNAL_PAGE_DID_APPEAR,
  SIGNAL_PAGE_WILL_DISAPPEAR,
  SIGNAL_PAGE_DID_DISAPPEAR,
  N_SIGNALS,
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/**
 * UnisonNavigationStack:
 *
 * A stack of pages with the platform's push (the page slides in from the trailing edge) and the
 * zoom push (the page grows out of the widget it was opened from and shrinks back into it).
 *
 * [method@NavigationStack.push] pushes a page, [method@NavigationStack.pop] pops the top one;
 * inside [func@animate] they use its animation, outside the stack's own spring. A pushed page
 * can be dragged away (a zoomed page in any direction, a slid page swiped back from its leading
 * edge: see [property@NavigationStack:back-swipe-enabled]), and Escape or Alt+Left pops. Only the top page takes input; a popped page leaves the widget tree
 * once it has disappeared.
 *
 * Every page receives [signal@NavigationStack::page-will-appear],
 * [signal@NavigationStack::page-did-appear], [signal@NavigationStack::page-will-disappear] and
 * [signal@NavigationStack::page-did-disappear] in that order, once per visit, also when
 * transitions interrupt each other; when the stack is unmapped or destroyed mid-transition,
 * every visit is closed at once.
 *
 * ```python
 * stack = Unison.NavigationStack.new(grid)
 * stack.connect("page-did-disappear", lambda stack, page: print("closed", page))
 * card.connect("clicked", lambda card: stack.push(Editor(), card))
 * ```
 */
G_DEFINE_FINAL_TYPE (UnisonNavigationStack, unison_navigation_stack, GTK_TYPE_WIDGET)

/* Notifies `top` and `depth` if they changed since they were last notified. */
static void
notify_changes (UnisonNavigationStack *self)
{
  GtkWidget *top = unison_navigation_stack_get_top (self);
  guint depth = unison_navigation_stack_get_depth (self);
  if (top != self->shown_top)
    {
      self->shown_top = top;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_TOP]);
    }
  if (depth != self->shown_depth)
    {
      self->shown_depth = depth;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_DEPTH]);
    }
}

void
unison_bridge_navigation_stack_appearance (UnisonNavigationStack *self, GtkWidget *page, int event)
{
  g_return_if_fail (event >= 0 && event < N_SIGNALS);
  g_object_ref (self);
  notify_changes (self); /* a drag's pop changes the stack without a call of ours */
  g_signal_emit (self, signals[event], 0, page);
  g_object_unref (self);
}

static void
unison_navigation_stack_constructed (GObject *object)
{
  UnisonNavigationStack *self = UNISON_NAVIGATION_STACK (object);
  G_OBJECT_CLASS (unison_navigation_stack_parent_class)->constructed (object);
  if (self->root_page == NULL)
    {
      g_critical ("UnisonNavigationStack needs a root page: use unison_navigation_stack_new");
      return;
    }
  if (gtk_widget_get_parent (self->root_page) != NULL)
    {
      g_critical ("UnisonNavigationStack: the root page %s already has a parent",
                  G_OBJECT_TYPE_NAME (self->root_page));
      g_clear_object (&self->root_page);
      return;
    }
  self->state = unison_bridge_navigation_stack_new (self, self->root_page);
  g_clear_object (&self->root_page);
  if (self->state == NULL)
    return;
  self->container = unison_bridge_navigation_stack_widget (self->state);
  gtk_widget_set_parent (self->container, GTK_WIDGET (self));
  self->shown_top = unison_navigation_stack_get_top (self);
  self->shown_depth = unison_navigation_stack_get_depth (self);
}

static void
unison_navigation_stack_dispose (GObject *object)
{
  UnisonNavigationStack *self = UNISON_NAVIGATION_STACK (object);
  /* Unmapped by now if it was shown: running transitions have ended with their signals. The
   * state is detached first, so that nothing it does while going away reaches this object. */
  if (self->state)
    unison_bridge_navigation_stack_detach (self->state);
  if (self->container)
    {
      gtk_widget_unparent (self->container);
      self->container = NULL;
    }
  g_clear_pointer (&self->state, unison_bridge_navigation_stack_free);
  g_clear_object (&self->root_page);
  G_OBJECT_CLASS (unison_navigation_stack_parent_class)->dispose (object);
}

static void
unison_navigation_stack_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  UnisonNavigationStack *self = UNISON_NAVIGATION_STACK (object);
  switch (prop_id)
    {
    case PROP_ROOT_PAGE:
      g_value_set_object (value, self->state ? unison_bridge_navigation_stack_page (self->state, 0) : NULL);
      break;
    case PROP_TOP:
      g_value_set_object (value, unison_navigation_stack_get_top (self));
      break;
    case PROP_DEPTH:
      g_value_set_uint (value, unison_navigation_stack_get_depth (self));
      break;
    case PROP_BACK_SWIPE_ENABLED:
      g_value_set_boolean (value, unison_navigation_stack_get_back_swipe_enabled (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
unison_navigation_stack_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  UnisonNavigationStack *self = UNISON_NAVIGATION_STACK (object);
  switch (prop_id)
    {
    case PROP_ROOT_PAGE:
      g_set_object (&self->root_page, g_value_get_object (value));
      break;
    case PROP_BACK_SWIPE_ENABLED:
      unison_navigation_stack_set_back_swipe_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GtkSizeRequestMode
unison_navigation_stack_get_request_mode (GtkWidget *widget)
{
  UnisonNavigationStack *self = UNISON_NAVIGATION_STACK (widget);
  return self->container ? gtk_widget_get_request_mode (self->container) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
unison_navigation_stack_class_init (UnisonNavigationStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = unison_navigation_stack_constructed;
  object_class->dispose = unison_navigation_stack_dispose;
  object_class->get_property = unison_navigation_stack_get_property;
  object_class->set_property = unison_navigation_stack_set_property;
  widget_class->get_request_mode = unison_navigation_stack_get_request_mode;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unison-navigation-stack");

  /**
   * UnisonNavigationStack:root-page:
   *
   * The first page, given at construction; it is never popped.
   */
  props[PROP_ROOT_PAGE] = g_param_spec_object ("root-page", NULL, NULL, GTK_TYPE_WIDGET,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonNavigationStack:top: (getter get_top)
   *
   * The top page: the last one pushed and not popped.
   */
  props[PROP_TOP] = g_param_spec_object ("top", NULL, NULL, GTK_TYPE_WIDGET,
                                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonNavigationStack:depth: (getter get_depth)
   *
   * How many pages are on the stack, the root included.
   */
  props[PROP_DEPTH] = g_param_spec_uint ("depth", NULL, NULL, 0, G_MAXUINT, 0,
                                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * UnisonNavigationStack:back-swipe-enabled: (getter get_back_swipe_enabled) (setter set_back_swipe_enabled)
   *
   * Whether a slid page can be swiped back from its leading edge (the left one; the right one
   * in right-to-left text direction).
   *
   * A press within 24 pixels of the page's leading edge, dragged 16 pixels towards the trailing
   * edge, takes the page: it follows the pointer 1:1 and the page below is uncovered. Released
   * at 500 pixels per second or faster towards the trailing edge, or slower but past half the
   * stack's width, the page is popped; otherwise it springs back, starting with the release
   * velocity. A cancelled swipe closes the visits it started: the page receives
   * [signal@NavigationStack::page-did-disappear] then [signal@NavigationStack::page-will-appear]
   * and [signal@NavigationStack::page-did-appear], the page below the converse. A press inside a
   * horizontally scrolling [class@Gtk.ScrolledWindow] is left to it. Zoomed pages keep their own
   * drag whatever this property says.
   */
  props[PROP_BACK_SWIPE_ENABLED] = g_param_spec_boolean ("back-swipe-enabled", NULL, NULL, TRUE,
                                                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                             | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * UnisonNavigationStack::page-will-appear:
   * @self: the stack
   * @page: the page
   *
   * @page starts to come on screen as the top page (a push, or a pop uncovering it).
   */
  signals[SIGNAL_PAGE_WILL_APPEAR] = g_signal_new ("page-will-appear", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);
  /**
   * UnisonNavigationStack::page-did-appear:
   * @self: the stack
   * @page: the page
   *
   * @page's transition onto the screen has finished.
   */
  signals[SIGNAL_PAGE_DID_APPEAR] = g_signal_new ("page-did-appear", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, GTK_TYPE_WIDGET);
  /**
   * UnisonNavigationStack::page-will-disappear:
   * @self: the stack
   * @page: the page
   *
   * @page stops being the top page: it is popped, or covered by a push.
   */
  signals[SIGNAL_PAGE_WILL_DISAPPEAR] = g_signal_new ("page-will-disappear", G_TYPE_FROM_CLASS (klass),
                                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                                      GTK_TYPE_WIDGET);
  /**
   * UnisonNavigationStack::page-did-disappear:
   * @self: the stack
   * @page: the page
   *
   * @page's transition off the screen has finished. A popped page has left the stack's widget
   * tree by the next frame; the stack holds no reference to it afterwards.
   */
  signals[SIGNAL_PAGE_DID_DISAPPEAR] = g_signal_new ("page-did-disappear", G_TYPE_FROM_CLASS (klass),
                                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                                     GTK_TYPE_WIDGET);
}

static void
unison_navigation_stack_init (UnisonNavigationStack *self)
{
}

/**
 * unison_navigation_stack_new:
 * @root: the first page (a widget without a parent)
 *
 * A stack showing @root. The stack receives @root's first signals during construction, before
 * any handler can be connected.
 *
 * Returns: (transfer floating): a new stack, or %NULL if @root is not a widget
 */
GtkWidget *
unison_navigation_stack_new (GtkWidget *root)
{
  g_return_val_if_fail (GTK_IS_WIDGET (root), NULL);
  g_return_val_if_fail (gtk_widget_get_parent (root) == NULL, NULL);
  return g_object_new (UNISON_TYPE_NAVIGATION_STACK, "root-page", root, NULL);
}

/**
 * unison_navigation_stack_push:
 * @self: a stack
 * @page: the page (a widget without a parent)
 * @source: (nullable): the widget @page zooms out of, or %NULL for the platform push
 *
 * Pushes @page. With @source (held weakly) the page grows out of @source's bounds and, when
 * popped, shrinks back into wherever @source is then (or fades to the centre if it is gone or off
 * screen); without, it slides in from the trailing edge. Inside [func@animate] the transition
 * uses the transaction's animation; outside, a spring of 0.5 s. A page popped and still leaving
 * can be pushed again: it comes back from where it is.
 *
 * Returns: %TRUE if @page was pushed; %FALSE (and nothing changes) if it is already on the stack
 *   or has a parent elsewhere
 */
gboolean
unison_navigation_stack_push (UnisonNavigationStack *self, GtkWidget *page, GtkWidget *source)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (page), FALSE);
  g_return_val_if_fail (source == NULL || GTK_IS_WIDGET (source), FALSE);
  if (self->state == NULL)
    return FALSE;
  gboolean pushed = unison_bridge_navigation_stack_push (self->state, page, source);
  notify_changes (self);
  return pushed;
}

/**
 * unison_navigation_stack_pop:
 * @self: a stack
 *
 * Pops the top page (while a drag holds it: finishes the drag's pop). A zoomed page shrinks into
 * its source, a slid page slides out to the trailing edge.
 *
 * Returns: %TRUE if a page was popped; %FALSE with only the root left
 */
gboolean
unison_navigation_stack_pop (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), FALSE);
  if (self->state == NULL)
    return FALSE;
  gboolean popped = unison_bridge_navigation_stack_pop (self->state);
  notify_changes (self);
  return popped;
}

/**
 * unison_navigation_stack_get_top:
 * @self: a stack
 *
 * The top page (see [property@NavigationStack:top]).
 *
 * Returns: (transfer none) (nullable): the top page, or %NULL if the stack has no root
 */
GtkWidget *
unison_navigation_stack_get_top (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), NULL);
  if (self->state == NULL)
    return NULL;
  guint depth = unison_bridge_navigation_stack_depth (self->state);
  return depth ? unison_bridge_navigation_stack_page (self->state, depth - 1) : NULL;
}

/**
 * unison_navigation_stack_get_depth:
 * @self: a stack
 *
 * How many pages are on the stack (see [property@NavigationStack:depth]).
 *
 * Returns: the number of pages, the root included
 */
guint
unison_navigation_stack_get_depth (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), 0);
  return self->state ? unison_bridge_navigation_stack_depth (self->state) : 0;
}

/**
 * unison_navigation_stack_get_back_swipe_enabled:
 * @self: a stack
 *
 * Whether the back swipe is on (see [property@NavigationStack:back-swipe-enabled]).
 *
 * Returns: %TRUE if a slid page can be swiped back from its leading edge
 */
gboolean
unison_navigation_stack_get_back_swipe_enabled (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), FALSE);
  return self->state ? unison_bridge_navigation_stack_get_back_swipe_enabled (self->state) : FALSE;
}

/**
 * unison_navigation_stack_set_back_swipe_enabled:
 * @self: a stack
 * @enabled: whether a slid page can be swiped back from its leading edge
 *
 * Turns the back swipe on or off (see [property@NavigationStack:back-swipe-enabled]). A swipe
 * under way goes on until it is released.
 */
void
unison_navigation_stack_set_back_swipe_enabled (UnisonNavigationStack *self, gboolean enabled)
{
  g_return_if_fail (UNISON_IS_NAVIGATION_STACK (self));
  if (self->state == NULL || !unison_bridge_navigation_stack_get_back_swipe_enabled (self->state) == !enabled)
    return;
  unison_bridge_navigation_stack_set_back_swipe_enabled (self->state, enabled);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BACK_SWIPE_ENABLED]);
}

/**
 * unison_navigation_stack_seek_pop:
 * @self: a stack
 * @progress: how far the pop is, 0 (the top page fully shown) to 1 (gone); clamped, NaN ignored
 *
 * Drives the pop of the top page by hand, for a gesture of the app's own (the stack's back
 * swipe, [property@NavigationStack:back-swipe-enabled], is one): the page is drawn where the
 * pop's transition has it at @progress (slid towards the trailing edge, or shrunk into its zoom
 * source), then [method@NavigationStack.finish_seeking] pops it or
 * [method@NavigationStack.cancel_seeking] brings it back, from where it is drawn.
 *
 * The first seek starts the pop: the top page gets [signal@NavigationStack::page-will-disappear],
 * the page below [signal@NavigationStack::page-will-appear]; the stack keeps the page until the
 * seek is finished (a cancelled seek ends with the page's did-disappear, will-appear and
 * did-appear, so every "will" has its "did"). A seek grabs a transition in flight without a jump
 * (read [method@NavigationStack.get_pop_progress] to continue from where it is), including a page
 * still leaving after a pop, which is pushed back first. With only the root, or while a drag
 * holds the page, nothing happens. A push or a pop during a seek ends it first.
 *
 * ```python
 * stack.seek_pop(start + dx / width)
 * ```
 */
void
unison_navigation_stack_seek_pop (UnisonNavigationStack *self, double progress)
{
  g_return_if_fail (UNISON_IS_NAVIGATION_STACK (self));
  if (self->state == NULL || isnan (progress))
    return;
  unison_bridge_navigation_stack_seek_pop (self->state, progress);
  notify_changes (self);
}

/**
 * unison_navigation_stack_seek_push:
 * @self: a stack
 * @page: the page to bring in (a widget without a parent), or the page this seek holds
 * @source: (nullable): a widget of the page below to zoom @page out of, or %NULL to slide it in
 * @progress: how far @page is shown, 0 (not at all) to 1 (fully); clamped, NaN ignored
 *
 * Drives a push of @page by hand: the first call pushes it (will-appear for @page,
 * will-disappear for the top page; @page is the new top) and holds it where @progress says;
 * later calls with the same page move it. [method@NavigationStack.finish_seeking] completes the
 * push, [method@NavigationStack.cancel_seeking] takes the page away again, as a pop. Grabs @page
 * without a jump while its push is still running or while it leaves after a pop.
 *
 * Returns: %TRUE if the seek holds @page now; %FALSE, changing nothing, when @page is on the
 *   stack below the top or has a parent elsewhere, during a seek of the pop or of another page,
 *   or while a drag holds the top page
 */
gboolean
unison_navigation_stack_seek_push (UnisonNavigationStack *self, GtkWidget *page, GtkWidget *source, double progress)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (page), FALSE);
  g_return_val_if_fail (source == NULL || GTK_IS_WIDGET (source), FALSE);
  if (self->state == NULL)
    return FALSE;
  gboolean held = unison_bridge_navigation_stack_seek_push (self->state, page, source, progress);
  notify_changes (self);
  return held;
}

/**
 * unison_navigation_stack_finish_seeking:
 * @self: a stack
 * @velocity: the gesture's speed at release in progress per second towards the seek's target (a
 *   finger moving the page away at v px/s over a stack w px wide is v / w for a pop); a
 *   non-finite value counts as 0
 * @animation: (nullable): the animation, or %NULL for the enclosing [func@animate]'s, else the
 *   stack's own spring
 *
 * Ends a seek by popping the page from where it is drawn (a seek of a push: by completing the
 * push); a spring begins at @velocity, so the motion continues the gesture's. The enclosing
 * [func@animate]'s completion waits for it. Does nothing unless seeking.
 */
void
unison_navigation_stack_finish_seeking (UnisonNavigationStack *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_NAVIGATION_STACK (self));
  if (self->state == NULL)
    return;
  unison_bridge_navigation_stack_end_seek (self->state, TRUE, isfinite (velocity) ? velocity : 0, animation);
  notify_changes (self);
}

/**
 * unison_navigation_stack_cancel_seeking:
 * @self: a stack
 * @velocity: the gesture's speed at release in progress per second towards the seek's target (a
 *   release moving back is negative); a non-finite value counts as 0
 * @animation: (nullable): the animation, chosen as in [method@NavigationStack.finish_seeking]
 *
 * Ends a seek by bringing the page back where it was (a seek of a push: taking the page away
 * again), from where it is drawn, a spring beginning at @velocity. Does nothing unless seeking.
 */
void
unison_navigation_stack_cancel_seeking (UnisonNavigationStack *self, double velocity, UnisonAnimation *animation)
{
  g_return_if_fail (UNISON_IS_NAVIGATION_STACK (self));
  if (self->state == NULL)
    return;
  unison_bridge_navigation_stack_end_seek (self->state, FALSE, isfinite (velocity) ? velocity : 0, animation);
  notify_changes (self);
}

/**
 * unison_navigation_stack_get_seeking:
 * @self: a stack
 *
 * Whether a seek holds the top page's pop or push (see [method@NavigationStack.seek_pop]).
 *
 * Returns: %TRUE while seeking
 */
gboolean
unison_navigation_stack_get_seeking (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), FALSE);
  return self->state ? unison_bridge_navigation_stack_seeking (self->state) : FALSE;
}

/**
 * unison_navigation_stack_get_pop_progress:
 * @self: a stack
 *
 * How far the pop of the top page is, as [method@NavigationStack.seek_pop] counts: 0 when the top
 * page is fully shown, 1 when it is gone; while a pop still animates a page out, that page's. A
 * gesture that grabs it starts from here. A spring may read slightly outside 0…1.
 *
 * Returns: the pop's progress
 */
double
unison_navigation_stack_get_pop_progress (UnisonNavigationStack *self)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), 0);
  return self->state ? unison_bridge_navigation_stack_pop_progress (self->state) : 0;
}

/**
 * unison_navigation_stack_get_push_progress:
 * @self: a stack
 * @page: a page
 *
 * How far @page is shown, as [method@NavigationStack.seek_push] counts: 0 not shown, 1 fully
 * shown (0 for a page the stack does not hold).
 *
 * Returns: the push's progress
 */
double
unison_navigation_stack_get_push_progress (UnisonNavigationStack *self, GtkWidget *page)
{
  g_return_val_if_fail (UNISON_IS_NAVIGATION_STACK (self), 0);
  g_return_val_if_fail (GTK_IS_WIDGET (page), 0);
  return self->state ? unison_bridge_navigation_stack_push_progress (self->state, page) : 0;
}
