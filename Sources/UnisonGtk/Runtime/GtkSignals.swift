import CUnisonGtk

/// Connecting Swift closures to GTK signals, with GLib owning the closure (released when the
/// handler is disconnected or the object finalized). For apps built on Unison; the adapter uses
/// the same mechanism internally. Each returns the handler id (`g_signal_handler_disconnect`).
///
/// ```swift
/// GtkSignals.connect(button, "clicked") { animate(.bouncy) { card.scale = CGSize(width: 1.2, height: 1.2) } }
/// GtkSignals.connectPoint(drag, "drag-update") { dx, dy in ... }         // GtkGestureDrag
/// GtkSignals.connectPressed(click, "pressed") { presses, x, y in ... }    // GtkGestureClick
/// ```
///
/// The closure runs on the main actor; its shape must match the signal's C handler (GLib does
/// not check it): use `connect` for handlers of only the instance, `connectPoint` for two
/// doubles, `connectPressed` for an int and two doubles.
@MainActor
public enum GtkSignals {
    /// A signal whose handler takes only the instance (`clicked`, `toggled`, `value-changed`,
    /// `activate`, `map`, `unmap`...).
    @discardableResult
    public static func connect(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor () -> Void
    )
        -> gulong
    {
        connectSignal(instance.gObjectAddress, signal, body)
    }

    /// A signal with two doubles (`drag-begin`, `drag-update`, `drag-end`, `swipe`...).
    @discardableResult
    public static func connectPoint(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        connectPointSignal(instance.gObjectAddress, signal, body)
    }

    /// `GtkGestureClick`'s `pressed` / `released`: press count and position.
    @discardableResult
    public static func connectPressed(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> gulong {
        connectPressedSignal(instance.gObjectAddress, signal, body)
    }
}
