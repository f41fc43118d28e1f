import Foundation

/// A read-write reference to a value owned elsewhere, optionally carrying the transaction its
/// writes happen in: SwiftUI's `Binding`, including `.animation(_:)`.
///
/// ```swift
/// struct Lid: WidgetRepresentable {
///     @Binding var isOpen: Bool
///     ...
/// }
/// Lid(isOpen: state.binding.animated())       // writes through it animate with `.default`
/// ```
@MainActor
@propertyWrapper
public struct Binding<Value> {
    private let getter: @MainActor () -> Value
    private let setter: @MainActor (Value, Transaction?) -> Void
    /// The transaction writes through this binding use (nil: the caller's).
    public var transaction: Transaction?

    /// A binding that reads with `get` and writes with `set`, in the caller's transaction.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        getter = get
        setter = { value, _ in set(value) }
    }

    private init(
        getter: @escaping @MainActor () -> Value, setter: @escaping @MainActor (Value, Transaction?) -> Void,
        transaction: Transaction?
    ) {
        self.getter = getter
        self.setter = setter
        self.transaction = transaction
    }

    /// A binding to an unchanging value (writes are ignored).
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value: reading calls the getter; writing calls the setter, inside ``transaction`` when there is one.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set {
            if let transaction {
                withTransaction(transaction) { setter(newValue, transaction) }
            } else {
                setter(newValue, nil)
            }
        }
    }

    /// The binding itself (what `$name` gives for a `@Binding var name`).
    public var projectedValue: Binding<Value> { self }

    /// The same binding (so a `@Binding` property can be initialised from `$other`).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding whose writes animate with `animation` (nil: whose writes jump).
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        transaction(Transaction(animation: animation))
    }

    /// SwiftUI's `.animation()` on a binding: writes animate with the default animation.
    public func animated(_ animation: Animation = .default) -> Binding<Value> {
        self.animation(animation)
    }

    /// A binding whose writes happen in `transaction`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        Binding(getter: getter, setter: setter, transaction: transaction)
    }
}
