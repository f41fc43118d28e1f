// One widget, UnisonMotionBin, in one file (over 400 lines): its measure, allocation and snapshot
// share the fields every setter below writes, and splitting them would expose its struct.
#include "unison_motion_bin.h"

#include <math.h>

struct _UnisonMotionBin {
    GtkWidget parent_instance;
    GtkWidget *child;
    GtkWidget *surface;                               // what CSS draws behind the child (NULL: none yet)
    gboolean resizing;                                // its padding or size is animating
    double dx, dy, sx, sy, rotation, ax, ay, opacity;
    double reveal_width, reveal_height;  // fractions; < 0: the child's own size
    gboolean reveal_clips;               // whether a revealing bin clips its child to its size
    double clip_x, clip_y, clip_width, clip_height, clip_radius;  // clip_width < 0: no clip
    double pad_top, pad_right, pad_bottom, pad_left;  // inner padding around the child, in pixels
    double size_width, size_height;                   // the size asked for, overriding the measured one; < 0: none
    GskRenderNode *captured;                          // the child as it was drawn before a content change
    UnisonContentPiece *pieces;                       // while a content transition runs: what to draw
    int piece_count;
    gboolean captured_changed;                        // `captured` changed since the last redraw queued
    UnisonMotionBinAllocated allocated;
    gpointer allocated_data;
    GDestroyNotify allocated_destroy;
    UnisonMotionBinDrawChild draw_child;  // draws the child in its place (NULL: GTK draws it)
    gpointer draw_child_data;
    GDestroyNotify draw_child_destroy;
};

G_DEFINE_FINAL_TYPE(UnisonMotionBin, unison_motion_bin, GTK_TYPE_WIDGET)

static gboolean is_revealing(UnisonMotionBin *self) { return self->reveal_width >= 0 || self->reveal_height >= 0; }

static double padding_along(UnisonMotionBin *self, GtkOrientation orientation) {
    return orientation == GTK_ORIENTATION_HORIZONTAL ? self->pad_left + self->pad_right
                                                     : self->pad_top + self->pad_bottom;
}

static void unison_motion_bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                      int *natural, int *minimum_baseline, int *natural_baseline) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
    double override = horizontal ? self->size_width : self->size_height;
    int padding = (int)ceil(padding_along(self, orientation));
    if (self->child != NULL && gtk_widget_get_visible(self->child)) {
        double other = horizontal ? self->reveal_height : self->reveal_width;
        double other_override = horizontal ? self->size_height : self->size_width;
        int other_padding = (int)ceil(padding_along(self, horizontal ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL));
        // The child is allocated at least its natural size in a revealing or resized direction, so
        // its size in this one is measured for that, not for the (smaller) size the bin is given.
        int child_for_size = other >= 0 || other_override >= 0 ? -1 : (for_size < 0 ? -1 : MAX(for_size - other_padding, 0));
        gtk_widget_measure(self->child, orientation, child_for_size, minimum, natural, minimum_baseline,
                           natural_baseline);
    }
    // A size being animated stands for the child's box; the padding (animating or not) goes around it.
    if (override >= 0) {
        *minimum = *natural = (int)ceil(override);
        *minimum_baseline = *natural_baseline = -1;
    }
    if (padding > 0) {
        *minimum += padding;
        *natural += padding;
        if (*minimum_baseline >= 0) *minimum_baseline += (int)ceil(self->pad_top);
        if (*natural_baseline >= 0) *natural_baseline += (int)ceil(self->pad_top);
    }
    double fraction = horizontal ? self->reveal_width : self->reveal_height;
    if (fraction >= 0) {
        int size = (int)ceil(*natural * fmin(fraction, 1.0));
        *minimum = *natural = size;
        *minimum_baseline = *natural_baseline = -1;
    }
}

static GtkSizeRequestMode unison_motion_bin_get_request_mode(GtkWidget *widget) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    return self->child != NULL ? gtk_widget_get_request_mode(self->child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void unison_motion_bin_compute_expand(GtkWidget *widget, gboolean *hexpand, gboolean *vexpand) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    *hexpand = self->child != NULL && gtk_widget_compute_expand(self->child, GTK_ORIENTATION_HORIZONTAL);
    *vexpand = self->child != NULL && gtk_widget_compute_expand(self->child, GTK_ORIENTATION_VERTICAL);
}

