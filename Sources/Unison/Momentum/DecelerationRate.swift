import Foundation

/// How quickly a flicked value slows down: the fraction of its velocity kept per
/// millisecond, as UIKit's `UIScrollView.DecelerationRate` (normal 0.998, fast 0.99).
///
/// The motion is continuous friction with the decay constant `k = −1000·ln r` per second:
/// `v(t) = v₀·e^(−kt)` and `x(t) = x₀ + v₀·(1 − e^(−kt))/k`, coming to rest at
/// ``project(_:velocity:rate:)`` `= x₀ + v₀/k`.
///
/// ```swift
/// let rest = project(offset, velocity: flick, rate: .fast)
/// animate(.decay(.fast)) { scroll.value = rest }
/// ```
///
/// A rate outside (0, 1), or not finite, is ``normal``'s.
public struct DecelerationRate: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public let rawValue: Double

    /// A rate keeping `rawValue` of the velocity per millisecond; outside (0, 1), or not finite: 0.998.
    public init(rawValue: Double) {
        self.rawValue = rawValue.isFinite && rawValue > 0 && rawValue < 1 ? rawValue : 0.998
    }

    /// UIKit's normal rate, 0.998 (k ≈ 2.002 per second: a flick coasts for about 3.5 s).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate, 0.99 (k ≈ 10.05 per second: about 0.7 s).
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The decay constant `k = −1000·ln r`, per second (always positive and finite).
    public var decayConstant: Double { -1000 * log(rawValue) }

    /// How long the motion takes to come within 0.1 % of its rest point: `ln(1000)/k`.
    /// ``Animation/decay(_:)`` ends then.
    public var settlingDuration: TimeInterval { log(1 / settleFraction) / decayConstant }

    /// Where a value that starts at `value` with `velocity` (units per second) is `time` seconds later.
    /// A negative or NaN time is 0.
    public func value<V: VectorArithmetic>(from value: V, velocity: V, time: TimeInterval) -> V {
        let k = decayConstant
        return value + velocity.scaled(by: -expm1(-k * sanitizedTime(time)) / k)
    }

    /// The velocity, `time` seconds later, of a value that started with `velocity`.
    public func velocity<V: VectorArithmetic>(_ velocity: V, time: TimeInterval) -> V {
        velocity.scaled(by: exp(-decayConstant * sanitizedTime(time)))
    }
}

extension DecelerationRate: CustomStringConvertible {
    /// `.normal` or `.fast`, or the rate per millisecond as in `DecelerationRate(rawValue: 0.995)`.
    public var description: String {
        switch rawValue {
        case Self.normal.rawValue: return ".normal"
        case Self.fast.rawValue: return ".fast"
        default: return "DecelerationRate(rawValue: \(formatted(rawValue)))"
        }
    }
}
