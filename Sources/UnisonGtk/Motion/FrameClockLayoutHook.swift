import CUnisonGtk
import Foundation

/// Runs a closure after every layout phase of a window's `GdkFrameClock`: its `layout` signal,
/// connected after GTK's own handler, so the window's widgets are allocated and nothing of the
/// frame is painted yet. The one way Unison's GTK code follows a window's layout: ``MotionLayout``
/// uses it (the bins of a window check where layout put them), and so can any widget that reads
/// geometry after layout (a navigation stack reading a zoom source's frame, say).
///
/// ```swift
/// private var layoutHook: FrameClockLayoutHook?
///
/// func mapped() {
///     if layoutHook == nil, let clock = gtk_widget_get_frame_clock(widget) {
///         layoutHook = FrameClockLayoutHook(clock) { [weak self] in self?.layoutDone() }
///     }
/// }
///
/// func unrealized() { layoutHook = nil }   // or layoutHook?.disconnect()
/// ```
///
/// The hook holds a reference on the frame clock until it is disconnected (or released), so
/// disconnecting is always safe, also after the window was unrealized. The closure runs inside
/// GTK's layout phase: it must not run completions (wrap engine calls in `withoutSafePoints`).
@MainActor
final class FrameClockLayoutHook {
    /// The frame clock followed.
    let clock: OpaquePointer
    private var handler: gulong

    /// Calls `body` after every layout phase of `clock` until ``disconnect()`` (or release).
    init(_ clock: OpaquePointer, _ body: @escaping @MainActor () -> Void) {
        self.clock = clock
        g_object_ref(UnsafeMutableRawPointer(clock))
        handler = connectSignal(UnsafeMutableRawPointer(clock), "layout", after: true, body)
    }

    isolated deinit { disconnect() }

    /// Stops calling the closure and lets go of the frame clock (a second call does nothing).
    func disconnect() {
        guard handler != 0 else { return }
        // (A frame clock disposed with its window has dropped its handlers already.)
        if g_signal_handler_is_connected(UnsafeMutableRawPointer(clock), handler) != 0 {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler)
        }
        handler = 0
        g_object_unref(UnsafeMutableRawPointer(clock))
    }
}
