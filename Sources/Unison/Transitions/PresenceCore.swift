import Foundation

/// The state behind a ``Presence``: the animated effects, visibility and bookkeeping.
///
/// It is separate from the public object so that releasing a `Presence` mid-transition cuts
/// the host's callbacks off at once; the core goes with it, and releasing its property ends the
/// transition in flight, whose completions (and the caller's, which it holds) run at the next
/// safe point, once. (Completion closures only hold the core weakly.)
@MainActor
final class PresenceCore {
    /// Set by this file and PresenceCore+Seeking.swift only.
    var isPresent: Bool
    var isVisible: Bool
    /// Used from the next insertion or removal on.
    var transition: AnyTransition
    /// Always usable (see ``usableElementSize(_:)``).
    private(set) var size: CGSize

    /// The effects, animated in element-size units (see ``SizedEffects``).
    let property: AnimatableProperty<SizedEffects>
    /// The host's callbacks; nil once the `Presence` is released.
    private var apply: (@MainActor (TransitionEffects) -> Void)?
    private(set) var visibilityChanged: (@MainActor (Bool) -> Void)?
    /// Counts changes of `isPresent` (and seeks): a transition's completion acts only if it is
    /// still the latest.
    var generation = 0
    /// What scaling and rotation pivot about while the effects animate (see ``Presence``).
    var motionAnchor: UnitPoint
    /// The seek in progress, if any (PresenceCore+Seeking.swift).
    var seek: Seek?
    /// Which way the transition in flight goes, and how it was shown: what a seek that grabs it
    /// measures its progress along.
    var flight: Flight?
    /// Whether the latest change shows reduced motion (ReducedMotion.swift): `shownTransition`.
    var motionReduced = false

    /// The property's target: hands each presented value to ``present(_:)``. The engine calls it
    /// without reference counting, and it calls the core the same way.
    private final class Presenter: AnimationTarget<SizedEffects> {
        /// Neither weak nor strong: a weak load per frame, and the slow-path retain and release of
        /// a core that completions reference weakly, cost more than resolving the effects; a
        /// strong one would make a cycle. It never dangles when called: this object is the target
        /// of ``PresenceCore/property`` only, which the core owns and never hands out, so the
        /// property lives no longer than the core (its jumps come from the core's calls, or from
        /// `finishAnimations(on:)` while both live); releasing the property, as the core's deinit
        /// does, takes it out of every frame and batch, so the engine calls this target no more
        /// (the rest of a frame in flight skips it). One case is narrower than
        /// `_withUnsafeGuaranteedRef` promises: the host's `apply`, called from `present`, may
        /// release the `Presence` and the core with it while `present` runs, which is sound only
        /// because `present` reads nothing of the core after that call; keep it so.
        @exclusivity(unchecked) var core: Unmanaged<PresenceCore>?

        override func apply(_ value: SizedEffects) {
            if let core { Self.send(value, to: core, Self.presentCall) }
        }

        /// `core.present(value)` without reference counting (see ``core``), as `ValueBatch` calls
        /// its targets: outside the main actor, so that the closure given to
        /// `_withUnsafeGuaranteedRef` is not one of the main actor's (which checks its executor on
        /// every call). `call` is `presentCall`.
        @inline(__always)
        private nonisolated static func send(
            _ value: SizedEffects, to core: Unmanaged<PresenceCore>, _ call: (PresenceCore, SizedEffects) -> Void
        ) {
            core._withUnsafeGuaranteedRef { call($0, value) }
        }

        /// `core.present(value)`, typed as a function of any isolation for `send`, which only runs
        /// it on the main actor (where the engine calls targets). It captures nothing; only
        /// main-actor code can read it, so the unchecked type never leaves the main actor.
        @inline(__always)
        private static var presentCall: (PresenceCore, SizedEffects) -> Void {
            let call: @MainActor (PresenceCore, SizedEffects) -> Void = { $0.present($1) }
            return unsafeBitCast(call, to: ((PresenceCore, SizedEffects) -> Void).self)
        }
    }

