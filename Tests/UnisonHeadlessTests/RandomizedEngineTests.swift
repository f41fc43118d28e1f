import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

@MainActor
@Suite("Randomized engine sequences")
struct RandomizedEngineTests {
    static let animations: [Animation] = [
        .smooth, .snappy, .bouncy, .interactiveSpring, .default, .spring(duration: 0.3, bounce: -0.5),
        .interpolatingSpring(stiffness: 200, damping: 8, initialVelocity: 3), .linear(duration: 0.2),
        .easeInOut, .easeOut(duration: 0), .easeIn.delay(0.1), .easeOut.speed(3), .linear(duration: 0.1).repeatCount(3),
        .spring(duration: 0.4).logicallyComplete(after: 0.1), Animation(Wobble(duration: 0.25)),
        .linear(duration: .nan), .spring(duration: -1, bounce: -5), .spring(duration: 0.2, bounce: 0.95),
    ]

    struct Wobble: CustomAnimation {
        let duration: Double
        func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
            time > duration ? nil : value.scaled(by: time / duration + 0.2 * sin(40 * time))
        }
    }

    /// One sequence: random animated and unanimated sets, retargets, disabled transactions,
    /// releases, finishes and clock advances on three properties, with invariants after each step.
    func runSequence(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let clock = HeadlessClock()
        var fired: [Int: Int] = [:]
        var registered = 0
        var properties: [AnimatableProperty<Double>?] = (0..<3).map { _ in AnimatableProperty(0.0, clock: clock) }
        let point = AnimatableProperty(CGPoint.zero, clock: clock)

        func completion() -> @MainActor () -> Void {
            let id = registered
            registered += 1
            return { fired[id, default: 0] += 1 }
        }

        for _ in 0..<40 {
            let i = Int.random(in: 0..<3, using: &rng)
            let target = Double(Int.random(in: -100...100, using: &rng))
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                let animation = Self.animations.randomElement(using: &rng)!
                let criteria: AnimationCompletionCriteria = Bool.random(using: &rng) ? .logicallyComplete : .removed
                withAnimation(
                    animation, completionCriteria: criteria,
                    {
                        properties[i]?.value = target
                        if Bool.random(using: &rng) { point.value = CGPoint(x: target, y: -target) }
                    }, completion: completion())
            case 4:
                properties[i]?.value = target
            case 5:
                var transaction = Transaction(animation: .bouncy)
                transaction.disablesAnimations = true
                transaction.addAnimationCompletion(completion())
                withTransaction(transaction) { properties[i]?.value = target }
            case 6:
                if Bool.random(using: &rng) {
                    properties[i] = nil
                } else {
                    properties[i] = AnimatableProperty(target, clock: clock)
                }
            case 7:
                properties[i]?.finishAnimations()
            default:
                clock.advance(frames: Int.random(in: 1...20, using: &rng))
            }
            for property in properties.compactMap({ $0 }) {
                #expect(property.presentationValue.isFinite && property.velocity.isFinite)
            }
            #expect(point.presentationValue.x.isFinite && point.presentationValue.y.isFinite)
            #expect(fired.values.allSatisfy { $0 == 1 }, "seed \(seed): a completion fired twice")
        }
        // Repeat-forever is not in the table, so everything ends.
        #expect(clock.runUntilIdle(timeout: 120), "seed \(seed)")
        #expect(fired.count == registered && fired.values.allSatisfy { $0 == 1 }, "seed \(seed)")
        for property in properties.compactMap({ $0 }) {
            #expect(!property.isAnimating && property.presentationValue == property.value, "seed \(seed)")
        }
        #expect(point.presentationValue == point.value)
    }

    @Test("thousands of random sequences keep every invariant")
    func randomSequences() {
        for seed in 0..<2000 as Range<UInt64> { runSequence(seed: seed) }
    }
}
