import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// A headless element: its surface, its own layout, its children's
/// layout and its content, each a property whose change says which area it belongs to.
@MainActor
private final class Element {
    let surface: AnimatableProperty<Double>
    let layout: AnimatableProperty<Double>
    let childLayout: AnimatableProperty<Double>
    let content: AnimatableProperty<Double>

    init(clock: HeadlessClock) {
        surface = AnimatableProperty(0.0, clock: clock)
        layout = AnimatableProperty(0.0, clock: clock)
        childLayout = AnimatableProperty(0.0, clock: clock)
        content = AnimatableProperty(0.0, clock: clock)
    }

    /// Sets every area to `value`, each saying its area.
    func set(_ value: Double) {
        withAnimationArea(.surface) { surface.value = value }
        withAnimationArea(.layout) { layout.value = value }
        withAnimationArea(.childLayout) { childLayout.value = value }
        withAnimationArea(.content) { content.value = value }
    }

    /// Which of the four animate.
    var animating: [Bool] { [surface, layout, childLayout, content].map(\.isAnimating) }
}

@MainActor
@Suite("Watched animation presets and scopes")
struct WatchedAnimationTests {
    @Test("only the watched value enables the preset; the first value only records")
    func onlyTheWatchedValue() throws {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let watch = try WatchedAnimation("animate-linear duration-200", value: false)
        watch.update(value: false) { x.value = 1 }
        #expect(!x.isAnimating && x.presentationValue == 1)  // same value: the caller's (none)
        var done = 0
        watch.update(value: true) {
            x.value = 2
        } completion: {
            done += 1
        }
        clock.advance(frames: 7)  // the first frame starts it; 6 more = 0.1 s of 0.2 s
        // Linear: exact to rounding.
        #expect(x.presentationValue.isApproximatelyEqual(to: 1.5, within: .accumulatedRounding))
        watch.update(value: true) { x.value = 3 }  // unrelated change: jumps, ending the animation
        #expect(!x.isAnimating && x.presentationValue == 3)
        clock.runUntilIdle()
        #expect(done == 1)
    }

    @Test("each scope animates exactly the areas it names")
    func scopeTable() throws {
        let expected: [(AnimationScope, [Bool])] = [
            (.surface, [true, false, false, false]),
            (.layout, [false, true, true, false]),
            (.content, [false, false, true, true]),
            (.all, [true, true, true, true]),
        ]
        for (scope, animating) in expected {
            let clock = HeadlessClock()
            let element = Element(clock: clock)
            let watch = try WatchedAnimation("animate-smooth duration-300", value: 0, scope: scope)
            watch.update(value: 1) { element.set(1) }
            #expect(element.animating == animating, "\(scope)")
            // What the scope leaves out has its new value at once.
            for (property, animates) in zip(
                [element.surface, element.layout, element.childLayout, element.content], animating)
            where !animates {
                #expect(property.presentationValue == 1)
            }
        }
    }

    @Test("outside the preset's areas the caller's transaction applies, animated or not")
    func callerTransactionOutsideTheScope() throws {
        let clock = HeadlessClock()
        let element = Element(clock: clock)
        let watch = try WatchedAnimation("animate-spring", value: 0, scope: .content)
        withAnimation(.linear(duration: 1)) {
            watch.update(value: 1) { element.set(1) }
        }
        clock.advance(frames: 31)  // 0.5 s of the caller's linear second
        #expect(element.surface.presentationValue.isApproximatelyEqual(to: 0.5, within: .accumulatedRounding))
        #expect(element.layout.presentationValue.isApproximatelyEqual(to: 0.5, within: .accumulatedRounding))
        // The content springs (spring(duration: 0.3) is well past half-way at 0.5 s).
        #expect(element.content.presentationValue > 0.9)
    }

    @Test("without an animate class, reduced motion or disabled transactions, nothing is enabled")
    func noPresetKeepsTheCaller() throws {
        let clock = HeadlessClock()
        let element = Element(clock: clock)
        let timing = try WatchedAnimation("duration-500 delay-100", value: 0)
        timing.update(value: 1) { element.set(1) }
        #expect(element.animating == [false, false, false, false])
        let reduced = try WatchedAnimation(
            "animate-bouncy", value: 0, rules: AnimationClassRules(reducesMotion: true))
        reduced.update(value: 1) { element.set(2) }
        #expect(element.animating == [false, false, false, false] && element.content.presentationValue == 2)
        let watch = try WatchedAnimation(.animation(.smooth), .duration(0.3), value: 0)
        var disabled = Transaction()
        disabled.disablesAnimations = true
        withTransaction(disabled) { watch.update(value: 1) { element.set(3) } }
        #expect(element.animating == [false, false, false, false] && element.surface.presentationValue == 3)
        clock.animationsEnabled = false
        watch.update(value: 2) { element.set(4) }
        #expect(element.animating == [false, false, false, false] && element.layout.presentationValue == 4)
    }
}
