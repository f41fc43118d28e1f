import CUnisonGtk

/// The values a GObject signal passes to a handler connected with ``GtkSignals``: the emitting
/// instance and the signal's parameters, read with typed accessors.
///
/// Index 0 is the signal's first parameter (the instance is ``instance``). Each accessor returns
/// nil when the index is out of range or the value is not of that kind, so a handler reading the
/// wrong kind never crashes. Valid only during the handler call: GLib owns the values.
///
/// ```swift
/// try GtkSignals.connect(action, "activate") { arguments in
///     let step = arguments.variant(at: 0).map { Int(g_variant_get_int32($0)) } ?? 1
///     counter += step
/// }
/// ```
public struct SignalArguments {
    /// The instance's value, then the parameters' (GLib's `param_values`).
    private let values: UnsafePointer<GValue>
    /// The number of the signal's parameters (the instance not counted).
    public let count: Int

    init(values: UnsafePointer<GValue>, count: Int) {
        self.values = values
        self.count = count
    }

    /// The object that emitted the signal.
    public var instance: UnsafeMutableRawPointer? { g_value_peek_pointer(values) }

    /// The `GValue` of parameter `index`, or nil out of range.
    private func value(_ index: Int) -> UnsafePointer<GValue>? {
        index >= 0 && index < count ? values + (index + 1) : nil
    }

    /// The `GType` of parameter `index` (`G_TYPE_DOUBLE`, a `GdkModifierType`...), or nil out of range.
    public func type(at index: Int) -> GType? { value(index)?.pointee.g_type }

    /// The fundamental type of parameter `index` (`G_TYPE_ENUM` for any enum...).
    private func fundamental(_ index: Int) -> GType? { type(at: index).map { g_type_fundamental($0) } }

    /// Parameter `index` as a number if it is a `gdouble` or `gfloat`.
    public func double(at index: Int) -> Double? {
        guard let value = value(index) else { return nil }
        switch g_type_fundamental(value.pointee.g_type) {
        case unison_gtk_type_double: return g_value_get_double(value)
        case unison_gtk_type_float: return Double(g_value_get_float(value))
        default: return nil
        }
    }

    /// Parameter `index` as an integer if it is one of GLib's integer types, an enum or flags
    /// (a `guint` keyval, a `GdkModifierType`...). A `guint64` beyond `Int.max` gives nil.
    public func int(at index: Int) -> Int? {
        guard let value = value(index) else { return nil }
        switch g_type_fundamental(value.pointee.g_type) {
        case unison_gtk_type_int: return Int(g_value_get_int(value))
        case unison_gtk_type_uint: return Int(g_value_get_uint(value))
        case unison_gtk_type_long: return g_value_get_long(value)
        case unison_gtk_type_ulong: return Int(exactly: g_value_get_ulong(value))
        case unison_gtk_type_int64: return Int(g_value_get_int64(value))
        case unison_gtk_type_uint64: return Int(exactly: g_value_get_uint64(value))
        case unison_gtk_type_char: return Int(g_value_get_schar(value))
        case unison_gtk_type_uchar: return Int(g_value_get_uchar(value))
        case unison_gtk_type_enum: return Int(g_value_get_enum(value))
        case unison_gtk_type_flags: return Int(g_value_get_flags(value))
        default: return nil
        }
    }

    /// Parameter `index` if it is a `gboolean`.
    public func bool(at index: Int) -> Bool? {
        guard let value = value(index), fundamental(index) == unison_gtk_type_boolean else { return nil }
        return g_value_get_boolean(value) != 0
    }

    /// Parameter `index` if it is a non-NULL string (copied).
    public func string(at index: Int) -> String? {
        guard let value = value(index), fundamental(index) == unison_gtk_type_string,
            let string = g_value_get_string(value)
        else { return nil }
        return String(cString: string)
    }

    /// Parameter `index` if it is a non-NULL object (a `GObject` or an interface type), unowned:
    /// `g_object_ref` it to keep it past the handler.
    public func object(at index: Int) -> UnsafeMutableRawPointer? {
        guard let value = value(index), let kind = fundamental(index),
            kind == unison_gtk_type_object || kind == unison_gtk_type_interface
        else { return nil }
        return g_value_peek_pointer(value)
    }

    /// Parameter `index` if it is a non-NULL `GVariant` (a `GAction`'s parameter), unowned:
    /// `g_variant_ref` it to keep it past the handler.
    public func variant(at index: Int) -> OpaquePointer? {
        guard let value = value(index), fundamental(index) == unison_gtk_type_variant else { return nil }
        return g_value_get_variant(value)
    }

    /// Parameter `index` as an address if it holds one (a `gpointer`, a boxed type such as a
    /// `GdkEventSequence`, a `GParamSpec`, an object or a variant), unowned; nil for NULL.
    public func pointer(at index: Int) -> UnsafeMutableRawPointer? {
        guard let value = value(index), g_value_fits_pointer(value) != 0 else { return nil }
        return g_value_peek_pointer(value)
    }
}
