import CUnisonGtk
import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonTestSupport
@_spi(Testing) @testable import UnisonGtk

extension GtkAdapterTests {
    @MainActor @Suite("Fixed frame rate")
    struct FixedFrameRateTests {
        @Test("UNISON_FIXED_FRAME_RATE: parsing; out-of-range rates mean real time")
        func parsing() {
            #expect(GtkDebugSettings.parseFrameRate("60") == (60, nil))
            #expect(GtkDebugSettings.parseFrameRate(" ") == (nil, nil))
            for bad in ["0", "0.5", "-60", "fast", "nan", "inf", "1001"] {
                let parsed = GtkDebugSettings.parseFrameRate(bad)
                #expect(parsed.rate == nil && parsed.warning?.contains("ignored") == true, "\(bad)")
            }
            for bad in [0, -1, .nan, .infinity, 5000] as [Double] {
                GtkFrameClock.fixedFrameRate = bad
                #expect(GtkFrameClock.fixedFrameRate == nil, "\(bad)")
            }
            GtkFrameClock.fixedFrameRate = 30
            #expect(GtkFrameClock.fixedFrameRate == 30)
            GtkFrameClock.fixedFrameRate = nil
            #expect(GtkFrameClock.fixedFrameRate == nil)
        }

        @Test("at 60 frames a second, a 0.3 s animation takes 18 painted frames, each 1/60 s on, in every widget alike")
        func everyFrameOneStep() throws {
            let window = try TestWindow()
            defer { window.close() }
            // Two values on two widgets' own clocks: one window, one frame time.
            let a = AnimatableProperty(0.0, clock: GtkFrameClock.for(window.fixed))
            let b = AnimatableProperty(0.0, clock: GtkFrameClock.for(window.window))
            var frames: [(t: TimeInterval, a: Double, b: Double)] = []
            var completions = 0
            try withFixedFrameRate(60) {
                let start = GtkFrameClock.for(window.window).now
                window.record { t in frames.append((t, a.presentationValue, b.presentationValue)) }
                // A delay waits in frames too: 0.1 s is 6 frames.
                withAnimation(.linear(duration: 0.3).delay(0.1)) {
                    a.value = 1
                    b.value = 1
                } completion: {
                    completions += 1
                }
                #expect(GtkRuntime.iterate(timeout: 10) { completions == 1 })
                window.stopRecording()
                // Between two recorded frames time advances by whole steps (a frame GTK painted
                // without Unison ticking still counts), and only forwards; the values follow the
                // linear ramp at each frame's time (1e-9: rounding of the steps' sums).
                let moving = frames.filter { $0.a > 0 && $0.a < 1 }
                #expect(moving.count == 17, "frames strictly inside the ramp: \(moving.count)")
                for (x, y) in zip(frames, frames.dropFirst()) {
                    let steps = (y.t - x.t) * 60
                    #expect(steps >= 0.999 && abs(steps - steps.rounded()) < 1e-6, "\(steps) steps")
                }
                #expect(frames.allSatisfy { $0.a == $0.b }, "one window, one time")
                // The delay and the ramp took 6 + 18 frames after the frame that started them.
                #expect(moving.first.map { (($0.t - start) * 60).rounded() } ?? 0 >= 7)
                let first = try #require(moving.first)
                for frame in moving {
                    // Each ramp frame is a whole number of sixtieths past the first.
                    let k = ((frame.t - first.t) * 60).rounded()
                    #expect(abs(frame.a - (first.a + k / 18)) < 1e-9, "\(frame)")
                }
            }
            // Back to real time: the clock reads GDK's monotonic time again, not behind it.
            let clock = GtkFrameClock.for(window.window)
            #expect(abs(clock.now - Double(g_get_monotonic_time()) / 1_000_000) < 0.5)
        }
    }
}
