// Over 400 lines: one type whose drag state (the drag, the settle, the shifted neighbours) is
// private to it; its per-frame drawing is in ListReorderInteraction+Frames.swift.
import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// Drag to reorder the items of a `GtkListView` or `GtkGridView` animated by a ``ListAnimator``,
/// and the same with the keyboard: the model-backed counterpart of ``ReorderInteraction``.
///
/// ```swift
/// let animator = ListAnimator(view)
/// let reorder = ListReorderInteraction(animator)   // over a GListStore: nothing else to do
/// reorder.onMove = { from, to in print("moved \(from) to \(to)") }   // or move the app's own model
/// ```
///
/// - **Lift.** A drag that starts on a row (past ``minimumDistance``) lifts its item: it is drawn
///   above the other rows, scaled to ``liftScale`` with ``liftAnimation``, its row has the CSS class
///   ``liftedClass`` (style its shadow with it), and it follows the pointer (along the list's axis;
///   both ways in a grid), within the list's content.
/// - **Glide.** When the lifted item's top edge (its leading edge in a horizontal list) passes the
///   midpoint a neighbour would have with the lifted item taken out (half a row past its slot, for
///   rows of one size; in a grid, when its centre enters another cell), the items between its first place and the one under it glide a place aside with
///   ``glideAnimation``, opening the gap where it would land. Nothing in the model changes during
///   the drag: the gap is drawn (render transforms, nothing is relaid out).
/// - **Autoscroll.** Near an edge of the `GtkScrolledWindow` around the view (within
///   ``autoscrollEdge`` pixels), it scrolls that way, up to ``autoscrollSpeed``; the lifted item
///   stays under the pointer while the view recycles its rows: the interaction follows the model
///   item, never a row widget. (The lifted item is drawn from a capture of its row, taken at the
///   lift and again once the lifted class's style applies, its own row hidden meanwhile: it is
///   drawn whether or not the view still shows a row for it. What changes in the row during the
///   drag, such as a spinner, is not redrawn until the drop.)
/// - **Drop.** At the release the move is committed, inside a transaction animated with
///   ``settleAnimation``: ``onMove`` reports it (`from`, `to`: the item's positions in the model before
///   and after; `to` is its final position, as ``ReorderInteraction/onMove``'s) and the app applies it
///   to its model, which the ``ListAnimator`` animates from where everything is drawn. With no
///   ``onMove``, when the model under the view's selection model is a `GListStore`, the interaction
///   moves the item there itself (``moveStoreItem(from:to:)``). The dropped item springs into its
///   new place from the pointer, at its velocity.
/// - **Cancel.** Escape during the drag, ``cancel()``, or GTK taking the pointer away: everything
///   glides back; nothing is reported.
/// - **Keyboard.** Alt+Up and Alt+Down (Alt+Left and Alt+Right in a horizontal list; all four in a
///   grid, Up and Down moving a line) move the focused row's item one place, committed as a drop is;
///   the focus follows the item.
///
/// If the model changes during a drag (an item added or removed, the lifted item replaced, the
/// model replaced), the drag is abandoned: everything glides to where layout has it, nothing is
/// reported. A drag with no ``onMove`` over a model that is not a `GListStore` lifts nothing.
///
/// The view keeps its interaction (the app may drop its reference); a second one made for the same
/// view replaces the first. The animator must animate moves (``ListAnimator/animatesMoves``) for the
/// neighbours and the dropped item to glide; otherwise they jump.
@MainActor
public final class ListReorderInteraction {
    /// Called once per completed move with the item's position in the model before and after it
    /// (`to` is its final position: `items.insert(items.remove(at: from), at: to)` applies it).
    /// Runs inside a transaction animated with ``settleAnimation``: the model change it makes
    /// animates. Nil (the default): a `GListStore` under the view's selection model is moved by
    /// the interaction itself, and any other model cannot be reordered.
    public var onMove: (@MainActor (_ from: Int, _ to: Int) -> Void)?
    /// Whether the user may reorder (default true); false: a press lifts nothing and the keys do
    /// nothing (a drag in progress is cancelled).
    public var isEnabled = true {
        didSet { if !isEnabled { cancel() } }
    }
    /// How much the lift scales the lifted item (default 1.03).
    public var liftScale = 1.03
    /// The CSS class the lifted item's row has from its lift until it has settled (default
    /// `unison-lifted`). A name GTK does not take (empty, or starting with a `.`) is ignored.
    public var liftedClass: String {
        get { liftedClassName }
        set { if !newValue.isEmpty, !newValue.hasPrefix(".") { liftedClassName = newValue } }
    }
    private var liftedClassName = "unison-lifted"
    /// How the lift scales the item (default `.snappy`).
    public var liftAnimation = Animation.snappy
    /// How the items passed glide aside (default `.smooth`).
    public var glideAnimation = Animation.smooth
    /// How the committed move animates: the dropped item springing into its place at the pointer's
    /// velocity, its neighbours gliding (default `.smooth`); a cancelled drag glides back with it too.
    public var settleAnimation = Animation.smooth
    /// How close to an edge of the enclosing `GtkScrolledWindow` the pointer scrolls it, in pixels
    /// (default 48; at most a quarter of its length is used).
    public var autoscrollEdge: Double {
        get { autoscroll.edge }
        set { autoscroll.edge = newValue.isNaN ? 0 : newValue }
    }
    /// How fast the scrolled window scrolls with the pointer at its edge or past it, in pixels per
    /// second (default 1200).
    public var autoscrollSpeed: Double {
        get { autoscroll.speed }
        set { autoscroll.speed = newValue }
    }
    /// How far the pointer must move before a press becomes a drag, in pixels.
    public let minimumDistance: Double
    /// The lifted item's position in the model (nil when no drag is in progress).
    public var liftedPosition: Int? { drag?.from }
    /// Where the lifted item would land if dropped now (nil when no drag is in progress).
    public var targetPosition: Int? { drag?.to }
    /// Whether the user may reorder now: enabled, and the app moves the items (``onMove``) or the
    /// model is a `GListStore`.
    public var isReorderable: Bool { isEnabled && (onMove != nil || store != nil) }
    /// The animator drawing the view's items (nil once the view is gone).
    public private(set) weak var animator: ListAnimator?

