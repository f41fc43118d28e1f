import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// Completions never run inside a release or a `deinit`: there the caller may be in the middle
/// of mutating its own collection (Swift's exclusivity enforcement traps any completion that
/// touches it). They run at the next safe point, once and in order.
@MainActor
@Suite("Safe points")
struct SafePointTests {
    /// A list the app's completions read (a model object, as apps keep them).
    final class Model<Row> {
        var rows: [Row]
        init(_ rows: [Row]) { self.rows = rows }
    }

    @Test("releasing a property from inside an array mutation does not run its completion there")
    func releaseInsideArrayMutation() {
        let clock = HeadlessClock()
        var props: [AnimatableProperty<Double>?] = [AnimatableProperty(0.0, clock: clock)]
        var seen: [Int] = []
        withAnimation(.linear(duration: 1)) {
            props[0]!.value = 1
        } completion: {
            seen.append(props.count)  // reads the array that is being mutated below
        }
        clock.advance(frames: 2)
        props[0] = nil  // before the fix: "Simultaneous accesses ... Fatal access conflict" (signal 6)
        #expect(seen.isEmpty)
        clock.advance(frames: 1)
        #expect(seen == [1])
        clock.runUntilIdle()
        #expect(seen == [1])  // once
    }

    @Test("removeAll and remove(at:) of animated rows: each completion once, in order, after the mutation")
    func removeAllRows() {
        let clock = HeadlessClock()
        let model = Model((0..<4).map { _ in AnimatableProperty(0.0, clock: clock) })
        var log: [String] = []
        for (index, row) in model.rows.enumerated() {
            withAnimation(.smooth) {
                row.value = 1
            } completion: {
                log.append("row \(index), \(model.rows.count) left")
            }
        }
        clock.advance(frames: 3)
        model.rows.remove(at: 1)
        #expect(log.isEmpty)
        model.rows.removeAll()
        #expect(log.isEmpty)
        #expect(clock.runUntilIdle())
        #expect(log == ["row 1, 0 left", "row 0, 0 left", "row 2, 0 left", "row 3, 0 left"])
    }

    @Test("a representable whose host is released inside a mutation completes after it")
    func representableReleased() {
        let clock = HeadlessClock()
        let log = Log()
        let isOpen = State(false)
        let model = Model([
            RepresentableHost(
                BeadBoxWrapper(isOpen: isOpen.binding.animated(.smooth), log: log) {
                    AnimatableProperty(CGPoint(x: 0, y: 100), clock: clock)
                } moveLid: { lid, open in
                    lid.value.y = open ? -100 : 100
                }, observing: isOpen)
        ])
        #expect(log.entries == ["closed"])
        var countsSeen: [Int] = []
        withAnimation(.smooth) {
            isOpen.wrappedValue = true
        } completion: {
            countsSeen.append(model.rows.count)
        }
        clock.advance(frames: 2)
        model.rows.removeAll()  // releases the lid mid-flight
        #expect(log.entries == ["closed"] && countsSeen.isEmpty)
        clock.runUntilIdle()
        #expect(log.entries == ["closed", "open"] && countsSeen == [0])
    }

    @Test("a completion that releases another animated property does not run that one's completion inline")
    func releaseFromCompletion() {
        let clock = HeadlessClock()
        var a: AnimatableProperty<Double>? = AnimatableProperty(0.0, clock: clock)
        var b: AnimatableProperty<Double>? = AnimatableProperty(0.0, clock: clock)
        var log: [String] = []
        withAnimation(.linear(duration: 0.1)) {
            a!.value = 1
        } completion: {
            log.append("a")
            b = nil
            log.append("b released")
        }
        withAnimation(.linear(duration: 1)) {
            b!.value = 1
        } completion: {
            log.append("b")
        }
        clock.runUntilIdle()
        #expect(log == ["a", "b released", "b"])
        a = nil
        #expect(a == nil && b == nil)
    }

    @Test("a completion closure that holds the last reference to an animating property can be released safely")
    func completionHoldsProperty() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var log: [String] = []
        var q: AnimatableProperty<Double>? = AnimatableProperty(0.0, clock: clock)
        withAnimation(.linear(duration: 5)) {
            q!.value = 1
        } completion: {
            log.append("q")
        }
        do {
            let held = q!
            q = nil
            withAnimation(.linear(duration: 0.1)) {
                x.value = 1
            } completion: { [held] in
                _ = held
                log.append("x")
            }
        }
        // x's completion runs at the end of a frame; dropping it afterwards releases `held`, whose
        // own completion is queued then (before the fix: an exclusivity trap in the queue).
        clock.runUntilIdle()
        clock.advance(frames: 1)
        #expect(log == ["x", "q"])
    }

    @Test("an unanimated change still completes inline, before withAnimation returns")
    func inlineStaysInline() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var done = false
        withAnimation(nil) {
            x.value = 1
        } completion: {
            done = true
        }
        #expect(done)
        done = false
        withAnimation(.smooth) {
        } completion: {
            done = true
        }
        #expect(done)
    }
}

