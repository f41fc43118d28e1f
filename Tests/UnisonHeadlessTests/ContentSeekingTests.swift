import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// `ContentTransitionState`'s seeking (behind `ContentLabel.seek(to:toward:)`): a content change
/// driven by a progress, then finished or cancelled from where it is with the release velocity.
///
/// The continuity bound is `SeekableTransitionTests`'s: the commit and cancel animations are
/// `.spring` (duration 0.5, no bounce: ω = 2π / 0.5, critically damped), whose energy
/// ½e'² + ½ω²e² never grows, so with R = √(v₀² + ω²e₀²) the acceleration is at most 3ωR: over a
/// frame of dt the velocity changes by at most 3ωR·dt and the progress differs from "last
/// progress + last velocity · dt" by at most ½·3ωR·dt².
@MainActor
@Suite struct ContentSeekingTests {
    static let ω = 2 * Double.pi / 0.5
    static let dt = 1.0 / 60

    /// A state with a log of what the host is asked and told.
    @MainActor final class Host {
        var begun: [ContentChange] = []
        var applied: [Double] = []
        var ended: [String] = []
        var drawable = true
        var state: ContentTransitionState!

        init(text: String, clock: HeadlessClock) {
            state = ContentTransitionState(
                text: text, clock: clock,
                begin: { [unowned self] change in
                    begun.append(change)
                    return drawable
                },
                apply: { [unowned self] in applied.append($0) },
                end: { [unowned self] in ended.append($0) })
        }
    }

    @Test func seekingDrawsTheChangeAtThatProgress() {
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        let state = host.state!
        let expected = ContentChange(from: "41", to: "42", transition: .numericText())
        for p in [0, 0.25, 0.5, 1.0, 0.3] {
            state.seek(to: p, toward: "42", transition: .numericText())
            #expect(state.change == expected)
            #expect(state.progress == p)
            #expect(state.change?.pieces(at: state.progress) == expected.pieces(at: p), "at \(p)")
            #expect(host.applied.last == p)
            #expect(state.progress(toward: "42") == p && state.progress(toward: "41") == 1 - p)
        }
        // One change begun (the host keeps the old text and shows the new one); no frame runs.
        #expect(host.begun == [expected])
        #expect(state.isSeeking && state.seekTarget == "42" && state.text == "41" && !state.isAnimating)
        // At 0.5 the "4" stays; the old "1" is half-way up and out, the new "2" half-way in.
        state.seek(to: 0.5, toward: "42", transition: .numericText())
        let pieces = state.change!.pieces(at: state.progress)
        #expect(pieces.contains(.init(source: .new, characters: 0..<1, offset: 0, opacity: 1)))
        #expect(pieces.contains(.init(source: .new, characters: 1..<2, offset: 0.5, opacity: 0.5)))
        #expect(pieces.contains(.init(source: .old, characters: 1..<2, offset: -0.5, opacity: 0.5)))
        // Towards the old text along the same change: the progress counts from the other side.
        state.seek(to: 0.2, toward: "41", transition: .numericText())
        #expect(abs(state.progress - 0.8) < 1e-12 && state.seekTarget == "41")
        #expect(state.progress(toward: "41") == 0.2)
        #expect(host.begun.count == 1 && host.ended.isEmpty)
    }

