import Foundation

/// A function from progress (0...1) to progress: the shape of a timing curve.
///
/// Bezier curves are evaluated exactly: `x(s) = progress` is solved for the Bezier
/// parameter `s` by Newton's method with a bisection fallback, then `y(s)` is returned.
/// The circular curves are true circle arcs.
///
/// ```swift
/// UnitCurve.easeInOut.value(at: 0.5)      // 0.5
/// UnitCurve.easeIn.velocity(at: 1)        // the slope dy/dx at the end
/// UnitCurve.easeIn.inverse                // mirrored across y = x
/// ```
public struct UnitCurve: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case linear
        case bezier(UnitPoint, UnitPoint)
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        /// The inverse of `circularEaseInOut`: ease-out on the first half, ease-in on the second.
        case circularEaseOutIn
    }

    let shape: Shape

    init(_ shape: Shape) { self.shape = shape }

    /// Progress equal to time: constant speed.
    public static let linear = UnitCurve(.linear)
    /// Starts slowly and ends at full speed: the Bezier with control points (0.42, 0) and (1, 1).
    public static let easeIn = bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
    /// Starts at full speed and slows to a stop: the Bezier with control points (0, 0) and (0.58, 1).
    public static let easeOut = bezier(
        startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// Speeds up, then slows to a stop: the Bezier with control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// Starts slowly and ends at full speed, along a quarter circle.
    public static let circularEaseIn = UnitCurve(.circularEaseIn)
    /// Starts at full speed and slows to a stop, along a quarter circle.
    public static let circularEaseOut = UnitCurve(.circularEaseOut)
    /// Speeds up on the first half and slows on the second, along two quarter circles.
    public static let circularEaseInOut = UnitCurve(.circularEaseInOut)

    /// A cubic Bezier from (0, 0) to (1, 1). Control-point x values are clamped to 0...1 so
    /// the curve stays a function of progress; NaN coordinates become those of `linear`.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        func clean(_ v: Double, _ fallback: Double, clampUnit: Bool) -> Double {
            guard v.isFinite else { return fallback }
            return clampUnit ? min(max(v, 0), 1) : v
        }
        let p1 = UnitPoint(
            x: clean(startControlPoint.x, 0, clampUnit: true), y: clean(startControlPoint.y, 0, clampUnit: false))
        let p2 = UnitPoint(
            x: clean(endControlPoint.x, 1, clampUnit: true), y: clean(endControlPoint.y, 1, clampUnit: false))
        return UnitCurve(.bezier(p1, p2))
    }

    /// The curve's output at `progress` (clamped to 0...1; NaN is 0).
    public func value(at progress: Double) -> Double {
        let p = Self.clampProgress(progress)
        switch shape {
        case .linear: return p
        case let .bezier(p1, p2):
            let bezier = CubicBezier(p1, p2)
            return bezier.y(bezier.solve(x: p))
        case .circularEaseIn: return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut: return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut:
            return p < 0.5
                ? UnitCurve.circularEaseIn.value(at: 2 * p) / 2
                : 0.5 + UnitCurve.circularEaseOut.value(at: 2 * p - 1) / 2
        case .circularEaseOutIn:
            return p < 0.5
                ? UnitCurve.circularEaseOut.value(at: 2 * p) / 2
                : 0.5 + UnitCurve.circularEaseIn.value(at: 2 * p - 1) / 2
        }
    }

    /// The slope `dy/dx` at `progress` (clamped to 0...1). Infinite where a circular arc is vertical.
    public func velocity(at progress: Double) -> Double {
        let p = Self.clampProgress(progress)
        switch shape {
        case .linear: return 1
        case let .bezier(p1, p2):
            let bezier = CubicBezier(p1, p2)
            return bezier.slope(at: bezier.solve(x: p))
        case .circularEaseIn:
            // d/dp (1 − √(1 − p²)) = p / √(1 − p²)
            return p / (1 - p * p).squareRoot()
        case .circularEaseOut:
            let q = 1 - p
            return q / (1 - q * q).squareRoot()
        case .circularEaseInOut:
            return p < 0.5
                ? UnitCurve.circularEaseIn.velocity(at: 2 * p)
                : UnitCurve.circularEaseOut.velocity(at: 2 * p - 1)
        case .circularEaseOutIn:
            return p < 0.5
                ? UnitCurve.circularEaseOut.velocity(at: 2 * p)
                : UnitCurve.circularEaseIn.velocity(at: 2 * p - 1)
        }
    }

    /// The curve mirrored across `y = x`: `inverse.value(at: value(at: p)) == p`.
    public var inverse: UnitCurve {
        switch shape {
        case .linear: return self
        case let .bezier(p1, p2):
            // Mirroring swaps x and y of both control points. The x of the mirrored points may
            // leave 0...1 when y did; such a curve is not a function and is clamped like any input.
            return .bezier(startControlPoint: UnitPoint(x: p1.y, y: p1.x), endControlPoint: UnitPoint(x: p2.y, y: p2.x))
        case .circularEaseIn: return .circularEaseOut
        case .circularEaseOut: return .circularEaseIn
        case .circularEaseInOut: return UnitCurve(.circularEaseOutIn)
        case .circularEaseOutIn: return .circularEaseInOut
        }
    }

    /// A finite slope for animation velocities: where the exact slope is infinite (a vertical
    /// arc), the secant over the last 1e-6 of progress.
    func finiteVelocity(at progress: Double) -> Double {
        let v = velocity(at: progress)
        if v.isFinite { return v }
        let p = Self.clampProgress(progress)
        let h = 1e-6
        let (lo, hi) = p >= h ? (p - h, p) : (p, p + h)
        return (value(at: hi) - value(at: lo)) / (hi - lo)
    }

    static func clampProgress(_ p: Double) -> Double { p.isNaN ? 0 : min(max(p, 0), 1) }
}

