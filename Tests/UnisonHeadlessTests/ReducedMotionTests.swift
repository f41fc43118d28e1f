import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// Runs `body` with the app's reduced-motion preference set to `reduced`, restoring it after.
/// (Synchronous on the main actor: no other test sees the preference change.)
@MainActor
func withMotionPreference<R>(reduced: Bool?, _ body: () throws -> R) rethrows -> R {
    let before = MotionPreferences.reduceMotionOverride
    MotionPreferences.reduceMotionOverride = reduced
    defer { MotionPreferences.reduceMotionOverride = before }
    return try body()
}

/// The values `animation` takes from 0 to 100, sampled every 1/60 s until it ends (at most 10 s).
func samples(of animation: Animation) -> [Double] {
    var context = AnimationContext<Double>()
    var values: [Double] = []
    var time = 0.0
    while time < 10, let value = animation.animate(value: 100.0, time: time, context: &context) {
        values.append(value)
        time += 1.0 / 60
    }
    return values
}

@MainActor
@Suite("Reduced motion")
struct ReducedMotionTests {
    static let size = CGSize(width: 200, height: 100)

    @Test(
        "a transition that moves, scales or rotates becomes a cross-fade; opacity alone is kept",
        arguments: [
            ("slide", AnyTransition.slide), ("move", .move(edge: .top)), ("push", .push(from: .trailing)),
            ("offset", .offset(x: 30, y: -20)), ("scale", .scale), ("zoom", .scale(scale: 0.8, anchor: .topLeading)),
            ("rotate", .modifier(active: TransitionEffects(opacity: 0.5, rotation: 90), identity: .identity)),
            ("move+opacity", .move(edge: .bottom).combined(with: .opacity)),
        ])
    func transitionsFade(name: String, transition: AnyTransition) {
        let reduced = transition.reducingMotion
        for phase in [TransitionPhase.willAppear, .didDisappear] {
            let effects = reduced.effects(for: phase, size: Self.size)
            #expect(effects.offset == .zero && effects.scale == CGSize(width: 1, height: 1) && effects.rotation == 0)
            #expect(effects.opacity == 0, "\(name) \(phase)")
            // The original moved: the test would see it.
            #expect(transition.effects(for: phase, size: Self.size) != effects)
        }
        #expect(reduced.effects(for: .identity, size: Self.size) == .identity)
        let opacity = AnyTransition.modifier(active: TransitionEffects(opacity: 0.3), identity: .identity)
        #expect(opacity.reducingMotion.effects(for: .willAppear, size: Self.size).opacity == 0.3)
    }

