import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Real pointer input for a test window: xdotool sends X events to it under Xvfb, and GTK's
/// gesture controllers receive them like any other input.
@MainActor
struct RealPointer {
    let id: String
    /// Where the target's origin is in the X window's coordinates (GTK's client-side shadow,
    /// and where the target sits in the window).
    let origin: CGPoint

    init(_ window: TestWindow, title: String) throws {
        try self.init(window: window.window, target: window.fixed, title: title)
    }

    /// Pointer input for `window`, in the coordinates of `target` (a widget inside it).
    init(window: UnsafeMutablePointer<GtkWidget>, target: UnsafeMutablePointer<GtkWidget>, title: String) throws {
        gtk_window_set_title(unison_example_window(window), title)
        let search = try startXdotool(["search", "--sync", "--name", title])
        GtkRuntime.iterate(timeout: 5) { !search.isRunning }
        let output = (search.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        id = try #require(String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init))
        var sx = 0.0
        var sy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &sx, &sy)
        var fx = 0.0
        var fy = 0.0
        _ = gtk_widget_translate_coordinates(target, window, 0, 0, &fx, &fy)
        origin = CGPoint(x: sx + fx, y: sy + fy)
    }

    /// xdotool commands for pressing at `point` (in the fixed's coordinates).
    func move(to point: CGPoint) -> [String] {
        ["mousemove", "--window", id, String(Int(point.x + origin.x)), String(Int(point.y + origin.y))]
    }

    /// Runs `commands` and the GTK loop until xdotool has finished and `condition` holds.
    @discardableResult
    func run(_ commands: [String], timeout: TimeInterval = 5, until condition: () -> Bool = { true }) throws -> Bool {
        let process = try startXdotool(commands)
        return GtkRuntime.iterate(timeout: timeout) { !process.isRunning && condition() }
    }
}

/// Seconds on the monotonic clock (to measure how late a callback runs in real time).
@MainActor
func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

extension GtkAdapterTests {
    typealias Taps = ExclusiveRecognizer<TapRecognizer, TapRecognizer>

    @Test("real clicks: a single click is reported once the double-tap interval has passed, a double click at once")
    func realTaps() throws {
        let window = try TestWindow(width: 300, height: 200)
        defer { window.close() }
        let pointer = try RealPointer(window, title: "unison-taps-test")
        let taps = WidgetGesture(on: window.fixed, TapRecognizer(count: 2).exclusively(before: TapRecognizer()))
        var reports: [(value: Taps.Value, time: Double, wall: Double)] = []
        taps.onEnded = { reports.append(($0, taps.handler.time, monotonicSeconds())) }
        taps.onChanged = { _ in Issue.record("a tap reports nothing before it ends") }
        // Every release, seen by a plain tap on the same widget (its own GtkGestureClick).
        let releases = WidgetGesture(on: window.fixed, TapRecognizer())
        var released: [(time: Double, wall: Double)] = []
        releases.onEnded = { _ in released.append((releases.handler.time, monotonicSeconds())) }

        try pointer.run(pointer.move(to: CGPoint(x: 100, y: 80)) + ["click", "1"]) { reports.count == 1 }
        let single = try #require(reports.first)
        guard case .second(let tap) = single.value else { Issue.record("\(single.value)"); return }
        #expect(tap.location == CGPoint(x: 100, y: 80))  // whole pixels: xdotool moves to integers
        let release = try #require(released.first)
        // The single tap is reported at the release + the 0.4 s double-tap interval, on the events'
        // time base, exactly (the deadline is sent at its own time); in real time, a GLib timeout
        // later: at least the interval, plus up to a frame or two of loop latency.
        #expect(single.time == release.time + 0.4)
        let lateness = single.wall - release.wall
        #expect(lateness >= 0.39 && lateness < 0.5, "single tap reported \(lateness) s after the release")

        // A double click (100 ms between clicks): reported at the second release, as the double tap.
        try pointer.run(["click", "--repeat", "2", "--delay", "100", "1"]) { reports.count == 2 }
        guard case .first(let double) = reports[1].value else { Issue.record("\(reports[1].value)"); return }
        #expect(double.location == CGPoint(x: 100, y: 80))
        #expect(released.count == 3 && reports[1].time == released[2].time)
        GtkRuntime.iterate(timeout: 0.6)  // past the interval: no single tap follows
        #expect(reports.count == 2)
        print(
            "real taps: single tap reported \(Int((lateness * 1000).rounded())) ms after its release "
                + "(interval 400 ms); double click reported at its second release")
    }

