import Foundation

/// A two-finger rotation (SwiftUI's `RotateGesture`): it becomes `active` once the fingers
/// have turned `minimumAngleDelta` degrees, reports the rotation in degrees and its velocity
/// in degrees per second, and ends when the fingers lift.
///
/// Angles arrive modulo 360° (GTK reports them so); the recognizer unwraps them, taking each
/// new angle as the turn nearest the previous one, so two full turns read 720°. The velocity
/// is a least-squares line through the last 100 ms of rotations (``VelocityTracker``).
///
/// ```swift
/// let turn = RotateRecognizer()
/// ```
public struct RotateRecognizer: GestureRecognizer {
    /// One moment of a rotation.
    public struct Value: Hashable, Sendable {
        /// The event's time (seconds).
        public var time: TimeInterval
        /// Degrees turned since the rotation began, clockwise on screen positive.
        public var rotation: Double
        /// Degrees per second, fitted over the last 100 ms.
        public var velocity: Double
        /// The point between the fingers when the rotation began.
        public var startLocation: CGPoint
        /// The point between the fingers now.
        public var location: CGPoint

        /// A moment at `time` (seconds), turned `rotation` degrees (clockwise positive) at `velocity` degrees per
        /// second, the fingers' centre at `location` after starting at `startLocation` (points).
        public init(time: TimeInterval, rotation: Double, velocity: Double, startLocation: CGPoint, location: CGPoint) {
            (self.time, self.rotation, self.velocity) = (time, rotation, velocity)
            (self.startLocation, self.location) = (startLocation, location)
        }
    }

    /// How far (degrees) the fingers must turn before the rotation starts.
    public var minimumAngleDelta: Double

    public private(set) var phase = GesturePhase.idle
    public private(set) var value: Value?
    public var deadline: TimeInterval? { nil }
    public var inputs: GestureInputs { .rotation }

    private var baseAngle = 0.0
    private var unwrapped = 0.0
    private var start = CGPoint.zero
    private var tracker = VelocityTracker<Double>()

    /// A rotation that starts once the fingers have turned `minimumAngleDelta` degrees (NaN means the
    /// default, a negative angle 0).
    ///
    /// - Parameter minimumAngleDelta: 1° by default (SwiftUI's default).
    public init(minimumAngleDelta: Double = 1) {
        self.minimumAngleDelta = minimumAngleDelta.isNaN ? 1 : max(minimumAngleDelta, 0)
    }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        guard case .rotation(let inputPhase, let degrees, let center) = event.input, !phase.isFinished else {
            return false
        }
        switch inputPhase {
        case .began:
            guard phase == .idle else { return false }
            // The angle a rotation already had (one that a sequence hands on) is the new 0.
            baseAngle = degrees.isFinite ? degrees : 0
            unwrapped = baseAngle
            phase = .possible
            start = center
            tracker.reset()
            return update(degrees: baseAngle, center: center, at: event.time)
        case .changed, .ended:
            guard phase != .idle else { return false }
            let changed = update(degrees: degrees, center: center, at: event.time)
            if inputPhase == .ended { phase = phase == .active ? .ended : .failed }
            return changed
        case .cancelled:
            phase = .cancelled
            return false
        }
    }

    private mutating func update(degrees: Double, center: CGPoint, at time: TimeInterval) -> Bool {
        guard degrees.isFinite else { return false }
        // The representative of `degrees` (mod 360) nearest the previous angle.
        unwrapped += remainder(degrees - unwrapped, 360)
        let rotation = unwrapped - baseAngle
        tracker.record(rotation, at: time)
        if phase == .possible, abs(rotation) >= minimumAngleDelta { phase = .active }
        guard phase == .active else { return false }
        value = Value(
            time: time, rotation: rotation, velocity: tracker.velocity(at: time), startLocation: start,
            location: center)
        return true
    }

    public mutating func cancel() {
        if phase == .possible || phase == .active { phase = .cancelled }
    }

    public mutating func reset() {
        self = RotateRecognizer(minimumAngleDelta: minimumAngleDelta)
    }
}
