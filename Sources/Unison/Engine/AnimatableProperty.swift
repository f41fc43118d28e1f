import Foundation

/// A value that animates: the toolkit-neutral unit every adapter builds on.
///
/// `value` is the model value. Set it inside ``animate(_:changes:completion:)`` (or
/// `withAnimation`) and it animates there on `clock`, calling `apply` with each presented
/// value, once per frame; set it anywhere else and it jumps (one `apply`).
///
/// ```swift
/// let clock = HeadlessClock()
/// let x = AnimatableProperty(0.0, clock: clock) { label.text = "\($0)" }
/// animate(.smooth) { x.value = 100 }     // x.value == 100 at once; x.presentationValue moves
/// clock.advance(by: 0.25)
/// ```
///
/// Retargeting follows SwiftUI: a spring set while another animation runs takes over
/// its position and velocity; other animations combine so the value never jumps.
///
/// Bad input: a value with a NaN or infinite component is ignored (the property keeps
/// its value), so nothing non-finite is ever presented. Releasing a property mid-flight
/// stops its frames and fires its completions once.
@MainActor
public final class AnimatableProperty<Value: Animatable> {
    let core: ValueCore<Value>

    public init(_ value: Value, clock: any FrameClock, apply: @escaping @MainActor (Value) -> Void = { _ in }) {
        core = ValueCore.make(value, driver: FrameDriver.driver(for: clock), apply: apply)
    }

    isolated deinit {
        core.cancel()
    }

    /// The model value: reading returns the latest value set, at once; setting animates
    /// with the current transaction or jumps.
    public var value: Value {
        get { core.state.model }
        set { core.set(newValue) }
    }

    /// The value shown now (the last value applied).
    public var presentationValue: Value { core.state.presented }

    /// The presented value's velocity at the clock's current time, in units per second.
    public var velocity: Value.AnimatableData { core.velocity() }

    /// Whether an animation is running.
    public var isAnimating: Bool { !core.state.entries.isEmpty }

    /// The clock this property animates on.
    public var clock: any FrameClock { core.driver.clock }

    /// Hands the property a velocity (units per second, measured elsewhere, e.g. by a
    /// gesture recognizer): the next spring started on this property begins with it,
    /// whether it starts from rest or takes over a running animation.
    public func handOff(velocity: Value.AnimatableData) {
        core.handOff(velocity: velocity)
    }

    /// Ends every running animation now: the value jumps to the model value and completions fire.
    public func finishAnimations() {
        core.finish()
    }
}

/// The engine side of one property: the clock's driver, the apply closure and the state.
@MainActor
class ValueCore<Value: Animatable>: PropertyCore {
    typealias V = Value.AnimatableData

    let driver: FrameDriver
    let apply: @MainActor (Value) -> Void
    /// All mutable engine state, in one struct behind a pointer this core owns.
    ///
    /// A class's stored properties are checked for exclusive access at run time on every
    /// access (about 120 instructions per frame and property, a third of the frame path).
    /// Here the state is only touched on the main actor, the engine never overlaps its own
    /// accesses, and `apply` (user code, which may read the property) runs after the frame's
    /// access has ended, so the check would never fire: the pointer skips it.
    private let storage: UnsafeMutablePointer<ValueState<Value>>

    var state: ValueState<Value> {
        _read { yield storage.pointee }
        _modify { yield &storage.pointee }
    }

    required init(_ value: Value, driver: FrameDriver, apply: @escaping @MainActor (Value) -> Void) {
        self.driver = driver
        self.apply = apply
        storage = .allocate(capacity: 1)
        storage.initialize(to: ValueState(value))
        let slotOffset = MemoryLayout<ValueState<Value>>.offset(of: \ValueState<Value>.driverSlot)!
        super.init(slot: (UnsafeMutableRawPointer(storage) + slotOffset).assumingMemoryBound(to: Int.self))
    }

    isolated deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    // MARK: Setting

