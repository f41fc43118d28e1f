import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The gesture guide's zoomable image: pinch to zoom (a touchscreen's two fingers or a
/// touchpad's pinch, through `GtkGestureZoom`); released outside 1×...4×, the scale springs
/// back into range starting with the pinch's own speed, so a pinch still spreading past 4×
/// carries on a little before it settles. The buttons play a pinch through the same recognizer, for
/// machines without a touchpad.
///
/// The SwiftUI original keeps `lastScale` and multiplies it by the pinch's magnification; the
/// port does the same, and hands the pinch's velocity (scale per second) to the spring.
@MainActor
public final class ZoomPage: DemoPage {
    public let title = "Pinch to zoom"
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The image.
    let photo: AnimatedWidget
    /// The scale the next pinch starts from (the SwiftUI original's `lastScale`).
    private(set) var lastScale = 1.0
    /// The scale range a released pinch springs back into.
    let range = 1.0...4.0
    private let status: UnsafeMutablePointer<GtkWidget>
    private var pinch: WidgetGesture<MagnifyRecognizer>!
    /// Pinches played by the buttons and the tour (their own time base).
    private let played = GestureHandler(MagnifyRecognizer())
    private let script = GestureScript()

    public init(context: DemoContext) {
        let fixed = UI.fixed(width: 640, height: 360)
        gtk_widget_set_overflow(fixed, GTK_OVERFLOW_HIDDEN)  // a zoomed image stays in its frame
        let image = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(image), 160)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(image), 100)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in ZoomPage.drawLandscape(cr!, width, height) }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(image), draw, nil, nil)
        gtk_fixed_put(unison_example_fixed(fixed), image, 240, 130)
        photo = AnimatedWidget(image, clock: context.clock)
        status = UI.label("Pinch the picture (touchpad or touchscreen), or use the buttons")
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, [])
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Pinch to zoom: clamped to 1×...4×, springing back with the pinch's speed", bold: true),
                fixed, buttons, status,
            ])
        gtk_box_append(
            unison_example_box(buttons), UI.button("Pinch out past 4× (to 5×)") { [unowned self] in pinch(to: 5) })
        gtk_box_append(unison_example_box(buttons), UI.button("Pinch in (to ½×)") { [unowned self] in pinch(to: 0.5) })
        gtk_box_append(unison_example_box(buttons), UI.button("Pinch to 2×") { [unowned self] in pinch(to: 2) })
        pinch = WidgetGesture(on: fixed, MagnifyRecognizer())
        for handler in [pinch.handler, played] {
            handler.onChanged = { [unowned self] value in changed(value) }
            handler.onEnded = { [unowned self] value in ended(value) }
            handler.onCancelled = { [unowned self] in settle(velocity: 0) }
        }
    }

    private func changed(_ value: MagnifyRecognizer.Value) {
        // As the original: the scale follows the fingers directly.
        let scale = lastScale * value.magnification
        photo.scale = CGSize(width: scale, height: scale)
    }

    private func ended(_ value: MagnifyRecognizer.Value) {
        // The image's scale changes at lastScale × the pinch's rate.
        settle(velocity: lastScale * value.velocity)
    }

    /// Clamps the scale into `range` with a spring that starts at `velocity` (scale per second).
    private func settle(velocity: Double) {
        let scale = photo.scale.width
        let clamped = min(max(scale, range.lowerBound), range.upperBound)
        lastScale = clamped
        gtk_label_set_text(
            unison_example_label(status),
            String(
                format: "released at %.2f×, %+.1f×/s: %@", scale, velocity,
                clamped == scale ? "in range, stays" : String(format: "springs back to %.0f×", clamped)))
        guard clamped != scale else { return }
        photo.scaleProperty.handOff(velocity: CGSize(width: velocity, height: velocity).animatableData)
        animate(.spring(duration: 0.6, bounce: 0.2)) { photo.scale = CGSize(width: clamped, height: clamped) }
    }

    /// Plays a pinch from the current scale to `target` over 0.6 s at a steady rate, through the
    /// same recognizer as real pinches.
    func pinch(to target: Double) {
        let ratio = target / lastScale
        let center = CGPoint(x: 320, y: 180)
        var events = [GestureEvent(.magnification(.began, scale: 1, center: center), at: 0)]
        for step in 1...36 {
            let p = Double(step) / 36
            events.append(
                GestureEvent(.magnification(.changed, scale: 1 + (ratio - 1) * p, center: center), at: 0.6 * p))
        }
        events.append(GestureEvent(.magnification(.ended, scale: ratio, center: center), at: 0.6))
        script.play(events, into: played)
    }

    public func play() {
        pinch(to: lastScale > 1 ? 0.5 : 5)
    }

    public var isAtTarget: Bool {
        !script.isRunning && !photo.scaleProperty.isAnimating
            && photo.scaleProperty.presentationValue == photo.scale
    }

    /// A small landscape: sky, sun, hills.
    nonisolated static func drawLandscape(_ cr: OpaquePointer, _ width: Int32, _ height: Int32) {
        let w = Double(width)
        let h = Double(height)
        let sky = cairo_pattern_create_linear(0, 0, 0, h)
        cairo_pattern_add_color_stop_rgb(sky, 0, 0.36, 0.62, 0.93)
        cairo_pattern_add_color_stop_rgb(sky, 1, 0.80, 0.90, 0.98)
        cairo_set_source(cr, sky)
        cairo_paint(cr)
        cairo_pattern_destroy(sky)
        cairo_set_source_rgb(cr, 0.98, 0.80, 0.25)
        cairo_arc(cr, w * 0.75, h * 0.3, h * 0.14, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.22, 0.58, 0.32)
        cairo_move_to(cr, 0, h * 0.75)
        cairo_curve_to(cr, w * 0.3, h * 0.45, w * 0.55, h * 0.95, w, h * 0.6)
        cairo_line_to(cr, w, h)
        cairo_line_to(cr, 0, h)
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}