    /// Advances frame by frame until settled, checking each frame against the spring's bound
    /// (progress counted towards `target`).
    func expectContinuous(
        _ host: Host, toward target: String, clock: HeadlessClock, start: Double, velocity: Double, end: Double
    ) {
        let state = host.state!
        let towardNew = target == state.change?.new
        let sign = towardNew ? 1.0 : -1.0
        let e0 = end - start
        let r = (velocity * velocity + Self.ω * Self.ω * e0 * e0).squareRoot()
        let maxAcceleration = 3 * Self.ω * r
        var progress = state.progress(toward: target)
        var speed = sign * state.velocity
        #expect(abs(progress - start) < 1e-9, "no jump when the animation starts")
        #expect(abs(speed - velocity) < 1e-9, "the animation starts with the release velocity")
        clock.advance(frames: 1)  // an animation's time starts at its first frame
        #expect(abs(state.progress(toward: target) - start) < 1e-9)
        var frames = 1
        while state.isAnimating && frames < 600 {
            clock.advance(frames: 1)
            frames += 1
            // Measured on the change's path, drawn or just over.
            let next = towardNew ? state.progress : 1 - state.progress
            let nextSpeed = state.isAnimating ? sign * state.velocity : 0
            let predicted = progress + speed * Self.dt
            #expect(abs(next - predicted) <= 0.5 * maxAcceleration * Self.dt * Self.dt + 1e-9, "frame \(frames)")
            if state.isAnimating {
                #expect(abs(nextSpeed - speed) <= maxAcceleration * Self.dt + 1e-9, "frame \(frames)")
            }
            progress = next
            speed = nextSpeed
        }
        #expect(!state.isAnimating && state.change == nil)
        #expect(abs(progress - end) < 1e-9)
        _ = clock.runUntilIdle()
    }

    @Test func finishingCommitsTheNewText() {
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        var done = 0
        host.state.seek(to: 0.3, toward: "42", transition: .numericText())
        host.state.seek(to: 0.45, toward: "42", transition: .numericText())
        withAnimation(nil, { host.state.finishSeeking(velocity: 4, animation: nil) }, completion: { done += 1 })
        #expect(host.state.text == "42" && !host.state.isSeeking)
        expectContinuous(host, toward: "42", clock: clock, start: 0.45, velocity: 4, end: 1)
        #expect(host.ended == ["42"] && host.state.text == "42" && done == 1)
        #expect(host.applied.allSatisfy { $0.isFinite })
    }

    @Test func cancellingLeavesTheOldText() {
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        var done = 0
        host.state.seek(to: 0.6, toward: "42", transition: .opacity)
        withAnimation(nil, { host.state.cancelSeeking(velocity: -3, animation: nil) }, completion: { done += 1 })
        #expect(host.state.text == "41" && !host.state.isSeeking)
        expectContinuous(host, toward: "42", clock: clock, start: 0.6, velocity: -3, end: 0)
        #expect(host.ended == ["41"], "the host is told to show the old text again")
        #expect(host.state.text == "41" && done == 1)
    }

    @Test func aGrabMidCommitTakesItOver() {
        let clock = HeadlessClock()
        let host = Host(text: "9", clock: clock)
        let state = host.state!
        var first = 0
        state.seek(to: 0.3, toward: "10", transition: .numericText())
        withAnimation(nil, { state.finishSeeking(velocity: 1, animation: nil) }, completion: { first += 1 })
        clock.advance(frames: 6)
        #expect(state.isAnimating)
        let before = state.progress
        let velocityBefore = state.velocity
        let grabbed = state.progress(toward: "10")
        #expect(grabbed > 0.3 && grabbed < 1 && velocityBefore > 0)
        state.seek(to: grabbed, toward: "10", transition: .numericText())
        #expect(state.isSeeking && !state.isAnimating && state.progress == before, "the grab does not jump")
        #expect(host.begun.count == 1, "the same change, grabbed")
        clock.advance(frames: 1)  // the interrupted commit's completion runs at the next safe point
        #expect(first == 1 && host.ended.isEmpty)
        // Released with the velocity it had: the motion continues as before the grab.
        state.seek(to: grabbed + 0.1, toward: "10", transition: .numericText())
        state.finishSeeking(velocity: velocityBefore, animation: nil)
        expectContinuous(host, toward: "10", clock: clock, start: grabbed + 0.1, velocity: velocityBefore, end: 1)
        #expect(host.ended == ["10"] && first == 1)
    }

