import Foundation

/// Rubber-banding: how far content follows a finger that drags it past its bounds.
///
/// Inside `bounds` an offset is unchanged; beyond them it is compressed with
/// `(1 − 1/(x·c/d + 1))·d`, where `x` is the overshoot, `d` the `dimension` (the size of
/// the viewport) and `c` the `coefficient` (0.55 feels like iOS). The result approaches
/// `d` however far the finger goes, and its slope at the bound is `c`.
///
/// ```swift
/// let shown = RubberBand(bounds: 0...300, dimension: 400).offset(for: dragged)
/// ```
public struct RubberBand: Hashable, Sendable {
    /// The offsets (points) the content may take freely; beyond them it resists.
    public var bounds: ClosedRange<Double>
    /// The size of the viewport along the drag (points): the most an overshoot can ever show.
    public var dimension: Double
    /// How readily content follows past the bounds: the slope at the bound (0.55 feels like iOS).
    public var coefficient: Double

    /// A rubber band for `bounds` in a viewport of `dimension` points (a dimension that is not positive
    /// and finite becomes 1, a coefficient that is not positive and finite 0.55).
    public init(bounds: ClosedRange<Double>, dimension: Double, coefficient: Double = 0.55) {
        self.bounds = bounds
        self.dimension = dimension.isFinite && dimension > 0 ? dimension : 1
        self.coefficient = coefficient.isFinite && coefficient > 0 ? coefficient : 0.55
    }

    /// The offset to show for a finger at `offset` (NaN shows the lower bound).
    public func offset(for offset: Double) -> Double {
        guard !offset.isNaN else { return bounds.lowerBound }
        if offset > bounds.upperBound { return bounds.upperBound + compress(offset - bounds.upperBound) }
        if offset < bounds.lowerBound { return bounds.lowerBound - compress(bounds.lowerBound - offset) }
        return offset
    }

    private func compress(_ overshoot: Double) -> Double {
        guard overshoot.isFinite else { return dimension }
        return (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }
}
