import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// One `animate` call drives GTK widgets of different kinds and a headless value, in step.
@MainActor
public final class SyncPage: DemoPage {
    public let title = "Mixed sync"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let tile: AnimatedWidget
    private let bar: AnimatedProgressBar
    private let slider: AnimatedRange
    private let dial: AnimatedDrawing<Double>
    private let headless: AnimatableProperty<Double>
    private var full = false

    public init(context: DemoContext) {
        let lane = UI.fixed(width: 640, height: 60)
        let (square, _) = UI.tile(size: 40, colour: .demoBlue, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(lane), square, 0, 10)
        tile = AnimatedWidget(square, clock: context.clock)
        let progress = gtk_progress_bar_new()!
        gtk_widget_set_size_request(progress, 600, -1)
        bar = AnimatedProgressBar(progress, clock: context.clock)
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 1)!
        gtk_widget_set_size_request(scale, 600, -1)
        slider = AnimatedRange(scale, clock: context.clock)
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, 140, 140)
        dial = AnimatedDrawing(area, initial: 0.0, clock: context.clock) { cr, width, height, progress in
            let (cx, cy, r) = (Double(width) / 2, Double(height) / 2, Double(min(width, height)) / 2 - 8)
            cairo_set_line_width(cr, 10)
            cairo_set_source_rgb(cr, 0.88, 0.88, 0.9)
            cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
            cairo_stroke(cr)
            cairo_set_source_rgb(cr, 0.18, 0.66, 0.42)
            cairo_arc(cr, cx, cy, r, -.pi / 2, -.pi / 2 + 2 * .pi * progress)
            cairo_stroke(cr)
        }
        let readout = UI.label("headless value: 0.000")
        // A value with no widget of its own, on the same clock; a label shows it.
        headless = AnimatableProperty(0.0, clock: context.clock) { value in
            gtk_label_set_text(unison_example_label(readout), String(format: "headless value: %.3f", value))
        }
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 12,
            [
                UI.label(
                    "Mixed sync: a box, a progress bar, a scale, a drawing area and a headless value, one animate call",
                    bold: true),
                lane, progress, scale, UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 24, [area, readout]),
            ])
        gtk_box_append(unison_example_box(root), UI.button("Animate") { [unowned self] in play() })
    }

    public func play() {
        full.toggle()
        let p = full ? 1.0 : 0.0
        animate(.snappy(duration: 0.9)) {
            tile.translation = CGPoint(x: 560 * p, y: 0)
            bar.fraction.value = p
            slider.value.value = 100 * p
            dial.value.value = p
            headless.value = p
        }
    }

    public var isAtTarget: Bool {
        !headless.isAnimating && headless.presentationValue == headless.value && !bar.fraction.isAnimating
            && !tile.translationProperty.isAnimating
    }
}
