import CUnisonGtk

/// Connecting Swift closures to GTK signals, with GLib owning the closure (released when the
/// handler is disconnected or the object finalized). For apps built on Unison; the adapter uses
/// the same mechanism internally.
///
/// ```swift
/// GtkSignals.connect(button, "clicked") { animate(.bouncy) { card.scale = CGSize(width: 1.2, height: 1.2) } }
/// GtkSignals.connectPressed(click, "pressed") { presses, x, y in ... }   // GtkGestureClick
/// ```
@MainActor
public enum GtkSignals {
    /// A signal whose handler takes only the instance (`clicked`, `toggled`, `value-changed`, `activate`...).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping @MainActor () -> Void
    )
        -> gulong
    {
        connectSignal(instance, signal, body)
    }

    /// A signal with two doubles (`drag-update`, `swipe`...).
    @discardableResult
    public static func connectPoint(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        connectPointSignal(instance, signal, body)
    }

    /// `GtkGestureClick`'s `pressed` / `released`: press count and position.
    @discardableResult
    public static func connectPressed(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ body: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> gulong {
        typealias Pressed = @MainActor (Int, Double, Double) -> Void
        let thunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            let box = CallbackBox<Pressed>.from(data)
            MainActor.assumeIsolated { box.function(Int(n), x, y) }
        }
        return unison_gtk_signal_connect(
            instance, signal, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(body).retainedPointer(),
            releaseSignalBox)
    }
}
