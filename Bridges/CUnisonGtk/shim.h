// What the UnisonGtk library cannot import from GTK/GLib directly (function-like macros, cast
// macros, variadic functions, macro constants), as small inline helpers prefixed `unison_gtk_`.
// With CUnisonGtkMotion (a GtkWidget subclass, which must be C), the only C the library uses. Only what the library calls lives here; examples, tests and
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

// MARK: Signals through a GClosure (GtkSignals): fundamental types (macros), the instance's type.
static const GType unison_gtk_type_none = G_TYPE_NONE;
static const GType unison_gtk_type_boolean = G_TYPE_BOOLEAN;
static const GType unison_gtk_type_char = G_TYPE_CHAR;
static const GType unison_gtk_type_uchar = G_TYPE_UCHAR;
static const GType unison_gtk_type_int = G_TYPE_INT;
static const GType unison_gtk_type_uint = G_TYPE_UINT;
static const GType unison_gtk_type_long = G_TYPE_LONG;
static const GType unison_gtk_type_ulong = G_TYPE_ULONG;
static const GType unison_gtk_type_int64 = G_TYPE_INT64;
static const GType unison_gtk_type_uint64 = G_TYPE_UINT64;
static const GType unison_gtk_type_enum = G_TYPE_ENUM;
static const GType unison_gtk_type_flags = G_TYPE_FLAGS;
static const GType unison_gtk_type_float = G_TYPE_FLOAT;
static const GType unison_gtk_type_double = G_TYPE_DOUBLE;
static const GType unison_gtk_type_string = G_TYPE_STRING;
static const GType unison_gtk_type_pointer = G_TYPE_POINTER;
static const GType unison_gtk_type_boxed = G_TYPE_BOXED;
static const GType unison_gtk_type_param = G_TYPE_PARAM;
static const GType unison_gtk_type_object = G_TYPE_OBJECT;
static const GType unison_gtk_type_interface = G_TYPE_INTERFACE;
static const GType unison_gtk_type_variant = G_TYPE_VARIANT;
/// The bit GLib sets in a signal's parameter types for "static scope" (not part of the type).
static const GType unison_gtk_signal_static_scope = G_SIGNAL_TYPE_STATIC_SCOPE;

static inline GType unison_gtk_instance_type(gpointer instance) { return G_TYPE_FROM_INSTANCE(instance); }

static inline GParamSpec *unison_gtk_find_property(gpointer object, const gchar *name) {
    return g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
}

// A plain GClosure whose data is `data` (GtkSignals sets its marshaller and finalize notifier).
static inline GClosure *unison_gtk_closure_new(gpointer data) { return g_closure_new_simple(sizeof(GClosure), data); }

// A GLib critical in the UnisonGtk log domain (g_critical is a variadic macro).
static inline void unison_gtk_critical(const gchar *message) {
    g_log("UnisonGtk", G_LOG_LEVEL_CRITICAL, "%s", message);
}

// A GLib warning in the UnisonGtk log domain (g_warning is a variadic macro).
static inline void unison_gtk_warning(const gchar *message) {
    g_log("UnisonGtk", G_LOG_LEVEL_WARNING, "%s", message);
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

// Whether `object`'s enum property `name` holds the value whose nick is `nick`: 1 yes, 0 another
// value, -1 when the class has no readable enum property of that name. Looked up at run time, so
// it reads properties newer than the GTK built against (4.22's `gtk-interface-reduced-motion`).
static inline gint unison_gtk_object_enum_is(gpointer object, const gchar *name, const gchar *nick) {
    if (object == NULL || !G_IS_OBJECT(object)) return -1;
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
    if (spec == NULL || (spec->flags & G_PARAM_READABLE) == 0 || !G_IS_PARAM_SPEC_ENUM(spec)) return -1;
    GValue value = G_VALUE_INIT;
    g_value_init(&value, spec->value_type);
    g_object_get_property(G_OBJECT(object), name, &value);
    GEnumValue *entry = g_enum_get_value(G_PARAM_SPEC_ENUM(spec)->enum_class, g_value_get_enum(&value));
    g_value_unset(&value);
    return entry != NULL && g_strcmp0(entry->value_nick, nick) == 0 ? 1 : 0;
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
