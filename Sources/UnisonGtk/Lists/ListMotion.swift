import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// The global side of ``ListAnimator``: GLib's emission hooks (installed once), which model
/// reaches which animators, and which animators wait for an animated transaction's body to end
/// (to keep it open for their layout pass). Global state of the GTK module, as ``MotionLayout``'s is.
@MainActor
enum ListMotion {
    private struct WeakAnimator { weak var animator: ListAnimator? }

    private static var isInstalled = false
    /// Animators by the view they animate (one per view: the newest).
    private static var byView: [UnsafeMutableRawPointer: WeakAnimator] = [:]
    /// Animators with a change in an animated transaction whose body has not ended.
    private static var awaitingEnd: [WeakAnimator] = []

    /// Installs the hooks (once) and follows animated transactions.
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        MotionLayout.observe()
        unison_list_install_hooks { model, position, removed, added in
            guard let model else { return }
            MainActor.assumeIsolated {
                ListMotion.itemsChanged(model, position: Int(position), removed: Int(removed), added: Int(added))
            }
        }
    }

    /// `animator` animates `view` now (an earlier animator of it stops).
    static func adopt(_ animator: ListAnimator, view: UnsafeMutableRawPointer) {
        byView = byView.filter { $0.value.animator != nil }
        if let previous = byView[view]?.animator, previous !== animator { previous.replaced() }
        byView[view] = WeakAnimator(animator: animator)
    }

    /// A tracked model changed (GLib's emission hook: before the views react).
    private static func itemsChanged(_ model: UnsafeMutableRawPointer, position: Int, removed: Int, added: Int) {
        for entry in Array(byView.values) {
            guard let animator = entry.animator, animator.model == model else { continue }
            animator.modelChanged(position: position, removed: removed, added: added)
        }
    }

    /// `animator` changed inside an animated transaction's body: it takes the transaction when the
    /// body ends.
    static func awaitEnd(_ animator: ListAnimator) {
        guard !awaitingEnd.contains(where: { $0.animator === animator }) else { return }
        awaitingEnd.append(WeakAnimator(animator: animator))
    }

    /// An animated transaction's body ended (``MotionLayout`` forwards it).
    static func animatedTransactionEnded(_ keepOpen: () -> DeferredTransaction) {
        guard !awaitingEnd.isEmpty else { return }
        let waiting = awaitingEnd
        awaitingEnd = []
        for entry in waiting { entry.animator?.transactionEnded(keepOpen()) }
    }

    /// Puts `layer` (a list layer) above `window`'s content, clipped to the list `parent`, whose
    /// top-left corner is `corner` in the window, and to the ancestors that clip it (a scrolled window).
    static func attach(
        _ layer: UnsafeMutablePointer<GtkWidget>, to window: UnsafeMutablePointer<GtkWidget>,
        clippedTo parent: UnsafeMutablePointer<GtkWidget>, at corner: graphene_point_t
    ) {
        var clip = CGRect(
            x: Double(corner.x), y: Double(corner.y), width: Double(gtk_widget_get_width(parent)),
            height: Double(gtk_widget_get_height(parent)))
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        if unison_has_clipping_ancestor(parent, window, &x, &y, &width, &height) != 0 {
            clip = clip.intersection(CGRect(x: x, y: y, width: width, height: height))
        }
        if clip.isNull { clip = .zero }
        unison_list_layer_attach(layer, window)
        unison_list_layer_set_clip(OpaquePointer(layer), clip.minX, clip.minY, clip.width, clip.height)
    }
}
