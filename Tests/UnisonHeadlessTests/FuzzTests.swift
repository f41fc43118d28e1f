import Foundation
import Testing
import Unison
import UnisonFuzzKit
import UnisonHeadless
import UnisonTestSupport

/// The operation fuzzer's short run (the long one is `make check-deep`; figures in
/// Docs/reliability.md), and the bugs it found, each pinned by its own test.
@MainActor
@Suite("Operation fuzzer")
struct FuzzTests {
    @Test("3000 seeded operation sequences keep every invariant")
    func seededSequences() {
        let report = SeededFuzzRun(firstSeed: 0x5EED, sequences: 3000).run()
        print(report.summary)
        #expect(report.firstFailure == nil, "\(report.firstFailure ?? "")")
        #expect(report.sequences == 3000 && report.operations > 3000 * 20)
    }

    @Test("fuzz input decodes past its end as zeros, so every input is a finite sequence")
    func byteReader() {
        var reader = ByteReader([3, 250])
        #expect(reader.below(4) == 3 && reader.pick([1, 2, 3]) == 2 && reader.isAtEnd)
        #expect(reader.byte() == 0 && reader.below(7) == 0)
        let empty = OperationFuzzer(bytes: [])
        #expect(empty.run() && empty.operationCount == 0)
    }
}

/// Bugs the fuzzer found, each replayed on its own.
@MainActor
@Suite("Bugs the fuzzer found")
struct FuzzFoundBugTests {
    @Test(
        "a blending spring after a clock jump of years settles in one frame (it stepped 1/240 s at a time: a hang)",
        arguments: [3600.0, 1e9])
    func blendingSpringAfterHugeJump(jump: Double) {
        let clock = ManualClock()
        let x = AnimatableProperty(0.0, clock: clock)
        var completions = 0
        withAnimation(.spring(response: 0.6, dampingFraction: 0.7)) { x.value = 100 }
        clock.frame(at: 1)
        clock.frame(at: 1.1)
        withAnimation(.spring(response: 0.2, dampingFraction: 0.9, blendDuration: 0.5)) {
            x.value = -50
        } completion: {
            completions += 1
        }
        clock.frame(at: 1.15)  // blending now
        #expect(x.isAnimating && x.presentationValue.isFinite)
        clock.frame(at: 1.15 + jump)  // before the fix: jump × 240 integration steps in this frame
        #expect(!x.isAnimating && x.presentationValue == -50 && completions == 1)
        #expect(clock.handler == nil)
    }
}
