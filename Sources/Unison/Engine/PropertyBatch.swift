import Foundation

// (Over 500 lines, one job: a batch's members as a structure of arrays. The arrays are private to
// this file, and so are the debug checks that read them.)

// Properties that one transaction animates with one built-in animation, on one clock, are all
// in the same place on every frame: `out = base + (target − base)·a`, with one `a` per frame
// (the group's shared sample). A batch holds them as a structure of arrays, so that a frame is a
// tight loop over contiguous memory (vectorised for the scalar types) followed by the apply
// calls, without touching each property's own state.
//
// A property is in a batch exactly while its state is "usual": one started built-in animation,
// without an inherited velocity, a pending takeover, taken-over removals or deadlines. Its state
// stays the authority: entries, base and model are not touched while it is batched, so a takeover,
// a velocity query or a cancellation reads the same values as without batches. Anything that
// changes its animations (`ValueState.start`, `cancelAnimations`) takes it out of the batch
// first, and it goes back to the driver's general path. Batched frames evaluate the same
// expression as the general path, so values are bit for bit the same.
//
// Debug builds check the invariants that the unchecked storage relies on (`assert`, which release
// builds compile out, with the bookkeeping it reads under `#if DEBUG`): each member's core is
// alive when used (a weak mirror of the unmanaged references), its state points back at
// its batch and index, it is in one batch at most, and the columns have one entry per member.

/// The driver's type-erased face of a batch.
@MainActor
class PropertyBatch {
    /// The transaction whose sample every member reads (held: the members' entries hold it too,
    /// or, for a cohort's batch, their groups).
    let group: TransactionGroup
    /// Whether `group` is a cohort (see ``TransactionGroup/cohort(for:on:)``): each member's own
    /// transaction counts its completions, so the frames that complete members tell each one's
    /// group, rather than counting all of them for the batch's group at once.
    let countsPerMember: Bool
    let shared: UnsafeMutablePointer<SharedSample>
    let start: TimeInterval
    let key: Key
    /// Members not yet logically complete (the frame that completes them marks each one).
    var incomplete = 0
    /// Index in the driver's batch list.
    var driverSlot = -1
    /// The driver presenting this batch (it holds the batch).
    unowned let driver: FrameDriver

    struct Key: Hashable {
        let group: ObjectIdentifier
        let type: ObjectIdentifier
        /// Members that took another animation over, carrying its velocity (`b` terms, each one's
        /// own settling test) or its removals; such a batch ends each member by itself.
        let carriesVelocity: Bool
        /// Members made with an ``AnimationTarget``, called through it (`ValueBatch.targets`).
        let callsTargets: Bool
    }

    init(group: TransactionGroup, start: TimeInterval, key: Key, driver: FrameDriver) {
        self.driver = driver
        self.group = group
        countsPerMember = group.isCohort
        shared = group.shared
        self.start = start
        self.key = key
    }

    /// Members still in the batch.
    var count: Int { 0 }

    /// The frame that finished the animation has been presented: members only wait to settle.
    var isFinished = false
    /// In the driver's settling list (`driverSlot` is an index there), not its batch list.
    var isSettling = false

    #if DEBUG
        /// Debug builds: the batch each batched core is in, by identity, so that a core joining a
        /// second batch stops the run (`ValueBatch.add`). Only the main actor touches it (a batch's
        /// `deinit` is isolated to it).
        nonisolated(unsafe) static var debugMemberships: [ObjectIdentifier: ObjectIdentifier] = [:]
    #endif

    /// Presents one frame for every member.
    func present(at time: TimeInterval) {}

    /// Tells every member of a finished batch that its animation ended (`ValueCore.settle`).
    func settleMembers() {}

    /// Jumps every member to its model value (`FrameDriver.finishAll`).
    func finishMembers() {}
}

/// The members of one batch, as a structure of arrays.
@MainActor
class ValueBatch<Value: Animatable>: PropertyBatch {
    typealias V = Value.AnimatableData

