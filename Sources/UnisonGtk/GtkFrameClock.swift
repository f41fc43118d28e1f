import CUnisonGtk
import Foundation
import Unison

/// A ``FrameClock`` driven by a widget's `GdkFrameClock`.
///
/// Frames arrive through a tick callback on the widget, added only while something animates
/// on this clock and removed when idle, so an idle window's frame clock stops. Frame time is
/// GDK's frame time (`g_get_monotonic_time`, `CLOCK_MONOTONIC`), shared by every window and
/// by ``UnisonHeadless``'s `RealTimeClock`, so values on different clocks move in step.
///
/// Animations are skipped (values jump, completions fire) when the widget is not mapped or
/// GTK's `gtk-enable-animations` setting is off; a widget unmapped or finalized mid-flight
/// jumps to its end values, as libadwaita does.
///
/// One clock serves each widget: ``for(_:)`` returns it.
@MainActor
public final class GtkFrameClock: FrameClock {
    let widget: ObjectReference
    private var tickID: guint = 0
    private var handler: (@MainActor (TimeInterval) -> Void)?

    private init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        widget = ObjectReference(pointer)
        connectSignal(pointer, "unmap") { [weak self] in
            guard let self else { return }
            finishAnimations(on: self)
        }
        widget.onFinalize { [weak self] in
            guard let self else { return }
            self.tickID = 0  // GTK dropped the tick callback with the widget
            finishAnimations(on: self)
            self.handler = nil
        }
    }

    private static let quark = g_quark_from_static_string("unison-frame-clock")

    /// The clock of `widget`, created on first use and kept alive by the widget.
    public static func `for`(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkFrameClock {
        if let existing = g_object_get_qdata(unison_gtk_object(widget), quark) {
            return Unmanaged<GtkFrameClock>.fromOpaque(existing).takeUnretainedValue()
        }
        let clock = GtkFrameClock(widget: widget)
        g_object_set_qdata_full(
            unison_gtk_object(widget), quark, Unmanaged.passRetained(clock).toOpaque(), releaseCallbackBox)
        return clock
    }

    /// `CLOCK_MONOTONIC` seconds now (between frames, later than the last frame time), scaled
    /// by ``timeScale``.
    public var now: TimeInterval { scaled(Double(g_get_monotonic_time()) / 1_000_000) }

    /// How fast animations on this clock run: 1 is real time, 0.25 a four-times slow motion
    /// (like `GTK_SLOWDOWN` for GTK's own animations). Changing it keeps time continuous, so
    /// running animations slow down or speed up where they are. Non-finite or non-positive
    /// values are ignored. Clocks with different scales no longer share a time base.
    public var timeScale: Double {
        get { scale }
        set {
            guard newValue.isFinite, newValue > 0, newValue != scale else { return }
            let real = Double(g_get_monotonic_time()) / 1_000_000
            anchorScaled = scaled(real)
            anchorReal = real
            scale = newValue
        }
    }

    private var scale = 1.0
    private var anchorReal = 0.0
    private var anchorScaled = 0.0

    private func scaled(_ real: TimeInterval) -> TimeInterval {
        scale == 1 && anchorReal == anchorScaled ? real : anchorScaled + (real - anchorReal) * scale
    }

    /// True while a tick callback is installed (something animates on this clock).
    @_spi(Testing) public var isTicking: Bool { tickID != 0 }

    public var animationsEnabled: Bool {
        guard let pointer = widget.pointer else { return false }
        let w = unison_gtk_widget(pointer)
        return gtk_widget_get_mapped(w) != 0 && unison_gtk_settings_enable_animations(gtk_widget_get_settings(w)) != 0
    }

    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) {
        self.handler = handler
        guard tickID == 0, let pointer = widget.pointer else { return }
        typealias Tick = @MainActor (OpaquePointer?) -> Bool
        let box = CallbackBox<Tick> { [weak self] frameClock in
            guard let self, self.handler != nil, let frameClock else { return false }
            self.present(frameClock)
            return self.handler != nil
        }
        let thunk: GtkTickCallback = { _, frameClock, data in
            let box = CallbackBox<Tick>.from(data)
            return MainActor.assumeIsolated { box.function(frameClock) }
                ? unison_gtk_source_continue : unison_gtk_source_remove
        }
        tickID = gtk_widget_add_tick_callback(
            unison_gtk_widget(pointer), thunk, box.retainedPointer(), releaseCallbackBox)
    }

    public func stopFrames() {
        handler = nil
        // Inside our own tick, returning G_SOURCE_REMOVE removes the callback instead.
        if tickID != 0, !isInTick, let pointer = widget.pointer {
            gtk_widget_remove_tick_callback(unison_gtk_widget(pointer), tickID)
        }
        tickID = 0
    }

    private var isInTick = false

    private func present(_ frameClock: OpaquePointer) {
        let time = scaled(Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000)
        isInTick = true
        handler?(time)
        isInTick = false
        if handler == nil { tickID = 0 }  // the tick returns false: GTK removes the callback
    }
}
