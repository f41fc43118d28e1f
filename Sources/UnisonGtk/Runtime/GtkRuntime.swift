import CUnisonGtk
import Dispatch
import Foundation
import Unison

/// Process-wide GTK set-up for Unison: initialisation, Swift concurrency inside the GLib
/// main loop, and driving the loop by hand (tests, offline rendering).
@MainActor
public enum GtkRuntime {
    private static var initialized: Bool?
    private static var bridgeSource: guint = 0

    /// Initialises GTK once (`gtk_init_check`) and installs the main-queue bridge. Returns
    /// false, without crashing, when there is no display.
    @discardableResult
    public static func initialize() -> Bool {
        if let initialized { return initialized }
        let ok = gtk_init_check() != 0
        initialized = ok
        if ok {
            installMainQueueBridge()
            // Completions deferred out of a release or a GTK signal run from a GLib source: at
            // the next turn of the loop, whoever iterates it.
            setNextTurnOfMainLoop { delay, body in _ = timeout(after: delay, body) }
            GtkMotionSettings.follow()  // gtk-interface-reduced-motion into MotionPreferences
            GtkDebugSettings.read()  // UNISON_SLOW_ANIMATIONS, UNISON_FRAME_READOUT
        }
        return ok
    }

    /// Lets `Task { @MainActor in ... }`, `Task.sleep` on the main actor and
    /// `DispatchQueue.main.async` run while a GLib main loop (or `GtkApplication`) owns the
    /// main thread. Idempotent.
    ///
    /// libdispatch signals pending main-queue work on an eventfd; a GLib fd source watches
    /// it, consumes the count and drains the queue when it becomes readable, so an idle app
    /// sleeps in `poll` (no polling timer, no CPU).
    public static func installMainQueueBridge() {
        guard bridgeSource == 0 else { return }
        let fd = unison_gtk_dispatch_main_queue_fd()
        let drain: GUnixFDSourceFunc = { fd, _, _ in
            unison_gtk_dispatch_drain_main_queue(fd)
            return unison_gtk_source_continue
        }
        bridgeSource = g_unix_fd_add(fd, G_IO_IN, drain, nil)
    }

    /// Whether the main-queue bridge is installed.
    public static var isMainQueueBridgeInstalled: Bool { bridgeSource != 0 }

    /// Runs the default GLib main context until `condition` holds or `timeout` seconds pass;
    /// returns whether the condition held. For tests and tools that drive GTK themselves.
    @discardableResult
    public static func iterate(timeout: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while g_get_monotonic_time() < deadline {
            if condition() { return true }
            if g_main_context_iteration(nil, unison_gtk_false) == 0 { usleep(500) }
        }
        return condition()
    }

    /// Runs `body` once, `seconds` from now (rounded up to whole milliseconds; negative or NaN:
    /// as soon as possible), from the GLib main loop (`g_timeout_add`), whoever iterates it (an
    /// application, or a test driving the loop by hand). The Swift-concurrency alternative,
    /// `Task { try await Task.sleep(...) }`, works too once ``initialize()`` installed the bridge.
    ///
    /// ```swift
    /// GtkRuntime.after(2) { animate(.smooth) { banner.opacity = 0 } }   // auto-dismiss
    /// ```
    public static func after(_ seconds: TimeInterval, _ body: @escaping @MainActor () -> Void) {
        _ = timeout(after: seconds, body)
    }

    /// `after`, returning the GLib source id (for `g_source_remove`).
    static func timeout(after seconds: TimeInterval, _ body: @escaping @MainActor () -> Void) -> guint {
        typealias Body = @MainActor () -> Void
        let milliseconds = seconds.isNaN ? 0 : UInt32(clamping: Int((max(seconds, 0) * 1000).rounded(.up)))
        let fire: GSourceFunc = { data in
            CallbackBox<Body>.call(data) { $0() }
            return unison_gtk_source_remove
        }
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, fire, CallbackBox.retained(body), releaseCallbackBox)
    }

    /// GTK's `gtk-enable-animations` setting for the default display.
    public static var animationsEnabled: Bool {
        get { unison_gtk_settings_enable_animations(gtk_settings_get_default()) != 0 }
        set {
            unison_gtk_settings_set_enable_animations(
                gtk_settings_get_default(), newValue ? unison_gtk_true : unison_gtk_false)
        }
    }
}
