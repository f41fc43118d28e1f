import Foundation

/// Runs `body` with `transaction` as the current transaction; properties set inside
/// animate (or jump) as it says. Nested calls restore the outer transaction on return.
@MainActor
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(transaction, linkedTo: nil, body)
}

/// `withTransaction` whose animations also count towards `parent`'s completions (and, with
/// `sharesTimeline`, start when `parent`'s started: see ``TransactionGroup``).
@MainActor
func withTransaction<Result>(
    _ transaction: Transaction, linkedTo parent: TransactionGroup?, sharesTimeline: Bool = false,
    _ body: () throws -> Result
) rethrows -> Result {
    try withTransaction(
        transaction, opening: TransactionGroup(transaction, parent: parent, sharesTimeline: sharesTimeline), body)
}

/// `withTransaction` in a group of its own that joins the cohort `scope` keeps for its animation
/// on `clock` (see ``TransactionGroup/cohort(for:on:)``): what `body` animates on `clock` presents
/// in one batch with what the cohort's other transactions animate, while the completions stay this
/// transaction's.
@MainActor
func withTransaction<Result>(
    _ transaction: Transaction, inCohortOf scope: TransactionGroup?, on clock: any FrameClock,
    _ body: () throws -> Result
) rethrows -> Result {
    let cohort = scope?.cohort(for: transaction, on: clock)
    return try withTransaction(transaction, opening: TransactionGroup(transaction, cohort: cohort), body)
}

/// `withTransaction` in `group`, made for it and not yet opened.
@MainActor
private func withTransaction<Result>(
    _ transaction: Transaction, opening group: TransactionGroup, _ body: () throws -> Result
) rethrows -> Result {
    if transaction.isAnimated, Engine.openTransactions.isEmpty { Engine.animatedTransactionBegan?() }
    Engine.openTransactions.append(TransactionScope(transaction: transaction, group: group))
    defer {
        Engine.openTransactions.removeLast()
        if transaction.isAnimated, let observer = Engine.animatedTransactionEnded {
            observer { DeferredTransaction(transaction, group: group) }
        }
        group.closeScope()
        Engine.endOfSafePoint()
    }
    return try body()
}

/// Runs `body` with `transaction` as the current transaction in an existing, still open `group`
/// (``DeferredTransaction/performingTogether(_:)`` closes it): what `body` animates joins that
/// group. Observers of animated transactions are not told: the group's own transaction was.
@MainActor
func withTransaction(_ transaction: Transaction, in group: TransactionGroup, _ body: () -> Void) {
    Engine.openTransactions.append(TransactionScope(transaction: transaction, group: group))
    defer { Engine.openTransactions.removeLast() }
    body()
}

/// Runs `body` so that properties it changes animate with `animation` (`nil`: they jump).
/// The other fields of the current transaction (such as `disablesAnimations`) are kept.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(animatedTransaction(animation), body)
}

/// Like ``withAnimation(_:_:)``, calling `completion` once the animations it starts meet
/// `completionCriteria` (inline, before returning, when nothing animates).
@MainActor
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping @MainActor () -> Void
) rethrows -> Result {
    var transaction = animatedTransaction(animation)
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    return try withTransaction(transaction, body)
}

/// The UIKit/AppKit spelling: `UIView.animate(.spring) { ... } completion: { ... }` ports as
/// `animate(.spring) { ... } completion: { ... }`.
@MainActor
public func animate(_ animation: Animation, changes: () -> Void, completion: (@MainActor () -> Void)? = nil) {
    if let completion {
        withAnimation(animation, changes, completion: completion)
    } else {
        withAnimation(animation, changes)
    }
}

/// The current transaction's flags with a new animation and no completions (those belong
/// to the outer scope and fire for its own changes only).
@MainActor
func animatedTransaction(_ animation: Animation?) -> Transaction {
    var transaction = Transaction.current
    transaction.completions = []
    transaction.animation = animation
    return transaction
}

/// One open `withTransaction` body (``Engine/openTransactions`` holds them).
struct TransactionScope {
    let transaction: Transaction
    let group: TransactionGroup
}
