import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// Flutter's `FrictionSimulation(drag: 0.135, position: 100, velocity: 100)` (drag per second).
private let flutterRate = DecelerationRate(rawValue: pow(0.135, 1.0 / 1000))

@MainActor
@Suite("Momentum on properties")
struct MomentumTests {
    @Test("a decay on a property follows Flutter's friction simulation, with exact velocity from its first frame")
    func oracleOnClock() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(100.0, clock: clock)
        let rest = project(100.0, velocity: 100, rate: flutterRate)
        var completions = 0
        withAnimation(.decay(flutterRate)) {
            x.value = rest
        } completion: {
            completions += 1
        }
        // Before its first frame the property already reports the flick's velocity.
        #expect(abs(x.velocity - 100) < rounding * 100)
        // The decay's clock starts at the first frame (t = 1/60): frame n shows time (n − 1)/60.
        clock.advance(frames: 1)
        #expect(x.presentationValue == 100)
        #expect(abs(x.velocity - 100) < rounding * 100)
        let k = flutterRate.decayConstant
        var worst = 0.0
        for (frame, expected) in [(7, 109.0624), (31, 131.5896), (121, 149.0279)] {
            clock.advance(frames: frame - clock.frameCount)
            let t = Double(frame - 1) / 60
            // The oracle has four decimals: 1e-3.
            #expect(x.presentationValue.isApproximatelyEqual(to: expected, within: .flutterReference))
            worst = max(worst, abs(x.presentationValue - expected))
            // Exact velocity: the engine uses the decay's own, k·Δ·e^(−kt) (frame times carry rounding).
            #expect(abs(x.velocity - 100 * exp(-k * t)) < accumulatedRounding * 100)
        }
        print("Decay on HeadlessClock vs Flutter oracle: worst error \(worst)")
        // It ends on the first frame with less than 0.1 % left, exactly on the projection.
        let end = flutterRate.settlingDuration
        let lastFrame = Int((end * 60).rounded(.up)) + 1
        clock.advance(frames: lastFrame - 1 - clock.frameCount)
        #expect(x.isAnimating && completions == 0)
        clock.advance(frames: 1)
        #expect(!x.isAnimating && completions == 1)
        #expect(x.presentationValue == rest)
        #expect(rest.isApproximatelyEqual(to: 149.9381, within: .flutterReference))
        clock.runUntilIdle()
        #expect(completions == 1)
    }

    @Test(
        "a decay takes over a spring: position and velocity continue, and the spring's motion stops",
        arguments: [0.1, 0.25, 0.4])
    func takeover(delay: Double) {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let spring = Spring(duration: 0.6, bounce: 0.3)
        var springCompletions = 0
        withAnimation(.spring(spring)) {
            x.value = 200
        } completion: {
            springCompletions += 1
        }
        clock.advance(frames: Int(delay * 60))
        // The handoff happens at the next frame: the spring's state then.
        let elapsed = Double(clock.frameCount + 1 - 1) / 60
        let p = spring.value(target: 200.0, time: elapsed)
        let v = spring.velocity(target: 200.0, time: elapsed)
        let rate = DecelerationRate.fast
        let rest = project(p, velocity: v, rate: rate)
        animate(.decay(rate)) { x.value = rest }
        clock.advance(frames: 1)
        // Both sides evaluate closed forms at the same frame time: rounding (values ~200, velocities ~1000).
        #expect(abs(x.presentationValue - p) < accumulatedRounding * 200)
        #expect(abs(x.velocity - v) < accumulatedRounding * 1000)
        print(
            "Decay takeover at \(delay) s: position error \(abs(x.presentationValue - p)), velocity error \(abs(x.velocity - v))"
        )
        // From then on it is the friction motion from (p, v): nothing of the spring remains.
        for frames in [1, 5, 20] {
            clock.advance(frames: frames)
            let t = Double(clock.frameCount) / 60 - (elapsed + 1.0 / 60)
            let expected = rate.value(from: p, velocity: v, time: t)
            #expect(abs(x.presentationValue - expected) < accumulatedRounding * 1000)
        }
        clock.runUntilIdle()
        #expect(x.presentationValue == rest)
        // The spring's transaction still completes exactly once.
        #expect(springCompletions == 1)
    }

    @Test("a spring that takes over a decay inherits its exact velocity")
    func springAfterDecay() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let rate = DecelerationRate.normal
        animate(.decay(rate)) { x.value = project(0, velocity: 2000, rate: rate) }
        clock.advance(frames: 20)
        // The decay started at frame 1; the spring's first frame is frame 21.
        let t = 20.0 / 60
        let p = rate.value(from: 0.0, velocity: 2000, time: t)
        let v = rate.velocity(2000.0, time: t)
        animate(.spring(duration: 0.5)) { x.value = 300 }
        clock.advance(frames: 1)
        #expect(abs(x.presentationValue - p) < accumulatedRounding * 1000)
        #expect(abs(x.velocity - v) < accumulatedRounding * 2000)
    }

    @Test("a fling within bounds decays to its projection, starting with the flick's velocity")
    func flingWithinBounds() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(50.0, clock: clock)
        let rest = x.fling(velocity: 300, rate: .fast, bounds: 0...1000)
        #expect(rest == project(50.0, velocity: 300, rate: .fast))
        #expect(abs(x.velocity - 300) < rounding * 300)
        clock.runUntilIdle()
        #expect(x.presentationValue == rest)
    }

    @Test("a fling past a bound hands over to a spring at the bound with the velocity it has there")
    func flingPastBound() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let rate = DecelerationRate.normal
        let k = rate.decayConstant
        var completions = 0
        let rest = x.fling(velocity: 1000, rate: rate, bounds: -100...300, spring: Spring(duration: 0.4)) {
            completions += 1
        }
        #expect(rest == 300)
        // The friction motion reaches 300 when e^(−kt) = 1 − 300k/1000.
        let tb = -log(1 - 300 * k / 1000) / k
        let vb = 1000 - k * 300
        var previous = 0.0
        var peak = 0.0
        var crossed = false
        while x.isAnimating {
            clock.advance(frames: 1)
            let t = Double(clock.frameCount - 1) / 60
            if t < tb {
                let expected = rate.value(from: 0.0, velocity: 1000, time: t)
                #expect(abs(x.presentationValue - expected) < accumulatedRounding * 1000)
            } else if !crossed {
                crossed = true
                // The first frame past the bound: the spring from 300 with the bound's velocity.
                let spring = Spring(duration: 0.4)
                let expected = 300 + spring.value(target: 0.0, initialVelocity: vb, time: t - tb)
                #expect(abs(x.presentationValue - expected) < accumulatedRounding * 1000)
                #expect(previous < 300)
            }
            previous = x.presentationValue
            peak = max(peak, previous)
        }
        #expect(crossed && peak > 300 && peak < 300 + vb / (2 * Double.pi / 0.4))
        #expect(x.presentationValue == 300 && completions == 1)
    }

    @Test("a fling released outside the bounds springs back with its velocity")
    func flingOutside() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(-40.0, clock: clock)
        x.fling(velocity: -500, bounds: 0...100)
        clock.advance(frames: 1)
        #expect(abs(x.velocity - -500) < rounding * 500)
        clock.runUntilIdle()
        #expect(x.presentationValue == 0)
    }

    @Test("snapping picks the snap point nearest the projection and springs there with the velocity")
    func snapping() {
        let clock = HeadlessClock()
        let page = AnimatableProperty(100.0, clock: clock)
        // Projection 100 + 600/k ≈ 160 with the fast rate: the nearest page is 0.
        #expect(page.snap(velocity: 600, to: [0, 320, 640], rate: .fast) == 0)
        // With the normal rate it is ≈ 400: page 320.
        #expect(page.snap(velocity: 600, to: [0, 320, 640]) == 320)
        #expect(page.value == 320)
        clock.advance(frames: 1)
        #expect(abs(page.velocity - 600) < rounding * 600)
        clock.runUntilIdle()
        #expect(page.presentationValue == 320)
        // Snapping back to the page it rests on still moves, with the velocity.
        page.snap(velocity: 100, to: [0, 320, 640])
        #expect(page.isAnimating)
        clock.advance(frames: 1)
        #expect(abs(page.velocity - 100) < rounding * 100)
        clock.advance(frames: 5)
        #expect(page.presentationValue > 320)
        clock.runUntilIdle()
        #expect(page.presentationValue == 320)
        #expect(page.snap(velocity: 100, to: []) == nil)
    }
}
