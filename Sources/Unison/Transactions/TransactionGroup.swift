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
    /// The transaction's environment values (the top layer of its animations' environment).
    let environment: EnvironmentValues
    /// Whether `animation` is a custom one, the only kind that reads its context's environment:
    /// the environment is assembled at an animation's start only then.
    let readsEnvironment: Bool

    /// The time of the first frame presented after the change; nil until then.
    var startTime: TimeInterval? { shared.pointee.startTime }

    /// The start time and this frame's sample, where every property's frame path reads them
    /// without touching (or reference counting) the group object; freed with the group.
    let shared: UnsafeMutablePointer<SharedSample>

    /// Whether the transaction's body is still running (completions wait for it to return).
    private var scopeOpen: Bool {
        get { shared.pointee.scopeOpen }
        set { shared.pointee.scopeOpen = newValue }
    }
    private var logicalCompletions: [@MainActor () -> Void] = []
    private var removedCompletions: [@MainActor () -> Void] = []

    /// A group whose completions also wait for this group's animations (the transaction a
    /// representable's `context.animate` runs inside).
    private let parent: TransactionGroup?
    /// The group whose start time this one shares (nil: its own first frame starts it): changes
    /// made on a transaction's behalf after its body (``DeferredTransaction/perform(_:)``), and
    /// those nested in them, run on the transaction's timeline.
    private let timeline: TransactionGroup?
    /// The group whose animation, start time and frame sample this one shares exactly (see
    /// ``cohort(for:on:)``): the engine batches its properties with those of the cohort's other
    /// members, while each member counts its own completions. Nil: the group batches by itself.
    let cohort: TransactionGroup?
    /// Whether this group is a cohort: it starts no animation of its own, only lends its timeline
    /// and sample to its members.
    private(set) var isCohort = false
    /// The cohorts that members started inside this group's body, by animation and clock, until
    /// it returns.
    private var cohorts: [CohortKey: TransactionGroup] = [:]

    private struct CohortKey: Hashable {
        let animation: Animation
        let clock: ObjectIdentifier
    }

    init(
        _ transaction: Transaction, parent: TransactionGroup? = nil, sharesTimeline: Bool = false,
        cohort: TransactionGroup? = nil
    ) {
        self.parent = parent
        self.cohort = cohort
        timeline = cohort ?? (sharesTimeline || parent?.timeline != nil ? parent : nil)
        shared = .allocate(capacity: 1)
        shared.initialize(to: SharedSample(hasParent: parent != nil))
        shared.pointee.startTime = timeline?.startTime
        animation = ReducedMotion.animation(of: transaction)  // reduced motion: without bounce
        isAnimated = transaction.isAnimated
        tracksVelocity = transaction.tracksVelocity
        isLinear = animation?.storage.isLinear ?? false
        environment = transaction.environment
        readsEnvironment = transaction.animation?.storage.customBase != nil
        for completion in transaction.completions {
            switch completion.criteria.kind {
            case .logicallyComplete: logicalCompletions.append(completion.body)
            case .removed: removedCompletions.append(completion.body)
            }
        }
    }

    isolated deinit {
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    /// The group whose identity keys the engine's batch for this group's animations.
    var batchGroup: TransactionGroup { cohort ?? self }

    // MARK: Cohorts

    /// The cohort, in this group's body, of transactions animated with `transaction`'s animation
    /// on `clock` (made now if there is none, or if the one there has started: its first frame has
    /// passed), or nil when such transactions are not batched (no built-in animation with a shared
    /// sample, or the body has returned).
    ///
    /// Transactions that code runs one per element inside one transaction (a transition per
    /// widget, each with completions of its own) join its cohort: their properties present as one
    /// batch per value type, with one sample per frame, starting on the same frame as if they were
    /// in one transaction, while each transaction's completions wait for its own animations only.
    /// (Per clock: clocks need not share a time base, and a cohort has one start time.)
    func cohort(for transaction: Transaction, on clock: any FrameClock) -> TransactionGroup? {
        guard scopeOpen, transaction.isAnimated, let animation = transaction.animation,
            animation.storage.isLinear
        else { return nil }
        let key = CohortKey(animation: animation, clock: ObjectIdentifier(clock))
        if let cohort = cohorts[key], cohort.startTime == nil { return cohort }
        let cohort = TransactionGroup(Transaction(animation: animation))
        cohort.isCohort = true
        cohorts[key] = cohort
        return cohort
    }

    /// The group's start time, fixing it at `frameTime` if this is its first frame (the
    /// timeline's it shares, fixed then if not yet).
    func start(at frameTime: TimeInterval) -> TimeInterval {
        if let startTime { return startTime }
        let time = timeline?.start(at: frameTime) ?? frameTime
        shared.pointee.startTime = time
        return time
    }

    /// The shared sample of the group's linear animation `elapsed` seconds after its start.
    /// - Complexity: O(1); computed once per distinct elapsed time (once per frame).
    func sample(elapsed: TimeInterval) -> LinearSample {
        if elapsed != shared.pointee.time { refreshSample(elapsed: elapsed) }
        return shared.pointee.sample
    }

    /// Computes the sample for `elapsed` (the first property of each frame does this).
    func refreshSample(elapsed: TimeInterval) {
        let storage = animation!.storage
        shared.pointee.sample = storage.linearSample(at: elapsed)
        shared.pointee.time = elapsed
        let rest = storage.restsUntil(at: elapsed)
        shared.pointee.restsUntil = rest > elapsed ? (startTime ?? 0) + rest : -.infinity
    }

    // MARK: Completion accounting

    // The counts live in `shared` with the frame sample: a frame that finishes thousands of
    // animations decrements them without a run-time exclusivity check per animation.

    func registerAnimation() {
        shared.pointee.pendingLogical += 1
        shared.pointee.pendingRemoved += 1
        parent?.registerAnimation()
    }

    func animationLogicallyCompleted() {
        parent?.animationLogicallyCompleted()
        shared.pointee.pendingLogical -= 1
        if shared.pointee.pendingLogical == 0 && !scopeOpen { CompletionQueue.enqueue(takeLogical()) }
    }

    func animationRemoved() {
        parent?.animationRemoved()
        shared.pointee.pendingRemoved -= 1
        if shared.pointee.pendingRemoved == 0 && !scopeOpen { CompletionQueue.enqueue(takeRemoved()) }
    }

    /// `count` animations became logically complete at once (a batch's frame).
    func animationsLogicallyCompleted(_ count: Int) {
        guard count > 0 else { return }
        parent?.animationsLogicallyCompleted(count)
        shared.pointee.pendingLogical -= count
        if shared.pointee.pendingLogical == 0 && !scopeOpen { CompletionQueue.enqueue(takeLogical()) }
    }

    /// `count` animations were removed at once (a batch's last frame).
    func animationsRemoved(_ count: Int) {
        guard count > 0 else { return }
        parent?.animationsRemoved(count)
        shared.pointee.pendingRemoved -= count
        if shared.pointee.pendingRemoved == 0 && !scopeOpen { CompletionQueue.enqueue(takeRemoved()) }
    }

    /// The transaction's body returned: completions whose condition already holds run now,
    /// inline, so an unanimated (or empty) transaction completes before its call returns.
    func closeScope() {
        scopeOpen = false
        if !cohorts.isEmpty { cohorts = [:] }
        if shared.pointee.pendingLogical == 0 { CompletionQueue.runInline(takeLogical()) }
        if shared.pointee.pendingRemoved == 0 { CompletionQueue.runInline(takeRemoved()) }
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

/// What every property of a transaction reads each frame: its start time and the sample of
/// its animation at the current frame.
struct SharedSample {
    var startTime: TimeInterval?
    var time = -Double.infinity
    var sample = LinearSample.atStart
    /// The clock time until which this sample holds (the end of a delay), or -infinity.
    var restsUntil = -Double.infinity
    /// Animations of the transaction not yet logically complete / not yet removed.
    var pendingLogical = 0
    var pendingRemoved = 0
    var scopeOpen = true
    /// A parent group counts this group's animations too.
    var hasParent = false

    /// Counts one animation removed when that completes nothing (the count stays above zero
    /// and no parent counts it); false when the group itself must be told. The frame that ends
    /// thousands of animations uses this to avoid touching the group object for each.
    mutating func countRemovedWithoutCompleting() -> Bool {
        guard pendingRemoved > 1, !hasParent else { return false }
        pendingRemoved -= 1
        return true
    }
}
