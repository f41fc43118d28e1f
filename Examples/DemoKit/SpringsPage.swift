import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// One tile per spring preset and a custom spring (duration and bounce sliders), an Animate
/// button, and a live plot of the custom spring's value and velocity drawn with cairo.
@MainActor
public final class SpringsPage: DemoPage {
    public let title = "Springs"
    public let root: UnsafeMutablePointer<GtkWidget>
    private var tiles: [(name: String, widget: AnimatedWidget, animation: () -> Animation)] = []
    private var customDuration = 0.6
    private var customBounce = 0.4
    private var outward = false
    private var history: [(time: Double, value: Double)] = []
    private let plot: UnsafeMutablePointer<GtkWidget>
    private let context: DemoContext

    public init(context: DemoContext) {
        self.context = context
        let lane = UI.fixed(width: 620, height: 250)
        plot = gtk_drawing_area_new()!
        gtk_widget_set_size_request(plot, 620, 170)
        var rows: [(String, () -> Animation)] = []
        rows.append(("smooth", { .smooth }))
        rows.append(("snappy", { .snappy }))
        rows.append(("bouncy", { .bouncy }))
        rows.append(("interactiveSpring", { .interactiveSpring }))
        rows.append(("custom", { .spring() }))  // replaced below by the sliders' spring
        root = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 10, [])
        for (index, row) in rows.enumerated() {
            let y = Double(index * 48 + 8)
            gtk_fixed_put(unison_example_fixed(lane), UI.label(row.0), 0, y + 8)
            let (tile, _) = UI.tile(size: 36, colour: index == 4 ? .demoAmber : .demoBlue, clock: context.clock)
            gtk_fixed_put(unison_example_fixed(lane), tile, 150, y)
            tiles.append((row.0, AnimatedWidget(tile, clock: context.clock), row.1))
        }
        gtk_box_append(unison_example_box(root), UI.label("Springs and presets", bold: true))
        gtk_box_append(unison_example_box(root), lane)
        tiles[4].animation = { [unowned self] in .spring(duration: customDuration, bounce: customBounce) }
        // Record the custom spring's progress each frame it moves, for the plot.
        let plotArea = plot
        let clock = context.clock
        probe = AnimatableProperty(0.0, clock: clock) { [unowned self] value in
            history.append((clock.now, value))
            if history.count > 400 { history.removeFirst(history.count - 400) }
            gtk_widget_queue_draw(plotArea)
        }
        let controls = UI.box(
            GTK_ORIENTATION_HORIZONTAL, spacing: 12,
            [
                UI.button("Animate") { [unowned self] in play() },
                UI.label("custom duration"),
                UI.slider(from: 0.1, to: 2, step: 0.05, value: customDuration) { [unowned self] in
                    customDuration = $0; redraw()
                },
                UI.label("bounce"),
                UI.slider(from: -0.5, to: 0.9, step: 0.05, value: customBounce) { [unowned self] in
                    customBounce = $0; redraw()
                },
            ])
        gtk_box_append(unison_example_box(root), controls)
        gtk_box_append(unison_example_box(root), plot)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let page = Unmanaged<SpringsPage>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { page.drawPlot(cr!, Double(width), Double(height)) }
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(plot), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private var probe: AnimatableProperty<Double>!

    private func redraw() { gtk_widget_queue_draw(plot) }

    public func play() {
        outward.toggle()
        history.removeAll()
        for tile in tiles {
            withAnimation(tile.animation()) {
                tile.widget.translation = CGPoint(x: outward ? 400 : 0, y: 0)
            }
        }
        withAnimation(tiles[4].animation()) { probe.value = outward ? 1 : 0 }
    }

    public var isAtTarget: Bool {
        tiles.allSatisfy {
            !$0.widget.translationProperty.isAnimating
                && $0.widget.translationProperty.presentationValue == $0.widget.translation
        }
    }

    /// The analytic value (solid) and velocity (dashed) of the custom spring, and the live samples.
    private func drawPlot(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.98)
        cairo_paint(cr)
        let spring = Spring(duration: customDuration, bounce: customBounce)
        let span = max(1.5, spring.settlingDuration.isFinite ? min(spring.settlingDuration, 4) : 4)
        let top = 10.0, bottom = height - 20
        func y(_ v: Double) -> Double { bottom - (v + 0.4) / 1.9 * (bottom - top) }
        cairo_set_source_rgb(cr, 0.8, 0.8, 0.8)
        cairo_move_to(cr, 0, y(1))
        cairo_line_to(cr, width, y(1))
        cairo_move_to(cr, 0, y(0))
        cairo_line_to(cr, width, y(0))
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        let peakVelocity = (0...200).map { abs(spring.velocity(target: 1.0, time: span * Double($0) / 200)) }.max() ?? 1
        cairo_set_line_width(cr, 2)
        for (index, velocity) in [false, true].enumerated() {
            cairo_set_source_rgb(cr, index == 0 ? 0.21 : 0.88, index == 0 ? 0.47 : 0.24, index == 0 ? 0.91 : 0.22)
            for i in 0...300 {
                let t = span * Double(i) / 300
                let v =
                    velocity ? spring.velocity(target: 1.0, time: t) / peakVelocity : spring.value(target: 1.0, time: t)
                let px = width * Double(i) / 300
                if i == 0 { cairo_move_to(cr, px, y(v)) } else { cairo_line_to(cr, px, y(v)) }
            }
            cairo_stroke(cr)
        }
        // Live samples of the last animation (value, as dots), on the same time axis.
        if let first = history.first {
            cairo_set_source_rgb(cr, 0.95, 0.65, 0.15)
            for sample in history {
                let progress = outward ? sample.value : 1 - sample.value
                let px = width * (sample.time - first.time) / span
                cairo_arc(cr, px, y(progress), 3, 0, 2 * .pi)
                cairo_fill(cr)
            }
        }
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3)
        cairo_move_to(cr, 6, height - 5)
        cairo_show_text(
            cr,
            "custom spring: value (blue), velocity (red, scaled), live frames (amber); k = \(String(format: "%.1f", spring.stiffness)), c = \(String(format: "%.2f", spring.damping))"
        )
    }
}
