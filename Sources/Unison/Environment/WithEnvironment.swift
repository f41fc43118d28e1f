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

/// A property's own environment values (``AnimatableProperty/environment``) and the environment
/// of what it belongs to, read at each animation start that needs it in place of the clock's
/// (``AnimatableProperty/hostEnvironment``).
@MainActor
final class EnvironmentSources {
    var values = EnvironmentValues()
    var host: (@MainActor () -> EnvironmentValues)?
}

extension ValueCore {
    /// The property's environment sources, made on first need when `creating`.
    func environmentSources(creating: Bool) -> EnvironmentSources? {
        if environmentSources == nil && creating { environmentSources = EnvironmentSources() }
        return environmentSources
    }

    /// The environment of an animation starting now in `group`: the host's (or the clock's)
    /// values, the property's own on top, the transaction's on top of those.
    /// - Complexity: runs once per animation start, and only for custom animations; shares
    ///   storage (no allocation) when at most one layer sets anything.
    func environment(startingIn group: TransactionGroup) -> EnvironmentValues {
        let sources = environmentSources
        let lower = sources?.host?() ?? driver.clock.environment
        return lower.merging(sources?.values ?? EnvironmentValues()).merging(group.environment)
    }
}
