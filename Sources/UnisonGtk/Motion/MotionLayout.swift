import CUnisonGtk
import Foundation
import Unison

/// Layout animation for ``MotionBin``s (FLIP), following SwiftUI's rule that the layout pass
/// after an animated transaction belongs to that transaction.
///
/// When an animated transaction's body begins, every motion bin records where layout has it
/// (*first*: before the changes, so a widget moved to another cell or row keeps where it came
/// from). When the body ends, the transaction is kept open (``DeferredTransaction``) until each
/// *mapped* window that holds bins has painted twice (at most 250 ms: a window whose frame clock
/// stalls cannot hold completions back), or until another animated transaction ends (the latest
/// one owns the coming layout passes). With no mapped window holding bins, or with
/// `gtk-enable-animations` off, nothing is deferred: such transactions complete as they would
/// without motion bins. (So with bins on screen, an animated transaction's completion waits for
/// the layout pass after it, at most two frames, even when it changed nothing: SwiftUI's
/// completions also wait for the layout that follows.) After each of those windows' layout phases (their frame clock's
/// `layout` signal, after GTK's own handler), every bin compares where layout put it (*last*)
/// with where it was: a bin that moved is drawn from its old place to the new one (*invert*,
/// *play*), animated with the transaction on its timeline (the glide presents the same progress
/// on every frame as what the transaction's body animated), and its completions wait for it. Outside that window of
/// time layout moves happen at once. Two paints, not one: a change made between frames is laid
/// out in the next frame, but a window resize asked of the X server comes back one frame later.
///
/// A bin whose glide is running is also checked after every layout (its target moved again, or
/// the window was resized mid-flight). Cost: O(bins of a window) per layout while a transaction is
/// open, O(gliding bins) otherwise (a bin tells when a glide may have started, and is dropped from
/// the gliding ones once found at rest), nothing when idle. Its tables are global state of the
/// GTK module, as ``GtkRuntime``'s, the widget environment's and the navigation stacks' are.
@MainActor
enum MotionLayout {
    /// The transaction the current layout passes belong to, if any.
    private(set) static var current: DeferredTransaction?
    /// Counts transactions taken into `current` (the timeout closes only its own).
    private static var generation = 0
    /// Per window frame clock: its realized bins (held weakly) and what follows its layouts.
    private static var windows: [OpaquePointer: Window] = [:]
    /// Per frame clock still awaited before `current` closes: paints left and the handler counting them.
    private static var awaited: [OpaquePointer: (paints: Int, handler: gulong)] = [:]
    /// The longest a transaction is held for layout passes that do not come.
    static let longestWait: TimeInterval = 0.25
    private static var isObserving = false
    /// Counts outermost animated transactions; `current` was taken in number `currentOutermost`.
    private static var outermost = 0
    private static var currentOutermost = -1
    private static var isCheckingLayout = false

    @MainActor
    private final class Window {
        var bins: [ObjectIdentifier: WeakBin] = [:]
        /// Those of `bins` whose glide may be running (see ``noteGliding(_:clock:)``).
        var gliding: [ObjectIdentifier: WeakBin] = [:]
        var layoutHook: FrameClockLayoutHook?

        /// Whether the window shows any of its bins (a hidden window's frame clock is frozen).
        var isMapped: Bool { bins.values.contains { $0.bin.map { gtk_widget_get_mapped($0.widget) != 0 } ?? false } }
    }

    private struct WeakBin { weak var bin: MotionBin? }

    /// The sizes of the tables above (``gtkAdapterCensus()``): windows followed, bins in them
    /// (entries, and those whose bin is alive), bins checked as gliding, frame clocks awaited.
    static var census: (windows: Int, bins: Int, liveBins: Int, gliding: Int, awaited: Int) {
        var bins = 0
        var live = 0
        var gliding = 0
        for window in windows.values {
            bins += window.bins.count
            live += window.bins.values.reduce(0) { $0 + ($1.bin == nil ? 0 : 1) }
            gliding += window.gliding.count
        }
        return (windows.count, bins, live, gliding, awaited.count)
    }

