import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Transitions: `children` `MotionBin`s in a `GtkBox` (collapse `.none`: the space stays, so the
/// frames measure the transitions, not a relayout) leave with `.scale.combined(with: .opacity)`
/// inside `animate(.smooth)`, then come back. Content transitions: `ContentLabel`s with
/// `.numericText()` counting up by one inside `animate(.smooth)` (the last digit rolls). Per
/// animated widget per frame: the update phase of the steady frames minus the floor of a frame
/// whose only tick callback does nothing, ÷ the number of widgets. It also counts the heap
/// allocations of the update phase of the steady frames, per widget per frame (none is the goal).
/// `--only bin` or `--only numeric` runs one part, and `--seconds S` animates with
/// `.smooth(duration: S)` (0.5 by default): for profiling under an emulator, where a frame takes
/// long and a short animation has few.
@MainActor
enum TransitionsBenchmark {
    struct Result: Codable {
        var children: Int
        var rounds: Int
        /// Per bin per frame, ns: median of the runs (removals and insertions together).
        var nanosecondsPerTransitioningBin: Stats
        /// Content transitions: `ContentLabel`s counting up with `.numericText()`.
        var labels: Int = 0
        var nanosecondsPerCountingLabel: Stats?
        /// Heap allocations in the update phase per widget per frame: median of the runs.
        var allocationsPerTransitioningBin: Double? = nil
        var allocationsPerCountingLabel: Double? = nil
    }

    static func run(children: Int = 200, labels: Int = 100, rounds: Int = 3, part: String? = only) -> Result {
        let none = Measured(nanoseconds: Stats([0]), allocations: 0)
        let bins =
            part == "numeric"
            ? none
            : measure(count: children, rounds: rounds) { clock, _ in
                let area = gtk_drawing_area_new()!
                gtk_drawing_area_set_content_width(unison_bench_drawing_area(area), 4)
                gtk_drawing_area_set_content_height(unison_bench_drawing_area(area), 40)
                let bin = MotionBin(child: area, transition: .scale.combined(with: .opacity), clock: clock)
                bin.collapse = .none
                return (bin.widget, { step in bin.isPresent = step % 2 == 0 }, { bin.isAnimating })
            }
        let counters =
            part == "bin"
            ? none
            : measure(count: labels, rounds: rounds) { clock, i in
                let label = ContentLabel(text: "\(100 + i)", contentTransition: .numericText(), clock: clock)
                return (label.widget, { step in label.text = "\(100 + i + step)" }, { label.isTransitioning })
            }
        let result = Result(
            children: children, rounds: rounds, nanosecondsPerTransitioningBin: bins.nanoseconds, labels: labels,
            nanosecondsPerCountingLabel: counters.nanoseconds, allocationsPerTransitioningBin: bins.allocations,
            allocationsPerCountingLabel: counters.allocations)
        let (b, c) = (bins.nanoseconds, counters.nanoseconds)
        print(
            "transitions \(children) MotionBins (.scale + .opacity) out and in: \(format(b.median, 0)) ns per bin "
                + "per frame (\(format(b.min, 0))–\(format(b.max, 0)), \(2 * rounds) runs); \(labels) "
                + "ContentLabels (.numericText) counting up: \(format(c.median, 0)) ns per label per frame "
                + "(\(format(c.min, 0))–\(format(c.max, 0))); update-phase allocations per frame: "
                + "\(format(bins.allocations, 2)) per bin, \(format(counters.allocations, 2)) per label")
        return result
    }

    /// Per widget per frame: the update phase's CPU time (ns, one figure per run) and its heap
    /// allocations (median of the runs).
    struct Measured {
        var nanoseconds: Stats
        var allocations: Double
    }

    /// One animated widget: what to put in the box, the change of step `n` (1, 2, ...), and whether it
    /// still animates.
    typealias Item = (
        widget: UnsafeMutablePointer<GtkWidget>, change: @MainActor (Int) -> Void, isAnimating: @MainActor () -> Bool
    )

    /// The animation's duration (`--seconds S`, else 0.5 s).
    static var duration: Double {
        let arguments = CommandLine.arguments
        guard let at = arguments.firstIndex(of: "--seconds"), at + 1 < arguments.count,
            let seconds = Double(arguments[at + 1]), seconds > 0
        else { return 0.5 }
        return seconds
    }

    /// Puts `count` items made by `make` in a box in a window, then runs `2 × rounds` animated changes
    /// and returns, per change, (steady update phase − floor) ÷ count, in ns, and the update phase's
    /// allocations ÷ count.
    static func measure(count: Int, rounds: Int, make: (GtkFrameClock, Int) -> Item) -> Measured {
        let window = gtk_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_window_set_default_size(unison_bench_window(window), 1200, 80)
        gtk_window_set_child(unison_bench_window(window), box)
        let clock = GtkFrameClock.for(window)
        let items = (0..<count).map { make(clock, $0) }
        for item in items { gtk_box_append(unison_bench_box(box), item.widget) }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let probe = FrameProbe(window: window, phases: true)
        var perItem: [Double] = []
        var allocations: [Double] = []
        for step in 1...(2 * rounds) {
            GtkRuntime.iterate(timeout: 0.1)
            probe.reset()
            probe.recording = true
            animate(.smooth(duration: duration)) { for item in items { item.change(step) } }
            GtkRuntime.iterate(timeout: 5 + 2 * duration) {
                probe.frames.count > 2 && !items.contains { $0.isAnimating() }
            }
            probe.recording = false
            let frames = probe.frames
            let steady = frames.count > 6 ? Array(frames[2..<(frames.count - 1)]) : frames
            let floor = AdwaitaBenchmark.measureFloor(area: window, probe: probe).milliseconds
            perItem.append((Stats(steady.map(\.updateCPU)).median - floor) * 1e6 / Double(count))
            allocations.append(Stats(steady.map { Double($0.updatePhaseAllocations) }).median / Double(count))
        }
        probe.disconnect()
        return Measured(nanoseconds: Stats(perItem), allocations: Stats(allocations).median)
    }
}
