import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Drag to reorder in a real list (SwiftUI's `onMove` feel): a vertical `GtkBox` of `MotionBin`
/// rows. Press a row and it lifts (scale 1.03, `.snappy`) and follows the pointer; when its centre
/// crosses a neighbour's centre the box's order changes inside `animate(.smooth)`, so the
/// neighbours glide aside (layout animation), while the dragged row, which does not animate its
/// layout, has its translation offset by its change of place and stays under the pointer. On
/// release it springs into its slot starting at the pointer's velocity.
///
/// The drag is on the list itself, which never moves (only its rows are drawn moved). A `GtkBox`
/// draws its children in their order, so a row dragged down would pass under the rows below it:
/// the list is a `GtkBox` subclass that draws the lifted row last (``RaisingBox``).
@MainActor
public final class ReorderPage: DemoPage {
    public let title = "Drag to reorder"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The list: the rows' container, and the widget the drag is on.
    public let list: UnsafeMutablePointer<GtkWidget>
    /// The rows in the order they were made (row `n` shows `Item n + 1` in `rowColours[n]`).
    public let bins: [MotionBin]
    /// The tiles' colours, one per row (distinct, for pixel read-back).
    public static let rowColours: [RGBAColor] = [
        .demoBlue, .demoRed, .demoGreen, .demoAmber, RGBAColor(red: 0.55, green: 0.3, blue: 0.85),
    ]
    /// The rows in the box's order, as indices into ``bins``.
    public private(set) var order: [Int]
    /// The last translation the drag reported (nil when no drag is in progress).
    public private(set) var fingerTranslation: CGPoint?

    /// The drag in progress: the row (an index into `bins`), the slot it started in, the slot it has now.
    private var dragged: (row: Int, startSlot: Int, slot: Int)?
    /// Rows put down and still springing into their slots (their layout animation is back on once there).
    private var settling: Set<Int> = []
    private let status: UnsafeMutablePointer<GtkWidget>
    private var drag: DragGesture!
    private let played = GestureHandler(DragRecognizer(minimumDistance: 0))
    private let script = GestureScript()

    private static let lift = CGSize(width: 1.03, height: 1.03)

    public init(context: DemoContext) {
        UI.loadStyle()
        // No spacing: the gap between rows is each row's margin, inside its bin.
        list = RaisingBox.new(GTK_ORIENTATION_VERTICAL, spacing: 0)
        gtk_widget_set_size_request(list, 320, -1)
        gtk_widget_set_halign(list, GTK_ALIGN_START)
        gtk_widget_set_valign(list, GTK_ALIGN_START)
        var bins: [MotionBin] = []
        for (index, colour) in Self.rowColours.enumerated() {
            let (tile, _) = UI.tile(size: 28, colour: colour, clock: context.clock)
            let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [tile, UI.label("Item \(index + 1)")])
            gtk_widget_add_css_class(row, "unison-row")
            gtk_widget_set_margin_bottom(row, 6)
            let bin = MotionBin(child: row, clock: context.clock)
            gtk_box_append(unison_example_box(list), bin.widget)
            bins.append(bin)
        }
        self.bins = bins
        order = Array(bins.indices)
        status = UI.label("Drag a row up or down")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Drag to reorder: the row follows the pointer, the others glide aside (GtkBox order, layout animation)",
                    bold: true),
                list, status,
            ])
        drag = DragGesture(on: list)
        drag.onBegan = { [unowned self] value in began(at: value.startLocation) }
        drag.onChanged = { [unowned self] value in moved(value.translation) }
        drag.onEnded = { [unowned self] value in ended(value.translation, velocity: value.velocity) }
        drag.onCancelled = { [unowned self] in ended(fingerTranslation ?? .zero, velocity: .zero) }
        // The tour's scripted drag goes through the same steps (its first change begins the drag).
        played.onChanged = { [unowned self] value in
            if dragged == nil { began(at: value.startLocation) } else { moved(value.translation) }
        }
        played.onEnded = { [unowned self] value in ended(value.translation, velocity: value.velocity) }
    }

    /// The distance from one row's top to the next (all rows have the same height).
    private var pitch: Double {
        let height = Double(gtk_widget_get_height(bins[0].widget))
        return height > 0 ? height + Double(gtk_box_get_spacing(unison_example_box(list))) : 46
    }

    /// A press at `point` (list coordinates) lifts the row under it.
    private func began(at point: CGPoint) {
        guard dragged == nil else { return }
        let slot = Int((point.y / pitch).rounded(.down))
        guard order.indices.contains(slot) else { return }
        let row = order[slot]
        dragged = (row, slot, slot)
        fingerTranslation = .zero
        settling.remove(row)
        let bin = bins[row]
        RaisingBox.raise(bin.widget, in: list)  // over its neighbours, also while it settles after release
        bin.animatesLayout = false  // it stays under the pointer: its change of place goes into its translation
        gtk_label_set_text(unison_example_label(status), "Lifted: Item \(row + 1)")
        animate(.snappy) { bin.scale = Self.lift }
    }

    /// The pointer moved: the row follows; crossing a neighbour's centre moves it a slot.
    private func moved(_ translation: CGPoint) {
        guard var drag = dragged else { return }
        // The row's centre stays between the first and last rows' centres.
        let pitch = pitch
        let y = min(
            max(translation.y, -Double(drag.startSlot) * pitch), Double(order.count - 1 - drag.startSlot) * pitch)
        fingerTranslation = CGPoint(x: translation.x, y: y)
        // Where its centre is, relative to the centre of the slot it started in (slot centres are a pitch apart).
        let centre = Double(drag.startSlot) * pitch + y
        while true {
            if drag.slot + 1 < order.count, centre > Double(drag.slot + 1) * pitch {
                move(drag.row, from: drag.slot, to: drag.slot + 1)
                drag.slot += 1
            } else if drag.slot > 0, centre < Double(drag.slot - 1) * pitch {
                move(drag.row, from: drag.slot, to: drag.slot - 1)
                drag.slot -= 1
            } else {
                break
            }
        }
        dragged = drag
        // Under the pointer: the pointer's offset less how far layout moved it (set without animation,
        // so no animated transaction takes over the layout pass the reorder's glide belongs to).
        bins[drag.row].translation = CGPoint(x: 0, y: y - Double(drag.slot - drag.startSlot) * pitch)
    }

    /// Moves `row` one slot in the box: the neighbour it passed glides into the slot it left.
    private func move(_ row: Int, from slot: Int, to newSlot: Int) {
        order.remove(at: slot)
        order.insert(row, at: newSlot)
        let previous = newSlot == 0 ? nil : bins[order[newSlot - 1]].widget
        animate(.smooth) {
            gtk_box_reorder_child_after(unison_example_box(list), bins[row].widget, previous)
        }
    }

    /// Released: the row springs into its slot from where it is, at the pointer's velocity.
    private func ended(_ translation: CGPoint, velocity: CGPoint) {
        guard dragged != nil else { return }
        moved(translation)
        guard let drag = dragged else { return }
        dragged = nil
        fingerTranslation = nil
        let bin = bins[drag.row]
        settling.insert(drag.row)
        gtk_label_set_text(
            unison_example_label(status),
            String(format: "Item %d to place %d at %.0f px/s", drag.row + 1, drag.slot + 1, Double(velocity.y)))
        bin.handOff(translationVelocity: CGPoint(x: 0, y: velocity.y))
        animate(.smooth) {
            bin.translation = .zero
            bin.scale = CGSize(width: 1, height: 1)
        } completion: { [weak self] in
            // Its layout animation back on only once it is in its slot (a layout pass still due for
            // its last move must not glide it a second time).
            guard let self, self.settling.remove(drag.row) != nil else { return }
            bin.animatesLayout = true
        }
    }

    /// The tour: the top row dragged down past two rows (2.2 rows' travel in 0.5 s), then released.
    public func play() {
        let pitch = pitch
        let start = CGPoint(x: 60, y: pitch / 2)
        let end = CGPoint(x: 60, y: start.y + 2.2 * pitch)
        script.play(GestureScript.drag(from: start, to: end, duration: 0.5, steps: 20), into: played)
    }

    public var isAtTarget: Bool {
        !script.isRunning && dragged == nil && settling.isEmpty && bins.allSatisfy { !$0.isAnimating }
    }
}

