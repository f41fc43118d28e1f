import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// What a phase animator did, frame by frame.
@MainActor
private final class PhaseLog<Phase> {
    var moves: [(phase: Phase, frame: Int)] = []
    var completions: [(phase: Phase, frame: Int)] = []
}

@MainActor
@Suite("Phase animator")
struct PhaseAnimatorTests {
    @Test("the heart pulses: each phase starts on the frame its predecessor's transaction completes, once")
    func heartCycles() {
        let clock = HeadlessClock()
        let scale = AnimatableProperty(1.0, clock: clock)
        let opacity = AnimatableProperty(0.7, clock: clock)
        let log = PhaseLog<Bool>()
        let heart = PhaseAnimator([false, true], clock: clock) { _ in
            .easeInOut(duration: 0.8)
        } content: { phase in
            // Each move runs inside a transaction with the phase's animation.
            #expect(Transaction.current.animation == .easeInOut(duration: 0.8))
            scale.value = phase ? 1.2 : 1.0
            opacity.value = phase ? 1.0 : 0.7
            log.moves.append((phase, clock.frameCount))
        }
        heart.onPhaseCompletion = { phase in
            log.completions.append((phase, clock.frameCount))
            // Logically complete: a curve is there when it completes.
            #expect(scale.presentationValue == (phase ? 1.2 : 1.0))
        }
        #expect(heart.phase == false && log.moves.isEmpty)  // starts on phases[0] without content
        heart.start()
        #expect(heart.phase == true && log.moves.count == 1 && heart.isRunning)
        clock.advance(by: 5)
        // A 0.8 s curve starts at the frame after its move (its t = 0) and completes on the first
        // frame with t ≥ 0.8: 49 frames after the move (50 if that frame's t rounds below 0.8).
        #expect(log.moves.count >= 5)
        for (i, move) in log.moves.enumerated() {
            #expect(move.phase == (i % 2 == 0))  // true, false, true, ...
            guard i > 0 else { continue }
            let completed = log.completions[i - 1]
            #expect(completed.phase == log.moves[i - 1].phase)
            #expect(move.frame == completed.frame)  // the next move happens in that same frame
            #expect([49, 50].contains(completed.frame - log.moves[i - 1].frame))
        }
        // Every step but the one in flight completed exactly once.
        #expect(log.completions.count == log.moves.count - 1)
        heart.stop()
        let moves = log.moves.count
        clock.advance(by: 3)
        #expect(log.moves.count == moves && !heart.isRunning)
        #expect(!scale.isAnimating)  // the step under way finished its animation
    }

    @Test("trigger runs phases[1], phases[2], ... and finally phases[0], once")
    func triggerRunsOnce() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        let log = PhaseLog<Int>()
        let animator = PhaseAnimator([0, 1, 2, 3], clock: clock) { _ in
            .linear(duration: 0.1)
        } content: { phase in
            x.value = Double(phase) * 10
            log.moves.append((phase, clock.frameCount))
        }
        animator.onPhaseCompletion = { log.completions.append(($0, clock.frameCount)) }
        animator.trigger()
        clock.runUntilIdle()
        #expect(log.moves.map(\.phase) == [1, 2, 3, 0])
        #expect(log.completions.map(\.phase) == [1, 2, 3, 0])
        #expect(!animator.isRunning && animator.phase == 0 && x.presentationValue == 0)
        // Triggering again runs the same way; triggering mid-run starts over from phases[1].
        animator.trigger()
        clock.advance(frames: 10)
        animator.trigger()
        clock.runUntilIdle()
        #expect(log.moves.map(\.phase) == [1, 2, 3, 0, 1, 2, 1, 2, 3, 0])
    }

    @Test("steps with no animation hold one frame each: a loop never spins")
    func noSpinWithoutAnimation() {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var moves = 0
        var completions = 0
        let animator = PhaseAnimator([0.0, 1, 2], clock: clock) { _ in
            nil
        } content: { phase in
            x.value = phase
            moves += 1
        }
        animator.onPhaseCompletion = { _ in completions += 1 }
        animator.start()
        #expect(moves == 1)
        clock.advance(frames: 10)
        // One step per frame: the move at start, then one at each of the 10 frames.
        #expect(moves == 11 && completions == 10)
        #expect(x.presentationValue == [0.0, 1, 2][11 % 3])
        animator.stop()
        clock.advance(frames: 10)
        #expect(moves == 11)
        #expect(clock.isIdle)
    }

    @Test("an animated step that changes nothing still holds one frame")
    func noSpinWithNothingChanged() {
        let clock = HeadlessClock()
        var moves = 0
        let animator = PhaseAnimator(["a", "b"], clock: clock) { _ in
            .smooth
        } content: { _ in
            moves += 1
        }
        animator.start()
        clock.advance(frames: 6)
        #expect(moves == 7)
    }

    @Test("on a clock without frames a loop stops after one step, and a trigger runs straight through")
    func animationsOff() {
        let clock = HeadlessClock()
        clock.animationsEnabled = false
        let x = AnimatableProperty(0.0, clock: clock)
        var moves: [Int] = []
        let animator = PhaseAnimator([0, 1, 2], clock: clock) { _ in
            .smooth
        } content: { phase in
            x.value = Double(phase)
            moves.append(phase)
        }
        animator.start()
        #expect(moves == [1] && !animator.isRunning && x.presentationValue == 1)
        animator.trigger()
        #expect(moves == [1, 1, 2, 0] && !animator.isRunning && animator.phase == 0)
    }

    @Test("empty and one-phase lists do nothing")
    func degenerate() {
        let clock = HeadlessClock()
        var moves = 0
        let empty = PhaseAnimator([Int](), clock: clock) { _ in moves += 1 }
        empty.start()
        empty.trigger()
        #expect(empty.phase == nil && !empty.isRunning)
        let one = PhaseAnimator(["only"], clock: clock) { _ in moves += 1 }
        one.start()
        one.trigger()
        clock.advance(frames: 5)
        #expect(one.phase == "only" && !one.isRunning && moves == 0 && clock.isIdle)
    }

    @Test("content and completions may stop or restart the animator")
    func reentrancy() {
        let clock = HeadlessClock()
        var moves: [Int] = []
        var animator: PhaseAnimator<Int>!
        animator = PhaseAnimator([0, 1, 2], clock: clock) { _ in
            nil
        } content: { phase in
            moves.append(phase)
            if phase == 2 { animator.stop() }
        }
        animator.start()
        clock.advance(frames: 5)
        #expect(moves == [1, 2] && animator.phase == 2)
        animator.onPhaseCompletion = { phase in if phase == 0 { animator.trigger() } }
        animator.start()
        clock.advance(frames: 2)
        // 0 (from 2), whose completion triggers 1, 2: the content's stop at 2 ends it.
        #expect(moves == [1, 2, 0, 1, 2] && !animator.isRunning)
        // The animator's own closures capture the variable holding it: empty it, or the cycle
        // outlives the test (AddressSanitizer's leak checker reports it).
        animator = nil
    }
}