/// The child's size along one axis: what the bin has inside its padding, but at least the child's
/// natural size while the bin reveals it (it is clipped) and its minimum while the bin is resized.
static int child_extent(UnisonMotionBin *self, GtkOrientation orientation, int inner, int for_size) {
    gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
    gboolean revealing = (horizontal ? self->reveal_width : self->reveal_height) >= 0;
    gboolean resized = (horizontal ? self->size_width : self->size_height) >= 0;
    if (!revealing && !resized) return inner;
    int min, nat, unused;
    gtk_widget_measure(self->child, orientation, for_size, &min, &nat, &unused, &unused);
    return MAX(inner, revealing ? nat : min);
}

static void unison_motion_bin_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    if (self->child != NULL && gtk_widget_get_visible(self->child)) {
        int left = (int)round(self->pad_left), top = (int)round(self->pad_top);
        int inner_width = MAX(width - (int)ceil(self->pad_left + self->pad_right), 0);
        int inner_height = MAX(height - (int)ceil(self->pad_top + self->pad_bottom), 0);
        gboolean free_width = self->reveal_width >= 0 || self->size_width >= 0;
        int child_width = child_extent(self, GTK_ORIENTATION_HORIZONTAL, inner_width, -1);
        int child_height = child_extent(self, GTK_ORIENTATION_VERTICAL, inner_height, free_width ? -1 : child_width);
        if (is_revealing(self) || self->size_width >= 0 || self->size_height >= 0) baseline = -1;
        else if (baseline >= 0) baseline -= top;
        // A child larger than the space inside a resized bin stays centred on it (a revealing
        // one stays at the top left, uncovered as the bin grows).
        int x = left, y = top;
        if (self->size_width >= 0 && self->reveal_width < 0) x += (inner_width - child_width) / 2;
        if (self->size_height >= 0 && self->reveal_height < 0) y += (inner_height - child_height) / 2;
        GskTransform *at = x != 0 || y != 0 ? gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)x, (float)y)) : NULL;
        gtk_widget_allocate(self->child, child_width, child_height, baseline, at);
    }
    if (self->surface != NULL) {
        // GTK wants a widget measured before it is allocated (the surface has no size of its own).
        int min, nat, unused;
        gtk_widget_measure(self->surface, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, &unused, &unused);
        gtk_widget_measure(self->surface, GTK_ORIENTATION_VERTICAL, width, &min, &nat, &unused, &unused);
        gtk_widget_allocate(self->surface, width, height, -1, NULL);
    }
    if (self->allocated != NULL) self->allocated(self->allocated_data, width, height);
}

/// Draws what a content transition shows: each piece is a vertical band of the child (as it is
/// now) or of its capture (as it was), moved up or down and faded, clipped to the child's height.
static void snapshot_pieces(UnisonMotionBin *self, GtkWidget *widget, GtkSnapshot *snapshot) {
    graphene_point_t origin;
    if (!gtk_widget_compute_point(self->child, widget, &GRAPHENE_POINT_INIT(0, 0), &origin)) return;
    double height = gtk_widget_get_height(self->child);
    for (int i = 0; i < self->piece_count; i++) {
        UnisonContentPiece piece = self->pieces[i];
        if (piece.alpha <= 0 || piece.width <= 0) continue;
        gboolean old = piece.source == UNISON_CONTENT_PIECE_OLD;
        if (old && self->captured == NULL) continue;
        double x = origin.x + piece.x;
        graphene_rect_t band = GRAPHENE_RECT_INIT((float)x, (float)origin.y, (float)piece.width, (float)height);
        gtk_snapshot_push_clip(snapshot, &band);
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)piece.dy));
        if (piece.alpha < 1) gtk_snapshot_push_opacity(snapshot, piece.alpha);
        if (old) {
            gtk_snapshot_save(snapshot);
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)(origin.x + piece.old_dx), (float)origin.y));
            gtk_snapshot_append_node(snapshot, self->captured);
            gtk_snapshot_restore(snapshot);
        } else {
            gtk_widget_snapshot_child(widget, self->child, snapshot);
        }
        if (piece.alpha < 1) gtk_snapshot_pop(snapshot);
        gtk_snapshot_restore(snapshot);
        gtk_snapshot_pop(snapshot);
    }
}

