import CUnisonGtkExamples
import CUnisonHarness
import Foundation
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// `unison-gtk-stress`: real windows and widgets animated by Unison, churned for a while, for
// memcheck (valgrind) and for the GTK soak. Run under Xvfb:
//
//   unison-gtk-stress [--seconds S] [--sample S] [--seed N] [--warm-up S] [--windows N]
//                     [--constant] [--trim]
//
// Every 0.2 s it opens a window (at most `--windows`, 4 by default, at a time) with animated
// widgets and a MotionBin, retargets springs, starts repeat-forever animations, hides and shows a
// window mid-flight, changes a clock's time scale, removes widgets and destroys whole windows while
// they animate. With `--constant` nothing is churned: the `--windows` windows open at the start stay
// open and shown with all their widgets, and each round retargets springs, toggles a bin, changes a
// time scale or restarts a repeat-forever pulse (stopped where it is first: a curve started over a
// running repeat-forever curve combines with it and never ends, so it would pile up in a window
// that is never destroyed).
//
// Every `--sample` seconds (10 by default) it prints the resident size (/proc/self/statm) and its
// kinds (anonymous, file, shared memory), the C heap (glibc's mallinfo2: `uordblks` in use,
// `fordblks` free but held and the number of free chunks, `arena`, `hblkhd` mmapped), and the
// sizes of Unison's process-wide tables (the engine's drivers, properties, batches, pending
// completions; the GTK adapter's MotionLayout windows and bins), and the completions still
// waiting by kind (retarget storms, pulses, bin transitions): a table that keeps growing is memory
// still referenced, which valgrind does not report. With `--trim`, `malloc_trim(0)` runs
// before each sample (the whole free pages the allocator holds go back to the system, so a
// resident size that still grows is not free heap kept). At the end it prints the ranges and least-squares
// slopes of those figures over the samples taken from `--warm-up` seconds on (a quarter of
// `--seconds` by default).
//
// At the end everything is destroyed and the main loop runs until every completion registered has
// run; it exits 1 if one ran twice or never, and 2 without a display or with a bad option. A
// GTK-CRITICAL aborts.

@MainActor
final class Scene {
    let window: UnsafeMutablePointer<GtkWidget>
    let fixed: UnsafeMutablePointer<GtkWidget>
    var widgets: [AnimatedWidget] = []
    var bins: [MotionBin] = []

    init() {
        window = gtk_window_new()
        fixed = gtk_fixed_new()
        gtk_window_set_default_size(unison_example_window(window), 360, 260)
        gtk_window_set_child(unison_example_window(window), fixed)
        gtk_window_present(unison_example_window(window))
        for index in 0..<8 {
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 24, 24)
            gtk_fixed_put(unison_example_fixed(fixed), area, Double(index * 30), 10)
            widgets.append(AnimatedWidget(area))
        }
        for index in 0..<2 {
            let bin = MotionBin(child: gtk_label_new("bin \(index)")!, transition: .scale.combined(with: .opacity))
            gtk_fixed_put(unison_example_fixed(fixed), bin.widget, Double(40 + index * 120), 120)
            bins.append(bin)
        }
    }

    /// Whether the window was destroyed (its pointers are dead; its Unison objects live on).
    private(set) var destroyed = false

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        gtk_window_destroy(unison_example_window(window))
    }
}

/// What the harness was asked to do (its command line).
struct Options {
    var seconds = 30.0
    var sampleEvery = 10.0
    var seed: UInt64 = 1
    /// Samples taken before this are left out of the ranges and slopes (nil: a quarter of `seconds`).
    var warmUp: Double?
    var windows = 4
    var constant = false
    var trim = false
}

/// One sample: the process's memory and Unison's tables.
struct Sample {
    var time: Double
    var resident: Int
    var kinds: unison_harness_resident_kinds
    var heap: unison_harness_heap_figures
    var engine: EngineCensus
    var adapter: GtkAdapterCensus
    /// The harness's own: scenes held (open windows among them), widgets held, completions waiting.
    var scenes: Int
    var openWindows: Int
    var widgets: Int
    var waiting: Int
    var waitingByKind: [Int]
    var windowsOpened: Int
}

