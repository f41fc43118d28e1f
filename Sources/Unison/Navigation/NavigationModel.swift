import Foundation

// (Over 500 lines, one job: the stack's pages, their transitions (pushes, pops, and pops and pushes
// held by a gesture) and their appearance events share private state that no other type may touch;
// the transitions' bookkeeping is most of the file.)

/// A navigation stack's logic, toolkit-neutral: push, pop, pop to root and interactive (dragged)
/// pops, each page's appearance callbacks, and each page's presentation progress animated on a
/// clock. Toolkit hosts (UnisonGtk's `NavigationStack`) draw the pages from it.
///
/// ```swift
/// let model = NavigationModel<String>(clock: clock)
/// model.onAppearance = { page, event in print(page, event) }
/// model.push("list")                 // the first page: willAppear, didAppear at once
/// model.push("editor")               // list willDisappear, editor willAppear; the push animates
/// model.pop()                        // mid-push: editor didAppear, list didDisappear, then
///                                    // editor willDisappear, list willAppear (same call)
/// ```
///
/// **Appearance.** Every page gets ``AppearanceEvent``s in the order willAppear, didAppear,
/// willDisappear, didDisappear, exactly once per visit. `will-` events come when a transition
/// starts, `did-` events when its animation has finished (its `.removed` completion, so the
/// page is drawn at rest). Of the two pages of a transition the one that goes is told first.
///
/// **Any transition can start at any time** (the rule of UIKit's fluid transitions). A new
/// transition never cancels one in flight: each of its pages that an earlier transition is
/// still moving first finishes its part there (an appearing page gets `didAppear`, a
/// disappearing one `didDisappear`), then the new transition starts (`willDisappear`,
/// `willAppear`), all in the same call. A pop during a push therefore gives the pushed page
/// `didAppear` and at once `willDisappear`; from there it is an ordinary pop. Pages that the new
/// transition does not involve finish their own transition when it ends. What is drawn never
/// jumps: each page's progress carries on from where it is, with its velocity.
///
/// **Progress** is what a host draws: per page, 0 (off stage: at its source, or off the edge)
/// to 1 (fully shown). A push animates the pushed page 0 → 1; a pop animates the popped page
/// to 0; the page below stays at 1. Animations come from the caller's transaction
/// (`withAnimation(.snappy) { model.push(page) }`), else ``animation``; `animated: false`, a
/// transaction that disables animations or a clock with animations off makes a transition
/// jump (its `will-` and `did-` events then come in the same call). The caller's transaction's
/// completions wait for the transition.
///
/// **Interactive pops.** ``beginInteractivePop()`` starts a pop that a finger controls: the top
/// page `willDisappear`, the one below `willAppear`, and the top page's progress stops where it
/// is drawn. ``updateInteractivePop(progress:)`` moves it; ``endInteractivePop(pops:velocity:animated:)``
/// either finishes the pop or settles back (a new transition: the top page `didDisappear` then
/// `willAppear`, the page below `didAppear` then `willDisappear`), the animation starting with
/// the finger's velocity. During a drag, ``pop(animated:)`` finishes it; ``push(_:animated:)`` and
/// ``popToRoot(animated:)`` settle it back first. ``beginInteractivePush(_:)`` is the same for a
/// push (a gesture bringing a page in), ended by ``endInteractivePush(commits:velocity:animated:)``;
/// a pop, push or pop to root during it takes the page away first.
///
/// **Bad input** has defined results: pushing a page that is already on the stack does nothing
/// and returns false; popping with one page (or none) left does nothing and returns nil; ending
/// or updating an interactive pop that is not running does nothing. Callbacks may call back
/// into the model: their events are delivered after the ones already due, in order.
///
/// - Complexity: O(1) per frame per moving page (one animated value); O(pages) per call.
@MainActor
public final class NavigationModel<Page: Hashable> {
    /// The pages, root first. A popped page leaves it at once (it may still be drawn while it
    /// animates out: see ``visiblePages``).
    public private(set) var stack: [Page] = []
    /// The animation of transitions started outside an animated transaction.
    public var animation: Animation
    /// Each page's appearance events, in order.
    public var onAppearance: (@MainActor (Page, AppearanceEvent) -> Void)?
    /// Called when a transition starts, inside its transaction: values a host sets here animate
    /// with the transition (or with an animation of their own through
    /// ``NavigationTransitionContext/animateAlongside(_:_:)``), and the transition ends (`did-` events)
    /// only once they have finished too. Called before the transition's `will-` events are delivered.
    public var onTransition: (@MainActor (NavigationTransitionContext<Page>) -> Void)?
    /// Called whenever what is drawn may have changed: a presented progress (every frame of a
    /// transition) or the set of visible pages.
    public var onChange: (@MainActor () -> Void)?
    /// The clock transitions animate on.
    public let clock: any FrameClock

