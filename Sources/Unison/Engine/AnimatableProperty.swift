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
        core = ValueCore(value, driver: FrameDriver.driver(for: clock), apply: apply)
    }

    isolated deinit {
        core.cancel()
    }

    /// The model value: reading returns the latest value set, at once; setting animates
    /// with the current transaction or jumps.
    public var value: Value {
        get { core.model }
        set { core.set(newValue) }
    }

    /// The value shown now (the last value applied).
    public var presentationValue: Value { core.presented }

    /// The presented value's velocity at the clock's current time, in units per second.
    public var velocity: Value.AnimatableData { core.velocity() }

    /// Whether an animation is running.
    public var isAnimating: Bool { !core.entries.isEmpty }

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

/// The engine state of one property.
@MainActor
final class ValueCore<Value: Animatable>: PropertyCore {
    typealias V = Value.AnimatableData

    let driver: FrameDriver
    let apply: @MainActor (Value) -> Void
    private(set) var model: Value
    private(set) var presented: Value
    /// `out_0`: where the oldest running animation started (or the value, when idle).
    private var base: V
    private(set) var entries: [AnimationEntry<V>] = []
    private var deadlines: [LogicalDeadline] = []
    private var tracker = VelocityTracker<V>()
    private var handedOffVelocity: V?

    init(_ value: Value, driver: FrameDriver, apply: @escaping @MainActor (Value) -> Void) {
        self.driver = driver
        self.apply = apply
        model = value
        presented = value
        base = value.animatableData
    }

    // MARK: Setting

