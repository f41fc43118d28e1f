import CUnisonBench
import Foundation

/// Measures a window's frames: the thread CPU time of each frame's update phase (where every
/// tick callback runs: libadwaita's animations, or Unison's one clock), the CPU time of the
/// whole frame, and the frame times.
///
/// It connects to the frame clock before any tick callback exists, so its "update" handler runs
/// first; it requests the layout phase so "layout" (right after update) always marks the end.
/// `updateCPU` therefore also holds whatever "layout" handlers were connected before the probe
/// (the window's surface's, connected when it realized).
///
/// With `phases: true` it also splits each frame where handlers connected in a known order meet
/// (GLib runs a signal's handlers in the order they were connected, those connected with
/// `G_CONNECT_AFTER` after all the others):
/// - `updatePhaseCPU`: every "update" handler, the probe's first to its own connected after, in
///   three parts with ``markTicks(of:after:)`` (`earlyTicksCPU`, `tickCPU`, `lateUpdateCPU`;
///   without the marks, all of it is `lateUpdateCPU`);
/// - `layoutCPU`: the layout phase up to the probe's "layout" handler connected after (GTK's layout
///   of the window: its surface's handler, and its root's, connected anew when it needs layout);
/// - `afterLayoutCPU`: the "layout" handlers connected after the probe's, with `G_CONNECT_AFTER`,
///   and before ``markAfterLayout()``;
/// - `updatePhaseAllocations`: heap allocations in the update phase after the early ticks (from
///   the probe's start without the marks); `afterLayoutAllocations`: in `afterLayoutCPU`'s span.
/// GDK runs the layout phase again (up to four times) while it is asked for: the spans add up.
@MainActor
final class FrameProbe {
    struct Frame {
        var time: Double  // seconds (GDK frame time)
        var updateCPU: Double  // milliseconds
        var frameCPU: Double  // milliseconds, before-paint to after-paint
        // With `phases: true` (zero otherwise), milliseconds:
        var updatePhaseCPU = 0.0
        var earlyTicksCPU = 0.0
        var tickCPU = 0.0
        var lateUpdateCPU = 0.0
        var layoutCPU = 0.0
        var afterLayoutCPU = 0.0
        var updatePhaseAllocations: UInt64 = 0
        var afterLayoutAllocations: UInt64 = 0

        mutating func clearPhases() {
            updatePhaseCPU = 0
            earlyTicksCPU = 0
            tickCPU = 0
            lateUpdateCPU = 0
            layoutCPU = 0
            afterLayoutCPU = 0
            updatePhaseAllocations = 0
            afterLayoutAllocations = 0
        }
    }

    private(set) var frames: [Frame] = []
    var recording = false
    private var updateStart: UInt64 = 0
    private var frameStart: UInt64 = 0
    private var pending = Frame(time: 0, updateCPU: 0, frameCPU: 0)
    private var handlers: [gulong] = []
    private let clock: OpaquePointer
    /// The phase marks (`phases: true`): thread CPU time and allocation count at the last mark.
    private var mark: UInt64 = 0
    private var markAllocations: UInt64 = 0
    private var tickStart: UInt64 = 0
    private var ticks: [(widget: UnsafeMutablePointer<GtkWidget>, id: guint)] = []

