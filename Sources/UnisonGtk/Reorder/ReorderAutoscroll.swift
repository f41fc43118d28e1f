import CUnisonGtk
import Foundation

/// Scrolls the `GtkScrolledWindow` around a reorderable container while a drag holds the pointer
/// near one of its edges: within ``edge`` pixels of it (or past it) the scroller moves that way
/// at ``speed`` times how deep into that zone the pointer is (0 at its inner border, 1 at the edge
/// and beyond), one step per frame of the container's frame clock, and stops at the ends.
///
/// The frames come from a tick callback on the container, added while the pointer is in a zone
/// and the scroller can move that way, and removed otherwise.
@MainActor
final class ReorderAutoscroll {
    /// The depth of the zone at each edge, in pixels (at most a quarter of the scroller's length).
    var edge = 48.0
    /// Pixels per second at the edge itself.
    var speed = 1200.0
    /// Called after each step that scrolled.
    var onScroll: (@MainActor () -> Void)?

    private let container: ObjectReference
    private let vertical: Bool
    private var tickID: guint = 0
    private var lastFrame: Int?
    /// Where the pointer is along the axis, in the scroller's coordinates (nil: no drag).
    private var pointer: Double?

    init(container: UnsafeMutablePointer<GtkWidget>, vertical: Bool) {
        self.container = ObjectReference(container)
        self.vertical = vertical
    }

    isolated deinit { stop() }

    /// The scrolled window around the container and its adjustment along the axis (nil: none).
    private var scroller: (widget: UnsafeMutablePointer<GtkWidget>, adjustment: UnsafeMutablePointer<GtkAdjustment>)? {
        guard let widget = container.pointer.map(unison_gtk_widget),
            let scroller = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type())
        else { return nil }
        let window = OpaquePointer(scroller)
        let adjustment =
            vertical ? gtk_scrolled_window_get_vadjustment(window) : gtk_scrolled_window_get_hadjustment(window)
        return adjustment.map { (scroller, $0) }
    }

    /// The scroller's offset along the axis (0 without a scroller): a point that stays under a
    /// still pointer moves by as much in the container's coordinates.
    var offset: Double { scroller.map { gtk_adjustment_get_value($0.adjustment) } ?? 0 }

    /// The pointer is at `point` (the container's coordinates): scrolls while it is in a zone.
    func pointerMoved(to point: CGPoint) {
        guard let container = container.pointer.map(unison_gtk_widget), let scroller else { return stop() }
        var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
        var to = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(container, scroller.widget, &from, &to) != 0 else { return stop() }
        pointer = Double(vertical ? to.y : to.x)
        if velocity() != 0 { startTicking() }
    }

    /// The drag is over: no more scrolling.
    func stop() {
        pointer = nil
        lastFrame = nil
        if tickID != 0, let widget = container.pointer {
            gtk_widget_remove_tick_callback(unison_gtk_widget(widget), tickID)
        }
        tickID = 0
    }

    /// Pixels per second the scroller moves at now (signed along the axis; 0 outside the zones and
    /// at the end the pointer points to).
    private func velocity() -> Double {
        guard let pointer, let scroller, edge > 0, speed.isFinite, speed > 0 else { return 0 }
        let length = Double(vertical ? gtk_widget_get_height(scroller.widget) : gtk_widget_get_width(scroller.widget))
        let zone = min(edge, length / 4)
        guard zone > 0 else { return 0 }
        let adjustment = scroller.adjustment
        let value = gtk_adjustment_get_value(adjustment)
        if pointer < zone, value > gtk_adjustment_get_lower(adjustment) {
            return -speed * min((zone - pointer) / zone, 1)
        }
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        if pointer > length - zone, value < end {
            return speed * min((pointer - (length - zone)) / zone, 1)
        }
        return 0
    }

    private func startTicking() {
        guard tickID == 0, let widget = container.pointer else { return }
        typealias Tick = @MainActor (OpaquePointer) -> Bool
        let body: Tick = { [weak self] clock in self?.step(clock) ?? false }
        let tick: GtkTickCallback = { _, clock, data in
            guard let clock else { return unison_gtk_source_remove }
            return CallbackBox<Tick>.call(data) { $0(clock) } ? unison_gtk_source_continue : unison_gtk_source_remove
        }
        tickID = gtk_widget_add_tick_callback(
            unison_gtk_widget(widget), tick, CallbackBox.retained(body), releaseCallbackBox)
    }

    /// One frame: moves the scroller by the velocity times the time since the last frame (at most
    /// 50 ms of it: a stalled clock does not jump). Returns whether to keep ticking.
    private func step(_ clock: OpaquePointer) -> Bool {
        let now = gdk_frame_clock_get_frame_time(clock)
        let velocity = velocity()
        guard velocity != 0, let scroller else {
            // Stopped: the next start's first frame only notes its time (no step for the time between).
            tickID = 0
            lastFrame = nil
            return false
        }
        let previous = lastFrame
        lastFrame = now
        guard let lastFrame = previous else { return true }
        let elapsed = min(max(Double(now - lastFrame) / 1_000_000, 0), 0.05)
        let adjustment = scroller.adjustment
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let lower = gtk_adjustment_get_lower(adjustment)
        let next = min(max(value + velocity * elapsed, lower), max(end, lower))
        if next != value {
            gtk_adjustment_set_value(adjustment, next)
            onScroll?()
        }
        return true
    }
}