    /// The drag's recognizer host, which the view's `GtkGestureDrag` feeds: events handed to it (a
    /// scripted drag, for a demo's tour or a test) lift, move and drop items as the pointer's do.
    @_spi(Testing) public var gestureHandler: GestureHandler<DragRecognizer> { gesture.handler }

    // MARK: State

    /// The widget whose children are the rows (the view itself for a list or grid view).
    let parent: ObjectReference
    /// The axis items follow each other on: 0 top to bottom, 1 start to end, -1 a grid.
    let axis: Int32
    /// Whether the view scrolls vertically.
    let vertical: Bool
    private let gesture: WidgetGesture<DragRecognizer>
    let autoscroll: ReorderAutoscroll
    private let keys: OpaquePointer
    private var escape: (controller: OpaquePointer, root: ObjectReference)?
    /// The drag in progress.
    var drag: Drag?
    /// The dropped (or cancelled) item springing into its place, drawn from its capture.
    var settle: Settle?
    /// The neighbours drawn aside during the drag, by item key: their offsets from where layout has them.
    var shifts: [AnyHashable: AnimatableProperty<CGPoint>] = [:]
    /// The keys of the shifts back at rest, gathered at a frame (kept empty between frames).
    var restingShifts: [AnyHashable] = []
    /// The layer drawing the lifted item (made on first use; held).
    var layer: UnsafeMutablePointer<GtkWidget>?
    /// The frame clock's hooks while something is drawn: after layout, and before it.
    var layoutHook: FrameClockLayoutHook?
    var updateHandler: (clock: OpaquePointer, id: gulong)?
    /// The position of the item moved by the latest commit, to scroll into view after the next layout.
    var reveal: Int?
    /// The same, once the view has laid the change out: scrolled into view before the next layout.
    var revealBeforeLayout: Int?
    /// Whether the press in progress lifts nothing (not on a row, or its drag abandoned).
    private var ignoresPress = false

    /// A drag in progress. Points are in the list's content coordinates (the scroll offset added).
    struct Drag {
        let key: AnyHashable
        /// The lifted item (a reference held) and the model it is in (compared by address only).
        let item: UnsafeMutableRawPointer
        let model: UnsafeMutableRawPointer
        let count: Int
        let from: Int
        var to: Int
        /// Where layout had the lifted row at the lift, its size, and where the press was.
        let start: CGPoint
        let size: CGSize
        let press: CGPoint
        /// The pointer at the latest event (the view's coordinates), and its velocity.
        var pointer: CGPoint
        var velocity = CGPoint.zero
        /// The lift's scale (animated), and the capture drawing the item.
        let scale: AnimatableProperty<Double>
        var capture: Capture
        /// Whether the capture was taken again once the lift's CSS class applied.
        var recaptured = false
        /// The row showing the item now (it has the lifted class), if any.
        var row: ObjectReference?
    }

