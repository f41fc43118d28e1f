import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// `Presence.seek(to:toward:)`, `finishSeeking` and `cancelSeeking`: a transition driven by a
/// progress, then finished or cancelled from where it is with the release velocity.
///
/// The continuity bound. The commit and cancel animations are `.spring` (duration 0.5, no
/// bounce: ω = 2π / 0.5, critically damped): along the path, the offset e from the endpoint
/// obeys e'' = -ω²e - 2ωe'. Its energy ½e'² + ½ω²e² never grows (damping only removes it),
/// so every frame |e'| ≤ R and ω|e| ≤ R with R = √(v₀² + ω²e₀²) from the start, and
/// |e''| ≤ 3ωR. Over a frame of dt the velocity changes by at most 3ωR·dt, and the progress
/// differs from "last progress + last velocity · dt" by at most ½·3ωR·dt². A commit that
/// dropped the release velocity fails the first frame's check (see `commitContinues`).
@MainActor
@Suite struct SeekableTransitionTests {
    static let size = CGSize(width: 300, height: 60)
    static let ω = 2 * Double.pi / 0.5
    static let dt = 1.0 / 60

    /// `a + (b - a)·p` on the animatable data, the anchor of `anchor`.
    static func interpolate(
        _ a: TransitionEffects, _ b: TransitionEffects, _ p: Double, anchor: UnitPoint
    ) -> TransitionEffects {
        var result = a
        result.animatableData = a.animatableData + (b.animatableData - a.animatableData).scaled(by: p)
        result.anchor = anchor
        return result
    }

    static func distance(_ a: TransitionEffects, _ b: TransitionEffects) -> Double {
        (a.animatableData - b.animatableData).magnitudeSquared.squareRoot()
    }

    /// The progress velocity an opacity-only side shows: opacity goes 0 → 1 on insertion.
    static func opacityVelocity(_ presence: Presence) -> Double { presence.velocity.first.first }

    @Test func seekingGivesTheTransitionsEffectsAtThatProgress() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let transition = AnyTransition.move(edge: .top).combined(with: .opacity)
            .combined(with: .scale(scale: 0.5, anchor: .bottomTrailing))
        let presence = log.presence(isPresent: false, transition: transition, size: Self.size)
        let hidden = transition.effects(for: .willAppear, size: Self.size)
        let shown = transition.effects(for: .identity, size: Self.size)
        for p in [0, 0.25, 0.5, 1.0] {
            presence.seek(to: p, toward: true)
            let expected = Self.interpolate(hidden, shown, p, anchor: hidden.anchor)
            #expect(Self.distance(presence.effects, expected) < 1e-9, "insertion at \(p)")
            #expect(presence.effects.anchor == .bottomTrailing)
            #expect(presence.progress(toward: true) == p)
        }
        // Shown first, then drawn; no frame runs while seeking.
        #expect(log.events.first == .visible(true))
        #expect(presence.isSeeking && !presence.isPresent && presence.isVisible && !presence.isAnimating)

