import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

// The back swipe with real pointer input (xdotool under Xvfb): where the page is painted (its
// pixels in rendered frames) against where the pointer is, as GTK received it.

/// A navigation window with `detail` (blue) pushed, real pointer input in the stack's coordinates,
/// and the last pointer position GTK received.
@MainActor
private final class SwipeWindow {
    let w: NavWindow
    let page: UnsafeMutablePointer<GtkWidget>
    let pointer: RealPointer
    private(set) var lastMotion: CGPoint?
    private(set) var frames = 0

    init(
        title: String, rightToLeft: Bool = false, page makePage: ((NavWindow) -> UnsafeMutablePointer<GtkWidget>)? = nil
    )
        throws
    {
        w = try NavWindow(title: title)
        if rightToLeft { gtk_widget_set_direction(w.stack.widget, GTK_TEXT_DIR_RTL) }
        page = makePage?(w) ?? w.page("detail", blue)
        w.stack.push(page, animated: false)
        w.window.settle()
        pointer = try RealPointer(window: w.window.window, target: w.stack.widget, title: title)
        let watcher = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(watcher, GTK_PHASE_CAPTURE)
        let origin = pointer.origin
        var sx = 0.0
        var sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(w.window.window), &sx, &sy)
        GtkSignals.connectPoint(watcher, "motion") { [unowned self] x, y in
            lastMotion = CGPoint(x: x + sx - origin.x, y: y + sy - origin.y)
        }
        gtk_widget_add_controller(w.window.window, watcher)
        w.window.record { [unowned self] _ in frames += 1 }
    }

    /// Moves the pointer to `point` and waits until GTK has received it and painted twice since.
    func move(to point: CGPoint) throws {
        try pointer.run(pointer.move(to: point)) {
            guard let at = self.lastMotion else { return false }
            return abs(at.x - point.x) <= 1 && abs(at.y - point.y) <= 1
        }
        let start = frames
        // A frame is painted only when something changed: nothing to wait for otherwise.
        GtkRuntime.iterate(timeout: 1) { self.frames >= start + 2 }
    }

    func press(at point: CGPoint) throws {
        try move(to: point)
        try pointer.run(["mousedown", "1"])
    }

    /// Where the blue page is painted (pixels of a rendered frame).
    var painted: CGRect? { w.drawn(blue) }

    func close() { w.close() }
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Navigation: the back swipe with a real pointer", .serialized)
    struct NavigationBackSwipeTests {
        @Test("an edge swipe seeks the pop: the painted page follows the pointer 1:1; slow and short settles back")
        func followsPointer() throws {
            let s = try SwipeWindow(title: "unison-swipe-follow")
            defer { s.close() }
            try s.press(at: CGPoint(x: 4, y: 150))
            var samples: [(pointer: Double, painted: Double)] = []
            for x in stride(from: 30.0, through: 190, by: 20) {
                try s.move(to: CGPoint(x: x, y: 150 + x / 20))
                let painted = try #require(s.painted, "the page is not painted at \(x)")
                samples.append((x, Double(painted.minX)))
                #expect(s.w.stack.isSeeking)
            }
            // Taken once past the threshold, then moved exactly with the pointer.
            let first = try #require(samples.first)
            #expect(first.painted >= 0 && first.painted <= first.pointer - 4)
            let errors = samples.map { abs(($0.painted - first.painted) - ($0.pointer - first.pointer)) }
            let worst = errors.max() ?? 0
            #expect(worst <= 1, "painted vs pointer: \(samples)")
            #expect(s.w.events(of: "detail").last == .willDisappear)
            // Held still, then released: 160 px of 400 without speed settles back.
            s.w.window.settle(0.3)
            try s.pointer.run(["mouseup", "1"])
            #expect(GtkRuntime.iterate(timeout: 5) { !s.w.stack.isTransitioning && !s.w.stack.isSeeking })
            s.w.window.settle()
            #expect(s.w.stack.top == s.page && close(s.painted, s.w.full))
            #expect(checkVisits(s.w.events).ok)
            print(
                "back swipe: \(samples.count) steps, worst painted-vs-pointer error \(worst) px, release \(s.w.stack.lastReleaseVelocity)"
            )
        }

        @Test("a short fast edge swipe pops; a slow one past half the width pops too")
        func fastReleasePops() throws {
            let s = try SwipeWindow(title: "unison-swipe-fast")
            defer { s.close() }
            try s.press(at: CGPoint(x: 4, y: 150))
            var commands: [String] = []
            for step in 1...4 { commands += ["sleep", "0.02"] + s.pointer.move(to: CGPoint(x: 4 + 35 * step, y: 150)) }
            try s.pointer.run(commands + ["mouseup", "1"]) { !s.w.stack.isTransitioning && !s.w.stack.isSeeking }
            let velocity = s.w.stack.lastReleaseVelocity.x
            #expect(velocity > 500, "released at \(velocity) px/s")
            #expect(s.w.stack.stack == [s.w.root])
            s.w.window.settle()
            #expect(s.painted == nil && gtk_widget_get_parent(s.page) == nil)
            #expect(checkVisits(s.w.events).ok)
            print("back swipe: fast release at \(velocity) px/s popped after 140 px")

            // Slowly past half the width.
            let page = s.w.page("again", blue)
            s.w.stack.push(page, animated: false)
            s.w.window.settle()
            try s.press(at: CGPoint(x: 4, y: 150))
            for x in stride(from: 40.0, through: 280, by: 40) { try s.move(to: CGPoint(x: x, y: 150)) }
            s.w.window.settle(0.3)
            try s.pointer.run(["mouseup", "1"]) { !s.w.stack.isTransitioning && !s.w.stack.isSeeking }
            #expect(s.w.stack.stack == [s.w.root] && checkVisits(s.w.events).ok)
        }

        @Test("right to left: the page slides from the left and is swiped back from the right edge")
        func rightToLeft() throws {
            let s = try SwipeWindow(title: "unison-swipe-rtl", rightToLeft: true)
            defer { s.close() }
            try s.press(at: CGPoint(x: 396, y: 150))
            var samples: [(pointer: Double, painted: Double)] = []
            for x in stride(from: 370.0, through: 250, by: -30) {
                try s.move(to: CGPoint(x: x, y: 150))
                let painted = try #require(s.painted)
                samples.append((x, Double(painted.maxX)))
            }
            let first = try #require(samples.first)
            #expect(first.painted <= 400 && first.painted >= first.pointer + 4)
            let worst = samples.map { abs(($0.painted - first.painted) - ($0.pointer - first.pointer)) }.max() ?? 0
            #expect(worst <= 1, "\(samples)")
            #expect(try #require(s.painted).minX == 0)  // moving left, its left part is clipped
            // A fast flick left pops.
            var commands: [String] = []
            for step in 1...4 {
                commands += ["sleep", "0.02"] + s.pointer.move(to: CGPoint(x: 250 - 35 * step, y: 150))
            }
            try s.pointer.run(commands + ["mouseup", "1"]) { !s.w.stack.isTransitioning && !s.w.stack.isSeeking }
            #expect(s.w.stack.stack == [s.w.root] && checkVisits(s.w.events).ok)
            print("back swipe RTL: worst painted-vs-pointer error \(worst) px")
        }

        @Test("not a back swipe: a press inside a horizontally scrolling child, or away from the edge")
        func notABackSwipe() throws {
            // A page whose top half is a horizontally scrolling strip, the bottom half plain.
            let s = try SwipeWindow(title: "unison-swipe-not") { w in
                let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                let scroller = gtk_scrolled_window_new()!
                gtk_widget_set_size_request(scroller, 400, 150)
                let wide = colouredArea(red: 0, green: 0, blue: 1, width: 900, height: 130)
                gtk_scrolled_window_set_child(unison_example_scrolled_window(scroller), wide)
                gtk_box_append(unison_example_box(box), scroller)
                let rest = colouredArea(red: 0, green: 0, blue: 1, width: 400, height: 150)
                gtk_widget_set_vexpand(rest, 1)
                gtk_box_append(unison_example_box(box), rest)
                return box
            }
            defer { s.close() }
            let before = s.w.events.count
            // At the edge but inside the strip: the strip's.
            try s.press(at: CGPoint(x: 4, y: 75))
            for x in stride(from: 40.0, through: 200, by: 40) { try s.move(to: CGPoint(x: x, y: 75)) }
            #expect(!s.w.stack.isSeeking && s.w.events.count == before)
            try s.pointer.run(["mouseup", "1"])
            // Away from the edge.
            try s.press(at: CGPoint(x: 200, y: 250))
            for x in stride(from: 240.0, through: 360, by: 40) { try s.move(to: CGPoint(x: x, y: 250)) }
            #expect(!s.w.stack.isSeeking && s.w.events.count == before)
            try s.pointer.run(["mouseup", "1"])
            // At the edge below the strip: a back swipe (the same moves, so the two above were refused).
            try s.press(at: CGPoint(x: 4, y: 250))
            for x in stride(from: 40.0, through: 120, by: 40) { try s.move(to: CGPoint(x: x, y: 250)) }
            #expect(s.w.stack.isSeeking && s.w.events.count == before + 2)
            s.w.window.settle(0.3)
            try s.pointer.run(["mouseup", "1"]) { !s.w.stack.isTransitioning && !s.w.stack.isSeeking }
            s.w.window.settle()
            #expect(s.w.stack.top == s.page && s.w.stack.drawnFrame(of: s.page) == s.w.full)
            #expect(checkVisits(s.w.events).ok)
        }

        @Test("a disabled back swipe leaves an edge drag alone")
        func disabled() throws {
            let s = try SwipeWindow(title: "unison-swipe-off")
            defer { s.close() }
            s.w.stack.isBackSwipeEnabled = false
            let before = s.w.events.count
            try s.press(at: CGPoint(x: 4, y: 150))
            for x in stride(from: 40.0, through: 280, by: 40) { try s.move(to: CGPoint(x: x, y: 150)) }
            #expect(!s.w.stack.isSeeking && s.w.events.count == before)
            try s.pointer.run(["mouseup", "1"])
            s.w.window.settle()
            #expect(s.w.stack.top == s.page && close(s.painted, s.w.full))
        }

        @Test("a push during a swipe ends it; a window destroyed mid-swipe closes every visit")
        func interruptions() throws {
            let s = try SwipeWindow(title: "unison-swipe-push")
            try s.press(at: CGPoint(x: 4, y: 150))
            try s.move(to: CGPoint(x: 80, y: 150))
            #expect(s.w.stack.isSeeking)
            let other = s.w.page("other", green)
            #expect(s.w.stack.push(other))
            #expect(!s.w.stack.isSeeking)
            try s.move(to: CGPoint(x: 200, y: 150))
            try s.pointer.run(["mouseup", "1"]) { !s.w.stack.isTransitioning }
            #expect(s.w.stack.top == other && s.w.stack.stack.count == 3)
            #expect(checkVisits(s.w.events).ok)
            // Another swipe, and the window goes mid-way.
            try s.press(at: CGPoint(x: 4, y: 150))
            try s.move(to: CGPoint(x: 100, y: 150))
            #expect(s.w.stack.isSeeking)
            s.close()
            #expect(!s.w.stack.isSeeking)
            let up = try startXdotool(["mouseup", "1"])
            GtkRuntime.iterate(timeout: 5) { !up.isRunning }
            let (ok, states) = checkVisits(s.w.events)
            #expect(ok && states.values.allSatisfy { $0 == .appeared || $0 == .disappeared })
        }
    }
}
