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
    ///
    /// The model value is kept as set; what the bin is handed stays within GTK's pixel bounds: a
    /// negative side (or NaN) is 0, and the two sides of an axis together are at most 16 383 px
    /// (half of GTK's 32 767; larger values are scaled down, in proportion), so that the bin, its
    /// child included, stays within what GTK lays out.
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
        let padding = Self.drawnPadding(paddingProperty.presentationValue)
        unison_motion_bin_set_padding(w, padding.top, padding.trailing, padding.bottom, padding.leading)
        unison_motion_bin_set_resizing(w, isResizing ? 1 : 0)
    }

    /// `padding` as the bin is handed it (see ``padding``): each side within GTK's margin bounds
    /// (`GtkLimits.margin`'s, not rounded: the bin rounds where it lays out), each axis' two sides
    /// together within half of `GtkLimits.maximumPixels`.
    static func drawnPadding(_ padding: EdgeInsets) -> EdgeInsets {
        let most = Double(GtkLimits.maximumPixels)
        func side(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), most) }
        func axis(_ a: Double, _ b: Double) -> (Double, Double) {
            let (a, b) = (side(a), side(b))
            let limit = (most / 2).rounded(.down)
            guard a + b > limit else { return (a, b) }
            let factor = limit / (a + b)
            return (a * factor, b * factor)
        }
        let (top, bottom) = axis(padding.top, padding.bottom)
        let (leading, trailing) = axis(padding.leading, padding.trailing)
        return EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
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
