import Foundation

/// One track's path, resolved: every segment's start time, end points and end velocities
/// are fixed when the timeline is built, so evaluating it is a binary search and one
/// closed form.
///
/// - Complexity: O(log segments) per evaluation; no allocation.
///
/// A class: a track holding it (a generic class itself) reaches it through a reference, where a
/// generic struct field would be copied through its type's metadata, looked up on every access.
/// Not final: the common vector types get a subclass (`make`) whose overrides are compiled for
/// the type, so a track evaluated in unspecialised code (one whose root is the app's own type)
/// reaches code that looks up no generic metadata per segment it reads.
class KeyframeCurve<V: VectorArithmetic> {
    let initial: V
    let segments: [KeyframeSegment<V>]

    required init(initial: V, segments: [KeyframeSegment<V>]) {
        self.initial = initial
        self.segments = segments
    }

    /// The curve of `segments`: the subclass compiled for `V` when there is one.
    static func make(initial: V, segments: [KeyframeSegment<V>]) -> KeyframeCurve {
        let type =
            (DoubleKeyframeCurve.self as? KeyframeCurve.Type) ?? (CGFloatKeyframeCurve.self as? KeyframeCurve.Type)
            ?? (CGPairKeyframeCurve.self as? KeyframeCurve.Type) ?? KeyframeCurve.self
        return type.init(initial: initial, segments: segments)
    }

    /// The time the last segment ends.
    var duration: TimeInterval { segments.isEmpty ? 0 : segments[segments.count - 1].end }

    /// The value once every segment has run.
    var finalValue: V {
        // (Indexing, not `last`: unspecialised generic code would allocate for `last`, per call.)
        segments.isEmpty ? initial : segments[segments.count - 1].endValue
    }

    /// The segment that shows the value at `time`: the first whose end is after `time`
    /// (never a zero-length one: a jump shows its target from its instant on); nil after the end.
    func segmentIndex(at time: TimeInterval) -> Int? {
        var lo = 0
        var hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].end > time { hi = mid } else { lo = mid + 1 }
        }
        return lo < segments.count ? lo : nil
    }

    /// The value at `time` (a negative or NaN time is 0; after the end: the final value).
    func value(at time: TimeInterval) -> V {
        let time = time > 0 ? time : 0
        guard let index = segmentIndex(at: time) else { return finalValue }
        return segments[index].value(at: time - segments[index].start)
    }

    /// The velocity (units per second) at `time`: the right-hand derivative, 0 after the end.
    func velocity(at time: TimeInterval) -> V {
        let time = time > 0 ? time : 0
        guard let index = segmentIndex(at: time) else { return .zero }
        return segments[index].velocity(at: time - segments[index].start)
    }
}

/// One segment of a track, from the previous keyframe's value (`from`) to its own.
struct KeyframeSegment<V: VectorArithmetic> {
    enum Shape {
        /// A move, or a linear or cubic keyframe with no duration: the value is `to` from `start` on.
        case jump
        case linear(UnitCurve)
        /// Cubic Hermite with `startVelocity` m0 and `endVelocity` m1.
        case cubic
        /// `spring` from `from` towards `to`, starting with `startVelocity`.
        case spring(Spring)
    }

    var shape: Shape
    var start: TimeInterval
    var duration: TimeInterval
    var from: V
    var to: V
    var startVelocity: V
    var endVelocity: V
    var endValue: V

    var end: TimeInterval { start + duration }

    /// The value `s` seconds into the segment (`0 ≤ s < duration`). Arithmetic that overflows
    /// (absurd durations times velocities) falls back to the keyframe's value.
    @_specialize(where V == Double)
    @_specialize(where V == CGFloat)
    @_specialize(where V == AnimatablePair<CGFloat, CGFloat>)
    func value(at s: TimeInterval) -> V {
        let result: V
        switch shape {
        case .jump:
            return to
        case let .linear(curve):
            result = from + (to - from).scaled(by: curve.value(at: s / duration))
        case .cubic:
            let u = s / duration
            let u2 = u * u
            let u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1
            let h10 = u3 - 2 * u2 + u
            let h01 = -2 * u3 + 3 * u2
            let h11 = u3 - u2
            result =
                from.scaled(by: h00) + startVelocity.scaled(by: h10 * duration) + to.scaled(by: h01)
                + endVelocity.scaled(by: h11 * duration)
        case let .spring(spring):
            let c = spring.coefficients(at: s)
            result = from + (to - from).scaled(by: c.a) + startVelocity.scaled(by: c.b)
        }
        return isFiniteVector(result) ? result : to
    }

