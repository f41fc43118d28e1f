import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Real GTK4 under Xvfb: values are read back from GTK at each painted frame and compared with
/// the animation curve evaluated at that frame's time. All GTK work stays on one thread: one
/// serialized suite. Its tests are in suites nested in it by feature
/// (`extension GtkAdapterTests { @MainActor @Suite("Feature") struct FeatureTests { ... } }`),
/// which inherit `.serialized`; the statics here are shared by them.
@MainActor
@Suite("GTK", .serialized)
struct GtkAdapterTests {
    /// GTK stores opacity in 8 bits: half a step of 1/255.
    static let opacityQuantum = Tolerance.opacityQuantum.value
}

extension GtkAdapterTests {
    /// Animated properties of real widgets, read back from GTK at each painted frame.
    @MainActor
    @Suite("Widget properties")
    struct WidgetPropertyTests {
        @Test("opacity follows the curve at every frame time, read back from GTK")
        func opacity() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            #expect(widget.opacity == 1)
            var samples: [(time: Double, opacity: Double)] = []
            window.record { time in samples.append((time, gtk_widget_get_opacity(box))) }
            var completed = 0
            animate(.linear(duration: 0.3)) {
                widget.opacity = 0.2
            } completion: {
                completed += 1
            }
            #expect(widget.opacity == 0.2 && gtk_widget_get_opacity(box) == 1)
            #expect(runUntilIdle(widget.opacityProperty))
            window.settle()
            let start = try #require(samples.first?.time)
            for (time, opacity) in samples {
                let p = min((time - start) / 0.3, 1)
                #expect(abs(opacity - (1 - 0.8 * p)) <= GtkAdapterTests.opacityQuantum, "t=\(time - start)")
            }
            let mid = samples.filter { $0.time - start > 0 && $0.time - start < 0.3 }
            #expect(mid.count >= 8, "only \(mid.count) frames inside a 0.3 s animation")
            #expect(completed == 1 && gtk_widget_get_opacity(box) == 0.2)
            let fps = Double(mid.count + 1) / 0.3
            print("GTK frame rate under Xvfb during the opacity animation: \(Int(fps.rounded())) fps")
        }

