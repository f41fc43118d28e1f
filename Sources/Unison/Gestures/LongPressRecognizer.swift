import Foundation

/// A press held still (SwiftUI's `LongPressGesture`): the pointer stays down, within
/// `maximumDistance` of where it went down, for `minimumDuration`.
///
/// Its value is `true` from the press on (it is `possible`, "pressing": show feedback), and
/// it ends at the ``deadline``, `minimumDuration` after the press, while the pointer is still
/// down. Released earlier, or moved too far, it fails.
///
/// ```swift
/// let press = LongPressRecognizer(minimumDuration: 0.5)
/// ```
public struct LongPressRecognizer: GestureRecognizer {
    /// How long (seconds) the press must last.
    public var minimumDuration: TimeInterval
    /// How far (points) the pointer may drift meanwhile.
    public var maximumDistance: Double

    public private(set) var phase = GesturePhase.idle
    public private(set) var value: Bool?
    public private(set) var deadline: TimeInterval?
    public var inputs: GestureInputs { .longPress }
    /// Where the press went down (nil before a press): what was pressed, for hit-testing (the
    /// value is SwiftUI's `Bool`).
    public private(set) var location: CGPoint?

    /// A long press that ends once the pointer has stayed down `minimumDuration` seconds within
    /// `maximumDistance` points of the press (NaN means the default, a negative value 0).
    ///
    /// - Parameters:
    ///   - minimumDuration: 0.5 s by default (SwiftUI's default, and GTK's `gtk-long-press-time`).
    ///   - maximumDistance: 10 points by default (SwiftUI's default).
    public init(minimumDuration: TimeInterval = 0.5, maximumDistance: Double = 10) {
        self.minimumDuration = minimumDuration.isNaN ? 0.5 : max(minimumDuration, 0)
        self.maximumDistance = maximumDistance.isNaN ? 10 : max(maximumDistance, 0)
    }

    public mutating func handle(_ event: GestureEvent) -> Bool {
        guard !phase.isFinished else { return false }
        if let deadline, event.time >= deadline {
            finish(.ended)
            return false
        }
        guard case .pointer(let pointerPhase, let location) = event.input else { return false }
        switch pointerPhase {
        case .began:
            guard phase == .idle else { return false }
            phase = .possible
            self.location = location
            value = true
            deadline = event.time + minimumDuration
            if minimumDuration == 0 { finish(.ended) }
            return true
        case .changed:
            if phase == .possible, let origin = self.location, distance(location, origin) > maximumDistance {
                finish(.failed)
            }
        case .ended:
            if phase == .possible { finish(.failed) }
        case .cancelled:
            if phase == .possible { finish(.cancelled) }
        }
        return false
    }

    public mutating func cancel() {
        if phase == .possible || phase == .active { finish(.cancelled) }
    }

    public mutating func reset() {
        self = LongPressRecognizer(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
    }

    private mutating func finish(_ phase: GesturePhase) {
        self.phase = phase
        deadline = nil
    }
}
