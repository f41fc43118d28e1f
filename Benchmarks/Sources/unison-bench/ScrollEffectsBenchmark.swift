import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Scroll-linked effects: `children` `MotionBin`s in a `GtkBox` in a 400 × 600 `GtkScrolledWindow`,
/// scrolled at a steady speed by an animated offset (Unison's update phase sets the vertical
/// adjustment every frame), with a `scrollTransition` (opacity and scale) on every bin and, for the
/// baseline, without it. Per frame: the CPU time of the update phase and of the whole frame
/// (update, layout, where the scroll-linked effects are computed, and paint), median of the steady
/// frames, and how many closures ran per frame (the bins near the viewport, not all of them).
@MainActor
enum ScrollEffectsBenchmark {
    struct Row {
        var withEffects: Bool
        var updateMilliseconds: Stats
        var frameMilliseconds: Stats
        var closuresPerFrame: Double
    }

    static func run(children: Int = 1000, seconds: Double = 3) -> [Row] {
        let rows = [false, true, false, true].map { measure(children: children, effects: $0, seconds: seconds) }
        for row in rows {
            print(
                "scroll effects \(children) MotionBins \(row.withEffects ? "with" : "without") a scrollTransition: "
                    + "update phase \(format(row.updateMilliseconds.median, 3)) ms per frame "
                    + "(\(format(row.updateMilliseconds.min, 3))–\(format(row.updateMilliseconds.max, 3))), "
                    + "whole frame \(format(row.frameMilliseconds.median, 3)) ms, "
                    + "\(format(row.closuresPerFrame, 1)) closures per frame")
        }
        return rows
    }

    static func measure(children: Int, effects: Bool, seconds: Double) -> Row {
        let window = gtk_window_new()!
        let scrolled = gtk_scrolled_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_window_set_default_size(unison_bench_window(window), 400, 600)
        gtk_window_set_child(unison_bench_window(window), scrolled)
        let clock = GtkFrameClock.for(window)
        var closures = 0
        var bins: [MotionBin] = []
        for _ in 0..<children {
            let area = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(unison_bench_drawing_area(area), 300)
            gtk_drawing_area_set_content_height(unison_bench_drawing_area(area), 40)
            let bin = MotionBin(child: area, clock: clock)
            if effects {
                bin.scrollTransition { effects, phase in
                    closures += 1
                    return effects.opacity(1 - 0.7 * abs(phase.value)).scale(1 - 0.25 * abs(phase.value))
                }
            }
            gtk_box_append(unison_bench_box(box), bin.widget)
            bins.append(bin)
        }
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), box)
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))!
        let offset = AnimatableProperty(0.0, clock: clock) { gtk_adjustment_set_value(adjustment, $0) }
        let probe = FrameProbe(window: window)
        probe.recording = true
        closures = 0
        let end = max(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment), 0)
        animate(.linear(duration: seconds)) { offset.value = end }
        GtkRuntime.iterate(timeout: seconds + 2) { !offset.isAnimating }
        probe.recording = false
        probe.disconnect()
        let frames = probe.frames
        let steady = frames.count > 6 ? Array(frames[2..<(frames.count - 1)]) : frames
        return Row(
            withEffects: effects, updateMilliseconds: Stats(steady.map(\.updateCPU)),
            frameMilliseconds: Stats(steady.map(\.frameCPU)),
            closuresPerFrame: Double(closures) / Double(max(frames.count, 1)))
    }
}
