// The only C the UnisonGtk library uses: what Swift cannot import from GTK/GLib directly
// (function-like macros, cast macros, variadic functions, macro constants), as small inline
// helpers prefixed `unison_gtk_`. Only what the library calls lives here; examples, tests and
// benchmarks keep their own helpers in CUnisonGtkExamples.
#ifndef UNISON_GTK_SHIM_H
#define UNISON_GTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>

// MARK: Constants that arrive as macros.
static const gboolean unison_gtk_true = TRUE;
static const gboolean unison_gtk_false = FALSE;
static const gboolean unison_gtk_source_continue = G_SOURCE_CONTINUE;
static const gboolean unison_gtk_source_remove = G_SOURCE_REMOVE;

// MARK: Casts (checked by GLib in debug builds of GTK).
static inline GtkWidget *unison_gtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GObject *unison_gtk_object(gpointer p) { return G_OBJECT(p); }
static inline GtkFixed *unison_gtk_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkRange *unison_gtk_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkProgressBar *unison_gtk_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkLevelBar *unison_gtk_level_bar(gpointer p) { return GTK_LEVEL_BAR(p); }
static inline GtkDrawingArea *unison_gtk_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }

// MARK: Type checks.
static inline gboolean unison_gtk_is_fixed(gpointer p) { return p != NULL && GTK_IS_FIXED(p); }
static inline gboolean unison_gtk_is_a(gpointer p, GType type) { return p != NULL && G_TYPE_CHECK_INSTANCE_TYPE(p, type); }

// MARK: Signals (g_signal_connect is a macro).
static inline gulong unison_gtk_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data,
                                               GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// Runs after the signal's other handlers (GTK's own layout of a window, for its frame clock's "layout").
static inline gulong unison_gtk_signal_connect_after(gpointer instance, const gchar *signal, GCallback handler,
                                                     gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, G_CONNECT_AFTER);
}

// MARK: Variadic getters and setters, typed.
static inline gboolean unison_gtk_settings_enable_animations(GtkSettings *settings) {
    gboolean enabled = TRUE;
    if (settings != NULL) g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

static inline void unison_gtk_settings_set_enable_animations(GtkSettings *settings, gboolean enabled) {
    if (settings != NULL) g_object_set(settings, "gtk-enable-animations", enabled, NULL);
}

// MARK: libdispatch's main queue inside a GLib main loop.
// Exported by the toolchain's libdispatch (its CoreFoundation run-loop SPI): the eventfd that
// becomes readable when the main queue has work, and the function that drains it.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline int unison_gtk_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

// Consumes the eventfd's count first (libdispatch does not), otherwise the fd stays readable:
// GLib would dispatch this source on every iteration, starving GDK's frame clock (which runs
// at a lower priority) and spinning the CPU.
static inline void unison_gtk_dispatch_drain_main_queue(int fd) {
    eventfd_t count;
    (void)eventfd_read(fd, &count);
    _dispatch_main_queue_callback_4CF(NULL);
}

#endif
