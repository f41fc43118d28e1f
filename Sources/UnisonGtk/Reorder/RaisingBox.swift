import CUnisonGtk

/// A `GtkBox` subclass (every `gtk_box_*` call works on it) that draws one chosen child after the
/// others, so that child is drawn over its siblings wherever its render transform takes it. Layout
/// is the box's own: only the drawing order changes. Registered on first use; its only change to
/// `GtkBox` is the `snapshot` virtual function.
@MainActor
enum RaisingBox {
    /// The `GObject` data key holding the raised child (compared by address only, never read).
    nonisolated private static let raisedKey = "unison-raised-child"

    private static let type: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_box_get_type(), &query)
        let classInit: GClassInitFunc = { klass, _ in
            let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget else { return }
                let raised = g_object_get_data(unison_gtk_object(widget), RaisingBox.raisedKey)
                var child = gtk_widget_get_first_child(widget)
                var last: UnsafeMutablePointer<GtkWidget>?
                while let current = child {
                    if UnsafeMutableRawPointer(current) == raised {
                        last = current
                    } else {
                        gtk_widget_snapshot_child(widget, current, snapshot)
                    }
                    child = gtk_widget_get_next_sibling(current)
                }
                if let last { gtk_widget_snapshot_child(widget, last, snapshot) }
            }
        }
        return g_type_register_static_simple(
            gtk_box_get_type(), "UnisonReorderableBox", query.class_size, classInit, query.instance_size, nil,
            GTypeFlags(rawValue: 0))
    }()

    /// A new box (floating, as `gtk_box_new`'s).
    static func new(orientation: GtkOrientation, spacing: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let box: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(g_object_new_with_properties(type, 0, nil, nil))
        gtk_orientable_set_orientation(OpaquePointer(box), orientation)
        gtk_box_set_spacing(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), spacing)
        return box
    }

    /// Draws `child` (a child of `box`) over its siblings from now on (nil: none).
    static func raise(_ child: UnsafeMutablePointer<GtkWidget>?, in box: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(unison_gtk_object(box), raisedKey, child.map { UnsafeMutableRawPointer($0) })
        gtk_widget_queue_draw(box)
    }
}
