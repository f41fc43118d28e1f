import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

@MainActor
@Suite("Animation classes on properties")
struct AnimationClassEngineTests {
    @Test("a class string animates any property, with its completion")
    func animatesWithClasses() throws {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var done = false
        try animate("animate-linear duration-200") {
            x.value = 10
        } completion: {
            done = true
        }
        clock.advance(frames: 7)  // started at frame 1: 6 frames = 0.1 s in
        #expect(x.presentationValue.isApproximatelyEqual(to: 5, within: .accumulatedRounding))
        clock.runUntilIdle()
        #expect(done && x.presentationValue == 10)
    }

    @Test("without an animate class the caller's transaction is kept")
    func keepsCallerTransaction() throws {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        try animate("duration-500") { x.value = 1 }
        #expect(!x.isAnimating)  // no transaction around it: jumps
        try withAnimation(.linear(duration: 1)) {
            try animate("delay-100 duration-900") { x.value = 2 }
        }
        clock.advance(frames: 31)
        // The caller's linear 1 s.
        #expect(x.presentationValue.isApproximatelyEqual(to: 1.5, within: .accumulatedRounding))
    }

    @Test("reduce motion and disabled transactions make class animations jump; bad classes apply nothing")
    func accessibility() throws {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var done = false
        try animate("animate-bouncy", rules: AnimationClassRules(reducesMotion: true)) {
            x.value = 3
        } completion: {
            done = true
        }
        #expect(done && !x.isAnimating && x.presentationValue == 3)
        var disabled = Transaction()
        disabled.disablesAnimations = true
        try withTransaction(disabled) {
            try animate("animate-spring duration-300") { x.value = 4 }
        }
        #expect(!x.isAnimating && x.presentationValue == 4)
        #expect(throws: AnimationClassError.self) {
            try animate("animate-spring duration-oops") { x.value = 99 }
        }
        #expect(x.value == 4)  // nothing applied
    }
}