@MainActor
final class Stress {
    var rng: SplitMix64
    let options: Options
    var seconds: Double { options.seconds }
    var scenes: [Scene] = []
    let book = CompletionBook()
    /// The same completions by kind (retarget storms, pulses, bin transitions): which ones wait.
    let kinds = [CompletionBook(), CompletionBook(), CompletionBook()]

    /// A completion registered with `book` and with the book of its kind (0 storm, 1 pulse, 2 bin)
    /// before `withAnimation` can run it.
    func completion(kind: Int) -> @MainActor () -> Void {
        let all = book.completion()
        let mine = kinds[kind].completion()
        return {
            all()
            mine()
        }
    }
    var rounds = 0
    var windowsOpened = 0
    var widgetsRemoved = 0
    var trimsThatGaveBack = 0
    var samples: [Sample] = []

    init(_ options: Options) {
        self.options = options
        rng = SplitMix64(seed: options.seed)
    }

    func point() -> CGPoint {
        CGPoint(x: Double.random(in: 0...300, using: &rng), y: Double.random(in: 0...200, using: &rng))
    }

    func round() {
        rounds += 1
        if scenes.filter({ !$0.destroyed }).count < options.windows {
            scenes.append(Scene())
            windowsOpened += 1
        }
        guard let scene = scenes.randomElement(using: &rng) else { return }
        // Without churn: retargets, pulses, bins and time scales only (no removal, hiding, destroying).
        let action =
            options.constant ? [0, 1, 2, 3, 4, 5, 8].randomElement(using: &rng)! : Int.random(in: 0..<10, using: &rng)
        switch action {
        case 0...3:
            // A retarget storm: every widget of the window to a new place, springs of all kinds.
            let animation = [Animation.bouncy, .smooth, .snappy, .spring(duration: 0.8, bounce: 0.3)]
                .randomElement(using: &rng)!
            let done = completion(kind: 0)
            withAnimation(animation, completionCriteria: .removed) {
                for widget in scene.widgets { widget.translation = point() }
            } completion: {
                done()
            }
        case 4:
            if let widget = scene.widgets.randomElement(using: &rng) {
                if options.constant {
                    // Stopped where it is, so that the new curve does not combine with the old one.
                    withTransaction(Transaction()) {
                        widget.opacity = widget.opacityProperty.presentationValue
                        widget.rotation = widget.rotationProperty.presentationValue
                    }
                }
                let done = completion(kind: 1)
                withAnimation(.easeInOut(duration: 0.4).repeatForever(), completionCriteria: .removed) {
                    widget.opacity = widget.opacity > 0.5 ? 0.2 : 1
                    widget.rotation = Double.random(in: -30...30, using: &rng)
                } completion: {
                    done()
                }
            }
        case 5:
            if let bin = scene.bins.randomElement(using: &rng) {
                let present = !bin.isPresent
                let done = completion(kind: 2)
                withAnimation(.spring(duration: 0.5), completionCriteria: .removed) {
                    bin.isPresent = present
                } completion: {
                    done()
                }
            }
        case 6 where !scene.destroyed:
            // A widget removed from its window mid-flight; its AnimatedWidget released now or later.
            if !scene.widgets.isEmpty {
                let index = Int.random(in: 0..<scene.widgets.count, using: &rng)
                if let widget = scene.widgets[index].widget {
                    gtk_fixed_remove(unison_example_fixed(scene.fixed), widget)
                }
                if Bool.random(using: &rng) { scene.widgets.remove(at: index) }
                widgetsRemoved += 1
            }
        case 7 where !scene.destroyed:
            // Hidden mid-flight and shown again.
            gtk_widget_set_visible(scene.window, 0)
            let window = scene.window
            let ref = g_object_ref(window)
            GtkRuntime.after(Double.random(in: 0...0.5, using: &rng)) {
                gtk_widget_set_visible(window, 1)
                g_object_unref(ref)
            }
        case 8:
            if let widget = scene.widgets.first {
                widget.clock.timeScale = [0.25, 1, 3].randomElement(using: &rng)!
            }
        default:
            // A whole window destroyed while everything in it animates.
            if scenes.count > 2 {
                let index = Int.random(in: 0..<scenes.count, using: &rng)
                scenes[index].destroy()
                if Bool.random(using: &rng) { scenes.remove(at: index) }  // released now, or later
            }
        }
        // A destroyed window's scene is dropped (its AnimatedWidgets released) once nothing animates.
        scenes.removeAll { $0.destroyed && $0.widgets.allSatisfy { !$0.translationProperty.isAnimating } }
    }

