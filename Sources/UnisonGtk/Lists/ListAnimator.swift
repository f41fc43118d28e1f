import CUnisonGtk
import CUnisonGtkMotion
import Foundation
import Unison

/// Animates the items of a model-backed list view (`GtkListView`, `GtkGridView`, `GtkColumnView`)
/// when its model changes: inserted items enter with a transition, removed items leave with it,
/// and items whose place changed glide there.
///
/// GTK's list views recycle a few row widgets for a model of any size, so a row is not an item:
/// the animator follows the **model items** (their `GObject`, or a key the app derives from them)
/// and draws each row with the state of the item it shows now. Changes made to the view's model
/// inside an animated transaction (`withAnimation`, `animate`), or any change when ``animation``
/// is set, animate:
///
/// - an **inserted** item's row is drawn at ``transition``'s insertion effects on its first
///   frame, then animates to identity;
/// - a **removed** item's row is captured (its rendering, as it was drawn) before the view drops
///   it, and drawn leaving with the removal effects in a layer above the window's content,
///   clipped to the list;
/// - every item whose place changed (moved, or shifted by inserts and removes before it) glides
///   from where it was drawn to its new place (FLIP: a render transform, nothing is relaid out).
///   A second change mid-glide retargets it, keeping its velocity. An item removed and added
///   again in one change is a move.
///
/// ```swift
/// let store = g_list_store_new(gtk_string_object_get_type())
/// let view = gtk_list_view_new(gtk_single_selection_new(store), factory)
/// let animator = ListAnimator(view)
/// withAnimation(.smooth) { g_list_store_insert(store, 0, gtk_string_object_new("New")) }   // fades and grows in
/// ```
///
/// Positions are in the list's content coordinates (the scroll offset added), so scrolling never
/// animates; when the view scrolls to keep its top row in place (an insertion above it), that row
/// does not move. Only rows on screen (and the captures of rows leaving, or moving off screen) do
/// work: a change far off screen costs one pass over the view's row widgets when it happens and
/// nothing per frame. Moved rows are drawn, and take pointer input, where they are drawn mid-glide.
/// Items moved across the view's edge glide out and in (in a horizontal grid view they appear and
/// vanish there). See <doc:AnimatingListViews> for how it works and what it costs.
///
/// The animator learns which row shows which item when a `GtkSignalListItemFactory` binds it (the
/// view's factory, or a column view's column factories): rows made by another factory (a
/// `GtkBuilderListItemFactory`) are not animated; their items change at once.
///
/// The view keeps its animator (the app may drop its reference); a second animator made for the
/// same view replaces the first. Make it before the view shows rows: a view that already shows
/// rows has its model set again once (rows are bound anew, selection kept by the model) so that the
/// animator learns which row shows which item. Sections and headers (GTK 4.12) are not handled.
@MainActor
public final class ListAnimator {
    /// What identifies an item across changes: its `GObject` pointer unless the app gives a key.
    /// It is called for every row on screen at every frame while something moves: keep it cheap
    /// (read a property, no formatting).
    ///
    /// ```swift
    /// ListAnimator(view) { item in AnyHashable(contact_get_id(OpaquePointer(item))) }
    /// ```
    public typealias Key = @MainActor (_ item: UnsafeMutableRawPointer) -> AnyHashable

    /// The transition inserted items enter with and removed items leave with (use
    /// `.asymmetric(insertion:removal:)` for two). Default: opacity and a scale from 0.8.
    public var transition: AnyTransition = .opacity.combined(with: .scale(scale: 0.8))

    /// The animation of model changes made outside an animated transaction (nil, the default:
    /// those changes are not animated). Inside one, the transaction's animation is used.
    ///
    /// ```swift
    /// animator.animation = .snappy      // every change animates, also from code the app does not own
    /// ```
    public var animation: Animation?

    /// Whether items whose place changed glide there (default true); false: they jump, and only
    /// insertions and removals animate.
    public var animatesMoves = true

    /// The view animated, nil once GTK disposed of it.
    public var view: UnsafeMutablePointer<GtkWidget>? {
        viewReference.pointer.map { unison_gtk_widget($0) }
    }

