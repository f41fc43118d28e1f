import CUnisonBench
import Foundation
import Unison
import UnisonGtk

/// Part 4: layout animation. 200 children in a horizontal `GtkBox`, each a `MotionBin` around a
/// small drawing area, reversed inside `animate(.smooth)` (GTK lays the box out once; every bin is
/// drawn gliding from its old place: FLIP), against the same reversal of plain drawing areas with
/// no transaction (one relayout, then nothing), and of the same MotionBins with no transaction
/// (what wrapping costs when nothing animates). Main-thread CPU of every frame from the reorder
/// until the window is at rest, under Xvfb with GTK's default renderer.
///
/// Each side runs in a window of its own, built for the measurement and destroyed after it, so
/// that no bin of another side is recorded or checked (FLIP's first positions are taken for every
/// bin of every window when an animated transaction begins). Rounds are interleaved (animated,
/// plain, bins, animated, ...), and each figure is given as the median of the rounds' values with
/// their min–max.
@MainActor
enum LayoutBenchmark {
    /// One side's figures: for each, the per-round value, then median, min and max over rounds.
    struct Side: Codable {
        /// Frames painted from the reorder until the window rests.
        var frames: Stats
        /// Median frame CPU (update, layout, snapshot, render) of the round's frames, ms.
        var frameCPUMilliseconds: Stats
        /// The largest frame of the round (the one that lays the box out), ms.
        var peakFrameCPUMilliseconds: Stats
        /// Median update-phase CPU (tick callbacks: Unison's engine and the bins' render updates), ms.
        var updateCPUMilliseconds: Stats
        /// The reorder call itself, outside any frame (animated: also FLIP's first positions), ms.
        var reorderCallMilliseconds: Stats
        /// The whole reorder: the call plus every frame until rest, ms.
        var totalCPUMilliseconds: Stats
        /// Frames per second over the frames after the reorder (animated side only; else nan).
        var framesPerSecond: Stats
    }

    struct Result: Codable {
        var children: Int
        var rounds: Int
        /// The machine's 1-minute load average when the run began (/proc/loadavg): other work on
        /// the cores shows up in the min–max.
        var loadAverage: Double
        var animation: String
        var animated: Side
        var plain: Side
        var binsUnanimated: Side
        /// Update-phase CPU of a frame of the animated window whose only tick callback does nothing
        /// (GTK's own share of the phase), ms.
        var floorMilliseconds: Stats
        /// (update phase of the animated side's steady frames − the floor) ÷ children, per round,
        /// ns: what one gliding MotionBin costs per frame in the update phase (its spring, its
        /// render transform handed to the C widget, a queued redraw), GTK's own work excluded.
        var nanosecondsPerAnimatedWidget: Stats
    }

    private enum Kind { case animated, plain, binsUnanimated }

    private struct Round {
        var frames: [FrameProbe.Frame]
        var reorderCall: Double
        var floor = Double.nan

        /// The frames strictly between the first two (the relayout and FLIP's start) and the last.
        var steady: [FrameProbe.Frame] { frames.count > 6 ? Array(frames[2..<(frames.count - 1)]) : frames }
    }

