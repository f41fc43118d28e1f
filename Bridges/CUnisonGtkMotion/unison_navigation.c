// Helpers for UnisonGtk's NavigationStack (see include/unison_navigation.h).
#include "unison_navigation.h"

void unison_navigation_set_covered(GtkWidget *page, gboolean covered) {
    g_return_if_fail(GTK_IS_WIDGET(page));
    gtk_widget_set_can_focus(page, !covered);
    gtk_widget_set_can_target(page, !covered);
    // GTK keeps this state in step with the widget's visibility; uncovered, it is GTK's again.
    gboolean hidden = covered || !gtk_widget_get_visible(page);
    gtk_accessible_update_state(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

// A page drawn scaled is drawn from a texture of its rendering at its own size (see the header).
typedef struct {
    GskRenderNode *source;  // the child's render node the texture was made from
    GdkTexture *texture;
    int width, height, scale;  // the bin's size and scale factor when it was made
    graphene_point_t origin;   // where the child was in the bin
} StandIn;

static void stand_in_free(gpointer data) {
    StandIn *self = data;
    g_clear_pointer(&self->source, gsk_render_node_unref);
    g_clear_object(&self->texture);
    g_free(self);
}

/// The child's own render node, without the offset its allocation puts around it (a new node
/// each time; the offset is compared apart): GTK keeps it, the same node, until the child is
/// drawn again.
static GskRenderNode *unwrapped(GskRenderNode *node) {
    while (node != NULL && gsk_render_node_get_node_type(node) == GSK_TRANSFORM_NODE) {
        GskTransform *transform = gsk_transform_node_get_transform(node);
        if (gsk_transform_get_category(transform) < GSK_TRANSFORM_CATEGORY_2D_TRANSLATE) break;
        node = gsk_transform_node_get_child(node);
    }
    return node;
}

static void draw_stand_in(gpointer data, GtkWidget *bin, GtkWidget *child, GtkSnapshot *snapshot) {
    StandIn *self = data;
    GtkSnapshot *inner = gtk_snapshot_new();
    gtk_widget_snapshot_child(bin, child, inner);
    GskRenderNode *node = gtk_snapshot_free_to_node(inner);
    if (node == NULL) return;
    int width = gtk_widget_get_width(bin), height = gtk_widget_get_height(bin);
    int scale = gtk_widget_get_scale_factor(bin);
    GtkNative *native = gtk_widget_get_native(bin);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    if (renderer == NULL || width <= 0 || height <= 0) {
        gtk_snapshot_append_node(snapshot, node);
        gsk_render_node_unref(node);
        return;
    }
    GskRenderNode *source = unwrapped(node);
    graphene_point_t origin;
    if (!gtk_widget_compute_point(child, bin, &GRAPHENE_POINT_INIT(0, 0), &origin)) origin = self->origin;
    if (self->texture == NULL || source != self->source || width != self->width || height != self->height ||
        scale != self->scale || !graphene_point_equal(&origin, &self->origin)) {
        // Rendered in device pixels: the bin's rectangle scaled by the surface's scale factor.
        GtkSnapshot *device = gtk_snapshot_new();
        gtk_snapshot_scale(device, (float)scale, (float)scale);
        gtk_snapshot_append_node(device, node);
        GskRenderNode *scaled = gtk_snapshot_free_to_node(device);
        graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)(width * scale), (float)(height * scale));
        GdkTexture *texture = scaled != NULL ? gsk_renderer_render_texture(renderer, scaled, &viewport) : NULL;
        g_clear_pointer(&scaled, gsk_render_node_unref);
        if (texture == NULL) {
            gtk_snapshot_append_node(snapshot, node);
            gsk_render_node_unref(node);
            return;
        }
        g_clear_object(&self->texture);
        self->texture = texture;
        g_clear_pointer(&self->source, gsk_render_node_unref);
        self->source = gsk_render_node_ref(source);
        self->width = width;
        self->height = height;
        self->scale = scale;
        self->origin = origin;
    }
    gtk_snapshot_append_texture(snapshot, self->texture, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
    gsk_render_node_unref(node);
}

void unison_navigation_set_drawn_as_texture(UnisonMotionBin *bin, gboolean texture) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    if (texture) {
        // Not on cairo: it would copy the texture into a surface and filter it every frame, which
        // costs more than drawing the page's nodes scaled (Benchmarks/README.md, the zoom).
        GtkNative *native = gtk_widget_get_native(GTK_WIDGET(bin));
        GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
        texture = renderer != NULL && !G_TYPE_CHECK_INSTANCE_TYPE(renderer, GSK_TYPE_CAIRO_RENDERER);
    }
    gboolean now = unison_motion_bin_get_child_drawer_data(bin) != NULL;
    if (now == (texture != FALSE)) return;
    if (texture)
        unison_motion_bin_set_child_drawer(bin, draw_stand_in, g_new0(StandIn, 1), stand_in_free);
    else
        unison_motion_bin_set_child_drawer(bin, NULL, NULL, NULL);
}
