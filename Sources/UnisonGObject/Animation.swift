import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison

// UnisonAnimation: an immutable Swift `Animation` in a reference-counted box. The boxed GType is
// registered in C (Bridges/CUnisonGObject/unison-types.c, where every function is documented);
// `unison_animation_ref`/`_unref` are the box's retain and release (atomic, as GBoxed needs).

/// The object behind a `UnisonAnimation *`.
final class AnimationBox: Sendable {
    let animation: Animation
    init(_ animation: Animation) { self.animation = animation }

    static func new(_ animation: Animation) -> OpaquePointer { retained(AnimationBox(animation)) }

    static func animation(_ pointer: OpaquePointer) -> Animation {
        unretained(pointer, as: AnimationBox.self).animation
    }
}

/// `unison_animation_ref`.
@_cdecl("unison_animation_ref")
public func unisonAnimationRef(_ animation: OpaquePointer?) -> OpaquePointer? {
    guard let animation else {
        reportFailedCheck("unison_animation_ref", "self != NULL")
        return nil
    }
    _ = Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(animation)).retain()
    return animation
}

/// `unison_animation_unref`.
@_cdecl("unison_animation_unref")
public func unisonAnimationUnref(_ animation: OpaquePointer?) {
    guard let animation else { return reportFailedCheck("unison_animation_unref", "self != NULL") }
    Unmanaged<AnimationBox>.fromOpaque(UnsafeRawPointer(animation)).release()
}

/// `unison_animation_equal`.
@_cdecl("unison_animation_equal")
public func unisonAnimationEqual(_ animation: OpaquePointer?, _ other: OpaquePointer?) -> gboolean {
    guard let animation, let other else {
        reportFailedCheck("unison_animation_equal", "self != NULL && other != NULL")
        return 0
    }
    return AnimationBox.animation(animation) == AnimationBox.animation(other) ? 1 : 0
}

/// `unison_animation_to_string`.
@_cdecl("unison_animation_to_string")
public func unisonAnimationToString(_ animation: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let animation else {
        reportFailedCheck("unison_animation_to_string", "self != NULL")
        return nil
    }
    return g_strdup(AnimationBox.animation(animation).description)
}

/// `unison_animation_new_default`.
@_cdecl("unison_animation_new_default")
public func unisonAnimationNewDefault() -> OpaquePointer { AnimationBox.new(.default) }

/// `unison_animation_new_spring`.
@_cdecl("unison_animation_new_spring")
public func unisonAnimationNewSpring(_ duration: Double, _ bounce: Double) -> OpaquePointer {
    AnimationBox.new(.spring(duration: duration, bounce: bounce))
}

/// `unison_animation_new_spring_physics`.
@_cdecl("unison_animation_new_spring_physics")
public func unisonAnimationNewSpringPhysics(_ mass: Double, _ stiffness: Double, _ damping: Double) -> OpaquePointer {
    AnimationBox.new(.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping))
}

/// `unison_animation_new_spring_response`.
@_cdecl("unison_animation_new_spring_response")
public func unisonAnimationNewSpringResponse(_ response: Double, _ dampingFraction: Double) -> OpaquePointer {
    AnimationBox.new(.spring(response: response, dampingFraction: dampingFraction))
}

/// `unison_animation_new_smooth`.
@_cdecl("unison_animation_new_smooth")
public func unisonAnimationNewSmooth(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.smooth(duration: duration))
}

/// `unison_animation_new_snappy`.
@_cdecl("unison_animation_new_snappy")
public func unisonAnimationNewSnappy(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.snappy(duration: duration))
}

/// `unison_animation_new_bouncy`.
@_cdecl("unison_animation_new_bouncy")
public func unisonAnimationNewBouncy(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.bouncy(duration: duration))
}

/// `unison_animation_new_linear`.
@_cdecl("unison_animation_new_linear")
public func unisonAnimationNewLinear(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.linear(duration: duration))
}

/// `unison_animation_new_ease_in`.
@_cdecl("unison_animation_new_ease_in")
public func unisonAnimationNewEaseIn(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.easeIn(duration: duration))
}

