import Foundation

/// The engine's side of one clock: the properties animating on it, ticked once per frame.
///
/// - Complexity: O(animating properties) per frame; no allocation in steady state.
@MainActor
final class FrameDriver {
    let clock: any FrameClock

    /// The animating properties and the frame bookkeeping, behind a pointer the driver owns:
    /// touched for every property on every frame, where a class's stored properties would pay a
    /// run-time exclusivity check per access. Only the main actor touches it.
    private struct Roster {
        var active: [PropertyCore] = []
        var lastFrameTime = -Double.infinity
        var isRunning = false
        /// Inside a frame, cores that stop are only marked (slot -1) and compacted out in one
        /// pass at the end of the frame, instead of one swap-removal each.
        var isPresenting = false
        var needsCompaction = false
        /// The clock sleeps until a delay ends (`FrameClock.restFrames(until:)`).
        var isResting = false
        /// This frame: how many properties reported a rest, and the earliest end of those rests.
        var restingCount = 0
        var restsUntil = Double.infinity
        /// The batches of usual animations (`PropertyBatch`), presented before `active`, and
        /// where each (transaction, value type) has its batch.
        var batches: [PropertyBatch] = []
        var batchByKey: [PropertyBatch.Key: PropertyBatch] = [:]
        /// The batch looked up or made last (one of `batches`): when thousands of properties join
        /// one batch in a frame one after another, the dictionary is searched once, not once for
        /// each (its hash alone is about 300 instructions). Joins that alternate between batches
        /// search it at each change.
        var lastBatch: PropertyBatch?
        /// Batches whose animation finished, until their members have learnt it.
        var settling: [PropertyBatch] = []
    }

    private let roster: UnsafeMutablePointer<Roster>

    private init(clock: any FrameClock) {
        self.clock = clock
        roster = .allocate(capacity: 1)
        roster.initialize(to: Roster())
    }

    isolated deinit {
        roster.deinitialize(count: 1)
        roster.deallocate()
    }

    /// The driver of `clock`, shared by every property on it.
    static func driver(for clock: any FrameClock) -> FrameDriver {
        if let driver = existingDriver(for: clock) { return driver }
        let driver = FrameDriver(clock: clock)
        // Entries of clocks that went away are dropped whenever the table has doubled since the
        // last pruning: amortised O(1) per driver created, and the table stays O(live clocks).
        if Engine.drivers.count >= 2 * max(Engine.driversAfterPruning, 8) {
            Engine.drivers = Engine.drivers.filter { $0.value.driver != nil }
            Engine.driversAfterPruning = Engine.drivers.count
        }
        Engine.drivers[ObjectIdentifier(clock)] = Engine.WeakDriver(driver: driver)
        return driver
    }

    /// The driver already serving `clock`, if any.
    static func existingDriver(for clock: any FrameClock) -> FrameDriver? {
        guard let driver = Engine.drivers[ObjectIdentifier(clock)]?.driver, driver.clock === clock else { return nil }
        return driver
    }

    /// Frame times never run backwards for an animation, whatever the clock reports.
    var now: TimeInterval { max(clock.now, roster.pointee.lastFrameTime) }

    var isIdle: Bool { roster.pointee.active.isEmpty && roster.pointee.batches.isEmpty }

    /// Adds `core` to the frame (if it is not there) and makes sure frames come: a clock that
    /// is stopped starts, a clock resting until a delay ends wakes up.
    func activate(_ core: PropertyCore) {
        if !roster.pointee.settling.isEmpty { settleFinishedBatches() }
        if core.slot < 0 {
            core.slot = roster.pointee.active.count
            roster.pointee.active.append(core)
        }
        if !roster.pointee.isRunning || roster.pointee.isResting {
            roster.pointee.isRunning = true
            roster.pointee.isResting = false
            clock.startFrames { [unowned self] time in self.present(at: time) }
        }
    }

    func deactivate(_ core: PropertyCore) {
        let index = core.slot
        guard index >= 0 else { return }
        if roster.pointee.isPresenting {
            core.slot = -1
            roster.pointee.needsCompaction = true
            return
        }
        let last = roster.pointee.active.removeLast()
        if index < roster.pointee.active.count {
            roster.pointee.active[index] = last
            last.slot = index
        }
        core.slot = -1
        stopIfIdle()
    }

    private func stopIfIdle() {
        if isIdle && roster.pointee.isRunning {
            roster.pointee.isRunning = false
            roster.pointee.isResting = false
            clock.stopFrames()
        }
    }

    /// Ends every animation on this clock now (values jump to their model values); the
    /// completions that become due wait for the next safe point.
    func finishAll() {
        // Called from toolkit signals (unmap, finalize): the apply closures run here, but nothing
        // they set off (a completion, a transaction's safe point) may run inside the signal.
        withoutSafePoints {
            for core in roster.pointee.active { core.finishWithoutCompleting() }
            // (Members leave their batch as they jump: this walks a copy of the list.)
            for batch in roster.pointee.batches { batch.finishMembers() }
        }
    }

