import Foundation

/// Runs a ``GestureRecognizer`` on a stream of events and reports what it recognises:
/// `onChanged` as its value changes, `onEnded` once when it ends, `onCancelled` when a gesture
/// that had reported a change stops without ending (it failed or was cancelled: put back what
/// `onChanged` moved).
///
/// Toolkit adapters (UnisonGtk's `WidgetGesture`) feed one from a widget's input; tests and
/// other hosts feed it themselves, with the events' own times:
///
/// ```swift
/// let handler = GestureHandler(DragRecognizer())
/// handler.onChanged = { value in animate(.interactiveSpring) { offset.value = value.translation.x } }
/// handler.onEnded = { value in
///     offset.handOff(velocity: value.velocity.x)   // the finger's speed goes to the spring
///     animate(.spring) { offset.value = 0 }
/// }
/// handler.handle(.down(CGPoint(x: 0, y: 0), at: 0))
/// ```
///
/// Before each event it sends the recognizer a `.time` event at every ``deadline`` the event
/// passed (a long press completing, a double tap's wait running out), so a host that cannot
/// set timers still gets them in order; a host that can sends `.time` at ``deadline`` itself.
/// A finished gesture starts over at the next press or pinch.
@MainActor
public final class GestureHandler<Recognizer: GestureRecognizer> {
    /// The recognizer, as the events left it.
    public private(set) var recognizer: Recognizer
    /// Called when the value changes while the gesture goes on.
    public var onChanged: (@MainActor (Recognizer.Value) -> Void)?
    /// Called once when the gesture ends, with its final value.
    public var onEnded: (@MainActor (Recognizer.Value) -> Void)?
    /// Called when a gesture that reported a change fails or is cancelled instead of ending.
    public var onCancelled: (@MainActor () -> Void)?
    /// The latest event time seen (seconds); -∞ before the first event.
    public private(set) var time = -Double.infinity

    private var hasReported = false

    /// A handler feeding `recognizer`; set ``onChanged``, ``onEnded`` and ``onCancelled`` to hear from it.
    public init(_ recognizer: Recognizer) {
        self.recognizer = recognizer
    }

    /// Where recognition stands.
    public var phase: GesturePhase { recognizer.phase }
    /// The recognizer's latest value.
    public var value: Recognizer.Value? { recognizer.value }
    /// When the recognizer next changes without input: send ``handle(_:)`` a `.time` event then.
    public var deadline: TimeInterval? { recognizer.deadline }

    /// Feeds one event. An event timed before the latest one seen is taken as happening at the
    /// latest time (events can arrive late; time never runs backwards).
    public func handle(_ event: GestureEvent) {
        var event = event
        if !(event.time >= time) { event.time = time.isFinite ? time : 0 }
        // First what happened, with no input, by the time of this event. (Each deadline moves
        // on or goes away once it is sent; the bound guards against a recognizer that would not.)
        var passed = 0
        while let deadline = recognizer.deadline, deadline <= event.time, passed < 16 {
            deliver(.time(max(deadline, time)))
            passed += 1
        }
        if recognizer.phase.isFinished, event.begins {
            recognizer.reset()
            hasReported = false
        }
        deliver(event)
    }

    /// Cancels the gesture in progress: no `onEnded` follows; `onCancelled` runs if it had
    /// reported a change. The input is ignored until the next press or pinch.
    public func cancel() {
        let before = recognizer.phase
        recognizer.cancel()
        report(from: before, changed: false)
    }

    private func deliver(_ event: GestureEvent) {
        time = event.time
        let before = recognizer.phase
        let changed = recognizer.handle(event)
        report(from: before, changed: changed)
    }

    private func report(from before: GesturePhase, changed: Bool) {
        let after = recognizer.phase
        if after == .ended, before != .ended {
            hasReported = false
            if let value = recognizer.value { onEnded?(value) }
        } else if after.isUnsuccessful, !before.isUnsuccessful {
            if hasReported {
                hasReported = false
                onCancelled?()
            }
        } else if changed, !after.isFinished, let value = recognizer.value {
            hasReported = true
            onChanged?(value)
        }
    }
}
