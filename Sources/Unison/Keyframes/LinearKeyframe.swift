import Foundation

/// A keyframe reached along a timing curve: the segment moves from the previous keyframe's
/// value to `to` as `from + (to − from)·curve(s/duration)`.
///
/// ```swift
/// KeyframeTrack(\.opacity) {
///     LinearKeyframe(0.2, duration: 0.3)
///     LinearKeyframe(1, duration: 0.5, timingCurve: .easeOut)
/// }
/// ```
///
/// A zero, negative, NaN or infinite `duration` is 0: the value jumps to `to` at once.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value at the end of the segment.
    public var to: Value
    /// The segment's length in seconds.
    public var duration: TimeInterval
    /// The shape of the segment.
    public var timingCurve: UnitCurve

    /// A segment of `duration` seconds ending at `to`, straight from the previous value, paced by `timingCurve`.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }
}

// The body is declared apart from the conformance so the content builder is not inferred for it.
extension LinearKeyframe {
    /// The keyframe itself (it is primitive).
    public var body: Self { self }
}

extension LinearKeyframe: PrimitiveKeyframeTrackContent {
    func erasedSpecs() -> Any {
        [KeyframeSpec(to: to, kind: .linear(duration: duration, curve: timingCurve))]
    }
}