    // MARK: Batches

    /// What the driver presents now: properties on the general path, batches and their members,
    /// and finished batches whose members have not all settled (for tests and diagnostics).
    var census: (general: Int, batches: Int, batched: Int, settling: Int) {
        let batches = roster.pointee.batches
        return (
            roster.pointee.active.count, batches.count, batches.reduce(0) { $0 + $1.count },
            roster.pointee.settling.count
        )
    }

    /// The batch of `group`'s animations of `Value` on this clock (those that carry a velocity or
    /// takeover removals, or those that do not; those of properties with an ``AnimationTarget``,
    /// or with an apply closure), made if there is none; for a group in a cohort, the cohort's.
    func batch<Value: Animatable>(
        for group: TransactionGroup, of _: Value.Type, carrying: Bool, targets: Bool
    ) -> ValueBatch<Value> {
        // (A transaction in a cohort is batched with the cohort's other members.)
        let group = group.batchGroup
        let key = PropertyBatch.Key(
            group: ObjectIdentifier(group), type: ObjectIdentifier(Value.self), carriesVelocity: carrying,
            callsTargets: targets)
        let found = batch(forKey: key) {
            ValueBatch<Value>.make(group: group, start: group.startTime!, key: key, driver: self)
        }
        return unsafeDowncast(found, to: ValueBatch<Value>.self)
    }

    /// The batch under `key`, made by `make` if there is none: a batch of another kind than
    /// `ValueBatch` (`KeyframeBatch`), presented and dropped like the others.
    func batch(forKey key: PropertyBatch.Key, make: () -> PropertyBatch) -> PropertyBatch {
        if let last = roster.pointee.lastBatch, last.key == key { return last }
        if let batch = roster.pointee.batchByKey[key] {
            roster.pointee.lastBatch = batch
            return batch
        }
        let batch = make()
        batch.driverSlot = roster.pointee.batches.count
        roster.pointee.batches.append(batch)
        roster.pointee.batchByKey[key] = batch
        roster.pointee.lastBatch = batch
        return batch
    }

    /// The last member left `batch`. A batch still presenting is dropped now, or at the end of
    /// the frame if one is being presented.
    func batchEmptied(_ batch: PropertyBatch) {
        guard batch.driverSlot >= 0 else { return }
        if batch.isSettling {
            removeSettling(at: batch.driverSlot)
            return
        }
        guard !roster.pointee.isPresenting else { return }
        removeBatch(at: batch.driverSlot)
        stopIfIdle()
    }

    private func removeBatch(at index: Int) {
        let batch = Self.remove(at: index, from: &roster.pointee.batches)
        roster.pointee.batchByKey[batch.key] = nil
        if roster.pointee.lastBatch === batch { roster.pointee.lastBatch = nil }
    }

    /// Takes the batch at `index` out of `list` (the last one takes its place).
    private static func remove(at index: Int, from list: inout [PropertyBatch]) -> PropertyBatch {
        let batch = list[index]
        let last = list.removeLast()
        if index < list.count {
            list[index] = last
            last.driverSlot = index
        }
        batch.driverSlot = -1
        return batch
    }

    /// At the end of a frame: drops the batches it emptied, and moves those whose animation it
    /// finished to the settling list. Their members learn it when the clock's next animation
    /// starts (or when one is asked first), so the frame that ends thousands of animations stays
    /// short, and no frame pays for it. Until then a finished batch keeps its arrays and its
    /// members' last entries (about 40 bytes a member for a `Double`, besides what a property holds anyway).
    private func dropEmptyBatches() {
        var index = roster.pointee.batches.count - 1
        while index >= 0 {
            let batch = roster.pointee.batches[index]
            if batch.count == 0 {
                removeBatch(at: index)
            } else if batch.isFinished {
                removeBatch(at: index)
                batch.isSettling = true
                batch.driverSlot = roster.pointee.settling.count
                roster.pointee.settling.append(batch)
            }
            index -= 1
        }
    }

    private func removeSettling(at index: Int) {
        Self.remove(at: index, from: &roster.pointee.settling).isSettling = false
    }

    /// Tells the members of every finished batch that their animation ended (each leaves its
    /// batch, which goes away with its last member).
    private func settleFinishedBatches() {
        while let batch = roster.pointee.settling.last {
            batch.settleMembers()
            // (Every member has left, so it removed itself; this only guards against a loop.)
            if batch.driverSlot >= 0 { removeSettling(at: batch.driverSlot) }
        }
    }

    /// Drops the cores that stopped during a frame, in one pass: a core stays where its slot
    /// says it is (a core re-added during the frame was appended and its old place is dropped).
    private func compact() {
        roster.pointee.needsCompaction = false
        var write = 0
        let count = roster.pointee.active.count
        for read in 0..<count {
            let core = roster.pointee.active[read]
            guard core.slot == read else { continue }
            if write != read {
                roster.pointee.active[write] = core
                core.slot = write
            }
            write += 1
        }
        roster.pointee.active.removeLast(count - write)
    }

