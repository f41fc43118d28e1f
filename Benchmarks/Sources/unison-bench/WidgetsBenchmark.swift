import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Part 3: 1000 real widgets (opacity and translation) animated in one window under Xvfb.
@MainActor
enum WidgetsBenchmark {
    struct Result: Codable {
        var widgets: Int
        var framesPerSecond: Double
        var unisonMillisecondsPerFrame: Stats  // update phase: Unison's tick (all 2000 properties)
        var frameCPUMillisecondsPerFrame: Stats  // the whole frame: update, layout, snapshot, render
        var unisonShareOfFrameCPU: Double
        var unisonShareOfFrameInterval: Double
    }

    static func run(widgets count: Int = 1000, seconds: Double = 3) -> Result {
        let window = gtk_window_new()!
        let fixed = gtk_fixed_new()!
        gtk_window_set_default_size(unison_bench_window(window), 800, 600)
        gtk_window_set_child(unison_bench_window(window), fixed)
        var areas: [UnsafeMutablePointer<GtkWidget>] = []
        let paint: GtkDrawingAreaDrawFunc = { _, cr, _, _, _ in
            cairo_set_source_rgb(cr, 0.2, 0.45, 0.9)
            cairo_paint(cr)
        }
        for i in 0..<count {
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 14, 14)
            gtk_drawing_area_set_draw_func(unison_bench_drawing_area(area), paint, nil, nil)
            gtk_fixed_put(unison_bench_fixed(fixed), area, Double(20 * (i % 38)), Double(20 * (i / 38)))
            areas.append(area)
        }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.3)
        defer { gtk_window_destroy(unison_bench_window(window)) }
        // One clock (the window's) drives every widget: one tick callback per frame.
        let clock = GtkFrameClock.for(window)
        let animated = areas.map { AnimatedWidget($0, clock: clock) }
        let probe = FrameProbe(window: window)
        var outward = true
        var running = true
        func bounce() {
            guard running else { return }
            outward.toggle()
            withAnimation(.smooth(duration: 0.6)) {
                for (i, widget) in animated.enumerated() {
                    widget.opacity = outward ? 1 : 0.3
                    widget.translation = outward ? .zero : CGPoint(x: 8 + Double(i % 5), y: 6)
                }
            } completion: {
                bounce()
            }
        }
        bounce()
        GtkRuntime.iterate(timeout: 0.3)
        probe.recording = true
        GtkRuntime.iterate(timeout: seconds)
        probe.recording = false
        running = false
        probe.disconnect()
        let frames = probe.frames
        let span = (frames.last?.time ?? 0) - (frames.first?.time ?? 0)
        let fps = Double(frames.count - 1) / span
        let unison = Stats(frames.map(\.updateCPU))
        let total = Stats(frames.map(\.frameCPU))
        let result = Result(
            widgets: count, framesPerSecond: fps, unisonMillisecondsPerFrame: unison,
            frameCPUMillisecondsPerFrame: total, unisonShareOfFrameCPU: unison.median / total.median,
            unisonShareOfFrameInterval: unison.median / (1000 / fps))
        print(
            "widgets \(count) real widgets (opacity + translation): \(format(fps)) fps, Unison \(format(unison.median, 3)) ms "
                + "of \(format(total.median, 2)) ms frame CPU (\(format(100 * result.unisonShareOfFrameCPU))% of the frame's CPU, "
                + "\(format(100 * result.unisonShareOfFrameInterval))% of the frame interval)")
        return result
    }
}
