import Foundation
import Testing
import Unison
import UnisonTestSupport

/// Animation classes' state variants driving a property on a clock (their values and resolution
/// are checked without a clock in UnisonTests' `AnimationClassStateTests`).
@MainActor
@Suite("Animation class states on properties")
struct AnimationClassStateEngineTests {
    let rules = stateClassRules

    @Test("a transaction that disables animations wins over a state's animation, as for plain classes")
    func disabledTransaction() throws {
        let clock = ManualClock()
        let opacity = AnimatableProperty(1.0, clock: clock)
        let pressed = try rules.resolveStyle(seedButton).resolved(for: [.active])
        var disabled = Transaction()
        disabled.disablesAnimations = true
        withTransaction(disabled) {
            withAnimationStyle(pressed.animation) { opacity.value = pressed.values.opacity }
        }
        #expect(!opacity.isAnimating && opacity.presentationValue == 0.8)
    }

    @Test(
        "press and release: each change animates with its destination's animation; a release mid-press reverses with the same velocity"
    )
    func pressAndRelease() throws {
        let clock = ManualClock()
        let opacity = AnimatableProperty(1.0, clock: clock)
        func restyle(_ style: ClassStyle, _ states: InteractionState) {
            let resolved = style.resolved(for: states)
            withAnimationStyle(resolved.animation) { opacity.value = resolved.values.opacity }
        }
        // Linear in, ease-out back: the values follow each curve exactly. (An animation starts at
        // the first frame after the change, as in SwiftUI.)
        let style = try rules.resolveStyle(
            "animate-ease-out duration-200 active:animate-linear active:duration-100 active:opacity-50")
        restyle(style, [.active])
        clock.frame(at: 0)
        clock.frame(at: 0.05)
        #expect(abs(opacity.presentationValue - 0.75) < rounding)
        clock.frame(at: 0.1)
        #expect(opacity.presentationValue == 0.5)
        restyle(style, [])
        clock.frame(at: 0.1)
        clock.frame(at: 0.2)
        #expect(abs(opacity.presentationValue - (0.5 + 0.5 * UnitCurve.easeOut.value(at: 0.5))) < rounding)
        clock.frame(at: 0.3)
        #expect(opacity.presentationValue == 1)
        // The README button's spring, pressed at 1 s and released at 1.06 s: from the next frame (1.075 s) the
        // spring back starts where the press spring is then, with its velocity.
        let seed = try rules.resolveStyle(seedButton)
        let spring = Spring(duration: 0.15)
        clock.now = 1
        restyle(seed, [.active])
        clock.frame(at: 1)
        clock.frame(at: 1.06)
        restyle(seed, [])
        clock.frame(at: 1.075)
        let position = 1 + spring.value(target: -0.2, time: 0.075)
        let velocity = spring.velocity(target: -0.2, time: 0.075)
        #expect(velocity < -0.5, "mid-press, the spring moves down: \(velocity)/s")
        // Closed forms of the same spring at the same time: `accumulatedRounding`.
        #expect(abs(opacity.presentationValue - position) < accumulatedRounding)
        #expect(abs(opacity.velocity - velocity) < accumulatedRounding)
        clock.frame(at: 1.1)
        let expected = position + spring.value(target: 1 - position, initialVelocity: velocity, time: 0.025)
        #expect(abs(opacity.presentationValue - expected) < accumulatedRounding)
    }
}
