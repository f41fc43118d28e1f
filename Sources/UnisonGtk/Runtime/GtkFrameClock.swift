import CUnisonGtk
import Foundation
import Unison

/// A `FrameClock` driven by a widget's `GdkFrameClock`.
///
/// Frames arrive through a tick callback on the widget, added only while something animates
/// on this clock and removed when idle, so an idle window's frame clock stops. Frame time is
/// GDK's frame time (`g_get_monotonic_time`, `CLOCK_MONOTONIC`), shared by every window and
/// by `UnisonHeadless`'s `RealTimeClock`, so values on different clocks move in step.
///
/// Animations are skipped (values jump, completions fire) when the widget is not mapped or
/// GTK's `gtk-enable-animations` setting is off (except, for the setting, animations that adapt
/// themselves to reduced motion and essential changes: ``reducedMotionAnimationsEnabled``);
/// reduced motion (see `MotionPreferences`) transforms motion instead. A widget unmapped or finalized mid-flight
/// jumps to its end values, as libadwaita does. The completions waiting on those animations run
/// at the next turn of the main loop, never inside GTK's unmap or finalize (the widget may be
/// going away in the middle of the app's own code, such as a list mutation).
///
/// While everything on the clock waits out a `delay`, its tick callback is removed and a GLib
/// timeout brings it back when the delay ends: a delayed animation does not keep GTK drawing.
///
/// One clock serves each widget: ``for(_:)`` returns it.
@MainActor
public final class GtkFrameClock: FrameClock {
    let widget: ObjectReference
    private var tickID: guint = 0
    private var handler: (@MainActor (TimeInterval) -> Void)?
    /// The GLib timeout that ends a rest (`restFrames(until:)`), or 0.
    private var wakeSource: guint = 0