    /// The rendering of a row (a `GdkPaintable`, a reference held) and where it is in the row.
    struct Capture {
        var paintable: OpaquePointer?
        var box = CGRect.zero
    }

    /// A dropped or cancelled item springing into its place (the animator glides it; this draws it above).
    struct Settle {
        let key: AnyHashable
        let item: UnsafeMutableRawPointer
        let size: CGSize
        let scale: AnimatableProperty<Double>
        var capture: Capture
        var row: ObjectReference?
    }

    /// Makes the items of `animator`'s view reorderable (a `GtkListView` or `GtkGridView`; a
    /// `GtkColumnView`'s rows too); a press becomes a drag once the pointer has moved
    /// `minimumDistance` pixels (0: at the press).
    public init(_ animator: ListAnimator, minimumDistance: Double = 6) {
        self.animator = animator
        let view = animator.view
        let rows = animator.rowsParent ?? view
        // (No rows: a view that is gone or not a list view. The gesture goes on a widget of its own: inert.)
        let widget: UnsafeMutablePointer<GtkWidget> =
            rows ?? unison_gtk_widget(g_object_ref_sink(UnsafeMutableRawPointer(gtk_label_new(nil)!))!)
        parent = ObjectReference(widget)
        axis = rows.map { unison_list_axis($0) } ?? 0
        if axis == -1, let view {
            vertical = gtk_orientable_get_orientation(OpaquePointer(view)) == GTK_ORIENTATION_VERTICAL
        } else {
            vertical = axis != 1
        }
        self.minimumDistance = minimumDistance.isNaN ? 6 : max(minimumDistance, 0)
        gesture = WidgetGesture(on: widget, DragRecognizer(minimumDistance: self.minimumDistance))
        autoscroll = ReorderAutoscroll(container: widget, vertical: vertical)
        keys = gtk_event_controller_key_new()
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gesture.onChanged = { [weak self] value in self?.changed(value) }
        gesture.onEnded = { [weak self] value in self?.ended(value) }
        gesture.onCancelled = { [weak self] in self?.gestureCancelled() }
        autoscroll.onScroll = { [weak self] in self?.requestLayout() }
        _ = try? GtkSignals.keyPressed(keys) { [weak self] keyval, _, modifiers in
            self?.keyPressed(keyval, modifiers) ?? false
        }
        gtk_widget_add_controller(widget, keys)
        if rows == nil {
            g_object_unref(UnsafeMutableRawPointer(widget))
        } else if let view {
            WidgetAttachment.attach(self, to: UnsafeMutableRawPointer(view), key: "unison-list-reorder")
            parent.onFinalize { [weak self] in self?.viewFinalized() }
        }
    }

