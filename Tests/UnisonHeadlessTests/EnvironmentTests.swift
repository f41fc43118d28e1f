import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

// MARK: Fixtures

/// The environments a ``Probe`` animation saw, in order. (`@unchecked Sendable`: only the main
/// actor, where the engine evaluates animations, touches it.)
final class ProbeLog: @unchecked Sendable {
    var seen: [EnvironmentValues] = []
}

/// A linear custom animation over `duration` that records the environment of every call.
struct Probe: CustomAnimation {
    let log: ProbeLog
    var duration = 0.1
    var merges = false

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        log.seen.append(context.environment)
        return time >= duration ? nil : value.scaled(by: time / duration)
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        log.seen.append(context.environment)
        return merges
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.log === rhs.log && lhs.duration == rhs.duration && lhs.merges == rhs.merges
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(log))
        hasher.combine(duration)
    }
}

/// A custom animation that reads the environment: a smoothstep over `duration` that first leans
/// towards the leading side (left from left to right, right from right to left) by up to `depth`
/// of the change; when motion is reduced, a plain linear move over `reducedDuration`, without the
/// lean. It adapts to reduced motion, so it runs where a toolkit skips the others for that reason.
struct WindUp: CustomAnimation {
    var duration = 1.0
    var reducedDuration = 0.2
    /// The lean's depth, as a fraction of the change.
    static let depth = 0.1

    var adaptsToReducedMotion: Bool { true }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let reduced = context.environment.accessibilityReduceMotion
        let length = reduced ? reducedDuration : duration
        guard time < length else { return nil }
        let p = time / length
        if reduced { return value.scaled(by: p) }
        // The lean: a half sine over the first 30 %, negative (left) from left to right.
        let side = context.environment.layoutDirection == .leftToRight ? -1.0 : 1.0
        let lean = p < 0.3 ? side * Self.depth * sin(.pi * p / 0.3) : 0
        return value.scaled(by: p * p * (3 - 2 * p) + lean)
    }
}

/// A clock that skips animations because the user asked for less motion, as GTK does with
/// `gtk-enable-animations` off on a mapped widget (frames come from a headless clock), and
/// counts how often the engine reads its environment.
@MainActor
final class ReducedMotionClock: FrameClock {
    let frames = HeadlessClock()
    var canShowFrames = true
    private(set) var environmentReads = 0

    var now: TimeInterval { frames.now }
    func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) { frames.startFrames(handler) }
    func stopFrames() { frames.stopFrames() }
    var animationsEnabled: Bool { false }
    var reducedMotionAnimationsEnabled: Bool { canShowFrames }
    var environment: EnvironmentValues {
        environmentReads += 1
        var environment = EnvironmentValues()
        environment.accessibilityReduceMotion = true
        return environment
    }
}

/// A headless clock's `environment`, counted.
@MainActor
final class CountingClock: FrameClock {
    let frames = HeadlessClock()
    var values = EnvironmentValues()
    private(set) var environmentReads = 0

    var now: TimeInterval { frames.now }
    func startFrames(_ handler: @escaping @MainActor (TimeInterval) -> Void) { frames.startFrames(handler) }
    func stopFrames() { frames.stopFrames() }
    var environment: EnvironmentValues {
        environmentReads += 1
        return values
    }
}

/// Where a precedence case sets its values.
struct Layers: Sendable, CustomTestStringConvertible {
    let name: String
    var clock: String?
    var property: String?
    var transaction: String?
    let expected: String
    var testDescription: String { name }
}

// MARK: Tests

@MainActor
@Suite("Environment in animations")
struct EnvironmentTests {
    /// One frame of the 60 fps headless clock.
    nonisolated static let frame = 1.0 / 60
    /// How far a measured animation length can be from the animation's own: it ends on the first
    /// frame at or after its end (one frame), and frame times are sums of 1/60 s steps
    /// (`accumulatedRounding`).
    nonisolated static let lengthTolerance = frame + accumulatedRounding

