import CUnisonGtk

// Closures handed to GLib: each is boxed in a class, retained once for GLib, and released by
// GLib's destroy notify, so a callback can never outlive its box nor run after the object it was
// connected to is gone. C function pointers cannot be generic, so each callback shape has its own
// `@convention(c)` thunk; everything else (boxing, retaining, entering the main actor, releasing)
// is here, once. The adapter's own signals use these thunks (its shapes are fixed, and a C
// callback is called without GValues); `GtkSignals` connects apps' handlers through a GClosure
// instead (SignalClosure.swift), which any signal signature fits.

/// A boxed Swift closure owned by GLib. (Unchecked `Sendable`: GLib calls back on the main
/// thread only, where the box is made, called and released.)
final class CallbackBox<Function>: @unchecked Sendable {
    let function: Function
    init(_ function: Function) { self.function = function }

    /// A +1 pointer to a new box for `function`, for `user_data`; GLib releases it through
    /// `releaseCallbackBox` or `releaseSignalBox`.
    static func retained(_ function: Function) -> gpointer {
        Unmanaged.passRetained(CallbackBox(function)).toOpaque()
    }

    /// Calls the function boxed at `data` (a thunk's `user_data`) on the main actor: GLib calls
    /// thunks on the main thread, where GTK runs.
    static func call<Result: Sendable>(_ data: gpointer?, _ body: @MainActor (Function) -> Result) -> Result {
        let box = Unmanaged<CallbackBox<Function>>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { body(box.function) }
    }
}

/// `GDestroyNotify` for every box (sources, tick callbacks, draw functions, qdata), and for any
/// object handed to GLib retained (a frame clock for its tick callback).
let releaseCallbackBox: GDestroyNotify = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// `GClosureNotify` for every box (signal handlers).
let releaseSignalBox: GClosureNotify = { pointer, _ in releaseCallbackBox(pointer) }

/// Connects `function` to `signal` of `instance` through `thunk`, a C function of the signal's
/// shape whose last argument is the box (`CallbackBox<Function>.call`); `after`: it runs after
/// the signal's other handlers. Returns the handler id.
@MainActor
func connect<Function>(
    _ instance: gpointer, _ signal: String, thunk: GCallback, after: Bool = false, _ function: Function
) -> gulong {
    let connect = after ? unison_gtk_signal_connect_after : unison_gtk_signal_connect
    return connect(instance, signal, thunk, CallbackBox.retained(function), releaseSignalBox)
}

typealias VoidSignal = @MainActor () -> Void

/// Connects `body` to a signal whose handler takes only the instance (`void (*)(GObject *, gpointer)`).
@MainActor
@discardableResult
func connectSignal(_ instance: gpointer, _ name: String, after: Bool = false, _ body: @escaping VoidSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        CallbackBox<VoidSignal>.call(data) { $0() }
    }
    return connect(instance, name, thunk: unsafeBitCast(thunk, to: GCallback.self), after: after, body)
}

typealias PointSignal = @MainActor (Double, Double) -> Void

/// Connects `body` to a signal of shape `void (*)(GObject *, double, double, gpointer)`
/// (gesture begin/update/end with an offset or velocity).
@MainActor
@discardableResult
func connectPointSignal(_ instance: gpointer, _ name: String, _ body: @escaping PointSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
        CallbackBox<PointSignal>.call(data) { $0(x, y) }
    }
    return connect(instance, name, thunk: unsafeBitCast(thunk, to: GCallback.self), body)
}

typealias PressedSignal = @MainActor (Int, Double, Double) -> Void

/// Connects `body` to a signal of shape `void (*)(GObject *, int, double, double, gpointer)`
/// (`GtkGestureClick`'s `pressed` and `released`).
@MainActor
@discardableResult
func connectPressedSignal(_ instance: gpointer, _ name: String, _ body: @escaping PressedSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
        CallbackBox<PressedSignal>.call(data) { $0(Int(n), x, y) }
    }
    return connect(instance, name, thunk: unsafeBitCast(thunk, to: GCallback.self), body)
}

typealias SequenceSignal = @MainActor (OpaquePointer?) -> Void

/// Connects `body` to a signal of shape `void (*)(GObject *, gpointer, gpointer)`: a GtkGesture's
/// `begin`, `update`, `end` and `cancel`, whose argument is the `GdkEventSequence` (NULL for a
/// mouse's pointer).
@MainActor
@discardableResult
func connectSequenceSignal(_ instance: gpointer, _ name: String, _ body: @escaping SequenceSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, sequence, data in
        CallbackBox<SequenceSignal>.call(data) { $0(OpaquePointer(sequence)) }
    }
    return connect(instance, name, thunk: unsafeBitCast(thunk, to: GCallback.self), body)
}

typealias FlagsSignal = @MainActor (UInt32) -> Void

/// Connects `body` to a signal of shape `void (*)(GObject *, guint, gpointer)` (flags or an enum:
/// `GtkWidget::state-flags-changed`, whose argument is the previous `GtkStateFlags`).
@MainActor
@discardableResult
func connectFlagsSignal(_ instance: gpointer, _ name: String, _ body: @escaping FlagsSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, UInt32, gpointer?) -> Void = { _, flags, data in
        CallbackBox<FlagsSignal>.call(data) { $0(flags) }
    }
    return connect(instance, name, thunk: unsafeBitCast(thunk, to: GCallback.self), body)
}

typealias ShortcutBody = @MainActor () -> Bool

/// A `GtkCallbackAction` running `body` (true: the shortcut was handled, the key stops there).
@MainActor
func callbackAction(_ body: @escaping ShortcutBody) -> OpaquePointer {
    let thunk: GtkShortcutFunc = { _, _, data in
        CallbackBox<ShortcutBody>.call(data) { $0() } ? unison_gtk_true : unison_gtk_false
    }
    return gtk_callback_action_new(thunk, CallbackBox.retained(body), releaseCallbackBox)
}
