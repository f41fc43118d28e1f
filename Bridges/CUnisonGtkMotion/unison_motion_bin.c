#include "unison_motion_bin.h"

#include <math.h>

struct _UnisonMotionBin {
    GtkWidget parent_instance;
    GtkWidget *child;
    double dx, dy, sx, sy, rotation, ax, ay, opacity;
    double reveal_width, reveal_height;  // fractions; < 0: the child's own size
    gboolean reveal_clips;               // whether a revealing bin clips its child to its size
    double clip_x, clip_y, clip_width, clip_height, clip_radius;  // clip_width < 0: no clip
    UnisonMotionBinAllocated allocated;
    gpointer allocated_data;
    GDestroyNotify allocated_destroy;
};

G_DEFINE_FINAL_TYPE(UnisonMotionBin, unison_motion_bin, GTK_TYPE_WIDGET)

static gboolean is_revealing(UnisonMotionBin *self) { return self->reveal_width >= 0 || self->reveal_height >= 0; }

static void unison_motion_bin_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                      int *natural, int *minimum_baseline, int *natural_baseline) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (self->child == NULL || !gtk_widget_get_visible(self->child)) return;
    double fraction = orientation == GTK_ORIENTATION_HORIZONTAL ? self->reveal_width : self->reveal_height;
    double other = orientation == GTK_ORIENTATION_HORIZONTAL ? self->reveal_height : self->reveal_width;
    // The child is allocated at least its natural size in a revealing direction, so its size in
    // this one is measured for that, not for the (smaller) size the bin is given.
    int child_for_size = other >= 0 ? -1 : for_size;
    gtk_widget_measure(self->child, orientation, child_for_size, minimum, natural, minimum_baseline, natural_baseline);
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

static void unison_motion_bin_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(widget);
    if (self->child != NULL && gtk_widget_get_visible(self->child)) {
        int child_width = width, child_height = height;
        if (is_revealing(self)) {
            int min, nat, unused;
            if (self->reveal_width >= 0) {
                gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, &unused, &unused);
                child_width = MAX(width, nat);
            }
            if (self->reveal_height >= 0) {
                gtk_widget_measure(self->child, GTK_ORIENTATION_VERTICAL, self->reveal_width >= 0 ? -1 : child_width,
                                   &min, &nat, &unused, &unused);
                child_height = MAX(height, nat);
            }
            baseline = -1;
        }
        gtk_widget_allocate(self->child, child_width, child_height, baseline, NULL);
    }
    if (self->allocated != NULL) self->allocated(self->allocated_data, width, height);
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
    gtk_widget_snapshot_child(widget, self->child, snapshot);
    if (self->opacity < 1) gtk_snapshot_pop(snapshot);
    if (transforms) gtk_snapshot_restore(snapshot);
    if (clips) gtk_snapshot_pop(snapshot);
    if (rounds) gtk_snapshot_pop(snapshot);
}

static void unison_motion_bin_dispose(GObject *object) {
    UnisonMotionBin *self = UNISON_MOTION_BIN(object);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (self->allocated_destroy != NULL) self->allocated_destroy(self->allocated_data);
    self->allocated = NULL;
    self->allocated_data = NULL;
    self->allocated_destroy = NULL;
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
}

static void unison_motion_bin_init(UnisonMotionBin *self) {
    self->sx = self->sy = 1;
    self->ax = self->ay = 0.5;
    self->opacity = 1;
    self->reveal_width = self->reveal_height = -1;
    self->reveal_clips = TRUE;
    self->clip_width = self->clip_height = -1;
}

GtkWidget *unison_motion_bin_new(void) { return g_object_new(UNISON_TYPE_MOTION_BIN, NULL); }

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

void unison_motion_bin_set_render(UnisonMotionBin *bin, double dx, double dy, double sx, double sy, double rotation,
                                  double ax, double ay, double opacity) {
    g_return_if_fail(UNISON_IS_MOTION_BIN(bin));
    // GTK draws with floats: a non-finite value, or one beyond what a float holds, is never passed on.
    dx = finite_or(dx, 0);
    dy = finite_or(dy, 0);
    sx = finite_or(sx, 1);
    sy = finite_or(sy, 1);
    rotation = isfinite(rotation) ? fmod(rotation, 360.0) : 0;
    ax = finite_or(ax, 0.5);
    ay = finite_or(ay, 0.5);
    opacity = isfinite(opacity) ? CLAMP(opacity, 0.0, 1.0) : 1;
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
    gtk_widget_queue_draw(GTK_WIDGET(bin));
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
