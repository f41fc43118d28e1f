// Over 400 lines: one type whose drag state (the drag, the settles, Escape's controller) is private
// to it; splitting it across files would make that state visible to the whole module.
import CUnisonGtk
import Foundation
import Unison

/// Drag to reorder the items of a container (``ReorderableBox`` for a `GtkBox`,
/// ``ReorderableListBox`` for a `GtkListBox`, each of which makes its own), and the same with the
/// keyboard.
///
/// - **Lift.** A drag that starts on an item (past ``minimumDistance``) lifts it: its bin scales
///   to ``liftScale`` with ``liftAnimation``, gets the CSS class ``liftedClass`` (style its
///   shadow with it), is drawn above the other items and follows the pointer along the
///   container's axis, render-only (nothing is laid out while it moves, and it stays within the
///   container's first and last slots).
/// - **Glide.** When the lifted item's leading edge (its bottom edge moving down, its top edge
///   moving up) passes a neighbour's midpoint, half the neighbour's length, the container moves it a
///   slot inside a ``glideAnimation`` transaction: the neighbour glides into the slot it left
///   (layout animation); the lifted item, whose own layout glide is off while it is lifted, stays
///   under the pointer.
/// - **Autoscroll.** Near an edge of the `GtkScrolledWindow` around the container (within
///   ``autoscrollEdge`` pixels), the scrolled window scrolls that way, faster the deeper the
///   pointer is (up to ``autoscrollSpeed``), once per frame, and stops at its end; the lifted
///   item stays under the pointer meanwhile.
/// - **Drop.** At the release the item springs into its slot with ``settleAnimation``, starting
///   at the pointer's velocity, and ``onMove`` reports the move once (`from`, `to`: the item's
///   index before the drag and after it). The app owns the data: it applies the same move to it.
///   `to` is the item's final index (UIKit's meaning): `items.insert(items.remove(at: from), at: to)`
///   applies it; SwiftUI's `move(fromOffsets:toOffset:)` takes
///   `move(fromOffsets: [from], toOffset: to > from ? to + 1 : to)`.
/// - **Cancel.** Escape during the drag, ``cancel()``, or GTK taking the pointer away puts the
///   item back where it started (animated): no ``onMove``.
/// - **Keyboard.** Alt+Up and Alt+Down (Alt+Left and Alt+Right in a horizontal container) move the
///   item holding the focus one slot, animated with ``glideAnimation``, the focus staying where it
///   is; each move is reported through ``onMove`` at once.
///
/// If the app changes the container during a drag (adds or removes an item), the drag is
/// abandoned: the lifted item settles where layout has it (one taken out of the container is put
/// at rest at once), and nothing is reported.
///
/// With no ``onMove`` (nil, the default of a new interaction) nothing is reorderable: a press lifts
/// nothing and the keys do nothing, as SwiftUI's `onMove(perform: nil)`. The lift borrows the
/// item's bin: its `animatesLayout` and `scale` are the app's again once it has settled.
@MainActor
public final class ReorderInteraction {
    /// Called once per completed move with the item's index before and after it (`to` is its
    /// final index); the container already shows the new order. Not called when an item is dropped
    /// where it started. Nil (the default): the items cannot be reordered.
    ///
    /// It may change the container (and move items again): no drag is in progress when it runs.
    /// A dropped item is still springing into its slot then, its layout glide off until it has
    /// settled, so a move of that item made inside the callback puts it in its new slot at once
    /// (the other items glide).
    public var onMove: (@MainActor (_ from: Int, _ to: Int) -> Void)?
    /// How much the lift scales an item, relative to the scale its bin had (default 1.03).
    public var liftScale = 1.03
    /// The CSS class a lifted item's bin has from its lift until it has settled into its slot
    /// (default `unison-lifted`). A name GTK does not take (empty, or starting with a `.`) is
    /// ignored; a change during a drag applies from the next lift.
    public var liftedClass: String {
        get { liftedClassName }
        set { if !newValue.isEmpty, !newValue.hasPrefix(".") { liftedClassName = newValue } }
    }
    private var liftedClassName = "unison-lifted"
    /// How the lift scales the item (default `.snappy`).
    public var liftAnimation = Animation.snappy
    /// How the items passed glide aside, and how a keyboard move animates (default `.smooth`).
    public var glideAnimation = Animation.smooth
    /// How a dropped item springs into its slot from where it is, at the pointer's velocity
    /// (default `.smooth`); a cancelled one returns with it too.
    public var settleAnimation = Animation.smooth
    /// How close to an edge of the enclosing `GtkScrolledWindow` the pointer scrolls it, in pixels
    /// (default 48; at most a quarter of its length is used).
    public var autoscrollEdge: Double {
        get { autoscroll.edge }
        set { autoscroll.edge = newValue.isNaN ? 0 : newValue }
    }
    /// How fast the scrolled window scrolls with the pointer at its edge or past it, in pixels per
    /// second (default 1200); half as deep into the edge zone, half as fast.
    public var autoscrollSpeed: Double {
        get { autoscroll.speed }
        set { autoscroll.speed = newValue }
    }
    /// How far the pointer must move before a press becomes a drag, in pixels.
    public let minimumDistance: Double
    /// The index the lifted item has now (nil when no drag is in progress).
    public var liftedIndex: Int? { drag?.index }
    /// How far the pointer has moved along the container's axis since the press that began the
    /// drag, in the container's coordinates (scrolling since included); nil when no drag is in progress.
    public var dragTranslation: Double? { drag.map { pointer(of: $0) - $0.startPointer } }

