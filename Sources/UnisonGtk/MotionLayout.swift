import CUnisonGtk
import Unison

/// Layout animation for ``MotionBin``s (FLIP), following SwiftUI's rule that the layout pass
/// after an animated transaction belongs to that transaction.
///
/// When an animated transaction's body begins, every motion bin records where layout has it
/// (*first*: before the changes, so a widget moved to another cell or row keeps where it came
/// from). When the body ends, the transaction is kept open (``DeferredTransaction``) until each
/// window that holds bins has painted twice, or until another animated transaction ends (the
/// latest one owns the coming layout passes). After each of those windows' layout phases (their frame clock's
/// `layout` signal, after GTK's own handler), every bin compares where layout put it (*last*)
/// with where it was: a bin that moved is drawn from its old place to the new one (*invert*,
/// *play*), animated with the transaction, whose completions wait for it. Outside that window of
/// time layout moves happen at once. Two paints, not one: a change made between frames is laid
/// out in the next frame, but a window resize asked of the X server comes back one frame later.
///
/// A bin whose glide is running is also checked after every layout (its target moved again, or
/// the window was resized mid-flight). Cost: O(bins of a window) per layout while a transaction is
/// open, O(gliding bins) otherwise, nothing when idle. This is the GTK module's one piece of global
/// state besides ``GtkRuntime``.
@MainActor
enum MotionLayout {
    /// The transaction the current layout passes belong to, if any.
    private(set) static var current: DeferredTransaction?
    /// Per window frame clock: its realized bins (held weakly) and the `layout` handler.
    private static var windows: [OpaquePointer: Window] = [:]
    /// Paints still awaited per frame clock before `current` closes.
    private static var awaited: [OpaquePointer: Int] = [:]
    private static var isObserving = false
    private static var isCheckingLayout = false

    private final class Window {
        var bins: [ObjectIdentifier: WeakBin] = [:]
        var layoutHandler: gulong = 0
    }

    private struct WeakBin { weak var bin: MotionBin? }

    /// Starts following animated transactions (once, when the first bin is made).
    static func observe() {
        guard !isObserving else { return }
        isObserving = true
        observeAnimatedTransactions {
            // (Not for the glides that a layout pass itself starts.)
            guard !isCheckingLayout else { return }
            for window in windows.values {
                for entry in window.bins.values { entry.bin?.recordFirst() }
            }
        } ended: { keepOpen in
            // The latest animated transaction to end (an enclosing one ends after those inside it)
            // is the one the coming layout passes belong to; an earlier one still open lets go.
            guard !isCheckingLayout, !windows.isEmpty else { return }
            current?.close()
            current = keepOpen()
            for clock in windows.keys { awaitPaints(of: clock) }
        }
    }

    /// `bin` was realized in the window whose frame clock is `clock`.
    static func add(_ bin: MotionBin, clock: OpaquePointer) {
        let window = windows[clock] ?? Window()
        if windows[clock] == nil {
            windows[clock] = window
            window.layoutHandler = connectSignal(UnsafeMutableRawPointer(clock), "layout", after: true) {
                layoutDone(clock)
            }
        }
        window.bins[ObjectIdentifier(bin)] = WeakBin(bin: bin)
    }

    /// `bin` was unrealized from that window (or released).
    static func remove(_ bin: ObjectIdentifier, clock: OpaquePointer) {
        guard let window = windows[clock] else { return }
        window.bins[bin] = nil
        if window.bins.isEmpty {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), window.layoutHandler)
            windows[clock] = nil
            paintsDone(on: clock)
        }
    }

    /// A window was laid out: its bins check where they ended up.
    private static func layoutDone(_ clock: OpaquePointer) {
        guard let window = windows[clock] else { return }
        let all = current != nil && awaited[clock] != nil
        isCheckingLayout = true
        defer { isCheckingLayout = false }
        for entry in window.bins.values {
            guard let bin = entry.bin, all || bin.isGliding else { continue }
            bin.layoutDidChange(in: current)
        }
    }

    /// Waits for two paints of `clock`, asking for them (a transaction that moved nothing must
    /// still close).
    private static func awaitPaints(of clock: OpaquePointer) {
        guard awaited[clock] == nil else { return }
        awaited[clock] = 2
        final class Handler { var id: gulong = 0 }
        let handler = Handler()
        handler.id = GtkSignals.connect(clock, "after-paint") {
            guard let left = awaited[clock] else {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler.id)
                return
            }
            if left > 1 {
                awaited[clock] = left - 1
                gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
            } else {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler.id)
                paintsDone(on: clock)
            }
        }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    private static func paintsDone(on clock: OpaquePointer) {
        awaited[clock] = nil
        if awaited.isEmpty, let transaction = current {
            current = nil
            transaction.close()
        }
    }
}