    /// Gone mid-drag or mid-settle (a second interaction made for the view replaces this one): what
    /// it drew is undone (the rows put back where layout has them and shown, the lifted class
    /// removed), nothing reported. Only GTK calls and releases here: no completion runs.
    isolated deinit {
        if let widget = parent.pointer { gtk_widget_remove_controller(unison_gtk_widget(widget), keys) }
        removeEscape()
        if let drag {
            if let row = drag.row?.pointer { gtk_widget_remove_css_class(unison_gtk_widget(row), liftedClassName) }
            g_object_unref(drag.item)
            if let paintable = drag.capture.paintable { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        }
        if let settle {
            if let row = settle.row?.pointer { gtk_widget_remove_css_class(unison_gtk_widget(row), liftedClassName) }
            g_object_unref(settle.item)
            if let paintable = settle.capture.paintable { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        }
        layoutHook?.disconnect()
        if let updateHandler {
            // (A frame clock disposed with its window has dropped its handlers already.)
            let clock = UnsafeMutableRawPointer(updateHandler.clock)
            if g_signal_handler_is_connected(clock, updateHandler.id) != 0 {
                g_signal_handler_disconnect(clock, updateHandler.id)
            }
            g_object_unref(UnsafeMutableRawPointer(updateHandler.clock))
        }
        if updateHandler != nil, let rows = rowsParent {
            unison_list_rows_restore(rows)
            animator?.requestLayout()  // the animator draws its own rows again at its next pass
        }
        if let layer {
            unison_list_layer_detach(layer)
            g_object_unref(UnsafeMutableRawPointer(layer))
        }
    }

    /// The view is gone (GLib is finalizing it): the drag ends here, nothing reported, nothing drawn.
    private func viewFinalized() {
        ignoresPress = false
        removeEscape()
        autoscroll.stop()
        endDrawing()
    }

    /// The view's widget whose children are the rows (nil once it is gone).
    var rowsParent: UnsafeMutablePointer<GtkWidget>? { parent.pointer.map { unison_gtk_widget($0) } }

    /// Cancels the drag in progress: everything glides back, and nothing is reported.
    public func cancel() {
        guard drag != nil else { return }
        gesture.cancel()
        if drag != nil { finish(committing: false) }
    }

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

    private func isA(_ object: UnsafeMutableRawPointer, _ type: GType) -> Bool {
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
    private func commit(from: Int, to: Int) {
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

    // MARK: The pointer

    private func changed(_ value: DragRecognizer.Value) {
        if drag != nil {
            moved(value)
        } else if !ignoresPress {
            lift(value)
        }
    }

    private func ended(_ value: DragRecognizer.Value) {
        defer { ignoresPress = false }
        guard drag != nil else { return }
        moved(value)
        finish(committing: true)
    }

    private func gestureCancelled() {
        defer { ignoresPress = false }
        if drag != nil { finish(committing: false) }
    }

    /// The drag begins: lifts the item of the row the press was on.
    private func lift(_ value: DragRecognizer.Value) {
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
    private func row(at point: CGPoint, in parent: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>?
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

    private func moved(_ value: DragRecognizer.Value) {
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
    private func handOver(velocity: CGPoint) {
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

    // MARK: Keys

    private func addEscape() {
        guard escape == nil, let widget = rowsParent, let root = gtk_widget_get_root(widget) else { return }
        let window: UnsafeMutablePointer<GtkWidget> = unison_gtk_widget(UnsafeMutableRawPointer(root))
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        _ = try? GtkSignals.keyPressed(controller) { [weak self] keyval, _, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape), drag != nil else { return false }
            cancel()
            return true
        }
        gtk_widget_add_controller(window, controller)
        escape = (controller, ObjectReference(window))
    }

    private func removeEscape() {
        guard let escape else { return }
        self.escape = nil
        if let window = escape.root.pointer {
            gtk_widget_remove_controller(unison_gtk_widget(window), escape.controller)
        }
    }

    /// Alt+arrow: moves the focused row's item one place (a line, Up and Down in a grid).
    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let held = modifiers.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
        guard drag == nil, isReorderable, held == GDK_ALT_MASK.rawValue else { return false }
        let key = Int32(bitPattern: keyval)
        let across = [GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right].contains(key)
        let forward = [GDK_KEY_Down, GDK_KEY_KP_Down, GDK_KEY_Right, GDK_KEY_KP_Right].contains(key)
        guard across || [GDK_KEY_Up, GDK_KEY_KP_Up, GDK_KEY_Down, GDK_KEY_KP_Down].contains(key) else { return false }
        // A list moves along its axis only; in a grid, the keys across the scrolling move one place.
        let step: Int
        switch axis {
        case 0: guard !across else { return false }; step = 1
        case 1: guard across else { return false }; step = 1
        default: step = across == vertical ? 1 : lineLength()
        }
        guard let parent = rowsParent, let root = gtk_widget_get_root(parent), let focus = gtk_root_get_focus(root),
            let row = row(containing: focus, in: parent), let model, let listItem = unison_list_row_list_item(row)
        else { return false }
        let from = Int(gtk_list_item_get_position(listItem))
        let item = gtk_list_item_get_item(listItem)
        g_object_unref(UnsafeMutableRawPointer(listItem))
        let to = from + (forward ? step : -step)
        guard let item, to >= 0, to < Int(g_list_model_get_n_items(OpaquePointer(model))) else { return true }
        g_object_ref(item)
        defer { g_object_unref(item) }
        endSettle()
        commit(from: from, to: to)
        // The focus follows the item to its new row.
        if let moved = self.row(showing: animatorKey(item), in: parent) {
            gtk_widget_grab_focus(moved)
        }
        return true
    }

    private func animatorKey(_ item: UnsafeMutableRawPointer) -> AnyHashable {
        animator?.key(of: item) ?? AnyHashable(UInt(bitPattern: item))
    }

    /// The row of `parent` that is `widget` or holds it.
    private func row(
        containing widget: UnsafeMutablePointer<GtkWidget>, in parent: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let child = current {
            let up = gtk_widget_get_parent(child)
            if up == parent { return child }
            current = up
        }
        return nil
    }
}
