import CUnisonGtk
import CUnisonGtkExamples
import Foundation
import Testing
import Unison
import UnisonDemoKit
import UnisonTestSupport

@_spi(Testing) @testable import UnisonGtk

extension GtkAdapterTests {
    @MainActor
    @Suite("Reduced motion and debugging")
    struct ReducedMotionGtkTests {
        /// The horizontal translation of `widget`, a child of `fixed`, as GTK holds it.
        static func fixedX(_ widget: UnsafeMutablePointer<GtkWidget>, in fixed: UnsafeMutablePointer<GtkWidget>)
            -> Double
        {
            var m: (Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0)
            let transform = gtk_fixed_get_child_transform(unison_example_fixed(fixed), widget)
            gsk_transform_to_2d(transform, &m.0, &m.1, &m.2, &m.3, &m.4, &m.5)
            return Double(m.4)
        }

        @Test("reduced motion turns a slide into a cross-fade (painted offset stays, GTK's opacity animates)")
        func slideCrossFades() throws {
            let window = try TestWindow()
            MotionPreferences.reduceMotionOverride = true
            defer {
                MotionPreferences.reduceMotionOverride = nil
                window.close()
            }
            let origin = 100.0
            let box = window.colouredBox(red: 0, green: 0.6, blue: 0.2, size: 60, at: CGPoint(x: origin, y: 20))
            let fixed = window.fixed
            gtk_widget_set_visible(box, unison_example_false)
            let presence = Presence(
                isPresent: false, transition: .slide, size: CGSize(width: 60, height: 60),
                clock: GtkFrameClock.for(fixed),
                apply: {
                    gtk_fixed_move(unison_example_fixed(fixed), box, origin + $0.offset.width, 20)
                    gtk_widget_set_opacity(box, min(max($0.opacity, 0), 1))
                },
                visibilityChanged: { gtk_widget_set_visible(box, $0 ? unison_example_true : unison_example_false) })
            let clock = GtkFrameClock.for(fixed)
            #expect(clock.environment.accessibilityReduceMotion && clock.animationsEnabled)  // reduced, not off
            var painted: [(x: Double, opacity: Double)] = []
            window.record { _ in
                if gtk_widget_get_visible(box) != 0 {
                    painted.append((Self.fixedX(box, in: fixed), gtk_widget_get_opacity(box)))
                }
            }
            withAnimation(.bouncy(duration: 0.3)) { presence.isPresent = true }
            #expect(GtkRuntime.iterate(timeout: 3) { !presence.isAnimating })
            window.settle()
            let precision = GtkAdapterTests.transformPrecision
            #expect(painted.count >= 8, "only \(painted.count) frames painted")
            #expect(painted.allSatisfy { abs($0.x - origin) <= precision })  // never moved
            #expect(painted.contains { $0.opacity > 0.1 && $0.opacity < 0.9 })  // faded in
            #expect(zip(painted, painted.dropFirst()).allSatisfy { $0.opacity <= $1.opacity + 0.01 })  // no bounce
            #expect(abs(gtk_widget_get_opacity(box) - 1) <= Tolerance.opacityQuantum.value)

            // Without the preference (and GTK's setting at no preference), the same change slides.
            MotionPreferences.reduceMotionOverride = false
            painted = []
            withAnimation(.easeOut(duration: 0.3)) { presence.isPresent = false }
            #expect(GtkRuntime.iterate(timeout: 3) { !presence.isVisible })
            #expect(painted.contains { $0.x > origin + 1 })
        }

        @Test("under reduced motion a navigation zoom push and pop cross-fade the page in place")
        func navigationCrossFades() throws {
            let w = try NavWindow()
            MotionPreferences.reduceMotionOverride = true
            defer {
                MotionPreferences.reduceMotionOverride = nil
                w.close()
            }
            let page = w.page("editor", green)
            // Where the stack draws the page, and the red of a pixel far from the zoom's source
            // (the background's red fades out as the green page fades in), on every painted frame.
            var frames: [(model: CGRect?, red: Double)] = []
            w.window.record { _ in
                guard let image = WidgetRenderer.image(of: w.window.window) else { return }
                frames.append((w.stack.drawnFrame(of: page), image.pixel(x: 350, y: 250).red))
            }
            let background = try #require(WidgetRenderer.image(of: w.window.window)).pixel(x: 350, y: 250).red
            #expect(background > 0.5)
            #expect(w.stack.push(page, transition: .zoom(from: w.card, cornerRadius: 0)))
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            w.window.settle()
            #expect(frames.count >= 5, "only \(frames.count) frames")
            #expect(frames.allSatisfy { $0.model == nil || $0.model == w.full })  // never zoomed
            #expect(frames.contains { $0.red > 0.1 && $0.red < background - 0.1 })  // faded in
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.red <= $0.red + 0.02 })
            #expect(frames.last.map { $0.red < 0.05 } == true)

