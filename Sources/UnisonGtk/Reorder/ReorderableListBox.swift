import CUnisonGtk
import Foundation
import Unison

/// A `GtkListBox` whose ``MotionBin`` rows the user reorders by dragging them (or with Alt+Up and
/// Alt+Down), the rows passed gliding aside: ``ReorderInteraction`` on a list box.
///
/// ```swift
/// let list = ReorderableListBox(gtk_list_box_new()!)
/// for item in items { list.append(MotionBin(child: makeRow(item))) }
/// list.onMove = { from, to in items.insert(items.remove(at: from), at: to) }
/// ```
///
/// The list box keeps this object as long as it lives. Its items are its `GtkListBoxRow`s; those
/// whose child is a ``MotionBin`` added through ``append(_:)`` or ``insert(_:at:)`` can be lifted.
/// Other rows are items too: they have a slot and an index, lifted rows pass them and Alt+Up/Down
/// move them when they hold the focus. A row hidden by a filter function (or by
/// `gtk_widget_set_visible`) has a slot of no length. A move sorts the list box once by the new
/// order (a sort function set for that moment only), so:
///
/// - the list box must not have a sort function of the app's (it would decide the order);
/// - nor a header function: a row's slot runs to the next row's, so a header would be counted in
///   the slot before it and would not move with its row;
/// - nor a model (`gtk_list_box_bind_model`): a bound list box's rows are the model's to order.
///
/// The lifted row is drawn over the others by being its list box's last child while it is lifted,
/// so CSS `:last-child` rules apply to it until it has settled.
@MainActor
public final class ReorderableListBox: ReorderContainer {
    /// The list box; nil once GTK finalized it.
    public var widget: UnsafeMutablePointer<GtkWidget>? { reference.pointer.map { unison_gtk_widget($0) } }
    /// The drag, the keys and the autoscroll: their settings, and the drag in progress.
    public let interaction: ReorderInteraction
    /// A list box lays its rows out top to bottom.
    public let orientation = GTK_ORIENTATION_VERTICAL

    private let reference: ObjectReference
    /// The bins by their widget (held weakly: each bin's widget keeps its `MotionBin`).
    private var bins: [UnsafeMutableRawPointer: WeakBin] = [:]
    /// The row drawn over the others (compared by address only).
    private var raised: UnsafeMutableRawPointer?
    /// Each row's place in the order a move sorts by (only during the sort; its storage is kept
    /// for the next move, as is `order`'s).
    private var ranks: [UnsafeMutableRawPointer: Double] = [:]
    private var order: [Double] = []

    private struct WeakBin { weak var bin: MotionBin? }

    /// Called once per completed move, with the row's index before and after it (see
    /// ``ReorderInteraction/onMove``): apply the same move to the app's data. Nil: the rows cannot be reordered.
    public var onMove: (@MainActor (_ from: Int, _ to: Int) -> Void)? {
        get { interaction.onMove }
        set { interaction.onMove = newValue }
    }

    /// Makes the rows of `listBox` (a `GtkListBox`, with no sort or header function) reorderable; a
    /// press becomes a drag once the pointer has moved `minimumDistance` pixels (0: at the press).
    public init(_ listBox: some GObjectPointer, minimumDistance: Double = 6) {
        let list = listBox.widgetPointer
        reference = ObjectReference(list)
        interaction = ReorderInteraction(
            orientation: GTK_ORIENTATION_VERTICAL, widget: list, minimumDistance: minimumDistance)
        interaction.container = self
        WidgetAttachment.attach(self, to: list, key: "unison-reorderable-list-box")
    }

    /// The bins of the rows, in the list box's order (rows without one left out).
    public var orderedRows: [MotionBin] { (0..<itemCount).compactMap { row(at: $0) } }

    /// Adds `bin` in a new row at the end of the list box.
    public func append(_ bin: MotionBin) { insert(bin, at: -1) }

    /// Inserts `bin` in a new row at `index` (at the end when negative or past it).
    public func insert(_ bin: MotionBin, at index: Int) {
        guard let list = listBox else { return }
        bins = bins.filter { $0.value.bin != nil }
        bins[UnsafeMutableRawPointer(bin.widget)] = WeakBin(bin: bin)
        gtk_list_box_insert(list, bin.widget, Int32(clamping: index < 0 ? -1 : index))
    }