    init(
        isPresent: Bool, transition: AnyTransition, size: CGSize, clock: any FrameClock,
        apply: @escaping @MainActor (TransitionEffects) -> Void, visibilityChanged: @escaping @MainActor (Bool) -> Void
    ) {
        let presenter = Presenter()
        let direction = clock.environment.merging(Transaction.current.environment).layoutDirection
        let initial = transition.sizedEffects(for: isPresent ? .identity : .willAppear, in: direction)
        property = AnimatableProperty(initial, clock: clock, target: presenter)
        self.isPresent = isPresent
        isVisible = isPresent
        self.transition = transition
        self.size = usableElementSize(size)
        self.apply = apply
        self.visibilityChanged = visibilityChanged
        motionAnchor = initial.effects.anchor
        presenter.core = Unmanaged.passUnretained(self)
    }

    var clock: any FrameClock { property.clock }
    var isAnimating: Bool { property.isAnimating }

    /// The presence's own environment values: its transitions' animations see them, and its
    /// layout direction decides which way leading and trailing edges go.
    var environment: EnvironmentValues {
        get { property.environment }
        set { property.environment = newValue }
    }

    /// The effects presented now.
    var effects: TransitionEffects { resolve(property.presentationValue) }

    /// The presented effects' velocity, per second, with offsets in points.
    var velocity: TransitionEffects.AnimatableData {
        let sized = property.velocity
        var velocity = sized.first
        velocity.second.first.first += sized.second.first * size.width
        velocity.second.first.second += sized.second.second * size.height
        return velocity
    }

    // MARK: Changes

    func setPresent(_ newValue: Bool) {
        if seek != nil {
            // Ends the seek towards `newValue` with the caller's transaction (see ``Presence``).
            endSeek(toward: newValue, animation: nil, velocity: 0, defaultAnimation: nil)
            return
        }
        guard newValue != isPresent else { return }
        // Read the caller's transaction before opening any of ours.
        let context = Transaction.current
        let enclosing = TransitionHold.Enclosing.current
        var animation: Animation?
        if !context.disablesAnimations {
            animation =
                transition.ownAnimation(for: newValue ? .willAppear : .didDisappear)
                ?? (context.isAnimated ? context.animation : nil)
            if let candidate = animation, !clock.allowsAnimation(candidate, essential: context.isEssential) {
                animation = nil
            }
        }
        // The clock's values, the presence's own over them, the transaction's over those.
        let lower = clock.environment.merging(property.environment)
        motionReduced = ReducedMotion.applies(to: context.environment, over: lower, running: animation)
        if motionReduced { animation = animation?.reducingMotion }
        let direction = lower.merging(context.environment).layoutDirection
        isPresent = newValue
        generation &+= 1
        // Every step runs inside one scope carrying the caller's transaction, so the host's
        // callbacks see it (a host that relayouts on `visibilityChanged` animates with it), and
        // completions that become due on the way (those of a transition this change interrupts)
        // wait until this presence is consistent again.
        enclosing.withScope(of: context) {
            if newValue {
                insert(
                    animation: animation, direction: direction, environment: context.environment, enclosing: enclosing)
            } else {
                remove(
                    animation: animation, direction: direction, environment: context.environment, enclosing: enclosing)
            }
        }
    }

    private func insert(
        animation: Animation?, direction: LayoutDirection, environment: EnvironmentValues,
        enclosing: TransitionHold.Enclosing
    ) {
        let change = generation
        let fromHidden = !isVisible
        if fromHidden {
            isVisible = true
            visibilityChanged?(true)
            guard generation == change else { return }  // the callback changed isPresent again
        }
        let identity = shownTransition.sizedEffects(for: .identity, in: direction)
        guard let animation else {
            jump(to: identity)
            return
        }
        if fromHidden {
            // Presented at once at the insertion's active effects: no frame shows it at identity.
            jump(to: shownTransition.sizedEffects(for: .willAppear, in: direction))
            guard generation == change else { return }
        }
        if !property.isAnimating { motionAnchor = property.value.effects.anchor }
        flight = Flight(towardPresent: true, path: .transition(shownTransition, direction))
        run(to: identity, animation: animation, isRemoval: false, environment: environment, enclosing: enclosing)
    }

