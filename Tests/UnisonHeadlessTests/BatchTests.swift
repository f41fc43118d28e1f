import Foundation
import Testing
import UnisonHeadless
import UnisonTestSupport

@testable import Unison

/// A value with a part that does not animate (as `TransitionEffects` has its anchor).
private struct Tagged: Animatable, Equatable {
    var x: Double
    var tag: String
    var animatableData: Double {
        get { x }
        set { x = newValue }
    }
}

/// An app's own three-track value: its batch is compiled for any type (no specialised subclass).
private struct Pose3: Animatable, Equatable {
    var y = 0.0
    var scaleX: CGFloat = 1
    var scaleY = 1.0
    var animatableData: AnimatablePair<Double, AnimatablePair<CGFloat, Double>> {
        get { AnimatablePair(y, AnimatablePair(scaleX, scaleY)) }
        set { (y, scaleX, scaleY) = (newValue.first, newValue.second.first, newValue.second.second) }
    }
}

/// An app's own value whose data is not made of `Double`s only.
private struct Tinted: Animatable, Equatable {
    var x = 0.0
    var alpha: Float = 0
    var animatableData: AnimatablePair<Double, Float> {
        get { AnimatablePair(x, alpha) }
        set { (x, alpha) = (newValue.first, newValue.second) }
    }
}

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

    @Test("an app's own value type presents, batched, what Doubles do beside it, bit for bit")
    func appTypesMatchDoubles() throws {
        let clock = HeadlessClock()
        var poses: [Pose3] = []
        var tints: [Tinted] = []
        var doubles = [Double](repeating: .nan, count: 3)
        let pose = AnimatableProperty(Pose3(y: 3, scaleX: 1, scaleY: 0.5), clock: clock) { poses.append($0) }
        let tint = AnimatableProperty(Tinted(x: 3, alpha: 0), clock: clock) { tints.append($0) }
        let components = [(3.0, 1000.0), (1.0, 2.5), (0.5, -7.25)].enumerated().map { i, ends in
            (AnimatableProperty(ends.0, clock: clock) { doubles[i] = $0 }, ends.1)
        }
        for animation in [Animation.bouncy, .easeInOut(duration: 0.4)] {
            poses = []
            withAnimation(animation) {
                pose.value = Pose3(y: 1000, scaleX: 2.5, scaleY: -7.25)
                tint.value = Tinted(x: 1000, alpha: 1)
                for (p, end) in components { p.value = end }
            }
            clock.advance(frames: 1)
            let driver = try #require(FrameDriver.existingDriver(for: clock))
            #expect(driver.census.general == 0, "every property batched")
            var frames = 0
            while !clock.isIdle && frames < 600 {
                clock.advance(frames: 1)
                frames += 1
                let shown = try #require(poses.last)
                #expect(shown.y == doubles[0] && Double(shown.scaleX) == doubles[1] && shown.scaleY == doubles[2])
                #expect(tints.last?.x == doubles[0])
            }
            #expect(frames > 20 && pose.presentationValue == Pose3(y: 1000, scaleX: 2.5, scaleY: -7.25))
            // Back to the start for the next animation, without animating.
            pose.value = Pose3(y: 3, scaleX: 1, scaleY: 0.5)
            tint.value = Tinted(x: 3, alpha: 0)
            for (p, end) in zip(components.map(\.0), [3.0, 1, 0.5]) { p.value = end }
        }
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
        // (member, it animates, the other animates, the value the other presents)
        var seen: [(Int, Bool, Bool, Double)] = []
        var properties: [AnimatableProperty<Double>] = []
        for i in 0..<2 {
            properties.append(
                AnimatableProperty(0.0, clock: clock) { value in
                    let other = properties[1 - i]
                    seen.append((i, properties[i].isAnimating, other.isAnimating, other.presentationValue))
                })
        }
        withAnimation(.linear(duration: 0.1)) { for p in properties { p.value = 10 } }
        clock.runUntilIdle()
        // Every frame before the last: both animate. In the last, member 0 has ended and member 1
        // still animates; then member 1 has ended too.
        let last = seen.suffix(2).map { [$0.0, $0.1 ? 1 : 0, $0.2 ? 1 : 0] }
        #expect(last == [[0, 0, 1], [1, 0, 0]])
        #expect(seen.dropLast(2).allSatisfy { $0.1 && $0.2 })
        // Asked from member 0's apply, member 1 (computed, not yet applied) answers with the frame's
        // value, in the last frame (its end, 10) as in every other (the same time's value as 0's).
        #expect(seen.suffix(2).map(\.3) == [10, 10])
        let oneAskedByZero = seen.filter { $0.0 == 0 }.map(\.3)
        let zeroAskedByOne = seen.filter { $0.0 == 1 }.map(\.3)
        #expect(oneAskedByZero == zeroAskedByOne)
        properties.removeAll()  // (the applies hold the array that holds them)
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
        #expect(followerFrames[turned]!.isApproximatelyEqual(to: old(turned), within: .accumulatedRounding))
        let half = turned + 6
        let want = old(half) + (-100 - old(half)) * (Double(half - turned) / 60 / 0.2)
        #expect(followerFrames[half]!.isApproximatelyEqual(to: want, within: .accumulatedRounding))
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

    @Test("a member retargeted in the finishing frame, before its turn, animates on from where it ended")
    func retargetInFinishingFrame() {
        let clock = HeadlessClock()
        var a: AnimatableProperty<Double>!
        var b: AnimatableProperty<Double>!
        var shown: [Double] = []
        a = AnimatableProperty(0.0, clock: clock) { value in
            // In a's own last apply (it no longer animates), before b's turn in that frame.
            if value == 10, !a.isAnimating, b.value == 10 { withAnimation(.linear(duration: 1)) { b.value = 20 } }
        }
        b = AnimatableProperty(0.0, clock: clock) { shown.append($0) }
        withAnimation(.linear(duration: 0.1)) {
            a.value = 10
            b.value = 10
        }
        clock.runUntilIdle()
        #expect(b.value == 20)
        // From 10 (where the first animation ended) to 20: no jump to 20, no drop below 10.
        let after = shown.drop { $0 < 10 }
        #expect(after.first == 10)
        #expect(after.contains { $0 > 10 && $0 < 20 })
        #expect(zip(after, after.dropFirst()).allSatisfy { $1 >= $0 } && shown.last == 20)
        (a, b) = (nil, nil)  // (a's apply holds them)
    }

    @Test("a member's apply releasing another while the clock's animations are finished at once")
    func releaseDuringFinishAll() {
        let clock = HeadlessClock()
        var others: [AnimatableProperty<Double>] = []
        var completions = 0
        let a = AnimatableProperty(0.0, clock: clock) { if $0 == 1 { others.removeAll() } }
        others = (0..<8).map { _ in AnimatableProperty(0.0, clock: clock) }
        withAnimation(.linear(duration: 1)) {
            a.value = 1
            for p in others { p.value = 1 }
        } completion: {
            completions += 1
        }
        clock.advance(frames: 3)
        finishAnimations(on: clock)  // a jumps first (it joined first) and releases the others
        clock.advance(frames: 1)
        #expect(others.isEmpty && completions == 1 && !a.isAnimating && a.presentationValue == 1)
    }

    @Test("a value with the same animatable data reaches the applies at once, not only at the end")
    func sameDataModelMidFlight() {
        let clock = HeadlessClock()
        var tags: [String] = []
        let p = AnimatableProperty(Tagged(x: 0, tag: "a"), clock: clock) { tags.append($0.tag) }
        withAnimation(.linear(duration: 0.2)) { p.value = Tagged(x: 10, tag: "b") }
        clock.advance(frames: 3)
        withAnimation(.linear(duration: 0.2)) { p.value = Tagged(x: 10, tag: "c") }
        clock.advance(frames: 1)
        #expect(tags.last == "c" && p.presentationValue.tag == "c" && p.isAnimating)
    }

    @Test("a property whose logical deadline comes due in a batch is applied once in that frame")
    func deadlineFrameAppliesOnce() throws {
        let clock = HeadlessClock()
        var perFrame: [Int: Int] = [:]
        let p = AnimatableProperty(0.0, clock: clock) { _ in perFrame[clock.frameCount, default: 0] += 1 }
        var logical = 0
        var logicalFrame = -1
        withAnimation(.spring(duration: 1)) {
            p.value = 100
        } completion: {
            logical += 1
            logicalFrame = clock.frameCount
        }
        clock.advance(frames: 5)
        // A spring taking over a spring: the old one's logical completion stays due at its own
        // time (a deadline), which comes while the new one runs in a batch.
        withAnimation(.spring(duration: 2)) { p.value = 200 }
        clock.advance(frames: 5)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batched == 1 && driver.census.general == 0)  // waiting in the batch
        clock.runUntilIdle()
        #expect(logical == 1)
        // Due 1 s after the first spring's start (frame 1): frame 61, or 62 when the sum of the
        // rounded frame times 1/60 + 1 lands just above 61/60.
        #expect(logicalFrame == 61 || logicalFrame == 62)
        #expect(perFrame.values.allSatisfy { $0 == 1 })
    }

    @Test("a frame asked for from inside one of the same clock's frames is skipped, nothing breaks")
    func nestedFrame() {
        let clock = HeadlessClock()
        var nested = 0
        var properties: [AnimatableProperty<Double>] = []
        properties = (0..<4).map { i in
            AnimatableProperty(0.0, clock: clock) { value in
                if i == 0, value > 0, nested < 3 {
                    nested += 1
                    clock.advance(frames: 1)
                }
            }
        }
        var completions = 0
        withAnimation(.easeInOut(duration: 0.3)) {
            for p in properties { p.value = 5 }
        } completion: {
            completions += 1
        }
        clock.runUntilIdle()
        #expect(nested == 3 && completions == 1)
        #expect(properties.allSatisfy { $0.presentationValue == 5 && !$0.isAnimating })
    }

    @Test("an apply closure that releases its own property mid-frame lives until the frame has ended")
    func closureReleasesItsOwnProperty() {
        // A steady frame, a frame of members that carry velocities, and the finishing frame: the
        // batch calls each closure without retaining it, so it must keep the core that holds it.
        releaseFromApply(.easeInOut(duration: 0.5), to: 100) { $0 == 5 }
        releaseFromApply(.spring(duration: 0.4, bounce: 0.3), to: -40, takingOver: true) { $0 == 12 }
        releaseFromApply(.linear(duration: 0.2), to: 100) { _ in false }
    }

    /// Ten properties animate to `target` with `animation` (with `takingOver`, over a running
    /// `.bouncy` six frames in); member 3's closure, which captures an object, releases its own
    /// property from the call for which `releasesAt(calls)` says so (or from the one showing
    /// `target`). What it captures must go once, after the frame's other calls (not while its own
    /// runs); the others end at `target`, and the transaction's completion runs once.
    private func releaseFromApply(
        _ animation: Animation, to target: Double, takingOver: Bool = false,
        releasesAt: @escaping (_ calls: Int) -> Bool
    ) {
        final class Captured {
            let onDeinit: () -> Void
            init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        let clock = HeadlessClock()
        var applying = false
        var deinits = 0
        var deinitInsideApply = false
        var properties: [AnimatableProperty<Double>?] = []
        var last = [Double](repeating: .nan, count: 10)
        var calls = 0
        var callsSinceRelease: Int?
        var callsBeforeDeinit: Int?
        for i in 0..<10 {
            let captured = Captured {
                deinits += 1
                deinitInsideApply = deinitInsideApply || applying
                callsBeforeDeinit = callsSinceRelease
            }
            properties.append(
                AnimatableProperty(0.0, clock: clock) { [captured] value in
                    applying = true
                    last[i] = value
                    if i == 3 {
                        withExtendedLifetime(captured) { calls += 1 }
                        if properties[3] != nil, releasesAt(calls) || value == target {
                            callsSinceRelease = 0
                            properties[3] = nil
                        }
                    } else if let since = callsSinceRelease {
                        callsSinceRelease = since + 1
                    }
                    applying = false
                })
        }
        if takingOver {
            withAnimation(.bouncy) { for p in properties { p?.value = 100 } }
            clock.advance(frames: 6)
        }
        var completions = 0
        withAnimation(animation) {
            for p in properties { p?.value = target }
        } completion: {
            completions += 1
        }
        #expect(clock.runUntilIdle())
        #expect(properties[3] == nil)
        #expect(deinits == 1 && !deinitInsideApply)
        // (Member 3 is followed by others in the batch, whose calls in that frame come first.)
        #expect((callsBeforeDeinit ?? 0) > 0)
        for i in 0..<10 where i != 3 { #expect(last[i] == target) }
        #expect(completions == 1)
        properties.removeAll()
    }
}
