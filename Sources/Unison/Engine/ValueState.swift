import Foundation

/// The mutable engine state of one property, and what happens to it on a frame.
@MainActor
struct ValueState<Value: Animatable> {
    typealias V = Value.AnimatableData
    typealias Entry = AnimationEntry<V>

    var model: Value
    var presented: Value
    /// `out_0`: where the oldest running animation started (or the value, when idle).
    var base: V
    /// The batch this property is in while its animation is usual (see `PropertyBatch`), and its
    /// index there. While it is batched, the batch presents it and holds its presented value.
    var batch: ValueBatch<Value>?
    var batchIndex = -1
    /// The running animations, oldest first (the first one inline: see `AnimationEntries`).
    var entries = AnimationEntries<V>()
    /// What only gestures and takeovers use (the velocity tracker's samples, a handed-off velocity,
    /// the deadlines of taken-over animations): made at the first of them, one word until then.
    var rare: RareState<V>?
    /// The transaction of the entry that finished last, kept so that releasing it (its last
    /// reference, when thousands of animations end together) is not part of that frame.
    private var finishedGroup: TransactionGroup?

    init(_ value: Value) {
        model = value
        presented = value
        base = value.animatableData
    }

    // MARK: Starting and ending

    /// Starts an animation of `group` towards `target`, taking over or combining with the
    /// running ones, with `environment` in its context (a takeover's too).
    mutating func start(in group: TransactionGroup, to target: V, now: TimeInterval, environment: EnvironmentValues) {
        let animation = group.animation!
        leaveBatch()
        finishedGroup = nil
        var entry = Entry(target: target, group: group)
        entry.context.environment = environment
        group.registerAnimation()
        if entries.newestIsUnstartedTakeover() {
            // Two takeovers before a frame: the newer one replaces the pending one directly.
            var last = entries.removeLast()
            var deadlines = takeDeadlines()
            Self.merge(&last, into: &entry, deadlines: &deadlines)
            putDeadlines(deadlines)
        }
        if let last = entries.last {
            // The new animation decides with the old one's state, and in its own environment.
            var context = last.context
            context.environment = environment
            let elapsed = max(0, now - (last.group.startTime ?? now))
            let change = last.target - base
            if animation.shouldMerge(previous: last.animation, value: change, time: elapsed, context: &context) {
                entry.context = context
                entry.pendingMerge = true
                if context.state[SpringBlendKey.self] != nil { entry.usesSharedSample = false }
                entry.explicitVelocity = rare?.handedOffVelocity
            }
        } else if animation.storage.mergingSpring != nil, let rare {
            let velocity = rare.handedOffVelocity ?? rare.tracker.velocity(at: now)
            entry.initialVelocity = velocity  // (in the context's state, when not zero)
        }
        if let rare {
            rare.handedOffVelocity = nil
            rare.tracker.reset()
        }
        entries.append(entry)
    }

    /// Ends every animation and pending deadline now; every completion becomes due, once.
    mutating func cancelAnimations() {
        leaveBatch()
        var deadlines = takeDeadlines()
        for index in 0..<entries.count { Self.retire(&entries[index], completing: true, deadlines: &deadlines) }
        entries.removeAll()
        for deadline in deadlines { deadline.group.animationLogicallyCompleted() }
    }

    // MARK: Frames

    // MARK: Batches

    /// After a frame outside a batch: whether `core` needs the driver's next frame. An animation
    /// that became usual (one started built-in animation, no takeover pending, no deadline) joins
    /// its transaction's batch instead, which presents it from then on. (`mutating` so that the
    /// state is read in place, not copied.)
    mutating func continues(in core: ValueCore<Value>) -> Bool {
        guard entries.hasEntry(at: 0) || hasDeadlines, batch == nil else { return false }
        guard entries.hasEntry(at: 0), !entries.hasEntry(at: 1), Self.isUsual(&entries.head!) else { return true }
        // A takeover's successor carries a velocity, the removals of what it took over, or the
        // deadline of a taken-over animation's logical completion: its transaction's batch for
        // such members ends each one by itself, and hands it to the general path when its deadline
        // comes (the general path has fixed those animations' start times by now).
        var deadline = Double.infinity
        if let rare {
            for pending in rare.deadlines {
                deadline = min(deadline, (pending.group.startTime ?? 0) + pending.delay - boundaryTolerance)
            }
        }
        let entry = Self.joining(&entries.head!)
        let carries = entry.velocity != .zero || entry.carriesRemovals || hasDeadlines
        let batch = core.driver.batch(for: entry.group, of: Value.self, carrying: carries, targets: core.target != nil)
        batchIndex = batch.add(
            core, base: base, model: model, velocity: entry.velocity, deadline: deadline, presented: presented,
            isLogicallyComplete: entry.isLogicallyComplete)
        self.batch = batch
        return false
    }

