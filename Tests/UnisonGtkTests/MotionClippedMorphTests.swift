import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    @MainActor
    @Suite("Matched geometry out of a clipping container")
    struct MotionClippedMorphTests {
        @Test("a morph out of a GtkFixed (which clips its children) is drawn outside it, where the bin presents it")
        func morphLeavesFixed() throws {
            let window = try TestWindow(width: 480, height: 400)
            defer { window.close() }
            // The red card fills a 120 × 120 GtkFixed at (20, 30); its partner, drawing nothing of
            // its own (transparent), waits at (150, 170) in the window's fixed.
            let inner = gtk_fixed_new()!
            gtk_widget_set_size_request(inner, 120, 120)
            gtk_fixed_put(unison_example_fixed(window.fixed), inner, 20, 30)
            let namespace = GeometryNamespace()
            let small = MotionBin(
                child: colouredArea(red: 1, green: 0, blue: 0, width: 100, height: 100), transition: .identity)
            gtk_fixed_put(unison_example_fixed(inner), small.widget, 0, 0)
            let clear = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(unison_example_drawing_area(clear), 300)
            gtk_drawing_area_set_content_height(unison_example_drawing_area(clear), 200)
            let large = MotionBin(child: clear, transition: .identity, isPresent: false)
            gtk_fixed_put(unison_example_fixed(window.fixed), large.widget, 150, 170)
            small.matchedGeometry(id: "card", in: namespace)
            large.matchedGeometry(id: "card", in: namespace)
            window.settle(0.2)
            let fixedBounds = CGRect(x: 20, y: 30, width: 120, height: 120)
            let windowChildren = Self.childCount(of: window.window)
            // Per painted frame: where red is drawn, and where the small bin presents its morph.
            var frames: [(pixels: CGRect?, model: CGRect?)] = []
            let toplevel = window.window
            window.record { _ in
                let pixels = WidgetRenderer.image(of: toplevel).flatMap { drawnBounds(of: red, in: $0) }
                frames.append((pixels, small.isMorphingGeometry ? small.drawnFrame : nil))
            }
            var done = 0
            animate(.linear(duration: 0.8)) {
                small.isPresent = false
                large.isPresent = true
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 3) { done == 1 }
            window.settle()
            #expect(done == 1)
            // Frames whose morph frame reaches well outside the fixed: red is drawn there, at the
            // presented frame (1 px near edges, 1.5 px far edges: antialiasing, as in the
            // matched-geometry tests).
            let outside = frames.filter { frame in
                guard let model = frame.model else { return false }
                return model.maxX > fixedBounds.maxX + 10 && model.maxY > fixedBounds.maxY + 10
            }
            // At least 3 of the 0.8 s (each frame is read back whole; a loaded machine paints fewer).
            #expect(outside.count >= 3, "frames with the morph outside the fixed: \(outside.count)")
            for frame in outside {
                let model = try #require(frame.model)
                let pixels = try #require(frame.pixels, "nothing red drawn for \(model)")
                // Pixel bounds of an antialiased, scaled drawing: one pixel at the near edge; the far edge
                // also carries the scale's rounding of the width (half a pixel at these sizes).
                let near = abs(pixels.minX - model.minX) <= 1 && abs(pixels.minY - model.minY) <= 1
                let far = abs(pixels.maxX - model.maxX) <= 1.5 && abs(pixels.maxY - model.maxY) <= 1.5
                #expect(near && far, "\(pixels) vs \(model)")
            }
            // Once over, nothing red is left, and the window has no extra child left.
            let image = try #require(WidgetRenderer.image(of: toplevel))
            #expect(drawnBounds(of: red, in: image) == nil)
            #expect(Self.childCount(of: toplevel) == windowChildren)
        }

        @Test("a window destroyed during a morph drawn by its layer: nothing is left behind, completions run once")
        func windowDestroyedMidMorph() throws {
            let window = try TestWindow(width: 480, height: 400)
            let inner = gtk_fixed_new()!
            gtk_widget_set_size_request(inner, 120, 120)
            gtk_fixed_put(unison_example_fixed(window.fixed), inner, 20, 30)
            let namespace = GeometryNamespace()
            let small = MotionBin(child: colouredArea(red: 1, green: 0, blue: 0, width: 100, height: 100))
            gtk_fixed_put(unison_example_fixed(inner), small.widget, 0, 0)
            let large = MotionBin(
                child: colouredArea(red: 0, green: 0, blue: 1, width: 300, height: 200), isPresent: false)
            gtk_fixed_put(unison_example_fixed(window.fixed), large.widget, 150, 170)
            small.matchedGeometry(id: "card", in: namespace)
            large.matchedGeometry(id: "card", in: namespace)
            window.settle(0.2)
            let children = Self.childCount(of: window.window)
            var done = 0
            animate(.linear(duration: 1)) {
                small.isPresent = false
                large.isPresent = true
            } completion: {
                done += 1
            }
            GtkRuntime.iterate(timeout: 0.3)
            #expect(small.isMorphingGeometry && done == 0)
            #expect(Self.childCount(of: window.window) == children + 1)  // the morph's layer
            window.close()
            GtkRuntime.iterate(timeout: 2) { done == 1 }
            #expect(done == 1)
            #expect(!small.isMorphingGeometry)
        }

        static func childCount(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
            var count = 0
            var child = gtk_widget_get_first_child(widget)
            while let next = child {
                count += 1
                child = gtk_widget_get_next_sibling(next)
            }
            return count
        }
    }
}
