import Foundation

/// `exp`, `sin` and `cos` for the per-frame evaluation of springs and decays, computed in
/// Unison's own code.
///
/// Why not libm: a frame comes after the main loop slept and the toolkit drew, so the frame's
/// code runs with cold caches: the first `exp` and `cos` of a frame go through the PLT into
/// another library's code pages and tables, each a TLB and cache miss (the cost is measured in
/// Benchmarks/README.md). These polynomials are a few dozen instructions next to their caller, with no tables.
///
/// Accuracy: Cody–Waite argument reduction (the constant split so that the reduction's products
/// are exact) and Taylor polynomials whose truncation error is below 0.05 ulp on the reduced
/// range; the results are within 2 ulp of glibc's (1 ulp for `exp`, and for `sin`/`cos` below
/// 10), as `InlineMathTests` checks. Arguments outside the fast range (and NaN) go to libm.
/// Everything else (a spring's set-up, `cosh`/`sinh` of a slightly overdamped spring's first
/// instants, public helpers) keeps libm.
enum InlineMath {
    /// `e^x`; libm's `exp` when `|x| ≥ 700` or `x` is NaN (results there are tiny, huge or
    /// special, and springs reach them only long after they settled).
    @inline(__always)
    static func exp(_ x: Double) -> Double {
        guard abs(x) < 700 else { return Foundation.exp(x) }
        let (expm1, scale) = reduced(x)
        return (1 + expm1) * scale
    }

    /// `e^x − 1`, accurate near 0 too (a decay's progress); libm's `expm1` outside `|x| < 700`.
    @inline(__always)
    static func expm1(_ x: Double) -> Double {
        guard abs(x) < 700 else { return Foundation.expm1(x) }
        let (expm1, scale) = reduced(x)
        // With k = 0 (|x| ≤ ln 2 / 2) the polynomial is the answer. Otherwise 2^k − 1 and
        // expm1·2^k are exact (up to |k| = 53), so the sum rounds once.
        return scale == 1 ? expm1 : (scale - 1) + expm1 * scale
    }

    /// `e^x = (1 + expm1)·scale`, with `scale = 2^k` and `expm1 = e^r − 1`, `|r| ≤ ln 2 / 2`.
    @inline(__always)
    private static func reduced(_ x: Double) -> (expm1: Double, scale: Double) {
        // x = k·ln 2 + r. ln 2's high part has 29 significant bits, so k·high is exact for
        // |k| ≤ 2²⁴ (here |k| ≤ 1010), and x − k·high is exact (Sterbenz).
        let k = Self.nearestInteger(x * 1.4426950408889634)
        let r = (x - k * 0.6931471806019545) - k * -4.2009150726810846e-11
        // e^r − 1 = r + r²·(1/2! + r/3! + … + r¹¹/13!); the first omitted term, r¹⁴/14!, is below
        // 4.2e-18 for |r| ≤ 0.3466 (0.04 ulp of e^r).
        var p = 1.6059043836821613e-10
        p = p * r + 2.08767569878681e-09
        p = p * r + 2.505210838544172e-08
        p = p * r + 2.755731922398589e-07
        p = p * r + 2.7557319223985893e-06
        p = p * r + 2.48015873015873e-05
        p = p * r + 0.0001984126984126984
        p = p * r + 0.001388888888888889
        p = p * r + 0.008333333333333333
        p = p * r + 0.041666666666666664
        p = p * r + 0.16666666666666666
        p = p * r + 0.5
        // 2^k, exact: |k| ≤ 1010 keeps it a normal number.
        return (r + (r * r) * p, Double(bitPattern: UInt64(1023 + Int(k)) << 52))
    }

    /// `(sin x, cos x)`; libm's when `|x| ≥ 65 536` or `x` is NaN (the three-part reduction
    /// below stays accurate to about an ulp of its remainder up to there).
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard abs(x) < 65536 else { return (Foundation.sin(x), Foundation.cos(x)) }
        // x = q·π/2 + r, |r| ≤ π/4. π/2 is split into parts of 31 and 32 significant bits and a
        // remainder: q has at most 16 bits, so q·part is exact, and x − q·first is exact
        // (Sterbenz); the last two steps round once each.
        let q = Self.nearestInteger(x * 0.6366197723675814)
        let r = ((x - q * 1.5707963267341256) - q * 6.077100506303966e-11) - q * 2.0222662487959506e-21
        let z = r * r
        // sin r = r + r³·(−1/3! + r²/5! − … + r¹⁴/17!); first omitted term r¹⁹/19! < 1e-19.
        var s = 2.8114572543455206e-15
        s = s * z - 7.647163731819816e-13
        s = s * z + 1.6059043836821613e-10
        s = s * z - 2.505210838544172e-08
        s = s * z + 2.7557319223985893e-06
        s = s * z - 0.0001984126984126984
        s = s * z + 0.008333333333333333
        s = s * z - 0.16666666666666666
        let sine = r + r * z * s
        // cos r = 1 − r²/2 + r⁴·(1/4! − r²/6! + … + r¹²/16!); first omitted term r¹⁸/18! < 3e-18.
        // 1 − r²/2 is rounded once into `w`, and its rounding error is added back.
        var c = 4.779477332387385e-14
        c = c * z - 1.1470745597729725e-11
        c = c * z + 2.08767569878681e-09
        c = c * z - 2.755731922398589e-07
        c = c * z + 2.48015873015873e-05
        c = c * z - 0.001388888888888889
        c = c * z + 0.041666666666666664
        let half = 0.5 * z
        let w = 1 - half
        let cosine = w + (((1 - w) - half) + z * z * c)
        switch Int(q) & 3 {
        case 0: return (sine, cosine)
        case 1: return (cosine, -sine)
        case 2: return (-sine, -cosine)
        default: return (-cosine, sine)
        }
    }

    /// `x` rounded to the nearest integer (ties to even), for `|x| < 2⁵¹`: adding and subtracting
    /// 1.5·2⁵² leaves no fraction bits. `rounded()` would call libm's `round` on x86-64 without
    /// SSE4.1 (the baseline Swift builds for), the very call this type avoids.
    @inline(__always)
    private static func nearestInteger(_ x: Double) -> Double {
        (x + 0x1.8p52) - 0x1.8p52
    }
}
