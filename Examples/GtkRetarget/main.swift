import CUnisonGtkExamples
import Foundation
import Unison
@_spi(Testing) import UnisonGtk

// The retargeting example of Apple's "Unifying your app's animations" (a card sprung to a corner, retargeted mid-flight), run as written inside a real GtkApplication:
//
//     Task {
//         animate(.spring(duration: 1.0)) { card.position = .zero }
//         try await Task.sleep(for: .seconds(0.5))
//         animate(.spring) { card.position = CGPoint(x: 100, y: 400) }
//     }
//
// It measures what the main-queue bridge makes possible and prints one JSON line:
// velocity continuity at the retarget, the frame rate, the real sleep, that
// DispatchQueue.main.async ran, and the CPU used by an idle window over one second.

@MainActor
final class Retarget {
    var card: AnimatedWidget!
    var window: UnsafeMutablePointer<GtkWidget>!
    var frames: [(time: Double, x: Double, y: Double)] = []
    var result: [String: Double] = [:]

    func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
        GtkRuntime.initialize()
        window = gtk_application_window_new(app)
        let fixed = gtk_fixed_new()!
        gtk_window_set_default_size(unison_example_window(window), 520, 640)
        gtk_window_set_child(unison_example_window(window), fixed)
        let box = gtk_drawing_area_new()!
        gtk_widget_set_size_request(box, 100, 100)
        gtk_fixed_put(unison_example_fixed(fixed), box, 200, 200)
        gtk_window_present(unison_example_window(window))
        card = AnimatedWidget(box)
        DispatchQueue.main.async { self.result["dispatchMainAsyncRan"] = 1 }
        Task { @MainActor in
            // Let the window map first (an unmapped widget jumps instead of animating).
            while gtk_widget_get_mapped(box) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            self.recordFrames(of: self.window)
            try await self.run()
        }
    }

    func run() async throws {
        let began = Date().timeIntervalSinceReferenceDate
        animate(.spring(duration: 1.0)) { card.position = .zero }
        try await Task.sleep(for: .seconds(0.5))
        result["sleptSeconds"] = Date().timeIntervalSinceReferenceDate - began
        // Each velocity is read with the clock time it was read at: the reads are apart by however
        // long the machine took, which the test's bound accounts for.
        let before = card.positionProperty.velocity
        let beforeTime = card.clock.now
        let framesBefore = frames.count
        animate(.spring) { card.position = CGPoint(x: 100, y: 400) }
        let after = card.positionProperty.velocity
        result["velocityReadsApart"] = card.clock.now - beforeTime
        result["velocityBeforeX"] = Double(before.first)
        result["velocityBeforeY"] = Double(before.second)
        result["velocityAfterX"] = Double(after.first)
        result["velocityAfterY"] = Double(after.second)
        while card.positionProperty.isAnimating { try await Task.sleep(for: .milliseconds(20)) }
        // Finite-difference velocities of the last frame pair before and the first pair after.
        if framesBefore >= 2, frames.count > framesBefore + 1 {
            let (a, b) = (frames[framesBefore - 2], frames[framesBefore - 1])
            let (c, d) = (frames[framesBefore], frames[framesBefore + 1])
            result["frameVelocityBeforeY"] = (b.y - a.y) / (b.time - a.time)
            result["frameVelocityAfterY"] = (d.y - c.y) / (d.time - c.time)
            result["frameInterval"] = d.time - c.time
        }
        let animated = frames.filter { $0.time > 0 }
        if let first = animated.first, let last = animated.last, last.time > first.time {
            result["fps"] = Double(animated.count - 1) / (last.time - first.time)
        }
        result["finalX"] = Double(card.position.x)
        result["finalY"] = Double(card.position.y)
        result["presentedY"] = Double(card.positionProperty.presentationValue.y)
        // Idle: nothing animates; the bridge must not poll.
        try await Task.sleep(for: .milliseconds(200))
        let cpuBefore = cpuSeconds()
        let wallBefore = Date().timeIntervalSinceReferenceDate
        try await Task.sleep(for: .seconds(1))
        result["idleCPUPercent"] =
            100 * (cpuSeconds() - cpuBefore) / (Date().timeIntervalSinceReferenceDate - wallBefore)
        result["tickingWhenIdle"] = card.clock.isTicking ? 1 : 0
        let json = result.keys.sorted().map { "\"\($0)\": \(result[$0]!)" }.joined(separator: ", ")
        print("RESULT {\(json)}")
        fflush(nil)
        g_application_quit(unison_example_gapplication(g_application_get_default()))
    }

    func recordFrames(of widget: UnsafeMutablePointer<GtkWidget>) {
        let clock = gtk_widget_get_frame_clock(widget)!
        GtkSignals.connect(clock, "after-paint") { [unowned self] in
            let t = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            let p = self.card.positionProperty.presentationValue
            self.frames.append((t, Double(p.x), Double(p.y)))
        }
    }

    func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

let retarget = MainActor.assumeIsolated { Retarget() }
let app = gtk_application_new("dev.unison.Retarget", G_APPLICATION_NON_UNIQUE)!
_ = MainActor.assumeIsolated {
    GtkSignals.connect(app, "activate") { retarget.activate(app) }
}
// A safety net: never hang a test run.
_ = g_timeout_add_seconds(
    20,
    { _ in
        print("RESULT {\"timedOut\": 1}")
        exit(3)
    }, nil)
exit(g_application_run(unison_example_gapplication(app), 0, nil))
