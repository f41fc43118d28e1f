import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// What a `ContentLabel` draws a content transition with, frame after frame: the change drawn,
/// where both its texts are in the label, and the bands it hands the bin.
///
/// It is the drawer of the label's `ContentTransitionState` (an `AnimationTarget`: the state calls
/// it through its vtable, without reference counting). The frame path (``apply(_:)``) reaches
/// only this object, which nothing references weakly, its ``ContentBands`` and the bin's render
/// writer (for the C bin and its allocation count), never the `ContentLabel` or the `MotionBin`;
/// it reads no `ContentChange` (a copy of one retains and releases its texts): the change's
/// ``ContentChange/Timing`` is kept here, its bands in ``bands``. The state holds it; the label
/// marks it dead in its deinit (nothing is drawn after).
@MainActor
final class ContentFrame: AnimationTarget<Double> {
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
    /// Read when the bands are built, not every frame.
    @exclusivity(unchecked) private(set) var drawn: ContentChange?
    /// Whether a change is drawn (``drawn`` is not nil), and its timing (`.none` when none is):
    /// what the frame path reads.
    @exclusivity(unchecked) private(set) var isDrawing = false
    @exclusivity(unchecked) private var timing = ContentChange.Timing.none
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
    /// The bands handed to the bin, worked out once per change and layout (see ``ContentBands``).
    private let bands = ContentBands()

    init(label: UnsafeMutablePointer<GtkWidget>, render: MotionBin.RenderWriter) {
        widget = label
        self.render = render
    }

    /// `change` is the one drawn from now on (before the state is given it: it may end at once).
    func began(_ change: ContentChange) {
        changeCount += 1
        drawn = change
        timing = change.timing
        isDrawing = true
    }

    /// The change drawn is over.
    func ended() {
        drawn = nil
        isDrawing = false
        timing = .none
    }

    /// The state's frame: ``push(at:)``.
    override func apply(_ value: Double) {
        push(at: value)
    }

    /// Hands the bin the bands of the change drawn at `value` (the progress as presented).
    /// O(characters); no allocation once the buffers have grown, and no question to GTK about the
    /// label's geometry unless it was laid out again since the last frame (the bands are worked
    /// out again then, or when the label's alignment changed; otherwise only moved and faded).
    func push(at value: Double) {
        // Nothing to draw (an empty change, or the change is complete): the label as it is.
        guard isLive, timing.draws(at: value), let w = render.current.bin else { return }
        let key = ContentBands.Key(
            change: changeCount, allocations: render.allocations, xalign: gtk_label_get_xalign(label))
        if key != bands.key, let drawn {
            newGeometry.measure(label, text: drawn.new)
            lineHeight = Double(gtk_widget_get_height(widget))
            bands.build(drawn, old: oldGeometry, new: newGeometry, key: key)
        }
        bands.move(timing, at: value, lineHeight: lineHeight)
        guard bands.count > 0 else { return }
        unison_motion_bin_set_pieces(w, bands.bands, Int32(bands.count))
    }
}
