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
        // Member 3 lets its property go on its fifth frame, in a steady batch frame.
        releaseFromApply(.easeInOut(duration: 0.5), to: 100) { $0.count == 5 }
    }

    @Test("a target releasing its own property in a batch that carries velocities, and in the finishing frame")
    func releasesItselfInOtherLoops() {
        // A spring takes a running one over: members carry velocities (`presentCarrying`).
        releaseFromApply(.spring(duration: 0.4, bounce: 0.3), to: -40, takingOver: true) { $0.count == 12 }
        // The finishing frame (`finish`): the first call that shows the model value exactly.
        releaseFromApply(.linear(duration: 0.2), to: 100) { $0.last == 100 }
    }

    /// Ten target properties animate to `target` with `animation` (with `takingOver`, over a
    /// running `.bouncy` six frames in, so that each carries its velocity); member 3's target
    /// releases its own property from the call for which `releasesAt` says so. Its target must
    /// outlive that call, and go once the frame has ended; the others end at `target`, and the
    /// transaction's completion runs once.
    private func releaseFromApply(
        _ animation: Animation, to target: Double, takingOver: Bool = false,
        releasesAt: @escaping (_ shown: [Double]) -> Bool
    ) {
        let clock = HeadlessClock()
        var deinits = 0
        var applying = false
        var deinitInsideApply = false
        var properties: [AnimatableProperty<Double>?] = []
        var recorders: [Recorder] = []
        for i in 0..<10 {
            let recorder = Recorder {
                deinits += 1
                deinitInsideApply = deinitInsideApply || applying
            }
            recorder.onApply = { [unowned recorder] _ in
                applying = true
                if i == 3, properties[3] != nil, releasesAt(recorder.shown) { properties[3] = nil }
                applying = false
            }
            if i != 3 { recorders.append(recorder) }  // member 3's target: only its property holds it
            properties.append(AnimatableProperty(0.0, clock: clock, target: recorder))
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
        if takingOver {
            clock.advance(frames: 2)
            let census = FrameDriver.existingDriver(for: clock)?.census
            #expect(census?.batched == 10 && census?.general == 0)
        }
        #expect(clock.runUntilIdle())
        #expect(properties[3] == nil)
        #expect(deinits == 1 && !deinitInsideApply)
        for recorder in recorders { #expect(recorder.shown.last == target) }
        #expect(completions == 1)
        for recorder in recorders { recorder.onApply = nil }
    }

    @Test("finishing every animation on a clock jumps batched targets to their model values, once")
    func finishAllOnClock() {
        let clock = HeadlessClock()
        let recorders = (0..<8).map { _ in Recorder() }
        let properties = recorders.map { AnimatableProperty(0.0, clock: clock, target: $0) }
        var completions = 0
        withAnimation(.smooth(duration: 1)) {
            for (i, p) in properties.enumerated() { p.value = Double(10 * i + 10) }
        } completion: {
            completions += 1
        }
        clock.advance(frames: 4)
        let counts = recorders.map(\.shown.count)
        finishAnimations(on: clock)
        for (i, recorder) in recorders.enumerated() {
            #expect(recorder.shown.count == counts[i] + 1)
            #expect(recorder.shown.last == Double(10 * i + 10))
        }
        #expect(properties.allSatisfy { !$0.isAnimating })
        #expect(clock.runUntilIdle())
        clock.advance(frames: 1)
        #expect(completions == 1)
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
        first.onApply = nil  // (it holds `properties`)
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
