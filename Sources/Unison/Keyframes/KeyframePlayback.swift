import Foundation

/// A keyframe timeline played as an animation on one property: the entry shows the
/// timeline's value at its own time, whatever value it started from.
///
/// The engine presents `start + offset`, and the change it passes is `end − start` (the entry's
/// target, the timeline's final value, minus where it started), so `offset = timeline(t) −
/// end + change` presents exactly `timeline(t)`. It takes over whatever runs on the property
/// (like a spring), and reports its exact velocity, so a spring that interrupts it inherits it.
struct KeyframePlayback: CustomAnimation {
    let player: KeyframePlayerBase

    @_specialize(where V == Double)
    @_specialize(where V == CGFloat)
    @_specialize(where V == AnimatablePair<CGFloat, CGFloat>)
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard let player = player as? KeyframePlayer<V> else {
            context.isLogicallyComplete = true
            return nil
        }
        let t: TimeInterval
        if player.repeats {
            t = time.truncatingRemainder(dividingBy: player.duration)
        } else {
            // Ended at its duration, give or take the clock's rounding (`boundaryTolerance`).
            guard !reached(time, player.duration) else {
                context.isLogicallyComplete = true
                return nil
            }
            t = time
        }
        return player.value(at: t) - player.end + value
    }

    @_specialize(where V == Double)
    @_specialize(where V == CGFloat)
    @_specialize(where V == AnimatablePair<CGFloat, CGFloat>)
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard let player = player as? KeyframePlayer<V> else { return nil }
        if player.repeats { return player.velocity(at: time.truncatingRemainder(dividingBy: player.duration)) }
        return reached(time, player.duration) ? .zero : player.velocity(at: time)
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        true
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.player === rhs.player }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(player)) }
}

/// The type-erased player an animation holds (compared by identity).
///
/// `@unchecked Sendable`: animations are `Sendable` values, and a player is immutable after
/// it is made; its timeline is only evaluated, never changed.
class KeyframePlayerBase: @unchecked Sendable {
    /// The timeline's duration (positive: a timeline without one is not played).
    let duration: TimeInterval
    let repeats: Bool

    init(duration: TimeInterval, repeats: Bool) {
        self.duration = duration
        self.repeats = repeats
    }
}

/// A player over the property's vector type, which is what the engine's `animate` calls see.
class KeyframePlayer<V: VectorArithmetic>: KeyframePlayerBase, @unchecked Sendable {
    /// The timeline's final value: the entry's target.
    let end: V

    init(duration: TimeInterval, repeats: Bool, end: V) {
        self.end = end
        super.init(duration: duration, repeats: repeats)
    }

    func value(at time: TimeInterval) -> V { end }
    func velocity(at time: TimeInterval) -> V { .zero }
}

/// The player of one timeline.
final class KeyframeTimelinePlayer<Value: Animatable>: KeyframePlayer<Value.AnimatableData>, @unchecked Sendable {
    let timeline: KeyframeTimeline<Value>
    // The timeline's parts a frame reads, as the player's own fields: code compiled for any
    // `Value` (an app's own type) finds a generic class's fields through the object itself, but
    // a generic struct's (the timeline's) only through metadata it looks up on every call.
    let initialValue: Value
    let scalarSlots: [KeyframeScalarSlot]?

    init(timeline: KeyframeTimeline<Value>, repeats: Bool) {
        self.timeline = timeline
        initialValue = timeline.initialValue
        scalarSlots = timeline.scalarSlots
        super.init(
            duration: timeline.duration, repeats: repeats,
            end: timeline.value(time: timeline.duration).animatableData)
    }

    /// The timeline's value at `time` seconds: `timeline.value(time:)`, bit for bit.
    @inline(__always)
    func timelineValue(at time: TimeInterval) -> Value {
        guard let scalarSlots else { return timeline.value(time: time) }
        var value = initialValue
        storeScalarTracks(scalarSlots, at: clamped(time), into: &value)
        return value
    }

    /// `time` as the timeline evaluates it: clamped to its duration, NaN as 0.
    @inline(__always)
    func clamped(_ time: TimeInterval) -> TimeInterval { time.isNaN ? 0 : min(max(time, 0), duration) }

    /// The play's own time for `elapsed` seconds since its start, as `KeyframePlayback.animate`
    /// computes it, or nil once a play that does not repeat has ended.
    @inline(__always)
    func playTime(elapsed: TimeInterval) -> TimeInterval? {
        let time = sanitizedTime(elapsed)
        if repeats { return time.truncatingRemainder(dividingBy: duration) }
        return reached(time, duration) ? nil : time
    }

    override func value(at time: TimeInterval) -> Value.AnimatableData { timeline.value(time: time).animatableData }
    override func velocity(at time: TimeInterval) -> Value.AnimatableData { timeline.velocity(time: time) }
}
