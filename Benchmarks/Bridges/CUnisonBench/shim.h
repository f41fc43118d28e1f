// libadwaita and GTK for the benchmark only (Unison itself never links libadwaita):
// AdwSpringAnimation is the standing alternative on GTK, measured side by side with Unison in
// one process. Helpers are prefixed `unison_bench_`.
#ifndef UNISON_BENCH_SHIM_H
#define UNISON_BENCH_SHIM_H
#include <adwaita.h>

static const gboolean unison_bench_source_continue = G_SOURCE_CONTINUE;

static inline AdwSpringAnimation *unison_bench_spring_animation(AdwAnimation *animation) {
    return ADW_SPRING_ANIMATION(animation);
}
static inline GtkWindow *unison_bench_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkFixed *unison_bench_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkBox *unison_bench_box(gpointer p) { return GTK_BOX(p); }
static inline GtkDrawingArea *unison_bench_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline gulong unison_bench_signal_connect(gpointer instance, const gchar *signal, GCallback handler,
                                                 gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}
#endif
