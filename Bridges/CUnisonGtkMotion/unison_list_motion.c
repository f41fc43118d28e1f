#include "unison_list_motion.h"

#include <math.h>

// MARK: Hooks

static UnisonListItemsChanged items_changed_func = NULL;
static GQuark tracked_quark = 0;   // on a model: how many animators follow it (GPOINTER_TO_UINT)
static GQuark list_item_quark = 0; // on a row: a GWeakRef to the GtkListItem last bound in it

static gboolean items_changed_hook(GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data) {
    (void)hint;
    (void)data;
    if (n_values < 4 || items_changed_func == NULL) return TRUE;
    GObject *model = g_value_get_object(&values[0]);
    if (model == NULL || g_object_get_qdata(model, tracked_quark) == NULL) return TRUE;
    items_changed_func(model, g_value_get_uint(&values[1]), g_value_get_uint(&values[2]), g_value_get_uint(&values[3]));
    return TRUE;  // stay installed
}

static void weak_ref_free(gpointer ref) {
    g_weak_ref_clear(ref);
    g_free(ref);
}

/// Records `list_item` on the row that shows it: the ancestor of its child (or the child) whose
/// parent is a GtkListBase (a GtkListView, a GtkGridView, the list inside a GtkColumnView).
static void note_bound(GObject *object) {
    if (object == NULL || !GTK_IS_LIST_ITEM(object)) return;
    GtkWidget *child = gtk_list_item_get_child(GTK_LIST_ITEM(object));
    for (GtkWidget *w = child; w != NULL; w = gtk_widget_get_parent(w)) {
        GtkWidget *parent = gtk_widget_get_parent(w);
        if (parent == NULL || !G_TYPE_CHECK_INSTANCE_TYPE(parent, GTK_TYPE_LIST_BASE)) continue;
        GWeakRef *ref = g_object_get_qdata(G_OBJECT(w), list_item_quark);
        if (ref == NULL) {
            ref = g_new0(GWeakRef, 1);
            g_weak_ref_init(ref, object);
            g_object_set_qdata_full(G_OBJECT(w), list_item_quark, ref, weak_ref_free);
        } else {
            g_weak_ref_set(ref, object);
        }
        return;
    }
}

static gboolean factory_bind_hook(GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data) {
    (void)hint;
    (void)data;
    // GtkSignalListItemFactory::bind (factory, list_item): the item is set, the child was made in setup.
    if (n_values >= 2) note_bound(g_value_get_object(&values[1]));
    return TRUE;
}

void unison_list_install_hooks(UnisonListItemsChanged changed) {
    if (items_changed_func != NULL) return;
    items_changed_func = changed;
    tracked_quark = g_quark_from_static_string("unison-list-tracked");
    list_item_quark = g_quark_from_static_string("unison-list-item");
    gpointer iface = g_type_default_interface_ref(G_TYPE_LIST_MODEL);
    g_signal_add_emission_hook(g_signal_lookup("items-changed", G_TYPE_LIST_MODEL), 0, items_changed_hook, NULL, NULL);
    g_type_default_interface_unref(iface);
    GTypeClass *factory_class = g_type_class_ref(GTK_TYPE_SIGNAL_LIST_ITEM_FACTORY);
    g_signal_add_emission_hook(g_signal_lookup("bind", GTK_TYPE_SIGNAL_LIST_ITEM_FACTORY), 0, factory_bind_hook, NULL,
                               NULL);
    g_type_class_unref(factory_class);
}

void unison_list_model_track(gpointer model, gboolean track) {
    g_return_if_fail(G_IS_OBJECT(model));
    guint count = GPOINTER_TO_UINT(g_object_get_qdata(G_OBJECT(model), tracked_quark));
    if (track) count++;
    else if (count > 0) count--;
    g_object_set_qdata(G_OBJECT(model), tracked_quark, GUINT_TO_POINTER(count));
}

