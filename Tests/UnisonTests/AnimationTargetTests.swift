import Foundation
import Testing
import UnisonHeadless
import UnisonTestSupport

@testable import Unison

/// Records what it is asked to show, and runs `onApply` (the test's reentrant action) after.
@MainActor
private final class Recorder: AnimationTarget<Double> {
    var shown: [Double] = []
    var onApply: ((Double) -> Void)?
    let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }

    override func apply(_ value: Double) {
        shown.append(value)
        onApply?(value)
    }

    isolated deinit { onDeinit() }
}

/// ``AnimationTarget`` is the object form of `apply`: a frame calls it without reference counting
/// (the batch holds it). These tests hold it to the closure form's behaviour, value for value, and
/// to the lifetime rules that make a call without reference counting safe.
@MainActor
@Suite("Animation targets")
struct AnimationTargetTests {
    @Test("a target sees exactly what an apply closure sees, frame by frame, through a retarget and the end")
    func sameValuesAsClosures() throws {
        let clock = HeadlessClock()
        var closureShown: [Int: [Double]] = [:]
        let recorders = (0..<20).map { _ in Recorder() }
        let closures = (0..<20).map { i in
            AnimatableProperty(Double(i), clock: clock) { closureShown[i, default: []].append($0) }
        }
        let targets = (0..<20).map { i in AnimatableProperty(Double(i), clock: clock, target: recorders[i]) }
        withAnimation(.bouncy) {
            for i in 0..<20 {
                closures[i].value = 500 + Double(i)
                targets[i].value = 500 + Double(i)
            }
        }
        clock.advance(frames: 2)
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        // One batch for each form (the key tells them apart), every member batched.
        #expect(driver.census.batches == 2 && driver.census.batched == 40 && driver.census.general == 0)
        clock.advance(frames: 8)
        // A spring takes every one over with its velocity: batches that carry velocities.
        withAnimation(.spring(duration: 0.3, bounce: 0.4)) {
            for i in 0..<20 {
                closures[i].value = -Double(i)
                targets[i].value = -Double(i)
            }
        }
        #expect(clock.runUntilIdle())
        for i in 0..<20 {
            #expect(recorders[i].shown == closureShown[i], "member \(i)")
            #expect(recorders[i].shown.last == -Double(i))
            #expect(targets[i].presentationValue == -Double(i))
        }
        #expect(recorders[0].shown.count > 20)
    }

    @Test("a jump calls the target once, with the value")
    func jumps() {
        let clock = HeadlessClock()
        let recorder = Recorder()
        let p = AnimatableProperty(1.0, clock: clock, target: recorder)
        p.value = 7
        #expect(recorder.shown == [7])
        withAnimation(.linear(duration: 0.1)) { p.value = 9 }
        p.finishAnimations()
        #expect(recorder.shown.last == 9)
        #expect(!p.isAnimating)
    }

    @Test("a target that releases its own property mid-frame lives until the frame has ended; completions fire once")
    func releasesItselfMidFrame() {
        let clock = HeadlessClock()
        var deinits = 0
        var deinitInsideApply = false
        var applying = false
        var properties: [AnimatableProperty<Double>?] = []
        var recorders: [Recorder] = []
        for i in 0..<10 {
            let recorder = Recorder {
                deinits += 1; deinitInsideApply = deinitInsideApply || applying
            }
            recorder.onApply = { [unowned recorder] _ in
                applying = true
                // Member 3 lets its property go on its fifth frame: its own target is freed only
                // once the frame has ended, not under this call.
                if i == 3, recorder.shown.count == 5 { properties[3] = nil }
                applying = false
            }
            recorders.append(recorder)
            properties.append(AnimatableProperty(0.0, clock: clock, target: recorder))
        }
        var completions = 0
        withAnimation(.easeInOut(duration: 0.5)) {
            for p in properties { p?.value = 100 }
        } completion: {
            completions += 1
        }
        recorders[3] = Recorder()  // the test no longer holds member 3's target: only its property does
        clock.advance(frames: 5)
        #expect(properties[3] == nil)
        #expect(deinits == 1 && !deinitInsideApply)
        #expect(clock.runUntilIdle())
        #expect(completions == 1)
        for i in 0..<10 where i != 3 { #expect(recorders[i].shown.last == 100) }
    }

    @Test("a member released by another's target mid-frame is not called again in that frame")
    func releasedByAnotherMidFrame() {
        let clock = HeadlessClock()
        let first = Recorder()
        let second = Recorder()
        var properties: [AnimatableProperty<Double>?] = [
            AnimatableProperty(0.0, clock: clock, target: first), AnimatableProperty(0.0, clock: clock, target: second),
        ]
        withAnimation(.linear(duration: 1)) { for p in properties { p?.value = 60 } }
        clock.advance(frames: 3)
        // On its next call, the first member releases the second (after it in the batch).
        var releasedAt = -1
        first.onApply = { _ in
            if releasedAt < 0 {
                releasedAt = second.shown.count
                properties[1] = nil
            }
        }
        clock.advance(frames: 3)
        #expect(properties[1] == nil)
        #expect(second.shown.count == releasedAt)
        #expect(first.shown.count == 6)
    }

    @Test("the property holds its target: released with it, and never inside a frame")
    func lifetime() {
        let clock = HeadlessClock()
        var deinits = 0
        var p: AnimatableProperty<Double>? = AnimatableProperty(0.0, clock: clock, target: Recorder { deinits += 1 })
        withAnimation(.smooth) { p?.value = 10 }
        clock.advance(frames: 3)
        #expect(deinits == 0)
        p = nil
        #expect(deinits == 1)
        #expect(clock.runUntilIdle())
    }

    @Test("the targets of a finished batch's members go with their properties, before the batch settles")
    func releasedFromFinishedBatch() throws {
        let clock = HeadlessClock()
        var deinits = 0
        var properties: [AnimatableProperty<Double>?] = (0..<10).map { _ in
            AnimatableProperty(0.0, clock: clock, target: Recorder { deinits += 1 })
        }
        withAnimation(.linear(duration: 0.1)) { for p in properties { p?.value = 1 } }
        #expect(clock.runUntilIdle())
        let driver = try #require(FrameDriver.existingDriver(for: clock))
        #expect(driver.census.settling == 1)  // finished; its members learn it when asked
        for i in 0..<5 { properties[i] = nil }
        #expect(deinits == 5)
        #expect(properties[5]?.presentationValue == 1)
        properties = []
        #expect(deinits == 10)
        #expect(driver.census.settling == 0 && driver.census.batches == 0)
    }

    @Test("a finishing frame shows every target its model value exactly")
    func finishingFrame() {
        let clock = HeadlessClock()
        let recorders = (0..<50).map { _ in Recorder() }
        let properties = recorders.map { AnimatableProperty(0.0, clock: clock, target: $0) }
        withAnimation(.easeIn(duration: 0.2)) {
            for (i, p) in properties.enumerated() { p.value = 0.1 * Double(i) + 1e-9 }
        }
        #expect(clock.runUntilIdle())
        for (i, recorder) in recorders.enumerated() { #expect(recorder.shown.last == 0.1 * Double(i) + 1e-9) }
        withExtendedLifetime(properties) {}
    }
}
