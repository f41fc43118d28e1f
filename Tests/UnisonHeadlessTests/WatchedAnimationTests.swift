import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// A headless element of the reference's examples: its surface, its own layout, its children's
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
        #expect(abs(x.presentationValue - 1.5) < 1e-9)  // linear: exact to rounding
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
        #expect(abs(element.surface.presentationValue - 0.5) < 1e-9)
        #expect(abs(element.layout.presentationValue - 0.5) < 1e-9)
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

    @Test("watched surface and layout scopes make content inherit identity; an explicit one wins")
    func inheritedContentTransition() {
        #expect(AnimationScope.surface.inheritedContentTransition == .identity)
        #expect(AnimationScope.layout.inheritedContentTransition == .identity)
        #expect(AnimationScope.content.inheritedContentTransition == nil)
        #expect(AnimationScope.all.inheritedContentTransition == nil)
    }

    @Test("the wrapper validates a whole recipe but applies only its animation")
    func wrapperValidatesRecipes() throws {
        let rules = AnimationClassRules(named: ["image": "p-2 rounded-lg opacity-90 animate-spring duration-150"])
        let watch = try WatchedAnimation("image", value: 0, rules: rules)
        #expect(watch.style.presetName == "spring" && watch.style.duration == 0.15)
        #expect(throws: AnimationClassError.self) { try WatchedAnimation("image p-oops", value: 0, rules: rules) }
        #expect(throws: AnimationClassError.self) { try WatchedAnimation("animate-smooth bgsurface", value: 0) }
    }
}

@Suite("Content transitions")
struct ContentTransitionTests {
    @Test("numericText rolls only the changed digits, lined up at the last one")
    func numericPieces() {
        let change = ContentChange(from: "41", to: "42", transition: .numericText())
        #expect(change.direction == 1)
        let half = change.pieces(at: 0.5)
        #expect(
            half == [
                .init(source: .new, characters: 0..<1, offset: 0, opacity: 1),  // the 4 stays
                .init(source: .new, characters: 1..<2, offset: 0.5, opacity: 0.5),  // the 2 rises from below
                .init(source: .old, characters: 1..<2, offset: -0.5, opacity: 0.5),  // the 1 leaves upwards
            ])
        #expect(change.pieces(at: 1).isEmpty && change.pieces(at: .nan).isEmpty)
        // A spring past 1: the arriving digit overshoots upwards a little.
        let over = change.pieces(at: 1.05)
        #expect(over.contains { $0.source == .new && abs($0.offset - -0.05) < 1e-12 })
    }

    @Test("the direction comes from the numbers, countsDown or the values")
    func directions() {
        #expect(ContentChange(from: "10", to: "9", transition: .numericText()).direction == -1)
        #expect(ContentChange(from: "1,024 items", to: "999 items", transition: .numericText()).direction == -1)
        #expect(ContentChange(from: "9", to: "10", transition: .numericText(countsDown: true)).direction == -1)
        #expect(ContentChange(from: "a", to: "b", transition: .numericText()).direction == 1)
        let down = ContentChange(from: "5", to: "7", transition: .numericText(value: -7), previousValue: -5)
        #expect(down.direction == -1)
        // "9" to "10": the 9 leaves, the 1 and the 0 arrive (nothing lines up).
        let grow = ContentChange(from: "9", to: "10", transition: .numericText())
        #expect(
            grow.pieces(at: 0.25) == [
                .init(source: .new, characters: 0..<2, offset: 0.75, opacity: 0.25),
                .init(source: .old, characters: 0..<1, offset: -0.25, opacity: 0.75),
            ])
    }

    @Test("numericText keeps what the texts share at the start and the end")
    func sharedStartAndEnd() {
        let price = ContentChange(from: "$9.99", to: "$10.99", transition: .numericText())
        #expect(price.commonPrefix == 1 && price.commonSuffix == 3 && price.direction == 1)
        #expect(
            price.pieces(at: 0.5) == [
                .init(source: .new, characters: 0..<1, offset: 0, opacity: 1),  // "$"
                .init(source: .new, characters: 1..<3, offset: 0.5, opacity: 0.5),  // "10" rises
                .init(source: .new, characters: 3..<6, offset: 0, opacity: 1),  // ".99"
                .init(source: .old, characters: 1..<2, offset: -0.5, opacity: 0.5),  // "9" leaves
            ])
        let label = ContentChange(from: "Count: 9", to: "Count: 10", transition: .numericText())
        #expect(label.commonPrefix == 7 && label.commonSuffix == 0)
        // A shared character never counts twice: "aa" to "aaa" shares 2 at the start, none after.
        let grow = ContentChange(from: "aa", to: "aaa", transition: .numericText())
        #expect(grow.commonPrefix == 2 && grow.commonSuffix == 0)
    }

    @Test("opacity cross-fades the whole text; identity and equal texts draw nothing")
    func opacityAndIdentity() {
        let fade = ContentChange(from: "Save", to: "Saved", transition: .opacity)
        #expect(
            fade.pieces(at: 0.25) == [
                .init(source: .old, characters: 0..<4, offset: 0, opacity: 0.75),
                .init(source: .new, characters: 0..<5, offset: 0, opacity: 0.25),
            ])
        #expect(fade.pieces(at: 1.2).isEmpty)  // a cross-fade does not overshoot
        // Found by the fuzzer: an empty text has no (empty) band.
        #expect(ContentChange(from: "", to: "a", transition: .opacity).pieces(at: 0.5).map(\.source) == [.new])
        #expect(ContentChange(from: "a", to: "b", transition: .identity).pieces(at: 0.5).isEmpty)
        #expect(ContentChange(from: "a", to: "a", transition: .numericText()).isEmpty)
    }
}
