import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Transitions: `children` `MotionBin`s in a `GtkBox` (collapse `.none`: the space stays, so the
/// frames measure the transitions, not a relayout) leave with `.scale.combined(with: .opacity)`
/// inside `animate(.smooth)`, then come back. Per transitioning bin per frame: the update phase of
/// the steady frames minus the floor of a frame whose only tick callback does nothing, ÷ children.
@MainActor
enum TransitionsBenchmark {
    struct Result: Codable {
        var children: Int
        var rounds: Int
        /// Per bin per frame, ns: median of the rounds (removal and insertion rounds together).
        var nanosecondsPerTransitioningBin: Stats
        var floorMilliseconds: Stats
        /// Content transitions: `ContentLabel`s counting up with `.numericText()`.
        var labels: Int = 0
        var nanosecondsPerCountingLabel: Stats?
    }

    /// `labels` `ContentLabel`s with `.numericText()` in a `GtkBox`, all counting up by one in
    /// `animate(.smooth)` (the last digit rolls; every tenth change a carry rolls two), per label per
    /// frame: the update phase of the steady frames minus the floor, ÷ labels.
    static func runContent(labels count: Int = 100, rounds: Int = 3) -> (Stats, Int) {
        let window = gtk_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_window_set_default_size(unison_bench_window(window), 1200, 80)
        gtk_window_set_child(unison_bench_window(window), box)
        let clock = GtkFrameClock.for(window)
        var labels: [ContentLabel] = []
        for i in 0..<count {
            let label = ContentLabel(text: "\(100 + i)", contentTransition: .numericText(), clock: clock)
            labels.append(label)
            gtk_box_append(unison_bench_box(box), label.widget)
        }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let probe = FrameProbe(window: window)
        var perLabel: [Double] = []
        var step = 0
        for _ in 0..<(2 * rounds) {
            step += 1
            GtkRuntime.iterate(timeout: 0.1)
            probe.reset()
            probe.recording = true
            animate(.smooth) { for (i, label) in labels.enumerated() { label.text = "\(100 + i + step)" } }
            GtkRuntime.iterate(timeout: 5) { probe.frames.count > 2 && !labels.contains { $0.isTransitioning } }
            probe.recording = false
            let frames = probe.frames
            let steady = frames.count > 6 ? Array(frames[2..<(frames.count - 1)]) : frames
            let floor = AdwaitaBenchmark.measureFloor(area: window, probe: probe)
            perLabel.append((Stats(steady.map(\.updateCPU)).median - floor) * 1e6 / Double(count))
        }
        probe.disconnect()
        let stats = Stats(perLabel)
        print(
            "content \(count) ContentLabels (.numericText) counting up: \(format(stats.median, 0)) ns per label per frame "
                + "(\(format(stats.min, 0))–\(format(stats.max, 0)), \(2 * rounds) runs)")
        return (stats, count)
    }

    static func run(children: Int = 200, rounds: Int = 3) -> Result {
        let window = gtk_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_window_set_default_size(unison_bench_window(window), 4 * Int32(children) + 40, 80)
        gtk_window_set_child(unison_bench_window(window), box)
        let paint: GtkDrawingAreaDrawFunc = { _, cr, _, _, _ in
            cairo_set_source_rgb(cr, 0.2, 0.45, 0.9)
            cairo_paint(cr)
        }
        let clock = GtkFrameClock.for(window)
        var bins: [MotionBin] = []
        for _ in 0..<children {
            let area = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(unison_bench_drawing_area(area), 4)
            gtk_drawing_area_set_content_height(unison_bench_drawing_area(area), 40)
            gtk_drawing_area_set_draw_func(unison_bench_drawing_area(area), paint, nil, nil)
            let bin = MotionBin(child: area, transition: .scale.combined(with: .opacity), clock: clock)
            bin.collapse = .none
            bins.append(bin)
            gtk_box_append(unison_bench_box(box), bin.widget)
        }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let probe = FrameProbe(window: window)
        var perBin: [Double] = []
        var floors: [Double] = []
        for _ in 0..<rounds {
            for present in [false, true] {
                GtkRuntime.iterate(timeout: 0.1)
                probe.reset()
                probe.recording = true
                animate(.smooth) { for bin in bins { bin.isPresent = present } }
                GtkRuntime.iterate(timeout: 5) { probe.frames.count > 2 && !bins.contains { $0.isAnimating } }
                probe.recording = false
                let frames = probe.frames
                let steady = frames.count > 6 ? Array(frames[2..<(frames.count - 1)]) : frames
                let floor = AdwaitaBenchmark.measureFloor(area: window, probe: probe)
                floors.append(floor)
                perBin.append((Stats(steady.map(\.updateCPU)).median - floor) * 1e6 / Double(children))
            }
        }
        probe.disconnect()
        let content = runContent(rounds: rounds)
        let result = Result(
            children: children, rounds: rounds, nanosecondsPerTransitioningBin: Stats(perBin),
            floorMilliseconds: Stats(floors), labels: content.1, nanosecondsPerCountingLabel: content.0)
        let s = result.nanosecondsPerTransitioningBin
        print(
            "transitions \(children) MotionBins (.scale + .opacity) out and in: \(format(s.median, 0)) ns per bin per frame "
                + "(\(format(s.min, 0))–\(format(s.max, 0)), \(2 * rounds) runs)")
        return result
    }
}