    /// The drag's recognizer host, which the container's `GtkGestureDrag` feeds: events handed to
    /// it (a scripted drag, for a demo's tour or a test) lift, move and drop items as the pointer's do.
    @_spi(Testing) public var gestureHandler: GestureHandler<DragRecognizer> { gesture.handler }

    /// The container (it owns this object).
    weak var container: (any ReorderContainer)?
    private let widget: ObjectReference
    private let vertical: Bool
    private let gesture: WidgetGesture<DragRecognizer>
    private let autoscroll: ReorderAutoscroll
    private let keys: OpaquePointer
    /// The key controller on the window that cancels with Escape, while a drag is in progress.
    private var escape: (controller: OpaquePointer, root: ObjectReference)?
    private var drag: Drag?
    /// Whether the press in progress was refused (not on an item) or its drag abandoned.
    private var ignoresPress = false
    /// Dropped items still springing into their slots, by bin.
    private var settling: [ObjectIdentifier: Settle] = [:]
    private var settles = 0

    /// What a lift borrowed from a bin, given back when it has settled.
    private struct Borrowed {
        let cssClass: String
        let animatesLayout: Bool
        let scale: CGSize
    }

    /// A dropped item springing into its slot: the number of its settle, and what to give back.
    private struct Settle {
        let number: Int
        weak var bin: MotionBin?
        let borrowed: Borrowed
    }

    /// A drag in progress. Positions are along the axis, in the container's coordinates.
    private struct Drag {
        let bin: MotionBin
        let borrowed: Borrowed
        let startIndex: Int
        var index: Int
        /// The items' slot lengths, in the container's order now (never negative).
        var lengths: [Double]
        /// Where the first slot begins.
        let origin: Double
        /// Where the lifted item's slot began at the lift, and where the pointer was pressed.
        let itemStart: Double
        let startPointer: Double
        /// The pointer at the latest event, the scroll offset then, and the velocity (pixels per second).
        var eventPointer: Double
        var eventOffset: Double
        var velocity = 0.0

        /// Where layout puts the slot at `index` in the order now.
        func start(at index: Int) -> Double { origin + lengths[..<index].reduce(0, +) }
    }