    private init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        widget = ObjectReference(pointer)
        GtkMotionSettings.follow()
        GtkDebugSettings.read()
        // UNISON_SLOW_ANIMATIONS: anchored at 0, so every GTK clock keeps one time base.
        if GtkDebugSettings.slowdown != 1 { time.setScale(1 / GtkDebugSettings.slowdown, at: 0) }
        connectSignal(pointer, "unmap") { [weak self] in
            guard let self else { return }
            finishAnimations(on: self)
        }
        widget.onFinalize { [weak self] in
            guard let self else { return }
            self.tickID = 0  // GTK dropped the tick callback with the widget
            self.cancelWake()
            finishAnimations(on: self)
            self.handler = nil
        }
    }

    private static let quark = g_quark_from_static_string("unison-frame-clock")

    /// The clock of `widget`, created on first use and kept alive by the widget.
    public static func `for`(_ widget: some GObjectPointer) -> GtkFrameClock {
        let widget = widget.widgetPointer
        if let existing = g_object_get_qdata(unison_gtk_object(widget), quark) {
            return Unmanaged<GtkFrameClock>.fromOpaque(existing).takeUnretainedValue()
        }
        let clock = GtkFrameClock(widget: widget)
        g_object_set_qdata_full(
            unison_gtk_object(widget), quark, Unmanaged.passRetained(clock).toOpaque(), releaseCallbackBox)
        return clock
    }

    /// `CLOCK_MONOTONIC` seconds now (between frames, later than the last frame time), scaled
    /// by ``timeScale``; under a ``fixedFrameRate``, the latest frame's time.
    public var now: TimeInterval { scaled(Self.realNow) }

    /// GDK's monotonic seconds now, or, under a ``fixedFrameRate``, the latest frame's time on it.
    private static var realNow: TimeInterval {
        FixedFrameRate.step == nil ? Double(g_get_monotonic_time()) / 1_000_000 : FixedFrameRate.latest
    }

    /// A fixed frame rate for every GTK clock of Unison's (nil, the default: real time): each
    /// painted frame advances animations by `1 / fixedFrameRate` seconds however long it took, so
    /// a screen recorder or a frame-by-frame debugger sees every frame of every animation, and a
    /// busy machine shows all of them, later, rather than skipping some. A 0.3 s animation at 60
    /// takes 18 painted frames.
    ///
    /// Every widget of a window shares its frame time; a window opened later starts at the
    /// latest time presented. Changing the rate mid-flight keeps time continuous; back to nil,
    /// time jumps to real time (running animations finish where they would have, in real time).
    /// A value outside 1…1000 (or not finite) means nil. Delays wait in frames too (the clock keeps
    /// ticking through them). ``timeScale`` and `UNISON_SLOW_ANIMATIONS` apply on top.
    /// `UNISON_FIXED_FRAME_RATE=<fps>` sets it at start.
    ///
    /// ```swift
    /// GtkFrameClock.fixedFrameRate = 60   // record a screencast frame by frame
    /// ```
    public static var fixedFrameRate: Double? {
        get { FixedFrameRate.step.map { 1 / $0 } }
        set { FixedFrameRate.set(framesPerSecond: newValue, now: Double(g_get_monotonic_time()) / 1_000_000) }
    }

    /// How fast animations on this clock run: 1 is real time, 0.25 a four-times slow motion
    /// (like `GTK_SLOWDOWN` for GTK's own animations). Changing it keeps time continuous, so
    /// running animations slow down or speed up where they are. Non-finite or non-positive
    /// values are ignored. Clocks with different scales no longer share a time base.
    /// `UNISON_SLOW_ANIMATIONS` slows every clock further (see ``FrameReadout`` for the other
    /// debugging aid): this stays the app's own scale.
    public var timeScale: Double {
        get { requestedScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            requestedScale = newValue
            time.setScale(newValue / GtkDebugSettings.slowdown, at: Self.realNow)
        }
    }

    /// The scale the app asked for (``timeScale``), before `UNISON_SLOW_ANIMATIONS`.
    private var requestedScale = 1.0

    /// The anchoring of scaled time (shared with the fuzzer's clock, tested headless).
    private var time = ScaledTime()

    /// Where the last ``timeScale`` change anchored the scaled time: at real time `real` (GDK's
    /// monotonic seconds) the clock read `scaled`; since then it advances `timeScale` times as fast.
    @_spi(Testing) public var timeScaleAnchor: (real: TimeInterval, scaled: TimeInterval) {
        (time.anchorReal, time.anchorScaled)
    }

    private func scaled(_ real: TimeInterval) -> TimeInterval { time.scaled(real) }

    /// True while a tick callback is installed (something animates on this clock).
    @_spi(Testing) public var isTicking: Bool { tickID != 0 }

    /// Whether changes on this clock animate: the widget is mapped and GTK's `gtk-enable-animations` is
    /// on (false once the widget is gone; animated changes then jump).
    public var animationsEnabled: Bool {
        guard let pointer = widget.pointer else { return false }
        let w = unison_gtk_widget(pointer)
        return gtk_widget_get_mapped(w) != 0 && unison_gtk_settings_enable_animations(gtk_widget_get_settings(w)) != 0
    }

    /// The environment of this clock's widget (see ``WidgetEnvironment``): its text direction,
    /// reduced motion or `gtk-enable-animations` off as `accessibilityReduceMotion`, its scale factor, and the values
    /// the app set on it or an enclosing widget. Nothing set once the widget is gone.
    public var environment: EnvironmentValues {
        guard let pointer = widget.pointer else { return EnvironmentValues() }
        return WidgetEnvironment.resolved(for: pointer)
    }

    /// True while the widget is mapped: with `gtk-enable-animations` off, animations that adapt
    /// to reduced motion (`CustomAnimation.adaptsToReducedMotion`) and essential changes
    /// (`Transaction.isEssential`) still run, the others jump.
    public var reducedMotionAnimationsEnabled: Bool {
        guard let pointer = widget.pointer else { return false }
        return gtk_widget_get_mapped(unison_gtk_widget(pointer)) != 0
    }

    /// Calls `handler` once per frame of the widget's `GdkFrameClock`, with the frame time in seconds
    /// (scaled by ``timeScale``), until ``stopFrames()``.
    public func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) {
        self.handler = handler
        cancelWake()
        addTickCallback()
    }

    /// Stops the frames: removes the tick callback, so the widget's frame clock may go idle.
    public func stopFrames() {
        handler = nil
        cancelWake()
        removeTickCallback()
    }

    /// Removes the tick callback (GTK's frame clock may stop) and adds it back at `time`.
    public func restFrames(until time: TimeInterval) -> Bool {
        // Under a fixed frame rate time moves only with frames: keep them coming.
        guard handler != nil, widget.isAlive, FixedFrameRate.step == nil else { return false }
        removeTickCallback()
        cancelWake()
        // `time` is on this clock's scaled time base; the timeout counts real seconds.
        wakeSource = GtkRuntime.timeout(after: self.time.realInterval(time - now)) { [weak self] in
            guard let self else { return }
            self.wakeSource = 0
            if self.handler != nil { self.addTickCallback() }
        }
        return true
    }

    private func cancelWake() {
        if wakeSource != 0 { g_source_remove(wakeSource) }
        wakeSource = 0
    }

    private func addTickCallback() {
        guard tickID == 0, let pointer = widget.pointer else { return }
        // GTK holds the clock while the callback is installed; its destroy notify releases it when
        // the callback is removed or the widget goes (which holds the clock anyway, in its qdata).
        let tick: GtkTickCallback = { _, frameClock, data in
            guard let data, let frameClock else { return unison_gtk_source_remove }
            // Straight to `present`: no box, closure or weak reference between GTK and the frame,
            // each of which is a cache miss at the start of a frame. GLib dispatches a context's
            // sources only on the thread iterating it, and GtkRuntime iterates GTK's from the main
            // actor: the cast skips the concurrency runtime's check of that in release builds
            // (paid every frame, see Benchmarks/README.md); debug builds keep it.
            #if DEBUG
                MainActor.preconditionIsolated("GTK ticked a frame clock off the main actor")
            #endif
            let present = unsafeBitCast(
                { $0.present($1) } as @MainActor (GtkFrameClock, OpaquePointer) -> Bool,
                to: ((GtkFrameClock, OpaquePointer) -> Bool).self)
            let clock = Unmanaged<GtkFrameClock>.fromOpaque(data).takeUnretainedValue()
            return present(clock, frameClock) ? unison_gtk_source_continue : unison_gtk_source_remove
        }
        tickID = gtk_widget_add_tick_callback(
            unison_gtk_widget(pointer), tick, Unmanaged.passRetained(self).toOpaque(), releaseCallbackBox)
    }

    private func removeTickCallback() {
        guard tickID != 0 else { return }
        if isInTick && tickID == runningTick {
            keepsTicking = false  // the tick returns G_SOURCE_REMOVE, which removes it
        } else if let pointer = widget.pointer {
            gtk_widget_remove_tick_callback(unison_gtk_widget(pointer), tickID)
        }
        tickID = 0
    }

    private var isInTick = false
    /// The id of the tick callback running now (one added during it is removed like any other).
    private var runningTick: guint = 0
    /// Cleared when the callback is removed from inside its own tick.
    private var keepsTicking = true

    /// One tick: presents the frame; returns whether the tick callback stays.
    private func present(_ frameClock: OpaquePointer) -> Bool {
        guard handler != nil else { return false }
        let real =
            FixedFrameRate.step.map { FixedFrameRate.time(of: frameClock, step: $0) }
            ?? Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000
        let time = scaled(real)
        isInTick = true
        runningTick = tickID
        keepsTicking = true
        if FrameReadout.recording {
            let start = FrameReadout.realNow
            handler?(time)
            FrameReadout.record(frameClock: frameClock, unisonSeconds: FrameReadout.realNow - start)
        } else {
            handler?(time)
        }
        isInTick = false
        return keepsTicking
    }
}
