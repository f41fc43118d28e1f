import Foundation

/// What an animation knows about where it runs: the text direction, whether the user asked for
/// less motion, the display's scale, and values of the app's own. SwiftUI's `EnvironmentValues`,
/// read by a custom animation as `context.environment`.
///
/// ```swift
/// struct Calm: CustomAnimation {
///     func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
///         let duration = context.environment.accessibilityReduceMotion ? 0.15 : 0.6
///         return time > duration ? nil : value.scaled(by: time / duration)
///     }
/// }
/// ```
///
/// An animation's environment is assembled once, when it starts, from layers where later ones
/// win key by key: every key's default, then the clock's ``FrameClock/environment`` (on GTK, the
/// widget's text direction, `gtk-enable-animations` and scale factor, and values set on the
/// widget or an enclosing one), then the property's own ``AnimatableProperty/environment``, then
/// the values of the transaction that made the change (``Transaction/environment``,
/// ``withEnvironment(_:_:_:)``).
///
/// Reading a key that no layer set returns the key's default, never fails. Keys are types
/// (``EnvironmentKey``), so two libraries' keys never collide.
///
/// - Complexity: reading a key is a hash lookup and a cast, with no allocation; setting one may
///   allocate (the first value, or copying storage shared with another copy).
public struct EnvironmentValues: CustomStringConvertible {
    /// A value, and the key type that set it (its name, for `description`).
    private struct Entry {
        let key: Any.Type
        let value: Any
    }

    /// Only the keys that were set: the empty dictionary, which every copy shares, costs nothing.
    private var storage: [ObjectIdentifier: Entry] = [:]

    /// Every key at its default.
    public init() {}

    /// The value of `key`, or its default when it was not set.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            if let entry = storage[ObjectIdentifier(key)], let value = entry.value as? K.Value { return value }
            return K.defaultValue
        }
        set { storage[ObjectIdentifier(key)] = Entry(key: key, value: newValue) }
    }

    /// The keys that were set and their values, sorted by key name.
    public var description: String {
        let pairs = storage.values.map { "\(String(describing: $0.key)): \($0.value)" }.sorted()
        return "EnvironmentValues(\(pairs.joined(separator: ", ")))"
    }

    /// Whether no key is set.
    package var isEmpty: Bool { storage.isEmpty }

    /// These values with `upper`'s on top: a key set in `upper` takes its value there, every other
    /// key keeps this one's. Shares storage (no allocation) when either side sets nothing.
    package func merging(_ upper: EnvironmentValues) -> EnvironmentValues {
        if upper.storage.isEmpty { return self }
        if storage.isEmpty { return upper }
        var merged = self
        merged.storage.merge(upper.storage) { _, new in new }
        return merged
    }
}
