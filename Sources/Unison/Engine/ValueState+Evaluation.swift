import Foundation

// A property's running animations form a chain: each entry animates from the value of
// everything before it towards its own target,
// `out_i(t) = out_(i−1)(t) + A_i(V_i − out_(i−1)(t), t − t_i)`.
// Two functions walk the chain: `commitFrame` presents a frame (start times are fixed, pending
// takeovers hand off, finished entries retire); `sample` only asks where the chain is at a
// time. Both use `step` for one entry's motion and `takeover` for a handoff.

extension ValueState {
    /// One entry's contribution.
    struct Step {
        /// The value of the chain up to and including this entry.
        var out: V
        /// Its exact velocity, or nil when an entry so far cannot say (a custom animation) or
        /// the chain's velocity was not wanted (no takeover after it reads it).
        var velocity: V?
        var finished: Bool
        var logicallyComplete: Bool
    }

    /// Evaluates `entry` `elapsed` seconds after its start, on top of the chain before it (at
    /// value `out`, moving at `velocity`; nil when the chain's velocity is unknown or not wanted,
    /// and then the entry evaluates none). Only a custom animation's context changes.
    static func step(_ entry: inout Entry, out: V, velocity: V?, elapsed: TimeInterval) -> Step {
        let change = entry.target - out
        var result = Step(out: out, velocity: nil, finished: false, logicallyComplete: false)
        let offset: V
        if entry.usesSharedSample {
            let sample = entry.group.sample(elapsed: elapsed)
            result.logicallyComplete = sample.logicallyComplete
            if !entry.hasInitialVelocity {
                offset = change.scaled(by: sample.a)
                result.finished = sample.finished
                if let velocity { result.velocity = velocity.scaled(by: 1 - sample.a) + change.scaled(by: sample.da) }
            } else {
                let own: V
                (offset, own, result.finished) = Self.carried(
                    change: change, velocity: entry.initialVelocity, sample: sample,
                    spring: entry.animation.storage.mergingSpring)
                if let velocity { result.velocity = velocity.scaled(by: 1 - sample.a) + own }
            }
        } else {
            let animated = entry.animation.animate(value: change, time: elapsed, context: &entry.context)
            // A custom animation that returns a non-finite value is treated as finished. (No
            // closure here: on the main actor, one passed to `Optional.map` checks its executor.)
            if let animated, isFiniteVector(animated) {
                offset = animated
            } else {
                result.finished = true
                offset = change
            }
            result.logicallyComplete = entry.context.isLogicallyComplete
            // Over a chain that stands still (the first entry, or after finished ones) the change
            // is constant, so the animation's own velocity, when it gives one, is the exact one.
            if velocity == .zero, !result.finished,
                let own = entry.animation.velocity(value: change, time: elapsed, context: entry.context),
                isFiniteVector(own)
            {
                result.velocity = own
            }
        }
        if result.finished {
            result.out = entry.target
            result.velocity = .zero
        } else {
            result.out = out + offset
        }
        return result
    }

    /// An animation with an inherited velocity `v0`, `change` from its target: its offset and own
    /// velocity, and whether it has settled (a spring's own test; otherwise the sample's).
    /// (Batched frames use it too, so both paths decide alike.)
    @inline(__always)
    static func carried(change: V, velocity v0: V, sample: LinearSample, spring: SpringAnimation?) -> (
        offset: V, velocity: V, finished: Bool
    ) {
        let offset = change.scaled(by: sample.a) + v0.scaled(by: sample.b)
        let own = change.scaled(by: sample.da) + v0.scaled(by: sample.db)
        let finished =
            spring?.isSettled(change: change, initialVelocity: v0, offset: offset, velocity: own) ?? sample.finished
        return (offset, own, finished)
    }

    /// `entry`, a pending takeover, starting from a chain at `value` moving at `velocity`: it
    /// inherits that velocity (or the one handed to the property explicitly).
    static func takeover(_ entry: Entry, velocity: V) -> Entry {
        var successor = entry
        successor.pendingMerge = false
        let inherited = successor.explicitVelocity ?? velocity
        successor.explicitVelocity = nil
        successor.initialVelocity = inherited
        successor.context.state[SpringVelocityKey<V>.self] = inherited
        return successor
    }

    /// Where the chain before a takeover at `index` is at the takeover's `start`: the running
    /// sum when that is now and its velocity is exact, otherwise sampled at `start`.
    static func handoffState(
        _ entries: AnimationEntries<V>, before index: Int, base: V, at start: TimeInterval, now time: TimeInterval,
        running: (out: V, velocity: V?)
    ) -> (value: V, velocity: V) {
        if start == time, let velocity = running.velocity { return (running.out, velocity) }
        return sample(entries.oldest(index), base: base, at: start)
    }

    // MARK: Presenting a frame

