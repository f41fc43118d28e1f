import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// Evaluates `animation` for a change of `change` at `time` with a fresh context.
func offset(_ animation: Animation, _ change: Double = 1, at time: Double) -> Double? {
    var context = AnimationContext<Double>()
    return animation.animate(value: change, time: time, context: &context)
}

/// Evaluates a stateful animation at increasing `times` with one context, as an engine would.
func run(_ animation: Animation, _ change: Double = 1, times: [Double]) -> [Double?] {
    var context = AnimationContext<Double>()
    return times.map { animation.animate(value: change, time: $0, context: &context) }
}

/// The elastic ease-in-out from Apple's `CustomAnimation` documentation, written out here.
struct ElasticEaseInEaseOutAnimation: CustomAnimation {
    let duration: TimeInterval

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time > duration { return nil }
        let p = time / duration
        let s = sin((20 * p - 11.125) * ((2 * Double.pi) / 4.5))
        if p < 0.5 {
            return value.scaled(by: -(pow(2, 20 * p - 10) * s) / 2)
        } else {
            return value.scaled(by: (pow(2, -20 * p + 10) * s) / 2 + 1)
        }
    }
}

extension Animation {
    static var elasticEaseInEaseOut: Animation { elasticEaseInEaseOut(duration: 0.35) }
    static func elasticEaseInEaseOut(duration: TimeInterval) -> Animation {
        Animation(ElasticEaseInEaseOutAnimation(duration: duration))
    }
}

/// Counts its calls in the context's state.
struct CountingAnimation: CustomAnimation {
    struct Calls: AnimationStateKey { static var defaultValue: Int { 0 } }
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        context.state[Calls.self] += 1
        return context.state[Calls.self] > 3 ? nil : value.scaled(by: Double(context.state[Calls.self]) / 4)
    }
}

