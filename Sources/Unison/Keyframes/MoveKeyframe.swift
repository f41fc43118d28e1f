import Foundation

/// A keyframe that jumps: the value becomes `to` at once (the segment takes no time) and
/// is at rest there.
///
/// ```swift
/// KeyframeTrack(\.x) {
///     LinearKeyframe(100, duration: 0.5)
///     MoveKeyframe(0)                      // back to the start, instantly
///     LinearKeyframe(100, duration: 0.5)
/// }
/// ```
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value to jump to.
    public var to: Value

    /// A jump to `to`, taking no time.
    public init(_ to: Value) {
        self.to = to
    }
}

// The body is declared apart from the conformance so the content builder is not inferred for it.
extension MoveKeyframe {
    /// The keyframe itself (it is primitive).
    public var body: Self { self }
}

extension MoveKeyframe: PrimitiveKeyframeTrackContent {
    func erasedSpecs() -> Any {
        [KeyframeSpec(to: to, kind: .move)]
    }
}