    /// The value shown now: the batch's, while batched.
    var presentedValue: Value {
        guard let batch else { return presented }
        return batch.presentedValue(at: batchIndex)
    }

    /// Takes the property out of its batch (its animations are about to change, or it asks
    /// whether they run), bringing its state up to date: what it presents and whether its
    /// animation is logically complete, or, when the batch finished the animation, its end
    /// (already applied and counted by the batch's frame).
    mutating func leaveBatch() {
        guard let batch else { return }
        let index = batchIndex
        assert(batch.debugMemberPointsBack(at: index), "a property left its batch from an index that is not its own")
        self.batch = nil
        batchIndex = -1
        if batch.isFinished {
            finishedGroup = entries.removeLast().group  // released at the next start
            base = model.animatableData
            presented = model
            _ = batch.remove(at: index)
        } else {
            entries.head!.isLogicallyComplete = batch.isLogicallyComplete(at: index)
            presented = batch.remove(at: index)
        }
    }

    /// Leaves a batch that has finished its animation, whether or not the finishing frame has
    /// come to this property yet: its model value is about to change, and the animation it ended
    /// with must end where that animation did (a new one then starts from there).
    mutating func leaveIfFinished() {
        if let batch, batch.isFinished { leaveBatch() }
    }

    /// Learns that its batch finished the animation, if it did (see `leaveBatch`). In the
    /// finishing frame, only once its turn has come: before, it animates still, as it would
    /// before its turn in any frame.
    mutating func settleIfFinished() {
        if let batch, batch.hasEnded(at: batchIndex) { leaveBatch() }
    }

    /// The rare state, made if there is none.
    mutating func rareState() -> RareState<V> {
        if let rare { return rare }
        let made = RareState<V>()
        rare = made
        return made
    }

    /// Whether a taken-over animation's logical completion is pending.
    var hasDeadlines: Bool {
        guard let rare else { return false }
        return !rare.deadlines.isEmpty
    }

    /// Takes the pending deadlines out (none are left), for code that may add or fire some:
    /// `putDeadlines` puts back what remains. (Taken rather than changed in place, so that the
    /// usual property, which has none, needs no rare state.)
    mutating func takeDeadlines() -> [LogicalDeadline] {
        guard let rare, !rare.deadlines.isEmpty else { return [] }
        let deadlines = rare.deadlines
        rare.deadlines = []
        return deadlines
    }

    /// Puts back the deadlines `takeDeadlines` took, as they are now.
    mutating func putDeadlines(_ deadlines: [LogicalDeadline]) {
        if !deadlines.isEmpty { rareState().deadlines = deadlines }
    }

    /// Sets the model value. A batched animation towards the same target keeps running, and
    /// shows this value at its end.
    mutating func setModel(_ newValue: Value) {
        model = newValue
        if let batch { batch.setModel(newValue, at: batchIndex) }
    }

    /// One frame outside a batch: whether frames are still needed and the value to apply, if
    /// any: a first frame, a takeover, several animations, deadlines, the last frame.
    ///
    /// - Complexity: O(entries).
    @inline(never)
    mutating func advance(to time: TimeInterval) -> (needsFrames: Bool, presented: Value?) {
        if entries.hasEntry(at: 0), !entries.hasEntry(at: 1), !hasDeadlines, let sample = steadySample(at: time),
            sample.finished
        {
            // It ends on this frame (already logically complete): show the model value exactly.
            // (`removeLast` keeps the buffer and is specialised here; `removeAll(keepingCapacity:)`
            // would run generic code from the standard library.)
            let group = Self.group(of: &entries.head!)
            if !group.shared.pointee.countRemovedWithoutCompleting() { group.animationRemoved() }
            finishedGroup = entries.removeLast().group  // released at the next start, not in the frame
            base = model.animatableData
            presented = model
            return (false, presented)
        }
        var applied: Value?
        var deadlines = takeDeadlines()
        if entries.hasEntry(at: 0) {
            let value = Self.commitFrame(&entries, base: &base, deadlines: &deadlines, at: time)
            presented = model
            if !entries.hasEntry(at: 0) {
                base = model.animatableData  // exactly the model value: no residue
            } else {
                presented.animatableData = value
            }
            applied = presented
        }
        if !deadlines.isEmpty { Self.fireDeadlines(&deadlines, at: time) }
        putDeadlines(deadlines)
        return (entries.hasEntry(at: 0) || !deadlines.isEmpty, applied)
    }

    /// The shared sample for the common frame, or nil when anything needs the general path (a
    /// first frame, a takeover, an inherited velocity or removal, the frame it becomes logically
    /// complete). (`mutating` though it changes nothing: a non-mutating call from `advance`
    /// copies the whole state, over 200 bytes for a `CGRect`, on every frame.)
    @inline(__always)
    private mutating func steadySample(at time: TimeInterval) -> LinearSample? {
        // Fields are read in place (copying the entry would retain everything it holds), and the
        // group's sample through its shared pointer; only a frame's first property refreshes it.
        // (An entry that took others over also accounts for their removal: the general path.)
        Self.steadySample(of: &entries.head!, at: time)
    }