            frames = []
            #expect(w.stack.pop())
            #expect(GtkRuntime.iterate(timeout: 3) { !w.stack.isTransitioning })
            w.window.settle()
            #expect(frames.allSatisfy { $0.model == nil || $0.model == w.full })
            #expect(frames.contains { $0.red > 0.1 && $0.red < background - 0.1 })  // faded out
        }

        @Test("under reduced motion a numericText label fades the changed digit in place instead of rolling it")
        func numericTextFades() throws {
            let window = try TestWindow(width: 300, height: 160)
            MotionPreferences.reduceMotionOverride = true
            defer {
                MotionPreferences.reduceMotionOverride = nil
                window.close()
            }
            let counter = ContentSeekingGtkTests.counter(in: window)
            var frames: [(progress: Double, image: WidgetRenderer.Image)] = []
            window.record { _ in
                if let p = counter.transitionProgress, let image = WidgetRenderer.image(of: counter.widget) {
                    frames.append((p, image))
                }
            }
            animate(.linear(duration: 0.8)) { counter.text = "42" }
            #expect(counter.isTransitioning)
            GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
            window.settle()
            window.stopRecording()
            let after = try #require(WidgetRenderer.image(of: counter.widget))
            let half = after.width / 2
            let reference = try #require(inkCentroid(after, 0..<half))
            // At 15-40 % a roll has moved the old digit 9-23 px; a fade leaves both digits in place
            // (the centroids of a 1 and a 2 differ by less than 3 px at this size).
            let early = try #require(frames.first { $0.progress > 0.15 && $0.progress < 0.4 })
            let changed = try #require(inkCentroid(early.image, half..<after.width))
            #expect(abs(changed - reference) < 3, "\(changed) against \(reference)")
        }

        @Test("GTK's reduced-motion setting is looked up at run time; animations off still wins over the app")
        func settingLookup() throws {
            let window = try TestWindow()
            defer {
                MotionPreferences.reduceMotionOverride = nil
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            // The generic enum reader, on a property every GTK has.
            let label = gtk_label_new("x")!
            g_object_ref_sink(label)
            defer { g_object_unref(label) }
            gtk_label_set_justify(unison_example_label(label), GTK_JUSTIFY_RIGHT)
            #expect(unison_gtk_object_enum_is(label, "justify", "right") == 1)
            #expect(unison_gtk_object_enum_is(label, "justify", "left") == 0)
            #expect(unison_gtk_object_enum_is(label, "no-such-property", "right") == -1)
            #expect(unison_gtk_object_enum_is(label, "label", "x") == -1)  // a string, not an enum
            let settings = gtk_settings_get_default()
            let found = unison_gtk_object_enum_is(
                UnsafeMutableRawPointer(settings), GtkMotionSettings.reducedMotionProperty, "reduce")
            if gtk_get_minor_version() < 22 {
                #expect(found == -1)  // this GTK has no such setting: no preference
                #expect(!GtkMotionSettings.settingReducesMotion(settings) && !MotionPreferences.systemReducesMotion)
            } else {
                #expect(found >= 0)
                #expect(MotionPreferences.systemReducesMotion == (found == 1))
            }

            let clock = GtkFrameClock.for(window.fixed)
            #expect(!clock.environment.accessibilityReduceMotion)
            MotionPreferences.reduceMotionOverride = true
            #expect(clock.environment.accessibilityReduceMotion && clock.animationsEnabled)
            MotionPreferences.reduceMotionOverride = false
            GtkRuntime.animationsEnabled = false
            #expect(clock.environment.accessibilityReduceMotion && !clock.animationsEnabled)
        }

        @Test("an essential change animates on GTK with animations off; others jump")
        func essentialRunsWithAnimationsOff() throws {
            let window = try TestWindow()
            defer {
                GtkRuntime.animationsEnabled = true
                window.close()
            }
            GtkRuntime.animationsEnabled = false
            let progress = AnimatableProperty(0.0, clock: GtkFrameClock.for(window.fixed))
            withAnimation(.linear(duration: 0.2)) { progress.value = 1 }
            #expect(!progress.isAnimating && progress.presentationValue == 1)
            withEssentialAnimation(.linear(duration: 0.2)) { progress.value = 0 }
            #expect(progress.isAnimating)
            #expect(runUntilIdle(progress) && progress.presentationValue == 0)
        }

        @Test("UNISON_SLOW_ANIMATIONS: parsing, and a clock made under it runs slower, with the app's timeScale on top")
        func slowAnimations() throws {
            #expect(GtkDebugSettings.parseSlowdown(nil) == (1, nil))
            #expect(GtkDebugSettings.parseSlowdown(" ") == (1, nil))
            #expect(GtkDebugSettings.parseSlowdown("5") == (5, nil))
            #expect(GtkDebugSettings.parseSlowdown("0.5").factor == 0.5)
            for bad in ["0", "-2", "fast", "nan", "inf", "1e999"] {
                let parsed = GtkDebugSettings.parseSlowdown(bad)
                #expect(parsed.factor == 1 && parsed.warning?.contains("ignored") == true, "\(bad)")
            }
            #expect(GtkDebugSettings.parseSwitch("1") && GtkDebugSettings.parseSwitch("on"))
            #expect(!GtkDebugSettings.parseSwitch("0") && !GtkDebugSettings.parseSwitch(nil))
            #expect(GtkDebugSettings.parseReduceMotion("1") == (true, nil))
            #expect(GtkDebugSettings.parseReduceMotion("off") == (false, nil))
            #expect(GtkDebugSettings.parseReduceMotion(nil) == (nil, nil))
            #expect(GtkDebugSettings.parseReduceMotion("maybe").reduce == nil)
            #expect(GtkDebugSettings.parseReduceMotion("maybe").warning?.contains("ignored") == true)

            let window = try TestWindow()
            let before = GtkDebugSettings.slowdown
            GtkDebugSettings.slowdown = 4
            defer {
                GtkDebugSettings.slowdown = before
                window.close()
            }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let clock = GtkFrameClock.for(box)
            let realBefore = Double(g_get_monotonic_time()) / 1_000_000
            let now = clock.now
            let realAfter = Double(g_get_monotonic_time()) / 1_000_000
            #expect(now >= realBefore / 4 && now <= realAfter / 4)
            #expect(clock.timeScale == 1)
            clock.timeScale = 2
            #expect(clock.timeScale == 2)
            // Bracketed by real time read before and after (no slack that a busy machine could
            // exceed): the clock advances 2 / 4 = 0.5 as fast as real time since the anchor.
            let anchor = clock.timeScaleAnchor
            let realBefore2 = Double(g_get_monotonic_time()) / 1_000_000
            let scaled = clock.now
            let realAfter2 = Double(g_get_monotonic_time()) / 1_000_000
            let elapsed = scaled - anchor.scaled
            #expect(elapsed >= (realBefore2 - anchor.real) * 0.5 - 1e-9)
            #expect(elapsed <= (realAfter2 - anchor.real) * 0.5 + 1e-9)
        }

        @Test("the demo's debug controls set the reduced-motion override and the frame readout, and show its line")
        func demoControls() throws {
            let window = try TestWindow()
            let controls = DebugControls()
            defer {
                MotionPreferences.reduceMotionOverride = nil
                FrameReadout.isRecording = false
                FrameReadout.onUpdate = nil
                window.close()
            }
            let reduce = try #require(gtk_widget_get_first_child(controls.widget))
            let frames = try #require(gtk_widget_get_next_sibling(reduce))
            gtk_check_button_set_active(unison_example_check_button(reduce), 1)
            #expect(MotionPreferences.reduceMotionOverride == true)
            gtk_check_button_set_active(unison_example_check_button(reduce), 0)
            #expect(MotionPreferences.reduceMotionOverride == nil)
            gtk_check_button_set_active(unison_example_check_button(frames), 1)
            #expect(FrameReadout.isRecording)
            FrameReadout.publish()
            let line = String(cString: gtk_label_get_text(unison_example_label(controls.readout)))
            #expect(line == FrameReadout.latest?.description && !line.isEmpty)
            gtk_check_button_set_active(unison_example_check_button(frames), 0)
            #expect(!FrameReadout.isRecording)
        }

        @Test("the frame readout counts frames and animating values only while recording")
        func frameReadout() throws {
            let window = try TestWindow()
            defer {
                FrameReadout.isRecording = false
                window.close()
            }
            let x = AnimatableProperty(0.0, clock: GtkFrameClock.for(window.fixed))
            withAnimation(.linear(duration: 0.2)) { x.value = 1 }
            #expect(runUntilIdle(x))
            FrameReadout.isRecording = true
            var painted = 0
            window.record { _ in painted += 1 }
            withAnimation(.linear(duration: 0.3)) { x.value = 0 }
            #expect(FrameReadout.statistics().animatingValues >= 1)
            #expect(runUntilIdle(x))
            window.stopRecording()
            let figures = FrameReadout.statistics()
            #expect(
                figures.frames >= 5 && figures.frames <= painted + 1, "\(figures.frames) frames, \(painted) painted")
            #expect(figures.framesOverBudget <= figures.frames && figures.budget > 0)
            #expect(figures.unisonTimePerFrame > 0 && figures.meanFrame > 0)
            #expect(figures.writeTimePerFrame == 0)  // a bare property writes nothing at the frame's end
            #expect(figures.description.contains("frames over"))
            // A widget's transform is written at the end of each frame: that time is counted.
            let card = AnimatedWidget(window.colouredBox(red: 1, green: 0, blue: 0))
            FrameReadout.isRecording = false
            FrameReadout.isRecording = true
            var done = false
            animate(.linear(duration: 0.2), changes: { card.translation = CGPoint(x: 50, y: 0) }) { done = true }
            #expect(GtkRuntime.iterate(timeout: 3) { done })
            #expect(FrameReadout.statistics().writeTimePerFrame > 0)
            FrameReadout.isRecording = false
            withAnimation(.linear(duration: 0.2)) { x.value = 1 }
            #expect(runUntilIdle(x))
            #expect(!FrameReadout.recording && FrameReadout.statistics().frames == 0)
        }
    }
}
