import Foundation

// The one place transitions use the engine's internal transaction accounting. A ``Presence``
// runs its transition in a transaction of its own (so it can use the transition's own
// animation, and hide the element before anyone is told it is gone), and holds the enclosing
// transaction's completions open until that transition has finished.

/// One pending animation counted in the transaction that was open when a transition started,
/// so its `.logicallyComplete` and `.removed` completions wait for the transition. Each half
/// is released exactly once, however often it is called.
@MainActor
final class TransitionHold {
    private let group: TransactionGroup?
    private var logicallyCompleted = false
    private var removed = false

    private init(group: TransactionGroup?) {
        self.group = group
        group?.registerAnimation()
    }

    /// The innermost open transaction (`withTransaction`/`withAnimation` body), if any; read it
    /// before opening transactions of one's own.
    struct Enclosing {
        fileprivate let group: TransactionGroup?

        @MainActor static var current: Enclosing { Enclosing(group: Engine.currentGroup) }

        /// Starts holding its completions (a no-op hold outside any transaction).
        @MainActor func hold() -> TransitionHold { TransitionHold(group: group) }

        /// Runs `body` in a copy of `transaction` (this scope's) without its completions, whose
        /// animations also count towards this scope's completions: code called from `body` (a
        /// host's callbacks) sees the caller's transaction, while completions that become due
        /// inside wait until `body` has returned.
        @MainActor func withScope(of transaction: Transaction, _ body: () -> Void) {
            var scoped = transaction
            scoped.completions = []
            withTransaction(scoped, linkedTo: group, body)
        }

        /// Runs `body` in `transaction`, a transaction of its own whose animations on `clock`
        /// present in one batch with those of the other transactions run this way, with an equal
        /// animation and clock, inside this scope's body (a transition per element, started in one
        /// transaction): each keeps its own completions.
        @MainActor func withTransactionTogether(
            _ transaction: Transaction, on clock: any FrameClock, _ body: () -> Void
        ) {
            Unison.withTransaction(transaction, inCohortOf: group, on: clock, body)
        }
    }

    /// The transition is logically complete.
    func releaseLogicallyComplete() {
        guard !logicallyCompleted else { return }
        logicallyCompleted = true
        group?.animationLogicallyCompleted()
    }

    /// The transition has finished (and a removed element has been hidden).
    func releaseRemoved() {
        guard !removed else { return }
        removed = true
        group?.animationRemoved()
    }
}
