import Foundation

/// Two vectors animated together as one: the building block of composite values
/// such as `CGPoint` (a pair of `CGFloat`) and `CGRect` (a pair of pairs).
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first component.
    public var first: First
    /// The second component.
    public var second: Second

    /// Creates a pair of the two components.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// The pair of both components' zero.
    @inlinable public static var zero: Self { Self(.zero, .zero) }

    /// Adds the two pairs component-wise.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }

    /// Subtracts the right pair from the left one, component-wise.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }

    /// Adds the right pair to the left one, component-wise.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs.first += rhs.first
        lhs.second += rhs.second
    }

    /// Subtracts the right pair from the left one in place, component-wise.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs.first -= rhs.first
        lhs.second -= rhs.second
    }

    @inlinable
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }

    @inlinable
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}
extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {}

extension AnimatablePair: CustomStringConvertible {
    /// The two components in parentheses, as in `(1.0, 2.0)`.
    public var description: String { "(\(first), \(second))" }
}

/// The vector of a value with nothing to animate: every operation is a no-op.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Hashable, Sendable {
    /// Creates the empty vector.
    @inlinable public init() {}
    /// The empty vector (the only one there is).
    @inlinable public static var zero: Self { Self() }
    /// Returns the empty vector: there is nothing to add.
    @inlinable public static func + (lhs: Self, rhs: Self) -> Self { Self() }
    /// Returns the empty vector: there is nothing to subtract.
    @inlinable public static func - (lhs: Self, rhs: Self) -> Self { Self() }
    @inlinable public mutating func scale(by rhs: Double) {}
    @inlinable public var magnitudeSquared: Double { 0 }
}

// MARK: - Vectors made of Doubles

/// A vector whose memory is `doubleCount` `Double`s, one after the other, and whose arithmetic is
/// each component's own (`+`, `-` and `scaled(by:)` of a `Double`): `Double`, `CGFloat` (a `Double`
/// on 64-bit Linux) and pairs of such vectors, nested to any depth (a three-track pose's
/// `AnimatablePair<Double, AnimatablePair<Double, Double>>`).
///
/// A batch of an app's own value type interpolates such data over its raw `Double`s. Through the
/// generic operators each `+` or `-` of a pair looks its type's metadata up in the runtime's cache
/// (a hash lookup, about 370 instructions), eight times per value and frame for that pose: the
/// raw loop computes the same `base + (target − base)·a`, component by component, bit for bit.
protocol DoubleComponents {
    static var doubleCount: Int { get }
}

extension Double: DoubleComponents {
    static var doubleCount: Int { 1 }
}

extension CGFloat: DoubleComponents {
    static var doubleCount: Int { MemoryLayout<CGFloat>.size == 8 ? 1 : 0 }
}

extension AnimatablePair: DoubleComponents where First: DoubleComponents, Second: DoubleComponents {
    static var doubleCount: Int {
        let (first, second) = (First.doubleCount, Second.doubleCount)
        // 0: not made of Doubles (a 32-bit CGFloat), or laid out with padding.
        guard first > 0, second > 0, MemoryLayout<Self>.size == 8 * (first + second) else { return 0 }
        return first + second
    }
}
