import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Clock faults on a real GTK frame clock under Xvfb: a main loop that stalls inside a frame,
/// a frame clock whose time jumps minutes between two frames, a window hidden mid-flight and
/// shown again, and windows opening and closing while everything animates. Every expectation is
/// read from the frame times GTK presented and the clock's own anchors, never from a second read
/// of the time (the tests must not race the clock).
extension GtkAdapterTests {
    @MainActor
    @Suite("Clock faults on GTK")
    struct ClockFaultTests {
        @Test("a main loop stalled 400 ms inside a frame: the next frame shows the curve at its own time, no replay")
        func stalledFrame() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            var samples: [(time: Double, opacity: Double)] = []
            var stalled = false
            window.record { time in
                samples.append((time, gtk_widget_get_opacity(box)))
                if samples.count == 5 && !stalled {
                    stalled = true
                    usleep(400_000)  // the app blocks the main loop inside a frame
                }
            }
            var done = 0
            animate(.linear(duration: 1)) {
                widget.opacity = 0.2
            } completion: {
                done += 1
            }
            #expect(runUntilIdle(widget.opacityProperty))
            window.settle()
            #expect(stalled && done == 1)
            let start = try #require(samples.first?.time)
            var largestGap = 0.0
            for (index, (time, opacity)) in samples.enumerated() {
                let p = min((time - start) / 1, 1)
                #expect(abs(opacity - (1 - 0.8 * p)) <= GtkAdapterTests.opacityQuantum, "t=\(time - start)")
                if index > 0 { largestGap = max(largestGap, time - samples[index - 1].time) }
            }
            // The stall is one gap between two frames (no catch-up frames replaying it).
            #expect(largestGap >= 0.35, "largest frame gap \(largestGap) s")
            #expect(samples.count < 90, "\(samples.count) frames for a 1 s animation")
        }