static void unison_motion_bin_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    if (self->child == NULL || self->opacity <= 0) return;
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    gboolean clips = is_revealing(self) && self->reveal_clips;
    gboolean rounds = self->clip_width >= 0;
    gboolean transforms = self->dx != 0 || self->dy != 0 || self->sx != 1 || self->sy != 1 || self->rotation != 0;
    if (rounds) {
        if (self->clip_width <= 0 || self->clip_height <= 0) return;
        GskRoundedRect outline;
        graphene_rect_t rect = GRAPHENE_RECT_INIT((float)self->clip_x, (float)self->clip_y, (float)self->clip_width,
                                                  (float)self->clip_height);
        gsk_rounded_rect_init_from_rect(&outline, &rect, (float)self->clip_radius);
        gtk_snapshot_push_rounded_clip(snapshot, &outline);
    }
    if (clips) {
        graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height);
        gtk_snapshot_push_clip(snapshot, &bounds);
    }
    if (transforms) {
        gtk_snapshot_save(snapshot);
        graphene_point_t pivot = GRAPHENE_POINT_INIT((float)(self->dx + self->ax * width), (float)(self->dy + self->ay * height));
        gtk_snapshot_translate(snapshot, &pivot);
        if (self->rotation != 0) gtk_snapshot_rotate(snapshot, (float)self->rotation);
        if (self->sx != 1 || self->sy != 1) gtk_snapshot_scale(snapshot, (float)self->sx, (float)self->sy);
        graphene_point_t back = GRAPHENE_POINT_INIT((float)(-self->ax * width), (float)(-self->ay * height));
        gtk_snapshot_translate(snapshot, &back);
    }
    if (self->opacity < 1) gtk_snapshot_push_opacity(snapshot, self->opacity);
    if (self->surface != NULL) gtk_widget_snapshot_child(widget, self->surface, snapshot);
    if (self->piece_count > 0) snapshot_pieces(self, widget, snapshot);
    else if (self->draw_child != NULL) self->draw_child(self->draw_child_data, widget, self->child, snapshot);
    else gtk_widget_snapshot_child(widget, self->child, snapshot);
    if (self->opacity < 1) gtk_snapshot_pop(snapshot);
    if (transforms) gtk_snapshot_restore(snapshot);
    if (clips) gtk_snapshot_pop(snapshot);
    if (rounds) gtk_snapshot_pop(snapshot);
}

static void unison_motion_bin_dispose(GObject *object) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    g_clear_pointer(&self->surface, gtk_widget_unparent);
    g_clear_pointer(&self->captured, gsk_render_node_unref);
    g_clear_pointer(&self->pieces, g_free);
    self->piece_count = 0;
    if (self->allocated_destroy != NULL) self->allocated_destroy(self->allocated_data);
    self->allocated = NULL;
    self->allocated_data = NULL;
    self->allocated_destroy = NULL;
    unison_motion_bin_set_child_drawer(self, NULL, NULL, NULL);
    G_OBJECT_CLASS(unison_motion_bin_parent_class)->dispose(object);
}

static void unison_motion_bin_class_init(UnisonMotionBinClass *klass) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = unison_motion_bin_dispose;
    widget_class->measure = unison_motion_bin_measure;
    widget_class->get_request_mode = unison_motion_bin_get_request_mode;
    widget_class->compute_expand = unison_motion_bin_compute_expand;
    widget_class->size_allocate = unison_motion_bin_size_allocate;
    widget_class->snapshot = unison_motion_bin_snapshot;
    gtk_widget_class_set_css_name(widget_class, "unison-motion-bin");
    if (unison_motion_bin_install_public != NULL) unison_motion_bin_install_public(G_OBJECT_CLASS(klass));
}

static void unison_motion_bin_init(UnisonMotionBin *self) {
    self->sx = self->sy = 1;
    self->ax = self->ay = 0.5;
    self->opacity = 1;
    self->reveal_width = self->reveal_height = -1;
    self->reveal_clips = TRUE;
    self->clip_width = self->clip_height = -1;
    self->size_width = self->size_height = -1;
}

