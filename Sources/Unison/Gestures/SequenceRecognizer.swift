import Foundation

/// One gesture, then another (SwiftUI's `SequenceGesture`): the second sees input only once the
/// first has ended. Made by ``GestureRecognizer/sequenced(before:)``; a long press then a drag
/// is the classic use.
///
/// The value is `.first(a)` while the first gesture goes on, then `.second(a, nil)` once it
/// has ended, then `.second(a, b)` as the second reports. When the first ends with the
/// pointer (or a pinch) still down, the second starts right there: it is handed a `began` at
/// the current location and time, so a drag after a long press measures its translation
/// from where the finger was when the press was recognised. The sequence fails if the first
/// fails, and ends when the second finishes: with `.second(a, b)`, or `.second(a, nil)` if
/// the second did not happen (the finger lifted without dragging).
public struct SequenceRecognizer<First: GestureRecognizer, Second: GestureRecognizer>: GestureRecognizer {
    /// Which gesture the sequence is in, with the values so far.
    public enum Value {
        /// The first gesture is going on, with its value.
        case first(First.Value)
        /// The first gesture has ended with its final value; the second's value, nil until it reports one.
        case second(First.Value, Second.Value?)
    }

    /// The gesture recognised first.
    public private(set) var first: First
    /// The gesture that sees input once the first has ended.
    public private(set) var second: Second
    /// Whether the first gesture has ended and events go to the second.
    public private(set) var isInSecond = false

    // The inputs as they are now, so the second gesture can be started from them.
    private var pointer: CGPoint?
    private var magnification: (scale: Double, center: CGPoint)?
    private var rotation: (degrees: Double, center: CGPoint)?

    /// A sequence of `first`, then `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var phase: GesturePhase {
        guard isInSecond else { return first.phase }
        switch second.phase {
        case .idle, .possible, .active: return .active
        case .ended, .failed: return .ended
        case .cancelled: return .cancelled
        }
    }

    public var value: Value? {
        guard let a = first.value else { return nil }
        guard isInSecond else { return .first(a) }
        return .second(a, second.phase.isUnsuccessful ? nil : second.value)
    }

    public var deadline: TimeInterval? { isInSecond ? second.deadline : first.deadline }

    public var inputs: GestureInputs { first.inputs.union(second.inputs) }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        track(event)
        if isInSecond { return second.handle(event) }
        let changed = first.handle(event)
        guard first.phase == .ended else { return changed }
        isInSecond = true
        // Hand what is still down to the second gesture, as if it had just begun there.
        if let pointer {
            _ = second.handle(GestureEvent(.pointer(.began, location: pointer), at: event.time))
        }
        if let (scale, center) = magnification {
            _ = second.handle(GestureEvent(.magnification(.began, scale: scale, center: center), at: event.time))
        }
        if let (degrees, center) = rotation {
            _ = second.handle(GestureEvent(.rotation(.began, degrees: degrees, center: center), at: event.time))
        }
        return true  // the value became `.second(a, …)`
    }

    /// Keeps the state of each input, whichever gesture sees it.
    private mutating func track(_ event: GestureEvent) {
        switch event.input {
        case .pointer(let phase, let location):
            pointer = phase == .began || phase == .changed ? location : nil
        case .magnification(let phase, let scale, let center):
            magnification = phase == .began || phase == .changed ? (scale, center) : nil
        case .rotation(let phase, let degrees, let center):
            rotation = phase == .began || phase == .changed ? (degrees, center) : nil
        case .time:
            break
        }
    }

    public mutating func cancel() {
        if isInSecond { second.cancel() } else { first.cancel() }
    }

    /// Back to the first gesture. (What is down stays known: the next gesture may start with it.)
    public mutating func reset() {
        first.reset()
        second.reset()
        isInSecond = false
    }
}

extension SequenceRecognizer.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceRecognizer.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}
