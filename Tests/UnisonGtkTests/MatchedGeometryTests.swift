import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

/// Two matched cards in different containers of one window: a 100 × 100 red one in a GtkBox and
/// a 300 × 200 blue one placed in the window's GtkFixed, not present at first.
@MainActor
final class HeroWindow {
    let window: TestWindow
    let small: MotionBin
    let large: MotionBin
    let namespace = GeometryNamespace()

    init(transition: AnyTransition = .identity) throws {
        window = try TestWindow(width: 480, height: 400)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_fixed_put(unison_example_fixed(window.fixed), box, 20, 30)
        small = MotionBin(
            child: colouredArea(red: 1, green: 0, blue: 0, width: 100, height: 100), transition: transition)
        gtk_box_append(unison_example_box(box), small.widget)
        large = MotionBin(
            child: colouredArea(red: 0, green: 0, blue: 1, width: 300, height: 200), transition: transition,
            isPresent: false)
        gtk_fixed_put(unison_example_fixed(window.fixed), large.widget, 150, 170)
        small.matchedGeometry(id: "card", in: namespace)
        large.matchedGeometry(id: "card", in: namespace)
        window.settle(0.2)
    }

    /// Records, after every painted frame, its time and where `colour` is drawn.
    func track(_ colour: (Double, Double, Double), _ body: @escaping @MainActor (TimeInterval, CGRect?) -> Void) {
        let toplevel = window.window
        window.record { t in body(t, WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: colour, in: $0) }) }
    }
}

