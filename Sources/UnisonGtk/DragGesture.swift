import CUnisonGtk
import Foundation
import Unison

/// A drag on a GTK widget, reported with its translation and velocity in pixels per second:
/// a `GtkGestureDrag` feeding Unison's ``VelocityTracker`` (least squares over the last
/// 100 ms, so uneven event timing does not skew it and a finger that stopped releases with
/// no velocity).
///
/// The SwiftUI/UIKit pattern works as written:
///
/// ```swift
/// let drag = DragGesture(on: fixed)              // attach to a widget that does not move
/// drag.onChanged = { value in
///     animate(.interactiveSpring) { card.translation = value.translation }
/// }
/// drag.onEnded = { value in
///     animate(.spring) { card.translation = .zero }   // starts with the finger's velocity
/// }
/// ```
///
/// Attach it to a stationary ancestor of what moves: GTK reports points in the coordinates
/// of the widget the gesture is on, so a gesture on the moving widget would chase itself.
/// The gesture lives as long as this object: releasing it removes its controller from the widget.
@MainActor
public final class DragGesture {
    /// One moment of a drag.
    public struct Value: Sendable {
        /// Where the drag began, in the coordinates of the widget the gesture is on.
        public var startLocation: CGPoint
        /// Offset from the start.
        public var translation: CGPoint
        /// Velocity in pixels per second (fitted over the last 100 ms).
        public var velocity: CGPoint
        public init(startLocation: CGPoint, translation: CGPoint, velocity: CGPoint) {
            (self.startLocation, self.translation, self.velocity) = (startLocation, translation, velocity)
        }

        /// `startLocation + translation`.
        public var location: CGPoint {
            CGPoint(x: startLocation.x + translation.x, y: startLocation.y + translation.y)
        }
    }

    /// Called when a drag begins (before the first change).
    public var onBegan: (@MainActor (Value) -> Void)?
    /// Called on every pointer motion during a drag.
    public var onChanged: (@MainActor (Value) -> Void)?
    /// Called once when the drag ends, with the release velocity.
    public var onEnded: (@MainActor (Value) -> Void)?
    /// Whether a drag is in progress.
    public private(set) var isDragging = false

    private var tracker = VelocityTracker<CGPoint.AnimatableData>()
    private var start = CGPoint.zero
    private let reference: ObjectReference
    private let controller: OpaquePointer

    public init(on widget: some GObjectPointer) {
        let widget = widget.widgetPointer
        reference = ObjectReference(widget)
        let gesture = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
        controller = OpaquePointer(gesture)
        connectPointSignal(gesture, "drag-begin") { [weak self] x, y in self?.began(x, y) }
        connectPointSignal(gesture, "drag-update") { [weak self] x, y in self?.changed(x, y, ended: false) }
        connectPointSignal(gesture, "drag-end") { [weak self] x, y in self?.changed(x, y, ended: true) }
        gtk_widget_add_controller(widget, controller)
    }

    isolated deinit {
        if let widget = reference.pointer { gtk_widget_remove_controller(unison_gtk_widget(widget), controller) }
    }

    /// The time of the event being handled, in seconds. The event's own timestamp (the X
    /// server's milliseconds), not the time GTK gets round to dispatching it: GTK delivers
    /// motion in per-frame batches, and dispatch times would compress the intervals.
    private func eventTime() -> TimeInterval {
        let milliseconds = gtk_event_controller_get_current_event_time(controller)
        return milliseconds == 0 ? Double(g_get_monotonic_time()) / 1_000_000 : Double(milliseconds) / 1000
    }

    private func began(_ x: Double, _ y: Double) {
        isDragging = true
        start = CGPoint(x: x, y: y)
        tracker.reset()
        tracker.record(CGPoint.zero.animatableData, at: eventTime())
        onBegan?(Value(startLocation: start, translation: .zero, velocity: .zero))
    }

    private func changed(_ dx: Double, _ dy: Double, ended: Bool) {
        guard isDragging else { return }
        let translation = CGPoint(x: dx, y: dy)
        let now = eventTime()
        tracker.record(translation.animatableData, at: now)
        let v = tracker.velocity(at: now)
        let value = Value(startLocation: start, translation: translation, velocity: CGPoint(x: v.first, y: v.second))
        if ended {
            isDragging = false
            onEnded?(value)
        } else {
            onChanged?(value)
        }
    }
}
