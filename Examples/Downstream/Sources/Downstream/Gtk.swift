import CDownstreamGtk

/// GTK's cast macros (`GTK_WINDOW(widget)`, `G_APPLICATION(app)`...) do not import into Swift.
/// A GObject pointer converts freely to any of its classes (a `GtkApplicationWindow *` is a
/// `GtkWindow *`), so this is their unchecked form, the type coming from the call:
/// `gtk_window_set_child(gtkCast(window), child)`.
func gtkCast<T>(_ pointer: UnsafeMutablePointer<some Any>) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer(OpaquePointer(pointer))
}

/// The same, for GTK classes Swift sees as opaque (`GtkLabel`, `GtkButton`...).
func gtkCast(_ pointer: UnsafeMutablePointer<some Any>) -> OpaquePointer {
    OpaquePointer(pointer)
}

/// Loads the app's style sheet for the default display.
@MainActor
func loadStyle(_ css: String) {
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
        gdk_display_get_default(), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
}
