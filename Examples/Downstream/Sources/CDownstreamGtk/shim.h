// GTK's C API for the app. Function-like macros (GTK_WINDOW(), g_signal_connect...) do not
// import into Swift: the app connects signals with Unison's GtkSignals and casts in Swift
// (Sources/Downstream/Gtk.swift), so nothing else is needed here.
#include <gtk/gtk.h>