GtkListItem *unison_list_row_list_item(GtkWidget *row) {
    if (row == NULL || list_item_quark == 0) return NULL;
    GWeakRef *ref = g_object_get_qdata(G_OBJECT(row), list_item_quark);
    return ref != NULL ? g_weak_ref_get(ref) : NULL;
}

// MARK: Views

GtkWidget *unison_list_rows_parent(GtkWidget *view) {
    if (view == NULL) return NULL;
    if (GTK_IS_LIST_VIEW(view) || GTK_IS_GRID_VIEW(view)) return view;
    if (!GTK_IS_COLUMN_VIEW(view)) return NULL;
    for (GtkWidget *child = gtk_widget_get_first_child(view); child != NULL; child = gtk_widget_get_next_sibling(child))
        if (GTK_IS_LIST_VIEW(child)) return child;
    return NULL;
}

GListModel *unison_list_view_get_model(GtkWidget *view) {
    GtkSelectionModel *model = NULL;
    if (GTK_IS_LIST_VIEW(view)) model = gtk_list_view_get_model(GTK_LIST_VIEW(view));
    else if (GTK_IS_GRID_VIEW(view)) model = gtk_grid_view_get_model(GTK_GRID_VIEW(view));
    else if (GTK_IS_COLUMN_VIEW(view)) model = gtk_column_view_get_model(GTK_COLUMN_VIEW(view));
    return model != NULL ? G_LIST_MODEL(model) : NULL;
}

static void set_model(GtkWidget *view, GtkSelectionModel *model) {
    if (GTK_IS_LIST_VIEW(view)) gtk_list_view_set_model(GTK_LIST_VIEW(view), model);
    else if (GTK_IS_GRID_VIEW(view)) gtk_grid_view_set_model(GTK_GRID_VIEW(view), model);
    else if (GTK_IS_COLUMN_VIEW(view)) gtk_column_view_set_model(GTK_COLUMN_VIEW(view), model);
}

void unison_list_view_rebind(GtkWidget *view) {
    GListModel *model = unison_list_view_get_model(view);
    if (model == NULL) return;
    g_object_ref(model);
    set_model(view, NULL);
    set_model(view, GTK_SELECTION_MODEL(model));
    g_object_unref(model);
}

int unison_list_axis(GtkWidget *rows_parent) {
    if (rows_parent == NULL || !GTK_IS_ORIENTABLE(rows_parent)) return -2;
    gboolean vertical = gtk_orientable_get_orientation(GTK_ORIENTABLE(rows_parent)) == GTK_ORIENTATION_VERTICAL;
    if (GTK_IS_LIST_VIEW(rows_parent)) return vertical ? 0 : 1;
    if (GTK_IS_GRID_VIEW(rows_parent)) return vertical ? -1 : -2;
    return -2;
}

gboolean unison_list_is_selection_model(gpointer model) { return model != NULL && GTK_IS_SELECTION_MODEL(model); }

// MARK: Rows

void unison_list_row_origin(GtkWidget *row, double *x, double *y, double *width, double *height) {
    // The allocation GTK gave the row: its transform's translation and its margin box's size (what
    // gtk_widget_allocate takes; gtk_widget_get_width is its content box).
    GtkAllocation allocation;
    gtk_widget_get_allocation(row, &allocation);
    *x = allocation.x;
    *y = allocation.y;
    *width = allocation.width;
    *height = allocation.height;
}

/// A finite value within what GTK's float geometry holds (Swift clamps first; this is the last guard).
static float finite_float(double value, double fallback) {
    return (float)(isfinite(value) ? CLAMP(value, -1e6, 1e6) : fallback);
}

/// The transform that draws something at (x, y), scaled and rotated about (ax, ay) of itself.
static GskTransform *placement(double x, double y, double sx, double sy, double rotation, double ax, double ay) {
    GskTransform *t = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(finite_float(x, 0), finite_float(y, 0)));
    if (sx == 1 && sy == 1 && rotation == 0) return t;
    graphene_point_t anchor = GRAPHENE_POINT_INIT(finite_float(ax, 0), finite_float(ay, 0));
    t = gsk_transform_translate(t, &anchor);
    if (rotation != 0) t = gsk_transform_rotate(t, finite_float(rotation, 0));
    t = gsk_transform_scale(t, finite_float(sx, 1), finite_float(sy, 1));
    return gsk_transform_translate(t, &GRAPHENE_POINT_INIT(-anchor.x, -anchor.y));
}