/// A `GtkBox` (a subclass: every `gtk_box_*` call works) that draws one chosen child after the
/// others, so that child is drawn over its siblings wherever its render transform takes it. Layout
/// is the box's own: only the drawing order changes.
@MainActor
enum RaisingBox {
    private static let raisedKey = "unison-raised-child"
    /// The type, registered on first use.
    private static let type: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_box_get_type(), &query)
        let classInit: GClassInitFunc = { klass, _ in
            let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget else { return }
                let raised = g_object_get_data(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), RaisingBox.raisedKey)
                var child = gtk_widget_get_first_child(widget)
                var last: UnsafeMutablePointer<GtkWidget>?
                while let current = child {
                    if UnsafeMutableRawPointer(current) == raised, gtk_widget_get_parent(current) == widget {
                        last = current
                    } else {
                        gtk_widget_snapshot_child(widget, current, snapshot)
                    }
                    child = gtk_widget_get_next_sibling(current)
                }
                if let last { gtk_widget_snapshot_child(widget, last, snapshot) }
            }
        }
        return g_type_register_static_simple(
            gtk_box_get_type(), "UnisonDemoRaisingBox", query.class_size, classInit, query.instance_size, nil,
            GTypeFlags(rawValue: 0))
    }()

    static func new(_ orientation: GtkOrientation, spacing: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let box = g_object_new_with_properties(type, 0, nil, nil)!
        let widget = UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkWidget.self)
        gtk_orientable_set_orientation(OpaquePointer(box), orientation)
        gtk_box_set_spacing(unison_example_box(widget), spacing)
        return widget
    }

    /// Draws `child` (a child of `box`) over its siblings from now on.
    static func raise(_ child: UnsafeMutablePointer<GtkWidget>, in box: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GObject.self), raisedKey, child)
        gtk_widget_queue_draw(box)
    }
}