    // MARK: ReorderContainer

    private var listBox: OpaquePointer? { reference.pointer.map(OpaquePointer.init) }

    private func listBoxRow(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkListBoxRow> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkListBoxRow.self)
    }

    private func listRow(at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard let list = listBox, index >= 0, index < Int(Int32.max),
            let row = gtk_list_box_get_row_at_index(list, Int32(index))
        else { return nil }
        return unison_gtk_widget(UnsafeMutableRawPointer(row))
    }

    /// How many rows the list box has (0 once it is gone).
    public var itemCount: Int {
        var count = 0
        while listRow(at: count) != nil { count += 1 }
        return count
    }

    /// The slot of the row at `index`, as the list box laid it out: from its top margin to the next
    /// shown row's; no length for a row hidden or filtered out.
    func slot(at index: Int) -> ReorderSlot? {
        guard let list = widget else { return nil }
        return ReorderSlots.slot(at: index, count: itemCount, in: list, vertical: true, item: listRow(at:))
    }

    /// The bin in the row at `index`, if it is one added through this object.
    public func row(at index: Int) -> MotionBin? {
        guard let row = listRow(at: index), let child = gtk_list_box_row_get_child(listBoxRow(row)) else { return nil }
        return bins[UnsafeMutableRawPointer(child)]?.bin
    }

    /// The index of the row that is `widget` or holds it.
    public func index(containing widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        guard let list = self.widget else { return nil }
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let child = current, let parent = gtk_widget_get_parent(child) {
            if parent == list {
                guard unison_gtk_is_a(child, gtk_list_box_row_get_type()) != 0 else { return nil }
                let index = Int(gtk_list_box_row_get_index(listBoxRow(child)))
                return index >= 0 ? index : nil
            }
            current = parent
        }
        return nil
    }

    /// Moves the row at `from` to `to`: the list box is sorted once by the new order.
    public func moveItem(from: Int, to: Int) {
        let count = itemCount
        guard from != to, (0..<count).contains(from), (0..<count).contains(to) else { return }
        rankInOrder(count)
        order[from] = Double(to) + (to > from ? 0.5 : -0.5)
        sort()
    }

    /// Sets `order` to the rows' indices (its storage reused).
    private func rankInOrder(_ count: Int) {
        order.removeAll(keepingCapacity: true)
        for index in 0..<count { order.append(Double(index)) }
    }

    /// Draws the row at `index` over the others (as the list box's last child) until the next call.
    func raiseItem(at index: Int?) {
        guard let list = widget else { return }
        let row = index.flatMap { listRow(at: $0) }
        if row == nil, raised != nil {
            raised = nil
            rankInOrder(itemCount)
            sort()  // children in the rows' order again
        } else if let row {
            raised = UnsafeMutableRawPointer(row)
            gtk_widget_insert_before(row, list, nil)
        }
    }

    /// Nothing to end: the list box's order is the moves.
    func endMoves() {}

    /// Sorts the rows by `order` (a rank per row index): sets a sort function, which sorts, and
    /// takes it off again. The raised row is drawn last again after.
    private func sort() {
        guard let list = listBox, let widget else { return }
        ranks.removeAll(keepingCapacity: true)
        for (index, rank) in order.enumerated() {
            if let row = listRow(at: index) { ranks[UnsafeMutableRawPointer(row)] = rank }
        }
        let compare: GtkListBoxSortFunc = { a, b, data in
            let box = Unmanaged<ReorderableListBox>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated {
                let ra = a.flatMap { box.ranks[UnsafeMutableRawPointer($0)] } ?? 0
                let rb = b.flatMap { box.ranks[UnsafeMutableRawPointer($0)] } ?? 0
                return ra < rb ? -1 : (ra > rb ? 1 : 0)
            }
        }
        gtk_list_box_set_sort_func(list, compare, Unmanaged.passUnretained(self).toOpaque(), nil)
        gtk_list_box_set_sort_func(list, nil, nil, nil)
        ranks.removeAll(keepingCapacity: true)
        // (Found among the rows by address: a row the app removed may be freed.)
        if let raised,
            let row = (0..<order.count).lazy.compactMap(listRow).first(where: { UnsafeMutableRawPointer($0) == raised })
        {
            gtk_widget_insert_before(row, widget, nil)
        }
    }
}
