import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

// The model: which positions a drop moves, the GListStore fallback, and keeping the moved item in view.
extension ListReorderInteraction {
    // MARK: The model

    /// The view's model (the selection model), if any.
    var model: UnsafeMutableRawPointer? {
        guard let view = animator?.view else { return nil }
        return unison_list_view_get_model(view).map { UnsafeMutableRawPointer($0) }
    }

    /// The `GListStore` under the view's selection model (or the model itself), if it is one.
    var store: OpaquePointer? {
        guard var model else { return nil }
        let selections: [(GType, (OpaquePointer) -> OpaquePointer?)] = [
            (gtk_single_selection_get_type(), { gtk_single_selection_get_model($0) }),
            (gtk_multi_selection_get_type(), { gtk_multi_selection_get_model($0) }),
            (gtk_no_selection_get_type(), { gtk_no_selection_get_model($0) }),
        ]
        for (type, get) in selections where isA(model, type) {
            guard let inner = get(OpaquePointer(model)) else { return nil }
            model = UnsafeMutableRawPointer(inner)
            break
        }
        return isA(model, g_list_store_get_type()) ? OpaquePointer(model) : nil
    }

    func isA(_ object: UnsafeMutableRawPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// Moves the item at `from` to `to` in the `GListStore` under the view's selection model (a
    /// removal and an insertion), keeping it selected if it was, and returns whether it did (false,
    /// changing nothing, when the model is not a `GListStore` or a position is out of range). What
    /// the interaction does with no ``onMove``; call it from ``onMove`` to keep the store's move and
    /// do more.
    ///
    /// Made inside an animated transaction, the ``ListAnimator`` shows it as one move: the item
    /// glides to its new place (no transition plays on it meanwhile), its neighbours glide aside.
    @discardableResult
    public func moveStoreItem(from: Int, to: Int) -> Bool {
        guard let store else { return false }
        let count = Int(g_list_model_get_n_items(store))
        guard from >= 0, from < count, to >= 0, to < count else { return false }
        guard from != to, let item = g_list_model_get_item(store, guint(from)) else { return true }
        let selection = model.flatMap { model in
            isA(model, gtk_selection_model_get_type()) ? OpaquePointer(model) : nil
        }
        let selected = selection.map { gtk_selection_model_is_selected($0, guint(from)) != 0 } ?? false
        // The removal is taken back by the insertion at the animator's next pass: no transition
        // starts on the item meanwhile. (Two changes rather than one splice of the items between:
        // GTK keeps the view's anchor at its position, and the animator compares any number of items.)
        let transition = animator?.transition
        animator?.transition = .identity
        g_list_store_remove(store, guint(from))
        g_list_store_insert(store, guint(to), item)
        if let transition { animator?.transition = transition }
        g_object_unref(item)
        if selected, let selection { gtk_selection_model_select_item(selection, guint(to), 0) }
        return true
    }

    /// Commits a move: the app's ``onMove``, or the store's; after the layout that follows, the view
    /// scrolls the moved item into view if it is not (GTK keeps its top row in place, and an item
    /// moved to just above it would land out of sight).
    func commit(from: Int, to: Int) {
        animate(settleAnimation) {
            if let onMove { onMove(from, to) } else { moveStoreItem(from: from, to: to) }
        }
        reveal = to
        startDrawing()
    }

    /// Before the layout after the one that laid out a commit's change: scrolls the item at `position` into view unless its
    /// row is on screen whole (by as much as it is out, through the view's adjustment; with
    /// `list.scroll-to-item` when the view shows no row for it).
    func reveal(_ position: Int, in parent: UnsafeMutablePointer<GtkWidget>) {
        guard let animator, let model, position < Int(g_list_model_get_n_items(OpaquePointer(model))) else { return }
        var extent: (start: Double, end: Double)?
        animator.forEachRow(of: parent) { row, _, rowPosition in
            guard rowPosition == position else { return }
            var x = 0.0
            var y = 0.0
            var width = 0.0
            var height = 0.0
            unison_list_row_origin(row, &x, &y, &width, &height)
            _ = unison_list_row_layout(row, &x, &y)
            extent = vertical ? (y, y + height) : (x, x + width)
        }
        let scrollable = OpaquePointer(parent)
        guard let extent,
            let adjustment = vertical
                ? gtk_scrollable_get_vadjustment(scrollable) : gtk_scrollable_get_hadjustment(scrollable)
        else {
            _ = "list.scroll-to-item".withCString { name in
                gtk_widget_activate_action_variant(parent, name, g_variant_new_uint32(guint(position)))
            }
            return
        }
        let visible = Double(vertical ? gtk_widget_get_height(parent) : gtk_widget_get_width(parent))
        let value = gtk_adjustment_get_value(adjustment)
        if extent.start < 0 {
            gtk_adjustment_set_value(adjustment, value + extent.start)
        } else if extent.end > visible {
            gtk_adjustment_set_value(adjustment, value + min(extent.end - visible, extent.start))
        }
    }

    /// Whether the model still holds what the drag began with, the lifted item where it was.
    func isIntact(_ drag: Drag) -> Bool {
        guard rowsParent != nil, let model, model == drag.model,
            Int(g_list_model_get_n_items(OpaquePointer(model))) == drag.count,
            let item = g_list_model_get_item(OpaquePointer(model), guint(drag.from))
        else { return false }
        g_object_unref(item)
        return item == drag.item
    }
}
