import Foundation

/// An animated transaction kept open past the end of its body, for changes a toolkit makes on
/// its behalf afterwards: the layout pass that follows `withAnimation { insert a widget }` moves
/// other widgets, and those moves animate with the transaction's animation while its completions
/// wait for them (SwiftUI animates layout in the same transaction).
///
/// Toolkit adapters receive one through ``observeAnimatedTransactions(began:ended:)``, use it with
/// ``perform(_:)`` and ``close()`` it once the layout pass is over (releasing it closes it too).
@MainActor
package final class DeferredTransaction {
    private let group: TransactionGroup
    /// The transaction's animation and flags, without its completions (they stay with the group).
    package let transaction: Transaction
    private var isOpen = true
    /// The group every ``perform(_:)`` joins inside ``performingTogether(_:)``.
    private var passGroup: TransactionGroup?

    init(_ transaction: Transaction, group: TransactionGroup) {
        var scoped = transaction
        scoped.completions = []
        self.transaction = scoped
        self.group = group
        // One pending animation of its own, so the group cannot complete while this is open.
        group.registerAnimation()
    }

    isolated deinit {
        close()
        Engine.deferCompletions()  // never run completions inside a release
    }

    /// Runs `body` in the transaction: what it animates counts towards its completions, and
    /// runs on its timeline (from the transaction's start time, not from the frame `body` runs
    /// in), so it presents the same progress on every frame as what the body animated.
    package func perform(_ body: () -> Void) {
        if let passGroup {
            withTransaction(transaction, in: passGroup, body)
        } else {
            withTransaction(transaction, linkedTo: group, sharesTimeline: true, body)
        }
    }

    /// Runs `body`, in which every ``perform(_:)`` joins one transaction group, closed when `body`
    /// returns: the changes one layout pass makes on the transaction's behalf (one per widget
    /// that moved) present as one batch per value type in the engine, not one batch each.
    /// Nested calls join the outer one's group.
    package func performingTogether(_ body: () -> Void) {
        guard passGroup == nil else { return body() }
        let group = TransactionGroup(transaction, parent: group, sharesTimeline: true)
        passGroup = group
        defer {
            passGroup = nil
            group.closeScope()
            Engine.endOfSafePoint()
        }
        body()
    }

    /// Ends the deferral: the transaction completes once the animations it started have.
    package func close() {
        guard isOpen else { return }
        isOpen = false
        group.animationLogicallyCompleted()
        group.animationRemoved()
    }
}

/// Calls `began` when an outermost animated transaction's body begins (before its changes), and
/// `ended` at the end of every animated transaction's body, with a way to keep that transaction
/// open (``DeferredTransaction``); a toolkit adapter installs them once.
@MainActor
package func observeAnimatedTransactions(
    began: @escaping @MainActor () -> Void,
    ended: @escaping @MainActor (_ keepOpen: () -> DeferredTransaction) -> Void
) {
    Engine.animatedTransactionBegan = began
    Engine.animatedTransactionEnded = ended
}

/// Runs `body` (toolkit code the engine is called from, such as a layout pass) so that no
/// completion runs inside it: those that become due wait for the next safe point.
@MainActor
package func withoutSafePoints(_ body: () -> Void) {
    Engine.suspendedSafePoints += 1
    body()
    Engine.suspendedSafePoints -= 1
    Engine.deferCompletions()
}
