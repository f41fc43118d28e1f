import Foundation

/// A drag (SwiftUI's `DragGesture`): it becomes `active` once the pointer has moved
/// `minimumDistance` from where it went down, reports every move, and ends at the release,
/// with the velocity a spring should take over.
///
/// The velocity (points per second) is a least-squares line through the last 100 ms of
/// positions (``VelocityTracker``), timed by the events' own timestamps: uneven event timing
/// does not skew it, and a pointer that stopped before the release reports zero. Released
/// before it moved far enough, the drag fails.
///
/// ```swift
/// let drag = DragRecognizer(minimumDistance: 10)
/// ```
public struct DragRecognizer: GestureRecognizer {
    /// One moment of a drag.
    public struct Value: Hashable, Sendable {
        /// The event's time (seconds).
        public var time: TimeInterval
        /// Where the pointer went down.
        public var startLocation: CGPoint
        /// Where it is.
        public var location: CGPoint
        /// Points per second, fitted over the last 100 ms.
        public var velocity: CGPoint

        /// A moment at `time` (seconds), with the pointer at `location` after going down at `startLocation`
        /// (points), moving at `velocity` (points per second).
        public init(time: TimeInterval, startLocation: CGPoint, location: CGPoint, velocity: CGPoint) {
            (self.time, self.startLocation, self.location, self.velocity) = (time, startLocation, location, velocity)
        }

        /// `location − startLocation`.
        public var translation: CGPoint {
            CGPoint(x: location.x - startLocation.x, y: location.y - startLocation.y)
        }

        /// Where a flick released now would come to rest under normal scroll-view friction
        /// (``project(_:velocity:rate:)`` with ``DecelerationRate/normal``), as a translation.
        public var predictedEndTranslation: CGPoint {
            CGPoint(animatableData: project(translation.animatableData, velocity: velocity.animatableData))
        }
    }

    /// How far (points) the pointer must move before the drag starts; 0 starts it at the press.
    public var minimumDistance: Double

    public private(set) var phase = GesturePhase.idle
    public private(set) var value: Value?
    public var deadline: TimeInterval? { nil }
    public var inputs: GestureInputs { .drag }

    private var start = CGPoint.zero
    private var tracker = VelocityTracker<CGPoint.AnimatableData>()

    /// A drag that starts once the pointer has moved `minimumDistance` points from the press (NaN
    /// means the default, a negative distance 0).
    ///
    /// - Parameter minimumDistance: 10 points by default (SwiftUI's default).
    public init(minimumDistance: Double = 10) {
        self.minimumDistance = minimumDistance.isNaN ? 10 : max(minimumDistance, 0)
    }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        guard case .pointer(let pointerPhase, let location) = event.input, !phase.isFinished else { return false }
        switch pointerPhase {
        case .began:
            guard phase == .idle else { return false }
            phase = .possible
            start = location
            tracker.reset()
            tracker.record(location.animatableData, at: event.time)
            return moved(to: location, at: event.time)
        case .changed:
            guard phase != .idle else { return false }
            tracker.record(location.animatableData, at: event.time)
            return moved(to: location, at: event.time)
        case .ended:
            guard phase != .idle else { return false }
            tracker.record(location.animatableData, at: event.time)
            let changed = moved(to: location, at: event.time)
            phase = phase == .active ? .ended : .failed
            return changed
        case .cancelled:
            phase = .cancelled
            return false
        }
    }

    /// Becomes active past the threshold; updates the value when active.
    private mutating func moved(to location: CGPoint, at time: TimeInterval) -> Bool {
        if phase == .possible, distance(location, start) >= minimumDistance { phase = .active }
        guard phase == .active else { return false }
        let velocity = tracker.velocity(at: time)
        value = Value(time: time, startLocation: start, location: location, velocity: CGPoint(animatableData: velocity))
        return true
    }

    public mutating func cancel() {
        if phase == .possible || phase == .active { phase = .cancelled }
    }

    public mutating func reset() {
        self = DragRecognizer(minimumDistance: minimumDistance)
    }
}

extension CGPoint {
    init(animatableData: AnimatablePair<CGFloat, CGFloat>) {
        self.init(x: animatableData.first, y: animatableData.second)
    }
}