    /// Starts following animated transactions (once, when the first bin is made).
    static func observe() {
        guard !isObserving else { return }
        isObserving = true
        observeAnimatedTransactions {
            // (Not for the glides that a layout pass itself starts.)
            guard !isCheckingLayout else { return }
            outermost &+= 1
            for window in windows.values {
                for entry in window.bins.values { entry.bin?.recordFirst() }
            }
        } ended: { keepOpen in
            // List animators keep the transaction open for their own layout passes (one deferral each).
            if !isCheckingLayout { ListMotion.animatedTransactionEnded(keepOpen) }
            // The latest animated transaction to end (an enclosing one ends after those inside it)
            // is the one the coming layout passes belong to; an earlier one still open lets go.
            guard !isCheckingLayout, GtkRuntime.animationsEnabled else { return }
            let shown = windows.filter { $0.value.isMapped }.keys
            guard !shown.isEmpty else { return }
            let ending = keepOpen()
            // A watched preset's scoped transaction inside an animated caller's (`withAnimation {
            // watch.update(...) }`): the layout passes stay the scoped one's, which routes what its
            // scope leaves out to the caller's transaction anyway.
            if let current, current.transaction.scoping != nil, ending.transaction.scoping == nil,
                currentOutermost == outermost
            {
                ending.close()
                return
            }
            current?.close()
            current = ending
            currentOutermost = outermost
            generation &+= 1
            let mine = generation
            for clock in shown { awaitPaints(of: clock) }
            GtkRuntime.after(longestWait) {
                guard generation == mine else { return }
                for clock in Array(awaited.keys) { paintsDone(on: clock) }
            }
        }
    }

    /// `bin` was realized in the window whose frame clock is `clock`.
    static func add(_ bin: MotionBin, clock: OpaquePointer) {
        let window = windows[clock] ?? Window()
        if windows[clock] == nil {
            windows[clock] = window
            window.layoutHook = FrameClockLayoutHook(clock) { layoutDone(clock) }
        }
        window.bins[ObjectIdentifier(bin)] = WeakBin(bin: bin)
        if bin.isGliding { window.gliding[ObjectIdentifier(bin)] = WeakBin(bin: bin) }
    }

    /// `bin`, realized in the window of `clock`, may have started a glide (a layout move animated,
    /// a morph started or awaited): it is checked after every layout until it is found at rest.
    static func noteGliding(_ bin: MotionBin, clock: OpaquePointer) {
        windows[clock]?.gliding[ObjectIdentifier(bin)] = WeakBin(bin: bin)
    }

    /// `bin` was unrealized from that window (or released).
    static func remove(_ bin: ObjectIdentifier, clock: OpaquePointer) {
        guard let window = windows[clock] else { return }
        window.bins[bin] = nil
        window.gliding[bin] = nil
        if window.bins.isEmpty {
            window.layoutHook?.disconnect()
            windows[clock] = nil
            paintsDone(on: clock)
        }
    }

    /// A window was laid out: its bins check where they ended up (all of them while a transaction
    /// waits for this window; otherwise only those gliding).
    private static func layoutDone(_ clock: OpaquePointer) {
        guard let window = windows[clock] else { return }
        let all = current != nil && awaited[clock] != nil
        isCheckingLayout = true
        defer { isCheckingLayout = false }
        func check() {
            for (id, entry) in all ? window.bins : window.gliding {
                guard let bin = entry.bin else {
                    window.gliding[id] = nil
                    continue
                }
                if all || bin.isGliding { bin.layoutDidChange(in: current) }
                if !bin.isGliding { window.gliding[id] = nil }
            }
        }
        // The glides this pass starts join one group: the engine presents them as one batch.
        if let current { current.performingTogether(check) } else { check() }
    }

    /// Waits for two paints of `clock` (again from two, if it was already waited for), asking for
    /// them: a transaction that moved nothing must still close.
    private static func awaitPaints(of clock: OpaquePointer) {
        defer { gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT) }
        if let waiting = awaited[clock] {
            awaited[clock] = (2, waiting.handler)
            return
        }
        let handler = GtkSignals.connect(clock, "after-paint") {
            guard let waiting = awaited[clock] else { return }
            if waiting.paints > 1 {
                awaited[clock] = (waiting.paints - 1, waiting.handler)
                gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
            } else {
                paintsDone(on: clock)
            }
        }
        awaited[clock] = (2, handler)
    }

    private static func paintsDone(on clock: OpaquePointer) {
        if let waiting = awaited.removeValue(forKey: clock) {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), waiting.handler)
        }
        if awaited.isEmpty, let transaction = current {
            current = nil
            transaction.close()
        }
    }
}
