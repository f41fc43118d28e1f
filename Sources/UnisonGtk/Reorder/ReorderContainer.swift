import CUnisonGtk
import Foundation
import Unison

/// Where an item's slot is along a reorderable container's axis, in the container widget's
/// coordinates, as layout has it (not as it is drawn).
struct ReorderSlot: Equatable, Sendable {
    /// Where the slot begins: the item's leading edge, less its leading margin.
    var start: Double
    /// How far the next slot begins after this one: the item's size, its margins and whatever
    /// layout puts between it and the next item.
    var length: Double
}

/// The container side of drag to reorder: what ``ReorderInteraction`` (the pointer drag, the lift,
/// autoscroll, the keyboard moves and the drop) needs to know of and do to a container of items
/// laid out in a line, their slots following each other in index order. ``ReorderableBox``
/// implements it for a `GtkBox`, ``ReorderableListBox`` for a `GtkListBox`. (Internal: the
/// interaction holds its container weakly and something must keep that container as long as its
/// widget lives, which only these two arrange.)
///
/// Indices are the items' places in the container, `0..<itemCount`. The interaction never reads
/// the app's data: it moves items in the container while a drag is in progress (`moveItem(from:to:)`,
/// called inside an animated transaction, so the items passed glide aside) and reports the
/// whole move once, at the drop, through `ReorderInteraction.onMove`.
//
// A design note: a `GtkListView` or `GtkGridView` over a `GListModel` is not a container here. Its
// items have slots only while their rows are on screen, its rows are recycled mid-drag, a grid's
// slots are not in a line, and its moves must not reach the model before the drop: the lift reads
// every slot and follows a bin, none of which holds there. `ListReorderInteraction` (Lists/) does
// drag to reorder for those views with the same recognizer (`DragRecognizer` through a
// `WidgetGesture`), the same `ReorderAutoscroll` and the same settings, following model items.
@MainActor
protocol ReorderContainer: AnyObject {
    /// The container widget: stationary (its items move inside it), and the widget the drag, the
    /// keys and the autoscroll attach to. Nil once GTK finalized it.
    var widget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Whether the items are laid out top to bottom (`GTK_ORIENTATION_VERTICAL`) or left to right.
    var orientation: GtkOrientation { get }
    /// How many items the container holds.
    var itemCount: Int { get }
    /// Where layout puts the slot of the item at `index` (nil for an index out of range, or an item
    /// whose place cannot be read).
    func slot(at index: Int) -> ReorderSlot?
    /// The bin drawing the item at `index`, which the lift moves and scales (nil: the item cannot
    /// be lifted).
    func row(at index: Int) -> MotionBin?
    /// The index of the item that is `widget` or contains it (nil: none).
    func index(containing widget: UnsafeMutablePointer<GtkWidget>) -> Int?
    /// Moves the item at `from` to `to` (both in `0..<itemCount`), the other items keeping their
    /// order; called inside an animated transaction, so the items it moves glide.
    func moveItem(from: Int, to: Int)
    /// Draws the item at `index` above the other items from now on, wherever it is moved (nil: all
    /// in their order again).
    func raiseItem(at index: Int?)
    /// The moves made since the drag began are over: the drop or the cancel has happened (the
    /// callback committing the drop comes next). A container whose moves are a preview ends it here.
    func endMoves()
}

@MainActor
enum ReorderSlots {
    /// Where `widget` begins and ends along the axis, margins included, in `container`'s
    /// coordinates (nil: not laid out).
    static func extent(
        of widget: UnsafeMutablePointer<GtkWidget>, in container: UnsafeMutablePointer<GtkWidget>, vertical: Bool
    ) -> (start: Double, end: Double)? {
        guard gtk_widget_should_layout(widget) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, container, &bounds) != 0 else { return nil }
        let leading = vertical ? gtk_widget_get_margin_top(widget) : gtk_widget_get_margin_start(widget)
        let trailing = vertical ? gtk_widget_get_margin_bottom(widget) : gtk_widget_get_margin_end(widget)
        let start = Double(vertical ? bounds.origin.y : bounds.origin.x)
        let size = Double(vertical ? bounds.size.height : bounds.size.width)
        return (start - Double(leading), start + size + Double(trailing))
    }

    /// The slot of item `index` of `count`, `item(i)` giving item `i`'s widget.
    static func slot(
        at index: Int, count: Int, in container: UnsafeMutablePointer<GtkWidget>, vertical: Bool,
        item: (Int) -> UnsafeMutablePointer<GtkWidget>?
    ) -> ReorderSlot? {
        guard index >= 0, index < count, let widget = item(index) else { return nil }
        var next: (start: Double, end: Double)?
        for i in index + 1..<count {
            if let found = item(i).flatMap({ extent(of: $0, in: container, vertical: vertical) }) {
                next = found
                break
            }
        }
        var previous: (start: Double, end: Double)?
        if next == nil {
            for i in (0..<index).reversed() {
                if let found = item(i).flatMap({ extent(of: $0, in: container, vertical: vertical) }) {
                    previous = found
                    break
                }
            }
        }
        guard let own = extent(of: widget, in: container, vertical: vertical) else {
            // Not laid out: no length, where the next laid-out item begins (or the last one ends).
            return ReorderSlot(start: next?.start ?? previous?.end ?? 0, length: 0)
        }
        if let next { return ReorderSlot(start: own.start, length: next.start - own.start) }
        let gap = previous.map { max(own.start - $0.end, 0) } ?? 0
        return ReorderSlot(start: own.start, length: own.end - own.start + gap)
    }
}
