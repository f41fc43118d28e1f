#include "unison_morph_layer.h"

#include <math.h>

/// `value` limited to what GTK's float geometry holds (±1e9), or `fallback` when not finite.
static double finite_or(double value, double fallback) { return isfinite(value) ? CLAMP(value, -1e9, 1e9) : fallback; }

struct _UnisonMorphLayer {
    GtkWidget parent_instance;
    GskRenderNode *node;                   // the child as drawn, in its own coordinates
    double node_width, node_height;        // the child's size (what the node maps from)
    double x, y, width, height, opacity;  // the frame it is drawn at; width < 0: nothing
};

G_DEFINE_FINAL_TYPE(UnisonMorphLayer, unison_morph_layer, GTK_TYPE_WIDGET)

static void unison_morph_layer_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    UnisonMorphLayer *self = UNISON_MORPH_LAYER(widget);
    if (self->node == NULL || self->width <= 0 || self->height <= 0 || self->opacity <= 0) return;
    if (self->node_width <= 0 || self->node_height <= 0) return;
    // As the bin draws a morph: scaled one pixel beyond the frame on each side and clipped to it
    // (the clip alone makes the edges; a scaled texture's own edges are filtered soft).
    graphene_rect_t frame = GRAPHENE_RECT_INIT((float)self->x, (float)self->y, (float)self->width, (float)self->height);
    gtk_snapshot_push_clip(snapshot, &frame);
    if (self->opacity < 1) gtk_snapshot_push_opacity(snapshot, self->opacity);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)(self->x - 1), (float)(self->y - 1)));
    gtk_snapshot_scale(snapshot, (float)((self->width + 2) / self->node_width),
                       (float)((self->height + 2) / self->node_height));
    gtk_snapshot_append_node(snapshot, self->node);
    gtk_snapshot_restore(snapshot);
    if (self->opacity < 1) gtk_snapshot_pop(snapshot);
    gtk_snapshot_pop(snapshot);
}

static void unison_morph_layer_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                       int *natural, int *minimum_baseline, int *natural_baseline) {
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
}

static void unison_morph_layer_dispose(GObject *object) {
    UnisonMorphLayer *self = UNISON_MORPH_LAYER(object);
    g_clear_pointer(&self->node, gsk_render_node_unref);
    G_OBJECT_CLASS(unison_morph_layer_parent_class)->dispose(object);
}

static void unison_morph_layer_class_init(UnisonMorphLayerClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = unison_morph_layer_dispose;
    widget_class->measure = unison_morph_layer_measure;
    widget_class->snapshot = unison_morph_layer_snapshot;
    gtk_widget_class_set_css_name(widget_class, "unison-morph-layer");
}

static void unison_morph_layer_init(UnisonMorphLayer *self) {
    self->width = self->height = -1;
    self->opacity = 1;
    gtk_widget_set_can_target(GTK_WIDGET(self), FALSE);
    gtk_widget_set_can_focus(GTK_WIDGET(self), FALSE);
}

GtkWidget *unison_morph_layer_new(GskRenderNode *node, double width, double height) {
    UnisonMorphLayer *self = g_object_new(UNISON_TYPE_MORPH_LAYER, NULL);
    self->node = node;  // transfer full
    self->node_width = isfinite(width) ? width : 0;
    self->node_height = isfinite(height) ? height : 0;
    return GTK_WIDGET(self);
}

void unison_morph_layer_set_frame(UnisonMorphLayer *layer, double x, double y, double width, double height,
                                  double opacity) {
    g_return_if_fail(UNISON_IS_MORPH_LAYER(layer));
    x = finite_or(x, 0);
    y = finite_or(y, 0);
    width = isfinite(width) ? CLAMP(width, 0, 1e6) : 0;
    height = isfinite(height) ? CLAMP(height, 0, 1e6) : 0;
    opacity = isfinite(opacity) ? CLAMP(opacity, 0.0, 1.0) : 1;
    if (layer->x == x && layer->y == y && layer->width == width && layer->height == height &&
        layer->opacity == opacity)
        return;
    layer->x = x;
    layer->y = y;
    layer->width = width;
    layer->height = height;
    layer->opacity = opacity;
    gtk_widget_queue_draw(GTK_WIDGET(layer));
}

void unison_morph_layer_attach(GtkWidget *layer, GtkWidget *window) {
    g_return_if_fail(UNISON_IS_MORPH_LAYER(layer) && GTK_IS_WIDGET(window));
    if (gtk_widget_get_parent(layer) != window) {
        if (gtk_widget_get_parent(layer) != NULL) gtk_widget_unparent(layer);
        gtk_widget_set_parent(layer, window);  // last: drawn above the window's content
    }
    int min, nat;
    gtk_widget_measure(layer, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_measure(layer, GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_allocate(layer, gtk_widget_get_width(window), gtk_widget_get_height(window), -1, NULL);
}

gboolean unison_has_clipping_ancestor(GtkWidget *widget, GtkWidget *root, double *x, double *y, double *width,
                                      double *height) {
    g_return_val_if_fail(GTK_IS_WIDGET(widget) && GTK_IS_WIDGET(root), FALSE);
    gboolean clipped = FALSE;
    graphene_rect_t visible;
    for (GtkWidget *w = gtk_widget_get_parent(widget); w != NULL && w != root; w = gtk_widget_get_parent(w)) {
        if (gtk_widget_get_overflow(w) != GTK_OVERFLOW_HIDDEN) continue;
        graphene_rect_t bounds;
        if (!gtk_widget_compute_bounds(w, root, &bounds)) continue;
        if (clipped) graphene_rect_intersection(&visible, &bounds, &visible);
        else visible = bounds;
        clipped = TRUE;
    }
    if (clipped) {
        *x = visible.origin.x;
        *y = visible.origin.y;
        *width = visible.size.width;
        *height = visible.size.height;
    }
    return clipped;
}