    /// Each member's core (nil once it left during a frame, until the frame compacts the arrays).
    @exclusivity(unchecked) private var cores: [Member?] = []
    @exclusivity(unchecked) private var bases: [V] = []
    /// Each member's inherited velocity. Only in a batch that carries velocities
    /// (`key.carriesVelocity`; empty in others, whose members have none).
    @exclusivity(unchecked) private var velocities: [V] = []
    /// When each member's earliest logical-completion deadline is due (infinity: none). Only in a
    /// batch that carries velocities (empty in others, whose members have no deadline).
    @exclusivity(unchecked) private var deadlines: [TimeInterval] = []
    /// Each member's model value, whose animatable data is its animation's target.
    @exclusivity(unchecked) private var models: [Value] = []
    /// What each member presents: written every frame, read by `presentationValue`.
    @exclusivity(unchecked) private var presented: [Value] = []
    @exclusivity(unchecked) private var logicallyComplete: [Bool] = []
    @exclusivity(unchecked) private var live = 0
    @exclusivity(unchecked) private var isPresenting = false
    /// In the finishing frame, the members up to here have ended.
    @exclusivity(unchecked) private var finishedThrough = -1
    @exclusivity(unchecked) private var needsCompaction = false
    /// In a batch of members made with an ``AnimationTarget`` (`key.callsTargets`), each member's
    /// target, held by the batch (+1), so that a frame calls it through its vtable without
    /// reference counting (`Unmanaged._withUnsafeGuaranteedRef`); nil once it left during a frame.
    /// Empty in other batches.
    @exclusivity(unchecked) private var targets: [Unmanaged<AnimationTarget<Value>>?] = []
    /// The targets, or else the cores (which hold the apply closures), of members that left while a
    /// frame was calling them: released once it has ended (an `apply` may release its own
    /// property; neither it nor what it captures must be freed under it).
    @exclusivity(unchecked) private var leftObjects: [Unmanaged<AnyObject>] = []
    /// `leftObjects`' other buffer: the two take turns, so that a spring's settling tail, where
    /// members leave in every frame, allocates nothing.
    @exclusivity(unchecked) private var spareLeftObjects: [Unmanaged<AnyObject>] = []

    #if DEBUG
        /// Debug builds: `cores`' weak mirror, one entry per element (a marked member's stays until the
        /// compaction), so that a member's unmanaged core is known to be alive before it is
        /// used: a freed core reads as nil here, not as reused memory.
        private var debugMirror: [DebugMember] = []

        private struct DebugMember {
            weak var core: ValueCore<Value>?
            let id: ObjectIdentifier
        }
    #endif

    private struct Member {
        /// Not held: a core leaves its batch before it can go away (`ValueCore.release`, called by
        /// the property that owns it), so a frame that ends thousands of animations releases
        /// nothing here. A frame calls its apply through it (`sendToApply`), not through a copy
        /// of the closure kept here, and not through a strong reference: either would be retained
        /// and released around every call, two atomic operations that cost more than the rest of a
        /// member's frame.
        let unmanaged: Unmanaged<ValueCore<Value>>
        var core: ValueCore<Value> { unmanaged.takeUnretainedValue() }
    }

    required override init(group: TransactionGroup, start: TimeInterval, key: Key, driver: FrameDriver) {
        super.init(group: group, start: start, key: key, driver: driver)
        // Only a batch of an app's own value type (none of the subclasses below) makes its calls
        // once: code compiled for any type allocates a context for each closure it makes, which
        // `Self.targetCall` and `Self.applyCall` would do every frame. The subclasses' frames,
        // compiled for their type, make them for nothing and must never see stored ones: they
        // would call them through a reabstraction thunk, a second call per value. So these are
        // closures of their own, not `targetCall`'s and `applyCall`'s: stored, those would be
        // compiled for storage, thunk included (20.3 → 31.9M instructions in 60 frames of 10 000
        // `Double`s).
        if type(of: self) == ValueBatch<Value>.self {
            let target: @MainActor (AnimationTarget<Value>, Value) -> Void = { $0.apply($1) }
            let apply: @MainActor (ValueCore<Value>, Value) -> Void = { $0.apply($1) }
            anyTypeCalls = (
                unsafeBitCast(target, to: ((AnimationTarget<Value>, Value) -> Void).self),
                unsafeBitCast(apply, to: ((ValueCore<Value>, Value) -> Void).self)
            )
            anyTypeDoubles = (V.self as? any DoubleComponents.Type)?.doubleCount ?? 0
        }
    }

