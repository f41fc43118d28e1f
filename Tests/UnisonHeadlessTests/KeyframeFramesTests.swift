import Foundation
import Testing
import Unison
import UnisonHeadless

private typealias Pose = KeyframePose

@KeyframesBuilder<Pose>
private func jump() -> some Keyframes<Pose> {
    KeyframeTrack(\.y) {
        LinearKeyframe(0, duration: 0.15)
        CubicKeyframe(-150, duration: 0.3, startVelocity: -1000, endVelocity: 0)
        CubicKeyframe(0, duration: 0.3, startVelocity: 0, endVelocity: 1000)
    }
    KeyframeTrack(\.scaleY) {
        CubicKeyframe(0.75, duration: 0.15)
        CubicKeyframe(1.2, duration: 0.1)
        SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
    }
    KeyframeTrack(\.scaleX) {
        CubicKeyframe(1.2, duration: 0.15)
        SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
    }
}

/// The bits of every frame a play shows, against the timeline at the play's own time (the
/// frame's time minus the first frame's).
@MainActor
@Suite("Keyframe frames")
struct KeyframeFramesTests {
    @Test(
        "every frame of a Double play shows the timeline's value exactly, from any start", arguments: [0.0, 10, -3.7])
    func doubleFramesExact(start: Double) {
        let clock = HeadlessClock()
        var applied: [(time: TimeInterval, value: Double)] = []
        let x = AnimatableProperty(start, clock: clock) { applied.append((clock.now, $0)) }
        let animator = KeyframeAnimator(x) { start in
            CubicKeyframe(start + 400, duration: 0.3)
            CubicKeyframe(start + 150, duration: 0.3)
            LinearKeyframe(start + 800, duration: 0.3, timingCurve: .easeInOut)
            SpringKeyframe(start + 1000.1, duration: 0.7, spring: .bouncy)
        }
        let timeline = KeyframeTimeline(initialValue: start) {
            CubicKeyframe(start + 400, duration: 0.3)
            CubicKeyframe(start + 150, duration: 0.3)
            LinearKeyframe(start + 800, duration: 0.3, timingCurve: .easeInOut)
            SpringKeyframe(start + 1000.1, duration: 0.7, spring: .bouncy)
        }
        var completions = 0
        animator.play { completions += 1 }
        #expect(clock.runUntilIdle())
        #expect(completions == 1 && applied.count > 90)
        let first = applied[0].time
        var mismatches = 0
        for frame in applied.dropLast()
        where frame.value.bitPattern != timeline.value(time: frame.time - first).bitPattern {
            mismatches += 1
        }
        #expect(mismatches == 0, "\(mismatches) of \(applied.count - 1) frames differ from the timeline")
        #expect(applied.last?.value == x.value && x.presentationValue == x.value)
    }

    @Test("every frame of a three-track pose shows the timeline's value exactly, and its presentation value too")
    func poseFramesExact() {
        let clock = HeadlessClock()
        var applied: [(time: TimeInterval, value: Pose)] = []
        let pose = AnimatableProperty(Pose(), clock: clock) { applied.append((clock.now, $0)) }
        let animator = KeyframeAnimator(pose) { _ in jump() }
        let timeline = KeyframeTimeline(initialValue: Pose()) { jump() }
        var completions = 0
        animator.play { completions += 1 }
        var presented: [Pose] = []
        while pose.isAnimating {
            clock.advance(frames: 1)
            presented.append(pose.presentationValue)
        }
        #expect(completions == 1 && applied.count == presented.count)
        let first = applied[0].time
        for (index, frame) in applied.enumerated().dropLast() {
            #expect(frame.value == timeline.value(time: frame.time - first), "frame \(index)")
            #expect(presented[index] == frame.value)
        }
        #expect(pose.presentationValue == timeline.value(time: timeline.duration))
    }

    @Test("a value set from inside a frame's apply ends the play there, and no frame follows")
    func setInsideApply() {
        let clock = HeadlessClock()
        var applied: [Double] = []
        var x: AnimatableProperty<Double>!
        x = AnimatableProperty(0.0, clock: clock) { value in
            applied.append(value)
            if applied.count == 10 { x.value = -5 }
        }
        let animator = KeyframeAnimator(x) { _ in
            LinearKeyframe(100, duration: 1)
        }
        var completions = 0
        animator.play { completions += 1 }
        clock.advance(frames: 9)
        #expect(applied.count == 9 && x.isAnimating)
        clock.advance(frames: 1)
        // The tenth frame's apply jumped: the jump's value is applied after it, then nothing.
        #expect(applied.count == 11 && applied.last == -5 && !x.isAnimating)
        clock.advance(frames: 5)
        #expect(applied.count == 11 && x.presentationValue == -5 && completions == 1 && !animator.isPlaying)
    }

    @Test("an animation combined with a playing timeline adds to it, and the play completes once")
    func combined() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let animator = KeyframeAnimator(x) { _ in
            LinearKeyframe(100, duration: 1)
        }
        var completions = 0
        animator.play { completions += 1 }
        clock.advance(frames: 31)  // t = 0.5
        // A linear curve does not take over: it animates from wherever the timeline is towards 120.
        withAnimation(.linear(duration: 0.5)) { x.value = 120 }
        clock.advance(frames: 1)  // the curve's first frame: its time 0, the timeline's t = 31/60
        let expected = 100.0 * 31 / 60
        #expect(abs(x.presentationValue - expected) < 1e-9, "\(x.presentationValue)")
        clock.advance(frames: 15)  // the curve halfway, the timeline's t = 46/60
        let timeline = 100.0 * 46 / 60
        #expect(abs(x.presentationValue - (timeline + (120 - timeline) / 2)) < 1e-9, "\(x.presentationValue)")
        #expect(clock.runUntilIdle())
        #expect(x.presentationValue == 120 && completions == 1)
    }
}