/// A delayed animation lets its clock rest: no frames are handed to the engine until the delay
/// ends (a toolkit's frame clock stops), and nothing about the motion changes.
@MainActor
@Suite("Resting in a delay")
struct DelayRestTests {
    @Test("a delayed animation applies nothing during its delay, then follows its curve exactly")
    func restsThroughDelay() {
        let clock = HeadlessClock()
        var applies: [(time: Double, value: Double)] = []
        let x = AnimatableProperty(0.0, clock: clock) { applies.append((clock.now, $0)) }
        animate(.linear(duration: 0.5).delay(1)) { x.value = 10 }
        clock.advance(by: 0.9)
        // The first frame fixes the start time; the second finds the delay and rests until it ends.
        #expect(applies.count == 2)
        #expect(x.isAnimating && !clock.isIdle)
        clock.runUntilIdle()
        let start = 1.0 / 60  // the first frame after the change
        for (time, value) in applies {
            let p = min(max((time - start - 1) / 0.5, 0), 1)
            #expect(abs(value - 10 * p) <= accumulatedRounding, "t=\(time)")
        }
        // From the delay's end every frame is presented: 0.5 s at 60 fps.
        #expect(applies.filter { $0.time > start + 1 }.count >= 29)
        #expect(x.presentationValue == 10)
    }

    @Test("a change during the rest wakes the clock at once")
    func wakesOnChange() {
        let clock = HeadlessClock()
        var applied = 0
        let x = AnimatableProperty(0.0, clock: clock) { _ in applied += 1 }
        let y = AnimatableProperty(0.0, clock: clock)
        animate(.linear(duration: 0.5).delay(2)) { x.value = 10 }
        clock.advance(by: 0.5)
        let during = applied
        animate(.linear(duration: 0.2)) { y.value = 1 }
        clock.advance(by: 0.1)
        // Moving: within one frame of 0.5.
        #expect(
            y.presentationValue.isApproximatelyEqual(to: 0.5, within: Tolerance.frame.scaled(by: 1 / 0.2) + .rounding))
        #expect(applied > during)  // x is presented again while y moves
        #expect(clock.runUntilIdle() && x.presentationValue == 10 && y.presentationValue == 1)
    }

    @Test("logicallyComplete(after:) inside a delay still fires on its own frame")
    func logicalDeadlineWakes() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var completedAt: Double?
        withAnimation(.linear(duration: 0.2).delay(1).logicallyComplete(after: 0.5)) {
            x.value = 1
        } completion: {
            completedAt = clock.now
        }
        clock.advance(by: 0.8)
        // Due 0.5 s after the start (the first frame, 1/60 s); presented on the next frame grid point.
        #expect(completedAt.map { $0.isApproximatelyEqual(to: 1.0 / 60 + 0.5, within: .frame + .rounding) } == true)
        #expect(x.presentationValue == 0)
    }
}

extension SafePointTests {
    @Test("a frame presented inside a transaction body does not run completions there")
    func frameInsideBody() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let y = AnimatableProperty(0.0, clock: clock)
        var log: [String] = []
        withAnimation(.linear(duration: 0.1)) {
            x.value = 1
        } completion: {
            log.append("x")
        }
        var seenInside: [String] = []
        withAnimation(.smooth) {
            clock.advance(by: 0.2)  // x finishes on one of these frames
            seenInside = log
            y.value = 1
        }
        #expect(seenInside.isEmpty && log == ["x"])  // at the body's end, not inside it
    }
}

extension DelayRestTests {
    @Test("the clock rests again after waking: two delays in a row each let it sleep")
    func restsTwice() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let a = AnimatableProperty(0.0, clock: clock) { _ in applied.append(clock.now) }
        let b = AnimatableProperty(0.0, clock: clock) { _ in applied.append(clock.now) }
        animate(.linear(duration: 0.1).delay(0.5)) { a.value = 1 }
        animate(.linear(duration: 0.1).delay(2)) { b.value = 1 }
        clock.runUntilIdle()
        // Between a's end (0.6 s after the start) and b's start (2 s) nothing changes: at most the
        // frame that finishes a and the one that finds the rest again are presented.
        let idle = applied.filter { $0 > 0.65 && $0 < 1.95 }
        #expect(idle.count <= 3, "\(idle.count) frames applied while both rested")
        #expect(a.presentationValue == 1 && b.presentationValue == 1)
    }
}