/// `unison_animation_new_ease_out`.
@_cdecl("unison_animation_new_ease_out")
public func unisonAnimationNewEaseOut(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.easeOut(duration: duration))
}

/// `unison_animation_new_ease_in_out`.
@_cdecl("unison_animation_new_ease_in_out")
public func unisonAnimationNewEaseInOut(_ duration: Double) -> OpaquePointer {
    AnimationBox.new(.easeInOut(duration: duration))
}

/// `unison_animation_new_timing_curve`.
@_cdecl("unison_animation_new_timing_curve")
public func unisonAnimationNewTimingCurve(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ duration: Double
) -> OpaquePointer {
    AnimationBox.new(.timingCurve(x1, y1, x2, y2, duration: duration))
}

/// `unison_animation_new_from_classes`: the built-in class rules; `UNISON_ERROR_PARSE` names the
/// token that does not parse.
@_cdecl("unison_animation_new_from_classes")
public func unisonAnimationNewFromClasses(
    _ classes: UnsafePointer<CChar>?, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> OpaquePointer? {
    guard let classes else {
        reportFailedCheck("unison_animation_new_from_classes", "classes != NULL")
        return nil
    }
    let text = String(cString: classes)
    do {
        guard let animation = try AnimationClassRules.standard.resolve(text).animation else {
            setError(
                errorOut, UNISON_ERROR_INVALID_ARGUMENT,
                "classes: '\(text)' names no animation (expected an animate-* class, such as animate-spring)")
            return nil
        }
        return AnimationBox.new(animation)
    } catch let failure as AnimationClassError {
        setError(errorOut, UNISON_ERROR_PARSE, "classes: \(failure.description)")
    } catch {
        setError(errorOut, UNISON_ERROR_PARSE, "classes: \(error)")
    }
    return nil
}

/// Sets `error` (if the caller asked for one) in the `UNISON_ERROR` domain.
func setError(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ code: UnisonError, _ message: String) {
    g_set_error_literal(error, unison_error_quark(), gint(code.rawValue), message)
}

/// `unison_animation_delay`.
@_cdecl("unison_animation_delay")
public func unisonAnimationDelay(_ animation: OpaquePointer?, _ seconds: Double) -> OpaquePointer? {
    modified(animation, "unison_animation_delay") { $0.delay(seconds) }
}

/// `unison_animation_speed`.
@_cdecl("unison_animation_speed")
public func unisonAnimationSpeed(_ animation: OpaquePointer?, _ factor: Double) -> OpaquePointer? {
    modified(animation, "unison_animation_speed") { $0.speed(factor) }
}

/// `unison_animation_repeat_count`.
@_cdecl("unison_animation_repeat_count")
public func unisonAnimationRepeatCount(_ animation: OpaquePointer?, _ count: CInt, _ autoreverses: gboolean)
    -> OpaquePointer?
{
    modified(animation, "unison_animation_repeat_count") { $0.repeatCount(Int(count), autoreverses: autoreverses != 0) }
}

/// `unison_animation_repeat_forever`.
@_cdecl("unison_animation_repeat_forever")
public func unisonAnimationRepeatForever(_ animation: OpaquePointer?, _ autoreverses: gboolean) -> OpaquePointer? {
    modified(animation, "unison_animation_repeat_forever") { $0.repeatForever(autoreverses: autoreverses != 0) }
}

/// A new animation: `modify` applied to the one at `animation` (which is unchanged).
private func modified(_ animation: OpaquePointer?, _ function: String, _ modify: (Animation) -> Animation)
    -> OpaquePointer?
{
    guard let animation else {
        reportFailedCheck(function, "self != NULL")
        return nil
    }
    return AnimationBox.new(modify(AnimationBox.animation(animation)))
}

/// `unison_animation_value`: the offset of a 0 → 1 change from rest at `time`, 1 once finished.
@_cdecl("unison_animation_value")
public func unisonAnimationValue(_ animation: OpaquePointer?, _ time: Double) -> Double {
    guard let animation else {
        reportFailedCheck("unison_animation_value", "self != NULL")
        return 0
    }
    var context = AnimationContext<Double>()
    return AnimationBox.animation(animation).animate(value: 1.0, time: time, context: &context) ?? 1
}
