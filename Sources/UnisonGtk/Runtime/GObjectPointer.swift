import CUnisonGtk

/// A pointer to a GObject (a widget, a gesture, an adjustment...), however the caller's GTK
/// binding types it: Unison's own `UnsafeMutablePointer<GtkWidget>`, a typed pointer from another
/// Swift GTK binding, an `OpaquePointer` or a raw pointer. Every UnisonGtk API that takes a widget
/// or object takes one of these, so widgets made with any binding need no casts.
///
/// ```swift
/// let card = AnimatedWidget(gtk_button_new())               // UnsafeMutablePointer<GtkWidget>
/// let other = AnimatedWidget(OpaquePointer(someWidget))      // from another binding
/// ```
///
/// The pointer must point at a live GObject of the kind the API expects (a `GtkWidget` for
/// widgets); GLib's checked casts report a mismatch with a critical warning.
public protocol GObjectPointer {
    /// The object's address.
    var gObjectAddress: UnsafeMutableRawPointer { get }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    public var gObjectAddress: UnsafeMutableRawPointer { self }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var gObjectAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
    public var gObjectAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension GObjectPointer {
    /// The object as a `GtkWidget` (a checked cast).
    var widgetPointer: UnsafeMutablePointer<GtkWidget> { unison_gtk_widget(gObjectAddress) }
}