    @Test func anAnimatedChangeIsGrabbedEitherWay() {
        // A change made in an animation, grabbed half-way and pulled back to the old text.
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        let state = host.state!
        var done = 0
        withAnimation(.linear(duration: 1), { state.run(ContentChange(from: "41", to: "42", transition: .opacity)) }) {
            done += 1
        }
        #expect(state.text == "42")
        clock.advance(by: 0.5)
        let grabbed = state.progress(toward: "41")
        // Half-way in time, less at most one 60 Hz frame (an animation's time starts at its first frame).
        #expect(abs(grabbed - 0.5) < 0.02)
        let before = state.progress
        state.seek(to: grabbed, toward: "41", transition: .opacity)
        // (1 - (1 - p) is p within a rounding.)
        #expect(abs(state.progress - before) < 1e-12 && state.seekTarget == "41" && state.text == "42")
        #expect(host.begun.isEmpty, "no new change: the one in flight")
        state.finishSeeking(velocity: 2, animation: nil)
        #expect(state.text == "41")
        expectContinuous(host, toward: "41", clock: clock, start: grabbed, velocity: 2, end: 1)
        #expect(host.ended == ["41"] && done == 1)
    }

    @Test func aCancelInFlightIsGrabbedBackToTheTarget() {
        let clock = HeadlessClock()
        let host = Host(text: "a", clock: clock)
        let state = host.state!
        state.seek(to: 0.7, toward: "b", transition: .opacity)
        state.cancelSeeking(velocity: 0, animation: nil)
        clock.advance(frames: 5)
        #expect(state.isAnimating && state.text == "a")
        let grabbed = state.progress(toward: "b")
        #expect(grabbed > 0 && grabbed < 0.7)
        state.seek(to: grabbed, toward: "b", transition: .opacity)
        #expect(abs(state.progress - grabbed) < 1e-12)
        state.finishSeeking(velocity: 0, animation: nil)
        _ = clock.runUntilIdle()
        #expect(host.ended == ["b"] && state.text == "b" && host.begun.count == 1)
    }

    @Test func badInputIsHandled() {
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        let state = host.state!
        // NaN never starts a seek; the text shown is no seek either; nothing to finish or cancel.
        state.seek(to: .nan, toward: "42", transition: .opacity)
        state.seek(to: 0.5, toward: "41", transition: .opacity)
        state.finishSeeking(velocity: 3, animation: nil)
        state.cancelSeeking(velocity: 3, animation: nil)
        #expect(!state.isSeeking && host.begun.isEmpty && host.applied.isEmpty && host.ended.isEmpty)
        // Clamped to 0…1; NaN mid-seek changes nothing; reversed seeks are fine.
        state.seek(to: -3, toward: "42", transition: .opacity)
        #expect(state.progress == 0)
        state.seek(to: 2, toward: "42", transition: .opacity)
        #expect(state.progress == 1)
        state.seek(to: .infinity, toward: "42", transition: .opacity)
        #expect(state.progress == 1)
        state.seek(to: 0.8, toward: "42", transition: .opacity)
        state.seek(to: .nan, toward: "42", transition: .opacity)
        #expect(state.progress == 0.8)
        state.seek(to: 0.2, toward: "42", transition: .opacity)
        #expect(state.progress == 0.2)
        // A non-finite velocity counts as zero.
        state.finishSeeking(velocity: .nan, animation: nil)
        #expect(state.velocity == 0)
        _ = clock.runUntilIdle()
        #expect(host.applied.allSatisfy { $0.isFinite } && host.ended == ["42"])
        // A host that cannot draw the change: the seek is ignored.
        host.drawable = false
        state.seek(to: 0.5, toward: "43", transition: .opacity)
        #expect(!state.isSeeking && state.change == nil && state.text == "42")
    }

