import Foundation
import Testing
import UnisonHeadless

@testable import Unison

private typealias Pose = KeyframePose

/// Play `i`'s timeline from `start`: four kinds of keyframe, durations that differ per play.
private func timeline(_ i: Int, from start: Double) -> KeyframeTimeline<Double> {
    let d = 0.1 + 0.03 * Double(i % 5)
    return KeyframeTimeline(initialValue: start) {
        CubicKeyframe(start + 400 + Double(i), duration: d)
        LinearKeyframe(start - 150, duration: d / 2, timingCurve: .easeInOut)
        MoveKeyframe(start + 7)
        SpringKeyframe(start + 1000, duration: 0.3 + d, spring: .bouncy)
    }
}

private func poseTimeline(_ i: Int) -> KeyframeTimeline<Pose> {
    KeyframeTimeline(initialValue: Pose()) {
        KeyframeTrack(\.y) {
            LinearKeyframe(-10 * Double(i), duration: 0.15)
            CubicKeyframe(-150, duration: 0.3, startVelocity: -1000, endVelocity: 0)
        }
        KeyframeTrack(\.scaleY) {
            CubicKeyframe(0.75, duration: 0.15 + 0.01 * Double(i))
            SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
        }
        KeyframeTrack(\.scaleX) {
            CubicKeyframe(1.2, duration: 0.15)
            SpringKeyframe(1.0, spring: Spring(duration: 0.35, bounce: 0.5))
        }
    }
}

