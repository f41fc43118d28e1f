import CUnisonGtk

/// Connecting Swift closures to GObject signals, any signal, with no C of your own.
///
/// Every handler is connected through a `GClosure` whose marshaller receives the signal's
/// arguments as GValues, so any signal signature works and a handler can never be called with
/// arguments of another shape. Before connecting, the signal is looked up on the instance's type
/// (`g_signal_query`) and checked against the handler: an unknown signal or a handler of the
/// wrong shape throws a ``GtkSignalError`` naming the signal and what it passes. GLib owns the
/// handler: it is released when the handler is disconnected or the object finalized. Handlers run
/// on the main actor, so the object must emit on the main thread (GTK's objects do; an emission
/// on another thread stops the program). Each function returns the handler id (see
/// ``disconnect(_:_:)``).
///
/// ```swift
/// GtkSignals.connect(button, "clicked") { animate(.bouncy) { card.scale = CGSize(width: 1.2, height: 1.2) } }
/// try GtkSignals.notify(label, "label") { resize() }
/// try GtkSignals.closeRequest(window) { hasUnsavedChanges }           // true keeps it open
/// try GtkSignals.activate(action) { parameter in ... }                 // GSimpleAction, GVariant?
/// try GtkSignals.keyPressed(keys) { keyval, keycode, modifiers in keyval == 0xff1b }
/// try GtkSignals.connect(entry, "insert-text") { arguments in print(arguments.string(at: 0) ?? "") }
/// try GtkSignals.connectReturning(widget, "query-tooltip") { arguments in showTooltip(arguments) }
/// ```
@MainActor
public enum GtkSignals {
    // MARK: Any signal

