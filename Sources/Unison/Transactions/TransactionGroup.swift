import Foundation

/// Everything one `withTransaction` call started: its animation, its shared start time,
/// and the counts its completions wait on.
///
/// Properties changed in one transaction share the group, so they share a start time
/// (the first frame presented after the change, on whichever clock presents first) and,
/// for built-in animations, one sample per frame: the engine's batching.
@MainActor
final class TransactionGroup {
    let animation: Animation?
    let isAnimated: Bool
    let tracksVelocity: Bool
    /// Whether `animation` has a linear sample (cached once per frame for all properties).
    let isLinear: Bool

    /// The time of the first frame presented after the change; nil until then.
    private(set) var startTime: TimeInterval?

    private var pendingLogical = 0
    private var pendingRemoved = 0
    private var scopeOpen = true
    private var logicalCompletions: [@MainActor () -> Void] = []
    private var removedCompletions: [@MainActor () -> Void] = []

    private var cachedTime = -Double.infinity
    private var cachedSample = LinearSample.atStart

    /// A group whose completions also wait for this group's animations (the transaction a
    /// representable's `context.animate` runs inside).
    private let parent: TransactionGroup?

    init(_ transaction: Transaction, parent: TransactionGroup? = nil) {
        self.parent = parent
        animation = transaction.animation
        isAnimated = transaction.isAnimated
        tracksVelocity = transaction.tracksVelocity
        isLinear = transaction.animation?.storage.isLinear ?? false
        for completion in transaction.completions {
            switch completion.criteria.kind {
            case .logicallyComplete: logicalCompletions.append(completion.body)
            case .removed: removedCompletions.append(completion.body)
            }
        }
    }

    /// The group's start time, fixing it at `frameTime` if this is its first frame.
    func start(at frameTime: TimeInterval) -> TimeInterval {
        if let startTime { return startTime }
        startTime = frameTime
        return frameTime
    }

    /// The shared sample of the group's linear animation `elapsed` seconds after its start.
    /// - Complexity: O(1); computed once per distinct elapsed time (once per frame).
    func sample(elapsed: TimeInterval) -> LinearSample {
        if elapsed != cachedTime {
            cachedSample = animation!.storage.linearSample(at: elapsed)
            cachedTime = elapsed
        }
        return cachedSample
    }

    // MARK: Completion accounting

    func registerAnimation() {
        pendingLogical += 1
        pendingRemoved += 1
        parent?.registerAnimation()
    }

    func animationLogicallyCompleted() {
        parent?.animationLogicallyCompleted()
        pendingLogical -= 1
        if pendingLogical == 0 && !scopeOpen { CompletionQueue.enqueue(takeLogical()) }
    }

    func animationRemoved() {
        parent?.animationRemoved()
        pendingRemoved -= 1
        if pendingRemoved == 0 && !scopeOpen { CompletionQueue.enqueue(takeRemoved()) }
    }

    /// The transaction's body returned: completions whose condition already holds run now,
    /// inline, so an unanimated (or empty) transaction completes before its call returns.
    func closeScope() {
        scopeOpen = false
        if pendingLogical == 0 { for body in takeLogical() { body() } }
        if pendingRemoved == 0 { for body in takeRemoved() { body() } }
    }

    private func takeLogical() -> [@MainActor () -> Void] {
        defer { logicalCompletions = [] }
        return logicalCompletions
    }

    private func takeRemoved() -> [@MainActor () -> Void] {
        defer { removedCompletions = [] }
        return removedCompletions
    }
}

/// Completions that became due during a frame or a cancellation, run at the next safe
/// point (the end of the frame, of the outermost transaction, or of a property set), so a
/// completion never runs in the middle of the engine updating a property.
@MainActor
enum CompletionQueue {
    private static var pending: [@MainActor () -> Void] = []
    private static var isFlushing = false

    static func enqueue(_ bodies: [@MainActor () -> Void]) {
        if !bodies.isEmpty { pending.append(contentsOf: bodies) }
    }

    /// Runs every pending completion, including any enqueued by those it runs.
    static func flush() {
        guard !isFlushing, !pending.isEmpty else { return }
        isFlushing = true
        defer { isFlushing = false }
        var index = 0
        while index < pending.count {
            let body = pending[index]
            index += 1
            body()
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Whether it is safe to run completions now (no transaction body and no frame running).
    static var canFlushNow: Bool { TransactionScope.stack.isEmpty && !FrameDriver.isPresentingFrame }
}
