import Foundation

// The driver calls `tick` through the class's vtable, and a property its core's `set`. For a
// generic `ValueCore<Value>` that lands in code compiled for any `Value`, which does every vector
// operation through witness tables (about 10x slower) and looks up the metadata of every generic
// type it touches. These subclasses fix `Value` for the common types: each override calls `super`
// with the type known, so the compiler specialises the whole frame path, the start of an
// animation and the release of a property.

final class DoubleCore: ValueCore<Double> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: Double, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class CGFloatCore: ValueCore<CGFloat> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: CGFloat, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class FloatCore: ValueCore<Float> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: Float, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class CGPointCore: ValueCore<CGPoint> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: CGPoint, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class CGSizeCore: ValueCore<CGSize> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: CGSize, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class CGRectCore: ValueCore<CGRect> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: CGRect, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class RGBAColorCore: ValueCore<RGBAColor> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: RGBAColor, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

/// Transitions (`Presence`) animate these every frame while an element comes or goes.
final class SizedEffectsCore: ValueCore<SizedEffects> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: SizedEffects, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

final class TransitionEffectsCore: ValueCore<TransitionEffects> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
    override func set(_ newValue: TransitionEffects, restarting: Bool) { super.set(newValue, restarting: restarting) }
    override func release() { super.release() }
}

extension ValueCore {
    /// A core for `value`: a specialised subclass for the common types, the generic one otherwise.
    ///
    /// The subclass is chosen as a metatype of `ValueCore<Value>` (the same class when `Value` is
    /// its type), so `apply` reaches the core exactly as the caller made it. Converting it to the
    /// subclass's concrete function type instead would wrap it in a reabstraction thunk: two calls
    /// and two closure contexts (two cache misses in a large scene) on every frame. Never
    /// specialised, for the same reason: a specialised copy takes `apply` in the concrete form.
    @_semantics("optimize.sil.specialize.generic.never")
    static func make(
        _ value: Value, driver: FrameDriver, apply: @escaping @MainActor (Value) -> Void,
        target: AnimationTarget<Value>? = nil
    ) -> ValueCore {
        let type: ValueCore.Type
        switch Value.self {
        case is Double.Type: type = unsafeBitCast(DoubleCore.self, to: ValueCore.Type.self)
        case is CGFloat.Type: type = unsafeBitCast(CGFloatCore.self, to: ValueCore.Type.self)
        case is Float.Type: type = unsafeBitCast(FloatCore.self, to: ValueCore.Type.self)
        case is CGPoint.Type: type = unsafeBitCast(CGPointCore.self, to: ValueCore.Type.self)
        case is CGSize.Type: type = unsafeBitCast(CGSizeCore.self, to: ValueCore.Type.self)
        case is CGRect.Type: type = unsafeBitCast(CGRectCore.self, to: ValueCore.Type.self)
        case is RGBAColor.Type: type = unsafeBitCast(RGBAColorCore.self, to: ValueCore.Type.self)
        case is SizedEffects.Type: type = unsafeBitCast(SizedEffectsCore.self, to: ValueCore.Type.self)
        case is TransitionEffects.Type: type = unsafeBitCast(TransitionEffectsCore.self, to: ValueCore.Type.self)
        default: type = ValueCore.self
        }
        let core = type.init(value, driver: driver, apply: apply)
        core.target = target
        return core
    }
}
