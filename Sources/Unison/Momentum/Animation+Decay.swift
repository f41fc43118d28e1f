import Foundation

extension Animation {
    /// A flick coming to rest: the change Δ runs as `Δ·(1 − e^(−kt))`, `k = −1000·ln r`.
    ///
    /// Started towards ``project(_:velocity:rate:)`` of the presented value and a velocity, this
    /// is exactly the friction motion of ``DecelerationRate``: it starts with that velocity
    /// (`k·Δ`) and slows continuously. It ends (snapping to the target) once the remaining
    /// distance is below 0.1 % of Δ, after ``DecelerationRate/settlingDuration``, and is
    /// logically complete then. Like a spring, it takes over an animation already running on
    /// the property: that motion stops where it is, and the decay runs from there.
    ///
    /// ```swift
    /// let rest = project(x.presentationValue, velocity: flick, rate: .fast)
    /// animate(.decay(.fast)) { x.value = rest }
    /// ```
    ///
    /// - Complexity: O(1) per frame: one `exp`, shared by every property of the transaction.
    public static func decay(_ rate: DecelerationRate = .normal) -> Animation {
        Animation(.decay(DecayAnimation(rate: rate)))
    }

    /// A decay towards a bound it cannot stop at: the motion heads for `overshoot`·Δ (its
    /// projection, past the target Δ, the bound) and, reaching Δ, hands over to `spring` with
    /// the velocity it has there.
    static func decay(_ rate: DecelerationRate, overshoot: Double, spring: Spring) -> Animation {
        Animation(.decay(DecayAnimation(rate: rate, boundary: .init(overshoot: overshoot, spring: spring))))
    }
}

/// The friction motion of ``Animation/decay(_:)``, optionally ending in a spring at a bound.
struct DecayAnimation: Hashable, Sendable {
    var rate: DecelerationRate
    var boundary: Boundary?

    /// The motion heads for `overshoot`·X (overshoot > 1); at X a spring takes over.
    struct Boundary: Hashable, Sendable {
        var overshoot: Double
        var spring: Spring
    }

    init(rate: DecelerationRate, boundary: Boundary? = nil) {
        self.rate = rate
        // An overshoot that does not pass the target (or is not finite) is a plain decay.
        if let boundary, boundary.overshoot.isFinite, boundary.overshoot > 1 {
            self.boundary = boundary
        } else {
            self.boundary = nil
        }
    }

    /// When the bounded motion reaches the target: `(1 − e^(−kt))·overshoot = 1`.
    func boundTime(_ boundary: Boundary) -> TimeInterval {
        -log1p(-1 / boundary.overshoot) / rate.decayConstant
    }

    /// The sample at `t`: `a = 1 − e^(−kt)`, `da = k·e^(−kt)` (no inherited-velocity terms: a
    /// decay's velocity is set by its change). With a boundary, `overshoot` times that until the
    /// target is reached, then the spring from the target with the velocity there.
    func sample(at t: TimeInterval) -> LinearSample {
        let k = rate.decayConstant
        guard let boundary else {
            let e = InlineMath.exp(-k * t)
            guard e >= settleFraction else { return .done }
            return LinearSample(
                a: -InlineMath.expm1(-k * t), b: 0, da: k * e, db: 0, finished: false, logicallyComplete: false)
        }
        let tb = boundTime(boundary)
        if t < tb {
            let e = InlineMath.exp(-k * t)
            return LinearSample(
                a: -InlineMath.expm1(-k * t) * boundary.overshoot, b: 0, da: k * e * boundary.overshoot, db: 0,
                finished: false, logicallyComplete: false)
        }
        // At the bound the velocity is k·X·(overshoot − 1): the spring starts with it.
        let spring = boundary.spring
        let w = k * (boundary.overshoot - 1)
        let c = spring.coefficients(at: t - tb)
        // The spring's settling test (SpringAnimation.isSettled) in units of X: the scale is the
        // larger of the change and the distance the inherited velocity alone would carry it.
        let tolerance = settleFraction * max(1, w / spring.naturalFrequency)
        let finished = spring.decay > 0 && abs(w * c.b) <= tolerance && abs(w * c.db) <= tolerance
        if finished { return .done }
        return LinearSample(
            a: 1 + w * c.b, b: 0, da: w * c.db, db: 0, finished: false,
            logicallyComplete: reached(t - tb, spring.response))
    }

    /// When the animation is logically complete: when it ends (plain), or once the spring at the
    /// bound has run for its response.
    var logicalDuration: TimeInterval {
        guard let boundary else { return rate.settlingDuration }
        return boundTime(boundary) + boundary.spring.response
    }
}
