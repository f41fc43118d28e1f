import Foundation

/// Two gestures recognised at the same time (SwiftUI's `SimultaneousGesture`), such as a pinch
/// and a rotation from the same two fingers. Made by
/// ``GestureRecognizer/simultaneously(with:)``.
///
/// Both see every event and recognise on their own. The value holds each one's latest value
/// (nil for one that has none yet, failed or was cancelled); it changes when either does. The
/// pair is `active` while either is, and it finishes once every gesture that started has
/// finished: `ended` if one of them ended, otherwise `cancelled` or `failed`.
public struct SimultaneousRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    /// Each gesture's latest value.
    public struct Value {
        /// The first gesture's latest value (nil if it has none, failed or was cancelled).
        public var first: First.Value?
        /// The second gesture's latest value (nil if it has none, failed or was cancelled).
        public var second: Second.Value?
        /// The pair of the two gestures' values.
        public init(first: First.Value?, second: Second.Value?) { (self.first, self.second) = (first, second) }
    }

    /// The first of the two gestures.
    public private(set) var first: First
    /// The second of the two gestures.
    public private(set) var second: Second

    /// Recognises `first` and `second` at the same time.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var phase: GesturePhase {
        let (a, b) = (first.phase, second.phase)
        if a == .idle { return b }
        if b == .idle { return a }
        if !a.isFinished || !b.isFinished {
            return a == .active || b == .active || a == .ended || b == .ended ? .active : .possible
        }
        if a == .ended || b == .ended { return .ended }
        return a == .cancelled || b == .cancelled ? .cancelled : .failed
    }

    public var value: Value? {
        let a = first.phase.isUnsuccessful ? nil : first.value
        let b = second.phase.isUnsuccessful ? nil : second.value
        return a == nil && b == nil ? nil : Value(first: a, second: b)
    }

    public var deadline: TimeInterval? {
        switch (first.deadline, second.deadline) {
        case (let a?, let b?): min(a, b)
        case (let a, let b): a ?? b
        }
    }

    public var inputs: GestureInputs { first.inputs.union(second.inputs) }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        let a = first.handle(event)
        let b = second.handle(event)
        return a || b
    }

    public mutating func cancel() {
        first.cancel()
        second.cancel()
    }

    public mutating func reset() {
        first.reset()
        second.reset()
    }
}

extension SimultaneousRecognizer.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousRecognizer.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
