import Foundation

/// One gesture in preference to another (SwiftUI's `ExclusiveGesture`): the first wins if it
/// is recognised; the second counts only once the first has failed. Made by
/// ``GestureRecognizer/exclusively(before:)``; a double tap before a single tap is the classic
/// use.
///
/// Both see every event until one is chosen. While the first is still possible, whatever the
/// second does is held back: a single tap that ended waits until the double tap fails (its
/// interval running out, at its ``deadline``), and is reported then. As soon as the first
/// becomes active or ends it is chosen and the second is dropped; as soon as it fails the
/// second is chosen, with whatever it has done meanwhile. A first gesture that has seen no
/// input of its kind (a pinch, for pointer input) does not hold the second back.
public struct ExclusiveRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    /// The gesture that won, with its value.
    public enum Value {
        /// The first gesture won, with its value.
        case first(First.Value)
        /// The second gesture won (the first failed), with its value.
        case second(Second.Value)
    }

    /// Which gesture was chosen, if either has been.
    public enum Choice: Hashable, Sendable {
        /// The first gesture (`first`) or the second (`second`).
        case first, second
    }

    /// The preferred gesture.
    public private(set) var first: First
    /// The gesture that counts only once the first has failed.
    public private(set) var second: Second
    /// The gesture chosen, or nil while neither has been (until one is, both see every event).
    public private(set) var choice: Choice?

    /// Prefers `first`; `second` counts only once `first` has failed.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var phase: GesturePhase {
        switch choice {
        case .first: first.phase
        case .second: second.phase
        case nil: first.phase == .idle ? second.phase : .possible
        }
    }

    public var value: Value? {
        switch choice {
        case .first: first.value.map(Value.first)
        case .second: second.value.map(Value.second)
        case nil: first.phase == .idle ? second.value.map(Value.second) : first.value.map(Value.first)
        }
    }

    public var deadline: TimeInterval? {
        switch choice {
        case .first: first.deadline
        case .second: second.deadline
        case nil:
            switch (first.deadline, second.deadline) {
            case (let a?, let b?): min(a, b)
            case (let a, let b): a ?? b
            }
        }
    }

    public var inputs: GestureInputs { first.inputs.union(second.inputs) }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        switch choice {
        case .first: return first.handle(event)
        case .second: return second.handle(event)
        case nil: break
        }
        let showedSecond = first.phase == .idle
        let a = first.handle(event)
        let b = second.handle(event)
        switch first.phase {
        case .active, .ended:
            choice = .first
            second.reset()
            return a || (showedSecond && first.value != nil)
        case .failed, .cancelled:
            // The second's result, held back until now, becomes the value.
            choice = .second
            return second.value != nil
        case .idle:
            if second.phase == .active || second.phase.isFinished { choice = .second }
            return b
        case .possible:
            return a
        }
    }

    public mutating func cancel() {
        choice = choice ?? (first.phase == .idle ? .second : .first)
        first.cancel()
        second.cancel()
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        choice = nil
    }
}

extension ExclusiveRecognizer.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveRecognizer.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
