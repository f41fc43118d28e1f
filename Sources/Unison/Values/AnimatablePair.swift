import Foundation

/// Two vectors animated together as one: the building block of composite values
/// such as `CGPoint` (a pair of `CGFloat`) and `CGRect` (a pair of pairs).
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable public static var zero: Self { Self(.zero, .zero) }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs.first += rhs.first
        lhs.second += rhs.second
    }

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
    public var description: String { "(\(first), \(second))" }
}

/// The vector of a value with nothing to animate: every operation is a no-op.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Hashable, Sendable {
    @inlinable public init() {}
    @inlinable public static var zero: Self { Self() }
    @inlinable public static func + (lhs: Self, rhs: Self) -> Self { Self() }
    @inlinable public static func - (lhs: Self, rhs: Self) -> Self { Self() }
    @inlinable public mutating func scale(by rhs: Double) {}
    @inlinable public var magnitudeSquared: Double { 0 }
}