@Suite("Animations")
struct AnimationTests {
    @Test("spring presets carry the documented parameters")
    func springPresets() throws {
        func spring(_ a: Animation) throws -> SpringAnimation {
            guard case let .spring(s) = a.storage else { throw CancellationError() }
            return s
        }
        let table: [(Animation, Double, Double, Double)] = [  // response, damping ratio, blend
            (.spring, 0.5, 1, 0), (.spring(), 0.5, 1, 0), (.smooth, 0.5, 1, 0), (.snappy, 0.5, 0.85, 0),
            (.bouncy, 0.5, 0.7, 0), (.interactiveSpring, 0.15, 1, 0.25), (.default, 0.55, 1, 0),
            (.spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0), 0.5, 0.825, 0),
            (.interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25), 0.15, 0.86, 0.25),
            (.spring(duration: 0.8, bounce: -0.5), 0.8, 2, 0), (.bouncy(duration: 0.3, extraBounce: 0.1), 0.3, 0.6, 0),
            (.snappy(extraBounce: -0.15), 0.5, 1, 0), (.smooth(duration: 1, extraBounce: 0.2), 1, 0.8, 0),
        ]
        for (animation, response, ratio, blend) in table {
            let s = try spring(animation)
            #expect(abs(s.spring.response - response) < rounding, "\(animation)")
            #expect(abs(s.spring.dampingRatio - ratio) < rounding, "\(animation)")
            #expect(s.blendDuration == blend && s.merges)
        }
        let interpolating = try spring(.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 2))
        #expect(!interpolating.merges && interpolating.initialVelocity == 2)
        // Read-backs through √(k/m) and back: a few ulps of 170 (1e-10 is ~4e5 ulps of margin).
        #expect(
            interpolating.spring.stiffness.isApproximatelyEqual(to: 170, within: .derivedRounding)
                && interpolating.spring.damping.isApproximatelyEqual(to: 15, within: .derivedRounding))
        #expect(try !spring(.interpolatingSpring(duration: 0.4, bounce: 0.2)).merges)
        #expect(try !spring(.interpolatingSpring(.bouncy)).merges)
    }

    @Test("an interpolating spring's initial velocity is in units of the whole change per second")
    func interpolatingVelocity() {
        let spring = Spring(mass: 1, stiffness: 170, damping: 15)
        let animation = Animation.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 3)
        for t in [0.05, 0.2] {
            let expected = spring.value(target: 40.0, initialVelocity: 120, time: t)  // 3 × 40 units/s
            #expect(abs(offset(animation, 40, at: t)! - expected) < rounding)
        }
    }

    @Test("curve animations follow their curve and end after their duration")
    func curves() {
        let table: [(Animation, UnitCurve, Double)] = [
            (.linear, .linear, 0.35), (.easeIn, .easeIn, 0.35), (.easeOut, .easeOut, 0.35),
            (.easeInOut, .easeInOut, 0.35), (.easeInOut(duration: 2), .easeInOut, 2),
            (
                .timingCurve(0.1, 0.7, 0.3, 1),
                .bezier(
                    startControlPoint: UnitPoint(x: 0.1, y: 0.7),
                    endControlPoint: UnitPoint(x: 0.3, y: 1)), 0.35
            ),
            (.timingCurve(.circularEaseOut, duration: 1), .circularEaseOut, 1),
        ]
        for (animation, curve, duration) in table {
            for p in [0.0, 0.2, 0.5, 0.9, 1.0] {
                #expect(abs(offset(animation, 10, at: p * duration)! - 10 * curve.value(at: p)) < rounding)
            }
            #expect(offset(animation, at: duration * 1.0001) == nil)
            var context = AnimationContext<Double>()
            let v = animation.velocity(value: 10.0, time: duration / 2, context: context)!
            #expect(abs(v - 10 * curve.velocity(at: 0.5) / duration) < accumulatedRounding)
            _ = animation.animate(value: 10.0, time: duration, context: &context)
            #expect(context.isLogicallyComplete)
        }
    }

    @Test("springs finish once distance and velocity are within 0.1 % of the change")
    func springFinish() {
        let animation = Animation.smooth
        var t = 0.0
        while offset(animation, 100, at: t) != nil { t += 1.0 / 600 }
        let spring = Spring.smooth
        #expect(
            spring.value(target: 100.0, time: t).isApproximatelyEqual(
                to: 100, within: .settlingThreshold.scaled(by: 100)))
        #expect(
            spring.velocity(target: 100.0, time: t).isApproximatelyEqual(
                to: 0, within: .settlingThreshold.scaled(by: 100)))
        // and not a 600th of a second earlier
        let before = t - 1.0 / 600
        let settled =
            spring.value(target: 100.0, time: before).isApproximatelyEqual(
                to: 100, within: .settlingThreshold.scaled(by: 100))
            && spring.velocity(target: 100.0, time: before).isApproximatelyEqual(
                to: 0, within: .settlingThreshold.scaled(by: 100))
        #expect(!settled)
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 100.0, time: 0.49, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = animation.animate(value: 100.0, time: 0.5, context: &context)
        #expect(context.isLogicallyComplete)
    }

    @Test("delay holds the start, then runs the base")
    func delay() {
        let a = Animation.linear(duration: 1).delay(0.5)
        #expect(offset(a, at: 0.3) == 0)
        #expect(abs(offset(a, at: 1.0)! - 0.5) < rounding)
        #expect(offset(a, at: 1.51) == nil)
        #expect(offset(.linear(duration: 1).delay(-3), at: 0.5) == 0.5)
        #expect(offset(.linear(duration: 1).delay(.nan), at: 0.5) == 0.5)
        #expect(offset(.linear(duration: 1).delay(.infinity), at: 0.5) == 0.5)
        var context = AnimationContext<Double>()
        #expect(a.velocity(value: 1.0, time: 0.2, context: context) == 0)
        #expect(abs(a.velocity(value: 1.0, time: 0.7, context: context)! - 1) < rounding)
        _ = a.animate(value: 1, time: 0.2, context: &context)
    }

    @Test("speed scales time and velocity; bad speeds are documented")
    func speed() {
        let a = Animation.linear(duration: 1).speed(2)
        #expect(abs(offset(a, at: 0.25)! - 0.5) < rounding)
        #expect(offset(a, at: 0.51) == nil)
        let context = AnimationContext<Double>()
        #expect(abs(a.velocity(value: 1.0, time: 0.1, context: context)! - 2) < rounding)
        // speed with delay: the delay is part of the base, so it is sped up too
        let b = Animation.linear(duration: 1).delay(1).speed(2)
        #expect(offset(b, at: 0.4) == 0)
        #expect(abs(offset(b, at: 0.75)! - 0.5) < rounding)
        #expect(offset(.linear(duration: 1).speed(0), at: 0) == nil)  // instant
        #expect(offset(.linear(duration: 1).speed(-1), at: 0) == nil)
        #expect(offset(.linear(duration: 1).speed(.infinity), at: 0) == nil)
        #expect(offset(.linear(duration: 1).speed(.nan), at: 0.5) == 0.5)  // NaN is 1
    }

    @Test("repeatCount runs passes, reversing odd ones, and the delay repeats every pass")
    func repeatCount() {
        let step = 0.05
        let times = stride(from: 0.0, through: 2.0, by: step).map { $0 }
        let reversing = run(.linear(duration: 0.5).repeatCount(3), 1, times: times)
        // Pass boundaries fall on samples where the base reports nil: 0.55 then 1.1 (with 0.05 s frames).
        #expect(abs(reversing[5]! - 0.5) < rounding)  // t = 0.25, pass 0 forward
        #expect(reversing[11] == 1)  // t = 0.55: pass 1 starts here, reversed: 1 − 0
        #expect(abs(reversing[16]! - 0.5) < accumulatedRounding)  // t = 0.8: 1 − 0.25/0.5
        #expect(abs(reversing[27]! - 0.5) < accumulatedRounding)  // t = 1.35: pass 2 forward again
        #expect(reversing.last! == nil)
        let forward = run(.linear(duration: 0.5).repeatCount(2, autoreverses: false), 1, times: times)
        #expect(abs(forward[16]! - 0.5) < accumulatedRounding)  // second pass forward
        let delayed = run(.linear(duration: 0.5).delay(0.2).repeatCount(2, autoreverses: false), 1, times: times)
        #expect(delayed[4] == 0)  // t = 0.2 still in the first delay
        // After the first pass (ends at t > 0.7 → 0.75) the next pass waits its delay again.
        #expect(delayed[16] == 0)  // t = 0.8: 0.05 s into the second pass, inside the delay
        #expect(abs(delayed[24]! - 0.5) < accumulatedRounding)  // t = 1.2: 0.45 s in = 0.25 s after the delay
    }

    @Test("repeatForever never finishes; huge and non-positive counts are safe")
    func repeatForever() {
        let forever = run(
            .easeInOut(duration: 0.1).repeatForever(), 1, times: stride(from: 0, to: 100, by: 0.05).map { $0 })
        #expect(forever.allSatisfy { $0 != nil && $0!.isFinite })
        let huge = run(.linear(duration: 0.1).repeatCount(.max), 1, times: stride(from: 0, to: 10, by: 0.03).map { $0 })
        #expect(huge.allSatisfy { $0 != nil })
        #expect(offset(.linear(duration: 1).repeatCount(0), at: 0) == nil)
        #expect(offset(.linear(duration: 1).repeatCount(-5), at: 0) == nil)
        // An instant base has nothing to repeat: it ends at once instead of looping.
        #expect(offset(.linear(duration: 0).repeatForever(), at: 0) == nil)
    }

    @Test("logicallyComplete(after:) marks completion at that time")
    func logicallyCompleteAfter() {
        let a = Animation.spring(duration: 2).logicallyComplete(after: 0.3)
        var context = AnimationContext<Double>()
        _ = a.animate(value: 1.0, time: 0.29, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = a.animate(value: 1.0, time: 0.3, context: &context)
        #expect(context.isLogicallyComplete)
    }

    @Test("the elastic custom animation of the CustomAnimation documentation compiles and behaves as described")
    func elasticDocumented() {
        let a = Animation.elasticEaseInEaseOut(duration: 5)
        #expect(a == .elasticEaseInEaseOut(duration: 5))
        #expect(a != .elasticEaseInEaseOut)
        #expect(abs(offset(a, 100, at: 0)!) < 0.01)  // starts at (almost exactly) its origin
        // It first dips below the start (moves slightly the other way) before the main motion...
        let early = stride(from: 0.0, to: 2.5, by: 0.01).map { offset(a, 100, at: $0)! }
        #expect(early.min()! < -0.5)
        // ...overshoots past the end, then settles there.
        let late = stride(from: 2.5, through: 5, by: 0.01).map { offset(a, 100, at: $0)! }
        #expect(late.max()! > 100.5)
        #expect(abs(offset(a, 100, at: 5)! - 100) < 0.01)
        #expect(offset(a, 100, at: 5.01) == nil)
        #expect(Animation.elasticEaseInEaseOut.description.contains("ElasticEaseInEaseOut"))
    }

    @Test("custom animation state persists across calls with one context")
    func customState() {
        let values = run(Animation(CountingAnimation()), 8, times: [0, 0.1, 0.2, 0.3])
        #expect(values == [2, 4, 6, nil])
        var context = AnimationContext<Double>()
        context.state[CountingAnimation.Calls.self] = 7
        let other: AnimationContext<CGFloat> = context.withState(AnimationState<CGFloat>())
        #expect(other.state[CountingAnimation.Calls.self] == 0)
    }

    @Test("springs merge with any previous animation and inherit its velocity; others do not")
    func merging() {
        var context = AnimationContext<Double>()
        let previous = Animation.linear(duration: 1)
        #expect(Animation.spring.shouldMerge(previous: previous, value: 10.0, time: 0.5, context: &context))
        #expect(context.state[SpringVelocityKey<Double>.self] == 10)
        // The inherited velocity drives the spring: x(t) = X·a + v0·b.
        let x = Animation.spring.animate(value: 4.0, time: 0.1, context: &context)!
        #expect(abs(x - Spring(duration: 0.5).value(target: 4.0, initialVelocity: 10, time: 0.1)) < rounding)
        var other = AnimationContext<Double>()
        #expect(
            !Animation.interpolatingSpring(duration: 0.3).shouldMerge(
                previous: .spring, value: 1.0, time: 0, context: &other))
        #expect(!Animation.easeIn.shouldMerge(previous: .spring, value: 1.0, time: 0, context: &other))
        #expect(!Animation.spring.delay(0.1).shouldMerge(previous: .spring, value: 1.0, time: 0, context: &other))
    }

    @Test("blendDuration moves the response along a smoothstep of the clamped progress")
    func blend() {
        let new = SpringAnimation(
            spring: Spring(response: 0.15, dampingRatio: 0.86), blendDuration: 0.25, merges: true,
            initialVelocity: 0, spelling: .response)
        let blend = SpringBlend(from: Spring(response: 0.5, dampingRatio: 1), duration: 0.25)
        #expect(abs(new.blendedSpring(at: 0, blend: blend).response - 0.5) < rounding)
        #expect(abs(new.blendedSpring(at: 0.125, blend: blend).response - 0.325) < rounding)  // p = ½ → w = ½
        #expect(abs(new.blendedSpring(at: 0.0625, blend: blend).response - (0.5 - 0.35 * 0.15625)) < rounding)
        #expect(abs(new.blendedSpring(at: 9, blend: blend).response - 0.15) < rounding)
        // A blended takeover still ends at its target and reports completion at its response.
        var context = AnimationContext<Double>()
        #expect(Animation.interactiveSpring.shouldMerge(previous: .spring, value: 1.0, time: 0.1, context: &context))
        var t = 0.0
        var last = 0.0
        while let x = Animation.interactiveSpring.animate(value: 50.0, time: t, context: &context), t < 5 {
            last = x
            t += 1.0 / 60
        }
        #expect(t < 5 && abs(last - 50) < 0.1)
    }

    @Test("animations describe themselves readably")
    func descriptions() {
        #expect(Animation.spring(duration: 0.5, bounce: 0.3).description == "spring(duration: 0.5, bounce: 0.3)")
        #expect(Animation.easeInOut.description == "easeInOut(duration: 0.35)")
        #expect(Animation.default.description == "spring(response: 0.55, dampingFraction: 1)")
        #expect(
            Animation.linear(duration: 1).delay(0.2).repeatCount(3).description
                == "linear(duration: 1).delay(0.2).repeatCount(3, autoreverses: true)")
        #expect(
            Animation.interpolatingSpring(stiffness: 100, damping: 10).description
                == "interpolatingSpring(mass: 1, stiffness: 100, damping: 10)")
    }

    @Test("animations are hashable values")
    func hashable() {
        let set: Set<Animation> = [.smooth, .smooth, .spring(duration: 0.5), .easeIn, .easeIn(duration: 0.35)]
        #expect(set.count == 2)  // .smooth == .spring(duration: 0.5); .easeIn == .easeIn(duration: 0.35)
        #expect(Animation(CountingAnimation()) == Animation(CountingAnimation()))
        #expect(Animation(CountingAnimation()) != .linear)
    }

    @Test(
        "bad times and durations never produce NaN or infinity",
        arguments: [
            Animation.smooth, .bouncy(duration: .nan), .spring(duration: -1, bounce: 2), .easeIn(duration: .infinity),
            .linear(duration: -2), .timingCurve(.nan, 2, -1, .infinity),
            .interpolatingSpring(mass: 0, stiffness: -1, damping: .nan),
            .easeInOut.speed(.nan).delay(.nan).repeatCount(Int.max), .spring(duration: 0.5, bounce: 1).repeatForever(),
        ])
    func badInput(animation: Animation) {
        var context = AnimationContext<Double>()
        for t in [Double.nan, -1, 0, 0.016, 0.3, 2, 1e6, .infinity] {
            if let x = animation.animate(value: 10.0, time: t, context: &context) {
                #expect(x.isFinite, "\(animation) t=\(t)")
            }
            if let v = animation.velocity(value: 10.0, time: t, context: context) {
                #expect(v.isFinite, "\(animation) t=\(t)")
            }
        }
    }
}
