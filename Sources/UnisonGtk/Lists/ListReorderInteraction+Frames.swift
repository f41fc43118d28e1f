import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Frames: after each layout of the view's window while a drag or its settle is drawn, the lifted
// item is placed under the pointer (its place in the order read from the rows on screen), the rows
// between its first place and that one are drawn a place aside, its own row is hidden and its
// capture drawn above the rows, in a layer of the window clipped to the list. Rows are found by
// their item at every frame: the view recycles them. Before the next frame's layout the rows are
// put back where layout had them (as the animator does for its own).
extension ListReorderInteraction {
    /// Asks the view's window for a frame whose layout this interaction draws after.
    func requestLayout() {
        guard let clock = animator?.frameClock else { return }
        gdk_frame_clock_request_phase(
            clock, GdkFrameClockPhase(GDK_FRAME_CLOCK_PHASE_UPDATE.rawValue | GDK_FRAME_CLOCK_PHASE_LAYOUT.rawValue))
    }

    /// Hooks onto the frame clock (after the animator's own hooks: this drawing goes over its).
    func startDrawing() {
        defer { requestLayout() }
        guard layoutHook == nil, let clock = animator?.frameClock else { return }
        layoutHook = FrameClockLayoutHook(clock) { [weak self] in self?.layoutDone() }
        g_object_ref(UnsafeMutableRawPointer(clock))
        let id = connectSignal(UnsafeMutableRawPointer(clock), "update") { [weak self] in
            guard let self, let parent = rowsParent else { return }
            if unison_list_rows_restore(parent) > 0 { requestLayout() }
            if let position = revealBeforeLayout {
                revealBeforeLayout = nil
                reveal(position, in: parent)
            }
        }
        updateHandler = (clock, id)
    }

    /// Nothing is drawn any more: unhooks, and puts the rows back where layout has them (the
    /// animator draws its own again at its next pass).
    func endDrawing() {
        if let drag {
            self.drag = nil
            release(drag.capture)
            g_object_unref(drag.item)
        }
        if let settle {
            self.settle = nil
            release(settle.capture)
            g_object_unref(settle.item)
        }
        shifts.removeAll()
        reveal = nil
        revealBeforeLayout = nil
        layoutHook?.disconnect()
        layoutHook = nil
        if let updateHandler {
            self.updateHandler = nil
            // (A frame clock disposed with its window has dropped its handlers already.)
            let clock = UnsafeMutableRawPointer(updateHandler.clock)
            if g_signal_handler_is_connected(clock, updateHandler.id) != 0 {
                g_signal_handler_disconnect(clock, updateHandler.id)
            }
            g_object_unref(UnsafeMutableRawPointer(updateHandler.clock))
        }
        if let layer { unison_list_layer_detach(layer) }
        if let parent = rowsParent { unison_list_rows_restore(parent) }
        animator?.requestLayout()
    }

    /// After GTK's layout of the window (and the animator's pass). Inside GTK's layout phase: no
    /// completion runs here (the ends of the transactions it makes are no safe points; what becomes
    /// due runs at the next one, after the frame).
    func layoutDone() {
        guard let animator, let parent = rowsParent, gtk_widget_get_mapped(parent) != 0 else { return }
        withoutSafePoints { draw(animator, parent) }
    }

