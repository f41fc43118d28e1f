import CUnisonGtk
import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    @MainActor
    @Suite("Seeking a content transition")
    struct ContentSeekingGtkTests {
        /// A large `.numericText()` counter showing "41" in a window, laid out and painted.
        static func counter(in window: TestWindow) -> ContentLabel {
            let counter = ContentLabel(text: "41", contentTransition: .numericText())
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_scale_new(4))
            gtk_label_set_attributes(unison_example_label(counter.label), attributes)
            pango_attr_list_unref(attributes)
            gtk_fixed_put(unison_example_fixed(window.fixed), counter.widget, 20, 20)
            window.settle()
            return counter
        }

        static func labelText(_ counter: ContentLabel) -> String {
            String(cString: gtk_label_get_text(OpaquePointer(counter.label)))
        }

        @Test("a seek paints the roll at that progress: 0 is the old text, 1 the new, between the old digit rises")
        func seekPaintsTheProgress() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = Self.counter(in: window)
            let old = try #require(WidgetRenderer.image(of: counter.widget))
            let half = old.width / 2
            let reference = try #require(inkCentroid(old, half..<old.width))

            counter.seek(to: 0, toward: "42")
            #expect(counter.isSeeking && counter.text == "41" && counter.seekTarget == "42")
            #expect(Self.labelText(counter) == "42", "the GtkLabel draws the new text under the old")
            window.settle()  // laid out again with its new text (a seek stands still meanwhile)
            #expect(counter.transitionProgress == 0)
            let atZero = try #require(WidgetRenderer.image(of: counter.widget))
            // 1/255 per channel: 8-bit pixels.
            #expect(columnsMatch(atZero, old, 0..<old.width, tolerance: 1.5 / 255), "progress 0 paints 41")

            // A quarter of the way: the old 1 (three quarters opaque) a quarter of a line up, the new 2
            // mostly below and faint; the 4 where it was.
            counter.seek(to: 0.25, toward: "42")
            window.settle()
            let quarter = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(columnsMatch(quarter, old, 0..<half, tolerance: 1.5 / 255), "the 4 stays")
            let rising = try #require(inkCentroid(quarter, half..<quarter.width))
            // A line is about 70 px at this size: a quarter of it up is about 17 px; the faint new
            // digit a line lower pulls the centroid back by a few. 4 px is well clear of both.
            #expect(rising < reference - 4, "the old digit has moved up: \(rising) vs \(reference)")

            // A seek back towards 41 counts from the other side: 0.75 towards 41 is the same picture.
            counter.seek(to: 0.75, toward: "41")
            window.settle()
            let back = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(columnsMatch(back, quarter, 0..<old.width, tolerance: 1.5 / 255))
            #expect(counter.seekTarget == "41" && counter.text == "41")

            counter.seek(to: 1, toward: "42")
            window.settle()
            let atOne = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(!columnsMatch(atOne, old, half..<old.width, tolerance: 0.05), "progress 1 paints 42")

            // Cancelled: springs back to 41, the GtkLabel is given 41 again, nothing is drawn over it.
            counter.cancelSeeking(velocity: -1)
            #expect(counter.text == "41" && !counter.isSeeking && counter.isTransitioning)
            GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
            window.settle()
            #expect(!counter.isTransitioning && Self.labelText(counter) == "41")
            let cancelled = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(columnsMatch(cancelled, old, 0..<old.width, tolerance: 1.5 / 255), "41 as before")
        }

        @Test("finishing commits the new text; a grab mid-commit takes it over where it is painted")
        func finishAndGrab() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = Self.counter(in: window)
            let old = try #require(WidgetRenderer.image(of: counter.widget))
            counter.seek(to: 0.2, toward: "42")
            counter.finishSeeking(velocity: 0.5, animation: .linear(duration: 2))
            #expect(counter.text == "42" && !counter.isSeeking)
            GtkRuntime.iterate(timeout: 3) { (counter.transitionProgress ?? 0) > 0.4 }
            let progress = try #require(counter.transitionProgress)
            let before = try #require(WidgetRenderer.image(of: counter.widget))
            let grabbed = counter.seekProgress(toward: "42")
            #expect(abs(grabbed - progress) < 1e-12)
            counter.seek(to: grabbed, toward: "42")
            #expect(counter.isSeeking && counter.transitionProgress == progress, "no jump")
            // The seek stands still: frames go by, the picture stays that of the moment of the grab.
            window.settle()
            #expect(counter.transitionProgress == progress)
            let after = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(columnsMatch(before, after, 0..<old.width, tolerance: 1.5 / 255), "painted the same")
            counter.finishSeeking(velocity: 2)
            GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
            window.settle()
            #expect(counter.text == "42" && Self.labelText(counter) == "42" && !counter.isTransitioning)
            let done = try #require(WidgetRenderer.image(of: counter.widget))
            #expect(columnsMatch(done, old, 0..<old.width / 2, tolerance: 1.5 / 255), "the 4 as before")
            #expect(!columnsMatch(done, old, old.width / 2..<old.width, tolerance: 0.05), "42")
        }

        @Test("a text set while a cancelled seek rolls back: the roll ends at the old text, then the new one is shown")
        func textSetDuringACancel() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = Self.counter(in: window)
            counter.seek(to: 0.6, toward: "42")
            counter.cancelSeeking(animation: .linear(duration: 2))
            GtkRuntime.iterate(timeout: 3) { (counter.transitionProgress ?? 1) < 0.45 }
            #expect(counter.isTransitioning && counter.text == "41")
            animate(.smooth) { counter.text = "43" }
            #expect(counter.text == "43" && !counter.isSeeking)
            GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
            window.settle()
            #expect(!counter.isTransitioning && counter.text == "43" && Self.labelText(counter) == "43")
            // Setting it back to 41 rolls as any change does once the label has been laid out.
            animate(.smooth) { counter.text = "41" }
            #expect(counter.isTransitioning)
            GtkRuntime.iterate(timeout: 3) { !counter.isTransitioning }
            #expect(Self.labelText(counter) == "41")
        }

        @Test("bad input: NaN is ignored, the text shown is no seek, setting the text ends a seek there")
        func badInputAndSettingText() throws {
            let window = try TestWindow(width: 300, height: 160)
            defer { window.close() }
            let counter = Self.counter(in: window)
            counter.seek(to: .nan, toward: "42")
            counter.seek(to: 0.5, toward: "41")
            counter.finishSeeking(velocity: .infinity)
            #expect(!counter.isSeeking)
            #expect(!counter.isTransitioning)
            #expect(Self.labelText(counter) == "41")
            counter.seek(to: 7, toward: "42")
            #expect(counter.transitionProgress == 1)
            counter.seek(to: .nan, toward: "42")
            #expect(counter.transitionProgress == 1)
            counter.text = "41"  // unanimated: the seek is cancelled at once
            #expect(!counter.isSeeking && !counter.isTransitioning && Self.labelText(counter) == "41")
            counter.seek(to: 0.5, toward: "42")
            counter.text = "42"
            #expect(!counter.isTransitioning && counter.text == "42" && Self.labelText(counter) == "42")
            // Not on screen: nothing to seek.
            gtk_widget_set_visible(counter.widget, 0)
            counter.seek(to: 0.5, toward: "43")
            #expect(!counter.isSeeking && counter.text == "42")
        }
    }
}
