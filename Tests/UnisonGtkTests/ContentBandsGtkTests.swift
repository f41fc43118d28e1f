import CUnisonGtk
import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    /// A content transition's bands are worked out once per change and kept from frame to frame:
    /// these paint a change after what they were worked out from has changed.
    @MainActor
    @Suite("Content transition bands")
    struct ContentBandsGtkTests {
        /// Draws `counter`'s label `scale` times its font size.
        static func setScale(_ counter: ContentLabel, _ scale: Double) {
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_scale_new(scale))
            gtk_label_set_attributes(unison_example_label(counter.label), attributes)
            pango_attr_list_unref(attributes)
        }

        /// Seeks `counter` (made, then `prepare`d) nearly to "42" (the old text fully faded, the new
        /// one a hair from its place), makes `change`, seeks a hair further and paints it; then ends the seek at once and paints the label
        /// as it draws "42". The two pictures match only if the bands drawn mid-change are those
        /// of the label's layout after `change`.
        static func paintsAfter(
            preparing prepare: (ContentLabel) -> Void = { _ in }, _ change: (ContentLabel) -> Void
        ) throws -> Bool {
            let window = try TestWindow(width: 400, height: 200)
            defer { window.close() }
            let counter = ContentSeekingGtkTests.counter(in: window)
            prepare(counter)
            window.settle()
            counter.seek(to: 0.9999, toward: "42")
            window.settle()
            change(counter)
            window.settle()
            // A frame of the change after it (a seek stands still: no frame draws it otherwise).
            counter.seek(to: 0.99995, toward: "42")
            window.settle()
            #expect(counter.isSeeking && counter.transitionProgress == 0.99995)
            let during = try #require(WidgetRenderer.image(of: counter.widget))
            counter.text = "42"  // outside an animated transaction: the seek ends there at once
            window.settle()
            #expect(!counter.isTransitioning)
            let after = try #require(WidgetRenderer.image(of: counter.widget))
            // A ten-thousandth of a line (under 0.01 px) moves an edge's pixels by a few 1/255.
            return columnsMatch(during, after, 0..<after.width, tolerance: 6 / 255)
        }

        @Test("a font change mid-change: the bands are those of the new layout, nothing of the text clipped")
        func fontChange() throws {
            #expect(try Self.paintsAfter { Self.setScale($0, 6) }, "larger")
            #expect(try Self.paintsAfter { Self.setScale($0, 2.5) }, "smaller")
        }

        @Test("a change of the label's size or alignment mid-change: the bands follow it")
        func sizeAndAlignmentChange() throws {
            #expect(
                try Self.paintsAfter { counter in
                    gtk_widget_set_size_request(counter.label, 260, -1)
                    gtk_label_set_xalign(OpaquePointer(counter.label), 1)
                }, "right-aligned in a wider label")
            #expect(
                try Self.paintsAfter { counter in
                    gtk_widget_set_size_request(counter.label, 260, -1)
                    gtk_label_set_xalign(OpaquePointer(counter.label), 0)
                }, "left-aligned in a wider label")
            // The alignment alone (the label's size stays): its layout moves within it.
            #expect(
                try Self.paintsAfter(preparing: { gtk_widget_set_size_request($0.label, 260, -1) }) { counter in
                    gtk_label_set_xalign(OpaquePointer(counter.label), 1)
                }, "right-aligned")
            #expect(
                try Self.paintsAfter(preparing: { gtk_widget_set_size_request($0.label, 260, -1) }) { counter in
                    gtk_label_set_xalign(OpaquePointer(counter.label), 0)
                }, "left-aligned")
        }
    }
}