    final func set(_ newValue: Value) {
        let data = newValue.animatableData
        guard isFiniteVector(data) else { return }
        let group = TransactionScope.stack.last?.group
        if let group, group.tracksVelocity { state.tracker.record(data, at: driver.now) }
        state.model = newValue
        if let group, group.isAnimated, driver.clock.animationsEnabled {
            let currentTarget = state.entries.last?.target ?? state.base
            if data != currentTarget {
                state.start(in: group, to: data, now: driver.now)
                driver.activate(self)
            } else if state.entries.isEmpty {
                jump(to: newValue)
            }
        } else {
            jump(to: newValue)
        }
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    private final func jump(to newValue: Value) {
        state.cancelAnimations()
        state.base = newValue.animatableData
        state.presented = newValue
        apply(newValue)
        driver.deactivate(self)
    }

    final func handOff(velocity: V) {
        guard isFiniteVector(velocity) else { return }
        state.handedOffVelocity = velocity
    }

    override func finishNow() { finish() }

    final func finish() {
        guard !state.entries.isEmpty || !state.deadlines.isEmpty else { return }
        jump(to: state.model)
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    /// Ends everything at once (release): every completion fires, once.
    final func cancel() {
        state.cancelAnimations()
        driver.deactivate(self)
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    final func velocity() -> V { state.velocity(at: driver.now) }

    // MARK: Frames

    /// The per-frame path. Common value types use a concrete subclass (`ValueCore.make`) whose
    /// override calls this with the type known, so it is compiled specialised.
    override func tick(at time: TimeInterval) -> Bool {
        let (needsFrames, presented) = state.advance(to: time)
        if let presented { apply(presented) }
        return needsFrames
    }
}

/// The mutable engine state of one property.
@MainActor
struct ValueState<Value: Animatable> {
    typealias V = Value.AnimatableData

    /// The core's index in its driver's active list (`PropertyCore.slot` points here).
    var driverSlot = -1
    var model: Value
    var presented: Value
    /// `out_0`: where the oldest running animation started (or the value, when idle).
    var base: V
    var entries: [AnimationEntry<V>] = []
    var deadlines: [LogicalDeadline] = []
    var tracker = VelocityTracker<V>()
    var handedOffVelocity: V?
    /// The entry that finished last, kept so that destroying it (releasing its transaction) is
    /// not part of the frame in which thousands of animations end together.
    private var finished: AnimationEntry<V>?

    init(_ value: Value) {
        model = value
        presented = value
        base = value.animatableData
        // Allocated now, next to the property's other state, rather than at its first animation
        // (by then far away in memory): a frame then touches a few adjacent cache lines per
        // property, which matters in a toolkit process where they are cold at every frame.
        entries.reserveCapacity(1)
    }

    mutating func start(in group: TransactionGroup, to target: V, now: TimeInterval) {
        let animation = group.animation!
        finished = nil
        var entry = AnimationEntry(target: target, group: group)
        group.registerAnimation()
        if var last = entries.last, last.pendingMerge, last.group.startTime == nil {
            // Two takeovers before a frame: the newer one replaces the pending one directly.
            entries.removeLast()
            Self.retire(&last, .merged, into: &entry, deadlines: &deadlines)
        }
        if let last = entries.last {
            var context = last.context
            let elapsed = max(0, now - (last.group.startTime ?? now))
            let change = last.target - base
            if animation.shouldMerge(previous: last.animation, value: change, time: elapsed, context: &context) {
                entry.context = context
                entry.pendingMerge = true
                if context.state[SpringBlendKey.self] != nil { entry.usesSharedSample = false }
                entry.explicitVelocity = handedOffVelocity
            }
        } else if animation.storage.mergingSpring != nil {
            let velocity = handedOffVelocity ?? tracker.velocity(at: now)
            entry.initialVelocity = velocity
            if velocity != .zero { entry.context.state[SpringVelocityKey<V>.self] = velocity }
        }
        handedOffVelocity = nil
        tracker.reset()
        entries.append(entry)
    }

    /// Ends every animation and pending deadline now; every completion fires, once.
    mutating func cancelAnimations() {
        for index in entries.indices { Self.retire(&entries[index], .cancelled, deadlines: &deadlines) }
        entries.removeAll()
        for deadline in deadlines { deadline.group.animationLogicallyCompleted() }
        deadlines.removeAll()
    }

    /// One frame: returns whether frames are still needed and the value to apply, if any.
    ///
    /// - Complexity: O(entries). The usual case (one started built-in animation without an
    ///   inherited velocity, not finishing this frame) reads the transaction's shared sample
    ///   and does one multiply-add: `base + (target − base)·a`.
    mutating func advance(to time: TimeInterval) -> (needsFrames: Bool, presented: Value?) {
        if entries.count == 1, deadlines.isEmpty, let sample = steadySample(at: time) {
            if !sample.finished {
                presented.animatableData = base + (entries[0].target - base).scaled(by: sample.a)
                return (true, presented)
            }
            // It ends on this frame (already logically complete): show the model value exactly.
            // (`removeLast` keeps the buffer and is specialised here; `removeAll(keepingCapacity:)`
            // would run generic code from the standard library.)
            if !entries[0].shared.pointee.countRemovedWithoutCompleting() { entries[0].group.animationRemoved() }
            finished = entries.removeLast()  // a move: it is destroyed at the next start, not in the frame
            base = model.animatableData
            presented = model
            return (false, presented)
        }
        var applied: Value?
        if !entries.isEmpty {
            let (value, _) = Self.evaluate(&entries, base: &base, deadlines: &deadlines, at: time, commit: true)
            presented = model
            if entries.isEmpty {
                base = model.animatableData  // exactly the model value: no residue
            } else {
                presented.animatableData = value
            }
            applied = presented
        }
        if !deadlines.isEmpty { Self.fireDeadlines(&deadlines, at: time) }
        return (!entries.isEmpty || !deadlines.isEmpty, applied)
    }

    /// The shared sample for the common frame, or nil when anything needs the general path (a
    /// first frame, a takeover, an inherited velocity or removal, the frame it becomes logically
    /// complete).
    private func steadySample(at time: TimeInterval) -> LinearSample? {
        // Fields are read in place (copying the entry would retain everything it holds), and the
        // group's sample through its shared pointer; only a frame's first property refreshes it.
        // (An entry that took others over also accounts for their removal: the general path.)
        guard entries[0].usesSharedSample, !entries[0].pendingMerge, entries[0].initialVelocity == .zero,
            entries[0].inheritedRemovals == nil
        else { return nil }
        let shared = entries[0].shared
        guard let start = shared.pointee.startTime else { return nil }
        let elapsed = max(0, time - start)
        if shared.pointee.time != elapsed { entries[0].group.refreshSample(elapsed: elapsed) }
        let sample = shared.pointee.sample
        guard entries[0].isLogicallyComplete || !(sample.logicallyComplete || sample.finished) else { return nil }
        return sample
    }

    private static func fireDeadlines(_ deadlines: inout [LogicalDeadline], at time: TimeInterval) {
        var index = 0
        while index < deadlines.count {
            let deadline = deadlines[index]
            if time >= deadline.group.start(at: time) + deadline.delay {
                deadline.group.animationLogicallyCompleted()
                deadlines.swapAt(index, deadlines.count - 1)
                deadlines.removeLast()
            } else {
                index += 1
            }
        }
    }

    /// When `entry`'s animation clock started, fixing it at `time` on a committed first frame.
    private static func startTime(of entry: AnimationEntry<V>, at time: TimeInterval, commit: Bool) -> TimeInterval? {
        if let start = entry.group.startTime { return start }
        return commit ? entry.group.start(at: time) : nil
    }

    /// Evaluates the chain of entries at `time`: returns the presented vector and, when every
    /// entry is linear, its exact velocity. When `commit` is true this is a frame: start
    /// times are fixed, pending takeovers hand off, finished entries retire.
    ///
    /// - Complexity: O(entries); for the usual single linear entry a handful of vector operations.
    static func evaluate(
        _ entries: inout [AnimationEntry<V>], base: inout V, deadlines: inout [LogicalDeadline],
        at time: TimeInterval, commit: Bool
    ) -> (V, V?) {
        var out = base
        var velocity: V? = .zero
        var index = 0
        while index < entries.count {
            let started = startTime(of: entries[index], at: time, commit: commit)
            if started == nil && entries[index].pendingMerge {
                index += 1  // a takeover not yet started shows what it takes over
                continue
            }
            // An entry not yet started (only when not committing) is at its own time 0.
            let start = started ?? time
            if entries[index].pendingMerge {
                // Hand off: the takeover starts from the state of everything before it at its start.
                let (value, handoffVelocity): (V, V)
                if start == time, let velocity {
                    (value, handoffVelocity) = (out, velocity)
                } else {
                    var prefix = Array(entries[0..<index])
                    var prefixBase = base
                    (value, handoffVelocity) = state(of: &prefix, base: &prefixBase, at: start)
                }
                var successor = entries[index]
                successor.pendingMerge = false
                let inherited = successor.explicitVelocity ?? handoffVelocity
                successor.initialVelocity = inherited
                successor.context.state[SpringVelocityKey<V>.self] = inherited
                if commit {
                    for old in 0..<index { retire(&entries[old], .merged, into: &successor, deadlines: &deadlines) }
                }
                entries.removeFirst(index)
                entries[0] = successor
                base = value
                out = value
                velocity = .zero
                index = 0
                continue
            }
            let elapsed = max(0, time - start)
            let change = entries[index].target - out
            var offset: V
            var finished: Bool
            var logicallyComplete: Bool
            if entries[index].usesSharedSample {
                let sample = entries[index].group.sample(elapsed: elapsed)
                let v0 = entries[index].initialVelocity
                logicallyComplete = sample.logicallyComplete
                if v0 == .zero {
                    offset = change.scaled(by: sample.a)
                    finished = sample.finished
                    if let v = velocity { velocity = v.scaled(by: 1 - sample.a) + change.scaled(by: sample.da) }
                } else {
                    offset = change.scaled(by: sample.a) + v0.scaled(by: sample.b)
                    let own = change.scaled(by: sample.da) + v0.scaled(by: sample.db)
                    finished =
                        entries[index].animation.storage.mergingSpring?.isSettled(
                            change: change, initialVelocity: v0, offset: offset, velocity: own) ?? sample.finished
                    if let v = velocity { velocity = v.scaled(by: 1 - sample.a) + own }
                }
            } else {
                let animation = entries[index].animation
                let result = animation.animate(value: change, time: elapsed, context: &entries[index].context)
                // A custom animation that returns a non-finite value is treated as finished.
                finished = result.map { !isFiniteVector($0) } ?? true
                offset = finished ? change : result!
                logicallyComplete = entries[index].context.isLogicallyComplete
                velocity = nil
            }
            if finished {
                out = entries[index].target
                velocity = .zero
            } else {
                out += offset
            }
            if commit {
                if (logicallyComplete || finished) && !entries[index].isLogicallyComplete {
                    entries[index].isLogicallyComplete = true
                    entries[index].group.animationLogicallyCompleted()
                }
                if finished {
                    // It now shows its full target, so every entry up to it is done.
                    for old in 0..<index { retire(&entries[old], .superseded, deadlines: &deadlines) }
                    retire(&entries[index], .finished, deadlines: &deadlines)
                    // Keep the buffer when emptying: freeing it would cost a frame that finishes
                    // many animations more than a steady frame (and the next animation reuses it).
                    if index + 1 == entries.count {
                        entries.removeAll(keepingCapacity: true)
                    } else {
                        entries.removeFirst(index + 1)
                    }
                    base = out
                    index = 0
                    continue
                }
            }
            index += 1
        }
        return (out, velocity)
    }

    /// Value and velocity of a chain at `time`, without committing anything; the velocity
    /// is exact for linear chains and a 1 ms backward difference otherwise.
    private static func state(of entries: inout [AnimationEntry<V>], base: inout V, at time: TimeInterval) -> (V, V) {
        var earlierEntries = entries
        var earlierBase = base
        var unused: [LogicalDeadline] = []
        let (value, exact) = evaluate(&entries, base: &base, deadlines: &unused, at: time, commit: false)
        if let exact { return (value, exact) }
        let h = 1e-3
        let (earlier, _) = evaluate(
            &earlierEntries, base: &earlierBase, deadlines: &unused, at: time - h, commit: false)
        return (value, (value - earlier).scaled(by: 1 / h))
    }

    /// The presented velocity at `time` (zero when idle), without changing anything.
    func velocity(at time: TimeInterval) -> V {
        guard !entries.isEmpty else { return .zero }
        var copy = entries
        var copyBase = base
        return Self.state(of: &copy, base: &copyBase, at: time).1
    }

    // MARK: Retiring

    private static func retire(
        _ entry: inout AnimationEntry<V>, _ reason: Retirement, deadlines: inout [LogicalDeadline]
    ) {
        var none = AnimationEntry<V>?.none
        retire(&entry, reason, successor: &none, deadlines: &deadlines)
    }

    private static func retire(
        _ entry: inout AnimationEntry<V>, _ reason: Retirement, into successor: inout AnimationEntry<V>,
        deadlines: inout [LogicalDeadline]
    ) {
        var wrapped: AnimationEntry<V>? = successor
        retire(&entry, reason, successor: &wrapped, deadlines: &deadlines)
        successor = wrapped!
    }

    /// Settles an entry's completion accounting, exactly once.
    private static func retire(
        _ entry: inout AnimationEntry<V>, _ reason: Retirement, successor: inout AnimationEntry<V>?,
        deadlines: inout [LogicalDeadline]
    ) {
        if reason == .merged, successor != nil {
            successor!.inheritedRemovals =
                (successor!.inheritedRemovals ?? []) + [entry.group]
                + (entry.inheritedRemovals ?? [])
        } else {
            entry.group.animationRemoved()
            for group in entry.inheritedRemovals ?? [] { group.animationRemoved() }
        }
        entry.inheritedRemovals = nil
        guard !entry.isLogicallyComplete else { return }
        entry.isLogicallyComplete = true
        switch reason {
        case .finished, .cancelled:
            entry.group.animationLogicallyCompleted()
        case .merged, .superseded:
            if let delay = entry.animation.storage.logicalDuration {
                deadlines.append(LogicalDeadline(group: entry.group, delay: delay))
            } else {
                entry.group.animationLogicallyCompleted()
            }
        }
    }
}
