// The only C in Unison: what Swift cannot import from GTK/GLib directly (function-like
// macros, cast macros, variadic functions, macro constants), as small prefixed inline helpers.
#ifndef UNISON_CGTK_SHIM_H
#define UNISON_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>

// MARK: Constants that arrive as macros.
static const gboolean cgtk_true = TRUE;
static const gboolean cgtk_false = FALSE;
static const gboolean cgtk_source_continue = G_SOURCE_CONTINUE;
static const gboolean cgtk_source_remove = G_SOURCE_REMOVE;

// MARK: Casts.
static inline GtkWidget *cgtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GObject *cgtk_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWindow *cgtk_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkFixed *cgtk_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkRange *cgtk_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkProgressBar *cgtk_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkLevelBar *cgtk_level_bar(gpointer p) { return GTK_LEVEL_BAR(p); }
static inline GtkDrawingArea *cgtk_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkLabel *cgtk_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkBox *cgtk_box(gpointer p) { return GTK_BOX(p); }
static inline GtkButton *cgtk_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkScrolledWindow *cgtk_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkApplication *cgtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GtkStack *cgtk_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkStackSidebar *cgtk_stack_sidebar(gpointer p) { return GTK_STACK_SIDEBAR(p); }
static inline GtkCheckButton *cgtk_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkScale *cgtk_scale(gpointer p) { return GTK_SCALE(p); }
static inline GApplication *cgtk_gapplication(gpointer p) { return G_APPLICATION(p); }

// MARK: Type checks.
static inline gboolean cgtk_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean cgtk_is_fixed(gpointer p) { return p != NULL && GTK_IS_FIXED(p); }
static inline gboolean cgtk_is_range(gpointer p) { return GTK_IS_RANGE(p); }

// MARK: Signals (g_signal_connect is a macro).
static inline gulong cgtk_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data,
                                         GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// MARK: Variadic getters and setters, typed.
static inline gboolean cgtk_settings_enable_animations(GtkSettings *settings) {
    gboolean enabled = TRUE;
    if (settings != NULL) g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

static inline void cgtk_settings_set_enable_animations(GtkSettings *settings, gboolean enabled) {
    if (settings != NULL) g_object_set(settings, "gtk-enable-animations", enabled, NULL);
}

static inline void cgtk_settings_set_dark(GtkSettings *settings, gboolean dark) {
    if (settings != NULL) g_object_set(settings, "gtk-application-prefer-dark-theme", dark, NULL);
}

// MARK: libdispatch's main queue inside a GLib main loop.
// Exported by the toolchain's libdispatch (its CoreFoundation run-loop SPI): the eventfd that
// becomes readable when the main queue has work, and the function that drains it.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline int cgtk_dispatch_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

// Consumes the eventfd's count first (libdispatch does not), otherwise the fd stays readable:
// GLib would dispatch this source on every iteration, starving GDK's frame clock (which runs
// at a lower priority) and spinning the CPU.
static inline void cgtk_dispatch_drain_main_queue(int fd) {
    eventfd_t count;
    (void)eventfd_read(fd, &count);
    _dispatch_main_queue_callback_4CF(NULL);
}

#endif