    /// A page the model knows: on the stack, or still animating out.
    private final class Entry {
        var state = AppearanceState.disappeared
        let progress: AnimatableProperty<Double>
        /// The transition moving this page, if any.
        var transition: Transition?
        init(progress: AnimatableProperty<Double>) { self.progress = progress }
    }

    /// One transition in flight, and the pages it still moves.
    private final class Transition {
        var incoming: Page?
        var outgoing: Page?
        var isInteractive: Bool
        /// Counts the animations started for it: only the latest one's completion ends it.
        var serial = 0
        init(incoming: Page?, outgoing: Page?, isInteractive: Bool = false) {
            self.incoming = incoming
            self.outgoing = outgoing
            self.isInteractive = isInteractive
        }
        var isEmpty: Bool { incoming == nil && outgoing == nil }
    }

    /// Lets a page's progress reach the model without owning it.
    private final class ModelLink {
        weak var model: NavigationModel?
    }

    private var entries: [Page: Entry] = [:]
    /// Pages with entries, bottom to top (the order a host draws them in).
    private var order: [Page] = []
    private var transitions: [Transition] = []
    private var interactive: Transition?
    /// Whether `interactive` is a push (its moving page is the incoming one) rather than a pop.
    private var interactiveIsPush = false
    /// Events due but not yet delivered (callbacks may call back into the model).
    private var pendingEvents: [(Page, AppearanceEvent)] = []
    private var isDelivering = false
    /// How many of the model's own operations are running (events wait for the outermost).
    private var mutationDepth = 0

    /// An empty stack on `clock`; `animation` animates transitions started outside an animated
    /// transaction. Calls nothing.
    public init(clock: any FrameClock, animation: Animation = .spring(duration: 0.5)) {
        self.clock = clock
        self.animation = animation
    }

    // MARK: Reading

    /// The top page (shown, or being shown).
    public var top: Page? { stack.last }
    /// Whether a pop would do something (two pages or more).
    public var canPop: Bool { stack.count >= 2 }
    /// Whether any transition is in flight (interactive ones included).
    public var isTransitioning: Bool { !transitions.isEmpty }
    /// Whether a drag holds the top page (an interactive pop or push).
    public var isInteractive: Bool { interactive != nil }
    /// Whether the interactive transition in progress is a push (``beginInteractivePush(_:)``).
    public var isInteractivePush: Bool { interactive != nil && interactiveIsPush }

    /// The pages on screen, bottom to top: those appearing, appeared or disappearing.
    /// At rest, only the top page.
    public var visiblePages: [Page] {
        order.filter { entries[$0]?.state.isVisible ?? false }
    }

    /// Where `page` stands in its visit (`.disappeared` for a page the model does not know).
    public func appearanceState(of page: Page) -> AppearanceState {
        entries[page]?.state ?? .disappeared
    }

    /// The presented progress of `page`: 0 (off stage) to 1 (fully shown); 0 for a page the
    /// model does not know. Springs may overshoot slightly outside 0...1.
    public func progress(of page: Page) -> Double {
        entries[page]?.progress.presentationValue ?? 0
    }