    /// The two calls of a batch of an app's own value type, made once (see `init`); nil in the
    /// subclasses, whose frames make them.
    @exclusivity(unchecked) private var anyTypeCalls:
        ((AnimationTarget<Value>, Value) -> Void, (ValueCore<Value>, Value) -> Void)?
    /// In a batch of an app's own value type whose animatable data is made of `Double`s
    /// (``DoubleComponents``), how many (0: not, or another batch).
    @exclusivity(unchecked) private var anyTypeDoubles = 0

    isolated deinit {
        // (Members leave before their batch goes; these are what a torn-down driver left.)
        for target in targets { target?.release() }
        for object in leftObjects { object.release() }
        #if DEBUG
            for (i, member) in debugMirror.enumerated() where cores[i] != nil {
                Self.debugMemberships[member.id] = nil
            }
        #endif
    }

    override var count: Int { live }

    /// Adds `core`, whose state is usual (one entry towards `model` from `base`); returns its index.
    final func add(
        _ core: ValueCore<Value>, base: V, model: Value, velocity: V, deadline: TimeInterval, presented value: Value,
        isLogicallyComplete: Bool
    ) -> Int {
        assert(!isFinished, "a property joined a batch whose animation has ended")
        #if DEBUG
            debugCheck()
        #endif
        #if DEBUG
            let id = ObjectIdentifier(core)
            assert(Self.debugMemberships[id] == nil, "a property joined a second batch while still in one")
            Self.debugMemberships[id] = ObjectIdentifier(self)
            debugMirror.append(DebugMember(core: core, id: id))
        #endif
        cores.append(Member(unmanaged: .passUnretained(core)))
        if key.callsTargets { targets.append(Unmanaged.passRetained(core.target!)) }
        bases.append(base)
        if key.carriesVelocity {
            velocities.append(velocity)
            deadlines.append(deadline)
        } else {
            assert(
                velocity == .zero && deadline == .infinity, "a member carries a velocity or deadline in a batch without"
            )
        }
        models.append(model)
        presented.append(value)
        logicallyComplete.append(isLogicallyComplete)
        if !isLogicallyComplete { incomplete += 1 }
        live += 1
        assert(debugColumnsAgree(), "a batch's columns differ in length")
        return cores.count - 1
    }

    /// The value member `index` presents now.
    final func presentedValue(at index: Int) -> Value {
        assert(debugMemberPointsBack(at: index), "a property read its batch at an index that is not its own")
        return presented[index]
    }

    /// Whether member `index`'s animation is logically complete (its entry learns it when it leaves).
    final func isLogicallyComplete(at index: Int) -> Bool { logicallyComplete[index] }

    /// Member `index` was set to a value with the same animatable data (the same target): the
    /// model it shows at the end.
    final func setModel(_ model: Value, at index: Int) {
        assert(!isFinished, "a finished batch's member is set only once it has left (ValueCore.set)")
        assert(debugMemberPointsBack(at: index), "a property set its batch's model at an index that is not its own")
        models[index] = model
        // What it presents takes the new value's other fields, as the general path's would.
        var shown = model
        shown.animatableData = presented[index].animatableData
        presented[index] = shown
    }

    /// Takes member `index` out; returns what it presents now.
    final func remove(at index: Int) -> Value {
        // (The leaving state already forgot its index: `ValueState.leaveBatch` checked it first.)
        assert(cores.indices.contains(index) && cores[index] != nil, "a member left its batch twice")
        assert(debugMemberIsAlive(at: index), "a batch's member was freed before it left the batch")
        #if DEBUG
            Self.debugMemberships[debugMirror[index].id] = nil
        #endif
        let value = presented[index]
        if !logicallyComplete[index] { incomplete -= 1 }
        live -= 1
        if isPresenting || isFinished {
            // The frame's loops run over these arrays (or the batch is only waiting for its members
            // to settle): only mark it; a frame compacts afterwards.
            let core = cores[index]!.core
            cores[index] = nil
            if key.callsTargets, let target = targets[index] {
                targets[index] = nil
                // A frame may be calling it: released once the frame has ended. (A finished batch
                // outside a frame calls no target: its members only settle.)
                if isPresenting {
                    leftObjects.append(Unmanaged.passUnretained(target.takeUnretainedValue()))
                } else {
                    target.release()
                }
            } else if isPresenting {
                // A frame may be running its apply, which the core holds: kept until the frame ends.
                leftObjects.append(Unmanaged.passRetained(core))
            }
            needsCompaction = true
        } else {
            removeSwapping(index)
        }
        if live == 0 { driver.batchEmptied(self) }
        return value
    }

