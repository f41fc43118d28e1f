// What Unison's list animator (ListAnimator, Sources/UnisonGtk/Lists) needs from GTK's model-backed
// list views (GtkListView, GtkGridView, GtkColumnView) that Swift cannot do or reach: GLib emission
// hooks (run before any handler, so before the view's own reaction to a model change), the row a
// bound GtkListItem belongs to, a row's placement with a render transform, a row's rendering, and
// a window layer drawing the rows of removed items while they leave.
#ifndef UNISON_LIST_MOTION_H
#define UNISON_LIST_MOTION_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/// Called for `items-changed` of a model marked with `unison_list_model_track`, before any of the
/// model's handlers (the list view's own included) run.
typedef void (*UnisonListItemsChanged)(gpointer model, guint position, guint removed, guint added);

/// Installs the emission hooks (once; later calls do nothing): `items-changed` of tracked models
/// goes to `changed`; a GtkListItem bound to an item by a GtkSignalListItemFactory (its `bind`
/// signal; GObject's `notify` takes no emission hooks) records itself on the row widget that shows
/// it (the child of the GtkListBase that holds its child), for `unison_list_row_list_item`.
void unison_list_install_hooks(UnisonListItemsChanged changed);

/// Counts a tracker of `model` (`track` TRUE) or lets one go (FALSE): only tracked models reach
/// the hook's callback.
void unison_list_model_track(gpointer model, gboolean track);

/// The GtkListItem last bound in `row` (a new reference), or NULL.
GtkListItem *unison_list_row_list_item(GtkWidget *row);

/// The widget whose children are the rows: `view` itself for a GtkListView or GtkGridView, the
/// list inside a GtkColumnView; NULL for anything else.
GtkWidget *unison_list_rows_parent(GtkWidget *view);

/// The model of a GtkListView, GtkGridView or GtkColumnView (no new reference), or NULL.
GListModel *unison_list_view_get_model(GtkWidget *view);

/// Sets the model of a GtkListView, GtkGridView or GtkColumnView again (NULL, then `model`), so
/// every row is bound anew.
void unison_list_view_rebind(GtkWidget *view);

/// How the rows of `rows_parent` follow each other: 0 top to bottom (a vertical GtkListView, a
/// GtkColumnView's list), 1 start to end (a horizontal GtkListView), -1 in lines of columns from
/// the top (a vertical GtkGridView), -2 otherwise (a horizontal GtkGridView).
int unison_list_axis(GtkWidget *rows_parent);

/// Whether `model` is a GtkSelectionModel (which GtkListView accepts).
gboolean unison_list_is_selection_model(gpointer model);

/// Where layout put `row` (its allocation's translation, valid while it is drawn as laid out), in
/// its parent's coordinates, and the size it was allocated (its margin box).
void unison_list_row_origin(GtkWidget *row, double *x, double *y, double *width, double *height);

/// Allocates `row` at its allocated size again, drawn at (x, y) of its parent, scaled by
/// (`sx`, `sy`) and rotated by `rotation` degrees about (`ax`, `ay`) of itself, with `opacity`.
/// GTK takes only the new transform (the size is unchanged: nothing is measured or relaid out).
/// (`layout_x`, `layout_y`) is where layout put it: a row drawn elsewhere (or otherwise) is marked
/// with it, for `unison_list_rows_restore`; a row drawn there as laid out is unmarked.
void unison_list_row_place(GtkWidget *row, double layout_x, double layout_y, double x, double y, double sx, double sy,
                           double rotation, double ax, double ay, double opacity);

/// Whether `row` is marked (drawn away from its layout place); if so, that place.
gboolean unison_list_row_layout(GtkWidget *row, double *x, double *y);

/// Draws every marked child of `parent` where layout put it, as laid out, and unmarks it (before
/// GTK's layout of a frame, so that layout's own placement can be read after it). Returns how many.
guint unison_list_rows_restore(GtkWidget *parent);

/// The row's rendering now, without its opacity (a new reference; an empty paintable when it draws
/// nothing): its border box, at (`x`, `y`) of its allocation, `width` × `height`.
GdkPaintable *unison_list_row_capture(GtkWidget *row, double *x, double *y, double *width, double *height);

// MARK: The layer of leaving rows

#define UNISON_TYPE_LIST_LAYER (unison_list_layer_get_type())
G_DECLARE_FINAL_TYPE(UnisonListLayer, unison_list_layer, UNISON, LIST_LAYER, GtkWidget)

/// A layer (set as an extra child of a window, drawn above its content) drawing renderings of
/// rows, each placed, scaled, rotated and faded, all clipped to one rectangle. It takes no input.
GtkWidget *unison_list_layer_new(void);

/// Forgets every drawing (queues a redraw if there were any). Keeps its buffers.
void unison_list_layer_clear(UnisonListLayer *layer);

/// Clips what it draws to this rectangle (window coordinates).
void unison_list_layer_set_clip(UnisonListLayer *layer, double x, double y, double width, double height);

/// Draws `paintable` (`width` × `height`, at (`box_x`, `box_y`) of the row it was captured from) for
/// a row placed at (x, y) of the window, scaled and rotated about (`ax`, `ay`) of the row, with
/// `opacity`; queues a redraw.
void unison_list_layer_add(UnisonListLayer *layer, GdkPaintable *paintable, double box_x, double box_y, double width,
                           double height, double x, double y, double sx, double sy, double rotation, double ax,
                           double ay, double opacity);

/// How many renderings it draws.
guint unison_list_layer_count(UnisonListLayer *layer);

/// Makes `layer` the last child of `window` (if it is not yet) and allocates it the window's size.
void unison_list_layer_attach(GtkWidget *layer, GtkWidget *window);

/// Takes `layer` out of its window, if it is in one.
void unison_list_layer_detach(GtkWidget *layer);

G_END_DECLS

#endif
