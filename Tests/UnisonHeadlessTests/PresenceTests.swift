import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

// (Over 400 lines: one suite for presences, sharing `PresenceLog` and the banner fixtures.)

/// What a presence told its host, and transaction completions, in order.
enum PresenceEvent: Equatable, CustomStringConvertible {
    case apply(TransitionEffects)
    case visible(Bool)
    case note(String)

    var description: String {
        switch self {
        case let .apply(effects):
            "apply(opacity \(effects.opacity), offset \(effects.offset), scale \(effects.scale), "
                + "rotation \(effects.rotation), anchor \(effects.anchor))"
        case let .visible(visible): "visible(\(visible))"
        case let .note(note): note
        }
    }
}

@MainActor
final class PresenceLog {
    var events: [PresenceEvent] = []
    /// Clock time of each event.
    var times: [Double] = []
    let clock: HeadlessClock

    init(clock: HeadlessClock) { self.clock = clock }

    func record(_ event: PresenceEvent) {
        events.append(event)
        times.append(clock.now)
    }

    var applied: [TransitionEffects] {
        events.compactMap { if case let .apply(effects) = $0 { effects } else { nil } }
    }

    var visibility: [Bool] {
        events.compactMap { if case let .visible(visible) = $0 { visible } else { nil } }
    }

    func count(_ event: PresenceEvent) -> Int { events.filter { $0 == event }.count }

    /// A completion that notes `name`.
    func note(_ name: String) -> @MainActor () -> Void { { self.record(.note(name)) } }

    /// A presence whose callbacks record here.
    func presence(
        isPresent: Bool, transition: AnyTransition = .opacity, size: CGSize = .zero
    ) -> Presence {
        Presence(
            isPresent: isPresent, transition: transition, size: size, clock: clock,
            apply: { self.record(.apply($0)) }, visibilityChanged: { self.record(.visible($0)) })
    }
}

/// The Euclidean distance between two effect vectors (or velocities).
func distance(_ a: TransitionEffects.AnimatableData, _ b: TransitionEffects.AnimatableData) -> Double {
    (a - b).magnitudeSquared.squareRoot()
}

func norm(_ a: TransitionEffects.AnimatableData) -> Double { a.magnitudeSquared.squareRoot() }

/// A notification banner's transition (in from the top, faded) and a banner-sized element.
let bannerTransition = AnyTransition.move(edge: .top).combined(with: .opacity)
let bannerSize = CGSize(width: 320, height: 56)
let bannerOffStage = faded(y: -56)

@MainActor
@Suite("Presence")
struct PresenceTests {
    @Test("creating one calls neither apply nor visibilityChanged: it starts as told", arguments: [true, false])
    func creation(isPresent: Bool) {
        let log = PresenceLog(clock: HeadlessClock())
        let presence = log.presence(isPresent: isPresent, transition: bannerTransition, size: bannerSize)
        #expect(log.events.isEmpty)
        #expect(presence.isPresent == isPresent && presence.isVisible == isPresent)
        #expect(!presence.isAnimating && log.clock.isIdle && presence.velocity == .zero)
        // Hidden, it waits at the insertion's active effects (where the next insertion starts).
        #expect(presence.effects == (isPresent ? .identity : bannerOffStage))
    }

    @Test("animated insertion: visible first, presented at once at the active effects, then animates to identity")
    func insertion() {
        let log = PresenceLog(clock: HeadlessClock())
        let presence = log.presence(isPresent: false, transition: bannerTransition, size: bannerSize)
        let duration = 0.505  // off the 1/60 s frame grid
        withAnimation(.linear(duration: duration)) { presence.isPresent = true }
        // Before any frame: shown, and already at the insertion's active effects.
        #expect(log.events == [.visible(true), .apply(bannerOffStage)])
        #expect(presence.isVisible && presence.effects == bannerOffStage)
        log.clock.advance(frames: 1)
        #expect(log.events.last == .apply(bannerOffStage))  // the first frame shows progress 0
        var frame = 1
        while presence.isAnimating {
            log.clock.advance(frames: 1)
            frame += 1
            // Frame k is (k − 1)/60 s after the animation's first frame; a linear curve.
            let progress = min(1, Double(frame - 1) / 60 / duration)
            let expected = faded(progress, y: -56 * (1 - progress))
            // Tolerance: the frame time and progress went through sums of 1/60 s steps.
            #expect(distance(presence.effects.animatableData, expected.animatableData) < accumulatedRounding)
            #expect(log.applied.last == presence.effects)
        }
        #expect(presence.effects == .identity && presence.velocity == .zero)
        // No frame showed it at identity before the end, and it was shown once.
        #expect(log.applied.dropLast().allSatisfy { $0 != .identity })
        #expect(log.visibility == [true])
    }