    private func removeSwapping(_ index: Int) {
        let last = cores.count - 1
        if index != last {
            cores.swapAt(index, last)
            bases.swapAt(index, last)
            if key.carriesVelocity {
                velocities.swapAt(index, last)
                deadlines.swapAt(index, last)
            }
            models.swapAt(index, last)
            presented.swapAt(index, last)
            logicallyComplete.swapAt(index, last)
            if key.callsTargets { targets.swapAt(index, last) }
            #if DEBUG
                debugMirror.swapAt(index, last)
            #endif
            assert(debugMemberIsAlive(at: index), "a batch's member was freed before it left the batch")
            cores[index]?.core.state.batchIndex = index
        }
        #if DEBUG
            debugMirror.removeLast()
        #endif
        cores.removeLast()
        bases.removeLast()
        if key.carriesVelocity {
            velocities.removeLast()
            deadlines.removeLast()
        }
        models.removeLast()
        presented.removeLast()
        logicallyComplete.removeLast()
        // (The member's core holds its target too, so this never frees it here.)
        if key.callsTargets { targets.removeLast()?.release() }
        assert(debugColumnsAgree(), "a batch's columns differ in length")
    }

    private func compact() {
        needsCompaction = false
        var index = cores.count - 1
        while index >= 0 {
            if cores[index] == nil { removeSwapping(index) }
            index -= 1
        }
    }

    /// One frame: the group's sample once, then `presented = base + (target − base)·a` over the
    /// arrays (the expression of the general path, so the same values), then each member's apply.
    ///
    /// The frame that makes the animation logically complete counts every member for its
    /// transaction at once (in a cohort's batch, each member for its own). The frame that finishes
    /// it applies each member's model value and counts the removals likewise; the members' own
    /// states learn it later (`settle`), outside the frame, so that frame costs about what a steady
    /// one does.
    ///
    /// - Complexity: O(members); no allocation.
    override func present(at time: TimeInterval) {
        guard !isPresenting, !isFinished else { return }  // (a frame presented from an apply)
        #if DEBUG
            debugCheck()
        #endif
        isPresenting = true
        defer {
            isPresenting = false
            if needsCompaction && !isFinished { compact() }
            if !leftObjects.isEmpty { releaseLeftObjects() }
        }
        let elapsed = max(0, time - start)
        if shared.pointee.time != elapsed { group.refreshSample(elapsed: elapsed) }
        let sample = shared.pointee.sample
        if key.carriesVelocity {
            presentCarrying(sample, at: time)
            return
        }
        if _slowPath(incomplete > 0 && (sample.logicallyComplete || sample.finished)) { completeLogically() }
        if _slowPath(sample.finished) {
            finish()
            return
        }
        let n = cores.count
        let a = sample.a
        // An apply may take members out (marked nil); it never adds any.
        if _slowPath(anyTypeCalls != nil) {
            presentAnyType(by: a, through: n)
        } else {
            Self.interpolate(bases, models, into: &presented, by: a)
            let (call, apply) = (Self.targetCall, Self.applyCall)
            for i in 0..<n { applyMember(i, call, apply) }
        }
        // Resting in a delay shows `a == 0`: only then is the rest looked up.
        if _slowPath(a == 0) {
            let restsUntil = shared.pointee.restsUntil
            if restsUntil > time { driver.noteResting(until: restsUntil, count: live) }
        }
    }

