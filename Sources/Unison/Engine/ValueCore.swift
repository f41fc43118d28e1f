import Foundation

/// The engine side of one property: the clock's driver, the apply closure and the state.
@MainActor
class ValueCore<Value: Animatable>: PropertyCore {
    typealias V = Value.AnimatableData

    let driver: FrameDriver
    /// What the property calls with each value to show (when it has a `target`, one that calls
    /// it, which `show` calls directly instead).
    let apply: @MainActor (Value) -> Void
    /// The object form of `apply` (``AnimationTarget``), when the property was made with one: it is
    /// called in place of `apply` (`show`), and batches call it without reference counting. Set
    /// once, right after `init` (`make`): a parameter of `init` would change how the optimiser
    /// compiles the subclasses' inherited initialisers, which then wrap `apply` in two
    /// reabstraction thunks. (Never accessed overlapping: no run-time exclusivity checks.)
    @exclusivity(unchecked) final var target: AnimationTarget<Value>?
    /// The property's own environment values and its host's, once either is given: one word
    /// per property until then (most properties never have either).
    var environmentSources: EnvironmentSources?
    /// A keyframe play that presents its frames itself while it is the only animation (ValueCore+Keyframes).
    @exclusivity(unchecked) final var keyframes: KeyframeFrames<Value>? {
        // A play presented by a batch leaves it when the property drops it.
        didSet { if let oldValue, oldValue !== keyframes { oldValue.dropped(by: self) } }
    }
    /// All mutable engine state, in one struct stored in the core itself (no allocation of its
    /// own; the last stored property, after fields whose sizes do not depend on `Value`).
    ///
    /// A class's stored properties are checked for exclusive access at run time on every
    /// access (about 120 instructions per frame and property, a third of the frame path).
    /// Here the state is only touched on the main actor, the engine never overlaps its own
    /// accesses, and `apply` (user code, which may read the property) runs after the frame's
    /// access has ended, so the check would never fire: it is turned off.
    @exclusivity(unchecked) final var state: ValueState<Value>

    /// Where `state` is, for code that keeps a pointer to it (`KeyframeFrames`): valid while the
    /// core lives. Swift does not promise this (a pointer from `withUnsafeMutablePointer` is only
    /// documented as valid inside its closure); it holds because a final stored property without
    /// observers of a class instance is passed `inout` by its own address, which the object keeps
    /// for its lifetime. Debug builds check it on every frame a keyframe play presents itself
    /// (`KeyframeFrames.present`); the alternative, the state in an allocation of its own behind a
    /// pointer, cost 32 bytes per value.
    final var statePointer: UnsafeMutablePointer<ValueState<Value>> { withUnsafeMutablePointer(to: &state) { $0 } }

    /// The transaction of its one animation, while batched (its state is usual), read in place:
    /// through `state` a batch's loop over its members would copy each one's whole state.
    final var batchedGroup: TransactionGroup { ValueState<Value>.group(of: &state.entries.head!) }

    /// `batchedGroup`'s shared sample and counts.
    final var batchedShared: UnsafeMutablePointer<SharedSample> { batchedGroup.shared }

    required init(_ value: Value, driver: FrameDriver, apply: @escaping @MainActor (Value) -> Void) {
        self.driver = driver
        self.apply = apply
        state = ValueState(value)
        super.init()
    }

    isolated deinit {
        // A batch holds its members' cores `unowned(unsafe)`: one must have left before it goes.
        assert(state.batch == nil, "a property's core went away while in a batch")
    }

    // MARK: Changes the user makes

    /// Sets the model value: animates in an animated transaction, jumps otherwise. With
    /// `restarting`, an animation starts even when `newValue` is the current target (a keyframe
    /// timeline that ends where it starts, a spring back to the point a flick left). (Overridden by
    /// the subclasses of the common types, which compile it for their type: ValueCore+Specialized.)
    func set(_ newValue: Value, restarting: Bool = false) {
        let data = newValue.animatableData
        guard isFiniteVector(data) else { return }
        keyframes = nil
        state.leaveIfFinished()
        let group = Engine.currentGroup
        if let group, group.tracksVelocity { state.rareState().tracker.record(data, at: driver.now) }
        state.setModel(newValue)
        if let group, group.isAnimated, driver.clock.allowsAnimation(group.animation!, essential: group.isEssential) {
            let currentTarget = state.entries.newestTarget(or: state.base)
            if data != currentTarget || restarting {
                let environment = group.readsEnvironment ? environment(startingIn: group) : EnvironmentValues()
                state.start(in: group, to: data, now: driver.now, environment: environment)
                driver.activate(self)
            } else if state.entries.isEmpty {
                jump(to: newValue)
            }
        } else {
            jump(to: newValue)
        }
        Engine.endOfSafePoint()
    }

    final func handOff(velocity: V) {
        guard isFiniteVector(velocity) else { return }
        state.rareState().handedOffVelocity = velocity
    }

    /// Jumps to the model value (the user asked): completions run before this returns.
    final func finish() {
        finishWithoutCompleting()
        Engine.endOfSafePoint()
    }

    final func velocity() -> V {
        state.settleIfFinished()
        return state.velocity(at: driver.now)
    }

    /// Brings the state up to date when its batch has finished the animation (`PropertyBatch`).
    final func settle() { state.settleIfFinished() }

    // MARK: Changes the engine or a toolkit makes

    /// Jumps to the model value; the completions that become due wait for the next safe point
    /// (this runs from toolkit signals such as unmap and finalize).
    override func finishWithoutCompleting() {
        keyframes = nil
        state.settleIfFinished()
        guard state.entries.hasEntry(at: 0) || state.hasDeadlines else { return }
        jump(to: state.model)
        Engine.deferCompletions()
    }

    /// The property was released: its animations end without another frame, and the
    /// completions waiting on them run at the next safe point, never inside the release.
    /// (Overridden, like `set`, by the subclasses of the common types.)
    func release() {
        keyframes = nil
        state.cancelAnimations()
        assert(state.batch == nil, "a released property is still in a batch")
        driver.deactivate(self)
        Engine.deferCompletions()
    }

    /// Hands `value` to the property's target, or else to its apply closure.
    @inline(__always)
    final func show(_ value: Value) {
        if let target { target.apply(value) } else { apply(value) }
    }

    private final func jump(to newValue: Value) {
        state.cancelAnimations()
        state.base = newValue.animatableData
        state.presented = newValue
        show(newValue)
        driver.deactivate(self)
    }

    override var hasAnimations: Bool {
        state.settleIfFinished()
        return state.entries.hasEntry(at: 0)
    }

    // MARK: Frames

    /// A frame outside a batch. Common value types use a concrete subclass (`ValueCore.make`)
    /// whose override calls this with the type known, so it is compiled specialised. An
    /// animation that became usual continues in its transaction's batch (`PropertyBatch`),
    /// which presents it from then on: the core leaves the driver's general list.
    @inline(__always)
    override func tick(at time: TimeInterval) -> Bool {
        if let keyframes, let needsFrames = keyframes.present(at: time, on: self) { return needsFrames }
        return tickAnimations(at: time)
    }

    /// `tick` without a keyframe play presenting itself. (A function of its own: inside `tick`,
    /// the generic metadata its code needs for a value of the app's own type would be looked up
    /// on every frame, the keyframe play's too.)
    @inline(never)
    final func tickAnimations(at time: TimeInterval) -> Bool {
        let presented = state.advance(to: time).presented
        if let presented { show(presented) }
        // Decided after `apply`, which may have started another animation on this property.
        return state.continues(in: self)
    }
}
