import Foundation

// MARK: - Public evaluation

extension Animation {
    /// The offset travelled at `time` (seconds since the start) when animating a change of
    /// `value`, or `nil` once the animation has finished. A NaN or negative time is 0.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        storage.animate(value, at: sanitizedTime(time), &context)
    }

    /// The velocity (units per second) at `time`, or `nil` if the animation cannot say
    /// (a custom animation without a velocity).
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        storage.velocity(value, at: sanitizedTime(time), context)
    }

    /// Whether this animation takes over `previous`, running on the same property for
    /// `time` seconds and animating `value`. Springs (except `interpolatingSpring`) do,
    /// storing `previous`'s velocity in `context` so they continue with it.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        storage.shouldMerge(previous: previous, value, at: sanitizedTime(time), &context)
    }
}

func sanitizedTime(_ t: TimeInterval) -> TimeInterval { t.isNaN ? 0 : max(t, 0) }

/// How near (seconds) a time must come to one of an animation's boundaries (the end of a delay or
/// a curve or a keyframe timeline, a spring's duration, a logical completion) to count as on it.
///
/// Elapsed times are differences of clock readings: a frame that should fall exactly on a boundary
/// (the 24th frame of a 0.3 s curve delayed 0.1 s at a fixed 60 frames a second) lands a rounding
/// error either side of it, a few ulps of the reading (an ulp of 10⁷ s, four months of uptime, is
/// 1.9e-9 s), and would otherwise show a value a hair short of its end and complete a frame late,
/// or leave a delay a frame early, by chance. 100 ns is far above that rounding and far below any
/// frame interval (1 ms at 1 000 frames a second) or clock resolution (GDK's microsecond).
let boundaryTolerance: TimeInterval = 1e-7

/// Whether `t` has reached `boundary` (within ``boundaryTolerance``).
@inline(__always)
func reached(_ t: TimeInterval, _ boundary: TimeInterval) -> Bool { t >= boundary - boundaryTolerance }

/// The time into the base of `delay(d)` at `t`: nil while it waits, 0 at its end (within
/// ``boundaryTolerance`` either side).
@inline(__always)
func timeAfterDelay(_ d: TimeInterval, at t: TimeInterval) -> TimeInterval? {
    let u = t - d
    return u < -boundaryTolerance ? nil : u <= boundaryTolerance ? 0 : u
}

// MARK: - State keys of the built-in animations

/// The velocity (units per second) a merging spring inherited.
struct SpringVelocityKey<V: VectorArithmetic>: AnimationStateKey {
    static var defaultValue: V? { nil }
}

/// The spring a merging spring blends its response from.
struct SpringBlendKey: AnimationStateKey {
    static var defaultValue: SpringBlend? { nil }
}

struct SpringBlend {
    var from: Spring
    var duration: TimeInterval
}

/// The integrated motion of a blending spring (its parameters change over time, so it has no closed form).
struct BlendMotionKey<V: VectorArithmetic>: AnimationStateKey {
    static var defaultValue: BlendMotion<V>? { nil }
}

struct BlendMotion<V: VectorArithmetic> {
    var offset: V
    var velocity: V
    var time: TimeInterval
}

/// Which pass a repeating animation is on, when it began, and its base's own state.
struct RepeatStateKey: AnimationStateKey {
    static var defaultValue: RepeatState { RepeatState() }
}

struct RepeatState {
    var pass = 0
    var passStart: TimeInterval = 0
    var baseStorage: [ObjectIdentifier: Any] = [:]
}

// MARK: - Linear response

/// The response of a built-in animation at one time as coefficients of the change `X`
/// (and, for a spring, of an inherited velocity `v₀`): `x = X·a + v₀·b`, `x' = X·da + v₀·db`.
///
/// Springs, curves and the delay/speed/logicallyComplete modifiers over them are linear
/// in `X` and stateless in time, so one sample serves every property that shares the
/// animation and start time (the engine's batching). `finished` assumes `v₀ = 0`: it is
/// the relative settling test, which a caller with a non-zero `v₀` replaces by a vector test.
struct LinearSample: Equatable {
    var a: Double
    var b: Double
    var da: Double
    var db: Double
    var finished: Bool
    var logicallyComplete: Bool

    static let atStart = LinearSample(a: 0, b: 0, da: 0, db: 0, finished: false, logicallyComplete: false)
    static let done = LinearSample(a: 1, b: 0, da: 0, db: 0, finished: true, logicallyComplete: true)
}

/// The settling tolerance: remaining distance and velocity (per second) below 0.1 % of the change.
let settleFraction = 1e-3