/// Where layout put a row that is drawn elsewhere (qdata of the row, made once per row).
typedef struct {
    gboolean placed;
    double x, y;
} RowLayout;

static GQuark row_layout_quark(void) {
    static GQuark quark = 0;
    if (quark == 0) quark = g_quark_from_static_string("unison-list-layout");
    return quark;
}

static void allocate_row(GtkWidget *row, GskTransform *transform) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(row, &allocation);  // its size as GTK allocated it (margin box)
    gtk_widget_allocate(row, allocation.width, allocation.height, gtk_widget_get_allocated_baseline(row), transform);
}

void unison_list_row_place(GtkWidget *row, double layout_x, double layout_y, double x, double y, double sx, double sy,
                           double rotation, double ax, double ay, double opacity) {
    g_return_if_fail(GTK_IS_WIDGET(row));
    if (!gtk_widget_get_visible(row)) return;
    double alpha = isfinite(opacity) ? CLAMP(opacity, 0.0, 1.0) : 1;
    if (gtk_widget_get_opacity(row) != alpha) gtk_widget_set_opacity(row, alpha);
    gboolean laid_out = x == layout_x && y == layout_y && sx == 1 && sy == 1 && rotation == 0 && alpha == 1;
    RowLayout *mark = g_object_get_qdata(G_OBJECT(row), row_layout_quark());
    if (laid_out && (mark == NULL || !mark->placed)) return;  // drawn as laid out already
    if (mark == NULL) {
        mark = g_new0(RowLayout, 1);
        g_object_set_qdata_full(G_OBJECT(row), row_layout_quark(), mark, g_free);
    }
    mark->placed = !laid_out;
    mark->x = layout_x;
    mark->y = layout_y;
    allocate_row(row, placement(x, y, sx, sy, rotation, ax, ay));
}

gboolean unison_list_row_layout(GtkWidget *row, double *x, double *y) {
    RowLayout *mark = row != NULL ? g_object_get_qdata(G_OBJECT(row), row_layout_quark()) : NULL;
    if (mark == NULL || !mark->placed) return FALSE;
    *x = mark->x;
    *y = mark->y;
    return TRUE;
}

guint unison_list_rows_restore(GtkWidget *parent) {
    g_return_val_if_fail(GTK_IS_WIDGET(parent), 0);
    guint count = 0;
    for (GtkWidget *row = gtk_widget_get_first_child(parent); row != NULL; row = gtk_widget_get_next_sibling(row)) {
        RowLayout *mark = g_object_get_qdata(G_OBJECT(row), row_layout_quark());
        if (mark == NULL || !mark->placed) continue;
        mark->placed = FALSE;
        count++;
        if (gtk_widget_get_opacity(row) != 1) gtk_widget_set_opacity(row, 1);
        // A row GTK keeps for later but does not show (4.8 keeps up to 200) is allocated by GTK when shown.
        if (!gtk_widget_get_visible(row) || !gtk_widget_get_child_visible(row)) continue;
        // Its content may have asked for a new size since (a rebind): measured first, as GTK requires
        // before an allocation (cached otherwise). GTK's layout that follows gives it its new size.
        int min, nat;
        gtk_widget_measure(row, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
        GtkAllocation allocation;
        gtk_widget_get_allocation(row, &allocation);
        gtk_widget_measure(row, GTK_ORIENTATION_VERTICAL, allocation.width, &min, &nat, NULL, NULL);
        allocate_row(row, gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)mark->x, (float)mark->y)));
    }
    return count;
}

