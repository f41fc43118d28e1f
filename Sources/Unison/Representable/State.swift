import Foundation

/// A source of truth that tells its observers when it changes, with the transaction of the
/// change: SwiftUI's `@State`, for hosts that bridge state into widgets.
///
/// ```swift
/// let isOpen = State(false)
/// withAnimation(.bouncy) { isOpen.wrappedValue.toggle() }   // observers update, animated
/// isOpen.binding.animation(.spring).wrappedValue = false       // a binding that animates its writes
/// ```
@MainActor
public final class State<Value> {
    private var value: Value
    private var observers: [(id: Int, body: @MainActor () -> Void)] = []
    private var nextID = 0

    /// A state holding `value`, with no observers.
    public init(_ value: Value) { self.value = value }

    /// The value. Setting it notifies observers synchronously, inside the current transaction,
    /// so the widgets they update animate with it.
    public var wrappedValue: Value {
        get { value }
        set {
            value = newValue
            for observer in observers { observer.body() }
        }
    }

    /// A binding that reads and writes this state.
    public var binding: Binding<Value> {
        Binding(get: { self.value }, set: { self.wrappedValue = $0 })
    }

    /// Calls `body` after every change; returns a token for ``removeObserver(_:)``.
    @discardableResult
    public func observe(_ body: @escaping @MainActor () -> Void) -> Int {
        nextID += 1
        observers.append((nextID, body))
        return nextID
    }

    /// Stops calling the observer that ``observe(_:)`` returned `token` for (an unknown token does nothing).
    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }
}