    /// The velocity `s` seconds into the segment, the exact derivative of `value(at:)`.
    @_specialize(where V == Double)
    @_specialize(where V == CGFloat)
    @_specialize(where V == AnimatablePair<CGFloat, CGFloat>)
    func velocity(at s: TimeInterval) -> V {
        let result: V
        switch shape {
        case .jump:
            return .zero
        case let .linear(curve):
            result = (to - from).scaled(by: curve.finiteVelocity(at: s / duration) / duration)
        case .cubic:
            let u = s / duration
            let u2 = u * u
            let d00 = 6 * u2 - 6 * u
            let d10 = 3 * u2 - 4 * u + 1
            let d11 = 3 * u2 - 2 * u
            // h01' = −h00'.
            result =
                (to - from).scaled(by: -d00 / duration) + startVelocity.scaled(by: d10)
                + endVelocity.scaled(by: d11)
        case let .spring(spring):
            let c = spring.coefficients(at: s)
            result = (to - from).scaled(by: c.da) + startVelocity.scaled(by: c.db)
        }
        return isFiniteVector(result) ? result : .zero
    }
}

// MARK: - Resolution

extension KeyframeCurve {
    /// The kinds of keyframe, with sanitised durations and velocities (nil: not stated).
    enum Keyframe {
        case jump
        case linear(duration: TimeInterval, curve: UnitCurve)
        case cubic(duration: TimeInterval, startVelocity: V?, endVelocity: V?)
        case spring(duration: TimeInterval, spring: Spring, startVelocity: V?)

        var duration: TimeInterval {
            switch self {
            case .jump: return 0
            case let .linear(d, _), let .cubic(d, _, _), let .spring(d, _, _): return d
            }
        }
    }

    /// A duration as a keyframe uses it: negative, NaN or infinite is 0.
    static func sanitizedDuration(_ d: TimeInterval) -> TimeInterval { d.isFinite && d > 0 ? d : 0 }

    /// A stated velocity as a keyframe uses it: one with a NaN or infinite component is not stated.
    static func sanitizedVelocity(_ v: V?) -> V? { v.flatMap { isFiniteVector($0) ? $0 : nil } }

    /// The keyframe as the resolver sees it: a linear or cubic keyframe without a duration is a jump.
    static func keyframe<Value: Animatable>(_ spec: KeyframeSpec<Value>) -> Keyframe where Value.AnimatableData == V {
        switch spec.kind {
        case .move:
            return .jump
        case let .linear(d, curve):
            let d = sanitizedDuration(d)
            return d > 0 ? .linear(duration: d, curve: curve) : .jump
        case let .cubic(d, v0, v1):
            let d = sanitizedDuration(d)
            return d > 0
                ? .cubic(duration: d, startVelocity: sanitizedVelocity(v0), endVelocity: sanitizedVelocity(v1)) : .jump
        case let .spring(d, spring, v0):
            let duration: TimeInterval
            if let d {
                duration = sanitizedDuration(d)
            } else {
                let settling = spring.settlingDuration
                duration = settling.isFinite ? settling : spring.duration
            }
            return .spring(duration: duration, spring: spring, startVelocity: sanitizedVelocity(v0))
        }
    }

    /// Resolves `keyframes` (with targets `targets`, nil where not finite: the keyframe holds the
    /// value it starts from) into segments, from `initial` at rest.
    static func resolving(initial: V, keyframes: [Keyframe], targets: [V?]) -> KeyframeCurve {
        var segments: [KeyframeSegment<V>] = []
        segments.reserveCapacity(keyframes.count)
        var from = initial
        var fromVelocity = V.zero  // the track starts at rest
        var time: TimeInterval = 0
        for index in keyframes.indices {
            let to = targets[index] ?? from
            let segment: KeyframeSegment<V>
            switch keyframes[index] {
            case .jump:
                segment = KeyframeSegment(
                    shape: .jump, start: time, duration: 0, from: from, to: to, startVelocity: .zero,
                    endVelocity: .zero,
                    endValue: to)
            case let .linear(d, curve):
                let change = to - from
                segment = KeyframeSegment(
                    shape: .linear(curve), start: time, duration: d, from: from, to: to,
                    startVelocity: change.scaled(by: curve.finiteVelocity(at: 0) / d),
                    endVelocity: change.scaled(by: curve.finiteVelocity(at: 1) / d), endValue: to)
            case let .cubic(d, v0, v1):
                let m0 = v0 ?? fromVelocity
                let m1 =
                    v1
                    ?? Self.joinVelocity(
                        after: index, from: from, to: to, duration: d, keyframes: keyframes, targets: targets)
                segment = KeyframeSegment(
                    shape: .cubic, start: time, duration: d, from: from, to: to, startVelocity: m0, endVelocity: m1,
                    endValue: to)
            case let .spring(d, spring, v0):
                let m0 = v0 ?? fromVelocity
                let c = spring.coefficients(at: d)
                let change = to - from
                var endValue = from + change.scaled(by: c.a) + m0.scaled(by: c.b)
                var endVelocity = change.scaled(by: c.da) + m0.scaled(by: c.db)
                if !isFiniteVector(endValue) { endValue = to }
                if !isFiniteVector(endVelocity) { endVelocity = .zero }
                segment = KeyframeSegment(
                    shape: .spring(spring), start: time, duration: d, from: from, to: to, startVelocity: m0,
                    endVelocity: endVelocity, endValue: endValue)
            }
            segments.append(segment)
            from = segment.endValue
            fromVelocity = segment.endVelocity
            time += segment.duration
        }
        return make(initial: initial, segments: segments)
    }

