import CUnisonGtkExamples
import Foundation
import Unison
import UnisonGtk

/// The gesture guide's pulsing heart (SwiftUI's `phaseAnimator([false, true])`): two phases,
/// each change animated with `.easeInOut(duration: 0.8)`, the next step starting when the
/// previous one's transaction completes. It loops without a timer.
@MainActor
public final class HeartPage: DemoPage {
    public let title = "Phases"
    public let root: UnsafeMutablePointer<GtkWidget>

    /// The heart's widget (a child of a `GtkFixed`: its scale is read back from its transform).
    public let heart: UnsafeMutablePointer<GtkWidget>
    /// The fixed the heart is in.
    public let scene: UnsafeMutablePointer<GtkWidget>
    public let widget: AnimatedWidget
    public private(set) var animator: PhaseAnimator<Bool>!
    /// The phases moved to, in order (each step's `content` call).
    public private(set) var begun: [Bool] = []
    /// The phases whose step completed, in order (each `onPhaseCompletion`).
    public private(set) var completed: [Bool] = []
    /// Called after each step's completion is recorded.
    public var onPhaseCompleted: (@MainActor (Bool) -> Void)?

    /// The seed's values: the heart's scale and opacity in each phase, and each step's animation.
    public static func scale(_ phase: Bool) -> Double { phase ? 1.2 : 1.0 }
    public static func opacity(_ phase: Bool) -> Double { phase ? 1.0 : 0.7 }
    public static let stepDuration = 0.8
    public static let heartSize: Int32 = 120

    private let status: UnsafeMutablePointer<GtkWidget>

    public init(context: DemoContext) {
        scene = UI.fixed(width: 640, height: 240)
        heart = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(unison_example_drawing_area(heart), Self.heartSize)
        gtk_drawing_area_set_content_height(unison_example_drawing_area(heart), Self.heartSize)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, _ in
            heartPath(cr!, Double(width), Double(height))
            cairo_set_source_rgb(cr, 0.93, 0.2, 0.3)
            cairo_fill(cr)
        }
        gtk_drawing_area_set_draw_func(unison_example_drawing_area(heart), draw, nil, nil)
        gtk_fixed_put(unison_example_fixed(scene), heart, 260, 60)
        widget = AnimatedWidget(heart, clock: context.clock)
        status = UI.label("")
        root = UI.box(
            GTK_ORIENTATION_VERTICAL, spacing: 10,
            [
                UI.label("Phases: the guide's pulsing heart, PhaseAnimator([false, true]) (no timers)", bold: true),
                scene, status,
            ])
        gtk_box_append(
            unison_example_box(root),
            UI.box(
                GTK_ORIENTATION_HORIZONTAL, spacing: 8,
                [
                    UI.button("Pulse") { [unowned self] in play() },
                    UI.button("Stop") { [unowned self] in stop() },
                    UI.button("Once (trigger)") { [unowned self] in animator.trigger() },
                ]))
        // Phase `false` is where the animator starts (it does not call `content` for it).
        widget.opacity = Self.opacity(false)
        let widget = self.widget
        animator = PhaseAnimator([false, true], clock: context.clock) { _ in
            .easeInOut(duration: HeartPage.stepDuration)
        } content: { [unowned self] phase in
            begun.append(phase)
            widget.scale = CGSize(width: Self.scale(phase), height: Self.scale(phase))
            widget.opacity = Self.opacity(phase)
            showStatus()
        }
        animator.onPhaseCompletion = { [unowned self] phase in
            completed.append(phase)
            showStatus()
            onPhaseCompleted?(phase)
        }
        showStatus()
    }

    private func showStatus() {
        let beats = completed.filter { $0 }.count
        gtk_label_set_text(
            unison_example_label(status),
            "steps begun \(begun.count), completed \(completed.count) (each exactly once); beats \(beats)")
    }

    public func play() { animator.start() }

    /// Stops cycling: the step under way finishes where it was going.
    public func stop() { animator.stop() }

    public var isAtTarget: Bool {
        !widget.scaleProperty.isAnimating && !widget.opacityProperty.isAnimating
    }
}

/// A heart filling `width × height`.
func heartPath(_ cr: OpaquePointer, _ w: Double, _ h: Double) {
    cairo_new_path(cr)
    cairo_move_to(cr, w * 0.5, h * 0.92)
    cairo_curve_to(cr, w * 0.12, h * 0.66, w * 0.0, h * 0.4, w * 0.08, h * 0.22)
    cairo_curve_to(cr, w * 0.17, h * 0.04, w * 0.42, h * 0.04, w * 0.5, h * 0.24)
    cairo_curve_to(cr, w * 0.58, h * 0.04, w * 0.83, h * 0.04, w * 0.92, h * 0.22)
    cairo_curve_to(cr, w * 1.0, h * 0.4, w * 0.88, h * 0.66, w * 0.5, h * 0.92)
    cairo_close_path(cr)
}
