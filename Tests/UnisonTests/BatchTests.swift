import Foundation
import Testing
import UnisonHeadless
import UnisonTestSupport

@testable import Unison

/// The engine presents the properties one transaction animates with one built-in animation as a
/// batch (structure of arrays). These tests hold it to the general path's results: the same values
/// bit for bit, the same completions, the same answers to every question asked mid-frame.
@MainActor
@Suite("Batched frames")
struct BatchTests {
    /// `base + (target − base)·a` with the transaction's sample: the general path's expression.
    static func expected(_ animation: Animation, base: Double, target: Double, elapsed: TimeInterval) -> Double {
        base + (target - base) * animation.storage.linearSample(at: elapsed).a
    }

    @Test("every member presents its own base and target exactly, while others leave, retarget or go away")
    func exactValuesThroughLeavesAndSwaps() throws {
        let clock = HeadlessClock()
        let animation = Animation.easeInOut(duration: 1)
        var shown = [Int: Double]()
        var properties: [AnimatableProperty<Double>?] = (0..<60).map { i in
            AnimatableProperty(Double(i), clock: clock) { shown[i] = $0 }
        }
        withAnimation(animation) {
            for (i, p) in properties.enumerated() { p!.value = 1000 + 7 * Double(i) }
        }
        clock.advance(frames: 1)  // the first frame fixes the start time; every member joins the batch
        let start = clock.now
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batches == 1 && driver.census.batched == 60 && driver.census.general == 0)
        for frame in 1...30 {
            clock.advance(frames: 1)
            if frame == 10 {
                // Retarget every third (it leaves for the general path), release every fifth: the
                // batch swaps members into the holes, and must keep each one's own base and target.
                withAnimation(.linear(duration: 0.5)) {
                    for i in stride(from: 0, to: 60, by: 3) { properties[i]?.value = -5 }
                }
                for i in stride(from: 0, to: 60, by: 5) where i % 3 != 0 { properties[i] = nil }
            }
            let elapsed = clock.now - start
            for i in 0..<60 where i % 3 != 0 && (frame < 10 || i % 5 != 0) {
                let want = Self.expected(animation, base: Double(i), target: 1000 + 7 * Double(i), elapsed: elapsed)
                #expect(shown[i] == want, "member \(i), frame \(frame)")
                #expect(properties[i]!.presentationValue == want)
            }
        }
        withExtendedLifetime(properties) {}
    }

    /// What the general path says `p` shows at `time` (`ValueState.sample`: the chain of entries
    /// evaluated one by one, nothing batched).
    static func general(_ p: AnimatableProperty<Double>, at time: TimeInterval) -> Double {
        ValueState<Double>.sample(p.core.state.entries, base: p.core.state.base, at: time).value
    }

    @Test("springs that took others over carry their velocities in a batch, each ending by itself")
    func carriedVelocities() throws {
        let clock = HeadlessClock()
        var applied = [Int: [Double]]()
        let properties = (0..<30).map { i in
            AnimatableProperty(0.0, clock: clock) { applied[i, default: []].append($0) }
        }
        var completions = (first: 0, second: 0)
        withAnimation(.bouncy) {
            for (i, p) in properties.enumerated() { p.value = 100 + Double(i) }
        } completion: {
            completions.first += 1
        }
        clock.advance(frames: 10)
        // Retarget mid-flight: each spring takes the running one over with its velocity, then the
        // properties continue together in one batch that carries velocities.
        withAnimation(.spring(duration: 0.4, bounce: 0.2)) {
            for (i, p) in properties.enumerated() { p.value = -Double(i) * 3 }
        } completion: {
            completions.second += 1
        }
        clock.advance(frames: 2)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batched == 30 && driver.census.general == 0)
        var frames = 0
        while !clock.isIdle {
            // Every frame, each member shows exactly what the general path computes for it.
            for (i, p) in properties.enumerated() where p.isAnimating {
                #expect(applied[i]!.last == Self.general(p, at: clock.now), "member \(i)")
            }
            clock.advance(frames: 1)
            frames += 1
        }
        #expect(frames > 10)
        #expect(completions == (1, 1))
        #expect(properties.enumerated().allSatisfy { $0.element.presentationValue == -Double($0.offset) * 3 })
        #expect(properties.enumerated().allSatisfy { applied[$0.offset]!.last == -Double($0.offset) * 3 })
    }

    @Test("completions run once, at the frame the general path would run them, whatever leaves the batch")
    func completionsExactlyOnce() {
        let clock = HeadlessClock()
        let properties = (0..<40).map { _ in AnimatableProperty(0.0, clock: clock) }
        var logical = 0
        var removed = 0
        var logicalFrame = -1
        withAnimation(.bouncy) {
            for p in properties { p.value = 100 }
        } completion: {
            logical += 1
            logicalFrame = clock.frameCount
        }
        withTransaction(Transaction(animation: .bouncy)) {
            properties[0].value = 100  // the same target: no new animation
        }
        var transaction = Transaction(animation: .smooth)
        transaction.addAnimationCompletion(criteria: .removed) { removed += 1 }
        withTransaction(transaction) { properties[1].value = 200 }
        clock.advance(frames: 5)
        // A takeover and a cancellation take members out mid-flight.
        withAnimation(.snappy) { properties[2].value = -50 }
        properties[3].finishAnimations()
        clock.runUntilIdle()
        #expect(logical == 1 && removed == 1)
        // `.bouncy` is logically complete at its settling duration (0.5 s): the frame at or after it.
        #expect(logicalFrame == Int((0.5 * 60).rounded(.up)) || logicalFrame == Int((0.5 * 60).rounded(.up)) + 1)
        #expect(properties.allSatisfy { !$0.isAnimating && $0.presentationValue == $0.value })
    }

    @Test("in the finishing frame a member animates until its own turn, and not inside its own apply")
    func askingMidFinishingFrame() {
        let clock = HeadlessClock()
        var seen: [(Int, Bool, Bool)] = []  // (member, it animates, the other animates)
        var properties: [AnimatableProperty<Double>] = []
        for i in 0..<2 {
            properties.append(
                AnimatableProperty(0.0, clock: clock) { value in
                    seen.append((i, properties[i].isAnimating, properties[1 - i].isAnimating))
                })
        }
        withAnimation(.linear(duration: 0.1)) { for p in properties { p.value = 10 } }
        clock.runUntilIdle()
        // Every frame before the last: both animate. In the last, member 0 has ended and member 1
        // still animates; then member 1 has ended too.
        let last = seen.suffix(2).map { [$0.0, $0.1 ? 1 : 0, $0.2 ? 1 : 0] }
        #expect(last == [[0, 0, 1], [1, 0, 0]])
        #expect(seen.dropLast(2).allSatisfy { $0.1 && $0.2 })
    }

    @Test("a member set from another member's apply leaves the batch and starts in the same frame")
    func reentrantSetFromApply() {
        let clock = HeadlessClock()
        var follower: AnimatableProperty<Double>!
        var followerFrames: [Int: Double] = [:]
        let leader = AnimatableProperty(0.0, clock: clock) { value in
            if value > 50, follower.value == 100 {
                withAnimation(.linear(duration: 0.2)) { follower.value = -100 }
            }
        }
        follower = AnimatableProperty(0.0, clock: clock) { followerFrames[clock.frameCount] = $0 }
        withAnimation(.linear(duration: 1)) {
            leader.value = 100
            follower.value = 100
        }
        var turned = -1
        while !clock.isIdle {
            clock.advance(frames: 1)
            if turned < 0, follower.value == -100 { turned = clock.frameCount }
        }
        #expect(turned > 0)
        // The new animation started in the frame the set happened in, not the next: a linear
        // animation combines with the running one, `out = old(t) + (−100 − old(t))·(t − t1)/0.2`,
        // with the old one `100·(t − t0)/1`, t0 the first frame (frame 1) and t1 frame `turned`.
        // (1e-9: a few ulps of the two rounded frame-time differences, scaled by 100.)
        func old(_ frame: Int) -> Double { 100 * Double(frame - 1) / 60 }
        #expect(abs(followerFrames[turned]! - old(turned)) < 1e-9)
        let half = turned + 6
        let want = old(half) + (-100 - old(half)) * (Double(half - turned) / 60 / 0.2)
        #expect(abs(followerFrames[half]! - want) < 1e-9)
        #expect(follower.presentationValue == -100 && leader.presentationValue == 100)
    }

    @Test("a finished batch settles when asked, and when the clock's next animation starts")
    func settling() throws {
        let clock = HeadlessClock()
        let properties = (0..<10).map { _ in AnimatableProperty(0.0, clock: clock) }
        withAnimation(.easeOut(duration: 0.2)) { for p in properties { p.value = 1 } }
        clock.runUntilIdle()
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batches == 0 && driver.census.settling == 1)
        // Asking one member settles that member only.
        #expect(!properties[0].isAnimating && properties[0].velocity == 0)
        #expect(driver.census.settling == 1)
        // The next animation on the clock settles the rest before it starts.
        withAnimation(.easeOut(duration: 0.2)) { properties[5].value = 2 }
        #expect(driver.census.settling == 0)
        clock.advance(frames: 2)
        #expect(driver.census.batched == 1)
        clock.runUntilIdle()
        #expect(properties.enumerated().allSatisfy { $0.element.presentationValue == ($0.offset == 5 ? 2 : 1) })
    }

    @Test("a value with the same animatable data set mid-flight is the one shown at the end")
    func sameDataNewModel() {
        struct Tagged: Animatable, Equatable {
            var x: Double
            var tag: String
            var animatableData: Double {
                get { x }
                set { x = newValue }
            }
        }
        let clock = HeadlessClock()
        var last: Tagged?
        let p = AnimatableProperty(Tagged(x: 0, tag: "a"), clock: clock) { last = $0 }
        withAnimation(.linear(duration: 0.2)) { p.value = Tagged(x: 10, tag: "b") }
        clock.advance(frames: 3)
        withAnimation(.linear(duration: 0.2)) { p.value = Tagged(x: 10, tag: "c") }
        clock.runUntilIdle()
        #expect(last == Tagged(x: 10, tag: "c") && p.presentationValue == Tagged(x: 10, tag: "c"))
    }

    @Test("releasing every member mid-flight, and in the finishing frame, completes once")
    func releaseMidFlight() throws {
        let clock = HeadlessClock()
        var properties: [AnimatableProperty<Double>] = (0..<20).map { _ in AnimatableProperty(0.0, clock: clock) }
        var completions = 0
        withAnimation(.linear(duration: 0.2)) {
            for p in properties { p.value = 1 }
        } completion: {
            completions += 1
        }
        clock.advance(frames: 3)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        properties.removeAll()
        clock.advance(frames: 1)  // a safe point: the deferred completion runs
        #expect(completions == 1)
        #expect(driver.census.batches == 0 && driver.census.settling == 0 && driver.isIdle)
    }
}
