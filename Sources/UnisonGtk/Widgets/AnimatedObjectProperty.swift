import CUnisonGtk
import Foundation
import Unison

/// Animates a numeric property of any GObject by name: a widget's `opacity`, a `GtkAdjustment`'s
/// `value`, a label's `max-width-chars`, a property of the app's own classes.
///
/// ```swift
/// let width = try AnimatedObjectProperty(label, property: "max-width-chars")
/// animate(.smooth) { width.value.value = 40 }
///
/// let scroll = try AnimatedObjectProperty(adjustment, property: "value", clock: GtkFrameClock.for(scroller))
/// animate(.snappy) { scroll.value.value = 800 }
/// ```
///
/// - The property may be `double`, `float`, `int`, `uint`, `long`, `ulong`, `int64`, `uint64`, `char`
///   or `uchar`. Each presented value is written with `g_object_set_property` (so `notify` is
///   emitted and the object's setter runs), brought within the property's `GParamSpec` minimum
///   and maximum and rounded to whole numbers for the integer types; an integer property is
///   written only when its whole number changes. NaN is never written.
/// - The animation starts from the property's current value.
/// - An unknown, read-only, construct-only or non-numeric property throws
///   ``AnimatedObjectProperty/Failure``, naming the property and the object's type.
/// - The object is held weakly, and the object keeps this wrapper (in its qdata): one
///   the app stops referencing keeps animating until the object is finalized, then is released
///   (its animations end; completions waiting on them run once, at the next turn of the main
///   loop). The object keeps the newest wrapper made for each property name: a second one for
///   the same property lets the object release the first, which lives on only while the app
///   holds it.
/// - A widget's properties animate on its own frame clock unless `clock` is given; any other
///   object needs a `clock` (the frame clock of the widget showing it).
@MainActor
public final class AnimatedObjectProperty {
    /// Why a property cannot be animated.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The object's class has no property of that name.
        case unknownProperty(String, type: String)
        /// The property cannot be written after construction (read-only or construct-only).
        case notWritable(String, type: String)
        /// The property does not hold a number (its value type is named).
        case notNumeric(String, type: String, valueType: String)
        /// The object is not a widget and no frame clock was given.
        case noFrameClock(String, type: String)

        /// What went wrong, naming the property and the object's type.
        public var description: String {
            switch self {
            case .unknownProperty(let name, let type): "\(type) has no property \"\(name)\""
            case .notWritable(let name, let type): "\(type):\(name) is not writable"
            case .notNumeric(let name, let type, let valueType):
                "\(type):\(name) holds \(valueType), not a number Unison can animate"
            case .noFrameClock(let name, let type):
                "\(type):\(name): a \(type) is not a widget; pass the frame clock of the widget that shows it"
            }
        }
    }

    /// The property's value: set `value.value` inside `animate` to animate it.
    public let value: AnimatableProperty<Double>
    /// The property's name, as GObject spells it (`max-width-chars`).
    public let name: String

    /// Animates `property` of `object` on `clock` (nil: the object's own frame clock, which only a
    /// widget has). Throws ``Failure`` when the property cannot be animated.
    public init(_ object: some GObjectPointer, property: String, clock: GtkFrameClock? = nil) throws {
        let address = object.gObjectAddress
        let writer = try PropertyWriter(address, property: property)
        let isWidget = unison_gtk_is_a(address, gtk_widget_get_type()) != 0
        guard let clock = clock ?? (isWidget ? GtkFrameClock.for(address) : nil) else {
            throw Failure.noFrameClock(property, type: writer.typeName)
        }
        name = property
        value = AnimatableProperty(writer.read(), clock: clock, target: writer)
        if isWidget { value.hostEnvironment = WidgetEnvironment.host(writer.reference) }
        WidgetAttachment.attach(self, to: address, key: "unison-property:" + String(cString: writer.name))
    }
}

