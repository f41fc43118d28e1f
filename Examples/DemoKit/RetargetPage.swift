import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// Click anywhere: the box springs there, and a click mid-flight bends its path with continuous
/// velocity (the trail shows it).
@MainActor
public final class RetargetPage: DemoPage {
    public let title = "Retargeting"
    public let root: UnsafeMutablePointer<GtkWidget>
    private let box: AnimatedWidget
    private var trail: [CGPoint] = []
    private let canvas: UnsafeMutablePointer<GtkWidget>
    private var tour: [CGPoint] = [CGPoint(x: 480, y: 60), CGPoint(x: 120, y: 300), CGPoint(x: 520, y: 320)]

    public init(context: DemoContext) {
        let fixed = UI.fixed(width: 640, height: 400)
        canvas = gtk_drawing_area_new()!
        gtk_widget_set_size_request(canvas, 640, 400)
        gtk_fixed_put(unison_example_fixed(fixed), canvas, 0, 0)
        let (tile, _) = UI.tile(size: 40, colour: .demoBlue, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(fixed), tile, 60, 180)
        box = AnimatedWidget(tile, clock: context.clock)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Retargeting: click anywhere, several times, quickly", bold: true), fixed,
            ])
        trailProbe = AnimatableProperty(CGPoint(x: 60, y: 180), clock: context.clock)
        let click = gtk_gesture_click_new()!
        GtkSignals.connectPressed(UnsafeMutableRawPointer(click), "pressed") { [unowned self] _, x, y in
            send(to: CGPoint(x: x - 20, y: y - 20))
        }
        gtk_widget_add_controller(fixed, click)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, _, _, data in
            let page = Unmanaged<RetargetPage>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { page.drawTrail(cr!) }
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(canvas), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
        let canvasWidget = canvas
        // Record the presented position each frame for the trail.
        trailProbe = AnimatableProperty(CGPoint(x: 60, y: 180), clock: context.clock) { [weak self] point in
            guard let self else { return }
            trail.append(point)
            if trail.count > 240 { trail.removeFirst(trail.count - 240) }
            gtk_widget_queue_draw(canvasWidget)
        }
    }

    private var trailProbe: AnimatableProperty<CGPoint>

    func send(to point: CGPoint) {
        withAnimation(.spring(duration: 0.9, bounce: 0.15)) {
            box.position = point
            trailProbe.value = point
        }
    }

    /// The tour: three clicks 0.3 s apart, each retargeting the flight in progress.
    public func play() {
        trail.removeAll()
        send(to: tour[0])
        for (index, point) in tour.dropFirst().enumerated() {
            GtkRuntime.after(0.3 * Double(index + 1)) { [weak self] in self?.send(to: point) }
        }
    }

    public var isAtTarget: Bool {
        !box.positionProperty.isAnimating && box.positionProperty.presentationValue == box.position
    }

    private func drawTrail(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.98)
        cairo_paint(cr)
        guard trail.count > 1 else { return }
        cairo_set_source_rgba(cr, 0.21, 0.47, 0.91, 0.5)
        cairo_set_line_width(cr, 3)
        for (i, p) in trail.enumerated() {
            if i == 0 {
                cairo_move_to(cr, Double(p.x) + 20, Double(p.y) + 20)
            } else {
                cairo_line_to(cr, Double(p.x) + 20, Double(p.y) + 20)
            }
        }
        cairo_stroke(cr)
    }
}
