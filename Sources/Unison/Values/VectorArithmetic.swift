import Foundation

/// A type that can be added, subtracted and scaled: the space animations interpolate in.
///
/// Every animatable value is converted to a `VectorArithmetic` value (its `animatableData`);
/// animations only ever add, subtract and scale these vectors, so one animation drives a
/// `Double`, a `CGPoint` or a whole `CGRect` with the same maths.
///
/// ```swift
/// var v = AnimatablePair(3.0, 4.0)
/// v.scale(by: 2)          // (6, 8)
/// v.magnitudeSquared      // 100
/// ```
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the vector with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }

    /// Moves this value `amount` of the way towards `other` (0 stays, 1 arrives).
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        var delta = other - self
        delta.scale(by: amount)
        self += delta
    }

    /// The value `amount` of the way from this value to `other`.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var copy = self
        copy.interpolate(towards: other, amount: amount)
        return copy
    }
}

extension Double: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self = Float(Double(self) * rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

extension CGFloat: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self = CGFloat(Double(self) * rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

/// Whether every component of a vector is finite (a NaN or infinity makes the square infinite or NaN).
@inlinable
func isFiniteVector<V: VectorArithmetic>(_ v: V) -> Bool {
    v.magnitudeSquared.isFinite
}
