import Foundation

/// A pinch (SwiftUI's `MagnifyGesture`): it becomes `active` once the fingers' spread has
/// changed by `minimumScaleDelta`, reports the magnification (1 = as it began) and its
/// velocity in scale per second, and ends when the fingers lift.
///
/// The velocity is a least-squares line through the last 100 ms of magnifications
/// (``VelocityTracker``), so a pinch released while spreading hands its speed to the spring
/// that takes the scale back into its bounds.
///
/// ```swift
/// let pinch = MagnifyRecognizer()
/// ```
public struct MagnifyRecognizer: GestureRecognizer {
    /// One moment of a pinch.
    public struct Value: Hashable, Sendable {
        /// The event's time (seconds).
        public var time: TimeInterval
        /// The fingers' spread relative to when the pinch began.
        public var magnification: Double
        /// Magnification per second, fitted over the last 100 ms.
        public var velocity: Double
        /// The point between the fingers when the pinch began.
        public var startLocation: CGPoint
        /// The point between the fingers now.
        public var location: CGPoint

        /// A moment at `time` (seconds), with the spread at `magnification` (1 as the pinch began) changing by
        /// `velocity` per second, the fingers' centre at `location` after starting at `startLocation` (points).
        public init(
            time: TimeInterval, magnification: Double, velocity: Double, startLocation: CGPoint, location: CGPoint
        ) {
            (self.time, self.magnification, self.velocity) = (time, magnification, velocity)
            (self.startLocation, self.location) = (startLocation, location)
        }
    }

    /// How much the magnification must change (|m − 1|) before the pinch starts.
    public var minimumScaleDelta: Double

    public private(set) var phase = GesturePhase.idle
    public private(set) var value: Value?
    public var deadline: TimeInterval? { nil }
    public var inputs: GestureInputs { .magnification }

    private var baseScale = 1.0
    private var start = CGPoint.zero
    private var tracker = VelocityTracker<Double>()

    /// A pinch that starts once the magnification differs from 1 by `minimumScaleDelta` (NaN means
    /// the default, a negative value 0).
    ///
    /// - Parameter minimumScaleDelta: 0.01 by default (SwiftUI's default).
    public init(minimumScaleDelta: Double = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta.isNaN ? 0.01 : max(minimumScaleDelta, 0)
    }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        guard case .magnification(let inputPhase, let scale, let center) = event.input, !phase.isFinished else {
            return false
        }
        switch inputPhase {
        case .began:
            guard phase == .idle else { return false }
            // The scale a pinch already had (a pinch that a sequence hands on) is the new 1.
            baseScale = scale.isFinite && scale > 0 ? scale : 1
            phase = .possible
            start = center
            tracker.reset()
            return update(scale: scale, center: center, at: event.time)
        case .changed, .ended:
            guard phase != .idle else { return false }
            let changed = update(scale: scale, center: center, at: event.time)
            if inputPhase == .ended { phase = phase == .active ? .ended : .failed }
            return changed
        case .cancelled:
            phase = .cancelled
            return false
        }
    }

    private mutating func update(scale: Double, center: CGPoint, at time: TimeInterval) -> Bool {
        guard scale.isFinite, scale > 0 else { return false }
        let magnification = scale / baseScale
        tracker.record(magnification, at: time)
        if phase == .possible, abs(magnification - 1) >= minimumScaleDelta { phase = .active }
        guard phase == .active else { return false }
        value = Value(
            time: time, magnification: magnification, velocity: tracker.velocity(at: time), startLocation: start,
            location: center)
        return true
    }

    public mutating func cancel() {
        if phase == .possible || phase == .active { phase = .cancelled }
    }

    public mutating func reset() {
        self = MagnifyRecognizer(minimumScaleDelta: minimumScaleDelta)
    }
}
