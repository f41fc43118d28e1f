import CUnisonGtk
import Foundation
import Unison

/// A `GtkBox` whose ``MotionBin`` rows the user reorders by dragging them (or with Alt+Up and
/// Alt+Down), the rows passed gliding aside: ``ReorderInteraction`` on a box.
///
/// ```swift
/// let list = ReorderableBox(orientation: GTK_ORIENTATION_VERTICAL, spacing: 6)
/// for item in items { list.append(MotionBin(child: makeRow(item))) }
/// list.onMove = { from, to in items.insert(items.remove(at: from), at: to) }
/// gtk_scrolled_window_set_child(scroller, list.widget)   // autoscroll comes with a scroller
/// ```
///
/// ``widget`` is a real `GtkBox` (a subclass that draws the lifted row after the others, so it
/// is drawn over them): every `gtk_box_*` call works on it, and the box keeps this object as
/// long as it lives. The rows are the box's children: the ``MotionBin``s added through
/// ``append(_:)`` and ``insert(_:at:)``. A child added otherwise (`gtk_box_append`) is an item
/// too, which cannot be lifted: it has a slot and an index, lifted rows pass it and Alt+Up/Down
/// move it when it holds the focus. A row removed from the box (`gtk_box_remove`) is forgotten.
/// Slots are read from the children's allocations as the box laid them out (margins, spacing and
/// CSS `border-spacing` included; a hidden child has a slot of no length), so rows may differ in size. A
/// horizontal box is laid out left to right (a right-to-left text direction is not supported). A
/// drag that starts on a widget that takes the press itself (a button) stays that widget's.
@MainActor
public final class ReorderableBox: ReorderContainer {
    /// The box (a `GtkBox`); nil once GTK finalized it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { boxWidget }
    /// The drag, the keys and the autoscroll: their settings, and the drag in progress.
    public let interaction: ReorderInteraction
    /// The box's orientation (set at creation).
    public let orientation: GtkOrientation

    private let reference: ObjectReference
    /// The rows by their bin widget (held weakly: each bin's widget keeps its `MotionBin`).
    private var rows: [UnsafeMutableRawPointer: WeakRow] = [:]

    private struct WeakRow { weak var bin: MotionBin? }

    /// Called once per completed move, with the row's index before and after it (see
    /// ``ReorderInteraction/onMove``): apply the same move to the app's data. Nil: the rows cannot be reordered.
    public var onMove: (@MainActor (_ from: Int, _ to: Int) -> Void)? {
        get { interaction.onMove }
        set { interaction.onMove = newValue }
    }

    /// A new, empty box laying its rows out along `orientation` with `spacing` pixels between them
    /// (clamped to 0...32 767); a press becomes a drag once the pointer has moved `minimumDistance`
    /// pixels (0: at the press).
    public init(orientation: GtkOrientation = GTK_ORIENTATION_VERTICAL, spacing: Int32 = 0, minimumDistance: Double = 6)
    {
        let box = RaisingBox.new(orientation: orientation, spacing: min(max(spacing, 0), GtkLimits.maximumPixels))
        self.orientation = orientation
        reference = ObjectReference(box)
        interaction = ReorderInteraction(orientation: orientation, widget: box, minimumDistance: minimumDistance)
        interaction.container = self
        WidgetAttachment.attach(self, to: box, key: "unison-reorderable-box")
    }

    /// The rows in the box's order (children that are not rows left out).
    public var orderedRows: [MotionBin] { children().compactMap { rows[UnsafeMutableRawPointer($0)]?.bin } }

    /// Adds `row` at the end of the box.
    public func append(_ row: MotionBin) {
        guard let box = boxWidget else { return }
        forgetRemovedRows()
        rows[UnsafeMutableRawPointer(row.widget)] = WeakRow(bin: row)
        gtk_box_append(gtkBox(box), row.widget)
    }

    /// Inserts `row` at `index` (clamped to the box's children; the end when past it).
    public func insert(_ row: MotionBin, at index: Int) {
        guard let box = boxWidget else { return }
        forgetRemovedRows()
        rows[UnsafeMutableRawPointer(row.widget)] = WeakRow(bin: row)
        // After the child before `index` (the last child when past the end; none at 0 or below).
        let previous = index <= 0 ? nil : child(at: index - 1) ?? gtk_widget_get_last_child(box)
        gtk_box_insert_child_after(gtkBox(box), row.widget, previous)
    }

    // MARK: ReorderContainer

    private var boxWidget: UnsafeMutablePointer<GtkWidget>? {
        reference.pointer.map { unison_gtk_widget($0) }
    }

    private func gtkBox(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
    }

    /// The child at `index` (walking the siblings: nothing is allocated on the drag's frame path).
    private func child(at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard index >= 0 else { return nil }
        var child = boxWidget.flatMap { gtk_widget_get_first_child($0) }
        var remaining = index
        while let current = child, remaining > 0 {
            child = gtk_widget_get_next_sibling(current)
            remaining -= 1
        }
        return child
    }

    private func children() -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = boxWidget.flatMap { gtk_widget_get_first_child($0) }
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// How many children the box has (0 once it is gone).
    public var itemCount: Int {
        var count = 0
        var child = boxWidget.flatMap { gtk_widget_get_first_child($0) }
        while let current = child {
            count += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    /// The slot of the child at `index`, as the box laid it out: from its leading margin to the
    /// next laid-out child's (spacing and CSS `border-spacing` included); no length for a hidden child.
    func slot(at index: Int) -> ReorderSlot? {
        guard let box = boxWidget else { return nil }
        return ReorderSlots.slot(
            at: index, count: itemCount, in: box, vertical: orientation == GTK_ORIENTATION_VERTICAL,
            item: child(at:))
    }

    /// The row at `index`, if that child is one.
    public func row(at index: Int) -> MotionBin? {
        child(at: index).flatMap { rows[UnsafeMutableRawPointer($0)]?.bin }
    }

    /// The index of the child that is `widget` or holds it.
    public func index(containing widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        guard let box = boxWidget else { return nil }
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let child = current, let parent = gtk_widget_get_parent(child) {
            if parent == box {
                var index = 0
                var sibling = gtk_widget_get_prev_sibling(child)
                while let current = sibling {
                    index += 1
                    sibling = gtk_widget_get_prev_sibling(current)
                }
                return index
            }
            current = parent
        }
        return nil
    }

    /// Moves the child at `from` to `to` (`gtk_box_reorder_child_after`); indices out of range do nothing.
    public func moveItem(from: Int, to: Int) {
        guard let box = boxWidget, from != to, to >= 0, let child = child(at: from) else { return }
        // The child it goes after: the one now at `to` moving down, the one before `to` moving up.
        let after: UnsafeMutablePointer<GtkWidget>?
        if to > from {
            guard let sibling = self.child(at: to) else { return }
            after = sibling
        } else {
            after = to == 0 ? nil : self.child(at: to - 1)
        }
        gtk_box_reorder_child_after(gtkBox(box), child, after)
    }

    /// Draws the child at `index` after the others (over them), wherever it moves.
    func raiseItem(at index: Int?) {
        guard let box = boxWidget else { return }
        RaisingBox.raise(index.flatMap { child(at: $0) }, in: box)
    }

    /// Nothing to end: the box's order is the moves.
    func endMoves() {}

    /// Drops the rows no longer in the box.
    private func forgetRemovedRows() {
        guard let box = boxWidget else { return }
        rows = rows.filter { key, row in
            row.bin != nil && gtk_widget_get_parent(unison_gtk_widget(key)) == box
        }
    }
}
