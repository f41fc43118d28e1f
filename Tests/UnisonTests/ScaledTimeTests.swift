import Foundation
import Testing
import Unison

/// `ScaledTime`, the anchoring behind `GtkFrameClock.timeScale` and the fuzzer's clock: pure
/// arithmetic, so every case is checked exactly. (`setScale`'s result is read into a `let`:
/// `#expect` cannot call a mutating method.)
@Suite("Scaled time")
struct ScaledTimeTests {
    @Test("unscaled and never re-anchored, real times pass through bit for bit, NaN and infinities too")
    func identity() {
        let time = ScaledTime()
        for real in [0, 1e-300, 0.1 + 0.2, 12_345.678_9, -3, 1e300, .infinity, -.infinity] {
            #expect(time.scaled(real).bitPattern == real.bitPattern)
        }
        #expect(time.scaled(.nan).isNaN)
        #expect(time.scale == 1 && time.anchorReal == 0 && time.anchorScaled == 0)
    }

    @Test("a scale change keeps scaled time continuous where it happens, then runs at the new rate")
    func continuity() {
        var time = ScaledTime()
        let slowed = time.setScale(0.5, at: 10)
        #expect(slowed && time.scaled(10) == 10 && time.scaled(12) == 11)
        let sped = time.setScale(2, at: 12)
        #expect(sped && time.scaled(12) == 11 && time.scaled(13) == 13)
        #expect(time.anchorReal == 12 && time.anchorScaled == 11 && time.scale == 2)
        // Back to 1: continuous, offset by the time the slow motion took.
        let restored = time.setScale(1, at: 14)
        #expect(restored && time.scaled(14) == 15 && time.scaled(20) == 21)
        #expect(time.realInterval(3) == 3)
    }

    @Test("a clock going backwards maps before the anchor, a jump maps to a scaled jump")
    func backwardsAndJumps() {
        var time = ScaledTime()
        time.setScale(0.25, at: 100)
        #expect(time.scaled(96) == 99)  // four seconds back: one scaled second back
        #expect(time.scaled(100 + 600) == 250)  // ten minutes later: 150 s scaled
        #expect(time.realInterval(1) == 4)
        // Re-anchoring at a time before the last anchor stays on the same line.
        time.setScale(4, at: 96)
        #expect(time.anchorScaled == 99 && time.scaled(97) == 103)
    }

    @Test("a scale that is not finite and positive, or the current one, is ignored")
    func invalidScales() {
        var time = ScaledTime()
        time.setScale(0.5, at: 10)
        let before = time
        for scale in [0, -1, .nan, .infinity, -.infinity, 0.5] {
            let changed = time.setScale(scale, at: 20)
            #expect(!changed && time == before, "scale \(scale)")
        }
    }

    @Test("an anchor at a non-finite time, or where scaled time overflows, is refused")
    func nonFiniteAnchors() {
        var time = ScaledTime()
        for real in [Double.nan, .infinity, -.infinity] {
            let changed = time.setScale(2, at: real)
            #expect(!changed && time == ScaledTime(), "anchor at \(real)")
        }
        let huge = time.setScale(1e300, at: 1)
        let before = time
        // 1e10 s at 1e300 times real time is beyond Double: that anchor would poison every later time.
        let overflowing = time.setScale(2, at: 1e10)
        #expect(huge && !overflowing && time == before && time.scaled(1).isFinite)
    }
}