    @Test("a numeric text roll becomes a fade in place; other content transitions are kept")
    func contentTransitions() {
        #expect(ContentTransition.numericText().reducingMotion == .opacity)
        #expect(ContentTransition.numericText(value: 3).reducingMotion == .opacity)
        #expect(ContentTransition.opacity.reducingMotion == .opacity)
        #expect(ContentTransition.identity.reducingMotion == .identity)
        let change = ContentChange(from: "41", to: "42", transition: ContentTransition.numericText().reducingMotion)
        #expect(change.pieces(at: 0.3).allSatisfy { $0.offset == 0 })
        #expect(
            ContentChange(from: "41", to: "42", transition: .numericText()).pieces(at: 0.3).contains { $0.offset != 0 })
    }

    @Test("springs keep their duration and lose their bounce; curves and delays are kept")
    func springsLoseBounce() {
        #expect(Animation.bouncy.reducingMotion == .spring(duration: 0.5, bounce: 0))
        #expect(Animation.snappy(duration: 0.3, extraBounce: 0.2).reducingMotion == .spring(duration: 0.3, bounce: 0))
        #expect(Animation.smooth.reducingMotion == .smooth)  // no bounce to lose
        #expect(Animation.easeInOut(duration: 0.4).reducingMotion == .easeInOut(duration: 0.4))
        #expect(
            Animation.bouncy.delay(0.2).repeatCount(2).reducingMotion
                == Animation.spring(duration: 0.5, bounce: 0).delay(0.2).repeatCount(2))
        for animation in [
            Animation.interpolatingSpring(stiffness: 170, damping: 5), .bouncy(duration: 0.4, extraBounce: 0.3),
            .spring(response: 0.3, dampingFraction: 0.4), .interactiveSpring,
        ] {
            let full = samples(of: animation)
            let reduced = samples(of: animation.reducingMotion)
            #expect(full.max()! > 100.5 || animation == .interactiveSpring)  // the original overshoots
            #expect(reduced.allSatisfy { $0 <= 100 + 1e-9 }, "\(animation)")
            #expect(reduced.last.map { abs($0 - 100) < 1 } == true)
        }
    }

    @Test("under the app's preference a slide presence shows the cross-fade's effects exactly, frame by frame")
    func presenceCrossFades() {
        func run(_ transition: AnyTransition, reduced: Bool?) -> [TransitionEffects] {
            let clock = HeadlessClock()
            var applied: [TransitionEffects] = []
            let presence = Presence(isPresent: false, transition: transition, size: Self.size, clock: clock) {
                applied.append($0)
            }
            withMotionPreference(reduced: reduced) {
                withAnimation(.bouncy) { presence.isPresent = true }
            }
            clock.runUntilIdle()
            withMotionPreference(reduced: reduced) {
                withAnimation(.bouncy) { presence.isPresent = false }
            }
            clock.runUntilIdle()
            #expect(!presence.isVisible)
            return applied
        }
        let reduced = run(.slide, reduced: true)
        #expect(reduced == run(.opacity, reduced: true))
        #expect(reduced.allSatisfy { $0.offset == .zero && $0.opacity >= 0 && $0.opacity <= 1 })
        #expect(reduced.count > 10 && reduced.contains { $0.opacity > 0.2 && $0.opacity < 0.8 })  // it fades
        #expect(run(.slide, reduced: false).contains { $0.offset.width != 0 })  // full motion slides
        #expect(run(.slide, reduced: nil).contains { $0.offset.width != 0 })  // the system (headless: no)
    }

    @Test("reduced motion from the environment: a transaction's, or a presence's")
    func environmentReduces() {
        let clock = HeadlessClock()
        var applied: [TransitionEffects] = []
        let presence = Presence(isPresent: false, transition: .move(edge: .top), size: Self.size, clock: clock) {
            applied.append($0)
        }
        withEnvironment(\.accessibilityReduceMotion, true) {
            withAnimation(.easeOut) { presence.isPresent = true }
        }
        clock.runUntilIdle()
        #expect(applied.allSatisfy { $0.offset == .zero } && applied.last == .identity)
        applied = []
        presence.environment.accessibilityReduceMotion = true
        withAnimation(.easeOut) { presence.isPresent = false }
        clock.runUntilIdle()
        #expect(applied.allSatisfy { $0.offset == .zero } && applied.last?.opacity == 0)
        var shown: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { shown.append($0) }
        withEnvironment(\.accessibilityReduceMotion, true) {
            withAnimation(.bouncy) { x.value = 100 }
        }
        clock.runUntilIdle()
        #expect(shown.count > 5 && shown.allSatisfy { $0 <= 100 + 1e-9 })
    }

    @Test("a property's spring loses its bounce under the preference; an essential change keeps it")
    func propertySprings() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        func peak(_ change: () -> Void) -> Double {
            x.value = 0
            var peak = -Double.infinity
            change()
            while !clock.isIdle {
                clock.advance(frames: 1)
                peak = max(peak, x.presentationValue)
            }
            return peak
        }
        #expect(peak { withAnimation(.bouncy) { x.value = 100 } } > 101)
        withMotionPreference(reduced: true) {
            let reduced = peak { withAnimation(.bouncy) { x.value = 100 } }
            #expect(reduced <= 100 + 1e-9 && reduced > 99)
            #expect(peak { withEssentialAnimation(.bouncy) { x.value = 100 } } > 101)
            var transaction = Transaction(animation: .bouncy)
            transaction.isEssential = true
            #expect(peak { withTransaction(transaction) { withAnimation(.bouncy) { x.value = 100 } } } > 101)
        }
    }

    @Test("an essential transition keeps its motion under reduced motion")
    func essentialTransition() {
        let clock = HeadlessClock()
        var applied: [TransitionEffects] = []
        let presence = Presence(isPresent: false, transition: .slide, size: Self.size, clock: clock) {
            applied.append($0)
        }
        withMotionPreference(reduced: true) {
            withEssentialAnimation(.easeOut) { presence.isPresent = true }
        }
        clock.runUntilIdle()
        #expect(applied.first?.offset.width == -200 && applied.last == .identity)
    }

    @Test("where animations are off, essential changes run (on a clock that can show frames) and the rest jump")
    func essentialRunsWhereAnimationsAreOff() {
        let clock = ReducedMotionClock()
        let x = AnimatableProperty(0.0, clock: clock)
        withAnimation(.linear(duration: 1)) { x.value = 100 }
        #expect(!x.isAnimating && x.presentationValue == 100)
        var completed = 0
        withEssentialAnimation(.linear(duration: 1)) {
            x.value = 0
        }
        #expect(x.isAnimating)
        clock.frames.advance(by: 0.5)
        #expect(abs(x.presentationValue - 50) < 2)
        withAnimation(.linear(duration: 1), { x.value = 10 }, completion: { completed += 1 })
        #expect(!x.isAnimating && completed == 1)
        clock.canShowFrames = false
        withEssentialAnimation(.linear(duration: 1)) { x.value = 100 }
        #expect(!x.isAnimating && x.presentationValue == 100)
    }
}
