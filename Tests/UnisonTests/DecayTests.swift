import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// Flutter's `FrictionSimulation(drag: 0.135, position: 100, velocity: 100)`: drag is the
/// fraction of velocity kept per second, so the rate per millisecond is drag^(1/1000).
let flutterRate = DecelerationRate(rawValue: pow(0.135, 1.0 / 1000))

/// Flutter's published positions (friction_simulation_test.dart), to four decimals.
let flutterOracle: [(time: Double, position: Double)] = [(0.1, 109.0624), (0.5, 131.5896), (2, 149.0279)]
let flutterRest = 149.9381

/// Classic RK4 on the friction ODE `x'' = −k x'` from `x0, v0`.
func rk4Friction(k: Double, x0: Double, v0: Double, until t: Double, step h: Double = 1e-4) -> (x: Double, v: Double) {
    var x = x0
    var v = v0
    let steps = Int((t / h).rounded())
    for _ in 0..<steps {
        let k1x = v, k1v = -k * v
        let k2x = v + h / 2 * k1v, k2v = -k * (v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = -k * (v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = -k * (v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite("Decay and momentum")
struct DecayTests {
    @Test("decay matches Flutter's friction simulation to 1e-3, as a formula and as an animation")
    func flutterOracleMatches() {
        let rest = project(100.0, velocity: 100, rate: flutterRate)
        // The oracle is published to four decimals: 1e-3 leaves room for its rounding only.
        #expect(rest.isApproximatelyEqual(to: flutterRest, within: .flutterReference))
        var worst = abs(rest - flutterRest)
        for (t, x) in flutterOracle {
            let formula = flutterRate.value(from: 100.0, velocity: 100, time: t)
            var context = AnimationContext<Double>()
            let animated = 100 + Animation.decay(flutterRate).animate(value: rest - 100, time: t, context: &context)!
            #expect(formula.isApproximatelyEqual(to: x, within: .flutterReference))
            #expect(animated.isApproximatelyEqual(to: x, within: .flutterReference))
            worst = max(worst, abs(formula - x), abs(animated - x))
        }
        print("Decay vs Flutter oracle: worst error \(worst)")
    }

    @Test("the closed form agrees with RK4 integration of x'' = -k x'", arguments: [DecelerationRate.normal, .fast])
    func rk4Agreement(rate: DecelerationRate) {
        let k = rate.decayConstant
        var worst = 0.0
        for t in [0.05, 0.3, 1, 2.5] {
            let reference = rk4Friction(k: k, x0: -20, v0: 1500, until: t)
            let x = rate.value(from: -20.0, velocity: 1500, time: t)
            let v = rate.velocity(1500.0, time: t)
            // Scale: the distance the flick travels, 1500/k.
            worst = max(worst, abs(x - reference.x) / (1500 / k), abs(v - reference.v) / 1500)
        }
        // RK4 at 1e-4 s steps with k ≤ 10.05/s: truncation (kh)⁵/120 per step ≈ 1e-17; rounding dominates.
        #expect(worst <= Tolerance.rk4Reference.value, "worst relative error \(worst)")
        print("Decay vs RK4 (\(rate)): worst relative error \(worst)")
    }

    @Test("a decay animation's velocity is exact, k·Δ at the start: the flick's own velocity")
    func exactVelocity() {
        let rate = DecelerationRate.fast
        let k = rate.decayConstant
        let change = project(0.0, velocity: 800, rate: rate)
        let animation = Animation.decay(rate)
        let context = AnimationContext<Double>()
        #expect(abs(animation.velocity(value: change, time: 0, context: context)! - 800) < rounding * 800)
        for t in [0.01, 0.1, 0.4] {
            let v = animation.velocity(value: change, time: t, context: context)!
            #expect(abs(v - 800 * exp(-k * t)) < rounding * 800)
            let sample = animation.storage.linearSample(at: t)
            #expect(sample.b == 0 && sample.db == 0)
            #expect(abs(sample.a - (1 - exp(-k * t))) < rounding)
        }
    }

    @Test("a decay ends once less than 0.1 % of the change remains, and is logically complete then")
    func ending() {
        for rate in [DecelerationRate.normal, .fast, flutterRate] {
            let end = log(1000) / rate.decayConstant
            #expect(abs(rate.settlingDuration - end) < rounding)
            #expect(Animation.decay(rate).storage.logicalDuration == rate.settlingDuration)
            var context = AnimationContext<Double>()
            let before = Animation.decay(rate).animate(value: 50.0, time: end * (1 - 1e-9), context: &context)
            #expect(before != nil && !context.isLogicallyComplete)
            #expect(
                before!.isApproximatelyEqual(to: 50, within: Tolerance.settlingThreshold.scaled(by: 50 * (1 + 1e-6))))
            let after = Animation.decay(rate).animate(value: 50.0, time: end * (1 + 1e-9), context: &context)
            #expect(after == nil && context.isLogicallyComplete)
        }
    }

    @Test("decay takes over a running animation like a spring, carrying nothing of the spring's state")
    func merging() {
        var context = AnimationContext<Double>()
        let previous = Animation.spring(duration: 0.5, bounce: 0, blendDuration: 0.3)
        #expect(Animation.decay().shouldMerge(previous: previous, value: 10.0, time: 0.1, context: &context))
        #expect(context.state[SpringBlendKey.self] == nil)
        #expect(Animation.decay().storage.isLinear)
        // Wrapped in a modifier it combines, as a wrapped spring does.
        #expect(!Animation.decay().delay(0.1).shouldMerge(previous: previous, value: 10.0, time: 0, context: &context))
    }

    @Test(
        "rates outside (0, 1) or not finite are the normal rate",
        arguments: [0.0, 1, -0.5, 1.5, .nan, .infinity, -.infinity])
    func badRates(raw: Double) {
        #expect(DecelerationRate(rawValue: raw) == .normal)
        #expect(DecelerationRate(rawValue: raw).rawValue == 0.998)
    }

    @Test("normal and fast are UIKit's numbers; extreme rates stay finite")
    func rates() {
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        #expect(abs(DecelerationRate.normal.decayConstant - -1000 * log(0.998)) < rounding)
        for raw in [Double.leastNonzeroMagnitude, 1e-300, 0.5, 1 - 1e-15, (1.0).nextDown] {
            let rate = DecelerationRate(rawValue: raw)
            #expect(rate.decayConstant > 0 && rate.decayConstant.isFinite)
            #expect(project(0.0, velocity: 1000, rate: rate).isFinite)
            var context = AnimationContext<Double>()
            let x = Animation.decay(rate).animate(value: 10.0, time: 0.5, context: &context)
            #expect(x.map(\.isFinite) ?? true)
        }
    }

    @Test("project handles vectors and rejects non-finite velocities")
    func projection() {
        let p = project(CGPoint(x: 10, y: 20).animatableData, velocity: AnimatablePair(200, -100), rate: .fast)
        let k = DecelerationRate.fast.decayConstant
        #expect(abs(p.first - (10 + 200 / k)) < rounding * 100 && abs(p.second - (20 - 100 / k)) < rounding * 100)
        #expect(project(5.0, velocity: .nan) == 5)
        #expect(project(5.0, velocity: .infinity) == 5)
    }

    @Test("the nearest snap point is the closest finite one, or nil without any")
    func snapPoints() {
        #expect(nearestSnapPoint(to: 170.0, in: [0, 320, 640]) == 320)
        #expect(nearestSnapPoint(to: 150.0, in: [0, 320, 640]) == 0)
        #expect(nearestSnapPoint(to: 160.0, in: [0, 320]) == 0)  // equally near: the first
        #expect(nearestSnapPoint(to: 1.0, in: [Double]()) == nil)
        #expect(nearestSnapPoint(to: 1.0, in: [.nan, 7]) == 7)
    }

    @Test("a decay towards a bound reaches it with the friction's velocity, then a spring takes over")
    func boundedDecay() throws {
        let rate = DecelerationRate.normal
        let k = rate.decayConstant
        let spring = Spring(duration: 0.4, bounce: 0)
        // From 0 with 1000/s: the projection is 1000/k ≈ 499.5; the bound is at 300.
        let overshoot = (1000 / k) / 300
        let animation = Animation.decay(rate, overshoot: overshoot, spring: spring)
        guard case let .decay(decay) = animation.storage, let boundary = decay.boundary else {
            throw CancellationError()
        }
        let tb = decay.boundTime(boundary)
        let before = animation.storage.linearSample(at: tb.nextDown)
        let after = animation.storage.linearSample(at: tb)
        // Position: the friction motion reaches the bound exactly at tb (a = 1 there).
        #expect(before.a.isApproximatelyEqual(to: 1, within: .rounding) && abs(after.a - 1) < rounding)
        // Velocity: the friction's velocity at the bound, 1000 − k·300, carried into the spring.
        let vb = 1000 - k * 300
        #expect(
            (before.da * 300).isApproximatelyEqual(to: vb, within: .accumulatedRounding.scaled(by: 1000))
                && (after.da * 300).isApproximatelyEqual(to: vb, within: .accumulatedRounding.scaled(by: 1000)))
        // Before the bound it is the friction motion towards the projection.
        let mid = animation.storage.linearSample(at: tb / 2)
        #expect(abs(mid.a * 300 - rate.value(from: 0.0, velocity: 1000, time: tb / 2)) < rounding * 1000)
        // It ends exactly on the bound, and is logically complete a response after reaching it.
        #expect(animation.storage.linearSample(at: tb + 10).finished)
        #expect(animation.storage.logicalDuration == tb + spring.response)
        // Overshoots that do not pass the target are plain decays.
        #expect(Animation.decay(rate, overshoot: 0.5, spring: spring) == .decay(rate))
        #expect(Animation.decay(rate, overshoot: .nan, spring: spring) == .decay(rate))
    }

    @Test("decay describes itself")
    func description() {
        #expect(Animation.decay().description == "decay(.normal)")
        #expect(Animation.decay(.fast).description == "decay(.fast)")
        #expect(
            Animation.decay(DecelerationRate(rawValue: 0.95)).description == "decay(DecelerationRate(rawValue: 0.95))")
    }
}