    static func run(children: Int = 200, rounds: Int = 5) -> Result {
        let loadAverage =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).flatMap {
                $0.split(separator: " ").first.flatMap { Double($0) }
            } ?? .nan
        var measured: [Kind: [Round]] = [.animated: [], .plain: [], .binsUnanimated: []]
        for _ in 0..<rounds {
            for kind in [Kind.animated, .plain, .binsUnanimated] {
                measured[kind]!.append(measure(kind, children: children))
            }
        }
        func side(_ kind: Kind) -> Side {
            let rounds = measured[kind]!
            return Side(
                frames: Stats(rounds.map { Double($0.frames.count) }),
                frameCPUMilliseconds: Stats(rounds.map { Stats($0.frames.map(\.frameCPU)).median }),
                peakFrameCPUMilliseconds: Stats(rounds.map { $0.frames.map(\.frameCPU).max() ?? .nan }),
                updateCPUMilliseconds: Stats(rounds.map { Stats($0.frames.map(\.updateCPU)).median }),
                reorderCallMilliseconds: Stats(rounds.map(\.reorderCall)),
                totalCPUMilliseconds: Stats(rounds.map { $0.reorderCall + $0.frames.map(\.frameCPU).reduce(0, +) }),
                framesPerSecond: Stats(
                    rounds.map { round in
                        guard kind == .animated, let first = round.frames.first, let last = round.frames.last,
                            last.time > first.time
                        else { return .nan }
                        return Double(round.frames.count - 1) / (last.time - first.time)
                    }))
        }
        let animated = measured[.animated]!
        let perWidget = animated.map { ($0.steady.map(\.updateCPU).median - $0.floor) * 1e6 / Double(children) }
        let result = Result(
            children: children, rounds: rounds, loadAverage: loadAverage, animation: ".smooth",
            animated: side(.animated), plain: side(.plain),
            binsUnanimated: side(.binsUnanimated), floorMilliseconds: Stats(animated.map(\.floor)),
            nanosecondsPerAnimatedWidget: Stats(perWidget))
        func range(_ s: Stats, _ digits: Int = 2) -> String {
            "\(format(s.median, digits)) (\(format(s.min, digits))–\(format(s.max, digits)))"
        }
        for (name, s) in [
            ("animated (MotionBin, .smooth)", result.animated), ("plain, no transaction", result.plain),
            ("MotionBin, no transaction", result.binsUnanimated),
        ] {
            print(
                "layout  \(children) children reversed, \(name): \(range(s.frames, 0)) frames, frame CPU "
                    + "\(range(s.frameCPUMilliseconds)) ms (peak \(range(s.peakFrameCPUMilliseconds))), update "
                    + "\(range(s.updateCPUMilliseconds, 3)) ms, reorder call \(range(s.reorderCallMilliseconds)) ms, "
                    + "total \(range(s.totalCPUMilliseconds, 1)) ms")
        }
        print(
            "layout  per gliding MotionBin per frame (update phase): \(range(result.nanosecondsPerAnimatedWidget, 0)) ns "
                + "(floor \(range(result.floorMilliseconds, 3)) ms); \(range(result.animated.framesPerSecond, 1)) fps")
        return result
    }

    /// Builds a window with `children` drawing areas (wrapped in MotionBins unless `.plain`),
    /// reverses them, and records every frame until the window rests.
    private static func measure(_ kind: Kind, children: Int) -> Round {
        let window = gtk_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_valign(box, GTK_ALIGN_START)
        gtk_window_set_default_size(unison_bench_window(window), 4 * Int32(children) + 40, 80)
        gtk_window_set_child(unison_bench_window(window), box)
        // Each area paints a hue of its own, so a reversal is visible (and no two draw the same).
        let paint: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
            let hue = Double(Int(bitPattern: data)) / 200
            cairo_set_source_rgb(cr, 0.2 + 0.7 * hue, 0.45, 0.9 - 0.7 * hue)
            cairo_paint(cr)
        }
        var items: [UnsafeMutablePointer<GtkWidget>] = []
        var bins: [MotionBin] = []
        let clock = GtkFrameClock.for(window)
        for i in 0..<children {
            let area = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(unison_bench_drawing_area(area), 4)
            gtk_drawing_area_set_content_height(unison_bench_drawing_area(area), 40)
            gtk_drawing_area_set_draw_func(
                unison_bench_drawing_area(area), paint, UnsafeMutableRawPointer(bitPattern: i % 200 + 1), nil)
            if kind == .plain {
                items.append(area)
            } else {
                let bin = MotionBin(child: area, clock: clock)
                bins.append(bin)
                items.append(bin.widget)
            }
            gtk_box_append(unison_bench_box(box), items.last!)
        }
        gtk_window_present(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 2) { gtk_widget_get_mapped(window) != 0 }
        GtkRuntime.iterate(timeout: 0.4)
        let probe = FrameProbe(window: window)
        GtkRuntime.iterate(timeout: 0.1)
        probe.reset()
        probe.recording = true
        func reverse() {
            var previous: UnsafeMutablePointer<GtkWidget>?
            for item in items.reversed() {
                gtk_box_reorder_child_after(unison_bench_box(box), item, previous)
                previous = item
            }
        }
        let start = threadCPUNanoseconds()
        if kind == .animated {
            animate(.smooth) { reverse() }
        } else {
            reverse()
        }
        let reorderCall = Double(threadCPUNanoseconds() - start) / 1e6
        if kind == .animated {
            GtkRuntime.iterate(timeout: 5) { probe.frames.count > 2 && !bins.contains { $0.isAnimating } }
        }
        // At rest: no frame comes unless something asks for one (a few frames' time to be sure).
        GtkRuntime.iterate(timeout: 0.25)
        probe.recording = false
        var round = Round(frames: probe.frames, reorderCall: reorderCall)
        if kind == .animated { round.floor = AdwaitaBenchmark.measureFloor(area: window, probe: probe).milliseconds }
        probe.disconnect()
        withExtendedLifetime(bins) {}
        gtk_window_destroy(unison_bench_window(window))
        GtkRuntime.iterate(timeout: 0.1)
        return round
    }
}

extension Array where Element == Double {
    fileprivate var median: Double { Stats(self).median }
}
