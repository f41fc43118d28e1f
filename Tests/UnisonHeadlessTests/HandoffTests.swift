import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

@MainActor
@Suite("Handoff continuity")
struct HandoffTests {
    @Test(
        "a takeover at any moment continues the old spring's position and velocity exactly",
        arguments: stride(from: 0.05, through: 0.9, by: 0.05).map { $0 })
    func handoff(delay: Double) {
        let clock = HeadlessClock()
        let x = AnimatableProperty(0.0, clock: clock)
        animate(.spring(duration: 1, bounce: 0.2)) { x.value = 100 }
        clock.advance(by: delay)
        // The old spring started at frame 1 (t = 1/60); the takeover's first frame is the next one.
        let elapsed = clock.now + 1.0 / 60 - 1.0 / 60
        animate(.bouncy) { x.value = -50 }
        clock.advance(frames: 1)
        let old = Spring(duration: 1, bounce: 0.2)
        let velocity = old.velocity(target: 100.0, time: elapsed)
        // Both sides evaluate the same closed form at the same time: rounding only (measured ≤ 6e-15).
        #expect(x.velocity.isApproximatelyEqual(to: velocity, within: .rounding.scaled(by: abs(velocity))))
        #expect(
            x.presentationValue.isApproximatelyEqual(
                to: old.value(target: 100.0, time: elapsed), within: .rounding.scaled(by: 100)))
    }
}
