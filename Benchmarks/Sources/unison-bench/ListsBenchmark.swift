import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// `unison-bench lists`: a `GtkListView` over a `GListStore` of N items (1 000, 10 000, 100 000) in
/// a 400 px scrolled window, 100 random changes a second (inserts, removes and moves near the rows
/// on screen, one in ten anywhere, each in `withAnimation(.smooth)`) while the rows glide, with a
/// `ListAnimator` and, interleaved, without one (GTK alone). Main-thread CPU of every frame, split
/// where the frame clock's handlers meet (``FrameProbe``, `phases: true`):
/// - **Unison**: the **engine tick** (the Unison clock's tick callback on the view, between marks
///   the probe adds) and the **animator's pass** over the rows after GTK's layout (its handler
///   between two of the probe's); with GTK alone, what the probe's marks cost;
/// - **later update**: the "update" handlers connected after the marks: the animator's, which puts
///   its rows back before layout, and those GTK connects as it needs them (with GTK alone, GTK's
///   only: most of this column); instruction counts (callgrind, `--paced`) tell the animator's part;
/// - **GTK ticks**: GTK's own tick callbacks on the window and the scrolled window;
/// - **GTK layout**: GTK's layout of the window (the "layout" handlers before the animator's);
/// - **update + GTK layout**: the update phase and GTK's layout, as the other benchmarks' "update"
///   column counts it; **frame**: before-paint to after-paint (layout, snapshot, render);
/// - heap allocations per frame in the engine tick and the later update handlers (GTK's too), and
///   in the animator's pass, and the pass's in the frames after the last change (steady state:
///   the glides go on; 0.3 s or 20 frames, not in the other columns); and the CPU of one change (the model's change and every handler of
///   it: GTK's, and the animator's record of where the rows are drawn).
/// `--paced`: the changes are made between frames, 5 every 3 frames, instead of on a timer, for
/// 60 frames, so that a slowed-down run (under callgrind) sees as many changes per frame as a
/// real-time one. The random sequence is the same in every run. Prints a table; writes nothing.
@MainActor
enum ListsBenchmark {
    /// How many frames a `--paced` run records per side.
    static let pacedFrames = 60

    struct Side {
        var frames = 0
        var framesPerSecond = Double.nan
        var unisonCPU = Stats([])
        var tickCPU = Stats([])
        var animatorCPU = Stats([])
        var lateUpdateCPU = Stats([])
        var gtkTicksCPU = Stats([])
        var layoutCPU = Stats([])
        var updateCPU = Stats([])
        var frameCPU = Stats([])
        var allocations = Stats([])
        var passAllocations = Stats([])
        var quietAllocations = Stats([])
        var quietFrames = 0
        var changeCPU = Stats([])
        var changes = 0
    }

    static func run(counts: [Int] = [1_000, 10_000, 100_000], seconds: Double = 10) {
        let paced = CommandLine.arguments.contains("--paced")
        print(
            "| items | side | frames | fps | changes | Unison ms/frame (median, p75, max) | engine tick ms (median, p75) "
                + "| animator's pass ms (median, p75) | later update ms (median) | GTK ticks ms (median) "
                + "| GTK layout ms (median) "
                + "| update + GTK layout ms (median) "
                + "| frame CPU ms (median, p75, max) | allocations/frame: tick and later update (median, max) "
                + "| allocations/frame: animator's pass (median, max) "
                + "| after the changes: frames, allocations/frame in the animator's pass (median, max) "
                + "| change CPU ms (median, p75) |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for count in counts {
            for animated in [true, false] {
                let side = measure(count: count, animated: animated, seconds: seconds, paced: paced)
                func ms(_ stats: Stats, _ parts: Int = 3) -> String {
                    [stats.median, stats.p75, stats.max].prefix(parts).map { String(format: "%.3f", $0) }
                        .joined(separator: ", ")
                }
                print(
                    "| \(count) | \(animated ? "ListAnimator" : "GTK alone") | \(side.frames) | "
                        + String(format: "%.1f", side.framesPerSecond) + " | \(side.changes) | \(ms(side.unisonCPU)) | "
                        + "\(ms(side.tickCPU, 2)) | \(ms(side.animatorCPU, 2)) | \(ms(side.lateUpdateCPU, 1)) | "
                        + "\(ms(side.gtkTicksCPU, 1)) | "
                        + "\(ms(side.layoutCPU, 1)) | "
                        + "\(ms(side.updateCPU, 1)) | \(ms(side.frameCPU)) | "
                        + String(format: "%.0f, %.0f", side.allocations.median, side.allocations.max) + " | "
                        + String(format: "%.0f, %.0f", side.passAllocations.median, side.passAllocations.max) + " | "
                        + "\(side.quietFrames), "
                        + String(format: "%.0f, %.0f", side.quietAllocations.median, side.quietAllocations.max)
                        + " | \(ms(side.changeCPU, 2)) |")
            }
        }
    }

