import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// A model change, seen before the view reacts to it (GLib's emission hook runs before every
// handler): the rows still show the items as they were drawn. FLIP's *first* is taken here (where
// each shown item is drawn), removed rows are captured and start leaving, inserted positions are
// noted; the layout pass that follows does the rest (ListAnimator+Frames.swift).
extension ListAnimator {
    /// `items-changed` of the model: `removed` items at `position` were replaced by `added` ones.
    func modelChanged(position: Int, removed: Int, added: Int) {
        guard let parent = rowsParent, gtk_widget_get_mapped(parent) != 0 else { return }
        shiftInserted(position: position, removed: removed, added: added)
        let transaction = Transaction.current
        let animation = transaction.disablesAnimations ? nil : (transaction.animation ?? self.animation)
        guard let animation, GtkRuntime.animationsEnabled, frameClock != nil else {
            requestLayout()  // items in flight take their new places at once
            return
        }
        // The first change since the last layout pass records where every shown item is drawn;
        // later ones (rows already rebound by the view) keep that record.
        if pending == nil { recordFirsts(in: parent) }
        if transaction.isAnimated {
            if case .transaction = pending {} else { pending = .transaction(nil) }
            ListMotion.awaitEnd(self)
        } else if pending == nil {
            pending = .own(animation)
        }
        if added > 0 { inserted.append(position..<(position + added)) }
        if removed > 0 {
            captureRemoved(in: parent, position: position, removed: removed, added: added, animation: animation)
        }
        requestLayout()
    }

    /// The animated transaction the pending change was made in ended: it stays open until the
    /// layout pass (at most ``MotionLayout/longestWait``: a view that is not laid out again cannot
    /// hold its completions back).
    func transactionEnded(_ deferred: DeferredTransaction) {
        guard case .transaction(let earlier) = pending else {
            deferred.close()
            return
        }
        earlier?.close()  // the latest transaction owns the coming layout pass
        pending = .transaction(deferred)
        GtkRuntime.after(MotionLayout.longestWait) { [weak self, weak deferred] in
            // No layout pass came (a window that does not paint): the change animates on its own.
            guard let self, let deferred, case .transaction(let current?) = self.pending, current === deferred
            else { return }
            self.pending = deferred.transaction.animation.map { .own($0) }
            deferred.close()
        }
    }

    /// Where every item shown is drawn now, in content coordinates.
    private func recordFirsts(in parent: UnsafeMutablePointer<GtkWidget>) {
        firsts.removeAll(keepingCapacity: true)
        firstPositions.removeAll(keepingCapacity: true)
        hiddenItems.removeAll(keepingCapacity: true)
        firstsReference = nil
        let scroll = scrollOffset(of: parent)
        firstsScroll = scroll
        forEachRow(of: parent) { row, item, position in
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
            guard width > 0, height > 0 else { return }  // not laid out yet (shown since the last layout)
            let key = self.key(of: item)
            let layout = layoutOrigin(of: row, scroll: scroll)
            if let origin = states[key]?.origin {
                let drawn = origin.presentationValue
                let target = origin.value
                firsts[key] = First(
                    origin: CGPoint(x: layout.x + drawn.x - target.x, y: layout.y + drawn.y - target.y), glide: drawn)
            } else {
                firsts[key] = First(origin: layout, glide: nil)
            }
            if let reference = firstsReference {
                if layout.y == reference.origin.y { firstsReference?.columns += 1 }  // the first line's items
            } else {
                firstsReference = (position, layout, CGSize(width: width, height: height), 1)
            }
        }
        // The rows GTK keeps bound but hidden (4.8 keeps up to 200): their items were in the model.
        var child = gtk_widget_get_first_child(parent)
        while let row = child {
            child = gtk_widget_get_next_sibling(row)
            guard gtk_widget_get_mapped(row) == 0, let listItem = unison_list_row_list_item(row) else { continue }
            if let item = gtk_list_item_get_item(listItem) {
                let position = Int(gtk_list_item_get_position(listItem))
                if keyFunction == nil {
                    hiddenItems.append((item, position))  // (GTK keeps up to 200: no hashing here)
                } else {
                    firstPositions[key(of: item)] = position
                }
            }
            g_object_unref(UnsafeMutableRawPointer(listItem))
        }
    }

