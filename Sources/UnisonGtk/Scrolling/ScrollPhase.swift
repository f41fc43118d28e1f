import CUnisonGtk
import Foundation
import Unison

/// What is moving a scrolled window's content (SwiftUI's `ScrollPhase`).
public enum ScrollPhase: Sendable, Hashable {
    /// Nothing: the offset is still.
    case idle
    /// The user's input moves it: touchpad fingers down (between GTK's `scroll-begin` and
    /// `scroll-end`), or wheel clicks until a short quiet period after the last one. GTK reports no
    /// touch before the first motion, so SwiftUI's separate `interacting` is part of this phase.
    case tracking
    /// It carries on after the user let go: GTK's kinetic scrolling (`decelerate`), or any motion
    /// that continues after input stopped.
    case decelerating
    /// Moved without input: `gtk_adjustment_set_value`, a scroll-to, an autoscroll.
    case animating

    /// Whether the content is moving or being moved.
    public var isScrolling: Bool { self != .idle }
}

/// Follows the ``ScrollPhase`` and the scroll velocity of a `GtkScrolledWindow`, frame by frame:
/// SwiftUI's `onScrollPhaseChange`, for GTK 4.8, which has no phase signal of its own.
///
/// ```swift
/// let observer = ScrollPhaseObserver(scrolled)
/// observer.onPhaseChange = { old, new, observer in
///     animate(.smooth) { header.opacity = new.isScrolling ? 0.6 : 1 }
///     print("\(old) → \(new) at \(observer.velocity.y) px/s")
/// }
/// ```
///
/// Derived from a capture-phase `GtkEventControllerScroll` on the window (it watches and never
/// consumes: the window scrolls as usual) and the adjustments' changes: input makes the phase
/// ``ScrollPhase/tracking``; `decelerate` with a velocity, or motion continuing after the input,
/// ``ScrollPhase/decelerating``; a change without input ``ScrollPhase/animating``; and it is
/// ``ScrollPhase/idle`` again once neither input nor motion came for a short quiet period,
/// checked on the window's frames (a tick callback runs only while it is not idle), never by a
/// timer racing the frames. The velocity is the adjustments' values fitted over the frame times
/// (`VelocityTracker`).
///
/// Attached to the scrolled window: it lives as long as the window (the app need not keep it),
/// and a second observer of the same window replaces the first.
@MainActor
public final class ScrollPhaseObserver {
    /// The phase now.
    public private(set) var phase = ScrollPhase.idle
    /// How fast the offset changes now, in pixels per second (x horizontal, y vertical; positive:
    /// towards the end of the content); zero while idle.
    public private(set) var velocity = CGPoint.zero
    /// Called on every change of ``phase`` with the old and new phase and this observer (read its
    /// ``velocity`` there). Runs outside GTK's layout and paint: it may animate.
    public var onPhaseChange: (@MainActor (ScrollPhase, ScrollPhase, ScrollPhaseObserver) -> Void)?

    /// Input or motion less recent than this (seconds of frame time) is over.
    static let quietPeriod = 0.15

    private let scrolled: ObjectReference
    /// The scroll controller it added to the window (the window holds it).
    private let controller: OpaquePointer
    private var adjustments: [(adjustment: UnsafeMutableRawPointer, handler: gulong)] = []
    private var isTouching = false
    private var lastInput = -Double.infinity
    private var lastMotion = -Double.infinity
    private var tickID: guint = 0
    private var horizontal = VelocityTracker<Double>()
    private var vertical = VelocityTracker<Double>()

