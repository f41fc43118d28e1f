import CUnisonGObject
import CUnisonGtk
import Unison
import UnisonGtk

// The animator behind a UnisonListAnimator (the GObject is Bridges/CUnisonGObject/unison-list-animator.c):
// UnisonGtk's ListAnimator, and its ListReorderInteraction once the object is made reorderable. The
// GObject holds the state (+1); the list view holds the animator and the interaction, which the state
// only follows (a second interaction made for the view replaces it, and it goes).

/// A UnisonListAnimator's state: the Swift animator, its reorder interaction (made when the object
/// is first made reorderable), and the owner the interaction's moves are reported to.
@MainActor
final class ListAnimatorState {
    let animator: ListAnimator
    /// Held by the view (a weak reference here): once another interaction made for the view has
    /// replaced it, it is gone and the object is no longer reorderable (made reorderable again, it
    /// makes a new one, which replaces the other).
    weak var reorder: ListReorderInteraction?
    /// The owning object, until its dispose lets go of this state.
    var owner: OpaquePointer?

    init(owner: OpaquePointer?, animator: ListAnimator) {
        self.owner = owner
        self.animator = animator
    }

    /// Whether the view's items are reorderable by drag and with the keyboard.
    var isReorderable: Bool {
        get { reorder?.isEnabled ?? false }
        set {
            guard newValue || reorder != nil else { return }
            let reorder = self.reorder ?? ListReorderInteraction(animator)
            self.reorder = reorder
            reorder.isEnabled = newValue
            // A GListStore is moved here, then every move is reported (any other model is the app's to move).
            reorder.onMove = { [weak self, weak reorder] from, to in
                reorder?.moveStoreItem(from: from, to: to)
                guard let owner = self?.owner else { return }
                unison_bridge_list_animator_item_moved(owner, guint(from), guint(to))
            }
        }
    }

    /// The owner is gone: moves go on (a GListStore is still moved by the interaction), unreported.
    func detach() {
        owner = nil
        reorder?.onMove = nil
    }
}

/// Runs `body` with the state behind `state` on the main actor (the caller has checked the thread).
private func withState<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (ListAnimatorState) -> Result)
    -> Result
{
    let address = UInt(bitPattern: state)
    return MainActor.assumeIsolated {
        body(Unmanaged<ListAnimatorState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue())
    }
}

/// Runs `body` with the animator behind `state` on the main actor (the caller has checked the thread).
private func withAnimator<Result: Sendable>(_ state: gpointer?, _ body: @MainActor (ListAnimator) -> Result) -> Result {
    withState(state) { body($0.animator) }
}

/// `unison_bridge_list_animator_new`: a +1 state animating `view`, reporting moves to `owner`.
@_cdecl("unison_bridge_list_animator_new")
public func unisonBridgeListAnimatorNew(_ owner: OpaquePointer?, _ view: UnsafeMutablePointer<GtkWidget>?) -> gpointer?
{
    guard let view, onMainThread("unison_list_animator_new") else { return nil }
    let viewAddress = UInt(bitPattern: view)
    let ownerAddress = UInt(bitPattern: owner)
    let address = MainActor.assumeIsolated {
        ensureRuntime()
        let animator = ListAnimator(UnsafeMutableRawPointer(bitPattern: viewAddress)!)
        let state = ListAnimatorState(owner: OpaquePointer(bitPattern: ownerAddress), animator: animator)
        return UInt(bitPattern: Unmanaged.passRetained(state).toOpaque())
    }
    return UnsafeMutableRawPointer(bitPattern: address)
}

/// `unison_bridge_list_animator_free`: lets go of the state (the view keeps the animator and the
/// reorder interaction while it lives; moves are no longer reported).
@_cdecl("unison_bridge_list_animator_free")
public func unisonBridgeListAnimatorFree(_ state: gpointer?) {
    guard state != nil else { return }
    let address = UInt(bitPattern: state)
    MainActor.assumeIsolated {
        let unmanaged = Unmanaged<ListAnimatorState>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
        unmanaged.takeUnretainedValue().detach()
        unmanaged.release()
    }
}

/// `unison_bridge_list_animator_get_reorderable`.
@_cdecl("unison_bridge_list_animator_get_reorderable")
public func unisonBridgeListAnimatorGetReorderable(_ state: gpointer?) -> gboolean {
    withState(state) { $0.isReorderable ? 1 : 0 }
}

/// `unison_bridge_list_animator_set_reorderable`.
@_cdecl("unison_bridge_list_animator_set_reorderable")
public func unisonBridgeListAnimatorSetReorderable(_ state: gpointer?, _ reorderable: gboolean) {
    guard onMainThread("unison_list_animator_set_reorderable") else { return }
    withState(state) { $0.isReorderable = reorderable != 0 }
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