/// Writes a numeric GObject property: its `GParamSpec`, the number kind and the `GValue` are
/// found once; a frame converts, clamps and calls `g_object_set_property`, allocating nothing of
/// its own. (Package: `UnisonValue`'s driven properties, in UnisonGObject, are written by it too.)
package final class PropertyWriter: AnimationTarget<Double> {
    /// The C number types a property may hold (GLib's fundamental types).
    enum Kind {
        case double, float, int, uint, long, ulong, int64, uint64, char, uchar
    }

    let reference: ObjectReference
    let typeName: String
    /// The property's canonical name (the `GParamSpec`'s, which lives as long as the class).
    package let name: UnsafePointer<CChar>
    private let kind: Kind
    private let minimum: Double
    private let maximum: Double
    /// Integer bounds, exact (a 64-bit bound is not exact in a `Double`).
    private let integerBounds: (lower: Int64, upper: UInt64)
    private let gValue: UnsafeMutablePointer<GValue>
    /// The whole number last written to an integer property (nil: none yet).
    private var lastInteger: (signed: Int64, unsigned: UInt64)?

    /// The object written to, while it lives (nil once finalized).
    package var object: UnsafeMutableRawPointer? { reference.pointer }

    package init(_ object: UnsafeMutableRawPointer, property: String) throws {
        let gObject = unison_gtk_object(object)!
        let type = gObject.pointee.g_type_instance.g_class.pointee.g_type
        typeName = String(cString: g_type_name(type))
        let objectClass = UnsafeMutableRawPointer(gObject.pointee.g_type_instance.g_class)
            .assumingMemoryBound(to: GObjectClass.self)
        guard var spec = g_object_class_find_property(objectClass, property) else {
            throw AnimatedObjectProperty.Failure.unknownProperty(property, type: typeName)
        }
        if let target = g_param_spec_get_redirect_target(spec) { spec = target }
        let flags = spec.pointee.flags.rawValue
        guard flags & G_PARAM_WRITABLE.rawValue != 0, flags & G_PARAM_CONSTRUCT_ONLY.rawValue == 0 else {
            throw AnimatedObjectProperty.Failure.notWritable(property, type: typeName)
        }
        let valueType = spec.pointee.value_type
        guard let (kind, bounds) = Self.kind(of: spec) else {
            throw AnimatedObjectProperty.Failure.notNumeric(
                property, type: typeName, valueType: String(cString: g_type_name(valueType)))
        }
        self.kind = kind
        (minimum, maximum, integerBounds) = bounds
        name = UnsafePointer(spec.pointee.name)
        reference = ObjectReference(object)
        gValue = .allocate(capacity: 1)
        gValue.initialize(to: GValue())
        g_value_init(gValue, valueType)
    }

    isolated deinit {
        g_value_unset(gValue)
        gValue.deallocate()
    }

    /// The property's current value (its default when it cannot be read).
    func read() -> Double {
        guard let pointer = reference.pointer else { return 0 }
        let spec = g_object_class_find_property(
            UnsafeMutableRawPointer(unison_gtk_object(pointer)!.pointee.g_type_instance.g_class)
                .assumingMemoryBound(to: GObjectClass.self), name)
        if let spec, spec.pointee.flags.rawValue & G_PARAM_READABLE.rawValue != 0 {
            g_object_get_property(unison_gtk_object(pointer), name, gValue)
        } else if let spec {
            g_value_copy(g_param_spec_get_default_value(spec), gValue)
        }
        switch kind {
        case .double: return g_value_get_double(gValue)
        case .float: return Double(g_value_get_float(gValue))
        case .int: return Double(g_value_get_int(gValue))
        case .uint: return Double(g_value_get_uint(gValue))
        case .long: return Double(g_value_get_long(gValue))
        case .ulong: return Double(g_value_get_ulong(gValue))
        case .int64: return Double(g_value_get_int64(gValue))
        case .uint64: return Double(g_value_get_uint64(gValue))
        case .char: return Double(g_value_get_schar(gValue))
        case .uchar: return Double(g_value_get_uchar(gValue))
        }
    }

    override package func apply(_ value: Double) {
        guard let pointer = reference.pointer, !value.isNaN else { return }
        let clamped = min(max(value, minimum), maximum)
        switch kind {
        case .double: g_value_set_double(gValue, clamped)
        case .float: g_value_set_float(gValue, Float(clamped))
        case .int, .long, .int64, .char:
            let whole = GtkLimits.integer(clamped, in: integerBounds.lower, Int64(clamping: integerBounds.upper))
            if lastInteger?.signed == whole { return }
            lastInteger = (whole, 0)
            switch kind {
            case .int: g_value_set_int(gValue, Int32(whole))
            case .long: g_value_set_long(gValue, Int(whole))
            case .char: g_value_set_schar(gValue, Int8(whole))
            default: g_value_set_int64(gValue, Int(whole))
            }
        case .uint, .ulong, .uint64, .uchar:
            let whole = GtkLimits.integer(clamped, in: UInt64(clamping: integerBounds.lower), integerBounds.upper)
            if lastInteger?.unsigned == whole { return }
            lastInteger = (0, whole)
            switch kind {
            case .uint: g_value_set_uint(gValue, UInt32(whole))
            case .ulong: g_value_set_ulong(gValue, UInt(whole))
            case .uchar: g_value_set_uchar(gValue, UInt8(whole))
            default: g_value_set_uint64(gValue, UInt(whole))
            }
        }
        g_object_set_property(unison_gtk_object(pointer), name, gValue)
    }

    /// The kind and bounds of a numeric property, from its `GParamSpec` (nil: not a number).
    private static func kind(
        of spec: UnsafeMutablePointer<GParamSpec>
    ) -> (Kind, (Double, Double, (lower: Int64, upper: UInt64)))? {
        let fundamental = g_type_fundamental(spec.pointee.value_type)
        let specType = String(cString: g_type_name(spec.pointee.g_type_instance.g_class.pointee.g_type))
        let raw = UnsafeMutableRawPointer(spec)
        // An integer property's bounds: its spec's when the spec is GLib's for that type, else the type's.
        func integer<T: BinaryInteger>(_ kind: Kind, _ name: String, _ full: (T, T), _ read: () -> (T, T))
            -> (Kind, (Double, Double, (lower: Int64, upper: UInt64)))
        {
            let (lower, upper) = specType == name ? read() : full
            return (kind, (Double(lower), Double(upper), (Int64(clamping: lower), UInt64(clamping: upper))))
        }
        let noIntegers = (lower: Int64.min, upper: UInt64.max)
        switch fundamental {
        case GType(15 << 2):  // G_TYPE_DOUBLE
            let bounds =
                specType == "GParamDouble"
                ? raw.withMemoryRebound(to: GParamSpecDouble.self, capacity: 1) {
                    ($0.pointee.minimum, $0.pointee.maximum)
                }
                : (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
            return (.double, (bounds.0, bounds.1, noIntegers))
        case GType(14 << 2):  // G_TYPE_FLOAT
            let bounds =
                specType == "GParamFloat"
                ? raw.withMemoryRebound(to: GParamSpecFloat.self, capacity: 1) {
                    (Double($0.pointee.minimum), Double($0.pointee.maximum))
                } : (-Double(Float.greatestFiniteMagnitude), Double(Float.greatestFiniteMagnitude))
            return (.float, (bounds.0, bounds.1, noIntegers))
        case GType(6 << 2):  // G_TYPE_INT
            return integer(.int, "GParamInt", (Int32.min, Int32.max)) {
                raw.withMemoryRebound(to: GParamSpecInt.self, capacity: 1) { ($0.pointee.minimum, $0.pointee.maximum) }
            }
        case GType(8 << 2):  // G_TYPE_LONG
            return integer(.long, "GParamLong", (Int.min, Int.max)) {
                raw.withMemoryRebound(to: GParamSpecLong.self, capacity: 1) { ($0.pointee.minimum, $0.pointee.maximum) }
            }
        case GType(10 << 2):  // G_TYPE_INT64
            // gint64 and guint64 import as Int and UInt.
            return integer(.int64, "GParamInt64", (Int.min, Int.max)) {
                raw.withMemoryRebound(to: GParamSpecInt64.self, capacity: 1) {
                    ($0.pointee.minimum, $0.pointee.maximum)
                }
            }
        case GType(3 << 2):  // G_TYPE_CHAR
            return integer(.char, "GParamChar", (Int8.min, Int8.max)) {
                raw.withMemoryRebound(to: GParamSpecChar.self, capacity: 1) { ($0.pointee.minimum, $0.pointee.maximum) }
            }
        case GType(7 << 2):  // G_TYPE_UINT
            return integer(.uint, "GParamUInt", (UInt32.min, UInt32.max)) {
                raw.withMemoryRebound(to: GParamSpecUInt.self, capacity: 1) { ($0.pointee.minimum, $0.pointee.maximum) }
            }
        case GType(9 << 2):  // G_TYPE_ULONG
            return integer(.ulong, "GParamULong", (UInt.min, UInt.max)) {
                raw.withMemoryRebound(to: GParamSpecULong.self, capacity: 1) {
                    ($0.pointee.minimum, $0.pointee.maximum)
                }
            }
        case GType(11 << 2):  // G_TYPE_UINT64
            return integer(.uint64, "GParamUInt64", (UInt.min, UInt.max)) {
                raw.withMemoryRebound(to: GParamSpecUInt64.self, capacity: 1) {
                    ($0.pointee.minimum, $0.pointee.maximum)
                }
            }
        case GType(4 << 2):  // G_TYPE_UCHAR
            return integer(.uchar, "GParamUChar", (UInt8.min, UInt8.max)) {
                raw.withMemoryRebound(to: GParamSpecUChar.self, capacity: 1) {
                    ($0.pointee.minimum, $0.pointee.maximum)
                }
            }
        default:
            return nil
        }
    }
}
