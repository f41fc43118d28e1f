import Foundation

/// Animates `changes` with the animation a class string resolves to:
/// `try animate("animate-bouncy duration-200") { x.value = 1 }`.
///
/// Throws (before applying anything) when the classes do not resolve. Without an `animate-*`
/// class the caller's transaction is kept; with reduced motion or a transaction that disables
/// animations the changes jump. `completion` runs when the animations complete, or inline.
@MainActor
public func animate(
    _ classes: String, rules: AnimationClassRules = .standard, changes: () -> Void,
    completion: (@MainActor () -> Void)? = nil
) throws {
    let style = try rules.resolve(classes)
    animate(style, changes: changes, completion: completion)
}

/// Animates `changes` with typed utilities: `try animate(.animation(.spring), .duration(0.2)) { ... }`.
@MainActor
public func animate(
    _ utilities: AnimationUtility..., rules: AnimationClassRules = .standard, changes: () -> Void,
    completion: (@MainActor () -> Void)? = nil
) throws {
    let style = try rules.resolve(utilities)
    animate(style, changes: changes, completion: completion)
}

/// Animates `changes` with a resolved style (resolve once, use many times).
@MainActor
public func animate(_ style: AnimationStyle, changes: () -> Void, completion: (@MainActor () -> Void)? = nil) {
    var transaction = style.transaction(over: Transaction.current)
    if let completion { transaction.addAnimationCompletion(completion) }
    withTransaction(transaction, changes)
}

/// Runs `body` with `style`'s transaction when the style chooses an animation (otherwise in the
/// caller's transaction), still counting towards the enclosing transaction's completions. This is
/// how a widget's own classes style its property changes.
@MainActor
public func withAnimationStyle<Result>(_ style: AnimationStyle, _ body: () throws -> Result) rethrows -> Result {
    guard style.choosesAnimation else { return try body() }
    return try withTransaction(
        style.transaction(over: Transaction.current), linkedTo: Engine.currentGroup, body)
}