    /// A frame of members that carry a velocity: `base + ((target − base)·a + v0·b)`, the general
    /// path's expression. Each one settles by itself (`ValueState.carried`); one that settles on
    /// this frame leaves and ends through the general path, which applies its model value and
    /// counts its removals (its own and those it took over). One whose deadline is due leaves for
    /// the general path too, for this frame.
    private func presentCarrying(_ sample: LinearSample, at time: TimeInterval) {
        if _slowPath(anyTypeCalls != nil) {
            presentCarryingAnyType(sample, at: time)
        } else {
            presentCarrying(sample, at: time, Self.targetCall, Self.applyCall)
        }
    }

    /// `presentCarrying` in a batch of an app's own value type, with the calls it holds. Never
    /// inlined: the frames compiled for a known type must not see a stored call (see `init`).
    @inline(never)
    private func presentCarryingAnyType(_ sample: LinearSample, at time: TimeInterval) {
        guard let (call, apply) = anyTypeCalls else { return }
        presentCarrying(sample, at: time, call, apply)
    }

    /// A steady frame's values and applies in a batch of an app's own value type: over raw
    /// `Double`s where its data is made of them (`interpolateDoubles`). Never inlined, as
    /// `presentCarryingAnyType`.
    @inline(never)
    private func presentAnyType(by a: Double, through n: Int) {
        if anyTypeDoubles > 0 {
            Self.interpolateDoubles(bases, models, into: &presented, by: a, count: anyTypeDoubles)
        } else {
            Self.interpolate(bases, models, into: &presented, by: a)
        }
        applyAnyType(through: n)
    }

    /// Applies members `0..<n` in a batch of an app's own value type, with the calls it holds
    /// (`finishing`: in the finishing frame, which tracks `finishedThrough`). Never inlined, as
    /// `presentCarryingAnyType`.
    @inline(never)
    private func applyAnyType(through n: Int, finishing: Bool = false) {
        guard let (call, apply) = anyTypeCalls else { return }
        for i in 0..<n {
            if finishing { finishedThrough = i }
            applyMember(i, call, apply)
        }
    }

    /// `call` is `targetCall`, `apply` is `applyCall`.
    @inline(__always)
    private func presentCarrying(
        _ sample: LinearSample, at time: TimeInterval, _ call: (AnimationTarget<Value>, Value) -> Void,
        _ apply: (ValueCore<Value>, Value) -> Void
    ) {
        if _slowPath(incomplete > 0 && sample.logicallyComplete) { completeLogically() }
        let spring = group.animation!.storage.mergingSpring
        var leaving = 0
        let n = cores.count
        for i in 0..<n where cores[i] != nil {
            let (offset, finished) = step(i, sample, spring)
            if _slowPath(finished || time >= deadlines[i]) {
                leaving += 1
            } else {
                presented[i].animatableData = bases[i] + offset
            }
        }
        for i in 0..<n {
            // (Read afresh at each index: an apply may have taken members out.)
            guard cores[i] != nil else { continue }
            if leaving > 0, time >= deadlines[i] || step(i, sample, spring).finished {
                // The general path ends it (or fires its deadline, and it joins a batch again), in
                // this frame: the driver ticks its general list after the batches.
                assert(debugMemberIsAlive(at: i), "a batch's member was freed before it left the batch")
                let core = cores[i]!.core
                core.state.leaveBatch()
                driver.activate(core)
            } else {
                applyMember(i, call, apply)
            }
        }
    }

    /// Hands member `i` (if it is still here) what it presents: through its target in a batch of
    /// targets, else through its core's apply closure; neither retained (`send`, `sendToApply`).
    /// `call` is `targetCall`, `applyCall` is `applyCall`.
    @inline(__always)
    private func applyMember(
        _ i: Int, _ call: (AnimationTarget<Value>, Value) -> Void, _ applyCall: (ValueCore<Value>, Value) -> Void
    ) {
        if key.callsTargets {
            if let target = targets[i] { Self.send(presented[i], to: target, call) }
        } else if let member = cores[i] {
            Self.sendToApply(presented[i], of: member.unmanaged, applyCall)
        }
    }

    /// `core.apply(value)` without reference counting: the closure is a constant of the core, which
    /// the batch keeps alive for as long as a frame may call it (`leftObjects`); as in `send`.
    /// `call` is `applyCall`.
    @inline(__always)
    private nonisolated static func sendToApply(
        _ value: Value, of core: Unmanaged<ValueCore<Value>>, _ call: (ValueCore<Value>, Value) -> Void
    ) {
        core._withUnsafeGuaranteedRef { call($0, value) }
    }

