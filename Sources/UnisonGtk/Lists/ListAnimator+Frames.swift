import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// Frames: after each layout of the view's window (while anything is pending or in flight), every
// row is found where layout put it (FLIP's *last*), a pending change starts its glides and
// insertions, and every row is drawn with its item's state (a render transform and an opacity on
// the row widget). Before the next frame's layout those rows are put back where layout had them,
// so that layout's own placement can be read again (GTK re-places its rows only when it lays
// the view out). Leaving rows are drawn by a layer of the window.
extension ListAnimator {
    /// Something drawn changed: the window lays out (and this animator draws) in this frame.
    func requestLayout() {
        guard !layoutRequested, let frameClock else { return }
        layoutRequested = true
        gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_LAYOUT)
    }

    /// After GTK's layout of the window.
    func layoutDone() {
        // Whatever the pass below changes is drawn by it: no further layout is asked for meanwhile.
        layoutRequested = true
        defer { layoutRequested = false }
        guard let parent = rowsParent, gtk_widget_get_mapped(parent) != 0 else { return }
        guard pending != nil || !states.isEmpty || updateHandler != 0 else { return }  // idle: nothing to do
        let scroll = scrollOffset(of: parent)
        collectRows(of: parent, scroll: scroll)
        withoutSafePoints {
            if let change = pending {
                pending = nil
                // The view may have scrolled to keep its anchor row in place (an insertion above it):
                // what the change moved is measured on screen, so that row does not move.
                let shift = CGPoint(x: scroll.x - firstsScroll.x, y: scroll.y - firstsScroll.y)
                for key in newGhosts {
                    guard let state = states[key], state.ghost != nil else { continue }
                    state.ghostOrigin = CGPoint(x: state.ghostOrigin.x + shift.x, y: state.ghostOrigin.y + shift.y)
                }
                perform(change) { startMotion(shift: shift) }
                newGhosts.removeAll(keepingCapacity: true)
                firsts.removeAll(keepingCapacity: true)
                firstPositions.removeAll(keepingCapacity: true)
                hiddenItems.removeAll(keepingCapacity: true)
                firstsReference = nil
                inserted.removeAll(keepingCapacity: true)
            } else {
                followLayout()
            }
        }
        let drawnAway = drawRows(scroll: scroll)
        drawLeaving(parent: parent, scroll: scroll)
        prune()
        if drawnAway { startRestoring() } else { stopRestoring() }
    }

    /// The rows as layout placed them.
    private func collectRows(of parent: UnsafeMutablePointer<GtkWidget>, scroll: CGPoint) {
        rows.removeAll(keepingCapacity: true)
        var child = gtk_widget_get_first_child(parent)
        while let widget = child {
            child = gtk_widget_get_next_sibling(widget)
            guard gtk_widget_get_mapped(widget) != 0 else { continue }  // kept by GTK for later, not shown
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(widget, &x, &y, &width, &height)
            // (Restored before this frame's layout, so layout's place; else still marked with it.)
            _ = unison_list_row_layout(widget, &x, &y)
            var row = ListRow(
                widget: widget, key: nil, item: nil, position: -1, layout: CGPoint(x: x + scroll.x, y: y + scroll.y),
                size: CGSize(width: width, height: height))
            if let listItem = unison_list_row_list_item(widget) {
                if let item = gtk_list_item_get_item(listItem) {
                    row.item = item
                    row.key = key(of: item)
                    row.position = Int(gtk_list_item_get_position(listItem))
                }
                g_object_unref(UnsafeMutableRawPointer(listItem))
            }
            rows.append(row)
        }
    }

    /// Runs `body` in the pending change's transaction (on its timeline) and lets the transaction go.
    private func perform(_ change: PendingChange, _ body: () -> Void) {
        switch change {
        case .transaction(let deferred?):
            deferred.perform(body)
            deferred.close()
        case .transaction(nil):
            // Its body has not ended (a layout pass inside it): animated as the transaction is now.
            body()
        case .own(let animation):
            withTransaction(Transaction(animation: animation), body)
        }
    }

    /// FLIP for the pending change: every shown item that was drawn elsewhere glides from there;
    /// inserted items enter; items that came into view with the change move with their neighbours.
    private func startMotion(shift: CGPoint) {
        var lastDisplacement: CGPoint?
        var unplaced: [Int] = []
        for index in rows.indices {
            let row = rows[index]
            guard let key = row.key, let item = row.item else { continue }
            let existing = states[key]
            if let existing, existing.ghost != nil {
                // Removed by the change and shown again: a move; it comes back from where it leaves.
                revive(existing, to: row)
                lastDisplacement = nil
            } else if let recorded = firsts[key] {
                var first = CGPoint(x: recorded.origin.x + shift.x, y: recorded.origin.y + shift.y)
                if let glide = recorded.glide, let origin = existing?.origin {
                    // Its glide went on since (this frame's tick): it is drawn that much further.
                    let now = origin.presentationValue
                    first = CGPoint(x: first.x + now.x - glide.x, y: first.y + now.y - glide.y)
                }
                glide(key: key, item: item, from: first, to: row.layout)
                lastDisplacement = CGPoint(x: first.x - row.layout.x, y: first.y - row.layout.y)
                for waiting in unplaced { glideWithNeighbour(rows[waiting], by: lastDisplacement!) }
                unplaced.removeAll()
            } else if let oldPosition = firstPosition(of: key, item: item),
                let estimate = estimatedOrigin(of: oldPosition, from: firstsReference)
            {
                // Moved into view from off screen: it glides in from where it was.
                glide(
                    key: key, item: item, from: CGPoint(x: estimate.x + shift.x, y: estimate.y + shift.y),
                    to: row.layout)
            } else if inserted.contains(where: { $0.contains(row.position) }) {
                let state = self.state(for: key, item: item)
                state.size = row.size
                let presence = presence(of: state, present: false)
                presence.size = row.size
                presence.isPresent = true
                follow(state, layout: row.layout)
            } else if let displacement = lastDisplacement {
                glideWithNeighbour(row, by: displacement)
            } else {
                unplaced.append(index)
            }
        }
        moveCapturesOffScreen()
    }

    /// The captures of rows that moved off screen glide to where their items are now (estimated
    /// from a row on screen); where that cannot be told (a grid), they are dropped.
    private func moveCapturesOffScreen() {
        guard !newGhosts.isEmpty else { return }
        var reference: RowReference?
        for row in rows where row.key != nil {
            if reference == nil {
                reference = (row.position, row.layout, row.size, 1)
            } else if row.layout.y == reference!.origin.y {
                reference!.columns += 1  // the first line's items (a grid)
            }
        }
        for key in newGhosts {
            guard let state = states[key], state.isMover, state.ghost != nil else { continue }
            guard animatesMoves, let target = estimatedOrigin(of: state.moverTarget, from: reference) else {
                state.isGone = true
                continue
            }
            if let origin = state.origin {
                // Mid-glide: retargeted from where it is drawn (moved by the view's anchoring scroll first).
                if origin.presentationValue != state.ghostOrigin {
                    let velocity = origin.velocity
                    withTransaction(Transaction()) { origin.value = state.ghostOrigin }
                    origin.handOff(velocity: velocity)
                }
                origin.value = target
            } else {
                let origin = AnimatableProperty(state.ghostOrigin, clock: clock) { [weak self] _ in
                    self?.requestLayout()
                }
                state.origin = origin
                origin.value = target
            }
        }
    }

    /// A row that came into view because of the change glides as its neighbour does.
    private func glideWithNeighbour(_ row: ListRow, by displacement: CGPoint) {
        guard let key = row.key, let item = row.item, displacement != .zero else { return }
        glide(
            key: key, item: item, from: CGPoint(x: row.layout.x + displacement.x, y: row.layout.y + displacement.y),
            to: row.layout)
    }

    /// The item glides from `first` (where it was drawn) to `last` (where layout has it now).
    private func glide(key: AnyHashable, item: UnsafeMutableRawPointer, from first: CGPoint, to last: CGPoint) {
        let existing = states[key]
        guard animatesMoves, first != last || existing?.origin != nil else { return }
        let state = existing ?? self.state(for: key, item: item)
        if let origin = state.origin {
            // Mid-glide: retargeted from where it is drawn, with its velocity. (If the view scrolled
            // to keep its anchor, the glide is first moved by that much, its velocity handed on.)
            if !origin.presentationValue.isClose(to: first) {
                let velocity = origin.velocity
                withTransaction(Transaction()) { origin.value = first }
                origin.handOff(velocity: velocity)
            }
            if origin.value != last { origin.value = last }
        } else {
            let origin = AnimatableProperty(first, clock: clock) { [weak self] _ in self?.requestLayout() }
            state.origin = origin
            origin.value = last
        }
    }

    /// An item whose row left comes back (a move split over two changes): its removal reverses and
    /// it glides from where its leaving row is drawn.
    private func revive(_ state: ListItemMotion, to row: ListRow) {
        let from = state.ghostOrigin  // where it was drawn when the change began (on screen)
        if let ghost = state.ghost { g_object_unref(UnsafeMutableRawPointer(ghost)) }
        state.ghost = nil
        state.isGone = false
        state.isMover = false
        state.presence?.isPresent = true
        // (A glide in flight is retargeted from `from`, its velocity kept.)
        if let key = row.key, let item = row.item { glide(key: key, item: item, from: from, to: row.layout) }
    }

    /// Outside a change: an item whose layout place moved (a change that did not animate, the window
    /// resized) takes it at once.
    private func followLayout() {
        for row in rows {
            guard let key = row.key, let state = states[key] else { continue }
            follow(state, layout: row.layout)
        }
    }

    private func follow(_ state: ListItemMotion, layout: CGPoint) {
        guard let origin = state.origin, origin.value != layout else { return }
        withTransaction(Transaction()) { origin.value = layout }
    }

    /// Draws every row with its item's state; returns whether any is drawn away from its layout.
    private func drawRows(scroll: CGPoint) -> Bool {
        var drawnAway = false
        for row in rows {
            let lx = row.layout.x - scroll.x
            let ly = row.layout.y - scroll.y
            guard let key = row.key, let state = states[key], state.ghost == nil, state.isDrawnAway else {
                unison_list_row_place(row.widget, lx, ly, lx, ly, 1, 1, 0, 0, 0, 1)  // as laid out
                continue
            }
            drawnAway = true
            let drawn = state.drawnOrigin(layout: row.layout)
            let effects = state.presence?.effects ?? .identity
            unison_list_row_place(
                row.widget, lx, ly,
                GtkLimits.offset(drawn.x - scroll.x + effects.offset.width),
                GtkLimits.offset(drawn.y - scroll.y + effects.offset.height),
                GtkLimits.scale(effects.scale.width), GtkLimits.scale(effects.scale.height),
                GtkLimits.angle(effects.rotation), effects.anchor.x * row.size.width,
                effects.anchor.y * row.size.height, GtkLimits.opacity(effects.opacity))
        }
        return drawnAway
    }

    /// Draws the leaving rows in the window's layer, clipped to the list.
    private func drawLeaving(parent: UnsafeMutablePointer<GtkWidget>, scroll: CGPoint) {
        guard let layer else { return }
        let layerObject = OpaquePointer(layer)
        unison_list_layer_clear(layerObject)
        guard states.values.contains(where: { $0.ghost != nil && !$0.isGone }),
            let root = gtk_widget_get_root(parent)
        else {
            unison_list_layer_detach(layer)
            return
        }
        let window: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(root))
        var zero = graphene_point_t(x: 0, y: 0)
        var origin = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(parent, window, &zero, &origin) != 0 else { return }
        ListMotion.attach(layer, to: window, clippedTo: parent, at: origin)
        for state in states.values {
            guard let ghost = state.ghost, !state.isGone else { continue }
            let effects = state.presence?.effects ?? .identity
            let drawn = state.origin.map { $0.presentationValue } ?? state.ghostOrigin
            unison_list_layer_add(
                layerObject, ghost, state.ghostBox.minX, state.ghostBox.minY, state.ghostBox.width,
                state.ghostBox.height,
                GtkLimits.offset(Double(origin.x) + drawn.x - scroll.x + effects.offset.width),
                GtkLimits.offset(Double(origin.y) + drawn.y - scroll.y + effects.offset.height),
                GtkLimits.scale(effects.scale.width), GtkLimits.scale(effects.scale.height),
                GtkLimits.angle(effects.rotation), effects.anchor.x * state.size.width,
                effects.anchor.y * state.size.height, GtkLimits.opacity(effects.opacity))
        }
    }

    /// Drops the states of items at rest and of removals that finished. Runs every frame: nothing
    /// is copied or allocated (the keys dropped go through a buffer kept between frames).
    private func prune() {
        func droppable(_ state: ListItemMotion) -> Bool {
            state.isGone || (!state.isAnimating && (state.ghost != nil || !state.isDrawnAway))
        }
        for (key, state) in states where droppable(state) { dropping.append(key) }
        guard !dropping.isEmpty else { return }
        for key in dropping { _ = states.removeValue(forKey: key) }  // each released once out of the table
        dropping.removeAll(keepingCapacity: true)
    }

    // MARK: Putting rows back before layout

    /// Puts the rows drawn away back before every layout of the window (its frame clock's `update`).
    func startRestoring() {
        guard updateHandler == 0, let frameClock, let parent = rowsParent else {
            if let frameClock { gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_UPDATE) }
            return
        }
        updateHandler = connectSignal(UnsafeMutableRawPointer(frameClock), "update") { [weak self] in
            guard let self else { return }
            if unison_list_rows_restore(parent) > 0 { self.requestLayout() }
        }
        gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_UPDATE)
    }

    func stopRestoring() {
        guard updateHandler != 0 else { return }
        if let frameClock { g_signal_handler_disconnect(UnsafeMutableRawPointer(frameClock), updateHandler) }
        updateHandler = 0
    }
}

extension CGPoint {
    /// Equal but for rounding (a millionth of a pixel): where an item is drawn, worked out two ways.
    fileprivate func isClose(to other: CGPoint) -> Bool {
        abs(x - other.x) <= 1e-6 && abs(y - other.y) <= 1e-6
    }
}