    private static func measure(count: Int, animated: Bool, seconds: Double, paced: Bool) -> Side {
        let window = gtk_window_new()!
        gtk_window_set_default_size(unison_bench_window(window), 360, 440)
        // The probe's handlers on the window's frame clock come before the list's (realized later),
        // so that the animator's handler after GTK's layout runs between two of the probe's.
        gtk_widget_realize(window)
        let probe = FrameProbe(window: window, phases: true)
        let store = g_list_store_new(gtk_string_object_get_type())!
        let items = (0..<count).map { gtk_string_object_new("Item \($0)").map { UnsafeMutableRawPointer($0) } }
        var buffer: [gpointer?] = items
        buffer.withUnsafeMutableBufferPointer {
            g_list_store_splice(store, 0, 0, $0.baseAddress, guint(count))
        }
        for item in items { g_object_unref(item) }
        let factory = gtk_signal_list_item_factory_new()!
        _ = try? GtkSignals.connect(factory, "setup") { arguments in
            guard let listItem = arguments.object(at: 0) else { return }
            let label = gtk_label_new(nil)!
            gtk_widget_set_size_request(label, -1, 32)
            gtk_list_item_set_child(OpaquePointer(listItem), label)
        }
        _ = try? GtkSignals.connect(factory, "bind") { arguments in
            guard let listItem = arguments.object(at: 0), let label = gtk_list_item_get_child(OpaquePointer(listItem)),
                let item = gtk_list_item_get_item(OpaquePointer(listItem))
            else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(item)))
        }
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))
        let view = gtk_list_view_new(selection, factory)!
        let animator = animated ? ListAnimator(view) : nil
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view)
        gtk_window_set_child(unison_bench_window(window), scrolled)
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)

        probe.markAfterLayout()
        // The animator's clock ticks on the view: its tick callback is marked off from GTK's own
        // (the window's style updates, the scrollbars' indicators) and the animator's "update".
        probe.markTicks(of: view, after: [window, scrolled])
        let changer = Changer(store: store)
        if paced {
            probe.afterEveryFrame { [weak changer] in changer?.frameEnded() }
        }
        // Which recorded frames had no change made since the frame before (steady state).
        var quiet: [Bool] = []
        var changesSeen = 0
        probe.afterEveryFrame { [weak changer, weak probe] in
            guard let changer, let probe else { return }
            if probe.recording { quiet.append(changer.changes == changesSeen) }
            changesSeen = changer.changes
        }
        probe.recording = true
        let start = Date()
        if paced {
            changer.frameEnded()
            GtkRuntime.iterate(timeout: 3600) { probe.frames.count >= pacedFrames }
        } else {
            changer.step()
            GtkRuntime.iterate(timeout: seconds)
        }
        let elapsed = Date().timeIntervalSince(start)
        // Then no more changes, the glides going on (steady state): a few frames more, apart.
        changer.isRunning = false
        let recorded = probe.frames.count
        if paced {
            GtkRuntime.iterate(timeout: 3600) { probe.frames.count >= recorded + 20 }
        } else {
            GtkRuntime.iterate(timeout: 0.3)
        }
        probe.recording = false
        let tail = zip(probe.frames, quiet).dropFirst(recorded).filter(\.1).map(\.0)
        let frames = Array(probe.frames.prefix(recorded))
        probe.disconnect()
        var side = Side()
        side.frames = frames.count
        side.framesPerSecond = Double(frames.count) / elapsed
        side.tickCPU = Stats(frames.map(\.tickCPU))
        side.unisonCPU = Stats(frames.map { $0.tickCPU + $0.afterLayoutCPU })
        side.animatorCPU = Stats(frames.map(\.afterLayoutCPU))
        side.lateUpdateCPU = Stats(frames.map(\.lateUpdateCPU))
        side.gtkTicksCPU = Stats(frames.map(\.earlyTicksCPU))
        side.layoutCPU = Stats(frames.map(\.layoutCPU))
        side.updateCPU = Stats(frames.map(\.updateCPU))
        side.frameCPU = Stats(frames.map(\.frameCPU))
        side.allocations = Stats(frames.map { Double($0.updatePhaseAllocations) })
        side.passAllocations = Stats(frames.map { Double($0.afterLayoutAllocations) })
        side.quietAllocations = Stats(tail.map { Double($0.afterLayoutAllocations) })
        side.quietFrames = tail.count
        side.changeCPU = Stats(changer.changeCPU)
        side.changes = changer.changes
        _ = animator
        gtk_window_destroy(unison_bench_window(window))
        g_object_unref(UnsafeMutableRawPointer(store))
        GtkRuntime.iterate(timeout: 0.2)
        return side
    }

    /// Makes 100 changes a second (or 5 every 3 frames), near the rows on screen (positions 0 ... 30),
    /// one in ten anywhere.
    @MainActor
    private final class Changer {
        let store: OpaquePointer
        var isRunning = true
        var changes = 0
        /// The thread CPU time of each change, milliseconds.
        var changeCPU: [Double] = []
        var random = SplitMix64(seed: 32)
        /// Changes owed (paced): 5/3 more after every frame.
        private var credit = 0.0

        init(store: OpaquePointer) {
            self.store = store
            changeCPU.reserveCapacity(4096)
        }

        func step() {
            guard isRunning else { return }
            change()
            GtkRuntime.after(0.01) { [self] in step() }
        }

        /// Paced: a frame ended; the changes it owes are made right after (between frames).
        func frameEnded() {
            guard isRunning else { return }
            credit += 5.0 / 3.0
            let due = Int(credit)
            guard due > 0 else { return }
            credit -= Double(due)
            GtkRuntime.after(0) { [self] in
                guard isRunning else { return }
                for _ in 0..<due { change() }
            }
        }

        private func change() {
            let start = threadCPUNanoseconds()
            defer { changeCPU.append(Double(threadCPUNanoseconds() - start) / 1e6) }
            let size = Int(g_list_model_get_n_items(store))
            guard size > 40 else { return }
            let near = Int.random(in: 0..<30, using: &random)
            let position = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 0..<size, using: &random) : near
            withAnimation(.smooth) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let item = gtk_string_object_new("New \(changes)")!
                    g_list_store_insert(store, guint(position), UnsafeMutableRawPointer(item))
                    g_object_unref(UnsafeMutableRawPointer(item))
                case 1:
                    g_list_store_remove(store, guint(position))
                default:
                    let to = min(size - 1, position + Int.random(in: 1..<8, using: &random))
                    guard let item = g_list_model_get_item(store, guint(position)) else { return }
                    g_list_store_remove(store, guint(position))
                    g_list_store_insert(store, guint(to), item)
                    g_object_unref(item)
                }
            }
            changes += 1
        }
    }

    /// A seeded generator (SplitMix64): every run makes the same changes.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
