import Foundation

/// An animation that ends at its first frame: a step that must wait for one frame of its
/// clock animates a private value with it, and continues from the completion.
struct OneFrameHold: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        context.isLogicallyComplete = true
        return nil
    }
}
