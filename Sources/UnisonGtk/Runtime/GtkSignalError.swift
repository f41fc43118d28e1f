/// Why ``GtkSignals`` could not connect a handler: the signal or property does not exist on the
/// instance's type, or the handler's shape does not match the signal's. Its description names the
/// signal and what it passes, so the fix is in the message.
///
/// ```swift
/// do {
///     try GtkSignals.closeRequest(window) { confirmClose() }
/// } catch {
///     print(error)  // GtkLabel has no signal "close-request"
/// }
/// ```
public enum GtkSignalError: Error, Equatable, CustomStringConvertible {
    /// `type` (a GType name such as `GtkButton`) has no signal named `signal`.
    case noSuchSignal(type: String, signal: String)
    /// `type` has no property `property` (for ``GtkSignals/notify(_:_:after:_:)``).
    case noSuchProperty(type: String, property: String)
    /// The signal (`GSimpleAction::activate`) passes and returns `expected`, e.g.
    /// `(GVariant) -> void`; the handler takes and returns `handler`.
    case mismatch(signal: String, expected: String, handler: String)
    /// ``GtkSignals/valueChanged(_:after:_:)`` cannot read a value from a `type`.
    case noValue(type: String)

    /// A sentence naming the type, the signal or property, and what was expected, as in
    /// `GtkLabel has no signal "close-request"`.
    public var description: String {
        switch self {
        case .noSuchSignal(let type, let signal):
            "\(type) has no signal \"\(signal)\""
        case .noSuchProperty(let type, let property):
            "\(type) has no property \"\(property)\" to notify"
        case .mismatch(let signal, let expected, let handler):
            "\(signal) passes and returns \(expected); the handler takes and returns \(handler)"
        case .noValue(let type):
            "value-changed: cannot read the value of a \(type) "
                + "(GtkAdjustment, GtkRange, GtkSpinButton and GtkScaleButton have one)"
        }
    }
}
