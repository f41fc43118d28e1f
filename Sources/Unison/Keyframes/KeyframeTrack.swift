import Foundation

/// The keyframes of one property of a timeline's value, found by key path.
///
/// ```swift
/// struct Sprite { var scale = 1.0; var offset = CGSize.zero }
/// let timeline = KeyframeTimeline(initialValue: Sprite()) {
///     KeyframeTrack(\.scale) {
///         SpringKeyframe(1.3, duration: 0.2, spring: .bouncy)
///         SpringKeyframe(1, spring: .bouncy)
///     }
///     KeyframeTrack(\.offset) {
///         CubicKeyframe(CGSize(width: 0, height: -60), duration: 0.3)
///         CubicKeyframe(.zero, duration: 0.3)
///     }
/// }
/// ```
///
/// Each keyframe's segment runs from the previous keyframe's value (the timeline's initial
/// value for the first) to its own. A track shorter than the timeline holds its last value;
/// a track without keyframes holds its initial value. A non-finite initial value starts
/// the track from zero, and a keyframe with a non-finite value holds the value it starts from.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes
where Content.Value == Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: Content

    /// A track for the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        self.content = content()
    }

    /// A track for the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.keyPath = \Root.self
        self.content = content()
    }

    init(_ keyPath: WritableKeyPath<Root, Value>, content: Content) {
        self.keyPath = keyPath
        self.content = content
    }
}

// The body is declared apart from the conformance so the keyframes builder is not inferred for it.
extension KeyframeTrack {
    /// The track itself (it is primitive).
    public var body: Self { self }
}

extension KeyframeTrack: PrimitiveKeyframes {
    func erasedTrackMakers() -> Any {
        let keyPath = self.keyPath
        let specs = keyframeSpecs(content)
        return [
            KeyframeTrackMaker<Root> { initial in
                ResolvedKeyframeTrack(keyPath: keyPath, keyframes: specs, initialRoot: initial)
            }
        ]
    }
}