    private func remove(
        animation: Animation?, direction: LayoutDirection, environment: EnvironmentValues,
        enclosing: TransitionHold.Enclosing
    ) {
        let change = generation
        let gone = shownTransition.sizedEffects(for: .didDisappear, in: direction)
        guard let animation else {
            jump(to: gone)
            guard generation == change else { return }
            hide()
            return
        }
        if !property.isAnimating { motionAnchor = gone.effects.anchor }
        flight = Flight(towardPresent: false, path: .transition(shownTransition, direction))
        run(to: gone, animation: animation, isRemoval: true, environment: environment, enclosing: enclosing)
    }

    /// Animates to `target` in a transaction of its own (with the caller's environment values),
    /// holding the caller's transaction's completions until it has finished; a removal that is
    /// still the latest change hides the element first. A `velocity` (per second, in the
    /// property's units) is handed to the animation when it starts (a spring begins with it).
    func run(
        to target: SizedEffects, animation: Animation, isRemoval: Bool, environment: EnvironmentValues,
        enclosing: TransitionHold.Enclosing, velocity: SizedEffects.AnimatableData? = nil
    ) {
        guard target != property.value else {
            // Nothing to animate towards (an identity side): a removal is over at once.
            if isRemoval { hide() }
            return
        }
        if let velocity { property.handOff(velocity: velocity) }
        let change = generation
        let hold = enclosing.hold()
        var transaction = Transaction(animation: animation)
        transaction.environment = environment
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { hold.releaseLogicallyComplete() }
        transaction.addAnimationCompletion(criteria: .removed) { [weak self] in
            self?.transitionFinished(isRemoval: isRemoval, change: change)
            // A released transition is over: logically complete too, and first.
            if self == nil { hold.releaseLogicallyComplete() }
            hold.releaseRemoved()
        }
        // Transitions started together (in one transaction, or one layout pass) share a batch.
        enclosing.withTransactionTogether(transaction, on: clock) { property.value = target }
    }

    /// A transition's animation has been removed (its `.removed` completion, at a safe point).
    private func transitionFinished(isRemoval: Bool, change: Int) {
        if isRemoval && change == generation {
            hide()
        }
    }

    /// Sets the effects at once (one apply), whatever the caller's transaction says.
    func jump(to value: SizedEffects) {
        withTransaction(Transaction()) { property.value = value }
    }

    func hide() {
        guard isVisible else { return }
        isVisible = false
        visibilityChanged?(false)
    }

    func setSize(_ newValue: CGSize) {
        let newSize = usableElementSize(newValue)
        guard newSize != size else { return }
        let before = effects
        size = newSize
        let after = effects
        if isVisible && after != before { apply?(after) }
    }

    // MARK: Presenting

    /// The property's apply: every presented value, in points, to the host. Nothing of this core is
    /// read after the host's `apply`, which may release it (`Presenter.core`).
    private func present(_ value: SizedEffects) {
        apply?(resolve(value))
    }

    /// `value` in points for the current size, pivoting about the motion's anchor while it moves.
    /// - Complexity: O(1); runs once per frame while a transition is in flight.
    private func resolve(_ value: SizedEffects) -> TransitionEffects {
        var effects = value.resolved(in: size)
        if property.isAnimating { effects.anchor = motionAnchor }
        return effects
    }

    // MARK: Release

    /// The `Presence` is gone: no more callbacks. The core and its property go with it; the
    /// engine ends the transition in flight, and the completions waiting for it run at the next
    /// safe point, exactly once, never inside the release.
    func release() {
        apply = nil
        visibilityChanged = nil
    }
}
