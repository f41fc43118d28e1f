import CUnisonGtk

// Signals connected through a GClosure, as language bindings connect them: GLib collects the
// signal's arguments into GValues and calls one marshaller, whatever the signal's C signature,
// so no handler can be called with arguments of the wrong shape. The Swift handler is boxed
// (`CallbackBox`), retained once for the closure and released by the closure's finalize notifier
// (the handler disconnected, or the instance finalized).

/// What the marshaller calls: the arguments, and the return value's GValue (nil for a signal
/// returning void).
typealias SignalHandler = @MainActor (SignalArguments, UnsafeMutablePointer<GValue>?) -> Void

/// One emission's values, handed from the marshaller to the main actor. (Unchecked `Sendable`:
/// it does not leave the thread; `CallbackBox.call` checks that the marshaller runs on the main
/// actor.)
private struct Emission: @unchecked Sendable {
    let arguments: SignalArguments
    let returnValue: UnsafeMutablePointer<GValue>?
}

/// The one `GClosureMarshal` of every closure made by `connectClosure`.
private let signalMarshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
    guard let data = closure?.pointee.data, let values, count > 0 else { return }
    // `count` includes the instance.
    let emission = Emission(arguments: SignalArguments(values: values, count: Int(count) - 1), returnValue: returnValue)
    CallbackBox<SignalHandler>.call(data) { $0(emission.arguments, emission.returnValue) }
}

/// A signal of an instance, resolved and described (`g_signal_query`).
struct ResolvedSignal {
    /// The instance's type name and the detailed signal name, e.g. `GtkLabel::notify::label`.
    let name: String
    let id: guint
    let detail: GQuark
    /// The parameter types (the instance not counted), without GLib's static-scope bit.
    let parameters: [GType]
    let returnType: GType

    /// Looks up `signal` (with an optional `::detail`) on `instance`'s type.
    init(_ instance: UnsafeMutableRawPointer, _ signal: String) throws(GtkSignalError) {
        let type = unison_gtk_instance_type(instance)
        let typeName = String(cString: g_type_name(type))
        var id: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, type, &id, &detail, 1) != 0, id != 0 else {
            throw .noSuchSignal(type: typeName, signal: signal)
        }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        let staticScope = unison_gtk_signal_static_scope
        parameters = (0..<Int(query.n_params)).map { query.param_types[$0] & ~staticScope }
        returnType = query.return_type & ~staticScope
        name = "\(typeName)::\(signal)"
        self.id = id
        self.detail = detail
    }

    /// Throws unless the signal passes parameters of `expected` kinds (each `g_type_is_a` it; nil:
    /// any parameters, which the handler ignores) and returns `returning` (`G_TYPE_NONE` or
    /// `G_TYPE_BOOLEAN`).
    func check(parameters expected: [GType]?, returning: GType) throws(GtkSignalError) {
        let parametersMatch =
            expected.map { expected in
                expected.count == parameters.count
                    && zip(parameters, expected).allSatisfy { g_type_is_a($0, $1) != 0 }
            } ?? true
        guard parametersMatch && returnType == returning else {
            throw .mismatch(
                signal: name, expected: Self.shape(parameters, returnType),
                handler: Self.shape(expected, returning))
        }
    }

    /// `(gdouble, gdouble) -> void`; nil parameters: `(any) -> void`.
    static func shape(_ parameters: [GType]?, _ returnType: GType) -> String {
        let list = parameters.map { $0.map(typeName).joined(separator: ", ") } ?? "any"
        return "(\(list)) -> \(returnType == unison_gtk_type_none ? "void" : typeName(returnType))"
    }

    private static func typeName(_ type: GType) -> String {
        g_type_name(type).map { String(cString: $0) } ?? "GType \(type)"
    }
}

/// Connects `handler` to `signal` through a new GClosure; returns the handler id. The closure
/// holds the handler's box until GLib finalizes it.
@MainActor
func connectClosure(
    _ instance: UnsafeMutableRawPointer, _ signal: ResolvedSignal, after: Bool, _ handler: @escaping SignalHandler
) -> gulong {
    let box = CallbackBox.retained(handler)
    let closure = unison_gtk_closure_new(box)
    g_closure_set_marshal(closure, signalMarshal)
    g_closure_add_finalize_notifier(closure, box, releaseSignalBox)
    // Owned here until connected (the handler takes its own reference), so that a connection GLib
    // refuses still frees the closure and the box.
    g_closure_ref(closure)
    g_closure_sink(closure)
    defer { g_closure_unref(closure) }
    return g_signal_connect_closure_by_id(instance, signal.id, signal.detail, closure, after ? 1 : 0)
}

extension UnsafeMutablePointer<GValue> {
    /// Sets a `gboolean` return value (a handler's "handled", a window's "keep open").
    @MainActor
    func setBoolean(_ value: Bool) {
        if pointee.g_type == unison_gtk_type_boolean { g_value_set_boolean(self, value ? 1 : 0) }
    }
}