    @Test("animated removal: stays visible until the animation is removed, then visibilityChanged(false) once")
    func removal() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: bannerTransition, size: bannerSize)
        // A property animated by the same spring in a transaction of its own: the reference for
        // when the spring is removed (both start on the first frame after the change).
        let twin = AnimatableProperty(0.0, clock: clock)
        var twinRemoved: Double?
        withAnimation(.spring(duration: 0.5), completionCriteria: .removed, { twin.value = 1 }) {
            twinRemoved = clock.now
        }
        var transaction = Transaction(animation: .spring(duration: 0.5))
        transaction.addAnimationCompletion(criteria: .logicallyComplete, log.note("logically complete"))
        transaction.addAnimationCompletion(criteria: .removed, log.note("removed"))
        withTransaction(transaction) { presence.isPresent = false }
        #expect(log.events.isEmpty)  // nothing until the first frame
        while presence.isAnimating {
            #expect(presence.isVisible)
            clock.advance(frames: 1)
        }
        #expect(!presence.isVisible && clock.isIdle)
        #expect(presence.effects == bannerOffStage)
        let hidden = log.events.firstIndex(of: .visible(false))!
        // Hidden on the frame where the spring was removed, right after its last apply, and
        // before the transaction's `.removed` completion.
        #expect(log.times[hidden] == twinRemoved)
        #expect(Array(log.events[(hidden - 1)...]) == [.apply(bannerOffStage), .visible(false), .note("removed")])
        #expect(log.events.firstIndex(of: .note("logically complete"))! < hidden)
        #expect(log.visibility == [false] && log.count(.note("removed")) == 1)
    }

    @Test(
        "reversing mid-flight continues position and velocity and never calls visibilityChanged again",
        arguments: [true, false])
    func reversal(reversingRemoval: Bool) {
        let clock = HeadlessClock()
        let logA = PresenceLog(clock: clock)
        let logB = PresenceLog(clock: clock)
        // A is reversed; B, its twin, is not: until A's takeover starts they move identically.
        let a = logA.presence(isPresent: reversingRemoval, transition: bannerTransition, size: bannerSize)
        let b = logB.presence(isPresent: reversingRemoval, transition: bannerTransition, size: bannerSize)
        withAnimation(.spring(duration: 0.6)) {
            a.isPresent = !reversingRemoval
            b.isPresent = !reversingRemoval
        }
        clock.advance(by: 0.2)
        #expect(a.isAnimating && a.isVisible)
        let effectsBefore = a.effects
        let velocityBefore = a.velocity
        let eventsBefore = logA.events.count
        withAnimation(.spring(duration: 0.6)) { a.isPresent = reversingRemoval }
        // The same instant: nothing new presented or called; the velocity is the inherited one.
        #expect(logA.events.count == eventsBefore)
        #expect(a.effects == effectsBefore)
        let sameInstantError = distance(a.velocity, velocityBefore)
        // Tolerance: the engine evaluates the same chain twice; rounding relative to the speed.
        #expect(sameInstantError <= accumulatedRounding * norm(velocityBefore))
        // The takeover's first frame shows the old motion at that frame's time: B's state.
        clock.advance(frames: 1)
        let positionError = distance(a.effects.animatableData, b.effects.animatableData)
        let velocityError = distance(a.velocity, b.velocity)
        // Tolerance: the same closed forms evaluated on two paths; rounding relative to the
        // magnitudes (offsets up to 56 px, speeds of a few hundred px/s).
        #expect(positionError <= accumulatedRounding * max(1, norm(b.effects.animatableData)))
        #expect(velocityError <= accumulatedRounding * norm(b.velocity))
        print(
            "reversal (\(reversingRemoval ? "removal" : "insertion")): speed \(norm(velocityBefore)); "
                + "position error \(positionError), velocity error \(velocityError) at the handoff, "
                + "\(sameInstantError) at the change")
        // From there A is the closed-form spring that starts at the handoff's position with its
        // velocity (Spring.value, independent of the engine's path), towards the new target.
        let start = a.effects
        let startVelocity = a.velocity
        let target = reversingRemoval ? TransitionEffects.identity : bannerOffStage
        let spring = Spring(duration: 0.6)
        for frame in 1...6 {
            clock.advance(frames: 1)
            let t = Double(frame) / 60
            let y =
                start.offset.height
                + spring.value(
                    target: target.offset.height - start.offset.height,
                    initialVelocity: startVelocity.second.first.second, time: t)
            let opacity =
                start.opacity
                + spring.value(
                    target: target.opacity - start.opacity, initialVelocity: startVelocity.first.first, time: t)
            // Tolerance: the same closed form, evaluated by the engine from a vector: rounding.
            #expect(abs(a.effects.offset.height - y) < accumulatedRounding)
            #expect(abs(a.effects.opacity - opacity) < accumulatedRounding)
        }
        // Turned back: A is nearer to where it is now headed than B is.
        #expect((a.effects.opacity > b.effects.opacity) == reversingRemoval)
        clock.runUntilIdle()
        #expect(a.effects == (reversingRemoval ? .identity : bannerOffStage))
        #expect(a.isVisible == reversingRemoval)
        #expect(logA.visibility == (reversingRemoval ? [] : [true, false]))
        #expect(logB.visibility == (reversingRemoval ? [false] : [true]))
    }

    /// The ways a change can be unanimated.
    enum Unanimated: CaseIterable, CustomTestStringConvertible {
        case noTransaction, nilAnimation, disablesAnimations, clockDisabled, ownAnimationDisabled,
            ownAnimationClockDisabled

        var testDescription: String { "\(self)" }
    }

    @Test("unanimated or with animations disabled, it appears and disappears at once", arguments: Unanimated.allCases)
    func unanimated(way: Unanimated) {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let own = way == .ownAnimationDisabled || way == .ownAnimationClockDisabled
        let transition = own ? bannerTransition.animation(.smooth) : bannerTransition
        let presence = log.presence(isPresent: false, transition: transition, size: bannerSize)
        clock.animationsEnabled = !(way == .clockDisabled || way == .ownAnimationClockDisabled)
        func change(to value: Bool) {
            switch way {
            case .noTransaction, .ownAnimationClockDisabled:
                presence.isPresent = value
            case .nilAnimation:
                withAnimation(nil, { presence.isPresent = value }, completion: log.note("done"))
            case .disablesAnimations, .ownAnimationDisabled:
                var transaction = Transaction(animation: .bouncy)
                transaction.disablesAnimations = true
                transaction.addAnimationCompletion(log.note("done"))
                withTransaction(transaction) { presence.isPresent = value }
            case .clockDisabled:
                withAnimation(.bouncy, { presence.isPresent = value }, completion: log.note("done"))
            }
        }
        let done: [PresenceEvent] = way == .noTransaction || way == .ownAnimationClockDisabled ? [] : [.note("done")]
        change(to: true)
        // Completions ran inline, before the change returned; nothing waits for a frame.
        #expect(log.events == [.visible(true), .apply(.identity)] + done)
        #expect(presence.isVisible && clock.isIdle)
        log.events = []
        change(to: false)
        #expect(log.events == [.apply(bannerOffStage), .visible(false)] + done)
        #expect(!presence.isVisible && clock.isIdle && presence.effects == bannerOffStage)
    }

    @Test("the host's callbacks run in the caller's transaction: a relayout on visibilityChanged animates with it")
    func callbacksSeeTheTransaction() {
        let clock = HeadlessClock()
        let sibling = AnimatableProperty(0.0, clock: clock)  // a sibling's position
        var seen: [Animation?] = []
        let presence = Presence(isPresent: false, transition: .opacity, clock: clock, apply: { _ in }) { visible in
            seen.append(Transaction.current.animation)
            sibling.value = visible ? 50 : 0  // the space the element takes
        }
        var done = 0
        withAnimation(.easeOut(duration: 0.405)) {
            presence.isPresent = true
        } completion: {
            done += 1
            // The transaction waited for both the transition and the sibling's glide.
            #expect(!presence.isAnimating && !sibling.isAnimating)
        }
        #expect(seen == [.easeOut(duration: 0.405)])
        #expect(sibling.isAnimating && sibling.presentationValue == 0)
        clock.runUntilIdle()
        #expect(done == 1 && sibling.presentationValue == 50)
        // Unanimated, the callback sees an unanimated transaction and the sibling jumps.
        presence.isPresent = false
        #expect(seen == [.easeOut(duration: 0.405), nil] && sibling.presentationValue == 0 && clock.isIdle)
    }

    @Test("the transaction's completions wait for the transition: logically complete, then removed, once each")
    func completions() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: false, transition: bannerTransition, size: bannerSize)
        for (present, name) in [(true, "insertion"), (false, "removal")] {
            var transaction = Transaction(animation: .spring(duration: 0.5))
            transaction.addAnimationCompletion(criteria: .logicallyComplete, log.note("\(name) logically complete"))
            transaction.addAnimationCompletion(criteria: .removed, log.note("\(name) removed"))
            let start = clock.now
            withTransaction(transaction) { presence.isPresent = present }
            #expect(log.count(.note("\(name) logically complete")) == 0)  // nothing inline
            clock.runUntilIdle()
            clock.advance(by: 1)
            let logical = log.events.firstIndex(of: .note("\(name) logically complete"))!
            let removed = log.events.firstIndex(of: .note("\(name) removed"))!
            // A spring is logically complete on the first frame with elapsed ≥ its duration: it
            // starts on the frame after the change (start + 1/60), done 30 frames later.
            #expect(abs(log.times[logical] - (start + 31.0 / 60)) < accumulatedRounding)
            #expect(logical < removed && log.times[logical] < log.times[removed])
            #expect(log.count(.note("\(name) logically complete")) == 1 && log.count(.note("\(name) removed")) == 1)
            if !present { #expect(log.events[removed - 1] == .visible(false)) }
        }
    }

    @Test(
        "every completion fires exactly once: reversed, interrupted without animation, or toggled twice before a frame")
    func completionsExactlyOnce() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: bannerTransition, size: bannerSize)
        func change(to value: Bool, _ animation: Animation?, _ name: String) {
            var transaction = Transaction(animation: animation)
            transaction.addAnimationCompletion(criteria: .logicallyComplete, log.note("\(name) logical"))
            transaction.addAnimationCompletion(criteria: .removed, log.note("\(name) removed"))
            withTransaction(transaction) { presence.isPresent = value }
        }
        // Reversed: the removal's completions still fire once; `.removed` when the motion ends.
        change(to: false, .spring(duration: 0.5), "removal")
        clock.advance(by: 0.1)
        change(to: true, .spring(duration: 0.5), "reversal")
        clock.runUntilIdle()
        // Interrupted by an unanimated change: its completions fire when that change returns.
        change(to: false, .smooth, "interrupted")
        clock.advance(by: 0.1)
        presence.isPresent = true
        #expect(log.count(.note("interrupted logical")) == 1 && log.count(.note("interrupted removed")) == 1)
        #expect(presence.effects == .identity && presence.isVisible && clock.isIdle)
        // Twice before a frame, and a change to the current value (nothing to wait for: inline).
        change(to: false, .snappy, "first")
        change(to: true, .snappy, "second")
        change(to: true, .snappy, "unchanged")
        #expect(log.count(.note("unchanged logical")) == 1 && log.count(.note("unchanged removed")) == 1)
        clock.runUntilIdle()
        clock.advance(by: 2)
        for name in ["removal", "reversal", "interrupted", "first", "second", "unchanged"] {
            #expect(log.count(.note("\(name) logical")) == 1, "\(name)")
            #expect(log.count(.note("\(name) removed")) == 1, "\(name)")
        }
        // It never went away.
        #expect(log.visibility.isEmpty && presence.isVisible && presence.effects == .identity)
    }

    @Test("finishAnimations(on:) ends a removal at once: hidden, completions once")
    func finishedByTheToolkit() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: bannerTransition, size: bannerSize)
        withAnimation(.bouncy) {
            presence.isPresent = false
        } completion: {
            log.record(.note("done"))
        }
        clock.advance(frames: 3)
        finishAnimations(on: clock)  // what a toolkit adapter does when the widget is unmapped
        // It jumps there at once; hiding and the completions wait for the next safe point (a
        // toolkit signal may come in the middle of the app's own code).
        #expect(log.events.last == .apply(bannerOffStage) && presence.isVisible)
        clock.runUntilIdle()
        #expect(Array(log.events.suffix(3)) == [.apply(bannerOffStage), .visible(false), .note("done")])
        #expect(clock.isIdle && !presence.isVisible && presence.effects == bannerOffStage)
        clock.advance(by: 1)
        #expect(log.count(.note("done")) == 1 && log.visibility == [false])
    }

    @Test("a size change mid-flight keeps the progress and moves the offsets with the new size")
    func sizeChange() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(
            isPresent: false, transition: .move(edge: .bottom), size: CGSize(width: 100, height: 50))
        let duration = 1.005
        withAnimation(.linear(duration: duration)) { presence.isPresent = true }
        clock.advance(frames: 19)  // 18/60 s into the animation
        let progress = 18.0 / 60 / duration
        // Tolerances: frame times are sums of 1/60 s steps (see accumulatedRounding).
        #expect(abs(presence.effects.offset.height - 50 * (1 - progress)) < accumulatedRounding)
        let applies = log.applied.count
        presence.size = CGSize(width: 100, height: 80)
        // Applied at once (no frame needed), at the same progress, in the new size.
        #expect(log.applied.count == applies + 1 && log.applied.last == presence.effects)
        #expect(abs(presence.effects.offset.height - 80 * (1 - progress)) < accumulatedRounding)
        #expect(abs(presence.velocity.second.first.second - (-80 / duration)) < accumulatedRounding)
        clock.runUntilIdle()
        #expect(presence.effects == .identity)
        // At rest on stage nothing depends on the size: no call.
        let events = log.events.count
        presence.size = CGSize(width: 10, height: 10)
        #expect(log.events.count == events)
        // Non-finite or negative components count as zero, and read back so.
        presence.size = CGSize(width: CGFloat.nan, height: -.infinity)
        #expect(presence.size == .zero)
        withAnimation(.bouncy) { presence.isPresent = false }
        clock.runUntilIdle()
        #expect(log.applied.allSatisfy(\.isFinite) && presence.effects == .identity)  // a move of size zero
    }

    @Test("a transition changed mid-flight applies from the next change on")
    func transitionChange() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: .opacity)
        withAnimation(.linear(duration: 0.505)) { presence.isPresent = false }
        clock.advance(by: 0.2)
        let events = log.events.count
        presence.transition = .scale
        #expect(log.events.count == events)  // nothing changes now
        clock.runUntilIdle()
        #expect(log.applied.allSatisfy { $0.scale == CGSize(width: 1, height: 1) })
        #expect(presence.effects == faded() && !presence.isVisible)
        withAnimation(.linear(duration: 0.505)) { presence.isPresent = true }
        #expect(log.applied.last == scaled(0, 0))
    }

    @Test("scaling and rotation pivot about the transition's anchor while moving; identity at rest")
    func anchors() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let transition = AnyTransition.opacity.combined(with: .scale(scale: 0.5, anchor: .topLeading))
        let presence = log.presence(isPresent: false, transition: transition)
        withAnimation(.bouncy) { presence.isPresent = true }
        clock.runUntilIdle()
        #expect(log.applied.dropLast().allSatisfy { $0.anchor == .topLeading })
        #expect(log.applied.last == .identity && presence.effects == .identity)
        withAnimation(.bouncy) { presence.isPresent = false }
        clock.runUntilIdle()
        #expect(log.applied.allSatisfy { $0 == .identity || $0.anchor == .topLeading })
        #expect(
            presence.effects
                == TransitionEffects(opacity: 0, scale: CGSize(width: 0.5, height: 0.5), anchor: .topLeading))
    }

    @Test("released mid-transition: no more callbacks, completions once at the next frame, never inside the release")
    func releaseMidTransition() {
        final class Witness {}
        let clock = HeadlessClock()
        weak var witness: Witness?
        var notes: [String] = []
        let log = PresenceLog(clock: clock)
        var eventsAtRelease = 0
        do {
            let captured = Witness()
            witness = captured
            var presence: Presence? = Presence(
                isPresent: true, transition: bannerTransition, size: bannerSize, clock: clock,
                apply: {
                    _ = captured; log.record(.apply($0))
                },
                visibilityChanged: {
                    _ = captured; log.record(.visible($0))
                })
            var transaction = Transaction(animation: .spring(duration: 0.5))
            transaction.addAnimationCompletion(criteria: .logicallyComplete) { notes.append("logical") }
            transaction.addAnimationCompletion(criteria: .removed) { notes.append("removed") }
            withTransaction(transaction) { presence!.isPresent = false }
            clock.advance(frames: 5)
            eventsAtRelease = log.events.count
            presence = nil
            #expect(notes.isEmpty)  // not inside the release
        }
        #expect(witness == nil)  // the host's callbacks are freed at once
        clock.advance(frames: 1)
        #expect(notes == ["logical", "removed"] && clock.isIdle)
        clock.advance(by: 2)
        #expect(notes == ["logical", "removed"] && log.events.count == eventsAtRelease)

        // Released inside the very transaction that started it, before any frame.
        var done = 0
        var presence: Presence? = Presence(isPresent: false, transition: .slide, clock: clock) { _ in }
        withAnimation(.smooth) {
            presence!.isPresent = true
            presence = nil
        } completion: {
            done += 1
        }
        // The end of the outermost transaction is the next safe point after the release.
        #expect(done == 1 && clock.isIdle)
        clock.advance(frames: 1)
        #expect(done == 1)
        // Released at rest: nothing to do.
        presence = Presence(isPresent: true, clock: clock) { _ in }
        presence = nil
        #expect(clock.isIdle)
    }

    @Test("a notification banner drops in from the top while fading in, dismisses itself after 3 s")
    func notificationBanner() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let banner = log.presence(isPresent: false, transition: bannerTransition, size: bannerSize)
        // Button("Show Banner") { withAnimation(.spring()) { showBanner = true } ... }
        withAnimation(.spring()) { banner.isPresent = true }
        #expect(log.events == [.visible(true), .apply(bannerOffStage)])
        var previous = banner.effects
        // A critically damped spring from rest is monotonic: the banner only ever comes down
        // and fades in (tolerance: rounding of values up to 56 px).
        for _ in 0..<30 {
            clock.advance(frames: 1)
            let now = banner.effects
            #expect(now.offset.height >= previous.offset.height - rounding * 56 && now.offset.height <= 0)
            #expect(now.opacity >= previous.opacity - rounding && now.opacity <= 1)
            previous = now
        }
        // Task { try await Task.sleep(for: .seconds(3)); withAnimation { showBanner = false } },
        // on the headless clock: 3 s after the tap.
        clock.advance(by: 3 - 30.0 / 60)
        #expect(banner.effects == .identity && !banner.isAnimating && banner.isVisible)
        var dismissed = 0
        withAnimation(.default) {
            banner.isPresent = false
        } completion: {
            dismissed += 1
        }
        previous = banner.effects
        while banner.isAnimating {
            #expect(banner.isVisible)
            clock.advance(frames: 1)
            let now = banner.effects
            #expect(now.offset.height <= previous.offset.height + rounding * 56 && now.offset.height >= -56)
            #expect(now.opacity <= previous.opacity + rounding && now.opacity >= 0)
            previous = now
        }
        #expect(banner.effects == bannerOffStage && !banner.isVisible)
        #expect(log.visibility == [true, false] && dismissed == 1)
    }

    @Test(
        "bad input never crashes and never presents NaN",
        arguments: [
            AnyTransition.offset(x: .nan, y: .infinity), .scale(scale: .infinity, anchor: UnitPoint(x: .nan, y: 2)),
            .modifier(
                active: TransitionEffects(
                    opacity: .nan, offset: CGSize(width: 1e300, height: CGFloat.nan), rotation: 1e308),
                identity: TransitionEffects(scale: CGSize(width: CGFloat.nan, height: -1e300))),
            .push(from: .trailing).combined(with: .offset(x: -1e300)),
        ])
    func badInput(transition: AnyTransition) {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(
            isPresent: false, transition: transition, size: CGSize(width: CGFloat.infinity, height: 1e300))
        for (present, animation) in [(true, Animation.bouncy), (false, .smooth), (true, .linear), (false, .bouncy)] {
            withAnimation(animation) { presence.isPresent = present }
            clock.advance(by: 0.1)
            #expect(norm(presence.velocity).isFinite)
            presence.size = CGSize(width: CGFloat.nan, height: 1e300)
            clock.runUntilIdle()
        }
        #expect(!log.applied.isEmpty && log.applied.allSatisfy(\.isFinite))
        #expect(log.visibility == [true, false, true, false])
    }
}