    /// Where the item of a row now on screen was in the model when the change began, if GTK kept
    /// its row hidden then (nil: it was not bound to a row).
    func firstPosition(of key: AnyHashable, item: UnsafeMutableRawPointer) -> Int? {
        guard keyFunction == nil else { return firstPositions[key] }
        return hiddenItems.last { $0.item == item }?.position
    }

    /// Where the row of the item at `position` is (content coordinates), estimated from `reference`
    /// (a row on screen) in a view of rows of one size; nil in a horizontal grid.
    func estimatedOrigin(of position: Int, from reference: RowReference?) -> CGPoint? {
        guard let reference, let parent = rowsParent else { return nil }
        let steps = Double(position - reference.position)
        switch unison_list_axis(parent) {
        case 0: return CGPoint(x: reference.origin.x, y: reference.origin.y + steps * reference.size.height)
        case 1: return CGPoint(x: reference.origin.x + steps * reference.size.width, y: reference.origin.y)
        case -1:
            // Lines of `columns` items from the top: position p is in column p % columns of line p / columns.
            let columns = max(reference.columns, 1)
            let column = Double(position % columns - reference.position % columns)
            let line = Double(position / columns - reference.position / columns)
            return CGPoint(
                x: reference.origin.x + column * reference.size.width,
                y: reference.origin.y + line * reference.size.height)
        default: return nil
        }
    }

    /// Where layout has `row`, in content coordinates (its mark if it is drawn elsewhere now).
    func layoutOrigin(of row: UnsafeMutablePointer<GtkWidget>, scroll: CGPoint) -> CGPoint {
        var x = 0.0
        var y = 0.0
        if unison_list_row_layout(row, &x, &y) == 0 {
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
        }
        return CGPoint(x: x + scroll.x, y: y + scroll.y)
    }

    /// Captures the rows of the removed items (those not added again by the same change) and
    /// starts their removal transition.
    private func captureRemoved(
        in parent: UnsafeMutablePointer<GtkWidget>, position: Int, removed: Int, added: Int, animation: Animation
    ) {
        let removedRange = position..<(position + removed)
        var shown: [UnsafeMutableRawPointer] = []  // the removed items with a row on screen (a few dozen)
        forEachRow(of: parent) { _, item, listPosition in
            if removedRange.contains(listPosition) { shown.append(item) }
        }
        guard !shown.isEmpty else { return }  // a change off screen: nothing to capture
        let readded = addedAgain(shown, position: position, added: added)
        let scroll = scrollOffset(of: parent)
        var leaving: [ListItemMotion] = []
        forEachRow(of: parent) { row, item, listPosition in
            guard removedRange.contains(listPosition) else { return }
            let key = self.key(of: item)
            let state = self.state(for: key, item: item)
            guard state.ghost == nil else { return }
            // Added again by the change: a move. Captured too, in case its new place is off screen.
            state.isMover = readded[key] != nil
            state.moverTarget = readded[key] ?? 0
            let layout = layoutOrigin(of: row, scroll: scroll)
            state.ghostOrigin = firsts[key]?.origin ?? state.drawnOrigin(layout: layout)
            // A leaving item leaves from where it is drawn (a glide in flight ends there); a moved one
            // keeps its glide, retargeted at the layout pass.
            if !state.isMover { state.origin = nil }
            newGhosts.append(key)
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
            state.size = CGSize(width: width, height: height)
            state.ghost = unison_list_row_capture(row, &x, &y, &width, &height)
            state.ghostBox = CGRect(x: x, y: y, width: width, height: height)
            state.isGone = false
            if !state.isMover { leaving.append(state) }
        }
        if layer == nil, !newGhosts.isEmpty {
            let made = unison_list_layer_new()!
            g_object_ref_sink(UnsafeMutableRawPointer(made))
            layer = made
        }
        guard !leaving.isEmpty else { return }
        let body = {
            for state in leaving {
                let presence = self.presence(of: state)
                presence.size = state.size
                presence.isPresent = false
            }
        }
        if Transaction.current.isAnimated { body() } else { withTransaction(Transaction(animation: animation), body) }
    }

