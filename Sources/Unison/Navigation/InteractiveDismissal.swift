import Foundation

/// Whether a released drag dismisses what it dragged, by distance *and* velocity: the release
/// is projected to where a free flick of its velocity would come to rest (``project(_:velocity:rate:)``),
/// and it dismisses when that point lies at least ``distance`` away from where the drag began.
/// A slow drag past the distance dismisses, a quick flick short of it too, and a flick back
/// towards the start settles back even from far out.
///
/// ```swift
/// let rule = InteractiveDismissal(distance: 120)
/// rule.dismisses(offset: 40, velocity: 900)     // true: 40 + 900 / 10.05 ≈ 130 px
/// rule.dismisses(offset: 150, velocity: -900)   // false: the flick returns it
/// ```
public struct InteractiveDismissal: Hashable, Sendable {
    /// How far from the start the projected rest point must be (points; negative counts as 0).
    public var distance: Double
    /// How quickly a flick loses its speed in the projection (default `.fast`, UIKit's 0.99 per
    /// millisecond: a flick of v points per second carries about v / 10 points further).
    public var rate: DecelerationRate

    /// A rule that dismisses when the projected rest point lies `distance` points or more from the start,
    /// projecting with `rate`.
    public init(distance: Double, rate: DecelerationRate = .fast) {
        self.distance = distance
        self.rate = rate
    }

    /// Whether a one-dimensional drag dismisses: `offset` from the start in the dismissing
    /// direction, `velocity` in points per second (positive: towards dismissal). Non-finite
    /// input never dismisses.
    public func dismisses(offset: Double, velocity: Double) -> Bool {
        guard offset.isFinite, velocity.isFinite else { return false }
        return project(offset, velocity: velocity, rate: rate) >= max(distance, 0)
    }

    /// Whether a drag in any direction dismisses: the projected point's distance from the start.
    public func dismisses(offset: CGPoint, velocity: CGPoint) -> Bool {
        let projected = project(offset.animatableData, velocity: velocity.animatableData, rate: rate)
        let reach =
            (Double(projected.first) * Double(projected.first) + Double(projected.second)
            * Double(projected.second)).squareRoot()
        guard reach.isFinite else { return false }
        return reach >= max(distance, 0)
    }
}
