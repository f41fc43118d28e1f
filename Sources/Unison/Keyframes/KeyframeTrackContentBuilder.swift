import Foundation

/// Builds the keyframes of one track from a list of keyframes, with `if`, `switch` and `for`.
///
/// ```swift
/// KeyframeTrack(\.y) {
///     CubicKeyframe(-40, duration: 0.2)
///     if bouncesTwice { CubicKeyframe(-20, duration: 0.15) }
///     for _ in 0..<3 { LinearKeyframe(0, duration: 0.1) }
/// }
/// ```
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    /// Makes one keyframe (or keyframe content) a sequence of its own.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> KeyframeSequence<Value>
    where K.Value == Value {
        KeyframeSequence(specs: keyframeSpecs(expression))
    }

    /// Joins the sequences, one after another.
    public static func buildBlock(_ components: KeyframeSequence<Value>...) -> KeyframeSequence<Value> {
        KeyframeSequence(concatenating: components)
    }

    /// An `if`'s keyframes when its condition holds; no keyframes otherwise.
    public static func buildOptional(_ component: KeyframeSequence<Value>?) -> KeyframeSequence<Value> {
        component ?? KeyframeSequence()
    }

    /// The keyframes of the branch taken (an `if`, or a `switch` case).
    public static func buildEither(first component: KeyframeSequence<Value>) -> KeyframeSequence<Value> {
        component
    }

    /// The keyframes of the branch taken (an `else`, or a `switch` case).
    public static func buildEither(second component: KeyframeSequence<Value>) -> KeyframeSequence<Value> {
        component
    }

    /// Joins a `for` loop's sequences, one after another.
    public static func buildArray(_ components: [KeyframeSequence<Value>]) -> KeyframeSequence<Value> {
        KeyframeSequence(concatenating: components)
    }

    /// The keyframes of an `if #available` block, as they are.
    public static func buildLimitedAvailability(_ component: KeyframeSequence<Value>) -> KeyframeSequence<Value> {
        component
    }
}
