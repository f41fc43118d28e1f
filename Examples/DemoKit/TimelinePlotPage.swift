import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// A keyframe timeline plotted: its value and velocity over its whole duration (from
/// `value(time:)` and `velocity(time:)`), the keyframes' joins, and, when it plays on a
/// property, the frames actually presented, on the curve. A tile rides the same value.
@MainActor
public final class TimelinePlotPage: DemoPage {
    public let title = "Keyframe timeline"
    public let root: UnsafeMutablePointer<GtkWidget>

    /// One track of every kind: linear with a timing curve, cubic (Catmull-Rom slopes where no
    /// velocity is given), a move, and a spring that settles.
    public static let timeline = KeyframeTimeline(initialValue: 0.0) {
        LinearKeyframe(0.35, duration: 0.3, timingCurve: .easeOut)
        CubicKeyframe(1.0, duration: 0.3)
        CubicKeyframe(0.55, duration: 0.25)
        CubicKeyframe(0.8, duration: 0.2)
        MoveKeyframe(0.3)
        SpringKeyframe(1.0, spring: .bouncy)
    }
    /// The ends of the keyframes, in seconds (the spring's is its settling duration).
    public static let joins: [Double] = {
        var t = 0.0
        return [0.3, 0.3, 0.25, 0.2, 0].map {
            t += $0; return t
        }
    }()

    private let clock: GtkFrameClock
    private let plot: UnsafeMutablePointer<GtkWidget>
    private let tile: AnimatedWidget
    public private(set) var probe: AnimatableProperty<Double>!
    public private(set) var animator: KeyframeAnimator<Double>!
    /// The frames presented during the last play: time since its first frame, value, velocity.
    public private(set) var samples: [(time: Double, value: Double, velocity: Double)] = []
    private var firstFrameTime: gint64?

    public init(context: DemoContext) {
        clock = context.clock
        let lane = UI.fixed(width: 640, height: 60)
        let (tileWidget, _) = UI.tile(size: 40, colour: .demoAmber, clock: context.clock)
        gtk_fixed_put(unison_example_fixed(lane), tileWidget, 20, 10)
        tile = AnimatedWidget(tileWidget, clock: context.clock)
        plot = gtk_drawing_area_new()!
        gtk_widget_set_size_request(plot, 680, 300)
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label(
                    "Keyframe timeline: value and velocity of Linear, Cubic, Move and Spring keyframes", bold: true),
                lane, plot,
            ])
        gtk_box_append(
            unison_example_box(root),
            UI.box(GTK_ORIENTATION_HORIZONTAL, [UI.button("Play") { [unowned self] in play() }]))
        let plotArea = plot
        probe = AnimatableProperty(0.0, clock: context.clock) { [unowned self] value in
            record(value)
            tile.translation = CGPoint(x: 560 * value, y: 0)
            gtk_widget_queue_draw(plotArea)
        }
        animator = KeyframeAnimator(probe, timeline: Self.timeline)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let page = Unmanaged<TimelinePlotPage>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { page.drawPlot(cr!, Double(width), Double(height)) }
        }
        gtk_drawing_area_set_draw_func(
            unison_example_drawing_area(plot), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Records a presented frame at the frame clock's time (the time the engine presented it for).
    private func record(_ value: Double) {
        guard animator?.isPlaying == true, let frameClock = gtk_widget_get_frame_clock(plot) else { return }
        let frameTime = gdk_frame_clock_get_frame_time(frameClock)
        let first = firstFrameTime ?? frameTime
        firstFrameTime = first
        samples.append((Double(frameTime - first) / 1e6 * clock.timeScale, value, probe.velocity))
    }

    public func play() {
        samples.removeAll()
        firstFrameTime = nil
        animator.play()
    }

    public var isAtTarget: Bool { !animator.isPlaying && !probe.isAnimating }

    // MARK: Plot

    private func drawPlot(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let timeline = Self.timeline
        let span = timeline.duration
        let (left, right, top, bottom) = (40.0, width - 10, 12.0, height - 34)
        func x(_ t: Double) -> Double { left + (right - left) * t / span }
        func y(_ v: Double) -> Double { bottom - (v + 0.6) / 1.9 * (bottom - top) }
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.98)
        cairo_paint(cr)
        // Axes: value 0 and 1, and the keyframes' joins.
        cairo_set_line_width(cr, 1)
        cairo_set_source_rgb(cr, 0.8, 0.8, 0.8)
        for v in [0.0, 1.0] {
            cairo_move_to(cr, left, y(v))
            cairo_line_to(cr, right, y(v))
        }
        cairo_stroke(cr)
        let dashes = [4.0, 4.0]
        cairo_set_dash(cr, dashes, 2, 0)
        cairo_set_source_rgb(cr, 0.7, 0.7, 0.75)
        for t in Self.joins {
            cairo_move_to(cr, x(t), top)
            cairo_line_to(cr, x(t), bottom)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_font_size(cr, 11)
        let names = ["linear", "cubic", "cubic", "cubic", "move + spring"]
        var start = 0.0
        for (name, end) in zip(names, Self.joins) {
            cairo_move_to(cr, x(start) + 4, top + 10)
            cairo_show_text(cr, name)
            start = end
        }
        // The timeline's value (blue) and velocity (red, scaled to the value's range).
        let steps = 400
        let velocities = (0...steps).map { timeline.velocity(time: span * Double($0) / Double(steps)) }
        let peak = velocities.map(abs).max() ?? 1
        let velocityScale = peak > 0 ? 0.6 / peak : 1
        cairo_set_line_width(cr, 2)
        cairo_set_source_rgb(cr, 0.21, 0.47, 0.91)
        for i in 0...steps {
            let t = span * Double(i) / Double(steps)
            let point = (x(t), y(timeline.value(time: t)))
            if i == 0 { cairo_move_to(cr, point.0, point.1) } else { cairo_line_to(cr, point.0, point.1) }
        }
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.88, 0.24, 0.22)
        for (i, velocity) in velocities.enumerated() {
            let point = (x(span * Double(i) / Double(steps)), y(velocity * velocityScale))
            if i == 0 { cairo_move_to(cr, point.0, point.1) } else { cairo_line_to(cr, point.0, point.1) }
        }
        cairo_stroke(cr)
        // The frames presented: value (amber) and velocity (dark red), on the curves.
        for sample in samples where sample.time <= span {
            cairo_set_source_rgb(cr, 0.95, 0.65, 0.15)
            cairo_arc(cr, x(sample.time), y(sample.value), 3.5, 0, 2 * .pi)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.55, 0.1, 0.1)
            cairo_arc(cr, x(sample.time), y(sample.velocity * velocityScale), 2.5, 0, 2 * .pi)
            cairo_fill(cr)
        }
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3)
        cairo_move_to(cr, left, height - 18)
        cairo_show_text(
            cr,
            "value (blue) and velocity (red, ×\(String(format: "%.2f", velocityScale))) over \(String(format: "%.2f", span)) s; "
                + "frames presented (dots): \(samples.count)")
        cairo_move_to(cr, left, height - 4)
        cairo_show_text(cr, "0 s")
        cairo_move_to(cr, right - 40, height - 4)
        cairo_show_text(cr, String(format: "%.2f s", span))
    }
}
