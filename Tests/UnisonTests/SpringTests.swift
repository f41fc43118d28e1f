import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// Classic fourth-order Runge–Kutta on `m x'' + c x' + k (x − X) = 0` from `x = 0, x' = v0`.
/// With h = 1e-5 s and ω ≤ 40 rad/s the truncation error is of order (ωh)⁴ ≈ 3e-14 per unit
/// time, so the integration is a reference good to well below 1e-9 of the motion's scale.
func rk4(_ spring: Spring, target: Double, v0: Double, until t: Double, step h: Double = 1e-5) -> (x: Double, v: Double)
{
    let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
    func acc(_ x: Double, _ v: Double) -> Double { (k * (target - x) - c * v) / m }
    var x = 0.0
    var v = v0
    let steps = Int((t / h).rounded())
    for _ in 0..<steps {
        let k1x = v, k1v = acc(x, v)
        let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite("Springs")
struct SpringTests {
    static let regimes: [(String, Spring)] = [
        ("underdamped", Spring(duration: 0.5, bounce: 0.3)),
        ("critically damped", Spring(duration: 0.4, bounce: 0)),
        ("overdamped", Spring(response: 0.3, dampingRatio: 2.5)),
        ("lightly damped", Spring(mass: 2, stiffness: 300, damping: 3)),
        ("overdamped physical", Spring(mass: 0.5, stiffness: 50, damping: 40, allowOverDamping: true)),
    ]

    @Test("closed form matches RK4 in every regime with initial velocity", arguments: 0..<regimes.count)
    func closedFormMatchesRK4(index: Int) {
        let (_, spring) = Self.regimes[index]
        let target = 120.0
        let v0 = -900.0
        // Scale of the motion: the change, or the distance the velocity alone carries.
        let scale = max(abs(target), abs(v0) / spring.naturalFrequency)
        var worst = 0.0
        for t in [0.01, 0.05, 0.13, 0.3, 0.7] {
            let reference = rk4(spring, target: target, v0: v0, until: t)
            let x = spring.value(target: target, initialVelocity: v0, time: t)
            let v = spring.velocity(target: target, initialVelocity: v0, time: t)
            worst = max(worst, abs(x - reference.x) / scale)
            worst = max(worst, abs(v - reference.v) / (scale * spring.naturalFrequency))
        }
        // The engine promises ~1e-9 relative agreement with RK4 at 1e-5 s steps (`Tolerance.rk4Reference`).
        #expect(worst <= Tolerance.rk4Reference.value, "worst relative error \(worst)")
        print("RK4 agreement, \(Self.regimes[index].0): worst relative error \(worst)")
    }

    @Test("the regimes are what their names say")
    func regimeClassification() {
        #expect(Spring(duration: 0.5, bounce: 0.3).discriminant > 0)
        #expect(Spring(response: 0.3, dampingRatio: 2.5).discriminant < 0)
        #expect(Spring(duration: 0.4, bounce: 0).dampingRatio.isApproximatelyEqual(to: 1, within: .rounding))
    }

    @Test("duration 0.5 s, bounce 0.3 gives stiffness 157.91 and damping 17.59 (Flutter's reference)")
    func flutterReference() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        // The reference values are published to two decimals.
        #expect(spring.stiffness.isApproximatelyEqual(to: 157.91, within: .twoDecimals))
        #expect(spring.damping.isApproximatelyEqual(to: 17.59, within: .twoDecimals))
        #expect(Spring.smooth.damping.isApproximatelyEqual(to: 25.13, within: .twoDecimals))
        #expect(Spring.snappy.damping.isApproximatelyEqual(to: 21.36, within: .twoDecimals))
        #expect(Spring.bouncy.damping.isApproximatelyEqual(to: 17.59, within: .twoDecimals))
        for preset in [Spring.smooth, .snappy, .bouncy] {
            #expect(preset.stiffness.isApproximatelyEqual(to: 157.91, within: .twoDecimals))
        }
    }

    @Test("parameterisations round-trip through their read-backs")
    func roundTrips() {
        for (d, b) in [(0.5, 0.0), (0.8, 0.3), (0.25, 0.9), (1.2, -0.4), (0.35, 1.0)] {
            let s = Spring(duration: d, bounce: b)
            // A few ulps of sqrt/division: 1e-12 relative.
            #expect(s.duration.isApproximatelyEqual(to: d, within: .rounding.scaled(by: d)))
            #expect(s.bounce.isApproximatelyEqual(to: b, within: .rounding))
            let again = Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, allowOverDamping: true)
            #expect(again.duration.isApproximatelyEqual(to: d, within: .rounding.scaled(by: d)))
            #expect(again.bounce.isApproximatelyEqual(to: b, within: .rounding.scaled(by: 10)))  // two round trips
        }
        let r = Spring(response: 0.6, dampingRatio: 0.7)
        #expect(
            r.response.isApproximatelyEqual(to: 0.6, within: .rounding)
                && r.dampingRatio.isApproximatelyEqual(to: 0.7, within: .rounding))
        let p = Spring(mass: 2, stiffness: 300, damping: 10)
        #expect(
            p.mass.isApproximatelyEqual(to: 2, within: .rounding)
                && p.stiffness.isApproximatelyEqual(to: 300, within: .derivedRounding)
                && p.damping.isApproximatelyEqual(to: 10, within: .derivedRounding))
    }

    @Test("an overdamped physical spring becomes critical unless over-damping is allowed")
    func overDampingClamp() {
        let clamped = Spring(mass: 1, stiffness: 100, damping: 50)
        #expect(clamped.damping.isApproximatelyEqual(to: 20, within: .derivedRounding))  // 2·√(k·m)
        #expect(clamped.dampingRatio.isApproximatelyEqual(to: 1, within: .rounding))
        let allowed = Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
        #expect(allowed.damping.isApproximatelyEqual(to: 50, within: .derivedRounding))
        #expect(allowed.bounce.isApproximatelyEqual(to: (1 / 2.5 - 1), within: .rounding))
    }

    @Test("settling-duration init solves for the spring that settles in that time")
    func settlingInit() {
        for (s, zeta) in [(1.0, 1.0), (0.5, 0.8), (2.0, 0.3), (0.01, 1.0), (10, 0.5)] {
            let spring = Spring(settlingDuration: s, dampingRatio: zeta)
            #expect(spring.dampingRatio.isApproximatelyEqual(to: zeta, within: .rounding))
            // Newton converges to ~1e-14; 1e-9 s leaves room for the log's rounding.
            #expect(
                spring.settlingDuration.isApproximatelyEqual(to: s, within: .solver),
                "s=\(s) zeta=\(zeta) got \(spring.settlingDuration)")
        }
        // Out of range inputs clamp to 0.01...10 s and 0.001...1.
        #expect(
            Spring(settlingDuration: 100, dampingRatio: 3).settlingDuration.isApproximatelyEqual(
                to: 10, within: .solver))
        #expect(
            Spring(settlingDuration: 100, dampingRatio: 3).dampingRatio.isApproximatelyEqual(to: 1, within: .rounding))
    }

    @Test("settling duration: infinite undamped, envelope bound underdamped, exact overdamped")
    func settlingDuration() {
        #expect(Spring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
        let under = Spring(duration: 0.5, bounce: 0.3)
        let lambda = under.decay
        #expect(under.settlingDuration.isApproximatelyEqual(to: log((lambda + 1) / 0.001) / lambda, within: .rounding))
        let over = Spring(response: 0.4, dampingRatio: 3)
        let ts = over.settlingDuration
        // At the settling time the error is exactly epsilon (Newton to 1e-14 s).
        #expect((1 - over.value(target: 1.0, time: ts)).isApproximatelyEqual(to: 0.001, within: .solver))
        #expect(1 - over.value(target: 1.0, time: ts * 1.01) < Tolerance.settlingThreshold.value)
    }

    @Test("update stepping equals the closed form for any step")
    func updateMatchesClosedForm() {
        let spring = Spring(duration: 0.6, bounce: 0.25)
        for step in [1.0 / 60, 1.0 / 144, 0.05] {
            var x = 0.0
            var v = 350.0
            var t = 0.0
            for _ in 0..<40 {
                spring.update(value: &x, velocity: &v, target: 80, deltaTime: step)
                t += step
            }
            // 40 compositions of exact steps: rounding only, 1e-10 of the 80-unit change.
            #expect(
                x.isApproximatelyEqual(
                    to: spring.value(target: 80.0, initialVelocity: 350, time: t),
                    within: .derivedRounding.scaled(by: 80)))
            #expect(
                v.isApproximatelyEqual(
                    to: spring.velocity(target: 80.0, initialVelocity: 350, time: t),
                    within: .accumulatedRounding.scaled(by: 80)))
        }
    }

    @Test("value and velocity are generic over vectors")
    func vectorMotion() {
        let spring = Spring.snappy
        let target = CGPoint(x: 100, y: -40).animatableData
        let value = spring.value(target: target, time: 0.1)
        #expect(Double(value.first).isApproximatelyEqual(to: spring.value(target: 100.0, time: 0.1), within: .rounding))
        #expect(
            Double(value.second).isApproximatelyEqual(to: spring.value(target: -40.0, time: 0.1), within: .rounding))
        #expect(spring.force(target: 10.0, position: 4, velocity: 2) == spring.stiffness * 6 - spring.damping * 2)
    }

    @Test(
        "bad parameters give finite, documented springs",
        arguments: [
            (Double.nan, 0.0), (0, 0), (-1, 0.2), (.infinity, 0.3), (0.5, .nan), (0.5, -5), (0.5, 7), (-.infinity, -1),
        ])
    func badParameters(duration: Double, bounce: Double) {
        let s = Spring(duration: duration, bounce: bounce)
        #expect(s.response >= Spring.minimumResponse && s.response <= Spring.maximumResponse)
        #expect(s.bounce >= -0.99 - Tolerance.rounding.value && s.bounce <= 1)
        for t in [0, 0.016, 1, 100, .infinity, .nan, -3] {
            #expect(s.value(target: 1.0, initialVelocity: 5, time: t).isFinite)
            #expect(s.velocity(target: 1.0, initialVelocity: 5, time: t).isFinite)
        }
    }

    @Test("bad physical parameters are normalised")
    func badPhysical() {
        let s = Spring(mass: -2, stiffness: .nan, damping: -1)
        #expect(s.mass == 1)
        #expect(s.response.isApproximatelyEqual(to: Spring.maximumResponse, within: .accumulatedRounding))
        #expect(s.damping == 0)
        let r = Spring(response: 0, dampingRatio: -1)
        #expect(r.response == Spring.minimumResponse && r.dampingRatio == 0)
        #expect(Spring(mass: 1, stiffness: 100, damping: .infinity, allowOverDamping: true).dampingRatio <= 1000)
    }
}
