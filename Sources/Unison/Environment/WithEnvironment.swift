import Foundation

/// Runs `body` with `value` for `keyPath` in the current transaction's environment: animations
/// started inside (also in nested `withAnimation` calls) see it in `context.environment`, over
/// what their property and clock say. The transaction's animation and flags are kept, and its
/// completions still wait for what `body` starts.
///
/// ```swift
/// withEnvironment(\.accessibilityReduceMotion, true) {
///     withAnimation(Animation(Calm())) { ball.value = 400 }   // Calm (see EnvironmentValues) reads it
/// }
/// ```
@MainActor
public func withEnvironment<V, Result>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V, _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction.current
    transaction.completions = []
    transaction.environment[keyPath: keyPath] = value
    return try withTransaction(transaction, linkedTo: Engine.currentGroup, body)
}

extension ValueCore {
    /// The environment of an animation starting now in `group`: the host's (or the clock's)
    /// values, the property's own on top, the transaction's on top of those.
    /// - Complexity: runs once per animation start, and only for custom animations; shares
    ///   storage (no allocation) when at most one layer sets anything.
    func environment(startingIn group: TransactionGroup) -> EnvironmentValues {
        let lower = host?() ?? driver.clock.environment
        return lower.merging(environment).merging(group.environment)
    }
}
