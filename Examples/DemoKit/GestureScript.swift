import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Plays a gesture into a ``GestureHandler`` in real time, for the tour and for pages' buttons
/// where a visitor has no touchpad: the events a finger would send, each at its own moment,
/// through the same recognizer and handlers as real input.
@MainActor
final class GestureScript {
    private var pending = 0

    /// Whether events are still to come.
    var isRunning: Bool { pending > 0 }

    /// Sends `events` (times in seconds from now) to `handler`, each when its time comes, stamped
    /// on the monotonic clock (the handler's own time base: keep one handler for scripts).
    func play<Recognizer>(_ events: [GestureEvent], into handler: GestureHandler<Recognizer>) {
        let base = Double(g_get_monotonic_time()) / 1_000_000
        for event in events {
            pending += 1
            GtkRuntime.after(event.time) { [weak self] in
                self?.pending -= 1
                handler.handle(GestureEvent(event.input, at: base + event.time))
            }
        }
    }

    /// A pointer pressed at `start`, moved to `end` in `steps` over `duration` (after `hold`
    /// seconds still), then released: the events of a drag.
    static func drag(
        from start: CGPoint, to end: CGPoint, hold: Double = 0, duration: Double, steps: Int = 12
    ) -> [GestureEvent] {
        var events: [GestureEvent] = [.down(start, at: 0)]
        if hold > 0 { events.append(.time(hold)) }
        for step in 1...steps {
            let p = Double(step) / Double(steps)
            let point = CGPoint(x: start.x + (end.x - start.x) * p, y: start.y + (end.y - start.y) * p)
            events.append(.move(point, at: hold + duration * p))
        }
        events.append(.up(end, at: hold + duration))
        return events
    }
}