    /// `core.apply(value)`, typed as a function of any isolation for `sendToApply` (as `targetCall`).
    @inline(__always)
    private static var applyCall: (ValueCore<Value>, Value) -> Void {
        let call: @MainActor (ValueCore<Value>, Value) -> Void = { $0.apply($1) }
        return unsafeBitCast(call, to: ((ValueCore<Value>, Value) -> Void).self)
    }

    /// `target.apply(value)` without reference counting: the batch holds the target for as long
    /// as a frame may call it (`leftObjects`), which `_withUnsafeGuaranteedRef` lets the compiler
    /// rely on. Outside the main actor, so that the closure given to it is not one of the main
    /// actor's: such a closure, passed to a function of the standard library, checks its executor
    /// on every call (three calls into the concurrency runtime per value and frame). `call` is
    /// `targetCall`.
    @inline(__always)
    private nonisolated static func send(
        _ value: Value, to target: Unmanaged<AnimationTarget<Value>>,
        _ call: (AnimationTarget<Value>, Value) -> Void
    ) {
        target._withUnsafeGuaranteedRef { call($0, value) }
    }

    /// `target.apply(value)`, typed as a function of any isolation for `send`, which only ever runs
    /// it on the main actor (inside a frame, or a batch's other loops). It captures nothing. Only
    /// main-actor code can read it (this property is isolated to the main actor), so the unchecked
    /// type never leaves the main actor.
    @inline(__always)
    private static var targetCall: (AnimationTarget<Value>, Value) -> Void {
        let call: @MainActor (AnimationTarget<Value>, Value) -> Void = { $0.apply($1) }
        return unsafeBitCast(call, to: ((AnimationTarget<Value>, Value) -> Void).self)
    }

    /// Releases the targets and cores of members that left during a frame, once it has ended. (A
    /// release may run a deinit, which may take other members out: the list is taken first.)
    private func releaseLeftObjects() {
        var left = spareLeftObjects
        spareLeftObjects = []
        swap(&left, &leftObjects)
        for object in left { object.release() }
        left.removeAll(keepingCapacity: true)
        spareLeftObjects = left
    }

    /// Member `i`'s offset from its base, and whether it has settled: `ValueState.step`'s decision
    /// for a single entry (without a velocity, the sample's; with one, `carried`'s).
    @inline(__always)
    private func step(_ i: Int, _ sample: LinearSample, _ spring: SpringAnimation?) -> (offset: V, finished: Bool) {
        let change = models[i].animatableData - bases[i]
        guard velocities[i] != .zero else { return (change.scaled(by: sample.a), sample.finished) }
        let carried = ValueState<Value>.carried(change: change, velocity: velocities[i], sample: sample, spring: spring)
        return (carried.offset, carried.finished)
    }

    /// Every member not yet logically complete becomes so; its transaction counts them at once.
    private func completeLogically() {
        var completed = 0
        for i in cores.indices where !logicallyComplete[i] {
            logicallyComplete[i] = true
            guard let member = cores[i] else { continue }
            completed += 1
            if countsPerMember {
                assert(debugMemberIsAlive(at: i), "a batch's member was freed before it left the batch")
                member.core.batchedGroup.animationLogicallyCompleted()
            }
        }
        incomplete = 0
        if !countsPerMember { group.animationsLogicallyCompleted(completed) }
    }

    /// Every member's transaction counts it removed (the finishing frame, before the applies).
    private func countRemovals() {
        guard countsPerMember else {
            group.animationsRemoved(live)
            return
        }
        for i in cores.indices {
            guard let member = cores[i] else { continue }
            assert(debugMemberIsAlive(at: i), "a batch's member was freed before it left the batch")
            if !member.core.batchedShared.pointee.countRemovedWithoutCompleting() {
                member.core.batchedGroup.animationRemoved()
            }
        }
    }