    /// How fast `page`'s progress moves, per second.
    public func progressVelocity(of page: Page) -> Double {
        entries[page]?.progress.velocity ?? 0
    }

    /// Whether a transition moves `page` now.
    public func isMoving(_ page: Page) -> Bool {
        entries[page]?.transition != nil
    }

    // MARK: Navigation

    /// Pushes `page` over the top page (the first page pushed appears at once). Returns false,
    /// changing nothing, if `page` is already on the stack. A page that is still animating out
    /// after a pop comes back from where it is drawn.
    @discardableResult
    public func push(_ page: Page, animated: Bool = true) -> Bool {
        guard !stack.contains(page) else { return false }
        return mutate { pushing(page, animated: animated) }
    }

    private func pushing(_ page: Page, animated: Bool) -> Bool {
        if interactive != nil { settleInteractivePop(animated: animated) }
        let outgoing = stack.last
        stack.append(page)
        order.removeAll { $0 == page }
        order.append(page)
        let entry = entry(for: page)
        if !entry.state.isVisible {
            // Off stage until the transition shows it (the root has nothing to grow over).
            jump(entry.progress, to: outgoing == nil ? 1 : 0)
        }
        start(
            Transition(incoming: page, outgoing: outgoing), kind: .push, moving: page, targets: [(page, 1)],
            animated: animated && outgoing != nil)
        return true
    }

    /// Pops the top page, returning it (nil, changing nothing, when only the root is left).
    /// During a drag, finishes that interactive pop.
    @discardableResult
    public func pop(animated: Bool = true) -> Page? {
        mutate { popping(animated: animated) }
    }

    private func popping(animated: Bool) -> Page? {
        if interactive != nil {
            let top = stack.last
            return endInteractivePop(pops: true, velocity: 0, animated: animated) ? top : nil
        }
        guard stack.count >= 2, let top = stack.popLast(), let below = stack.last else { return nil }
        start(
            Transition(incoming: below, outgoing: top), kind: .pop, moving: top, targets: [(top, 0), (below, 1)],
            animated: animated)
        return top
    }