    /// An interaction on `widget` whose `container` is set next (a container making its own).
    init(orientation: GtkOrientation, widget: UnsafeMutablePointer<GtkWidget>, minimumDistance: Double = 6) {
        self.widget = ObjectReference(widget)
        vertical = orientation == GTK_ORIENTATION_VERTICAL
        self.minimumDistance = minimumDistance.isNaN ? 6 : max(minimumDistance, 0)
        gesture = WidgetGesture(on: widget, DragRecognizer(minimumDistance: self.minimumDistance))
        autoscroll = ReorderAutoscroll(container: widget, vertical: vertical)
        keys = gtk_event_controller_key_new()
        gesture.onChanged = { [weak self] value in self?.changed(value) }
        gesture.onEnded = { [weak self] value in self?.ended(value) }
        gesture.onCancelled = { [weak self] in self?.gestureCancelled() }
        autoscroll.onScroll = { [weak self] in self?.update() }
        _ = try? GtkSignals.keyPressed(keys) { [weak self] keyval, _, modifiers in
            self?.keyPressed(keyval, modifiers) ?? false
        }
        gtk_widget_add_controller(widget, keys)
        self.widget.onFinalize { [weak self] in self?.widgetFinalized() }
    }

    /// The container's widget is gone (GLib is finalizing it): a drag in progress ends here, its
    /// bin put at rest without animation (nothing may complete in a release), Escape's controller
    /// taken off the window, nothing reported.
    private func widgetFinalized() {
        ignoresPress = false
        guard let drag else { return }
        self.drag = nil
        removeEscape()
        autoscroll.stop()
        giveBack(drag.borrowed, to: drag.bin)
    }

    isolated deinit {
        if let widget = widget.pointer { gtk_widget_remove_controller(unison_gtk_widget(widget), keys) }
        removeEscape()
        // The container went (it owns this object) in the middle of a drag: the bin, if the app
        // still holds it, is left at rest (no animation: nothing may complete in a release).
        if let drag { giveBack(drag.borrowed, to: drag.bin) }
        for settle in settling.values {
            if let bin = settle.bin { giveBack(settle.borrowed, to: bin) }
        }
    }

    /// Puts `bin` at rest with the app's settings again, without animation.
    private func giveBack(_ borrowed: Borrowed, to bin: MotionBin) {
        bin.animatesLayout = borrowed.animatesLayout
        bin.translation = .zero
        bin.scale = borrowed.scale
        gtk_widget_remove_css_class(bin.widget, borrowed.cssClass)
    }

    /// Cancels the drag in progress: the item returns to where it started, and ``onMove`` is not called.
    public func cancel() {
        guard drag != nil else { return }
        gesture.cancel()
        if drag != nil { finish(committing: false) }
    }

    // MARK: The pointer

    private func axis(_ point: CGPoint) -> Double { Double(vertical ? point.y : point.x) }

    /// The pointer now: where the latest event had it, moved by the scrolling since.
    private func pointer(of drag: Drag) -> Double { drag.eventPointer + (autoscroll.offset - drag.eventOffset) }

    private func changed(_ value: DragRecognizer.Value) {
        if drag != nil {
            moved(value)
        } else if !ignoresPress {
            lift(value)
        }
    }

    private func ended(_ value: DragRecognizer.Value) {
        defer { ignoresPress = false }  // the next press is a new drag (whatever this one's end did)
        guard drag != nil else { return }
        moved(value)
        finish(committing: true)
    }

    private func gestureCancelled() {
        defer { ignoresPress = false }
        if drag != nil { finish(committing: false) }
    }