/// `a` + (`b` − `a`) · `p`, per edge.
func lerp(_ a: CGRect, _ b: CGRect, _ p: Double) -> CGRect {
    CGRect(
        x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
        width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
}

extension GtkAdapterTests {
    @MainActor
    @Suite("Matched geometry")
    struct MatchedGeometryTests {
        @Test("matched geometry across containers: the appearing card is drawn from the other's frame to its own")
        func matchedGeometryMorph() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try HeroWindow()
            defer { w.window.close() }
            let smallFrame = try #require(w.small.drawnFrame)
            #expect(smallFrame == CGRect(x: 20, y: 30, width: 100, height: 100))
            // Per painted frame: where blue is drawn, and where the bin says it draws it then.
            var frames: [(TimeInterval, CGRect?, CGRect?)] = []
            let toplevel = w.window.window
            w.window.record { t in
                let pixels = WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: blue, in: $0) }
                frames.append((t, pixels, w.large.isVisible ? w.large.drawnFrame : nil))
            }
            var done = 0
            animate(.linear(duration: 0.4)) {
                w.small.isPresent = false
                w.large.isPresent = true
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 30) { done == 1 }
            w.window.settle()
            #expect(done == 1)
            let largeFrame = CGRect(x: 150, y: 170, width: 300, height: 200)
            #expect(w.large.drawnFrame == largeFrame && !w.large.isMorphingGeometry)
            // The small card is hidden once the morph has ended, never before.
            #expect(gtk_widget_get_visible(w.small.widget) == 0)
            let drawn = frames.compactMap { t, b, _ in b.map { (t, $0) } }
            let first = try #require(drawn.first)
            let last = try #require(drawn.last)
            // First painted frame at the small card's frame, last at the large card's own (1 px: the
            // edges of a scaled area are antialiased into one more row or column).
            #expect(abs(first.1.minX - smallFrame.minX) <= 1 && abs(first.1.minY - smallFrame.minY) <= 1)
            #expect(abs(first.1.width - smallFrame.width) <= 1 && abs(first.1.height - smallFrame.height) <= 1)
            #expect(abs(last.1.minX - largeFrame.minX) <= 1 && abs(last.1.maxY - largeFrame.maxY) <= 1)
            for (_, pixels, model) in frames {
                guard let pixels, let model else { continue }
                // Each frame is drawn where the bin presents it: the near edges within 1 px (a partly
                // covered pixel is not counted); the far ones measured up to 1.3 px inside (the clip's
                // antialiasing at fractional edges as GSK renders it), so 1.5 px.
                #expect(abs(pixels.minX - model.minX) <= 1 && abs(pixels.minY - model.minY) <= 1, "\(pixels) vs \(model)")
                #expect(
                    abs(pixels.maxX - model.maxX) <= 1.5 && abs(pixels.maxY - model.maxY) <= 1.5, "\(pixels) vs \(model)")
                // And that is on the straight path from one card's frame to the other's: one fraction
                // of the way for all four edges (to rounding).
                let q = (model.minX - smallFrame.minX) / (largeFrame.minX - smallFrame.minX)
                let onPath = lerp(smallFrame, largeFrame, q)
                #expect(abs(onPath.minY - model.minY) < 1e-6 && abs(onPath.width - model.width) < 1e-6)
                #expect(abs(onPath.height - model.height) < 1e-6)
            }
            // The linear animation's fraction at each frame: the headless engine tests hold it; here,
            // frames in between exist. At least 3: how many of the 0.4 s are painted depends on the
            // machine's load (each one is read back whole; 6 were seen with two other builds running).
            #expect(drawn.filter { $0.1.width > 110 && $0.1.width < 290 }.count >= 3)
        }

        @Test("matched geometry reversed mid-flight continues from where it is drawn, and ends back at the start")
        func matchedGeometryReversal() throws {
            // Every painted frame advances time by 1/60 s: the frames counted below do not depend on
            // how fast this machine paints (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer { GtkFrameClock.fixedFrameRate = nil }
            let w = try HeroWindow()
            defer { w.window.close() }
            var frames: [(TimeInterval, CGRect?)] = []
            w.track(blue) { frames.append(($0, $1)) }
            animate(.spring(duration: 0.5)) {
                w.small.isPresent = false
                w.large.isPresent = true
            }
            // Part of the way: 12 frames (0.2 s) of the 0.5 s spring.
            var painted = 0
            let frameClock = gtk_widget_get_frame_clock(w.window.window)!
            let counter = GtkSignals.connect(frameClock, "after-paint") { painted += 1 }
            GtkRuntime.iterate(timeout: 30) { painted >= 12 }
            g_signal_handler_disconnect(UnsafeMutableRawPointer(frameClock), counter)
            let midway = try #require(w.small.drawnFrame)
            #expect(midway.width > 120 && midway.width < 290, "\(midway)")
            var done = 0
            animate(.spring(duration: 0.5)) {
                w.small.isPresent = true
                w.large.isPresent = false
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 30) { done == 1 && !w.small.isAnimating && !w.large.isAnimating }
            w.window.settle()
            #expect(w.small.drawnFrame == CGRect(x: 20, y: 30, width: 100, height: 100))
            #expect(gtk_widget_get_visible(w.large.widget) == 0 && gtk_widget_get_visible(w.small.widget) != 0)
            // The blue card (drawn above the red one at the same frame) moves continuously through the
            // reversal: a 0.5 s spring over at most 330 px of travel moves under 40 px a 60 Hz frame,
            // so under 2400 px/s times the time between painted frames (frames a loaded machine
            // drops widen the gap), plus 20 px.
            let timed = frames.compactMap { t, rect in rect.map { (t, $0) } }
            for (a, b) in zip(timed, timed.dropFirst()) {
                let bound = 2400 * (b.0 - a.0) + 20
                #expect(abs(b.1.minX - a.1.minX) < bound && abs(b.1.width - a.1.width) < bound, "\(a) → \(b)")
            }
            let drawn = timed.map(\.1)
            // It went out towards the large card's frame and came back to the small one's.
            #expect(drawn.contains { $0.width > 120 })
            #expect(drawn.last.map { abs($0.width - 100) <= 1 && abs($0.minX - 20) <= 1 } == true)
            // At rest only the small red card is drawn, at its own frame.
            let image = try #require(WidgetRenderer.image(of: w.window.window))
            #expect(drawnBounds(of: blue, in: image) == nil)
            #expect(drawnBounds(of: red, in: image) == CGRect(x: 20, y: 30, width: 100, height: 100))
        }

        @Test(
            "under reduced motion matched cards cross-fade in place, each at its own frame; an essential change morphs")
        func matchedGeometryReducedMotion() throws {
            MotionPreferences.reduceMotionOverride = true
            // Every painted frame 1/60 s on: the frames below are counted (`withFixedFrameRate`).
            GtkFrameClock.fixedFrameRate = 60
            defer {
                MotionPreferences.reduceMotionOverride = nil
                GtkFrameClock.fixedFrameRate = nil
            }
            // The cards' transitions: `.opacity`, a MotionBin's default.
            let w = try HeroWindow(transition: .opacity)
            defer { w.window.close() }
            let smallFrame = CGRect(x: 20, y: 30, width: 100, height: 100)
            let largeFrame = CGRect(x: 150, y: 170, width: 300, height: 200)
            // Per painted frame: where each card is drawn in pixels (`drawnBounds` counts pixels within
            // 0.1 of the colour: a card fading over the window is either all counted or not at all), the
            // bins' opacities, and whether either morphs.
            var frames: [(red: CGRect?, blue: CGRect?, small: Double, large: Double, morphing: Bool)] = []
            let toplevel = w.window.window
            w.window.record { _ in
                let image = WidgetRenderer.image(of: toplevel)
                frames.append(
                    (
                        image.flatMap { drawnBounds(of: red, in: $0) }, image.flatMap { drawnBounds(of: blue, in: $0) },
                        w.small.presentedOpacity, w.large.presentedOpacity,
                        w.small.isMorphingGeometry || w.large.isMorphingGeometry
                    ))
            }
            var done = 0
            animate(.spring(duration: 0.4, bounce: 0.3)) {
                w.small.isPresent = false
                w.large.isPresent = true
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 30) { done == 1 && !w.small.isAnimating && !w.large.isAnimating }
            w.window.settle()
            w.window.stopRecording()
            #expect(done == 1)
            #expect(!frames.contains { $0.morphing }, "a card morphed under reduced motion")
            // Neither card moves nor changes size: each is drawn at its own frame, or not at all.
            for frame in frames {
                #expect(frame.red == nil || frame.red == smallFrame, "red drawn at \(String(describing: frame.red))")
                #expect(
                    frame.blue == nil || frame.blue == largeFrame, "blue drawn at \(String(describing: frame.blue))")
            }
            // It cross-fades: frames with both partly opaque, without bounce (never past 0…1 and
            // monotonic: the spring lost its bounce).
            #expect(frames.contains { $0.small > 0.1 && $0.small < 0.9 && $0.large > 0.1 && $0.large < 0.9 })
            for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.large >= a.large && b.small <= a.small) }
            #expect(gtk_widget_get_visible(w.small.widget) == 0)

            // An essential change keeps its motion: the morph runs.
            var morphed = false
            w.window.record { _ in morphed = morphed || w.small.isMorphingGeometry || w.large.isMorphingGeometry }
            withEssentialAnimation(.spring(duration: 0.4)) {
                w.small.isPresent = true
                w.large.isPresent = false
            }
            GtkRuntime.iterate(timeout: 30) { !w.small.isAnimating && !w.large.isAnimating && morphed }
            #expect(morphed, "the essential change did not morph")
        }

        @Test("matched cards cross-fade through their transitions, and the completion waits for the morph")
        func matchedGeometryCrossFade() throws {
            let w = try HeroWindow(transition: .opacity)
            defer { w.window.close() }
            var opacities: [(small: Double, large: Double)] = []
            w.window.record { _ in opacities.append((w.small.presentedOpacity, w.large.presentedOpacity)) }
            var done = 0
            animate(.easeInOut(duration: 0.3)) {
                w.small.isPresent = false
                w.large.isPresent = true
            } completion: {
                done += 1
            }
            #expect(w.small.isMorphingGeometry == false)  // the morph starts after layout
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            #expect(!w.large.isMorphingGeometry && gtk_widget_get_visible(w.small.widget) == 0)
            // easeInOut is symmetric: the two opacities sum to 1 at every frame (±1/255, GTK's 8 bits
            // are not involved here: these are the presented model values, so rounding only).
            #expect(opacities.allSatisfy { abs($0.small + $0.large - 1) < accumulatedRounding })
            #expect(opacities.contains { $0.small > 0.2 && $0.small < 0.8 })
        }

        @Test("matched geometry without animation, or with no partner, swaps at once; bad ids unlink")
        func matchedGeometryEdges() throws {
            let w = try HeroWindow()
            defer { w.window.close() }
            w.small.isPresent = false
            w.large.isPresent = true
            w.window.settle()
            #expect(!w.large.isMorphingGeometry && gtk_widget_get_visible(w.small.widget) == 0)
            #expect(w.large.drawnFrame == CGRect(x: 150, y: 170, width: 300, height: 200))
            // Unlinked: an ordinary transition (identity: at once), no morph.
            w.small.matchedGeometry(id: nil, in: w.namespace)
            var done = 0
            animate(.smooth) {
                w.small.isPresent = true
                w.large.isPresent = false
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 2) { done == 1 }
            w.window.settle()
            #expect(!w.small.isMorphingGeometry && !w.large.isMorphingGeometry)
            #expect(gtk_widget_get_visible(w.large.widget) == 0)
        }
    }
}