    /// Follows `scrolledWindow` (a `GtkScrolledWindow`) from now on.
    public init(_ scrolledWindow: some GObjectPointer) {
        let widget = scrolledWindow.widgetPointer
        scrolled = ObjectReference(widget)
        let flags = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
        let controller = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: flags))!
        self.controller = controller
        let window = OpaquePointer(widget)
        for adjustment in [gtk_scrolled_window_get_hadjustment(window), gtk_scrolled_window_get_vadjustment(window)] {
            guard let adjustment else { continue }
            let raw = UnsafeMutableRawPointer(adjustment)
            g_object_ref(raw)
            let handler = connectSignal(raw, "value-changed") { [weak self] in self?.moved() }
            adjustments.append((raw, handler))
        }
        let raw = UnsafeMutableRawPointer(controller)
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        typealias Scrolled = @MainActor () -> Void
        let scrolledBody: Scrolled = { [weak self] in self?.input() }
        // `scroll` returns whether it consumed the event: never (the window scrolls as usual).
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, _, _, data in
            CallbackBox<Scrolled>.call(data) { $0() }
            return unison_gtk_false
        }
        _ = connect(raw, "scroll", thunk: unsafeBitCast(thunk, to: GCallback.self), scrolledBody)
        connectSignal(raw, "scroll-begin") { [weak self] in
            self?.isTouching = true
            self?.input()
        }
        connectSignal(raw, "scroll-end") { [weak self] in
            self?.isTouching = false
            self?.input()
        }
        connectPointSignal(raw, "decelerate") { [weak self] x, y in
            guard let self, x.isFinite, y.isFinite, x != 0 || y != 0 else { return }
            self.set(.decelerating)
        }
        gtk_widget_add_controller(widget, controller)
        WidgetAttachment.attach(self, to: widget, key: "unison-scroll-phase")
    }

    isolated deinit {
        // Replaced by another observer while the window lives: its controller goes too.
        if let widget = scrolled.pointer { gtk_widget_remove_controller(unison_gtk_widget(widget), controller) }
        for (adjustment, handler) in adjustments {
            g_signal_handler_disconnect(adjustment, handler)
            g_object_unref(adjustment)
        }
    }

    /// The window's frame time now, in seconds (nil: not realized).
    private var now: Double? {
        guard let widget = scrolled.pointer, let clock = gtk_widget_get_frame_clock(unison_gtk_widget(widget)) else {
            return nil
        }
        return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    }

    private func input() {
        lastInput = now ?? lastInput
        set(.tracking)
    }

    private func moved() {
        lastMotion = now ?? lastMotion
        if phase == .idle { set(.animating) }
        startTicking()
    }

    private func set(_ newPhase: ScrollPhase) {
        guard newPhase != phase else { return }
        let old = phase
        phase = newPhase
        if newPhase == .idle {
            velocity = .zero
            horizontal.reset()
            vertical.reset()
        } else {
            startTicking()
        }
        onPhaseChange?(old, newPhase, self)
    }

    private func startTicking() {
        guard tickID == 0, let widget = scrolled.pointer else { return }
        typealias Tick = @MainActor (OpaquePointer) -> Bool
        let body: Tick = { [weak self] clock in self?.frame(clock) ?? false }
        let tick: GtkTickCallback = { _, clock, data in
            guard let clock else { return unison_gtk_source_remove }
            return CallbackBox<Tick>.call(data) { $0(clock) } ? unison_gtk_source_continue : unison_gtk_source_remove
        }
        tickID = gtk_widget_add_tick_callback(
            unison_gtk_widget(widget), tick, CallbackBox.retained(body), releaseCallbackBox)
    }

    /// One frame while not idle: samples the offset for the velocity and ends the phases whose
    /// input or motion has been quiet. Returns whether to keep ticking.
    private func frame(_ clock: OpaquePointer) -> Bool {
        let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        if adjustments.count == 2 {
            func value(_ index: Int) -> Double {
                gtk_adjustment_get_value(adjustments[index].adjustment.assumingMemoryBound(to: GtkAdjustment.self))
            }
            horizontal.record(value(0), at: time)
            vertical.record(value(1), at: time)
            velocity = CGPoint(x: horizontal.velocity(at: time), y: vertical.velocity(at: time))
        }
        let inputQuiet = time - lastInput >= Self.quietPeriod
        let still = time - lastMotion >= Self.quietPeriod
        switch phase {
        case .tracking where !isTouching && inputQuiet: set(still ? .idle : .decelerating)
        case .decelerating where still, .animating where still: set(.idle)
        default: break
        }
        guard phase == .idle else { return true }
        tickID = 0
        return false
    }
}