    /// The drag begins: lifts the item the press was on.
    private func lift(_ value: DragRecognizer.Value) {
        ignoresPress = true  // until the release, unless an item lifts
        guard onMove != nil, let container, container.widget != nil else { return }
        let count = container.itemCount
        var slots: [ReorderSlot] = []
        slots.reserveCapacity(count)
        for index in 0..<count {
            guard let slot = container.slot(at: index), slot.start.isFinite, slot.length.isFinite else { return }
            slots.append(ReorderSlot(start: slot.start, length: max(slot.length, 0)))
        }
        let pressed = axis(value.startLocation)
        guard let index = slots.firstIndex(where: { pressed >= $0.start && pressed < $0.start + $0.length }),
            let bin = container.row(at: index)
        else { return }
        ignoresPress = false
        // A bin lifted again while it settles: what it borrowed then is still the app's.
        let borrowed =
            settling.removeValue(forKey: ObjectIdentifier(bin))?.borrowed
            ?? Borrowed(cssClass: liftedClass, animatesLayout: bin.animatesLayout, scale: bin.scale)
        if borrowed.cssClass != liftedClass { gtk_widget_remove_css_class(bin.widget, borrowed.cssClass) }
        let lifted = Borrowed(cssClass: liftedClass, animatesLayout: borrowed.animatesLayout, scale: borrowed.scale)
        drag = Drag(
            bin: bin, borrowed: lifted, startIndex: index, index: index, lengths: slots.map(\.length),
            origin: slots[0].start, itemStart: slots[index].start, startPointer: pressed, eventPointer: pressed,
            eventOffset: autoscroll.offset)
        bin.animatesLayout = false  // it stays under the pointer: its moves go into its translation
        container.raiseItem(at: index)
        gtk_widget_add_css_class(bin.widget, lifted.cssClass)
        addEscape()
        let scale = CGSize(
            width: Double(lifted.scale.width) * liftScale, height: Double(lifted.scale.height) * liftScale)
        animate(liftAnimation) { bin.scale = scale }
        moved(value)
    }

    private func moved(_ value: DragRecognizer.Value) {
        let location = axis(value.location)
        // (An event without a finite position says nothing of where the pointer is.)
        guard drag != nil, location.isFinite else { return }
        let velocity = axis(value.velocity)
        drag?.eventPointer = location
        drag?.eventOffset = autoscroll.offset
        drag?.velocity = velocity.isFinite ? velocity : 0
        autoscroll.pointerMoved(to: value.location)
        update()
    }

    /// Whether the container still has the items the drag began with, the lifted one where it
    /// was put (the app may change the container at any time).
    private func isIntact(_ drag: Drag, in container: any ReorderContainer) -> Bool {
        container.widget != nil && container.itemCount == drag.lengths.count
            && container.row(at: drag.index) === drag.bin
    }

    /// Places the lifted item under the pointer, moving it past the neighbours whose midpoints
    /// its leading edge passed. (The drag is read and changed in place: a copy held while its
    /// lengths are swapped would copy the array on every move.)
    private func update() {
        guard let bin = drag?.bin, let count = drag?.lengths.count else { return }
        guard let container, isIntact(drag!, in: container) else { return abandon() }
        let (origin, own) = (drag!.origin, drag!.lengths[drag!.index])
        let last = max(origin + drag!.lengths.reduce(0, +) - own, origin)
        let drawn = min(max(drag!.itemStart + pointer(of: drag!) - drag!.startPointer, origin), last)
        // Past a neighbour's midpoint, or held at either end (where a longer neighbour's midpoint
        // may be out of reach; not when there is no room to move, as beside items of no length).
        // One direction per update, at most a pass over the items.
        let hasRoom = last > origin
        var direction = 0
        for _ in 0..<count {
            let index = drag!.index
            let start = drag!.start(at: index)
            if direction >= 0, index + 1 < count,
                drawn - start > drag!.lengths[index + 1] / 2 || (hasRoom && drawn >= last)
            {
                move(by: 1, in: container)
                direction = 1
            } else if direction <= 0, index > 0,
                drawn < start - drag!.lengths[index - 1] / 2 || (hasRoom && drawn <= origin)
            {
                move(by: -1, in: container)
                direction = -1
            } else {
                break
            }
        }
        guard let start = drag.map({ $0.start(at: $0.index) }) else { return }
        // Set without animation: no animated transaction takes over the layout pass the glide belongs to.
        let offset = drawn - start
        bin.translation = vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
    }

    /// Moves the lifted item `step` slots (±1) in the container and in the drag's lengths.
    private func move(by step: Int, in container: any ReorderContainer) {
        guard let from = drag?.index else { return }
        let to = from + step
        animate(glideAnimation) { container.moveItem(from: from, to: to) }
        drag?.lengths.swapAt(from, to)
        drag?.index = to
    }

    // MARK: The end of a drag

