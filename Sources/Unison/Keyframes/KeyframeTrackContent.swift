import Foundation

/// The keyframes of one track: ``LinearKeyframe``, ``CubicKeyframe``, ``SpringKeyframe``,
/// ``MoveKeyframe``, or your own group of them.
///
/// ```swift
/// struct Wiggle: KeyframeTrackContent {
///     var body: some KeyframeTrackContent<Double> {
///         CubicKeyframe(-10, duration: 0.1)
///         CubicKeyframe(10, duration: 0.1)
///         CubicKeyframe(0, duration: 0.1)
///     }
/// }
/// ```
public protocol KeyframeTrackContent<Value> {
    /// The type of the tracked value.
    associatedtype Value: Animatable = Body.Value
    /// The keyframes this content is made of.
    associatedtype Body: KeyframeTrackContent
    /// The keyframes this content is made of.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
}

/// Keyframe content the track understands directly (the four keyframes and sequences of them).
protocol PrimitiveKeyframeTrackContent: KeyframeTrackContent {
    /// The keyframes, as `[KeyframeSpec<Value>]` (type-erased so it can be called on an existential).
    func erasedSpecs() -> Any
}

/// The flat list of keyframes `content` describes, following `body` until primitives are reached.
/// (Runs when a track is built, never per frame.)
func keyframeSpecs<C: KeyframeTrackContent>(_ content: C) -> [KeyframeSpec<C.Value>] {
    if let primitive = content as? any PrimitiveKeyframeTrackContent {
        return primitive.erasedSpecs() as? [KeyframeSpec<C.Value>] ?? []
    }
    // A body of another value type contributes nothing (it cannot describe this track).
    return keyframeSpecs(content.body) as Any as? [KeyframeSpec<C.Value>] ?? []
}

/// One keyframe as written: its target and how its segment gets there.
struct KeyframeSpec<Value: Animatable> {
    typealias V = Value.AnimatableData

    enum Kind {
        case move
        case linear(duration: TimeInterval, curve: UnitCurve)
        case cubic(duration: TimeInterval, startVelocity: V?, endVelocity: V?)
        case spring(duration: TimeInterval?, spring: Spring, startVelocity: V?)
    }

    var to: Value
    var kind: Kind
}