    /// The animation ends on this frame (every member is logically complete by now): each member
    /// shows its model value exactly, and the transaction counts them removed at once (in a
    /// cohort's batch, each member's own).
    private func finish() {
        isFinished = true
        countRemovals()
        let n = cores.count
        // As in a steady frame, every value first (asked mid-frame, a member not yet applied
        // answers with the frame's value), then the applies. The arrays then share one buffer
        // (no copy): a finished batch's members only leave it, nothing writes either array again.
        presented = models
        if _slowPath(anyTypeCalls != nil) {
            applyAnyType(through: n, finishing: true)
        } else {
            let (call, apply) = (Self.targetCall, Self.applyCall)
            for i in 0..<n {
                finishedThrough = i
                applyMember(i, call, apply)
            }
        }
        finishedThrough = .max
    }

    /// `interpolate` for animatable data made of `count` `Double`s (``DoubleComponents``): the same
    /// expression on each component, read and written in place, so the same values bit for bit,
    /// without the generic operators' metadata lookups.
    private nonisolated static func interpolateDoubles(
        _ bases: [V], _ models: [Value], into presented: inout [Value], by a: Double, count: Int
    ) {
        let stride = MemoryLayout<V>.stride
        bases.withUnsafeBytes { base in
            models.withUnsafeBufferPointer { model in
                presented.withUnsafeMutableBufferPointer { out in
                    for i in 0..<out.count {
                        var data = model[i].animatableData
                        withUnsafeMutableBytes(of: &data) { target in
                            for j in 0..<count {
                                let b = base.load(fromByteOffset: i * stride + 8 * j, as: Double.self)
                                let t = target.load(fromByteOffset: 8 * j, as: Double.self)
                                target.storeBytes(of: b + (t - b) * a, toByteOffset: 8 * j, as: Double.self)
                            }
                        }
                        out[i].animatableData = data
                    }
                }
            }
        }
    }

    /// `out[i] = base[i] + (model[i] − base[i])·a`, the general path's expression (vectorised).
    ///
    /// Outside the main actor: closures passed to the buffers' `withUnsafe…` methods from
    /// main-actor code would each check their executor on every frame (three calls into the
    /// concurrency runtime, cold after the main loop slept between frames).
    private nonisolated static func interpolate(
        _ bases: [V], _ models: [Value], into presented: inout [Value], by a: Double
    ) {
        bases.withUnsafeBufferPointer { base in
            models.withUnsafeBufferPointer { model in
                presented.withUnsafeMutableBufferPointer { out in
                    for i in 0..<out.count {
                        out[i].animatableData = base[i] + (model[i].animatableData - base[i]).scaled(by: a)
                    }
                }
            }
        }
    }

    /// Whether member `index`'s animation has ended: its batch presented the finishing frame,
    /// up to and including this member (whose apply may be running: it asks about itself).
    final func hasEnded(at index: Int) -> Bool {
        assert(debugMemberPointsBack(at: index), "a property asked its batch about an index that is not its own")
        return isFinished && index <= finishedThrough
    }

    override func settleMembers() {
        #if DEBUG
            debugCheck()
        #endif
        for i in cores.indices {
            // Settling takes it out of this batch (marked nil).
            assert(debugMemberIsAlive(at: i), "a batch's member was freed before it left the batch")
            cores[i]?.core.settle()
        }
    }

    override func finishMembers() {
        // Each jump runs its member's apply, which may release or jump other members: while this
        // loop runs, a member that leaves is only marked (read afresh at each index, never from a
        // copy whose cores may be gone), and the arrays are compacted afterwards.
        let wasPresenting = isPresenting
        isPresenting = true
        var i = 0
        while i < cores.count {
            assert(debugMemberIsAlive(at: i), "a batch's member was freed before it left the batch")
            cores[i]?.core.finishWithoutCompleting()
            i += 1
        }
        isPresenting = wasPresenting
        if !isPresenting && needsCompaction && !isFinished { compact() }
        if !isPresenting && !leftObjects.isEmpty { releaseLeftObjects() }
    }
}

// MARK: Debug checks

// The predicates are conditions of `assert`s, which release builds do not evaluate: there they are
// never called, and their bodies (which read state kept only in debug builds) reduce to `true`.
// `debugCheck` exists in debug builds only.

