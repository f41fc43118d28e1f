import Foundation

/// A content change over time, toolkit-neutral: the text a view stands on, the ``ContentChange``
/// being drawn, its progress animated on a clock, and seeking (the change driven by a progress
/// from a gesture, then finished or cancelled with the release velocity). It is to a label's
/// content transition what ``Presence`` is to an element's insertion and removal; UnisonGtk's
/// `ContentLabel` draws it.
///
/// The host makes the changes it can draw (``run(_:)``: it has kept a picture of the old text and
/// shows the new one) and draws ``change`` at each progress `apply` is called with; `end` tells
/// it that the change is over and the view shows ``text`` as it is (after a cancelled seek, the
/// text the change started from).
///
/// Seeking follows ``Presence/seek(to:toward:)``'s rules, with texts for sides; see ``seek(to:toward:transition:previousValue:)``.
@MainActor
package final class ContentTransitionState {
    /// The text the view stands on: the latest one set or finished; while seeking, the text it
    /// stood on when the seek started (as ``Presence/isPresent``).
    package private(set) var text: String
    /// The change drawn now; nil when the view shows ``text`` as it is.
    package private(set) var change: ContentChange? {
        didSet { presenter.isDrawing = change != nil }
    }
    /// The change's progress: 0 shows its old text, 1 its new (a spring may pass either).
    let property: AnimatableProperty<Double>
    /// The seek in progress: which side of ``change`` it goes to, and the progress sought.
    private var seek: (towardNew: Bool, progress: Double)? {
        didSet { presenter.isSeeking = seek != nil }
    }
    /// Where the change drawn ends when nothing seeks it: 1 (its new text) or 0 (its old text).
    private var endpoint = 1.0 {
        didSet { presenter.endpoint = endpoint }
    }
    /// Asked to start a change for a seek: may the host draw it (it keeps a picture of the old
    /// text and shows the new one)? False ignores the seek.
    private let begin: @MainActor (ContentChange) -> Bool
    private let end: @MainActor (String) -> Void
    /// The property's target, which presents each progress (see ``Presenter``).
    private let presenter: Presenter

    /// The property's target: hands each presented progress of the change drawn to the host's
    /// drawer, or ends the change once it is at rest. The engine calls it without reference
    /// counting, and a frame in flight reaches nothing else but the drawer: it keeps copies of
    /// the few values it reads (the state's `change`, `seek` and `endpoint` update them), so it
    /// neither loads a weak reference nor retains the state.
    private final class Presenter: AnimationTarget<Double> {
        // Read every frame without the run-time exclusivity check a class's stored property pays
        // on every access: only the main actor touches them, and no access overlaps another.
        /// `change != nil`: comparing `change` itself with nil copied the change (all its fields).
        @exclusivity(unchecked) var isDrawing = false
        /// The state's `seek != nil` and `endpoint`.
        @exclusivity(unchecked) var isSeeking = false
        @exclusivity(unchecked) var endpoint = 1.0
        /// The host's drawing: called with every presented progress of the change drawn.
        let drawer: AnimationTarget<Double>
        /// Neither weak nor strong (a weak load, and the slow-path retain and release of an object
        /// that is weakly referenced, cost more than the rest of the frame's bookkeeping; a strong
        /// one would make a cycle); read only when a change comes to rest. It never dangles when
        /// read: this object is the target of ``ContentTransitionState/property`` only, which the
        /// state owns and never hands out, so the property lives no longer than the state (its
        /// jumps come from the state's calls, or from `finishAnimations(on:)` while both live);
        /// releasing the property, as the state's deinit does, takes it out of every frame and
        /// batch, so the engine calls this target no more (the rest of a frame in flight skips it).
        unowned(unsafe) var state: ContentTransitionState?

        init(drawer: AnimationTarget<Double>) {
            self.drawer = drawer
        }

        /// Every presented progress: to the host while the change is drawn; at rest, the end.
        override func apply(_ value: Double) {
            guard isDrawing else { return }
            // At rest only at the endpoint (every jump while no seek runs goes there): the cheap
            // comparisons first, so that a frame in flight neither reaches the state nor asks the
            // engine. (Nothing reads the state after `settle`: the host's `end` may release it.)
            if value == endpoint && !isSeeking, let state, !state.isAnimating {
                state.settle()
            } else {
                drawer.apply(value)
            }
        }
    }

    /// Calls a closure: the host's drawing given as one.
    private final class ClosureDrawer: AnimationTarget<Double> {
        let body: @MainActor (Double) -> Void
        init(_ body: @escaping @MainActor (Double) -> Void) { self.body = body }
        override func apply(_ value: Double) { body(value) }
    }

    /// A view showing `text`, whose changes animate on `clock`. `begin` is asked before a seek
    /// starts a change (see above), `apply` is called with every presented progress of the
    /// change drawn, `end` once the change is over, with the text now shown.
    package convenience init(
        text: String, clock: any FrameClock, begin: @escaping @MainActor (ContentChange) -> Bool,
        apply: @escaping @MainActor (Double) -> Void, end: @escaping @MainActor (String) -> Void
    ) {
        self.init(text: text, clock: clock, begin: begin, drawer: ClosureDrawer(apply), end: end)
    }

    /// As ``init(text:clock:begin:apply:end:)``, with the host's drawing given as an object: a frame
    /// calls it through its class's vtable, without the retain and release of a closure's context
    /// around the call (the state holds it strongly).
    package init(
        text: String, clock: any FrameClock, begin: @escaping @MainActor (ContentChange) -> Bool,
        drawer: AnimationTarget<Double>, end: @escaping @MainActor (String) -> Void
    ) {
        self.text = text
        self.begin = begin
        self.end = end
        let presenter = Presenter(drawer: drawer)
        self.presenter = presenter
        property = AnimatableProperty(1.0, clock: clock, target: presenter)
        presenter.state = self
    }

    /// The progress of ``change`` as presented now (0: its old text, 1: its new).
    package var progress: Double { property.presentationValue }
    /// How fast ``progress`` changes, per second.
    package var velocity: Double { property.velocity }
    /// Whether the change drawn is animating.
    package var isAnimating: Bool { property.isAnimating }

    // MARK: Changes

    /// Draws `change` from its old text to its new one with the current transaction (progress 0
    /// to 1); ``text`` becomes its new text. A change drawn before is replaced without its end
    /// (the host draws from the new change's old text); a seek is dropped. Outside an animated
    /// transaction the change ends at once.
    package func run(_ change: ContentChange) {
        seek = nil
        self.change = nil
        withTransaction(Transaction()) { property.value = 0 }
        self.change = change
        text = change.new
        endpoint = 1
        property.value = 1
        settleIfAtRest()
    }

    /// Ends the change drawn at once, at ``text`` (a seek is dropped there). Nothing if none is drawn.
    package func finish() {
        guard change != nil else { return }
        seek = nil
        endpoint = text == change?.new ? 1 : 0
        withTransaction(Transaction()) { property.value = endpoint }
        settleIfAtRest()
    }

    /// Shows `text` at once, ending the change drawn (if any) first.
    package func jump(to text: String) {
        finish()
        self.text = text
    }

    private func settleIfAtRest() {
        if change != nil && seek == nil && !property.isAnimating { settle() }
    }

    /// The change drawn is over: the host is told (it may release this object).
    private func settle() {
        guard change != nil else { return }
        change = nil
        end(text)
    }

    // MARK: Seeking

    /// Whether a seek is in progress.
    package var isSeeking: Bool { seek != nil }

    /// The text the seek in progress goes to; nil when not seeking.
    package var seekTarget: String? {
        guard let seek, let change else { return nil }
        return seek.towardNew ? change.new : change.old
    }

    /// How far the view is through a change to `target` (0: the other side, 1: there): the last
    /// progress sought while seeking that way, else the change drawn measured that way (it may
    /// read slightly past 0…1 while a spring overshoots), else 1 if the view shows `target`, 0 if not.
    package func progress(toward target: String) -> Double {
        if let change, target == change.new || target == change.old {
            if let seek, seek.towardNew == (target == change.new) { return seek.progress }
            return target == change.new ? progress : 1 - progress
        }
        return target == text ? 1 : 0
    }

    /// Drives a change to `target` by hand: the change drawn at `progress` (0: where it starts,
    /// 1: `target`). The rules:
    /// - Along the change drawn when `target` is one of its two texts: seeking it, or grabbing it
    ///   in flight (start from ``progress(toward:)`` and nothing jumps), either way; an animated
    ///   change is stopped where it is (its transaction's completions run, once, at the next safe
    ///   point).
    /// - Otherwise a new change from ``text`` to `target` with `transition` (the change drawn, if
    ///   any, ends at once at ``text`` first); none when `target` is ``text`` already (ignored),
    ///   or when the host cannot draw it (`begin` said no).
    /// - A progress outside 0…1 is clamped; NaN is ignored.
    /// - ``text`` keeps its value until the seek is finished or cancelled.
    package func seek(
        to progress: Double, toward target: String, transition: ContentTransition, previousValue: Double? = nil
    ) {
        guard !progress.isNaN else { return }
        let clamped = min(max(progress, 0), 1)
        if let change, target == change.new || target == change.old {
            let towardNew = target == change.new
            seek = (towardNew, clamped)
            // A jump: stops an animation in flight where it is, and draws the progress (one `apply`).
            withTransaction(Transaction()) { property.value = towardNew ? clamped : 1 - clamped }
            return
        }
        guard target != text else { return }
        finish()
        let change = ContentChange(from: text, to: target, transition: transition, previousValue: previousValue)
        guard !change.isEmpty, begin(change) else { return }
        self.change = change
        seek = (true, clamped)
        withTransaction(Transaction()) { property.value = clamped }
    }

    /// Ends the seek by animating on to its target, from the progress shown, with `velocity` in
    /// progress per second (positive towards the target); the animation is `animation`, else the
    /// current transaction's, else `.spring` (see ``endSeek(towardNew:animation:velocity:defaultAnimation:)``).
    package func finishSeeking(velocity: Double, animation: Animation?) {
        guard let seek else { return }
        endSeek(towardNew: seek.towardNew, animation: animation, velocity: velocity, defaultAnimation: .spring)
    }

    /// Ends the seek by animating back to the other side of the change, as ``finishSeeking(velocity:animation:)``.
    package func cancelSeeking(velocity: Double, animation: Animation?) {
        guard let seek else { return }
        endSeek(towardNew: !seek.towardNew, animation: animation, velocity: velocity, defaultAnimation: .spring)
    }

    /// `text` set while seeking: if it is one side of the change, the seek ends there with the
    /// caller's transaction (as finishing or cancelling with no velocity), and true is returned.
    package func endSeek(at text: String) -> Bool {
        guard seek != nil, let change, text == change.new || text == change.old else { return false }
        endSeek(towardNew: text == change.new, animation: nil, velocity: 0, defaultAnimation: nil)
        return true
    }

    /// Ends the seek at the text on the `towardNew` side of the change: animated from the
    /// progress shown with `velocity` (progress per second, positive towards the seek's target),
    /// or at once. The animation is `explicit`, else the current transaction's, else
    /// `defaultAnimation`; none in a transaction that disables animations or where the clock does
    /// not allow it; reduced motion takes the bounce out of a spring. The current transaction's
    /// completions wait for it. Does nothing unless seeking.
    package func endSeek(
        towardNew: Bool, animation explicit: Animation?, velocity: Double, defaultAnimation: Animation?
    ) {
        guard let seek, let change else { return }
        self.seek = nil
        let context = Transaction.current
        let enclosing = TransitionHold.Enclosing.current
        var animation: Animation?
        if !context.disablesAnimations {
            animation = explicit ?? (context.isAnimated ? context.animation : nil) ?? defaultAnimation
            if let candidate = animation, !property.clock.allowsAnimation(candidate, essential: context.isEssential) {
                animation = nil
            }
        }
        if ReducedMotion.applies(to: context.environment, over: property.clock.environment, running: animation) {
            animation = animation?.reducingMotion
        }
        text = towardNew ? change.new : change.old
        endpoint = towardNew ? 1 : 0
        guard let animation, property.value != endpoint else {
            withTransaction(Transaction()) { property.value = endpoint }
            settleIfAtRest()
            return
        }
        // In the change's own units: positive towards its new text.
        let speed = velocity.isFinite ? velocity : 0
        property.handOff(velocity: seek.towardNew ? speed : -speed)
        let hold = enclosing.hold()
        var transaction = Transaction(animation: animation)
        transaction.environment = context.environment
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { hold.releaseLogicallyComplete() }
        transaction.addAnimationCompletion(criteria: .removed) {
            hold.releaseLogicallyComplete()
            hold.releaseRemoved()
        }
        withTransaction(transaction) { property.value = endpoint }
        settleIfAtRest()
    }
}
