import Foundation

/// Builds a timeline's tracks: either ``KeyframeTrack``s, one per property, or keyframes
/// written directly, which make one track over the whole value.
///
/// ```swift
/// KeyframeTimeline(initialValue: Sprite()) {
///     KeyframeTrack(\.scale) { SpringKeyframe(1.2, duration: 0.2); SpringKeyframe(1) }
///     KeyframeTrack(\.angle) { LinearKeyframe(10, duration: 0.3); LinearKeyframe(0, duration: 0.3) }
/// }
/// KeyframeTimeline(initialValue: 0.0) {      // a single track
///     CubicKeyframe(80, duration: 0.4)
///     CubicKeyframe(0, duration: 0.4)
/// }
/// ```
///
/// One builder holds either tracks or keyframes, not both.
@resultBuilder
public enum KeyframesBuilder<Value> {
    // MARK: Tracks

    /// Makes a track (or any set of tracks) a group of its own.
    public static func buildExpression<K: Keyframes>(_ expression: K) -> KeyframeTrackGroup<Value>
    where K.Root == Value {
        KeyframeTrackGroup(makers: keyframeTrackMakers(expression))
    }

    /// An empty builder: no tracks.
    public static func buildBlock() -> KeyframeTrackGroup<Value> {
        KeyframeTrackGroup()
    }

    /// Gathers the tracks of all the groups.
    public static func buildBlock(_ components: KeyframeTrackGroup<Value>...) -> KeyframeTrackGroup<Value> {
        KeyframeTrackGroup(concatenating: components)
    }

    /// An `if`'s tracks when its condition holds; no tracks otherwise.
    public static func buildOptional(_ component: KeyframeTrackGroup<Value>?) -> KeyframeTrackGroup<Value> {
        component ?? KeyframeTrackGroup()
    }

    /// The tracks of the branch taken (an `if`, or a `switch` case).
    public static func buildEither(first component: KeyframeTrackGroup<Value>) -> KeyframeTrackGroup<Value> {
        component
    }

    /// The tracks of the branch taken (an `else`, or a `switch` case).
    public static func buildEither(second component: KeyframeTrackGroup<Value>) -> KeyframeTrackGroup<Value> {
        component
    }

    /// Gathers the tracks of a `for` loop's groups.
    public static func buildArray(_ components: [KeyframeTrackGroup<Value>]) -> KeyframeTrackGroup<Value> {
        KeyframeTrackGroup(concatenating: components)
    }

    /// The tracks of an `if #available` block, as they are.
    public static func buildLimitedAvailability(_ component: KeyframeTrackGroup<Value>) -> KeyframeTrackGroup<Value> {
        component
    }

    /// The tracks, as they are.
    public static func buildFinalResult(_ component: KeyframeTrackGroup<Value>) -> KeyframeTrackGroup<Value> {
        component
    }

    // MARK: Keyframes directly (one track over the whole value)

    /// Makes one keyframe (or keyframe content) a sequence of its own.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> KeyframeSequence<Value>
    where Value: Animatable, K.Value == Value {
        KeyframeSequence(specs: keyframeSpecs(expression))
    }

    /// Joins the sequences, one after another.
    public static func buildBlock(_ components: KeyframeSequence<Value>...) -> KeyframeSequence<Value>
    where Value: Animatable {
        KeyframeSequence(concatenating: components)
    }

    /// An `if`'s keyframes when its condition holds; no keyframes otherwise.
    public static func buildOptional(_ component: KeyframeSequence<Value>?) -> KeyframeSequence<Value>
    where Value: Animatable {
        component ?? KeyframeSequence()
    }

    /// The keyframes of the branch taken (an `if`, or a `switch` case).
    public static func buildEither(first component: KeyframeSequence<Value>) -> KeyframeSequence<Value>
    where Value: Animatable {
        component
    }

    /// The keyframes of the branch taken (an `else`, or a `switch` case).
    public static func buildEither(second component: KeyframeSequence<Value>) -> KeyframeSequence<Value>
    where Value: Animatable {
        component
    }

    /// Joins a `for` loop's sequences, one after another.
    public static func buildArray(_ components: [KeyframeSequence<Value>]) -> KeyframeSequence<Value>
    where Value: Animatable {
        KeyframeSequence(concatenating: components)
    }

    /// The keyframes of an `if #available` block, as they are.
    public static func buildLimitedAvailability(_ component: KeyframeSequence<Value>) -> KeyframeSequence<Value>
    where Value: Animatable {
        component
    }

    /// Makes the keyframes one track over the whole value.
    public static func buildFinalResult(
        _ component: KeyframeSequence<Value>
    ) -> KeyframeTrack<Value, Value, KeyframeSequence<Value>> where Value: Animatable {
        KeyframeTrack(\Value.self, content: component)
    }
}