/// Keyframe plays presented together (`KeyframeBatch`): every frame each play's own timeline's
/// value bit for bit, through members joining, leaving, ending and going away.
@MainActor
@Suite("Keyframe batches")
struct KeyframeBatchTests {
    @Test("plays on one clock present as one batch, each frame its own timeline's value exactly")
    func oneBatchExactValues() throws {
        let clock = HeadlessClock()
        let count = 40
        var applied = [[(time: TimeInterval, value: Double)]](repeating: [], count: count)
        let properties = (0..<count).map { i in
            AnimatableProperty(Double(i), clock: clock) { applied[i].append((clock.now, $0)) }
        }
        // Every fourth repeats; the odd ones start seven frames later (another start time).
        let animators = properties.enumerated().map { i, p in
            KeyframeAnimator(p, timeline: timeline(i, from: Double(i)), repeating: i % 4 == 0)
        }
        var completions = [Int](repeating: 0, count: count)
        for i in stride(from: 0, to: count, by: 2) { animators[i].play { completions[i] += 1 } }
        clock.advance(frames: 7)
        for i in stride(from: 1, to: count, by: 2) { animators[i].play { completions[i] += 1 } }
        clock.advance(frames: 3)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batches == 1 && driver.census.batched == count && driver.census.general == 0)
        // Run past every non-repeating play's end (the longest is 0.1 + 0.12 · 1.5 + 0.42 + 0.12 s).
        clock.advance(frames: 60)
        #expect(driver.census.batched == count / 4 && driver.census.general == 0)
        for i in 0..<count where i % 4 == 0 { animators[i].stop() }
        #expect(clock.runUntilIdle())
        #expect(driver.census.batches == 0 && driver.census.batched == 0)
        for i in 0..<count {
            #expect(completions[i] == 1, "play \(i)")
            let reference = timeline(i, from: Double(i))
            let first = applied[i][0].time
            // (The frame that ends a play that does not repeat is the general path's: its model value.)
            let frames = i % 4 == 0 ? applied[i][...] : applied[i].dropLast()
            var mismatches = 0
            for frame in frames {
                var t = frame.time - first
                if i % 4 == 0 { t = t.truncatingRemainder(dividingBy: reference.duration) }
                if frame.value.bitPattern != reference.value(time: t).bitPattern { mismatches += 1 }
            }
            #expect(mismatches == 0, "play \(i): \(mismatches) of \(frames.count) frames differ")
            #expect(properties[i].presentationValue == properties[i].value)
        }
    }

    @Test("members taken over, stopped, replayed, released or changed by another's apply leave; the rest stay exact")
    func membersLeaving() throws {
        let clock = HeadlessClock()
        let count = 12
        var applied = [[(time: TimeInterval, value: Double)]](repeating: [], count: count)
        var properties: [AnimatableProperty<Double>?] = []
        var completions = [Int](repeating: 0, count: count)
        for i in 0..<count {
            properties.append(
                AnimatableProperty(0.0, clock: clock) { value in
                    applied[i].append((clock.now, value))
                    // Member 5's apply, at its 20th frame, jumps member 6 (another member of the batch).
                    if i == 5 && applied[5].count == 20 { properties[6]?.value = -1 }
                })
        }
        var animators: [KeyframeAnimator<Double>?] = (0..<count).map { i in
            KeyframeAnimator(properties[i]!, timeline: timeline(i, from: 0))
        }
        for i in 0..<count {
            animators[i]!.play { completions[i] += 1 }
        }
        clock.advance(frames: 10)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batched == count)
        // A spring takes 1 over; 2 stops; 3 plays again; 4 is released.
        withAnimation(.spring(duration: 0.4)) { properties[1]!.value = 30 }
        animators[2]!.stop()
        let stoppedAt = properties[2]!.presentationValue
        let replayedAt = clock.now
        animators[3]!.play { completions[3] += 1 }
        animators[4] = nil
        properties[4] = nil
        #expect(completions[4] == 0)  // (not inside the release: at the next safe point)
        #expect(driver.census.batched == count - 4)
        clock.advance(frames: 1)
        #expect(completions[4] == 1 && completions[1] == 1 && completions[2] == 1 && completions[3] == 1)
        // The spring's first frame (the 11th) shows where the timeline is then: its t = 10/60. (The
        // spring adds an offset of 0 at its own start to the value it took over: what differs is the
        // rounding of values under 2·10³, whose ulp is 2.3e-13; 1e-9 leaves room for a few such
        // steps and none for a missed frame, which moves the value by more than 1.)
        let handover = timeline(1, from: 0).value(time: 10.0 / 60)
        #expect(abs(applied[1].last!.value - handover) < 1e-9, "\(applied[1].last!.value), timeline \(handover)")
        #expect(properties[2]!.presentationValue == stoppedAt && properties[2]!.value == stoppedAt)
        clock.advance(frames: 15)
        #expect(properties[6]!.value == -1 && applied[6].last!.value == -1 && !properties[6]!.isAnimating)
        #expect(completions[6] == 1)
        #expect(clock.runUntilIdle())
        #expect(driver.census.batches == 0 && driver.census.general == 0)
        for i in 0..<count where i != 4 { #expect(completions[i] == (i == 3 ? 2 : 1), "play \(i)") }
        #expect(properties[1]!.presentationValue == 30)
        // The plays nobody touched, and the replayed one from its second start, show their timelines.
        for i in [0, 3, 5, 7, 8, 9, 10, 11] {
            let reference = timeline(i, from: 0)
            let frames = applied[i].dropLast().filter { i != 3 || $0.time > replayedAt }
            let first = frames[0].time
            let mismatches = frames.filter { $0.value.bitPattern != reference.value(time: $0.time - first).bitPattern }
            #expect(mismatches.isEmpty, "play \(i): \(mismatches.count) of \(frames.count) frames differ")
        }
        // (Each apply holds `properties`, which holds the properties: a cycle, broken here.)
        animators.removeAll()
        properties.removeAll()
    }

    @Test("three-track poses present as one batch, exactly, and their presentation values too")
    func poses() throws {
        let clock = HeadlessClock()
        let count = 6
        var applied = [[(time: TimeInterval, value: Pose)]](repeating: [], count: count)
        let properties = (0..<count).map { i in
            AnimatableProperty(Pose(), clock: clock) { applied[i].append((clock.now, $0)) }
        }
        for (i, p) in properties.enumerated() { KeyframeAnimator(p, timeline: poseTimeline(i)).play() }
        clock.advance(frames: 2)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batches == 1 && driver.census.batched == count)
        var presented = [[Pose]](repeating: [], count: count)
        while properties.contains(where: \.isAnimating) {
            clock.advance(frames: 1)
            for i in 0..<count where properties[i].isAnimating { presented[i].append(properties[i].presentationValue) }
        }
        for i in 0..<count {
            let reference = poseTimeline(i)
            let first = applied[i][0].time
            for frame in applied[i].dropLast() { #expect(frame.value == reference.value(time: frame.time - first)) }
            // Frames 3... (after the two above), while animating: what the apply was handed.
            for (k, pose) in presented[i].enumerated().dropLast() { #expect(pose == applied[i][k + 2].value) }
            #expect(properties[i].presentationValue == reference.value(time: reference.duration))
        }
    }

    @Test("ending every animation on the clock ends batched plays: model values, each completion once")
    func finishAll() throws {
        let clock = HeadlessClock()
        var shown = [Double](repeating: .nan, count: 8)
        let properties = (0..<8).map { i in AnimatableProperty(0.0, clock: clock) { shown[i] = $0 } }
        var completions = 0
        for (i, p) in properties.enumerated() {
            KeyframeAnimator(p, timeline: timeline(i, from: 0), repeating: i % 2 == 0).play { completions += 1 }
        }
        clock.advance(frames: 5)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.batched == 8)
        finishAnimations(on: clock)
        #expect(completions == 0)  // (at the next safe point)
        #expect(driver.census.batches == 0 && driver.census.batched == 0 && driver.census.general == 0)
        for (i, p) in properties.enumerated() { #expect(!p.isAnimating && shown[i] == p.value) }
        clock.advance(frames: 1)
        #expect(completions == 8)
    }
}