    /// How far ahead every property must be resting before the clock is let sleep: shorter
    /// rests are not worth stopping and restarting a toolkit's frame clock for.
    static let minimumRest: TimeInterval = 0.05

    /// Presents one frame: every active property evaluates and applies its value at `time`;
    /// completions that became due run afterwards, in order. When every property is resting
    /// (inside a `delay`), the clock sleeps until the first one moves again.
    func present(at time: TimeInterval) {
        // A frame asked for from inside one of this clock's frames (an apply that advances its own
        // clock) is skipped: the lists are being walked. The next frame shows the time it reaches.
        guard !roster.pointee.isPresenting else { return }
        roster.pointee.isResting = false  // frames came: the clock woke up (or was never resting)
        let frameTime = time.isNaN ? roster.pointee.lastFrameTime : max(time, roster.pointee.lastFrameTime)
        roster.pointee.lastFrameTime = frameTime
        let outer = Engine.isPresentingFrame
        Engine.isPresentingFrame = true
        if !outer { FrameEnd.state.pointee.isOpen = true }
        roster.pointee.isPresenting = true
        roster.pointee.restingCount = 0
        roster.pointee.restsUntil = .infinity
        // Batches first: a property that joins one in the loop below has had its frame.
        var batchIndex = 0
        while batchIndex < roster.pointee.batches.count {
            roster.pointee.batches[batchIndex].present(at: frameTime)
            batchIndex += 1
        }
        var index = 0
        while index < roster.pointee.active.count {
            let core = roster.pointee.active[index]
            // A core stopped (or re-added elsewhere) earlier in this frame has a different slot.
            if core.slot == index {
                if !core.tick(at: frameTime) {
                    core.slot = -1
                    roster.pointee.needsCompaction = true
                }
            }
            index += 1
        }
        roster.pointee.isPresenting = false
        if roster.pointee.needsCompaction { compact() }
        dropEmptyBatches()
        // Values written together (a widget's transform) are written once, now that every
        // property of the frame has its value; still inside the frame (no completion runs there).
        if !outer { FrameEnd.flush() }
        Engine.isPresentingFrame = outer
        // (A frame presented inside a transaction body or a completion is no safe point.)
        if !outer { Engine.endOfSafePoint() }
        stopIfIdle()
        // Rest only when every property still animating rests (the rare case costs the common
        // one nothing: a property reports a rest, none reports being busy).
        let wake = roster.pointee.restsUntil
        if roster.pointee.restingCount > 0, roster.pointee.isRunning, !roster.pointee.isResting,
            roster.pointee.restingCount == animatingCount, wake - frameTime > Self.minimumRest,
            clock.restFrames(until: wake)
        {
            roster.pointee.isResting = true
        }
    }

    /// How many properties animate on this clock (batched or not).
    private var animatingCount: Int {
        roster.pointee.batches.reduce(roster.pointee.active.count) { $0 + $1.count }
    }

    /// `count` properties, presenting the current frame, will not change until `time` (they wait
    /// out a delay). Called only in that case.
    func noteResting(until time: TimeInterval, count: Int = 1) {
        roster.pointee.restingCount += count
        roster.pointee.restsUntil = min(roster.pointee.restsUntil, time)
    }
}

/// The type-erased per-frame face of a property (the driver holds these strongly; the
/// public ``AnimatableProperty`` owns its core and cancels it when released).
@MainActor
class PropertyCore {
    /// Index in its driver's active list, or -1 when not animating. In the object next to the
    /// subclass's state (which every frame touches anyway), so reading it costs no extra cache
    /// line; only the main actor touches it, never overlapping (no run-time exclusivity checks).
    @exclusivity(unchecked) final var slot = -1

    /// Advances to `time`; returns false once the property needs no more frames. A property that
    /// rests in a delay says so to its driver (`FrameDriver.noteResting(until:)`).
    func tick(at time: TimeInterval) -> Bool { false }

    /// Jumps to the model value, ending every animation; their completions wait for the next
    /// safe point.
    func finishWithoutCompleting() {}

    /// Whether an animation is running (through the vtable, so that a caller in another module,
    /// such as a toolkit adapter asking every frame, runs the specialised code of the common types).
    var hasAnimations: Bool { false }
}

/// Ends every animation running on `clock` at once: each property jumps to its model value.
/// The completions waiting on those animations run at the next safe point (the next frame,
/// transaction or property set, or the next turn of the main loop), never inside this call:
/// toolkit adapters call it from signals such as a widget's unmap or finalization, which can
/// happen in the middle of the user's own code (libadwaita ends its animations there too).
@MainActor
public func finishAnimations(on clock: any FrameClock) {
    FrameDriver.existingDriver(for: clock)?.finishAll()
}
