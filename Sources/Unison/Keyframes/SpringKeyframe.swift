import Foundation

/// A keyframe reached by a spring: the segment is `spring`'s motion from the previous
/// keyframe's value towards `to`, starting with `startVelocity`.
///
/// The spring runs for `duration` seconds and the next segment starts from wherever it
/// is then, with its velocity (so a short duration hands a moving value on). `nil` lets it
/// run for the spring's ``Spring/settlingDuration`` (an undamped spring, which never
/// settles, for one ``Spring/duration``). A missing `startVelocity` continues the previous
/// segment's velocity at the join (0 at the start of a track).
///
/// ```swift
/// KeyframeTrack(\.scale) {
///     SpringKeyframe(1.3, duration: 0.15, spring: .bouncy)
///     SpringKeyframe(1, spring: .bouncy)
/// }
/// ```
///
/// A negative, NaN or infinite `duration` is 0 (the spring has no time to move: the value
/// and velocity pass through unchanged); a velocity with a NaN or infinite component counts
/// as missing.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value the spring pulls towards.
    public var to: Value
    /// How long the spring runs, or nil for its settling duration.
    public var duration: TimeInterval?
    /// The spring.
    public var spring: Spring
    /// The velocity at the start of the segment (as a value per second), or nil to continue the previous one.
    public var startVelocity: Value?

    /// A segment in which `spring` pulls the value towards `to` for `duration` seconds (nil: its
    /// settling duration), starting at `startVelocity` per second (nil: the previous segment's velocity).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }
}

// The body is declared apart from the conformance so the content builder is not inferred for it.
extension SpringKeyframe {
    /// The keyframe itself (it is primitive).
    public var body: Self { self }
}

extension SpringKeyframe: PrimitiveKeyframeTrackContent {
    func erasedSpecs() -> Any {
        [
            KeyframeSpec(
                to: to, kind: .spring(duration: duration, spring: spring, startVelocity: startVelocity?.animatableData))
        ]
    }
}