    /// Where the change put each of `items` (removed items shown on screen) that it added again, by
    /// key: one pass over the added items (`added` model lookups, and `added` calls of the key
    /// function if there is one), each compared with the few items sought; it stops once all are
    /// found. An item found is a move (it glides, on screen or off), the others are removed.
    private func addedAgain(_ items: [UnsafeMutableRawPointer], position: Int, added: Int) -> [AnyHashable: Int] {
        var found: [AnyHashable: Int] = [:]
        guard added > 0, let model = model.map({ OpaquePointer($0) }) else { return found }
        let end = position + added
        if keyFunction == nil {
            // Keys are the items' addresses: compared as they are, nothing hashed per added item
            // but a pointer.
            var sought = Set(items)
            var index = position
            while index < end, !sought.isEmpty {
                if let item = g_list_model_get_item(model, guint(index)) {
                    if sought.remove(item) != nil { found[key(of: item)] = index }
                    g_object_unref(item)
                }
                index += 1
            }
        } else {
            var sought = Set(items.map { key(of: $0) })
            var index = position
            while index < end, !sought.isEmpty {
                if let item = g_list_model_get_item(model, guint(index)) {
                    let key = key(of: item)
                    if sought.remove(key) != nil { found[key] = index }
                    g_object_unref(item)
                }
                index += 1
            }
        }
        return found
    }

    /// The state of the item `key` (made, holding `item`, if it has none).
    func state(for key: AnyHashable, item: UnsafeMutableRawPointer) -> ListItemMotion {
        if let state = states[key] { return state }
        let state = ListItemMotion(item: item)
        states[key] = state
        return state
    }

    /// The item's transition host (made present, at identity, if it has none).
    func presence(of state: ListItemMotion, present: Bool = true) -> Presence {
        if let presence = state.presence { return presence }
        let presence = Presence(
            isPresent: present, transition: transition, size: state.size, clock: clock,
            apply: { [weak self] _ in self?.requestLayout() },
            visibilityChanged: { [weak self, weak state] visible in
                guard let state, !visible else { return }
                state.isGone = true  // dropped at the next pass (not inside the transition's callback)
                self?.requestLayout()
            })
        state.presence = presence
        return presence
    }

    /// Keeps the inserted ranges in the model's current positions.
    private func shiftInserted(position: Int, removed: Int, added: Int) {
        guard !inserted.isEmpty else { return }
        let end = position + removed
        let shift = added - removed
        var kept: [Range<Int>] = []
        for range in inserted {
            if range.upperBound <= position {
                kept.append(range)
            } else if range.lowerBound >= end {
                kept.append((range.lowerBound + shift)..<(range.upperBound + shift))
            } else {
                if range.lowerBound < position { kept.append(range.lowerBound..<position) }
                if range.upperBound > end { kept.append((end + shift)..<(range.upperBound + shift)) }
            }
        }
        inserted = kept
    }

    // MARK: Rows

    /// Calls `body` with every row of `parent` on screen that shows an item, its item and its
    /// position. (GTK 4.8 keeps up to 200 row widgets, most of them hidden: those are skipped.)
    func forEachRow(
        of parent: UnsafeMutablePointer<GtkWidget>,
        _ body: (UnsafeMutablePointer<GtkWidget>, UnsafeMutableRawPointer, Int) -> Void
    ) {
        var child = gtk_widget_get_first_child(parent)
        while let row = child {
            child = gtk_widget_get_next_sibling(row)
            guard gtk_widget_get_mapped(row) != 0, let listItem = unison_list_row_list_item(row) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(listItem)) }
            guard let item = gtk_list_item_get_item(listItem) else { continue }
            body(row, item, Int(gtk_list_item_get_position(listItem)))
        }
    }

    /// The list's scroll offset (its adjustments' values).
    func scrollOffset(of parent: UnsafeMutablePointer<GtkWidget>) -> CGPoint {
        let scrollable = OpaquePointer(parent)
        let h = gtk_scrollable_get_hadjustment(scrollable).map { gtk_adjustment_get_value($0) } ?? 0
        let v = gtk_scrollable_get_vadjustment(scrollable).map { gtk_adjustment_get_value($0) } ?? 0
        return CGPoint(x: h, y: v)
    }
}