    /// The velocity a cubic keyframe (`index`, from `from` to `to` over `duration`) ends with when
    /// it states none: what the next keyframe states or implies at the join, else Catmull-Rom.
    private static func joinVelocity(
        after index: Int, from: V, to: V, duration: TimeInterval, keyframes: [Keyframe], targets: [V?]
    ) -> V {
        let next = index + 1
        guard next < keyframes.count else { return .zero }  // the end of the track: at rest
        let nextTarget = targets[next] ?? to
        // Catmull-Rom: (p[i+1] − p[i−1]) / (t[i+1] − t[i−1]).
        func catmullRom(nextDuration: TimeInterval) -> V {
            let span = duration + nextDuration
            let slope = (nextTarget - from).scaled(by: 1 / span)
            return span > 0 && isFiniteVector(slope) ? slope : .zero
        }
        switch keyframes[next] {
        case .jump:
            return .zero
        case let .linear(d, curve):
            return (nextTarget - to).scaled(by: curve.finiteVelocity(at: 0) / d)
        case let .cubic(d, v0, _):
            return v0 ?? catmullRom(nextDuration: d)
        case let .spring(d, _, v0):
            return v0 ?? catmullRom(nextDuration: d)
        }
    }
}

// Each override calls `super` with the type known, so its body is compiled for it (as for the
// engine's cores and batches).

final class DoubleKeyframeCurve: KeyframeCurve<Double> {
    /// `segments` in memory of its own, which `scalarValue(at:)` and the frame path
    /// (`KeyframeTrackCursor`) read without reference counting or bounds checks (an immutable copy,
    /// freed with the curve).
    let buffer: UnsafeMutableBufferPointer<KeyframeSegment<Double>>
    let lastValue: Double
    /// Whether the segments' ends never decrease and none is NaN: then "the first segment whose
    /// end is after a time" is a boundary that only moves forward with the time.
    let endsAreOrdered: Bool

    required init(initial: Double, segments: [KeyframeSegment<Double>]) {
        buffer = .allocate(capacity: segments.count)
        _ = buffer.initialize(from: segments)
        lastValue = segments.isEmpty ? initial : segments[segments.count - 1].endValue
        var ordered = true
        var previous = -Double.infinity
        for segment in segments {
            let end = segment.end
            if end.isNaN || end < previous { ordered = false }
            previous = end
        }
        endsAreOrdered = ordered
        super.init(initial: initial, segments: segments)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    override func segmentIndex(at time: TimeInterval) -> Int? { super.segmentIndex(at: time) }
    override func value(at time: TimeInterval) -> Double { super.value(at: time) }
    override func velocity(at time: TimeInterval) -> Double { super.velocity(at: time) }

    /// `value(at:)`, bit for bit, for the frame path: the same search and the same segment
    /// arithmetic over `buffer`.
    @inline(__always)
    func scalarValue(at time: TimeInterval) -> Double {
        let time = time > 0 ? time : 0
        guard let segments = buffer.baseAddress else { return lastValue }
        let lo = Self.firstSegment(endingAfter: time, in: segments, count: buffer.count)
        guard lo < buffer.count else { return lastValue }
        return segments[lo].value(at: time - segments[lo].start)
    }

    /// The first of `count` segments whose end is after `time` (`count`: none), by binary search:
    /// the one segment lookup of `scalarValue(at:)` and of the frame path's cursors
    /// (`KeyframeTrackCursor`), which must show the same bits.
    @inline(__always)
    static func firstSegment(
        endingAfter time: TimeInterval, in segments: UnsafePointer<KeyframeSegment<Double>>, count: Int
    ) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo &+ hi) &>> 1
            if segments[mid].end > time { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }
}

final class CGFloatKeyframeCurve: KeyframeCurve<CGFloat> {
    override func segmentIndex(at time: TimeInterval) -> Int? { super.segmentIndex(at: time) }
    override func value(at time: TimeInterval) -> CGFloat { super.value(at: time) }
    override func velocity(at time: TimeInterval) -> CGFloat { super.velocity(at: time) }
}

/// `CGPoint` and `CGSize` tracks.
final class CGPairKeyframeCurve: KeyframeCurve<AnimatablePair<CGFloat, CGFloat>> {
    override func segmentIndex(at time: TimeInterval) -> Int? { super.segmentIndex(at: time) }
    override func value(at time: TimeInterval) -> AnimatablePair<CGFloat, CGFloat> { super.value(at: time) }
    override func velocity(at time: TimeInterval) -> AnimatablePair<CGFloat, CGFloat> { super.velocity(at: time) }
}