    init(window: UnsafeMutablePointer<GtkWidget>, phases: Bool = false) {
        clock = gtk_widget_get_frame_clock(window)!
        frames.reserveCapacity(4096)
        connect("before-paint") { $0.frameStart = threadCPUNanoseconds() }
        connect("update") { probe in
            probe.updateStart = threadCPUNanoseconds()
            probe.mark = probe.updateStart
            probe.markAllocations = allocationCount()
            gdk_frame_clock_request_phase(probe.clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
        }
        connect("layout") { probe in
            probe.pending.updateCPU = Double(threadCPUNanoseconds() - probe.updateStart) / 1e6
        }
        connect("after-paint") { probe in
            defer { probe.pending.clearPhases() }
            guard probe.recording else { return }
            probe.pending.frameCPU = Double(threadCPUNanoseconds() - probe.frameStart) / 1e6
            probe.pending.time = Double(gdk_frame_clock_get_frame_time(probe.clock)) / 1e6
            probe.frames.append(probe.pending)
            probe.pending.updateCPU = 0
        }
        guard phases else { return }
        // (Connected after the handlers above: the probe's "update" and "layout" stay first.)
        connect("update", after: true) { probe in
            let now = threadCPUNanoseconds()
            probe.pending.updatePhaseCPU += Double(now - probe.updateStart) / 1e6
            probe.pending.lateUpdateCPU += Double(now - probe.mark) / 1e6
            probe.pending.updatePhaseAllocations += allocationCount() - probe.markAllocations
            probe.mark = now
        }
        connect("layout", after: true) { probe in
            let now = threadCPUNanoseconds()
            probe.pending.layoutCPU += Double(now - probe.mark) / 1e6
            probe.mark = now
            probe.markAllocations = allocationCount()
        }
    }

    /// With `phases: true`: ends `afterLayoutCPU`'s span with a "layout" handler connected (after)
    /// now, so that it holds the "layout" handlers connected with `G_CONNECT_AFTER` since the probe
    /// was made (a `ListAnimator`'s pass over its rows: make the probe before the list realizes).
    func markAfterLayout() {
        connect("layout", after: true) { probe in
            let now = threadCPUNanoseconds()
            probe.pending.afterLayoutCPU += Double(now - probe.mark) / 1e6
            probe.pending.afterLayoutAllocations += allocationCount() - probe.markAllocations
            probe.mark = now
        }
    }

    /// Marks the tick callbacks of `widget` off from the rest of the update phase: a tick
    /// callback added now to each of `others`, in order, then one to `widget`. GTK connects one
    /// "update" handler per widget with tick callbacks, when its first is added (these marks keep
    /// it connected, so in this order), and runs a widget's callbacks newest first: every tick
    /// callback `widget` gets later (a Unison clock's, made for `widget`) runs between the last
    /// of `others`' marks and `widget`'s mark (`tickCPU`), the tick callbacks `others` get
    /// later (GTK's own) before (`earlyTicksCPU`), and "update" handlers connected later (a
    /// `ListAnimator`'s, putting its rows back) after (`lateUpdateCPU`). Call it while nothing
    /// else has been connected to the frame clock's "update" since the probe was made. The marks
    /// stay until ``disconnect()``; they keep the frame clock running every frame.
    func markTicks(of widget: UnsafeMutablePointer<GtkWidget>, after others: [UnsafeMutablePointer<GtkWidget>]) {
        let early: GtkTickCallback = { _, _, data in
            let probe = Unmanaged<FrameProbe>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                let now = threadCPUNanoseconds()
                probe.pending.earlyTicksCPU += Double(now - probe.mark) / 1e6
                probe.mark = now
                probe.markAllocations = allocationCount()
            }
            return unison_bench_source_continue
        }
        let last: GtkTickCallback = { _, _, data in
            let probe = Unmanaged<FrameProbe>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                let now = threadCPUNanoseconds()
                probe.pending.tickCPU += Double(now - probe.mark) / 1e6
                probe.mark = now
            }
            return unison_bench_source_continue
        }
        let data = Unmanaged.passUnretained(self).toOpaque()  // removed in disconnect(), before the probe goes
        for other in others { ticks.append((other, gtk_widget_add_tick_callback(other, early, data, nil))) }
        ticks.append((widget, gtk_widget_add_tick_callback(widget, last, data, nil)))
    }

    /// Calls `body` after every frame (the frame clock's "after-paint"), until ``disconnect()``.
    func afterEveryFrame(_ body: @escaping @MainActor () -> Void) {
        connect("after-paint") { _ in body() }
    }

    func reset() { frames.removeAll(keepingCapacity: true) }

    func disconnect() {
        for id in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), id) }
        handlers = []
        for tick in ticks { gtk_widget_remove_tick_callback(tick.widget, tick.id) }
        ticks = []
    }

    private final class Box {
        let body: @MainActor (FrameProbe) -> Void
        weak var probe: FrameProbe?
        init(_ body: @escaping @MainActor (FrameProbe) -> Void) { self.body = body }
    }

    private func connect(
        _ signal: String, after: Bool = false, _ body: @escaping @MainActor (FrameProbe) -> Void
    ) {
        let box = Box(body)
        box.probe = self
        let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { if let probe = box.probe { box.body(probe) } }
        }
        let release: GClosureNotify = { data, _ in Unmanaged<Box>.fromOpaque(data!).release() }
        handlers.append(
            g_signal_connect_data(
                UnsafeMutableRawPointer(clock), signal, unsafeBitCast(thunk, to: GCallback.self),
                Unmanaged.passRetained(box).toOpaque(), release, after ? G_CONNECT_AFTER : GConnectFlags(0)))
    }
}
