import Foundation

/// Where a gesture recognizer stands.
///
/// A recognizer starts `idle`; its first input makes it `possible` (it may still become the
/// gesture, and some report a value meanwhile: a long press is "pressing"); once its
/// threshold is met it is `active`; it finishes `ended` (recognised), `failed` (the input did
/// not make this gesture: a tap that moved, a long press released early) or `cancelled` (the
/// system or the app took the input away).
public enum GesturePhase: Hashable, Sendable {
    /// `idle`: no input yet; `possible`: input seen, not yet recognised; `active`: recognised and
    /// changing; `ended`: recognised and finished; `failed`: the input was not this gesture;
    /// `cancelled`: the system or the app took the input away.
    case idle, possible, active, ended, failed, cancelled

    /// Ended, failed or cancelled: nothing more happens until ``GestureRecognizer/reset()``.
    public var isFinished: Bool {
        switch self {
        case .ended, .failed, .cancelled: true
        case .idle, .possible, .active: false
        }
    }

    /// Failed or cancelled.
    public var isUnsuccessful: Bool { self == .failed || self == .cancelled }
}

/// A toolkit-neutral gesture recognizer: a value type fed ``GestureEvent``s in time order, whose
/// ``phase`` and ``value`` say what the input means. SwiftUI's gestures (tap, long press, drag,
/// magnify, rotate) and their compositions (``simultaneously(with:)``,
/// ``sequenced(before:)``, ``exclusively(before:)``) are recognizers; ``GestureHandler`` feeds
/// one and calls `onChanged` / `onEnded`, and toolkit adapters (UnisonGtk's `WidgetGesture`)
/// feed it a widget's events.
///
/// Recognizers never read a clock: time comes from the events, and a recognizer that waits
/// (a long press, a tap waiting for a second tap) names the moment in ``deadline``, where
/// its host sends it a `.time` event.
///
/// ```swift
/// var press = LongPressRecognizer(minimumDuration: 0.5)
/// _ = press.handle(.down(CGPoint(x: 5, y: 5), at: 10))   // possible, value true
/// _ = press.handle(.time(10.5))                         // ended
/// ```
public protocol GestureRecognizer {
    /// What the gesture reports (a drag's translation and velocity, a pinch's magnification...).
    associatedtype Value

    /// Where recognition stands.
    var phase: GesturePhase { get }
    /// The latest value: nil until the gesture has one (a tap has one only when it ends).
    var value: Value? { get }
    /// The time at which the recognizer changes with no further input (a long press
    /// completing, a tap's wait for the next tap running out), or nil. Its host sends a
    /// `.time` event at this time unless another event comes first.
    var deadline: TimeInterval? { get }
    /// The recognizers this one is made of, by kind (for adapters choosing input sources).
    var inputs: GestureInputs { get }

    /// Feeds one event. Events come in time order (``GestureHandler`` makes them so, treating
    /// a late one as happening at the latest time seen). Returns whether ``value`` changed:
    /// the host reports a change.
    mutating func handle(_ event: GestureEvent) -> Bool
    /// Cancels the gesture in progress (the app or the system took the input away): an idle
    /// or finished recognizer does not change.
    mutating func cancel()
    /// Forgets everything: back to `idle`, ready for the next gesture.
    mutating func reset()
}

extension GestureRecognizer {
    /// Both gestures at once (SwiftUI's `simultaneously(with:)`): each recognises on its own;
    /// the value holds each one's latest value. Ends once every gesture that started has
    /// finished and at least one ended.
    ///
    /// ```swift
    /// let pinchAndTurn = MagnifyRecognizer().simultaneously(with: RotateRecognizer())
    /// ```
    public func simultaneously<Other: GestureRecognizer>(with other: Other) -> SimultaneousRecognizer<Self, Other> {
        SimultaneousRecognizer(self, other)
    }

    /// This gesture, then `next` (SwiftUI's `sequenced(before:)`): `next` sees input only once
    /// this one has ended, starting from where the pointer is then. A long press then a drag:
    ///
    /// ```swift
    /// let pressThenDrag = LongPressRecognizer().sequenced(before: DragRecognizer())
    /// ```
    public func sequenced<Other: GestureRecognizer>(before next: Other) -> SequenceRecognizer<Self, Other> {
        SequenceRecognizer(self, next)
    }

    /// This gesture in preference to `other` (SwiftUI's `exclusively(before:)`): `other` is
    /// recognised only if this one fails, and its result waits until this one has failed. A
    /// double tap before a single tap (the single tap is reported once the double tap's
    /// interval has run out):
    ///
    /// ```swift
    /// let taps = TapRecognizer(count: 2).exclusively(before: TapRecognizer())
    /// ```
    public func exclusively<Other: GestureRecognizer>(before other: Other) -> ExclusiveRecognizer<Self, Other> {
        ExclusiveRecognizer(self, other)
    }
}

/// Distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    Double(hypot(a.x - b.x, a.y - b.y))
}
