import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// What a ``ListAnimator`` keeps of one model item while it moves, enters or leaves: state of the
/// item, never of the row widget that happens to show it (rows are recycled).
@MainActor
final class ListItemMotion {
    /// The item (a reference is held while this state lives, so its address names no other item).
    let item: UnsafeMutableRawPointer
    /// Where the item is drawn (presented) and where layout puts it (model value), in the list's
    /// content coordinates; nil while it has not glided.
    var origin: AnimatableProperty<CGPoint>?
    /// Its insertion or removal transition; nil while it has none.
    var presence: Presence?
    /// The rendering of its removed row while it leaves (a `GdkPaintable`, a reference held).
    var ghost: OpaquePointer?
    /// Where the leaving row was drawn when it was removed (content coordinates), and where its
    /// rendering is in its allocation (its border box).
    var ghostOrigin = CGPoint.zero
    var ghostBox = CGRect.zero
    /// The size of its row (as allocated).
    var size = CGSize.zero
    /// The removal has finished: the state is dropped at the next pass.
    var isGone = false
    /// The capture is of a row that moved (its item stays in the model): if the view shows no row
    /// for the item after the change (it moved off screen), the capture glides to its new place
    /// (`moverTarget`, its position in the model) instead of leaving.
    var isMover = false
    var moverTarget = 0

    init(item: UnsafeMutableRawPointer) {
        self.item = item
        g_object_ref(item)
    }

    isolated deinit {
        if let ghost { g_object_unref(UnsafeMutableRawPointer(ghost)) }
        g_object_unref(item)
    }

    /// Whether it glides, enters or leaves.
    var isAnimating: Bool {
        (origin?.isAnimating ?? false) || (presence?.isAnimating ?? false) || (ghost != nil && !isMover)
    }

    /// Whether it is a removed item's capture, leaving.
    var isLeaving: Bool { ghost != nil && !isMover && !isGone }

    /// Whether it draws anything other than what layout shows (a glide or transition under way,
    /// or effects other than identity).
    var isDrawnAway: Bool {
        if let origin, origin.isAnimating || origin.presentationValue != origin.value { return true }
        if let presence, presence.isAnimating || presence.effects != .identity { return true }
        return false
    }

    /// Where it is drawn, given where layout has it (content coordinates).
    func drawnOrigin(layout: CGPoint) -> CGPoint {
        guard let origin else { return layout }
        let drawn = origin.presentationValue
        let target = origin.value
        return CGPoint(x: layout.x + drawn.x - target.x, y: layout.y + drawn.y - target.y)
    }
}

/// A row of the view as the last layout pass found it.
struct ListRow {
    /// The row widget.
    var widget: UnsafeMutablePointer<GtkWidget>
    /// Its item's key (nil: it shows no item).
    var key: AnyHashable?
    /// The item shown (no reference of ours).
    var item: UnsafeMutableRawPointer?
    /// The item's position in the model.
    var position: Int
    /// Where layout put it, in content coordinates.
    var layout: CGPoint
    /// Its size.
    var size: CGSize
}