    @Test(
        "a real long press ends at its minimum duration with the button down; released early, or drifting past 10 px, it fails"
    )
    func realLongPress() throws {
        let window = try TestWindow(width: 300, height: 200)
        defer { window.close() }
        let pointer = try RealPointer(window, title: "unison-long-press-test")
        // A long press alone runs on a GtkGestureLongPress.
        let press = WidgetGesture(on: window.fixed, LongPressRecognizer(minimumDuration: 0.5))
        var log: [String] = []
        var endedAt = 0.0
        press.onChanged = { _ in log.append("pressing") }
        press.onEnded = { _ in
            log.append("pressed")
            endedAt = press.handler.time
        }
        press.onCancelled = { log.append("cancelled") }
        // Press and release times, seen by a drag on the same widget (its own GtkGestureDrag).
        let observer = WidgetGesture(on: window.fixed, DragRecognizer(minimumDistance: 0))
        var times: [Double] = []
        observer.onChanged = { _ in if times.isEmpty { times.append(observer.handler.time) } }
        observer.onEnded = { _ in times.append(observer.handler.time) }
        func hold(_ commands: [String]) throws {
            log = []
            times = []
            try pointer.run(
                pointer.move(to: CGPoint(x: 60, y: 60)) + ["mousedown", "1"] + commands + ["mouseup", "1"]
            ) {
                times.count == 2
            }
        }

        try hold(["sleep", "0.7"])
        #expect(log == ["pressing", "pressed"])
        // On the events' time base the press completes exactly 0.5 s after the press event, and
        // before the release (xdotool held the button 0.7 s).
        #expect(endedAt == times[0] + 0.5)
        #expect(times[1] - times[0] > 0.6)

        try hold(["sleep", "0.2"])
        #expect(log == ["pressing", "cancelled"])

        // Drifting 9 px is within the recognizer's 10 (GtkGestureLongPress keeps following a press
        // it has started on, past GTK's own 8-px gtk-dnd-drag-threshold); 11 px is not.
        try hold(["sleep", "0.1"] + pointer.move(to: CGPoint(x: 69, y: 60)) + ["sleep", "0.6"])
        #expect(log == ["pressing", "pressed"])
        try hold(["sleep", "0.1"] + pointer.move(to: CGPoint(x: 71, y: 60)) + ["sleep", "0.6"])
        #expect(log == ["pressing", "cancelled"])
    }

    @Test("a real long press then drag: the drag starts where the press was recognised and hands on its velocity")
    func realLongPressThenDrag() throws {
        let window = try TestWindow(width: 400, height: 200)
        defer { window.close() }
        let pointer = try RealPointer(window, title: "unison-press-drag-test")
        let card = AnimatedWidget(
            window.colouredBox(red: 0.2, green: 0.6, blue: 0.3, size: 60, at: CGPoint(x: 20, y: 70)))
        let gesture = WidgetGesture(
            on: window.fixed, LongPressRecognizer(minimumDuration: 0.5).sequenced(before: DragRecognizer()))
        var stages: [String] = []
        var released: DragRecognizer.Value?
        var translationAtRelease = CGPoint.zero
        gesture.onChanged = { value in
            switch value {
            case .first(true): stages.append("pressing")
            case .second(true, nil): stages.append("pressed")
            case .second(true, let drag?):
                if stages.last != "dragging" { stages.append("dragging") }
                animate(.interactiveSpring) { card.translation = CGPoint(x: drag.translation.x, y: 0) }
            default: Issue.record("\(value)")
            }
        }
        gesture.onEnded = { value in
            guard case .second(true, let drag?) = value else { return }
            released = drag
            translationAtRelease = card.translationProperty.presentationValue
            card.translationProperty.handOff(velocity: CGPoint(x: drag.velocity.x, y: 0).animatableData)
            animate(.spring) { card.translation = .zero }
        }
        // Press on the card, hold 0.6 s, then 15 px right every 20 ms (750 px/s), release moving.
        var commands = pointer.move(to: CGPoint(x: 50, y: 100)) + ["mousedown", "1", "sleep", "0.6"]
        for step in 1...12 {
            commands += ["sleep", "0.02"] + pointer.move(to: CGPoint(x: 50 + 15 * Double(step), y: 100))
        }
        commands += ["mouseup", "1"]
        try pointer.run(commands) { released != nil }
        #expect(stages == ["pressing", "pressed", "dragging"])
        let drag = try #require(released)
        #expect(drag.startLocation == CGPoint(x: 50, y: 100))  // where the finger was at 0.5 s
        #expect(drag.translation == CGPoint(x: 180, y: 0))
        // As the plain drag test: nominally 750 px/s, a little less for xdotool's own time per step;
        // millisecond timestamps (±1 ms per 20 ms step): ±10 %.
        #expect(abs(drag.velocity.x - 750) < 0.1 * 750, "release velocity \(drag.velocity.x)")
        var furthest = translationAtRelease.x
        GtkRuntime.iterate(timeout: 3) {
            furthest = max(furthest, card.translationProperty.presentationValue.x)
            return !card.translationProperty.isAnimating
        }
        #expect(furthest > translationAtRelease.x + 5, "no follow-through: \(translationAtRelease.x) → \(furthest)")
        #expect(card.translationProperty.presentationValue == .zero)
        print("real long press then drag: release velocity \(drag.velocity.x) px/s, follow-through to \(furthest) px")
    }
}