    /// Pops every page above the root, returning them (bottom first). Only the top one is seen
    /// leaving; the pages between never appear. Nothing happens with one page or none.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> [Page] {
        mutate { poppingToRoot(animated: animated) }
    }

    private func poppingToRoot(animated: Bool) -> [Page] {
        if interactive != nil { settleInteractivePop(animated: animated) }
        guard stack.count >= 2, let top = stack.last else { return [] }
        let root = stack[0]
        let removed = Array(stack.dropFirst())
        stack = [root]
        start(
            Transition(incoming: root, outgoing: top), kind: .pop, moving: top, targets: [(top, 0), (root, 1)],
            animated: animated)
        return removed
    }

    // MARK: Interactive pops

    /// A drag takes hold of the top page: the pop starts (top `willDisappear`, the page below
    /// `willAppear`, after finishing whatever transition either was in) and the top page stops
    /// where it is drawn. Returns false, changing nothing, with fewer than two pages or during
    /// another drag.
    @discardableResult
    public func beginInteractivePop() -> Bool {
        guard interactive == nil, stack.count >= 2, let top = stack.last else { return false }
        mutate { beginningInteractivePop(top) }
        return true
    }

    private func beginningInteractivePop(_ top: Page) {
        let below = stack[stack.count - 2]
        let transition = Transition(incoming: below, outgoing: top, isInteractive: true)
        interactive = transition
        interactiveIsPush = false
        let held = entry(for: top).progress.presentationValue
        start(
            transition, kind: .interactivePop, moving: top, targets: [(top, held)], animated: false, completes: false)
    }

    /// Moves the dragged page's progress (clamped to 0...1) at once. Does nothing without a drag.
    /// During an interactive push, moves the pushed page.
    public func updateInteractivePop(progress: Double) {
        guard let transition = interactive,
            let page = interactiveIsPush ? transition.incoming : transition.outgoing, progress.isFinite,
            let entry = entries[page]
        else { return }
        jump(entry.progress, to: min(max(progress, 0), 1))
    }

    /// Starts a push that the host controls (a gesture seeking it): `page` goes on the stack and
    /// gets `willAppear`, the top page `willDisappear`, and `page`'s progress stops where it is
    /// drawn (0 for a new page; where it is for a page still animating out, or for the top page
    /// while its push is still running, which this takes over). Move it with
    /// ``updateInteractivePop(progress:)``; end it with ``endInteractivePush(commits:velocity:animated:)``.
    /// Returns false, changing nothing, during another interactive transition, with no page on
    /// the stack, or when `page` is on the stack below the top.
    @discardableResult
    public func beginInteractivePush(_ page: Page) -> Bool {
        guard interactive == nil, let top = stack.last else { return false }
        if top == page {
            // Its push still running: held where it is.
            guard let entry = entries[page], entry.state == .appearing, let transition = entry.transition,
                transition.incoming == page
            else { return false }
            mutate {
                transition.isInteractive = true
                transition.serial &+= 1  // the running animation no longer ends it
                interactive = transition
                interactiveIsPush = true
                jump(entry.progress, to: entry.progress.presentationValue)
            }
            return true
        }
        guard !stack.contains(page) else { return false }
        mutate {
            stack.append(page)
            order.removeAll { $0 == page }
            order.append(page)
            let entry = entry(for: page)
            if !entry.state.isVisible { jump(entry.progress, to: 0) }
            let transition = Transition(incoming: page, outgoing: top, isInteractive: true)
            interactive = transition
            interactiveIsPush = true
            start(
                transition, kind: .push, moving: page, targets: [(page, entry.progress.presentationValue)],
                animated: false, completes: false)
        }
        return true
    }

    /// Ends an interactive push: `commits` lets the push run on to its end (progress 1);
    /// otherwise the page leaves again (a pop: it gets `didAppear` then `willDisappear`, the page
    /// below `didDisappear` then `willAppear`, so every visit is closed). `velocity` is the pushed
    /// page's progress velocity, per second; the animation starts with it. Returns false, doing
    /// nothing, without an interactive push.
    @discardableResult
    public func endInteractivePush(commits: Bool, velocity: Double = 0, animated: Bool = true) -> Bool {
        guard interactiveIsPush, interactive != nil else { return false }
        return mutate { endingInteractivePush(commits: commits, velocity: velocity, animated: animated) }
    }

    private func endingInteractivePush(commits: Bool, velocity: Double, animated: Bool) -> Bool {
        guard let transition = interactive, let page = transition.incoming else {
            interactive = nil
            return false
        }
        interactive = nil
        transition.isInteractive = false
        let speed = velocity.isFinite ? velocity : 0
        if commits {
            run(transition, kind: .push, moving: page, targets: [(page, 1)], velocity: speed, animated: animated)
        } else {
            stack.removeAll { $0 == page }
            let below = transition.outgoing ?? stack.last
            var targets = [(page, 0.0)]
            if let below { targets.append((below, 1)) }
            start(
                Transition(incoming: below, outgoing: page), kind: .pop, moving: page, targets: targets,
                animated: animated, velocity: speed)
        }
        return true
    }

    /// The drag is released: `pops` finishes the pop (the page animates to 0), otherwise it
    /// settles back (to 1, as a new transition). `velocity` is the progress's velocity at release,
    /// per second (a finger moving the page away at v points per second over a distance d of
    /// travel: -v / d); the animation starts with it. Returns false, doing nothing, without a drag.
    @discardableResult
    public func endInteractivePop(pops: Bool, velocity: Double = 0, animated: Bool = true) -> Bool {
        mutate { endingInteractivePop(pops: pops, velocity: velocity, animated: animated) }
    }

    private func endingInteractivePop(pops: Bool, velocity: Double, animated: Bool) -> Bool {
        // An interactive push ends by going back: a pop, or settling, both take the page away.
        if interactiveIsPush { return endingInteractivePush(commits: false, velocity: 0, animated: animated) }
        guard let transition = interactive, let top = transition.outgoing else {
            interactive = nil
            return false
        }
        interactive = nil
        transition.isInteractive = false
        let speed = velocity.isFinite ? velocity : 0
        if pops {
            stack.removeAll { $0 == top }
            let below = transition.incoming
            var targets = [(top, 0.0)]
            if let below { targets.append((below, 1)) }
            run(
                transition, kind: .finishInteractivePop, moving: top, targets: targets, velocity: speed,
                animated: animated)
        } else {
            let below = transition.incoming
            start(
                Transition(incoming: top, outgoing: below), kind: .cancelInteractivePop, moving: top,
                targets: [(top, 1)], animated: animated, velocity: speed)
        }
        return true
    }

    /// Ends every transition now: each page jumps to where its transition ends and receives its
    /// `did-` event; a drag in progress settles back. For a host going away (a window closing).
    public func finishTransitions() {
        mutate {
            if interactive != nil { settleInteractivePop(animated: false) }
            for transition in transitions { finish(transition) }
            for page in order {
                guard let entry = entries[page] else { continue }
                // A plain set outside any animated transaction jumps to the model value.
                withTransaction(Transaction()) { entry.progress.value = entry.progress.value }
            }
            prune()
        }
    }

    // MARK: Transitions

    private func settleInteractivePop(animated: Bool) {
        endInteractivePop(pops: false, velocity: 0, animated: animated)
    }

    private func entry(for page: Page) -> Entry {
        if let entry = entries[page] { return entry }
        let link = ModelLink()
        let entry = Entry(progress: AnimatableProperty(0.0, clock: clock) { _ in link.model?.onChange?() })
        link.model = self
        entries[page] = entry
        return entry
    }

    /// Starts `transition`: its pages leave the transitions they were in (finishing their part
    /// there), get their `will-` events, and their progress animates to `targets`.
    private func start(
        _ transition: Transition, kind: NavigationTransitionContext<Page>.Kind, moving: Page, targets: [(Page, Double)],
        animated: Bool, velocity: Double = 0, completes: Bool = true
    ) {
        let outgoing = transition.outgoing
        let incoming = transition.incoming
        // What an earlier transition had started for these pages ends first (nothing is cancelled).
        if let outgoing { detach(outgoing) }
        if let incoming { detach(incoming) }
        transition.outgoing = nil
        transition.incoming = nil
        if let outgoing, let entry = entries[outgoing], entry.state == .appeared {
            entry.state = .disappearing
            entry.transition = transition
            transition.outgoing = outgoing
            emit(outgoing, .willDisappear)
        }
        if let incoming, let entry = entries[incoming], entry.state == .disappeared {
            entry.state = .appearing
            entry.transition = transition
            transition.incoming = incoming
            emit(incoming, .willAppear)
        }
        if !transition.isEmpty { transitions.append(transition) }
        if !completes {
            for (page, target) in targets { if let entry = entries[page] { jump(entry.progress, to: target) } }
            notifyTransition(kind: kind, transition: transition, moving: moving, animated: false, velocity: 0)
        } else {
            run(transition, kind: kind, moving: moving, targets: targets, velocity: velocity, animated: animated)
        }
        prune()
    }

    /// Animates `targets` in the transition's own transaction (holding the caller's completions),
    /// and ends the transition when everything started in it has finished.
    private func run(
        _ transition: Transition, kind: NavigationTransitionContext<Page>.Kind, moving: Page, targets: [(Page, Double)],
        velocity: Double, animated: Bool
    ) {
        let context = Transaction.current
        let enclosing = TransitionHold.Enclosing.current
        let chosen: Animation? =
            animated && !context.disablesAnimations && clock.animationsEnabled ? context.animation ?? animation : nil
        transition.serial &+= 1
        let serial = transition.serial
        let hold = enclosing.hold()
        var transaction = Transaction(animation: chosen)
        transaction.addAnimationCompletion(criteria: .logicallyComplete) { hold.releaseLogicallyComplete() }
        transaction.addAnimationCompletion(criteria: .removed) { [weak self] in
            if let self, transition.serial == serial { self.mutate { self.finish(transition) } }
            hold.releaseLogicallyComplete()
            hold.releaseRemoved()
        }
        withTransaction(transaction) {
            for (page, target) in targets {
                guard let entry = entries[page] else { continue }
                if page == moving && velocity != 0 { entry.progress.handOff(velocity: velocity) }
                entry.progress.value = target
            }
            notifyTransition(
                kind: kind, transition: transition, moving: moving, animated: chosen != nil, velocity: velocity)
        }
    }

    private func notifyTransition(
        kind: NavigationTransitionContext<Page>.Kind, transition: Transition, moving: Page, animated: Bool,
        velocity: Double
    ) {
        onTransition?(
            NavigationTransitionContext(
                kind: kind, incoming: transition.incoming, outgoing: transition.outgoing, movingPage: moving,
                isAnimated: animated, velocity: velocity, scope: TransitionHold.Enclosing.current))
    }

    /// `page` leaves the transition that moves it, finishing its part there.
    private func detach(_ page: Page) {
        guard let entry = entries[page], let transition = entry.transition else { return }
        entry.transition = nil
        if transition.incoming == page { transition.incoming = nil }
        if transition.outgoing == page { transition.outgoing = nil }
        complete(page, entry)
        if transition.isEmpty { remove(transition) }
    }

    /// A transition's animation has finished: its pages get their `did-` events.
    private func finish(_ transition: Transition) {
        guard transitions.contains(where: { $0 === transition }), !transition.isInteractive else { return }
        remove(transition)
        for page in [transition.outgoing, transition.incoming].compactMap({ $0 }) {
            guard let entry = entries[page], entry.transition === transition else { continue }
            entry.transition = nil
            complete(page, entry)
        }
        transition.incoming = nil
        transition.outgoing = nil
        prune()
    }

    private func complete(_ page: Page, _ entry: Entry) {
        switch entry.state {
        case .appearing:
            entry.state = .appeared
            emit(page, .didAppear)
        case .disappearing:
            entry.state = .disappeared
            emit(page, .didDisappear)
        case .appeared, .disappeared:
            break
        }
    }

    private func remove(_ transition: Transition) {
        transitions.removeAll { $0 === transition }
        if interactive === transition { interactive = nil }
    }

    /// Forgets pages that are off the stack, off stage and unmoved.
    private func prune() {
        let gone = order.filter { page in
            guard let entry = entries[page] else { return true }
            return entry.state == .disappeared && entry.transition == nil && !stack.contains(page)
        }
        guard !gone.isEmpty else { return }
        for page in gone { entries[page] = nil }
        order.removeAll { entries[$0] == nil }
    }

    private func jump(_ property: AnimatableProperty<Double>, to value: Double) {
        withTransaction(Transaction()) { property.value = value }
    }

    // MARK: Events

    /// Runs one of the model's operations; the outermost delivers the events it made due and
    /// tells the host that what is drawn may have changed.
    private func mutate<Result>(_ body: () -> Result) -> Result {
        mutationDepth += 1
        let result = body()
        mutationDepth -= 1
        if mutationDepth == 0 {
            deliverEvents()
            onChange?()
        }
        return result
    }

    private func emit(_ page: Page, _ event: AppearanceEvent) {
        pendingEvents.append((page, event))
    }

    /// Delivers due events in order; a callback that calls back into the model has its events
    /// delivered after the ones already due, by the outermost delivery.
    private func deliverEvents() {
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var index = 0
        while index < pendingEvents.count {
            let (page, event) = pendingEvents[index]
            index += 1
            onAppearance?(page, event)
        }
        pendingEvents.removeAll()
    }
}