GtkWidget *unison_motion_bin_new_empty(void) { return g_object_new(UNISON_TYPE_MOTION_BIN, NULL); }

void unison_motion_bin_set_child(UnisonMotionBin *bin, GtkWidget *child) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    if (bin->child == child) return;
    g_clear_pointer(&bin->child, gtk_widget_unparent);
    if (child != NULL) {
        bin->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(bin));
    }
}

GtkWidget *unison_motion_bin_get_child(UnisonMotionBin *bin) {
    g_return_val_if_fail(UNISON_IS_MOTION_BIN(bin), NULL);
    return bin->child;
}

/// `value` limited to what GTK's float geometry holds (±1e9), or `fallback` when not finite.
static double finite_or(double value, double fallback) { return isfinite(value) ? CLAMP(value, -1e9, 1e9) : fallback; }

/// `value` within ±`bound`, or `nan_value` for NaN (an infinity is the bound on its side).
static inline double bounded(double value, double bound, double nan_value) {
    return isnan(value) ? nan_value : CLAMP(value, -bound, bound);
}

/// The render state within the rules of UnisonGtk's `GtkLimits` (Sources/UnisonGtk/Runtime/GtkLimits.swift),
/// applied here, the one writer every drawing of the bin goes through: offsets within ±G_MAXINT16 px
/// (NaN: 0), scales within ±1000 (NaN: 1), the angle reduced to -180...180 (not finite: 0; GTK 4.8
/// reduces it in float steps of 360, which never ends above about 6e9), the anchor finite (else the
/// centre), the opacity within 0...1 (NaN: 1).
void unison_motion_bin_set_render(UnisonMotionBin *bin, double dx, double dy, double sx, double sy, double rotation,
                                  double ax, double ay, double opacity) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    dx = bounded(dx, G_MAXINT16, 0);
    dy = bounded(dy, G_MAXINT16, 0);
    sx = bounded(sx, 1000, 1);
    sy = bounded(sy, 1000, 1);
    if (!isfinite(rotation))
        rotation = 0;
    else if (rotation < -180 || rotation > 180)
        rotation = remainder(rotation, 360.0);
    ax = isfinite(ax) ? ax : 0.5;
    ay = isfinite(ay) ? ay : 0.5;
    opacity = isnan(opacity) ? 1 : CLAMP(opacity, 0.0, 1.0);
    if (bin->dx == dx && bin->dy == dy && bin->sx == sx && bin->sy == sy && bin->rotation == rotation &&
        bin->ax == ax && bin->ay == ay && bin->opacity == opacity)
        return;
    bin->dx = dx;
    bin->dy = dy;
    bin->sx = sx;
    bin->sy = sy;
    bin->rotation = rotation;
    bin->ax = ax;
    bin->ay = ay;
    bin->opacity = opacity;
    gtk_widget_queue_draw((GtkWidget *)bin);  // (its type checked above: no second check in the frame path)
}

void unison_motion_bin_set_reveal(UnisonMotionBin *bin, double width_fraction, double height_fraction) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    width_fraction = isfinite(width_fraction) ? width_fraction : -1;
    height_fraction = isfinite(height_fraction) ? height_fraction : -1;
    if (bin->reveal_width == width_fraction && bin->reveal_height == height_fraction) return;
    bin->reveal_width = width_fraction;
    bin->reveal_height = height_fraction;
    gtk_widget_queue_resize(GTK_WIDGET(bin));
}

void unison_motion_bin_set_allocated_func(UnisonMotionBin *bin, UnisonMotionBinAllocated func, gpointer data,
                                          GDestroyNotify destroy) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    if (bin->allocated_destroy != NULL) bin->allocated_destroy(bin->allocated_data);
    bin->allocated = func;
    bin->allocated_data = data;
    bin->allocated_destroy = destroy;
}

void unison_motion_bin_set_child_drawer(UnisonMotionBin *bin, UnisonMotionBinDrawChild func, gpointer data,
                                        GDestroyNotify destroy) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    GDestroyNotify old_destroy = bin->draw_child_destroy;
    gpointer old_data = bin->draw_child_data;
    gboolean changed = bin->draw_child != NULL || func != NULL;
    bin->draw_child = func;
    bin->draw_child_data = data;
    bin->draw_child_destroy = destroy;
    if (old_destroy != NULL) old_destroy(old_data);
    if (changed) gtk_widget_queue_draw(GTK_WIDGET(bin));
}

