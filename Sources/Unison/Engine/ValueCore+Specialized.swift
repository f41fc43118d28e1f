import Foundation

// The driver calls `tick` through the class's vtable. For a generic `ValueCore<Value>` that
// lands in code compiled for any `Value`, which does every vector operation through witness
// tables (about 10x slower). These subclasses fix `Value` for the common types: each override
// calls `super` with the type known, so the compiler specialises the whole frame path.

final class DoubleCore: ValueCore<Double> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class CGFloatCore: ValueCore<CGFloat> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class FloatCore: ValueCore<Float> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class CGPointCore: ValueCore<CGPoint> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class CGSizeCore: ValueCore<CGSize> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class CGRectCore: ValueCore<CGRect> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class RGBAColorCore: ValueCore<RGBAColor> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

/// Transitions (`Presence`) animate these every frame while an element comes or goes.
final class SizedEffectsCore: ValueCore<SizedEffects> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

final class TransitionEffectsCore: ValueCore<TransitionEffects> {
    override func tick(at time: TimeInterval) -> Bool { super.tick(at: time) }
    override var hasAnimations: Bool { super.hasAnimations }
}

extension ValueCore {
    /// A core for `value`: a specialised subclass for the common types, the generic one otherwise.
    static func make(_ value: Value, driver: FrameDriver, apply: @escaping @MainActor (Value) -> Void) -> ValueCore {
        /// `T` is `Value` (checked by the caller), so these casts change no representation.
        // The closure changes type through a box (a class pointer cast). `unsafeBitCast` of the
        // closure itself would pass it through a generic parameter and back, wrapping it in two
        // reabstraction thunks that every frame would then call through.
        let box = ApplyBox(apply)
        func specialised<T: Animatable>(_ type: ValueCore<T>.Type) -> ValueCore {
            let apply = unsafeDowncast(box, to: ApplyBox<T>.self).body
            let core = type.init(unsafeBitCast(value, to: T.self), driver: driver, apply: apply)
            return unsafeDowncast(core, to: ValueCore.self)
        }
        switch Value.self {
        case is Double.Type: return specialised(DoubleCore.self)
        case is CGFloat.Type: return specialised(CGFloatCore.self)
        case is Float.Type: return specialised(FloatCore.self)
        case is CGPoint.Type: return specialised(CGPointCore.self)
        case is CGSize.Type: return specialised(CGSizeCore.self)
        case is CGRect.Type: return specialised(CGRectCore.self)
        case is RGBAColor.Type: return specialised(RGBAColorCore.self)
        case is SizedEffects.Type: return specialised(SizedEffectsCore.self)
        case is TransitionEffects.Type: return specialised(TransitionEffectsCore.self)
        default: return ValueCore(value, driver: driver, apply: apply)
        }
    }
}

/// An apply closure in a class, so that it can change its static type (to the same value type)
/// without being converted.
private final class ApplyBox<Value> {
    let body: @MainActor (Value) -> Void
    init(_ body: @escaping @MainActor (Value) -> Void) { self.body = body }
}
