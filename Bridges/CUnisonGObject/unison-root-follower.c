/* What puts the animations of an object made from C on the frame clock of the window it is shown
 * in: a clock per window, shared by all its bins, labels and values, instead of one per object (a
 * tick callback and an engine frame each). The object does not know its window when it is made
 * (its widget has no parent yet), so the follower waits for the widget's realization, and again
 * for every later one (the widget moved to another window). A move waits for the object's
 * animations to end (they keep the clock they started on, so nothing jumps): it is tried again
 * after each frame the widget's window paints, and the last frame of an animation is painted. */
#define G_LOG_DOMAIN "Unison"

#include "unison-bridge.h"

struct _UnisonBridgeRootFollower {
  GWeakRef widget;
  gulong realize_handler;
  gulong unrealize_handler;
  GdkFrameClock *pending_clock; /* while a move waits: the widget's frame clock (a reference) */
  gulong paint_handler;
  UnisonBridgeRootedFunc rooted;
  gpointer data;
};

static void
stop_waiting (UnisonBridgeRootFollower *self)
{
  if (self->pending_clock == NULL)
    return;
  g_signal_handler_disconnect (self->pending_clock, self->paint_handler);
  self->paint_handler = 0;
  g_clear_object (&self->pending_clock);
}

/* Whether the move to the clock of the widget's window is done (or there is nothing to move to). */
static gboolean
try_move (UnisonBridgeRootFollower *self, GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  if (root == NULL || !gtk_widget_get_realized (widget))
    return TRUE;
  return self->rooted (self->data, GTK_WIDGET (root));
}

static void
painted (GdkFrameClock *clock, gpointer data)
{
  UnisonBridgeRootFollower *self = data;
  GtkWidget *widget = g_weak_ref_get (&self->widget);
  if (widget == NULL || try_move (self, widget))
    stop_waiting (self);
  g_clear_object (&widget);
}

static void
realized (GtkWidget *widget, gpointer data)
{
  UnisonBridgeRootFollower *self = data;
  stop_waiting (self);
  if (try_move (self, widget))
    return;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL)
    return;
  self->pending_clock = g_object_ref (clock);
  self->paint_handler = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), self);
}

static void
unrealized (GtkWidget *widget, gpointer data)
{
  stop_waiting (data);
}

UnisonBridgeRootFollower *
unison_bridge_root_follower_new (GtkWidget *widget, UnisonBridgeRootedFunc rooted, gpointer data)
{
  UnisonBridgeRootFollower *self = g_new0 (UnisonBridgeRootFollower, 1);
  g_weak_ref_init (&self->widget, widget);
  self->rooted = rooted;
  self->data = data;
  self->realize_handler = g_signal_connect (widget, "realize", G_CALLBACK (realized), self);
  self->unrealize_handler = g_signal_connect (widget, "unrealize", G_CALLBACK (unrealized), self);
  if (gtk_widget_get_realized (widget))
    realized (widget, self);
  return self;
}

void
unison_bridge_root_follower_free (UnisonBridgeRootFollower *self)
{
  if (self == NULL)
    return;
  stop_waiting (self);
  GtkWidget *widget = g_weak_ref_get (&self->widget);
  if (widget)
    {
      g_signal_handler_disconnect (widget, self->realize_handler);
      g_signal_handler_disconnect (widget, self->unrealize_handler);
      g_object_unref (widget);
    }
  g_weak_ref_clear (&self->widget);
  g_free (self);
}