void *unison_motion_bin_get_child_drawer_data(UnisonMotionBin *bin) {
    g_return_val_if_fail(UNISON_IS_MOTION_BIN(bin), NULL);
    return bin->draw_child != NULL ? bin->draw_child_data : NULL;
}

gboolean unison_is_motion_bin(gpointer widget) { return widget != NULL && UNISON_IS_MOTION_BIN(widget); }

void unison_motion_bin_set_reveal_clips(UnisonMotionBin *bin, gboolean clips) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    clips = clips != FALSE;
    if (bin->reveal_clips == clips) return;
    bin->reveal_clips = clips;
    gtk_widget_queue_draw(GTK_WIDGET(bin));
}

void unison_motion_bin_set_clip(UnisonMotionBin *bin, double x, double y, double width, double height, double radius) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    if (!isfinite(x) || !isfinite(y) || !isfinite(width) || !isfinite(height) || width < 0 || height < 0) {
        width = height = -1;
        x = y = 0;
    }
    radius = isfinite(radius) ? CLAMP(radius, 0.0, MIN(MAX(width, 0), MAX(height, 0)) / 2) : 0;
    if (bin->clip_x == x && bin->clip_y == y && bin->clip_width == width && bin->clip_height == height &&
        bin->clip_radius == radius)
        return;
    bin->clip_x = x;
    bin->clip_y = y;
    bin->clip_width = width;
    bin->clip_height = height;
    bin->clip_radius = radius;
    gtk_widget_queue_draw(GTK_WIDGET(bin));
}

void unison_motion_bin_set_padding(UnisonMotionBin *bin, double top, double right, double bottom, double left) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    // Padding is a size: never negative, never beyond what GTK's int sizes hold.
    top = isfinite(top) ? CLAMP(top, 0, 1e6) : 0;
    right = isfinite(right) ? CLAMP(right, 0, 1e6) : 0;
    bottom = isfinite(bottom) ? CLAMP(bottom, 0, 1e6) : 0;
    left = isfinite(left) ? CLAMP(left, 0, 1e6) : 0;
    if (bin->pad_top == top && bin->pad_right == right && bin->pad_bottom == bottom && bin->pad_left == left) return;
    gboolean resizes = ceil(bin->pad_top + bin->pad_bottom) != ceil(top + bottom) ||
                       ceil(bin->pad_left + bin->pad_right) != ceil(left + right) ||
                       round(bin->pad_top) != round(top) || round(bin->pad_left) != round(left);
    bin->pad_top = top;
    bin->pad_right = right;
    bin->pad_bottom = bottom;
    bin->pad_left = left;
    if (resizes) gtk_widget_queue_resize(GTK_WIDGET(bin));
}

void unison_motion_bin_set_size(UnisonMotionBin *bin, double width, double height) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    width = isfinite(width) && width >= 0 ? MIN(width, 1e6) : -1;
    height = isfinite(height) && height >= 0 ? MIN(height, 1e6) : -1;
    if ((width < 0 ? -1 : ceil(width)) == (bin->size_width < 0 ? -1 : ceil(bin->size_width)) &&
        (height < 0 ? -1 : ceil(height)) == (bin->size_height < 0 ? -1 : ceil(bin->size_height))) {
        bin->size_width = width;
        bin->size_height = height;
        return;
    }
    bin->size_width = width;
    bin->size_height = height;
    gtk_widget_queue_resize(GTK_WIDGET(bin));
}

gboolean unison_motion_bin_capture_child(UnisonMotionBin *bin) {
    g_return_val_if_fail(UNISON_IS_MOTION_BIN(bin), FALSE);
    g_clear_pointer(&bin->captured, gsk_render_node_unref);
    bin->captured_changed = TRUE;
    GtkWidget *widget = GTK_WIDGET(bin);
    if (bin->child == NULL || !gtk_widget_get_mapped(bin->child)) return FALSE;
    graphene_point_t origin;
    if (!gtk_widget_compute_point(bin->child, widget, &GRAPHENE_POINT_INIT(0, 0), &origin)) return FALSE;
    // As GtkStack keeps the page it leaves: the child drawn into a node of its own coordinates.
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_widget_snapshot_child(widget, bin->child, snapshot);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node == NULL) return FALSE;
    // The node is in the bin's coordinates; keep it in the child's.
    GtkSnapshot *shifted = gtk_snapshot_new();
    gtk_snapshot_translate(shifted, &GRAPHENE_POINT_INIT(-origin.x, -origin.y));
    gtk_snapshot_append_node(shifted, node);
    gsk_render_node_unref(node);
    bin->captured = gtk_snapshot_free_to_node(shifted);
    return bin->captured != NULL;
}

