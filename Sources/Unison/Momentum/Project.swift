import Foundation

/// Where a value moving with `velocity` (units per second) comes to rest under `rate`'s
/// friction: `value + velocity/k`, `k = −1000·ln r`.
///
/// Use it to pick the target of a flick before animating there (with ``Animation/decay(_:)``,
/// which then moves exactly as the friction would, or with a spring to a snap point):
///
/// ```swift
/// let rest = project(offset.presentationValue, velocity: flick)
/// animate(.decay()) { offset.value = rest }
/// ```
///
/// A velocity with a NaN or infinite component projects nowhere: the result is `value`.
public func project<V: VectorArithmetic>(_ value: V, velocity: V, rate: DecelerationRate = .normal) -> V {
    guard isFiniteVector(velocity) else { return value }
    return value + velocity.scaled(by: 1 / rate.decayConstant)
}

/// The point of `snapPoints` nearest to `value` (the first of equally near ones), or nil when
/// there are none. Points with a NaN or infinite component are skipped.
///
/// ```swift
/// let page = nearestSnapPoint(to: project(x, velocity: v), in: [0.0, 320, 640])
/// ```
public func nearestSnapPoint<V: VectorArithmetic>(to value: V, in snapPoints: some Sequence<V>) -> V? {
    var best: V?
    var bestDistance = Double.infinity
    for point in snapPoints where isFiniteVector(point) {
        let distance = (point - value).magnitudeSquared
        if best == nil || distance < bestDistance {
            best = point
            bestDistance = distance
        }
    }
    return best
}
