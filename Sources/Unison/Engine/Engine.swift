import Dispatch
import Foundation

/// The engine's process-wide state, all of it in one place, and its one notion of a *safe
/// point*: a moment when no engine code is on the stack and the user's code called us from the
/// top (the end of an outermost `withTransaction` body, of a frame, or of a property set), so
/// completions may run there.
///
/// Everything here is main-actor state. The only other global mutable state in `Unison` is
/// `FrameEnd.state` (the flushes marked during a frame, behind a pointer for speed).
@MainActor
enum Engine {
    // MARK: State

    /// The open `withTransaction` bodies, innermost last.
    static var openTransactions: [TransactionScope] = []
    /// True while any driver is inside a frame (completions wait for its end).
    static var isPresentingFrame = false
    /// The driver of each clock, held weakly (a driver lives as long as a property uses it).
    static var drivers: [ObjectIdentifier: WeakDriver] = [:]
    /// `drivers.count` after the last pruning of dead entries.
    static var driversAfterPruning = 0

    /// Completions that are due and wait for a safe point, in the order they became due.
    static var pendingCompletions: [@MainActor () -> Void] = []
    static var isFlushingCompletions = false
    /// How deep inline completions are nested now.
    static var inlineCompletionDepth = 0
    /// Whether a turn of the main loop has been asked to run the pending completions.
    static var isSafePointScheduled = false
    /// Toolkit code that called into the engine and must not run completions (a layout pass).
    static var suspendedSafePoints = 0
    /// Told when an outermost animated transaction's body begins, and at the end of every
    /// animated transaction's body (layout animation in adapters).
    static var animatedTransactionBegan: (@MainActor () -> Void)?
    static var animatedTransactionEnded: (@MainActor (_ keepOpen: () -> DeferredTransaction) -> Void)?
    /// Runs `body` at the next turn of the main loop. The main dispatch queue by default; a
    /// toolkit adapter whose loop owns the main thread installs its own (UnisonGtk: a GLib
    /// source), so the hop happens even while a synchronous main-actor job is running the loop.
    static var nextTurnOfMainLoop: @MainActor (_ after: TimeInterval, @escaping @MainActor () -> Void) -> Void = {
        delay, body in
        // (Without a delay, no timer: `async` is several times cheaper than `asyncAfter`.)
        if delay > 0 {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.assumeIsolated(body) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated(body) }
        }
    }

    struct WeakDriver { weak var driver: FrameDriver? }

    // MARK: Safe points

    /// The innermost open transaction's group, if any.
    static var currentGroup: TransactionGroup? { openTransactions.last?.group }

    /// Whether it is safe to run completions now: no transaction body, no frame and no inline
    /// completion is running (only the outermost level of a completion chain flushes).
    static var isAtSafePoint: Bool {
        openTransactions.isEmpty && !isPresentingFrame && inlineCompletionDepth == 0 && suspendedSafePoints == 0
    }

    /// Called where engine work that the user started returns to the user (the end of a
    /// transaction body, a frame, a property set): runs the completions that are due, if this
    /// is a safe point.
    static func endOfSafePoint() {
        if isAtSafePoint { CompletionQueue.flush() }
    }

    /// Completions became due where the user's code may be in the middle of something (a
    /// release or `deinit`, a toolkit signal such as unmap or finalize): they wait for the next
    /// safe point, which is the next frame, transaction or property set, or the next turn of the
    /// main loop (a main-queue hop), whichever comes first. Never runs anything itself.
    static func deferCompletions() {
        guard !pendingCompletions.isEmpty, !isSafePointScheduled else { return }
        isSafePointScheduled = true
        nextTurnOfMainLoop(0) {
            isSafePointScheduled = false
            endOfSafePoint()
        }
    }

    /// What a flush left over (a completion chain longer than its budget) runs a frame later
    /// (1/60 s): bounded work per frame for a loop that never ends, and no completion waiting for a
    /// safe point that may never come in an idle app.
    static func deferLeftoverCompletions() {
        guard !pendingCompletions.isEmpty, !isSafePointScheduled else { return }
        isSafePointScheduled = true
        nextTurnOfMainLoop(1.0 / 60) {
            isSafePointScheduled = false
            endOfSafePoint()
        }
    }
}

/// Runs the completions that are due now if this is a safe point. Clocks call it where time
/// moves by the user's request (``HeadlessClock``'s `advance`), so completions deferred from a
/// release run there even when no frame is presented.
@MainActor
package func runDueCompletions() {
    Engine.endOfSafePoint()
}

/// Installs how the engine reaches the next turn of the main loop (``Engine/nextTurnOfMainLoop``):
/// toolkit adapters whose loop owns the main thread call it once at start-up.
@MainActor
package func setNextTurnOfMainLoop(
    _ hop: @escaping @MainActor (_ after: TimeInterval, @escaping @MainActor () -> Void) -> Void
) {
    Engine.nextTurnOfMainLoop = hop
}

/// Whether engine-called toolkit code is running where completions must not (a layout pass, an
/// unmap): structural changes made there are better left to the next turn of the main loop.
@MainActor
package var areSafePointsSuspended: Bool { Engine.suspendedSafePoints > 0 }

/// The sizes of the engine's process-wide tables, for the reliability harnesses: a table that
/// keeps growing holds memory that is still referenced, which valgrind does not report as lost.
package struct EngineCensus: Sendable {
    /// Entries in the table of drivers (dead ones are pruned when the table doubles).
    package var driverEntries: Int
    /// Those entries whose driver is alive (a property still uses its clock).
    package var liveDrivers: Int
    /// Over the live drivers: properties presented on the general path, batches, their members,
    /// and finished batches whose members have not all learnt it.
    package var general: Int
    package var batches: Int
    package var batched: Int
    package var settling: Int
    /// Completions due and waiting for a safe point.
    package var pendingCompletions: Int
    /// `withTransaction` bodies open now (0 outside any).
    package var openTransactions: Int
}

/// The engine's tables now. O(clocks).
@MainActor
package func engineCensus() -> EngineCensus {
    var census = EngineCensus(
        driverEntries: Engine.drivers.count, liveDrivers: 0, general: 0, batches: 0, batched: 0, settling: 0,
        pendingCompletions: Engine.pendingCompletions.count, openTransactions: Engine.openTransactions.count)
    for entry in Engine.drivers.values {
        guard let driver = entry.driver else { continue }
        let figures = driver.census
        census.liveDrivers += 1
        census.general += figures.general
        census.batches += figures.batches
        census.batched += figures.batched
        census.settling += figures.settling
    }
    return census
}
