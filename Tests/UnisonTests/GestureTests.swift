import Foundation
import Testing
import Unison
import UnisonTestSupport

@MainActor
@Suite("Velocity tracking and rubber-banding")
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
            #expect(tracker.velocity(at: times.last!).isApproximatelyEqual(to: 850, within: .leastSquares))
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
        #expect(measured.isApproximatelyEqual(to: 2 * a * mean, within: .leastSquares))
        let trueVelocity = 2 * a * end
        // Bound: a × the 0.1 s window.
        #expect(measured.isApproximatelyEqual(to: trueVelocity, within: Tolerance(a * 0.1) + .accumulatedRounding))
        print("accelerating drag: measured \(measured) px/s, true \(trueVelocity) px/s at release")
    }

    @Test("a finger that stops before release releases with zero velocity")
    func pauseBeforeRelease() {
        var tracker = VelocityTracker<Double>()
        for t in stride(from: 0.0, through: 0.2, by: 0.008) { tracker.record(900 * t, at: t) }
        #expect(tracker.velocity(at: 0.2).isApproximatelyEqual(to: 900, within: .leastSquares))
        // No events for 150 ms, then release at the same place.
        #expect(tracker.velocity(at: 0.35) == 0)
        tracker.record(900 * 0.2, at: 0.35)
        #expect(tracker.velocity(at: 0.35) == 0)  // one sample in the window: no slope
        // A finger resting with events still arriving (same position) for 100 ms: zero.
        var resting = VelocityTracker<Double>()
        for t in stride(from: 0.0, through: 0.2, by: 0.008) { resting.record(900 * min(t, 0.1), at: t) }
        #expect(resting.velocity(at: 0.2).isApproximatelyEqual(to: 0, within: .accumulatedRounding))
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
