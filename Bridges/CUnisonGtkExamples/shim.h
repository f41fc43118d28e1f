// C helpers for Unison's GTK examples, demo, tests and benchmarks (not the library): the GTK
// macros and variadic functions they need, as inline helpers prefixed `unison_example_`.
// Importing this module also brings GTK's own API (<gtk/gtk.h>).
#ifndef UNISON_GTK_EXAMPLES_SHIM_H
#define UNISON_GTK_EXAMPLES_SHIM_H

#include <gtk/gtk.h>

static const gboolean unison_example_true = TRUE;
static const gboolean unison_example_false = FALSE;

// Whether `widget`'s accessible state says it is hidden from assistive technologies (needs an
// accessibility context: not under GTK_A11Y=none).
static inline gboolean unison_example_accessible_hidden(GtkWidget *widget) {
    char *mismatch = gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE);
    gboolean hidden = mismatch == NULL;
    g_free(mismatch);
    return hidden;
}

static inline GtkWindow *unison_example_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkFixed *unison_example_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkBox *unison_example_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *unison_example_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkDrawingArea *unison_example_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkRange *unison_example_range(gpointer p) { return GTK_RANGE(p); }
static inline GtkScale *unison_example_scale(gpointer p) { return GTK_SCALE(p); }
static inline GtkProgressBar *unison_example_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkLevelBar *unison_example_level_bar(gpointer p) { return GTK_LEVEL_BAR(p); }
static inline GtkCheckButton *unison_example_check_button(gpointer p) { return GTK_CHECK_BUTTON(p); }
static inline GtkScrolledWindow *unison_example_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkStack *unison_example_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkStackSidebar *unison_example_stack_sidebar(gpointer p) { return GTK_STACK_SIDEBAR(p); }
static inline GApplication *unison_example_gapplication(gpointer p) { return G_APPLICATION(p); }

// Signal emissions the way GTK emits them (g_signal_emit_by_name is variadic): `signal` without
// arguments, with two doubles (a drag's `drag-update`), with an int and two doubles (a click's
// `pressed`), and `key-pressed` returning the handlers' verdict (TRUE: handled).
static inline void unison_example_emit(gpointer instance, const gchar *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline void unison_example_emit_point(gpointer instance, const gchar *signal, gdouble x, gdouble y) {
    g_signal_emit_by_name(instance, signal, x, y);
}

static inline void unison_example_emit_pressed(gpointer instance, const gchar *signal, gint n, gdouble x, gdouble y) {
    g_signal_emit_by_name(instance, signal, n, x, y);
}

static inline gboolean unison_example_emit_key_pressed(gpointer controller, guint keyval, guint keycode,
                                                       GdkModifierType state) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, keycode, state, &handled);
    return handled;
}


#endif
