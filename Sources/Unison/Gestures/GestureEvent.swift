import Foundation

/// One timestamped input for a ``GestureRecognizer``: a pointer (mouse button or one finger)
/// going down, moving, going up or being cancelled; a two-finger pinch's scale or angle; or
/// only time passing.
///
/// Time comes only from events, in seconds on any clock that does not go backwards (a
/// toolkit's event timestamps): a recognizer never reads a clock, so the same events always
/// give the same result. When nothing else happens, a host sends a `.time` event at a
/// recognizer's ``GestureRecognizer/deadline`` (a long press completing, a double tap's wait
/// running out); ``GestureHandler`` sends those itself before any later event.
///
/// ```swift
/// handler.handle(.down(CGPoint(x: 10, y: 10), at: 0))
/// handler.handle(.move(CGPoint(x: 40, y: 10), at: 0.016))
/// handler.handle(.up(CGPoint(x: 70, y: 10), at: 0.032))
/// ```
public struct GestureEvent: Hashable, Sendable {
    /// Where an input is in its own life, as touches report it.
    public enum Phase: Hashable, Sendable {
        /// It started: a button or finger went down, or a pinch began.
        case began
        /// It moved.
        case changed
        /// It ended normally: released.
        case ended
        /// The system took it away (a grab, a window change): no release follows.
        case cancelled
    }

    /// What happened.
    public enum Input: Hashable, Sendable {
        /// The primary pointer, at `location` (points, in the coordinates of the surface the
        /// gesture is on).
        case pointer(Phase, location: CGPoint)
        /// A pinch: `scale` is the distance between the fingers relative to when the pinch began
        /// (1 at `began`), `center` the point between them.
        case magnification(Phase, scale: Double, center: CGPoint)
        /// A two-finger rotation: `degrees` is the angle turned since the rotation began (0 at
        /// `began`; clockwise on screen is positive, the way GTK's transforms and SwiftUI's
        /// `rotationEffect` turn), `center` the point between the fingers. It may wrap (GTK
        /// reports angles modulo 360°): recognizers unwrap it, so a turn past 360° keeps counting.
        case rotation(Phase, degrees: Double, center: CGPoint)
        /// Nothing but time passing.
        case time
    }

    /// What happened: a pointer, pinch or rotation event, or only time passing.
    public var input: Input
    /// Seconds, on the event source's clock.
    public var time: TimeInterval

    /// An event of `input` at `time` (seconds, on the event source's clock).
    public init(_ input: Input, at time: TimeInterval) {
        self.input = input
        self.time = time
    }

    /// The pointer went down at `location`.
    public static func down(_ location: CGPoint, at time: TimeInterval) -> GestureEvent {
        GestureEvent(.pointer(.began, location: location), at: time)
    }

    /// The pointer moved to `location` (while down).
    public static func move(_ location: CGPoint, at time: TimeInterval) -> GestureEvent {
        GestureEvent(.pointer(.changed, location: location), at: time)
    }

    /// The pointer was released at `location`.
    public static func up(_ location: CGPoint, at time: TimeInterval) -> GestureEvent {
        GestureEvent(.pointer(.ended, location: location), at: time)
    }

    /// The pointer's sequence was cancelled by the system (no release follows).
    public static func pointerCancelled(at time: TimeInterval) -> GestureEvent {
        GestureEvent(.pointer(.cancelled, location: .zero), at: time)
    }

    /// Only time passed.
    public static func time(_ time: TimeInterval) -> GestureEvent {
        GestureEvent(.time, at: time)
    }

    /// Whether this event starts an input (a press, a pinch beginning).
    public var begins: Bool {
        switch input {
        case .pointer(.began, _), .magnification(.began, _, _), .rotation(.began, _, _): true
        default: false
        }
    }
}

/// What a gesture recognizer reads, so a toolkit adapter knows which of its own controllers to
/// install (a pointer source, a pinch source, a rotation source).
public struct GestureInputs: OptionSet, Hashable, Sendable {
    /// The inputs as bits, one per kind.
    public let rawValue: Int
    /// The set of inputs whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A tap (or several).
    public static let tap = GestureInputs(rawValue: 1 << 0)
    /// A long press.
    public static let longPress = GestureInputs(rawValue: 1 << 1)
    /// A drag.
    public static let drag = GestureInputs(rawValue: 1 << 2)
    /// A pinch's scale.
    public static let magnification = GestureInputs(rawValue: 1 << 3)
    /// A two-finger rotation.
    public static let rotation = GestureInputs(rawValue: 1 << 4)

    /// Everything read from the primary pointer.
    public static let pointer: GestureInputs = [.tap, .longPress, .drag]
}
