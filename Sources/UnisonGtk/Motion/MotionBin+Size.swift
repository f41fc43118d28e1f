import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Padding and size: what the bin asks its container for, animated (a relayout per frame) while
// its padding or its child's size changes in an animated transaction.
extension MotionBin {
    /// Padding inside the bin around the child, in pixels (0 or more). Set in an animated
    /// transaction, the bin's size animates (a relayout per frame) and the child stays aligned
    /// inside it. The `p-*` classes set it.
    public var padding: EdgeInsets {
        get { paddingProperty.value }
        set { layoutChange { styled { paddingProperty.value = newValue } } }
    }

    /// Whether the bin's size animates now (its padding, or a change of its child's size).
    private var isResizing: Bool {
        paddingProperty.isAnimating || (mode.sizing == .animated && sizeProperty.isAnimating)
    }

    func pushPadding() {
        guard let w = motionBin else { return }
        let padding = paddingProperty.presentationValue
        unison_motion_bin_set_padding(w, padding.top, padding.trailing, padding.bottom, padding.leading)
        unison_motion_bin_set_resizing(w, isResizing ? 1 : 0)
    }

    func pushSize() {
        guard let w = motionBin else { return }
        if mode.sizing == .animated, sizeProperty.isAnimating {
            let size = sizeProperty.presentationValue
            unison_motion_bin_set_size(w, max(size.width, 0), max(size.height, 0))
        } else {
            mode.sizing = .measured
            unison_motion_bin_set_size(w, -1, -1)
        }
        unison_motion_bin_set_resizing(w, paddingProperty.isAnimating || mode.sizing == .animated ? 1 : 0)
    }

    /// Runs `change` (of the child's content, say a label's text) and, when it changes the size the
    /// bin measures, animates the bin from its size before to the new one with the transaction of
    /// the bin's layout (see ``setAnimationClasses(_:value:scope:rules:changes:completion:)``), the
    /// child centred in it. Outside an animated transaction, or while the bin is not shown, the size
    /// changes at once.
    package func resizing(_ change: () -> Void) {
        guard let w = motionBin, let child = unison_motion_bin_get_child(w) else { return change() }
        let widget: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(w))
        /// The child's natural size (its box inside the padding).
        func natural() -> CGSize {
            var minimum: Int32 = 0
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &width, nil, nil)
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &minimum, &height, nil, nil)
            return CGSize(width: Double(width), height: Double(height))
        }
        let before = mode.sizing == .animated ? sizeProperty.presentationValue : natural()
        change()
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        let after = natural()
        layoutChange {
            guard Transaction.current.isAnimated, clock.animationsEnabled, after != before else {
                if mode.sizing == .animated { withTransaction(Transaction()) { sizeProperty.value = after } }
                pushSize()
                return
            }
            if mode.sizing == .measured { withTransaction(Transaction()) { sizeProperty.value = before } }
            mode.sizing = .animated
            sizeProperty.value = after
            pushSize()
        }
    }
}
