import Foundation

// Keyframe plays that present their own frames (`KeyframeFrames`) and whose tracks are all
// `Double`s stored in the value (`KeyframeTrackCursor`) are presented together, as springs are in
// a `ValueBatch`: one batch per value type on each clock, whose frame is one loop over contiguous
// members that evaluates every play's tracks in place and writes what each property presents, then
// one apply per value, without a call per property into its core, and without reference counting.
//
// A play joins on the first frame it presents by itself (its playback is the property's only
// animation), and leaves when the property drops it (`KeyframeFrames.dropped`: a new value, an
// animation, a jump, a release) or on the frame that ends it; it then goes back to the driver's
// general path, which presents that frame (the driver ticks its general list after the batches).
// The property's state stays the authority, as for a `ValueBatch`: its entries are not touched,
// and its presented value is written in place every frame.

/// One play in a `KeyframeBatch` (not generic: in code compiled for any value type, an array of a
/// type built on it would look that type's metadata up at every access).
struct KeyframeBatchMember {
    /// The property's core (`ValueCore<Value>`), not held: a core drops its play, which leaves
    /// the batch, before it can go away.
    let core: UnsafeMutableRawPointer
    /// The play (`KeyframeFrames<Value>`), held by the batch (+1) while it is a member and until
    /// the frame it left in has ended: the members' pointers below are its memory.
    let frames: UnsafeMutableRawPointer
    let start: TimeInterval
    let duration: TimeInterval
    let repeats: Bool
    /// This frame ends the play (the general path presents it).
    var ends = false
    /// The play's first track, a copy kept here (a `Double`'s only one), read and advanced by the
    /// frame's loop without touching the play's memory; the play's own copy is not used again.
    var first: KeyframeTrackCursor
    /// Its other tracks, in order, in the play's memory.
    let others: UnsafeMutablePointer<KeyframeTrackCursor>
    let otherCount: Int
    /// The timeline's value the tracks are stored into (a `Value`, the play's).
    let scratch: UnsafeMutableRawPointer
    /// The property's model and presented values, in its state.
    let model: UnsafeMutableRawPointer
    let presented: UnsafeMutableRawPointer
}

/// The keyframe plays of one value type on one clock, as a structure of arrays.
@MainActor
class KeyframeBatch<Value: Animatable>: PropertyBatch {
    @exclusivity(unchecked) private var members: [KeyframeBatchMember] = []
    /// Whether each member is still in the batch (false once it left during a frame, until the
    /// frame compacts the arrays).
    @exclusivity(unchecked) private var alive: [Bool] = []
    @exclusivity(unchecked) private var live = 0
    @exclusivity(unchecked) private var isPresenting = false
    @exclusivity(unchecked) private var needsCompaction = false
    /// Plays that left during a frame: released once it has ended (an apply may drop the play
    /// whose value it is showing).
    @exclusivity(unchecked) private var left: [UnsafeMutableRawPointer] = []

    /// `applyCall`, made once: in code compiled for any `Value`, a closure over `Value` carries its
    /// type in a context, allocated each time one is made.
    private let call: (ValueCore<Value>, Value) -> Void

    required override init(group: TransactionGroup, start: TimeInterval, key: Key, driver: FrameDriver) {
        call = Self.applyCall
        super.init(group: group, start: start, key: key, driver: driver)
    }

    isolated deinit {
        // (Members leave before their batch goes; these are what a torn-down driver left.)
        for i in members.indices where alive[i] { Self.frames(members[i].frames).release() }
        for frames in left { Self.frames(frames).release() }
    }

    override var count: Int { live }

    /// The batch of `Value`'s keyframe plays on `driver`, made if there is none (the subclass
    /// compiled for `Double` for `Double`s).
    static func batch(on driver: FrameDriver) -> KeyframeBatch {
        // (A metatype's identity is never a transaction group's: no value batch has this key.)
        let key = Key(
            group: ObjectIdentifier(KeyframeBatch.self), type: ObjectIdentifier(Value.self), carriesVelocity: false,
            callsTargets: false)
        let batch = driver.batch(forKey: key) {
            let type: KeyframeBatch.Type = (DoubleKeyframeBatch.self as? KeyframeBatch.Type) ?? KeyframeBatch.self
            return type.init(group: TransactionGroup(Transaction()), start: 0, key: key, driver: driver)
        }
        return unsafeDowncast(batch, to: KeyframeBatch.self)
    }