        // The removal side, the other way round (a removal at identity first).
        let gone = transition.effects(for: .didDisappear, size: Self.size)
        let out = log.presence(isPresent: true, transition: transition, size: Self.size)
        for p in [0, 0.25, 0.5, 1.0] {
            out.seek(to: p, toward: false)
            let expected = Self.interpolate(shown, gone, p, anchor: gone.anchor)
            #expect(Self.distance(out.effects, expected) < 1e-9, "removal at \(p)")
        }
        #expect(out.isPresent && out.isVisible)
    }

    @Test func theSameEffectsAsAnAnimationAtThatFraction() {
        // A linear animation of the transition at its midpoint presents what seeking 0.5 does.
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let animated = log.presence(isPresent: false, transition: .slide, size: Self.size)
        withAnimation(.linear(duration: 1)) { animated.isPresent = true }
        clock.advance(frames: 1)  // an animation's time starts at its first frame
        clock.advance(by: 0.5)
        let sought = log.presence(isPresent: false, transition: .slide, size: Self.size)
        sought.seek(to: 0.5, toward: true)
        #expect(Self.distance(animated.effects, sought.effects) < 1e-9)
    }

    /// Advances frame by frame until settled, checking each frame against the spring's bound;
    /// returns the frames taken.
    @discardableResult
    func expectContinuous(
        _ presence: Presence, toward target: Bool, clock: HeadlessClock, start: Double, velocity: Double,
        end: Double
    ) -> Int {
        let e0 = end - start
        let r = (velocity * velocity + Self.ω * Self.ω * e0 * e0).squareRoot()
        let maxAcceleration = 3 * Self.ω * r
        let sign = target ? 1.0 : -1.0  // opacity rises with insertion progress, falls with removal
        var progress = presence.progress(toward: target)
        var speed = sign * Self.opacityVelocity(presence)
        #expect(abs(progress - start) < 1e-9, "no jump when the animation starts")
        #expect(abs(speed - velocity) < 1e-9, "the animation starts with the release velocity")
        // An animation's time starts at its first frame (as every animation's does): that frame
        // shows the start, with the release velocity.
        clock.advance(frames: 1)
        var frames = 1
        #expect(abs(presence.progress(toward: target) - start) < 1e-9)
        #expect(abs(sign * Self.opacityVelocity(presence) - velocity) < 1e-9)
        while presence.isAnimating && frames < 600 {
            clock.advance(frames: 1)
            frames += 1
            let next = presence.progress(toward: target)
            let nextSpeed = presence.isAnimating ? sign * Self.opacityVelocity(presence) : 0
            let predicted = progress + speed * Self.dt
            #expect(abs(next - predicted) <= 0.5 * maxAcceleration * Self.dt * Self.dt + 1e-9, "frame \(frames)")
            if presence.isAnimating {
                #expect(abs(nextSpeed - speed) <= maxAcceleration * Self.dt + 1e-9, "frame \(frames)")
            }
            progress = next
            speed = nextSpeed
        }
        #expect(!presence.isAnimating)
        #expect(abs(presence.progress(toward: target) - end) < 1e-9)
        _ = clock.runUntilIdle()  // the completions waiting for it
        return frames
    }

    @Test func commitContinues() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: false, transition: .opacity)
        presence.seek(to: 0.2, toward: true)
        presence.seek(to: 0.4, toward: true)
        withAnimation(nil, { presence.finishSeeking(velocity: 6) }, completion: log.note("done"))
        #expect(presence.isPresent && !presence.isSeeking)
        expectContinuous(presence, toward: true, clock: clock, start: 0.4, velocity: 6, end: 1)
        #expect(presence.effects == .identity)
        #expect(log.count(.note("done")) == 1)
        #expect(log.visibility == [true])
    }

    @Test func cancelContinues() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: .opacity)
        presence.seek(to: 0.6, toward: false)
        withAnimation(nil, { presence.cancelSeeking(velocity: -5) }, completion: log.note("done"))
        #expect(presence.isPresent && !presence.isSeeking)
        expectContinuous(presence, toward: false, clock: clock, start: 0.6, velocity: -5, end: 0)
        #expect(presence.effects == .identity && presence.isVisible)
        #expect(log.visibility.isEmpty, "a cancelled removal never hides")
        #expect(log.count(.note("done")) == 1)
    }

    @Test func committedRemovalHidesOnceAndCancelledInsertionHidesOnce() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let out = log.presence(isPresent: true, transition: .opacity)
        out.seek(to: 0.5, toward: false)
        withAnimation(
            nil, completionCriteria: .removed, { out.finishSeeking(velocity: 1) }, completion: log.note("removed"))
        expectContinuous(out, toward: false, clock: clock, start: 0.5, velocity: 1, end: 1)
        #expect(!out.isPresent && !out.isVisible)
        #expect(log.events.suffix(2) == [.visible(false), .note("removed")], "\(log.events)")

        let log2 = PresenceLog(clock: clock)
        let into = log2.presence(isPresent: false, transition: .opacity)
        into.seek(to: 0.7, toward: true)
        withAnimation(
            nil, completionCriteria: .removed, { into.cancelSeeking(velocity: 2) }, completion: log2.note("cancelled"))
        expectContinuous(into, toward: true, clock: clock, start: 0.7, velocity: 2, end: 0)
        #expect(!into.isPresent && !into.isVisible)
        #expect(log2.visibility == [true, false])
        #expect(log2.count(.note("cancelled")) == 1)
        #expect(log2.events.last == .note("cancelled"))
    }

    @Test func aGrabMidCommitTakesItOver() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: false, transition: .opacity)
        presence.seek(to: 0.3, toward: true)
        withAnimation(nil, { presence.finishSeeking(velocity: 1) }, completion: log.note("first"))
        clock.advance(frames: 6)
        #expect(presence.isAnimating)
        let before = presence.effects
        let grabbed = presence.progress(toward: true)
        #expect(grabbed > 0.3 && grabbed < 1)
        presence.seek(to: grabbed, toward: true)
        #expect(presence.isSeeking && !presence.isAnimating)
        #expect(Self.distance(presence.effects, before) < 1e-9, "the grab does not jump")
        clock.advance(frames: 1)  // the interrupted commit's completion runs at the next safe point
        #expect(log.count(.note("first")) == 1)
        presence.seek(to: grabbed + 0.1, toward: true)
        presence.finishSeeking(velocity: 3)
        expectContinuous(presence, toward: true, clock: clock, start: grabbed + 0.1, velocity: 3, end: 1)
        #expect(log.count(.note("first")) == 1)
        #expect(log.visibility == [true])
    }

    @Test func aGrabMidRemovalThenCancelKeepsTheElement() {
        // A plain animated removal, grabbed halfway and pulled back.
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: .opacity)
        withAnimation(.linear(duration: 1), { presence.isPresent = false }, completion: log.note("removal"))
        clock.advance(by: 0.5)
        let grabbed = presence.progress(toward: false)
        // Half-way in time, less at most one 60 Hz frame of a 1 s linear animation (its time starts
        // at its first frame): 1/60 < 0.02.
        #expect(abs(grabbed - 0.5) < 0.02)
        let before = presence.effects
        presence.seek(to: grabbed, toward: false)
        #expect(Self.distance(presence.effects, before) < 1e-9)
        presence.cancelSeeking(velocity: -2)
        expectContinuous(presence, toward: false, clock: clock, start: grabbed, velocity: -2, end: 0)
        #expect(presence.isPresent && presence.isVisible)
        #expect(log.visibility.isEmpty)
        #expect(log.count(.note("removal")) == 1)
    }

    @Test func aCancelledSeekGrabbedTheOtherWayFollowsItsPath() {
        // Asymmetric: the way back out of a cancelled insertion is the insertion's path, not the
        // removal's, so grabbing it towards "gone" does not jump.
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let transition = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .opacity)
        let presence = log.presence(isPresent: false, transition: transition, size: Self.size)
        presence.seek(to: 0.6, toward: true)
        presence.cancelSeeking()
        clock.advance(frames: 5)
        #expect(presence.isAnimating && !presence.isPresent)
        let before = presence.effects
        let grabbed = presence.progress(toward: false)
        #expect(grabbed > 0 && grabbed < 1)
        #expect(abs(grabbed + presence.progress(toward: true) - 1) < 1e-9)
        presence.seek(to: grabbed, toward: false)
        #expect(Self.distance(presence.effects, before) < 1e-9 && presence.effects.opacity == 1)
        presence.finishSeeking(velocity: 1)
        _ = clock.runUntilIdle()
        #expect(!presence.isVisible && log.visibility == [true, false])
        #expect(log.applied.last?.offset.width == -Self.size.width)
    }

    @Test func badInputIsHandled() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: false, transition: .opacity)
        // NaN never starts a seek; the side it rests on is no seek either.
        presence.seek(to: .nan, toward: true)
        presence.seek(to: 0.5, toward: false)
        presence.finishSeeking(velocity: 3)
        presence.cancelSeeking()
        #expect(!presence.isSeeking && log.events.isEmpty)
        // Clamped to 0…1; NaN mid-seek changes nothing; reversed seeks are fine.
        presence.seek(to: -3, toward: true)
        #expect(presence.effects.opacity == 0 && presence.progress(toward: true) == 0)
        presence.seek(to: 2, toward: true)
        #expect(presence.effects.opacity == 1)
        presence.seek(to: .infinity, toward: true)
        #expect(presence.effects.opacity == 1)
        presence.seek(to: 0.8, toward: true)
        presence.seek(to: .nan, toward: true)
        #expect(presence.effects.opacity == 0.8)
        presence.seek(to: 0.2, toward: true)
        #expect(abs(presence.effects.opacity - 0.2) < 1e-12)
        // A non-finite velocity counts as zero.
        presence.finishSeeking(velocity: .nan)
        #expect(Self.opacityVelocity(presence) == 0)
        _ = clock.runUntilIdle()
        #expect(log.applied.allSatisfy { $0.opacity.isFinite } && presence.effects == .identity)
        #expect(log.visibility == [true])
    }

    @Test(arguments: 1...40)
    func randomSeeksKeepTheRules(seed: Int) {
        // Random seeks (bad values included), finishes, cancels, changes of isPresent and frames:
        // every completion runs once, nothing non-finite is drawn, visibility alternates, and at
        // rest the element stands where `isPresent` says.
        var random = SplitMix64(seed: UInt64(seed))
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let transitions: [AnyTransition] = [
            .opacity, .slide, .scale(scale: 0.2, anchor: .topLeading).combined(with: .move(edge: .bottom)),
            .asymmetric(insertion: .move(edge: .trailing), removal: .opacity),
        ]
        let startsPresent = Bool.random(using: &random)
        let presence = log.presence(
            isPresent: startsPresent, transition: transitions.randomElement(using: &random)!, size: Self.size)
        let progresses: [Double] = [0, 0.3, 0.5, 0.9, 1, -0.4, 1.7, .nan, .infinity, -.infinity]
        let velocities: [Double] = [0, 2, -3, 12, .nan, .infinity]
        var completions = [Int]()
        func counted(_ body: () -> Void) {
            let index = completions.count
            completions.append(0)
            withAnimation(.spring, completionCriteria: .removed, body) { completions[index] += 1 }
        }
        for _ in 0..<40 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                presence.seek(
                    to: progresses.randomElement(using: &random)!, toward: Bool.random(using: &random))
            case 2:
                let velocity = velocities.randomElement(using: &random)!
                counted { presence.finishSeeking(velocity: velocity) }
            case 3:
                let velocity = velocities.randomElement(using: &random)!
                counted { presence.cancelSeeking(velocity: velocity) }
            case 4:
                let value = Bool.random(using: &random)
                counted { presence.isPresent = value }
            default:
                clock.advance(frames: Int.random(in: 0...12, using: &random))
            }
        }
        if presence.isSeeking { counted { presence.finishSeeking() } }
        _ = clock.runUntilIdle()
        clock.advance(frames: 1)
        #expect(completions.allSatisfy { $0 == 1 }, "\(completions)")
        #expect(!presence.isAnimating && !presence.isSeeking)
        #expect(presence.isVisible == presence.isPresent)
        if presence.isPresent { #expect(presence.effects == .identity) }
        #expect(log.applied.allSatisfy { $0.animatableData.magnitudeSquared.isFinite }, "every drawn number finite")
        let visibility = log.visibility
        for (index, visible) in visibility.enumerated() {
            #expect(visible == (index.isMultiple(of: 2) ? !startsPresent : startsPresent), "\(visibility)")
        }
    }

    @Test func settingIsPresentEndsTheSeek() {
        let clock = HeadlessClock()
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: .opacity)
        presence.seek(to: 0.5, toward: false)
        presence.isPresent = true  // unanimated: back at once, the seek cancelled
        #expect(!presence.isSeeking && presence.effects == .identity && !presence.isAnimating)
        presence.seek(to: 0.5, toward: false)
        presence.isPresent = false  // unanimated: gone at once
        #expect(!presence.isSeeking && !presence.isVisible)
        #expect(log.visibility == [false])
    }

    @Test func noAnimationFinishesAtOnce() {
        let clock = HeadlessClock()
        clock.animationsEnabled = false
        let log = PresenceLog(clock: clock)
        let presence = log.presence(isPresent: true, transition: .opacity)
        presence.seek(to: 0.4, toward: false)
        presence.finishSeeking(velocity: 2)
        #expect(!presence.isVisible && !presence.isAnimating && log.visibility == [false])
    }
}