extension SpringAnimation {
    func sample(at t: TimeInterval) -> LinearSample {
        let c = spring.coefficients(at: t)
        let a = c.a + initialVelocity * c.b
        let da = c.da + initialVelocity * c.db
        let finished = spring.decay > 0 && abs(1 - a) <= settleFraction && abs(da) <= settleFraction
        return LinearSample(
            a: finished ? 1 : a, b: c.b, da: da, db: c.db, finished: finished,
            logicallyComplete: reached(t, spring.response))
    }

    /// The settling test for a spring carrying its own velocity `v₀`: both the remaining
    /// distance and the velocity below 0.1 % of the change's scale, where the scale is the
    /// larger of `|X|` and the distance `v₀` alone would carry the spring (`|v₀|/ω₀`), with an
    /// absolute floor of 1e-9 so a zero-length change still ends.
    func isSettled<V: VectorArithmetic>(change: V, initialVelocity v0: V, offset: V, velocity: V) -> Bool {
        guard spring.decay > 0 else { return false }
        let omega = spring.naturalFrequency
        let scale2 = max(change.magnitudeSquared, v0.magnitudeSquared / (omega * omega), 1e-18)
        let tol2 = settleFraction * settleFraction * scale2
        return (change - offset).magnitudeSquared <= tol2 && velocity.magnitudeSquared <= tol2
    }
}

extension CurveAnimation {
    func sample(at t: TimeInterval) -> LinearSample {
        // At the end (within boundaryTolerance either side) the curve shows 1 and is logically
        // complete; the frame after it finishes.
        guard duration > 0, t <= duration + boundaryTolerance else { return .done }
        let end = reached(t, duration)
        let p = end ? 1 : t / duration
        return LinearSample(
            a: curve.value(at: p), b: 0, da: curve.finiteVelocity(at: p) / duration, db: 0, finished: false,
            logicallyComplete: end)
    }
}

extension Animation.Storage {
    /// Whether `linearSample(at:)` describes this animation (no custom animation, no repeat).
    var isLinear: Bool {
        switch self {
        case .spring, .curve, .decay: return true
        case let .delay(_, base), let .speed(_, base), let .logicallyComplete(_, base): return base.isLinear
        case .repeating, .custom: return false
        }
    }

    /// The custom animation this one runs, under any modifiers (nil for the built-in ones, which
    /// never read their context's environment).
    var customBase: AnyCustomAnimation? {
        switch self {
        case .spring, .curve, .decay: return nil
        case let .delay(_, base), let .speed(_, base), let .logicallyComplete(_, base),
            let .repeating(_, _, base):
            return base.customBase
        case let .custom(c): return c
        }
    }

    /// The sample at `t` of a linear animation (see `isLinear`).
    func linearSample(at t: TimeInterval) -> LinearSample {
        switch self {
        case let .spring(s): return s.sample(at: t)
        case let .curve(c): return c.sample(at: t)
        case let .decay(d): return d.sample(at: t)
        case let .delay(d, base):
            return timeAfterDelay(d, at: t).map(base.linearSample(at:)) ?? .atStart
        case let .speed(s, base):
            guard s.isFinite else { return .done }
            var sample = base.linearSample(at: t * s)
            sample.da *= s
            sample.db *= s
            return sample
        case let .logicallyComplete(d, base):
            var sample = base.linearSample(at: t)
            sample.logicallyComplete = reached(t, d)
            return sample
        case .repeating, .custom:
            preconditionFailure("linearSample(at:) of a non-linear animation")
        }
    }

    /// Until when after its start a linear animation, sampled at `t`, stays as it is: nothing
    /// moves and nothing completes before then (the rest of a `delay`). `t` or less: it moves now.
    func restsUntil(at t: TimeInterval) -> TimeInterval {
        switch self {
        case let .delay(d, base):
            // It waits until boundaryTolerance before d (that frame ends the delay).
            guard let u = timeAfterDelay(d, at: t) else { return d - boundaryTolerance }
            let rest = base.restsUntil(at: u)
            return rest <= u ? t : rest + d
        case let .speed(s, base): return s.isFinite ? base.restsUntil(at: t * s) / s : t
        // The moment it becomes logically complete needs a frame of its own.
        case let .logicallyComplete(d, base):
            return reached(t, d) ? base.restsUntil(at: t) : min(base.restsUntil(at: t), d - boundaryTolerance)
        default: return t
        }
    }

    /// The spring at the top of this animation, if it is a merging spring.
    var mergingSpring: SpringAnimation? {
        if case let .spring(s) = self, s.merges { return s }
        return nil
    }