    /// Adds the play `frames` (armed, with tracks) of `core`; returns its index.
    final func add(
        _ core: ValueCore<Value>, _ frames: KeyframeFrames<Value>,
        tracks: UnsafeMutableBufferPointer<KeyframeTrackCursor>
    ) -> Int {
        let member = frames.member(
            core: Unmanaged.passUnretained(core).toOpaque(), frames: Unmanaged.passRetained(frames).toOpaque(),
            tracks: tracks)
        members.append(member)
        alive.append(true)
        live += 1
        return members.count - 1
    }

    /// Takes member `index` out (its play was dropped).
    final func remove(at index: Int) {
        assert(alive.indices.contains(index) && alive[index], "a keyframe play left its batch twice")
        alive[index] = false
        live -= 1
        if isPresenting {
            // The frame's loop runs over the arrays: only mark it; the frame compacts afterwards.
            left.append(members[index].frames)
            needsCompaction = true
        } else {
            let frames = members[index].frames
            removeSwapping(index)
            Self.frames(frames).release()
        }
        if live == 0 { driver.batchEmptied(self) }
    }

    private func removeSwapping(_ index: Int) {
        let last = members.count - 1
        if index != last {
            members.swapAt(index, last)
            alive.swapAt(index, last)
            if alive[index] { Self.frames(members[index].frames).takeUnretainedValue().batchIndex = index }
        }
        members.removeLast()
        alive.removeLast()
    }

    private func compact() {
        needsCompaction = false
        var index = members.count - 1
        while index >= 0 {
            if !alive[index] { removeSwapping(index) }
            index -= 1
        }
    }

    private func releaseLeft() {
        while let frames = left.popLast() { Self.frames(frames).release() }
    }

    /// One frame: every play's time and tracks, its value written where its property presents it
    /// (what `KeyframeFrames.present` shows, bit for bit), then each member's apply. A play that
    /// ends on this frame leaves for the general path, which presents the frame and ends it.
    ///
    /// - Complexity: O(members + their tracks); no allocation.
    override func present(at time: TimeInterval) {
        guard !isPresenting else { return }  // (a frame presented from an apply)
        isPresenting = true
        let ending = Self.evaluate(&members, alive, at: time)
        // (Compiled for `Double`, the closure made here is a constant; for any other type, the
        // batch's own.)
        if Value.self == Double.self {
            applyAll(ending: ending, Self.applyCall)
        } else {
            applyAll(ending: ending, call)
        }
        isPresenting = false
        if needsCompaction { compact() }
        if !left.isEmpty { releaseLeft() }
    }

    /// Each member's apply with the value just written, or, for a play that ends on this frame,
    /// its leaving. `call` is `applyCall`.
    @inline(__always)
    private func applyAll(ending: Int, _ call: (ValueCore<Value>, Value) -> Void) {
        for i in 0..<members.count {
            // (Read afresh at each index: an apply may take members out.)
            guard alive[i] else { continue }
            let member = members[i]
            if ending > 0 && member.ends {
                // Dropping the play takes it out of the batch, back to the general path.
                Self.core(member.core).keyframes = nil
            } else {
                Self.send(member.presented.assumingMemoryBound(to: Value.self).pointee, to: member.core, call)
            }
        }
    }

    /// Each play's value at `time`: `KeyframeFrames.present`'s steps over the arrays; returns how
    /// many plays end on this frame. Outside the main actor: closures passed to the buffers'
    /// `withUnsafe…` methods from main-actor code would check their executor on every frame.
    private nonisolated static func evaluate(
        _ members: inout [KeyframeBatchMember], _ alive: [Bool], at time: TimeInterval
    ) -> Int {
        members.withUnsafeMutableBufferPointer { members in
            alive.withUnsafeBufferPointer { alive in evaluate(members, alive, at: time) }
        }
    }

