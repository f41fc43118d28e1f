import Foundation
import Testing
import Unison
import UnisonHeadless
import UnisonTestSupport

/// A gesture's release velocity handed to the spring that follows it, on a clock (the recognizers
/// and the velocity tracker alone are in UnisonTests' `GestureModelTests` and `GestureTests`).
@MainActor
@Suite("Gesture hand-offs to springs")
struct GestureHandoffTests {
    func point(_ x: Double, _ y: Double = 0) -> CGPoint { CGPoint(x: x, y: y) }

    @Test("the drag pattern hands the finger's velocity to the release spring without a jump")
    func dragPatternContinuity() {
        let clock = HeadlessClock(framesPerSecond: 60)
        let x = AnimatableProperty(0.0, clock: clock)
        let speed = 800.0
        // Drag events at 120 Hz for 0.4 s, following the finger with an interactive spring.
        for event in 1...48 {
            clock.advance(by: 1.0 / 120)
            animate(.interactiveSpring) { x.value = speed * Double(event) / 120 }
        }
        let before = x.velocity
        let position = x.presentationValue
        animate(.spring) { x.value = 0 }  // released: back to rest
        let after = x.velocity
        // Right after the release (before a frame) the property reports the inherited velocity:
        // the same motion at the same time, equal to rounding.
        #expect(after.isApproximatelyEqual(to: before, within: .accumulatedRounding.scaled(by: abs(before))))
        #expect(x.presentationValue == position)
        // The finger steps 6.7 px per event and takeovers land on 60 Hz frames; between steps the
        // interactive spring (ω₀ = 2π/0.15 = 41.9 rad/s) decelerates for about ω₀·T ≈ 0.7 rad of its
        // motion per frame, so its velocity ripples a few percent below the finger's: within 5 %.
        #expect(abs(before - speed) < 0.05 * speed, "release velocity \(before)")
        // The handoff happens at the next frame T: from there the motion is exactly the release
        // spring's closed form from (x_T, v_T), so there is neither a stall nor a jump.
        clock.advance(frames: 1)
        let xT = x.presentationValue
        let vT = x.velocity
        #expect(vT > 0)  // still moving the finger's way
        let spring = Spring(duration: 0.5)
        for k in 1...10 {
            clock.advance(frames: 1)
            let expected = xT + spring.value(target: -xT, initialVelocity: vT, time: Double(k) / 60)
            #expect(
                x.presentationValue.isApproximatelyEqual(to: expected, within: .accumulatedRounding.scaled(by: abs(xT)))
            )
        }
        clock.runUntilIdle()
        #expect(x.presentationValue == 0)
        print("drag pattern: finger 800 px/s, interactive spring at release \(before) px/s, inherited \(after) px/s")
    }

    @Test("a drag released into a spring hands it the finger's velocity")
    func dragHandsVelocityToSpring() throws {
        let clock = HeadlessClock()
        let offset = AnimatableProperty(0.0, clock: clock)
        let handler = GestureHandler(DragRecognizer())
        var released = 0.0
        handler.onChanged = { value in offset.value = value.translation.x }
        handler.onEnded = { value in
            released = value.velocity.x
            offset.handOff(velocity: value.velocity.x)
            animate(.spring) { offset.value = 0 }
        }
        handler.handle(.down(point(0), at: 0))
        for k in 1...12 { handler.handle(.move(point(Double(k) * 6), at: Double(k) / 120)) }
        handler.handle(.up(point(78), at: 13.0 / 120))
        // 6 points every 1/120 s: 720 points/s, exactly (a linear ramp).
        #expect(released.isApproximatelyEqual(to: 720, within: .leastSquares))
        // The spring starts from the release with that velocity (the same number, handed over).
        #expect(offset.velocity.isApproximatelyEqual(to: 720, within: .accumulatedRounding.scaled(by: 720)))
        // onEnded comes instead of a last onChanged (as in SwiftUI): the value was 72 at the release.
        #expect(offset.presentationValue == 72)
        clock.advance(frames: 2)  // the spring starts at the first frame; the second shows its motion
        #expect(offset.presentationValue > 72)  // still moving the finger's way
        clock.runUntilIdle()
        #expect(offset.presentationValue == 0)
    }
}
