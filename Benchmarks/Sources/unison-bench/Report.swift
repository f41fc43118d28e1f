import CUnisonBench
import Foundation

/// Writes the results: JSON, a Markdown table with the machine's description, and a plot.
struct Report: Codable {
    var date: String
    var machine: [String: String]
    var engine: [EngineBenchmark.Result]
    var gtk: [AdwaitaBenchmark.Result]
    var trajectory: AdwaitaBenchmark.Trajectory?
    var widgets: WidgetsBenchmark.Result?
    var layout: LayoutBenchmark.Result?
    /// Per value per frame of transitions, keyframes and decay (with layout from `layout`).
    var transitions: TransitionsBenchmark.Result?
    var keyframes: [KeyframesBenchmark.Result]?
    /// The arithmetic alone (structure of arrays, vectorised), per value per frame.
    var floor: [ArithmeticFloor.Point]?
    /// Calling the apply closures alone, fresh and fragmented heap (N = 10 000).
    var applyCallFloor: [ApplyCallFloor.Point]?

    static func machine() -> [String: String] {
        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let cpu =
            read("/proc/cpuinfo").split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let cores = read("/proc/cpuinfo").split(separator: "\n").filter { $0.hasPrefix("processor") }.count
        let memory =
            read("/proc/meminfo").split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .map { String($0.dropFirst("MemTotal:".count)).trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let os =
            read("/etc/os-release").split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            ?? "unknown"
        return [
            "cpu": cpu, "cores": String(cores), "memory": memory, "os": os,
            "gtk": "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
            "libadwaita": "1.2 (Debian's libadwaita-1-dev)", "display": "Xvfb (GDK_BACKEND=x11)",
            "build": "swift build -c release",
            "renderer": ProcessInfo.processInfo.environment["GSK_RENDERER"].map { "GSK_RENDERER=\($0)" }
                ?? "GTK's default (GL; Mesa's software rasteriser under Xvfb)",
        ]
    }

    /// Changes the results recorded in `directory` (results.json and results.md; the other
    /// sections and the plot as they were) with `change`, for `unison-bench layout` and `widgets --write`.
    static func update(in directory: URL, plot: Bool = false, _ change: (inout Report) -> Void) throws -> URL {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var report = try decoder.decode(
            Report.self, from: Data(contentsOf: directory.appendingPathComponent("results.json")))
        change(&report)
        try report.write(to: directory, plot: plot)
        return directory
    }

    func write(to directory: URL, plot drawsPlot: Bool = true) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // A side that never reported its end within the run has no finishing frame: "nan".
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(self).write(to: directory.appendingPathComponent("results.json"))
        try markdown().write(to: directory.appendingPathComponent("results.md"), atomically: true, encoding: .utf8)
        if drawsPlot { plot(to: directory.appendingPathComponent("cost-vs-n.png").path) }
    }

