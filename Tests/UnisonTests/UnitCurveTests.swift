import Foundation
import Testing
import UnisonTestSupport

@testable import Unison

@Suite("Unit curves")
struct UnitCurveTests {
    /// Hand-computed: for a Bezier with control points (x1, y1), (x2, y2), the point at
    /// parameter s is x = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³, likewise y.
    static func point(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, s: Double) -> (Double, Double) {
        let b1 = 3 * (1 - s) * (1 - s) * s
        let b2 = 3 * (1 - s) * s * s
        let b3 = s * s * s
        return (b1 * x1 + b2 * x2 + b3, b1 * y1 + b2 * y2 + b3)
    }

    @Test("Bezier curves pass through hand-computed points", arguments: [0.1, 0.25, 0.5, 0.8, 0.95])
    func bezierPoints(s: Double) {
        for (curve, c) in [
            (UnitCurve.easeIn, (0.42, 0.0, 1.0, 1.0)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
            (
                .bezier(startControlPoint: UnitPoint(x: 0.2, y: 1.4), endControlPoint: UnitPoint(x: 0.3, y: -0.5)),
                (0.2, 1.4, 0.3, -0.5)
            ),
        ] {
            let (x, y) = Self.point(c.0, c.1, c.2, c.3, s: s)
            // Newton/bisection solve to 1e-14 in x; the slope is at most ~5, so 1e-12 in y.
            #expect(curve.value(at: x).isApproximatelyEqual(to: y, within: .curveSolve), "\(curve) at s=\(s)")
        }
    }

    @Test("known values: symmetric easeInOut, linear identity, ends")
    func knownValues() {
        #expect(UnitCurve.easeInOut.value(at: 0.5).isApproximatelyEqual(to: 0.5, within: .curveSolveInX))
        #expect(UnitCurve.linear.value(at: 0.3) == 0.3)
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1).isApproximatelyEqual(to: 1, within: .unitRounding))
            #expect(curve.value(at: -2) == 0 && curve.value(at: 7).isApproximatelyEqual(to: 1, within: .unitRounding))
            #expect(curve.value(at: .nan) == 0)
        }
        #expect(
            UnitCurve.circularEaseIn.value(at: 0.6).isApproximatelyEqual(
                to: (1 - (1 - 0.36).squareRoot()), within: .unitRounding))
        #expect(
            UnitCurve.circularEaseOut.value(at: 0.6).isApproximatelyEqual(
                to: (1 - 0.16).squareRoot(), within: .unitRounding))
        #expect(
            UnitCurve.circularEaseInOut.value(at: 0.25).isApproximatelyEqual(
                to: UnitCurve.circularEaseIn.value(at: 0.5) / 2, within: .unitRounding))
    }

    @Test("inverse mirrors across y = x", arguments: [0.05, 0.3, 0.5, 0.77, 0.99])
    func inverse(p: Double) {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
            // Two nested solves, each exact to ~1e-14 in x; steep ends amplify, hence 1e-9.
            #expect(
                curve.inverse.value(at: curve.value(at: p)).isApproximatelyEqual(to: p, within: .solver),
                "\(curve) p=\(p)")
        }
        #expect(
            UnitCurve.easeIn.inverse
                == .bezier(
                    startControlPoint: UnitPoint(x: 0, y: 0.42),
                    endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseInOut.inverse.inverse == .circularEaseInOut)
    }

    @Test("velocity equals a central finite difference", arguments: [0.1, 0.3, 0.5, 0.7, 0.9])
    func velocityByFiniteDifference(p: Double) {
        let h = 1e-6
        // circularEaseInOut is vertical at 0.5 (both arcs meet there): checked in endSlopes.
        let circularInOut: [UnitCurve] = p == 0.5 ? [] : [.circularEaseInOut]
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut] + circularInOut + [
            .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.9), endControlPoint: UnitPoint(x: 0.2, y: 1.3))
        ] {
            let fd = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            // Central difference error ~h²·f''' (≤ 1e-10 here) plus rounding ~1e-16/h = 1e-10.
            #expect(curve.velocity(at: p).isApproximatelyEqual(to: fd, within: .finiteDifference), "\(curve) p=\(p)")
        }
    }

    @Test("end slopes: degenerate control points use the limit; circular arcs are vertical")
    func endSlopes() {
        // easeOut starts towards (0.58, 1): slope 1/0.58.
        #expect(UnitCurve.easeOut.velocity(at: 0).isApproximatelyEqual(to: 1 / 0.58, within: .rounding))
        #expect(UnitCurve.easeIn.velocity(at: 0).isApproximatelyEqual(to: 0, within: .rounding))
        #expect(UnitCurve.linear.velocity(at: 0) == 1)
        #expect(UnitCurve.circularEaseIn.velocity(at: 1) == .infinity)
        #expect(UnitCurve.circularEaseInOut.velocity(at: 0.5) == .infinity)
        #expect(UnitCurve.circularEaseIn.finiteVelocity(at: 1).isFinite)
    }
}