    /// The pass after layout: the lifted item placed, the rows drawn, the drawing ended once nothing
    /// is drawn or to be scrolled into view.
    private func draw(_ animator: ListAnimator, _ parent: UnsafeMutablePointer<GtkWidget>) {
        // The view has laid out the commit's change: the moved item is scrolled into view before the
        // next frame's layout (changing the scroll offset during a layout pass would leave rows placed
        // for the former one).
        if let position = reveal {
            reveal = nil
            revealBeforeLayout = position
            requestLayout()
        }
        if let drag, !isIntact(drag) { abandon() }
        let scroll = animator.scrollOffset(of: parent)
        if drag != nil { _ = placeLifted() }
        var paintable: OpaquePointer?
        var box = CGRect.zero
        var drawn = CGPoint.zero
        var size = CGSize.zero
        var scale = 1.0
        var settled = false
        var child = gtk_widget_get_first_child(parent)
        while let row = child {
            child = gtk_widget_get_next_sibling(row)
            guard gtk_widget_get_mapped(row) != 0, let listItem = unison_list_row_list_item(row) else { continue }
            let item = gtk_list_item_get_item(listItem)
            g_object_unref(UnsafeMutableRawPointer(listItem))
            guard let item else { continue }
            let key = animator.key(of: item)
            let layout = animator.layoutOrigin(of: row, scroll: scroll)
            let base = animator.states[key]?.drawnOrigin(layout: layout) ?? layout
            let (lx, ly) = (layout.x - scroll.x, layout.y - scroll.y)
            if drag?.key == key {
                adopt(row)
                unison_list_row_place(row, lx, ly, lx, ly, 1, 1, 0, 0, 0, 0)  // hidden: its capture is drawn
            } else if let current = settle, current.key == key {
                drawn = base
                (paintable, box, size, scale) = (
                    current.capture.paintable, current.capture.box, current.size, current.scale.presentationValue
                )
                settled = !(animator.states[key]?.isDrawnAway ?? false) && !current.scale.isAnimating
                let opacity = settled ? 1.0 : 0
                unison_list_row_place(row, lx, ly, base.x - scroll.x, base.y - scroll.y, 1, 1, 0, 0, 0, opacity)
            } else if let shift = shifts[key]?.presentationValue, shift != .zero {
                unison_list_row_place(
                    row, lx, ly, base.x + shift.x - scroll.x, base.y + shift.y - scroll.y, 1, 1, 0, 0, 0, 1)
            }
        }
        if let drag {
            // Drawn whether its row is on screen or not (scrolled away, its row recycled).
            drawn = liftedOrigin(of: drag, scroll: scroll)
            (paintable, box, size, scale) = (
                drag.capture.paintable, drag.capture.box, drag.size, drag.scale.presentationValue
            )
        } else if settle != nil, paintable == nil || settled {
            endSettle()  // at rest, or its row is gone from the screen
        }
        if drag != nil || settle != nil, let paintable {
            drawCapture(paintable, box: box, at: drawn, size: size, scale: scale, parent: parent, scroll: scroll)
        } else if let layer {
            unison_list_layer_detach(layer)
        }
        pruneShifts()
        // (A commit's item still to be scrolled into view keeps the `update` handler that does it.)
        if drag == nil, settle == nil, shifts.isEmpty, reveal == nil, revealBeforeLayout == nil { endDrawing() }
    }

    /// The lifted item's row is `row` now: it has the lifted class (and no other row does), and its
    /// capture is taken again the first time (the class's style applies from the lift's first layout).
    private func adopt(_ row: UnsafeMutablePointer<GtkWidget>) {
        guard var drag else { return }
        if drag.row?.pointer.map({ unison_gtk_widget($0) }) != row {
            if let old = drag.row?.pointer { gtk_widget_remove_css_class(unison_gtk_widget(old), liftedClass) }
            gtk_widget_add_css_class(row, liftedClass)
            drag.row = ObjectReference(row)
        }
        if !drag.recaptured {
            drag.recaptured = true
            release(drag.capture)
            drag.capture = capture(of: row)
        }
        self.drag = drag
    }

    /// Where the lifted item is drawn (content coordinates): under the pointer as it was pressed,
    /// along the list's axis (both ways in a grid), within the content.
    func liftedOrigin(of drag: Drag, scroll: CGPoint) -> CGPoint {
        var x = drag.start.x + Double(drag.pointer.x) + scroll.x - drag.press.x
        var y = drag.start.y + Double(drag.pointer.y) + scroll.y - drag.press.y
        if axis == 0 { x = drag.start.x } else if axis == 1 { y = drag.start.y }
        let content = contentSize()
        x = min(max(x, 0), max(content.width - drag.size.width, 0))
        y = min(max(y, 0), max(content.height - drag.size.height, 0))
        return CGPoint(x: x, y: y)
    }

