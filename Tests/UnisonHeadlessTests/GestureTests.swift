import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

@MainActor
@Suite("Gestures")
struct GestureTests {
    /// Samples a drag whose position is `x(t)` at the given event times.
    static func track(_ x: (Double) -> Double, times: [Double]) -> VelocityTracker<Double> {
        var tracker = VelocityTracker<Double>()
        for t in times { tracker.record(x(t), at: t) }
        return tracker
    }

    /// Event times from `start` to `end` at `rate` Hz with a deterministic ±40 % jitter.
    static func jitteredTimes(from start: Double, to end: Double, rate: Double, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        var times: [Double] = []
        var t = start
        while t <= end {
            times.append(t)
            t += (1 / rate) * Double.random(in: 0.6...1.4, using: &rng)
        }
        return times
    }

    @Test("a constant-velocity drag with uneven event timing is measured exactly")
    func constantVelocity() {
        for seed in 0..<20 as Range<UInt64> {
            let times = Self.jitteredTimes(from: 0, to: 0.4, rate: 120, seed: seed)
            let tracker = Self.track({ 850 * $0 + 12 }, times: times)
            // A least-squares line through exact linear samples: rounding only.
            #expect(abs(tracker.velocity(at: times.last!) - 850) < 1e-6)
        }
    }

    @Test("an accelerating drag is measured at the window's centre of time")
    func acceleratingDrag() {
        let a = 3000.0  // x = a t², v = 2 a t
        let times = stride(from: 0.0, through: 0.3, by: 1.0 / 125).map { $0 }
        let tracker = Self.track({ a * $0 * $0 }, times: times)
        let end = times.last!
        let measured = tracker.velocity(at: end)
        // The fit over uniform samples of a parabola gives the slope at the mean sample time,
        // 2a·(mean of the window's times): lagging the end by about half the window (0.05 s).
        let window = times.filter { end - $0 <= 0.1 }
        let mean = window.reduce(0, +) / Double(window.count)
        #expect(abs(measured - 2 * a * mean) < 1e-6)
        let trueVelocity = 2 * a * end
        #expect(abs(measured - trueVelocity) <= a * 0.1 + 1e-9)  // bound: a × window
        print("accelerating drag: measured \(measured) px/s, true \(trueVelocity) px/s at release")
    }

    @Test("a finger that stops before release releases with zero velocity")
    func pauseBeforeRelease() {
        var tracker = VelocityTracker<Double>()
        for t in stride(from: 0.0, through: 0.2, by: 0.008) { tracker.record(900 * t, at: t) }
        #expect(abs(tracker.velocity(at: 0.2) - 900) < 1e-6)
        // No events for 150 ms, then release at the same place.
        #expect(tracker.velocity(at: 0.35) == 0)
        tracker.record(900 * 0.2, at: 0.35)
        #expect(tracker.velocity(at: 0.35) == 0)  // one sample in the window: no slope
        // A finger resting with events still arriving (same position) for 100 ms: zero.
        var resting = VelocityTracker<Double>()
        for t in stride(from: 0.0, through: 0.2, by: 0.008) { resting.record(900 * min(t, 0.1), at: t) }
        #expect(abs(resting.velocity(at: 0.2)) < 1e-9)
    }

    @Test("the drag pattern hands the finger's velocity to the release spring without a jump")
    func dragPatternContinuity() {
        let clock = HeadlessClock(framesPerSecond: 60)
        let x = AnimatableProperty(0.0, clock: clock)
        let speed = 800.0
        // Drag events at 120 Hz for 0.4 s, following the finger with an interactive spring.
        for event in 1...48 {
            clock.advance(by: 1.0 / 120)
            animate(.interactiveSpring) { x.value = speed * Double(event) / 120 }
        }
        let before = x.velocity
        let position = x.presentationValue
        animate(.spring) { x.value = 0 }  // released: back to rest
        let after = x.velocity
        // Right after the release (before a frame) the property reports the inherited velocity:
        // the same motion at the same time, equal to rounding.
        #expect(abs(after - before) <= 1e-9 * abs(before))
        #expect(x.presentationValue == position)
        // The finger steps 6.7 px per event and takeovers land on 60 Hz frames; between steps the
        // interactive spring (ω₀ = 2π/0.15 = 41.9 rad/s) decelerates for about ω₀·T ≈ 0.7 rad of its
        // motion per frame, so its velocity ripples a few percent below the finger's: within 5 %.
        #expect(abs(before - speed) < 0.05 * speed, "release velocity \(before)")
        // The handoff happens at the next frame T: from there the motion is exactly the release
        // spring's closed form from (x_T, v_T), so there is neither a stall nor a jump.
        clock.advance(frames: 1)
        let xT = x.presentationValue
        let vT = x.velocity
        #expect(vT > 0)  // still moving the finger's way
        let spring = Spring(duration: 0.5)
        for k in 1...10 {
            clock.advance(frames: 1)
            let expected = xT + spring.value(target: -xT, initialVelocity: vT, time: Double(k) / 60)
            #expect(abs(x.presentationValue - expected) < 1e-9 * abs(xT))
        }
        clock.runUntilIdle()
        #expect(x.presentationValue == 0)
        print("drag pattern: finger 800 px/s, interactive spring at release \(before) px/s, inherited \(after) px/s")
    }

    @Test("rubber-banding leaves the inside alone and compresses overshoot towards the dimension")
    func rubberBand() {
        let band = RubberBand(bounds: 0...300, dimension: 400)
        #expect(band.offset(for: 120) == 120)
        #expect(band.offset(for: 1e9) < 700 && band.offset(for: 1e9) > 699)
        #expect(band.offset(for: .infinity) == 700)
        #expect(band.offset(for: -1e9) > -400)
        // Slope at the bound is the coefficient: central difference, error O(h²) ≈ 1e-10.
        let h = 1e-4
        #expect(abs((band.offset(for: 300 + h) - 300) / h - 0.55) < 1e-4)
        #expect(band.offset(for: .nan) == 0)
    }
}
