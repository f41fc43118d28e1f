import CUnisonGtk
import Foundation
import Unison

/// A gesture recognizer (`GestureRecognizer`: a tap, a long press, a drag, a pinch, a rotation,
/// or a composition of them) attached to a GTK widget: GTK's own gesture controllers feed it
/// the widget's input, timed by the events' own timestamps, and it reports through
/// `onChanged`, `onEnded` and `onCancelled`.
///
/// ```swift
/// let pressThenDrag = WidgetGesture(on: fixed, LongPressRecognizer().sequenced(before: DragRecognizer()))
/// pressThenDrag.onChanged = { value in
///     guard case .second(true, let drag?) = value else { return }
///     animate(.interactiveSpring) { card.translation = drag.translation }
/// }
/// pressThenDrag.onEnded = { value in
///     guard case .second(true, let drag?) = value else { return }
///     card.translationProperty.handOff(velocity: drag.velocity.animatableData)
///     animate(.spring) { card.translation = .zero }
/// }
/// ```
///
/// Which GTK controllers it installs follows what the recognizer reads (its
/// `GestureRecognizer.inputs`):
/// - the pointer comes from one `GtkGestureDrag` when the recognizer has a drag, otherwise
///   from a `GtkGestureClick` when it has a tap, otherwise from a `GtkGestureLongPress`: each
///   follows a press from its start to its release (their own thresholds and timeouts decide
///   nothing here: the recognizer does). A controller that ends a press other than at its
///   release (a grab taken away) is reported as a cancelled pointer;
/// - a pinch from a `GtkGestureZoom` (two touches, or a touchpad pinch), a rotation from a
///   `GtkGestureRotate`.
///
/// Times are the events' own (`gtk_event_controller_get_current_event_time`), not the time
/// GTK gets round to dispatching them. When the recognizer waits (a long press completing, a
/// single tap waiting out a double tap) a GLib timeout sends it a time-only event at its
/// deadline, on the same time base.
///
/// Attach it to a stationary ancestor of what moves: GTK reports points in the coordinates of
/// the widget the gesture is on. The controllers live as long as this object: releasing it
/// removes them from the widget.
@MainActor
public final class WidgetGesture<Recognizer: GestureRecognizer> {
    /// The recognizer's host: its phase, its value, and the events it was fed.
    public let handler: GestureHandler<Recognizer>

    /// Called as the value changes.
    public var onChanged: (@MainActor (Recognizer.Value) -> Void)? {
        get { handler.onChanged }
        set { handler.onChanged = newValue }
    }
    /// Called once when the gesture ends, with its final value (a drag's release velocity...).
    public var onEnded: (@MainActor (Recognizer.Value) -> Void)? {
        get { handler.onEnded }
        set { handler.onEnded = newValue }
    }
    /// Called when a gesture that had reported a change fails or is cancelled instead.
    public var onCancelled: (@MainActor () -> Void)? {
        get { handler.onCancelled }
        set { handler.onCancelled = newValue }
    }

    /// The GTK controllers feeding the recognizer.
    let controllers: [OpaquePointer]
    private let reference: ObjectReference
    private var timer: guint = 0
    /// The latest event's time (seconds) and the monotonic clock when it arrived: maps "now"
    /// onto the events' time base for deadlines.
    private var anchor: (event: Double, monotonic: Double)?
    /// Whether the pointer's sequence was cancelled (GTK then also emits `end`, to ignore).
    private var pointerCancelled = false
    private var lastPointer = CGPoint.zero
    private var lastScale = (scale: 1.0, center: CGPoint.zero)
    private var lastAngle = (degrees: 0.0, center: CGPoint.zero)

    /// Attaches `recognizer` to `widget`, adding the GTK controllers for the input it reads; they are
    /// removed when this object goes away.
    public init(on widget: some GObjectPointer, _ recognizer: Recognizer) {
        let widget = widget.widgetPointer
        reference = ObjectReference(widget)
        handler = GestureHandler(recognizer)
        let inputs = recognizer.inputs
        var controllers: [OpaquePointer] = []
        var pointer: OpaquePointer?
        if inputs.contains(.drag) {
            pointer = gtk_gesture_drag_new()
        } else if inputs.contains(.tap) {
            pointer = gtk_gesture_click_new()
        } else if inputs.contains(.longPress) {
            pointer = gtk_gesture_long_press_new()
        }
        let zoom = inputs.contains(.magnification) ? gtk_gesture_zoom_new() : nil
        let rotate = inputs.contains(.rotation) ? gtk_gesture_rotate_new() : nil
        controllers = [pointer, zoom, rotate].compactMap { $0 }
        self.controllers = controllers
        if let pointer { connectPointer(pointer) }
        if let zoom { connectZoom(zoom) }
        if let rotate { connectRotate(rotate) }
        for controller in controllers { gtk_widget_add_controller(widget, controller) }
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
        guard let widget = reference.pointer else { return }
        for controller in controllers { gtk_widget_remove_controller(unison_gtk_widget(widget), controller) }
    }

    /// Cancels the gesture in progress (`onCancelled` runs if it had reported a change); the
    /// input is ignored until the next press or pinch.
    public func cancel() {
        handler.cancel()
        scheduleDeadline()
    }

    // MARK: Sources

