import CUnisonBench
import Foundation

// unison-bench [engine|gtk|adwaita|widgets|transitions|layout|lists|keyframes|scroll|zoom|all] [--quick] [--only KIND] [--count N]
//   engine: headless engine costs (no display needed)
//   keyframes: keyframe timelines and decay per value per frame, beside springs (headless)
//   gtk:    libadwaita side by side, trajectory comparison, 1000 real widgets, layout animation
//           (needs a display: Xvfb)
//   transitions: 200 MotionBins leaving and coming back (prints; writes nothing)
//   adwaita: libadwaita side by side only, N = 1000 and 10000 (prints; writes nothing)
//   widgets: 1000 real widgets only (a GtkFixed scene and a MotionBin scene; Unison, libadwaita and
//           the setters alone, interleaved); prints, and with --write puts its section into
//           Benchmarks/results/ (results.json, results.md), keeping the rest. --only ROWS (comma-
//           separated: unison, adwaita, setters, bin-unison, bin-adwaita, bin-setters) for profiling
//   lists:  a GtkListView of 1k/10k/100k items, 100 animated changes a second, with a ListAnimator
//           and without (prints; writes nothing)
//   scroll: 1000 MotionBins in a scrolled window scrolled at a steady speed, with a scrollTransition and
//           without (update phase and whole frame per frame; prints, writes nothing)
//   zoom:   a NavigationStack zoom push and pop beside a GtkStack cross-fade between the same two pages,
//           interleaved: main-thread CPU per frame, frames over 25 ms, fps, and one frame's render nodes
//           (prints; writes nothing; run once per GSK_RENDERER)
//   layout: layout animation only (200 MotionBins reordered with FLIP against plain widgets); writes
//           its section into Benchmarks/results/ (results.json, results.md), keeping the rest
//   all:    the headless parts (engine, floors, keyframes, cold caches, the fragmented heap), and writes
//           Benchmarks/results/ (JSON, Markdown, PNG); `make bench` then runs `gtk --write`, which
//           measures the GTK parts in a fresh process and writes their sections and the plot

let arguments = CommandLine.arguments.dropFirst()
let mode =
    arguments.first {
        !$0.hasPrefix("--") && Int($0) == nil
            && !EngineBenchmark.kinds.contains($0)
    } ?? "all"
let quick = arguments.contains("--quick")
/// `--only KIND` runs one engine kind and `--count N` one size (for profiling).
let only = arguments.firstIndex(of: "--only").map { arguments[arguments.index(after: $0)] }
let onlyCount = arguments.firstIndex(of: "--count").flatMap { Int(arguments[arguments.index(after: $0)]) }

/// Benchmarks/results/, next to this package's sources.
let resultsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("results")

/// Puts one section into the results recorded in Benchmarks/results/, keeping the rest.
func writeSection(_ name: String, _ change: (inout Report) -> Void) {
    do {
        let directory = try Report.update(in: resultsDirectory, change)
        print("wrote the \(name) section of \(directory.path)/results.json and results.md")
    } catch {
        print("unison-bench: could not write results: \(error)")
        exit(1)
    }
}

