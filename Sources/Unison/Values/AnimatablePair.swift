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
