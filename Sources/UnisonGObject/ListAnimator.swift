import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// The animator behind a UnisonListAnimator (the GObject is Bridges/CUnisonGObject/unison-list-animator.c):
// UnisonGtk's ListAnimator. The GObject holds it (+1); the list view holds it too.

/// Runs `body` with the animator behind `state` on the main actor (the caller has checked the thread).
private func withAnimator<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (ListAnimator) -> Result) -> Result {
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(Unmanaged<ListAnimator>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue())
    }
}

/// `unison_bridge_list_animator_new`: a +1 ListAnimator of `view`.
@_cdecl("unison_bridge_list_animator_new")
public func unisonBridgeListAnimatorNew(_ view: UnsafeMutablePointer<GtkWidget>?) -> gpointer? {
    guard let view, onMainThread("unison_list_animator_new") else { return nil }
    let viewAddress = UInt(bitPattern: view)
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let animator = ListAnimator(UnsafeMutableRawPointer(bitPattern: viewAddress)!)
        return UInt(bitPattern: Unmanaged.passRetained(animator).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_list_animator_free`: lets go of the animator (the view keeps it while it lives).
@_cdecl("unison_bridge_list_animator_free")
public func unisonBridgeListAnimatorFree(_ state: gpointer?) {
    guard state != nil else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        Unmanaged<ListAnimator>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}

/// `unison_bridge_list_animator_view`: the view, or NULL once it is gone.
@_cdecl("unison_bridge_list_animator_view")
public func unisonBridgeListAnimatorView(_ state: gpointer?) -> UnsafeMutablePointer<GtkWidget>? {
    UnsafeMutablePointer(bitPattern: withAnimator(state) { UInt(bitPattern: $0.view) })
}

/// `unison_bridge_list_animator_set_transition`.
@_cdecl("unison_bridge_list_animator_set_transition")
public func unisonBridgeListAnimatorSetTransition(_ state: gpointer?, _ transition: OpaquePointer?) {
    guard let transition, onMainThread("unison_list_animator_set_transition") else { return }
    let value = TransitionBox.transition(transition)
    withAnimator(state) { $0.transition = value }
}

/// `unison_bridge_list_animator_set_animation` (NULL: changes outside a transaction do not animate).
@_cdecl("unison_bridge_list_animator_set_animation")
public func unisonBridgeListAnimatorSetAnimation(_ state: gpointer?, _ animation: OpaquePointer?) {
    guard onMainThread("unison_list_animator_set_animation") else { return }
    let value = animation.map { AnimationBox.animation($0) }
    withAnimator(state) { $0.animation = value }
}

/// `unison_bridge_list_animator_get_animates_moves`.
@_cdecl("unison_bridge_list_animator_get_animates_moves")
public func unisonBridgeListAnimatorGetAnimatesMoves(_ state: gpointer?) -> gboolean {
    withAnimator(state) { $0.animatesMoves ? 1 : 0 }
}

/// `unison_bridge_list_animator_set_animates_moves`.
@_cdecl("unison_bridge_list_animator_set_animates_moves")
public func unisonBridgeListAnimatorSetAnimatesMoves(_ state: gpointer?, _ animatesMoves: gboolean) {
    guard onMainThread("unison_list_animator_set_animates_moves") else { return }
    withAnimator(state) { $0.animatesMoves = animatesMoves != 0 }
}

/// `unison_bridge_list_animator_is_animating`.
@_cdecl("unison_bridge_list_animator_is_animating")
public func unisonBridgeListAnimatorIsAnimating(_ state: gpointer?) -> gboolean {
    withAnimator(state) { $0.isAnimating ? 1 : 0 }
}

/// `unison_bridge_list_animator_leaving_count`.
@_cdecl("unison_bridge_list_animator_leaving_count")
public func unisonBridgeListAnimatorLeavingCount(_ state: gpointer?) -> guint {
    withAnimator(state) { guint($0.leavingCount) }
}