static gboolean same_piece(const UnisonContentPiece *a, const UnisonContentPiece *b) {
    return a->source == b->source && a->x == b->x && a->width == b->width && a->dy == b->dy && a->alpha == b->alpha &&
           a->old_dx == b->old_dx;
}

void unison_motion_bin_set_pieces(UnisonMotionBin *bin, const UnisonContentPiece *pieces, int count) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    count = pieces != NULL ? MAX(count, 0) : 0;
    if (count == 0) g_clear_pointer(&bin->captured, gsk_render_node_unref);
    if (count == 0 && bin->piece_count == 0) return;
    // Redrawn only when what it draws changed: the pieces, or the capture they draw from.
    gboolean changed = count != bin->piece_count || bin->captured_changed;
    if (count != bin->piece_count) {
        g_free(bin->pieces);
        bin->pieces = count > 0 ? g_new0(UnisonContentPiece, count) : NULL;
        bin->piece_count = count;
    }
    for (int i = 0; i < count; i++) {
        UnisonContentPiece piece = pieces[i];
        piece.x = finite_or(piece.x, 0);
        piece.width = isfinite(piece.width) ? CLAMP(piece.width, 0, 1e6) : 0;
        piece.dy = finite_or(piece.dy, 0);
        piece.old_dx = finite_or(piece.old_dx, 0);
        piece.alpha = isfinite(piece.alpha) ? CLAMP(piece.alpha, 0.0, 1.0) : 0;
        if (!changed && !same_piece(&bin->pieces[i], &piece)) changed = TRUE;
        bin->pieces[i] = piece;
    }
    if (!changed) return;
    bin->captured_changed = FALSE;
    gtk_widget_queue_draw((GtkWidget *)bin);  // (its type checked above: no second check in the frame path)
}

GtkWidget *unison_motion_bin_get_surface(UnisonMotionBin *bin) {
    g_return_val_if_fail(UNISON_IS_MOTION_BIN(bin), NULL);
    if (bin->surface == NULL) {
        // An empty box: it draws nothing but its CSS (background, border, corners, shadow).
        bin->surface = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
        gtk_widget_add_css_class(bin->surface, "surface");
        gtk_widget_set_can_target(bin->surface, FALSE);
        gtk_widget_insert_after(bin->surface, GTK_WIDGET(bin), NULL);  // first: below the child
    }
    return bin->surface;
}

void unison_motion_bin_set_resizing(UnisonMotionBin *bin, gboolean resizing) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    bin->resizing = resizing != FALSE;
}

gboolean unison_motion_bin_has_resizing_ancestor(GtkWidget *widget) {
    for (GtkWidget *w = widget != NULL ? gtk_widget_get_parent(widget) : NULL; w != NULL; w = gtk_widget_get_parent(w)) {
        if (UNISON_IS_MOTION_BIN(w) && UNISON_MOTION_BIN(w)->resizing) return TRUE;
    }
    return FALSE;
}

GskRenderNode *unison_motion_bin_render_child(UnisonMotionBin *bin) {
    g_return_val_if_fail(UNISON_IS_MOTION_BIN(bin), NULL);
    GtkWidget *widget = GTK_WIDGET(bin);
    if (bin->child == NULL || !gtk_widget_get_mapped(bin->child)) return NULL;
    graphene_point_t origin;
    if (!gtk_widget_compute_point(bin->child, widget, &GRAPHENE_POINT_INIT(0, 0), &origin)) return NULL;
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(-origin.x, -origin.y));
    gtk_widget_snapshot_child(widget, bin->child, snapshot);
    return gtk_snapshot_free_to_node(snapshot);
}
