import Foundation

/// Plays a keyframe timeline on a property: SwiftUI's `keyframeAnimator`, for anything an
/// ``AnimatableProperty`` drives.
///
/// Each ``play(completion:)`` (SwiftUI's trigger changing) builds the timeline from the
/// value presented then and runs it once, or over and over when `repeating`:
///
/// ```swift
/// let scale = AnimatableProperty(1.0, clock: clock) { widget.scale = $0 }
/// let pulse = KeyframeAnimator(scale) { start in
///     SpringKeyframe(start * 1.3, duration: 0.15, spring: .bouncy)
///     SpringKeyframe(start, spring: .bouncy)
/// }
/// pulse.play { print("done") }
/// ```
///
/// The timeline runs as an animation on the property, so everything else works as usual:
/// `presentationValue` and `velocity` follow the timeline, and the property's model value
/// is the timeline's final value. Playing takes over whatever animates the property (its
/// motion stops there; the timeline starts from its own initial value). A spring set while
/// the timeline plays takes over from the presented value with its velocity, and the
/// animator stops; another animation combines with it as any two animations do.
///
/// The completion runs exactly once per `play`: when the timeline ends, or when it is
/// interrupted (``stop()``, another `play`, a spring taking over, a jump). A timeline of
/// duration 0 sets its final value at once and completes before `play` returns.
@MainActor
public final class KeyframeAnimator<Value: Animatable> {
    /// The property the timelines play on.
    public let property: AnimatableProperty<Value>
    /// Whether each play loops until stopped (read at `play`).
    public var repeats: Bool
    /// Whether a timeline started by this animator is still playing on the property.
    public private(set) var isPlaying = false

    private let makeTimeline: @MainActor (Value) -> KeyframeTimeline<Value>
    private var playCount = 0

    /// An animator whose timeline starts from the value presented at each `play`, with the
    /// tracks `keyframes` builds from it.
    public init<Content: Keyframes>(
        _ property: AnimatableProperty<Value>, repeating: Bool = false,
        @KeyframesBuilder<Value> keyframes: @escaping @MainActor (Value) -> Content
    ) where Content.Root == Value {
        self.property = property
        self.repeats = repeating
        makeTimeline = { start in KeyframeTimeline(initialValue: start) { keyframes(start) } }
    }

    /// An animator that plays `timeline` (from its own initial value) at each `play`.
    public init(_ property: AnimatableProperty<Value>, timeline: KeyframeTimeline<Value>, repeating: Bool = false) {
        self.property = property
        self.repeats = repeating
        makeTimeline = { _ in timeline }
    }

    /// Plays the timeline from the start (restarting it if it plays already).
    public func play(completion: (@MainActor () -> Void)? = nil) {
        playCount += 1
        let play = playCount
        let timeline = makeTimeline(property.presentationValue)
        let end = timeline.value(time: timeline.duration)
        let player =
            timeline.duration > 0 ? KeyframeTimelinePlayer(timeline: timeline, repeats: repeats) : nil
        var transaction = Transaction(animation: player.map { Animation(KeyframePlayback(player: $0)) })
        transaction.addAnimationCompletion { [weak self] in
            if let self, self.playCount == play { self.isPlaying = false }
            completion?()
        }
        isPlaying = true
        withTransaction(transaction) {
            property.setRestartingAnimation(end)
        }
        // Its frames skip the engine's general path while it is the property's only animation.
        if let player { property.core.keyframes = KeyframeFrames(player: player) }
    }

    /// Stops the timeline where it is: the property keeps the value presented now (as its
    /// model value too), and the play's completion runs.
    public func stop() {
        guard isPlaying else { return }
        isPlaying = false
        withTransaction(Transaction()) { property.value = property.presentationValue }
    }

}