        @Test("a frame clock jumping ten minutes between two frames: springs end, repeat-forever stays in range")
        func clockJumpsMinutes() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let pulse = window.colouredBox(red: 0, green: 0, blue: 1, at: CGPoint(x: 80, y: 0))
            let clock = GtkFrameClock.for(window.window)
            defer { clock.timeScale = 1 }
            let widget = AnimatedWidget(box, clock: clock)
            let pulsing = AnimatedWidget(pulse, clock: clock)
            var springDone = 0
            var pulseDone = 0
            animate(.spring(duration: 3, bounce: 0.3)) {
                widget.position = CGPoint(x: 200, y: 100)
            } completion: {
                springDone += 1
            }
            withAnimation(.easeInOut(duration: 0.5).repeatForever(), completionCriteria: .removed) {
                pulsing.opacity = 0.3
            } completion: {
                pulseDone += 1
            }
            var frames: [(scaled: Double, x: Double, opacity: Double)] = []
            window.record { t in
                // The scaled time of this frame, from the clock's own anchors (see `timeScale`).
                let anchor = clock.timeScaleAnchor
                frames.append(
                    (
                        anchor.scaled + (t - anchor.real) * clock.timeScale,
                        Double(widget.positionProperty.presentationValue.x), gtk_widget_get_opacity(pulse)
                    ))
            }
            GtkRuntime.iterate(timeout: 0.3)
            #expect(widget.positionProperty.isAnimating && springDone == 0)
            // A laptop lid closed for minutes looks like this to the clock: its time leaps between two
            // frames. Run the clock 12 000 times faster for about 50 ms of real time: ten minutes pass.
            clock.timeScale = 12_000
            GtkRuntime.iterate(timeout: 0.05)
            clock.timeScale = 1
            GtkRuntime.iterate(timeout: 0.3) { springDone == 1 }
            #expect(springDone == 1 && !widget.positionProperty.isAnimating)
            #expect(widget.positionProperty.presentationValue == CGPoint(x: 200, y: 100))
            let span = (frames.last?.scaled ?? 0) - (frames.first?.scaled ?? 0)
            #expect(span > 60, "the frames span \(span) s of clock time")
            for frame in frames {
                #expect(frame.x.isFinite && frame.x > -200 && frame.x < 400)
                #expect(frame.opacity >= 0.3 - GtkAdapterTests.opacityQuantum && frame.opacity <= 1 + GtkAdapterTests.opacityQuantum)
            }
            // The repeat-forever pulse still runs, in range, and ends once when replaced.
            #expect(pulsing.opacityProperty.isAnimating && pulseDone == 0)
            withAnimation(nil) { pulsing.opacity = 1 }
            GtkRuntime.iterate(timeout: 0.3) { pulseDone == 1 }
            #expect(pulseDone == 1 && !clock.isTicking)
        }

        @Test("a window hidden mid-flight and shown again: jumped and completed once, new motion starts fresh")
        func hiddenAndShown() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            var done = 0
            animate(.linear(duration: 2)) {
                widget.position = CGPoint(x: 150, y: 0)
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.2)
            #expect(widget.positionProperty.isAnimating)
            // Hidden: the window is unmapped, so what was in flight jumps to its end; the completion
            // runs at the next turn of the loop. However long it stays hidden, nothing is replayed
            // when it comes back (an unmapped widget has no frames), so a second stands for minutes.
            gtk_widget_set_visible(window.window, unison_example_false)
            #expect(!widget.positionProperty.isAnimating && done == 0)
            GtkRuntime.iterate(timeout: 1)
            #expect(done == 1 && !widget.clock.isTicking)
            gtk_widget_set_visible(window.window, unison_example_true)
            GtkRuntime.iterate(timeout: 5) { gtk_widget_get_mapped(box) != 0 }
            window.settle()
            var samples: [(time: Double, x: Double)] = []
            window.record { time in samples.append((time, Double(widget.positionProperty.presentationValue.x))) }
            animate(.linear(duration: 0.3)) {
                widget.position = CGPoint(x: 0, y: 0)
            } completion: {
                done += 1
            }
            #expect(runUntilIdle(widget.positionProperty))
            window.settle()
            // The new animation starts at its first frame after the window came back (progress 0),
            // and follows the curve from there.
            let start = try #require(samples.first?.time)
            for (time, x) in samples {
                let p = min((time - start) / 0.3, 1)
                #expect(abs(x - 150 * (1 - p)) < 1e-6, "t=\(time - start)")
            }
            #expect(samples.count >= 5 && done == 2)
        }

        @Test("twelve windows opened and closed while their widgets animate: every completion once, no tick left")
        func windowsOpenAndClose() throws {
            var windows: [TestWindow] = []
            var widgets: [AnimatedWidget] = []
            var done = 0
            var expected = 0
            for index in 0..<12 {
                let window = try TestWindow(width: 200, height: 120)
                let box = window.colouredBox(red: 0, green: 1, blue: 0, size: 20)
                let widget = AnimatedWidget(box)
                widgets.append(widget)
                windows.append(window)
                // One transaction over every window open so far: its completion waits for them all.
                withAnimation(.spring(duration: 0.6, bounce: 0.2)) {
                    for (k, w) in widgets.enumerated() { w.translation = CGPoint(x: 10 * (index - k), y: 5 * index) }
                } completion: {
                    done += 1
                }
                expected += 1
                // Every third window closes mid-flight, the oldest first.
                if index % 3 == 2, let oldest = windows.first {
                    oldest.close()
                    windows.removeFirst()
                }
                GtkRuntime.iterate(timeout: 0.05)
            }
            for window in windows { window.close() }
            GtkRuntime.iterate(timeout: 2) { done == expected }
            #expect(done == expected)
            for widget in widgets {
                #expect(widget.widget == nil && !widget.translationProperty.isAnimating && !widget.clock.isTicking)
            }
        }
    }
}