    /// The time after its start at which the animation is logically complete, when that is
    /// known without running it (nil for custom animations and repeats of springs).
    var logicalDuration: TimeInterval? {
        switch self {
        case let .spring(s): return s.spring.response
        case let .curve(c): return c.duration
        case let .decay(d): return d.logicalDuration
        case let .delay(d, base): return base.logicalDuration.map { $0 + d }
        case let .speed(s, base): return base.logicalDuration.map { s.isFinite ? $0 / s : 0 }
        case let .logicallyComplete(d, _): return d
        case let .repeating(count, _, base):
            guard let count, case .curve = base, let one = base.logicalDuration else { return nil }
            return Double(count) * one
        case .custom: return nil
        }
    }
}

// MARK: - Generic evaluation

extension Animation.Storage {
    func animate<V: VectorArithmetic>(_ value: V, at t: TimeInterval, _ context: inout AnimationContext<V>) -> V? {
        switch self {
        case let .spring(s):
            return s.animate(value, at: t, &context)
        case let .curve(c):
            let sample = c.sample(at: t)
            context.isLogicallyComplete = sample.logicallyComplete
            return sample.finished ? nil : value.scaled(by: sample.a)
        case let .decay(d):
            let sample = d.sample(at: t)
            context.isLogicallyComplete = sample.logicallyComplete
            return sample.finished ? nil : value.scaled(by: sample.a)
        case let .delay(d, base):
            guard let u = timeAfterDelay(d, at: t) else { return .zero }
            return base.animate(value, at: u, &context)
        case let .speed(s, base):
            guard s.isFinite else {
                context.isLogicallyComplete = true
                return nil
            }
            return base.animate(value, at: t * s, &context)
        case let .logicallyComplete(d, base):
            let result = base.animate(value, at: t, &context)
            context.isLogicallyComplete = reached(t, d)
            return result
        case let .repeating(count, autoreverses, base):
            return animateRepeating(value, at: t, count: count, autoreverses: autoreverses, base: base, &context)
        case let .custom(c):
            return c.base.animate(value: value, time: t, context: &context)
        }
    }

    private func animateRepeating<V: VectorArithmetic>(
        _ value: V, at t: TimeInterval, count: Int?, autoreverses: Bool, base: Self,
        _ context: inout AnimationContext<V>
    ) -> V? {
        if let count, count <= 0 { return nil }
        var state = context.state[RepeatStateKey.self]
        if let count, state.pass >= count { return nil }  // finished earlier: stays finished
        defer { context.state[RepeatStateKey.self] = state }
        var baseContext = AnimationContext<V>()
        baseContext.state = AnimationState(storage: state.baseStorage)
        baseContext.environment = context.environment
        var local = max(0, t - state.passStart)
        var result = base.animate(value, at: local, &baseContext)
        if result == nil {
            // The pass ended at this sample: the next one starts here (its offset is this sample's time).
            // A base that ends at its own start has nothing to repeat, so the repeat ends too.
            guard local > 0 else { return nil }
            state.pass += 1
            state.passStart = t
            local = 0
            if let count, state.pass >= count { return nil }
            baseContext = AnimationContext<V>()
            baseContext.environment = context.environment
            result = base.animate(value, at: local, &baseContext)
        }
        state.baseStorage = baseContext.state.storage
        guard let offset = result else { return nil }
        if let count {
            context.isLogicallyComplete = state.pass == count - 1 && baseContext.isLogicallyComplete
        }
        return autoreverses && state.pass % 2 == 1 ? value - offset : offset
    }

    func velocity<V: VectorArithmetic>(_ value: V, at t: TimeInterval, _ context: AnimationContext<V>) -> V? {
        switch self {
        case let .spring(s):
            return s.velocity(value, at: t, context)
        case let .curve(c):
            return value.scaled(by: c.sample(at: t).da)
        case let .decay(d):
            return value.scaled(by: d.sample(at: t).da)
        case let .delay(d, base):
            return timeAfterDelay(d, at: t).map { base.velocity(value, at: $0, context) } ?? .zero
        case let .speed(s, base):
            guard s.isFinite else { return .zero }
            return base.velocity(value, at: t * s, context)?.scaled(by: s)
        case let .logicallyComplete(_, base):
            return base.velocity(value, at: t, context)
        case let .repeating(_, autoreverses, base):
            let state = context.state[RepeatStateKey.self]
            var baseContext = AnimationContext<V>()
            baseContext.state = AnimationState(storage: state.baseStorage)
            baseContext.environment = context.environment
            let v = base.velocity(value, at: max(0, t - state.passStart), baseContext)
            return autoreverses && state.pass % 2 == 1 ? v.map { .zero - $0 } : v
        case let .custom(c):
            return c.base.velocity(value: value, time: t, context: context)
        }
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, _ value: V, at t: TimeInterval, _ context: inout AnimationContext<V>
    ) -> Bool {
        switch self {
        case let .spring(s):
            guard s.merges else { return false }
            let inherited = previous.velocity(value: value, time: t, context: context) ?? .zero
            context.state[SpringVelocityKey<V>.self] = inherited
            context.state[BlendMotionKey<V>.self] = nil
            if s.blendDuration > 0, case let .spring(old) = previous.storage,
                old.spring.response != s.spring.response || old.spring.dampingRatio != s.spring.dampingRatio
            {
                context.state[SpringBlendKey.self] = SpringBlend(from: old.spring, duration: s.blendDuration)
            } else {
                context.state[SpringBlendKey.self] = nil
            }
            return true
        case .decay:
            // A decay takes over like a spring (the old motion stops at the handoff), but its
            // velocity comes from its own change, so nothing of a spring's state carries over.
            context.state[SpringBlendKey.self] = nil
            context.state[BlendMotionKey<V>.self] = nil
            return true
        case let .custom(c):
            return c.base.shouldMerge(previous: previous, value: value, time: t, context: &context)
        case .curve, .delay, .speed, .repeating, .logicallyComplete:
            return false
        }
    }
}

