import Foundation

/// The tracks of a ``KeyframeTimeline``: how a value of type `Root` changes over time.
///
/// A timeline's builder produces one of these from ``KeyframeTrack``s (one per animated
/// property, by key path) or, for a single track over the whole value, from keyframes
/// written directly. Write your own to reuse a set of tracks, as with SwiftUI's `Keyframes`:
///
/// ```swift
/// struct Bounce: Keyframes {
///     var body: some Keyframes<Sprite> {
///         KeyframeTrack(\.scale) { SpringKeyframe(1.2, duration: 0.2); SpringKeyframe(1) }
///         KeyframeTrack(\.offset) { CubicKeyframe(-40, duration: 0.3); CubicKeyframe(0, duration: 0.3) }
///     }
/// }
/// ```
///
/// (SwiftUI names this associated type `Value`; here it is `Root`, because ``KeyframeTrack``'s
/// generic `Value` is the type of the tracked property, not of the timeline.)
public protocol Keyframes<Root> {
    /// The type of value the keyframes animate: the timeline's value.
    associatedtype Root = Body.Root
    /// The keyframes this value is made of.
    associatedtype Body: Keyframes
    /// The keyframes this value is made of.
    @KeyframesBuilder<Root> var body: Body { get }
}

/// Keyframes the timeline understands directly (tracks and groups of tracks).
protocol PrimitiveKeyframes: Keyframes {
    /// The tracks, as `[KeyframeTrackMaker<Root>]` (type-erased so it can be called on `any PrimitiveKeyframes`).
    func erasedTrackMakers() -> Any
}

/// One track of a timeline, waiting for the timeline's initial value.
struct KeyframeTrackMaker<Root> {
    let make: (Root) -> AnyResolvedKeyframeTrack<Root>
}

/// The tracks `keyframes` describes, following `body` until a primitive is reached.
/// (Runs when a timeline is built, never per frame.)
func keyframeTrackMakers<K: Keyframes>(_ keyframes: K) -> [KeyframeTrackMaker<K.Root>] {
    if let primitive = keyframes as? any PrimitiveKeyframes {
        return primitive.erasedTrackMakers() as? [KeyframeTrackMaker<K.Root>] ?? []
    }
    // A body for another root type contributes nothing (it cannot write into this root).
    return keyframeTrackMakers(keyframes.body) as Any as? [KeyframeTrackMaker<K.Root>] ?? []
}
