import CUnisonBench
import Foundation

/// Measures a window's frames: the thread CPU time of each frame's update phase (where every
/// tick callback runs: libadwaita's animations, or Unison's one clock), the CPU time of the
/// whole frame, and the frame times.
///
/// It connects to the frame clock before any tick callback exists, so its "update" handler runs
/// first; it requests the layout phase so "layout" (right after update) always marks the end.
@MainActor
final class FrameProbe {
    struct Frame {
        var time: Double  // seconds (GDK frame time)
        var updateCPU: Double  // milliseconds
        var frameCPU: Double  // milliseconds, before-paint to after-paint
    }

    private(set) var frames: [Frame] = []
    var recording = false
    private var updateStart: UInt64 = 0
    private var frameStart: UInt64 = 0
    private var pending = Frame(time: 0, updateCPU: 0, frameCPU: 0)
    private var handlers: [gulong] = []
    private let clock: OpaquePointer

    init(window: UnsafeMutablePointer<GtkWidget>) {
        clock = gtk_widget_get_frame_clock(window)!
        frames.reserveCapacity(4096)
        connect("before-paint") { $0.frameStart = threadCPUNanoseconds() }
        connect("update") { probe in
            probe.updateStart = threadCPUNanoseconds()
            gdk_frame_clock_request_phase(probe.clock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
        }
        connect("layout") { probe in
            probe.pending.updateCPU = Double(threadCPUNanoseconds() - probe.updateStart) / 1e6
        }
        connect("after-paint") { probe in
            guard probe.recording else { return }
            probe.pending.frameCPU = Double(threadCPUNanoseconds() - probe.frameStart) / 1e6
            probe.pending.time = Double(gdk_frame_clock_get_frame_time(probe.clock)) / 1e6
            probe.frames.append(probe.pending)
            probe.pending.updateCPU = 0
        }
    }

    func reset() { frames.removeAll(keepingCapacity: true) }

    func disconnect() {
        for id in handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), id) }
        handlers = []
    }

    private final class Box {
        let body: @MainActor (FrameProbe) -> Void
        weak var probe: FrameProbe?
        init(_ body: @escaping @MainActor (FrameProbe) -> Void) { self.body = body }
    }

    private func connect(_ signal: String, _ body: @escaping @MainActor (FrameProbe) -> Void) {
        let box = Box(body)
        box.probe = self
        let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { if let probe = box.probe { box.body(probe) } }
        }
        let release: GClosureNotify = { data, _ in Unmanaged<Box>.fromOpaque(data!).release() }
        handlers.append(
            unison_bench_signal_connect(
                UnsafeMutableRawPointer(clock), signal, unsafeBitCast(thunk, to: GCallback.self),
                Unmanaged.passRetained(box).toOpaque(), release))
    }
}