// MARK: - Springs with inherited velocity and blending

extension SpringAnimation {
    func animate<V: VectorArithmetic>(_ value: V, at t: TimeInterval, _ context: inout AnimationContext<V>) -> V? {
        context.isLogicallyComplete = reached(t, spring.response)
        if let blend = context.state[SpringBlendKey.self] {
            return animateBlending(value, at: t, blend: blend, &context)
        }
        let sample = self.sample(at: t)
        guard let v0 = context.state[SpringVelocityKey<V>.self], v0 != .zero else {
            return sample.finished ? nil : value.scaled(by: sample.a)
        }
        let offset = value.scaled(by: sample.a) + v0.scaled(by: sample.b)
        let velocity = value.scaled(by: sample.da) + v0.scaled(by: sample.db)
        return isSettled(change: value, initialVelocity: v0, offset: offset, velocity: velocity) ? nil : offset
    }

    func velocity<V: VectorArithmetic>(_ value: V, at t: TimeInterval, _ context: AnimationContext<V>) -> V {
        if context.state[SpringBlendKey.self] != nil, let motion = context.state[BlendMotionKey<V>.self] {
            return motion.velocity
        }
        let sample = self.sample(at: t)
        let v0 = context.state[SpringVelocityKey<V>.self] ?? .zero
        return value.scaled(by: sample.da) + v0.scaled(by: sample.db)
    }

    /// The largest step used to integrate a blending spring (the closed form is exact within
    /// a step; only the piecewise-constant blend of parameters is approximated).
    static let blendStep: TimeInterval = 1.0 / 240

    /// The spring `t` seconds into a blend from `blend.from`: response and damping ratio
    /// move along a smoothstep `p²(3 − 2p)`, with the progress `p` (not the duration) clamped.
    func blendedSpring(at t: TimeInterval, blend: SpringBlend) -> Spring {
        let p = blend.duration > 0 ? min(max(t / blend.duration, 0), 1) : 1
        let w = p * p * (3 - 2 * p)
        let response = blend.from.response + (spring.response - blend.from.response) * w
        let ratio = blend.from.dampingRatio + (spring.dampingRatio - blend.from.dampingRatio) * w
        return Spring(response: response, dampingRatio: ratio)
    }

    private func animateBlending<V: VectorArithmetic>(
        _ value: V, at t: TimeInterval, blend: SpringBlend, _ context: inout AnimationContext<V>
    ) -> V? {
        let v0 = context.state[SpringVelocityKey<V>.self] ?? .zero
        var motion = context.state[BlendMotionKey<V>.self] ?? BlendMotion(offset: .zero, velocity: v0, time: 0)
        // A time infinitely far ahead is past any settling.
        guard t.isFinite else { return nil }
        // Time only moves forwards here: an earlier sample re-presents the current state.
        while motion.time < t {
            if motion.time >= blend.duration {
                // Past the blend the spring no longer changes, and its closed form steps any
                // distance exactly: one step, however far the clock jumped (hours in one frame
                // would otherwise be millions of small steps).
                blendedSpring(at: blend.duration, blend: blend).update(
                    value: &motion.offset, velocity: &motion.velocity, target: value, deltaTime: t - motion.time)
                motion.time = t
                break
            }
            let h = min(Self.blendStep, t - motion.time)
            let mid = motion.time + h / 2
            blendedSpring(at: mid, blend: blend).update(
                value: &motion.offset, velocity: &motion.velocity, target: value, deltaTime: h)
            motion.time += h
        }
        context.state[BlendMotionKey<V>.self] = motion
        if isSettled(change: value, initialVelocity: v0, offset: motion.offset, velocity: motion.velocity) {
            return nil
        }
        return motion.offset
    }
}
