import Foundation

extension AnimatableProperty {
    /// Sets `newValue` in the current transaction so that its animation starts even when
    /// `newValue` is the target already (a keyframe timeline that ends where it starts, a spring
    /// back to the snap point it left): returns false when it could not (see below).
    ///
    /// The engine starts an animation only for a new target. When `newValue` is the current
    /// target, the property is first sent towards a detour target and then to `newValue` in the
    /// same transaction: the second animation takes over the first before any frame, so nothing
    /// of the detour is ever presented. This needs an animation that takes over (a spring, a
    /// decay, a keyframe playback) and an animated transaction; otherwise `newValue` is simply set.
    /// The detour is any vector other than the target: twice it, or a non-zero one of
    /// `candidates`. When the target and every candidate are zero (nothing the type can tell
    /// apart from the target), it is simply set and false is returned.
    ///
    /// (An engine entry point that starts an animation whatever the target would replace this.)
    @discardableResult
    func setRestartingAnimation(_ newValue: Value, candidates: [Value.AnimatableData]) -> Bool {
        let target = newValue.animatableData
        guard target == value.animatableData, Transaction.current.isAnimated, clock.animationsEnabled else {
            value = newValue
            return true
        }
        let detour: Value.AnimatableData
        if target != .zero {
            detour = target.scaled(by: 2)
        } else if let other = ([presentationValue.animatableData] + candidates).first(where: {
            $0 != .zero && isFiniteVector($0)
        }) {
            detour = other
        } else {
            value = newValue
            return false
        }
        var detoured = newValue
        detoured.animatableData = detour
        value = detoured
        value = newValue
        return true
    }
}