    @inline(__always)
    private nonisolated static func evaluate(
        _ members: UnsafeMutableBufferPointer<KeyframeBatchMember>, _ alive: UnsafeBufferPointer<Bool>,
        at time: TimeInterval
    ) -> Int {
        var ending = 0
        for i in 0..<members.count where alive[i] {
            let member = members[i]
            // The play's own time (`KeyframeTimelinePlayer.playTime`), clamped as the timeline does.
            var t = sanitizedTime(max(0, time - member.start))
            if member.repeats {
                t = t.truncatingRemainder(dividingBy: member.duration)
            } else if reached(t, member.duration) {
                members[i].ends = true
                ending += 1
                continue
            }
            t = t.isNaN ? 0 : min(max(t, 0), member.duration)
            if Value.self == Double.self {
                // A `Double`'s tracks are all the value itself, and its animatable data is itself:
                // the steps below show the last track's value, which this stores directly.
                var value = members[i].first.value(at: t)
                for k in 0..<member.otherCount { value = member.others[k].value(at: t) }
                member.presented.storeBytes(of: value, as: Double.self)
                continue
            }
            (member.scratch + member.first.offset).storeBytes(of: members[i].first.value(at: t), as: Double.self)
            storeTracks(member.others, count: member.otherCount, at: t, into: member.scratch)
            let scratch = member.scratch.assumingMemoryBound(to: Value.self)
            var shown = member.model.assumingMemoryBound(to: Value.self).pointee
            shown.animatableData = scratch.pointee.animatableData
            member.presented.assumingMemoryBound(to: Value.self).pointee = shown
        }
        return ending
    }

    override func finishMembers() {
        // Each jump drops its play (marked here, compacted afterwards) and runs its apply.
        let wasPresenting = isPresenting
        isPresenting = true
        var i = 0
        while i < members.count {
            if alive[i] { Self.core(members[i].core).finishWithoutCompleting() }
            i += 1
        }
        isPresenting = wasPresenting
        if !isPresenting {
            if needsCompaction { compact() }
            if !left.isEmpty { releaseLeft() }
        }
    }

    @inline(__always)
    private static func core(_ pointer: UnsafeMutableRawPointer) -> ValueCore<Value> {
        Unmanaged<ValueCore<Value>>.fromOpaque(pointer).takeUnretainedValue()
    }

    @inline(__always)
    private nonisolated static func frames(_ pointer: UnsafeMutableRawPointer) -> Unmanaged<KeyframeFrames<Value>> {
        Unmanaged<KeyframeFrames<Value>>.fromOpaque(pointer)
    }

    /// `core.apply(value)` without reference counting: a member's core is alive while it is a
    /// member (it leaves before it goes), which `_withUnsafeGuaranteedRef` lets the compiler rely
    /// on. Outside the main actor, for the reason `ValueBatch.send` gives. `call` is `applyCall`.
    @inline(__always)
    private nonisolated static func send(
        _ value: Value, to core: UnsafeMutableRawPointer, _ call: (ValueCore<Value>, Value) -> Void
    ) {
        Unmanaged<ValueCore<Value>>.fromOpaque(core)._withUnsafeGuaranteedRef { call($0, value) }
    }

    /// `core.apply(value)`, typed as a function of any isolation for `send`, which only runs it on
    /// the main actor, inside a frame (as `ValueBatch.targetCall`).
    @inline(__always)
    private static var applyCall: (ValueCore<Value>, Value) -> Void {
        let call: @MainActor (ValueCore<Value>, Value) -> Void = { $0.apply($1) }
        return unsafeBitCast(call, to: ((ValueCore<Value>, Value) -> Void).self)
    }
}

/// The batch of `Double` plays: its frame compiled for the type (as `DoubleBatch`).
final class DoubleKeyframeBatch: KeyframeBatch<Double> {
    override func present(at time: TimeInterval) { super.present(at: time) }
}