    func set(_ newValue: Value) {
        let data = newValue.animatableData
        guard isFiniteVector(data) else { return }
        let group = TransactionScope.stack.last?.group
        if let group, group.tracksVelocity { tracker.record(data, at: driver.now) }
        model = newValue
        if let group, group.isAnimated, driver.clock.animationsEnabled {
            let currentTarget = entries.last?.target ?? base
            if data == currentTarget {
                if entries.isEmpty { jump(to: newValue) }
            } else {
                start(group.animation!, to: data, in: group)
            }
        } else {
            jump(to: newValue)
        }
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    private func jump(to newValue: Value) {
        cancelAnimations()
        base = newValue.animatableData
        presented = newValue
        apply(newValue)
        if deadlines.isEmpty { driver.deactivate(self) }
    }

    private func start(_ animation: Animation, to target: V, in group: TransactionGroup) {
        var entry = AnimationEntry(animation: animation, target: target, group: group)
        group.registerAnimation()
        if var last = entries.last {
            if last.pendingMerge && last.group.startTime == nil {
                // Two takeovers before a frame: the newer one replaces the pending one directly.
                entries.removeLast()
                retire(&last, .merged, into: &entry)
            }
        }
        if let last = entries.last {
            var context = last.context
            let now = driver.now
            let elapsed = max(0, now - (last.group.startTime ?? now))
            let change = last.target - base
            if animation.shouldMerge(previous: last.animation, value: change, time: elapsed, context: &context) {
                entry.context = context
                entry.pendingMerge = true
                if context.state[SpringBlendKey.self] != nil { entry.usesSharedSample = false }
                entry.explicitVelocity = handedOffVelocity
            }
        } else if animation.storage.mergingSpring != nil {
            let velocity = handedOffVelocity ?? tracker.velocity(at: driver.now)
            entry.initialVelocity = velocity
            if velocity != .zero { entry.context.state[SpringVelocityKey<V>.self] = velocity }
        }
        handedOffVelocity = nil
        tracker.reset()
        entries.append(entry)
        driver.activate(self)
    }

    func handOff(velocity: V) {
        guard isFiniteVector(velocity) else { return }
        handedOffVelocity = velocity
    }

    override func finishNow() { finish() }

    func finish() {
        guard !entries.isEmpty || !deadlines.isEmpty else { return }
        jump(to: model)
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    /// Ends everything at once (release, jump): every completion fires, once.
    func cancel() {
        cancelAnimations()
        driver.deactivate(self)
        if CompletionQueue.canFlushNow { CompletionQueue.flush() }
    }

    private func cancelAnimations() {
        for index in entries.indices { retire(&entries[index], .cancelled) }
        entries.removeAll()
        for deadline in deadlines { deadline.group.animationLogicallyCompleted() }
        deadlines.removeAll()
    }

    // MARK: Frames

    override func tick(at time: TimeInterval) -> Bool {
        let wasAnimating = !entries.isEmpty
        if wasAnimating {
            let (value, _) = evaluate(&entries, base: &base, at: time, commit: true)
            if entries.isEmpty {
                base = model.animatableData
                presented = model
            } else {
                presented = model
                presented.animatableData = value
            }
        }
        if !deadlines.isEmpty { fireDeadlines(at: time) }
        if wasAnimating { apply(presented) }
        return !entries.isEmpty || !deadlines.isEmpty
    }

    private func fireDeadlines(at time: TimeInterval) {
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

    /// When entry `entry`'s animation clock started, fixing it at `time` on a committed first frame.
    private func startTime(of entry: AnimationEntry<V>, at time: TimeInterval, commit: Bool) -> TimeInterval? {
        if let start = entry.group.startTime { return start }
        return commit ? entry.group.start(at: time) : nil
    }

    /// Evaluates the chain of entries at `time`: returns the presented vector and, when every
    /// entry is linear, its exact velocity. When `commit` is true this is a frame: start
    /// times are fixed, pending takeovers hand off, finished entries retire.
    ///
    /// - Complexity: O(entries); for the usual single linear entry a handful of vector operations.
    private func evaluate(
        _ entries: inout [AnimationEntry<V>], base: inout V, at time: TimeInterval, commit: Bool
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
                for old in 0..<index {
                    if commit { retire(&entries[old], .merged, into: &successor) }
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
                    for old in 0..<index { retire(&entries[old], .superseded) }
                    retire(&entries[index], .finished)
                    entries.removeFirst(index + 1)
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
    private func state(of entries: inout [AnimationEntry<V>], base: inout V, at time: TimeInterval) -> (V, V) {
        var earlierEntries = entries
        var earlierBase = base
        let (value, exact) = evaluate(&entries, base: &base, at: time, commit: false)
        if let exact { return (value, exact) }
        let h = 1e-3
        let (earlier, _) = evaluate(&earlierEntries, base: &earlierBase, at: time - h, commit: false)
        return (value, (value - earlier).scaled(by: 1 / h))
    }

    private func evaluateCopy(at time: TimeInterval) -> (V, V) {
        var copy = entries
        var copyBase = base
        return state(of: &copy, base: &copyBase, at: time)
    }

    func velocity() -> V {
        guard !entries.isEmpty else { return .zero }
        return evaluateCopy(at: driver.now).1
    }

    // MARK: Retiring

    private func retire(_ entry: inout AnimationEntry<V>, _ reason: Retirement) {
        var none = AnimationEntry<V>?.none
        retireCore(&entry, reason, successor: &none)
    }

    private func retire(_ entry: inout AnimationEntry<V>, _ reason: Retirement, into successor: inout AnimationEntry<V>)
    {
        var wrapped: AnimationEntry<V>? = successor
        retireCore(&entry, reason, successor: &wrapped)
        successor = wrapped!
    }

    /// Settles an entry's completion accounting, exactly once.
    private func retireCore(_ entry: inout AnimationEntry<V>, _ reason: Retirement, successor: inout AnimationEntry<V>?)
    {
        let groups = [entry.group] + entry.inheritedRemovals
        entry.inheritedRemovals = []
        if reason == .merged, successor != nil {
            successor!.inheritedRemovals.append(contentsOf: groups)
        } else {
            for group in groups { group.animationRemoved() }
        }
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