    /// Presents a frame at `time`: returns the chain's value, and leaves `entries` with only
    /// the animations still running (`base` where the first of them starts).
    ///
    /// - Complexity: O(entries); for the usual single entry a handful of vector operations.
    static func commitFrame(
        _ entries: inout AnimationEntries<V>, base: inout V, deadlines: inout [LogicalDeadline], at time: TimeInterval
    ) -> V {
        var out = base
        var velocity: V? = .zero
        // The chain's velocity is read only by a takeover further along (its hand-off state): the
        // entries after the last one waiting to take over skip evaluating theirs (a keyframe
        // timeline's velocity costs as much as its value; a custom animation's `velocity` is
        // asked when something merges with it, not every frame).
        var lastTakeover = entries.hasEntry(at: 1) ? lastPendingMerge(entries) : -1
        var index = 0
        while entries.hasEntry(at: index) {
            // The first frame after a change fixes its transaction's start time. (Entries are read
            // field by field and changed in place: a copy would retain everything one holds.)
            let start = entries.group(at: index).start(at: time)
            if entries.isPendingMerge(at: index) {
                // Hand off: the takeover starts from the state of everything before it at its start.
                let (value, inherited) = handoffState(
                    entries, before: index, base: base, at: start, now: time, running: (out, velocity))
                var successor = takeover(entries[index], velocity: inherited)
                for old in 0..<index { merge(&entries[old], into: &successor, deadlines: &deadlines) }
                entries.removeFirst(index)
                entries.head = successor
                (base, out, velocity, index) = (value, value, .zero, 0)
                lastTakeover = entries.hasEntry(at: 1) ? lastPendingMerge(entries) : -1
                continue
            }
            let chainVelocity = index < lastTakeover ? velocity : nil
            let elapsed = max(0, time - start)
            let step =
                index == 0
                ? step(&entries.head!, out: out, velocity: chainVelocity, elapsed: elapsed)
                : step(&entries[index], out: out, velocity: chainVelocity, elapsed: elapsed)
            (out, velocity) = (step.out, step.velocity)
            if (step.logicallyComplete || step.finished) && !entries.isLogicallyComplete(at: index) {
                entries.markLogicallyComplete(at: index)
                entries.group(at: index).animationLogicallyCompleted()
            }
            if step.finished {
                // It now shows its full target, so every entry up to it is done.
                for old in 0..<index { retire(&entries[old], completing: false, deadlines: &deadlines) }
                if index == 0 {
                    retire(&entries.head!, completing: true, deadlines: &deadlines)
                } else {
                    retire(&entries[index], completing: true, deadlines: &deadlines)
                }
                // Keep the buffer when emptying: freeing it would cost a frame that finishes
                // many animations more than a steady frame (and the next animation reuses it).
                if !entries.hasEntry(at: index + 1) {
                    entries.removeAll(keepingCapacity: true)
                } else {
                    entries.removeFirst(index + 1)
                }
                base = out
                index = 0
                lastTakeover = entries.hasEntry(at: 1) ? lastPendingMerge(entries) : -1
                continue
            }
            index += 1
        }
        return out
    }

    /// The index of the last entry waiting to take over the chain before it, or -1 (also for a
    /// single entry, which has no chain before it: unspecialised code then reads no entry).
    @inline(__always)
    private static func lastPendingMerge(_ entries: AnimationEntries<V>) -> Int {
        guard entries.count > 1 else { return -1 }
        var index = entries.count - 1
        while index >= 0 && !entries[index].pendingMerge { index -= 1 }
        return index
    }

    // MARK: Sampling without presenting

    /// The chain's value and velocity at `time`, changing nothing. The velocity is exact when
    /// every entry gives one (built-in animations), otherwise a 1 ms backward difference.
    static func sample(_ entries: AnimationEntries<V>, base: V, at time: TimeInterval) -> (value: V, velocity: V) {
        let (value, exact) = evaluate(entries, base: base, at: time)
        if let exact { return (value, exact) }
        let h = 1e-3
        return (value, (value - evaluate(entries, base: base, at: time - h).value).scaled(by: 1 / h))
    }

    /// The chain at `time` as a frame would show it, on copies: an entry whose transaction has
    /// not started yet is at its own time 0, and a takeover not yet started shows what it takes over.
    private static func evaluate(
        _ chain: AnimationEntries<V>, base chainBase: V, at time: TimeInterval
    ) -> (value: V, velocity: V?) {
        var entries = chain
        var base = chainBase
        var out = base
        var velocity: V? = .zero
        var index = 0
        while index < entries.count {
            let started = entries[index].group.startTime
            if entries[index].pendingMerge {
                guard let start = started else {
                    index += 1
                    continue
                }
                let (value, inherited) = handoffState(
                    entries, before: index, base: base, at: start, now: time, running: (out, velocity))
                entries[index] = takeover(entries[index], velocity: inherited)
                entries.removeFirst(index)
                (base, out, velocity, index) = (value, value, .zero, 0)
                continue
            }
            let step = step(&entries[index], out: out, velocity: velocity, elapsed: max(0, time - (started ?? time)))
            (out, velocity) = (step.out, step.velocity)
            index += 1
        }
        return (out, velocity)
    }
}