    func sample(at time: Double) {
        if options.trim, unison_harness_trim() != 0 { trimsThatGaveBack += 1 }
        let sample = Sample(
            time: time, resident: unison_harness_resident_bytes(), kinds: unison_harness_resident(),
            heap: unison_harness_heap(), engine: engineCensus(), adapter: gtkAdapterCensus(), scenes: scenes.count,
            openWindows: scenes.count(where: { !$0.destroyed }), widgets: scenes.reduce(0) { $0 + $1.widgets.count },
            waiting: book.outstanding, waitingByKind: kinds.map(\.outstanding), windowsOpened: windowsOpened)
        samples.append(sample)
        print(describe(sample))
        fflush(nil)  // (stdout is a file in long runs: each sample is there as soon as it is taken)
    }

    func describe(_ s: Sample) -> String {
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        let e = s.engine
        let a = s.adapter
        let memory = [
            "resident \(mb(s.resident)) (anonymous \(mb(s.kinds.anonymous)), file \(mb(s.kinds.file)), "
                + "shmem \(mb(s.kinds.shmem)))",
            "heap in use \(mb(s.heap.uordblks)), free held \(mb(s.heap.fordblks)) in \(s.heap.ordblks) chunks, "
                + "arena \(mb(s.heap.arena)), mmapped \(mb(s.heap.hblkhd))",
        ]
        let tables = [
            "engine: \(e.driverEntries) driver entries (\(e.liveDrivers) live), \(e.general) general, "
                + "\(e.batches) batches (\(e.batched) members), \(e.settling) settling, "
                + "\(e.pendingCompletions) pending, \(e.openTransactions) open",
            "layout: \(a.layoutWindows) windows, \(a.layoutBins) bins (\(a.liveLayoutBins) live), "
                + "\(a.glidingBins) gliding, \(a.awaitedClocks) awaited; \(a.sharedEnvironments) environments",
            "harness: \(s.scenes) scenes (\(s.openWindows) open), \(s.widgets) widgets, "
                + "\(s.waiting) completions waiting (storms \(s.waitingByKind[0]), pulses \(s.waitingByKind[1]), "
                + "bins \(s.waitingByKind[2])), \(s.windowsOpened) windows opened",
        ]
        return "gtk-stress: at \(String(format: "%.0f", s.time)) s: " + (memory + tables).joined(separator: "; ")
    }

