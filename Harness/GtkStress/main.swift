import CUnisonGtkExamples
import CUnisonHarness
import Foundation
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// `unison-gtk-stress`: real windows and widgets animated by Unison, churned for a while, for
// memcheck (valgrind) and for the ten-minute soak. Run under Xvfb:
//
//   unison-gtk-stress [--seconds S] [--sample S] [--seed N]
//
// Every 0.2 s it opens a window (at most four at a time) with animated widgets and a MotionBin,
// retargets springs, starts repeat-forever animations, hides and shows a window mid-flight,
// changes a clock's time scale, removes widgets and destroys whole windows while they animate.
// The resident size is sampled every `--sample` seconds. At the end everything is destroyed and
// the main loop runs until every completion registered has run; it exits 1 if one ran twice or
// never, and 2 without a display. A GTK-CRITICAL aborts.

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

@MainActor
final class Stress {
    var rng: SplitMix64
    let seconds: Double
    let sampleEvery: Double
    var scenes: [Scene] = []
    let book = CompletionBook()
    var rounds = 0
    var windowsOpened = 0
    var widgetsRemoved = 0
    var samples: [(time: Double, rss: Int)] = []

    init(seconds: Double, sampleEvery: Double, seed: UInt64) {
        self.seconds = seconds
        self.sampleEvery = sampleEvery
        rng = SplitMix64(seed: seed)
    }

    func point() -> CGPoint {
        CGPoint(x: Double.random(in: 0...300, using: &rng), y: Double.random(in: 0...200, using: &rng))
    }

    func round() {
        rounds += 1
        if scenes.filter({ !$0.destroyed }).count < 4 {
            scenes.append(Scene())
            windowsOpened += 1
        }
        guard let scene = scenes.randomElement(using: &rng) else { return }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0...3:
            // A retarget storm: every widget of the window to a new place, springs of all kinds.
            let animation = [Animation.bouncy, .smooth, .snappy, .spring(duration: 0.8, bounce: 0.3)]
                .randomElement(using: &rng)!
            let done = book.completion()  // registered before it can run
            withAnimation(animation, completionCriteria: .removed) {
                for widget in scene.widgets { widget.translation = point() }
            } completion: {
                done()
            }
        case 4:
            if let widget = scene.widgets.randomElement(using: &rng) {
                let done = book.completion()  // registered before it can run
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
                let done = book.completion()  // registered before it can run
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
        samples.append((time, unison_harness_resident_bytes()))
    }

    func run() -> Int32 {
        let start = Date()
        var nextRound = 0.0
        var nextSample = 0.0
        while true {
            let elapsed = Date().timeIntervalSince(start)
            if elapsed >= seconds { break }
            if elapsed >= nextSample {
                sample(at: elapsed)
                nextSample += sampleEvery
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
        let mb = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        let values = samples.map(\.rss)
        // Least-squares slope of the resident size over time, after the first quarter (warm-up).
        let steady = samples.filter { $0.time >= seconds / 4 }
        let slope = leastSquaresSlope(steady.map { ($0.time, Double($0.rss)) })
        let twice = book.ranTwice
        let never = book.outstanding
        let registered = book.registered
        print(
            "gtk-stress: \(String(format: "%.0f", elapsed)) s, \(rounds) rounds, \(windowsOpened) windows opened, "
                + "\(widgetsRemoved) widgets removed mid-flight, \(registered) completions (\(never) never ran, "
                + "\(twice) ran twice)")
        print(
            "gtk-stress: resident size \(samples.count) samples: first \(mb(values.first ?? 0)), "
                + "min \(mb(values.min() ?? 0)), max \(mb(values.max() ?? 0)), last \(mb(values.last ?? 0)), "
                + String(format: "slope after warm-up %.1f KB/min", slope * 60 / 1024))
        print(
            "gtk-stress: samples (s, MB): "
                + samples.map { String(format: "%.0f:%.1f", $0.time, Double($0.rss) / 1_048_576) }.joined(
                    separator: " "))
        return twice == 0 && never == 0 ? 0 : 1
    }
}

var seconds = 30.0
var sampleEvery = 10.0
var seed: UInt64 = 1
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch (argument, arguments.next().flatMap(Double.init)) {
    case ("--seconds", let value?): seconds = value
    case ("--sample", let value?): sampleEvery = max(value, 0.1)
    case ("--seed", let value?): seed = UInt64(max(value, 0))
    default:
        print("usage: unison-gtk-stress [--seconds S] [--sample S] [--seed N]")
        exit(2)
    }
}
let status = MainActor.assumeIsolated { () -> Int32 in
    guard GtkRuntime.initialize() else {
        print("gtk-stress: no display (run under xvfb-run -a)")
        return 2
    }
    _ = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue))
    return Stress(seconds: seconds, sampleEvery: sampleEvery, seed: seed).run()
}
exit(status)