extension UnitCurve: CustomStringConvertible {
    /// The curve's name (`easeIn`), or its Bezier control points as in `bezier(0.25, 0.1, 0.25, 1)`.
    public var description: String {
        switch shape {
        case .linear: return "linear"
        case let .bezier(p1, p2):
            if self == .easeIn { return "easeIn" }
            if self == .easeOut { return "easeOut" }
            if self == .easeInOut { return "easeInOut" }
            return "bezier(\(formatted(p1.x)), \(formatted(p1.y)), \(formatted(p2.x)), \(formatted(p2.y)))"
        case .circularEaseIn: return "circularEaseIn"
        case .circularEaseOut: return "circularEaseOut"
        case .circularEaseInOut: return "circularEaseInOut"
        case .circularEaseOutIn: return "circularEaseOutIn"
        }
    }
}

/// A cubic Bezier with end points (0, 0) and (1, 1), in power form for fast evaluation.
struct CubicBezier {
    // x(s) = ((ax s + bx) s + cx) s, likewise y.
    let ax, bx, cx, ay, by, cy: Double

    init(_ p1: UnitPoint, _ p2: UnitPoint) {
        cx = 3 * p1.x
        bx = 3 * (p2.x - p1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1.y
        by = 3 * (p2.y - p1.y) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The parameter `s` in 0...1 with `x(s) = x`: Newton from a linear guess, falling back
    /// to bisection (x(s) is monotone because control x values lie in 0...1).
    func solve(x target: Double) -> Double {
        if target <= 0 { return 0 }
        if target >= 1 { return 1 }
        var s = target
        for _ in 0..<8 {
            let err = x(s) - target
            if abs(err) < 1e-14 { return s }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if next < 0 || next > 1 { break }
            s = next
        }
        var lo = 0.0
        var hi = 1.0
        s = target
        for _ in 0..<100 {
            let err = x(s) - target
            if abs(err) < 1e-15 { break }
            if err < 0 { lo = s } else { hi = s }
            s = (lo + hi) / 2
            if hi - lo < 1e-16 { break }
        }
        return s
    }

    /// `dy/dx` at parameter `s`; where both derivatives vanish (a control point on an end
    /// point), the limit of their ratio from the next non-vanishing derivatives.
    func slope(at s: Double) -> Double {
        let d1x = dx(s)
        let d1y = dy(s)
        if abs(d1x) > 1e-12 { return d1y / d1x }
        let d2x = 6 * ax * s + 2 * bx
        let d2y = 6 * ay * s + 2 * by
        if abs(d1y) > 1e-12 { return d1y > 0 ? .infinity : -.infinity }
        if abs(d2x) > 1e-12 { return d2y / d2x }
        if abs(ax) > 1e-12 { return ay / ax }
        return 1
    }
}