GdkPaintable *unison_list_row_capture(GtkWidget *row, double *x, double *y, double *width, double *height) {
    *x = *y = *width = *height = 0;
    g_return_val_if_fail(GTK_IS_WIDGET(row), gdk_paintable_new_empty(0, 0));
    // What the paintable draws: the row's border box; where that is in its allocation (its margins).
    graphene_rect_t box;
    GtkAllocation allocation;
    gtk_widget_get_allocation(row, &allocation);
    GtkWidget *parent = gtk_widget_get_parent(row);
    if (parent != NULL && gtk_widget_compute_bounds(row, parent, &box) && unison_list_row_layout(row, x, y) == FALSE) {
        *x = box.origin.x - allocation.x;
        *y = box.origin.y - allocation.y;
    } else if (parent != NULL && gtk_widget_compute_bounds(row, row, &box)) {
        *x = *y = 0;  // drawn elsewhere now: its margins are not read back (rows have none by default)
    }
    *width = box.size.width;
    *height = box.size.height;
    double opacity = gtk_widget_get_opacity(row);
    if (opacity < 1) gtk_widget_set_opacity(row, 1);
    GdkPaintable *live = gtk_widget_paintable_new(row);
    GdkPaintable *image = gdk_paintable_get_current_image(live);
    g_object_unref(live);
    if (opacity < 1) gtk_widget_set_opacity(row, opacity);
    return image;
}

// MARK: The layer

typedef struct {
    GdkPaintable *paintable;
    double box_x, box_y, width, height, x, y, sx, sy, rotation, ax, ay, opacity;
} Drawing;

struct _UnisonListLayer {
    GtkWidget parent_instance;
    GArray *drawings;  // of Drawing; the layer holds a reference on each paintable
    graphene_rect_t clip;
};

G_DEFINE_FINAL_TYPE(UnisonListLayer, unison_list_layer, GTK_TYPE_WIDGET)

static void unison_list_layer_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    UnisonListLayer *self = UNISON_LIST_LAYER(widget);
    if (self->drawings->len == 0 || self->clip.size.width <= 0 || self->clip.size.height <= 0) return;
    gtk_snapshot_push_clip(snapshot, &self->clip);
    for (guint i = 0; i < self->drawings->len; i++) {
        Drawing *d = &g_array_index(self->drawings, Drawing, i);
        if (d->opacity <= 0 || d->width <= 0 || d->height <= 0) continue;
        gtk_snapshot_save(snapshot);
        GskTransform *t = placement(d->x, d->y, d->sx, d->sy, d->rotation, d->ax, d->ay);
        gtk_snapshot_transform(snapshot, t);
        gsk_transform_unref(t);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)d->box_x, (float)d->box_y));
        if (d->opacity < 1) gtk_snapshot_push_opacity(snapshot, d->opacity);
        gdk_paintable_snapshot(d->paintable, snapshot, d->width, d->height);
        if (d->opacity < 1) gtk_snapshot_pop(snapshot);
        gtk_snapshot_restore(snapshot);
    }
    gtk_snapshot_pop(snapshot);
}

static void unison_list_layer_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                      int *natural, int *minimum_baseline, int *natural_baseline) {
    (void)widget;
    (void)orientation;
    (void)for_size;
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
}

static void clear_drawings(UnisonListLayer *self) {
    for (guint i = 0; i < self->drawings->len; i++) g_object_unref(g_array_index(self->drawings, Drawing, i).paintable);
    g_array_set_size(self->drawings, 0);
}

static void unison_list_layer_dispose(GObject *object) {
    clear_drawings(UNISON_LIST_LAYER(object));
    G_OBJECT_CLASS(unison_list_layer_parent_class)->dispose(object);
}

static void unison_list_layer_finalize(GObject *object) {
    g_array_unref(UNISON_LIST_LAYER(object)->drawings);
    G_OBJECT_CLASS(unison_list_layer_parent_class)->finalize(object);
}

