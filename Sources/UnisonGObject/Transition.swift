import CUnisonGObject
import CUnisonGtk
import Foundation
import Unison

// UnisonTransition: an immutable Swift `AnyTransition` in a reference-counted box, as
// UnisonAnimation (the GType and the documentation are in Bridges/CUnisonGObject/unison-types.c).

/// The object behind a `UnisonTransition *`.
final class TransitionBox: Sendable {
    let transition: AnyTransition
    init(_ transition: AnyTransition) { self.transition = transition }

    static func new(_ transition: AnyTransition) -> OpaquePointer { retained(TransitionBox(transition)) }

    static func transition(_ pointer: OpaquePointer) -> AnyTransition {
        unretained(pointer, as: TransitionBox.self).transition
    }
}

extension Edge {
    /// The edge a `UnisonEdge` names; nil for a value outside the enum.
    init?(_ edge: UnisonEdge) {
        switch edge {
        case UNISON_EDGE_TOP: self = .top
        case UNISON_EDGE_BOTTOM: self = .bottom
        case UNISON_EDGE_LEADING: self = .leading
        case UNISON_EDGE_TRAILING: self = .trailing
        default: return nil
        }
    }

    /// The edge across from this one.
    var facing: Edge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }
}

/// `unison_transition_ref`.
@_cdecl("unison_transition_ref")
public func unisonTransitionRef(_ transition: OpaquePointer?) -> OpaquePointer? {
    guard let transition else {
        reportFailedCheck("unison_transition_ref", "self != NULL")
        return nil
    }
    _ = Unmanaged<TransitionBox>.fromOpaque(UnsafeRawPointer(transition)).retain()
    return transition
}

/// `unison_transition_unref`.
@_cdecl("unison_transition_unref")
public func unisonTransitionUnref(_ transition: OpaquePointer?) {
    guard let transition else { return reportFailedCheck("unison_transition_unref", "self != NULL") }
    Unmanaged<TransitionBox>.fromOpaque(UnsafeRawPointer(transition)).release()
}

/// `unison_transition_new_identity`.
@_cdecl("unison_transition_new_identity")
public func unisonTransitionNewIdentity() -> OpaquePointer { TransitionBox.new(.identity) }

/// `unison_transition_new_opacity`.
@_cdecl("unison_transition_new_opacity")
public func unisonTransitionNewOpacity() -> OpaquePointer { TransitionBox.new(.opacity) }

/// `unison_transition_new_scale`.
@_cdecl("unison_transition_new_scale")
public func unisonTransitionNewScale(_ scale: Double) -> OpaquePointer { TransitionBox.new(.scale(scale: scale)) }

/// `unison_transition_new_slide`: in from `edge`, out by the facing edge.
@_cdecl("unison_transition_new_slide")
public func unisonTransitionNewSlide(_ edge: UnisonEdge) -> OpaquePointer? {
    withEdge(edge, "unison_transition_new_slide") {
        .asymmetric(insertion: .move(edge: $0), removal: .move(edge: $0.facing))
    }
}

/// `unison_transition_new_move`.
@_cdecl("unison_transition_new_move")
public func unisonTransitionNewMove(_ edge: UnisonEdge) -> OpaquePointer? {
    withEdge(edge, "unison_transition_new_move") { .move(edge: $0) }
}

/// `unison_transition_new_push`.
@_cdecl("unison_transition_new_push")
public func unisonTransitionNewPush(_ edge: UnisonEdge) -> OpaquePointer? {
    withEdge(edge, "unison_transition_new_push") { .push(from: $0) }
}

private func withEdge(_ edge: UnisonEdge, _ function: String, _ make: (Edge) -> AnyTransition) -> OpaquePointer? {
    guard let edge = Edge(edge) else {
        reportFailedCheck(function, "edge is a UnisonEdge")
        return nil
    }
    return TransitionBox.new(make(edge))
}

/// `unison_transition_new_offset`.
@_cdecl("unison_transition_new_offset")
public func unisonTransitionNewOffset(_ x: Double, _ y: Double) -> OpaquePointer {
    TransitionBox.new(.offset(x: x, y: y))
}

/// `unison_transition_new_asymmetric`.
@_cdecl("unison_transition_new_asymmetric")
public func unisonTransitionNewAsymmetric(_ insertion: OpaquePointer?, _ removal: OpaquePointer?) -> OpaquePointer? {
    guard let insertion, let removal else {
        reportFailedCheck("unison_transition_new_asymmetric", "insertion != NULL && removal != NULL")
        return nil
    }
    return TransitionBox.new(
        .asymmetric(insertion: TransitionBox.transition(insertion), removal: TransitionBox.transition(removal)))
}

/// `unison_transition_combined`.
@_cdecl("unison_transition_combined")
public func unisonTransitionCombined(_ transition: OpaquePointer?, _ other: OpaquePointer?) -> OpaquePointer? {
    guard let transition, let other else {
        reportFailedCheck("unison_transition_combined", "self != NULL && other != NULL")
        return nil
    }
    return TransitionBox.new(TransitionBox.transition(transition).combined(with: TransitionBox.transition(other)))
}

/// `unison_transition_animation`.
@_cdecl("unison_transition_animation")
public func unisonTransitionAnimation(_ transition: OpaquePointer?, _ animation: OpaquePointer?) -> OpaquePointer? {
    guard let transition else {
        reportFailedCheck("unison_transition_animation", "self != NULL")
        return nil
    }
    return TransitionBox.new(TransitionBox.transition(transition).animation(animation.map(AnimationBox.animation)))
}

/// `unison_transition_get_effects`: the off-stage effects for a widget of `width` × `height`.
@_cdecl("unison_transition_get_effects")
public func unisonTransitionGetEffects(
    _ transition: OpaquePointer?, _ removal: gboolean, _ width: Double, _ height: Double, _ rightToLeft: gboolean,
    _ opacity: UnsafeMutablePointer<Double>?, _ offsetX: UnsafeMutablePointer<Double>?,
    _ offsetY: UnsafeMutablePointer<Double>?, _ scaleX: UnsafeMutablePointer<Double>?,
    _ scaleY: UnsafeMutablePointer<Double>?, _ rotation: UnsafeMutablePointer<Double>?
) {
    guard let transition else { return reportFailedCheck("unison_transition_get_effects", "self != NULL") }
    let effects = TransitionBox.transition(transition).effects(
        for: removal != 0 ? .didDisappear : .willAppear, size: CGSize(width: width, height: height),
        layoutDirection: rightToLeft != 0 ? .rightToLeft : .leftToRight)
    opacity?.pointee = effects.opacity
    offsetX?.pointee = effects.offset.width
    offsetY?.pointee = effects.offset.height
    scaleX?.pointee = effects.scale.width
    scaleY?.pointee = effects.scale.height
    rotation?.pointee = effects.rotation
}
