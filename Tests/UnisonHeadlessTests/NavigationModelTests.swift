import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// A navigation model on a headless clock whose appearance events are recorded in order.
@MainActor
final class NavigationLog<Page: Hashable> {
    let clock = HeadlessClock()
    let model: NavigationModel<Page>
    private(set) var events: [(page: Page, event: AppearanceEvent)] = []
    /// Every event since the start (``take()`` does not clear it).
    private(set) var allEvents: [(Page, AppearanceEvent)] = []
    private(set) var transitions: [NavigationTransitionContext<Page>] = []

    init(animation: Animation = .spring(duration: 0.5)) {
        model = NavigationModel(clock: clock, animation: animation)
        model.onAppearance = { [unowned self] page, event in
            events.append((page, event))
            allEvents.append((page, event))
        }
        model.onTransition = { [unowned self] transition in transitions.append(transition) }
    }

    /// The events since the last call, as (page, event) pairs.
    func take() -> [(Page, AppearanceEvent)] {
        defer { events.removeAll() }
        return events.map { ($0.page, $0.event) }
    }
}

/// Events equal, pair by pair.
func sameEvents<Page: Hashable>(_ a: [(Page, AppearanceEvent)], _ b: [(Page, AppearanceEvent)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
}

@MainActor
@Suite("Navigation model")
struct NavigationModelTests {
    @Test("the first page appears at once; a push animates and its did- events wait for the end")
    func pushLifecycle() {
        let log = NavigationLog<String>()
        #expect(log.model.push("list"))
        #expect(sameEvents(log.take(), [("list", .willAppear), ("list", .didAppear)]))
        #expect(log.model.progress(of: "list") == 1 && !log.model.isTransitioning)
        #expect(log.model.push("editor"))
        #expect(sameEvents(log.take(), [("list", .willDisappear), ("editor", .willAppear)]))
        #expect(log.model.visiblePages == ["list", "editor"])
        #expect(log.model.appearanceState(of: "editor") == .appearing)
        // A critically damped spring from 0 to 1: the progress rises monotonically to 1.
        var last = 0.0
        var frames = 0
        while log.model.isTransitioning && frames < 600 {
            log.clock.advance(frames: 1)
            frames += 1
            let p = log.model.progress(of: "editor")
            #expect(p >= last - accumulatedRounding)
            last = p
            if log.model.isTransitioning { #expect(log.events.isEmpty) }
        }
        #expect(sameEvents(log.take(), [("list", .didDisappear), ("editor", .didAppear)]))
        #expect(log.model.progress(of: "editor") == 1 && log.model.visiblePages == ["editor"])
        #expect(log.model.stack == ["list", "editor"])
    }

    @Test("a pop in the middle of a push: straight to Appeared, and the pop starts in the same call")
    func popDuringPush() {
        let log = NavigationLog<String>()
        log.model.push("list")
        log.model.push("editor")
        _ = log.take()
        log.clock.advance(by: 0.1)
        let before = log.model.progress(of: "editor")
        let velocity = log.model.progressVelocity(of: "editor")
        #expect(before > 0.05 && before < 0.95 && velocity > 0)
        #expect(log.model.pop() == "editor")
        // The pushed page goes straight to Appeared; in the same turn the pop starts and
        // it moves to Disappearing (the page below, which was disappearing, comes back likewise).
        #expect(
            sameEvents(
                log.take(),
                [
                    ("editor", .didAppear), ("list", .didDisappear), ("editor", .willDisappear),
                    ("list", .willAppear),
                ]))
        #expect(log.model.appearanceState(of: "editor") == .disappearing)
        // Nothing jumps: the progress carries on from where it was drawn, with its velocity
        // (the spring keeps it rising for a moment before turning back).
        #expect(log.model.progress(of: "editor") == before)
        log.clock.advance(frames: 2)
        #expect(log.model.progress(of: "editor") > before)
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("editor", .didDisappear), ("list", .didAppear)]))
        #expect(log.model.visiblePages == ["list"] && log.model.progress(of: "editor") == 0)
    }

    @Test("pop to root: the pages between never appear; only the top is seen leaving")
    func popToRoot() {
        let log = NavigationLog<Int>()
        for page in 1...4 { log.model.push(page, animated: false) }
        _ = log.take()
        #expect(log.model.popToRoot() == [2, 3, 4])
        #expect(sameEvents(log.take(), [(4, .willDisappear), (1, .willAppear)]))
        #expect(log.model.visiblePages == [1, 4])
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [(4, .didDisappear), (1, .didAppear)]))
        #expect(log.model.stack == [1] && log.model.visiblePages == [1])
        #expect(log.model.popToRoot() == [] && log.take().isEmpty)
    }

    @Test("an interactive pop: the drag holds the page, release finishes with the finger's velocity")
    func interactivePop() {
        let log = NavigationLog<String>(animation: .spring(duration: 0.5))
        log.model.push("list")
        log.model.push("editor", animated: false)
        _ = log.take()
        #expect(log.model.beginInteractivePop())
        #expect(sameEvents(log.take(), [("editor", .willDisappear), ("list", .willAppear)]))
        #expect(log.transitions.last?.kind == .interactivePop)
        log.model.updateInteractivePop(progress: 0.6)
        log.clock.advance(by: 0.5)
        #expect(log.model.progress(of: "editor") == 0.6 && log.model.stack == ["list", "editor"])
        #expect(log.take().isEmpty)  // a held drag never ends by itself
        // Released moving towards dismissal at 3 progress units per second.
        #expect(log.model.endInteractivePop(pops: true, velocity: -3))
        #expect(log.model.stack == ["list"] && log.take().isEmpty)
        #expect(log.transitions.last?.kind == .finishInteractivePop && log.transitions.last?.velocity == -3)
        log.clock.advance(frames: 2)
        // The spring starts with the handed-off velocity: its closed form (Spring.value, start
        // velocity -3 towards a target 0.6 below) one frame after its first, to rounding.
        let spring = Spring(duration: 0.5)
        let expected = 0.6 + spring.value(target: -0.6, initialVelocity: -3.0, time: 1.0 / 60)
        #expect(abs(log.model.progress(of: "editor") - expected) < accumulatedRounding)
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("editor", .didDisappear), ("list", .didAppear)]))
    }

    @Test("a cancelled interactive pop is a new transition: each page finishes its part, then reverses")
    func interactiveCancel() {
        let log = NavigationLog<String>()
        log.model.push("list")
        log.model.push("editor", animated: false)
        log.model.beginInteractivePop()
        log.model.updateInteractivePop(progress: 0.8)
        _ = log.take()
        #expect(log.model.endInteractivePop(pops: false, velocity: 1))
        #expect(
            sameEvents(
                log.take(),
                [
                    ("list", .didAppear), ("editor", .didDisappear), ("list", .willDisappear),
                    ("editor", .willAppear),
                ]))
        #expect(log.transitions.last?.kind == .cancelInteractivePop)
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("list", .didDisappear), ("editor", .didAppear)]))
        #expect(log.model.stack == ["list", "editor"] && log.model.progress(of: "editor") == 1)
    }

    @Test("a drag taken mid-push: the push ends at once, the page stops where it is drawn")
    func dragDuringPush() {
        let log = NavigationLog<String>()
        log.model.push("list")
        log.model.push("editor")
        log.clock.advance(by: 0.08)
        _ = log.take()
        let held = log.model.progress(of: "editor")
        #expect(log.model.beginInteractivePop())
        #expect(
            sameEvents(
                log.take(),
                [
                    ("editor", .didAppear), ("list", .didDisappear), ("editor", .willDisappear),
                    ("list", .willAppear),
                ]))
        log.clock.advance(by: 0.3)
        #expect(log.model.progress(of: "editor") == held)
        // Escape during the drag: pop finishes the interactive pop.
        #expect(log.model.pop() == "editor")
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("editor", .didDisappear), ("list", .didAppear)]))
    }

    @Test("bad input has defined results and no events")
    func badInput() {
        let log = NavigationLog<String>()
        #expect(log.model.pop() == nil)  // empty stack
        #expect(!log.model.beginInteractivePop())
        #expect(!log.model.endInteractivePop(pops: true))
        log.model.updateInteractivePop(progress: 0.5)
        log.model.push("list")
        _ = log.take()
        #expect(log.model.pop() == nil)  // the root stays
        #expect(!log.model.beginInteractivePop())  // nothing to pop to
        #expect(!log.model.push("list"))  // already on the stack
        log.model.push("editor")
        #expect(!log.model.push("editor") && !log.model.push("list"))
        #expect(log.model.stack == ["list", "editor"])
        _ = log.take()
        log.model.beginInteractivePop()
        #expect(!log.model.beginInteractivePop())  // one drag at a time
        log.model.updateInteractivePop(progress: .nan)  // ignored
        log.model.updateInteractivePop(progress: 7)  // clamped
        #expect(log.model.progress(of: "editor") == 1)
        #expect(log.model.endInteractivePop(pops: true, velocity: .infinity))  // treated as 0
        log.clock.runUntilIdle()
        #expect(log.model.stack == ["list"] && log.model.progress(of: "editor") == 0)
        #expect(log.model.progress(of: "unknown") == 0 && log.model.appearanceState(of: "unknown") == .disappeared)
        #expect(checkVisits(log.allEvents).ok)
    }

    @Test("without animation (animated: false, disabled transactions, clock off) transitions end in the call")
    func unanimated() {
        let log = NavigationLog<String>()
        log.model.push("a")
        log.model.push("b", animated: false)
        #expect(!log.model.isTransitioning && log.model.progress(of: "b") == 1)
        var disabled = Transaction(animation: .smooth)
        disabled.disablesAnimations = true
        _ = withTransaction(disabled) { log.model.push("c") }
        #expect(!log.model.isTransitioning)
        log.clock.animationsEnabled = false
        log.model.pop()
        #expect(!log.model.isTransitioning && log.model.visiblePages == ["b"])
        #expect(
            sameEvents(
                log.take(),
                [
                    ("a", .willAppear), ("a", .didAppear), ("a", .willDisappear), ("b", .willAppear),
                    ("a", .didDisappear), ("b", .didAppear), ("b", .willDisappear), ("c", .willAppear),
                    ("b", .didDisappear), ("c", .didAppear), ("c", .willDisappear), ("b", .willAppear),
                    ("c", .didDisappear), ("b", .didAppear),
                ]))
    }

    @Test("the caller's transaction animates the transition and its completion waits for it")
    func callerTransaction() {
        let log = NavigationLog<String>()
        log.model.push("a")
        var completed: Double?
        _ = withAnimation(.linear(duration: 0.3)) {
            log.model.push("b")
        } completion: {
            completed = log.clock.now
        }
        log.clock.advance(by: 0.15)
        // Linear from the first frame after the change (1/60 s).
        #expect(abs(log.model.progress(of: "b") - (0.15 - 1.0 / 60) / 0.3) < accumulatedRounding)
        #expect(completed == nil)
        log.clock.runUntilIdle()
        // The model's did- events come at the transition's end, and the completion with them.
        let end = log.take().last
        #expect(end?.0 == "b" && end?.1 == .didAppear)
        #expect(completed.map { abs($0 - 0.3) < 1.5 / 60 } == true)
    }

    @Test("alongside values animate with the transition, which ends only when they have")
    func alongside() {
        let log = NavigationLog<String>(animation: .linear(duration: 0.2))
        let offset = AnimatableProperty(0.0, clock: log.clock)
        log.model.onTransition = { transition in
            // A host's own value, three times slower than the transition.
            if transition.kind == .push && transition.isAnimated {
                transition.animateAlongside(.linear(duration: 0.6)) { offset.value = 100 }
            }
        }
        log.model.push("a")
        log.model.push("b")
        _ = log.take()
        log.clock.advance(by: 0.4)
        #expect(log.model.progress(of: "b") == 1 && log.take().isEmpty)
        log.clock.runUntilIdle()
        #expect(sameEvents(log.take(), [("a", .didDisappear), ("b", .didAppear)]))
    }

    @Test("callbacks that navigate again get their events after the ones already due, in order")
    func reentrantCallbacks() {
        let log = NavigationLog<String>()
        var order: [String] = []
        log.model.onAppearance = { [unowned log] page, event in
            order.append("\(page).\(event)")
            // Leaving the editor as soon as it appears.
            if page == "editor" && event == .didAppear { log.model.pop(animated: false) }
        }
        log.model.push("list")
        log.model.push("editor", animated: false)
        #expect(
            order == [
                "list.willAppear", "list.didAppear", "list.willDisappear", "editor.willAppear",
                "list.didDisappear", "editor.didAppear", "editor.willDisappear", "list.willAppear",
                "editor.didDisappear", "list.didAppear",
            ])
        #expect(log.model.stack == ["list"])
    }

    @Test("pushing a page that is still animating out brings it back from where it is drawn")
    func pushBackMidPop() {
        let log = NavigationLog<String>()
        log.model.push("a")
        log.model.push("b", animated: false)
        log.model.pop()
        log.clock.advance(by: 0.1)
        let drawn = log.model.progress(of: "b")
        #expect(drawn < 1 && drawn > 0)
        _ = log.take()
        #expect(log.model.push("b"))
        #expect(
            sameEvents(
                log.take(),
                [("a", .didAppear), ("b", .didDisappear), ("a", .willDisappear), ("b", .willAppear)]))
        #expect(log.model.progress(of: "b") == drawn)
        log.clock.runUntilIdle()
        #expect(log.model.visiblePages == ["b"] && log.model.progress(of: "b") == 1)
    }

    @Test("a release dismisses by projected distance: slow past the line, fast short of it, not flung back")
    func dismissalRule() {
        // `.fast`: k = -1000 ln 0.99 = 10.0503 per second; a flick of v carries v / k further.
        let rule = InteractiveDismissal(distance: 120)
        #expect(rule.dismisses(offset: 130, velocity: 0))
        #expect(!rule.dismisses(offset: 110, velocity: 0))
        #expect(rule.dismisses(offset: 40, velocity: 900))  // 40 + 89.55
        #expect(!rule.dismisses(offset: 40, velocity: 700))  // 40 + 69.65
        #expect(!rule.dismisses(offset: 150, velocity: -900))  // 60.45
        #expect(!rule.dismisses(offset: .nan, velocity: 0) && !rule.dismisses(offset: 0, velocity: .infinity))
        let planar = InteractiveDismissal(distance: 60)
        #expect(!planar.dismisses(offset: CGPoint(x: 30, y: 40), velocity: .zero))  // 50
        #expect(planar.dismisses(offset: CGPoint(x: 30, y: 40), velocity: CGPoint(x: 300, y: 400)))  // 99.75
        #expect(!planar.dismisses(offset: CGPoint(x: 30, y: 40), velocity: CGPoint(x: -300, y: -400)))  // 0.25
    }

    @Test("finishTransitions ends everything in flight at once (a host going away), drags included")
    func finishEverything() {
        let log = NavigationLog<Int>()
        log.model.push(1)
        log.model.push(2)
        log.clock.advance(by: 0.1)
        log.model.pop()
        log.model.push(3)
        log.model.beginInteractivePop()
        #expect(log.model.isTransitioning && log.model.isInteractive)
        log.model.finishTransitions()
        #expect(!log.model.isTransitioning && !log.model.isInteractive && log.model.visiblePages == [3])
        #expect(log.model.progress(of: 3) == 1 && log.model.stack == [1, 3])
        let (ok, states) = checkVisits(log.allEvents)
        #expect(ok && states == [1: .disappeared, 2: .disappeared, 3: .appeared])
        log.clock.runUntilIdle()
        #expect(log.take().count == log.allEvents.count)  // nothing came later
    }

    @Test("random sequences of pushes, pops and drags: whole visits in order, nothing half-shown at rest")
    func randomSequences() {
        var rng = SplitMix64(seed: 0x5EED_2024)
        var worst = 0
        for sequence in 0..<200 {
            let log = NavigationLog<Int>(
                animation: sequence % 2 == 0 ? .spring(duration: 0.4) : .easeInOut(duration: 0.3))
            var next = 0
            var popped: [Int] = []
            func newPage() -> Int {
                next += 1
                return next
            }
            log.model.push(newPage())
            for _ in 0..<40 {
                let animated = rng.next() % 5 != 0
                switch rng.next() % 12 {
                case 0, 1, 2:
                    log.model.push(newPage(), animated: animated)
                case 3:
                    // A popped page pushed again (maybe still animating out).
                    if let page = popped.randomElement(using: &rng) {
                        if log.model.push(page, animated: animated) { popped.removeAll { $0 == page } }
                    }
                case 4:
                    // A page already on the stack: refused, nothing changes.
                    let before = log.model.stack
                    if let page = before.randomElement(using: &rng) {
                        #expect(!log.model.push(page) && log.model.stack == before)
                    }
                case 5, 6:
                    if let page = log.model.pop(animated: animated) { popped.append(page) }
                case 7:
                    popped += log.model.popToRoot(animated: animated)
                case 8:
                    log.model.beginInteractivePop()
                case 9:
                    log.model.updateInteractivePop(progress: Double(rng.next() % 1000) / 1000)
                case 10:
                    let pops = rng.next() % 2 == 0
                    let top = log.model.top
                    let velocity = Double(Int(rng.next() % 2001) - 1000) / 100
                    if log.model.endInteractivePop(pops: pops, velocity: velocity, animated: animated), pops,
                        let top
                    {
                        popped.append(top)
                    }
                default:
                    withAnimation(rng.next() % 2 == 0 ? .snappy : nil) {
                        log.clock.advance(by: Double(rng.next() % 40) / 60)
                    }
                }
                // At every step: the events so far are whole visits in order, and what the model
                // reports agrees with them once delivered.
                let (ok, states) = checkVisits(log.events)
                #expect(ok, "sequence \(sequence): \(log.events)")
                for (page, state) in states { #expect(log.model.appearanceState(of: page) == state) }
                #expect(log.model.visiblePages.allSatisfy { states[$0]?.isVisible == true })
                guard ok else { return }
            }
            if log.model.isInteractive { log.model.endInteractivePop(pops: rng.next() % 2 == 0) }
            #expect(log.clock.runUntilIdle())
            let (ok, states) = checkVisits(log.events)
            #expect(ok)
            // At rest: the top page has appeared (fully drawn), every other page has disappeared,
            // and nothing is half-shown.
            let top = log.model.top!
            #expect(log.model.visiblePages == [top], "sequence \(sequence)")
            #expect(log.model.progress(of: top) == 1 && !log.model.isTransitioning)
            for (page, state) in states { #expect(state == (page == top ? .appeared : .disappeared)) }
            // Balanced: every will- has its did-; the top's visit is open, every other closed.
            for page in Set(log.events.map(\.page)) {
                let count = { (e: AppearanceEvent) in log.events.filter { $0.page == page && $0.event == e }.count }
                #expect(count(.willAppear) == count(.didAppear) && count(.willDisappear) == count(.didDisappear))
                #expect(count(.willAppear) - count(.didDisappear) == (page == top ? 1 : 0))
            }
            worst = max(worst, log.events.count)
        }
        #expect(worst > 20)
    }
}
