import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// How long the transition of a change takes: from the change to its `.removed` completion.
@MainActor
func transitionDuration(
    _ transition: AnyTransition, inserting: Bool, in transaction: Transaction?, clock: HeadlessClock = HeadlessClock()
) -> Double {
    let presence = Presence(isPresent: !inserting, transition: transition, clock: clock) { _ in }
    let start = clock.now
    var end: Double?
    var withCompletion = transaction ?? Transaction()
    withCompletion.addAnimationCompletion(criteria: .removed) { end = clock.now }
    withTransaction(withCompletion) { presence.isPresent = inserting }
    clock.runUntilIdle()
    return end! - start
}

@MainActor
@Suite("Transition animations")
struct TransitionAnimationTests {
    /// `.linear(duration: d)` started by a change at time 0 ends on the first frame whose
    /// elapsed time (counted from the first frame, 1/60 s) exceeds d: at 1/60 + ⌊60 d + 1⌋/60.
    /// Durations here are off the 1/60 s grid (0.205 s...), so no frame lands on the end exactly.
    static func linearEnd(_ d: Double) -> Double { (1 + (60 * d + 1).rounded(.down)) / 60 }

    static let slow = Transaction(animation: .linear(duration: 1.005))

    @Test(
        "a transition's own animation replaces the transaction's, and runs without one",
        arguments: [(true, true), (true, false), (false, true), (false, false)])
    func ownAnimation(inserting: Bool, insideWithAnimation: Bool) {
        let transition = AnyTransition.opacity.animation(.linear(duration: 0.205))
        let duration = transitionDuration(transition, inserting: inserting, in: insideWithAnimation ? Self.slow : nil)
        #expect(abs(duration - Self.linearEnd(0.205)) < accumulatedRounding)  // frame times are sums of 1/60
    }

    @Test("without its own animation a transition follows the transaction, or jumps without one")
    func followsTransaction() {
        #expect(
            abs(transitionDuration(.opacity, inserting: false, in: Self.slow) - Self.linearEnd(1.005))
                < accumulatedRounding)
        #expect(transitionDuration(.opacity, inserting: false, in: nil) == 0)
        // animation(nil): none of its own, whatever its parts said.
        let cleared = AnyTransition.opacity.animation(.linear(duration: 0.205)).animation(nil)
        #expect(
            abs(transitionDuration(cleared, inserting: true, in: Self.slow) - Self.linearEnd(1.005))
                < accumulatedRounding)
        #expect(transitionDuration(cleared, inserting: true, in: nil) == 0)
    }

    @Test("an own animation never runs when animations are disabled")
    func disabled() {
        let transition = AnyTransition.opacity.animation(.linear(duration: 0.205))
        var disabled = Transaction(animation: .smooth)
        disabled.disablesAnimations = true
        #expect(transitionDuration(transition, inserting: true, in: disabled) == 0)
        let clock = HeadlessClock()
        clock.animationsEnabled = false
        #expect(transitionDuration(transition, inserting: false, in: nil, clock: clock) == 0)
    }

    @Test("asymmetric: each side runs with its own animation; combined: the first one's, else the other's")
    func composition() {
        let asymmetric = AnyTransition.asymmetric(
            insertion: .opacity.animation(.linear(duration: 0.205)), removal: .scale.animation(.linear(duration: 0.405))
        )
        #expect(
            abs(transitionDuration(asymmetric, inserting: true, in: nil) - Self.linearEnd(0.205)) < accumulatedRounding)
        #expect(
            abs(transitionDuration(asymmetric, inserting: false, in: nil) - Self.linearEnd(0.405)) < accumulatedRounding
        )
        let second = AnyTransition.opacity.combined(with: .scale.animation(.linear(duration: 0.305)))
        #expect(
            abs(transitionDuration(second, inserting: true, in: Self.slow) - Self.linearEnd(0.305))
                < accumulatedRounding)
        let both = AnyTransition.opacity.animation(.linear(duration: 0.205)).combined(
            with: .scale.animation(.linear(duration: 0.305)))
        #expect(abs(transitionDuration(both, inserting: false, in: nil) - Self.linearEnd(0.205)) < accumulatedRounding)
        // An outer animation(_:) decides for both sides.
        let outer = asymmetric.animation(.linear(duration: 0.105))
        #expect(abs(transitionDuration(outer, inserting: false, in: nil) - Self.linearEnd(0.105)) < accumulatedRounding)
    }
}
