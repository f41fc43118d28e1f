import Foundation

/// A type whose values can be animated by interpolating their `animatableData`.
///
/// A property animates by converting its start and end values to `AnimatableData`,
/// letting an ``Animation`` move between them, and writing each intermediate vector
/// back through `animatableData`.
public protocol Animatable {
    /// The vector the value is interpolated in.
    associatedtype AnimatableData: VectorArithmetic
    /// This value as a vector; setting it replaces the value.
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector animates as itself.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}