    @Test func aThirdTextEndsTheChangeDrawnAtTheTextShown() {
        let clock = HeadlessClock()
        let host = Host(text: "1", clock: clock)
        let state = host.state!
        state.seek(to: 0.5, toward: "2", transition: .numericText())
        state.seek(to: 0.25, toward: "3", transition: .numericText())
        #expect(host.ended == ["1"], "the seek to 2 ended at the text shown")
        #expect(host.begun.map(\.new) == ["2", "3"] && host.begun.last?.old == "1")
        #expect(state.seekTarget == "3" && state.progress == 0.25)
    }

    @Test func settingTheTextEndsTheSeekThere() {
        let clock = HeadlessClock()
        let host = Host(text: "41", clock: clock)
        let state = host.state!
        state.seek(to: 0.5, toward: "42", transition: .opacity)
        #expect(state.endSeek(at: "42"))  // unanimated: committed at once
        #expect(!state.isSeeking && state.change == nil && host.ended == ["42"] && state.text == "42")
        state.seek(to: 0.5, toward: "43", transition: .opacity)
        #expect(!state.endSeek(at: "44"), "not a side of the change")
        withAnimation(.spring) { #expect(state.endSeek(at: "42")) }  // animated back
        #expect(state.isAnimating && state.text == "42")
        _ = clock.runUntilIdle()
        #expect(host.ended == ["42", "42"])
    }

    @Test func withAnimationsOffTheEndIsAtOnce() {
        let clock = HeadlessClock()
        clock.animationsEnabled = false
        let host = Host(text: "41", clock: clock)
        host.state.seek(to: 0.4, toward: "42", transition: .opacity)
        #expect(host.state.progress == 0.4, "seeking draws whatever the setting")
        host.state.finishSeeking(velocity: 2, animation: nil)
        #expect(!host.state.isAnimating && host.ended == ["42"])
    }

    @Test(arguments: 1...30)
    func randomSeeksKeepTheRules(seed: Int) {
        // Random seeks (bad values included), finishes, cancels, animated changes and frames: every
        // completion runs once, nothing non-finite is drawn, every change begun ends once, and at
        // rest nothing is drawn and the host was last told the text the state stands on.
        var random = SplitMix64(seed: UInt64(seed))
        let clock = HeadlessClock()
        let host = Host(text: "0", clock: clock)
        let state = host.state!
        let texts = ["0", "1", "2"]
        let progresses: [Double] = [0, 0.3, 0.5, 0.9, 1, -0.4, 1.7, .nan, .infinity]
        let velocities: [Double] = [0, 2, -3, 12, .nan, .infinity]
        var completions = [Int]()
        func counted(_ body: () -> Void) {
            let index = completions.count
            completions.append(0)
            withAnimation(.spring, completionCriteria: .removed, body) { completions[index] += 1 }
        }
        var changes = 0
        for _ in 0..<40 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                state.seek(
                    to: progresses.randomElement(using: &random)!, toward: texts.randomElement(using: &random)!,
                    transition: .numericText())
            case 2:
                let velocity = velocities.randomElement(using: &random)!
                counted { state.finishSeeking(velocity: velocity, animation: nil) }
            case 3:
                let velocity = velocities.randomElement(using: &random)!
                counted { state.cancelSeeking(velocity: velocity, animation: nil) }
            case 4:
                let new = texts.randomElement(using: &random)!
                if !state.endSeek(at: new) && new != state.text {
                    state.finish()
                    changes += 1
                    counted { state.run(ContentChange(from: state.text, to: new, transition: .opacity)) }
                }
            default:
                clock.advance(frames: Int.random(in: 0...12, using: &random))
            }
        }
        if state.isSeeking { counted { state.finishSeeking(velocity: 0, animation: nil) } }
        _ = clock.runUntilIdle()
        clock.advance(frames: 1)
        #expect(completions.allSatisfy { $0 == 1 }, "\(completions)")
        #expect(!state.isAnimating && !state.isSeeking && state.change == nil)
        #expect(host.applied.allSatisfy { $0.isFinite })
        #expect(host.ended.count == host.begun.count + changes, "every change ends once")
        if let last = host.ended.last { #expect(last == state.text) }
    }
}
