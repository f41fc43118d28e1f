import CUnisonGtk
import Foundation
import Unison

/// Where an item's slot is along a reorderable container's axis, in the container widget's
/// coordinates, as layout has it (not as it is drawn).
public struct ReorderSlot: Equatable, Sendable {
    /// Where the slot begins: the item's leading edge, less its leading margin.
    public var start: Double
    /// How far the next slot begins after this one: the item's size, its margins and the
    /// container's spacing after it.
    public var length: Double

    /// A slot beginning at `start` whose successor begins `length` pixels further on.
    public init(start: Double, length: Double) {
        (self.start, self.length) = (start, length)
    }
}

/// The container side of drag to reorder: what ``ReorderInteraction`` (the pointer drag, the lift,
/// autoscroll, the keyboard moves and the drop) needs to know of and do to a container of items
/// laid out in a line, their slots following each other in index order. ``ReorderableBox``
/// implements it for a `GtkBox`, ``ReorderableListBox`` for a `GtkListBox`.
///
/// Indices are the items' places in the container, `0..<itemCount`. The interaction never reads
/// the app's data: it moves items in the container while a drag is in progress (``moveItem(from:to:)``,
/// called inside an animated transaction, so the items passed glide aside) and reports the
/// whole move once, at the drop, through ``ReorderInteraction/onMove``.
///
/// The container owns its interaction and is kept by its widget (as long as the widget lives);
/// the interaction holds the container weakly.
///
/// ## A list view
///
/// A `GtkListView` over a `GListModel` plugs in the same way, through an implementation of this
/// protocol in the list animator: ``widget`` is the list view (the gesture, the keys and the
/// autoscroll attach to it; its `GtkScrolledWindow` is the one scrolled), ``itemCount`` the
/// model's count, ``slot(at:)`` comes from the rows' allocations (or the fixed row height
/// times the index for rows scrolled out of view), ``row(at:)`` returns the ``MotionBin`` that
/// shows the item now (the animator wraps each recycled row's child in one, and moves the lift
/// from bin to bin if the row is recycled mid-drag) and ``index(containing:)`` maps a widget to
/// its row's item position. The one difference is ``moveItem(from:to:)``: a list view's order is
/// its model's, which the app owns, so there it moves nothing in the model; it shifts the rows
/// between the two positions by the lifted row's length (their layout offsets, animated with
/// the transaction) and keeps that preview until ``endMoves()``, which the interaction calls
/// before the callback commits the move to the model (whose `items-changed` then puts the rows
/// where the preview already drew them).
@MainActor
public protocol ReorderContainer: AnyObject {
    /// The container widget: stationary (its items move inside it), and the widget the drag, the
    /// keys and the autoscroll attach to. Nil once GTK finalized it.
    var widget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Whether the items are laid out top to bottom (`GTK_ORIENTATION_VERTICAL`) or left to right.
    var orientation: GtkOrientation { get }
    /// How many items the container holds.
    var itemCount: Int { get }
    /// Where layout puts the slot of the item at `index` (nil for an index out of range, or an item
    /// not laid out).
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

/// Slots as a container's layout has them: each laid-out item's slot runs from its leading margin
/// to the next laid-out item's (so whatever layout puts between them, spacing of any origin
/// included, is in it); the last laid-out item's slot is its size with its margins and the gap
/// before it. An item not laid out (hidden, or filtered out: `gtk_widget_should_layout` false) has
/// a slot of no length where the next laid-out one begins.
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
