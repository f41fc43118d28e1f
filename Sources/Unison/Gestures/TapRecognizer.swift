import Foundation

/// One or more taps (SwiftUI's `TapGesture(count:)`): `count` presses and releases, each next
/// press within `maximumInterval` of the previous release, the pointer never more than
/// `maximumDistance` from where the first press went down.
///
/// It reports nothing until it ends, at the last release, with that release's location. It
/// fails when the pointer strays too far or the next press comes too late (at the
/// ``deadline``, `maximumInterval` after a release, if no press came).
///
/// ```swift
/// let doubleTap = TapRecognizer(count: 2)
/// ```
public struct TapRecognizer: GestureRecognizer {
    /// Where the gesture ended.
    public struct Value: Hashable, Sendable {
        /// The last release's location.
        public var location: CGPoint
        /// The end of a tap at `location` (points).
        public init(location: CGPoint) { self.location = location }
    }

    /// Taps needed.
    public var count: Int
    /// How far (points) the pointer may move from the first press, across all taps.
    public var maximumDistance: Double
    /// The longest wait (seconds) from a release to the next press.
    public var maximumInterval: TimeInterval

    public private(set) var phase = GesturePhase.idle
    public private(set) var value: Value?
    public private(set) var deadline: TimeInterval?
    public var inputs: GestureInputs { .tap }

    private var origin = CGPoint.zero
    private var taps = 0
    private var isDown = false

    /// A recognizer of `count` taps, the pointer within `maximumDistance` points of the first press
    /// and each press within `maximumInterval` seconds of the previous release (a count below 1 is 1;
    /// NaN means the default, a negative value 0).
    ///
    /// - Parameters:
    ///   - count: taps needed (at least 1).
    ///   - maximumDistance: 10 points by default, what SwiftUI's `LongPressGesture` allows a finger to drift.
    ///   - maximumInterval: 0.4 s by default, GTK's default `gtk-double-click-time`.
    public init(count: Int = 1, maximumDistance: Double = 10, maximumInterval: TimeInterval = 0.4) {
        self.count = max(count, 1)
        self.maximumDistance = maximumDistance.isNaN ? 10 : max(maximumDistance, 0)
        self.maximumInterval = maximumInterval.isNaN ? 0.4 : max(maximumInterval, 0)
    }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        if let deadline, event.time >= deadline { finish(.failed) }
        guard case .pointer(let pointerPhase, let location) = event.input, !phase.isFinished else { return false }
        switch pointerPhase {
        case .began:
            guard !isDown else { return false }
            if phase == .idle {
                phase = .possible
                origin = location
            } else if distance(location, origin) > maximumDistance {
                finish(.failed)
                return false
            }
            isDown = true
            deadline = nil
        case .changed:
            if isDown, distance(location, origin) > maximumDistance { finish(.failed) }
        case .ended:
            guard isDown else { return false }
            isDown = false
            guard distance(location, origin) <= maximumDistance else {
                finish(.failed)
                return false
            }
            taps += 1
            if taps >= count {
                value = Value(location: location)
                finish(.ended)
                return true
            }
            deadline = event.time + maximumInterval
        case .cancelled:
            finish(.cancelled)
        }
        return false
    }

    public mutating func cancel() {
        if phase == .possible || phase == .active { finish(.cancelled) }
    }

    public mutating func reset() {
        self = TapRecognizer(count: count, maximumDistance: maximumDistance, maximumInterval: maximumInterval)
    }

    private mutating func finish(_ phase: GesturePhase) {
        self.phase = phase
        deadline = nil
        isDown = false
    }
}
