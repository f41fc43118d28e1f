import Foundation

/// Insets on the four edges of a widget (GTK margins, padding), animatable as one value.
public struct EdgeInsets: Hashable, Sendable, Animatable {
    /// The inset in pixels from each edge; `leading` is the side where text starts (GTK's start
    /// margin), `trailing` the side where it ends.
    public var top, leading, bottom, trailing: Double

    /// Insets of the given pixels on each edge (0 where not given).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }

    /// The same inset on every edge.
    public init(all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get { AnimatablePair(AnimatablePair(top, leading), AnimatablePair(bottom, trailing)) }
        set {
            (top, leading) = (newValue.first.first, newValue.first.second)
            (bottom, trailing) = (newValue.second.first, newValue.second.second)
        }
    }
}
