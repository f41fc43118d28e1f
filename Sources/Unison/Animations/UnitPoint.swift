import Foundation

/// A point in a unit square: control points of timing curves.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal coordinate, as a fraction: 0 is the left edge, 1 the right (in a timing
    /// curve's control point, the fraction of the duration).
    public var x: Double
    /// The vertical coordinate, as a fraction: 0 is the top edge, 1 the bottom (in a timing
    /// curve's control point, the progress).
    public var y: Double

    /// The point at the fractions `x` across and `y` down.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point (0, 0): the top-left corner.
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The point (0.5, 0.5): the middle of the square.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The point (0, 0): the top-left corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The point (1, 1): the bottom-right corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