    /// Connects `handler` to `signal` (optionally `signal::detail`) of `instance`, a signal that
    /// returns nothing; the handler reads the signal's parameters from its ``SignalArguments``.
    /// `after`: runs after the signal's default handler. Throws if the instance has no such
    /// signal or the signal returns a value (``connectReturning(_:_:after:_:)`` handles `gboolean`).
    @discardableResult
    public static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (SignalArguments) -> Void
    ) throws(GtkSignalError) -> gulong {
        try connectChecked(
            instance.gObjectAddress, signal, parameters: nil, returning: unison_gtk_type_none, after: after
        ) { arguments, _ in handler(arguments) }
    }

    /// Connects `handler` to `signal` of `instance`, a signal returning `gboolean`: the handler's
    /// result is the signal's (`true`: handled, stop here; for `close-request`, keep the window
    /// open). Throws if the instance has no such signal or the signal returns something else.
    /// (Its own name: a closure's result type alone would make `connect` ambiguous.)
    ///
    /// ```swift
    /// try GtkSignals.connectReturning(keys, "key-pressed") { arguments in arguments.int(at: 0) == 0xff1b }
    /// ```
    @discardableResult
    public static func connectReturning(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (SignalArguments) -> Bool
    ) throws(GtkSignalError) -> gulong {
        try connectChecked(
            instance.gObjectAddress, signal, parameters: nil, returning: unison_gtk_type_boolean, after: after
        ) { arguments, result in result?.setBoolean(handler(arguments)) }
    }

    /// Disconnects the handler `id` returned by a connect function (0 is ignored); GLib releases
    /// the handler now, or when a running emission of it ends.
    public static func disconnect(_ instance: some GObjectPointer, _ id: gulong) {
        guard id != 0 else { return }
        g_signal_handler_disconnect(instance.gObjectAddress, id)
    }

    // MARK: Common signals, typed

    /// Runs `body` when `property` of `object` changes (`notify::property`). Throws if the object
    /// has no such property.
    @discardableResult
    public static func notify(
        _ object: some GObjectPointer, _ property: String, after: Bool = false,
        _ body: @escaping @MainActor () -> Void
    ) throws(GtkSignalError) -> gulong {
        let address = object.gObjectAddress
        guard let spec = unison_gtk_find_property(address, property) else {
            let type = String(cString: g_type_name(unison_gtk_instance_type(address)))
            throw .noSuchProperty(type: type, property: property)
        }
        // The detail is the property's canonical name (`use-underline` for `use_underline`).
        let signal = "notify::" + String(cString: g_param_spec_get_name(spec))
        return try connectChecked(
            address, signal, parameters: [unison_gtk_type_param], returning: unison_gtk_type_none, after: after
        ) { _, _ in body() }
    }

    /// `GtkEventControllerKey`'s `key-pressed`: `body(keyval, keycode, modifiers)` returns true
    /// when it handled the key (it goes no further). Keyvals are GDK's (`GDK_KEY_Escape` is 0xff1b).
    @discardableResult
    public static func keyPressed(
        _ controller: some GObjectPointer, after: Bool = false,
        _ body: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ modifiers: GdkModifierType) -> Bool
    ) throws(GtkSignalError) -> gulong {
        try connectChecked(
            controller.gObjectAddress, "key-pressed",
            parameters: [unison_gtk_type_uint, unison_gtk_type_uint, unison_gtk_type_flags],
            returning: unison_gtk_type_boolean, after: after
        ) { arguments, result in
            let handled = body(
                UInt32(truncatingIfNeeded: arguments.int(at: 0) ?? 0),
                UInt32(truncatingIfNeeded: arguments.int(at: 1) ?? 0),
                GdkModifierType(rawValue: UInt32(truncatingIfNeeded: arguments.int(at: 2) ?? 0)))
            result?.setBoolean(handled)
        }
    }

    /// `GtkWindow`'s `close-request`: `body` returns true to keep the window open.
    @discardableResult
    public static func closeRequest(
        _ window: some GObjectPointer, after: Bool = false, _ body: @escaping @MainActor () -> Bool
    ) throws(GtkSignalError) -> gulong {
        try connectChecked(
            window.gObjectAddress, "close-request", parameters: [], returning: unison_gtk_type_boolean, after: after
        ) { _, result in result?.setBoolean(body()) }
    }

    /// A `GAction`'s `activate` (`GSimpleAction`): `body` gets the action's parameter, a
    /// `GVariant` owned by GLib (`g_variant_ref` it to keep it), or nil for an action without one.
    @discardableResult
    public static func activate(
        _ action: some GObjectPointer, after: Bool = false, _ body: @escaping @MainActor (OpaquePointer?) -> Void
    ) throws(GtkSignalError) -> gulong {
        try connectChecked(
            action.gObjectAddress, "activate", parameters: [unison_gtk_type_variant], returning: unison_gtk_type_none,
            after: after
        ) { arguments, _ in body(arguments.variant(at: 0)) }
    }

    /// `value-changed` of a `GtkAdjustment`, `GtkRange` (scales, scrollbars), `GtkSpinButton` or
    /// `GtkScaleButton`: `body` gets the new value. Throws for other types.
    @discardableResult
    public static func valueChanged(
        _ instance: some GObjectPointer, after: Bool = false, _ body: @escaping @MainActor (Double) -> Void
    ) throws(GtkSignalError) -> gulong {
        let address = instance.gObjectAddress
        let resolved = try ResolvedSignal(address, "value-changed")
        let value: @MainActor (SignalArguments) -> Double
        if unison_gtk_is_a(address, gtk_adjustment_get_type()) != 0 {
            value = { gtk_adjustment_get_value($0.instance?.assumingMemoryBound(to: GtkAdjustment.self)) }
        } else if unison_gtk_is_a(address, gtk_range_get_type()) != 0 {
            value = { gtk_range_get_value(unison_gtk_range($0.instance)) }
        } else if unison_gtk_is_a(address, gtk_spin_button_get_type()) != 0 {
            value = { gtk_spin_button_get_value(OpaquePointer($0.instance)) }
        } else if unison_gtk_is_a(address, gtk_scale_button_get_type()) != 0 {
            try resolved.check(parameters: [unison_gtk_type_double], returning: unison_gtk_type_none)
            value = { $0.double(at: 0) ?? 0 }
        } else {
            throw .noValue(type: String(cString: g_type_name(unison_gtk_instance_type(address))))
        }
        return connectClosure(address, resolved, after: after) { arguments, _ in body(value(arguments)) }
    }

    // MARK: Non-throwing forms

    // These three predate the checked forms and keep their signatures. A signal they cannot
    // connect to is reported as a GLib critical and gives handler id 0, as `g_signal_connect`
    // does for an unknown signal.

    /// Connects `body` to a signal that returns nothing, ignoring its parameters (`clicked`,
    /// `toggled`, `activate`, `map`, `notify`...). An unknown signal or one returning a value
    /// logs a critical naming it and returns 0.
    @discardableResult
    public static func connect(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor () -> Void
    ) -> gulong {
        connectReporting(instance.gObjectAddress, signal, parameters: nil) { _ in body() }
    }

    /// A signal passing two doubles (`GtkGestureDrag`'s `drag-begin`, `drag-update`, `drag-end`,
    /// `GtkGestureSwipe`'s `swipe`, `GtkEventControllerMotion`'s `motion`...). Another shape logs
    /// a critical naming the signal's and returns 0.
    @discardableResult
    public static func connectPoint(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor (Double, Double) -> Void
    ) -> gulong {
        connectReporting(instance.gObjectAddress, signal, parameters: [unison_gtk_type_double, unison_gtk_type_double])
        { arguments in
            body(arguments.double(at: 0) ?? 0, arguments.double(at: 1) ?? 0)
        }
    }

    /// `GtkGestureClick`'s `pressed` / `released`: press count and position. Another shape logs
    /// a critical naming the signal's and returns 0.
    @discardableResult
    public static func connectPressed(
        _ instance: some GObjectPointer, _ signal: String, _ body: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> gulong {
        let shape = [unison_gtk_type_int, unison_gtk_type_double, unison_gtk_type_double]
        return connectReporting(instance.gObjectAddress, signal, parameters: shape) { arguments in
            body(arguments.int(at: 0) ?? 0, arguments.double(at: 1) ?? 0, arguments.double(at: 2) ?? 0)
        }
    }

    /// A void-returning signal checked against `parameters`; a failure is a critical and id 0.
    private static func connectReporting(
        _ address: UnsafeMutableRawPointer, _ signal: String, parameters: [GType]?,
        _ handler: @escaping @MainActor (SignalArguments) -> Void
    ) -> gulong {
        do {
            return try connectChecked(
                address, signal, parameters: parameters, returning: unison_gtk_type_none, after: false
            ) { arguments, _ in handler(arguments) }
        } catch {
            unison_gtk_critical("GtkSignals: \(error)")
            return 0
        }
    }

    /// The one way every form connects: looks `signal` up on the instance's type, checks its
    /// parameters (nil: any) and return type, then connects `handler` through a closure.
    private static func connectChecked(
        _ address: UnsafeMutableRawPointer, _ signal: String, parameters: [GType]?, returning: GType, after: Bool,
        _ handler: @escaping SignalHandler
    ) throws(GtkSignalError) -> gulong {
        let resolved = try ResolvedSignal(address, signal)
        try resolved.check(parameters: parameters, returning: returning)
        return connectClosure(address, resolved, after: after, handler)
    }
}