    nonisolated static let precedence: [Layers] = [
        Layers(name: "nothing set: the default", expected: "blue"),
        Layers(name: "the clock's", clock: "clock", expected: "clock"),
        Layers(name: "the property's over the clock's", clock: "clock", property: "property", expected: "property"),
        Layers(
            name: "the transaction's over the clock's", clock: "clock", transaction: "transaction",
            expected: "transaction"),
        Layers(
            name: "the transaction's over everything", clock: "clock", property: "property", transaction: "transaction",
            expected: "transaction"),
    ]

    @Test("a custom animation sees defaults < clock < property < transaction", arguments: precedence)
    func precedenceOfLayers(layers: Layers) {
        let clock = HeadlessClock()
        if let value = layers.clock { clock.environment.accent = value }
        let x = AnimatableProperty(0.0, clock: clock)
        if let value = layers.property { x.environment.accent = value }
        let log = ProbeLog()
        var transaction = Transaction(animation: Animation(Probe(log: log)))
        if let value = layers.transaction { transaction.environment.accent = value }
        withTransaction(transaction) { x.value = 1 }
        #expect(clock.runUntilIdle())
        #expect(!log.seen.isEmpty)
        #expect(log.seen.allSatisfy { $0.accent == layers.expected })
    }

    @Test("layers merge key by key: each key comes from the highest layer that sets it")
    func keyByKey() throws {
        let clock = HeadlessClock()
        clock.environment.layoutDirection = .rightToLeft
        clock.environment.accent = "clock"
        let x = AnimatableProperty(0.0, clock: clock)
        x.environment.displayScale = 2
        x.environment.accent = "property"
        let log = ProbeLog()
        withEnvironment(\.accessibilityReduceMotion, true) {
            withAnimation(Animation(Probe(log: log))) { x.value = 1 }
        }
        clock.runUntilIdle()
        let seen = try #require(log.seen.first)
        #expect(seen.layoutDirection == .rightToLeft)  // the clock's
        #expect(seen.displayScale == 2 && seen.accent == "property")  // the property's
        #expect(seen.accessibilityReduceMotion)  // the transaction's
        // The layers themselves are untouched.
        #expect(!clock.environment.accessibilityReduceMotion && x.environment.layoutDirection == .leftToRight)
    }

    @Test("withEnvironment reaches nested withAnimation; a Transaction made afresh starts without it")
    func withEnvironmentScope() {
        let clock = HeadlessClock()
        let a = AnimatableProperty(0.0, clock: clock)
        let b = AnimatableProperty(0.0, clock: clock)
        let c = AnimatableProperty(0.0, clock: clock)
        let logA = ProbeLog()
        let logB = ProbeLog()
        var completed = 0
        withAnimation(.linear(duration: 0.5)) {
            withEnvironment(\.accent, "scoped") {
                #expect(Transaction.current.environment.accent == "scoped")
                #expect(Transaction.current.animation == .linear(duration: 0.5))  // the animation is kept
                c.value = 1  // animates with the outer transaction's animation
                withAnimation(Animation(Probe(log: logA))) { a.value = 1 }
                withTransaction(Transaction(animation: Animation(Probe(log: logB)))) { b.value = 1 }
            }
            #expect(Transaction.current.environment.accent == "blue")
        } completion: {
            completed += 1
        }
        #expect(c.isAnimating && completed == 0)  // the outer completion waits for what withEnvironment set
        clock.advance(by: 0.45)
        #expect(completed == 0)
        clock.runUntilIdle()
        #expect(completed == 1)
        #expect(logA.seen.allSatisfy { $0.accent == "scoped" } && !logA.seen.isEmpty)
        #expect(logB.seen.allSatisfy { $0.accent == "blue" } && !logB.seen.isEmpty)
    }

    @Test("an animation keeps the environment it started with; the next change sees the new one")
    func fixedAtStart() {
        let clock = HeadlessClock()
        clock.environment.accent = "first"
        let x = AnimatableProperty(0.0, clock: clock)
        let log = ProbeLog()
        withAnimation(Animation(Probe(log: log, duration: 0.5))) { x.value = 1 }
        clock.advance(by: 0.1)
        clock.environment.accent = "second"
        x.environment.accent = "property"
        clock.advance(by: 0.1)
        #expect(log.seen.allSatisfy { $0.accent == "first" })
        let before = log.seen.count
        withAnimation(Animation(Probe(log: log, duration: 0.5))) { x.value = 2 }
        clock.runUntilIdle()
        // The second animation sees the property's value; the first one keeps its own until it ends.
        #expect(log.seen[before...].contains { $0.accent == "property" })
        #expect(!log.seen.contains { $0.accent == "second" })
    }

