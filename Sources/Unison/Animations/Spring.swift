import Foundation

/// A damped harmonic oscillator: the physics behind every spring animation.
///
/// A spring pulls a value towards its target with force `k·(target − x) − c·v`
/// (stiffness `k`, damping `c`) acting on a mass `m`. The same spring can be described
/// in four ways, all stored as `(m, k, c)`; the read-back properties always describe the
/// spring that actually moves:
///
/// ```swift
/// Spring(duration: 0.5, bounce: 0.3)              // perceptual: period and bounciness
/// Spring(response: 0.5, dampingRatio: 0.7)        // SwiftUI's older spelling
/// Spring(mass: 1, stiffness: 157.9, damping: 17.6) // physical
/// Spring(settlingDuration: 1, dampingRatio: 0.8)  // "be there within a second"
/// ```
///
/// Motion is evaluated in closed form (exact for any time step) by ``value(target:initialVelocity:time:)``
/// and ``velocity(target:initialVelocity:time:)``.
///
/// Invalid parameters never produce NaN: the response (`2π/ω₀`) is clamped to
/// ``minimumResponse``...``maximumResponse``, a NaN duration or response becomes 0.5 s,
/// a negative or NaN damping ratio becomes 0 (undamped) or 1 respectively, and a
/// non-positive or non-finite mass becomes 1.
public struct Spring: Hashable, Sendable {
    /// The shortest response a spring can have (1 ms); shorter requests are clamped to it.
    public static let minimumResponse: TimeInterval = 0.001
    /// The longest response a spring can have (1000 s); longer requests are clamped to it.
    public static let maximumResponse: TimeInterval = 1000
    /// The largest damping ratio kept (heavier damping is clamped to it).
    static let maximumDampingRatio = 1000.0

    /// Mass `m`.
    public let mass: Double
    /// Stiffness `k`.
    public let stiffness: Double
    /// Damping coefficient `c`.
    public let damping: Double

    // Derived once: the per-frame path reads these.
    /// Decay rate `λ = c / 2m`.
    let decay: Double
    /// Natural angular frequency `ω₀ = √(k/m)`.
    let naturalFrequency: Double
    /// `ω₀² − λ²`: positive underdamped (it is `ω_d²`), negative overdamped (`−ω_d²`), zero critical.
    let discriminant: Double

    // MARK: Initialisers

    /// The designated funnel: every parameterisation ends here, normalised so motion is finite.
    init(normalisedMass m: Double, naturalFrequency omega: Double, dampingRatio zeta: Double) {
        let mass = (m.isFinite && m > 0) ? m : 1
        let omega = Self.clampedFrequency(omega)
        let zeta = zeta.isNaN ? 1 : min(max(zeta, 0), Self.maximumDampingRatio)
        self.mass = mass
        self.stiffness = omega * omega * mass
        self.damping = 2 * zeta * omega * mass
        self.naturalFrequency = omega
        self.decay = zeta * omega
        self.discriminant = omega * omega - decay * decay
    }

