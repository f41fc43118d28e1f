import Foundation

/// A keyframe reached along a cubic Hermite curve: smooth paths through several points.
///
/// Over the segment's `duration` d, with u = s/d, the value is
/// `h00(u)·from + h10(u)·d·m0 + h01(u)·to + h11(u)·d·m1` with the Hermite basis
/// `h00 = 2u³ − 3u² + 1`, `h10 = u³ − 2u² + u`, `h01 = −2u³ + 3u²`, `h11 = u³ − u²`,
/// where `m0` and `m1` are the velocities (units per second) at its start and end.
///
/// A missing velocity keeps the motion smooth: where two cubic keyframes meet, the
/// velocity the other side states, else the Catmull-Rom slope
/// `(p[i+1] − p[i−1]) / (t[i+1] − t[i−1])`; next to a keyframe of another kind, that
/// keyframe's velocity at the join (a spring that states none: the Catmull-Rom slope
/// towards its target); at the start of a track the velocity it starts with (0: from
/// rest); after a move, at a jump and at the end of a track 0.
///
/// ```swift
/// KeyframeTrack(\.y) {
///     CubicKeyframe(-60, duration: 0.25)
///     CubicKeyframe(0, duration: 0.25)
///     CubicKeyframe(-20, duration: 0.15, endVelocity: 0)
/// }
/// ```
///
/// A zero, negative, NaN or infinite `duration` is 0 (the value jumps to `to`); a velocity
/// with a NaN or infinite component counts as missing.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value at the end of the segment.
    public var to: Value
    /// The segment's length in seconds.
    public var duration: TimeInterval
    /// The velocity at the start of the segment (as a value per second), or nil to keep the motion smooth.
    public var startVelocity: Value?
    /// The velocity at the end of the segment (as a value per second), or nil to keep the motion smooth.
    public var endVelocity: Value?

    /// A segment of `duration` seconds ending at `to`, along a cubic curve with the given velocities (per second)
    /// at its ends, or smooth ones where nil.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }
}

// The body is declared apart from the conformance so the content builder is not inferred for it.
extension CubicKeyframe {
    /// The keyframe itself (it is primitive).
    public var body: Self { self }
}

extension CubicKeyframe: PrimitiveKeyframeTrackContent {
    func erasedSpecs() -> Any {
        [
            KeyframeSpec(
                to: to,
                kind: .cubic(
                    duration: duration, startVelocity: startVelocity?.animatableData,
                    endVelocity: endVelocity?.animatableData))
        ]
    }
}