extension ValueBatch {
    /// Whether member `index`'s core, if it is still a member, is alive (its weak mirror holds it):
    /// checked before the unmanaged reference is used.
    final func debugMemberIsAlive(at index: Int) -> Bool {
        #if DEBUG
            return !cores.indices.contains(index) || cores[index] == nil || debugMirror[index].core != nil
        #else
            return true
        #endif
    }

    /// Whether `index` is a member's, alive, whose state points back at this batch and `index`.
    final func debugMemberPointsBack(at index: Int) -> Bool {
        #if DEBUG
            guard cores.indices.contains(index), cores[index] != nil, let core = debugMirror[index].core else {
                return false
            }
            return core.state.batch === self && core.state.batchIndex == index
        #else
            return true
        #endif
    }

    /// Whether the structure of arrays has one entry per member in every column (`targets` only
    /// in a batch of targets, `velocities` and `deadlines` only in one that carries velocities).
    final func debugColumnsAgree() -> Bool {
        #if DEBUG
            let n = cores.count
            let carried = key.carriesVelocity ? n : 0
            return bases.count == n && velocities.count == carried && deadlines.count == carried && models.count == n
                && presented.count == n && logicallyComplete.count == n && targets.count == (key.callsTargets ? n : 0)
                && debugMirror.count == n
        #else
            return true
        #endif
    }

    #if DEBUG
        /// Asserts the whole batch, each invariant with its own message: the columns agree; every
        /// member is alive, points back here at its index and is in no other batch; `live` and
        /// `incomplete` count the members (those not logically complete). Debug builds only: the calls
        /// are under `#if DEBUG` too.
        final func debugCheck() {
            assert(debugColumnsAgree(), "a batch's columns differ in length")
            var members = 0
            var notComplete = 0
            for i in cores.indices where cores[i] != nil {
                members += 1
                if !logicallyComplete[i] { notComplete += 1 }
                assert(debugMirror[i].core != nil, "a batch's member was freed before it left the batch")
                assert(debugMemberPointsBack(at: i), "a batch's member does not point back at its batch and index")
                assert(
                    Self.debugMemberships[debugMirror[i].id] == ObjectIdentifier(self),
                    "a batch's member is listed in another batch")
            }
            assert(members == live, "a batch's live count differs from its members")
            assert(notComplete == incomplete, "a batch's count of incomplete members differs from its members")
        }
    #endif
}

extension ValueBatch {
    /// A batch for `Value`: a specialised subclass for the common types (its frame loop is
    /// compiled for the type), the generic one otherwise.
    static func make(group: TransactionGroup, start: TimeInterval, key: Key, driver: FrameDriver) -> ValueBatch {
        func specialised<T: Animatable>(_ type: ValueBatch<T>.Type) -> ValueBatch {
            unsafeDowncast(type.init(group: group, start: start, key: key, driver: driver), to: ValueBatch.self)
        }
        switch Value.self {
        case is Double.Type: return specialised(DoubleBatch.self)
        case is CGFloat.Type: return specialised(CGFloatBatch.self)
        case is Float.Type: return specialised(FloatBatch.self)
        case is CGPoint.Type: return specialised(CGPointBatch.self)
        case is CGSize.Type: return specialised(CGSizeBatch.self)
        case is CGRect.Type: return specialised(CGRectBatch.self)
        case is RGBAColor.Type: return specialised(RGBAColorBatch.self)
        case is SizedEffects.Type: return specialised(SizedEffectsBatch.self)
        case is TransitionEffects.Type: return specialised(TransitionEffectsBatch.self)
        default: return ValueBatch(group: group, start: start, key: key, driver: driver)
        }
    }
}

// As for the cores (ValueCore+Specialized.swift): each override calls `super` with the type
// known, so the frame loop is compiled for it.

final class DoubleBatch: ValueBatch<Double> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class CGFloatBatch: ValueBatch<CGFloat> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class FloatBatch: ValueBatch<Float> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class CGPointBatch: ValueBatch<CGPoint> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class CGSizeBatch: ValueBatch<CGSize> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class CGRectBatch: ValueBatch<CGRect> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class RGBAColorBatch: ValueBatch<RGBAColor> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class SizedEffectsBatch: ValueBatch<SizedEffects> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}

final class TransitionEffectsBatch: ValueBatch<TransitionEffects> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}
