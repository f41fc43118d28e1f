import CUnisonGtkExamples
import Foundation
import Testing
import Unison
@_spi(Testing) import UnisonGtk
import UnisonTestSupport

extension GtkAdapterTests {
    /// `AnimatedObjectProperty`: numeric GObject properties animated by name, read back from GTK
    /// at each painted frame.
    @MainActor
    @Suite("GObject property target")
    struct PropertyTargetTests {
        @Test("a GtkAdjustment (not a widget) animates its value on a widget's clock")
        func adjustment() throws {
            let window = try TestWindow()
            defer { window.close() }
            let adjustment = gtk_adjustment_new(0, 0, 1000, 1, 10, 0)!
            g_object_ref_sink(UnsafeMutableRawPointer(adjustment))
            defer { g_object_unref(UnsafeMutableRawPointer(adjustment)) }
            #expect(throws: AnimatedObjectProperty.Failure.noFrameClock("value", type: "GtkAdjustment")) {
                try AnimatedObjectProperty(adjustment, property: "value")
            }
            let value = try AnimatedObjectProperty(
                adjustment, property: "value", clock: GtkFrameClock.for(window.window))
            #expect(value.value.value == 0 && value.name == "value")
            var samples: [(time: Double, value: Double)] = []
            window.record { t in samples.append((t, gtk_adjustment_get_value(adjustment))) }
            animate(.linear(duration: 0.3)) { value.value.value = 600 }
            #expect(runUntilIdle(value.value))
            window.settle()
            let start = try #require(samples.first?.time)
            for sample in samples {
                let p = min((sample.time - start) / 0.3, 1)
                // A double property holds the presented value exactly; 1e-9 of 600 covers the curve's
                // own rounding (a handful of operations at 1e-16 relative).
                #expect(abs(sample.value - 600 * p) < 1e-9, "t=\(sample.time - start)")
            }
            #expect(samples.count >= 10)
            #expect(gtk_adjustment_get_value(adjustment) == 600)
        }

        @Test("a widget's opacity (double) and a label's max-width-chars (int) follow the curve")
        func widgetProperties() throws {
            let window = try TestWindow()
            defer { window.close() }
            let box = window.colouredBox(red: 1, green: 0, blue: 0)
            let label = gtk_label_new("Some words to wrap")!
            gtk_fixed_put(unison_example_fixed(window.fixed), label, 100, 100)
            window.settle()
            let opacity = try AnimatedObjectProperty(box, property: "opacity")
            let width = try AnimatedObjectProperty(label, property: "max-width-chars")
            #expect(opacity.value.value == 1 && width.value.value == -1)
            var samples: [(time: Double, opacity: Double, width: Int32)] = []
            window.record { t in
                samples.append(
                    (t, gtk_widget_get_opacity(box), gtk_label_get_max_width_chars(unison_example_label(label))))
            }
            animate(.linear(duration: 0.3)) {
                opacity.value.value = 0.2
                width.value.value = 40
            }
            #expect(runUntilIdle(opacity.value) && runUntilIdle(width.value))
            window.settle()
            let start = try #require(samples.first?.time)
            for sample in samples {
                let p = min((sample.time - start) / 0.3, 1)
                #expect(
                    abs(sample.opacity - (1 - 0.8 * p)) <= GtkAdapterTests.opacityQuantum, "t=\(sample.time - start)")
                // Whole characters: the value at the frame, rounded.
                #expect(sample.width == Int32((-1 + 41 * p).rounded()), "t=\(sample.time - start)")
            }
            #expect(samples.count >= 10)
            #expect(
                gtk_widget_get_opacity(box) == 0.2 && gtk_label_get_max_width_chars(unison_example_label(label)) == 40)
        }

        @Test("values are brought within the property's GParamSpec bounds; integers are rounded")
        func bounds() throws {
            let window = try TestWindow()
            defer { window.close() }
            let label = gtk_label_new("x")!
            let bar = gtk_progress_bar_new()!
            let flow = gtk_flow_box_new()!
            for widget in [label, bar, flow] { gtk_fixed_put(unison_example_fixed(window.fixed), widget, 0, 0) }
            window.settle()
            let width = try AnimatedObjectProperty(label, property: "max-width-chars")  // int, -1...G_MAXINT
            let xalign = try AnimatedObjectProperty(label, property: "xalign")  // float, 0...1
            let fraction = try AnimatedObjectProperty(bar, property: "fraction")  // double, 0...1
            let perLine = try AnimatedObjectProperty(flow, property: "max-children-per-line")  // uint, 1...
            width.value.value = -100
            xalign.value.value = 0.25
            fraction.value.value = 5
            perLine.value.value = -5
            #expect(gtk_label_get_max_width_chars(unison_example_label(label)) == -1)
            #expect(gtk_label_get_xalign(unison_example_label(label)) == 0.25)
            #expect(gtk_progress_bar_get_fraction(unison_example_progress_bar(bar)) == 1)
            #expect(gtk_flow_box_get_max_children_per_line(OpaquePointer(flow)) == 1)
            width.value.value = 12.6
            xalign.value.value = 7
            fraction.value.value = -1e10
            perLine.value.value = 1e40
            #expect(gtk_label_get_max_width_chars(unison_example_label(label)) == 13)
            #expect(gtk_label_get_xalign(unison_example_label(label)) == 1)
            #expect(gtk_progress_bar_get_fraction(unison_example_progress_bar(bar)) == 0)
            #expect(gtk_flow_box_get_max_children_per_line(OpaquePointer(flow)) == 65535)  // its spec's maximum
            width.value.value = 1e40
            #expect(gtk_label_get_max_width_chars(unison_example_label(label)) == Int32.max)
            width.value.value = .nan  // ignored: the property keeps its value, GTK too
            #expect(
                width.value.value == 1e40 && gtk_label_get_max_width_chars(unison_example_label(label)) == Int32.max)
        }

        @Test("unknown, read-only and non-numeric properties are refused, naming the property and the type")
        func refused() throws {
            let window = try TestWindow()
            defer { window.close() }
            let label = gtk_label_new("x")!
            gtk_fixed_put(unison_example_fixed(window.fixed), label, 0, 0)
            #expect(throws: AnimatedObjectProperty.Failure.unknownProperty("no-such-thing", type: "GtkLabel")) {
                try AnimatedObjectProperty(label, property: "no-such-thing")
            }
            #expect(throws: AnimatedObjectProperty.Failure.notWritable("scale-factor", type: "GtkLabel")) {
                try AnimatedObjectProperty(label, property: "scale-factor")
            }
            #expect(
                throws: AnimatedObjectProperty.Failure.notNumeric("label", type: "GtkLabel", valueType: "gchararray")
            ) {
                try AnimatedObjectProperty(label, property: "label")
            }
            let description = AnimatedObjectProperty.Failure.notWritable("scale-factor", type: "GtkLabel").description
            #expect(description.contains("scale-factor") && description.contains("GtkLabel"))
        }
    }
}