        @Test("position, translation, rotation and scale compose into the GtkFixed child's transform")
        func transform() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 0, green: 0, blue: 1, size: 40, at: CGPoint(x: 10, y: 20))
            let widget = AnimatedWidget(box)
            #expect(widget.position == CGPoint(x: 10, y: 20))
            var samples: [(time: Double, dx: Float, dy: Float)] = []
            let fixed = window.fixed
            func matrix() -> (xx: Float, yx: Float, xy: Float, yy: Float, dx: Float, dy: Float) {
                var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
                let t = gtk_fixed_get_child_transform(unison_example_fixed(fixed), box)
                gsk_transform_to_2d(t, &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
                return m
            }
            window.record { time in
                let m = matrix()
                samples.append((time, m.dx, m.dy))
            }
            animate(.easeInOut(duration: 0.3)) {
                widget.position = CGPoint(x: 30, y: 40)
                widget.translation = CGPoint(x: 50, y: 0)
            }
            #expect(runUntilIdle(widget.positionProperty))
            window.settle()
            let start = try #require(samples.first?.time)
            for sample in samples {
                let p = UnitCurve.easeInOut.value(at: (sample.time - start) / 0.3)
                // GskTransform stores floats: 1e-4 px at these magnitudes.
                #expect(
                    Double(sample.dx).isApproximatelyEqual(to: (10 + 70 * p), within: .floatTransformLarge),
                    "t=\(sample.time - start)")
                #expect(Double(sample.dy).isApproximatelyEqual(to: (20 + 20 * p), within: .floatTransformLarge))
            }
            #expect(samples.count >= 10)
            // Rotation and scale about the centre: the centre stays at position + translation + size/2.
            withAnimation(nil) {
                widget.rotation = 90
                widget.scale = CGSize(width: 2, height: 0.5)
            }
            let m = matrix()
            let (cx, cy): (Float, Float) = (20, 20)
            #expect((m.xx * cx + m.xy * cy + m.dx).isApproximatelyEqual(to: (80 + cx), within: .floatTransformLarge))
            #expect((m.yx * cx + m.yy * cy + m.dy).isApproximatelyEqual(to: (40 + cy), within: .floatTransformLarge))
            // 90° clockwise (y down) then scale (2, 0.5): x' = −0.5·y, y' = 2·x about the centre.
            #expect(
                m.xx.isApproximatelyEqual(to: 0, within: .floatMatrixEntry)
                    && m.xy.isApproximatelyEqual(to: -0.5, within: .floatMatrixEntry)
                    && m.yx.isApproximatelyEqual(to: 2, within: .floatMatrixEntry)
                    && m.yy.isApproximatelyEqual(to: 0, within: .floatMatrixEntry))
        }

        @Test("adjustment, range, progress bar and level bar values follow the curve")
        func valueWidgets() throws {
            let window = try TestWindow(width: 300, height: 200)
            defer { window.close() }
            let widgets = ValueWidgetColumn(in: window, scrollerHeight: 80)
            let (scroller, scale, progress, level) = (widgets.scroller, widgets.scale, widgets.progress, widgets.level)
            let vadjustment = gtk_scrolled_window_get_vadjustment(unison_example_scrolled_window(scroller))!
            let scroll = AnimatedAdjustment(vadjustment, frameClockOf: scroller)
            let range = AnimatedRange(scale)
            let bar = AnimatedProgressBar(progress)
            let levels = AnimatedLevelBar(level)
            var samples: [(Double, Double, Double, Double, Double)] = []
            window.record { t in
                samples.append(
                    (
                        t, gtk_adjustment_get_value(vadjustment), gtk_range_get_value(unison_example_range(scale)),
                        gtk_progress_bar_get_fraction(unison_example_progress_bar(progress)),
                        gtk_level_bar_get_value(unison_example_level_bar(level))
                    ))
            }
            animate(.linear(duration: 0.3)) {
                scroll.value.value = 500
                range.value.value = 80
                bar.fraction.value = 0.75
                levels.value.value = 6
            }
            #expect(runUntilIdle(scroll.value) && runUntilIdle(levels.value))
            window.settle()
            let start = try #require(samples.first?.0)
            for (t, a, r, f, l) in samples {
                let p = min((t - start) / 0.3, 1)
                // Doubles end to end (the scale's step does not round programmatic values): 1e-9.
                #expect(
                    a.isApproximatelyEqual(to: 500 * p, within: .accumulatedRounding)
                        && r.isApproximatelyEqual(to: 80 * p, within: .accumulatedRounding))
                #expect(
                    f.isApproximatelyEqual(to: 0.75 * p, within: .accumulatedRounding)
                        && l.isApproximatelyEqual(to: 6 * p, within: .accumulatedRounding))
            }
            #expect(samples.count >= 10)
        }

        @Test("size request, margins and drawing-area values animate; the area redraws each frame")
        func layoutAndDrawing() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 0, green: 1, blue: 0, size: 20, at: CGPoint(x: 5, y: 5))
            let widget = AnimatedWidget(box)
            let area = gtk_drawing_area_new()!
            gtk_widget_set_size_request(area, 50, 50)
            gtk_fixed_put(unison_example_fixed(window.fixed), area, 200, 100)
            var drawn: [Double] = []
            let drawing = AnimatedDrawing(area, initial: 0.0) { _, _, _, value in drawn.append(value) }
            window.settle()
            var sizes: [(Double, Int32, Int32)] = []
            window.record { t in
                var w: Int32 = 0
                var h: Int32 = 0
                gtk_widget_get_size_request(box, &w, &h)
                sizes.append((t, w, gtk_widget_get_margin_start(box)))
            }
            let drawsBefore = drawing.drawCount
            animate(.linear(duration: 0.3)) {
                widget.sizeRequest = CGSize(width: 120, height: 40)
                widget.margins = EdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 0)
                drawing.value.value = 1
            }
            #expect(runUntilIdle(drawing.value))
            window.settle()
            let start = try #require(sizes.first?.0)
            for (t, w, margin) in sizes {
                let p = min((t - start) / 0.3, 1)
                // GTK sizes and margins are whole pixels: rounding, at most half a pixel. The animation
                // starts at -1 (unset), and a size request is never written below 0 while animating.
                let expected = max(-1 + 121 * p, 0)
                #expect(
                    Double(w).isApproximatelyEqual(to: expected, within: .wholePixel) || (p == 0 && w == -1),
                    "t=\(t - start)")
                #expect(Double(margin).isApproximatelyEqual(to: 30 * p, within: .wholePixel))
            }
            #expect(drawing.drawCount - drawsBefore >= 10)
            #expect(drawn.last == 1 && drawn.contains { $0 > 0.2 && $0 < 0.8 })
            #expect(gtk_widget_get_width(box) >= 119)
        }

        @Test("a mid-animation frame's pixels show the animated opacity and position")
        func pixels() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0, size: 60, at: CGPoint(x: 20, y: 20))
            let widget = AnimatedWidget(box)
            let background = try #require(WidgetRenderer.image(of: window.window)).pixel(x: 250, y: 200)
            var checked = 0
            window.record { _ in
                guard checked < 3, widget.opacityProperty.isAnimating,
                    let image = WidgetRenderer.image(of: window.window)
                else { return }
                let alpha = gtk_widget_get_opacity(box)
                let x = Int(widget.positionProperty.presentationValue.x.rounded())
                let inside = image.pixel(x: x + 30, y: 50)  // centre of the moving box
                // Blending red over the background at the box's opacity; 8-bit channels: 2/255.
                #expect(
                    inside.red.isApproximatelyEqual(to: (alpha + (1 - alpha) * background.red), within: .pixelChannel))
                #expect(inside.green.isApproximatelyEqual(to: (1 - alpha) * background.green, within: .pixelChannel))
                let outside = image.pixel(x: x + 70, y: 50)  // just right of it: background
                #expect(outside.red.isApproximatelyEqual(to: background.red, within: .pixelChannel))
                checked += 1
            }
            animate(.linear(duration: 0.5)) {
                widget.opacity = 0.3
                widget.position = CGPoint(x: 150, y: 20)
            }
            #expect(runUntilIdle(widget.opacityProperty))
            #expect(checked == 3)
            window.stopRecording()
            let end = try #require(WidgetRenderer.image(of: window.window))
            let pixel = end.pixel(x: 180, y: 50)
            #expect(pixel.red.isApproximatelyEqual(to: (0.3 + 0.7 * background.red), within: .pixelChannel))
        }

        @Test("GTK widgets in two windows and a headless property move in exact step")
        func mixedSync() throws {
            let first = try TestWindow()
            let second = try TestWindow()
            defer {
                first.close()
                second.close()
            }
            let a = AnimatedWidget(first.colouredBox(red: 1, green: 0, blue: 0))
            let bar = gtk_progress_bar_new()!
            gtk_fixed_put(unison_example_fixed(second.fixed), bar, 10, 10)
            second.settle()
            let b = AnimatedProgressBar(bar)
            // A headless property on a clock with GTK's time base, presented at window one's frames.
            let shared = ManualClock { Double(g_get_monotonic_time()) / 1_000_000 }
            let c = AnimatableProperty(0.0, clock: shared)
            var progress: [(time: Double, p: Double)] = []
            first.record { t in
                shared.frame(at: t)
                progress.append((t, (1 - gtk_widget_get_opacity(a.widget!)) / 0.5))
                progress.append((t, c.presentationValue / 10))
            }
            second.record { t in progress.append((t, gtk_progress_bar_get_fraction(unison_example_progress_bar(bar)))) }
            animate(.easeInOut(duration: 0.4)) {
                a.opacity = 0.5
                b.fraction.value = 1
                c.value = 10
            }
            GtkRuntime.iterate(timeout: 3) { !a.opacityProperty.isAnimating && !b.fraction.isAnimating }
            let start = try #require(progress.map(\.time).min())
            for (t, p) in progress {
                let expected = UnitCurve.easeInOut.value(at: (t - start) / 0.4)
                // Opacity is quantised to 1/255 over a 0.5 change: 1/255 of progress; others exact.
                #expect(p.isApproximatelyEqual(to: expected, within: .opacityProgress), "t=\(t - start)")
            }
            #expect(Set(progress.map(\.time)).count >= 10)
        }
    }
}