    func run() -> Int32 {
        let start = Date()
        if options.constant {
            for _ in 0..<options.windows { scenes.append(Scene()) }
            windowsOpened = options.windows
        }
        var nextRound = 0.0
        var nextSample = 0.0
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= seconds { break }
            if elapsed >= nextSample {
                sample(at: elapsed)
                nextSample += options.sampleEvery
            }
            if elapsed >= nextRound {
                round()
                nextRound = elapsed + 0.2
            }
            GtkRuntime.iterate(timeout: 0.02)
        }
        sample(at: Date().timeIntervalSince(start))
        // Tear down everything mid-flight, then let every waiting completion run.
        for scene in scenes { scene.destroy() }
        scenes = []
        GtkRuntime.iterate(timeout: 5) { book.outstanding == 0 }
        return report(Date().timeIntervalSince(start))
    }

    func report(_ elapsed: Double) -> Int32 {
        let mb = { (bytes: Double) in String(format: "%.1f MB", bytes / 1_048_576) }
        let warmUp = options.warmUp ?? seconds / 4
        let steady = samples.filter { $0.time >= warmUp }
        // Range and least-squares slope (KB per minute) of one figure over the steady samples.
        func figure(_ name: String, _ value: (Sample) -> Int) -> String {
            let values = steady.map { Double(value($0)) }
            let slope = leastSquaresSlope(steady.map { ($0.time, Double(value($0))) })
            return "\(name) \(mb(values.min() ?? 0))–\(mb(values.max() ?? 0)), "
                + String(format: "%+.1f KB/min", slope * 60 / 1024)
        }
        let twice = book.ranTwice
        let never = book.outstanding
        let registered = book.registered
        var run =
            "gtk-stress: \(String(format: "%.0f", elapsed)) s, \(rounds) rounds, \(windowsOpened) windows opened, "
            + "\(widgetsRemoved) widgets removed mid-flight, \(registered) completions (\(never) never ran, "
            + "\(twice) ran twice)"
        if options.constant { run += ", \(options.windows) windows open throughout" }
        if options.trim { run += ", malloc_trim(0) before each sample (memory given back \(trimsThatGaveBack) times)" }
        print(run)
        let resident = samples.map(\.resident)
        print(
            "gtk-stress: resident size \(samples.count) samples: first \(mb(Double(resident.first ?? 0))), "
                + "min \(mb(Double(resident.min() ?? 0))), max \(mb(Double(resident.max() ?? 0))), "
                + "last \(mb(Double(resident.last ?? 0)))")
        let span = steady.isEmpty ? "none" : String(format: "%.0f–%.0f s", steady.first!.time, steady.last!.time)
        print(
            "gtk-stress: after warm-up (\(steady.count) samples, \(span)), range and slope: "
                + [
                    figure("resident", \.resident), figure("anonymous", { $0.kinds.anonymous }),
                    figure("file", { $0.kinds.file }), figure("shmem", { $0.kinds.shmem }),
                    figure("heap in use (uordblks)", { $0.heap.uordblks }),
                    figure("free held (fordblks)", { $0.heap.fordblks }),
                    figure("arena", { $0.heap.arena }), figure("mmapped (hblkhd)", { $0.heap.hblkhd }),
                ].joined(separator: "; "))
        print(
            "gtk-stress: samples (s, resident MB, in-use MB): "
                + samples.map {
                    String(
                        format: "%.0f:%.1f:%.1f", $0.time, Double($0.resident) / 1_048_576,
                        Double($0.heap.uordblks) / 1_048_576)
                }.joined(separator: " "))
        return twice == 0 && never == 0 ? 0 : 1
    }
}

var options = Options()
var arguments = CommandLine.arguments.dropFirst().makeIterator()
func usage() -> Never {
    print(
        "usage: unison-gtk-stress [--seconds S] [--sample S] [--seed N] [--warm-up S] [--windows N] [--constant] [--trim]"
    )
    exit(2)
}
while let argument = arguments.next() {
    switch argument {
    case "--constant": options.constant = true
    case "--trim": options.trim = true
    default:
        guard let value = arguments.next().flatMap(Double.init) else { usage() }
        switch argument {
        case "--seconds": options.seconds = value
        case "--sample": options.sampleEvery = max(value, 0.1)
        case "--seed": options.seed = UInt64(max(value, 0))
        case "--warm-up": options.warmUp = max(value, 0)
        case "--windows": options.windows = max(Int(value), 1)
        default: usage()
        }
    }
}
let status = MainActor.assumeIsolated { () -> Int32 in
    guard GtkRuntime.initialize() else {
        print("gtk-stress: no display (run under xvfb-run -a)")
        return 2
    }
    _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue))
    return Stress(options).run()
}
exit(status)
