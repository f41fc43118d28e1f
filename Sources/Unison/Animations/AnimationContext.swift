import Foundation

/// A key into ``AnimationState``: a type with a default value.
///
/// ```swift
/// struct Bounces: AnimationStateKey { static var defaultValue: Int { 0 } }
/// context.state[Bounces.self] += 1
/// ```
public protocol AnimationStateKey {
    /// The type of the value stored under this key.
    associatedtype Value
    /// The value read under this key before anything is stored there.
    static var defaultValue: Value { get }
}

/// Typed storage that lives as long as one running animation on one property.
public struct AnimationState<Value: VectorArithmetic> {
    var storage: [ObjectIdentifier: Any] = [:]

    /// Empty state: every key reads its default value.
    public init() {}

    init(storage: [ObjectIdentifier: Any]) { self.storage = storage }

    /// The value stored under `key`, or its `defaultValue` when nothing is stored yet.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)].flatMap { $0 as? K.Value } ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// What an animation may remember between calls, and what it reports back.
public struct AnimationContext<Value: VectorArithmetic> {
    /// State that persists across calls to `animate` for this animation on this property.
    public var state: AnimationState<Value>
    // (Stored before `isLogicallyComplete`, so that the flags after a context in an engine entry
    // pack next to it.)
    /// Where the change that started this animation was made: text direction, reduced motion,
    /// display scale and the app's own keys (see ``EnvironmentValues`` for the layers it comes
    /// from). Fixed when the animation starts; every key at its default in a context made with
    /// `init()`.
    ///
    /// ```swift
    /// let duration = context.environment.accessibilityReduceMotion ? 0.15 : 0.6
    /// ```
    public var environment: EnvironmentValues
    /// Set by the animation once it is logically complete (its completion may fire), even
    /// if it still moves (a spring settling).
    public var isLogicallyComplete: Bool

    /// A fresh context: empty state, not logically complete, every environment key at its default.
    public init() {
        state = AnimationState()
        isLogicallyComplete = false
        environment = EnvironmentValues()
    }

    /// A context for another vector type carrying `state` and this context's other fields.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        var context = AnimationContext<T>()
        context.state = state
        context.isLogicallyComplete = isLogicallyComplete
        context.environment = environment
        return context
    }
}