extension GtkAdapterTests {
    /// Unmapping, destruction, the animations setting and idling: animations end cleanly and frames stop.
    @MainActor
    @Suite("Widget lifecycle")
    struct WidgetLifecycleTests {
        @Test("an unmapped widget jumps; unmapping mid-flight jumps to the end and completes")
        func unmapped() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            gtk_widget_set_visible(box, unison_example_false)
            window.settle()
            var done = 0
            animate(.smooth) {
                widget.opacity = 0.4
            } completion: {
                done += 1
            }
            #expect(done == 1 && gtk_widget_get_opacity(box) == widget.opacity.quantised && !widget.clock.isTicking)
            gtk_widget_set_visible(box, unison_example_true)
            window.settle()
            animate(.linear(duration: 1)) {
                widget.opacity = 1
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.15)
            #expect(widget.opacityProperty.isAnimating && done == 1)
            gtk_widget_set_visible(box, unison_example_false)
            // It jumps inside the unmap; the completion waits for the next turn of the main loop.
            #expect(done == 1 && !widget.opacityProperty.isAnimating && gtk_widget_get_opacity(box) == 1)
            GtkRuntime.iterate(timeout: 0.5) { done == 2 }
            #expect(done == 2)
            #expect(!widget.clock.isTicking)
        }

