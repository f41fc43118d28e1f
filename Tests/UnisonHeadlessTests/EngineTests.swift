import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

// (Over 400 lines: the engine's core behaviours on properties in one suite: retargeting,
// completions, clocks and frames, which read best side by side.)

@MainActor
@Suite("Engine")
struct EngineTests {
    let dt = 1.0 / 60

    @Test("a set outside an animated transaction jumps: one apply, completion inline")
    func unanimatedJump() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { applied.append($0) }
        x.value = 5
        #expect(applied == [5] && x.presentationValue == 5 && !x.isAnimating && clock.isIdle)
        var done = false
        animate(.smooth) {
            withTransaction(Transaction()) { x.value = 7 }
        }
        withAnimation(nil, { x.value = 9 }, completion: { done = true })
        #expect(done)  // inline, before withAnimation returned
        #expect(applied == [5, 7, 9])
        var transaction = Transaction(animation: .smooth)
        transaction.disablesAnimations = true
        withTransaction(transaction) { x.value = 1 }
        #expect(x.presentationValue == 1 && !x.isAnimating)
    }

    @Test("an animated set reads back at once and starts at the first frame with no jump")
    func timing() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(10.0, clock: clock) { applied.append($0) }
        clock.advance(by: 0.005)  // the change happens between frames
        animate(.linear(duration: 0.5)) { x.value = 20 }
        #expect(x.value == 20 && x.presentationValue == 10 && x.isAnimating && applied.isEmpty)
        clock.advance(frames: 1)
        #expect(applied == [10])  // first frame shows progress 0
        clock.advance(frames: 1)
        #expect(abs(applied[1] - (10 + 10 * dt / 0.5)) < rounding)
        clock.runUntilIdle()
        #expect(x.presentationValue == 20 && applied.last == 20)
        #expect(applied.count == 32)  // frames at elapsed 0, 1/60, ..., 30/60 and the first past 0.5
    }

    @Test("properties changed in one transaction show identical progress, across clocks")
    func sync() {
        let a = HeadlessClock()
        let b = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: a)
        let y = AnimatableProperty(CGPoint(x: 100, y: 100), clock: b)
        let z = AnimatableProperty(CGRect(x: 0, y: 0, width: 10, height: 10), clock: a)
        animate(.bouncy) {
            x.value = 1
            y.value = CGPoint(x: 200, y: 0)
            z.value = CGRect(x: 50, y: 50, width: 110, height: 10)
        }
        for _ in 0..<40 {
            a.advance(frames: 1)
            b.advance(frames: 1)
            let p = x.presentationValue
            #expect(abs(Double(y.presentationValue.x) - (100 + 100 * p)) < accumulatedRounding)
            #expect(abs(Double(y.presentationValue.y) - (100 - 100 * p)) < accumulatedRounding)
            #expect(abs(Double(z.presentationValue.width) - (10 + 100 * p)) < accumulatedRounding)
        }
    }

    @Test("a completion fires on the frame where its animation ends, not later")
    func completionFrame() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var firedAt: Int?
        animate(.linear(duration: 0.51)) {
            x.value = 1
        } completion: {
            firedAt = clock.frameCount
        }
        clock.runUntilIdle()
        // Started at frame 1; the first frame past 0.51 s elapsed is frame 32 (elapsed 31/60 = 0.517).
        #expect(firedAt == 32)
        #expect(clock.frameCount == 32)
    }

    @Test("logicallyComplete fires at the spring's duration, removed once it settles")
    func completionCriteria() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var logical: Double?
        var removed: Double?
        withAnimation(.spring(duration: 0.5), completionCriteria: .logicallyComplete, { x.value = 1 }) {
            logical = clock.now
        }
        withAnimation(.spring(duration: 0.5), completionCriteria: .removed, { x.value = 1 }) { removed = clock.now }
        #expect(removed == clock.now)  // that second transaction changed nothing: inline
        removed = nil
        var transaction = Transaction(animation: .spring(duration: 0.5))
        transaction.addAnimationCompletion(criteria: .removed) { removed = clock.now }
        let y = AnimatableProperty(0.0, clock: clock)
        withTransaction(transaction) { y.value = 1 }
        clock.runUntilIdle()
        // Started at frame 1 (t = 1/60): logically complete on the first frame with elapsed ≥ 0.5.
        #expect(abs(logical! - (1.0 / 60 + 30.0 / 60)) < accumulatedRounding)
        #expect(removed! > logical!)
        #expect(x.presentationValue == 1 && y.presentationValue == 1)
    }

    @Test("a frame that falls on an animation's boundary, give or take the rounding of its time, is on it")
    func boundariesTolerateRounding() {
        // Frame times as a fixed frame rate makes them (GtkFrameClock.fixedFrameRate): a clock reading
        // of up to 10⁷ s of uptime plus whole steps. Each lands up to a few ulps of that reading
        // (≤ 4e-9 s at 10⁷) either side of where it should, so the frame that ends a delay, a curve
        // or a spring's duration falls just before or just after the boundary, by chance.
        let step = 1.0 / 60
        var failures: [String] = []
        for i in 0..<300 {
            let offset = [1e2, 1e4, 1e6, 1e7][i % 4] * (1 + Double(i) / 307) + step * Double(i % 7)
            let clock = ManualClock()
            clock.now = offset
            let x = AnimatableProperty(0.0, clock: clock)
            let y = AnimatableProperty(0.0, clock: clock)
            var curveEnded: TimeInterval?
            var springEnded: TimeInterval?
            animate(.linear(duration: 0.3).delay(0.1)) {
                x.value = 1
            } completion: {
                curveEnded = clock.now
            }
            withAnimation(.spring(duration: 0.5), completionCriteria: .logicallyComplete, { y.value = 1 }) {
                springEnded = clock.now
            }
            let z = AnimatableProperty(0.0, clock: clock)
            var keyframesEnded: TimeInterval?
            KeyframeAnimator(z, timeline: KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(1, duration: 0.2) })
                .play { keyframesEnded = clock.now }
            var moving: [Int] = []
            // Frame 0 starts them; the delay is 6 frames, the ramp 18, the spring's duration 30, the
            // keyframes' 12.
            for k in 0...40 {
                clock.frame(at: offset + step * Double(k))
                if x.presentationValue > 0 && x.presentationValue < 1 { moving.append(k) }
            }
            let frameOf = { (time: TimeInterval?) in time.map { Int((($0 - offset) / step).rounded()) } ?? -1 }
            let ends = (frameOf(curveEnded), frameOf(springEnded), frameOf(keyframesEnded))
            if moving != Array(7...23) || ends != (24, 30, 12) {
                failures.append("offset \(offset): ramp \(moving), ends \(ends)")
            }
        }
        #expect(failures.count == 0, "of 300; \(failures.prefix(3))")
    }

    @Test("a spring retarget continues position and velocity; velocity reports the handoff before any frame")
    func mergeContinuity() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        animate(.spring(duration: 1)) { x.value = 100 }
        clock.advance(by: 0.3)
        let before = x.velocity
        let positionBefore = x.presentationValue
        animate(.spring) { x.value = -50 }
        // Right after the merge, before a frame: the inherited velocity.
        #expect(abs(x.velocity - before) < accumulatedRounding * abs(before))
        #expect(x.presentationValue == positionBefore)
        // At the next frame the old spring ran up to that time, then handed off: compare with
        // what the old spring alone would show there.
        let old = Spring(duration: 1)
        let elapsed = clock.now + dt - 1.0 / 60
        clock.advance(frames: 1)
        let expected = old.value(target: 100.0, time: elapsed)
        #expect(abs(x.presentationValue - expected) < accumulatedRounding)
        // Velocity is the closed form's derivative at a time that went through frame sums: the time's
        // rounding (~1e-15 s) times accelerations up to ~1e4 px/s², plus ulps of ~1e2 px/s: 1e-7.
        #expect(
            x.velocity.isApproximatelyEqual(
                to: old.velocity(target: 100.0, time: elapsed), within: .velocityAtSummedTime))
        clock.runUntilIdle()
        #expect(x.presentationValue == -50)
    }

    @Test("non-merging animations combine: the value never jumps and ends at the last target")
    func additiveCombine() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { applied.append($0) }
        animate(.easeInOut(duration: 0.5)) { x.value = 100 }
        clock.advance(by: 0.25)
        animate(.easeInOut(duration: 0.5)) { x.value = 0 }
        clock.runUntilIdle()
        // easeInOut's steepest slope is ~1.8 per unit progress: at most 100·1.8/0.5 units/s of
        // each entry, so no frame-to-frame step may exceed two entries' worth at 1/60 s.
        let steps = zip(applied, applied.dropFirst()).map { abs($1 - $0) }
        #expect(steps.max()! < 2 * 100 * 1.8 / 0.5 * dt)
        #expect(applied.last == 0 && x.presentationValue == 0)
    }

    @Test("a merged-away spring still completes logically at its own time; removal waits for its successor")
    func mergedCompletion() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var first: Double?
        var firstRemoved: Double?
        var second: Double?
        var t1 = Transaction(animation: .spring(duration: 0.5))
        t1.addAnimationCompletion { first = clock.now }
        t1.addAnimationCompletion(criteria: .removed) { firstRemoved = clock.now }
        withTransaction(t1) { x.value = 1 }
        clock.advance(by: 0.2)
        withAnimation(.spring(duration: 1), { x.value = 2 }) { second = clock.now }
        clock.runUntilIdle()
        #expect(abs(first! - (1.0 / 60 + 0.5)) < accumulatedRounding)  // its original time
        #expect(second! > first!)
        #expect(firstRemoved! >= second!)  // removed when the spring that replaced it settles
    }

    @Test("a takeover that inherits zero velocity still reports the removal of what it took over")
    func zeroVelocityTakeover() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var removed = 0
        // easeIn starts with slope 0, so the spring that takes it over at its first frame
        // inherits exactly zero velocity (the case the engine's fast path must not swallow).
        withAnimation(.easeIn, completionCriteria: .removed, { x.value = 1 }) { removed += 1 }
        animate(.spring) { x.value = 2 }
        clock.advance(frames: 1)
        #expect(x.velocity == 0)
        #expect(clock.runUntilIdle())
        #expect(removed == 1 && x.presentationValue == 2)
    }

    @Test("every completion fires exactly once on every path")
    func exactlyOnce() {
        let clock = HeadlessClock()
        var counts = [String: Int]()
        func track(_ name: String) -> @MainActor () -> Void { { counts[name, default: 0] += 1 } }
        let x = AnimatableProperty(0.0, clock: clock)
        animate(.smooth, changes: { x.value = 1 }, completion: track("jumped"))
        clock.advance(frames: 3)
        x.value = 5  // jump
        #expect(counts["jumped"] == 1)
        animate(.easeIn, changes: { x.value = 6 }, completion: track("combined"))
        animate(.easeOut, changes: { x.value = 7 }, completion: track("combining"))
        clock.runUntilIdle()
        var y: AnimatableProperty<Double>? = AnimatableProperty(0.0, clock: clock)
        animate(.bouncy, changes: { y!.value = 3 }, completion: track("released"))
        clock.advance(frames: 5)
        y = nil
        #expect(counts["released"] == nil)  // never inside the release: at the next safe point
        #expect(clock.runUntilIdle(timeout: 0.1))
        #expect(counts["released"] == 1)
        x.finishAnimations()
        animate(.snappy, changes: { x.value = -1 }, completion: track("finished"))
        x.finishAnimations()
        clock.runUntilIdle()
        #expect(counts == ["jumped": 1, "combined": 1, "combining": 1, "released": 1, "finished": 1])
        #expect(x.presentationValue == -1)
    }

    @Test("a property released mid-animation leaks nothing: its core, closure and transaction go away")
    func releaseLeaksNothing() {
        final class Witness {}
        let clock = HeadlessClock()
        weak var witness: Witness?
        weak var transactionWitness: Witness?
        var completions = 0
        do {
            let captured = Witness()
            let inCompletion = Witness()
            witness = captured
            transactionWitness = inCompletion
            var property: AnimatableProperty<CGRect>? = AnimatableProperty(.zero, clock: clock) { _ in _ = captured }
            animate(.bouncy) {
                property!.value = CGRect(x: 1, y: 2, width: 3, height: 4)
            } completion: {
                _ = inCompletion
                completions += 1
            }
            clock.advance(frames: 4)
            #expect(!clock.isIdle)
            property = nil
        }
        // The apply closure (held by the engine's core) is gone at once; the completion waits
        // for the next safe point, and after it has run its closure is gone too.
        #expect(witness == nil && completions == 0 && clock.isIdle)
        clock.runUntilIdle()
        #expect(transactionWitness == nil)
        #expect(completions == 1)
    }

    @Test("a completion may start new animations (reentrancy)")
    func reentrancy() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var chain: [Double] = []
        func hop(_ n: Int) {
            guard n < 4 else { return }
            animate(.linear(duration: 0.1)) {
                x.value = Double(n + 1)
            } completion: {
                chain.append(x.presentationValue)
                hop(n + 1)
            }
        }
        hop(0)
        #expect(clock.runUntilIdle())
        #expect(chain == [1, 2, 3, 4])
        // A completion that jumps the property it just animated, with its own inline completion.
        var inner = false
        animate(.linear(duration: 0.1)) {
            x.value = 10
        } completion: {
            withAnimation(nil, { x.value = 20 }) { inner = true }
            #expect(inner)
        }
        clock.runUntilIdle()
        #expect(inner && x.presentationValue == 20)
    }

    @Test("a completion loop that restarts an animation which cannot run neither overflows the stack nor hangs")
    func completionLoopWhenAnimationsAreOff() {
        let clock = HeadlessClock()
        clock.animationsEnabled = false  // like a hidden widget, or gtk-enable-animations off
        let x = AnimatableProperty(0.0, clock: clock)
        var pulses = 0
        var looping = true
        func pulse() {
            pulses += 1
            animate(.easeInOut(duration: 0.5)) {
                x.value = x.value == 0 ? 1 : 0
            } completion: {
                if looping { pulse() }
            }
        }
        pulse()
        // Inline completions nest 16 deep, so a chain is 17 pulses (one at depth 0, 16 nested);
        // the rest waits for the next safe point, whose flush runs the 1 queued chain plus at most
        // 64 queued during it. Here: the initial chain and 65 flushed ones, 66 × 17 = 1122.
        #expect(pulses > 1 && pulses <= 17 * (1 + 1 + 64))
        let afterFirst = pulses
        clock.animationsEnabled = true
        x.value = 5  // a change: a safe point, where the loop continues (now animating)
        #expect(pulses > afterFirst)
        clock.advance(by: 2)
        #expect(x.isAnimating || pulses > afterFirst + 2)  // animating again: one pulse per 0.5 s
        // End the loop, so that no completion holding `x` outlives the test (a leak under ASan).
        looping = false
        x.finishAnimations()
        clock.runUntilIdle()
    }

    @Test("nesting restores the outer transaction")
    func nesting() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let y = AnimatableProperty(0.0, clock: clock)
        withAnimation(.linear(duration: 1)) {
            withTransaction(Transaction()) { x.value = 1 }
            #expect(Transaction.current.animation == .linear(duration: 1))
            y.value = 1
        }
        #expect(Transaction.current.animation == nil)
        #expect(!x.isAnimating && y.isAnimating)
    }

    @Test("a spring after a tracked drag starts with the drag's velocity")
    func trackedVelocity() {
        let clock = HeadlessClock(framesPerSecond: 120)
        let x = AnimatableProperty(0.0, clock: clock)
        var drag = Transaction()
        drag.tracksVelocity = true
        for step in 0..<20 {  // 800 units per second, one sample per frame
            clock.advance(frames: 1)
            withTransaction(drag) { x.value = 800 * Double(step) / 120 }
        }
        animate(.spring) { x.value = 200 }
        // Least squares over exact linear samples recovers the slope to rounding.
        #expect(x.velocity.isApproximatelyEqual(to: 800, within: .leastSquares))
        clock.advance(frames: 1)
        // The first frame is the spring's time 0.
        #expect(x.velocity.isApproximatelyEqual(to: 800, within: .leastSquares))
        clock.advance(frames: 1)
        #expect(x.presentationValue > 800 * 19.0 / 120)  // keeps moving the drag's way
        clock.runUntilIdle()
        #expect(x.presentationValue == 200)
    }

    @Test("a velocity handed off explicitly starts the next spring")
    func handOff() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(CGPoint.zero, clock: clock)
        x.handOff(velocity: AnimatablePair(300, -120))
        animate(.smooth) { x.value = CGPoint(x: 10, y: 10) }
        clock.advance(frames: 1)
        #expect(
            abs(Double(x.velocity.first) - 300) < accumulatedRounding
                && abs(Double(x.velocity.second) + 120) < accumulatedRounding)
        clock.runUntilIdle()
        #expect(x.presentationValue == CGPoint(x: 10, y: 10))
    }

    @Test("with animations turned off on the clock, animated changes jump and complete")
    func animationsDisabled() {
        let clock = HeadlessClock()
        clock.animationsEnabled = false
        let x = AnimatableProperty(0.0, clock: clock)
        var done = false
        animate(.bouncy) {
            x.value = 4
        } completion: {
            done = true
        }
        #expect(done && x.presentationValue == 4 && clock.isIdle)
    }

    @Test("NaN and infinite values are ignored; nothing non-finite is presented")
    func nonFiniteValues() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(1.0, clock: clock)
        x.value = .nan
        #expect(x.value == 1)
        animate(.smooth) { x.value = .infinity }
        #expect(x.value == 1 && !x.isAnimating)
        let p = AnimatableProperty(CGPoint.zero, clock: clock)
        p.value = CGPoint(x: 1, y: CGFloat.nan)
        #expect(p.value == .zero)
    }

    @Test("a clock that goes backwards or jumps minutes ahead presents finite values and completes once")
    func clockJumps() {
        let clock = ManualClock()
        var applied: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { applied.append($0) }
        var count = 0
        animate(.bouncy) {
            x.value = 1
        } completion: {
            count += 1
        }
        clock.frame(at: 100)
        clock.frame(at: 100.1)
        clock.frame(at: 99)  // backwards: time holds at 100.1
        #expect(applied[2] == applied[1])
        clock.frame(at: .nan)
        clock.frame(at: 100 + 600)  // a suspended machine wakes up
        #expect(applied.allSatisfy { $0.isFinite })
        #expect(count == 1 && applied.last == 1 && clock.handler == nil)
    }

    @Test("runUntilIdle returns false instead of hanging on repeatForever")
    func repeatForever() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        animate(.easeInOut(duration: 0.2).repeatForever()) { x.value = 1 }
        #expect(!clock.runUntilIdle(timeout: 2))
        #expect(abs(clock.now - 2) < accumulatedRounding)
        x.value = 0.5
        #expect(clock.isIdle && x.presentationValue == 0.5)
    }

    @Test("an even autoreversing repeat ends with a jump to the model value")
    func repeatEnd() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { applied.append($0) }
        animate(.linear(duration: 0.2).repeatCount(2)) { x.value = 1 }
        clock.runUntilIdle()
        #expect(applied.dropLast().last! < 0.2)  // the reverse pass came back near 0...
        #expect(applied.last == 1)  // ...then the model value
    }

    @Test("custom animations drive properties, with their state, and the elastic animation ends at its target")
    func customOnProperty() {
        struct Steps: CustomAnimation {
            func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                time >= 0.1 ? nil : value.scaled(by: (time * 30).rounded(.down) / 3)
            }
        }
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(0.0, clock: clock) { applied.append($0) }
        animate(Animation(Steps())) { x.value = 3 }
        clock.runUntilIdle()
        #expect(Set(applied) == [0, 1, 2, 3])
        #expect(x.velocity == 0)
    }

    @Test("a custom animation's velocity is asked only when something reads it, not every frame")
    func customVelocityOnDemand() {
        final class Calls: @unchecked Sendable { var count = 0 }
        struct Linear: CustomAnimation {
            let calls: Calls
            func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                time >= 1 ? nil : value.scaled(by: time)
            }
            func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
                calls.count += 1
                return value
            }
            static func == (a: Linear, b: Linear) -> Bool { a.calls === b.calls }
            func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(calls)) }
        }
        let calls = Calls()
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock) { _ in }
        animate(Animation(Linear(calls: calls))) { x.value = 1 }
        clock.advance(frames: 10)
        #expect(calls.count == 0)
        // Asked for: 1 unit per second, exactly (a linear motion's own velocity).
        #expect(x.velocity == 1)
        #expect(calls.count > 0)
        // A spring taking over reads the chain's velocity at its first frame.
        let beforeTakeover = calls.count
        animate(.spring(duration: 0.3)) { x.value = 2 }
        clock.advance(frames: 1)
        #expect(calls.count > beforeTakeover)
        clock.runUntilIdle()
        #expect(x.presentationValue == 2)
    }

    @Test("apply runs once per frame while animating and not at all when idle")
    func applyCadence() {
        let clock = HeadlessClock()
        var calls = 0
        let x = AnimatableProperty(0.0, clock: clock) { _ in calls += 1 }
        animate(.linear(duration: 0.1)) { x.value = 1 }
        clock.advance(frames: 3)
        #expect(calls == 3)
        clock.runUntilIdle()
        let settled = calls
        clock.advance(by: 1)
        #expect(calls == settled && clock.isIdle)
    }
}