    /// The drop (`committing`) or the cancel: the item settles into its slot (the one it started in,
    /// for a cancel), and a drop reports the move.
    private func finish(committing: Bool) {
        guard var drag else { return }
        guard let container, isIntact(drag, in: container) else { return abandon() }
        if !committing, drag.index != drag.startIndex {
            let drawn = drag.start(at: drag.index) + axis(drag.bin.translation)
            let (from, to) = (drag.index, drag.startIndex)
            animate(glideAnimation) { container.moveItem(from: from, to: to) }
            let length = drag.lengths.remove(at: from)
            drag.lengths.insert(length, at: to)
            drag.index = to
            let offset = drawn - drag.start(at: to)
            drag.bin.translation = vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
        }
        self.drag = nil
        removeEscape()
        autoscroll.stop()
        container.endMoves()
        settle(drag.bin, borrowed: drag.borrowed, velocity: committing ? drag.velocity : 0)
        if committing, drag.index != drag.startIndex { onMove?(drag.startIndex, drag.index) }
    }

    /// The container changed under the drag: the item settles where layout has it; nothing is reported.
    private func abandon() {
        guard let drag else { return }
        self.drag = nil
        ignoresPress = true
        removeEscape()
        autoscroll.stop()
        container?.endMoves()
        if let container, container.index(containing: drag.bin.widget) != nil {
            settle(drag.bin, borrowed: drag.borrowed, velocity: 0)
        } else {
            // The app took the row out of the container: nothing to settle into; it is the app's
            // again at once, at rest.
            giveBack(drag.borrowed, to: drag.bin)
            if settling.isEmpty { container?.raiseItem(at: nil) }
        }
    }

    /// Springs `bin` back to no translation and the scale it had before the lift; once there, its
    /// layout glide is as the app had it, the lift's CSS class is off, and it is drawn in its order again.
    private func settle(_ bin: MotionBin, borrowed: Borrowed, velocity: Double) {
        settles &+= 1
        let (id, number) = (ObjectIdentifier(bin), settles)
        settling[id] = Settle(number: number, bin: bin, borrowed: borrowed)
        bin.handOff(translationVelocity: vertical ? CGPoint(x: 0, y: velocity) : CGPoint(x: velocity, y: 0))
        animate(settleAnimation) {
            bin.translation = .zero
            bin.scale = borrowed.scale
        } completion: { [weak self] in
            // (A bin lifted again meanwhile is another drag's.)
            guard let self, settling[id]?.number == number else { return }
            settling[id] = nil
            bin.animatesLayout = borrowed.animatesLayout
            gtk_widget_remove_css_class(bin.widget, borrowed.cssClass)
            if drag == nil, settling.isEmpty { container?.raiseItem(at: nil) }
        }
    }

    // MARK: Keys

    private func addEscape() {
        guard escape == nil, let widget = container?.widget, let root = gtk_widget_get_root(widget) else { return }
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

    /// Alt+Up/Down (Alt+Left/Right across): moves the item holding the focus one slot.
    private func keyPressed(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let held = modifiers.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
        guard drag == nil, onMove != nil, held == GDK_ALT_MASK.rawValue else { return false }
        let step: Int
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Up where vertical, GDK_KEY_KP_Up where vertical, GDK_KEY_Left where !vertical,
            GDK_KEY_KP_Left where !vertical:
            step = -1
        case GDK_KEY_Down where vertical, GDK_KEY_KP_Down where vertical, GDK_KEY_Right where !vertical,
            GDK_KEY_KP_Right where !vertical:
            step = 1
        default:
            return false
        }
        guard let container, let widget = container.widget, let root = gtk_widget_get_root(widget),
            let focus = gtk_root_get_focus(root), let from = container.index(containing: focus)
        else { return false }
        let to = from + step
        guard to >= 0, to < container.itemCount else { return true }  // at the end: nowhere to go
        animate(glideAnimation) { container.moveItem(from: from, to: to) }
        container.endMoves()
        if gtk_root_get_focus(root) != focus { gtk_widget_grab_focus(focus) }
        onMove?(from, to)
        return true
    }
}
