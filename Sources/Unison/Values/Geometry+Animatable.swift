import Foundation

// Foundation's geometry types animate with SwiftUI's data layout, so code that reads
// `point.animatableData.first` ports unchanged.

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        @inlinable get { AnimatablePair(x, y) }
        @inlinable set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        @inlinable get { AnimatablePair(width, height) }
        @inlinable set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        @inlinable get { AnimatablePair(origin.animatableData, size.animatableData) }
        @inlinable
        set {
            origin.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }
}