    /// The size of the list's content (its adjustments' ranges; the widget's size without one).
    private func contentSize() -> CGSize {
        guard let parent = rowsParent else { return .zero }
        let scrollable = OpaquePointer(parent)
        let width = gtk_scrollable_get_hadjustment(scrollable).map { gtk_adjustment_get_upper($0) } ?? 0
        let height = gtk_scrollable_get_vadjustment(scrollable).map { gtk_adjustment_get_upper($0) } ?? 0
        return CGSize(
            width: max(width, Double(gtk_widget_get_width(parent))),
            height: max(height, Double(gtk_widget_get_height(parent))))
    }

    /// Finds the lifted item's place from where it is drawn and the rows on screen, and draws the
    /// rows between its first place and that one aside (animated when the place changed). Returns
    /// the place (the drag's `from` when there is no drag).
    @discardableResult
    func placeLifted() -> Int {
        guard var drag, let animator, let parent = rowsParent else { return self.drag?.from ?? 0 }
        let scroll = animator.scrollOffset(of: parent)
        let drawn = liftedOrigin(of: drag, scroll: scroll)
        let length = axis == 1 ? drag.size.width : drag.size.height
        let centre = CGPoint(x: drawn.x + drag.size.width / 2, y: drawn.y + drag.size.height / 2)
        let along = axis == 1 ? drawn.x : drawn.y
        var first = Int.max
        var before = 0
        var best: (position: Int, distance: Double)?
        var reference: ListAnimator.RowReference?
        animator.forEachRow(of: parent) { row, _, position in
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
            let layout = animator.layoutOrigin(of: row, scroll: scroll)
            if reference == nil {
                reference = (position, layout, CGSize(width: width, height: height), 1)
            } else if layout.y == reference!.origin.y {
                reference!.columns += 1
            }
            if axis == -1 {
                // A grid: the cell under the lifted item's centre (else the nearest).
                let dx = centre.x - (layout.x + width / 2)
                let dy = centre.y - (layout.y + height / 2)
                let inside = abs(dx) <= width / 2 && abs(dy) <= height / 2
                let distance = inside ? -1 : dx * dx + dy * dy
                if best == nil || distance < best!.distance { best = (position, distance) }
            } else if position != drag.from {
                // A list: the items whose midpoints (as if the lifted item were taken out) its leading edge passed.
                first = min(first, position)
                let mid =
                    (axis == 1 ? layout.x + width / 2 : layout.y + height / 2) - (position > drag.from ? length : 0)
                if mid < along { before += 1 }
            }
        }
        var to = drag.to
        if axis == -1 {
            if let best { to = best.position }
        } else if first != .max {
            to = first - (drag.from < first ? 1 : 0) + before
        }
        to = min(max(to, 0), max(drag.count - 1, 0))
        let changed = to != drag.to
        drag.to = to
        self.drag = drag
        // The rows between its first place and this one, drawn a place aside.
        animator.forEachRow(of: parent) { row, item, position in
            guard position != drag.from else { return }
            let key = animator.key(of: item)
            let target = shiftTarget(of: position, drag: drag, length: length, reference: reference)
            if let shift = shifts[key] {
                if shift.value != target {
                    withTransaction(Transaction(animation: glideAnimation)) { shift.value = target }
                }
            } else if target != .zero {
                // Shown already: it glides aside; come into view (scrolled to): it is aside already.
                let shift = AnimatableProperty(changed ? CGPoint.zero : target, clock: animator.clock) {
                    [weak self] _ in
                    self?.requestLayout()
                }
                shifts[key] = shift
                if changed { withTransaction(Transaction(animation: glideAnimation)) { shift.value = target } }
            }
        }
        return to
    }

    /// How far the item at `position` is drawn from its place while the lifted item would land at
    /// `drag.to`: a place towards the lifted item's first place for those between, else nothing.
    private func shiftTarget(
        of position: Int, drag: Drag, length: Double, reference: ListAnimator.RowReference?
    ) -> CGPoint {
        let step: Int
        if drag.from < drag.to, position > drag.from, position <= drag.to {
            step = -1
        } else if drag.to < drag.from, position >= drag.to, position < drag.from {
            step = 1
        } else {
            return .zero
        }
        switch axis {
        case 0: return CGPoint(x: 0, y: Double(step) * length)
        case 1: return CGPoint(x: Double(step) * length, y: 0)
        default:
            guard let animator, let here = animator.estimatedOrigin(of: position, from: reference),
                let there = animator.estimatedOrigin(of: position + step, from: reference)
            else { return .zero }
            return CGPoint(x: there.x - here.x, y: there.y - here.y)
        }
    }

