import CUnisonGObject
import CUnisonGtk
import Foundation
import UnisonGtk

// What every C entry point shares: GLib's programming-error report, and the runtime's set-up.

/// The log domain of Unison's criticals.
let logDomain = "Unison"

/// `g_return_val_if_fail`'s report, from Swift: "function: assertion 'expression' failed".
func reportFailedCheck(_ function: String, _ expression: String) {
    g_return_if_fail_warning(logDomain, function, expression)
}

/// A `g_critical` with `message`.
func critical(_ message: String) {
    unison_bridge_critical(message)
}

/// Whether the caller is on the main thread, where GTK and Unison's transactions live; if not, a
/// critical naming `function` (a binding's thread must not crash the process: the call is ignored).
func onMainThread(_ function: String) -> Bool {
    if Thread.isMainThread { return true }
    critical("\(function): called outside GTK's main thread; ignored")
    return false
}

/// Installs what transactions on GTK need (the main-queue bridge and the deferral of completions
/// to the next turn of the main loop). GTK itself is initialised by the app, before the first call;
/// `GtkRuntime.initialize` only checks that, once.
@MainActor
func ensureRuntime() {
    GtkRuntime.initialize()
}

/// A +1 pointer to `object`, for a C caller that releases it with `release(_:)`.
func retained(_ object: AnyObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// The object behind `pointer` (made by ``retained(_:)``), not retained.
func unretained<Object: AnyObject>(_ pointer: OpaquePointer, as type: Object.Type) -> Object {
    Unmanaged<Object>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}
