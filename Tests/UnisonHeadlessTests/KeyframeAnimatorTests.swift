import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// Three cubic keyframes from `start`: up, down and back.
@KeyframesBuilder<Double>
private func wave(from start: Double) -> some Keyframes<Double> {
    CubicKeyframe(start + 100, duration: 0.5)
    CubicKeyframe(start - 50, duration: 0.5)
    CubicKeyframe(start, duration: 0.5)
}

@MainActor
@Suite("Keyframe animator")
struct KeyframeAnimatorTests {
    @Test("a played timeline shows its value at every frame and ends on its final value")
    func playsTimeline() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(10.0, clock: clock) { applied.append($0) }
        let animator = KeyframeAnimator(x) { start in
            CubicKeyframe(start + 100, duration: 0.3)
            LinearKeyframe(start - 20, duration: 0.2, timingCurve: .easeOut)
            SpringKeyframe(start + 5, duration: 0.4, spring: .bouncy)
        }
        let timeline = KeyframeTimeline(initialValue: 10.0) {
            CubicKeyframe(110, duration: 0.3)
            LinearKeyframe(-10, duration: 0.2, timingCurve: .easeOut)
            SpringKeyframe(15, duration: 0.4, spring: .bouncy)
        }
        var completions = 0
        animator.play { completions += 1 }
        #expect(animator.isPlaying && x.isAnimating)
        #expect(x.value == timeline.value(time: timeline.duration))
        var worst = 0.0
        while x.isAnimating {
            clock.advance(frames: 1)
            // The timeline's clock starts at the first frame: frame n shows t = (n − 1)/60.
            let t = Double(clock.frameCount - 1) / 60
            guard t < timeline.duration else { break }
            worst = max(worst, abs(x.presentationValue - timeline.value(time: t)))
        }
        // The engine's elapsed time and (n − 1)/60 differ by rounding; values are ~100.
        #expect(worst < accumulatedRounding * 100, "worst \(worst)")
        clock.runUntilIdle()
        #expect(x.presentationValue == x.value && completions == 1 && !animator.isPlaying)
        // One value per frame, the last exactly the model value.
        #expect(applied.count == clock.frameCount && applied.last == x.value)
    }

    @Test(
        "a timeline that ends where it starts still plays, and nothing but the timeline is ever shown",
        arguments: [0.0, 3])
    func returnsToStart(start: Double) {
        let clock = HeadlessClock()
        var applied: [Double] = []
        let x = AnimatableProperty(start, clock: clock) { applied.append($0) }
        let animator = KeyframeAnimator(x) { start in
            LinearKeyframe(start + 50, duration: 0.5)
            LinearKeyframe(start, duration: 0.5)
        }
        var completions = 0
        animator.play { completions += 1 }
        #expect(x.isAnimating && applied.isEmpty)
        clock.advance(frames: 31)  // t = 0.5: the peak
        #expect(abs(x.presentationValue - (start + 50)) < accumulatedRounding * 100)
        clock.runUntilIdle()
        #expect(completions == 1 && x.presentationValue == start && x.value == start)
        #expect(applied.allSatisfy { $0 >= start && $0 <= start + 50 + accumulatedRounding })
        #expect((61...62).contains(applied.count))  // frames 1...61 (62 if t rounds below 1 at 61)
    }

    @Test("a spring interrupting the timeline takes over from its presented value and velocity")
    func springHandover() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let animator = KeyframeAnimator(x) { start in wave(from: start) }
        let timeline = KeyframeTimeline(initialValue: 0.0) { wave(from: 0) }
        var completions = 0
        animator.play { completions += 1 }
        clock.advance(frames: 20)
        // The spring's first frame is frame 21, the timeline's t = 20/60 there.
        let t = 20.0 / 60
        let p = timeline.value(time: t)
        let v = timeline.velocity(time: t)
        animate(.spring(duration: 0.4)) { x.value = 30 }
        clock.advance(frames: 1)
        #expect(abs(x.presentationValue - p) < accumulatedRounding * 100)
        // The engine asks the playing timeline for its own velocity (exact: a closed form), and
        // the spring inherits it: equal up to rounding.
        #expect(abs(x.velocity - v) <= accumulatedRounding * max(1, abs(v)), "velocity \(x.velocity), timeline \(v)")
        print(
            "Keyframe handover: position error \(abs(x.presentationValue - p)), velocity error \(abs(x.velocity - v))")
        #expect(!animator.isPlaying && completions == 1)
        clock.runUntilIdle()
        #expect(x.presentationValue == 30 && completions == 1)
    }

    @Test("a repeating timeline loops until stopped, then keeps the value it shows")
    func repeating() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let animator = KeyframeAnimator(x, repeating: true) { _ in
            LinearKeyframe(10, duration: 0.5)
            LinearKeyframe(0, duration: 0.5)
        }
        var completions = 0
        animator.play { completions += 1 }
        clock.advance(frames: 1 + 75)  // t = 1.25: a quarter into the second pass
        #expect(abs(x.presentationValue - 5) < accumulatedRounding * 10)
        #expect(!clock.runUntilIdle(timeout: 3))
        #expect(animator.isPlaying && completions == 0)
        let shown = x.presentationValue
        animator.stop()
        #expect(!x.isAnimating && x.value == shown && x.presentationValue == shown)
        #expect(!animator.isPlaying && completions == 1)
    }

    @Test("playing again restarts: the first play completes once, the second at its end")
    func playAgain() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let animator = KeyframeAnimator(x) { start in LinearKeyframe(start + 10, duration: 0.5) }
        var log: [String] = []
        animator.play { log.append("first") }
        clock.advance(frames: 10)
        let from = x.presentationValue
        animator.play { log.append("second") }
        clock.advance(frames: 1)
        #expect(log == ["first"] && animator.isPlaying)
        // The new timeline starts where the old one was.
        #expect(x.presentationValue.isApproximatelyEqual(to: from, within: .accumulatedRounding))
        clock.runUntilIdle()
        #expect(log == ["first", "second"] && !animator.isPlaying)
        #expect(x.value.isApproximatelyEqual(to: (from + 10), within: .accumulatedRounding))
    }

    @Test("a timeline of duration 0, or a clock without animations, sets the final value at once")
    func instant() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(1.0, clock: clock)
        var completions = 0
        let empty = KeyframeAnimator(x, timeline: KeyframeTimeline(initialValue: 7.0) {})
        empty.play { completions += 1 }
        #expect(x.presentationValue == 7 && completions == 1 && !empty.isPlaying && !x.isAnimating)
        let moves = KeyframeAnimator(x) { _ in MoveKeyframe(4.0) }
        moves.play { completions += 1 }
        #expect(x.presentationValue == 4 && completions == 2)
        clock.animationsEnabled = false
        let waving = KeyframeAnimator(x) { start in wave(from: start) }
        waving.play { completions += 1 }
        #expect(x.presentationValue == 4 && completions == 3 && !waving.isPlaying)
    }
}