    /// How many items a line of the grid holds (as the rows on screen are laid out; 1 in a list).
    func lineLength() -> Int {
        guard let animator, let parent = rowsParent else { return 1 }
        var firstLine: Double?
        var count = 0
        animator.forEachRow(of: parent) { row, _, _ in
            let layout = animator.layoutOrigin(of: row, scroll: .zero)
            let line = vertical ? layout.y : layout.x
            if firstLine == nil { firstLine = line }
            if line == firstLine { count += 1 }
        }
        return max(count, 1)
    }

    /// The row on screen showing the item `key`, if any.
    func row(showing key: AnyHashable, in parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard let animator else { return nil }
        var found: UnsafeMutablePointer<GtkWidget>?
        animator.forEachRow(of: parent) { row, item, _ in
            if found == nil, animator.key(of: item) == key { found = row }
        }
        return found
    }

    /// The neighbours drawn aside glide back to where layout has them, as the animator's glides
    /// (from where each is drawn now), which a committed move then retargets.
    func handOverShifts() {
        defer { shifts.removeAll() }
        guard let animator, let parent = rowsParent, !shifts.isEmpty else { return }
        let scroll = animator.scrollOffset(of: parent)
        animator.forEachRow(of: parent) { row, item, _ in
            let key = animator.key(of: item)
            guard let shift = shifts[key], shift.presentationValue != .zero else { return }
            let layout = animator.layoutOrigin(of: row, scroll: scroll)
            let base = animator.states[key]?.drawnOrigin(layout: layout) ?? layout
            let offset = shift.presentationValue
            let velocity = shift.velocity
            glide(
                key, item: item, from: CGPoint(x: base.x + offset.x, y: base.y + offset.y), to: layout,
                velocity: CGPoint(x: velocity.first, y: velocity.second), animation: settleAnimation)
        }
    }

    /// Drops the neighbours' offsets that are back at rest (their keys gathered in a buffer kept
    /// between frames: nothing is allocated).
    private func pruneShifts() {
        for (key, shift) in shifts where shift.value == .zero && !shift.isAnimating { restingShifts.append(key) }
        guard !restingShifts.isEmpty else { return }
        for key in restingShifts { shifts.removeValue(forKey: key) }
        restingShifts.removeAll(keepingCapacity: true)
    }

    /// Draws `paintable` (a row's capture) in the window's layer at `origin` (content coordinates),
    /// scaled about its centre, clipped to the list.
    private func drawCapture(
        _ paintable: OpaquePointer, box: CGRect, at origin: CGPoint, size: CGSize, scale: Double,
        parent: UnsafeMutablePointer<GtkWidget>, scroll: CGPoint
    ) {
        guard let root = gtk_widget_get_root(parent) else { return }
        let window: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(root))
        var zero = graphene_point_t(x: 0, y: 0)
        var corner = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(parent, window, &zero, &corner) != 0 else { return }
        let layer =
            self.layer
            ?? {
                let made = unison_list_layer_new()!
                g_object_ref_sink(UnsafeMutableRawPointer(made))
                self.layer = made
                return made
            }()
        let object = OpaquePointer(layer)
        unison_list_layer_clear(object)
        ListMotion.attach(layer, to: window, clippedTo: parent, at: corner)
        let factor = GtkLimits.scale(scale)
        unison_list_layer_add(
            object, paintable, box.minX, box.minY, box.width, box.height,
            GtkLimits.offset(Double(corner.x) + origin.x - scroll.x),
            GtkLimits.offset(Double(corner.y) + origin.y - scroll.y),
            factor, factor, 0, size.width / 2, size.height / 2, 1)
    }
}
