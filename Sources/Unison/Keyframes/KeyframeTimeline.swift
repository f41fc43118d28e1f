import Foundation

/// A value's whole path over time, described by keyframes and evaluated at any time:
/// SwiftUI's `KeyframeTimeline`.
///
/// Build it from an initial value and tracks, then scrub it, plot it, or play it on a
/// property with ``KeyframeAnimator``:
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: 0.0) {
///     CubicKeyframe(80, duration: 0.4)           // keyframes directly: one track
///     SpringKeyframe(0, spring: .bouncy)
/// }
/// timeline.duration                              // 0.4 + the spring's settling duration
/// timeline.value(time: 0.2)
/// timeline.value(progress: 0.5)
/// ```
///
/// Tracks (``KeyframeTrack``) run side by side from time 0; ``duration`` is the longest
/// track's, and a shorter track holds its last value. The keyframe kinds, and how missing
/// velocities are chosen, are described on ``LinearKeyframe``, ``CubicKeyframe``,
/// ``SpringKeyframe`` and ``MoveKeyframe``.
///
/// Any input gives finite values: an empty timeline has duration 0 and shows its initial
/// value; bad durations, velocities and values are treated as each keyframe documents; a NaN
/// time or progress is 0.
///
/// - Complexity: evaluating costs O(tracks × log keyframes) and allocates nothing.
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [AnyResolvedKeyframeTrack<Value>]
    /// The tracks as stores into the value's memory, when every one tracks a `Double` stored
    /// inline in it (``KeyframeScalarSlot``); nil otherwise. Evaluating them gives the same bits
    /// as applying `tracks`, without key paths or generic code.
    let scalarSlots: [KeyframeScalarSlot]?

    /// The length of the timeline in seconds: the longest track's.
    public let duration: TimeInterval

    /// A timeline starting from `initialValue` with the tracks (or single track) of `content`.
    public init<Content: Keyframes>(
        initialValue: Value, @KeyframesBuilder<Value> content: () -> Content
    ) where Content.Root == Value {
        self.initialValue = initialValue
        tracks = keyframeTrackMakers(content()).map { $0.make(initialValue) }
        duration = tracks.reduce(0) { max($0, $1.duration) }
        let slots = tracks.compactMap { $0.scalarSlot() }
        scalarSlots = slots.count == tracks.count ? slots : nil
    }

    /// The value at `time` seconds, with `time` clamped to `0...duration` (NaN is 0).
    public func value(time: Double) -> Value {
        let t = Self.clamp(time, duration)
        var value = initialValue
        if let scalarSlots {
            storeScalarTracks(scalarSlots, at: t, into: &value)
        } else {
            for track in tracks { track.apply(to: &value, time: t) }
        }
        return value
    }

    /// The value at `progress` of the way through the timeline: `value(time: progress * duration)`.
    public func value(progress: Double) -> Value {
        let time = progress * duration
        return value(time: time.isNaN ? 0 : time)
    }

    @inline(__always)
    static func clamp(_ time: Double, _ duration: TimeInterval) -> TimeInterval {
        time.isNaN ? 0 : min(max(time, 0), duration)
    }
}

extension KeyframeTimeline where Value: Animatable {
    /// The velocity of `value(time:)`'s `animatableData` at `time` (units per second, clamped
    /// like `value(time:)`; 0 at and after the end). Exact for values whose `animatableData` is
    /// linear (or affine) in their tracked properties, as every built-in type's is.
    public func velocity(time: Double) -> Value.AnimatableData {
        let t = Self.clamp(time, duration)
        guard t < duration else { return .zero }
        var moving = initialValue
        var still = initialValue
        for track in tracks {
            track.applyVelocity(to: &moving, time: t)
            track.applyZeroVelocity(to: &still)
        }
        return moving.animatableData - still.animatableData
    }
}
