import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

/// The distance from `value` to `reference` in units of `reference`'s ulp.
private func ulps(_ value: Double, from reference: Double) -> Double {
    value == reference ? 0 : abs(value - reference) / max(abs(reference).ulp, .leastNonzeroMagnitude)
}

/// The largest ulp distance between `f` and `reference` over `count` seeded samples of `range`.
private func largestError(
    _ range: ClosedRange<Double>, count: Int = 200_000, seed: UInt64, _ f: (Double) -> Double,
    _ reference: (Double) -> Double
) -> (ulps: Double, at: Double) {
    var rng = SplitMix64(seed: seed)
    var worst = (ulps: 0.0, at: 0.0)
    for _ in 0..<count {
        let x = Double.random(in: range, using: &rng)
        let error = ulps(f(x), from: reference(x))
        if error > worst.ulps { worst = (error, x) }
    }
    return worst
}

// The bound: glibc's exp, sin and cos are within 1 ulp of the exact value, and so are these
// (Taylor truncation below 0.05 ulp, a handful of roundings), so the two differ by at most 2 ulp.
// Measured over 2–4 million random points while writing them: exp at most 1 ulp on
// [−700, 700]; sin and cos at most 1 ulp on [0, 10] and 2 ulp up to 65 536 (the reduction's
// rounding, relative to values near a zero).
@Suite("Inline exp, sin and cos")
struct InlineMathTests {
    @Test("exp agrees with libm within 1 ulp wherever springs and decays evaluate it")
    func expMatchesLibm() {
        #expect(largestError(-700...0, seed: 1, InlineMath.exp, Foundation.exp).ulps <= 1)
        #expect(largestError(-2...2, seed: 2, InlineMath.exp, Foundation.exp).ulps <= 1)
        #expect(largestError(0...699, seed: 3, InlineMath.exp, Foundation.exp).ulps <= 1)
    }

    @Test("expm1 agrees with libm near 0 and away from it")
    func expm1MatchesLibm() {
        // Near 0 the polynomial is the answer (no cancellation); elsewhere (2^k − 1) + expm1·2^k
        // rounds once more than exp does: 2 ulp.
        #expect(largestError(-0.3...0.3, seed: 4, InlineMath.expm1, Foundation.expm1).ulps <= 1)
        #expect(largestError(-1e-8...1e-8, seed: 5, InlineMath.expm1, Foundation.expm1).ulps <= 1)
        #expect(largestError(-60...(-0.35), seed: 6, InlineMath.expm1, Foundation.expm1).ulps <= 2)
        #expect(largestError(0.35...60, seed: 7, InlineMath.expm1, Foundation.expm1).ulps <= 2)
    }

    @Test("sin and cos agree with libm within 1 ulp below 10 and 2 ulp below 65 536")
    func sinCosMatchLibm() {
        let sine = { InlineMath.sinCos($0).sin }
        let cosine = { InlineMath.sinCos($0).cos }
        #expect(largestError(0...10, seed: 8, sine, Foundation.sin).ulps <= 1)
        #expect(largestError(0...10, seed: 9, cosine, Foundation.cos).ulps <= 1)
        #expect(largestError(-65_535...65_535, seed: 10, sine, Foundation.sin).ulps <= 2)
        #expect(largestError(-65_535...65_535, seed: 11, cosine, Foundation.cos).ulps <= 2)
        #expect(largestError(-1e-6...1e-6, seed: 12, sine, Foundation.sin).ulps <= 1)
    }

    @Test("exact points, and arguments outside the fast range go to libm")
    func edges() {
        #expect(InlineMath.exp(0) == 1)
        #expect(InlineMath.expm1(0) == 0)
        #expect(InlineMath.sinCos(0) == (0, 1))
        // At each quadrant's boundary q·π/2, where the reduction leaves almost nothing. The
        // results there are ±1 (exact on both sides) or the sine or cosine of the double nearest
        // q·π/2, about 6e-17·q: 1e-16 absolute is below half an ulp of 1.
        for quadrant in 0..<4 {
            let x = Double(quadrant) * .pi / 2
            let (s, c) = InlineMath.sinCos(x)
            #expect(
                s.isApproximatelyEqual(to: Foundation.sin(x), within: .halfUlpOfOne)
                    && c.isApproximatelyEqual(to: Foundation.cos(x), within: .halfUlpOfOne))
        }
        for x in [-800.0, 800, -.infinity, .infinity, -1e6] {
            #expect(InlineMath.exp(x) == Foundation.exp(x))
            #expect(InlineMath.expm1(x) == Foundation.expm1(x))
        }
        #expect(InlineMath.exp(.nan).isNaN && InlineMath.expm1(.nan).isNaN)
        for x in [65_536.0, -1e9, .infinity, .nan] {
            let (s, c) = InlineMath.sinCos(x)
            #expect(s.bitPattern == Foundation.sin(x).bitPattern || (s.isNaN && Foundation.sin(x).isNaN))
            #expect(c.bitPattern == Foundation.cos(x).bitPattern || (c.isNaN && Foundation.cos(x).isNaN))
        }
    }
}