    func markdown() -> String {
        var md = "# Unison benchmark results\n\nMeasured \(date) with `make bench`.\n\n"
        md += "| machine | |\n| --- | --- |\n"
        for key in machine.keys.sorted() { md += "| \(key) | \(machine[key]!) |\n" }
        md += "\n## 1. Engine, headless (HeadlessClock)\n\n"
        md +=
            "Median of the rounds' medians over 24 steady frames (5 interleaved rounds); the rounds' min–max in brackets. "
            + "Allocations are counted by a malloc interposer. \"Cold caches\": each steady frame starts after twice the "
            + "last-level cache has been written, as a frame under a toolkit starts after the main loop slept.\n\n"
        md +=
            "| kind | N | ns / property / frame | allocations / frame | bytes / property | finishing frame ÷ steady |\n"
        md += "| --- | ---: | ---: | ---: | ---: | ---: |\n"
        for r in engine {
            md += "| \(r.kind) | \(r.count) | \(format(r.nanosecondsPerPropertyFrame.median)) "
            md += "(\(format(r.nanosecondsPerPropertyFrame.p25))–\(format(r.nanosecondsPerPropertyFrame.p75))) "
            md +=
                "| \(format(r.allocationsPerFrame, 2)) | \(format(r.bytesPerProperty, 0)) | \(format(r.finishingToSteadyRatio, 2)) |\n"
        }
        if let floor {
            md += "\nThe floor, the arithmetic alone: one spring sample per frame, then `base + (target − base)·a` per "
            md += "value over arrays (vectorised), no engine, no apply closure: "
            md +=
                floor.map { "\(format($0.nanosecondsPerValue, 2)) ns at N = \($0.count)" }.joined(separator: ", ")
                + ".\n"
        }
        if let applyCallFloor {
            md += "\nThe apply calls alone: N closures (each capturing its index and writing what the benchmark's "
            md += "closures of that kind write; \"Double target\": an `AnimationTarget` each, called as a batch "
            md += "calls it, through its vtable without reference counting) called from an array once per frame, "
            md += "nothing else: "
            md +=
                applyCallFloor.map {
                    "\(format($0.nanosecondsPerCall, 2)) ns per call at N = \($0.count), \($0.value ?? "Double"), "
                        + "\($0.heap) heap\($0.cold == true ? ", cold caches" : "")"
                }.joined(separator: "; ") + ".\n"
        }
        md += "\n## 2. Side by side with libadwaita (one GTK process, same widget and frame clock, Xvfb)\n\n"
        md +=
            "Spring: duration 0.5 s, bounce 0.3 (m = 1, k = 157.91, c = 17.59), 0 → 1000. CPU is the thread time of each "
        md +=
            "frame's update phase (all tick callbacks), median over the animation's steady frames. Per value: the update "
        md +=
            "phase minus the floor of a frame whose only tick callback does nothing, divided by N; the ratio is per value. "
        md +=
            "Each N is measured in interleaved rounds (floor, libadwaita, Unison, Unison with targets), 7 up to N = 1 000 and 3 above; per-value figures are their medians. "
            + "Bracketed: the thread CPU from a tick callback that GTK runs just before the side's callbacks to one it runs "
            + "just after them, in the same frame (median over the run), minus the same bracket around the floor's no-op "
            + "callback, divided by N: the floor's frame-to-frame jitter does not enter it.\n\n"
        md +=
            "| N | libadwaita ms / frame | Unison ms / frame | ratio per value | libadwaita ns / value | Unison ns / value "
        md += "| fps (libadwaita / Unison) | finishing ÷ steady (libadwaita / Unison) "
        md += "| bracketed ns / value (libadwaita / Unison) | bracketed ratio |\n"
        md += "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for r in gtk {
            md += "| \(r.count) | \(format(r.adwaita.cpuPerFrameMilliseconds.median, 3)) | "
            md += "\(format(r.unison.cpuPerFrameMilliseconds.median, 3)) | \(format(r.cpuRatio))× | "
            md += "\(format(r.adwaita.nanosecondsPerValue)) | \(format(r.unison.nanosecondsPerValue)) | "
            md += "\(format(r.adwaita.framesPerSecond)) / \(format(r.unison.framesPerSecond)) | "
            md += "\(format(r.adwaita.finishingToSteadyRatio, 2)) / \(format(r.unison.finishingToSteadyRatio, 2)) | "
            md +=
                "\(format(r.adwaita.bracketNanosecondsPerValue ?? .nan)) / \(format(r.unison.bracketNanosecondsPerValue ?? .nan)) | "
            md += "\(format(r.bracketRatio ?? .nan))× |\n"
        }
        let withTargets = gtk.compactMap { r in r.unisonTargets.map { (r, $0) } }
        if !withTargets.isEmpty {
            md +=
                "\nUnison again in the same rounds, each property writing through an `AnimationTarget` (the object "
                + "form of `apply`, called without reference counting; libadwaita's callback target is an object too):\n\n"
            md +=
                "| N | Unison with targets ms / frame | ns / value | ratio per value | bracketed ns / value | bracketed ratio |\n"
            md += "| ---: | ---: | ---: | ---: | ---: | ---: |\n"
            for (r, t) in withTargets {
                md +=
                    "| \(r.count) | \(format(t.cpuPerFrameMilliseconds.median, 3)) | \(format(t.nanosecondsPerValue)) | "
                md += "\(format(r.targetsRatio ?? .nan))× | \(format(t.bracketNanosecondsPerValue ?? .nan)) | "
                md += "\(format(r.targetsBracketRatio ?? .nan))× |\n"
            }
        }
        let alone = gtk.compactMap { r in r.closuresAlone.map { (r, $0, r.targetsAlone) } }
        if !alone.isEmpty {
            md +=
                "\nThe floor under Unison's sides, in the same rounds: one tick callback calling the same closures (then "
                + "targets) the properties hold, where they are in the heap, once a frame, and nothing else. libadwaita ÷ "
                + "this is the most any engine calling them could reach:\n\n"
            md += "| N | closures alone ns / value | libadwaita ÷ that | targets alone ns / value | libadwaita ÷ that "
            md += "| targets with a batch's three arrays ns / value | libadwaita ÷ that |\n"
            md += "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            for (r, c, t) in alone {
                md += "| \(r.count) | \(format(c.nanosecondsPerValue)) | "
                md += "\(format(r.adwaita.nanosecondsPerValue / c.nanosecondsPerValue))× | "
                md += "\(format(t?.nanosecondsPerValue ?? .nan)) | "
                md += "\(format(r.adwaita.nanosecondsPerValue / (t?.nanosecondsPerValue ?? .nan)))× | "
                let arrays = r.targetsWithArraysAlone?.nanosecondsPerValue ?? .nan
                md += "\(format(arrays)) | \(format(r.adwaita.nanosecondsPerValue / arrays))× |\n"
            }
        }
        if let t = trajectory {
            md +=
                "\nSame spring with initial velocity \(format(t.initialVelocity, 0)) on both sides, compared at the same "
            md +=
                "\(t.samples) frame times: largest difference \(String(format: "%.3g", t.maxDifference)) (of a 1000 change).\n"
        }
        if let w = widgets { md += widgetsSection(w) }
        if let l = layout { md += layoutSection(l) }
        md += newWorkSection()
        md += "\n![cost versus N](cost-vs-n.png)\n"
        return md
    }

    /// Section 3: 1000 real widgets, the GtkFixed scene and the MotionBin scene.
    func widgetsSection(_ w: WidgetsBenchmark.Result) -> String {
        var md = "\n## 3. End to end: \(w.widgets) real widgets (opacity and translation), one window, Xvfb\n\n"
        md += "Two scenes of \(w.widgets) 14 × 14 drawing areas, `.smooth(duration: 0.6)` back and forth (opacity "
        md += "1 ↔ 0.3, translation by 8–12 × 6 px). **GtkFixed**: the areas in a `GtkFixed`, moved by the fixed's "
        md += "child transform and faded by `gtk_widget_set_opacity` (GTK relays the fixed out per frame). Unison: "
        md += "an `AnimatedWidget` per area on the window's clock. **MotionBin**: each area the child of a "
        md += "`MotionBin` put in a `GtkFixed` at the same place, moved and faded by the bin's render state "
        md += "(`unison_motion_bin_set_render`, drawn in snapshot: a redraw queued, no relayout). Unison: the bins' "
        md += "`translation` and `opacity`. libadwaita: two `AdwSpringAnimation`s per widget (same spring) whose "
        md += "callbacks call the same setters. Setters alone: the same setters from one tick callback with no "
        md += "animation engine, what GTK itself spends on what is asked of it. \(w.rounds) interleaved rounds of "
        md += "the six rows; each figure is the median of the rounds' medians (min–max of the rounds). GTK calls "
        md += "are counted at the library boundary (an interposer in the benchmark), per frame for all widgets; "
        md += "calls GTK makes inside itself are not counted (`gtk_widget_set_opacity` queues its own redraw). "
        md +=
            "Bin child allocations count the bins relaid out. Renderer: \(machine["renderer"] ?? "not recorded").\(w.loadAverage.map { " Load average when the run began: \(format($0, 2)) (\(machine["cores"] ?? "?") cores)." } ?? "")\n\n"
        md +=
            "| scene | driver | fps | update phase ms / frame | frame CPU ms | opacity / frame | fixed transform / frame "
        md +=
            "| bin render / frame | queue_draw / frame | queue_resize / frame | queue_allocate / frame | bin child allocations / frame |\n"
        md += "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        var rows = [
            ("GtkFixed", "Unison (`AnimatedWidget`)", w.unison), ("GtkFixed", "libadwaita", w.adwaita),
            ("GtkFixed", "the setters alone", w.setters),
        ]
        if let b = w.motionBin {
            rows += [
                ("MotionBin", "Unison (`MotionBin`)", b.unison), ("MotionBin", "libadwaita", b.adwaita),
                ("MotionBin", "the setter alone", b.setters),
            ]
        }
        for (scene, name, side) in rows {
            let u = side.updateMilliseconds
            func calls(_ key: String) -> String { side.gtkCallsPerFrame[key].map { format($0, 0) } ?? "–" }
            md += "| \(scene) | \(name) | \(format(side.framesPerSecond)) "
            md += "| \(format(u.median, 3)) (\(format(u.min, 3))–\(format(u.max, 3))) "
            md += "| \(format(side.frameCPUMilliseconds.median, 2)) | \(calls("opacity")) | \(calls("transform")) "
            md += "| \(calls("bin render")) | \(calls("queue draw")) | \(calls("queue resize")) "
            md += "| \(calls("queue allocate")) | \(calls("bin child allocate")) |\n"
        }
        return md
    }

    /// Section 4: layout animation against the same reorder without it.
    func layoutSection(_ l: LayoutBenchmark.Result) -> String {
        func range(_ s: Stats, _ digits: Int = 2) -> String {
            "\(format(s.median, digits)) (\(format(s.min, digits))–\(format(s.max, digits)))"
        }
        var md = "\n## 4. Layout animation: \(l.children) children of a GtkBox reversed, one window, Xvfb\n\n"
        md += "Each child a 4 × 40 drawing area. Animated: each wrapped in a `MotionBin`, reversed inside "
        md += "`animate(\(l.animation)) { … }` (one relayout; each bin drawn gliding from its old place). Plain: the "
        md += "same areas reversed with no transaction (one relayout, then the window rests). Main-thread CPU of "
        md += "every frame from the reorder until rest; \(l.rounds) interleaved rounds, each figure the median of "
        md += "the rounds with their min–max. Load average when the run began: \(format(l.loadAverage, 2)) "
        md += "(\(machine["cores"] ?? "?") cores).\n\n"
        md += "| | animated (MotionBin, FLIP) | plain, no transaction | MotionBin, no transaction |\n"
        md += "| --- | ---: | ---: | ---: |\n"
        let sides = [l.animated, l.plain, l.binsUnanimated]
        func row(_ name: String, _ value: (LayoutBenchmark.Side) -> String) {
            md += "| \(name) | " + sides.map(value).joined(separator: " | ") + " |\n"
        }
        row("frames painted") { range($0.frames, 0) }
        row("frame CPU, ms (median frame)") { range($0.frameCPUMilliseconds) }
        row("largest frame, ms") { range($0.peakFrameCPUMilliseconds) }
        row("update phase, ms (median frame)") { range($0.updateCPUMilliseconds, 3) }
        row("reorder call, ms") { range($0.reorderCallMilliseconds) }
        row("whole reorder, ms CPU") { range($0.totalCPUMilliseconds, 1) }
        row("fps while gliding") { $0.framesPerSecond.median.isNaN ? "–" : range($0.framesPerSecond, 1) }
        md += "\nPer gliding `MotionBin` per frame, transforms only (its spring, its transform handed to the C "
        md +=
            "widget, a queued redraw: the update phase of the steady frames minus the \(format(l.floorMilliseconds.median, 3)) ms "
        md += "of a frame whose only tick callback does nothing, ÷ \(l.children)): "
        md += "\(range(l.nanosecondsPerAnimatedWidget, 0)) ns.\n"
        return md
    }

    /// Log-log plot of nanoseconds per animated value per frame against N.
    /// Section 5: what this turn's new kinds of motion cost per value per frame.
    func newWorkSection() -> String {
        guard transitions != nil || keyframes != nil || layout != nil else { return "" }
        var md = "\n## 5. Cost per value per frame of transitions, layout animation, keyframes and decay\n\n"
        md +=
            "Headless kinds: N values on one `HeadlessClock`, median of 24 steady frames per round ÷ N, median of the "
        md += "rounds (min–max). GTK kinds: update phase of the steady frames minus the floor of a frame whose only "
        md += "tick callback does nothing, ÷ the number of animated widgets (Xvfb).\n\n"
        md += "| kind | N | ns / value / frame | min–max |\n| --- | ---: | ---: | ---: |\n"
        if let spring = engine.first(where: { $0.kind == "Double spring" && $0.count == 1000 }) {
            let s = spring.nanosecondsPerPropertyFrame
            md += "| `Double` spring (reference) | 1000 | \(format(s.median)) | \(format(s.min))–\(format(s.max)) |\n"
        }
        for r in keyframes ?? [] where r.kind != "Double spring" {
            md += "| \(r.kind) | \(r.count) | \(format(r.median)) | \(format(r.min))–\(format(r.max)) |\n"
        }
        if let t = transitions {
            let s = t.nanosecondsPerTransitioningBin
            md +=
                "| transition (`MotionBin`, `.scale` + `.opacity`, out and in) | \(t.children) | \(format(s.median, 0)) "
            md += "| \(format(s.min, 0))–\(format(s.max, 0)) |\n"
            if let c = t.nanosecondsPerCountingLabel {
                md += "| content transition (`ContentLabel`, `.numericText()`, counting up) | \(t.labels) "
                md += "| \(format(c.median, 0)) | \(format(c.min, 0))–\(format(c.max, 0)) |\n"
            }
        }
        if let l = layout {
            let s = l.nanosecondsPerAnimatedWidget
            md += "| layout animation (gliding `MotionBin`, FLIP) | \(l.children) | \(format(s.median, 0)) "
            md += "| \(format(s.min, 0))–\(format(s.max, 0)) |\n"
        }
        return md
    }

    func plot(to path: String) {
        let (width, height) = (900.0, 460.0)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let left = 70.0, right = 330.0, top = 30.0, bottom = 50.0
        let (xMin, xMax, yMin, yMax) = (log10(50.0), log10(200_000.0), log10(0.1), log10(2000.0))
        func x(_ n: Double) -> Double { left + (log10(n) - xMin) / (xMax - xMin) * (width - left - right) }
        func y(_ v: Double) -> Double { height - bottom - (log10(v) - yMin) / (yMax - yMin) * (height - top - bottom) }
        cairo_set_line_width(cr, 1)
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
        for decade in [0.1, 1, 10.0, 100, 1000] {
            cairo_move_to(cr, left, y(decade))
            cairo_line_to(cr, width - right, y(decade))
        }
        for n in [100.0, 1000, 10000, 100_000] {
            cairo_move_to(cr, x(n), top)
            cairo_line_to(cr, x(n), height - bottom)
        }
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 12)
        for decade in [0.1, 1, 10.0, 100, 1000] {
            cairo_move_to(cr, 20, y(decade) + 4)
            cairo_show_text(cr, decade < 1 ? "\(decade) ns" : "\(Int(decade)) ns")
        }
        for n in [100.0, 1000, 10000, 100_000] {
            cairo_move_to(cr, x(n) - 14, height - bottom + 18)
            cairo_show_text(cr, n >= 1000 ? "\(Int(n / 1000))k" : "\(Int(n))")
        }
        cairo_move_to(cr, left, height - 10)
        cairo_show_text(cr, "N animated values (log)          ns per value per frame (log), median")
        var series: [(String, (Double, Double, Double), [(Double, Double)])] = [
            ("libadwaita (GTK)", (0.85, 0.25, 0.2), gtk.map { (Double($0.count), $0.adwaita.nanosecondsPerValue) }),
            ("Unison (GTK)", (0.15, 0.45, 0.85), gtk.map { (Double($0.count), $0.unison.nanosecondsPerValue) }),
        ]
        let targets = gtk.compactMap { r in r.unisonTargets.map { (Double(r.count), $0.nanosecondsPerValue) } }
        if !targets.isEmpty { series.append(("Unison, AnimationTarget (GTK)", (0.65, 0.2, 0.65), targets)) }
        if let floor {
            series.append(
                ("floor: arithmetic only", (0.55, 0.55, 0.55), floor.map { (Double($0.count), $0.nanosecondsPerValue) })
            )
        }
        for kind in EngineBenchmark.kinds + ["Double spring, cold caches"] {
            let points = engine.filter { $0.kind == kind }.map {
                (Double($0.count), $0.nanosecondsPerPropertyFrame.median)
            }
            // One colour per kind (a kind and its targets twin share it; targets are dashed).
            let palette: [(Double, Double, Double)] = [
                (0.1, 0.55, 0.3), (0.1, 0.55, 0.3), (0.55, 0.45, 0.1), (0.1, 0.55, 0.6), (0.1, 0.55, 0.6),
                (0.45, 0.35, 0.7), (0.35, 0.35, 0.35),
            ]
            let engineIndex = series.count(where: { $0.0.hasPrefix("engine:") })
            series.append(("engine: \(kind)", palette[engineIndex % palette.count], points))
        }
        for (index, (name, colour, points)) in series.enumerated() where !points.isEmpty {
            cairo_set_source_rgb(cr, colour.0, colour.1, colour.2)
            cairo_set_line_width(cr, 2)
            if name.contains("arget") { cairo_set_dash(cr, [6, 4], 2, 0) } else { cairo_set_dash(cr, nil, 0, 0) }
            for (i, p) in points.enumerated() {
                let px = x(p.0), py = y(max(p.1, 0.101))
                if i == 0 { cairo_move_to(cr, px, py) } else { cairo_line_to(cr, px, py) }
            }
            cairo_stroke(cr)
            for p in points {
                cairo_arc(cr, x(p.0), y(max(p.1, 0.101)), 3, 0, 2 * .pi)
                cairo_fill(cr)
            }
            cairo_move_to(cr, width - right + 12, top + 16 + 18 * Double(index))
            cairo_show_text(cr, name)
        }
        cairo_surface_write_to_png(surface, path)
    }
}
