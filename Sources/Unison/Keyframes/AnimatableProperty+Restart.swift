import Foundation

extension AnimatableProperty {
    /// Sets `newValue` in the current transaction so that its animation starts even when
    /// `newValue` is the target already (a keyframe timeline that ends where it starts, a spring
    /// back to the snap point it left). Outside an animated transaction it is simply set.
    func setRestartingAnimation(_ newValue: Value) {
        core.set(newValue, restarting: true)
    }
}
