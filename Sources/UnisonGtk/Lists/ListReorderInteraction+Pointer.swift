import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// The pointer: lifting the row under a press, following it, and the end of a drag (dropped,
// cancelled or abandoned) handed to the animator's glides.
extension ListReorderInteraction {
    // MARK: The pointer

    func changed(_ value: DragRecognizer.Value) {
        if drag != nil {
            moved(value)
        } else if !ignoresPress {
            lift(value)
        }
    }

    func ended(_ value: DragRecognizer.Value) {
        defer { ignoresPress = false }
        guard drag != nil else { return }
        moved(value)
        finish(committing: true)
    }

    func gestureCancelled() {
        defer { ignoresPress = false }
        if drag != nil { finish(committing: false) }
    }

    /// The drag begins: lifts the item of the row the press was on.
    func lift(_ value: DragRecognizer.Value) {
        ignoresPress = true  // until the release, unless an item lifts
        guard isReorderable, let animator, let parent = rowsParent, animator.frameClock != nil,
            gtk_widget_get_mapped(parent) != 0, let model,
            let row = row(at: value.startLocation, in: parent)
        else { return }
        guard let listItem = unison_list_row_list_item(row) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(listItem)) }
        guard let item = gtk_list_item_get_item(listItem) else { return }
        endSettle()
        ignoresPress = false
        let scroll = animator.scrollOffset(of: parent)
        let start = animator.layoutOrigin(of: row, scroll: scroll)
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        unison_list_row_origin(row, &x, &y, &width, &height)
        let position = Int(gtk_list_item_get_position(listItem))
        g_object_ref(item)
        let scale = AnimatableProperty(1.0, clock: animator.clock) { [weak self] _ in self?.requestLayout() }
        let press = CGPoint(x: Double(value.startLocation.x) + scroll.x, y: Double(value.startLocation.y) + scroll.y)
        gtk_widget_add_css_class(row, liftedClass)
        drag = Drag(
            key: animator.key(of: item), item: item, model: model,
            count: Int(g_list_model_get_n_items(OpaquePointer(model))),
            from: position, to: position, start: start, size: CGSize(width: width, height: height), press: press,
            pointer: value.startLocation, scale: scale, capture: capture(of: row), row: ObjectReference(row))
        addEscape()
        startDrawing()
        animate(liftAnimation) { scale.value = liftScale.isFinite && liftScale > 0 ? liftScale : 1 }
        moved(value)
    }

    /// The row on screen at `point` (the rows parent's coordinates), as layout has it.
    func row(at point: CGPoint, in parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
    {
        var child = gtk_widget_get_first_child(parent)
        while let row = child {
            child = gtk_widget_get_next_sibling(row)
            guard gtk_widget_get_mapped(row) != 0 else { continue }
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
            _ = unison_list_row_layout(row, &x, &y)
            let px = Double(point.x)
            let py = Double(point.y)
            if px >= x, px < x + width, py >= y, py < y + height { return row }
        }
        return nil
    }

    /// A capture of `row`'s rendering (as `unison_list_row_capture` takes it).
    func capture(of row: UnsafeMutablePointer<GtkWidget>) -> Capture {
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        let paintable = unison_list_row_capture(row, &x, &y, &width, &height)
        return Capture(paintable: paintable, box: CGRect(x: x, y: y, width: width, height: height))
    }

    func moved(_ value: DragRecognizer.Value) {
        guard drag != nil, value.location.x.isFinite, value.location.y.isFinite else { return }
        drag?.pointer = value.location
        let velocity = value.velocity
        drag?.velocity = velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero
        autoscroll.pointerMoved(to: value.location)
        guard isIntact(drag!) else { return abandon() }
        requestLayout()
    }

    // MARK: The end of a drag

    /// The drop (`committing`) or the cancel: everything drawn aside glides to where layout has it
    /// (the animator's glides, from where each item is drawn now), then a drop commits the move,
    /// which the animator retargets those glides for.
    func finish(committing: Bool) {
        guard let drag else { return }
        guard isIntact(drag) else { return abandon() }
        let to = placeLifted()  // the lifted item's place as the latest pointer has it
        handOver(velocity: committing ? drag.velocity : .zero)
        if committing, to != drag.from { commit(from: drag.from, to: to) }
    }

    /// The model changed under the drag: everything glides to where layout has it; nothing is reported.
    func abandon() {
        guard drag != nil else { return }
        ignoresPress = true
        handOver(velocity: .zero)
    }

    /// Ends the drag: its drawing is handed to the animator (glides to where layout has each item)
    /// and the lifted item settles, drawn from its capture above the rows until it rests.
    func handOver(velocity: CGPoint) {
        guard let drag else { return }
        self.drag = nil
        removeEscape()
        autoscroll.stop()
        handOverShifts()
        let borrowed = drag.row
        guard let animator, let parent = rowsParent, let row = self.row(showing: drag.key, in: parent) else {
            // Not on screen (or the view is gone): nothing to settle into.
            if let widget = borrowed?.pointer { gtk_widget_remove_css_class(unison_gtk_widget(widget), liftedClass) }
            release(drag.capture)
            g_object_unref(drag.item)
            drag.scale.finishAnimations()
            requestLayout()
            return
        }
        let scroll = animator.scrollOffset(of: parent)
        let layout = animator.layoutOrigin(of: row, scroll: scroll)
        let drawn = liftedOrigin(of: drag, scroll: scroll)
        glide(drag.key, item: drag.item, from: drawn, to: layout, velocity: velocity, animation: settleAnimation)
        if let widget = borrowed?.pointer, unison_gtk_widget(widget) != row {
            gtk_widget_remove_css_class(unison_gtk_widget(widget), liftedClass)
        }
        gtk_widget_add_css_class(row, liftedClass)
        animate(settleAnimation) { drag.scale.value = 1 }
        settle = Settle(
            key: drag.key, item: drag.item, size: drag.size, scale: drag.scale, capture: drag.capture,
            row: ObjectReference(row))
        requestLayout()
    }

    /// The item `key` glides (the animator's glide) from `first` to `last`, at `velocity`.
    func glide(
        _ key: AnyHashable, item: UnsafeMutableRawPointer, from first: CGPoint, to last: CGPoint, velocity: CGPoint,
        animation: Animation
    ) {
        guard let animator, animator.animatesMoves else { return }
        let state = animator.state(for: key, item: item)
        if let origin = state.origin {
            let kept = origin.velocity
            withTransaction(Transaction()) { origin.value = first }
            origin.handOff(velocity: CGPoint(x: kept.first + velocity.x, y: kept.second + velocity.y).animatableData)
            withTransaction(Transaction(animation: animation)) { origin.value = last }
        } else {
            let origin = AnimatableProperty(first, clock: animator.clock) { [weak animator] _ in
                animator?.requestLayout()
            }
            state.origin = origin
            origin.handOff(velocity: velocity.animatableData)
            withTransaction(Transaction(animation: animation)) { origin.value = last }
        }
        animator.requestLayout()
    }

    /// The settle is over (or a new lift cuts it short): the row is shown and drawn as the animator has it.
    func endSettle() {
        guard let settle else { return }
        self.settle = nil
        if let row = settle.row?.pointer { gtk_widget_remove_css_class(unison_gtk_widget(row), liftedClass) }
        release(settle.capture)
        g_object_unref(settle.item)
        settle.scale.finishAnimations()
        requestLayout()
    }

    func release(_ capture: Capture) {
        if let paintable = capture.paintable { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    }
}
