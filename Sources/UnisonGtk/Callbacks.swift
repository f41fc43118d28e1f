import CUnisonGtk

// Closures handed to GLib: each is boxed in a class, retained once for GLib, and released
// by GLib's destroy notify, so a callback can never outlive its box nor run after the
// object it was connected to is gone. One `@convention(c)` thunk per callback shape.

/// A boxed Swift closure owned by GLib.
final class CallbackBox<Function> {
    let function: Function
    init(_ function: Function) { self.function = function }

    /// A +1 pointer for `user_data`; GLib releases it through `releaseCallbackBox`.
    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: gpointer?) -> CallbackBox<Function> {
        Unmanaged<CallbackBox<Function>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

/// `GDestroyNotify` for every box.
let releaseCallbackBox: GDestroyNotify = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// `GClosureNotify` (signal handlers) for every box.
let releaseSignalBox: GClosureNotify = { pointer, _ in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

typealias VoidSignal = @MainActor () -> Void

/// Connects `body` to a signal whose handler takes only the instance (`void (*)(GObject *, gpointer)`).
@MainActor
@discardableResult
func connectSignal(_ instance: gpointer, _ name: String, _ body: @escaping VoidSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        let box = CallbackBox<VoidSignal>.from(data)
        MainActor.assumeIsolated { box.function() }
    }
    return unison_gtk_signal_connect(
        instance, name, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(body).retainedPointer(), releaseSignalBox)
}

/// Connects `body` to a signal of shape `void (*)(GObject *, double, double, gpointer)`
/// (gesture begin/update/end with an offset or velocity).
typealias PointSignal = @MainActor (Double, Double) -> Void

@MainActor
@discardableResult
func connectPointSignal(_ instance: gpointer, _ name: String, _ body: @escaping PointSignal) -> gulong {
    let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
        let box = CallbackBox<PointSignal>.from(data)
        MainActor.assumeIsolated { box.function(x, y) }
    }
    return unison_gtk_signal_connect(
        instance, name, unsafeBitCast(thunk, to: GCallback.self), CallbackBox(body).retainedPointer(), releaseSignalBox)
}