        @Test("a window destroyed mid-flight stops cleanly and completes once")
        func destroyedMidFlight() throws {
            let window = try TestWindow()
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            var done = 0
            animate(.linear(duration: 1)) {
                widget.opacity = 0
                widget.position = CGPoint(x: 100, y: 100)
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.15)
            #expect(widget.opacityProperty.isAnimating)
            window.close()
            GtkRuntime.iterate(timeout: 0.2)
            #expect(done == 1)
            #expect(widget.widget == nil)  // finalized: Unison held it weakly
            #expect(!widget.opacityProperty.isAnimating && !widget.positionProperty.isAnimating)
            animate(.smooth) {
                widget.opacity = 1
            } completion: {
                done += 1
            }  // a dead widget: jumps
            #expect(done == 2)
        }

        @Test("with gtk-enable-animations off, changes jump and completions fire")
        func settingOff() throws {
            let window = try TestWindow()
            defer {
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let widget = AnimatedWidget(box)
            GtkRuntime.animationsEnabled = false
            var done = false
            animate(.bouncy) {
                widget.position = CGPoint(x: 90, y: 0)
            } completion: {
                done = true
            }
            #expect(done && widget.positionProperty.presentationValue == CGPoint(x: 90, y: 0))
            var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
            gsk_transform_to_2d(
                gtk_fixed_get_child_transform(unison_example_fixed(window.fixed), box), &m.0, &m.1, &m.2, &m.3, &m.4,
                &m.5)
            #expect(m.4 == 90)
        }

        @Test("no tick callback remains and the frame clock stops once everything is idle")
        func idleStopsFrames() throws {
            let window = try TestWindow()
            defer { window.close() }
            let widget = AnimatedWidget(window.colouredBox(red: 1, green: 0, blue: 0))
            animate(.snappy) { widget.translation = CGPoint(x: 40, y: 0) }
            #expect(widget.clock.isTicking)
            #expect(runUntilIdle(widget.translationProperty))
            #expect(!widget.clock.isTicking)
            window.settle(0.1)
            var frames = 0
            window.record { _ in frames += 1 }
            GtkRuntime.iterate(timeout: 0.5)
            #expect(frames == 0, "\(frames) frames painted while idle")
        }
    }
}

extension Double {
    /// The value GTK stores for an opacity (8 bits).
    var quantised: Double { (self * 255).rounded() / 255 }
}
