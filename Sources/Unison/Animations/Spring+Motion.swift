import Foundation

/// The response of a spring at one time, for a change of `X` and an initial velocity `v₀`:
/// `x(t) = X·a + v₀·b` and `x'(t) = X·da + v₀·db`.
///
/// The spring equation is linear, so these four numbers describe every value and
/// velocity at time `t`, whatever the vector type. The engine computes them once per
/// frame for all properties that share an animation and a start time.
struct SpringCoefficients: Equatable {
    var a: Double
    var b: Double
    var da: Double
    var db: Double

    static let settled = SpringCoefficients(a: 1, b: 0, da: 0, db: 0)
}

extension Spring {
    /// The closed-form solution of `m x'' + c x' + k (x − X) = 0`, `x(0) = 0`, `x'(0) = v₀`.
    ///
    /// One formula covers all three regimes. With `E = e^(−λt)`:
    /// `a = 1 − E(C + λS)`, `b = E·S`, `da = ω₀²·E·S`, `db = E(C − λS)`, where
    /// `C, S = cos(ω_d t), sin(ω_d t)/ω_d` (underdamped), `cosh(ω_d t), sinh(ω_d t)/ω_d`
    /// (overdamped) or `1, t` (critical). Writing `S` as `t·sinc` keeps it exact as `ω_d → 0`,
    /// and large overdamped arguments use the separate exponentials so nothing overflows.
    ///
    /// - Complexity: O(1): one `exp` and one `sin`/`cos` pair (`InlineMath`: no call into libm,
    ///   whose code and tables are cold at the start of a frame).
    func coefficients(at time: TimeInterval) -> SpringCoefficients {
        let t = time.isNaN ? 0 : max(time, 0)
        guard t.isFinite else {
            return decay > 0 ? .settled : SpringCoefficients(a: 0, b: 0, da: 0, db: 1)
        }
        let lambda = decay
        let e: Double
        let ec: Double  // E·C
        let es: Double  // E·S
        if discriminant > 0 {
            let wd = discriminant.squareRoot()
            let x = wd * t
            e = InlineMath.exp(-lambda * t)
            let (sine, cosine) = InlineMath.sinCos(x)
            ec = e * cosine
            es = e * (x == 0 ? t : sine / wd)
        } else if discriminant < 0 {
            let wd = (-discriminant).squareRoot()
            let x = wd * t
            if x < 1 {
                e = InlineMath.exp(-lambda * t)
                ec = e * cosh(x)
                es = e * (x == 0 ? t : sinh(x) / wd)
            } else {
                // e^(−λt)·cosh(ω_d t) = (e^(r₂t) + e^(r₁t))/2 with r₁,₂ = −λ ∓ ω_d: no overflow.
                let slow = InlineMath.exp((-lambda + wd) * t)
                let fast = InlineMath.exp((-lambda - wd) * t)
                ec = (slow + fast) / 2
                es = (slow - fast) / (2 * wd)
            }
        } else {
            e = InlineMath.exp(-lambda * t)
            ec = e
            es = e * t
        }
        let omega2 = naturalFrequency * naturalFrequency
        return SpringCoefficients(a: 1 - ec - lambda * es, b: es, da: omega2 * es, db: ec - lambda * es)
    }

    /// The displacement at `time` of a spring released at rest-position 0 towards `target`,
    /// moving with `initialVelocity` (units per second) at time 0.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = coefficients(at: time)
        return target.scaled(by: c.a) + initialVelocity.scaled(by: c.b)
    }

    /// The velocity (units per second) at `time` of the motion described by ``value(target:initialVelocity:time:)``.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let c = coefficients(at: time)
        return target.scaled(by: c.da) + initialVelocity.scaled(by: c.db)
    }

    /// Advances a moving value by `deltaTime` seconds towards `target`, exactly (the closed
    /// form over the step, not an Euler step), so any step size gives the same path.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let c = coefficients(at: deltaTime)
        let remaining = target - value
        let v0 = velocity
        value += remaining.scaled(by: c.a) + v0.scaled(by: c.b)
        velocity = remaining.scaled(by: c.da) + v0.scaled(by: c.db)
    }

    /// The force on the mass at `position` moving with `velocity`: `k·(target − x) − c·v`.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }
}