    private func connectPointer(_ gesture: OpaquePointer) {
        let raw = UnsafeMutableRawPointer(gesture)
        connectSequenceSignal(raw, "begin") { [weak self] sequence in
            self?.pointerCancelled = false
            self?.pointer(.began, gesture, sequence)
        }
        connectSequenceSignal(raw, "update") { [weak self] sequence in self?.pointer(.changed, gesture, sequence) }
        connectSequenceSignal(raw, "cancel") { [weak self] sequence in
            self?.pointer(.cancelled, gesture, sequence)
            self?.pointerCancelled = true
        }
        connectSequenceSignal(raw, "end") { [weak self] sequence in
            guard let self, !pointerCancelled else { return }
            // A controller ends its sequence at the release, or when it stops following the
            // pointer (a long press that strayed past GTK's threshold): the second is a cancel.
            let event = gtk_event_controller_get_current_event(gesture)
            let type = event.map { gdk_event_get_event_type($0) }
            let released = type == GDK_BUTTON_RELEASE || type == GDK_TOUCH_END
            pointer(released ? .ended : .cancelled, gesture, sequence)
        }
    }

    private func pointer(_ phase: GestureEvent.Phase, _ gesture: OpaquePointer, _ sequence: OpaquePointer?) {
        var x = 0.0
        var y = 0.0
        if gtk_gesture_get_point(gesture, sequence, &x, &y) != 0 { lastPointer = CGPoint(x: x, y: y) }
        feed(.pointer(phase, location: lastPointer), from: gesture)
    }

    private func connectZoom(_ gesture: OpaquePointer) {
        let raw = UnsafeMutableRawPointer(gesture)
        let changed: (GestureEvent.Phase) -> SequenceSignal = { phase in
            { [weak self] _ in
                guard let self else { return }
                // At `begin` the scale is 1 by definition: our handler runs before GTK's own, which
                // records the starting spread (read now, the delta would be against the last pinch's).
                if phase == .began || phase == .changed {
                    let scale = phase == .began ? 1 : gtk_gesture_zoom_get_scale_delta(gesture)
                    lastScale = (scale, center(of: gesture) ?? lastScale.center)
                }
                feed(.magnification(phase, scale: lastScale.scale, center: lastScale.center), from: gesture)
            }
        }
        connectTwoFingerSignals(raw, changed)
    }

    private func connectRotate(_ gesture: OpaquePointer) {
        let raw = UnsafeMutableRawPointer(gesture)
        let changed: (GestureEvent.Phase) -> SequenceSignal = { phase in
            { [weak self] _ in
                guard let self else { return }
                // At `begin` the angle is 0 by definition (GTK records the starting angle after us).
                if phase == .began || phase == .changed {
                    let degrees = phase == .began ? 0 : gtk_gesture_rotate_get_angle_delta(gesture) * 180 / .pi
                    lastAngle = (degrees, center(of: gesture) ?? lastAngle.center)
                }
                feed(.rotation(phase, degrees: lastAngle.degrees, center: lastAngle.center), from: gesture)
            }
        }
        connectTwoFingerSignals(raw, changed)
    }

    /// `begin`, `update`, `end` and `cancel` of a two-finger gesture; `end` after `cancel` is ignored.
    private func connectTwoFingerSignals(
        _ gesture: UnsafeMutableRawPointer, _ body: (GestureEvent.Phase) -> SequenceSignal
    ) {
        var cancelled = false
        let began = body(.began)
        let ended = body(.ended)
        let cancel = body(.cancelled)
        connectSequenceSignal(gesture, "begin") { sequence in
            cancelled = false
            began(sequence)
        }
        connectSequenceSignal(gesture, "update", body(.changed))
        connectSequenceSignal(gesture, "cancel") { sequence in
            cancel(sequence)
            cancelled = true
        }
        connectSequenceSignal(gesture, "end") { sequence in
            if !cancelled { ended(sequence) }
        }
    }

    private func center(of gesture: OpaquePointer) -> CGPoint? {
        var x = 0.0
        var y = 0.0
        return gtk_gesture_get_bounding_box_center(gesture, &x, &y) != 0 ? CGPoint(x: x, y: y) : nil
    }

    // MARK: Time

    private func feed(_ input: GestureEvent.Input, from controller: OpaquePointer) {
        let milliseconds = gtk_event_controller_get_current_event_time(controller)
        let monotonic = Double(g_get_monotonic_time()) / 1_000_000
        let time: Double
        if milliseconds != 0 {
            time = Double(milliseconds) / 1000
            anchor = (time, monotonic)
        } else {
            time = now(monotonic: monotonic)
        }
        handler.handle(GestureEvent(input, at: time))
        scheduleDeadline()
    }

    /// The current time on the events' time base.
    private func now(monotonic: Double = Double(g_get_monotonic_time()) / 1_000_000) -> Double {
        guard let anchor else { return monotonic }
        return anchor.event + (monotonic - anchor.monotonic)
    }

    /// A GLib timeout that sends the recognizer a time-only event at its deadline.
    private func scheduleDeadline() {
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        guard let deadline = handler.deadline else { return }
        timer = GtkRuntime.timeout(after: deadline - now()) { [weak self] in
            guard let self else { return }
            timer = 0
            handler.handle(.time(deadline))
            scheduleDeadline()
        }
    }
}