    // The first entry's fields, read in place: passed `inout` (`&entries.head!`), the entry is
    // reached where it is; unwrapping `head` to read a field would copy the whole entry.

    @inline(__always)
    private static func steadySample(of entry: inout Entry, at time: TimeInterval) -> LinearSample? {
        guard entry.usesSharedSample, !entry.pendingMerge, !entry.hasInitialVelocity,
            entry.inheritedRemovals == nil
        else { return nil }
        let shared = entry.group.shared
        guard let start = shared.pointee.startTime else { return nil }
        let elapsed = max(0, time - start)
        if shared.pointee.time != elapsed { entry.group.refreshSample(elapsed: elapsed) }
        let sample = shared.pointee.sample
        guard entry.isLogicallyComplete || !(sample.logicallyComplete || sample.finished) else { return nil }
        return sample
    }

    /// Whether `entry`, a property's only one, is usual: a started built-in animation, no takeover pending.
    @inline(__always)
    private static func isUsual(_ entry: inout Entry) -> Bool {
        entry.usesSharedSample && !entry.pendingMerge && entry.group.shared.pointee.startTime != nil
    }

    /// What a batch needs of the entry of a property joining it.
    @inline(__always)
    private static func joining(_ entry: inout Entry) -> (
        group: TransactionGroup, velocity: V, carriesRemovals: Bool, isLogicallyComplete: Bool
    ) {
        (entry.group, entry.initialVelocity, entry.inheritedRemovals != nil, entry.isLogicallyComplete)
    }

    @inline(__always)
    static func group(of entry: inout Entry) -> TransactionGroup { entry.group }

    private static func fireDeadlines(_ deadlines: inout [LogicalDeadline], at time: TimeInterval) {
        var index = 0
        while index < deadlines.count {
            let deadline = deadlines[index]
            // The batch's expression (`continues`), so both paths fire it on the same frame (and a
            // group started at an infinite time fires it too, where `time - start` is NaN).
            if time >= deadline.group.start(at: time) + deadline.delay - boundaryTolerance {
                deadline.group.animationLogicallyCompleted()
                deadlines.swapAt(index, deadlines.count - 1)
                deadlines.removeLast()
            } else {
                index += 1
            }
        }
    }

    /// The presented velocity at `time` (zero when idle), without changing anything.
    func velocity(at time: TimeInterval) -> V {
        guard !entries.isEmpty else { return .zero }
        return Self.sample(entries, base: base, at: time).velocity
    }

    // MARK: Retiring (completion accounting, exactly once per entry)

    /// Removes `entry` from its property: its transaction counts it removed, and, when
    /// `completing` (it finished, or was cancelled), logically complete. An entry superseded by a
    /// later one that finished keeps a pending `logicallyComplete(after:)` deadline instead.
    static func retire(_ entry: inout Entry, completing: Bool, deadlines: inout [LogicalDeadline]) {
        entry.group.animationRemoved()
        for group in entry.inheritedRemovals ?? [] { group.animationRemoved() }
        entry.inheritedRemovals = nil
        completeLogically(&entry, now: completing, deadlines: &deadlines)
    }

    /// `successor` took `entry` over: `entry` counts as removed when `successor` is.
    static func merge(_ entry: inout Entry, into successor: inout Entry, deadlines: inout [LogicalDeadline]) {
        successor.inheritedRemovals =
            (successor.inheritedRemovals ?? []) + [entry.group] + (entry.inheritedRemovals ?? [])
        entry.inheritedRemovals = nil
        completeLogically(&entry, now: false, deadlines: &deadlines)
    }

    /// Marks `entry` logically complete: now, or, for an entry that stops showing early, at its
    /// animation's logical duration when it has one (a deadline fired by later frames).
    private static func completeLogically(_ entry: inout Entry, now: Bool, deadlines: inout [LogicalDeadline]) {
        guard !entry.isLogicallyComplete else { return }
        entry.isLogicallyComplete = true
        if !now, let delay = entry.animation.storage.logicalDuration {
            deadlines.append(LogicalDeadline(group: entry.group, delay: delay))
        } else {
            entry.group.animationLogicallyCompleted()
        }
    }
}

/// What a property keeps only once a gesture feeds it or an animation with a logical duration is
/// taken over (``ValueState/rare``): the samples of values set in velocity-tracking transactions, a
/// velocity handed to it explicitly, and the logical completions still due of animations that were
/// taken over. Touched only on the main actor; never accessed overlapping (no run-time exclusivity
/// checks).
@MainActor
final class RareState<V: VectorArithmetic> {
    @exclusivity(unchecked) var tracker = VelocityTracker<V>()
    @exclusivity(unchecked) var handedOffVelocity: V?
    @exclusivity(unchecked) var deadlines: [LogicalDeadline] = []
}