    /// A spring with a perceptual `duration` (its response, `2π/ω₀`) and `bounce`.
    ///
    /// `bounce` 0 is critically damped, towards 1 increasingly bouncy (1 never stops),
    /// negative values are overdamped (`ζ = 1/(1 + bounce)`). Bounce is clamped to
    /// -0.99...1; a NaN bounce is 0.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        let bounce = bounce.isNaN ? 0 : min(max(bounce, -0.99), 1)
        let zeta = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
        self.init(response: duration, dampingRatio: zeta)
    }

    /// A spring with SwiftUI's `response` (the period of the undamped spring) and damping ratio `ζ`.
    public init(response: Double, dampingRatio: Double) {
        let response = response.isNaN ? 0.5 : response
        let omega = response > 0 ? 2 * Double.pi / response : .infinity
        self.init(normalisedMass: 1, naturalFrequency: omega, dampingRatio: dampingRatio)
    }

    /// A physical spring. When `allowOverDamping` is false, an overdamped spring becomes
    /// critically damped (`c = 2√(km)`), and `damping` reads back that value.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = (mass.isFinite && mass > 0) ? mass : 1
        let k = stiffness.isNaN ? 0 : max(stiffness, 0)
        // Damping is measured against the stiffness actually used (after clamping the response).
        let omega = Self.clampedFrequency((k / m).squareRoot())
        var zeta = damping.isNaN ? 1 : max(damping, 0) / (2 * m * omega)
        if !allowOverDamping { zeta = min(zeta, 1) }
        self.init(normalisedMass: m, naturalFrequency: omega, dampingRatio: zeta)
    }

    static func clampedFrequency(_ omega: Double) -> Double {
        let lowOmega = 2 * Double.pi / maximumResponse
        let highOmega = 2 * Double.pi / minimumResponse
        return omega.isNaN ? 2 * Double.pi / 0.5 : min(max(omega, lowOmega), highOmega)
    }

    /// The spring with damping ratio `ζ` that settles (stays within `epsilon` of a unit
    /// change) after `settlingDuration` seconds. `ζ` is clamped to 0.001...1 and the
    /// duration to 0.01...10 s.
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.001), 1)
        let s = settlingDuration.isNaN ? 0.5 : min(max(settlingDuration, 0.01), 10)
        let eps = (epsilon.isFinite && epsilon > 0) ? min(epsilon, 0.5) : 0.001
        // For a critically or under-damped spring from rest the settling time is the
        // envelope bound ln((λ + 1)/ε)/λ; solve f(λ) = ln((λ + 1)/ε) − sλ = 0. f is concave
        // with f(0) > 0, so the positive root is unique: Newton, safeguarded by bisection.
        var lo = 0.0
        var hi = max(1.0, 2 * log(1 / eps) / s)
        while log((hi + 1) / eps) - s * hi > 0 { hi *= 2 }
        var lambda = log(1 / eps) / s
        for _ in 0..<100 {
            let f = log((lambda + 1) / eps) - s * lambda
            if abs(f) < 1e-15 || hi - lo < 1e-14 * hi { break }
            if f > 0 { lo = lambda } else { hi = lambda }
            let next = lambda - f / (1 / (lambda + 1) - s)
            lambda = (next > lo && next < hi) ? next : (lo + hi) / 2
        }
        self.init(normalisedMass: 1, naturalFrequency: lambda / zeta, dampingRatio: zeta)
    }

    // MARK: Read-backs

    /// The perceptual duration: the response `2π/ω₀`.
    public var duration: TimeInterval { response }
    /// The period of the undamped spring, `2π/ω₀`.
    public var response: Double { 2 * Double.pi / naturalFrequency }
    /// `ζ = c / (2√(km))`.
    public var dampingRatio: Double { decay / naturalFrequency }
    /// `1 − ζ` when critically or under-damped, `1/ζ − 1` when overdamped.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// How long a unit change from rest takes to stay within 0.001 of its target.
    /// Infinite for an undamped spring.
    public var settlingDuration: TimeInterval { settlingDuration(epsilon: 0.001) }

    func settlingDuration(epsilon eps: Double) -> TimeInterval {
        let lambda = decay
        guard lambda > 0 else { return .infinity }
        if discriminant >= 0 {
            // The envelope bound for a unit step from rest: |x − 1| ≤ e^(−λt)·(λ + 1) (the semantics
            // page's (|λX − v₀| + |X|) with X = 1, v₀ = 0), below ε from ln((λ + 1)/ε)/λ on.
            return max(0, log((lambda + 1) / eps) / lambda)
        }
        // Overdamped from rest: the error −(A e^(r₁t) + B e^(r₂t)) decreases monotonically.
        let wd = (-discriminant).squareRoot()
        let r1 = -lambda - wd
        let r2 = -lambda + wd
        let a = r2 / (r1 - r2)
        let b = -r1 / (r1 - r2)
        func error(_ t: Double) -> Double { -(a * exp(r1 * t) + b * exp(r2 * t)) }
        func slope(_ t: Double) -> Double { -(a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t)) }
        guard error(0) > eps else { return 0 }
        var t = max(0, log(abs(b) / eps) / -r2)
        for _ in 0..<100 {
            let f = error(t) - eps
            let step = f / slope(t)
            guard step.isFinite else { break }
            t -= step
            if abs(step) < 1e-14 * max(t, 1) { break }
        }
        return max(0, t)
    }
}

extension Spring: CustomStringConvertible {
    /// The spring's duration (seconds) and bounce, as in `Spring(duration: 0.5, bounce: 0.3)`.
    public var description: String {
        "Spring(duration: \(formatted(duration)), bounce: \(formatted(bounce)))"
    }
}

/// A compact decimal for descriptions: 0.5, 0.35, 157.9137.
func formatted(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
    let s = String(format: "%.6g", x)
    return s
}