static void unison_list_layer_class_init(UnisonListLayerClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = unison_list_layer_dispose;
    G_OBJECT_CLASS(klass)->finalize = unison_list_layer_finalize;
    widget_class->measure = unison_list_layer_measure;
    widget_class->snapshot = unison_list_layer_snapshot;
    gtk_widget_class_set_css_name(widget_class, "unison-list-layer");
    // Pictures of rows that are gone: nothing for assistive technologies.
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void unison_list_layer_init(UnisonListLayer *self) {
    self->drawings = g_array_new(FALSE, FALSE, sizeof(Drawing));
    self->clip = GRAPHENE_RECT_INIT(0, 0, 0, 0);
    gtk_widget_set_can_target(GTK_WIDGET(self), FALSE);
    gtk_widget_set_can_focus(GTK_WIDGET(self), FALSE);
}

GtkWidget *unison_list_layer_new(void) { return g_object_new(UNISON_TYPE_LIST_LAYER, NULL); }

void unison_list_layer_clear(UnisonListLayer *layer) {
    g_return_if_fail(UNISON_IS_LIST_LAYER(layer));
    if (layer->drawings->len == 0) return;
    clear_drawings(layer);
    gtk_widget_queue_draw(GTK_WIDGET(layer));
}

void unison_list_layer_set_clip(UnisonListLayer *layer, double x, double y, double width, double height) {
    g_return_if_fail(UNISON_IS_LIST_LAYER(layer));
    graphene_rect_t clip = GRAPHENE_RECT_INIT(finite_float(x, 0), finite_float(y, 0),
                                              isfinite(width) ? (float)CLAMP(width, 0, 1e6) : 0,
                                              isfinite(height) ? (float)CLAMP(height, 0, 1e6) : 0);
    if (graphene_rect_equal(&clip, &layer->clip)) return;
    layer->clip = clip;
    gtk_widget_queue_draw(GTK_WIDGET(layer));
}

void unison_list_layer_add(UnisonListLayer *layer, GdkPaintable *paintable, double box_x, double box_y, double width,
                           double height, double x, double y, double sx, double sy, double rotation, double ax,
                           double ay, double opacity) {
    g_return_if_fail(UNISON_IS_LIST_LAYER(layer) && GDK_IS_PAINTABLE(paintable));
    Drawing d = {
        .paintable = g_object_ref(paintable),
        .box_x = isfinite(box_x) ? CLAMP(box_x, -1e6, 1e6) : 0,
        .box_y = isfinite(box_y) ? CLAMP(box_y, -1e6, 1e6) : 0,
        .width = isfinite(width) ? CLAMP(width, 0, 1e6) : 0,
        .height = isfinite(height) ? CLAMP(height, 0, 1e6) : 0,
        .x = x, .y = y, .sx = sx, .sy = sy, .rotation = rotation, .ax = ax, .ay = ay,
        .opacity = isfinite(opacity) ? CLAMP(opacity, 0.0, 1.0) : 1,
    };
    g_array_append_val(layer->drawings, d);
    gtk_widget_queue_draw(GTK_WIDGET(layer));
}

guint unison_list_layer_count(UnisonListLayer *layer) {
    g_return_val_if_fail(UNISON_IS_LIST_LAYER(layer), 0);
    return layer->drawings->len;
}

void unison_list_layer_attach(GtkWidget *layer, GtkWidget *window) {
    g_return_if_fail(UNISON_IS_LIST_LAYER(layer) && GTK_IS_WIDGET(window));
    if (gtk_widget_get_parent(layer) != window) {
        if (gtk_widget_get_parent(layer) != NULL) gtk_widget_unparent(layer);
        gtk_widget_set_parent(layer, window);  // last: drawn above the window's content
    } else if (gtk_widget_get_next_sibling(layer) != NULL) {
        gtk_widget_insert_before(layer, window, NULL);  // something was added after it: last again
    }
    int min, nat;
    gtk_widget_measure(layer, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_measure(layer, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_allocate(layer, gtk_widget_get_width(window), gtk_widget_get_height(window), -1, NULL);
}

void unison_list_layer_detach(GtkWidget *layer) {
    g_return_if_fail(UNISON_IS_LIST_LAYER(layer));
    if (gtk_widget_get_parent(layer) != NULL) gtk_widget_unparent(layer);
}