    /// Whether any item glides, enters or leaves.
    public var isAnimating: Bool {
        states.values.contains { $0.isAnimating }
    }

    /// How many removed items are still drawn leaving.
    public var leavingCount: Int { states.values.reduce(0) { $0 + ($1.isLeaving ? 1 : 0) } }

    /// How far `item`'s row is drawn from where the view's layout put it, because it glides
    /// there (zero when it does not, or when the animator does not follow the item).
    public func offset(of item: UnsafeMutableRawPointer) -> CGPoint {
        guard let state = states[key(of: item)], let origin = state.origin else { return .zero }
        let drawn = origin.presentationValue
        let target = origin.value
        return CGPoint(x: drawn.x - target.x, y: drawn.y - target.y)
    }

    /// The transition effects `item` is drawn with now (`.identity` at rest).
    public func effects(of item: UnsafeMutableRawPointer) -> TransitionEffects {
        states[key(of: item)]?.presence?.effects ?? .identity
    }

    // MARK: State

    let viewReference: ObjectReference
    /// The widget whose children are the rows (the view, or the list inside a column view).
    var rowsParent: UnsafeMutablePointer<GtkWidget>?
    /// The model followed (its `items-changed` reaches ``modelChanged(position:removed:added:)``).
    var model: UnsafeMutableRawPointer?
    let keyFunction: Key?
    /// Per item followed: its glide, transition and capture.
    var states: [AnyHashable: ListItemMotion] = [:]
    /// What the coming layout pass of the view belongs to.
    var pending: PendingChange?
    /// Where each item shown was drawn when the current change began (content coordinates).
    var firsts: [AnyHashable: First] = [:]
    /// The scroll offset when `firsts` was recorded.
    var firstsScroll = CGPoint.zero
    /// The items whose rows the pending change removed (leaving, or moved).
    var newGhosts: [AnyHashable] = []
    /// Where the items of rows GTK kept hidden were in the model when the change began (to tell a
    /// move into view from an insertion), and a row on screen then (to estimate their places).
    /// With the default key (the item's address) the items are listed as they are (no reference
    /// held: they are only compared by address, and only the few rows that come into view look);
    /// with a key function, by key (the items may be gone by the layout pass).
    var firstPositions: [AnyHashable: Int] = [:]
    var hiddenItems: [(item: UnsafeMutableRawPointer, position: Int)] = []
    var firstsReference: RowReference?

    /// Where an item was drawn when the change began (content coordinates) and, if it glided then,
    /// where its glide was (the glide goes on until the layout pass: the next frame's tick).
    struct First {
        var origin: CGPoint
        var glide: CGPoint?
    }

    /// A row on screen, to estimate where rows off screen are: its position in the model, where it
    /// is (content coordinates), its size, and how many items a line of the view holds (1 in a list).
    typealias RowReference = (position: Int, origin: CGPoint, size: CGSize, columns: Int)
    /// Positions (in the model as it is now) inserted by the pending change.
    var inserted: [Range<Int>] = []
    /// The window's frame clock the view is realized with, and the hooks on it.
    var frameClock: OpaquePointer?
    var layoutHook: FrameClockLayoutHook?
    var updateHandler: gulong = 0
    var layoutRequested = false
    /// The window layer drawing leaving items (made on first use; held by the animator).
    var layer: UnsafeMutablePointer<GtkWidget>?
    /// The rows of the last layout pass (reused: nothing allocated per frame).
    var rows: [ListRow] = []
    /// The keys of the states a pass drops (reused).
    var dropping: [AnyHashable] = []
    let clock: GtkFrameClock
    private var handlers: [gulong] = []

    /// What the coming layout pass animates with.
    enum PendingChange {
        /// An animated transaction's change, kept open until the layout pass (nil until its body ends).
        case transaction(DeferredTransaction?)
        /// A change outside a transaction, animated with ``ListAnimator/animation``.
        case own(Animation)
    }