MainActor.assumeIsolated {
    var report = Report(
        date: ISO8601DateFormatter().string(from: Date()), machine: [:], engine: [], gtk: [], trajectory: nil,
        widgets: nil, layout: nil, transitions: nil, keyframes: nil, floor: nil)
    // The GTK kinds run in a process of their own (`make bench` runs `all`, then `gtk --write`):
    // measured after the engine's 100 000-property runs had churned the heap, every GTK kind cost
    // up to twice as much, and the engine measured after the GTK kinds nearly twice as much too.
    if mode == "gtk" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        adw_init()
        report.machine = Report.machine()
        // N values beside libadwaita first, in a small window at the start of the process: after the
        // 1000-widget scenes (and the GL renderer's threads they start) they cost both sides 2–3× more.
        report.gtk = AdwaitaBenchmark.run(
            counts: onlyCount.map { [$0] } ?? (quick ? [100, 1_000] : [100, 1_000, 10_000, 100_000]))
        report.trajectory = AdwaitaBenchmark.trajectory()
        report.widgets = WidgetsBenchmark.run(widgets: 1000, seconds: quick ? 1.5 : 3)
        report.layout = LayoutBenchmark.run(rounds: quick ? 3 : 5)
        report.transitions = TransitionsBenchmark.run(rounds: quick ? 2 : 3)
        if arguments.contains("--write") {
            let gtk = report
            do {
                let directory = try Report.update(in: resultsDirectory, plot: true) {
                    $0.machine = gtk.machine
                    $0.gtk = gtk.gtk
                    $0.trajectory = gtk.trajectory
                    $0.widgets = gtk.widgets
                    $0.layout = gtk.layout
                    $0.transitions = gtk.transitions
                }
                print("wrote the GTK sections of \(directory.path)/results.json and results.md, and cost-vs-n.png")
            } catch {
                print("unison-bench: could not write results: \(error)")
                exit(1)
            }
        }
    }
    var applyFloors: [ApplyCallFloor.Point] = []
    if mode == "engine" || mode == "all" {
        let counts = onlyCount.map { [$0] } ?? (quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])
        report.engine = EngineBenchmark.run(counts: counts, repetitions: quick ? 1 : 5, only: only)
        report.floor = ArithmeticFloor.run(counts: counts, repetitions: quick ? 1 : 5)
        if only == nil {
            applyFloors = [false, true].map {
                ApplyCallFloor.run(count: 10_000, repetitions: quick ? 1 : 5, fragmented: false, rect: $0)
            }
            applyFloors.append(
                ApplyCallFloor.run(count: 10_000, repetitions: quick ? 1 : 5, fragmented: false, target: true))
        }
    }
    if mode == "keyframes" || mode == "all" {
        let repetitions = quick ? 1 : 5
        let results = KeyframesBenchmark.run(
            counts: onlyCount.map { [$0] } ?? [1_000, 10_000], repetitions: repetitions)
        print(KeyframesBenchmark.markdown(results, repetitions: repetitions))
        report.keyframes = results
    }
    if mode == "transitions" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        _ = TransitionsBenchmark.run(children: onlyCount ?? 200, rounds: quick ? 2 : 3)
    }
    if mode == "adwaita" {
        // libadwaita side by side alone (per value), for A/B runs.
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        adw_init()
        _ = AdwaitaBenchmark.run(counts: onlyCount.map { [$0] } ?? [1_000, 10_000])
    }
    if mode == "widgets" {
        // The 1000-widget scene alone (Unison and libadwaita, interleaved), for A/B runs.
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        adw_init()
        let widgets = WidgetsBenchmark.run(widgets: onlyCount ?? 1000, seconds: quick ? 1.5 : 3, only: only)
        if arguments.contains("--write") { writeSection("widgets") { $0.widgets = widgets } }
    }
    if mode == "lists" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        ListsBenchmark.run(counts: onlyCount.map { [$0] } ?? [1_000, 10_000, 100_000], seconds: quick ? 2 : 10)
    }
    if mode == "scroll" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        _ = ScrollEffectsBenchmark.run(children: onlyCount ?? 1000, seconds: quick ? 1 : 3)
    }
    if mode == "zoom" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        ZoomBenchmark.run(rounds: onlyCount ?? (quick ? 3 : 8))
    }
    if mode == "layout" {
        guard gtk_init_check() != 0 else {
            print("unison-bench: no display for the GTK benchmarks (run under xvfb-run, as make bench does)")
            exit(1)
        }
        let layout = LayoutBenchmark.run(children: onlyCount ?? 200, rounds: quick ? 3 : 5)
        writeSection("layout") { $0.layout = layout }
    }
    if mode == "engine" || mode == "all", only == nil {
        // Cold caches, before the heap is fragmented: the engine, then the apply calls alone.
        let coldCounts = onlyCount.map { [$0] } ?? [1_000, 10_000]
        report.engine += EngineBenchmark.runCold(counts: coldCounts, repetitions: quick ? 1 : 5)
        for target in [false, true] {
            applyFloors += coldCounts.map {
                ApplyCallFloor.run(count: $0, repetitions: quick ? 1 : 5, fragmented: false, cold: true, target: target)
            }
        }
        report.engine += EngineBenchmark.runFragmented(repetitions: quick ? 1 : 5)
        let fragmented = [false, true].map {
            ApplyCallFloor.run(count: 10_000, repetitions: quick ? 1 : 5, fragmented: true, target: $0)
        }
        report.applyCallFloor = applyFloors + fragmented
    }
    if mode == "all" {
        report.machine = Report.machine()
        let directory = resultsDirectory
        do {
            try report.write(to: directory)
            print("wrote \(directory.path)/results.json, results.md, cost-vs-n.png")
        } catch {
            print("unison-bench: could not write results: \(error)")
            exit(1)
        }
    }
}