    @Test("a takeover decides and runs in the environment of the change that started it")
    func takeover() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let first = ProbeLog()
        let second = ProbeLog()
        withEnvironment(\.accent, "old") {
            withAnimation(Animation(Probe(log: first, duration: 1))) { x.value = 1 }
        }
        clock.advance(by: 0.2)
        withEnvironment(\.accent, "new") {
            withAnimation(Animation(Probe(log: second, duration: 0.5, merges: true))) { x.value = 2 }
        }
        clock.runUntilIdle()
        #expect(first.seen.allSatisfy { $0.accent == "old" })
        #expect(second.seen.count > 2 && second.seen.allSatisfy { $0.accent == "new" })
    }

    @Test("modifiers pass the environment to the custom animation inside, across repeats")
    func throughModifiers() {
        let clock = HeadlessClock()
        clock.environment.layoutDirection = .rightToLeft
        let x = AnimatableProperty(0.0, clock: clock)
        let log = ProbeLog()
        let animation = Animation(Probe(log: log)).delay(0.05).speed(2).repeatCount(3).logicallyComplete(after: 0.1)
        withAnimation(animation) { x.value = 1 }
        #expect(clock.runUntilIdle())
        #expect(log.seen.count > 3 && log.seen.allSatisfy { $0.layoutDirection == .rightToLeft })
        // And an animation evaluated by hand sees the context's environment.
        var context = AnimationContext<Double>()
        context.environment.accent = "by hand"
        let byHand = ProbeLog()
        _ = Animation(Probe(log: byHand)).repeatForever().animate(value: 1.0, time: 0.05, context: &context)
        let widened = context.withState(AnimationState<AnimatablePair<Double, Double>>())
        #expect(byHand.seen.map(\.accent) == ["by hand"] && widened.environment.accent == "by hand")
    }

    @Test("the clock's environment is read once per custom animation start, never per frame nor for built-ins")
    func readOncePerStart() {
        let clock = CountingClock()
        clock.values.accent = "counted"
        let values = (0..<50).map { _ in AnimatableProperty(0.0, clock: clock) }
        withAnimation(.spring) { for value in values { value.value = 1 } }
        clock.frames.advance(by: 0.5)
        #expect(clock.environmentReads == 0)
        let log = ProbeLog()
        withAnimation(Animation(Probe(log: log, duration: 0.5))) { for value in values { value.value = 2 } }
        #expect(clock.environmentReads == 50)
        clock.frames.runUntilIdle()
        #expect(clock.environmentReads == 50)
        #expect(log.seen.count >= 50 * 30 && log.seen.allSatisfy { $0.accent == "counted" })
    }

    // MARK: A custom animation that reads the environment

    /// How long `x` animates with `WindUp` from 0 to 100 on `clock`, and its first presented values.
    func run(_ x: AnimatableProperty<Double>, on clock: HeadlessClock) -> (duration: Double, early: [Double]) {
        var early: [Double] = []
        withAnimation(Animation(WindUp())) { x.value += 100 }
        let start = clock.now
        while x.isAnimating && clock.now - start < 5 {
            clock.advance(frames: 1)
            if early.count < 10 { early.append(x.presentationValue) }
        }
        // The first frame fixes the start; the animation ends on the first frame at or after it.
        return (clock.now - start - Self.frame, early)
    }

    @Test("WindUp runs 1 s, winding up towards the leading side, or 0.2 s straight when motion is reduced")
    func windUp() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let full = run(x, on: clock)
        #expect(abs(full.duration - 1) <= Self.lengthTolerance)
        #expect(full.early.dropFirst().first! < 0)  // winds up to the left first
        #expect(full.early.min()! >= -100 * WindUp.depth)

        clock.environment.layoutDirection = .rightToLeft
        x.value = 0
        let mirrored = run(x, on: clock)
        #expect(mirrored.early.dropFirst().first! > 0)  // the leading side is the right

        clock.environment.accessibilityReduceMotion = true
        x.value = 0
        let reduced = run(x, on: clock)
        #expect(abs(reduced.duration - 0.2) <= Self.lengthTolerance)
        #expect(reduced.early.allSatisfy { $0 >= 0 && $0 <= 100 })  // no wind-up, no overshoot
        // The same change, reduced for one transaction only.
        clock.environment.accessibilityReduceMotion = false
        x.value = 0
        let scoped = withEnvironment(\.accessibilityReduceMotion, true) { run(x, on: clock) }
        #expect(abs(scoped.duration - 0.2) <= Self.lengthTolerance)
    }

    @Test("where a clock skips animations for reduced motion, only adapting ones run, and they see it")
    func reducedMotionClock() {
        let clock = ReducedMotionClock()
        let x = AnimatableProperty(0.0, clock: clock)
        withAnimation(.spring) { x.value = 100 }
        #expect(!x.isAnimating && x.presentationValue == 100)  // a spring jumps
        let log = ProbeLog()
        withAnimation(Animation(Probe(log: log))) { x.value = 0 }
        #expect(!x.isAnimating && log.seen.isEmpty)  // so does a custom animation that does not adapt
        var completed = false
        withAnimation(Animation(WindUp()).delay(0.1)) {
            x.value = 100
        } completion: {
            completed = true
        }
        #expect(x.isAnimating)  // adapting (under a modifier too): it runs, reduced
        let start = clock.now
        clock.frames.runUntilIdle()
        #expect(completed && x.presentationValue == 100)
        #expect(abs(clock.now - start - Self.frame - 0.3) <= Self.lengthTolerance)  // delay 0.1 + reduced 0.2
        // A clock that cannot show frames at all (an unmapped widget) skips it too.
        clock.canShowFrames = false
        withAnimation(Animation(WindUp())) { x.value = 0 }
        #expect(!x.isAnimating && x.presentationValue == 0)
    }

    // MARK: Direction-aware transitions

    nonisolated static let size = CGSize(width: 200, height: 100)

    @Test(
        "a presence slides in from the right and out to the left in a right-to-left environment, from each layer",
        arguments: ["clock", "presence", "transaction"])
    func presenceMirrors(layer: String) {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let presence = Presence(isPresent: false, transition: .slide, size: Self.size, clock: clock) {
            applied.append($0.offset.width)
        }
        switch layer {
        case "clock": clock.environment.layoutDirection = .rightToLeft
        case "presence": presence.environment.layoutDirection = .rightToLeft
        default: break
        }
        func change(_ present: Bool) {
            if layer == "transaction" {
                withEnvironment(\.layoutDirection, .rightToLeft) {
                    withAnimation(.easeOut) { presence.isPresent = present }
                }
            } else {
                withAnimation(.easeOut) { presence.isPresent = present }
            }
        }
        change(true)
        #expect(applied.first == 200)  // presented at once at the right
        clock.runUntilIdle()
        #expect(applied.last == 0)
        #expect(zip(applied, applied.dropFirst()).allSatisfy { $0 >= $1 })  // leftwards all the way
        applied = []
        change(false)
        clock.runUntilIdle()
        #expect(applied.last == -200 && !presence.isVisible)
        #expect(zip(applied, applied.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test(
        "a transition's custom animation sees the presence's environment; an adapting one runs on a reduced-motion clock"
    )
    func presenceAnimationEnvironment() {
        let clock = ReducedMotionClock()
        var applied: [TransitionEffects] = []
        let presence = Presence(
            isPresent: false, transition: .move(edge: .leading).animation(Animation(WindUp())), size: Self.size,
            clock: clock
        ) { applied.append($0) }
        presence.environment.layoutDirection = .rightToLeft
        presence.isPresent = true  // the transition's own animation, not in withAnimation
        #expect(presence.isAnimating)
        let start = clock.now
        clock.frames.runUntilIdle()
        #expect(abs(clock.now - start - Self.frame - 0.2) <= Self.lengthTolerance)  // WindUp saw reduced motion
        #expect(applied.first?.offset.width == 200 && applied.last == .identity)
        // A transition whose animation does not adapt appears at once there.
        presence.transition = .opacity.animation(.easeIn)
        presence.isPresent = false
        #expect(!presence.isAnimating && !presence.isVisible)
    }
}