    /// Animates the items of `view`: a `GtkListView`, `GtkGridView` or `GtkColumnView` (anything
    /// else is left alone). `key` identifies an item (default: its `GObject` pointer); give one
    /// when the model makes new objects for the same data (a `GtkStringList` rebuilt, say).
    public init(_ view: some GObjectPointer, key: Key? = nil) {
        let pointer = view.widgetPointer
        viewReference = ObjectReference(pointer)
        keyFunction = key
        clock = GtkFrameClock.for(pointer)
        ListMotion.install()
        guard let parent = unison_list_rows_parent(pointer) else { return }
        rowsParent = parent
        ListMotion.adopt(self, view: UnsafeMutableRawPointer(pointer))
        WidgetAttachment.attach(self, to: UnsafeMutableRawPointer(pointer), key: "unison-list-animator")
        handlers.append(
            connectSequenceSignal(pointer, "notify::model") { [weak self] _ in self?.followModel() })
        // (These die with the rows parent: the view itself, or the list inside a column view.)
        connectSignal(parent, "realize") { [weak self] in self?.realized() }
        connectSignal(parent, "unrealize") { [weak self] in self?.unrealized() }
        followModel()
        if gtk_widget_get_realized(parent) != 0 { realized() }
        // Rows bound before the hooks were installed are unknown: bind them anew.
        var child = gtk_widget_get_first_child(parent)
        while let row = child {
            if let item = unison_list_row_list_item(row) {
                g_object_unref(UnsafeMutableRawPointer(item))
            } else {
                unison_list_view_rebind(pointer)
                break
            }
            child = gtk_widget_get_next_sibling(row)
        }
    }

    isolated deinit {
        stop()
        untrackModel()
        if let view = viewReference.pointer {
            for handler in handlers { g_signal_handler_disconnect(view, handler) }
        }
        if let layer { g_object_unref(UnsafeMutableRawPointer(layer)) }
    }

    /// Another animator was made for the view: this one stops animating it.
    func replaced() {
        stop()
        untrackModel()
        rowsParent = nil
    }

    /// The key of `item`.
    func key(of item: UnsafeMutableRawPointer) -> AnyHashable {
        keyFunction?(item) ?? AnyHashable(UInt(bitPattern: item))
    }

    // MARK: Model and realization

    /// Follows the view's model (again, after it was replaced): what was animating ends.
    private func followModel() {
        guard let view = self.view, rowsParent != nil else { return }
        let current = unison_list_view_get_model(view).map { UnsafeMutableRawPointer($0) }
        guard current != model else { return }
        untrackModel()
        model = current
        if let current {
            g_object_ref(current)  // held while followed: the view may let go of it first
            unison_list_model_track(current, 1)
        }
        reset()
    }

    private func untrackModel() {
        guard let model else { return }
        self.model = nil
        unison_list_model_track(model, 0)
        g_object_unref(model)
    }

    private func realized() {
        guard let parent = rowsParent, frameClock == nil, let clock = gtk_widget_get_frame_clock(parent) else { return }
        frameClock = clock
        layoutHook = FrameClockLayoutHook(clock) { [weak self] in self?.layoutDone() }
    }

    private func unrealized() { stop() }

    /// Ends every animation (where it would end: completions run once, at the next safe point),
    /// puts every row back where layout has it, and lets go of the window.
    func stop() {
        reset()
        layoutHook?.disconnect()
        layoutHook = nil
        stopRestoring()
        frameClock = nil
        if let layer { unison_list_layer_detach(layer) }  // (a destroyed window let it go already)
    }

    /// Forgets every item's state and the pending change.
    func reset() {
        // (Called from a release, an unrealize or a model change: completions run at the next safe point.)
        withoutSafePoints { if case .transaction(let deferred) = pending { deferred?.close() } }
        pending = nil
        firsts.removeAll()
        inserted.removeAll()
        newGhosts.removeAll()
        firstPositions.removeAll()
        hiddenItems.removeAll()
        firstsReference = nil
        if viewReference.isAlive, let parent = rowsParent { unison_list_rows_restore(parent) }
        if let layer { unison_list_layer_clear(OpaquePointer(layer)) }
        withoutSafePoints {
            let released = states  // released after the table is empty (deinits may call back)
            states.removeAll()
            _ = released
        }
    }
}
