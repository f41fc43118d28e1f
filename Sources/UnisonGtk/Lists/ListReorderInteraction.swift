// The drag and keyboard reorder of a list view: its settings, state and lifetime here; the model
// side in +Model, the pointer in +Pointer, the per-frame drawing in +Frames.
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
    var ignoresPress = false

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

    // MARK: Keys

    func addEscape() {
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

    func removeEscape() {
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
