import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// What a `ContentLabel` draws a content transition with, frame after frame: the change drawn,
/// where both its texts are in the label, and the bands it hands the bin.
///
/// The frame path (``push(at:)``) reaches only this object, which nothing references weakly (its
/// retain and release take the runtime's fast path), and the bin's render writer (for the C bin
/// and its allocation count), never the `ContentLabel` or the `MotionBin`. The state's apply
/// closure holds it; the label marks it dead in its deinit (nothing is drawn after).
@MainActor
final class ContentFrame {
    // Read and written every frame without the run-time exclusivity check a class's stored
    // property pays on every access: only the main actor touches them, and no access overlaps another.
    /// The `GtkLabel` (held by the `ContentLabel` while ``isLive``).
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var label: OpaquePointer { OpaquePointer(widget) }
    /// The bin's render writer: the C bin (nil once GTK disposed of it) and its allocation count.
    private let render: MotionBin.RenderWriter
    /// False once the `ContentLabel` is gone: nothing is drawn.
    @exclusivity(unchecked) var isLive = true
    /// Counts the changes drawn (each starts with ``began(_:)``).
    @exclusivity(unchecked) private(set) var changeCount = 0
    /// The change drawn (the state's `change`, kept from its start to its end); nil when none is.
    @exclusivity(unchecked) private(set) var drawn: DrawnChange?
    /// Where the old text of the change drawn was (label coordinates).
    @exclusivity(unchecked) var oldGeometry = TextGeometry()
    @exclusivity(unchecked) private var newGeometry = TextGeometry()
    /// The label's height when `newGeometry` was measured: a rolled character moves by it. Both
    /// are measured for the key the bands are built for (`bands.key`: the change, the bin's
    /// allocation, which may move or resize the label and its layout with it, and the label's
    /// alignment, which places the layout): the frames of a transition ask GTK for the label's
    /// geometry once, not once per frame, unless the label is laid out again meanwhile (a size
    /// animation).
    @exclusivity(unchecked) private var lineHeight = 0.0
    /// Reused every frame (the frame path allocates nothing once it has grown).
    @exclusivity(unchecked) private var pieces: [ContentChange.Piece] = []
    /// The bands handed to the bin, worked out once per change and layout (see ``ContentBands``).
    private let bands = ContentBands()

    init(label: UnsafeMutablePointer<GtkWidget>, render: MotionBin.RenderWriter) {
        widget = label
        self.render = render
    }

    /// `change` is the one drawn from now on (before the state is given it: it may end at once).
    func began(_ change: ContentChange) {
        changeCount += 1
        drawn = DrawnChange(change)
    }

    /// The change drawn is over.
    func ended() {
        drawn = nil
    }

    /// Hands the bin the bands of the change drawn at `value` (the progress as presented).
    /// O(characters); no allocation once the buffers have grown, and no question to GTK about the
    /// label's geometry unless it was laid out again since the last frame (the bands are worked
    /// out again then, or when the label's alignment changed; otherwise only moved and faded).
    func push(at value: Double) {
        guard isLive, let drawn, let w = render.current.bin else { return }
        drawn.pieces(value, &pieces)
        // Nothing left to draw (an empty text on both sides, or the change is complete): the label as it is.
        guard !pieces.isEmpty else { return }
        let key = ContentBands.Key(
            change: changeCount, allocations: render.allocations, xalign: gtk_label_get_xalign(label))
        if key != bands.key {
            // (The bands are built for it below: `fit` fails for any other key.)
            newGeometry.measure(label, text: drawn.change.new)
            lineHeight = Double(gtk_widget_get_height(widget))
        }
        if !bands.fit(pieces, key: key) {
            bands.build(pieces, change: drawn.change, old: oldGeometry, new: newGeometry, key: key)
        }
        bands.move(pieces, lineHeight: lineHeight)
        guard bands.count > 0 else { return }
        unison_motion_bin_set_pieces(w, bands.bands, Int32(bands.count))
    }
}

/// A change being drawn, and its pieces at a progress as the frame path computes them: through a
/// closure that holds the change (a capture it borrows), where calling the method on a
/// `ContentChange` stored in a class (a `var`, a `let`, or a pointer's `pointee`) copied it every
/// frame, its texts retained and released. (Sendable: it runs on no actor, so the call checks none.)
final class DrawnChange {
    let change: ContentChange
    let pieces: @Sendable (Double, inout [ContentChange.Piece]) -> Void

    init(_ change: ContentChange) {
        self.change = change
        pieces = { [change] progress, pieces in change.pieces(at: progress, into: &pieces) }
    }
}
